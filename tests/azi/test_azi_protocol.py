"""The one game protocol for Azi: action ids, masks, membership, JSON, text and memory."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, load_game
from cardrules.azi import (
    ACCEPT,
    DECLINE,
    FOLD,
    JOIN,
    PASS,
    PLAY,
    SKIP,
    AziMatch,
    AziMatchObservation,
    AziObservation,
    AziRules,
    AziState,
    Declare,
    Discard,
    GameStarted,
    MatchOver,
    Phase,
    PlayCard,
    Raise,
    Rounding,
    azi_pack,
    deal_hands,
    new_game,
    parse_action_text,
)
from cardrules.azi.actions import _cached_raise
from cardrules.azi.bots import HeuristicBot
from cardrules.azi.game import GAME
from cardrules.azi.ids import _cached_ids, action_ids
from cardrules.azi.transitions import _DECLARATION_TABLE
from cardrules.bot import Bot
from cardrules.bots import RandomBot
from cardrules.errors import (
    CardRulesError,
    IllegalActionError,
    InvalidRulesError,
    InvalidStateError,
    ParseError,
)
from cardrules.rng import Rng
from cardrules.runner import play_game

RULES = [
    AziRules(),
    AziRules(players=2, raise_cap=0),
    AziRules(players=3, look_before_fold=True, min_raise=2, max_raise=5),
    AziRules(players=5, rounding=Rounding.DOWN, ante=3),
    AziRules(players=6, suits="CDS", raise_cap=5, max_raise=3),
]


def states(rules: AziRules, seed: int) -> Iterator[AziState]:
    """Every state of one random game."""
    rng = Rng(seed)
    state = AziState.new(rules, seed=seed)
    yield state
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
        yield state


def test_the_default_id_space_has_105_ids() -> None:
    assert action_ids(AziRules()).size == 105
    assert load_game("azi").num_distinct_actions == 105
    assert action_ids(AziRules(raise_cap=0)).size == 75
    # min 2, max 5, cap 4: raises to 12 .. 30
    assert action_ids(AziRules(min_raise=2, max_raise=5, raise_cap=4)).size == 75 + 19


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_ids_both_ways_and_masks_over_many_games(rules: AziRules) -> None:
    size = action_ids(rules).size
    for seed in range(40):
        for state in states(rules, seed):
            legal = list(state.legal_actions())
            ids = state.legal_action_ids()
            assert ids == sorted(state.action_id(action) for action in legal)
            assert [state.action_from_id(number) for number in ids] == sorted(
                legal, key=state.action_id
            )
            mask = state.legal_action_mask()
            assert len(mask) == size == state.num_distinct_actions
            assert [i for i, bit in enumerate(mask) if bit] == ids
            assert all(0 <= number < size for number in ids)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_every_id_is_an_action_or_a_clear_error(rules: AziRules) -> None:
    table = action_ids(rules)
    invites = {61 + 1 + seat for seat in range(6)} | {68 + 1 + seat for seat in range(6)}
    unseated = {number for number in invites if (number - 62) % 7 >= rules.players}
    for number in range(table.size + 2):
        if number >= table.size or number in unseated:
            with pytest.raises(IllegalActionError, match=f"action id {number} "):
                table.action_from_id(number)
            continue
        assert table.action_id(table.action_from_id(number)) == number
    for bad in (-1, True, 1.0, "3"):
        with pytest.raises(IllegalActionError):
            table.action_from_id(bad)  # type: ignore[arg-type]


def test_ids_are_fixed_whatever_the_position() -> None:
    table = action_ids(AziRules())
    pack = azi_pack()
    assert table.action_id(Discard(pack[0])) == 7
    assert table.action_id(PlayCard(pack[26])) == 60
    assert table.action_id(Declare(True, 3)) == 72
    assert action_ids(AziRules(players=6)).action_id(Declare(True, 5)) == 74
    assert table.action_id(Raise(40)) == 104
    for action in (Raise(10), Raise(41), PlayCard(Card.parse("2C")), Declare(False, 4)):
        with pytest.raises(IllegalActionError):
            table.action_id(action)


wrong_values = st.one_of(
    st.integers(-3, 60),
    st.floats(allow_nan=False, width=16),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
    st.sampled_from([Card.parse("AS"), Card.parse("6D"), Card.parse("2C")]),
)


@st.composite
def maybe_actions(draw: st.DrawFn) -> object:
    kind = draw(st.sampled_from(["raise", "declare", "discard", "card", "bare"]))
    try:
        if kind == "raise":
            return Raise(draw(wrong_values))
        if kind == "declare":
            return Declare(draw(wrong_values), draw(wrong_values))
        if kind == "discard":
            return Discard(draw(wrong_values))
        if kind == "card":
            return PlayCard(draw(wrong_values))
    except IllegalActionError:
        return None
    return draw(st.sampled_from([PASS, PLAY, FOLD, JOIN, SKIP, ACCEPT, DECLINE]))


@settings(max_examples=300)
@given(st.integers(0, 200), st.integers(0, 40), st.lists(maybe_actions(), max_size=20))
def test_membership_is_exactly_apply_success(seed: int, steps: int, tries: list[object]) -> None:
    rng = Rng(seed)
    state = AziState.new(AziRules(players=3, max_raise=4), seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
    legal = state.legal_actions()
    for action in tries:
        if action is None:
            continue
        try:
            state.apply(action)  # type: ignore[arg-type]
            applied = True
        except IllegalActionError:
            applied = False
        assert (action in legal) == applied, action


@pytest.mark.parametrize(
    "build",
    [
        lambda: Raise(12.0),  # type: ignore[arg-type]
        lambda: Raise(True),
        lambda: Declare(raznomast=1),  # type: ignore[arg-type]
        lambda: Declare(invite="2"),  # type: ignore[arg-type]
        lambda: Discard("AS"),  # type: ignore[arg-type]
        lambda: PlayCard(None),  # type: ignore[arg-type]
    ],
)
def test_wrong_field_types_cannot_be_built(build: object) -> None:
    with pytest.raises(IllegalActionError):
        build()  # type: ignore[operator]


def test_odd_digits_and_bad_arguments_raise_package_errors() -> None:
    for text in ("raise ²", "raise " + "9" * 5000, "declare invite ³", "raise ٣"):
        with pytest.raises(ParseError):
            parse_action_text(text)
    assert parse_action_text("raise 015") == Raise(15)
    with pytest.raises(InvalidRulesError):
        deal_hands(azi_pack(), 0, (0, 1, 2, 3), 2**64)
    with pytest.raises(InvalidRulesError):
        new_game(rules=True)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        AziMatch(None, 1)  # type: ignore[arg-type]


def test_rules_json_takes_defaults_and_rejects_unknown_keys() -> None:
    assert AziRules.from_json({"players": 3}) == AziRules(players=3)
    assert AziRules.from_json({}) == AziRules()
    with pytest.raises(InvalidRulesError):
        AziRules.from_json({"players": 3, "colour": "red"})
    assert AziRules(match_games=2).games_per_match == 2 and AziRules().games_per_match == 4
    with pytest.raises(InvalidRulesError):
        AziRules(match_games=0)


def test_states_and_observations_round_trip_and_print() -> None:
    for rules in RULES[:3]:
        for state in states(rules, 3):
            assert AziState.from_json(state.to_json()) == state
            assert eval(repr(state), {"load_game": load_game, "AziState": AziState}) == state
            assert len(str(state).splitlines()) >= 3
            for player in range(rules.players):
                seen = state.observation(player)
                assert AziObservation.from_json(seen.to_json()) == seen
                assert "Trump card" in str(seen)
    with pytest.raises(InvalidStateError):
        AziObservation.from_json({"player": 0})


def test_a_match_is_a_game_state() -> None:
    rules = AziRules(players=3, match_games=3)
    match = AziMatch.new(rules, seed=5)
    bots: list[Bot] = [HeuristicBot(), RandomBot(), HeuristicBot()]
    rngs = [Rng(seat) for seat in range(3)]
    done = play_game(match, bots, rngs)
    assert isinstance(done, AziMatch) and done.is_terminal and len(done.games) == 3
    assert sum(done.returns()) == 0
    assert done.returns() == tuple(
        sum(game.returns()[seat] for game in done.games) for seat in range(3)
    )
    events = done.events
    assert sum(isinstance(e, GameStarted) for e in events) == 3
    assert isinstance(events[-1], MatchOver) and events[-1].totals == done.returns()
    assert len(done.history) == sum(len(game.history) for game in done.games)
    assert AziMatch.from_json(done.to_json()) == done
    assert eval(repr(done), {"load_game": load_game, "AziMatch": AziMatch}) == done
    assert "Azi match: over" in str(done)
    seen = match.observation(1)
    assert AziMatchObservation.from_json(seen.to_json()) == seen
    assert match.legal_action_ids() == match.current.legal_action_ids()
    assert match.action_from_id(0) == match.current.action_from_id(0)


def test_a_resampled_match_agrees_with_the_observation() -> None:
    rules = AziRules(players=3, match_games=3)
    match = AziMatch.new(rules, seed=8)
    rng = Rng(1)
    for step in range(60):
        if match.is_terminal:
            break
        if step % 7 == 0:
            player = match.current_player
            assert player is not None
            seen = match.observation(player)
            world = GAME.resample(seen, Rng(step))
            assert isinstance(world, AziMatch)
            assert world.observation(player) == seen
        legal = match.legal_actions()
        match = match.apply(legal[rng.randbelow(len(legal))])


def test_the_definition_reads_games_matches_and_actions() -> None:
    game = load_game("azi(players=3,match_games=2)")
    state = game.new_state(seed=1)
    match = game.new_match(seed=1)
    assert game.state_from_json(state.to_json()) == state
    assert game.state_from_json(match.to_json()) == match
    assert game.parse_action("declare raznomast") == Declare(True)
    assert game.parse_action({"type": "raise", "amount": 3}) == Raise(3)
    with pytest.raises(ParseError):
        game.parse_action(3)
    assert set(game.bots) >= {"random", "heuristic", "search", "strong"}


def test_memory_per_apply_stays_constant_in_a_long_observed_game() -> None:
    rules = AziRules(players=2, raise_cap=3000, max_raise=1)
    state = AziState.new(rules, seed=3, dealer=0)
    gc.collect()
    tracemalloc.start()
    marks: list[int] = []
    try:
        while state.phase is not Phase.BIDDING:
            state = state.apply(state.legal_actions()[0])
            state.observation(state._current)
        for _ in range(2000):
            legal = state.legal_actions()
            state = state.apply(legal[1] if len(legal) > 1 else legal[0])
            if not state.is_terminal:
                state.observation(state._current)
            if state.phase is not Phase.BIDDING:
                break
            marks.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    assert len(marks) == 2000
    first = marks[499] - marks[0]
    last = marks[-1] - marks[-500]
    assert last <= 2 * first + 20_000, (first, last)


def test_the_shared_caches_are_bounded() -> None:
    rules = AziRules(players=2, raise_cap=10, max_raise=1000)
    state = AziState.new(rules, seed=1, dealer=0)
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[-1])
        list(state.legal_actions())
    info = _cached_raise.cache_info()
    assert info.maxsize is not None and info.currsize <= info.maxsize
    assert _cached_ids.cache_info().maxsize is not None
    # keys: raznomast eligibility, and the invitable seats in the order of play (a
    # subset of at most 6 seats read from one of at most 6 starting seats)
    assert len(_DECLARATION_TABLE) <= 2 * 6 * 2**6


def test_legal_actions_are_immutable() -> None:
    state = new_game(3, seed=1, dealer=0)
    legal = state.legal_actions()
    with pytest.raises((TypeError, AttributeError)):
        legal.append(PASS)  # type: ignore[attr-defined]
    with pytest.raises(CardRulesError):
        state.action_from_id(10**6)
