"""Everything a page draws, read once per file: forms, patterns, Type 3 glyphs, annotation
appearances and soft masks as `Sketch`es (memoised by object; a form on the way to itself is a
loop, reported, not followed), pictures and gradients with the most ink they carry, fonts checked for
embedding, ExtGStates for transparency. Content streams are inflated under a cap and their operators
counted against the file's budget before they are parsed."""
from __future__ import annotations

from pnp.printshop.preflight.content import Run
from pnp.printshop.preflight.findings import Problem, as_text
from pnp.printshop.preflight.functions import Functions
from pnp.printshop.preflight.limits import MAX_DEPTH, MAX_STREAM_BYTES, Budget, TooMuch
from pnp.printshop.preflight.pictures import Pictures, Unmeasured
from pnp.printshop.preflight.shadings import Shadings
from pnp.printshop.preflight.sketch import IDENTITY, Sketch, multiply
from pnp.printshop.preflight.spaces import Space, Spaces
from pnp.printshop.preflight.streams import Damaged, TooLarge, decoded, operators_at_most
from pnp.printshop.profiles import Shop

_ADJECTIVE = {"rgb": "an RGB", "gray": "a grey", "lab": "a Lab"}
_NOT_PRINTED = {"/Popup", "/PrinterMark", "/TrapNet"}
HIDDEN = 2


def called(space: Space, thing: str) -> str:
    """"an RGB image", "a grey gradient", "an image in a spot colour (Gold) …"."""
    if space.family in _ADJECTIVE and not space.noun.startswith(("an ICC", "a Cal")):
        return f"{_ADJECTIVE[space.family]} {thing}"
    return f"{'an' if thing[0] in 'aeiou' else 'a'} {thing} in {space.noun}"


