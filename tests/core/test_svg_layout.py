"""Where the table pictures put things: every seat on the picture and off the felt,
Hazari groups apart and named, the Azi trump by the dealer, each Hazari round a
replay step, and one numbering of deals from 1 in pictures and text.

Positions are read back from the SVG itself (each group's ``translate`` plus each
card's ``x`` and ``y``), so these check what a viewer sees, not how it was computed.
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import load_game, svg
from cardrules.hazari import HazariMatch, HazariRules, HazariState, evaluate
from cardrules.replay import frames_of, steps_of
from tests.core.test_svg import SVG, played

W, H = 980, 700
RIM = 5  # half the felt's stroke


@pytest.fixture(scope="module")
def hazari_deal() -> HazariState:
    state: Any = load_game("hazari").new_state(seed=7)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    deal: HazariState = state
    return deal


def _classes(element: ET.Element) -> list[str]:
    return element.attrib.get("class", "").split()


class Drawn:
    """A picture read back: its elements, and where each one's group moved it to."""

    def __init__(self, picture: str) -> None:
        self.root = ET.fromstring(picture)
        self.offset: dict[ET.Element, tuple[float, float]] = {}
        self._place(self.root, 0.0, 0.0)

    def _place(self, element: ET.Element, x: float, y: float) -> None:
        shift = re.fullmatch(
            r"translate\(([-\d.]+),([-\d.]+)\)", element.attrib.get("transform", "")
        )
        if shift:
            x, y = x + float(shift.group(1)), y + float(shift.group(2))
        self.offset[element] = (x, y)
        for child in element:
            self._place(child, x, y)

    def parts(self, kind: str, within: ET.Element | None = None) -> list[ET.Element]:
        """The groups of one kind (``seat``, ``play``, ``group``, ``trump``), in order."""
        return [e for e in (within or self.root).iter() if kind in _classes(e)]

    def cards(self, within: ET.Element) -> list[tuple[str | None, float, float]]:
        """Each card drawn in ``within``: its face (``None`` face down) and its corner."""
        found = []
        for use in within.iter(f"{SVG}use"):
            x, y = self.offset[use]
            found.append(
                (
                    use.attrib.get("data-card"),
                    x + float(use.attrib["x"]),
                    y + float(use.attrib["y"]),
                )
            )
        return found

    def faces(self, within: ET.Element) -> list[str | None]:
        return [face for face, _, _ in self.cards(within)]

    def felt(self) -> tuple[float, float, float, float]:
        ellipse = self.root.find(f"{SVG}ellipse")
        assert ellipse is not None
        cx, cy, rx, ry = (float(ellipse.attrib[k]) for k in ("cx", "cy", "rx", "ry"))
        return cx, cy, rx, ry


def off_the_felt(box: tuple[float, float, float, float], ellipse: tuple[float, ...]) -> bool:
    """No point of the box lies on the felt or its rim: its nearest point to the centre,
    in the felt's own scale, is at least one radius away."""
    cx, cy, rx, ry = ellipse
    dx = max(box[0] - cx, 0.0, cx - box[2]) / (rx + RIM)
    dy = max(box[1] - cy, 0.0, cy - box[3]) / (ry + RIM)
    return dx * dx + dy * dy >= 1.0


