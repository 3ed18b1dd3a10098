"""``python -m cardrules`` and the ``cardrules`` console script.

:func:`run` loads the command line itself, so that Ctrl-C while it loads (the
first moments of any command) also ends with status 130 and one line.
"""

import sys


def run() -> None:
    """Run the ``cardrules`` command line and exit with its status."""
    try:
        from cardrules.cli import main
        from cardrules.cli.interrupts import INTERRUPTED, exit_command
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        sys.exit(130)
    try:
        status = main()
    except KeyboardInterrupt:  # Ctrl-C again, while main was reporting something
        print("cardrules: interrupted", file=sys.stderr)
        status = INTERRUPTED
    exit_command(status)


if __name__ == "__main__":
    run()
