"""Where the project's own resources live (templates, fonts, bundled games)."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(os.environ.get("PNP_ROOT", Path(__file__).resolve().parent.parent))
TEMPLATES = ROOT / "templates"
FONTS = TEMPLATES / "fonts"
CARDSPECS = ROOT / "cardspecs"
