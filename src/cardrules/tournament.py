"""A bot ladder: every bot against every other, in paired games that cancel deal luck.

:func:`tournament` plays each pair of bots (A, B) over ``games`` seeded deals, and
every deal twice:

- **the first game** seats A at the even positions of the lineup and B at the odd
  ones (:func:`lineup`): in a 4-seat game A holds seats 0 and 2 and B seats 1 and 3;
  with 3 seats A holds two and B one; with 2 seats one each;
- **the replay** is the same deal (the same seed, ``derive_seed(seed, i)``) with the
  roles swapped: every seat A held is now B's and the other way round, and each
  seat keeps its random stream;
- the seats rotate by one every deal (``rotate_seats`` of
  :func:`~cardrules.runner.simulate`), so the block of seats each bot holds visits
  every position, dealer included.

Across the two games every seat's cards are played once by A and once by B, so
the luck of the deal cancels from the paired difference. For deal ``i``, a bot's
*return* is its mean per seat over both games (its total over the two games
divided by the seats, ``players``): the figure a fair game puts at the fair share
(90 points in Hazari, 0 chips in Azi). The pair's *difference* is A's return
minus B's; its mean and Student's t 95% interval are taken over the deals, which
are independent, and where the deals are few (below 100) a seeded percentile
bootstrap interval is added.

Why half the seats each, rather than one A against three B? Both designs cancel
the deal's luck, since the replay hands every seat to the other bot. But the
measure should be about A *against* B: with two against two, four of the six
pairs of seats in a game are A against B, with one against three only three are,
and the rest is B against B in one game and A against A in the other, which says
nothing about the pair and only adds noise. In a simple model where a bot's skill
``s`` moves its seat's return by ``s`` minus the table's mean skill, two against
two measures the whole gap ``s_A - s_B`` while one against three measures three
quarters of it, at the same noise. And the design is symmetric: the difference
for (B, A) is exactly minus that for (A, B), so one run per pair orders the
ladder. (The other classic, one A against three B paired with four B, measures
something else: A's value *in a field of B*, a different number for every field.)

Every pair plays the same deals, so a bot's standing *against the field* is taken
deal by deal: its return and its difference are averaged over its opponents for
each deal, then the mean and interval are taken over the deals.

>>> lineup(4), lineup(3), lineup(2)
((0, 1, 0, 1), (0, 1, 0), (0, 1))
>>> from cardrules import load_game
>>> result = tournament(load_game("hazari"), ["greedy", "solver"], games=6, seed=1)
>>> result.bots, result.seats, result.total_games
(('greedy', 'solver'), (2, 2), 12)
>>> [standing.bot for standing in result.standings]
['solver', 'greedy']
>>> result.pair("solver", "greedy").difference.mean > 0
True

A tournament runs on any :class:`concurrent.futures.Executor`, with the same
result as a serial run, and its result is a frozen value with ``table()`` and
``to_json()``:

.. code-block:: python

    from concurrent.futures import ProcessPoolExecutor
    from cardrules import load_game
    from cardrules.tournament import tournament

    game = load_game("azi", players=4)
    with ProcessPoolExecutor() as pool:
        result = tournament(game, ["random", "heuristic", "search"], games=200, executor=pool)
    print(result.table())
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from cardrules.cards import _show
from cardrules.errors import InvalidStateError, PairNotFoundError, SimulationError
from cardrules.record import json_object
from cardrules.registry import BotFactory, Game, load_game
from cardrules.rng import Rng, check_seed, derive_seed
from cardrules.runner import (
    MAX_FAULT_LINES,
    MAX_GAMES,
    MAX_RESAMPLES,
    SimulationResult,
    Stat,
    _check_run_options,
    format_interval,
    simulate,
)
from cardrules.seats import Fault
from cardrules.tables import Row, data_frame

__all__ = [
    "BOOTSTRAP_BELOW",
    "BOOTSTRAP_STREAM",
    "PairFault",
    "PairResult",
    "Standing",
    "TournamentResult",
    "lineup",
    "play_pair",
    "tournament",
]

BOOTSTRAP_BELOW = 100
"""Below this many deals, intervals also come with a percentile bootstrap."""

BOOTSTRAP_STREAM = 1 << 62
"""The seed key of the bootstrap draws: ``Rng(derive_seed(seed, BOOTSTRAP_STREAM, k))``."""

KIND = "cardrules tournament"

MAX_SEATS = 1000
"""The most seats :func:`lineup` lays out."""

Interval = tuple[float, float]


def lineup(players: int) -> tuple[int, ...]:
    """Which bot of a pair takes each lineup position in the first game: 0 = A, 1 = B.

    A takes the even positions, B the odd ones; the replay swaps them. ``players``
    is a whole number from 1 to :data:`MAX_SEATS`.
    """
    if type(players) is not int or not 1 <= players <= MAX_SEATS:
        raise SimulationError(
            f"players must be a whole number from 1 to {MAX_SEATS}, got {_show(players)}"
        )
    return tuple(position % 2 for position in range(players))


@attrs.frozen
class PairResult:
    """One pair's paired games: each bot's return per seat and game, and their difference.

    Each :class:`~cardrules.runner.Stat` is taken over deals (one value per deal,
    both of its games together).
    """

    first: str
    second: str
    first_return: Stat
    """The first bot's mean return per seat per game."""
    second_return: Stat
    """The second bot's mean return per seat per game."""
    difference: Stat
    """The first bot's return minus the second's, paired by deal."""
    bootstrap: Interval | None
    """A percentile bootstrap 95% interval of the difference (few deals only), else None."""

    def reversed(self) -> PairResult:
        """The same result seen from the second bot (the difference changes sign)."""
        diff = self.difference
        flipped = None if self.bootstrap is None else (-self.bootstrap[1], -self.bootstrap[0])
        return PairResult(
            self.second,
            self.first,
            self.second_return,
            self.first_return,
            Stat(diff.n, -diff.mean, diff.sd),
            flipped,
        )


