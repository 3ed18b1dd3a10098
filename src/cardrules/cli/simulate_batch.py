"""``cardrules simulate GAME --engine batch``: the same games, many at once in numpy arrays.

The batch engine plays the games :func:`cardrules.runner.simulate` plays, with the
same seeds and seats: game ``i`` is dealt from ``derive_seed(seed, i)``, bot ``b``
sits in seat ``(b + i) % players`` when seats rotate, and a bot that draws at random
draws from ``derive_seed(seed, BOT_STREAM + i, b)``. Its summary and its ``--out``
records are the scalar engine's, as long as its bots are the scalar bots draw for
draw (see each game's ``batch.bots`` module). A game offers the batch engine through
its definition's ``batch_bots(game)``; a bot it cannot run is a usage error naming it.

The figures come from the returns as whole numbers, exactly:

>>> import numpy as np
>>> from cardrules.runner import Stat
>>> values = np.array([3, -1, 4, 1, -5, 9], dtype=np.int64)
>>> exact_stat(values) == Stat.of(values.tolist())
True
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import IO, Any

import attrs

from cardrules.cli.games import bot_entries, listed_by
from cardrules.cli.parsers import lazy_help
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError
from cardrules.extras import NUMPY_HINT
from cardrules.record import dump_json
from cardrules.registry import Game
from cardrules.runner import BOT_STREAM, SimulationResult, Stat

__all__ = [
    "CHUNK",
    "ENGINES",
    "BatchRunner",
    "BatchSimulationResult",
    "Sums",
    "add_engine_option",
    "batch_bots_text",
    "batch_runner",
    "engine_help",
    "exact_stat",
]

ENGINES = ("scalar", "batch")
"""The engines ``simulate --engine`` offers."""

CHUNK = 8192
"""Games played together in one batch (and between two progress reports)."""


_SQRT_BITS = 2 * sys.float_info.mant_dig + 3
_SUM_BLOCK = 1 << 20
_SMALL = 1 << 21
"""Below this size, a block's sum of squares fits 63 bits."""


def add_engine_option(parser: argparse.ArgumentParser, game: Game | None = None) -> None:
    """The ``--engine`` option of ``simulate``; with a game, its help names the ``--bots``
    names the game's batch engine plays (found when the help is printed)."""
    action = parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="scalar",
        help="the engine",
    )
    lazy_help(parser, action, lambda: engine_help(parser, game))


def engine_help(parser: argparse.ArgumentParser, game: Game | None) -> str:
    """The help of ``--engine``: the bots of ``game`` its batch engine plays."""
    if game is None:
        bots = f"{listed_by(parser)} bots"
    else:
        bots = f"{game.name}: {batch_bots_text(game)}".replace("%", "%%")
    return (
        "scalar: one game at a time, any bots (the default); batch: many games at once in"
        f" numpy arrays (the numpy extra), for the bots the game's batch engine plays ({bots}),"
        " with the same seeds and summary"
    )


def batch_bots_text(game: Game) -> str:
    """The ``--bots`` names of ``game`` that its batch engine plays, for a help text."""
    hook = getattr(game.definition, "batch_bots", None)
    if hook is None:
        return "none, it has no batch engine"
    try:
        bots = hook(game)
        runs = {*bots.names, *bots.aliases}
        names = [name for name in game.bots if name.lower() in runs]
    except ModuleNotFoundError as missing:
        if missing.name != "numpy":
            raise
        return "numpy lists them once installed"
    except Exception:  # a game from another package whose hook fails: the help still prints
        return "they cannot be listed"
    return ", ".join(names) or "none"


