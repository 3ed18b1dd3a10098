"""HazariMatch: dealer rotation, totals, the target and joint winners (H9, H12)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Dealing, Rng
from cardrules.errors import IllegalActionError
from cardrules.game import GameState
from cardrules.hazari.actions import HazariAction, Up
from cardrules.hazari.events import DealScored, DealStarted, MatchOver
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.observation import HazariMatchObservation
from cardrules.hazari.resample import random_arrangement
from cardrules.hazari.rules import HazariRules
from cardrules.hazari.state import HazariState, hands_to_deck
from tests.hazari.scripted_deal import SCRIPT, scripted_hands


def finish(match: HazariMatch, rng: Rng) -> HazariMatch:
    while not match.is_terminal:
        player = match.current_player
        assert player is not None
        match = match.apply(Up(random_arrangement(match.current.hands[player], rng)))
    return match


@settings(max_examples=15)
@given(st.integers(0, 2**64 - 1), st.integers(0, 3), st.integers(1, 1500))
def test_match_runs_until_someone_reaches_the_target(seed: int, dealer: int, target: int) -> None:
    match = finish(
        HazariMatch.new(seed=seed, dealer=dealer, rules=HazariRules(target=target)), Rng(seed)
    )
    deals = match.deals
    # the deal passes to the right: (dealer + 1) % 4 each time
    assert [deal.dealer for deal in deals] == [(dealer + n) % 4 for n in range(len(deals))]
    assert [deal.deal for deal in deals] == list(range(len(deals)))
    assert all(deal.is_terminal for deal in deals)
    # totals are the sums of the deal scores, and the target was first reached at the end
    running = [0, 0, 0, 0]
    for n, deal in enumerate(deals):
        assert max(running) < target
        running = [a + b for a, b in zip(running, deal.returns(), strict=True)]
        assert sum(running) == 360 * (n + 1)
    assert max(running) >= target
    assert match.totals == tuple(running) == match.returns()
    best = max(running)
    assert match.winners == tuple(s for s in range(4) if running[s] == best)
    assert match.current_player is None
    assert list(match.legal_actions()) == []
    # each deal is the one its dealing and number give
    for deal in deals:
        fresh = HazariState.from_dealing(match.dealing, dealer=deal.dealer, deal=deal.deal)
        assert fresh.hands == deal.hands


def test_joint_winners_on_equal_highest_totals() -> None:
    # seed 68 with the first legal arrangements: one deal scoring 180, 0, 0, 180
    match = HazariMatch.new(seed=68, rules=HazariRules(target=1))
    while not match.is_terminal:
        match = match.apply(next(iter(match.legal_actions())))
    assert match.totals == (180, 0, 0, 180)
    assert match.winners == (0, 3)
    assert match.events[-1] == MatchOver((180, 0, 0, 180), (0, 3))


def test_scripted_deals_in_a_match() -> None:
    deck = hands_to_deck(scripted_hands(), 0)
    # The scripted deal twice. The second time seat 1 deals, so each hand moves one seat
    # on (seat s holds what seat s - 1 held) and seat 2 leads with seat 1's old hand.
    match = HazariMatch.from_dealing(Dealing(decks=(deck, deck)), rules=HazariRules(target=250))
    for seat in (1, 2, 3, 0):
        match = match.apply(Up.parse(SCRIPT[seat]))
    assert match.finished[0].returns() == (80, 0, 80, 200)
    assert match.totals == (80, 0, 80, 200)
    assert not match.is_terminal and match.winners == ()
    assert match.current.dealer == 1 and match.current_player == 2
    with pytest.raises(IllegalActionError):
        match.apply(Up.parse(SCRIPT[2]))
    for seat in (2, 3, 0, 1):
        match = match.apply(Up.parse(SCRIPT[(seat - 1) % 4]))
    assert match.is_terminal
    # the same play one seat on: round 1's tie goes to seat 0, the later K-K-5
    assert [r.leader for r in match.current.rounds] == [2, 0, 3, 1]
    assert [r.winner for r in match.current.rounds] == [0, 3, 1, 0]
    assert match.current.returns() == (200, 80, 0, 80)
    # 280 each for seats 0 and 3: joint winners
    assert match.totals == (280, 80, 80, 280)
    assert match.winners == (0, 3)
    started = [e for e in match.events if isinstance(e, DealStarted)]
    assert started == [DealStarted(0, 0), DealStarted(1, 1)]
    assert next(e.scores for e in match.events if isinstance(e, DealScored)) == (80, 0, 80, 200)
    assert len(match.history) == 8


def test_illegal_action_leaves_the_match_unchanged() -> None:
    match: GameState[HazariAction, HazariMatchObservation] = HazariMatch.new(seed=1)
    text = match.to_json()
    with pytest.raises(IllegalActionError):
        match.apply("up")  # type: ignore[arg-type]
    assert match.to_json() == text
