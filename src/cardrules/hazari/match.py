"""A Hazari match: deals with a rotating dealer until someone reaches the target (H12).

The match is a game state on the same protocol as a single deal. Deal ``n`` is
drawn from ``dealing.deck(n)`` and dealt by ``(first_dealer + n) % 4`` (H9: the deal
passes to the right). After each deal the card points are added to the totals; once
any total reaches ``rules.target`` the match is over and every seat with the highest
total is a (joint) winner.

:meth:`HazariMatch.returns` gives each seat's total card points over the match.

>>> match = HazariMatch.new(seed=3, rules=HazariRules(target=400))
>>> while not match.is_terminal:
...     match = match.apply(next(iter(match.legal_actions())))
>>> max(match.totals) >= 400, sum(match.totals) == 360 * len(match.deals)
(True, True)
>>> HazariMatch.from_json(match.to_json()) == match
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.cards import format_cards
from cardrules.dealing import Dealing
from cardrules.game import LegalActions, Turn
from cardrules.hazari.actions import Up, parse_action
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.events import DealStarted, MatchEvent, MatchOver
from cardrules.hazari.observation import HazariMatchObservation
from cardrules.hazari.rules import HazariRules
from cardrules.hazari.state import HazariState
from cardrules.records import GameRecord, load_record, record_actions
from cardrules.rng import Rng

__all__ = ["MATCH_GAME", "HazariMatch"]

MATCH_GAME = "hazari-match"
"""The game name written in a match's record."""


def _winners(totals: Sequence[int]) -> tuple[int, ...]:
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


@attrs.frozen(repr=False)
class HazariMatch:
    """One position of a Hazari match. Create it with :meth:`new` or :meth:`from_dealing`.

    ``finished`` are the deals already played; ``current`` is the deal in progress (or
    the last deal, once the match is over); ``totals`` are the points by seat over every
    finished deal, the last one included once the match is over.
    """

    rules: HazariRules
    dealing: Dealing
    first_dealer: int
    finished: tuple[HazariState, ...]
    current: HazariState
    totals: tuple[int, ...]

    @classmethod
    def new(
        cls, *, seed: int | None = None, dealer: int = 0, rules: HazariRules | None = None
    ) -> HazariMatch:
        """A fresh match whose deals are drawn from ``seed``, first dealt by ``dealer``."""
        return cls.from_dealing(Dealing(seed=seed), dealer=dealer, rules=rules)

    @classmethod
    def from_dealing(
        cls, dealing: Dealing, *, dealer: int = 0, rules: HazariRules | None = None
    ) -> HazariMatch:
        """A fresh match drawing deal ``n`` from ``dealing`` (explicit decks come first)."""
        rules = HazariRules() if rules is None else rules
        first = HazariState.from_dealing(dealing, dealer=dealer, deal=0, rules=rules)
        return cls(rules, dealing, dealer, (), first, (0,) * PLAYERS)

    @property
    def num_players(self) -> int:
        """Always 4 (H1)."""
        return PLAYERS

    @property
    def deals(self) -> tuple[HazariState, ...]:
        """Every deal so far, the current one last."""
        return (*self.finished, self.current)

    @property
    def is_terminal(self) -> bool:
        """True once the last deal is over and someone has reached the target."""
        return self.current.is_terminal

    @property
    def current_player(self) -> int | None:
        """Who must act in the current deal, or ``None`` once the match is over."""
        return self.current.current_player

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the match is over (joint winners), else ``()``."""
        return _winners(self.totals) if self.is_terminal else ()

    def legal_actions(self) -> LegalActions[Up]:
        """The legal actions of the current deal."""
        return self.current.legal_actions()

    def apply(self, action: Up) -> HazariMatch:
        """Apply ``action`` to the current deal; start the next deal when it ends.

        Raises :class:`~cardrules.errors.IllegalActionError` like a deal does.
        """
        deal = self.current.apply(action)
        rules, dealing, first = self.rules, self.dealing, self.first_dealer
        if not deal.is_terminal:
            return HazariMatch(rules, dealing, first, self.finished, deal, self.totals)
        totals = tuple(a + b for a, b in zip(self.totals, deal.scores, strict=True))
        if max(totals) >= rules.target:
            return HazariMatch(rules, dealing, first, self.finished, deal, totals)
        following = HazariState.from_dealing(
            self.dealing, dealer=(deal.dealer + 1) % PLAYERS, deal=deal.deal + 1, rules=self.rules
        )
        return attrs.evolve(self, finished=(*self.finished, deal), current=following, totals=totals)

    def observation(self, player: int) -> HazariMatchObservation:
        """What ``player`` may know: their view of every deal so far, and the totals."""
        return HazariMatchObservation(
            rules=self.rules,
            player=player,
            first_dealer=self.first_dealer,
            deals=tuple(deal.observation(player) for deal in self.deals),
            totals=self.totals,
            winners=self.winners,
        )

    def returns(self) -> tuple[int, ...]:
        """Each seat's total card points over the match so far."""
        return self.totals

    @property
    def history(self) -> tuple[Turn[Up], ...]:
        """Every action of every deal, in order."""
        return tuple(turn for deal in self.deals for turn in deal.history)

    @property
    def events(self) -> tuple[MatchEvent, ...]:
        """Each deal's events after a :class:`DealStarted`, then :class:`MatchOver` at the end."""
        events: list[MatchEvent] = []
        for deal in self.deals:
            events.append(DealStarted(deal.deal, deal.dealer))
            events.extend(deal.events)
        if self.is_terminal:
            events.append(MatchOver(self.totals, self.winners))
        return tuple(events)

    def summary(self) -> dict[str, Any]:
        """The derived facts a record stores to detect tampering."""
        return {
            "deal": self.current.deal,
            "dealer": self.current.dealer,
            "current_player": self.current_player,
            "hands": [format_cards(hand) for hand in self.current.hands],
            "totals": list(self.totals),
            "winners": list(self.winners),
        }

    def to_record(self) -> GameRecord:
        """The match as a :class:`~cardrules.records.GameRecord`."""
        return GameRecord(
            game=MATCH_GAME,
            rules={**self.rules.to_json(), "dealer": self.first_dealer},
            dealing=self.dealing,
            actions=record_actions(self.history),
            summary=self.summary(),
        )

    def to_json(self) -> str:
        """The match (rules, dealing, actions and a summary) as canonical JSON."""
        return self.to_record().to_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> HazariMatch:
        """Rebuild a match by replaying its record; bad input raises :class:`InvalidStateError`."""
        return load_record(text, MATCH_GAME, cls._start, parse_action, HazariMatch.summary)

    @classmethod
    def _start(cls, record: GameRecord) -> HazariMatch:
        options = dict(record.rules)
        dealer = options.pop("dealer", None)
        rules = HazariRules.from_json(options)
        return cls.from_dealing(record.dealing, dealer=dealer, rules=rules)

    @classmethod
    def resample(cls, observation: HazariMatchObservation, rng: Rng) -> HazariMatch:
        """A match consistent with ``observation``: past deals as revealed, the current
        deal's hidden cards redrawn, and later deals drawn from a fresh seed."""
        from cardrules.hazari.resample import resample_match

        return resample_match(observation, rng)

    def __repr__(self) -> str:
        return f"HazariMatch.from_json({self.to_json()!r})"
