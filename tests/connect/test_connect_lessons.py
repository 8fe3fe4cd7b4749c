"""The 5 en raya lesson: positions, threat cells, tables, step-through and exercises (checked by the solver)."""

import re

import pytest

from gamekit.connect import FiveInARow, analyse, solve
from gamekit.connect import lessons as L
from gamekit.connect import lesson1_exercises, lesson1_popout
from gamekit.connect import lesson1_counts
from gamekit.connect import lesson2_exercises
from gamekit.connect import lesson2_rows
from gamekit.connect import lesson_exercise
from gamekit.connect import lesson_marking
from gamekit.connect import lesson_pictures
from gamekit.connect import lesson_positions
from gamekit.connect import lesson_practice
from gamekit.connect.threats import playable_threats
from gamekit.connect.threats import threat_cells
from gamekit.connect import teach_pictures


def test_positions_are_what_the_lesson_says():
    g = lesson_positions.position("edge_line")
    assert playable_threats(g, 0) == [(4, 0)]  # column 4, thanks to the side disc
    g.play("4")
    assert g.winner() == 0 and (0, 0) in g.winning_cells()

    g = lesson_positions.position("open_four")
    assert g.to_move == 1 and len(playable_threats(g, 0)) == 2
    assert solve(g) < 0  # yellow cannot stop it

    g = lesson_positions.position("under_threat")
    assert g.to_move == 0 and threat_cells(g, 1) == [(1, 1), (6, 1)]
    for n in ("1", "6"):  # filling the cell under a threat loses at once
        g.play(n)
        g.play(n)
        assert g.winner() == 1
        g.undo()
        g.undo()

    # lesson 1's diagonal picture: one red cell, reachable now, on a diagonal to a side disc; not lesson 2's
    # stacked pair (the step-through's won game one move before its end), which is lesson 2's reveal
    g = lesson_positions.position("edge_diagonal")
    assert threat_cells(g, 0) == playable_threats(g, 0) == [(3, 3)] and not threat_cells(g, 1)
    assert not lesson_positions.WON_GAME.startswith(lesson_positions.POSITIONS["edge_diagonal"][1])
    g.play("3")
    assert g.winner() == 0 and sorted(g.winning_cells()) == [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]
    assert g.is_side(0) and g.grid[0][0] == 0  # the red side disc on the left, bottom row


def test_threat_cells_match_a_brute_force_check_and_leave_the_grid_alone():
    g = FiveInARow.from_moves("4646424446655553557")
    before = g.to_dict(), [list(c) for c in g.grid]
    for seat in (0, 1):
        cells = set(threat_cells(g, seat))
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
    rules = lesson_pictures.rules_table()
    assert rules.headers == ["", "standard Connect Four", "5 en raya"] and len(rules.rows) == 5
    lines = lesson_pictures.lines_table()
    assert lines.rows[0][4] == 69 and lines.rows[1][4] == 64 and lines.rows[1][5] == 20
    known = L.known_results()
    assert known.rows[1][1] == "a draw" and "computed" in known.rows[1][2] and "claimed" not in str(known.rows)
    from gamekit.connect import tables
    from gamekit.i18n import using

    monkeypatch.setattr(tables, "book_for", lambda v: None)  # no book installed: the value is unknown
    assert L.known_results().rows[1][1] == "unknown"
    monkeypatch.undo()
    with using("es"):
        assert L.known_results().rows[1][1] == "empate"
    assert "published rules leave open" in str(rules.rows[1]) and "gamekit" not in str(rules.rows) + str(known.rows)
    four = lesson_pictures.lines_table(("four",))
    assert [r[0] for r in four.rows] == ["Connect Four (four in a line)"]
    assert "through a side disc" not in four.headers and len(four.rows[0]) == len(four.headers) == 5  # no side discs
    assert lines.headers[-1] == "through a side disc"


def test_step_through_replays_a_won_game():
    steps = lesson_pictures.steps()
    assert (
        len(steps) == len(lesson_positions.WON_GAME) - lesson_positions.WON_GAME_FROM + 1
    )  # from move 15: fits the lesson's time
    final = FiveInARow.from_moves(lesson_positions.WON_GAME)
    assert final.winner() == 0
    assert "wins" in steps[-1].caption and "side disc" in steps[-1].caption
    assert any("one cell above the other" in s.caption for s in steps)
    for s in steps[:3] + steps[-2:]:
        assert s.build()  # every scene draws
    widget = lesson_pictures.step_through()
    widget.next()
    assert widget.index == 1 and not widget.errors


def _move_exercises():
    return [(lesson, f()) for lesson, fs in L.EXERCISES.items() for f in fs if f().click]


def test_every_lesson_lists_at_least_three_exercises():
    assert set(L.EXERCISES) == {
        "five_in_a_row/01_rules_and_play",
        "five_in_a_row/02_threats_and_exercises",
        "five_in_a_row/03_how_the_computer_knows",
    }
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
    assert len(legal) >= 2 and ex.wrong  # it can be failed
    accepted = {m for m in legal if ex.check(m)[0]}
    assert accepted == set(lesson_positions.best_moves(game)) == set(ex.solutions)
    if len(game.history) >= lesson_positions.SOLVE_FROM:  # the solver settles it: compare directly
        scores = analyse(game, time_budget=None)
        best = max(scores.values())
        assert accepted == {m for m, s in scores.items() if s == best}
    for m in legal:  # every wrong answer says what follows
        ok, feedback = ex.check(m)
        if not ok:
            assert f"column {m}" in feedback
            assert (
                "five in a line" in feedback
                or "answers in column" in feedback
                or "good answer" in feedback
                or "'s best answer" in feedback
                or "answers with threats" in feedback  # the answer's column, unnamed (exercises 9 and 10)
                or "two threats at once" in feedback  # stop the double threat: the two cells it would make
            ), feedback


def test_best_moves_shortcuts_agree_with_the_solver_on_late_positions():
    """The two shortcuts of best_moves (win at once; the only block) against a full analysis."""
    for moves in (
        "555542344444573235332211",
        "7213563475156454544336",
        "55554234444457323533",
        "444554354436367621333665725",
        "4646424446655553557373",
    ):
        g = FiveInARow.from_moves(moves)
        scores = analyse(g, time_budget=None)
        best = max(scores.values())
        assert set(lesson_positions.best_moves(g)) == {m for m, s in scores.items() if s == best}, moves


def test_lesson_one_positions_say_what_the_lesson_says():
    g = FiveInARow.from_moves(lesson_positions.EXERCISE_POSITIONS["side_win"])
    assert lesson_positions.immediate_wins(g) == ["2"]
    g.play("2")
    assert (0, 2) in g.winning_cells()  # the red side disc (row 3) is in the five
    g = FiveInARow.from_moves(lesson_positions.EXERCISE_POSITIONS["side_block"])
    assert g.to_move == 1 and playable_threats(g, 0) == [(6, 3)]  # column 6, row 4
    (line,) = [line for line in lesson_pictures.open_lines(g, 6, 3, 0) if sum(g.cell(c, r) == 0 for c, r in line) == 4]
    assert len({r for _, r in line}) == 5 and (8, 5) in line  # a diagonal up to the right side disc, row 6
    assert line.index((6, 3)) not in (0, 4)  # the gap is inside the line, not at its end
    for m in g.legal_moves():  # anything but the block loses at once
        if m != "6":
            g.play(m)
            assert lesson_positions.immediate_wins(g) == ["6"]
            g.undo()
    # not the worked example above it (a line along the bottom row, with the side disc at its end)
    shown = lesson_positions.position("edge_line")
    ((c, r),) = threat_cells(shown, 0)
    assert r == 0 and r not in {r for _, r in line[1:]}


def test_exercise_feedback_shows_the_refutation():
    win = lesson2_exercises.winning_move_exercise()
    ok, feedback = win.check("1")
    assert not ok and "draw" in feedback
    assert "yellow still wins" in lesson2_exercises.challenge_exercise().check("6")[1]


@pytest.mark.parametrize("name", ["winning_move", "challenge"])
def test_a_wrong_click_gets_a_short_reason_with_the_reply_the_solver_plays(name):
    """Issue 35: a wrong answer is told the opponent's best answer and what best play then gives, in one short
    sentence (no 8-move line); the whole line stays one click away.  Checked against the exact solver."""
    ex = L.exercises()[name]
    game = ex.game
    fitted = name == "winning_move"  # told what the drop itself makes: checked below
    for m in ex.wrong:
        ok, feedback = ex.check(m)
        assert not ok and len(feedback.split()) <= (45 if fitted else 20), feedback
        after = game.copy()
        after.play(m)
        if after.is_over() or lesson_positions.immediate_wins(after):
            continue
        reply = lesson_exercise.shown_reply(after)
        if fitted:
            assert (
                reply in ex.solutions
                and ("'s best answer" in feedback or "answers with threats" in feedback)
                and "answers in column" not in feedback
            )
        elif reply in ex.solutions:  # naming it would give the exercise's answer away
            assert "has a good answer" in feedback and "answers in column" not in feedback
        else:
            assert f"answers in column {reply}" in feedback
        value = solve(after)  # for the player to move after the wrong click: the opponent
        assert ("draw" in feedback) == (value == 0)
        if fitted:  # a loss is told by the stacked threats that force it, or in so many words
            assert (value > 0) == ("can force a win" in feedback or "can block only the lowest" in feedback)
        else:
            assert ("can force a win" in feedback) == (value > 0)
        assert ex.more(m).startswith(f"After column {m}, best play")


def _wrong_answer_feedback():
    for fs in L.EXERCISES.values():
        for f in fs:
            ex = f()
            if getattr(ex, "game", None) is None or not ex.click:
                continue
            for m in ex.wrong:
                ok, feedback = ex.check(m)
                assert not ok
                yield ex, m, feedback


def test_no_wrong_answer_feedback_names_an_accepted_column():
    """A wrong click is told what follows from the pupil's own move, never which column was right: no column an
    exercise accepts appears in the feedback on a wrong answer."""
    checked = 0
    for ex, m, feedback in _wrong_answer_feedback():
        lists = re.findall(r"columns? (\d+(?:, \d+)*(?: and \d+)?)", feedback)  # "column 3", "columns 3, 4 and 6"
        named = {n for listed in lists for n in re.findall(r"\d+", listed)}
        assert not named & {str(s) for s in ex.solutions}, (ex.key, m, feedback)
        checked += 1
    assert checked >= 30
    # the consequence is still told: yellow wins at once after red misses its five
    assert (
        "yellow makes five in a line with the very next disc" in lesson2_exercises.win_in_one_exercise().check("1")[1]
    )


def test_zugzwang_is_decided_then_tested_one_safe_drop_later():
    """Lesson 2's exercise 3 asks who must fill a ✗ cell (the zugzwang itself, the count of safe cells part of the
    answer), each wrong answer told its own reason, checked by playing the safe cells out; exercise 4 asks whether
    one safe drop changes that (it does not), checked on the board for every safe drop, its choices naming no colour
    (exercise 3's answer)."""
    who = lesson2_exercises.zugzwang_who_exercise()
    g = lesson_positions.position("under_threat")  # play the safe cells out: who is stuck with a ✗ cell?
    while True:
        safe = [m for m in g.legal_moves() if m not in ("1", "6")]
        if not safe:
            break
        g.play(safe[0])
        assert g.winner() is None
    stuck = ("red", "yellow")[g.to_move]
    # a colour and a count: the colour alone (a coin toss) does not pass; 20 safe cells, an even count
    assert who.solutions == [f"{stuck.capitalize()}, because there are 20 safe cells"]
    ok, right = who.check(who.solutions[0])
    assert ok and "zugzwang" in right and "there are 20 safe cells, an even number" in right
    reasons = {guess: who.check(guess) for guess in who.wrong}
    assert not any(ok for ok, _ in reasons.values())
    assert len({feedback for _, feedback in reasons.values()}) == len(reasons) == 3  # each slip its own reason
    # a wrong answer must not hand over the count of safe cells
    assert not any("20" in text for _, text in reasons.values())
    assert "exercise 3" not in " ".join(text for _, text in reasons.values())  # it is exercise 3 now
    # exercise 4: another board whose count of safe cells is odd, so "the same as exercise 3" is wrong; its threats
    # are red's, so the one stuck (yellow) drops under the other player's threat, as in exercise 3, never its own
    # (which the page's forced-reply rule calls safe for it)
    z = lesson2_exercises.zugzwang_exercise()
    g = z.game.copy()
    danger = {str(g.column_number(c)) for c, _ in threat_cells(g, 0)}
    assert g.to_move == 0 and danger == {"1", "5"} and not threat_cells(g, 1)
    assert {(c, r + 1) for c, r in lesson_pictures.danger_cells(g)} == set(threat_cells(g, 0))  # each right above
    while [x for x in g.legal_moves() if x not in danger]:  # play the safe cells out: who is stuck?
        g.play([x for x in g.legal_moves() if x not in danger][0])
        assert g.winner() is None
    assert g.to_move == 1 and not threat_cells(g, 1)  # yellow must drop under red's threat
    for x in danger:  # either ✗ column: red makes five on top
        after = g.copy()
        after.play(x)
        assert str(lesson_positions.immediate_wins(after)[0]) == x
    assert z.solutions == ["Yellow, because there are 9 safe cells"] != who.solutions
    ok, right = z.check(z.solutions[0])
    assert ok and "yellow must drop into column 1 or 5, and red makes five on top" in right
    assert solve(z.game) > 0  # the exact solver: red wins
    assert not z.check("Red, because there are 8 safe cells")[0]  # one cell missed: the count decides
    reasons = {c: z.check(c) for c in z.wrong}
    assert not any(ok for ok, _ in reasons.values()) and len({t for _, t in reasons.values()}) == 3


@pytest.mark.parametrize("name, row, owner, helps", [("odd_even", 3, 0, True)])
def test_odd_and_even_threats_are_told_apart_and_judged_for_their_owner(name, row, owner, helps):
    """Lesson 2's objective 2 ("tell an odd threat from an even one and say which player each one helps"): one
    threat cell on the board, four choices (odd/even × helps its owner or not), each wrong one with its own reason.
    The right answer is read off the board: the row's parity, and whether the owner is the row's kind (odd rows
    red's, even rows yellow's)."""
    ex = L.exercises()[name]
    cells = [(s, c) for s in (0, 1) for c in threat_cells(ex.game, s)]
    assert len(cells) == 1 and cells[0][0] == owner and cells[0][1][1] + 1 == row
    assert not playable_threats(ex.game, owner)  # it floats: no disc can reach it yet
    parity = "odd" if row % 2 else "even"
    assert helps == (owner == (0 if row % 2 else 1))
    right = f"{parity} row: " + ("it will probably help its owner" if helps else "it will probably not help its owner")
    assert all("probably" in c for c in ex.choices)  # the four choices equally hedged: no tell
    assert ex.solutions == [right] and len(ex.choices) == 4
    # the board alone answers it: the question names neither the owner nor the row (nor its kind), and the words
    # beside the board (screen reader, worksheet) place the cell without its row number
    assert not re.search(r"\b(red|yellow|row \d)\b|odd row|even row", ex.prompt.replace("odd/even", "")), ex.prompt
    on_screen = lesson_pictures.marked_cells_text(ex.game, rows=False)
    assert f"row {row}" not in on_screen and re.search(r"higher than the top disc|still empty", on_screen)
    # on paper too: the words under the printed board place the cell as the screen's words do, without its row
    assert ex.marked_cells == on_screen and f"row {row}" not in ex.marked_cells
    reasons = {c: ex.check(c) for c in ex.choices}
    assert reasons[right][0] and all(not ok for c, (ok, _) in reasons.items() if c != right)
    assert len({text for _, text in reasons.values()}) == 4  # each answer its own reason
    for choice, (ok, text) in reasons.items():
        if not ok and not choice.startswith(parity):
            assert f"row {row}" in text  # the wrong parity: count the rows
        if not ok and choice.startswith(parity):
            assert "whose threat" in text  # the right row, the wrong owner's verdict
            assert "probably" not in text and "solver" not in text  # the reason, not the answer (Show answer)
    # the wrong row with the verdict that row gives for this owner is one slip (the row); the wrong row with the
    # right verdict is two (the row, and whose threat it is)
    other = "even" if parity == "odd" else "odd"
    follows = f"{other} row: " + ("it will probably not help its owner" if helps else "it will probably help its owner")
    kept = f"{other} row: " + ("it will probably help its owner" if helps else "it will probably not help its owner")
    assert reasons[follows][1].startswith("Count the rows") and "Two slips" not in reasons[follows][1]
    assert reasons[kept][1].startswith("Two slips")
    assert ("probably not help " + ("red", "yellow")[owner]) in reasons[right][1] or helps
    assert L.exercise(name) is not None  # the board shows the cell tinted and lettered


def test_the_two_odd_even_exercises_need_the_row_and_the_owner():
    """Exercises 5 and 6 have different owners and different kinds of question: a red threat on an odd row (red's
    own kind) in exercise 5, picked from four choices; a yellow threat on an odd row (the other player's kind) in
    exercise 6, where the pupil types two things worked out in turn: who will probably fill the threat cell (red:
    the row's kind), then how the game ends (a draw: the one threat is blocked).  "red, yellow or draw" alone was
    a one-in-three guess.  The accepted answer is checked by the exact solver (a draw: the grid fills with no five,
    so red does fill yellow's cell), and each wrong answer gets its own reason: yellow filling it after "odd rows
    help" (the row's kind), yellow filling it and a draw (its disc would make five), red filling it and red winning
    (no red threat), red filling it and yellow winning (the threat is blocked).  A form it cannot read is refused
    without using up a try."""
    a, b = L.exercises()["odd_even"], L.exercises()["odd_even_2"]
    ((sa, (_, ra)),) = [(s, c) for s in (0, 1) for c in threat_cells(a.game, s)]
    ((sb, (_, rb)),) = [(s, c) for s in (0, 1) for c in threat_cells(b.game, s)]
    assert (ra + 1) % 2 == 1 and (rb + 1) % 2 == 1 and (sa, sb) == (0, 1)
    assert a.solutions == ["odd row: it will probably help its owner"]
    assert not b.choices and not b.click and set(a.choices).isdisjoint({b.answer, *b.wrong})  # another kind
    assert solve(b.game) == 0 and b.solutions == ["red, draw"]  # yellow does not win: best play draws
    for typed in ("red, draw", "Red, a draw.", "red and draw", "red draw", "the red, nobody", "rojo, empate"):
        assert b.check(typed)[0], typed
    told = {w: b.check(w) for w in ("yellow, yellow", "yellow, draw", "red, red", "red, yellow wins")}
    assert not any(ok for ok, _ in told.values()) and len({why for _, why in told.values()}) == 4
    assert "odd or even" in told["yellow, yellow"][1] and "would make five" in told["yellow, draw"][1]
    assert "no threat cell here" in told["red, red"][1] and "threat is blocked" in told["red, yellow wins"][1]
    for why in (w for _, w in told.values()):
        assert "draw" not in why.lower() and "row 5" not in why  # a wrong answer is never told the answer
    assert "The exact solver agrees: best play ends in a draw" in b.check("red, draw")[1]
    for refused in ("blue, draw", "5", "draw", "red", "yellow wins", "red, blue"):
        ok, text, used = b.assess(refused)
        assert not ok and not used and "with a comma between them" in text, refused
    # the board alone answers it: the question names neither the owner nor the row
    assert not re.search(r"\b(row \d)\b|odd row|even row|yellow's|red's", b.prompt), b.prompt
    assert "row 5" not in b.marked_cells


@pytest.mark.parametrize("name", ["odd_even"])
def test_the_odd_even_verdicts_agree_with_the_exact_solver(name):
    """The rule of thumb's answer is what happens in these very positions: the threat's owner wins with best play
    (its five made on that cell) when the answer is "it will probably help its owner", and does not win when it is
    "it will probably not help its owner"; the right answer's feedback says what the solver found."""
    ex = L.exercises()[name]
    ((owner, (c, r)),) = [(s, cell) for s in (0, 1) for cell in threat_cells(ex.game, s)]
    score = solve(ex.game)
    owner_wins = score != 0 and (score > 0) == (ex.game.to_move == owner)
    helps = ex.solutions[0].endswith("it will probably help its owner")
    assert owner_wins == helps
    colour = ("red", "yellow")[owner]
    said = ex.check(ex.solutions[0])[1]
    if helps:
        line, end = lesson_exercise.principal_line(ex.game, limit=ex.game.variant.cells)
        assert end.winner() == owner and line[-1] == str(ex.game.column_number(c))
        assert len(end.grid[c]) == r + 1  # the five is made on the threat cell itself
        assert f"The exact solver agrees: {colour} wins this game" in said
    else:
        assert (
            score == 0 and f"The exact solver agrees: {colour} does not win this game; best play ends in a draw" in said
        )


def test_odd_even_choices_are_in_spanish_of_the_lessons():
    from gamekit.i18n import using

    with using("es"):
        ex = lesson2_rows.odd_even_exercise("odd_even")
        assert "fila par: probablemente no le servirá a su dueño" in ex.choices
        assert ex.solutions == ["fila impar: probablemente le servirá a su dueño"]
        assert all("tipo" not in c for c in ex.choices)
        typed = lesson2_rows.odd_even_2_exercise()
        assert (
            typed.solutions == ["rojo, empate"] and typed.check("Rojo, empate")[0] and typed.check("el rojo y nadie")[0]
        )
        assert "fila impar o par" in typed.check("amarillo, amarillo")[1] and not typed.check("rojo, rojo")[0]
        assert "escribe dos cosas separadas por una coma" in typed.assess("azul")[1]


def test_threat_cells_carry_a_letter_as_well_as_a_tint():
    """Colour is never the only cue: each threat cell is lettered R or Y (R or A in Spanish)."""
    from gamekit.i18n import using

    g = lesson_positions.position("edge_diagonal")
    texts = lesson_pictures.scene(g).texts()
    assert texts.count("R") == len(threat_cells(g, 0)) and "Y" not in texts
    with using("es"):
        g = lesson_positions.position("under_threat")
        assert lesson_pictures.scene(g).texts().count("A") == len(threat_cells(g, 1))
    # and in words beside the picture, for a screen reader: the same cells, lettered, and the ✗ cells
    box = lesson_pictures.show("under_threat", danger=True)
    text = box.children[1].description
    assert "Threat cells: Y (yellow) in column 1, row 2; Y (yellow) in column 6, row 2." in text
    assert "Cells marked ✗" in text and "column 1, row 1; column 6, row 1" in text
    assert (
        "Threat cells: R (red) in column 2, 2 cells higher than the top disc of that column."
        in L.exercise("odd_even").children[0].children[1].description
    )


def test_row_lines_exercise_gives_each_slip_its_reason():
    ex = lesson1_exercises.row_lines_exercise()
    assert ex.check("5")[0]
    assert "seven middle cells" in ex.check("3")[1] and "forgets one" in ex.check("4")[1]
    assert "every row" in ex.check("30")[1] and not ex.check("6")[0]


def test_exercise_widgets_and_score():
    score = L.LessonScore("test")
    board = L.exercise("win_in_one", score)
    ok, _ = board.submit("4")
    assert ok
    assert not board.submit("2")[0]
    from gamekit.connect.view import layout_for

    x, y = layout_for(board.exercise.game, lesson_pictures.CELL).centre(0, 2)
    assert board.click(x, y) is None  # the side column: refused with a reason
    grid, typed = L.exercise("count_lines", score).children  # the empty grid to count on, then the answer box
    game = typed.exercise.game
    assert not any(game.grid[c] for c in range(1, game.width - 1)) and typed.submit("30 + 14 + 20")[0]
    assert score.solved == 2 and score.attempts == 3


def test_show_and_scene():
    assert lesson_pictures.show("under_threat", danger=True) is not None
    sc = lesson_pictures.scene(lesson_positions.position("under_threat"), danger=True)
    assert "✗" in sc.texts()


def test_teacher_guide_key_facts_agree_with_the_code():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs/teachers/connect.md").read_text()
    for row in lesson_pictures.lines_table().rows:
        assert "| " + " | ".join(map(str, row)) + " |" in text
    # the value of the start the guide states is the one the shipped book holds (a draw), not "unknown"
    assert L.known_results().rows[1][1] == "a draw"
    assert "5 en raya: a **draw**, computed by gamekit" in text and "claimed" not in text and "unknown" not in text


def test_every_step_through_caption_says_what_the_move_does():
    """Issue 24: no caption is only "Red drops into column 4"; each says what the move threatens or blocks."""
    games = lesson_pictures.won_game_games()
    for i, step in enumerate(lesson_pictures.steps()[1:], start=lesson_positions.WON_GAME_FROM):
        rest = step.caption.split(".", 2)[-1].strip()
        assert len(rest) > 10, step.caption
        after = games[i + 1]
        seat = games[i].to_move
        if "It makes no threat and blocks none." in step.caption:  # checked on the board, not assumed
            before = games[i]
            assert set(threat_cells(after, seat)) <= set(threat_cells(before, seat))
            assert set(playable_threats(before, 1 - seat)) <= set(playable_threats(after, 1 - seat))
    assert any("It makes no threat and blocks none." in s.caption for s in lesson_pictures.steps())
    assert not any("lines that" in s.caption or "in a line of 5" in s.caption for s in lesson_pictures.steps())
    assert not any(
        " of red." in s.caption or " of yellow." in s.caption for s in lesson_pictures.steps()
    )  # "… lines of red." was hard to read


