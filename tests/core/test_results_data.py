"""Results as data: rows, JSON, text tables and data frames (:mod:`cardrules.tables`)."""

from __future__ import annotations

import csv
import io
import json
import math
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toy_game.state import ToyState

from cardrules import load_game
from cardrules.bots import RandomBot
from cardrules.dealing import Dealing
from cardrules.errors import CardRulesError, SimulationError
from cardrules.hazari import evaluate
from cardrules.rng import Rng, derive_seed
from cardrules.runner import BOT_STREAM, GameResult, SimulationResult, Stat, play_game, simulate
from cardrules.tables import check_columns, columns_of, format_table, rows_text, write_rows
from cardrules.tournament import TournamentResult, tournament


def new_toy(seed: int) -> ToyState:
    return ToyState.with_dealing(Dealing(seed=seed), 3)


HAZARI = load_game("hazari")
AZI = load_game("azi", players=3)
HAZARI_RESULT = simulate(HAZARI, [RandomBot()] * 4, games=6, seed=2, rotate_seats=True)
AZI_RESULT = simulate(AZI, [RandomBot()] * 3, games=5, seed=4)
TOY_RESULT = simulate(new_toy, [RandomBot()] * 3, games=4, seed=1)
LADDER = tournament(HAZARI, ["greedy", "random"], games=4, seed=1)


def test_rows_are_one_per_game_and_seat_with_the_results_fields() -> None:
    rows = list(HAZARI_RESULT.to_rows())
    assert len(rows) == 6 * 4
    places = [(g, s) for g in HAZARI_RESULT.games for s in range(4)]
    for row, (game, seat) in zip(rows, places, strict=True):
        bot = game.seating[seat]
        assert row["game"] == game.index and row["seed"] == game.seed and row["seat"] == seat
        assert row["bot_index"] == bot and row["bot"] == HAZARI_RESULT.bot_names[bot]
        assert row["return"] == game.returns[seat] and row["turns"] == game.turns


def test_a_game_without_columns_gives_the_common_columns_only() -> None:
    rows = list(TOY_RESULT.to_rows())
    assert TOY_RESULT.games[0].columns == ()
    assert list(rows[0]) == ["game", "seed", "seat", "bot_index", "bot", "return", "turns"]


def test_hazari_columns_agree_with_the_rounds_played() -> None:
    for game, seat_rows in _by_game(HAZARI_RESULT):
        state = HAZARI.new_state(game.seed)
        rounds = [e for e in _replay(state, game, 2).events if type(e).__name__ == "RoundPlayed"]
        for seat, row in enumerate(seat_rows):
            assert row["rounds_won"] == sum(played.winner == seat for played in rounds)
            assert sum(row[f"won_{r}"] for r in range(1, 5)) == row["rounds_won"]
            for played in rounds:
                group = played.groups[played.players.index(seat)]
                assert row[f"kind_{played.number}"] == str(evaluate(group).kind)
                assert row[f"won_{played.number}"] == (played.winner == seat)


def test_azi_columns_agree_with_the_actions() -> None:
    for game, seat_rows in _by_game(AZI_RESULT):
        final = _replay(AZI.new_state(game.seed), game, 4)
        for seat, row in enumerate(seat_rows):
            mine = [turn.action for turn in final.history if turn.player == seat]
            bids = [a.amount for a in mine if type(a).__name__ == "Raise"]
            assert row["raises"] == len(bids) and row["top_bid"] == max(bids, default=0)
            assert row["folds"] == sum(type(a).__name__ == "Fold" for a in mine)
            assert row["won_pot"] == (final.winner == seat)
            if row["deals"] == 1:
                assert row["tricks"] == final.tricks[seat]


def _by_game(result: SimulationResult) -> list[tuple[GameResult, list[dict[str, Any]]]]:
    rows = list(result.to_rows())
    players = len(result.bot_names)
    return [(g, rows[i * players : (i + 1) * players]) for i, g in enumerate(result.games)]


def _replay(state: Any, game: GameResult, master: int) -> Any:
    """The game replayed from its seed with the bots' own streams (random bots only)."""
    rngs = [Rng(derive_seed(master, BOT_STREAM + game.index, b)) for b in game.seating]
    return play_game(state, [RandomBot()] * len(rngs), rngs)


