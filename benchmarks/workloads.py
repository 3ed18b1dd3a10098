"""Named workloads for comparing two versions of cardrules: one workload per run.

Run as ``python benchmarks/workloads.py NAME [--repeat R] [--scale F]``, or
``python benchmarks/workloads.py --list`` for the names. The workload runs ``R``
timed batches (best of ``R``) and prints one JSON line::

    {"workload": "azi_random", "version": "0.1.0", "location": ".../cardrules",
     "repeat": 3, "seconds": 0.36, "figures": [{"name": "games/s", "value": 11100.0,
     "unit": "games/s", "better": "higher"}, ...]}

``better`` is ``"higher"`` or ``"lower"`` for a speed or a cost, and ``null`` for a
figure given for information only (an applies count, a checksum of the answers):
those should be equal under both versions, or the two did not run the same work.

The script is run by ``benchmarks/compare.py`` under the previous release and
under the working tree, so it only uses API that exists in both: ``new_game``,
``AziRules``, ``legal_actions()``, ``legal[i]``, ``apply``, ``observation``,
``legal_action_ids()`` and ``action_from_id`` (from 0.2.0: ``azi_ids`` fails under 0.1.0),
``HazariState.new``, ``play_game``, ``RandomBot``, ``GreedyBot``, ``strengths``,
``count_valid_arrangements``, ``greedy_arrangement`` and ``Rng``. The package is
imported inside each workload, so ``--list`` works without it.

Every figure is deterministic in its inputs: games and hands come from fixed seeds
and choices from a local ``random.Random(seed)`` or ``cardrules.Rng``, never from
the global random state. ``--scale`` multiplies every workload's size (default
sizes take about 1-3 s at ``--repeat 3`` on one core). ``--clock cpu`` times the
process's CPU time instead of wall time, for a loaded machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["WORKLOADS", "Figure", "Workload", "run_workload"]


@dataclass(frozen=True)
class Figure:
    """One measured figure of a workload."""

    name: str
    value: float
    unit: str
    better: str | None
    """``"higher"``, ``"lower"``, or ``None`` for a figure given for information."""


Run = Callable[[int, float], tuple[list[Figure], float]]
"""A workload's body: ``run(repeat, scale)`` gives its figures and its best batch seconds."""


@dataclass(frozen=True)
class Workload:
    """A named workload and what it measures."""

    name: str
    description: str
    run: Run


