"""Hidden information: every observation type is blind to the other players' hidden cards.

For each observation type (Hazari deal, Hazari match, Azi game, Azi match) and
many random positions of random games, the observer's view must be unchanged when
the cards it cannot see are redrawn, in two independent ways:

- *permuted worlds*, built here: the hidden cards are shuffled among the hidden
  places (other hands, other discards, undealt cards), the same public actions
  are replayed on the new decks, and the observation must be identical;
- *resampled worlds* from the game's resampler (``cardrules.hazari.resample``,
  ``resample_match``, ``cardrules.azi.resample``, ``resample_match``, and the same
  through ``load_game(name).resample``): they must be real positions of the game
  with the identical observation.

The resampled world must not leak the real hidden cards either: it must depend on
the observation alone, so the observation of a permuted world, and the observation
read back from its JSON, resample to the very same world with the same generator.
And the observation's JSON must not name any card hidden from its player.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cardrules import azi, hazari, load_game
from cardrules.azi import (
    AziMatch,
    AziMatchObservation,
    AziObservation,
    AziState,
    Discard,
)
from cardrules.cards import Card
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import IllegalActionError
from cardrules.hazari import (
    HazariMatch,
    HazariMatchObservation,
    HazariObservation,
    HazariState,
    Up,
    greedy_arrangement,
    hands_to_deck,
)
from cardrules.record import dump_json
from cardrules.rng import Rng
from tests.hardening.hardening_support import (
    azi_match_positions,
    azi_positions,
    check_azi,
    check_azi_match,
    check_hazari_deal,
    check_hazari_match,
    current_deal_played,
    examples,
    hazari_deal_positions,
    hazari_match_positions,
)

SEEDS = st.integers(min_value=0, max_value=2**32)
TOKEN = re.compile(r"[0-9A-Za-z]+")


def tokens(data: Any) -> set[str]:
    """Every alphanumeric word of every string in a JSON tree."""
    found: set[str] = set()
    if isinstance(data, dict):
        for value in data.values():
            found |= tokens(value)
    elif isinstance(data, list):
        for value in data:
            found |= tokens(value)
    elif isinstance(data, str):
        found |= set(TOKEN.findall(data))
    return found


def assert_not_named(data: Any, hidden: set[Card]) -> None:
    named = tokens(data) & {str(card) for card in hidden}
    assert not named, f"the observation names hidden cards {sorted(named)}"


def assert_resamples_blindly(
    game: str,
    resample: Callable[[Any, Rng], Any],
    seen: Any,
    others: list[Any],
    draw: int,
) -> Any:
    """``resample(seen, Rng(draw))``, checked to depend on the observation alone: the
    registry's resampler, the observation read back from its JSON (dict and text),
    and ``others`` (equal observations of other worlds) all give the same world."""
    guess = resample(seen, Rng(draw))
    expected = guess.to_json()
    kind = type(seen)
    data = seen.to_json()
    assert kind.from_json(data) == seen and kind.from_json(dump_json(data)) == seen
    inputs = [kind.from_json(data), kind.from_json(dump_json(data)), *others]
    for observation in inputs:
        assert observation == seen
        assert resample(observation, Rng(draw)).to_json() == expected
    assert load_game(game).resample(seen, Rng(draw)).to_json() == expected
    return guess


# ------------------------------------------------------------------ Hazari


def permuted_hands(deal: HazariState, player: int, rng: Rng) -> list[tuple[Card, ...]]:
    """The deal's hands with every card of the other seats shuffled among them."""
    others = [seat for seat in range(4) if seat != player]
    hidden = rng.shuffled([card for seat in others for card in deal.hands[seat]])
    hands = list(deal.hands)
    for k, seat in enumerate(others):
        hands[seat] = tuple(sorted(hidden[13 * k : 13 * k + 13]))
    return hands


@examples(80)
@given(SEEDS, st.integers(0, 4), st.integers(0, 3), SEEDS)
def test_hazari_deal_observation(seed: int, position: int, player: int, draw: int) -> None:
    state = hazari_deal_positions(seed)[position]
    seen = state.observation(player)
    others: list[HazariObservation] = []
    if not state.is_terminal:
        hands = permuted_hands(state, player, Rng(draw))
        deck = hands_to_deck(hands, state.dealer)
        world = HazariState.from_dealing(
            Dealing(decks=(deck,) * (state.deal + 1)),
            dealer=state.dealer,
            deal=state.deal,
            rules=state.rules,
        )
        for turn in state.history:
            mine = turn.player == player
            hand = world.hands[turn.player]
            world = world.apply(turn.action if mine else Up(greedy_arrangement(hand)))
        assert world.observation(player) == seen
        others.append(world.observation(player))
        hidden = {card for seat in range(4) if seat != player for card in state.hands[seat]}
        assert_not_named(seen.to_json(), hidden)
    guess = assert_resamples_blindly("hazari", hazari.resample, seen, others, draw)
    assert isinstance(guess, HazariState)
    check_hazari_deal(guess)
    assert guess.observation(player) == seen