JUDGING = ("cannot stop both", "can block only one", "wins")


def test_every_judging_caption_agrees_with_the_exact_solver():
    """Issue 24 §3: a caption that says a side wins or cannot be stopped is what the solver says there."""
    judged = 0
    for name in ("won_game", "popout"):
        for step in lesson_pictures.steps(name):
            if not any(word in step.caption for word in JUDGING):
                continue
            judged += 1
            g = step.position
            if g.is_over():
                assert g.winner() is not None and f"{('Red', 'Yellow')[g.winner()]}".lower() in step.caption.lower()
                continue
            assert solve(g) < 0, step.caption  # the player to move (the one who "cannot stop both") loses
    assert judged >= 2
    caption = next(s.caption for s in lesson_pictures.steps() if "one cell above the other" in s.caption)
    assert caption.startswith("Move 21.")
    # a move played in a lost position says so, as the solver sees the position before it (and the five it allows)
    games = lesson_pictures.won_game_games()
    lost = []
    for i, step in enumerate(lesson_pictures.steps()[1:], start=lesson_positions.WON_GAME_FROM):
        if "already lost" in step.caption:
            assert solve(games[i]) < 0, step.caption
            lost.append(i + 1)
        elif i >= lesson_positions.SOLVE_FROM and not games[i + 1].is_over():
            assert solve(games[i]) >= 0, step.caption
    assert 22 in lost
    move_22 = lesson_pictures.steps()[22 - lesson_positions.WON_GAME_FROM].caption
    assert move_22.startswith("Move 22.") and "Red can now make five at once in column 7." in move_22


def test_lesson_two_exercise_one_is_not_the_winning_move_position_played_on():
    """Issue 24: exercise 1's board must not be exercise 4's with the winning line already played."""
    one, four = lesson_positions.EXERCISE_POSITIONS["win_in_one"], lesson_positions.EXERCISE_POSITIONS["winning_move"]
    assert not one.startswith(four) and not four.startswith(one)
    for a in lesson_positions.EXERCISE_POSITIONS.values():
        for b in lesson_positions.EXERCISE_POSITIONS.values():
            if a != b:
                assert not b.startswith(a), (a, b)


def test_count_lines_feedback_says_what_was_missed():
    ex = lesson1_exercises.count_lines_exercise()
    assert "30 + 14" not in ex.hint and "44" not in ex.hint
    ok, feedback = ex.check("44")  # 64 − 20: the 20 diagonals, or the 20 lines through a side disc, left out
    assert not ok and "diagonals" in feedback and "side disc" in feedback
    assert "side column" in ex.check("68")[1]  # the four lines up the side columns counted
    assert "lines going up" in ex.check("50")[1]  # across + diagonal
    assert "lines across" in ex.check("34")[1]  # up + diagonal
    assert "one way only" in ex.check("54")[1]  # one diagonal direction
    assert ex.check("30 + 14 + 20") == (
        True,
        "Right: 30 across, 14 up and 20 diagonal make 64 lines of five. That is fewer lines than Connect Four's "
        "69, each one cell longer: a five takes longer to build, and a vertical five needs five of your discs "
        "stacked in one column.",
    )
    # the comparison with Connect Four (a bound on the answer) comes only after a right answer, not on the page
    one = (NOTEBOOKS / "five_in_a_row/01_rules_and_play.md").read_text(encoding="utf-8")
    assert "Fewer lines than in Connect Four" not in one
    reasons = [ex.check(w)[1] for w in ex.wrong]
    assert len(set(reasons)) == len(reasons), "each common wrong answer gets its own reason"


def test_forgetting_the_diagonals_is_told_so_when_the_counts_are_typed():
    """The most common slip, the diagonals forgotten (30 + 14 = 44), has its own reason: typed as the three counts
    the question asks for, it is told apart from the side discs left out (18 + 14 + 12, also 44)."""
    ex = lesson1_exercises.count_lines_exercise()
    assert "across + up + diagonal" in ex.prompt
    for forgot in ("30 + 14", "30+14+0", "30 + 14 + 0"):
        ok, why = ex.check(forgot)
        assert not ok and why.startswith("You forgot the diagonals"), (forgot, why)
    ok, why = ex.check("18 + 14 + 12")
    assert not ok and "side discs" in why and "forgot the diagonals" not in why
    assert "one way only" in ex.check("30 + 14 + 10")[1]
    assert "side columns" in ex.check("30 + 18 + 20")[1]
    assert "one row" in ex.check("5 + 14 + 20")[1]
    assert "left out the diagonals that end on a side disc" in ex.check("30 + 14 + 12")[1]
    assert ex.check("30 + 14 + 20")[0]
    for total in ("64", 64, " 64 ", "64 lines"):  # the total alone is right: the three counts are asked for
        ok, why = ex.check(total)
        assert not ok and why.startswith("64 is right. Now write how you counted: across + up + diagonal"), total
    ok, why = ex.check("14 + 30 + 20")  # across and up swapped: its own reason
    assert not ok and why.startswith("Across and up are the other way round")
    for order in ("20 + 14 + 30", "30 + 20 + 14"):  # the right counts in another order: the order asked
        ok, why = ex.check(order)
        assert not ok and why.startswith("Write the counts in the order asked"), order
    # four counts (the diagonals each way apart, as the prompt allows) that differ each way are judged, not refused
    assert ex.check("30 + 14 + 20 + 1")[1].startswith("Diagonal: 20 one way and 1 the other cannot be right")
    for bad in ("30 + 14 + 20 + 1 + 1", "thirty", "30 + -4 + 20"):  # refused, naming the input and why
        ok, why = ex.check(bad)
        assert not ok and f"“{bad}”" in why
    with pytest.raises(ValueError, match="never negative"):
        lesson1_counts.parse_line_counts("30 + -4 + 20")


def test_count_lines_accepts_the_forms_pupils_write():
    """The sum with its total and the counts separated by commas are read like 30 + 14 + 20; a wrong total after
    = is named as an adding slip, and a wrong part still gets its direction's reason.  Only the three counts in the
    order asked are right: the total alone (64) is asked for the three counts, another order for the order asked."""
    ex = lesson1_exercises.count_lines_exercise()
    for natural in ("30 + 14 + 20 = 64", "30, 14, 20", "30,14,20", " 30 + 14 + 20=64 "):
        ok, why = ex.check(natural)
        assert ok and "64 lines of five" in why, (natural, why)
    ok, why = ex.check("30 + 14 + 20 = 63")
    assert not ok and why == "Check your adding: 30 + 14 + 20 makes 64, not 63."
    ok, why = ex.check("30, 14, 0")
    assert not ok and why.startswith("You forgot the diagonals")
    ok, why = ex.check("30 + 14 + 10 = 54")
    assert not ok and "one way only" in why
    ok, why = ex.check("30, 18, 20")
    assert not ok and "side columns" in why
    assert lesson1_counts.parse_line_counts("30 + 14 + 20 = 64") == ((30, 14, 20), 64)
    ok, why = ex.check("64")
    assert not ok and "64 is right. now write how you counted" in why.lower(), why
    assert not ex.check("63")[0] and not ex.check("65")[0]
    for order in ("14 + 30 + 20", "14, 30, 20", "14 + 30 + 20 = 64"):
        ok, why = ex.check(order)
        assert not ok and "other way round" in why, (order, why)
    ok, why = ex.check("20, 14, 30")
    assert not ok and "order asked" in why
    assert "64" not in ex.solutions and "64" not in map(str, ex.wrong)  # right, but not the working: no wrong try
    for bad in ("30 + 14 = 44 = 44", "30, , 20", "= 64", "30 + 14 + 20 ="):
        ok, why = ex.check(bad)
        assert not ok and f"“{bad.strip()}”" in why and "three counts" in why, (bad, why)


def test_popout_exercise_and_demo_play_out_on_the_rules_engine():
    """No drop makes five (checked), so the choices are the real ones: every pop red can make, each played on the
    rules engine; exactly one makes red's five, and no drop is offered as a filler button."""
    ex = lesson1_popout.popout_exercise()
    game = lesson1_popout.popout_game()
    assert not [m for m in lesson_positions.immediate_wins(game) if not m.startswith("p")]  # no drop wins at once
    pops = [m for m in game.legal_moves() if m.startswith("p")]
    assert ex.choices == [lesson1_popout.popout_move_label(m) for m in pops] and len(pops) >= 4
    for move in pops:
        g = game.copy()
        g.play(move)
        ok, text = ex.check(lesson1_popout.popout_move_label(move))
        assert ok == (g.winner() == 0)
    assert ex.solutions == ["pop column 5"]
    assert "gap just above" not in ex.hint
    assert "falling by one row" in ex.hint and "red disc just above the yellow one" not in ex.hint
    g = game.copy()  # the answer's pattern (never in the hint): row 2 has four red discs (the side disc one of
    g.play("p5")  # them) and one yellow one, with a red disc right above the yellow
    row = g.winning_cells()[0][1]
    before = [game.cell(c, row) for c, _ in g.winning_cells()]
    assert before.count(0) == 4 and before.count(1) == 1
    c = next(c for c, _ in g.winning_cells() if game.cell(c, row) == 1)
    assert game.cell(c, row + 1) == 0 and game.column_number(c) == 5
    before, after = lesson_pictures.steps("popout")
    g = FiveInARow.from_moves(lesson_positions.POPOUT_DEMO, popout=True)
    g.play(lesson_positions.POPOUT_DEMO_POP)
    assert g.winner() == 1 and any(g.is_side(c) for c, _ in g.winning_cells())  # the popper's opponent wins
    assert "yellow win" in after.caption and before.build() and after.build()


def test_the_zugzwang_question_names_the_cells_it_means():
    who = lesson2_exercises.zugzwang_who_exercise()
    assert "until those cells" not in who.prompt and "Nobody wants to drop into columns 1 and 6" in who.prompt
    assert "where nobody wins" not in who.prompt  # short sentences, no clause a pupil can misread
    assert len(who.prompt.split()) <= 50  # short: who has to fill a ✗ cell first, and why


def test_lesson_one_practice_is_make_five_or_stop_five_with_room_to_miss():
    """Lesson 1 has not taught forcing a win: each practice problem is a five now or a block of one, and has at
    least five legal drops, so a guess rarely hits."""
    for ex in L.practice_exercises(1):
        assert lesson_practice.is_at_once(ex.game), ex.prompt
        assert "force" not in ex.prompt
        assert len(ex.game.legal_moves()) >= 5
    assert "side_column" in [theme for theme, _ in L.LESSONS[1].practice.items]


def test_stacked_threat_caption_reconciles_the_rule_of_thumb():
    """Move 15's caption says the row-4 threat alone will probably not help red; move 21's caption, where it is
    the upper half of the stacked pair that wins, says why it counts after all."""
    captions = {s.caption.split(".")[0]: s.caption for s in lesson_pictures.steps()[1:]}
    assert "on its own this red threat will probably not help red" in captions["Move 15"]
    assert "cannot stop both" in captions["Move 21"]
    assert "On its own, the threat on row 4 would probably not have helped red" in captions["Move 21"]


def test_block_feedback_is_plain():
    ok, feedback = lesson1_exercises.side_block_exercise().check("6")
    assert ok and "now make only four" not in feedback and "can never be five" in feedback


def test_floating_threat_captions_name_the_cell_and_its_row_kind():
    """The step-through ties its captions to the lesson's idea: a new threat cell that cannot be used yet is
    named (column, row counted from 1 at the bottom) with its odd/even kind, which the board confirms."""
    import re

    seen = 0
    games = lesson_pictures.won_game_games()
    for i, step in enumerate(lesson_pictures.steps()[1:], start=lesson_positions.WON_GAME_FROM):
        m = re.search(
            r"New (red|yellow) threat cell \(tinted\) in column (\d), row (\d)\. Row \3 is (odd|even): "
            r"by the odd/even rule of thumb, ",
            step.caption,
        )
        if not m:
            continue
        seen += 1
        colour, column, row, kind = m.groups()[:4]
        seat = ("red", "yellow").index(colour)
        after = games[i + 1]
        col = next(c for c in range(after.width) if after.column_number(c) == int(column))
        assert (col, int(row) - 1) in threat_cells(after, seat)
        assert (col, int(row) - 1) not in playable_threats(after, seat)  # it floats
        assert kind == ("odd" if int(row) % 2 else "even")
        good = (colour == "red") == (kind == "odd")  # odd rows are red's kind, even rows yellow's
        assert ("a good row for a " + colour in step.caption) == good
        assert ("on its own this " + colour + " threat will probably not help " + colour in step.caption) == (not good)
        assert "yellow's kind" not in step.caption or colour == "yellow"
    assert seen >= 2


def test_the_allis_background_is_an_optional_box_in_lesson_2():
    """The pupil's text says the odd/even rule is a rule of thumb in short sentences; Allis, claimeven and his
    other rules are in an optional <details> box (en, es)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "notebooks"
    for md in (
        root / "five_in_a_row/02_threats_and_exercises.md",
        root / "es/five_in_a_row/02_threats_and_exercises.md",
    ):
        text = md.read_text()
        boxes = re.findall(r"<details>.*?</details>", text, flags=re.S)
        outside = re.sub(r"<details>.*?</details>", " ", text, flags=re.S)
        assert any("claimeven" in b and "Allis" in b for b in boxes), md
        assert "claimeven" not in outside and "baseinverse" not in outside, md
        assert ("rule of thumb" in outside) or ("regla práctica" in outside)


def test_a_same_column_answer_is_named_in_its_caption():
    games = lesson_pictures.won_game_games()
    named = 0
    for i, step in enumerate(lesson_pictures.steps()[1:], start=lesson_positions.WON_GAME_FROM):
        same = games[i].history and str(games[i].history[-1]) == lesson_positions.WON_GAME[i]
        if "answers in the same column, on top of" in step.caption:
            named += 1
            assert same, step.caption
    assert named >= 1


# ----- issue 35: objectives, practice and the pupil's page ------------------------------------------------------
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _objective_bullets(md: Path) -> list[str]:
    """The objective bullets at the top of a lesson page, markup and line breaks removed."""
    import re

    text = md.read_text(encoding="utf-8")
    start = re.search(r"\*\*(Objectives|Objetivos)", text).end()
    block = text[start : text.index("\n\n", text.index("\n*", start))]
    items = re.split(r"\n\* ", "\n" + block.split("\n", 1)[1])
    return [" ".join(i.replace("**", "").split()).rstrip(";.") for i in items if i.strip()]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("number", [1, 2, 3])
def test_the_page_announces_exactly_the_objectives_the_exercises_test(number, lang):
    """Objectives are data: the page's bullets are the objectives listed in LESSONS (each naming its exercises,
    easy before hard within an objective), in both languages."""
    from gamekit.i18n import tr, using
    from gamekit.widgets.lesson_registry import LEVEL_ORDER

    lesson = L.LESSONS[number]
    md = NOTEBOOKS / ("es" if lang == "es" else "") / f"{lesson.notebook}.md"
    with using(lang):
        assert _objective_bullets(md) == [tr(text) for text, _ in lesson.objectives]
    for _, names in lesson.objectives:
        assert len(names) >= 2 and all(n in lesson.exercises for n in names), names  # at least two exercises each
        levels = [LEVEL_ORDER.index(lesson.levels[n]) for n in names]
        assert levels == sorted(levels), names
    tested = {n for _, names in lesson.objectives for n in names}
    assert tested == set(lesson.exercises), "every exercise tests an announced objective"


def _practice_cases():
    return [(n, i) for n in L.LESSONS for i in range(len(L.LESSONS[n].practice.items))]


@pytest.mark.parametrize("number, i", _practice_cases())
def test_each_practice_prompt_says_what_is_at_stake_in_that_position(number, i):
    """Issue 35: a block is not "find the drop that wins", a forced win is not a win at once: the question is read
    off the position and checked here against the position and the exact solver's answers."""
    ex = L.practice_exercises(number)[i]
    game, prompt = ex.game, ex.prompt
    wins = lesson_positions.immediate_wins(game)
    threats = playable_threats(game, 1 - game.to_move)
    assert prompt.startswith(("Red to move.", "Yellow to move.")) or prompt.startswith("Be the computer")
    if "right now" in prompt:
        assert wins and set(wins) <= set(ex.solutions)
    if "threatens to make five with the next disc" in prompt:
        assert threats and not wins
        for m in ex.solutions:  # the answer stops the threat
            after = game.copy()
            after.play(m)
            assert not lesson_positions.immediate_wins(after)
    if "wins by force" in prompt:
        assert not wins and not threats and solve(game) > 0
    legal = game.legal_moves()
    assert 3 * len(ex.solutions) <= len(legal) or "equally good" in prompt, "more than a third right: the page says so"
    assert ("equally good" in prompt) == (len(ex.solutions) > 1)


@pytest.mark.parametrize("number, i", _practice_cases())
def test_each_practice_hint_counts_the_answers_the_exercise_accepts(number, i):
    """A hint that says "2 right answers: any one will do" on an exercise that accepts one sends the pupil
    hunting for an answer that is marked wrong: the count is this exercise's accepted answers (lesson 3 asks for
    the column and its score, so only the best columns count, not every winning one)."""
    ex = L.practice_exercises(number)[i]
    n = len(ex.solutions)
    assert all(ex.check(s)[0] for s in ex.solutions)
    if n == 1:
        assert ex.hint.endswith("There is only one right answer."), ex.hint
    else:
        assert ex.hint.endswith(f"There are {n} right answers: any one will do."), ex.hint
    accepted = [w for w in ex.wrong if ex.check(w)[0]]
    assert not accepted, f"{accepted} are marked right but not counted"


def test_lesson_three_practice_is_searched_by_hand():
    """Lesson 3's set is its own idea: minimax by hand on endgames small enough (the page says how small)."""
    text = (NOTEBOOKS / "five_in_a_row/03_how_the_computer_knows.md").read_text(encoding="utf-8")
    assert f"at most {L.HAND_SEARCH_EMPTY} empty cells" in text
    for ex in L.practice_exercises(3):
        empty = ex.game.variant.cells - ex.game.discs_on_board
        assert empty <= L.HAND_SEARCH_EMPTY and ex.prompt.startswith(f"Be the computer: only {empty} cells")
    assert set(L.LESSONS[3].themes) == set(L.LESSONS[2].themes)  # nothing untaught


@pytest.mark.parametrize(
    "path",
    sorted(
        str(p.relative_to(NOTEBOOKS))
        for p in [*NOTEBOOKS.glob("five_in_a_row/*.md"), *NOTEBOOKS.glob("es/five_in_a_row/*.md")]
    ),
)
def test_the_pupils_page_has_no_teacher_material_or_internal_names(path):
    """Issue 35 §3: no "For teachers" appendix, no gamekit, rules sheet or code words in the prose; the Next link
    ends the page."""
    import re
    import jupytext

    nb = jupytext.read(NOTEBOOKS / path, fmt="md:myst")
    prose = [c.source for c in nb.cells if c.cell_type == "markdown"]
    text = "\n".join(prose)
    for word in (
        "gamekit",
        "rules sheet",
        "hoja de reglas",
        "For teachers",
        "Para el profesorado",
        "numba",
        "docs/",
        "(12–16)",
        "12–16",
    ):
        assert word not in text, (path, word)
    last = prose[-1].strip().split("\n\n")[-1]
    assert re.match(r"(Next|Siguiente)\b.*\]\([^)]+\)", last, re.S), path
    assert nb.cells[-1].cell_type == "markdown", f"{path}: nothing after the Next link"


def test_the_lesson_tables_name_no_internal_program():
    from gamekit.i18n import using

    for lang in ("en", "es"):
        with using(lang):
            text = str(lesson_pictures.rules_table().rows) + str(L.known_results().rows)
            assert "gamekit" not in text and "sheet" not in text and "hoja" not in text


def _all_exercises():
    return [(n, name) for n, lesson in L.LESSONS.items() for name in lesson.exercises]


@pytest.mark.parametrize("number, name", _all_exercises())
def test_each_common_wrong_answer_gets_its_own_reason(number, name):
    """Issue 35 §3: every listed wrong answer is refused with a reason of its own (no two share one), and none
    of them is a long solver line: the feedback is short enough to read at a glance."""
    ex = L.LESSONS[number].exercises[name]()
    reasons = {}
    for answer in ex.wrong:
        ok, feedback = ex.check(answer)
        assert not ok and len(feedback) > 15, (name, answer, feedback)
        assert len(feedback.split()) <= 60, (name, answer, feedback)
        reasons[str(answer)] = feedback
    assert len(set(reasons.values())) == len(reasons), (name, reasons)
    assert ex.choices is None or all(c in ex.wrong or c in ex.solutions for c in ex.choices)  # no choice unexplained


def test_the_guides_lesson_one_extension_is_true_and_not_answered_on_the_page():
    """Issue 35: the extension asks how many of the 64 lines each colour can complete; its answer (54 each, 10 of
    the 20 side-disc lines per colour) is the code's count, and neither the page nor its tables show it."""
    from gamekit.connect.rules import FIVE_IN_A_ROW, count_lines

    n = count_lines(FIVE_IN_A_ROW)
    assert n["red"] == n["yellow"] == n["lines"] - n["through_sides"] // 2 == 54
    root = Path(__file__).resolve().parents[2]
    guide = (root / "docs/teachers/connect.md").read_text(encoding="utf-8")
    assert "Answer: 54 each" in guide and "10 end on a red one and 10 on a yellow one" in guide
    assert "lines of five … lines of four" not in guide and "7 × 6, lines of four" not in guide
    page = (NOTEBOOKS / "five_in_a_row/01_rules_and_play.md").read_text(encoding="utf-8")
    assert "54" not in page and "54" not in str(lesson_pictures.lines_table(["four"]).rows)


def _page(path: str) -> str:
    return (NOTEBOOKS / path).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["", "es/"])
def test_the_odd_even_rule_comes_after_the_zugzwang_it_would_answer(lang):
    """Lesson 2: "a yellow threat on an even row … red has to fill the odd cell under it" answers the zugzwang
    question (who fills a ✗ cell?), so the rule is stated only after the pupil has counted it out."""
    page = _page(f"{lang}five_in_a_row/02_threats_and_exercises.md")
    rule = page.index("tiene que llenar el hueco impar" if lang else "red has to fill the odd cell under it")
    assert page.index('L.exercise("zugzwang_who"') < rule < page.index('L.exercise("odd_even"')
    calls = [m for m in re.findall(r'L\.exercise\("(\w+)"', page)]
    assert calls == list(L.LESSONS[2].exercises)  # the page asks them in the lesson's order


def test_lesson_two_text_says_what_the_pictures_and_moves_show():
    page = _page("five_in_a_row/02_threats_and_exercises.md")
    assert "Y, in\ncolumn 1, row 2" in page or "(marked Y, in column 1, row 2)" in " ".join(page.split())
    assert "Y (yellow) in column 1, row 2" in lesson_pictures.marked_cells_text(lesson_positions.position("open_four"))
    assert "move 21: red makes two threats" not in page and "Now red can use **both**" in " ".join(page.split())


def test_the_solver_is_explained_before_lesson_one_uses_it():
    page = _page("five_in_a_row/01_rules_and_play.md")
    first = page.index("exact solver")
    before = " ".join(page[: first + 200].split())
    assert "by looking ahead to the end of the game. We call it the **exact solver**" in before
    assert "tries every move" not in before  # alpha-beta (lesson 3) skips moves: "every move" was false
    assert "verdict" not in before  # two short sentences, no hard word
    es = " ".join(_page("es/five_in_a_row/01_rules_and_play.md").split())
    assert "mirando las jugadas hasta el final de la partida" in es and "Prueba todas las jugadas" not in es


SPANISH_CALQUES = (
    "del tipo del",
    "jugadores del ordenador",
    "hueco vacío que completaría",
    "busca en una partida",
    "pilas de casillas",
)


@pytest.mark.parametrize(
    "path",
    [
        "notebooks/es/five_in_a_row/01_rules_and_play.md",
        "notebooks/es/five_in_a_row/02_threats_and_exercises.md",
        "notebooks/es/five_in_a_row/03_how_the_computer_knows.md",
        "docs/teachers/es/connect.md",
    ],
)
def test_spanish_pages_avoid_the_calques_a_reader_found(path):
    text = (NOTEBOOKS.parent / path).read_text(encoding="utf-8")
    if path.startswith("docs/"):
        text = text.split("<!-- solutions:begin")[0]  # the generated solutions quote the catalogue
    for calque in SPANISH_CALQUES:
        assert calque not in text, (path, calque)


def _general_plan(path: str) -> dict[str, list[str]]:
    text = (NOTEBOOKS.parent / path).read_text(encoding="utf-8")
    section = re.split(r"^## ", text, flags=re.M)
    plan = next(s for s in section if s.startswith(("The shape of every lesson", "El esquema de cada lección")))
    return {
        row[0]: row[1:]
        for row in (
            [c.strip() for c in line.strip("|").split("|")] for line in plan.splitlines() if line.startswith("| ")
        )
    }


