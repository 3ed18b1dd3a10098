"""The text record format (``.crec``): games people can read, in the spirit of PGN.

A game is its tag lines, then its actions in the game's own action text, each
after the seat that took it (``s2 card AD``), several to a line separated by
commas; a blank line ends it, and a file holds any number of games. ``;`` starts
a comment to the end of the line, ``{...}`` is a comment within a line. The
grammar is in the guide's page on records; the lines' rules are in
:mod:`cardrules.records.text_lines`.

>>> from cardrules import load_game
>>> state = load_game("hazari").new_state(seed=7, dealer=0)
>>> game = TextGame.of(state, seats=("greedy", "greedy", "random", "random"))
>>> print(game.to_text().splitlines()[0])
[Game "hazari"]
>>> game_from_text(game.to_text()) == game
True
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from cardrules.cards import _show
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.record import GameRecord
from cardrules.records import text_lines
from cardrules.records._text_game import (
    _DECK,
    _INT,
    Source,
    TextGame,
    _check_seat_tags,
    _check_setup,
    _players,
    _result,
)
from cardrules.records.text_lines import (
    HIDDEN,
    MAX_ACTIONS,
    MAX_GAME,
    MAX_LINE,
    MAX_TAGS,
    TextRecordError,
    _Block,
    _blocks,
    _quote,
    action_problem,
    split_actor,
    with_actor,
)
from cardrules.registry import Game, _read_text_with, load_game

__all__ = [
    "HIDDEN",
    "MAX_ACTIONS",
    "MAX_GAME",
    "MAX_LINE",
    "MAX_TAGS",
    "TextGame",
    "TextRecordError",
    "game_from_text",
    "read_games",
    "read_headers",
    "state_repr",
    "write_games",
]


def _body(game: TextGame, one_line: bool) -> str:
    """The game's text without its ``Game`` tag (which :func:`state_repr` names)."""
    head = f'[Game "{_quote(game.tag("Game") or "")}"]'
    text = game.to_line() if one_line else game.to_text()
    return text[len(head) :].lstrip(" \n") if text.startswith(head) else text


def _readable(text: str, game: TextGame) -> bool:
    """True if the reader takes ``game`` written as ``text`` whole: no line, game or
    count past its limits."""
    return (
        len(text) <= text_lines.MAX_GAME
        and len(game.actions) <= text_lines.MAX_ACTIONS
        and len(game.tags) <= text_lines.MAX_TAGS
        and max(map(len, text.splitlines()), default=0) <= text_lines.MAX_LINE
    )


def state_repr(state: Any, fallback: Callable[[], str]) -> str:
    """The repr of a game or match state: ``load_game(spec).state_from_text(text)``
    with its text record, on one line, or on several when one would be longer than
    the reader takes (:data:`MAX_LINE`); it pastes back after ``from cardrules import
    load_game``. ``fallback()`` for a state the text record cannot hold (a deal of a
    series numbered past 0, a setup the rules do not name, an action with no text,
    a game past the reader's limits).

    >>> from cardrules import load_game
    >>> state = load_game("azi", players=3).new_state(seed=3, dealer=0)
    >>> print(state_repr(state.apply(state.legal_actions()[0]), lambda: "unused"))
    load_game('azi(players=3)').state_from_text('[Dealer "0"] [Seed "3"] [Result "*"] s1 play')
    """
    if not callable(fallback):
        raise InvalidStateError(
            f"fallback must be a function of no arguments, got {_show(fallback)}"
        )
    try:
        game = TextGame.of(state)
    except CardRulesError:
        return fallback()
    spec = game.tag("Game")
    head = f'[Game "{spec}"] '  # what Game.state_from_text puts before the text
    text = _body(game, one_line=True)
    if len(head + text) > text_lines.MAX_LINE:
        text = _body(game, one_line=False)
    if not _readable(head + text, game):
        return fallback()
    return f"load_game({spec!r}).state_from_text({text!r})"


# --- reading -----------------------------------------------------------------------

Errors = Callable[[TextRecordError], object] | None


