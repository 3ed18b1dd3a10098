"""Real observations of both games, and mutations of their JSON, for the loading tests.

A mutation edits one observation's JSON: a value replaced by a value of another
type, a nearby number, another card, or a value of its type found elsewhere in a
real observation; a list shortened, lengthened or reordered; an object missing a
key; or a value spliced in from the same place of another real observation of the
same game. The last two keep every type right and make only the consistency wrong.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from cardrules.cards import Card
from tests.hardening.hardening_support import iter_leaves

Path = tuple[Any, ...]
JSON = Any

BIG = 2**64

_CARDS = [str(Card.from_index(index)) for index in range(52)]


def _at(data: JSON, path: Path) -> JSON:
    for key in path:
        data = data[key]
    return data


def _set(data: JSON, path: Path, value: JSON) -> JSON:
    if not path:
        return value
    _at(data, path[:-1])[path[-1]] = value
    return data


def _values(draw: Callable[[Any], Any], old: JSON) -> JSON:
    """A replacement for ``old``: most often of its own kind, sometimes of another."""
    if draw(st.integers(0, 15)) == 0:
        return draw(st.sampled_from([None, True, False, "", [], {}, 0.5, "x"]))
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return draw(st.sampled_from([old + 1, old - 1, 0, 1, 2, 3, 7, -1, -old, 2 * old, BIG]))
    if isinstance(old, str):
        tokens = old.split(" ")
        if all(token in _CARDS for token in tokens if token):
            tokens = list(tokens)
            if tokens and tokens[0]:
                tokens[draw(st.integers(0, len(tokens) - 1))] = draw(st.sampled_from(_CARDS))
            return " ".join(tokens)
        return draw(st.sampled_from([old[:-1], old + "x", "over", "play", "fold", "2C", "AS"]))
    if old is None:
        return draw(st.sampled_from([0, 1, 2, "AS", [], [0], "2C"]))
    if isinstance(old, list):
        if not old:
            return draw(st.sampled_from([[0], [None], ["AS"], [[0, "AS"]]]))
        items = list(old)
        op = draw(st.integers(0, 3))
        if op == 0:
            del items[draw(st.integers(0, len(items) - 1))]
        elif op == 1:
            extra = copy.deepcopy(draw(st.sampled_from(old)))
            items.insert(draw(st.integers(0, len(items))), extra)
        elif op == 2:
            i, j = draw(st.integers(0, len(items) - 1)), draw(st.integers(0, len(items) - 1))
            items[i], items[j] = items[j], items[i]
        else:
            items = items[: draw(st.integers(0, len(items)))]
        return items
    if isinstance(old, dict) and old:
        changed = dict(old)
        del changed[draw(st.sampled_from(sorted(changed)))]
        return changed
    return None


def _scalars_like(donor: JSON, old: JSON) -> list[JSON]:
    """The values of ``old``'s type anywhere in ``donor``: well-typed, plausible edits."""
    kind = type(old)
    found = {value for _, value in iter_leaves(donor) if type(value) is kind}
    return sorted(found - {old}, key=repr)


def mutate(data: st.DataObject, observation: JSON, others: list[JSON]) -> JSON:
    """One to three mutations of a deep copy of ``observation`` (see the module docs);
    ``others`` are real observations to splice values from."""
    result = copy.deepcopy(observation)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        paths = [path for path, _ in iter_leaves(result) if path]
        scalars = [path for path in paths if not isinstance(_at(result, path), (dict, list))]
        prefer_scalars = data.draw(st.integers(0, 3), label="scalar") > 0
        if scalars and prefer_scalars:
            paths = scalars
        path = data.draw(st.sampled_from(paths), label="path")
        old = _at(result, path)
        donor = data.draw(st.sampled_from(others), label="donor")
        try:
            spliced = copy.deepcopy(_at(donor, path))
        except (KeyError, IndexError, TypeError):
            spliced = None
        how = data.draw(st.integers(0, 2), label="how")
        alike = _scalars_like(donor, old) if isinstance(old, (int, str)) else []
        if how == 0 and spliced is not None and spliced != old:
            value = spliced
        elif how == 1 and alike:
            value = data.draw(st.sampled_from(alike), label="alike")
        else:
            value = _values(data.draw, old)
        result = _set(result, path, value)
    return result
