"""Components: spec models → drawing on a Surface (cards, score sheets, boards, dice, tokens)."""
