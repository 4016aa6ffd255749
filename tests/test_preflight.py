"""`pnp preflight FILE… [--shop NAME]`: PDFs checked against a print shop's rules, pnp's or anybody's.

Each faulty file here is made with reportlab or pikepdf to break exactly one rule, at a known place on
a known page, and the report must name that rule, page and place; a file that breaks none passes.
"""
from __future__ import annotations

import io
import zlib
from pathlib import Path

import pikepdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.paths import EXAMPLES

MM = 72 / 25.4


def run(*args) -> tuple[int, str]:
    from typer.testing import CliRunner

    from pnp import cli

    cli._register_commands()
    result = CliRunner().invoke(cli.app, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, " ".join(result.output.split())


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    """pnp's own PDF/X-4 file of the cave deck: the file every fault below is made from."""
    out = tmp_path_factory.mktemp("pf")
    assert run("build", EXAMPLES / "cave", "--shop", "pdfx4", "--out", out, "-q")[0] == 0
    return out / "cave" / "shop" / "pdfx4" / "cave.pdf"


def altered(good: Path, tmp_path: Path, change) -> Path:
    with pikepdf.open(good) as pdf:
        change(pdf)
        path = tmp_path / "altered.pdf"
        pdf.save(path)
    return path


def card(path: Path, draw, size=(69 * MM, 94 * MM), font=None) -> Path:
    """A one-page reportlab PDF with TrimBox and BleedBox (3 mm bleed), drawn by `draw(canvas)`."""
    c = Canvas(str(path), pagesize=size, invariant=1, **({"initialFontName": font} if font else {}))
    c.setTrimBox((3 * MM, 3 * MM, size[0] - 3 * MM, size[1] - 3 * MM))
    c.setBleedBox((0, 0, size[0], size[1]))
    draw(c)
    c.showPage()
    c.save()
    return path


def test_pnps_shop_file_passes(good):
    code, text = run("preflight", good)
    assert code == 0 and "passes" in text


def test_an_rgb_colour_is_reported_with_its_page_and_place(good, tmp_path):
    def paint_rgb(pdf):
        page = pdf.pages[2]
        page.contents_add(pdf.make_stream(b"q 1 0 0 rg 20 30 10 10 re f Q"), prepend=False)

    path = altered(good, tmp_path, paint_rgb)
    code, text = run("preflight", path)
    assert code == 1
    height = 94 * MM  # pnp's 63 x 88 mm card with a 1/8 in bleed on every side
    with pikepdf.open(path) as pdf:
        height = float(pdf.pages[2].MediaBox[3])
    top = (height - 30) / MM
    assert f"page 3, {20 / MM:.1f} mm from the left, {top:.1f} mm from the top: an RGB fill colour" in text
    assert "would reject it (1 problem)" in text


def test_ink_over_the_limit_is_reported(tmp_path):
    path = card(tmp_path / "ink.pdf", lambda c: (c.setFillColorCMYK(1, 1, 1, 1), c.rect(10 * MM, 20 * MM, 5 * MM, 5 * MM, fill=1)))
    code, text = run("preflight", path, "--shop", "pdfx4")
    assert code == 1
    assert f"page 1, 10.0 mm from the left, {94 - 20:.1f} mm from the top: a colour of 400 % total ink (CMYK 100 100 100 100)" in text
    assert "allows 300 %" in text


def test_a_cmyk_image_with_too_much_ink_and_too_few_pixels(good, tmp_path):
    def add_image(pdf):
        raw = bytes([255, 255, 255, 255]) * 16
        image = pdf.make_stream(zlib.compress(raw))
        image.Type, image.Subtype, image.Width, image.Height = pikepdf.Name.XObject, pikepdf.Name.Image, 4, 4
        image.ColorSpace, image.BitsPerComponent, image.Filter = pikepdf.Name.DeviceCMYK, 8, pikepdf.Name.FlateDecode
        page = pdf.pages[0]
        page.Resources.XObject.Dark = image
        page.contents_add(pdf.make_stream(b"q 72 0 0 72 20 20 cm /Dark Do Q"), prepend=False)

    code, text = run("preflight", altered(good, tmp_path, add_image))
    assert code == 1
    assert "image Dark has pixels of 400 % total ink" in text
    assert "image Dark prints at 4 ppi where it is placed" in text


def test_transparency_fails_pdfx1a_but_not_pdfx4(tmp_path):
    def see_through(c):
        c.setFillAlpha(0.5)
        c.setFillColorCMYK(0, 1, 0, 0)
        c.rect(10 * MM, 10 * MM, 20 * MM, 20 * MM, fill=1)

    path = card(tmp_path / "alpha.pdf", see_through)
    code, text = run("preflight", path, "--shop", "printninja")
    assert code == 1 and "transparency" in text and "PDF/X-1a forbids it" in text
    code, text = run("preflight", path, "--shop", "pdfx4")
    assert "forbids" not in text and "transparency (" not in text


def test_a_font_not_embedded(tmp_path):
    def words(c):
        c.setFont("Helvetica", 12)
        c.setFillColorCMYK(0, 0, 0, 1)
        c.drawString(10 * MM, 50 * MM, "Hello")

    code, text = run("preflight", card(tmp_path / "font.pdf", words), "--shop", "pdfx4")
    assert code == 1 and "the font Helvetica is not embedded" in text and "page 1, 10.0 mm from the left" in text


def test_bleed_boxes_and_markers(tmp_path):
    bare = tmp_path / "bare.pdf"
    c = Canvas(str(bare), pagesize=(63 * MM, 88 * MM), invariant=1)
    c.setFillColorCMYK(0, 0, 0, 1)
    c.rect(0, 0, 10, 10, fill=1)
    c.showPage()
    c.save()
    code, text = run("preflight", bare, "--shop", "drivethrucards")
    assert code == 1
    for reason in ("not a PDF/X file (no GTS_PDFXVersion): DriveThruCards asks for PDF/X-1a:2003",
                   "no PDF/X output intent", "page 1: no TrimBox"):
        assert reason in text, reason
    thin = card(tmp_path / "thin.pdf", lambda c: None, size=(65 * MM, 90 * MM))  # 63 x 84 trim, 1 mm bleed
    with pikepdf.open(thin, allow_overwriting_input=True) as pdf:
        pdf.pages[0].TrimBox = pikepdf.Array([1 * MM, 1 * MM, 64 * MM, 89 * MM])
        pdf.save(thin)
    code, text = run("preflight", thin, "--shop", "drivethrucards")
    assert "page 1: bleed 1.0 mm on the left (3 other sides short too): DriveThruCards asks for 3.2 mm" in text
    assert "the trim is 63.0 × 88.0 mm, no DriveThruCards product: the nearest is poker (63.5 × 88.9 mm)" in text


def test_pdfx_markers_each_missing(good, tmp_path):
    def untrapped(pdf):
        del pdf.docinfo["/Trapped"]
        del pdf.Root["/OutputIntents"]

    code, text = run("preflight", altered(good, tmp_path, untrapped))
    assert code == 1 and "Trapped is not set to True or False" in text and "no PDF/X output intent" in text
    assert "GTS_PDFXVersion" not in text  # the version is still there


def test_the_same_problem_on_many_pages_is_one_line(tmp_path):
    path = tmp_path / "many.pdf"
    c = Canvas(str(path), pagesize=(69 * MM, 94 * MM), invariant=1)
    for _ in range(5):
        c.setTrimBox((3 * MM, 3 * MM, 66 * MM, 91 * MM))
        c.setBleedBox((0, 0, 69 * MM, 94 * MM))
        c.setFillColorRGB(0.2, 0.4, 0.6)
        c.rect(0, 0, 30, 30, fill=1)
        c.showPage()
    c.save()
    code, text = run("preflight", path)
    assert code == 1 and text.count("an RGB fill colour") == 1 and "pages 1–5" in text


def test_unreadable_input_is_exit_2_without_a_traceback(tmp_path):
    (tmp_path / "notes.pdf").write_text("just some words")
    (tmp_path / "half.pdf").write_bytes(b"%PDF-1.4\n1 0 obj <<")
    for name, says in (("notes.pdf", "is not a PDF"), ("missing.pdf", "cannot be read"), ("half.pdf", "")):
        code, text = run("preflight", tmp_path / name)
        assert code == 2 or (name == "half.pdf" and code == 1), (name, code, text)
        assert says in text and "Traceback" not in text


def test_a_picture_shop_has_no_pdf_rules():
    code, text = run("preflight", "x.pdf", "--shop", "tgc")
    assert code == 2 and "takes pictures, not PDFs" in text


def test_several_files_the_worst_sets_the_exit_code(good, tmp_path):
    (tmp_path / "junk.pdf").write_bytes(b"junk")
    code, text = run("preflight", good, tmp_path / "junk.pdf")
    assert code == 2 and "passes" in text and "is not a PDF" in text
    assert io  # (keeps the import list honest for readers of the module)
