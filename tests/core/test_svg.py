"""cardrules.svg: valid, deterministic pictures that never show a hidden card."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from cardrules import Rng, load_game, parse_cards, svg
from cardrules.azi import AziMatch, AziState
from cardrules.hazari import Arrangement, HazariMatch, HazariState, evaluate

SVG = "{http://www.w3.org/2000/svg}"


def played(spec: str, seed: int) -> list[Any]:
    """Every position of one game of ``spec`` played by seeded random choices."""
    game = load_game(spec)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    positions = [state]
    while not state.is_terminal and state.current_player is not None:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
        positions.append(state)
    return positions


def cards(picture: str) -> list[ET.Element]:
    """The cards drawn, in drawing order: the uses of a card face's symbol (or the back's)."""
    root = ET.fromstring(picture)
    drawn = [use for use in root.iter(f"{SVG}use") if "card" in use.attrib["class"].split()]
    defined = {symbol.attrib["id"] for symbol in root.iter(f"{SVG}symbol")}
    assert {use.attrib["href"][1:] for use in drawn} <= defined, "a card without its face"
    return drawn


def faces(picture: str) -> list[str]:
    """The cards drawn face up, in drawing order, read back from the XML."""
    return [use.attrib["data-card"] for use in cards(picture) if "data-card" in use.attrib]


def backs(picture: str) -> int:
    return sum(1 for use in cards(picture) if use.attrib["class"] == "card back")


SPECS = ["hazari", "azi(players=3)", "azi(players=6)"]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_position_draws_as_valid_deterministic_xml(spec: str, seed: int) -> None:
    for state in played(spec, seed):
        for player in [None, *range(state.num_players)]:
            picture = svg.render(state, player)
            root = ET.fromstring(picture)
            assert root.tag == f"{SVG}svg"
            assert picture == svg.render(state, player)
            if player is not None:
                assert picture == svg.render(state.observation(player))
                assert picture == state.observation(player)._repr_svg_()
        assert state._repr_svg_() == svg.render(state)


def test_the_table_view_shows_every_hand_face_up() -> None:
    for state in played("hazari", 4)[:-1]:
        shown = sorted(faces(svg.render(state)))
        assert shown == sorted(str(c) for hand in state.hands for c in hand)
    for state in played("azi(players=5)", 4):
        shown = faces(svg.render(state))
        in_hands = sorted(str(c) for hand in state.hands for c in hand)
        trick = sorted(str(c) for _, c in state.trick)
        assert sorted(shown) == sorted([*in_hands, *trick, str(state.trump_card)])


def hidden_cards(state: Any, player: int) -> set[str]:
    """The cards ``player`` may not see: the others' hands (and Azi discards)."""
    if isinstance(state, HazariState):
        if state.rounds:
            return set()
        return {str(c) for seat in range(4) if seat != player for c in state.hands[seat]}
    public = {str(state.trump_card)}
    hands = {str(c) for seat, hand in enumerate(state.hands) if seat != player for c in hand}
    discards = {
        str(c)
        for seat, c in enumerate(state.discards)
        if seat != player and c is not None and c != state.trump_card
    }
    return (hands | discards) - public


@pytest.mark.parametrize("spec", SPECS)
def test_a_seats_view_names_no_hidden_card(spec: str) -> None:
    checked = 0
    for seed in range(3):
        for state in played(spec, seed):
            for player in range(state.num_players):
                picture = svg.render(state, player)
                hidden = hidden_cards(state, player)
                assert not hidden & set(faces(picture))
                text = " ".join(ET.fromstring(picture).itertext())
                assert not {c for c in hidden if re.search(rf"\b{c}\b", text)}
                checked += bool(hidden)
    assert checked > 20


@pytest.mark.parametrize("spec", SPECS)
def test_two_worlds_alike_to_a_seat_draw_alike(spec: str) -> None:
    """A world resampled from a seat's observation differs only in hidden cards;
    that seat's picture of both is the same string."""
    game = load_game(spec)
    rng = Rng(99)
    differed = 0
    for seed in range(2):
        for state in played(spec, seed):
            for player in range(state.num_players):
                other = game.resample(state.observation(player), rng)
                assert svg.render(other, player) == svg.render(state, player)
                differed += svg.render(other) != svg.render(state)
    assert differed > 10


def test_a_seat_sees_its_own_cards_and_backs_for_the_rest() -> None:
    state: Any = load_game("hazari").new_state(seed=5)
    picture = svg.render(state, player=2)
    assert sorted(faces(picture)) == sorted(str(c) for c in state.hands[2])
    assert backs(picture) == 39
    state = load_game("azi(players=4,look_before_fold=true)").new_state(seed=5)
    picture = svg.render(state, player=1)
    assert sorted(faces(picture)) == sorted(
        [*(str(c) for c in state.hands[1]), str(state.trump_card)]
    )
    assert backs(picture) == 12


