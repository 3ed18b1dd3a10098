"""Adapters to the tools bot builders use; each needs its extra installed.

- :mod:`cardrules.integrations.openspiel` (``pip install "cardrules[openspiel]"``):
  importing it registers every cardrules game with OpenSpiel as ``cardrules_<name>``.
- :mod:`cardrules.integrations.pettingzoo` (``pip install "cardrules[pettingzoo]"``):
  ``env(game)`` is a PettingZoo AEC environment.

Importing this package imports none of those tools; ``import cardrules`` never does.
"""

from __future__ import annotations

__all__: list[str] = []
