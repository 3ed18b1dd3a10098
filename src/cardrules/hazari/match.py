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

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from cardrules.cards import format_cards
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.hazari.actions import HazariAction, parse_action
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.events import DealStarted, MatchEvent, MatchOver
from cardrules.hazari.observation import HazariMatchObservation
from cardrules.hazari.rules import HazariRules
from cardrules.hazari.state import HazariState
from cardrules.match import History, Match
from cardrules.record import GameRecord, dump_json, load_record

__all__ = ["MATCH_GAME", "HazariMatch"]

MATCH_GAME = "hazari-match"
"""The game name written in a match's record."""


def _winners(totals: Sequence[int]) -> tuple[int, ...]:
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def _history(deals: Iterable[HazariState]) -> History[HazariState]:
    return History(deals)


@attrs.frozen(repr=False)
class HazariMatch(Match[HazariState, HazariAction, MatchEvent]):
    """One position of a Hazari match. Create it with :meth:`new` or :meth:`from_dealing`.

    ``finished`` are the deals already played; ``current`` is the deal in progress (or
    the last deal, once the match is over); ``totals`` are the points by seat over every
    finished deal, the last one included once the match is over.
    """

    _record_game: ClassVar[str] = MATCH_GAME
    rules: HazariRules
    dealing: Dealing
    first_dealer: int
    _history: History[HazariState] = attrs.field(alias="finished", converter=_history)
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
        return self._games()

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the match is over (joint winners), else ``()``."""
        return _winners(self.totals) if self.is_terminal else ()

    def _totals_after(self, deal: HazariState) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(self.totals, deal.scores, strict=True))

    def _next(self, ended: HazariState) -> HazariState | None:
        if max(self._totals_after(ended)) >= self.rules.target:
            return None
        return HazariState.from_dealing(
            self.dealing, dealer=(ended.dealer + 1) % PLAYERS, deal=ended.deal + 1, rules=self.rules
        )

    def _with_deck(self, deck: Deck) -> HazariMatch:
        """This match with ``deck`` as the next explicit deck of its dealing (the next
        deal draws it) and of its current deal's."""
        dealing = self.dealing.with_deck(deck)
        current = attrs.evolve(self.current, dealing=self.current.dealing.with_deck(deck))
        return HazariMatch(
            self.rules, dealing, self.first_dealer, self._history, current, self.totals
        )

    def _replace(
        self, history: History[HazariState], current: HazariState, ended: HazariState | None
    ) -> HazariMatch:
        totals = self.totals if ended is None else self._totals_after(ended)
        return HazariMatch(self.rules, self.dealing, self.first_dealer, history, current, totals)

    def _started(self, number: int, game: HazariState) -> MatchEvent:
        return DealStarted(game.deal, game.dealer)

    def _over(self) -> MatchEvent:
        return MatchOver(self.totals, self.winners)

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
            f"Hazari match to {self.rules.target}: deal {current.deal + 1},"
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
