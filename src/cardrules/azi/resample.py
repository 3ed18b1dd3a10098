"""Resampling: a full Azi state consistent with what one player has seen.

:func:`resample` redraws every card the observer cannot see: other hands, other
players' discards, the undealt cards, and the observer's own cards while they
are still unseen (a blind fold). The world it returns agrees with:

- every card seen: the trump cards, the cards played, the observer's own hand
  and discard;
- every void revealed by play: a player who did not follow the led suit holds
  none of it, and one who neither followed nor trumped holds no trump either,
  unless the raznomast exemption (A13) allowed that;
- every raznomast declaration: the declarer kept the trump Ace and two cards of
  one non-trump suit.

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

from collections.abc import Callable

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

_SEARCH_LIMIT = 200_000

_DiscardSlot = tuple[int, int]
"""A discard whose card is redrawn: (deal index, seat)."""


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
        match event:
            case Dealt(deal=number, dealer=dealer, seats=seats, trump_card=trump):
                deals.append(_DealInfo(number, dealer, seats, trump))
            case Stayed(player=player) | Folded(player=player) | Passed(player=player):
                actions.append((player, _SIMPLE[type(event)]))
            case Joined(player=player) | Skipped(player=player):
                actions.append((player, _SIMPLE[type(event)]))
            case Discarded(player=player):
                deals[-1].discarded.add(player)
                actions.append((player, (len(deals) - 1, player)))
            case Raised(player=player, amount=amount):
                actions.append((player, Raise(amount)))
            case Declared(player=player, raznomast=raznomast, invite=invite):
                if raznomast:
                    deals[-1].raznomast.add(player)
                actions.append((player, Declare(raznomast, invite)))
            case Answered(player=player, accepted=accepted):
                actions.append((player, ACCEPT if accepted else DECLINE))
            case CardPlayed(player=player, card=card):
                deals[-1].card_played(player, card)
                actions.append((player, PlayCard(card)))
            case TrickWon():
                deals[-1].trick_won()
            case _:
                pass
    return deals, actions


class _Slot:
    __slots__ = ("allowed", "discard", "seat")

    def __init__(self, seat: int, discard: bool, allowed: Callable[[Card], bool]) -> None:
        self.seat = seat
        self.discard = discard
        self.allowed = allowed


def _search(slots: list[_Slot], pool: list[Card]) -> list[Card] | None:
    """Fill every slot with a distinct allowed card of ``pool``, taking cards in pool
    order (the caller shuffles it) and backtracking when a slot runs out of cards."""
    options = [
        pool if slot.allowed is _any else [card for card in pool if slot.allowed(card)]
        for slot in slots
    ]
    order = sorted(range(len(slots)), key=lambda i: len(options[i]))
    chosen: list[Card | None] = [None] * len(slots)
    used: set[Card] = set()
    budget = [_SEARCH_LIMIT]

    def fill(depth: int) -> bool:
        if depth == len(order):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        index = order[depth]
        for card in options[index]:
            if card not in used:
                used.add(card)
                chosen[index] = card
                if fill(depth + 1):
                    return True
                used.discard(card)
        return False

    if not fill(0):
        return None
    return [card for card in chosen if card is not None]


def _kept_rule(
    info: _DealInfo, seat: int, suit: int | None, must_ace: bool
) -> Callable[[Card], bool]:
    voids = frozenset(info.voids[seat])
    trump = info.trump
    if suit is None:
        return lambda card: card.suit not in voids
    if must_ace:
        return lambda card: card.suit == trump and card.rank == Rank.ACE
    return lambda card: card.suit == suit and card.suit not in voids


def _any(_: Card) -> bool:
    return True


def _sample_deal(
    info: _DealInfo, observation: AziObservation, current: bool, pack: Deck, rng: Rng
) -> tuple[Deck, dict[int, Card]]:
    """A deck for one deal, and the discard of each seat that discarded."""
    observer = observation.player
    known_hand = current and observation.hand is not None and observer in info.order
    fixed: dict[int, list[Card]] = {}
    if known_hand:
        own = list(observation.hand or ())
        extra = [*info.played[observer]]
        if observation.discard is not None:
            extra.insert(0, observation.discard)
        fixed[observer] = extra + own
    seen = {card for cards in fixed.values() for card in cards}
    seen.update(card for cards in info.played.values() for card in cards)
    dealer_needs_trump = info.trump_card not in seen
    seen.add(info.trump_card)
    pool = [card for card in pack if card not in seen]
    for _attempt in range(64):
        slots: list[_Slot] = []
        feasible = True
        for seat in info.order:
            if seat in fixed:
                continue
            played = info.played[seat]
            if seat not in info.discarded:
                slots.extend(_Slot(seat, False, _any) for _ in range(CARDS_EACH - len(played)))
                continue
            kept = CARDS_EACH - 1 - len(played)
            if seat in info.raznomast:
                suits = {card.suit for card in played if card.suit != info.trump}
                has_ace = any(c.suit == info.trump and c.rank == Rank.ACE for c in played)
                if len(suits) > 1:
                    feasible = False
                    break
                if suits:
                    suit = int(suits.pop())
                else:
                    choices = [s for s in observation.rules.suits if s != info.trump]
                    suit = int(choices[rng.randbelow(len(choices))])
                for k in range(kept):
                    must_ace = not has_ace and k == 0
                    slots.append(_Slot(seat, False, _kept_rule(info, seat, suit, must_ace)))
            else:
                rule = _kept_rule(info, seat, None, False)
                slots.extend(_Slot(seat, False, rule) for _ in range(kept))
            slots.append(_Slot(seat, True, _any))
        if not feasible:
            break
        candidates = rng.shuffled(pool)
        if dealer_needs_trump:
            dealer_slots = [
                s for s in slots if s.seat == info.dealer and s.allowed(info.trump_card)
            ]
            if not dealer_slots:
                break
            home = dealer_slots[rng.randbelow(len(dealer_slots))]
            slots.remove(home)
        filled = _search(slots, candidates)
        if filled is None:
            continue
        hands = {seat: list(cards) for seat, cards in fixed.items()}
        discards: dict[int, Card] = {}
        if dealer_needs_trump:
            slots.append(home)
            filled.append(info.trump_card)
        for slot, card in zip(slots, filled, strict=True):
            hands.setdefault(slot.seat, []).append(card)
            if slot.discard:
                discards[slot.seat] = card
        for seat in info.order:
            hands.setdefault(seat, []).extend(info.played[seat] if seat not in fixed else [])
        if known_hand and observation.discard is not None:
            discards[observer] = observation.discard
        return _build_deck(info, hands, candidates, filled), discards
    raise InvalidStateError(
        f"no deal {info.number} is consistent with player {observer}'s observation"
    )


def _build_deck(
    info: _DealInfo, hands: dict[int, list[Card]], pool: list[Card], used: list[Card]
) -> Deck:
    dealer_cards = hands[info.dealer]
    dealer_cards.remove(info.trump_card)
    dealer_cards.append(info.trump_card)
    taken = set(used)
    rest = [card for card in pool if card not in taken]
    return Deck(stack([hands[seat] for seat in info.order], rest))


def _sample_game(
    observation: AziObservation, rng: Rng
) -> tuple[list[Deck], list[tuple[int, AziAction]]]:
    """A deck for each deal of the observed game, and its actions with the discards drawn."""
    deals, events = _public_history(observation)
    decks: list[Deck] = []
    discards: list[dict[int, Card]] = []
    pack = observation.rules.pack
    for index, info in enumerate(deals):
        deck, chosen = _sample_deal(info, observation, index == len(deals) - 1, pack, rng)
        decks.append(deck)
        discards.append(chosen)
    actions: list[tuple[int, AziAction]] = []
    for player, action in events:
        if isinstance(action, tuple):
            deal, seat = action
            actions.append((player, Discard(discards[deal][seat])))
        else:
            actions.append((player, action))
    return decks, actions


def resample(observation: AziObservation, rng: Rng) -> AziState:
    """A state consistent with ``observation``, every hidden card redrawn with ``rng``."""
    if not isinstance(observation, AziObservation):
        raise InvalidStateError(f"expected an AziObservation, got {_show(observation)}")
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
    """A match consistent with ``observation``: every game's hidden cards redrawn, and
    later deals and games drawn from a fresh seed."""
    if not isinstance(observation, AziMatchObservation):
        raise InvalidStateError(f"expected an AziMatchObservation, got {_show(observation)}")
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
