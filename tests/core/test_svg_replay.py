"""The replay page and ``cardrules records html``: self-contained, bounded, exact."""

from __future__ import annotations

import argparse
import html.parser
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules import Card, Dealing, Deck, Rng, load_game, svg
from cardrules.cli import records_html
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError
from cardrules.hazari import evaluate
from cardrules.replay import ReplayLimitError, frames_of, replay_html, steps_of
from tests.core.test_svg import hidden_cards


def finished(spec: str, seed: int) -> Any:
    state: Any = load_game(spec).new_state(seed=seed)
    rng = Rng(seed)
    while not state.is_terminal and state.current_player is not None:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


class _Page(html.parser.HTMLParser):
    """The page's tags and attributes, and the JSON of its data script."""

    def __init__(self) -> None:
        super().__init__()
        self.attributes: list[tuple[str, str, str | None]] = []
        self.data = ""
        self._in_data = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attributes += [(tag, name, value) for name, value in attrs]
        self._in_data = ("id", "data") in attrs

    def handle_data(self, data: str) -> None:
        if self._in_data:
            self.data += data

    def handle_endtag(self, tag: str) -> None:
        self._in_data = False


def parsed(page: str) -> _Page:
    reader = _Page()
    reader.feed(page)
    return reader


def games_of(page: str) -> list[dict[str, Any]]:
    """The page's games, each frame's picture put back together from the shared pieces."""
    data = json.loads(parsed(page).data)
    for game in data["games"]:
        game["frames"] = ["".join(data["pieces"][i] for i in frame) for frame in game["frames"]]
    games: list[dict[str, Any]] = data["games"]
    return games


def inline(picture: str) -> str:
    """A picture as the page holds it: no namespace, no card faces of its own."""
    return re.sub(r"<defs>.*?</defs>", "", picture.replace(f' xmlns="{svg.NAMESPACE}"', ""))


GAMES = [("hazari", 1), ("azi(players=4)", 2), ("azi(players=5)", 14)]


def test_the_page_holds_every_position_of_every_game() -> None:
    states = [finished(spec, seed) for spec, seed in GAMES]
    page = replay_html(s.to_json() for s in states)
    games = games_of(page)
    assert len(games) == len(states)
    for state, game in zip(states, games, strict=True):
        positions = frames_of(state)
        assert positions[-1].to_json() == state.to_json()
        rounds = 4 if type(state).__name__ == "HazariState" else 0  # a deal's rounds, at its end
        assert len(game["frames"]) == len(positions) + rounds == len(game["captions"])
        pictures = [inline(svg.render(p)) for p in positions]
        assert game["frames"][: len(positions)] == pictures
        turns = [f"seat {t.player}: {t.action}" for t in state.history]
        assert game["captions"][1 : len(positions)] == turns
        assert game["captions"][len(positions) :] == [
            f"round {r.number} of 4, seat {r.leader} leads: seat {r.winner} takes"
            f" {r.points} points with {evaluate(r.groups[r.players.index(r.winner)])}"
            for r in getattr(state, "rounds", ())
        ]
        for frame in game["frames"]:
            ET.fromstring(frame)


def test_the_page_fetches_nothing() -> None:
    page = replay_html([finished(spec, seed) for spec, seed in GAMES])
    assert not re.search(r"https?:|//[a-z]|\burl\(|@import", page, re.IGNORECASE)
    for tag, name, value in parsed(page).attributes:
        assert name not in {"src", "action", "srcset", "poster", "data"}, (tag, name)
        assert name != "href" or (tag == "use" and value and value.startswith("#")), value
    assert "default-src 'none'" in page
    assert "<script src" not in page and "<link" not in page


def test_each_card_face_is_defined_once_in_the_page() -> None:
    """The page defines every face its pictures use exactly once; no picture defines any."""
    page = replay_html([finished(spec, seed) for spec, seed in GAMES])
    frames = [frame for game in games_of(page) for frame in game["frames"]]
    used = {ref for frame in frames for ref in re.findall(r'href="#([^"]+)"', frame)}
    assert not any("<symbol" in frame for frame in frames)
    defined = re.findall(r'<symbol id="([^"]+)"', page)
    assert sorted(defined) == sorted(used) and len(used) > 30


