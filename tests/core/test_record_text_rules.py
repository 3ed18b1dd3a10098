"""The text record's rules, one for its writer and its reader: every action names its
seat, checked on reading; the 0.3.0 form still reads; tags, decks, seat names and
actions the writer accepts read back, and what the reader refuses is reported on its
own line, with the rest of the file read.
"""

from __future__ import annotations

import io
import json
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from cardrules.azi.pack import azi_pack
from cardrules.cli import main
from cardrules.errors import InvalidStateError
from cardrules.record import MAX_SEAT_NAME, GameRecord, record_seats
from cardrules.records.text import (
    TextGame,
    TextRecordError,
    game_from_text,
    read_games,
    read_headers,
    write_games,
)
from cardrules.rng import Rng

FIXTURES = Path(__file__).parent / "fixtures"


def played(spec: str, seed: int, cut: int = 10**6) -> Any:
    """A game of ``spec`` after at most ``cut`` actions drawn uniformly."""
    state = load_game(spec).new_state(seed=seed, dealer=seed % 3)
    rng = Rng(seed)
    for _ in range(cut):
        if state.is_terminal:
            break
        actions = state.legal_actions()
        state = state.apply(actions[rng.randbelow(len(actions))])
    return state


def lenient(text: str) -> tuple[list[TextGame], list[TextRecordError]]:
    errors: list[TextRecordError] = []
    return list(read_games(io.StringIO(text), errors=errors.append)), errors


# --- every action names its seat ---------------------------------------------------


@pytest.mark.parametrize("spec", ["azi(players=4)", "azi(players=3,match_games=2)", "hazari"])
def test_every_action_line_names_the_seat_that_acted(spec: str) -> None:
    state = played(spec, 3)
    text = TextGame.of(state).to_text()
    written = [
        a for line in text.splitlines() if not line.startswith("[") for a in line.split(", ")
    ]
    assert written == [f"s{turn.player} {turn.action}" for turn in state.history]
    assert game_from_text(text).state() == state


def test_the_0_3_0_form_still_reads_and_is_written_in_the_new_one() -> None:
    old = (FIXTURES / "records_0.3.0.crec").read_text(encoding="utf-8")
    assert " s0 " not in f" {old}" and "\ns1 " not in old  # the form of 0.3.0: no seats
    games, errors = lenient(old)
    assert errors == [] and len(games) == 4
    with (FIXTURES / "records_0.3.0.jsonl").open(encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    assert [g.record_json() for g in games] == records
    out = io.StringIO()
    write_games(out, games)
    again = list(read_games(io.StringIO(out.getvalue())))
    assert again == games and out.getvalue() != old
    for game in again:
        assert game.actors == tuple(a["player"] for a in game.record_json()["actions"])
        assert all(line.startswith(("[", "s")) for line in game.to_text().splitlines())


def test_views_of_0_3_0_are_read_and_written_as_they_stand() -> None:
    old = (FIXTURES / "views_0.3.0.crec").read_text(encoding="utf-8")
    views, errors = lenient(old)
    assert errors == [] and [v.view for v in views] == [2, 1]
    assert all(v.actors is None for v in views)
    out = io.StringIO()
    write_games(out, views)
    assert out.getvalue() == old


def test_a_line_that_names_the_wrong_seat_is_an_error_on_that_line() -> None:
    text = TextGame.of(played("azi(players=4)", 5)).to_text()
    lines = text.splitlines()
    number = next(n for n, line in enumerate(lines) if line.startswith("s"))
    seat = lines[number][1]
    lines[number] = lines[number].replace(f"s{seat} ", f"s{(int(seat) + 1) % 4} ", 1)
    bad = "\n".join(lines) + "\n\n" + text
    games, errors = lenient(bad)
    assert len(games) == 1 and [e.line for e in errors] == [number + 1]
    assert f"names seat {(int(seat) + 1) % 4}, but seat {seat} is to act" in str(errors[0])


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ("s1 play, play", "names no seat, but the game's first action does"),
        ("play, s2 play", "names a seat, but the game's first action does not"),
        ("s7 play", "names seat 7; the seats are 0 to 3"),
    ],
)
def test_actions_name_their_seats_all_or_none(actions: str, message: str) -> None:
    text = f'[Game "azi"]\n[Dealer "0"]\n[Seed "1"]\n{actions}\n'
    with pytest.raises(TextRecordError, match=message) as caught:
        game_from_text(text)
    assert caught.value.line == 4


