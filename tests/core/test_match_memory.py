"""A match costs the same memory per game however long it is (persistent history).

Before the core match (:mod:`cardrules.match`), each game that ended copied the tuple
of finished games, so keeping every position of a match of ``G`` games held about
``G**2 / 2`` references. Here :mod:`tracemalloc` counts the bytes that the positions
of one more game retain, early and late in a long match: they must not grow with the
number of games before it (a copied tuple would add 8 bytes per earlier game). Only
allocations made in the match modules count, so that the games' own states, which
differ from deal to deal, add no noise.
"""

from __future__ import annotations

import statistics
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import load_game
from cardrules.azi import FOLD
from cardrules.match import History

Pick = Callable[[Any], Any]


def _azi_match() -> Any:
    return load_game("azi", players=3, match_games=400).new_match(seed=1)


def _azi_pick(match: Any) -> Any:
    legal = match.legal_actions()
    return FOLD if FOLD in legal else legal[0]


def _hazari_match() -> Any:
    return load_game("hazari", target=100000, actions="groups").new_match(seed=1)


def _first(match: Any) -> Any:
    return match.legal_actions()[0]


def _one_game(match: Any, pick: Pick, kept: list[Any]) -> Any:
    """Play ``match`` to the start of its next game, keeping every position in ``kept``."""
    played = len(match.finished)
    while len(match.finished) == played:
        match = match.apply(pick(match))
        kept.append(match)
    return match


def _play_to(match: Any, pick: Pick, games: int) -> Any:
    while len(match.finished) < games:
        match = _one_game(match, pick, [])
    return match


_MATCH_FILES = [
    tracemalloc.Filter(True, f"*{name}") for name in ("match.py", "match.pyc")
]  # the core's and each game's match module: the bookkeeping, not the games' own states


def _bytes_per_game(match: Any, pick: Pick, samples: int) -> tuple[Any, int]:
    """The median bytes that the match modules allocate, and the positions of each of
    the next ``samples`` games retain."""
    sizes = []
    kept: list[Any] = []
    tracemalloc.start()
    try:
        for _ in range(samples):
            before = tracemalloc.take_snapshot().filter_traces(_MATCH_FILES)
            match = _one_game(match, pick, kept)
            after = tracemalloc.take_snapshot().filter_traces(_MATCH_FILES)
            sizes.append(sum(stat.size_diff for stat in after.compare_to(before, "filename")))
    finally:
        tracemalloc.stop()
    return match, int(statistics.median(sizes))


@pytest.mark.parametrize(
    ("start", "pick", "early", "late"),
    [(_azi_match, _azi_pick, 20, 320), (_hazari_match, _first, 10, 110)],
    ids=["azi", "hazari"],
)
def test_a_game_added_late_in_a_match_costs_what_one_added_early_costs(
    start: Callable[[], Any], pick: Pick, early: int, late: int
) -> None:
    match = _play_to(start(), pick, early)
    match, early_bytes = _bytes_per_game(match, pick, 7)
    match = _play_to(match, pick, late)
    _, late_bytes = _bytes_per_game(match, pick, 7)
    copied = 8 * (late - early)  # what copying the finished games would add per game
    assert early_bytes > 0
    assert late_bytes - early_bytes < copied // 2, (early_bytes, late_bytes)


def test_a_history_shares_what_it_adds_to() -> None:
    short = History(range(1000))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        longer = [short.add(number) for number in range(100)]
        per_add = (tracemalloc.get_traced_memory()[0] - before) / len(longer)
    finally:
        tracemalloc.stop()
    assert per_add < 200, per_add  # a link, not a copy of 1000 references
    assert len(longer[-1]) == 1001 and tuple(longer[-1]) == (*range(1000), 99)
    assert tuple(short) == tuple(range(1000))
