"""Azi bots: only legal actions, only observations, the heuristic beats random, and
the search bot (SearchBot, PIMC) plays legally and reproducibly."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import load_game
from cardrules.azi import (
    JOIN,
    PASS,
    SKIP,
    AziObservation,
    AziRules,
    AziState,
    Discard,
    Phase,
    PlayCard,
    Raise,
    resample,
)
from cardrules.azi.bots import (
    DiscardSearchBot,
    HeuristicBot,
    HeuristicBot01,
    InferenceBot,
    SearchBot,
    TreeSearchBot,
    hand_strength,
)
from cardrules.bots import LegalView, RandomBot
from cardrules.bots.search import PIMCBot
from cardrules.cards import Card, Rank, parse_cards
from cardrules.game import LegalActions
from cardrules.rng import Rng, derive_seed
from cardrules.runner import play_game, simulate


class Spy:
    """Wraps a bot and checks every call gets an observation of its own seat only."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.calls = 0

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        assert isinstance(observation, AziObservation)
        assert not isinstance(observation, AziState)
        assert isinstance(legal_actions, LegalView)
        assert observation.current_player == observation.player
        self.calls += 1
        return self.bot.choose(observation, legal_actions, rng)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_heuristic_and_random_bots_play_only_legal_actions(players: int) -> None:
    spies = [Spy(HeuristicBot() if seat % 2 == 0 else RandomBot()) for seat in range(players)]
    for game in range(60):
        seed = derive_seed(players, game)
        rngs = [Rng(derive_seed(seed, 1, seat)) for seat in range(players)]
        final = play_game(load_game("azi", players=players)(seed), spies, rngs)
        assert final.is_terminal
        assert sum(final.returns()) == 0
    assert all(spy.calls > 0 for spy in spies)


def test_heuristic_bots_with_every_option() -> None:
    rules = AziRules(players=5, look_before_fold=True, raise_cap=1, max_raise=3, ante=3)
    bots = [HeuristicBot()] * 5
    for seed in range(40):
        final = play_game(
            load_game("azi", **rules.to_json())(seed), bots, [Rng(seed + i) for i in range(5)]
        )
        assert sum(final.returns()) == 0


def test_heuristic_beats_random() -> None:
    bots = [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()]
    result = simulate(load_game("azi", players=4), bots, 400, seed=2, rotate_seats=True)
    assert result.per_bot[0].low > 0
    assert all(stat.high < 0 for stat in result.per_bot[1:])


def test_hand_strength_counts_high_trumps_and_aces() -> None:
    assert hand_strength(parse_cards("AS KS QS"), 3) == pytest.approx(2.6)
    assert hand_strength(parse_cards("6H 7H 8D"), 3) == 0.0
    assert hand_strength(parse_cards("AH 6S"), 3) == pytest.approx(1.15)


def first_state(phase: Phase, seed: int = 0) -> AziState:
    state = AziState.new(AziRules(players=4), seed=seed)
    bot = HeuristicBot()
    rng = Rng(1)
    while state.phase is not phase:
        seat = state.current_player
        assert seat is not None
        state = state.apply(bot.choose(state.observation(seat), state.legal_actions(), rng))
    return state


def test_the_0_1_heuristic_discards_its_weakest_card() -> None:
    for seed in range(20):
        state = first_state(Phase.DISCARD, seed)
        seen = state.observation(state.current_player)  # type: ignore[arg-type]
        action = HeuristicBot01().choose(seen, state.legal_actions(), Rng(0))
        assert isinstance(action, Discard)
        trump = seen.trump
        assert seen.hand is not None
        keep = [c for c in seen.hand if c != action.card]
        worth = [(c.suit == trump, c.rank) for c in seen.hand]
        assert (action.card.suit == trump, action.card.rank) == min(worth)
        assert len(keep) == 3


