"""The `editions` starter cut to its cards and rulebooks: every edition's words at a fraction of the work
(the tests of texts, translations and copy order read card and rule texts only), and a PO file filled the
way a translator's script fills one."""
from __future__ import annotations

import io
from pathlib import Path

from pnp.scaffold import create

OTHER_KINDS = ("board.yaml", "tokens.yaml", "sheet.yaml", "dice.yaml")


def cards_only(folder: Path, remove_files: bool = False) -> Path:
    """`folder`/lantern: the starter with its board, tokens, score sheet and dice taken out of game.yaml
    (and their files removed with `remove_files`)."""
    create("lantern", folder, template="editions")
    game = folder / "lantern"
    spec = (game / "game.yaml").read_text(encoding="utf-8")
    for other in OTHER_KINDS:
        spec = spec.replace(f"  - {other}\n", "")
        if remove_files:
            (game / other).unlink()
    (game / "game.yaml").write_text(spec, encoding="utf-8")
    return game


def filled_po(hand: Path, script: Path, lang: str, path: Path) -> list:
    """`script`'s PO file for `lang`, each message filled with `hand`'s translation of the same context, written
    to `path`; the messages as exported before filling (to check nothing was translated yet)."""
    from babel.messages.pofile import read_po, write_po

    from pnp.translate.workflow import export

    untranslated = read_po(io.BytesIO(export(script, lang)[0]))
    before = [m.string for m in untranslated if m.id]
    known = {m.context: m.string for m in read_po(io.BytesIO(export(hand, lang)[0])) if m.id}
    for message in untranslated:  # the "translator": a script that fills each message by its context
        if message.id:
            message.string = known[message.context]
    filled = io.BytesIO()
    write_po(filled, untranslated)
    path.write_bytes(filled.getvalue())
    return before
