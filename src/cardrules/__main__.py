"""``python -m cardrules``: the same as the ``cardrules`` command."""

import sys

from cardrules.cli import main

sys.exit(main())
