"""`pnp release` against the same files made one command at a time, and the cost of a game's editions.

    python benchmarks/release.py            # the editions starter (four editions)

Runs, each as its own `pnp` process in a fresh folder, and prints wall and processor seconds:

- release: `pnp release` of the editions starter (release: shops [pdfx4], tables [tts, cgs]);
- one by one: the builds that release makes, as a publisher would run them: `pnp build --paper a4`,
  `pnp build --paper letter`, `pnp build --shop pdfx4`, `pnp export tts`, `pnp export cgs` and
  `pnp showcase`, each for every edition;
- validate and check of all four editions against the source edition alone (`--lang en`).

The targets (docs/release.md): release ≤ 0.7 × one by one; all editions ≤ 2 × the source edition.
Processor seconds count the commands' own processes and their workers (RUSAGE_CHILDREN).
"""
from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RELEASE = "release:\n  shops: [pdfx4]\n  tables: [tts, cgs]\n"


def run(*args: str, cwd: Path) -> tuple[float, float]:
    """(wall seconds, processor seconds) of one `pnp` command, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"pnp {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def total(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(w for w, _ in runs), sum(c for _, c in runs)


def main() -> None:
    from pnp.scaffold import create

    root = Path(tempfile.mkdtemp(prefix="pnp-bench-release-"))
    try:
        create("lantern", root, template="editions")
        with (root / "lantern" / "game.yaml").open("a", encoding="utf-8") as f:
            f.write("\n" + RELEASE)
        release = run("release", "lantern", "--out", "rel", "-q", cwd=root)
        one_by_one = total([
            run("build", "lantern", "--paper", "a4", "--out", "a4", "-q", cwd=root),
            run("build", "lantern", "--paper", "letter", "--out", "letter", "-q", cwd=root),
            run("build", "lantern", "--shop", "pdfx4", "--out", "shop", "-q", cwd=root),
            run("export", "tts", "lantern", "--out", "tables", "-q", cwd=root),
            run("export", "cgs", "lantern", "--out", "tables", "-q", cwd=root),
            run("showcase", "lantern", "--out", "pictures", "-q", cwd=root),
        ])
        print(f"release       wall {release[0]:6.1f} s  cpu {release[1]:6.1f} s")
        print(f"one by one    wall {one_by_one[0]:6.1f} s  cpu {one_by_one[1]:6.1f} s")
        print(f"release / one by one: wall {release[0] / one_by_one[0]:.2f}x  cpu {release[1] / one_by_one[1]:.2f}x"
              f"  (target <= 0.7x)")
        for command in ("validate", "check"):
            source = run(command, "lantern", "--lang", "en", cwd=root)
            every = run(command, "lantern", cwd=root)
            print(f"{command:9} en {source[0]:5.1f} s wall {source[1]:5.1f} s cpu; all four {every[0]:5.1f} s wall "
                  f"{every[1]:5.1f} s cpu: {every[0] / source[0]:.2f}x wall, {every[1] / source[1]:.2f}x cpu "
                  f"(target <= 2x)")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