def sized(default: int, scale: float) -> int:
    """``default`` times ``scale``, at least 1."""
    return max(1, round(default * scale))


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""``--clock``: wall time, or this process's CPU time (time spent waiting for a core
on a loaded machine is not counted). The import workloads always time wall."""

clock = CLOCKS["wall"]

ROUND = 0
"""``--round``: the random-game workloads play other seeds in every round, the same
under both versions (``compare.py`` passes the number of each round)."""


def best_seconds(batch: Callable[[], object], repeat: int) -> float:
    """The best time of ``repeat`` runs of ``batch``, by :data:`clock`."""
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        batch()
        best = min(best, clock() - start)
    return best


# ---------------------------------------------------------------------------- Azi


def play_azi_games(games: int, observe: bool, first: int = 0, ids: bool = False) -> int:
    """Random 4-player Azi games from seeds ``first..first+games-1``; returns the number
    of applies. With ``ids``, each choice is drawn from ``legal_action_ids()`` and
    applied through ``action_from_id``, as a learning loop does."""
    from cardrules.azi import new_game

    applies = 0
    for seed in range(first, first + games):
        choose = random.Random(seed).randrange
        state = new_game(4, seed=seed)
        while not state.is_terminal:
            if observe:
                player = state.current_player
                assert player is not None
                state.observation(player)
            if ids:
                numbers = state.legal_action_ids()
                state = state.apply(state.action_from_id(numbers[choose(len(numbers))]))
            else:
                legal = state.legal_actions()
                state = state.apply(legal[choose(len(legal))])
            applies += 1
    return applies


def azi_games_workload(default_games: int, observe: bool, ids: bool = False) -> Run:
    def run(repeat: int, scale: float) -> tuple[list[Figure], float]:
        games = sized(default_games, scale)
        applies = rounds = 0

        def batch() -> None:
            # Fresh seeds every repetition and every round: repetition r of round k
            # plays seeds (k * repeat + r) * games onwards.
            nonlocal applies, rounds
            first = (ROUND * repeat + rounds) * games
            applies += play_azi_games(games, observe, first=first, ids=ids)
            rounds += 1

        seconds = best_seconds(batch, repeat)
        return [
            Figure("games/s", games / seconds, "games/s", "higher"),
            Figure("us/apply", seconds / (applies / rounds) * 1e6, "µs", "lower"),
            Figure("applies/game", applies / (games * rounds), "applies", None),
            Figure("distinct games", games * rounds, "games", None),
        ], seconds

    return run


MEMORY_PLAYERS = 2
MEMORY_RAISE_CAP = 4000


def azi_memory_game(raise_cap: int, window: int, observe: bool) -> tuple[float, float, int]:
    """Traced bytes kept per ``apply`` over the first and the last ``window`` raises.

    A 2-player game with a high raise cap, raising whenever a raise is legal and
    otherwise choosing at random; every state is kept, so the bytes are what each
    new state holds on to. Returns (first bytes/apply, last bytes/apply, applies).
    """
    from cardrules.azi import AziRules, Raise, new_game

    rules = AziRules(players=MEMORY_PLAYERS, raise_cap=raise_cap, max_raise=2)
    choose = random.Random(1).randrange
    # The game's states, in a list allocated up front so that its growth is not counted.
    states: list[Any] = [None] * (raise_cap + 200)
    raises = 0
    before: dict[int, int] = {}  # raise number -> traced bytes before that raise
    after: dict[int, int] = {}  # raises made -> traced bytes after the last of them
    applies = 0
    tracemalloc.start()
    try:
        state = new_game(MEMORY_PLAYERS, seed=1, rules=rules)
        while not state.is_terminal:
            if observe:
                player = state.current_player
                assert player is not None
                state.observation(player)
            legal = state.legal_actions()
            action = next((a for a in legal if isinstance(a, Raise)), None)
            if action is None:
                state = state.apply(legal[choose(len(legal))])
            else:
                if raises in (0, raise_cap - window):
                    before[raises] = tracemalloc.get_traced_memory()[0]
                state = state.apply(action)
                raises += 1
            if applies < len(states):
                states[applies] = state
            else:
                states.append(state)
            applies += 1
            if action is not None and raises in (window, raise_cap):
                after[raises] = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    if raises != raise_cap:
        raise RuntimeError(f"the game made {raises} raises, not the cap of {raise_cap}")
    first = (after[window] - before[0]) / window
    last = (after[raise_cap] - before[raise_cap - window]) / window
    return first, last, applies


def azi_memory(repeat: int, scale: float) -> tuple[list[Figure], float]:
    raise_cap = max(20, sized(MEMORY_RAISE_CAP, scale))
    window = max(10, raise_cap // 10)
    figures: list[Figure] = []
    best_time = float("inf")
    for observe in (False, True):
        # A first game fills lazy imports and any shared caches, which are not the states'.
        azi_memory_game(raise_cap, window, observe)
        first = last = float("inf")
        applies = 0
        for _ in range(repeat):
            start = clock()
            f, la, applies = azi_memory_game(raise_cap, window, observe)
            best_time = min(best_time, clock() - start)
            first, last = min(first, f), min(last, la)
        label = "+obs " if observe else ""
        figures += [
            Figure(f"{label}B/apply first {window}", first, "bytes", "lower"),
            Figure(f"{label}B/apply last {window}", last, "bytes", "lower"),
        ]
    figures.append(Figure("applies/game", applies, "applies", None))
    return figures, best_time


# ------------------------------------------------------------------------- Hazari


def play_hazari_deals(bot: Any, seeds: range) -> int:
    """Deals from ``seeds`` between four copies of ``bot``; returns a checksum of the returns."""
    from cardrules.hazari import HazariState
    from cardrules.rng import Rng
    from cardrules.runner import play_game

    checksum = 0
    for seed in seeds:
        rngs = [Rng(seed * 4 + seat) for seat in range(4)]
        start: Any = HazariState.new(seed=seed)
        final = play_game(start, [bot] * 4, rngs)
        checksum += sum(abs(r) * (seat + 1) for seat, r in enumerate(final.returns()))
    return checksum


HAZARI_RANDOM_DEALS = 60
"""Deals between four RandomBots per repetition at scale 1 (240 hands)."""
HAZARI_GREEDY_DEALS = 300
"""Deals between four GreedyBots per repetition at scale 1."""
HAZARI_COUNT_DEALS = 100
"""Fresh deals per repetition whose first hand is counted, at scale 1."""


def hazari_deal_seeds(repeat: int, scale: float, deals: int, first: int) -> list[range]:
    """The deal seeds of each repetition, from seed ``first`` on: fresh deals every
    time, none replayed.

    Every hand is new, so a per-hand cache (the counting tables keep the last 32)
    cannot turn the workload into cache hits; the tests check that the hands of one
    repetition outnumber the cache at the documented scales.
    """
    size = sized(deals, scale)
    return [range(first + r * size, first + (r + 1) * size) for r in range(repeat)]


def distinct_hazari_hands(seed_ranges: list[range]) -> int:
    """How many distinct 13-card hands the deals of ``seed_ranges`` hold."""
    from cardrules.hazari import HazariState

    return len(
        {
            frozenset(card.index for card in hand)
            for seeds in seed_ranges
            for seed in seeds
            for hand in HazariState.new(seed=seed).hands
        }
    )


def distinct_first_hands(seed_ranges: list[range]) -> int:
    """How many distinct hands the first player to act holds in the deals of ``seed_ranges``."""
    from cardrules.hazari import HazariState

    hands = set()
    for seeds in seed_ranges:
        for seed in seeds:
            state = HazariState.new(seed=seed)
            hands.add(frozenset(card.index for card in state.hands[state.current_player]))
    return len(hands)


def hazari_random_vs_greedy_run(repeat: int, scale: float) -> tuple[list[Figure], float]:
    """Four RandomBots and four GreedyBots on the same fresh deals, in turns."""
    from cardrules.bots import RandomBot

    try:
        from cardrules.hazari.bots import GreedyBot
    except ImportError:  # releases before the one-folder layout
        from cardrules.bots import GreedyBot  # type: ignore[attr-defined,no-redef]

    random_seeds = hazari_deal_seeds(repeat, scale, HAZARI_RANDOM_DEALS, 1_000_000)
    greedy_seeds = hazari_deal_seeds(repeat, scale, HAZARI_GREEDY_DEALS, 2_000_000)
    random_time = greedy_time = float("inf")
    random_sum = greedy_sum = 0
    for randoms, greedies in zip(random_seeds, greedy_seeds, strict=True):  # in turns
        start = clock()
        random_sum += play_hazari_deals(RandomBot(), randoms)
        random_time = min(random_time, clock() - start)
        start = clock()
        greedy_sum += play_hazari_deals(GreedyBot(), greedies)
        greedy_time = min(greedy_time, clock() - start)
    per_random = random_time / len(random_seeds[0])
    per_greedy = greedy_time / len(greedy_seeds[0])
    return [
        Figure("random deal", per_random * 1e3, "ms", "lower"),
        Figure("greedy deal", per_greedy * 1e3, "ms", "lower"),
        Figure("random/greedy", per_random / per_greedy, "x", None),
        Figure("random distinct hands", distinct_hazari_hands(random_seeds), "hands", None),
        Figure("greedy distinct hands", distinct_hazari_hands(greedy_seeds), "hands", None),
        Figure("random returns sum", random_sum, "checksum", None),
        Figure("greedy returns sum", greedy_sum, "checksum", None),
    ], random_time + greedy_time


def hazari_random_vs_greedy(repeat: int, scale: float) -> tuple[list[Figure], float]:
    return hazari_random_vs_greedy_run(repeat, scale)


def without_numpy(run: Run) -> Run:
    """``run`` with ``import numpy`` failing, as where numpy is not installed.

    It needs a process that has not imported numpy yet (each run of ``compare.py``
    or of this script is one).
    """

    def blocked(repeat: int, scale: float) -> tuple[list[Figure], float]:
        if "numpy" in sys.modules and sys.modules["numpy"] is not None:
            raise RuntimeError("numpy is already imported; run this workload in a fresh process")
        sys.modules["numpy"] = None  # type: ignore[assignment]
        return run(repeat, scale)

    return blocked


def hazari_count_fresh(repeat: int, scale: float) -> tuple[list[Figure], float]:
    """``len(state.legal_actions())`` on the first hand of fresh deals, every repetition."""
    from cardrules.hazari import HazariState

    seed_ranges = hazari_deal_seeds(repeat, scale, HAZARI_COUNT_DEALS, 3_000_000)
    best = float("inf")
    total = 0
    for seeds in seed_ranges:
        states = [HazariState.new(seed=seed) for seed in seeds]
        start = clock()
        total = sum(len(state.legal_actions()) for state in states)
        best = min(best, clock() - start)
    return [
        Figure("len(legal_actions())", best / len(seed_ranges[0]) * 1e3, "ms/hand", "lower"),
        Figure("distinct hands", distinct_first_hands(seed_ranges), "hands", None),
        Figure("last total", total, "arrangements", None),
    ], best


def hazari_greedy_deals(repeat: int, scale: float) -> tuple[list[Figure], float]:
    from cardrules.hazari import HazariState, Up, greedy_arrangement

    deals = sized(1500, scale)

    def batch() -> None:
        for seed in range(deals):
            state = HazariState.new(seed=seed)
            while not state.is_terminal:
                player = state.current_player
                assert player is not None
                hand = state.observation(player).hand
                state = state.apply(Up(greedy_arrangement(hand)))

    seconds = best_seconds(batch, repeat)
    return [Figure("deals/s", deals / seconds, "deals/s", "higher")], seconds


def index_sets(count: int, size: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` random sets of ``size`` card indices, from ``Rng(seed)``."""
    from cardrules.rng import Rng

    rng = Rng(seed)
    return [tuple(rng.shuffled(range(52))[:size]) for _ in range(count)]