def _lesson_rows(path: str, lesson: int) -> list[tuple[int, str]]:
    text = (NOTEBOOKS.parent / path).read_text(encoding="utf-8")
    block = re.split(r"^### ", text, flags=re.M)[lesson]
    return [(int(m), what) for m, what in re.findall(r"^\| (\d+) \| (.+?) \|$", block, re.M)]


@pytest.mark.parametrize("path", ["docs/teachers/connect.md", "docs/teachers/es/connect.md"])
def test_the_guides_general_plan_agrees_with_each_lessons_plan(path):
    """The general plan gives, for lessons 1 and 2, the minutes of their own tables: same total (the minutes each
    lesson announces: 50 and 55), same minutes on exercises and on step-throughs; no recall of ideas a lesson has
    not taught yet."""
    plan = _general_plan(path)
    rows = [r for k, r in plan.items() if not k.startswith(("part", "parte", "---", "**"))]
    numbers = lambda cell: [int(n) for n in re.findall(r"(\d+)(?! ?[–-]\d)(?=\s*(?:\(|\+|$))", cell)]
    for column, lesson in ((0, 1), (1, 2)):
        total = sum(sum(numbers(r[column])) for r in rows)
        own = _lesson_rows(path, lesson)
        assert total == sum(m for m, _ in own) == L.LESSONS[lesson].minutes, (path, lesson, total)
        word = "ejercicio" if "/es/" in path else "exercise"
        step = "paso a paso" if "/es/" in path else "step-through"
        on_exercises = sum(m for m, what in own if word in what or "reto" in what or "challenge" in what)
        on_steps = sum(m for m, what in own if step in what)
        ex_row = next(r for k, r in plan.items() if k.startswith(("Exercises", "Ejercicios")))
        st_row = next(r for k, r in plan.items() if k.startswith(("Step-through", "Paso a paso")))
        assert sum(numbers(ex_row[column])) == on_exercises and sum(numbers(st_row[column])) == on_steps
    text = (NOTEBOOKS.parent / path).read_text(encoding="utf-8")
    assert "Recall" not in text and "Repaso:" not in text


@pytest.mark.parametrize("path", ["docs/teachers/connect.md", "docs/teachers/es/connect.md"])
def test_developer_details_are_in_the_maintainers_notes_not_the_teachers_guide(path):
    """The teacher's copy holds no maintainer material (make targets, python -m commands, source paths, "checked by
    the tests"): it lives in docs/connect.md, the maintainers' notes.  Only the generated blocks' markers (HTML
    comments, not shown) name their command."""
    text = (NOTEBOOKS.parent / path).read_text(encoding="utf-8")
    shown = re.sub(r"<!--.*?-->", "", text)
    notes = (NOTEBOOKS.parent / "docs" / "connect.md").read_text(encoding="utf-8")
    for detail in ("make voila", "objectives=", "make lab", "lesson_tools", "gamekit/connect/lessons.py"):
        assert detail not in shown and detail in notes, (path, detail)
    for detail in ("python -m", "docs/connect.md", "checked by the tests", "comprueban los tests", "## Appendix"):
        assert detail not in shown, (path, detail)
    assert "Every column that still wins is right" not in text


def test_each_exercise_says_in_words_which_cells_its_board_marks():
    """For paper (a board printed without tints) and screen readers: an exercise's marked cells in words, the same
    text its board carries; empty for the move exercises, whose boards mark nothing."""
    for key, ex in L.exercises().items():
        threats, danger = ex.marks
        if not (threats or danger):
            assert ex.marked_cells == "", key
            continue
        on_page = lesson_pictures.marked_cells_text(
            ex.game, threats, danger, rows=key not in lesson_positions.ROW_QUESTIONS
        )
        assert on_page and on_page in L.exercise(key).children[0].children[1].description, key
        # on paper a threat cell keeps the picture's letter (R red, Y yellow), written in its cell: no disc letter;
        # the paper words are the screen's words (a question about a row's kind gets no row number on either)
        assert ex.marked_cells == on_page, key
        assert "X (red)" not in ex.marked_cells and "O (yellow)" not in ex.marked_cells, key
    assert L.exercises()["odd_even_2"].marked_cells.startswith("Threat cells: Y (yellow) in column 3")
    assert "row 5" not in L.exercises()["odd_even_2"].marked_cells
    assert "column 1, row 2" in L.exercises()["zugzwang_who"].marked_cells  # a zugzwang question keeps its rows
    assert "Cells marked ✗" in L.exercises()["zugzwang_who"].marked_cells


# ----- a strict reader's second pass (lessons 1-3) ----------------------------------------------------------------
def test_the_connect_four_total_gets_its_own_reason():
    """69 is the Connect Four count in the table just above exercise 5: the feedback says so, not "too many"."""
    from gamekit.connect.rules import CONNECT_FOUR, count_lines

    ok, why = lesson1_exercises.count_lines_exercise().check(str(count_lines(CONNECT_FOUR)["lines"]))
    assert not ok and "Connect Four" in why and "Too many" not in why


def test_a_block_is_praised_for_the_cell_it_takes_first():
    for factory, needed in (
        (lesson1_exercises.side_block_exercise, "sits in the one cell red needed"),
        (lesson2_exercises.block_threat_exercise, "takes the cell red needed"),
    ):
        ex = factory()
        ok, why = ex.check(ex.solutions[0])
        assert ok and why.startswith("Right: yellow") and needed in why and "makes no five" not in why
        assert why.endswith("Red cannot make five at once after it.")


def test_lesson_2_block_is_not_a_lesson_1_block_again():
    """Lesson 2's first exercise is a fresh block: red's line through the answer cell is not a row and has no side
    disc (lesson 1 blocks a row and a diagonal to a side disc), its answer column is none of lesson 1's blocks', and
    every other column is told that red then makes five."""
    from gamekit.connect.lesson_exercise import landing_cells

    ex = lesson2_exercises.block_threat_exercise()
    (cell,) = landing_cells(ex.game, ex.solutions)
    red_lines = [
        line
        for line in ex.game.variant.lines()
        if cell in line and all(ex.game.cell(*c) == 0 for c in line if c != cell)
    ]
    assert len(red_lines) == 1
    (line,) = red_lines
    assert len({r for _, r in line}) > 1, "a row, as in lesson 1"
    assert not any(ex.game.is_side(c) for c, _ in line)
    earlier = {
        lesson1_exercises.side_block_exercise().solutions[0],
        lesson1_exercises.side_block_row_exercise().solutions[0],
    }
    assert ex.solutions[0] not in earlier
    for move in ex.wrong:
        ok, why = ex.check(move)
        assert not ok and why.startswith(f"Not column {move}:") and "red makes five" in why


def test_the_pop_to_avoid_is_read_off_the_rules_engine():
    """Lesson 1, exercise 6: exactly one of red's pops completes a line for yellow only; every other pop is told it
    is safe, and the right one names yellow's row, computed by playing each pop."""
    ex = lesson1_popout.popout_avoid_exercise()
    game = FiveInARow.from_moves(lesson1_popout.POPOUT_AVOID, popout=True)
    pops = [m for m in game.legal_moves() if m.startswith("p")]
    assert len(ex.choices) == len(pops) >= 3
    losing = []
    for m in pops:
        g = game.copy()
        g.play(m)
        if g.winner() == 1:
            losing.append(lesson1_popout.popout_move_label(m))
            row = g.winning_cells()[0][1] + 1
    assert ex.solutions == losing and len(losing) == 1
    ok, why = ex.check(losing[0])
    assert ok and f"row {row}" in why and "yellow" in why
    unsafe = 0
    for m in pops:  # "safe" only when yellow cannot make five with its next move either
        label = lesson1_popout.popout_move_label(m)
        if label in losing:
            continue
        ok, why = ex.check(label)
        g = game.copy()
        g.play(m)
        replies = [r for r in g.legal_moves() if (g.play(r), g.winner(), g.undo())[1] == 1]
        assert not ok and ("safe" in why) == (not replies), why
        if replies:
            unsafe += 1
            assert (
                "not safe" not in why and "bad pop" in why and f"column {replies[0].lstrip('p')} and makes five" in why
            )
    assert unsafe >= 1 and ex.check("pop column 7")[1].count("safe") == 0
    page = _page("five_in_a_row/01_rules_and_play.md")
    assert (
        page.index('step_through("popout")')
        < page.index('exercise("popout_avoid"')
        < page.index('exercise("popout_pop"')
    )
    assert "popout_avoid" in L.LESSONS[1].objectives[2][1]  # it tests the objective "say what a pop does"


