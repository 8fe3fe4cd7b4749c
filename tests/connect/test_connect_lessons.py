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


def test_tables(monkeypatch):
    rules = L.rules_table()
    assert rules.headers == ["", "standard Connect Four", "5 en raya"] and len(rules.rows) == 5
    lines = L.lines_table()
    assert lines.rows[0][4] == 69 and lines.rows[1][4] == 64 and lines.rows[1][5] == 20
    known = L.known_results()
    assert known.rows[1][1] == "a draw" and "computed" in known.rows[1][2] and "claimed" not in str(known.rows)
    from gamekit.connect import tables
    from gamekit.i18n import using
    monkeypatch.setattr(tables, "book_for", lambda v: None)        # no book installed: the value is unknown
    assert L.known_results().rows[1][1] == "unknown"
    monkeypatch.undo()
    with using("es"):
        assert L.known_results().rows[1][1] == "un empate"
    assert "the sheet does not say" in str(rules.rows[1])
    assert [r[0] for r in L.lines_table(("four",)).rows] == ["Connect Four (four in a line)"]


def test_step_through_replays_a_won_game():
    steps = L.steps()
    assert len(steps) == len(L.WON_GAME) - L.WON_GAME_FROM + 1      # from move 15: fits the lesson's time
    final = FiveInARow.from_moves(L.WON_GAME)
    assert final.winner() == 0
    assert "wins" in steps[-1].caption and "side disc" in steps[-1].caption
    assert any("one cell above the other" in s.caption for s in steps)
    for s in steps[:3] + steps[-2:]:
        assert s.build()                                        # every scene draws
    widget = L.step_through()
    widget.next()
    assert widget.index == 1 and not widget.errors


def _move_exercises():
    return [(lesson, f()) for lesson, fs in L.EXERCISES.items() for f in fs if f().click]


def test_every_lesson_lists_at_least_three_exercises():
    assert set(L.EXERCISES) == {"five_in_a_row/01_rules_and_play", "five_in_a_row/02_threats_and_exercises",
                                "five_in_a_row/03_how_the_computer_knows"}
    for lesson, fs in L.EXERCISES.items():
        assert len(fs) >= 3, lesson
        for f in fs:
            ex = f()
            assert ex.solutions and ex.wrong
            for answer in ex.solutions:
                assert ex.check(answer)[0] and ex.check(str(answer))[0], ex.key
            assert not ex.check("")[0] and not ex.check("column 9")[0] and not ex.check("abc")[0]


@pytest.mark.parametrize("lesson,ex", _move_exercises(), ids=lambda v: getattr(v, "key", v))
def test_move_exercises_accept_exactly_the_solvers_best_moves(lesson, ex):
    """Issue 10 §2: every click exercise accepts exactly the best moves, and can be failed."""
    game = ex.game
    legal = game.legal_moves()
    assert len(legal) >= 2 and ex.wrong                                # it can be failed
    accepted = {m for m in legal if ex.check(m)[0]}
    assert accepted == set(L.best_moves(game)) == set(ex.solutions)
    if len(game.history) >= L.SOLVE_FROM:                              # the solver settles it: compare directly
        scores = analyse(game, time_budget=None)
        best = max(scores.values())
        assert accepted == {m for m, s in scores.items() if s == best}
    for m in legal:                                                     # every wrong answer says what follows
        ok, feedback = ex.check(m)
        if not ok:
            assert f"column {m}" in feedback and ("five in a line" in feedback or "solver" in feedback)


def test_best_moves_shortcuts_agree_with_the_solver_on_late_positions():
    """The two shortcuts of best_moves (win at once; the only block) against a full analysis."""
    for moves in ("555542344444573235332211", "7213563475156454544336", "55554234444457323533",
                  "444554354436367621333665725", "4646424446655553557373"):
        g = FiveInARow.from_moves(moves)
        scores = analyse(g, time_budget=None)
        best = max(scores.values())
        assert set(L.best_moves(g)) == {m for m, s in scores.items() if s == best}, moves


def test_lesson_one_positions_say_what_the_lesson_says():
    g = FiveInARow.from_moves(L.EXERCISE_POSITIONS["side_win"])
    assert L.immediate_wins(g) == ["2"]
    g.play("2")
    assert (0, 0) in g.winning_cells()                                  # the red side disc is in the five
    g = FiveInARow.from_moves(L.EXERCISE_POSITIONS["side_block"])
    assert g.to_move == 1 and L.playable_threats(g, 0) == [(1, 0)]
    for m in g.legal_moves():                                            # anything but the block loses at once
        if m != "1":
            g.play(m)
            assert L.immediate_wins(g) == ["1"]
            g.undo()


