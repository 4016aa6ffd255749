"""A kind from another package offers cards to the referee through `printed_faces` alone.

The referee's card checks (backs that tell shuffled cards apart, numbers a card's template prints)
read each face as the kind prints it (`pnp.kinds.printedface`), never a deck's own models or drawer:
a toy kind of postcards, whose model is nothing like a deck, is judged like one."""
from __future__ import annotations

from types import ModuleType, SimpleNamespace

import pytest

from pnp import plugins
from pnp.errors import Pos
from pnp.kinds.printedface import CardFaces, FaceText, PrintedFace
from pnp.referee.backs import back_findings
from pnp.referee.printed import TYPED, printed_texts

HERE = Pos("postcards.yaml", 1, 1)


def _postcard_kind(backs: dict[str, str], texts: dict[str, tuple[str, str]]) -> ModuleType:
    """A kind offering cards whose cards are postcards: BACKS card → what its back reads, TEXTS card →
    (printed, template) of its front's one text."""
    kind = ModuleType("postcards")
    kind.KIND, kind.OPTIONS, kind.SHARED, kind.RULEBOOK_NAME = "postcard", (), False, None
    kind.OFFERS = frozenset({"cards"})
    for hook in ("model", "load", "validate", "build", "rulebook_items", "rulebook_view", "pieces", "counted"):
        setattr(kind, hook, lambda *a, **k: None)

    def printed_faces(game, component, limit):
        out = CardFaces("postcards", HERE, None, None, True)
        for i, (card, back) in enumerate(backs.items()):
            at = Pos("postcards.yaml", 2 + i, 3)
            printed, template = texts.get(card, ("", ""))
            out.faces.append(PrintedFace(card, "front", at, None, None, False, ("front", card), (
                FaceText("message", printed, template, Pos("postcards.yaml", 2 + i, 20)),) if printed else ()))
            out.faces.append(PrintedFace(card, "back", at, None, None, True, ("stamp", None, (("line", back, None, None, ()),)),
                                         box_at={"line": Pos("postcards.yaml", 9, 5)}))
        return out

    kind.printed_faces = printed_faces
    return kind


@pytest.fixture
def game(monkeypatch):
    def register(kind: ModuleType):
        real = plugins.load.__wrapped__

        def load(group, name):
            return kind if (group, name) == ("kinds", "postcard") else real(group, name)

        monkeypatch.setattr(plugins, "load", load)
        monkeypatch.setattr("pnp.kinds.load", load)
        return SimpleNamespace(components=[SimpleNamespace(kind="postcard", model=object(), raw=None)],
                               rules_source=lambda: None)
    return register


def test_a_back_that_differs_as_printed_is_found_at_the_box(game):
    g = game(_postcard_kind({"paris": "Greetings", "rome": "Greetings", "oslo": "Greetings from Oslo"}, {}))
    found = back_findings(g)
    assert [(f.rule, f.pos) for f in found] == [("backs", Pos("postcards.yaml", 9, 5))], found
    assert "card 'oslo'" in found[0].message and "Greetings from Oslo" in found[0].message


def test_backs_that_print_alike_pass(game):
    assert back_findings(game(_postcard_kind({"paris": "Greetings", "rome": "Greetings"}, {}))) == []


def test_a_number_a_template_prints_is_read_and_placed_at_its_template(game):
    g = game(_postcard_kind({"paris": "Greetings"}, {"paris": ("Walk 12 km to the tower", "Walk {{ 3 * 4 }} km to the tower")}))
    g.__dict__["_printed_texts"] = {}
    (face,) = printed_texts(g)
    assert face.text == "Walk 12 km to the tower"
    at = face.place(face.text.index("12"), "12")
    assert at != TYPED and at.line == 2, at        # computed, not typed: placed at the template
    typed = face.place(face.text.index("km"), "km")
    assert typed == TYPED                          # written in the template as it prints
