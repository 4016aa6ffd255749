"""What the preview page shows, shared between the build loop (writer) and the web server (readers).

After a good build every PDF of the game becomes pictures (`pictures.draw_pdf`); a file whose
sha256 did not change keeps its pictures without being drawn again. Files are published to
the page one by one as they are drawn, so the first changes show before the last file is done.
A failed save (located spec errors, an output folder that cannot be written, even a crash in
pnp) sets the error list and keeps the pictures of the last good build; the next good build
clears it. `version` goes up on every change, so the page knows when to redraw.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from pnp.serve.pictures import FilePictures, draw_pdf

MAX_MESSAGES = 200  # errors or warnings listed on the page
MAX_MESSAGE = 2000  # characters of one message


@dataclass(frozen=True)
class PdfFile:
    out_dir: Path
    name: str
    sha256: str


class Preview:
    def __init__(self, game: str):
        self.game = game
        self.version = 0
        self.builds = 0  # good builds so far
        self.summary = "waiting for the first build"
        self.errors: list[dict] = []
        self.warnings: list[dict] = []
        self.files: list[FilePictures] = []
        self._images: dict[str, bytes] = {}  # picture id → PNG
        self._pdfs: dict[str, PdfFile] = {}  # 16 hex digits of a file's sha256 → where it is
        self._lock = threading.Lock()

    # --- the build loop's side ---------------------------------------------------------------
    def built(self, result) -> None:
        """A good build: draw its PDFs (reusing unchanged ones), publishing each file as it is done."""
        from pnp.output import read_output, sha256

        pdfs = sorted(((f["file"], f["sha256"]) for f in result.files
                       if isinstance(f.get("file"), str) and f["file"].endswith(".pdf") and "/" not in f["file"]),
                      key=lambda item: (item[0] == "calibration.pdf", item[0]))  # a printing aid: after the game
        old = {f.file: f for f in self.files}
        with self._lock:
            self.builds += 1
            self.errors = []
            self.warnings = [_message(w.pos, w.message) for w in result.warnings[:MAX_MESSAGES]]
            self.summary = result.summary()
            self.files = [_until_drawn(old.get(name), name, digest) for name, digest in pdfs]
            self._pdfs = {digest[:16]: PdfFile(result.out_dir, name, digest) for name, digest in pdfs}
            self._prune()
        for index, (name, digest) in enumerate(pdfs):
            if _still_good(old.get(name), digest):
                continue
            data = read_output(result.out_dir, name)
            if data is None or sha256(data) != digest:  # replaced by another program since this build
                drawn, images = FilePictures(name, digest, 0, problem="changed on disk by something else since "
                                                                      "this build; save again to redraw"), {}
            else:
                drawn, images = draw_pdf(name, digest, data, self._images)
            with self._lock:
                self._images.update(images)
                self.files[index] = drawn
                self._prune()

    def failed(self, error: BaseException) -> None:
        """A save that did not build: list why; the last good pictures stay."""
        from pnp.errors import SpecErrors
        from pnp.output import OutputError

        if isinstance(error, SpecErrors):
            errors = [_message(e.pos, e.message) for e in error.errors[:MAX_MESSAGES]]
        elif isinstance(error, OutputError):
            errors = [_message("", f"not written: {error}")]
        else:
            errors = [_message("", f"pnp failed on this save ({type(error).__name__}: {error}); this is a bug "
                                   "in pnp: please report it with the file you saved")]
        with self._lock:
            self.errors = errors
            if not self.builds:
                self.summary = "no good build yet: fix the errors below"
            self.version += 1

    def _prune(self) -> None:
        """Keep only the PNGs the files list now; bump the version (the caller holds the lock)."""
        wanted = {p.id for f in self.files for p in f.pictures}
        self._images = {k: v for k, v in self._images.items() if k in wanted}
        self.version += 1

    # --- the server's side -------------------------------------------------------------------
    def state(self) -> dict:
        with self._lock:
            return {
                "game": self.game, "version": self.version, "builds": self.builds, "summary": self.summary,
                "errors": list(self.errors), "warnings": list(self.warnings),
                "files": [{"file": f.file, "pdf": f"/pdf/{f.sha256[:16]}", "pages": f.pages, "more": f.more,
                           "problem": f.problem, "drawing": f.drawing,
                           "pictures": [{"id": p.id, "src": f"/img/{p.id}.png", "width": p.width, "height": p.height,
                                         "pages": p.pages} for p in f.pictures]}
                          for f in self.files],
            }

    def image(self, picture_id: str) -> bytes | None:
        with self._lock:
            return self._images.get(picture_id)

    def pdf(self, key: str) -> tuple[str, bytes] | None:
        """(file name, bytes) of a PDF of the current build, read back only if it is still that file."""
        from pnp.output import read_output, sha256

        with self._lock:
            where = self._pdfs.get(key)
        if where is None:
            return None
        data = read_output(where.out_dir, where.name)
        if data is None or sha256(data) != where.sha256:
            return None
        return where.name, data


def _still_good(last: FilePictures | None, digest: str) -> bool:
    """True when a file's pictures were drawn from these very bytes."""
    return last is not None and last.sha256 == digest and not last.drawing and not last.problem


def _until_drawn(last: FilePictures | None, name: str, digest: str) -> FilePictures:
    """What a file shows until its new pictures are drawn: its last pictures, when it had some."""
    if _still_good(last, digest):
        return last
    if last is None:
        return FilePictures(name, digest, 0, drawing=True)
    return FilePictures(name, digest, last.pages, last.pictures, last.problem, drawing=True)


def _message(where, message: str) -> dict:
    text = str(message)
    return {"where": str(where), "message": text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + "…"}
