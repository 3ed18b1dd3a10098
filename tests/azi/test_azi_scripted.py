"""Scripted Azi positions, one or more per rule point A1-A15 of the Azi rules page.

Each position is dealt from an explicit deck built here from the hands we want,
so every expectation below is worked out by hand from the rules, not by the code.
"""

from __future__ import annotations

import pytest

from cardrules import Card, Dealing, Deck, Suit, parse_cards
from cardrules.azi import (
    ACCEPT,
    DECLINE,
    FOLD,
    JOIN,
    NO_DECLARATION,
    PASS,
    PLAY,
    SKIP,
    AziDeclared,
    AziMatch,
    AziRules,
    AziState,
    Dealt,
    Declare,
    Discard,
    FirstLead,
    Joined,
    Phase,
    PlayCard,
    PotWon,
    Raise,
    Rounding,
    azi_pack,
)
from cardrules.errors import IllegalActionError, InvalidRulesError


def deck_for(players: int, dealer: int, hands: dict[int, str], suits: str = "DHS") -> Deck:
    """A deck that deals ``hands`` (4 cards each, in dealing order) to their seats."""
    pack = azi_pack([Suit.parse(s) for s in suits])
    order = sorted(hands, key=lambda seat: (seat - dealer - 1) % players)
    top: list[Card] = [pack[0]] * (4 * len(order))
    for k, seat in enumerate(order):
        for i, card in enumerate(parse_cards(hands[seat])):
            top[k + i * len(order)] = card
    return Deck(top + [card for card in pack if card not in top])


def start(players: int, dealer: int, hands: dict[int, str], **options: object) -> AziState:
    rules = AziRules(players=players, **options)  # type: ignore[arg-type]
    deck = deck_for(players, dealer, hands)
    return AziState.new(rules, dealer=dealer, dealing=Dealing(decks=(deck,)))


def run(state: AziState, *steps: tuple[int, object]) -> AziState:
    for player, action in steps:
        assert state.current_player == player, (state.current_player, player, action)
        state = state.apply(action)  # type: ignore[arg-type]
    return state


def card(text: str) -> PlayCard:
    return PlayCard(Card.parse(text))


def discard(text: str) -> Discard:
    return Discard(Card.parse(text))


def legal_cards(state: AziState) -> set[str]:
    return {str(action.card) for action in state.legal_actions()}  # type: ignore[union-attr]


# A position used by several tests: 3 players, dealer 0, trump spades (6S shown).
FOLLOW = {1: "AH KH 7D 8D", 2: "QH 9S TD JD", 0: "7S 8S 9H 6S"}


def follow_position() -> AziState:
    state = start(3, 0, FOLLOW)
    return run(
        state,
        (1, PLAY), (2, PLAY), (0, PLAY),
        (1, discard("8D")), (2, discard("JD")), (0, discard("9H")),
        (1, PASS), (2, PASS),
        (1, NO_DECLARATION), (2, NO_DECLARATION), (0, NO_DECLARATION),
    )  # fmt: skip


# ---------------------------------------------------------------- A1 - A3


