"""Resampling: a full Azi state consistent with what one player has seen.

:func:`resample` redraws every card the observer cannot see: other hands, other
players' discards, the undealt cards, and the observer's own cards while they
are still unseen (a blind fold). The world it returns agrees with:

- every card seen: the trump cards, the cards played, the observer's own hand
  and discard;
- the face-up trump card, which stays in its dealer's hand (A4) unless the dealer
  discarded it (A6);
- every void revealed by play (:func:`~cardrules.azi.tricks.revealed_voids`): a
  player who did not follow the led suit holds none of it, and one who neither
  followed nor trumped holds no trump either, unless the raznomast exemption
  (A13, :func:`~cardrules.azi.tricks.raznomast_exempt`) allowed that;
- every raznomast declaration: the declarer kept the trump Ace and two cards of
  one non-trump suit (A13);
- the seats dealt into each deal, re-deals included (A12); a folded hand is
  hidden but still holds its four cards.

The draw is uniform: every assignment of the hidden cards to the places they can
be (each hidden hand, each hidden discard, the undealt rest) that agrees with the
observation is equally likely, and so is the order each hand was dealt in. (The
undealt cards are never seen in play; they are left in no particular order.)
Nothing is weighted by how likely the players were to choose their actions.

The method is exact counting. In one deal, the hidden places form a few groups
that each accept a set of cards (a hand shown void in hearts accepts no heart;
a discard accepts anything), and the hidden cards fall into a few classes of
cards accepted by the same groups (mostly: one class per suit). The number of
assignments is counted class by class over the groups' remaining capacities,
and each class's split among the groups is drawn with probability proportional
to the number of assignments it leaves for the other classes. Drawing which cards
of a class go where is then a shuffle.
The counts depend on the observation only, so they are worked out once and kept
for the next draws from the same observation object: a search bot resamples one
observation many times. The draws are the same either way.

The public history is replayed on the redrawn decks, so the result is a real
position of the game with the same public events.

>>> from cardrules.azi import AziState, AziRules
>>> from cardrules.rng import Rng
>>> state = AziState.new(AziRules(players=3), seed=5, dealer=0)
>>> seen = state.observation(2)
>>> world = resample(seen, Rng(1))
>>> world.observation(2) == seen
True

:func:`resample_match` does the same for every game of a match.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections.abc import Sequence

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
)
from cardrules.azi.deal import CARDS_EACH, stack
from cardrules.azi.events import (
    Answered,
    CardPlayed,
    Dealt,
    Declared,
    Discarded,
    Folded,
    Joined,
    Passed,
    Raised,
    Skipped,
    Stayed,
    TrickWon,
)
from cardrules.azi.match import AziMatch
from cardrules.azi.observation import AziMatchObservation, AziObservation
from cardrules.azi.state import AziState
from cardrules.azi.tricks import raznomast_exempt, revealed_voids
from cardrules.cards import Card, Rank, _show
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.rng import Rng

__all__ = ["resample", "resample_match"]

_DiscardSlot = tuple[int, int]
"""A discard whose card is redrawn: (deal index, seat)."""

_NOBODY = -1
"""The seat of the undealt rest."""


class _DealInfo:
    """The public facts of one deal, gathered from the events."""

    def __init__(self, number: int, dealer: int, order: tuple[int, ...], trump: Card) -> None:
        self.number = number
        self.dealer = dealer
        self.order = order
        self.trump_card = trump
        self.trump = int(trump.suit)
        self.played: dict[int, list[Card]] = {seat: [] for seat in order}
        self.discarded: set[int] = set()
        self.raznomast: set[int] = set()
        self.voids: dict[int, set[int]] = {seat: set() for seat in order}
        self.trick: list[tuple[int, Card]] = []
        self.led: list[int] = []

    def card_played(self, seat: int, card: Card) -> None:
        self.played[seat].append(card)
        self.trick.append((seat, card))
        led = self.trick[0][1].suit
        exempt = raznomast_exempt(seat in self.raznomast, led, self.trump, self.led)
        self.voids[seat].update(revealed_voids(card, led, self.trump, exempt))

    def trick_won(self) -> None:
        self.led.append(int(self.trick[0][1].suit))
        self.trick = []


_PLAYS = {index: PlayCard(Card.from_index(index)) for index in range(52)}
_DISCARDS = {index: Discard(Card.from_index(index)) for index in range(52)}

_SIMPLE: dict[type, AziAction] = {
    Stayed: PLAY,
    Folded: FOLD,
    Passed: PASS,
    Joined: JOIN,
    Skipped: SKIP,
}


def _public_history(
    observation: AziObservation,
) -> tuple[list[_DealInfo], list[tuple[int, AziAction | _DiscardSlot]]]:
    """The deals and the actions (a discard as ``(deal index, seat)``) behind the events."""
    deals: list[_DealInfo] = []
    actions: list[tuple[int, AziAction | _DiscardSlot]] = []
    for event in observation.events:
        # isinstance in order of frequency: this runs once per event of every game.
        if isinstance(event, CardPlayed):
            deals[-1].card_played(event.player, event.card)
            actions.append((event.player, _PLAYS[event.card.index]))
        elif isinstance(event, TrickWon):
            deals[-1].trick_won()
        elif isinstance(event, (Stayed, Folded, Passed, Joined, Skipped)):
            actions.append((event.player, _SIMPLE[type(event)]))
        elif isinstance(event, Discarded):
            deals[-1].discarded.add(event.player)
            actions.append((event.player, (len(deals) - 1, event.player)))
        elif isinstance(event, Dealt):
            deals.append(_DealInfo(event.deal, event.dealer, event.seats, event.trump_card))
        elif isinstance(event, Raised):
            actions.append((event.player, Raise(event.amount)))
        elif isinstance(event, Declared):
            if event.raznomast:
                deals[-1].raznomast.add(event.player)
            actions.append((event.player, Declare(event.raznomast, event.invite)))
        elif isinstance(event, Answered):
            actions.append((event.player, ACCEPT if event.accepted else DECLINE))
    return deals, actions


# ------------------------------------------------------------------ counting


class _Group:
    """Hidden places of one kind in one deal: ``size`` cards, each one of the hidden cards
    whose bits are set in ``accepts``.

    ``seat`` is the holder (``_NOBODY`` for the undealt rest); ``discard`` marks a
    seat's hidden discard rather than cards in its hand.
    """

    __slots__ = ("accepts", "discard", "seat", "size")

    def __init__(self, seat: int, discard: bool, size: int, accepts: int) -> None:
        self.seat = seat
        self.discard = discard
        self.size = size
        self.accepts = accepts


class _Hidden:
    """The hidden cards of a deal, card ``k`` being bit ``k`` of a set of them.

    Whether a group takes a card depends only on its suit and on whether it is one of
    the ``special`` cards (the trump card, the trump Ace), so the cards fall into
    ``kinds``: the cards of one suit, and each special card alone.
    """

    __slots__ = ("all", "cards", "kinds", "special", "suits")

    def __init__(self, cards: list[Card], special: tuple[Card, ...]) -> None:
        self.cards = cards
        self.all = (1 << len(cards)) - 1
        specials = {card.index for card in special}
        tagged: dict[int, list[int]] = {}  # a suit, or 4 + a special card's index
        for k, card in enumerate(cards):
            index = card.index
            tag = 4 + index if index in specials else index & 3
            if tag in tagged:
                tagged[tag].append(k)
            else:
                tagged[tag] = [k]
        self.suits: dict[int, int] = {}
        self.special: dict[int, int] = {}
        self.kinds: list[tuple[int, list[Card]]] = []
        for tag, positions in tagged.items():
            bits = 0
            for k in positions:
                bits |= 1 << k
            if tag < 4:
                self.suits[tag] = self.suits.get(tag, 0) | bits
            else:
                self.special[tag - 4] = bits
                suit = (tag - 4) & 3
                self.suits[suit] = self.suits.get(suit, 0) | bits
            self.kinds.append((1 << positions[0], [cards[k] for k in positions]))

    def accepted(
        self,
        voids: set[int],
        trump_card: Card,
        holds_trump_card: bool,
        only: Card | None,
        suit: int | None,
    ) -> int:
        """The hidden cards a group takes: none of the ``voids``, the trump card only in
        its dealer's places, and if given only the (special) card ``only`` or only cards
        of ``suit``."""
        accepts = self.all
        for void in voids:
            accepts &= ~self.suits.get(void, 0)
        if not holds_trump_card:
            accepts &= ~self.special.get(trump_card.index, 0)
        if only is not None:
            accepts &= self.special.get(only.index, 0)
        elif suit is not None:
            accepts &= self.suits.get(suit, 0)
        return accepts


@functools.lru_cache(maxsize=4096)
def _splits(count: int, caps: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every way to share ``count`` distinct cards among groups of room ``caps``: the
    number each group gets, and in how many ways the cards can be chosen so."""
    if len(caps) <= 1:
        if not caps:
            return (((), 1),) if count == 0 else ()
        return (((count,), 1),) if count <= caps[0] else ()
    room = sum(caps[1:])
    result: list[tuple[tuple[int, ...], int]] = []
    for first in range(max(0, count - room), min(count, caps[0]) + 1):
        choose = math.comb(count, first)
        for rest, ways in _splits(count - first, caps[1:]):
            result.append(((first, *rest), choose * ways))
    return tuple(result)


