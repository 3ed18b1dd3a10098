"""Azi's bots: rules of thumb, and the generic searches with Azi's defaults.

- :class:`HeuristicBot`: rules of thumb for every decision: stay in (staying is
  free), discard a lone plain card to make a void when holding a trump (else the
  weakest card), never raise (a raise only buys the first lead), declare
  raznomast when allowed, lead an ace if held (the trump ace first), else lead
  low, take a trick with the cheapest card that wins it (else throw the
  cheapest), and join a re-deal only when an equal share of the pot is worth
  the fee.
- :class:`HeuristicBot01`: the rules of thumb of cardrules 0.1.0, kept unchanged
  as a baseline (``"heuristic-0.1"``): the weakest card is discarded, a strong
  hand raises, and a re-deal is joined whenever the fee is at most half the pot.
- :class:`SearchBot` (``"search"`` and ``"strong"``) and :class:`TreeSearchBot`
  (``"ismcts"``): the generic searches :class:`~cardrules.bots.search.PIMCBot` and
  :class:`~cardrules.bots.search.ISMCTSBot` with Azi's resampler
  (:func:`cardrules.azi.resample`) and :class:`HeuristicBot` playing out their
  sampled worlds;
- :class:`~cardrules.bots.RandomBot` works here too.

Every bot plays single games and matches: given a match observation, it decides
from the current game's (the games of a match are independent pots).

>>> from cardrules import load_game
>>> from cardrules.bots import RandomBot
>>> from cardrules.runner import simulate
>>> bots = [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()]
>>> result = simulate(load_game("azi", players=4), bots, games=8, seed=1, rotate_seats=True)
>>> [sum(game.returns) for game in result.games] == [0] * 8
True
"""

from __future__ import annotations

import math
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
    AziDeclared,
    AziMatchObservation,
    AziObservation,
    Declare,
    Discard,
    Joined,
    Phase,
    PlayCard,
    Raise,
    resample,
)
from cardrules.azi.inference import ModelResampler
from cardrules.azi.tricks import trick_winner
from cardrules.bot import Bot, check_choice
from cardrules.bots.search import ISMCTSBot, PIMCBot
from cardrules.cards import Card, Rank, _show
from cardrules.errors import IllegalActionError, InvalidCardsError, InvalidStateError
from cardrules.game import LegalActions, Resampler
from cardrules.rng import Rng

__all__ = [
    "DiscardSearchBot",
    "HeuristicBot",
    "HeuristicBot01",
    "InferenceBot",
    "SearchBot",
    "TreeSearchBot",
    "hand_strength",
]


def _value(card: Card, trump: int) -> int:
    """How much a card is worth keeping: any trump above any plain card."""
    return card.rank + (20 if card.suit == trump else 0)


def hand_strength(hand: Sequence[Card], trump: int) -> float:
    """Roughly how many tricks a hand should take: high trumps and plain aces count.

    >>> from cardrules import parse_cards, Suit
    >>> hand_strength(parse_cards("AS KS AH"), Suit.SPADES)
    2.75

    ``hand`` is a sequence of cards and ``trump`` a suit (or its number).
    """
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
        raise InvalidCardsError(f"a hand must be a sequence of cards, got {_show(hand)}")
    if not all(isinstance(card, Card) for card in hand):
        raise InvalidCardsError(f"a hand must hold only cards, got {_show(hand)}")
    if isinstance(trump, bool) or not isinstance(trump, int):
        raise InvalidCardsError(f"the trump must be a suit, got {_show(trump)}")
    total = 0.0
    for card in hand:
        if card.suit == trump:
            total += 1.0 if card.rank >= Rank.KING else 0.6 if card.rank >= Rank.TEN else 0.4
        elif card.rank == Rank.ACE:
            total += 0.75
        elif card.rank == Rank.KING:
            total += 0.3
    return total


class _RulesOfThumb:
    """One rule of thumb per phase; the two heuristics differ in some of them."""

    raise_at: float

    def choose(
        self,
        observation: AziObservation | AziMatchObservation,
        legal_actions: LegalActions[Any],
        rng: Rng,
    ) -> AziAction:
        """The rule-of-thumb action for the observed position."""
        observation = _azi_view(self, observation, legal_actions, rng).current
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
            return self._join(observation)
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

    def _join(self, observation: AziObservation) -> AziAction:
        fee = observation.fee or 0
        return JOIN if 2 * fee <= observation.pot else SKIP

    def _play(self, observation: AziObservation, legal: list[Any]) -> AziAction:
        trump = observation.trump
        cards = [a.card for a in legal if isinstance(a, PlayCard)]
        played = [card for _, card in observation.trick]
        winners = [c for c in cards if played and trick_winner([*played, c], trump) == len(played)]
        return PlayCard(min(winners or cards, key=lambda c: (_value(c, trump), c.index)))


