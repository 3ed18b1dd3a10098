"""The Hazari forfeit (H13): 0 for the seat that forfeits, the 360 points shared by the rest."""

from __future__ import annotations

import pytest

from cardrules import load_game
from cardrules.errors import InvalidStateError
from cardrules.hazari import HazariState


@pytest.mark.parametrize("spec", ["hazari", "hazari(actions=groups)"])
def test_every_seat_at_every_decision_forfeits_to_nothing(spec: str) -> None:
    game = load_game(spec)
    state = game.new_state(4)
    while not state.is_terminal:
        for seat in range(4):
            returns = state.forfeit_returns(seat)  # type: ignore[attr-defined]
            assert returns == tuple(0 if other == seat else 120 for other in range(4))
            assert sum(returns) == 360
        state = state.apply(state.legal_actions()[0])


def test_a_match_keeps_the_deals_played_and_forfeits_the_current_one() -> None:
    match = load_game("hazari").new_match(2)
    while not match.finished:  # type: ignore[attr-defined]
        match = match.apply(match.legal_actions()[0])
    totals = match.returns()
    assert sum(totals) == 360
    assert match.forfeit_returns(3) == tuple(  # type: ignore[attr-defined]
        total + (0 if seat == 3 else 120) for seat, total in enumerate(totals)
    )


def test_a_seat_that_is_not_one_is_refused() -> None:
    with pytest.raises(InvalidStateError, match=r"seat 4 is not a seat in 0\.\.3"):
        HazariState.new(seed=1).forfeit_returns(4)
