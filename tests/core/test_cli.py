"""The command line: core commands, exit codes and the console entry point."""

from __future__ import annotations

import shutil
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules import __version__
from cardrules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cards_parse_normalises(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "cards", "parse", "as,10h", "T♦") == (0, "AS TH TD\n", "")
    assert run(capsys, "cards", "parse", "AS", "--unicode") == (0, "A♠\n", "")
    assert run(capsys, "cards", "parse", "AS AS", "--allow-duplicates")[1] == "AS AS\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["cards", "parse", "1S"], "token '1S' at position 0: unknown rank '1'"),
        (["cards", "parse", "AS", "as"], "duplicate of AS"),
        (["deal", "azi", "--players", "9"], "2 to 6 players, not 9"),
        (["deal", "hazari", "--players", "3"], "4 players, not 3"),
        (["deal", "hazari", "--seed", "-4"], "seed -4"),
        (["deal", "hazari", "--dealer", "4"], "dealer 4"),
        (["deal", "poker"], "invalid choice: 'poker'"),
        (["bogus"], "invalid choice: 'bogus'"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    command = f"cardrules {argv[0]}: error: " if argv[0] != "bogus" else "cardrules: error: "
    assert err.count("\n") == 1 and err.startswith(command)
    assert "cardrules: error: cardrules" not in err
    assert message in err
    assert "Traceback" not in err


def test_seeded_deals_are_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "deal", "hazari", "--seed", "11")
    again = run(capsys, "deal", "hazari", "--seed", "11")
    other = run(capsys, "deal", "hazari", "--seed", "12")
    assert first == again and first[0] == 0
    assert first[1] != other[1]
    hands = [line.split(": ")[1].split() for line in first[1].splitlines()[1:]]
    assert [len(hand) for hand in hands] == [13, 13, 13, 13]
    assert len({card for hand in hands for card in hand}) == 52


def test_azi_deal_shows_trump_and_hands(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "azi", "--seed", "3", "--players", "5", "--dealer", "2")
    lines = out.splitlines()
    assert status == 0 and "5 players, dealer seat 2" in lines[0]
    trump = lines[1].split(": ")[1]
    hands = [line.split(": ")[1].split() for line in lines[2:]]
    assert [len(hand) for hand in hands] == [4] * 5
    assert hands[2][-1] == trump


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert __version__ in capsys.readouterr().out


def _console_script() -> str:
    found = shutil.which("cardrules", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail("the cardrules console script is not installed next to this interpreter")
    return found


def test_console_entry_point_and_module_agree() -> None:
    script = subprocess.run(
        [_console_script(), "cards", "parse", "10h"], capture_output=True, text=True
    )
    module = subprocess.run(
        [sys.executable, "-m", "cardrules", "cards", "parse", "10h"],
        capture_output=True,
        text=True,
    )
    assert script.returncode == module.returncode == 0
    assert script.stdout == module.stdout == "TH\n"


def test_console_entry_point_error_exit_code() -> None:
    result = subprocess.run(
        [_console_script(), "cards", "parse", "ZZ"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("cardrules cards: error: token 'ZZ'")
    assert "Traceback" not in result.stderr


def test_bare_command_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys)
    assert status == 0
    assert out.startswith("usage: cardrules")
    assert err == ""


def test_no_cards_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "cards", "parse", "")
    assert (status, out) == (2, "")
    assert err == "cardrules cards: error: no cards given: write cards such as AS 10h T♦\n"


def test_a_full_output_device_is_an_error_not_a_traceback() -> None:
    with open(os.devnull, "w") as sink:
        full = "/dev/full" if os.path.exists("/dev/full") else None
    if full is None:
        pytest.skip("this system has no /dev/full to write to")
    with open(full, "w") as stdout:
        result = subprocess.run(
            [_console_script(), "cards", "parse", "AS"],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert sink.closed
    assert result.returncode == 1
    assert (
        result.stderr
        == "cardrules cards: error: cannot write the output: No space left on device\n"
    )
