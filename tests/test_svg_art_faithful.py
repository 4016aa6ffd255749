"""SVG art as Inkscape and Illustrator export it is drawn faithfully: pixels checked on the rendered PDF page.

Each art below is 100 × 100 user units placed on a 100 mm square page, so one
unit is one millimetre and a colour can be read at a known place.
"""
from __future__ import annotations

import pytest

from conftest import line_of
from pnp.draw.art import parse_art, place_art
from pnp.draw.art.model import TextRun
from pnp.draw.pdf import PdfSurface
from pnp.draw.svg import SvgSurface

MM = 72 / 25.4

INKSCAPE = """\
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->

<svg
   width="100mm"
   height="100mm"
   viewBox="0 0 100 100"
   version="1.1"
   id="svg1"
   inkscape:version="1.3.2 (091e20e, 2023-11-25)"
   sodipodi:docname="badge.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:svg="http://www.w3.org/2000/svg">
  <sodipodi:namedview
     id="namedview1"
     pagecolor="#ffffff"
     bordercolor="#000000"
     inkscape:document-units="mm" />
  <defs
     id="defs1">
    <linearGradient
       id="linearGradient1"
       inkscape:collect="always">
      <stop
         style="stop-color:#ff0000;stop-opacity:1;"
         offset="0"
         id="stop1" />
      <stop
         style="stop-color:#0000ff;stop-opacity:1;"
         offset="1"
         id="stop2" />
    </linearGradient>
    <linearGradient
       inkscape:collect="always"
       xlink:href="#linearGradient1"
       id="linearGradient2"
       x1="10"
       y1="20"
       x2="90"
       y2="20"
       gradientUnits="userSpaceOnUse" />
    <radialGradient
       inkscape:collect="always"
       xlink:href="#linearGradient1"
       id="radialGradient3"
       cx="0"
       cy="0"
       r="1"
       gradientUnits="userSpaceOnUse"
       gradientTransform="matrix(10,0,0,10,80,70)" />
    <clipPath
       clipPathUnits="userSpaceOnUse"
       id="clipPath1">
      <circle
         style="fill:#000000;stroke-width:0.26"
         id="circle1"
         cx="40"
         cy="70"
         r="15" />
    </clipPath>
  </defs>
  <g
     inkscape:label="Layer 1"
     inkscape:groupmode="layer"
     id="layer1">
    <rect
       style="fill:url(#linearGradient2);fill-opacity:1;stroke:none;stroke-width:0.264583"
       id="rect1"
       width="80"
       height="20"
       x="10"
       y="10" />
    <rect
       style="fill:#00aa00;fill-opacity:1;stroke:none"
       id="rect2"
       width="30"
       height="30"
       x="25"
       y="55"
       clip-path="url(#clipPath1)" />
    <rect
       style="fill:url(#radialGradient3);stroke:none"
       id="rect3"
       width="20"
       height="20"
       x="70"
       y="60" />
    <text
       xml:space="preserve"
       style="font-size:10px;line-height:1.25;font-family:'DejaVu Serif';-inkscape-font-specification:'DejaVu Serif';fill:#000000;stroke:none"
       x="5"
       y="45"
       id="text1"><tspan
         sodipodi:role="line"
         id="tspan1"
         style="font-weight:bold"
         x="5"
         y="45">MMMM</tspan></text>
  </g>
</svg>
"""

ILLUSTRATOR = """\
<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.5.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
\t viewBox="0 0 100 100" style="enable-background:new 0 0 100 100;" xml:space="preserve">
<style type="text/css">
\t.st0{fill:#E30613;}
\t.st1{fill:url(#SVGID_1_);}
\t.st2{opacity:0.5;}
\t.st3{fill:#1D1D1B;}
\t.st4{font-family:'MyriadPro-Bold';}
\t.st5{font-size:14px;}
\trect#keep{fill:#00FF00;}
</style>
<rect x="5" y="5" class="st0" width="40" height="20"/>
<linearGradient id="SVGID_1_" gradientUnits="userSpaceOnUse" x1="75" y1="10" x2="75" y2="40">
\t<stop  offset="0" style="stop-color:#FFFFFF"/>
\t<stop  offset="1" style="stop-color:#000000"/>
</linearGradient>
<rect x="55" y="10" class="st1" width="40" height="30"/>
<g class="st2">
\t<rect x="5" y="55" style="fill:#0000FF;" width="40" height="40"/>
</g>
<rect id="keep" x="5" y="30" class="st0" width="10" height="10"/>
<text transform="matrix(1 0 0 1 55 80)" class="st3 st4 st5">WWW</text>
<image style="overflow:visible;" width="10" height="10" xlink:href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" transform="matrix(1 0 0 1 80 85)">
</image>
</svg>
"""


