"""Load the replay page in headless Chromium, step through games, check the DOM.

Usage: python .ci/browser_check.py OUTPUT_DIR

It writes OUTPUT_DIR/replay.html (a seeded game of every registered game, and an
Azi game played by the heuristic bots), opens it from a file:// URL, and checks
from the DOM Chromium dumps:

- for each game, that opening a position by the URL fragment (games counted from
  1), pressing the arrow keys and clicking the buttons (the page's own handlers)
  show the right step counter, caption and exactly the cards of that step;
- that the docs' example link opens the game and step the docs say;
- that the selector names each game, its players and its result, and that each card
  face is defined once in the page, its corner reading as the card's text (``T``);
- that a Hazari deal's arrangements lie in four named groups a seat, and that a
  Hazari round step shows each seat's group in front of it, named, and the
  group that takes the round framed; that the Azi trump card lies with the
  dealer's cards;
- that the picture fills the window, large or small, without scrolling sideways.

It saves screenshots: OUTPUT_DIR/replay.png (a position of the longest game),
replay-azi.png (an Azi game in the middle of a trick) and replay-hazari-round.png
(a Hazari round). A missing browser is a failure, never a skip.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from cardrules import Rng, game_names, load_game
from cardrules.replay import frames_of, replay_html, steps_of

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
TIMEOUT = 60
MIN_ACTIONS = 8
DOCS = Path(__file__).resolve().parents[1] / "docs" / "guide" / "pictures.rst"


def fail(message: str) -> None:
    sys.exit(f"browser check: FAILED: {message}")


def browser() -> str:
    found = os.environ.get("CHROMIUM") or next(filter(None, map(shutil.which, BROWSERS)), None)
    if not found:
        fail(
            "no Chromium found (tried "
            + ", ".join(BROWSERS)
            + "); install it with: apt-get install -y chromium"
        )
    assert found is not None
    return found


def chromium(binary: str, *args: str) -> str:
    with tempfile.TemporaryDirectory(prefix="cardrules-chromium-") as profile:
        result = subprocess.run(
            [binary, *FLAGS, f"--user-data-dir={profile}", *args],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    if result.returncode != 0:
        fail(f"chromium exited {result.returncode}:\n{result.stderr}")
    return result.stdout


def seeded_game(name: str, seed: int) -> Any:
    state: Any = load_game(name).new_state(seed=seed)
    rng = Rng(seed)
    while not state.is_terminal and state.current_player is not None:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


def long_game(name: str) -> Any:
    """The first seeded game of ``name`` with at least :data:`MIN_ACTIONS` actions (or the
    longest of the first 50), so that stepping is checked away from both ends."""
    games = [seeded_game(name, seed) for seed in range(1, 51)]
    return next((g for g in games if len(g.history) >= MIN_ACTIONS), max(games, key=_length))


def bots_game(spec: str, seed: int) -> Any:
    """A game the heuristic bots play (they stay in and play tricks, as people do)."""
    game = load_game(spec)
    bots = [game.bots["heuristic"]() for _ in range(game.num_players)]
    state: Any = game.new_state(seed=seed)
    rng = Rng(seed)
    while not state.is_terminal:
        seat = state.current_player
        state = state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rng))
    return state


def _length(state: Any) -> int:
    return len(state.history)


def shown(dom: str) -> tuple[str, str, str]:
    """The step counter's text, the caption and the frame's markup, from a dumped DOM."""
    counter = re.search(r'<span id="counter">([^<]*)</span>', dom)
    caption = re.search(r'<p id="caption">([^<]*)</p>', dom)
    frame = re.search(r'<div id="frame">(.*?)</div>', dom, re.DOTALL)
    if counter is None or caption is None or frame is None:
        fail("the page has no step counter, caption or frame")
    assert counter is not None and caption is not None and frame is not None
    return counter.group(1), html.unescape(caption.group(1)), frame.group(1)


def faces(picture: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', picture)


def tree(picture: str) -> ET.Element:
    """A frame as Chromium holds it, read as XML (its SVG has no namespace inline)."""
    return ET.fromstring(re.sub(r' xmlns="[^"]*"', "", picture, count=1))


def classes(element: ET.Element) -> list[str]:
    return element.attrib.get("class", "").split()


def open_at(binary: str, url: str, fragment: str) -> tuple[str, str, str]:
    return shown(chromium(binary, "--dump-dom", f"{url}#{fragment}"))


def check_step(binary: str, url: str, fragment: str, frame: Any, counter: str) -> str:
    shown_counter, caption, picture = open_at(binary, url, fragment)
    if (shown_counter, caption, faces(picture)) != (counter, frame.caption, faces(frame.picture)):
        fail(
            f"at #{fragment} the page shows {shown_counter!r} {caption!r} with cards"
            f" {faces(picture)}, expected {counter!r} {frame.caption!r} with"
            f" {faces(frame.picture)}"
        )
    return picture


def check_stepping(binary: str, url: str, states: list[Any]) -> int:
    checks = 0
    for index, state in enumerate(states):
        found = steps_of(state)
        last = len(found) - 1
        if last < 4:
            fail(f"game {index + 1} has only {last} steps")
        number = index + 1
        cases = [
            (f"game={number}&step={last // 2}", last // 2),
            (f"game={number}&step=1&keys=RRL", 2),
            (f"game={number}&step={last}&clicks=PNP", last - 1),
            (f"game={number}&step=0&keys=L&clicks=P", 0),
            (f"game={number}&step=99999", last),
        ]
        for fragment, step in cases:
            check_step(binary, url, fragment, found[step], f"step {step} of {last}")
            checks += 1
    return checks


def check_docs_link(binary: str, url: str, states: list[Any]) -> None:
    """The Pictures page's example link opens the game and step it names (from 1)."""
    text = DOCS.read_text(encoding="utf-8")
    link = re.search(
        r"``replay\.html#(game=(\d+)&step=(\d+))`` opens game (\d+) at step (\d+)", text
    )
    if link is None:
        fail(f"{DOCS.name} has no example link that says what it opens")
    assert link is not None
    fragment, game, step, said_game, said_step = link.groups()
    if (game, step) != (said_game, said_step):
        fail(f"the docs' link #{fragment} says it opens game {said_game} at step {said_step}")
    found = steps_of(states[int(game) - 1])
    check_step(binary, url, fragment, found[int(step)], f"step {step} of {len(found) - 1}")


