"""The Hazari analytics on arrays equal the scalar engine, deal by deal and hand by hand.

Every function of ``cardrules.hazari.batch`` is compared with the scalar function it
stands for, on seeded samples: ``deal`` with ``HazariState.new``, ``arrange`` with
``greedy_arrangement``, ``best_arrangement`` and the documented random draw, ``play``
with the scalar deal played with the same arrangements, and ``strengths`` with
``strength_of`` on all 22,100 three-card sets and ``strength4_of`` on a large sample.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="the batch analytics need numpy")

from numpy.typing import NDArray  # noqa: E402

from cardrules import Card, Rng, derive_seed, parse_cards  # noqa: E402
from cardrules.batch import draws_below, rejection_limits  # noqa: E402
from cardrules.errors import (  # noqa: E402
    InvalidArrangementError,
    InvalidCardsError,
    InvalidRulesError,
    InvalidSeedError,
)
from cardrules.hazari import (  # noqa: E402
    HazariRules,
    HazariState,
    TieRule,
    Up,
    best_arrangement,
    greedy_arrangement,
    strength4_of,
    strength_of,
)
from cardrules.hazari import batch as hb  # noqa: E402
from cardrules.hazari.action_ids import SPLITS  # noqa: E402
from cardrules.hazari.partitions import hand_tables, sorted_hand  # noqa: E402
from tests.hazari.hands import SPECIAL_HANDS, hands  # noqa: E402
from tests.hazari.reference import ref_best4, ref_key  # noqa: E402

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def indices(cards: tuple[Card, ...]) -> list[int]:
    return [card.index for card in cards]


def row(arrangement: object) -> list[int]:
    return [card.index for group in arrangement.groups for card in group]  # type: ignore[attr-defined]


def sample_seeds(count: int, seed: int) -> list[int]:
    rng = Rng(seed)
    return [0, 1, MASK, MASK - 1, 1 << 63] + [rng.next_u64() for _ in range(count)]


# --- deal ----------------------------------------------------------------------------


def test_deal_equals_the_scalar_deal_for_every_dealer() -> None:
    seeds = sample_seeds(60, seed=1)
    for dealer in range(4):
        hands = hb.deal(np.array(seeds, dtype=np.uint64), dealer=dealer)
        assert hands.shape == (len(seeds), 4, 13) and hands.dtype == np.int8
        for i, seed in enumerate(seeds):
            state = HazariState.new(seed=seed, dealer=dealer)
            assert hands[i].tolist() == [indices(hand) for hand in state.hands], (seed, dealer)


def test_deal_takes_lists_ranges_and_signed_arrays() -> None:
    expected = hb.deal(np.arange(5, dtype=np.uint64))
    for seeds in (
        [0, 1, 2, 3, 4],
        range(5),
        np.arange(5, dtype=np.int16),
        np.arange(5, dtype=object),
    ):
        assert (hb.deal(seeds) == expected).all()
    assert hb.deal(range(8, 2, -3)).tolist() == hb.deal([8, 5]).tolist()
    with pytest.raises(InvalidSeedError, match=r"seeds\[1\]: seed -1 is not"):
        hb.deal(range(2, -2, -3))
    big = [MASK, 3]
    assert hb.deal(big).tolist() == hb.deal(np.array(big, dtype=np.uint64)).tolist()
    assert hb.deal([]).shape == (0, 4, 13)
    assert not hb.deal([1]).flags.writeable


def _unmix(z: int) -> int:
    """The inverse of SplitMix64's output function (each step is a bijection)."""

    def unshift(value: int, shift: int) -> int:
        result = value
        for _ in range(64 // shift + 1):
            result = value ^ (result >> shift)
        return result & MASK

    z = unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    return unshift(z, 30)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def seed_rejecting_draw(draws: list[int]) -> int:
    """A deal seed whose shuffle draws the largest 64-bit value at each of ``draws``
    (1-based), a value every bound that is not a power of two rejects."""
    # The deal's generator starts at derive_seed(seed, 0); choose that state first.
    state = (_unmix(MASK) - draws[0] * GAMMA) & MASK
    seed = ((_unmix(state) - GAMMA) & MASK) ^ _mix(GAMMA)
    assert derive_seed(seed, 0) == state
    return seed


def test_the_inverse_mix_inverts() -> None:
    for value in (0, 1, MASK, 12345678901234567890):
        assert _mix(_unmix(value)) == value


@pytest.mark.parametrize("draw", [1, 2, 30, 51, 52])
def test_deal_redraws_rejected_draws_as_the_scalar_rng_does(draw: int) -> None:
    seed = seed_rejecting_draw([draw])
    state = derive_seed(seed, 0)
    assert _mix((state + draw * GAMMA) & MASK) == MASK  # the draw is rejected
    for dealer in (0, 3):
        hands = hb.deal([seed, 7], dealer=dealer)
        assert hands[0].tolist() == [
            indices(h) for h in HazariState.new(seed=seed, dealer=dealer).hands
        ]
        assert hands[1].tolist() == [
            indices(h) for h in HazariState.new(seed=7, dealer=dealer).hands
        ]


def naive_randbelow(state: int, bound: int, limit: int) -> tuple[int, int]:
    """``Rng.randbelow`` written out, accepting draws up to ``limit``: (value, new state)."""
    while True:
        state = (state + GAMMA) & MASK
        z = _mix(state)
        if z <= limit:
            return z % bound, state


def test_draws_redraw_like_randbelow_when_rejections_are_common() -> None:
    bounds = (52, 7, 3, 53)
    limits = np.array([MASK // 3, MASK // 2, MASK, MASK // 5], dtype=np.uint64)
    states = [Rng(seed).next_u64() for seed in range(300)]
    got = draws_below(np.array(states, dtype=np.uint64), bounds, limits)
    for state, values in zip(states, got.tolist(), strict=True):
        expected = []
        for bound, limit in zip(bounds, limits.tolist(), strict=True):
            value, state = naive_randbelow(state, bound, limit)
            expected.append(value)
        assert values == expected


def test_draws_with_the_true_limits_are_randbelow() -> None:
    bounds = (52, 17, 2, 53)
    states = [Rng(seed).next_u64() for seed in range(50)]
    got = draws_below(np.array(states, dtype=np.uint64), bounds).tolist()
    for state, values in zip(states, got, strict=True):
        rng = Rng.from_state(state)
        assert values == [rng.randbelow(bound) for bound in bounds]
    assert rejection_limits((4,)).tolist() == [MASK]


@pytest.mark.parametrize(
    ("seeds", "message"),
    [
        ([-1], "seeds[0]: seed -1 is not an integer in 0..2**64-1"),
        ([1, 2**64], "seeds[1]: seed 18446744073709551616 is not an integer in 0..2**64-1"),
        ([[1, 2]], "seeds must be a 1-D array of integers, got [[1, 2]]"),
        (
            np.zeros((1, 2), dtype=np.int64),
            "seeds must be a 1-D array of integers, got shape (1, 2)",
        ),
        ([1.5], "seeds[0]: seed 1.5 is not an integer in 0..2**64-1"),
        (np.array([1.5]), "seeds must be integers, got dtype float64"),
        ("12", "seeds must be a 1-D array of integers, got '12'"),
        ([True], "seeds[0]: seed True is not an integer in 0..2**64-1"),
        (np.array([True]), "seeds must be integers, got dtype bool"),
        (np.array([-5], dtype=np.int8), "seeds[0]: seed -5 is not an integer in 0..2**64-1"),
        (7, "seeds must be a 1-D array of integers, got 7"),
    ],
)
def test_bad_seeds_are_refused(seeds: object, message: str) -> None:
    with pytest.raises(InvalidSeedError) as caught:
        hb.deal(seeds)
    assert str(caught.value) == message


def test_a_bad_dealer_is_refused() -> None:
    for dealer in (4, -1, 1.0, True):
        with pytest.raises(InvalidRulesError, match=r"is not a seat in 0\.\.3"):
            hb.deal([1], dealer=dealer)  # type: ignore[arg-type]


# --- arrange -------------------------------------------------------------------------


def special_hands() -> list[tuple[Card, ...]]:
    return [sorted_hand(parse_cards(text)) for text in SPECIAL_HANDS.values()]


def sample_hands(deals: int, seed: int) -> NDArray[Any]:
    result: NDArray[Any] = np.asarray(hb.deal(sample_seeds(deals, seed))).reshape(-1, 13)
    return result


def test_greedy_equals_greedy_arrangement() -> None:
    hands = sample_hands(400, seed=2)
    arranged = hb.arrange(hands, "greedy")
    for hand, got in zip(hands, arranged, strict=True):
        assert got.tolist() == row(greedy_arrangement(hb.cards_of(hand)))
    special = np.array([indices(hand) for hand in special_hands()])
    for hand, got in zip(special, hb.arrange(special, "greedy"), strict=True):
        assert got.tolist() == row(greedy_arrangement(hb.cards_of(hand)))


def test_arrange_keeps_the_leading_shape_and_takes_hands_in_any_order() -> None:
    hands = np.asarray(hb.deal(range(6)))
    shuffled = hands[:, :, ::-1].copy()
    arranged = hb.arrange(shuffled, "greedy")
    assert arranged.shape == (6, 4, 13) and arranged.dtype == np.int8
    assert (arranged == hb.arrange(hands.reshape(-1, 13), "greedy").reshape(6, 4, 13)).all()
    assert hb.arrange(hands[0, 0], "greedy").shape == (13,)
    assert not arranged.flags.writeable


def test_best_equals_best_arrangement() -> None:
    hands = [tuple(hb.cards_of(hand)) for hand in sample_hands(20, seed=3)] + special_hands()
    array = np.array([indices(hand) for hand in hands])
    for hand, got in zip(hands, hb.arrange(array, "best"), strict=True):
        assert got.tolist() == row(best_arrangement(hand))


@pytest.mark.soak
def test_best_equals_best_arrangement_on_many_hands() -> None:
    hands = sample_hands(1000, seed=4)
    for hand, got in zip(hands, hb.arrange(hands, "best"), strict=True):
        assert got.tolist() == row(best_arrangement(hb.cards_of(hand)))


def scalar_random(hand: tuple[Card, ...], seed: int, number: int) -> list[int]:
    """The documented draw: the first valid split id from Rng(derive_seed(seed, number))."""
    tables = hand_tables(sorted_hand(hand))
    rng = Rng(derive_seed(seed, number))
    while True:
        split = rng.randbelow(SPLITS)
        if tables.position_of(split) is not None:
            return row(tables.arrangement(split))


def test_random_equals_its_scalar_definition() -> None:
    hands = sample_hands(25, seed=5)
    arranged = hb.arrange(hands, "random", seed=77)
    for number, (hand, got) in enumerate(zip(hands, arranged, strict=True)):
        assert got.tolist() == scalar_random(hb.cards_of(hand), 77, number)
    rng = Rng(9)
    base = Rng(9).next_u64()
    again = hb.arrange(hands[:3], "random", seed=rng)
    assert again.tolist() == [
        scalar_random(hb.cards_of(h), base, i) for i, h in enumerate(hands[:3])
    ]


def reference_valid(groups: list[list[int]]) -> bool:
    """H7 by the naive reference evaluator: the 4-card group is no higher than each triple."""
    cards = [[Card.from_index(i) for i in group] for group in groups]
    four = ref_best4(cards[3])
    return all(four <= ref_key(group) for group in cards[:3])


def test_every_random_arrangement_is_valid_and_holds_the_hand() -> None:
    hands = sample_hands(500, seed=6)
    arranged = hb.arrange(hands, "random", seed=3)
    for hand, got in zip(hands, arranged.tolist(), strict=True):
        assert sorted(got) == sorted(hand.tolist())
        groups = [got[0:3], got[3:6], got[6:9], got[9:13]]
        assert reference_valid(groups)
        assert row(hb.arrangement_of(got)) == got  # in play order, highest cards first


def test_bad_hands_and_policies_are_refused() -> None:
    hand = list(range(13))
    with pytest.raises(InvalidCardsError, match=r"hand \(\) holds 2C twice"):
        hb.arrange([0, *hand[1:12], 0], "greedy")
    with pytest.raises(InvalidCardsError, match="last axis of 13"):
        hb.arrange(hand[:12], "greedy")
    with pytest.raises(InvalidCardsError, match="card index 52 at"):
        hb.arrange([*hand[:12], 52], "greedy")
    with pytest.raises(InvalidCardsError, match="integer card indices"):
        hb.arrange([float(i) for i in hand], "greedy")
    with pytest.raises(InvalidRulesError, match="unknown policy 'fancy'"):
        hb.arrange(hand, "fancy")
    with pytest.raises(InvalidSeedError, match="needs a seed"):
        hb.arrange(hand, "random")
    with pytest.raises(InvalidSeedError):
        hb.arrange(hand, "random", seed=-3)
    with pytest.raises(InvalidRulesError, match="only the random policy takes a seed"):
        hb.arrange(hand, "greedy", seed=1)
    rng = Rng(3)
    with pytest.raises(InvalidCardsError):
        hb.arrange([0, *hand[1:12], 0], "random", seed=rng)
    assert repr(rng) == repr(Rng(3))  # bad hands leave the generator as it was


@settings(max_examples=15)
@given(st.lists(hands, min_size=1, max_size=6), st.integers(0, MASK))
def test_any_hands_arrange_like_the_scalar_functions(
    some: list[tuple[Card, ...]], seed: int
) -> None:
    array = np.array([indices(hand) for hand in some])
    greedy = hb.arrange(array, "greedy")
    randomly = hb.arrange(array, "random", seed=seed)
    for number, hand in enumerate(some):
        assert greedy[number].tolist() == row(greedy_arrangement(hand))
        assert randomly[number].tolist() == scalar_random(hand, seed, number)


@settings(max_examples=60)
@given(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True))
def test_any_group_has_the_scalar_strength(group: list[int]) -> None:
    assert int(hb.strengths(group[:3])) == strength_of(*group[:3])
    assert int(hb.strengths(group)) == strength4_of(*group)


# --- play ----------------------------------------------------------------------------


def scalar_deal(seed: int, dealer: int, rules: HazariRules, rows: list[list[int]]) -> HazariState:
    state = HazariState.new(seed=seed, dealer=dealer, rules=rules)
    while not state.is_terminal:
        player = state.current_player
        assert player is not None
        state = state.apply(Up(hb.arrangement_of(rows[player])))
    return state


def check_play(seeds: list[int], arranged: NDArray[Any], dealer: int, rules: HazariRules) -> None:
    played = hb.play(arranged, dealer=dealer, rules=rules)
    assert len(played) == len(seeds)
    for i, seed in enumerate(seeds):
        state = scalar_deal(seed, dealer, rules, arranged[i].tolist())
        assert played.scores[i].tolist() == list(state.returns())
        assert played.winners[i].tolist() == [r.winner for r in state.rounds]
        assert played.round_points[i].tolist() == [r.points for r in state.rounds]


@pytest.mark.parametrize("tie_rule", list(TieRule))
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_play_equals_the_scalar_deal(tie_rule: TieRule, policy: str) -> None:
    rules = HazariRules(tie_rule=tie_rule)
    seeds = sample_seeds(40, seed=7)
    for dealer in range(4):
        hands = hb.deal(seeds, dealer=dealer)
        arranged = hb.arrange(hands, policy, seed=dealer if policy == "random" else None)
        check_play(seeds, np.asarray(arranged), dealer, rules)


def test_play_orders_the_three_groups_itself() -> None:
    seeds = sample_seeds(20, seed=8)
    arranged = np.asarray(hb.arrange(hb.deal(seeds), "random", seed=1)).copy()
    expected = hb.play(arranged)
    swapped = arranged.copy()
    swapped[..., 0:3], swapped[..., 6:9] = arranged[..., 6:9], arranged[..., 0:3]
    swapped[..., 9:] = arranged[..., 9:][..., ::-1]
    played = hb.play(swapped)
    assert (played.scores == expected.scores).all()
    assert (played.winners == expected.winners).all()


def test_ties_go_by_the_tie_rule() -> None:
    # Seat s holds the 13 cards of suit s: every round is a four-way tie.
    hands = [parse_cards(" ".join(rank + suit for rank in "23456789TJQKA")) for suit in "CDHS"]
    for dealer in range(4):
        state = HazariState.new(hands=hands, dealer=dealer)
        arranged = np.array([[row(greedy_arrangement(state.hands[s])) for s in range(4)]])
        leader = (dealer + 1) % 4
        latest = hb.play(arranged, dealer=dealer)
        first = hb.play(arranged, dealer=dealer, rules=HazariRules(tie_rule=TieRule.FIRST))
        # Under "latest" the seat before the leader always wins and leads the next round.
        seat = leader
        for r in range(4):
            seat = (seat + 3) % 4
            assert latest.winners[0, r] == seat
        assert first.winners[0].tolist() == [leader] * 4


def test_bad_arranged_deals_are_refused() -> None:
    arranged = np.asarray(hb.arrange(hb.deal([1, 2]), "greedy")).copy()
    with pytest.raises(InvalidCardsError, match="shape \\(n, 4, 13\\)"):
        hb.play(arranged[0])
    broken = arranged.copy()
    broken[1, 2, 0] = broken[1, 3, 0]
    with pytest.raises(InvalidCardsError, match=r"deal 1 holds .* more than once"):
        hb.play(broken)
    invalid = arranged.copy()
    invalid[0, 1, 0:3], invalid[0, 1, 9:12] = arranged[0, 1, 9:12], arranged[0, 1, 0:3]
    with pytest.raises(InvalidArrangementError, match="deal 0, seat 1: the 4-card group is higher"):
        hb.play(invalid)
    with pytest.raises(InvalidRulesError, match="rules must be HazariRules"):
        hb.play(arranged, rules={"tie_rule": "first"})  # type: ignore[arg-type]


def test_options_the_batch_does_not_know_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    arranged = hb.arrange(hb.deal([1]), "greedy")
    rules = HazariRules()
    defaults = HazariRules.to_json

    def with_extra(self: HazariRules) -> dict[str, object]:
        data = defaults(self)
        return {**data, "spare": self is not rules}

    monkeypatch.setattr(HazariRules, "to_json", with_extra)
    with pytest.raises(InvalidRulesError, match="does not play the Hazari option spare=False"):
        hb.play(arranged, rules=rules)
    assert hb.play(arranged, rules=HazariRules(target=500)).scores.sum() == 360


# --- strengths -----------------------------------------------------------------------


def test_strengths_of_all_3_card_sets_in_every_order() -> None:
    sets = np.array(list(itertools.combinations(range(52), 3)))
    expected = [strength_of(*triple) for triple in sets.tolist()]
    for order in itertools.permutations(range(3)):
        assert hb.strengths(sets[:, order]).tolist() == expected
    assert hb.strengths(sets.reshape(100, 221, 3)).reshape(-1).tolist() == expected


def test_strengths_of_4_card_groups() -> None:
    rng = Rng(10)
    quads = np.array([rng.shuffled(range(52))[:4] for _ in range(30_000)])
    got = hb.strengths(quads).tolist()
    assert got == [strength4_of(*quad) for quad in quads.tolist()]
    assert hb.strengths(quads.reshape(10, 3000, 4)).reshape(-1).tolist() == got


def test_strengths_refuse_bad_groups() -> None:
    with pytest.raises(InvalidCardsError, match=r"group \(1,\) repeats a card: 2D 2H 2D"):
        hb.strengths([[0, 1, 2], [1, 2, 1]])
    with pytest.raises(InvalidCardsError, match=r"group \(0, 1\) repeats a card: AS 2C 3C AS"):
        hb.strengths([[[0, 1, 2, 3], [51, 0, 4, 51]]])
    with pytest.raises(InvalidCardsError, match="last axis of 3 or 4"):
        hb.strengths([[0, 1]])
    with pytest.raises(InvalidCardsError, match="card index -1"):
        hb.strengths([0, 1, -1])
    assert hb.strengths(np.zeros((0, 3), dtype=np.int8)).shape == (0,)
    assert hb.strengths([51, 47, 43]).shape == ()


# --- imports -------------------------------------------------------------------------


def test_importing_cardrules_and_hazari_does_not_import_numpy() -> None:
    code = (
        "import sys, cardrules, cardrules.hazari\n"
        "assert 'numpy' not in sys.modules, 'numpy imported'\n"
        "assert 'cardrules.hazari.batch' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_without_numpy_the_batch_says_what_to_install() -> None:
    code = (
        "import sys\n"
        "sys.modules['numpy'] = None\n"
        "try:\n"
        "    import cardrules.hazari.batch\n"
        "except ModuleNotFoundError as missing:\n"
        "    print(missing.name, '|', missing)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == (
        'numpy | cardrules.hazari.batch needs numpy: pip install "cardrules[numpy]"'
    )
