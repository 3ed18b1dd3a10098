"""Explicit chance: play any registered game with every deal drawn one card at a time.

In the default, seeded mode a game's deals come from its :class:`~cardrules.dealing.Dealing`.
:class:`ChanceState` wraps a game so that each deal is instead chosen by a *chance
player*, one dealt card at a time, uniformly over the cards left. At a chance node
``current_player`` is :data:`CHANCE`, :meth:`ChanceState.chance_outcomes` lists the
cards with their exact probabilities, and :meth:`ChanceState.apply` takes a card.
This covers the first deal, the Azi re-deals in the middle of a game and every
deal of a match; search and learning tools (OpenSpiel) need exactly this.

>>> from cardrules import load_game
>>> state = ChanceState.new(load_game("azi", players=2), dealer=0)
>>> state.is_chance_node, state.current_player, len(state.chance_outcomes())
(True, -1, 27)
>>> state.chance_outcomes()[0]
(Card.parse('6D'), Fraction(1, 27))
>>> state.legal_action_ids()[:3], state.action_from_id(17)
([17, 18, 19], Card.parse('6D'))
>>> from cardrules import Rng
>>> rng = Rng(4)
>>> while state.is_chance_node:
...     state = state.apply(state.sample_chance(rng))
>>> state.current_player, len(state.drawn), len(state.decks[0])
(1, 0, 27)

Only the cards a deal hands out are chance nodes (8 for two Azi players), and the
last card of a deck dealt out whole is forced; undealt cards follow in pack order.
The chosen decks are the game's explicit decks, so the record replays in seeded
mode too. At a chance node a card's id is its index (``0..51``, :data:`CHANCE_IDS`).

:class:`ChanceDealing` and :class:`DealPending` are internal signals between this
module and the games, importable but not in ``__all__``. :class:`DealPending` is
control flow, deliberately not a :class:`~cardrules.errors.CardRulesError`, so that
``except CardRulesError`` handlers do not swallow it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

from cardrules.cards import Card, _show
from cardrules.chance._links import Chain, chain_of, items, nodes, push, typed, uniform
from cardrules.chance._record import FORMAT, _checked_apply, _deal, load
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import (
    CardRulesError,
    IllegalActionError,
    InvalidRulesError,
    InvalidStateError,
)
from cardrules.game import ActionTuple, Event, LegalActions, Turn
from cardrules.record import json_object
from cardrules.registry import Game, GameDefinition
from cardrules.rng import Rng

__all__ = ["CHANCE", "CHANCE_IDS", "ChanceState"]

CHANCE = -1
"""The ``current_player`` of a chance node (as in OpenSpiel)."""

CHANCE_IDS = 52
"""The size of the chance-node id space: a card's id is its index, ``0..51``."""


class DealPending(Exception):
    """Raised by :class:`ChanceDealing` when a game asks for a deck not chosen yet.

    ``dealt`` is how many cards from the top the deal hands out (``None``: all).
    """

    def __init__(self, number: int, pack: Deck, dealt: int | None = None) -> None:
        super().__init__(f"deal {_show(number)} is not chosen yet")
        self.number = number
        self.pack = pack
        self.dealt = dealt


@attrs.frozen
class ChanceDealing(Dealing):
    """A dealing of explicit decks only: asking for a later deck raises :class:`DealPending`."""

    def deck(self, number: int, pack: Deck, dealt: int | None = None) -> Deck:
        """The chosen deck ``number``; raises :class:`DealPending` if it is not chosen yet."""
        if type(number) is int and number >= len(self.decks):
            raise DealPending(number, pack, dealt)
        return super().deck(number, pack)

    def cards(self, number: int, pack: Deck, dealt: int | None = None) -> tuple[Card, ...]:
        """The cards of :meth:`deck`."""
        return self.deck(number, pack, dealt).cards


class _Setup:
    """What is fixed for a whole chance game: the game, match or not, the first dealer."""

    __slots__ = ("dealer", "deals_later", "game", "make", "match", "with_deck")

    def __init__(self, game: Game, match: bool, dealer: int) -> None:
        self.game = game
        self.match = match
        self.dealer = dealer
        definition = game.definition
        self.make: Callable[..., Any] = definition.new_match if match else definition.new_state
        self.with_deck: Callable[[Any, Deck], Any] = definition.with_deck
        # a game deals after its start only if its definition says how a deck joins it
        self.deals_later = type(definition).with_deck is not GameDefinition.with_deck


