"""Every shell command shown in README.md and docs/*.md runs as written, in a fresh scratch folder.

A reader copies the commands of a page into a terminal in order; so does this test, one page at a
time. What counts as a command:

- every line of a fenced block tagged ``sh``, ``bash``, ``shell`` or nothing at all; in a block tagged
  ``console`` only the lines starting with ``$ ``. Blocks with any other tag (``yaml``, ``text``,
  ``jinja``, ...) are not run, so printed output shown in a page must be tagged ``text``;
- a ``#`` that starts a word begins a comment (not part of the command); a line ending in ``\\``
  continues on the next;
- a block preceded by the line ``<!-- exit: N -->`` shows a failing command: each of its commands
  must exit with N. Every other command must exit 0. No command may print a Python traceback.

A page's commands share one scratch folder (so ``pnp examples copy`` then ``pnp build
cardspecs/cave`` works) and run through bash, with the folder of this test's Python (the virtual
environment's bin, where ``pnp`` is installed) first on PATH. A command that is a plain ``pnp …``
(no shell at work in it: no ``&&``, pipe, redirection, variable or ``cd``) runs the same command-line
app in this process instead, in the scratch folder: a new Python for each of some sixty commands
spent half the module's time starting up. The installed ``pnp`` itself is run by ``pnp watch``
here, by `tests/test_first_run.py` and by `.ci/wheel-smoke`.

What cannot run as written:

- ``pip install ...``: installing is what .ci/run does before the tests, so such a line is skipped;
  the README's two install commands are checked word for word instead.
- ``python -m pytest ...``: the suite would run itself; skipped.
- ``pnp watch ...`` never ends on its own: it runs until it has printed its "watching" line and the
  result of its first build, then gets Ctrl-C (SIGINT) and must stop cleanly with exit code 0.
- a command naming a file of the checkout (``python benchmarks/...``) runs in the checkout, as a
  contributor would run it; the benchmark writes only to a temporary folder of its own.

Keep what a page shows quick (this whole module should take well under a minute on the development
machine): a page wanting a big run, a long benchmark or a long simulation, shows a small one.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_INSTALL = ['pip install -e . && pnp build', 'pip install -e ".[test]" && python -m pytest']

SHELL_TAGS = {"", "sh", "bash", "shell", "console"}
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*?)\s*$")
EXIT_MARK = re.compile(r"^\s*<!--\s*exit:\s*(\d+)\s*-->\s*$")
TIMEOUT = 120          # seconds for one command before it counts as hung
WATCH_TIMEOUT = 60     # seconds for `pnp watch` to report its first build
STOP_TIMEOUT = 30      # seconds for `pnp watch` to stop after Ctrl-C (hang guards: far above the real figures)
OUTPUT_TAIL = 30       # lines of a failing command's output quoted in the failure


@dataclass(frozen=True)
class Command:
    page: Path
    line: int
    text: str
    exit_code: int = 0

    def where(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        return f"{page}:{self.line}"


# ----------------------------------------------------------------------------- reading pages

def strip_comment(line: str) -> str:
    """The line without a shell comment: a `#` outside quotes at the start of a word begins one."""
    quote = None
    escaped = False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def block_commands(page: Path, body: list[tuple[int, str]], console: bool, exit_code: int) -> list[Command]:
    """The commands of one shell block: comments dropped, `\\` continuations joined."""
    out: list[Command] = []
    pending: tuple[int, str] | None = None
    for number, raw in body:
        line = raw.strip()
        if pending is None:
            if console:
                if not line.startswith("$ "):
                    continue   # output shown after a prompt
                line = line[2:].strip()
            if not line or line.startswith("#"):
                continue
            start, text = number, ""
        else:
            start, text = pending
        if line.endswith("\\"):
            pending = (start, text + line[:-1].rstrip() + " ")
            continue
        pending = None
        command = strip_comment(text + line)
        if command:
            out.append(Command(page, start, command, exit_code))
    if pending is not None:
        out.append(Command(page, pending[0], strip_comment(pending[1]), exit_code))
    return out


def page_commands(page: Path) -> list[Command]:
    """Every shell command of a Markdown page, in order, with the exit code its block expects."""
    lines = page.read_text(encoding="utf-8").splitlines()
    out: list[Command] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        tag = opening["info"].split()[0].lower() if opening["info"] else ""
        previous = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        mark = EXIT_MARK.match(previous)
        body = []
        j = i + 1
        while j < len(lines):
            closing = FENCE.match(lines[j])
            if closing and closing["fence"][0] == fence[0] and len(closing["fence"]) >= len(fence) and not closing["info"]:
                break
            body.append((j + 1, lines[j][indent:] if lines[j][:indent].isspace() else lines[j]))
            j += 1
        if tag in SHELL_TAGS:
            out += block_commands(page, body, tag == "console", int(mark[1]) if mark else 0)
        i = j + 1
    return out


# ----------------------------------------------------------------------------- running commands

def words(command: Command) -> list[str]:
    """The command's words without leading VAR=value assignments."""
    try:
        parts = shlex.split(command.text)
    except ValueError:   # unbalanced quotes: bash will say so when it runs
        parts = command.text.split()
    while parts and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", parts[0]):
        parts.pop(0)
    return parts


