"""No picture or step-through frame on a 5 en raya lesson page shows an exercise's answer before the exercise."""

import re
from pathlib import Path

import pytest

from gamekit.connect import lesson_pictures, lesson_positions
from gamekit.connect import lessons as L
from gamekit.connect.threats import playable_threats, threat_cells

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

PAGES = [
    "five_in_a_row/01_rules_and_play.md",
    "five_in_a_row/02_threats_and_exercises.md",
    "es/five_in_a_row/01_rules_and_play.md",
    "es/five_in_a_row/02_threats_and_exercises.md",
]

CALL = re.compile(
    r'lesson_pictures\.(show|step_through)\(("(\w+)")?[^)]*\)|L\.exercise\("(\w+)"|lesson2_stop\.(\w+)_picture\(\)'
)
STOP_PICTURES = {"one_cell": "one_cell_not_enough", "stop": "stop_double_picture"}
"""Lesson 2's pictures drawn by :mod:`gamekit.connect.lesson2_stop` (their caption under them), by call."""


def answer_cells(ex) -> set[tuple[int, int]]:
    """The cells an exercise's answer is about: where each accepted drop lands and the threat cells it makes."""
    game, me, cells = ex.game, ex.game.to_move, set()
    for move in ex.solutions:
        if not move.isdigit():
            continue
        c = game.grid_column(int(move))
        after = game.copy()
        after.play(move)
        cells |= {(c, len(game.grid[c]))} | (set(threat_cells(after, me)) - set(threat_cells(game, me)))
    return cells


def marked_cells(game) -> set[tuple[int, int]]:
    """The cells a lesson picture tints: both players' threat cells."""
    return {cell for seat in (0, 1) for cell in threat_cells(game, seat)}


def pictures_before_exercises(page: str):
    """(exercise name, [(picture name, shown positions)] above it) for each move exercise on ``page``."""
    shown, out = [], []
    board_exercises = L.exercises()
    for m in CALL.finditer((NOTEBOOKS / page).read_text(encoding="utf-8")):
        if m.group(5):
            name = STOP_PICTURES[m.group(5)]
            shown.append((name, [lesson_positions.position(name)]))
        elif m.group(1) == "show":
            shown.append((m.group(3), [lesson_positions.position(m.group(3))]))
        elif m.group(1) == "step_through":
            name = m.group(3) or "won_game"
            shown.append((name, [step.position for step in lesson_pictures.steps(name)]))
        elif m.group(4) in board_exercises and board_exercises[m.group(4)].game is not None:
            out.append((m.group(4), list(shown)))
    return out


@pytest.mark.parametrize("page", PAGES)
def test_no_picture_above_an_exercise_marks_its_answer(page):
    """A picture or frame above an exercise never tints two or more of the cells its answer lands in or makes
    threats in (the answer's pattern, e.g. a stacked pair); one cell in common is a coincidence of small grids."""
    checked = 0
    for name, pictures in pictures_before_exercises(page):
        answer = answer_cells(L.exercises()[name])
        for picture, games in pictures:
            for game in games:
                common = marked_cells(game) & answer
                assert len(common) < 2, (page, name, picture, len(game.history), sorted(common))
                checked += 1
    assert checked >= (10 if "02_" in page else 1)


def test_the_rule_catches_the_old_stacked_picture():
    """The still picture once taken from the step-through game, move 17 (red's threats stacked in column 7, rows 3
    and 4), marked the final challenge's answer; the rule above refuses it, and the picture now on the page is
    another game's."""
    from gamekit.connect import FiveInARow

    challenge = answer_cells(L.exercises()["challenge"])
    old = FiveInARow.from_moves(lesson_positions.WON_GAME[:17])
    assert len(marked_cells(old) & challenge) >= 2
    new = lesson_positions.position("stacked")
    assert not marked_cells(new) & challenge
    assert not marked_cells(new) & answer_cells(L.exercises()["winning_move"])
    assert not lesson_positions.WON_GAME.startswith("".join(new.history))


@pytest.mark.parametrize(
    "page, words",
    [
        ("five_in_a_row/02_threats_and_exercises.md", "in\ncolumn {c} on rows {a} and {b}. Column {c} is still empty"),
        (
            "es/five_in_a_row/02_threats_and_exercises.md",
            "en la columna {c}, en las filas {a} y {b}. La columna {c} sigue vacía",
        ),
    ],
)
def test_the_stacked_picture_is_what_its_words_say(page, words):
    """The words above the stacked picture name its red threat cells (column, rows), on a column still empty, with
    no yellow threat and none that a disc can reach yet."""
    g = lesson_positions.position("stacked")
    cells = sorted(threat_cells(g, 0))
    assert len(cells) == 2 and cells[0][0] == cells[1][0] and cells[1][1] == cells[0][1] + 1
    c = g.column_number(cells[0][0])
    assert not g.grid[cells[0][0]] and not threat_cells(g, 1) and not playable_threats(g, 0)
    text = (NOTEBOOKS / page).read_text(encoding="utf-8")
    assert words.format(c=c, a=cells[0][1] + 1, b=cells[1][1] + 1) in text
