"""Shut the Box "which set?" questions are answered by picking tiles, never by choosing from a list of the sets (a
list of every set for the roll does lesson 2's work for the pupil): on the Practice page, in the homework box and on
the paper sheets.  A pick that does not add up to the roll, uses a shut tile or a tile twice is refused with its
own reason and is not rated."""

from pathlib import Path

import pytest

from gamekit.i18n import using
from gamekit.puzzles.core import move_words
from gamekit.puzzles.homework import homework_set
from gamekit.puzzles.homework_sheets import sheet_choices
from gamekit.puzzles.practice import Practice
from gamekit.puzzles.practice_picker import PartPicker
from gamekit.puzzles.shut_tables import paper_answer, pick_parts, picked_answer

GAME = "shut_the_box"


@pytest.fixture(scope="module")
def question():
    """A *best set* question of Practice: open 1 2 3 4 5 6 8, a roll of 10 (the pool is read once)."""
    from gamekit.puzzles.pools import practice_pool

    return next(
        p for p in practice_pool(GAME, "best_set") if p.facts["open"] == [1, 2, 3, 4, 5, 6, 8] and p.facts["roll"] == 10
    )


@pytest.fixture
def board(question):
    """A Practice board holding that one question, nothing picked or answered."""
    return Practice(GAME, puzzles=[question])


def test_a_which_set_question_shows_its_open_tiles_to_press_and_no_list_of_sets(board):
    p = board.puzzle
    assert p.facts["kind"] == "set"
    assert [b.description for b in board.picker.toggles] == [str(t) for t in sorted(p.facts["open"])]
    assert board.choices.options == () and board.choices.layout.display == "none"
    assert board.picker.layout.display is None
    assert board.input.layout.display is None and board.check_button.layout.display is None
    page = board.prompt_label.value
    for action in p.legal_answers():  # no set is written out anywhere on the board before the answer
        assert move_words(GAME, action) not in page
    assert all(b.value is False for b in board.picker.toggles)  # a toggle button: Tab reaches it, Space presses
    assert board.picker.children[0] is board.picker.label and board.picker.label.value == "The tiles you cover:"


def test_pressed_tiles_are_written_in_the_answer_box_and_pressed_again_left_out(board):
    assert board.picker.press("2") == "2"
    assert board.picker.press("8") == "8+2"
    assert board.picker.press("2") == "8"
    assert board.picker.picked() == ["8"]
    with pytest.raises(ValueError, match="'9'"):  # 9 is shut here: no button for it
        board.picker.press("9")
    board.next()  # the set is done: nothing left picked
    assert board.finished and board.picker.picked() == ["8"]


def test_each_refused_pick_gets_its_own_reason_and_is_not_rated(board):
    p = board.puzzle
    assert p.facts["open"] == [1, 2, 3, 4, 5, 6, 8] and p.facts["roll"] == 10
    reasons = {}
    for typed in ("8+1", "9+1", "5+5", "8+2+1"):
        board.input.value = typed
        board.on_check(None)
        reasons[typed] = board.last_feedback
    assert reasons["8+1"] == "8 + 1 makes 9, not the roll 10"
    assert reasons["9+1"] == "tile 9 is already covered"
    assert reasons["5+5"] == "tile 5 is listed twice"
    assert reasons["8+2+1"] == "8 + 2 + 1 makes 11, not the roll 10"
    assert board.tries == []  # a refused pick is no answer: nothing rated, the pupil tries again
    board.picker.press("4")
    board.picker.press("3")
    board.on_check(None)
    assert board.last_feedback == "4 + 3 makes 7, not the roll 10"
    board.input.value = ""
    board.on_check(None)
    assert board.last_feedback == "Press the tiles you cover, or type them, then press Check."


def test_a_picked_set_is_judged_like_the_answer_it_spells(board):
    p = board.puzzle
    wrong = next(a for a in p.legal_answers() if a not in p.answers)
    for tile in wrong[1]:
        board.picker.press(str(tile))
    board.on_check(None)
    assert board.tries and board.tries[0][0] == wrong and board.tries[0][1] is False
    assert board.last_feedback.startswith("✘ ")  # its mistake, told (the feedback tests say how)
    for tile in wrong[1]:  # leave the wrong ones, press the right ones
        board.picker.press(str(tile))
    for tile in p.answers[0][1]:
        board.picker.press(str(tile))
    board.on_check(None)
    assert board.tries[-1] == (p.answers[0], True, board.tries[-1][2])


def test_one_die_or_two_keeps_its_two_buttons_and_a_board_game_has_no_picker():
    dice = Practice(GAME, theme="one_die_or_two", seed=1)
    assert not dice.picker.shown and dice.picker.layout.display == "none" and dice.picker.children == ()
    assert len(dice.choices.options) == 2 and dice.choices.layout.display is None
    assert dice.input.layout.display == "none" and dice.picker.empty_words() == ""
    from gamekit.puzzles.store import load_puzzles

    dots = load_puzzles("dots_and_boxes")[0]
    picker = PartPicker(dice.input)
    assert picker.show(dots) is False and pick_parts(dice.puzzle) is None
    with pytest.raises(TypeError):
        PartPicker("not a box")
    with pytest.raises(TypeError):
        picker.show("a puzzle id")


def test_the_picker_speaks_spanish_and_the_game_refuses_in_spanish():
    with using("es"):
        board = Practice(GAME, theme="best_set", seed=1)
    assert board.picker.toggles[0].tooltip == "Púlsala para elegirla; otra vez, para dejarla"
    assert board.picker.label.value == "Las fichas que cubres:"
    covered = max(set(range(1, 10)) - set(board.puzzle.facts["open"]))
    board.input.value = f"{covered}+1"
    board.on_check(None)
    assert board.last_feedback == f"la ficha {covered} ya está cubierta"


def test_picked_answer_refuses_a_tile_the_question_does_not_offer(board):
    p = board.puzzle
    assert picked_answer(p, ["2", "8"]) == "8+2"
    for bad in (["9"], [], ["8", "x"]):
        with pytest.raises(ValueError):
            picked_answer(p, bad)


def test_paper_sheets_list_no_sets_and_give_a_line_for_the_tiles(question):
    assert sheet_choices(question) == []
    assert paper_answer(question) == "The tiles you cover (with + between them):"
    dice = homework_set(GAME, "one_die_or_two", 2, 1)
    assert all(sorted(sheet_choices(p)) == ["roll one die", "roll two dice"] and paper_answer(p) is None for p in dice)
    docs = Path(__file__).resolve().parents[2] / "docs" / "teachers"
    for path, line, listed in (
        (docs / "homework.md", "The tiles you cover (with + between them): ___", "Choose from: cover"),
        (docs / "es" / "homework.md", "Las fichas que cubres (con + entre ellas): ___", "Elige entre: cubrir"),
    ):
        page = path.read_text(encoding="utf-8")  # what the regenerated homework page prints
        assert page.count(line) >= 10 and listed not in page
