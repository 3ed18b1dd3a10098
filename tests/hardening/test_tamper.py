"""Tampered JSON: valid records of both games, mutated one field at a time.

Every mutation must be rejected with a package error, or load into a state that
satisfies every invariant and re-serialises to the mutated record (up to
equivalent spellings: ``1.0`` for ``1``, lower-case cards, groups in another order).
Records are dicts (``to_json()``); each mutated record is fed to the loader both as
the dict and as its canonical JSON text, and the two must be treated alike.
CI sweeps a bounded sample of paths of a few records; ``pytest --soak`` sweeps
every path of many records.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardrules.azi import PLAY, AziMatch, AziRules, AziState, Phase, Raise
from cardrules.cards import Card, parse_cards
from cardrules.errors import (
    CardRulesError,
    IllegalActionError,
    InvalidRulesError,
    InvalidStateError,
)
from cardrules.hazari import Arrangement, HazariMatch, HazariState
from cardrules.record import dump_json
from cardrules.rng import Rng
from tests.hardening.hardening_support import (
    SOAKING,
    azi_match_positions,
    azi_positions,
    check_azi,
    check_azi_match,
    check_hazari_deal,
    check_hazari_match,
    hazari_deal_positions,
    hazari_match_positions,
    iter_leaves,
    json_forms,
)

Path = tuple[Any, ...]
Record = dict[str, Any]
BIG = 2**64
"""An out-of-range integer (a huge Azi ``max_raise`` must be refused, not enumerated)."""


def _card_variants(text: str, rng: Rng) -> list[str]:
    tokens = text.split(" ")
    cards = [i for i, token in enumerate(tokens) if len(token) == 2]
    if not cards:
        return []
    changed = list(tokens)
    changed[rng.choice(cards)] = str(Card.from_index(rng.randbelow(52)))
    swapped = list(tokens)
    a, b = rng.choice(cards), rng.choice(cards)
    swapped[a], swapped[b] = swapped[b], swapped[a]
    return [" ".join(changed), " ".join(swapped)]


def variants(value: Any, path: Path, rng: Rng) -> list[Any]:
    """A few mutations of one JSON value, chosen by its type."""
    out: list[Any] = []
    if isinstance(value, bool):
        out += [not value, int(value), None]
    elif isinstance(value, int):
        out += [value + 1, value - 1, 0, -value, BIG, str(value), None]
    elif isinstance(value, float):
        out += [value + 1, None]
    elif isinstance(value, str):
        out += _card_variants(value, rng)
        out += [value[:-1], "", value + "x", "over", "latest", "first"]
    elif value is None:
        out += [0, 1, "", False, []]
    elif isinstance(value, list):
        out += [[]]
        if value:
            k = rng.randbelow(len(value))
            out += [value[:k] + value[k + 1 :], value[: k + 1] + value[k:], value[::-1]]
            if len(value) > 1:
                j = rng.randbelow(len(value) - 1)
                out.append([*value[:j], value[j + 1], value[j], *value[j + 2 :]])
    elif isinstance(value, dict):
        out += [{key: v for key, v in value.items() if key != drop} for drop in value]
        out += [{**value, "extra": 0}]
    return out


def replaced(data: Any, path: Path, new: Any) -> Any:
    """A deep copy of ``data`` with the value at ``path`` replaced."""
    if not path:
        return new
    copy = json.loads(json.dumps(data))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = new
    return copy


def mutations(data: Record, seed: int, limit: int | None) -> Iterator[tuple[Path, Any, Any]]:
    """(path, new value, mutated record) for every leaf, or ``limit`` random leaves."""
    rng = Rng(seed)
    paths = [path for path, _ in iter_leaves(data)]
    if limit is not None and len(paths) > limit:
        top = [p for p in paths if len(p) <= 1]
        rest = [p for p in paths if len(p) > 1]
        paths = top + rng.shuffled(rest)[: limit - len(top)]
    values = dict(iter_leaves(data))
    for path in paths:
        for new in variants(values[path], path, rng):
            yield path, new, replaced(data, path, new)


def _canonical_string(text: str) -> str:
    try:
        return str(Arrangement.parse(text))
    except CardRulesError:
        pass
    try:
        return " ".join(map(str, parse_cards(text)))
    except CardRulesError:
        return text


def equivalent(
    mutated: Any, reloaded: Any, path: Path = (), defaults: Record | None = None
) -> bool:
    """Equal JSON trees, up to equal numbers and equivalent card spellings.

    A rule option missing from the mutated record's rules takes its default
    (``defaults``: the rules class's default options), as records written before
    the option existed do.
    """
    if isinstance(mutated, dict) and isinstance(reloaded, dict):
        if path == ("rules",):
            if "dealer" not in mutated:
                reloaded = {k: v for k, v in reloaded.items() if k != "dealer"}
            filled = {k: v for k, v in (defaults or {}).items() if k not in mutated}
            if any(reloaded.get(k, v) != v for k, v in filled.items()):
                return False
            reloaded = {k: v for k, v in reloaded.items() if k not in filled}
        return mutated.keys() == reloaded.keys() and all(
            equivalent(mutated[k], reloaded[k], (*path, k), defaults) for k in mutated
        )
    if isinstance(mutated, list) and isinstance(reloaded, list):
        return len(mutated) == len(reloaded) and all(
            equivalent(a, b, (*path, i), defaults)
            for i, (a, b) in enumerate(zip(mutated, reloaded, strict=True))
        )
    if isinstance(mutated, str) and isinstance(reloaded, str):
        return _canonical_string(mutated) == _canonical_string(reloaded)
    if mutated is None and path == ("rules", "dealer"):
        return True  # a missing Azi first dealer is drawn by lot, and written back
    return bool(mutated == reloaded)


def _load_or_none(load: Callable[[Any], Any], data: Any) -> Any:
    """``load(data)``, or ``None`` when it raised a package error."""
    try:
        return load(data)
    except CardRulesError:
        return None


def check_tampering(
    record: Record,
    load: Callable[[Record | str | bytes], Any],
    check: Callable[[Any], None],
    limit: int | None,
) -> int:
    """Apply the mutations of one record, each as a dict and as canonical text;
    return how many were accepted."""
    text = dump_json(record)
    accepted = 0
    for path, new, mutated in mutations(record, len(text), limit):
        as_dict = copy.deepcopy(mutated)
        state = _load_or_none(load, as_dict)
        assert as_dict == mutated, ("the loader changed its input", path, new)
        from_text = _load_or_none(load, dump_json(mutated))
        assert (state is None) == (from_text is None), ("dict and text disagree", path, new)
        if state is None:
            continue
        assert from_text == state, ("dict and text load differently", path, new)
        accepted += 1
        check(state)
        again = state.to_json()
        assert isinstance(again, dict)
        for form in json_forms(again):
            assert load(form).to_json() == again
        defaults = type(state.rules)().to_json()
        assert equivalent(mutated, again, defaults=defaults), (path, new)
    step = 1 if SOAKING else max(1, len(text) // 40)
    for cut in range(0, len(text), step):
        with pytest.raises(InvalidStateError):
            load(text[:cut])
    return accepted


LIMIT = None if SOAKING else 80
SEEDS = range(40) if SOAKING else range(2)


def _hazari_deals() -> list[Record]:
    return [p.to_json() for seed in SEEDS for p in hazari_deal_positions(seed)]


def _hazari_matches() -> list[Record]:
    return [p.to_json() for seed in SEEDS for p in hazari_match_positions(seed, 9)[::4]]


def _azi_games() -> list[Record]:
    texts: list[Record] = []
    for seed in range(60 if SOAKING else 10):
        positions = azi_positions(100 + seed)
        if len(positions) <= 120 or SOAKING:
            step = max(1, len(positions) // 3)
            texts += [p.to_json() for p in positions[::step]] + [positions[-1].to_json()]
    return texts


def _azi_matches() -> list[Record]:
    """Short Azi matches (one to three games): the start, two middles and the end."""
    records: list[Record] = []
    for seed in range(300, 330) if SOAKING else range(304, 308):
        positions = azi_match_positions(seed)
        if len(positions) <= 150 or SOAKING:
            step = max(1, len(positions) // 3)
            records += [p.to_json() for p in positions[::step]] + [positions[-1].to_json()]
    return records


@pytest.mark.parametrize("record", _hazari_deals())
def test_tampered_hazari_deal(record: Record) -> None:
    check_tampering(record, HazariState.from_json, check_hazari_deal, LIMIT)


@pytest.mark.parametrize("record", _hazari_matches())
def test_tampered_hazari_match(record: Record) -> None:
    check_tampering(record, HazariMatch.from_json, check_hazari_match, LIMIT)


@pytest.mark.parametrize("record", _azi_games())
def test_tampered_azi_game(record: Record) -> None:
    check_tampering(record, AziState.from_json, check_azi, LIMIT)


@pytest.mark.parametrize("record", _azi_matches())
def test_tampered_azi_match(record: Record) -> None:
    check_tampering(record, AziMatch.from_json, check_azi_match, LIMIT)


def test_the_azi_match_sweep_covers_finished_games() -> None:
    """The Azi match records include matches past their first game, and finished ones."""
    matches = [AziMatch.from_json(record) for record in _azi_matches()]
    assert any(len(match.finished) >= 1 for match in matches)
    assert any(match.is_terminal for match in matches)


@pytest.mark.parametrize("kind", [HazariState, HazariMatch])
def test_hazari_summary_missing_a_null_key(kind: Any) -> None:
    """A finished deal's summary stores ``current_player: null``; dropping the key
    makes the summaries differ while no single key differs by ``dict.get``."""
    state: Any = kind.new(seed=3)
    while not state.is_terminal:
        state = state.apply(next(iter(state.legal_actions())))
    data = state.to_json()
    del data["summary"]["current_player"]
    for form in json_forms(data):
        with pytest.raises(InvalidStateError):
            kind.from_json(form)


def test_mutations_reach_every_kind_of_field() -> None:
    """The sweep really edits actions, cards, seats, chips, phases and options."""
    record = azi_positions(101)[-1].to_json()
    touched = {
        tuple(p for p in path if isinstance(p, str)) for path, _, _ in mutations(record, 1, None)
    }
    for field in [
        ("actions", "card"),
        ("actions", "player"),
        ("summary", "balances"),
        ("summary", "phase"),
        ("rules", "max_raise"),
        ("dealing", "seed"),
        ("actions",),
    ]:
        assert field in touched, field


def test_huge_max_raise_is_refused_and_rejections_stay_short() -> None:
    """Each raise amount is a legal action: an unbounded ``max_raise`` once made the
    bidding list (and a rejected raise's message) as long as the range, so 2**64 in a
    record hung the loader. It is now refused, and the widest range stays cheap."""
    with pytest.raises(InvalidRulesError):
        AziRules(max_raise=BIG)
    data = azi_positions(101)[-1].to_json()
    data["rules"]["max_raise"] = BIG
    for form in json_forms(data):
        with pytest.raises(InvalidStateError):
            AziState.from_json(form)
    widest = 1
    while True:
        try:
            AziRules(max_raise=widest * 2)
        except InvalidRulesError:
            break
        widest *= 2
    state = AziState.new(AziRules(players=2, max_raise=widest), seed=1, dealer=0)
    state = state.apply(PLAY).apply(PLAY)
    while state.phase is not Phase.BIDDING:
        state = state.apply(next(iter(state.legal_actions())))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Raise(5))
    assert len(str(caught.value)) < 10_000
