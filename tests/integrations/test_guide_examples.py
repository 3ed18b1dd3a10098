"""The runnable examples of the integration guide pages run as written.

Each page marks its example with the comment ``.. tested-example`` before a
``code-block``; the test extracts that block and runs it. Each needs its extra and
skips without it.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide"


def example(page: str) -> str:
    text = (GUIDE / page).read_text(encoding="utf-8")
    found = re.search(
        r"^\.\. tested-example\n\n\.\. code-block:: python\n\n((?:(?:    .*)?\n)+)",
        text,
        flags=re.MULTILINE,
    )
    assert found, f"{page} has no tested example"
    return textwrap.dedent(found.group(1))


@pytest.mark.parametrize(
    ("page", "module"),
    [("openspiel.rst", "pyspiel"), ("pettingzoo.rst", "pettingzoo"), ("scaling.rst", "dask")],
)
def test_the_guide_example_runs(page: str, module: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip(module, reason=f"{module} is not installed (an optional extra)")
    code = example(page)
    exec(compile(code, str(GUIDE / page), "exec"), {"__name__": "__main__"})
    assert capsys.readouterr().out.strip(), f"the example of {page} prints nothing"