def test_heuristic_discards_a_lone_plain_card_when_holding_a_trump() -> None:
    checked = 0
    for seed in range(60):
        state = first_state(Phase.DISCARD, seed)
        seen = state.observation(state.current_player)  # type: ignore[arg-type]
        assert seen.hand is not None
        action = HeuristicBot().choose(seen, state.legal_actions(), Rng(0))
        assert isinstance(action, Discard)
        trump = seen.trump
        suits = [card.suit for card in seen.hand]
        lone = [
            c
            for c in seen.hand
            if c.suit != trump and c.rank < Rank.ACE and suits.count(c.suit) == 1
        ]
        if trump in suits and lone:
            assert action.card in lone
            checked += 1
        else:
            old = HeuristicBot01().choose(seen, state.legal_actions(), Rng(0))
            assert action == old
    assert checked >= 5


def test_heuristic_never_raises_unless_asked() -> None:
    for seed in range(40):
        state = first_state(Phase.BIDDING, seed)
        seen = state.observation(state.current_player)  # type: ignore[arg-type]
        assert HeuristicBot().choose(seen, state.legal_actions(), Rng(0)) == PASS
        eager = HeuristicBot(raise_at=0.0).choose(seen, state.legal_actions(), Rng(0))
        assert isinstance(eager, Raise) or seen.raises > 0


