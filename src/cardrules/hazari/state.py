"""One Hazari deal as an immutable game state (H7–H12 on the Hazari rules page).

A deal is four :class:`~cardrules.hazari.actions.Up` actions, one per player in
seat order from the dealer's right (H9). Once the fourth player is up the four
rounds resolve at once (H10, H11), the state is terminal, and :meth:`HazariState.returns`
gives each seat the card points it took (H12).

Each :class:`Up` also has an integer id, its place among the 200,200 splits of
the player's sorted hand (see :mod:`cardrules.hazari.action_ids`).

Under the rule option ``actions="groups"`` each player instead chooses three
:class:`~cardrules.hazari.actions.Group` actions in a row, ids 0 to 285
(:mod:`cardrules.hazari.groups`); the fourth group is what remains, and the player
is up after the third. The groups chosen so far are the player's own secret:

>>> from cardrules.hazari.rules import ActionSpace
>>> state = new_game(seed=7, rules=HazariRules(actions=ActionSpace.GROUPS))
>>> state = state.apply(state.action_from_id(0))
>>> state.current_player, state.observation(1).groups, state.observation(2).groups
(1, ((Card.parse('3S'), Card.parse('3C'), Card.parse('2D')),), ())
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import reduce
from itertools import chain
from operator import attrgetter, or_
from typing import Any

import attrs

from cardrules import svg
from cardrules.cards import Card, _show, format_cards
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import (
    CardRulesError,
    IllegalActionError,
    InvalidCardsError,
    InvalidRulesError,
    InvalidStateError,
)
from cardrules.game import ActionTuple, LegalActions, Turn, check_index
from cardrules.hazari._group_legality import group_mask, ids_in
from cardrules.hazari.action_ids import SPLITS, split_id, split_of_id
from cardrules.hazari.actions import Group, HazariAction, Up, parse_action
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.deal import PLAYERS, deal_hands
from cardrules.hazari.events import DealScored, HazariEvent, PlayerUp, RoundPlayed
from cardrules.hazari.forfeit import forfeit_scores
from cardrules.hazari.groups import (
    GROUP_IDS,
    GroupActions,
    _arranged,
    _group_at,
    _number_in,
    group_number,
)
from cardrules.hazari.observation import HazariObservation
from cardrules.hazari.partitions import (
    HandTables,
    ValidArrangements,
    hand_tables,
    sample_split,
    split_arrangement,
)
from cardrules.hazari.rounds import resolve_rounds
from cardrules.hazari.rules import ActionSpace, HazariRules, rule
from cardrules.record import GameRecord, dump_json, load_record, record_actions
from cardrules.rng import Rng

__all__ = [
    "DEAL_GAME",
    "PACK",
    "HazariState",
    "UpActions",
    "hands_to_deck",
    "new_game",
    "replay_deal",
]

DEAL_GAME = "hazari"
"""The game name written in a single deal's record."""

PACK = Deck.standard()
"""The 52-card pack every deal is drawn from."""

HAND_SIZE = 13


def hands_to_deck(hands: Sequence[Iterable[Card]], dealer: int) -> Deck:
    """A deck that :func:`~cardrules.hazari.deal.deal_hands` deals as ``hands``.

    ``hands[seat]`` are that seat's 13 cards, in any order; together they must be the pack.

    >>> from cardrules import Deck
    >>> hands = deal_hands(Deck.standard().shuffled(3), dealer=2)
    >>> deal_hands(hands_to_deck(hands, dealer=2), dealer=2) == hands
    True
    """
    if isinstance(hands, (str, bytes)):
        raise InvalidCardsError(f"expected 4 hands of Card objects, got {_show(hands)}")
    try:
        seats = [tuple(hand) for hand in hands]
    except TypeError:
        raise InvalidCardsError(f"expected 4 hands of Card objects, got {_show(hands)}") from None
    if len(seats) != PLAYERS or any(len(hand) != HAND_SIZE for hand in seats):
        raise InvalidCardsError(
            f"a Hazari deal needs 4 hands of 13 cards, got sizes {[len(h) for h in seats]}"
        )
    if type(dealer) is not int or not 0 <= dealer < PLAYERS:
        raise InvalidRulesError(f"dealer {_show(dealer)} is not a seat in 0..3")
    deck = Deck(
        seats[(dealer + 1 + seat) % PLAYERS][k] for k in range(HAND_SIZE) for seat in range(PLAYERS)
    )
    return Dealing(decks=(deck,)).deck(0, PACK)


