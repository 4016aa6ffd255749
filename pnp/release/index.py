"""`index.html`: the whole release on one page, each file with a picture of its first page (a PDF's first
page, a zip's first PDF or picture, a picture itself), its size and its sha256, edition by edition.

The pictures are files of the release (`previews/…png`, drawn with pdfium and written by pnp's one PNG
encoder), so the page loads nothing from outside its folder; a Content-Security-Policy says so.
"""
from __future__ import annotations

import hashlib
import html
import io
import zipfile

PREVIEW_WIDTH = 240  # pixels
CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"
CSS = """
body { font: 15px/1.45 "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 0 auto; max-width: 70em; padding: 1em 1.5em 3em;
       color: #222; background: #fbfaf7; }
h1 { margin-bottom: .2em; } h2 { border-bottom: 2px solid #8d6e63; padding-bottom: .2em; margin-top: 2em; }
h3 { margin: 1.2em 0 .4em; color: #5d4037; }
ul.files { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 1em; }
ul.files li { background: #fff; border: 1px solid #e0d8cc; padding: .6em; }
ul.files img { display: block; max-width: 100%; height: auto; margin-bottom: .4em; border: 1px solid #ddd; }
.size { color: #555; } code { font-size: .75em; word-break: break-all; color: #666; }
"""
SECTIONS = (("kit", "Home-print kits"), ("shop", "Print shops"), ("table", "Virtual tabletops"),
            ("showcase", "Showcase pictures"))


def preview_name(name: str) -> str:
    return f"previews/{name}.png"


def first_picture(name: str, data: bytes) -> bytes | None:
    """A PNG of the file's first page (a PDF's, a zip's first PDF or picture, a picture's own), PREVIEW_WIDTH wide."""
    if name.endswith(".zip"):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.namelist()
            inner = next((m for m in members if m.endswith(".pdf")), None) or next(
                (m for m in members if m.endswith(".png")), None)
            return first_picture(inner, archive.read(inner)) if inner else None
    if name.endswith(".pdf"):
        return _pdf_page(data)
    if name.endswith(".png"):
        from PIL import Image

        from pnp.draw.pngpages import png

        image = Image.open(io.BytesIO(data)).convert("RGB")
        height = max(1, round(image.height * PREVIEW_WIDTH / image.width))
        return png(image.resize((PREVIEW_WIDTH, height), Image.LANCZOS))
    return None


def _pdf_page(data: bytes) -> bytes:
    import pypdfium2 as pdfium

    from pnp.draw.pngpages import png

    doc = pdfium.PdfDocument(data)
    try:
        page = doc[0]
        image = page.render(scale=PREVIEW_WIDTH / page.get_width(), fill_color=(255, 255, 255, 255),
                            may_draw_forms=True).to_pil().convert("RGB")
    finally:
        doc.close()
    return png(image)


def _size(n: int) -> str:
    for unit, step in (("MB", 1 << 20), ("kB", 1 << 10)):
        if n >= step:
            return f"{n / step:.1f} {unit}"
    return f"{n} bytes"


def index_page(title: str, version: str, editions: list[tuple[str | None, str]],
               files: dict[str, tuple[str, str | None, bytes]], previews: dict[str, bytes]) -> str:
    """The page: `editions` [(code or None, heading)], `files` {name: (section, edition, bytes)}, `previews` {file: PNG name}."""
    parts = [f"<h1>{html.escape(title)}</h1>", f"<p>Release of version {html.escape(version)}: every file below, "
             "with its size and sha256 (compare with <code>sha256sum</code> after uploading).</p>"]
    for code, heading in editions:
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        for section, words in SECTIONS:
            names = [n for n, (s, e, _) in files.items() if s == section and e == code]
            if not names:
                continue
            parts.append(f"<h3>{words}</h3><ul class=\"files\">")
            for name in sorted(names):
                data = files[name][2]
                picture = (f'<img src="{html.escape(previews[name])}" alt="first page of {html.escape(name)}">'
                           if name in previews else "")
                parts.append(f'<li>{picture}<a href="{html.escape(name)}">{html.escape(name)}</a> '
                             f'<span class="size">({_size(len(data))})</span><br>'
                             f"<code>sha256 {hashlib.sha256(data).hexdigest()}</code></li>")
            parts.append("</ul>")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}: release</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(parts) + "\n</body>\n</html>\n")
