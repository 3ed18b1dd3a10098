"""The text record format (``.crec``): games people can read, in the spirit of PGN.

A game is its tag lines, then its actions in the game's own action text, several
to a line separated by commas; a blank line ends it, and a file holds any number
of games. ``;`` starts a comment to the end of the line, ``{...}`` is a comment
within a line. The grammar is in the guide's page on records.

>>> from cardrules import load_game
>>> state = load_game("hazari").new_state(seed=7, dealer=0)
>>> game = TextGame.of(state, seats=("greedy", "greedy", "random", "random"))
>>> print(game.to_text().splitlines()[0])
[Game "hazari"]
>>> game_from_text(game.to_text()) == game
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

import attrs

from cardrules.cards import _show, format_cards
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.record import GameRecord, record_seats
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

MAX_LINE = 10_000
"""The longest line read, in characters; a longer one is an error, read no further."""
MAX_ACTIONS = 100_000
"""The most actions one game may hold."""
MAX_TAGS = 100
"""The most tags one game may hold."""
MAX_GAME = 2_000_000
"""The most characters one game's lines may hold."""
HIDDEN = "??"
"""A card hidden from the viewer of a view record."""
WIDTH = 78
"""The writer starts a new action line rather than pass this many characters."""

_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]{0,31})[ \t]+"((?:[^"\\]|\\["\\])*)"\][ \t]*')
_INT = re.compile(r"0|[1-9][0-9]{0,19}")
_FORBIDDEN = frozenset(',;{}[]"\n\r')

Source = Any
"""What :func:`write_games` takes: a :class:`TextGame`, a GameRecord or a game state."""


class TextRecordError(InvalidStateError):
    """A text record that cannot be read: ``line`` is where, ``game`` counts from 0."""

    def __init__(self, message: str, line: int, game: int = 0) -> None:
        if not isinstance(message, str) or type(line) is not int or type(game) is not int:
            raise InvalidStateError(
                f"a TextRecordError needs a message and whole line and game numbers,"
                f" got {_show(message)}, {_show(line)}, {_show(game)}"
            )
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.game = game


def _check_tags(_: object, __: object, tags: tuple[tuple[str, str], ...]) -> None:
    if not isinstance(tags, tuple) or not all(
        isinstance(t, tuple) and len(t) == 2 and all(isinstance(x, str) for x in t) for t in tags
    ):
        raise InvalidStateError(f"tags must be a tuple of (name, value) texts, got {_show(tags)}")
    for name, value in tags:
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,31}", name) or "\n" in value or "\r" in value:
            raise InvalidStateError(f"a tag cannot be written as {_show((name, value))}")


