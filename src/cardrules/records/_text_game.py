"""The :class:`TextGame` of :mod:`cardrules.records.text`: one game of a text record,
made from a game state or a record, or read; its checks, and its view for one seat.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from cardrules.cards import _show, format_cards
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.record import GameRecord, record_seats
from cardrules.records.text_lines import (
    HIDDEN,
    TextRecordError,
    _action_lines,
    _quote,
    action_problem,
    tag_problem,
    with_actor,
)
from cardrules.registry import Game, load_game

__all__ = ["TextGame"]

_INT = re.compile(r"0|[1-9][0-9]{0,19}")
_DECK = re.compile(r"Deck[0-9]+")
_SEAT = re.compile(r"Seat[0-9]+")
_DEALING = re.compile(r"Seed|Deck[0-9]+")

Source = Any
"""What :func:`write_games` takes: a :class:`TextGame`, a GameRecord or a game state."""


def _tag_tuple(tags: object) -> tuple[tuple[str, str], ...]:
    if isinstance(tags, (str, bytes, dict)) or not isinstance(tags, Iterable):
        raise InvalidStateError(f"tags must be a tuple of (name, value) texts, got {_show(tags)}")
    result = tuple(tags)
    if not all(isinstance(t, tuple) and len(t) == 2 for t in result):
        raise InvalidStateError(f"tags must be a tuple of (name, value) texts, got {_show(tags)}")
    for name, value in result:
        problem = tag_problem(name, value)
        if problem is not None:
            raise InvalidStateError(f"a tag cannot be written as {_show((name, value))}: {problem}")
    return result


def _text_tuple(actions: object) -> tuple[str, ...]:
    if isinstance(actions, (str, bytes, dict)) or not isinstance(actions, Iterable):
        raise InvalidStateError(
            f"a game's actions must be a tuple of action texts, got {_show(actions)}"
        )
    return tuple(actions)


def _actor_tuple(actors: object) -> tuple[int, ...] | None:
    if actors is None:
        return None
    if isinstance(actors, (str, bytes, dict)) or not isinstance(actors, Iterable):
        raise InvalidStateError(f"actors must be a tuple of seat numbers, got {_show(actors)}")
    return tuple(actors)


@attrs.frozen
class TextGame:
    """One game of a text record: its ``tags`` in order, its ``actions`` as text, and
    its :class:`~cardrules.record.GameRecord`, or ``None`` for a view record;
    ``actors`` is the seat that took each action (``None`` for a view record read
    in the form of 0.3.0, which names no seat).

    A *view record* (a ``View`` tag naming the viewer's seat, made by
    :meth:`for_player`) is kept for one player's view: hidden cards may be ``??``,
    so it is read and written as it stands, for display, and never replayed.

    Make one with :meth:`of` or read one with :func:`read_games`. The constructor
    refuses what the reader would not read back: a tag or an action that does not
    fit on its line (:mod:`cardrules.records.text_lines`), a bare string of actions
    (``"play"``, which would be one action per letter), seats named for only some
    seats, a view record with the dealing (``Seed``, ``Deck0``...) that would show
    every hand.
    """

    tags: tuple[tuple[str, str], ...] = attrs.field(converter=_tag_tuple)
    actions: tuple[str, ...] = attrs.field(converter=_text_tuple)
    record: GameRecord | None = None
    line: int = attrs.field(default=1, eq=False)
    _state: Any = attrs.field(default=None, eq=False, repr=False)
    actors: tuple[int, ...] | None = attrs.field(default=None, kw_only=True, converter=_actor_tuple)

    def __attrs_post_init__(self) -> None:
        if self.record is not None and not isinstance(self.record, GameRecord):
            raise InvalidStateError(
                f"record must be a GameRecord or None, got {_show(self.record)}"
            )
        for text in self.actions:
            problem = action_problem(text, hidden=self.record is None)
            if problem is not None:
                raise InvalidStateError(problem)
        if self.record is not None:
            recorded = tuple(action["player"] for action in self.record.actions)
            if len(self.actions) != len(recorded) or self.actors not in (None, recorded):
                raise InvalidStateError(
                    f"a full record's actions and actors must be those of its record's"
                    f" {len(recorded)} actions, got {len(self.actions)} actions"
                    f" and the actors {_show(self.actors)}"
                )
            object.__setattr__(self, "actors", recorded)
        elif self.actors is None and not self.actions:
            object.__setattr__(self, "actors", ())  # no actions name no seat, in any form
        elif self.actors is not None and len(self.actors) != len(self.actions):
            raise InvalidStateError(
                f"{len(self.actions)} actions need as many actors, got {_show(self.actors)}"
            )
        numbered = [(n, name, value) for n, (name, value) in enumerate(self.tags, 1)]
        if (self.record is None) != any(name == "View" for _, name, _ in numbered):
            raise InvalidStateError(
                "a view record (no record) needs a View tag, and a full record has none"
            )
        try:
            _check_setup(numbered)
            players = _players(numbered)
            _check_seat_tags(numbered, players, self.record is None)
        except TextRecordError as exc:
            raise InvalidStateError(f"tag {str(exc).removeprefix('line ')}") from None
        wrong = [a for a in self.actors or () if type(a) is not int or not 0 <= a < players]
        if wrong:
            raise InvalidStateError(
                f"an action's seat must be 0 to {players - 1}, got {wrong[0]!r}"
            )

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
        state = new(dealer=self.record.rules.get("dealer"), dealing=self.record.dealing)
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
        lines.extend(_action_lines(self.actions, self.actors))
        return "".join(line + "\n" for line in lines)

    def to_line(self) -> str:
        """The game on one line: its tags, then its actions (the form a repr pastes)."""
        tags = " ".join(f'[{name} "{_quote(value)}"]' for name, value in self.tags)
        actors = self.actors or (None,) * len(self.actions)
        actions = ", ".join(map(with_actor, actors, self.actions))
        return " ".join(part for part in (tags, actions) if part)

    def for_player(self, player: int) -> TextGame:
        """This game's view record for seat ``player``: a ``View`` tag in place of the
        dealing; ``Hand0``, ``Hand1``... for the seat's cards in each deal, once they
        saw them, and ``Trump0``... for a game with a trump card shown; and in the
        actions, each still after the seat that took it, ``??`` for each card the seat
        never saw by the end of the record.

        >>> from cardrules import load_game
        >>> state = load_game("azi").new_state(seed=3, dealer=0)
        >>> for _ in range(5):
        ...     state = state.apply(state.legal_actions()[0])
        >>> view = TextGame.of(state).for_player(2)
        >>> view.tag("View"), view.tag("Seed"), view.actions
        ('2', None, ('play', 'play', 'play', 'play', 'discard ??'))
        >>> view.to_text().splitlines()[-2:]
        ['s1 play, s2 play, s3 play, s0 play', 's1 discard ??']
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
        kept = [(k, v) for k, v in self.tags if not _DEALING.fullmatch(k)]
        head = sum(1 for k, _ in kept[:3] if k in ("Game", "Kind", "Dealer"))
        tags = [*kept[:head], ("View", str(player)), *_dealt(states, player), *kept[head:]]
        return TextGame(tuple(tags), seen, None, self.line, actors=self.actors)

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
                f"a {record.game} record with the setup {_show(extra)} has no text form:"
                f" the rules of {game.name} have no option named so"
            )
        head = [("Game", str(game))]
        if kind != game.name:
            head.append(("Kind", kind.partition("-")[2]))
        if "dealer" in record.rules:
            head.append(("Dealer", str(record.rules["dealer"])))
        if record.dealing.seed is not None:
            head.append(("Seed", str(record.dealing.seed)))
        head.extend((f"Deck{n}", str(deck)) for n, deck in enumerate(record.dealing.decks))
        if seats is not None:
            if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
                raise InvalidStateError(f"seats must name each seat's bot, got {_show(seats)}")
            names = list(seats)
            if len(names) != state.num_players:
                raise InvalidStateError(
                    f"a game of {state.num_players} seats cannot name {_show(names)}"
                )
            head.extend((f"Seat{n}", name) for n, name in enumerate(names))
        if date is not None:
            head.append(("Date", date))
        head.append(("Result", _result(state)))
        head.extend(_tag_tuple(tags))
        actions = tuple(_action_text(game, a, n) for n, a in enumerate(record.actions))
        return cls(tuple(head), actions, record, state=state)