def check_selector_and_faces(binary: str, url: str, states: list[Any]) -> None:
    """As Chromium holds the page: the selector names each game, its players and its
    result; each card face is defined once, its corner reading as the card's text (T)."""
    dom = chromium(binary, "--dump-dom", url)
    titles = [html.unescape(t) for t in re.findall(r'<option value="\d+">([^<]*)</option>', dom)]
    for number, (title, state) in enumerate(zip(titles, states, strict=True), 1):
        name = str(state.to_json()["game"]).capitalize()
        want = f"game {number}: {name}, {state.num_players} players, seat "
        if not (title.startswith(want) and " wins (" in title):
            fail(f"the selector says {title!r}, expected {want!r}... wins (...)")
    if len(titles) != len(states):
        fail(f"the selector names {len(titles)} games, not {len(states)}")
    symbols = re.findall(r'<symbol id="cr-([^"]+)"[^>]*>.*?<text[^>]*>([^<]*)</text>', dom)
    ids = [face for face, _ in symbols]
    if len(ids) != len(set(ids)) or len(ids) < 40:
        fail(f"the page defines its card faces {len(ids)} times, {len(set(ids))} of them apart")
    wrong = [(face, rank) for face, rank in symbols if rank != face[:-1]]
    if wrong:
        fail(f"card corners that do not read as the card's text: {wrong[:5]}")


def check_arrangements(binary: str, url: str, number: int, state: Any) -> None:
    """Once every seat is up: each seat's four groups drawn apart, each named."""
    step = len(frames_of(state)) - 1
    fragment = f"game={number}&step={step}"
    picture = check_step(binary, url, fragment, steps_of(state)[step], f"step {step} of {step + 4}")
    for seat in (e for e in tree(picture).iter() if "seat" in classes(e)):
        groups = [g for g in seat.iter() if "group" in classes(g)]
        names = ["".join(g.itertext()).strip() for g in groups]
        arrangement = state.arrangements[int(seat.attrib["data-seat"])]
        if names != [str(c) for c in arrangement.combinations]:
            fail(f"at #{fragment} seat {seat.attrib['data-seat']}'s groups are named {names}")


def check_hazari_round(binary: str, url: str, number: int, state: Any) -> str:
    """A round step: four groups on the felt, by seat and named, the taker framed."""
    first = len(frames_of(state))
    for played in state.rounds:
        step = first + played.number - 1
        fragment = f"game={number}&step={step}"
        picture = check_step(
            binary, url, fragment, steps_of(state)[step], f"step {step} of {first + 3}"
        )
        plays = [e for e in tree(picture).iter() if "play" in classes(e)]
        by_seat = {int(p.attrib["data-seat"]): p for p in plays}
        groups = dict(zip(played.players, played.groups, strict=True))
        if {s: faces(ET.tostring(p, encoding="unicode")) for s, p in by_seat.items()} != {
            s: [str(c) for c in g] for s, g in groups.items()
        }:
            fail(f"at #{fragment} the groups on the felt are not round {played.number}'s")
        if any(not "".join(p.itertext()).strip() for p in plays):
            fail(f"at #{fragment} a group on the felt has no name")
        taken = [s for s, p in by_seat.items() if "taken" in classes(p)]
        if taken != [played.winner]:
            fail(f"at #{fragment} the framed group is seat {taken}'s, not {played.winner}'s")
    return f"game={number}&step={first + 1}"


