"""Benchmark: complete random Azi games per second, and microseconds per apply.

Run as ``python benchmarks/bench_azi_game.py [--games N] [--players P] [--repeat R]``.

Each game starts from ``AziState.new(rules, seed=g)`` (first dealer by lot) and
every action is drawn uniformly from ``legal_actions()``. Two baselines are
measured in the same run, so the ratios hold on a busy or slow machine:

- *dealing only*: shuffling and cutting one deck per game (``Dealing.deck``);
- *no-op loop*: the same number of loop steps doing only the random draw.

It also times the same games with the player to act observed before every action
(what a bot pays per turn), and with the legal action ids and mask asked for.

The best of ``--repeat`` runs is reported for each figure.
"""

from __future__ import annotations

import argparse
import time

from cardrules import Dealing
from cardrules.azi import AziRules, AziState
from cardrules.rng import Rng


def play_games(rules: AziRules, games: int) -> tuple[float, int]:
    rng = Rng(12345)
    applies = 0
    start = time.perf_counter()
    for seed in range(games):
        state = AziState.new(rules, seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            state = state.apply(legal[rng.next_u64() % len(legal)])
            applies += 1
    return time.perf_counter() - start, applies


def play_observed(rules: AziRules, games: int, ids: bool) -> float:
    rng = Rng(12345)
    start = time.perf_counter()
    for seed in range(games):
        state = AziState.new(rules, seed=seed)
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            if ids:
                state.legal_action_ids()
                state.legal_action_mask()
            else:
                state.observation(player)
            legal = state.legal_actions()
            state = state.apply(legal[rng.next_u64() % len(legal)])
    return time.perf_counter() - start


def dealing_only(rules: AziRules, games: int) -> float:
    pack = rules.pack
    start = time.perf_counter()
    for seed in range(games):
        Dealing(seed=seed).deck(0, pack)
    return time.perf_counter() - start


def noop_loop(steps: int) -> float:
    rng = Rng(12345)
    items = tuple(range(11))
    start = time.perf_counter()
    for _ in range(steps):
        items[rng.next_u64() % len(items)]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rules = AziRules(players=args.players)
    game_time = deal_time = noop_time = observed_time = ids_time = float("inf")
    applies = 0
    for _ in range(args.repeat):
        seconds, applies = play_games(rules, args.games)
        game_time = min(game_time, seconds)
        deal_time = min(deal_time, dealing_only(rules, args.games))
        noop_time = min(noop_time, noop_loop(applies))
        observed_time = min(observed_time, play_observed(rules, args.games, ids=False))
        ids_time = min(ids_time, play_observed(rules, args.games, ids=True))
    per_game = game_time / args.games * 1e6
    print(f"players {args.players}, {args.games} games, {applies / args.games:.1f} applies/game")
    print(f"random games/s        {args.games / game_time:10.0f}   ({per_game:.1f} us/game)")
    print(f"us per apply          {game_time / applies * 1e6:10.2f}   (whole game time / applies)")
    observed_us = (observed_time - game_time) / applies * 1e6
    ids_us = (ids_time - game_time) / applies * 1e6
    print(f"us per observation    {observed_us:10.2f}   (observed run minus plain run, per apply)")
    print(f"us per ids + mask     {ids_us:10.2f}   (legal_action_ids and legal_action_mask)")
    deal_us = deal_time / args.games * 1e6
    print(f"dealing-only deals/s  {args.games / deal_time:10.0f}   ({deal_us:.1f} us)")
    print(f"no-op loop us/step    {noop_time / applies * 1e6:10.2f}")
    print(f"game / dealing-only   {game_time / deal_time:10.2f}")
    print(f"apply / no-op step    {game_time / noop_time:10.2f}")


if __name__ == "__main__":
    main()
