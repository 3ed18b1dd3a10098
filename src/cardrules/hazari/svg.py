"""Pictures of Hazari values: combinations, arrangements, deals, rounds and what a seat sees.

Importing :mod:`cardrules.hazari` registers these with :func:`cardrules.svg.render`.
On the table, an arrangement lies in its four groups (H7), apart and each named
by its combination, as the arrangement picture draws them; the seats sit
counter-clockwise (H9). A replay shows the four rounds after the last arrangement,
one frame each: every seat's group in front of it, named, and the group that
takes the round framed (:func:`round_frames`).

>>> from cardrules import hazari, svg
>>> state = hazari.new_game(seed=7)
>>> picture = svg.render(state, player=0)
>>> "seat 0 (dealer, you)" in picture and picture.count('class="card back"') == 39
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules import svg
from cardrules.cards import Card
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.combination import Combination
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.evaluator import evaluate
from cardrules.hazari.events import RoundPlayed
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation
from cardrules.hazari.state import HazariState, _start_from_record

__all__ = [
    "draw_arrangement",
    "draw_combination",
    "draw_observation",
    "draw_state",
    "round_frames",
]

_GROUPS = (3, 3, 3, 4)


def _texts(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


@svg.checked
def draw_combination(combination: Combination, player: int | None = None) -> str:
    """A combination: its ranks as suitless tiles, and its name."""
    tiles = [f"{rank.symbol}-" for rank in combination.ranks]
    width = max(svg.CARD_WIDTH + svg.STEP * (len(tiles) - 1) + 16, 9 * len(str(combination)) + 16)
    body = (
        f'<rect width="{width}" height="{svg.CARD_HEIGHT + 40}" fill="#14361f"/>'
        + svg.card_row(8, 8, tiles)
        + svg.text(8, svg.CARD_HEIGHT + 30, str(combination), anchor="start")
    )
    return svg.document(width, svg.CARD_HEIGHT + 40, body, str(combination))


@svg.checked
def draw_arrangement(arrangement: Arrangement, player: int | None = None) -> str:
    """An arrangement: the four groups side by side, each named below."""
    parts = ['<rect width="100%" height="100%" fill="#14361f"/>']
    x = 8.0
    for group, combination in zip(arrangement.groups, arrangement.combinations, strict=True):
        parts.append(svg.card_row(x, 8, _texts(group)))
        name = str(combination)
        parts.append(svg.text(x, svg.CARD_HEIGHT + 28, name, size=12, anchor="start"))
        x += max(svg.STEP * (len(group) - 1) + svg.CARD_WIDTH, 7 * len(name)) + 18
    return svg.document(x, svg.CARD_HEIGHT + 40, "".join(parts), arrangement.format())


def _name(group: Sequence[Card]) -> str:
    return str(evaluate(group))


@attrs.frozen
class _Hand:
    """A seat's cards as drawn: faces (``None`` face down), group sizes and names."""

    cards: tuple[str | None, ...] = ()
    groups: tuple[int, ...] = ()
    names: tuple[str, ...] = ()


def _open(groups: Sequence[Sequence[Card]], rest: Sequence[Card] = (), named: bool = True) -> _Hand:
    """Groups face up, each named, then the other cards (sorted) as one more group."""
    cards = [*(c for group in groups for c in group), *sorted(rest)]
    sizes = tuple(len(group) for group in groups) + ((len(rest),) if rest and groups else ())
    names = tuple(_name(group) for group in groups) if named else ()
    return _Hand(_texts(cards), sizes, names)


def _own(
    hand: Sequence[Card], arrangement: Arrangement | None, chosen: Sequence[Sequence[Card]]
) -> _Hand:
    """What a seat holds as it knows it: its arrangement, or its chosen groups and the rest."""
    if arrangement is not None:
        return _open(arrangement.groups)
    taken = {c for group in chosen for c in group}
    return _open(chosen, [c for c in hand if c not in taken])


def _label(seat: int, dealer: int, you: int | None) -> str:
    marks = [m for m, on in (("dealer", seat == dealer), ("you", seat == you)) if on]
    return f"seat {seat}" + (f" ({', '.join(marks)})" if marks else "")


def _seat(
    seat: int, hand: _Hand, notes: tuple[str, ...], dealer: int, you: int | None, active: bool
) -> svg.Seat:
    return svg.Seat(_label(seat, dealer, you), hand.cards, notes, hand.groups, active, hand.names)


def _title(deal: int, dealer: int, you: int | None, more: str = "") -> str:
    seen = f", seen by seat {you}" if you is not None else ""
    return f"Hazari deal {deal + 1}, seat {dealer} deals{more}{seen}"


def _info(current: int | None, rounds: Sequence[RoundPlayed]) -> tuple[str, ...]:
    turn = "the deal is over" if current is None else f"seat {current} to arrange"
    return (turn, *(f"round {r.number}: seat {r.winner} takes {r.points} points" for r in rounds))


def _status(seat: int, up: Sequence[int], scores: Sequence[int]) -> tuple[str, ...]:
    return ("up" if seat in up else "arranging", f"{scores[seat]} points")


