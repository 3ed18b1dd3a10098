"""Azi observations as flat vectors of floats, for learning and search tools.

Both vectors are functions of one player's :class:`AziObservation` (or match
observation) alone. Their slices depend on the number of seats ``n``; cards are
numbered by their position ``p`` (0 to 26) in ``rules.pack``, as in the action
ids. :func:`tensor_layout` lists every slice with its offset, and the Azi game
guide tabulates them.

Every entry is finite and at most :data:`MAX_ENTRY` (one million) in absolute
value, for any legal state. One-hot and flag entries are 0 or 1. Chip amounts
(stake, pot, fee, balances, match totals, raise amounts) are divided by the ante
and clipped to ``[-MAX_ENTRY, MAX_ENTRY]``: the pot can grow geometrically over
re-deals (A12), so without the clip a long game would overflow float32. Counts
(the deal number, raises, tricks, finished games) are clipped to ``MAX_ENTRY``;
only the deal number can get near it.

The observation tensor is what the player sees now:

=================  ============  ===============================================
slice              length        meaning
=================  ============  ===============================================
player             n             the observing seat, one-hot
dealer             n             the current deal's dealer, one-hot
current_player     n             the seat to act, one-hot (all 0 once over)
phase              8             the phase, one-hot, in :class:`Phase` order
dealt_in           n             the seats dealt into the current deal
trump_card         27            the face-up trump card, one-hot by position
trump_suit         3             the trump suit, one-hot in ``rules.suits`` order
hand_seen          1             1 once the player has seen their cards
hand               27            the player's cards now
discard            27            the player's own discard in this deal
folded             n             seats that folded in this deal (A5)
staying            n             seats that chose to play in this deal
passed             n             seats that passed in the bidding (A7)
auction_winner     n             the auction winner, one-hot
raznomast          n             seats that declared raznomast (A13)
partners           n * n         row ``s``: the partner of seat ``s``, one-hot (A14)
trick              n * 27        row ``s``: the card seat ``s`` put on the current
                                 trick, one-hot
tricks             n             tricks each seat took in this deal
played             27            every card played in this deal
scalars            6             deal number, stake / ante, raises made, pot /
                                 ante, fee asked / ante, 1 if a fee is asked
balances           n             each seat's net chips / ante
match              n + 1         a match's totals / ante, then its finished games
                                 (all 0 for a single game)
=================  ============  ===============================================

The information-state tensor is the observation tensor followed by the public
record of the current deal (from its deal on; before a re-deal is dealt, the
deal that ended in Azi):

=================  ============  ===============================================
slice              length        meaning
=================  ============  ===============================================
trick_cards        3 * n * 27    trick ``t``, row ``s``: the card seat ``s`` played
trick_leaders      3 * n         who led trick ``t``, one-hot
trick_winners      3 * n         who took trick ``t``, one-hot
raise_counts       n             raises each seat made in this bidding
last_raise         n             the stake each seat last raised to / ante
discarded          n             seats that discarded (the card stays hidden)
invitations        n * n         row ``s``: the seat that ``s`` invited (A14)
answers            2 * n         per seat: accepted, declined
joined             2 * n         per seat, after the last Azi: joined, stayed out
=================  ============  ===============================================

Both tensors read the event log through a record folded once per event: the
tensors keep the records of the last few lines of play observed
(:data:`RECENT_RECORDS`), and an observation whose events extend a kept record's
folds only the new ones. A game observed every turn therefore costs O(1) amortised
per tensor, however long its history; a kept record is used only when its events
are exactly the first events of the observation's, so any observation gives the
same tensor as a fresh computation.

>>> from cardrules.azi import AziRules, AziState
>>> state = AziState.new(AziRules(players=3), seed=3, dealer=0)
>>> layout = tensor_layout(state.rules)
>>> layout.observation_size, layout.information_state_size
(253, 544)
>>> vector = observation_tensor(state.observation(1))
>>> vector[layout.offset("player"):layout.offset("player") + 3]
[0.0, 1.0, 0.0]
>>> sum(vector[layout.offset("hand"):layout.offset("hand") + 27])   # a blind fold
0.0
"""

from __future__ import annotations

import functools
from typing import Any