@examples(40)
@given(SEEDS, st.integers(0, 12), st.integers(0, 3), SEEDS)
def test_hazari_match_observation(seed: int, position: int, player: int, draw: int) -> None:
    positions = hazari_match_positions(seed, limit=12)
    match = positions[min(position, len(positions) - 1)]
    seen = match.observation(player)
    others: list[HazariMatchObservation] = []
    current = match.current
    if not current.is_terminal:
        decks = [hands_to_deck(deal.hands, deal.dealer) for deal in match.finished]
        hands = permuted_hands(current, player, Rng(draw))
        decks.append(hands_to_deck(hands, current.dealer))
        world = HazariMatch.from_dealing(
            Dealing(decks=tuple(decks)), dealer=match.first_dealer, rules=match.rules
        )
        for turn in match.history:
            deal = world.current
            if turn.player == player or deal.deal < current.deal:
                world = world.apply(turn.action)
            else:
                world = world.apply(Up(greedy_arrangement(deal.hands[turn.player])))
        assert world.observation(player) == seen
        others.append(world.observation(player))
        hidden = {card for seat in range(4) if seat != player for card in current.hands[seat]}
        assert_not_named(seen.to_json()["deals"][-1], hidden)
    guess = assert_resamples_blindly("hazari", hazari.resample_match, seen, others, draw)
    assert isinstance(guess, HazariMatch)
    check_hazari_match(guess)
    assert guess.observation(player) == seen


# --------------------------------------------------------------------- Azi


def azi_hidden_positions(state: AziState, player: int) -> tuple[Deck, list[int]]:
    """The current deal's deck and the positions in it of cards ``player`` cannot see."""
    deck = state.dealing.deck(state.deal_number, state.rules.pack)
    visible = {state.trump_card, *current_deal_played(state)}
    seen = state.observation(player)
    if seen.hand is not None:
        visible |= set(seen.hand)
    if seen.discard is not None:
        visible.add(seen.discard)
    return deck, [i for i, card in enumerate(deck) if card not in visible]


def permuted_azi_decks(
    state: AziState, player: int, rng: Rng, by_suit: bool
) -> tuple[list[Deck], dict[Card, Card]]:
    """The game's decks so far, the current one with its hidden cards shuffled (all
    together, or within each suit), and where each card of the current deck moved."""
    deck, hidden = azi_hidden_positions(state, player)
    cards = list(deck)
    groups = [[i for i in hidden if deck[i].suit == s] for s in range(4)] if by_suit else [hidden]
    for group in groups:
        for i, card in zip(group, rng.shuffled([deck[i] for i in group]), strict=True):
            cards[i] = card
    moved = {deck[i]: cards[i] for i in range(len(cards))}
    decks = [state.dealing.deck(k, state.rules.pack) for k in range(state.deal_number)]
    decks.append(Deck(cards))
    return decks, moved


def permuted_azi_world(state: AziState, player: int, rng: Rng, by_suit: bool) -> AziState:
    """The same public actions replayed on a current deck whose hidden cards are shuffled."""
    decks, moved = permuted_azi_decks(state, player, rng, by_suit)
    world = AziState.new(
        state.rules, dealer=state.first_dealer, dealing=Dealing(decks=tuple(decks))
    )
    for turn in state.history:
        action = turn.action
        if isinstance(action, Discard) and world.deal_number == state.deal_number:
            action = Discard(moved[action.card])
        world = world.apply(action)
    return world


