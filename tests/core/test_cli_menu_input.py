"""``cardrules play --human``: a choice is its number, its label or a short form of it.

The prompts are driven as a person would: answers are read from a script (or from
standard input for whole games), and what is printed is checked.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardrules import Rng, load_game
from cardrules.azi import Phase, PlayCard, Raise
from cardrules.azi import view as azi_view
from cardrules.cli import main
from cardrules.cli.play import Human, QuitGame, human_for
from cardrules.hazari import view as hazari_view

SUIT_ORDER = "CDHS"
RANKS = "23456789TJQKA"


def _script(answers: list[str]) -> Callable[[str], str]:
    replies: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(replies)
        except StopIteration:
            raise EOFError from None

    return read


def _azi_at(phase: Phase, players: int = 4, seed: int = 3) -> Any:
    """An Azi game at its first decision in ``phase``, reached by always taking
    the first legal action (play, never fold)."""
    state: Any = load_game("azi", players=players).new_state(seed, dealer=0)
    while state.phase is not phase:
        assert not state.is_terminal, f"no {phase} phase in this game"
        state = state.apply(state.legal_actions()[0])
    return state


def _ask(view: Any, state: Any, answers: list[str]) -> tuple[Any, str]:
    out = io.StringIO()
    human = human_for(view.VIEW, False, _script(answers))
    human.out = out
    seat = state.current_player
    action = human.choose(state.observation(seat), state.legal_actions(), Rng(0))
    return action, out.getvalue()


def _menu(printed: str) -> list[str]:
    return re.findall(r"^  \d+\. (.*)$", printed, flags=re.MULTILINE)


def test_a_raise_by_its_label_any_case_or_by_its_amount() -> None:
    state = _azi_at(Phase.BIDDING)
    amounts = sorted(a.amount for a in state.legal_actions() if isinstance(a, Raise))
    target = amounts[1]
    action, printed = _ask(azi_view, state, [f"RAISE   TO {target}"])
    assert action == Raise(target) and "Not accepted" not in printed
    beyond = amounts[-1]  # a number that is no choice's number
    assert beyond > len(_menu(printed))
    action, _ = _ask(azi_view, state, [str(beyond)])
    assert action == Raise(beyond)


def test_a_number_that_is_also_another_choices_amount_is_ambiguous() -> None:
    state = _azi_at(Phase.BIDDING)
    _, printed = _ask(azi_view, state, ["1"])
    menu = _menu(printed)
    clash = next(
        (
            n
            for n in range(1, len(menu) + 1)
            if f"raise to {n}" in menu and menu[n - 1] != f"raise to {n}"
        ),
        None,
    )
    assert clash is not None, menu  # ante 10: raise to 11 is listed, choice 11 is raise to 20
    action, printed = _ask(azi_view, state, [str(clash), f"raise to {clash}"])
    assert f"Not accepted: '{clash}' is ambiguous: choice {clash} is {menu[clash - 1]!r}" in printed
    assert action == Raise(clash)


def test_cards_by_label_or_bare_card_in_any_case() -> None:
    state = _azi_at(Phase.DISCARD)
    _, printed = _ask(azi_view, state, ["1"])
    labels = _menu(printed)
    card = labels[-1].split()[-1]
    action, printed = _ask(azi_view, state, [card.lower()])
    assert str(action.card) == card and "Not accepted" not in printed
    action, _ = _ask(azi_view, state, [labels[0].upper()])
    assert str(action.card) == labels[0].split()[-1]


def test_an_ambiguous_prefix_names_the_choices_and_asks_again() -> None:
    state = _azi_at(Phase.DISCARD)
    action, printed = _ask(azi_view, state, ["discard", "2"])
    menu = _menu(printed)
    assert "Not accepted: 'discard' could be any of: " + ", ".join(menu[:4]) in printed
    assert printed.count("Not accepted") == 1
    assert str(action.card) == menu[1].split()[-1]


def test_unknown_input_says_what_is_accepted_and_asks_again() -> None:
    state = _azi_at(Phase.FOLD)
    action, printed = _ask(azi_view, state, ["jump", "99", "Play (Stay In)"])
    assert "Not accepted: cannot read 'jump' as an action; type a number from the list" in printed
    assert "Not accepted: 99 is not one of the choices 1-2. Try again." in printed
    assert action == state.legal_actions()[0]
    action, _ = _ask(azi_view, state, ["stay in"])  # the label's last words
    assert action == state.legal_actions()[0]


def test_declarations_by_label_and_by_short_form() -> None:
    state = _azi_at(Phase.DECLARATIONS)
    _, printed = _ask(azi_view, state, ["1"])
    invites = [label for label in _menu(printed) if "invite seat" in label]
    assert invites
    seats = [int(re.findall(r"invite seat (\d)", label)[0]) for label in invites]
    action, printed = _ask(azi_view, state, [f"invite seat {seats[0]}"])
    assert action.invite == seats[0] and "Not accepted" not in printed
    action, _ = _ask(azi_view, state, [invites[-1]])
    assert action.invite == seats[-1]


def test_the_hand_and_the_menu_list_cards_in_the_same_sorted_order() -> None:
    for phase in (Phase.DISCARD, Phase.PLAY):
        state = _azi_at(phase)
        _, printed = _ask(azi_view, state, ["1"])
        hand = re.search(r"Your hand: ([^.]*)\.", printed)
        assert hand is not None
        cards = hand.group(1).split()
        keys = [(SUIT_ORDER.index(c[1]), -RANKS.index(c[0])) for c in cards]
        assert keys == sorted(keys), cards
        menu_cards = [label.split()[-1] for label in _menu(printed)]
        assert menu_cards == [c for c in cards if c in menu_cards]


def test_trick_counts_read_as_words_not_a_python_list() -> None:
    state = _azi_at(Phase.PLAY)
    while state.current_player is None or not any(state.observation(0).current.tricks):
        state = state.apply(state.legal_actions()[0])
        assert not state.is_terminal
    _, printed = _ask(azi_view, state, ["1"])
    assert "[" not in printed
    tricks = state.observation(state.current_player).current.tricks
    taken = [f"seat {s} has {n}" for s, n in enumerate(tricks) if n]
    assert "tricks taken: " + ", ".join(taken) in printed
    fresh = _azi_at(Phase.FOLD)
    assert "no tricks taken yet" in _ask(azi_view, fresh, ["1"])[1]


def test_hazari_choices_by_title_or_typed_groups() -> None:
    state: Any = load_game("hazari").new_state(1)
    observation = state.observation(state.current_player)
    action, printed = _ask(hazari_view, state, ["BEST"])
    assert action == hazari_view.options(observation, state.legal_actions())[0][1]
    action, printed = _ask(hazari_view, state, ["next", "greedy"])
    assert "Not accepted: 'next' could be any of: next:" in printed
    assert action == hazari_view.options(observation, state.legal_actions())[1][1]
    groups = str(action.arrangement)
    typed, _ = _ask(hazari_view, state, [groups.lower()])
    assert typed == action


def test_a_whole_game_answered_by_labels_on_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = ["Play (stay in)", "discard"] + ["1"] * 200
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(a + "\n" for a in answers)))
    status = main(["play", "azi", "--seed", "3", "--human", "0", "--bots", "random"])
    out = capsys.readouterr().out
    assert status == 0, out[-500:]
    assert "seat 0 (you) stays in." in out
    assert "Not accepted: 'discard' could be any of: discard " in out
    assert "Net chips:" in out


def test_the_human_class_reads_numbers_without_a_parser() -> None:
    out = io.StringIO()
    human = Human(
        lambda observation, legal: [("yes", "y"), ("no", "n")],
        lambda observation: [],
        None,
        _script(["maybe", "NO"]),
        out,
    )
    assert human.choose(None, load_game("azi").new_state(1).legal_actions(), Rng(0)) == "n"
    assert "Not accepted: 'maybe' is not one of the choices; type a number 1-2" in out.getvalue()
    with pytest.raises(QuitGame):
        Human(lambda o, legal: [("a", 1), ("b", 2)], lambda o: [], None, _script([])).choose(
            None, load_game("azi").new_state(1).legal_actions(), Rng(0)
        )


def test_play_cards_by_short_form_in_the_play_phase() -> None:
    state = _azi_at(Phase.PLAY)
    legal = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
    card = str(legal[-1].card)
    action, printed = _ask(azi_view, state, [card.lower()])
    assert action == legal[-1] and "Not accepted" not in printed
