"""The documentation covers the whole public API and the project's text stays clean."""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

import cardrules

ROOT = Path(__file__).resolve().parents[2]


def public_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        parts = info.name.split(".")
        if any(part.startswith("_") for part in parts) or parts[1] == "cli":
            continue
        names.append(info.name)
    return names


def test_every_public_module_is_in_the_api_reference() -> None:
    api = (ROOT / "docs" / "api.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. automodule:: (\S+)", api, flags=re.MULTILINE))
    missing = [name for name in public_modules() if name not in documented]
    assert not missing, f"docs/api.rst lacks automodule entries for {missing}"


def test_every_guide_page_is_in_the_table_of_contents() -> None:
    index = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").rglob("*.rst")):
        name = page.relative_to(ROOT / "docs").with_suffix("").as_posix()
        if name in {"index"} or name.startswith("_build"):
            continue
        assert name in index, f"docs/index.rst does not list {name}"


def test_changelog_has_an_unreleased_section() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert changelog.startswith("# Changelog")
    assert re.search(r"^## \[(Unreleased|\d+\.\d+\.\d+)\]", changelog, flags=re.MULTILINE)


def test_readme_examples_run() -> None:
    import doctest

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", readme, flags=re.MULTILINE | re.DOTALL)
    assert blocks, "the README has no Python examples"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    test = parser.get_doctest("\n".join(blocks), {}, "README", "README.md", 0)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, "a README example fails; run python -m pytest -k readme -s"


def test_the_version_has_a_changelog_section() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    version = cardrules.__version__
    if re.fullmatch(r"\d+\.\d+\.\d+", version):
        assert f"## [{version}] - " in changelog, f"CHANGELOG.md has no section for {version}"


def _sphinx_doctest_flags() -> int:
    import runpy

    settings = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    flags = settings["doctest_default_flags"]
    assert isinstance(flags, int)
    return flags


def test_the_docs_doctests_check_exception_messages() -> None:
    """Sphinx's default flags ignore what an error says; the docs' flags do not, and no
    example turns that back on."""
    import doctest

    flags = _sphinx_doctest_flags()
    assert not flags & doctest.IGNORE_EXCEPTION_DETAIL
    for page in sorted((ROOT / "docs").rglob("*.rst")):
        text = page.read_text(encoding="utf-8")
        assert "IGNORE_EXCEPTION_DETAIL" not in text, page.name
    # With these flags an example whose message is wrong fails.
    example = ">>> raise ValueError('player 1')\nTraceback (most recent call last):\n"
    example += "...\nValueError: player 3\n"
    test = doctest.DocTestParser().get_doctest(example, {}, "wrong message", "page.rst", 0)
    runner = doctest.DocTestRunner(optionflags=flags)
    runner.run(test, out=lambda text: None)
    assert runner.summarize(verbose=False).failed == 1
