"""How often each kind of combination takes each round, and each seat's points, over many deals.

:class:`HazariStats` counts, over finished deals, for each round 1..4 and each
combination kind (H3) how many groups of that kind were played in the round and how
many took it (H10, H11; a 4-card group counts as the kind of its best three, H6), and
for each seat how many deals it ended with each score (H12: 0 to 360 in steps of 5).
The counts come from either engine, and the two agree deal for deal:

- :meth:`HazariStats.from_games`: finished deals of the scalar engine, as states or as
  records (JSON records or text records, as ``cardrules simulate --out`` writes them).
  It needs nothing beyond the package.
- :meth:`HazariStats.from_batch`: seeds dealt, arranged and played by the batch engine
  (:mod:`cardrules.hazari.batch`; needs the ``numpy`` extra).

Seats are numbered as the deals number them, so compare deals with the same dealer
(``cardrules simulate`` and the batch engine both deal from seat 0 by default; seat 1
then leads round 1).

>>> from cardrules import load_game
>>> from cardrules.hazari.bots import GreedyBot
>>> from cardrules.runner import play_game
>>> from cardrules.rng import Rng
>>> deals = [play_game(load_game("hazari").new_state(seed), [GreedyBot()] * 4, [Rng(0)] * 4)
...          for seed in range(50)]
>>> stats = HazariStats.from_games(deals)
>>> stats.deals, [sum(row) for row in stats.won]  # one winner a round
(50, [50, 50, 50, 50])
>>> print(stats.table())  # doctest: +ELLIPSIS
win rate of a group of each kind, by round
kind          round 1  round 2  round 3  round 4
Trio           ...
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs

from cardrules.cards import _show
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.extras import needs_numpy
from cardrules.hazari.combination import Kind
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.policies import BATCH_POLICIES, check_policies
from cardrules.hazari.rules import HazariRules
from cardrules.hazari.state import HazariState

__all__ = ["BATCH_POLICIES", "POINT_STEP", "ROUNDS", "HazariStats"]

ROUNDS = 4
POINT_STEP = 5
"""Every score is a multiple of 5 (H2), so the points are counted in steps of 5."""
_BINS = 360 // POINT_STEP + 1
_KINDS = len(Kind)

Counts = tuple[tuple[int, ...], ...]


def _zeros(rows: int, columns: int) -> Counts:
    return ((0,) * columns,) * rows


_NO_KINDS = _zeros(ROUNDS, _KINDS)
_NO_POINTS = _zeros(PLAYERS, _BINS)


@attrs.frozen
class HazariStats:
    """Counts over ``deals`` finished deals; rows of ``played`` and ``won`` are rounds 1..4,
    columns the kinds in :class:`~cardrules.hazari.combination.Kind` order (Indi first):
    ``played[r][k]`` groups of kind ``k`` were played in round ``r + 1`` and ``won[r][k]``
    of them took it. ``points[seat][i]`` deals ended with ``seat`` on ``5 * i`` points.

    Counts add up: ``a + b`` holds the deals of both.
    """

    deals: int = 0
    played: Counts = _NO_KINDS
    won: Counts = _NO_KINDS
    points: Counts = _NO_POINTS

    @classmethod
    def from_games(cls, games: Iterable[object]) -> HazariStats:
        """The counts of finished Hazari deals: :class:`~cardrules.hazari.HazariState`
        values, JSON records (dicts or text) or :class:`~cardrules.records.text.TextGame` values.

        A game that is not a finished Hazari deal raises
        :class:`~cardrules.errors.InvalidStateError` naming its place.
        """
        if isinstance(games, (str, bytes, dict)) or not isinstance(games, Iterable):
            raise InvalidStateError(f"games must be an iterable of deals, got {_show(games)}")
        played = [[0] * _KINDS for _ in range(ROUNDS)]
        won = [[0] * _KINDS for _ in range(ROUNDS)]
        points = [[0] * _BINS for _ in range(PLAYERS)]
        deals = 0
        for number, game in enumerate(games):
            state = _finished(game, number)
            for r, round_played in enumerate(state.rounds):
                for seat, arrangement in enumerate(state.arrangements):
                    assert arrangement is not None  # a finished deal
                    kind = arrangement.combinations[r].kind
                    played[r][kind] += 1
                    won[r][kind] += round_played.winner == seat
            for seat, score in enumerate(state.scores):
                points[seat][score // POINT_STEP] += 1
            deals += 1
        return cls(deals, _frozen(played), _frozen(won), _frozen(points))

    @classmethod
    def from_batch(
        cls,
        seeds: object,
        policy: str | Sequence[str] = "greedy",
        *,
        dealer: int = 0,
        rules: HazariRules | None = None,
        seed: int | None = None,
    ) -> HazariStats:
        """The counts of the deals of ``seeds``, dealt as ``HazariState.new(seed=s,
        dealer=dealer)`` deals them, arranged by ``policy`` (one of
        :data:`BATCH_POLICIES` for every seat, or four of ``greedy`` and ``best``, one per
        seat; ``seed`` is the random policy's) and played by the batch engine.

        It needs numpy; without it, it raises :class:`~cardrules.errors.InvalidRulesError`
        saying how to install it.
        """
        policies = check_policies(policy)
        with needs_numpy():
            from cardrules.hazari.batch.stats import deal_counts  # numpy only when asked for
        deals, played, won, points = deal_counts(
            seeds, policies, dealer=dealer, rules=rules, seed=seed
        )
        return cls(deals, played, won, points)

    def __add__(self, other: object) -> HazariStats:
        if not isinstance(other, HazariStats):
            return NotImplemented
        return HazariStats(
            self.deals + other.deals,
            _sum(self.played, other.played),
            _sum(self.won, other.won),
            _sum(self.points, other.points),
        )

    def win_rate(self, round: int, kind: Kind) -> float:
        """The share of the groups of ``kind`` played in ``round`` (1..4) that took it;
        ``nan`` if none was played."""
        if type(round) is not int or not 1 <= round <= ROUNDS:
            raise InvalidStateError(f"round {_show(round)} is not a round in 1..4")
        if not isinstance(kind, Kind):
            raise InvalidStateError(f"{_show(kind)} is not a Kind")
        played = self.played[round - 1][kind]
        return self.won[round - 1][kind] / played if played else math.nan

    def table(self) -> str:
        """Each kind's win rate by round, and the share of each round its winners took,
        strongest kind first, as text; a dash where no group of the kind was played."""
        lines = ["win rate of a group of each kind, by round", _HEADER]
        for kind in sorted(Kind, reverse=True):
            cells = [self.win_rate(r, kind) for r in range(1, ROUNDS + 1)]
            lines.append(f"{kind!s:12} " + " ".join(_percent(cell) for cell in cells))
        lines += ["", "share of the rounds taken by each kind", _HEADER]
        for kind in sorted(Kind, reverse=True):
            won = [self.won[r][kind] / self.deals if self.deals else math.nan for r in range(4)]
            lines.append(f"{kind!s:12} " + " ".join(_percent(cell) for cell in won))
        return "\n".join(lines)

    def points_table(self) -> str:
        """Each seat's points per deal: mean, standard deviation, quartiles, and how often
        it took nothing. Quartiles are nearest-rank: the least score reached by a quarter,
        half and three quarters of the deals."""
        header = "seat     mean     sd  min  25%  median  75%  max  no points"
        lines = [f"points per deal, {self.deals} deal{'s' * (self.deals != 1)}", header]
        for seat, counts in enumerate(self.points):
            lines.append(_points_line(seat, counts, self.deals))
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"{self.table()}\n\n{self.points_table()}"


_HEADER = "kind          round 1  round 2  round 3  round 4"


def _percent(value: float) -> str:
    return f"{'-':>8}" if math.isnan(value) else f"{value:8.1%}"


def _points_line(seat: int, counts: tuple[int, ...], deals: int) -> str:
    if not deals:
        return f"{seat:>4}" + "  n/a" * 8
    values = [(POINT_STEP * i, n) for i, n in enumerate(counts) if n]
    mean = sum(p * n for p, n in values) / deals
    variance = sum(n * (p - mean) ** 2 for p, n in values) / (deals - 1) if deals > 1 else math.nan
    sd = "n/a" if math.isnan(variance) else f"{math.sqrt(variance):.1f}"
    q1, q2, q3 = (_nearest_rank(values, deals, q) for q in (0.25, 0.5, 0.75))
    nothing = counts[0] / deals
    return (
        f"{seat:>4}  {mean:7.1f}  {sd:>5}  {values[0][0]:>3}  {q1:>3}  {q2:>6}  {q3:>3}"
        f"  {values[-1][0]:>3}  {nothing:9.1%}"
    )


def _nearest_rank(values: list[tuple[int, int]], deals: int, q: float) -> int:
    rank = max(1, math.ceil(q * deals))
    seen = 0
    for points, count in values:
        seen += count
        if seen >= rank:
            return points
    return values[-1][0]  # pragma: no cover - the counts sum to deals


def _frozen(rows: list[list[int]]) -> Counts:
    return tuple(tuple(row) for row in rows)


def _sum(a: Counts, b: Counts) -> Counts:
    return tuple(tuple(x + y for x, y in zip(p, q, strict=True)) for p, q in zip(a, b, strict=True))


def _finished(game: object, number: int) -> HazariState:
    """``game`` as a finished deal, or InvalidStateError naming its place."""
    try:
        if isinstance(game, (dict, str, bytes)):
            game = HazariState.from_json(game)
        elif not isinstance(game, HazariState) and callable(getattr(game, "state", None)):
            game = game.state()  # type: ignore[attr-defined]
    except CardRulesError as exc:
        raise InvalidStateError(f"game {number} is not a Hazari deal: {exc}") from None
    if not isinstance(game, HazariState):
        raise InvalidStateError(f"game {number} is not a Hazari deal: {_show(game)}")
    if not game.is_terminal:
        raise InvalidStateError(f"game {number} is not over: seat {game.current_player} to act")
    return game
