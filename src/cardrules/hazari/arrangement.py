"""A Hazari arrangement (H6, H7): 13 cards split into groups of 3, 3, 3 and 4.

The rule tags (H1 to H12) are those of the Hazari rules page of the documentation.

A player submits a partition; the library orders the three 3-card groups itself,
strongest first (H7), and puts the 4-card group last. Constructing an
:class:`Arrangement` validates it, so an invalid one cannot exist.

>>> a = Arrangement.parse("2C 3D 6H 8S | AS KS QS | 9H 9D 9C | JD JH 7C")
>>> a
Arrangement.parse('9H 9D 9C | AS KS QS | JH JD 7C | 8S 6H 3D 2C')
>>> [str(c) for c in a.combinations]
['Trio 9-9-9', 'Colour run A-K-Q', 'Pair J-J-7', 'Indi 8-6-3']
>>> a.points, sum(a.points)
((15, 30, 25, 20), 90)
>>> Arrangement.parse(str(a)) == a
True
>>> Arrangement.parse("9H 9S KD QC | QH 8D 4S | AS KS QS | JC JD 2H")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardrules.errors.InvalidArrangementError: 4-card group Pair 9-9-K is higher than ... Indi Q-8-4 ...
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from cardrules import svg
from cardrules.cards import Card, _show, format_cards, parse_cards
from cardrules.errors import InvalidArrangementError
from cardrules.hazari.combination import COMBINATIONS, Combination
from cardrules.hazari.evaluator import strength4_of, strength_of
from cardrules.hazari.points import POINTS_BY_INDEX
from cardrules.hazari.rules import rule

__all__ = ["Arrangement"]

Group = tuple[Card, ...]


def _order_key(group: Group, strength: int) -> tuple[int, tuple[int, ...]]:
    """Strongest first; equal combinations by their cards' indices, highest first."""
    return (strength, tuple(card.index for card in group))


@attrs.frozen(init=False, repr=False)
class Arrangement:
    """A valid split of 13 distinct cards into three 3-card groups and one 4-card group.

    ``groups`` holds the four groups in the order they are played: the 3-card groups
    strongest first (equal ones by their highest card indices), then the 4-card
    group. Each group lists its cards from the highest index down. Two arrangements
    are equal exactly when they are the same partition.

    Build one from groups given in any order, one of them of 4 cards:

    >>> from cardrules import parse_cards
    >>> groups = [parse_cards(t) for t in ("2C 3D 6H 8S", "AS KS QS", "9H 9D 9C", "JD JH 7C")]
    >>> Arrangement(groups) == Arrangement.from_groups(reversed(groups))
    True
    >>> Arrangement(groups[:3])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidArrangementError: an arrangement has 4 groups (3, 3, 3 and 4 ...), got 3
    """

    groups: tuple[Group, Group, Group, Group]
    _strengths: tuple[int, int, int, int] = attrs.field(eq=False, hash=False)

    def __init__(self, groups: Iterable[Iterable[Card]]) -> None:
        ordered, strengths = _validated(groups)
        self.__attrs_init__(ordered, strengths)

    @classmethod
    def from_groups(cls, groups: Iterable[Iterable[Card]]) -> Arrangement:
        """The arrangement of four groups given in any order (same as the constructor)."""
        return cls(groups)

    @classmethod
    def _trusted(
        cls, groups: tuple[Group, Group, Group, Group], strengths: tuple[int, int, int, int]
    ) -> Arrangement:
        """An arrangement from already ordered, already validated groups (no checks)."""
        self = object.__new__(cls)
        self.__attrs_init__(groups, strengths)
        return self

    @classmethod
    def parse(cls, text: str) -> Arrangement:
        """Read four groups separated by ``|``, in any order: ``"AS KS QS | ... | 4 cards"``."""
        if not isinstance(text, str):
            raise InvalidArrangementError(
                f"expected the arrangement as text, got {type(text).__name__}"
            )
        parts = text.split("|")
        if len(parts) != 4:
            raise InvalidArrangementError(
                f"an arrangement is 4 groups separated by '|', got {len(parts)} in {_show(text)}"
            )
        return cls([parse_cards(part, allow_duplicates=True) for part in parts])

    @classmethod
    def from_json(cls, obj: object) -> Arrangement:
        """Read the form written by :meth:`to_json` (the text) or a list of four card lists."""
        if isinstance(obj, str):
            return cls.parse(obj)
        if isinstance(obj, (list, tuple)) and all(
            isinstance(part, (list, tuple)) and all(isinstance(c, (str, Card)) for c in part)
            for part in obj
        ):
            return cls(
                [parse_cards(" ".join(map(str, part)), allow_duplicates=True) for part in obj]
            )
        raise InvalidArrangementError(f"cannot read an arrangement from {_show(obj)}")

    def to_json(self) -> str:
        """The arrangement as its text, which :meth:`from_json` and :meth:`parse` read back."""
        return str(self)

    @property
    def threes(self) -> tuple[Group, Group, Group]:
        """The three 3-card groups, strongest first (rounds 1, 2 and 3)."""
        return self.groups[0], self.groups[1], self.groups[2]

    @property
    def four(self) -> Group:
        """The 4-card group, played in round 4."""
        return self.groups[3]

    @property
    def strengths(self) -> tuple[int, int, int, int]:
        """The strength (0..740) of each group in play order; the 4-card group's best three."""
        return self._strengths

    @property
    def combinations(self) -> tuple[Combination, Combination, Combination, Combination]:
        """Each group's combination in play order; the 4-card group's is its best three (H6)."""
        a, b, c, d = self._strengths
        return COMBINATIONS[a], COMBINATIONS[b], COMBINATIONS[c], COMBINATIONS[d]

    @property
    def points(self) -> tuple[int, int, int, int]:
        """The card points (H2) of each group, in play order."""
        a, b, c, d = (sum(POINTS_BY_INDEX[card.index] for card in group) for group in self.groups)
        return a, b, c, d

    @property
    def cards(self) -> tuple[Card, ...]:
        """All 13 cards, sorted by index."""
        return tuple(sorted(card for group in self.groups for card in group))

    def format(self, *, unicode: bool = False) -> str:
        """The text form, with Unicode suit symbols if asked."""
        return " | ".join(format_cards(group, unicode=unicode) for group in self.groups)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Arrangement.parse('{self}')"

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)


