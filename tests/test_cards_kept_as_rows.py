"""A large table's cards past the first thousand are kept as their CSV rows and made again
when drawn (`pnp.kinds.deck.cards`): the outputs, the errors and the places a referee reads must
be those of the same deck held whole. `KEEP_RESOLVED` is lowered so that a small deck takes
the same path as one of 50,000 cards."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import BuildOptions, build_game
from pnp.game import load_game
from pnp.kinds.deck import cards as deckcards
from tests.test_containment_outputs import files_under

DECK = """\
kind: deck
name: crew
size: poker
fields:
  title: {type: text}
  power: {type: int}
  kind: {type: text}
layouts:
  hero:
    boxes:
      title: {text: "{{ title }} ({{ card['copy'] }} of {{ card['count'] }})", x: 4mm, y: 4mm, width: 55mm, height: 10mm}
      power: {type: shape, shape: circle, x: 6mm, y: 66mm, width: 12mm, height: 12mm, text: "{{ power }}"}
  villain:
    background: "#fde0dc"
    boxes:
      title: {text: "{{ title | upper }}", x: 4mm, y: 30mm, width: 55mm, height: 10mm}
  back:
    background: "#263238"
    boxes:
      name: {text: "{{ kind }}", x: 5mm, y: 66mm, width: 53mm, height: 10mm, color: white}
back:
  layout: back
data:
  - {file: crew.csv, where: "kind != 'extra'"}
  - {file: more.csv, layout: hero}
