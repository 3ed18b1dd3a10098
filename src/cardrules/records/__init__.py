"""Files of game records: the text format people read (``.crec``, in
:mod:`cardrules.records.text`), above the registry that reads their actions.

One record's JSON form is :mod:`cardrules.record`, below the registry; its names are
handed on here too, so code written before 0.4.0 (``from cardrules.records import
GameRecord``) keeps working.

>>> from cardrules import load_game
>>> state = load_game("hazari").new_state(seed=7, dealer=0)
>>> game_from_text(TextGame.of(state).to_text()).state() == state
True
>>> from cardrules import record
>>> GameRecord is record.GameRecord
True
"""

from __future__ import annotations

from cardrules.record import (
    FORMAT,
    MAX_JSON_DEPTH,
    MAX_SEAT_NAME,
    MAX_SEATS,
    VERSION,
    GameRecord,
    check_seat_name,
    check_summary,
    dump_json,
    json_object,
    load_record,
    parse_json_text,
    record_actions,
    record_of,
    record_seats,
    replay,
)
from cardrules.records.text import (
    TextGame,
    TextRecordError,
    game_from_text,
    read_games,
    read_headers,
    write_games,
)

__all__ = [
    "FORMAT",
    "MAX_JSON_DEPTH",
    "MAX_SEATS",
    "MAX_SEAT_NAME",
    "VERSION",
    "GameRecord",
    "TextGame",
    "TextRecordError",
    "check_seat_name",
    "check_summary",
    "dump_json",
    "game_from_text",
    "json_object",
    "load_record",
    "parse_json_text",
    "read_games",
    "read_headers",
    "record_actions",
    "record_of",
    "record_seats",
    "replay",
    "write_games",
]
