"""Doctest collection of the sources: skip the adapters whose extra is not installed."""

from __future__ import annotations

import importlib.util

_EXTRAS = {
    "cardrules/integrations/openspiel.py": "pyspiel",
    "cardrules/integrations/_openspiel_bounds.py": "pyspiel",
    "cardrules/integrations/_openspiel_state.py": "pyspiel",
    "cardrules/integrations/pettingzoo.py": "pettingzoo",
}

_NUMPY = (
    "cardrules/batch.py",
    "cardrules/azi/batch*.py",
    "cardrules/hazari/batch*.py",
    "cardrules/cli/simulate_batch.py",
)
"""The batch engine's modules, which need the ``numpy`` extra."""

collect_ignore = [
    path for path, module in _EXTRAS.items() if importlib.util.find_spec(module) is None
]
collect_ignore_glob = list(_NUMPY) if importlib.util.find_spec("numpy") is None else []
