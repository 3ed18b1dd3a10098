"""The chance layer: its records, its protocol methods, its cost and its memory."""

from __future__ import annotations

import gc
import json
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from cardrules import Card, Rng, load_game
from cardrules.azi.match import AziMatch
from cardrules.azi.state import AziState
from cardrules.chance import CHANCE_IDS, ChanceState
from cardrules.errors import CardRulesError, IllegalActionError, InvalidStateError
from cardrules.hazari.match import HazariMatch
from cardrules.registry import Game


def step(state: ChanceState, rng: Rng) -> ChanceState:
    if state.is_chance_node:
        return state.apply(state.sample_chance(rng))
    legal = state.legal_actions()
    return state.apply(legal[rng.randbelow(len(legal))])


def line(state: ChanceState, rng: Rng, limit: int = 100_000) -> list[ChanceState]:
    states = [state]
    while not states[-1].is_terminal and len(states) < limit:
        states.append(step(states[-1], rng))
    return states


def redeal_line(players: int = 3) -> list[ChanceState]:
    """A random Azi game with a re-deal in the middle."""
    game = load_game("azi", players=players)
    for seed in range(500):
        states = line(ChanceState.new(game), Rng(seed))
        if len(states[-1].decks) > 1:
            return states
    raise AssertionError("no re-deal in 500 random games")


# ------------------------------------------------------------------- records (item 4)


def record_of(state: ChanceState) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(json.dumps(state.to_json()))
    return record


def test_every_state_of_a_line_round_trips() -> None:
    for state in redeal_line():
        assert ChanceState.from_json(record_of(state)) == state


def test_a_record_missing_a_needed_deck_is_refused_by_name() -> None:
    end = redeal_line()[-1]
    for dropped in range(len(end.decks)):
        record = record_of(end)
        del record["decks"][dropped]
        # without the last deck the record says it is missing; without an earlier one
        # the later deck deals other hands, and an action does not fit them
        last = dropped == len(end.decks) - 1
        with pytest.raises(InvalidStateError, match="missing" if last else None):
            ChanceState.from_json(record)


