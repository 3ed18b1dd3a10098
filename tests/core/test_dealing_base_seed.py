"""``Dealing.base_seed`` is worked out once per dealing, and its value never changes.

Release 0.1.0 rehashed every explicit deck on every seeded deal, so loading a match
record with ``"seed": null``, many explicit decks and deals past them was quadratic.
"""

from __future__ import annotations

import pickle

import pytest

import cardrules.dealing
from cardrules.azi import azi_pack
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.hazari import HazariMatch, HazariRules
from cardrules.rng import derive_seed


def naive_base_seed(decks: tuple[Deck, ...]) -> int:
    """The documented derivation, written out: fold each card's index + 1, then 0 per deck."""
    value = 0
    for deck in decks:
        for card in deck:
            value = derive_seed(value, card.index + 1)
        value = derive_seed(value, 0)
    return value


class CallBudget:
    """Counts calls to ``derive_seed`` in :mod:`cardrules.dealing`; fails past ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.calls = 0

    def __call__(self, seed: int, *keys: int) -> int:
        self.calls += 1
        if self.calls > self.limit:
            pytest.fail(f"derive_seed called more than {self.limit} times: rehashing the decks")
        return derive_seed(seed, *keys)


@pytest.fixture
def budget(monkeypatch: pytest.MonkeyPatch) -> CallBudget:
    counter = CallBudget(limit=0)
    monkeypatch.setattr(cardrules.dealing, "derive_seed", counter)
    return counter


def test_base_seed_value_is_the_one_0_1_0_gave() -> None:
    dealing = Dealing(decks=(Deck.standard().shuffled(1), Deck.standard().shuffled(2)))
    assert dealing.base_seed == 2677797467639618669 == naive_base_seed(dealing.decks)
    assert str(dealing.deck(2, Deck.standard())).startswith("9H 6C AS 2C 4C 5C 3S 4H AH 8D")
    assert str(dealing.deck(5, azi_pack())) == (
        "QH 9H AH TD KS 6D QS 9S KH QD JD TH 6S 7D KD 8H 8D 7S AS JS 9D 6H 7H 8S JH AD TS"
    )
    assert Dealing(seed=42).base_seed == 42
    assert Dealing().base_seed == 0 == naive_base_seed(())


def test_base_seed_is_computed_once_for_many_decks(budget: CallBudget) -> None:
    decks = tuple(azi_pack().cut(i % 28) for i in range(2000))
    dealing = Dealing(decks=decks)
    once = 2000 * (27 + 1)
    budget.limit = once + 200
    expected = dealing.base_seed
    assert budget.calls == once
    for number in range(2000, 2100):
        dealing.deck(number, azi_pack())
        dealing.cards(number, azi_pack())
        assert dealing.base_seed == expected
    assert budget.calls == once + 200
    budget.limit = 10**9
    assert expected == naive_base_seed(decks)


def test_the_cached_seed_is_no_part_of_the_value() -> None:
    decks = (azi_pack().shuffled(3),)
    used, fresh = Dealing(decks=decks), Dealing(decks=decks)
    used.deck(4, azi_pack())
    assert used == fresh and hash(used) == hash(fresh) and repr(used) == repr(fresh)
    assert "derived" not in repr(used)
    assert used.to_json() == fresh.to_json() == {"seed": None, "decks": [str(decks[0])]}
    copy = pickle.loads(pickle.dumps(used))
    assert copy == used and copy.base_seed == used.base_seed
    assert Dealing.from_json(used.to_json()).base_seed == used.base_seed


def test_loading_a_match_record_past_its_explicit_decks_is_linear(budget: CallBudget) -> None:
    decks = tuple(Deck.standard().shuffled(i) for i in range(20))
    budget.limit = 10**9
    match = HazariMatch.from_dealing(Dealing(decks=decks), rules=HazariRules(target=20_000))
    while len(match.deals) < 26:
        match = match.apply(next(iter(match.legal_actions())))
    text = match.to_json()
    budget.calls, budget.limit = 0, 20 * 53 + 26
    loaded = HazariMatch.from_json(text)
    assert loaded == match
    assert budget.calls <= 20 * 53 + 26
