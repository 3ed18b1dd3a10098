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
from cardrules.azi.bidding import first_leader
from cardrules.azi.rules import RULES_PAGE, AziRules, FirstLead
from cardrules.cards import Card, parse_card
from cardrules.errors import ParseError
from cardrules.game import LegalActions, Turn
from cardrules.text import Option, card_order, cards_text, seat_text
from cardrules.view import View

__all__ = [
    "VIEW",
    "AziNarrator",
    "aliases",
    "deal_text",
    "decision_text",
    "describe",
    "label",
    "narrator",
    "options",
    "parse",
    "show",
    "tricks_text",
]


def describe(
    event: Any,
    names: Sequence[str],
    unicode: bool = False,
    earlier: Sequence[Any] = (),
    rules: AziRules | None = None,
) -> str:
    """One public event as a sentence a reader of the Azi rules page can follow.

    ``earlier`` holds the events before this one: they tell an Azi that comes from a
    pair (rule A14) from one where nobody took two tricks (rule A12), a lead from a follow, the
    card that took a trick, and why a pot was won. ``rules`` (default rules if
    ``None``) say who leads first (rule A8). A discard is told face down: whose card it
    was is for :class:`AziNarrator` to show to the one seat that knows it.

    >>> from cardrules.azi import AuctionWon, Stayed
    >>> names = ["you", "heuristic", "heuristic", "heuristic"]
    >>> describe(AuctionWon(player=2, stake=10), names, earlier=[Stayed(1), Stayed(2)])
    'seat 2 (heuristic) wins the auction at 10 (nobody raised): seat 1 (heuristic), the \
staying player on its right, leads the first trick (rule A8).'
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
        dealer = seat_text(event.dealer, names)
        return (
            f"Deal {event.deal + 1}: {dealer} deals to seats"
            f" {', '.join(map(str, event.seats))}; the trump card is {trump}, face up: it"
            f" stays in the dealer's hand, and {_suit(event.trump_card)} are trump (rule A4)."
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
        return f"{who} raises to {event.amount}, paying it into the pot."
    if isinstance(event, AuctionWon):
        return _auction_won(event, names, earlier, rules or AziRules())
    if isinstance(event, Declared):
        return _declared(event, who)
    if isinstance(event, Answered):
        return f"{who} {'accepts' if event.accepted else 'declines'} the invitation."
    if isinstance(event, CardPlayed):
        verb = "leads" if not _trick_so_far(earlier) else "plays"
        return f"{who} {verb} {event.card.format(unicode=unicode)}."
    if isinstance(event, TrickWon):
        return _trick_won(event, who, earlier, unicode)
    if isinstance(event, AziDeclared):
        free = sorted({e.player for e in _this_deal(earlier) if isinstance(e, TrickWon)})
        took = "takes" if len(free) == 1 else "take"
        fees = (
            f" Seat{'s' if len(free) > 1 else ''} {_seats_text(free)} took a trick and {took}"
            " part free;"
            if free
            else ""
        ) + (
            f" joining costs {event.half_fee} for a player who stayed but took no trick,"
            f" {event.full_fee} for one who sat out (rule A12)."
        )
        pair = _pair_azi(earlier)
        if pair is None:
            return f"Azi! Nobody took two tricks; the pot of {event.pot} stays." + fees
        taker, partner = (seat_text(seat, names) for seat in pair)
        return (
            f"Azi! {taker} took two tricks but plays for Azi with {partner}, so does not win"
            f" the pot (rule A14): the pot of {event.pot} stays, and {taker} is in the"
            " re-deal"
            " as a one-trick player." + fees
        )
    if isinstance(event, Joined):
        return f"{who} joins the re-deal" + (f" for {event.fee}." if event.fee else " free.")
    if isinstance(event, PotWon):
        return f"{who} wins the pot of {event.amount}{_why_won(earlier)}."
    return str(event)


def _seats_text(seats: Sequence[int]) -> str:
    """``1``, ``1 and 3``, ``0, 1 and 3``."""
    text = [str(seat) for seat in seats]
    return text[0] if len(text) == 1 else f"{', '.join(text[:-1])} and {text[-1]}"


def _suit(card: Card) -> str:
    """``hearts``: the suit's name, as the rules page writes it."""
    return card.suit.name.lower()