class Drawings:
    def __init__(self, shop: Shop, budget: Budget):
        from pnp.printshop.pdfx import transparent_state

        self.shop, self.budget = shop, budget
        self.transparent_state = transparent_state
        self.x1a = bool(shop.standard and shop.standard.startswith("PDF/X-1a"))
        self.functions = Functions(budget)
        self.spaces = Spaces(shop, self.functions)
        self.shadings = Shadings(self.spaces, self.functions, budget)
        self.pictures = Pictures(budget)
        self.devices = {f: self.spaces.device(f) for f in ("rgb", "gray", "cmyk", "pattern")}
        self.sketches: dict = {}
        self.open: list = []          # the streams being read, outermost first
        self.masking = 0              # inside a soft mask: colours are checked, ink is not (it does not print)
        self.verdicts: dict = {}
        self.fonts: dict = {}
        self.states: dict = {}
        self.patterns: dict = {}

    # --- colours ---
    def default_colour(self) -> tuple:
        return ()

    def device(self, family: str) -> Space:
        return self.devices[family]

    def space(self, res, operand) -> Space:
        return self.spaces.read(operand, _get(res, "/ColorSpace"))

    def colour(self, space: Space, components: list[float], role: str | None = None) -> tuple:
        key = (id(space), tuple(components), role, self.masking > 0)
        known = self.verdicts.get(key)
        if known is not None and known[0] is space:   # the space kept alive with it: its id is its own
            return known[1]
        noun = f"{_ADJECTIVE[space.family]} {role} colour" if role and space.family in _ADJECTIVE else space.noun
        if space.family == "gray" and role:
            noun += " (DeviceGray)"
        problems = [Problem(f.key, f"{noun}: {f.reason}", f.rejects) for f in space.faults]
        ink = None if self.masking else space.ink_of(components)
        if ink is not None and ink > self.shop.ink_limit + 0.5:
            detail = (" (CMYK " + " ".join(f"{v * 100:.0f}" for v in components[:4]) + ")") if space.family == "cmyk" \
                else f" ({space.noun})"
            problems.append(Problem("ink", f"a colour of {ink:.0f} % total ink{detail}: "
                                           f"{self.shop.title} allows {self.shop.ink_limit:g} %"))
        verdict = tuple(problems)
        if len(self.verdicts) < 20_000:
            self.verdicts[key] = (space, verdict)
        return verdict

    def pattern(self, res, name, space: Space, components: list[float]) -> tuple:
        pattern = _get(_get(res, "/Pattern"), as_text(name))
        if not _is_dictionary(pattern):
            return (Problem("bad-pattern", f"a pattern that is not defined ({as_text(name)[1:]}): a RIP cannot print it"),)
        if int(pattern.get("/PatternType", 0)) == 1 and int(pattern.get("/PaintType", 1)) == 2:
            base = space.base or self.device("gray")
            return self.colour(base, components)
        key = (pattern.objgen, self.masking > 0)
        if pattern.objgen != (0, 0) and key in self.patterns:
            return self.patterns[key]
        if int(pattern.get("/PatternType", 0)) == 2:
            shading = pattern.get("/Shading")
            problems = self._gradient(shading, res)[0] if _is_dictionary(shading) else ()
            state = pattern.get("/ExtGState")
            if state is not None:
                problems += self._state_problems(state)
        else:
            inner = self.sketch(pattern, pattern.get("/Resources"), "pattern", inherit=False)
            problems = tuple(problem for problem, _, _ in inner.marks.values())
        if pattern.objgen != (0, 0):
            self.patterns[key] = problems
        return problems

    # --- graphics states ---
    def state(self, res, name):
        import pikepdf

        gs = _get(_get(res, "/ExtGState"), as_text(name))
        if not isinstance(gs, pikepdf.Dictionary):
            return (), None
        font = gs.get("/Font")
        font = font[0] if isinstance(font, pikepdf.Array) and len(font) >= 1 else None
        return self._state_problems(gs), font

    def _state_problems(self, gs) -> tuple:
        import pikepdf

        key = (gs.objgen, self.masking > 0)
        if gs.objgen != (0, 0) and key in self.states:
            return self.states[key]
        problems: tuple = ()
        if self.x1a and self.transparent_state(gs):
            problems += (Problem("transparency", "transparency (opacity, a soft mask or a blend mode): "
                                                 "PDF/X-1a forbids it; flatten it first"),)
        mask = gs.get("/SMask")
        if isinstance(mask, pikepdf.Dictionary) and isinstance(mask.get("/G"), pikepdf.Stream):
            self.masking += 1
            try:
                inner = self.sketch(mask.G, mask.G.get("/Resources"), "mask", inherit=False)
            finally:
                self.masking -= 1
            problems += tuple(Problem(p.key, f"in a soft mask, {p.message}", p.rejects)
                              for p, _, _ in inner.marks.values() if p.key != "ink")
        if gs.objgen != (0, 0):
            self.states[key] = problems
        return problems

    # --- text ---
    def font(self, res, name):
        return _get(_get(res, "/Font"), as_text(name))

    def show(self, font, sketch: Sketch, at, fill, stroke) -> None:
        import pikepdf

        if not isinstance(font, pikepdf.Dictionary):
            return
        key = font.objgen
        known = self.fonts.get(key) if key != (0, 0) else None
        if known is None:
            known = self._font(font)
            if key != (0, 0):
                self.fonts[key] = known
        problem, glyphs = known
        if problem is not None:
            sketch.add(problem, at)
        if glyphs is not None:
            sketch.replay(glyphs, IDENTITY, fill, stroke, (), at=at)

    def _font(self, font):
        if as_text(font.get("/Subtype", "")) == "/Type3":
            glyphs = Sketch()
            procs = font.get("/CharProcs") or {}
            for glyph in procs.values():
                glyphs.replay(self.sketch(glyph, font.get("/Resources"), "glyph", inherit=True), IDENTITY, None, None)
            return None, glyphs
        if _embedded(font):
            return None, None
        base = as_text(font.get("/BaseFont", "/(unnamed)"))[1:]
        return Problem(f"font {base}", f"the font {base} is not embedded: the shop would print another in its place"), None

    # --- forms, pictures, gradients ---
    def draw(self, res, name, sketch: Sketch, ctm, fill, stroke, extra) -> None:
        import pikepdf

        x = _get(_get(res, "/XObject"), as_text(name))
        if not isinstance(x, pikepdf.Stream):
            return
        subtype = x.get("/Subtype")
        if subtype == pikepdf.Name.Form:
            if x.objgen in (o for o, _ in self.open):
                sketch.add(Problem("loop", "a form that draws itself: a RIP would never finish the page"),
                           (ctm[4], ctm[5]))
                return
            inner = self.sketch(x, x.get("/Resources", res), "form", inherit=True)
            matrix = tuple(float(v) for v in x.get("/Matrix", IDENTITY))
            sketch.replay(inner, multiply(matrix, ctm), fill, stroke, extra)
        elif subtype == pikepdf.Name.Image:
            self._picture(x, as_text(name)[1:], res, sketch, ctm, fill, extra)

    def _picture(self, x, label: str, res, sketch: Sketch, ctm, fill, extra) -> None:
        at = (ctm[4], ctm[5])
        sketch.place(f"{label} {x.objgen}", label, ctm, int(x.get("/Width", 0)), int(x.get("/Height", 0)))
        if x.get("/ImageMask"):
            sketch.paint(fill, extra, "fill", at)
            return
        problems = []
        if "/ColorSpace" in x:
            space = self.space(res, x.ColorSpace)
            problems = [Problem(f"{f.key}-image", f"{called(space, 'image')} ({label}): {f.reason}", f.rejects)
                        for f in space.faults]
            try:
                worst = None if self.masking else self.pictures.most_ink(x, space)
            except Unmeasured as e:
                worst = None
                problems.append(Problem("unmeasured", f"image {label}: its ink was not measured ({e})", rejects=False))
            if worst is not None and worst > self.shop.ink_limit + 0.5:
                problems.append(Problem("ink-image", f"image {label} has pixels of {worst:.0f} % total ink: "
                                                     f"{self.shop.title} allows {self.shop.ink_limit:g} %"))
        if x.get("/SMask") is not None and self.x1a:
            problems.append(Problem("transparency", f"an image with a soft mask ({label}): PDF/X-1a forbids transparency"))
        sketch.paint(tuple(problems), extra, "fill", at)

    def shading(self, res, name):
        shading = _get(_get(res, "/Shading"), as_text(name))
        if not _is_dictionary(shading):
            return (Problem("bad-gradient", f"a gradient that is not defined ({as_text(name)[1:]}): a RIP cannot print it"),), (0, 0)
        return self._gradient(shading, res)

    def _gradient(self, shading, res):
        gradient = self.shadings.read(shading, _get(res, "/ColorSpace"))
        problems = [Problem(f.key, f"{called(gradient.space, 'gradient')}: {f.reason}", f.rejects)
                    for f in gradient.space.faults]
        if gradient.broken:
            problems.append(Problem("bad-gradient", f"{gradient.broken}: a RIP may refuse it"))
        if gradient.worst is not None and not self.masking and gradient.worst > self.shop.ink_limit + 0.5:
            problems.append(Problem("ink", f"a gradient reaching {gradient.worst:.0f} % total ink: "
                                           f"{self.shop.title} allows {self.shop.ink_limit:g} %"))
        return tuple(problems), gradient.start

    def inline(self, res, image, ctm, fill) -> tuple:
        try:
            info = image.obj
        except Exception:  # noqa: BLE001 — an inline image pikepdf cannot describe: nothing to check
            return ()
        if info.get("/IM", info.get("/ImageMask")):
            return fill or ()
        space_name = info.get("/CS", info.get("/ColorSpace"))
        if space_name is None:
            return ()
        space = self.space(res, space_name)
        problems = [Problem(f"{f.key}-image", f"{called(space, 'inline image')}: {f.reason}", f.rejects)
                    for f in space.faults]
        if space.family == "cmyk" and not self.masking:
            width, height = int(info.get("/W", info.get("/Width", 0))), int(info.get("/H", info.get("/Height", 0)))
            self.budget.spend_pixels(max(0, width * height))
            worst = _inline_ink(image)
            if worst is not None and worst > self.shop.ink_limit + 0.5:
                problems.append(Problem("ink-image", f"an inline image has pixels of {worst:.0f} % total ink: "
                                                     f"{self.shop.title} allows {self.shop.ink_limit:g} %"))
        return tuple(problems)

    # --- content streams ---
    def sketch(self, stream, resources, kind: str, inherit: bool) -> Sketch:
        """The sketch of a form, pattern, glyph, appearance or soft mask, read once."""
        key = (stream.objgen, kind, self.masking > 0, _key(resources))
        if stream.objgen != (0, 0) and key in self.sketches:
            return self.sketches[key]
        made = Sketch()
        if any(o == stream.objgen for o, _ in self.open) and stream.objgen != (0, 0):
            made.add(Problem("loop", f"a {kind} that draws itself: a RIP would never finish the page"), None)
            return made
        if len(self.open) >= MAX_DEPTH:
            made.add(Problem("deep", f"drawings nested more than {MAX_DEPTH} deep (forms in forms): too deep to check"), None)
            return made
        self.open.append((stream.objgen, kind))
        try:
            self.run(stream, resources, made, inherit)
        finally:
            self.open.pop()
        if kind != "mask":   # a soft mask's group space only computes its luminosity
            self._group(stream, made, (0.0, 0.0))
        if stream.objgen != (0, 0):
            self.sketches[key] = made
        return made

    def run(self, obj, resources, sketch: Sketch, inherit: bool, parts=None) -> None:
        import pikepdf

        for part in (parts if parts is not None else [obj]):
            if not isinstance(part, pikepdf.Stream):
                continue
            try:
                data = decoded(part, MAX_STREAM_BYTES)
            except TooLarge:
                raise TooMuch(f"a content stream inflates past {MAX_STREAM_BYTES >> 20} MB: too much to check in full") from None
            left = self.budget.operators_left()
            if operators_at_most(data, left) > left:
                self.budget.spend_operators(left + 1)
        try:
            instructions = pikepdf.parse_content_stream(obj)
        except (pikepdf.PdfError, IndexError, TypeError, ValueError):   # what qpdf cannot parse
            raise Damaged() from None
        self.budget.spend_operators(len(instructions))
        Run(self, resources if resources is not None else pikepdf.Dictionary(), sketch, inherit=inherit).go(instructions)

    def page(self, page_obj, trim) -> Sketch:
        import pikepdf

        made = Sketch()
        contents = page_obj.get("/Contents")
        parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        if contents is not None:
            self.open.append((page_obj.objgen, "page"))
            try:
                self.run(page_obj, inherited(page_obj, "/Resources"), made, inherit=False, parts=parts)
            finally:
                self.open.pop()
        self._group(page_obj, made, None)
        for annotation in page_obj.get("/Annots") or []:
            self._annotation(annotation, trim, made)
        return made

    def _group(self, obj, sketch: Sketch, at) -> None:
        """A transparency group's blending space is a colour space like any other: RGB there is
        RGB on the page once the RIP flattens it."""
        import pikepdf

        group = obj.get("/Group")
        if not isinstance(group, pikepdf.Dictionary) or "/CS" not in group:
            return
        space = self.spaces.read(group.CS, None)
        for fault in space.faults:
            if fault.key != "spot":
                sketch.add(Problem(f"{fault.key}-group", f"a transparency group blending in {space.noun}: "
                                                         f"{fault.reason}", fault.rejects), at)

    def _annotation(self, annotation, trim, page: Sketch) -> None:
        import pikepdf

        if not isinstance(annotation, pikepdf.Dictionary) or as_text(annotation.get("/Subtype", "")) in _NOT_PRINTED:
            return
        if int(annotation.get("/F", 0)) & HIDDEN or "/Rect" not in annotation:
            return
        x0, y0, x1, y1 = _box(annotation.Rect)
        if trim is not None and (x1 <= trim[0] or x0 >= trim[2] or y1 <= trim[1] or y0 >= trim[3]):
            return
        kind = as_text(annotation.get("/Subtype", "/annotation"))[1:]
        if self.x1a:
            page.add(Problem("annotation", f"an annotation ({kind}) inside the trim: PDF/X-1a allows none there"), (x0, y0))
        appearance = (annotation.get("/AP") or {}).get("/N")
        if isinstance(appearance, pikepdf.Dictionary) and not isinstance(appearance, pikepdf.Stream):
            state = annotation.get("/AS")
            appearance = appearance.get(as_text(state)) if state is not None else next(iter(appearance.values()), None)
        if not isinstance(appearance, pikepdf.Stream):
            return
        inner = self.sketch(appearance, appearance.get("/Resources"), "annotation", inherit=False)
        matrix = tuple(float(v) for v in appearance.get("/Matrix", IDENTITY))
        bx0, by0, bx1, by1 = _transformed_box(_box(appearance.get("/BBox", [0, 0, 1, 1])), matrix)
        sx = (x1 - x0) / (bx1 - bx0) if bx1 > bx0 else 1.0
        sy = (y1 - y0) / (by1 - by0) if by1 > by0 else 1.0
        fit = (sx, 0.0, 0.0, sy, x0 - bx0 * sx, y0 - by0 * sy)
        page.replay(inner, multiply(matrix, fit), (), ())