def _bank_practice(lesson: int) -> list:
    """Lesson ``lesson``'s practice problems drawn from the puzzle bank (not the ones the lesson makes itself)."""
    return [ex for ex in L.practice_exercises(lesson) if not isinstance(ex.puzzle, lesson_practice.MadeProblem)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_one_practice_ends_with_a_pop_that_wins(lang):
    """Lesson 1's More practice returns to PopOut (the bank holds no PopOut position): after the bank's three easy
    problems, a made PopOut position, red to move, where no drop makes five.  Played out on the rules engine here:
    exactly the one pop that makes red's five at once is accepted (nothing scores higher than a five now); the
    choices are every pop red can make, and each kind of wrong pop is told its own reason, worked out from the board
    after it: yellow's five at once, yellow's five with the next move, or no five."""
    from gamekit.connect.lesson1_popout import POPOUT_EXERCISE, POPOUT_PRACTICE, popout_move_label
    from gamekit.i18n import using

    with using(lang):
        exercises = L.practice_exercises(1)
        ex = exercises[-1]
        told = {c: ex.check(c) for c in ex.choices}
    assert len(exercises) == 4 and isinstance(ex.puzzle, lesson_practice.MadeProblem)
    assert [e.level for e in exercises] == ["easy", "easy", "easy", "medium"] and not ex.click
    game = FiveInARow.from_moves(POPOUT_PRACTICE, popout=True)
    assert game.to_move == 0 and POPOUT_PRACTICE != POPOUT_EXERCISE
    # no drop makes five: the pop is the question
    assert [m for m in lesson_positions.immediate_wins(game.copy()) if not m.startswith("p")] == []
    pops = [m for m in game.legal_moves() if m.startswith("p")]
    with using(lang):
        assert ex.choices == [popout_move_label(m) for m in pops] and len(pops) >= 5
    kinds = {}
    for m, choice in zip(pops, ex.choices):
        after = game.copy()
        after.play(m)
        ok, text = told[choice]
        assert ok == (after.winner() == 0), (m, text)
        if after.winner() == 0:
            kinds[m] = "win"
        elif after.winner() == 1:
            kinds[m] = "theirs"
            assert ("yellow's five appears" if lang == "en" else "cinco del amarillo") in text, text
        elif lesson_positions.immediate_wins(after):
            kinds[m] = "next"
        else:
            kinds[m] = "none"
    assert sorted(kinds.values()).count("win") == 1 and {"theirs", "next", "none"} <= set(kinds.values())
    with using(lang):  # not a copy of exercise 8: its own question, and exercise 8's pop fails here
        eight = L.exercises()["popout_pop"]
    assert ex.prompt != eight.prompt and not set(ex.solutions) & set(eight.solutions)
    assert eight.solutions[0] in ex.choices and not told[eight.solutions[0]][0]
    by_kind = {}
    for m, kind in kinds.items():
        by_kind.setdefault(kind, set()).add(told[ex.choices[pops.index(m)]][1].split(":", 1)[1])
    assert len({next(iter(v)) for v in by_kind.values()}) == 4  # each kind of pop its own reason


def test_lesson_one_practice_accepts_only_fives_now_and_blocks():
    """A lesson 1 problem whose right answers include a drop that only wins later (forcing is untaught) is left out
    (the bank's problems; the PopOut problem the lesson makes is a pop that wins at once: its own test)."""
    for ex in _bank_practice(1):
        assert lesson_practice.is_at_once(ex.game, ex.solutions), ex.prompt
        wins = lesson_positions.immediate_wins(ex.game)
        assert not wins or set(ex.solutions) <= set(wins)


def test_the_final_challenge_explains_the_stacked_threats():
    """Yellow's winning drop makes two threats one above the other in one column: the hint gives the method (try each
    column, can red block the threats one at a time) without pointing at the column, the right answer
    explains why red is lost, and the line shown has red block the lower threat (not an arbitrary losing column)."""
    ex = lesson2_exercises.challenge_exercise()
    assert "one at a time" in ex.hint and "two threats at once" not in ex.hint
    assert not re.search(r"\d|same column", ex.hint), ex.hint  # the method, not where the answer is
    move = ex.solutions[0]
    after = ex.game.copy()
    after.play(move)
    mine = set(threat_cells(after, 1))
    stacked = [(c, r) for c, r in playable_threats(after, 1) if (c, r + 1) in mine]
    assert stacked
    c, r = stacked[0]
    column = after.column_number(c)
    ok, why = ex.check(move)
    assert ok and f"Red answers in column {column}" in why
    assert f"threaten column {column} twice, on rows {r + 1} and {r + 2}" in why
    assert why.startswith(f"Right: your disc makes yellow threaten column {column} twice")  # what the drop does
    assert lesson_exercise.shown_reply(after) == str(column)
    assert ex.more(move).startswith(f"After column {move}, best play goes red {column}, yellow {column}")


def test_the_cell_under_a_threat_names_both_players():
    """Exercise 4 asks who must fill a ✗ cell: the prose above it must not say it is only red's problem."""
    page = _page("five_in_a_row/02_threats_and_exercises.md")
    above = " ".join(page[: page.index('exercise("zugzwang_who"')].split())
    assert "red must **not**" not in above and "neither player wants to play columns 1 or 6" in above
    es = " ".join(_page("es/five_in_a_row/02_threats_and_exercises.md").split())
    assert "ninguno de los dos quiere jugar ni en la columna 1 ni en la 6" in es


def test_lesson_two_practice_has_room_for_zugzwang():
    items = L.LESSONS[2].practice.items
    assert 4 <= len(items) <= 6 and "zugzwang" in [theme for theme, _ in items]
    assert len(L.practice_exercises(2)) == len(items)


def test_lesson_three_practice_needs_a_search_not_a_block():
    """Each "be the computer" problem is small and no five now or block settles it; the page says how small and
    does not call an all-easy set "easy to hard"."""
    for ex in L.practice_exercises(3):
        assert not lesson_practice.is_at_once(ex.game), ex.prompt
        assert ex.game.variant.cells - ex.game.discs_on_board <= L.HAND_SEARCH_EMPTY
    page = _page("five_in_a_row/03_how_the_computer_knows.md")
    levels = {ex.level for ex in L.practice_exercises(3)}
    if len(levels) == 1:
        assert "## More practice (easy to hard)" not in page
    assert "12 empty cells" not in page and "by hand" not in page.split("## More practice")[1].split("```")[0]
    # searched by hand none is easy: graded by its empty cells, and the page says so
    exercises = L.practice_exercises(3)
    empties = [ex.game.variant.cells - ex.game.discs_on_board for ex in exercises]
    # graded by the size of the search, smallest first: about exercise 3's size (5 empty cells, "medium") is
    # medium, a bigger one hard, whatever the bank says
    small = teach_pictures.TINY.cells - len(teach_pictures.HAND_MOVES)
    assert empties == sorted(empties) and min(empties) >= small
    assert [ex.level for ex in exercises] == [("medium" if e <= small + 1 else "hard") for e in empties]
    assert "smallest first" in page and "(easier to harder)" not in page and len(exercises) == 3
    # a search of 8 empty cells by hand took a pupil 20 minutes or more: the endgames are now 5-6 empty cells, each
    # about the size of exercise 3 (7 minutes), and the page and the guide say so (English and Spanish), with no
    # challenge for home left
    assert [ex.level for ex in exercises] == ["medium"] * 3 and max(empties) <= 6
    flat = " ".join(page.split())
    assert "about 7 minutes each" in flat and "challenge for home" not in flat and "20 minutes" not in flat
    es = " ".join(_page("es/five_in_a_row/03_how_the_computer_knows.md").split())
    assert "unos 7 minutos cada uno" in es and "reto para casa" not in es and "20 minutos" not in es
    # three endgames of about 7 minutes do not fit the lesson's minutes: the page says when to do them
    assert "They are not part of the lesson's 55 minutes: do them after class or at home." in flat
    assert "No entran en los 55 minutos de la lección: hazlos después de clase o en casa." in es
    root = NOTEBOOKS.parent / "docs" / "teachers"
    guide, guide_es = ((root / p).read_text(encoding="utf-8") for p in ("connect.md", "es/connect.md"))
    assert "about 7 minutes each" in guide and "unos 7 minutos cada uno" in guide_es
    assert "20 minutes or more" not in guide and "20 minutos o más" not in guide_es
    assert page.index("## If you have time") < page.index("## More practice") < page.index("practice(3, score)")
    assert all("Any of" not in ex.prompt for ex in exercises)


def test_two_move_orders_in_one_column_are_told_truthfully():
    """Lesson 3: the orders the page calls "different grids" are both games (players alternate) and differ."""
    import re

    page = " ".join(_page("five_in_a_row/03_how_the_computer_knows.md").split())
    assert "red 4, yellow 4 and yellow 4, red 4" not in page
    m = re.search(
        r"But ((?:(?:red|yellow) \d, )+(?:red|yellow) \d) and ((?:(?:red|yellow) \d, )+(?:red|yellow) \d) "
        r"give different grids",
        page,
    )
    assert m
    grids = []
    for order in m.groups():
        moves = [w.split() for w in order.split(", ")]
        assert [c for c, _ in moves] == ["red", "yellow"] * (len(moves) // 2)
        grids.append(FiveInARow.from_moves("".join(n for _, n in moves)).position_key())
    assert grids[0] != grids[1]


@pytest.mark.parametrize(
    "path", ["five_in_a_row/03_how_the_computer_knows.md", "es/five_in_a_row/03_how_the_computer_knows.md"]
)
def test_lesson_three_says_where_its_minutes_go(path):
    """The pupil's page gives its time with a breakdown, as lessons 1 and 2 do (reading, the exercises, the closing
    sentence: tests/connect/test_connect_stop_double.py checks that they add up to the guide's plan); what is for
    spare time or home is the teacher's word and lives in the guide."""
    import re

    page = _page(path)
    m = re.search(r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) minut[eo]s \((\d+) (?:reading|leyendo);", page)
    assert m and int(m.group(1)) == L.LESSONS[3].minutes
    line = page[m.start() : page.index("\n\n", m.start())]
    assert not re.search(r"spare time|tiempo que sobre|for home|para casa", line), line


@pytest.mark.parametrize(
    "path", ["five_in_a_row/02_threats_and_exercises.md", "es/five_in_a_row/02_threats_and_exercises.md"]
)
def test_lesson_two_page_gives_its_time_without_the_teachers_plan(path):
    """Lesson 2's page gives its time with a breakdown, as lesson 1's does: reading, the eight exercises of the core
    (their minutes listed in page order), the step-through and the closing sentence add up to the minutes the
    lesson announces."""
    page = _page(path)
    m = re.search(r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) minut[eo]s \(([^)]*)\)\.\n\n", page)
    assert m and int(m.group(1)) == L.LESSONS[2].minutes  # one paragraph, then the objectives
    words = r"reading|leyendo|for the eight|para los ocho|for the game|para recorrer|for the closing|para la frase"
    parts = [int(n) for n in re.findall(rf"\b(\d+) (?:{words})", " ".join(m.group(2).split()))]
    assert parts == [12, 36, 4, 3] and sum(parts) == L.LESSONS[2].minutes
    listed = re.search(
        r"(?:in page order|en el orden de la página) ([\d, ]+(?:and|y) \d+)", " ".join(m.group(2).split())
    )
    each = [int(n) for n in re.findall(r"\d+", listed.group(1))]
    assert len(each) == 8 and sum(each) == 36 and each[-2:] == [6, 6]


def test_a_prompt_with_a_later_win_among_its_answers_says_so():
    """When some right drops make five now and others only win by force, the question does not claim every right
    drop makes five now."""
    game = FiveInARow.from_moves(lesson_positions.EXERCISE_POSITIONS["side_win"])
    now = lesson_positions.immediate_wins(game)
    later = next(m for m in game.legal_moves() if m not in now)
    prompt = lesson_practice.practice_prompt(game, now + [later], 1)
    assert (
        "right now" in prompt
        and "win by force" in prompt
        and "2 drops are equally good: any of them is right." in prompt
    )


def test_the_claimeven_exercise_shows_the_machines_proof_only_after_the_right_answer():
    """Lesson 2, exercise 7: the one column with an odd number of empty cells is the answer (red's last disc);
    after it the rules prove yellow's draw by claimeven alone; the proof in words comes from a button after the
    right answer — not in the prompt, the hint or a wrong answer's feedback."""
    from gamekit.connect.prove import proof_reason, prove_columns

    ex = lesson2_exercises.claimeven_exercise()
    game = ex.game
    assert game.to_move == 1
    odd = [m for m in game.legal_moves() if (game.height - game.height_of(int(m))) % 2]
    assert odd == [game.history[-1]] == ex.solutions == lesson_positions.best_moves(game)
    proved = prove_columns(game, odd, zugzwang=False)[odd[0]]  # the exercise shows the claimeven proof
    assert proved.low == 0 and {rule.kind for rule in proved.proof.rules} == {"claimeven"}
    why = proof_reason(proved.proof, proved.after)
    for text in (ex.prompt, ex.hint):
        assert "claimeven" not in text and why not in text and f"column {odd[0]}" not in text.lower()
    ok, feedback = ex.check(odd[0])
    assert ok and feedback.startswith("Right: every column now has an even number")
    # why the same-column answer wins here: it hands yellow the last cell of every column, the whole top row
    assert lesson2_exercises.same_column_top_row(game, odd[0]) and "the whole of row 6" in feedback
    # "red cannot make five" holds in this game only (the proof shows it), and the words say so
    assert "red can never make five" not in feedback
    assert (
        "the computer's proof shows red never makes five on the way" in feedback and "In another game" not in feedback
    )
    # short: two sentences, no "another game" hypotheticals
    assert len(re.findall(r"[.!?](?:\s|$)", feedback)) == 2 and len(feedback.split()) <= 50, feedback
    after = game.copy()
    after.play(odd[0])
    assert solve(after) < 0  # red to move loses: yellow wins with best play
    while after.winner() is None:  # red drops anywhere, yellow answers on top: yellow makes five, red never
        m = after.legal_moves()[-1]
        after.play(m)
        assert after.winner() is None
        after.play(m)
    assert after.winner() == 1 and all(r == game.height - 1 for _, r in after.winning_cells())
    assert not any(lesson2_exercises.same_column_top_row(game, m) for m in ex.wrong)
    assert why in ex.more(odd[0]) and "claimeven" not in ex.more(odd[0]) and "same-column answer" in ex.more(odd[0])
    assert "at least a draw" in ex.more(odd[0]) and "holds the draw" not in ex.more(odd[0])
    for m in ex.wrong:
        ok, feedback = ex.check(m)
        n = game.height - game.height_of(int(m))
        assert not ok and f"it has {n} empty cells now, and your disc would leave it {n - 1}." in feedback
        assert f"column {odd[0]}" not in feedback
        # only what the clicked column does: no word of the method (the counts' kind, the other columns)
        assert not re.search(r"\b(odd|even)\b", feedback) and "the column that" not in feedback, feedback
        assert why not in feedback and ex.more(m) == ""
    from gamekit.i18n import using

    with using("es"):
        es = lesson2_exercises.claimeven_exercise()
        assert es.prompt.startswith("Le toca al amarillo") and "columna" in es.more(odd[0])
        assert "El amarillo tiene asegurado al menos el empate" in es.more(odd[0])


# ----- a fresh reader's findings (lessons 1-3, round 3) ------------------------------------------------------------
def test_lesson_one_first_exercise_is_not_the_demo_just_above_it():
    """Exercise 1 is a five across with a side disc, but not the picture above it (red's bottom row, column 4): a
    row higher up, another column, and the side disc the solver's winning line really ends on."""
    ex = lesson1_exercises.side_win_exercise()
    demo = lesson_positions.position("edge_line")
    (demo_cell,) = threat_cells(demo, 0)
    assert ex.solutions == lesson_positions.immediate_wins(ex.game) and len(ex.solutions) == 1
    after = ex.game.copy()
    after.play(ex.solutions[0])
    line = after.winning_cells()
    rows = {r for _, r in line}
    assert len(rows) == 1 and rows != {demo_cell[1]}  # across, not the demo's row
    assert ex.solutions[0] != str(demo.column_number(demo_cell[0]))  # and not the demo's column
    (side,) = [(c, r) for c, r in line if after.is_side(c)]
    assert side[0] == 0 and f"row {side[1] + 1}" in ex.check(ex.solutions[0])[1]  # the left side disc, that row
    assert "bottom row" not in ex.hint.replace("The bottom row is not the only one", "")


@pytest.mark.parametrize(
    "path", ["five_in_a_row/02_threats_and_exercises.md", "es/five_in_a_row/02_threats_and_exercises.md"]
)
def test_the_final_challenge_comes_before_the_game_that_shows_its_idea(path):
    """The step-through of stacked threats in column 7 (and the paragraph that explains it) would answer the final
    challenge's idea: it comes after the challenge, as its debrief."""
    page = _page(path)
    assert page.index('L.exercise("challenge"') < page.index("lesson_pictures.step_through()")
    before = page[: page.index('L.exercise("challenge"')]
    assert "one above the other" not in before and "uno encima del otro" not in before


def _after(game, move):
    after = game.copy()
    after.play(move)
    return after


def test_a_drop_a_one_look_settles_is_told_apart_from_one_that_needs_a_search():
    """Lesson 3's practice leaves out every small bank position where the drops that hand the opponent no five at
    once are exactly the best ones (no search is needed); one where a safe drop only wins later can stay."""
    from gamekit.puzzles.store import load_puzzles

    small = [
        p
        for p in load_puzzles("five_in_a_row")
        if p.position.variant.cells - p.position.discs_on_board <= L.HAND_SEARCH_EMPTY
        and not lesson_practice.is_at_once(p.position)
    ]
    settled = [p for p in small if lesson_practice.settled_by_one_look(p.position)]
    assert settled and len(settled) < len(small)  # the check tells the two kinds apart in the bank
    excluded = L.LESSONS[3].practice.exclude
    assert all(p.id in excluded for p in settled)
    for p in settled:  # by hand: the safe drops, one look ahead, are the best ones
        safe = [m for m in p.position.legal_moves() if not lesson_positions.immediate_wins(_after(p.position, m))]
        assert set(safe) == set(lesson_positions.best_moves(p.position))


def test_lesson_three_practice_asks_the_column_and_its_score():
    """Lesson 3's practice is its own ideas: the best column by minimax and its score, typed, so three columns are
    no 1-in-3 guess; the score is the exact solver's, each slip with it has its own reason, and the question does
    not say what is at stake (that is the score's half of the answer)."""
    from gamekit.connect.solver import solve

    exercises = L.practice_exercises(3)
    levels = [ex.level for ex in exercises]
    assert levels == sorted(levels, key=["easy", "medium", "hard"].index)
    for ex in exercises:
        s = solve(ex.game)
        assert not ex.click and ex.solutions
        assert all(sol.endswith(f", {s:+d}" if s else ", 0") for sol in ex.solutions)
        assert not re.search(r"keeps the draw|wins by force|holds out|right now", ex.prompt), ex.prompt
        for sol in ex.solutions:
            assert ex.check(sol)[0]
        reasons = {}
        for w in ex.wrong:
            ok, why = ex.check(w)
            assert not ok, w
            reasons[w] = why
        for w, why in reasons.items():
            if not w.startswith(tuple(sol.split(",")[0] + "," for sol in ex.solutions)):
                # a wrong column is told what follows it, not what the best column scores
                later = " It wins too, but later: minimax picks the column with the highest score."
                assert why.startswith("Not column") and "best drop" not in why and "score" not in why.replace(later, "")
                # a column that wins too, but later, is wrong by minimax, and told so
                after = ex.game.copy()
                after.play(w.split(",")[0])
                slower = solve(ex.game) > 0 and (after.winner() is None and not after.is_over() and solve(after) < 0)
                assert why.endswith(later) == slower, (w, why)
        column = ex.solutions[0].split(",")[0]
        right_column = {w: why for w, why in reasons.items() if w.startswith(column + ",")}
        assert right_column and len(set(right_column.values())) == len(right_column)  # each slip its own reason
        assert all(why.startswith("The column is right") for why in right_column.values())
        assert not ex.check(column)[0] and f"“{column}”" in ex.check(column)[1]  # the score is needed too
    assert any(solve(ex.game) for ex in exercises)  # not every answer a draw
    # none is settled by a look one drop ahead: minimax (this lesson's idea) is needed for each
    assert not any(lesson_practice.settled_by_one_look(ex.game) for ex in exercises)
    # (a column that also wins, but later, is told so above; endgames of 5-6 empty cells rarely have one: none of
    # 58 random positions of 6 empty cells did)
    page = _page("five_in_a_row/03_how_the_computer_knows.md")
    assert "more than one column is safe, and not every safe column is best" in page  # true of each problem:
    for ex in exercises:
        safe = [m for m in ex.game.legal_moves() if not lesson_positions.immediate_wins(_after(ex.game, m))]
        assert len(safe) > 1 and set(lesson_positions.best_moves(ex.game)) < set(safe)
    # the format example in the question (and on the page) is no answer: no score that large is left in an endgame
    # of at most 10 empty cells (the player to move has dropped at least 16 discs, so a win scores at most 5)
    page = _page("five_in_a_row/03_how_the_computer_knows.md")
    assert "like 4, +9" in page and all("like 4, +9" in ex.prompt for ex in exercises)
    assert all(abs(solve(ex.game)) < 9 and "4, +9" not in ex.solutions for ex in exercises)


def test_stacked_threats_are_taught_before_the_exercises_that_turn_on_them():
    """Lesson 2 defines a double threat and shows two threats stacked in one column (a still picture from another
    game) before exercises 9 and 10, and exercise 9's right answer says which cells are stacked, read off the board."""
    for path, double in (
        ("five_in_a_row/02_threats_and_exercises.md", "**double threat**"),
        ("es/five_in_a_row/02_threats_and_exercises.md", "**amenaza doble**"),
    ):
        page = _page(path)
        assert (
            page.index(double) < page.index('lesson_pictures.show("stacked")') < page.index('exercise("winning_move"')
        )
        assert "Careful: whose threat" not in page and "Cuidado: ¿de quién" not in page
    g = lesson_positions.position("stacked")
    assert sorted(threat_cells(g, 0)) == [(4, 3), (4, 4)] and g.column_number(4) == 4  # column 4, rows 4 and 5
    assert not playable_threats(g, 0) and not threat_cells(g, 1)
    ex = lesson2_exercises.winning_move_exercise()
    after = ex.game.copy()
    after.play(ex.solutions[0])
    cells = set(threat_cells(after, 0))
    stacked = sorted((c, r) for c, r in cells if (c, r + 1) in cells or (c, r - 1) in cells)
    column = after.column_number(stacked[0][0])
    rows = [r + 1 for c, r in stacked]
    ok, why = ex.check(ex.solutions[0])
    assert ok and f"stacked one above the other in column {column}, on rows " in why
    assert all(str(r) in why.split("on rows ")[1][:12] for r in rows) and len(rows) >= 2
    with pytest.raises(ValueError, match="stacked"):
        lesson_exercise.stacked_run(FiveInARow(), 0)


@pytest.mark.parametrize("path", ["docs/teachers/connect.md", "docs/teachers/es/connect.md"])
def test_the_guides_worked_explanations_agree_with_the_engine(path):
    """The guide's worked explanations of lesson 1 ex 6 and lesson 2 ex 9 and 10 name the cells and columns the
    code computes: the pop that loses one move later, and the stacked threats after each right answer."""
    text = " ".join((NOTEBOOKS.parent / path).read_text(encoding="utf-8").split())
    es = "/es/" in path
    avoid = lesson1_popout.popout_avoid_exercise()
    slip = avoid.wrong[0]  # the pop that is not safe comes first
    assert "bad pop" in avoid.check(slip)[1]
    n = slip.split()[-1]
    assert (f"sacar de la columna {n}" if es else f"pop column {n}") in text
    for name in ("winning_move", "challenge"):
        ex = L.exercises()[name]
        after = ex.game.copy()
        after.play(ex.solutions[0])
        column, rows = lesson_exercise.stacked_run(after, ex.game.to_move)
        words = f"columna {column}" if es else f"column {column}"
        listed = (", ".join(map(str, rows[:-1])) + (" y " if es else " and ") + str(rows[-1])) if len(rows) > 1 else ""
        assert f"{words}, en las filas {listed}" in text if es else f"{words}, on rows {listed}" in text, (name, listed)


def test_worksheet_aids_carry_what_the_sheets_need_without_answers():
    """On paper a pupil has no lesson page: lesson 2's sheet gets the words and the odd/even rule of thumb (asked
    about in exercises 5-6), lesson 3's the scoring rule (7 − n, 22 − n, from the boards' free cells) and the bit
    numbering with an example board of a size no exercise asks about; none of it answers an exercise."""
    from gamekit.connect import teach_pictures
    from gamekit.i18n import using

    # PopOut only on the sheet whose questions use it (lesson 1), not on the rules card of every sheet
    one = "\n".join(L.worksheet_aids("five_in_a_row/01_rules_and_play"))
    assert "PopOut" in one and "pop" in one
    assert not any("PopOut" in rule for rule in L.WORKSHEET_RULES)
    for notebook in ("five_in_a_row/02_threats_and_exercises", "five_in_a_row/03_how_the_computer_knows"):
        assert "PopOut" not in "\n".join(L.worksheet_aids(notebook))
        assert not any("PopOut" in ex.prompt for ex in (f() for f in L.EXERCISES[notebook]))
    two = "\n".join(L.worksheet_aids("five_in_a_row/02_threats_and_exercises"))
    assert "Rule of thumb" in two and "odd rows (1, 3, 5)" in two and "even rows (2, 4, 6)" in two
    assert "double threat" in two and "stacked" in two and "✗ cell" in two
    three = "\n".join(L.worksheet_aids("five_in_a_row/03_how_the_computer_knows"))
    assert f"scores {teach_pictures.TINY.cells // 2 + 1} − n" in three and "scores 22 − n" in three
    assert "bits 0 to 6" in three and "k + 1" in three
    assert "| 1 | 0 | 3 | 6 |" in three and "| spare | 2 | 5 | 8 |" in three  # bit_index of a 3 × 2 board
    for notebook in ("five_in_a_row/02_threats_and_exercises", "five_in_a_row/03_how_the_computer_knows"):
        text = "\n".join(L.worksheet_aids(notebook))
        for factory in L.EXERCISES[notebook]:
            ex = factory()
            assert not any(leak in text for leak in ex.leaks), (notebook, ex.key)
        with using("es"):
            es = "\n".join(L.worksheet_aids(notebook))
        assert es != text and "fila" in es
    with pytest.raises(KeyError, match="no 5 en raya lesson"):
        L.worksheet_aids("dots_and_boxes/01_rules")


def test_a_column_is_read_with_the_word_column_in_either_language():
    """ "column 2" on the English page and «columna 2» on the Spanish one are both the drop in column 2."""
    from gamekit.i18n import using

    game = lesson_positions.position("open_four")
    assert lesson_exercise.parse_column(game, "column 2") == lesson_exercise.parse_column(game, "2") == "2"
    with using("es"):
        assert lesson_exercise.parse_column(game, "columna 2") == "2"
        assert lesson_exercise.parse_column(game, "Columna 2") == "2"
        for said in ("la columna 2", "La columna 2", "la 2", "columna 2."):  # the article and the word are read
            assert lesson_exercise.parse_column(game, said) == "2", said
        with pytest.raises(ValueError) as refused:  # a bad column is still refused, in the pupil's own words
            lesson_exercise.parse_column(game, "columna x")
        assert str(refused.value).startswith("«columna x»") or "“columna x”" in str(refused.value)
        assert "'" not in str(refused.value)
    assert lesson_exercise.parse_column(game, "the column 2") == "2"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_refused_column_quotes_the_pupils_words_without_code_quote_marks(lang):
    """A refused column answer shows what the pupil typed plainly (no Python quote marks around it): a word that
    is no column, a column off the grid and a full column each say why, in the page's language."""
    from gamekit.i18n import using

    from gamekit.connect.rules import ConnectGame

    game = ConnectGame.from_moves(["3"] * 6)  # column 3 is full
    with using(lang):
        for said, words in (
            ("column x", "column x"),
            ("banana", "banana"),
            ("12", "12"),
            ("3", "3"),
            ("column 3", "3"),
        ):
            with pytest.raises(ValueError) as refused:
                lesson_exercise.parse_column(game, said)
            text = str(refused.value)
            assert words in text and "'" not in text, (said, text)
        with pytest.raises(ValueError) as full:
            lesson_exercise.parse_column(game, "column 3")
        assert ("full" if lang == "en" else "llena") in str(full.value)
        with pytest.raises(ValueError) as rules_full:  # the game's own refusal has no code quote marks either
            game.check("3")
        assert "'" not in str(rules_full.value) and "3" in str(rules_full.value)


@pytest.mark.parametrize(
    "typed, lang",
    [
        ("64 = 30 + 14 + 20", "en"),  # the total on the left
        ("64 = 30, 14, 20", "en"),
        ("30, 14 and 20", "en"),
        ("64 = 30 + 14 + 20", "es"),
        ("30, 14 y 20", "es"),  # Spanish joins the last two counts with «y», like English "30, 14, 20"
        ("30 líneas + 14 líneas + 20 líneas", "es"),
    ],
)
def test_the_line_count_takes_its_total_on_either_side_and_the_word_and(typed, lang):
    """ "64 = 30 + 14 + 20" is the sum asked for, written the other way round, and «30, 14 y 20» is the Spanish
    way of writing "30, 14, 20": both are right, never told to "write like 1 + 2 + 3"."""
    from gamekit.i18n import using

    with using(lang):
        ok, why = L.exercises()["count_lines"].check(typed)
    assert ok, (typed, why)
    assert lesson1_counts.parse_line_counts("64 = 30 + 14 + 20") == ((30, 14, 20), 64)
    assert not L.exercises()["count_lines"].check("63 = 30 + 14 + 20")[0]  # a wrong total is still an adding slip


def test_the_spanish_accepted_line_counts_are_written_in_spanish():
    """The Spanish guide lists the accepted answers of the line count in Spanish («30 líneas + …», «30, 14 y 20»),
    not the English "30 lines + …"."""
    from gamekit.i18n import using

    with using("es"):
        solutions = L.exercises()["count_lines"].solutions
    assert "30 líneas + 14 líneas + 20 líneas" in solutions and "30, 14 y 20" in solutions
    assert not any("lines" in str(s) or " and " in str(s) for s in solutions)


@pytest.mark.parametrize("lesson", sorted(L.LESSONS))
def test_no_practice_wrong_answer_feedback_names_an_accepted_column(lesson):
    """A wrong answer in a lesson's "More practice" set is told what follows from the pupil's own drop, never a
    line of best play that starts with (or passes through) an accepted column."""
    checked = 0
    for ex in L.practice_exercises(lesson):
        accepted = {str(s).split(",")[0] for s in ex.solutions}
        for wrong in ex.wrong:
            ok, feedback = ex.check(wrong)
            assert not ok
            if not feedback.startswith("Not column"):
                continue  # a score slip on the right column (lesson 3): its column was typed
            named = set(re.findall(r"(?:columns?|yellow|red) (\d+)", feedback)) | set(
                re.findall(r" and (\d+)", feedback)
            )
            assert not named & accepted, (ex.key, wrong, feedback)
            checked += 1
    assert checked >= 3


def _after(game, move):
    g = game.copy()
    g.play(move)
    return g


def test_the_best_line_of_a_drop_is_named_by_its_way_and_cells():
    ex = L.exercises()["side_win"]
    ok, text = ex.check("1")
    assert not ok and "its best line has 3 red discs, up column 1 (rows 2, 3 and 4)." in text, text
    # column 6 lands on the row of the answer's five: a line across that row would lead the second try to it
    six = ex.check("6")[1]
    assert "across row 3" not in six and "columns 3, 4 and 6" not in six, six
    assert six.endswith("Where to look: along a row, out to a red side disc."), six


@pytest.mark.parametrize("name", ["side_win"])
def test_a_missed_five_is_told_what_the_drop_made_and_that_a_five_was_there(name):
    """Lesson 1's "make five now" exercises: a wrong column is told where its disc lands and the most discs of
    the mover in a line it can still complete there (counted on the board here), never a line across the row of
    the answer's five, then where to look: the kind of line, as exercises 2 and 3 say it, never its row."""
    from gamekit.connect.lesson1_exercises import where_to_look
    from gamekit.connect.lesson_exercise import landing_cells

    ex = L.exercises()[name]
    game = ex.game
    for m in ex.wrong:
        ok, text = ex.check(m)
        after = _after(game, m)
        col = after.grid_column(int(m))
        row = len(after.grid[col])
        assert not ok and f"lands on row {row}" in text, text
        # the question already says a five is there: a wrong click hears what its own disc does and where to look
        # (the kind of line), never the missed five's row or column
        assert text.startswith(f"Not column {m}: no five in a line there. Your disc "), text
        assert text.endswith(where_to_look(game)) and "Where to look: along a row" in text, text
        assert not re.search(r"going up|could have won", text), text
        answer_rows = {r for _, r in landing_cells(game, ex.solutions)}
        gaps = {(c, r) for c in range(game.width) for r in answer_rows if game.cell(c, r) is None}
        assert not any(f"across row {r + 1}" in text for r in answer_rows), text
        lines = [l for l in lesson_pictures.open_lines(after, col, row - 1, 0) if not gaps & set(l)]
        most = max((sum(after.cell(c, r) == 0 for c, r in line) for line in lines), default=0)
        if most >= 2 and not set(threat_cells(after, 0)) - set(threat_cells(game, 0)):
            assert f"its best line has {most} red discs, " in text, text
            # the line is named so the pupil can find it: its way, then each red disc's place in brackets
            way, named = text.split(f"its best line has {most} red discs, ", 1)[1].split(")", 1)[0].split(" (", 1)
            assert way.startswith(("across row", "up column", "diagonally up to the")), text
            assert named.count(",") + named.count(" and ") == most - 1, text
    assert len({ex.check(m)[1].split(":", 1)[1] for m in ex.wrong}) >= 3  # not one sentence for every column


def test_practice_feedback_says_a_five_was_missed_and_judges_early_positions_without_contradiction():
    """A practice problem whose answer is a five now tells a wrong column that the five was there; an early
    position (no line of best play yet) says what best play gives after the opponent's best reply, never "yellow
    cannot make five at once … Then yellow wins" in two clashing sentences."""
    for lesson in (1, 2):
        for ex in _bank_practice(lesson):
            wins = lesson_positions.immediate_wins(ex.game)
            for m in ex.wrong:
                text = ex.check(m)[1]
                assert "Then " not in text, text
                if wins:
                    assert "could have won at once" in text, text
                after = _after(ex.game, m)
                if (
                    len(after.history) < lesson_positions.SOLVE_FROM
                    and not lesson_positions.immediate_wins(after)
                    and not wins
                ):
                    assert "best reply" in text, text


def test_lesson_two_hints_say_how_to_look_not_the_result():
    """Exercise 7's hint says how to count, not that one count is odd; exercise 9's points at threats stacked one
    above the other (the idea of its answer) without naming a column or saying the column is still empty."""
    claim = L.exercises()["answer_on_top"]
    assert "odd" not in claim.hint and "Count the empty cells" in claim.hint
    win = L.exercises()["winning_move"]
    assert "one right above the other" in win.hint and not re.search(r"\d|nobody", win.hint)
    game = win.game
    after = _after(game, win.solutions[0])
    column, rows = lesson_exercise.stacked_run(after, 0)
    assert not game.grid[game.grid_column(column)] and len(rows) >= 2  # the stack is in a column still empty


def test_two_threats_on_even_rows_are_judged_by_the_pages_rule_and_the_solver():
    """Lesson 2's exercise 7: one red and one yellow threat, both on even rows, in different columns, neither
    reachable. The page's rules of thumb decide it (no rule the page does not teach): the right choice is yellow, the
    exact solver's winner; both "red" answers are wrong, each for its own reason; every choice has its own reason; the
    right one's end is the line of best play (red fills under its own threat and yellow blocks; red fills under
    yellow's threat and yellow makes five)."""
    ex = L.exercises()["two_threats"]
    g = ex.game
    ((rc, rr),) = threat_cells(g, 0)
    ((yc, yr),) = threat_cells(g, 1)
    assert g.to_move == 0 and rc != yc and (rr + 1) % 2 == 0 and (yr + 1) % 2 == 0
    assert not playable_threats(g, 0) and not playable_threats(g, 1)
    score = solve(g)
    assert score < 0  # red, to move, loses: yellow wins
    reasons = {c: ex.check(c) for c in ex.choices}
    (right,) = [c for c, (ok, _) in reasons.items() if ok]
    assert right.startswith("Yellow:") and "red must drop under yellow's threat" in right and ex.solutions == [right]
    assert sum(c.startswith("Red:") and not ok for c, (ok, _) in reasons.items()) == 2
    assert len({text for _, text in reasons.values()}) == len(reasons) == 4
    nth = g.variant.cells // 2 + 1 + score
    assert f"with its {nth}th disc" in reasons[right][1]
    line, end = lesson_exercise.principal_line(g, limit=g.variant.cells)
    assert end.winner() == 1 and line[-1] == line[-2] == str(g.column_number(yc))
    assert f"column {g.column_number(yc)}, row {yr}, right under yellow's threat" in reasons[right][1]
    assert f"red fills row {rr} of column {g.column_number(rc)} and yellow blocks on top" in reasons[right][1]
    # every choice that names a winner says who is forced where, never the row's kind or the page's sentence, so
    # the pupil has to count the rows to choose
    assert all("usually" not in c for c in ex.choices), ex.choices
    assert not any(re.search(r"\b(odd|even)\b|tends to get", c) for c in ex.choices), ex.choices
    assert all(len(c.split()) <= 8 for c in ex.choices), ex.choices  # short verdicts; the reasons are in the feedback
    odd_red = [c for c in ex.choices if c.startswith("Red: red fills its own threat cell")][0]
    assert f"red's threat is on row {rr + 1}. Is that odd or even?" in reasons[odd_red][1]
    (blocked,) = [c for c in ex.choices if c.startswith("Nobody")]
    # the "nobody" choice is half true (red's threat does get blocked): its reason says which half
    assert "Red's threat does get blocked" in reasons[blocked][1]
    assert f"row {yr} of column {g.column_number(yc)}, right under yellow's threat" in reasons[blocked][1]
    # a wrong choice is told its slip, never who wins (the answer): the pupil can still find it
    for choice, (ok, text) in reasons.items():
        if not ok:
            assert "solver" not in text and "yellow wins" not in text and "even, yellow's kind" not in text, text
    assert "R (red)" in ex.marked_cells and "Y (yellow)" in ex.marked_cells  # both cells marked on paper too
    # the pupil counts: the words beside the picture, on screen and on paper, give no row (the letters in the
    # cells and the board's row numbers do)
    on_screen = lesson_pictures.marked_cells_text(ex.game, rows=False)
    assert f"row {rr + 1}" not in on_screen and f"row {yr + 1}" not in on_screen
    assert ex.marked_cells == on_screen
    assert (
        lesson_exercise.ordinal_words(21) == "21st"
        and lesson_exercise.ordinal_words(22) == "22nd"
        and lesson_exercise.ordinal_words(13) == "13th"
        and lesson_exercise.ordinal_words(11) == "11th"
    )


@pytest.mark.parametrize(
    "path", ["five_in_a_row/02_threats_and_exercises.md", "es/five_in_a_row/02_threats_and_exercises.md"]
)
def test_lesson_two_minutes_add_up(path):
    """Lesson 2's time is what it announces (and the lesson's data), at most 55 minutes (a school period); the six
    exercises in the part for spare time ("If you have time") are the last six, and the two hard exercises end
    the eight timed ones."""
    page = _page(path)
    m = re.search(r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) minut[eo]s", page)
    assert m and int(m.group(1)) == L.LESSONS[2].minutes
    extra = re.split(r"^## (?:If you have time|Si te sobra tiempo)", page, flags=re.M)[1]
    extras = re.findall(r'L\.exercise\("(\w+)"', extra)
    wanted = ["zugzwang", "on_top_fails", "two_threats", "odd_even_2", "odd_against_even", "own_threat"]
    assert extras == wanted and list(L.LESSONS[2].exercises)[-6:] == extras
    levels = [L.LESSONS[2].levels[name] for name in L.LESSONS[2].exercises if name not in extras]
    own = [3, 3, 4, 5, 5, 4, 6, 6]  # exercises 1 to 8, as the guide's plan gives them
    assert len(levels) == len(own) and levels[-2:] == ["hard", "hard"] and "hard" not in levels[:-2]
    assert len(L.LESSONS[2].exercises) == 14 and int(m.group(1)) <= 55


@pytest.mark.parametrize(
    "name", ["zugzwang", "zugzwang_who", "odd_even", "odd_even_2", "two_threats", "odd_against_even"]
)
def test_the_worksheet_board_draws_the_marked_cells_in_their_cells(name):
    """On paper the board has no tint: each threat cell the picture marks is drawn in its cell with the picture's
    letter (R red, Y yellow; R and A in Spanish), never a disc letter (X, O), each ✗ cell too, with a key; a move
    exercise's board marks nothing (its threat cell would be the answer)."""
    from gamekit.teacher_sheets import board_text

    ex = L.exercises()[name]
    lines = board_text(ex).split("\n")
    g = ex.game
    threats, danger = ex.marks
    numbered = name not in lesson_positions.ROW_QUESTIONS  # a row question's board prints no row numbers
    for seat, letter in ((0, "R"), (1, "Y")):
        for c, r in threat_cells(g, seat):
            line = lines[g.height - 1 - r]
            number, row = line[:4], line[4:]  # the row number (1 at the bottom) or blanks, then the row
            assert number.strip() == (str(r + 1) if numbered else ""), (name, line)
            cells = [ch for ch in row if ch not in " |"]
            assert cells[c] == letter, (name, c, r, lines)
            colour, disc = (("red", "X"), ("yellow", "O"))[seat]
            assert f"{letter}: an empty cell where a {colour} disc ({disc}) would make five" in lines[-1]
    if danger:
        assert "✗" in "".join(lines[: g.height]) and "✗: the empty cell under a threat" in lines[-1]
    plain = board_text(L.exercises()["win_in_one"]).split("\n")  # a move exercise: the grid, rows numbered, no marks
    grid = str(L.exercises()["win_in_one"].game).split("\n")
    assert [line.split(" ", 1)[1].lstrip() for line in plain[: g.height]] == grid[: g.height] and plain[-1] == grid[-1]
    marks = set(lesson_pictures.paper_marks(g, *ex.marks).values())
    assert marks and not marks & {"X", "O", "x", "o"}  # a threat cell never looks like a disc
    from gamekit.i18n import using

    with using("es"):
        es = L.exercises()[name]
        text = board_text(es)
        for c, r in threat_cells(es.game, 1):
            assert [ch for ch in text.split("\n")[g.height - 1 - r][4:] if ch not in " |"][c] == "A"
        assert "o: " not in text and "x: " not in text


@pytest.mark.parametrize(
    "page, guide",
    [
        ("five_in_a_row/03_how_the_computer_knows.md", "docs/teachers/connect.md"),
        ("es/five_in_a_row/03_how_the_computer_knows.md", "docs/teachers/es/connect.md"),
    ],
)
def test_lesson_three_minutes_add_up_on_the_page_and_in_the_guide(page, guide):
    """Lesson 3's time on the page (reading + exercises + the end), its plan in the guide and the lesson's minutes
    agree, and each timed exercise gets at least 3 minutes (the tree on paper, exercise 3, at least 6); exercise 10,
    in the part for spare time, is not timed."""
    text = (NOTEBOOKS / page).read_text(encoding="utf-8")
    total = int(re.search(r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) minut", text).group(1))
    rows = _lesson_rows(guide, 3)
    assert total == sum(m for m, _ in rows) == L.LESSONS[3].minutes
    word = "ejercicio" if "/es/" in guide else "exercise"
    on_exercises = [(m, what) for m, what in rows if what.startswith(word)]
    extra = re.split(r"^## (?:If you have time|Si te sobra tiempo)", text, flags=re.M)[1]
    timed = len(L.LESSONS[3].exercises) - len(re.findall(r"\bexercise\(", extra))  # the extras are not timed
    assert timed == 9 and total <= 55
    assert sum(m for m, _ in on_exercises) >= 3 * timed + 4


@pytest.mark.parametrize("guide, lang", [("docs/teachers/connect.md", "en"), ("docs/teachers/es/connect.md", "es")])
def test_the_guide_gives_best_play_for_every_hard_exercise_and_practice_problem(guide, lang):
    """Worksheets are marked on paper: the guide lists, for every hard exercise and every "More practice" problem,
    its answer and the line of best play after it (or the worked answer), exactly as the exercises compute them."""
    from gamekit.i18n import using

    text = (NOTEBOOKS.parent / guide).read_text(encoding="utf-8")
    block = text.split("<!-- best-play:begin", 1)[1].split("-->\n", 1)[1].split("<!-- best-play:end -->")[0]
    with using(lang):
        assert block == lesson_marking.marking_notes()
    hard = sum(level == "hard" for lesson in L.LESSONS.values() for level in lesson.levels.values())
    practice = sum(len(L.practice_exercises(n)) for n in L.LESSONS)
    assert len(block.strip().splitlines()) == hard + practice
    # a move's line is the exact solver's: the final challenge's line ends in yellow's five
    ex = L.exercises()["challenge"]
    line = lesson_marking.marking_line(ex)
    assert line == lesson_exercise.whole_line(ex.game, ex.solutions[0]) and "yellow" in line


@pytest.mark.parametrize("name", ["winning_move"])
def test_each_wrong_column_in_the_hard_puzzles_is_told_what_that_drop_allows(name):
    """Lesson 2's exercises 9 and 10: a wrong click is told where that disc lands (row counted on the board after
    it) and what the opponent's best answer, into the unnamed answer column, then gives: for exercise 9 the threats
    it stacks (column and rows read off the board here), for exercise 10 the draw. Never the answer's number."""
    ex = L.exercises()[name]
    (answer,) = ex.solutions
    seat = ex.game.to_move
    for m in ex.wrong:
        after = _after(ex.game, m)
        row = len(after.grid[after.grid_column(int(m))])
        feedback = ex.check(m)[1]
        assert feedback.startswith(f"Not column {m}: your disc lands on row {row}"), feedback
        assert lesson_exercise.shown_reply(after) == answer and f"column {answer}" not in feedback
        value = solve(after)  # for the opponent, to move
        if value > 0:
            column, rows = lesson_exercise.stacked_run(_after(after, answer), 1 - seat)
            listed = f"{', '.join(map(str, rows[:-1]))} and {rows[-1]}"
            assert f"answers with threats one above the other in column {column} (rows {listed})" in feedback
        else:
            assert value == 0 and "best play ends in a draw" in feedback
    # the drops differ, and so do their reasons (the row each disc lands on, the stack it allows)
    assert len({ex.check(m)[1].split(":", 1)[1] for m in ex.wrong}) >= 2


def test_lesson_one_uses_plain_words_before_threats_are_taught():
    """ "Threat" is defined in lesson 2: lesson 1's page and the words beside its pictures say what a marked cell is
    ("could make five next turn") instead; lesson 2's pictures keep the word."""
    for name in lesson_pictures.BEFORE_THREATS:
        said = lesson_pictures.show(name).children[1].description
        assert "Threat cells" not in said and "could make five next turn: R (red)" in said
    assert "Threat cells: R (red)" in lesson_pictures.show("open_four").children[1].description
    page = _page("five_in_a_row/01_rules_and_play.md")
    assert not re.search(r"\bthreats?\b", page.split("Next:")[0]), "lesson 1 says 'threat' before lesson 2 defines it"


@pytest.mark.parametrize("folder", ["docs/teachers/worksheets", "docs/teachers/es/worksheets"])
def test_the_worksheets_say_what_paper_shows(folder):
    """On paper: a threat cell in an empty column is drawn with its letter, and the words point at that letter
    without naming its row (exercise 7 asks for the row's kind), rather than ask the pupil to find the cell; no
    screen-only note about what the
    answer box also accepts; the PopOut box says the side discs never come out."""
    root = NOTEBOOKS.parent / folder / "five_in_a_row"
    one = (root / "01_rules_and_play.md").read_text(encoding="utf-8")
    two = (root / "02_threats_and_exercises.md").read_text(encoding="utf-8")
    three = (root / "03_how_the_computer_knows.md").read_text(encoding="utf-8")
    assert "The side discs can never be popped." in one or "Las fichas laterales no se pueden sacar nunca." in one
    assert "find the cell" not in two and "busca el hueco" not in two
    assert "R (red) in column 7, which is still empty: count up from the bottom to the R" in two or (
        "R (rojo) en la columna 7, que sigue vacía: cuenta desde abajo hasta la R" in two
    )
    assert "column 7, row 2" not in two and "columna 7, fila 2" not in two
    assert "7th" not in three and "fine too" not in three and "también vale" not in three


@pytest.mark.parametrize("path, lang", [("docs/teachers/connect.md", "en"), ("docs/teachers/es/connect.md", "es")])
def test_the_guide_quotes_what_lesson_two_shows_and_plans_its_last_reading(path, lang):
    """The guide quotes exercise 10's wrong-column feedback as the page gives it, says what follows the final
    challenge (not that the lesson ends there), and says "What is known about solving" waits, with exercises 12 and
    13, under "If you have time" (its minutes went to exercise 9, where answering on top fails): lesson 2's own plan
    counts it as extra, and the general plan no longer gives it minutes."""
    from gamekit.i18n import using

    text = " ".join((NOTEBOOKS.parent / path).read_text(encoding="utf-8").split())
    with using(lang):
        feedback = lesson2_exercises.winning_move_exercise().check("1")[1]
    assert feedback in text, feedback
    assert "ends with the final challenge" not in text and "termina con el reto final" not in text
    known = "known about solving" if lang == "en" else "se sabe de la solución"
    own = _lesson_rows(path, 2)
    assert not any(known in what for _, what in own), own  # no minutes of its own in lesson 2's plan
    block = re.split(r"^### ", (NOTEBOOKS.parent / path).read_text(encoding="utf-8"), flags=re.M)[2]
    total = re.search(r"^\| \*\*55\*\* \| (.+)$", block, re.M)
    assert total and known in total.group(1) and "extra" in total.group(1), block
    assert not any(known in key for key in _general_plan(path))


def test_the_42_disc_limit_is_only_claimed_without_popout():
    """With PopOut a popped cell can be filled again, so a game can last more than 42 moves: every sentence that says
    a game lasts at most 42 (lesson 1, its Spanish twin, both guides, the rules table) says "without PopOut"."""
    import random
    import re

    from gamekit.i18n import using

    rng = random.Random(1)
    game, moves = FiveInARow(popout=True), 0
    while not game.is_over() and moves <= 42:
        game.play(rng.choice(game.legal_moves()))
        moves += 1
    assert moves > 42  # the claim would be false for PopOut

    root = NOTEBOOKS.parent
    texts = [
        (root / path).read_text(encoding="utf-8")
        for path in (
            "notebooks/five_in_a_row/01_rules_and_play.md",
            "notebooks/es/five_in_a_row/01_rules_and_play.md",
            "docs/teachers/connect.md",
            "docs/teachers/es/connect.md",
        )
    ]
    for lang in ("en", "es"):
        with using(lang):
            texts.append(" ".join(str(cell) for row in lesson_pictures.rules_table().rows for cell in row) + ".")
    claims = [
        sentence
        for text in texts
        for sentence in re.split(r"(?<=[.;])\s", " ".join(text.split()))
        if re.search(r"(at most|como máximo) 42", sentence)
    ]
    assert len(claims) >= 6
    for sentence in claims:
        assert "PopOut" in sentence, sentence


def test_lesson_three_practice_hints_at_minimax_and_says_its_answer_in_words():
    """Lesson 3's practice is about minimax and scores: its hint says that idea, not the bank theme the position
    came from (zugzwang, double threat, side column), and the answer shown reads "column 1, score +2 or column 2,
    score +2", never a bare "1, +2, 2, +2".  The score rule reads as the lesson says it, "your own n-th disc",
    never "disc number n", which reads as the n-th disc of the whole game."""
    import re

    from gamekit.i18n import using
    from gamekit.puzzles.core import theme_hint

    bank_hints = {theme_hint("five_in_a_row", t) for t in ("zugzwang", "double_threat", "side_column")}
    for ex in L.practice_exercises(3):
        assert ex.hint.startswith("Minimax: for each column") and not any(h in ex.hint for h in bank_hints)
        assert "your own n-th disc scores 22 − n" in ex.hint  # the lesson's words; 42 free cells
        assert ex.answer == " or ".join(f"column {s.split(', ')[0]}, score {s.split(', ')[1]}" for s in ex.solutions)
        assert not re.fullmatch(r"[\d+\-, ]+", ex.answer)
        assert all(ex.check(s)[0] for s in ex.solutions)
    with using("es"):
        hints = [ex.hint for ex in L.practice_exercises(3)]
    assert hints and all("tu propia ficha número n vale 22 − n" in h for h in hints), hints


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_boards_number_their_rows_as_the_page_does(lang):
    """Paper questions name rows ("row 4", odd and even rows): each board on a 5 en raya sheet numbers its rows on
    the left, 6 at the top down to 1 at the bottom, as the page's pictures do, with the column numbers still under
    their columns; only the boards of the questions about a threat's kind of row leave the rows unnumbered, as the
    screen does (the numbers would answer them)."""
    from gamekit.teacher_sheets import worksheet_markdown

    for notebook in L.EXERCISES:
        sheet = worksheet_markdown("gamekit.connect.lessons", notebook, lang)
        boards = [b.split("```", 1)[0] for b in sheet.split("```text\n")[1:]]
        boards = [b for b in boards if "|" in b]  # the 5 en raya grid (lesson 3's tiny board has no side columns)
        assert boards or notebook.endswith("03_how_the_computer_knows"), notebook
        blank = 0
        for board in boards:
            lines = board.splitlines()
            grid = [line for line in lines if "|" in line]
            numbers = [line[:4].strip() for line in grid]
            blank += numbers == [""] * 6
            assert numbers in (["6", "5", "4", "3", "2", "1"], [""] * 6), board
            columns = next(line for line in lines if line.strip().startswith("1 2 3"))
            assert columns.index("1") == grid[-1].index("|") + 1, board  # column 1 under the first middle cell
        rows_asked = [k for k in lesson_positions.ROW_QUESTIONS if k in L.LESSONS[2].exercises]
        assert blank == (len(rows_asked) if notebook == L.LESSONS[2].notebook else 0), (notebook, blank)


def test_practice_titles_agree_the_level_with_problem_in_spanish():
    """«Problema» is masculine: the middle level reads «Problema 2 (nivel medio)», never «(media)»; each level has
    its title in both languages, and an unknown level is refused by name."""
    from gamekit.i18n import using

    with using("es"):
        assert L.problem_title(2, "medium") == "Problema 2 (nivel medio)"
        titles = [L.problem_title(1, lv) for lv in ("easy", "hard")]
        assert titles == ["Problema 1 (nivel fácil)", "Problema 1 (nivel difícil)"]
    assert L.problem_title(3, "hard") == "Problem 3 (hard)"
    with pytest.raises(KeyError, match="expert"):
        L.problem_title(1, "expert")


def test_spanish_words_follow_the_glossary_and_read_naturally():
    """«cinco en línea» (the glossary's term), «empate» without an article in a result cell, «juega en» for a
    move in the guide, and Allen and Allis solving Connect Four separately."""
    from gamekit.i18n import using

    with using("es"):
        from gamekit.i18n import tr

        assert "cinco en raya para" not in tr(
            "Answering on top takes the last cell of every column, so yellow fills the whole of row {row}: "
            "five in a row for yellow, and red can never make five.",
            row=2,
        )
        assert tr("a draw") == "empate"
    guide = (NOTEBOOKS.parent / "docs/teachers/es/connect.md").read_text(encoding="utf-8")
    assert "el rojo cae en la fila" not in guide
    three = (NOTEBOOKS / "es/five_in_a_row/03_how_the_computer_knows.md").read_text(encoding="utf-8")
    # the history of Connect Four's solution is the guide's, not the pupil's page (lesson 3 is read, not studied)
    assert "Allen y, por separado, Victor" in " ".join(guide.split()) and "Allen" not in three


def test_exercise_eight_intro_agrees_with_its_feedback():
    """The right answer's feedback says yellow wins, and the page says so below the exercise, where the proof
    button's "cannot lose" is the first step, so the two never contradict.  Above the exercise nothing says how the
    game ends (the pupil predicts it), in either language."""
    ex = L.exercises()["answer_on_top"]
    (answer,) = ex.solutions
    assert "and wins" in ex.check(answer)[1] and "cannot lose" in ex.more(answer)
    two = (NOTEBOOKS / "five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8")
    intro = " ".join(two.split("### Exercise 5", 1)[1].split("```", 1)[0].split("\n", 1)[1].split())
    assert "wins" not in intro and "win" not in intro.split()
    es = (NOTEBOOKS / "es/five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8")
    es_intro = " ".join(es.split("### Ejercicio 5", 1)[1].split("```", 1)[0].split())
    assert "gana" not in es_intro and "Si aciertas" not in es_intro
    # what happens after a right answer is said below the exercise, not before it
    assert "After a right answer" not in intro
    intro = " ".join(two.split("### Exercise 5", 1)[1].split("\n#", 1)[0].split("```")[-1].split())
    assert intro.startswith("After a right answer, a button shows")
    # the proof (red never makes five) and the feedback (answering on top fills row 6 for yellow) agree: answering
    # on top itself wins here, not only keeps yellow safe; and it is so: the top row all yellow, red never five
    assert "red never makes five while yellow answers on top" in intro
    assert "answering on top does more than keep yellow safe: it wins" in intro and "even better" not in intro
    assert "yellow fills the whole of row 6 and wins" in ex.check(answer)[1]
    assert lesson2_exercises.same_column_top_row(ex.game, answer)
    ex_page = " ".join((NOTEBOOKS / "es/five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8").split())
    assert "le hace ganar" in ex_page and "puede hacer algo mejor" not in ex_page
    es_eight = ex_page.split("### Ejercicio 5", 1)[1].split("## ", 1)[0]
    assert es_eight.count("Si aciertas") == 0  # the outcome is not announced above the exercise
    assert es_eight.index("Tras una respuesta correcta") > es_eight.index("answer_on_top")
    assert intro.endswith("it wins.")  # nothing here says whether it fails elsewhere: exercise 10 asks that
    # short sentences: none of the intro's sentences runs past 25 words
    assert max(len(sentence.split()) for sentence in re.split(r"[.?!]", intro)) <= 25


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_odd_against_even_bullet_explains_forced_replies_and_gives_no_verdict(lang):
    """Before exercise 11 the page says how to count when each player has a ✗ cell only they can use: the forced
    reply on top uses up a cell too (the rule, then how to count: the owner's drop and the reply use up two cells).
    It works no position of that case (a hand-written one cannot be checked by
    the solver, and a legal one would hand over exercise 11's answer, a red win) and names no result.  Exercise 11
    is marked hard, and offers neither "nobody, each threat gets blocked" (the page says they do not cancel out)
    nor the weak "its threat is lower"."""
    from gamekit.i18n import using

    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/02_threats_and_exercises.md").read_text(
        encoding="utf-8"
    )
    heading = "### Ejercicio 13 (nivel difícil)" if lang == "es" else "### Exercise 13 (hard)"
    assert heading in page
    bullet = " ".join(
        page.split(heading, 1)[0].split("Sometimes **each**" if lang == "en" else "A veces **cada**")[1].split()
    )
    bullet = bullet.split("```", 1)[0]  # the rule and how to count, before the worked count
    bullet = bullet.split("This odd/even rule" if lang == "en" else "Esta regla", 1)[0]
    if lang == "en":
        assert "**forced reply**" in bullet and "the forced reply use up two cells" in bullet
        assert "How to count:" in bullet  # a short rule, then how to count, not one long sentence
        assert "a draw" not in bullet and "wins" not in bullet and "say red is to move" not in bullet
        assert "run out of safe moves first" not in bullet and "makes five" not in bullet
    else:
        assert "**respuesta obligada**" in bullet and "respuesta obligada gastan dos huecos" in bullet
        assert "Cómo contar:" in bullet
        assert "empate" not in bullet and "gana" not in bullet and "supón que le toca" not in bullet
    with using(lang):
        ex = lesson2_rows.odd_against_even_exercise()
    assert not any(c.startswith(("Nobody", "Nadie")) or "lower" in c or "más baja" in c for c in ex.choices)
    assert len(ex.choices) == 4 and len(set(ex.choices)) == 4


@pytest.mark.parametrize("lang", ["en", "es"])
def test_exercise_four_asks_about_the_board_it_shows(lang):
    """Exercise 4's board is another game with red to move, and its question says so."""
    from gamekit.i18n import using

    with using(lang):
        ex = L.exercises()["zugzwang"]
    assert ex.game.to_move == 0
    words = " ".join(ex.prompt.split())
    assert (
        words.startswith("Another game, red to move.")
        if lang == "en"
        else words.startswith("Otra partida, le toca al rojo.")
    )


def test_the_hard_exercises_of_lesson_two_test_more_than_stacked_threats():
    """Lesson 2's hard exercises do not all turn on stacked threats: exercise 12 (make a red threat on an odd row)
    tests the odd/even objective, and the zugzwang objective keeps its two counting exercises.  The timed lesson
    ends with exercise 9 (one column wins) and the final challenge, the two that test "a move that wins, not one
    that only draws"; exercises 11 and 12 wait under "If you have time"."""
    objectives = dict(L.LESSONS[2].objectives)
    names = list(L.LESSONS[2].exercises)
    assert names[6:] == [
        "winning_move",
        "challenge",
        "zugzwang",
        "on_top_fails",
        "two_threats",
        "odd_even_2",
        "odd_against_even",
        "own_threat",
    ]
    odd_even = next(ex for o, ex in objectives.items() if o.startswith("tell an odd threat"))
    assert "own_threat" in odd_even
    zugzwang = next(ex for o, ex in objectives.items() if o.startswith("explain zugzwang"))
    assert set(zugzwang) == {"zugzwang", "zugzwang_who"}


def test_the_make_a_threat_exercise_accepts_exactly_the_odd_row_threats_the_solver_rates_best():
    """Lesson 2's exercise 9: red, with no threat yet, must make a threat on red's kind of row (odd) that no disc
    can reach yet.  The drops that do so are exactly the exact solver's best moves (computed here, both ways), and
    each kind of wrong drop is told what it made: a threat on an even row, or no threat at all."""
    from gamekit.connect import lesson2_rows
    from gamekit.connect.threats import threat_cells

    ex = L.exercises()["own_threat"]
    game = FiveInARow.from_moves(lesson_positions.EXERCISE_POSITIONS["own_threat"])
    assert game.to_move == 0 and not threat_cells(game, 0) and not threat_cells(game, 1)
    scores = lesson_positions.move_scores(game)
    best = {m for m, v in scores.items() if v == max(scores.values())}
    assert set(ex.solutions) == best and len(best) < len(scores) / 3
    made = {}
    for m in game.legal_moves():
        after = _after(game, m)
        new = set(threat_cells(after, 0))
        made[m] = new
        floating_odd = any(r % 2 == 0 and len(after.grid[c]) < r for c, r in new)
        assert (m in best) == floating_odd, m
    (answer,) = ex.solutions
    ok, feedback = ex.check(answer)
    rows = sorted({r + 1 for _, r in made[answer]})
    assert ok and "odd rows, red's kind" in feedback and all(f"row {r}" in feedback for r in rows)
    assert "red still wins" in feedback  # the solver's verdict after it
    reasons = set()
    for m in ex.wrong:
        ok, feedback = ex.check(m)
        assert not ok and f"column {answer}" not in feedback, feedback
        kind = lesson2_rows.threat_kind(game, m)
        if made[m]:
            (row,) = {r + 1 for _, r in made[m]}
            assert kind == "other" and row % 2 == 0
            assert f"red threat on row {row}, an even row. Even rows are yellow's kind" in feedback
        else:
            assert kind == "none" and "makes no new red threat" in feedback
        value = solve(_after(game, m))  # for yellow, to move
        assert ("draw" in feedback) == (value == 0) and ("yellow can force a win" in feedback) == (value > 0)
        reasons.add(kind)
    assert reasons == {"other", "none"}
    for typed, reason in (("9", "no column 9"), ("two", "two")):
        ok, refusal = ex.check(typed)  # refused with the reason, never judged as a drop
        assert not ok and reason in refusal and "Not column" not in refusal, refusal


def test_the_make_a_threat_exercise_refuses_a_position_that_does_not_fit_it():
    """The make-a-threat exercise checks its position: another lesson position (yellow to move, or red already
    with a threat cell) is refused with the reason, never turned into an exercise the solver does not back."""
    from gamekit.connect import lesson2_rows

    for name in ("answer_on_top", "winning_move"):
        with pytest.raises(
            ValueError, match="red must be to move, with no threat cell yet|no drop makes a red threat on an even row"
        ):
            lesson2_rows.own_kind_threat_exercise(name)


def test_lesson_three_uses_plain_and_accurate_words_for_move_ordering():
    """No "refuted" for 12-year-olds, and the two move orders differ in both columns they use, not in one."""
    for path in ("five_in_a_row/03_how_the_computer_knows.md", "es/five_in_a_row/03_how_the_computer_knows.md"):
        text = " ".join((NOTEBOOKS / path).read_text(encoding="utf-8").split())
        assert "refut" not in text, path
        assert "in one column the order decides" not in text and "en una misma columna, el orden" not in text
        assert "In columns 4 and 6 the order decides" in text or "En las columnas 4 y 6, el orden decide" in text


def test_paper_board_keeps_row_numbers_apart_from_the_side_discs():
    """On paper, "6 O|" reads as one label: the row number stands apart from the side disc beside it, and the
    column numbers stay under their columns."""
    from gamekit.connect.info import paper_board

    lines = paper_board(FiveInARow.from_moves("4455")).split("\n")
    assert lines[0] == "6   O|. . . . . . .|X" and lines[5] == "1   X|. . . X X . .|O"
    assert lines[6].index("1") == lines[0].index("|") + 1


@pytest.mark.parametrize(
    "path, start, end",
    [
        ("docs/teachers/connect.md", "## Key facts", "## Solutions to every exercise"),
        ("docs/teachers/es/connect.md", "## Datos clave", "## Soluciones de todos los ejercicios"),
    ],
)
def test_the_guides_key_facts_are_plain_facts_without_code(path, start, end):
    """A teacher reads "Key facts" as plain facts: no Python call, module or function name (those live in
    docs/connect.md's "Teacher extras", whose calls are the ones named there)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    text = (root / path).read_text(encoding="utf-8")
    facts = text[text.index(start) : text.index(end)]
    assert "`" not in facts and "gamekit.connect" not in facts and "()" not in facts
    assert "teach_pictures" not in facts and "lesson_game" not in facts
    extras = (root / "docs/connect.md").read_text(encoding="utf-8")
    extras = extras[extras.index("### Teacher extras") :]
    for call in ("count_lines(FIVE_IN_A_ROW)", "teach_pictures.start_report()", "teach_pictures.bitboard_speed(game)"):
        assert call in extras


def test_lesson_three_worksheet_help_box_names_the_three_searches_without_answers():
    """On paper the pupil has no lesson page: the help box says in a line each what minimax, alpha–beta and the
    transposition table are, as the lesson words them, and gives away none of the search exercises' answers."""
    from gamekit.connect import teach, worksheet_cards
    from gamekit.i18n import using

    box = worksheet_cards.scores_and_bits_cards()[0]
    assert "How the computer searches" in box
    for word in ("Minimax tries every move", "Alpha–beta is minimax", "A transposition table is"):
        assert word in box
    for name in ("pruning_exercise", "transposition_exercise", "transposition_why_exercise"):
        assert getattr(teach, name)().solutions[0] not in box
    with using("es"):
        es = worksheet_cards.scores_and_bits_cards()[0]
    assert "Alfa-beta es minimax" in es and "tabla de transposición" in es


WORD_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_guides_exercise_numbers_and_counts_match_the_pages(lang):
    """The general plan places the double and stacked threats between the two exercises that the lesson 2 page
    puts around that section; lesson 3's extension counts the More practice endgames and their empty cells as the
    page builds them."""
    path = "docs/teachers/es/connect.md" if lang == "es" else "docs/teachers/connect.md"
    guide = (NOTEBOOKS.parent / path).read_text(encoding="utf-8")
    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/02_threats_and_exercises.md").read_text(
        encoding="utf-8"
    )
    heads = re.findall(r"^##+ (.+)$", page, re.M)
    section = next(i for i, h in enumerate(heads) if re.search(r"(?i)double threat|amenaza doble", _section(page, h)))
    before = [int(n) for h in heads[:section] for n in re.findall(r"^(?:Exercise|Ejercicio) (\d+)", h)]
    after = [int(n) for h in heads[section:] for n in re.findall(r"^(?:Exercise|Ejercicio) (\d+)", h)]
    said = re.search(
        r"\((?:after exercise|después del ejercicio) (\d+), (?:before|antes del) (exercise \d+|\d+|the final challenge|"
        r"reto final): [\"«](.+?)[\"»]\)",
        guide,
    )
    assert said, f"{path}: the reading row says after which exercise the double threats come"
    # the next exercise on the page: a numbered one, or the final challenge (lesson 2's timed part ends with it)
    challenge = re.match(r"(?:Final challenge|Reto final)", heads[section + 1])
    following = ("the final challenge", "reto final") if challenge else (f"exercise {after[0]}", str(after[0]))
    assert int(said.group(1)) == before[-1] and said.group(2) in following and said.group(3) == heads[section]
    endgames = L.practice_exercises(3)
    empty = [ex.game.variant.cells - ex.game.discs_on_board for ex in endgames]
    start = next(
        i
        for i, line in enumerate(guide.splitlines())
        if line.startswith(("**Extension:** Write", "**Ampliación:** Programar"))
    )
    extension = " ".join(guide.splitlines()[start:]).split("## ", 1)[0]
    count = re.search(r"(?:It has|Tiene) (\w+) (?:endgames|finales)", extension)
    assert count and WORD_NUMBERS[count.group(1)] == len(endgames), (path, count and count.group(1), len(endgames))
    cells = re.search(r"\((\d+(?:, \d+)*),? (?:and|y) (\d+) empty cells", extension)
    if lang == "es":
        cells = re.search(r"\((\d+(?:, \d+)*),? y (\d+) huecos vacíos", extension)
    assert cells and [int(n) for n in re.findall(r"\d+", cells.group(0))] == empty, (cells, empty)


def _section(page: str, head: str) -> str:
    """The text under the heading ``head`` of ``page``, up to the next heading."""
    start = page.index(head + "\n")
    nxt = re.search(r"^##", page[start + len(head) :], re.M)
    return page[start : start + len(head) + (nxt.start() if nxt else len(page))]


def _named_line_cells(game, words: str) -> set[tuple[int, int]]:
    """The grid cells a wrong click's "its best line has …" sentence names (empty when it names no line)."""
    said = re.search(r"its best line has \d+ \w+ discs, (.+?) \((.+?)\)", words)
    if not said:
        return set()
    way, names = said.groups()
    first, last = game.variant.first_column, game.variant.first_column + game.variant.columns - 1
    grid = lambda number: first + int(number) - 1
    parts = re.split(r", | and ", names)
    across, up = re.match(r"across row (\d+)", way), re.match(r"up column (\d+)", way)
    cells = set()
    for part in parts:
        side = re.match(r"the (left|right) side disc(?: on row (\d+))?", part)
        if side:
            row = int(side.group(2)) if side.group(2) else int(across.group(1))
            cells.add((first - 1 if side.group(1) == "left" else last + 1, row - 1))
        elif across:
            cells.add((grid(re.sub(r"^columns? ", "", part)), int(across.group(1)) - 1))
        elif up:
            cells.add((grid(up.group(1)), int(re.sub(r"^rows? ", "", part)) - 1))
        else:
            column, row = re.match(r"column (\d+) row (\d+)", part).groups()
            cells.add((grid(column), int(row) - 1))
    return cells


@pytest.mark.parametrize("name", ["side_win", "side_block", "side_block_row", "block_threat", "win_in_one"])
def test_no_wrong_click_names_the_line_whose_gap_is_the_answer(name):
    """In a win-now or block exercise a wrong click may say what the pupil's disc makes, but never describe a line
    that the answer's cell would complete: its one gap would point at the answer."""
    from gamekit.connect.lesson_exercise import landing_cells

    ex = L.exercises()[name]
    answers = landing_cells(ex.game, ex.solutions)
    lines = ex.game.variant.lines()
    described = 0
    for move in ex.wrong:
        words = ex.checker(move)[1]
        named = _named_line_cells(ex.game, words)
        described += bool(named)
        assert not any(set(line) <= named | answers for line in lines if set(line) & answers), (move, words)
    assert name != "side_win" or described, "the test reads the line sentences"


def test_a_line_through_the_answer_cell_is_not_described():
    from gamekit.connect.lesson_exercise import drop_words, landing_cells

    game = L.exercises()["side_win"].game
    after = game.copy()
    after.play("1")
    plain = drop_words(after, game.to_move)
    fitted = drop_words(after, game.to_move, landing_cells(game, L.exercises()["side_win"].solutions))
    assert _named_line_cells(game, "Your disc " + plain) != _named_line_cells(game, "Your disc " + fitted)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_answer_on_top_leaves_the_even_count_to_the_hint(lang):
    """Exercise 8 asks where yellow must drop for the same-column answer to work: the even count that decides it
    is the pupil's to find (the hint gives it), not said by the question or the text above the board."""
    from gamekit.i18n import using

    even = "número par" if lang == "es" else "even number"
    with using(lang):
        ex = L.exercises()["answer_on_top"] if lang == "en" else lesson2_exercises.claimeven_exercise()
    # the hint helps (imagine the answers on top, count the cells) without naming the even count itself
    assert even not in ex.prompt and even not in ex.hint, ex.hint
    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/02_threats_and_exercises.md").read_text(
        encoding="utf-8"
    )
    heading = "### Ejercicio 7" if lang == "es" else "### Exercise 7"
    above = page.split(heading, 1)[1].split("```", 1)[0]
    assert even not in above.replace("**", ""), above


