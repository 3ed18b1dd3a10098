"""The pictures' XML escapes write exactly what :mod:`xml.sax.saxutils` writes."""

from __future__ import annotations

from xml.sax.saxutils import escape as reference_escape
from xml.sax.saxutils import quoteattr as reference_quoteattr

from hypothesis import given
from hypothesis import strategies as st

from cardrules.svg.faces import escape, quoteattr

TEXT = st.text(alphabet=st.sampled_from("ab&<>\"'\n\r\t ;#x♠"), max_size=20) | st.text(max_size=20)


@given(TEXT)
def test_escape_is_saxutils_escape(text: str) -> None:
    assert escape(text) == reference_escape(text)


@given(TEXT)
def test_quoteattr_is_saxutils_quoteattr(text: str) -> None:
    assert quoteattr(text) == reference_quoteattr(text)
