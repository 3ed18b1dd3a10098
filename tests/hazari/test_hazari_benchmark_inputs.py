"""The Hazari benchmark workloads measure work, not cache hits.

Each repetition of a workload deals fresh hands, and one repetition alone holds
more distinct hands than the per-hand cache of counting tables keeps (its size is
read from the cached function), at every scale the benchmarks page uses.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardrules.hazari import HazariState, partitions

ROOT = Path(__file__).resolve().parents[2]
SCALES = [0.4, 1.0]
"""The ``--scale`` values of the benchmarks page's commands, and the default."""


def workloads() -> ModuleType:
    name = "hazari_bench_workloads"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "workloads.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def cache_size() -> int:
    size = partitions._cached_tables.cache_info().maxsize
    assert isinstance(size, int)
    return size


def hands_of(seeds: range) -> set[frozenset[int]]:
    return {
        frozenset(card.index for card in hand)
        for seed in seeds
        for hand in HazariState.new(seed=seed).hands
    }


@pytest.mark.parametrize("scale", SCALES)
def test_each_repetition_outnumbers_the_hand_cache(scale: float) -> None:
    bench = workloads()
    for deals, first in [
        (bench.HAZARI_RANDOM_DEALS, 1_000_000),
        (bench.HAZARI_GREEDY_DEALS, 2_000_000),
    ]:
        ranges = bench.hazari_deal_seeds(3, scale, deals, first)
        seen: set[frozenset[int]] = set()
        for seeds in ranges:
            hands = hands_of(seeds)
            assert len(hands) > cache_size(), (deals, scale, len(hands))
            assert not hands & seen, "a repetition replays hands of an earlier one"
            seen |= hands
        assert bench.distinct_hazari_hands(ranges) == len(seen)


def test_the_fresh_count_workload_outnumbers_the_cache() -> None:
    bench = workloads()
    ranges = bench.hazari_deal_seeds(2, min(SCALES), bench.HAZARI_COUNT_DEALS, 3_000_000)
    assert bench.distinct_first_hands(ranges[:1]) > cache_size()
    assert bench.distinct_first_hands(ranges) == sum(len(seeds) for seeds in ranges)


def test_a_replayed_workload_would_be_caught() -> None:
    # The old workload: 8 deals replayed every repetition, 32 hands, the cache's size.
    hands = hands_of(range(8))
    assert not len(hands) > cache_size()
