"""History against its reference, a tuple: adding, reading, equality, hash, copies."""

from __future__ import annotations

import copy
import pickle

import attrs
from hypothesis import given
from hypothesis import strategies as st

from cardrules.hazari import HazariMatch
from cardrules.match import History

games = st.lists(st.integers(-3, 3), max_size=12)


@given(games, games)
def test_a_history_reads_as_the_tuple_of_its_games(first: list[int], more: list[int]) -> None:
    history = History(first)
    grown = history
    for game in more:
        grown = grown.add(game)
    expected = (*first, *more)
    assert tuple(grown) == expected and len(grown) == len(expected)
    assert list(reversed(grown)) == list(reversed(expected))
    assert [grown[i] for i in range(-len(expected), len(expected))] == [*expected, *expected]
    assert grown[1:-1] == expected[1:-1]
    assert tuple(history) == tuple(first)  # adding left the shorter history as it was
    assert hash(grown) == hash(expected)
    assert (grown == History(expected)) and History(grown) == grown
    assert repr(grown) == f"History({expected!r})"


@given(games, games)
def test_histories_are_equal_exactly_when_their_tuples_are(a: list[int], b: list[int]) -> None:
    assert (History(a) == History(b)) == (tuple(a) == tuple(b))
    assert History(a) != tuple(a)  # a history is not a tuple, as a tuple is not a list


def test_a_long_history_pickles_copies_and_compares_without_deep_recursion() -> None:
    history = History(range(50_000)).add(-1)
    for copied in (pickle.loads(pickle.dumps(history)), copy.deepcopy(history)):
        assert copied == history and copied[-1] == -1 and len(copied) == 50_001
    assert history != History(range(50_001))


def test_a_match_evolves_with_finished_as_a_tuple_or_a_history() -> None:
    match = HazariMatch.new(seed=3)
    while not match.finished:
        match = match.apply(match.legal_actions()[0])
    assert isinstance(match.finished, tuple)
    again = attrs.evolve(match, finished=match.finished)
    assert again == match and hash(again) == hash(match)
    assert attrs.evolve(match, finished=()) != match
