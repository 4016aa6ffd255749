"""A game's card sheets and the print-shop file made from them, drawn chunk by chunk, chunks in parallel.

The sheets are cut into an even number of chunks of at most about
`ChunkedPdfSurface.pages_per_chunk` pages (two for a deck of 40 pages or more that one chunk
would hold), only between sheets (a card's front and back stay in one chunk). Each chunk is a reportlab
document of its own, drawn from the loaded decks alone, so its bytes do not depend on which
process drew it or when: chunks are drawn in forked worker processes, one per core
(`pnp.workers.ordered_map`), and joined in order as they arrive (`pnp.draw.pdfmerge.PdfJoin`),
into files spooled to disk (`pnp.spool`), so the parent holds one chunk at a time; a worker
writes its chunk's files to disk too, for the parent to read once (`HandedOver`). The sheets
and the print-shop file are byte-identical whether drawn by one process or several.

What drawing a chunk reports (errors, warnings, characters without a glyph) comes back with
it and is added to the game's report in chunk order. A warning one face drawer gives once
per box (say, text that does not fit on a card printed in several copies) is given once
even when copies land in chunks drawn by different workers.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ChunkPart:
    """One sheet of a chunk: which deck, imposed how, which cards (`Imposition.sheets()`: looked up
    when the sheet is drawn, in the process drawing it)."""

    deck: object  # ResolvedDeck
    imposition: object  # pnp.kinds.deck.pages.Imposition
    sheet: tuple


SPLIT_FROM = 40  # sheet pages from which a deck is drawn in two chunks at least (two cores drawing it)


def chunk_pages(total: int, pages_per_chunk: int) -> int:
    """How many pages a chunk gets: an even number of chunks of at most `pages_per_chunk` pages
    (so that two cores draw alike to the end), and two for a deck of `SPLIT_FROM` pages or more
    that one chunk would hold. It depends on the pages alone, never on the cores at hand, so
    that one process and several write the same bytes."""
    if total <= pages_per_chunk:
        count = 2 if total >= SPLIT_FROM else 1
    else:
        count = 2 * -(-total // (2 * pages_per_chunk))
    return max(1, -(-total // count))


def chunk_plan(impositions: list, pages_per_chunk: int) -> list[list[ChunkPart]]:
    """The sheets of every deck in order, cut into chunks: a chunk ends after the sheet that
    brings it to its share of the pages (`chunk_pages`) or more."""
    sheets = [(imposition, sheet) for imposition in impositions for sheet in imposition.sheets()]
    target = chunk_pages(sum(imposition.pages_per_sheet for imposition, _ in sheets), pages_per_chunk)
    chunks: list[list[ChunkPart]] = []
    current: list[ChunkPart] = []
    pages = 0
    for imposition, sheet in sheets:
        current.append(ChunkPart(imposition.deck, imposition, sheet))
        pages += imposition.pages_per_sheet
        if pages >= target:
            chunks.append(current)
            current, pages = [], 0
    if current:
        chunks.append(current)
    return chunks


def sheets_and_shop(game, impositions: list, drawers: dict, sheets_meta: dict, shop_title: str,
                    spool_in=None, meanwhile=None) -> tuple:
    """(cards.pdf, cards-printshop.pdf) of the decks imposed as `impositions`, drawn with
    `drawers[id(deck)]`; `sheets_meta` is the sheets' PdfSurface title and subject.

    Files of several chunks are joined as each chunk arrives (while later ones are still being
    drawn) into `pnp.spool.Spooled` files in the folder `spool_in` (`--out`, made if it is not
    there yet); a worker hands its chunk's files over in a file there too (`HandedOver`). A
    file of one chunk is bytes.
    `meanwhile()` is called in this process while the workers draw (`ordered_map`)."""
    from pnp.draw import fonts
    from pnp.draw.pdf import ChunkedPdfSurface, PdfSurface
    from pnp.draw.pdfmerge import PdfJoin
    from pnp.progress import heartbeat
    from pnp.spool import STAGING_NAME, Spooled
    from pnp.workers import ordered_map

    plan = chunk_plan(impositions, ChunkedPdfSurface.pages_per_chunk)
    if not plan:  # no card at all: empty documents, as drawing them page by page gives
        if meanwhile is not None:
            meanwhile()
        return PdfSurface(**sheets_meta).finish(), PdfSurface(title=shop_title).finish()

    here = os.getpid()
    handed_as = f"{STAGING_NAME}{here}-"  # the files workers hand this process: removed if it stops

    def draw(index: int):
        outcome = _draw_chunk(game, plan[index], drawers, sheets_meta, shop_title)
        if os.getpid() != here and spool_in is not None and Path(spool_in).is_dir() and outcome[0] is not None:
            return (_hand_over(outcome[:2], spool_in, handed_as), *outcome[2:])
        return outcome

    if len(plan) > 1:
        _set_up_for_workers(impositions)
        if spool_in is not None:  # the spooled and handed-over files go there, not to the system's temporary folder
            try:
                Path(spool_in).mkdir(parents=True, exist_ok=True)
            except OSError:  # publishing reports what is wrong with the folder; until then, spool elsewhere
                pass
    files = [Spooled(spool_in), Spooled(spool_in)] if len(plan) > 1 else [None, None]
    joins = [PdfJoin(f.write, lambda: Spooled(spool_in)) for f in files] if len(plan) > 1 else None
    seen: set = set()  # warnings of earlier chunks
    try:
        for outcome in ordered_map(draw, len(plan), meanwhile):
            heartbeat()  # a large deck is one step of the build's progress: its bar's clock still moves
            *pdfs, errors, warnings, missing = outcome
            if isinstance(pdfs[0], HandedOver):
                pdfs = pdfs[0].taken()
            game.errors.errors.extend(errors)
            game.errors.warnings.extend(w for w in warnings if (w.pos, w.message) not in seen)
            seen.update((w.pos, w.message) for w in warnings)
            fonts.add_missing(missing)
            if game.errors.errors:  # nothing of this deck is written: only the other chunks' errors are wanted
                continue
            for i, pdf in enumerate(pdfs):
                if joins:
                    joins[i].add(pdf)
                else:
                    files[i] = pdf
        game.errors.raise_if_any()
    except BaseException:  # the workers are stopped by now (leaving `ordered_map` terminates them)
        for f in files:
            if isinstance(f, Spooled):
                f.close()
        for join in joins or ():
            join.close()
        for left in Path(spool_in).glob(handed_as + "*") if spool_in is not None else ():
            left.unlink(missing_ok=True)
        raise
    for join in joins or ():
        join.finish()
    return tuple(files)


@dataclass(frozen=True)
class HandedOver:
    """A chunk's files, written by the worker that drew them into one file in `--out` (named as
    staging, so that a build killed meanwhile leaves nothing `pnp.output` does not tidy), for
    this process to read once. Sent through the pool's pipe instead, each chunk was held twice
    at once here (the pickle, and the bytes made from it), and two chunks arriving together
    showed as 8 MB more at the peak of a deck of 50,000 cards."""

    path: str
    sizes: tuple[int, ...]

    def taken(self) -> list[bytes]:
        """The files, read; the file they were handed over in is removed."""
        from pnp.spool import SpoolError

        try:
            with open(self.path, "rb") as f:
                return [f.read(size) for size in self.sizes]
        except OSError as e:
            raise SpoolError(e.errno, e.strerror) from None
        finally:
            Path(self.path).unlink(missing_ok=True)


def _hand_over(pdfs, folder, prefix: str) -> HandedOver:
    """The files written to a new file in `folder`; a full disk is a `SpoolError`, as when spooling."""
    from pnp.spool import SpoolError

    path = None
    try:
        fd, path = tempfile.mkstemp(dir=folder, prefix=prefix)
        with os.fdopen(fd, "wb") as f:
            for pdf in pdfs:
                f.write(pdf)
    except OSError as e:
        if path is not None:
            Path(path).unlink(missing_ok=True)
        raise SpoolError(e.errno, e.strerror) from None
    return HandedOver(path, tuple(len(pdf) for pdf in pdfs))


def _set_up_for_workers(impositions: list) -> None:
    """Import reportlab's canvas and register the decks' fonts once, before the workers are forked:
    each worker would otherwise do both itself (about a tenth of a second, on every core)."""
    import reportlab.pdfgen.canvas  # noqa: F401

    from pnp.draw import fonts

    names = {"sans"}  # every PdfSurface starts with it
    for imposition in impositions:
        for layout in imposition.deck.layouts.values():
            names.update(rb.box.font for rb in layout.boxes if getattr(rb.box, "font", None))
    for name in sorted(names):
        try:
            fonts.chain(name)  # registers the face and the game's fallbacks
        except KeyError:  # not a font after all: drawing reports it where it is used
            pass


def _draw_chunk(game, parts: list[ChunkPart], drawers: dict, sheets_meta: dict, shop_title: str) -> tuple:
    """One chunk's sheets and print-shop pages, with what drawing them reported (taken out of the
    game's report, so that the caller adds it in order whichever process drew the chunk)."""
    from pnp.collector import collector_paused
    from pnp.draw import fonts
    from pnp.errors import SpecErrors

    report = game.errors
    n_errors, n_warnings = len(report.errors), len(report.warnings)
    sheet_pdf = shop_pdf = None
    with fonts.recording_missing() as missing, collector_paused():  # see pnp.collector
        try:
            sheet_pdf, shop_pdf = _chunk_files(parts, drawers, sheets_meta, shop_title)
        except SpecErrors as e:
            report.errors.extend(e.errors)
    errors, warnings = report.errors[n_errors:], report.warnings[n_warnings:]
    del report.errors[n_errors:], report.warnings[n_warnings:]
    return sheet_pdf, shop_pdf, errors, warnings, {font: dict(chars) for font, chars in missing.items()}


def _chunk_files(parts: list[ChunkPart], drawers: dict, sheets_meta: dict, shop_title: str) -> tuple:
    """The chunk's sheets and print-shop pages; its documents are freed on return (before the
    collector resumes, so that it does not walk them)."""
    from pnp.draw.pdf import PdfSurface
    from pnp.draw.textcache import forget_measured_texts
    from pnp.kinds.deck.shop_from_pages import ShopFromPages

    forget_measured_texts()  # a worker drawing many chunks holds one chunk's texts, not the deck's
    surface = PdfSurface(**sheets_meta)
    shop = ShopFromPages(shop_title)
    for part in parts:
        cards = part.imposition.cards_of(part.sheet)  # held while both use them: the shop keys faces by id()
        part.imposition.draw(surface, shop.drawer(drawers[id(part.deck)]), cards)
        shop.after_sheet(part.deck, cards)
    sheet_pdf = surface.finish()
    return sheet_pdf, shop.pages_from(sheet_pdf)
