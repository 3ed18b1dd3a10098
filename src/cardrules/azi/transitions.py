"""How each action changes an Azi position: the rules engine behind :class:`AziState`.

:class:`Position` holds a position in compact private fields and implements the
transitions of every phase (A5-A14): folding, discarding, bidding, declarations,
trick play, Azi and the re-deal. :class:`~cardrules.azi.AziState` adds the public
protocol on top. Positions are immutable from the outside: a transition is
applied to a fresh shallow copy.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import Self

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
)
from cardrules.azi.bidding import first_leader, next_bidder, raise_amounts
from cardrules.azi.deal import CARDS_EACH, seats_from_left
from cardrules.azi.events import (
    Answered,
    AuctionWon,
    AziDeclared,
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
from cardrules.azi.phases import Phase
from cardrules.azi.rules import AziRules
from cardrules.azi.settlement import free_players, redeal_dealer, rejoin_fees
from cardrules.azi.tricks import legal_cards, raznomast_eligible, trick_winner
from cardrules.cards import Card
from cardrules.dealing import Dealing
from cardrules.errors import IllegalActionError
from cardrules.game import ActionTuple

__all__ = ["FOLDED", "IN", "OUT", "WAITING", "GameSetup", "Position"]

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
_DECLARATION_TABLE: dict[tuple[bool, tuple[int, ...]], ActionTuple[AziAction]] = {}
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


class GameSetup:
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

    def __init__(self, game: GameSetup, number: int, dealer: int, seats: tuple[int, ...]) -> None:
        deck = game.dealing.cards(number, game.pack)
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


class Position:
    """An Azi position: private fields and the transitions between positions."""

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
    _g: GameSetup
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

    def _clone(self) -> Self:
        new = object.__new__(self.__class__)
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

    # ----------------------------------------------------------- legal actions

    def _legal(self) -> ActionTuple[AziAction]:
        """The legal actions of the player to act, in a fixed order."""
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
            return self._declarations()
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
        partner = self._partner
        unpaired = tuple(seat for seat in self._stayers if partner[seat] < 0)
        if len(unpaired) < 3 or partner[player] >= 0:
            return ()
        return tuple(seat for seat in unpaired if seat != player)

    def _may_raise(self, amount: object) -> bool:
        legal = raise_amounts(self._stake, self._raises, self._g.rules)
        return type(amount) is int and amount in legal

    def _may_declare(self, player: int, action: Declare) -> bool:
        if action.raznomast is not False and (
            action.raznomast is not True or not self._eligible(player)
        ):
            return False
        invite = action.invite
        return invite is None or (type(invite) is int and invite in self._invitable(player))

    def _declarations(self) -> ActionTuple[AziAction]:
        player: int = self._current  # type: ignore[assignment]
        key = (self._eligible(player), self._invitable(player))
        legal = _DECLARATION_TABLE.get(key)
        if legal is None:
            flags = (False, True) if key[0] else (False,)
            seats: tuple[int | None, ...] = (None, *key[1])
            legal = ActionTuple([_declare(flag, seat) for flag in flags for seat in seats])
            _DECLARATION_TABLE[key] = legal
        return legal

    # ------------------------------------------------------------ transitions

    def _step(self, action: AziAction) -> Self:
        """The position after the player to act takes ``action``; self is untouched."""
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
            elif cls is Raise and self._may_raise(action.amount):  # type: ignore[union-attr]
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
        actions = [repr(legal) for legal in self._legal()]
        if len(actions) > 12:
            actions = [*actions[:6], "...", *actions[-2:], f"{len(actions)} in all"]
        legal = ", ".join(actions)
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
