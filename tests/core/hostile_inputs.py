"""Hostile input for the wrong-types harness: text, streams and JSON a reviewer would craft.

:func:`hostile_text` draws text built to break readers: control characters (NUL, ESC
and OSC sequences, C1 controls, DEL), bidirectional overrides and isolates, line and
paragraph separators (U+2028, U+2029, NEL), lone surrogates, byte-order marks, CRLF
and bare CR, numbers written as text that no fixed width holds (``1e400``, a
400-digit ``10**400``, 5,000 digits, ``-0``, ``NaN``, non-ASCII digits), JSON nested
100,000 deep, JSON with duplicate keys, ``.crec`` tags that are broken or out of
sequence, strings of 100,000 characters (the longest drawn), and valid documents
(a ``.crec`` record, a JSON record, a simulation result) with such pieces spliced
in at drawn places.

:func:`hostile_stream` hands the same text over as a file: an :class:`io.StringIO`,
a text file over bytes that are not UTF-8 (its reads raise), or bytes in an
:class:`io.BytesIO`. :func:`hostile_json` draws JSON-like data: a valid document
with one value replaced by a hostile one (a huge or negative number, NaN, a wrong
type, hostile text, a list or object nested deeper than any reader allows), as a dict
or as JSON text.

Every drawn value is a printable spec; :func:`~tests.core.wrong_types_support.materialize`
builds it (a fresh stream each call), so a failing example reads as what it is.
The valid documents come from :data:`DOCUMENTS`, a few short games of each game and
a simulation, made once on first use.
"""

from __future__ import annotations

import functools
import io
import json
import math
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import strategies as st

from tests.core.wrong_types_support import Built, Harmful, materialize

__all__ = [
    "FRAGMENTS",
    "LONGEST",
    "Documents",
    "Stream",
    "documents",
    "hostile",
    "hostile_json",
    "hostile_rows",
    "hostile_stream",
    "hostile_text",
    "install_documents",
]

LONGEST = 100_000
"""The longest text drawn, in characters."""

FRAGMENTS: tuple[str, ...] = (
    "\x00",
    "\x1b[2J\x1b[31m",
    "\x1b]0;owned\x07",
    "\x1b]8;;http://x\x1b\\",
    "\x9b31m",
    "\x7f",
    "\x85",
    "\u202e",
    "\u2066",
    "\u200f",
    "\u2028",
    "\u2029",
    "\ud800",
    "\udfff",
    "\ufeff",
    "\ufffe",
    "\r\n",
    "\r",
    "\n",
    "\n\n",
    "\t",
    "\x0b\x0c",
    "1e400",
    "-1e400",
    "1" + "0" * 400,
    "-" + "9" * 400,
    "-0",
    "NaN",
    "Infinity",
    "-Infinity",
    "18446744073709551616",
    "99999999999999999999",
    "-1",
    "0x10",
    "1_000",
    "\u0663\u0660",  # Arabic-Indic digits: int() reads them, [0-9] does not
    "\uff13",
    "\U0001d7d7",
    "K",  # the Kelvin sign: lower() makes it ASCII
    "\u0130",  # lower() makes it two characters
    '"',
    "\\",
    "\\u0000",
    '\\"',
    "[",
    "]",
    "{",
    "}",
    ";",
    ",",
    "??",
    "??, ??",
    "<script>alert(1)</script>",
    "</script><!--",
    "]]><![CDATA[",
    "&amp;&#0;",
    "' onload='x",
    '=HYPERLINK("http://x")',
    "@SUM(1)",
    "+1",
    '[Game "azi"]',
    '[Deck2 "garbage"]',
    '[Deck1 "AS KS"]',
    '[Seed "-1"]',
    '[Seed "18446744073709551616"]',
    '[Dealer "99999999999999999999"]',
    '[View "0"]',
    '[Kind "match"]',
    '[Result "*"]',
    '[Bad tag "x"]',
    '[T "unterminated]',
    '[Seat0 "\u2028"]',
    "pass, fold, play",
    "split AS KS QS | ",
    '{"a": 1, "a": 2}',
    '{"game": "azi", "game": "hazari"}',
    '{"seed": 1e400}',
    '{"seed": NaN}',
)
"""Pieces of hostile text, spliced into documents and joined into new text."""