@attrs.frozen
class TextGame:
    """One game of a text record: its ``tags`` in order, its ``actions`` as text, and
    its :class:`~cardrules.record.GameRecord`, or ``None`` for a view record.

    A *view record* (a ``View`` tag naming the viewer's seat, made by
    :meth:`for_player`) is kept for one player's view: hidden cards may be ``??``,
    so it is read and written as it stands, for display, and never replayed.
    """

    tags: tuple[tuple[str, str], ...] = attrs.field(validator=_check_tags)
    actions: tuple[str, ...]
    record: GameRecord | None = None
    line: int = attrs.field(default=1, eq=False)
    _state: Any = attrs.field(default=None, eq=False, repr=False)

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of tag ``name``, or ``default``."""
        return next((value for key, value in self.tags if key == name), default)

    @property
    def is_view(self) -> bool:
        """True for a view record (a ``View`` tag), which does not replay."""
        return self.record is None

    @property
    def view(self) -> int | None:
        """The seat a view record is kept for, or ``None`` for a full record."""
        seat = self.tag("View")
        return None if seat is None or not _INT.fullmatch(seat) else int(seat)

    def _no_replay(self) -> InvalidStateError:
        return InvalidStateError(
            f"this is seat {self.tag('View')}'s view record, its hidden cards written"
            f" {HIDDEN}: it does not replay to a game state; replay the full record"
        )

    def state(self) -> Any:
        """The position the record leads to, replayed from its record."""
        if self.record is None:
            raise self._no_replay()
        if self._state is not None:
            return self._state
        spec = self.tag("Game") or self.record.game.partition("-")[0]
        return load_game(spec).definition.state_from_json(self.record.to_json())

    def states(self) -> Iterator[Any]:
        """The positions of the game in turn: the start, then after each action."""
        if self.record is None:
            raise self._no_replay()
        game, kind, _ = _game_of(self.record)
        new = game.new_state if kind == game.name else game.new_match
        state = new(dealer=self.record.rules["dealer"], dealing=self.record.dealing)
        yield state
        for text in self.actions:
            state = state.apply(game.parse_action(text))
            yield state

    @property
    def seats(self) -> tuple[str, ...] | None:
        """Who sat in each seat, from the ``Seat0``, ``Seat1``... tags (None without them)."""
        names: list[str] = []
        while (name := self.tag(f"Seat{len(names)}")) is not None:
            names.append(name)
        return tuple(names) or None

    def record_json(self) -> dict[str, Any]:
        """The game's JSON record, naming its seats (``"seats"``) when the tags do."""
        if self.record is None:
            raise InvalidStateError("a view record has no JSON record")
        data = self.record.to_json()
        return data if self.seats is None else {**data, "seats": list(self.seats)}

    def to_text(self) -> str:
        """The game as text record lines, each ending in a newline."""
        lines = [f'[{name} "{_quote(value)}"]' for name, value in self.tags]
        players = None if self.record is None else [a["player"] for a in self.record.actions]
        lines.extend(_action_lines(self.actions, players))
        return "".join(line + "\n" for line in lines)

    def to_line(self) -> str:
        """The game on one line: its tags, then its actions (the form a repr pastes)."""
        tags = " ".join(f'[{name} "{_quote(value)}"]' for name, value in self.tags)
        return " ".join(part for part in (tags, ", ".join(self.actions)) if part)

    def for_player(self, player: int) -> TextGame:
        """This game's view record for seat ``player``: a ``View`` tag in place of the
        dealing; ``Hand0``, ``Hand1``... for the seat's cards in each deal, once they
        saw them, and ``Trump0``... for a game with a trump card shown; and in the
        actions, ``??`` for each card the seat never saw by the end of the record.

        >>> from cardrules import load_game
        >>> state = load_game("azi").new_state(seed=3, dealer=0)
        >>> for _ in range(5):
        ...     state = state.apply(state.legal_actions()[0])
        >>> view = TextGame.of(state).for_player(2)
        >>> view.tag("View"), view.tag("Seed"), view.actions
        ('2', None, ('play', 'play', 'play', 'play', 'discard ??'))
        """
        if self.record is None:
            if self.view == player and type(player) is int:
                return self
            raise InvalidStateError(
                f"this is already seat {self.tag('View')}'s view record, not the full record"
                f" a view for seat {_show(player)} is made from"
            )
        game, _, _ = _game_of(self.record)
        if type(player) is not int or not 0 <= player < game.num_players:
            raise InvalidStateError(
                f"seat {_show(player)} is not a seat of {game} (0..{game.num_players - 1})"
            )
        states = list(self.states())
        seen = tuple(
            game.definition.seen_action(state, game.parse_action(text), player, states[-1])
            for state, text in zip(states, self.actions, strict=False)
        )
        kept = [(k, v) for k, v in self.tags if k != "Seed" and not re.fullmatch(r"Deck\d+", k)]
        head = sum(1 for k, _ in kept[:3] if k in ("Game", "Kind", "Dealer"))
        tags = [*kept[:head], ("View", str(player)), *_dealt(states, player), *kept[head:]]
        return TextGame(tuple(tags), seen, None, self.line)

    @classmethod
    def of(
        cls,
        source: Source,
        *,
        seats: Iterable[str] | None = None,
        date: str | None = None,
        tags: Iterable[tuple[str, str]] = (),
    ) -> TextGame:
        """The text record of a game state, a GameRecord or a JSON record dict, naming
        the bots in ``seats`` (by default those the dict's ``"seats"`` names, see
        :func:`~cardrules.record.record_seats`) and the ``date`` if given, with extra
        ``tags`` last."""
        if isinstance(source, TextGame):
            return source
        if seats is None and isinstance(source, dict):
            seats = record_seats(source)
        record, state = _record_and_state(source)
        game, kind, extra = _game_of(record)
        if extra:
            raise InvalidStateError(
                f"a {record.game} record with the setup {_show(extra)} has no text form"
            )
        head = [("Game", str(game))]
        if kind != game.name:
            head.append(("Kind", kind.partition("-")[2]))
        head.append(("Dealer", str(record.rules["dealer"])))
        if record.dealing.seed is not None:
            head.append(("Seed", str(record.dealing.seed)))
        head.extend((f"Deck{n}", str(deck)) for n, deck in enumerate(record.dealing.decks))
        if seats is not None:
            names = [str(name) for name in seats]
            if len(names) != state.num_players:
                raise InvalidStateError(
                    f"a game of {state.num_players} seats cannot name {_show(names)}"
                )
            head.extend((f"Seat{n}", name) for n, name in enumerate(names))
        if date is not None:
            head.append(("Date", date))
        head.append(("Result", _result(state)))
        head.extend(tags)
        actions = tuple(_action_text(game, a, n) for n, a in enumerate(record.actions))
        return cls(tuple(head), actions, record, state=state)


