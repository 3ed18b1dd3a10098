"""The progress bar of long commands: done and total, rate, time left, and an early warning.

The bar is one line on standard error, redrawn in place, drawn only on a terminal.
When the time a command will take passes :data:`WARN_SECONDS` it says so once, on
its own line, whether or not the bar is drawn: ``simulate azi --games 100000``
with the search bots takes hours. The estimate comes from a first item timed
before the run (:meth:`ProgressBar.forecast`), or else from the first report.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import IO

__all__ = ["WARN_SECONDS", "ProgressBar", "duration_text", "end_open_lines"]

WARN_SECONDS = 180.0
"""A command expected to run longer than this (three minutes) warns when it starts."""

_OPEN: list[IO[str]] = []
"""Streams on which a bar has drawn a line it has not ended yet."""


def duration_text(seconds: float) -> str:
    """A duration as people read it.

    >>> duration_text(42.4), duration_text(754), duration_text(4 * 3600 + 120)
    ('42s', '12m 34s', '4h 02m')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m {whole % 60:02d}s"
    return f"{whole // 3600}h {whole % 3600 // 60:02d}m"


def end_open_lines() -> None:
    """End any bar line left open, so that a message printed next starts a line."""
    while _OPEN:
        stream = _OPEN.pop()
        try:
            stream.write("\n")
            stream.flush()
        except (OSError, ValueError):
            pass


class ProgressBar:
    """A one-line progress bar with rate and time left, redrawn on a text stream.

    It draws only when the stream is a terminal, unless ``force`` is set; it warns
    (``prog: warning: ...``) once if the time left passes ``warn_after`` seconds.
    ``clock`` gives the time in seconds (``time.monotonic`` by default).
    """

    def __init__(
        self,
        stream: IO[str] | None = None,
        width: int = 30,
        force: bool = False,
        *,
        clock: Callable[[], float] | None = None,
        warn_after: float = WARN_SECONDS,
        prog: str = "cardrules",
        unit: str = "games",
        draw: bool = True,
    ) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.clock = time.monotonic if clock is None else clock
        self.start = self.clock()
        self.enabled = draw and (force or _is_terminal(self.stream))
        self.warn_after = warn_after
        self.prog = prog
        self.unit = unit
        self.warned = False
        self._drawn = 0

    def __call__(self, done: int, total: int) -> None:
        """Report ``done`` of ``total``: warn if it will take long, and redraw the bar."""
        elapsed = max(self.clock() - self.start, 0.0)
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else None
        if not self.warned and done < total and left is not None:
            self.warned = True
            if left > self.warn_after:
                self._warn(done, rate, left)
        if not self.enabled:
            return
        filled = self.width * done // total if total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        percent = 100 * done // total if total else 100
        speed = f"{rate:.1f} {self.unit}/s" if rate > 0 else f"-- {self.unit}/s"
        eta = "" if left is None or done >= total else f", {duration_text(left)} left"
        line = (
            f"[{bar}] {percent:3d}% {done}/{total} {self.unit}"
            f" {duration_text(elapsed)}, {speed}{eta}"
        )
        self.stream.write("\r" + line + " " * max(0, self._drawn - len(line)))
        self._drawn = len(line)
        if done >= total:
            self.stream.write("\n")
            if self.stream in _OPEN:
                _OPEN.remove(self.stream)
        elif self.stream not in _OPEN:
            _OPEN.append(self.stream)
        self.stream.flush()

    def forecast(self, seconds_each: float, total: int, workers: int = 1) -> None:
        """Warn now if ``total`` items at ``seconds_each`` (timed on a first one) over
        ``workers`` would take longer than ``warn_after``; the bar then warns no more."""
        self.warned = True
        left = seconds_each * total / max(1, workers)
        if left > self.warn_after:
            one = self.unit.removesuffix("s")
            spread = f", spread over {workers} workers" if workers > 1 else ""
            self._say(
                f"this will take about {duration_text(left)} (one {one} took"
                f" {seconds_each:.2f} s{spread}); Ctrl-C stops it"
            )

    def _warn(self, done: int, rate: float, left: float) -> None:
        self._say(
            f"this will take about {duration_text(left)}"
            f" ({rate:.1f} {self.unit}/s over the first {done}); Ctrl-C stops it"
        )

    def _say(self, text: str) -> None:
        if self.stream in _OPEN:
            self.stream.write("\n")
            _OPEN.remove(self.stream)
        self.stream.write(f"{self.prog}: warning: {text}\n")
        self.stream.flush()


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
