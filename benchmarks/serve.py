"""Benchmark: how long `pnp serve` takes from a save to a new picture on its page.

    python benchmarks/serve.py [GAME] [ROUNDS]

copies a bundled game (default blorg) to a temporary folder, starts `pnp serve` on it, waits
for the first build's pictures, then saves a one-word change to a card's text ROUNDS times
(default 5). For each save it follows `/state?after=N` as the page does (a long poll the
server answers at each new version), and notes when a picture of the changed card first
appears (`picture`) and when every file is drawn again, rulebook included (`all`). It
prints one line:

    serve game=blorg save_to_picture_s=M save_to_all_s=N rounds=R

(medians). The goal (issue 18) is under one second from save to picture.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

EDITS = {"blorg": ("name: Barn\n", "name: Barns\n"), "cave": ("note: A faint tremor.", "note: A faint rumble."),
         "blob": None, "miskatonic": None}


def state(url: str, after: int | None = None) -> dict:
    query = "" if after is None else f"?after={after}"
    with urllib.request.urlopen(url + "state" + query, timeout=30) as answer:
        return json.loads(answer.read())


def follow(url: str, check, seconds: float = 120.0) -> dict:
    """The first state that passes `check`, waiting for each new version as the page does."""
    end = time.monotonic() + seconds
    s = state(url)
    while not check(s):
        if time.monotonic() > end:
            sys.exit("gave up waiting")
        s = state(url, s["version"])
    return s


def pictures(s: dict) -> dict[str, tuple[str, ...]]:
    return {f["file"]: tuple(p["id"] for p in f["pictures"]) for f in s["files"]}


def settled(s: dict) -> bool:
    return s["builds"] >= 1 and not s["errors"] and all(f["pictures"] and not f["drawing"] for f in s["files"])


def wait(check, seconds: float = 120.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.01)
    sys.exit("gave up waiting")


def main() -> None:
    from pnp.paths import EXAMPLES

    game = sys.argv[1] if len(sys.argv) > 1 else "blorg"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    edit = EDITS.get(game)
    if not edit:
        sys.exit(f"no edit known for {game}: one of " + ", ".join(g for g, e in EDITS.items() if e))
    with tempfile.TemporaryDirectory() as root:
        folder = Path(shutil.copytree(EXAMPLES / game, Path(root) / game))
        spec = folder / ("cards.yaml")
        log = open(Path(root) / "serve.log", "w+")
        proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", game, "--port", "0", "--out", "out", "-q"],
                                cwd=root, stdout=log, stderr=subprocess.STDOUT)
        try:
            port = wait(lambda: re.search(r"127\.0\.0\.1:(\d+)/", (Path(root) / "serve.log").read_text())).group(1)
            url = f"http://127.0.0.1:{port}/"
            follow(url, settled)
            to_picture, to_all = [], []
            for n in range(rounds):
                old, new = edit if n % 2 == 0 else edit[::-1]
                before = pictures(state(url))
                text = spec.read_text()
                saved = time.monotonic()
                spec.write_text(text.replace(old, new, 1))
                os.utime(spec)  # a new mtime even within the file system's clock step
                follow(url, lambda s: any(set(ids) - set(before.get(f, ())) for f, ids in pictures(s).items()))
                to_picture.append(time.monotonic() - saved)
                follow(url, lambda s: settled(s) and pictures(s) != before)
                to_all.append(time.monotonic() - saved)
                time.sleep(0.5)
        finally:
            proc.terminate()
            proc.wait(20)
            log.close()
    print(f"serve game={game} save_to_picture_s={statistics.median(to_picture):.2f} "
          f"save_to_all_s={statistics.median(to_all):.2f} rounds={rounds}")


if __name__ == "__main__":
    main()
