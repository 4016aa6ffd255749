"""pnp — the print-and-play compiler."""

__version__ = "0.1.0"