def test_a1_pack_is_27_cards_of_three_suits_and_the_suits_are_an_option() -> None:
    state = AziState.new(AziRules(players=6, suits="CDS"), seed=3, dealer=0)
    cards = [c for hand in state.hands for c in hand] + list(state.undealt)
    assert len(cards) == 27 == len(set(cards))
    assert {c.suit for c in cards} == {Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES}
    assert {c.rank for c in cards} == set(range(6, 15))
    assert AziRules().suits == (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    with pytest.raises(InvalidRulesError):
        AziRules(suits="DH")


@pytest.mark.parametrize("players", [0, 1, 7, 2.0, "4"])
def test_a2_player_count_must_be_2_to_6(players: object) -> None:
    with pytest.raises(InvalidRulesError, match="players"):
        AziRules(players=players)  # type: ignore[arg-type]


def test_a2_seats_act_clockwise_from_the_dealers_left() -> None:
    state = AziState.new(AziRules(players=5), seed=1, dealer=3)
    seen = []
    for _ in range(5):
        seen.append(state.current_player)
        state = state.apply(PLAY)
    assert seen == [4, 0, 1, 2, 3]


def test_a3_antes_go_into_the_pot_and_chips_are_integers() -> None:
    state = AziState.new(AziRules(players=4, ante=7), seed=2, dealer=0)
    assert state.pot == 28 and state.balances == (-7, -7, -7, -7)
    with pytest.raises(InvalidRulesError):
        AziRules(ante=2.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        AziRules(ante=0)


# ---------------------------------------------------------------- A4 - A6


def test_a4_the_dealers_last_card_is_shown_and_sets_trump() -> None:
    state = start(3, 0, FOLLOW)
    assert state.trump_card == Card.parse("6S")
    assert state.hands[0][-1] == Card.parse("6S")
    assert state.events[1] == Dealt(0, 0, (1, 2, 0), Card.parse("6S"))
    for player in range(3):
        assert state.observation(player).trump_card == Card.parse("6S")


def test_a4_the_first_dealer_is_drawn_by_lot_reproducibly() -> None:
    dealers = {AziState.new(AziRules(players=6), seed=s).dealer for s in range(60)}
    assert dealers == set(range(6))
    assert AziState.new(seed=5).dealer == AziState.new(seed=5).dealer


def test_a5_blind_fold_hides_own_cards_until_the_player_stays() -> None:
    state = start(3, 0, FOLLOW)
    for player in range(3):
        assert state.observation(player).hand is None
    state = state.apply(PLAY)
    assert state.observation(1).hand == parse_cards("AH KH 7D 8D")
    assert state.observation(2).hand is None
    state = state.apply(FOLD)
    assert state.observation(2).hand is None  # a blind folder never sees the cards
    assert state.observation(0).folded == (2,)


def test_a5_look_before_fold_option_shows_cards_at_once() -> None:
    state = start(3, 0, FOLLOW, look_before_fold=True)
    assert state.observation(2).hand == parse_cards("QH 9S TD JD")


def test_a5_single_survivor_takes_the_pot_uncontested() -> None:
    state = run(start(3, 0, FOLLOW), (1, FOLD), (2, PLAY), (0, FOLD))
    assert state.is_terminal and state.winner == 2
    assert state.returns() == (-10, -10, 20)
    assert state.events[-1] == PotWon(2, 30)


def test_a5_survivor_wins_before_deciding_when_all_others_folded() -> None:
    state = run(start(3, 0, FOLLOW), (1, FOLD), (2, FOLD))
    assert state.is_terminal and state.winner == 0 and state.current_player is None


def test_a6_discards_are_hidden_and_the_dealer_may_discard_the_trump_card() -> None:
    state = run(start(3, 0, FOLLOW), (1, PLAY), (2, PLAY), (0, PLAY))
    assert state.phase is Phase.DISCARD and state.current_player == 1
    state = run(state, (1, discard("8D")), (2, discard("JD")), (0, discard("6S")))
    assert state.observation(0).discard == Card.parse("6S")
    assert state.observation(1).discard == Card.parse("8D")
    assert state.observation(1).hand == parse_cards("AH KH 7D")
    assert state.observation(2).discard == Card.parse("JD")
    assert state.observation(1).trump_card == Card.parse("6S")
    assert state.observation(1).trump == Suit.SPADES  # the trump suit stays
    text = str(state.observation(1).to_json())
    assert "8D" in text and "6S" in text and "JD" not in text


def test_a6_a_card_not_in_hand_cannot_be_discarded_and_state_is_unchanged() -> None:
    state = run(start(3, 0, FOLLOW), (1, PLAY), (2, PLAY), (0, PLAY))
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="discard"):
        state.apply(discard("QH"))
    with pytest.raises(IllegalActionError):
        state.apply(PASS)
    assert state.to_json() == before


# ---------------------------------------------------------------- A7 bidding


def four_staying(**options: object) -> AziState:
    hands = {1: "6D 7D 8D 9D", 2: "6H 7H 8H 9H", 3: "TD JD QD KD", 0: "TH JH QH 6S"}
    state = start(4, 0, hands, **options)
    return run(
        state,
        (1, PLAY), (2, PLAY), (3, PLAY), (0, PLAY),
        (1, discard("6D")), (2, discard("6H")), (3, discard("TD")), (0, discard("TH")),
    )  # fmt: skip


def test_a7_raise_pays_the_whole_stake_and_the_cap_leaves_only_pass() -> None:
    state = four_staying()
    assert state.phase is Phase.BIDDING and state.current_player == 1
    assert Raise(10) not in state.legal_actions() and Raise(11) in state.legal_actions()
    state = run(state, (1, Raise(11)), (2, Raise(12)), (3, Raise(13)))
    assert state.pot == 40 + 11 + 12 + 13
    assert state.balances == (-10, -21, -22, -23)
    assert list(state.legal_actions()) == [PASS]  # three raises: the cap
    with pytest.raises(IllegalActionError):
        state.apply(Raise(14))
    state = run(state, (0, PASS), (1, PASS), (2, PASS))
    assert state.phase is Phase.DECLARATIONS
    assert state.observation(0).auction_winner == 3 and state.stake == 13


def test_a7_min_raise_and_cap_are_options() -> None:
    state = four_staying(min_raise=5, max_raise=6, raise_cap=1)
    assert [a.amount for a in state.legal_actions() if isinstance(a, Raise)] == [15, 16]
    state = state.apply(Raise(16))
    assert list(state.legal_actions()) == [PASS]


def test_a7_a_pass_is_final_and_the_passer_still_plays() -> None:
    state = four_staying()
    state = run(state, (1, PASS), (2, Raise(11)), (3, PASS), (0, Raise(12)))
    assert state.current_player == 2  # seat 1 passed and is skipped
    state = run(state, (2, PASS))
    assert state.observation(1).auction_winner == 0
    state = run(state, *[(p, NO_DECLARATION) for p in (1, 2, 3, 0)])
    assert state.phase is Phase.PLAY and state.current_player == 3  # right of seat 0
    assert 1 in state.observation(1).staying


def test_a7_everyone_passing_leaves_the_last_player_the_auction_at_the_ante() -> None:
    state = run(four_staying(), (1, PASS), (2, PASS), (3, PASS))
    assert state.phase is Phase.DECLARATIONS
    assert state.observation(0).auction_winner == 0 and state.stake == 10


# ---------------------------------------------------------------- A8 - A11 play


def test_a8_first_lead_is_right_of_the_auction_winner_skipping_folders() -> None:
    hands = {1: "6D 7D 8D 9D", 2: "6H 7H 8H 9H", 3: "TD JD QD KD", 0: "TH JH QH 6S"}
    state = run(
        start(4, 0, hands),
        (1, PLAY), (2, PLAY), (3, FOLD), (0, PLAY),
        (1, discard("6D")), (2, discard("6H")), (0, discard("TH")),
        (1, PASS), (2, PASS),
        (1, NO_DECLARATION), (2, NO_DECLARATION), (0, NO_DECLARATION),
    )  # fmt: skip
    assert state.observation(0).auction_winner == 0
    assert state.current_player == 2  # seat 3 folded, so seat 2 is the right hand


def test_a8_option_auction_winner_leads() -> None:
    state = four_staying(first_lead=FirstLead.AUCTION_WINNER)
    state = run(state, (1, PASS), (2, PASS), (3, PASS))
    state = run(state, *[(p, NO_DECLARATION) for p in (1, 2, 3, 0)])
    assert state.current_player == 0


def test_a9_must_follow_suit_else_trump_else_any() -> None:
    state = follow_position()
    assert state.current_player == 2  # right of the auction winner, seat 0
    assert legal_cards(state) == {"QH", "9S", "TD"}  # a lead may be anything
    state = state.apply(card("TD"))
    assert legal_cards(state) == {"7S", "8S", "6S"}  # seat 0 is void in D: must trump
    state = state.apply(card("8S"))
    assert legal_cards(state) == {"7D"}  # seat 1 holds a diamond: must follow
    state = state.apply(card("7D"))
    assert state.current_player == 0  # the trump won and leads
    state = state.apply(card("6S"))
    assert legal_cards(state) == {"AH", "KH"}  # void in spades, no trump: any card
    with pytest.raises(IllegalActionError):
        state.apply(card("9S"))


def test_a9_following_or_trumping_does_not_have_to_beat() -> None:
    state = run(follow_position(), (2, card("9S")))
    assert legal_cards(state) == {"7S", "8S", "6S"}  # all below the 9S, all legal
    state = run(state, (0, card("6S")), (1, card("AH")))
    assert state.tricks == (0, 0, 1)


def test_a10_highest_trump_wins_else_highest_of_the_led_suit() -> None:
    state = run(follow_position(), (2, card("TD")), (0, card("6S")), (1, card("7D")))
    assert state.tricks == (1, 0, 0)  # the lowest trump beats the led suit
    state = run(state, (0, card("7S")), (1, card("AH")), (2, card("9S")))
    assert state.tricks == (1, 0, 1)  # the 9S is the highest trump
    assert state.current_player == 2


def test_a11_first_to_two_tricks_takes_the_pot_at_once() -> None:
    state = run(follow_position(), (2, card("TD")), (0, card("6S")), (1, card("7D")))
    state = run(state, (0, card("8S")), (1, card("KH")), (2, card("9S")))
    assert state.tricks == (1, 0, 1) and not state.is_terminal
    state = run(state, (2, card("QH")), (0, card("7S")), (1, card("AH")))
    assert state.tricks == (2, 0, 1) and state.is_terminal and state.winner == 0
    assert state.returns() == (20, -10, -10)


# ---------------------------------------------------------------- A12 - A14


# Seat 1 keeps AS 7H 8H (raznomast); seat 2 leads diamonds twice; the dealer
# discards the face-up trump card. Every trick goes to a different player: Azi.
RAZNOMAST = {1: "AS 7H 8H 6D", 2: "AD KD 9H TH", 0: "JH QH 7D 6S"}


def raznomast_position() -> AziState:
    return run(
        start(3, 0, RAZNOMAST),
        (1, PLAY), (2, PLAY), (0, PLAY),
        (1, discard("6D")), (2, discard("TH")), (0, discard("6S")),
        (1, PASS), (2, PASS),
    )  # fmt: skip


def test_a13_raznomast_only_for_trump_ace_and_two_of_one_suit() -> None:
    state = raznomast_position()
    assert state.current_player == 1
    assert Declare(raznomast=True) in state.legal_actions()
    state = state.apply(NO_DECLARATION)
    assert all(not a.raznomast for a in state.legal_actions())  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="declarations"):
        state.apply(Declare(raznomast=True))


