"""How far a tabular OpenSpiel algorithm gets on the smallest Azi game in 60 seconds.

Run as ``python benchmarks/openspiel_tabular.py [--spec SPEC] [--seconds S]
[--deals D]`` (needs ``pip install "cardrules[openspiel]"``).

The smallest Azi configuration the adapter allows is two players (one deal, so
``max_deals`` does not matter) with ``raise_cap=0``; ``--spec`` names another. Three
measurements:

1. OpenSpiel's ``exploitability`` of the uniform random policy, stopped after
   ``--seconds`` if it has not finished;
2. a depth-first walk of the game tree through the adapter (``child`` for every
   legal action and chance outcome, as OpenSpiel's tabular algorithms walk it),
   counting the states it reaches in ``--seconds``;
3. the size of the whole tree: the chance nodes of the deal, counted exactly, plus
   the number of distinct deals times the mean size of the players' subtree after a
   deal, counted exactly (with the native chance state) for ``--deals`` random deals.
"""

from __future__ import annotations

import argparse
import math
import random
import signal
import time
from typing import Any

import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import exploitability

import cardrules.integrations.openspiel  # noqa: F401  (registers the games)
from cardrules.chance import ChanceState


class OutOfTime(Exception):
    """The time limit passed."""


def _alarm(signum: int, frame: Any) -> None:
    raise OutOfTime


def try_exploitability(game: Any, seconds: int) -> float | None:
    """The uniform policy's exploitability, or None if it takes over ``seconds``."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        return float(exploitability.exploitability(game, policy.UniformRandomPolicy(game)))
    except OutOfTime:
        return None
    finally:
        signal.alarm(0)


def walk(game: Any, seconds: float) -> tuple[int, int, bool]:
    """States reached, terminal states among them, and whether the walk finished."""
    deadline = time.perf_counter() + seconds
    stack = [game.new_initial_state()]
    states = terminals = 0
    while stack:
        state = stack.pop()
        states += 1
        if state.is_terminal():
            terminals += 1
        else:
            stack.extend(state.child(action) for action in state.legal_actions())
        if states % 1000 == 0 and time.perf_counter() > deadline:
            return states, terminals, False
    return states, terminals, True


def subtree(state: ChanceState) -> int:
    """The states of the tree below ``state`` (itself included), with no chance node."""
    count = 1
    if not state.is_terminal:
        assert not state.is_chance_node
        for action in state.legal_actions():
            count += subtree(state.apply(action))
    return count


def tree_size(game: Any, deals: int, seed: int) -> tuple[int, int, float, float]:
    """Chance nodes of one deal, distinct deals, mean subtree and the whole tree's size."""
    cards = game.max_chance_nodes_in_history()
    pack = game.max_chance_outcomes()
    # The deal's chance tree: 1 + 27 + 27*26 + ... nodes above the distinct deals.
    chance_nodes = sum(math.perm(pack, depth) for depth in range(cards))
    distinct = math.perm(pack, cards)
    rng = random.Random(seed)
    sizes = []
    for _ in range(deals):
        state = ChanceState.new(game.cardrules_game, dealer=0)
        while state.is_chance_node:
            left = state.legal_actions()
            state = state.apply(left[rng.randrange(len(left))])
        sizes.append(subtree(state))
    mean = sum(sizes) / len(sizes)
    return chance_nodes, distinct, mean, chance_nodes + distinct * mean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="cardrules_azi(players=2,raise_cap=0)")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--deals", type=int, default=200, help="deals sampled for the size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game(args.spec)
    print(f"{args.spec}: {game.max_chance_nodes_in_history()} chance nodes a game")
    start = time.perf_counter()
    value = try_exploitability(game, args.seconds)
    spent = time.perf_counter() - start
    if value is None:
        print(f"exploitability(uniform policy): not finished in {args.seconds} s")
    else:
        print(f"exploitability(uniform policy): {value:.4f} in {spent:.1f} s")
    states, terminals, finished = walk(game, args.seconds)
    how = "the whole tree" if finished else f"in {args.seconds} s, not finished"
    print(f"depth-first walk: {states:,} states ({terminals:,} terminal), {how}")
    chance_nodes, distinct, mean, total = tree_size(game, args.deals, args.seed)
    print(
        f"tree: {chance_nodes:,} chance nodes, {distinct:,} distinct deals, about"
        f" {mean:,.1f} states after a deal (mean of {args.deals} deals): {total:.3g} states"
    )
    rate = states / args.seconds
    years = total / rate / (3600 * 24 * 365)
    print(f"at {rate:,.0f} states/s one walk of the tree takes about {years:.3g} years")


if __name__ == "__main__":
    main()
