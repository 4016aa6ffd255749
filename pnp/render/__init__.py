"""Components: spec models → drawing on a Surface (cards, sheets, boards, dice, tokens)."""
