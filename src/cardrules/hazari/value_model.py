"""The value model: how many card points a group is expected to win in its round.

For each round 1..4 and each of the 741 classes, the model holds the probability
that a group of that class wins the round against three opponents, and the
opponents' card points it then takes. Opponents hold random deals of the other
39 cards and arrange them greedily (:func:`~cardrules.hazari.greedy.greedy_arrangement`).

A group ``g`` played in round ``r`` is then worth, in expected card points::

    score(r, g) = P(win r | class of g) * points(g) + E[opponents' points in r; win]

and the four rounds of an arrangement add up to the arranging player's expected
card points for the deal. :data:`EXPECTED_POINTS` is the default objective of
:func:`~cardrules.hazari.solver.best_arrangement`.

Choices made where the rules leave the model open:

- **Ties (H11).** A table cannot know the seats, so the leader of each round is
  taken as uniformly random. Then each of the ``k + 1`` players tied for the
  highest group is equally likely to have played latest (and equally likely to
  have played first), so a tie is worth ``1 / (k + 1)`` of a win under either tie
  rule; one table serves both. :func:`~cardrules.hazari.equity.arrangement_equity`
  plays the seats out exactly instead.
- **Card removal.** The tables are averaged over all hands: they ignore that the
  arranging player's own cards are missing from the opponents' hands, with one
  exception: nobody else can hold your trio, so a trio's chances leave out the
  deals in which an opponent held that same trio.

The shipped tables come from :func:`generate_tables` with ``deals=DEALS`` and
``seed=SEED`` (every deal counts four times, once from each seat); regenerate
them with ``cardrules hazari value-tables --jobs 2 > value_tables.json``.

>>> from cardrules import parse_cards
>>> from cardrules.hazari import Combination
>>> model = EXPECTED_POINTS
>>> round(model.win_probability(1, Combination.parse("Trio A-A-A")), 3)
1.0
>>> model.win_probability(4, 740) >= model.win_probability(1, 740)
True
>>> 0 < model(1, parse_cards("AS KS QS")) < 100
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from cardrules.cards import Card, _show
from cardrules.errors import InvalidCardsError, InvalidRulesError
from cardrules.hazari.combination import COMBINATIONS, Combination, Kind
from cardrules.hazari.evaluator import evaluate
from cardrules.hazari.greedy import greedy_rounds
from cardrules.hazari.points import POINTS_BY_INDEX
from cardrules.rng import Rng, check_seed, derive_seed

__all__ = [
    "DEALS",
    "EXPECTED_POINTS",
    "MAX_TABLE_DEALS",
    "SEED",
    "Objective",
    "RoundTables",
    "ValueModel",
    "generate_tables",
]

CLASSES = 741
ROUNDS = 4
TIE_SHARES = 12
"""Tie shares are counted in twelfths, so that 1/2, 1/3 and 1/4 stay whole numbers."""
DEALS = 200_000
"""The number of random deals behind the shipped tables."""
SEED = 20260
"""The seed of the shipped tables."""
DATA_FILE = "value_tables.json"
"""The shipped tables, a data file of this package."""


class Objective(Protocol):
    """A per-round score of a group: ``objective(round, cards) -> float``.

    ``round`` is 1..4; ``cards`` is the group played in it (3 cards, or the 4-card
    group in round 4). :func:`~cardrules.hazari.solver.best_arrangement` maximises the
    sum of the four scores.
    """

    def __call__(self, round_number: int, cards: tuple[Card, ...], /) -> float: ...


@attrs.frozen
class RoundTables:
    """Raw counts for one round, by the strength of the opponents' highest group.

    For ``samples`` (deal, seat) pairs and each strength ``s`` of the highest
    opponent group: ``top[s]`` samples had it; ``tie[s]`` sums, in twelfths, the
    share ``1/(k+1)`` a group of strength ``s`` would get when ``k`` opponents hold
    it; ``points[s]`` sums the opponents' card points in the round, and
    ``tie_points[s]`` the same points times the tie share, in twelfths.
    """

    top: tuple[int, ...]
    tie: tuple[int, ...]
    points: tuple[int, ...]
    tie_points: tuple[int, ...]


def _win_and_taken(tables: RoundTables, samples: int) -> tuple[list[float], list[float]]:
    win, taken = [], []
    below = below_points = 0
    for s in range(CLASSES):
        if COMBINATIONS[s].kind is Kind.TRIO:
            # Nobody else can hold the same trio: leave out the samples where one did.
            rest = samples - tables.top[s]
            win.append(below / rest if rest else 1.0)
            taken.append(below_points / rest if rest else 0.0)
        else:
            win.append((below * TIE_SHARES + tables.tie[s]) / (samples * TIE_SHARES))
            taken.append(
                (below_points * TIE_SHARES + tables.tie_points[s]) / (samples * TIE_SHARES)
            )
        below += tables.top[s]
        below_points += tables.points[s]
    return win, taken


def _check_tables(samples: object, rounds: object) -> None:
    """Check the counts a :class:`ValueModel` is built from (shape and totals)."""
    if type(samples) is not int or samples <= 0:
        raise InvalidRulesError(f"value tables need a positive sample count, got {_show(samples)}")
    if not isinstance(rounds, Sequence) or isinstance(rounds, (str, bytes)):
        raise InvalidRulesError(f"value tables need 4 rounds of counts, got {_show(rounds)}")
    if len(rounds) != ROUNDS:
        raise InvalidRulesError(f"value tables need 4 rounds of counts, got {len(rounds)}")
    for number, tables in enumerate(rounds, 1):
        if not isinstance(tables, RoundTables):
            raise InvalidRulesError(f"round {number} of the value tables is {_show(tables)}")
        columns = (tables.top, tables.tie, tables.points, tables.tie_points)
        try:
            shaped = all(len(column) == CLASSES for column in columns)
            total = sum(tables.top) if shaped else 0
        except TypeError:
            shaped = False
        if not shaped:
            raise InvalidRulesError(f"round {number} of the value tables is not 741 classes")
        if total != samples:
            raise InvalidRulesError(
                f"round {number} of the value tables counts {_show(total)} samples, not {samples}"
            )


@attrs.frozen(eq=False, repr=False)
class ValueModel:
    """Per-round win probabilities and expected winnings of every class; an :class:`Objective`.

    Build one from counts with :meth:`from_tables`; the shipped one is
    :data:`EXPECTED_POINTS`.
    """

    deals: int
    seed: int
    samples: int
    rounds: tuple[RoundTables, RoundTables, RoundTables, RoundTables]
    win: tuple[tuple[float, ...], ...] = attrs.field(init=False)
    taken: tuple[tuple[float, ...], ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        _check_tables(self.samples, self.rounds)
        pairs = [_win_and_taken(tables, self.samples) for tables in self.rounds]
        object.__setattr__(self, "win", tuple(tuple(win) for win, _ in pairs))
        object.__setattr__(self, "taken", tuple(tuple(taken) for _, taken in pairs))

    @classmethod
    def from_tables(
        cls, deals: int, seed: int, samples: int, rounds: Sequence[RoundTables]
    ) -> ValueModel:
        """A model from the counts of :func:`generate_tables`; checks their shape."""
        _check_tables(samples, rounds)
        a, b, c, d = rounds
        return cls(deals, seed, samples, (a, b, c, d))

    def win_probability(self, round_number: int, combination: Combination | int) -> float:
        """The chance that a group of this combination (or strength) wins round 1..4."""
        return self.win[_round_index(round_number)][_strength(combination)]

    def expected_taken(self, round_number: int, combination: Combination | int) -> float:
        """The opponents' card points a group of this class is expected to take in a round."""
        return self.taken[_round_index(round_number)][_strength(combination)]

    def __call__(self, round_number: int, cards: tuple[Card, ...], /) -> float:
        """The expected card points won by playing ``cards`` in round ``round_number``."""
        r = _round_index(round_number)
        strength = evaluate(cards).strength
        points = sum(POINTS_BY_INDEX[card.index] for card in cards)
        return self.win[r][strength] * points + self.taken[r][strength]

    def __repr__(self) -> str:
        return f"<ValueModel: {self.deals} deals, seed {self.seed}>"