class UpActions(LegalActions[Up]):
    """The legal :class:`Up` actions for one hand: every valid arrangement (H7), lazily.

    Iteration and ``legal[i]`` follow the order of the actions' ids. ``len`` counts
    without listing anything, and ``legal[i]`` finds the ``i``-th action by descending
    through per-group counts, in microseconds. ``action in legal`` is True exactly
    when the deal's ``apply`` accepts ``action``.
    """

    __slots__ = ("_hand",)

    def __init__(self, hand: tuple[Card, ...]) -> None:
        self._hand = hand

    @property
    def _tables(self) -> HandTables:
        return hand_tables(self._hand)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Up) and _mask(action.arrangement.cards) == _mask(self._hand)

    def __len__(self) -> int:
        return self._tables.count

    def __getitem__(self, index: int) -> Up:
        tables = self._tables
        return Up(tables.arrangement(tables.id_at(check_index(index, tables.count))))

    def __iter__(self) -> Iterator[Up]:
        return (Up(arrangement) for arrangement in ValidArrangements(self._hand))

    def sample(self, rng: Rng) -> Up:
        """A legal action drawn uniformly with ``rng``, without counting the legal actions
        (:func:`~cardrules.hazari.partitions.sample_split`)."""
        hand = self._hand
        return Up(split_arrangement(hand, sample_split(hand, rng)))

    def ids(self) -> list[int]:
        """The ids of the legal actions, ascending (the iteration order)."""
        return self._tables.ids()


_BITS = [1 << index for index in range(52)]
_INDEX = attrgetter("index")


class _Choice:
    """The acting seat's choice so far under ``actions="groups"``: the card indices of
    its hand, the ids of its groups so far, and its legal groups (one byte per group id)
    once asked for. Kept by the state that made it; never shown to anyone."""

    __slots__ = ("_mask", "chosen", "x")

    def __init__(self, x: tuple[int, ...], chosen: tuple[int, ...]) -> None:
        self.x = x
        self.chosen = chosen
        self._mask: bytes | None = None

    def mask(self) -> bytes:
        """The legal groups, one byte per group id."""
        mask = self._mask
        if mask is None:
            mask = self._mask = group_mask(self.x, self.chosen)
        return mask


_GROUPS = ActionSpace.GROUPS
_set = object.__setattr__


def _mask(cards: Iterable[Card]) -> int:
    # The 52-bit set of the cards; with C-level maps, as apply checks two hands per move.
    return reduce(or_, map(_BITS.__getitem__, map(_INDEX, cards)), 0)