class _Assignment:
    """Counts and draws assignments of classes of cards to groups of places.

    ``classes[i]`` is ``(groups, cards)``: the cards of one class and the indices of
    the groups that accept them. ``ways(i, caps)`` is the number of ways to place the
    cards of classes ``i..`` into groups whose remaining room is ``caps``; it sums, over
    each way to share class ``i`` among its groups, the ways to choose the cards so
    times the ways left for the classes after it.
    """

    __slots__ = ("caps", "classes", "memo")

    def __init__(
        self, classes: list[tuple[tuple[int, ...], list[Card]]], caps: tuple[int, ...]
    ) -> None:
        self.classes = classes
        self.caps = caps
        # (index, caps) -> (each share with the room it leaves, running totals of ways)
        self.memo: dict[
            tuple[int, tuple[int, ...]],
            tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]],
        ] = {}

    def _choices(
        self, index: int, caps: tuple[int, ...]
    ) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]]:
        key = (index, caps)
        found = self.memo.get(key)
        if found is not None:
            return found
        groups, cards = self.classes[index]
        last = index + 1 == len(self.classes)
        choices: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        running: list[int] = []
        total = 0
        for shares, ways in _splits(len(cards), tuple(caps[g] for g in groups)):
            left = list(caps)
            for group, share in zip(groups, shares, strict=True):
                left[group] -= share
            room = tuple(left)
            if not last:
                ways *= self.ways(index + 1, room)
            elif any(room):
                continue
            if ways:
                total += ways
                choices.append((shares, room))
                running.append(total)
        self.memo[key] = found = (choices, running)
        return found

    def ways(self, index: int, caps: tuple[int, ...]) -> int:
        running = self._choices(index, caps)[1]
        return running[-1] if running else 0

    def total(self) -> int:
        return self.ways(0, self.caps) if self.classes else 1

    def draw(self, rng: Rng) -> list[list[Card]]:
        """The cards each group gets, drawn uniformly among all assignments."""
        contents: list[list[Card]] = [[] for _ in self.caps]
        caps = self.caps
        for index, (groups, cards) in enumerate(self.classes):
            choices, running = self._choices(index, caps)
            shares, caps = choices[bisect.bisect_right(running, _below(rng, running[-1]))]
            if sum(1 for share in shares if share) > 1:
                cards = rng.shuffled(cards)
            start = 0
            for group, share in zip(groups, shares, strict=True):
                contents[group] += cards[start : start + share]
                start += share
        return contents


