"""Wrong types and out-of-range values raise package errors that name the value.

Each case leaked a non-package error (AttributeError, bare ValueError, IndexError,
TypeError), hung, or silently did the wrong thing in release 0.1.0.
"""

from __future__ import annotations

import pickle
import time

import pytest

from cardrules.azi import azi_pack
from cardrules.cards import (
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    require_distinct,
)
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import (
    CardParseError,
    CardRulesError,
    InvalidCardsError,
    InvalidSeedError,
    InvalidStateError,
)
from cardrules.record import (
    GameRecord,
    check_summary,
    dump_json,
    load_record,
    record_actions,
    replay,
)
from cardrules.rng import Rng, check_seed, derive_seed

HUGE = pytest.param(10**5000, id="10**5000")
NEGATIVE_HUGE = pytest.param(-(10**5000), id="-10**5000")
BIG = pytest.param(2**10000, id="2**10000")


def deep_list(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


# ------------------------------------------------------------------ cards


@pytest.mark.parametrize(("parse", "bad"), [(Rank.parse, None), (Suit.parse, 5)])
def test_rank_and_suit_parse_need_text(parse: object, bad: object) -> None:
    with pytest.raises(CardParseError, match=f"{bad!r}.*expected a string"):
        parse(bad)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("rank", "suit", "message"),
    [
        ("A", "S", "card rank 'A' is not a Rank"),
        (Rank.ACE, "S", "card suit 'S' is not a Suit"),
        (Suit.HEARTS, Suit.SPADES, "card rank Suit.HEARTS"),
        (True, 0, "card rank True"),
        (14.0, 3, "card rank 14.0"),
        (15, 3, "card rank 15"),
        (14, 4, "card suit 4"),
        (None, None, "card rank None"),
    ],
)
def test_card_needs_rank_and_suit_values(rank: object, suit: object, message: str) -> None:
    with pytest.raises(InvalidCardsError, match=message):
        Card(rank, suit)


def test_card_still_takes_members_and_plain_integers() -> None:
    assert Card(Rank.ACE, Suit.SPADES) == Card(14, 3) == parse_card("AS")


@pytest.mark.parametrize("bad", [None, True, 2.0, 1, 15, "A", [2], HUGE, Suit.HEARTS])
def test_rank_lookup_by_value_raises_a_package_error(bad: object) -> None:
    with pytest.raises(InvalidCardsError, match=r"is not a rank value in 2..14"):
        Rank(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, True, False, 1.0, 4, -1, "S", HUGE, Rank.TWO])
def test_suit_lookup_by_value_raises_a_package_error(bad: object) -> None:
    with pytest.raises(InvalidCardsError, match=r"is not a suit value in 0..3"):
        Suit(bad)  # type: ignore[arg-type]


def test_rank_and_suit_lookups_that_work_still_work() -> None:
    assert Rank(14) is Rank.ACE and Rank(Rank.TWO) is Rank.TWO and Suit(0) is Suit.CLUBS
    assert pickle.loads(pickle.dumps(Rank.KING)) is Rank.KING
    assert pickle.loads(pickle.dumps(Suit.HEARTS)) is Suit.HEARTS
    assert Rank["ACE"] is Rank.ACE and list(Suit)[3] is Suit.SPADES


@pytest.mark.parametrize("bad", [HUGE, NEGATIVE_HUGE])
def test_huge_values_are_named_without_printing_every_digit(bad: int) -> None:
    with pytest.raises(InvalidCardsError, match="int of 16610 bits"):
        Card.from_index(bad)
    with pytest.raises(CardParseError, match="int of 16610 bits"):
        parse_card(bad)  # type: ignore[arg-type]


def test_format_cards_needs_cards_and_a_string_separator() -> None:
    cards = parse_cards("AS KS")
    assert format_cards(cards, sep=",") == "AS,KS"
    with pytest.raises(InvalidCardsError, match="iterable of Card values, got None"):
        format_cards(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardsError, match=r"the text 'AS KS'.*parse_cards"):
        format_cards("AS KS")  # type: ignore[arg-type]
    with pytest.raises(InvalidCardsError, match="holds 'AS', which is not a Card"):
        format_cards(["AS"])  # type: ignore[list-item]
    with pytest.raises(InvalidCardsError, match="separator None is not a string"):
        format_cards(cards, sep=None)  # type: ignore[arg-type]


def test_require_distinct_needs_an_iterable_and_a_text_label() -> None:
    with pytest.raises(InvalidCardsError, match=r"hand must be an iterable.*got 5"):
        require_distinct(5, "hand")  # type: ignore[arg-type]
    with pytest.raises(InvalidCardsError, match="description 5 of the cards"):
        require_distinct(parse_cards("AS"), 5)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardsError, match=r"holds \[\[\[\[\[\[\[\.\.\.\]"):
        require_distinct([deep_list(100_000)])  # type: ignore[list-item]
    with pytest.raises(InvalidCardsError, match="a deck must be an iterable"):
        Deck(None)  # type: ignore[arg-type]


# ------------------------------------------------------------------ rng


@pytest.mark.parametrize("bad", [0, -1, True, 1.0, "6", None, 2**64 + 1, BIG, HUGE])
def test_randbelow_rejects_bad_bounds_at_once_and_draws_nothing(bad: object) -> None:
    rng = Rng(3)
    start = time.monotonic()
    with pytest.raises(CardRulesError, match="randbelow needs a positive int up to 2\\*\\*64"):
        rng.randbelow(bad)  # type: ignore[arg-type]
    assert time.monotonic() - start < 1.0
    assert rng.next_u64() == Rng(3).next_u64()


