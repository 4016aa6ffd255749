"""A soft proof: a shop's CMYK pages back on the screen as the press prints them.

Ghostscript renders the shop's PDF to its four inks per pixel (`tiff32nc`, the device a RIP's
separations come from: DeviceCMYK passes through untouched), and the shop's profile turns those inks
into the sRGB colours they print as (`Cmyk.as_printed`, littleCMS). A viewer's own CMYK → RGB guess
plays no part. `pnp build --shop NAME --proof` writes the pictures into the proof folder and
`pnp serve --shop NAME` shows them beside the screen colours.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

PROOF_DPI = 100       # enough to judge colour on a screen
MAX_PAGES = 400       # pages proofed per file, as the preview draws
GS_SECONDS = 300      # Ghostscript's time for one file


class ProofError(RuntimeError):
    """The proof could not be drawn (no Ghostscript, or it failed): said in the designer's words."""


def cmyk_pages(data: bytes, dpi: int = PROOF_DPI, pages: int = MAX_PAGES) -> list:
    """Each page of a PDF as a Pillow CMYK picture of its inks, rendered by Ghostscript."""
    from PIL import Image

    gs = shutil.which("gs")
    if gs is None:
        raise ProofError("the soft proof needs Ghostscript (the `gs` command; apt-get install ghostscript)")
    with tempfile.TemporaryDirectory(prefix="pnp-proof-") as work:
        source = Path(work, "in.pdf")
        source.write_bytes(data)
        try:
            subprocess.run([gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dNOINTERPOLATE", "-sDEVICE=tiff32nc",
                            f"-r{dpi}", f"-dLastPage={pages}", "-o", str(Path(work, "p%04d.tif")), str(source)],
                           check=True, capture_output=True, timeout=GS_SECONDS)
        except subprocess.TimeoutExpired:
            raise ProofError(f"Ghostscript took more than {GS_SECONDS} s to draw it") from None
        except subprocess.CalledProcessError as e:
            said = (e.stderr or b"").decode("utf-8", "replace").strip().splitlines()
            raise ProofError(f"Ghostscript could not draw it ({said[-1] if said else 'no reason given'})") from None
        out = []
        for tif in sorted(Path(work).glob("p*.tif")):
            with Image.open(tif) as picture:
                out.append(picture.convert("CMYK").copy())
        return out


def printed_pages(data: bytes, cmyk, dpi: int = PROOF_DPI) -> list:
    """Each page of a shop's PDF as it prints, in sRGB."""
    return [cmyk.as_printed(page) for page in cmyk_pages(data, dpi)]


def proof_pictures(name: str, data: bytes, cmyk, dpi: int = PROOF_DPI) -> dict[str, bytes]:
    """{`<file>-p<n>.png`: the page as printed} for each page of one of the shop's PDFs."""
    from pnp.draw.pngpages import png

    stem = name[:-4] if name.endswith(".pdf") else name
    pictures = printed_pages(data, cmyk, dpi)
    width = len(str(len(pictures)))
    return {f"{stem}-p{n:0{width}d}.png": png(picture) for n, picture in enumerate(pictures, 1)}
