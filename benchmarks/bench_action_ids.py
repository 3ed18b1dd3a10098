"""Benchmark: legal-action indexing and action ids of both games, in microseconds per call.

Run as ``python benchmarks/bench_action_ids.py [--hands N] [--calls C] [--seed S]
[--azi-games G]``.

**Hazari.** On ``--hands`` seeded deals (the first player to act in each), it times:

- ``tables (first use)``: the per-hand counting tables, built once per hand and
  behind ``len(legal)`` and ``legal[i]`` (compare ``count_valid_arrangements``,
  which counts the same way without keeping anything);
- ``legal[i]``: the action at a uniformly random index, after the first use;
- ``RandomBot.choose``: one draw and one ``legal[i]`` (tables already built);
- ``action_id(a)`` and ``action_from_id(i)`` for legal actions;
- ``legal_action_ids()`` and ``legal_action_mask()`` per call (tens of thousands of ids);
- ``list(legal)``, the full enumeration, for scale.

Each figure is the median over the hands of the best of three timed batches.

**Azi.** Every decision state of ``--azi-games`` seeded random 4-player games (all
phases: fold, discard, bidding, declaration, answers, play, re-deal choices), with
one legal action drawn in each; each call cycles through those states, and each
figure is the best of three timed batches: ``legal[i]``, ``action_id(a)``,
``action_from_id(i)``, ``legal_action_ids()`` and ``legal_action_mask()``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardrules import Rng, load_game
from cardrules.bots import RandomBot
from cardrules.game import GameState
from cardrules.hazari import HazariState, count_valid_arrangements, new_game
from cardrules.hazari.partitions import hand_tables


def per_call(func: Callable[[], object], repeat: int) -> float:
    """Seconds per call: the best of three timed batches of ``repeat`` calls."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            func()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


uncached_tables: Callable[[Any], object] = getattr(hand_tables, "__wrapped__")  # noqa: B009


def measure(state: HazariState, calls: int, rng: Rng) -> dict[str, float]:
    player = state.current_player
    assert player is not None
    hand = state.hands[player]
    legal = state.legal_actions()
    size = len(legal)
    picks = [rng.randbelow(size) for _ in range(calls)]
    actions = [legal[i] for i in picks]
    ids = [state.action_id(a) for a in actions]
    cursor = iter(range(10**12))
    bot = RandomBot()
    bot_rng = Rng(1)

    def nth() -> object:
        return legal[picks[next(cursor) % calls]]

    def to_id() -> object:
        return state.action_id(actions[next(cursor) % calls])

    def from_id() -> object:
        return state.action_from_id(ids[next(cursor) % calls])

    return {
        "tables (first use)": per_call(lambda: uncached_tables(hand), 5),
        "count_valid_arrangements": per_call(lambda: count_valid_arrangements(hand), 5),
        "legal[i]": per_call(nth, calls),
        "RandomBot.choose": per_call(lambda: bot.choose(None, legal, bot_rng), calls),
        "action_id(a)": per_call(to_id, calls),
        "action_from_id(i)": per_call(from_id, calls),
        "legal_action_ids()": per_call(state.legal_action_ids, 5),
        "legal_action_mask()": per_call(state.legal_action_mask, 5),
        "list(legal)": per_call(lambda: list(legal), 1),
    }


def azi_states(games: int, seed: int) -> list[tuple[GameState[Any, Any], int, Any, int]]:
    """(state, index, action, id) at every decision of ``games`` random Azi games."""
    game = load_game("azi", players=4)
    rng = Rng(seed)
    found = []
    for number in range(games):
        state = game.new_state(seed=seed + number)
        while not state.is_terminal:
            legal = state.legal_actions()
            index = rng.randbelow(len(legal))
            found.append((state, index, legal[index], state.action_id(legal[index])))
            state = state.apply(legal[index])
    return found


def measure_azi(games: int, seed: int) -> dict[str, float]:
    rows = azi_states(games, seed)
    legals = [state.legal_actions() for state, *_ in rows]
    calls = len(rows)

    def batch(call: Callable[[int], object]) -> Callable[[], None]:
        def run() -> None:
            for k in range(calls):
                call(k)

        return run

    timed: dict[str, Callable[[int], object]] = {
        "legal[i]": lambda k: legals[k][rows[k][1]],
        "action_id(a)": lambda k: rows[k][0].action_id(rows[k][2]),
        "action_from_id(i)": lambda k: rows[k][0].action_from_id(rows[k][3]),
        "legal_action_ids()": lambda k: rows[k][0].legal_action_ids(),
        "legal_action_mask()": lambda k: rows[k][0].legal_action_mask(),
    }
    return {name: per_call(batch(call), 1) / calls for name, call in timed.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--calls", type=int, default=2000, help="calls per timed batch")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--azi-games", type=int, default=200, help="random Azi games")
    args = parser.parse_args()
    rng = Rng(args.seed)
    results: dict[str, list[float]] = {}
    sizes = []
    for number in range(args.hands):
        state = new_game(seed=args.seed + number)
        sizes.append(len(state.legal_actions()))
        for name, seconds in measure(state, args.calls, rng).items():
            results.setdefault(name, []).append(seconds)
    print(
        f"{args.hands} hands, {statistics.median(sizes):,.0f} legal actions (median),"
        f" {args.calls} calls per batch; median over hands of the best of 3 batches"
    )
    for name, values in results.items():
        print(f"{name:28} {statistics.median(values) * 1e6:12.1f} us")
    azi = measure_azi(args.azi_games, args.seed)
    print()
    print(f"Azi, 4 players: every decision of {args.azi_games} random games, best of 3 batches")
    for name, seconds in azi.items():
        print(f"{name:28} {seconds * 1e6:12.2f} us")


if __name__ == "__main__":
    main()
