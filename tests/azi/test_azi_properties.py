"""Random Azi playouts, 2-6 players and every rule option, checked against
invariants and naive reference rules written independently of the package."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, Dealing, Deck, Rng, Suit
from cardrules.azi import (
    ACCEPT,
    DECLINE,
    FOLD,
    JOIN,
    PASS,
    PLAY,
    SKIP,
    AntesPaid,
    AziDeclared,
    AziRules,
    AziState,
    CardPlayed,
    Dealt,
    Declare,
    Declared,
    Discard,
    FirstLead,
    Folded,
    Joined,
    Phase,
    PlayCard,
    PotWon,
    Raise,
    Raised,
    Rounding,
    Stayed,
    TrickWon,
    parse_action,
    resample,
)
from cardrules.errors import IllegalActionError
from cardrules.record import replay

MAX_ACTIONS = 3000

rules_strategy = st.builds(
    AziRules,
    players=st.integers(2, 6),
    ante=st.integers(1, 25),
    suits=st.sampled_from(["DHS", "CDH", "CHS", "CDS"]),
    look_before_fold=st.booleans(),
    first_lead=st.sampled_from(list(FirstLead)),
    min_raise=st.integers(1, 3),
    max_raise=st.integers(3, 6),
    raise_cap=st.integers(0, 4),
    rounding=st.sampled_from(list(Rounding)),
)
seeds = st.integers(0, 2**64 - 1)


def current_deal_events(state: AziState) -> list[object]:
    events: list[object] = list(state.events)
    last = max(i for i, e in enumerate(events) if isinstance(e, Dealt))
    return events[last:]


def naive_legal(state: AziState) -> set[Card]:
    """Follow suit, else trump, else anything; raznomast lifts the trump duty once."""
    player = state.current_player
    assert player is not None
    hand = state.hands[player]
    events = current_deal_events(state)
    played = [e for e in events if isinstance(e, CardPlayed)]
    in_trick = len(played) % len(state.observation(player).staying)
    if in_trick == 0:
        return set(hand)
    trick = played[len(played) - in_trick :]
    led = trick[0].card.suit
    trump = state.trump_card.suit
    same = {c for c in hand if c.suit == led}
    if same:
        return same
    size = len(state.observation(player).staying)
    earlier_leads = {played[i].card.suit for i in range(0, len(played) - in_trick, size)}
    declared = any(isinstance(e, Declared) and e.player == player and e.raznomast for e in events)
    exempt = declared and led != trump and led not in earlier_leads
    trumps = {c for c in hand if c.suit == trump}
    if trumps and not exempt:
        return trumps
    return set(hand)


def naive_winner(trick: list[CardPlayed], trump: Suit) -> int:
    trumps = [e for e in trick if e.card.suit == trump]
    pool = trumps or [e for e in trick if e.card.suit == trick[0].card.suit]
    return max(pool, key=lambda e: e.card.rank).player


def check_cards(state: AziState) -> None:
    """Every card of the pack is in exactly one place."""
    events = current_deal_events(state)
    played = [e.card for e in events if isinstance(e, CardPlayed)]
    places = [c for hand in state.hands for c in hand]
    places += [c for c in state.discards if c is not None]
    places += played + list(state.undealt)
    assert Counter(places) == Counter(state.rules.pack)


def check_tricks(state: AziState) -> None:
    events = current_deal_events(state)
    plays: list[CardPlayed] = []
    for event in events:
        if isinstance(event, CardPlayed):
            plays.append(event)
        elif isinstance(event, TrickWon):
            size = len(state.observation(0).staying)
            assert event.player == naive_winner(plays[-size:], state.trump_card.suit)


def check_settlement(state: AziState) -> None:
    """Replay the public events with naive bookkeeping: stakes, fees, re-deals, pot."""
    rules = state.rules
    n = rules.players
    pot = 0
    dealer = -1
    seats: tuple[int, ...] = ()
    stayed: set[int] = set()
    tricks = [0] * n
    last = -1
    fees: tuple[int, int] = (0, 0)
    joined: list[int] = []
    for event in state.events:
        if isinstance(event, AntesPaid):
            pot += event.amount * n
        elif isinstance(event, Dealt):
            if event.deal > 0:
                free = [seat for seat in stayed if tricks[seat] > 0]
                assert event.seats == tuple(
                    sorted(free + joined, key=lambda seat: (seat - event.dealer - 1) % n)
                )
                expected = dealer if dealer in free + joined else last
                assert event.dealer == expected
            dealer, seats = event.dealer, event.seats
            stayed, tricks, joined = set(), [0] * n, []
        elif isinstance(event, Stayed):
            stayed.add(event.player)
        elif isinstance(event, Raised):
            pot += event.amount
        elif isinstance(event, TrickWon):
            tricks[event.player] += 1
            last = event.player
            assert tricks[event.player] == event.tricks
        elif isinstance(event, AziDeclared):
            assert event.pot == pot and event.full_fee == pot
            half = (pot + 1) // 2 if rules.rounding is Rounding.UP else pot // 2
            assert event.half_fee == half
            fees = (half, pot)
        elif isinstance(event, Joined):
            in_deal = event.player in stayed
            assert tricks[event.player] == 0
            assert event.fee == (fees[0] if in_deal else fees[1])
            pot += event.fee
            joined.append(event.player)
        elif isinstance(event, PotWon):
            assert event.amount == pot
    assert seats


def all_kinds(state: AziState, rng: Rng) -> list[object]:
    pack = list(state.rules.pack)
    card = pack[rng.randbelow(len(pack))]
    return [
        PLAY, FOLD, PASS, ACCEPT, DECLINE, JOIN, SKIP,
        Raise(state.stake), Raise(state.stake + 1), Raise(state.stake + 100),
        Discard(card), PlayCard(card),
        Declare(), Declare(raznomast=True), Declare(invite=rng.randbelow(7)),
    ]  # fmt: skip


def check_illegal(state: AziState, rng: Rng) -> None:
    legal = state.legal_actions()
    before = state.to_json()
    for action in all_kinds(state, rng):
        if action in legal:
            state.apply(action)  # type: ignore[arg-type]
        else:
            with pytest.raises(IllegalActionError):
                state.apply(action)  # type: ignore[arg-type]
    assert state.to_json() == before


def permuted_hidden(state: AziState, rng: Rng) -> AziState:
    """The same game with the hidden cards of the current deal shuffled: the undealt
    cards and the hands of players who folded (the dealer's shown card stays)."""
    pack = state.rules.pack
    number = state.deal_number
    decks = [state.dealing.deck(k, pack) for k in range(number + 1)]
    deck = list(decks[-1])
    order = state.seats
    folded = set(state.observation(0).folded)
    count = len(order)
    hidden = list(range(4 * count, len(deck)))
    for k, seat in enumerate(order):
        if seat in folded:
            hidden += [k + i * count for i in range(4) if k + i * count != 4 * count - 1]
    cards = rng.shuffled([deck[i] for i in hidden])
    for i, c in zip(hidden, cards, strict=True):
        deck[i] = c
    decks[-1] = Deck(deck)
    start = AziState.new(state.rules, dealer=state.first_dealer, dealing=Dealing(decks=decks))
    record = state.record()
    return replay(start, record.actions, parse_action)


def playout(rules: AziRules, seed: int, policy: int, deep: bool) -> AziState:
    rng = Rng(policy)
    state = AziState.new(rules, seed=seed)
    pot_start = state.pot
    assert pot_start == rules.ante * rules.players
    for _ in range(MAX_ACTIONS):
        assert sum(state.balances) + state.pot == 0
        check_cards(state)
        if state.is_terminal:
            break
        legal = list(state.legal_actions())
        assert legal and state.current_player is not None
        if state.phase is Phase.PLAY:
            assert {a.card for a in legal} == naive_legal(state)  # type: ignore[union-attr]
        if deep:
            check_illegal(state, rng)
            again = AziState.from_json(state.to_json())
            assert again == state and again.to_json() == state.to_json()
            viewer = rng.randbelow(rules.players)
            seen = state.observation(viewer)
            assert resample(seen, rng).observation(viewer) == seen
        state = state.apply(legal[rng.randbelow(len(legal))])
    else:
        pytest.fail("the game did not end")
    check_tricks(state)
    check_settlement(state)
    last = state.events[-1]
    assert isinstance(last, PotWon) and state.pot == 0
    assert state.returns()[last.player] > 0 or rules.players == 1
    assert sum(state.returns()) == 0
    rebuilt = replay(AziState.new(rules, seed=seed), state.record().actions, parse_action)
    assert rebuilt == state and rebuilt.to_json() == state.to_json()
    return state


@settings(max_examples=60)
@given(rules_strategy, seeds, seeds)
def test_random_playouts_keep_every_invariant(rules: AziRules, seed: int, policy: int) -> None:
    playout(rules, seed, policy, deep=True)


@settings(max_examples=300)
@given(rules_strategy, seeds, seeds)
def test_random_playouts_end_with_the_pot_won(rules: AziRules, seed: int, policy: int) -> None:
    playout(rules, seed, policy, deep=False)


@settings(max_examples=60)
@given(rules_strategy, seeds, seeds, seeds)
def test_observations_ignore_how_hidden_cards_lie(
    rules: AziRules, seed: int, policy: int, shuffle: int
) -> None:
    rng = Rng(policy)
    state = AziState.new(rules, seed=seed)
    steps = rng.randbelow(40)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
    other = permuted_hidden(state, Rng(shuffle))
    for player in range(rules.players):
        if rules.look_before_fold and player in state.observation(0).folded:
            continue
        assert other.observation(player) == state.observation(player)


@pytest.mark.soak
@settings(max_examples=5000)
@given(rules_strategy, seeds, seeds)
def test_soak_random_playouts(rules: AziRules, seed: int, policy: int) -> None:
    playout(rules, seed, policy, deep=True)


def test_folded_blind_cards_are_never_seen() -> None:
    state = AziState.new(AziRules(players=3), seed=8, dealer=0).apply(FOLD)
    assert any(isinstance(e, Folded) for e in state.events)
    assert state.observation(1).hand is None


@settings(max_examples=20)
@given(rules_strategy, seeds, seeds)
def test_observation_json_never_shows_hidden_cards(rules: AziRules, seed: int, policy: int) -> None:
    rng = Rng(policy)
    state = AziState.new(rules, seed=seed)
    while not state.is_terminal:
        for player in range(rules.players):
            data = state.observation(player).to_json()
            events = data["events"]
            start = max(i for i, e in enumerate(events) if e["type"] == "dealt")
            data["events"] = events[start:]  # earlier deals showed other cards
            text = json.dumps(data)
            hidden = set(state.undealt)
            for other in range(rules.players):
                if other != player:
                    hidden.update(state.hands[other])
                    if state.discards[other] is not None:
                        hidden.add(state.discards[other])  # type: ignore[arg-type]
            if state.observation(player).hand is None:
                hidden.update(state.hands[player])
            hidden.discard(state.trump_card)  # shown face up, even once discarded
            for card in hidden:
                assert f'"{card}"' not in text, (player, card)
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
