"""Pictures of Hazari values: combinations, arrangements, deals and what a seat sees.

Importing :mod:`cardrules.hazari` registers these with :func:`cardrules.svg.render`.

>>> from cardrules import hazari, svg
>>> state = hazari.new_game(seed=7)
>>> picture = svg.render(state, player=0)
>>> "seat 0 (dealer, you)" in picture and picture.count('class="card back"') == 39
True
"""

from __future__ import annotations

import attrs

from cardrules import svg
from cardrules.cards import Card
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.combination import Combination
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.events import RoundPlayed
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation
from cardrules.hazari.points import points_of
from cardrules.hazari.state import HazariState, _start_from_record

__all__ = ["draw_arrangement", "draw_combination", "draw_observation", "draw_state"]

_GROUPS = (3, 3, 3, 4)


def _texts(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


@svg.checked
def draw_combination(combination: Combination, player: int | None = None) -> str:
    """A combination: its ranks as suitless tiles, and its name."""
    tiles = [f"{rank.symbol}-" for rank in combination.ranks]
    width = max(svg.CARD_WIDTH + 21 * (len(tiles) - 1) + 16, 9 * len(str(combination)) + 16)
    body = (
        f'<rect width="{width}" height="{svg.CARD_HEIGHT + 40}" fill="#14361f"/>'
        + svg.card_row(8, 8, tiles)
        + f'<text x="8" y="{svg.CARD_HEIGHT + 30}" font-size="14" fill="#ffffff">'
        + _escape(str(combination))
        + "</text>"
    )
    return svg.document(width, svg.CARD_HEIGHT + 40, body, str(combination))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@svg.checked
def draw_arrangement(arrangement: Arrangement, player: int | None = None) -> str:
    """An arrangement: the four groups side by side, each named below."""
    parts = ['<rect width="100%" height="100%" fill="#14361f"/>']
    x = 8.0
    for group, combination in zip(arrangement.groups, arrangement.combinations, strict=True):
        parts.append(svg.card_row(x, 8, _texts(group)))
        name = _escape(str(combination))
        parts.append(
            f'<text x="{x:.1f}" y="{svg.CARD_HEIGHT + 28}" font-size="12" fill="#ffffff">'
            f"{name}</text>"
        )
        x += max(21 * (len(group) - 1) + svg.CARD_WIDTH, 7 * len(name)) + 18
    return svg.document(x, svg.CARD_HEIGHT + 40, "".join(parts), arrangement.format())


def _arranged(arrangement: Arrangement | None) -> tuple[tuple[str, ...], tuple[int, ...]]:
    if arrangement is None:
        return (), ()
    return tuple(str(c) for group in arrangement.groups for c in group), _GROUPS


def _round_lines(rounds: tuple[RoundPlayed, ...]) -> tuple[str, ...]:
    return tuple(
        f"round {r.number}: seat {r.winner} takes {points_of(_flat(r.groups))} points"
        for r in rounds
    )


def _flat(groups: tuple[tuple[Card, ...], ...]) -> tuple[Card, ...]:
    return tuple(card for group in groups for card in group)


def _label(seat: int, dealer: int, you: int | None) -> str:
    marks = [m for m, on in (("dealer", seat == dealer), ("you", seat == you)) if on]
    return f"seat {seat}" + (f" ({', '.join(marks)})" if marks else "")


@svg.checked
def draw_state(state: HazariState, player: int | None = None) -> str:
    """A deal as the table sees it, or with ``player`` as that seat sees it."""
    if player is not None:
        return draw_observation(state.observation(player))
    seats = []
    for seat in range(PLAYERS):
        arrangement = state.arrangements[seat]
        cards, groups = _arranged(arrangement)
        if not cards:
            cards = _texts(tuple(sorted(state.hands[seat])))
        notes = ("up" if seat in state.up else "arranging", f"{state.scores[seat]} points")
        seats.append(
            svg.Seat(
                _label(seat, state.dealer, None),
                cards,
                notes,
                groups,
                seat == state.current_player,
            )
        )
    info = _info(state.deal, state.current_player, state.is_terminal, state.rounds)
    title = f"Hazari deal {state.deal}, seat {state.dealer} deals"
    return svg.draw_table(svg.Table(title, tuple(seats), info))


def _info(
    deal: int, current: int | None, over: bool, rounds: tuple[RoundPlayed, ...]
) -> tuple[str, ...]:
    turn = "the deal is over" if over else f"seat {current} to arrange"
    return (f"deal {deal}: {turn}", *_round_lines(rounds))


@svg.checked
def draw_observation(observation: HazariObservation, player: int | None = None) -> str:
    """What one seat sees: its own hand, the others face down until their rounds show."""
    you = observation.player
    rounds = tuple(e for e in observation.events if isinstance(e, RoundPlayed))
    shown: list[list[str]] = [[] for _ in range(PLAYERS)]
    for played in rounds:
        for offset, group in enumerate(played.groups):
            shown[(played.leader + offset) % PLAYERS].extend(_texts(group))
    seats = []
    for seat in range(PLAYERS):
        groups: tuple[int, ...] = ()
        cards: tuple[str | None, ...]
        if seat == you:
            cards, groups = _arranged(observation.arrangement)
            if not cards:
                cards = _texts(tuple(sorted(observation.hand)))
        else:
            revealed: tuple[str | None, ...] = tuple(shown[seat])
            cards = revealed + (None,) * (13 - len(revealed))
            groups = _GROUPS if revealed else ()
        up = "up" if seat in observation.up else "arranging"
        notes = (up, f"{observation.scores[seat]} points")
        seats.append(
            svg.Seat(
                _label(seat, observation.dealer, you),
                cards,
                notes,
                groups,
                seat == observation.current_player,
            )
        )
    info = _info(
        observation.deal, observation.current_player, observation.current_player is None, rounds
    )
    title = f"Hazari deal {observation.deal}, seen by seat {you}"
    return svg.draw_table(svg.Table(title, tuple(seats), info, bottom=you))


def _draw_match(match: HazariMatch, player: int | None) -> str:
    return draw_state(match.current, player)


def _draw_match_observation(observation: HazariMatchObservation, player: int | None) -> str:
    return draw_observation(observation.deals[-1])


def _start_deal(state: HazariState) -> HazariState:
    return _start_from_record(attrs.evolve(state.record(), actions=()))


def _start_match(match: HazariMatch) -> HazariMatch:
    return HazariMatch._start(attrs.evolve(match.record(), actions=()))


svg.register(Combination, draw_combination)
svg.register(Arrangement, draw_arrangement)
svg.register(HazariState, draw_state, start=_start_deal)
svg.register(HazariObservation, draw_observation)
svg.register(HazariMatch, _draw_match, start=_start_match)
svg.register(HazariMatchObservation, _draw_match_observation)
