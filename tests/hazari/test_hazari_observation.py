"""Observations hide what a player may not know; resampling keeps what they do know."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, Deck, Rng
from cardrules.errors import InvalidStateError
from cardrules.hazari.actions import Up
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation
from cardrules.hazari.resample import random_arrangement, resample, resample_match
from cardrules.hazari.rules import HazariRules
from cardrules.hazari.state import HazariState

seeds = st.integers(0, 2**64 - 1)


def play(state: HazariState, ups: int, rng: Rng) -> HazariState:
    for _ in range(ups):
        player = state.current_player
        assert player is not None
        state = state.apply(Up(random_arrangement(state.hands[player], rng)))
    return state


def permuted_others(state: HazariState, viewer: int, rng: Rng) -> list[tuple[Card, ...]]:
    others = [seat for seat in range(4) if seat != viewer]
    pool = rng.shuffled([card for seat in others for card in state.hands[seat]])
    hands = list(state.hands)
    for n, seat in enumerate(others):
        hands[seat] = tuple(pool[13 * n : 13 * n + 13])
    return hands


@settings(max_examples=30)
@given(seeds, st.integers(0, 3), st.integers(0, 3), st.integers(0, 3))
def test_observation_ignores_the_others_hidden_cards(
    seed: int, dealer: int, viewer: int, ups: int
) -> None:
    rng = Rng(seed)
    state = HazariState.new(seed=seed, dealer=dealer)
    other = HazariState.new(hands=permuted_others(state, viewer, rng), dealer=dealer)
    for _ in range(ups):
        player = state.current_player
        assert player is not None
        # the viewer plays the same arrangement in both; the others anything legal
        mine = random_arrangement(state.hands[player], rng)
        state = state.apply(Up(mine))
        theirs = mine if player == viewer else random_arrangement(other.hands[player], rng)
        other = other.apply(Up(theirs))
    assert state.observation(viewer) == other.observation(viewer)
    assert state.observation(viewer).to_json() == other.observation(viewer).to_json()


@settings(max_examples=20)
@given(seeds, st.integers(0, 3), st.integers(0, 3))
def test_observation_holds_no_foreign_card_before_the_end(seed: int, viewer: int, ups: int) -> None:
    state = play(HazariState.new(seed=seed), ups, Rng(seed))
    view = state.observation(viewer)
    text = json.dumps(view.to_json())
    foreign = [card for card in Deck.standard() if card not in state.hands[viewer]]
    assert not [card for card in foreign if f" {card} " in f" {text} ".replace('"', " ")]
    assert view.hand == state.hands[viewer]
    assert view.up == tuple(turn.player for turn in state.history)
    assert (view.arrangement is not None) == (viewer in view.up)


def test_observation_fields() -> None:
    state = HazariState.new(seed=2, dealer=1)
    view = state.observation(2)
    assert isinstance(view, HazariObservation)
    assert (view.player, view.dealer, view.deal, view.current_player) == (2, 1, 0, 2)
    assert view.arrangement is None and view.up == () and view.events == ()
    assert view.scores == (0, 0, 0, 0) and not view.is_terminal
    after = state.apply(next(iter(state.legal_actions())))
    assert after.observation(2).arrangement == after.arrangements[2]
    with pytest.raises(InvalidStateError):
        state.observation(4)


def test_finished_deal_reveals_every_group() -> None:
    state = play(HazariState.new(seed=31), 4, Rng(2))
    view = state.observation(0)
    assert view.is_terminal and view.scores == state.returns()
    guess = resample(view, Rng(9))
    assert guess.hands == state.hands
    assert guess.arrangements == state.arrangements
    assert guess.history == state.history
    assert guess.events == state.events


@settings(max_examples=25)
@given(seeds, seeds, st.integers(0, 3), st.integers(0, 3), st.integers(0, 3))
def test_resample_is_consistent_with_the_observation(
    seed: int, rng_seed: int, dealer: int, viewer: int, ups: int
) -> None:
    state = play(HazariState.new(seed=seed, dealer=dealer), ups, Rng(seed))
    view = state.observation(viewer)
    guess = resample(view, Rng(rng_seed))
    assert guess.observation(viewer) == view
    assert sorted(card for hand in guess.hands for card in hand) == list(Deck.standard())
    assert guess.up == state.up
    assert guess.hands[viewer] == state.hands[viewer]
    # the resampled state is a full, playable state
    guess = play(guess, 4 - ups, Rng(rng_seed))
    assert sum(guess.returns()) == 360


def test_resample_redraws_the_hidden_cards() -> None:
    state = HazariState.new(seed=40)
    view = state.observation(1)
    guesses = {resample(view, Rng(n)).hands for n in range(5)}
    assert len(guesses) == 5
    assert resample(view, Rng(3)) == resample(view, Rng(3))


def test_resample_rejects_foreign_observations() -> None:
    with pytest.raises(InvalidStateError):
        resample("not an observation", Rng(1))  # type: ignore[arg-type]


def test_match_observation_and_resample() -> None:
    match = HazariMatch.new(seed=12, rules=HazariRules(target=600), dealer=2)
    rng = Rng(4)
    while len(match.finished) < 1 or match.current_player != 0:
        player = match.current_player
        assert player is not None
        match = match.apply(Up(random_arrangement(match.current.hands[player], rng)))
    view = match.observation(3)
    assert isinstance(view, HazariMatchObservation)
    assert view.current == match.current.observation(3)
    assert len(view.deals) == len(match.deals)
    guess = resample_match(view, Rng(8))
    assert guess.observation(3) == view
    # finished deals are fully revealed, so every resample keeps them exactly
    again = resample_match(view, Rng(1))
    assert [d.hands for d in guess.finished] == [d.hands for d in match.finished]
    assert [d.events for d in again.finished] == [d.events for d in match.finished]
    assert guess.totals == match.totals
