"""The fonts a game brings (`fonts:` and `fallback_fonts:` in game.yaml), read and checked once at load.

A font file is untrusted input like any other: it is read through the safe-path
gate with a size cap, and every way it can fail to print is a located error at
the game.yaml line naming it, saying why and what to do — a collection, a web
font, a broken or truncated file, a licence that forbids embedding or
subsetting, variable CFF2 outlines. OpenType fonts with CFF outlines, which
reportlab cannot embed, are converted to TrueType outlines with fontTools
(cu2qu), so they can be used. The result is an immutable `GameFonts`.
"""
from __future__ import annotations

import hashlib
import io
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.errors import Collector, SpecErrors, did_you_mean
from pnp.models.fontnames import FONT_FILES, STYLES, GameFace, GameFonts, EMPTY
from pnp.reading.load import LDict, locate

FONT_BYTES = 20_000_000      # one font file: a full CJK face fits; more is almost always a collection or unsubset
FONTS_BYTES = 60_000_000     # all of a game's font files together
MAX_FAMILIES = 16
CONVERT_GLYPHS = 30_000      # CFF fonts with more glyphs than this are not converted here (seconds of work each)
CONVERT_BYTES = 8_000_000    # charstring bytes run to convert one CFF font (subroutines as often as called): ~10 s
_FAMILY_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,47}$")
_TRUETYPE_TAGS = (b"\x00\x01\x00\x00", b"true", b"OTTO")
_REQUIRED = ("cmap", "head", "hhea", "hmtx", "maxp")


class FontProblem(Exception):
    """Why a font file cannot be used, in words for the designer."""


def load_game_fonts(game_dir: Path, game: Any, raw: Any, errors: Collector) -> GameFonts:
    """The game's checked faces and fallback order; problems go to `errors`, located at game.yaml."""
    if game is None or not isinstance(game.fonts, dict):
        named = _families_written(raw)  # game.yaml failed: its fonts' names still name fonts, with no second error
        return GameFonts(unusable=tuple(named)) if named else EMPTY
    faces: dict[str, GameFace] = {}
    declared: list[str] = []
    total = 0
    if len(game.fonts) > MAX_FAMILIES:
        errors.error(locate(raw, ["fonts"], key=True), f"{len(game.fonts)} font families; at most {MAX_FAMILIES}")
        return EMPTY
    for family, files in game.fonts.items():
        if not _FAMILY_NAME.match(family) or family in FONT_FILES:
            why = ("is a built-in font name" if family in FONT_FILES else
                   "must start with an ASCII letter or digit and hold only those, spaces, '.', '_' and '-' "
                   "(at most 48)")
            errors.error(locate(raw, ["fonts", family], key=True), f"font family name '{family}' {why}")
            continue
        for style, suffix in STYLES.items():
            relative = getattr(files, style.replace("-", "_"))
            if relative is None:
                continue
            where = locate(raw, _path_to(raw, family, style))
            name = family + suffix
            declared.append(name)
            if name in faces or name in FONT_FILES:
                errors.error(where, f"font name '{name}' is given twice; rename the family")
                continue
            try:
                _, data = _read(game_dir, relative, where)
                total += len(data)
                if total > FONTS_BYTES:
                    raise FontProblem(f"brings the game's font files to more than {FONTS_BYTES // 1_000_000} MB "
                                      "together; subset the big ones (pyftsubset) or declare fewer faces")
                ttf = usable_truetype(data)
            except SpecErrors as e:
                errors.errors.extend(e.errors)
                continue
            except FontProblem as e:
                errors.error(where, f"font file '{relative}' {e}")
                continue
            faces[name] = GameFace(name, family, style, ttf, hashlib.sha256(ttf).hexdigest())
    known = list(FONT_FILES) + list(dict.fromkeys(list(faces) + declared))  # a face that failed has its own error
    fallback = []
    for i, name in enumerate(game.fallback_fonts):
        if name in faces or name in FONT_FILES:
            fallback.append(name)
        elif name not in known:
            errors.error(locate(raw, ["fallback_fonts", i]),
                         f"unknown fallback font '{name}'{did_you_mean(name, known)} "
                         f"(a built-in font or a family under `fonts:`)")
    for lang, name in game.language_fonts.items():  # a language's own script (docs/languages.md)
        if name not in known:
            errors.error(locate(raw, ["language_fonts", lang]),
                         f"unknown font '{name}' for {lang}{did_you_mean(name, known)} "
                         f"(a built-in font or a family under `fonts:`)")
        elif lang not in game.languages:
            errors.error(locate(raw, ["language_fonts", lang], key=True),
                         f"'{lang}' is not one of `languages:` ({', '.join(game.languages) or 'none listed'})")
    for role in ("body", "headings"):
        name = getattr(game.rulebook_fonts, role)
        if name not in known:
            errors.error(locate(raw, ["rulebook_fonts", role]),
                         f"unknown font '{name}'{did_you_mean(name, known)} (a built-in font or a family under `fonts:`)")
    key = hashlib.sha256(repr((sorted((n, f.digest) for n, f in faces.items()), fallback)).encode()).hexdigest()
    rulebook = (game.rulebook_fonts.body, game.rulebook_fonts.headings)
    rulebook = tuple(n if n in faces or n in FONT_FILES else d for n, d in zip(rulebook, EMPTY.rulebook))
    # named in specs without a second error: faces whose files failed, and families whose entry was refused
    unusable = tuple(n for n in dict.fromkeys(declared + _families_written(raw)) if n not in faces)
    if not faces and not fallback and not unusable and rulebook == EMPTY.rulebook:
        return EMPTY  # nothing of the game's own: exactly the built-in behaviour
    return GameFonts(faces, tuple(fallback), key[:16], rulebook, unusable)