@pytest.mark.parametrize("spec", ["azi(players=4)", "hazari"])
def test_view_records_name_each_actor_and_are_alike_in_worlds_alike_to_their_seat(
    spec: str,
) -> None:
    """At every step and for every seat, a world resampled from that seat's observation
    (it differs only in cards hidden from them) gives the same view record, byte for byte."""
    game = load_game(spec)
    rng = Rng(11)
    final = played(spec, 8)
    state = game.new_state(dealing=final.dealing, dealer=8 % 3)
    steps = [state]
    for turn in final.history:
        steps.append(steps[-1].apply(turn.action))
    differed = 0
    for state in [*steps[1::3], steps[-1]]:
        for player in range(state.num_players):
            view = TextGame.of(state).for_player(player)
            assert view.actors == tuple(turn.player for turn in state.history)
            assert view.to_text().count("\ns") >= 1
            other = game.resample(state.observation(player), rng)
            assert TextGame.of(other).for_player(player).to_text() == view.to_text()
            differed += TextGame.of(other).to_text() != TextGame.of(state).to_text()
    assert differed > 3


# --- tags: line breaks (item 15), decks in sequence (item 17) ------------------------


def test_a_tag_value_with_a_carriage_return_is_reported_on_its_line_and_reading_goes_on() -> None:
    good = TextGame.of(played("azi(players=3)", 2)).to_text()
    text = '[Game "azi"]\n[Seed "1"]\n[Date "a\rb"]\ns1 play\n\n' + good
    games, errors = lenient(text)
    assert [g.to_text() for g in games] == [good]
    assert [(e.line, e.game) for e in errors] == [(3, 0)] and "line break" in str(errors[0])
    with pytest.raises(TextRecordError, match=r"^line 3: a tag value cannot hold a line break"):
        list(read_games(io.StringIO(text)))
    headers: list[TextRecordError] = []
    assert len(list(read_headers(io.StringIO(text), errors=headers.append))) == 1
    assert [e.line for e in headers] == [3]


def test_records_convert_reports_a_carriage_return_and_converts_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = TextGame.of(played("azi(players=3)", 2))
    path = tmp_path / "games.crec"
    path.write_bytes(b'[Game "azi"]\n[Seed "1"]\n[Date "a\rb"]\n\n' + good.to_text().encode())
    assert main(["records", "convert", str(path), "--to", "jsonl"]) == 1
    out, err = capsys.readouterr()
    assert [json.loads(line) for line in out.splitlines()] == [good.record_json()]
    assert err == "cardrules records: error: line 3: a tag value cannot hold a line break\n"


CHARACTERS = st.characters(codec="utf-8")
LINES = st.one_of(
    st.just(""),
    st.just('[Game "azi"]'),
    st.just('[Seed "1"]'),
    st.just("s1 play, s2 play, s3 fold, s0 play"),
    st.builds(
        lambda n, v: f'[{n} "{v}"]',
        st.sampled_from(["Date", "Seat0", "Deck1", "X"]),
        st.text(CHARACTERS, max_size=12),
    ),
    st.text(CHARACTERS, max_size=30),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(LINES, max_size=14), st.sampled_from(["\n", "\r\n"]))
def test_lenient_reading_passes_every_fault_to_the_callback_with_its_line(
    lines: list[str], end: str
) -> None:
    text = end.join(lines)
    errors: list[TextRecordError] = []
    games = list(read_games(io.StringIO(text), errors=errors.append))  # never raises
    count = text.count("\n") + 1
    assert all(isinstance(e, TextRecordError) and 1 <= e.line <= count for e in errors)
    for game in games:
        assert game_from_text(game.to_text()) == game


def azi_deck(seed: int) -> str:
    return str(azi_pack("DHS").shuffled(seed))


@pytest.mark.parametrize(
    ("tags", "line", "message"),
    [
        (f'[Deck0 "{azi_deck(1)}"]\n[Deck2 "garbage"]', 4, "Deck2 is out of sequence"),
        (f'[Seed "1"]\n[Deck1 "{azi_deck(2)}"]', 4, "Deck1 is out of sequence"),
        ('[Deck0 "AS KS"]', 3, "explicit deck 0 does not hold the game's pack"),
        ('[Seed "4"]\n[Deck0 "garbage"]', 4, "token 'garbage'"),
        ('[Deck0 "KS AS"]\n[Deck0 "AS KS"]', 4, "the tag Deck0 is given twice"),
        ('[Seed "3"]\n[DeckA "x"]', 4, "unknown tag DeckA"),
    ],
)
def test_deck_tags_out_of_sequence_are_each_reported_on_their_line(
    tags: str, line: int, message: str
) -> None:
    text = f'[Game "azi"]\n[Dealer "0"]\n{tags}\n\n' + TextGame.of(played("azi", 1)).to_text()
    games, errors = lenient(text)
    assert len(games) == 1 and [e.line for e in errors] == [line], errors
    assert message in str(errors[0])


