"""``TextGame.for_player`` takes time linear in a match's length: each position's
observation is asked of its current game, not of every game before it."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import load_game
from cardrules.azi.state import AziState
from cardrules.hazari.state import HazariState
from cardrules.records import _text_game as records_text
from cardrules.records.text import TextGame
from cardrules.rng import Rng


def played(spec: str, *, match: bool, seed: int, most: int = 10**6) -> Any:
    """A match (or game) of ``spec`` played to its end (or ``most`` actions) at random."""
    game = load_game(spec)
    state = game.new_match(seed=seed, dealer=0) if match else game.new_state(seed=seed, dealer=0)
    rng = Rng(seed)
    for _ in range(most):
        if state.is_terminal:
            break
        actions = state.legal_actions()
        state = state.apply(actions[rng.randbelow(len(actions))])
    return state


def reference_deal_seen(state: Any, player: int) -> tuple[tuple[int, int], Any]:
    """The place and view of the deal in progress, from the whole observation (quadratic)."""
    seen = state.observation(player)
    current = getattr(seen, "current", seen)
    return (len(getattr(seen, "games", getattr(seen, "deals", ()))), current.deal), current


CASES = [
    ("hazari(target=300)", True),
    ("hazari(target=300,actions=groups)", True),
    ("hazari", False),
    ("azi(players=3,match_games=4)", True),
    ("azi(players=4)", False),
]


@pytest.mark.parametrize(("spec", "match"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_views_are_those_of_the_whole_observation(
    monkeypatch: pytest.MonkeyPatch, spec: str, match: bool, seed: int
) -> None:
    record = TextGame.of(played(spec, match=match, seed=seed))
    seats = range(load_game(spec).num_players)
    views = [record.for_player(seat) for seat in seats]
    monkeypatch.setattr(records_text, "_deal_seen", reference_deal_seen)
    assert views == [record.for_player(seat) for seat in seats]
    assert any(name.startswith("Hand") for view in views for name, _ in view.tags)


def observations(monkeypatch: pytest.MonkeyPatch, record: TextGame) -> int:
    """How many single games' observations one view of ``record`` asks for."""
    calls = [0]
    for kind in (HazariState, AziState):
        real = kind.observation

        def counted(self: Any, player: int, real: Any = real) -> Any:
            calls[0] += 1
            return real(self, player)

        monkeypatch.setattr(kind, "observation", counted)
    record.for_player(1)
    monkeypatch.undo()
    return calls[0]


LONG = ["hazari(target=20000,actions=groups)", "azi(players=3,match_games=100)"]


@pytest.mark.parametrize("spec", LONG)
def test_a_view_asks_a_bounded_number_of_observations_per_action(
    monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    long = TextGame.of(played(spec, match=True, seed=3, most=600))
    short = TextGame.of(played(spec, match=True, seed=3, most=150))
    assert len(long.actions) >= 3 * len(short.actions) > 100
    for record in (short, long):
        # one observation per position; every earlier deal's too would be quadratic
        assert observations(monkeypatch, record) <= len(record.actions) + 1
