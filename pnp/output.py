"""Writing results: atomic files, a manifest with sizes and hashes, nothing half-written.

Every file is written to a temporary name in its own folder, flushed and
fsynced, then renamed over the old one, so an interrupted or failing build
never leaves a broken file, and two builds at once never interleave bytes.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path


def atomic_write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_outputs(out_dir: Path, files: dict[str, bytes | str], extra_manifest: dict | None = None) -> dict:
    """Write every file (all rendered in memory first), then the manifest; returns the manifest."""
    encoded = {name: (data.encode("utf-8") if isinstance(data, str) else data) for name, data in files.items()}
    entries = []
    for name in sorted(encoded):
        atomic_write(out_dir / name, encoded[name])
        entries.append({"file": name, "bytes": len(encoded[name]), "sha256": sha256(encoded[name])})
    manifest = {"files": entries}
    if extra_manifest:
        manifest.update(extra_manifest)
    atomic_write(out_dir / "manifest.json", json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return manifest


def outputs_intact(out_dir: Path, manifest: dict) -> bool:
    """True when every file the manifest lists is on disk with its recorded size (a cheap check)."""
    for entry in manifest.get("files", []):
        p = out_dir / entry["file"]
        try:
            if p.stat().st_size != entry["bytes"]:
                return False
        except FileNotFoundError:
            return False
    return True
