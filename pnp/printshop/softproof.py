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


class NoSuchPage(ProofError):
    """A page the PDF does not have."""


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


def page_as_printed(pdf: bytes, page: int, shop, cmyk, dpi: int = PROOF_DPI):
    """One page (0-based) of any of the game's PDFs as the shop would print it, in sRGB: the page made the
    shop's CMYK exactly as its files are (`pnp.printshop.pdfx`, flattened for PDF/X-1a where it is
    transparent), rendered to inks and brought back through the profile."""
    from io import BytesIO

    import pikepdf

    from pnp.printshop.pdfx import Placement, make_pdfx

    with pikepdf.open(BytesIO(pdf)) as source:
        if not 0 <= page < len(source.pages):
            raise NoSuchPage(f"there is no page {page + 1}")
        one = pikepdf.new()
        one.pages.append(source.pages[page])
        box = [float(v) for v in one.pages[0].MediaBox]
        buffer = BytesIO()
        one.save(buffer)
    width, height = box[2] - box[0], box[3] - box[1]
    made = make_pdfx(buffer.getvalue(), [Placement(0, width, height, 0.0, width, height)], 0.0, shop.standard,
                     cmyk, "proof", shop.dpi)
    return cmyk.as_printed(cmyk_pages(made, dpi, 1)[0])


class PageProofs:
    """The serve page's soft proofs: pages of a game's PDFs as a shop prints them, made when asked and
    kept (the last `KEPT`). `conversion(shop)` gives the shop's `Cmyk` for the game (its `print.profile`
    and `print.greys`), asked once per shop until `forget`."""

    KEPT = 64

    def __init__(self, conversion):
        import threading

        self._conversion = conversion
        self._made: dict[tuple, bytes] = {}
        self._conversions: dict[str, object] = {}
        self._lock = threading.Lock()

    def png(self, shop_name: str, digest: str, pdf: bytes, page: int) -> bytes:
        """The PNG of page `page` (0-based) of the PDF whose sha256 is `digest`, as `shop_name` prints it."""
        from pnp.draw.pngpages import png
        from pnp.printshop.profiles import SHOPS

        key = (shop_name, digest, page)
        with self._lock:
            if key in self._made:
                return self._made[key]
            shop = SHOPS[shop_name]
            if shop.name not in self._conversions:
                self._conversions[shop.name] = self._conversion(shop)
            data = png(page_as_printed(pdf, page, shop, self._conversions[shop.name]))
            self._made[key] = data
            while len(self._made) > self.KEPT:
                self._made.pop(next(iter(self._made)))
            return data

    def forget(self) -> None:
        """A save: the game's print settings may have changed."""
        with self._lock:
            self._conversions.clear()
