"""Helpers shared by the hardening tests: seeded games, simple bots and game invariants.

The invariants are written from the rules (the Hazari and Azi rules pages), not
from the game modules' own helpers: card points are recomputed from ranks, cards
are counted by hand.

Every state's ``to_json()`` is a JSON-ready dict and every loader takes the dict
or its JSON text; :func:`json_forms` gives both, so loader checks feed each.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
from hypothesis import settings

from cardrules.azi import AziMatch, AziRules, AziState, CardPlayed, Dealt, FirstLead, Rounding
from cardrules.cards import Card, Suit
from cardrules.hazari import (
    HazariMatch,
    HazariRules,
    HazariState,
    TieRule,
    Up,
    greedy_arrangement,
    random_arrangement,
)
from cardrules.record import dump_json
from cardrules.rng import Rng

SOAKING = settings().max_examples >= 100_000
"""True when the soak hypothesis profile is loaded (``pytest --soak``)."""

PACK_52 = frozenset(Card.from_index(i) for i in range(52))


def examples(n: int) -> settings:
    """``settings(max_examples=n)`` in CI; the loaded soak profile when soaking."""
    return settings() if SOAKING else settings(max_examples=n)


def json_forms(data: dict[str, Any]) -> list[dict[str, Any] | str]:
    """A record in both forms a loader takes: a fresh copy of the dict, and its
    canonical JSON text (``dump_json``)."""
    return [copy.deepcopy(data), dump_json(data)]


def card_points(card: Card) -> int:
    """H2, recomputed: A, K, Q, J, 10 are worth 10; 2 to 9 are worth 5."""
    return 10 if int(card.rank) >= 10 else 5


# ------------------------------------------------------------------ Hazari


def random_hazari_rules(rng: Rng) -> HazariRules:
    """Either tie rule, and a target from tiny (one deal) to the default."""
    tie = TieRule.LATEST if rng.randbelow(2) else TieRule.FIRST
    return HazariRules(tie_rule=tie, target=rng.choice((1, 200, 400, 700, 1000)))


def hazari_move(state: HazariState | HazariMatch, rng: Rng) -> Up:
    """A random valid arrangement or the greedy one, for the player to act."""
    deal = state.current if isinstance(state, HazariMatch) else state
    player = deal.current_player
    assert player is not None
    hand = deal.hands[player]
    if rng.randbelow(3) == 0:
        return Up(greedy_arrangement(hand))
    return Up(random_arrangement(hand, rng))


def hazari_deal_positions(seed: int) -> list[HazariState]:
    """Every position of one seeded deal, start to end, random rules and dealer."""
    rng = Rng(seed)
    rules = random_hazari_rules(rng)
    state = HazariState.new(seed=rng.next_u64(), dealer=rng.randbelow(4), rules=rules)
    positions = [state]
    while not state.is_terminal:
        state = state.apply(hazari_move(state, rng))
        positions.append(state)
    return positions


def hazari_match_positions(seed: int, limit: int = 40) -> list[HazariMatch]:
    """Positions of one seeded match (at most ``limit`` actions)."""
    rng = Rng(seed)
    rules = random_hazari_rules(rng)
    match = HazariMatch.new(seed=rng.next_u64(), dealer=rng.randbelow(4), rules=rules)
    positions = [match]
    while not match.is_terminal and len(positions) <= limit:
        match = match.apply(hazari_move(match, rng))
        positions.append(match)
    return positions


def check_hazari_deal(state: HazariState) -> None:
    """Every invariant of a Hazari deal position."""
    hands = state.hands
    assert len(hands) == 4 and all(len(hand) == 13 for hand in hands)
    assert frozenset(card for hand in hands for card in hand) == PACK_52
    done = len(state.history)
    assert 0 <= done <= 4
    expected_player = None if done == 4 else (state.dealer + 1 + done) % 4
    assert state.current_player == expected_player
    assert state.is_terminal == (done == 4)
    up = [turn.player for turn in state.history]
    assert up == [(state.dealer + 1 + k) % 4 for k in range(done)]
    for seat in range(4):
        arrangement = state.arrangements[seat]
        if seat in up:
            assert arrangement is not None
            assert sorted(arrangement.cards) == sorted(hands[seat])
        else:
            assert arrangement is None
    if not state.is_terminal:
        assert state.scores == (0, 0, 0, 0)
        return
    assert len(state.rounds) == 4
    shown = [card for played in state.rounds for group in played.groups for card in group]
    assert len(shown) == 52 and frozenset(shown) == PACK_52
    totals = [0, 0, 0, 0]
    for played in state.rounds:
        totals[played.winner] += sum(card_points(c) for g in played.groups for c in g)
    assert tuple(totals) == state.scores
    assert sum(state.scores) == 360


def check_hazari_match(match: HazariMatch) -> None:
    """Every invariant of a Hazari match position."""
    for deal in match.deals:
        check_hazari_deal(deal)
    finished = match.finished
    assert all(deal.is_terminal for deal in finished)
    counted = list(finished) + ([match.current] if match.current.is_terminal else [])
    assert sum(match.totals) == 360 * len(counted)
    totals = [sum(deal.scores[seat] for deal in counted) for seat in range(4)]
    assert tuple(totals) == match.totals
    for number, deal in enumerate(match.deals):
        assert deal.deal == number
        assert deal.dealer == (match.first_dealer + number) % 4
    for deal in finished:
        before = [sum(d.scores[s] for d in finished[: deal.deal]) for s in range(4)]
        assert max(before) < match.rules.target
    if match.is_terminal:
        assert max(match.totals) >= match.rules.target
        assert match.current_player is None
    else:
        assert match.current_player == match.current.current_player is not None


# --------------------------------------------------------------------- Azi


def random_azi_rules(rng: Rng, players: int | None = None) -> AziRules:
    """Random Azi options: 2 to 6 players, any suits, both leads and roundings."""
    suits = rng.shuffled(list(Suit))[:3]
    low = 1 + rng.randbelow(3)
    return AziRules(
        players=2 + rng.randbelow(5) if players is None else players,
        ante=rng.choice((1, 5, 10, 25)),
        suits=tuple(suits),
        look_before_fold=bool(rng.randbelow(2)),
        first_lead=rng.choice(tuple(FirstLead)),
        min_raise=low,
        max_raise=low + rng.randbelow(12),
        raise_cap=rng.randbelow(5),
        rounding=rng.choice(tuple(Rounding)),
    )


def azi_random_move(state: AziState, rng: Rng) -> Any:
    """A uniformly random legal action, with folding made rarer so games get played."""
    legal = list(state.legal_actions())
    if len(legal) == 2 and rng.randbelow(4):
        return legal[0]
    return legal[rng.randbelow(len(legal))]


def azi_positions(
    seed: int, rules: AziRules | None = None, move: Callable[[AziState, Rng], Any] | None = None
) -> list[AziState]:
    """Every position of one seeded Azi game under random (or given) rules."""
    rng = Rng(seed)
    rules = random_azi_rules(rng) if rules is None else rules
    state = AziState.new(rules, seed=rng.next_u64())
    choose = azi_random_move if move is None else move
    positions = [state]
    while not state.is_terminal:
        state = state.apply(choose(state, rng))
        positions.append(state)
        assert len(positions) < 10_000, "an Azi game did not terminate"
    return positions


def random_match_rules(rng: Rng, players: int | None = None) -> AziRules:
    """Random Azi options for a match of one to three games."""
    return attrs.evolve(random_azi_rules(rng, players), match_games=1 + rng.randbelow(3))


def azi_match_positions(
    seed: int, rules: AziRules | None = None, limit: int | None = None
) -> list[AziMatch]:
    """Positions of one seeded Azi match under random (or given) rules, start to end
    (or the first ``limit`` actions), with random moves."""
    rng = Rng(seed)
    rules = random_match_rules(rng) if rules is None else rules
    match = AziMatch.new(rules, seed=rng.next_u64(), dealer=rng.randbelow(rules.players))
    positions = [match]
    while not match.is_terminal and (limit is None or len(positions) <= limit):
        match = match.apply(azi_random_move(match.current, rng))
        positions.append(match)
        assert len(positions) < 30_000, "an Azi match did not terminate"
    return positions


def current_deal_played(state: AziState) -> list[Card]:
    """The cards played so far in the current deal, from the public events."""
    played: list[Card] = []
    for event in state.events:
        if isinstance(event, Dealt):
            played = []
        elif isinstance(event, CardPlayed):
            played.append(event.card)
    return played


def check_azi(state: AziState) -> None:
    """Every invariant of an Azi position: cards and chips conserved, turn order sane."""
    rules = state.rules
    n = rules.players
    assert sum(state.balances) + state.pot == 0
    assert len(state.balances) == n and state.pot >= 0
    pack = Counter(Card.from_index(c.index) for c in rules.pack)
    assert len(pack) == 27
    cards: Counter[Card] = Counter()
    for hand in state.hands:
        cards.update(hand)
    cards.update(d for d in state.discards if d is not None)
    cards.update(current_deal_played(state))
    cards.update(state.undealt)
    assert cards == pack, "cards are not conserved"
    assert state.trump_card in pack
    if state.is_terminal:
        assert state.current_player is None and state.pot == 0
        assert state.winner is not None and len(state.legal_actions()) == 0
    else:
        assert state.current_player is not None and 0 <= state.current_player < n
        assert len(state.legal_actions()) > 0
        assert state.winner is None


def iter_leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of a JSON tree, containers included."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from iter_leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from iter_leaves(value, (*path, index))


def check_azi_match(match: AziMatch) -> None:
    """Every invariant of an Azi match position: each game's, the dealer rotating
    from game to game (A12), totals summed over the finished games, and the match
    ending exactly when its last game does."""
    rules = match.rules
    count = rules.players if rules.match_games is None else rules.match_games
    games = match.games
    assert 1 <= len(games) <= count
    assert games[-1] is match.current and games[:-1] == match.finished
    totals = [0] * rules.players
    for number, game in enumerate(games):
        check_azi(game)
        assert game.rules == rules
        assert game.first_dealer == (match.first_dealer + number) % rules.players
        if number < len(games) - 1:
            assert game.is_terminal, "a finished game of the match is not over"
        if game.is_terminal:
            totals = [t + r for t, r in zip(totals, game.returns(), strict=True)]
    assert tuple(totals) == match.returns() and sum(totals) == 0
    assert len(match.history) == sum(len(game.history) for game in games)
    if match.current.is_terminal:
        assert len(games) == count, "a game ended but the next one did not start"
    assert match.is_terminal == match.current.is_terminal
    assert match.current_player == match.current.current_player
    if match.is_terminal:
        assert match.current_player is None and len(match.legal_actions()) == 0
