"""The OpenSpiel adapter's checks: every method a Python caller reaches checks first.

OpenSpiel's C++ ``State`` methods turn a bad argument into ``pyspiel.SpielError`` or
``TypeError`` (a player of 99, an action of -1, a float, a terminal state that still
takes an action). :class:`StateGuards` sits before ``pyspiel.State`` in the adapter
state's bases and overrides each such method: it checks the arguments, raises a
package error, and only then hands valid values to OpenSpiel. Methods OpenSpiel
defines for other kinds of games (structs, mean-field, simultaneous moves, undo)
raise :class:`~cardrules.errors.InvalidStateError`.

C++ code (OpenSpiel's C++ algorithms) calls the C++ methods directly and passes valid
values; the adapter's own hooks (``_apply_action`` and the rest) check what it must.
This module imports no extra.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from cardrules.cards import Card, _show
from cardrules.chance import CHANCE
from cardrules.errors import CardRulesError, IllegalActionError, InvalidStateError
from cardrules.integrations._values import whole_number

__all__ = ["StateGuards", "action_limit", "action_number", "actor", "seat"]

_LONGEST_ACTION_TEXT = 200


def seat(player: object, players: int) -> int:
    """``player`` if it is a seat (an integer in ``0..players-1``, not a bool)."""
    number = whole_number(player)
    if number is None or not 0 <= number < players:
        raise InvalidStateError(f"player {_show(player)} is not a seat in 0..{players - 1}")
    return number


def actor(player: object, players: int) -> int:
    """``player`` if it is a seat or OpenSpiel's chance player (-1)."""
    number = whole_number(player)
    if number is None or not CHANCE <= number < players:
        raise InvalidStateError(
            f"player {_show(player)} is neither a seat in 0..{players - 1} nor chance (-1)"
        )
    return number


def action_limit(context: Any, chance: bool) -> int:
    """How many actions there are: pack positions at a chance node, else action ids."""
    return int(context.chance_limit if chance else context.action_limit)


def action_number(action: object, limit: int) -> int:
    """``action`` if it is an integer in ``0..limit-1`` (a chance outcome or an action id)."""
    if type(action) is int and 0 <= action < limit:
        return action
    number = whole_number(action)
    if number is None or not 0 <= number < limit:
        raise IllegalActionError(
            f"{_show(action)} is not an action here: actions are integers in 0..{limit - 1}"
        )
    return number


def unsupported(name: str, reason: str) -> Callable[..., NoReturn]:
    """A method ``name`` that refuses every call with a package error saying ``reason``."""

    def refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
        raise InvalidStateError(f"{name} is not supported by cardrules games: {reason}")

    refuse.__name__ = refuse.__qualname__ = name
    refuse.__doc__ = f"Not supported ({reason}): raises InvalidStateError."
    return refuse


NO_STRUCTS = "they have no OpenSpiel structs; the cardrules state is state.chance_state"
NOT_MEAN_FIELD = "they are not mean-field games"
_SEQUENTIAL = "they are sequential: use apply_action"


