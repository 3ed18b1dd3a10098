"""Cards: parsing, formatting, ordering and indices."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import (
    Card,
    CardParseError,
    CardRulesError,
    InvalidCardsError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    require_distinct,
)

ALL_CARDS = [Card.from_index(i) for i in range(52)]
cards_st = st.sampled_from(ALL_CARDS)

RANK_TEXT = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
    10: "T", 11: "J", 12: "Q", 13: "K", 14: "A",
}  # fmt: skip
SUIT_TEXT = {0: ("C", "♣"), 1: ("D", "♦"), 2: ("H", "♥"), 3: ("S", "♠")}


def test_there_are_52_distinct_cards_with_documented_indices() -> None:
    assert len(set(ALL_CARDS)) == 52
    for rank in range(2, 15):
        for suit in range(4):
            card = Card(Rank(rank), Suit(suit))
            assert card.index == (rank - 2) * 4 + suit
            assert Card.from_index(card.index) == card


def test_documented_landmark_indices() -> None:
    assert parse_card("2C").index == 0
    assert parse_card("2S").index == 3
    assert parse_card("AS").index == 51
    assert parse_card("TH").index == 34


@given(cards_st)
def test_compact_and_unicode_round_trip(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(card.format(unicode=True)) == card
    assert parse_card(str(card).lower()) == card


@given(cards_st)
def test_independent_spelling_parses(card: Card) -> None:
    letter, symbol = SUIT_TEXT[int(card.suit)]
    rank = RANK_TEXT[int(card.rank)]
    assert parse_card(rank + letter) == card
    assert parse_card(rank + symbol) == card
    if rank == "T":
        assert parse_card("10" + letter.lower()) == card


@given(cards_st)
def test_repr_pastes_back(card: Card) -> None:
    assert eval(repr(card), vars(cardrules)) == card
    assert eval(repr(card.rank), vars(cardrules)) is card.rank
    assert eval(repr(card.suit), vars(cardrules)) is card.suit


@given(st.lists(cards_st, unique=True))
def test_list_round_trip_with_every_separator(cards: list[Card]) -> None:
    for sep in (" ", ",", ", ", ";", "\n"):
        assert parse_cards(format_cards(cards, sep=sep)) == tuple(cards)
    assert parse_cards(format_cards(cards, unicode=True)) == tuple(cards)


@given(cards_st, cards_st)
def test_order_and_hash_follow_index(a: Card, b: Card) -> None:
    assert (a < b) == (a.index < b.index)
    assert (a <= b) == (a.index <= b.index)
    assert (a > b) == (a.index > b.index)
    assert (a == b) == (a.index == b.index)
    if a == b:
        assert hash(a) == hash(b)


def test_cards_are_immutable_and_picklable() -> None:
    card = parse_card("AS")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.TWO  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) == card
    assert card != "AS"


@pytest.mark.parametrize(
    ("text", "token", "position", "reason"),
    [
        ("1S", "1S", 0, "unknown rank '1'"),
        ("AS KX", "KX", 1, "unknown suit 'X'"),
        ("AS 10", "10", 1, "a rank with no suit"),
        ("K", "K", 0, "a rank with no suit"),
        ("AS,,ASS", "ASS", 1, "a card is a rank then a suit"),
        ("AS KS as", "as", 2, "duplicate of AS at position 0"),
    ],
)
def test_parse_errors_name_token_position_and_reason(
    text: str, token: str, position: int, reason: str
) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert info.value.position == position
    assert reason in info.value.reason
    assert repr(token) in str(info.value)


def test_duplicates_allowed_on_request() -> None:
    assert len(parse_cards("AS AS", allow_duplicates=True)) == 2


def test_non_string_input_is_a_parse_error() -> None:
    with pytest.raises(CardParseError):
        parse_card(51)  # type: ignore[arg-type]
    with pytest.raises(CardParseError):
        parse_cards(None)  # type: ignore[arg-type]


@given(st.text())
def test_arbitrary_text_raises_only_card_parse_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except CardParseError:
        return
    assert all(isinstance(card, Card) for card in cards)


@given(st.text(max_size=6))
def test_arbitrary_token_raises_only_card_parse_error(text: str) -> None:
    try:
        card = parse_card(text)
    except CardParseError:
        return
    assert parse_card(str(card)) == card


@pytest.mark.parametrize("bad", [-1, 52, 3.0, "1", True])
def test_from_index_rejects_bad_indices(bad: object) -> None:
    with pytest.raises(InvalidCardsError, match=repr(bad).replace(".", r"\.")):
        Card.from_index(bad)  # type: ignore[arg-type]


def test_require_distinct() -> None:
    cards = parse_cards("AS KS")
    assert require_distinct(iter(cards)) == cards
    with pytest.raises(InvalidCardsError, match="hand repeats AS"):
        require_distinct(cards + cards[:1], "hand")
    with pytest.raises(InvalidCardsError, match="not a Card"):
        require_distinct(["AS"], "hand")  # type: ignore[list-item]


def test_error_hierarchy() -> None:
    for name in (
        "CardParseError",
        "InvalidCardsError",
        "InvalidArrangementError",
        "IllegalActionError",
        "InvalidStateError",
        "InvalidRulesError",
        "InvalidSeedError",
    ):
        error = getattr(cardrules, name)
        assert issubclass(error, CardRulesError)
        assert issubclass(error, ValueError)
    assert issubclass(CardParseError, cardrules.ParseError)
