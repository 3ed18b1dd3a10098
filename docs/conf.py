"""Sphinx configuration for the cardrules documentation."""

from __future__ import annotations

import doctest

import cardrules

project = "cardrules"
author = "The cardrules developers"
copyright = "2026, The cardrules developers"
release = cardrules.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

autodoc_typehints = "description"
autodoc_mock_imports = ["pyspiel", "open_spiel", "pettingzoo", "gymnasium", "dask", "distributed"]
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
intersphinx_mapping: dict[str, tuple[str, None]] = {}
nitpicky = False
html_theme = "alabaster"
html_static_path = ["_static"]
exclude_patterns = ["_build"]
doctest_global_setup = "import cardrules"
# Sphinx's default flags include IGNORE_EXCEPTION_DETAIL, which would pass an example
# whatever its error message says; the docs' examples are checked message and all.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
suppress_warnings = ["ref.python"]
doctest_test_doctest_blocks = ""
