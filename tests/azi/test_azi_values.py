"""Rules, actions, events and records: parsing, round trips and rejections."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import Card, Dealing, Rng, load_game
from cardrules.azi import (
    PLAY,
    AziRules,
    AziState,
    CardPlayed,
    Declare,
    Discard,
    FirstLead,
    Phase,
    PlayCard,
    Raise,
    Rounding,
    azi_pack,
    parse_action,
    parse_action_text,
)
from cardrules.errors import IllegalActionError, InvalidRulesError, InvalidStateError, ParseError


@given(st.integers(0, 2**64 - 1), st.integers(0, 5))
def test_fast_dealing_matches_the_core_dealing(seed: int, number: int) -> None:
    pack = azi_pack()
    assert Dealing(seed=seed).cards(number, pack) == Dealing(seed=seed).deck(number, pack).cards


def test_explicit_decks_are_used_in_order_then_seeded() -> None:
    decks = (azi_pack(), azi_pack().cut(5))
    dealing = Dealing(decks=decks)
    assert dealing.cards(1, azi_pack()) == decks[1].cards
    assert dealing.cards(2, azi_pack()) == dealing.deck(2, azi_pack()).cards


@pytest.mark.parametrize(
    "options",
    [
        {"ante": -1},
        {"min_raise": 0},
        {"min_raise": 5, "max_raise": 4},
        {"raise_cap": -1},
        {"look_before_fold": 1},
        {"first_lead": "auction_winner"},
        {"rounding": "up"},
        {"suits": "DDS"},
        {"suits": "DHX"},
    ],
)
def test_invalid_rule_options_raise_a_clear_error(options: dict[str, object]) -> None:
    with pytest.raises(InvalidRulesError):
        AziRules(**options)  # type: ignore[arg-type]


def test_rules_json_round_trip_and_rejections() -> None:
    rules = AziRules(
        players=5, ante=3, suits="CHS", look_before_fold=True,
        first_lead=FirstLead.AUCTION_WINNER, min_raise=2, max_raise=4, raise_cap=0,
        rounding=Rounding.DOWN,
    )  # fmt: skip
    assert AziRules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    data = rules.to_json()
    with pytest.raises(InvalidRulesError):
        AziRules.from_json({**data, "extra": 1})
    with pytest.raises(InvalidRulesError):
        AziRules.from_json({**data, "first_lead": "left"})
    with pytest.raises(InvalidRulesError):
        AziRules.from_json({**data, "suits": ["D", "H", "S"]})
    import cardrules.azi as azi
    from cardrules import Suit

    assert eval(repr(rules), {**vars(azi), "Suit": Suit}) == rules


def test_every_action_round_trips_and_reprs_paste_back() -> None:
    import cardrules.azi as azi
    from cardrules import Card as CardType

    card = Card.parse("QH")
    actions: list[azi.AziAction] = [
        azi.PLAY, azi.FOLD, Discard(card), Raise(12), azi.PASS, Declare(True, 2), Declare(),
        azi.ACCEPT, azi.DECLINE, PlayCard(card), azi.JOIN, azi.SKIP,
    ]  # fmt: skip
    for action in actions:
        assert parse_action(json.loads(json.dumps(action.to_json()))) == action
        assert parse_action_text(str(action)) == action
        assert eval(repr(action), {**vars(azi), "Card": CardType}) == action


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"type": "raise"},
        {"type": "raise", "amount": "12"},
        {"type": "card", "card": 5},
        {"type": "card", "card": "1S"},
        {"type": "play", "card": "AS"},
        {"type": "declare", "raznomast": 1, "invite": None},
        {"type": "declare", "raznomast": True},
    ],
)
def test_bad_action_json_raises_parse_error(data: object) -> None:
    with pytest.raises(ParseError):
        parse_action(data)


def test_events_write_json() -> None:
    assert CardPlayed(1, Card.parse("TS")).to_json() == {
        "type": "card_played",
        "player": 1,
        "card": "TS",
    }


def some_game() -> AziState:
    state = AziState.new(AziRules(players=4), seed=21)
    rng = Rng(3)
    for _ in range(25):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


def test_json_round_trip_and_tampering_is_caught() -> None:
    state = some_game()
    text = json.dumps(state.to_json())
    assert AziState.from_json(text) == state
    assert AziState.from_json(state.to_json()) == state
    assert AziState.from_json(text.encode()) == state
    data = json.loads(text)
    data["summary"]["pot"] += 1
    with pytest.raises(InvalidStateError, match="summary"):
        AziState.from_json(json.dumps(data))
    data = json.loads(text)
    data["actions"][0]["player"] = (data["actions"][0]["player"] + 1) % 4
    with pytest.raises(InvalidStateError):
        AziState.from_json(json.dumps(data))
    data = json.loads(text)
    data["actions"][0] = {"player": data["actions"][0]["player"], "type": "join"}
    with pytest.raises(InvalidStateError):
        AziState.from_json(json.dumps(data))
    data = json.loads(text)
    data["rules"]["players"] = 9
    with pytest.raises(InvalidStateError):
        AziState.from_json(json.dumps(data))
    with pytest.raises(InvalidStateError):
        AziState.from_json("{")


def test_new_rejects_bad_arguments() -> None:
    with pytest.raises(InvalidRulesError):
        AziState.new(AziRules(players=3), seed=1, dealer=3)
    with pytest.raises(InvalidRulesError, match="give a seed or a dealing"):
        AziState.new(AziRules(players=3))
    with pytest.raises(InvalidRulesError):
        AziState.new(AziRules(), seed=1, dealing=Dealing(seed=1))
    state = AziState.new(AziRules(players=3), seed=1, dealer=0)
    assert eval(repr(state), {"load_game": load_game, "AziState": AziState}) == state
    with pytest.raises(InvalidStateError):
        state.observation(3)
    assert state.apply(PLAY).history[0].action == PLAY


@pytest.mark.parametrize(
    "text", ["", "raise", "raise -3", "card", "card XX", "declare invite", "declare x", "shout"]
)
def test_bad_action_text_raises_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        parse_action_text(text)


def test_raise_range_is_bounded_and_rejections_stay_short() -> None:
    from cardrules.azi.rules import MAX_RAISE_CHOICES

    with pytest.raises(InvalidRulesError, match="more than 1000 raise amounts"):
        AziRules(max_raise=MAX_RAISE_CHOICES + 1)
    rules = AziRules(players=2, max_raise=MAX_RAISE_CHOICES)
    state = AziState.new(rules, seed=1, dealer=0)
    while state.phase is not Phase.BIDDING:
        state = state.apply(next(iter(state.legal_actions())))
    assert len(state.legal_actions()) == MAX_RAISE_CHOICES + 1
    with pytest.raises(IllegalActionError, match="1001 in all") as caught:
        state.apply(Raise(5))
    assert len(str(caught.value)) < 500