def _below(rng: Rng, bound: int) -> int:
    """A uniform integer in ``0 .. bound-1``, for any positive ``bound``.

    >>> bound = 2**70 + 1
    >>> 0 <= _below(Rng(1), bound) < bound
    True
    """
    if bound <= 1 << 64:
        return rng.randbelow(bound)
    words = (bound.bit_length() + 63) // 64
    span = 1 << (64 * words)
    limit = span - span % bound
    while True:
        value = 0
        for _ in range(words):
            value = (value << 64) | rng.next_u64()
        if value < limit:
            return value % bound


def _assignment(groups: list[_Group], hidden: _Hidden) -> tuple[_Assignment, list[list[_Group]]]:
    """The counting problem of placing the hidden cards into ``groups``, and the groups
    merged into each of its groups: groups that accept the same cards are merged, and
    the cards accepted by the same merged groups form a class."""
    columns: dict[int, int] = {}
    caps: list[int] = []
    members: list[list[_Group]] = []
    for group in groups:
        merged = columns.get(group.accepts)
        if merged is None:
            merged = columns[group.accepts] = len(caps)
            caps.append(0)
            members.append([])
        caps[merged] += group.size
        members[merged].append(group)
    by_class: dict[tuple[int, ...], list[Card]] = {}
    for bit, cards in hidden.kinds:  # every card of a kind is accepted alike
        key = tuple(m for m, column in enumerate(columns) if column & bit)
        by_class[key] = by_class.get(key, []) + cards
    # The most constrained classes first; cards that every group takes come last.
    classes = sorted(by_class.items(), key=lambda item: len(item[0]))
    return _Assignment(classes, tuple(caps)), members


