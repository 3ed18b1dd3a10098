"""Wrong-typed arguments to the core modules raise package errors, never anything else.

Every public callable of ``cardrules.cards``, ``rng``, ``dealing`` and ``records``
(functions, constructors, class methods, and the methods and properties of sample
values) is called with junk arguments, sometimes mixed with valid ones. A call may
return normally or raise a :class:`~cardrules.errors.CardRulesError`; any other
exception, or a call running over two seconds, fails.
"""

from __future__ import annotations

from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import cards, dealing, records, rng
from cardrules.azi import azi_pack
from cardrules.cards import Card, Rank, Suit, parse_cards
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.record import GameRecord
from cardrules.rng import Rng
from tests.core.wrong_types_support import Target, call_with_junk, public_callables

MODULES: tuple[ModuleType, ...] = (cards, dealing, records, rng)

_RECORD = GameRecord("demo", {"players": 2}, Dealing(seed=1), ({"player": 0, "type": "x"},), {})

INSTANCES: dict[type, list[object]] = {
    Card: [Card.from_index(0), Card.from_index(51)],
    Rank: [Rank.ACE],
    Suit: [Suit.SPADES],
    Rng: [Rng(1)],
    Dealing: [Dealing(seed=1), Dealing(decks=(azi_pack().shuffled(2),))],
    GameRecord: [_RECORD],
}

VALID: dict[str, list[object]] = {
    "text": ["AS KS", "10h", "A", "S", _RECORD.to_text()],
    "index": [0, 51],
    "rank": [Rank.ACE, 2],
    "suit": [Suit.SPADES, 0],
    "cards": [parse_cards("AS KS"), [Card.from_index(3)]],
    "what": ["hand"],
    "seed": [0, 7, 2**64 - 1],
    "state": [0, 12345],
    "keys": [0, 1],
    "n": [1, 6, 2**64],
    "items": [(1, 2, 3), "abc", range(5)],
    "number": [0, 1, 3],
    "pack": [azi_pack(), Deck.standard()],
    "decks": [(), (azi_pack(),)],
    "data": [{"seed": 1, "decks": []}, {"a": [1, 2]}],
    "game": ["demo"],
    "rules": [{"players": 2}],
    "dealing": [Dealing(seed=3)],
    "actions": [(), ({"player": 0, "type": "x"},)],
    "summary": [{}],
    "actual": [{"a": 1}],
    "stored": [{"a": 1}, {"a": 1.0}],
    "history": [()],
}

TARGETS: list[Target] = [
    target for module in MODULES for target in public_callables(module, INSTANCES)
]


def test_every_public_callable_is_covered() -> None:
    names = {target.name for target in TARGETS}
    for module in MODULES:
        for export in module.__all__:
            if callable(getattr(module, export)):
                assert f"{module.__name__}.{export}" in names
    for expected in (
        "cardrules.cards.Rank",
        "cardrules.cards.Rank.parse",
        "cardrules.cards.Card.from_index",
        "cardrules.cards.Card[0].format",
        "cardrules.rng.Rng[0].randbelow",
        "cardrules.rng.Rng[0].shuffled",
        "cardrules.dealing.Dealing[1].deck",
        "cardrules.dealing.Dealing[1].base_seed",
        "cardrules.dealing.Dealing.from_json",
        "cardrules.records.GameRecord.from_json",
        "cardrules.records.GameRecord[0].to_json",
        "cardrules.records.parse_json_text",
        "cardrules.records.load_record",
    ):
        assert expected in names


@pytest.mark.parametrize("target", TARGETS, ids=str)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_wrong_types_raise_only_package_errors(target: Target, data: st.DataObject) -> None:
    call_with_junk(target, data, VALID)
