"""``AziState.new(hands=...)``: a game from explicit hands, checked like Hazari's."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, parse_cards
from cardrules.azi import AziRules, AziState, azi_pack
from cardrules.errors import InvalidCardsError, InvalidRulesError


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(0, 5), st.integers(0, 2**32))
def test_hands_of_any_deal_give_that_deal_back(players: int, dealer: int, seed: int) -> None:
    dealer %= players
    rules = AziRules(players=players)
    dealt = AziState.new(rules, seed=seed, dealer=dealer)
    again = AziState.new(rules, hands=dealt.hands, dealer=dealer)
    assert again.hands == dealt.hands
    assert again.trump_card == dealt.trump_card
    assert again.current_player == dealt.current_player and again.pot == dealt.pot
    assert AziState.from_json(again.to_json()) == again


def test_the_dealers_last_card_is_trump_and_hands_read_as_given() -> None:
    hands = [parse_cards(text) for text in ("6D 7D 8D 9D", "6H 7H 8H 9H", "6S 7S 8S 9S")]
    state = AziState.new(AziRules(players=3), hands=hands, dealer=1)
    assert state.hands == tuple(tuple(hand) for hand in hands)
    assert state.trump_card == Card.parse("9H")  # the last card of seat 1, the dealer
    state = AziState.new(AziRules(players=3), hands=hands, dealer=2)
    assert state.trump_card == Card.parse("9S")


def _hands(*texts: str) -> list[tuple[Card, ...]]:
    return [parse_cards(text, allow_duplicates=True) for text in texts]


@pytest.mark.parametrize(
    ("hands", "kwargs", "error", "message"),
    [
        (_hands("6D 7D 8D 9D", "6H 7H 8H 9H"), {}, InvalidCardsError, "3 players need 3 hands"),
        (
            _hands("6D 7D 8D", "6H 7H 8H 9H", "6S 7S 8S 9S"),
            {},
            InvalidCardsError,
            "hand 0 must hold 4 cards, got 3: 6D 7D 8D",
        ),
        (
            _hands("6D 6D 8D 9D", "6H 7H 8H 9H", "6S 7S 8S 9S"),
            {},
            InvalidCardsError,
            "hand 0 repeats 6D",
        ),
        (
            _hands("6D 7D 8D 9D", "6D 7H 8H 9H", "6S 7S 8S 9S"),
            {},
            InvalidCardsError,
            "the hands together repeats 6D",
        ),
        (
            _hands("6C 7D 8D 9D", "6H 7H 8H 9H", "6S 7S 8S 9S"),
            {},
            InvalidCardsError,
            "6C is not in the DHS pack",
        ),
        (
            _hands("2D 7D 8D 9D", "6H 7H 8H 9H", "6S 7S 8S 9S"),
            {},
            InvalidCardsError,
            "2D is not in the DHS pack",
        ),
        (
            _hands("6D 7D 8D 9D", "6H 7H 8H 9H", "6S 7S 8S 9S"),
            {"dealer": 3},
            InvalidRulesError,
            "dealer 3 is not a seat in 0..2",
        ),
        (
            _hands("6D 7D 8D 9D", "6H 7H 8H 9H", "6S 7S 8S 9S"),
            {"dealer": None},
            InvalidRulesError,
            "needs its dealer",
        ),
        (
            _hands("6D 7D 8D 9D", "6H 7H 8H 9H", "6S 7S 8S 9S"),
            {"seed": 1},
            InvalidRulesError,
            "not several",
        ),
        ("6D 7D 8D 9D", {}, InvalidCardsError, "expected 3 hands of Card objects"),
        ([["6D", "7D", "8D", "9D"], [], []], {}, InvalidCardsError, "hand 0"),
        ([5, [], []], {}, InvalidCardsError, "hand 0 must be Card objects, got 5"),
    ],
)
def test_bad_hands_are_refused_naming_the_fault(
    hands: object, kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    options: dict[str, object] = {"dealer": 0, **kwargs}
    with pytest.raises(error, match=message):
        AziState.new(AziRules(players=3), hands=hands, **options)  # type: ignore[arg-type]


def test_the_pack_of_the_rules_is_the_one_checked() -> None:
    rules = AziRules(players=2, suits="CHS")
    pack = list(azi_pack("CHS"))
    hands = [pack[:4], pack[4:8]]
    assert AziState.new(rules, hands=hands, dealer=0).hands == (tuple(pack[:4]), tuple(pack[4:8]))
