"""The text record format: round trips, errors by line, bounds, sizes and a soak.

``pytest --soak`` plays 100,000 games of each game (every seventh a whole match)
through the text format and back, spread over the machine's cores;
``CARDRULES_SOAK_GAMES`` sets another count.
"""

from __future__ import annotations

import io
import os
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from cardrules.azi.pack import azi_pack
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import InvalidStateError
from cardrules.record import GameRecord
from cardrules.records.text import (
    MAX_LINE,
    TextGame,
    TextRecordError,
    game_from_text,
    read_games,
    write_games,
)
from cardrules.records.text import read_headers as headers_of
from cardrules.rng import Rng
from cardrules.runner import play_game

CHEAP_BOTS = {"azi": ("random", "heuristic"), "hazari": ("random", "greedy")}
SPECS = (
    "azi(players=2)",
    "azi(players=3,look_before_fold=true)",
    "azi(players=4)",
    "azi(players=5,rounding=down)",
    "azi(players=6)",
    "azi(players=3,match_games=2)",
    "hazari",
    "hazari(target=300)",
)
SOAK_GAMES = int(os.environ.get("CARDRULES_SOAK_GAMES", "100000"))
"""Games of each game the soak plays (``CARDRULES_SOAK_GAMES`` overrides it)."""
MATCH_SPECS = ("azi(players=3,match_games=2)", "azi(players=2,match_games=3)", "hazari(target=300)")
"""Matches short enough for a quick test; the soak plays the default ones."""


def played(spec: str, seed: int, *, match: bool = False, bot: int = 0) -> Any:
    """A finished game or match of ``spec``, seeded, played by a cheap bot."""
    game = load_game(spec)
    new = game.new_match if match else game.new_state
    state = new(dealer=seed % game.num_players, dealing=Dealing(seed=seed))
    name = CHEAP_BOTS[game.name][bot % 2]
    bots = [game.bots[name]() for _ in range(game.num_players)]
    return play_game(state, bots, [Rng((seed + n) % 2**64) for n in range(game.num_players)])


def pack_of(game: Any) -> Deck:
    """The pack a game deals from (a naive reference: Azi uses its suits, A4)."""
    if game.name == "hazari":
        return Deck.standard()
    return azi_pack(game.options["suits"])


def round_trip(state: Any) -> TextGame:
    """Check every direction for ``state``; returns its text game."""
    record = GameRecord.from_json(state.to_json(), state.to_json()["game"])
    text_game = TextGame.of(state, seats=[f"bot{n}" for n in range(state.num_players)])
    text = text_game.to_text()
    [read] = read_games(io.StringIO(text))
    assert read.record == record  # text -> record equals the JSON record
    assert read.to_text() == text  # text -> record -> text is identical
    assert read.state() == state
    assert TextGame.of(record).record == record  # JSON record -> text record
    [from_json] = read_games(io.StringIO(TextGame.of(state.to_json()).to_text()))
    assert from_json.record == record
    return read


@settings(max_examples=12, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**64 - 1), bot=st.integers(0, 1))
def test_seeded_games_round_trip(spec: str, seed: int, bot: int) -> None:
    round_trip(played(spec, seed, bot=bot))


@settings(max_examples=6, deadline=None)
@given(spec=st.sampled_from(MATCH_SPECS), seed=st.integers(0, 2**64 - 1), bot=st.integers(0, 1))
def test_seeded_matches_round_trip(spec: str, seed: int, bot: int) -> None:
    round_trip(played(spec, seed, match=True, bot=bot))


@settings(max_examples=6, deadline=None)
@given(spec=st.sampled_from(MATCH_SPECS), seed=st.integers(0, 2**32), match=st.booleans())
def test_explicit_deck_records_round_trip(spec: str, seed: int, match: bool) -> None:
    game = load_game(spec)
    decks = tuple(pack_of(game).shuffled(seed + n) for n in range(2))
    new = game.new_match if match else game.new_state
    start = new(dealer=0, dealing=Dealing(decks=decks))
    bots = [game.bots["random"]() for _ in range(game.num_players)]
    final = play_game(start, bots, [Rng((seed + n) % 2**64) for n in range(game.num_players)])
    read = round_trip(final)
    assert read.tag("Seed") is None and read.tag("Deck1") == str(decks[1])


