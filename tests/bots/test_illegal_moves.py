"""A bot written from the docs that plays an illegal move is told so precisely.

Through ``cardrules simulate`` the error names the game, its number and seed, the
seat, the bot and the action, on one line with exit status 2, the same with worker
processes; the seed replays the very game. A state asked to apply an illegal move
names its game, seed and deal, and for a card, the rule it breaks (A9).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardrules import load_game
from cardrules.azi import AziState, Phase, PlayCard
from cardrules.bots import RandomBot
from cardrules.cards import Card
from cardrules.cli import main
from cardrules.errors import IllegalActionError
from cardrules.rng import Rng, derive_seed
from cardrules.runner import BOT_STREAM, play_game

CARELESS = '''
from cardrules.azi import Discard, Phase, Play, PlayCard


class Careless:
    """Stays in and plays its last card, whatever was led."""

    name = "careless"

    def choose(self, observation, legal_actions, rng):
        seen = observation.current
        if seen.phase is Phase.FOLD:
            return Play()
        if seen.phase is Phase.DISCARD:
            return Discard(seen.hand[0])
        if seen.phase is Phase.PLAY:
            return PlayCard(seen.hand[-1])
        return legal_actions[0]
'''

ERROR = re.compile(
    r"cardrules simulate: error: azi game (?P<game>\d+) \(seed (?P<seed>\d+)\): bot '[^']+'"
    r" in seat (?P<seat>\d) chose (?P<action>PlayCard\(card=Card\.parse\('(?P<card>\w\w)'\)\))"
    r" after (?P<turns>\d+) actions, which is not legal; the legal actions were"
    r" (?P<legal>PlayCard.*)\n"
)


@pytest.fixture
def careless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The module name of the careless bot, importable for this test."""
    (tmp_path / "careless_bot_module.py").write_text(CARELESS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "careless_bot_module:Careless"


def _simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["simulate", "azi", "--games", "40", "--seed", "7", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_names_the_game_seed_seat_and_action_of_an_illegal_move(
    careless: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _simulate(capsys, "--bots", f"{careless},random")
    assert (status, out) == (2, "")
    found = ERROR.fullmatch(err)
    assert found, err
    game, seed, seat = int(found["game"]), int(found["seed"]), int(found["seat"])
    assert seed == derive_seed(7, game)  # the runner's documented seed of game ``game``
    # The seed replays the very game: the same bots on the same streams stop at the
    # same seat, after the same actions, on the same card.
    from careless_bot_module import Careless  # type: ignore[import-not-found]

    # Seats rotate by default: bot ``b`` sits in seat ``(b + game) % 4``.
    bot_in_seat = [(seat - game) % 4 for seat in range(4)]
    bots = [Careless() if b == 0 else RandomBot() for b in bot_in_seat]
    rngs = [Rng(derive_seed(7, BOT_STREAM + game, b)) for b in bot_in_seat]
    with pytest.raises(IllegalActionError) as caught:
        play_game(load_game("azi").new_state(seed), bots, rngs)
    assert str(caught.value) == err.split(f"(seed {seed}): ", 1)[1].rstrip("\n")
    assert f"in seat {seat} chose {found['action']} after {found['turns']} actions" in err


def test_with_worker_processes_the_error_is_the_serial_one(
    careless: str, capsys: pytest.CaptureFixture[str]
) -> None:
    serial = _simulate(capsys, "--bots", f"{careless},random")
    pooled = _simulate(capsys, "--bots", f"{careless},random", "--jobs", "2")
    assert pooled == serial  # the first failing game, and no traceback from the pool
    assert serial[2].count("\n") == 1


def _reason(state: AziState, card: Card) -> str:
    """Why ``card`` may not be played here, by the rules page (A9), worked out afresh."""
    player = state.current_player
    assert player is not None
    hand = state.hands[player]
    if card not in hand:
        return f"they do not hold {card}"
    led = state.trick[0][1].suit
    trump = state.trump_card.suit
    if any(held.suit == led for held in hand):
        return (
            f"{led.name.lower()} were led and they hold one, so they must follow suit"
            f" (rule A9 on the Azi rules page (docs/rules/azi))"
        )
    assert any(held.suit == trump for held in hand), "with neither, any card is legal"
    return (
        f"they hold no {led.name.lower()}, so they must play a trump ({trump.name.lower()};"
        " rule A9 on the Azi rules page (docs/rules/azi))"
    )


def test_an_illegal_card_names_the_game_seed_deal_and_the_rule_it_breaks() -> None:
    rng = Rng(3)
    seen = 0
    for seed in range(12):
        state = load_game("azi", players=3).new_state(seed)
        assert isinstance(state, AziState)
        while not state.is_terminal:
            legal = state.legal_actions()
            player = state.current_player
            if state.phase is Phase.PLAY and state.trick and player is not None:
                for card in (*state.hands[player], Card.parse("2C")):  # 2C is in no Azi pack
                    if PlayCard(card) in legal:
                        continue
                    with pytest.raises(IllegalActionError) as caught:
                        state.apply(PlayCard(card))
                    deal = f"deal {state.observation(0).deal + 1}"
                    assert str(caught.value).startswith(
                        f"Azi (seed {seed}, {deal}): {PlayCard(card)!r} is not legal for player"
                        f" {player} in the play phase: {_reason(state, card)} (legal: "
                    )
                    seen += 1
            state = state.apply(legal[rng.randbelow(len(legal))])
    assert seen >= 20


def test_a_hazari_state_names_its_seed_and_deal() -> None:
    state = load_game("hazari").new_state(5)
    player = state.current_player
    other = load_game("hazari").new_state(6).legal_actions()[0]
    with pytest.raises(IllegalActionError) as caught:
        state.apply(other)
    assert str(caught.value).startswith(f"Hazari (seed 5, deal 1): player {player} is to act")
