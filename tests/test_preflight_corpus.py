"""`pnp preflight` against a corpus it did not write (tests/preflight_corpus.py): over forty PDFs with
one defect each, made with pikepdf, reportlab, Ghostscript and cairo, each rejected for its own
defect and for nothing else; good PDF/X files from those producers accepted; and hostile files
(a colour space based on itself, a 3,000-deep chain, a 40 kB page that inflates to 20 million
operators, a form that draws itself 1,000 times, a 56-megapixel picture drawn 100 times) each answered
in a child process held to 500 MB and 10 s, with the work counted."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from pnp.printshop.preflight import Unreadable, preflight_file, summarise
from pnp.printshop.profiles import SHOPS

sys.path.insert(0, str(Path(__file__).parent))
import preflight_corpus  # noqa: E402 — the generator lives beside the tests

# the one-defect files issue 49 found passing before preflight read everything
ONCE_PASSING = ("rgb-gradient-pattern", "rgb-tiling-pattern", "lab-fill", "spot-rgb-alternate", "rgb-annotation",
                "rgb-type3-glyph", "ink-scn", "ink-cmyk-shading", "ink-16-bit-image")


@pytest.fixture(scope="session")
def corpus(tmp_path_factory):
    return preflight_corpus.build(tmp_path_factory.mktemp("corpus"))


def verdict(case) -> tuple[list[str], list[str]]:
    """(the problems that reject it, the warnings)."""
    try:
        findings = preflight_file(case.path, SHOPS[case.shop])
    except Unreadable as e:
        return [str(e)], []
    return summarise([f for f in findings if f.rejects]), summarise([f for f in findings if not f.rejects])


def test_the_corpus_is_large_and_from_other_producers(corpus):
    defects, goods = corpus
    assert len(defects) >= 40 and len(goods) >= 10
    assert {"pikepdf", "reportlab", "ghostscript"} <= {c.maker for c in defects}
    assert {"pikepdf", "reportlab", "ghostscript"} <= {c.maker for c in goods}
    assert set(ONCE_PASSING) <= {c.name for c in defects}


def test_every_defect_is_rejected_for_its_own_reason_alone(corpus):
    defects, _ = corpus
    wrong = {}
    for case in defects:
        rejects, _warnings = verdict(case)
        if len(rejects) != 1 or case.reason not in rejects[0]:
            wrong[case.name] = rejects
    assert not wrong, wrong


def test_every_good_file_passes(corpus):
    _, goods = corpus
    refused = {case.name: verdict(case)[0] for case in goods if verdict(case)[0]}
    assert not refused, refused


def test_a_spot_colour_with_a_cmyk_alternate_is_a_warning_only(corpus):
    _, goods = corpus
    case = next(c for c in goods if c.name == "x4-spot-gradient-16-bit")
    rejects, warnings = verdict(case)
    assert not rejects
    assert any("a spot colour (Gold): any print shop taking PDF/X-4 prints it through its CMYK alternate" in w
               for w in warnings), warnings


def test_the_cli_says_damaged_first_and_exits_by_the_worst(corpus):
    from typer.testing import CliRunner

    from pnp import cli

    defects, goods = corpus
    by_name = {c.name: c for c in defects + goods}
    cli._register_commands()
    result = CliRunner().invoke(cli.app, ["preflight", "--shop", "drivethrucards", str(by_name["truncated"].path)])
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 1 and "the file is damaged" in lines[0] and "GTS_PDFX" not in result.output
    result = CliRunner().invoke(cli.app, ["preflight", "--shop", "drivethrucards", str(by_name["cut-in-half"].path)])
    assert result.exit_code == 2 and "is damaged beyond repair" in result.output and "Traceback" not in result.output


CHILD = """
import json, resource, sys
limit = 1536 * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from pnp.printshop.preflight import summarise
from pnp.printshop.preflight.limits import Budget
from pnp.printshop.profiles import SHOPS
from pathlib import Path
from pnp.printshop.preflight import preflight
budget = Budget()
findings = preflight(Path(sys.argv[1]).read_bytes(), SHOPS["drivethrucards"], budget)
# the peak of this program's own memory: VmHWM belongs to the memory map exec made. (The rusage of a spawned
# child starts from its parent's peak, the test process's, which a build earlier in the same worker raises.)
status = Path("/proc/self/status")
hwm = next((int(line.split()[1]) for line in status.read_text().splitlines() if line.startswith("VmHWM:")), None) \
    if status.exists() else None
