"""Text records and the replay page of a game from another package, from the protocol alone.

The example package of ``examples/toy-game`` is put on ``sys.path`` with an installed
package's metadata, as ``pip install`` would, and every record command runs on it as
a user runs it: ``simulate --out``, ``records convert`` both ways, ``records show``,
``records html`` (with and without ``--player``) and ``check`` of its records. What
a definition lacks (``seen_action``, an action text that reads back) is a clean error.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cardrules import load_game, registry
from cardrules.cli import main
from cardrules.records.text import read_games

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "toy-game"
PAGE = ROOT / "docs" / "guide" / "adding_a_game.rst"


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The example game installed for this test; the working directory is ``tmp_path``."""
    info = tmp_path / "site" / "cardrules_toy_game-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardrules_toy_game\n")
    (info / "entry_points.txt").write_text("[cardrules.games]\ntoy = toy_game.game:GAME\n")
    monkeypatch.syspath_prepend(str(EXAMPLE / "src"))
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    for module in _toy_modules():  # other tests import the example too: put it back after
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setattr(registry, "_REGISTERED", {})
    monkeypatch.chdir(tmp_path)
    registry._entry_points.cache_clear()
    yield tmp_path
    registry._entry_points.cache_clear()
    for module in _toy_modules():
        del sys.modules[module]


def _toy_modules() -> list[str]:
    return [m for m in sys.modules if m == "toy_game" or m.startswith("toy_game.")]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def shown(after: str) -> list[str]:
    """The lines the page shows after the console line ``after``."""
    text = PAGE.read_text(encoding="utf-8")
    block = text.split(f"   $ {after}\n", 1)[1].split("\n\n``", 1)[0]
    return [line.removeprefix("   ") for line in block.split("\n   $ ")[0].splitlines()]


def simulated(games: int = 3) -> Path:
    status, _, err = run("simulate", "toy", "--games", str(games), "--bots", "low,random")
    assert (status, err) == (0, "")
    status, _, err = run(
        "simulate", "toy", "--games", str(games), "--bots", "low,random", "--out", "toy.crec"
    )
    assert (status, err) == (0, "")
    return Path("toy.crec")


def test_the_page_shows_what_the_example_writes_and_prints(toy: Path) -> None:
    simulated(games=1)
    assert Path("toy.crec").read_text(encoding="utf-8").splitlines() == [
        *shown("cat toy.crec"),
        "",
    ]
    status, out, err = run("records", "show", "toy.crec")
    expected = shown("cardrules records show toy.crec")
    assert (status, err) == (0, "") and out.splitlines()[: len(expected)] == expected
    assert len(expected) > 15 and "6. seat 2: play" in out


def test_text_records_of_a_plugin_game_round_trip_through_json(toy: Path) -> None:
    crec = simulated()
    status, jsonl, err = run("records", "convert", str(crec), "--to", "jsonl")
    assert (status, err) == (0, "")
    records = [json.loads(line) for line in jsonl.splitlines()]
    assert len(records) == 3 and all(r["game"] == "toy" and r["seats"] for r in records)
    Path("toy.jsonl").write_text(jsonl, encoding="utf-8")
    status, text, err = run("records", "convert", "toy.jsonl", "--to", "text")
    assert (status, err) == (0, "") and text == crec.read_text(encoding="utf-8")
    with crec.open(encoding="utf-8") as handle:
        games = list(read_games(handle))
    assert [g.state().returns() for g in games] == [tuple(r["summary"]["returns"]) for r in records]
    assert all(
        re.fullmatch(r"(s[0-2] play [9TJQKA][SH](, )?)+", line)
        for line in text.splitlines()
        if line.startswith("s")
    )


def test_a_plugin_game_has_a_replay_page_and_seat_views(toy: Path) -> None:
    simulated()
    status, out, err = run("records", "html", "toy.crec", "-o", "toy.html")
    assert (status, out, err) == (0, "wrote toy.html\n", "")
    data = page_data(Path("toy.html"))
    assert [len(game["frames"]) for game in data["games"]] == [7, 7, 7]
    assert data["games"][0]["captions"][1].startswith("seat 0: play ")
    assert "Toy game, 3 players" in data["games"][0]["frames"][0]
    status, _, err = run("records", "html", "toy.crec", "-o", "seat.html", "--player", "1")
    assert (status, err) == (0, "")
    frames = page_data(Path("seat.html"))["games"][0]["frames"]
    assert all("seat 1 holds" in frame and "seat 0:" not in frame for frame in frames)
    status, view, err = run("records", "convert", "toy.crec", "--to", "text", "--player", "2")
    assert (status, err) == (0, "")
    assert view.count('[View "2"]') == 3 and view.count("[Hand0 ") == 3 and "Seed" not in view


def page_data(path: Path) -> Any:
    """The page's games, each frame as its picture (the page stores shared pieces once)."""
    text = path.read_text(encoding="utf-8")
    data = json.loads(text.split('id="data">', 1)[1].split("</script>", 1)[0])
    for game in data["games"]:
        game["frames"] = ["".join(data["pieces"][i] for i in frame) for frame in game["frames"]]
    return data


def test_a_definition_without_seen_action_says_so(
    toy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    simulated()
    monkeypatch.delattr(type(load_game("toy").definition), "seen_action")
    for argv in (
        ["records", "convert", "toy.crec", "--to", "text", "--player", "1"],
        ["records", "html", "toy.crec", "-o", "seat.html", "--player", "1"],
    ):
        status, _, err = run(*argv)
        assert status in (1, 2) and "the game 'toy' writes no view records" in err, err
        assert "Traceback" not in err


def test_an_action_text_that_breaks_the_rules_says_what_the_game_lacks(
    toy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = run("simulate", "toy", "--games", "2", "--out", "toy.jsonl")
    assert (status, err) == (0, "")
    play = type(load_game("toy").parse_action("play 9S"))
    monkeypatch.setattr(play, "__str__", lambda self: f"play, {self.card}")
    status, out, err = run("records", "convert", "toy.jsonl", "--to", "text")
    assert (status, out) == (1, "")
    assert err.count("the game 'toy' has no text record: action 0, written as str(action)") == 2
    status, _, err = run("simulate", "toy", "--games", "2", "--out", "again.crec")
    assert status == 2 and "the game 'toy' has no text record" in err and "Traceback" not in err
