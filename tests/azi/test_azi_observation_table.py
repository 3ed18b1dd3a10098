"""The Azi guide's table of observation fields is the observation class's own list.

Every field of :class:`~cardrules.azi.AziObservation`, in order and with its type as
annotated, then its public properties, is one row of the table on the Azi guide
("What a player sees"); a field added, renamed or retyped without the table fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from cardrules.azi import AziObservation

PAGE = Path(__file__).resolve().parents[2] / "docs" / "guide" / "azi_game.rst"
TITLE = ".. list-table:: The fields of an Azi observation"


def documented_rows(text: str) -> list[tuple[str, str, str]]:
    """The (field, type, meaning) rows of the table titled :data:`TITLE` in ``text``."""
    table = text.split(TITLE, 1)[1]
    body = re.split(r"\n(?=\S)", table, maxsplit=1)[0]
    rows = re.split(r"\n   \* - ", body)[1:]
    found = []
    for row in rows:
        cells = [" ".join(cell.split()) for cell in re.split(r"\n     - ", row)]
        assert len(cells) == 3, row
        found.append((cells[0], cells[1], cells[2]))
    return found[1:]  # after the header row


def class_rows() -> list[tuple[str, str]]:
    """Each field with its annotation, then each public property with its return type."""
    rows = [(field.name, str(field.type)) for field in attrs.fields(AziObservation)]
    for name, member in vars(AziObservation).items():
        if isinstance(member, property) and not name.startswith("_"):
            rows.append((name, member.fget.__annotations__["return"]))
    return rows


def test_the_table_lists_every_field_in_order_with_its_type() -> None:
    rows = documented_rows(PAGE.read_text(encoding="utf-8"))
    assert [(name, kind) for name, kind, _ in rows] == [
        (f"``{name}``", f"``{kind}``") for name, kind in class_rows()
    ]
    assert all(len(meaning) > 10 for _, _, meaning in rows)


def test_the_reader_finds_a_missing_or_retyped_field() -> None:
    text = PAGE.read_text(encoding="utf-8")
    rows = documented_rows(text)
    assert len(rows) == len(class_rows()) >= 25
    dropped = text.replace("   * - ``pot``\n     - ``int``\n     - the chips in the pot\n", "")
    assert len(documented_rows(dropped)) == len(rows) - 1
    retyped = text.replace("   * - ``pot``\n     - ``int``", "   * - ``pot``\n     - ``str``")
    assert ("``pot``", "``str``", "the chips in the pot") in documented_rows(retyped)
