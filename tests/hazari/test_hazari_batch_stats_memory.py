"""Hazari's batch analytics read their seeds a block at a time: flat memory for any count."""

from __future__ import annotations

import itertools
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from cardrules.cli import main  # noqa: E402
from cardrules.errors import InvalidSeedError  # noqa: E402
from cardrules.hazari.batch import deal as batch_deal  # noqa: E402
from cardrules.hazari.batch import stats as batch_stats  # noqa: E402
from cardrules.hazari.batch.stats import deal_counts, seed_blocks  # noqa: E402
from cardrules.hazari.stats import round_stats  # noqa: E402
from cardrules.rng import derive_seed  # noqa: E402

BLOCK = batch_stats._BLOCK


class Stop(Exception):
    """Cuts a run short once it has dealt a few blocks."""


def cut_short(monkeypatch: pytest.MonkeyPatch, blocks: int) -> list[int]:
    """Make the batch deal raise Stop on its ``blocks + 1``-th call; the sizes dealt."""
    dealt: list[int] = []

    def deal(seeds: Any, dealer: int) -> Any:
        if len(dealt) == blocks:
            raise Stop
        dealt.append(len(seeds))
        return batch_deal(seeds, dealer)

    monkeypatch.setattr(batch_stats, "deal", deal)
    return dealt


def peak(run: Callable[[], object]) -> int:
    """The peak traced allocation of ``run()`` (Stop ends it), in bytes."""
    tracemalloc.start()
    try:
        run()
    except Stop:
        pass
    finally:
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return top


@pytest.mark.parametrize("count", [300_000_000, 10**15])
@pytest.mark.parametrize("counter", [round_stats, deal_counts])
def test_a_huge_range_is_dealt_in_blocks_in_flat_memory(
    monkeypatch: pytest.MonkeyPatch, counter: Callable[..., object], count: int
) -> None:
    dealt = cut_short(monkeypatch, 2)
    small = peak(lambda: counter(range(2 * BLOCK)))
    dealt.clear()
    huge = peak(lambda: counter(range(count)))
    assert dealt == [BLOCK, BLOCK]
    # 300 million seeds are 2.4 GB as one array; two blocks of them are the same as
    # a whole run of two blocks, whatever the count.
    assert huge < 2 * small + (1 << 20), (huge, small)
    assert huge < 64 << 20


def test_an_iterator_of_seeds_is_dealt_before_it_is_read_to_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dealt = cut_short(monkeypatch, 1)
    read = itertools.count()

    def seeds() -> Iterator[int]:
        for i in read:
            if i >= 3 * BLOCK:  # a list of every seed would get here first
                raise AssertionError("read past the first block before dealing it")
            yield i

    with pytest.raises(Stop):
        deal_counts(seeds())
    assert dealt == [BLOCK]
    assert next(read) <= 2 * BLOCK + 1  # the block it stopped at was read, no more


def test_blocks_give_the_counts_of_one_whole_array() -> None:
    seeds = [derive_seed(7, i) for i in range(BLOCK + 300)]
    whole = deal_counts(np.array(seeds, dtype=np.uint64))
    assert deal_counts(iter(seeds)) == deal_counts(seeds) == whole
    assert whole[0] == BLOCK + 300
    a = round_stats(iter(seeds), "random", seed=5)
    b = round_stats(np.array(seeds, dtype=np.uint64), "random", seed=5)
    assert a.deals == b.deals == len(seeds)
    assert a == b


def test_a_bad_seed_in_a_later_block_is_named_by_its_place_in_the_whole() -> None:
    seeds = [*range(BLOCK + 5), -3]
    for given in (seeds, iter(seeds), np.array(seeds)):
        with pytest.raises(InvalidSeedError, match=rf"seeds\[{BLOCK + 5}\]: seed -3"):
            list(seed_blocks(given))
    with pytest.raises(InvalidSeedError, match="1-D"):
        list(seed_blocks(np.zeros((2, 2), dtype=np.int64)))
    with pytest.raises(InvalidSeedError, match="seeds must be"):
        list(seed_blocks("123"))


def test_hazari_stats_streams_its_seeds(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dealt = cut_short(monkeypatch, 1)
    argv = ["hazari", "stats", "--deals", str(10**9), "--engine", "batch", "--bots", "greedy"]
    top = peak(lambda: main(argv))
    assert dealt == [BLOCK]
    # a billion seeds as a list would be tens of GB before the first deal
    assert top < 64 << 20, top