def test_a13_raznomast_exemption_first_time_then_compulsory() -> None:
    state = run(
        raznomast_position(),
        (1, Declare(raznomast=True)), (2, NO_DECLARATION), (0, NO_DECLARATION),
        (2, card("AD")), (0, card("7D")),
    )  # fmt: skip
    assert legal_cards(state) == {"AS", "7H", "8H"}  # void in D, first D lead: exempt
    state = run(state, (1, card("7H")), (2, card("KD")), (0, card("JH")))
    assert legal_cards(state) == {"AS"}  # the second D lead: the Ace must trump
    state = run(state, (1, card("AS")))
    assert state.tricks == (0, 1, 1)
    assert state.observation(2).raznomast == (1,)


def test_a13_without_the_declaration_the_void_player_must_trump() -> None:
    state = run(
        raznomast_position(),
        (1, NO_DECLARATION), (2, NO_DECLARATION), (0, NO_DECLARATION),
        (2, card("AD")), (0, card("7D")),
    )  # fmt: skip
    assert legal_cards(state) == {"AS"}


def test_a12_every_trick_to_a_different_player_is_azi_and_the_dealer_deals_again() -> None:
    state = run(
        raznomast_position(),
        (1, Declare(raznomast=True)), (2, NO_DECLARATION), (0, NO_DECLARATION),
        (2, card("AD")), (0, card("7D")), (1, card("7H")),
        (2, card("KD")), (0, card("JH")), (1, card("AS")),
        (1, card("8H")), (2, card("9H")), (0, card("QH")),
    )  # fmt: skip
    azi = [e for e in state.events if isinstance(e, AziDeclared)]
    assert azi == [AziDeclared(30, 15, 30)]
    # All three took a trick, so all play on free; the dealer takes part and deals.
    assert state.deal_number == 1 and state.dealer == 0 and state.seats == (1, 2, 0)
    assert state.phase is Phase.FOLD and state.pot == 30
    assert state.balances == (-10, -10, -10)  # no new ante (A12)


