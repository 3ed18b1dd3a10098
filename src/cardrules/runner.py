"""Play many seeded games between bots, on one core or many.

:func:`simulate` plays ``games`` games made by a *game factory* (any picklable
callable ``new_game(seed) -> GameState``) between a list of bots, one per seat:

- game ``i`` is created with seed ``derive_seed(seed, i)``, the library's one seed
  convention (:func:`~cardrules.rng.game_seeds`);
- bot ``b`` in game ``i`` draws from ``Rng(derive_seed(seed, BOT_STREAM + i, b))``,
  a stream apart from every deal;
- with ``rotate_seats=True`` bot ``b`` sits in seat ``(b + i) % players`` in game ``i``,
  so every bot plays every seat equally often when ``games`` is a multiple of the seats;
- bots see only ``state.observation(seat)`` and a read-only view of
  ``state.legal_actions()``, never the state itself.

Games are cut into chunks and sent to any :class:`concurrent.futures.Executor`;
the results come back ordered by game index, so serial, thread, process and
cluster executors give identical results.

.. code-block:: python

    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor() as pool:
        result = simulate(new_game, [SolverBot(), GreedyBot(), GreedyBot(), GreedyBot()],
                          games=2000, seed=1, rotate_seats=True, executor=pool)
    print(result.table())
"""

from __future__ import annotations

import functools
import itertools
import math
import numbers
import statistics
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import IO, Any, TypeVar

import attrs

from cardrules.bot import Bot, LegalView, bot_name
from cardrules.cards import _show
from cardrules.errors import CardRulesError, IllegalActionError, InvalidStateError, SimulationError
from cardrules.game import GameState, LegalActions, Turn
from cardrules.record import FORMAT, check_seat_name, dump_json, json_object
from cardrules.registry import Game
from cardrules.rng import Rng, check_seed, derive_seed, game_seeds
from cardrules.seats import Fault, ForfeitedGame, SeatedBot, play_seated
from cardrules.tables import Row, Scalar, check_columns, data_frame

__all__ = [
    "BOT_STREAM",
    "CONFIDENCE",
    "MAX_GAMES",
    "MAX_RESAMPLES",
    "GameFactory",
    "GameResult",
    "SimulationError",
    "SimulationResult",
    "Stat",
    "StopPlay",
    "format_interval",
    "play_game",
    "simulate",
    "t_quantile",
]

S = TypeVar("S", bound=GameState[Any, Any])

GameFactory = Callable[[int], GameState[Any, Any]]
"""A picklable callable making a new game from a seed, e.g. ``functools.partial(new_game, ...)``."""

BOT_STREAM = 1 << 63
"""Offset of the bots' seed keys, keeping their randomness apart from the deals'."""

MAX_GAMES = 10**9
"""The most games one :func:`simulate` call plays (results are kept in memory)."""

MAX_RESAMPLES = 100_000
"""The most resamples one bootstrap interval draws (:meth:`Stat.bootstrap_interval`)."""

WINDOW = 64
"""The most chunks an executor holds at once."""


CONFIDENCE = 0.95
"""The confidence level of the intervals :class:`Stat` reports."""

