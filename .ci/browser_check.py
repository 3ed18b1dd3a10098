"""Load the replay page in headless Chromium, step through games, check the DOM.

Usage: python .ci/browser_check.py OUTPUT_DIR

It writes OUTPUT_DIR/replay.html (a seeded game of every registered game), opens it
from a file:// URL, and for each game checks, from the DOM Chromium dumps, that
opening a position by the URL fragment, pressing the arrow keys and clicking the
buttons (the page's own handlers) show the right frame counter and exactly the
cards of that position. It saves OUTPUT_DIR/replay.png, a screenshot of one
position. A missing browser is a failure, never a skip.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cardrules import Rng, game_names, load_game, svg
from cardrules.replay import frames_of, replay_html

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


def browser() -> str:
    found = os.environ.get("CHROMIUM") or next(filter(None, map(shutil.which, BROWSERS)), None)
    if not found:
        sys.exit(
            "browser check: FAILED: no Chromium found (tried "
            + ", ".join(BROWSERS)
            + "); install it with: apt-get install -y chromium"
        )
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
        sys.exit(f"browser check: FAILED: chromium exited {result.returncode}:\n{result.stderr}")
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


def _length(state: Any) -> int:
    return len(state.history)


def shown(dom: str) -> tuple[str, list[str]]:
    """The frame counter's text and the face-up cards of the frame, from a dumped DOM."""
    counter = re.search(r'<span id="counter">([^<]*)</span>', dom)
    frame = re.search(r'<div id="frame">(.*?)</div>', dom, re.DOTALL)
    if counter is None or frame is None:
        sys.exit("browser check: FAILED: the page has no frame counter or no frame")
    return counter.group(1), re.findall(r'data-card="([^"]+)"', frame.group(1))


def faces(picture: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', picture)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.exit("usage: python .ci/browser_check.py OUTPUT_DIR")
    started = time.monotonic()
    binary = browser()
    out = Path(argv[0]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    states = [long_game(name) for name in game_names()]
    page = out / "replay.html"
    page.write_text(replay_html(states), encoding="utf-8")
    url = page.as_uri()
    checks = 0
    for index, state in enumerate(states):
        positions = frames_of(state)
        last = len(positions) - 1
        if last < 4:
            sys.exit(f"browser check: FAILED: game {index} has only {last} actions")
        cases = [
            (f"game={index}&step={last // 2}", last // 2),
            (f"game={index}&step=1&keys=RRL", 2),
            (f"game={index}&step={last}&clicks=PNP", last - 1),
            (f"game={index}&step=0&keys=L&clicks=P", 0),
            (f"game={index}&step=99999", last),
        ]
        for fragment, step in cases:
            counter, cards = shown(chromium(binary, "--dump-dom", f"{url}#{fragment}"))
            want = faces(svg.render(positions[step]))
            if counter != f"step {step} of {last}" or cards != want:
                sys.exit(
                    f"browser check: FAILED at #{fragment}: the page shows {counter!r} with"
                    f" cards {cards}, expected 'step {step} of {last}' with {want}"
                )
            checks += 1
    shot = out / "replay.png"
    index = max(range(len(states)), key=lambda i: _length(states[i]))
    step = len(frames_of(states[index])) // 2
    chromium(
        binary, f"--screenshot={shot}", "--window-size=1200,800", f"{url}#game={index}&step={step}"
    )
    if not shot.is_file() or not shot.read_bytes().startswith(b"\x89PNG"):
        sys.exit(f"browser check: FAILED: no screenshot at {shot}")
    seconds = time.monotonic() - started
    print(
        f"browser check: {checks} positions of {len(states)} games checked in Chromium;"
        f" page {page}, screenshot {shot} ({seconds:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
