"""What the preview page shows, shared between the build loop (writer) and the web server (readers).

After a good build every PDF of the game becomes pictures (`pictures.draw_pdf`); a file whose
sha256 did not change keeps its pictures without being drawn again. Files are published to
the page one by one as they are drawn, so the first changes show before the last file is done.

A save shows in two steps. `early` gets the files of the units rendered before the rulebook
(`pnp.build.Early`, in memory, not yet published): the changed cards, tokens or boards are
drawn at once, while the files still to come (the rulebook) keep their last pictures, marked
as being drawn. `built` then gets the whole build, as published: only what `early` did not
draw already is drawn (the rulebook). The rulebook reads every other output, so it is the
slow unit of a small edit; this order puts the edited card on the page first.

A failed save (located spec errors, an output folder that cannot be written, even a crash in
pnp) sets the error list and keeps the pictures shown; the next good build clears it (an
`early` step clears it too, unless the error came from a unit still to come, such as the
rulebook, when it stays until that unit is built). `version` goes up on every change, so the
page knows when to redraw; `wait` lets the server answer a page as soon as it does.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from pnp.serve.pictures import FilePictures, draw_pdf, so_far

MAX_MESSAGES = 200  # errors or warnings listed on the page
MAX_MESSAGE = 2000  # characters of one message


@dataclass(frozen=True)
class PdfFile:
    out_dir: Path | None
    name: str
    sha256: str
    data: bytes | None = None  # an early step's file, not published yet: kept until the build ends


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
        self._lock = threading.Condition()  # held to read or change the above; notified on each new version
        self._early = False  # an early step of the current build was shown
        self._later_failed = False  # the errors shown came from a unit after an early step (the rulebook)
        self._held: dict[str, FilePictures] = {}  # files waiting for a unit after the early step, as they were

    # --- the build loop's side ---------------------------------------------------------------
    def early(self, partial) -> None:
        """The units rendered before the rulebook (`pnp.build.Early`): draw their changed PDFs now,
        from memory; the files not among them (the rulebook's) keep their pictures until `built`."""
        from pnp.output import sha256
        from pnp.spool import contents

        made = {name: contents(data) for name, data in partial.files.items() if _shown(name)}
        ready = {name: sha256(data) for name, data in made.items()}
        with self._lock:
            pending = [(f.file, f.sha256) for f in self.files if f.file not in ready]
            pdfs = _ordered([*ready.items(), *pending])
            old = {f.file: f for f in self.files}
            self._early = True
            if not self._later_failed:
                self.errors = []
            self.warnings = [_message(w.pos, w.message) for w in partial.warnings[:MAX_MESSAGES]]
            self.summary = (f"{partial.game}: {', '.join(partial.rebuilt)} drawn; "
                            f"building {', '.join(partial.pending)}…")
            self._held = {name: old[name] for name, _ in pending}
            self.files = [_until_drawn(old.get(name), name, digest) if name in ready
                          else _waiting(old[name]) for name, digest in pdfs]
            kept = {f.sha256[:16]: where for f in self.files if f.file not in ready
                    for where in [self._pdfs.get(f.sha256[:16])] if where is not None}
            early_pdfs = {digest[:16]: PdfFile(None, name, digest, made[name]) for name, digest in ready.items()}
            self._pdfs = {**kept, **early_pdfs}
            self._prune()
        self._draw([(i, name, digest) for i, (name, digest) in enumerate(pdfs) if name in ready], old,
                   lambda name, digest: made[name])

    def built(self, result) -> None:
        """A good build: draw its PDFs (reusing unchanged ones), publishing each file as it is done."""
        from pnp.output import read_output, sha256

        pdfs = _ordered((f["file"], f["sha256"]) for f in result.files
                        if isinstance(f.get("file"), str) and _shown(f["file"]))
        with self._lock:
            old = {f.file: self._held.get(f.file, f) for f in self.files}
            self._held = {}
            self.builds += 1
            self.errors = []
            self._early = self._later_failed = False
            self.warnings = [_message(w.pos, w.message) for w in result.warnings[:MAX_MESSAGES]]
            self.summary = result.summary()
            self.files = [_until_drawn(old.get(name), name, digest) for name, digest in pdfs]
            self._pdfs = {digest[:16]: PdfFile(result.out_dir, name, digest) for name, digest in pdfs}
            self._prune()

        def published(name: str, digest: str) -> bytes | None:
            data = read_output(result.out_dir, name)
            return data if data is not None and sha256(data) == digest else None  # else replaced since this build

        self._draw([(i, name, digest) for i, (name, digest) in enumerate(pdfs)], old, published)

    def _draw(self, todo: list[tuple[int, str, str]], old: dict[str, FilePictures], read) -> None:
        """Draw each listed file not drawn from these bytes already, publishing it as soon as it is done."""
        for index, name, digest in todo:
            if _still_good(old.get(name), digest):
                continue
            data = read(name, digest)
            last = old.get(name)

            def show_so_far(pictures, pages_drawn, images, index=index, last=last):
                with self._lock:
                    self._images.update(images)
                    self.files[index] = so_far(pictures, pages_drawn, last)
                    self._prune()

            if data is None:
                drawn, images = FilePictures(name, digest, 0, problem="changed on disk by something else since "
                                                                      "this build; save again to redraw"), {}
            else:
                drawn, images = draw_pdf(name, digest, data, self._images, progress=show_so_far)
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
            self._later_failed, self._early = self._early, False
            self.files = [self._held.get(f.file, f) for f in self.files]  # nothing more is coming for them
            self._held = {}
            if not self.builds:
                self.summary = "no good build yet: fix the errors below"
            elif self._later_failed:
                self.summary = f"{self.game}: this save's changed files are shown, but it does not build (below)"
            self.version += 1
            self._lock.notify_all()

    def _prune(self) -> None:
        """Keep only the PNGs the files list now; bump the version (the caller holds the lock)."""
        wanted = {p.id for f in self.files for p in f.pictures}
        self._images = {k: v for k, v in self._images.items() if k in wanted}
        self.version += 1
        self._lock.notify_all()

    # --- the server's side -------------------------------------------------------------------
    def wait(self, seen: int, timeout: float) -> None:
        """Return once `version` differs from `seen`, or after `timeout` seconds."""
        with self._lock:
            self._lock.wait_for(lambda: self.version != seen, timeout)

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
        if where.data is not None:
            return where.name, where.data
        data = read_output(where.out_dir, where.name)
        if data is None or sha256(data) != where.sha256:
            return None
        return where.name, data


def _shown(name: str) -> bool:
    """The files the page shows: the PDFs at the top of the game's output folder."""
    return name.endswith(".pdf") and "/" not in name


def _ordered(pdfs) -> list[tuple[str, str]]:
    """(name, sha256) sorted by name, calibration.pdf (a printing aid) after the game's own files."""
    return sorted(pdfs, key=lambda item: (item[0] == "calibration.pdf", item[0]))


def _waiting(last: FilePictures) -> FilePictures:
    """A file of a unit still to come (the rulebook): its last pictures, marked as being drawn."""
    return FilePictures(last.file, last.sha256, last.pages, last.pictures, last.problem, drawing=True)


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