_EXACT_DF = 100


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom.

    ``df`` is a positive whole number or ``math.inf`` (the normal distribution).
    Up to 100 degrees of freedom the distribution function's finite series
    (Abramowitz and Stegun 26.7.3 and 26.7.4) is inverted by bisection, exact to
    rounding; above that the Cornish–Fisher expansion (26.7.5) is used, whose error
    there is below 1e-9 for the usual levels. No SciPy needed.

    >>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 10), 4)
    (12.7062, 2.2281)
    >>> round(t_quantile(0.975, 1000), 4), round(t_quantile(0.975, math.inf), 4)
    (1.9623, 1.96)
    >>> t_quantile(0.5, 7), round(t_quantile(0.025, 5), 4)
    (0.0, -2.5706)
    """
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 < p < 1:
        raise CardRulesError(
            f"a quantile needs a probability strictly between 0 and 1, got {_show(p)}"
        )
    if df != math.inf and (type(df) is not int or df < 1):
        raise CardRulesError(f"degrees of freedom must be a positive int or inf, got {_show(df)}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if df == math.inf:
        return statistics.NormalDist().inv_cdf(p)
    whole = int(df)
    if whole > _EXACT_DF:
        return _cornish_fisher(p, whole)
    return _t_exact(float(p), whole)


@functools.lru_cache(maxsize=256)
def _t_exact(p: float, df: int) -> float:
    """Invert ``P(|T| < t) = 2p - 1`` over ``theta = atan(t / sqrt(df))`` by bisection."""
    target = 2.0 * p - 1.0
    low, high = 0.0, math.pi / 2
    while True:
        middle = (low + high) / 2
        if middle <= low or middle >= high:
            break
        if _t_central(middle, df) < target:
            low = middle
        else:
            high = middle
    return math.sqrt(df) * math.tan((low + high) / 2)


def _t_central(theta: float, df: int) -> float:
    """``P(|T| < sqrt(df) * tan(theta))`` for ``df`` degrees of freedom (A&S 26.7.3-4)."""
    sin, cos = math.sin(theta), math.cos(theta)
    cos2 = cos * cos
    if df % 2 == 0:
        term = total = 1.0
        for k in range(1, df // 2):
            term *= cos2 * (2 * k - 1) / (2 * k)
            total += term
        return sin * total
    if df == 1:
        return 2.0 * theta / math.pi
    term = total = cos
    for k in range(1, (df - 1) // 2):
        term *= cos2 * (2 * k) / (2 * k + 1)
        total += term
    return 2.0 / math.pi * (theta + sin * total)


def _cornish_fisher(p: float, df: int) -> float:
    x = statistics.NormalDist().inv_cdf(p)
    x2 = x * x
    g1 = x * (x2 + 1) / 4
    g2 = x * ((5 * x2 + 16) * x2 + 3) / 96
    g3 = x * (((3 * x2 + 19) * x2 + 17) * x2 - 15) / 384
    g4 = x * ((((79 * x2 + 776) * x2 + 1482) * x2 - 1920) * x2 - 945) / 92160
    return x + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df


def _number(value: object, what: str) -> float:
    """``value`` (a real number such as an int or a float, not a bool) as a float;
    anything else raises SimulationError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise SimulationError(f"{what} must be a number, got {_show(value)}")
    try:
        return float(value)
    except OverflowError:
        raise SimulationError(f"{what} is too large for a float: {_show(value)}") from None


def _numbers(values: object, what: str = "values") -> tuple[float, ...]:
    """``values``, a sequence of numbers, as floats; anything else raises SimulationError."""
    if isinstance(values, (str, bytes, bytearray)) or not isinstance(values, Sequence):
        raise SimulationError(f"{what} must be a sequence of numbers, got {_show(values)}")
    return tuple(_number(value, f"each of the {what}") for value in values)


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise SimulationError(f"a count of values must be a non-negative int, got {_show(value)}")
    return value


def _mean_converter(value: object) -> float:
    return _number(value, "a mean")


def _sd_converter(value: object) -> float:
    return _number(value, "a standard deviation")


