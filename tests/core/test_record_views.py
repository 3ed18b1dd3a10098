"""View records: one seat's view of a game, made from its full record.

What the seat could not see is worked out here from the rules alone (a naive
reference): another seat's Azi discard stays hidden (A6); another seat's Hazari
arrangement is hidden until its deal's groups are played, that is until the deal's
fourth arrangement (H8). Every card the view does show must appear in some
observation the seat was given.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from cardrules.cli import main
from cardrules.errors import InvalidStateError
from cardrules.records.text import (
    HIDDEN,
    TextGame,
    TextRecordError,
    game_from_text,
    read_games,
    write_games,
)
from cardrules.rng import Rng

SPECS = (
    "azi(players=3)",
    "azi(players=4)",
    "azi(players=4,look_before_fold=true)",
    "azi(players=5)",
    "azi(players=3,match_games=2)",
    "hazari",
)
CARD = re.compile(r"\b(?:[2-9TJQKA])[SHDC]\b")


def position(spec: str, seed: int, cut: int, match: bool) -> Any:
    """A position ``cut`` uniformly random actions into a game or match of ``spec``."""
    game = load_game(spec)
    state = (game.new_match if match else game.new_state)(seed=seed, dealer=seed % 3)
    rng = Rng(seed)
    for _ in range(cut):
        if state.is_terminal:
            break
        actions = state.legal_actions()
        state = state.apply(actions[rng.randbelow(len(actions))])
    return state


def expected_actions(full: TextGame, player: int) -> list[str]:
    """The view's actions by the rules (A6, H8), from the full record's text."""
    assert full.record is not None
    seats = [action["player"] for action in full.record.actions]
    hazari = str(full.tag("Game")).startswith("hazari")
    unplayed = len(full.actions) - len(full.actions) % 4  # a Hazari deal is 4 arrangements
    out = []
    for number, (text, seat) in enumerate(zip(full.actions, seats, strict=True)):
        if seat != player and not hazari and text.startswith("discard "):
            text = "discard ??"
        elif seat != player and hazari and number >= unplayed:
            text = CARD.sub("??", text)
        out.append(text)
    return out


def seen_cards(full: TextGame, player: int) -> set[str]:
    """Every card in any observation ``player`` was given along the game."""
    cards: set[str] = set()
    for state in full.states():
        cards |= set(CARD.findall(str(state.observation(player).to_json())))
    return cards


@settings(max_examples=25, deadline=None)
@given(
    spec=st.sampled_from(SPECS),
    seed=st.integers(0, 2**32),
    cut=st.integers(0, 60),
    match=st.booleans(),
    seat=st.integers(0, 5),
)
def test_a_view_hides_exactly_what_its_seat_did_not_see(
    spec: str, seed: int, cut: int, match: bool, seat: int
) -> None:
    state = position(spec, seed, cut, match)
    player = seat % state.num_players
    full = TextGame.of(state, seats=[f"bot{n}" for n in range(state.num_players)])
    view = full.for_player(player)
    assert list(view.actions) == expected_actions(full, player)
    assert view.is_view and view.view == player and view.tag("View") == str(player)
    assert view.tag("Seed") is None and not any(name.startswith("Deck") for name, _ in view.tags)
    assert view.tag("Result") == full.tag("Result") and view.tag("Seat0") == "bot0"
    shown = set(CARD.findall(" ".join(view.actions)))
    shown |= {
        card for name, value in view.tags if name[:4] in ("Hand", "Trum") for card in value.split()
    }
    assert shown <= seen_cards(full, player)
    read = game_from_text(view.to_text())
    assert read == view and read.view == player and read.to_text() == view.to_text()
    assert game_from_text(view.to_line()) == view


@pytest.mark.parametrize(("cut", "match"), [(2, False), (4, False), (6, True), (8, True)])
def test_a_hazari_view_hides_arrangements_until_the_deal_is_played(cut: int, match: bool) -> None:
    state = position("hazari", 11, cut, match)
    deal = state.current if match else state
    for player in range(4):
        full = TextGame.of(state)
        view = full.for_player(player)
        assert view.tag(f"Hand{cut // 4 if match else 0}") == " ".join(
            str(c) for c in sorted(deal.hands[player])
        )
        assert list(view.actions) == expected_actions(full, player)
        hidden = [text for text in view.actions if HIDDEN in text]
        assert len(hidden) == sum(turn.player != player for turn in deal.history) * (cut % 4 > 0)


def test_an_azi_seat_that_folds_blind_never_sees_its_hand() -> None:
    game = load_game("azi(players=3)")
    state = game.new_state(seed=2, dealer=2)
    state = state.apply(game.parse_action("fold"))  # seat 0 folds without looking (A5)
    for text in ("play", "play"):
        state = state.apply(game.parse_action(text))
    full = TextGame.of(state)
    assert full.for_player(0).tag("Hand0") is None
    assert full.for_player(1).tag("Hand0") is not None
    assert full.for_player(2).tag("Trump0") == str(state.observation(0).trump_card)


def test_a_view_record_refuses_to_replay() -> None:
    view = TextGame.of(position("azi(players=4)", 3, 12, False)).for_player(1)
    read = game_from_text(view.to_text())
    for replay in (read.state, lambda: next(read.states())):
        with pytest.raises(InvalidStateError, match=r"seat 1's view record.*full record"):
            replay()
    with pytest.raises(InvalidStateError, match="view record"):
        load_game("azi(players=4)").state_from_text(view.to_line())


def test_write_games_writes_views_and_read_games_yields_them() -> None:
    states = [position("azi(players=4)", seed, 40, False) for seed in range(3)]
    states.append(position("hazari", 5, 3, True))
    out = io.StringIO()
    assert write_games(out, states, player=2) == 4
    games = list(read_games(io.StringIO(out.getvalue())))
    assert [game.view for game in games] == [2] * 4
    assert games == [TextGame.of(state).for_player(2) for state in states]
    again = io.StringIO()
    write_games(again, games, player=2)  # a view for its own seat is written as it stands
    assert again.getvalue() == out.getvalue()


@pytest.mark.parametrize("player", [-1, 4, True, "1", None])
def test_a_view_for_no_seat_is_refused(player: Any) -> None:
    full = TextGame.of(position("azi(players=4)", 1, 5, False))
    with pytest.raises(InvalidStateError, match="is not a seat"):
        full.for_player(player)
    with pytest.raises(InvalidStateError, match="already seat 1's view"):
        full.for_player(1).for_player(2)


@pytest.mark.parametrize(
    ("view", "message"),
    [('"9"', "must name a seat, 0 to 3"), ('"x"', "whole number"), ('"-1"', "whole number")],
)
def test_a_view_tag_must_name_a_seat(view: str, message: str) -> None:
    text = f'[Game "azi(players=4)"]\n[View {view}]\nplay, discard ??\n'
    with pytest.raises(TextRecordError, match=message):
        game_from_text(text)


def test_records_convert_writes_a_seat_s_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    states = [position("azi(players=4)", seed, 40, False) for seed in range(2)]
    path = tmp_path / "games.crec"
    with path.open("w", encoding="utf-8") as file:
        write_games(file, states)
    assert main(["records", "convert", str(path), "--to", "text", "--player", "3"]) == 0
    out = capsys.readouterr().out
    assert out == "".join(TextGame.of(state).for_player(3).to_text() + "\n" for state in states)
    assert main(["records", "convert", str(path), "--to", "jsonl", "--player", "3"]) != 0
    assert "--to text" in capsys.readouterr().err
    assert main(["records", "convert", str(path), "--to", "text", "--player", "7"]) == 1
    assert "seat 7 is not a seat" in capsys.readouterr().err
