"""Write the measured tables of the bots guide from the figures in ``benchmarks/results``.

Each strength script run with ``--out benchmarks/results/NAME.json`` (``--json``
for the ladder) leaves one figure there (``figures.py``); this script turns them
into reStructuredText tables, with each figure's pairs, seeds and command, and
writes them to ``docs/guide/bots_measured.inc``, which the guide includes.

    python benchmarks/bots_page.py
    python benchmarks/bots_page.py --check     # exit 1 if the page is not up to date

``--merge OUT IN ...`` joins figures of the same measurement run in pieces on
consecutive seeds (``--offset``) into one figure, whose command is the first
piece's with ``--pairs``/``--deals`` replaced by the total.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from figures import summary, t_quantile

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PAGE = ROOT / "docs" / "guide" / "bots_measured.inc"

Figure = dict[str, Any]


def signed(value: float) -> str:
    """``+1.23`` or ``−1.23`` (a true minus sign).

    >>> signed(0.5), signed(-2.0)
    ('+0.50', '−2.00')
    """
    return f"{value:+.2f}".replace("-", "−")


def interval(figure: Figure) -> str:
    return f"[{signed(figure['low'])}, {signed(figure['high'])}]"


def seeds(figure: Figure) -> str:
    """Which seeds a figure played, as the page shows them."""
    first = figure["first_seed"]
    base = 2**40 if figure["seeds"] == "report" else 0
    name = f"{figure['seeds']} seeds"
    if figure.get("seeding") == "master":
        masters = [first + 0] if "commands" not in figure else []
        for command in figure.get("commands", []):
            words = command.split()
            offset = int(words[words.index("--offset") + 1]) if "--offset" in words else 0
            masters.append(base + offset)
        shown = ", ".join(f"2**40+{m - base}" if base else str(m) for m in masters)
        return f"{name}: games derived from master seed(s) {shown}"
    last = first + figure["count"] - 1
    shown = f"2**40+{first - base} .. 2**40+{last - base}" if base else f"{first} .. {last}"
    return f"{name} {shown}"


def verdict(figure: Figure) -> str:
    return "yes" if figure["low"] > 0 or figure["high"] < 0 else "no"


TABLES: dict[str, tuple[str, list[str], Callable[[Figure], list[str]]]] = {
    "azi-edge": (
        "Paired edges in Azi (chips per game, the candidate's seat minus the baseline's)",
        ["Candidate over baseline", "Field", "Players", "Pairs", "Edge", "95% CI", "Significant"],
        lambda f: [
            f["row"] + (f" (in {f['phases']} only)" if f.get("phases") else ""),
            f["field"],
            str(f["players"]),
            f"{f['count']:,}",
            signed(f["mean"]),
            interval(f),
            verdict(f),
        ],
    ),
    "azi-openspiel": (
        "Against OpenSpiel's ISMCTSBot (chips per seat and game, cardrules minus OpenSpiel)",
        ["Bots", "Simulations", "Paired deals", "Difference", "95% CI", "Significant"],
        lambda f: [
            f["row"],
            str(f["simulations"]),
            f"{f['count']:,}",
            signed(f["mean"]),
            interval(f),
            verdict(f),
        ],
    ),
    "hazari": (
        "Hazari (points per deal of 360; fair share 90)",
        ["Bot, field", "Deals", "Mean", "95% CI", "Paired over the solver", "95% CI"],
        lambda f: [
            f["row"],
            f"{f['count']:,}",
            f"{f['mean']:.2f}",
            f"[{f['low']:.2f}, {f['high']:.2f}]",
            signed(f["paired"]["mean"]) if f.get("paired") else "",
            interval(f["paired"]) if f.get("paired") else "",
        ],
    ),
}


NOUNS = {"azi-edge": "pairs", "azi-openspiel": "paired deals", "hazari": "deals"}


def load(results: Path) -> list[Figure]:
    figures = []
    for path in sorted(results.glob("*.json")):
        with path.open(encoding="utf-8") as source:
            figure = json.load(source)
        figure["file"] = path.name
        figures.append(figure)
    return figures


def list_table(title: str, header: list[str], rows: list[list[str]]) -> list[str]:
    lines = [f".. list-table:: {title}", "   :header-rows: 1", ""]
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}".rstrip())
        lines += [f"     - {cell}".rstrip() for cell in row[1:]]
    return lines


def render(figures: list[Figure]) -> str:
    lines = [
        ".. This file is written by benchmarks/bots_page.py from benchmarks/results/*.json;",
        "   do not edit it by hand.",
        "",
    ]
    for key, (title, header, cells) in TABLES.items():
        chosen = [f for f in figures if f.get("table") == key]
        if not chosen:
            continue
        lines += list_table(title, header, [cells(f) for f in chosen])
        lines += ["", "Commands and seeds, row by row::", ""]
        for f in chosen:
            lines += [f"    {command}" for command in f.get("commands", [f["command"]])]
            lines.append(f"        # {f['count']:,} {NOUNS[key]}, {seeds(f)}")
        lines.append("")
    for f in figures:
        if f.get("table") == "bot-speed":
            rows = [
                [
                    r["game"] + ("" if r["game"] != "azi" else f", {f['players']} players"),
                    r["bot"],
                    f"{r['timed']:,}",
                    f"{r['per_second']:,.0f}",
                    f"{r['mean']:.3g} [{r['low']:.3g}, {r['high']:.3g}]",
                    f"{r['p95']:.3g}",
                    f"{r['playouts_per_second']:,.0f}" if r["playouts_per_second"] else "",
                ]
                for r in f["rows"]
            ]
            header = ["Game", "Bot", "Decisions timed", "Decisions/s", "Mean ms, 95% CI"]
            header += ["p95 ms", "Playouts/s"]
            lines += list_table(f"Decision time ({f['command']})", header, rows)
            lines.append("")
    for f in figures:
        if f.get("table") == "ladder":
            lines += [f"Ladder ({f['command']})::", ""]
            lines += [f"    {line}".rstrip() for line in f["text"].splitlines()]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def pooled(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The summary of samples given only by their summaries (count, mean, sd): exact.

    >>> whole = summary([1.0, 2.0, 3.0, 5.0, 8.0])
    >>> joined = pooled([summary([1.0, 2.0, 3.0]), summary([5.0, 8.0])])
    >>> all(abs(whole[k] - joined[k]) < 1e-12 for k in whole)
    True
    """
    count = sum(p["count"] for p in parts)
    mean = sum(p["count"] * p["mean"] for p in parts) / count
    squares = sum(
        (p["count"] - 1) * p["sd"] ** 2 + p["count"] * (p["mean"] - mean) ** 2 for p in parts
    )
    sd = math.sqrt(squares / (count - 1))
    half = t_quantile(count - 1) * sd / math.sqrt(count)
    return {"count": count, "mean": mean, "sd": sd, "low": mean - half, "high": mean + half}