@attrs.frozen(eq=False)
class Stat:
    """A mean with its Student's t 95% confidence interval, ``mean ± t(0.975, n-1)·sd/√n``.

    The t interval is exact for normally distributed values and, unlike the
    normal ``1.96`` interval, does not overstate the precision of a few dozen
    games. Where it cannot be computed (fewer than two values) it reads "n/a".
    :meth:`bootstrap_interval` offers a seeded percentile bootstrap instead.

    >>> stat = Stat.of([1, 2, 3, 4])
    >>> stat
    Stat(n=4, mean=2.5, sd=1.2909944487358056)
    >>> round(stat.half_width, 4), str(stat)
    (2.0543, '2.50 ± 2.05 (95% CI)')
    >>> stat.interval_text()
    '[0.45, 4.55]'
    >>> str(Stat.of([7])), Stat.of([7]).interval_text(), str(Stat.of([]))
    ('7.00 (95% CI n/a)', 'n/a', 'n/a')
    >>> Stat.of([7]) == Stat(1, 7.0, float("nan"))   # no value equals no value
    True
    """

    n: int = attrs.field(converter=_count)
    """The number of values."""
    mean: float = attrs.field(converter=_mean_converter)
    """The sample mean (``nan`` for no values)."""
    sd: float = attrs.field(converter=_sd_converter)
    """The sample standard deviation (``nan`` below two values)."""

    @classmethod
    def of(cls, values: Sequence[float]) -> Stat:
        """The statistics of some per-game values (a sequence of ints or floats)."""
        data = _numbers(values)
        bad = next((value for value in data if not math.isfinite(value)), None)
        if bad is not None:
            raise SimulationError(f"per-game values must be finite numbers, got {bad!r}")
        try:
            mean = statistics.fmean(data) if data else math.nan
            sd = statistics.stdev(data) if len(data) > 1 else math.nan
        except OverflowError:
            raise SimulationError("the values are too large to average") from None
        return cls(len(data), mean, sd)

    @property
    def half_width(self) -> float:
        """``t(0.975, n-1) * sd / sqrt(n)``: half the width of the 95% interval (``nan`` below n=2).

        In 0.1.0 this was the normal ``1.96 * sd / sqrt(n)``, too narrow for few games.
        """
        if self.n < 2:
            return math.nan
        return t_quantile(0.5 + CONFIDENCE / 2, self.n - 1) * self.sd / math.sqrt(self.n)

    @property
    def low(self) -> float:
        """The lower end of the 95% confidence interval."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """The upper end of the 95% confidence interval."""
        return self.mean + self.half_width

    def interval_text(self) -> str:
        """``"[low, high]"`` to two decimals, or ``"n/a"`` when there is no interval."""
        return format_interval(self.low, self.high)

    @staticmethod
    def bootstrap_interval(
        values: Sequence[float], rng: Rng, resamples: int = 2000, confidence: float = CONFIDENCE
    ) -> tuple[float, float]:
        """A percentile bootstrap interval of the mean of ``values``, drawn from ``rng``.

        ``resamples`` times, ``len(values)`` values are drawn with replacement
        (``rng.randbelow``) and averaged; the interval runs between the
        ``(1 - confidence) / 2`` and ``(1 + confidence) / 2`` quantiles of those
        means (linear interpolation). The same seed gives the same interval.
        It needs no normality, but like every bootstrap it is a little narrow
        for very few values. Fewer than two values give ``(nan, nan)``.
        ``resamples`` is at most :data:`MAX_RESAMPLES`.

        >>> low, high = Stat.bootstrap_interval([1, 2, 3, 4, 10], Rng(1), resamples=500)
        >>> round(low, 2), round(high, 2)
        (1.8, 7.1)
        """
        if type(resamples) is not int or not 1 <= resamples <= MAX_RESAMPLES:
            raise SimulationError(
                f"resamples must be an int from 1 to {MAX_RESAMPLES}, got {_show(resamples)}"
            )
        if (
            isinstance(confidence, bool)
            or not isinstance(confidence, (int, float))
            or not 0 < confidence < 1
        ):
            raise SimulationError(
                f"confidence must lie strictly between 0 and 1, got {_show(confidence)}"
            )
        if not isinstance(rng, Rng):
            raise SimulationError(f"a bootstrap draws from an Rng, got {_show(rng)}")
        data = _numbers(values)
        size = len(data)
        if size < 2:
            return math.nan, math.nan
        means = sorted(
            math.fsum(data[rng.randbelow(size)] for _ in range(size)) / size
            for _ in range(resamples)
        )
        tail = (1 - confidence) / 2
        return _quantile(means, tail), _quantile(means, 1 - tail)

    def _key(self) -> tuple[int, float | None, float | None]:
        return self.n, _value(self.mean), _value(self.sd)

    def __eq__(self, other: object) -> bool:
        """Equal counts and figures; ``nan`` (no figure) equals ``nan``."""
        if not isinstance(other, Stat):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def to_json(self) -> dict[str, Any]:
        """The count, mean, sd and interval as JSON-ready data, ``nan`` as ``None``.

        >>> Stat.of([1, 3]).to_json()  # doctest: +NORMALIZE_WHITESPACE
        {'n': 2, 'mean': 2.0, 'sd': 1.4142135623730951, 'half_width': 12.706204736174698,
         'low': -10.706204736174698, 'high': 14.706204736174698}
        >>> Stat.from_json(Stat.of([1, 3]).to_json()) == Stat.of([1, 3])
        True
        """
        return {
            "n": self.n,
            "mean": _value(self.mean),
            "sd": _value(self.sd),
            "half_width": _value(self.half_width),
            "low": _value(self.low),
            "high": _value(self.high),
        }

    @classmethod
    def from_json(cls, data: object) -> Stat:
        """Read the ``n``, ``mean`` and ``sd`` of what :meth:`to_json` wrote."""
        if not isinstance(data, dict) or not {"n", "mean", "sd"} <= set(data):
            raise SimulationError(f"a statistic needs n, mean and sd, got {_show(data)}")
        mean, sd = (math.nan if data[key] is None else data[key] for key in ("mean", "sd"))
        return cls(data["n"], mean, sd)

    def __str__(self) -> str:
        if self.n == 0 or math.isnan(self.mean):
            return "n/a"
        if math.isnan(self.half_width):
            return f"{self.mean:.2f} (95% CI n/a)"
        return f"{self.mean:.2f} ± {self.half_width:.2f} (95% CI)"


def _value(number: float) -> float | None:
    return None if math.isnan(number) else number


def format_interval(low: float, high: float) -> str:
    """``"[low, high]"`` to two decimals, or ``"n/a"`` if either end is not a number.

    >>> format_interval(-1.234, 5.0), format_interval(math.nan, math.nan)
    ('[-1.23, 5.00]', 'n/a')
    """
    low = _number(low, "the low end of an interval")
    high = _number(high, "the high end of an interval")
    if math.isnan(low) or math.isnan(high):
        return "n/a"
    return f"[{low:.2f}, {high:.2f}]"


def _quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolating linearly between neighbours."""
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (position - below) * (ordered[above] - ordered[below])


