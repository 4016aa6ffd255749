"""The one Jinja2 sandbox every templated text of a game is rendered in (`templating`: bounded in
work and output, no file or object reached), and `spectext`, a spec file's templated values
rendered with the game's rule parameters before it is validated."""
