"""The replay page: one self-contained HTML file that steps through recorded games.

:func:`replay_html` replays each record from its opening position and draws every
position with :func:`cardrules.svg.render`. The page holds those pictures and a
few lines of script: buttons and the arrow keys step forwards and backwards, and a
selector picks the game when there are several. It fetches nothing (its content
security policy forbids every fetch), so it opens from a file anywhere.

The page reads its URL fragment, so a link can open a position:
``replay.html#game=2&step=5`` opens game 2 at step 5 (games count from 1, as the
selector, ``--game`` and ``records show --game`` count them, and a page of one
game from ``--game N`` numbers it N; step 0 is the opening position);
``keys=RRL`` then presses the arrow keys (R right, L left) and ``clicks=NNP`` the
Forward and Back buttons, as a person would.

Each move is a step, and a game may show more for a move: a Hazari deal's last
arrangement is followed by its four rounds (:func:`cardrules.svg.steps`). Every card
face is defined once in the page and each picture uses it, and a piece of a picture
that several pictures share is stored once, so a page of a thousand games stays
small.

>>> from cardrules import load_game
>>> state = load_game("hazari").new_state(seed=1)
>>> page = replay_html([state.apply(state.legal_actions()[0])])
>>> page.startswith("<!DOCTYPE html>") and "step 0 of 1" in page
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from html import escape
from typing import Any

from cardrules import svg
from cardrules.cards import _show
from cardrules.errors import CardRulesError
from cardrules.record import GameRecord
from cardrules.registry import load_game
from cardrules.svg.faces import escape as xml_escape

__all__ = [
    "DEFAULT_MAX_GAMES",
    "MAX_FRAMES",
    "ReplayLimitError",
    "frames_of",
    "load_state",
    "replay_html",
    "steps_of",
]

DEFAULT_MAX_GAMES = 100
"""How many games a page holds unless told otherwise."""
MAX_FRAMES = 50_000
"""The most positions one page holds, over all its games (each adds a few hundred bytes)."""


class ReplayLimitError(CardRulesError):
    """More games or positions than a replay page may hold."""


def load_state(record: object) -> Any:
    """A game state from a record (a parsed JSON record, its text, or a state itself)."""
    if isinstance(record, (str, bytes)):
        try:
            record = json.loads(record)
        except ValueError as exc:
            raise CardRulesError(f"a record is not valid JSON: {exc}") from None
    if isinstance(record, dict):
        game = record.get("game")
        if not isinstance(game, str):
            raise CardRulesError(f"a record needs a game name, got {_show(game)}")
        return load_game(game.partition("-")[0]).definition.state_from_json(record)
    if hasattr(record, "history") and hasattr(record, "apply"):
        return record
    raise CardRulesError(f"expected a game record or a game state, got {_show(record)}")


@svg.checked
def frames_of(state: Any) -> list[Any]:
    """Every position of ``state``'s game, from the opening to ``state`` itself."""
    positions = [_opening(state)]
    for turn in state.history:
        positions.append(positions[-1].apply(turn.action))
    return positions


def _opening(state: Any) -> Any:
    """The opening position of ``state``'s game: as its pictures know it, or else from
    the game protocol alone, as its record starts it (its rules, first dealer and
    dealing through the registry)."""
    try:
        return svg.start_of(state)
    except svg.DrawingError:
        pass
    data = state.to_json()
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise CardRulesError(
            f"a {type(state).__name__} has no record to replay: its to_json() must write"
            " a record in the shared format of cardrules.records"
        )
    record = GameRecord.from_json(data, data["game"])
    family, _, kind = record.game.partition("-")
    game = load_game(family, **{k: v for k, v in record.rules.items() if k != "dealer"})
    new = game.new_match if kind else game.new_state
    return new(dealer=record.rules.get("dealer"), dealing=record.dealing)


def _picture(position: Any, player: int | None) -> str:
    """The picture of ``position`` as ``player`` sees it: the game's own, or else the
    text of the position (or of the seat's observation) as a picture."""
    if svg.drawable(position):
        return svg.render(position, player)
    seen = position if player is None else position.observation(player)
    lines = [piece for line in str(seen).splitlines() for piece in _wrapped(line)][:_ROWS]
    rows = "".join(
        f'<text x="12" y="{24 + 18 * n}" font-family="monospace" font-size="14"'
        f' text-anchor="start" fill="#f1f8e9" xml:space="preserve">{xml_escape(line)}</text>'
        for n, line in enumerate(lines)
    )
    width = max(_WIDTH, 24 + 8.5 * max(map(len, lines), default=0))
    height = max(_HEIGHT, 24 + 18 * len(lines))
    return svg.document(width, height, rows, type(position).__name__)


