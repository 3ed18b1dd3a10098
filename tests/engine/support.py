"""Helpers of the engine tests: the misbehaving engine, and checks that processes ended."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from cardrules.engine import EngineBot

SCRIPT = Path(__file__).with_name("misbehaving.py")
SERVE = (sys.executable, "-m", "cardrules", "engine", "serve")


def misbehaving(mode: str, pids: Path, time_limit: float | None = 30.0) -> EngineBot:
    """The test engine in ``mode`` (see ``misbehaving.py``), recording its pids in ``pids``."""
    command = [sys.executable, str(SCRIPT), mode, str(pids)]
    return EngineBot(command, time_limit=time_limit, name="bad")


def recorded(pids: Path) -> list[int]:
    """The process ids the test engines recorded in ``pids``."""
    return [int(path.name) for path in pids.iterdir()]


def gone(pid: int) -> bool:
    """True if process ``pid`` has ended: it does not exist, or it is a zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rpartition(")")[2].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False


def wait_gone(pids: Iterable[int], seconds: float = 20.0) -> list[int]:
    """The processes of ``pids`` still running after waiting at most ``seconds``."""
    left = list(pids)
    end = time.monotonic() + seconds
    while left and time.monotonic() < end:
        left = [pid for pid in left if not gone(pid)]
        if left:
            time.sleep(0.05)
    return left