SeatColumns = tuple[tuple[str, Scalar], ...]
"""A game's own columns for one seat, as ``(name, value)`` pairs (see :mod:`cardrules.tables`)."""


@attrs.frozen
class GameResult:
    """One finished game: its index and seed, who sat where, and each seat's return."""

    index: int
    seed: int
    seating: tuple[int, ...]
    """``seating[seat]`` is the index of the bot in that seat."""
    returns: tuple[int, ...]
    """The final returns, by seat."""
    turns: int
    columns: tuple[SeatColumns, ...] = ()
    """The game's own columns by seat, from the final state's ``result_columns()``
    (empty when the game defines none, and for a forfeited game): Hazari's rounds won,
    Azi's tricks and bids."""
    fault: Fault | None = None
    """The forfeit that ended the game early (see :mod:`cardrules.seats`), else None;
    ``returns`` are then the game's forfeit returns."""
    times: tuple[float | None, ...] = attrs.field(default=(), eq=False)
    """The seconds each seated bot (an engine) used deciding, by seat, ``None`` for a
    plain bot; empty when no seat was seated. Not compared: clocks differ run to run."""

    def bot_return(self, bot: int) -> int:
        """The return of bot number ``bot`` in this game."""
        if type(bot) is not int or bot not in self.seating:
            raise SimulationError(
                f"bot number {_show(bot)} did not play this game (bots {_show(self.seating)})"
            )
        return self.returns[self.seating.index(bot)]

    def rows(self, bot_names: Sequence[str]) -> Iterator[Row]:
        """One flat row per seat: game, seed, seat, bot number and name, return, turns;
        where a seat was seated (an engine), the ``fault`` kind of a forfeiting seat
        (else None) and each seat's ``time`` in seconds (None for a plain bot); then the
        game's own columns."""
        for seat, bot in enumerate(self.seating):
            row: Row = {"game": self.index, "seed": self.seed, "seat": seat, "bot_index": bot}
            row |= {"bot": bot_names[bot], "return": self.returns[seat], "turns": self.turns}
            if self.times:
                fault = self.fault
                row["fault"] = fault.kind if fault is not None and fault.seat == seat else None
                time = self.times[seat]
                row["time"] = None if time is None else round(time, 6)
            row |= dict(self.columns[seat]) if self.columns else {}
            yield row


