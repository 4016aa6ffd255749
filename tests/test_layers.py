"""The layers of docs/architecture.md hold, and no sibling modules import each other in a cycle (import-linter)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_no_module_imports_from_a_layer_above_its_own():
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.fail("import-linter is a test dependency: pip install -e '.[test]'")
    result = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "2 kept, 0 broken" in result.stdout  # the layers, and no cycles between sibling modules
