"""The Hazari tests' own helpers (the naive reference, the brute force, scripted
deals) are plain modules of this folder, imported by name."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