@attrs.frozen
class SimulationResult:
    """All games of a simulation, in game order, with per-seat and per-bot statistics."""

    bot_names: tuple[str, ...]
    games: tuple[GameResult, ...] = attrs.field(repr=False)

    @property
    def num_games(self) -> int:
        """How many games were played."""
        return len(self.games)

    @property
    def faults(self) -> tuple[Fault, ...]:
        """The forfeits of the run, in game order (see :mod:`cardrules.seats`)."""
        return tuple(game.fault for game in self.games if game.fault is not None)

    def bot_time(self, bot: int) -> Stat | None:
        """The seconds bot number ``bot`` used per game where it was timed (an engine),
        or None if it never was."""
        times: list[float] = []
        for game in self.games:
            if game.times and bot in game.seating:
                time = game.times[game.seating.index(bot)]
                if time is not None:
                    times.append(time)
        return Stat.of(times) if times else None

    @property
    def per_seat(self) -> tuple[Stat, ...]:
        """The returns of each seat, whoever sat there."""
        return tuple(
            Stat.of([game.returns[seat] for game in self.games])
            for seat in range(len(self.bot_names))
        )

    @property
    def per_bot(self) -> tuple[Stat, ...]:
        """The returns of each bot, wherever it sat."""
        return tuple(
            Stat.of([game.bot_return(bot) for game in self.games])
            for bot in range(len(self.bot_names))
        )

    def table(self) -> str:
        """A plain-text summary: one line per bot and per seat, means with 95% CIs.

        Intervals are Student's t 95% confidence intervals; "n/a" where there are
        fewer than two games.
        """
        bots = [f"{index}:{name}" for index, name in enumerate(self.bot_names)]
        seats = [f"seat {seat}" for seat in range(len(self.bot_names))]
        width = max(8, *(len(label) for label in bots))
        games = f"{self.num_games} game{'' if self.num_games == 1 else 's'}"
        lines = [f"{games}; ± and intervals: Student's t 95% CI"]
        lines.append(_header("bot", width))
        lines += [
            f"{label:<{width}}  {_row(s)}" for label, s in zip(bots, self.per_bot, strict=True)
        ]
        lines.append(_header("seat", width))
        lines += [
            f"{label:<{width}}  {_row(s)}" for label, s in zip(seats, self.per_seat, strict=True)
        ]
        return "\n".join(lines + _engine_lines(self, bots))

    def to_rows(self) -> Iterator[Row]:
        """Flat dicts, one per game and seat, in game then seat order (see
        :meth:`GameResult.rows`): ready for :mod:`csv`, JSON lines or a data frame.

        >>> from cardrules import load_game
        >>> from cardrules.bots import RandomBot
        >>> result = simulate(load_game("hazari"), [RandomBot()] * 4, games=2, seed=1)
        >>> rows = list(result.to_rows())
        >>> len(rows), rows[0]  # doctest: +NORMALIZE_WHITESPACE
        (8, {'game': 0, 'seed': 627405149472732430, 'seat': 0, 'bot_index': 0, 'bot': 'random',
             'return': 0, 'turns': 4, 'rounds_won': 0, 'kind_1': 'Pair', 'won_1': False,
             'kind_2': 'Indi', 'won_2': False, 'kind_3': 'Indi', 'won_3': False,
             'kind_4': 'Indi', 'won_4': False})
        """
        for game in self.games:
            yield from game.rows(self.bot_names)

    def to_pandas(self) -> Any:
        """:meth:`to_rows` as a :class:`pandas.DataFrame` (needs pandas, imported only here)."""
        return data_frame(self.to_rows())

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data: the bots, every game, and the per-bot and
        per-seat statistics (``nan`` written as ``null``); :meth:`from_json` reads it."""
        from cardrules.results_json import simulation_json

        return simulation_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> SimulationResult:
        """Read what :meth:`to_json` wrote (a dict or JSON text); anything else, or
        statistics that do not match the games, raises SimulationError."""
        from cardrules.results_json import read_simulation

        stored = json_object(data, "a simulation result", SimulationError)
        names, games = read_simulation(stored)
        result = cls(names, tuple(GameResult(*game) for game in games))
        for key, stats in (("per_bot", result.per_bot), ("per_seat", result.per_seat)):
            if stored.get(key) != [stat.to_json() for stat in stats]:
                raise SimulationError(f"the result's {key} statistics do not match its games")
        return result


MAX_FAULT_LINES = 20
"""The most forfeits :meth:`SimulationResult.table` lists one by one."""


def _engine_lines(result: SimulationResult, bots: list[str]) -> list[str]:
    """The table's lines on engines: each timed bot's seconds per game, and the forfeits."""
    lines = []
    for bot, label in enumerate(bots):
        stat = result.bot_time(bot)
        if stat is not None:
            lines.append(f"time of {label}: {stat.mean:.3f} s per game (most {_most(result, bot)})")
    faults = result.faults
    if faults:
        kinds: dict[str, int] = {}
        for fault in faults:
            kinds[fault.kind] = kinds.get(fault.kind, 0) + 1
        counted = ", ".join(f"{count} {kind}" for kind, count in kinds.items())
        lines.append(f"{len(faults)} forfeit{'s' * (len(faults) != 1)} ({counted}):")
        lines += [f"  {fault}" for fault in faults[:MAX_FAULT_LINES]]
        if len(faults) > MAX_FAULT_LINES:
            lines.append(f"  ... and {len(faults) - MAX_FAULT_LINES} more")
    return ["", *lines] if lines else []


def _most(result: SimulationResult, bot: int) -> str:
    most = max(
        (game.times[game.seating.index(bot)] or 0.0 for game in result.games if game.times),
        default=0.0,
    )
    return f"{most:.3f} s"


def _header(label: str, width: int) -> str:
    return f"{label:<{width}}  {'mean':>10}  {'± 95% CI':>9}  {'95% CI':>21}"


def _row(stat: Stat) -> str:
    mean = "n/a" if stat.n == 0 else f"{stat.mean:.2f}"
    half = "n/a" if math.isnan(stat.half_width) else f"{stat.half_width:.2f}"
    return f"{mean:>10}  {half:>9}  {stat.interval_text():>21}"


class StopPlay(Exception):
    """Raised by a bot (a person at a prompt, say) to abandon the game; it passes through."""


def play_game(
    state: S,
    bots: Sequence[object],
    rngs: Sequence[Rng],
    on_turn: Callable[[S, Turn[Any]], None] | None = None,
    *,
    game: str | None = None,
) -> S:
    """Play ``state`` to the end with ``bots[seat]`` drawing from ``rngs[seat]``.

    Each bot receives only its observation and a read-only view of the legal
    actions. A bot answering with an illegal action raises
    :class:`~cardrules.errors.IllegalActionError` naming the bot.
    ``on_turn(new_state, turn)`` is called after each action.

    Seated bots (engines, :mod:`cardrules.seats`) sit down to the game, named by
    ``game`` as spec text; a seat that forfeits raises
    :class:`~cardrules.seats.ForfeitedGame` with the fault and the forfeit returns.
    """
    _check_state(state, "play_game needs a game state")
    players = _checked_bots(bots)
    if isinstance(rngs, (str, bytes)) or not isinstance(rngs, Sequence):
        raise SimulationError(f"rngs must be a sequence of Rng, got {_show(rngs)}")
    for rng in rngs:
        if not isinstance(rng, Rng):
            raise SimulationError(f"each bot draws from an Rng, got {_show(rng)}")
    if on_turn is not None and not callable(on_turn):
        raise SimulationError(f"on_turn must be a callable or None, got {_show(on_turn)}")
    if len(players) != state.num_players or len(rngs) != state.num_players:
        raise SimulationError(
            f"the game has {state.num_players} seats but got {len(players)} bots"
            f" and {len(rngs)} generators"
        )
    if game is not None and not isinstance(game, str):
        raise SimulationError(f"game must be spec text or None, got {_show(game)}")
    if any(isinstance(bot, SeatedBot) for bot in players):
        played = play_seated(state, players, rngs, game=game, ask=_ask, on_turn=on_turn)
        if played.fault is not None:
            raise ForfeitedGame(played.fault, played.state, played.returns)
        final: S = played.state
        return final
    while not state.is_terminal:
        seat = state.current_player
        if seat is None:
            break
        legal: LegalActions[Any] = state.legal_actions()
        bot = players[seat]
        action = _ask(bot, seat, state, legal, rngs[seat])
        state = state.apply(action)
        if on_turn is not None:
            on_turn(state, Turn(seat, action))
    return state


_STATE_MEMBERS = ("num_players", "current_player", "is_terminal", "legal_actions", "apply")


def _check_state(state: object, where: str) -> None:
    """Refuse, with SimulationError, anything that is not a game state."""
    if isinstance(state, type) or not all(hasattr(state, name) for name in _STATE_MEMBERS):
        raise SimulationError(f"{where}, got {_show(state)}")
    players = state.num_players  # type: ignore[attr-defined]
    if type(players) is not int or players < 1:
        raise SimulationError(f"{where}, got a state with {_show(players)} players")


def _checked_bots(bots: object) -> tuple[Bot, ...]:
    """``bots`` as a tuple of bots; anything without a ``choose`` method is refused."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise SimulationError(f"bots must be a sequence of bots, got {_show(bots)}")
    for bot in bots:
        if not isinstance(bot, Bot):
            raise SimulationError(f"{_show(bot)} is not a bot: it has no choose method")
    return tuple(bots)


