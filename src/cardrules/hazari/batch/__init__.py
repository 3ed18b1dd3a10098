"""Hazari analytics on arrays: whole deals at once, with no decision loop (needs numpy).

Four functions do what the scalar engine does one deal at a time, for many deals:

- :func:`deal` gives the hands of seeded deals, equal to
  ``HazariState.new(seed=s, dealer=dealer).hands``;
- :func:`arrange` arranges hands with a named policy: ``"greedy"``
  (:func:`~cardrules.hazari.greedy.greedy_arrangement`), ``"best"``
  (:func:`~cardrules.hazari.solver.best_arrangement`) or ``"random"`` (uniform over
  the valid arrangements, seeded);
- :func:`play` plays arranged deals out (H10–H12): each round's winner and the points;
- :func:`strengths` gives the strength (0..740) of any array of 3- or 4-card groups.

Cards are integers: a card is its :attr:`Card.index <cardrules.cards.Card.index>`,
``(rank - 2) * 4 + suit`` with suits in the order clubs, diamonds, hearts, spades,
so ``2C`` is 0, ``2S`` is 3 and ``AS`` is 51; :meth:`Card.from_index
<cardrules.cards.Card.from_index>` goes back. These are the indices of the one-hot
card slices of the observation tensors too. A hand is a row of 13 indices; an
*arranged* hand lists its groups in play order (H7), each group's cards from the
highest index down: the strongest 3-card group in columns 0–2, the next in 3–5, the
weakest in 6–8, and the 4-card group in 9–12, exactly
``[c.index for group in arrangement.groups for c in group]``.

>>> import numpy
>>> from cardrules.hazari import HazariState, greedy_arrangement
>>> hands = deal(numpy.arange(3), dealer=2)
>>> hands.shape
(3, 4, 13)
>>> scalar = HazariState.new(seed=1, dealer=2)
>>> hands[1].tolist() == [[card.index for card in hand] for hand in scalar.hands]
True
>>> arranged = arrange(hands, "greedy")
>>> arrangement_of(arranged[1, 0]) == greedy_arrangement(scalar.hands[0])
True
>>> played = play(arranged, dealer=2)
>>> played.scores.sum(axis=1).tolist()
[360, 360, 360]
>>> strengths(numpy.array([[51, 47, 43], [0, 1, 2]])).tolist()  # AS KS QS, 2C 2D 2H
[727, 728]

Importing this module imports numpy; ``import cardrules.hazari`` does not import it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

try:
    import numpy as np
    import numpy.typing as npt
except ImportError:  # pragma: no cover - the tests run with numpy installed
    raise ModuleNotFoundError(
        'cardrules.hazari.batch needs numpy: pip install "cardrules[numpy]"', name="numpy"
    ) from None

from cardrules.cards import Card, _show
from cardrules.errors import (
    InvalidArrangementError,
    InvalidCardsError,
    InvalidRulesError,
    InvalidSeedError,
)
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.batch.shuffle import deal_array
from cardrules.hazari.batch.tables import (
    POINTS,
    greedy_positions,
    quad_strength,
    triple_strength,
)
from cardrules.hazari.rules import HazariRules, TieRule, rule
from cardrules.rng import Rng, check_seed

__all__ = [
    "POLICIES",
    "PlayedDeals",
    "arrange",
    "arrangement_of",
    "cards_of",
    "deal",
    "play",
    "strengths",
]

POLICIES = ("greedy", "best", "random")
"""The arrangement policies :func:`arrange` knows."""

SEATS = 4
HAND = 13
_CHUNK = 2048
"""Hands handled per pass: large enough for numpy, small enough to stay in cache."""
_BEST_CHUNK = 256
"""Hands per pass of the best policy, whose tables per hand are larger."""

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
Ints = npt.NDArray[np.intp]


def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array.setflags(write=False)
    return array


# --- checking input -------------------------------------------------------------


def _integer_array(value: object, what: str) -> npt.NDArray[Any]:
    """``value`` as a numpy array of integers, or :class:`InvalidCardsError`."""
    try:
        array = np.asarray(value)
    except (ValueError, TypeError):
        raise InvalidCardsError(
            f"{what} must be an array of card indices, got {_show(value)}"
        ) from None
    if array.size and array.dtype.kind not in "iu":
        raise InvalidCardsError(f"{what} must hold integer card indices, got dtype {array.dtype}")
    return array


def _card_array(value: object, width: int, what: str) -> npt.NDArray[Any]:
    """An integer array whose last axis has ``width`` card indices in 0..51."""
    array = _integer_array(value, what)
    if array.ndim == 0 or array.shape[-1] != width:
        raise InvalidCardsError(
            f"{what} must have a last axis of {width} card indices, got shape {array.shape}"
        )
    if array.size:
        low, high = array.min(), array.max()
        if low < 0 or high > 51:
            bad = int(low) if low < 0 else int(high)
            where = np.argwhere(array == bad)[0]
            raise InvalidCardsError(
                f"{what}: card index {bad} at {tuple(where.tolist())} is not in 0..51"
            )
    return array


def _sorted_hands(hands: object) -> tuple[Ints, tuple[int, ...]]:
    """The hands of an ``(..., 13)`` array as ``(m, 13)`` sorted card indices, checked
    for repeats, with the leading shape."""
    array = _card_array(hands, HAND, "hands")
    shape = array.shape[:-1]
    flat = np.sort(array.reshape(-1, HAND).astype(np.intp), axis=1)
    repeats = flat[:, 1:] == flat[:, :-1]
    if repeats.any():
        row = int(np.flatnonzero(repeats.any(axis=1))[0])
        card = int(flat[row, 1:][repeats[row]][0])
        where = np.unravel_index(row, shape) if shape else ()
        raise InvalidCardsError(
            f"hand {tuple(int(i) for i in where)} holds {Card.from_index(card)} twice;"
            " a hand is 13 distinct cards"
        )
    return flat, shape


def _seed_array(seeds: object) -> npt.NDArray[np.uint64]:
    """A 1-D array of seeds in 0..2**64-1, as ``uint64``, or :class:`InvalidSeedError`.

    A numpy array is checked by its dtype and range; anything else element by element
    (numpy would turn a list mixing ints above 2**63 with small ones into floats).
    """
    if isinstance(seeds, np.ndarray):
        return _seed_ndarray(seeds)
    if isinstance(seeds, range) and (
        not seeds or 0 <= min(seeds[0], seeds[-1]) <= max(seeds[0], seeds[-1]) <= MAX_INT64
    ):
        return np.arange(seeds.start, seeds.stop, seeds.step, dtype=np.int64).astype(np.uint64)
    if isinstance(seeds, (str, bytes, dict)) or not isinstance(seeds, Iterable):
        raise InvalidSeedError(f"seeds must be a 1-D array of integers, got {_show(seeds)}")
    values = list(seeds)
    for i, seed in enumerate(values):
        if isinstance(seed, np.integer) and not isinstance(seed, np.bool_):
            seed = int(seed)
        if isinstance(seed, (list, tuple, np.ndarray)):
            raise InvalidSeedError(f"seeds must be a 1-D array of integers, got {_show(seeds)}")
        try:
            values[i] = check_seed(seed)
        except InvalidSeedError as exc:
            raise InvalidSeedError(f"seeds[{i}]: {exc}") from None
    return np.array(values, dtype=np.uint64)


MAX_INT64 = (1 << 63) - 1


def _seed_ndarray(array: npt.NDArray[Any]) -> npt.NDArray[np.uint64]:
    if array.ndim != 1:
        raise InvalidSeedError(f"seeds must be a 1-D array of integers, got shape {array.shape}")
    if array.dtype.kind == "O":
        return _seed_array(array.tolist())
    if array.size and array.dtype.kind not in "iu":
        raise InvalidSeedError(f"seeds must be integers, got dtype {array.dtype}")
    if array.size and array.dtype.kind == "i" and array.min() < 0:
        i = int(np.flatnonzero(array < 0)[0])
        raise InvalidSeedError(f"seeds[{i}]: seed {int(array[i])} is not an integer in 0..2**64-1")
    return array.astype(np.uint64)


def _seat(dealer: object) -> int:
    if type(dealer) is not int or not 0 <= dealer < SEATS:
        raise InvalidRulesError(f"dealer {_show(dealer)} is not a seat in 0..3")
    return dealer


# --- converting to and from cards -------------------------------------------------


def cards_of(indices: object) -> tuple[Card, ...]:
    """The :class:`~cardrules.cards.Card` objects of a 1-D row of card indices.

    >>> cards_of([51, 0, 34])
    (Card.parse('AS'), Card.parse('2C'), Card.parse('TH'))
    """
    array = _integer_array(indices, "cards")
    if array.ndim != 1:
        raise InvalidCardsError(f"cards_of takes a 1-D row of card indices, got {array.shape}")
    return tuple(Card.from_index(int(i)) for i in array.tolist())


def arrangement_of(row: object) -> Arrangement:
    """The :class:`~cardrules.hazari.arrangement.Arrangement` of one arranged row:
    groups in columns 0–2, 3–5, 6–8 and the 4-card group in 9–12 (checked as usual).

    >>> arrangement_of([51, 47, 43, 50, 46, 42, 49, 45, 41, 13, 8, 4, 0])
    Arrangement.parse('AS KS QS | AH KH QH | AD KD QD | 5D 4C 3C 2C')
    """
    cards = cards_of(row)
    if len(cards) != HAND:
        raise InvalidArrangementError(f"an arranged row has 13 card indices, got {len(cards)}")
    return Arrangement([cards[0:3], cards[3:6], cards[6:9], cards[9:13]])


# --- the four functions -----------------------------------------------------------


def deal(seeds: object, dealer: int = 0) -> I8:
    """The four sorted hands of each seeded deal, ``(n, 4, 13)`` card indices (``int8``).

    ``result[i, seat]`` equals ``HazariState.new(seed=seeds[i], dealer=dealer).hands[seat]``
    as card indices: the same SplitMix64 draws and rejections as
    :class:`~cardrules.rng.Rng`, one array operation per draw for every deal.

    >>> from cardrules.hazari import HazariState
    >>> cards_of(deal([7], dealer=3)[0, 1]) == HazariState.new(seed=7, dealer=3).hands[1]
    True
    >>> deal([-1])
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidSeedError: seeds[0]: seed -1 is not an integer in 0..2**64-1
    """
    array = _seed_array(seeds)
    return _read_only(deal_array(array, _seat(dealer)))


def arrange(hands: object, policy: str = "greedy", *, seed: int | Rng | None = None) -> I8:
    """Arrange every hand of an ``(..., 13)`` array with a named policy (``int8``, same shape).

    Each output row lists the groups in play order (see the module docs), and equals
    the scalar function's arrangement of the same hand:

    - ``"greedy"``: :func:`~cardrules.hazari.greedy.greedy_arrangement`;
    - ``"best"``: :func:`~cardrules.hazari.solver.best_arrangement` (the exact optimum
      of the expected card points, ties broken the same way);
    - ``"random"``: uniform over the hand's valid arrangements (H7). It needs ``seed``
      (an int, or an :class:`~cardrules.rng.Rng` that gives one draw): hand ``i`` (in
      row-major order) takes the first valid split id (numbered as in
      :mod:`cardrules.hazari.action_ids`) among the draws of
      ``Rng(derive_seed(seed, i)).randbelow(200200)``.

    >>> import numpy
    >>> hand = numpy.arange(0, 52, 4)  # the 13 clubs
    >>> arrange(hand, "greedy").tolist()
    [48, 44, 40, 36, 32, 28, 24, 20, 16, 12, 8, 4, 0]
    >>> arrange(hand, "fancy")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidRulesError: unknown policy 'fancy' (expected one of greedy, ...)
    """
    if policy not in POLICIES:
        raise InvalidRulesError(
            f"unknown policy {_show(policy)} (expected one of {', '.join(POLICIES)})"
        )
    if policy == "random":
        if seed is None:
            raise InvalidSeedError("the random policy needs a seed (an int or an Rng)")
        if not isinstance(seed, Rng):
            check_seed(seed)
    elif seed is not None:
        raise InvalidRulesError(
            f"only the random policy takes a seed; {policy!r} got {_show(seed)}"
        )
    flat, shape = _sorted_hands(hands)  # checked before an Rng is drawn from
    base = 0
    if policy == "random":
        base = seed.next_u64() if isinstance(seed, Rng) else check_seed(seed)
    result = np.empty((len(flat), HAND), dtype=np.int8)
    step = _BEST_CHUNK if policy == "best" else _CHUNK
    for start in range(0, len(flat), step):
        block = flat[start : start + step]
        if policy == "greedy":
            order, _ = greedy_positions(np.ascontiguousarray(block.T))
        elif policy == "best":
            from cardrules.hazari.batch.best import best_positions

            order = best_positions(block)
        else:
            from cardrules.hazari.batch.uniform import random_positions

            order = random_positions(block, base, start)
        result[start : start + len(block)] = np.take_along_axis(block, order, axis=1)
    return _read_only(result.reshape(*shape, HAND))


@attrs.frozen(eq=False)
class PlayedDeals:
    """The outcome of :func:`play` for ``n`` deals, as read-only arrays.

    ``winners[i, r]``: the seat that took round ``r + 1`` of deal ``i`` (H10, H11);
    ``round_points[i, r]``: the card points played in that round (H2);
    ``scores[i, seat]``: each seat's card points for the deal, as
    :meth:`HazariState.returns <cardrules.hazari.state.HazariState.returns>` gives them.
    """

    winners: I8
    round_points: I16
    scores: I16

    def __len__(self) -> int:
        return len(self.scores)


def _allowed_rules(rules: object) -> HazariRules:
    """The rules, if the batch plays them; any option it does not know must be default."""
    if rules is None:
        return HazariRules()
    if not isinstance(rules, HazariRules):
        raise InvalidRulesError(f"rules must be HazariRules, got {_show(rules)}")
    known = {"tie_rule", "target"}  # a match's target does not change a deal
    defaults = HazariRules().to_json()
    for name, value in rules.to_json().items():
        if name not in known and value != defaults.get(name):
            raise InvalidRulesError(
                f"the batch engine does not play the Hazari option {name}={_show(value)}"
            )
    return rules


def play(arranged: object, dealer: int = 0, rules: HazariRules | None = None) -> PlayedDeals:
    """Play ``(n, 4, 13)`` arranged deals out: four rounds each (H10, H11), scored (H12).

    ``arranged[i, seat]`` is that seat's arrangement (module docs); the three 3-card
    groups may come in any order, as the library plays them strongest first itself
    (H7). Each deal's 52 cards must be the pack, and each arrangement valid (H7).
    The result equals the scalar engine's deal with these arrangements: the player
    to the dealer's right leads round 1, each winner leads the next, and ties go by
    ``rules.tie_rule``.

    >>> import numpy
    >>> hands = deal([5, 6])
    >>> played = play(arrange(hands, "greedy"))
    >>> played.winners.shape, played.scores.shape, len(played)
    ((2, 4), (2, 4), 2)
    """
    rules = _allowed_rules(rules)
    seat = _seat(dealer)
    array = _card_array(arranged, HAND, "arranged deals")
    if array.ndim != 3 or array.shape[1] != SEATS:
        raise InvalidCardsError(f"arranged deals must have shape (n, 4, 13), got {array.shape}")
    n = len(array)
    winners = np.empty((n, 4), dtype=np.int8)
    round_points = np.empty((n, 4), dtype=np.int16)
    scores = np.empty((n, SEATS), dtype=np.int16)
    for start in range(0, n, _CHUNK // SEATS):
        block = array[start : start + _CHUNK // SEATS].astype(np.intp)
        _, w, r, s = _play_block(block, start, seat, rules.tie_rule)
        winners[start : start + len(block)] = w
        round_points[start : start + len(block)] = r
        scores[start : start + len(block)] = s
    return PlayedDeals(_read_only(winners), _read_only(round_points), _read_only(scores))


def _play_block(
    block: Ints, start: int, dealer: int, tie_rule: TieRule
) -> tuple[list[Ints], Ints, Ints, Ints]:
    """Play a checked ``(k, 4, 13)`` block of arranged deals (deal ``start`` first):
    each round's group strengths by seat, the winners, round points and scores."""
    _check_packs(block, start)
    strength, points = _groups_in_play_order(block, start)
    winners, round_points, scores = _rounds(strength, points, dealer, tie_rule)
    return strength, winners, round_points, scores


