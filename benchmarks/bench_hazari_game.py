"""Hazari deal on the game-state protocol: microseconds per apply, complete deals per second.

Run as ``python benchmarks/bench_hazari_game.py [--deals N]``. The baseline, measured
in the same run, is shuffling and cutting one 52-card deck (``Dealing.deck``); the
other figures are also given as multiples of it.

- ``apply (up 1-3)``: an ``apply`` that only records an arrangement;
- ``apply (4th up)``: the ``apply`` that also resolves the four rounds and scores;
- ``deal, greedy``: a complete deal from its seed, with every seat arranging
  greedily (``greedy_arrangement``), through ``observation`` and ``apply``;
- ``to_json + from_json``: one finished deal's record written and replayed.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterable

from cardrules import Card, Dealing, Deck
from cardrules.hazari import Arrangement, HazariState, Up, valid_arrangements

try:
    from cardrules.hazari.solver import greedy_arrangement

    ARRANGER = "greedy_arrangement"
except ImportError:  # pragma: no cover - the solver module may be absent

    def greedy_arrangement(hand: Iterable[Card]) -> Arrangement:
        return next(iter(valid_arrangements(tuple(hand))))

    ARRANGER = "first legal arrangement"


def per_call(func: Callable[[], object], repeat: int) -> float:
    """Seconds per call: the best of three timed batches of ``repeat`` calls."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            func()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def greedy_deal(seed: int) -> HazariState:
    state = HazariState.new(seed=seed)
    while not state.is_terminal:
        player = state.current_player
        assert player is not None
        state = state.apply(Up(greedy_arrangement(state.observation(player).hand)))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per timed batch")
    deals = parser.parse_args().deals

    pack = Deck.standard()
    seeds = iter(range(10**9))
    baseline = per_call(lambda: Dealing(seed=next(seeds)).deck(0, pack), deals)

    starts = [HazariState.new(seed=seed) for seed in range(deals)]
    ups = [[Up(greedy_arrangement(state.hands[(1 + k) % 4])) for k in range(4)] for state in starts]
    thirds = []
    for state, actions in zip(starts, ups, strict=True):
        for action in actions[:3]:
            state = state.apply(action)
        thirds.append(state)

    index = iter(range(10**9))

    def early_apply() -> object:
        i = next(index) % deals
        return starts[i].apply(ups[i][0])

    def final_apply() -> object:
        i = next(index) % deals
        return thirds[i].apply(ups[i][3])

    early = per_call(early_apply, deals)
    final = per_call(final_apply, deals)
    deal_seeds = iter(range(10**9))
    whole = per_call(lambda: greedy_deal(next(deal_seeds)), max(1, deals // 4))
    finished = greedy_deal(1)
    text = finished.to_json()
    json_round = per_call(lambda: HazariState.from_json(text), max(1, deals // 4))

    print(f"arranger: {ARRANGER}; {deals} deals per batch, best of 3")
    rows = [
        ("baseline: shuffle+cut one deck", baseline),
        ("apply (up 1-3)", early),
        ("apply (4th up, resolves rounds)", final),
        ("deal, greedy (4 arrangements)", whole),
        ("to_json + from_json, one deal", json_round),
    ]
    for name, seconds in rows:
        print(f"{name:34} {seconds * 1e6:9.1f} us  {seconds / baseline:7.2f} x baseline")
    print(f"complete greedy deals per second: {1 / whole:,.0f}")


if __name__ == "__main__":
    main()
