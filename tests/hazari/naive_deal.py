"""A naive, independent Hazari deal resolver for tests (H2-H6, H10-H12).

It shares nothing with the library's tables: cards are read back from their text
form, combinations are ranked by plain tuples, and rounds are played by a loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

RANKS = "23456789TJQKA"


def _rank_suit(card: object) -> tuple[int, str]:
    text = str(card)
    return RANKS.index(text[0]) + 2, text[1]


def _run_value(ranks: list[int]) -> int | None:
    """12 runs: 4-3-2 is 0 ... K-Q-J is 9, A-2-3 is 10, A-K-Q is 11."""
    values = sorted(ranks)
    if values == [2, 3, 14]:
        return 10
    if values == [12, 13, 14]:
        return 11
    if values[1] == values[0] + 1 and values[2] == values[1] + 1:
        return values[2] - 4
    return None


def key3(cards: Sequence[object]) -> tuple[int, ...]:
    """A tuple that orders three cards by H3-H5 (bigger is stronger)."""
    parsed = [_rank_suit(card) for card in cards]
    ranks = sorted((rank for rank, _ in parsed), reverse=True)
    one_suit = len({suit for _, suit in parsed}) == 1
    if ranks[0] == ranks[2]:
        return (5, ranks[0])
    run = _run_value(ranks)
    if run is not None:
        return (4 if one_suit else 3, run)
    if one_suit:
        return (2, *ranks)
    if ranks[0] == ranks[1]:
        return (1, ranks[0], ranks[2])
    if ranks[1] == ranks[2]:
        return (1, ranks[1], ranks[0])
    return (0, *ranks)


def key(cards: Sequence[object]) -> tuple[int, ...]:
    """Three cards by :func:`key3`; four cards by their best three (H6)."""
    if len(cards) == 3:
        return key3(cards)
    return max(key3(three) for three in combinations(cards, 3))


def points(cards: Sequence[object]) -> int:
    return sum(10 if _rank_suit(card)[0] >= 10 else 5 for card in cards)


def play_deal(
    groups_by_seat: Sequence[Sequence[Sequence[object]]], dealer: int, latest_wins: bool
) -> tuple[list[int], list[int], list[int]]:
    """(leaders, winners, scores) of a deal from each seat's four groups in play order."""
    leader = (dealer + 1) % 4
    leaders, winners, scores = [], [], [0, 0, 0, 0]
    for number in range(4):
        leaders.append(leader)
        best_seat, best_key = -1, None
        for offset in range(4):
            seat = (leader + offset) % 4
            k = key(groups_by_seat[seat][number])
            if best_key is None or k > best_key or (latest_wins and k == best_key):
                best_seat, best_key = seat, k
        winners.append(best_seat)
        scores[best_seat] += sum(points(groups_by_seat[s][number]) for s in range(4))
        leader = best_seat
    return leaders, winners, scores