def _is_dictionary(obj) -> bool:
    import pikepdf

    return isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream))


def _get(dictionary, key):
    if dictionary is None:
        return None
    try:
        return dictionary.get(key)
    except (AttributeError, TypeError, ValueError):
        return None


def _key(resources):
    return None if resources is None else (resources.objgen if resources.objgen != (0, 0) else id(resources))


def inherited(page_obj, key: str):
    node, hops = page_obj, 0
    while node is not None and hops < MAX_DEPTH:
        if key in node:
            return node.get(key)
        node, hops = node.get("/Parent"), hops + 1
    return None


def _box(box):
    x0, y0, x1, y1 = (float(v) for v in box)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _transformed_box(box, m):
    from pnp.printshop.preflight.sketch import apply

    corners = [apply(m, x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def _embedded(font) -> bool:
    subtype = as_text(font.get("/Subtype", ""))
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        return all(_embedded(d) for d in font.get("/DescendantFonts", [])[:4])
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _inline_ink(image) -> float | None:
    import numpy as np

    try:
        picture = image.as_pil_image()
    except Exception:  # noqa: BLE001 — an inline image Pillow cannot decode: nothing to measure
        return None
    if picture.mode != "CMYK":
        return None
    return float(np.asarray(picture, dtype=np.uint16).sum(axis=-1).max()) / 255 * 100