from cardrules.azi.events import (
    Answered,
    AziDeclared,
    CardPlayed,
    Dealt,
    Declared,
    Discarded,
    Joined,
    Raised,
    Skipped,
    TrickWon,
)
from cardrules.azi.observation import AziMatchObservation, AziObservation
from cardrules.azi.phases import Phase
from cardrules.azi.rules import AziRules
from cardrules.cards import _show
from cardrules.errors import InvalidRulesError, InvalidStateError

__all__ = [
    "MAX_ENTRY",
    "RECENT_RECORDS",
    "TensorLayout",
    "information_state_tensor",
    "observation_tensor",
    "tensor_layout",
]

PACK_SIZE = 27
TRICKS = 3
MAX_ENTRY = 1_000_000
"""No entry of either tensor is larger than this in absolute value: chip amounts (in
antes) and counts are clipped to it, so every entry is finite, in float32 too."""
_PHASES = {phase: number for number, phase in enumerate(Phase)}


def _observation_slices(n: int) -> tuple[tuple[str, int], ...]:
    return (
        ("player", n),
        ("dealer", n),
        ("current_player", n),
        ("phase", len(_PHASES)),
        ("dealt_in", n),
        ("trump_card", PACK_SIZE),
        ("trump_suit", 3),
        ("hand_seen", 1),
        ("hand", PACK_SIZE),
        ("discard", PACK_SIZE),
        ("folded", n),
        ("staying", n),
        ("passed", n),
        ("auction_winner", n),
        ("raznomast", n),
        ("partners", n * n),
        ("trick", n * PACK_SIZE),
        ("tricks", n),
        ("played", PACK_SIZE),
        ("scalars", 6),
        ("balances", n),
        ("match", n + 1),
    )


def _history_slices(n: int) -> tuple[tuple[str, int], ...]:
    return (
        ("trick_cards", TRICKS * n * PACK_SIZE),
        ("trick_leaders", TRICKS * n),
        ("trick_winners", TRICKS * n),
        ("raise_counts", n),
        ("last_raise", n),
        ("discarded", n),
        ("invitations", n * n),
        ("answers", 2 * n),
        ("joined", 2 * n),
    )


class TensorLayout:
    """The slices of both Azi tensors under one set of rules. Get it with :func:`tensor_layout`.

    ``slices`` lists ``(name, offset, length)`` in order; the observation tensor is
    the first ``observation_size`` floats of the information-state tensor's layout.
    """

    __slots__ = (
        "_offsets",
        "information_state_size",
        "observation_size",
        "players",
        "position",
        "rules",
        "slices",
        "suit_number",
    )

    def __init__(self, rules: AziRules) -> None:
        if not isinstance(rules, AziRules):
            raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
        self.rules = rules
        n = self.players = rules.players
        slices: list[tuple[str, int, int]] = []
        at = 0
        for name, length in _observation_slices(n):
            slices.append((name, at, length))
            at += length
        self.observation_size = at
        for name, length in _history_slices(n):
            slices.append((name, at, length))
            at += length
        self.information_state_size = at
        self.slices = tuple(slices)
        self._offsets = {name: offset for name, offset, _ in slices}
        self.position: dict[int, int] = {card.index: p for p, card in enumerate(rules.pack)}
        self.suit_number: dict[int, int] = {int(suit): k for k, suit in enumerate(rules.suits)}

    def offset(self, name: str) -> int:
        """Where the slice ``name`` starts."""
        try:
            return self._offsets[name]
        except (KeyError, TypeError):
            names = ", ".join(name for name, _, _ in self.slices)
            raise InvalidStateError(
                f"no tensor slice named {_show(name)} (the slices are {names})"
            ) from None


@functools.lru_cache(maxsize=64)
def _cached_layout(rules: AziRules) -> TensorLayout:
    return TensorLayout(rules)


def tensor_layout(rules: AziRules) -> TensorLayout:
    """The tensor layout of ``rules`` (built once per rules, in a bounded cache)."""
    if not isinstance(rules, AziRules):
        raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
    return _cached_layout(rules)


def _unpack(observation: object) -> tuple[AziObservation, tuple[int, ...], int]:
    if isinstance(observation, AziMatchObservation):
        finished = len(observation.games) - (0 if observation.is_over else 1)
        return observation.current, observation.totals, finished
    if not isinstance(observation, AziObservation):
        raise InvalidStateError(f"expected an Azi observation, got {_show(observation)}")
    return observation, (), 0


