"""The Azi game state: one immutable position of a game, from the antes until the pot is won.

A *game* (A15) may span several deals: every Azi (A12) is followed by a re-deal,
and deal number ``k`` of the game is dealt from ``dealing.deck(k, rules.pack)``.

>>> from cardrules.azi import FOLD, AziRules, AziState
>>> state = AziState.new(AziRules(players=3), seed=7, dealer=0)
>>> state.phase, state.current_player, state.pot
(Phase.FOLD, 1, 30)
>>> list(state.legal_actions()), state.legal_action_ids()
([Play(), Fold()], [0, 1])
>>> state = state.apply(FOLD).apply(state.action_from_id(1))   # all but one folded
>>> state.is_terminal, state.returns()
(True, (20, -10, -10))
>>> AziState.from_json(state.to_json()) == state
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from cardrules import svg
from cardrules.azi.actions import AziAction, parse_action
from cardrules.azi.deal import CARDS_EACH, seats_from_left, stack
from cardrules.azi.events import AntesPaid, AziEvent, Dealt, Folded, PotWon, Raised, TrickWon
from cardrules.azi.forfeit import forfeit_returns
from cardrules.azi.observation import AziObservation
from cardrules.azi.phases import Phase
from cardrules.azi.rules import AziRules
from cardrules.azi.transitions import FOLDED, IN, NOBODY, OUT, GameSetup, Position
from cardrules.cards import Card, _show, format_cards, require_distinct
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import InvalidCardsError, InvalidRulesError, InvalidStateError
from cardrules.game import Turn
from cardrules.record import GameRecord, dump_json, load_record, record_of
from cardrules.rng import Rng, derive_seed

__all__ = ["GAME_NAME", "LOT_KEY", "AziState", "new_game"]

_OVER = Phase.OVER
_JOINING = Phase.JOINING

GAME_NAME = "azi"
"""The game name written in a game's record."""

LOT_KEY = 2**63
"""The :func:`~cardrules.rng.derive_seed` key of the lot that picks the first dealer."""


_SeatLists = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]
]
_SEAT_LISTS: dict[tuple[tuple[int, ...], ...], _SeatLists] = {}
_SEAT_LISTS_MAX = 4096


def _seat_lists(
    order: tuple[int, ...],
    status: tuple[int, ...],
    passed: tuple[bool, ...],
    razno: tuple[bool, ...],
    partner: tuple[int, ...],
) -> _SeatLists:
    """An observation's seat lists: folded, staying, passed, raznomast (in dealing order)
    and the pairs.

    Profiling showed these five tuples took a quarter of an observation; the same few
    combinations of their fields recur in every game, so they are memoised (the bounded
    cache is emptied when full; it holds only small tuples of ints and bools).
    """
    key = (order, status, passed, razno, partner)
    lists = _SEAT_LISTS.get(key)
    if lists is None:
        if len(_SEAT_LISTS) >= _SEAT_LISTS_MAX:
            _SEAT_LISTS.clear()
        lists = _SEAT_LISTS[key] = (
            tuple(seat for seat in order if status[seat] == FOLDED),
            tuple(seat for seat in order if status[seat] == IN),
            tuple(seat for seat in order if passed[seat]),
            tuple(seat for seat in order if razno[seat]),
            tuple((seat, mate) for seat, mate in enumerate(partner) if 0 <= seat < mate),
        )
    return lists


def draw_dealer(dealing: Dealing, players: int) -> int:
    """The first dealer drawn by lot (A4) from ``dealing``."""
    return Rng(derive_seed(dealing.base_seed, LOT_KEY)).randbelow(players)


