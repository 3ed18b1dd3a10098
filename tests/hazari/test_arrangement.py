"""Arrangement: validation (every rejection path), play order, notation and equality."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, parse_cards
from cardrules.errors import CardParseError, InvalidArrangementError
from cardrules.hazari import Arrangement, Combination, valid_arrangements
from tests.hazari.reference import ref_best4, ref_key

TEXT = "9H 9D 9C | AS KS QS | JH JD 7C | 8S 6H 3D 2C"


def test_parse_orders_groups_and_round_trips() -> None:
    a = Arrangement.parse("2c 3d 6h 8s | jd jh 7c | as ks qs | 9c 9d 9h")
    assert str(a) == TEXT
    assert repr(a) == f"Arrangement.parse('{TEXT}')"
    assert eval(repr(a)) == a
    assert Arrangement.parse(str(a)) == a
    assert Arrangement.from_json(a.to_json()) == a
    assert Arrangement.from_json([[str(c) for c in g] for g in a.groups]) == a
    assert a.threes == a.groups[:3] and a.four == a.groups[3]
    assert [str(c) for c in a.combinations] == [
        "Trio 9-9-9",
        "Colour run A-K-Q",
        "Pair J-J-7",
        "Indi 8-6-3",
    ]
    assert a.strengths == tuple(c.strength for c in a.combinations)
    assert a.points == (15, 30, 25, 20)
    assert a.cards == tuple(sorted(parse_cards(TEXT.replace("|", " "))))
    assert a.format(unicode=True).startswith("9♥ 9♦ 9♣ | A♠ K♠ Q♠")


def test_equality_is_the_partition() -> None:
    groups = [parse_cards(t) for t in TEXT.split("|")]
    a = Arrangement(groups)
    b = Arrangement.from_groups([reversed(groups[3]), groups[2], groups[0], groups[1]])
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    c = Arrangement.parse("9H 9D 7C | AS KS QS | JH JD 9C | 8S 6H 3D 2C")
    assert c != a


def test_equal_combinations_are_ordered_by_card_indices() -> None:
    a = Arrangement.parse("QC 8D 4S | QS 8H 4D | QD 8S 4C | 2C 3D 6H 7S")
    assert str(a) == "QS 8H 4D | QD 8S 4C | QC 8D 4S | 7S 6H 3D 2C"
    assert a.combinations[0] == a.combinations[1] == a.combinations[2]


def test_equality_with_the_four_card_group_is_allowed() -> None:
    a = Arrangement.parse("AS KS QS | 9H 9D 9C | QC 8D 4S | QH 8C 4H 2D")
    assert a.combinations[2] == a.combinations[3] == Combination.parse("Indi Q-8-4")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "9H 9S KD QC | QH 8D 4S | AS KS QS | JC JD 2H",
            "4-card group Pair 9-9-K is higher than 3-card group Indi Q-8-4 "
            "(groups KD QC 9S 9H and QH 8D 4S; the 4-card group must be no higher "
            "than each 3-card group: rule H7 on the Hazari rules page (docs/rules/hazari))",
        ),
        (
            "AS KS QS | 9H 9D 9C | QC 8D 4S | QH 8C 5H 2D",
            "4-card group Indi Q-8-5 is higher than 3-card group Indi Q-8-4",
        ),
        ("AS KS QS | 9H 9D 9C | QC 8D 4S", "4 groups separated by '|', got 3"),
        ("AS KS QS | 9H 9D 9C | QC 8D 4S | 2C | 3C", "4 groups separated by '|', got 5"),
        (
            "AS KS | 9H 9D 9C 8C | QC 8D 4S | QH 8H 5H 2D",
            r"groups of 3, 3, 3 and 4 cards, got 2, 4, 3, 4",
        ),
        (
            "AS KS QS | 9H 9D 9C | QC 8D 4S | QH 8C 5H 2D 3D",
            r"groups of 3, 3, 3 and 4 cards, got 3, 3, 3, 5",
        ),
        (
            "AS KS QS | 9H 9D 9C | QC 8D 4S | AS 8C 5H 2D",
            "card AS appears in groups 1 and 4; the 13 cards must be distinct",
        ),
        (
            "AS KS AS | 9H 9D 9C | QC 8D 4S | QH 8C 5H 2D",
            "card AS appears twice in group 1; the 13 cards must be distinct",
        ),
    ],
)
def test_rejections(text: str, message: str) -> None:
    with pytest.raises(
        InvalidArrangementError, match=message.replace("(", r"\(").replace(")", r"\)")
    ):
        Arrangement.parse(text)


def test_rejections_of_non_cards() -> None:
    good = [parse_cards(t) for t in TEXT.split("|")]
    with pytest.raises(InvalidArrangementError, match=r"has 4 groups .* got 3"):
        Arrangement(good[:3])
    with pytest.raises(InvalidArrangementError, match="got the string"):
        Arrangement(TEXT)  # type: ignore[arg-type]
    with pytest.raises(InvalidArrangementError, match="group 2 is the string 'AS KS QS'"):
        Arrangement([good[0], "AS KS QS", good[2], good[3]])  # type: ignore[list-item]
    with pytest.raises(InvalidArrangementError, match="group 3 holds 'QC', which is not a Card"):
        Arrangement([good[0], good[1], ("QC", "8D", "4S"), good[3]])  # type: ignore[list-item]
    with pytest.raises(InvalidArrangementError, match="group 1 is 7, not a group of cards"):
        Arrangement([7, good[1], good[2], good[3]])  # type: ignore[list-item]
    with pytest.raises(InvalidArrangementError, match="expected the arrangement as text"):
        Arrangement.parse(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArrangementError, match="cannot read an arrangement"):
        Arrangement.from_json(42)
    with pytest.raises(CardParseError, match="unknown rank"):
        Arrangement.parse("AS KS 1S | 9H 9D 9C | QC 8D 4S | QH 8C 5H 2D")


@settings(max_examples=60)
@given(st.permutations(range(52)))
def test_validation_matches_the_reference(order: list[int]) -> None:
    cards = [Card.from_index(i) for i in order[:13]]
    groups = [cards[0:3], cards[3:6], cards[6:9], cards[9:13]]
    four_key = ref_best4(groups[3])
    valid = all(four_key <= ref_key(group) for group in groups[:3])
    if valid:
        a = Arrangement(groups)
        keys = [ref_key(group) for group in a.threes]
        assert keys == sorted(keys, reverse=True)
        assert a in valid_arrangements(cards)
    else:
        with pytest.raises(InvalidArrangementError, match="is higher than 3-card group"):
            Arrangement(groups)
