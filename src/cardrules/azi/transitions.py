"""How each action changes an Azi position: the rules engine behind :class:`AziState`.

:class:`Position` holds a position in compact private fields and implements the
transitions of every phase (A5–A14 on the Azi rules page): folding, discarding,
bidding, declarations, trick play, Azi and the re-deal. Each phase has one handler
in :data:`_HANDLERS`. :class:`~cardrules.azi.AziState` adds the public protocol on
top. Positions are immutable from the outside: a transition is applied to a fresh
shallow copy, and every field holds an immutable value or a structure shared
read-only between positions (the history and event logs are linked lists).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from typing_extensions import Self

from cardrules.azi.actions import (
    ACCEPT,
    DECLINE,
    FOLD,
    JOIN,
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
from cardrules.azi.bidding import bid_choices, first_leader, next_bidder, raise_amounts
from cardrules.azi.deal import CARDS_EACH, layout, seats_from_left
from cardrules.azi.events import (
    Answered,
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
from cardrules.azi.ids import (
    DECLARE_BASE,
    DISCARD_BASE,
    PLAY_CARD_BASE,
    RAISE_BASE,
    ActionIds,
    action_ids,
)
from cardrules.azi.phases import Phase
from cardrules.azi.rules import AziRules, rule
from cardrules.azi.settlement import free_players, redeal_dealer, rejoin_fees
from cardrules.azi.tricks import legal_cards, raznomast_eligible, raznomast_exempt, trick_winner
from cardrules.cards import Card, _show
from cardrules.dealing import Dealing
from cardrules.errors import IllegalActionError, InvalidRulesError, InvalidStateError
from cardrules.game import ActionTuple, LegalActions

__all__ = ["FOLDED", "IN", "OUT", "WAITING", "GameSetup", "Position"]

# Seat status within the current deal.
OUT, WAITING, IN, FOLDED = 0, 1, 2, 3
NOBODY = -1

_FOLD = Phase.FOLD
_DISCARD = Phase.DISCARD
_BIDDING = Phase.BIDDING
_DECLARATIONS = Phase.DECLARATIONS
_ANSWER = Phase.ANSWER
_PLAY = Phase.PLAY
_JOINING = Phase.JOINING
_OVER = Phase.OVER

# By card index; lists, as indexing a list is the cheapest lookup there is.
_DISCARDS = [Discard(Card.from_index(index)) for index in range(52)]
_PLAYS = [PlayCard(Card.from_index(index)) for index in range(52)]
_trusted_tuple = tuple.__new__
"""``_trusted_tuple(ActionTuple, actions)`` builds legal actions the engine made itself
without :class:`ActionTuple`'s checks (a tenth of a play turn's legal actions, by profile)."""
_FOLD_CHOICES: ActionTuple[AziAction] = ActionTuple((PLAY, FOLD))
_ANSWERS: ActionTuple[AziAction] = ActionTuple((ACCEPT, DECLINE))
_JOIN_CHOICES: ActionTuple[AziAction] = ActionTuple((JOIN, SKIP))
_NOTHING: ActionTuple[AziAction] = ActionTuple(())
# At most 2 * 2**6 keys: whether raznomast is allowed, and the seats one may invite.
_DECLARATION_TABLE: dict[tuple[bool, tuple[int, ...]], ActionTuple[AziAction]] = {}

# Dealing orders by (players, dealer, seats), a bounded cache emptied when full.
_ORDERS: dict[tuple[int, int, tuple[int, ...]], tuple[int, ...]] = {}
_ORDERS_MAX = 4096

Node = Any
"""A cons cell ``(previous node, item)`` of a log shared between positions, or None."""


class GameSetup:
    """What is fixed for a whole game."""

    __slots__ = (
        "_ids",
        "dealing",
        "events",
        "first_dealer",
        "nobody",
        "noes",
        "nones",
        "pack",
        "playable",
        "players",
        "rules",
        "zeros",
    )

    def __init__(self, rules: AziRules, dealing: Dealing, first_dealer: int) -> None:
        if not isinstance(rules, AziRules):
            raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
        if not isinstance(dealing, Dealing):
            raise InvalidRulesError(f"dealing must be a Dealing, got {_show(dealing)}")
        if type(first_dealer) is not int or not 0 <= first_dealer < rules.players:
            raise InvalidStateError(
                f"first_dealer must be a seat from 0 to {rules.players - 1},"
                f" got {_show(first_dealer)}"
            )
        self.rules = rules
        self.dealing = dealing
        self.first_dealer = first_dealer
        n = self.players = rules.players
        self.pack = rules.pack
        # The per-seat tuples every deal starts from, built once per game.
        self.nones: tuple[None, ...] = (None,) * n
        self.noes = (False,) * n
        self.nobody = (NOBODY,) * n
        self.zeros = (0,) * n
        self._ids: ActionIds | None = None
        self.playable: tuple[object, tuple[Card, ...]] = (None, ())
        """The position whose playable cards were last worked out, and those cards: a
        play turn's legal actions are usually asked for just before the same position
        applies one of them, which then checks the card against them without working
        them out again (by profile, a quarter of a play turn). The pair is only ever
        replaced whole; holding the position keeps its identity from being reused."""
        self.events: tuple[tuple[AziEvent, ...], tuple[Node, ...]] = ((), ())
        """The built events of the line of play last observed, and the log node of each
        (see :meth:`Position._events`); the pair is only ever replaced whole."""

    def order(self, dealer: int, seats: tuple[int, ...]) -> tuple[int, ...]:
        """:func:`~cardrules.azi.deal.seats_from_left` (a sort with a key function, a
        tenth of a deal's set-up by profile), kept per dealer and seats."""
        key = (self.players, dealer, seats)
        order = _ORDERS.get(key)
        if order is None:
            if len(_ORDERS) >= _ORDERS_MAX:
                _ORDERS.clear()
            order = _ORDERS[key] = seats_from_left(dealer, seats, self.players)
        return order

    @property
    def ids(self) -> ActionIds:
        """The action-id table of the rules (looked up on first use)."""
        ids = self._ids
        if ids is None:
            ids = self._ids = action_ids(self.rules)
        return ids


class _Deal:
    """What is fixed for one deal: its number, dealer, seats, cards and trump."""

    __slots__ = ("dealer", "dealt", "number", "order", "trump", "trump_card", "undealt")

    def __init__(self, game: GameSetup, number: int, dealer: int, seats: tuple[int, ...]) -> None:
        order = game.order(dealer, seats)
        count = len(order)
        # the deal hands out CARDS_EACH * count cards; explicit chance draws only those
        hands, trump_card, undealt = layout(
            game.dealing.cards(number, game.pack, CARDS_EACH * count), count
        )
        dealt: list[tuple[Card, ...]] = [()] * game.players
        for seat, hand in zip(order, hands, strict=True):
            dealt[seat] = hand
        self.number = number
        self.dealer = dealer
        self.order = order
        self.dealt = tuple(dealt)
        self.trump_card = trump_card
        self.trump = int(trump_card.suit)
        self.undealt = undealt


def _declare_action(raznomast: bool, invite: int | None) -> Declare:
    return Declare(raznomast, invite)


class Position:
    """An Azi position: private fields and the transitions between positions.

    The annotated fields below are the whole position: ``__slots__`` and the copy in
    :meth:`_step` are generated from them, so a new field is one line here.
    """

    _asks: tuple[tuple[int, int], ...]  # (seat, fee) asked to join the re-deal
    _auction: int  # the auction winner, or NOBODY
    _balances: tuple[int, ...]
    _count: int  # actions taken
    _current: int  # the seat to act, or NOBODY once the game is over
    _cursor: int  # progress through the seats of the current phase
    _d: _Deal
    _discards: tuple[Card | None, ...]
    _ev: Node  # the event log: cons cells of raw events (type, *fields)
    _evn: int  # the number of events in the log
    _g: GameSetup
    _hands: tuple[tuple[Card, ...], ...]
    _invited: int  # the inviting seat while an invitation waits for its answer
    _joined: tuple[int, ...]
    _last: int  # who took the last trick
    _led: tuple[int, ...]  # the suit led to each finished trick of the deal
    _log: Node  # the history: cons cells of (player, action)
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

    __slots__ = tuple(__annotations__)

    def _start_deal(self, number: int, dealer: int, seats: tuple[int, ...]) -> None:
        g = self._g
        deal = _Deal(g, number, dealer, seats)
        self._d = deal
        self._hands = deal.dealt
        self._discards = g.nones
        status = [OUT] * g.players
        for seat in seats:
            status[seat] = WAITING
        self._status = tuple(status)
        self._phase = _FOLD
        self._cursor = 0
        self._current = deal.order[0]
        self._stayers = ()
        self._stake = g.rules.ante
        self._raises = 0
        self._passed = g.noes
        self._auction = NOBODY
        self._razno = g.noes
        self._partner = g.nobody
        self._invited = NOBODY
        self._trick = ()
        self._led = ()
        self._tricks = g.zeros
        self._asks = ()
        self._joined = ()
        self._event(Dealt, number, dealer, deal.order, deal.trump_card)

    # ----------------------------------------------------------- legal actions

    def _legal(self) -> LegalActions[AziAction]:
        """The current player's legal actions, in a fixed order (empty when terminal).

        ``action in legal_actions()`` is True exactly when ``apply`` accepts it.
        """
        phase = self._phase
        if phase is _PLAY:
            playable = self._playable()
            self._g.playable = (self, playable)
            return _trusted_tuple(ActionTuple, [_PLAYS[card.index] for card in playable])
        if phase is _FOLD:
            return _FOLD_CHOICES
        if phase is _DISCARD:
            hand = self._hands[self._current]
            return _trusted_tuple(ActionTuple, [_DISCARDS[card.index] for card in hand])
        if phase is _BIDDING:
            return bid_choices(raise_amounts(self._stake, self._raises, self._g.rules))
        if phase is _DECLARATIONS:
            return self._declarations()
        if phase is _ANSWER:
            return _ANSWERS
        if phase is _JOINING:
            return _JOIN_CHOICES
        return _NOTHING

    def _legal_ids(self) -> list[int]:
        """The ids of :meth:`_legal`, sorted."""
        phase = self._phase
        ids = self._g.ids
        if phase is _PLAY:
            return ids.card_ids(PLAY_CARD_BASE, self._playable())
        if phase is _FOLD:
            return [0, 1]
        if phase is _DISCARD:
            return ids.card_ids(DISCARD_BASE, self._hands[self._current])
        if phase is _BIDDING:
            amounts = raise_amounts(self._stake, self._raises, self._g.rules)
            low = RAISE_BASE - ids.raise_low
            return [2, *range(amounts.start + low, amounts.stop + low)]
        if phase is _DECLARATIONS:
            eligible, seats = self._declaration_key()
            flags = (0, 7) if eligible else (0,)
            base = [DECLARE_BASE, *(DECLARE_BASE + 1 + seat for seat in sorted(seats))]
            return [flag + number for flag in flags for number in base]
        if phase is _ANSWER:
            return [3, 4]
        if phase is _JOINING:
            return [5, 6]
        return []

    def _playable(self) -> tuple[Card, ...]:
        player = self._current
        trick = self._trick
        if not trick:
            return self._hands[player]
        led = trick[0][1].suit
        trump = self._d.trump
        exempt = self._razno[player] and raznomast_exempt(True, led, trump, self._led)
        return legal_cards(self._hands[player], led, trump, exempt)

    def _playable_again(self) -> tuple[Card, ...]:
        """:meth:`_playable`, reusing the cards that :meth:`_legal` last worked out for
        this very position (see ``GameSetup.playable``)."""
        position, playable = self._g.playable
        return playable if position is self else self._playable()

    def _invitable(self, player: int) -> tuple[int, ...]:
        partner = self._partner
        if partner[player] >= 0:
            return ()
        unpaired = [seat for seat in self._stayers if partner[seat] < 0]
        if len(unpaired) < 3:
            return ()
        return tuple([seat for seat in unpaired if seat != player])

    def _declaration_key(self) -> tuple[bool, tuple[int, ...]]:
        player = self._current
        return raznomast_eligible(self._hands[player], self._d.trump), self._invitable(player)

    def _declarations(self) -> ActionTuple[AziAction]:
        key = self._declaration_key()
        legal = _DECLARATION_TABLE.get(key)
        if legal is None:
            flags = (False, True) if key[0] else (False,)
            seats: tuple[int | None, ...] = (None, *key[1])
            legal = ActionTuple([_declare_action(flag, seat) for flag in flags for seat in seats])
            _DECLARATION_TABLE[key] = legal
        return legal

    # ------------------------------------------------------------ transitions

    def _step(self, action: AziAction) -> Self:  # replaced below by _generate_step
        """The state after the current player takes ``action``.

        An illegal action raises :class:`~cardrules.errors.IllegalActionError`
        and leaves this state as it was (states never change).
        """
        raise NotImplementedError

    def _on_fold(self, new: Position, player: int, action: AziAction) -> None:
        match action:
            case Play():
                new._fold_choice(player, True)
            case Fold():
                new._fold_choice(player, False)
            case _:
                self._reject(action, player)

    def _on_discard(self, new: Position, player: int, action: AziAction) -> None:
        match action:
            case Discard(card=card) if card in self._hands[player]:
                new._discard(player, card)
            case _:
                self._reject(action, player)

    def _on_bidding(self, new: Position, player: int, action: AziAction) -> None:
        match action:
            case Pass():
                new._bid(player, None)
            case Raise(amount=amount) if amount in raise_amounts(
                self._stake, self._raises, self._g.rules
            ):
                new._bid(player, amount)
            case _:
                self._reject(action, player)

    def _on_declarations(self, new: Position, player: int, action: AziAction) -> None:
        match action:
            case Declare(raznomast=raznomast, invite=invite) if (
                not raznomast or raznomast_eligible(self._hands[player], self._d.trump)
            ) and (invite is None or invite in self._invitable(player)):
                new._declare(player, action)
            case _:
                self._reject(action, player)

    def _on_answer(self, new: Position, player: int, action: AziAction) -> None:
        match action:
            case Accept():
                new._answer(player, True)
            case Decline():
                new._answer(player, False)
            case _:
                self._reject(action, player)

    def _on_play(self, new: Position, player: int, action: AziAction) -> None:
        match action:
            case PlayCard(card=card) if card in self._playable_again():
                new._play(player, card)
            case _:
                self._reject(action, player)

    def _on_joining(self, new: Position, player: int, action: AziAction) -> None:
        match action:
            case Join():
                new._join(player, True)
            case Skip():
                new._join(player, False)
            case _:
                self._reject(action, player)

    def _on_over(self, new: Position, player: int, action: AziAction) -> None:
        self._reject(action, player)  # pragma: no cover - OVER has no player to act

    def _reject(self, action: object, player: int) -> NoReturn:
        legal = self._legal()
        actions = [repr(legal[i]) for i in range(min(len(legal), 8))]
        if len(legal) > 8:
            actions = [*actions[:6], "...", repr(legal[-1]), f"{len(legal)} in all"]
        seed = self._g.dealing.seed
        where = "explicit decks" if seed is None else f"seed {seed}"
        raise IllegalActionError(
            f"Azi ({where}, deal {self._d.number + 1}): {_show(action)} is not legal for player"
            f" {player} in the {self._phase.value} phase{self._why_not(action, player)}"
            f" (legal: {', '.join(actions)})"
        )

    def _why_not(self, action: object, player: int) -> str:
        """Why a card cannot be played here, when that is the question (A9)."""
        if self._phase is not Phase.PLAY or not isinstance(action, PlayCard):
            return ""
        hand = self._hands[player]
        if action.card not in hand:
            return f": they do not hold {action.card}"
        if not self._trick:
            return ""
        led = self._trick[0][1].suit
        if action.card.suit != led and any(card.suit == led for card in hand):
            return (
                f": {led.name.lower()} were led and they hold one, so they must follow suit"
                f" ({rule('A9')})"
            )
        trump = self._d.trump_card.suit
        if action.card.suit != trump and any(card.suit == trump for card in hand):
            return (
                f": they hold no {led.name.lower()}, so they must play a trump"
                f" ({trump.name.lower()}; {rule('A9')})"
            )
        return ""

    def _event(self, *raw: Any) -> None:
        self._ev = (self._ev, raw)
        self._evn += 1

    def _events(self) -> tuple[AziEvent, ...]:
        """The events so far, built from the log.

        The built events live in one cache per game (``GameSetup.events``), for the
        line of play last asked about, with the log node of each event: a position
        reached from that line reuses the shared prefix and builds only the events
        after it. Positions themselves keep no built events: a cache per position
        held a tuple of every event so far, which made each kept position of a long
        game cost ~8 bytes per event when observed (the ``+obs`` figures of the
        ``azi_memory`` benchmark), where now it is O(1).
        """
        head, count = self._ev, self._evn
        game = self._g
        built, nodes = game.events  # one read: the pair is replaced whole, never changed
        if count <= len(nodes) and nodes[count - 1] is head:
            return built if count == len(built) else built[:count]
        # Walk back to the newest node this line shares with the cache.
        pending = []
        node, shared = head, count
        while shared > len(nodes) or (shared and nodes[shared - 1] is not node):
            pending.append(node)
            node = node[0]
            shared -= 1
        pending.reverse()
        built = built[:shared] + tuple(kind(*fields) for _, (kind, *fields) in pending)
        game.events = (built, nodes[:shared] + tuple(pending))
        return built

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
        self._current = NOBODY

    # fold (A5)
    def _fold_choice(self, player: int, plays: bool) -> None:
        status = list(self._status)
        status[player] = IN if plays else FOLDED
        self._status = tuple(status)
        self._event(Stayed if plays else Folded, player)
        order = self._d.order
        # Seats out of the deal are never FOLDED, so this counts the order's folders
        # (in C); the seats left are listed only when the phase ends.
        if len(order) - status.count(FOLDED) == 1:
            self._win_pot(next(seat for seat in order if status[seat] != FOLDED))
            return
        self._cursor += 1
        if self._cursor < len(order):
            self._current = order[self._cursor]
            return
        alive = [seat for seat in order if status[seat] != FOLDED]
        self._stayers = tuple(alive)
        self._phase = _DISCARD
        self._cursor = 0
        self._current = alive[0]

    # discard (A6)
    def _discard(self, player: int, card: Card) -> None:
        hands = list(self._hands)
        index = card.index
        hands[player] = tuple([c for c in hands[player] if c.index != index])
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
        self._invited = NOBODY
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
        hands[player] = tuple([c for c in hands[player] if c.index != index])
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


def _game_over(action: object) -> NoReturn:
    raise IllegalActionError(f"the game is over; {_show(action)} cannot be played")


def _generate_step(fields: tuple[str, ...]) -> Callable[[Position, AziAction], Position]:
    """:meth:`Position._step`, generated once (as attrs does for ``__init__``): a fresh
    position assigned every field of this one, then the action taken on it.

    The copy is written out inline, and the history and action count are assigned
    their new values rather than copied and then replaced: the copy is the largest
    single cost of a step by profile (a fifth of a random game's bytecode).
    """
    fresh = {"_log": "(self._log, (player, action))", "_count": "self._count + 1"}
    lines = [f"    new.{name} = {fresh.get(name, f'self.{name}')}" for name in fields]
    source = "\n".join(
        [
            "def _step(self, action):",
            "    player = self._current",
            "    if player < 0:",
            "        _game_over(action)",
            "    new = _new(self.__class__)",
            *lines,
            "    _HANDLERS[self._phase](self, new, player, action)",
            "    return new",
            "",
        ]
    )
    namespace: dict[str, Any] = {"_new": object.__new__, "_game_over": _game_over}
    namespace["_HANDLERS"] = _HANDLERS
    exec(compile(source, "<Position._step>", "exec"), namespace)
    step: Callable[[Position, AziAction], Position] = namespace["_step"]
    step.__doc__ = Position._step.__doc__
    step.__qualname__ = "Position._step"
    return step


_HANDLERS: dict[Phase, Callable[[Position, Position, int, AziAction], None]] = {
    _FOLD: Position._on_fold,
    _DISCARD: Position._on_discard,
    _BIDDING: Position._on_bidding,
    _DECLARATIONS: Position._on_declarations,
    _ANSWER: Position._on_answer,
    _PLAY: Position._on_play,
    _JOINING: Position._on_joining,
    _OVER: Position._on_over,
}
setattr(Position, "_step", _generate_step(Position.__slots__))  # noqa: B010
