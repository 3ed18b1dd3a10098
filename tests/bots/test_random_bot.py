"""RandomBot: uniform, deterministic, legal, and fine with lazy collections."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from toy_game.state import ToyState

from cardrules.bots import Bot, LegalView, RandomBot, bot_name, nth_action
from cardrules.dealing import Dealing
from cardrules.errors import IllegalActionError
from cardrules.game import ActionTuple, LegalActions, check_index
from cardrules.rng import Rng
from cardrules.runner import play_game


class LazyRange(LegalActions[int]):
    """A lazy collection, like a game's huge action sets, that counts how it is read."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.iterations = 0
        self.lookups = 0

    def __getitem__(self, index: int) -> int:
        self.lookups += 1
        return range(self.n)[check_index(index, self.n)]

    def __contains__(self, action: object) -> bool:
        return isinstance(action, int) and 0 <= action < self.n

    def __len__(self) -> int:
        return self.n

    def __iter__(self) -> Iterator[int]:
        self.iterations += 1
        return iter(range(self.n))


def test_random_bot_is_a_bot_with_a_name() -> None:
    assert isinstance(RandomBot(), Bot)
    assert bot_name(RandomBot()) == "random"
    assert repr(RandomBot()) == "RandomBot()"


def test_uniform_over_a_small_set() -> None:
    rng = Rng(12)
    legal = ActionTuple("abcd")
    counts = Counter(RandomBot().choose(None, legal, rng) for _ in range(8000))
    assert set(counts) == set("abcd")
    assert all(1800 < c < 2200 for c in counts.values())


def test_deterministic_given_the_rng_and_equal_for_lazy_and_indexed() -> None:
    picks_lazy = [RandomBot().choose(None, LazyRange(1000), Rng(s)) for s in range(50)]
    picks_tuple = [RandomBot().choose(None, ActionTuple(range(1000)), Rng(s)) for s in range(50)]
    assert picks_lazy == picks_tuple
    assert picks_lazy == [Rng(s).randbelow(1000) for s in range(50)]


def test_lazy_collections_are_indexed_not_iterated() -> None:
    legal = LazyRange(10**6)
    choice = RandomBot().choose(None, legal, Rng(1))
    assert choice in legal
    assert (legal.iterations, legal.lookups) == (0, 1)
    view = LegalView(LazyRange(5))
    assert view[4] == 4
    with pytest.raises(IndexError, match="index 5 out of range for 5"):
        view[5]
    assert nth_action(LazyRange(7), 6) == 6


def test_no_actions_is_an_error() -> None:
    with pytest.raises(IllegalActionError, match="no legal actions"):
        RandomBot().choose(None, ActionTuple(()), Rng(1))


@pytest.mark.parametrize("players", [2, 3])
def test_random_bots_play_only_legal_actions(players: int) -> None:
    for seed in range(300):
        final = play_game(
            ToyState.with_dealing(Dealing(seed=seed), players),
            [RandomBot()] * players,
            [Rng(seed + p) for p in range(players)],
        )
        assert final.is_terminal
        assert sum(final.returns()) == 0