def _word_runs(text: str, n: int = 8) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", text.lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_three_exercise_five_has_no_choice_the_page_refutes_above_it(lang):
    """Why a transposition table keeps the score: no wrong choice is one the text above the exercise already
    argues against (its reason shares no run of eight words with that text), so each is a real distractor."""
    from gamekit.connect import teach
    from gamekit.i18n import using

    with using(lang):
        ex = teach.transposition_why_exercise()
        reasons = {c: ex.check(c)[1] for c in ex.wrong}
    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/03_how_the_computer_knows.md").read_text(
        encoding="utf-8"
    )
    above = _word_runs(page.split("transposition_why_exercise()", 1)[0])
    for choice, reason in reasons.items():
        assert not (_word_runs(reason) | _word_runs(choice)) & above, (choice, (_word_runs(reason) & above))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_three_worksheet_card_words_alpha_beta_as_the_page_does(lang):
    """The worksheet's search card says only what lesson 3 teaches about alpha–beta (it skips replies that cannot
    change the answer; ✗ and ≤ on its tree), not the alpha and beta bounds the page does not teach."""
    from gamekit.connect.worksheet_cards import scores_and_bits_cards
    from gamekit.i18n import using

    with using(lang):
        cards = "\n".join(scores_and_bits_cards())
    card = next(line for line in cards.splitlines() if re.search(r"\b(?:Alpha|Alfa).beta (?:is|es) minimax", line))
    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/03_how_the_computer_knows.md").read_text(
        encoding="utf-8"
    )
    for taught in ("✗", "≤"):
        assert taught in card and taught in page
    for untaught in ("(alpha)", "(beta)", "(alfa)"):
        assert untaught not in card and untaught not in page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_worksheet_words_under_a_row_question_give_no_row(lang):
    """Exercises 5–7 ask what kind of row a threat is on: the words printed under their boards place each threat
    cell as the screen's words do (how far above its column's top disc), never by its row number, which would be
    half the answer; the zugzwang boards, whose questions are about who must drop, keep their rows."""
    from gamekit.i18n import using
    from gamekit.teacher_sheets import worksheet_markdown

    sheet = worksheet_markdown("gamekit.connect.lessons", "five_in_a_row/02_threats_and_exercises", lang)
    row_word = {"en": r"\brow \d", "es": r"\bfila \d"}[lang]
    with using(lang):
        exercises = L.exercises()
        for key in lesson_positions.ROW_QUESTIONS:
            words = exercises[key].marked_cells
            assert words and f"```\n\n{words}\n" in sheet, key
            assert not re.search(row_word, words), (key, words)
        zugzwang = exercises["zugzwang_who"].marked_cells
        assert re.search(row_word, zugzwang) and f"```\n\n{zugzwang}\n" in sheet