def _families_written(raw: Any) -> list[str]:
    """The font names game.yaml's `fonts:` declares as written (a family, and each style it names), read
    from the tree itself: when the game or an entry fails validation, specs naming them are not wrong too."""
    fonts = raw.get("fonts") if isinstance(raw, LDict) else None
    if not isinstance(fonts, dict):
        return []
    names = []
    for family, files in list(fonts.items())[:MAX_FAMILIES]:
        if not isinstance(family, str) or not _FAMILY_NAME.match(family) or family in FONT_FILES:
            continue
        styles = [s for s in STYLES if s in files] if isinstance(files, dict) else ["regular"]
        names += [family + STYLES[s] for s in styles or ["regular"]]
    return names


def _path_to(raw: Any, family: str, style: str) -> list:
    """Where a style's file is named: `fonts.<family>.<style>`, or `fonts.<family>` for the short form."""
    entry = raw.get("fonts", {}).get(family) if isinstance(raw, LDict) else None
    return ["fonts", family, style] if isinstance(entry, LDict) else ["fonts", family]


def _read(game_dir: Path, relative: str, where) -> tuple[Path, bytes]:
    from pnp.reading.safepath import read_game_bytes

    try:
        return read_game_bytes(game_dir, relative, where, "font file", FONT_BYTES)
    except SpecErrors as e:
        hint = ("; subset it to the characters the game prints (e.g. fontTools' "
                "`pyftsubset font.otf --text-file=chars.txt`) or pick a smaller face")
        raise SpecErrors([replace(err, message=err.message + hint) if "too large" in err.message else err
                          for err in e.errors]) from None


@lru_cache(maxsize=8)  # watch and serve load a game again on every save: its fonts are checked once
def usable_truetype(data: bytes) -> bytes:
    """TrueType bytes reportlab can embed as a subset, or FontProblem saying why not (cached by content)."""
    tag = data[:4]
    if tag == b"ttcf":
        raise FontProblem("is a font collection (.ttc/.otc), several faces in one file; save the face you want "
                          "as its own .ttf or .otf (e.g. with fontTools' TTCollection) and name that file")
    if tag in (b"wOFF", b"wOF2"):
        raise FontProblem("is a web font (WOFF); convert it to .ttf or .otf (e.g. fontTools: "
                          "`fonttools ttLib.woff2 decompress`) and name that file")
    if tag not in _TRUETYPE_TAGS:
        raise FontProblem("is not a TrueType or OpenType font (it does not start like one); "
                          "name a .ttf or .otf file")
    font = _open(data)
    _check_licence(font)
    if "CFF2" in font:
        raise FontProblem("has variable CFF2 outlines, which cannot be embedded; use a static TTF or OTF of the font")
    glyphs = font["maxp"].numGlyphs
    if "CFF " in font and glyphs > CONVERT_GLYPHS:
        raise FontProblem(f"has CFF outlines and {glyphs:,} glyphs, too many to convert here (at most "
                          f"{CONVERT_GLYPHS:,}); use a TrueType (.ttf) version, or subset it first (pyftsubset)")
    _read_every_table(font)
    if "CFF " in font:
        data = _cff_to_truetype(font)
    elif "glyf" not in font:
        raise FontProblem("has no outlines pnp can embed (neither TrueType 'glyf' nor CFF); use a TTF or OTF")
    _reportlab_accepts(data)
    return data