def test_exercise_feedback_shows_the_refutation():
    only = L.only_move_exercise()
    ok, feedback = only.check("5")
    assert not ok and "best play goes red 2" in feedback and "red wins" in feedback
    ok, feedback = only.check("2")
    assert ok and "zugzwang" in feedback
    win = L.winning_move_exercise()
    ok, feedback = win.check("1")
    assert not ok and "draw" in feedback
    assert "yellow wins" in L.challenge_exercise().check("6")[1]
    z = L.zugzwang_exercise()
    assert z.choices is None                                # a count, not a red/yellow guess answered in the text
    ok, feedback = z.check("20")
    assert ok and "20 empty cells" in feedback and "red must then drop" in feedback
    assert "counts columns 1 and 6 too" in z.check("32")[1] and not z.check("32")[0]
    assert "column 2: 4 empty" in z.check("19")[1]
    g = L.position("under_threat")                       # the count by brute force: play elsewhere until stuck
    while True:
        safe = [m for m in g.legal_moves() if m not in ("1", "6")]
        if not safe:
            break
        g.play(safe[0])
        assert g.winner() is None
    assert g.to_move == 0                                # red must now fill a cell under yellow's threat
    g = FiveInARow.from_moves(L.EXERCISE_POSITIONS["only_move"])
    g.play("2")
    assert solve(g) == -1                      # red to move loses to yellow's 21st disc: the last of the game


def test_exercise_widgets_and_score():
    score = L.LessonScore("test")
    board = L.exercise("win_in_one", score)
    ok, _ = board.submit("4")
    assert ok
    assert not board.submit("2")[0]
    from gamekit.connect.view import layout_for
    x, y = layout_for(board.exercise.game, L.CELL).centre(0, 2)
    assert board.click(x, y) is None                            # the side column: refused with a reason
    typed = L.exercise("count_lines", score)
    assert typed.submit("64")[0]
    assert score.solved == 2 and score.attempts == 3


def test_show_and_scene():
    assert L.show("under_threat", danger=True) is not None
    sc = L.scene(L.position("under_threat"), danger=True)
    assert "✗" in sc.texts()


def test_teacher_guide_key_facts_agree_with_the_code():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs/teachers/connect.md").read_text()
    for row in L.lines_table().rows:
        assert "| " + " | ".join(map(str, row)) + " |" in text
    # the value of the start the guide states is the one the shipped book holds (a draw), not "unknown"
    assert L.known_results().rows[1][1] == "a draw"
    assert "5 en raya: a **draw**, computed by gamekit" in text and "claimed" not in text and "unknown" not in text
    g = FiveInARow.from_moves(L.EXERCISE_POSITIONS["only_move"])
    g.play(L.only_move_exercise().solutions[0])
    assert solve(g) == -1 and "gives −1 for red" in text


def test_every_step_through_caption_says_what_the_move_does():
    """Issue 24: no caption is only "Red drops into column 4"; each says what the move threatens or blocks."""
    games = L._won_game_games()
    for i, step in enumerate(L.steps()[1:], start=L.WON_GAME_FROM):
        rest = step.caption.split(".", 2)[-1].strip()
        assert len(rest) > 10, step.caption
        after = games[i + 1]
        seat = games[i].to_move
        col = after.grid_column(int(L.WON_GAME[i]))
        row = len(after.grid[col]) - 1
        if " in a line of 5 that" in step.caption:                       # the count is the board's, checked by brute force
            most = max(sum(after.cell(c, r) == seat for c, r in line)
                       for line in after.variant.lines() if (col, row) in line
                       and all(after.cell(c, r) in (None, seat) for c, r in line))
            assert f"now has {most} disc{'s' if most != 1 else ''} in a line of 5" in step.caption
    assert any(" in a line of 5 that" in s.caption for s in L.steps())
    assert not any(" of red." in s.caption or " of yellow." in s.caption for s in L.steps())   # "… lines of red." was hard to read


JUDGING = ("cannot stop both", "can block only one", "wins")


def test_every_judging_caption_agrees_with_the_exact_solver():
    """Issue 24 §3: a caption that says a side wins or cannot be stopped is what the solver says there."""
    judged = 0
    for name in ("won_game", "popout"):
        for step in L.steps(name):
            if not any(word in step.caption for word in JUDGING):
                continue
            judged += 1
            g = step.position
            if g.is_over():
                assert g.winner() is not None and f"{('Red', 'Yellow')[g.winner()]}".lower() in step.caption.lower()
                continue
            assert solve(g) < 0, step.caption           # the player to move (the one who "cannot stop both") loses
    assert judged >= 2
    caption = next(s.caption for s in L.steps() if "one cell above the other" in s.caption)
    assert caption.startswith("Move 21.")