# Seats 1 and 2 pair up; seat 3 folds; seat 1 takes the first two tricks.
PAIR = {1: "AS KS QS 6D", 2: "7H 8H 9H TH", 3: "7D 8D 9D TD", 0: "JH QH KH 6S"}
PAIR_FIVE = {**PAIR, 4: "JD QD KD AD"}
STRAYS_FIVE = {1: "6D", 2: "TH", 3: "TD", 4: "AD", 0: "JH"}


def pair_position(invite: bool = True, **options: object) -> AziState:
    state = run(
        start(4, 0, PAIR, **options),
        (1, PLAY), (2, PLAY), (3, FOLD), (0, PLAY),
        (1, discard("6D")), (2, discard("TH")), (0, discard("JH")),
        (1, Raise(11)), (2, Raise(12)), (0, PASS), (1, PASS),
    )  # fmt: skip
    assert state.observation(3).auction_winner == 2 and state.pot == 63
    if invite:
        state = run(state, (1, Declare(invite=2)), (2, ACCEPT))
    else:
        state = run(state, (1, NO_DECLARATION))
    state = run(state, (2, NO_DECLARATION), (0, NO_DECLARATION))
    assert state.current_player == 1  # right of seat 2
    return run(
        state,
        (1, card("AS")), (2, card("7H")), (0, card("6S")),
        (1, card("KS")), (2, card("8H")), (0, card("QH")),
    )  # fmt: skip


