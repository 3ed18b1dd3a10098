"""A state's repr pastes back where a user has ``from cardrules import load_game``.

The repr of an Azi or Hazari game or match is ``load_game(spec).state_from_text(line)``
with its one-line text record; a state that record cannot hold (a Hazari deal of a
match, numbered past 0; a chance state) keeps its JSON repr, which names its class.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from cardrules.azi import AziMatch, AziState
from cardrules.azi.pack import azi_pack
from cardrules.chance import ChanceState
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.hazari import HazariMatch, HazariState
from cardrules.rng import Rng

SPECS = (
    "azi",
    "azi(players=2)",
    "azi(players=3,look_before_fold=true)",
    "azi(players=5,rounding=down)",
    "azi(players=6,match_games=2)",
    "hazari",
    "hazari(target=300,tie_rule=first)",
)
CLASSES: dict[str, type[Any]] = {
    cls.__name__: cls for cls in (AziState, AziMatch, HazariState, HazariMatch, ChanceState)
}
SHORT = re.compile(r"load_game\('([^']*)'\)\.state_from_text\('([^'\\]*)'\)")
"""The short form, as the issue gives it: a spec and a one-line text record."""


def pasted(state: Any) -> Any:
    """``eval(repr(state))`` with only ``load_game`` and the state's class at hand."""
    return eval(repr(state), {"load_game": load_game, type(state).__name__: type(state)})


def walk(state: Any, rng: Rng, limit: int = 400) -> list[Any]:
    """``state`` and every position after it, each action drawn uniformly by ``rng``."""
    states = [state]
    while not state.is_terminal and len(states) < limit:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randbelow(len(actions))])
        states.append(state)
    return states


def deal_of(state: Any) -> int:
    """The number of the deal a Hazari state is, or 0 for anything else."""
    return state.deal if isinstance(state, HazariState) else 0


def check(state: Any) -> None:
    text = repr(state)
    assert pasted(state) == state
    short = SHORT.fullmatch(text)
    if deal_of(state) == 0:
        assert short is not None, text
        assert load_game(short[1]) == load_game(
            state.to_json()["game"].partition("-")[0],
            **{k: v for k, v in state.to_json()["rules"].items() if k not in ("dealer", "deal")},
        )
        assert len(text) < len(json.dumps(state.to_json()))
    else:
        assert short is None and text.startswith(f"{type(state).__name__}.from_json(")


@settings(max_examples=20, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**64 - 1), match=st.booleans())
def test_every_position_of_random_play_pastes_back(spec: str, seed: int, match: bool) -> None:
    game = load_game(spec)
    new = game.new_match if match else game.new_state
    rng = Rng(seed)
    states = walk(new(seed=seed, dealer=seed % game.num_players), rng)
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        check(state)
        current = getattr(state, "current", None)
        if current is not None and current is not state:
            check(current)  # a match's game in progress: a later Hazari deal falls back


@settings(max_examples=8, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_explicit_decks_paste_back(spec: str, seed: int) -> None:
    game = load_game(spec)
    pack = Deck.standard() if game.name == "hazari" else azi_pack(game.options["suits"])
    decks = tuple(pack.shuffled(seed + n) for n in range(3))
    states = walk(game.new_state(dealer=0, dealing=Dealing(decks=decks)), Rng(seed), 30)
    for state in states[::5]:
        check(state)
        assert "Deck0" in repr(state)


def test_re_deals_and_every_azi_phase_paste_back() -> None:
    phases, re_deals = set(), 0
    game = load_game("azi(players=4)")
    for seed in range(60):
        for state in walk(game.new_state(seed=seed), Rng(seed)):
            phases.add(state.phase)
            if state.deal_number > 0:
                re_deals += 1
                check(state)
            elif seed < 10:
                check(state)
    assert re_deals > 0
    assert {phase.value for phase in phases} >= {"fold", "discard", "bidding", "play", "over"}


def test_a_later_hazari_deal_and_a_chance_state_fall_back_to_json() -> None:
    match = walk(load_game("hazari").new_match(seed=4), Rng(4))[-1]
    later = match.current
    assert later.deal > 0
    check(later)
    assert pasted(match) == match and repr(match).startswith("load_game('hazari')")
    node = ChanceState.new(load_game("azi(players=3)"), dealer=0)
    assert repr(node).startswith("ChanceState.from_json(")
    assert eval(repr(node), {"load_game": load_game, "ChanceState": ChanceState}) == node


def test_the_short_form_is_the_text_record_line() -> None:
    state = load_game("azi", players=3).new_state(seed=3, dealer=1)
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    actions = ", ".join(f"s{turn.player} {turn.action}" for turn in state.history)
    line = f'[Dealer "1"] [Seed "3"] [Result "*"] {actions}'
    assert repr(state) == f"load_game('azi(players=3)').state_from_text('{line}')"
