"""``actions="groups"``: legal groups against a naive reference, and the same games as splits."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, Rng, load_game, parse_cards
from cardrules.errors import IllegalActionError, InvalidRulesError, InvalidStateError, ParseError
from cardrules.hazari.action_ids import split_of_id
from cardrules.hazari.actions import Group, Up, parse_action
from cardrules.hazari.groups import GROUP_IDS, group_positions, legal_group_ids
from cardrules.hazari.observation import HazariObservation
from cardrules.hazari.partitions import hand_tables, sorted_hand
from cardrules.hazari.resample import resample
from cardrules.hazari.rules import ActionSpace, HazariRules
from cardrules.hazari.state import HazariState, UpActions
from cardrules.hazari.tensors import SLICES, observation_tensor
from cardrules.hazari.witness import check_observation
from tests.hazari.groups_reference import legal_groups
from tests.hazari.hands import SPECIAL_HANDS, hands

GROUPS = HazariRules(actions=ActionSpace.GROUPS)
seeds = st.integers(0, 2**32)


def cards_of(hand: tuple[Card, ...], number: int) -> frozenset[Card]:
    positions = group_positions(number)
    return frozenset(card for i, card in enumerate(hand) if positions >> i & 1)


# --------------------------------------------------------------- the legal groups


def test_group_ids_are_the_lexicographic_triples() -> None:
    from itertools import combinations

    expected = [sum(1 << p for p in triple) for triple in combinations(range(13), 3)]
    assert [group_positions(number) for number in range(GROUP_IDS)] == expected
    with pytest.raises(IllegalActionError, match="286"):
        group_positions(286)


def test_first_group_of_one_suit_matches_the_naive_walk() -> None:
    hand = sorted_hand(parse_cards(SPECIAL_HANDS["one suit"]))
    expected = legal_groups(hand, [])
    got = {cards_of(hand, number) for number in legal_group_ids(hand, [])}
    assert got == expected and len(got) < GROUP_IDS


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(SPECIAL_HANDS))
def test_first_group_of_special_hands_matches_the_naive_walk(name: str) -> None:
    hand = sorted_hand(parse_cards(SPECIAL_HANDS[name]))
    got = {cards_of(hand, number) for number in legal_group_ids(hand, [])}
    assert got == legal_groups(hand, [])


@settings(max_examples=15)
@given(hands, seeds)
def test_later_groups_match_the_naive_walk(hand: tuple[Card, ...], seed: int) -> None:
    hand = sorted_hand(hand)
    rng = Rng(seed)
    chosen: list[int] = []
    for _ in range(2):
        step = legal_group_ids(hand, chosen)
        chosen.append(step[rng.randbelow(len(step))])
        expected = legal_groups(hand, [cards_of(hand, number) for number in chosen])
        got = {cards_of(hand, number) for number in legal_group_ids(hand, chosen)}
        assert got == expected


def groups_of_valid_splits(hand: tuple[Card, ...]) -> set[int]:
    """The 3-card groups (position masks) of every valid split, from the counted splits."""
    expected: set[int] = set()
    for split in hand_tables(hand).ids():
        expected.update(split_of_id(split)[1])
    return expected


@pytest.mark.parametrize("name", sorted(SPECIAL_HANDS))
def test_first_group_of_special_hands_is_any_group_of_a_valid_split(name: str) -> None:
    hand = sorted_hand(parse_cards(SPECIAL_HANDS[name]))
    got = {group_positions(number) for number in legal_group_ids(hand, [])}
    assert got == groups_of_valid_splits(hand)


@settings(max_examples=8)
@given(hands)
def test_first_group_is_any_group_of_a_valid_split(hand: tuple[Card, ...]) -> None:
    hand = sorted_hand(hand)
    expected = groups_of_valid_splits(hand)
    got = {group_positions(number) for number in legal_group_ids(hand, [])}
    assert got == expected


@settings(max_examples=25)
@given(hands)
def test_hand_tables_with_and_without_numpy_agree(hand: tuple[Card, ...]) -> None:
    numpy = pytest.importorskip("numpy")
    from cardrules.hazari._group_legality import HandGroups

    hand = sorted_hand(hand)
    x = tuple(card.index for card in hand)
    pure, fast = HandGroups(x), HandGroups(x, numpy)
    for name in ("strength", "value", "quads", "quad_values", "triples", "triple_strengths"):
        assert list(getattr(pure, name)) == list(getattr(fast, name)), name


# ------------------------------------------------------- the same games as splits


def groups_state(seed: int, dealer: int = 0) -> HazariState:
    return HazariState.new(seed=seed, dealer=dealer, rules=GROUPS)


@settings(max_examples=20)
@given(seeds, seeds)
def test_every_valid_split_can_be_chosen_group_by_group(seed: int, pick: int) -> None:
    state = groups_state(seed)
    split_state = HazariState.new(seed=seed)
    rng = Rng(pick)
    while not state.is_terminal:
        player = split_state.current_player
        assert player == state.current_player and player is not None
        up = UpActions(split_state.hands[player]).sample(rng)
        groups = list(up.arrangement.threes)
        for _ in range(3):
            group = Group(groups.pop(rng.randbelow(len(groups))))
            legal = state.legal_actions()
            assert group in legal and state.action_id(group) in state.legal_action_ids()
            state = state.apply(group)
        split_state = split_state.apply(up)
        assert state.arrangements == split_state.arrangements
    assert state.events == split_state.events and state.returns() == split_state.returns()


@settings(max_examples=20)
@given(seeds, seeds)
def test_every_group_by_group_choice_is_a_valid_split(seed: int, pick: int) -> None:
    state = groups_state(seed, dealer=seed % 4)
    rng = Rng(pick)
    split_state = HazariState.new(seed=seed, dealer=seed % 4)
    while not state.is_terminal:
        player = state.current_player
        assert player is not None
        for _ in range(3):
            assert state.current_player == player and player not in state.up
            ids = state.legal_action_ids()
            mask = state.legal_action_mask()
            assert len(mask) == GROUP_IDS and [i for i in range(GROUP_IDS) if mask[i]] == ids
            state = state.apply(state.action_from_id(ids[rng.randbelow(len(ids))]))
        arrangement = state.arrangements[player]
        assert arrangement is not None and state.up[-1] == player
        up = Up(arrangement)
        assert up in split_state.legal_actions()
        split_state = split_state.apply(split_state.action_from_id(split_state.action_id(up)))
    assert len(state.history) == 12
    assert state.events == split_state.events and state.returns() == split_state.returns()


def test_illegal_groups_are_refused_and_change_nothing() -> None:
    state = groups_state(3)
    hand = state.hands[1]
    with pytest.raises(IllegalActionError, match="expected a Group"):
        state.apply(UpActions(hand)[0])
    foreign = next(card for card in state.hands[2])
    with pytest.raises(IllegalActionError, match="do not hold"):
        state.apply(Group((foreign, hand[0], hand[1])))
    illegal = [i for i in range(GROUP_IDS) if i not in state.legal_action_ids()]
    assert illegal  # the weakest triples cannot be a group of a valid arrangement
    with pytest.raises(IllegalActionError, match="not a legal group"):
        state.apply(state.action_from_id(illegal[0]))
    first = state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="not a legal group"):
        first.apply(state.legal_actions()[0])  # a card already grouped
    assert state == groups_state(3) and len(first.history) == 1
    with pytest.raises(IllegalActionError):
        state.action_id(UpActions(hand)[0])


# ------------------------------------------------------------- rules and records


def test_the_option_round_trips_through_specs_and_json() -> None:
    game = load_game("hazari(actions=groups)")
    assert (
        game
        == load_game("hazari", actions="groups")
        == load_game("hazari", actions=ActionSpace.GROUPS)
    )
    assert str(game) == "hazari(actions=groups)" and load_game(str(game)) == game
    assert repr(game) == "load_game('hazari', actions='groups')"
    assert game.num_distinct_actions == 286 and load_game("hazari").num_distinct_actions == 200_200
    assert GROUPS.to_json() == {"tie_rule": "latest", "target": 1000, "actions": "groups"}
    assert HazariRules().to_json() == {"tie_rule": "latest", "target": 1000}
    assert HazariRules.from_json(GROUPS.to_json()) == GROUPS
    assert HazariRules.from_json('{"actions": "split"}') == HazariRules()
    with pytest.raises(InvalidRulesError, match="ActionSpace 'pairs'"):
        load_game("hazari(actions=pairs)")
    with pytest.raises(InvalidRulesError, match="ActionSpace"):
        HazariRules.from_json({"actions": 3})


def test_group_text_and_json_read_back() -> None:
    group = Group.parse("group 7D 7S 7H")
    assert (
        group
        == Group.parse("7H 7D 7S")
        == parse_action(str(group))
        == parse_action(group.to_json())
    )
    assert repr(group) == "Group.parse('group 7S 7H 7D')" and eval(repr(group)) == group
    for bad in ("group 7D 7S", "group", "group 7D 7D 7S", "group 7D 7S XX"):
        with pytest.raises(ParseError):
            Group.parse(bad)
    with pytest.raises(ParseError):
        parse_action({"type": "group", "cards": "7D 7S 7H", "extra": 1})


@settings(max_examples=10)
@given(seeds, st.integers(0, 12))
def test_records_replay_mid_deal(seed: int, steps: int) -> None:
    from cardrules.records.text import TextGame, game_from_text

    state = groups_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        state = state.apply(state.legal_actions().sample(rng))  # type: ignore[attr-defined]
    assert HazariState.from_json(state.to_json()) == state
    assert load_game("hazari(actions=groups)").state_from_json(state.to_json()) == state
    text = TextGame.of(state)
    assert text.tag("Game") == "hazari(actions=groups)"
    assert game_from_text(text.to_text()).state() == state


def test_a_record_of_split_actions_does_not_load_as_groups() -> None:
    state = HazariState.new(seed=4)
    state = state.apply(state.legal_actions()[0])
    data = state.to_json()
    data["rules"] = {**data["rules"], "actions": "groups"}
    with pytest.raises(InvalidStateError):
        HazariState.from_json(data)


# ----------------------------------------------------------------------- privacy


def mid_choice(seed: int, groups: int) -> tuple[HazariState, HazariState]:
    """A deal with the first seat to act ``groups`` groups in, and the same deal before."""
    start = groups_state(seed)
    state = start
    for _ in range(groups):
        state = state.apply(state.legal_actions()[-1])
    return start, state


@pytest.mark.parametrize("groups", [1, 2])
def test_partial_groups_stay_hidden_from_the_other_seats(groups: int) -> None:
    start, state = mid_choice(11, groups)
    actor = state.current_player
    assert actor == 1 and len(state.chosen) == groups
    for seat in (0, 2, 3):
        seen = state.observation(seat)
        assert seen == start.observation(seat) and not seen.groups
        assert seen.to_json() == start.observation(seat).to_json()
        assert str(seen) == str(start.observation(seat))
        assert observation_tensor(seen) == observation_tensor(start.observation(seat))
        check_observation(seen)
        assert HazariObservation.from_json(seen.to_json()) == seen
        guess = resample(seen, Rng(5))
        assert guess.observation(seat) == seen
        assert not guess.chosen  # the acting seat's groups are not guessed
    own = state.observation(actor)
    assert own.groups == state.chosen and "your groups so far" in str(own)
    assert HazariObservation.from_json(own.to_json()) == own
    assert resample(own, Rng(2)).chosen == state.chosen


def test_the_acting_seat_sees_its_groups_in_its_tensor() -> None:
    _, state = mid_choice(11, 2)
    tensor = observation_tensor(state.observation(1))
    offsets = {}
    at = 0
    for name, length in SLICES:
        offsets[name] = at
        at += length
    for number, group in enumerate(state.chosen):
        base = offsets["threes"] + 52 * number
        assert {i for i in range(52) if tensor[base + i]} == {card.index for card in group}
    assert not any(tensor[offsets["threes"] + 104 : offsets["threes"] + 156])
    assert not any(tensor[offsets["four"] : offsets["four"] + 52])


def test_forged_groups_do_not_load() -> None:
    _, state = mid_choice(11, 1)
    own = state.observation(1).to_json()
    wrong_group = {**own, "groups": ["2C 3C 4C"]}
    with pytest.raises(InvalidStateError):
        HazariObservation.from_json(wrong_group)
    other = state.observation(2).to_json()
    with pytest.raises(InvalidStateError):
        HazariObservation.from_json({**other, "groups": own["groups"]})
    forged = attrs.evolve(state.observation(1), groups=state.observation(1).groups * 3)
    with pytest.raises(InvalidStateError):
        check_observation(forged)


# ------------------------------------------------------------ bots, view, pictures


def test_bots_play_the_same_arrangements_group_by_group() -> None:
    game, split = load_game("hazari(actions=groups)"), load_game("hazari")
    for name in ("greedy", "solver"):
        bot = game.bots[name]()
        state, other = game.new_state(seed=9), split.new_state(seed=9)
        rng = Rng(1)
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            state = state.apply(bot.choose(state.observation(player), state.legal_actions(), rng))
        while not other.is_terminal:
            player = other.current_player
            assert player is not None
            other = other.apply(bot.choose(other.observation(player), other.legal_actions(), rng))
        assert isinstance(state, HazariState) and isinstance(other, HazariState)
        assert state.arrangements == other.arrangements and state.returns() == other.returns()


def test_the_view_narrates_groups_without_showing_them_to_others() -> None:
    from cardrules.game import Turn
    from cardrules.hazari.view import VIEW

    start, state = mid_choice(11, 1)
    narrator = VIEW.narrator(("a", "b", "c", "d"), False)
    turn = state.history[-1]
    assert isinstance(turn, Turn)
    shown = " ".join(narrator.turn(start, turn, state, 1))
    hidden = " ".join(narrator.turn(start, turn, state, 2))
    assert isinstance(turn.action, Group)
    assert str(turn.action).split(" ", 1)[1] in shown and "chooses a group" in hidden
    assert not any(str(card) in hidden.split("group", 1)[1] for card in turn.action.cards)
    seen = state.observation(1)
    options = VIEW.options(seen, state.legal_actions(), False)
    assert options and all(action in state.legal_actions() for _, action in options)
    assert VIEW.parse(str(options[0][1]), seen) == options[0][1]
    assert "groups so far" in " ".join(VIEW.show(seen, False))


@pytest.mark.parametrize("groups", [0, 2, 12])
def test_pictures_render(groups: int) -> None:
    from cardrules import svg

    state = groups_state(5)
    rng = Rng(3)
    for _ in range(groups):
        state = state.apply(state.legal_actions().sample(rng))  # type: ignore[attr-defined]
    for value in (state, state.observation(0), state.observation(state.current_player or 0)):
        assert svg.render(value).startswith("<svg")


def test_the_benchmark_sees_more_hands_than_the_caches_hold() -> None:
    import importlib.util
    import sys
    from pathlib import Path

    from cardrules.hazari import _group_legality as group_legality

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_pettingzoo_groups.py"
    spec = importlib.util.spec_from_file_location("bench_pettingzoo_inputs", path)
    assert spec is not None and spec.loader is not None
    if importlib.util.find_spec("pettingzoo") is None:
        pytest.skip("the benchmark needs the pettingzoo extra")
    module = importlib.util.module_from_spec(spec)
    if str(path.parent) not in sys.path:  # the benchmark imports its sibling modules
        sys.path.insert(0, str(path.parent))
    spec.loader.exec_module(module)
    hands_per_repetition = module.GAMES * 4
    for cache in (group_legality.hand_groups, group_legality._group_mask):
        size = cache.cache_info().maxsize
        assert isinstance(size, int) and hands_per_repetition > size


def test_a_view_record_with_hidden_groups_reads_for_display() -> None:
    from cardrules.records.text import game_from_text

    text = (
        '[Game "hazari(actions=groups)"]\n[Dealer "0"]\n[View "2"]\n'
        '[Result "*"]\ngroup ?? ?? ??, group ?? ?? ??\n\n'
    )
    game = game_from_text(text)
    assert game.is_view and game.actions == ("group ?? ?? ??",) * 2
    with pytest.raises(InvalidStateError):
        game.state()


def test_the_pettingzoo_env_takes_the_option() -> None:
    pytest.importorskip("pettingzoo")
    from cardrules.integrations.pettingzoo import env

    environment = env("hazari", actions="groups")
    environment.reset(seed=3)
    rng = Rng(4)
    steps = 0
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        mask = observation["action_mask"]
        assert len(mask) == 286 and environment.action_space(agent).n == 286
        if terminated or truncated:
            environment.step(None)
            continue
        legal = mask.nonzero()[0].tolist()
        assert legal == environment.state.legal_action_ids()
        environment.step(legal[rng.randbelow(len(legal))])
        steps += 1
    assert steps == 12 and environment.state.is_terminal
    assert sum(environment.state.returns()) == 360