def skip_reason(argv: list[str]) -> str | None:
    """Why a command is not run here (see the module docstring), or None."""
    joined = " ".join(argv)
    if re.search(r"(^|\s)pip3? install\b|-m pip install\b", joined):
        return "pip install: .ci/run installs before the tests run"
    if re.search(r"(^|\s)(-m )?pytest\b", joined):
        return "pytest: the suite cannot run itself"
    return None


def shell_env() -> dict[str, str]:
    bin_dir = Path(sys.executable).parent
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", NO_COLOR="1", COLUMNS="100")
    env.pop("PNP_FUZZ_EXAMPLES", None)
    return env


def tail(output: str) -> str:
    lines = output.rstrip().splitlines()
    shown = lines[-OUTPUT_TAIL:]
    return "\n".join(["    …"] * (len(lines) > OUTPUT_TAIL) + [f"    {line}" for line in shown]) or "    (no output)"


SHELL_AT_WORK = re.compile(r"[|&;<>$`()\\]|(^|\s)cd\s")


def in_process(argv: list[str], command: Command) -> bool:
    """A plain `pnp …` the command-line app can run here (see the module docstring)."""
    return argv[:1] == ["pnp"] and not SHELL_AT_WORK.search(command.text) and words(command) == shlex.split(command.text)


def run_here(command: Command, argv: list[str], cwd: Path, env: dict) -> str | None:
    """`pnp ARGS` through the command-line app in this process, in `cwd`; as `run_command`."""
    import traceback

    from typer.testing import CliRunner

    from pnp import cli

    cli._register_commands()
    before = Path.cwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli.app, argv[1:], env={k: env[k] for k in ("NO_COLOR", "COLUMNS")})
    finally:
        os.chdir(before)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        output += "".join(traceback.format_exception(result.exception))
    problems = []
    if result.exit_code != command.exit_code:
        problems.append(f"exited {result.exit_code}, the page expects {command.exit_code}")
    if "Traceback (most recent call last)" in output:
        problems.append("printed a Python traceback")
    return f"{'; '.join(problems)}\n{tail(output)}" if problems else None


