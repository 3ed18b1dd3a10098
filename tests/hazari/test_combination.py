"""Combination values, the kind order and the exhaustive table (H3–H5)."""

from __future__ import annotations

import json
from collections import Counter

import attrs
import pytest

from cardrules.cards import Rank
from cardrules.errors import InvalidCardsError, ParseError
from cardrules.hazari import COMBINATIONS, Combination, Kind, combination_table

ALL_STRENGTHS = range(741)


def test_kinds_are_ordered_as_h3() -> None:
    assert sorted(Kind, reverse=True) == [
        Kind.TRIO,
        Kind.COLOUR_RUN,
        Kind.RUN,
        Kind.COLOUR,
        Kind.PAIR,
        Kind.INDI,
    ]
    assert [str(kind) for kind in sorted(Kind)] == [
        "Indi",
        "Pair",
        "Colour",
        "Run",
        "Colour run",
        "Trio",
    ]


@pytest.mark.parametrize("text", ["trio", "Colour Run", "COLOUR_RUN", " indi "])
def test_kind_parse_accepts_any_case(text: str) -> None:
    assert str(Kind.parse(text)).lower() == " ".join(text.replace("_", " ").split()).lower()


def test_kind_parse_rejects_unknown_names() -> None:
    with pytest.raises(ParseError, match="unknown combination kind 'flush'"):
        Kind.parse("flush")


def test_the_table_has_the_published_per_kind_counts() -> None:
    table = combination_table()
    assert len(table) == 741
    classes = Counter(row.kind for row in table)
    sets: Counter[Kind] = Counter()
    for row in table:
        sets[row.kind] += row.sets
    assert classes == {
        Kind.TRIO: 13,
        Kind.COLOUR_RUN: 12,
        Kind.RUN: 12,
        Kind.COLOUR: 274,
        Kind.PAIR: 156,
        Kind.INDI: 274,
    }
    assert sets == {
        Kind.TRIO: 52,
        Kind.COLOUR_RUN: 48,
        Kind.RUN: 720,
        Kind.COLOUR: 1096,
        Kind.PAIR: 3744,
        Kind.INDI: 16440,
    }
    assert sum(sets.values()) == 22100


def test_the_table_runs_strongest_first_and_kinds_never_interleave() -> None:
    table = combination_table()
    assert [row.strength for row in table] == list(reversed(ALL_STRENGTHS))
    kinds = [row.kind for row in table]
    assert kinds == sorted(kinds, reverse=True)
    assert str(table[0].combination) == "Trio A-A-A"
    assert str(table[-1].combination) == "Indi 5-3-2"
    assert table[0].beats_or_ties == 22100
    assert table[-1].beats_or_ties == 60
    assert all(attrs.has(type(row)) for row in table)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        table[0].sets = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "kind", "ranks"),
    [
        ("Trio A-A-A", Kind.TRIO, (Rank.ACE,)),
        ("Colour run A-K-Q", Kind.COLOUR_RUN, (Rank.ACE, Rank.KING, Rank.QUEEN)),
        ("Run A-2-3", Kind.RUN, (Rank.ACE, Rank.TWO, Rank.THREE)),
        ("Run K-Q-J", Kind.RUN, (Rank.KING, Rank.QUEEN, Rank.JACK)),
        ("Colour A-K-J", Kind.COLOUR, (Rank.ACE, Rank.KING, Rank.JACK)),
        ("Pair 9-9-K", Kind.PAIR, (Rank.NINE, Rank.KING)),
        ("Indi Q-8-4", Kind.INDI, (Rank.QUEEN, Rank.EIGHT, Rank.FOUR)),
        ("Indi T-8-4", Kind.INDI, (Rank.TEN, Rank.EIGHT, Rank.FOUR)),
    ],
)
def test_parse_reads_kind_and_ranks(text: str, kind: Kind, ranks: tuple[Rank, ...]) -> None:
    combination = Combination.parse(text)
    assert combination.kind is kind
    assert combination.ranks == ranks
    assert str(combination) == text


def test_str_parse_repr_and_from_strength_round_trip() -> None:
    for strength in ALL_STRENGTHS:
        combination = Combination.from_strength(strength)
        assert combination.strength == strength
        assert Combination.parse(str(combination)) is combination
        assert eval(repr(combination)) is combination  # repr pastes back
        rebuilt = Combination(combination.kind, combination.ranks)
        assert rebuilt == combination
        assert hash(rebuilt) == hash(combination)
        assert rebuilt.strength == strength
    assert len({str(c) for c in COMBINATIONS}) == 741