def observation_tensor(observation: AziObservation | AziMatchObservation) -> list[float]:
    """What the observing player sees now, as floats (see the module documentation)."""
    game, totals, finished = _unpack(observation)
    layout = tensor_layout(game.rules)
    out = [0.0] * layout.observation_size
    _fill_observation(out, layout, game, totals, finished, _record(layout, game.events))
    return out


def information_state_tensor(observation: AziObservation | AziMatchObservation) -> list[float]:
    """The observation tensor followed by the public record of the current deal."""
    game, totals, finished = _unpack(observation)
    layout = tensor_layout(game.rules)
    out = [0.0] * layout.information_state_size
    record = _record(layout, game.events)
    _fill_observation(out, layout, game, totals, finished, record)
    for index, value in record.deal.items():
        out[index] = value
    if record.joined is not None:
        for index, value in record.joined.items():
            out[index] = value
    return out


def _fill_observation(
    out: list[float],
    layout: TensorLayout,
    game: AziObservation,
    totals: tuple[int, ...],
    finished: int,
    record: _Record,
) -> None:
    n = layout.players
    at = layout._offsets  # a dict read, not a method call: 20 of them per tensor
    position = layout.position
    ante = game.rules.ante
    out[at["player"] + game.player] = 1.0
    out[at["dealer"] + game.dealer] = 1.0
    if game.current_player is not None:
        out[at["current_player"] + game.current_player] = 1.0
    out[at["phase"] + _PHASES[game.phase]] = 1.0
    _seats(out, at["dealt_in"], game.seats)
    out[at["trump_card"] + position[game.trump_card.index]] = 1.0
    out[at["trump_suit"] + layout.suit_number[int(game.trump_card.suit)]] = 1.0
    if game.hand is not None:
        out[at["hand_seen"]] = 1.0
        base = at["hand"]
        for card in game.hand:
            out[base + position[card.index]] = 1.0
    if game.discard is not None:
        out[at["discard"] + position[game.discard.index]] = 1.0
    _seats(out, at["folded"], game.folded)
    _seats(out, at["staying"], game.staying)
    _seats(out, at["passed"], game.passed)
    if game.auction_winner is not None:
        out[at["auction_winner"] + game.auction_winner] = 1.0
    _seats(out, at["raznomast"], game.raznomast)
    base = at["partners"]
    for a, b in game.pairs:
        out[base + a * n + b] = 1.0
        out[base + b * n + a] = 1.0
    base = at["trick"]
    for seat, card in game.trick:
        out[base + seat * PACK_SIZE + position[card.index]] = 1.0
    base = at["tricks"]
    for seat, count in enumerate(game.tricks):
        out[base + seat] = _count(count)
    for index in record.played:
        out[index] = 1.0
    base = at["scalars"]
    out[base] = _count(game.deal)
    out[base + 1] = _chips(game.stake, ante)
    out[base + 2] = _count(game.raises)
    out[base + 3] = _chips(game.pot, ante)
    if game.fee is not None:
        out[base + 4] = _chips(game.fee, ante)
        out[base + 5] = 1.0
    base = at["balances"]
    for seat, chips in enumerate(game.balances):
        out[base + seat] = _chips(chips, ante)
    base = at["match"]
    for seat, chips in enumerate(totals):
        out[base + seat] = _chips(chips, ante)
    out[base + n] = _count(finished)


def _chips(chips: int, ante: int) -> float:
    """``chips / ante``, clipped to ``[-MAX_ENTRY, MAX_ENTRY]`` (compared as integers, so
    no amount is too large for a float).

    >>> _chips(25, 10), _chips(-10**400, 10), _chips(10**7 * 10, 10)
    (2.5, -1000000.0, 1000000.0)
    """
    if chips >= MAX_ENTRY * ante:
        return float(MAX_ENTRY)
    if chips <= -MAX_ENTRY * ante:
        return -float(MAX_ENTRY)
    return chips / ante


def _count(count: int) -> float:
    """``count``, clipped to ``MAX_ENTRY``."""
    return float(min(count, MAX_ENTRY))


def _seats(out: list[float], base: int, seats: tuple[int, ...]) -> None:
    for seat in seats:
        out[base + seat] = 1.0


RECENT_RECORDS = 8
"""How many event records the tensors keep (most recently used first): every line of
play being observed at once (one per search branch or game in flight) reuses its own."""