def _ask(
    bot: Bot, seat: int, state: GameState[Any, Any], legal: LegalActions[Any], rng: Rng
) -> Any:
    """The bot's action, checked; a bot that fails or answers nonsense raises a package error."""
    try:
        action = bot.choose(state.observation(seat), LegalView(legal), rng)
    except StopPlay:
        raise
    except Exception as exc:  # the bot's own package errors too: name the bot and game
        raise SimulationError(
            f"bot {_show(bot_name(bot))} in seat {seat} failed in {type(state).__name__}"
            f" after {len(state.history)} actions: {type(exc).__name__}: {exc}"
        ) from exc
    try:
        legal_choice = action in legal
    except Exception:  # an unhashable or otherwise strange answer is simply not legal
        legal_choice = False
    if not legal_choice:
        raise IllegalActionError(
            f"bot {_show(bot_name(bot))} in seat {seat} chose {_show(action)} after"
            f" {len(state.history)} actions, which is not legal; the legal actions were"
            f" {_some(legal)}"
        )
    return action


def _some(legal: LegalActions[Any], most: int = 8) -> str:
    """Up to ``most`` of ``legal``, as reprs, and how many there are in all."""
    count = len(legal)
    shown = ", ".join(_show(legal[index]) for index in range(min(count, most)))
    return shown if count <= most else f"{shown}, ... ({count} in all)"


