"""The engine's side: :func:`serve` plays any bot of this package through the protocol.

``cardrules engine serve BOT`` runs it on standard input and output. Each decision is
played exactly as in process: the observation is read back from its JSON, the legal
actions are the game's own collection for that observation (the acting seat's legal
actions depend only on what it may know, so any state consistent with the
observation has them), and the bot draws from ``Rng(seed)``, the seed the dealer
sends for the seat, so the same seed gives the same games as in process.

>>> import io, json
>>> from cardrules.bots import RandomBot
>>> from cardrules import load_game
>>> state = load_game("azi").new_state(5)
>>> lines = [{"type": "hello", "protocol": "cardrules-engine", "version": "1.0"},
...          {"type": "new_game", "game": "azi", "rules": {}, "players": 4,
...           "seat": state.current_player, "seed": 9, "time_limit": 1.0},
...          {"type": "decide", "seat": state.current_player, "turn": 0,
...           "observation": state.observation(state.current_player).to_json(),
...           "legal": {"count": 2, "ids": [], "text": []}, "time_limit": 1.0},
...          {"type": "quit"}]
>>> out = io.BytesIO()
>>> serve(lambda game: RandomBot(), name="random",
...       input=io.BytesIO(b"".join(json.dumps(m).encode() + b"\\n" for m in lines)), output=out)
0
>>> [json.loads(line)["type"] for line in out.getvalue().splitlines()]
['engine', 'action']
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO, Any

from cardrules.bot import LegalView
from cardrules.cards import _show
from cardrules.engine.protocol import MAJOR, MAX_DEALER_LINE, PROTOCOL, VERSION, encode
from cardrules.errors import CardRulesError, EngineError
from cardrules.record import parse_json_text
from cardrules.registry import Game, load_game
from cardrules.rng import Rng

__all__ = ["BotForGame", "serve"]

BotForGame = Callable[[Game], Any]
"""Makes the bot that plays a game (called once per game spec)."""


def serve(
    bot_for: BotForGame,
    *,
    name: str,
    author: str = "cardrules",
    input: IO[bytes] | None = None,
    output: IO[bytes] | None = None,
) -> int:
    """Play as an engine: read the dealer's messages from ``input`` (standard input by
    default), answer on ``output``, until ``quit`` or the end of the input; returns 0.

    ``bot_for(game)`` makes the bot for each game. A message this side cannot follow
    raises :class:`~cardrules.errors.EngineError`; message types it does not know are
    ignored, as the protocol asks of every engine.
    """
    if not callable(bot_for) or not isinstance(name, str) or not isinstance(author, str):
        raise EngineError(
            f"serve needs a bot maker, and a name and an author as text, got {_show(bot_for)}"
        )
    reader = input if input is not None else sys.stdin.buffer
    writer = output if output is not None else sys.stdout.buffer
    for stream, method in ((reader, "readline"), (writer, "write")):
        if not callable(getattr(stream, method, None)):
            raise EngineError(f"serve reads and writes binary streams, got {_show(stream)}")
    try:
        return _play(_Table(bot_for), reader, writer, name, author)
    except OSError as exc:
        raise EngineError(f"the engine cannot talk to its dealer: {exc}") from None


def _play(table: _Table, reader: IO[bytes], writer: IO[bytes], name: str, author: str) -> int:
    while True:
        line = reader.readline(MAX_DEALER_LINE + 1)
        if not line:
            return 0
        if len(line) > MAX_DEALER_LINE:
            raise EngineError(f"the dealer wrote a line longer than {MAX_DEALER_LINE} bytes")
        message = _message(line)
        kind = message["type"]
        reply = None
        if kind == "hello":
            reply = _handshake(message, name, author)
        elif kind == "new_game":
            table.new_game(message)
        elif kind == "decide":
            reply = table.decide(message)
        elif kind == "quit":
            return 0
        if reply is not None:
            writer.write(encode(reply))
            writer.flush()


def _message(line: bytes) -> dict[str, Any]:
    try:
        message = parse_json_text(line)
    except CardRulesError as exc:
        raise EngineError(f"the dealer wrote {exc}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise EngineError(f"the dealer wrote a line that is not a message: {_show(line)}")
    return message


def _handshake(message: dict[str, Any], name: str, author: str) -> dict[str, Any]:
    version = message.get("version")
    major = version.partition(".")[0] if isinstance(version, str) else None
    if message.get("protocol") != PROTOCOL or major != str(MAJOR):
        raise EngineError(
            f"the dealer speaks {_show(message.get('protocol'))} {_show(version)};"
            f" this engine speaks {PROTOCOL} {MAJOR}.x"
        )
    return {
        "type": "engine",
        "protocol": PROTOCOL,
        "version": VERSION,
        "name": name,
        "author": author,
        "options": {},
        "legal_limit": 0,
    }


class _Table:
    """The game being played: its rules, the bot, and the seat's generator."""

    def __init__(self, bot_for: BotForGame) -> None:
        self._bot_for = bot_for
        self._bots: dict[str, tuple[Game, Any, Any]] = {}
        self._current: tuple[Game, Any, Any] | None = None
        self._rng = Rng(0)

    def new_game(self, message: dict[str, Any]) -> None:
        spec, seed = message.get("game"), message.get("seed")
        if not isinstance(spec, str) or type(seed) is not int:
            raise EngineError(f"a new game needs a game spec and a seed, got {_show(message)}")
        known = self._bots.get(spec)
        if known is None:
            game = load_game(spec)
            seen_type = type(game.new_state(0).observation(0))
            known = self._bots[spec] = (game, self._bot_for(game), seen_type)
        self._current = known
        self._rng = Rng.from_state(seed)

    def decide(self, message: dict[str, Any]) -> dict[str, Any]:
        if self._current is None:
            raise EngineError("the dealer asked for a decision before a new game")
        game, bot, seen_type = self._current
        observation = seen_type.from_json(message.get("observation"))
        state = game.resample(observation, Rng(0))
        legal = state.legal_actions()
        action = bot.choose(observation, LegalView(legal), self._rng)
        return {"type": "action", "id": state.action_id(action)}
