"""Information-set search for any game of the state protocol.

Two searches over *determinizations* (full states drawn from the game's
resampler, ``resample(observation, rng) -> state``, consistent with the bot's
observation):

- :class:`PIMCBot`, the stronger one in measurement (the Azi edge benchmark):
  every candidate action is played out in the same worlds by the playout policy,
  the candidates are raced against the policy's own choice on their paired gains,
  and the policy's choice is kept unless another one is clearly better;
- :class:`ISMCTSBot`, information-set Monte Carlo tree search.

Both take the game's resampler and playout policy as parameters. A game that
makes one of them its strong bot declares it with its own defaults in its
folder (Azi's ``"search"``, ``"strong"`` and ``"ismcts"`` bots are
:class:`cardrules.azi.bots.SearchBot` and :class:`cardrules.azi.bots.TreeSearchBot`).

:class:`ISMCTSBot` is single-observer information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse, 2012). Each iteration:

1. draws a *determinization*: a full state consistent with the bot's observation,
   from the game's resampler (``resample(observation, rng) -> state``);
2. walks down the tree. A tree node is one of the bot's own information sets,
   keyed by its observation in the sampled world, so two worlds that look the same
   to the bot share a node; its edges are keyed by action ids
   (``state.action_id(action)``, or the action itself when the game has no ids).
   At a node the bot picks, among the actions legal *in this world*, an untried
   one (the playout policy's choice first) or the one with the best UCB score,
   where an action's exploration term counts only the iterations in which it
   was available (its availability count), not every visit of the node;
3. lets the other players act by the playout policy (by default; a model of the
   other players), and, once the iteration has added one node, plays everyone
   out by the policy to the end;
4. backs the bot's return up the edges it took, in units of the spread of
   returns seen so far, so the exploration constant does not depend on stakes.

The answer is the most visited root action (ties: the better mean). Nothing here
knows the rules of a game: it asks for a :class:`~cardrules.game.Resampler` and
uses ``current_player``, ``legal_actions``, ``apply``, ``returns``,
``is_terminal``, ``observation`` and ``action_id``, so it never names a game.

With an iteration budget (the default) a decision depends only on the
observation, the legal actions and the bot's ``rng``; ``time_limit`` stops a
search early instead and makes the answer depend on the machine's speed.

>>> from cardrules import Rng, load_game
>>> from cardrules.bots import RandomBot
>>> game = load_game("azi", players=3)
>>> state = game.new_state(4, dealer=0)
>>> state = state.apply(state.legal_actions()[0])  # seat 1 plays
>>> bot = ISMCTSBot(iterations=40, resample=game.resample, playout=RandomBot())
>>> seen = state.observation(state.current_player)
>>> action = bot.choose(seen, state.legal_actions(), Rng(7))
>>> action in state.legal_actions()
True
>>> action == bot.choose(seen, state.legal_actions(), Rng(7))   # same rng, same answer
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar

import attrs

from cardrules.bot import Bot, check_choice
from cardrules.cards import _show
from cardrules.errors import InvalidStateError, SimulationError
from cardrules.game import LegalActions, Resampler
from cardrules.rng import Rng

__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_PLAYOUTS",
    "ISMCTSBot",
    "PIMCBot",
    "SearchStats",
    "playout",
]

DEFAULT_ITERATIONS = 80
"""The default iteration budget of :class:`ISMCTSBot`: about 50 ms per decision of
4-player Azi on a 2-core machine (``benchmarks/bench_bots.py``)."""

DEFAULT_PLAYOUTS = 200
"""The default playout budget of :class:`PIMCBot` per decision; the racing spends
far fewer on most decisions: under 50 ms per decision on average for 4-player Azi
on a 2-core machine (``benchmarks/bench_bots.py``)."""


def _check_search(who: str, observation: object, legal_actions: object, rng: object) -> None:
    """The checks at the top of a search bot's ``choose``: package errors for wrong types."""
    check_choice(who, legal_actions, rng)
    if type(getattr(observation, "player", None)) is not int:
        raise InvalidStateError(
            f"{who} searches from an observation (with a player seat), got {_show(observation)}"
        )


def _world(resample: Resampler[Any, Any], observation: Any, rng: Rng) -> Any:
    """``resample(observation, rng)``; a resampler that cannot read the observation
    (another game's, say) raises InvalidStateError."""
    try:
        return resample(observation, rng)
    except (AttributeError, TypeError) as exc:
        raise InvalidStateError(
            f"the resampler cannot draw a world from {_show(observation)}:"
            f" {type(exc).__name__}: {_show(str(exc))}"
        ) from exc


