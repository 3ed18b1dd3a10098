"""Resampling: worlds agree with every card seen and every void shown by play."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, Rank, Rng
from cardrules.azi import (
    AziRules,
    AziState,
    CardPlayed,
    Dealt,
    Declared,
    Phase,
    TrickWon,
    resample,
)
from cardrules.azi.game import GAME


def voids_shown(state: AziState) -> dict[int, set[int]]:
    """Suits each player has shown to lack in the current deal (naive reading)."""
    events = list(state.events)
    start = max(i for i, e in enumerate(events) if isinstance(e, Dealt))
    trump = state.trump_card.suit
    razno = {e.player for e in events[start:] if isinstance(e, Declared) and e.raznomast}
    voids: dict[int, set[int]] = {}
    trick: list[CardPlayed] = []
    leads: list[int] = []
    for event in events[start:]:
        if isinstance(event, CardPlayed):
            trick.append(event)
            led = trick[0].card.suit
            if event.card.suit != led:
                voids.setdefault(event.player, set()).add(led)
                free = event.player in razno and led != trump and led not in leads
                if event.card.suit != trump and not free:
                    voids[event.player].add(trump)
        elif isinstance(event, TrickWon):
            leads.append(trick[0].card.suit)
            trick = []
    return voids


def current_events(state: AziState) -> list[object]:
    events: list[object] = list(state.events)
    start = max(i for i, e in enumerate(events) if isinstance(e, Dealt))
    return events[start:]


@settings(max_examples=80)
@given(st.integers(3, 6), st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_resampled_worlds_respect_seen_cards_and_voids(players: int, seed: int, seed2: int) -> None:
    rng = Rng(seed2)
    state = AziState.new(AziRules(players=players), seed=seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
        if state.phase is not Phase.PLAY:
            continue
        viewer = state.current_player
        assert viewer is not None
        seen = state.observation(viewer)
        world = resample(seen, rng)
        assert world.observation(viewer) == seen
        assert world.hands[viewer] == state.hands[viewer]
        assert world.trump_card == state.trump_card
        for player, suits in voids_shown(state).items():
            assert not any(c.suit in suits for c in world.hands[player]), (player, suits)
        for event in current_events(state):
            if isinstance(event, Declared) and event.raznomast:
                kept = list(world.hands[event.player]) + [
                    e.card
                    for e in current_events(state)
                    if isinstance(e, CardPlayed) and e.player == event.player
                ]
                trump = state.trump_card.suit
                others = [c for c in kept if c != Card(Rank.ACE, trump)]
                assert len(kept) == 3 and len(others) == 2
                assert others[0].suit == others[1].suit != trump


def test_resample_redraws_a_blind_players_own_cards() -> None:
    state = AziState.new(AziRules(players=4), seed=12, dealer=0)
    seen = state.observation(1)
    assert seen.hand is None
    hands = {resample(seen, Rng(k)).hands[1] for k in range(20)}
    assert len(hands) > 1


def test_resample_keeps_the_dealers_face_up_card() -> None:
    state = AziState.new(AziRules(players=4), seed=12, dealer=2)
    for k in range(20):
        world = resample(state.observation(0), Rng(k))
        assert world.hands[2][-1] == state.trump_card
        assert world.is_terminal is False and world.phase is Phase.FOLD


def test_the_definition_resamples_with_the_function() -> None:
    state = AziState.new(AziRules(players=3), seed=4, dealer=1)
    seen = state.observation(2)
    assert GAME.resample(seen, Rng(3)) == resample(seen, Rng(3))