class _Draw:
    """A deal being chosen: the pack, the cards left, those drawn, and the waiting action."""

    __slots__ = ("drawn", "left", "needed", "pack", "pending", "taken")

    def __init__(
        self, pack: Deck, left: tuple[Card, ...], drawn: Chain, needed: int, pending: Any
    ) -> None:
        self.pack = pack
        self.left = left  # in pack order, so the undealt rest of a deck is canonical
        self.drawn = drawn
        self.needed = needed  # chance nodes of this deck: the cards dealt, less a forced last
        self.pending = pending  # (player, action) whose effect waits for the deck, or None
        self.taken = 0 if drawn is None else drawn[2]


class ChanceState:
    """A game state whose deals are explicit chance nodes. Make one with :meth:`new`.

    ``inner`` is the game's own state once the cards it needs are chosen; ``decks``
    are the complete decks so far; ``drawn`` the cards of the deck being chosen;
    ``pending`` the action whose effect waits for that deck (``None`` at the start).
    Each state adds O(1) memory to its predecessor: the actions, decks and drawn
    cards are persistent lists, made into tuples when asked for.

    ``ChanceState(game, match, dealer, decks, actions, inner, drawn, pack, pending)``
    is the low-level constructor; :meth:`new` and :meth:`replay` build real games.
    """

    __slots__ = ("_actions", "_chance", "_decks", "_g", "_inner")

    _g: _Setup
    _inner: Any
    _decks: Chain
    _actions: Chain
    _chance: _Draw | None

    def __init__(
        self,
        game: Game,
        match: bool,
        dealer: int,
        decks: tuple[Deck, ...],
        actions: tuple[Turn[Any], ...],
        inner: Any,
        drawn: tuple[Card, ...] = (),
        pack: Deck | None = None,
        pending: Turn[Any] | None = None,
    ) -> None:
        start = ChanceState.new(game, dealer=dealer, match=match)  # checks the three
        decks = typed(decks, Deck, "decks")
        actions = typed(actions, Turn, "actions")
        drawn = typed(drawn, Card, "drawn")
        if pack is not None and not isinstance(pack, Deck):
            raise InvalidStateError(f"pack must be a Deck or None, got {_show(pack)}")
        if pending is not None and not isinstance(pending, Turn):
            raise InvalidStateError(f"pending must be a Turn or None, got {_show(pending)}")
        self._g = start._g
        self._inner = inner
        self._decks = chain_of(decks)
        self._actions = chain_of((turn.player, turn.action) for turn in actions)
        if pack is None:
            self._chance = None
            if inner is None:
                raise InvalidStateError("a chance state off chance needs its inner state")
        else:
            if not set(drawn) <= set(pack) or len(set(drawn)) != len(drawn):
                raise InvalidStateError(f"drawn {_show(drawn)} are not distinct cards of pack")
            left = tuple(card for card in pack if card not in set(drawn))
            held = None if pending is None else (pending.player, pending.action)
            self._chance = _Draw(pack, left, chain_of(drawn), len(pack) - 1, held)

    # ------------------------------------------------------------- building

    @classmethod
    def new(cls, game: Game, *, dealer: int = 0, match: bool = False) -> ChanceState:
        """The start of a game (or a match) of ``game``: a chance node for the first deck."""
        if not isinstance(game, Game):
            raise InvalidRulesError(
                f"a chance game needs a Game (see load_game), got {_show(game)}"
            )
        if type(match) is not bool:
            raise InvalidStateError(f"match must be True or False, got {_show(match)}")
        if type(dealer) is not int or not 0 <= dealer < game.num_players:
            raise InvalidStateError(
                f"dealer must be a seat in 0..{game.num_players - 1}, got {_show(dealer)}"
            )
        return _begin(_Setup(game, match, dealer), None)

    @classmethod
    def replay(
        cls,
        game: Game,
        decks: tuple[Deck, ...] | list[Deck],
        actions: tuple[Any, ...] | list[Any],
        *,
        dealer: int = 0,
        match: bool = False,
    ) -> ChanceState:
        """The chance game that deals the dealt cards of ``decks`` and takes ``actions``.

        Each deck gives only the cards its deal hands out, so a deck whose undealt
        cards are in another order (a resampled world) gives the canonical record.
        A deck or an action that does not fit raises :class:`InvalidStateError`.

        >>> from cardrules import load_game
        >>> game = load_game("azi", players=3)
        >>> seeded = game.new_state(5, dealer=0)
        >>> state = ChanceState.replay(game, [seeded.dealing.deck(0, seeded.rules.pack)], [])
        >>> state.inner.hands == seeded.hands
        True
        """
        state = cls.new(game, dealer=dealer, match=match)
        decks = list(typed(decks, Deck, "decks"))
        actions = list(typed(actions, object, "actions"))
        used = 0
        end = object()  # not None: a None among the actions is an action to refuse
        for number, action in enumerate([*actions, end]):
            while state.is_chance_node and used < len(decks):
                state = _deal(state, decks[used], used, canonical=False)
                used += 1
            if action is end:
                break
            if state.is_chance_node:
                raise InvalidStateError(f"action {number} waits for deck {used}, not given")
            state = _checked_apply(state, number, action)
        if used < len(decks):
            raise InvalidStateError(f"{len(decks)} decks given, the game deals {used}")
        return state

    # --------------------------------------------------------------- chance

    @property
    def is_chance_node(self) -> bool:
        """True while a deck is being chosen."""
        return self._chance is not None

    def chance_outcomes(self) -> tuple[tuple[Card, Fraction], ...]:
        """The cards that may come next, each with its exact probability (empty off chance)."""
        chance = self._chance
        if chance is None:
            return ()
        left = chance.left
        p = uniform(len(left))
        return tuple((card, p) for card in left)

    def sample_chance(self, rng: Rng) -> Card:
        """One chance outcome drawn uniformly with ``rng``."""
        if not isinstance(rng, Rng):
            raise InvalidStateError(f"chance outcomes are drawn from an Rng, got {_show(rng)}")
        if self._chance is None:
            raise IllegalActionError("this state is not a chance node")
        left = self._chance.left
        return left[rng.randbelow(len(left))]

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._g.game

    @property
    def match(self) -> bool:
        """True for a match, False for one game."""
        return self._g.match

    @property
    def dealer(self) -> int:
        """The first dealer."""
        return self._g.dealer

    @property
    def inner(self) -> Any:
        """The game's own state (``None`` before the first deal is chosen)."""
        return self._inner

    @property
    def decks(self) -> tuple[Deck, ...]:
        """The complete decks so far, in the order dealt."""
        return items(self._decks)

    @property
    def actions(self) -> tuple[Turn[Any], ...]:
        """The players' actions applied so far."""
        return tuple(Turn(player, action) for player, action in items(self._actions))

    @property
    def drawn(self) -> tuple[Card, ...]:
        """The cards chosen so far of the deck being chosen."""
        chance = self._chance
        return () if chance is None else items(chance.drawn)

    @property
    def pack(self) -> Deck | None:
        """The pack of the deck being chosen (``None`` off chance)."""
        chance = self._chance
        return None if chance is None else chance.pack

    @property
    def pending(self) -> Turn[Any] | None:
        """The action whose effect waits for the deck being chosen."""
        chance = self._chance
        if chance is None or chance.pending is None:
            return None
        player, action = chance.pending
        return Turn(player, action)

    # ------------------------------------------------------------- protocol

    @property
    def num_players(self) -> int:
        """The game's number of seats."""
        return self._g.game.num_players

    @property
    def num_distinct_actions(self) -> int:
        """The size of the players' action-id space (chance ids are :data:`CHANCE_IDS`)."""
        return self._g.game.num_distinct_actions

    @property
    def current_player(self) -> int | None:
        """:data:`CHANCE` at a chance node, else the game's player to act."""
        if self._chance is not None:
            return CHANCE
        player: int | None = self._inner.current_player
        return player

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._chance is None and bool(self._inner.is_terminal)

    def legal_actions(self) -> LegalActions[Any]:
        """The chance outcomes at a chance node, else the game's legal actions."""
        chance = self._chance
        if chance is not None:
            return ActionTuple(chance.left)
        legal: LegalActions[Any] = self._inner.legal_actions()
        return legal

    def apply(self, action: Any) -> ChanceState:
        """Take a chance outcome (a card) or the player's action; a terminal state takes none."""
        if self._chance is not None:
            return self._draw(action)
        inner = self._inner
        player = inner.current_player
        if player is None:
            raise IllegalActionError(f"the game is over; {_show(action)} cannot be played")
        try:
            state = inner.apply(action)
        except DealPending as due:
            return _waiting(self._g, inner, self._decks, self._actions, due, (player, action))
        new = _new(ChanceState)
        new._g = self._g
        new._decks = self._decks
        actions = self._actions
        new._actions = (actions, (player, action), 1 if actions is None else actions[2] + 1)
        new._inner = state
        new._chance = None
        return new

    def _draw(self, card: object) -> ChanceState:
        chance = self._chance
        assert chance is not None
        left = chance.left
        # The profile put a chance step's time in comparing Cards (a Python __eq__)
        # while filtering the cards left; tuple.index finds the very object drawn by
        # identity first, and two slices rebuild the rest without a comparison each.
        try:
            position = left.index(card) if type(card) is Card else -1
        except ValueError:
            position = -1
        if position < 0:
            raise IllegalActionError(
                f"{_show(card)} is not a card left to deal at this chance node"
            )
        left = left[:position] + left[position + 1 :]
        drawn = push(chance.drawn, card)
        if drawn[2] < chance.needed:
            new = _new(ChanceState)
            new._g = self._g
            new._inner = self._inner
            new._decks = self._decks
            new._actions = self._actions
            new._chance = _Draw(chance.pack, left, drawn, chance.needed, chance.pending)
            return new
        deck = Deck((*items(drawn), *left))
        return _dealt(self, deck, chance.pending)

    def action_id(self, action: Any) -> int:
        """The id of ``action``: a card's index at a chance node, else the game's id."""
        chance = self._chance
        if chance is None:
            number: int = self._inner.action_id(action)
            return number
        if type(action) is not Card or action not in chance.pack:
            raise IllegalActionError(f"{_show(action)} is not a card of this game's pack")
        return action.index

    def action_from_id(self, action_id: int) -> Any:
        """The action whose id is ``action_id``: at a chance node, the card of that index."""
        chance = self._chance
        if chance is None:
            return self._inner.action_from_id(action_id)
        if type(action_id) is not int or not 0 <= action_id < CHANCE_IDS:
            raise IllegalActionError(
                f"chance id {_show(action_id)} is not a card index in 0..{CHANCE_IDS - 1}"
            )
        card = Card.from_index(action_id)
        if card not in chance.pack:
            raise IllegalActionError(f"chance id {action_id} ({card}) is not a card of the pack")
        return card

    def legal_action_ids(self) -> list[int]:
        """The ids of the legal actions, sorted (the cards left at a chance node)."""
        chance = self._chance
        if chance is None:
            ids: list[int] = self._inner.legal_action_ids()
            return ids
        return sorted(card.index for card in chance.left)

    def legal_action_mask(self) -> bytes:
        """One byte per id: :data:`CHANCE_IDS` at a chance node, else the game's ids."""
        chance = self._chance
        if chance is None:
            mask: bytes = self._inner.legal_action_mask()
            return mask
        flags = bytearray(CHANCE_IDS)
        for card in chance.left:
            flags[card.index] = 1
        return bytes(flags)

    def returns(self) -> tuple[int, ...]:
        """The game's returns (all zero before the first deal)."""
        if self._inner is None:
            return (0,) * self.num_players
        returns: tuple[int, ...] = self._inner.returns()
        return returns

    def observation(self, player: int) -> Any:
        """The game's observation for ``player``; none exists before the first deal."""
        if self._inner is None:
            raise InvalidStateError("no observation exists before the first deal is chosen")
        return self._inner.observation(player)

    @property
    def history(self) -> tuple[Turn[Any], ...]:
        """The players' actions so far (chance outcomes are in :attr:`decks` and :attr:`drawn`)."""
        return self.actions

    @property
    def events(self) -> tuple[Event, ...]:
        """The game's public events (none before the first deal)."""
        if self._inner is None:
            return ()
        events: tuple[Event, ...] = self._inner.events
        return events

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The chance game as a JSON-ready dict: the game, the chosen cards and the actions."""
        pending = self.pending
        return {
            "format": FORMAT,
            "game": self._g.game.to_json(),
            "match": self._g.match,
            "dealer": self._g.dealer,
            "decks": [str(deck) for deck in self.decks],
            "drawn": [str(card) for card in self.drawn],
            "actions": [{"player": t.player, "action": t.action.to_json()} for t in self.actions],
            "pending": None
            if pending is None
            else {"player": pending.player, "action": pending.action.to_json()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> ChanceState:
        """Rebuild a chance game from :meth:`to_json`, replaying it through the rules.

        Only a record that a real game writes loads: anything else (a deck missing
        or left over, a deck that is not the pack or whose undealt cards are not in
        pack order, a card or action out of turn) raises :class:`InvalidStateError`.
        """
        try:
            state: ChanceState = load(json_object(data, "a chance-game record"), cls.new)
            return state
        except InvalidStateError:
            raise
        except CardRulesError as exc:
            raise InvalidStateError(f"invalid chance-game record: {exc}") from exc
        except (KeyError, TypeError, AttributeError, RecursionError, ValueError) as exc:
            raise InvalidStateError(f"invalid chance-game record: {_show(exc)}") from exc

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChanceState):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        chance = self._chance
        drawn = 0 if chance is None else chance.taken
        decks = 0 if self._decks is None else self._decks[2]
        actions = 0 if self._actions is None else self._actions[2]
        return hash((self._g.game, decks, drawn, actions))

    def __repr__(self) -> str:
        return f"ChanceState.from_json({self.to_json()!r})"

    def __str__(self) -> str:
        chance = self._chance
        if chance is not None:
            number = 0 if self._decks is None else self._decks[2]
            head = f"chance: dealing deck {number}, {chance.taken} cards chosen"
            return head if self._inner is None else f"{self._inner}\n{head}"
        return str(self._inner)


_new = object.__new__


def _state(
    setup: _Setup, inner: Any, decks: Chain, actions: Chain, chance: _Draw | None
) -> ChanceState:
    state: ChanceState = _new(ChanceState)
    state._g = setup
    state._inner = inner
    state._decks = decks
    state._actions = actions
    state._chance = chance
    return state


def _waiting(
    setup: _Setup, inner: Any, decks: Chain, actions: Chain, due: DealPending, pending: Any
) -> ChanceState:
    """A chance node for the deck ``due`` asks for; ``pending`` waits for it."""
    if inner is not None and not setup.deals_later:
        raise InvalidRulesError(
            f"{setup.game} deals deck {due.number} in the middle of a game, but its definition"
            " does not say how a deck dealt then joins its state (GameDefinition.with_deck):"
            " explicit chance cannot go on"
        )
    chance = _Draw(due.pack, tuple(due.pack), None, nodes(len(due.pack), due.dealt), pending)
    state = _state(setup, inner, decks, actions, chance)
    if chance.needed > 0:
        return state
    return _dealt(state, due.pack, pending)  # a one-card pack has no choice


def _begin(setup: _Setup, decks: Chain) -> ChanceState:
    """The game started on the decks chosen so far, or a chance node for the next."""
    dealing = ChanceDealing(decks=items(decks))
    try:
        inner = setup.make(setup.game.rules, seed=None, dealer=setup.dealer, dealing=dealing)
    except DealPending as due:
        return _waiting(setup, None, decks, None, due, None)
    return _state(setup, inner, decks, None, None)


def _dealt(state: ChanceState, deck: Deck, pending: Any) -> ChanceState:
    """``state`` (a chance node) once ``deck`` is complete: the game goes on from it."""
    setup = state._g
    decks = push(state._decks, deck)
    inner = state._inner
    if inner is None:
        return _begin(setup, decks)
    # The game keeps its position; only its dealing gains the new deck (no replay).
    inner = setup.with_deck(inner, deck)
    try:
        after = inner.apply(pending[1])
    except DealPending as due:
        return _waiting(setup, inner, decks, state._actions, due, pending)
    return _state(setup, after, decks, push(state._actions, pending), None)