@attrs.frozen
class PairFault:
    """A forfeit in a ladder: the pair that played, whether it was the deal's replay (the
    roles swapped), and the :class:`~cardrules.seats.Fault` (its bot named as the ladder
    names it). The deal's seed and the seat replay the game."""

    first: str
    second: str
    replay: bool
    fault: Fault

    def __str__(self) -> str:
        game = "replay" if self.replay else "first game"
        return f"{self.fault} [{self.first} against {self.second}, {game}]"

    def to_json(self) -> dict[str, Any]:
        """The forfeit as a JSON-ready dict."""
        return {
            "first": self.first,
            "second": self.second,
            "replay": self.replay,
            "fault": self.fault.to_json(),
        }


@attrs.frozen
class Standing:
    """One bot against the field: its mean return and its mean paired difference."""

    bot: str
    mean_return: Stat
    """The mean return per seat per game, over every opponent (averaged per deal)."""
    edge: Stat
    """The mean paired difference against its opponents (averaged per deal)."""
    bootstrap: Interval | None
    """A percentile bootstrap 95% interval of the edge (few deals only), else None."""


@attrs.frozen
class TournamentResult:
    """A finished ladder: the pairs in lineup order and the standings, best edge first."""

    game: str
    """The game as spec text: ``load_game(result.game)`` makes it again."""
    players: int
    bots: tuple[str, ...]
    games: int
    """Deals per pair; each is played twice."""
    seed: int
    seats: tuple[int, int]
    """Seats of the first and of the second bot of a pair in the first game of a deal."""
    resamples: int
    """Bootstrap resamples per interval (0: no bootstrap)."""
    pairs: tuple[PairResult, ...]
    standings: tuple[Standing, ...]
    played: int = attrs.field(eq=False)
    """The games really played: an alias's games are reused, and a bot against its
    alias needs no replay. Bookkeeping only: results compare equal without it."""
    faults: tuple[PairFault, ...] = ()
    """The forfeits (engines that crashed, hung or answered nonsense), pair by pair in
    game order; each cost its game only (see :mod:`cardrules.seats`)."""

    @property
    def total_games(self) -> int:
        """The games the figures stand for: two per deal per pair."""
        return 2 * self.games * len(self.pairs)

    def pair(self, first: str, second: str) -> PairResult:
        """The result of ``first`` against ``second``, in that order.

        Two names that did not play each other raise
        :class:`~cardrules.errors.PairNotFoundError`, both a package error and a
        :class:`KeyError`.
        """
        for result in self.pairs:
            if (result.first, result.second) == (first, second):
                return result
            if (result.second, result.first) == (first, second):
                return result.reversed()
        raise PairNotFoundError(
            f"no pair {_show(first)} against {_show(second)}; the bots are {_show(self.bots)}"
        )

    def table(self) -> str:
        """The standings and the pairs as plain text, intervals labelled 95% CI."""
        first, second = self.seats
        boot = any(s.bootstrap is not None for s in self.standings)
        lines = [
            f"Ladder: {self.game}, {self.players} players, seed {self.seed}",
            f"{self.games} deal{'s' * (self.games != 1)} per pair, each played twice:"
            f" the first bot in {first}"
            f" seat{'s' * (first != 1)} and the second in {second}, then the roles swapped;"
            " seats rotated",
            "returns are per seat per game; ± and [low, high] are Student's t 95% CI over deals"
            + (f"; bootstrap: percentile 95% CI, {self.resamples} resamples" if boot else ""),
            "",
            "Standings against the field",
        ]
        headers = ["rank", "bot", "return (95% CI)", "edge (95% CI)", "edge 95% CI"]
        rows = [
            [str(rank), s.bot, _pm(s.mean_return), _pm(s.edge), s.edge.interval_text()]
            + ([_boot(s.bootstrap)] if boot else [])
            for rank, s in enumerate(self.standings, 1)
        ]
        lines += _grid(headers + ["bootstrap 95% CI"] * boot, rows, left={1})
        lines += ["", "Pairs (difference: first minus second)"]
        headers = ["first", "second", "first (95% CI)", "second (95% CI)"]
        headers += ["difference (95% CI)", "difference 95% CI"]
        rows = [
            [
                p.first,
                p.second,
                _pm(p.first_return),
                _pm(p.second_return),
                _pm(p.difference),
                p.difference.interval_text(),
            ]
            + ([_boot(p.bootstrap)] if boot else [])
            for p in self.pairs
        ]
        lines += _grid(headers + ["bootstrap 95% CI"] * boot, rows, left={0, 1})
        if self.faults:
            count = len(self.faults)
            lines += [
                "",
                f"Forfeits ({count} game{'s' * (count != 1)}, each scored by the"
                " game's forfeit rule)",
            ]
            lines += [f"  {fault}" for fault in self.faults[:MAX_FAULT_LINES]]
            if count > MAX_FAULT_LINES:
                lines.append(f"  ... and {count - MAX_FAULT_LINES} more")
        return "\n".join(lines)

    def to_rows(self, table: str = "standings") -> Iterator[Row]:
        """Flat dicts for a table of the ladder: ``table="standings"`` gives one per bot
        (best edge first), ``"pairs"`` one per pair. A ladder keeps no games, so there is
        no row per game: the runs of :func:`play_pair` have those
        (:meth:`SimulationResult.to_rows <cardrules.runner.SimulationResult.to_rows>`).

        Each statistic gives four columns, ``NAME_n``, ``NAME_mean``, ``NAME_low`` and
        ``NAME_high`` (its Student's t 95% interval; None where there is none), and a
        bootstrap interval two, ``bootstrap_low`` and ``bootstrap_high``.

        >>> from cardrules import load_game
        >>> result = tournament(load_game("hazari"), ["greedy", "solver"], games=6, seed=1)
        >>> [row["bot"] for row in result.to_rows()]
        ['solver', 'greedy']
        >>> list(next(result.to_rows("pairs")))[:4]
        ['first', 'second', 'first_return_n', 'first_return_mean']
        """
        if table not in ("standings", "pairs"):
            raise SimulationError(
                f"a ladder's tables are 'standings' and 'pairs', not {_show(table)}"
            )
        rows: list[Row] = []
        for rank, s in enumerate(self.standings, 1):
            row: Row = {"rank": rank, "bot": s.bot}
            row |= _stat_columns(("return", s.mean_return), ("edge", s.edge))
            rows.append(row | _boot_columns(s.bootstrap))
        if table == "pairs":
            rows = []
            for p in self.pairs:
                row = {"first": p.first, "second": p.second}
                row |= _stat_columns(
                    ("first_return", p.first_return),
                    ("second_return", p.second_return),
                    ("difference", p.difference),
                )
                rows.append(row | _boot_columns(p.bootstrap))
        return iter(rows)

    def to_pandas(self, table: str = "standings") -> Any:
        """:meth:`to_rows` as a :class:`pandas.DataFrame` (needs pandas, imported only here)."""
        return data_frame(self.to_rows(table))

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data; ``nan`` (no interval) is written as ``null``."""
        return {
            "kind": KIND,
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "seats": list(self.seats),
            "interval": "Student's t, 95% confidence, over deals",
            "resamples": self.resamples,
            "played": self.played,
            "pairs": [
                {
                    "first": p.first,
                    "second": p.second,
                    "first_return": p.first_return.to_json(),
                    "second_return": p.second_return.to_json(),
                    "difference": p.difference.to_json(),
                    "bootstrap": _interval_json(p.bootstrap),
                }
                for p in self.pairs
            ],
            "standings": [
                {
                    "bot": s.bot,
                    "mean_return": s.mean_return.to_json(),
                    "edge": s.edge.to_json(),
                    "bootstrap": _interval_json(s.bootstrap),
                }
                for s in self.standings
            ],
            "faults": [fault.to_json() for fault in self.faults],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> TournamentResult:
        """Read what :meth:`to_json` wrote (as a dict or JSON text)."""
        data = json_object(data, "a tournament result")
        if data.get("kind") != KIND:
            raise InvalidStateError(f"not a tournament result: {_show(data)}")
        try:
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                bots=tuple(str(bot) for bot in data["bots"]),
                games=int(data["games"]),
                seed=int(data["seed"]),
                seats=(int(data["seats"][0]), int(data["seats"][1])),
                resamples=int(data["resamples"]),
                played=int(data["played"]),
                pairs=tuple(
                    PairResult(
                        str(p["first"]),
                        str(p["second"]),
                        _stat_from(p["first_return"]),
                        _stat_from(p["second_return"]),
                        _stat_from(p["difference"]),
                        _interval_from(p["bootstrap"]),
                    )
                    for p in data["pairs"]
                ),
                standings=tuple(
                    Standing(
                        str(s["bot"]),
                        _stat_from(s["mean_return"]),
                        _stat_from(s["edge"]),
                        _interval_from(s["bootstrap"]),
                    )
                    for s in data["standings"]
                ),
                faults=tuple(_pair_fault(item) for item in data.get("faults", [])),
            )
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise InvalidStateError(f"a malformed tournament result: {_show(exc)}") from exc


def play_pair(
    game: Game,
    first: BotFactory,
    second: BotFactory,
    games: int,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[SimulationResult, SimulationResult]:
    """The two runs of a pair: the first game of every deal, and its replay with roles swapped.

    Both are :func:`~cardrules.runner.simulate` runs with rotated seats and the
    same seed, so game ``i`` of each is the same deal with the same seating of
    lineup positions; position ``b`` holds bot A in the first run exactly when it
    holds bot B in the replay. ``progress(done, 2 * games)`` counts both runs.
    When ``first`` and ``second`` are the same factory the replay would be the same
    games (bots draw only from their seat's stream), so the first run is returned twice.
    """
    if not isinstance(game, Game):
        raise SimulationError(f"a pair plays a Game (see load_game), got {_show(game)}")
    for factory in (first, second):
        if not callable(factory):
            raise SimulationError(f"a bot factory must be a callable, got {_show(factory)}")
    _check_run_options(False, executor, chunk_size, progress)
    roles = lineup(game.num_players)
    factories = (first, second)
    runs: list[SimulationResult] = []
    for swap in (0, 1):
        if swap and first is second:
            if progress is not None:
                progress(2 * games, 2 * games)
            return runs[0], runs[0]
        bots = [factories[role ^ swap]() for role in roles]
        report = None if progress is None else _shifted(progress, swap * games, 2 * games)
        runs.append(
            simulate(
                game,
                bots,
                games,
                seed=seed,
                rotate_seats=True,
                executor=executor,
                chunk_size=chunk_size,
                progress=report,
            )
        )
    return runs[0], runs[1]


def tournament(
    game: Game | str,
    bots: Mapping[str, BotFactory] | Sequence[str],
    games: int,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    bootstrap: bool | None = None,
    resamples: int = 2000,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play every bot against every other over ``games`` paired deals; see the module docs.

    ``game`` is a :class:`~cardrules.registry.Game` or a spec for
    :func:`~cardrules.registry.load_game`. ``bots`` maps names to bot factories, or
    names the game's own bots (``game.bots``, case does not matter); at least two,
    all different. ``executor`` runs the games (``None``: here, one after another);
    the result does not depend on it. ``bootstrap`` adds percentile bootstrap
    intervals (``resamples`` draws, seeded from ``seed``): ``None`` does so below
    :data:`BOOTSTRAP_BELOW` deals. ``progress(done, total)`` counts games.
    Two names for the same factory (such as ``"strong"`` and the bot it names)
    play the same games, so those games are played once and their figures reused.
    """
    if isinstance(game, str):
        game = load_game(game)
    if not isinstance(game, Game):
        raise SimulationError(f"a tournament needs a Game or a game spec, got {_show(game)}")
    check_seed(seed)
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise SimulationError(
            f"games must be a whole number from 1 to {MAX_GAMES}, got {_show(games)}"
        )
    if type(resamples) is not int or not 1 <= resamples <= MAX_RESAMPLES:
        raise SimulationError(
            f"resamples must be a whole number from 1 to {MAX_RESAMPLES}, got {_show(resamples)}"
        )
    if bootstrap is not None and type(bootstrap) is not bool:
        raise SimulationError(f"bootstrap must be True, False or None, got {_show(bootstrap)}")
    _check_run_options(False, executor, chunk_size, progress)
    factories = _factories(game, bots)
    names = tuple(factories)
    players = game.num_players
    pairs = list(itertools.combinations(range(len(names)), 2))
    total = 2 * games * len(pairs)
    use_bootstrap = games < BOOTSTRAP_BELOW if bootstrap is None else bool(bootstrap)
    # per-deal returns of each bot in each of its pairs, and the pair's difference
    returns: dict[tuple[int, int], tuple[list[float], list[float]]] = {}
    # A name that is another's alias (the same factory) plays the same games: reuse them.
    played: dict[tuple[int, int], tuple[list[float], list[float]]] = {}
    offset = played_games = 0
    faults: list[PairFault] = []
    for a, b in pairs:
        first_factory, second_factory = factories[names[a]], factories[names[b]]
        key = (id(first_factory), id(second_factory))
        if key in played or key[::-1] in played:
            if key in played:
                returns[a, b] = played[key]
            else:
                second_returns, first_returns = played[key[::-1]]
                returns[a, b] = first_returns, second_returns
            if progress is not None:
                progress(offset + 2 * games, total)
        else:
            report = None if progress is None else _shifted(progress, offset, total)
            first, replay = play_pair(
                game,
                first_factory,
                second_factory,
                games,
                seed=seed,
                executor=executor,
                chunk_size=chunk_size,
                progress=report,
            )
            returns[a, b] = played[key] = _deal_returns(first, replay, players)
            played_games += games if first is replay else 2 * games
            faults += _pair_faults((names[a], names[b]), (first, replay), players)
        offset += 2 * games
    draws = itertools.count()

    def interval(values: Sequence[float]) -> Interval | None:
        key = next(draws)
        if not use_bootstrap or len(values) < 2:
            return None
        rng = Rng(derive_seed(seed, BOOTSTRAP_STREAM, key))
        return Stat.bootstrap_interval(values, rng, resamples)

    pair_results = []
    for a, b in pairs:
        first_returns, second_returns = returns[a, b]
        difference = [x - y for x, y in zip(first_returns, second_returns, strict=True)]
        pair_results.append(
            PairResult(
                names[a],
                names[b],
                Stat.of(first_returns),
                Stat.of(second_returns),
                Stat.of(difference),
                interval(difference),
            )
        )
    standings = []
    for bot in range(len(names)):
        own: list[list[float]] = []
        edges: list[list[float]] = []
        for (a, b), (first_returns, second_returns) in returns.items():
            if bot in (a, b):
                mine, theirs = (
                    (first_returns, second_returns) if bot == a else (second_returns, first_returns)
                )
                own.append(mine)
                edges.append([x - y for x, y in zip(mine, theirs, strict=True)])
        mean_return = [math.fsum(deal) / len(deal) for deal in zip(*own, strict=True)]
        edge = [math.fsum(deal) / len(deal) for deal in zip(*edges, strict=True)]
        standings.append(Standing(names[bot], Stat.of(mean_return), Stat.of(edge), interval(edge)))
    standings.sort(key=lambda s: -s.edge.mean)
    return TournamentResult(
        game=str(game),
        players=players,
        bots=names,
        games=games,
        seed=seed,
        seats=(roles_count(players, 0), roles_count(players, 1)),
        resamples=resamples if use_bootstrap else 0,
        pairs=tuple(pair_results),
        standings=tuple(standings),
        played=played_games,
        faults=tuple(faults),
    )


def roles_count(players: int, role: int) -> int:
    """How many seats bot ``role`` (0 = A, 1 = B) holds in the first game of a deal."""
    return lineup(players).count(role)


def _factories(game: Game, bots: Mapping[str, BotFactory] | Sequence[str]) -> dict[str, BotFactory]:
    if isinstance(bots, (str, bytes)) or not isinstance(bots, (Mapping, Sequence)):
        raise SimulationError(f"bots must be a list of names or a mapping, got {_show(bots)}")
    if isinstance(bots, Mapping):
        for name, factory in bots.items():
            if not isinstance(name, str):
                raise SimulationError(f"bot names must be strings, got {_show(name)}")
            if not callable(factory):
                raise SimulationError(
                    f"bot {_show(name)} must be a factory (a callable), got {_show(factory)}"
                )
        chosen = dict(bots)
    else:
        known = {name.lower(): factory for name, factory in game.bots.items()}
        chosen = {}
        for name in bots:
            if not isinstance(name, str):
                raise SimulationError(f"bot names must be strings, got {_show(name)}")
            key = name.strip().lower()
            if key not in known:
                raise SimulationError(
                    f"unknown {game.name} bot {_show(name)}; choose from {', '.join(known)}"
                )
            if key in chosen:
                raise SimulationError(f"bot {_show(key)} is named twice")
            chosen[key] = known[key]
    if len(chosen) < 2:
        raise SimulationError(f"a tournament needs at least two bots, got {len(chosen)}")
    return chosen


def _shifted(
    progress: Callable[[int, int], None], offset: int, total: int
) -> Callable[[int, int], None]:
    """``progress`` for one part of a larger count: ``done`` is shifted by ``offset``."""

    def report(done: int, part_total: int) -> None:
        progress(offset + done, total)

    return report


def _deal_returns(
    first: SimulationResult, replay: SimulationResult, players: int
) -> tuple[list[float], list[float]]:
    """Per deal, each bot's mean return per seat over the first game and the replay."""
    roles = lineup(players)
    a_returns: list[float] = []
    b_returns: list[float] = []
    for one, two in zip(first.games, replay.games, strict=True):
        if one.seed != two.seed or one.seating != two.seating:
            raise SimulationError("the replay of a pair is not the same deal")  # pragma: no cover
        totals = [0, 0]
        for seat in range(players):
            role = roles[one.seating[seat]]
            totals[role] += one.returns[seat]
            totals[1 - role] += two.returns[seat]
        a_returns.append(totals[0] / players)
        b_returns.append(totals[1] / players)
    return a_returns, b_returns


def _pm(stat: Stat) -> str:
    if stat.n == 0 or math.isnan(stat.mean):
        return "n/a"
    half = stat.half_width
    return f"{stat.mean:.2f} ± " + ("n/a" if math.isnan(half) else f"{half:.2f}")


def _boot(interval: Interval | None) -> str:
    return "n/a" if interval is None else format_interval(*interval)


def _grid(headers: list[str], rows: list[list[str]], left: set[int]) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(
            cell.ljust(width) if index in left else cell.rjust(width)
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return [line(headers), *(line(row) for row in rows)]


def _pair_fault(data: dict[str, Any]) -> PairFault:
    if type(data["replay"]) is not bool:
        raise TypeError(f"replay must be true or false, got {_show(data['replay'])}")
    return PairFault(
        str(data["first"]), str(data["second"]), data["replay"], Fault.from_json(data["fault"])
    )


def _pair_faults(
    names: tuple[str, str], runs: tuple[SimulationResult, SimulationResult], players: int
) -> list[PairFault]:
    """The forfeits of a pair's two runs, each fault's bot named as the ladder names it."""
    roles = lineup(players)
    found = []
    for replay, run in enumerate(runs[: 1 if runs[0] is runs[1] else 2]):
        for game in run.games:
            fault = game.fault
            if fault is not None:
                name = names[roles[game.seating[fault.seat]] ^ replay]
                found.append(PairFault(*names, bool(replay), attrs.evolve(fault, bot=name)))
    return found


def _stat_from(data: dict[str, Any]) -> Stat:
    try:
        return Stat.from_json(data)
    except SimulationError as exc:
        raise TypeError(str(exc)) from None


def _stat_columns(*stats: tuple[str, Stat]) -> Row:
    row: Row = {}
    for name, stat in stats:
        data = stat.to_json()
        row |= {f"{name}_{key}": data[key] for key in ("n", "mean", "low", "high")}
    return row


def _boot_columns(interval: Interval | None) -> Row:
    low, high = (None, None) if interval is None else interval
    return {"bootstrap_low": low, "bootstrap_high": high}


def _interval_json(interval: Interval | None) -> list[float] | None:
    return None if interval is None else [interval[0], interval[1]]


def _interval_from(data: object) -> Interval | None:
    if data is None:
        return None
    if not isinstance(data, list) or len(data) != 2:
        raise TypeError(f"not an interval: {_show(data)}")
    return float(data[0]), float(data[1])