def test_cards_have_suit_symbols_and_red_hearts_and_diamonds() -> None:
    for face, symbol, red in [
        ("AH", "♥", True),
        ("TD", "♦", True),
        ("2S", "♠", False),
        ("KC", "♣", False),
    ]:
        picture = svg.document(60, 80, svg.card(0, 0, face), face)
        assert symbol in picture
        assert ("#c62828" in picture) is red
        (defined,) = ET.fromstring(picture).iter(f"{SVG}symbol")
        assert [t.text for t in defined.iter(f"{SVG}text")] == [face[0], symbol, symbol]
    assert "♥" not in svg.document(60, 80, svg.card(0, 0, None), "back")


def test_pictures_write_ten_as_the_cards_text_does() -> None:
    """One convention: a ten's corner reads ``T``, as ``str(Card)`` and the captions do."""
    ten = parse_cards("TH")[0]
    assert str(ten) == "TH"
    for picture in [
        svg.render([ten]),
        svg.render(Arrangement.parse("TH TD TS | 9D 8D 8C | 7H 4S 4H | 5C 3S 3C 2D")),
        svg.render(evaluate(parse_cards("TH TD 4S"))),
    ]:
        texts = list(ET.fromstring(picture).itertext())
        assert "10" not in " ".join(texts)
        assert "T" in texts


def test_cards_combinations_and_arrangements_draw() -> None:
    cards = parse_cards("AS 10H 2C")
    assert faces(svg.render(cards)) == ["AS", "TH", "2C"]
    assert faces(svg.render(list(cards))) == ["AS", "TH", "2C"]
    assert faces(cards[0]._repr_svg_()) == ["AS"]
    combination = evaluate(parse_cards("AS KS QS"))
    picture = combination._repr_svg_()
    assert str(combination) in "".join(ET.fromstring(picture).itertext())
    arrangement = Arrangement.parse("AH AC JC | 9D 8D 8C | 7H 4S 4H | 5C 3S 3C 2D")
    assert faces(arrangement._repr_svg_()) == [
        "AH",
        "AC",
        "JC",
        "9D",
        "8D",
        "8C",
        "7H",
        "4S",
        "4H",
        "5C",
        "3S",
        "3C",
        "2D",
    ]


def test_matches_draw_their_current_game() -> None:
    matches: list[Any] = [HazariMatch.new(seed=3), AziMatch.new(seed=3)]
    for match in matches:
        assert match._repr_svg_() == svg.render(match.current)
        assert match.observation(1)._repr_svg_() == svg.render(match.current, 1)


def test_text_is_escaped() -> None:
    seat = svg.Seat('<seat & "one">', ("AS", None), ("a < b",))
    table = svg.Table("title <&>", (seat, svg.Seat("two")), ("pot > 3 & more",))
    root = ET.fromstring(svg.draw_table(table))
    text = "".join(root.itertext())
    assert '<seat & "one">' in text and "a < b" in text and "pot > 3 & more" in text


@pytest.mark.parametrize("value", [42, "AS", None, [1, 2], object()])
def test_what_cannot_be_drawn_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="cannot draw"):
        svg.render(value)


def test_a_player_must_be_an_int() -> None:
    state = AziState.new(seed=1)
    with pytest.raises(TypeError, match="player"):
        svg.render(state, "1")  # type: ignore[arg-type]


def test_the_opening_position_replays_to_the_state() -> None:
    for spec in SPECS:
        final = played(spec, 7)[-1]
        state = svg.start_of(final)
        assert state.history == ()
        for turn in final.history:
            state = state.apply(turn.action)
        assert state.to_json() == final.to_json()
    with pytest.raises(TypeError, match="no replay"):
        svg.start_of(3)


DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_pictures_in_the_docs_are_current() -> None:
    """docs/_static holds the pictures the Pictures page shows; redraw them if this fails."""
    game = load_game("azi(players=4)")
    state: Any = game.new_state(seed=1)
    moves = ["play"] * 4 + ["discard QD", "discard 6H", "discard AH", "discard 8S"]
    moves += ["pass"] * 3 + ["declare"] * 4 + ["card AS", "card KS"]
    for move in moves:
        state = state.apply(game.parse_action(move))
    assert (DOCS / "_static" / "azi-seat-0.svg").read_text() == svg.render(state, player=0)
    assert sorted(faces(svg.render(state, player=0))) == ["8D", "9D", "AS", "KS", "TH"]
    state = load_game("hazari").new_state(seed=7)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    assert (DOCS / "_static" / "hazari-deal.svg").read_text() == svg.render(state)