def hazari_strengths(repeat: int, scale: float) -> tuple[list[Figure], float]:
    from cardrules.hazari import strengths

    triples = index_sets(20000, 3, seed=3)
    passes = sized(200, scale)
    best = float("inf")
    checksum = sum(strengths(triples))
    for _ in range(repeat):
        for _ in range(passes):
            start = clock()
            strengths(triples)
            best = min(best, clock() - start)
    return [
        Figure("strengths", best / len(triples) * 1e9, "ns/set", "lower"),
        Figure("checksum", checksum, "sum", None),
    ], best


def hazari_count(repeat: int, scale: float) -> tuple[list[Figure], float]:
    from cardrules.cards import Card
    from cardrules.hazari import count_valid_arrangements

    hands = [
        tuple(Card.from_index(i) for i in indices)
        for indices in index_sets(sized(250, scale), 13, seed=13)
    ]
    total = 0

    def batch() -> None:
        nonlocal total
        total = sum(count_valid_arrangements(hand) for hand in hands)

    seconds = best_seconds(batch, repeat)
    return [
        Figure("count_valid", seconds / len(hands) * 1e3, "ms/hand", "lower"),
        Figure("valid total", total, "arrangements", None),
    ], seconds


# ------------------------------------------------------------------------- imports


def _bytecode_env() -> dict[str, str]:
    """The environment with bytecode caching on, as for an installed package."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _interpreter(code: str) -> tuple[float, str]:
    """Wall seconds of a fresh isolated interpreter running ``code``, and its output."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-I", "-c", code],
        check=True,
        capture_output=True,
        text=True,
        env=_bytecode_env(),
    )
    return time.perf_counter() - start, done.stdout


