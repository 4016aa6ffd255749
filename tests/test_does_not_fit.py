"""What does not fit on the paper is one kind of error (DoesNotFit), raised by page geometry and
turned into a located error at the key that set the size, in one place (`pnp.kinds.kind.fit_at`)."""
from __future__ import annotations

import shutil

import pytest

from pnp.errors import SpecErrors
from pnp.geometry.fit import DoesNotFit
from pnp.geometry.impose import card_grid
from pnp.geometry.paper import paper_size
from pnp.paths import EXAMPLES
from pnp.models.units import mm


def test_layout_code_raises_does_not_fit():
    with pytest.raises(DoesNotFit, match="does not fit"):
        card_grid(*paper_size("a4"), mm(400), mm(88), mm(3))


@pytest.mark.parametrize("file, before, after", [
    ("cards.yaml", "size: poker", "size: {width: 300mm, height: 88mm}"),
    ("tokens.yaml", "size: 14mm, count: 5", "size: 400mm, count: 5"),
])
def test_too_large_for_the_paper_is_located_at_its_spec(tmp_path, file, before, after):
    from pnp.build import BuildOptions, build_game

    game = shutil.copytree(EXAMPLES / "miskatonic", tmp_path / "misk")
    spec = game / file
    text = spec.read_text()
    assert before in text
    spec.write_text(text.replace(before, after, 1))
    with pytest.raises(SpecErrors) as caught:
        build_game(game, BuildOptions(out=tmp_path / "out", force=True))
    fits = [e for e in caught.value.errors if "does not fit" in e.message]
    assert len(fits) == 1, [str(e.pos) + e.message for e in caught.value.errors]
    assert str(fits[0].pos).startswith(f"{file}:") or f"/{file}:" in str(fits[0].pos)
    assert fits[0].pos.line > 1  # at the key that set the size, not the top of the file
    assert "smaller" in fits[0].message or "larger paper" in fits[0].message
    assert not (tmp_path / "out" / "misk").exists()  # nothing written