def test_one_game_hides_the_selector_and_several_show_it() -> None:
    one = replay_html([finished("hazari", 1)])
    assert '<select id="game" aria-label="game" hidden>' in one
    two = replay_html([finished("hazari", 1), finished("azi", 1)])
    assert '<select id="game" aria-label="game">' in two
    assert two.count("<option") == 2


def test_a_seats_replay_draws_that_seats_view() -> None:
    for state in [finished("azi(players=4)", 5), finished("hazari", 3)]:
        (game,) = games_of(replay_html([state], player=2))
        positions = frames_of(state)
        for position, frame in zip(positions, game["frames"], strict=False):
            assert frame == inline(svg.render(position, 2))
        assert game["frames"] == [inline(frame.picture) for frame in steps_of(state, 2)]


def test_the_page_is_bounded() -> None:
    record = finished("azi", 1).to_json()
    with pytest.raises(ReplayLimitError, match="more than 3 games"):
        replay_html([record] * 4, max_games=3)
    assert replay_html([record] * 3, max_games=3).count("<option") == 3
    frames = len(record["actions"]) + 1
    with pytest.raises(ReplayLimitError, match="positions"):
        replay_html([record] * 3, max_frames=2 * frames)

    def endless() -> Any:
        while True:
            yield record

    with pytest.raises(ReplayLimitError):
        replay_html(endless())
    with pytest.raises(CardRulesError, match="no games"):
        replay_html([])


@pytest.mark.parametrize(
    ("record", "message"),
    [({"game": 3}, "game name"), (17, "expected a game record"), ("{", "not valid JSON")],
)
def test_bad_records_are_package_errors(record: object, message: str) -> None:
    with pytest.raises(CardRulesError, match=message):
        replay_html([record])


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    records_html.register(parser.add_subparsers())
    args = parser.parse_args(["html", *argv])
    status: int = args.run(args)
    return status


def jsonl(path: Path, states: list[Any]) -> Path:
    path.write_text("".join(json.dumps(s.to_json()) + "\n" for s in states))
    return path


def test_the_command_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    states = [finished("hazari", 2), finished("azi", 2)]
    source = jsonl(tmp_path / "games.jsonl", states)
    out = tmp_path / "replay.html"
    assert run(str(source), "-o", str(out)) == 0
    assert out.read_text() == replay_html(states)
    assert capsys.readouterr().out == f"wrote {out}\n"
    assert run(str(source), "-o", str(out), "--game", "2") == 0
    assert out.read_text() == replay_html(states[1:], first=2)
    pretty = tmp_path / "one.json"
    pretty.write_text(json.dumps(states[0].to_json(), indent=2))
    assert run(str(pretty), "-o", str(out)) == 0
    assert out.read_text() == replay_html(states[:1])


def test_the_command_reads_no_further_than_it_needs(tmp_path: Path) -> None:
    record = json.dumps(finished("azi", 3).to_json())
    source = tmp_path / "many.jsonl"
    source.write_text((record + "\n") * 20 + "not json\n")
    with pytest.raises(UsageError, match=r"more than 5 games.*--game N"):
        run(str(source), "-o", str(tmp_path / "x.html"), "--max-games", "5")
    assert run(str(source), "-o", str(tmp_path / "x.html"), "--game", "3") == 0
    assert not (tmp_path / "y.html").exists()
    with pytest.raises(UsageError, match="line 21: not valid JSON"):
        run(str(source), "-o", str(tmp_path / "y.html"), "--max-games", "50")
    assert not (tmp_path / "y.html").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--max-games", "0"], "--max-games must be 1 to 1000"),
        (["--max-games", "1001"], "--max-games must be 1 to 1000"),
        (["--game", "0"], "--game counts from 1"),
        (["--game", "9"], "no game 9"),
    ],
)
def test_the_command_rejects_bad_options(tmp_path: Path, argv: list[str], message: str) -> None:
    source = jsonl(tmp_path / "g.jsonl", [finished("hazari", 1)])
    with pytest.raises(UsageError, match=message):
        run(str(source), "-o", str(tmp_path / "o.html"), *argv)


