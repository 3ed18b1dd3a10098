"""The names that left ``cardrules.bots`` in 0.3.0 say where they went."""

from __future__ import annotations

import importlib
import re

import pytest

import cardrules.bots
import cardrules.bots.search
from cardrules import load_game

MOVED = {
    "FieldAwareBot": "cardrules.hazari.field_bot",
    "GreedyBot": "cardrules.hazari.bots",
    "SolverBot": "cardrules.hazari.bots",
    "HeuristicBot": "cardrules.azi.bots",
    "HeuristicBot01": "cardrules.azi.bots",
    "SearchBot": "cardrules.azi.bots",
}


@pytest.mark.parametrize(("name", "home"), sorted(MOVED.items()))
def test_a_moved_bot_names_its_new_import_path(name: str, home: str) -> None:
    with pytest.raises(AttributeError, match=re.escape(f"use {home}.{name}")):
        getattr(cardrules.bots, name)
    assert hasattr(importlib.import_module(home), name)
    assert name not in cardrules.bots.__all__
    assert name in dir(importlib.import_module(home))


@pytest.mark.parametrize(("name", "game"), [("AziGames", "azi"), ("HazariDeals", "hazari")])
def test_a_removed_game_factory_names_load_game(name: str, game: str) -> None:
    with pytest.raises(AttributeError, match=rf"cardrules\.load_game.*load_game\('{game}'"):
        getattr(cardrules.bots, name)
    assert load_game(game)(3).num_players == load_game(game).num_players


def test_the_search_module_names_azis_search_bot() -> None:
    with pytest.raises(AttributeError, match=re.escape("use cardrules.azi.bots.SearchBot")):
        cardrules.bots.search.SearchBot  # noqa: B018
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        cardrules.bots.Nothing  # noqa: B018


def test_the_old_modules_are_gone() -> None:
    for old in (
        "cardrules.bots.base",
        "cardrules.bots.azi",
        "cardrules.bots.hazari",
        "cardrules.bots.hazari_field",
        "cardrules.cli.narrate",
        "cardrules.cli.azi_view",
        "cardrules.cli.hazari_view",
    ):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(old)
