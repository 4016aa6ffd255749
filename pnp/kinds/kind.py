"""What a component kind is, and the options a kind adds to `pnp build`.

A kind is what a spec file's `kind:` key names. pnp finds kinds only through the
`pnp.kinds` entry-point group (`pnp.plugins`), so a kind shipped in another
package is found exactly like the bundled ones. Whatever the entry point names
(usually a module) must follow `Kind`: every hook is present, a no-op where the
kind has nothing to do, so callers never test whether a hook exists.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.context import Component, GameContext


@dataclass(frozen=True)
class KindOption:
    """One `pnp build` flag a kind declares and reads from the build options.

    The command line makes a flag of every registered kind's options (`pnp.commands.kindflags`),
    so a kind from another package brings its own flags. The kind reads the value as
    `options.<dest>`: what was given, else `default`. `type` is str, int or bool (a bool is a
    flag without a value); `bounds` the inclusive (min, max) of a number, so that the limits live
    beside the kind that relies on them; `parse` turns the given text into the value, raising
    ValueError with what is allowed (`pnp.kinds.values`)."""

    flag: str
    dest: str
    type: type
    default: Any
    help: str
    bounds: tuple[int, int] | None = None
    parse: Callable[[str], Any] | None = None


# Draws one face of a piece on a surface whose origin is the top-left corner of the face's bleed.
FaceDrawer = Callable[[Any], None]


@dataclass(frozen=True)
class Piece:
    """One kind of physical piece a component prints (a card, a token, a player board, a die, a board).

    This is what every output that handles pieces one at a time reads: the print-shop file
    (one face per page, TrimBox and BleedBox), PNG faces, SVG faces, and the tabletop and
    print-service exports. A kind lists its pieces; the outputs never know the kind.
    Sizes are in points; `faces` are drawn at full size with their bleed, in order
    (front then back for flat pieces; a die's faces in the order of its spec)."""

    name: str                       # what players call it ("Old Tom", "Clue token", "d6 Monster")
    what: str                       # the sort of piece: "card", "token", "player board", "board", "die", "standee"
    component: str                  # the spec file's `name:` it belongs to
    width: float                    # trim size
    height: float
    bleed: float
    count: int                      # copies in one set of the game
    faces: tuple[FaceDrawer, ...]   # front[, back] — or a die's faces
    shape: str = "rect"             # the cut outline: rect, rounded, circle, hexagon, custom
    radius: float = 0.0             # corner radius of a rounded outline
    description: str = ""           # plain text a tabletop tooltip or listing can show
    key: str = ""                   # stable identity within the component (a card id), for file names
    shared_back: bool = False       # the back is the same for every piece of the component
    facts: dict = field(default_factory=dict, compare=False)  # anything an export may show (fields of a card)
    cut: FaceDrawer | None = field(default=None, compare=False)  # fills the cut outline (origin: the trim's corner),
    #                                 for a piece whose outline is not its trim box (a tabletop cuts its picture to it)


@dataclass(frozen=True)
class Counted:
    """Something named a component prints, with how many of it: what the generic referee reads of
    any kind (`pnp.referee.components`, `pnp.referee.text`) without knowing the kind.

    `absent` is the declaration in words for a finding when a text names it and none is printed
    ("" when that check does not apply); `rule`, `what`, `says` and `fix` make a count statement
    (`pnp.referee.text.Statement`): the rule it reports under ("token-count"), the number in words
    for the message, the phrases a rulebook uses for it with `#` for the number, and the advice."""

    name: str
    count: int
    absent: str = ""
    rule: str = ""
    what: str = ""
    says: tuple[str, ...] = ()
    fix: str = ""


class BuildSettings(Protocol):
    """What a kind reads of one build's options (`pnp.build.BuildOptions` is one): the settings
    every game shares, and each kind option as an attribute (`options.gutter`: the value given,
    else its KindOption's default). Typed here so the kinds never import the build above them."""

    paper: Any      # pnp.choices.Paper
    duplex: Any     # pnp.choices.Duplex
    out: Path
    formats: tuple  # of pnp.choices.Format
    force: bool
    strict: bool
    dpi: int

    def __getattr__(self, name: str) -> Any: ...


@runtime_checkable
class Kind(Protocol):
    """The contract of a kind (usually module-level names and functions)."""

    KIND: str                        # the value of the spec file's `kind:` key
    OPTIONS: tuple[KindOption, ...]  # the `pnp build` flags this kind reads
    SHARED: bool                     # its components define names other components use (a game's
                                     # layouts): loaded first, and a change to one rebuilds the others
    RULEBOOK_NAME: str | None        # the name its components go by at the top of rules.md (`decks`)
    OFFERS: frozenset[str]           # what its models offer the core's generic code (`OFFERINGS`)
    # A SHARED kind may also give FOLLOWS_FROM_MISSING: the words of the errors other files get
    # when one of its files cannot be read (those are then left out: the unread file is the cause).

    def model(self) -> type:
        """The pydantic model of the file (`pnp schema`, the editor's JSON Schema). Asked for, not a
        module constant: every `pnp build` imports each registered kind for its flags, and only the
        kinds a game uses need their models."""

    def load(self, game: GameContext, path: Path, raw: Any) -> Any:
        """The loaded component, or None; errors go to `game.errors`, located."""

    def validate(self, game: GameContext, model: Any) -> None:
        """Deeper checks than loading (`pnp validate`, `pnp check`) without drawing; errors go to `game.errors`."""

    def build(self, game: GameContext, components: list[Component], options: BuildSettings) -> dict:
        """{relative output name: bytes or str} for all the game's components of this kind."""

    def rulebook_items(self, game: GameContext, component: Component) -> list[str] | None:
        """Markdown lines describing the component in the rulebook's component list ([] for none);
        None leaves the generic line to the rulebook."""

    def rulebook_view(self, game: GameContext, component: Component) -> Any:
        """What a rules.md template reads of the component (`components.<kind>.<name>`), as plain
        data (`pnp.models.plain`); None leaves it out."""

    def pieces(self, game: GameContext, component: Component) -> list[Piece]:
        """The physical pieces of one component, for the outputs that handle pieces one by one
        (print-shop file, PNG and SVG faces, tabletop exports); [] where it has none (a pad of score sheets)."""

    def counted(self, game: GameContext, component: Component) -> list[Counted]:
        """The named things the component prints and how many of each, for the generic referee
        (a text naming one the game prints none of, a rulebook's count that disagrees); [] for none."""


# What a kind's OFFERS may hold: a promise that its loaded models can be read in that shape, so that
# the core asks for "the components offering cards", never for a kind by name.
OFFERINGS = {
    "cards": "a deck: `.name`, `.spec` (title, piles), `.field_defs`, `.width`, `.height`, `.cards` (id, "
             "front, back, pos), `.expanded()`, `.total`, `.card_facts()` (each physical card as plain data); and the kind "
             "module gives `card_drawer(game, deck, errors)` (its face drawer: `prepare`, `draw`) and "
             "`print_faces(surface, deck, drawer, entries)` (a page per face) — the rulebook's card figures and cover, showcase "
             "pictures and declared checks read it — and `printed_faces(game, component, limit)` (each face's words and "
             "look as printed, `pnp.kinds.printedface.CardFaces`), which is all the referee's card checks read, and "
             "`table_cells(game, component, limit)` (each cell of its table's first rows: field, value, place), "
             "which the print-shop colour check reads",
    "spaces": "a board graph: `cells()`, `walkable(cell)`, `distances(cell)`, `pos_of(cell)` — the "
              "referee's reachability check walks it",
    "faces": "dice: `.dice` (id, name, faces with text, names, number) and `.symbols` — the referee's "
             "chance notes and colour-only check read it",
    "names": "defines names other components use and prints nothing of its own (a game's layouts): "
             "the showcase leaves it out",
}


HOOKS = ("model", "load", "validate", "build", "rulebook_items", "rulebook_view", "pieces", "counted")
ATTRIBUTES = ("KIND", "OPTIONS", "SHARED", "RULEBOOK_NAME", "OFFERS")

# The rulebook is built for every game rather than by a kind, but its flag is declared the same way.
RULEBOOK_OPTIONS = (
    KindOption("--booklet", "booklet", bool, False, "Also impose the rulebook as an A5 booklet."),
)


def phrase_words(text: str) -> str:
    """A name or field value as the words of a counting phrase ('event', 'wooden cube'): `#` and
    `*` stripped, for they mean the number and any word in `Counted.says`."""
    return " ".join(str(text).replace("#", " ").replace("*", " ").split())


def render_parameters(game: "GameContext", raw):
    """A token, score-sheet or board file with its values that hold a template rendered with the game's
    rule parameters, to be checked against its model (`pnp.sandbox.spectext`); card text reads
    them per card instead."""
    from pnp.sandbox.spectext import render_spec_values

    return render_spec_values(raw, game.game.parameter_values() if game.game else {}, game.errors)


@contextmanager
def fit_at(game: "GameContext", raw: Any, path: list, advice: str = "make it smaller or print on larger paper"):
    """Turn a `DoesNotFit` raised while drawing into a located error at the spec key that set the size.

    The one place where page geometry's refusal becomes a designer's error (the kind then stops
    with the errors collected)."""
    from pnp.errors import Pos
    from pnp.geometry.fit import DoesNotFit
    from pnp.reading.load import LDict, locate

    try:
        yield
    except DoesNotFit as e:
        if isinstance(raw, Pos):
            where = raw
        else:
            where = locate(raw, path) if isinstance(raw, LDict) else getattr(raw, "pos", None) or Pos(str(game.dir))
        game.errors.error(where, f"{e}; {advice}")
