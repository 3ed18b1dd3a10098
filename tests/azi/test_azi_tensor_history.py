"""The Azi tensors read the event log incrementally: each event is folded once.

- every tensor equals a naive one that rereads the whole log (the 0.2.0 code, kept
  here as the reference), along random games observed every turn, in search trees
  that revisit parents and siblings, and for hand-made observations whose events
  share objects with a line of play already folded;
- a game observed every turn folds each event once: doubling the history doubles the
  events folded, and the time grows about linearly, not quadratically.
"""

from __future__ import annotations

import random
import time
from typing import Any

import attrs
import pytest

from cardrules.azi import AziRules, AziState, Raise, tensors
from cardrules.azi.events import (
    Answered,
    AziDeclared,
    CardPlayed,
    Dealt,
    Declared,
    Discarded,
    Joined,
    Raised,
    Skipped,
    TrickWon,
)
from cardrules.azi.observation import AziObservation
from cardrules.azi.tensors import (
    MAX_ENTRY,
    information_state_tensor,
    observation_tensor,
    tensor_layout,
)

PACK = 27


def naive_history(observation: AziObservation) -> dict[str, list[float]]:
    """The event-derived slices, rereading the whole log (the reference)."""
    layout = tensor_layout(observation.rules)
    n = layout.players
    position = layout.position
    ante = observation.rules.ante
    events = observation.events
    dealt = [i for i, event in enumerate(events) if type(event) is Dealt]
    deal = events[dealt[-1] :] if dealt else events
    azis = [i for i, event in enumerate(events) if type(event) is AziDeclared]
    since_azi = events[azis[-1] + 1 :] if azis else ()
    out = {
        "played": [0.0] * PACK,
        "trick_cards": [0.0] * (3 * n * PACK),
        "trick_leaders": [0.0] * (3 * n),
        "trick_winners": [0.0] * (3 * n),
        "raise_counts": [0.0] * n,
        "last_raise": [0.0] * n,
        "discarded": [0.0] * n,
        "invitations": [0.0] * (n * n),
        "answers": [0.0] * (2 * n),
        "joined": [0.0] * (2 * n),
    }
    trick, led = 0, False
    for event in deal:
        if isinstance(event, CardPlayed):
            out["played"][position[event.card.index]] = 1.0
            if trick < 3:
                row = trick * n + event.player
                out["trick_cards"][row * PACK + position[event.card.index]] = 1.0
                if not led:
                    out["trick_leaders"][row] = 1.0
                    led = True
        elif isinstance(event, TrickWon):
            if trick < 3:
                out["trick_winners"][trick * n + event.player] = 1.0
            trick, led = trick + 1, False
        elif isinstance(event, Raised):
            counts = out["raise_counts"]
            counts[event.player] = min(counts[event.player] + 1.0, MAX_ENTRY)
            out["last_raise"][event.player] = min(event.amount / ante, MAX_ENTRY)
        elif isinstance(event, Discarded):
            out["discarded"][event.player] = 1.0
        elif isinstance(event, Declared) and event.invite is not None:
            out["invitations"][event.player * n + event.invite] = 1.0
        elif isinstance(event, Answered):
            out["answers"][2 * event.player + (0 if event.accepted else 1)] = 1.0
    for event in since_azi:
        if isinstance(event, Joined):
            out["joined"][2 * event.player] = 1.0
        elif isinstance(event, Skipped):
            out["joined"][2 * event.player + 1] = 1.0
    return out


def check(observation: AziObservation) -> None:
    """Both tensors of ``observation`` against the reference and a cold computation."""
    layout = tensor_layout(observation.rules)
    info = information_state_tensor(observation)
    seen = observation_tensor(observation)
    assert seen == info[: layout.observation_size]
    for name, values in naive_history(observation).items():
        start = layout.offset(name)
        assert info[start : start + len(values)] == values, name
    tensors._RECENT.clear()  # nothing kept: every event folded afresh
    assert information_state_tensor(observation) == info
    assert observation_tensor(observation) == seen


def random_game(rules: AziRules, seed: int) -> list[AziState]:
    rng = random.Random(seed)
    state = AziState.new(rules, seed=seed, dealer=seed % rules.players)
    states = [state]
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def test_tensors_equal_the_rereading_reference_in_random_games() -> None:
    azis = 0
    for seed in range(40):
        players = 2 + seed % 5
        rules = AziRules(players=players, raise_cap=seed % 4, look_before_fold=seed % 3 == 0)
        for state in random_game(rules, seed):
            for player in range(players):
                check(state.observation(player))
        azis += any(type(event) is AziDeclared for event in state.events)
    assert azis >= 3  # re-deals (and their join records) were covered


def test_tensors_in_a_search_tree_that_revisits_parents_and_siblings() -> None:
    rules = AziRules(players=3, raise_cap=2)
    rng = random.Random(5)
    for seed in range(6):
        line = random_game(rules, seed)
        for _ in range(60):
            state = line[rng.randrange(len(line))]
            if state.is_terminal:
                continue
            for action in list(state.legal_actions())[:4]:  # siblings, then the parent again
                child = state.apply(action)
                check(child.observation(rng.randrange(3)))
                check(state.observation(rng.randrange(3)))


def test_hand_made_events_sharing_a_folded_event_are_read_afresh() -> None:
    rules = AziRules(players=3)
    seed = next(seed for seed in range(100) if len(random_game(rules, seed)[-1].events) > 20)
    last = random_game(rules, seed)[-1].observation(0)
    events = last.events
    information_state_tensor(last)  # the whole line is folded and kept
    raised = Raised(0, 20)
    forged = (*events[:5], raised, *events[6:])  # the newest event is the same object
    assert forged[-1] is events[-1]
    check(attrs.evolve(last, events=forged))
    check(attrs.evolve(last, events=(*events[:3], raised, raised, *events[3:])))
    check(attrs.evolve(last, events=()))


def raising_game(raises: int, observe: Any) -> int:
    """A 2-player game of ``raises`` raises, ``observe`` called before each action."""
    state = AziState.new(AziRules(players=2, raise_cap=raises, max_raise=1), seed=1, dealer=0)
    steps = 0
    while state.current_player is not None:
        observe(state.observation(state.current_player))
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if isinstance(a, Raise)), legal[0]))
        steps += 1
    assert steps > raises
    return steps


def test_each_event_is_folded_once_in_a_game_observed_every_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folds = [0]
    fold = tensors._Record._fold

    def counted(record: Any, event: Any) -> None:
        folds[0] += 1
        fold(record, event)

    monkeypatch.setattr(tensors._Record, "_fold", counted)
    counts = {}
    for raises in (500, 1000):
        tensors._RECENT.clear()
        folds[0] = 0
        steps = raising_game(raises, information_state_tensor)
        counts[raises] = folds[0]
        assert folds[0] <= steps + 40  # each event once (a few per deal set-up)
    assert counts[1000] <= 2 * counts[500] + 40


def best_time(raises: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        raising_game(raises, information_state_tensor)
        best = min(best, time.process_time() - start)
    return best


def test_a_longer_observed_game_costs_about_linearly_more() -> None:
    # Eight times the history: linear cost is 8 times the time, rereading the log at
    # every turn (0.2.0) about 40 times; the bound leaves room for a noisy machine.
    ratio = best_time(2000) / best_time(250)
    assert ratio < 20, ratio