def run_command(command: Command, cwd: Path, env: dict) -> str | None:
    """Run one command; None when it did what the page says, else what went wrong."""
    try:
        done = subprocess.run(["bash", "-o", "pipefail", "-c", command.text], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"did not finish within {TIMEOUT} s"
    problems = []
    if done.returncode != command.exit_code:
        problems.append(f"exited {done.returncode}, the page expects {command.exit_code}")
    if "Traceback (most recent call last)" in done.stdout:
        problems.append("printed a Python traceback")
    return f"{'; '.join(problems)}\n{tail(done.stdout)}" if problems else None


def run_watch(command: Command, argv: list[str], cwd: Path, env: dict) -> str | None:
    """`pnp watch`: wait for its ready line and first build, then Ctrl-C; it must stop cleanly."""
    exe = shutil.which(argv[0], path=env["PATH"])
    if exe is None:
        return f"{argv[0]} is not on PATH"
    proc = subprocess.Popen([exe, *argv[1:]], cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()

    def started() -> bool:
        ready = next((i for i, line in enumerate(lines) if line.startswith("watching ")), None)
        return ready is not None and any("✓" in line or "✗" in line for line in lines[ready + 1:])

    deadline = time.monotonic() + WATCH_TIMEOUT
    while time.monotonic() < deadline and proc.poll() is None and not started():
        time.sleep(0.1)
    ready = started()
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    try:
        code = proc.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = proc.wait()
        reader.join(5)
        return f"did not stop within {STOP_TIMEOUT} s of Ctrl-C\n{tail(''.join(lines))}"
    reader.join(5)
    output = "".join(lines)
    problems = []
    if not ready:
        problems.append(f"did not print its 'watching …' line and a first build within {WATCH_TIMEOUT} s")
    if not any("✓" in line for line in lines):
        problems.append("its first build did not succeed")
    if code != command.exit_code:
        problems.append(f"exited {code} after Ctrl-C, the page expects {command.exit_code}")
    if "Traceback (most recent call last)" in output:
        problems.append("printed a Python traceback")
    return f"{'; '.join(problems)}\n{tail(output)}" if problems else None


# ----------------------------------------------------------------------------- the tests

RUNNABLE = [page for page in PAGES if page_commands(page)]


@pytest.mark.parametrize("page", RUNNABLE, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_on_the_page_runs(page: Path, tmp_path: Path):
    env = shell_env()
    assert shutil.which("pnp", path=env["PATH"]), f"no `pnp` beside {sys.executable}: install pnp into this environment"
    failures, ran = [], 0
    for command in page_commands(page):
        argv = words(command)
        if skip_reason(argv):
            continue
        cwd = ROOT if any(w.startswith("benchmarks/") for w in argv) else tmp_path
        if argv[:2] == ["pnp", "watch"]:
            problem = run_watch(command, argv, cwd, env)
        elif in_process(argv, command):
            problem = run_here(command, argv, cwd, env)
        else:
            problem = run_command(command, cwd, env)
        ran += 1
        if problem:
            failures.append(f"{command.where()}: `{command.text}` {problem}")
    if failures:
        pytest.fail(f"{len(failures)} of {ran} commands shown in {page.relative_to(ROOT)} failed "
                    f"(run in order in {tmp_path}):\n\n" + "\n\n".join(failures), pytrace=False)


def test_readme_opens_with_the_install_commands():
    shown = [c.text for c in page_commands(ROOT / "README.md")[:2]]
    assert shown == README_INSTALL, "README.md must open with these two commands, exactly as written"


def test_commands_are_read_from_the_blocks_a_reader_would_type(tmp_path: Path):
    page = tmp_path / "page.md"
    page.write_text(
        "Intro `pnp inline` is not a block.\n"
        "```\n"
        "pnp build   # a comment\n"
        "# a whole-line comment\n"
        "\n"
        "pnp build cardspecs/cave \\\n"
        "    --paper letter\n"
        "```\n"
        "```yaml\n"
        "kind: deck\n"
        "```\n"
        "```text\n"
        "cards.yaml:1:1: an error shown as output\n"
        "```\n"
        "<!-- exit: 2 -->\n"
        "\n"
        "```sh\n"
        "pnp validate broken   # fails\n"
        "```\n"
        "- a list item:\n"
        "\n"
        "  ```console\n"
        "  $ X=1 python -m pytest -k '#not a comment'\n"
        "  output line\n"
        "  ```\n"
        "```bash\n"
        "echo 'a # kept' \"and # kept\"\n"
        "```\n", encoding="utf-8")
    got = [(c.line, c.text, c.exit_code) for c in page_commands(page)]
    assert got == [
        (3, "pnp build", 0),
        (6, "pnp build cardspecs/cave --paper letter", 0),
        (18, "pnp validate broken", 2),
        (23, "X=1 python -m pytest -k '#not a comment'", 0),
        (27, "echo 'a # kept' \"and # kept\"", 0),
    ]
    assert skip_reason(words(page_commands(page)[3])) is not None
    assert skip_reason(["pnp", "build"]) is None


def test_a_command_that_fails_is_reported_unless_the_page_expects_it(tmp_path: Path):
    page = tmp_path / "page.md"
    page.write_text("```\npnp validate no-such-game\n```\n<!-- exit: 2 -->\n```\npnp validate no-such-game\n```\n",
                    encoding="utf-8")
    unexpected, expected = page_commands(page)
    argv = words(unexpected)
    assert in_process(argv, unexpected)
    for problem in (run_command(unexpected, tmp_path, shell_env()), run_here(unexpected, argv, tmp_path, shell_env())):
        assert problem is not None and "exited 2, the page expects 0" in problem and "no-such-game" in problem
    assert unexpected.where().endswith("page.md:2")
    assert run_command(expected, tmp_path, shell_env()) is None
    assert run_here(expected, argv, tmp_path, shell_env()) is None


def test_a_command_that_raises_in_process_is_reported_with_its_traceback(tmp_path: Path, monkeypatch):
    import pnp.validate_game

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(pnp.validate_game, "validate_game", broken)
    (command,) = block_commands(tmp_path / "page.md", [(1, "pnp validate x")], False, 0)
    problem = run_here(command, words(command), tmp_path, shell_env())
    assert problem is not None and "printed a Python traceback" in problem and "a bug" in problem


def test_only_a_plain_pnp_command_runs_in_process():
    def plain(text: str) -> bool:
        (command,) = block_commands(ROOT / "page.md", [(1, text)], False, 0)
        return in_process(words(command), command)

    assert plain("pnp build cardspecs/cave --format pdf,svg") and plain("pnp validate 'my game'")
    assert not any(plain(t) for t in ("cd x && pnp build", "pnp build > log", "pnp icons | head", "X=1 pnp build",
                                      "pnp build $GAME", "python benchmarks/deck.py 540"))
