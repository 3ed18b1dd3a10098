"""Pictures of Azi values: a pot as the table sees it, and what a seat sees.

Importing :mod:`cardrules.azi` registers these with :func:`cardrules.svg.render`.
The public facts come from an observation (every seat sees them alike); the
cards come from the state, or, for one seat's view, only from that seat's hand.
The trump card lies face up beside the dealer's hand (A4).

>>> from cardrules import azi, svg
>>> state = azi.new_game(players=4, seed=7)
>>> picture = svg.render(state)
>>> "trump" in picture and picture.count('class="card"') == 4 * 4 + 1
True
"""

from __future__ import annotations

import attrs

from cardrules import svg
from cardrules.azi.match import AziMatch
from cardrules.azi.observation import AziMatchObservation, AziObservation
from cardrules.azi.phases import Phase
from cardrules.azi.state import AziState
from cardrules.cards import Card

__all__ = ["draw_observation", "draw_state"]

_DEALT = 4


@svg.checked
def draw_state(state: AziState, player: int | None = None) -> str:
    """A pot as the table sees it (every hand face up), or as ``player`` sees it."""
    if player is not None:
        return draw_observation(state.observation(player))
    public = state.observation(state.dealer)
    hands = tuple(_held(hand) for hand in state.hands)
    notes = tuple((f"discarded {card}",) if card is not None else () for card in _discards(state))
    return _draw(public, hands, None, notes, state.winner)


def _held(hand: tuple[Card, ...]) -> tuple[str, ...]:
    """A hand as a player holds it: by suit, low to high (the order dealt is not shown)."""
    return tuple(str(c) for c in sorted(hand, key=lambda c: (c.suit, c.rank)))


def _discards(state: AziState) -> tuple[Card | None, ...]:
    return tuple(state.observation(seat).discard for seat in range(state.num_players))


def _backs(observation: AziObservation, seat: int) -> int:
    """How many cards a staying seat holds, as every seat can count them."""
    if observation.phase in (Phase.FOLD, Phase.DISCARD):
        return _DEALT
    played = sum(observation.tricks) + any(s == seat for s, _ in observation.trick)
    return max(0, _DEALT - 1 - played)


@svg.checked
def draw_observation(observation: AziObservation, player: int | None = None) -> str:
    """What one seat sees: its own hand face up, the other hands face down."""
    you = observation.player
    hands: list[tuple[str | None, ...]] = []
    for seat in range(len(observation.balances)):
        if seat == you and observation.hand is not None:
            hands.append(_held(observation.hand))
        elif seat in observation.staying or observation.phase is Phase.FOLD:
            hands.append((None,) * _backs(observation, seat))
        else:
            hands.append(())
    mine = (f"discarded {observation.discard}",) if observation.discard is not None else ()
    notes = tuple(mine if seat == you else () for seat in range(len(hands)))
    return _draw(observation, tuple(hands), you, notes, None)


def _status(observation: AziObservation, seat: int) -> str:
    if seat in observation.folded:
        return "folded"
    words = ["playing" if seat in observation.staying else "waiting"]
    if seat in observation.passed:
        words.append("passed")
    if seat in observation.raznomast:
        words.append("raznomast")
    for a, b in observation.pairs:
        if seat in (a, b):
            words.append(f"partner {b if seat == a else a}")
    return ", ".join(words)


def _label(seat: int, observation: AziObservation, you: int | None) -> str:
    marks = [m for m, on in (("dealer", seat == observation.dealer), ("you", seat == you)) if on]
    return f"seat {seat}" + (f" ({', '.join(marks)})" if marks else "")


def _draw(
    observation: AziObservation,
    hands: tuple[tuple[str | None, ...], ...],
    you: int | None,
    extra: tuple[tuple[str, ...], ...],
    winner: int | None,
) -> str:
    seats = []
    for seat, cards in enumerate(hands):
        tricks = observation.tricks[seat]
        notes = (
            _status(observation, seat),
            f"{tricks} trick{'' if tricks == 1 else 's'}, balance {observation.balances[seat]}",
            *extra[seat],
        )
        label = _label(seat, observation, you)
        seats.append(svg.Seat(label, cards, notes, (), seat == observation.current_player))
    phase = observation.phase.value
    if observation.current_player is None:
        turn = f"{phase}" + (f": seat {winner} wins" if winner is not None else "")
    else:
        turn = f"{phase} phase, seat {observation.current_player} to act"
    info = (
        f"deal {observation.deal + 1}: {turn}",
        f"pot {observation.pot}, stake {observation.stake} ({observation.raises} raises)",
    )
    title = f"Azi, {len(hands)} players" + (f", seen by seat {you}" if you is not None else "")
    middle = tuple((seat, str(card)) for seat, card in observation.trick)
    table = svg.Table(
        title,
        tuple(seats),
        info,
        middle,
        str(observation.trump_card),
        bottom=0 if you is None else you,
        dealer=observation.dealer,
    )
    return svg.draw_table(table)


def _draw_match(match: AziMatch, player: int | None) -> str:
    return draw_state(match.current, player)


def _draw_match_observation(observation: AziMatchObservation, player: int | None) -> str:
    return draw_observation(observation.games[-1])


def _start_pot(state: AziState) -> AziState:
    return AziState._start(attrs.evolve(state.record(), actions=()))


def _start_match(match: AziMatch) -> AziMatch:
    return AziMatch._start(attrs.evolve(match.record(), actions=()))


svg.register(AziState, draw_state, start=_start_pot)
svg.register(AziObservation, draw_observation)
svg.register(AziMatch, _draw_match, start=_start_match)
svg.register(AziMatchObservation, _draw_match_observation)