def test_landmarks_order() -> None:
    def strength(text: str) -> int:
        return Combination.parse(text).strength

    for kind in ("Colour run", "Run"):
        assert strength(f"{kind} A-K-Q") > strength(f"{kind} A-2-3") > strength(f"{kind} K-Q-J")
        assert strength(f"{kind} 5-4-3") > strength(f"{kind} 4-3-2")
    assert strength("Trio A-A-A") == 740
    assert strength("Trio 2-2-2") == 741 - 13
    assert strength("Indi 5-3-2") == 0
    runs = [c for c in COMBINATIONS if c.kind is Kind.RUN]
    assert str(runs[0]) == "Run 4-3-2"
    for plain in (Kind.COLOUR, Kind.INDI):
        members = [c for c in COMBINATIONS if c.kind is plain]
        assert str(members[-1]).endswith(" A-K-J")
        assert str(members[0]).endswith(" 5-3-2")
    pairs = [c for c in COMBINATIONS if c.kind is Kind.PAIR]
    assert str(pairs[-1]) == "Pair A-A-K"
    assert str(pairs[0]) == "Pair 2-2-3"


@pytest.mark.parametrize(
    ("kind", "ranks"),
    [
        (Kind.RUN, (Rank.KING, Rank.ACE, Rank.TWO)),
        (Kind.COLOUR_RUN, (Rank.QUEEN, Rank.KING, Rank.ACE)),
        (Kind.INDI, (Rank.ACE, Rank.KING, Rank.QUEEN)),
        (Kind.INDI, (Rank.TWO, Rank.FIVE, Rank.NINE)),
        (Kind.PAIR, (Rank.NINE, Rank.NINE)),
        (Kind.TRIO, (Rank.ACE, Rank.ACE, Rank.ACE)),
    ],
)
def test_invalid_ranks_for_a_kind_are_rejected(kind: Kind, ranks: tuple[Rank, ...]) -> None:
    with pytest.raises(InvalidCardsError, match=f"do not make a {kind}"):
        Combination(kind, ranks)


@pytest.mark.parametrize(
    ("kind", "ranks", "message"),
    [
        (9, (Rank.ACE,), "9 is not a combination Kind"),
        ("Trio", (Rank.ACE,), "'Trio' is not a combination Kind"),
        (Kind.TRIO, (15,), "not a sequence of ranks"),
        (Kind.TRIO, 14, "not a sequence of ranks"),
    ],
)
def test_constructor_rejects_values_of_the_wrong_type(
    kind: object, ranks: object, message: str
) -> None:
    with pytest.raises(InvalidCardsError, match=message):
        Combination(kind, ranks)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Run K-A-2", "do not make a Run"),
        ("Flush A-K-Q", "unknown combination kind"),
        ("Pair 9-9", "three ranks"),
        ("Indi X-8-4", "cannot read the ranks"),
        ("Trio A-A-K", "do not make a Trio"),
        ("", "unknown combination kind"),
    ],
)
def test_parse_rejects_bad_text(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Combination.parse(text)


@pytest.mark.parametrize("bad", [-1, 741, 3.0, True, "5", None])
def test_from_strength_rejects_out_of_range(bad: object) -> None:
    with pytest.raises(InvalidCardsError, match=r"not an integer in 0\.\.740"):
        Combination.from_strength(bad)  # type: ignore[arg-type]


def test_ordering_and_equality_follow_strength() -> None:
    ordered = sorted(COMBINATIONS, key=lambda c: (str(c.kind), c.ranks), reverse=True)
    assert sorted(ordered) == list(COMBINATIONS)
    a, b = COMBINATIONS[10], COMBINATIONS[11]
    assert a < b and a <= b and b > a and b >= a and a != b
    assert not (a > b or a >= b)
    assert (a == "Indi") is False
    with pytest.raises(TypeError):
        _ = a < 3  # type: ignore[operator]


def test_percentile_counts_sets_beaten_or_tied() -> None:
    running = 0
    for combination in COMBINATIONS:
        running += combination.sets
        assert combination.beats_or_ties == running
        assert combination.percentile == pytest.approx(100 * running / 22100)
    assert COMBINATIONS[-1].percentile == 100.0
    assert Combination.parse("Indi 5-3-2").percentile == pytest.approx(100 * 60 / 22100)


def test_combinations_are_frozen() -> None:
    top = Combination.from_strength(740)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        top.strength = 3  # type: ignore[misc]


def test_table_rows_serialise_plainly() -> None:
    rows = [
        {"kind": row.kind.name, "ranks": [int(r) for r in row.ranks], "sets": row.sets}
        for row in combination_table()[:2]
    ]
    assert json.loads(json.dumps(rows)) == [
        {"kind": "TRIO", "ranks": [14], "sets": 4},
        {"kind": "TRIO", "ranks": [13], "sets": 4},
    ]


@pytest.mark.parametrize("value", [None, 3, b"trio"])
def test_parsers_reject_non_strings(value: object) -> None:
    with pytest.raises(ParseError, match="expected a combination"):
        Kind.parse(value)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="expected a combination"):
        Combination.parse(value)  # type: ignore[arg-type]
