"""Safe SVG art: shapes, transforms, paint, refusals and real backends."""
from __future__ import annotations

import math

import pytest

from pnp.draw.art import Art, art_icons, load_art, parse_path, place_art
from pnp.errors import SpecErrors
from workbound import calls_within

NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


class Recorder:
    """A fake Surface that records what is drawn."""

    def __init__(self):
        self.paths: list[dict] = []
        self.symbols: dict[str, tuple] = {}
        self.uses: list[tuple] = []
        self.clips: list[tuple] = []

    def path(self, commands, **style):
        self.paths.append({"commands": list(commands), **style})

    def save(self):
        pass

    def restore(self):
        pass

    def clip_rect(self, *box):
        self.clips.append(box)

    def clip_path(self, commands, even_odd=False):
        self.clips.append(("path", list(commands), even_odd))

    def fill_gradient(self, commands, gradient, **style):
        self.paths.append({"commands": list(commands), "fill": gradient, "stroke": None, **style})

    def transform(self, *m):
        pass

    def text(self, x, y, string, **style):
        self.paths.append({"text": string, "x": x, "y": y, **style})

    def has_symbol(self, name):
        return name in self.symbols

    def define_symbol(self, name, width, height, draw):
        self.symbols[name] = (width, height)
        draw(self)

    def use_symbol(self, name, x, y, w, h):
        self.uses.append((name, x, y, w, h))


def svg(body: str, root: str = 'viewBox="0 0 100 100"') -> str:
    return f'<svg {NS} {root}>\n{body}\n</svg>\n'


def load(tmp_path, text: str, name: str = "a.svg") -> Art:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return load_art(f, name)


def drawn(art: Art, ink=None) -> list[dict]:
    r = Recorder()
    art.draw(r, ink)
    return r.paths


def points(commands) -> list[tuple[float, float]]:
    out = []
    for c in commands:
        out.extend(zip(c[1::2], c[2::2]))
    return out


def close(p, q, tol=0.01) -> bool:
    return abs(p[0] - q[0]) <= tol and abs(p[1] - q[1]) <= tol


def refused(tmp_path, text: str):
    with pytest.raises(SpecErrors) as info:
        load(tmp_path, text, "bad.svg")
    return info.value.errors[0]


def bezier(c, p0, t):
    (x1, y1, x2, y2, x3, y3) = c[1:]
    u = 1 - t
    return (u ** 3 * p0[0] + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
            u ** 3 * p0[1] + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3)


# ---------------------------------------------------------------- shapes

def test_rect_under_translate(tmp_path):
    art = load(tmp_path, svg('<g transform="translate(5,5)"><rect x="10" y="20" width="30" height="40"/></g>'))
    (p,) = drawn(art)
    assert points(p["commands"]) == [(15, 25), (45, 25), (45, 65), (15, 65)]
    assert p["commands"][-1] == ("Z",)
    assert p["fill"] == "#000000" and p["stroke"] is None


def test_rounded_rect_stays_in_its_box(tmp_path):
    (p,) = drawn(load(tmp_path, svg('<rect x="0" y="0" width="40" height="20" rx="5"/>')))
    pts = points(p["commands"])
    assert any(c[0] == "C" for c in p["commands"])
    assert (5, 0) in pts and (40, 5) in pts and (35, 20) in pts and (0, 15) in pts
    assert all(0 <= x <= 40 and 0 <= y <= 20 for x, y in pts)


def test_circle_and_ellipse(tmp_path):
    circle, ellipse = drawn(load(tmp_path, svg('<circle cx="50" cy="50" r="10"/><ellipse cx="20" cy="30" rx="8" ry="4"/>')))
    cp = points(circle["commands"])
    for q in [(60, 50), (50, 60), (40, 50), (50, 40)]:
        assert any(close(p, q) for p in cp)
    mid = bezier(circle["commands"][1], (60, 50), 0.5)
    assert math.hypot(mid[0] - 50, mid[1] - 50) == pytest.approx(10, abs=0.01)
    ep = points(ellipse["commands"])
    for q in [(28, 30), (20, 34), (12, 30), (20, 26)]:
        assert any(close(p, q) for p in ep)


