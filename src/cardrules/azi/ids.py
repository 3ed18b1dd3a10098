"""Action ids: every Azi action has one fixed integer under given rules.

A card, a raise amount or a fold always has the same id, whatever the position
(the table is on the Azi rules page):

==========  ===============================================================
id          action
==========  ===============================================================
0 – 6       play, fold, pass, accept, decline, join, skip
7 – 33      discard the card at position ``p`` of ``rules.pack``: ``7 + p``
34 – 60     play the card at position ``p``: ``34 + p``
61 – 74     declare: ``61 + 7 * raznomast + (0 if invite is None else 1 + seat)``
75 –        raise to ``a``: ``75 + a - (ante + min_raise)``, up to ``rules.top_stake``
==========  ===============================================================

>>> from cardrules.azi.rules import AziRules
>>> ids = action_ids(AziRules())
>>> ids.size
105
>>> ids.action_id(Raise(11)), ids.action_from_id(104)
(75, Raise(amount=40))
>>> ids.action_from_id(105)
Traceback (most recent call last):
...
cardrules.errors.IllegalActionError: action id 105 is not an Azi action id (valid ids are 0..104)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from cardrules.azi._boundary import LEAKS, bad_arguments
from cardrules.azi.actions import (
    ACCEPT,
    DECLINE,
    FOLD,
    JOIN,
    PASS,
    PLAY,
    SKIP,
    AziAction,
    Declare,
    Discard,
    PlayCard,
    Raise,
    _cached_raise,
)
from cardrules.azi.deal import MAX_SEATS
from cardrules.azi.rules import AziRules
from cardrules.cards import Card, _show
from cardrules.errors import IllegalActionError, InvalidRulesError

__all__ = [
    "DECLARE_BASE",
    "DISCARD_BASE",
    "PLAY_CARD_BASE",
    "RAISE_BASE",
    "ActionIds",
    "action_ids",
]

DISCARD_BASE = 7
PLAY_CARD_BASE = 34
DECLARE_BASE = 61
RAISE_BASE = 75
_BARE: tuple[AziAction, ...] = (PLAY, FOLD, PASS, ACCEPT, DECLINE, JOIN, SKIP)
_BARE_IDS = {action: number for number, action in enumerate(_BARE)}


class ActionIds:
    """The id table of one set of rules. Get it with :func:`action_ids`."""

    __slots__ = (
        "_by_bit",
        "_by_id",
        "_position",
        "players",
        "raise_high",
        "raise_low",
        "rules",
        "size",
    )

    def __init__(self, rules: AziRules) -> None:
        if not isinstance(rules, AziRules):
            raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
        self.rules = rules
        self.players = rules.players
        self.raise_low = rules.ante + rules.min_raise
        self.raise_high = rules.top_stake
        raises = self.raise_high - self.raise_low + 1 if rules.raise_cap else 0
        self.size = RAISE_BASE + raises
        pack = rules.pack
        self._position = {card.index: p for p, card in enumerate(pack)}
        # By card index, the pack position (the pack is in card-index order, so the
        # positions of a mask's bits, low bit first, are sorted).
        self._by_bit = [self._position.get(index, -1) for index in range(52)]
        by_id: list[AziAction | None] = [*_BARE]
        by_id += [Discard(card) for card in pack]
        by_id += [PlayCard(card) for card in pack]
        for raznomast in (False, True):
            by_id.append(Declare(raznomast, None))
            by_id += [
                Declare(raznomast, seat) if seat < self.players else None
                for seat in range(MAX_SEATS)
            ]
        self._by_id = tuple(by_id)

    def card_id(self, base: int, card: Card) -> int:
        """``base`` plus the position of ``card`` in the pack."""
        try:
            position = self._position.get(card.index)
            if position is None:
                raise IllegalActionError(f"{_show(card)} is not in the Azi pack of these rules")
            return base + position
        except LEAKS as exc:
            raise bad_arguments(
                IllegalActionError,
                "card_id",
                "a whole-number base and a Card",
                exc,
                base=base,
                card=card,
            ) from None

    def card_ids(self, base: int, cards: Iterable[Card]) -> list[int]:
        """The sorted ids ``base + position`` of ``cards``."""
        position = self._position
        try:
            return sorted(base + position[card.index] for card in cards)
        except LEAKS as exc:
            raise bad_arguments(
                IllegalActionError,
                "card_ids",
                "a whole-number base and cards of the Azi pack of these rules",
                exc,
                base=base,
                cards=cards,
            ) from None

    def mask_ids(self, base: int, mask: int) -> list[int]:
        """The sorted ids ``base + position`` of the cards whose bits are set in ``mask``
        (bit ``card.index``; every card of the mask is in the pack): the engine's
        legal ids without building the cards (the id workload went from 1.12× to 1.20×
        release 0.3.0 with it, CPU time under load).

        >>> action_ids(AziRules()).mask_ids(34, (1 << 17) | (1 << 51))
        [34, 60]
        """
        by_bit = self._by_bit
        ids = []
        rest = mask
        try:
            while rest:
                low = rest & -rest
                position = by_bit[low.bit_length() - 1]  # a negative mask ends at bit 52
                if position < 0:
                    raise IllegalActionError(
                        f"mask {_show(mask)} holds card {low.bit_length() - 1}, which is not"
                        " in the Azi pack of these rules"
                    )
                ids.append(base + position)
                rest ^= low
        except LEAKS as exc:
            raise bad_arguments(
                IllegalActionError,
                "mask_ids",
                "a whole-number base and a mask of card bits of the pack",
                exc,
                base=base,
                mask=mask,
            ) from None
        return ids

    def raise_id(self, amount: int) -> int:
        """The id of a raise to ``amount``."""
        if type(amount) is not int:
            raise IllegalActionError(f"a raise amount must be a whole number, got {_show(amount)}")
        return RAISE_BASE + amount - self.raise_low

    def action_id(self, action: AziAction) -> int:
        """The id of ``action``; one these rules can never allow raises IllegalActionError."""
        number = _BARE_IDS.get(action) if action.__class__ in _BARE_TYPES else None
        if number is not None:
            return number
        match action:
            case Discard(card=card):
                return self.card_id(DISCARD_BASE, card)
            case PlayCard(card=card):
                return self.card_id(PLAY_CARD_BASE, card)
            case Declare(raznomast=raznomast, invite=invite):
                if invite is None:
                    return DECLARE_BASE + 7 * raznomast
                if 0 <= invite < self.players:
                    return DECLARE_BASE + 7 * raznomast + 1 + invite
            case Raise(amount=amount):
                if self.rules.raise_cap and self.raise_low <= amount <= self.raise_high:
                    return RAISE_BASE + amount - self.raise_low
            case _:
                pass
        raise IllegalActionError(f"{_show(action)} has no action id under these Azi rules")

    def action_from_id(self, action_id: int) -> AziAction:
        """The action whose id is ``action_id``; a bad id raises IllegalActionError."""
        if type(action_id) is int and 0 <= action_id < self.size:
            if action_id < RAISE_BASE:
                action = self._by_id[action_id]
                if action is not None:
                    return action
            else:
                return _cached_raise(action_id - RAISE_BASE + self.raise_low)
            seat = (action_id - DECLARE_BASE) % 7 - 1
            raise IllegalActionError(
                f"action id {action_id} invites seat {seat}, but these Azi rules have"
                f" {self.players} seats"
            )
        raise IllegalActionError(
            f"action id {_show(action_id)} is not an Azi action id"
            f" (valid ids are 0..{self.size - 1})"
        )


_BARE_TYPES = frozenset(type(action) for action in _BARE)


@functools.lru_cache(maxsize=64)
def _cached_ids(rules: AziRules) -> ActionIds:
    return ActionIds(rules)


def action_ids(rules: AziRules) -> ActionIds:
    """The id table of ``rules`` (built once per rules, in a bounded cache)."""
    if not isinstance(rules, AziRules):
        raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
    return _cached_ids(rules)