def rendered(svg: str, name: str):
    """The art drawn on a 100 mm page: (art, a function giving the RGB colour at (x mm, y mm))."""
    import pypdfium2

    art = parse_art(svg.encode("utf-8"), name)
    side = 100 * MM
    surface = PdfSurface()
    surface.begin_page(side, side)
    place_art(surface, art, "art", 0, 0, side, side)
    surface.end_page()
    page = pypdfium2.PdfDocument(surface.finish())[0]
    scale = 6
    image = page.render(scale=scale).to_pil().convert("RGB")

    def at(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((int(x * MM * scale), int(y * MM * scale)))

    def dark_pixels(x0: float, y0: float, x1: float, y1: float) -> int:
        return sum(1 for px in range(int(x0 * MM * scale), int(x1 * MM * scale))
                   for py in range(int(y0 * MM * scale), int(y1 * MM * scale))
                   if sum(image.getpixel((px, py))) < 200)

    at.dark = dark_pixels
    return art, at


def near(colour, expected, tolerance=14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


@pytest.fixture(scope="module")
def inkscape():
    return rendered(INKSCAPE, "art/badge.svg")


@pytest.fixture(scope="module")
def illustrator():
    return rendered(ILLUSTRATOR, "art/emblem.svg")


def test_an_inkscape_gradient_chain_is_drawn_from_red_to_blue(inkscape):
    _, at = inkscape
    assert near(at(10.5, 20), (255, 0, 0), 20)
    assert near(at(50, 20), (128, 0, 128))
    assert near(at(89.5, 20), (0, 0, 255), 20)


def test_a_radial_gradient_with_a_gradient_transform_is_centred_where_the_transform_puts_it(inkscape):
    _, at = inkscape
    assert near(at(80, 70), (255, 0, 0), 20)         # the centre: the first stop
    assert near(at(85, 70), (128, 0, 128), 20)       # half the radius (5 of 10) out
    assert near(at(89.5, 61), (0, 0, 255), 20)       # beyond the radius: padded with the last stop


def test_a_clip_path_cuts_the_shape_to_its_circle(inkscape):
    _, at = inkscape
    assert near(at(40, 70), (0, 170, 0))             # inside the circle and the rectangle
    assert near(at(27, 57), (255, 255, 255))         # inside the rectangle, outside the circle
    assert near(at(53, 80), (255, 255, 255))


def test_inkscape_text_is_drawn_in_the_serif_bold_face(inkscape):
    art, at = inkscape
    (run,) = [item for item in art.shapes if isinstance(item, TextRun)]
    assert run.string == "MMMM" and run.font == "serif-bold" and run.size == pytest.approx(10)
    assert at.dark(5, 37, 40, 45.5) > 200            # ink where the glyphs stand
    assert at.dark(5, 46.5, 40, 52) == 0             # nothing below the baseline (M has no descender)
    assert not art.warnings


def test_an_illustrator_class_style_paints_its_colour(illustrator):
    _, at = illustrator
    assert near(at(25, 15), (0xE3, 0x06, 0x13))
    assert near(at(10, 35), (0, 255, 0))             # an id selector is more specific than a class


def test_an_illustrator_gradient_defined_in_the_body_is_drawn_top_to_bottom(illustrator):
    _, at = illustrator
    assert near(at(75, 10.5), (255, 255, 255), 16)
    assert near(at(75, 25), (128, 128, 128))
    assert near(at(75, 39.5), (0, 0, 0), 16)


def test_group_opacity_lets_the_paper_show_through(illustrator):
    _, at = illustrator
    assert near(at(25, 75), (128, 128, 255))


def test_illustrator_text_takes_its_size_and_bold_face_from_classes(illustrator):
    art, at = illustrator
    (run,) = [item for item in art.shapes if isinstance(item, TextRun)]
    assert run.font == "sans-bold" and run.size == pytest.approx(14) and run.fill == "#1d1d1b"
    assert at.dark(55, 70, 85, 80.5) > 200


def test_an_embedded_bitmap_is_a_located_warning_that_says_what_to_do(illustrator):
    art, at = illustrator
    line = ILLUSTRATOR.splitlines().index(next(s for s in ILLUSTRATOR.splitlines() if s.startswith("<image"))) + 1
    ((pos, message),) = [(p, m) for p, m in art.warnings if "<image>" in m]
    assert (pos.path, pos.line, pos.col) == ("art/emblem.svg", line, 1)
    assert "PNG or JPEG file" in message and "type: image" in message
    assert near(at(85, 90), (255, 255, 255))         # not drawn


def test_the_svg_output_carries_the_same_gradient_clip_and_text():
    art = parse_art(INKSCAPE.encode(), "badge.svg")
    surface = SvgSurface()
    surface.begin_page(100, 100)
    place_art(surface, art, "art", 0, 0, 100, 100)
    surface.end_page()
    (text,) = surface.finish()
    assert text.count("<linearGradient") == 1 and text.count("<radialGradient") == 1
    assert "<clipPath" in text and 'clip-path="url(#clip' in text
    assert ">MMMM</text>" in text and "DejaVu Serif" in text


@pytest.mark.parametrize("body, words", [
    ('<filter id="f"><feGaussianBlur stdDeviation="2"/></filter>', "<filter> is not supported"),
    ('<rect width="5" height="5" style="filter:url(#f)"/>', "filters (filter) are not supported"),
    ('<mask id="m"/>', "<mask> is not supported"),
    ('<pattern id="p" width="2" height="2"/>', "<pattern> is not supported"),
    ('<path d="M0 0 L5 5" marker-end="url(#a)"/>', "markers (marker-end)"),
    ('<text x="1" y="5"><textPath href="#p">x</textPath></text>', "<textPath> inside text"),
    ('<style>g rect { fill: red }</style>', "selector 'g rect' is not supported"),
    ('<style>@media print { rect { fill: red } }</style>', "@media"),
    ('<defs><linearGradient id="g" spreadMethod="reflect"><stop offset="0"/><stop offset="1" stop-color="red"/>'
     '</linearGradient></defs><rect width="5" height="5" fill="url(#g)"/>', "spreadMethod=\"reflect\""),
])
def test_what_is_not_drawn_is_a_located_warning(body, words):
    text = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n\n  {body}\n</svg>\n'
    art = parse_art(text.encode(), "art/x.svg")
    hits = [(p, m) for p, m in art.warnings if words in m]
    assert hits, art.warnings
    assert all(p.path == "art/x.svg" and p.line == 3 and p.col >= 3 for p, _ in hits)


def test_art_warnings_reach_the_build_output_with_file_line_and_column(tmp_path, run_cli):
    game = tmp_path / "g"
    (game / "art").mkdir(parents=True)
    (game / "game.yaml").write_text("title: G\nplayers: 1\ncomponents: [cards.yaml]\n")
    (game / "art" / "pic.svg").write_text(ILLUSTRATOR)
    (game / "cards.yaml").write_text(
        "kind: deck\nname: g\nsize: poker\nlayout: face\nlayouts:\n  face:\n    boxes:\n"
        "      pic: {type: image, src: art/pic.svg, x: 5mm, y: 5mm, width: 50mm, height: 50mm}\n"
        "cards:\n  - {id: a}\n  - {id: b}\n")
    result = run_cli("build", game, "--out", tmp_path / "out", "--force")
    assert result.exit_code == 0, result.output
    line = line_of(game / "art" / "pic.svg", "<image")
    assert f"pic.svg:{line}:1: warning: <image> (a bitmap inside the SVG) is not drawn" in result.output
    assert result.output.count("<image>") == 1       # once per file, however many cards show it


# ---------------------------------------------------------------- the new surfaces stay bounded

def refused(text: str):
    from pnp.errors import SpecErrors

    with pytest.raises(SpecErrors) as info:
        parse_art(text.encode(), "art/bad.svg")
    (error,) = info.value.errors
    return error


def test_a_gradient_href_cycle_ends(tmp_path):
    art = parse_art(b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                    b'viewBox="0 0 10 10"><linearGradient id="a" xlink:href="#b"/>'
                    b'<linearGradient id="b" xlink:href="#a"/><rect width="5" height="5" fill="url(#a)"/></svg>',
                    "art/x.svg")
    assert not [s for s in art.shapes if s.fill is not None]   # no stops anywhere: not painted, as SVG says


STYLE_CALLS = 10_000_000  # refused after about 1.5 million; 1,500 rules tried on 5,000 elements is far more


def test_a_huge_style_sheet_over_many_elements_is_refused_in_bounded_time():
    from workbound import calls_within

    rules = "".join(f".c{i}{{fill:red}} rect{{opacity:1}}" for i in range(1500))
    rects = "".join('<rect class="c1" width="1" height="1"/>' for _ in range(5000))
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<style>{rules}</style>{rects}</svg>'
    error, calls = calls_within(STYLE_CALLS, refused, svg)  # counted, not timed: each rule tried on each element
    print(f"refused after {calls:,} calls")
    assert error.pos.line == 2 and "<style> rules were tried more than" in error.message


def test_a_style_sheet_too_large_to_read_quickly_is_refused_where_it_starts():
    rules = "rect{fill:red}" * 10_000
    error = refused(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n\n<style>{rules}</style></svg>')
    assert error.pos.line == 3 and "more than 100 kB of CSS" in error.message


def test_too_many_gradient_stops_are_a_located_error():
    stops = "".join(f'<stop offset="{i / 300}"/>' for i in range(300))
    error = refused(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n\n<linearGradient id="g">{stops}'
                    '</linearGradient><rect width="5" height="5" fill="url(#g)"/></svg>')
    assert error.pos.line == 3 and "more than 256 stops" in error.message


def test_many_shapes_under_a_large_clip_are_refused():
    circles = "".join('<circle r="1"/>' for _ in range(3000))
    rects = "".join('<rect width="1" height="1" clip-path="url(#c)"/>' for _ in range(60))
    error = refused(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><clipPath id="c">{circles}'
                    f'</clipPath>{rects}</svg>')
    assert "clips with more than" in error.message


def test_text_anchors_and_tspans_place_runs_as_svg_does():
    from pnp.draw import fonts

    art = parse_art(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><style>.h{display:none}</style>\n'
                    b'<text x="50" y="20" text-anchor="middle" font-family="Georgia, serif" font-size="10">A '
                    b'<tspan class="h">hidden</tspan><tspan font-style="italic" dy="5">  b  c </tspan>\n d</text>\n'
                    b'<text x="90" y="50" text-anchor="end" font-family="Arial Narrow">E<tspan x="90" dy="10">F</tspan>'
                    b'</text></svg>', "x.svg")
    runs = art.shapes

    def right(run):
        return run.x + fonts.text_width(run.string, run.font, run.size)

    assert [r.string for r in runs] == ["A ", "b c ", "d", "E", "F"]     # white space collapsed, hidden tspan gone
    assert [r.font for r in runs] == ["serif", "serif-italic", "serif", "condensed", "condensed"]
    assert [r.y for r in runs] == [20, 25, 25, 50, 60]                   # dy moves on from the run before
    assert runs[1].x == pytest.approx(right(runs[0])) and runs[2].x == pytest.approx(right(runs[1]))
    assert (runs[0].x + right(runs[2])) / 2 == pytest.approx(50)         # the whole line centred on x
    assert right(runs[3]) == pytest.approx(90) and right(runs[4]) == pytest.approx(90)   # each line ends at x


def test_a_bounding_box_gradient_spans_the_shape_it_fills_wherever_the_shape_is_moved():
    _, at = rendered('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs>'
                     '<linearGradient id="g"><stop offset="0" stop-color="#ff0000"/><stop offset="100%" '
                     'stop-color="#0000ff" stop-opacity="0.5"/></linearGradient></defs>'
                     '<g transform="translate(0 50)"><rect x="10" y="10" width="80" height="20" fill="url(#g)"/></g>'
                     '</svg>', "art/moved.svg")
    # stop opacities 1 and 0.5 differ: the gradient is drawn at their average, 0.75, over white
    assert near(at(10.5, 70), (255, 64, 64), 20)
    assert near(at(89.5, 70), (64, 64, 255), 20)
    assert near(at(50, 20), (255, 255, 255))         # nothing where the rectangle was before the move