def test_line_polyline_polygon(tmp_path):
    line, pl, pg = drawn(load(tmp_path, svg(
        '<line x1="1" y1="2" x2="3" y2="4" stroke="black"/>'
        '<polyline points="0,0 10,0 10,10" fill="none" stroke="red"/>'
        '<polygon points="0 0, 5 5 0 5"/>')))
    assert line["commands"] == [("M", 1, 2), ("L", 3, 4)] and line["fill"] is None
    assert pl["commands"] == [("M", 0, 0), ("L", 10, 0), ("L", 10, 10)] and pl["stroke"] == "#ff0000"
    assert pg["commands"][-1] == ("Z",) and points(pg["commands"]) == [(0, 0), (5, 5), (0, 5)]


def test_path_grammar_relative_and_implicit():
    cmds, err = parse_path("m10 10 20 0 0 20h-20v-20zM.5.5l1e-3-2")
    assert err is None
    assert points(cmds[:5]) == [(10, 10), (30, 10), (30, 30), (10, 30), (10, 10)]
    assert cmds[5] == ("Z",)
    assert cmds[6] == ("M", 0.5, 0.5)
    assert cmds[7][1] == pytest.approx(0.501) and cmds[7][2] == pytest.approx(-1.5)


def test_path_quadratic_and_smooth_curves():
    cmds, err = parse_path("M0 0 Q50 100 100 0 T200 0 M0 0 C0 10 10 10 10 0 S20 -10 20 0")
    assert err is None
    q = cmds[1]
    assert q[0] == "C" and close(bezier(q, (0, 0), 0.5), (50, 50))
    t = cmds[2]  # reflected control point (150, -100)
    assert close(bezier(t, (100, 0), 0.5), (150, -50))
    s = cmds[5]
    assert s[1:3] == (10, -10)


def test_path_error_keeps_what_came_before(tmp_path):
    art = load(tmp_path, svg('<path d="M0 0 L10 10 L20 x"/>'))
    (p,) = drawn(art)
    assert p["commands"] == [("M", 0, 0), ("L", 10, 10)]
    assert "path data" in art.warnings[0][1]


def test_the_same_art_in_two_files_warns_in_each_file_by_its_own_name(tmp_path):
    source = svg('<path d="M0 0 L10 10 L20 x"/>')
    first = load(tmp_path, source, "one.svg")
    second = load(tmp_path, source, "two.svg")   # the same bytes: parsed once, the warnings renamed
    assert first.shapes is second.shapes
    assert [p.path for p, _ in first.warnings] == ["one.svg"] and [p.path for p, _ in second.warnings] == ["two.svg"]
    assert [(p.line, p.col, m) for p, m in first.warnings] == [(p.line, p.col, m) for p, m in second.warnings]
    assert load(tmp_path, source, "one.svg").warnings == first.warnings


def test_arc_half_circle():
    cmds, err = parse_path("M0 50 A50 50 0 0 1 100 50")
    assert err is None and len(cmds) == 3
    assert close(cmds[-1][-2:], (100, 50))
    # sweep 1 goes clockwise on the page: through the top of the circle centred at (50, 50)
    assert close(cmds[1][-2:], (50, 0))
    for c, p0 in zip(cmds[1:], [(0, 50), (50, 0)]):
        for t in (0.25, 0.5, 0.75):
            x, y = bezier(c, p0, t)
            assert math.hypot(x - 50, y - 50) == pytest.approx(50, abs=0.05)


def test_arc_flags_packed_and_radii_scaled_up():
    cmds, err = parse_path("M0 0a1 1 0 1010 0")  # large=1, sweep=0, radii too small
    assert err is None
    assert close(cmds[-1][-2:], (10, 0))
    assert close(cmds[1][-2:], (5, 5))  # sweep 0 from the left: through the bottom