def _dealt(states: list[Any], player: int) -> list[tuple[str, str]]:
    """``Hand{n}`` for the cards ``player`` saw in the record's deal ``n`` (as their
    observation first shows them), and ``Trump{n}`` for a trump card shown."""
    hands: dict[tuple[int, int], tuple[str | None, str | None]] = {}
    for state in states:
        key, current = _deal_seen(state, player)
        hand, trump = getattr(current, "hand", None), getattr(current, "trump_card", None)
        known = hands.get(key, (None, None))
        hands[key] = (
            known[0] if known[0] is not None or hand is None else format_cards(hand),
            known[1] if known[1] is not None or trump is None else str(trump),
        )
    tags = [(f"Hand{n}", hand) for n, (hand, _) in enumerate(hands.values()) if hand]
    return tags + [(f"Trump{n}", trump) for n, (_, trump) in enumerate(hands.values()) if trump]


def _deal_seen(state: Any, player: int) -> tuple[tuple[int, int], Any]:
    """The place ``(games so far, deal)`` of the deal in progress at ``state``, and
    ``player``'s observation of it. A match's observation holds every earlier game, so
    a match (its finished games a :class:`~cardrules.match.History`, whose length costs
    nothing) observes its current game alone: one match costs time linear in its length.
    """
    finished = getattr(state, "_history", None)
    if finished is not None and hasattr(state, "current"):
        current = state.current.observation(player)
        return (len(finished) + 1, current.deal), current
    seen = state.observation(player)
    current = getattr(seen, "current", seen)
    return (len(getattr(seen, "games", getattr(seen, "deals", ()))), current.deal), current


def _record_and_state(source: Source) -> tuple[GameRecord, Any]:
    if isinstance(source, GameRecord):
        data: Any = source.to_json()
    elif isinstance(source, dict):
        data = source
    else:
        to_json = getattr(source, "to_json", None)
        if not callable(to_json) or not hasattr(source, "history"):
            raise InvalidStateError(
                f"expected a TextGame, a GameRecord or a game state, got {_show(source)}"
            )
        data = to_json()
    kind = data.get("game") if isinstance(data, dict) else None
    if not isinstance(kind, str):
        raise InvalidStateError(f"not a game record: {_show(data)}")
    record = GameRecord.from_json(data, kind)
    state = source if hasattr(source, "history") else None
    if state is None:
        state = load_game(kind.partition("-")[0]).definition.state_from_json(record.to_json())
    return record, state


def _game_of(record: GameRecord) -> tuple[Game, str, dict[str, Any]]:
    """The game, record kind and any setup keys that are not rule options."""
    options = {k: v for k, v in record.rules.items() if k != "dealer"}
    family = record.game.partition("-")[0]
    known = load_game(family).options
    game = load_game(family, **{k: v for k, v in options.items() if k in known})
    extra = {k: v for k, v in options.items() if k not in known}
    if extra.get("deal") == 0:  # a deal's number, 0 for a game of its own
        del extra["deal"]
    return game, record.game, extra