def test_a11_without_a_pair_two_tricks_win_the_pot() -> None:
    state = pair_position(invite=False)
    assert state.is_terminal and state.winner == 1
    assert state.returns() == (-10, 63 - 21, -22, -10)


def test_a14_invitation_member_with_two_tricks_makes_azi_not_a_win() -> None:
    state = pair_position()
    assert not state.is_terminal and state.phase is Phase.JOINING
    assert state.tricks == (0, 2, 0, 0)
    assert state.observation(0).pairs == ((1, 2),)
    # The member plays on as a 1-trick player (free); the others are asked from
    # the dealer's left: seat 2 stayed with no trick (half the pot, 63/2 rounded
    # up), seat 3 folded (the whole pot), seat 0 stayed with no trick.
    assert state.current_player == 2 and state.observation(2).fee == 32
    state = state.apply(JOIN)
    assert state.current_player == 3 and state.observation(3).fee == 63
    state = run(state, (3, SKIP), (0, SKIP))
    assert Joined(2, 32) in state.events
    # The dealer is out, so the player who took the last trick (seat 1) deals.
    assert state.deal_number == 1 and state.dealer == 1 and state.seats == (2, 1)
    assert state.pot == 95 and sum(state.balances) + state.pot == 0
    assert state.stake == 10  # bidding starts afresh (A7)


def test_a12_half_pot_rounding_down_option() -> None:
    state = pair_position(rounding=Rounding.DOWN)
    assert state.observation(2).fee == 31


def test_a12_a_folder_joins_for_the_whole_pot() -> None:
    state = run(pair_position(), (2, SKIP), (3, JOIN), (0, JOIN))
    assert state.balances == (-10 - 32, -21, -22, -10 - 63)
    assert state.seats == (1, 3, 0) and state.dealer == 0  # the dealer takes part


def test_a12_a_single_participant_takes_the_pot_without_a_deal() -> None:
    state = run(pair_position(), (2, SKIP), (3, SKIP), (0, SKIP))
    assert state.is_terminal and state.winner == 1 and state.deal_number == 0
    assert state.returns() == (-10, 63 - 21, -22, -10)


def test_a14_invitations_need_three_staying_and_one_pair_each() -> None:
    state = run(
        start(4, 0, PAIR),
        (1, PLAY), (2, PLAY), (3, FOLD), (0, FOLD),
        (1, discard("6D")), (2, discard("TH")), (1, PASS),
    )  # fmt: skip
    assert list(state.legal_actions()) == [NO_DECLARATION]  # only two stay
    state = run(
        start(4, 0, PAIR),
        (1, PLAY), (2, PLAY), (3, PLAY), (0, PLAY),
        (1, discard("6D")), (2, discard("TH")), (3, discard("TD")), (0, discard("JH")),
        (1, PASS), (2, PASS), (3, PASS),
        (1, Declare(invite=3)), (3, ACCEPT),
    )  # fmt: skip
    invites = {a.invite for a in state.legal_actions()}  # type: ignore[union-attr]
    assert invites == {None}  # a second pair would leave nobody outside a pair
    with pytest.raises(IllegalActionError):
        state.apply(Declare(invite=0))
    state = run(
        start(5, 0, PAIR_FIVE),
        (1, PLAY), (2, PLAY), (3, PLAY), (4, PLAY), (0, PLAY),
        *((seat, discard(STRAYS_FIVE[seat])) for seat in (1, 2, 3, 4, 0)),
        (1, PASS), (2, PASS), (3, PASS), (4, PASS),
        (1, Declare(invite=3)), (3, ACCEPT),
    )  # fmt: skip
    invites = {a.invite for a in state.legal_actions()}  # type: ignore[union-attr]
    assert invites == {None, 0, 4}  # five staying: a second pair leaves one outside
    state = run(state, (2, Declare(invite=0)), (0, DECLINE))
    assert state.current_player == 3
    assert {a.invite for a in state.legal_actions()} == {None}  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        state.apply(Declare(invite=3))


