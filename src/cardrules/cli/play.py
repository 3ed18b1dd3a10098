"""``cardrules play GAME``: one narrated game between bots, or against you.

With ``--human SEAT`` you play that seat: the command shows your hand and the
numbered legal actions, and reads your choice from standard input. Bad input is
refused with the reason and asked again; end of input (Ctrl-D) or Ctrl-C leaves
the game cleanly.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import IO, Any

from cardrules.bot import Bot, bot_name
from cardrules.cli.games import (
    add_bots_option,
    add_game_argument,
    add_players_option,
    load_cli_game,
    parse_bots,
)
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError
from cardrules.game import LegalActions, Turn
from cardrules.rng import Rng, check_seed, derive_seed
from cardrules.runner import BOT_STREAM, StopPlay, play_game
from cardrules.text import Narrator, Option
from cardrules.view import View

__all__ = ["Human", "QuitGame", "play_narrated", "register"]

OptionsFn = Callable[[Any, LegalActions[Any]], list[Option]]
ParseFn = Callable[[str, Any], Any]


class QuitGame(StopPlay):
    """The human left the game (end of input)."""


class Human:
    """A bot that asks a person: shows the hand and numbered options, reads a choice.

    ``options(observation, legal)`` lists ``(label, action)`` pairs to number;
    ``parse(text, observation)`` reads typed actions (it may raise a
    :class:`~cardrules.errors.CardRulesError` whose message is shown);
    ``show(observation)`` gives the lines describing the position.
    """

    name = "you"

    def __init__(
        self,
        options: OptionsFn,
        show: Callable[[Any], list[str]],
        parse: ParseFn | None = None,
        read: Callable[[str], str] | None = None,
        out: IO[str] | None = None,
    ) -> None:
        self.options = options
        self.show = show
        self.parse = parse
        self.read = read
        self.out = out

    def _print(self, text: str) -> None:
        print(text, file=self.out or sys.stdout)

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        """Ask until the person gives a legal action."""
        for line in self.show(observation):
            self._print(line)
        options = self.options(observation, legal_actions)
        if len(options) == 1 and len(legal_actions) == 1:
            self._print(f"  Your only choice: {options[0][0]}.")
            return options[0][1]
        for number, (label, _) in enumerate(options, start=1):
            self._print(f"  {number}. {label}")
        hint = f"1-{len(options)}" + (" or type an action" if self.parse else "")
        while True:
            try:
                text = (self.read or input)(f"Your choice ({hint}): ").strip()
            except EOFError as exc:
                raise QuitGame from exc
            action, reason = self._read_choice(text, options, observation, legal_actions)
            if reason is None:
                return action
            self._print(f"  Not accepted: {reason}. Try again.")

    def _read_choice(
        self, text: str, options: list[Option], observation: Any, legal: LegalActions[Any]
    ) -> tuple[Any, str | None]:
        if not text:
            return None, "type a number"
        if text.isascii() and text.isdigit():  # not "²", which int() refuses
            if len(text) <= 9 and 1 <= int(text) <= len(options):
                return options[int(text) - 1][1], None
            shown = text if len(text) <= 12 else f"{text[:9]}... ({len(text)} digits)"
            return None, f"{shown} is not one of the choices 1-{len(options)}"
        if self.parse is None:
            return None, f"{text!r} is not a number"
        try:
            action = self.parse(text, observation)
        except CardRulesError as exc:
            return None, str(exc)
        if action not in legal:
            return None, f"{text!r} is not a legal action here"
        return action, None


def play_narrated(
    state: Any,
    players: Sequence[Bot],
    rngs: Sequence[Rng],
    narrator: Narrator,
    viewer: int | None,
    out: IO[str] | None = None,
) -> Any:
    """Play ``state`` to the end, printing the narration; returns the final state.

    The players get what :func:`cardrules.runner.play_game` gives any bot: their
    observation and the legal actions.
    """
    stream = out or sys.stdout
    before = [state]

    def say(lines: list[str]) -> None:
        for line in lines:
            print(line, file=stream)

    def narrate(after: Any, turn: Turn[Any]) -> None:
        say(narrator.turn(before[0], turn, after, viewer))
        before[0] = after

    say(narrator.start(state, viewer))
    final = play_game(state, players, rngs, on_turn=narrate)
    say(narrator.end(final))
    return final


def register(commands: Any) -> None:
    """Add the ``play`` command."""
    parser = commands.add_parser("play", help="play one narrated game between bots or against you")
    add_game_argument(parser)
    add_players_option(parser)
    parser.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    add_bots_option(parser)
    parser.add_argument("--human", type=int, metavar="SEAT", help="play this seat yourself")
    parser.add_argument("--unicode", action="store_true", help="print suit symbols")
    parser.set_defaults(run=_play)


def _play(args: argparse.Namespace) -> int:
    game = load_cli_game(args.game, args.players)
    players = game.num_players
    seed = check_seed(args.seed)
    names, seats = parse_bots(game, args.bots)
    if args.human is not None and not 0 <= args.human < players:
        raise UsageError(f"--human {args.human} is not a seat in 0..{players - 1}")
    state = game.new_state(seed)
    rngs = [Rng(derive_seed(seed, BOT_STREAM, seat)) for seat in range(players)]
    view = game.definition.view
    if args.human is not None:
        seats[args.human] = human_for(view, args.unicode)
        names[args.human] = bot_name(seats[args.human])
    narrator = view.narrator(names, args.unicode)
    try:
        play_narrated(state, seats, rngs, narrator, args.human)
    except QuitGame:
        print("\nGame abandoned.")
        print("cardrules: end of input: the game was abandoned", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nGame abandoned.")
        raise
    return 0


def human_for(view: View, unicode: bool, read: Callable[[str], str] | None = None) -> Human:
    """A :class:`Human` player prompting with a game's view."""
    return Human(
        lambda observation, legal: view.options(observation, legal, unicode),
        lambda observation: view.show(observation, unicode),
        view.parse,
        read,
    )