def test_transforms(tmp_path):
    art = load(tmp_path, svg(
        '<rect width="1" height="1" transform="rotate(90 10 10)"/>'
        '<rect width="1" height="1" transform="scale(2,3) translate(1 1)"/>'
        '<rect width="1" height="1" transform="matrix(1 0 0 1 7 8)"/>'
        '<rect width="1" height="1" transform="skewX(45)"/>'
        '<rect width="1" height="1" transform="skewY(45)"/>'))
    rot, sc, mat, skx, sky = (points(p["commands"]) for p in drawn(art))
    assert close(rot[0], (20, 0)) and close(rot[1], (20, 1))
    assert sc[0] == (2, 3) and sc[2] == (4, 6)
    assert mat[0] == (7, 8)
    assert close(skx[2], (2, 1)) and close(sky[2], (1, 2))


def test_stroke_width_scales_with_transform(tmp_path):
    (p,) = drawn(load(tmp_path, svg('<g transform="scale(3)"><line x2="1" stroke="red" stroke-width="2"/></g>')))
    assert p["width"] == pytest.approx(6)


# ---------------------------------------------------------------- paint

def test_style_inheritance_and_colours(tmp_path):
    art = load(tmp_path, svg(
        '<g fill="#f00" stroke="rgb(0,128,255)" style="stroke-width:3; fill-rule:evenodd">'
        '<rect width="1" height="1"/>'
        '<rect width="1" height="1" style="fill:orange" stroke="none"/>'
        '<rect width="1" height="1" fill="rgb(100%, 0%, 50%)" stroke-linecap="round" stroke-linejoin="bevel"/>'
        '<rect width="1" height="1" fill="currentColor"/>'
        '<rect width="1" height="1" style="display:none"/>'
        '</g>'))
    a, b, c, d = drawn(art, ink="#123456")
    assert (a["fill"], a["stroke"], a["width"], a["even_odd"]) == ("#ff0000", "#0080ff", 3, True)
    assert (b["fill"], b["stroke"]) == ("#ffa500", None)
    assert (c["fill"], c["cap"], c["join"]) == ("#ff0080", "round", "bevel")
    assert d["fill"] == "#123456"
    assert drawn(art)[3]["fill"] == "#000000"  # currentColor without ink


def test_opacities(tmp_path):
    art = load(tmp_path, svg('<g opacity="0.5"><rect width="1" height="1" fill-opacity="0.5" stroke="red"/></g>'))
    fill, stroke = drawn(art)  # different opacities: painted separately
    assert fill["fill"] == "#000000" and fill["stroke"] is None and fill["opacity"] == pytest.approx(0.25)
    assert stroke["fill"] is None and stroke["stroke"] == "#ff0000" and stroke["opacity"] == pytest.approx(0.5)


def test_gradient_fill_follows_its_href_to_shared_stops(tmp_path):
    art = load(tmp_path, svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#000000"/>'
        '<stop offset="1" style="stop-color:#ffffff"/></linearGradient>'
        '<linearGradient id="h" xlink:href="#g"/></defs>'
        '<rect width="1" height="1" fill="url(#h)"/>'))
    (p,) = drawn(art)
    assert p["fill"].stops == ((0.0, "#000000"), (1.0, "#ffffff"))
    assert not art.warnings


def test_a_gradient_stroke_is_drawn_in_its_mid_colour_with_a_warning(tmp_path):
    art = load(tmp_path, svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#000000"/>'
        '<stop offset="1" style="stop-color:#ffffff"/></linearGradient></defs>'
        '<rect width="1" height="1" fill="none" stroke="url(#g)"/>'))
    (p,) = drawn(art)
    assert p["stroke"] == "#808080"
    assert any("gradient strokes" in m for _, m in art.warnings)


def test_unsupported_things_warn(tmp_path):
    art = load(tmp_path, svg(
        '<filter id="f"/>\n<mask id="m"><rect width="1" height="1"/></mask>\n'
        '<rect width="1" height="1" mask="url(#m)" fill="blorange"/>'))
    messages = " | ".join(m for _, m in art.warnings)
    assert "<filter>" in messages and "<mask>" in messages and "(mask)" in messages and "blorange" in messages
    assert art.warnings[0][0].line == 2
    assert len(drawn(art)) == 1


