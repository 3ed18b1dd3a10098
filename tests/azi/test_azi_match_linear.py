"""Starting each game of an Azi match costs the same however many games came before.

Release 0.2.0 before this fix summed the deals of every finished game at the start of
each game, so replaying (loading) a match of ``G`` games read ``deal_number`` about
``G**2 / 2`` times. Counting those reads checks the work without timing anything.
"""

from __future__ import annotations

import json

import pytest

from cardrules import Rng, load_game
from cardrules.azi import AziMatch, AziState

GAMES = 120


def _played_match() -> AziMatch:
    match = load_game("azi", players=3, match_games=GAMES).new_match(seed=2)
    rng = Rng(4)
    while not match.is_terminal:
        legal = match.legal_actions()
        match = match.apply(legal[rng.randbelow(len(legal))])
    if not isinstance(match, AziMatch) or len(match.games) != GAMES:
        pytest.fail(f"expected a finished match of {GAMES} games, got {match!r}")
    return match


def test_loading_a_match_reads_each_games_deal_count_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = json.dumps(_played_match().to_json())
    reads = 0
    original: property = vars(AziState)["deal_number"]

    def counted(self: AziState) -> int:
        nonlocal reads
        reads += 1
        value: int = original.__get__(self)
        return value

    monkeypatch.setattr(AziState, "deal_number", property(counted))
    loaded = AziMatch.from_json(text)
    assert len(loaded.games) == GAMES
    assert reads <= 20 * GAMES, f"{reads} reads of deal_number for {GAMES} games"