"""


def _crew(rows: int) -> str:
    lines = ["id,title,power,kind,layout,count"]
    for i in range(rows):
        kind = ("hero", "villain", "extra")[i % 3]
        title = f'"Crew {i},\nsecond line"' if i % 4 == 0 else f"Crew {i}"
        lines.append(f"m{i},{title},{i % 7},{kind},{'villain' if kind == 'villain' else 'hero'},{1 + i % 2}")
    return "\n".join(lines) + "\n"


def _game(folder: Path, crew: str = "") -> Path:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("title: Rows\nplayers: 2\ncomponents: [crew.yaml]\n")
    (folder / "crew.yaml").write_text(DECK)
    (folder / "crew.csv").write_text(crew or _crew(40))
    (folder / "more.csv").write_text("id,title,power,kind\n" + "".join(f"x{i},Extra {i},{i},hero\n" for i in range(9)))
    return folder


def _built(folder: Path, out: Path) -> dict[str, bytes]:
    build_game(folder, BuildOptions(out=out, force=True, formats=("pdf", "svg")))
    return {k: v for k, v in files_under(out).items() if not k.endswith("manifest.json")}


def test_cards_kept_as_rows_print_the_same_bytes(tmp_path, monkeypatch):
    game = _game(tmp_path / "game")
    whole = _built(game, tmp_path / "whole")
    monkeypatch.setattr(deckcards, "KEEP_RESOLVED", 5)
    deck = load_game(game).components[0].model
    assert isinstance(deck.cards, deckcards.DeckCards) and deck.cards.rows == len(deck.cards) - 5
    rows = _built(game, tmp_path / "rows")
    assert rows.keys() == whole.keys() and sum(k.endswith(".svg") for k in rows) > 60
    assert rows == whole


def test_cards_kept_as_rows_are_the_cards_held_whole(tmp_path, monkeypatch):
    game = _game(tmp_path / "game")
    whole = load_game(game).components[0].model
    monkeypatch.setattr(deckcards, "KEEP_RESOLVED", 3)
    kept = load_game(game).components[0].model
    assert [(e.id, e.count, e.pos, e.front.fields, e.front.layout.name, e.back.fields) for e in kept.cards] == \
        [(e.id, e.count, e.pos, e.front.fields, e.front.layout.name, e.back.fields) for e in whole.cards]
    assert (kept.total, kept.double_sided) == (whole.total, whole.double_sided)
    assert [kept.copies(i) for i in range(len(kept.cards))] == [e.count for e in whole.cards]
    # where a referee points: each card's row and cells
    assert dict(kept.data_rows.items()) == dict(whole.data_rows.items())
    assert kept.data_rows["m10"].pos_of("power") == whole.data_rows["m10"].pos_of("power")
    assert str(kept.data_rows["x4"].pos_of("title")) == f"{game / 'more.csv'}:6:4"


def _line(text: str, start: str) -> int:
    return text[:text.index("\n" + start) + 1].count("\n") + 1


@pytest.mark.parametrize("row, where, message", [
    ("m31,Crew 31,lots,hero,hero,1", 13, "card 'm31' (front): field 'power' must be a whole number, got 'lots'"),
    ("m1,Again,3,hero,hero,1", 1, "duplicate card id 'm1' (first at {csv}:{first}:1)"),
    ("m31,Crew 31,3,hero,nolayout,1", 20, "card 'm31' (front): unknown layout 'nolayout' (known: back, hero, villain)"),
])
def test_an_error_in_a_row_past_the_first_cards_is_reported_at_load(run_cli, tmp_path, monkeypatch, row, where, message):
    monkeypatch.setattr(deckcards, "KEEP_RESOLVED", 0)  # every row's card kept as its text
    crew = _crew(40)
    assert "\nm31,Crew 31,3,villain,villain,2\n" in crew
    crew = crew.replace("\nm31,Crew 31,3,villain,villain,2\n", f"\n{row}\n")
    game = _game(tmp_path / "game", crew)
    csv = game / "crew.csv"
    r = run_cli("build", str(game), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2, r.output
    assert r.output.splitlines()[0] == (f"{csv}:{_line(crew, row)}:{where}: "
                                        + message.format(csv=csv, first=_line(crew, "m1,")))
    assert not any((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.parametrize("form", ["byte-order mark", "CRLF", "accents", "blank lines"])
def test_rows_read_again_from_any_utf8_csv_print_the_same_bytes(tmp_path, monkeypatch, form):
    """A row kept as its place is read again from the file's bytes: a byte-order mark before the
    header, CRLF line ends, characters of several bytes and blank lines must not move any row."""
    crew = _crew(40)
    if form == "byte-order mark":
        crew = "\ufeff" + crew
    elif form == "CRLF":
        crew = crew.replace("\n", "\r\n")
    elif form == "accents":
        crew = crew.replace("Crew 1", "Équipe ½ 1").replace("second line", "zweite Zeile – ü")
    else:
        crew = crew.replace("\nm2", "\n\n,,,,,\nm2").replace("\nm30", "\n\n\nm30")
    game = _game(tmp_path / "game", crew)
    whole = _built(game, tmp_path / "whole")
    monkeypatch.setattr(deckcards, "KEEP_RESOLVED", 0)
    deck = load_game(game).components[0].model
    assert deck.cards.rows == len(deck.cards)
    assert _built(game, tmp_path / "rows") == whole


@pytest.mark.parametrize("edit", ["edited in place", "replaced", "removed"])
def test_a_table_changed_while_its_deck_is_built(run_cli, tmp_path, monkeypatch, edit):
    """The rows are read again from their file, checked against what was read the first time: a table
    edited, replaced or removed after it was checked is an error at the file (exit 2, the earlier
    output untouched), never cards drawn from rows nobody checked."""
    import pnp.kinds.deck.page_chunks as page_chunks

    monkeypatch.setattr(deckcards, "KEEP_RESOLVED", 0)
    game = _game(tmp_path / "game", _crew(400))  # rows in several blocks (`deckcards.BLOCK`)
    out = tmp_path / "out"
    assert run_cli("build", str(game), "--out", str(out)).exit_code == 0
    before = files_under(out)
    csv = game / "crew.csv"
    drawn = page_chunks.sheets_and_shop

    def edit_then_draw(*args, **kwargs):
        changed = csv.read_text().replace("Crew 201,", "Crew 2o1,")
        if edit == "replaced":
            (game / "new.csv").write_text(changed)
            (game / "new.csv").replace(csv)
        elif edit == "removed":
            csv.unlink()
        else:
            with open(csv, "r+") as f:  # the same file, written over
                f.write(changed)
        return drawn(*args, **kwargs)

    monkeypatch.setattr(page_chunks, "sheets_and_shop", edit_then_draw)
    r = run_cli("build", str(game), "--out", str(out), "--force")
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    if edit == "removed":
        assert r.output.startswith(f"{game / 'crew.yaml'}:"), r.output
        assert "data file 'crew.csv' not found" in r.output
    else:
        assert r.output.startswith(f"{csv}:"), r.output
        assert "the table changed while the deck was being built" in r.output
    assert files_under(out) == before


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts this process's open files in /proc")
def test_rows_kept_as_their_place_hold_no_file_open(tmp_path, monkeypatch):
    """A deck of many tables, every row kept as its place: no file stays open between reads (a
    deck naming thousands of tables would otherwise run out of open files)."""
    monkeypatch.setattr(deckcards, "KEEP_RESOLVED", 0)
    game = _game(tmp_path / "game")
    for i in range(60):
        (game / f"t{i}.csv").write_text(f"id,title,power,kind\nt{i},Table {i},{i},hero\n")
    (game / "crew.yaml").write_text(DECK + "".join(f"  - {{file: t{i}.csv, layout: hero}}\n" for i in range(60)))
    open_before = len(list(Path("/proc/self/fd").iterdir()))
    deck = load_game(game).components[0].model
    assert deck.cards.rows == len(deck.cards) > 60
    assert len(list(Path("/proc/self/fd").iterdir())) <= open_before
    assert [deck.cards[i].id for i in range(-60, 0)] == [f"t{i}" for i in range(60)]


def _random_table(rng) -> str:
    """A CSV table of awkward but valid rows: quoted cells holding commas, quotes and line breaks,
    characters of two to four bytes, blank lines, and one kind of line end chosen at random."""
    end = rng.choice(["\n", "\r\n", "\r"])
    pieces = ["plain", "Ünïcödé", "日本語", "emoji 🎲", 'say ""hi""', "a, b", "two\nlines", "cr\r\nlf", " "]

    def cell() -> str:
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 3)))
        return f'"{text}"' if any(c in text for c in ',"\r\n') or rng.random() < 0.2 else text

    lines = ["id,title,power,kind"]
    for i in range(rng.randint(5, 60)):
        if rng.random() < 0.1:
            lines.append("")  # a blank line between rows
        lines.append(f"r{i},{cell()},{rng.randint(0, 9)},{rng.choice(['hero', 'villain'])}")
    return ("\ufeff" if rng.random() < 0.3 else "") + end.join(lines) + (end if rng.random() < 0.7 else "")


def test_random_tables_read_again_give_the_cards_read_first(tmp_path, monkeypatch):
    """Where each row is in the file is counted in bytes while the text is read: on random tables
    of every line end, byte-order mark and width of character, every row read again from the file
    is the card read the first time, at the same place."""
    import random

    rng = random.Random(20)
    for n in range(25):
        folder = tmp_path / f"g{n}"
        folder.mkdir()
        (folder / "game.yaml").write_text("title: Rows\nplayers: 2\ncomponents: [crew.yaml]\n")
        (folder / "crew.yaml").write_text(DECK.split("data:")[0] + "data: [{file: crew.csv, layout: hero}]\n")
        (folder / "crew.csv").write_bytes(_random_table(rng).encode("utf-8"))
        monkeypatch.setattr(deckcards, "KEEP_RESOLVED", 1_000)
        whole = load_game(folder).components[0].model
        monkeypatch.setattr(deckcards, "KEEP_RESOLVED", 0)
        kept = load_game(folder).components[0].model
        assert kept.cards.rows == len(kept.cards) == len(whole.cards) > 0
        assert [(e.id, e.pos, e.front.fields, e.back.fields) for e in kept.cards] == \
            [(e.id, e.pos, e.front.fields, e.back.fields) for e in whole.cards]
        assert dict(kept.data_rows.items()) == dict(whole.data_rows.items())
