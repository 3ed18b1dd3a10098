"""Per-round win rates by kind and points per seat (:mod:`cardrules.hazari.stats`).

The counts from records are checked against a naive count over the deals' public
events, and against the batch engine on the same seeds.
"""

from __future__ import annotations

import io
import math
import statistics
from collections import Counter

import pytest

from cardrules import load_game
from cardrules.bots import RandomBot
from cardrules.errors import InvalidRulesError, InvalidStateError
from cardrules.hazari import HazariState, Kind, evaluate
from cardrules.hazari.bots import GreedyBot, SolverBot
from cardrules.hazari.combination import COMBINATIONS
from cardrules.hazari.events import RoundPlayed
from cardrules.hazari.stats import HazariStats
from cardrules.records.text import TextGame
from cardrules.rng import derive_seed
from cardrules.runner import simulate

HAZARI = load_game("hazari")


def _records(bots: list[object], games: int, seed: int) -> list[str]:
    out = io.StringIO()
    simulate(HAZARI, bots, games, seed=seed, records=out)
    return out.getvalue().splitlines()


RANDOM_RECORDS = _records([RandomBot()] * 4, 60, 11)
RANDOM_DEALS = [HazariState.from_json(line) for line in RANDOM_RECORDS]


def _naive(deals: list[HazariState]) -> tuple[Counter[tuple[int, int]], Counter[tuple[int, int]]]:
    """Played and won counts by (round, strength), read from the RoundPlayed events."""
    played: Counter[tuple[int, int]] = Counter()
    won: Counter[tuple[int, int]] = Counter()
    for deal in deals:
        for event in deal.events:
            if isinstance(event, RoundPlayed):
                for seat, group in zip(event.players, event.groups, strict=True):
                    strength = evaluate(group).strength
                    played[event.number, strength] += 1
                    won[event.number, strength] += seat == event.winner
    return played, won


def _by_kind(counts: Counter[tuple[int, int]]) -> Counter[tuple[int, Kind]]:
    kinds: Counter[tuple[int, Kind]] = Counter()
    for (number, strength), n in counts.items():
        kinds[number, COMBINATIONS[strength].kind] += n
    return kinds


def test_the_counts_match_a_naive_count_of_the_events() -> None:
    stats = HazariStats.from_games(RANDOM_DEALS)
    classes_played, classes_won = _naive(RANDOM_DEALS)
    played, won = _by_kind(classes_played), _by_kind(classes_won)
    assert stats.deals == 60
    for r in range(4):
        for strength in range(741):
            assert stats.class_played[r][strength] == classes_played[r + 1, strength]
            assert stats.class_won[r][strength] == classes_won[r + 1, strength]
        for kind in Kind:
            assert stats.played[r][kind] == played[r + 1, kind]
            assert stats.won[r][kind] == won[r + 1, kind]
    for seat in range(4):
        scores = Counter(deal.scores[seat] for deal in RANDOM_DEALS)
        assert {5 * i: n for i, n in enumerate(stats.points[seat]) if n} == dict(scores)


def test_records_states_and_text_records_count_alike() -> None:
    texts = [TextGame.of(deal) for deal in RANDOM_DEALS]
    by_state = HazariStats.from_games(RANDOM_DEALS)
    assert HazariStats.from_games(RANDOM_RECORDS) == by_state
    assert HazariStats.from_games(texts) == by_state
    halves = HazariStats.from_games(RANDOM_DEALS[:25]) + HazariStats.from_games(RANDOM_DEALS[25:])
    assert halves == by_state
    assert HazariStats() + by_state == by_state


def test_the_tables_show_the_rates_and_quartiles() -> None:
    stats = HazariStats.from_games(RANDOM_DEALS)
    played, won = (_by_kind(counts) for counts in _naive(RANDOM_DEALS))
    rate = won[2, Kind.PAIR] / played[2, Kind.PAIR]
    assert stats.win_rate(2, Kind.PAIR) == rate
    line = next(line for line in stats.table().splitlines() if line.startswith("Pair"))
    assert f"{rate:8.1%}" in line
    points = stats.points_table().splitlines()
    assert points[0] == "points per deal, 60 deals"
    for seat in range(4):
        scores = sorted(deal.scores[seat] for deal in RANDOM_DEALS)
        cells = points[2 + seat].split()
        assert float(cells[1]) == round(statistics.fmean(scores), 1)
        assert float(cells[2]) == round(statistics.stdev(scores), 1)
        nearest = [scores[max(1, math.ceil(q * 60)) - 1] for q in (0.25, 0.5, 0.75)]
        assert [int(cell) for cell in cells[3:8]] == [scores[0], *nearest, scores[-1]]
        assert cells[8] == f"{scores.count(0) / 60:.1%}"
    assert "n/a" in HazariStats().points_table()
    assert math.isnan(HazariStats().win_rate(1, Kind.TRIO))


@pytest.mark.parametrize(
    ("games", "message"),
    [
        (["{}"], "game 0 is not a Hazari deal"),
        ([HAZARI.new_state(1)], "game 0 is not over: seat 1 to act"),
        ([load_game("azi").new_state(1)], "game 0 is not a Hazari deal"),
        ([RANDOM_DEALS[0], 5], "game 1 is not a Hazari deal: 5"),
        ("deals", "an iterable of deals"),
    ],
)
def test_bad_games_are_refused_naming_their_place(games: object, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        HazariStats.from_games(games)  # type: ignore[arg-type]


def test_bad_rounds_and_policies_are_refused() -> None:
    with pytest.raises(InvalidStateError, match="round 5"):
        HazariStats().win_rate(5, Kind.TRIO)
    with pytest.raises(InvalidRulesError, match="unknown policy 'solver'"):
        HazariStats.from_batch([1], "solver")
    with pytest.raises(InvalidRulesError, match="'greedy' or 'best', got 'random'"):
        HazariStats.from_batch([1], ["greedy", "best", "random", "greedy"])


# --- the batch engine ----------------------------------------------------------------


def _seeds(seed: int, deals: int) -> list[int]:
    return [derive_seed(seed, game) for game in range(deals)]


def test_records_and_the_batch_engine_agree_for_greedy_deals() -> None:
    pytest.importorskip("numpy", reason="the batch engine needs numpy")
    records = _records([GreedyBot()] * 4, 400, 3)
    assert HazariStats.from_games(records) == HazariStats.from_batch(_seeds(3, 400), "greedy")


def test_records_and_the_batch_engine_agree_seat_by_seat() -> None:
    pytest.importorskip("numpy", reason="the batch engine needs numpy")
    bots = [SolverBot(), GreedyBot(), GreedyBot(), SolverBot()]
    records = _records(bots, 12, 8)
    policies = ["best", "greedy", "greedy", "best"]
    assert HazariStats.from_games(records) == HazariStats.from_batch(_seeds(8, 12), policies)
    assert HazariStats.from_games(records) != HazariStats.from_batch(_seeds(8, 12), "greedy")


def test_round_stats_is_from_batch_under_another_name() -> None:
    pytest.importorskip("numpy", reason="the batch engine needs numpy")
    from cardrules.hazari.stats import round_stats

    seeds = range(300)
    rounds = round_stats(seeds, "random", seed=4)
    assert rounds == HazariStats.from_batch(seeds, "random", seed=4)
    assert [sum(row) for row in rounds.points] == [300] * 4
