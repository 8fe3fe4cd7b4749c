"""The reasons a 5 en raya / Connect Four Practice puzzle gives after a right drop say only what the exact solver
finds: a threat named with its row's kind is a new threat of the mover on that kind of row (and, for a win, the
cell the winning disc lands on in the solver's line of best play), and a reason that calls every other drop wrong
names the other right drop where there are two."""

import re

import pytest

from gamekit.connect.threats import threat_cells
from gamekit.puzzles import bank
from gamekit.puzzles.connect_best_line import winning_cell
from gamekit.puzzles.connect_words import why_words

ROW_REASON = re.compile(r"column (\d), row (\d) \((an odd row|an even row)")
GAMES = ["five_in_a_row", "connect_four"]


def _reasons(game_id):
    for p in bank(game_id):
        for theme in p.themes:
            for a in p.answers:
                yield p, theme, a, why_words(p, theme, a) or ""


@pytest.mark.parametrize("game_id", GAMES)
def test_every_row_named_in_a_reason_is_the_threat_the_solver_finds(game_id):
    checked = 0
    for p, theme, a, said in _reasons(game_id):
        game, me = p.position, p.position.to_move
        for found in ROW_REASON.finditer(said):
            cell = (game.grid_column(int(found.group(1))), int(found.group(2)) - 1)
            after = game.copy()
            after.play(a)
            new = set(threat_cells(after, me)) - set(threat_cells(game, me))
            assert cell in new, (p.id, theme, a, said)
            assert (found.group(3) == "an odd row") == (cell[1] % 2 == 0) == (me == 0), (p.id, theme, a, said)
            if p.facts["best"] > 0:
                assert winning_cell(game, a) == cell, (p.id, theme, a, said)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", GAMES)
def test_a_reason_that_calls_every_other_drop_wrong_names_the_other_right_drop(game_id):
    two = 0
    for p, theme, a, said in _reasons(game_id):
        if len(p.answers) < 2 or not re.search(r"(any|every) other drop", said):
            continue
        (other,) = [b for b in p.answers if b != a]
        assert f"column {other}" in said, (p.id, theme, a, said)
        two += 1
    assert two > 10


def test_the_two_puzzles_whose_other_threat_was_named_now_say_where_the_win_comes():
    """Regression: the second right drop's reason named a threat on red's rows that the win does not come through
    (the solver's winning disc lands elsewhere)."""
    found = [p for p in bank("five_in_a_row") if p.id in ("five-4312201602", "five-d7c65992a1")]
    assert len(found) == 2
    for p in found:
        for theme in p.themes:
            for a in p.answers:
                assert "column 7, row 5 (an odd row" not in (why_words(p, theme, a) or ""), (p.id, a)


def test_of_two_new_threats_on_red_rows_the_reason_names_the_one_the_win_comes_through():
    """Regression: five-e3182ea55b's drop in column 5 makes threats on red's rows in column 3, row 3 and column 7,
    row 3; the solver's winning disc lands in column 7, row 3.  Only the lowest threat was checked, so the reason
    said no threat at all (only where the winning disc lands); it names the threat the win comes through."""
    p = next(q for q in bank("five_in_a_row") if q.id == "five-e3182ea55b")
    said = why_words(p, "odd_even_threat", "5")
    assert "makes a threat in column 7, row 3 (an odd row" in said and "column 3, row 3" not in said
