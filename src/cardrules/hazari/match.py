"""A Hazari match: deals with a rotating dealer until someone reaches the target (H12).

The match is a game state on the same protocol as a single deal. Deal ``n`` is
drawn from ``dealing.deck(n)`` and dealt by ``(first_dealer + n) % 4`` (H9: the deal
passes to the right). After each deal the card points are added to the totals; once
any total reaches ``rules.target`` the match is over and every seat with the highest
total is a (joint) winner.

:meth:`HazariMatch.returns` gives each seat's total card points over the match.

Action ids are those of the current deal (see :mod:`cardrules.hazari.action_ids`).

>>> match = HazariMatch.new(seed=3, rules=HazariRules(target=400))
>>> while not match.is_terminal:
...     match = match.apply(match.legal_actions()[0])
>>> max(match.totals) >= 400, sum(match.totals) == 360 * len(match.deals)
(True, True)
>>> HazariMatch.from_json(match.to_json()) == match
True
>>> print(match)  # doctest: +ELLIPSIS
Hazari match to 400: deal ..., seat ... dealt; over
  totals: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules import svg
from cardrules.cards import format_cards
from cardrules.dealing import Dealing
from cardrules.game import LegalActions, Turn
from cardrules.hazari.actions import HazariAction, parse_action
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.events import DealStarted, MatchEvent, MatchOver
from cardrules.hazari.observation import HazariMatchObservation
from cardrules.hazari.rules import HazariRules
from cardrules.hazari.state import HazariState
from cardrules.records import GameRecord, dump_json, load_record, record_of

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

    def legal_actions(self) -> LegalActions[HazariAction]:
        """The legal actions of the current deal."""
        return self.current.legal_actions()

    def apply(self, action: HazariAction) -> HazariMatch:
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
    def history(self) -> tuple[Turn[HazariAction], ...]:
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

    def action_id(self, action: HazariAction) -> int:
        """The id of ``action`` in the current deal (see :meth:`HazariState.action_id`)."""
        return self.current.action_id(action)

    def action_from_id(self, action_id: int) -> HazariAction:
        """The action of the current deal whose id is ``action_id``."""
        return self.current.action_from_id(action_id)

    def legal_action_ids(self) -> list[int]:
        """The ids of the current deal's legal actions, ascending."""
        return self.current.legal_action_ids()

    def legal_action_mask(self) -> bytes:
        """One byte per id of the current deal: 1 where the action is legal."""
        return self.current.legal_action_mask()

    def record(self) -> GameRecord:
        """The match as a :class:`~cardrules.records.GameRecord`."""
        return record_of(MATCH_GAME, self)

    def to_json(self) -> dict[str, Any]:
        """The match (rules, dealing, actions and a summary) as a JSON-ready dict."""
        result: dict[str, Any] = self.record().to_json()
        return result

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> HazariMatch:
        """Rebuild a match by replaying its record (a dict or JSON text); bad input raises
        :class:`~cardrules.errors.InvalidStateError`."""
        text = dump_json(data) if isinstance(data, dict) else data
        return load_record(text, MATCH_GAME, cls._start, parse_action, HazariMatch.summary)

    @classmethod
    def _start(cls, record: GameRecord) -> HazariMatch:
        options = dict(record.rules)
        dealer = options.pop("dealer", None)
        rules = HazariRules.from_json(options)
        return cls.from_dealing(record.dealing, dealer=dealer, rules=rules)

    def __str__(self) -> str:
        current = self.current
        state = "over" if self.is_terminal else f"seat {self.current_player} to arrange"
        lines = [
            f"Hazari match to {self.rules.target}: deal {current.deal},"
            f" seat {current.dealer} dealt; {state}",
            "  totals: " + " ".join(str(total) for total in self.totals),
        ]
        if self.is_terminal:
            lines.append("  winners: " + ", ".join(f"seat {seat}" for seat in self.winners))
        lines += ["  " + line for line in str(current).splitlines()]
        return "\n".join(lines)

    def __repr__(self) -> str:
        """``load_game(spec).state_from_text(line)``, or ``HazariMatch.from_json(...)``
        where the text record cannot hold the state; either pastes back."""
        from cardrules.records.text import state_repr

        return state_repr(self, lambda: f"HazariMatch.from_json({self.to_json()!r})")

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)
