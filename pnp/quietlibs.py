"""The libraries pnp uses speak only through pnp: their log records and Python warnings are not printed.

fontTools, pypdf, Pillow and others log to Python's `logging` or raise `warnings`; with nothing
configured, Python prints each record of level WARNING and up on stderr (logging's "last resort"
handler), and every warning once per place. A designer then saw a library's note about a font's
table (fontTools: "fsSelection bits 7, 8 and 9 are only defined in OS/2 table version 4 and up")
once for every time a face was opened: thirty lines a build, none of them about their game. pnp
checks what matters to a print itself and says it located, in its own words (a font that cannot
be embedded, a picture too large, a damaged PDF), so the `pnp` command silences the rest.

A designer who asked Python for its warnings (`python -W …`, `PYTHONWARNINGS`) still gets them, and
`PNP_LIBRARY_LOGS=1` prints the libraries' records again, for a bug report.
"""
from __future__ import annotations

import logging
import os
import sys
import warnings


def quiet_libraries() -> None:
    """Called once by the `pnp` command before it runs (its forked workers inherit it)."""
    if os.environ.get("PNP_LIBRARY_LOGS") == "1":
        logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
        return
    # a handler on the root logger: Python's last-resort printer is used only when there is none
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(logging.NullHandler())
    if not sys.warnoptions:
        warnings.simplefilter("ignore")
