"""Every colour of a shop's file through its CMYK output profile, with littleCMS (Pillow's ImageCms).

The profile does the work: relative colorimetric without black-point compensation, so a colour the
press can print keeps its lightness and hue, and a grey prints at its lightness on the profile's
neutral axis (its own mix of C, M, Y and K), not on black ink alone, which prints mid greys 10–20 L*
too light. Three rules sit on top, the ones print shops ask for:
- pure black (#000000) is 100 % K: text and thin black lines never need four plates in register;
  a game that asks for it (`print.greys: black-ink`) gets every grey on the black plate alone, at the
  K that prints its lightness where black ink can reach it;
- total area coverage (C + M + Y + K) never exceeds the shop's limit: pnp's own profile is separated for
  the limit (one made for 240 % and one for 300 %), and whatever a colour still has over it loses C, M
  and Y alike, keeping its K;
- a picture already in CMYK is separated again, CMYK → Lab → CMYK (untagged CMYK is taken as FOGRA39,
  the condition pnp's own profile describes), so art made for another press comes under the limit.
Pictures go through the same transform as flat colours, pixel by pixel, so an exactly grey pixel
prints like its nearly grey neighbours.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from io import BytesIO

DEFAULT_PROFILE = "pnp-fogra39l-coated.icc"
# pnp's own profiles by the total ink their separation keeps to (ArgyllCMS colprof -l, the same FOGRA39L data)
LIMITED_PROFILES = {300: DEFAULT_PROFILE, 240: "pnp-fogra39l-coated-240.icc"}
# What the output intent says of pnp's own profile: it is made from FOGRA39 measurements, a
# printing condition registered with the ICC, so a shop's RIP knows it by this name.
DEFAULT_CONDITION = "FOGRA39"
GREYS = ("as-printed", "black-ink")


def default_profile_bytes(ink_limit: float | None = None) -> bytes:
    """pnp's shipped CMYK profile: the one separated for the highest total ink within `ink_limit`
    (the 300 % one when no limit is given)."""
    from importlib.resources import files

    fitting = [limit for limit in LIMITED_PROFILES if ink_limit is None or limit <= ink_limit]
    chosen = LIMITED_PROFILES[max(fitting) if fitting else min(LIMITED_PROFILES)]
    return files("pnp").joinpath("data", "icc", chosen).read_bytes()


class ProfileError(ValueError):
    """A profile that is not a CMYK output profile littleCMS can read (said in the designer's words)."""


@dataclass
class Cmyk:
    """The conversion of one build: a CMYK profile, a shop's ink limit (in per cent) and how greys print."""

    profile: bytes
    ink_limit: float
    condition: str = DEFAULT_CONDITION
    greys: str = "as-printed"
    _cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        from PIL import ImageCms

        cmyk = _read_profile(self.profile)
        intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
        try:
            self._cmyk = cmyk
            self._transform = ImageCms.buildTransform(_srgb(), cmyk, "RGB", "CMYK", renderingIntent=intent)
            self._reseparate = ImageCms.buildTransform(_fogra39(), cmyk, "CMYK", "CMYK", renderingIntent=intent)
            self._to_lab = ImageCms.buildTransform(cmyk, _lab(), "CMYK", "LAB", renderingIntent=intent)
            self._to_screen = ImageCms.buildTransform(cmyk, _srgb(), "CMYK", "RGB", renderingIntent=intent)
        except (ImageCms.PyCMSError, OSError, ValueError):
            raise ProfileError("is cut short or damaged: littleCMS cannot convert colours with it") from None
        self._black_ink: list[float] | None = None

    @property
    def description(self) -> str:
        from PIL import ImageCms

        return ImageCms.getProfileDescription(self._cmyk).strip() or "CMYK"

    def colour(self, r: float, g: float, b: float) -> tuple[float, float, float, float]:
        """One RGB colour (0–1 each) as C, M, Y, K (0–1 each), with the rules above."""
        key = (round(r * 255), round(g * 255), round(b * 255))
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._one(*key)
        return found

    def _one(self, r: int, g: int, b: int) -> tuple[float, float, float, float]:
        if r == g == b == 0:
            return (0.0, 0.0, 0.0, 1.0)
        if r == g == b and self.greys == "black-ink":
            return (0.0, 0.0, 0.0, self._black_for(r))
        from PIL import Image, ImageCms

        c, m, y, k = ImageCms.applyTransform(Image.new("RGB", (1, 1), (r, g, b)), self._transform).getpixel((0, 0))
        return limit_ink(c / 255, m / 255, y / 255, k / 255, self.ink_limit)

    def _black_for(self, v: int) -> float:
        """The K alone whose print is lightest at or below the grey's own lightness (100 % K where black ink
        cannot reach so dark)."""
        if self._black_ink is None:
            from PIL import Image

            ramp = Image.new("CMYK", (256, 1))
            ramp.putdata([(0, 0, 0, k) for k in range(256)])
            self._black_ink = [self.lab_of(ramp)[k][0] for k in range(256)]
        wanted = srgb_lab((v / 255,) * 3)[0]
        k = next((k for k in range(256) if self._black_ink[k] <= wanted + 0.2), 255)
        return _floor4(k / 255)

    def darkest(self) -> float:
        """L* of the darkest grey this conversion prints (the press's black within the ink limit)."""
        if "darkest" not in self._cache:
            self._cache["darkest"] = self.printed_lab(self.colour(1 / 255, 1 / 255, 1 / 255))[0]
        return self._cache["darkest"]

    def image(self, rgb, black_text: bool = False):
        """A Pillow RGB image as CMYK: through the profile, every pixel alike, then the ink limit.

        With `black_text` (a flattened page, whose text is pixels now) pure black pixels stay 100 % K,
        as the text was; a picture's pixels all go through the profile, so none stands out."""
        from PIL import Image, ImageChops, ImageCms

        rgb = rgb.convert("RGB")
        cmyk = limit_image_ink(ImageCms.applyTransform(rgb, self._transform), self.ink_limit)
        if black_text:
            r, g, b = rgb.split()
            black = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v == 0 else 0)
            blank = Image.new("L", rgb.size, 0)
            cmyk.paste(Image.merge("CMYK", (blank, blank, blank, Image.new("L", rgb.size, 255))), (0, 0), black)
        return cmyk

    def cmyk_image(self, picture):
        """A CMYK picture separated again for this profile and limit (CMYK → Lab → CMYK)."""
        from PIL import ImageCms

        return limit_image_ink(ImageCms.applyTransform(picture.convert("CMYK"), self._reseparate), self.ink_limit)

    def lab_of(self, cmyk_picture) -> list[tuple[float, float, float]]:
        """Each pixel of a CMYK picture as printed, in CIELAB (D50), read through this profile."""
        from PIL import ImageCms

        lab = ImageCms.applyTransform(cmyk_picture, self._to_lab)
        pixels = getattr(lab, "get_flattened_data", lab.getdata)()  # getdata's name from Pillow 12 on
        return [_lab_floats(p) for p in pixels]

    def printed_lab(self, cmyk: tuple[float, float, float, float]) -> tuple[float, float, float]:
        """One CMYK colour (0–1 each) as printed, in CIELAB."""
        from PIL import Image

        return self.lab_of(Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk)))[0]

    def as_printed(self, cmyk_picture):
        """A CMYK picture back on the screen (sRGB) as this press prints it: the soft proof."""
        from PIL import ImageCms

        return ImageCms.applyTransform(cmyk_picture, self._to_screen)


