"""A figure's caption in a Japanese and an Arabic rulebook: "Figure N." in the edition's own words and
the caption shaped by the edition's engine (copied back as written), never empty boxes."""
from __future__ import annotations

import pypdfium2
import pytest

from editionstarter import cards_only

from pnp.build import BuildOptions, build_game
from pnp.models.phrases import phrase

CAPTIONS = {"ja": "市場のカード", "ar": "بطاقة من السوق"}  # characters the starter's cut fonts hold


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    base = tmp_path_factory.mktemp("captions")
    game = cards_only(base)
    for lang, caption in CAPTIONS.items():
        with (game / f"rules.{lang}.md").open("a", encoding="utf-8") as f:
            f.write(f'\n{{{{ card("market", "lamp", width="30mm", caption="{caption}") }}}}\n')
    return {lang: (build_game(game, BuildOptions(out=base / "out", lang=lang)), base / "out" / "lantern" / lang)
            for lang in CAPTIONS}


@pytest.mark.parametrize("lang", sorted(CAPTIONS))
def test_a_caption_is_numbered_in_the_editions_words_and_shaped(built, lang):
    result, out = built[lang]
    assert not [w for w in result.warnings if "glyph" in w.message or "no font" in w.message], \
        [w.message for w in result.warnings]
    doc = pypdfium2.PdfDocument(out / "rulebook.pdf")
    text = " ".join(" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(len(doc)))
    from pnp.models.edition import Edition, editing

    with editing(Edition(lang, "en", ("en", lang))):
        label = phrase("figure").format(n=1)
    assert label.replace(" 1", "") in text and CAPTIONS[lang] in text, text[-300:]
    assert "Figure" not in text
