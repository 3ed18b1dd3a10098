"""The Azi game state: one immutable position of a game, from the antes until the pot is won.

A *game* (A15) may span several deals: every Azi (A12) is followed by a re-deal,
and deal number ``k`` of the game is dealt from ``dealing.deck(k, rules.pack)``.

>>> from cardrules.azi import AziRules, AziState
>>> state = AziState.new(AziRules(players=3), seed=7, dealer=0)
>>> state.phase, state.current_player, state.pot
(Phase.FOLD, 1, 30)
>>> list(state.legal_actions())
[Play(), Fold()]
>>> state = state.apply(FOLD).apply(FOLD)          # all but one folded: the dealer wins
>>> state.is_terminal, state.returns()
(True, (20, -10, -10))
"""

from __future__ import annotations

from typing import Any

from cardrules.azi.actions import (
    ACCEPT,
    DECLINE,
    FOLD,
    JOIN,
    PASS,
    PLAY,
    SKIP,
    Accept,
    AziAction,
    Declare,
    Decline,
    Discard,
    Fold,
    Join,
    Pass,
    Play,
    PlayCard,
    Raise,
    Skip,
    parse_action,
)
from cardrules.azi.bidding import first_leader, next_bidder, raise_amounts
from cardrules.azi.deal import CARDS_EACH, deal_cards, seats_from_left
from cardrules.azi.events import (
    Answered,
    AntesPaid,
    AuctionWon,
    AziDeclared,
    AziEvent,
    CardPlayed,
    Dealt,
    Declared,
    Discarded,
    Folded,
    Joined,
    Passed,
    PotWon,
    Raised,
    Skipped,
    Stayed,
    TrickWon,
)
from cardrules.azi.observation import AziObservation
from cardrules.azi.phases import Phase
from cardrules.azi.rules import AziRules
from cardrules.azi.settlement import free_players, redeal_dealer, rejoin_fees
from cardrules.azi.tricks import legal_cards, raznomast_eligible, trick_winner
from cardrules.cards import Card
from cardrules.dealing import Dealing
from cardrules.errors import IllegalActionError, InvalidRulesError, InvalidStateError
from cardrules.game import ActionTuple, Turn
from cardrules.records import GameRecord, replay
from cardrules.rng import Rng, derive_seed

__all__ = ["LOT_KEY", "AziState", "new_game"]

LOT_KEY = 2**63
"""The :func:`~cardrules.rng.derive_seed` key of the lot that picks the first dealer."""

# Seat status within the current deal.
OUT, WAITING, IN, FOLDED = 0, 1, 2, 3

_FOLD = Phase.FOLD
_DISCARD = Phase.DISCARD
_BIDDING = Phase.BIDDING
_DECLARATIONS = Phase.DECLARATIONS
_ANSWER = Phase.ANSWER
_PLAY = Phase.PLAY
_JOINING = Phase.JOINING
_OVER = Phase.OVER

_DISCARDS = {index: Discard(Card.from_index(index)) for index in range(52)}
_PLAYS = {index: PlayCard(Card.from_index(index)) for index in range(52)}
_RAISES: dict[int, Raise] = {}
_DECLARES: dict[tuple[bool, int | None], Declare] = {}
_FOLD_CHOICES: ActionTuple[AziAction] = ActionTuple((PLAY, FOLD))
_ANSWERS: ActionTuple[AziAction] = ActionTuple((ACCEPT, DECLINE))
_JOIN_CHOICES: ActionTuple[AziAction] = ActionTuple((JOIN, SKIP))
_NOTHING: ActionTuple[AziAction] = ActionTuple(())
_PASS_ONLY: ActionTuple[AziAction] = ActionTuple((PASS,))
_BID_TABLES: dict[tuple[int, int], dict[int, ActionTuple[AziAction]]] = {}


def _raise(amount: int) -> Raise:
    action = _RAISES.get(amount)
    if action is None:
        action = _RAISES[amount] = Raise(amount)
    return action