def _validated(
    groups: Iterable[Iterable[Card]],
) -> tuple[tuple[Group, Group, Group, Group], tuple[int, int, int, int]]:
    """Check a partition against H7 and put it in play order."""
    if isinstance(groups, (str, bytes)):
        raise InvalidArrangementError(
            f"expected four groups of cards, got the string {_show(groups)}; use Arrangement.parse"
        )
    try:
        parts = [_group(part, number) for number, part in enumerate(groups, 1)]
    except TypeError:
        raise InvalidArrangementError(
            f"expected four groups of cards, got {_show(groups)}"
        ) from None
    if len(parts) != 4:
        raise InvalidArrangementError(
            f"an arrangement has 4 groups (3, 3, 3 and 4 cards), got {len(parts)}"
        )
    sizes = [len(part) for part in parts]
    if sorted(sizes) != [3, 3, 3, 4]:
        raise InvalidArrangementError(
            f"an arrangement has groups of 3, 3, 3 and 4 cards, got {_sizes(sizes)}"
        )
    _require_distinct(parts)
    four = next(part for part in parts if len(part) == 4)
    threes = [part for part in parts if len(part) == 3]
    strengths3 = [strength_of(*(card.index for card in part)) for part in threes]
    strength4 = strength4_of(*(card.index for card in four))
    ranked = sorted(
        zip(threes, strengths3, strict=True), key=lambda item: _order_key(*item), reverse=True
    )
    weakest, weakest_strength = ranked[2]
    if strength4 > weakest_strength:
        raise InvalidArrangementError(
            f"4-card group {COMBINATIONS[strength4]} is higher than 3-card group "
            f"{COMBINATIONS[weakest_strength]} (groups {format_cards(four)} and "
            f"{format_cards(weakest)}; the 4-card group must be no higher than each 3-card"
            f" group: {rule('H7')})"
        )
    (a, sa), (b, sb), (c, sc) = ranked
    return (a, b, c, four), (sa, sb, sc, strength4)


def _group(part: Iterable[Card], number: int) -> Group:
    if isinstance(part, (str, bytes)):
        raise InvalidArrangementError(
            f"group {number} is the string {_show(part)}, not cards; use Arrangement.parse for text"
        )
    try:
        cards = tuple(part)
    except TypeError:
        raise InvalidArrangementError(
            f"group {number} is {_show(part)}, not a group of cards"
        ) from None
    for card in cards:
        if card.__class__ is not Card:
            raise InvalidArrangementError(
                f"group {number} holds {_show(card)}, which is not a Card"
            )
    return tuple(sorted(cards, reverse=True))


def _sizes(sizes: Sequence[int]) -> str:
    return ", ".join(str(size) for size in sizes)


def _require_distinct(parts: list[Group]) -> None:
    seen: dict[Card, int] = {}
    for number, part in enumerate(parts, 1):
        for card in part:
            if card in seen:
                where = "twice in group" if seen[card] == number else "in groups"
                place = f"{number}" if seen[card] == number else f"{seen[card]} and {number}"
                raise InvalidArrangementError(
                    f"card {card} appears {where} {place}; the 13 cards must be distinct"
                )
            seen[card] = number