def test_the_command_names_the_bad_line(tmp_path: Path) -> None:
    source = tmp_path / "bad.jsonl"
    good = json.dumps(finished("hazari", 1).to_json())
    source.write_text(good + "\n\n" + good.replace('"up"', '"down"', 1) + "\n")
    with pytest.raises(UsageError, match=r"^line 3: "):
        run(str(source), "-o", str(tmp_path / "o.html"))
    with pytest.raises(UsageError, match="cannot read"):
        run(str(tmp_path / "missing.jsonl"), "-o", str(tmp_path / "o.html"))


def test_records_html_reads_the_text_record_format(tmp_path: Path) -> None:
    from cardrules.cli import main

    crec, page = tmp_path / "games.crec", tmp_path / "replay.html"
    argv = ["simulate", "azi", "--games", "2", "--bots", "random", "--quiet", "--out", str(crec)]
    assert main(argv) == 0
    assert main(["records", "html", str(crec), "-o", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    frames = html.count("<svg") + html.count("\\u003csvg")
    assert frames > 2 and "https://" not in html and "src=" not in html


def _steps(spec: str, seed: int) -> list[Any]:
    states = [load_game(spec).new_state(seed=seed)]
    rng = Rng(seed + 100)
    while not states[-1].is_terminal and states[-1].current_player is not None:
        legal = states[-1].legal_actions()
        states.append(states[-1].apply(legal[rng.randbelow(len(legal))]))
    return states


@pytest.mark.parametrize(
    ("spec", "seed"), [("hazari", 4), ("hazari", 11), ("hazari(target=1000)", 12)]
)
def test_two_worlds_alike_to_a_seat_make_the_same_page(spec: str, seed: int) -> None:
    """At every step of a game and for every seat, a world resampled from that seat's
    observation (it differs only in cards hidden from them) gives the same page, byte
    for byte: the pictures, the captions and the titles show nothing else."""
    game = load_game(spec)
    rng = Rng(7)
    differed = 0
    for state in _steps(spec, seed):
        for player in range(state.num_players):
            other = game.resample(state.observation(player), rng)
            assert replay_html([other], player=player) == replay_html([state], player=player)
            differed += replay_html([other]) != replay_html([state])
    assert differed > 5


def test_a_seats_captions_hide_other_seats_hidden_actions() -> None:
    hazari = _steps("hazari", 8)[-2]  # three arrangements made, the deal not over
    for player in range(4):
        data = json.loads(parsed(replay_html([hazari], player=player)).data)
        for turn, caption in zip(hazari.history, data["games"][0]["captions"][1:], strict=True):
            hidden = "?? ?? ?? | ?? ?? ?? | ?? ?? ?? | ?? ?? ?? ??"
            text = str(turn.action) if turn.player == player else hidden
            assert caption == f"seat {turn.player}: {text}"
    azi = _steps("azi(players=4)", 9)[-1]
    for player in range(4):
        data = json.loads(parsed(replay_html([azi], player=player)).data)
        for turn, caption in zip(azi.history, data["games"][0]["captions"][1:], strict=True):
            discard = type(turn.action).__name__ == "Discard" and turn.player != player
            shown = "discard ??" if discard else str(turn.action)
            assert caption == f"seat {turn.player}: {shown}"


def test_a_seats_view_of_another_seats_group_hides_only_its_cards() -> None:
    state = _steps("hazari(actions=groups)", 5)[3]
    for player in range(4):
        data = json.loads(parsed(replay_html([state], player=player)).data)
        for turn, caption in zip(state.history, data["games"][0]["captions"][1:], strict=True):
            own = turn.player == player
            assert caption == f"seat {turn.player}: " + (
                str(turn.action) if own else "group ?? ?? ??"
            )


def _swapped(
    spec: str, seed: int, deck: Any, dealer: int, actions: list[Any], a: Card, b: Card
) -> Any:
    """The game of ``deck`` and ``actions`` in the world where ``a`` and ``b`` trade places."""
    swap = {a: b, b: a}
    cards = [swap.get(card, card) for card in deck]
    state: Any = load_game(spec).new_state(
        dealing=Dealing(seed=seed, decks=(Deck(cards),)), dealer=dealer
    )
    for action in actions:
        card = getattr(action, "card", None)
        state = state.apply(
            action if card is None else attrs.evolve(action, card=swap.get(card, card))
        )
    return state


@pytest.mark.parametrize(
    ("spec", "seed"), [("azi(players=4)", 6), ("azi(players=3)", 10), ("azi(players=5)", 14)]
)
def test_two_azi_worlds_that_trade_hidden_cards_make_the_same_page(spec: str, seed: int) -> None:
    """At every step and for every seat: trade two cards that seat has not seen (two
    other seats' cards, or a discard) in the deck and in the actions, and the seat's
    page stays byte for byte the same, while the full page changes."""
    game = load_game(spec)
    deck = Dealing(seed=seed).deck(0, game.rules.pack)
    states = _steps(spec, seed)
    dealer = states[0].dealer
    real = [game.new_state(dealing=Dealing(seed=seed, decks=(deck,)), dealer=dealer)]
    for turn in states[-1].history:
        real.append(real[-1].apply(turn.action))
    rng = Rng(seed)
    differed = 0
    for state in real:
        full: str | None = None  # the full page, drawn once a step
        for player in range(state.num_players):
            hidden = sorted(hidden_cards(state, player))
            if len(hidden) < 2:
                continue
            a, b = (Card.parse(hidden[rng.randbelow(len(hidden))]) for _ in range(2))
            try:
                other = _swapped(spec, seed, deck, dealer, [t.action for t in state.history], a, b)
            except CardRulesError:
                continue  # the trade made a recorded play illegal: not a world alike to the seat
            assert replay_html([other], player=player) == replay_html([state], player=player)
            if full is None:  # the trade shows on the full page (once a step is enough)
                full = replay_html([state])
                differed += replay_html([other]) != full
    assert differed > 5


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("latin.jsonl", b'{"game": "azi", "note": "\xe9"}\n', "'latin.jsonl' is not UTF-8 text"),
        ("latin.crec", b'[Game "azi"]\n[Seat0 "\xe9"]\n', "'latin.crec' is not UTF-8 text"),
        (
            "deep.jsonl",
            b"[" * 100_000 + b"]" * 100_000 + b"\n",
            "line 1: not valid JSON: lists or objects nest too deeply",
        ),
        (
            "late.jsonl",
            b"%RECORD%\n" + b"[" * 100_000 + b"\n",
            "line 2: not valid JSON: lists or objects nest too deeply",
        ),
        ("deep2.jsonl", b"\n\n" + b"{" * 50_000 + b"\n", "not valid JSON: "),
    ],
)
def test_the_command_names_unreadable_files_cleanly(
    tmp_path: Path, name: str, content: bytes, message: str
) -> None:
    """As a user runs it: exit status 2 and one error line, never a traceback."""
    record = json.dumps(finished("azi", 1).to_json()).encode()
    (tmp_path / name).write_bytes(content.replace(b"%RECORD%", record))
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "records", "html", name, "-o", "out.html"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr and "generator object" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert not (tmp_path / "out.html").exists()


