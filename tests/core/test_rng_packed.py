"""The packed shuffle of :class:`cardrules.rng.Rng` against a one-draw-at-a-time reference.

Seeded deals must replay identically across versions, so the packed draws must give
exactly the draws, the rejections and the final state of the plain algorithm.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardrules import Rng
from cardrules.rng import _shuffle_plan

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
C1 = 0xBF58476D1CE4E5B9
C2 = 0x94D049BB133111EB


def mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * C1) & MASK
    z = ((z ^ (z >> 27)) * C2) & MASK
    return z ^ (z >> 31)


def unxorshift(z: int, shift: int) -> int:
    x = z
    for _ in range(64 // shift + 1):
        x = z ^ (x >> shift)
    return x


def unmix(z: int) -> int:
    z = unxorshift(z, 31)
    z = (z * pow(C2, -1, 1 << 64)) & MASK
    z = unxorshift(z, 27)
    z = (z * pow(C1, -1, 1 << 64)) & MASK
    return unxorshift(z, 30)


class Reference:
    """SplitMix64 with Fisher-Yates, one rejection-sampled draw at a time."""

    def __init__(self, state: int) -> None:
        self.state = state

    def below(self, n: int) -> int:
        limit = (1 << 64) - (1 << 64) % n
        while True:
            self.state = (self.state + GAMMA) & MASK
            z = mix(self.state)
            if z < limit:
                return z % n

    def shuffled(self, items: list[int]) -> list[int]:
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


def seed_drawing(first: int) -> int:
    """A seed whose first 64-bit draw is ``first``."""
    return (unmix(first) - GAMMA) & MASK


def test_unmix_inverts_mix() -> None:
    for z in (0, 1, MASK, 0x0123456789ABCDEF):
        assert mix(unmix(z)) == z
        assert Rng(seed_drawing(z)).next_u64() == z


@given(st.integers(min_value=0, max_value=MASK), st.integers(min_value=0, max_value=70))
def test_shuffled_and_dealt_match_the_reference(seed: int, n: int) -> None:
    items = list(range(n))
    ref = Reference(seed)
    expected = ref.shuffled(items)
    rng = Rng(seed)
    assert rng.shuffled(items) == expected
    rng = Rng(seed)
    rng.shuffled(items)
    assert repr(rng) == f"Rng.from_state({ref.state})"
    cut = ref.below(n + 1)
    rng = Rng(seed)
    assert rng._dealt(items) == tuple(expected[cut:] + expected[:cut])
    assert repr(rng) == f"Rng.from_state({ref.state})"


def test_a_rejected_draw_is_redrawn_as_before() -> None:
    # A first draw of 2**64 - 1 is rejected for the first bound (27, as 2**64 % 27 != 0),
    # and for the cut's bound: both the packed shuffle and the packed deal must redraw.
    for n in (27, 36, 52):
        seed = seed_drawing(MASK)
        assert _shuffle_plan(n, cut=False)[0].draws(seed) is None  # the packed path gives way
        ref = Reference(seed)
        expected = ref.shuffled(list(range(n)))
        rng = Rng(seed)
        assert rng.shuffled(range(n)) == expected
        assert repr(rng) == f"Rng.from_state({ref.state})"
        # The cut's draw (after n - 1 swaps) rejected:
        cut_seed = (seed_drawing(MASK) - (n - 1) * GAMMA) & MASK
        assert _shuffle_plan(n, cut=True)[0].draws(cut_seed) is None
        ref = Reference(cut_seed)
        expected = ref.shuffled(list(range(n)))
        cut = ref.below(n + 1)
        rng = Rng(cut_seed)
        assert rng._dealt(range(n)) == tuple(expected[cut:] + expected[:cut])
        assert repr(rng) == f"Rng.from_state({ref.state})"
