"""The README and the quickstart as a new user reads them: examples run, install works."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_passes_the_standard_doctest() -> None:
    """What ``python -m doctest README.md`` runs: every example, fences and all."""
    result = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, verbose=False, report=False
    )
    assert result.attempted >= 10
    assert result.failed == 0


def test_the_readme_set_up_blocks_come_first() -> None:
    blocks = re.findall(r"^```sh\n(.*?)^```", (ROOT / "README.md").read_text("utf-8"), re.M | re.S)
    assert blocks[0].startswith("python3 -m venv .venv && .venv/bin/pip install . ")
    assert blocks[1].startswith("python3 -m venv .venv && .venv/bin/pip install -e")


def test_install_instructions_work_before_the_package_is_on_pypi() -> None:
    for page in (ROOT / "README.md", ROOT / "docs" / "quickstart.rst"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"pip install\s+\"?cardrules\b", text), page.name
    assert "from a checkout" in (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