def test_randbelow_takes_bounds_up_to_2_to_the_64() -> None:
    assert Rng(5).randbelow(2**64) == Rng(5).next_u64()
    assert 0 <= Rng(5).randbelow(2**64 - 1) < 2**64 - 1


@pytest.mark.parametrize(
    ("bad", "message"), [([], "empty"), ("", "empty"), (None, "got None"), (5, "got 5")]
)
def test_choice_needs_a_non_empty_sequence(bad: object, message: str) -> None:
    rng = Rng(4)
    with pytest.raises(CardRulesError, match=message):
        rng.choice(bad)  # type: ignore[arg-type]
    assert rng.next_u64() == Rng(4).next_u64()


@pytest.mark.parametrize("bad", [None, 5, 1.5])
def test_shuffled_needs_a_sequence(bad: object) -> None:
    with pytest.raises(CardRulesError, match=f"shuffled needs a sequence, got {bad!r}"):
        Rng(1).shuffled(bad)  # type: ignore[arg-type]


def test_seed_errors_name_huge_values_briefly() -> None:
    with pytest.raises(InvalidSeedError, match="seed <int of 16610 bits>"):
        check_seed(10**5000)
    with pytest.raises(InvalidSeedError, match="seed <negative int of 16610 bits>"):
        derive_seed(1, -(10**5000))


# ------------------------------------------------------------------ dealing


@pytest.mark.parametrize("bad", [-1, -52, True, 1.0, "0", None, 2**64, HUGE])
@pytest.mark.parametrize("dealing", [Dealing(seed=1), Dealing(decks=(azi_pack(), azi_pack()))])
def test_deal_numbers_must_be_non_negative_integers(bad: object, dealing: Dealing) -> None:
    for method in (dealing.deck, dealing.cards):
        with pytest.raises(InvalidStateError, match=r"deal number .* is not an integer"):
            method(bad, azi_pack())  # type: ignore[arg-type]


def test_a_negative_deal_number_no_longer_reads_the_last_explicit_deck() -> None:
    last = azi_pack().shuffled(9)
    dealing = Dealing(decks=(azi_pack(), last))
    assert dealing.deck(1, azi_pack()) == last
    with pytest.raises(InvalidStateError, match="deal number -1"):
        dealing.deck(-1, azi_pack())


@pytest.mark.parametrize("pack", [None, "AS KS", parse_cards("AS KS"), 27])
def test_the_pack_must_be_a_deck(pack: object) -> None:
    with pytest.raises(InvalidCardsError, match="pack to deal from must be a Deck"):
        Dealing(seed=1).deck(0, pack)  # type: ignore[arg-type]


@pytest.mark.parametrize("decks", [None, 5, "AS KS", [None], [parse_cards("AS")]])
def test_explicit_decks_must_be_decks(decks: object) -> None:
    with pytest.raises(InvalidCardsError, match="explicit decks must be"):
        Dealing(decks=decks)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bad",
    [
        HUGE,
        deep_list(100_000),
        {"seed": 10**5000, "decks": []},
        {"seed": 1, "decks": [deep_list(100_000)]},
        {"seed": 1.0, "decks": []},
        {"seed": True, "decks": []},
    ],
)
def test_dealing_from_json_raises_invalid_state_on_anything(bad: object) -> None:
    with pytest.raises(InvalidStateError):
        Dealing.from_json(bad)


# ------------------------------------------------------------------ records


@pytest.mark.parametrize("bad", [{1, 2}, b"x", HUGE, deep_list(100_000), {1: 2, "a": 3}])
def test_dump_json_refuses_what_json_cannot_hold(bad: object) -> None:
    with pytest.raises(InvalidStateError, match=r"cannot write .* as JSON"):
        dump_json(bad)


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("game", None),
        ("rules", [1]),
        ("rules", {1: 2}),
        ("dealing", {"seed": 1, "decks": []}),
        ("actions", [{"player": 0}]),
        ("actions", ({"player": 0}, 5)),
        ("summary", None),
    ],
)
def test_game_record_fields_are_checked(field: str, bad: object) -> None:
    fields: dict[str, object] = {
        "game": "demo",
        "rules": {},
        "dealing": Dealing(seed=1),
        "actions": (),
        "summary": {},
    }
    fields[field] = bad
    with pytest.raises(InvalidStateError, match="must be"):
        GameRecord(**fields)  # type: ignore[arg-type]


def test_replay_and_its_helpers_check_their_arguments() -> None:
    with pytest.raises(InvalidStateError, match="needs a game state to start from"):
        replay(None, (), dict)  # type: ignore[type-var]
    with pytest.raises(InvalidStateError, match="must be a list or tuple, got None"):
        record_actions(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="history item 0 is 1"):
        record_actions([1])
    with pytest.raises(InvalidStateError, match="replayed summary must be a JSON object"):
        check_summary(None, {})  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="record's summary must be a JSON object"):
        check_summary({}, [])  # type: ignore[arg-type]
    text = GameRecord("demo", {}, Dealing(seed=1), (), {}).to_text()
    with pytest.raises(InvalidStateError, match="load_record's start must be a function"):
        load_record(text, "demo", None, dict, dict)  # type: ignore[arg-type]
