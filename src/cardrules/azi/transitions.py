"""How each action changes an Azi position: the rules engine behind :class:`AziState`.

:class:`Position` holds a position in compact private fields and implements the
transitions of every phase (A5–A14 on the Azi rules page): folding, discarding,
bidding, declarations, trick play, Azi and the re-deal. Each phase has one step
method in :data:`_STEPS`, which checks the action, copies the position once
(:meth:`Position._next`) and changes only the fields the action changes.
:class:`~cardrules.azi.AziState` adds the public protocol on top. Positions are
immutable from the outside: every field holds an immutable value or a structure
shared read-only between positions.

The representation is chosen for the cost of a step (by profile of 0.3.0, a step's
time was spread over a position and fresh tuples for each changed field; together
these changes made random games about 1.3× release 0.3.0 in CPU time, and kept
positions 30% smaller; the benchmarks page, "The scalar Azi position", has the
figures):

- every hand of the deal is one int, ``_held``: bit ``card.index`` is set while that
  card is in a hand. A seat's hand is ``_held & deal.masks[seat]``, a play or a
  discard clears one bit, and the legal cards are a few ``&`` with suit masks. The
  public tuples of :class:`~cardrules.cards.Card` (in dealing order) are built only
  when asked for, once per hand, by :meth:`_Deal.hand`;
- the history and the events are linked lists of flat tuples shared between
  positions: one tuple ``(previous, player, action)`` per action and one
  ``(previous, kind, *fields)`` per event.
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
from cardrules.azi.bidding import bid_choices, first_leader, next_bidder
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
from cardrules.cards import Card, Rank, _show
from cardrules.dealing import Dealing
from cardrules.errors import IllegalActionError, InvalidRulesError, InvalidStateError
from cardrules.game import ActionTuple, LegalActions

__all__ = ["FOLDED", "IN", "OUT", "WAITING", "GameSetup", "Position"]

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - it only informs mypyc (benchmarks/mypyc_build.py)

    def mypyc_attr(*_: object, **__: object) -> Callable[[type], type]:  # type: ignore[misc]
        return lambda cls: cls


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

_BIT = [1 << index for index in range(52)]
"""The bit of each card index in a hand mask."""
_SUIT_MASKS = [sum(_BIT[index] for index in range(suit, 52, 4)) for suit in range(4)]
"""By suit: the bits of every card of that suit (``index & 3`` is the suit)."""
_TRUMP_ACES = [_BIT[(Rank.ACE - 2) * 4 + suit] for suit in range(4)]
"""By trump suit: the bit of its Ace."""

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
"""A node of a log shared between positions, or None: ``(previous, player, action)``
for the history, ``(previous, kind, *fields)`` for the events."""


class GameSetup:
    """What is fixed for a whole game."""

    __slots__ = (
        "_ids",
        "bids",
        "dealing",
        "events",
        "first_dealer",
        "max_raise",
        "min_raise",
        "nobody",
        "noes",
        "nones",
        "pack",
        "players",
        "raise_cap",
        "rules",
        "zeros",
    )

    def __init__(self, rules: AziRules, dealing: Dealing, first_dealer: object) -> None:
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
        # A bidding turn allows raises to stake + min_raise .. stake + max_raise.
        self.raise_cap = rules.raise_cap
        self.min_raise = rules.min_raise
        self.max_raise = rules.max_raise
        self.bids: dict[int, LegalActions[AziAction]] = {}
        """A bidding turn's legal actions by stake, while raises are allowed."""
        # The per-seat tuples every deal starts from, built once per game.
        self.nones: tuple[None, ...] = (None,) * n
        self.noes = (False,) * n
        self.nobody = (NOBODY,) * n
        self.zeros = (0,) * n
        self._ids: ActionIds | None = None
        self.events: tuple[tuple[AziEvent, ...], tuple[Node, ...]] = ((), ())
        """The built events of the line of play last observed, and the log node of each
        (see :meth:`Position._events`); the pair is only ever replaced whole."""

    def with_dealing(self, dealing: Dealing) -> GameSetup:
        """This game with ``dealing`` as its chance; the tables and caches are shared."""
        setup = GameSetup(self.rules, dealing, self.first_dealer)
        setup.bids = self.bids
        setup.events = self.events
        setup._ids = self._ids
        return setup

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
    """What is fixed for one deal: its number, dealer, seats, cards and trump, and
    each seat's dealt cards as a mask (see the module documentation)."""

    __slots__ = (
        "dealer",
        "dealt",
        "hands",
        "held",
        "masks",
        "number",
        "order",
        "trump",
        "trump_card",
        "undealt",
    )

    def __init__(self, game: GameSetup, number: int, dealer: int, seats: tuple[int, ...]) -> None:
        order = game.order(dealer, seats)
        count = len(order)
        needed = CARDS_EACH * count
        # the deal hands out `needed` cards; explicit chance draws only those
        cards = game.dealing.cards(number, game.pack, needed)
        if len(cards) < needed:
            layout(cards, count)  # raises its error for too few cards
        dealt: list[tuple[Card, ...]] = [()] * game.players
        masks = [0] * game.players
        hands: dict[int, tuple[Card, ...]] = {0: ()}
        # The deal of A4, as deal.layout: one card at a time round the table. The four
        # cards' bits are written out: a loop, or sum() over map(), costs more here.
        held = 0
        for k, seat in enumerate(order):
            hand = dealt[seat] = cards[k:needed:count]
            first, second, third, fourth = hand
            mask = masks[seat] = (
                _BIT[first.index] | _BIT[second.index] | _BIT[third.index] | _BIT[fourth.index]
            )
            hands[mask] = hand
            held |= mask
        self.number = number
        self.dealer = dealer
        self.order = order
        self.dealt = tuple(dealt)
        self.masks = masks
        """By seat: the bits of the cards it was dealt (0 if not dealt in)."""
        self.held = held
        self.hands = hands
        """The public hand of each mask met so far: masks of different seats never
        share a card, so a mask is the hand of one seat (or of any, when empty)."""
        self.trump_card = cards[needed - 1]
        self.trump = int(self.trump_card.suit)
        self.undealt = cards[needed:]

    def hand(self, seat: int, held: int) -> tuple[Card, ...]:
        """``seat``'s cards still in ``held``, in dealing order (built once per hand)."""
        mask = held & self.masks[seat]
        cards = self.hands.get(mask)
        if cards is None:
            cards = self.hands[mask] = tuple(
                [card for card in self.dealt[seat] if mask & _BIT[card.index]]
            )
        return cards


