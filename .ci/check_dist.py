"""Check the contents of the built wheel and sdist."""

from __future__ import annotations

import sys
import tarfile
import zipfile


def main(wheel: str, sdist: str) -> int:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    problems = []
    for shipped in ("cardrules/py.typed", "cardrules/hazari/value_tables.json"):
        if shipped not in names:
            problems.append(f"the wheel lacks {shipped}")
    if any(name.startswith(("tests/", "docs/", "benchmarks/")) for name in names):
        problems.append("the wheel holds tests, docs or benchmarks")
    with tarfile.open(sdist) as archive:
        members = archive.getnames()
    for needed in ("tests", "docs", "seeds", "CHANGELOG.md", "LICENSE"):
        if not any(name.split("/")[1:2] == [needed] for name in members):
            problems.append(f"the sdist lacks {needed}")
    for problem in problems:
        print(problem)
    print(f"wheel: {len(names)} files; sdist: {len(members)} files")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