@attrs.frozen(repr=False)
class HazariState:
    """One position of a Hazari deal. Create it with :meth:`new` or :meth:`from_dealing`.

    ``hands[seat]`` are the 13 cards dealt to each seat, sorted. ``arrangements[seat]``
    is that seat's submitted arrangement, or ``None`` until it is up. ``deal`` is the
    deal's number in its game: a match's deal ``n`` is drawn as ``dealing.deck(n)``.
    Under ``actions="groups"``, ``history`` holds three :class:`Group` turns per seat
    and :attr:`chosen` the acting seat's groups so far.
    """

    rules: HazariRules
    dealing: Dealing
    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    arrangements: tuple[Arrangement | None, ...]
    history: tuple[Turn[HazariAction], ...]
    events: tuple[HazariEvent, ...]
    rounds: tuple[RoundPlayed, ...]
    scores: tuple[int, ...]
    _choice: _Choice | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    @classmethod
    def new(
        cls,
        *,
        seed: int | None = None,
        deck: Deck | None = None,
        hands: Sequence[Iterable[Card]] | None = None,
        dealer: int = 0,
        rules: HazariRules | None = None,
    ) -> HazariState:
        """A fresh deal from exactly one of a ``seed``, an explicit ``deck`` (top card
        first, dealt by H9) or explicit ``hands`` by seat.

        >>> state = HazariState.new(seed=1, dealer=3)
        >>> state.current_player
        0
        >>> HazariState.new(hands=state.hands, dealer=3).hands == state.hands
        True
        """
        if (seed is None) + (deck is None) + (hands is None) != 2:
            raise InvalidStateError("a Hazari deal needs exactly one of seed, deck or hands")
        if hands is not None:
            deck = hands_to_deck(hands, dealer)
        dealing = Dealing(seed=seed) if deck is None else Dealing(decks=(deck,))
        return cls.from_dealing(dealing, dealer=dealer, rules=rules)

    @classmethod
    def from_dealing(
        cls,
        dealing: Dealing,
        *,
        dealer: int = 0,
        deal: int = 0,
        rules: HazariRules | None = None,
    ) -> HazariState:
        """Deal number ``deal`` of ``dealing``, with ``dealer`` dealing."""
        if type(deal) is not int or deal < 0:
            raise InvalidStateError(f"deal number {_show(deal)} must be a non-negative int")
        if rules is not None and not isinstance(rules, HazariRules):
            raise InvalidRulesError(f"rules must be HazariRules, got {_show(rules)}")
        if not isinstance(dealing, Dealing):
            raise InvalidStateError(f"dealing must be a Dealing, got {_show(dealing)}")
        hands = deal_hands(dealing.deck(deal, PACK), dealer)
        return cls(
            rules=HazariRules() if rules is None else rules,
            dealing=dealing,
            deal=deal,
            dealer=dealer,
            hands=hands,
            arrangements=(None,) * PLAYERS,
            history=(),
            events=(),
            rounds=(),
            scores=(0,) * PLAYERS,
        )

    @property
    def num_players(self) -> int:
        """Always 4 (H1)."""
        return PLAYERS

    @property
    def _groups(self) -> bool:
        return self.rules.actions is _GROUPS

    @property
    def current_player(self) -> int | None:
        """The seat that must submit next, from the dealer's right on; ``None`` when over.

        Under ``actions="groups"`` each seat makes its three decisions in a row."""
        done = len(self.history)
        if self.rules.actions is _GROUPS:  # not self._groups: asked several times a step
            done //= 3
        return None if done == PLAYERS else (self.dealer + 1 + done) % PLAYERS

    @property
    def is_terminal(self) -> bool:
        """True once all four are up and the rounds are played."""
        return len(self.history) == (3 * PLAYERS if self.rules.actions is _GROUPS else PLAYERS)

    @property
    def up(self) -> tuple[int, ...]:
        """The seats that are up, in the order they said so."""
        if self._groups:
            return tuple(turn.player for turn in self.history[2::3])
        return tuple(turn.player for turn in self.history)

    @property
    def chosen(self) -> tuple[tuple[Card, ...], ...]:
        """The acting seat's groups so far under ``actions="groups"`` (else empty)."""
        if not self._groups:
            return ()
        done = len(self.history) % 3
        turns = self.history[len(self.history) - done :] if done else ()
        return tuple(turn.action.cards for turn in turns if isinstance(turn.action, Group))

    def _chosen_ids(self, x: Sequence[int]) -> tuple[int, ...]:
        """The ids of the acting seat's groups so far, in the hand with card indices ``x``."""
        history = self.history
        done = len(history) % 3
        numbers = []
        for turn in history[len(history) - done :] if done else ():
            action = turn.action
            number = _number_in(x, action) if isinstance(action, Group) else None
            assert number is not None  # applied groups are the player's cards
            numbers.append(number)
        return tuple(numbers)

    def _choosing(self, player: int) -> _Choice:
        """The acting seat's choice so far under ``actions="groups"``, worked out once
        per state (the mask, the ids and ``apply`` each need it)."""
        choice = self._choice
        if choice is None:
            x = tuple(map(_INDEX, self.hands[player]))
            choice = _Choice(x, self._chosen_ids(x))
            _set(self, "_choice", choice)
        return choice

    def legal_actions(self) -> LegalActions[HazariAction]:
        """The current player's valid arrangements as :class:`Up` actions (lazy), or
        under ``actions="groups"`` the :class:`Group` actions that can still complete one."""
        player = self.current_player
        if player is None:
            return ActionTuple(())
        if self._groups:
            return GroupActions(self.hands[player], ids_in(self._choosing(player).mask()))
        return UpActions(self.hands[player])

    def apply(self, action: HazariAction) -> HazariState:
        """The state after the current player submits ``action``.

        Raises :class:`IllegalActionError` (leaving this state as it was) when the deal
        is over, ``action`` is not an :class:`Up` (a :class:`Group` under
        ``actions="groups"``), or its cards are not the player's hand (not a legal group).
        The message names the deal (its seed) first.
        """
        try:
            return self._apply(action)
        except IllegalActionError as exc:
            seed = self.dealing.seed
            where = "explicit decks" if seed is None else f"seed {seed}"
            raise type(exc)(f"Hazari ({where}, deal {self.deal + 1}): {exc}") from None

    def _apply(self, action: HazariAction) -> HazariState:
        player = self.current_player
        if player is None:
            raise IllegalActionError(f"the deal is over; {action!s:.80} cannot be played")
        if self._groups:
            return self._apply_group(player, action)
        if not isinstance(action, Up):
            raise IllegalActionError(f"{_show(action)} is not a Hazari action (expected Up)")
        hand = self.hands[player]
        if _mask(chain.from_iterable(action.arrangement.groups)) != _mask(hand):
            cards = action.arrangement.cards
            raise IllegalActionError(
                f"player {player} is to act and holds {format_cards(hand)};"
                f" the arrangement {action.arrangement} uses"
                f" {format_cards(sorted(set(cards) - set(hand)))} which they do not hold"
            )
        return self._up(player, action.arrangement, Turn(player, action))

    def _apply_group(self, player: int, action: object) -> HazariState:
        if not isinstance(action, Group):
            raise IllegalActionError(
                f"{_show(action)} is not an action under actions=groups (expected a Group)"
            )
        hand = self.hands[player]
        choice = self._choosing(player)
        x, chosen = choice.x, choice.chosen
        number = _number_in(x, action)
        if number is None:
            raise IllegalActionError(
                f"player {player} is to act and holds {format_cards(hand)};"
                f" {action} uses cards they do not hold"
            )
        if not choice.mask()[number]:
            raise IllegalActionError(
                f"{action} is not a legal group for player {player}: it repeats a card"
                f" already grouped, or no valid arrangement ({rule('H7')}) has it with the"
                " groups chosen so far"
            )
        turn: Turn[HazariAction] = Turn(player, action)
        if len(chosen) < 2:
            state = HazariState(
                self.rules,
                self.dealing,
                self.deal,
                self.dealer,
                self.hands,
                self.arrangements,
                (*self.history, turn),
                self.events,
                self.rounds,
                self.scores,
            )
            _set(state, "_choice", _Choice(x, (*chosen, number)))  # the same seat goes on
            return state
        return self._up(player, _arranged(hand, x, (*chosen, number)), turn)

    def _up(self, player: int, arrangement: Arrangement, turn: Turn[HazariAction]) -> HazariState:
        """The state once ``player`` is up with ``arrangement``, ``turn`` appended."""
        arrangements = list(self.arrangements)
        arrangements[player] = arrangement
        history = (*self.history, turn)
        events: tuple[HazariEvent, ...] = (*self.events, PlayerUp(player))
        rounds: tuple[RoundPlayed, ...] = ()
        scores = self.scores
        if all(seat is not None for seat in arrangements):
            final = [a for a in arrangements if a is not None]
            rounds = resolve_rounds(self.dealer, final, self.rules.tie_rule)
            totals = [0] * PLAYERS
            for played in rounds:
                totals[played.winner] += played.points
            scores = tuple(totals)
            events = (*events, *rounds, DealScored(scores))
        return HazariState(
            self.rules,
            self.dealing,
            self.deal,
            self.dealer,
            self.hands,
            tuple(arrangements),
            history,
            events,
            rounds,
            scores,
        )

    def observation(self, player: int) -> HazariObservation:
        """What ``player`` may know: their own hand and arrangement, and the public events."""
        if type(player) is not int or not 0 <= player < PLAYERS:
            raise InvalidStateError(f"player {_show(player)} is not a seat in 0..3")
        return HazariObservation(
            rules=self.rules,
            player=player,
            dealer=self.dealer,
            deal=self.deal,
            hand=self.hands[player],
            arrangement=self.arrangements[player],
            groups=self.chosen if player == self.current_player else (),
            up=self.up,
            current_player=self.current_player,
            events=self.events,
            scores=self.scores,
        )

    def returns(self) -> tuple[int, ...]:
        """Each seat's card points for the deal (all zero until it is over)."""
        return self.scores

    def forfeit_returns(self, seat: int) -> tuple[int, ...]:
        """Each seat's points if ``seat`` forfeits the deal here (H13,
        :mod:`cardrules.hazari.forfeit`)."""
        return forfeit_scores(self, seat)

    def result_columns(self) -> tuple[dict[str, int | str | bool | None], ...]:
        """Each seat's own columns for result tables (:mod:`cardrules.tables`): the
        rounds it won, then for each round ``r`` the kind of the group it played there
        (``kind_r``, None until played) and whether that group took the round (``won_r``).

        >>> state = HazariState.new(seed=1)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[0])
        >>> state.result_columns()[1]["rounds_won"], state.result_columns()[1]["kind_1"]
        (1, 'Run')
        """
        winners = [played.winner for played in self.rounds]
        seats = []
        for seat, arrangement in enumerate(self.arrangements):
            row: dict[str, int | str | bool | None] = {"rounds_won": winners.count(seat)}
            for number in range(1, 5):
                combination = None
                if arrangement is not None and number <= len(winners):
                    combination = arrangement.combinations[number - 1]
                row[f"kind_{number}"] = None if combination is None else str(combination.kind)
                row[f"won_{number}"] = number <= len(winners) and winners[number - 1] == seat
            seats.append(row)
        return tuple(seats)

    # --- action ids -------------------------------------------------------------

    def _acting_hand(self, what: str) -> tuple[Card, ...]:
        player = self.current_player
        if player is None:
            raise IllegalActionError(f"the deal is over; there is no {what}")
        return self.hands[player]

    def action_id(self, action: HazariAction) -> int:
        """The id of ``action``: its place among the 200,200 splits of the acting player's
        sorted hand (see :mod:`cardrules.hazari.action_ids`); under ``actions="groups"``
        the id of a group of that hand (:mod:`cardrules.hazari.groups`).

        An action that is not an arrangement (a group) of that hand raises IllegalActionError.
        """
        hand = self._acting_hand("action to number")
        if self._groups:
            number = group_number(hand, action) if isinstance(action, Group) else None
            if number is None:
                raise IllegalActionError(
                    f"{_show(action)} is not a group of the hand {format_cards(hand)}"
                )
            return number
        if not isinstance(action, Up):
            raise IllegalActionError(f"{_show(action)} is not a Hazari action (expected Up)")
        position = {card: i for i, card in enumerate(hand)}
        try:
            four, *threes = (
                sum(1 << position[card] for card in group)
                for group in (action.arrangement.four, *action.arrangement.threes)
            )
        except KeyError:
            raise IllegalActionError(
                f"{action} is not an arrangement of the hand {format_cards(hand)}"
            ) from None
        return split_id(four, threes)

    def action_from_id(self, action_id: int) -> HazariAction:
        """The :class:`Up` whose id is ``action_id`` for the acting player's hand.

        An id out of ``range(200200)``, or one whose split breaks H7 (its 4-card group
        is higher than a 3-card group, so it is no arrangement at all), raises
        IllegalActionError; every other id gives a legal action. Under
        ``actions="groups"``: the :class:`Group` of id ``action_id`` (0 to 285), whether
        or not it is legal now.
        """
        hand = self._acting_hand("action to look up")
        if self._groups:
            return _group_at(hand, action_id)
        split_of_id(action_id)  # checks the range
        try:
            return Up(hand_tables(hand).arrangement(action_id))
        except CardRulesError as exc:
            raise IllegalActionError(f"action id {action_id} is not a valid split: {exc}") from exc

    def legal_action_ids(self) -> list[int]:
        """The ids of the legal actions, ascending (also their order in ``legal_actions``)."""
        player = self.current_player
        if player is None:
            return []
        if self._groups:
            return ids_in(self._choosing(player).mask())
        return hand_tables(self.hands[player]).ids()

    def legal_action_mask(self) -> bytes:
        """200,200 bytes (286 under ``actions="groups"``), one per id: 1 where the action
        is legal, else 0."""
        if self._groups:
            player = self.current_player
            return bytes(GROUP_IDS) if player is None else self._choosing(player).mask()
        mask = bytearray(SPLITS)
        for legal in self.legal_action_ids():
            mask[legal] = 1
        return bytes(mask)

    # --- records ----------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The derived facts a record stores to detect tampering."""
        return {
            "phase": "over" if self.is_terminal else "arranging",
            "current_player": self.current_player,
            "up": list(self.up),
            "hands": [format_cards(hand) for hand in self.hands],
            "round_winners": [played.winner for played in self.rounds],
            "scores": list(self.scores),
        }

    def setup_json(self) -> dict[str, Any]:
        """The rule options plus this deal's ``dealer`` and ``deal`` number."""
        return {**self.rules.to_json(), "dealer": self.dealer, "deal": self.deal}

    def record(self) -> GameRecord:
        """The deal as a :class:`~cardrules.record.GameRecord`."""
        return GameRecord(
            game=DEAL_GAME,
            rules=self.setup_json(),
            dealing=self.dealing,
            actions=record_actions(self.history),
            summary=self.summary(),
        )

    def to_json(self) -> dict[str, Any]:
        """The deal (rules, dealing, actions and a summary) as a JSON-ready dict."""
        result: dict[str, Any] = self.record().to_json()
        return result

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> HazariState:
        """Rebuild a deal by replaying its record (a dict or JSON text), then check the
        stored summary. Malformed, truncated or tampered input raises InvalidStateError.
        """
        text = dump_json(data) if isinstance(data, dict) else data
        return load_record(text, DEAL_GAME, _start_from_record, parse_action, HazariState.summary)

    def __str__(self) -> str:
        to_act = "over" if self.current_player is None else f"seat {self.current_player} to arrange"
        lines = [f"Hazari deal {self.deal + 1}, seat {self.dealer} deals; {to_act}"]
        chosen = self.chosen
        for seat, hand in enumerate(self.hands):
            up = "  up" if self.arrangements[seat] is not None else ""
            if chosen and seat == self.current_player:
                up = "  groups: " + " | ".join(format_cards(group) for group in chosen)
            lines.append(f"  seat {seat}: {format_cards(hand)}{up}")
        for played in self.rounds:
            lines.append(
                f"  round {played.number}: seat {played.winner} takes {played.points} points"
            )
        if self.is_terminal:
            lines.append("  points: " + " ".join(str(score) for score in self.scores))
        return "\n".join(lines)

    def __repr__(self) -> str:
        """``load_game(spec).state_from_text(line)``, or ``HazariState.from_json(...)``
        where the text record cannot hold the state; either pastes back."""
        from cardrules.records.text import state_repr

        return state_repr(self, lambda: f"HazariState.from_json({self.to_json()!r})")

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)


