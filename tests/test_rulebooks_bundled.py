"""The bundled games' rulebooks: each builds, and the numbers they state follow the specs."""
from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf")

from pnp.build import BuildOptions, render  # noqa: E402
from pnp.game import load_game  # noqa: E402
from pnp.paths import EXAMPLES  # noqa: E402

# a bundled game is a folder with a game.yaml (a folder still being written may lack one)
GAMES_WITH_RULES = sorted(p.parent.name for p in EXAMPLES.glob("*/rules.md") if (p.parent / "game.yaml").is_file())


def build_rules(game_dir: Path) -> bytes:
    """The build pipeline in memory (the figures need the other outputs): its rulebook.pdf."""
    game = load_game(game_dir)
    return render(game, BuildOptions().for_game(game)).files["rulebook.pdf"]


def text_of(pdf: bytes) -> str:
    pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
    return re.sub(r"\s+", " ", " ".join(p.extract_text() or "" for p in pages))


@pytest.mark.parametrize("name", GAMES_WITH_RULES)
def test_bundled_rulebook_builds(name):
    pdf = build_rules(EXAMPLES / name)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= 3  # title, contents, at least one page of rules
    assert "Reference" in text_of(pdf) or name not in ("blob", "miskatonic")


def test_bundled_games_with_rules_include_blob_and_miskatonic():
    assert {"blob", "miskatonic"} <= set(GAMES_WITH_RULES)


def test_blob_rounds_follow_the_rules_parameter(tmp_path):
    """The rounds are a rule parameter in game.yaml (the sheet's track is held to it by pnp check)."""
    game = tmp_path / "blob"
    shutil.copytree(EXAMPLES / "blob", game, ignore=shutil.ignore_patterns("output"))
    before = text_of(build_rules(game))
    assert "16 rounds" in before and "round 16" in before
    spec = game / "game.yaml"
    text = spec.read_text()
    assert "rounds:\n    value: 16" in text
    spec.write_text(text.replace("rounds:\n    value: 16", "rounds:\n    value: 12", 1))
    after = text_of(build_rules(game))
    assert after != before
    assert "12 rounds" in after and "round 12" in after
    assert "16 rounds" not in after and "round 16" not in after


def test_miskatonic_tomes_match_bookshelves():
    game = load_game(EXAMPLES / "miskatonic")
    board = game.of_kind("board")[0].model
    shelves = {board.entry(cell).location for cell in board.fronts(spaces={"bookshelf"})}
    text = text_of(build_rules(EXAMPLES / "miskatonic"))
    stated = [int(n) for n in re.findall(r"(\d+) tomes", text)]
    assert stated, "the rulebook never states how many tomes there are"
    assert set(stated) == {len(shelves)}
    assert f"{len(shelves)} locations with a bookshelf" in text
    tokens = game.of_kind("tokens")[0].model
    pages, curses = (tokens.by_id(i).spec.count for i in ("page", "curse"))
    assert pages + curses == len(shelves)
    assert f"{pages} Pages" in text and f"{curses} Curses" in text


def test_a_heading_never_ends_a_page_apart_from_its_figure(tmp_path):
    """Sections of varying length, each a heading then a card figure: wherever the page breaks
    fall, every heading shares its page with the card that follows it."""
    import shutil

    from pypdf import PdfReader

    from pnp.build import BuildOptions, build_game
    from pnp.paths import EXAMPLES

    game = tmp_path / "cave"
    shutil.copytree(EXAMPLES / "cave", game)
    ids = ["gold-idol", "jade-idol", "clay-idol", "bronze-idol", "ruby", "emerald", "sapphire", "amethyst",
           "opal", "geode", "doubloon", "amphora", "urn", "tiara", "spyglass", "violin"]
    filler = "The cave shakes and the lamps sway while you dig for treasure. "
    parts = ["# Sections\n"]
    for n, card in enumerate(ids):
        parts.append(filler * (3 + 7 * n % 19) + "\n")
        parts.append(f"## Section {card}\n")
        parts.append(f'{{{{ card("cave", "{card}", width="38mm", caption="The {card}") }}}}\n')
    (game / "rules.md").write_text("\n".join(parts))
    result = build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    pages = [p.extract_text() for p in PdfReader(str(result.out_dir / "rulebook.pdf")).pages]
    for card in ids:
        with_heading = [i for i, text in enumerate(pages) if f"Section {card}" in text]
        assert with_heading, card
        body = pages[with_heading[-1]]
        assert f"The {card}" in body, f"the heading of {card} was left without its figure"


def test_empty_list_items_build(tmp_path):
    """A bare "-" or "1." line is an empty list item (found by the property test): it must not crash."""
    import shutil

    from pnp.build import BuildOptions, build_game
    from pnp.paths import EXAMPLES

    game = tmp_path / "cave"
    shutil.copytree(EXAMPLES / "cave", game)
    (game / "rules.md").write_text("# Lists\n\n-\n- \n\n1.\n\nText after.\n")
    result = build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    assert (result.out_dir / "rulebook.pdf").stat().st_size > 1000