def _report(error: TextRecordError, errors: Errors) -> None:
    if errors is None:
        raise error
    errors(error)


def read_games(file: IO[str], *, errors: Errors = None) -> Iterator[TextGame]:
    """The games of a text record file, one at a time, each replayed and checked.

    A game that cannot be read or replayed (an illegal action, an action that names
    the wrong seat, a wrong result) raises :class:`TextRecordError` naming its line;
    with ``errors``, a function, the error is passed to it instead and reading goes
    on with the next game. Actions that name no seat (the form of 0.3.0) read too.

    >>> import io
    >>> text = '[Game "hazari"]\\n[Dealer "0"]\\n[Seed "7"]\\n[Result "*"]\\n\\n'
    >>> [game.state().current_player for game in read_games(io.StringIO(text))]
    [1]
    """
    if errors is not None and not callable(errors):
        raise InvalidStateError(f"errors must be a function or None, got {_show(errors)}")
    for index, block in enumerate(_blocks(file)):
        try:
            if block.error is not None:
                raise block.error
            game = _build(block)
        except TextRecordError as exc:
            exc.game = index
            _report(exc, errors)
            continue
        except CardRulesError as exc:  # no fault of a game escapes without its line
            _report(TextRecordError(str(exc), block.line, index), errors)
            continue
        yield game


def read_headers(file: IO[str], *, errors: Errors = None) -> Iterator[dict[str, str]]:
    """The tags of each game of a text record file, without replaying anything.

    >>> import io
    >>> text = '[Game "azi"]\\n[Seed "1"]\\ns1 play, s2 fold\\n\\n[Game "hazari"]\\n'
    >>> [tags["Game"] for tags in read_headers(io.StringIO(text))]
    ['azi', 'hazari']
    """
    for index, block in enumerate(_blocks(file)):
        if block.error is not None:
            block.error.game = index
            _report(block.error, errors)
            continue
        yield {name: value for _, name, value in block.tags}


def game_from_text(text: str) -> TextGame:
    """The one game of ``text`` (several lines, or one as :meth:`TextGame.to_line` writes)."""
    if not isinstance(text, str):
        raise InvalidStateError(f"a text record must be text, got {_show(text)}")
    games = list(read_games(io.StringIO(text)))
    if len(games) != 1:
        raise InvalidStateError(f"expected one game in the text record, found {len(games)}")
    return games[0]


def write_games(file: IO[str], records: Iterable[Source], *, player: int | None = None) -> int:
    """Write ``records`` (text games, GameRecords, JSON record dicts or game states) as
    text, a blank line after each; returns how many were written. With ``player``,
    each is written as that seat's view record (:meth:`TextGame.for_player`)."""
    if not callable(getattr(file, "write", None)):
        raise InvalidStateError(f"expected a text file to write to, got {_show(file)}")
    if isinstance(records, (str, bytes, dict)) or not isinstance(records, Iterable):
        raise InvalidStateError(f"records must be an iterable of games, got {_show(records)}")
    count = 0
    for source in records:
        game = TextGame.of(source)
        file.write((game if player is None else game.for_player(player)).to_text() + "\n")
        count += 1
    return count


# --- replaying ---------------------------------------------------------------------


def _build(block: _Block) -> TextGame:
    tags = tuple((name, value) for _, name, value in block.tags)
    _check_setup(block.tags)
    values = dict(tags)
    where = {name: number for number, name, _ in block.tags}
    players = _players(block.tags)
    view = "View" in values
    _check_seat_tags(block.tags, players, view)
    actions = _actions(block, players, view)
    actors = None if actions and actions[0][1] is None else tuple(a for _, a, _ in actions)
    texts = tuple(text for _, _, text in actions)
    if view:
        return TextGame(tags, texts, None, block.line, actors=actors)
    game, state = _start(block, values, where)
    state = _replay(game, state, actions)
    record = GameRecord.from_json(state.to_json(), state.to_json()["game"])
    result = values.get("Result")
    if result is not None and result != _result(state):
        raise TextRecordError(
            f"the Result tag says {result!r} but the actions give {_result(state)!r}",
            where["Result"],
        )
    return TextGame(tags, texts, record, block.line, state=state)


