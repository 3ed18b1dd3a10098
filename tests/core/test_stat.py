"""Student's t intervals, the seeded bootstrap and how statistics are displayed."""

from __future__ import annotations

import itertools
import math
import statistics

import pytest

from cardrules.errors import CardRulesError, SimulationError
from cardrules.rng import Rng, derive_seed
from cardrules.runner import Stat, format_interval, t_quantile

# Two-sided 95% critical values t(0.975, df), from published tables (9 decimals).
T975 = {
    1: 12.706204736,
    2: 4.302652730,
    3: 3.182446305,
    5: 2.570581836,
    10: 2.228138852,
    20: 2.085963447,
    30: 2.042272456,
    40: 2.021075390,
    60: 2.000297822,
    100: 1.983971519,
    120: 1.979930405,
    1000: 1.962339081,
    math.inf: 1.959963985,
}


@pytest.mark.parametrize(("df", "expected"), sorted(T975.items()))
def test_t_quantile_matches_the_tables(df: float, expected: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=2e-9)
    assert t_quantile(0.025, df) == pytest.approx(-expected, abs=2e-9)


@pytest.mark.parametrize(
    ("p", "df", "expected"),
    [
        (0.995, 1, 63.656741163),
        (0.95, 1, 6.313751515),
        (0.95, 2, 2.919985580),
        (0.995, 4, 4.604094871),
        (0.9, 7, 1.414923928),
        (0.995, 30, 2.749995654),
        (0.995, 200, 2.600634436),
        (0.75, 12, 0.695482866),
    ],
)
def test_t_quantile_at_other_levels(p: float, df: int, expected: float) -> None:
    assert t_quantile(p, df) == pytest.approx(expected, abs=1e-8)


def test_t_quantile_decreases_towards_the_normal_across_the_method_switch() -> None:
    values = [t_quantile(0.975, df) for df in range(1, 300)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert values[-1] > t_quantile(0.975, math.inf)
    assert t_quantile(0.5, 3) == 0.0


@pytest.mark.parametrize(("p", "df"), [(0.0, 3), (1.0, 3), (1.5, 3), (0.9, 0), (0.9, 2.5)])
def test_t_quantile_rejects_bad_arguments(p: float, df: float) -> None:
    with pytest.raises(CardRulesError):
        t_quantile(p, df)


def test_half_width_uses_t_with_n_minus_one_degrees_of_freedom() -> None:
    values = [2.0, 4.0, 9.0, 1.0, 5.0, 7.0]
    stat = Stat.of(values)
    expected = T975[5] * statistics.stdev(values) / math.sqrt(6)
    assert stat.half_width == pytest.approx(expected)
    assert (stat.low, stat.high) == pytest.approx((stat.mean - expected, stat.mean + expected))


def normal_sample(rng: Rng, size: int, mean: float, sd: float) -> list[float]:
    unit = statistics.NormalDist(mean, sd)
    # (k + 0.5) / 2**53 never reaches 0 or 1, where the inverse is infinite.
    return [unit.inv_cdf(((rng.next_u64() >> 11) + 0.5) / (1 << 53)) for _ in range(size)]


@pytest.mark.parametrize("size", [3, 5, 10, 40])
def test_t_interval_covers_the_true_mean_95_percent_of_the_time(size: int) -> None:
    trials = 4000
    rng = Rng(derive_seed(2026, size))
    covered = 0
    normal_covered = 0
    for _ in range(trials):
        stat = Stat.of(normal_sample(rng, size, 10.0, 3.0))
        covered += stat.low <= 10.0 <= stat.high
        z = 1.959963985 * stat.sd / math.sqrt(size)
        normal_covered += stat.mean - z <= 10.0 <= stat.mean + z
    # The standard error of a 95% rate over 4000 trials is 0.0034: allow 4 of them.
    assert abs(covered / trials - 0.95) < 0.014
    if size <= 5:  # the normal interval is visibly too narrow at small n
        assert normal_covered / trials < 0.925


def test_bootstrap_is_deterministic_for_a_seed_and_sensible() -> None:
    values = normal_sample(Rng(5), 30, 2.0, 1.0)
    first = Stat.bootstrap_interval(values, Rng(99), resamples=1000)
    again = Stat.bootstrap_interval(values, Rng(99), resamples=1000)
    other = Stat.bootstrap_interval(values, Rng(100), resamples=1000)
    assert first == again
    assert first != other
    stat = Stat.of(values)
    low, high = first
    assert low < stat.mean < high
    # close to the t interval for 30 roughly normal values
    assert high - low == pytest.approx(2 * stat.half_width, rel=0.2)


def test_bootstrap_does_not_touch_the_global_random_state() -> None:
    import random

    state = random.getstate()
    Stat.bootstrap_interval([1, 2, 3], Rng(1), resamples=50)
    assert random.getstate() == state


def test_bootstrap_edge_cases() -> None:
    assert all(math.isnan(end) for end in Stat.bootstrap_interval([4.0], Rng(1)))
    assert all(math.isnan(end) for end in Stat.bootstrap_interval([], Rng(1)))
    assert Stat.bootstrap_interval([3, 3, 3], Rng(1), resamples=10) == (3.0, 3.0)
    with pytest.raises(CardRulesError, match="resamples"):
        Stat.bootstrap_interval([1, 2], Rng(1), resamples=0)
    with pytest.raises(CardRulesError, match="confidence"):
        Stat.bootstrap_interval([1, 2], Rng(1), confidence=1.0)


def test_display_says_n_a_and_labels_the_interval() -> None:
    assert str(Stat.of([1, 2, 3, 4])) == "2.50 ± 2.05 (95% CI)"
    assert str(Stat.of([5])) == "5.00 (95% CI n/a)"
    assert str(Stat.of([])) == "n/a"
    assert Stat.of([5]).interval_text() == "n/a"
    assert Stat.of([]).interval_text() == "n/a"
    assert Stat.of([1, 3]).interval_text() == format_interval(
        Stat.of([1, 3]).low, Stat.of([1, 3]).high
    )
    for stat in (Stat.of([]), Stat.of([1])):
        assert "nan" not in str(stat) + stat.interval_text()


def test_statistics_without_a_figure_compare_and_hash_equal() -> None:
    assert Stat.of([7]) == Stat(1, 7.0, math.nan) == Stat(1, 7, float("nan"))
    assert hash(Stat.of([7])) == hash(Stat(1, 7.0, float("nan")))
    assert Stat.of([]) == Stat.of([])
    assert Stat.of([1, 2]) != Stat.of([1, 3])
    assert len({Stat.of([]), Stat.of([]), Stat.of([1, 2])}) == 2


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_stat_of_refuses_values_that_are_not_finite(bad: float) -> None:
    with pytest.raises(SimulationError, match="finite"):
        Stat.of((0.0, bad))
