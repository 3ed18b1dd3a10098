"""An Azi match: a series of games with the dealer rotating (A4, A12, A15).

Game ``g`` of a match is dealt by ``(first_dealer + g) % players``: after the pot
is won, the next game's dealer is the next player clockwise from the dealer of
the game's first deal. Its chance is ``Dealing(seed=derive_seed(seed, g))``.
The match's returns are the sums of its games' net chips.

>>> from cardrules.azi import AziRules, FOLD
>>> match = AziMatch(AziRules(players=3), seed=9, first_dealer=1)
>>> game = match.next_game()
>>> game.dealer, match.next_game().dealer
(1, 1)
>>> match = match.add(game.apply(FOLD).apply(FOLD))
>>> match.next_game().dealer, match.returns()
(2, (-10, 20, -10))
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs

from cardrules.azi.actions import AziAction
from cardrules.azi.rules import AziRules
from cardrules.azi.state import LOT_KEY, AziState
from cardrules.dealing import Dealing
from cardrules.errors import InvalidRulesError, InvalidStateError
from cardrules.records import dump_json
from cardrules.rng import Rng, check_seed, derive_seed

__all__ = ["AziMatch"]


def _check_seed(_: object, __: object, seed: int) -> None:
    check_seed(seed)


@attrs.frozen
class AziMatch:
    """A match in progress: its rules, master seed, first dealer and finished games.

    ``first_dealer`` defaults to a lot drawn from the seed (A4).
    """

    rules: AziRules
    seed: int = attrs.field(validator=_check_seed)
    first_dealer: int = attrs.field(default=None)
    games: tuple[AziState, ...] = ()

    def __attrs_post_init__(self) -> None:
        players = self.rules.players
        if self.first_dealer is None:
            lot = Rng(derive_seed(self.seed, LOT_KEY)).randbelow(players)
            object.__setattr__(self, "first_dealer", lot)
        elif type(self.first_dealer) is not int or not 0 <= self.first_dealer < players:
            raise InvalidRulesError(f"first_dealer {self.first_dealer!r} is not a seat")

    def dealer_of(self, game: int) -> int:
        """The dealer of the first deal of game number ``game`` (0-based)."""
        return (self.first_dealer + game) % self.rules.players

    def dealing_of(self, game: int) -> Dealing:
        """The chance source of game number ``game``."""
        return Dealing(seed=derive_seed(self.seed, game))

    def next_game(self) -> AziState:
        """The start of the next game of the match."""
        number = len(self.games)
        return AziState.new(
            self.rules, dealer=self.dealer_of(number), dealing=self.dealing_of(number)
        )

    def add(self, game: AziState) -> AziMatch:
        """The match with ``game`` (finished, started by :meth:`next_game`) appended."""
        start = self.next_game()
        if not game.is_terminal:
            raise InvalidStateError("only a finished game can be added to a match")
        if (game.rules, game.dealing, game.first_dealer) != (
            start.rules,
            start.dealing,
            start.first_dealer,
        ):
            raise InvalidStateError("the game was not started by this match's next_game()")
        return attrs.evolve(self, games=(*self.games, game))

    def play(self, games: int, choose: Callable[[AziState], AziAction]) -> AziMatch:
        """The match after ``games`` more games, each action chosen by ``choose(state)``."""
        match = self
        for _ in range(games):
            state = match.next_game()
            while not state.is_terminal:
                state = state.apply(choose(state))
            match = match.add(state)
        return match

    def returns(self) -> tuple[int, ...]:
        """Each seat's net chips over the finished games."""
        totals = [0] * self.rules.players
        for game in self.games:
            for seat, chips in enumerate(game.returns()):
                totals[seat] += chips
        return tuple(totals)

    def to_json(self) -> str:
        """The match as canonical JSON (each game as its own record)."""
        return dump_json(
            {
                "rules": self.rules.to_json(),
                "seed": self.seed,
                "first_dealer": self.first_dealer,
                "games": [json.loads(game.to_json()) for game in self.games],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> AziMatch:
        """Read what :meth:`to_json` wrote, replaying and checking every game."""
        try:
            data: Any = json.loads(text)
            match = cls(AziRules.from_json(data["rules"]), data["seed"], data["first_dealer"])
            games = data["games"]
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidStateError(f"invalid Azi match record: {exc}") from exc
        if not isinstance(games, list):
            raise InvalidStateError(f"an Azi match's games must be a list, got {games!r:.80}")
        for game in games:
            match = match.add(AziState.from_json(dump_json(game)))
        return match
