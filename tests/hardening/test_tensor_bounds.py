"""Every tensor entry is finite and within its documented bound, for any legal state.

The Azi pot doubles at each re-deal when a seat that folded joins it by paying the
pot (A12). A scripted game repeats one deal that ends in Azi, with seat 1 folding
and joining each time, for more re-deals than a float (let alone a float32) can
count the pot in antes. Hazari tensors are checked over matches to every target.
"""

from __future__ import annotations

import functools
import math
import struct
from collections.abc import Iterable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import load_game
from cardrules.azi import JOIN, AziRules, AziState, Phase, parse_action_text
from cardrules.azi.tensors import MAX_ENTRY, information_state_tensor, tensor_layout
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.hazari import HazariMatch, HazariRules
from cardrules.hazari.rules import MAX_TARGET
from cardrules.hazari.tensors import DEAL_POINTS
from cardrules.hazari.tensors import SLICES as HAZARI_SLICES
from cardrules.hazari.tensors import observation_tensor as hazari_tensor
from cardrules.rng import Rng
from tests.hardening.hardening_support import examples, hazari_move

RULES = AziRules(players=4)
ANTE = RULES.ante
DECK = Deck.parse(
    "QD 6H AH 8S 9H JS AS KS 6D KH 9D TD 7H AD TH 8D QH 7D 7S TS 8H 9S QS JH 6S KD JD"
)
DEAL = [
    *("fold", "play", "play", "play", "discard 6H", "discard AH", "discard 8S", "pass", "pass"),
    *("declare", "declare", "declare", "card AS", "card KS", "card JS", "card 9D", "card TD"),
    *("card AD", "card KH", "card TH", "card 8D"),
]
"""One deal of DECK, dealt by seat 0: seat 1 folds, and each trick goes to another seat."""
REDEALS = 1100
"""Enough re-deals that the pot in antes (4 * 2**k) passes the largest float."""


@functools.cache
def azi_redeals() -> list[list[AziState]]:
    """Every position of the scripted game, one list per deal (its last one asking seat 1
    to join), for deals 0 to REDEALS."""
    state = AziState.new(RULES, dealer=0, dealing=Dealing(decks=(DECK,) * (REDEALS + 1)))
    script = [parse_action_text(text) for text in DEAL]
    deals = []
    for _ in range(REDEALS + 1):
        positions = [state]
        for action in script:
            state = state.apply(action)
            positions.append(state)
        assert state.phase is Phase.JOINING and state.current_player == 1
        deals.append(positions)
        state = state.apply(JOIN)
    return deals


def _bounded(vector: Iterable[float]) -> None:
    """Every entry finite, within MAX_ENTRY, and a finite float32 (packing one that
    float32 cannot hold raises OverflowError)."""
    values = [float(value) for value in vector]
    assert all(math.isfinite(value) and abs(value) <= MAX_ENTRY for value in values)
    assert all(math.isfinite(struct.unpack("<f", struct.pack("<f", v))[0]) for v in values)


def test_the_scripted_pot_doubles_at_each_re_deal() -> None:
    deals = azi_redeals()
    for number in (0, 1, 2, 50, REDEALS):
        start = deals[number][0]
        assert start.deal_number == number and start.dealer == 0
        assert start.pot == 4 * ANTE * 2**number
    assert deals[-1][0].pot // ANTE > 2**1024  # beyond the largest float


@examples(60)
@given(st.integers(0, REDEALS), st.integers(0, len(DEAL)), st.integers(0, 3))
def test_azi_tensors_stay_finite_and_bounded_as_the_pot_grows(
    number: int, step: int, player: int
) -> None:
    state = azi_redeals()[number][step]
    vector = information_state_tensor(state.observation(player))
    _bounded(vector)
    layout = tensor_layout(RULES)
    pot = vector[layout.offset("scalars") + 3]
    assert pot == float(min(Fraction(state.pot, ANTE), Fraction(MAX_ENTRY)))  # clipped
    assert vector[layout.offset("scalars")] == number  # the deal number, far below the clip
    balance = vector[layout.offset("balances") + 1]  # seat 1 paid every pot
    assert balance == float(max(Fraction(state.balances[1], ANTE), Fraction(-MAX_ENTRY)))


@pytest.mark.parametrize("number", [0, 127, 128, 1030, REDEALS])
def test_azi_game_tensors_are_finite_float32_every_seat(number: int) -> None:
    game = load_game("azi", players=4)
    for state in azi_redeals()[number][::5]:
        for player in range(4):
            _bounded(game.observation_tensor(state, player))
            _bounded(game.information_state_tensor(state, player))


# ------------------------------------------------------------------- Hazari

_TOTALS = sum(length for _, length in HAZARI_SLICES[:-1])
"""Where the last slice, the match totals, starts."""


@examples(20)
@given(st.sampled_from([1, 2, 200, 999, 1000, MAX_TARGET]), st.integers(0, 2**64 - 1))
def test_hazari_tensor_entries_stay_within_their_documented_bounds(target: int, seed: int) -> None:
    rng = Rng(seed)
    match = HazariMatch.new(seed=rng.next_u64(), rules=HazariRules(target=target))
    for _ in range(60):
        for player in range(4):
            vector = hazari_tensor(match.observation(player))
            assert all(math.isfinite(value) for value in vector)
            assert all(0.0 <= value <= 1.0 for value in vector[:_TOTALS])
            totals = vector[_TOTALS:]
            assert all(0.0 <= value < 1 + DEAL_POINTS / target for value in totals)
            assert totals == [total / target for total in match.totals]
        if match.is_terminal:
            break
        match = match.apply(hazari_move(match, rng))