def _sqrt_of_fraction(numerator: int, denominator: int) -> float:
    """``sqrt(numerator / denominator)`` rounded as :func:`statistics.stdev` rounds it."""
    if sys.version_info < (3, 11):  # pragma: no cover - stdev took a float's root then
        return math.sqrt(numerator / denominator)
    shift = (numerator.bit_length() - denominator.bit_length() - _SQRT_BITS) // 2
    if shift >= 0:
        top, bottom = numerator, denominator << 2 * shift
    else:
        top, bottom = numerator << -2 * shift, denominator
    root = math.isqrt(top // bottom)
    root |= root * root * bottom != top  # round to odd
    return root << shift if shift >= 0 else root / (1 << -shift)


def _sums(values: Any) -> tuple[int, int]:
    """The exact sum and sum of squares of a 1-D integer array, as Python ints."""
    wide = values.astype("int64")
    total = squares = 0
    for start in range(0, len(wide), _SUM_BLOCK):
        block = wide[start : start + _SUM_BLOCK]
        total += int(block.sum())
        if block.size and int(abs(block).max()) < _SMALL:  # no block sum can overflow
            squares += int((block * block).sum())
        else:
            squares += sum(value * value for value in block.tolist())
    return total, squares


def exact_stat(values: Any) -> Stat:
    """:meth:`Stat.of` of a 1-D integer array, from its exact sums: the same figures,
    bit for bit, without a Python float per value."""
    return Sums.of(values).stat()


@attrs.frozen
class Sums:
    """The count, exact sum and exact sum of squares of some returns: what a
    :class:`~cardrules.runner.Stat` is made from, added up a chunk at a time.

    >>> import numpy as np
    >>> Sums.of(np.array([1, 2])) + Sums.of(np.array([-3]))
    Sums(count=3, total=0, squares=14)
    """

    count: int = 0
    total: int = 0
    squares: int = 0

    @classmethod
    def of(cls, values: Any) -> Sums:
        """The sums of a 1-D integer array."""
        return cls(len(values), *_sums(values))

    def __add__(self, other: Sums) -> Sums:
        return Sums(
            self.count + other.count, self.total + other.total, self.squares + other.squares
        )

    def stat(self) -> Stat:
        """:meth:`Stat.of` of the values summed, bit for bit."""
        count, total = self.count, self.total
        if count == 0:
            return Stat(0, math.nan, math.nan)
        mean = float(total) / count
        if count < 2:
            return Stat(count, mean, math.nan)
        spread = Fraction(count * self.squares - total * total, count * (count - 1))
        return Stat(count, mean, float(_sqrt_of_fraction(spread.numerator, spread.denominator)))


@attrs.frozen
class BatchSimulationResult(SimulationResult):
    """A :class:`~cardrules.runner.SimulationResult` kept as sums, in memory that does
    not grow with the games: ``games`` is empty, and ``seat_sums[seat]`` and
    ``bot_sums[bot]`` add up the returns of each seat and each bot; the summary figures
    are those of the scalar result."""

    seat_sums: tuple[Sums, ...] = attrs.field(default=(), repr=False)
    bot_sums: tuple[Sums, ...] = attrs.field(default=(), repr=False)

    @property
    def num_games(self) -> int:
        """How many games were played."""
        return self.seat_sums[0].count if self.seat_sums else 0

    @property
    def per_seat(self) -> tuple[Stat, ...]:
        """The returns of each seat, whoever sat there."""
        return tuple(sums.stat() for sums in self.seat_sums)

    @property
    def per_bot(self) -> tuple[Stat, ...]:
        """The returns of each bot, wherever it sat."""
        return tuple(sums.stat() for sums in self.bot_sums)


@attrs.frozen
class BatchRunner:
    """The batch engine of one game with one bot per seat (see :func:`batch_runner`)."""

    game: Game
    bots: Any
    """The game's batch bots: ``names``, ``aliases`` and ``play``."""
    policies: tuple[int, ...]
    """The number (in ``bots.names``) of the policy of each bot."""

    def __call__(
        self,
        game: Game,
        bots: object,
        games: int,
        *,
        seed: int,
        rotate_seats: bool,
        executor: object = None,
        records: IO[str] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> BatchSimulationResult:
        """Play ``games`` games as :func:`cardrules.runner.simulate` seeds and seats them
        (taking its arguments; ``bots`` and ``executor`` are not used)."""
        import numpy as np  # the command line imports numpy only for a batch

        from cardrules.batch import derive_seeds
        from cardrules.rng import derive_seed

        players = self.game.num_players
        seat_sums = [Sums()] * players
        bot_sums = [Sums()] * players
        policies = np.array(self.policies, dtype=np.int64)
        for start in range(0, games, CHUNK):
            index = np.arange(start, min(games, start + CHUNK), dtype=np.uint64)
            master = np.full(len(index), seed, dtype=np.uint64)
            shift = index.astype(np.int64) % players * rotate_seats
            seats = (np.arange(players)[None, :] - shift[:, None]) % players
            streams = derive_seeds(master, index + np.uint64(BOT_STREAM))
            bot_states = np.stack(
                [derive_seeds(streams, seats[:, seat]) for seat in range(players)], axis=1
            )
            played = self.bots.play(
                derive_seeds(master, index),
                bot_states,
                policies[seats],
                derive_seed(seed, BOT_STREAM, start),
            )
            returns = np.asarray(played.returns)
            for seat in range(players):
                seat_sums[seat] += Sums.of(returns[:, seat])
                bot_sums[seat] += Sums.of(returns[seats == seat])
            if records is not None:
                for row in range(len(index)):
                    records.write(dump_json(played.record(row)) + "\n")
            if progress is not None:
                progress(start + len(index), games)
        names = tuple(self.bots.names[number] for number in self.policies)
        return BatchSimulationResult(names, (), tuple(seat_sums), tuple(bot_sums))


def batch_runner(game: Game, text: str | None) -> tuple[list[str], BatchRunner]:
    """The bot names by seat and the batch engine for ``--bots text``; a bot or a game
    the batch engine cannot run, or a missing numpy, is a usage error naming it."""
    hook = getattr(game.definition, "batch_bots", None)
    if hook is None:
        raise UsageError(f"--engine batch cannot run {game.name}; use --engine scalar")
    try:
        import numpy  # noqa: F401

        bots = hook(game)
    except ModuleNotFoundError as missing:
        if missing.name != "numpy":
            raise
        raise UsageError(f"--engine batch: {NUMPY_HINT}") from None
    except CardRulesError as exc:
        raise UsageError(f"--engine batch cannot run {game}: {exc}") from None
    entries = bot_entries(text) or [game.definition.strong_bot]
    players = game.num_players
    if len(entries) > players:
        raise UsageError(f"--bots names {len(entries)} bots but {game.name} has {players} seats")
    entries += [entries[-1]] * (players - len(entries))
    names: list[str] = []
    policies: list[int] = []
    for entry in entries:
        name = bots.aliases.get(entry.lower(), entry.lower())
        if name not in bots.names:
            offered = ", ".join([*bots.names, *bots.aliases])
            raise UsageError(
                f"--engine batch cannot run the {game.name} bot {entry!r}; it runs {offered}"
                " (or use --engine scalar)"
            )
        shown = entry.lower() if entry.lower() in game.bots else name
        names.append(shown)
        policies.append(bots.names.index(name))
    return names, BatchRunner(game, bots, tuple(policies))
