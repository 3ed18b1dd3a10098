"""Worlds that a model of the other players explains: resampling with inference.

:func:`~cardrules.azi.resample` draws hidden cards uniformly among those that
agree with the observation; it weights nothing by how likely the other players
were to act as they did. :class:`ModelResampler` adds that, for a *model* of the
other players (a bot, such as :class:`~cardrules.azi.bots.HeuristicBot`): each
draw is replayed from its first deal, and at every earlier decision of another
player (with more than one legal action) the model is asked what it would have
done from that player's observation in the drawn world.

- A hidden discard is *set* to the model's discard from the drawn four cards
  (the kept cards follow), unless that card is played later (then the drawn
  discard stays, as a miss); a world that can then no longer be replayed (a kept
  card of a suit its holder was shown void in) is dropped.
- Any other action the model would not have taken is a *miss*. Of ``tries``
  draws the first without a miss is kept, else the one with the fewest misses
  (the earliest of them); when no draw can be replayed, a plain uniform draw.

Against players who act as the model does, the kept worlds are close to the
posterior given their actions (a world is accepted only if the model explains it);
against others, misses are frequent and the draws fall back towards uniform.
Deterministic for a given ``rng``.

>>> from cardrules import Rng, load_game
>>> from cardrules.azi.bots import HeuristicBot
>>> state = load_game("azi", players=3).new_state(4, dealer=0)
>>> while state.current_player == 1 or state.phase.value != "play":
...     state = state.apply(HeuristicBot().choose(
...         state.observation(state.current_player), state.legal_actions(), Rng(0)))
>>> seen = state.observation(state.current_player)
>>> world = ModelResampler(model=HeuristicBot())(seen, Rng(3))
>>> world.observation(seen.player) == seen
True
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from cardrules.azi.actions import AziAction, Discard, PlayCard
from cardrules.azi.observation import AziObservation
from cardrules.azi.resample import _sample_game, resample
from cardrules.azi.state import AziState
from cardrules.bot import Bot
from cardrules.cards import _show
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.rng import Rng

__all__ = ["ModelResampler"]


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidStateError(f"{attribute.name} must be a positive int, got {_show(value)}")


def _bot(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, Bot):
        raise InvalidStateError(f"{attribute.name} must be a bot, got {_show(value)}")


def _played_later(actions: list[tuple[int, AziAction]], step: int, discard: AziAction) -> bool:
    """Whether the card of ``discard`` is played after ``step`` in the same deal."""
    card = getattr(discard, "card", None)
    for _, action in actions[step + 1 :]:
        if isinstance(action, Discard) and action.card == card:
            return False  # a later deal (its discards come after every play of this one)
        if isinstance(action, PlayCard) and action.card == card:
            return True
    return False


@attrs.frozen
class ModelResampler:
    """A resampler (``resampler(observation, rng) -> AziState``) whose worlds the
    ``model`` of the other players explains, best of ``tries`` draws (module docs)."""

    model: Bot = attrs.field(validator=_bot, repr=False)
    tries: int = attrs.field(default=8, validator=_positive)

    def __call__(self, observation: AziObservation, rng: Rng) -> AziState:
        """A world drawn for ``observation`` with ``rng``."""
        if not isinstance(observation, AziObservation):
            raise InvalidStateError(f"expected an AziObservation, got {_show(observation)}")
        if not isinstance(rng, Rng):
            raise InvalidStateError(f"rng must be a cardrules Rng, got {_show(rng)}")
        best: AziState | None = None
        fewest = math.inf
        for _ in range(self.tries):
            decks, actions = _sample_game(observation, rng)
            world, misses = self._replay(observation, decks, actions, fewest)
            if world is not None and misses < fewest:
                best, fewest = world, misses
                if misses == 0:
                    break
        return best if best is not None else resample(observation, rng)

    def _replay(
        self,
        observation: AziObservation,
        decks: list[Deck],
        actions: list[tuple[int, AziAction]],
        bound: float,
    ) -> tuple[AziState | None, float]:
        """The drawn world replayed with the model's discards, and its misses
        (``None`` once it cannot be replayed or has ``bound`` misses)."""
        state = AziState.new(
            observation.rules, dealer=observation.first_dealer, dealing=Dealing(decks=decks)
        )
        me = observation.player
        current = observation.deal
        misses = 0
        quiet = Rng(0)  # the model's own draws; a deterministic model uses none
        try:
            for step, (player, action) in enumerate(actions):
                taken = action
                if player != me and state.deal_number == current:
                    legal = state.legal_actions()
                    if len(legal) > 1:
                        expected = self.model.choose(state.observation(player), legal, quiet)
                        if expected != action:
                            if isinstance(action, Discard) and not _played_later(
                                actions, step, expected
                            ):
                                taken = expected
                            else:
                                misses += 1
                                if misses >= bound:
                                    return None, misses
                state = state.apply(taken)
        except CardRulesError:
            return None, math.inf
        return state, misses