def _game_text(new_game: GameFactory, state: object) -> str:
    """What a game factory makes, for a message: a registered game's spec (``azi``,
    ``azi(players=5)``), else the state's type."""
    if isinstance(getattr(new_game, "name", None), str):
        return str(new_game)
    return type(state).__name__


@attrs.frozen
class _Task:
    new_game: GameFactory
    bots: tuple[Bot, ...]
    seed: int
    start: int
    stop: int
    rotate: bool
    records: bool
    spec: str | None = None
    """The game as spec text, for seated bots; None if the factory is no registered game."""
    seated: bool = False


def _seating(index: int, players: int, rotate: bool) -> tuple[int, ...]:
    shift = index % players if rotate else 0
    return tuple((seat - shift) % players for seat in range(players))


def _run_task(task: _Task) -> tuple[tuple[GameResult, ...], tuple[str, ...]]:
    results: list[GameResult] = []
    records: list[str] = []
    players = len(task.bots)
    seeds = game_seeds(task.stop, task.seed)
    for index in range(task.start, task.stop):
        game_seed = seeds[index]
        seating = _seating(index, players, task.rotate)
        seat_bots = [task.bots[b] for b in seating]
        rngs = [Rng(derive_seed(task.seed, BOT_STREAM + index, b)) for b in seating]
        start = task.new_game(game_seed)
        fault: Fault | None = None
        times: tuple[float | None, ...] = ()
        try:
            if task.seated:
                played = play_seated(
                    start, seat_bots, rngs, game=task.spec, ask=_ask, index=index, seed=game_seed
                )
                final, returns, fault, times = (
                    played.state,
                    played.returns,
                    played.fault,
                    played.times,
                )
            else:
                final = play_game(start, seat_bots, rngs)
                returns = tuple(final.returns())
        except (IllegalActionError, SimulationError) as exc:
            where = f"{_game_text(task.new_game, start)} game {index} (seed {game_seed})"
            raise type(exc)(f"{where}: {exc}") from exc
        columns = () if fault is not None else _result_columns(final)
        turns = len(final.history)
        results.append(GameResult(index, game_seed, seating, returns, turns, columns, fault, times))
        if task.records:
            record = final.to_json()
            if isinstance(record, dict) and record.get("format") == FORMAT:
                record = {**record, "seats": [bot_name(bot) for bot in seat_bots]}
            records.append(dump_json(record))
    return tuple(results), tuple(records)