class AziState(Position):
    """One immutable position of an Azi game; see the module documentation.

    Build the start of a game with :meth:`new` (or :func:`new_game`), then
    :meth:`apply` actions from :meth:`legal_actions`.
    """

    __slots__ = ()

    # ----------------------------------------------------------------- building

    @classmethod
    def new(
        cls,
        rules: AziRules | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        dealing: Dealing | None = None,
        hands: Sequence[Iterable[Card]] | None = None,
    ) -> AziState:
        """The start of a game: antes paid, the first deal dealt, the fold phase begun.

        Chance comes from ``dealing`` (explicit decks and/or a seed), from ``seed``, or
        from ``hands``: each seat's 4 cards for the first deal, the dealer's last card
        being the trump card (A4), with the rest of the pack undealt in pack order;
        later deals are seeded from that deck. ``dealer`` is the first dealer; by
        default it is drawn by lot (A4) from the dealing, and with ``hands`` it must
        be given.

        >>> state = AziState.new(AziRules(players=3), seed=7, dealer=0)
        >>> again = AziState.new(AziRules(players=3), hands=state.hands, dealer=0)
        >>> again.hands == state.hands, again.trump_card == state.trump_card
        (True, True)
        """
        rules = AziRules() if rules is None else rules
        if not isinstance(rules, AziRules):
            raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
        if hands is not None:
            if seed is not None or dealing is not None:
                raise InvalidRulesError("give one of a seed, a dealing or hands, not several")
            if dealer is None:
                raise InvalidRulesError("a game from explicit hands needs its dealer")
            dealing = Dealing(decks=(_deck_of_hands(rules, hands, dealer),))
        if dealing is None:
            if seed is None:
                raise InvalidRulesError(
                    "a game needs its chance: give a seed or a dealing (explicit decks)"
                )
            dealing = Dealing(seed=seed)
        elif seed is not None:
            raise InvalidRulesError("give either a seed or a dealing, not both")
        elif not isinstance(dealing, Dealing):
            raise InvalidRulesError(f"dealing must be a Dealing, got {_show(dealing)}")
        n = rules.players
        if dealer is None:
            dealer = draw_dealer(dealing, n)
        elif type(dealer) is not int or not 0 <= dealer < n:
            raise InvalidRulesError(f"dealer {_show(dealer)} is not a seat in 0..{n - 1}")
        state = cls()
        state._g = GameSetup(rules, dealing, dealer)
        state._balances = (-rules.ante,) * n
        state._pot = rules.ante * n
        state._log = None
        state._ev = (None, AntesPaid, rules.ante, state._pot)
        state._evn = 1
        state._count = 0
        state._winner = NOBODY
        state._last = NOBODY
        state._start_deal(0, dealer, tuple(range(n)))
        return state

    # -------------------------------------------------------------- the protocol

    @property
    def rules(self) -> AziRules:
        """The rule options of this game."""
        return self._g.rules

    def _with_deck(self, deck: Deck) -> AziState:
        """This position with ``deck`` as its dealing's next explicit deck (see
        :meth:`~cardrules.azi.game.AziDefinition.with_deck`)."""
        return self._with_setup(self._g.with_dealing(self._g.dealing.with_deck(deck)))

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
    def num_distinct_actions(self) -> int:
        """The size of the action-id space under these rules."""
        return self._g.ids.size

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the pot is won."""
        current = self._current
        return None if current < 0 else current

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
        return self._hands()

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

    def forfeit_returns(self, seat: int) -> tuple[int, ...]:
        """Each seat's net chips if ``seat`` forfeits the game here (A16,
        :mod:`cardrules.azi.forfeit`)."""
        return forfeit_returns(self, seat)

    @property
    def history(self) -> tuple[Turn[AziAction], ...]:
        """Every action taken, in order, with the seat that took it."""
        return tuple(Turn(player, action) for player, action in self._actions())

    def _actions(self) -> list[tuple[int, AziAction]]:
        items = []
        node = self._log
        while node is not None:
            node, player, action = node
            items.append((player, action))
        items.reverse()
        return items

    @property
    def events(self) -> tuple[AziEvent, ...]:
        """The public events so far."""
        return self._events()

    # ----------------------------------------------------------- legal actions

    def action_id(self, action: AziAction) -> int:
        """The fixed id of ``action`` under these rules (see :mod:`cardrules.azi.ids`)."""
        return self._g.ids.action_id(action)

    def action_from_id(self, action_id: int) -> AziAction:
        """The action whose id is ``action_id``; a bad id raises IllegalActionError."""
        return self._g.ids.action_from_id(action_id)

    def legal_action_ids(self) -> list[int]:
        """The ids of the legal actions, sorted."""
        return self._legal_ids()

    def legal_action_mask(self) -> bytes:
        """One byte per action id: 1 where the action is legal, else 0."""
        mask = bytearray(self._g.ids.size)
        for number in self._legal_ids():
            mask[number] = 1
        return bytes(mask)

    def result_columns(self) -> tuple[dict[str, int | bool], ...]:
        """Each seat's own columns for result tables (:mod:`cardrules.tables`), over every
        deal of the game: the ``deals`` played, the seat's ``folds``, its ``raises`` and
        highest raise (``top_bid``, 0 if none), the ``tricks`` it took, and ``won_pot``.

        >>> from cardrules.azi import AziRules
        >>> state = AziState.new(AziRules(players=3), seed=7, dealer=0)
        >>> state = state.apply(state.legal_actions()[1]).apply(state.legal_actions()[1])
        >>> state.result_columns()[0]
        {'deals': 1, 'folds': 0, 'raises': 0, 'top_bid': 0, 'tricks': 0, 'won_pot': True}
        """
        n = self._g.players
        deals, folds, raises, top, tricks, winner = 0, [0] * n, [0] * n, [0] * n, [0] * n, -1
        for event in self.events:
            match event:
                case TrickWon(player=player):
                    tricks[player] += 1
                case Raised(player=player, amount=amount):
                    raises[player] += 1
                    top[player] = max(top[player], amount)
                case Folded(player=player):
                    folds[player] += 1
                case Dealt():
                    deals += 1
                case PotWon(player=player):
                    winner = player
        return tuple(
            {
                "deals": deals,
                "folds": folds[seat],
                "raises": raises[seat],
                "top_bid": top[seat],
                "tricks": tricks[seat],
                "won_pot": seat == winner,
            }
            for seat in range(n)
        )

    # ------------------------------------------------------------ observation

    def observation(self, player: int) -> AziObservation:
        """Exactly what ``player`` may know of this state."""
        n = self._g.players
        if type(player) is not int or not 0 <= player < n:
            raise InvalidStateError(f"player {_show(player)} is not a seat in 0..{n - 1}")
        status = self._status
        deal = self._d
        order = deal.order
        rules = self._g.rules
        seen = status[player] == IN or (status[player] != OUT and rules.look_before_fold)
        folded, staying, passed, raznomast, pairs = _seat_lists(
            order, status, self._passed, self._razno, self._partner
        )
        current = self._current
        # Positional arguments: keywords cost a third more for this 25-field class.
        return AziObservation(
            player,
            rules,
            self._g.first_dealer,
            deal.number,
            deal.dealer,
            self._phase,
            None if current < 0 else current,
            order,
            deal.trump_card,
            self._hand(player) if seen else None,
            self._discards[player],
            folded,
            staying,
            self._stake,
            self._raises,
            passed,
            None if self._auction < 0 else self._auction,
            raznomast,
            pairs,
            self._trick,
            self._tricks,
            self._pot,
            self._balances,
            self._asks[self._cursor][1] if self._phase is _JOINING else None,
            self._events(),
        )

    # ------------------------------------------------------------------- JSON

    def summary(self) -> dict[str, Any]:
        """The derived facts a record stores to detect tampering."""
        return {
            "phase": self._phase.value,
            "current_player": self.current_player,
            "deal": self._d.number,
            "dealer": self._d.dealer,
            "pot": self._pot,
            "balances": list(self._balances),
            "tricks": list(self._tricks),
            "hands": [" ".join(map(str, hand)) for hand in self._hands()],
            "actions": self._count,
        }

    def record(self) -> GameRecord:
        """The game record: rules (with the first dealer), dealing, actions and summary."""
        return record_of(GAME_NAME, self)

    def to_json(self) -> dict[str, Any]:
        """The whole game (rules, dealing, actions, summary) as a JSON-ready dict."""
        data: dict[str, Any] = self.record().to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> AziState:
        """Rebuild a state by replaying its record (a dict or JSON text); tampering raises
        InvalidStateError. Records written by cardrules 0.1.0 load too."""
        return load_record(data, GAME_NAME, cls._start, parse_action, cls.summary)

    @classmethod
    def _start(cls, record: GameRecord) -> AziState:
        options = dict(record.rules)
        dealer = options.pop("dealer", None)
        return cls.new(AziRules.from_json(options), dealer=dealer, dealing=record.dealing)

    # ------------------------------------------------------------- comparison

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AziState):
            return NotImplemented
        return (
            self._g.rules == other._g.rules
            and self._g.dealing == other._g.dealing
            and self._g.first_dealer == other._g.first_dealer
            and self._count == other._count
            and self._actions() == other._actions()
        )

    def __hash__(self) -> int:
        return hash((self._g.rules, self._g.first_dealer, self._count, self._pot))

    def __repr__(self) -> str:
        """``load_game(spec).state_from_text(line)``, or ``AziState.from_json(...)``
        where the text record cannot hold the state; either pastes back."""
        from cardrules.records.text import state_repr

        return state_repr(self, lambda: f"AziState.from_json({dump_json(self.to_json())!r})")

    def __str__(self) -> str:
        to_act = "over" if self._current < 0 else f"seat {self._current} to act"
        raises = f"{self._raises} raise{'' if self._raises == 1 else 's'}"
        lines = [
            f"Azi, {self._g.players} players: deal {self._d.number + 1}, dealer seat"
            f" {self._d.dealer}, {self._phase.value} phase, {to_act}",
            f"Trump card {self._d.trump_card}; pot {self._pot}, stake {self._stake} ({raises})",
        ]
        names = {OUT: "out", FOLDED: "folded", IN: "playing"}
        for seat in self._d.order:
            extras = [names.get(self._status[seat], "waiting")]
            if self._passed[seat]:
                extras.append("passed")
            if self._razno[seat]:
                extras.append("raznomast")
            if self._partner[seat] >= 0:
                extras.append(f"partner {self._partner[seat]}")
            count = self._tricks[seat]
            extras.append(f"{count} trick{'' if count == 1 else 's'}")
            hand = format_cards(self._hand(seat)) or "-"
            lines.append(
                f"  seat {seat}: {hand:<11} {', '.join(extras)}, {self._balances[seat]:+d}"
            )
        if self._trick:
            lines.append("Trick: " + ", ".join(f"seat {s} {c}" for s, c in self._trick))
        if self._winner >= 0:
            lines.append(f"Seat {self._winner} won the pot.")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)


@functools.lru_cache(maxsize=8)
def _default_rules(players: int) -> AziRules:
    """``AziRules(players=players)``, built once: rules are immutable, and validating
    them was a tenth of a new game's time (an invalid count raises, and is not cached)."""
    return AziRules(players=players)


