"""How often each combination takes each round, and each seat's points, over many deals.

:class:`HazariStats` is the one result of every route to these figures. It counts,
over finished deals, for each round 1..4 and each of the 741 combination classes (and
so each kind, H3) how many groups of it were played in the round and how many took it
(H10, H11; a 4-card group counts as its best three, H6), and for each seat how many
deals it ended with each score (H12: 0 to 360 in steps of 5). The routes:

- :meth:`HazariStats.from_games`: finished deals of the scalar engine, as states or as
  records (JSON records or text records, as ``cardrules simulate --out`` writes them).
  It needs nothing beyond the package.
- :meth:`HazariStats.from_batch` and :func:`round_stats` (the same function): seeds
  dealt, arranged and played by the batch engine (:mod:`cardrules.hazari.batch.stats`;
  needs the ``numpy`` extra).
- ``cardrules hazari stats --deals N --seed S``: either engine, the same table.

**The seed convention.** A run of ``N`` deals with master seed ``S`` deals deal ``i``
from ``derive_seed(S, i)``: :func:`~cardrules.rng.game_seeds` gives these seeds,
:func:`~cardrules.runner.simulate` and the command line deal them, and the batch
routes take them, so every route counts the very same deals and prints the same
figures. Seats are numbered as the deals number them (seat 0 deals by default; seat 1
then leads round 1).

:meth:`~HazariStats.table` and :meth:`~HazariStats.points_table` are for people;
:meth:`~HazariStats.to_rows` (by kind or by class), :meth:`~HazariStats.points_rows`
and :meth:`~HazariStats.to_pandas` give the counts as data, as
:class:`~cardrules.runner.SimulationResult` does.

>>> from cardrules import load_game
>>> from cardrules.hazari.bots import GreedyBot
>>> from cardrules.runner import play_game
>>> from cardrules.rng import Rng, game_seeds
>>> deals = [play_game(load_game("hazari").new_state(seed), [GreedyBot()] * 4, [Rng(0)] * 4)
...          for seed in game_seeds(50)]
>>> stats = HazariStats.from_games(deals)
>>> stats.deals, [sum(row) for row in stats.won]  # one winner a round
(50, [50, 50, 50, 50])
>>> print(stats.table())  # doctest: +ELLIPSIS
win rate of a group of each kind, by round
kind          round 1  round 2  round 3  round 4
Trio           ...
>>> next(stats.to_rows())
{'round': 1, 'kind': 'Trio', 'played': 88, 'won': 42, 'win_rate': 0.4772727272727273, 'share': 0.84}
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from cardrules.cards import _show
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.extras import needs_numpy
from cardrules.hazari.combination import COMBINATIONS, Kind
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.policies import BATCH_POLICIES, check_policies
from cardrules.hazari.rules import HazariRules
from cardrules.hazari.state import HazariState
from cardrules.rng import Rng
from cardrules.tables import Row, data_frame

__all__ = ["BATCH_POLICIES", "CLASSES", "POINT_STEP", "ROUNDS", "HazariStats", "round_stats"]

ROUNDS = 4
CLASSES = len(COMBINATIONS)
"""The combination classes, by strength 0..740 (weakest first)."""
POINT_STEP = 5
"""Every score is a multiple of 5 (H2), so the points are counted in steps of 5."""
_BINS = 360 // POINT_STEP + 1
_KINDS = len(Kind)
_KIND_OF = tuple(combination.kind for combination in COMBINATIONS)

Counts = tuple[tuple[int, ...], ...]
SparseCounts = Mapping[tuple[int, int], int]
"""Counts given by ``(row, column)``, the cells not named being 0 (as ``repr`` writes them)."""


def _zeros(rows: int, columns: int) -> Counts:
    return ((0,) * columns,) * rows


def _dense(value: object, rows: int, columns: int, what: str) -> Counts:
    """``value`` as a ``rows`` x ``columns`` table of counts; it may be one already, or a
    mapping of ``(row, column)`` to count."""
    if isinstance(value, Mapping):
        table = [[0] * columns for _ in range(rows)]
        for key, count in value.items():
            if not (
                isinstance(key, tuple)
                and len(key) == 2
                and all(type(index) is int for index in key)
                and 0 <= key[0] < rows
                and 0 <= key[1] < columns
            ):
                raise InvalidStateError(f"{what} has no cell {_show(key)}")
            table[key[0]][key[1]] = count
        value = table
    if not isinstance(value, (tuple, list)) or len(value) != rows:
        raise InvalidStateError(f"{what} must be {rows} rows of counts, got {_show(value)}")
    dense = tuple(tuple(row) if isinstance(row, (tuple, list)) else () for row in value)
    if any(len(row) != columns for row in dense) or not all(
        type(n) is int and n >= 0 for row in dense for n in row
    ):
        raise InvalidStateError(
            f"{what} must be {rows} rows of {columns} whole numbers, 0 or more, got {_show(value)}"
        )
    return dense


def _class_played(value: object) -> Counts:
    return _dense(value, ROUNDS, CLASSES, "class_played")


def _class_won(value: object) -> Counts:
    return _dense(value, ROUNDS, CLASSES, "class_won")


def _points(value: object) -> Counts:
    return _dense(value, PLAYERS, _BINS, "points")


def _sparse(counts: Counts) -> dict[tuple[int, int], int]:
    return {(r, c): n for r, row in enumerate(counts) for c, n in enumerate(row) if n}


_NO_CLASSES = _zeros(ROUNDS, CLASSES)
_NO_POINTS = _zeros(PLAYERS, _BINS)


@attrs.frozen(repr=False)
class HazariStats:
    """Counts over ``deals`` finished deals. Rows of ``class_played`` and ``class_won``
    are rounds 1..4, columns the combination classes by strength (0..740):
    ``class_played[r][s]`` groups of strength ``s`` were played in round ``r + 1`` and
    ``class_won[r][s]`` of them took it. :attr:`played` and :attr:`won` are the same by
    kind, columns in :class:`~cardrules.hazari.combination.Kind` order (Indi first).
    ``points[seat][i]`` deals ended with ``seat`` on ``5 * i`` points.

    Counts add up: ``a + b`` holds the deals of both. A table of counts may also be
    given as a mapping of ``(row, column)`` to count (the cells not named are 0),
    which is how ``repr`` writes them.
    """

    deals: int = 0
    class_played: Counts = attrs.field(default=_NO_CLASSES, converter=_class_played)
    class_won: Counts = attrs.field(default=_NO_CLASSES, converter=_class_won)
    points: Counts = attrs.field(default=_NO_POINTS, converter=_points)
    _by_kind: tuple[Counts, Counts] = attrs.field(init=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if type(self.deals) is not int or self.deals < 0:
            raise InvalidStateError(
                f"deals must be a whole number, 0 or more, got {_show(self.deals)}"
            )
        object.__setattr__(self, "_by_kind", (_kinds(self.class_played), _kinds(self.class_won)))

    @property
    def played(self) -> Counts:
        """Groups played by round (rows 1..4) and kind (columns in ``Kind`` order)."""
        return self._by_kind[0]

    @property
    def won(self) -> Counts:
        """Groups that took their round, by round and kind, as :attr:`played`."""
        return self._by_kind[1]

    @classmethod
    def from_games(cls, games: Iterable[object]) -> HazariStats:
        """The counts of finished Hazari deals: :class:`~cardrules.hazari.HazariState`
        values, JSON records (dicts or text) or :class:`~cardrules.records.text.TextGame` values.

        A game that is not a finished Hazari deal raises
        :class:`~cardrules.errors.InvalidStateError` naming its place.
        """
        if isinstance(games, (str, bytes, dict)) or not isinstance(games, Iterable):
            raise InvalidStateError(f"games must be an iterable of deals, got {_show(games)}")
        played = [[0] * CLASSES for _ in range(ROUNDS)]
        won = [[0] * CLASSES for _ in range(ROUNDS)]
        points = [[0] * _BINS for _ in range(PLAYERS)]
        deals = 0
        for number, game in enumerate(games):
            state = _finished(game, number)
            for r, round_played in enumerate(state.rounds):
                for seat, arrangement in enumerate(state.arrangements):
                    assert arrangement is not None  # a finished deal
                    strength = arrangement.combinations[r].strength
                    played[r][strength] += 1
                    won[r][strength] += round_played.winner == seat
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
        seed: int | Rng | None = None,
    ) -> HazariStats:
        """The counts of the deals of ``seeds``, dealt as ``HazariState.new(seed=s,
        dealer=dealer)`` deals them, arranged by ``policy`` (one of
        :data:`BATCH_POLICIES` for every seat, or four of ``greedy`` and ``best``, one per
        seat; ``seed`` is the random policy's) and played by the batch engine. For the
        deals of a run, pass :func:`~cardrules.rng.game_seeds` (``game_seeds(N, S)``).

        It needs numpy; without it, it raises :class:`~cardrules.errors.InvalidRulesError`
        saying how to install it.
        """
        policies = check_policies(policy)
        with needs_numpy():
            from cardrules.hazari.batch.stats import deal_counts  # numpy only when asked for
        return cls(*deal_counts(seeds, policies, dealer=dealer, rules=rules, seed=seed))

    def __add__(self, other: object) -> HazariStats:
        if not isinstance(other, HazariStats):
            return NotImplemented
        return HazariStats(
            self.deals + other.deals,
            _sum(self.class_played, other.class_played),
            _sum(self.class_won, other.class_won),
            _sum(self.points, other.points),
        )

    def __repr__(self) -> str:
        return (
            f"HazariStats(deals={self.deals}, class_played={_sparse(self.class_played)},"
            f" class_won={_sparse(self.class_won)}, points={_sparse(self.points)})"
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

    def to_rows(self, by: str = "kind") -> Iterator[Row]:
        """The counts as flat rows, round by round, ready for CSV, JSON lines or a data
        frame (:mod:`cardrules.tables`).

        ``by="kind"``: one row per round and kind, strongest kind first: ``round``,
        ``kind``, ``played``, ``won``, ``win_rate`` (of the kind's groups played in the
        round, the share that took it) and ``share`` (of the rounds, the share the kind
        took); a rate is ``None`` where there is nothing to divide by. ``by="class"``:
        one row per round and combination class played in it, strongest first:
        ``round``, ``strength``, ``combination``, ``kind``, ``played``, ``won``,
        ``win_rate``.
        """
        if by == "kind":
            return self._kind_rows()
        if by == "class":
            return self._class_rows()
        raise InvalidStateError(f"by must be 'kind' or 'class', got {_show(by)}")

    def _kind_rows(self) -> Iterator[Row]:
        for r in range(ROUNDS):
            for kind in sorted(Kind, reverse=True):
                played, won = self.played[r][kind], self.won[r][kind]
                yield {
                    "round": r + 1,
                    "kind": str(kind),
                    "played": played,
                    "won": won,
                    "win_rate": won / played if played else None,
                    "share": won / self.deals if self.deals else None,
                }

    def _class_rows(self) -> Iterator[Row]:
        for r in range(ROUNDS):
            for strength in range(CLASSES - 1, -1, -1):
                played = self.class_played[r][strength]
                if played:
                    won = self.class_won[r][strength]
                    yield {
                        "round": r + 1,
                        "strength": strength,
                        "combination": str(COMBINATIONS[strength]),
                        "kind": str(_KIND_OF[strength]),
                        "played": played,
                        "won": won,
                        "win_rate": won / played,
                    }

    def points_rows(self) -> Iterator[Row]:
        """Each seat's scores as rows: ``seat``, ``points`` and ``deals`` (how many deals
        the seat ended on those points), for every score some deal ended on."""
        for seat, counts in enumerate(self.points):
            for i, deals in enumerate(counts):
                if deals:
                    yield {"seat": seat, "points": POINT_STEP * i, "deals": deals}

    def to_pandas(self, by: str = "kind") -> Any:
        """:meth:`to_rows` as a :class:`pandas.DataFrame` (needs pandas, imported only here)."""
        return data_frame(self.to_rows(by))

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


def round_stats(
    seeds: object,
    policy: str | Sequence[str] = "greedy",
    *,
    dealer: int = 0,
    rules: HazariRules | None = None,
    seed: int | Rng | None = None,
) -> HazariStats:
    """Count, for the deals of ``seeds`` arranged by ``policy``, how often each
    combination was played and took each round, and each seat's points: exactly
    :meth:`HazariStats.from_batch` (needs numpy), under the name the batch pages use:
    ``round_stats(game_seeds(1_000_000))`` counts the deals of ``cardrules hazari stats
    --deals 1000000``. (Its examples are on the batch pages: this module's run without
    numpy.)
    """
    return HazariStats.from_batch(seeds, policy, dealer=dealer, rules=rules, seed=seed)


def _kinds(classes: Counts) -> Counts:
    """Counts by class summed by kind."""
    rows = []
    for row in classes:
        by_kind = [0] * _KINDS
        for strength, count in enumerate(row):
            if count:
                by_kind[_KIND_OF[strength]] += count
        rows.append(tuple(by_kind))
    return tuple(rows)


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
