"""``cardrules play hazari`` narrates a deal a reader of the rules page can follow:
who leads and why, which group takes each round and why (ties by H11), and the points."""

from __future__ import annotations

import io
import re

import pytest

from cardrules.cli import main
from cardrules.game import Turn
from cardrules.hazari import HazariRules, HazariState, TieRule, Up
from cardrules.hazari.view import HazariNarrator
from tests.hazari.scripted_deal import SCRIPT, scripted_hands

NAMES = ["you", "north", "west", "south"]


def scripted_narration(rules: HazariRules, viewer: int | None) -> list[str]:
    state = HazariState.new(hands=scripted_hands(), dealer=0, rules=rules)
    narrator = HazariNarrator(NAMES)
    lines = narrator.start(state, viewer)
    for seat in (1, 2, 3, 0):
        action = Up.parse(SCRIPT[seat])
        after = state.apply(action)
        lines += narrator.turn(state, Turn(seat, action), after, viewer)
        state = after
    return lines + narrator.end(state)


def test_the_scripted_deal_is_told_round_by_round_ties_and_all() -> None:
    # Worked out by hand in tests/hazari/scripted_deal.py: ties in rounds 1 and 4.
    lines = scripted_narration(HazariRules(), viewer=0)
    assert lines[1] == (
        "seat 1 (north), on the dealer's right, got the first card and leads round 1 (rule H9)."
        " Each player arranges 13 cards as 3/3/3/4 and says up; the groups stay hidden until"
        " the rounds show them (rule H7, rule H8)."
    )
    rounds = [line for line in lines if line.startswith(("Round", "  seat 3 (", "  seat 2 ("))]
    assert rounds == [
        "Round 1: seat 1 (north), on the dealer's right, leads:",
        "  seat 3 (south) takes the round with Pair K-K-5, the highest group, tied; the one"
        " played latest wins a tie (rule H11): all 12 cards, worth 110 points (rule H2).",
        "Round 2: seat 3 (south), who took round 1, leads:",
        "  seat 2 (west) takes the round with Pair J-J-9, the highest group (rule H3, rule H4):"
        " all 12 cards, worth 80 points (rule H2).",
        "Round 3: seat 2 (west), who took round 2, leads:",
        "Round 4: seat 0 (you), who took round 3, leads:",
        "  seat 3 (south) takes the round with Pair 3-3-7, the highest group, tied; the one"
        " played latest wins a tie (rule H11): all 16 cards, worth 90 points (rule H2).",
    ]
    assert (
        lines[-2]
        == "Points: seat 0 (you) 80, seat 1 (north) 0, seat 2 (west) 80, seat 3 (south) 200"
        " (rule H12)."
    )


def test_under_the_first_played_rule_the_first_of_equal_groups_takes_the_round() -> None:
    lines = scripted_narration(HazariRules(tie_rule=TieRule.FIRST), viewer=None)
    assert (
        "  seat 1 (north) takes the round with Pair K-K-5, the highest group, tied; the one"
        " played first wins a tie (rule H11): all 12 cards, worth 110 points (rule H2)."
    ) in lines


def test_a_seat_sees_only_its_own_hand_before_the_rounds() -> None:
    lines = scripted_narration(HazariRules(), viewer=2)
    before = "\n".join(lines[: next(i for i, x in enumerate(lines) if x.startswith("Round 1"))])
    hands = scripted_hands()
    assert before.count(" holds ") == 1 and "seat 2 (west) holds " in before
    shown = set(re.findall(r"\b[2-9TJQKA][CDHS]\b", before))
    assert shown == {str(card) for card in hands[2]}


def test_play_hazari_tells_who_leads_each_round_and_why(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "hazari", "--seed", "3", "--human", "0", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    headers = re.findall(r"Round (\d): seat (\d) \(\w+\), (.*), leads:", out)
    takers = re.findall(r"  seat (\d) \(\w+\) takes the round with (.*?), the highest group", out)
    points = re.findall(r"all (\d+) cards, worth (\d+) points \(rule H2\)\.", out)
    assert [number for number, _, _ in headers] == ["1", "2", "3", "4"]
    assert headers[0][2] == "on the dealer's right"
    for (number, leader, why), (taker, _) in zip(headers[1:], takers, strict=False):
        assert why == f"who took round {int(number) - 1}" and leader == taker
    assert [cards for cards, _ in points] == ["12", "12", "12", "16"]
    assert sum(int(value) for _, value in points) == 360
    for taker, combination in takers:  # the combination named is the one the taker showed
        assert re.search(rf"\n  seat {taker}: [^\n]*{re.escape(combination)}\n", out)