class StateGuards:
    """Checked versions of ``pyspiel.State``'s methods (a base of ``CardrulesState``).

    The state provides ``_hold`` (its position, with ``legal_ids()``), ``current_player()``,
    ``returns()`` and ``_action_to_string``; ``super()`` here is ``pyspiel.State``.
    """

    _hold: Any

    if TYPE_CHECKING:

        def current_player(self) -> int: ...

        def chance_outcomes(self) -> list[tuple[int, float]]: ...

        def returns(self) -> list[float]: ...

        def _action_to_string(self, player: int, action: int) -> str: ...

    # ------------------------------------------------------------ players

    def _player(self, player: object) -> int:
        """``player`` if it is a seat; ``None`` stands for the seat to act."""
        if player is not None:
            return seat(player, self._hold.context.players)
        current = self.current_player()
        if current < 0:
            where = "the end of the game" if self._hold.over else "a chance node"
            raise InvalidStateError(f"nobody acts at {where}: name the player")
        return current

    def _actor(self, player: object) -> int:
        """``player`` if it is a seat or chance; ``None`` stands for the player to act."""
        if player is None:
            return self.current_player()
        return actor(player, self._hold.context.players)

    # ------------------------------------------------------------ actions

    def legal_actions(self, player: object = None) -> list[int]:
        """The legal actions (sorted ids, or chance outcomes at a chance node) of
        ``player``, by default the player to act; empty for anyone else.

        What OpenSpiel's ``State.legal_actions`` gives, computed here: the C++ round
        trip (into C++, back into Python for the ids, a list converted twice) cost
        more than the ids themselves. At a chance node every player gets the chance
        outcomes, as from OpenSpiel.
        """
        hold = self._hold
        who = hold.player if player is None else self._actor(player)
        if hold.over:
            return []
        if hold.chance:
            return [position for position, _ in self.chance_outcomes()]
        if who != hold.player:
            return []
        ids: list[int] = hold.legal_ids()  # a new list, the caller's
        return ids

    def is_chance_node(self) -> bool:
        """True at a chance node (OpenSpiel's ``State.is_chance_node``, answered here)."""
        return bool(self._hold.chance)

    def legal_actions_mask(self, player: object = None) -> list[int]:
        """One 0/1 per action id (per pack position at a chance node), 1 where legal."""
        who = self._actor(player)
        if who == CHANCE and not self._hold.node.is_chance_node:
            return [0] * len(self._hold.context.pack)
        mask: list[int] = super().legal_actions_mask(who)  # type: ignore[misc]
        return mask

    def _action(self, action: object) -> int:
        """``action`` as a number OpenSpiel can take here; a terminal state takes none."""
        hold = self._hold
        if hold.over:
            raise IllegalActionError(
                f"the game is over: a terminal state takes no action, got {_show(action)}"
            )
        return action_number(action, action_limit(hold.context, hold.chance))

    def apply_action(self, action: object) -> None:
        """Take ``action``: a chance outcome at a chance node, else an action id.

        An action that is not legal here raises :class:`~cardrules.errors.IllegalActionError`
        and changes nothing; a terminal state takes no action at all.
        """
        super().apply_action(self._action(action))  # type: ignore[misc]

    def apply_action_with_legality_check(self, action: object) -> None:
        """:meth:`apply_action`, which always checks legality."""
        self.apply_action(action)

    def child(self, action: object) -> Any:
        """A new state: this one after ``action`` (this one is unchanged)."""
        return super().child(self._action(action))  # type: ignore[misc]

    def action_to_string(self, *args: object) -> str:
        """The text of an action: ``action_to_string(action)`` for the player to act,
        or ``action_to_string(player, action)``."""
        if len(args) == 1:
            player, action = self.current_player(), args[0]
        elif len(args) == 2:
            player, action = self._actor(args[0]), args[1]
        else:
            raise InvalidStateError(
                f"action_to_string takes (action) or (player, action), got {len(args)} arguments"
            )
        limit = action_limit(self._hold.context, player == CHANCE)
        return self._action_to_string(player, action_number(action, limit))

    def string_to_action(self, *args: object) -> int:
        """The legal action whose :meth:`action_to_string` is the text:
        ``string_to_action(text)`` or ``string_to_action(player, text)``."""
        if len(args) not in (1, 2):
            raise InvalidStateError(
                f"string_to_action takes (text) or (player, text), got {len(args)} arguments"
            )
        player = self.current_player() if len(args) == 1 else self._actor(args[0])
        text = args[-1]
        number = None
        if isinstance(text, str) and len(text) <= _LONGEST_ACTION_TEXT:
            number = self._parse_action(text)
        if number is None or self._action_to_string(player, number) != text:
            raise IllegalActionError(f"no legal action here reads {_show(text)}")
        return number

    def _parse_action(self, text: str) -> int | None:
        """The legal action id or chance outcome ``text`` names, if any."""
        hold = self._hold
        node = hold.node
        try:
            if node.is_chance_node and not hold.over:
                card = Card.parse(text.removeprefix("deal "))
                return hold.context.position[card] if card in node.legal_actions() else None
            if hold.over:
                return None
            number = int(node.inner.action_id(hold.context.game.parse_action(text)))
        except CardRulesError:
            return None
        return number if number in node.inner.legal_action_ids() else None

    # ------------------------------------------------------------ returns

    def player_return(self, player: object) -> float:
        """:meth:`returns` of ``player``."""
        return self.returns()[seat(player, self._hold.context.players)]

    def rewards(self) -> list[float]:
        """The rewards of the last action: the returns at the end, else zero."""
        return self.returns()

    def player_reward(self, player: object) -> float:
        """:meth:`rewards` of ``player``."""
        return self.rewards()[seat(player, self._hold.context.players)]

    # ------------------------------------------------------------ observations

    def information_state_string(self, player: object = None) -> str:
        """The information-state string of ``player`` (by default the seat to act)."""
        return str(super().information_state_string(self._player(player)))  # type: ignore[misc]

    def observation_string(self, player: object = None) -> str:
        """The observation string of ``player`` (by default the seat to act)."""
        return str(super().observation_string(self._player(player)))  # type: ignore[misc]

    def information_state_tensor(self, player: object = None) -> list[float]:
        """The information-state tensor of ``player`` (by default the seat to act)."""
        tensor: list[float] = super().information_state_tensor(  # type: ignore[misc]
            self._player(player)
        )
        return tensor

    def observation_tensor(self, player: object = None) -> list[float]:
        """The observation tensor of ``player`` (by default the seat to act)."""
        tensor: list[float] = super().observation_tensor(self._player(player))  # type: ignore[misc]
        return tensor

    # ------------------------------------------------------------ not supported

    apply_actions = unsupported("apply_actions", _SEQUENTIAL)
    apply_actions_with_legality_checks = unsupported(
        "apply_actions_with_legality_checks", _SEQUENTIAL
    )
    undo_action = unsupported("undo_action", "states are immutable: keep a clone instead")
    distribution_support = unsupported("distribution_support", NOT_MEAN_FIELD)
    update_distribution = unsupported("update_distribution", NOT_MEAN_FIELD)
    mean_field_population = unsupported("mean_field_population", NOT_MEAN_FIELD)
    to_struct = unsupported("to_struct", NO_STRUCTS)
    to_dict = unsupported("to_dict", NO_STRUCTS)
    to_json = unsupported("to_json", f"{NO_STRUCTS}; state.serialize() is its JSON record")
    to_observation_struct = unsupported("to_observation_struct", NO_STRUCTS)
    action_to_struct = unsupported("action_to_struct", NO_STRUCTS)
    actions_to_struct = unsupported("actions_to_struct", NO_STRUCTS)
    apply_action_struct = unsupported("apply_action_struct", NO_STRUCTS)
    struct_to_actions = unsupported("struct_to_actions", NO_STRUCTS)
    validate_action_struct = unsupported("validate_action_struct", NO_STRUCTS)
    get_action_struct_sampler = unsupported("get_action_struct_sampler", NO_STRUCTS)