def _check_setup(tags: Sequence[tuple[int, str, str]]) -> None:
    """The tags of one game, each name once, and the decks ``Deck0``, ``Deck1``... in
    order; else :class:`TextRecordError` on the line of the first tag at fault."""
    seen: set[str] = set()
    decks = 0
    for number, name, _ in tags:
        if name in seen:
            raise TextRecordError(f"the tag {name} is given twice", number)
        seen.add(name)
        if name.startswith("Deck") and not _DECK.fullmatch(name):
            raise TextRecordError(f"unknown tag {name}", number)
        if _DECK.fullmatch(name):
            if name != f"Deck{decks}":
                raise TextRecordError(
                    f"the tag {name} is out of sequence: the decks are Deck0, Deck1... in"
                    f" order, and the next one here is Deck{decks}",
                    number,
                )
            decks += 1
    if "Game" not in seen:
        raise TextRecordError("a game needs a Game tag", tags[0][0] if tags else 1)


def _players(tags: Sequence[tuple[int, str, str]]) -> int:
    """The number of seats of the game the ``Game`` tag names."""
    number, spec = next((n, value) for n, name, value in tags if name == "Game")
    try:
        return load_game(spec).num_players
    except CardRulesError as exc:
        raise TextRecordError(str(exc), number) from None