def _actions(block: _Block, players: int, view: bool) -> list[tuple[int, int | None, str]]:
    """Each action's line, seat and text: every action names a seat of the game, or
    (the form of 0.3.0) none does."""
    result = []
    named = None
    for number, raw in block.actions:
        actor, text = split_actor(raw)
        named = actor is not None if named is None else named
        if (actor is not None) != named:
            raise TextRecordError(
                f"the action {raw!r} {'names no' if named else 'names a'} seat, but the"
                f" game's first action {'does' if named else 'does not'}: every action"
                " names its seat (s0, s1...), or (as in 0.3.0) none does",
                number,
            )
        if actor is not None and actor >= players:
            raise TextRecordError(
                f"the action {raw!r} names seat {actor}; the seats are 0 to {players - 1}",
                number,
            )
        problem = action_problem(text, hidden=view)
        if problem is not None:
            raise TextRecordError(problem, number)
        result.append((number, actor, text))
    return result


def _number(values: dict[str, str], where: dict[str, int], name: str) -> int | None:
    text = values.get(name)
    if text is None:
        return None
    if not _INT.fullmatch(text):
        raise TextRecordError(f"the {name} tag must be a whole number, got {text!r}", where[name])
    return int(text)


def _start(block: _Block, values: dict[str, str], where: dict[str, int]) -> tuple[Game, Any]:
    try:
        game = load_game(values["Game"])
    except CardRulesError as exc:
        raise TextRecordError(str(exc), where["Game"]) from None
    decks = []
    for number, name, value in block.tags:
        if _DECK.fullmatch(name):
            try:
                decks.append(Deck.parse(value))
            except CardRulesError as exc:
                raise TextRecordError(str(exc), number) from None
    seed = _number(values, where, "Seed")
    if seed is None and not decks:
        raise TextRecordError("a game needs a Seed tag or Deck0, Deck1... tags", block.line)
    dealer = _number(values, where, "Dealer")
    kind = values.get("Kind", "game")
    if kind not in ("game", "match"):
        raise TextRecordError(
            f"the Kind tag must be 'match' or absent, got {kind!r}", where["Kind"]
        )
    new = game.new_match if kind == "match" else game.new_state
    try:
        return game, new(dealer=dealer, dealing=Dealing(seed=seed, decks=tuple(decks)))
    except CardRulesError as exc:
        line = _deck_line(exc, where) or where.get("Dealer", block.line)
        raise TextRecordError(str(exc), line) from None


def _deck_line(error: CardRulesError, where: dict[str, int]) -> int | None:
    """The line of the ``Deck`` tag that ``error``, raised by the opening deal, finds not
    of the game's pack, if any (as :meth:`Dealing.deck <cardrules.dealing.Dealing.deck>`
    names it; a later deal of a match numbers its decks its own way)."""
    deck = re.match(r"explicit deck ([0-9]+) ", str(error))
    return None if deck is None else where.get(f"Deck{deck[1]}")


def _replay(game: Game, state: Any, actions: list[tuple[int, int | None, str]]) -> Any:
    for count, (number, actor, text) in enumerate(actions):
        written = with_actor(actor, text)
        if state.is_terminal:
            raise TextRecordError(
                f"action {count} ({written!r}) comes after the game is over", number
            )
        if actor is not None and actor != state.current_player:
            raise TextRecordError(
                f"action {count} ({written!r}) names seat {actor}, but seat"
                f" {state.current_player} is to act",
                number,
            )
        try:
            state = state.apply(game.parse_action(text))
        except CardRulesError as exc:
            raise TextRecordError(
                f"action {count} ({written!r}) for seat {state.current_player}: {exc}", number
            ) from None
    return state


def _state_of_text(text: str) -> Any:
    """The state the one game of ``text`` leads to: :meth:`Game.state_from_text
    <cardrules.registry.Game.state_from_text>` reads with it."""
    return game_from_text(text).state()


_read_text_with(_state_of_text)
