"""The replay page as a person meets it: what the selector says, how games are
numbered, what a page of many games weighs, and what a seat's page hides."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardrules import Rng, load_game
from cardrules.errors import CardRulesError
from cardrules.replay import replay_html
from tests.core.test_svg_replay import finished, games_of, parsed


def options(page: str) -> list[tuple[str, str]]:
    return re.findall(r'<option value="(\d+)">([^<]*)</option>', page)


def winner(returns: tuple[int, ...]) -> int:
    """The one seat with the highest return (a test game is chosen to have one)."""
    best = sorted(range(len(returns)), key=lambda seat: -returns[seat])
    assert returns[best[0]] > returns[best[1]]
    return best[0]


def test_the_selector_names_the_game_its_players_and_its_result() -> None:
    hazari = finished("hazari", 1)
    azi = finished("azi(players=5)", 14)
    unfinished: Any = load_game("azi").new_state(seed=3)
    for _ in range(4):
        unfinished = unfinished.apply(unfinished.legal_actions()[0])
    match: Any = load_game("hazari(target=400)").new_match(seed=2)
    while not match.is_terminal:
        match = match.apply(match.legal_actions()[0])
    page = replay_html([hazari, azi, unfinished, match])
    h, a, m = winner(hazari.scores), winner(azi.returns()), winner(match.totals)
    assert options(page) == [
        ("1", f"game 1: Hazari, 4 players, seat {h} wins (+{hazari.scores[h]})"),
        ("2", f"game 2: Azi, 5 players, seat {a} wins (+{azi.returns()[a]})"),
        ("3", "game 3: Azi, 4 players, unfinished after 4 moves"),
        ("4", f"game 4: Hazari match, 4 players, seat {m} wins (+{match.totals[m]})"),
    ]


def test_games_count_from_one_everywhere_on_the_page() -> None:
    """The selector's values, its titles and the page's own counting (``first``) agree:
    a page of the file's games 3 and 4 calls them game 3 and game 4."""
    states = [finished("azi", 1), finished("azi", 2)]
    page = replay_html(states, first=3)
    assert [value for value, _ in options(page)] == ["3", "4"]
    assert [title.split(":")[0] for _, title in options(page)] == ["game 3", "game 4"]
    assert json.loads(parsed(page).data)["first"] == 3
    one = replay_html(states[:1], first=2)
    assert '<span id="title">game 2: Azi, 4 players' in one
    for bad in (0, -1, True, "1"):
        with pytest.raises(CardRulesError, match="first must be a positive int"):
            replay_html(states, first=bad)  # type: ignore[arg-type]


def test_records_html_game_n_is_game_n_on_its_page(tmp_path: Path) -> None:
    """As a user runs it: ``--game 2`` writes a page whose one game is game 2, with the
    same title as on the page of the whole file, and exit status 0."""
    states = [finished("azi", 4), finished("hazari", 5), finished("azi", 6)]
    (tmp_path / "games.jsonl").write_text("".join(json.dumps(s.to_json()) + "\n" for s in states))
    run = [sys.executable, "-m", "cardrules", "records", "html", "games.jsonl"]
    done = subprocess.run(
        [*run, "--game", "2", "-o", "two.html"], cwd=tmp_path, capture_output=True, text=True
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "wrote two.html\n", "")
    second = options(replay_html(states))[1]
    assert second[1].startswith("game 2: Hazari, 4 players, seat ")
    assert options((tmp_path / "two.html").read_text()) == [second]


def _random_games(spec: str, count: int) -> list[Any]:
    games = []
    for seed in range(count):
        state: Any = load_game(spec).new_state(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randbelow(len(legal))])
        games.append(state)
    return games


@pytest.mark.parametrize("spec", ["azi(players=4)", "hazari"])
def test_a_page_of_many_games_costs_little_per_game(spec: str) -> None:
    """Each card face is defined once per page and each shared piece of a picture is
    stored once: 25 games cost at most 12 kB each (0.3.0 wrote about 250 kB an Azi
    game, 175 kB a Hazari deal), whatever their length in positions."""
    games = _random_games(spec, 25)
    page = replay_html(games)
    frames = sum(len(game["frames"]) for game in games_of(page))
    assert len(page.encode()) / len(games) <= 12_000, (len(page), frames)
    assert page.count("<symbol") <= 53  # 52 faces and a back, once


@pytest.mark.parametrize(
    ("spec", "seed", "checked"),
    [("hazari(target=400)", 3, range(4, 7)), ("azi(players=3)", 4, range(10))],
)
def test_two_match_worlds_alike_to_a_seat_make_the_same_page(
    spec: str, seed: int, checked: range
) -> None:
    """In a match, a finished deal's rounds (and the selector's text) are drawn from what
    the seat knows while the next deal's hands are still hidden: at those steps, a world
    resampled from the seat's observation gives the same page for that seat."""
    game = load_game(spec)
    match: Any = game.new_match(seed=seed)
    rng = Rng(seed)
    differed = rounds = 0
    while len(match.history) < checked.stop:
        match = match.apply(match.legal_actions()[rng.randbelow(len(match.legal_actions()))])
        if len(match.history) not in checked:
            continue
        for player in range(match.num_players):
            other = game.resample(match.observation(player), rng)
            page = replay_html([match], player=player)
            assert replay_html([other], player=player) == page
            differed += replay_html([other]) != replay_html([match])
            rounds += "round 1 of 4" in page
    assert differed > 5
    assert rounds > 0 or spec.startswith("azi")
