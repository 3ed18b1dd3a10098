"""The message-by-message example of the docs page: one short game of the example engine.

``python -m tests.engine.transcript`` writes it to ``docs/guide/engine_transcript.txt``,
and its first decision, laid out for reading, to ``docs/guide/engine_decision.json``;
``test_transcript.py`` checks that the files hold what the dealer and the engine say today.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

from cardrules import load_game
from cardrules.bots import RandomBot
from cardrules.engine import EngineBot, EngineProcess
from cardrules.runner import simulate

ROOT = Path(__file__).parents[2]
ENGINE = ROOT / "examples" / "engine-js" / "engine.js"
TRANSCRIPT = ROOT / "docs" / "guide" / "engine_transcript.txt"
DECISION = ROOT / "docs" / "guide" / "engine_decision.json"
GAME = "azi(players=2)"
SEED = 9


@contextmanager
def _recording(lines: list[str]) -> Iterator[None]:
    send, receive = EngineProcess.send, EngineProcess.receive

    def sent(self: EngineProcess, line: bytes, deadline: float) -> None:
        lines.append("dealer: " + line.decode().rstrip("\n"))
        send(self, line, deadline)

    def received(self: EngineProcess, deadline: float, limit: float | None = None) -> bytes:
        line = receive(self, deadline, limit)
        lines.append("engine: " + line.decode())
        return line

    with (
        mock.patch.object(EngineProcess, "send", sent),
        mock.patch.object(EngineProcess, "receive", received),
    ):
        yield


def transcript() -> str:
    """Every line of one game of ``azi(players=2)``: the example engine in seat 0 (the
    ``random-js`` engine, run by Node.js) against the random bot."""
    node = shutil.which("node")
    assert node is not None, "the transcript needs Node.js"
    lines: list[str] = []
    engine = EngineBot(["node", str(ENGINE.relative_to(ROOT))], time_limit=10, cwd=str(ROOT))
    with _recording(lines):
        simulate(load_game(GAME), [engine, RandomBot()], games=1, seed=SEED)
    return "\n".join(lines) + "\n"


def first_decision(text: str) -> str:
    """The first ``decide`` message of a transcript, indented for reading."""
    for line in text.splitlines():
        who, _, message = line.partition(": ")
        if who == "dealer" and json.loads(message)["type"] == "decide":
            return _laid_out(json.loads(message)) + "\n"
    raise AssertionError("the game has no decision")


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _laid_out(message: dict[str, object], indent: str = "") -> str:
    """``message`` as JSON with one field a line, objects one level down laid out alike."""
    fields = []
    for key, value in message.items():
        shown = (
            _laid_out(value, indent + "  ")
            if isinstance(value, dict) and not indent
            else (_compact(value))
        )
        fields.append(f"{indent}  {_compact(key)}: {shown}")
    return "{\n" + ",\n".join(fields) + f"\n{indent}}}"


if __name__ == "__main__":
    text = transcript()
    TRANSCRIPT.write_text(text, encoding="utf-8")
    DECISION.write_text(first_decision(text), encoding="utf-8")
    sys.stdout.write(f"wrote {TRANSCRIPT.relative_to(ROOT)} and {DECISION.relative_to(ROOT)}\n")