def _round_index(round_number: int) -> int:
    if type(round_number) is not int or not 1 <= round_number <= ROUNDS:
        raise InvalidCardsError(f"round {_show(round_number)} is not one of 1, 2, 3, 4")
    return round_number - 1


def _strength(combination: Combination | int) -> int:
    if isinstance(combination, Combination):
        return combination.strength
    return Combination.from_strength(combination).strength


# --- generation ---------------------------------------------------------------


def _deal_rounds(seed: int, deal: int) -> list[list[tuple[int, int]]]:
    """Each seat's (strength, points) per round for one random deal, arranged greedily."""
    order = Rng(derive_seed(seed, deal)).shuffled(range(52))
    return [
        greedy_rounds(tuple(Card.from_index(i) for i in sorted(order[seat * 13 : seat * 13 + 13])))
        for seat in range(4)
    ]


def _count_chunk(seed: int, start: int, stop: int) -> list[list[list[int]]]:
    """Counts ``[round][top, tie, points, tie_points][strength]`` for deals start..stop-1."""
    counts = [[[0] * CLASSES for _ in range(4)] for _ in range(ROUNDS)]
    for deal in range(start, stop):
        seats = _deal_rounds(seed, deal)
        for r in range(ROUNDS):
            groups = [seats[p][r] for p in range(4)]
            top, tie, points, tie_points = counts[r]
            for me in range(4):
                high, holders, opp_points = -1, 0, 0
                for p in range(4):
                    if p == me:
                        continue
                    s, pts = groups[p]
                    opp_points += pts
                    if s > high:
                        high, holders = s, 1
                    elif s == high:
                        holders += 1
                share = TIE_SHARES // (holders + 1)
                top[high] += 1
                tie[high] += share
                points[high] += opp_points
                tie_points[high] += opp_points * share
    return counts