_WHOLE: tuple[str, ...] = (
    "",
    " ",
    "\ufeff",
    "\ufeff\ufeff{}",
    "x" * LONGEST,
    "[" * LONGEST,
    "{" * LONGEST,
    '{"a":' * 20_000 + "1" + "}" * 20_000,
    "[" * 5_000 + "]" * 5_000,
    "9" * 5_000,
    "-" + "1" * 4_301,
    "1" * 4_300,
    "0." + "0" * 5_000 + "1",
    "1e" + "9" * 400,
    ('[A "' + "x" * 9_990 + '"]\n') * 3,
    "a," * 30_000,
    "\n" * 50_000,
    "\r" * 10_000,
    ";" * 10_000 + "\n",
    "{" * 3 + "}" * 3 + "\n",
    '[Game "azi"]\n' * 200,
    '[Game "hazari"]\n[Seed "1"]\n' + "split, " * 10_000 + "\n",
    '[Game "azi"]\n[Seed "1"]\n[Dealer "0"]\n' + "play, " * 10_000 + "\n",
    "\x00" * 1_000,
    "\ud800\udc00\ud800",
    '{"format":"cardrules","version":1}' * 1_000,
)
"""Whole hostile texts, too big or too odd to build by splicing."""


@attrs.frozen
class Documents:
    """Valid documents that hostile input is made from: texts and JSON data."""

    texts: tuple[str, ...]
    data: tuple[dict[str, Any], ...]


_MAKERS: list[Callable[[], Documents]] = []


def documents() -> Documents:
    """The valid documents, made once on first use by the maker a test module installed
    with :func:`install_documents` (none until one is)."""
    return _documents()


@functools.cache
def _documents() -> Documents:
    found = [maker() for maker in _MAKERS]
    return Documents(
        tuple(text for docs in found for text in docs.texts),
        tuple(data for docs in found for data in docs.data),
    )


def install_documents(maker: Callable[[], Documents]) -> None:
    """Make ``maker()``'s documents the raw material of the hostile strategies."""
    _MAKERS.append(maker)
    _documents.cache_clear()


def _spliced(text: str, pieces: list[tuple[float, str, bool]]) -> str:
    """``text`` with each piece put in (or over the next line) at its fraction of the text."""
    for where, piece, replace in pieces:
        at = min(len(text), int(where * len(text)))
        end = text.find("\n", at) if replace else at
        text = text[:at] + piece + text[at if end < 0 else end :]
    return text[:LONGEST]


@st.composite
def _mutated_text(draw: st.DrawFn) -> str:
    texts = documents().texts
    if not texts:
        return draw(st.sampled_from(FRAGMENTS))
    text = draw(st.sampled_from(texts), label="document")
    pieces = draw(
        st.lists(
            st.tuples(
                st.floats(0, 1),
                st.one_of(st.sampled_from(FRAGMENTS), st.sampled_from(_WHOLE[:4])),
                st.booleans(),
            ),
            min_size=1,
            max_size=4,
        ),
        label="splices",
    )
    return _spliced(text, pieces)


def hostile_text() -> st.SearchStrategy[str]:
    """Text built to break readers (see the module docs)."""
    return st.one_of(
        _mutated_text(),
        st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=8).map("".join),
        st.sampled_from(_WHOLE),
        st.text(
            st.one_of(
                st.characters(categories=["Cs", "Cc", "Cf", "Zl", "Zp", "Nd"]),
                st.characters(max_codepoint=127),
            ),
            max_size=40,
        ),
    )


@attrs.frozen
class Stream(Built):
    """A file to read, made fresh from ``text`` when the call is made: ``kind`` is
    ``"text"`` (an io.StringIO), ``"bytes"`` (an io.BytesIO of its UTF-8, lone
    surrogates kept) or ``"lines"`` (a list of its lines).

    A file whose own reads fail (a UTF-8 text file over other bytes, a disk error) is
    not drawn: its ``UnicodeDecodeError`` or ``OSError`` is the caller's file failing,
    not text the package read, and passes through as any I/O error does."""

    kind: str
    text: str

    def build(self) -> object:
        raw = self.text.encode("utf-8", "surrogatepass")
        if self.kind == "text":
            return io.StringIO(self.text)
        if self.kind == "bytes":
            return io.BytesIO(raw)
        return self.text.splitlines(keepends=True)

    def __repr__(self) -> str:
        shown = repr(self.text[:60]) + ("..." if len(self.text) > 60 else "")
        return f"Stream({self.kind!r}, {shown} of {len(self.text)} characters)"


