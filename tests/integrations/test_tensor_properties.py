"""Observation and information-state tensors of both games: properties.

- equal observations give equal tensors;
- states that differ only in cards a player cannot see give that player equal tensors;
- a player's tensors change when what the player knows changes.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, Deck, load_game
from cardrules.azi import AziRules, AziState
from cardrules.azi.actions import Discard, PlayCard
from cardrules.azi.observation import AziObservation
from cardrules.azi.tensors import tensor_layout
from cardrules.dealing import Dealing
from cardrules.hazari import HazariState
from cardrules.hazari.observation import HazariObservation
from cardrules.hazari.tensors import TENSOR_SIZE
from cardrules.rng import Rng

HAZARI = load_game("hazari")


def tensors(game: Any, state: Any, player: int) -> tuple[list[float], list[float]]:
    observation = state.observation(player)
    return (
        game.definition.observation_tensor(observation),
        game.definition.information_state_tensor(observation),
    )


def play_azi(players: int, seed: int, steps: int) -> AziState:
    state = AziState.new(AziRules(players=players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(list(state.legal_actions())))
    return state


# ------------------------------------------------------------------ sizes and values


@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 80))
def test_azi_tensors_have_the_declared_sizes_and_finite_values(
    players: int, seed: int, steps: int
) -> None:
    game = load_game("azi", players=players)
    state = play_azi(players, seed, steps)
    for player in range(players):
        observation, information = tensors(game, state, player)
        assert len(observation) == game.observation_tensor_size
        assert len(information) == game.information_state_tensor_size
        assert information[: len(observation)] == observation
        assert all(isinstance(value, float) for value in information)


def test_hazari_tensor_sizes_and_a_match_observation() -> None:
    assert HAZARI.observation_tensor_size == HAZARI.information_state_tensor_size == TENSOR_SIZE
    match = HAZARI.new_match(seed=3)
    vector = HAZARI.definition.observation_tensor(match.observation(2))
    assert len(vector) == TENSOR_SIZE


def test_game_tensors_are_float32_vectors_or_lists() -> None:
    state = HAZARI.new_state(seed=1)
    vector = HAZARI.observation_tensor(state, 0)
    try:
        import numpy
    except ImportError:
        assert isinstance(vector, list)
    else:
        assert vector.dtype == numpy.float32 and vector.shape == (TENSOR_SIZE,)


# ------------------------------------------------------------ equal observations


@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 80), st.integers(0, 5))
def test_azi_equal_observations_give_equal_tensors(
    players: int, seed: int, steps: int, seat: int
) -> None:
    game = load_game("azi", players=players)
    state = play_azi(players, seed, steps)
    player = seat % players
    observation = state.observation(player)
    copy = AziObservation.from_json(observation.to_json())
    assert copy == observation
    assert game.definition.observation_tensor(copy) == game.definition.observation_tensor(
        observation
    )
    assert game.definition.information_state_tensor(
        copy
    ) == game.definition.information_state_tensor(observation)
    if state.current_player is not None and player == state.current_player:
        resampled = game.resample(observation, Rng(seed))
        assert tensors(game, resampled, player) == tensors(game, state, player)


@given(st.integers(0, 2**32), st.integers(0, 4), st.integers(0, 3))
def test_hazari_equal_observations_give_equal_tensors(seed: int, steps: int, seat: int) -> None:
    state = HAZARI.new_state(seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[seed % len(legal)])
    observation = state.observation(seat)
    copy = HazariObservation.from_json(observation.to_json())
    assert HAZARI.definition.observation_tensor(copy) == HAZARI.definition.observation_tensor(
        observation
    )
    if not state.is_terminal:
        resampled = HAZARI.resample(observation, Rng(seed))
        assert tensors(HAZARI, resampled, seat) == tensors(HAZARI, state, seat)


# --------------------------------------------------------------- hidden cards


@given(st.integers(0, 2**32), st.integers(0, 3), st.data())
def test_hazari_tensors_ignore_the_opponents_hidden_cards(
    seed: int, dealer: int, data: st.DataObject
) -> None:
    hands = [list(hand) for hand in HazariState.new(seed=seed, dealer=dealer).hands]
    player = data.draw(st.integers(0, 3), label="observer")
    a, b = data.draw(st.permutations([s for s in range(4) if s != player]))[:2]
    i, j = data.draw(st.integers(0, 12)), data.draw(st.integers(0, 12))
    swapped = [list(hand) for hand in hands]
    swapped[a][i], swapped[b][j] = hands[b][j], hands[a][i]
    one = HazariState.new(hands=hands, dealer=dealer)
    two = HazariState.new(hands=swapped, dealer=dealer)
    choices = data.draw(st.lists(st.integers(0, 10**6), min_size=4, max_size=4))
    for choice in choices:
        assert tensors(HAZARI, one, player) == tensors(HAZARI, two, player)
        legal_one, legal_two = one.legal_actions(), two.legal_actions()
        one = one.apply(legal_one[choice % len(legal_one)])
        two = two.apply(legal_two[choice % len(legal_two)])
    assert one.is_terminal and two.is_terminal


def _swap(action: Any, x: Card, y: Card) -> Any:
    swap = {x: y, y: x}
    if isinstance(action, Discard) and action.card in swap:
        return Discard(swap[action.card])
    if isinstance(action, PlayCard) and action.card in swap:
        return PlayCard(swap[action.card])
    return action


@settings(max_examples=60)
@given(st.integers(3, 6), st.integers(0, 2**32), st.data())
def test_azi_tensors_ignore_the_opponents_hidden_cards(
    players: int, seed: int, data: st.DataObject
) -> None:
    rules = AziRules(players=players)
    game = load_game("azi", players=players)
    dealer = seed % players
    deck = Dealing(seed=seed).deck(0, rules.pack)
    one = AziState.new(rules, dealer=dealer, dealing=Dealing(decks=(deck,)))
    player = data.draw(st.integers(0, players - 1), label="observer")
    trump = one.trump_card
    # Two opponents' cards of one suit, neither the trump card nor an ace: swapping
    # them changes no rule that reads suits (following, raznomast), only hidden ranks.
    pairs = [
        (x, y)
        for a in range(players)
        for b in range(players)
        if a < b and player not in (a, b)
        for x in one.hands[a]
        for y in one.hands[b]
        if x.suit == y.suit and trump not in (x, y) and 14 not in (x.rank, y.rank)
    ]
    if not pairs:
        return
    x, y = data.draw(st.sampled_from(pairs), label="swapped cards")
    cards = list(deck)
    i, j = cards.index(x), cards.index(y)
    cards[i], cards[j] = cards[j], cards[i]
    two = AziState.new(rules, dealer=dealer, dealing=Dealing(decks=(Deck(cards),)))
    rng = random.Random(seed)
    while not one.is_terminal and one.deal_number == 0:
        assert tensors(game, one, player) == tensors(game, two, player)
        action = rng.choice(list(one.legal_actions()))
        mirrored = _swap(action, x, y)
        assert mirrored in two.legal_actions()
        if isinstance(action, PlayCard) and action.card in (x, y):
            break  # the card is shown: from here the player may tell the states apart
        one, two = one.apply(action), two.apply(mirrored)


# ------------------------------------------------------------- own information


@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 200))
def test_azi_tensors_change_when_the_players_information_changes(
    players: int, seed: int, steps: int
) -> None:
    game = load_game("azi", players=players)
    state = AziState.new(AziRules(players=players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        actor = state.current_player
        assert actor is not None
        after = state.apply(rng.choice(list(state.legal_actions())))
        before_obs, before_info = tensors(game, state, actor)
        after_obs, after_info = tensors(game, after, actor)
        # The actor's own action always shows in both of the actor's tensors.
        assert before_obs != after_obs
        assert before_info != after_info
        # Anyone whose observation changed sees a different information state.
        for seat in range(players):
            if state.observation(seat) != after.observation(seat):
                assert tensors(game, state, seat)[1] != tensors(game, after, seat)[1]
        state = after


@given(st.integers(0, 2**32))
def test_hazari_tensors_change_with_the_players_own_arrangement_and_the_rounds(
    seed: int,
) -> None:
    state = HAZARI.new_state(seed=seed)
    while not state.is_terminal:
        actor = state.current_player
        assert actor is not None
        legal = state.legal_actions()
        after = state.apply(legal[seed % len(legal)])
        assert tensors(HAZARI, state, actor) != tensors(HAZARI, after, actor)
        for seat in range(4):
            if state.observation(seat) != after.observation(seat):
                assert tensors(HAZARI, state, seat) != tensors(HAZARI, after, seat)
        state = after


def test_a_blind_folder_sees_the_hand_after_choosing_to_play() -> None:
    state = AziState.new(AziRules(players=3), seed=3, dealer=0)
    layout = tensor_layout(state.rules)
    hand = slice(layout.offset("hand"), layout.offset("hand") + 27)
    player = state.current_player
    assert player is not None
    game = load_game("azi", players=3)
    before = game.definition.observation_tensor(state.observation(player))
    after = game.definition.observation_tensor(
        state.apply(state.action_from_id(0)).observation(player)
    )
    assert sum(before[hand]) == 0.0
    assert sum(after[hand]) == 4.0


def test_the_azi_guide_table_matches_the_layout() -> None:
    """The offsets tabulated on the Azi guide page, as formulas in the seats ``n``."""
    for n in range(2, 7):
        layout = tensor_layout(AziRules(players=n))
        observation = {
            "player": 0,
            "dealer": n,
            "current_player": 2 * n,
            "phase": 3 * n,
            "dealt_in": 3 * n + 8,
            "trump_card": 4 * n + 8,
            "trump_suit": 4 * n + 35,
            "hand_seen": 4 * n + 38,
            "hand": 4 * n + 39,
            "discard": 4 * n + 66,
            "folded": 4 * n + 93,
            "staying": 5 * n + 93,
            "passed": 6 * n + 93,
            "auction_winner": 7 * n + 93,
            "raznomast": 8 * n + 93,
            "partners": 9 * n + 93,
            "trick": n * n + 9 * n + 93,
            "tricks": n * n + 36 * n + 93,
            "played": n * n + 37 * n + 93,
            "scalars": n * n + 37 * n + 120,
            "balances": n * n + 37 * n + 126,
            "match": n * n + 38 * n + 126,
        }
        history = {
            "trick_cards": 0,
            "trick_leaders": 81 * n,
            "trick_winners": 84 * n,
            "raise_counts": 87 * n,
            "last_raise": 88 * n,
            "discarded": 89 * n,
            "invitations": 90 * n,
            "answers": n * n + 90 * n,
            "joined": n * n + 92 * n,
        }
        size = layout.observation_size
        assert size == n * n + 39 * n + 127
        assert layout.information_state_size == size + n * n + 94 * n
        assert {name: layout.offset(name) for name in observation} == observation
        assert {name: layout.offset(name) - size for name in history} == history