def test_use_and_symbol(tmp_path):
    art = load(tmp_path, svg(
        '<defs><rect id="r" width="2" height="2"/>'
        '<symbol id="s" viewBox="0 0 10 10"><rect width="10" height="10"/></symbol></defs>'
        '<use href="#r" x="10" y="20" fill="red"/>'
        '<use xlink:href="#s" x="50" y="50" width="20" height="20"/>'))
    r, s = drawn(art)
    assert points(r["commands"])[0] == (10, 20) and r["fill"] == "#ff0000"
    assert points(s["commands"])[2] == (70, 70)


def test_viewbox_size_and_origin(tmp_path):
    art = load(tmp_path, svg('<rect x="10" y="10" width="5" height="5"/>', root='viewBox="10 10 40 20"'))
    assert (art.width, art.height) == (40, 20)
    assert points(drawn(art)[0]["commands"])[0] == (0, 0)


def test_width_height_without_viewbox(tmp_path):
    art = load(tmp_path, svg('', root='width="10mm" height="12pt"'))
    assert art.width == pytest.approx(10 * 96 / 25.4) and art.height == pytest.approx(16)


def test_place_art_contain_stretch_cover(tmp_path):
    art = load(tmp_path, svg('<rect width="200" height="100"/>', root='viewBox="0 0 200 100"'))
    r = Recorder()
    place_art(r, art, "art/wide.svg", 10, 10, 100, 100)
    place_art(r, art, "art/wide.svg", 0, 0, 50, 20, fit="stretch")
    place_art(r, art, "art/wide.svg", 0, 0, 100, 100, fit="cover")
    assert r.symbols == {"art/wide.svg": (200, 100)}
    assert len(r.paths) == 1  # drawn once, placed three times
    assert r.uses[0] == ("art/wide.svg", 10, 35, 100, 50)
    assert r.uses[1] == ("art/wide.svg", 0, 0, 50, 20)
    assert r.uses[2] == ("art/wide.svg", -50, 0, 200, 100) and r.clips == [(0, 0, 100, 100)]


def test_art_icons_fit_the_icon_box(tmp_path):
    icons = tmp_path / "art" / "icons"
    icons.mkdir(parents=True)
    (icons / "wide.svg").write_text(svg('<rect width="20" height="10" fill="currentColor"/>', 'viewBox="0 0 20 10"'))
    (icons / "a.svg").write_text(svg('<circle cx="5" cy="5" r="5"/>', 'viewBox="0 0 10 10"'))
    (icons / "notes.txt").write_text("ignored")
    found = art_icons(tmp_path)
    assert list(found) == ["a", "wide"]
    r = Recorder()
    found["wide"](r, "#00ff00")
    (p,) = r.paths
    assert p["fill"] == "#00ff00"
    assert points(p["commands"]) == [(0, 25), (100, 25), (100, 75), (0, 75)]
    assert art_icons(tmp_path / "nowhere") == {}


def test_art_icons_refuse_bad_files(tmp_path):
    icons = tmp_path / "art" / "icons"
    icons.mkdir(parents=True)
    (icons / "evil.svg").write_text(svg('<script>alert(1)</script>'))
    with pytest.raises(SpecErrors) as info:
        art_icons(tmp_path)
    assert "evil.svg" in info.value.errors[0].pos.path


def test_art_icons_refuse_symlinks_out(tmp_path):
    import os

    game = tmp_path / "game"
    (game / "art" / "icons").mkdir(parents=True)
    (tmp_path / "outside.svg").write_text(svg('<rect width="1" height="1"/>'))
    os.symlink(tmp_path / "outside.svg", game / "art" / "icons" / "sneaky.svg")
    with pytest.raises(SpecErrors) as info:
        art_icons(game)
    assert "symlink" in info.value.errors[0].message


