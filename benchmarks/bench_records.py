"""Benchmark: loading a record is linear in its size, for every kind of record.

Run as ``python benchmarks/bench_records.py [--scale S] [--repeat R]``.

For each kind it builds a large record and one about twice as large, times
``from_json`` on the canonical text (best of ``--repeat``), and prints the time per
kilobyte of both and their ratio, once as usual and once with Python's cyclic
garbage collector paused. Linear loading gives a ratio near 1 without the
collector. With it, the ratio can be higher at some sizes: each full collection
walks every live object, and how many happen during one load steps up with the
size (CPython spaces them so that their total cost stays proportional to the heap). The 0.1.0
defect made it grow with the size: in a Hazari match with ``"seed": null`` and
explicit decks, every later (seeded) deal rehashed all the decks to find its seed,
so a 1.24 MB record took about 70 s to load.

Kinds:

- ``hazari-match seeded``: a long match (high target) with a seed;
- ``hazari-match decks``: the first deal's deck explicit and ``"seed": null``, so every
  later deal derives its seed from the decks (the 0.1.0 slow path);
- ``azi game``: one two-player Azi game with a long bidding (high raise cap);
- ``azi match``: a match of many Azi games.
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable
from typing import Any

from cardrules import Dealing, Deck, Rng, load_game
from cardrules.azi import Fold, Raise
from cardrules.record import dump_json


def play(state: Any, seed: int) -> Any:
    rng = Rng(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


def greedy_match(target: int, decks: bool) -> Any:
    """A Hazari match to ``target``: seeded, or from one explicit deck and no seed, so
    that every later deal takes its seed from the decks."""
    game = load_game("hazari", target=target)
    if not decks:
        return play(game.new_match(seed=7), 1)
    first = Dealing(seed=7).deck(0, Deck.standard())
    match = play(game.new_match(dealing=Dealing(decks=(first,))), 1)
    if match.dealing.seed is not None or len(match.dealing.decks) != 1:
        raise RuntimeError("the decks record must have one deck and no seed")
    return match


def azi_game(raise_cap: int) -> Any:
    game = load_game("azi", players=2, raise_cap=raise_cap, max_raise=2)
    rng = Rng(3)
    state = game.new_state(seed=5)
    while not state.is_terminal:
        legal = state.legal_actions()
        raises = [a for a in legal if isinstance(a, Raise)]
        stays = [a for a in legal if not isinstance(a, Fold)]
        state = state.apply(raises[0] if raises else stays[rng.randbelow(len(stays))])
    return state


def azi_match(games: int) -> Any:
    return play(load_game("azi", players=3, match_games=games).new_match(seed=2), 4)


KINDS: dict[str, tuple[Callable[[int], Any], int]] = {
    "hazari-match seeded": (lambda n: greedy_match(n, decks=False), 20_000),
    "hazari-match decks": (lambda n: greedy_match(n, decks=True), 20_000),
    "azi game": (azi_game, 3_000),
    "azi match": (azi_match, 300),
}


def best_load(text: str, load: Callable[[str], Any], repeat: int, collect: bool) -> float:
    """The best of ``repeat`` loads, with the cyclic garbage collector on or paused."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        if not collect:
            gc.disable()
        try:
            start = time.perf_counter()
            load(text)
            best = min(best, time.perf_counter() - start)
        finally:
            gc.enable()
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="size factor (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="best of R loads (default 3)")
    args = parser.parse_args()
    print(
        f"{'kind':<22} {'gc':<6} {'size':>9} {'load':>9} {'ms/KB':>8}   {'2x size':>9}"
        f" {'load':>9} {'ms/KB':>8}   ratio"
    )
    for kind, (build, size) in KINDS.items():
        texts = []
        for factor in (1, 2):
            state = build(max(1, int(size * args.scale * factor)))
            texts.append((dump_json(state.to_json()), type(state).from_json))
        for collect in (True, False):
            row = [
                (len(text) / 1024, best_load(text, load, args.repeat, collect))
                for text, load in texts
            ]
            print(f"{kind:<22} {'on' if collect else 'paused':<6} {_row(row)}")


def _row(row: list[tuple[float, float]]) -> str:
    (small_kb, small_s), (big_kb, big_s) = row
    ratio = (big_s / big_kb) / (small_s / small_kb)
    small = f"{small_kb:>7.0f}KB {small_s * 1e3:>7.0f}ms {small_s * 1e3 / small_kb:>8.3f}"
    big = f"{big_kb:>7.0f}KB {big_s * 1e3:>7.0f}ms {big_s * 1e3 / big_kb:>8.3f}"
    return f"{small}   {big}   {ratio:.2f}"


if __name__ == "__main__":
    main()