def check_trump(binary: str, url: str, number: int, state: Any) -> str:
    """Mid-trick in an Azi game: the trump card lies among the dealer's cards."""
    positions = frames_of(state)
    step = next((i for i, p in enumerate(positions) if len(p.trick) >= 2), None)
    if step is None:
        fail(f"game {number} never has two cards in a trick")
    assert step is not None
    fragment = f"game={number}&step={step}"
    last = len(steps_of(state)) - 1
    picture = check_step(binary, url, fragment, steps_of(state)[step], f"step {step} of {last}")
    position = positions[step]
    owners = [
        seat.attrib["data-seat"]
        for seat in tree(picture).iter()
        if "seat" in classes(seat) and any("trump" in classes(e) for e in seat.iter())
    ]
    trumps = [e for e in tree(picture).iter() if "trump" in classes(e)]
    if owners != [str(position.dealer)] or [
        faces(ET.tostring(t, encoding="unicode")) for t in trumps
    ] != [[str(position.trump_card)]]:
        fail(f"at #{fragment} the trump lies with seats {owners}, not the dealer {position.dealer}")
    return fragment


FIT = """<!DOCTYPE html><html><body style="margin:0"><style>iframe{border:0}</style>
<iframe id="wide" src="replay.html#game=1&step=2" style="width:1600px;height:1000px"></iframe>
<iframe id="narrow" src="replay.html#game=1&step=2" style="width:640px;height:560px"></iframe>
<pre id="out"></pre><script>
window.addEventListener("load", () => {
  const rows = [];
  for (const id of ["wide", "narrow"]) {
    const frame = document.getElementById(id);
    const page = frame.contentDocument;
    const picture = page.querySelector("#frame svg");
    const box = picture.getBoundingClientRect();
    const scale = picture.getScreenCTM().a;
    const view = picture.viewBox.baseVal;
    const drawn = [scale * view.width, scale * view.height];
    rows.push([id, frame.clientWidth, frame.clientHeight, box.width, box.height, ...drawn,
               page.documentElement.scrollWidth].join(" "));
  }
  document.getElementById("out").textContent = rows.join("\\n");
});
</script></body></html>
"""


def check_fit(binary: str, out: Path) -> None:
    """In a wide window the picture grows to fill it; in a narrow one it shrinks to fit."""
    (out / "fit.html").write_text(FIT, encoding="utf-8")
    dom = chromium(
        binary,
        "--allow-file-access-from-files",
        "--virtual-time-budget=10000",
        "--dump-dom",
        (out / "fit.html").as_uri(),
    )
    rows = re.search(r'<pre id="out">([^<]*)</pre>', dom)
    if rows is None or not rows.group(1).strip():
        fail("the fit page measured nothing")
    assert rows is not None
    for row in rows.group(1).strip().splitlines():
        name, *numbers = row.split()
        width, height, box_w, box_h, drawn_w, drawn_h, scroll = map(float, numbers)
        if abs(box_w - width) > 1 or scroll > width:
            fail(f"{name} window {width}x{height}: the picture is {box_w} wide, page {scroll}")
        if not (abs(drawn_w - width) <= 1 or abs(drawn_h - box_h) <= 1) or drawn_h > box_h + 1:
            fail(f"{name} window {width}x{height}: the table is drawn {drawn_w}x{drawn_h}")
        if name == "wide" and drawn_w < 1200:
            fail(f"in a 1600 px window the table is drawn only {drawn_w} px wide")


def screenshot(binary: str, shot: Path, url: str, fragment: str) -> None:
    chromium(binary, f"--screenshot={shot}", "--window-size=1200,860", f"{url}#{fragment}")
    if not shot.is_file() or not shot.read_bytes().startswith(b"\x89PNG"):
        fail(f"no screenshot at {shot}")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.exit("usage: python .ci/browser_check.py OUTPUT_DIR")
    started = time.monotonic()
    binary = browser()
    out = Path(argv[0]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    states = [long_game(name) for name in game_names()]
    states.append(bots_game("azi(players=4)", 1))
    page_text = replay_html(states)
    page = out / "replay.html"
    page.write_text(page_text, encoding="utf-8")
    url = page.as_uri()
    checks = check_stepping(binary, url, states)
    check_docs_link(binary, url, states)
    check_selector_and_faces(binary, url, states)
    hazari = next(i for i, s in enumerate(states) if s.to_json()["game"] == "hazari")
    check_arrangements(binary, url, hazari + 1, states[hazari])
    round_two = check_hazari_round(binary, url, hazari + 1, states[hazari])
    trick = check_trump(binary, url, len(states), states[-1])
    check_fit(binary, out)
    index = max(range(len(states)), key=lambda i: _length(states[i]))
    shots = {
        "replay.png": f"game={index + 1}&step={len(steps_of(states[index])) // 2}",
        "replay-azi.png": trick,
        "replay-hazari-round.png": round_two,
    }
    for name, fragment in shots.items():
        screenshot(binary, out / name, url, fragment)
    seconds = time.monotonic() - started
    print(
        f"browser check: {checks} positions of {len(states)} games, the docs' link, the"
        f" selector, Hazari rounds, the Azi trump and the fit checked in Chromium; page {page},"
        f" screenshots {', '.join(shots)} ({seconds:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
