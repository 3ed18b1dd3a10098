"""Azi bots and the Azi game factory for the runner.

- :class:`HeuristicBot`: rules of thumb for every decision: stay in (staying is
  free), discard the weakest card, raise only with a strong hand, declare
  raznomast when allowed, lead low, take a trick with the cheapest card that
  wins it (else throw the cheapest), and join a re-deal when the fee is at most
  half the pot.
- :class:`SearchBot`: determinized Monte Carlo. For each candidate action it
  redraws the hidden cards (:func:`cardrules.azi.resample`), plays the game out with
  heuristic players, and picks the action with the best mean return. The
  worlds and playouts come from the bot's ``rng``, so with the default sample
  budget it is deterministic; an optional time limit trades that for speed.
- :class:`~cardrules.bots.RandomBot` works here too.

Every bot plays single games and matches: given a match observation, it decides
from the current game's (the games of a match are independent pots).

>>> from cardrules.bots import RandomBot
>>> from cardrules.runner import simulate
>>> result = simulate(AziGames(4), [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()],
...                   games=8, seed=1, rotate_seats=True)
>>> [sum(game.returns) for game in result.games] == [0] * 8
True
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from cardrules.azi import (
    ACCEPT,
    DECLINE,
    JOIN,
    NO_DECLARATION,
    PASS,
    PLAY,
    SKIP,
    AziAction,
    AziMatchObservation,
    AziObservation,
    AziRules,
    AziState,
    Declare,
    Discard,
    Phase,
    PlayCard,
    Raise,
    resample,
)
from cardrules.azi.tricks import trick_winner
from cardrules.cards import Card, Rank
from cardrules.errors import IllegalActionError
from cardrules.game import LegalActions
from cardrules.rng import Rng

__all__ = ["AziGames", "HeuristicBot", "SearchBot", "hand_strength"]


@attrs.frozen
class AziGames:
    """A game factory: one Azi game (ante to pot won) per seed.

    >>> AziGames(3)(5).num_players
    3
    """

    players: int = 4
    rules: AziRules | None = None

    def __call__(self, seed: int) -> AziState:
        """The game for ``seed``; its first dealer is drawn by lot from the seed."""
        rules = AziRules(players=self.players) if self.rules is None else self.rules
        return AziState.new(rules, seed=seed)


def _value(card: Card, trump: int) -> int:
    """How much a card is worth keeping: any trump above any plain card."""
    return card.rank + (20 if card.suit == trump else 0)


def hand_strength(hand: Sequence[Card], trump: int) -> float:
    """Roughly how many tricks a hand should take: high trumps and plain aces count.

    >>> from cardrules import parse_cards, Suit
    >>> hand_strength(parse_cards("AS KS AH"), Suit.SPADES)
    2.75
    """
    total = 0.0
    for card in hand:
        if card.suit == trump:
            total += 1.0 if card.rank >= Rank.KING else 0.6 if card.rank >= Rank.TEN else 0.4
        elif card.rank == Rank.ACE:
            total += 0.75
        elif card.rank == Rank.KING:
            total += 0.3
    return total


@attrs.frozen
class HeuristicBot:
    """Sensible rules of thumb for each Azi decision (see the module docs).

    ``raise_at`` is the :func:`hand_strength` from which the bot raises.
    """

    name: ClassVar[str] = "heuristic"
    raise_at: float = 2.0

    def choose(
        self,
        observation: AziObservation | AziMatchObservation,
        legal_actions: LegalActions[Any],
        rng: Rng,
    ) -> AziAction:
        """The rule-of-thumb action for the observed position."""
        observation = observation.current
        legal = list(legal_actions)
        if len(legal) == 1:
            result: AziAction = legal[0]
            return result
        phase = observation.phase
        if phase is Phase.FOLD:
            return PLAY
        if phase is Phase.DISCARD:
            return self._discard(observation, legal)
        if phase is Phase.BIDDING:
            return self._bid(observation, legal)
        if phase is Phase.DECLARATIONS:
            razno = Declare(raznomast=True)
            return razno if razno in legal else NO_DECLARATION
        if phase is Phase.ANSWER:
            return DECLINE if DECLINE in legal else ACCEPT
        if phase is Phase.JOINING:
            fee = observation.fee or 0
            return JOIN if 2 * fee <= observation.pot else SKIP
        if phase is Phase.PLAY:
            return self._play(observation, legal)
        raise IllegalActionError(f"no heuristic for phase {phase!r}")

    def _discard(self, observation: AziObservation, legal: list[Any]) -> AziAction:
        trump = observation.trump
        discards = [a for a in legal if isinstance(a, Discard)]
        choice: AziAction = min(discards, key=lambda a: (_value(a.card, trump), a.card.index))
        return choice

    def _bid(self, observation: AziObservation, legal: list[Any]) -> AziAction:
        raises = [a for a in legal if isinstance(a, Raise)]
        hand = observation.hand or ()
        strong = hand_strength(hand, observation.trump) >= self.raise_at
        if raises and observation.raises == 0 and strong:
            cheapest: AziAction = min(raises, key=lambda a: a.amount)
            return cheapest
        return PASS

    def _play(self, observation: AziObservation, legal: list[Any]) -> AziAction:
        trump = observation.trump
        cards = [a.card for a in legal if isinstance(a, PlayCard)]
        played = [card for _, card in observation.trick]
        winners = [c for c in cards if played and trick_winner([*played, c], trump) == len(played)]
        return PlayCard(min(winners or cards, key=lambda c: (_value(c, trump), c.index)))


def _significant_gain(values: list[int], base: list[int], margin: float) -> float:
    """The mean paired gain of ``values`` over ``base`` if above ``margin`` standard errors, else 0.

    >>> _significant_gain([5, 6, 7, 5], [0, 1, 0, 0], 1.0)
    5.5
    >>> _significant_gain([5, -6, 7, -5], [0, 1, 0, 0], 1.0)
    0.0
    """
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    if len(diffs) < 2:
        return 0.0
    mean = statistics.fmean(diffs)
    error = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean if mean > margin * error else 0.0


def _candidates(observation: AziObservation, legal: list[Any]) -> list[Any]:
    """The actions worth searching: every card or choice, but only the cheapest raise."""
    raises = [a for a in legal if isinstance(a, Raise)]
    others = [a for a in legal if not isinstance(a, (Raise, Declare))]
    declares = [a for a in legal if isinstance(a, Declare) and a.invite is None]
    if raises:
        others.append(min(raises, key=lambda a: a.amount))
    return others + declares


@attrs.frozen
class SearchBot:
    """Determinized Monte Carlo search over resampled worlds (see the module docs).

    ``samples`` worlds are drawn per decision, and every candidate action is
    played out in each of them by :class:`HeuristicBot` players (common random
    numbers). The heuristic's own choice is the default: another action replaces
    it only when its mean advantage, paired world by world, exceeds ``margin``
    standard errors, so sampling noise alone never overrides a sound rule of thumb.
    ``time_limit`` (seconds per decision, optional) stops early and makes the bot
    depend on the machine's speed.
    """

    name: ClassVar[str] = "search"
    samples: int = 24
    margin: float = 1.0
    time_limit: float | None = None
    rollout: HeuristicBot = attrs.field(factory=HeuristicBot)

    def choose(
        self,
        observation: AziObservation | AziMatchObservation,
        legal_actions: LegalActions[Any],
        rng: Rng,
    ) -> AziAction:
        """The heuristic's action, unless sampled worlds show a clearly better one."""
        observation = observation.current
        legal = list(legal_actions)
        default: AziAction = self.rollout.choose(observation, legal_actions, rng)
        candidates = _candidates(observation, legal)
        if default not in candidates:
            candidates.append(default)
        if len(candidates) == 1:
            return default
        values: list[list[int]] = [[] for _ in candidates]
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        for _ in range(self.samples):
            world = resample(observation, rng)
            seed = rng.next_u64()
            for index, action in enumerate(candidates):
                values[index].append(self._playout(world.apply(action), observation.player, seed))
            if deadline is not None and time.monotonic() > deadline:
                break
        base = values[candidates.index(default)]
        best, best_gain = default, 0.0
        for action, outcome in zip(candidates, values, strict=True):
            gain = _significant_gain(outcome, base, self.margin)
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _playout(self, state: AziState, player: int, seed: int) -> int:
        rng = Rng(seed)
        while not state.is_terminal:
            seat = state.current_player
            if seat is None:
                break
            action = self.rollout.choose(state.observation(seat), state.legal_actions(), rng)
            state = state.apply(action)
        return state.returns()[player]