class _Edge:
    """One action of a node: its visits, summed scaled reward and availability count."""

    __slots__ = ("action", "available", "total", "visits")

    def __init__(self, action: Any) -> None:
        self.action = action
        self.visits = 0
        self.total = 0.0
        self.available = 0


class _Node:
    """One information set of the searching player: its edges by action key."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Hashable, _Edge] = {}


@attrs.define
class SearchStats:
    """What the last decision of a bot cost (for benchmarks; not part of equality)."""

    iterations: int = 0
    playouts: int = 0
    playout_steps: int = 0
    seconds: float = 0.0


def _key_function(state: Any) -> Callable[[Any], Hashable]:
    """``state.action_id`` when the game numbers its actions, else the action itself."""
    action_id = getattr(state, "action_id", None)
    if action_id is None:
        return _identity
    return _id_or_action(action_id)


def _identity(action: Any) -> Hashable:
    key: Hashable = action
    return key


def _id_or_action(action_id: Callable[[Any], int]) -> Callable[[Any], Hashable]:
    def key(action: Any) -> Hashable:
        try:
            return action_id(action)
        except (NotImplementedError, AttributeError):
            return _identity(action)

    return key


def _info_key(observation: Any) -> Hashable:
    """An observation as a dict key: itself if hashable, else its JSON form."""
    try:
        hash(observation)
    except TypeError:
        import json

        return json.dumps(observation.to_json(), sort_keys=True)
    key: Hashable = observation
    return key


@attrs.frozen
class ISMCTSBot:
    """Information-set Monte Carlo tree search over resampled worlds (see the module docs).

    - ``iterations``: determinizations per decision (one tree walk and playout each);
    - ``time_limit``: seconds per decision; when given, the search stops at the
      first of the two limits (and is no longer reproducible);
    - ``exploration``: the UCB constant, on returns scaled by their observed spread;
    - ``widening``: progressive widening ``k``: a node visited ``n`` times considers
      at most ``1 + k * sqrt(n)`` actions (the policy's choice, then the legal order),
      so that long ranges such as raise amounts do not dilute the search;
      ``None`` considers every legal action at once;
    - ``search_opponents``: if True the other players also choose by UCB in their own
      information sets (multi-player ISMCTS); by default they act by the playout
      policy, which serves as the model of the other players;
    - ``resample``: the game's resampler (keyword, required);
    - ``playout``: the bot that plays for everyone in simulations (keyword, required).
    """

    name: ClassVar[str] = "ismcts"
    iterations: int = DEFAULT_ITERATIONS
    time_limit: float | None = None
    exploration: float = 0.5
    widening: float | None = 1.0
    search_opponents: bool = False
    resample: Resampler[Any, Any] = attrs.field(kw_only=True, eq=False, repr=False)
    playout: Bot = attrs.field(kw_only=True, eq=False, repr=False)
    stats: SearchStats = attrs.field(factory=SearchStats, eq=False, repr=False)

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        """The most visited root action after the search (instant when only one is legal)."""
        _check_search("ISMCTSBot", observation, legal_actions, rng)
        legal = list(legal_actions)
        if len(legal) == 1:
            self.stats.iterations = self.stats.playouts = self.stats.playout_steps = 0
            self.stats.seconds = 0.0
            return legal[0]
        return _Search(self, observation, legal, rng).run()


class _Search:
    """One decision's search: the tree, the budget and the statistics."""

    def __init__(self, bot: ISMCTSBot, observation: Any, legal: Sequence[Any], rng: Rng) -> None:
        self.bot = bot
        self.observation = observation
        self.legal = legal
        self.rng = rng
        self.me: int = observation.player
        self.nodes: dict[Hashable, _Node] = {}
        self.root = _Node()
        self.origin = 0.0
        self.spread = 1.0
        self.steps = 0

    def run(self) -> Any:
        bot = self.bot
        start = time.perf_counter()
        deadline = None if bot.time_limit is None else start + bot.time_limit
        done = 0
        key: Callable[[Any], Hashable] | None = None
        while done < bot.iterations:
            world = _world(bot.resample, self.observation, self.rng)
            if key is None:
                key = _key_function(world)
                self.origin = float(world.returns()[self.me])
            self.iterate(world, key)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        bot.stats.iterations = bot.stats.playouts = done
        bot.stats.playout_steps = self.steps
        bot.stats.seconds = time.perf_counter() - start
        return self.best(key)

    def best(self, key: Callable[[Any], Hashable] | None) -> Any:
        edges = self.root.edges
        best: Any = None
        score = (-1, -math.inf)
        for action in self.legal:
            edge = edges.get(action if key is None else key(action))
            if edge is None:
                continue
            value = (edge.visits, edge.total / edge.visits if edge.visits else -math.inf)
            if value > score:
                best, score = action, value
        if best is None:
            return self.bot.playout.choose(self.observation, _Legal(self.legal), self.rng)
        return best

    def iterate(self, state: Any, key: Callable[[Any], Hashable]) -> None:
        bot = self.bot
        policy = bot.playout
        rng = self.rng
        path: list[tuple[_Edge, int]] = []
        expanded = False
        first = True
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            if len(legal) == 1:
                state = state.apply(legal[0])
                self.steps += 1
                continue
            searching = seat == self.me or bot.search_opponents
            if expanded or not searching:
                state = state.apply(policy.choose(state.observation(seat), legal, rng))
                self.steps += 1
                continue
            seen = state.observation(seat)
            if first:
                node = self.root
            else:
                info = (seat, _info_key(seen))
                found = self.nodes.get(info)
                if found is None:
                    found = self.nodes[info] = _Node()
                    expanded = True
                node = found
            first = False
            edge, action = self.select(node, seen, legal, key)
            if edge.visits == 0:
                expanded = True
            path.append((edge, seat))
            state = state.apply(action)
        returns = state.returns()
        self.spread = max(self.spread, abs(returns[self.me] - self.origin))
        for edge, seat in path:
            edge.visits += 1
            edge.total += returns[seat]

    def select(
        self, node: _Node, seen: Any, legal: Any, key: Callable[[Any], Hashable]
    ) -> tuple[_Edge, Any]:
        """An untried action if the node may grow, else the best UCB score among the legal."""
        edges = node.edges
        visits = sum(edge.visits for edge in edges.values())
        widening = self.bot.widening
        limit = len(legal) if widening is None else 1 + int(widening * math.sqrt(visits))
        available: list[tuple[_Edge, Any]] = []
        untried: Any = None
        for action in legal:
            edge = edges.get(key(action))
            if edge is not None:
                edge.available += 1
                available.append((edge, action))
        if len(available) < min(limit, len(legal)):
            preferred = self.bot.playout.choose(seen, legal, self.rng)
            if key(preferred) not in edges:
                untried = preferred
            else:
                for action in legal:
                    if key(action) not in edges:
                        untried = action
                        break
        if untried is not None:
            edge = edges[key(untried)] = _Edge(untried)
            edge.available = 1
            return edge, untried
        scale = self.spread
        c = self.bot.exploration
        chosen = available[0]
        top = -math.inf
        for edge, action in available:
            mean = (edge.total / edge.visits - self.origin) / scale
            value = mean + c * math.sqrt(math.log(edge.available) / edge.visits)
            if value > top:
                chosen, top = (edge, action), value
        return chosen


def playout(state: Any, policy: Bot, rng: Rng) -> tuple[Any, int]:
    """``state`` played to the end by ``policy`` in every seat, and the number of steps.

    Forced moves (one legal action) are applied without asking the policy.
    """
    if isinstance(state, type) or not all(
        hasattr(state, name) for name in ("is_terminal", "legal_actions", "apply", "observation")
    ):
        raise InvalidStateError(f"playout needs a game state, got {_show(state)}")
    if not isinstance(policy, Bot):
        raise SimulationError(f"playout needs a bot as its policy, got {_show(policy)}")
    if not isinstance(rng, Rng):
        raise SimulationError(f"playout draws from an Rng, got {_show(rng)}")
    steps = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        if len(legal) == 1:
            state = state.apply(legal[0])
        else:
            seat = state.current_player
            state = state.apply(policy.choose(state.observation(seat), legal, rng))
        steps += 1
    return state, steps


@attrs.frozen
class PIMCBot:
    """Perfect-information Monte Carlo with common random numbers.

    Determinizations are drawn one at a time, and every candidate action is played
    out in each by the ``playout`` policy from the same generator state, so two
    candidates are compared world by world: each alternative's *gain* in a world is
    its return minus the return of the policy's own choice. The alternatives are
    the legal actions in order, ``max_actions - 1`` at most. The search races them:
    after ``min_worlds`` worlds an alternative whose mean gain plus ``cutoff``
    standard errors is not positive is dropped, and the search stops when none is
    left or ``playouts`` (the budget per decision) are spent. The answer is the
    alternative with the best mean gain if that gain exceeds ``margin`` standard
    errors, else the policy's choice. ``resample`` and ``playout`` are as for
    :class:`ISMCTSBot`.

    >>> from cardrules import load_game
    >>> from cardrules.bots import RandomBot
    >>> game = load_game("azi", players=3)
    >>> state = game.new_state(4, dealer=0)
    >>> state = state.apply(state.legal_actions()[0])
    >>> seen = state.observation(state.current_player)
    >>> bot = PIMCBot(playouts=16, resample=game.resample, playout=RandomBot())
    >>> bot.choose(seen, state.legal_actions(), Rng(7)) in state.legal_actions()
    True
    """

    name: ClassVar[str] = "pimc"
    playouts: int = DEFAULT_PLAYOUTS
    min_worlds: int = 8
    time_limit: float | None = None
    margin: float = 2.0
    cutoff: float = 1.0
    max_actions: int = 8
    resample: Resampler[Any, Any] = attrs.field(kw_only=True, eq=False, repr=False)
    playout: Bot = attrs.field(kw_only=True, eq=False, repr=False)
    stats: SearchStats = attrs.field(factory=SearchStats, eq=False, repr=False)

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        """The candidate with the best mean return over the sampled worlds."""
        _check_search("PIMCBot", observation, legal_actions, rng)
        stats = self.stats
        stats.iterations = stats.playouts = stats.playout_steps = 0
        stats.seconds = 0.0
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        deadline = None if self.time_limit is None else start + self.time_limit
        default = self.playout.choose(observation, legal_actions, rng)
        candidates = [a for a in legal if a != default][: max(0, self.max_actions - 1)]
        me = observation.player
        gains = [_Gain() for _ in candidates]
        active = list(range(len(candidates)))
        budget = self.playouts
        done = 0
        while active and budget > len(active):
            world = _world(self.resample, observation, rng)
            seed = rng.next_u64()
            final, steps = playout(world.apply(default), self.playout, Rng(seed))
            base = final.returns()[me]
            stats.playout_steps += steps
            for index in active:
                final, steps = playout(world.apply(candidates[index]), self.playout, Rng(seed))
                stats.playout_steps += steps
                gains[index].add(final.returns()[me] - base)
            budget -= 1 + len(active)
            stats.playouts += 1 + len(active)
            done += 1
            if done >= self.min_worlds:
                active = [i for i in active if gains[i].upper(self.cutoff) > 0]
            if deadline is not None and time.perf_counter() >= deadline:
                break
        stats.iterations = done
        stats.seconds = time.perf_counter() - start
        best, best_gain = default, 0.0
        for index in active:
            gain = gains[index]
            if gain.mean > best_gain and gain.mean > self.margin * gain.error:
                best, best_gain = candidates[index], gain.mean
        return best


class _Gain:
    """Running mean and standard error of one candidate's paired gains."""

    __slots__ = ("count", "squares", "total")

    def __init__(self) -> None:
        self.count = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    @property
    def error(self) -> float:
        if self.count < 2:
            return math.inf
        mean = self.mean
        variance = max(0.0, (self.squares - self.count * mean * mean) / (self.count - 1))
        return math.sqrt(variance / self.count)

    def upper(self, z: float) -> float:
        """``mean + z * error``: how good the candidate may still be."""
        return self.mean + z * self.error


class _Legal(LegalActions[Any]):
    """A plain list of actions seen as legal actions (for the fallback choice)."""

    __slots__ = ("_items",)

    def __init__(self, items: Sequence[Any]) -> None:
        self._items = list(items)

    def __contains__(self, action: object) -> bool:
        return action in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Any:
        return iter(self._items)

    def __getitem__(self, index: int) -> Any:
        return self._items[index]


def __getattr__(name: str) -> object:
    if name == "SearchBot":
        raise AttributeError(
            "cardrules.bots.search.SearchBot moved in 0.3.0: use cardrules.azi.bots.SearchBot"
            " (the generic PIMCBot now takes resample= and playout=)"
        )
    raise AttributeError(f"module 'cardrules.bots.search' has no attribute {name!r}")