@attrs.frozen
class HeuristicBot01(_RulesOfThumb):
    """The rules of thumb of cardrules 0.1.0, unchanged: a baseline (``"heuristic-0.1"``).

    It discards its weakest card, raises once when the :func:`hand_strength` is at
    least ``raise_at`` and nobody has raised, and joins a re-deal whenever the fee
    is at most half the pot, which for a player without a trick (who pays half
    the pot to share it with three or more others) loses about an eighth of the
    pot; on lead it plays its weakest card. Otherwise it plays as :class:`HeuristicBot`.
    """

    name: ClassVar[str] = "heuristic-0.1"
    raise_at: float = 2.0


@attrs.frozen
class HeuristicBot(_RulesOfThumb):
    """Sensible rules of thumb for each Azi decision (see the module docs).

    The changes from :class:`HeuristicBot01` are where the search bot showed the
    0.1.0 rules losing chips (``benchmarks/edge_azi.py``): re-deal joins, discards,
    raises and leads. ``raise_at`` is the :func:`hand_strength` from which the bot
    raises; by default (``None``) it never raises, since a raise puts chips in the
    pot for nothing but the first lead.

    >>> from cardrules.azi import AziRules, AziState
    >>> state = AziState.new(AziRules(players=4), seed=3, dealer=0)
    >>> seen = state.observation(state.current_player)
    >>> HeuristicBot().choose(seen, state.legal_actions(), Rng(0))
    Play()
    """

    name: ClassVar[str] = "heuristic"
    raise_at: float = math.inf

    def _discard(self, observation: AziObservation, legal: list[Any]) -> AziAction:
        """A lone plain card below the ace when holding a trump (a void to trump into),
        else the weakest card."""
        trump = observation.trump
        hand = observation.hand or ()
        discards = [a for a in legal if isinstance(a, Discard)]
        if any(card.suit == trump for card in hand):
            suits = [card.suit for card in hand]
            lone = [
                a
                for a in discards
                if a.card.suit != trump and a.card.rank < Rank.ACE and suits.count(a.card.suit) == 1
            ]
            if lone:
                discards = lone
        choice: AziAction = min(discards, key=lambda a: (_value(a.card, trump), a.card.index))
        return choice

    def _play(self, observation: AziObservation, legal: list[Any]) -> AziAction:
        """On lead, an ace if held (the trump ace first); otherwise as the 0.1.0 rules."""
        if not observation.trick:
            trump = observation.trump
            aces = [a.card for a in legal if isinstance(a, PlayCard) and a.card.rank == Rank.ACE]
            if aces:
                return PlayCard(max(aces, key=lambda c: (_value(c, trump), -c.index)))
        return super()._play(observation, legal)

    def _join(self, observation: AziObservation) -> AziAction:
        """Join when an equal share of the pot after joining is worth more than the fee.

        The players in are those who took a trick (in for free) and those who have
        already joined; the pot grows by the fee. The others who may still join
        after this player are not counted.
        """
        fee = observation.fee or 0
        inside = sum(1 for tricks in observation.tricks if tricks > 0)
        for event in reversed(observation.events):
            if isinstance(event, AziDeclared):
                break
            inside += isinstance(event, Joined)
        share = (observation.pot + fee) / (inside + 1)
        return JOIN if share > fee else SKIP


@attrs.frozen
class SearchBot(PIMCBot):
    """Azi's strong bot: :class:`~cardrules.bots.search.PIMCBot` over Azi's resampler,
    playing its worlds out with :class:`HeuristicBot` (``"search"`` and ``"strong"``).

    >>> from cardrules import Rng, load_game
    >>> state = load_game("azi", players=3).new_state(4, dealer=0)
    >>> state = state.apply(state.legal_actions()[0])
    >>> seen = state.observation(state.current_player)
    >>> SearchBot(playouts=16).choose(seen, state.legal_actions(), Rng(7)) in state.legal_actions()
    True
    """

    resample: Resampler[Any, Any] = attrs.field(
        default=resample, kw_only=True, eq=False, repr=False
    )
    playout: Bot = attrs.field(factory=HeuristicBot, kw_only=True, eq=False, repr=False)


