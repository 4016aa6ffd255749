"""One layout engine for every piece.

Here a *piece* is whatever one layout draws: a face (a card's, a token's side, a die's face) or a
part of a bigger face (a board's space, a sheet's cell).

A layout is a background and named boxes (text, icons, image, shape) placed in a piece's
rectangle; its templated text and `show_if` read the piece's fields. Cards, token sides, die faces,
board spaces and sheet cells are all drawn by `pnp.layout.draw.BoxDrawer`, so a box written
once draws the same on any of them (docs/layout-engine.md).

- `boxes`: the box models (text, icons, image, shape) and their geometry in a piece.
- `draw`: prepares a box's content for a piece's fields and draws it on a Surface.
- `pieces`: a piece's `layout:` (a shared layout's name, or boxes written inline) resolved
  and checked at load time, with located errors.
"""