def _declare_action(raznomast: bool, invite: int | None) -> Declare:
    return Declare(raznomast, invite)


@mypyc_attr(allow_interpreted_subclasses=True)  # AziState, when this module is compiled
class Position:
    """An Azi position: private fields and the transitions between positions.

    The annotated fields below are the whole position (``__slots__`` is made from
    them); :meth:`_next` copies each of them, so a new field is a line here and one
    there (a test checks that every field is copied).
    """

    _asks: tuple[tuple[int, int], ...]  # (seat, fee) asked to join the re-deal
    _auction: int  # the auction winner, or NOBODY
    _balances: tuple[int, ...]
    _count: int  # actions taken
    _current: int  # the seat to act, or NOBODY once the game is over
    _cursor: int  # progress through the seats of the current phase
    _d: _Deal
    _discards: tuple[Card | None, ...]
    _ev: Node  # the event log
    _evn: int  # the number of events in the log
    _g: GameSetup
    _held: int  # the cards in every hand, one bit per card index
    _invited: int  # the inviting seat while an invitation waits for its answer
    _joined: tuple[int, ...]
    _last: int  # who took the last trick
    _led: tuple[int, ...]  # the suit led to each finished trick of the deal
    _log: Node  # the history
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

    def _next(self, player: int, action: AziAction, event: Node) -> Self:
        """This position after ``player`` took ``action``, which logged ``event`` (its
        first event's node), before the step changes what the action changes.

        The copy is written out (one load and one store a field): by profile it is a
        fifth of a game's bytecode (about 0.3 µs a step), and a written-out copy is
        the cheapest there is.
        """
        # An empty position (the classes have no __init__): cheaper than copy.copy, and
        # unlike object.__new__ it also works when the module is compiled by mypyc.
        new = self.__class__()
        new._asks = self._asks
        new._auction = self._auction
        new._balances = self._balances
        new._count = self._count + 1
        new._current = self._current
        new._cursor = self._cursor
        new._d = self._d
        new._discards = self._discards
        new._ev = event
        new._evn = self._evn + 1
        new._g = self._g
        new._held = self._held
        new._invited = self._invited
        new._joined = self._joined
        new._last = self._last
        new._led = self._led
        new._log = (self._log, player, action)
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

    def _with_setup(self, setup: GameSetup) -> Self:
        """This position in the game ``setup`` (a copy, with the same history)."""
        new = self._next(NOBODY, PLAY, self._ev)
        new._log, new._count, new._evn = self._log, self._count, self._evn  # not a step
        new._g = setup
        return new

    def _start_deal(self, number: int, dealer: int, seats: tuple[int, ...]) -> None:
        g = self._g
        deal = _Deal(g, number, dealer, seats)
        self._d = deal
        self._held = deal.held
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

    # ----------------------------------------------------------------- hands

    def _hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards now, in dealing order."""
        return self._d.hand(seat, self._held)

    def _hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards now."""
        deal, held = self._d, self._held
        return tuple([deal.hand(seat, held) for seat in range(self._g.players)])

    def _playable(self) -> int:
        """The mask of the cards the player to act may play (A9, A13)."""
        player = self._current
        hand = self._held & self._d.masks[player]
        trick = self._trick
        if not trick:
            return hand
        led = trick[0][1].index & 3
        follow = hand & _SUIT_MASKS[led]
        if follow:
            return follow
        trump = self._d.trump
        # The raznomast exemption: the first trick led in each non-trump suit (A13).
        if not (self._razno[player] and led != trump and led not in self._led):
            trumps = hand & _SUIT_MASKS[trump]
            if trumps:
                return trumps
        return hand

    def _eligible(self, player: int) -> bool:
        """Whether ``player`` may declare raznomast: the trump Ace and two cards of one
        other suit (A13), as :func:`~cardrules.azi.tricks.raznomast_eligible`."""
        hand = self._held & self._d.masks[player]
        trump = self._d.trump
        ace = _TRUMP_ACES[trump]
        if not hand & ace or hand.bit_count() != 3:
            return False
        rest = hand ^ ace
        suit = ((rest & -rest).bit_length() - 1) & 3
        return suit != trump and rest & _SUIT_MASKS[suit] == rest

    # ----------------------------------------------------------- legal actions

    def legal_actions(self) -> LegalActions[AziAction]:
        """The current player's legal actions, in a fixed order (empty when terminal).

        ``action in legal_actions()`` is True exactly when ``apply`` accepts it.
        """
        phase = self._phase
        if phase is _PLAY:
            playable = self._playable()
            hand = self._d.dealt[self._current]
            return _trusted_tuple(
                ActionTuple, [_PLAYS[card.index] for card in hand if playable & _BIT[card.index]]
            )
        if phase is _FOLD:
            return _FOLD_CHOICES
        if phase is _DISCARD:
            # Each staying player discards once, before any card is played: from the
            # whole hand it was dealt.
            hand = self._d.dealt[self._current]
            return _trusted_tuple(ActionTuple, [_DISCARDS[card.index] for card in hand])
        if phase is _BIDDING:
            return self._bids()
        if phase is _DECLARATIONS:
            return self._declarations()
        if phase is _ANSWER:
            return _ANSWERS
        if phase is _JOINING:
            return _JOIN_CHOICES
        return _NOTHING

    def _legal_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, sorted."""
        phase = self._phase
        ids = self._g.ids
        if phase is _PLAY:
            return ids.mask_ids(PLAY_CARD_BASE, self._playable())
        if phase is _FOLD:
            return [0, 1]
        if phase is _DISCARD:
            return ids.mask_ids(DISCARD_BASE, self._d.masks[self._current])
        if phase is _BIDDING:
            if self._raises >= self._g.raise_cap:
                return [2]
            low = RAISE_BASE - ids.raise_low + self._stake
            return [2, *range(low + self._g.min_raise, low + self._g.max_raise + 1)]
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

    def _bids(self) -> LegalActions[AziAction]:
        """A bidding turn's legal actions (A7): pass, and the raises while allowed."""
        g = self._g
        if self._raises >= g.raise_cap:
            return bid_choices(range(0))
        stake = self._stake
        legal = g.bids.get(stake)
        if legal is None:
            legal = g.bids[stake] = bid_choices(range(stake + g.min_raise, stake + g.max_raise + 1))
        return legal

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
        return self._eligible(player), self._invitable(player)

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

    def apply(self, action: AziAction) -> Self:
        """The state after the current player takes ``action``.

        An illegal action raises :class:`~cardrules.errors.IllegalActionError`
        and leaves this state as it was (states never change).
        """
        player = self._current
        if player < 0:
            _game_over(action)
        new: Self = _STEPS[self._phase](self, player, action)
        return new

    def _reject(self, action: object, player: int) -> NoReturn:
        legal = self.legal_actions()
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
        hand = self._hand(player)
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
        self._ev = (self._ev, *raw)
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
        built = built[:shared] + tuple([node[1](*node[2:]) for node in pending])
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
    def _on_fold(self, player: int, action: AziAction) -> Self:
        if isinstance(action, Play):
            plays = True
        elif isinstance(action, Fold):
            plays = False
        else:
            self._reject(action, player)
        new = self._next(player, action, (self._ev, Stayed if plays else Folded, player))
        status = list(self._status)
        status[player] = IN if plays else FOLDED
        new._status = tuple(status)
        order = self._d.order
        # Seats out of the deal are never FOLDED, so this counts the order's folders
        # (in C); the seats left are listed only when the phase ends.
        if len(order) - status.count(FOLDED) == 1:
            new._win_pot(next(seat for seat in order if status[seat] != FOLDED))
            return new
        cursor = new._cursor = self._cursor + 1
        if cursor < len(order):
            new._current = order[cursor]
            return new
        alive = [seat for seat in order if status[seat] != FOLDED]
        new._stayers = tuple(alive)
        new._phase = _DISCARD
        new._cursor = 0
        new._current = alive[0]
        return new

    # discard (A6)
    def _on_discard(self, player: int, action: AziAction) -> Self:
        if not isinstance(action, Discard):
            self._reject(action, player)
        card = action.card
        bit = _BIT[card.index]
        if not self._held & self._d.masks[player] & bit:
            self._reject(action, player)
        new = self._next(player, action, (self._ev, Discarded, player))
        new._held = self._held ^ bit
        discards = list(self._discards)
        discards[player] = card
        new._discards = tuple(discards)
        stayers = self._stayers
        cursor = new._cursor = self._cursor + 1
        if cursor < len(stayers):
            new._current = stayers[cursor]
            return new
        new._phase = _BIDDING
        new._current = stayers[0]
        return new

    # bidding (A7)
    def _on_bidding(self, player: int, action: AziAction) -> Self:
        stayers = self._stayers
        if isinstance(action, Pass):
            new = self._next(player, action, (self._ev, Passed, player))
            passes = list(self._passed)
            passes[player] = True
            passed = new._passed = tuple(passes)
            active = [seat for seat in stayers if not passed[seat]]
            if len(active) == 1:
                new._auction = active[0]
                new._event(AuctionWon, active[0], new._stake)
                new._phase = _DECLARATIONS
                new._cursor = 0
                new._current = stayers[0]
                return new
        elif isinstance(action, Raise) and self._raises < self._g.raise_cap:
            amount = action.amount
            stake = self._stake
            if not stake + self._g.min_raise <= amount <= stake + self._g.max_raise:
                self._reject(action, player)
            new = self._next(player, action, (self._ev, Raised, player, amount))
            new._pay(player, amount)
            new._stake = amount
            new._raises = self._raises + 1
            # A raise passes no one, so at least two bidders are left (one ends the bidding).
            passed = self._passed
        else:
            self._reject(action, player)
        # The next staying player clockwise who has not passed, as bidding.next_bidder.
        count = len(stayers)
        at = stayers.index(player)
        for step in range(1, count):
            seat = stayers[(at + step) % count]
            if not passed[seat]:
                new._current = seat
                return new
        new._current = next_bidder(stayers, passed, player)  # pragma: no cover - one left
        return new

    # declarations (A13, A14)
    def _on_declarations(self, player: int, action: AziAction) -> Self:
        if not isinstance(action, Declare):
            self._reject(action, player)
        raznomast, invite = action.raznomast, action.invite
        if (raznomast and not self._eligible(player)) or (
            invite is not None and invite not in self._invitable(player)
        ):
            self._reject(action, player)
        new = self._next(player, action, (self._ev, Declared, player, raznomast, invite))
        if raznomast:
            razno = list(self._razno)
            razno[player] = True
            new._razno = tuple(razno)
        if invite is not None:
            new._phase = _ANSWER
            new._invited = player
            new._current = invite
            return new
        new._next_declarer()
        return new

    def _on_answer(self, player: int, action: AziAction) -> Self:
        if isinstance(action, Accept):
            accepted = True
        elif isinstance(action, Decline):
            accepted = False
        else:
            self._reject(action, player)
        new = self._next(player, action, (self._ev, Answered, player, accepted))
        if accepted:
            partner = list(self._partner)
            partner[player] = self._invited
            partner[self._invited] = player
            new._partner = tuple(partner)
        new._invited = NOBODY
        new._phase = _DECLARATIONS
        new._next_declarer()
        return new

    def _next_declarer(self) -> None:
        self._cursor += 1
        if self._cursor < len(self._stayers):
            self._current = self._stayers[self._cursor]
            return
        self._phase = _PLAY
        self._current = first_leader(self._stayers, self._auction, self._g.rules.first_lead)

    # play (A8-A11, A14)
    def _on_play(self, player: int, action: AziAction) -> Self:
        if not isinstance(action, PlayCard):
            self._reject(action, player)
        card = action.card
        bit = _BIT[card.index]
        if not self._playable() & bit:
            self._reject(action, player)
        new = self._next(player, action, (self._ev, CardPlayed, player, card))
        new._held = self._held ^ bit
        trick = (*self._trick, (player, card))
        stayers = self._stayers
        if len(trick) < len(stayers):
            new._trick = trick
            new._current = stayers[(stayers.index(player) + 1) % len(stayers)]
            return new
        new._end_trick(trick)
        return new

    def _end_trick(self, trick: tuple[tuple[int, Card], ...]) -> None:
        # The highest trump wins, else the highest card of the suit led (A10), as
        # tricks.trick_winner, on card indices: index & 3 is the suit, index >> 2 the rank.
        trump = self._d.trump
        won, top = trick[0][0], trick[0][1].index
        for seat, card in trick:
            index = card.index
            if (index ^ top) & 3 == 0:
                if index > top:
                    won, top = seat, index
            elif index & 3 == trump:
                won, top = seat, index
        tricks = list(self._tricks)
        tricks[won] += 1
        self._tricks = tuple(tricks)
        led = self._led = (*self._led, trick[0][1].index & 3)
        self._trick = ()
        self._last = won
        self._event(TrickWon, won, len(led) - 1, tricks[won])
        if tricks[won] == 2:
            if self._partner[won] < 0:
                self._win_pot(won)
                return
            self._azi()
        elif len(led) == CARDS_EACH - 1:
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

    def _on_joining(self, player: int, action: AziAction) -> Self:
        if isinstance(action, Join):
            joins = True
        elif isinstance(action, Skip):
            joins = False
        else:
            self._reject(action, player)
        fee = self._asks[self._cursor][1]
        if joins:
            new = self._next(player, action, (self._ev, Joined, player, fee))
            new._pay(player, fee)
            new._joined = (*self._joined, player)
        else:
            new = self._next(player, action, (self._ev, Skipped, player))
        cursor = new._cursor = self._cursor + 1
        if cursor < len(self._asks):
            new._current = self._asks[cursor][0]
        else:
            new._redeal()
        return new

    def _on_over(self, player: int, action: AziAction) -> Self:
        self._reject(action, player)  # pragma: no cover - OVER has no player to act

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


_STEPS: dict[Phase, Callable[[Any, int, AziAction], Any]] = {
    _FOLD: Position._on_fold,
    _DISCARD: Position._on_discard,
    _BIDDING: Position._on_bidding,
    _DECLARATIONS: Position._on_declarations,
    _ANSWER: Position._on_answer,
    _PLAY: Position._on_play,
    _JOINING: Position._on_joining,
    _OVER: Position._on_over,
}
"""The step of each phase: ``step(position, player, action)`` is the next position."""