@pytest.mark.parametrize("body", [
    '<path d="M0 0 L1e999 5"/>',                                  # path data that overflows to infinity
    '<path d="M0 0 L1e300 5"/>',                                  # finite, but absurd
    '<rect width="1e999" height="1"/>',                           # a length
    '<polygon points="0,0 1e99,1 1,1"/>',                         # a point list
    '<rect width="1" height="1" stroke="red" stroke-width="1e99"/>',
    '<rect width="1" height="1" transform="matrix(1e999 0 0 1 0 0)"/>',
    '<g transform="scale(1e8)"><g transform="scale(1e8)"><rect width="10" height="10"/></g></g>',  # a product
    '<rect width="10" height="10" transform="skewX(90)"/>',       # tan(90°)
])
def test_numbers_out_of_range_are_located_errors(tmp_path, body):
    error = refused(tmp_path, svg("<g>\n" + body + "</g>"))
    assert error.pos.path == "bad.svg" and error.pos.line == 3
    assert "out of range" in error.message


@pytest.mark.parametrize("root", ['viewBox="0 0 1e999 10"', 'viewBox="0 0 1e-300 1e-300"', 'width="1e999" height="5"'])
def test_absurd_art_box_is_a_located_error(tmp_path, root):
    error = refused(tmp_path, svg('<rect width="1" height="1"/>', root))
    assert (error.pos.path, error.pos.line) == ("bad.svg", 1)


def test_small_and_large_but_sane_numbers_still_draw(tmp_path):
    art = load(tmp_path, svg('<path d="M0 0 L1e-320 5 L100000 5"/><rect x="-1e6" width="2e6" height="1"/>'))
    assert len(drawn(art)) == 2 and not art.warnings


# ---------------------------------------------------------------- refusals

@pytest.mark.parametrize("body, words", [
    ('<script>alert(1)</script>', "script"),
    ('<foreignObject><div/></foreignObject>', "foreignObject"),
    ('<rect onclick="evil()" width="1" height="1"/>', "onclick"),
    ('<use xlink:href="other.svg#x"/>', "other.svg#x"),
    ('<a href="https://example.com"><rect width="1" height="1"/></a>', "https://example.com"),
    ('<rect fill="url(http://x/y)" width="1" height="1"/>', "url(http://x/y)"),
    ('<rect style="fill:url(\'file:///etc/passwd\')" width="1" height="1"/>', "file:///etc/passwd"),
    ('<style>@import "x.css";</style>', "@import"),
    ('<style>rect { fill: url(x.svg#g) }</style>', "url(x.svg#g)"),
])
def test_refusals_are_located(tmp_path, body, words):
    error = refused(tmp_path, svg("<g>\n\n" + body + "</g>"))
    assert error.pos.path == "bad.svg" and error.pos.line == 4
    assert words in error.message


def test_use_of_same_document_id_is_fine(tmp_path):
    art = load(tmp_path, svg('<defs><rect id="x" width="1" height="1"/></defs><use href="#x"/>'))
    assert len(drawn(art)) == 1


def test_doctype_and_entities_refused(tmp_path):
    text = '<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n<svg>&x;</svg>'
    error = refused(tmp_path, text)
    assert error.pos.line == 2 and "DOCTYPE" in error.message


def test_billion_laughs_refused_quickly(tmp_path):
    lol = ['<!ENTITY lol "lol">'] + [f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'
                                      for i in range(1, 10)]
    text = '<?xml version="1.0"?>\n<!DOCTYPE svg [\n' + "\n".join(lol) + f'\n]>\n<svg {NS}>&lol9;</svg>'
    refused(tmp_path, "<svg/>")  # the first refusal imports what reading art needs: not this refusal's work
    error, calls = calls_within(5_000, refused, tmp_path, text)  # refused before any expansion (a billion calls)
    assert error.pos.line == 2 and "DOCTYPE" in error.message


def test_undefined_entity_is_malformed(tmp_path):
    error = refused(tmp_path, svg('<rect width="1" height="1"/>\n&nope;'))
    assert error.pos.line == 3 and "malformed" in error.message


def test_malformed_xml_located(tmp_path):
    error = refused(tmp_path, '<svg viewBox="0 0 1 1">\n<g>\n<rect></g>\n</svg>')
    assert error.pos.line == 3 and "malformed SVG" in error.message


