"""Check the contents of the built wheel and sdist."""

from __future__ import annotations

import sys
import tarfile
import zipfile


def main(wheel: str, sdist: str) -> int:
    names = zipfile.ZipFile(wheel).namelist()
    problems = []
    if "cardrules/py.typed" not in names:
        problems.append("the wheel lacks cardrules/py.typed")
    if any(name.startswith(("tests/", "docs/", "benchmarks/")) for name in names):
        problems.append("the wheel holds tests, docs or benchmarks")
    members = tarfile.open(sdist).getnames()
    for needed in ("tests/", "docs/", "seeds/", "CHANGELOG.md", "LICENSE"):
        if not any(f"/{needed}" in name or name.endswith(f"/{needed.rstrip('/')}") for name in members):
            problems.append(f"the sdist lacks {needed}")
    for problem in problems:
        print(problem)
    print(f"wheel: {len(names)} files; sdist: {len(members)} files")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
