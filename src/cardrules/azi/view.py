"""How ``cardrules play azi`` narrates a game and asks a person to act."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.azi import (
    PLAY,
    Accept,
    Answered,
    AntesPaid,
    AuctionWon,
    AziDeclared,
    AziMatch,
    AziMatchObservation,
    AziObservation,
    AziState,
    CardPlayed,
    Dealt,
    Declare,
    Declared,
    Decline,
    Discard,
    Discarded,
    Fold,
    Folded,
    GameStarted,
    Join,
    Joined,
    MatchOver,
    Pass,
    Passed,
    Phase,
    Play,
    PlayCard,
    PotWon,
    Raise,
    Raised,
    Skip,
    Skipped,
    Stayed,
    TrickWon,
    parse_action_text,
)
from cardrules.azi.rules import rule
from cardrules.cards import parse_card
from cardrules.errors import ParseError
from cardrules.game import LegalActions, Turn
from cardrules.text import Option, card_order, cards_text, seat_text
from cardrules.view import View

__all__ = [
    "VIEW",
    "AziNarrator",
    "aliases",
    "deal_text",
    "describe",
    "label",
    "narrator",
    "options",
    "parse",
    "show",
    "tricks_text",
]


def describe(
    event: Any, names: Sequence[str], unicode: bool = False, earlier: Sequence[Any] = ()
) -> str:
    """One event as a sentence (empty for a declaration turn that declares nothing).

    ``earlier`` holds the events before this one, which tell an Azi that comes
    from a pair (A14) from one where nobody took two tricks (A12).
    """
    who = seat_text(getattr(event, "player", 0), names)
    if isinstance(event, GameStarted):
        return f"Game {event.game + 1} of the match: {seat_text(event.dealer, names)} deals first."
    if isinstance(event, MatchOver):
        totals = ", ".join(f"{seat_text(s, names)} {v:+d}" for s, v in enumerate(event.totals))
        return f"The match is over: {totals}."
    if isinstance(event, AntesPaid):
        return f"Everyone antes {event.amount}; the pot is {event.pot}."
    if isinstance(event, Dealt):
        trump = event.trump_card.format(unicode=unicode)
        return (
            f"Deal {event.deal + 1}: {seat_text(event.dealer, names)} deals to seats"
            f" {', '.join(map(str, event.seats))}; the trump card is {trump}."
        )
    simple = {
        Stayed: "stays in",
        Folded: "folds",
        Discarded: "discards a card face down",
        Passed: "passes",
        Skipped: "stays out of the re-deal",
    }
    for kind, text in simple.items():
        if isinstance(event, kind):
            return f"{who} {text}."
    if isinstance(event, Raised):
        return f"{who} raises to {event.amount}."
    if isinstance(event, AuctionWon):
        return f"{who} wins the auction at {event.stake}."
    if isinstance(event, Declared):
        return _declared(event, who)
    if isinstance(event, Answered):
        return f"{who} {'accepts' if event.accepted else 'declines'}."
    if isinstance(event, CardPlayed):
        return f"{who} plays {event.card.format(unicode=unicode)}."
    if isinstance(event, TrickWon):
        return f"{who} takes trick {event.trick + 1} ({event.tricks} so far)."
    if isinstance(event, AziDeclared):
        fees = f" Joining costs {event.half_fee} (no trick) or {event.full_fee} (sat out)."
        pair = _pair_azi(earlier)
        if pair is None:
            return f"Azi! Nobody took two tricks; the pot of {event.pot} stays." + fees
        taker, partner = (seat_text(seat, names) for seat in pair)
        return (
            f"Azi! {taker} took two tricks but plays for Azi with {partner}, so does not win"
            f" the pot ({rule('A14')}): the pot of {event.pot} stays, and {taker} is in the"
            " re-deal"
            " as a one-trick player." + fees
        )
    if isinstance(event, Joined):
        return f"{who} joins the re-deal" + (f" for {event.fee}." if event.fee else " free.")
    if isinstance(event, PotWon):
        return f"{who} wins the pot of {event.amount}."
    return str(event)


def _pair_azi(earlier: Sequence[Any]) -> tuple[int, int] | None:
    """``(taker, partner)`` when the deal just ended because a pair member took two tricks."""
    if not earlier or not isinstance(earlier[-1], TrickWon) or earlier[-1].tricks < 2:
        return None
    taker = earlier[-1].player
    accepted: set[int] = set()
    for event in reversed(earlier):  # back to this deal's start
        if isinstance(event, Dealt):
            break
        if isinstance(event, Answered) and event.accepted:
            accepted.add(event.player)
        elif isinstance(event, Declared) and event.invite in accepted:
            if taker == event.player:
                return taker, event.invite
            if taker == event.invite:
                return taker, event.player
    return None


def _declared(event: Declared, who: str) -> str:
    parts = []
    if event.raznomast:
        parts.append("declares raznomast")
    if event.invite is not None:
        parts.append(f"invites seat {event.invite} to play for Azi")
    return f"{who} {' and '.join(parts)}." if parts else ""


class AziNarrator:
    """Narrates an Azi game: the deals and trumps, folds, bids, declarations, tricks, pot."""

    def __init__(self, names: Sequence[str], unicode: bool = False) -> None:
        self.names = tuple(names)
        self.unicode = unicode

    def _events(self, state: Any, start: int, viewer: int | None) -> list[str]:
        lines = []
        events = state.events
        for index in range(start, len(events)):
            event = events[index]
            line = describe(event, self.names, self.unicode, events[:index])
            if line:
                lines.append(line)
            if isinstance(event, Dealt) and viewer is None:
                game = state.current if isinstance(state, AziMatch) else state
                for seat in event.seats:
                    hand = cards_text(game.hands[seat], self.unicode)
                    lines.append(f"  {seat_text(seat, self.names)} holds {hand}")
        return lines

    def start(self, state: Any, viewer: int | None) -> list[str]:
        """The antes and the first deal."""
        return [f"Azi, {state.num_players} players.", *self._events(state, 0, viewer)]

    def turn(self, before: Any, turn: Turn[Any], after: Any, viewer: int | None) -> list[str]:
        """The public events the action caused."""
        return self._events(after, len(before.events), viewer)

    def end(self, state: Any) -> list[str]:
        """Each seat's net chips."""
        chips = ", ".join(
            f"{seat_text(seat, self.names)} {value:+d}"
            for seat, value in enumerate(state.returns())
        )
        return [f"Net chips: {chips}."]


