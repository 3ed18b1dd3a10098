"""``cardrules play hazari --human SEAT``: the offered arrangements, typed groups, errors."""

from __future__ import annotations

import io

import pytest

from cardrules.cards import parse_cards
from cardrules.cli import main
from cardrules.errors import CardRulesError
from cardrules.hazari import HazariState, Up, arrangement_value, greedy_arrangement
from cardrules.hazari import view as hazari_view
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.observation import HazariObservation
from cardrules.hazari.solver import best_arrangement, top_arrangements
from cardrules.registry import load_game
from cardrules.text import cards_text

SEED = 1
HAND = "KC 8C 9D 8D 3D 2D JH 8H 5H JS 8S 7S 5S"  # seat 0's hand for seed 1, in hand order
BEST = "8C 8D 8S | JH 8H 5H | JS 7S 5S | KC 9D 3D 2D"
BEST_SHOWN = "8S 8D 8C | JH 8H 5H | JS 7S 5S | KC 9D 3D 2D"  # each group high card first
BREAKS_H7 = "KC 9D 3D 2D | 8C 8D 5H | JH 8H 5S | JS 7S 8S"


def _position() -> tuple[HazariState, HazariObservation]:
    state = load_game("hazari").new_state(SEED)
    assert isinstance(state, HazariState)
    return state, state.observation(0)


def test_the_hand_is_the_one_these_tests_expect() -> None:
    _, observation = _position()
    assert cards_text(observation.hand) == HAND


def _classes(arrangement: Arrangement) -> tuple[int, ...]:
    """What tells two arrangements apart for a person: each group's combination class
    (by strength) and the points of the 4-card group; suit swaps share them."""
    return (*[c.strength for c in arrangement.combinations], arrangement.points[3])


def test_offers_best_greedy_then_the_next_that_really_differ() -> None:
    state, observation = _position()
    offered = hazari_view.options(observation, state.legal_actions())
    labels = [label for label, _ in offered]
    arrangements = [action.arrangement for _, action in offered]
    hand = observation.hand
    best, greedy = best_arrangement(hand), greedy_arrangement(hand)
    assert len(offered) == 2 + hazari_view.EXTRA_OPTIONS
    assert arrangements[:2] == [best, greedy]
    assert labels[0].startswith(f"best:   {BEST_SHOWN}  (Trio 8-8-8, ")
    assert labels[1].startswith("greedy: ")
    assert all(label.startswith("next:   ") for label in labels[2:])
    for label, arrangement in zip(labels, arrangements, strict=True):
        assert label.endswith(f"  value {arrangement_value(arrangement):.1f}")
    classes = [_classes(a) for a in arrangements]
    assert len(set(classes)) == len(classes)  # no two are suit swaps of each other
    values = [arrangement_value(a) for a in arrangements]
    assert values[0] == max(values)
    assert values[2:] == sorted(values[2:], reverse=True)
    # Nothing better was passed over: every arrangement worth more than the last one
    # offered is a suit swap of one that is offered.
    for arrangement, value in top_arrangements(hand, 200):
        if value > values[-1] + 1e-9:
            assert _classes(arrangement) in classes


def test_suit_swaps_of_the_best_are_not_offered_again() -> None:
    hand = parse_cards("QC JC 8C 4C QD JD TD 7D 4D 9H 4H TS 9S")  # seed 3's seat 0
    observation = load_game("hazari").new_state(3).observation(0)
    assert sorted(observation.hand) == sorted(hand)
    offered = hazari_view.options(observation, load_game("hazari").new_state(3).legal_actions())
    values = [label.rsplit("value ", 1)[1] for label, _ in offered]
    assert len(offered) == 1 + hazari_view.EXTRA_OPTIONS  # greedy is a swap of the best
    classes = [_classes(action.arrangement) for _, action in offered]
    assert len(set(classes)) == len(classes)
    assert len(values) == len(offered)


def test_cards_within_groups_are_sorted_high_card_first() -> None:
    state, observation = _position()
    for label, action in hazari_view.options(observation, state.legal_actions()):
        groups = label.split("  (")[0].split(None, 1)[1].split(" | ")
        assert len(groups) == 4
        for text, group in zip(groups, action.arrangement.groups, strict=True):
            cards = parse_cards(text)
            assert sorted(cards) == sorted(group)
            keys = [(-int(card.rank), -int(card.suit)) for card in cards]
            assert keys == sorted(keys)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (
            "AS AH AD | KS KH KD | QS QH QD | 2C 3D 5H 7S",
            f"you do not hold AS AH AD KS KH KD QS QH QD 2C; your hand is {HAND}",
        ),
        (
            "8C 8D 8S | JH 8H 5H | JS 7S 5S | KC 9D 3D",
            "the groups hold 12 cards and leave out 2D; use all 13 cards in groups of 3, 3, 3"
            " and 4",
        ),
        ("8C 8D 8S | JH 8H 5H | JS 7S 5S | KC 9D 3D 2D 2D", "you typed 2D more than once"),
        (
            BREAKS_H7,
            "4-card group Colour 9-3-2 is higher than 3-card group Indi J-8-5 (groups KC 9D 3D 2D"
            " and JH 8H 5S; the 4-card group must be no higher than each 3-card group: rule H7"
            " on the Hazari rules page (docs/rules/hazari))",
        ),
        ("8C 8D 8S JH 8H 5H", "an arrangement is 4 groups separated by '|', got 1"),
    ],
)
def test_a_typed_arrangement_is_refused_with_the_reason(typed: str, message: str) -> None:
    _, observation = _position()
    with pytest.raises(CardRulesError) as info:
        hazari_view.parse(typed, observation)
    assert message in str(info.value)


def test_typed_groups_in_any_order_are_accepted() -> None:
    _, observation = _position()
    typed = "kc 9d 3d 2d | js 7s 5s | 8c 8d 8s | jh 8h 5h"
    assert hazari_view.parse(typed, observation) == Up.parse(BEST)


def test_playing_a_typed_arrangement_after_refused_ones(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = ["AS AH AD | KS KH KD | QS QH QD | 2C 3D 5H 7S", BREAKS_H7, "9", BEST]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in answers)))
    assert main(["play", "hazari", "--seed", str(SEED), "--human", "0"]) == 0
    out = capsys.readouterr().out
    assert f"  seat 0 (you) holds {HAND}" in out
    assert "  1. best:   " + BEST_SHOWN in out
    assert "  Not accepted: you do not hold AS AH AD KS KH KD QS QH QD 2C;" in out
    assert "  Not accepted: 4-card group Colour 9-3-2 is higher than 3-card group" in out
    assert "  Not accepted: 9 is not one of the choices 1-5. Try again." in out
    assert "seat 0 (you) arranges and says up." in out
    assert "  seat 0: 8S 8D 8C       Trio 8-8-8" in out
    assert "Most points:" in out


def test_choosing_a_number_plays_that_arrangement(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n"))
    assert main(["play", "hazari", "--seed", str(SEED), "--human", "0"]) == 0
    out = capsys.readouterr().out
    _, observation = _position()
    greedy = greedy_arrangement(observation.hand)
    assert f"  seat 0: {' '.join(map(str, greedy.groups[0]))}" in out