def _check_packs(block: Ints, start: int) -> None:
    """Each deal of a ``(k, 4, 13)`` block must hold the 52 cards once each."""
    bits = np.left_shift(np.uint64(1), block.reshape(len(block), 52).astype(np.uint64))
    full = np.bitwise_or.reduce(bits, axis=1) == np.uint64((1 << 52) - 1)
    if not full.all():
        i = int(np.flatnonzero(~full)[0])
        cards = block[i].reshape(-1)
        seen = np.bincount(cards, minlength=52)
        twice = Card.from_index(int(np.flatnonzero(seen > 1)[0]))
        raise InvalidCardsError(
            f"deal {start + i} holds {twice} more than once; a deal is the 52-card pack"
        )


def _groups_in_play_order(block: Ints, start: int) -> tuple[list[Ints], list[Ints]]:
    """Strengths and points of each seat's groups in play order: four ``(k, 4)`` arrays each."""
    cards = block
    card_points = POINTS[cards]
    keys, points = [], []
    for g in range(3):
        a, b, c = cards[..., 3 * g], cards[..., 3 * g + 1], cards[..., 3 * g + 2]
        s = triple_strength(a, b, c).astype(np.intp)
        high = np.maximum(np.maximum(a, b), c)
        low = np.minimum(np.minimum(a, b), c)
        middle = a + b + c - high - low
        # The scalar order key: strength, then the cards from the highest index down.
        keys.append((s << 18) | (high * 2704 + middle * 52 + low))
        points.append(card_points[..., 3 * g : 3 * g + 3].sum(axis=-1))
    four = quad_strength(cards[..., 9], cards[..., 10], cards[..., 11], cards[..., 12])
    weakest = np.minimum(np.minimum(keys[0], keys[1]), keys[2]) >> 18
    if (four > weakest).any():
        deal_index, seat = (int(i) for i in np.argwhere(four > weakest)[0])
        raise InvalidArrangementError(
            f"deal {start + deal_index}, seat {seat}: the 4-card group is higher than a"
            f" 3-card group in {arrangement_text(cards[deal_index, seat])}"
            f" (the 4-card group must be no higher than each 3-card group: {rule('H7')})"
        )
    for i, j in ((0, 1), (1, 2), (0, 1)):  # strongest first: a sorting network of three
        swap = keys[i] < keys[j]
        for values in (keys, points):
            values[i], values[j] = (
                np.where(swap, values[j], values[i]),
                np.where(swap, values[i], values[j]),
            )
    strengths = [key >> 18 for key in keys] + [four.astype(np.intp)]
    return strengths, [*points, card_points[..., 9:].sum(axis=-1)]


