"""Reading a person's choice from a numbered menu: a number, a label, or a short form.

Each menu entry is a label and an action. What a person types is, in this order:

- a number in the menu's range: that entry (unless it is also the short form of
  another entry, which is ambiguous);
- a whole label, in any case and spacing (``Raise to 12``);
- a short form: the first words of one label (``join``, ``best``), its last words
  (``7d`` for ``play 7D``, ``stay in``), or an alias the game gives (``12`` for
  ``raise to 12``). A bare number is a short form only by an alias.

Anything that matches no entry is handed back for the game to read as an action;
anything that matches several is refused, naming them.

>>> menu = ["pass", "raise to 11", "raise to 12"]
>>> match_choice("Raise To 12", menu)
(2, None)
>>> match_choice("12", menu, [[], ["11"], ["12"]])
(2, None)
>>> match_choice("raise", menu)
(None, "'raise' could be any of: raise to 11, raise to 12; type more of one")
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["match_choice", "words"]

SHOWN = 4
"""How many matching labels an ambiguity message names."""


def words(text: str) -> tuple[str, ...]:
    """The lower-case words of a label or of typed text, brackets and punctuation dropped.

    >>> words("Play (stay in)"), words("best:  AS KS")
    (('play', 'stay', 'in'), ('best', 'as', 'ks'))
    """
    for mark in "(),:;":
        text = text.replace(mark, " ")
    return tuple(text.lower().split())


def _short_forms(label: str) -> set[tuple[str, ...]]:
    full = words(label)
    forms = {full[:k] for k in range(1, len(full))} | {full[k:] for k in range(1, len(full))}
    return {form for form in forms if not (len(form) == 1 and form[0].isdigit())}


def _matches(
    typed: tuple[str, ...], labels: Sequence[str], aliases: Sequence[Sequence[str]]
) -> list[int]:
    exact = [index for index, label in enumerate(labels) if words(label) == typed]
    if exact:
        return exact
    return [
        index
        for index, label in enumerate(labels)
        if typed in _short_forms(label)
        or any(words(alias) == typed for alias in (aliases[index] if index < len(aliases) else ()))
    ]


def _ambiguous(text: str, found: Sequence[int], labels: Sequence[str]) -> str:
    named = ", ".join(labels[index] for index in found[:SHOWN])
    more = f" and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    return f"{text!r:.40} could be any of: {named}{more}; type more of one"


def match_choice(
    text: str, labels: Sequence[str], aliases: Sequence[Sequence[str]] = ()
) -> tuple[int | None, str | None]:
    """``(index, None)`` for the entry ``text`` chooses, ``(None, reason)`` if it is refused,
    ``(None, None)`` if it matches no entry (the caller may read it as an action).

    ``aliases[i]`` are extra short forms of entry ``i``.
    """
    typed = words(text)
    if not typed:
        return None, "type a number"
    found = _matches(typed, labels, aliases)
    if text.isascii() and text.isdigit():  # not "²", which int() refuses
        number = int(text) if len(text) <= 9 else 0
        if 1 <= number <= len(labels):
            others = [index for index in found if index != number - 1]
            if others:
                return None, (
                    f"{text!r} is ambiguous: choice {number} is {labels[number - 1]!r}, and"
                    f" {text!r} is also short for {labels[others[0]]!r}; type the whole choice"
                )
            return number - 1, None
        if not found:
            shown = text if len(text) <= 12 else f"{text[:9]}... ({len(text)} digits)"
            return None, f"{shown} is not one of the choices 1-{len(labels)}"
    if len(found) == 1:
        return found[0], None
    if found:
        return None, _ambiguous(text, found, labels)
    return None, None