def limit_ink(c: float, m: float, y: float, k: float, limit: float) -> tuple[float, float, float, float]:
    """C, M, Y, K (0–1) with C + M + Y + K at most `limit` per cent: C, M and Y scaled down alike."""
    cap = limit / 100 - 0.002  # a hair under the limit, so rounding never lifts a colour over it
    total = c + m + y + k
    if total > cap and c + m + y > 0:
        scale = max(0.0, cap - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return (_floor4(c), _floor4(m), _floor4(y), _floor4(min(k, cap)))


def limit_image_ink(cmyk, limit: float):
    """A Pillow CMYK image with every pixel's total at most `limit` per cent (the same rule as `limit_ink`)."""
    from PIL import Image, ImageMath

    cap = int(limit / 100 * 255) - 2
    c, m, y, k = cmyk.split()
    bands = {"c": c.convert("F"), "m": m.convert("F"), "y": y.convert("F"), "k": k.convert("F")}

    def scaled(band):
        return ImageMath.lambda_eval(
            lambda a: a["v"] * (1 - a["over"]) + a["v"] * a["over"] * a["room"] / a["cmy"],
            v=bands[band], over=over, room=room, cmy=cmy).point(lambda v: v - 0.5)  # then rounded: truncated, never up

    k_capped = ImageMath.lambda_eval(lambda a: a["min"](a["k"], cap), k=bands["k"])
    cmy = ImageMath.lambda_eval(lambda a: a["max"](a["c"] + a["m"] + a["y"], 1.0), **{n: bands[n] for n in "cmy"})
    over = ImageMath.lambda_eval(lambda a: (a["cmy"] + a["k"]) > cap, cmy=cmy, k=k_capped).convert("F")
    room = ImageMath.lambda_eval(lambda a: a["max"](cap - a["k"], 0.0), k=k_capped)
    out = [scaled(n).convert("L") for n in "cmy"] + [k_capped.convert("L")]
    return Image.merge("CMYK", out)


def srgb_lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """An sRGB colour (0–1 each) in CIELAB (D50, as littleCMS's PCS), for comparing with print."""
    from PIL import Image, ImageCms

    picture = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
    return _lab_floats(ImageCms.applyTransform(picture, _srgb_to_lab()).getpixel((0, 0)))


def _lab_floats(p) -> tuple[float, float, float]:
    """Pillow's 8-bit LAB pixel (L 0–255, a and b stored with 128 as zero) as L*, a*, b*."""
    return (p[0] / 2.55, p[1] - 128.0, p[2] - 128.0)


def _read_profile(data: bytes):
    from PIL import ImageCms

    try:
        profile = ImageCms.ImageCmsProfile(BytesIO(data))
    except (OSError, ImageCms.PyCMSError, ValueError):
        raise ProfileError("is not an ICC profile littleCMS can read") from None
    space = profile.profile.xcolor_space.strip()
    if space != "CMYK":
        raise ProfileError(f"is a {space or 'non-CMYK'} profile; a print shop's profile is CMYK")
    return profile


def _floor4(v: float) -> float:
    return int(v * 10000) / 10000


@lru_cache(maxsize=1)
def _srgb():
    from PIL import ImageCms

    return ImageCms.createProfile("sRGB")


@lru_cache(maxsize=1)
def _lab():
    from PIL import ImageCms

    return ImageCms.createProfile("LAB")


@lru_cache(maxsize=1)
def _fogra39():
    """What untagged CMYK art is taken to be: FOGRA39 coated offset, pnp's own profile of it."""
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(BytesIO(default_profile_bytes()))


@lru_cache(maxsize=1)
def _srgb_to_lab():
    from PIL import ImageCms

    return ImageCms.buildTransform(_srgb(), _lab(), "RGB", "LAB",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
