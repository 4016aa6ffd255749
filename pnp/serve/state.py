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

A game that lists `languages:` is built as one folder per edition (`de/cards.pdf`); every
edition's files are drawn, the one a page looked at last (`watched`) first, and `state(lang)`
gives one edition's files under their own names, with the list of editions for the page's
language choice (`pnp.serve.editions`). Its early step is shown for the watched edition only.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from pnp.serve.editions import edition_of, language_name, shown
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
        self.proofs = None  # `pnp.printshop.softproof.PageProofs`: pages as a print shop prints them, when asked
        self.editions: list[str] = []  # a game listing `languages:`: its editions as last built
        self.source: str | None = None  # the edition shown when a page asks for none
        self.watched: str | None = None  # the edition a page asked for last: drawn first

    # --- the build loop's side ---------------------------------------------------------------
    def early(self, partial, edition: str | None = None) -> None:
        """The units rendered before the rulebook (`pnp.build.Early`): draw their changed PDFs now,
        from memory; the files not among them (the rulebook's) keep their pictures until `built`.
        `edition`: the language of an edition's build, shown early only when it is the watched one."""
        from pnp.output import sha256
        from pnp.spool import contents

        prefix = f"{edition}/" if edition else ""
        made = {prefix + name: contents(data) for name, data in partial.files.items() if _shown(name, [])}
        ready = {name: sha256(data) for name, data in made.items()}
        with self._lock:
            if edition is not None:
                if edition not in self.editions:
                    self.editions.append(edition)
                if edition != self._edition_shown(self.watched):
                    return  # drawn when the whole build is done; the watched edition's pages come first
            pending = [(f.file, f.sha256) for f in self.files if f.file not in ready and f.file.startswith(prefix)]
            others = [(f.file, f.sha256) for f in self.files if not f.file.startswith(prefix)]  # other editions'
            pdfs = _ordered([*ready.items(), *pending, *others])
            old = {f.file: f for f in self.files}
            self._early = True
            if not self._later_failed:
                self.errors = []
            found = partial.warnings[:MAX_MESSAGES]
            if edition is not None:
                from pnp.models.edition import in_edition

                found = in_edition(found, edition)
            self.warnings = [_message(w.pos, w.message) for w in found]
            self.summary = (f"{partial.game}{f' ({edition})' if edition else ''}: {', '.join(partial.rebuilt)} "
                            f"drawn; building {', '.join(partial.pending)}…")
            self._held.update({name: old[name] for name, _ in pending})
            waiting = {name for name, _ in pending}
            self.files = [_until_drawn(old.get(name), name, digest) if name in ready
                          else _waiting(old[name]) if name in waiting else old[name] for name, digest in pdfs]
            kept = {f.sha256[:16]: where for f in self.files if f.file not in ready
                    for where in [self._pdfs.get(f.sha256[:16])] if where is not None}
            early_pdfs = {digest[:16]: PdfFile(None, name, digest, made[name]) for name, digest in ready.items()}
            self._pdfs = {**kept, **early_pdfs}
            self._prune()
        self._draw([(i, name, digest) for i, (name, digest) in enumerate(pdfs) if name in ready], old,
                   lambda name, digest: made[name])

    def built(self, result, source: str | None = None) -> None:
        """A good build: draw its PDFs (reusing unchanged ones), publishing each file as it is done; the
        watched edition's first. `source`: the language shown when a page asks for none."""
        from pnp.output import read_output, sha256

        editions = list(getattr(result, "editions", None) or [])
        pdfs = _ordered((f["file"], f["sha256"]) for f in result.files
                        if isinstance(f.get("file"), str) and _shown(f["file"], editions))
        with self._lock:
            self.editions, self.source = editions, source if source in editions else None
            first = self._edition_shown(self.watched)
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

        todo = [(i, name, digest) for i, (name, digest) in enumerate(pdfs)]
        self._draw(sorted(todo, key=lambda item: edition_of(item[1], editions) != first), old, published)

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

    def state(self, lang: str | None = None) -> dict:
        """What the page shows: for a game with editions, the edition `lang` (else the source's), its
        files named as in their edition's folder, and every edition for the language choice."""
        with self._lock:
            edition = self._edition_shown(lang)
            if self.editions:
                self.watched = edition
            prefix = f"{edition}/" if edition else ""
            notice = ""
            if lang and lang != edition:
                notice = (f"this game has no '{lang}' edition: showing {edition}" if self.editions
                          else f"this game lists no languages: ?lang={lang} is not used")
            return {
                "game": self.game, "version": self.version, "builds": self.builds, "summary": self.summary,
                "errors": list(self.errors), "warnings": list(self.warnings),
                "edition": edition, "notice": notice,
                "languages": [{"code": code, "name": language_name(code)} for code in self.editions],
                "shops": _proof_shops() if self.proofs is not None else [],
                "files": [{"file": f.file[len(prefix):], "pdf": f"/pdf/{f.sha256[:16]}", "pages": f.pages,
                           "more": f.more, "problem": f.problem, "drawing": f.drawing,
                           "pictures": [{"id": p.id, "src": f"/img/{p.id}.png", "width": p.width, "height": p.height,
                                         "pages": p.pages} for p in f.pictures]}
                          for f in self.files if f.file.startswith(prefix)],
            }

    def _edition_shown(self, lang: str | None) -> str | None:
        """The edition a page asking for `lang` sees: that one when the game has it (or, before the first
        good build says which it has, any language asked); else the source's, else the first. None for a
        game without editions (the caller holds the lock)."""
        if lang and (lang in self.editions or (not self.builds and self.editions)):
            return lang
        if not self.editions:
            return None
        return self.source if self.source in self.editions else self.editions[0]

    def image(self, picture_id: str) -> bytes | None:
        with self._lock:
            return self._images.get(picture_id)

    def proof(self, shop: str, key: str, page: int) -> bytes | None:
        """The PNG of a page of a current PDF as `shop` prints it (the soft proof), or None when there is no
        such file or page; `pnp.printshop.softproof.ProofError` when it cannot be drawn."""
        found = self.pdf(key) if self.proofs is not None else None
        if found is None:
            return None
        with self._lock:
            digest = self._pdfs[key].sha256 if key in self._pdfs else None
        if digest is None:
            return None
        return self.proofs.png(shop, digest, found[1], page)

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


def _proof_shops() -> list[dict]:
    """The shops whose print the page can show (those taking PDF files)."""
    from pnp.printshop.profiles import SHOPS

    return [{"name": shop.name, "title": shop.title} for shop in SHOPS.values() if shop.output == "pdf"]


def _shown(name: str, editions: list[str]) -> bool:
    return shown(name, editions)


def _ordered(pdfs) -> list[tuple[str, str]]:
    """(name, sha256) sorted by edition and name, each edition's calibration.pdf (a printing aid) after
    its game files."""
    def key(item):
        folder, _, base = item[0].rpartition("/")
        return folder, base == "calibration.pdf", base

    return sorted(pdfs, key=key)


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