_ROWS = 60
_COLUMNS = 110
_WIDTH, _HEIGHT = 640, 360  # room enough that a short text is not blown up to fill a page


def _wrapped(line: str) -> list[str]:
    return [line[start : start + _COLUMNS] for start in range(0, len(line), _COLUMNS)] or [""]


def steps_of(state: Any, player: int | None = None) -> list[svg.Frame]:
    """Every step the replay page shows of ``state``'s game, as ``player`` (or the
    table) sees it: the opening position, then each move's frames, captioned.

    >>> from cardrules import load_game
    >>> state = load_game("azi").new_state(seed=1)
    >>> state = state.apply(state.legal_actions()[0])
    >>> [frame.caption for frame in steps_of(state)]
    ['the opening position', 'seat 2: play']
    """
    positions = frames_of(state)
    found = [svg.Frame("the opening position", _picture(positions[0], player))]
    for turn, text, position in zip(
        state.history, _actions(positions, player), positions[1:], strict=True
    ):
        caption = f"seat {turn.player}: {text}"
        if svg.drawable(position):
            found.extend(svg.steps(position, caption, player))
        else:
            found.append(svg.Frame(caption, _picture(position, player)))
    return found


def _title(number: int, state: Any) -> str:
    """What a person looks for in the game selector: the game, its players, its result."""
    family, _, kind = str(state.to_json()["game"]).partition("-")
    name = " ".join([family.capitalize(), *([kind] if kind else [])])
    if not state.is_terminal:
        result = f"unfinished after {len(state.history)} moves"
    else:
        returns = state.returns()
        best = max(returns)
        seats = [seat for seat, value in enumerate(returns) if value == best]
        gain = f"+{best}" if best >= 0 else str(best)
        if len(seats) == 1:
            result = f"seat {seats[0]} wins ({gain})"
        else:
            result = f"seats {', '.join(map(str, seats))} tie ({gain})"
    return f"game {number}: {name}, {state.num_players} players, {result}"


_PIECE = re.compile(r"(?=<[a-zA-Z])")


def _game(number: int, state: Any, player: int | None, pieces: dict[str, int]) -> dict[str, Any]:
    """One game of the page: each frame as the numbers of its pieces in ``pieces`` (an
    element and its text), which holds each piece once for the whole page."""
    found = steps_of(state, player)
    return {
        "title": _title(number, state),
        "frames": [
            [
                pieces.setdefault(piece, len(pieces))
                for piece in _PIECE.split(svg.inline(frame.picture))
                if piece
            ]
            for frame in found
        ],
        "captions": [frame.caption for frame in found],
    }


def _actions(positions: list[Any], player: int | None) -> list[str]:
    """Each action's text as ``player`` knows it once it is taken, as a view record
    writes it (every card hidden from them is ``??``); all of it when ``player`` is None."""
    actions = [turn.action for turn in positions[-1].history]
    if player is None:
        return [str(action) for action in actions]
    family = str(positions[-1].to_json()["game"]).partition("-")[0]
    definition = load_game(family).definition
    return [
        definition.seen_action(before, action, player, after)
        for before, action, after in zip(positions[:-1], actions, positions[1:], strict=True)
    ]


@svg.checked
def replay_html(
    records: Iterable[object],
    *,
    player: int | None = None,
    max_games: int = DEFAULT_MAX_GAMES,
    max_frames: int = MAX_FRAMES,
    first: int = 1,
) -> str:
    """The replay page of ``records`` (JSON records, their texts, or states), as HTML text.

    ``player`` shows every position as that seat saw it. More than ``max_games``
    games, or more than ``max_frames`` positions in all, raise CardRulesError
    before the page is built, so a huge file never makes a huge page. The games are
    numbered from ``first`` (the number of the first in its file), in the selector
    and in links.
    """
    for name, limit in (("max_games", max_games), ("max_frames", max_frames), ("first", first)):
        if type(limit) is not int or limit < 1:
            raise CardRulesError(f"{name} must be a positive int, got {_show(limit)}")
    games: list[dict[str, Any]] = []
    pieces: dict[str, int] = {}
    frames = 0
    for index, record in enumerate(records):
        if index >= max_games:
            raise ReplayLimitError(
                f"more than {max_games} games to replay; pick fewer games or allow more"
            )
        state = load_state(record)
        frames += len(state.history) + 1
        if frames > max_frames:
            raise ReplayLimitError(
                f"the games hold more than {max_frames} positions; replay fewer games"
            )
        games.append(_game(first + index, state, player, pieces))
    if not games:
        raise CardRulesError("no games to replay")
    return _page(games, list(pieces), first)


