"""The sampling tests' chi-square tail against published table values."""

from __future__ import annotations

import pytest

from tests.chi_square import chi_square_sf


@pytest.mark.parametrize(
    ("statistic", "df", "p"),
    [
        (3.841459, 1, 0.05),
        (5.991465, 2, 0.05),
        (7.814728, 3, 0.05),
        (13.276704, 4, 0.01),
        (38.885139, 26, 0.05),
    ],
)
def test_the_chi_square_tail_matches_the_tables(statistic: float, df: int, p: float) -> None:
    assert chi_square_sf(statistic, df) == pytest.approx(p, rel=1e-5)
