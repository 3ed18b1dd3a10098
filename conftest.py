"""Import the package before pytest collects its modules' doctests.

With ``--import-mode=importlib`` pytest loads a module it collects from its file
unless the module is already imported; a package's ``__init__`` loaded that way would
replace the one the rest of the package registered itself with.
"""

import cardrules  # noqa: F401