@pytest.mark.parametrize("name", ["own_threat", "winning_move", "challenge"])
def test_a_hard_exercises_right_answer_opens_with_what_the_drop_does(name):
    """Lesson 2's hard exercises: a right answer first says what the pupil's drop does (the threats it makes),
    then the opponent's answer and the solver's verdict as a sentence of its own; never "Right: yellow answers
    in column 2, but red still wins"."""
    ex = L.exercises()[name]
    ok, text = ex.check(ex.solutions[0])
    assert ok, text
    head = text.split(".")[0]
    assert "answers in column" not in head and "still wins" not in head, text
    assert re.search(r"threat", head), text
    assert re.search(r"\. (Red|Yellow) answers in column \d, but (red|yellow) still wins with best play\.", text), text


def test_a_right_five_still_opens_with_the_five():
    """A right answer that makes five at once says so first, then why (the side disc that completes it)."""
    ex = L.exercises()["side_win"]
    ok, text = ex.check(ex.solutions[0])
    assert ok and text.startswith(f"Right: column {ex.solutions[0]} makes five in a line: red wins."), text


def test_the_hard_popout_exercise_hint_points_without_giving_the_pattern():
    """Lesson 1's exercise 7 (hard): the hint says how to look (picture each pop's fall, check the rows it
    changes), not the pattern that answers it (four red and one yellow with a red disc above the yellow one)."""
    ex = L.exercises()["popout_pop"]
    assert "Picture each column falling" in ex.hint and "rows" in ex.hint
    assert not re.search(r"four red|yellow|just above|\d", ex.hint), ex.hint


def test_lesson_two_practice_has_a_stop_the_double_threat_problem_told_the_double_threat():
    """Stopping a double threat is an objective of lesson 2, so its More practice has a problem of that theme (a bank
    puzzle, solver-checked by the shared tests); a wrong drop after which the other player can make two threats at
    once is told so, worked out on the board after it, without naming a column that is a right answer."""
    from gamekit.puzzles.connect_best_line import after_drop
    from gamekit.puzzles.connect_defence import double_threat_reply

    practice = L.LESSONS[2].practice
    themes = [theme for theme, _ in practice.items]
    assert "stop_double_threat" in themes
    ex = L.practice_exercises(2)[themes.index("stop_double_threat")]
    assert "two threats at once" in ex.hint
    told = 0
    for m in ex.wrong:
        ok, text = ex.check(m)
        found = double_threat_reply(after_drop(ex.position, m))
        assert not ok
        if found is not None:
            told += 1
            assert "two threats at once" in text and "you can block only one" in text, text
            assert not any(f"column {s}" in text.split("The mistake")[1] for s in ex.solutions), text
    assert told >= 1


@pytest.mark.parametrize("lesson", [1, 2])
def test_a_practice_right_answer_says_what_the_drop_does(lesson):
    """Lessons 1 and 2's More practice: a right drop is told what it does on that board (the five it makes and
    which way, the cell it takes where the other player would have made five, the threat it makes, or for a
    zugzwang who runs out of harmless drops first), computed
    from the position, then what best play gives; never the bare "column 5 — red wins with best play"."""
    from gamekit.connect.threats import threat_cells as threats

    from gamekit.connect.lesson_practice import double_threat_words, zugzwang_words

    practice = L.LESSONS[lesson].practice
    for ex, (theme, _) in zip(practice.exercises(), practice.items):
        game, move = ex.position, ex.solutions[0]
        ok, text = ex.check(move)
        assert ok and " — " not in text, text
        col = game.grid_column(int(move))
        cell = (col, len(game.grid[col]))
        after = _after(game, move)
        if after.winner() == game.to_move:
            assert re.match(
                rf"Right: column {move} makes five (across row \d|up column \d|diagonally up to the (right|left)):",
                text,
            )
        elif cell in threats(game, 1 - game.to_move):
            assert f"Right: column {move} takes the cell where" in text and "would have made five" in text, text
        elif theme == "zugzwang" and zugzwang_words(after):  # a zugzwang: the count the hint asks about
            assert "runs out of safe drops first" in text, text
        elif theme == "zugzwang" and lesson_practice.later_threat_words(game, move):  # the solver's line says why
            assert text.startswith("Right: ") and "Later" in text and "runs out of safe drops" not in text, text
        elif theme == "double_threat" and double_threat_words(game, move):  # the two threats the hint asks about
            assert "makes two threats at once" in text, text
        elif theme == "stop_double_threat" and lesson_practice.stop_double_words(game, move):
            # what the hint asks about, checked on the board here: after the drop, no drop of the other player
            # makes two threats at once, nor five
            from gamekit.puzzles.connect_defence import double_threat_reply

            assert not lesson_positions.immediate_wins(after) and double_threat_reply(after) is None
            assert text.startswith(f"Right: after column {move}, ") and "no drop that makes two threats" in text, text
        elif set(threats(after, game.to_move)) - set(threats(game, game.to_move)):
            assert "makes a new threat" in text, text
        elif "safe drops" in ex.hint:
            assert "runs out of safe drops first" in text, text
        else:
            assert text.startswith("Right: your disc lands on row"), text
        best = solve(game)
        assert ("wins at once" in text) or (("ends in a draw" in text) == (best == 0)), text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_one_gives_a_whole_first_game_realistic_minutes(lang):
    """A whole game against Medium (about 20 drops each, the CPU's thinking, a Hint or two) takes more than 9
    minutes: the plan gives it at least 12, the page's time line says the same minutes, and the lesson's total is
    the one the registry announces."""
    guide = (NOTEBOOKS.parent / "docs/teachers" / ("es/" if lang == "es" else "") / "connect.md").read_text(
        encoding="utf-8"
    )
    word = "partida entera" if lang == "es" else "whole game"
    rows = [r for r in re.findall(r"^\| (\d+) \| (.+?) \|$", guide, re.M) if word in r[1] and "Medi" in r[1]]
    assert len(rows) == 1 and int(rows[0][0]) >= 12, rows
    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/01_rules_and_play.md").read_text(
        encoding="utf-8"
    )
    playing = "jugando" if lang == "es" else "playing"
    assert re.search(rf"\b{rows[0][0]} {playing}\b", page)
    assert f"{L.LESSONS[1].minutes} min" in page


def test_a_right_zugzwang_practice_drop_is_told_the_parity_the_hint_asks_about():
    """A zugzwang drop is told the count only where the count is why it wins: the dropper has threats out of reach,
    the other player none, and the empty cells outside the columns of the dropper's threats run out on the other
    player (the "under_threat" board, yellow having dropped last: 20 cells, red to move, counted here).  Lesson 2's
    third practice problem is no such case: after yellow's right drop only red has a threat (in one column), so it
    is told the solver's line instead: red drops under its own threat and yellow blocks, then yellow's new threats
    on row 6, which red must in the end drop under (issue 35: once "outside columns 2, where the threats are")."""
    from gamekit.connect import lesson_practice
    from gamekit.i18n import using

    game = lesson_positions.position("under_threat")  # yellow dropped last; yellow's threats in columns 1 and 6
    cols = sorted({c for c, _ in threat_cells(game, 1)})
    empty = sum(game.height - len(game.grid[c]) for c in range(1, 8) if c not in cols)
    said = lesson_practice.zugzwang_words(game)
    assert not threat_cells(game, 0) and empty == 20 and said is not None
    assert said.startswith("Right: after your drop, 20 empty cells are left outside columns 1 and 6, where your")
    assert "red drops next, so red runs out of safe drops first and must drop under your threat" in said
    with using("es"):
        assert "se queda antes sin jugadas seguras" in lesson_practice.zugzwang_words(game)
    # the start has no threat: no count to tell
    assert lesson_practice.zugzwang_words(FiveInARow.from_moves("4")) is None
    ex = L.practice_exercises(2)[2]
    assert "safe drops" in ex.hint and ex.game.to_move == 1
    for column in ex.solutions:
        after = ex.position.copy()
        after.play(column)
        assert threat_cells(after, 0) and not threat_cells(after, 1)  # only red's threat, in one column
        assert lesson_practice.zugzwang_words(after) is None
        ok, said = ex.check(column)
        assert ok and "columns 2" not in said and "runs out of safe drops first" not in said, said
        assert "right under its own threat, and yellow blocks on top" in said and "row 6" in said, said
        line, end = lesson_exercise.principal_line(after, limit=after.variant.cells)
        assert end.winner() == 1 and line[0] == line[1] == "2"  # red throws its threat away at once
        with using("es"):
            dicho = ex.check(column)[1]
        assert "justo debajo de su propia amenaza" in dicho and "columnas 2" not in dicho, dicho


def _guide_groups(cell: str, challenge: str) -> list[set[str]]:
    """A teacher's guide "tested by" cell ("exercises 1, 2 and 9; 5–9; 10 and the final challenge") as one set of
    exercise numbers per objective ("challenge" for the final challenge)."""
    groups = []
    for part in re.sub(r"^\s*(exercises|ejercicios)\s*", "", cell).split(";"):
        found = {"challenge"} if challenge in part else set()
        for a, b in re.findall(r"(\d+)(?:–(\d+))?", part):
            found |= {str(n) for n in range(int(a), int(b or a) + 1)}
        groups.append(found)
    return groups


@pytest.mark.parametrize(
    "guide, challenge", [("docs/teachers/connect.md", "challenge"), ("docs/teachers/es/connect.md", "reto")]
)
def test_the_guides_objectives_table_names_the_exercises_of_each_objective(guide, challenge):
    """The guide's Objectives table says which exercises test each objective; those are the exercises the Lesson's
    objectives data names, numbered as the lesson page numbers them (its "### Exercise n" headings)."""
    rows = re.findall(r"^\| \[?(\d) — .*\| ([^|]+) \|$", (NOTEBOOKS.parent / guide).read_text(encoding="utf-8"), re.M)
    assert [n for n, _ in rows] == ["1", "2", "3"]
    for n, cell in rows:
        lesson = L.LESSONS[int(n)]
        page = (NOTEBOOKS / f"{lesson.notebook}.md").read_text(encoding="utf-8")
        by_name = {factory.__name__: key for key, factory in lesson.exercises.items()}
        found = re.findall(
            r'### Exercise (\d+)[^\n]*\n(?:(?!### )[\s\S])*?(?:L\.exercise\("(\w+)"|ExerciseWidget\(\w+\.(\w+)\(\))',
            page,
        )
        number = {key or by_name[name]: num for num, key, name in found} | {"challenge": "challenge"}
        wanted = [{number[key] for key in keys} for _, keys in lesson.objectives]
        assert _guide_groups(cell, challenge) == wanted, (n, cell)


def test_lesson_two_practice_calls_no_zugzwang_easy():
    """Holding out until the other player runs out of harmless drops is lesson 2's hardest idea: no zugzwang
    problem of its practice is labelled easy, on the page or in the guide."""
    from gamekit.connect.lesson_practice import ConnectProblemSet

    practice = L.LESSONS[2].practice
    assert isinstance(practice, ConnectProblemSet)
    assert all(level != "easy" for theme, level in practice.items if theme == "zugzwang")
    exercises = L.practice_exercises(2)
    assert [ex.level for ex in exercises] == [level for _, level in practice.items]


def test_the_odd_even_rows_hint_only_on_a_board_with_a_threat_cell():
    """The hint "look at the rows of the threats" is given only where the board has a threat cell; on a board with
    none the practice problem's hint is the zugzwang count instead, the number of answers still said."""
    from gamekit.connect.lesson_practice import fitting_hint
    from gamekit.connect.puzzle_text import HINTS
    from gamekit.connect.threats import threat_cells

    rows = HINTS["odd_even_threat"]
    for lesson in L.LESSONS:
        for ex in L.practice_exercises(lesson):
            if rows in ex.hint:
                assert any(threat_cells(ex.position, seat) for seat in (0, 1)), ex.prompt
    empty = FiveInARow()
    assert not threat_cells(empty, 0) and not threat_cells(empty, 1)
    hint = fitting_hint(rows + " There is only one right answer.", empty, "odd_even_threat")
    assert hint == HINTS["zugzwang"] + " There is only one right answer."
    kept = fitting_hint(rows + " There is only one right answer.", empty, "zugzwang")
    assert kept.startswith(rows)


@pytest.mark.parametrize("path", sorted((NOTEBOOKS / "es" / "five_in_a_row").glob("0*.md")))
def test_spanish_exercise_headings_say_nivel(path):
    """The Spanish pages name an exercise's level as the practice titles and the glossary do, «(nivel fácil)»,
    «(nivel medio)», «(nivel difícil)», never a bare «(medio)» beside «Problema 2 (nivel medio)»; a line of three
    is «tres en línea» (three in a row is another game); a disc number reads «21.ª ficha»."""
    page = path.read_text(encoding="utf-8")
    levels = re.findall(r"^###+ (?:Ejercicio \d+|Reto final)[^(\n]*\(([^)]*)\)", page, re.M)
    assert levels and all(level in ("nivel fácil", "nivel medio", "nivel difícil") for level in levels), levels
    flat = " ".join(page.split())
    assert "tres en raya" not in flat and "ficha 21 " not in flat


def test_spanish_worksheet_practice_titles_are_the_pages():
    """The Spanish worksheets title each practice problem as the page does, «Problema 3 (nivel medio)», never the
    bare «(media)» (the sheets read the lessons' PRACTICE_TITLES)."""
    folder = NOTEBOOKS.parent / "docs" / "teachers" / "es" / "worksheets" / "five_in_a_row"
    titles = [
        t for f in sorted(folder.glob("0*.md")) for t in re.findall(r"^### (Problema \d+ .*)$", f.read_text(), re.M)
    ]
    assert titles and all(re.fullmatch(r"Problema \d+ \(nivel (fácil|medio|difícil)\)", t) for t in titles), titles


