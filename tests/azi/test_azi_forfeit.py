"""The Azi forfeit (A16): a fold that ends the game, the pot shared by those still in."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.azi import FOLD, AziRules, AziState
from cardrules.azi.forfeit import forfeit_returns
from cardrules.rng import Rng


def _positions(players: int, seed: int) -> list[AziState]:
    state = AziState.new(AziRules(players=players), seed=seed)
    rng, seen = Rng(seed), []
    while not state.is_terminal:
        seen.append(state)
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return seen


@settings(max_examples=25)
@given(st.integers(2, 6), st.integers(0, 2**32))
def test_a_forfeit_keeps_chips_whole_and_never_pays_the_seat_that_forfeits(
    players: int, seed: int
) -> None:
    for state in _positions(players, seed):
        for seat in range(players):
            returns = forfeit_returns(state, seat)
            gains = [after - before for after, before in zip(returns, state.balances, strict=True)]
            assert sum(returns) == 0 and gains[seat] == 0
            paid = [gain for other, gain in enumerate(gains) if gain]
            assert sum(gains) == state.pot and max(paid) - min(paid) <= 1
            # the folders of the deal get nothing while anyone else is still in
            folded = state.observation(seat).folded
            still_in = [s for s in state.seats if s != seat and s not in folded]
            if still_in:
                assert {s for s, gain in enumerate(gains) if gain} <= set(still_in)


def test_with_one_seat_left_a_forfeit_is_a_fold_that_hands_over_the_pot() -> None:
    for seed in range(20):
        state = AziState.new(AziRules(players=2), seed=seed)
        seat = state.current_player
        assert seat is not None
        assert forfeit_returns(state, seat) == state.apply(FOLD).returns()


def test_the_odd_chips_go_first_to_the_dealers_left() -> None:
    state = AziState.new(AziRules(players=4), seed=1, dealer=2)
    assert state.pot == 40 and state.seats == (3, 0, 1, 2)
    assert forfeit_returns(state, 1) == (3, -10, 3, 4)
    assert state.forfeit_returns(1) == (3, -10, 3, 4)