@settings(max_examples=10, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32), cut=st.integers(0, 40))
def test_games_stopped_midway_round_trip(spec: str, seed: int, cut: int) -> None:
    final = played(spec, seed)
    game = load_game(spec)
    state = game.new_state(dealer=final.to_json()["rules"]["dealer"], dealing=final.dealing)
    for turn in final.history[:cut]:
        state = state.apply(turn.action)
    read = round_trip(state)
    assert read.tag("Result") == ("*" if not state.is_terminal else read.tag("Result"))


def test_many_games_in_one_file_are_streamed_in_order() -> None:
    states = [played("azi(players=4)", seed) for seed in range(5)] + [played("hazari", 9)]
    out = io.StringIO()
    assert write_games(out, states) == 6
    games = read_games(io.StringIO(out.getvalue()))
    assert next(games).state() == states[0]  # a generator: one game at a time
    assert [g.state() for g in games] == states[1:]
    names = [h["Game"] for h in headers_of(io.StringIO(out.getvalue()))]
    assert names == ["azi"] * 5 + ["hazari"]


def _azi_text(seed: int = 3) -> str:
    return TextGame.of(played("azi(players=4)", seed)).to_text()


def _with_bad_action(text: str) -> tuple[str, int]:
    """``text`` with its last action changed to one never legal; and that line's number."""
    lines = text.splitlines()
    last = len(lines) - 1
    bad = ", s0 raise 999"
    lines[last] = lines[last].rsplit(",", 1)[0] + bad if "," in lines[last] else "s0 x 1"
    return "\n".join(lines) + "\n", last + 1


def test_an_illegal_action_names_its_line_and_reading_goes_on() -> None:
    bad, line = _with_bad_action(_azi_text(3))
    text = _azi_text(1) + "\n" + bad + "\n" + _azi_text(2)
    first_lines = len(_azi_text(1).splitlines()) + 1
    with pytest.raises(TextRecordError, match=f"^line {first_lines + line}: action") as caught:
        list(read_games(io.StringIO(text)))
    assert caught.value.line == first_lines + line and caught.value.game == 1
    errors: list[TextRecordError] = []
    games = list(read_games(io.StringIO(text), errors=errors.append))
    assert [g.tag("Seed") for g in games] == [
        game_from_text(_azi_text(s)).tag("Seed") for s in (1, 2)
    ]
    assert [e.line for e in errors] == [first_lines + line]
    assert len(list(headers_of(io.StringIO(text)))) == 3  # the tags alone are fine


def test_a_wrong_result_is_caught() -> None:
    text = _azi_text(4)
    result = game_from_text(text).tag("Result")
    assert result is not None
    forged = text.replace(f'[Result "{result}"]', '[Result "0 0 0 0"]')
    with pytest.raises(TextRecordError, match="Result tag says '0 0 0 0'"):
        game_from_text(forged)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Seed "1"]\nplay\n', "needs a Game tag"),
        ('[Game "azi"]\n[Dealer "0"]\nplay\n', "needs a Seed tag"),
        ('[Game "azi"]\n[Seed "-1"]\n', "whole number"),
        ('[Game "azi"]\n[Seed "1"]\n[Seed "2"]\n', "given twice"),
        ('[Game "nope"]\n[Seed "1"]\n', "nope"),
        ('[Game "azi"]\n[Seed "1"]\nplay, , play\n', "empty action"),
        ('[Game "azi"]\n[Seed "1"]\nplay {unclosed\n', "not closed"),
        ('[Game "azi"]\n[Seed "1"]\nplay [Tag "x"]\n', "before the actions"),
        ('[Game "azi" oops]\n', "not a tag"),
        ('[Game "azi"]\n[Seed "1"]\ndiscard ??\n', "hidden card"),
        ('[Game "azi"]\n[Seed "1"]\n[Deck0 "AS"]\n', "explicit deck"),
        ('[Game "azi"]\n[Seed "1"]\n[Kind "tournament"]\n', "Kind"),
        ('[Game "azi"]\n[Seed "' + "9" * 5000 + '"]\n', "whole number"),
    ],
)
def test_bad_text_gets_a_package_error(text: str, message: str) -> None:
    with pytest.raises(TextRecordError, match=message):
        list(read_games(io.StringIO(text)))


