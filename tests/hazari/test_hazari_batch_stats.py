"""``round_stats`` counts what the scalar engine's rounds show, deal by deal, and is
:meth:`HazariStats.from_batch` under another name."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="the batch analytics need numpy")

from numpy.typing import NDArray  # noqa: E402

from cardrules import Rng  # noqa: E402
from cardrules.errors import InvalidRulesError, InvalidSeedError  # noqa: E402
from cardrules.hazari import (  # noqa: E402
    HazariRules,
    HazariState,
    TieRule,
    Up,
    evaluate,
)
from cardrules.hazari import batch as hb  # noqa: E402
from cardrules.hazari.batch import stats as batch_stats  # noqa: E402
from cardrules.hazari.batch.stats import deal_counts  # noqa: E402
from cardrules.hazari.combination import COMBINATIONS, Kind  # noqa: E402
from cardrules.hazari.stats import HazariStats, round_stats  # noqa: E402


def scalar_counts(
    seeds: list[int], arranged: NDArray[Any], dealer: int, rules: HazariRules
) -> tuple[Counter[tuple[int, int]], Counter[tuple[int, int]]]:
    """(round, strength) counts of the groups played and of the winning groups."""
    played: Counter[tuple[int, int]] = Counter()
    won: Counter[tuple[int, int]] = Counter()
    for i, seed in enumerate(seeds):
        state = HazariState.new(seed=seed, dealer=dealer, rules=rules)
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            state = state.apply(Up(hb.arrangement_of(arranged[i, player])))
        for r, rnd in enumerate(state.rounds):
            for group in rnd.groups:
                played[r, evaluate(group).strength] += 1
            won[r, evaluate(rnd.group_of(rnd.winner)).strength] += 1
    return played, won


def as_counter(counts: tuple[tuple[int, ...], ...]) -> Counter[tuple[int, int]]:
    return Counter({(r, s): n for r, row in enumerate(counts) for s, n in enumerate(row) if n})


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_counts_equal_the_scalar_rounds(policy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_stats, "_BLOCK", 7)  # several blocks, with a short last one
    seeds = list(range(100, 130))
    rules = HazariRules(tie_rule=TieRule.FIRST)
    seed = 5 if policy == "random" else None
    stats = round_stats(seeds, policy, dealer=2, rules=rules, seed=seed)
    arranged = np.asarray(hb.arrange(hb.deal(seeds, dealer=2), policy, seed=seed))
    played, won = scalar_counts(seeds, arranged, 2, rules)
    assert stats.deals == len(seeds)
    assert as_counter(stats.class_played) == played
    assert as_counter(stats.class_won) == won
    assert stats == HazariStats.from_batch(seeds, policy, dealer=2, rules=rules, seed=seed)


def test_kinds_rates_and_table() -> None:
    stats = round_stats(range(300))
    assert isinstance(stats, HazariStats)
    assert [sum(row) for row in stats.played] == [1200] * 4
    assert [sum(row) for row in stats.won] == [300] * 4
    for r in range(4):  # the kinds are the classes summed by kind
        for kind in Kind:
            classes = [s for s, c in enumerate(COMBINATIONS) if c.kind is kind]
            assert stats.played[r][kind] == sum(stats.class_played[r][s] for s in classes)
    rows = list(stats.to_rows("class"))
    assert all(0 <= row["win_rate"] <= 1 for row in rows)  # type: ignore[operator]
    assert sum(row["played"] for row in rows) == 4800  # type: ignore[misc]
    top = [row for row in rows if row["round"] == 1 and row["strength"] == 740]
    assert all(row["win_rate"] == 1.0 for row in top)  # A-A-A played first always takes it
    lines = stats.table().splitlines()
    assert lines[1].split()[:3] == ["kind", "round", "1"]
    assert [line[:12].strip() for line in lines[2:8]] == [
        str(k) for k in sorted(Kind, reverse=True)
    ]


def test_bad_requests_are_refused() -> None:
    with pytest.raises(InvalidRulesError, match="unknown policy"):
        round_stats([1], "fancy")
    with pytest.raises(InvalidSeedError, match="needs a seed"):
        round_stats([1], "random")
    with pytest.raises(InvalidRulesError, match="only the random policy"):
        round_stats([1], "best", seed=3)
    with pytest.raises(InvalidSeedError):
        round_stats([-1])
    with pytest.raises(InvalidRulesError):
        round_stats([1], dealer=9)
    rng = Rng(4)
    by_rng = round_stats([1, 2], "random", seed=rng)
    assert by_rng == round_stats([1, 2], "random", seed=Rng(4).next_u64())


_JUNK = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=8),
    st.lists(st.one_of(st.text(max_size=7), st.integers(), st.none()), max_size=6),
    st.tuples(*[st.sampled_from(["greedy", "best", "random", "GREEDY", ""])] * 4),
    st.builds(lambda n: ("greedy",) * n, st.integers(0, 6)),
)


@settings(max_examples=60, deadline=None)
@given(policy=_JUNK)
def test_a_wrong_policy_is_an_invalid_rules_error(policy: Any) -> None:
    """Whatever the policy, deal_counts counts or raises the package's error."""
    fine = policy in ("greedy", "best") or (
        isinstance(policy, (tuple, list))
        and len(policy) == 4
        and all(isinstance(p, str) and p in ("greedy", "best") for p in policy)
    )
    if fine:
        assert deal_counts(range(2), policy)[0] == 2
    elif policy == "random":
        with pytest.raises(InvalidSeedError, match="needs a seed"):
            deal_counts(range(2), policy)
    else:
        with pytest.raises(InvalidRulesError, match="polic"):
            deal_counts(range(2), policy)