def _page(games: list[dict[str, Any]], pieces: list[str], first: int) -> str:
    content = {"first": first, "pieces": pieces, "games": games}
    data = json.dumps(content, ensure_ascii=True, separators=(",", ":"))
    data = re.sub("<(?=[/!])", r"\\u003c", data)  # no "</script" or "<!--" inside
    options = "".join(
        f'<option value="{first + i}">{escape(game["title"])}</option>'
        for i, game in enumerate(games)
    )
    shown = games[0]
    chooser = (
        f'<select id="game" aria-label="game">{options}</select>'
        if len(games) > 1
        else f'<select id="game" aria-label="game" hidden>{options}</select>'
        f'<span id="title">{escape(shown["title"])}</span>'
    )
    return (
        _HEAD
        + f"<body><header>{chooser}"
        + '<button id="first" title="first position (Home)">First</button>'
        + '<button id="prev" title="back (left arrow)">&#x25C0; Back</button>'
        + f'<span id="counter">step 0 of {len(shown["frames"]) - 1}</span>'
        + '<button id="next" title="forward (right arrow)">Forward &#x25B6;</button>'
        + '<button id="last" title="last position (End)">Last</button></header>'
        + f'<p id="caption">{escape(shown["captions"][0])}</p>'
        + svg.sprite(pieces)
        + f'<div id="frame">{"".join(pieces[i] for i in shown["frames"][0])}</div>'
        + f'<script type="application/json" id="data">{data}</script>'
        + f"<script>{_SCRIPT}</script></body></html>\n"
    )


_HEAD = (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\';'
    " style-src 'unsafe-inline'; script-src 'unsafe-inline'\">"
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    "<title>cardrules replay</title><style>"
    "html,body{height:100%}"
    "body{margin:0;display:flex;flex-direction:column;background:#14361f;color:#f1f8e9;"
    "font-family:DejaVu Sans,Arial,sans-serif}"
    "header{display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:8px 12px;"
    "background:#0a1d11}"
    "button,select{font-size:15px;padding:4px 10px}"
    "#counter{min-width:9em;text-align:center;font-weight:bold}"
    "#caption{margin:6px 12px;font-size:15px}"
    "#frame{flex:1;min-height:0}#frame svg{display:block;width:100%;height:100%}"
    "#cards{position:absolute}"
    "</style></head>"
)

_SCRIPT = """
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const frame = document.getElementById("frame");
const counter = document.getElementById("counter");
const caption = document.getElementById("caption");
const choice = document.getElementById("game");
let game = 0, step = 0;
function picture(g, s) {
  return data.games[g].frames[s].map((piece) => data.pieces[piece]).join("");
}
function show(g, s) {
  game = Math.max(0, Math.min(data.games.length - 1, g | 0));
  const frames = data.games[game].frames;
  step = Math.max(0, Math.min(frames.length - 1, s | 0));
  frame.innerHTML = picture(game, step);
  counter.textContent = "step " + step + " of " + (frames.length - 1);
  caption.textContent = data.games[game].captions[step];
  choice.value = String(data.first + game);
}
function go(delta) { show(game, step + delta); }
document.getElementById("prev").addEventListener("click", () => go(-1));
document.getElementById("next").addEventListener("click", () => go(1));
document.getElementById("first").addEventListener("click", () => show(game, 0));
document.getElementById("last").addEventListener("click", () => show(game, 1e9));
choice.addEventListener("change", () => show(Number(choice.value) - data.first, 0));
document.addEventListener("keydown", (event) => {
  const moves = {ArrowLeft: -1, ArrowRight: 1};
  if (event.key in moves) { go(moves[event.key]); event.preventDefault(); }
  else if (event.key === "Home") show(game, 0);
  else if (event.key === "End") show(game, 1e9);
});
function fromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const number = Number(params.get("game") || data.first);
  show(number - data.first, Number(params.get("step") || 0));
  for (const key of params.get("keys") || "") {
    const name = {R: "ArrowRight", L: "ArrowLeft"}[key];
    if (name) document.dispatchEvent(new KeyboardEvent("keydown", {key: name}));
  }
  for (const click of params.get("clicks") || "") {
    const id = {N: "next", P: "prev"}[click];
    if (id) document.getElementById(id).click();
  }
}
window.addEventListener("hashchange", fromFragment);
fromFragment();
"""