def _open(data: bytes):
    """The font opened by fontTools, its small tables read (the outlines come later, after the cheap checks)."""
    from fontTools.ttLib import TTFont

    try:
        font = TTFont(io.BytesIO(data), recalcTimestamp=False)  # a converted face keeps its date: same bytes
        missing = [t for t in _REQUIRED if t not in font]
        if not missing:
            font["maxp"], font["head"]
            _check_character_maps(font.reader["cmap"])
            cmap = font.getBestCmap()
    except FontProblem:
        raise
    except Exception as e:  # fontTools raises many kinds on a damaged file
        raise _broken(e) from None
    if missing:
        raise FontProblem(f"is broken: it lacks the {', '.join(missing)} table(s) every font needs; "
                          "download or export the font again")
    if not cmap:
        raise FontProblem("has no Unicode character map, so no text can be drawn with it; use another font")
    return font


# code points a character map's ranges may cover in all: as many as there are, in the formats read by code point
_CMAP_SPAN = {4: 0x10000, 12: 0x110000, 13: 0x110000}


def _check_character_maps(raw: bytes) -> None:
    """The character maps' ranges, measured from the table's bytes before fontTools or reportlab reads them.

    Both read a range one code point at a time, so ranges that overlap (which no real font has) cost
    them minutes and gigabytes: 2,000 copies of the whole of Unicode fit in 24 kB.
    """
    import struct

    seen = set()
    for i in range(struct.unpack_from(">H", raw, 2)[0]):
        offset = struct.unpack_from(">I", raw, 8 + 8 * i)[0]
        if offset in seen:
            continue
        seen.add(offset)
        fmt = struct.unpack_from(">H", raw, offset)[0]
        if fmt == 4:
            segments = struct.unpack_from(">H", raw, offset + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", raw, offset + 14)
            starts = struct.unpack_from(f">{segments}H", raw, offset + 16 + 2 * segments)
            span = sum(end - start + 1 for start, end in zip(starts, ends) if end >= start)
        elif fmt in (12, 13):
            groups = struct.unpack_from(">I", raw, offset + 12)[0]
            if 16 + 12 * groups > len(raw) - offset:
                raise ValueError("a character map is cut short")
            span = sum(end - start + 1 for start, end, _ in struct.iter_unpack(
                ">III", raw[offset + 16:offset + 16 + 12 * groups]) if end >= start)
        else:
            continue
        if span > _CMAP_SPAN[fmt]:
            raise FontProblem(f"is broken: its character map (format {fmt}) gives {span:,} code points, more than "
                              f"there are ({_CMAP_SPAN[fmt]:,}); its ranges overlap. Download or export the font again")


_DECOMPILED = ("head", "hhea", "maxp", "cmap", "hmtx", "OS/2", "post", "name", "loca", "glyf", "CFF ")


def _read_every_table(font) -> None:
    """Every table present in full, and the ones drawing needs readable, so a truncated or damaged file
    shows here and not half-way through a build. Glyph outlines stay packed (expanding all of them
    costs seconds on a big face); reportlab reads the ones it embeds."""
    try:
        for tag in font.reader.keys():
            if len(font.reader[tag]) < font.reader.tables[tag].length:
                raise ValueError(f"the '{tag}' table is cut short")
        for tag in _DECOMPILED:
            if tag in font:
                font[tag]
    except Exception as e:
        raise _broken(e) from None


def _broken(e: Exception) -> FontProblem:
    from pnp.valuewords import scrub

    return FontProblem(f"is broken or truncated ({scrub(str(e))[:120]}); "
                       "download or export the font again")


def _check_licence(font) -> None:
    """OS/2 fsType: the font maker's word on embedding; pnp embeds subsets, so it must allow both."""
    fs_type = font["OS/2"].fsType if "OS/2" in font else 0
    if fs_type & 0x000F == 0x0002:
        raise FontProblem(f"has a licence flag (OS/2 fsType {fs_type:#06x}, restricted) that forbids embedding it "
                          "in a document; choose a font whose licence allows embedding (e.g. an OFL font)")
    if fs_type & 0x0100:
        raise FontProblem(f"has a licence flag (OS/2 fsType {fs_type:#06x}) that forbids subsetting, and pnp "
                          "embeds only the characters used; choose a font whose licence allows subsetting")
    if fs_type & 0x0200:
        raise FontProblem(f"has a licence flag (OS/2 fsType {fs_type:#06x}) that allows embedding only as bitmaps; "
                          "choose a font whose licence allows embedding its outlines")


def _cff_to_truetype(font) -> bytes:
    """CFF (PostScript) outlines → TrueType quadratic outlines with fontTools' cu2qu, within 1 font unit."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    try:
        glyph_set = font.getGlyphSet()
        bounded = _bounded_outlines(min(CONVERT_BYTES, 4 * len(font.reader["CFF "]) + 65_535))
        glyf = newTable("glyf")
        glyf.glyphOrder = order
        glyf.glyphs = {}
        for name in order:
            pen = TTGlyphPen(glyph_set)
            glyph_set.charStrings[name].outlineExtractor = bounded
            glyph_set[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
            glyf.glyphs[name] = pen.glyph()
        font["loca"] = newTable("loca")
        font["glyf"] = glyf
        del font["CFF "]
        for tag in ("VORG",):
            if tag in font:
                del font[tag]
        glyf.compile(font)
        hmtx = font["hmtx"]
        for name, glyph in glyf.glyphs.items():
            if hasattr(glyph, "xMin"):
                hmtx[name] = (hmtx[name][0], glyph.xMin)
        maxp = newTable("maxp")
        maxp.tableVersion = 0x00010000
        for attr in ("maxZones",):
            setattr(maxp, attr, 1)
        for attr in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                     "maxStackElements", "maxSizeOfInstructions"):
            setattr(maxp, attr, 0)
        maxp.maxComponentElements = 0
        font["maxp"] = maxp
        font["head"].glyphDataFormat = 0
        post = font["post"]
        post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
        font.sfntVersion = "\x00\x01\x00\x00"
        out = io.BytesIO()
        font.save(out, reorderTables=True)
    except FontProblem:
        raise
    except Exception as e:
        from pnp.valuewords import scrub

        raise FontProblem(f"has CFF outlines that could not be converted to TrueType ({scrub(str(e))[:120]}); "
                          "use a TrueType (.ttf) version of the font") from None
    return out.getvalue()


def _bounded_outlines(limit: int):
    """fontTools' charstring runner, stopping the conversion once it has run `limit` bytes of charstrings.

    A subroutine may call others, each many times: a font of 1.5 kB whose nine subroutines call the
    next fifty times each runs for ever (50⁹ calls). A real font runs its subroutines a few times
    over, about its own size; the whole font is held to four times its outlines' size, and at most
    CONVERT_BYTES.
    """
    from fontTools.misc.psCharStrings import T2OutlineExtractor

    spent = [0]

    class Bounded(T2OutlineExtractor):
        def execute(self, charString):
            code = charString.bytecode
            spent[0] += len(code) if code is not None else len(charString.program)
            if spent[0] > limit:
                raise FontProblem(f"has CFF outlines whose subroutines run more than {limit:,} bytes to draw its "
                                  "glyphs, too many to convert here; use a TrueType (.ttf) version, or subset it "
                                  "first (pyftsubset)")
            return super().execute(charString)

    return Bounded


def _reportlab_accepts(data: bytes) -> None:
    """reportlab, which embeds the font, reads it too: its refusal becomes the designer's message."""
    from reportlab.pdfbase.ttfonts import TTFont

    try:
        TTFont("pnp-probe", io.BytesIO(data))
    except Exception as e:
        raise FontProblem(f"cannot be embedded ({str(e)[:160]}); use another TTF or OTF of the font") from None
