"""Each game declares how a deck dealt in its middle joins its state, and chance calls it.

Explicit chance continues a game after a deal in its middle through its definition's
``with_deck``; a game that deals only at its start need not declare it, and a game
that deals later without it is refused that deal by name. A seeded game replayed from
its first deck, given as an explicit deck beside the same seed, deals its later decks
from the seed as the seeded game did.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import Dealing, Deck, Rng, load_game
from cardrules.azi import azi_pack
from cardrules.azi.game import AziDefinition
from cardrules.chance import ChanceDealing, ChanceState
from cardrules.errors import InvalidCardsError, InvalidRulesError, InvalidStateError
from cardrules.hazari.game import HazariDefinition
from cardrules.registry import GameDefinition


def _played(state: Any, rng: Rng, until: Any) -> Any:
    """``state`` played on (chance drawn, actions at random) until ``until(state)``."""
    while not until(state):
        if getattr(state, "is_chance_node", False):
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randbelow(len(legal))])
    return state


def test_a_later_deck_joins_every_dealing_of_an_azi_match() -> None:
    start = ChanceState.new(load_game("azi", players=2), match=True)
    waiting = _played(start, Rng(5), lambda s: s.is_chance_node and s.inner is not None)
    inner: Any = waiting.inner
    deck = azi_pack().shuffled(1)
    joined: Any = AziDefinition().with_deck(inner, deck)
    assert joined.dealing.decks == (*inner.dealing.decks, deck)
    assert joined.current.dealing.decks == (*inner.current.dealing.decks, deck)
    assert type(joined.dealing) is ChanceDealing and joined.finished == inner.finished
    assert joined.current.history == inner.current.history
    with pytest.raises(InvalidStateError, match="expected an Azi state, got 3"):
        AziDefinition().with_deck(3, deck)


def test_a_hazari_deal_of_its_own_deals_once_and_a_match_takes_its_next_deck() -> None:
    match: Any = load_game("hazari").new_match(seed=1)
    deck = Deck.standard()
    joined: Any = HazariDefinition().with_deck(match, deck)
    assert joined.dealing.decks == (deck,) and joined.current.dealing.decks == (deck,)
    assert joined.current.hands == match.current.hands  # deal 0 stays seeded from 1
    with pytest.raises(InvalidStateError, match="expected a Hazari match"):
        HazariDefinition().with_deck(match.current, deck)


@pytest.mark.parametrize(
    ("game", "definition", "match"),
    [("hazari", HazariDefinition, True), ("azi(players=3)", AziDefinition, False)],
)
def test_a_game_that_deals_later_without_saying_how_is_refused_that_deal_by_name(
    monkeypatch: pytest.MonkeyPatch, game: str, definition: type[GameDefinition], match: bool
) -> None:
    def line(seed: int) -> ChanceState:
        start = ChanceState.new(load_game(game), match=match)
        return _played(start, Rng(seed), lambda s: s.is_terminal)  # type: ignore[no-any-return]

    seed = next(s for s in range(500) if len(line(s).decks) > 1)  # a line with a later deal
    monkeypatch.delattr(definition, "with_deck")
    start = ChanceState.new(load_game(game), match=match)
    dealt = _played(start, Rng(seed), lambda s: not s.is_chance_node)
    assert dealt.decks and dealt.inner is not None  # the first deal needs no hook
    with pytest.raises(InvalidRulesError, match=r"deals deck 1 .*GameDefinition\.with_deck"):
        line(seed)


def test_the_registry_refuses_a_later_deck_by_the_games_name() -> None:
    class Bare(HazariDefinition):
        name = "bare"

    with pytest.raises(InvalidRulesError, match="'bare' does not say how a deck"):
        GameDefinition.with_deck(Bare(), None, Deck.standard())


def test_a_dealing_takes_one_more_deck_and_keeps_its_class() -> None:
    deck = Deck.standard().shuffled(3)
    assert Dealing(seed=2).with_deck(deck) == Dealing(seed=2, decks=(deck,))
    assert type(ChanceDealing().with_deck(deck)) is ChanceDealing
    with pytest.raises(InvalidCardsError, match="must be a Deck, got 'AS'"):
        Dealing().with_deck("AS")  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [13, 17])
def test_a_seeded_azi_game_replayed_from_its_first_deck_and_seed_deals_as_it_did(
    seed: int,
) -> None:
    """Five players, seeds 13 and 17: the game re-deals (A12), and the replay with the
    first deck explicit beside the seed deals every later deck from the seed."""
    game = load_game("azi", players=5)
    rng = Rng(seed + 100)
    played = _played(game.new_state(seed=seed), rng, lambda s: s.is_terminal)
    assert played.deal_number >= 1
    first = Dealing(seed=seed).deck(0, played.rules.pack)
    replay = game.new_state(dealing=Dealing(seed=seed, decks=(first,)))  # dealer by lot, too
    unseeded: Any = game.new_state(dealing=Dealing(decks=(first,)), dealer=played.dealer)
    for turn in played.history:
        replay = replay.apply(turn.action)
    assert replay.history == played.history and replay.returns() == played.returns()
    later = Dealing(decks=(first,)).deck(1, played.rules.pack)  # seeded from the deck
    assert later != Dealing(seed=seed).deck(1, played.rules.pack)
    assert unseeded.dealing.base_seed != seed
