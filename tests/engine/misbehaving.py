"""An engine for the tests, written from the protocol alone, that misbehaves as told.

``python misbehaving.py MODE PIDS`` records its process id as a file in the folder
``PIDS``, then plays by the protocol, choosing among the listed legal ids with its
own generator, except that it misbehaves as ``MODE`` says:

- ``good``: never; ``exit``: exits at once; ``exit-mid``: answers one decision, then
  says why on standard error and exits with status 3; ``sleep``: sleeps an hour at
  its first decision; ``endless``: writes a line that never ends; ``garbage``: answers
  text that is not JSON; ``illegal``: answers an id that is no action; ``version``:
  speaks protocol version 2.0; ``text``: answers by action text rather than id;
  ``deaf``: reads nothing and sleeps an hour.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from typing import Any


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main(mode: str, pids: str) -> int:
    with open(os.path.join(pids, str(os.getpid())), "w") as mark:
        mark.write(mode)
    if mode == "exit":
        return 0
    if mode == "deaf":  # reads nothing, so only its dealer's guard can stop it
        time.sleep(3600)
    rng = random.Random(0)
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            version = "2.0" if mode == "version" else "1.0"
            send(
                {
                    "type": "engine",
                    "protocol": "cardrules-engine",
                    "version": version,
                    "name": f"misbehaving-{mode}",
                    "author": "tests",
                    "legal_limit": 50,
                }
            )
        elif kind == "new_game":
            rng = random.Random(message["seed"])
        elif kind == "decide":
            decisions += 1
            legal = message["legal"]
            pick = rng.randrange(len(legal["ids"]))
            if mode == "exit-mid" and decisions > 1:
                sys.stderr.write("boom: the engine gave up\n")
                return 3
            if mode == "sleep":
                time.sleep(3600)
            if mode == "endless":
                while True:
                    sys.stdout.write("x" * 65536)
            if mode == "garbage":
                sys.stdout.write("bestmove e2e4\n")
                sys.stdout.flush()
                continue
            if mode == "illegal":
                send({"type": "action", "id": 1_000_000})
                continue
            if mode == "text":
                send({"type": "action", "text": legal["text"][pick], "info": "by text"})
                continue
            send({"type": "action", "id": legal["ids"][pick], "info": f"{len(legal['ids'])} ids"})
        elif kind == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