def test_not_utf8(tmp_path):
    f = tmp_path / "latin.svg"
    f.write_bytes(b'<svg viewBox="0 0 1 1">\n<title>caf\xe9</title></svg>')
    with pytest.raises(SpecErrors) as info:
        load_art(f, "latin.svg")
    assert info.value.errors[0].pos.line == 2 and "UTF-8" in info.value.errors[0].message
    error = refused(tmp_path, '<?xml version="1.0" encoding="ISO-8859-1"?>\n<svg/>')
    assert "UTF-8" in error.message


def test_not_svg(tmp_path):
    assert "not an SVG" in refused(tmp_path, "<html/>").message
    assert "malformed" in refused(tmp_path, "").message
    assert "viewBox" in refused(tmp_path, f"<svg {NS}/>").message
    assert "viewBox" in refused(tmp_path, svg("", root='viewBox="0 0 0 10"')).message


def test_too_many_elements(tmp_path):
    error = refused(tmp_path, svg("<g/>\n" * 20_000))  # with the root: 20,001 elements
    assert "20000 elements" in error.message and error.pos.line == 20_001


def test_too_deep(tmp_path):
    error = refused(tmp_path, svg("<g>\n" * 70 + "</g>" * 70))
    assert "nested" in error.message and error.pos.line == 65


def test_use_cycle_refused(tmp_path):
    error = refused(tmp_path, svg('<g id="a">\n<use href="#b"/></g>\n<g id="b">\n<use href="#a"/></g>'))
    assert "cycle" in error.message and error.pos.line in (3, 5)
    error = refused(tmp_path, svg('<g id="a">\n<use href="#a"/></g>'))
    assert "cycle" in error.message and error.pos.line == 3


def test_use_bomb_refused(tmp_path, monkeypatch):
    """A million shapes by nesting <use>: refused once the count passes the bound (lowered here to
    5,000 so the test draws a tenth of the product's 50,000 before it stops)."""
    monkeypatch.setattr("pnp.draw.art.build.MAX_SHAPES", 5_000)
    levels = ['<rect id="l0" width="1" height="1"/>']
    for i in range(1, 7):
        levels.append(f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * 10 + "</g>")
    error = refused(tmp_path, svg("<defs>" + "\n".join(levels) + '</defs>\n<use href="#l6"/>'))
    assert "more than 5000 shapes" in error.message


def test_file_too_big(tmp_path):
    error = refused(tmp_path, svg("<!--" + "x" * (2 * 1024 * 1024) + "-->"))
    assert "2 MB" in error.message


# ---------------------------------------------------------------- real backends

SAMPLE = svg(
    '<g transform="rotate(10 50 50)" stroke="#333" stroke-width="2">'
    '<path d="M10 50 A40 40 0 0 1 90 50 Q50 95 10 50 Z" fill="#3a7" fill-rule="evenodd"/>'
    '<circle cx="50" cy="40" r="10" fill="currentColor" fill-opacity="0.5"/>'
    '<rect x="20" y="70" width="60" height="20" rx="6" fill="gold"/></g>')


def test_draws_on_pdf_surface(tmp_path):
    from pnp.draw.pdf import PdfSurface

    art = load(tmp_path, SAMPLE)
    s = PdfSurface()
    s.begin_page(200, 200)
    place_art(s, art, "sample", 10, 10, 180, 180, ink="#aa0000")
    place_art(s, art, "sample", 0, 0, 50, 50, ink="#aa0000")
    s.end_page()
    pdf = s.finish()
    assert pdf.startswith(b"%PDF") and s.pages == 1


def test_draws_on_svg_surface(tmp_path):
    from pnp.draw.svg import SvgSurface

    art = load(tmp_path, SAMPLE)
    s = SvgSurface()
    s.begin_page(200, 200)
    place_art(s, art, "sample", 10, 10, 180, 180)
    s.end_page()
    (doc,) = s.finish()
    assert "<symbol" in doc and "<use" in doc and "#ffd700" in doc