# ----- a fresh reader's pass: odd against even, the guide's practice count, the lesson 3 cards ---------------------
def test_odd_against_even_is_judged_by_allis_rule_and_the_solver():
    """Exercise 8: a red threat on an odd row against a yellow threat on an even row, in different columns.  The
    right choice is red (Allis' rule: the odd threat wins), and the exact solver agrees in this position; each wrong
    choice gets its own reason, the four choices are worded alike, and none says the threats cancel as the answer."""
    ex = L.exercises()["odd_against_even"]
    f = lesson2_rows.odd_against_even_facts(ex.game)
    assert f["red"][1] % 2 == 1 and f["yellow"][1] % 2 == 0 and f["red"][0] != f["yellow"][0]
    assert f["winner"] == 0 and solve(ex.game) < 0 and ex.game.to_move == 1  # yellow to move, red wins
    # worded as what the pupil can count, not as a general law the page does not give
    assert ex.solutions == ["Red: yellow runs out of safe cells first"]
    reasons = {c: ex.check(c) for c in ex.choices}
    assert [c for c, (ok, _) in reasons.items() if ok] == ex.solutions
    assert len({text for _, text in reasons.values()}) == 4
    assert "The exact solver says red wins" in reasons[ex.solutions[0]][1]
    assert max(map(len, ex.choices)) - min(map(len, ex.choices)) < 25  # worded alike: no long, argued right answer
    assert "Allis" in reasons[ex.solutions[0]][1]
    # the row numbers are the pupil's to count: the words beside the board give none
    assert f"row {f['red'][1]}" not in ex.marked_cells and f"row {f['yellow'][1]}" not in ex.marked_cells


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_names_the_odd_against_even_case_before_the_exercise_without_its_answer(lang):
    """The rule-of-thumb bullets say a threat on the other player's kind of row is blocked by that player (not that
    two threats cancel), and a bullet names the case of exercise 11 (each threat on its owner's kind of row) before
    it, without saying who wins."""
    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/02_threats_and_exercises.md").read_text(
        encoding="utf-8"
    )
    heading = "### Ejercicio 13" if lang == "es" else "### Exercise 13"
    above = page.split(heading, 1)[0]
    rules = above.split("## Amenazas pares e impares" if lang == "es" else "## Odd and even threats", 1)[1]
    assert ("No se anulan" if lang == "es" else "They do not cancel out") in rules
    for answer in ("gana el rojo", "red wins", "red's odd threat beats", "la impar gana", "beats"):
        assert answer not in rules.lower()
    assert 'L.exercise("odd_against_even"' in page.split(heading, 1)[1].split("###", 1)[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_guide_describes_lesson_two_practice_set_as_built(lang):
    """The guide's sentence on lesson 2's More practice set gives the number of positions the set holds, and names
    zugzwang as often as the set has zugzwang problems."""
    path = "docs/teachers/es/connect.md" if lang == "es" else "docs/teachers/connect.md"
    guide = (NOTEBOOKS.parent / path).read_text(encoding="utf-8")
    guide = guide[guide.index("### Lección 2" if lang == "es" else "### Lesson 2") :]
    items = L.LESSONS[2].practice.items
    numbers = {"four": 4, "five": 5, "three": 3, "cuatro": 4, "cinco": 5, "tres": 3}
    said = re.search(
        r"(?:More practice\*\* set|Más práctica\*\* de la lección) \((\w+) (?:positions|posiciones)", guide
    )
    assert said and numbers[said.group(1)] == len(items), said and said.group(0)
    sentence = guide[said.start() : guide.index(")", said.start())]
    assert sentence.count("zugzwang") == sum(theme == "zugzwang" for theme, _ in items)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_three_worksheet_says_no_answer_before_its_exercise(lang):
    """On paper, the help cards come before the exercises: no run of four words from an exercise's answer or its
    right-answer feedback appears in the worksheet above that exercise (beyond the words its own question uses)."""
    from gamekit.teacher_sheets import worksheet_markdown

    from gamekit.i18n import using

    sheet = worksheet_markdown("gamekit.connect.lessons", "five_in_a_row/03_how_the_computer_knows", lang)
    marker = "## Ejercicio" if lang == "es" else "## Exercise"
    parts = sheet.split(marker)
    with using(lang):
        exercises = [make() for make in L.EXERCISES["five_in_a_row/03_how_the_computer_knows"]]
    keys = list(L.LESSONS[3].exercises)
    # the two whose answers are reasons: alpha-beta's skip, the table's stored score
    for k in (keys.index("pruning") + 1, keys.index("transposition_why") + 1):
        ex = exercises[k - 1]
        above = _word_runs(marker.join(parts[:k]), 4)
        own = _word_runs(parts[k], 4)
        said = _word_runs(ex.solutions[0] + " " + ex.check(ex.solutions[0])[1], 4) - own
        assert not said & above, (k, said & above)


def test_lesson_one_practice_starts_with_a_side_disc_five():
    """Lesson 1's idea is the side discs: its first More practice problem's five runs through a side disc, not
    straight up a column."""
    first = L.practice_exercises(1)[0]
    g = first.game.copy()
    g.play(str(first.solutions[0]))
    cells = g.winning_cells()
    assert cells and any(c in (0, g.width - 1) for c, _ in cells)
    assert len({c for c, _ in cells}) > 1  # not a vertical five


def test_one_too_many_lines_in_a_row_gets_its_own_reason():
    """Exercise 4: 6 (one more than the 5 starts) is told why a sixth start does not fit, not the generic reason."""
    ex = lesson1_exercises.row_lines_exercise() if hasattr(lesson1_exercises, "row_lines_exercise") else None
    ex = ex or L.exercises()["row_lines"]
    ok, text = ex.check("6")
    assert not ok and "One too many" in text and "cells 6 to 10" in text
    assert ex.check("5")[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_one_pop_to_avoid_asks_for_the_pop_that_loses_at_once(lang):
    """Exercise 6 has two bad pops (one gives yellow five at once, one a move later): the page's question, like the
    widget's prompt, asks for the one that makes yellow win at once; the pop exercise that follows offers only the
    pops, its real choices, not drops that plainly do nothing."""
    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/01_rules_and_play.md").read_text(
        encoding="utf-8"
    )
    heading = "### Ejercicio 7" if lang == "es" else "### Exercise 7"
    above = page.split(heading, 1)[1].split("```", 1)[0]
    assert ("enseguida" if lang == "es" else "at once") in above
    assert "at once" in L.exercises()["popout_avoid"].prompt
    pop = L.exercises()["popout_pop"]  # the real choices: the pops (no drop makes five), so "hard" is honest
    assert L.LESSONS[1].levels["popout_pop"] == "hard" and all(c.startswith("pop column") for c in pop.choices)
    assert "No drop makes five" in pop.prompt


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("key", ["two_threats", "odd_against_even"])
def test_no_wrong_choice_of_the_two_threat_questions_is_refuted_on_the_page_above(key, lang):
    """Exercises 7 and 8 are not a coin flip: no wrong choice is one the page above already refutes ("they do not
    cancel out") or the question itself rules out ("neither can be used yet", so nobody "uses its threat first").
    Checked literally: no wrong choice speaks of cancelling or of using a threat first, and no run of five words of a
    wrong choice's reason appears on the page above the exercise."""
    from gamekit.i18n import using

    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/02_threats_and_exercises.md").read_text(
        encoding="utf-8"
    )
    above = re.sub(r"\s+", " ", page.split(f'L.exercise("{key}"', 1)[0].lower())
    with using(lang):
        ex = L.exercises()[key]
        wrong = [c for c in ex.choices if c not in ex.solutions]
        assert len(wrong) == 3 and not ex.check(wrong[0])[0]
    for choice in wrong:
        text = choice.lower()
        assert not re.search(r"cancel|anul|uses its threat|usa su amenaza|\bturn\b|turno", text), choice
        words = re.findall(r"[\w'’]+", text.split(":", 1)[1])
        for i in range(len(words) - 4):
            assert " ".join(words[i : i + 5]) not in above, (choice, words[i : i + 5])


@pytest.mark.parametrize(
    "typed, right",
    [
        ("30 + 14 + 10 + 10", True),  # the diagonals each way apart, as the page's method counts them
        ("30 + 14 + 10 + 10 = 64", True),
        ("30 + 14 + 12 + 8", False),  # the right sum, but the two ways are mirror images: 10 each
        ("30 + 14 + 10 + 10 = 60", False),  # the adding checked first
        ("64 lines", False),  # a total alone, unit word or not: right, and the three counts are asked for
        ("64 líneas", False),
        ("30 lines + 14 lines + 20 lines", True),  # a unit word after each count
        ("30 líneas + 14 líneas + 20 líneas", True),
        ("30 across + 14 up + 20 diagonal", True),
        ("30 + 14 + 10 + 9", False),
        ("64 lines of five and more", False),
    ],
)
def test_the_line_count_takes_both_diagonals_apart_and_a_unit_word(typed, right):
    """Exercise 6 asks for three counts: unit words after them are read ("30 lines + …"), a total alone ("64
    lines") is asked for the three counts, and the right counts with the diagonals each way apart (30 + 14 + 10 +
    10, the page's own method) are right; other four counts are judged as counts (30 + 14 + 10 + 9: the 9 is named,
    a try is used up); each refusal says why, never as a bare format error."""
    ex = L.exercises()["count_lines"]
    ok, text = ex.check(typed)
    assert ok == right, (typed, text)
    if typed == "30 + 14 + 10 + 9":  # the diagonals each way, one of them off: a wrong count, a try used up
        assert "Count the way that gave you 9 again" in text and ex.assess(typed)[2]
    if right:
        assert text.startswith("Right: 30 across, 14 up and 20 diagonal make 64 lines of five.")
    if typed in ("64 lines", "64 líneas"):
        assert text.startswith("64 is right. Now write how you counted: across + up + diagonal")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_row_count_takes_its_unit_word_like_the_line_count(lang):
    """Exercise 4 refused "5 lines" as "not a whole number" while exercise 5 read "30 lines": a count of lines takes
    its unit word (English "lines", Spanish «líneas», accents optional) in both; another word is still refused,
    naming the input."""
    from gamekit.i18n import using

    with using(lang):
        ex = L.exercises()["row_lines"]
        for typed in ("5", "5 lines", "5 line", " 5 lines. ") + (
            ("5 líneas", "5 lineas", "5 Líneas") if lang == "es" else ()
        ):
            assert ex.check(typed)[0], typed
        ok, why = ex.check("6 lines" if lang == "en" else "6 líneas")
        assert not ok and ("One too many" in why or "Una de más" in why or "6" in why)
        for bad in ("5 bananas", "five", "5 lines 6"):
            ok, why = ex.check(bad)
            assert not ok and bad in why, (bad, why)
        assert lesson1_counts.parse_line_count("7 lines") == 7
        count = L.exercises()["count_lines"]
        assert count.check("30 lines + 14 lines + 20 lines")[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_two_exercise_four_draws_its_own_board(lang):
    """Exercise 4 of lesson 2 asks about the board it shows (another game, red to move): on paper its board is
    captioned like exercise 3's, and the two boards differ."""
    from gamekit.connect.info import paper_board
    from gamekit.i18n import using

    with using(lang):
        paper = paper_board(lesson2_exercises.zugzwang_exercise().game)
        other = paper_board(lesson2_exercises.zugzwang_who_exercise().game)
    assert paper != other
    assert ("red to move" in paper) if lang == "en" else ("le toca al rojo" in paper.lower())
    assert "before red's safe drop" not in paper and "antes de la ficha segura" not in paper


def test_lesson_two_double_threat_practice_is_told_the_two_threats_its_hint_asks_about():
    """The double-threat problem's hint asks whether one drop can make two threats at once; its right answer is
    told the two threats it makes (computed), not one."""
    from gamekit.connect.threats import playable_threats

    for ex, (theme, _) in zip(L.LESSONS[2].practice.exercises(), L.LESSONS[2].practice.items):
        if theme != "double_threat":
            continue
        assert "two at once" in ex.hint
        ok, why = ex.check(ex.solutions[0])
        after = ex.position.copy()
        after.play(ex.solutions[0])
        cells = playable_threats(after, ex.position.to_move)
        assert ok and "makes two threats at once" in why and "a new threat" not in why
        assert all(str(ex.position.column_number(c)) in why for c, _ in cells) and len(cells) >= 2


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_two_score_line_uses_the_page_title(lang):
    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/02_threats_and_exercises.md").read_text(
        encoding="utf-8"
    )
    title = re.search(r"^# (.+)$", page, re.M).group(1)
    assert f'L.LessonScore("{title}")' in page


def test_exercise_eight_page_explains_forced_replies_and_works_no_position():
    """Before exercise 8 the page says how to count when each player has a threat on its own kind of row (a ✗ cell is
    safe only for the owner of the threat above it; each use brings a forced reply, which uses up a cell), and works
    no position: a hand-written example of that case cannot be checked by the solver, and one with a legal count
    would give exercise 11's answer away (red to move always leaves an even number of empty cells)."""
    page = (NOTEBOOKS / "five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8")
    above = " ".join(page.split("### Exercise 13", 1)[0].split())
    assert "How to count: a ✗ cell is safe only for the owner of the threat above it" in above
    assert "**forced reply**" in above and "the forced reply use up two cells" in above
    assert "say red is to move" not in above and "a draw" not in above.split("forced reply", 1)[1]
    assert "yellow has no safe drop left" not in above and "say yellow is to move" not in above
    es = (NOTEBOOKS / "es/five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8")
    above_es = " ".join(es.split("### Ejercicio 13", 1)[0].split())
    assert "**respuesta obligada**" in above_es and "gastan dos huecos" in above_es
    assert "supón que le toca al rojo" not in above_es and "empate" not in above_es.split("respuesta obligada", 1)[1]
    eleven = L.exercises()["odd_against_even"]
    assert eleven.game.to_move == 1 and eleven.solutions[0].startswith("Red")


def test_forced_reply_reading_says_the_owner_gives_the_threat_up_and_why():
    """The forced-reply reading says what the owner loses by dropping under their own threat (the other player's
    block fills the threat cell) and why anyone would do it (no safe cell is left), in both languages."""
    page = " ".join((NOTEBOOKS / "five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8").split())
    reading = page.split("How to count:", 1)[1].split("```", 1)[0]
    assert "It fills the threat cell, so the owner gives that threat up." in reading
    assert "only when no safe cell is left" in reading
    es = " ".join((NOTEBOOKS / "es/five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8").split())
    reading_es = es.split("Cómo contar:", 1)[1].split("```", 1)[0]
    assert "Esa ficha llena el hueco de amenaza, así que el dueño pierde su amenaza." in reading_es
    assert "solo lo hace cuando ya no quedan huecos seguros" in reading_es


def test_drop_under_warning_names_the_cell_not_a_block_from_below():
    """The slip warned about before exercise 10 is a drop right under the opponent's threat, worded as the worksheet
    words it; "block a threat from below" read as if a disc below could block."""
    for rel, good, bad in (
        ("five_in_a_row", "never drop right under your opponent's threat", "from below"),
        ("es/five_in_a_row", "nunca juegues justo debajo de la amenaza de tu rival", "desde abajo. Una ficha"),
    ):
        page = " ".join((NOTEBOOKS / rel / "02_threats_and_exercises.md").read_text(encoding="utf-8").split())
        assert good in page and bad not in page


def test_lesson_two_card_gives_the_answer_on_top_idea_exercise_nine_needs():
    two = "\n".join(L.worksheet_aids("five_in_a_row/02_threats_and_exercises"))
    assert "Answer on top" in two and "same column" in two
    # exercise 8's key (an even number of empty cells in every column) is on the screen only in its hint
    assert "even number" not in two and "Count the empty cells of each column" in L.exercises()["answer_on_top"].hint
    from gamekit.i18n import using

    with using("es"):
        two_es = "\n".join(L.worksheet_aids("five_in_a_row/02_threats_and_exercises"))
        assert "Respuesta en la misma columna" in two_es and "número par" not in two_es


@pytest.mark.parametrize("lesson", [1, 2])
def test_the_clicked_answers_of_a_lesson_are_spread_over_the_columns(lesson):
    """Readers noticed answers clustering: a pupil who learns that "the answer is usually column 4" stops reading the
    board.  Over a lesson's clicked exercises and its More practice set (lesson 1: six problems, lesson 2: ten), no
    column is the only answer of more than two problems (three in lesson 2), at least three (lesson 2: five)
    different columns are answers, the centre column 4 is not alone the most common answer, and no two exercises next to
    each other on the page share their answer."""
    from collections import Counter

    clicked = [ex for ex in (f() for f in L.LESSONS[lesson].exercises.values()) if ex.click]
    clicked += [ex for ex in L.practice_exercises(lesson) if ex.click]
    columns = Counter(ex.solutions[0] for ex in clicked if len(ex.solutions) == 1)
    assert max(columns.values()) <= 2 + (lesson == 2), columns  # lesson 2: ten problems over seven columns
    assert len(columns) >= (3 if lesson == 1 else 5), columns
    top = max(columns.values())  # "always the centre" does no better than always another column
    assert columns["4"] < top or list(columns.values()).count(top) > 1, columns
    # two exercises next to each other on the page never share their clicked answer
    on_page = [f() for f in L.LESSONS[lesson].exercises.values()]
    for a, b in zip(on_page, on_page[1:]):
        assert not (a.click and b.click and set(a.solutions) & set(b.solutions)), (a.key, b.key, a.solutions)


def test_the_guide_says_what_the_solver_finds_in_the_threat_row_exercises():
    """The guide's note on exercises 5–7 and 12 matches the exact solver in those very positions: in 5 and 7 the
    player the rule names wins, and the best line ends on that player's threat cell; 6 is a draw (the rule says the
    threat will probably not help its owner, yellow); in 12 red wins.  The sentence once said "in exercises 5, 6 and
    7 the winner is the player the rule names", false for the draw of exercise 6."""
    from pathlib import Path

    order = list(L.LESSONS[2].exercises)
    number = {name: order.index(name) + 1 for name in order}
    assert [number[n] for n in ("odd_even", "odd_even_2", "two_threats", "odd_against_even")] == [4, 12, 11, 13]
    ex = L.exercises()
    for name, owner in (("odd_even", 0), ("two_threats", 1)):
        game = ex[name].game
        score = solve(game)
        assert score != 0 and (score > 0) == (game.to_move == owner), name
        line, end = lesson_exercise.principal_line(game, limit=game.variant.cells)
        assert end.winner() == owner and line[-1] in {str(game.column_number(c)) for c, _ in threat_cells(game, owner)}
    assert solve(ex["odd_even_2"].game) == 0 and ex["odd_even_2"].solutions == ["red, draw"]
    g11 = ex["odd_against_even"].game
    assert solve(g11) < 0 and g11.to_move == 1  # yellow to move loses: red wins
    root = Path(__file__).resolve().parents[2] / "docs" / "teachers"
    en = " ".join((root / "connect.md").read_text(encoding="utf-8").split())
    es = " ".join((root / "es" / "connect.md").read_text(encoding="utf-8").split())
    assert "in exercises 4 and 11 the winner is the player the rule names" in en
    assert "in exercise 12 the rule says yellow's threat will probably not help yellow, and best play is a draw" in en
    assert "en los ejercicios 4 y 11 gana el jugador que dice la regla" in es
    assert "en el 12 la regla dice que la amenaza del amarillo probablemente no le servirá, y con el mejor juego" in es
    assert "5, 6 and 7 the winner" not in en and "5, 6 y 7 gana" not in es


def test_spanish_lesson_two_uses_the_glossary_term_for_the_same_column_answer():
    """The glossary's term is «respuesta en la misma columna»: the Spanish page, its worksheet card and exercise 8's
    messages use it, not «contesta encima» or «Responder encima»; and the review says «el nivel difícil le ganó al
    medio» (a level, not «la dificultad difícil»)."""
    from gamekit.i18n import using

    page = " ".join((NOTEBOOKS / "es/five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8").split())
    assert "el nivel difícil le ganó al medio" in page and "dificultad difícil le ganó" not in page
    assert "respuesta en la misma columna" in page.split("### Ejercicio 5", 1)[1].split("###", 1)[0]
    with using("es"):
        ex = L.exercises()["answer_on_top"]
        card = "\n".join(L.worksheet_aids("five_in_a_row/02_threats_and_exercises"))
        texts = [page, card, ex.prompt, ex.hint, *(ex.check(w)[1] for w in ex.wrong), ex.check(ex.solutions[0])[1]]
    assert "respuesta en la misma columna" in ex.prompt and "Respuesta en la misma columna" in card
    for text in texts:
        assert not re.search(r"[Cc]ontest\w* encima|Responder encima", text), text  # the old names of the term


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_right_total_alone_is_told_it_is_right_and_is_no_used_try(lang):
    """A bare 64 (the right total, in any form a pupil types it) is told it is right and asked how it was counted,
    without using up an attempt and without reading as a failure; a wrong total (63) and the right counts keep
    counting as tries."""
    from gamekit.i18n import using

    with using(lang):
        ex = lesson1_exercises.count_lines_exercise()
        told = [ex.assess(total) for total in ("64", 64, " 64 ", "64 lines", "64.")]
        wrong_total = ex.assess("63")
    right, how = (
        ("64 is right.", "across + up + diagonal")
        if lang == "en"
        else ("64 es correcto.", "horizontal + vertical + diagonal")
    )
    for ok, why, counts in told:
        assert not ok and not counts and why.startswith(right) and how in why, why
        assert not any(w in why.lower() for w in ("not", "wrong", "no ", "incorrect")), why
    assert wrong_total[2] and not wrong_total[0] and not wrong_total[1].startswith(right)
    assert ex.assess("63")[2] and ex.assess("30 + 14 + 20") == (True, ex.check("30 + 14 + 20")[1], True)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_odd_against_even_wrong_choices_explain_the_slip_without_naming_the_winner(lang):
    """Lesson 2's exercise 11: each wrong choice is told how to count the safe cells, in its own words, and none
    says who wins or who runs out first (the exercise's answer): the pupil can still find it."""
    from gamekit.i18n import using

    with using(lang):
        ex = lesson2_rows.odd_against_even_exercise()
        told = {c: ex.check(c)[1] for c in ex.choices if c not in ex.solutions}
    assert len(told) == 3 and len(set(told.values())) == 3
    giveaways = (
        ("red wins", "yellow runs out", "red makes five", "Allis")
        if lang == "en"
        else ("gana el rojo", "al amarillo se le acaban", "el rojo hace cinco", "Allis")
    )
    for choice, text in told.items():
        assert not any(g.lower() in text.lower() for g in giveaways), (choice, text)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_who_fills_a_cross_cell_is_a_choice_of_colour_and_reason_each_slip_its_own_reason(lang):
    """Lesson 2's exercise 3 asks one thing, as a choice: a colour with the kind of the count of safe cells.  The
    right one is the player left to move when the safe cells run out (played out on the board); each wrong one gets
    its own reason, none of which names the stuck player; the four are worded alike (same length, same form)."""
    from gamekit.i18n import using

    g = lesson_positions.position("under_threat")
    safe = 0
    while moves := [m for m in g.legal_moves() if m not in ("1", "6")]:
        g.play(moves[0])
        safe += 1
    with using(lang):
        who = lesson2_exercises.zugzwang_who_exercise()
        stuck = tr_colour = __import__("gamekit.i18n", fromlist=["tr"]).tr(("red", "yellow")[g.to_move])
        told = {c: who.check(c) for c in who.choices}
    assert safe % 2 == 0 and [c for c, (ok, _) in told.items() if ok] == who.solutions
    assert stuck in who.solutions[0].lower().split(",")[0] and len(who.choices) == 4
    wrong = [text for c, (ok, text) in told.items() if not ok]
    assert len(set(wrong)) == 3 and not any(str(safe) in text for text in wrong)
    assert not any(f"{tr_colour} must" in text or f"{tr_colour} loses" in text for text in wrong)
    assert max(map(len, who.choices)) - min(map(len, who.choices)) <= 6  # only the colour's length differs
    assert who.check("red 19") == (False, who.check("red 19")[1]) and not who.assess("red 19")[2]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    "key", ["zugzwang_who", "zugzwang", "odd_against_even", "pruning", "transposition", "transposition_why"]
)
def test_a_right_choice_is_not_told_by_being_the_longest(key, lang):
    """The choices of lessons 2 and 3's reasoning questions are worded alike: each is a short answer with one
    reason, and the right one is never the unique longest by a wide margin (the most argued choice would give it
    away)."""
    from gamekit.i18n import using

    with using(lang):
        ex = next(lesson.exercises[key] for lesson in L.LESSONS.values() if key in lesson.exercises)()
    right = max(len(c) for c in ex.solutions)
    others = [len(c) for c in ex.choices if c not in ex.solutions]
    assert right <= max(others) + 8, (key, ex.choices)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_one_minutes_add_up_and_the_hard_pop_gets_five(lang):
    """Lesson 1's time line on the page adds up to the minutes the lesson announces, with 3 minutes for each of its
    easy and medium exercises and 5 for the hard one (the pop that wins); the guide's plan gives the same parts and
    the same total."""
    lesson = L.LESSONS[1]
    page = (NOTEBOOKS / ("es/" if lang == "es" else "") / "five_in_a_row/01_rules_and_play.md").read_text(
        encoding="utf-8"
    )
    line = " ".join(re.search(r"\*\*(?:Time|Tiempo):\*\* (.+?)\n\n", page, re.S).group(1).split())
    total, rest = re.fullmatch(r"(?:about|unos) (\d+) minut\w+ \((.+)\)\.", line).groups()
    levels = [lesson.levels[n] for n in lesson.exercises]
    on_exercises = sum(5 if level == "hard" else 3 for level in levels)
    assert levels.count("hard") == 1 and lesson.levels["popout_pop"] == "hard"
    assert re.search(rf"\b{on_exercises} (?:for the|para los) ", rest), rest
    parts = [int(n) for n in re.findall(r"\b(\d+) (?!cada|each|for the hard|para el último)", rest)]
    assert sum(parts) == int(total) == lesson.minutes == 55, (parts, rest)
    guide = (NOTEBOOKS.parent / "docs/teachers" / ("es/" if lang == "es" else "") / "connect.md").read_text(
        encoding="utf-8"
    )
    section = guide.split("### Lecci" if lang == "es" else "### Lesson 1", 2)[1 if lang == "en" else 1]
    plan = section.split("**Support" if lang == "en" else "**Apoyo", 1)[0]
    rows = [int(m) for m in re.findall(r"^\| (\d+) \|", plan, re.M)]
    assert sum(rows) == lesson.minutes and 5 in rows, rows