def test_a_record_with_a_deck_left_over_is_refused() -> None:
    states = redeal_line()
    for state in (states[0], states[len(states) // 2], states[-1]):
        record = record_of(state)
        record["decks"].append(record["decks"][-1] if record["decks"] else "6D 7D 8D")
        with pytest.raises(InvalidStateError):
            ChanceState.from_json(record)


def test_a_three_card_deck_is_refused() -> None:
    record = record_of(redeal_line()[-1])
    record["decks"][-1] = "6D 7D 8D"
    with pytest.raises(InvalidStateError, match="pack"):
        ChanceState.from_json(record)


def test_the_action_waiting_for_a_deal_must_be_pending() -> None:
    states = redeal_line()
    waiting = next(s for s in states if s.is_chance_node and s.pending is not None)
    record = record_of(waiting)
    record["actions"].append(record["pending"])
    record["pending"] = None
    with pytest.raises(InvalidStateError, match="pending"):
        ChanceState.from_json(record)
    decided = next(s for s in states if not s.is_chance_node and s.history)
    record = record_of(decided)
    record["pending"] = record["actions"].pop()
    with pytest.raises(InvalidStateError):
        ChanceState.from_json(record)


def test_wrong_players_and_late_actions_are_refused() -> None:
    end = redeal_line()[-1]
    record = record_of(end)
    record["actions"][0]["player"] = (record["actions"][0]["player"] + 1) % 3
    with pytest.raises(InvalidStateError, match="seat"):
        ChanceState.from_json(record)
    record = record_of(end)
    record["actions"].append(record["actions"][-1])
    with pytest.raises(InvalidStateError):
        ChanceState.from_json(record)


# ----------------------------------------------------------------- protocol (item 15, 2)


@pytest.mark.parametrize("name", ["azi", "hazari"])
def test_ids_masks_and_legal_actions_agree_everywhere(name: str) -> None:
    for state in line(ChanceState.new(load_game(name)), Rng(7))[::2]:
        legal = state.legal_actions()
        ids = state.legal_action_ids()
        mask = state.legal_action_mask()
        assert ids == sorted(set(ids)) and len(ids) == len(legal)
        assert [i for i, flag in enumerate(mask) if flag] == ids
        assert len(mask) == (CHANCE_IDS if state.is_chance_node else state.num_distinct_actions)
        for i in ids[:: max(1, len(ids) // 40)]:  # every id of a small set, 40 of a big one
            action = state.action_from_id(i)
            assert action in legal and state.action_id(action) == i
        for action in list(legal)[:40]:
            assert state.action_id(action) in ids


def test_chance_ids_are_card_indices() -> None:
    state = ChanceState.new(load_game("azi", players=2))
    pack = load_game("azi").rules.pack
    assert state.legal_action_ids() == sorted(card.index for card in pack)
    assert state.action_from_id(Card.parse("AS").index) == Card.parse("AS")
    for bad in (Card.parse("2C").index, -1, 52, 10**40, "AS", None, 1.0):
        with pytest.raises(IllegalActionError):
            state.action_from_id(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        state.action_id(Card.parse("2C"))


@pytest.mark.parametrize("name", ["azi", "hazari"])
def test_no_terminal_state_accepts_an_action(name: str) -> None:
    for match in (False, True):
        end = line(ChanceState.new(load_game(name), match=match), Rng(11))[-1]
        assert end.is_terminal
        before = end.to_json()
        earlier = line(ChanceState.new(load_game(name)), Rng(12))
        candidates: list[object] = [None, 0, Card.parse("AS")]
        candidates += [turn.action for turn in earlier[-1].history]
        for action in candidates:
            with pytest.raises(CardRulesError):
                end.apply(action)
        assert end.to_json() == before and end.legal_action_ids() == []


# ------------------------------------------------------------ cost and memory (13, 14)


@contextmanager
def counting(
    monkeypatch: pytest.MonkeyPatch, classes: tuple[type, ...]
) -> Iterator[dict[str, int]]:
    """Count the applies of ``classes`` that complete, and every apply begun."""
    counts = {"done": 0, "begun": 0}
    for kind in classes:
        original: Callable[..., Any] = kind.apply  # type: ignore[attr-defined]

        def counted(self: Any, action: Any, _original: Callable[..., Any] = original) -> Any:
            counts["begun"] += 1
            result = _original(self, action)
            counts["done"] += 1
            return result

        monkeypatch.setattr(kind, "apply", counted)
    yield counts


def long_match(game: Game, rng: Rng) -> ChanceState:
    return line(ChanceState.new(game, match=True), rng)[-1]


@pytest.mark.parametrize("games", [30, 60])
def test_each_action_is_applied_once(monkeypatch: pytest.MonkeyPatch, games: int) -> None:
    game = load_game("azi", players=2, match_games=games)
    with counting(monkeypatch, (AziMatch,)) as counts:
        end = long_match(game, Rng(games))
    actions = len(end.history)
    assert len(end.decks) >= games
    assert counts["done"] == actions
    assert counts["begun"] <= actions + len(end.decks)  # a deal stops one apply, once


def test_a_hazari_match_applies_each_action_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("hazari", target=2000)
    with counting(monkeypatch, (HazariMatch,)) as counts:
        end = long_match(game, Rng(1))
    assert len(end.decks) >= 5
    assert counts["done"] == len(end.history)


def test_loading_a_record_applies_each_action_once(monkeypatch: pytest.MonkeyPatch) -> None:
    end = long_match(load_game("azi", players=2, match_games=40), Rng(2))
    record = end.to_json()
    with counting(monkeypatch, (AziMatch,)) as counts:
        assert ChanceState.from_json(record) == end
    assert counts["done"] == len(end.history)


def test_a_redeal_keeps_the_inner_game_without_replaying(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = redeal_line()
    with counting(monkeypatch, (AziState,)) as counts:
        again = ChanceState.from_json(states[-1].to_json())
    assert counts["done"] == len(again.history)
    seeded = again.game.state_from_json(again.inner.to_json())
    assert seeded.returns() == again.returns() and len(seeded.history) == len(again.history)


def retained_per_state(game: Game, seed: int) -> tuple[float, float, int]:
    """Bytes kept per state in the first and the second half of one long line."""
    gc.collect()
    tracemalloc.start()
    try:
        rng = Rng(seed)
        state = ChanceState.new(game, match=True)
        kept = [state]
        marks = []
        while not state.is_terminal:
            state = step(state, rng)
            kept.append(state)
            if len(kept) in (60, 360, 660):
                marks.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    assert len(marks) == 3, "the line is too short"
    return (marks[1] - marks[0]) / 300, (marks[2] - marks[1]) / 300, len(kept)


def test_each_state_adds_constant_memory() -> None:
    first, second, _ = retained_per_state(load_game("azi", players=2, match_games=50), 5)
    # A state that copied its history would keep ~8 bytes per earlier action more in
    # the second half (about 2,400 bytes); one that shares it keeps the same.
    assert second < first * 1.3 + 200, (first, second)
