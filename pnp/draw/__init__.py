"""Drawing: one Surface protocol, a PDF and an SVG backend, text, fonts and icons."""