def test_a15_a_game_spans_re_deals_and_returns_are_net_chips() -> None:
    state = run(pair_position(), (2, JOIN), (3, SKIP), (0, SKIP))
    assert isinstance(state.events[-1], Dealt) and state.events[-1].deal == 1
    state = run(state, (2, FOLD))  # the only other participant folds
    assert state.is_terminal and state.winner == 1
    assert state.returns() == (-10, 95 - 21, -22 - 32, -10)
    assert sum(state.returns()) == 0


def test_a15_match_rotates_the_dealer_each_game() -> None:
    match = AziMatch.new(AziRules(players=3, match_games=4), seed=4, dealer=2)
    dealers = [match.current.dealer]
    while not match.is_terminal:
        before = len(match.finished)
        match = match.apply(match.legal_actions()[0])
        if len(match.finished) > before:
            dealers.append(match.current.dealer)
    assert dealers == [2, 0, 1, 2]
    assert len(match.games) == 4 and all(game.is_terminal for game in match.games)
    assert sum(match.returns()) == 0
    totals = [sum(g.returns()[seat] for g in match.games) for seat in range(3)]
    assert match.returns() == tuple(totals)
    assert AziMatch.from_json(match.to_json()) == match


def razno_azi_steps(first: tuple[tuple[int, object], ...]) -> tuple[tuple[int, object], ...]:
    """The RAZNOMAST deal played to an Azi (every trick to a different player)."""
    return (
        *first,
        (1, discard("6D")), (2, discard("TH")), (0, discard("6S")),
        (1, PASS), (2, PASS),
        (1, Declare(raznomast=True)), (2, NO_DECLARATION), (0, NO_DECLARATION),
        (2, card("AD")), (0, card("7D")), (1, card("7H")),
        (2, card("KD")), (0, card("JH")), (1, card("AS")),
        (1, card("8H")), (2, card("9H")), (0, card("QH")),
    )  # fmt: skip


def test_a12_a_player_not_dealt_in_pays_the_whole_pot_to_come_back() -> None:
    first = deck_for(4, 0, {**RAZNOMAST, 3: "8D 9D TD JD"})
    again = deck_for(4, 0, RAZNOMAST)
    state = AziState.new(AziRules(players=4), dealer=0, dealing=Dealing(decks=(first, again)))
    state = run(state, *razno_azi_steps(((1, PLAY), (2, PLAY), (3, FOLD), (0, PLAY))))
    assert state.phase is Phase.JOINING and state.current_player == 3
    assert state.observation(3).fee == 40  # folded: the whole pot
    state = state.apply(SKIP)
    assert state.deal_number == 1 and state.seats == (1, 2, 0)
    assert state.observation(3).hand is None
    state = run(state, *razno_azi_steps(((1, PLAY), (2, PLAY), (0, PLAY))))
    # Seat 3 was not dealt into this deal: it counts as not taking part.
    assert state.current_player == 3 and state.observation(3).fee == 40
    state = state.apply(JOIN)
    assert state.deal_number == 2 and state.seats == (1, 2, 3, 0) and state.pot == 80
    assert state.balances == (-10, -10, -10, -50)


def test_match_rejects_bad_arguments() -> None:
    with pytest.raises(InvalidRulesError):
        AziMatch(None, 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        AziMatch.new(True, seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        AziMatch.new(AziRules(), seed=1, dealer=4)
    with pytest.raises(InvalidRulesError):
        AziMatch(AziRules(players=3), 4, 3)
    assert AziMatch(AziRules(players=3), 4).first_dealer in (0, 1, 2)
    assert AziMatch(AziRules(players=3), 4, 1) == AziMatch.new(
        AziRules(players=3), seed=4, dealer=1
    )


def test_a3_a_raise_must_be_whole_chips() -> None:
    state = four_staying()
    for amount in (11.0, True, "11"):
        with pytest.raises(IllegalActionError):
            state.apply(Raise(amount))  # type: ignore[arg-type]
    assert state.pot == 40


def test_a14_an_invitation_must_name_a_seat_number() -> None:
    state = run(
        start(4, 0, PAIR),
        (1, PLAY), (2, PLAY), (3, PLAY), (0, PLAY),
        (1, discard("6D")), (2, discard("TH")), (3, discard("TD")), (0, discard("JH")),
        (1, PASS), (2, PASS), (3, PASS),
    )  # fmt: skip
    for invite in (True, 2.0, "2", 1, 7):
        with pytest.raises(IllegalActionError):
            state.apply(Declare(invite=invite))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        state.apply(Declare(raznomast=1))  # type: ignore[arg-type]
    assert state.apply(Declare(invite=2)).current_player == 2
