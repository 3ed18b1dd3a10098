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


BATCH_MOVES = {
    "cardrules.hazari.batch_best": "cardrules.hazari.batch.best",
    "cardrules.hazari.batch_bots": "cardrules.hazari.batch.bots",
    "cardrules.hazari.batch_deal": "cardrules.hazari.batch.shuffle",
    "cardrules.hazari.batch_groups": "cardrules.hazari.batch.groups",
    "cardrules.hazari.batch_groups_legal": "cardrules.hazari.batch.groups_legal",
    "cardrules.hazari.batch_random": "cardrules.hazari.batch.uniform",
    "cardrules.hazari.batch_stats": "cardrules.hazari.batch.stats",
    "cardrules.hazari.batch_tables": "cardrules.hazari.batch.tables",
    "cardrules.azi.batch_bots": "cardrules.azi.batch.bots",
    "cardrules.azi.batch_deal": "cardrules.azi.batch.deal",
    "cardrules.azi.batch_step": "cardrules.azi.batch.step",
    "cardrules.azi.batch_tensors": "cardrules.azi.batch.tensors",
}


@pytest.mark.parametrize(("old", "new"), sorted(BATCH_MOVES.items()))
def test_a_batch_module_of_0_3_is_read_from_its_game_with_a_warning(old: str, new: str) -> None:
    pytest.importorskip("numpy")
    game, _, name = old.rpartition(".")
    with pytest.warns(DeprecationWarning, match=re.escape(f"{old} is now {new}")):
        module = getattr(importlib.import_module(game), name)
    assert module is importlib.import_module(new)
    assert name not in importlib.import_module(game).__all__


def test_a_game_package_still_refuses_names_it_never_had() -> None:
    import cardrules.azi
    import cardrules.hazari

    for package in (cardrules.azi, cardrules.hazari):
        with pytest.raises(AttributeError, match="has no attribute 'batch_nothing'"):
            package.batch_nothing  # noqa: B018