def _this_deal(earlier: Sequence[Any]) -> list[Any]:
    """The events of the current deal so far, after its :class:`Dealt`."""
    found: list[Any] = []
    for event in reversed(earlier):
        if isinstance(event, Dealt):
            break
        found.append(event)
    return found[::-1]


def _trick_so_far(earlier: Sequence[Any]) -> list[CardPlayed]:
    """The cards played to the trick in progress, in order."""
    cards: list[CardPlayed] = []
    for event in reversed(earlier):
        if isinstance(event, (TrickWon, Dealt)):
            break
        if isinstance(event, CardPlayed):
            cards.append(event)
    return cards[::-1]


def _auction_won(
    event: AuctionWon, names: Sequence[str], earlier: Sequence[Any], rules: AziRules
) -> str:
    who = seat_text(event.player, names)
    deal = _this_deal(earlier)
    raised = any(isinstance(item, Raised) for item in deal)
    text = f"{who} wins the auction at {event.stake}{'' if raised else ' (nobody raised)'}"
    if rules.first_lead is FirstLead.AUCTION_WINNER:
        return f"{text}, and so leads the first trick (rule A8)."
    stayers = sorted({item.player for item in deal if isinstance(item, Stayed)} | {event.player})
    leader = first_leader(stayers, event.player, rules.first_lead)
    if leader == event.player:
        return f"{text}, and so leads the first trick (rule A8)."
    return (
        f"{text}: {seat_text(leader, names)}, the staying player on its right, leads the"
        " first trick (rule A8)."
    )


def _trick_won(event: TrickWon, who: str, earlier: Sequence[Any], unicode: bool) -> str:
    cards = _trick_so_far(earlier)
    trump = next((e.trump_card.suit for e in reversed(earlier) if isinstance(e, Dealt)), None)
    taken = f"{who} takes trick {event.trick + 1}"
    won = next((e.card for e in cards if e.player == event.player), None)
    if won is not None:
        best = "the highest trump" if won.suit == trump else "the highest of the suit led"
        taken += f" with {won.format(unicode=unicode)}, {best} (rule A10)"
    return f"{taken}; {event.tricks} so far."


def _why_won(earlier: Sequence[Any]) -> str:
    """Why the pot was won, from the event before it."""
    last = earlier[-1] if earlier else None
    if isinstance(last, TrickWon):
        return ": the first to take two tricks (rule A11)"
    if isinstance(last, (Folded, Stayed)):
        return ": everyone else folded (rule A5)"
    if isinstance(last, (Joined, Skipped, AziDeclared)):
        return ": the only player in the re-deal (rule A12)"
    return ""


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
        parts.append(
            "declares raznomast: it need not trump the first lead of a suit it lacks (rule A13)"
        )
    if event.invite is not None:
        parts.append(
            f"invites seat {event.invite} to play for Azi: if either of them is first to two"
            " tricks, the pot is not won but re-dealt (rule A14)"
        )
    if not parts:
        return f"{who} makes no declaration."
    return f"{who} {' and '.join(parts)}."


class AziNarrator:
    """Narrates an Azi game: the deals and trumps, folds, bids, declarations, tricks, pot.

    A seat's narration is what that seat may know: other hands and discards stay face
    down, and its own discard is shown to it alone. A spectator (``viewer=None``)
    sees every hand as dealt and every discard.
    """

    def __init__(self, names: Sequence[str], unicode: bool = False) -> None:
        self.names = tuple(names)
        self.unicode = unicode

    def _events(self, state: Any, start: int, viewer: int | None) -> list[str]:
        lines = []
        events = state.events
        game = state.current if isinstance(state, AziMatch) else state
        for index in range(start, len(events)):
            event = events[index]
            earlier = events[:index]
            if isinstance(event, Discarded) and viewer in (None, event.player):
                line = self._own_discard(state, event.player, earlier, viewer)
            else:
                line = describe(event, self.names, self.unicode, earlier, game.rules)
            if line:
                lines.append(line)
            if isinstance(event, Dealt) and viewer is None:
                for seat in event.seats:
                    hand = cards_text(game.hands[seat], self.unicode)
                    lines.append(f"  {seat_text(seat, self.names)} holds {hand}")
        return lines

    def _own_discard(
        self, state: Any, seat: int, earlier: Sequence[Any], viewer: int | None
    ) -> str:
        """The discard told to the one who made it (or a spectator): which card it was.

        The card is the seat's own action (its ``k``-th :class:`Discard` for its
        ``k``-th discard), which that seat knows; nothing else is read.
        """
        number = sum(1 for e in earlier if isinstance(e, Discarded) and e.player == seat)
        own = [
            t.action for t in state.history if t.player == seat and isinstance(t.action, Discard)
        ]
        card = own[number].card.format(unicode=self.unicode)
        who = seat_text(seat, self.names)
        if viewer is None:
            return f"{who} discards {card} face down."
        return f"{who} discards {card} face down: only you know it (rule A6)."

    def start(self, state: Any, viewer: int | None) -> list[str]:
        """The antes and the first deal."""
        lines = [f"Azi, {state.num_players} players. {RULE_TAGS}"]
        return [*lines, *self._events(state, 0, viewer)]

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