# --- seat names: one rule in both formats (item 16) ----------------------------------

NAMES = st.one_of(
    st.text(string.ascii_letters + ":_-. ", max_size=20),
    st.text(CHARACTERS, max_size=8),
    st.builds(lambda n: "x" * n, st.integers(MAX_SEAT_NAME - 2, MAX_SEAT_NAME + 2)),
    st.sampled_from(["tab\there", "line\u2028sep", 'quote"s', "back\\slash", "", "\u202eevil"]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(NAMES, min_size=3, max_size=3))
def test_seat_names_obey_one_rule_in_both_formats(names: list[str]) -> None:
    state = played("azi(players=3)", 4, cut=6)
    try:
        game = TextGame.of(state, seats=names)
    except InvalidStateError:
        game = None
    try:
        record_seats({"seats": names})
        json_ok = True
    except InvalidStateError:
        json_ok = False
    assert (game is not None) == json_ok, names  # the writers take the same names
    if game is None:
        return
    read = game_from_text(game.to_text())
    assert read == game and read.seats == tuple(names)  # the text reads back
    data = json.loads(json.dumps(read.record_json()))
    assert record_seats(data) == tuple(names)  # its JSON reads back
    assert TextGame.of(data) == game


@pytest.mark.parametrize("name", ["x" * (MAX_SEAT_NAME + 1), "line\u2028sep", "tab\there"])
def test_records_convert_never_writes_a_seat_name_its_reader_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    good = TextGame.of(played("azi(players=3)", 3), seats=["a", "b", "c"]).to_text()
    bad = good.replace('[Seat1 "b"]', f'[Seat1 "{name}"]')
    path = tmp_path / "games.crec"
    path.write_text(bad + "\n" + good, encoding="utf-8")
    assert main(["records", "convert", str(path), "--to", "jsonl"]) == 1
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 1 and record_seats(json.loads(out)) == ("a", "b", "c")
    assert err.startswith("cardrules records: error: line 5: the tag Seat1: a seat's name")


def test_seats_are_named_all_or_none() -> None:
    text = TextGame.of(played("azi(players=3)", 3), seats=["a", "b", "c"]).to_text()
    with pytest.raises(TextRecordError, match="name each seat, Seat0 to Seat2, or none"):
        game_from_text(text.replace('[Seat2 "c"]\n', ""))
    with pytest.raises(TextRecordError, match=r"^line 7: the Seat tags name 4 seats"):
        game_from_text(text.replace('[Seat2 "c"]\n', '[Seat2 "c"]\n[Seat3 "d"]\n'))


# --- TextGame checks its actions (item 18) -------------------------------------------

VIEW = (("Game", "azi"), ("View", "1"))


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ("play", "must be a tuple of action texts, got 'play'"),
        (('play\n\n[Game "azi"]',), "printable text on one line"),
        (("play", 7), "an action must be text, got 7"),
        (("play, fold",), "cannot hold any of"),
        ((" play",), "without spaces around"),
        (("",), "printable text"),
        (None, "must be a tuple of action texts"),
    ],
)
def test_a_text_game_refuses_actions_it_could_not_write(actions: Any, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        TextGame(VIEW, actions)


def test_a_text_game_refuses_what_would_not_read_back() -> None:
    with pytest.raises(InvalidStateError, match="2 actions need as many actors"):
        TextGame(VIEW, ("play", "play"), actors=(1,))
    with pytest.raises(InvalidStateError, match="seat must be 0 to 3, got 9"):
        TextGame(VIEW, ("play",), actors=(9,))
    with pytest.raises(InvalidStateError, match="needs a View tag"):
        TextGame((("Game", "azi"),), ("play",))
    with pytest.raises(InvalidStateError, match="cannot hold the dealing"):
        TextGame((*VIEW, ("Seed", "1")), ("play",))
    with pytest.raises(InvalidStateError, match="given twice"):
        TextGame((*VIEW, ("Date", "1"), ("Date", "2")), ())
    full = TextGame.of(played("azi", 2, cut=3))
    with pytest.raises(InvalidStateError, match="those of its record"):
        TextGame(full.tags, ("play",), full.record)


ACTIONS = st.text(string.ascii_letters + string.digits + " ?|" + '\n\t,;[]"{}\u2028', max_size=12)


@settings(max_examples=150, deadline=None)
@given(
    actions=st.lists(ACTIONS, max_size=6),
    actors=st.one_of(st.none(), st.lists(st.integers(-1, 5), max_size=6)),
    extra=st.lists(
        st.tuples(st.sampled_from(["Date", "Event", "Seat0", "Note_1"]), st.text(CHARACTERS)),
        max_size=3,
    ),
)
def test_any_view_record_the_constructor_accepts_reads_back_as_one_game(
    actions: list[str], actors: list[int] | None, extra: list[tuple[str, str]]
) -> None:
    try:
        game = TextGame((*VIEW, *extra), tuple(actions), actors=actors)
    except InvalidStateError:
        return
    out = io.StringIO()
    assert write_games(out, [game]) == 1
    [read] = read_games(io.StringIO(out.getvalue()))  # one game, never an injected second
    assert read == game and read.to_text() == game.to_text()
    assert game_from_text(game.to_line()) == game


# --- check commands read text records (issue 31, item 3) -----------------------------


@pytest.mark.parametrize(("game", "spec"), [("azi", "azi(players=4)"), ("hazari", "hazari")])
def test_check_reads_text_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, spec: str
) -> None:
    states = [played(spec, seed) for seed in range(3)]
    text = "".join(TextGame.of(s).to_text() + "\n" for s in states)
    path = tmp_path / "games.crec"
    path.write_text(text, encoding="utf-8")
    assert main([game, "check", str(path)]) == 0
    out, err = capsys.readouterr()
    starts = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith("[Game ")]
    assert [line.split(": OK: ")[0] for line in out.splitlines() if ": OK: " in line] == [
        f"line {n}" for n in starts
    ]
    assert out.splitlines()[-1] == "3 records: 3 OK, 0 failed" and err == ""
    games = text.split("\n\n")
    result = next(line for line in games[1].splitlines() if line.startswith("[Result "))
    games[1] = games[1].replace(result, '[Result "1 2 3 4"]')
    path.write_text("\n\n".join(games), encoding="utf-8")
    assert main([game, "check", str(path)]) == 1
    out, err = capsys.readouterr()
    line = starts[1] + games[1].splitlines().index('[Result "1 2 3 4"]')
    assert f"line {line}: error: the Result tag says '1 2 3 4'" in out
    assert out.count(": OK: ") == 2 and "1 of 3 records failed" in err