def _check_seat_tags(tags: Sequence[tuple[int, str, str]], players: int, view: bool) -> None:
    """A game's ``Seat`` tags are all of ``Seat0``... or none, and a view record's
    ``View`` tag names a seat and it holds no dealing; else :class:`TextRecordError`
    on the line of the tag at fault."""
    seats = [(number, name) for number, name, _ in tags if _SEAT.fullmatch(name)]
    if seats and sorted(name for _, name in seats) != sorted(f"Seat{n}" for n in range(players)):
        raise TextRecordError(
            f"the Seat tags name {len(seats)} seats of a game of {players}: name each"
            f" seat, Seat0 to Seat{players - 1}, or none",
            seats[-1][0],
        )
    if not view:
        return
    for number, name, _ in tags:
        if _DEALING.fullmatch(name):
            raise TextRecordError(
                f"a view record cannot hold the dealing ({name}): it would show every hand",
                number,
            )
    number, seat = next((n, value) for n, name, value in tags if name == "View")
    if not _INT.fullmatch(seat):
        raise TextRecordError(f"the View tag must be a whole number, got {seat!r}", number)
    if int(seat) >= players:
        raise TextRecordError(
            f"the View tag must name a seat, 0 to {players - 1}, got {seat!r}", number
        )


def _dealt(states: list[Any], player: int) -> list[tuple[str, str]]:
    """``Hand{n}`` for the cards ``player`` saw in the record's deal ``n`` (those their
    observation first shows, sorted: the order they were dealt in tells nothing), and
    ``Trump{n}`` for a trump card shown."""
    hands: dict[tuple[int, int], tuple[str | None, str | None]] = {}
    for state in states:
        key, current = _deal_seen(state, player)
        hand, trump = getattr(current, "hand", None), getattr(current, "trump_card", None)
        known = hands.get(key, (None, None))
        hands[key] = (
            known[0] if known[0] is not None or hand is None else format_cards(sorted(hand)),
            known[1] if known[1] is not None or trump is None else str(trump),
        )
    tags = [(f"Hand{n}", hand) for n, (hand, _) in enumerate(hands.values()) if hand]
    return tags + [(f"Trump{n}", trump) for n, (_, trump) in enumerate(hands.values()) if trump]


def _deal_seen(state: Any, player: int) -> tuple[tuple[int, int], Any]:
    """The place ``(games so far, deal)`` of the deal in progress at ``state``, and
    ``player``'s observation of it. A match's observation holds every earlier game, so
    a match (its finished games a :class:`~cardrules.match.History`, whose length costs
    nothing) observes its current game alone: one match costs time linear in its length.
    A game whose observation has no ``deal`` is one deal.
    """
    finished = getattr(state, "_history", None)
    if finished is not None and hasattr(state, "current"):
        current = state.current.observation(player)
        return (len(finished) + 1, getattr(current, "deal", 0)), current
    seen = state.observation(player)
    current = getattr(seen, "current", seen)
    games = len(getattr(seen, "games", getattr(seen, "deals", ())))
    return (games, getattr(current, "deal", 0)), current


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
        raise InvalidStateError(
            f"not a game record: {_show(data)} (a game's text record is written from its"
            " to_json(), a record in the shared format of cardrules.records)"
        )
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
    lacks = f"the game {game.name!r} has no text record: action {number}"
    problem = action_problem(text, hidden=False)
    if problem is not None:
        raise InvalidStateError(f"{lacks}, written as str(action), breaks a rule: {problem}")
    if game.parse_action(text) != action:
        raise InvalidStateError(
            f"{lacks}'s text {text!r} does not read back: its parse_action must read str(action)"
        )
    return text
