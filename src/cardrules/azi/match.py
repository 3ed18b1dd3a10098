"""An Azi match: a fixed number of games with the dealer rotating (A4, A12, A15).

The match is a game state on the same protocol as a single game. Game ``g`` is
first dealt by ``(first_dealer + g) % players``: after a pot is won, the next
game's dealer is the next player clockwise from the dealer of the game's first
deal. Its chance is ``Dealing(seed=derive_seed(seed, g))`` (explicit decks of the
match's dealing are used first, deal by deal, across the games). A match has
``rules.match_games`` games, by default one dealt first by each seat (A15 names
no end of a match; see the Azi rules page). :meth:`AziMatch.returns` gives each
seat's net chips over the finished games.

>>> from cardrules.azi import AziRules, FOLD
>>> match = AziMatch.new(AziRules(players=3, match_games=2), seed=9, dealer=1)
>>> match.current.dealer, match.current_player
(1, 2)
>>> match = match.apply(FOLD).apply(FOLD)          # game 1 over: the dealer took the pot
>>> match.current.dealer, match.returns(), match.is_terminal
(2, (-10, 20, -10), False)
>>> AziMatch.from_json(match.to_json()) == match
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from cardrules.azi.actions import AziAction, parse_action
from cardrules.azi.events import AziMatchEvent, GameStarted, MatchOver
from cardrules.azi.observation import AziMatchObservation
from cardrules.azi.rules import AziRules
from cardrules.azi.state import AziState, draw_dealer
from cardrules.cards import _show
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import CardRulesError, InvalidRulesError, InvalidStateError
from cardrules.match import History, Match
from cardrules.record import GameRecord, dump_json, load_record, parse_json_text
from cardrules.rng import check_seed, derive_seed

__all__ = ["MATCH_GAME", "AziMatch"]

MATCH_GAME = "azi-match"
"""The game name written in a match's record."""

_LEGACY_KEYS = {"rules", "seed", "first_dealer", "games"}


def _check_rules(_: object, __: object, rules: Any) -> None:
    if not isinstance(rules, AziRules):
        raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")


def _to_dealing(value: object) -> Dealing:
    if isinstance(value, Dealing):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        check_seed(value)
        return Dealing(seed=value)
    raise InvalidRulesError(f"a match's dealing must be a Dealing or a seed, got {_show(value)}")


def _game(
    rules: AziRules, dealing: Dealing, first: int, number: int, previous: AziState | None
) -> AziState:
    """The start of game ``number``; ``previous`` is the game before it (None for the first).

    A game's explicit decks are those its predecessors left unused, so each game's
    start costs the same however many games came before.
    """
    decks = (
        dealing.decks if previous is None else previous.dealing.decks[previous.deal_number + 1 :]
    )
    # evolve keeps the dealing's own class (an explicit-chance dealing stays one)
    game_dealing = attrs.evolve(dealing, seed=derive_seed(dealing.base_seed, number), decks=decks)
    dealer = (first + number) % rules.players
    return AziState.new(rules, dealer=dealer, dealing=game_dealing)


