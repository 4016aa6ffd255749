"""The preview's web server: standard library only, on 127.0.0.1, answering a fixed set of requests.

The page shows a game that may not be public, and the server has no login, so:

- it listens on the loopback address only (the command refuses any other host);
- it answers only requests whose `Host` is 127.0.0.1 or localhost at its own port, so a web
  site that points its own name at 127.0.0.1 (DNS rebinding) cannot read the preview;
- a URL never becomes a path: `/img/<id>.png` and `/pdf/<key>` are looked up in the
  in-memory state, where only the current build's pictures and PDFs are known;
- requests are bounded: GET and HEAD only (no bodies are read), http.server's limits on the
  request line and headers, a socket timeout, and at most MAX_CLIENTS requests at a time;
- answers carry a Content-Security-Policy that lets the page load nothing but its own files.

`/proof/<shop>/<pdf>/<page>.png` is a page of a current PDF as that print shop prints it (the soft
proof, `pnp.printshop.softproof`), drawn when first asked: the shop must be one of pnp's, the PDF one
the state lists.

`/state?after=N` is a long poll: it answers as soon as the state's version is not N (or after
LONG_POLL seconds with the same state), so a save shows on the page as soon as it is drawn,
without the page asking many times a second.

A game with language editions is shown one edition at a time: `/?lang=de` or the path form
`/de/` is the same page, which asks `/state?lang=de` (a value not written like a language code
is ignored; an edition the game does not have shows the source language's, with a notice).
"""
from __future__ import annotations

import json
import re
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from pnp.serve.editions import PATH_FORM, asked_language
from pnp.serve.page import CSS, HTML, JS
from pnp.serve.state import Preview

LOOPBACK = "127.0.0.1"
MAX_CLIENTS = 16
TIMEOUT = 10  # seconds a client may take to send its request
LONG_POLL = 20.0  # seconds /state?after=N waits for a new version
_IMAGE = re.compile(r"/img/([0-9a-f]{20})\.png")
_PDF = re.compile(r"/pdf/([0-9a-f]{16})")
_PROOF = re.compile(r"/proof/([a-z0-9]{1,20})/([0-9a-f]{16})/([0-9]{1,5})\.png")
_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
           "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
_STATIC = {
    "/": ("text/html; charset=utf-8", HTML.encode("utf-8")),
    "/style.css": ("text/css; charset=utf-8", CSS.encode("utf-8")),
    "/app.js": ("text/javascript; charset=utf-8", JS.encode("utf-8")),
}


class PreviewServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # a page's long poll must not hold up Ctrl-C

    def __init__(self, preview: Preview, port: int):
        self.preview = preview
        self._slots = threading.BoundedSemaphore(MAX_CLIENTS)
        super().__init__((LOOPBACK, port), PreviewHandler)

    @property
    def port(self) -> int:
        return self.server_address[1]

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}/"

    def process_request(self, request, client_address):
        if not self._slots.acquire(blocking=False):  # too many at once: drop this one
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def handle_error(self, request, client_address):
        import sys

        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):  # the browser went away: not news
            return
        super().handle_error(request, client_address)

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


class PreviewHandler(BaseHTTPRequestHandler):
    server: PreviewServer
    timeout = TIMEOUT

    def version_string(self) -> str:
        return "pnp-preview"

    def do_GET(self):
        self._answer(head=False)

    def do_HEAD(self):
        self._answer(head=True)

    def log_message(self, format, *args):  # the terminal shows builds, not requests
        pass

    def _answer(self, head: bool) -> None:
        if not self._host_is_ours():
            return self._send(HTTPStatus.FORBIDDEN, "text/plain; charset=utf-8", b"not this host\n", head)
        url = urlsplit(self.path)
        path = url.path
        preview = self.server.preview
        if path in _STATIC:
            kind, body = _STATIC[path]
            return self._send(HTTPStatus.OK, kind, body, head, cache="no-cache")
        if PATH_FORM.fullmatch(path):  # /de/: the page, showing that edition (its script reads the path)
            kind, body = _STATIC["/"]
            return self._send(HTTPStatus.OK, kind, body, head, cache="no-cache")
        if path == "/state":
            query = parse_qs(url.query, max_num_fields=4)
            after = query.get("after", [""])[0]
            lang = asked_language(query.get("lang", [""])[0])
            if re.fullmatch(r"-?[0-9]{1,12}", after):
                preview.wait(int(after), LONG_POLL)
            body = json.dumps(preview.state(lang), separators=(",", ":")).encode("utf-8")
            return self._send(HTTPStatus.OK, "application/json", body, head, cache="no-store")
        match = _IMAGE.fullmatch(path)
        if match and (png := preview.image(match.group(1))) is not None:
            # named by its pixels: the same name always means the same picture
            return self._send(HTTPStatus.OK, "image/png", png, head, cache="max-age=31536000, immutable")
        match = _PDF.fullmatch(path)
        if match and (found := preview.pdf(match.group(1))) is not None:
            name, data = found
            return self._send(HTTPStatus.OK, "application/pdf", data, head, cache="no-store",
                              extra={"Content-Disposition": f'inline; filename="{_ascii(name)}"'})
        match = _PROOF.fullmatch(path)
        if match:
            return self._proof(match.group(1), match.group(2), int(match.group(3)), head)
        self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found\n", head)

    def _proof(self, shop: str, key: str, page: int, head: bool) -> None:
        """A page as a print shop prints it (`/proof/<shop>/<pdf>/<page>.png`, page from 0)."""
        from pnp.printshop.profiles import SHOPS
        from pnp.printshop.softproof import NoSuchPage, ProofError

        if shop not in SHOPS or SHOPS[shop].output != "pdf":
            return self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"no such print shop\n", head)
        try:
            png = self.server.preview.proof(shop, key, page)
        except NoSuchPage:
            png = None
        except ProofError as e:
            return self._send(HTTPStatus.SERVICE_UNAVAILABLE, "text/plain; charset=utf-8",
                              f"no proof: {e}\n".encode("utf-8"), head)
        if png is None:
            return self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found\n", head)
        self._send(HTTPStatus.OK, "image/png", png, head, cache="no-store")

    def _host_is_ours(self) -> bool:
        host = (self.headers.get("Host") or "").strip().lower()
        return host in (f"{LOOPBACK}:{self.server.port}", f"localhost:{self.server.port}")

    def _send(self, status: HTTPStatus, kind: str, body: bytes, head: bool, cache: str = "no-store",
              extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("Content-Security-Policy", _POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if not head:
            self.wfile.write(body)


def _ascii(name: str) -> str:
    """A file name for a header: printable ASCII without quotes or backslashes."""
    return "".join(c if " " <= c <= "~" and c not in '"\\' else "_" for c in name)
