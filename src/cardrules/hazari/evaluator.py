"""Evaluating three or four Hazari cards: table-driven and fast (H3–H6 on the Hazari rules page).

:func:`evaluate` takes :class:`~cardrules.cards.Card` objects and returns an
interned :class:`~cardrules.hazari.combination.Combination`; :func:`strength_of`
and :func:`strength4_of` take card indices (``0..51``) and return the strength int.

>>> from cardrules import parse_cards
>>> evaluate(parse_cards("AS 2S 3S"))
Combination.parse('Colour run A-2-3')
>>> evaluate(parse_cards("9H 9S KD QC"))
Combination.parse('Pair 9-9-K')
>>> best_three(parse_cards("9H 9S KD QC"))
(Card.parse('9H'), Card.parse('9S'), Card.parse('KD'))
>>> strength_of(51, 47, 43), strength4_of(0, 1, 2, 3)
(727, 728)

One nested table, built at import in a few milliseconds, does the work:
``_BY_PAIR[a][b][c]`` is the strength of cards ``a``, ``b`` and ``c``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import TYPE_CHECKING, Any

from cardrules.cards import Card, _show
from cardrules.errors import InvalidCardsError
from cardrules.hazari.combination import _KEYS, COMBINATIONS, Combination, Kind

if TYPE_CHECKING:
    import numpy
    import numpy.typing

__all__ = [
    "best_three",
    "evaluate",
    "strength4_of",
    "strength_of",
    "strengths",
    "strengths4",
    "strengths4_numpy",
    "strengths_numpy",
]


def _rank_strengths() -> tuple[list[int], list[int]]:
    """Strengths of every ordered rank-offset triple (13 * 13 * 13): not all one suit, and suited.

    A suited triple cannot repeat a rank; those entries stay -1.
    """
    plain, suited = [-1] * 2197, [-1] * 2197
    for strength, (kind, ranks) in enumerate(_KEYS):
        offsets = [rank - 2 for rank in ranks]
        if kind is Kind.TRIO:
            offsets *= 3
        elif kind is Kind.PAIR:
            offsets.insert(0, offsets[0])
        table = suited if kind in (Kind.COLOUR, Kind.COLOUR_RUN) else plain
        for x, y, z in permutations(offsets):
            table[x * 169 + y * 13 + z] = strength
    return plain, suited


def _pair_table() -> list[list[list[int]]]:
    """``table[a][b]`` is a row of 64 strengths, one per third card ``c``.

    Pairs with the same two ranks and the same suit relation (both of suit 0..3,
    or different suits) share one row; third cards 52 to 63 hold -1. Where ``a``
    and ``b`` are not two distinct cards (up to 63), the row is all -1. An index of
    64 or more raises IndexError. So with no index negative (``(a | b | c) >= 0``)
    and ``c`` distinct from ``a`` and ``b``, a lookup that does not raise is valid
    exactly when the strength found is not negative.
    """
    plain, suited = _rank_strengths()
    padding = [-1] * 12
    shared_rows: list[list[int]] = []  # at (rank pair) * 5 + (the shared suit, or 4)
    for base in range(0, 2197, 13):
        plain_row = [strength for strength in plain[base : base + 13] for _ in range(4)]
        for shared in range(4):
            row = plain_row.copy()
            row[shared::4] = suited[base : base + 13]
            shared_rows.append(row + padding)
        shared_rows.append(plain_row + padding)
    nothing = [-1] * 64
    return [
        [
            shared_rows[((a >> 2) * 13 + (b >> 2)) * 5 + (a & 3 if (a ^ b) & 3 == 0 else 4)]
            if b < 52 and a != b
            else nothing
            for b in range(64)
        ]
        if a < 52
        else [nothing] * 64
        for a in range(64)
    ]


_BY_PAIR = _pair_table()


def _bad_indices(*indices: Any) -> InvalidCardsError:
    for index in indices:
        if type(index) is not int or not 0 <= index < 52:
            return InvalidCardsError(f"card index {_show(index)} is not an integer in 0..51")
    return InvalidCardsError(f"card indices {list(indices)} repeat a card")


def strength_of(a: int, b: int, c: int) -> int:
    """The strength (0..740) of three distinct cards given by index (0..51), in any order.

    >>> strength_of(51, 47, 43)  # AS KS QS
    727
    >>> strength_of(51, 51, 43)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidCardsError: card indices [51, 51, 43] repeat a card
    """
    try:
        if (a | b | c) >= 0 and a != c and b != c:
            strength = _BY_PAIR[a][b][c]
            if strength >= 0:
                return strength
    except (TypeError, IndexError):
        pass
    raise _bad_indices(a, b, c)


def strength4_of(a: int, b: int, c: int, d: int) -> int:
    """The strength of the best three of four distinct cards given by index (H6).

    >>> strength4_of(51, 47, 43, 0)  # AS KS QS 2C
    727
    """
    try:
        if (a | b | c | d) >= 0 and a != c and b != c and a != d and b != d and c != d:
            table = _BY_PAIR
            row_a = table[a]
            row_ab = row_a[b]
            s1 = row_ab[c]
            s2 = row_ab[d]
            s3 = row_a[c][d]
            s4 = table[b][c][d]
            if (s1 | s2 | s3 | s4) >= 0:  # -1 marks a repeat of a and b
                if s2 > s1:
                    s1 = s2
                if s4 > s3:
                    s3 = s4
                return s1 if s1 > s3 else s3
    except (TypeError, IndexError):
        pass
    raise _bad_indices(a, b, c, d)


def _show_cards(cards: tuple[Any, ...]) -> str:
    return " ".join(str(card) if card.__class__ is Card else _show(card) for card in cards)


def _indices(cards: Iterable[Card]) -> tuple[int, ...]:
    """The indices of 3 or 4 distinct cards, or a clear error."""
    if isinstance(cards, (str, bytes)):
        raise InvalidCardsError(
            f"expected Card objects, got the string {_show(cards)}; parse it first"
        )
    try:
        cards = tuple(cards)
    except TypeError:
        raise InvalidCardsError(f"expected 3 or 4 Card objects, got {_show(cards)}") from None
    if len(cards) not in (3, 4):
        raise InvalidCardsError(
            f"a Hazari combination takes 3 or 4 cards, got {len(cards)}: {_show_cards(cards)}"
        )
    seen: set[int] = set()
    for card in cards:
        if card.__class__ is not Card:
            raise InvalidCardsError(f"{_show(card)} is not a Card")
        if card.index in seen:
            raise InvalidCardsError(f"the cards {_show_cards(cards)} repeat {card}")
        seen.add(card.index)
    return tuple(card.index for card in cards)


def evaluate(cards: Iterable[Card]) -> Combination:
    """The combination of 3 distinct cards, or of the best 3 of 4 (H6).

    Returns one of the 741 interned :class:`Combination` objects.

    >>> from cardrules import parse_cards
    >>> evaluate(parse_cards("KH AS 2D"))
    Combination.parse('Indi A-K-2')
    >>> evaluate(parse_cards("AS KS"))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidCardsError: a Hazari combination takes 3 or 4 cards, got 2: AS KS
    """
    if cards.__class__ is tuple or cards.__class__ is list:
        size = len(cards)
        if size == 3:
            a, b, c = cards
            if a.__class__ is Card and b.__class__ is Card and c.__class__ is Card:
                ia, ib, ic = a.index, b.index, c.index
                if ia != ic and ib != ic:
                    strength = _BY_PAIR[ia][ib][ic]
                    if strength >= 0:
                        return COMBINATIONS[strength]
        elif size == 4:
            a, b, c, d = cards
            if (
                a.__class__ is Card
                and b.__class__ is Card
                and c.__class__ is Card
                and d.__class__ is Card
            ):
                try:
                    return COMBINATIONS[strength4_of(a.index, b.index, c.index, d.index)]
                except InvalidCardsError:
                    pass  # a repeated card: reported below in card terms
    indices = _indices(cards)
    if len(indices) == 3:
        return COMBINATIONS[strength_of(*indices)]
    return COMBINATIONS[strength4_of(*indices)]


def best_three(cards: Iterable[Card]) -> tuple[Card, Card, Card]:
    """The three of four cards that make their best combination (H6), in the given order.

    When several subsets tie, the one that leaves out the lowest card (by index) wins,
    so the answer does not depend on the order of the input.

    >>> from cardrules import parse_cards
    >>> best_three(parse_cards("KC 9H KD 9S"))
    (Card.parse('KC'), Card.parse('KD'), Card.parse('9S'))
    """
    indices = _indices(cards)
    cards = tuple(Card.from_index(index) for index in indices)
    if len(indices) != 4:
        raise InvalidCardsError(
            f"best_three takes 4 cards, got {len(indices)}: {_show_cards(cards)}"
        )
    best = strength4_of(*indices)
    left_out = min(
        card
        for card in cards
        if strength_of(*(other.index for other in cards if other is not card)) == best
    )
    first, second, third = (card for card in cards if card is not left_out)
    return first, second, third


def strengths(triples: Iterable[Sequence[int]]) -> list[int]:
    """The strengths of many index triples, pure Python; same answers as :func:`strength_of`.

    >>> strengths([(51, 47, 43), (0, 1, 2)])
    [727, 728]
    """
    if not isinstance(triples, (list, tuple)):
        triples = _as_list(triples)
    table = _BY_PAIR
    try:
        result = [
            table[a][b][c] if (a | b | c) >= 0 and a != c and b != c else -1 for a, b, c in triples
        ]
    except (TypeError, ValueError, IndexError):
        result = [-1]
    if result and min(result) < 0:  # some group is bad: find it and say why
        return [_checked_strength(triple, 3) for triple in triples]
    return result


def strengths4(quads: Iterable[Sequence[int]]) -> list[int]:
    """The best-of-four strengths of many index quadruples, pure Python (H6).

    >>> strengths4([(51, 47, 43, 0)])
    [727]
    """
    result: list[int] = []
    append = result.append
    for quad in quads if isinstance(quads, (list, tuple)) else _as_list(quads):
        try:
            a, b, c, d = quad
        except (TypeError, ValueError):
            append(_checked_strength(quad, 4))  # raises: not four indices
            continue
        append(strength4_of(a, b, c, d))
    return result


def _as_list(groups: Any) -> list[Any]:
    try:
        return list(groups)
    except TypeError:
        raise InvalidCardsError(f"expected groups of card indices, got {_show(groups)}") from None


def _checked_strength(group: Any, size: int) -> int:
    """:func:`strength_of` or :func:`strength4_of` of a group of ``size`` indices, checked."""
    try:
        indices = tuple(group)
    except TypeError:
        indices = ()
    if len(indices) != size:
        raise InvalidCardsError(f"expected {size} card indices, got {_show(group)}")
    return strength_of(*indices) if size == 3 else strength4_of(*indices)


def _numpy() -> Any:
    """The numpy module, imported on first use; it is an optional extra."""
    try:
        import numpy
    except ImportError:
        raise ModuleNotFoundError(
            "the numpy batches need numpy: install the extra with 'pip install cardrules[numpy]'",
            name="numpy",
        ) from None
    return numpy


_FLAT: numpy.typing.NDArray[numpy.int16] | None = None


def _flat_table() -> numpy.typing.NDArray[numpy.int16]:
    """The 52 * 52 * 52 strength table as a numpy array, -1 where a card repeats."""
    global _FLAT
    if _FLAT is None:
        np = _numpy()

        table = np.array(_BY_PAIR, dtype=np.int16)[:52, :52, :52]
        a, b, c = np.indices((52, 52, 52))
        table[(a == c) | (b == c)] = -1
        _FLAT = table.reshape(-1)
    return _FLAT


def _as_index_array(cards: Any, width: int) -> numpy.typing.NDArray[numpy.int64]:
    np = _numpy()

    try:
        array = np.asarray(cards)
    except ValueError:
        raise InvalidCardsError(f"expected an (n, {width}) array of card indices") from None
    if array.ndim != 2 or array.shape[1] != width:
        raise InvalidCardsError(
            f"expected an (n, {width}) array of card indices, got {array.shape}"
        )
    if array.size and array.dtype.kind not in "iu":
        raise InvalidCardsError(f"card indices must be integers, got dtype {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > 51):
        bad = array[(array < 0) | (array > 51)][0]
        raise InvalidCardsError(f"card index {int(bad)} is not an integer in 0..51")
    result: numpy.typing.NDArray[numpy.int64] = array.astype(np.int64, copy=False)
    return result


def _lookup(flat_indices: Any, rows: Any) -> numpy.typing.NDArray[numpy.int16]:
    result: numpy.typing.NDArray[numpy.int16] = _flat_table()[flat_indices]
    if result.size and result.min() < 0:
        first = int((result < 0).argmax())
        raise InvalidCardsError(f"card indices {rows[first].tolist()} repeat a card")
    return result


def strengths_numpy(triples: Any) -> numpy.typing.NDArray[numpy.int16]:
    """The strengths of an ``(n, 3)`` integer array of card indices, with numpy.

    Needs the ``numpy`` extra; gives the same answers as :func:`strengths`, as ``int16``.
    """
    array = _as_index_array(triples, 3)
    return _lookup((array[:, 0] * 52 + array[:, 1]) * 52 + array[:, 2], array)


def strengths4_numpy(quads: Any) -> numpy.typing.NDArray[numpy.int16]:
    """The best-of-four strengths of an ``(n, 4)`` integer array of card indices, with numpy."""
    np = _numpy()

    array = _as_index_array(quads, 4)
    a, b, c, d = (array[:, i] for i in range(4))
    subsets = [(a, b, c), (a, b, d), (a, c, d), (b, c, d)]
    values = [_lookup((x * 52 + y) * 52 + z, array) for x, y, z in subsets]
    result: numpy.typing.NDArray[numpy.int16] = np.maximum.reduce(values)
    return result
