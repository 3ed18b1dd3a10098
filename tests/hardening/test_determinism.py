"""Determinism across processes: the same seeds give byte-identical JSON records
from separate interpreters with different ``PYTHONHASHSEED`` values.

Each record is written as canonical JSON text (``dump_json(state.to_json())``, the
form :func:`cardrules.runner.simulate` writes), one per line; the script also checks
that a match's ``record().to_text()`` is that very text.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cardrules.azi import AziMatch, AziRules
from cardrules.hazari import HazariMatch
from cardrules.record import dump_json

SCRIPT = r"""
import io, sys
from cardrules.azi import AziMatch, AziRules, FirstLead, Rounding
from cardrules import load_game
from cardrules.azi.bots import HeuristicBot, SearchBot
from cardrules.bots import RandomBot
from cardrules.hazari.bots import GreedyBot, SolverBot
from cardrules.hazari import HazariMatch, HazariRules, Up, random_arrangement
from cardrules.record import dump_json
from cardrules.rng import Rng
from cardrules.runner import simulate

out = sys.stdout
records = io.StringIO()
simulate(load_game("hazari", tie_rule="first"),
         [GreedyBot(), SolverBot(), GreedyBot(), SolverBot()],
         games=6, seed=11, rotate_seats=True, records=records)
azi_bots = [HeuristicBot(), RandomBot(), SearchBot(playouts=6), RandomBot(), HeuristicBot()]
simulate(load_game("azi", players=5), azi_bots, games=4, seed=12, rotate_seats=True,
         records=records)
rules = AziRules(players=3, suits="CHS", look_before_fold=True,
                 first_lead=FirstLead.AUCTION_WINNER, rounding=Rounding.DOWN)
simulate(load_game("azi", **rules.to_json()), [RandomBot(), HeuristicBot(), RandomBot()],
         games=20, seed=13, records=records)
out.write(records.getvalue())

rng = Rng(14)
match = HazariMatch.new(seed=15, dealer=2, rules=HazariRules(target=500))
while not match.is_terminal:
    hand = match.current.hands[match.current_player]
    match = match.apply(Up(random_arrangement(hand, rng)))
def write(match):
    text = dump_json(match.to_json())
    assert match.record().to_text() == text
    out.write(text + "\n")

write(match)

choose_rng = Rng(16)
match = AziMatch.new(AziRules(players=4, match_games=5), seed=17)
while not match.is_terminal:
    legal = list(match.legal_actions())
    match = match.apply(legal[choose_rng.randbelow(len(legal))])
write(match)
"""


def run(hash_seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


@pytest.fixture(scope="module")
def outputs() -> tuple[bytes, bytes]:
    return run("0"), run("4242")


def test_records_are_byte_identical_across_processes(outputs: tuple[bytes, bytes]) -> None:
    first, second = outputs
    assert first == second


def test_the_records_cover_both_games(outputs: tuple[bytes, bytes]) -> None:
    lines = outputs[0].decode().splitlines()
    assert len(lines) == 6 + 4 + 20 + 2
    assert sum('"game":"hazari"' in line for line in lines) == 6
    assert sum('"game":"azi"' in line for line in lines) >= 24
    assert '"game":"hazari-match"' in lines[-2]
    assert '"game":"azi-match"' in lines[-1]
    assert len(set(lines)) == len(lines)


def test_the_azi_match_plays_five_games(outputs: tuple[bytes, bytes]) -> None:
    """The Azi match line is a whole match of five games, and it reads back exactly."""
    line = outputs[0].decode().splitlines()[-1]
    match = AziMatch.from_json(line)
    assert match.is_terminal and len(match.games) == 5
    assert match.rules == AziRules(players=4, match_games=5)
    assert all(game.is_terminal for game in match.games)
    assert dump_json(match.to_json()) == line
    hazari = HazariMatch.from_json(outputs[0].decode().splitlines()[-2])
    assert hazari.is_terminal and dump_json(hazari.to_json()).encode() in outputs[0]
