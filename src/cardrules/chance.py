"""Explicit chance: play any registered game with every deal drawn one card at a time.

In the default, seeded mode a game's deals come from its :class:`~cardrules.dealing.Dealing`.
:class:`ChanceState` wraps a game so that each deck is instead chosen by a *chance
player*, one card at a time, uniformly over the cards left. At a chance node
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
>>> from cardrules import Rng
>>> rng = Rng(4)
>>> while state.is_chance_node:
...     state = state.apply(state.sample_chance(rng))
>>> state.current_player, state.inner.dealing.seed is None
(1, True)

The chosen decks are the game's explicit decks, so the record a chance game writes
replays exactly in seeded mode too.

:class:`ChanceDealing` and :class:`DealPending` are internal signals between this
module and the games (and the OpenSpiel adapter): they are importable by name but
not part of ``__all__``. :class:`DealPending` is control flow, deliberately not a
:class:`~cardrules.errors.CardRulesError`, so that ``except CardRulesError``
handlers do not swallow it.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import attrs

from cardrules.cards import Card, _show
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import IllegalActionError, InvalidRulesError, InvalidStateError
from cardrules.game import ActionTuple, LegalActions, Turn
from cardrules.registry import Game
from cardrules.rng import Rng

__all__ = ["CHANCE", "ChanceState"]

CHANCE = -1
"""The ``current_player`` of a chance node (as in OpenSpiel)."""


class DealPending(Exception):
    """Raised by :class:`ChanceDealing` when a game asks for a deck not chosen yet."""

    def __init__(self, number: int, pack: Deck) -> None:
        super().__init__(f"deal {_show(number)} is not chosen yet")
        self.number = number
        self.pack = pack


@attrs.frozen
class ChanceDealing(Dealing):
    """A dealing of explicit decks only: asking for a later deck raises :class:`DealPending`."""

    def deck(self, number: int, pack: Deck) -> Deck:
        """The chosen deck ``number``; raises :class:`DealPending` if it is not chosen yet."""
        if type(number) is int and number >= len(self.decks):
            raise DealPending(number, pack)
        return super().deck(number, pack)

    def cards(self, number: int, pack: Deck) -> tuple[Card, ...]:
        """The cards of :meth:`deck`."""
        return self.deck(number, pack).cards


@attrs.frozen(repr=False, eq=False)
class ChanceState:
    """A game state whose deals are explicit chance nodes. Make one with :meth:`new`.

    ``inner`` is the game's own state once the cards it needs are chosen; ``decks``
    are the complete decks so far; ``drawn`` the cards of the deck being chosen;
    ``pending`` the action whose effect waits for that deck (``None`` at the start).
    """

    game: Game
    match: bool
    dealer: int
    decks: tuple[Deck, ...]
    actions: tuple[Turn[Any], ...]
    inner: Any
    drawn: tuple[Card, ...] = ()
    pack: Deck | None = None
    pending: Turn[Any] | None = None

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
        return cls._settle(game, match, dealer, (), (), None)

    @classmethod
    def _settle(
        cls,
        game: Game,
        match: bool,
        dealer: int,
        decks: tuple[Deck, ...],
        actions: tuple[Turn[Any], ...],
        pending: Turn[Any] | None,
    ) -> ChanceState:
        """Replay ``actions`` (and ``pending``) on the chosen decks; stop where a deck is due."""
        dealing = ChanceDealing(decks=decks)
        make = game.definition.new_match if match else game.definition.new_state
        try:
            state = make(game.rules, seed=None, dealer=dealer, dealing=dealing)
        except DealPending as due:
            return cls(game, match, dealer, decks, actions, None, (), due.pack, pending)
        for turn in actions:
            state = state.apply(turn.action)
        if pending is not None:
            try:
                state = state.apply(pending.action)
            except DealPending as due:
                return cls(game, match, dealer, decks, actions, state, (), due.pack, pending)
            actions = (*actions, pending)
        return cls(game, match, dealer, decks, actions, state)

    # --------------------------------------------------------------- chance

    @property
    def is_chance_node(self) -> bool:
        """True while a deck is being chosen."""
        return self.pack is not None

    def _left(self) -> tuple[Card, ...]:
        if self.pack is None:
            return ()
        taken = set(self.drawn)
        return tuple(card for card in self.pack if card not in taken)

    def chance_outcomes(self) -> tuple[tuple[Card, Fraction], ...]:
        """The cards that may come next, each with its exact probability (empty off chance)."""
        left = self._left()
        return tuple((card, Fraction(1, len(left))) for card in left)

    def sample_chance(self, rng: Rng) -> Card:
        """One chance outcome drawn uniformly with ``rng``."""
        if not isinstance(rng, Rng):
            raise InvalidStateError(f"chance outcomes are drawn from an Rng, got {_show(rng)}")
        left = self._left()
        if not left:
            raise IllegalActionError("this state is not a chance node")
        return left[rng.randbelow(len(left))]

    # ------------------------------------------------------------- protocol

    @property
    def num_players(self) -> int:
        """The game's number of seats."""
        return self.game.num_players

    @property
    def current_player(self) -> int | None:
        """:data:`CHANCE` at a chance node, else the game's player to act."""
        if self.pack is not None:
            return CHANCE
        player: int | None = self.inner.current_player
        return player

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.pack is None and bool(self.inner.is_terminal)

    def legal_actions(self) -> LegalActions[Any]:
        """The chance outcomes at a chance node, else the game's legal actions."""
        if self.pack is not None:
            return ActionTuple(self._left())
        legal: LegalActions[Any] = self.inner.legal_actions()
        return legal

    def apply(self, action: Any) -> ChanceState:
        """Take a chance outcome (a card) or the player's action."""
        if self.pack is not None:
            return self._draw(action)
        player = self.inner.current_player
        try:
            state = self.inner.apply(action)
        except DealPending as due:
            pending = Turn(player, action)
            return attrs.evolve(self, drawn=(), pack=due.pack, pending=pending)
        return attrs.evolve(self, inner=state, actions=(*self.actions, Turn(player, action)))

    def _draw(self, card: object) -> ChanceState:
        if not isinstance(card, Card) or card not in self._left():
            raise IllegalActionError(
                f"{_show(card)} is not a card left to deal at this chance node"
            )
        drawn = (*self.drawn, card)
        pack = self.pack
        if pack is None or len(drawn) < len(pack) - 1:
            return attrs.evolve(self, drawn=drawn)
        rest = [c for c in pack if c not in set(drawn)]
        deck = Deck((*drawn, *rest))
        return self._settle(
            self.game, self.match, self.dealer, (*self.decks, deck), self.actions, self.pending
        )

    def returns(self) -> tuple[int, ...]:
        """The game's returns (all zero before the first deal)."""
        if self.inner is None:
            return (0,) * self.num_players
        returns: tuple[int, ...] = self.inner.returns()
        return returns

    def observation(self, player: int) -> Any:
        """The game's observation for ``player``; none exists before the first deal."""
        if self.inner is None:
            raise InvalidStateError("no observation exists before the first deal is chosen")
        return self.inner.observation(player)

    @property
    def history(self) -> tuple[Turn[Any], ...]:
        """The players' actions so far (chance outcomes are in :attr:`decks` and :attr:`drawn`)."""
        return self.actions

    def to_json(self) -> dict[str, Any]:
        """The chance game as a JSON-ready dict: the game, the chosen cards and the actions."""
        return {
            "format": "cardrules-chance",
            "game": self.game.to_json(),
            "match": self.match,
            "dealer": self.dealer,
            "decks": [str(deck) for deck in self.decks],
            "drawn": [str(card) for card in self.drawn],
            "actions": [{"player": t.player, "action": t.action.to_json()} for t in self.actions],
            "pending": None
            if self.pending is None
            else {"player": self.pending.player, "action": self.pending.action.to_json()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> ChanceState:
        """Rebuild a chance game from :meth:`to_json`, replaying it through the rules."""
        try:
            record = json.loads(data) if isinstance(data, (str, bytes)) else data
            game = Game.from_json(record["game"])
            decks = tuple(Deck.parse(text) for text in record["decks"])
            turns = [
                Turn(item["player"], game.parse_action(item["action"]))
                for item in record["actions"]
            ]
            pending = record["pending"]
            state = cls._settle(
                game, bool(record["match"]), record["dealer"], decks, tuple(turns), None
            )
            if pending is not None:
                state = state.apply(game.parse_action(pending["action"]))
            for text in record["drawn"]:
                state = state.apply(Card.parse(text))
        except (KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise InvalidStateError(f"invalid chance-game record: {_show(exc)}") from exc
        except ValueError as exc:
            raise InvalidStateError(f"invalid chance-game record: {exc}") from exc
        if [t.player for t in state.actions] != [t.player for t in turns] + (
            [] if pending is None or state.pending is not None else [pending["player"]]
        ):
            raise InvalidStateError("the recorded players do not match the replayed game")
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChanceState):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.game, self.decks, self.drawn, len(self.actions)))

    def __repr__(self) -> str:
        return f"ChanceState.from_json({self.to_json()!r})"

    def __str__(self) -> str:
        if self.pack is not None:
            head = f"chance: dealing deck {len(self.decks)}, {len(self.drawn)} cards chosen"
            return head if self.inner is None else f"{self.inner}\n{head}"
        return str(self.inner)