def arrangement_text(row: Ints) -> str:
    """One arranged row as text, groups separated by ``|`` (for messages)."""
    cards = [str(Card.from_index(int(i))) for i in row.tolist()]
    return " | ".join(" ".join(cards[a:b]) for a, b in ((0, 3), (3, 6), (6, 9), (9, 13)))


def _rounds(
    strength: list[Ints], points: list[Ints], dealer: int, tie_rule: TieRule
) -> tuple[Ints, Ints, Ints]:
    """Winners, round points and scores of ``k`` deals from their groups in play order."""
    k = len(strength[0])
    across = np.arange(k)
    seats = np.arange(SEATS)[None, :]
    leader = np.full(k, (dealer + 1) % SEATS, dtype=np.intp)
    winners = np.empty((k, 4), dtype=np.intp)
    round_points = np.stack([p.sum(axis=1) for p in points], axis=1)
    scores = np.zeros((k, SEATS), dtype=np.intp)
    for r in range(4):
        place = (seats - leader[:, None]) % SEATS  # 0 for the leader, 3 for the last
        # Distinct scores: the strength, then the place that wins ties (H11).
        score = strength[r] * 4 + (place if tie_rule is TieRule.LATEST else 3 - place)
        best = score.max(axis=1)[:, None]
        winner = (score == best) @ np.arange(SEATS)
        winners[:, r] = winner
        scores[across, winner] += round_points[:, r]
        leader = winner
    return winners, round_points, scores


