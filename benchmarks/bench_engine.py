"""Engine overhead: a bot's decisions through the engine protocol against the same bot in process.

Seat 0 of seeded games is played by a bot in process, then by the same bot served
as an engine (``cardrules engine serve BOT`` behind ``exec:``), on the same games:
the engine plays exactly as the bot does, so both make the same decisions. The
runs alternate in blocks of games, so both meet the same load. Each decision is
timed where the runner asks it: ``choose`` in process, the whole round trip for the
engine (the dealer writing the observation, the engine reading it back, choosing,
answering, the dealer checking the answer). The engine's start is not timed.

    python benchmarks/bench_engine.py --games 40
    python benchmarks/bench_engine.py --games 20 --game hazari --bot greedy

It prints, per game, the decisions timed; the mean wall time of a decision in
process and as an engine, with their Student t 95% intervals, and their medians;
the ratio of the means and the overhead per decision (engine minus in process).
Wall times on a busy machine mostly measure waiting for a core (each decision wakes
two processes), so it also prints CPU time per decision: the bot's in process, and
as an engine the dealer's own plus the engine's (read from ``/proc``, Linux only).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

from figures import command_line, summary

from cardrules.engine import EngineBot, live_engines
from cardrules.registry import load_game
from cardrules.runner import simulate
from cardrules.seats import Decision, Fault, Sitting
from seeds import add_seed_options, game_seed

SERVE = [sys.executable, "-m", "cardrules", "engine", "serve"]
PAIRS = {"azi": "heuristic", "hazari": "greedy"}
BLOCK = 5
"""Games per block; the in-process and engine runs alternate block by block."""


Times = list[tuple[float, float]]
"""Per decision, its wall time and this process's CPU time, in seconds."""


class TimedBot:
    """A bot in process, each ``choose`` timed."""

    def __init__(self, bot: Any, times: Times) -> None:
        self.bot = bot
        self.name = "in process"
        self.times = times

    def choose(self, observation: Any, legal: Any, rng: Any) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        action = self.bot.choose(observation, legal, rng)
        self.times.append((time.perf_counter() - start, time.process_time() - cpu))
        return action


class TimedEngine:
    """An engine seat, each ``decide`` timed (the round trip the runner waits for). It has
    no ``close``, so the engine keeps running from one run to the next."""

    def __init__(self, engine: EngineBot, times: Times) -> None:
        self.engine = engine
        self.name = "engine"
        self.times = times

    def choose(self, observation: Any, legal: Any, rng: Any) -> Any:
        return self.engine.choose(observation, legal, rng)

    def sit(self, sitting: Sitting) -> Any:
        seat = self.engine.sit(sitting)
        times = self.times

        class Timed:
            def decide(self, decision: Decision) -> Any:
                start, cpu = time.perf_counter(), time.process_time()
                action = seat.decide(decision)
                times.append((time.perf_counter() - start, time.process_time() - cpu))
                return action

            def stand(self, returns: Any, fault: Fault | None) -> float:
                return seat.stand(returns, fault)

        return Timed()


def group_cpu(group: int) -> float | None:
    """The CPU seconds of every live process of process group ``group`` (Linux), or None."""
    total = 0
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == group:  # fields from the state on: pgrp is the third
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def measure(spec: str, bot_name: str, games: int, seed: int) -> dict[str, Any]:
    game = load_game(spec)
    others = [game.bots[bot_name]() for _ in range(game.num_players - 1)]
    engine = EngineBot([*SERVE, bot_name], time_limit=600)
    local: Times = []
    served: Times = []
    in_process = TimedBot(game.bots[bot_name](), local)
    through = TimedEngine(engine, served)
    simulate(game, [through, *others], 1, seed=seed)  # start the engine before timing
    served.clear()
    (group,) = live_engines()
    engine_cpu, before = 0.0, group_cpu(group)
    try:
        for start in range(0, games, BLOCK):
            count = min(BLOCK, games - start)
            block_seed = seed + 1 + start
            one = simulate(game, [in_process, *others], count, seed=block_seed)
            cpu = group_cpu(group)
            two = simulate(game, [through, *others], count, seed=block_seed)
            after = group_cpu(group)
            if cpu is not None and after is not None:
                engine_cpu += after - cpu
            assert [g.returns for g in one.games] == [g.returns for g in two.games]
            assert not two.faults, two.faults
    finally:
        engine.close()
    assert len(local) == len(served), "the engine made other decisions than the bot"
    mine, theirs = summary([w for w, _ in local]), summary([w for w, _ in served])
    decisions = len(local)
    return {
        "game": spec,
        "bot": bot_name,
        "decisions": decisions,
        "in_process": mine | {"median": statistics.median(w for w, _ in local)},
        "engine": theirs | {"median": statistics.median(w for w, _ in served)},
        "ratio": theirs["mean"] / mine["mean"],
        "overhead_ms": 1000 * (theirs["mean"] - mine["mean"]),
        "cpu_in_process_ms": 1000 * sum(c for _, c in local) / decisions,
        "cpu_dealer_ms": 1000 * sum(c for _, c in served) / decisions,
        "cpu_engine_ms": None if before is None else 1000 * engine_cpu / decisions,
    }


def build_parser() -> argparse.ArgumentParser:
    """The script's options."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per game (default 40)")
    parser.add_argument("--game", choices=sorted(PAIRS), help="one game only (default both)")
    parser.add_argument("--bot", help="the bot (default heuristic in Azi, greedy in Hazari)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures as JSON")
    add_seed_options(parser)
    return parser


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    seed = game_seed(args, 0)
    specs = [args.game] if args.game else sorted(PAIRS)
    command = command_line("bench_engine.py", argv)
    print(f"{command}\nseeds from {seed}, {args.games} games each, seat 0 timed")
    print(
        f"{'game':8} {'bot':10} {'decisions':>9} {'in process ms (median)':>28}"
        f" {'engine ms (median)':>28} {'ratio':>7} {'overhead ms':>11}"
    )
    rows = []
    for spec in specs:
        row = measure(spec, args.bot or PAIRS[spec], args.games, seed)
        rows.append(row)
        mine, theirs = row["in_process"], row["engine"]
        print(
            f"{spec:8} {row['bot']:10} {row['decisions']:>9}"
            f" {_ms(mine):>28} {_ms(theirs):>28} {row['ratio']:>7.1f} {row['overhead_ms']:>11.2f}"
        )
    print("CPU ms per decision: in process; as an engine, the dealer's + the engine's")
    for row in rows:
        engine_cpu = row["cpu_engine_ms"]
        shown = "n/a" if engine_cpu is None else f"{engine_cpu:.3f}"
        print(
            f"{row['game']:8} {row['bot']:10} {row['cpu_in_process_ms']:.3f};"
            f" {row['cpu_dealer_ms']:.3f} + {shown}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"command": command, "seed": seed, "rows": rows}, out, indent=2)


def _ms(figure: dict[str, Any]) -> str:
    half = (figure["high"] - figure["low"]) / 2
    return f"{1000 * figure['mean']:.3f} ± {1000 * half:.3f} ({1000 * figure['median']:.3f})"


if __name__ == "__main__":
    main()