def merge(out: Path, pieces: list[Path]) -> Figure:
    """One figure from pieces on consecutive seeds of the same measurement."""
    figures = []
    for path in pieces:
        with path.open(encoding="utf-8") as source:
            figures.append(json.load(source))
    figures.sort(key=lambda f: f["first_seed"])
    first = figures[0]
    values: list[float] = []
    for figure in figures:
        if figure["first_seed"] != first["first_seed"] + len(values):
            raise SystemExit(f"the pieces are not on consecutive seeds at {figure['first_seed']}")
        if (figure["table"], figure["row"], figure["seeds"]) != (
            first["table"],
            first["row"],
            first["seeds"],
        ):
            raise SystemExit("the pieces are not of the same measurement")
        values += figure["values"]
    words = first["command"].split()
    for flag in ("--pairs", "--deals"):
        if flag in words:
            words[words.index(flag) + 1] = str(len(values))
    merged = {**first, "command": " ".join(words), "values": values, **summary(values)}
    for key in ("paired", "baseline"):
        if all(isinstance(f.get(key), dict) for f in figures):
            merged[key] = pooled([f[key] for f in figures])
    if first.get("seeding") == "master":  # each piece's games derive from its own seed
        merged["commands"] = [f["command"] for f in figures]
    merged["pieces"] = len(figures)
    with out.open("w", encoding="utf-8") as target:
        json.dump(merged, target)
        target.write("\n")
    return merged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--merge", nargs="+", type=Path, metavar="FILE", help="OUT IN ...")
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--page", type=Path, default=PAGE)
    parser.add_argument("--check", action="store_true", help="only check the page is current")
    args = parser.parse_args(argv)
    if args.merge:
        merged = merge(args.merge[0], args.merge[1:])
        print(f"{args.merge[0]}: {merged['count']} values, mean {merged['mean']:+.3f}")
        return 0
    text = render(load(args.results))
    if args.check:
        current = args.page.read_text(encoding="utf-8") if args.page.exists() else ""
        if current != text:
            print(f"{args.page} is not up to date: run python benchmarks/bots_page.py")
            return 1
        return 0
    args.page.write_text(text, encoding="utf-8")
    print(f"wrote {args.page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