def test_comments_are_ignored() -> None:
    text = _azi_text(5)
    lines = text.splitlines()
    commented = ["; a game", lines[0] + " ; the game"] + [f"{line} {{note}}" for line in lines[1:]]
    assert game_from_text("\n".join(commented)) == game_from_text(text)


class CountingReader:
    """A text file that counts the characters read, to check reading stops at the bound."""

    def __init__(self, text: str) -> None:
        self._file = io.StringIO(text)
        self.largest = 0

    def readline(self, size: int = -1) -> str:
        line = self._file.readline(size)
        self.largest = max(self.largest, len(line))
        return line


def test_a_long_line_is_an_error_read_in_bounded_pieces() -> None:
    text = '[Game "azi"]\n[Seed "1"]\n' + "play" * (MAX_LINE) + "\n\n" + _azi_text(6)
    reader = CountingReader(text)
    errors: list[TextRecordError] = []
    games = list(read_games(reader, errors=errors.append))  # type: ignore[arg-type]
    assert len(games) == 1 and errors[0].line == 3 and "longer than" in str(errors[0])
    assert reader.largest <= MAX_LINE + 1


def test_a_view_record_is_read_and_written_as_it_stands() -> None:
    text = '[Game "azi"]\n[View "2"]\n[Hand2 "AS KS QS JS"]\nplay, play\ndiscard ??, discard 7H\n'
    game = game_from_text(text)
    assert game.is_view and game.record is None
    assert game.actions == ("play", "play", "discard ??", "discard 7H")
    with pytest.raises(InvalidStateError, match="view record"):
        game.state()
    again = game_from_text(game.to_text())
    assert again == game and again.to_text() == game.to_text()


def test_a_typical_azi_game_is_short() -> None:
    sizes, lines = [], []
    for seed in range(25):
        text = TextGame.of(
            played("azi(players=4)", seed, bot=seed), seats=["heuristic", "random"] * 2
        ).to_text()
        sizes.append(len(text.encode()))
        lines.append(len(text.splitlines()))
    assert statistics.median(sizes) < 600
    json_sizes = [len(str(played("azi(players=4)", s).to_json())) for s in range(5)]
    assert statistics.median(sizes) < min(json_sizes)
    assert statistics.median(lines) <= 16


def test_records_from_another_format_are_refused() -> None:
    with pytest.raises(InvalidStateError):
        TextGame.of(object())
    with pytest.raises(InvalidStateError):
        write_games(io.StringIO(), "not records")
    with pytest.raises(InvalidStateError):
        list(read_games(object()))  # type: ignore[arg-type]


def _soak_chunk(spec: str, start: int, stop: int, matches: bool) -> int:
    """Play games ``start`` to ``stop`` (their seeds; every seventh a match) through
    the text format and back; returns how many."""
    for seed in range(start, stop):
        state = played(spec, seed, match=matches and seed % 7 == 0, bot=seed)
        text = TextGame.of(state).to_text()
        [read] = read_games(io.StringIO(text))
        assert read.record == GameRecord.from_json(state.to_json(), state.to_json()["game"])
        assert read.to_text() == text
        assert read.state() == state
    return stop - start