@attrs.frozen
class DiscardSearchBot:
    """Azi's strong bot: :class:`HeuristicBot`'s rules of thumb, except that the
    discard is chosen by search (``"discard-search"`` and ``"strong"``).

    The discard is where the heuristic loses the most chips that a fair search can
    win back (``benchmarks/azi_decisions.py`` on tuning seeds: the other decisions
    gain nothing measurable from search). The discard goes to a
    :class:`SearchBot` (PIMC, heuristic playouts) at ``playouts`` per decision
    that takes the candidate with the best mean gain (``margin`` 0 standard
    errors); every other decision is the heuristic's. One search per deal.

    >>> from cardrules import Rng, load_game
    >>> state = load_game("azi", players=3).new_state(4, dealer=0)
    >>> for _ in range(3):
    ...     state = state.apply(state.legal_actions()[0])   # everyone stays
    >>> seen = state.observation(state.current_player)
    >>> seen.phase.value
    'discard'
    >>> DiscardSearchBot(playouts=16).choose(seen, state.legal_actions(), Rng(7))
    Discard(card=Card.parse('9S'))
    """

    name: ClassVar[str] = "discard-search"
    playouts: int = 160
    min_worlds: int = 8
    margin: float = 0.0
    cutoff: float = 1.0
    _search: SearchBot = attrs.field(init=False, eq=False, repr=False)
    _rules: HeuristicBot = attrs.field(init=False, factory=HeuristicBot, eq=False, repr=False)

    @_search.default
    def _make_search(self) -> SearchBot:
        return SearchBot(
            playouts=self.playouts,
            min_worlds=self.min_worlds,
            margin=self.margin,
            cutoff=self.cutoff,
        )

    def choose(
        self,
        observation: AziObservation | AziMatchObservation,
        legal_actions: LegalActions[Any],
        rng: Rng,
    ) -> AziAction:
        """The search's discard, or the heuristic's action in every other phase."""
        _azi_view(self, observation, legal_actions, rng)
        if observation.current.phase is Phase.DISCARD and len(legal_actions) > 1:
            choice: AziAction = self._search.choose(observation.current, legal_actions, rng)
            return choice
        return self._rules.choose(observation, legal_actions, rng)


def _heuristic_worlds() -> ModelResampler:
    return ModelResampler(model=HeuristicBot())


@attrs.frozen
class InferenceBot(PIMCBot):
    """:class:`SearchBot` over worlds that a model of the other players explains
    (``"inference"``): :class:`~cardrules.azi.inference.ModelResampler` with
    :class:`HeuristicBot` as the model, so the hidden cards are drawn as the
    others' discards, plays and declarations suggest when they play by the
    heuristic's rules.

    >>> from cardrules import Rng, load_game
    >>> state = load_game("azi", players=3).new_state(4, dealer=0)
    >>> state = state.apply(state.legal_actions()[0])
    >>> seen = state.observation(state.current_player)
    >>> bot = InferenceBot(playouts=16)
    >>> bot.choose(seen, state.legal_actions(), Rng(7)) in state.legal_actions()
    True
    """

    name: ClassVar[str] = "inference"
    resample: Resampler[Any, Any] = attrs.field(
        factory=_heuristic_worlds, kw_only=True, eq=False, repr=False
    )
    playout: Bot = attrs.field(factory=HeuristicBot, kw_only=True, eq=False, repr=False)


@attrs.frozen
class TreeSearchBot(ISMCTSBot):
    """:class:`~cardrules.bots.search.ISMCTSBot` over Azi's resampler, with
    :class:`HeuristicBot` as its playout policy (``"ismcts"``)."""

    resample: Resampler[Any, Any] = attrs.field(
        default=resample, kw_only=True, eq=False, repr=False
    )
    playout: Bot = attrs.field(factory=HeuristicBot, kw_only=True, eq=False, repr=False)


def _azi_view(
    bot: object, observation: object, legal_actions: LegalActions[Any], rng: Rng
) -> AziObservation | AziMatchObservation:
    """``observation``, after checking a bot's arguments: an Azi observation or a package error."""
    check_choice(type(bot).__name__, legal_actions, rng)
    if not isinstance(observation, (AziObservation, AziMatchObservation)):
        raise InvalidStateError(
            f"{type(bot).__name__} plays from an Azi observation, got {_show(observation)}"
        )
    return observation
