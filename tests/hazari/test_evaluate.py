"""evaluate, strength_of and the batch paths: landmarks, errors and properties (H3–H6)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from itertools import combinations, permutations
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tests.hazari.reference as ref
from cardrules.cards import Card, parse_cards
from cardrules.errors import InvalidCardsError
from cardrules.hazari import (
    Combination,
    Kind,
    best_three,
    evaluate,
    strength4_of,
    strength_of,
    strengths,
    strengths4,
    strengths4_numpy,
    strengths_numpy,
)

three_cards = st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True)
four_cards = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)
suit_maps = st.permutations(range(4))


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def relabel(indices: list[int], suits: list[int]) -> list[int]:
    return [(i & ~3) | suits[i & 3] for i in indices]


# Landmarks (H4)


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("AS KS QS", "AH 2H 3H"),
        ("AH 2H 3H", "KD QD JD"),
        ("AS KD QS", "AH 2C 3H"),
        ("AH 2C 3H", "KD QS JD"),
        ("5S 4S 3S", "4H 3H 2H"),
        ("5S 4D 3S", "4H 3C 2H"),
        ("4H 3H 2H", "AS KS JS"),
        ("4H 3C 2H", "AS KS JS"),
        ("AS KS JS", "AD AH KC"),
        ("2C 2D 3H", "AS KD JH"),
        ("2C 2D 2H", "AS KS QS"),
    ],
)
def test_landmark_orders(stronger: str, weaker: str) -> None:
    assert evaluate(cards(stronger)) > evaluate(cards(weaker))
    assert strength_of(*(c.index for c in cards(stronger))) > strength_of(
        *(c.index for c in cards(weaker))
    )


def test_lowest_and_highest_of_each_kind() -> None:
    assert str(evaluate(cards("4H 3C 2H"))) == "Run 4-3-2"
    assert str(evaluate(cards("4H 3H 2H"))) == "Colour run 4-3-2"
    runs = [evaluate(cards(f"{r}H {s}C {t}D")) for r, s, t in ("432", "543", "KQJ", "A23", "AKQ")]
    assert runs == sorted(runs)
    assert str(evaluate(cards("AS KS JS"))) == "Colour A-K-J"
    assert str(evaluate(cards("AS KD JS"))) == "Indi A-K-J"
    assert evaluate(cards("AS KS JS")) == max(
        evaluate(t)
        for t in combinations(parse_cards(" ".join(f"{r}S" for r in "AKQJT98765432")), 3)
        if evaluate(t).kind is Kind.COLOUR
    )
    assert str(evaluate(cards("5C 3C 2C"))) == "Colour 5-3-2"
    assert str(evaluate(cards("5C 3D 2C"))) == "Indi 5-3-2"
    assert evaluate(cards("5C 3D 2C")).strength == 0
    assert str(evaluate(cards("AS AD KC"))) == "Pair A-A-K"
    assert str(evaluate(cards("2S 2D 3C"))) == "Pair 2-2-3"
    assert evaluate(cards("AS AD AH")).strength == 740


@pytest.mark.parametrize("text", ["KS AS 2S", "KS AD 2S", "KH AD 2C", "AS 2D 4C"])
def test_wraps_other_than_the_two_ace_runs_are_not_runs(text: str) -> None:
    combination = evaluate(cards(text))
    assert combination.kind in (Kind.COLOUR, Kind.INDI)  # so not a run


def test_ace_two_three_ranks_are_named_as_run() -> None:
    assert evaluate(cards("3D AS 2H")).ranks == parse_rank_tuple("A23")
    assert evaluate(cards("QD KS AH")).ranks == parse_rank_tuple("AKQ")
    assert evaluate(cards("9D 9S KH")).ranks == parse_rank_tuple("9K")
    assert evaluate(cards("8D 4S QH")).ranks == parse_rank_tuple("Q84")


def parse_rank_tuple(symbols: str) -> tuple[object, ...]:
    from cardrules.cards import Rank

    return tuple(Rank.parse(s) for s in symbols)


def test_evaluate_returns_interned_objects() -> None:
    first = evaluate(cards("AS KS QS"))
    assert first is evaluate(cards("QS AS KS")) is Combination.from_strength(first.strength)
    assert evaluate(list(cards("AS KS QS"))) is first
    assert evaluate(iter(cards("AS KS QS"))) is first
    assert evaluate(cards("AS KS QS 2C")) is first


def test_best_three_is_deterministic_and_keeps_input_order() -> None:
    assert best_three(cards("2C AS KS QS")) == cards("AS KS QS")
    assert best_three(cards("QS 2C KS AS")) == cards("QS KS AS")
    # Four aces: every subset ties; the lowest card (AC) is left out.
    for order in permutations(cards("AS AH AD AC")):
        assert set(best_three(order)) == set(cards("AS AH AD"))


# Bad input


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (cards("AS KS"), "takes 3 or 4 cards, got 2: AS KS"),
        (cards("AS KS QS JS 2C"), "takes 3 or 4 cards, got 5"),
        ((), "got 0"),
        (parse_cards("AS KS AS", allow_duplicates=True), "repeat AS"),
        (parse_cards("AS KS QS AS", allow_duplicates=True), "repeat AS"),
        ((Card.from_index(0), 5, Card.from_index(1)), "5 is not a Card"),
        ("AS KS QS", "got the string"),
    ],
)
def test_evaluate_rejects_bad_input(value: object, message: str) -> None:
    with pytest.raises(InvalidCardsError, match=message):
        evaluate(value)  # type: ignore[arg-type]


def test_best_three_needs_four_cards() -> None:
    with pytest.raises(InvalidCardsError, match="best_three takes 4 cards, got 3"):
        best_three(cards("AS KS QS"))
    with pytest.raises(InvalidCardsError, match="repeat"):
        best_three(parse_cards("AS KS QS AS", allow_duplicates=True))


@pytest.mark.parametrize(
    ("indices", "message"),
    [
        ((0, 1, 52), "card index 52 is not an integer in 0..51"),
        ((-1, 1, 2), "card index -1 is not"),
        ((0, 0, 1), r"repeat a card"),
        ((0, 1, 1), r"repeat a card"),
        ((5, 1, 5), r"repeat a card"),
        ((0, 1.0, 2), r"card index 1.0 is not"),
    ],
)
def test_strength_of_rejects_bad_indices(indices: tuple[int, int, int], message: str) -> None:
    with pytest.raises(InvalidCardsError, match=message):
        strength_of(*indices)
    with pytest.raises(InvalidCardsError, match=message):
        strengths([indices])
    with pytest.raises(InvalidCardsError, match=message):
        strength4_of(*indices, 40)


@pytest.mark.parametrize("group", [(1, 2), (1, 2, 3, 4, 5), 7, None, "ab"])
def test_batches_reject_groups_of_the_wrong_size(group: object) -> None:
    with pytest.raises(InvalidCardsError, match="expected 3 card indices"):
        strengths([(0, 1, 2), group])  # type: ignore[list-item]
    with pytest.raises(InvalidCardsError, match="expected 4 card indices"):
        strengths4([group])  # type: ignore[list-item]


def test_strength4_of_rejects_a_repeat_of_the_fourth_card() -> None:
    for quad in [(0, 1, 2, 2), (3, 1, 2, 3), (0, 9, 2, 9), (52, 1, 2, 3)]:
        with pytest.raises(InvalidCardsError):
            strength4_of(*quad)


# Batches


def test_pure_batches_match_single_calls() -> None:
    triples = list(combinations(range(0, 52, 3), 3))
    assert strengths(triples) == [strength_of(*t) for t in triples]
    assert strengths(iter(triples)) == [strength_of(*t) for t in triples]
    quads = list(combinations(range(1, 52, 5), 4))
    assert strengths4(quads) == [strength4_of(*q) for q in quads]
    assert strengths([]) == [] and strengths4([]) == []


def test_numpy_batches_match_the_pure_batches() -> None:
    np = pytest.importorskip("numpy")
    triples = np.array(list(combinations(range(52), 3)))
    assert strengths_numpy(triples).tolist() == strengths(triples.tolist())
    quads = np.array(list(combinations(range(0, 52, 2), 4)), dtype=np.int8)
    assert strengths4_numpy(quads).tolist() == strengths4(quads.tolist())
    assert strengths_numpy(np.zeros((0, 3), dtype=int)).tolist() == []
    ordered = list(permutations(range(52), 3))
    assert strengths_numpy(np.array(ordered, dtype=np.uint8)).tolist() == strengths(ordered)


@pytest.mark.parametrize(
    ("rows", "width", "message"),
    [
        ([[0, 1, 2, 3]], 3, r"expected an \(n, 3\) array"),
        ([[0, 1, 52]], 3, "card index 52 is not"),
        ([[0, -1, 5]], 3, "card index -1 is not"),
        ([[0, 1, 2], [4, 4, 5]], 3, r"card indices \[4, 4, 5\] repeat a card"),
        ([[0.0, 1.0, 2.0]], 3, "must be integers"),
        ([[0, 1, 2, 2]], 4, "repeat a card"),
        ([[0, 1, 2]], 4, r"expected an \(n, 4\) array"),
        ([[0, 1, 2], [4, 5]], 3, r"expected an \(n, 3\) array"),
    ],
)
def test_numpy_batches_reject_bad_input(rows: list[list[float]], width: int, message: str) -> None:
    np = pytest.importorskip("numpy")
    function = strengths_numpy if width == 3 else strengths4_numpy
    with pytest.raises(InvalidCardsError, match=message):
        function(rows)
    if len({len(row) for row in rows}) == 1:
        with pytest.raises(InvalidCardsError, match=message):
            function(np.array(rows))


# Properties


@given(three_cards, st.permutations(range(3)), suit_maps)
def test_invariant_under_card_order_and_suit_relabelling(
    triple: list[int], order: list[int], suits: list[int]
) -> None:
    base = strength_of(*triple)
    assert strength_of(*(triple[i] for i in order)) == base
    assert strength_of(*relabel(triple, suits)) == base


@given(four_cards, st.permutations(range(4)), suit_maps)
def test_four_cards_invariant_under_order_and_suits(
    quad: list[int], order: list[int], suits: list[int]
) -> None:
    base = strength4_of(*quad)
    assert strength4_of(*(quad[i] for i in order)) == base
    assert strength4_of(*relabel(quad, suits)) == base
    assert base == max(strength_of(*t) for t in combinations(quad, 3))


@given(three_cards, three_cards)
def test_higher_kind_beats_lower_and_agrees_with_reference(x: list[int], y: list[int]) -> None:
    first = evaluate(tuple(Card.from_index(i) for i in x))
    second = evaluate(tuple(Card.from_index(i) for i in y))
    if first.kind != second.kind:
        assert (first > second) == (first.kind > second.kind)
    ref_x = ref.ref_key([(i // 4 + 2, i % 4) for i in x])
    ref_y = ref.ref_key([(i // 4 + 2, i % 4) for i in y])
    assert (first > second) == (ref_x > ref_y)
    assert (first == second) == (ref_x == ref_y)


@given(three_cards, three_cards)
def test_antisymmetry(x: list[int], y: list[int]) -> None:
    a, b = strength_of(*x), strength_of(*y)
    first = Combination.from_strength(a)
    second = Combination.from_strength(b)
    assert (first > second) == (second < first)
    if first >= second and second >= first:
        assert first == second


@given(three_cards, three_cards, three_cards)
def test_transitivity(x: list[int], y: list[int], z: list[int]) -> None:
    a, b, c = (evaluate(tuple(Card.from_index(i) for i in t)) for t in (x, y, z))
    if a <= b and b <= c:
        assert a <= c
    if a < b and b < c:
        assert a < c


@given(st.one_of(three_cards, four_cards))
def test_strength_of_agrees_with_evaluate(indices: list[int]) -> None:
    combination = evaluate(tuple(Card.from_index(i) for i in indices))
    function = strength_of if len(indices) == 3 else strength4_of
    assert function(*indices) == combination.strength
    if len(indices) == 4:
        assert evaluate(best_three(Card.from_index(i) for i in indices)) is combination


def test_numpy_stays_optional() -> None:
    # A fresh interpreter where numpy cannot be imported: the package and the pure
    # paths work, and the numpy batches say what to install.
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import cardrules.hazari as h\n"
        "from cardrules import parse_cards\n"
        "assert str(h.evaluate(parse_cards('AS KS QS'))) == 'Colour run A-K-Q'\n"
        "assert h.strengths([(0, 1, 2)]) == [728]\n"
        "try:\n"
        "    h.strengths_numpy([[0, 1, 2]])\n"
        "except ModuleNotFoundError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install cardrules[numpy]" in done.stdout
    plain = "import sys, cardrules.hazari; print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", plain], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize("value", [None, 5, 3.5, object()])
def test_non_iterables_raise_package_errors(value: object) -> None:
    functions: list[Callable[[Any], object]] = [evaluate, best_three, strengths, strengths4]
    for function in functions:
        with pytest.raises(InvalidCardsError):
            function(value)