def _result(state: Any) -> str:
    if not state.is_terminal:
        return "*"
    return " ".join(str(value) for value in state.returns())


def _action_text(game: Game, data: dict[str, Any], number: int) -> str:
    fields = {k: v for k, v in data.items() if k != "player"}
    action = game.parse_action(fields)
    text = str(action)
    if not text or text != text.strip() or _FORBIDDEN & set(text) or HIDDEN in text:
        raise InvalidStateError(f"action {number} has no text form: {text!r}")
    if game.parse_action(text) != action:
        raise InvalidStateError(f"action {number}'s text {text!r} does not read back")
    return text


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\([\"\\])", r"\1", value)


def _action_lines(actions: tuple[str, ...], players: list[int] | None) -> list[str]:
    """Actions grouped on lines: a new line for the first action of a new kind (its
    first word) that takes an argument, when a player acts again (a new round of the
    table), or when the line would grow past :data:`WIDTH`."""
    lines: list[str] = []
    line: list[str] = []
    acted: set[int] = set()
    seen: set[str] = set()
    width = 0
    for number, text in enumerate(actions):
        player = None if players is None else players[number]
        word = text.split(" ", 1)[0]
        new_kind = word not in seen and " " in text
        seen.add(word)
        if line and (new_kind or player in acted or width + 2 + len(text) > WIDTH):
            lines.append(", ".join(line))
            line, acted, width = [], set(), 0
        width += len(text) + (2 if line else 0)
        line.append(text)
        if player is not None:
            acted.add(player)
    if line:
        lines.append(", ".join(line))
    return lines


def state_repr(state: Any, fallback: Callable[[], str]) -> str:
    """The repr of a game or match state: ``load_game(spec).state_from_text(line)``
    with its one-line text record, which pastes back after ``from cardrules import
    load_game``; ``fallback()`` for a state the text record cannot hold (a deal of a
    series numbered past 0, a setup the rules do not name, an action with no text).

    >>> from cardrules import load_game
    >>> state = load_game("azi", players=3).new_state(seed=3, dealer=0)
    >>> print(state_repr(state.apply(state.legal_actions()[0]), lambda: "unused"))
    load_game('azi(players=3)').state_from_text('[Dealer "0"] [Seed "3"] [Result "*"] play')
    """
    if not callable(fallback):
        raise InvalidStateError(
            f"fallback must be a function of no arguments, got {_show(fallback)}"
        )
    try:
        game = TextGame.of(state)
    except CardRulesError:
        return fallback()
    tags = tuple((name, value) for name, value in game.tags if name != "Game")
    line = attrs.evolve(game, tags=tags).to_line()
    return f"load_game({game.tag('Game')!r}).state_from_text({line!r})"


# --- reading -----------------------------------------------------------------------


@attrs.frozen
class _Block:
    """One game's raw lines: tags and actions with their line numbers."""

    line: int
    tags: list[tuple[int, str, str]]
    actions: list[tuple[int, str]]
    error: TextRecordError | None = None


def _lines(file: IO[str]) -> Iterator[tuple[int, str | None]]:
    """Numbered lines of ``file``, without their ends; ``None`` for one too long."""
    if not callable(getattr(file, "readline", None)):
        raise InvalidStateError(f"expected a text file, got {_show(file)}")
    number = 0
    while True:
        text = file.readline(MAX_LINE + 1)
        if not isinstance(text, str):
            raise InvalidStateError(f"expected a text file, got one that reads {_show(text)}")
        if not text:
            return
        number += 1
        if len(text) > MAX_LINE and not text.endswith("\n"):
            while text and not text.endswith("\n"):  # skip the rest, a bounded chunk at a time
                text = file.readline(MAX_LINE + 1)
            yield number, None
            continue
        yield number, text.rstrip("\r\n").lstrip("\ufeff")


def _strip_comments(text: str, number: int) -> str:
    out = []
    rest = text
    while rest:
        brace, semi = rest.find("{"), rest.find(";")
        if semi >= 0 and (brace < 0 or semi < brace):
            out.append(rest[:semi])
            break
        if brace < 0:
            out.append(rest)
            break
        close = rest.find("}", brace)
        if close < 0:
            raise TextRecordError("a '{' comment is not closed on its line", number)
        out.append(rest[:brace] + " ")
        rest = rest[close + 1 :]
    if "}" in "".join(out):
        raise TextRecordError("a '}' closes no comment", number)
    return "".join(out)


def _split_line(text: str, number: int) -> tuple[list[tuple[str, str]], list[str]]:
    """The tags and the actions of one line."""
    position = len(text) - len(text.lstrip(" \t"))
    tags = []
    while text.startswith("[", position):
        match = _TAG.match(text, position)
        if match is None:
            raise TextRecordError(f"not a tag: {text[position : position + 60]!r}", number)
        tags.append((match[1], _unquote(match[2])))
        position = match.end()
    rest = _strip_comments(text[position:], number).strip()
    if not rest:
        return tags, []
    if "[" in rest or "]" in rest or '"' in rest:
        raise TextRecordError(f"tags must come before the actions: {rest[:60]!r}", number)
    actions = [part.strip() for part in rest.split(",")]
    if "" in actions:
        raise TextRecordError(f"an empty action between commas in {rest[:60]!r}", number)
    return tags, actions


def _blocks(file: IO[str]) -> Iterator[_Block]:
    """The games of ``file`` as raw blocks, in order; a broken one carries its error."""
    block: _Block | None = None
    size = 0
    for number, text in _lines(file):
        if text is not None and not text.strip():
            if block is not None:
                yield block
                block = None
            size = 0
            continue
        size += MAX_LINE if text is None else len(text)
        if block is not None and block.error is not None:
            continue  # the rest of a broken game, up to its blank line
        try:
            if text is None:
                raise TextRecordError(f"a line longer than {MAX_LINE} characters", number)
            tags, actions = _split_line(text, number)
        except TextRecordError as exc:
            block = attrs.evolve(block or _Block(number, [], []), error=exc)
            continue
        if not tags and not actions:
            continue  # a comment line
        if block is not None and tags and block.actions:
            yield block  # a new game's tags right after the last one's actions
            block = None
        if block is None:
            block = _Block(number, [], [])
        block.tags.extend((number, name, value) for name, value in tags)
        block.actions.extend((number, action) for action in actions)
        if len(block.tags) > MAX_TAGS or len(block.actions) > MAX_ACTIONS or size > MAX_GAME:
            many = "tags" if len(block.tags) > MAX_TAGS else "actions"
            limit = MAX_TAGS if many == "tags" else MAX_ACTIONS
            what = f"more than {limit} {many}" if size <= MAX_GAME else "too long a game"
            what += f" (at most {MAX_GAME} characters)" if size > MAX_GAME else ""
            block = attrs.evolve(block, error=TextRecordError(what, number))
            block.tags.clear()
            block.actions.clear()
    if block is not None:
        yield block


Errors = Callable[[TextRecordError], object] | None


def _report(error: TextRecordError, errors: Errors) -> None:
    if errors is None:
        raise error
    errors(error)


def read_games(file: IO[str], *, errors: Errors = None) -> Iterator[TextGame]:
    """The games of a text record file, one at a time, each replayed and checked.

    A game that cannot be read or replayed (an illegal action, a wrong result)
    raises :class:`TextRecordError` naming its line; with ``errors``, a function,
    the error is passed to it instead and reading goes on with the next game.

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
            yield _build(block)
        except TextRecordError as exc:
            exc.game = index
            _report(exc, errors)


def read_headers(file: IO[str], *, errors: Errors = None) -> Iterator[dict[str, str]]:
    """The tags of each game of a text record file, without replaying anything.

    >>> import io
    >>> text = '[Game "azi"]\\n[Seed "1"]\\nplay, fold\\n\\n[Game "hazari"]\\n'
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
    import io

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

_KNOWN = re.compile(r"Game|Kind|Dealer|Seed|Deck[0-9]+|Result|View")


def _build(block: _Block) -> TextGame:
    tags = tuple((name, value) for _, name, value in block.tags)
    where = {name: number for number, name, _ in block.tags}
    seen: set[str] = set()
    for number, name, _ in block.tags:
        if name in seen:
            raise TextRecordError(f"the tag {name} is given twice", number)
        seen.add(name)
    actions = tuple(text for _, text in block.actions)
    if "Game" not in where:
        raise TextRecordError("a game needs a Game tag", block.line)
    if "View" in where:
        _check_view(dict(tags), where)
        return TextGame(tags, actions, None, block.line)
    for number, text in block.actions:
        if HIDDEN in text:
            raise TextRecordError(f"a hidden card {HIDDEN} outside a view record", number)
    values = dict(tags)
    state = _replay(block, values, where)
    record = GameRecord.from_json(state.to_json(), state.to_json()["game"])
    result = values.get("Result")
    if result is not None and result != _result(state):
        raise TextRecordError(
            f"the Result tag says {result!r} but the actions give {_result(state)!r}",
            where["Result"],
        )
    return TextGame(tags, actions, record, block.line, state=state)


def _check_view(values: dict[str, str], where: dict[str, int]) -> None:
    """A view record's ``View`` tag must name a seat of its game."""
    try:
        players = load_game(values["Game"]).num_players
    except CardRulesError as exc:
        raise TextRecordError(str(exc), where["Game"]) from None
    seat = _number(values, where, "View")
    if seat is None or seat >= players:
        raise TextRecordError(
            f"the View tag must name a seat, 0 to {players - 1}, got {values['View']!r}",
            where["View"],
        )


def _number(values: dict[str, str], where: dict[str, int], name: str) -> int | None:
    text = values.get(name)
    if text is None:
        return None
    if not _INT.fullmatch(text):
        raise TextRecordError(f"the {name} tag must be a whole number, got {text!r}", where[name])
    return int(text)


def _start(block: _Block, values: dict[str, str], where: dict[str, int]) -> tuple[Game, Any]:
    line = where["Game"]
    try:
        game = load_game(values["Game"])
        decks = []
        for n in range(len(values)):
            if f"Deck{n}" not in values:
                break
            line = where[f"Deck{n}"]
            decks.append(Deck.parse(values[f"Deck{n}"]))
        line = where.get("Seed", line)
        seed = _number(values, where, "Seed")
        if seed is None and not decks:
            raise TextRecordError("a game needs a Seed tag or Deck0, Deck1... tags", block.line)
        dealing = Dealing(seed=seed, decks=tuple(decks))
        line = where.get("Dealer", block.line)
        dealer = _number(values, where, "Dealer")
        kind = values.get("Kind", "game")
        line = where.get("Kind", line)
        if kind not in ("game", "match"):
            raise TextRecordError(f"the Kind tag must be 'match' or absent, got {kind!r}", line)
        new = game.new_match if kind == "match" else game.new_state
        return game, new(dealer=dealer, dealing=dealing)
    except TextRecordError:
        raise
    except CardRulesError as exc:
        raise TextRecordError(str(exc), line) from None


def _replay(block: _Block, values: dict[str, str], where: dict[str, int]) -> Any:
    for number, name, _ in block.tags:
        if name.startswith("Deck") and not _KNOWN.fullmatch(name):
            raise TextRecordError(f"unknown tag {name}", number)
    game, state = _start(block, values, where)
    for count, (number, text) in enumerate(block.actions):
        if state.is_terminal:
            raise TextRecordError(f"action {count} ({text!r}) comes after the game is over", number)
        try:
            state = state.apply(game.parse_action(text))
        except CardRulesError as exc:
            raise TextRecordError(
                f"action {count} ({text!r}) for seat {state.current_player}: {exc}", number
            ) from None
    return state


def _state_of_text(text: str) -> Any:
    """The state the one game of ``text`` leads to: :meth:`Game.state_from_text
    <cardrules.registry.Game.state_from_text>` reads with it."""
    return game_from_text(text).state()


_read_text_with(_state_of_text)