def import_workload(module: str) -> Run:
    code = (
        "import time\nstart = time.perf_counter()\n"
        f"import {module}\nprint(time.perf_counter() - start)"
    )

    def run(repeat: int, scale: float) -> tuple[list[Figure], float]:
        _interpreter(code)  # warm-up: bytecode caches and the file system cache
        runs = sized(5, scale) * repeat
        bare = wall = inside = float("inf")
        for _ in range(runs):
            bare = min(bare, _interpreter("pass")[0])
            seconds, output = _interpreter(code)
            wall = min(wall, seconds)
            inside = min(inside, float(output))
        return [
            Figure(f"import {module}", inside * 1e3, "ms", "lower"),
            Figure("above bare start", (wall - bare) * 1e3, "ms", "lower"),
        ], wall

    return run


# ------------------------------------------------------------------------ registry

WORKLOADS: dict[str, Workload] = {
    w.name: w
    for w in [
        Workload(
            "azi_random",
            "random 4-player Azi games through legal_actions() and apply()",
            azi_games_workload(5000, observe=False),
        ),
        Workload(
            "azi_ids",
            "the same games through legal_action_ids() and apply(action_from_id(i))",
            azi_games_workload(5000, observe=False, ids=True),
        ),
        Workload(
            "azi_observed",
            "the same games, with observation(current_player) every turn",
            azi_games_workload(2500, observe=True),
        ),
        Workload(
            "azi_memory",
            "bytes kept per apply, early and late in a 2-player game of 4000 raises",
            azi_memory,
        ),
        Workload(
            "hazari_random_vs_greedy",
            "a Hazari deal by play_game between four RandomBots, and four GreedyBots",
            hazari_random_vs_greedy,
        ),
        Workload(
            "hazari_random_vs_greedy_no_numpy",
            "the same deals with numpy blocked, as where it is not installed",
            without_numpy(hazari_random_vs_greedy_run),
        ),
        Workload(
            "hazari_count_fresh",
            "len(legal_actions()) on fresh Hazari hands with numpy blocked (pure Python)",
            without_numpy(hazari_count_fresh),
        ),
        Workload(
            "hazari_greedy_deals",
            "complete Hazari deals, every seat arranging with greedy_arrangement",
            hazari_greedy_deals,
        ),
        Workload(
            "hazari_strengths",
            "hazari.strengths (pure Python batch) on 20000 random three-card sets",
            hazari_strengths,
        ),
        Workload(
            "hazari_count",
            "count_valid_arrangements on 250 seeded 13-card hands",
            hazari_count,
        ),
        Workload(
            "import_azi",
            "import cardrules.azi in a fresh interpreter",
            import_workload("cardrules.azi"),
        ),
        Workload(
            "import_hazari",
            "import cardrules.hazari in a fresh interpreter",
            import_workload("cardrules.hazari"),
        ),
    ]
}