def _deck_of_hands(rules: AziRules, hands: Sequence[Iterable[Card]], dealer: object) -> Deck:
    """The deck whose first deal (A4) gives each seat its hand in ``hands``, the
    dealer's last card turned up as trump, the rest of the pack left in pack order."""
    n = rules.players
    if type(dealer) is not int or not 0 <= dealer < n:
        raise InvalidRulesError(f"dealer {_show(dealer)} is not a seat in 0..{n - 1}")
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise InvalidCardsError(f"expected {n} hands of Card objects, got {_show(hands)}")
    if len(hands) != n:
        raise InvalidCardsError(f"{n} players need {n} hands, got {len(hands)}")
    seats = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
            raise InvalidCardsError(f"hand {seat} must be Card objects, got {_show(hand)}")
        cards = require_distinct(hand, f"hand {seat}")
        if len(cards) != CARDS_EACH:
            raise InvalidCardsError(
                f"hand {seat} must hold {CARDS_EACH} cards, got {len(cards)}: {format_cards(cards)}"
            )
        seats.append(cards)
    dealt = require_distinct([card for hand in seats for card in hand], "the hands together")
    pack = rules.pack
    foreign = [card for card in dealt if card not in set(pack)]
    if foreign:
        raise InvalidCardsError(
            f"{format_cards(foreign)} {'is' if len(foreign) == 1 else 'are'} not in the"
            f" {''.join(map(str, rules.suits))} pack of these rules"
        )
    order = seats_from_left(dealer, range(n), n)
    rest = [card for card in pack if card not in set(dealt)]
    return Deck(stack([seats[seat] for seat in order], rest))


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
        # Only exact ints reach the cache: 2.0 or True must still be rejected by AziRules.
        rules = _default_rules(players) if type(players) is int else AziRules(players=players)
    elif not isinstance(rules, AziRules):
        raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
    elif rules.players != players and players != 4:
        raise InvalidRulesError(
            f"players {_show(players)} contradicts rules.players {rules.players}"
        )
    return AziState.new(rules, seed=seed, dealer=dealer)