def narrator(names: Sequence[str], unicode: bool = False) -> AziNarrator:
    """The Azi narrator."""
    return AziNarrator(names, unicode)


def show(observation: AziObservation | AziMatchObservation, unicode: bool = False) -> list[str]:
    """Your position: trump, hand, pot, stake and the trick so far."""
    observation = observation.current
    trump = observation.trump_card.format(unicode=unicode)
    hand = (
        "not seen yet (you decide blind)"
        if observation.hand is None
        else cards_text(observation.hand, unicode)
    )
    balance = observation.balances[observation.player]
    lines = [
        f"You are seat {observation.player}. Trump card {trump}. Your hand: {hand}.",
        f"Pot {observation.pot}, stake {observation.stake}, your balance {balance:+d};"
        f" {tricks_text(observation.tricks)}.",
    ]
    if observation.trick:
        shown = ", ".join(
            f"seat {seat} {card.format(unicode=unicode)}" for seat, card in observation.trick
        )
        lines.append(f"On the table: {shown}.")
    return lines


def tricks_text(tricks: Sequence[int]) -> str:
    """The tricks taken so far, in words.

    >>> tricks_text([0, 0, 0]), tricks_text([0, 1, 0, 2])
    ('no tricks taken yet', 'tricks taken: seat 1 has 1, seat 3 has 2')
    """
    taken = [f"seat {seat} has {count}" for seat, count in enumerate(tricks) if count]
    return "tricks taken: " + ", ".join(taken) if taken else "no tricks taken yet"