def _declare(raznomast: bool, invite: int | None) -> Declare:
    key = (raznomast, invite)
    action = _DECLARES.get(key)
    if action is None:
        action = _DECLARES[key] = Declare(raznomast, invite)
    return action


class _Game:
    """What is fixed for a whole game."""

    __slots__ = ("bids", "dealing", "first_dealer", "pack", "players", "rules")

    def __init__(self, rules: AziRules, dealing: Dealing, first_dealer: int) -> None:
        self.rules = rules
        self.dealing = dealing
        self.first_dealer = first_dealer
        self.players = rules.players
        self.pack = rules.pack
        key = (rules.min_raise, rules.max_raise)
        self.bids = _BID_TABLES.setdefault(key, {})

    def bidding(self, stake: int, raises: int) -> ActionTuple[AziAction]:
        """Pass and every raise allowed at ``stake`` after ``raises`` raises."""
        if raises >= self.rules.raise_cap:
            return _PASS_ONLY
        legal = self.bids.get(stake)
        if legal is None:
            amounts = raise_amounts(stake, raises, self.rules)
            legal = self.bids[stake] = ActionTuple([PASS, *map(_raise, amounts)])
        return legal


class _Deal:
    """What is fixed for one deal: its number, dealer, seats, cards and trump."""

    __slots__ = ("dealer", "dealt", "number", "order", "trump", "trump_card", "undealt")

    def __init__(self, game: _Game, number: int, dealer: int, seats: tuple[int, ...]) -> None:
        deck = deal_cards(game.dealing, number, game.pack)
        order = seats_from_left(dealer, seats, game.players)
        count = len(order)
        needed = CARDS_EACH * count
        dealt: list[tuple[Card, ...]] = [()] * game.players
        for k, seat in enumerate(order):
            dealt[seat] = deck[k:needed:count]
        self.number = number
        self.dealer = dealer
        self.order = order
        self.dealt = tuple(dealt)
        self.trump_card = deck[needed - 1]
        self.trump = int(self.trump_card.suit)
        self.undealt = deck[needed:]


