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
    assert blocks[0].startswith("python3 -m venv .venv && .venv/bin/pip install -e . ")
    assert blocks[1].startswith("python3 -m venv .venv && .venv/bin/pip install -e")


def test_install_instructions_work_before_the_package_is_on_pypi() -> None:
    for page in (ROOT / "README.md", ROOT / "docs" / "quickstart.rst"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"pip install\s+\"?cardrules\b", text), page.name
    assert "from a checkout" in (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")


CHECKOUT_INSTALL = re.compile(
    r"""pip\s+install(?P<options>(?:\s+-[-\w]+)*)\s+(?P<target>["']?\.(?:\[[^\]]*\])?["']?)(?=[\s`)]|$)""",
    re.M,
)
"""``pip install`` of the checkout itself (``.`` or ``".[extras]"``), with its options."""


def _pages() -> list[Path]:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]
    return [page for page in pages if "_build" not in page.parts]


def non_editable_checkout_installs(text: str) -> list[str]:
    """Every ``pip install`` of the checkout in ``text`` that is not editable (``-e``)."""
    found = []
    for match in CHECKOUT_INSTALL.finditer(text):
        options = match["options"].split()
        if "-e" not in options and "--editable" not in options:
            found.append(" ".join(match[0].split()))
    return found


def test_every_install_of_the_checkout_is_editable() -> None:
    """A page that says ``pip install ".[numpy]"`` would silently swap the README's
    editable install for a copy, so that edits to the checkout no longer run."""
    installs = 0
    for page in _pages():
        text = page.read_text(encoding="utf-8")
        installs += len(CHECKOUT_INSTALL.findall(text))
        assert non_editable_checkout_installs(text) == [], page.relative_to(ROOT).as_posix()
    assert installs >= 10  # the README's two set-up commands and every extra's line


def test_the_install_scan_finds_a_non_editable_install() -> None:
    text = (
        'pip install ".[numpy]"\n'
        "    pip install .    # a comment\n"
        "``python -m pip install --quiet '.[pandas]'`` in prose\n"
        'pip install -e . and pip install --editable ".[dask]"\n'
        "pip install ./examples/toy-game and pip install numpy\n"
    )
    assert non_editable_checkout_installs(text) == [
        'pip install ".[numpy]"',
        "pip install .",
        "pip install --quiet '.[pandas]'",
    ]