def run_workload(
    name: str, repeat: int = 3, scale: float = 1.0, clock_name: str = "wall", round_: int = 0
) -> dict[str, Any]:
    """Run one workload in this process; the result that the script prints as JSON."""
    global clock, ROUND
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if round_ < 0:
        raise ValueError(f"round must be at least 0, got {round_}")
    clock = CLOCKS[clock_name]
    ROUND = round_
    figures, seconds = WORKLOADS[name].run(repeat, scale)
    import cardrules

    return {
        "workload": name,
        "version": cardrules.__version__,
        "location": os.path.dirname(os.path.abspath(cardrules.__file__)),
        "python": sys.version.split()[0],
        "repeat": repeat,
        "scale": scale,
        "clock": clock_name,
        "round": round_,
        "seconds": seconds,
        "figures": [asdict(figure) for figure in figures],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", nargs="?", choices=sorted(WORKLOADS), help="the workload")
    parser.add_argument("--repeat", type=int, default=3, help="timed batches (best of)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the sizes")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall", help="what to time")
    parser.add_argument("--round", type=int, default=0, help="the round (other seeds)")
    parser.add_argument("--list", action="store_true", help="print the workload names")
    args = parser.parse_args()
    if args.list:
        for workload in WORKLOADS.values():
            print(f"{workload.name:24} {workload.description}")
        return
    if args.name is None:
        parser.error("give a workload name (or --list)")
    print(json.dumps(run_workload(args.name, args.repeat, args.scale, args.clock, args.round)))


if __name__ == "__main__":
    main()
