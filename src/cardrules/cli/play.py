"""``cardrules play GAME``: one narrated game between bots, or against you.

With ``--human SEAT`` you play that seat: the command shows your hand and the
numbered legal actions, and reads your choice from standard input: the number,
the choice as listed, a short form of it (``7d``, ``12``, ``fold``), or any action
in the game's text form (see :mod:`cardrules.cli.choices`). Bad or ambiguous input
is refused with the reason and asked again; end of input (Ctrl-D) or Ctrl-C
leaves the game cleanly.

``--save FILE`` keeps the game's record in FILE, rewritten after every action
(to a temporary file, then moved into place, so FILE always holds a whole
record); ``--load FILE`` continues a saved game by the rules it was saved with:
rule options on the command line may be left out, and any that are given must
agree with the save.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from cardrules.bot import Bot, bot_name
from cardrules.cli.choices import match_choice
from cardrules.cli.games import (
    add_bots_option,
    add_game_argument,
    add_game_command,
    add_rule_options,
    add_time_limit_option,
    check_time_limit,
    given_rules,
    load_cli_game,
    parse_bots,
)
from cardrules.cli.records import read_text
from cardrules.cli.text import terminal_safe
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError
from cardrules.game import GameState, LegalActions, Turn
from cardrules.options import parse_spec
from cardrules.record import dump_json, json_object
from cardrules.registry import Game, load_game
from cardrules.rng import Rng, check_seed, derive_seed
from cardrules.runner import BOT_STREAM, StopPlay, play_game
from cardrules.seats import ForfeitedGame
from cardrules.text import Narrator, Option
from cardrules.view import View

__all__ = ["Human", "QuitGame", "load_saved", "play_narrated", "register", "save_record"]

OptionsFn = Callable[[Any, LegalActions[Any]], list[Option]]
ParseFn = Callable[[str, Any], Any]
AliasesFn = Callable[[Any], list[str]]

PROG = "cardrules play"


class QuitGame(StopPlay):
    """The human left the game (end of input)."""


class Human:
    """A bot that asks a person: shows the hand and numbered options, reads a choice.

    ``options(observation, legal)`` lists ``(label, action)`` pairs to number;
    ``parse(text, observation)`` reads typed actions (it may raise a
    :class:`~cardrules.errors.CardRulesError` whose message is shown);
    ``show(observation)`` gives the lines describing the position;
    ``aliases(action)`` gives extra short forms of an action's choice (such as
    ``12`` for ``raise to 12``).
    """

    name = "you"

    def __init__(
        self,
        options: OptionsFn,
        show: Callable[[Any], list[str]],
        parse: ParseFn | None = None,
        read: Callable[[str], str] | None = None,
        out: IO[str] | None = None,
        aliases: AliasesFn | None = None,
    ) -> None:
        self.options = options
        self.show = show
        self.parse = parse
        self.read = read
        self.out = out
        self.aliases = aliases

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
        labels = [label for label, _ in options]
        aliases = [self.aliases(action) for _, action in options] if self.aliases else []
        index, reason = match_choice(text, labels, aliases)
        if index is not None:
            return options[index][1], None
        if reason is not None:
            return None, reason
        if self.parse is None:
            return None, f"{text!r:.40} is not one of the choices; type a number 1-{len(options)}"
        try:
            action = self.parse(text, observation)
        except CardRulesError as exc:
            return None, str(exc)
        if action not in legal:
            return None, f"{text!r:.40} is not a legal action here"
        return action, None


def play_narrated(
    state: Any,
    players: Sequence[Bot],
    rngs: Sequence[Rng],
    narrator: Narrator,
    viewer: int | None,
    out: IO[str] | None = None,
    after_turn: Callable[[Any], None] | None = None,
    game: str | None = None,
) -> Any:
    """Play ``state`` to the end, printing the narration; returns the final state.

    The players get what :func:`cardrules.runner.play_game` gives any bot: their
    observation and the legal actions. ``after_turn(state)`` is called after
    each action (``--save`` writes the record there). An engine seat (``game`` names
    the game for it) that forfeits ends the game early: the forfeit and each seat's
    returns are printed, and the last position is returned.
    """
    stream = out or sys.stdout
    before = [state]

    def say(lines: list[str]) -> None:
        for line in lines:
            print(line, file=stream)

    def narrate(after: Any, turn: Turn[Any]) -> None:
        if after_turn is not None:
            after_turn(after)
        say(narrator.turn(before[0], turn, after, viewer))
        before[0] = after

    say(narrator.start(state, viewer))
    try:
        final = play_game(state, players, rngs, on_turn=narrate, game=game)
    except ForfeitedGame as lost:
        say([f"Forfeit: {terminal_safe(str(lost.fault))}."])
        say([f"Returns by the game's forfeit rule: {', '.join(map(str, lost.returns))}."])
        return lost.state
    say(narrator.end(final))
    return final


def register(commands: Any) -> None:
    """Add the ``play`` command."""
    add_game_command(
        commands,
        "play",
        _arguments,
        help="play one narrated game between bots or against you",
        description="Play one narrated game between bots, or against them with --human. Choose"
        " by number, by the choice as listed, by a short form of it, or by typing an action;"
        " --save keeps the game in a file after every action and --load continues it.",
    )


def _arguments(parser: argparse.ArgumentParser, game: Game | None) -> None:
    add_game_argument(parser, game)
    parser.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    add_bots_option(parser, game)
    add_time_limit_option(parser)
    parser.add_argument("--human", type=int, metavar="SEAT", help="play this seat yourself")
    parser.add_argument("--unicode", action="store_true", help="print suit symbols")
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="write the game's record to FILE after every action (replaced whole each time)",
    )
    parser.add_argument(
        "--load",
        metavar="FILE",
        help="continue the game saved in FILE, by the rules saved in it (rule options may be"
        " left out; any given must agree with the save)",
    )
    add_rule_options(parser, game)
    parser.set_defaults(run=_play)


def save_record(state: Any, path: str) -> None:
    """Write ``state``'s record to ``path`` atomically: a temporary file, then a rename."""
    text = dump_json(state.to_json()) + "\n"
    folder = os.path.dirname(os.path.abspath(path))
    try:
        handle, temporary = tempfile.mkstemp(prefix=".cardrules-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise UsageError(f"cannot write {path!r}: {exc.strerror}", PROG) from exc
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise UsageError(f"cannot write {path!r}: {exc.strerror}", PROG) from exc


def load_saved(
    game: Game, path: str, given: Mapping[str, tuple[str, object]] | None = None
) -> tuple[Game, GameState[Any, Any]]:
    """The game saved in ``path``, with the game and rules it was saved with.

    The save holds its rules, so ``game`` only names the game. ``given`` are the rule
    options the command line gave, each with how it was given (``"--ante 5"``); each
    must agree with the save, or the usage error names both values. The record must
    be a game (not a match) that is not over.
    """
    given = dict(given or {})
    where = repr(path)
    try:
        state = game.definition.state_from_json(json_object(read_text(path, PROG), "a record"))
    except CardRulesError as exc:
        raise UsageError(f"cannot continue {where}: {exc}", PROG) from None
    saved_rules = getattr(state, "rules", None)
    saved = game if saved_rules is None else Game(game.definition, saved_rules)
    wanted = {option: value for option, (_, value) in given.items()}
    try:
        asked = load_game(game.name, **{**saved.options, **wanted})
    except CardRulesError as exc:
        raise UsageError(str(exc), PROG) from None
    for option, (how, _) in given.items():
        had = saved.options.get(option)
        if had != asked.options.get(option):
            raise UsageError(
                f"cannot continue {where}: {terminal_safe(how)} disagrees with the save's"
                f" {option}={_shown(had)}; leave the option out to play by the save's rules",
                PROG,
            )
    if saved_rules is None:
        saved = asked
    fresh = saved.new_state(0)
    if type(state) is not type(fresh):
        raise UsageError(
            f"cannot continue {where}: it holds a {type(state).__name__}, but play plays"
            f" one {type(fresh).__name__}",
            PROG,
        )
    if state.is_terminal:
        raise UsageError(f"cannot continue {where}: that game is already over", PROG)
    return saved, state


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else str(value)


def _play(args: argparse.Namespace) -> int:
    seed = check_seed(args.seed)
    if args.load is None:
        game = load_cli_game(args)
        state = game.new_state(seed)
    else:
        name, _ = parse_spec(args.game)
        game, state = load_saved(load_cli_game(name), args.load, given_rules(args))
    players = game.num_players
    names, seats = parse_bots(game, args.bots, check_time_limit(args.time_limit))
    if args.human is not None and not 0 <= args.human < players:
        raise UsageError(f"--human {args.human} is not a seat in 0..{players - 1}")
    rngs = [Rng(derive_seed(seed, BOT_STREAM, seat)) for seat in range(players)]
    view = game.definition.view
    if args.human is not None:
        seats[args.human] = human_for(view, args.unicode)
        names[args.human] = bot_name(seats[args.human])
    narrator = view.narrator(names, args.unicode)
    save = None if args.save is None else (lambda after: save_record(after, args.save))
    if save is not None:
        save(state)
    if args.load is not None:
        where = terminal_safe(args.load)
        print(f"Continuing the game saved in {where}, after {len(state.history)} actions.")
    try:
        play_narrated(state, seats, rngs, narrator, args.human, after_turn=save, game=str(game))
    except QuitGame:
        print("\nGame abandoned." + (f" It is saved in {args.save}." if args.save else ""))
        print("cardrules: end of input: the game was abandoned", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nGame abandoned." + (f" It is saved in {args.save}." if args.save else ""))
        raise
    return 0


def human_for(view: View, unicode: bool, read: Callable[[str], str] | None = None) -> Human:
    """A :class:`Human` player prompting with a game's view."""
    aliases = view.aliases
    return Human(
        lambda observation, legal: view.options(observation, legal, unicode),
        lambda observation: view.show(observation, unicode),
        view.parse,
        read,
        aliases=None if aliases is None else (lambda action: list(aliases(action))),
    )