def hostile_stream() -> st.SearchStrategy[Stream]:
    """A file (or lines) to read, holding hostile text."""
    return st.builds(Stream, st.sampled_from(("text", "text", "bytes", "lines")), hostile_text())


@attrs.frozen
class Deep(Built):
    """A list nested ``depth`` deep (or a dict, with ``mapping``), built when called."""

    depth: int
    mapping: bool = False

    def build(self) -> object:
        value: object = {} if self.mapping else []
        for _ in range(self.depth):
            value = {"a": value} if self.mapping else [value]
        return value


_VALUES: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    -1,
    -(2**63),
    2**31,
    2**32 + 1,
    2**53 + 1,
    2**63,
    2**64 - 1,
    2**64,
    10**9,
    10**18,
    int("1" + "0" * 400),
    -0.0,
    0.5,
    1e308,
    math.nan,
    math.inf,
    -math.inf,
    "",
    "-0",
    "1e400",
    "NaN",
    "\u202e",
    "\x1b]0;x\x07",
    "\ud800",
    "x" * 10_000,
    [],
    {},
    [None],
    {"": None},
    Deep(200),
    Deep(5_000, mapping=True),
)
"""Values a hostile JSON document holds in place of a valid one."""


def _paths(data: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in ``data``: each key and index, nested containers included."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*path, index))
    return found


def _replaced(data: object, path: tuple[object, ...], value: object) -> object:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _replaced(data[head], rest, value)}
    assert isinstance(data, list) and isinstance(head, int)
    return [*data[:head], _replaced(data[head], rest, value), *data[head + 1 :]]


@attrs.frozen
class Json(Built):
    """A document with values replaced: as data, or as JSON text (``text=True``, with
    ``extra`` put before its closing brace, for duplicate keys)."""

    data: object
    text: bool = False
    extra: str = ""

    def build(self) -> object:
        data = materialize(self.data)
        if not self.text:
            return data
        try:
            written = json.dumps(data)
        except (ValueError, RecursionError):
            written = "[" * 10_000
        if self.extra and written.endswith("}"):
            written = written[:-1] + self.extra + "}"
        return written

    def __repr__(self) -> str:
        shown = repr(self.data)
        shown = shown[:200] + ("..." if len(shown) > 200 else "")
        return f"Json({shown}, text={self.text}, extra={self.extra!r})"


@st.composite
def hostile_json(draw: st.DrawFn) -> Json:
    """A valid document with one to three values replaced by hostile ones."""
    docs = documents().data
    data: object = draw(st.sampled_from(docs), label="document") if docs else {}
    for _ in range(draw(st.integers(1, 3), label="replacements")):
        paths = _paths(data)
        path = draw(st.sampled_from(paths), label="at")
        value = draw(
            st.one_of(st.sampled_from(_VALUES), hostile_text().map(lambda t: t[:200])),
            label="value",
        )
        data = _replaced(data, path, value)
    text = draw(st.booleans(), label="as text")
    extra = draw(st.sampled_from(("", ', "game": "azi"', ', "version": 2', ', "seed": -1')))
    return Json(data, text, extra if text else "")


def hostile_rows() -> st.SearchStrategy[list[dict[str, object]]]:
    """Rows of a result table (dicts of column names to values) holding hostile values:
    numbers no text holds, NaN, nested lists, objects whose ``repr`` fails, hostile text."""
    names = st.one_of(
        st.sampled_from(("game", "seat", "bot", "=cmd", "a b", "", "\u202e", "x" * 100)),
        st.text(max_size=4),
    )
    values = st.one_of(
        st.sampled_from(_VALUES),
        st.sampled_from(
            [
                Harmful(what)
                for what in (
                    "10**5000",
                    "a list nested 10000 deep",
                    "a dict nested 10000 deep",
                    "an object whose repr raises",
                    "object()",
                )
            ]
        ),
        hostile_text().map(lambda t: t[:100]),
    )
    return st.lists(st.dictionaries(names, values, max_size=4), min_size=1, max_size=3)


def hostile() -> st.SearchStrategy[object]:
    """Any hostile value: text, a stream, JSON data or text, or a list of JSON data."""
    return st.one_of(
        hostile_text(),
        hostile_stream(),
        hostile_json(),
        st.lists(hostile_json(), min_size=1, max_size=2),
    )