@pytest.mark.parametrize("lang", ["en", "es"])
def test_four_is_not_five_is_read_off_the_board_and_the_solver(lang):
    """Lesson 1's exercise on the rule that tells 5 en raya from Connect Four: red has two fours across, the bottom
    one closed at both ends by yellow discs, the one in row 2 with an empty cell at one end.  The right choice is
    the one the board says (red's only threat cell is that end; the exact solver's only good reply for yellow is
    that column); each wrong choice (both, the bottom one only, neither because four wins) gets its own reason,
    none naming the four that is alive; the choices are worded alike."""
    from gamekit.connect import lesson1_fours
    from gamekit.connect.lesson_positions import EXERCISE_POSITIONS, best_moves
    from gamekit.connect.threats import threat_cells
    from gamekit.i18n import using

    game = FiveInARow.from_moves(EXERCISE_POSITIONS["four_not_five"])
    assert game.to_move == 1 and game.winner() is None
    fours = lesson1_fours.fours_across(game, 0)
    assert [(f.row, len(f.open_ends)) for f in fours] == [(0, 0), (1, 1)]
    assert threat_cells(game, 0) == [(fours[1].open_ends[0], 1)] and best_moves(game) == ["2"]
    # the picture says what the text says: beyond the open end is a yellow disc, so the fifth red disc makes exactly
    # five, not six
    (end,) = fours[1].open_ends
    assert end == fours[1].first - 1 and game.cell(end - 1, 1) == 1
    # the bottom four is stopped by a yellow disc at one end and by yellow's side disc at the other: the other
    # colour's side disc closes a line (the rules sheet's point)
    assert game.cell(fours[0].first - 1, 0) == 1 and not game.is_side(fours[0].first - 1)
    assert game.is_side(fours[0].last + 1) and game.cell(fours[0].last + 1, 0) == 1
    with using(lang):
        ex = lesson1_fours.four_not_five_exercise()
        told = {c: ex.check(c) for c in ex.choices}
    assert [c for c, (ok, _) in told.items() if ok] == ex.solutions and len(ex.choices) == 4
    assert ex.solutions == (["Only the higher one"] if lang == "en" else ["Solo el más alto"])
    # the question does not say where the fours are: finding them is part of the task
    assert not re.search(r"row \d|fila \d|bottom|abajo|lower|higher|arriba", ex.prompt), ex.prompt
    wrong = [text for c, (ok, text) in told.items() if not ok]
    assert len(set(wrong)) == 3
    assert not any("row 2" in t or "fila 2" in t or "column 2" in t or "columna 2" in t for t in wrong), wrong
    assert any(("wins nothing" if lang == "en" else "no ganan nada") in t for t in wrong)
    # the two choices that call the bottom four alive are told the line yellow's side disc stops
    stopped = (
        "columns 4 to 7, ends at yellow's side disc"
        if lang == "en"
        else "columnas 4 a 7, termina en la ficha lateral del amarillo"
    )
    assert sum(stopped in t for t in wrong) == 2, wrong
    assert (
        "five in column 2 unless" in told[ex.solutions[0]][1] or "cinco en la columna 2 si" in told[ex.solutions[0]][1]
    )
    assert max(map(len, ex.choices)) - len(ex.solutions[0]) <= 8  # worded alike: not told by its length
    assert not ex.assess("column 1")[2]  # not one of the choices: refused, no try used up
    assert "four_not_five" in L.LESSONS[1].objectives[0][1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_two_shows_answering_on_top_failing_where_red_has_an_odd_threat(lang):
    """Lesson 2 does not leave pupils thinking the same-column answer always works: right after the exercise where
    it wins for yellow, one where it loses.  Red to move, every column with an even number of empty cells, one red
    threat cell on an odd row out of reach, no yellow threat; played out, answering on top hands red that cell, and
    the exact solver says red wins.  Only the "odd row" choice is accepted; each wrong choice gets its own reason,
    none naming the cell; it waits under "If you have time" (one in-class exercise per idea), on both pages."""
    from gamekit.connect.lesson_positions import EXERCISE_POSITIONS
    from gamekit.i18n import using

    game = FiveInARow.from_moves(EXERCISE_POSITIONS["on_top_fails"])
    assert game.to_move == 0 and all((game.height - len(game.grid[c])) % 2 == 0 for c in range(1, 8))
    assert threat_cells(game, 0) == [(4, 2)] and threat_cells(game, 1) == [] and len(game.grid[4]) == 0
    plan = game.copy()
    for move in "444":
        assert plan.winner() is None
        plan.play(move)
    assert plan.winner() == 0 and solve(game, weak=True, time_limit=None) == 1
    with using(lang):
        ex = lesson2_exercises.on_top_fails_exercise()
        told = {c: ex.check(c) for c in ex.choices}
    assert [c for c, (ok, _) in told.items() if ok] == ex.solutions and len(ex.choices) == 4
    wrong = [text for c, (ok, text) in told.items() if not ok]
    assert len(set(wrong)) == 3 and not any("column 4" in t or "columna 4" in t for t in wrong)
    assert ("column 4, row 3" if lang == "en" else "columna 4, fila 3") in told[ex.solutions[0]][1]
    # the worked line starts with the solver's winning drop (column 7), not column 4, which only draws
    from gamekit.connect.lesson_positions import best_moves, move_scores

    assert best_moves(game) == ["7"] and move_scores(game)["4"] == 0
    assert ("best drop is column 7" if lang == "en" else "columna 7") in told[ex.solutions[0]][1]
    worked = game.copy()
    for move in "77444":
        assert worked.winner() is None
        worked.play(move)
    assert worked.winner() == 0 and len(worked.grid[4]) == 3
    assert not ex.assess("column 4")[2]  # not a choice: refused, no try used up
    assert L.LESSONS[2].levels["on_top_fails"] == "medium"
    for path in ("five_in_a_row/02_threats_and_exercises.md", "es/five_in_a_row/02_threats_and_exercises.md"):
        page = _page(path)  # in the part for spare time, after the exercise where answering on top wins
        extra = re.search(r"^## (?:If you have time|Si te sobra tiempo)", page, re.M).start()
        assert page.index('"answer_on_top"') < extra < page.index('"on_top_fails"')


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_slip_in_the_line_count_gets_its_own_reason(lang):
    """Lesson 1's count of the lines of five (30 across + 14 up + 20 diagonal): each common slip, worked out from
    the grid, is told its own reason, as three counts and as a bare total.  Three counts with more than one off
    are told about every one of them (18 + 14 + 12 leaves the side discs out of the rows and of the diagonals),
    never only the first; each bare total a slip gives has a reason of its own (44, the diagonals forgotten or
    every side-disc line left out, names both)."""
    from gamekit.connect.rules import count_lines
    from gamekit.i18n import using

    c = count_lines(lesson1_exercises.FIVE_IN_A_ROW)
    across, up, diagonal = c["horizontal"], c["vertical"], c["diagonal"]
    assert (across, up, diagonal) == (30, 14, 20)
    slips = {  # the slip: its three counts
        "diagonals forgotten": (30, 14, 0),
        "one diagonal way": (30, 14, 10),
        "rows without side discs": (18, 14, 20),
        "diagonals without side discs": (30, 14, 12),
        "side columns counted up": (30, 18, 20),
        "up forgotten": (30, 0, 20),
        "across forgotten": (0, 14, 20),
        "one row across": (5, 14, 20),
    }
    with using(lang):
        ex = lesson1_exercises.count_lines_exercise()
        as_parts = {name: ex.check(" + ".join(map(str, p))) for name, p in slips.items()}
        as_totals = {name: ex.check(str(sum(p))) for name, p in slips.items()}
        both = ex.check("18 + 14 + 12")[1]
        alone = {k: ex.check(f"{k} + 14 + 20" if k == 18 else f"30 + 14 + {k}")[1] for k in (18, 12)}
    assert not any(ok for ok, _ in as_parts.values()) and not any(ok for ok, _ in as_totals.values())
    assert len({text for _, text in as_parts.values()}) == len(slips)
    assert len({sum(p) for p in slips.values()}) == len(slips)  # each total is one slip's (44 names two, see above)
    assert len({text for _, text in as_totals.values()}) == len(slips)
    assert alone[18] in both and alone[12] in both and both != alone[18]
    generic = "Write your three counts joined by" if lang == "en" else "Escribe tus tres cuentas unidas"
    assert not any(generic in text for _, text in as_totals.values())  # no total of a known slip gets the catch-all
    assert ("side disc" if lang == "en" else "lateral") in as_totals["diagonals forgotten"][1]  # 44 names both slips


@pytest.mark.parametrize(
    "path", ["five_in_a_row/02_threats_and_exercises.md", "es/five_in_a_row/02_threats_and_exercises.md"]
)
def test_nothing_above_exercise_nine_says_whether_answering_on_top_fails(path):
    """Exercise 10 asks whether answering on top keeps yellow safe: its heading is a neutral question, and the text
    between exercise 5 (answer on top) and it never says that the plan fails, or fails in some games (the pupil's
    own slip, «si fallas», is no such claim)."""
    page = _page(path)
    start = page.index('"answer_on_top"')
    extra = re.search(r"^## (?:If you have time|Si te sobra tiempo)", page, re.M).start()
    # after exercise 5, up to the next section; then the part for spare time, up to exercise 10
    above = page[start : page.index("\n## ", start)] + page[extra : page.index('"on_top_fails"')]
    above = re.sub(r"(?i)si fallas", "", above)
    heading = re.findall(r"^### .*$", above, re.M)[-1]
    assert heading.endswith("?"), heading
    for word in ("fail", "not work", "falla", "no funciona", "pierde", "loses"):
        assert word not in above.lower(), (word, heading)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_choice_of_exercise_nine_is_one_a_pupil_could_believe(lang):
    """Exercise 10 (when answering on top fails) asks for a judgement of the plan, not a cell: four verdicts, each
    with its reason, two saying yes and two no, so the verdict alone is no clue; none names a cell.  The wrong
    reasons are ones a pupil could believe: "every column is even" is true on this board (checked) but does not
    make the plan safe, the row miscounted, the columns miscounted.  Each wrong choice is told its own reason and
    none names the right cell."""
    from gamekit.connect.lesson_positions import EXERCISE_POSITIONS
    from gamekit.i18n import using

    game = FiveInARow.from_moves(EXERCISE_POSITIONS["on_top_fails"])
    with using(lang):
        ex = lesson2_exercises.on_top_fails_exercise()
        told = {c: ex.check(c)[1] for c in ex.choices}
    yes, no = ("Yes:", "No:") if lang == "en" else ("Sí:", "No:")
    assert sum(c.startswith(yes) for c in ex.choices) == 2 and sum(c.startswith(no) for c in ex.choices) == 2
    assert not any(re.search(r"\d", c) for c in ex.choices), ex.choices  # a verdict and a reason, no cell
    assert all((game.height - len(game.grid[c])) % 2 == 0 for c in range(1, 8))  # "every column is even" holds
    wrong = [told[c] for c in ex.choices if c not in ex.solutions]
    assert len(set(wrong)) == 3
    assert not any("column 4, row 3" in t or "columna 4, fila 3" in t for t in wrong)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_four_and_the_zugzwang_choices_need_the_board(lang):
    """Lesson 1's exercise 4 (which four can still become five) and lesson 2's exercise 4 (who is stuck after a
    safe drop) offer choices that need the board: a choice that restates the page's rule would be the only one
    that agrees with it, answerable without the board. The reason comes in the right answer's feedback."""
    from gamekit.connect import lesson1_fours
    from gamekit.i18n import using

    with using(lang):
        four = lesson1_fours.four_not_five_exercise()
        stuck = lesson2_exercises.zugzwang_exercise()
    assert all(":" not in c and len(c.split()) <= 6 for c in four.choices), four.choices
    assert all(not re.search(r"closed|end|cerrado|extremo", c) for c in four.choices), four.choices
    assert re.search(r"close the bottom four at both ends|cierran el cuatro de abajo", four.check(four.solutions[0])[1])
    # exercise 4's choices are exercise 3's kind: a colour and the count's kind, the two colours each with both
    assert len(stuck.choices) == 4 and len({c.split(",")[0] for c in stuck.choices}) == 2, stuck.choices
    told = stuck.check(stuck.solutions[0])[1]
    assert ("red makes five on top" in told) or ("el rojo hace cinco encima" in told), told


@pytest.mark.parametrize(
    "path, own",
    [
        ("five_in_a_row/03_how_the_computer_knows.md", "your own *n*-th disc"),
        ("es/five_in_a_row/03_how_the_computer_knows.md", "tu ficha número *n*"),
    ],
)
def test_the_score_rule_counts_your_own_discs(path, own):
    """Lesson 3 says which disc n is: your own n-th disc, not the n-th disc of the game (which counts both
    players' discs); every statement of the rule on the page says it the same way."""
    page = " ".join(_page(path).split())
    assert page.count(own) >= 3 and "disc number" not in page and not re.search(r"ficha número \d", page)
    assert "*n*.ª" not in page  # the letter n is never an ordinal («n.ª»)


@pytest.mark.parametrize(
    "guide, solutions",
    [("docs/teachers/connect.md", "## Solutions"), ("docs/teachers/es/connect.md", "## Soluciones")],
)
def test_the_guide_promises_only_the_minutes_its_plans_give_and_keeps_to_teacher_help(guide, solutions):
    """The 5 en raya guide's teaching part does not promise every exercise 3 minutes while a plan row gives 2, and
    carries no notes about what the tests check nor the design reasoning behind the choices (teacher help only)."""
    text = (NOTEBOOKS.parent / guide).read_text(encoding="utf-8")
    teaching = " ".join(text.split(solutions, 1)[0].split())
    if re.search(r"^\| 2 \|", text, re.M):
        assert "at least 3 minutes" not in teaching and "al menos 3 minutos" not in teaching
    for note in (
        "a test checks",
        "checked by the tests",
        "prueba lo comprueba",
        "test lo comprueba",
        "las pruebas comprueban",
        "de verdad",
    ):
        assert note not in teaching, note
    for reasoning in ("coin flip", "echar a suertes", "rules out a cancelling choice", "descarta una opción"):
        assert reasoning not in teaching, reasoning


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_three_worksheet_refers_to_nothing_it_does_not_print(lang):
    """On paper there is no tiny board drawn above exercises 1 and 2 and no tree picture: their sheet wording
    stands alone (a small game; a made-up tree given in words, with its board's scoring rule), never "the tiny
    board" or "the tiny position shown earlier"."""
    from gamekit.i18n import using
    from gamekit.teacher_sheets import worksheet_markdown

    with using(lang):
        sheet = worksheet_markdown("gamekit.connect.lessons", "five_in_a_row/03_how_the_computer_knows", lang)
    ex12 = sheet.split("## Exercise " if lang == "en" else "## Ejercicio ", 3)[1:3]
    assert len(ex12) == 2
    for text in ex12:
        assert not re.search(
            r"tiny board|tiny position|shown earlier|tablero diminuto|posición diminuta|de antes", text
        )
    assert ex12[0].startswith("1") and ("12 cells" in ex12[1] or "12 huecos" in ex12[1])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_winning_pop_cannot_be_found_by_guessing(lang):
    """Lesson 1's hard PopOut exercise offers every pop red can make (at least five), and one of them is a trap: it
    completes a line for yellow only, so yellow wins (the rule the page teaches just before).  Each kind of wrong
    pop is told its own reason, computed on the rules engine: yellow's five at once and which way it runs, yellow's
    five with the next drop, or no five at all; the right one names the five and its side disc."""
    from gamekit.i18n import using

    game = lesson1_popout.popout_game()
    pops = [m for m in game.legal_moves() if m.startswith("p")]
    outcome = {}
    for m in pops:
        g = game.copy()
        g.play(m)
        outcome[m] = g.winner()
    assert len(pops) >= 5 and list(outcome.values()).count(0) == 1 and list(outcome.values()).count(1) >= 1
    with using(lang):
        ex = lesson1_popout.popout_exercise()
        told = {c: ex.check(c) for c in ex.choices}
        trap = lesson1_popout.popout_move_label(next(m for m, w in outcome.items() if w == 1))
    assert [c for c, (ok, _) in told.items() if ok] == ex.solutions
    assert ex.wrong[0] == trap  # the common slip first
    en = lang == "en"
    assert ("yellow's five appears diagonally" if en else "aparece el cinco del amarillo en diagonal") in told[trap][1]
    assert ("makes your opponent win" if en else "gana el rival") in told[trap][1]
    assert any(
        ("drops into column 6 and makes five" if en else "deja caer una ficha en la columna 6") in t
        for _, t in told.values()
    )
    assert ("side disc" if en else "ficha lateral") in told[ex.solutions[0]][1]
    assert len({t for ok, t in told.values() if not ok}) == len(ex.choices) - 1  # each wrong pop its own reason


@pytest.mark.parametrize("lang", ["", "es/"])
def test_popout_is_explained_where_it_is_first_named(lang):
    """Lesson 1 names PopOut before its section (the objectives, the game's controls): the first time, the same
    sentence says what it is (taking your own disc out of the bottom of a column, or a version with one more kind of
    move met at the end of the lesson), so the word is never used before it is taught."""
    page = (NOTEBOOKS / lang / "five_in_a_row/01_rules_and_play.md").read_text(encoding="utf-8")
    body = " ".join(page.split("\n# ", 1)[1].split())
    sentences = re.split(r"(?<=[.;])\s", body)
    first = next(s for s in sentences if "PopOut" in s)
    assert re.search(r"out of the bottom of a column|por abajo de una columna", first), first
    switch = next(s for s in sentences if "**PopOut**" in s)  # the game's switch, before the PopOut section
    assert re.search(r"one more kind of move|un tipo de jugada más", switch), switch
    assert re.search(r"end of this lesson|final de esta lección", switch), switch


@pytest.mark.parametrize("lang", ["", "es/"])
def test_lesson_two_headings_do_not_answer_their_exercises(lang):
    """Exercise 10 asks whether answering on top keeps yellow safe (it does not): its heading asks a question that
    either answer fits ("does it always work?" told a pupil the answer is no)."""
    page = (NOTEBOOKS / lang / "five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8")
    heading = next(line for line in page.splitlines() if re.match(r"### (Exercise|Ejercicio) 10 ", line))
    assert heading.endswith("?") and not re.search(r"always|siempre|ever|nunca", heading), heading


@pytest.mark.parametrize("lang", ["", "es/"])
def test_the_step_through_after_the_challenge_names_no_column_or_row(lang):
    """Lesson 2's step-through sits right under the final challenge, where a pupil reads it before answering: its
    bullets tell the story of the stacked pair without naming the column or the rows (the challenge's answer is a
    stacked pair too), and never call it the challenge's idea."""
    page = _page(f"{lang}five_in_a_row/02_threats_and_exercises.md")
    after = page[page.index('"challenge"') : page.index("lesson_pictures.step_through()")]
    bullets = "\n".join(line for line in after.splitlines() if line.startswith(("* ", "  ")))
    assert bullets.count("\n* ") >= 3, bullets
    assert not re.search(r"(column|columna) \d|(rows?|filas?) \d", bullets), bullets
    assert not re.search(r"challenge|reto", bullets, re.I), bullets


@pytest.mark.parametrize("lang", ["", "es/"])
def test_lesson_two_minutes_add_up_to_its_55(lang):
    """Lesson 2's plan in the guide (the page only says about 55 minutes): its parts add up to the 55 minutes, and
    the exercises' minutes (each one's, by level) add up to 36."""
    guide = "docs/teachers/es/connect.md" if lang else "docs/teachers/connect.md"
    rows = _lesson_rows(guide, 2)
    assert sum(m for m, _ in rows) == 55 == L.LESSONS[2].minutes, rows
    word = "ejercicio" if lang else "exercise"
    each = 2 * 3 + 4 + 2 * 5 + 4 + 2 * 6  # exercises 1-2, 3, 4-5, 6 (stop the double threat), 7 and the challenge
    on_exercises = sum(m for m, what in rows if what.startswith(word))
    assert on_exercises == each == 36, rows


@pytest.mark.parametrize("lang", ["", "es/"])
def test_the_popout_rules_list_is_whole(lang):
    """Lesson 1's PopOut rules end with a full stop, not a dangling ";", and keep only the two rules the exercises
    use (who wins when a pop completes a line); the two draw rules no exercise uses are left to the guide."""
    page = _page(f"{lang}five_in_a_row/01_rules_and_play.md")
    section = page[page.index("## PopOut") :]
    bullets = section[section.index("\n* ") : section.index("\n\n", section.index("\n* "))]
    assert bullets.rstrip().endswith("."), bullets
    assert bullets.count("\n* ") == 2, bullets
    assert not re.search(r"third time|tercera vez|full grid|cuadrícula llena", bullets), bullets


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_diagonal_split_or_order_slip_in_four_counts_gets_its_own_reason(lang):
    """Four counts in the line count: 0 + 30 + 14 + 20 is the right counts in another order (told the order, not to
    merge the diagonals, a try used); 30 + 15 + 5 split unequally is told the two ways are mirror images; the right
    10 + 10 split is still right.  (30 + 14 + 20 + 0: tests/connect/test_connect_lesson_round15.py.)"""
    from gamekit.i18n import using

    with using(lang):
        ex = lesson1_exercises.count_lines_exercise()
        split = ex.check("30 + 14 + 15 + 5")
        order = ex.check("0 + 30 + 14 + 20")
        shuffled = ex.check("14 + 30 + 10 + 10")
        assert ex.assess("30 + 14 + 15 + 5")[2] and ex.assess("0 + 30 + 14 + 20")[2]  # wrong answers, tries used
        assert ex.check("30 + 14 + 10 + 10")[0]
    assert not split[0] and not order[0] and not shuffled[0]
    assert re.search(r"mirror|espejo", split[1]) and "15" in split[1] and "5" in split[1]
    assert order[1] == shuffled[1] and not re.search(r"up to the right|hacia la derecha", order[1])
    assert re.search(r"order asked|orden pedido", order[1]) and order[1] != split[1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_cells_typed_for_the_row_count_are_told_to_count_lines(lang):
    """Lesson 1's one-row count: "5 cells" (Spanish «5 huecos») is refused with unit advice, not as "not a whole
    number", without using up a try; "5 lines" is still right."""
    from gamekit.i18n import using

    with using(lang):
        ex = lesson1_exercises.row_lines_exercise()
        cells = "5 cells" if lang == "en" else "5 huecos"
        told = ex.check(cells)[1]
        refused = not ex.assess(cells)[2]
        assert ex.check("5 lines" if lang == "en" else "5 líneas")[0]
        other = ex.check("5 apples")[1]
    assert refused and re.search(r"count lines, not cells|cuenta líneas, no huecos", told), told
    assert told != other


def test_lesson_one_says_the_other_colours_side_disc_closes_a_line():
    """Lesson 1 says (both languages) that a side disc of the other colour closes a line at the edge, with row 4's
    example checked on the rules engine: red in columns 1 to 4 of row 4 is four in a row against yellow's left side
    disc and does not win; a red disc in column 5 then makes five.  The example is not exercise 4's bottom row (red
    in columns 4 to 7 against the right side disc), so the page does not argue that exercise above it."""
    for rel, words in (
        (
            "five_in_a_row",
            ("it closes the line at that end", "In row 4 the left side disc is yellow", "column 5 would make five"),
        ),
        (
            "es/five_in_a_row",
            (
                "cierra la línea por ese extremo",
                "la ficha lateral de la izquierda es amarilla",
                "columna 5 haría cinco",
            ),
        ),
    ):
        page = " ".join((NOTEBOOKS / rel / "01_rules_and_play.md").read_text(encoding="utf-8").split())
        assert all(w in page for w in words), rel
        assert "columns 4, 5, 6 and 7" not in page and "columnas 4, 5, 6 y 7" not in page
    g = FiveInARow()
    assert g.variant.side_disc(0, 3) == 1  # row 4's left side disc: yellow
    for move in "123451234512345617273747":  # rows 1 to 3 of columns 1 to 5 filled, then red in columns 1 to 4
        g.play(move)
        assert g.winner() is None  # four red in row 4, closed on the left by the yellow side disc
    assert [g.cell(g.grid_column(n), 3) for n in (1, 2, 3, 4)] == [0, 0, 0, 0]
    g.play("5")
    assert g.winner() == 0


def test_a_column_beside_a_side_disc_has_its_article_in_spanish():
    """Lesson 1's exercise 4 (the side disc across a row): a wrong click names its line's cells, a side disc and a
    column; in Spanish both take their article («la ficha lateral de la izquierda y la columna 1»)."""
    from gamekit.i18n import using

    with using("es"):
        ex = L.exercises()["side_block_row"]
        texts = [ex.check(m)[1] for m in ex.wrong]
    named = [t for t in texts if "(la ficha lateral de la izquierda y " in t]
    assert named, texts
    assert all(re.search(r"\(la ficha lateral de la izquierda y la columna \d\)", t) for t in named), named