RULE_TAGS = f"Rules named like rule A8 are on {RULES_PAGE}."
"""The line that tells a player where the rule tags in the narration are explained."""


def narrator(names: Sequence[str], unicode: bool = False) -> AziNarrator:
    """The Azi narrator."""
    return AziNarrator(names, unicode)


def show(observation: AziObservation | AziMatchObservation, unicode: bool = False) -> list[str]:
    """Your position (trump, hand, pot, stake, the trick so far) and what the decision
    before you means, by the rules page."""
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
    hint = decision_text(observation)
    return [*lines, hint] if hint else lines


def decision_text(observation: AziObservation) -> str:
    """What the decision before the player means, in a sentence, with its rule tag.

    >>> from cardrules.azi import new_game
    >>> print(decision_text(new_game(3, seed=1, dealer=0).observation(1)))
    Stay in or fold (rule A5): a fold loses your ante; you choose blind, before seeing your cards.
    """
    phase = observation.phase
    if phase is Phase.FOLD:
        blind = "; you choose blind, before seeing your cards" if observation.hand is None else ""
        return f"Stay in or fold (rule A5): a fold loses your ante{blind}."
    if phase is Phase.DISCARD:
        return "Discard one card face down (rule A6): only you will know which; you keep three."
    if phase is Phase.BIDDING:
        return (
            "Raise or pass (rule A7): a raise names a higher stake and you pay it into the pot; a"
            " pass is final. The last player not to pass wins the auction, and the staying"
            " player on the winner's right leads the first trick (rule A8)."
            if observation.rules.first_lead is FirstLead.RIGHT_OF_WINNER
            else "Raise or pass (rule A7): a raise names a higher stake and you pay it into the"
            " pot; a pass is final. The last player not to pass wins the auction and leads"
            " the first trick (rule A8)."
        )
    if phase is Phase.DECLARATIONS:
        return (
            "Declare, or not (rule A13, rule A14): raznomast (the trump ace and two cards of one"
            " other suit) frees you from trumping the first lead of a suit you lack; an invitation"
            " asks a player to play for Azi with you: if either of you is first to two tricks,"
            " the pot is not won but stays for a re-deal."
        )
    if phase is Phase.ANSWER:
        return (
            "You are invited to play for Azi together (rule A14): if either of you is first to two"
            " tricks, the pot is not won but stays for a re-deal. Accept or decline."
        )
    if phase is Phase.PLAY:
        return (
            "Play a card (rule A9): follow the suit led if you can, else play a trump if you can,"
            " else any card. The highest trump takes the trick, else the highest card of the"
            " suit led (rule A10); the first to two tricks wins the pot (rule A11)."
            if observation.trick
            else "Lead a card (rule A9): any card; the others must follow its suit if they can,"
            " else trump. The first to two tricks wins the pot (rule A11)."
        )
    if phase is Phase.JOINING:
        return (
            f"The pot stays for a re-deal (rule A12): join for {observation.fee or 0} chips"
            " (free if you took a trick), or stay out."
        )
    return ""


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
        parts = (["declare raznomast"] if action.raznomast else []) + (
            [f"invite seat {action.invite} to play for Azi with you"]
            if action.invite is not None
            else []
        )
        return " and ".join(parts) if parts else "no declaration"
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
