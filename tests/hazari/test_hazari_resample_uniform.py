"""Hazari resampling draws uniformly among the deals consistent with an observation.

Before the deal is over an observation holds only the observer's own hand (and own
arrangement): the others' groups are shown only when played (H8), and play follows
at once when the fourth player is up (H10). So every way to deal the 39 unseen cards
13 to each other seat is consistent, and equally likely; a player who is up holds an
arrangement of their hand that is their own choice, drawn uniformly among the valid
ones (H7). Once the deal is over every group has been shown and only one deal fits.

The reference posteriors are naive counts: for a few tracked unseen cards, every way
to seat them, weighted by the number of ways to deal the rest; for an arrangement,
every valid arrangement of the hand enumerated. Draws are compared with them by a
chi-square goodness-of-fit test with a fixed seed.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

import pytest

from cardrules import Card, Rng, parse_cards
from cardrules.hazari import HazariMatch, HazariRules, HazariState
from cardrules.hazari.observation import HazariObservation
from cardrules.hazari.partitions import valid_arrangements
from cardrules.hazari.resample import random_arrangement, resample, resample_match
from cardrules.hazari.rules import TieRule
from cardrules.hazari.state import PACK
from tests.chi_square import chi_square, chi_square_sf

# ------------------------------------------------------------ the deal posterior

OWN = parse_cards("AS KS QS JS TS 2H 3H 4H 5H 6D 7D 8C 9C")
TRACKED = parse_cards("AH KD 2C")


def position() -> HazariObservation:
    """Seat 1's view of a deal dealt by seat 0 in which seat 1 and seat 2 are up."""
    rest = [card for card in PACK if card not in OWN]
    hands = [rest[0:13], OWN, rest[13:26], rest[26:39]]
    state = HazariState.new(hands=hands, dealer=0)
    state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[-1])
    assert state.up == (1, 2)
    return state.observation(1)


def seat_posterior(seen: HazariObservation, cards: tuple[Card, ...]) -> dict[object, Fraction]:
    """The exact probability of each seating of ``cards`` (unseen by the observer) among
    all deals of the unseen cards: each seating weighted by its ways to deal the rest."""
    others = [seat for seat in range(4) if seat != seen.player]
    unseen = 52 - len(seen.hand)
    weights: dict[object, int] = {}
    for seating in itertools.product(others, repeat=len(cards)):
        room = [13 - seating.count(seat) for seat in others]
        if min(room) < 0:
            weights[seating] = 0
            continue
        free = unseen - len(cards)
        ways = math.factorial(free)
        for size in room:
            ways //= math.factorial(size)
        weights[seating] = ways
    total = sum(weights.values())
    return {seating: Fraction(w, total) for seating, w in weights.items()}