def _start_from_record(record: GameRecord) -> HazariState:
    options = dict(record.rules)
    dealer = options.pop("dealer", None)
    deal = options.pop("deal", None)
    rules = HazariRules.from_json(options)
    return HazariState.from_dealing(record.dealing, dealer=dealer, deal=deal, rules=rules)


def replay_deal(
    actions: Iterable[HazariAction],
    *,
    dealing: Dealing,
    dealer: int = 0,
    deal: int = 0,
    rules: HazariRules | None = None,
) -> HazariState:
    """Replay a deal from its rules, its dealing and its actions.

    >>> state = new_game(seed=5)
    >>> while not state.is_terminal:
    ...     state = state.apply(next(iter(state.legal_actions())))
    >>> actions = [turn.action for turn in state.history]
    >>> replay_deal(actions, dealing=state.dealing) == state
    True
    """
    state = HazariState.from_dealing(dealing, dealer=dealer, deal=deal, rules=rules)
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
        raise IllegalActionError(f"actions must be an iterable of Up actions, got {_show(actions)}")
    for action in actions:
        state = state.apply(action)
    return state


def new_game(
    players: int = PLAYERS,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    rules: HazariRules | None = None,
) -> HazariState:
    """A new deal from ``seed``, ``dealer`` dealing (seat 0 by default), under ``rules``.

    ``players`` is there to match the other games' ``new_game``: Hazari is for 4 (H1).

    >>> state = new_game(seed=1, dealer=3)
    >>> state.dealer, state.current_player
    (3, 0)
    >>> new_game(5, seed=1)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidRulesError: Hazari is for 4 players (rule H1 on the Hazari rules page \
(docs/rules/hazari)), not 5
    """
    if players != PLAYERS or type(players) is not int:
        raise InvalidRulesError(f"Hazari is for 4 players ({rule('H1')}), not {_show(players)}")
    if seed is None:
        raise InvalidRulesError("a Hazari deal needs its chance: give a seed")
    return HazariState.new(seed=seed, dealer=0 if dealer is None else dealer, rules=rules)