def test_check_of_another_game_s_text_records_and_of_a_view_fails_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    full = TextGame.of(played("hazari", 1))
    path = tmp_path / "games.crec"
    path.write_text(full.to_text() + "\n" + full.for_player(2).to_text(), encoding="utf-8")
    assert main(["azi", "check", str(path)]) == 1
    out, _ = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "line 1: error: not an Azi record: its game is 'hazari'"
    view = len(full.to_text().splitlines()) + 2
    assert lines[1].startswith(f"line {view}: error: this is seat 2's view record")
    assert main(["hazari", "check", str(path)]) == 1
    assert capsys.readouterr().out.startswith("line 1: OK: valid Hazari record")


def test_check_names_the_line_of_a_broken_text_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = TextGame.of(played("azi", 1)).to_text()
    path = tmp_path / "games.crec"
    path.write_text(good + '\n[Game "azi"]\n[Seed "x"]\n\n' + good, encoding="utf-8")
    assert main(["azi", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    second = len(good.splitlines()) + 3
    assert f"line {second}: error: the Seed tag must be a whole number, got 'x'" in out
    assert out.count(": OK: ") == 2 and "1 of 3 records failed" in err


def test_a_record_read_from_text_equals_the_json_one() -> None:
    state = played("hazari", 6)
    [read] = read_games(io.StringIO(TextGame.of(state).to_text()))
    assert read.record == GameRecord.from_json(state.to_json(), "hazari")


def test_the_records_page_shows_the_game_its_command_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = (Path(__file__).parents[2] / "docs" / "guide" / "records.rst").read_text("utf-8")
    shown = page.split("--out games.crec`` writes::\n\n", 1)[1].split("\n\n", 1)[0]
    path = tmp_path / "games.crec"
    bots = "random,random,heuristic,heuristic"
    argv = ["simulate", "azi", "--games", "4", "--bots", bots, "--quiet", "--out", str(path)]
    assert main(argv) == 0
    capsys.readouterr()
    third = path.read_text(encoding="utf-8").split("\n\n")[2]
    assert [line.removeprefix("    ") for line in shown.splitlines()] == third.splitlines()
    assert len(third.encode()) + 1 < 600  # the size goal of a typical four-player game