def seating(world: HazariState, cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(next(s for s in range(4) if card in world.hands[s]) for card in cards)


def deal_fit(draws: int, seed: int) -> tuple[float, int]:
    seen = position()
    expected = seat_posterior(seen, TRACKED)
    rng = Rng(seed)
    counts: Counter[object] = Counter()
    for _ in range(draws):
        world = resample(seen, rng)
        assert world.hands[1] == seen.hand
        counts[seating(world, TRACKED)] += 1
    return chi_square(counts, expected)


def test_the_seat_posterior_is_the_counting_one() -> None:
    posterior = seat_posterior(position(), TRACKED)
    assert sum(posterior.values()) == 1
    assert posterior[(0, 0, 0)] == Fraction(13 * 12 * 11, 39 * 38 * 37)
    assert posterior[(0, 2, 3)] == Fraction(13 * 13 * 13, 39 * 38 * 37)


def test_resample_deals_the_unseen_cards_uniformly() -> None:
    statistic, df = deal_fit(draws=1500, seed=17)
    assert chi_square_sf(statistic, df) > 1e-3, (statistic, df)


@pytest.mark.soak
def test_resample_deals_the_unseen_cards_uniformly_closely() -> None:
    statistic, df = deal_fit(draws=30_000, seed=29)
    assert chi_square_sf(statistic, df) > 1e-4, (statistic, df)


# ------------------------------------------------------ the arrangement posterior

HAND = parse_cards("6S 7C 7D 7S 8D 8H 8S 9S TS KS AC AH AS")


def group_posterior(hand: tuple[Card, ...], card: Card) -> dict[object, Fraction]:
    """The probability that ``card`` is in each group (0 to 2: the 3-card groups in
    play order; 3: the 4-card group) of a uniformly chosen valid arrangement."""
    counts: Counter[int] = Counter()
    for arrangement in valid_arrangements(hand):
        counts[next(k for k, group in enumerate(arrangement.groups) if card in group)] += 1
    total = sum(counts.values())
    return {k: Fraction(counts[k], total) for k in range(4)}


def arrangement_fit(draws: int, seed: int) -> list[tuple[float, int]]:
    rng = Rng(seed)
    arrangements = [random_arrangement(HAND, rng) for _ in range(draws)]
    results = []
    for card in parse_cards("AS 8D 6S"):
        counts: Counter[object] = Counter(
            next(k for k, group in enumerate(a.groups) if card in group) for a in arrangements
        )
        results.append(chi_square(counts, group_posterior(HAND, card)))
    return results


def test_random_arrangements_are_uniform_among_the_valid_ones() -> None:
    for statistic, df in arrangement_fit(draws=1200, seed=3):
        assert chi_square_sf(statistic, df) > 1e-3, (statistic, df)


@pytest.mark.soak
def test_random_arrangements_are_uniform_among_the_valid_ones_closely() -> None:
    for statistic, df in arrangement_fit(draws=20_000, seed=4):
        assert chi_square_sf(statistic, df) > 1e-4, (statistic, df)


def test_players_who_are_up_get_a_valid_arrangement_of_their_new_hand() -> None:
    seen = position()
    for seed in range(10):
        world = resample(seen, Rng(seed))
        arrangement = world.arrangements[2]
        assert arrangement is not None
        assert arrangement in valid_arrangements(world.hands[2])
        assert world.arrangements[1] == seen.arrangement


# ------------------------------------------------------------- consistency


def random_deals(count: int, seed: int) -> Iterator[tuple[HazariState, int]]:
    """Deals with 0 to 4 players up (4: the deal is over), and an observer."""
    rng = Rng(seed)
    for number in range(count):
        rules = HazariRules(tie_rule=TieRule.FIRST if number % 2 else TieRule.LATEST)
        state = HazariState.new(seed=rng.next_u64(), dealer=number % 4, rules=rules)
        for _ in range(number % 5):
            legal = state.legal_actions()
            state = state.apply(legal[rng.randbelow(len(legal))])
        yield state, rng.randbelow(4)


def test_resampled_deals_look_the_same_to_the_observer() -> None:
    rng = Rng(11)
    for state, observer in random_deals(25, seed=2):
        seen = state.observation(observer)
        world = resample(seen, rng)
        assert world.observation(observer) == seen
        assert world.observation(observer).to_json() == seen.to_json()
        if state.is_terminal:
            assert world.hands == state.hands


def test_resampled_matches_look_the_same_to_the_observer() -> None:
    rng = Rng(12)
    for number in range(4):
        match = HazariMatch.new(seed=number, dealer=number, rules=HazariRules(target=300))
        for _ in range(rng.randbelow(10)):
            if match.is_terminal:
                break
            legal = match.legal_actions()
            match = match.apply(legal[rng.randbelow(len(legal))])
        observer = rng.randbelow(4)
        seen = match.observation(observer)
        world = resample_match(seen, rng)
        assert world.observation(observer) == seen


def test_resample_is_deterministic_given_the_rng() -> None:
    seen = position()
    assert resample(seen, Rng(5)) == resample(seen, Rng(5))