@svg.checked
def draw_state(state: HazariState, player: int | None = None) -> str:
    """A deal as the table sees it, or with ``player`` as that seat sees it."""
    if player is not None:
        return draw_observation(state.observation(player))
    seats = []
    for seat in range(PLAYERS):
        acting = seat == state.current_player
        hand = _own(state.hands[seat], state.arrangements[seat], state.chosen if acting else ())
        notes = _status(seat, state.up, state.scores)
        seats.append(_seat(seat, hand, notes, state.dealer, None, acting))
    info = _info(state.current_player, state.rounds)
    title = _title(state.deal, state.dealer, None)
    return svg.draw_table(svg.Table(title, tuple(seats), info, clockwise=False))


def _rounds(observation: HazariObservation) -> tuple[RoundPlayed, ...]:
    return tuple(e for e in observation.events if isinstance(e, RoundPlayed))


def _shown(rounds: Sequence[RoundPlayed], seat: int) -> list[tuple[Card, ...]]:
    """The groups ``seat`` has played, in round order."""
    return [r.groups[(seat - r.leader) % PLAYERS] for r in rounds]


@svg.checked
def draw_observation(observation: HazariObservation, player: int | None = None) -> str:
    """What one seat sees: its own hand, the others face down until their rounds show."""
    you = observation.player
    rounds = _rounds(observation)
    seats = []
    for seat in range(PLAYERS):
        if seat == you:
            hand = _own(observation.hand, observation.arrangement, observation.groups)
        elif rounds:
            hand = _open(_shown(rounds, seat))
        else:
            hand = _Hand((None,) * 13, _GROUPS if seat in observation.up else ())
        notes = _status(seat, observation.up, observation.scores)
        active = seat == observation.current_player
        seats.append(_seat(seat, hand, notes, observation.dealer, you, active))
    info = _info(observation.current_player, rounds)
    title = _title(observation.deal, observation.dealer, you)
    table = svg.Table(title, tuple(seats), info, bottom=you, clockwise=False)
    return svg.draw_table(table)


@svg.checked
def round_frames(deal: HazariState, player: int | None = None) -> tuple[svg.Frame, ...]:
    """The rounds of a finished deal, one replay frame each, as the table or ``player``
    sees them: each seat's group in front of it, named, the round's winner framed.

    A seat's frames come from its observation alone (the public rounds and its own
    arrangement): the other seats' groups still to come are face down.
    """
    if player is None:
        known = deal.arrangements
        return _round_frames(deal.deal, deal.dealer, deal.rounds, known, None)
    seen = deal.observation(player)
    known = tuple(seen.arrangement if seat == player else None for seat in range(PLAYERS))
    return _round_frames(seen.deal, seen.dealer, _rounds(seen), known, player)


def _round_frames(
    deal: int,
    dealer: int,
    rounds: Sequence[RoundPlayed],
    known: Sequence[Arrangement | None],
    you: int | None,
) -> tuple[svg.Frame, ...]:
    frames = []
    taken = [0] * PLAYERS
    for played in rounds:
        taken[played.winner] += played.points
        done = played.number
        seats = []
        for seat in range(PLAYERS):
            arrangement = known[seat]
            if arrangement is not None:
                hand = _open(arrangement.groups[done:])
            else:
                hand = _Hand((None,) * sum(_GROUPS[done:]), _GROUPS[done:])
            seats.append(_seat(seat, hand, (f"{taken[seat]} points",), dealer, you, False))
        plays = tuple(
            svg.Play(seat, _texts(group), _name(group), seat == played.winner)
            for seat, group in zip(played.players, played.groups, strict=True)
        )
        best = _name(played.groups[played.players.index(played.winner)])
        takes = f"seat {played.winner} takes {played.points} points"
        info = (f"round {done} of 4: seat {played.leader} leads", takes)
        title = _title(deal, dealer, you, f", round {done}")
        bottom = 0 if you is None else you
        table = svg.Table(title, tuple(seats), info, bottom=bottom, plays=plays, clockwise=False)
        caption = f"round {done} of 4, seat {played.leader} leads: {takes} with {best}"
        frames.append(svg.Frame(caption, svg.draw_table(table)))
    return tuple(frames)


def _deal_steps(state: HazariState, caption: str, player: int | None) -> tuple[svg.Frame, ...]:
    return (svg.Frame(caption, draw_state(state, player)), *round_frames(state, player))


def _match_steps(match: HazariMatch, caption: str, player: int | None) -> tuple[svg.Frame, ...]:
    """The move's frame; when it ends a deal, that deal's rounds, then the next deal."""
    if match.is_terminal:
        return _deal_steps(match.current, caption, player)
    if match.current.history or not match.finished:
        return (svg.Frame(caption, _draw_match(match, player)),)
    ended = match.finished[-1]
    start = match.current
    following = f"deal {start.deal + 1} begins: seat {start.dealer} deals"
    return (*_deal_steps(ended, caption, player), svg.Frame(following, _draw_match(match, player)))


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
svg.register(HazariState, draw_state, start=_start_deal, steps=_deal_steps)
svg.register(HazariObservation, draw_observation)
svg.register(HazariMatch, _draw_match, start=_start_match, steps=_match_steps)
svg.register(HazariMatchObservation, _draw_match_observation)