def _soak(spec: str, games: int, matches: bool, workers: int = 1) -> int:
    """:func:`_soak_chunk` over ``games`` seeds, in chunks spread over ``workers`` processes."""
    size = max(1, min(1000, games // (4 * workers)))
    chunks = [(spec, start, min(start + size, games), matches) for start in range(0, games, size)]
    if workers == 1:
        return sum(_soak_chunk(*chunk) for chunk in chunks)
    with ProcessPoolExecutor(workers) as pool:
        return sum(pool.map(_soak_chunk, *zip(*chunks, strict=True)))


@pytest.mark.parametrize(("spec", "games"), [("azi(players=4)", 200), ("hazari", 50)])
def test_a_few_hundred_games_through_the_text_format(spec: str, games: int) -> None:
    assert _soak(spec, games, matches=False) == games


@pytest.mark.soak
@pytest.mark.parametrize("spec", ["azi(players=4)", "hazari"])
def test_soak_100000_games_through_the_text_format(spec: str) -> None:
    assert _soak(spec, SOAK_GAMES, matches=True, workers=os.cpu_count() or 1) == SOAK_GAMES


@settings(max_examples=10, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32), cut=st.integers(0, 30))
def test_state_from_text_reads_the_one_line_form(spec: str, seed: int, cut: int) -> None:
    final = played(spec, seed)
    game = load_game(spec)
    state = game.new_state(dealer=final.to_json()["rules"]["dealer"], dealing=final.dealing)
    for turn in final.history[:cut]:
        state = state.apply(turn.action)
    line = TextGame.of(state).to_line()
    assert "\n" not in line and len(line) < len(repr(state))
    assert game.state_from_text(line) == state
    without_game = line.split("] ", 1)[1]
    assert game.state_from_text(without_game) == state
    assert eval(f"load_game({spec!r}).state_from_text({line!r})", {"load_game": load_game}) == state
    other = load_game("azi(players=2)" if spec != "azi(players=2)" else "azi(players=3)")
    with pytest.raises(InvalidStateError):
        other.state_from_text(line)


def test_the_records_package_hands_on_the_text_names_and_one_records_names() -> None:
    import cardrules.record as record
    import cardrules.records as records
    import cardrules.records.text as text

    assert records.read_games is read_games and records.TextGame is TextGame
    for name in record.__all__:  # the names users imported from cardrules.records
        assert getattr(records, name) is getattr(record, name)
    moved = {"TextGame", "TextRecordError", "game_from_text", "read_games", "read_headers"}
    assert moved | {"write_games"} <= set(text.__all__)
    assert set(records.__all__) == set(record.__all__) | moved | {"write_games"}
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        records.nothing  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize(
    ("name", "limit", "message"),
    [
        ("MAX_ACTIONS", 5, "more than 5 actions"),
        ("MAX_TAGS", 1, "more than 1 tags"),
        ("MAX_GAME", 100, "too long a game"),
    ],
)
def test_a_game_past_a_bound_is_an_error_and_the_next_is_read(
    monkeypatch: pytest.MonkeyPatch, name: str, limit: int, message: str
) -> None:
    import cardrules.records.text_lines as module

    monkeypatch.setattr(module, name, limit)
    big = '[Game "azi"]\n[Seed "1"]\n' + "play, fold, fold, fold\n" * 40 + "\n"
    errors: list[TextRecordError] = []
    small = '[Game "hazari"]\n[Seed "2"]\n'
    games = list(read_games(io.StringIO(big + small), errors=errors.append))
    assert str(errors[0]).split(": ", 1)[1].startswith(message)
    assert [g.tag("Game") for g in games] == (["hazari"] if name != "MAX_TAGS" else [])


def test_the_registry_reads_text_with_the_reader_the_text_format_hands_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardrules import registry
    from cardrules.errors import PluginError

    line = '[Dealer "0"] [Seed "3"] [Result "*"]'
    game = load_game("azi", players=3)
    assert game.state_from_text(line) == game.new_state(seed=3, dealer=0)
    monkeypatch.setattr(registry, "_TEXT_READER", [])
    with pytest.raises(PluginError, match=r"import cardrules\.records"):
        game.state_from_text(line)
    with pytest.raises(PluginError, match="must be a function, got 3"):
        registry._read_text_with(3)  # type: ignore[arg-type]
    assert registry._TEXT_READER == []
