"""Text from a file never reaches the terminal as control characters: every command
prints it through :func:`cardrules.cli.text.terminal_safe`, run here as a user would."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.cli import main
from cardrules.cli.text import terminal_safe, terminal_safe_lines

BIDI = {chr(code) for code in [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]}
OSC = "\x1b]0;owned\x07"  # sets the window title
CSI = "\x1b[2J\x9b31m"  # clears the screen (7-bit), then a C1 CSI
HOSTILE = f"a{OSC}b{CSI}c\u202ed\u2066\t\x7f"


def unsafe(text: str) -> list[str]:
    """The characters of ``text`` that may steer a terminal, newlines aside."""
    return [c for c in text if c != "\n" and (unicodedata.category(c) == "Cc" or c in BIDI)]


def reference(text: str) -> str:
    """A naive escaper, written from the rule rather than from the code."""
    out = []
    for char in text:
        if unicodedata.category(char) == "Cc":
            out.append("\\x" + format(ord(char), "02x"))
        elif char in BIDI:
            out.append("\\u" + format(ord(char), "04x"))
        else:
            out.append(char)
    return "".join(out)


@given(st.text())
def test_terminal_safe_matches_the_naive_escaper(text: str) -> None:
    safe = terminal_safe(text)
    assert safe == reference(text)
    assert unsafe(safe) == [] and "\n" not in safe


@given(st.text(st.characters(codec="utf-8")), st.text(alphabet="\n", min_size=1))
def test_terminal_safe_lines_keeps_only_the_commands_own_line_breaks(
    text: str, breaks: str
) -> None:
    joined = breaks.join([text, text])
    safe = terminal_safe_lines(joined)
    assert unsafe(safe) == []
    assert safe.count("\n") == joined.count("\n")


def test_safe_text_is_left_alone() -> None:
    for text in ["Seat0: strong", "K\u2665 Q\u2660", "", "a\\x1b literally", "\u0645\u0631"]:
        assert terminal_safe(text) == text


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The text record of one Azi game, as ``simulate --out`` writes it."""
    plain = tmp_path / "plain.crec"
    argv = ["simulate", "azi", "--games", "1", "--quiet", "--out", str(plain)]
    assert run(capsys, *argv)[0] == 0
    text = plain.read_text(encoding="utf-8")
    assert '[Seat1 "' in text and "[Dealer " in text
    return text


@pytest.fixture
def hostile_crec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """One Azi game whose Event tag carries OSC, CSI, C1 and bidi text."""
    text = simulated(tmp_path, capsys)
    text = text.replace("[Dealer ", f'[Event "{HOSTILE}"]\n[Dealer ', 1)
    path = tmp_path / "hostile.crec"
    path.write_text(text, encoding="utf-8")
    return path


def test_records_show_escapes_tag_values(
    hostile_crec: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "records", "show", str(hostile_crec))
    assert (status, err) == (0, "")
    assert unsafe(out) == []
    shown = reference(HOSTILE)
    assert f"Event: {shown}\n" in out
    assert "\\x1b]0;owned\\x07" in out and "\\u202e" in out and "\\x9b" in out


def test_a_seat_name_with_controls_is_refused_by_both_formats_safely(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = simulated(tmp_path, capsys)
    start = text.index('[Seat1 "') + len('[Seat1 "')
    crec = tmp_path / "hostile.crec"
    crec.write_text(text[:start] + HOSTILE + text[text.index('"', start) :], encoding="utf-8")
    status, out, err = run(capsys, "records", "convert", str(crec), "--to", "jsonl")
    assert (status, out) == (1, "")  # never written as JSON its own reader refuses
    line = text[:start].count("\n") + 1
    assert f"line {line}: the tag Seat1: a seat's name must be" in err
    assert unsafe(err) == []
    plain = str(tmp_path / "plain.crec")
    record = json.loads(run(capsys, "records", "convert", plain, "--to", "jsonl")[1])
    record["seats"][1] = HOSTILE
    path = tmp_path / "hostile.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    for argv in (["show", str(path)], ["show", str(crec)]):
        status, out, err = run(capsys, "records", *argv)
        assert status == 2 and "seat's name must be" in err and "game 1 (line " in err
        assert unsafe(out) == [] and unsafe(err) == []


def test_errors_quoting_a_bad_tag_value_are_escaped(
    hostile_crec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = hostile_crec.read_text(encoding="utf-8")
    bad = tmp_path / "bad.crec"
    bad.write_text(text.replace("[Dealer ", f'[Dealer "{OSC}"]\n[Daler ', 1), encoding="utf-8")
    for argv in (["show"], ["convert", "--to", "jsonl"]):
        status, out, err = run(capsys, "records", argv[0], str(bad), *argv[1:])
        assert status in (1, 2) and "Dealer" in err
        assert unsafe(out) == [] and unsafe(err) == []


def test_check_escapes_what_it_quotes_from_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    record = {"game": f"azi{OSC}", "version": 1, "seed": 0, "actions": []}
    path.write_text(json.dumps(record) + "\n" + json.dumps({OSC: CSI}) + "\n", encoding="utf-8")
    status, out, err = run(capsys, "azi", "check", str(path))
    assert status == 1 and "line 1: error:" in out and "line 2: error:" in out
    assert unsafe(out) == [] and unsafe(err) == []


def test_play_load_escapes_what_it_quotes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "saved.json"
    path.write_text(json.dumps({"game": f"azi{OSC}\u202e", "actions": []}), encoding="utf-8")
    status, out, err = run(capsys, "play", "azi", "--load", str(path), "--bots", "random")
    assert status == 2 and "cannot continue" in err
    assert unsafe(out) == [] and unsafe(err) == []


def test_records_show_of_a_view_record_escapes_its_tags(
    hostile_crec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["records", "convert", str(hostile_crec), "--to", "text", "--player", "1"]
    status, view, err = run(capsys, *argv)
    assert (status, err) == (0, "") and HOSTILE in view  # the view record keeps the data
    path = tmp_path / "view.crec"
    path.write_text(view, encoding="utf-8")
    status, out, err = run(capsys, "records", "show", str(path))
    assert (status, err) == (0, "") and "a view record: " in out
    assert unsafe(out) == [] and f"Event: {reference(HOSTILE)}\n" in out