def on_the_felt(box: tuple[float, float, float, float], ellipse: tuple[float, ...]) -> bool:
    cx, cy, rx, ry = ellipse
    corners = [(x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
    return all(((x - cx) / (rx - RIM)) ** 2 + ((y - cy) / (ry - RIM)) ** 2 <= 1 for x, y in corners)


def box_of(cards: list[tuple[str | None, float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [x for _, x, _ in cards], [y for _, _, y in cards]
    return min(xs), min(ys), max(xs) + svg.CARD_WIDTH, max(ys) + svg.CARD_HEIGHT


def check_layout(picture: str) -> None:
    drawn = Drawn(picture)
    ellipse = drawn.felt()
    boxes = []
    for seat in drawn.parts("seat"):
        cards = drawn.cards(seat)
        for face, left, top in cards:
            box = (left, top, left + svg.CARD_WIDTH, top + svg.CARD_HEIGHT)
            assert box[0] >= 0 and box[2] <= W and box[1] >= 0 and box[3] <= H, (face, box)
            assert off_the_felt(box, ellipse), (seat.attrib["data-seat"], face, box, ellipse)
        for text in seat.iter(f"{SVG}text"):
            x, y = drawn.offset[text]
            assert 0 < x + float(text.attrib["x"]) < W and 0 < y + float(text.attrib["y"]) < H
        if cards:
            boxes.append(box_of(cards))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for play in drawn.parts("play"):
        assert on_the_felt(box_of(drawn.cards(play)), ellipse)


def pictures(spec: str, seed: int) -> Iterator[str]:
    """Every position of a seeded game as the table and each seat see it, and, for a
    Hazari deal, its rounds."""
    positions = played(spec, seed)
    for state in positions:
        yield svg.render(state)
        for player in range(state.num_players):
            yield svg.render(state, player)
    for player in [None, *range(positions[-1].num_players)]:
        yield from (frame.picture for frame in steps_of(positions[-1], player)[len(positions) :])


@pytest.mark.parametrize(
    ("spec", "seed"),
    [("hazari", 1), ("hazari(actions=groups)", 2)]
    + [(f"azi(players={n})", n) for n in range(2, 7)],
)
def test_every_seat_is_on_the_picture_and_off_the_felt(spec: str, seed: int) -> None:
    """Cards of a seat never touch the felt or its rim, never leave the picture and
    never overlap another seat's; the cards played lie on the felt."""
    for picture in pictures(spec, seed):
        check_layout(picture)


def test_an_arrangement_lies_in_its_groups_apart_and_named(hazari_deal: HazariState) -> None:
    """As the arrangement picture draws it: four groups, a gap between groups side by
    side, each named by its combination (H7), for the table and for each seat."""
    for player in [None, 0, 1, 2, 3]:
        drawn = Drawn(svg.render(hazari_deal, player))
        for seat in drawn.parts("seat"):
            arrangement = hazari_deal.arrangements[int(seat.attrib["data-seat"])]
            assert arrangement is not None
            groups = drawn.parts("group", seat)
            assert [drawn.faces(g) for g in groups] == [
                [str(c) for c in group] for group in arrangement.groups
            ]
            names = ["".join(g.itertext()) for g in groups]
            assert names == [str(c) for c in arrangement.combinations]
            spans = [box_of(drawn.cards(g)) for g in groups]
            for a, b in itertools.pairwise(spans):
                assert b[0] - a[2] >= 10 or b[1] >= a[3], (a, b)


def test_a_seat_sees_the_others_groups_face_down_until_they_are_played() -> None:
    state: Any = load_game("hazari").new_state(seed=3)
    state = state.apply(state.legal_actions()[0])  # one seat is up
    up = state.up[0]
    for player in range(4):
        drawn = Drawn(svg.render(state, player))
        for seat in drawn.parts("seat"):
            number = int(seat.attrib["data-seat"])
            faces = drawn.faces(seat)
            if number == player:
                assert sorted(f or "" for f in faces) == sorted(str(c) for c in state.hands[player])
            else:
                groups = drawn.parts("group", seat)
                assert faces == [None] * 13
                assert len(groups) == (4 if number == up else 0)
                assert all(not "".join(g.itertext()) for g in groups)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_trump_lies_by_the_dealer(players: int) -> None:
    """A4: the dealer's last card is shown face up as the trump, and stays theirs: it is
    drawn with the dealer's cards, whoever deals, for the table and for every seat."""
    game = load_game(f"azi(players={players})")
    for dealer in range(players):
        state: Any = game.new_state(seed=dealer, dealer=dealer)
        for player in [None, *range(players)]:
            drawn = Drawn(svg.render(state, player))
            trumps = drawn.parts("trump")
            assert [drawn.faces(t) for t in trumps] == [[str(state.trump_card)]]
            owners = [s.attrib["data-seat"] for s in drawn.parts("seat") if drawn.parts("trump", s)]
            assert owners == [str(dealer)]


def test_each_hazari_round_is_a_replay_step(hazari_deal: HazariState) -> None:
    """After the last arrangement, one frame per round: every seat's group in front of
    it and named, the group that takes the round framed, the seats holding the groups
    still to play (a seat's frames: its own face up, the others' face down)."""
    positions = frames_of(hazari_deal)
    for player in [None, 0, 1, 2, 3]:
        rounds = steps_of(hazari_deal, player)[len(positions) :]
        assert len(rounds) == 4
        for played_round, frame in zip(hazari_deal.rounds, rounds, strict=True):
            done = played_round.number
            drawn = Drawn(frame.picture)
            plays = {int(p.attrib["data-seat"]): p for p in drawn.parts("play")}
            shown = zip(played_round.players, played_round.groups, strict=True)
            assert {seat: (drawn.faces(p), "".join(p.itertext())) for seat, p in plays.items()} == {
                seat: ([str(c) for c in group], str(evaluate(group))) for seat, group in shown
            }
            taken = [seat for seat, p in plays.items() if "taken" in _classes(p)]
            assert taken == [played_round.winner]
            for seat in drawn.parts("seat"):
                number = int(seat.attrib["data-seat"])
                arrangement = hazari_deal.arrangements[number]
                assert arrangement is not None
                left = [str(c) for group in arrangement.groups[done:] for c in group]
                hidden = player not in (None, number)
                assert drawn.faces(seat) == ([None] * len(left) if hidden else left)
            assert frame.caption.startswith(f"round {done} of 4, seat {played_round.leader} leads")
            assert f"seat {played_round.winner} takes {played_round.points} points" in frame.caption
            assert f"round {done}" in (drawn.root.findtext(f"{SVG}title") or "")


def test_a_match_shows_each_deals_rounds_then_the_next_deal() -> None:
    match: Any = HazariMatch.new(seed=5, rules=HazariRules(target=400))
    while not match.is_terminal:
        match = match.apply(match.legal_actions()[0])
    deals = len(match.finished) + 1
    captions = [frame.caption for frame in steps_of(match)]
    assert len(captions) == len(match.history) + 1 + 4 * deals + (deals - 1)
    assert sum(c.startswith("round 1 of 4") for c in captions) == deals
    starts = [c for c in captions if re.fullmatch(r"deal \d+ begins: seat \d deals", c)]
    assert starts == [
        f"deal {d.deal + 1} begins: seat {d.dealer} deals"
        for d in [*match.finished[1:], match.current]
    ]


def test_deals_are_numbered_from_one_in_pictures_as_in_text() -> None:
    match: Any = HazariMatch.new(seed=2, rules=HazariRules(target=400))
    for _ in range(6):  # into the second deal
        match = match.apply(match.legal_actions()[0])
    for value in [match.current, match]:
        title = ET.fromstring(svg.render(value)).findtext(f"{SVG}title") or ""
        number = match.current.deal + 1
        assert number == 2
        assert title.startswith(f"Hazari deal {number},")
    assert str(match.current).startswith(f"Hazari deal {number},")
    assert f"deal {number}" in str(match).splitlines()[0]
    assert f"deal {number}" in str(match.observation(1)).splitlines()[0]
    azi = load_game("azi").new_state(seed=1)
    assert "deal 1:" in "".join(ET.fromstring(svg.render(azi)).itertext())