@pytest.mark.parametrize("spec", ["hazari", "hazari(target=1000)"])
def test_the_command_gives_every_seat_the_same_page_in_two_worlds_alike_to_it(
    spec: str, tmp_path: Path
) -> None:
    """``cardrules records html --player N``, as a user runs it: for each seat, a file
    of games resampled from that seat's observation (they differ from the real ones
    only in cards hidden from it) gives the same page, byte for byte, while the full
    pages differ. (The command draws its pages with :func:`replay_html`, whose Azi
    worlds are made above by trading hidden cards: a resampled Azi game may differ in
    an earlier deal that the seat saw.)"""
    from cardrules.cli import main

    game, rng = load_game(spec), Rng(5)
    games = [_steps(spec, seed)[-2] for seed in (21, 22)]  # before the last action

    def write(name: str, states: list[Any]) -> Path:
        path = tmp_path / name
        path.write_text("".join(json.dumps(state.to_json()) + "\n" for state in states))
        return path

    def page(source: Path, *options: str) -> bytes:
        out = tmp_path / "page.html"
        assert main(["records", "html", str(source), "-o", str(out), *options]) == 0
        return out.read_bytes()

    real = write("real.jsonl", games)
    for player in range(game.num_players):
        other = write("other.jsonl", [game.resample(s.observation(player), rng) for s in games])
        assert page(other, "--player", str(player)) == page(real, "--player", str(player))
        assert page(other) != page(real)
