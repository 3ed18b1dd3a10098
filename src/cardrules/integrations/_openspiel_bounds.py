"""What OpenSpiel must be told of each game that its rules alone do not say.

:func:`azi_facts` and :func:`hazari_facts` give a game's utility kind and bounds, its
longest game and its most chance nodes (:class:`Facts`) under the adapter's deal bound
``max_deals``; the OpenSpiel page of the documentation derives them. ``CUTS`` says when
that bound ends a game. Re-exported by :mod:`cardrules.integrations.openspiel`.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pyspiel

from cardrules.cards import _show
from cardrules.chance import ChanceState
from cardrules.errors import InvalidRulesError
from cardrules.registry import load_game

__all__ = [
    "CUTS",
    "DEFAULT_MAX_DEALS",
    "FACTS",
    "INT_LIMIT",
    "MAX_DEALS",
    "Facts",
    "azi_facts",
    "check_max_deals",
    "hazari_facts",
]

DEFAULT_MAX_DEALS = 8
"""The default bound on the deals of one Azi game (the ``max_deals`` parameter)."""

MAX_DEALS = 100
"""The largest ``max_deals``: far beyond any game played, with finite utility bounds."""

INT_LIMIT = 2**31 - 1  # OpenSpiel holds int parameters and game lengths in a C++ int
_FLOAT_LIMIT = int(sys.float_info.max)

_ZERO = pyspiel.GameType.Utility.ZERO_SUM
_CONSTANT = pyspiel.GameType.Utility.CONSTANT_SUM


@attrs.frozen
class Facts:
    """What OpenSpiel must know of a game that the rules alone do not say.

    ``utility_sum`` is the sum of every terminal state's returns; ``min_utility`` and
    ``max_utility`` bound each return; ``max_game_length`` bounds the players' actions
    and ``max_chance_nodes`` the chance nodes of one game.
    """

    utility: Any
    utility_sum: float
    min_utility: float
    max_utility: float
    max_game_length: int
    max_chance_nodes: int
    pack_size: int


def check_max_deals(max_deals: object) -> int:
    """``max_deals`` if it is an int from 1 to :data:`MAX_DEALS`."""
    if type(max_deals) is not int or not 1 <= max_deals <= MAX_DEALS:
        raise InvalidRulesError(
            f"max_deals must be an int from 1 to {MAX_DEALS}, got {_show(max_deals)}"
        )
    return max_deals


def _check_rules(name: str, rules: object) -> None:
    """Refuse ``rules`` unless they are rules of the game ``name``."""
    expected = type(load_game(name).rules)
    if not isinstance(rules, expected):
        raise InvalidRulesError(f"{name} facts need {expected.__name__}, got {_show(rules)}")


def hazari_facts(rules: Any, max_deals: int) -> Facts:
    """Hazari: one deal of 4 actions (12 under ``actions="groups"``, three groups a seat);
    each deal hands out exactly 360 points (H2, H12).

    A seat takes 0 to 360 points, and the four scores always add up to 360: a
    constant-sum game. One 52-card deck is 51 chance nodes (the last card is forced).
    """
    _check_rules("hazari", rules)
    check_max_deals(max_deals)
    length = 12 if rules.actions.value == "groups" else 4
    return Facts(_CONSTANT, 360.0, 0.0, 360.0, length, 51, 52)


def azi_facts(rules: Any, max_deals: int) -> Facts:
    """Azi: returns are net chips, so the game is zero-sum; bounds over ``max_deals`` deals.

    With ``n`` seats, ante ``a``, ``c = raise_cap`` and ``m = max_raise``:

    - one bidding adds at most ``B = c * a + m * c * (c + 1) / 2`` chips (the ``i``-th
      raise names a stake of at most ``a + i * m`` and pays it in full, A7);
    - the pot starts at ``P0 = n * a``; deal ``k`` ends with at most ``Qk = Pk + B``;
      an Azi lets every seat but one who took a trick join for at most the whole pot
      (A12), so ``Pk+1 <= n * Qk``;
    - a winner nets at most the last pot less their own ante: ``max = Q(D-1) - a``;
    - a seat pays at most its ante, every bidding and a fee after each Azi but the
      last (the game ends there): ``min = -(a + D * B + Q0 + ... + Q(D-2))``;
    - a deal has at most ``9 * n - 1 + c`` actions: ``n`` fold choices, ``n`` discards,
      ``n - 1`` passes and ``c`` raises, ``n`` declarations, ``n`` answers, ``3 * n``
      cards and ``n`` join choices; a deal is at most ``4 * n`` chance nodes, one per
      card dealt (A4).

    Two players never reach an Azi (it needs three players with a trick each, or a
    pair and a third player, A12 and A14), so their game is one deal whatever
    ``max_deals`` says. Bounds beyond a float, or a length beyond OpenSpiel's int,
    raise :class:`~cardrules.errors.InvalidRulesError`.
    """
    _check_rules("azi", rules)
    check_max_deals(max_deals)
    n, ante, cap, step = rules.players, rules.ante, rules.raise_cap, rules.max_raise
    if n < 3:
        max_deals = 1  # an Azi needs three players with a trick each, or a pair and a third
    bidding = cap * ante + step * cap * (cap + 1) // 2
    pot = n * ante
    paid = ante
    ends: list[int] = []
    for deal in range(max_deals):
        end = pot + bidding
        ends.append(end)
        paid += bidding
        if deal < max_deals - 1:
            paid += end
            pot = n * end
    length = max_deals * (9 * n - 1 + cap)
    _check_bounds(max_deals, max(paid, ends[-1]), length)
    return Facts(
        _ZERO,
        0.0,
        float(-paid),
        float(ends[-1] - ante),
        length,
        max_deals * 4 * n,  # one chance node per card dealt: 4 to each seat (A4)
        len(rules.pack),
    )


def _check_bounds(max_deals: int, chips: int, length: int) -> None:
    """Refuse bounds OpenSpiel cannot hold: ``chips`` beyond a float, ``length`` beyond an int."""
    if chips > _FLOAT_LIMIT:
        raise InvalidRulesError(
            f"with max_deals={max_deals} these rules bound returns beyond float range"
        )
    if length > INT_LIMIT:
        raise InvalidRulesError(
            f"with max_deals={max_deals} these rules allow a game length of {_show(length)},"
            f" over OpenSpiel's limit {INT_LIMIT}"
        )


FACTS: dict[str, Callable[[Any, int], Facts]] = {"azi": azi_facts, "hazari": hazari_facts}


def _azi_cut(node: ChanceState, max_deals: int) -> bool:
    """True when deal number ``max_deals`` has ended in Azi (the adapter's bound)."""
    inner = node.inner
    if inner is None:
        return False
    if node.is_chance_node:
        return len(node.decks) >= max_deals
    return inner.phase is _joining() and inner.deal_number >= max_deals - 1


@functools.cache
def _joining() -> Any:
    from cardrules.azi.phases import Phase

    return Phase.JOINING


CUTS: dict[str, Callable[[ChanceState, int], bool]] = {"azi": _azi_cut}