# ------------------------------------------------------------------ one deal


def _raznomast_suits(info: _DealInfo, seat: int, suits: Sequence[int]) -> list[int]:
    """The suits the declarer ``seat`` may have kept two cards of (A13), given its plays."""
    ace = Card(Rank.ACE, info.trump)
    others = {card.suit for card in info.played[seat] if card != ace}
    if info.trump in others or len(others) > 1:
        return []
    if others:
        return [int(others.pop())]
    return [int(suit) for suit in suits if suit != info.trump]


def _groups(
    info: _DealInfo, hidden: _Hidden, known: int, raznomast: dict[int, int], pack_size: int
) -> list[_Group] | None:
    """The hidden places of a deal (every seat but ``known``, whose cards are all seen),
    with the suit each raznomast declarer kept; None when the plays leave no room."""
    trump_card = info.trump_card
    groups: list[_Group] = []

    def add(seat: int, discard: bool, size: int, only: Card | None, suit: int | None) -> None:
        voids = set() if discard else info.voids.get(seat, set())
        accepts = hidden.accepted(voids, trump_card, seat == info.dealer, only, suit)
        groups.append(_Group(seat, discard, size, accepts))

    for seat in info.order:
        if seat == known:
            continue
        played = len(info.played[seat])
        if seat not in info.discarded:  # a folded hand, or cards not yet discarded from
            add(seat, False, CARDS_EACH - played, None, None)
            continue
        kept = CARDS_EACH - 1 - played
        if seat in info.raznomast:
            ace = Card(Rank.ACE, info.trump)
            need_ace = 0 if ace in info.played[seat] else 1
            add(seat, False, need_ace, ace, None)
            add(seat, False, kept - need_ace, None, raznomast[seat])
        else:
            add(seat, False, kept, None, None)
        add(seat, True, 1, None, None)
    add(_NOBODY, False, pack_size - CARDS_EACH * len(info.order), None, None)
    if any(group.size < 0 for group in groups):
        return None
    return [group for group in groups if group.size]