def test_lesson_two_exercise_one_is_not_the_winning_move_position_played_on():
    """Issue 24: exercise 1's board must not be exercise 4's with the winning line already played."""
    one, four = L.EXERCISE_POSITIONS["win_in_one"], L.EXERCISE_POSITIONS["winning_move"]
    assert not one.startswith(four) and not four.startswith(one)
    for a in L.EXERCISE_POSITIONS.values():
        for b in L.EXERCISE_POSITIONS.values():
            if a != b:
                assert not b.startswith(a), (a, b)


def test_count_lines_feedback_says_what_was_missed():
    ex = L.count_lines_exercise()
    assert "30 + 14" not in ex.hint and "44" not in ex.hint
    ok, feedback = ex.check("44")                                   # across + up, diagonals forgotten
    assert not ok and "diagonal" in feedback and "side discs" not in feedback
    assert "side column" in ex.check("68")[1]                        # the four lines up the side columns counted
    assert ex.check("64") == (True, "Right: 30 across, 14 up and 20 diagonal make 64 lines of five.")


def test_popout_exercise_and_demo_play_out_on_the_rules_engine():
    ex = L.popout_exercise()
    game = L.popout_game()
    assert not [m for m in L.immediate_wins(game) if not m.startswith("p")]    # no drop wins at once
    for choice in ex.choices:
        g = game.copy()
        g.play("p" + choice)
        assert ex.check(choice)[0] == (g.winner() == 0)
    assert len(ex.choices) >= 3 and ex.solutions == ["3"]
    before, after = L.steps("popout")
    g = FiveInARow.from_moves(L.POPOUT_DEMO, popout=True)
    g.play(L.POPOUT_DEMO_POP)
    assert g.winner() == 1 and any(g.is_side(c) for c, _ in g.winning_cells())   # the popper's opponent wins
    assert "yellow win" in after.caption and before.build() and after.build()


def test_block_feedback_is_plain():
    ok, feedback = L.side_block_exercise().check("1")
    assert ok and "now make only four" not in feedback and "can never be five" in feedback


def test_floating_threat_captions_name_the_cell_and_its_row_kind():
    """The step-through ties its captions to the lesson's idea: a new threat cell that cannot be used yet is
    named (column, row counted from 1 at the bottom) with its odd/even kind, which the board confirms."""
    import re
    seen = 0
    games = L._won_game_games()
    for i, step in enumerate(L.steps()[1:], start=L.WON_GAME_FROM):
        m = re.search(r"New (red|yellow) threat cell \(tinted\) in column (\d), row (\d)\. Row \3 is (odd|even): "
                      r"by the odd/even rule of thumb, that is (red|yellow)'s kind\.", step.caption)
        if not m:
            continue
        seen += 1
        colour, column, row, kind, owner = m.groups()
        seat = ("red", "yellow").index(colour)
        after = games[i + 1]
        col = next(c for c in range(after.width) if after.column_number(c) == int(column))
        assert (col, int(row) - 1) in L.threat_cells(after, seat)
        assert (col, int(row) - 1) not in L.playable_threats(after, seat)       # it floats
        assert kind == ("odd" if int(row) % 2 else "even") and owner == ("red" if kind == "odd" else "yellow")
    assert seen >= 2


def test_the_allis_background_is_an_optional_box_in_lesson_2():
    """The pupil's text says the odd/even rule is a rule of thumb in short sentences; Allis, claimeven and his
    other rules are in an optional <details> box (en, es)."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "notebooks"
    for md in (root / "five_in_a_row/02_threats_and_exercises.md", root / "es/five_in_a_row/02_threats_and_exercises.md"):
        text = md.read_text()
        boxes = re.findall(r"<details>.*?</details>", text, flags=re.S)
        outside = re.sub(r"<details>.*?</details>", " ", text, flags=re.S)
        assert any("claimeven" in b and "Allis" in b for b in boxes), md
        assert "claimeven" not in outside and "baseinverse" not in outside, md
        assert ("rule of thumb" in outside) or ("regla práctica" in outside)


def test_a_same_column_answer_is_named_in_its_caption():
    games = L._won_game_games()
    named = 0
    for i, step in enumerate(L.steps()[1:], start=L.WON_GAME_FROM):
        same = games[i].history and str(games[i].history[-1]) == L.WON_GAME[i]
        if "answers in the same column, on top of" in step.caption:
            named += 1
            assert same, step.caption
    assert named >= 1
