"""The command line's one error: bad input, reported in one line with exit status 2."""

from __future__ import annotations

__all__ = ["UsageError"]


class UsageError(Exception):
    """Bad command-line input; reported in one line with exit status 2.

    ``prog`` is the command it concerns, as in ``cardrules simulate: error: ...``.
    """

    def __init__(self, message: str, prog: str = "cardrules") -> None:
        super().__init__(message)
        self.prog = prog