def test_the_json_reads_back_equal_and_is_plain_json() -> None:
    for result in (HAZARI_RESULT, AZI_RESULT, TOY_RESULT):
        data = result.to_json()
        assert json.loads(json.dumps(data, allow_nan=False)) == data
        assert SimulationResult.from_json(data) == result
        assert SimulationResult.from_json(json.dumps(data)) == result
    stats = HAZARI_RESULT.to_json()["per_bot"][0]
    assert stats["mean"] == pytest.approx(sum(g.bot_return(0) for g in HAZARI_RESULT.games) / 6)


def test_an_empty_simulation_round_trips() -> None:
    empty = simulate(HAZARI, [RandomBot()] * 4, games=0)
    assert empty.to_json()["per_bot"][0]["mean"] is None
    assert SimulationResult.from_json(empty.to_json()) == empty


def _broken(change: str) -> dict[str, Any]:
    data = HAZARI_RESULT.to_json()
    game = data["games"][0]
    if change == "kind":
        data["kind"] = "cardrules tournament"
    elif change == "bots":
        data["bots"] = [1, 2, 3, 4]
    elif change == "seating":
        game["seating"] = [0, 0, 1, 2]
    elif change == "returns":
        game["returns"] = game["returns"][:3]
    elif change == "bool seed":
        game["seed"] = True
    elif change == "extra key":
        game["extra"] = 1
    elif change == "columns":
        game["columns"][0]["kind_1"] = [1]
    elif change == "column name":
        game["columns"][0] = {"not a name": 1}
    elif change == "stats":
        data["per_seat"][0]["mean"] = 1.5
    elif change == "games":
        data["games"] = {"0": game}
    elif change in ("negative seed", "huge seed"):
        game["seed"] = -1 if change == "negative seed" else 10**400
    elif change == "negative index":
        game["index"] = -1
    elif change == "duplicate index":
        data["games"][1]["index"] = game["index"]
    elif change == "negative turns":
        game["turns"] = -3
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("kind", "not a simulation result"),
        ("bots", "list of names"),
        ("seating", "each of the 4 bots once, got [0, 0, 1, 2]"),
        ("returns", "3 returns for 4 seats"),
        ("bool seed", "the seed of game 0 must be an int, got True"),
        ("extra key", "exactly the keys"),
        ("columns", "column 'kind_1' of the columns of game 0, seat 0"),
        ("column name", "'not a name'"),
        ("stats", "per_seat statistics do not match"),
        ("games", "the games must be a list"),
        ("negative seed", "the seed of game 0 must be in 0..18446744073709551615, got -1"),
        ("huge seed", "the seed of game 0 must be in 0..18446744073709551615, got <int of"),
        ("negative index", "the index of game 0 must be in 0.., got -1"),
        ("duplicate index", "game 1 repeats the index"),
        ("negative turns", "the turns of game 0 must be in 0.., got -3"),
    ],
)
def test_bad_json_is_refused_naming_the_value(change: str, message: str) -> None:
    with pytest.raises(SimulationError) as caught:
        SimulationResult.from_json(_broken(change))
    assert message in str(caught.value)


@given(st.recursive(st.none() | st.integers() | st.text(max_size=5), st.lists, max_leaves=8))
def test_from_json_refuses_junk_columns_with_package_errors(junk: object) -> None:
    data = HAZARI_RESULT.to_json()
    data["games"][0]["columns"] = junk
    try:
        result = SimulationResult.from_json(data)
    except CardRulesError:
        return
    assert junk == [] and result.games[0].columns == ()  # a game without columns


def test_stat_json_round_trips_and_writes_nan_as_null() -> None:
    for values in ([], [3.0], [1.0, 2.5, 7.0]):
        stat = Stat.of(values)
        data = stat.to_json()
        assert json.loads(json.dumps(data, allow_nan=False)) == data
        assert Stat.from_json(data) == stat
    assert Stat.of([3.0]).to_json()["sd"] is None
    with pytest.raises(SimulationError, match="n, mean and sd"):
        Stat.from_json({"n": 1})


def _naive_csv(rows: list[dict[str, Any]]) -> str:
    names: list[str] = []
    for row in rows:
        names += [name for name in row if name not in names]
    lines = [",".join(names)]
    for row in rows:
        lines.append(",".join("" if row.get(n) is None else str(row[n]) for n in names))
    return "\n".join(lines) + "\n"


def test_csv_matches_a_naive_writer_and_reads_back() -> None:
    rows = list(AZI_RESULT.to_rows())
    text = rows_text(rows, "csv")
    assert text == _naive_csv(rows)
    back = list(csv.DictReader(io.StringIO(text)))
    assert [int(row["return"]) for row in back] == [row["return"] for row in rows]