def strengths(cards: object) -> I16:
    """The strength (0..740) of every group of an ``(..., 3)`` or ``(..., 4)`` array of card
    indices, the best three for four cards (H6); shape ``cards.shape[:-1]``, ``int16``.

    Equal to :func:`~cardrules.hazari.evaluator.strength_of` and
    :func:`~cardrules.hazari.evaluator.strength4_of`, group by group.

    >>> strengths([[51, 47, 43, 0], [0, 1, 2, 3]]).tolist()  # AS KS QS 2C, the four 2s
    [727, 728]
    >>> strengths([[1, 1, 2]])
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidCardsError: group (0,) repeats a card: 2D 2D 2H
    """
    array = _integer_array(cards, "cards")
    if array.ndim == 0 or array.shape[-1] not in (3, 4):
        raise InvalidCardsError(
            f"cards must have a last axis of 3 or 4 card indices, got shape {array.shape}"
        )
    array = _card_array(array, array.shape[-1], "cards")
    width = array.shape[-1]
    groups = array.reshape(-1, width)
    result = np.empty(len(groups), dtype=np.int16)
    step = 1 << 16
    for start in range(0, len(groups), step):
        block = groups[start : start + step].astype(np.intp)
        found, repeats = _group_strengths(block)
        if repeats.any():
            row = start + int(np.flatnonzero(repeats)[0])
            where = np.unravel_index(row, array.shape[:-1]) if array.ndim > 1 else ()
            text = " ".join(str(Card.from_index(int(i))) for i in groups[row].tolist())
            raise InvalidCardsError(f"group {tuple(int(i) for i in where)} repeats a card: {text}")
        result[start : start + len(block)] = found
    return _read_only(result.reshape(array.shape[:-1]))


def _group_strengths(block: Ints) -> tuple[I16, npt.NDArray[np.bool_]]:
    """The strengths of a ``(k, 3)`` or ``(k, 4)`` block, and where a card repeats."""
    if block.shape[1] == 3:
        found = triple_strength(block[:, 0], block[:, 1], block[:, 2])
        return found, found < 0
    a, b, c, d = (block[:, i] for i in range(4))
    subsets = [triple_strength(*three) for three in ((a, b, c), (a, b, d), (a, c, d), (b, c, d))]
    weakest = np.minimum(np.minimum(subsets[0], subsets[1]), np.minimum(subsets[2], subsets[3]))
    best = np.maximum(np.maximum(subsets[0], subsets[1]), np.maximum(subsets[2], subsets[3]))
    return best, weakest < 0