@attrs.frozen(init=False, repr=False, eq=False)
class AziMatch(Match[AziState, AziAction, AziMatchEvent]):
    """One position of an Azi match. Create it with :meth:`new`.

    ``finished`` are the games already played; ``current`` is the game in progress
    (or the last game, once the match is over). ``AziMatch(rules, seed)`` (with an
    optional ``first_dealer``) is a fresh match, as in 0.1.0; ``seed`` may also be
    a :class:`~cardrules.dealing.Dealing`.
    """

    _record_game: ClassVar[str] = MATCH_GAME
    rules: AziRules
    dealing: Dealing
    first_dealer: int
    _history: History[AziState] = attrs.field(alias="finished")
    current: AziState

    def __init__(
        self,
        rules: AziRules,
        seed: int | Dealing,
        first_dealer: int | None = None,
        finished: Iterable[AziState] = (),
        current: AziState | None = None,
    ) -> None:
        _check_rules(None, None, rules)
        dealing = _to_dealing(seed)
        players = rules.players
        if first_dealer is None:
            first_dealer = draw_dealer(dealing, players)
        elif type(first_dealer) is not int or not 0 <= first_dealer < players:
            raise InvalidRulesError(f"first dealer {_show(first_dealer)} is not a seat")
        history = History(finished)
        if current is None:
            if history:
                raise InvalidStateError("a match with finished games needs its current game")
            current = _game(rules, dealing, first_dealer, 0, None)
        for name, value in (
            ("rules", rules),
            ("dealing", dealing),
            ("first_dealer", first_dealer),
            ("_history", history),
            ("current", current),
        ):
            object.__setattr__(self, name, value)

    @classmethod
    def new(
        cls,
        rules: AziRules | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        dealing: Dealing | None = None,
    ) -> AziMatch:
        """A fresh match from ``seed`` (or ``dealing``), first dealt by ``dealer``
        (by default drawn by lot, A4)."""
        rules = AziRules() if rules is None else rules
        if dealing is None:
            if seed is None:
                raise InvalidRulesError("a match needs its chance: give a seed or a dealing")
            dealing = Dealing(seed=seed)
        elif seed is not None:
            raise InvalidRulesError("give either a seed or a dealing, not both")
        if not isinstance(rules, AziRules):
            raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
        dealing = _to_dealing(dealing)
        first = draw_dealer(dealing, rules.players) if dealer is None else dealer
        return cls(rules, dealing, first)

    # ------------------------------------------------------------- the protocol

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def num_distinct_actions(self) -> int:
        """The size of the action-id space (the same as a game's)."""
        return self.current.num_distinct_actions

    @property
    def games(self) -> tuple[AziState, ...]:
        """Every game so far, the current one last."""
        return self._games()

    def dealer_of(self, game: int) -> int:
        """The dealer of the first deal of game number ``game`` (0-based)."""
        if type(game) is not int or game < 0:
            raise InvalidStateError(f"game must be a game number from 0, got {_show(game)}")
        return (self.first_dealer + game) % self.rules.players

    def _next(self, ended: AziState) -> AziState | None:
        number = len(self._history) + 1
        if number >= self.rules.games_per_match:
            return None
        return _game(self.rules, self.dealing, self.first_dealer, number, ended)

    def _with_deck(self, deck: Deck) -> AziMatch:
        """This match with ``deck`` as the next explicit deck of its dealing and of its
        current game's, whose next deal or whose successor draws it."""
        dealing = self.dealing.with_deck(deck)
        return AziMatch(
            self.rules, dealing, self.first_dealer, self._history, self.current._with_deck(deck)
        )

    def _replace(self, history: History[AziState], current: AziState, ended: object) -> AziMatch:
        return AziMatch(self.rules, self.dealing, self.first_dealer, history, current)

    def _started(self, number: int, game: AziState) -> AziMatchEvent:
        return GameStarted(number, game.first_dealer)

    def _over(self) -> AziMatchEvent:
        return MatchOver(self.returns())

    def observation(self, player: int) -> AziMatchObservation:
        """What ``player`` may know: their view of every game so far, and the totals."""
        return AziMatchObservation(
            player=player,
            rules=self.rules,
            first_dealer=self.first_dealer,
            games=tuple(game.observation(player) for game in self.games),
            totals=self.returns(),
            is_over=self.is_terminal,
        )

    def returns(self) -> tuple[int, ...]:
        """Each seat's net chips over the games finished so far."""
        totals = [0] * self.rules.players
        for game in self.games:
            if game.is_terminal:
                for seat, chips in enumerate(game.returns()):
                    totals[seat] += chips
        return tuple(totals)

    # -------------------------------------------------------------------- JSON

    def summary(self) -> dict[str, Any]:
        """The derived facts a record stores to detect tampering."""
        return {
            "game": len(self._history),
            "current": self.current.summary(),
            "totals": list(self.returns()),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> AziMatch:
        """Rebuild a match by replaying its record; bad input raises InvalidStateError.

        Match records written by cardrules 0.1.0 (``rules``, ``seed``,
        ``first_dealer``, ``games``) load as a match of exactly their games: its
        ``match_games`` is their number, so it is over once they are.
        """
        parsed = data if isinstance(data, dict) else parse_json_text(data)
        if isinstance(parsed, dict) and set(parsed) == _LEGACY_KEYS:
            return _legacy(parsed)
        return load_record(data, MATCH_GAME, cls._start, parse_action, cls.summary)

    @classmethod
    def _start(cls, record: GameRecord) -> AziMatch:
        options = dict(record.rules)
        dealer = options.pop("dealer", None)
        return cls.new(AziRules.from_json(options), dealer=dealer, dealing=record.dealing)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AziMatch):
            return NotImplemented
        return (
            self.rules == other.rules
            and self.dealing == other.dealing
            and self.first_dealer == other.first_dealer
            and len(self._history) == len(other._history)
            and self.current == other.current
        )

    def __hash__(self) -> int:
        return hash((self.rules, self.first_dealer, len(self._history), self.current))

    def __repr__(self) -> str:
        """``load_game(spec).state_from_text(line)``, or ``AziMatch.from_json(...)``
        where the text record cannot hold the state; either pastes back."""
        from cardrules.records.text import state_repr

        return state_repr(self, lambda: f"AziMatch.from_json({dump_json(self.to_json())!r})")

    def __str__(self) -> str:
        count = self.rules.games_per_match
        state = "over" if self.is_terminal else f"game {len(self._history) + 1} of {count}"
        totals = ", ".join(f"seat {seat} {chips:+d}" for seat, chips in enumerate(self.returns()))
        return f"Azi match: {state}; totals {totals}\n{self.current}"


def _legacy(data: dict[str, Any]) -> AziMatch:
    """A match from a 0.1.0 record: its rules, seed, first dealer and finished games."""
    games = data["games"]
    try:
        rules = AziRules.from_json(data["rules"])
        if not isinstance(games, list):
            raise InvalidStateError(f"an Azi match's games must be a list, got {_show(games)}")
        if games:
            rules = attrs.evolve(rules, match_games=len(games))
        match = AziMatch(rules, data["seed"], data["first_dealer"])
    except CardRulesError as exc:
        raise InvalidStateError(f"invalid Azi match record: {exc}") from exc
    for number, record in enumerate(games):
        game = AziState.from_json(record)
        start = match.current
        same_rules = attrs.evolve(game.rules, match_games=rules.match_games) == rules
        if (
            len(match._history) != number
            or not same_rules
            or (game.dealing, game.first_dealer) != (start.dealing, start.first_dealer)
        ):
            raise InvalidStateError(f"game {number} of the record was not dealt by this match")
        if not game.is_terminal:
            raise InvalidStateError(f"game {number} of the record is not finished")
        for turn in game.history:
            match = match.apply(turn.action)
    return match
