"""``python -m cardrules`` and the ``cardrules`` console script.

:func:`run` loads the command line itself, so that Ctrl-C while it loads (the
first moments of any command) also ends with status 130 and one line. The first
Ctrl-C then lets the loading finish, as an exception raised inside the import
system can be reported and dropped instead of stopping it; a second one stops it
at once.
"""

import signal
import sys
from types import FrameType
from typing import NoReturn


def run() -> None:
    """Run the ``cardrules`` command line and exit with its status."""
    noted: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        noted.append(signum)
        if len(noted) > 1:
            raise KeyboardInterrupt

    ours = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    try:
        if ours:
            signal.signal(signal.SIGINT, note)
        from cardrules.cli import main
        from cardrules.cli.interrupts import INTERRUPTED, exit_command
    except KeyboardInterrupt:
        _interrupted()
    try:
        if ours:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        if noted:
            _interrupted()
        status = main()
    except KeyboardInterrupt:  # Ctrl-C again, while main was reporting something
        print("cardrules: interrupted", file=sys.stderr)
        status = INTERRUPTED
    exit_command(status)


def _interrupted() -> NoReturn:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # it is ending
    print("cardrules: interrupted", file=sys.stderr)
    sys.exit(130)


if __name__ == "__main__":
    run()