class _Record:
    """What both tensors read from a game's events, folded once over a prefix of them.

    ``played`` holds the tensor indices of the cards played in the current deal;
    ``deal`` the information-state entries of the current deal (index to value);
    ``joined`` the join entries since the last Azi (``None`` before any Azi). A record
    never changes once made: :meth:`extended` folds later events into a copy, so
    a record stays valid for every line of play that shares its events.
    """

    __slots__ = ("deal", "events", "joined", "layout", "led", "played", "trick")

    def __init__(self, layout: TensorLayout) -> None:
        self.layout = layout
        self.events: tuple[Any, ...] = ()
        self.played: list[int] = []
        self.deal: dict[int, float] = {}
        self.joined: dict[int, float] | None = None
        self.trick = 0
        self.led = False

    def extended(self, events: tuple[Any, ...]) -> _Record:
        """A record of ``events``, whose first ``len(self.events)`` are this record's."""
        new = _Record(self.layout)
        new.played, new.deal = list(self.played), dict(self.deal)
        new.trick, new.led = self.trick, self.led
        new.joined = None if self.joined is None else dict(self.joined)
        for event in events[len(self.events) :]:
            new._fold(event)
        new.events = events
        return new

    def _fold(self, event: Any) -> None:
        layout = self.layout
        n = layout.players
        at = layout._offsets
        kind = type(event)
        if kind is CardPlayed:
            position = layout.position[event.card.index]
            self.played.append(at["played"] + position)
            if self.trick < TRICKS:
                row = self.trick * n + event.player
                self.deal[at["trick_cards"] + row * PACK_SIZE + position] = 1.0
                if not self.led:
                    self.deal[at["trick_leaders"] + row] = 1.0
                    self.led = True
        elif kind is TrickWon:
            if self.trick < TRICKS:
                self.deal[at["trick_winners"] + self.trick * n + event.player] = 1.0
            self.trick += 1
            self.led = False
        elif kind is Raised:
            index = at["raise_counts"] + event.player
            self.deal[index] = min(self.deal.get(index, 0.0) + 1.0, MAX_ENTRY)
            self.deal[at["last_raise"] + event.player] = _chips(event.amount, layout.rules.ante)
        elif kind is Discarded:
            self.deal[at["discarded"] + event.player] = 1.0
        elif kind is Declared:
            if event.invite is not None:
                self.deal[at["invitations"] + event.player * n + event.invite] = 1.0
        elif kind is Answered:
            self.deal[at["answers"] + 2 * event.player + (0 if event.accepted else 1)] = 1.0
        elif kind is Dealt:
            self.played, self.deal, self.trick, self.led = [], {}, 0, False
        elif kind is AziDeclared:
            self.joined = {}
        elif kind is Joined:
            if self.joined is not None:
                self.joined[at["joined"] + 2 * event.player] = 1.0
        elif kind is Skipped and self.joined is not None:
            self.joined[at["joined"] + 2 * event.player + 1] = 1.0


_RECENT: list[_Record] = []


def _record(layout: TensorLayout, events: tuple[Any, ...]) -> _Record:
    """The record of ``events``, folding only the events no kept record has folded.

    A game observed every turn asks for its events one longer each time: the record
    of the last observation is a prefix, found here, so each event is folded once
    (the profile put a long game's time in rereading the whole deal at every turn).
    A kept record counts only if its events are exactly the first events of
    ``events``: a comparison in C, object by object, that is true at once for the
    event objects a game shares between its positions.
    """
    size = len(events)
    best: _Record | None = None
    recent = _RECENT
    for record in recent:
        folded = record.events
        length = len(folded)
        if (
            record.layout is layout
            and length <= size
            and (best is None or length > len(best.events))
            and (length == 0 or (events[length - 1] is folded[-1] and _starts(events, folded)))
        ):
            best = record
            if length == size:
                break
    if best is None:
        best = _Record(layout)
    if len(best.events) < size:
        best = best.extended(events)
    if not recent or recent[0] is not best:
        recent[:] = [best, *(record for record in recent if record is not best)][:RECENT_RECORDS]
    return best


def _starts(events: tuple[Any, ...], prefix: tuple[Any, ...]) -> bool:
    """True if ``events`` begins with ``prefix`` (compared in C, identity first)."""
    return (events if len(events) == len(prefix) else events[: len(prefix)]) == prefix
