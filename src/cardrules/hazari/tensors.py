"""Hazari observations as flat vectors of floats, for learning and search tools.

:func:`observation_tensor` turns one player's :class:`HazariObservation` (or a
match observation) into a list of :data:`TENSOR_SIZE` floats. The slices, by offset:

=======  ======  ==============================================================
offset   length  meaning
=======  ======  ==============================================================
0        4       the observing seat, one-hot
4        4       the dealer's seat, one-hot
8        4       the seat to arrange next, one-hot (all 0 once the deal is over)
12       52      the player's own hand: 1 at each card's index (2C = 0 ... AS = 51)
64       52      the player's own 4-card group, once up (H7)
116      156     the player's own 3-card groups, strongest first, 52 each; under
                 ``actions="groups"``, before the player is up, the groups chosen
                 so far in the order chosen
272      4       the seats that are up (H8)
276      864     rounds 1 to 4, 216 each: the leader one-hot (4), the winner
                 one-hot (4), then the cards each seat showed, 52 per seat in seat
                 order (all 0 until the round is played)
1140     4       each seat's card points for the deal, divided by 360 (H12)
1144     4       a match's totals over its finished deals, divided by the target
                 (0 for a single deal)
=======  ======  ==============================================================

Every entry lies in ``[0, 1]`` except the match totals, which stay below
``1 + DEAL_POINTS / target``: a match ends with the deal in which someone reaches
the target, and a deal adds at most :data:`DEAL_POINTS`. So every entry is finite.

The observation already holds all a Hazari player has seen (their own groups so far
included, under ``actions="groups"``), so the information-state tensor is the same vector.

>>> from cardrules.hazari import new_game
>>> state = new_game(seed=7)
>>> vector = observation_tensor(state.observation(1))
>>> len(vector) == TENSOR_SIZE, sum(vector[12:64]), vector[0:4]
(True, 13.0, [0.0, 1.0, 0.0, 0.0])
"""

from __future__ import annotations

from cardrules.cards import _show
from cardrules.errors import InvalidStateError
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.events import RoundPlayed
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation

__all__ = [
    "DEAL_POINTS",
    "SLICES",
    "TENSOR_SIZE",
    "information_state_tensor",
    "observation_tensor",
]

CARDS = 52
DEAL_POINTS = 360
"""The card points of a whole deal (H2): the scale of the score slice."""

_ROUND = 2 * PLAYERS + PLAYERS * CARDS

SLICES: tuple[tuple[str, int], ...] = (
    ("player", PLAYERS),
    ("dealer", PLAYERS),
    ("current_player", PLAYERS),
    ("hand", CARDS),
    ("four", CARDS),
    ("threes", 3 * CARDS),
    ("up", PLAYERS),
    ("rounds", 4 * _ROUND),
    ("scores", PLAYERS),
    ("totals", PLAYERS),
)
"""Each slice's name and length, in order (the module documentation says what they mean)."""

_OFFSET: dict[str, int] = {}
_at = 0
for _name, _length in SLICES:
    _OFFSET[_name] = _at
    _at += _length
TENSOR_SIZE = _at
"""The length of every Hazari tensor."""
del _at

_PLAYER = _OFFSET["player"]
_DEALER = _OFFSET["dealer"]
_CURRENT = _OFFSET["current_player"]
_HAND = _OFFSET["hand"]
_FOUR = _OFFSET["four"]
_THREES = _OFFSET["threes"]
_UP = _OFFSET["up"]
_ROUNDS = _OFFSET["rounds"]
_SCORES = _OFFSET["scores"]
_TOTALS = _OFFSET["totals"]


def observation_tensor(observation: HazariObservation | HazariMatchObservation) -> list[float]:
    """What the observing player knows, as :data:`TENSOR_SIZE` floats (see the module docs)."""
    totals: tuple[int, ...] = ()
    target = 1
    if isinstance(observation, HazariMatchObservation):
        totals, target = observation.totals, observation.rules.target
        observation = observation.current
    if not isinstance(observation, HazariObservation):
        raise InvalidStateError(f"expected a Hazari observation, got {_show(observation)}")
    out = [0.0] * TENSOR_SIZE
    out[_PLAYER + observation.player] = 1.0
    out[_DEALER + observation.dealer] = 1.0
    if observation.current_player is not None:
        out[_CURRENT + observation.current_player] = 1.0
    for card in observation.hand:
        out[_HAND + card.index] = 1.0
    arrangement = observation.arrangement
    if arrangement is not None:
        for card in arrangement.four:
            out[_FOUR + card.index] = 1.0
        for number, group in enumerate(arrangement.threes):
            base = _THREES + number * CARDS
            for card in group:
                out[base + card.index] = 1.0
    else:
        for number, group in enumerate(observation.groups):
            base = _THREES + number * CARDS
            for card in group:
                out[base + card.index] = 1.0
    for seat in observation.up:
        out[_UP + seat] = 1.0
    for event in observation.events:
        if isinstance(event, RoundPlayed):
            base = _ROUNDS + (event.number - 1) * _ROUND
            out[base + event.leader] = 1.0
            out[base + PLAYERS + event.winner] = 1.0
            for place, group in enumerate(event.groups):
                seat_base = base + 2 * PLAYERS + ((event.leader + place) % PLAYERS) * CARDS
                for card in group:
                    out[seat_base + card.index] = 1.0
    for seat, score in enumerate(observation.scores):
        out[_SCORES + seat] = score / DEAL_POINTS
    for seat, total in enumerate(totals):
        out[_TOTALS + seat] = total / target
    return out


def information_state_tensor(
    observation: HazariObservation | HazariMatchObservation,
) -> list[float]:
    """Everything the player has seen: in Hazari the same vector as :func:`observation_tensor`."""
    return observation_tensor(observation)
