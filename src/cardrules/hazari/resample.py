"""Determinization: states consistent with what one player knows (for search bots).

:func:`resample` deals the cards a player cannot see at random among the other
seats, keeps the player's own hand and arrangement, and gives every other player
who is already up a uniformly random valid arrangement of their new hand. What the
player has seen (who is up, and every group already played) is kept exactly.

The draw is uniform over the deals consistent with the observation. While a deal is
in progress nothing but the observer's own cards constrains it: the others' groups
are shown only when played (H8), and the rounds are played at once when the fourth
player is up (H10), so every deal of the 39 unseen cards, 13 to each other seat, is
equally likely. An arrangement is a player's choice, not chance, so being up says
nothing about the hand; the redrawn one is uniform among the valid arrangements (H7).
Once the deal is over every group has been shown and exactly one deal fits.

Under ``actions="groups"`` an arrangement is applied as its three groups (strongest
first, a legal order like any other). The observer's own groups so far are applied as
they were chosen. Another seat's groups so far are hidden from the observer, so the
deal drawn has that seat about to choose its first group, which the observer sees the same.

>>> from cardrules import Rng
>>> from cardrules.hazari.state import HazariState
>>> state = HazariState.new(seed=11)
>>> state = state.apply(next(iter(state.legal_actions())))
>>> view = state.observation(2)
>>> guess = resample(view, Rng(1))
>>> guess.observation(2) == view, guess.hands == state.hands
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card, _show
from cardrules.dealing import Dealing
from cardrules.errors import InvalidCardsError, InvalidStateError
from cardrules.hazari.actions import Group, HazariAction, Up
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.evaluator import strength4_of, strength_of
from cardrules.hazari.events import RoundPlayed
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation
from cardrules.hazari.partitions import valid_arrangements
from cardrules.hazari.rules import MAX_MATCH_DEALS, ActionSpace
from cardrules.hazari.state import PACK, HazariState, hands_to_deck
from cardrules.rng import Rng

__all__ = ["random_arrangement", "resample", "resample_match"]

_TRIES = 200


def random_arrangement(hand: Sequence[Card], rng: Rng) -> Arrangement:
    """A uniformly random valid arrangement (H7) of a 13-card hand.

    Draws uniform random splits until one is valid; each hand has valid splits,
    and after many misses it picks one uniformly by its index among the valid ones.

    >>> from cardrules import Rng, parse_cards
    >>> hand = parse_cards("AS KD QH JC 9S 8D 7H 6C 5S 4D 3H 2C 2S")
    >>> random_arrangement(hand, Rng(4)) in valid_arrangements(hand)
    True
    """
    if not isinstance(rng, Rng):
        raise InvalidStateError(f"rng must be a cardrules Rng, got {_show(rng)}")
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
        raise InvalidCardsError(f"expected a 13-card hand of Card objects, got {_show(hand)}")
    if len(hand) != 13 or any(card.__class__ is not Card for card in hand):
        raise InvalidCardsError(f"expected a 13-card hand of Card objects, got {_show(hand)}")
    for _ in range(_TRIES):
        cards = rng.shuffled(hand)
        four = cards[:4]
        threes = (cards[4:7], cards[7:10], cards[10:13])
        weakest = min(strength_of(*(card.index for card in three)) for three in threes)
        if strength4_of(*(card.index for card in four)) <= weakest:
            return Arrangement((four, *threes))
    legal = valid_arrangements(hand)
    return legal[rng.randbelow(len(legal))]


def _start(
    observation: HazariObservation, hands: Sequence[Sequence[Card]], deal: int
) -> HazariState:
    """Deal number ``deal`` of ``hands``: its dealing holds the deck at every number up to
    ``deal``, so the caller bounds ``deal``."""
    deck = hands_to_deck(hands, observation.dealer)
    dealing = Dealing(decks=(deck,) * (deal + 1))
    return HazariState.from_dealing(
        dealing, dealer=observation.dealer, deal=deal, rules=observation.rules
    )


def _revealed(observation: HazariObservation, deal: int) -> HazariState:
    """The one deal an observation of a finished deal allows: every group was shown."""
    rounds = [event for event in observation.events if isinstance(event, RoundPlayed)]
    groups = [[played.group_of(seat) for played in rounds] for seat in range(PLAYERS)]
    hands = [sorted(card for group in seat_groups for card in group) for seat_groups in groups]
    state = _start(observation, hands, deal)
    for seat in observation.up:
        for action in arranging(observation, Arrangement(groups[seat])):
            state = state.apply(action)
    return state


def arranging(observation: HazariObservation, arrangement: Arrangement) -> list[HazariAction]:
    """The actions that submit ``arrangement`` under the observation's rules: one
    :class:`Up`, or under ``actions="groups"`` its three 3-card groups."""
    if observation.rules.actions is ActionSpace.GROUPS:
        return [Group(group) for group in arrangement.threes]
    return [Up(arrangement)]


def resample(observation: HazariObservation, rng: Rng) -> HazariState:
    """A deal consistent with ``observation``; the other seats' hidden cards redrawn by ``rng``.

    The deal's record lists its deck at every deal number up to the observed one, so a
    deal number of :data:`~cardrules.hazari.rules.MAX_MATCH_DEALS` or more (more deals
    than a match can have) raises InvalidStateError.
    """
    if not isinstance(observation, HazariObservation):
        raise InvalidStateError(f"expected a HazariObservation, got {_show(observation)}")
    if not isinstance(rng, Rng):
        raise InvalidStateError(f"rng must be a cardrules Rng, got {_show(rng)}")
    deal = observation.deal
    if type(deal) is not int or not 0 <= deal < MAX_MATCH_DEALS:
        raise InvalidStateError(
            f"resample takes deal numbers 0 to {MAX_MATCH_DEALS - 1} (the most deals a match"
            f" can have), got deal {_show(deal)}"
        )
    return _resample(observation, rng, deal)


def _resample(observation: HazariObservation, rng: Rng, deal: int) -> HazariState:
    """:func:`resample`, the result numbered ``deal`` (a bounded number)."""
    if observation.is_terminal:
        return _revealed(observation, deal)
    me = observation.player
    mine = set(observation.hand)
    hidden = rng.shuffled([card for card in PACK if card not in mine])
    others = iter(range(0, len(hidden), 13))
    hands = [
        observation.hand if seat == me else hidden[(start := next(others)) : start + 13]
        for seat in range(PLAYERS)
    ]
    state = _start(observation, hands, deal)
    for seat in observation.up:
        if seat == me:
            if observation.arrangement is None:
                raise InvalidStateError(f"player {me} is up but the observation has no arrangement")
            arrangement = observation.arrangement
        else:
            arrangement = random_arrangement(state.hands[seat], rng)
        for action in arranging(observation, arrangement):
            state = state.apply(action)
    if observation.groups:
        if observation.current_player != me:
            raise InvalidStateError(
                f"player {me} has groups so far but is not the one to act"
                f" ({_show(observation.current_player)} is)"
            )
        for group in observation.groups:
            state = state.apply(Group(group))
    return state


def resample_match(observation: HazariMatchObservation, rng: Rng) -> HazariMatch:
    """A match consistent with ``observation``: finished deals as revealed, the current
    deal resampled, and the deals still to come drawn from a fresh seed of ``rng``."""
    if not isinstance(observation, HazariMatchObservation):
        raise InvalidStateError(f"expected a HazariMatchObservation, got {_show(observation)}")
    if not isinstance(rng, Rng):
        raise InvalidStateError(f"rng must be a cardrules Rng, got {_show(rng)}")
    decks = []
    actions: list[HazariAction] = []
    for deal in observation.deals:
        if not isinstance(deal, HazariObservation):
            raise InvalidStateError(
                f"a match observation's deals must be observations, got {_show(deal)}"
            )
        state = _resample(deal, rng, 0)  # only its hands and actions are kept
        decks.append(hands_to_deck(state.hands, state.dealer))
        actions.extend(turn.action for turn in state.history)
    dealing = Dealing(seed=rng.next_u64(), decks=tuple(decks))
    match = HazariMatch.from_dealing(
        dealing, dealer=observation.first_dealer, rules=observation.rules
    )
    for action in actions:
        match = match.apply(action)
    return match
