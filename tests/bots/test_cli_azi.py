"""``cardrules play azi`` and ``simulate azi`` end to end."""

from __future__ import annotations

import io
import re

import pytest

from cardrules.cli import main


def test_play_azi_between_bots_narrates_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "azi", "--seed", "3", "--bots", "heuristic,random,random,random"]) == 0
    out = capsys.readouterr().out
    assert "Everyone antes 10; the pot is 40." in out
    assert "the trump card is" in out
    assert "holds" in out
    assert "wins the pot of" in out
    assert out.strip().splitlines()[-1].startswith("Net chips: seat 0 (heuristic)")


def test_play_azi_as_a_human(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = ["0", "bogus", "raise x", "ZZ"] + ["1"] * 200
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    argv = ["play", "azi", "--seed", "5", "--players", "3", "--human", "0", "--bots", "heuristic"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "You are seat 0." in out
    assert "Not accepted: 0 is not one of the choices" in out
    assert "Not accepted: cannot read 'bogus' as an action; type a number from the list" in out
    assert "Not accepted: a raise needs a whole number, got 'x'" in out
    assert "Not accepted:" in out.split("ZZ")[0] or out.count("Not accepted:") >= 4
    assert "wins the pot of" in out or "Game abandoned." in out
    assert "  1. " in out


def test_play_azi_as_a_human_blind_fold_shows_no_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "azi", "--seed", "1", "--human", "1"]) == 1  # end of input
    out = capsys.readouterr().out
    assert "Your hand: not seen yet (you decide blind)." in out
    assert " holds " not in out
    assert "Game abandoned." in out


def test_simulate_azi_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "azi", "--games", "30", "--bots", "heuristic,random,random,random"]
    assert main([*argv, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("azi, 4 players, seed 0, seats rotated\n30 games")
    assert "0:heuristic" in out


def test_an_azi_from_a_pair_is_told_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 33, random bots: seat 3 invites seat 0, who accepts and takes two tricks (A14).
    assert main(["play", "azi", "--seed", "33", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "seat 3 (random) invites seat 0 to play for Azi: if either of them" in out
    assert "seat 0 (random) accepts the invitation." in out
    assert re.search(r"seat 0 \(random\) takes trick 2 with \w\w, the highest .*; 2 so far\.", out)
    assert (
        "Azi! seat 0 (random) took two tricks but plays for Azi with seat 3 (random), so does"
        " not win the pot (rule A14): the pot of 40 stays, and seat 0 (random) is in the re-deal as"
        " a one-trick player. Seat 0 took a trick and takes part free; joining costs 20 for"
        " a player who stayed but took no trick, 40 for one who sat out (rule A12)."
    ) in out
    assert "Nobody took two tricks" not in out


def test_an_azi_where_every_trick_went_to_someone_else(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seed 8, random bots: an ordinary Azi first (A12), a pair's Azi later (A14).
    assert main(["play", "azi", "--seed", "8", "--bots", "random"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Azi!")]
    assert lines[0].startswith("Azi! Nobody took two tricks; the pot of 92 stays.")
    assert lines[1].startswith("Azi! seat 3 (random) took two tricks but plays for Azi with")


def test_staying_in_is_not_called_playing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "azi", "--seed", "33", "--bots", "random"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "seat 1 (random) stays in." in lines
    assert not [line for line in lines if line.endswith(" plays.")]


def _play_as_seat_0(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 200))
    assert main(["play", "azi", "--seed", "3", "--human", "0", "--bots", "heuristic"]) == 0
    return capsys.readouterr().out


def test_a_human_is_shown_their_own_discard_and_the_others_stay_face_down(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play_as_seat_0(monkeypatch, capsys)
    chosen = re.search(r"  1\. discard (\w\w)\n", out)
    assert chosen, out
    assert f"seat 0 (you) discards {chosen[1]} face down: only you know it (rule A6)." in out
    others = re.findall(r"seat (\d) \(heuristic\) discards (.*)\n", out)
    assert others and all(text == "a card face down." for _, text in others)
    assert out.startswith(
        "Azi, 4 players. Rules named like rule A8 are on the Azi rules page (docs/rules/azi)."
    )


def test_the_auction_line_says_who_leads_and_that_seat_leads(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play_as_seat_0(monkeypatch, capsys)
    auction = re.search(
        r"seat (\d) \(\w+\) wins the auction at \d+( \(nobody raised\))?: seat (\d) \(\w+\),"
        r" the staying player on its right, leads the first trick \(rule A8\)\.\n",
        out,
    )
    assert auction, out
    winner, leader = int(auction[1]), int(auction[3])
    # A8: the nearest staying seat before the winner, seats numbered clockwise.
    stayed = {int(seat) for seat in re.findall(r"seat (\d) \(\w+\) stays in\.", out)}
    before = [(winner - step) % 4 for step in range(1, 4)]
    assert leader == next(seat for seat in before if seat in stayed)
    after = out[auction.end() :]
    first_card = re.search(r"seat (\d) \(\w+\) (leads|plays) \w\w\.", after)
    assert first_card and (int(first_card[1]), first_card[2]) == (leader, "leads")


def test_every_decision_says_what_it_means_with_its_rule(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play_as_seat_0(monkeypatch, capsys)
    for start in (
        "Stay in or fold (rule A5): a fold loses your ante; you choose blind",
        "Discard one card face down (rule A6): only you will know which",
        "Raise or pass (rule A7): a raise names a higher stake and you pay it into the pot",
        "Declare, or not (rule A13, rule A14):",
    ):
        assert f"\n{start}" in out, start
    invites = re.findall(r"  \d+\. invite seat (\d) to play for Azi with you\n", out)
    assert sorted(invites) == ["1", "2", "3"]
    assert "declare invite" not in out
    assert "seat 0 (you) makes no declaration." in out
    for line in out.splitlines():
        if " takes trick " in line:
            assert re.fullmatch(
                r"seat \d \(\w+\) takes trick \d with \w\w, the highest (trump|of the suit led)"
                r" \(rule A10\); \d so far\.",
                line,
            ), line
