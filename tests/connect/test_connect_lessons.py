"""The 5 en raya lesson: positions, threat cells, tables, step-through and exercises (checked by the solver)."""
import pytest

from gamekit.connect import FiveInARow, analyse, solve
from gamekit.connect import lessons as L


def test_positions_are_what_the_lesson_says():
    g = L.position("edge_line")
    assert L.playable_threats(g, 0) == [(4, 0)]               # column 4, thanks to the side disc
    g.play("4")
    assert g.winner() == 0 and (0, 0) in g.winning_cells()

    g = L.position("open_four")
    assert g.to_move == 1 and len(L.playable_threats(g, 0)) == 2
    assert solve(g) < 0                                        # yellow cannot stop it

    g = L.position("under_threat")
    assert g.to_move == 0 and L.threat_cells(g, 1) == [(1, 1), (6, 1)]
    for n in ("1", "6"):                                       # filling the cell under a threat loses at once
        g.play(n)
        g.play(n)
        assert g.winner() == 1
        g.undo()
        g.undo()

    g = L.position("edge_diagonal")
    assert (7, 2) in L.playable_threats(g, 0) and (7, 3) in L.threat_cells(g, 0)
    g.play("7")
    assert g.winner() == 0 and any(g.is_side(c) for c, _ in g.winning_cells())


def test_threat_cells_match_a_brute_force_check_and_leave_the_grid_alone():
    g = FiveInARow.from_moves("4646424446655553557")
    before = g.to_dict(), [list(c) for c in g.grid]
    for seat in (0, 1):
        cells = set(L.threat_cells(g, seat))
        for c in range(1, 8):
            for r in range(len(g.grid[c]), 6):
                col = g.grid[c]
                saved = list(col)
                col[:] = saved + [None] * (r - len(saved)) + [seat]
                line = False
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    for start in range(-4, 1):
                        pts = [(c + dc * (start + i), r + dr * (start + i)) for i in range(5)]
                        if all(0 <= x < 9 and 0 <= y < 6 and g.cell(x, y) == seat for x, y in pts):
                            line = True
                col[:] = saved
                assert ((c, r) in cells) == line
    assert (g.to_dict(), [list(c) for c in g.grid]) == before


def test_tables():
    rules = L.rules_table()
    assert rules.headers == ["", "standard Connect Four", "5 en raya"] and len(rules.rows) == 5
    lines = L.lines_table()
    assert lines.rows[0][4] == 69 and lines.rows[1][4] == 64 and lines.rows[1][5] == 20
    assert "claimed a draw" in str(L.known_results())


def test_step_through_replays_a_won_game():
    steps = L.steps()
    assert len(steps) == len(L.WON_GAME) + 1
    final = FiveInARow.from_moves(L.WON_GAME)
    assert final.winner() == 0
    assert "wins" in steps[-1].caption and "side disc" in steps[-1].caption
    assert any("one cell above the other" in s.caption for s in steps)
    for s in steps[:3] + steps[-2:]:
        assert s.build()                                        # every scene draws
    widget = L.step_through()
    widget.next()
    assert widget.index == 1 and not widget.errors


def test_exercises_accept_their_solutions_and_refuse_the_rest():
    exercises = L.exercises()
    assert set(exercises) == {"win_in_one", "only_move", "win_in_three", "count_lines"}
    for name, ex in exercises.items():
        assert ex.solutions
        for answer in ex.solutions:
            assert ex.check(answer)[0], name
            assert ex.check(str(answer))[0], name
        assert not ex.check("")[0]
        assert not ex.check("column 9")[0]
        assert not ex.check("abc")[0]


@pytest.mark.parametrize("name", ["win_in_one", "only_move", "win_in_three"])
def test_column_exercises_agree_with_the_solver(name):
    ex = L.exercises()[name]
    game = ex.game
    scores = analyse(game, time_budget=None)
    me = game.to_move
    right = {m for m in game.legal_moves() if ex.check(m)[0]}
    assert right == set(ex.solutions)
    if name == "win_in_one":
        assert all(scores[m] == 22 - game.discs_played(me) - 1 for m in right)
    if name == "only_move":
        assert len(right) == 1 and all(scores[m] < 0 for m in game.legal_moves() if m not in right)
        assert len(game.legal_moves()) >= 5
    if name == "win_in_three":
        best = max(scores.values())
        assert 22 - best - game.discs_played(me) == 3          # the fastest win takes exactly three discs
        assert right == {m for m, s in scores.items() if s == best}


def test_exercise_widgets_and_score():
    score = L.LessonScore("test")
    board = L.exercise("win_in_one", score)
    ok, _ = board.submit("1")
    assert ok
    from gamekit.connect.widget import layout_for
    x, y = layout_for(board.exercise.game, L.CELL).centre(0, 2)
    assert board.click(x, y) is None                            # the side column: refused with a reason
    typed = L.exercise("count_lines", score)
    assert typed.submit("64")[0]
    assert score.solved == 2


def test_show_and_scene():
    assert L.show("under_threat", danger=True) is not None
    sc = L.scene(L.position("under_threat"), danger=True)
    assert "✗" in sc.texts()
