"""Hidden means hidden in the narration: what ``cardrules play --human SEAT`` prints for
a seat is the same in two worlds that differ only in cards that seat cannot see.

The worlds are the permuted worlds of :mod:`tests.hardening.test_hidden_information`:
the same public actions replayed on decks whose hidden cards are shuffled. The
narration of the whole game so far, for the seat, must be identical line for line;
the spectator's narration (every hand shown) must differ, so the check can fail; and
the seat's own discard is shown to it, by card.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cardrules.azi import AziState, Discard
from cardrules.azi.view import AziNarrator
from cardrules.dealing import Dealing
from cardrules.errors import IllegalActionError
from cardrules.game import Turn
from cardrules.hazari import HazariRules, HazariState, Up, greedy_arrangement, hands_to_deck
from cardrules.hazari.rules import ActionSpace
from cardrules.hazari.view import HazariNarrator
from cardrules.rng import Rng
from cardrules.text import Narrator
from tests.hardening.hardening_support import azi_positions, examples
from tests.hardening.test_hidden_information import permuted_azi_world, permuted_hands

SEEDS = st.integers(min_value=0, max_value=2**32)
NAMES = ("you", "bot one", "bot two", "bot three", "bot four", "bot five")


def narration(path: Sequence[Any], narrator: Narrator, viewer: int | None) -> list[str]:
    """What ``cardrules play`` prints along ``path`` (a start state and each state after
    one action), for ``viewer``."""
    lines = narrator.start(path[0], viewer)
    for before, after in itertools.pairwise(path):
        turn = after.history[-1]
        assert isinstance(turn, Turn)
        lines += narrator.turn(before, turn, after, viewer)
    if path[-1].is_terminal:
        lines += narrator.end(path[-1])
    return lines


def azi_path(state: AziState) -> list[AziState]:
    """Every position of ``state``'s game, from its deal, replayed from its record."""
    position = AziState.new(state.rules, dealer=state.first_dealer, dealing=state.dealing)
    path = [position]
    for turn in state.history:
        position = position.apply(turn.action)
        path.append(position)
    assert path[-1] == state
    return path


@examples(40)
@given(SEEDS, st.integers(0, 10**6), st.integers(0, 5), SEEDS)
def test_azi_narration_for_a_seat_is_blind_to_its_hidden_cards(
    seed: int, position: int, viewer: int, draw: int
) -> None:
    positions = azi_positions(seed)
    state = positions[position % len(positions)]
    viewer %= state.num_players
    narrator = AziNarrator(NAMES[: state.num_players])
    mine = narration(positions[: positions.index(state) + 1], narrator, viewer)
    own = [
        t.action.card for t in state.history if t.player == viewer and isinstance(t.action, Discard)
    ]
    for card in own:
        assert (
            f"{NAMES[viewer]}) discards {card} face down: only you know it (rule A6)."
            in "\n".join(mine)
        )
    rng = Rng(draw)
    for by_suit in (False, True):
        try:
            world = permuted_azi_world(state, viewer, rng, by_suit)
        except IllegalActionError:
            continue  # the shuffle broke a revealed void or a declaration
        other = azi_path(world)
        assert narration(other, narrator, viewer) == mine
        if [set(hand) for hand in world.hands] != [set(hand) for hand in state.hands]:
            spectator = narration(positions[: len(other)], narrator, None)
            assert narration(other, narrator, None) != spectator  # the worlds do differ


def test_the_azi_worlds_differ_for_a_spectator_so_the_check_can_fail() -> None:
    positions = azi_positions(5)
    state = next(p for p in positions if p.history and p.observation(0).discard is not None)
    world = permuted_azi_world(state, 0, Rng(1), by_suit=False)
    narrator = AziNarrator(NAMES[: state.num_players])
    path = positions[: positions.index(state) + 1]
    assert narration(azi_path(world), narrator, None) != narration(path, narrator, None)
    assert narration(azi_path(world), narrator, 0) == narration(path, narrator, 0)


def _hazari_world(state: HazariState, viewer: int, rng: Rng) -> list[HazariState]:
    """The positions of a deal whose other hands are shuffled, the viewer's actions kept
    and every other seat arranging its new hand legally."""
    hands = permuted_hands(state, viewer, rng)
    deck = hands_to_deck(hands, state.dealer)
    world = HazariState.from_dealing(
        Dealing(decks=(deck,)), dealer=state.dealer, deal=0, rules=state.rules
    )
    path = [world]
    for turn in state.history:
        if turn.player == viewer:
            action = turn.action
        elif state.rules.actions is ActionSpace.GROUPS:
            action = world.legal_actions()[0]
        else:
            action = Up(greedy_arrangement(world.hands[turn.player]))
        world = world.apply(action)
        path.append(world)
    return path


@examples(20)
@given(SEEDS, st.integers(0, 11), st.integers(0, 3), SEEDS, st.booleans())
def test_hazari_narration_for_a_seat_is_blind_to_the_other_hands(
    seed: int, steps: int, viewer: int, draw: int, groups: bool
) -> None:
    rules = HazariRules(actions=ActionSpace.GROUPS if groups else ActionSpace.SPLIT)
    rng = Rng(seed)
    state = HazariState.new(seed=seed, dealer=rng.randbelow(4), rules=rules)
    path = [state]
    for _ in range(steps):
        legal = state.legal_actions()
        after = state.apply(legal[rng.randbelow(len(legal))])
        if after.is_terminal:
            break  # the rounds show every hand: no longer hidden
        state = after
        path.append(state)
    narrator = HazariNarrator(NAMES[:4])
    mine = narration(path, narrator, viewer)
    other = _hazari_world(state, viewer, Rng(draw))
    assert other[-1].hands[viewer] == state.hands[viewer]
    assert narration(other, narrator, viewer) == mine
    assert narration(other, narrator, None) != narration(path, narrator, None)