MAX_TABLE_DEALS = 10**8
"""The most deals :func:`generate_tables` will count (about a day on one core)."""


def generate_tables(deals: int, seed: int, *, workers: int = 1) -> ValueModel:
    """Deal ``deals`` random deals from ``seed``, arrange every hand greedily, count.

    Deal ``d`` is shuffled with ``Rng(derive_seed(seed, d))``, so the result does
    not depend on ``workers``.

    >>> small = generate_tables(20, 1)
    >>> small.samples, round(sum(small.rounds[0].top) / small.samples, 3)
    (80, 1.0)
    """
    check_seed(seed)
    if type(deals) is not int or not 0 < deals <= MAX_TABLE_DEALS:
        raise InvalidRulesError(
            f"deals must be a whole number from 1 to {MAX_TABLE_DEALS}, got {_show(deals)}"
        )
    if type(workers) is not int or not 1 <= workers <= 1024:
        raise InvalidRulesError(
            f"workers must be a whole number from 1 to 1024, got {_show(workers)}"
        )
    step = max(1, -(-deals // (workers * 8)))
    bounds = [(start, min(deals, start + step)) for start in range(0, deals, step)]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            starts, stops = [a for a, _ in bounds], [b for _, b in bounds]
            chunks = list(pool.map(_count_chunk, [seed] * len(bounds), starts, stops))
    else:
        chunks = [_count_chunk(seed, a, b) for a, b in bounds]
    rounds = []
    for r in range(ROUNDS):
        sums = [[sum(chunk[r][k][s] for chunk in chunks) for s in range(CLASSES)] for k in range(4)]
        rounds.append(RoundTables(*(tuple(column) for column in sums)))
    return ValueModel.from_tables(deals, seed, deals * 4, rounds)


def _load() -> ValueModel:
    with open(os.path.join(os.path.dirname(__file__), DATA_FILE), encoding="ascii") as file:
        text = file.read()
    return model_from_json(json.loads(text))


def model_from_json(data: dict[str, Any]) -> ValueModel:
    """A model from the form written by :func:`model_to_json`."""
    rounds = [RoundTables(*(tuple(column) for column in table)) for table in data["rounds"]]
    return ValueModel.from_tables(data["deals"], data["seed"], data["samples"], rounds)


def model_to_json(model: ValueModel) -> dict[str, Any]:
    """The model's counts as JSON-ready data (the shipped tables' file format)."""
    return {
        "deals": model.deals,
        "seed": model.seed,
        "samples": model.samples,
        "rounds": [
            [list(t.top), list(t.tie), list(t.points), list(t.tie_points)] for t in model.rounds
        ],
    }


EXPECTED_POINTS: ValueModel = _load()
"""The shipped model: expected card points per group and round (the default objective)."""
