"""The engine's compact position converts back to exactly the public values.

Inside, every hand of a deal is one int of card bits (see
:mod:`cardrules.azi.transitions`). These tests play random games under varied rules
and check, at every state, the public hands against a naive reference that deals
the deck with :func:`~cardrules.azi.deal.deal_hands` and removes each discarded and
played card from the history; the legal cards against
:func:`~cardrules.azi.tricks.legal_cards`, raznomast against
:func:`~cardrules.azi.tricks.raznomast_eligible` and the trick winner against
:func:`~cardrules.azi.tricks.trick_winner`, with the suits led tracked by the test.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.azi import (
    AziRules,
    AziState,
    Declare,
    Discard,
    Phase,
    PlayCard,
)
from cardrules.azi.deal import deal_hands
from cardrules.azi.transitions import Position
from cardrules.azi.tricks import legal_cards, raznomast_eligible, raznomast_exempt, trick_winner
from cardrules.cards import Card, Suit
from cardrules.rng import Rng

RULES = st.builds(
    AziRules,
    players=st.integers(2, 6),
    raise_cap=st.sampled_from([0, 1, 3]),
    max_raise=st.integers(1, 3),
    suits=st.sampled_from(["DHS", "CDS", "CHS"]),
)


def dealt_hands(state: AziState) -> list[list[Card]]:
    """The hands of the state's current deal as dealt, by the public dealing rule."""
    deck = state.dealing.deck(state.deal_number, state.rules.pack)
    cards = deal_hands(deck, state.dealer, state.seats, state.num_players)
    return [list(hand or ()) for hand in cards.hands]


def check_position(state: AziState, reference: list[list[Card]], led_before: list[Suit]) -> None:
    hands = state.hands
    assert hands == tuple(tuple(hand) for hand in reference)
    bits = {card.index for hand in hands for card in hand}
    assert state._held == sum(1 << index for index in bits)
    assert len(bits) == sum(len(hand) for hand in hands)
    player = state.current_player
    if player is None:
        return
    observed = state.observation(player).hand
    assert observed is None or observed == hands[player]
    legal = state.legal_actions()
    assert state.legal_action_ids() == sorted(state.action_id(action) for action in legal)
    hand = hands[player]
    trump = state.trump_card.suit
    if state.phase is Phase.PLAY:
        led = state.trick[0][1].suit if state.trick else None
        razno = player in state.observation(player).raznomast
        exempt = led is not None and razno and raznomast_exempt(True, led, trump, led_before)
        cards = [action.card for action in legal if isinstance(action, PlayCard)]
        assert len(cards) == len(legal)
        assert cards == list(legal_cards(hand, led, trump, exempt))
    elif state.phase is Phase.DISCARD:
        assert [action.card for action in legal if isinstance(action, Discard)] == list(hand)
    elif state.phase is Phase.DECLARATIONS:
        offered = any(isinstance(a, Declare) and a.raznomast for a in legal)
        assert offered == raznomast_eligible(hand, trump)


def play(rules: AziRules, seed: int) -> int:
    """One random game, checked at every state; returns its number of actions."""
    rng = Rng(seed)
    state = AziState.new(rules, seed=seed)
    reference, deal = dealt_hands(state), state.deal_number
    led_before: list[Suit] = []
    while True:
        check_position(state, reference, led_before)
        if state.is_terminal:
            return len(state.history)
        legal = state.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        player = state.current_player
        assert player is not None
        trick = state.trick
        state = state.apply(action)
        if isinstance(action, (Discard, PlayCard)):
            reference[player].remove(action.card)
        if isinstance(action, PlayCard) and not state.trick and state.deal_number == deal:
            played = [card for _, card in (*trick, (player, action.card))]
            led_before.append(played[0].suit)
            winner = (*trick, (player, action.card))[trick_winner(played, state.trump_card.suit)]
            assert state.tricks[winner[0]] > 0
        if state.deal_number != deal:
            reference, deal = dealt_hands(state), state.deal_number
            led_before = []


@settings(max_examples=25, deadline=None)
@given(RULES, st.integers(0, 2**64 - 1))
def test_compact_hands_are_the_public_hands(rules: AziRules, seed: int) -> None:
    assert play(rules, seed) > 0


def test_compact_hands_on_many_default_games() -> None:
    actions = sum(play(AziRules(players=players), seed) for players in (3, 4) for seed in range(20))
    assert actions > 40 * 5


def fields(cls: type) -> list[str]:
    """The instance fields of ``cls``: slots, or a compiled class's attributes."""
    kinds = ("member_descriptor", "getset_descriptor")
    return [name for name, value in vars(cls).items() if type(value).__name__ in kinds]


def test_a_step_copies_every_field() -> None:
    names = fields(Position)
    assert "_held" in names and "_log" in names and len(names) > 20
    state = AziState.new(AziRules(players=3), seed=5)
    while not state.is_terminal:
        for name in names:
            getattr(state, name)  # every field is set: an unset one raises AttributeError
        state = state.apply(state.legal_actions()[0])
    for name in names:
        getattr(state, name)