def test_jsonl_keeps_column_order_and_values() -> None:
    rows = list(HAZARI_RESULT.to_rows())
    lines = rows_text(rows, "jsonl").splitlines()
    assert [json.loads(line) for line in lines] == rows
    assert all(list(json.loads(line)) == list(row) for line, row in zip(lines, rows, strict=True))


def test_the_text_table_is_aligned() -> None:
    rows = [{"n": 5, "name": "solver", "x": None}, {"n": 123, "name": "a", "x": 1.5}]
    lines = format_table(rows).splitlines()
    assert lines == ["  n  name      x", "  5  solver", "123  a       1.5"]
    assert format_table([]) == "" and rows_text([], "table") == ""
    table = format_table(list(AZI_RESULT.to_rows())).splitlines()
    assert len(table) == 1 + 15 and len({len(line) for line in table[:1]}) == 1


def test_columns_are_checked() -> None:
    assert check_columns({}) == ()
    for bad in ({"a b": 1}, {"x": math.inf}, {"x": [1]}, {1: 2}, [("x", 1)], {"x" * 65: 1}):
        with pytest.raises(SimulationError):
            check_columns(bad)
    with pytest.raises(SimulationError, match="more than 100"):
        check_columns({f"c{i}": i for i in range(101)})
    assert columns_of([{"b": 1}, {"a": 2, "b": 3}]) == ["b", "a"]


def test_write_rows_refuses_bad_arguments() -> None:
    with pytest.raises(SimulationError, match="unknown format 'xml'"):
        write_rows([], io.StringIO(), "xml")
    with pytest.raises(SimulationError, match="text file"):
        write_rows([], None, "csv")
    for binary in (io.BytesIO(), io.BufferedWriter(io.BytesIO())):
        for format in ("csv", "jsonl", "table"):
            with pytest.raises(SimulationError, match="rows are written to a text file"):
                write_rows([{"bot": "random"}], binary, format)
            assert binary.tell() == 0  # nothing written
    with pytest.raises(SimulationError, match="iterable of dicts"):
        write_rows("rows", io.StringIO(), "csv")  # type: ignore[arg-type]


def test_ladder_rows() -> None:
    standings = list(LADDER.to_rows())
    assert [row["bot"] for row in standings] == [s.bot for s in LADDER.standings]
    assert [row["rank"] for row in standings] == [1, 2]
    top = LADDER.standings[0]
    assert standings[0]["edge_mean"] == top.edge.mean and standings[0]["edge_n"] == 4
    assert (standings[0]["edge_low"], standings[0]["edge_high"]) == (top.edge.low, top.edge.high)
    assert top.bootstrap is not None and standings[0]["bootstrap_low"] == top.bootstrap[0]
    (pair,) = LADDER.to_rows("pairs")
    assert (pair["first"], pair["second"]) == (LADDER.pairs[0].first, LADDER.pairs[0].second)
    assert pair["difference_mean"] == LADDER.pairs[0].difference.mean
    with pytest.raises(SimulationError, match="not 'games'"):
        LADDER.to_rows("games")
    assert TournamentResult.from_json(LADDER.to_json()) == LADDER


_NO_PANDAS = """
import sys
import cardrules
from cardrules import load_game
from cardrules.bots import RandomBot
from cardrules.runner import simulate
from cardrules.tables import rows_text
result = simulate(load_game("azi"), [RandomBot()] * 4, games=3)
rows_text(result.to_rows(), "csv")
result.to_json()
print("pandas" in sys.modules)
"""


def test_pandas_is_never_imported_by_the_package_or_to_rows() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _NO_PANDAS], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "False"


def test_to_pandas_without_pandas_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # ``import pandas`` now fails
    with pytest.raises(SimulationError, match=r"pip install cardrules\[pandas\]"):
        HAZARI_RESULT.to_pandas()
    with pytest.raises(SimulationError, match="pandas"):
        LADDER.to_pandas()


def test_to_pandas_holds_the_rows() -> None:
    pandas = pytest.importorskip("pandas")
    frame = AZI_RESULT.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == list(next(AZI_RESULT.to_rows()))
    assert frame.to_dict("records") == list(AZI_RESULT.to_rows())
    assert list(LADDER.to_pandas("pairs")["first"]) == [LADDER.pairs[0].first]