def label(
    action: Any, observation: AziObservation | AziMatchObservation, unicode: bool = False
) -> str:
    """How an action reads in the list of choices."""
    observation = observation.current
    if isinstance(action, Play):
        return "play (stay in)"
    if isinstance(action, Fold):
        return "fold"
    if isinstance(action, Discard):
        return f"discard {action.card.format(unicode=unicode)}"
    if isinstance(action, PlayCard):
        return f"play {action.card.format(unicode=unicode)}"
    if isinstance(action, Raise):
        return f"raise to {action.amount}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Declare):
        parts = (["raznomast"] if action.raznomast else []) + (
            [f"invite seat {action.invite}"] if action.invite is not None else []
        )
        return "declare " + " and ".join(parts) if parts else "no declaration"
    if isinstance(action, Accept):
        return "accept the invitation"
    if isinstance(action, Decline):
        return "decline the invitation"
    if isinstance(action, Join):
        return f"join the re-deal (fee {observation.fee or 0})"
    if isinstance(action, Skip):
        return "stay out of the re-deal"
    return str(action)


def options(
    observation: AziObservation | AziMatchObservation,
    legal: LegalActions[Any],
    unicode: bool = False,
) -> list[Option]:
    """Every legal action, numbered: cards in the order the hand shows them, raises by
    amount, invitations by seat."""
    ordered = sorted(legal, key=_menu_key)
    return [(label(action, observation, unicode), action) for action in ordered]


_MENU_ORDER = (Play, Fold, Discard, PlayCard, Pass, Raise, Declare, Accept, Decline, Join, Skip)


def _menu_key(action: Any) -> tuple[int, tuple[int, ...]]:
    kind = next((n for n, k in enumerate(_MENU_ORDER) if isinstance(action, k)), len(_MENU_ORDER))
    if isinstance(action, (Discard, PlayCard)):
        return kind, card_order(action.card)
    if isinstance(action, Raise):
        return kind, (action.amount,)
    if isinstance(action, Declare):
        invite = -1 if action.invite is None else action.invite
        return kind, (int(action.raznomast), invite)
    return kind, ()


def aliases(action: Any) -> list[str]:
    """Short forms of an action's choice beyond its label's words: a raise's amount."""
    return [str(action.amount)] if isinstance(action, Raise) else []


def parse(text: str, observation: AziObservation | AziMatchObservation) -> Any:
    """A typed action: its text form (``fold``, ``raise 12``, ``card QS``...), ``stay``
    for play, or a bare card to play or discard."""
    observation = observation.current
    words = text.lower().split()
    if words == ["stay"]:
        return PLAY
    if len(words) == 2 and words[0] == "raise" and not (words[1].isascii() and words[1].isdigit()):
        raise ParseError(f"a raise needs a whole number, got {words[1]!r:.40}")
    try:
        return parse_action_text(text)
    except ParseError:
        if len(words) == 1:
            try:
                card = parse_card(words[0])
            except ParseError:
                pass
            else:
                return Discard(card) if observation.phase is Phase.DISCARD else PlayCard(card)
    raise ParseError(
        f"cannot read {text!r:.40} as an action; type a number from the list, a choice as"
        " listed, or a short form such as 'fold', '7D' or '12'"
    )


def deal_text(state: AziState, unicode: bool = False) -> list[str]:
    """The lines ``cardrules deal azi`` prints for a new deal: the trump card, each hand."""
    lines = [f"  trump card: {state.trump_card.format(unicode=unicode)}"]
    for seat, hand in enumerate(state.hands):
        lines.append(f"  seat {seat}: {cards_text(hand or (), unicode)}")
    return lines


VIEW = View(
    narrator=narrator, show=show, options=options, parse=parse, deal=deal_text, aliases=aliases
)
"""This view, as the game's definition declares it."""
