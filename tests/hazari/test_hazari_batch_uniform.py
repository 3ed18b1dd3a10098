"""``arrange(hands, "random")`` is uniform over each hand's valid arrangements (H7).

Many copies of one hand are arranged at once (copy ``i`` draws from its own
generator, ``derive_seed(seed, i)``), and the arrangements drawn are compared with
the uniform distribution over the hand's valid arrangements, enumerated:

- the 4-card group drawn, against the share of valid arrangements with each 4-card
  group (a chi-square test with the shared helper);
- the whole arrangement, one cell per valid arrangement. With thousands of cells the
  chi-square statistic is compared through the Wilson–Hilferty normal approximation
  (the shared helper's series overflows at that many degrees of freedom).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the batch analytics need numpy")

from numpy.typing import NDArray  # noqa: E402

from cardrules import Card, parse_cards  # noqa: E402
from cardrules.hazari import batch as hb  # noqa: E402
from cardrules.hazari import valid_arrangements  # noqa: E402
from tests.chi_square import chi_square, chi_square_sf  # noqa: E402

HANDS = {
    "quads and pairs": "AS AH AD AC KS KH KD KC 2S 2H 2D 2C 3S",  # 9,094 valid
    "mixed": "6S 7C 7D 7S 8D 8H 8S 9S TS KS AC AH AS",
}


def draws(text: str, count: int, seed: int) -> NDArray[Any]:
    hand = [card.index for card in parse_cards(text)]
    result: NDArray[Any] = np.asarray(hb.arrange(np.array([hand] * count), "random", seed=seed))
    return result


def valid_rows(text: str) -> list[tuple[int, ...]]:
    """Every valid arrangement as an arranged row (play order, highest cards first)."""
    return [
        tuple(card.index for group in a.groups for card in group)
        for a in valid_arrangements(parse_cards(text))
    ]


def wilson_hilferty_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for chi-square with ``df`` degrees of freedom, approximately:
    (X / df) ** (1/3) is nearly normal with mean 1 - 2/(9 df) and variance 2/(9 df)."""
    z = ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_the_approximation_agrees_with_the_exact_tail() -> None:
    for statistic, df in ((90.0, 100), (130.0, 100), (1050.0, 1000)):
        exact = chi_square_sf(statistic, df)
        assert abs(wilson_hilferty_sf(statistic, df) - exact) < 0.01 + exact * 0.05


@pytest.mark.parametrize("name", sorted(HANDS))
def test_the_4_card_group_is_drawn_as_often_as_it_is_valid(name: str) -> None:
    text = HANDS[name]
    rows = valid_rows(text)
    fours = Counter(frozenset(r[9:]) for r in rows)
    expected = {four: Fraction(n, len(rows)) for four, n in fours.items()}
    drawn = draws(text, 20_000, seed=len(name))
    counts = Counter(frozenset(r[9:]) for r in drawn.tolist())
    statistic, df = chi_square(counts, expected)
    assert chi_square_sf(statistic, df) > 1e-3, (statistic, df)


def full_fit(text: str, count: int, seed: int) -> tuple[float, int]:
    rows = valid_rows(text)
    assert len(set(rows)) == len(rows)
    drawn, counts = np.unique(draws(text, count, seed), axis=0, return_counts=True)
    observed = dict(zip(map(tuple, drawn.tolist()), counts.tolist(), strict=True))
    assert set(observed) <= set(rows), "an arrangement drawn is not a valid one"
    expected = count / len(rows)
    statistic = sum((observed.get(r, 0) - expected) ** 2 / expected for r in rows)
    return statistic, len(rows) - 1


def test_every_valid_arrangement_is_equally_likely() -> None:
    statistic, df = full_fit(HANDS["quads and pairs"], 60_000, seed=5)
    assert wilson_hilferty_sf(statistic, df) > 1e-3, (statistic, df)


@pytest.mark.soak
def test_every_valid_arrangement_is_equally_likely_closely() -> None:
    for name, text in HANDS.items():
        statistic, df = full_fit(text, 40 * len(valid_rows(text)), seed=len(name) + 9)
        assert wilson_hilferty_sf(statistic, df) > 1e-4, (name, statistic, df)


def test_the_draw_depends_on_the_seed_and_the_copy() -> None:
    one = draws(HANDS["mixed"], 50, seed=1)
    assert (one == draws(HANDS["mixed"], 50, seed=1)).all()
    assert not (one == draws(HANDS["mixed"], 50, seed=2)).all()
    assert len({tuple(r) for r in one.tolist()}) > 40
    assert {Card.from_index(i) for i in one[0].tolist()} == set(parse_cards(HANDS["mixed"]))
