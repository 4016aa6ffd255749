"""RGB → the shop's CMYK, through an ICC profile with littleCMS (Pillow's ImageCms).

Three rules sit on top of the profile, the ones print shops ask for:
- neutral greys (red = green = blue), black above all, print on the black plate alone: text and thin
  lines in pure black are 100 % K, never a rich black four plates must register to draw;
- total area coverage (C + M + Y + K) never exceeds the shop's limit: where a colour is over, its
  cyan, magenta and yellow are reduced in proportion and its black is kept;
- the profile is pnp's own (`pnp/data/icc/`, made from freely licensed FOGRA39 data) unless the game
  names the shop's profile in `print.profile`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from io import BytesIO

DEFAULT_PROFILE = "pnp-fogra39l-coated.icc"
# What the output intent says of pnp's own profile: it is made from FOGRA39 measurements, a
# printing condition registered with the ICC, so a shop's RIP knows it by this name.
DEFAULT_CONDITION = "FOGRA39"


def default_profile_bytes() -> bytes:
    """pnp's shipped CMYK profile."""
    from importlib.resources import files

    return files("pnp").joinpath("data", "icc", DEFAULT_PROFILE).read_bytes()


class ProfileError(ValueError):
    """A profile that is not a CMYK output profile littleCMS can read (said in the designer's words)."""


@dataclass
class Cmyk:
    """The conversion of one build: a CMYK profile and a shop's ink limit (in per cent)."""

    profile: bytes
    ink_limit: float
    condition: str = DEFAULT_CONDITION
    _cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        from PIL import ImageCms

        try:
            self._cmyk = ImageCms.ImageCmsProfile(BytesIO(self.profile))
        except (OSError, ImageCms.PyCMSError, ValueError):
            raise ProfileError("is not an ICC profile littleCMS can read") from None
        if self._cmyk.profile.xcolor_space.strip() != "CMYK":
            raise ProfileError(f"is a {self._cmyk.profile.xcolor_space.strip() or 'non-CMYK'} profile; "
                               "a print shop's profile is CMYK")
        self._transform = ImageCms.buildTransform(_srgb(), self._cmyk, "RGB", "CMYK",
                                                  renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                                  flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)

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
        if r == g == b:
            return (0.0, 0.0, 0.0, round(1 - r / 255, 4))
        from PIL import Image, ImageCms

        c, m, y, k = ImageCms.applyTransform(Image.new("RGB", (1, 1), (r, g, b)), self._transform).getpixel((0, 0))
        return limit_ink(c / 255, m / 255, y / 255, k / 255, self.ink_limit)

    def image(self, rgb):
        """A Pillow RGB image as CMYK: the profile, then neutral pixels on K alone, then the ink limit."""
        from PIL import Image, ImageChops, ImageCms

        rgb = rgb.convert("RGB")
        cmyk = ImageCms.applyTransform(rgb, self._transform)
        r, g, b = rgb.split()
        neutral = ImageChops.add(ImageChops.difference(r, g), ImageChops.difference(g, b)).point(lambda v: 255 if v == 0 else 0)
        blank = Image.new("L", rgb.size, 0)
        k_only = Image.merge("CMYK", (blank, blank, blank, ImageChops.invert(r)))
        cmyk.paste(k_only, (0, 0), neutral)
        return limit_image_ink(cmyk, self.ink_limit)


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


def _floor4(v: float) -> float:
    return int(v * 10000) / 10000


@lru_cache(maxsize=1)
def _srgb():
    from PIL import ImageCms

    return ImageCms.createProfile("sRGB")