def joining_states(players: int, games: int) -> list[AziState]:
    """Positions where a player chooses whether to join a re-deal (heuristic games)."""
    found = []
    bot = HeuristicBot01()
    for seed in range(games):
        state = AziState.new(AziRules(players=players), seed=seed)
        rng = Rng(seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if state.phase is Phase.JOINING and len(legal) > 1:
                found.append(state)
            state = state.apply(bot.choose(state.observation(seat), legal, rng))
    return found


def test_re_deal_joins_weigh_the_share_against_the_fee() -> None:
    states = joining_states(4, 300)
    assert len(states) >= 10
    for state in states:
        seat = state.current_player
        assert seat is not None
        seen = state.observation(seat)
        fee = seen.fee or 0
        old = HeuristicBot01().choose(seen, state.legal_actions(), Rng(0))
        assert old == (JOIN if 2 * fee <= seen.pot else SKIP)
        # Three or more players are in for free after an Azi: an equal share of the
        # pot grown by the fee is worth less than the fee of half the pot or more.
        assert sum(1 for t in seen.tricks if t > 0) >= 3
        assert HeuristicBot().choose(seen, state.legal_actions(), Rng(0)) == SKIP


def test_heuristic_leads_an_ace_trump_ace_first() -> None:
    checked = 0
    for seed in range(200):
        state = first_state(Phase.PLAY, seed)
        seat = state.current_player
        assert seat is not None
        seen = state.observation(seat)
        aces = [
            a for a in state.legal_actions() if isinstance(a, PlayCard) and a.card.rank == Rank.ACE
        ]
        if seen.trick or not aces:
            continue
        action = HeuristicBot().choose(seen, state.legal_actions(), Rng(0))
        trump_ace = PlayCard(Card(Rank.ACE, seen.trump))
        lowest = min(aces, key=lambda a: a.card.index)
        assert action == (trump_ace if trump_ace in aces else lowest)
        checked += 1
    assert checked >= 10


def test_heuristic_wins_the_trick_cheaply_when_last() -> None:
    checked = 0
    for seed in range(200):
        state = first_state(Phase.PLAY, seed)
        while not state.is_terminal and state.phase is Phase.PLAY:
            seat = state.current_player
            assert seat is not None
            seen = state.observation(seat)
            legal = state.legal_actions()
            action = HeuristicBot().choose(seen, legal, Rng(0))
            last = len(seen.trick) == len(seen.staying) - 1
            if last and len(legal) > 1:
                after = state.apply(action)
                winners = []
                for other in legal:
                    trial = state.apply(other)
                    if trial.tricks[seat] > state.tricks[seat] or trial.winner == seat:
                        winners.append(other)
                if winners:
                    assert action in winners
                    checked += 1
                state = after
            else:
                state = state.apply(action)
    assert checked > 20
    assert isinstance(action, PlayCard)


def test_search_bot_is_pimc_and_the_registry_names_every_bot() -> None:
    assert issubclass(SearchBot, PIMCBot)
    game = load_game("azi")
    assert game.definition.strong_bot == "strong"
    assert tuple(game.bots) == game.definition.bot_names
    expected = {
        "random": RandomBot,
        "heuristic": HeuristicBot,
        "heuristic-0.1": HeuristicBot01,
        "search": SearchBot,
        "inference": InferenceBot,
        "ismcts": TreeSearchBot,
        "discard-search": DiscardSearchBot,
        "strong": DiscardSearchBot,
    }
    assert {name: type(factory()) for name, factory in game.bots.items()} == expected
    assert HeuristicBot.name == "heuristic"
    assert HeuristicBot01.name == "heuristic-0.1"


def test_search_bot_plays_legally_and_deterministically() -> None:
    bots = [SearchBot(playouts=6), HeuristicBot(), Spy(SearchBot(playouts=4)), RandomBot()]
    first = simulate(load_game("azi", players=4), bots, 6, seed=12, rotate_seats=True)
    again = simulate(load_game("azi", players=4), bots, 6, seed=12, rotate_seats=True)
    assert first == again
    assert all(sum(game.returns) == 0 for game in first.games)


def test_search_bot_with_a_time_limit_still_answers_legally() -> None:
    bot = SearchBot(playouts=100_000, time_limit=0.01)
    for seed in range(3):
        final = play_game(
            load_game("azi", players=3)(seed), [bot, HeuristicBot(), RandomBot()], [Rng(seed)] * 3
        )
        assert final.is_terminal


def test_search_bot_leads_the_trump_ace_for_the_pot() -> None:
    """Leading trick 2 with one trick won and the trump Ace in hand, the Ace takes the pot
    in every world; the search must find a card that wins in all its sampled worlds."""
    checked = 0
    for seed in range(400):
        state = first_state(Phase.PLAY, seed)
        rng = Rng(seed)
        while not state.is_terminal and state.phase is Phase.PLAY:
            seat = state.current_player
            assert seat is not None
            seen = state.observation(seat)
            legal = state.legal_actions()
            ace = PlayCard(Card(Rank.ACE, seen.trump))
            if not seen.trick and seen.tricks[seat] == 1 and ace in legal and len(legal) > 1:
                action = SearchBot(playouts=48).choose(seen, legal, Rng(seed))
                worlds = [resample(seen, Rng(k)) for k in range(16)]
                if action != ace:
                    assert all(_leads_to_win(w.apply(action), seat) for w in worlds)
                checked += 1
            state = state.apply(RandomBot().choose(seen, legal, rng))
    assert checked >= 3


def _leads_to_win(state: AziState, seat: int) -> bool:
    rng = Rng(0)
    while not state.is_terminal and state.phase is Phase.PLAY and state.tricks[seat] < 2:
        player = state.current_player
        assert player is not None
        state = state.apply(
            HeuristicBot().choose(state.observation(player), state.legal_actions(), rng)
        )
    return state.winner == seat


def test_observations_never_show_another_hand() -> None:
    """In a first deal, no card still in another hand appears in an observation."""
    import json

    for seed in range(40):
        state = AziState.new(AziRules(players=4), seed=seed)
        rng = Rng(seed)
        while not state.is_terminal and state.deal_number == 0:
            for player in range(4):
                text = json.dumps(state.observation(player).to_json())
                for other in range(4):
                    if other == player:
                        continue
                    for card in state.hands[other]:
                        if card != state.trump_card:
                            assert f'"{card}"' not in text
            seat = state.current_player
            assert seat is not None
            state = state.apply(RandomBot().choose(None, state.legal_actions(), rng))


def test_azi_tournament_identical_across_executors() -> None:
    from concurrent.futures import ProcessPoolExecutor

    bots = [SearchBot(playouts=4), HeuristicBot(), RandomBot()]
    serial = simulate(load_game("azi", players=3), bots, 9, seed=21, rotate_seats=True)
    with ProcessPoolExecutor(2) as pool:
        processes = simulate(
            load_game("azi", players=3),
            bots,
            9,
            seed=21,
            rotate_seats=True,
            executor=pool,
            chunk_size=2,
        )
    assert serial == processes
    assert serial.table() == processes.table()