def _deal_order(
    ordered: Sequence[Card], loose: Sequence[Card], last: Card | None, rng: Rng
) -> list[Card]:
    """A seat's cards in a uniformly random dealing order that keeps ``ordered`` in its
    order (a hand the observer has seen) and deals ``last`` (the trump card) last."""
    if last is not None:
        ordered = [card for card in ordered if card != last]
        loose = [card for card in loose if card != last]
    if len(loose) > 1:
        loose = rng.shuffled(loose)
    if not ordered:
        result = list(loose)
    else:
        result = []
        i = j = 0
        while i < len(ordered) and j < len(loose):
            if rng.randbelow(len(ordered) - i + len(loose) - j) < len(loose) - j:
                result.append(loose[j])
                j += 1
            else:
                result.append(ordered[i])
                i += 1
        result += ordered[i:]
        result += loose[j:]
    if last is not None:
        result.append(last)
    return result


class _DealPlan:
    """What drawing one deal needs, worked out once per observation: the observer's own
    cards if seen, and each choice of raznomast suits with its count of assignments."""

    __slots__ = ("info", "known", "options", "own", "own_discard", "own_loose", "total")

    def __init__(self, info: _DealInfo, observation: AziObservation, current: bool) -> None:
        self.info = info
        observer = observation.player
        self.known = _NOBODY
        self.own: tuple[Card, ...] = ()
        self.own_loose: list[Card] = []
        self.own_discard: Card | None = None
        if current and observation.hand is not None and observer in info.order:
            self.known = observer
            self.own = observation.hand
            self.own_loose = list(info.played[observer])
            self.own_discard = observation.discard
            if observation.discard is not None:
                self.own_loose.append(observation.discard)
        seen = {card.index for card in (*self.own, *self.own_loose)}
        for cards in info.played.values():
            seen.update(card.index for card in cards)
        pack = observation.rules.pack
        special = (info.trump_card, Card(Rank.ACE, info.trump))
        hidden = _Hidden([card for card in pack if card.index not in seen], special)

        declarers = [seat for seat in info.order if seat in info.raznomast and seat != self.known]
        choices = [_raznomast_suits(info, seat, observation.rules.suits) for seat in declarers]
        self.options: list[tuple[int, _Assignment, list[list[_Group]]]] = []
        for suits in itertools.product(*choices):
            chosen = dict(zip(declarers, suits, strict=True))
            groups = _groups(info, hidden, self.known, chosen, len(pack))
            if groups is None:
                continue
            assignment, members = _assignment(groups, hidden)
            weight = assignment.total()
            if weight:
                self.options.append((weight, assignment, members))
        if not self.options:
            raise InvalidStateError(
                f"no deal {info.number} is consistent with player {observer}'s observation"
            )
        self.total = sum(option[0] for option in self.options)

    def draw(self, rng: Rng) -> tuple[Deck, dict[int, Card]]:
        """A deck for the deal, drawn uniformly among those consistent with the
        observation, and the discard of each seat that discarded."""
        info = self.info
        option = self.options[0]
        if len(self.options) > 1:
            pick = _below(rng, self.total)
            for option in self.options:
                if pick < option[0]:
                    break
                pick -= option[0]
        _, assignment, members = option
        held: dict[int, list[Card]] = {seat: [] for seat in info.order}
        discards: dict[int, Card] = {}
        rest: list[Card] = []
        for cards, sharing in zip(assignment.draw(rng), members, strict=True):
            if len(sharing) > 1:
                cards = rng.shuffled(cards)
            start = 0
            for group in sharing:
                share = cards[start : start + group.size]
                start += group.size
                if group.seat == _NOBODY:
                    rest = share
                elif group.discard:
                    discards[group.seat] = share[0]
                else:
                    held[group.seat] += share

        hands: list[list[Card]] = []
        for seat in info.order:
            last = info.trump_card if seat == info.dealer else None
            if seat == self.known:
                hands.append(_deal_order(self.own, self.own_loose, last, rng))
                continue
            loose = held[seat] + info.played[seat]
            if seat in discards:
                loose.append(discards[seat])
            hands.append(_deal_order((), loose, last, rng))
        if self.own_discard is not None:
            discards[self.known] = self.own_discard
        return Deck(stack(hands, rest)), discards


