"""Reading a chance game's record (:meth:`cardrules.chance.ChanceState.from_json`).

A record loads only if a real chance game writes it: the decks are replayed as the
game deals them, the actions in turn, then the pending action and the drawn cards
of the deck being chosen. Anything else raises :class:`InvalidStateError` naming
what does not fit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.cards import Card, _show
from cardrules.deck import Deck
from cardrules.errors import IllegalActionError, InvalidStateError
from cardrules.registry import Game

ChanceState = Any
"""A :class:`cardrules.chance.ChanceState` (named here without importing it, which
would make an import circle with :mod:`cardrules.chance`)."""

FORMAT = "cardrules-chance"
"""The ``format`` of a chance game's record."""

__all__: list[str] = []  # internal to cardrules.chance: nothing here is public

_KEYS = frozenset({"format", "game", "match", "dealer", "decks", "drawn", "actions", "pending"})


def _list_of_text(record: dict[str, Any], key: str) -> list[str]:
    value = record[key]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise InvalidStateError(f"{key} must be a list of card strings, got {_show(value)}")
    return value


def _turn(game: Game, item: object, what: str) -> tuple[int, Any]:
    if not isinstance(item, dict) or set(item) != {"player", "action"}:
        raise InvalidStateError(
            f"{what} must be {{'player': seat, 'action': ...}}, got {_show(item)}"
        )
    player = item["player"]
    if type(player) is not int:
        raise InvalidStateError(f"the player of {what} must be a seat, got {_show(player)}")
    return player, game.parse_action(item["action"])


def _step(state: ChanceState, number: int, player: int, action: Any) -> ChanceState:
    if not state.is_terminal and player != state.current_player:
        raise InvalidStateError(
            f"action {number} is recorded for seat {player}, but seat {state.current_player} acts"
        )
    return _checked_apply(state, number, action)


def load(record: dict[str, Any], new: Callable[..., ChanceState]) -> ChanceState:
    """The chance game of ``record`` (a parsed JSON object), checked as described above;
    ``new`` is :meth:`cardrules.chance.ChanceState.new`."""
    if set(record) != _KEYS:
        missing = sorted(_KEYS - set(record))
        unknown = sorted(str(key) for key in set(record) - _KEYS)
        raise InvalidStateError(
            f"a chance-game record has the keys {', '.join(sorted(_KEYS))}"
            f" (missing {missing or 'none'}, unknown {_show(unknown) if unknown else 'none'})"
        )
    if record["format"] != FORMAT:
        raise InvalidStateError(f"format must be {FORMAT!r}, got {_show(record['format'])}")
    game = Game.from_json(record["game"])
    decks = [Deck.parse(text) for text in _list_of_text(record, "decks")]
    drawn = [Card.parse(text) for text in _list_of_text(record, "drawn")]
    actions = record["actions"]
    if not isinstance(actions, list):
        raise InvalidStateError(f"actions must be a list, got {_show(actions)}")
    turns = [_turn(game, item, f"action {i}") for i, item in enumerate(actions)]
    pending = None if record["pending"] is None else _turn(game, record["pending"], "pending")
    state = new(game, dealer=record["dealer"], match=record["match"])
    used = 0
    for number, (player, action) in enumerate(turns):
        state, used = _deal_due(state, decks, used)
        if state.is_chance_node:
            raise InvalidStateError(
                f"deck {used} is missing: the game deals it before action {number}"
            )
        state = _step(state, number, player, action)
    state, used = _deal_due(state, decks, used)
    if used < len(decks):
        raise InvalidStateError(f"the record holds {len(decks)} decks, the game deals {used}")
    if state.pending is not None:
        raise InvalidStateError(
            f"deck {used} is missing: the last action deals it (a deal in progress is"
            " recorded with its action in pending)"
        )
    if pending is not None:
        if state.is_chance_node:
            raise InvalidStateError("pending is given, but the game waits for the first deal")
        state = _step(state, len(turns), *pending)
        if not state.is_chance_node:
            raise InvalidStateError("the pending action starts no deal: it belongs in actions")
    return _draw(state, drawn)


def _deal_due(state: ChanceState, decks: list[Deck], used: int) -> tuple[ChanceState, int]:
    while state.is_chance_node and used < len(decks):
        state = _deal(state, decks[used], used, canonical=True)
        used += 1
    return state, used


def _draw(state: ChanceState, drawn: list[Card]) -> ChanceState:
    for position, card in enumerate(drawn):
        if not state.is_chance_node:
            raise InvalidStateError(f"drawn card {position} ({card}) comes when no deal is due")
        try:
            state = state.apply(card)
        except IllegalActionError as exc:
            raise InvalidStateError(f"drawn card {position}: {exc}") from exc
        if not state.is_chance_node or state.drawn == ():
            raise InvalidStateError("drawn holds a whole deal: a complete deck belongs in decks")
    return state


def _deal(state: ChanceState, deck: object, number: int, *, canonical: bool) -> ChanceState:
    """``state`` after the dealt cards of ``deck`` (deck ``number``) are drawn.

    With ``canonical`` the deck must be exactly the deck the chance game writes.
    """
    chance = state._chance
    assert chance is not None
    pack = chance.pack
    if not isinstance(deck, Deck):
        raise InvalidStateError(f"deck {number} must be a Deck, got {_show(deck)}")
    if len(deck) != len(pack) or set(deck) != set(pack):
        missing = " ".join(str(card) for card in pack if card not in deck) or "none"
        extra = " ".join(str(card) for card in deck if card not in pack) or "none"
        raise InvalidStateError(
            f"deck {number} does not hold the pack of {len(pack)} cards"
            f" (missing {missing}, foreign {extra})"
        )
    for card in deck.cards[: chance.needed]:
        state = state._draw(card)
    if canonical and state._decks[1] != deck:
        raise InvalidStateError(
            f"deck {number} is not one a chance game deals: its undealt cards must follow"
            f" in pack order ({state._decks[1]})"
        )
    return state


def _checked_apply(state: ChanceState, number: int, action: Any) -> ChanceState:
    if state.is_terminal:
        raise InvalidStateError(f"action {number} ({_show(action)}) comes after the game is over")
    try:
        return state.apply(action)
    except IllegalActionError as exc:
        raise InvalidStateError(f"action {number} is not legal: {exc}") from exc