def permuted_azi_match(match: AziMatch, player: int, rng: Rng, by_suit: bool) -> AziMatch:
    """The match replayed on the same decks, but the current deal's hidden cards shuffled."""
    state = match.current
    decks = [
        game.dealing.deck(k, game.rules.pack)
        for game in match.finished
        for k in range(game.deal_number + 1)
    ]
    current, moved = permuted_azi_decks(state, player, rng, by_suit)
    world = AziMatch.new(
        match.rules, dealer=match.first_dealer, dealing=Dealing(decks=(*decks, *current))
    )
    number = len(match.finished)
    for turn in match.history:
        action = turn.action
        now = world.current
        if (
            isinstance(action, Discard)
            and len(world.finished) == number
            and now.deal_number == state.deal_number
        ):
            action = Discard(moved[action.card])
        world = world.apply(action)
    return world


def assert_azi_game_blind(state: AziState, seen: AziObservation) -> None:
    """The observation's JSON names no card of the current deal hidden from its player."""
    deck, hidden = azi_hidden_positions(state, seen.player)
    data = seen.to_json()
    events = data["events"]
    last_deal = max(i for i, event in enumerate(events) if event.get("type") == "dealt")
    data["events"] = events[last_deal:]
    assert_not_named(data, {deck[i] for i in hidden})


def azi_position(seed: int, position: int) -> AziState:
    positions = azi_positions(seed)
    return positions[position % len(positions)]


@examples(120)
@given(SEEDS, st.integers(0, 10**6), st.integers(0, 5), SEEDS)
def test_azi_observation(seed: int, position: int, player: int, draw: int) -> None:
    state = azi_position(seed, position)
    player %= state.num_players
    seen = state.observation(player)
    rng = Rng(draw)
    others: list[AziObservation] = []
    for by_suit in (False, True):
        try:
            world = permuted_azi_world(state, player, rng, by_suit)
        except IllegalActionError:
            continue  # the shuffle broke a revealed void or a declaration: try by suit
        assert world.observation(player) == seen
        others.append(world.observation(player))
    assert others or seen.raznomast, "even a suit-preserving shuffle was refused"
    assert_azi_game_blind(state, seen)
    guess = assert_resamples_blindly("azi", azi.resample, seen, others, draw)
    assert isinstance(guess, AziState)
    check_azi(guess)
    assert guess.observation(player) == seen


@examples(40)
@given(SEEDS, st.integers(0, 10**6), st.integers(0, 5), SEEDS)
def test_azi_match_observation(seed: int, position: int, player: int, draw: int) -> None:
    positions = azi_match_positions(seed, limit=150)
    match = positions[position % len(positions)]
    player %= match.num_players
    seen = match.observation(player)
    assert isinstance(seen, AziMatchObservation)
    rng = Rng(draw)
    others: list[AziMatchObservation] = []
    for by_suit in (False, True):
        try:
            world = permuted_azi_match(match, player, rng, by_suit)
        except IllegalActionError:
            continue  # the shuffle broke a revealed void or a declaration: try by suit
        assert world.observation(player) == seen
        others.append(world.observation(player))
    assert others or seen.current.raznomast, "even a suit-preserving shuffle was refused"
    for game, game_seen in zip(match.games, seen.games, strict=True):
        assert game_seen == game.observation(player)
        assert_azi_game_blind(game, game_seen)
    guess = assert_resamples_blindly("azi", azi.resample_match, seen, others, draw)
    assert isinstance(guess, AziMatch)
    check_azi_match(guess)
    assert guess.observation(player) == seen


def test_permuted_worlds_really_move_cards() -> None:
    """The permuted Azi worlds differ from the real one (so the check can fail)."""
    state = azi_positions(7)[3]
    world = permuted_azi_world(state, 0, Rng(1), by_suit=False)
    others = [s for s in range(state.num_players) if s != 0]
    assert any(world.hands[s] != state.hands[s] for s in others)
    match = azi_match_positions(306)[20]
    assert len(match.finished) == 1
    moved = permuted_azi_match(match, 0, Rng(1), by_suit=False)
    players = range(1, match.num_players)
    assert [g.history for g in moved.finished] == [g.history for g in match.finished]
    assert moved.returns() == match.returns()
    assert any(moved.current.hands[s] != match.current.hands[s] for s in players)


def test_resampled_worlds_vary() -> None:
    """Resampling redraws the hidden cards: different generators give different worlds
    (so a resampler copying the real hands would be caught)."""
    deal = hazari_deal_positions(5)[1]
    worlds = {dump_json(hazari.resample(deal.observation(0), Rng(k)).to_json()) for k in range(4)}
    assert len(worlds) > 1
    game = azi_positions(7)[3]
    worlds = {dump_json(azi.resample(game.observation(0), Rng(k)).to_json()) for k in range(4)}
    assert len(worlds) > 1