def _result_columns(state: GameState[Any, Any]) -> tuple[SeatColumns, ...]:
    """The final state's own columns by seat, checked; ``()`` if its game has none."""
    hook = getattr(state, "result_columns", None)
    if hook is None:
        return ()
    seats = hook()
    if not isinstance(seats, Sequence) or len(seats) != state.num_players:
        raise SimulationError(
            f"{type(state).__name__}.result_columns() must give one mapping per seat,"
            f" got {_show(seats)}"
        )
    what = f"{type(state).__name__}.result_columns()"
    return tuple(check_columns(columns, f"{what}[{seat}]") for seat, columns in enumerate(seats))


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def simulate(
    new_game: GameFactory,
    bots: Sequence[object],
    games: int,
    *,
    seed: int = 0,
    rotate_seats: bool = False,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    records: IO[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games between ``bots`` (one per seat); see the module docs.

    ``executor`` runs the chunks (``None`` plays them here, one after another);
    factory and bots must then be picklable for process and cluster executors.
    ``records`` receives each game's ``to_json()`` as one line, in game order; a
    record in the shared format (:mod:`cardrules.record`) also names the bot in each
    seat under ``"seats"`` (:func:`~cardrules.bot.bot_name`).
    ``progress(done, total)`` is called in this thread as chunks finish.
    """
    if not callable(new_game):
        raise SimulationError(
            f"new_game must be a game factory (a callable), got {_show(new_game)}"
        )
    check_seed(seed)
    if type(games) is not int or not 0 <= games <= MAX_GAMES:
        raise SimulationError(
            f"games must be a whole number from 0 to {MAX_GAMES}, got {_show(games)}"
        )
    _check_run_options(rotate_seats, executor, chunk_size, progress)
    if records is not None and not callable(getattr(records, "write", None)):
        raise SimulationError(f"records must be a text file or None, got {_show(records)}")
    bots = _checked_bots(bots)
    first = new_game(derive_seed(seed, 0))
    _check_state(first, "new_game must make a game state from a seed")
    players = first.num_players
    if len(bots) != players:
        raise SimulationError(f"the game has {players} seats but {len(bots)} bots were given")
    if records is not None:
        _check_seat_names(bots)
    size = chunk_size or max(1, min(50, games // 40))
    seated = any(isinstance(bot, SeatedBot) for bot in bots)
    spec = str(new_game) if isinstance(new_game, Game) else None
    tasks = (
        _Task(new_game, bots, seed, start, stop, rotate_seats, records is not None, spec, seated)
        for start, stop in _chunks(games, size)
    )
    results: list[GameResult] = []
    try:
        for chunk_results, chunk_records in _ordered(tasks, executor, games, progress):
            results.extend(chunk_results)
            if records is not None:
                for line in chunk_records:
                    records.write(line + "\n")
    finally:
        _close_seated(bots)
    return SimulationResult(tuple(bot_name(bot) for bot in bots), tuple(results))


def _close_seated(bots: Sequence[Bot]) -> None:
    """Close the seated bots that can be closed (an engine stops its processes here)."""
    for bot in bots:
        close = getattr(bot, "close", None) if isinstance(bot, SeatedBot) else None
        if callable(close):
            close()


def _check_seat_names(bots: Sequence[object]) -> None:
    """The bots' names may name seats in a record (the ``seats`` it writes), or
    SimulationError before any game is played."""
    for bot in bots:
        try:
            check_seat_name(bot_name(bot))
        except InvalidStateError as exc:
            raise SimulationError(f"a record cannot name a bot's seat: {exc}") from None


def _check_run_options(
    rotate_seats: object, executor: object, chunk_size: object, progress: object
) -> None:
    """Check the run options of :func:`simulate`; a wrong one raises SimulationError."""
    if type(rotate_seats) is not bool:
        raise SimulationError(f"rotate_seats must be True or False, got {_show(rotate_seats)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise SimulationError(f"executor must be an Executor or None, got {_show(executor)}")
    if chunk_size is not None and (type(chunk_size) is not int or chunk_size < 1):
        raise SimulationError(f"chunk_size must be a positive int, got {_show(chunk_size)}")
    if progress is not None and not callable(progress):
        raise SimulationError(f"progress must be a callable or None, got {_show(progress)}")


_Chunk = tuple[tuple[GameResult, ...], tuple[str, ...]]


def _ordered(
    tasks: Iterator[_Task],
    executor: Executor | None,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> Iterator[_Chunk]:
    done = 0
    if executor is None:
        for task in tasks:
            chunk = _run_task(task)
            done += task.stop - task.start
            if progress is not None:
                progress(done, total)
            yield chunk
        return
    # At most WINDOW chunks are in flight, so a huge simulation holds only a few
    # tasks and out-of-order results in memory at any time. Chunks come out in game
    # order, a failed one raising when its turn comes: the error is a serial run's.
    pending: dict[Future[_Chunk], tuple[int, int]] = {}
    finished: dict[int, Future[_Chunk]] = {}
    order = itertools.count()
    next_out = 0
    try:
        for task in tasks:
            pending[executor.submit(_run_task, task)] = (next(order), task.stop - task.start)
            while len(pending) >= WINDOW:
                done = _collect(pending, finished, done, total, progress)
                while next_out in finished:
                    yield finished.pop(next_out).result()
                    next_out += 1
        while pending:
            done = _collect(pending, finished, done, total, progress)
            while next_out in finished:
                yield finished.pop(next_out).result()
                next_out += 1
    finally:
        for future in pending:
            future.cancel()


def _collect(
    pending: dict[Future[_Chunk], tuple[int, int]],
    finished: dict[int, Future[_Chunk]],
    done: int,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> int:
    future = next(as_completed(pending))
    number, count = pending.pop(future)
    finished[number] = future
    done += count
    if progress is not None:
        progress(done, total)
    return done
