"""Hazari combinations (H3–H5, Hazari rules page): the 741 classes of three cards, weakest first.

Every three-card set falls in exactly one class. A class is a :class:`Kind` and the
ranks that define it, and has a dense ``strength`` from 0 (5-3-2 indi) to 740
(A-A-A). Suits never break ties (H5), so two sets are equal exactly when their
strengths are.

>>> top = Combination.from_strength(740)
>>> top, str(top), top.sets, top.percentile
(Combination.parse('Trio A-A-A'), 'Trio A-A-A', 4, 100.0)
>>> Combination.parse("Colour run A-2-3") > Combination.parse("Run A-K-Q")
True
>>> Combination.parse("Pair 9-9-K").ranks
(Rank.NINE, Rank.KING)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from cardrules import svg
from cardrules.cards import Rank, _show
from cardrules.errors import InvalidCardsError, ParseError
from cardrules.hazari.rules import rule

__all__ = ["COMBINATIONS", "RUNS", "SETS", "Combination", "Kind", "TableRow", "combination_table"]

SETS = 22100
"""The number of three-card sets in the 52-card pack, C(52, 3)."""


class _KindType(enum.EnumMeta):
    """The metaclass of :class:`Kind`: looking up a value that is no kind raises
    :class:`~cardrules.errors.InvalidCardsError` (before the enum machinery tries to
    print the value, which fails for huge ints and deeply nested lists)."""

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and not isinstance(value, cls):
            try:
                known = value in cls._value2member_map_
            except TypeError:  # unhashable
                known = False
            if not known:
                raise InvalidCardsError(
                    f"{_show(value)} is not a combination Kind (an int in 0..5;"
                    " Kind.parse reads names)"
                )
        return super().__call__(value, *args, **kwargs)


class Kind(enum.IntEnum, metaclass=_KindType):
    """The six combination types of H3, ordered weakest to strongest.

    >>> Kind.TRIO > Kind.COLOUR_RUN > Kind.RUN > Kind.COLOUR > Kind.PAIR > Kind.INDI
    True
    >>> str(Kind.COLOUR_RUN), Kind.parse("colour run")
    ('Colour run', Kind.COLOUR_RUN)
    """

    INDI = 0
    PAIR = 1
    COLOUR = 2
    RUN = 3
    COLOUR_RUN = 4
    TRIO = 5

    @property
    def label(self) -> str:
        """The human name: ``Trio``, ``Colour run``, ``Run``, ``Colour``, ``Pair``, ``Indi``."""
        return _KIND_LABELS[self]

    @property
    def sets_per_class(self) -> int:
        """How many three-card sets make each class of this kind (4 suited, 60 mixed...)."""
        return _SETS_PER_CLASS[self]

    @classmethod
    def parse(cls, text: str) -> Kind:
        """Read a kind name in any case: ``trio``, ``colour run``, ``COLOUR_RUN``..."""
        if not isinstance(text, str):
            raise ParseError(f"expected a combination kind name, got {type(text).__name__}")
        kind = _KIND_BY_TEXT.get(" ".join(text.replace("_", " ").split()).lower())
        if kind is None:
            names = ", ".join(k.label for k in reversed(Kind))
            raise ParseError(f"unknown combination kind {_show(text)} (expected one of {names})")
        return kind

    def __str__(self) -> str:
        return _KIND_LABELS[self]

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


_KIND_LABELS = {
    Kind.INDI: "Indi",
    Kind.PAIR: "Pair",
    Kind.COLOUR: "Colour",
    Kind.RUN: "Run",
    Kind.COLOUR_RUN: "Colour run",
    Kind.TRIO: "Trio",
}
_KIND_BY_TEXT = {label.lower(): kind for kind, label in _KIND_LABELS.items()}
_SETS_PER_CLASS = {
    Kind.INDI: 60,
    Kind.PAIR: 24,
    Kind.COLOUR: 4,
    Kind.RUN: 60,
    Kind.COLOUR_RUN: 4,
    Kind.TRIO: 4,
}

_A, _K, _Q = Rank.ACE, Rank.KING, Rank.QUEEN
RUNS: tuple[tuple[Rank, Rank, Rank], ...] = (
    *((Rank(low + 2), Rank(low + 1), Rank(low)) for low in range(2, 12)),
    (_A, Rank.TWO, Rank.THREE),
    (_A, _K, _Q),
)
"""The 12 runs of H4, weakest (4-3-2) to strongest (A-K-Q), ranks as they are named."""

_RUN_RANK_SETS = frozenset(frozenset(run) for run in RUNS)


def _high_cards() -> Iterator[tuple[Rank, Rank, Rank]]:
    """Distinct-rank triples that are not runs, high to low, weakest first."""
    for high in Rank:
        for middle in Rank:
            if middle >= high:
                break
            for low in Rank:
                if low >= middle:
                    break
                if frozenset((high, middle, low)) not in _RUN_RANK_SETS:
                    yield (high, middle, low)


def _class_keys() -> Iterator[tuple[Kind, tuple[Rank, ...]]]:
    """Every class as ``(kind, ranks)``, weakest first."""
    high_cards = tuple(_high_cards())
    yield from ((Kind.INDI, ranks) for ranks in high_cards)
    yield from ((Kind.PAIR, (pair, odd)) for pair in Rank for odd in Rank if odd != pair)
    yield from ((Kind.COLOUR, ranks) for ranks in high_cards)
    yield from ((Kind.RUN, run) for run in RUNS)
    yield from ((Kind.COLOUR_RUN, run) for run in RUNS)
    yield from ((Kind.TRIO, (rank,)) for rank in Rank)


_KEYS: tuple[tuple[Kind, tuple[Rank, ...]], ...] = tuple(_class_keys())
_STRENGTH_BY_KEY: dict[tuple[Kind, tuple[Rank, ...]], int] = {
    key: strength for strength, key in enumerate(_KEYS)
}


def _kind(value: Any) -> Kind:
    try:
        return Kind(value)
    except ValueError:
        raise InvalidCardsError(f"{_show(value)} is not a combination Kind") from None


def _ranks(value: Iterable[Any]) -> tuple[Rank, ...]:
    try:
        ranks = tuple(value)
        if not all(isinstance(rank, int) for rank in ranks):
            raise TypeError
        return tuple(Rank(rank) for rank in ranks)
    except (TypeError, ValueError):
        raise InvalidCardsError(f"{_show(value)} is not a sequence of ranks (2..14)") from None


@attrs.frozen(eq=False, order=False, repr=False)
class Combination:
    """The value of a three-card set: a :class:`Kind`, its defining ranks and a dense strength.

    ``ranks`` are: the rank for a trio; the pair rank then the odd card for a pair;
    the three ranks as the run is named for a run (``A-K-Q``, ``A-2-3``, ``K-Q-J``);
    the three ranks high to low otherwise. ``strength`` is derived from them.
    Combinations compare and hash by ``strength``. Prefer the interned objects of
    :meth:`from_strength`, :meth:`parse` or :func:`~cardrules.hazari.evaluator.evaluate`.

    >>> Combination(Kind.PAIR, (Rank.ACE, Rank.KING)) == Combination.parse("Pair A-A-K")
    True
    >>> Combination(Kind.RUN, (Rank.KING, Rank.ACE, Rank.TWO))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidCardsError: ranks K-A-2 do not make a Run (one of the 12 runs of \
rule H4 on the Hazari rules page (docs/rules/hazari))
    """

    kind: Kind = attrs.field(converter=_kind)
    ranks: tuple[Rank, ...] = attrs.field(converter=_ranks)
    strength: int = attrs.field(init=False)

    @strength.default
    def _strength(self) -> int:
        strength = _STRENGTH_BY_KEY.get((self.kind, self.ranks))
        if strength is None:
            raise InvalidCardsError(
                f"ranks {_dashed(self.ranks)} do not make a {self.kind} ({_SHAPES[self.kind]})"
            )
        return strength

    @classmethod
    def from_strength(cls, strength: int) -> Combination:
        """The interned combination with the given strength (0..740)."""
        if type(strength) is not int or not 0 <= strength < len(COMBINATIONS):
            raise InvalidCardsError(f"strength {_show(strength)} is not an integer in 0..740")
        return COMBINATIONS[strength]

    @classmethod
    def parse(cls, text: str) -> Combination:
        """Read a combination written as by ``str()``: ``Colour run A-K-Q``, ``Pair 9-9-K``.

        >>> Combination.parse("indi q-8-4")
        Combination.parse('Indi Q-8-4')
        """
        if not isinstance(text, str):
            raise ParseError(f"expected a combination string, got {type(text).__name__}")
        kind_text, _, ranks_text = text.strip().rpartition(" ")
        kind = Kind.parse(kind_text)
        try:
            ranks = [Rank.parse(symbol) for symbol in ranks_text.split("-")]
        except ParseError:
            raise ParseError(
                f"cannot read the ranks {_show(ranks_text)} in {_show(text)}"
            ) from None
        if len(ranks) != 3:
            raise ParseError(
                f"a combination names three ranks, like A-K-Q, not {_show(ranks_text)}"
            )
        key = _key_from_three(kind, ranks)
        strength = _STRENGTH_BY_KEY.get(key)
        if strength is None:
            raise ParseError(
                f"{_show(text)}: ranks {ranks_text} do not make a {kind} ({_SHAPES[kind]})"
            )
        return COMBINATIONS[strength]

    @property
    def sets(self) -> int:
        """How many of the 22100 three-card sets fall in this class."""
        return _SETS_PER_CLASS[self.kind]

    @property
    def beats_or_ties(self) -> int:
        """How many of the 22100 three-card sets this combination beats or ties."""
        return _CUMULATIVE[self.strength]

    @property
    def percentile(self) -> float:
        """The share, in percent, of the 22100 three-card sets this combination beats or ties.

        >>> round(Combination.parse("Indi 5-3-2").percentile, 4)
        0.2715
        """
        return 100.0 * _CUMULATIVE[self.strength] / SETS

    def __str__(self) -> str:
        return f"{self.kind} {_dashed(self._named_ranks())}"

    def __repr__(self) -> str:
        return f"Combination.parse('{self}')"

    def _named_ranks(self) -> tuple[Rank, ...]:
        if self.kind is Kind.TRIO:
            return self.ranks * 3
        if self.kind is Kind.PAIR:
            return (self.ranks[0], *self.ranks)
        return self.ranks

    def __hash__(self) -> int:
        return self.strength

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Combination):
            return self.strength == other.strength
        return NotImplemented

    def __lt__(self, other: Combination) -> bool:
        if isinstance(other, Combination):
            return self.strength < other.strength
        return NotImplemented

    def __le__(self, other: Combination) -> bool:
        if isinstance(other, Combination):
            return self.strength <= other.strength
        return NotImplemented

    def __gt__(self, other: Combination) -> bool:
        if isinstance(other, Combination):
            return self.strength > other.strength
        return NotImplemented

    def __ge__(self, other: Combination) -> bool:
        if isinstance(other, Combination):
            return self.strength >= other.strength
        return NotImplemented

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)


_SHAPES = {
    Kind.INDI: "three different ranks, not a run, high to low, like Q-8-4",
    Kind.PAIR: "the pair then the odd card, like 9-9-K",
    Kind.COLOUR: "three different ranks, not a run, high to low, like Q-8-4",
    Kind.RUN: f"one of the 12 runs of {rule('H4')}",
    Kind.COLOUR_RUN: f"one of the 12 runs of {rule('H4')}",
    Kind.TRIO: "three of one rank, like A-A-A",
}


def _dashed(ranks: Iterable[Rank]) -> str:
    return "-".join(str(rank) for rank in ranks)


def _key_from_three(kind: Kind, ranks: list[Rank]) -> tuple[Kind, tuple[Rank, ...]]:
    if kind is Kind.TRIO and ranks[0] == ranks[1] == ranks[2]:
        return kind, (ranks[0],)
    if kind is Kind.PAIR and ranks[0] == ranks[1]:
        return kind, (ranks[0], ranks[2])
    return kind, tuple(ranks)


def _interned(kind: Kind, ranks: tuple[Rank, ...], strength: int) -> Combination:
    """Build a table entry directly; the keys are already valid (saves import time)."""
    combination = object.__new__(Combination)
    object.__setattr__(combination, "kind", kind)
    object.__setattr__(combination, "ranks", ranks)
    object.__setattr__(combination, "strength", strength)
    return combination


COMBINATIONS: tuple[Combination, ...] = tuple(
    _interned(kind, ranks, strength) for strength, (kind, ranks) in enumerate(_KEYS)
)
"""The 741 interned combinations, indexed by strength (weakest first)."""


def _cumulative() -> tuple[int, ...]:
    total = 0
    counts = []
    for combination in COMBINATIONS:
        total += combination.sets
        counts.append(total)
    return tuple(counts)


_CUMULATIVE = _cumulative()


@attrs.frozen
class TableRow:
    """One class of the exhaustive table: its combination and how many sets it holds."""

    combination: Combination
    sets: int
    beats_or_ties: int

    @property
    def kind(self) -> Kind:
        """The combination's kind."""
        return self.combination.kind

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The combination's defining ranks."""
        return self.combination.ranks

    @property
    def strength(self) -> int:
        """The combination's strength."""
        return self.combination.strength


def combination_table() -> tuple[TableRow, ...]:
    """The 741 classes, strongest first, each with its number of three-card sets.

    >>> table = combination_table()
    >>> len(table), sum(row.sets for row in table)
    (741, 22100)
    >>> str(table[0].combination), table[0].sets, str(table[-1].combination), table[-1].sets
    ('Trio A-A-A', 4, 'Indi 5-3-2', 60)
    """
    return tuple(
        TableRow(combination, combination.sets, combination.beats_or_ties)
        for combination in reversed(COMBINATIONS)
    )
