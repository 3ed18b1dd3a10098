"""The compact action space ``actions="groups"``: an arrangement as three 3-card groups.

Under :attr:`~cardrules.hazari.rules.ActionSpace.GROUPS` a player arranges (H7) in three
successive decisions, each naming a 3-card group of their hand; the fourth group is
the four cards left, and after the third group the player is up (H8). A group's id is
the rank of its three *positions* in the hand sorted by card index (2C = 0 ... AS = 51,
as in :mod:`cardrules.hazari.action_ids`), in lexicographic order: positions
``(0, 1, 2)`` are id 0, ``(0, 1, 3)`` id 1, ... ``(10, 11, 12)`` id 285. Positions
refer to the whole 13-card hand, whatever groups are already chosen::

    id(i, j, k) = C(13, 3) - C(13 - i, 3) + C(12 - i, 2) - C(13 - j, 2) + (k - j - 1)

>>> group_id(0b111), group_id(0b1011), group_id(0b111 << 10), GROUP_IDS
(0, 1, 285, 286)
>>> from math import comb
>>> all(
...     group_id(1 << i | 1 << j | 1 << k)
...     == comb(13, 3) - comb(13 - i, 3) + comb(12 - i, 2) - comb(13 - j, 2) + k - j - 1
...     for i in range(13) for j in range(i + 1, 13) for k in range(j + 1, 13)
... )
True
>>> f"{group_positions(100):013b}"  # positions 1, 6 and 7 (position 0 is the last bit)
'0000011000010'

A group is legal when it uses none of the cards already chosen and some valid
split (H7: the 4-card group's value, H6, no higher than each 3-card group) has it
and every chosen group among its three 3-card groups (:func:`legal_group_ids`).
So an arrangement chosen group by group is exactly a valid split, and every valid
split can be chosen, its three groups in any order.

The legal groups are worked out from tables built once per hand (the strengths of its
286 triples and the values of its 715 four-card groups) and shared by its three
decisions. The first group is decided for all 286 triples by one walk over the
four-card groups from the lowest value up: a triple weaker than the current 4-card
group is illegal, and one outside it and at least as strong is legal as soon as the
six cards left split into two triples at least as strong, which holds at once when the
nine cards outside the 4-card group have fewer than ten weaker triples (six cards make
ten splits of complementary triples, and only a weak triple spoils one). The second
group tests the 2,100 splits of the ten cards left (as arrays, with numpy), and the
third reads the splits the second kept. The tests check every level against a naive
search over all 200,200 splits.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cardrules.cards import Card, _show
from cardrules.errors import IllegalActionError
from cardrules.game import LegalActions, check_index
from cardrules.hazari._group_legality import group_mask, hand_groups, ids_in
from cardrules.hazari.actions import Group
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.partitions import QUAD_ID, QUADS, TRIPLE_MASKS, TRIPLES, _sorted_indices
from cardrules.rng import Rng

__all__ = [
    "GROUP_IDS",
    "GroupActions",
    "group_id",
    "group_number",
    "group_of",
    "group_positions",
    "legal_group_ids",
]

HAND_SIZE = 13
GROUP_IDS = len(TRIPLES)
"""The number of group ids: the C(13, 3) = 286 three-card subsets of a hand."""
_TRIPLE_ID = {mask: number for number, mask in enumerate(TRIPLE_MASKS)}


def group_id(positions: int) -> int:
    """The id of the group at the 13-bit position mask ``positions`` (three bits set)."""
    number = _TRIPLE_ID.get(positions) if type(positions) is int else None
    if number is None:
        raise IllegalActionError(f"{_show(positions)} is not a 13-bit mask of three hand positions")
    return number


def group_positions(action_id: int) -> int:
    """The 13-bit position mask of group id ``action_id``; one outside 0..285 raises
    IllegalActionError."""
    if type(action_id) is not int or not 0 <= action_id < GROUP_IDS:
        raise IllegalActionError(
            f"action id {_show(action_id)} is out of range; Hazari group ids are 0 to"
            f" {GROUP_IDS - 1}"
        )
    return TRIPLE_MASKS[action_id]


class GroupActions(LegalActions[Group]):
    """The legal :class:`Group` actions of one decision under ``actions="groups"``.

    ``ids`` are the legal group ids (:func:`~cardrules.hazari.groups.legal_group_ids`),
    ascending; iteration and ``legal[i]`` follow them.
    """

    __slots__ = ("_hand", "_ids")

    def __init__(self, hand: tuple[Card, ...], ids: list[int]) -> None:
        _sorted_indices(hand)
        if not isinstance(ids, list) or any(
            type(number) is not int or not 0 <= number < GROUP_IDS for number in ids
        ):
            raise IllegalActionError(f"group ids must be a list of ints 0..285, got {_show(ids)}")
        self._hand = hand
        self._ids = ids

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Group):
            return False
        number = group_number(self._hand, action)
        return number is not None and number in self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def __getitem__(self, index: int) -> Group:
        return group_of(self._hand, self._ids[check_index(index, len(self._ids))])

    def __iter__(self) -> Iterator[Group]:
        hand = self._hand
        return (group_of(hand, number) for number in self._ids)

    def sample(self, rng: Rng) -> Group:
        """A legal group drawn uniformly with ``rng``."""
        ids = self._ids
        return group_of(self._hand, ids[rng.randbelow(len(ids))])

    def ids(self) -> list[int]:
        """The ids of the legal groups, ascending (the iteration order)."""
        return list(self._ids)


def group_of(hand: tuple[Card, ...], number: int) -> Group:
    """The :class:`Group` of id ``number`` in the sorted ``hand`` (IllegalActionError
    outside 0..285)."""
    _sorted_indices(hand)
    positions = group_positions(number)
    return Group(tuple(card for i, card in enumerate(hand) if positions >> i & 1))


def group_number(hand: tuple[Card, ...], group: Group) -> int | None:
    """The id of ``group`` in the sorted ``hand``, or None if it is not all in the hand."""
    x = _sorted_indices(hand)
    if not isinstance(group, Group):
        raise IllegalActionError(f"expected a Group, got {_show(group)}")
    positions = 0
    for card in group.cards:
        try:
            positions |= 1 << x.index(card.index)
        except ValueError:
            return None
    return _TRIPLE_ID[positions]


def legal_group_ids(cards: tuple[Card, ...], chosen: Sequence[int]) -> list[int]:
    """The legal group ids, ascending, for the sorted 13-card hand ``cards`` after the
    groups with ids ``chosen`` (0, 1 or 2 disjoint groups). A hand that is not 13 sorted
    cards raises InvalidCardsError, bad ``chosen`` ids IllegalActionError.

    >>> from cardrules import parse_cards
    >>> from cardrules.hazari.partitions import sorted_hand
    >>> hand = sorted_hand(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))
    >>> len(legal_group_ids(hand, ()))  # weak colours such as 5S 3S 2S cannot be a group
    262
    >>> top, next_three = group_id(0b111 << 10), group_id(0b111 << 7)  # AS KS QS, JS TS 9S
    >>> third = legal_group_ids(hand, (top, next_three))
    >>> len(third), group_id(0b111 << 4) in third, group_id(0b111) in third  # 8S 7S 6S, 4S 3S 2S
    (9, True, False)
    """
    x = tuple(_sorted_indices(cards))
    if isinstance(chosen, (str, bytes)) or not isinstance(chosen, Sequence):
        raise IllegalActionError(f"chosen must be a sequence of group ids, got {_show(chosen)}")
    numbers = tuple(chosen)
    used = 0
    for number in numbers:
        positions = group_positions(number)
        if positions & used:
            raise IllegalActionError(f"chosen groups {_show(numbers)} share a card")
        used |= positions
    if len(numbers) > 2:
        raise IllegalActionError(f"at most two groups are chosen before the last, got {numbers}")
    return ids_in(group_mask(x, numbers))


# ---------------------------------------------- for the state: a hand it has checked


def _group_at(hand: tuple[Card, ...], number: int) -> Group:
    """:func:`group_of` for a hand the state dealt (not checked again)."""
    if type(number) is not int or not 0 <= number < GROUP_IDS:
        group_positions(number)  # raises the range error
    i, j, k = TRIPLES[number]
    return _trusted_group((hand[k], hand[j], hand[i]))


def _trusted_group(cards: tuple[Card, Card, Card]) -> Group:
    """A :class:`Group` of three distinct cards already highest first (no checks)."""
    group = _new(Group)
    _set(group, "cards", cards)
    return group


_new = object.__new__
_set = object.__setattr__


def _number_in(x: Sequence[int], group: Group) -> int | None:
    """:func:`group_number` for the card indices ``x`` of a hand the state dealt."""
    positions = 0
    try:
        for card in group.cards:
            positions |= 1 << x.index(card.index)
    except ValueError:
        return None
    return _TRIPLE_ID[positions]


def _arranged(hand: tuple[Card, ...], x: tuple[int, ...], numbers: Sequence[int]) -> Arrangement:
    """The arrangement of a hand the state dealt by its three legal groups ``numbers``
    and the four cards left: what ``Arrangement(groups)`` gives, from the hand's tables
    instead of evaluating and checking the groups again (profiled: a quarter the time)."""
    tables = hand_groups(x)
    strength = tables.strength
    threes = []
    used = 0
    for number in numbers:
        i, j, k = TRIPLES[number]
        used |= TRIPLE_MASKS[number]
        threes.append((strength[number], x[k], x[j], x[i], (hand[k], hand[j], hand[i])))
    # Arrangement's play order: strongest first, equal strengths by their cards' indices
    # (the groups share no card, so the keys differ before the cards are reached).
    threes.sort(reverse=True)
    (sa, *_, a), (sb, *_, b), (sc, *_, c) = threes
    quad = QUAD_ID[_FULL ^ used]
    i, j, k, m = QUADS[quad]
    return Arrangement._trusted(
        (a, b, c, (hand[m], hand[k], hand[j], hand[i])), (sa, sb, sc, tables.value[quad])
    )


_FULL = (1 << HAND_SIZE) - 1