# ------------------------------------------------------------------ games and matches


class _GamePlan:
    """The public history of an observed game and a plan for each of its deals."""

    __slots__ = ("actions", "deals")

    def __init__(self, observation: AziObservation) -> None:
        infos, self.actions = _public_history(observation)
        last = len(infos) - 1
        self.deals = [_DealPlan(info, observation, k == last) for k, info in enumerate(infos)]

    def draw(self, rng: Rng) -> tuple[list[Deck], list[tuple[int, AziAction]]]:
        """A deck for each deal of the game, and its actions with the discards drawn."""
        decks: list[Deck] = []
        discards: list[dict[int, Card]] = []
        for plan in self.deals:
            deck, chosen = plan.draw(rng)
            decks.append(deck)
            discards.append(chosen)
        actions: list[tuple[int, AziAction]] = []
        for player, action in self.actions:
            if isinstance(action, tuple):
                deal, seat = action
                actions.append((player, _DISCARDS[discards[deal][seat].index]))
            else:
                actions.append((player, action))
        return decks, actions


_PLANS: dict[int, tuple[AziObservation, _GamePlan]] = {}
_PLANS_KEPT = 32


def _sample_game(
    observation: AziObservation, rng: Rng
) -> tuple[list[Deck], list[tuple[int, AziAction]]]:
    """A deck for each deal of the observed game, and its actions with the discards drawn.

    Search bots resample the same observation many times, so the plans of the last few
    observations are kept (by identity; observations are immutable). A plan uses no
    randomness, so the draws are the same whether it was kept or not.
    """
    kept = _PLANS.get(id(observation))
    if kept is not None and kept[0] is observation:
        plan = kept[1]
    else:
        plan = _GamePlan(observation)
        if len(_PLANS) >= _PLANS_KEPT:
            _PLANS.clear()
        _PLANS[id(observation)] = (observation, plan)
    return plan.draw(rng)


def _check_rng(rng: object) -> None:
    if not isinstance(rng, Rng):
        raise InvalidStateError(f"rng must be a cardrules Rng, got {_show(rng)}")


def resample(observation: AziObservation, rng: Rng) -> AziState:
    """A state drawn uniformly among those consistent with ``observation``: every hidden
    card redrawn with ``rng`` (see the module documentation)."""
    if not isinstance(observation, AziObservation):
        raise InvalidStateError(f"expected an AziObservation, got {_show(observation)}")
    _check_rng(rng)
    decks, actions = _sample_game(observation, rng)
    state = AziState.new(
        observation.rules, dealer=observation.first_dealer, dealing=Dealing(decks=decks)
    )
    try:
        for player, action in actions:
            if state.current_player != player:
                raise InvalidStateError(f"player {player} acts out of turn in the observation")
            state = state.apply(action)
    except CardRulesError as exc:
        raise InvalidStateError(f"the observation cannot be replayed: {exc}") from exc
    return state


def resample_match(observation: AziMatchObservation, rng: Rng) -> AziMatch:
    """A match consistent with ``observation``: every game's hidden cards redrawn
    uniformly, and later deals and games drawn from a fresh seed."""
    if not isinstance(observation, AziMatchObservation):
        raise InvalidStateError(f"expected an AziMatchObservation, got {_show(observation)}")
    _check_rng(rng)
    decks: list[Deck] = []
    actions: list[tuple[int, AziAction]] = []
    for game in observation.games:
        game_decks, game_actions = _sample_game(game, rng)
        decks += game_decks
        actions += game_actions
    match = AziMatch.new(
        observation.rules,
        dealer=observation.first_dealer,
        dealing=Dealing(seed=rng.next_u64(), decks=decks),
    )
    try:
        for player, action in actions:
            if match.current_player != player:
                raise InvalidStateError(f"player {player} acts out of turn in the observation")
            match = match.apply(action)
    except CardRulesError as exc:
        raise InvalidStateError(f"the observation cannot be replayed: {exc}") from exc
    return match