class AziState:
    """One immutable position of an Azi game; see the module documentation.

    Build the start of a game with :meth:`new` (or :func:`new_game`), then
    :meth:`apply` actions from :meth:`legal_actions`.
    """

    __slots__ = (
        "_asks",
        "_auction",
        "_balances",
        "_count",
        "_current",
        "_cursor",
        "_d",
        "_discards",
        "_ev",
        "_g",
        "_hands",
        "_invited",
        "_joined",
        "_last",
        "_led",
        "_log",
        "_partner",
        "_passed",
        "_phase",
        "_pot",
        "_raises",
        "_razno",
        "_stake",
        "_status",
        "_stayers",
        "_trick",
        "_tricks",
        "_winner",
    )

    _auction: int
    _asks: tuple[tuple[int, int], ...]
    _balances: tuple[int, ...]
    _count: int
    _current: int | None
    _cursor: int
    _d: _Deal
    _discards: tuple[Card | None, ...]
    _ev: Any
    _g: _Game
    _hands: tuple[tuple[Card, ...], ...]
    _invited: int
    _joined: tuple[int, ...]
    _last: int
    _led: tuple[int, ...]
    _log: Any
    _partner: tuple[int, ...]
    _passed: tuple[bool, ...]
    _phase: Phase
    _pot: int
    _raises: int
    _razno: tuple[bool, ...]
    _stake: int
    _status: tuple[int, ...]
    _stayers: tuple[int, ...]
    _trick: tuple[tuple[int, Card], ...]
    _tricks: tuple[int, ...]
    _winner: int

    # ----------------------------------------------------------------- building

    @classmethod
    def new(
        cls,
        rules: AziRules | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        dealing: Dealing | None = None,
    ) -> AziState:
        """The start of a game: antes paid, the first deal dealt, the fold phase begun.

        Chance comes from ``dealing`` (explicit decks and/or a seed), or from ``seed``.
        ``dealer`` is the first dealer; by default it is drawn by lot (A4) from the dealing.
        """
        rules = AziRules() if rules is None else rules
        if not isinstance(rules, AziRules):
            raise InvalidRulesError(f"rules must be AziRules, got {rules!r:.80}")
        if dealing is None:
            dealing = Dealing(seed=seed)
        elif seed is not None:
            raise InvalidRulesError("give either a seed or a dealing, not both")
        n = rules.players
        if dealer is None:
            dealer = Rng(derive_seed(dealing.base_seed, LOT_KEY)).randbelow(n)
        elif type(dealer) is not int or not 0 <= dealer < n:
            raise InvalidRulesError(f"dealer {dealer!r} is not a seat in 0..{n - 1}")
        state = object.__new__(cls)
        state._g = _Game(rules, dealing, dealer)
        state._balances = (-rules.ante,) * n
        state._pot = rules.ante * n
        state._log = None
        state._ev = [None, (AntesPaid, rules.ante, state._pot), None]
        state._count = 0
        state._winner = -1
        state._last = -1
        state._start_deal(0, dealer, tuple(range(n)))
        return state

    def _start_deal(self, number: int, dealer: int, seats: tuple[int, ...]) -> None:
        n = self._g.players
        deal = _Deal(self._g, number, dealer, seats)
        self._d = deal
        self._hands = deal.dealt
        self._discards = (None,) * n
        status = [OUT] * n
        for seat in seats:
            status[seat] = WAITING
        self._status = tuple(status)
        self._phase = _FOLD
        self._cursor = 0
        self._current = deal.order[0]
        self._stayers = ()
        self._stake = self._g.rules.ante
        self._raises = 0
        self._passed = (False,) * n
        self._auction = -1
        self._razno = (False,) * n
        self._partner = (-1,) * n
        self._invited = -1
        self._trick = ()
        self._led = ()
        self._tricks = (0,) * n
        self._asks = ()
        self._joined = ()
        self._event(Dealt, number, dealer, deal.order, deal.trump_card)

    def _clone(self) -> AziState:
        new = object.__new__(AziState)
        new._auction = self._auction
        new._asks = self._asks
        new._balances = self._balances
        new._count = self._count
        new._current = self._current
        new._cursor = self._cursor
        new._d = self._d
        new._discards = self._discards
        new._ev = self._ev
        new._g = self._g
        new._hands = self._hands
        new._invited = self._invited
        new._joined = self._joined
        new._last = self._last
        new._led = self._led
        new._log = self._log
        new._partner = self._partner
        new._passed = self._passed
        new._phase = self._phase
        new._pot = self._pot
        new._raises = self._raises
        new._razno = self._razno
        new._stake = self._stake
        new._status = self._status
        new._stayers = self._stayers
        new._trick = self._trick
        new._tricks = self._tricks
        new._winner = self._winner
        return new

    # -------------------------------------------------------------- the protocol

    @property
    def rules(self) -> AziRules:
        """The rule options of this game."""
        return self._g.rules

    @property
    def dealing(self) -> Dealing:
        """The chance source of this game."""
        return self._g.dealing

    @property
    def first_dealer(self) -> int:
        """The dealer of the game's first deal."""
        return self._g.first_dealer

    @property
    def num_players(self) -> int:
        """The number of seats, numbered clockwise."""
        return self._g.players

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the pot is won."""
        return self._current

    @property
    def is_terminal(self) -> bool:
        """True once the pot has been won."""
        return self._phase is _OVER

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._phase

    @property
    def deal_number(self) -> int:
        """The number of the current deal within the game (0 for the first)."""
        return self._d.number

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self._d.dealer

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt into the current deal, from the dealer's left, dealer last."""
        return self._d.order

    @property
    def trump_card(self) -> Card:
        """The dealer's face-up last card of the current deal; its suit is trump."""
        return self._d.trump_card

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards in the current deal (a folder keeps its thrown-in hand)."""
        return self._hands

    @property
    def discards(self) -> tuple[Card | None, ...]:
        """Each seat's discard in the current deal."""
        return self._discards

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards left in the deck after the current deal."""
        return self._d.undealt

    @property
    def pot(self) -> int:
        """Chips in the pot."""
        return self._pot

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's net chips; ``sum(balances) + pot == 0`` always."""
        return self._balances

    @property
    def stake(self) -> int:
        """The current stake of the bidding (A7)."""
        return self._stake

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks each seat has taken in the current deal."""
        return self._tricks

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick so far: ``(seat, card)`` in play order."""
        return self._trick

    @property
    def winner(self) -> int | None:
        """The seat that took the pot, once the game is over."""
        return self._winner if self._winner >= 0 else None

    def returns(self) -> tuple[int, ...]:
        """Each seat's net chips so far (final once terminal)."""
        return self._balances

    @property
    def history(self) -> tuple[Turn[AziAction], ...]:
        """Every action taken, in order, with the seat that took it."""
        return tuple(Turn(player, action) for player, action in self._actions())

    def _actions(self) -> list[tuple[int, AziAction]]:
        items = []
        node = self._log
        while node is not None:
            node, item = node
            items.append(item)
        items.reverse()
        return items

    @property
    def events(self) -> tuple[AziEvent, ...]:
        """The public events so far."""
        # Each node is [previous node, raw event, events up to here or None]; the
        # nodes are shared between states, so each event is built only once.
        head = self._ev
        node = head
        pending = []
        while node is not None and node[2] is None:
            pending.append(node[1])
            node = node[0]
        done: tuple[AziEvent, ...] = () if node is None else node[2]
        if pending:
            pending.reverse()
            done = done + tuple(kind(*args) for kind, *args in pending)
            head[2] = done
        return done

    # ----------------------------------------------------------- legal actions

    def legal_actions(self) -> ActionTuple[AziAction]:
        """The current player's legal actions, in a fixed order (empty when terminal)."""
        phase = self._phase
        if phase is _PLAY:
            return ActionTuple([_PLAYS[card.index] for card in self._playable()])
        if phase is _FOLD:
            return _FOLD_CHOICES
        if phase is _DISCARD:
            return ActionTuple([_DISCARDS[c.index] for c in self._hands[self._current]])  # type: ignore[index]
        if phase is _BIDDING:
            return self._g.bidding(self._stake, self._raises)
        if phase is _DECLARATIONS:
            return ActionTuple(self._declarations())
        if phase is _ANSWER:
            return _ANSWERS
        if phase is _JOINING:
            return _JOIN_CHOICES
        return _NOTHING

    def _playable(self) -> tuple[Card, ...]:
        player: int = self._current  # type: ignore[assignment]
        trick = self._trick
        if not trick:
            return self._hands[player]
        led = trick[0][1].suit
        exempt = self._razno[player] and led != self._d.trump and led not in self._led
        return legal_cards(self._hands[player], led, self._d.trump, exempt)

    def _eligible(self, player: int) -> bool:
        return raznomast_eligible(self._hands[player], self._d.trump)

    def _invitable(self, player: int) -> tuple[int, ...]:
        stayers = self._stayers
        partner = self._partner
        if len(stayers) < 3 or partner[player] >= 0:
            return ()
        return tuple(seat for seat in stayers if seat != player and partner[seat] < 0)

    def _may_declare(self, player: int, action: Declare) -> bool:
        if action.raznomast is not False and (
            action.raznomast is not True or not self._eligible(player)
        ):
            return False
        return action.invite is None or action.invite in self._invitable(player)

    def _declarations(self) -> list[Declare]:
        player: int = self._current  # type: ignore[assignment]
        invites: list[int | None] = [None, *self._invitable(player)]
        flags = (False, True) if self._eligible(player) else (False,)
        return [_declare(flag, seat) for flag in flags for seat in invites]

    # ------------------------------------------------------------------- apply

    def apply(self, action: AziAction) -> AziState:
        """The state after the current player takes ``action``.

        An illegal action raises :class:`~cardrules.errors.IllegalActionError`
        and leaves this state as it was (states never change).
        """
        phase = self._phase
        player = self._current
        if player is None:
            raise IllegalActionError(f"the game is over; {action!r} cannot be played")
        cls = action.__class__
        new = self._clone()
        new._log = (self._log, (player, action))
        new._count = self._count + 1
        if phase is _PLAY:
            if cls is not PlayCard or action.card not in self._playable():  # type: ignore[union-attr]
                self._reject(action, player)
            new._play(player, action.card)  # type: ignore[union-attr]
        elif phase is _FOLD:
            if cls is Play:
                new._fold_choice(player, True)
            elif cls is Fold:
                new._fold_choice(player, False)
            else:
                self._reject(action, player)
        elif phase is _DISCARD:
            if cls is not Discard or action.card not in self._hands[player]:  # type: ignore[union-attr]
                self._reject(action, player)
            new._discard(player, action.card)  # type: ignore[union-attr]
        elif phase is _BIDDING:
            if cls is Pass:
                new._bid(player, None)
            elif cls is Raise and action.amount in raise_amounts(  # type: ignore[union-attr]
                self._stake, self._raises, self._g.rules
            ):
                new._bid(player, action.amount)  # type: ignore[union-attr]
            else:
                self._reject(action, player)
        elif phase is _DECLARATIONS:
            if cls is not Declare or not self._may_declare(player, action):  # type: ignore[arg-type]
                self._reject(action, player)
            new._declare(player, action)  # type: ignore[arg-type]
        elif phase is _ANSWER:
            if cls is not Accept and cls is not Decline:
                self._reject(action, player)
            new._answer(player, cls is Accept)
        elif phase is _JOINING:
            if cls is not Join and cls is not Skip:
                self._reject(action, player)
            new._join(player, cls is Join)
        else:  # pragma: no cover - OVER has no current player
            self._reject(action, player)
        return new

    def _reject(self, action: object, player: int) -> None:
        legal = ", ".join(map(repr, self.legal_actions()))
        raise IllegalActionError(
            f"{action!r} is not legal for player {player} in the {self._phase.value} phase"
            f" (legal: {legal})"
        )

    def _event(self, *raw: Any) -> None:
        self._ev = [self._ev, raw, None]

    def _pay(self, player: int, amount: int) -> None:
        balances = list(self._balances)
        balances[player] -= amount
        self._balances = tuple(balances)
        self._pot += amount

    def _win_pot(self, player: int) -> None:
        balances = list(self._balances)
        balances[player] += self._pot
        self._event(PotWon, player, self._pot)
        self._balances = tuple(balances)
        self._pot = 0
        self._winner = player
        self._phase = _OVER
        self._current = None

    # fold (A5)
    def _fold_choice(self, player: int, plays: bool) -> None:
        status = list(self._status)
        status[player] = IN if plays else FOLDED
        self._status = tuple(status)
        self._event(Stayed if plays else Folded, player)
        order = self._d.order
        alive = [seat for seat in order if status[seat] != FOLDED]
        if len(alive) == 1:
            self._win_pot(alive[0])
            return
        self._cursor += 1
        if self._cursor < len(order):
            self._current = order[self._cursor]
            return
        self._stayers = tuple(alive)
        self._phase = _DISCARD
        self._cursor = 0
        self._current = alive[0]

    # discard (A6)
    def _discard(self, player: int, card: Card) -> None:
        hands = list(self._hands)
        index = card.index
        hands[player] = tuple(c for c in hands[player] if c.index != index)
        self._hands = tuple(hands)
        discards = list(self._discards)
        discards[player] = card
        self._discards = tuple(discards)
        self._event(Discarded, player)
        self._cursor += 1
        if self._cursor < len(self._stayers):
            self._current = self._stayers[self._cursor]
            return
        self._phase = _BIDDING
        self._current = self._stayers[0]

    # bidding (A7)
    def _bid(self, player: int, amount: int | None) -> None:
        if amount is None:
            passed = list(self._passed)
            passed[player] = True
            self._passed = tuple(passed)
            self._event(Passed, player)
        else:
            self._pay(player, amount)
            self._stake = amount
            self._raises += 1
            self._event(Raised, player, amount)
        active = [seat for seat in self._stayers if not self._passed[seat]]
        if len(active) == 1:
            self._auction = active[0]
            self._event(AuctionWon, active[0], self._stake)
            self._phase = _DECLARATIONS
            self._cursor = 0
            self._current = self._stayers[0]
            return
        self._current = next_bidder(self._stayers, self._passed, player)

    # declarations (A13, A14)
    def _declare(self, player: int, action: Declare) -> None:
        if action.raznomast:
            razno = list(self._razno)
            razno[player] = True
            self._razno = tuple(razno)
        self._event(Declared, player, action.raznomast, action.invite)
        if action.invite is not None:
            self._phase = _ANSWER
            self._invited = player
            self._current = action.invite
            return
        self._next_declarer()

    def _answer(self, player: int, accepted: bool) -> None:
        if accepted:
            partner = list(self._partner)
            partner[player] = self._invited
            partner[self._invited] = player
            self._partner = tuple(partner)
        self._event(Answered, player, accepted)
        self._invited = -1
        self._phase = _DECLARATIONS
        self._next_declarer()

    def _next_declarer(self) -> None:
        self._cursor += 1
        if self._cursor < len(self._stayers):
            self._current = self._stayers[self._cursor]
            return
        self._phase = _PLAY
        self._current = first_leader(self._stayers, self._auction, self._g.rules.first_lead)

    # play (A8-A11, A14)
    def _play(self, player: int, card: Card) -> None:
        hands = list(self._hands)
        index = card.index
        hands[player] = tuple(c for c in hands[player] if c.index != index)
        self._hands = tuple(hands)
        trick = (*self._trick, (player, card))
        self._event(CardPlayed, player, card)
        stayers = self._stayers
        if len(trick) < len(stayers):
            self._trick = trick
            self._current = stayers[(stayers.index(player) + 1) % len(stayers)]
            return
        won = trick[trick_winner([c for _, c in trick], self._d.trump)][0]
        tricks = list(self._tricks)
        tricks[won] += 1
        self._tricks = tuple(tricks)
        self._led = (*self._led, int(trick[0][1].suit))
        self._trick = ()
        self._last = won
        self._event(TrickWon, won, len(self._led) - 1, tricks[won])
        if tricks[won] == 2:
            if self._partner[won] < 0:
                self._win_pot(won)
                return
            self._azi()
        elif len(self._led) == CARDS_EACH - 1:
            self._azi()
        else:
            self._current = won

    # Azi and the re-deal (A12)
    def _azi(self) -> None:
        g = self._g
        asks = rejoin_fees(
            g.rules, self._pot, g.players, self._d.dealer, self._tricks, self._stayers
        )
        self._event(AziDeclared, self._pot, g.rules.half_pot(self._pot), self._pot)
        self._asks = asks
        self._joined = ()
        self._phase = _JOINING
        self._cursor = 0
        if asks:
            self._current = asks[0][0]
        else:
            self._redeal()

    def _join(self, player: int, joins: bool) -> None:
        fee = self._asks[self._cursor][1]
        if joins:
            self._pay(player, fee)
            self._joined = (*self._joined, player)
            self._event(Joined, player, fee)
        else:
            self._event(Skipped, player)
        self._cursor += 1
        if self._cursor < len(self._asks):
            self._current = self._asks[self._cursor][0]
        else:
            self._redeal()

    def _redeal(self) -> None:
        free = free_players(self._stayers, self._tricks)
        seats = tuple(sorted(free + self._joined))
        if len(seats) == 1:
            self._win_pot(seats[0])
            return
        dealer = redeal_dealer(self._d.dealer, seats, self._last)
        self._start_deal(self._d.number + 1, dealer, seats)

    # ------------------------------------------------------------ observation

    def observation(self, player: int) -> AziObservation:
        """Exactly what ``player`` may know of this state."""
        n = self._g.players
        if type(player) is not int or not 0 <= player < n:
            raise InvalidStateError(f"player {player!r} is not a seat in 0..{n - 1}")
        status = self._status[player]
        seen = status == IN or (status != OUT and self._g.rules.look_before_fold)
        pairs = tuple((seat, mate) for seat, mate in enumerate(self._partner) if 0 <= seat < mate)
        return AziObservation(
            player=player,
            rules=self._g.rules,
            first_dealer=self._g.first_dealer,
            deal=self._d.number,
            dealer=self._d.dealer,
            phase=self._phase,
            current_player=self._current,
            seats=self._d.order,
            trump_card=self._d.trump_card,
            hand=self._hands[player] if seen else None,
            discard=self._discards[player],
            folded=tuple(s for s in self._d.order if self._status[s] == FOLDED),
            staying=tuple(s for s in self._d.order if self._status[s] == IN),
            stake=self._stake,
            raises=self._raises,
            passed=tuple(s for s in self._d.order if self._passed[s]),
            auction_winner=None if self._auction < 0 else self._auction,
            raznomast=tuple(s for s in self._d.order if self._razno[s]),
            pairs=pairs,
            trick=self._trick,
            tricks=self._tricks,
            pot=self._pot,
            balances=self._balances,
            fee=self._asks[self._cursor][1] if self._phase is _JOINING else None,
            events=self.events,
        )

    # ------------------------------------------------------------------- JSON

    def _summary(self) -> dict[str, Any]:
        return {
            "phase": self._phase.value,
            "current_player": self._current,
            "deal": self._d.number,
            "dealer": self._d.dealer,
            "pot": self._pot,
            "balances": list(self._balances),
            "tricks": list(self._tricks),
            "hands": [" ".join(map(str, hand)) for hand in self._hands],
            "actions": self._count,
        }

    def record(self) -> GameRecord:
        """The game record: rules (with the first dealer), dealing, actions and summary."""
        rules = {**self._g.rules.to_json(), "dealer": self._g.first_dealer}
        actions = tuple({"player": p, **a.to_json()} for p, a in self._actions())
        return GameRecord("azi", rules, self._g.dealing, actions, self._summary())

    def to_json(self) -> str:
        """The whole game (rules, dealing, actions, summary) as canonical JSON."""
        return self.record().to_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> AziState:
        """Rebuild a state by replaying its record; tampering raises InvalidStateError."""
        record = GameRecord.from_json(text, "azi")
        rules_data = dict(record.rules)
        dealer = rules_data.pop("dealer", None)
        try:
            rules = AziRules.from_json(rules_data)
            start = cls.new(rules, dealer=dealer, dealing=record.dealing)
        except (InvalidRulesError, ValueError) as exc:
            raise InvalidStateError(f"invalid Azi record: {exc}") from exc
        state = replay(start, record.actions, parse_action)
        if state._summary() != record.summary:
            raise InvalidStateError(
                "the record's summary does not match its replay"
                f" (stored {record.summary!r:.200}, replayed {state._summary()!r:.200})"
            )
        return state

    @classmethod
    def resample(cls, observation: AziObservation, rng: Rng) -> AziState:
        """A state consistent with ``observation``, with every hidden card redrawn."""
        from cardrules.azi.resample import resample

        return resample(observation, rng)

    # ------------------------------------------------------------- comparison

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AziState):
            return NotImplemented
        return (
            self._g.rules == other._g.rules
            and self._g.dealing == other._g.dealing
            and self._g.first_dealer == other._g.first_dealer
            and self._actions() == other._actions()
        )

    def __hash__(self) -> int:
        return hash((self._g.rules, self._g.first_dealer, self._count, self._pot))

    def __repr__(self) -> str:
        return (
            f"<AziState deal {self._d.number} {self._phase.value}"
            f" player={self._current} pot={self._pot}>"
        )


def new_game(
    players: int = 4,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    rules: AziRules | None = None,
) -> AziState:
    """A new game with default rules for ``players`` (or the given ``rules``).

    >>> state = new_game(3, seed=1, dealer=2)
    >>> state.num_players, state.dealer, state.current_player
    (3, 2, 0)
    """
    if rules is None:
        rules = AziRules(players=players)
    elif rules.players != players and players != 4:
        raise InvalidRulesError(f"players {players} contradicts rules.players {rules.players}")
    return AziState.new(rules, seed=seed, dealer=dealer)