print(json.dumps({"lines": summarise(findings), "pixels": budget.pixels, "operators": budget.operators,
                  "peak_kb": hwm}))
"""


def run_child(path: Path) -> tuple[dict, float, float]:
    """Preflight `path` for DriveThruCards in a child process held to 1.5 GB of address space:
    (its answer and counted work, its peak resident memory in MB, its processor seconds)."""
    pid = os.posix_spawn(sys.executable, [sys.executable, "-c", CHILD, str(path)], os.environ,
                         file_actions=[(os.POSIX_SPAWN_OPEN, 1, str(path) + ".json", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)])
    _, status, usage = os.wait4(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    answer = json.loads(Path(str(path) + ".json").read_text())
    peak_kb = answer.get("peak_kb") or usage.ru_maxrss
    return answer, peak_kb / 1024, usage.ru_utime + usage.ru_stime


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    return {"deep": preflight_corpus.deep_chain(folder), "inflating": preflight_corpus.inflating(folder),
            "huge": preflight_corpus.huge_picture(folder)}


def test_a_chain_of_3000_colour_spaces_is_one_message(hostile, corpus):
    answer, megabytes, seconds = run_child(hostile["deep"])
    assert megabytes < 500 and seconds < 30
    assert any("colour spaces nested more than 32 deep" in line for line in answer["lines"]), answer


def test_a_page_that_inflates_to_20_million_operators_stops_at_the_budget(hostile):
    from pnp.printshop.preflight.limits import MAX_OPERATORS

    import pikepdf

    with pikepdf.open(hostile["inflating"]) as pdf:
        assert len(pdf.pages[0].obj.Contents.read_raw_bytes()) < 60_000    # tens of kilobytes, 40 MB inflated
    answer, megabytes, seconds = run_child(hostile["inflating"])
    assert megabytes < 500 and seconds < 30, (megabytes, seconds)
    assert answer["lines"][-1] == (f"stopped: more than {MAX_OPERATORS:,} drawing operators: too much to check in "
                                   "full (export the pages in several files)")
    assert answer["operators"] == MAX_OPERATORS + 1   # refused before a single one was parsed


def test_a_form_that_draws_itself_is_read_once(corpus):
    defects, _ = corpus
    case = next(c for c in defects if c.name == "form-draws-itself")
    answer, megabytes, seconds = run_child(case.path)
    assert megabytes < 500 and seconds < 30
    assert answer["operators"] == 1 + 1 + 1000       # the page, its Do, and the form's thousand, each read once
    assert any("a form that draws itself" in line and "999 more like it" in line for line in answer["lines"]), answer


def test_a_huge_picture_drawn_100_times_is_decoded_once(hostile):
    answer, megabytes, seconds = run_child(hostile["huge"])
    assert megabytes < 500 and seconds < 30, (megabytes, seconds)
    assert answer["pixels"] == 8000 * 7000            # 56 million: once, not a hundred times
    assert any("image Big has pixels of 330 % total ink" in line for line in answer["lines"]), answer


def test_a_colour_space_based_on_itself(corpus):
    defects, _ = corpus
    case = next(c for c in defects if c.name == "space-based-on-itself")
    answer, megabytes, seconds = run_child(case.path)
    assert megabytes < 500 and seconds < 30
    assert any("a colour space based on itself" in line for line in answer["lines"])


def test_a_long_page_in_ascii85_and_flate_is_read_in_full(tmp_path):
    """reportlab (and pnp's home writer) wrap each page in ASCII85 over Flate: that chain is undone
    piece by piece, not refused for what Flate could in theory grow to."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.printshop.preflight import preflight
    from pnp.printshop.preflight.limits import Budget

    path = tmp_path / "long.pdf"
    c = Canvas(str(path), pagesize=preflight_corpus.MEDIA, invariant=1, pageCompression=1)
    c.setTrimBox(preflight_corpus.TRIM)
    c.setBleedBox((0, 0, *preflight_corpus.MEDIA))
    for i in range(30_000):
        c.setFillColorCMYK((i % 7) / 10, (i % 11) / 20, 0, 0.5)
        c.rect(i % 180, (i * 7) % 250, 3 + i % 5, 2 + i % 3, fill=1, stroke=0)
    c.showPage()
    c.save()
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        contents = pdf.pages[0].obj.Contents
        assert [str(f) for f in contents.Filter] == ["/ASCII85Decode", "/FlateDecode"]
        assert len(contents.read_raw_bytes()) * 1032 > 48 << 20     # refused by a worst-case bound
        preflight_corpus.mark(pdf)
        preflight_corpus.save(pdf, path)
    budget = Budget()
    findings = preflight(path.read_bytes(), SHOPS["drivethrucards"], budget)
    assert not [f for f in findings if f.rejects], summarise(findings)
    assert budget.operators >= 30_000 * 3


def test_mangled_files_get_a_verdict_never_a_traceback(corpus):
    """Files of the corpus with entries of the wrong type or size and junk in their pages: each gets
    findings (or is unreadable), in words, and nothing escapes as a Python error."""
    import random

    from pnp.printshop.preflight import preflight

    defects, goods = corpus
    rng = random.Random(5)
    verdicts = 0
    for case in (defects + goods)[::4]:
        if case.maker != "pikepdf" and case.maker != "reportlab":
            continue
        for _ in range(6):
            data = preflight_corpus.mangled(case.path, rng)
            try:
                findings = preflight(data, SHOPS[case.shop])
            except Unreadable as e:
                assert "damaged" in str(e) or "not a PDF" in str(e)
                continue
            for line in summarise(findings):
                assert "Error" not in line and "pikepdf" not in line and "Traceback" not in line, line
            verdicts += 1
    assert verdicts >= 50


def ghostscript_most_ink(path: Path, dpi: int = 72) -> float:
    """The most ink (per cent) at any pixel of the first page as Ghostscript separates it: the RIP's
    own reading of pictures, gradients, spot alternates and JPEGs, to hold preflight's figures to."""
    import subprocess

    import numpy as np
    from PIL import Image

    tif = path.with_suffix(".gs.tif")
    subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dFirstPage=1", "-dLastPage=1",
                    "-sDEVICE=tiff32nc", f"-r{dpi}", "-o", str(tif), str(path)], check=True, capture_output=True)
    with Image.open(tif) as picture:
        return float(np.asarray(picture, dtype=np.uint16).sum(axis=-1).max()) / 255 * 100


INKY = ("ink-scn", "ink-cmyk-shading", "ink-16-bit-image", "ink-8-bit-image", "ink-1-bit-image", "ink-cmyk-jpeg",
        "ink-spot-calculator", "ink-spot-sampled", "ink-separation-image", "registration-colour")


def test_the_ink_preflight_reports_is_the_ink_ghostscript_separates(corpus):
    import re

    defects, goods = corpus
    by_name = {c.name: c for c in defects}
    for name in INKY:
        case = by_name[name]
        said = re.search(r"(\d+) % total ink", verdict(case)[0][0])
        assert said, (name, verdict(case))
        assert abs(int(said.group(1)) - ghostscript_most_ink(case.path)) <= 3, name
    for case in goods:
        limit = SHOPS[case.shop].ink_limit
        assert ghostscript_most_ink(case.path) <= limit + 1, case.name
