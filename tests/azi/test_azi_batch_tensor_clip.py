"""The batch tensor clips chip amounts and counts as the scalar tensor does."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

from cardrules.azi import tensors  # noqa: E402
from cardrules.azi.batch.tensors import _chips, _counts  # noqa: E402

AMOUNTS = st.integers(-(2**52), 2**52)
ANTES = st.integers(1, 1_000_000)


@given(st.lists(AMOUNTS, min_size=1, max_size=20), ANTES)
def test_chips_clip_like_the_scalar_tensor(amounts: list[int], ante: int) -> None:
    got = _chips(np.array(amounts, dtype=np.int64), ante).tolist()
    assert got == [tensors._chips(amount, ante) for amount in amounts]


@given(st.lists(st.integers(0, 2**40), min_size=1, max_size=20))
def test_counts_clip_like_the_scalar_tensor(counts: list[int]) -> None:
    got = _counts(np.array(counts, dtype=np.int64)).astype(np.float64).tolist()
    assert got == [tensors._count(count) for count in counts]


def test_a_pot_of_ten_million_antes_reads_one_million() -> None:
    assert _chips(np.array([10**7 * 40, -(10**7) * 40, 400]), 40).tolist() == [
        1_000_000.0,
        -1_000_000.0,
        10.0,
    ]
