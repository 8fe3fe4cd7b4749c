"""The lesson's instrumented searches give the solver's scores; its exercises can be passed and failed."""

import json
import random
from pathlib import Path

import re

import pytest

from gamekit.connect import FIVE_IN_A_ROW, ConnectGame, FiveInARow, Variant, solve
from gamekit.connect import tables  # the read-only tables the solver reads (the cache patched below)
from gamekit.connect import counted_search, teach, teach_bits, teach_minimax
from gamekit.connect import teach_pictures
from gamekit.connect.bitboard import board_for


def _positions():
    yield teach_pictures.tiny_game()
    yield teach.lesson_game("walkthrough")
    rng = random.Random(5)
    v = Variant("4x4 three", 4, 4, 3)
    for _ in range(3):
        g = ConnectGame(v)
        for _ in range(rng.randrange(5, 8)):
            g.play(rng.choice(g.legal_moves()))
            if g.is_over():
                g.undo()
                break
        yield g


@pytest.mark.parametrize("game", list(_positions()), ids=lambda g: repr(g)[:40])
def test_every_search_gives_the_solver_score(game):
    expected = solve(game)
    counts = teach_pictures.node_counts(game)
    assert {c.score for c in counts.values()} == {expected}
    n = [c.nodes for c in counts.values()]
    assert n[0] >= n[1] and n[0] > 0  # alpha-beta never visits more than minimax


def test_the_lesson_positions_show_the_counts_falling():
    counts = [c.nodes for c in teach_pictures.node_counts(teach.lesson_game("walkthrough")).values()]
    assert counts == sorted(counts, reverse=True) and counts[-1] < counts[0] / 10
    table = teach_pictures.compare(teach_pictures.tiny_game())
    assert [r[0] for r in table.rows] == [name for name, _ in teach_pictures.METHODS]


def test_column_scores_match_analyse():
    from gamekit.connect import analyse

    g = teach_pictures.tiny_game()
    scores = analyse(g, time_budget=None)
    table = teach_pictures.column_scores(g)
    assert {r[0]: int(r[1]) for r in table.rows} == scores


def test_searches_refuse_finished_and_popout_games():
    with pytest.raises(ValueError, match="over"):
        counted_search.minimax(FiveInARow.from_moves("172737" + "4"))
    with pytest.raises(ValueError, match="PopOut"):
        counted_search.alphabeta(FiveInARow(popout=True))


def test_bit_index_is_the_solver_layout():
    g = teach.lesson_game("walkthrough")
    b = teach_pictures.bitboard(g)
    for c in range(g.width):
        for r in range(g.height):
            bit = teach_pictures.bit_index(g, c, r)
            assert bool(b["all discs"] >> bit & 1) == (g.cell(c, r) is not None)
            assert bool(b["player to move"] >> bit & 1) == (g.cell(c, r) == g.to_move)
    with pytest.raises(ValueError, match="not a cell"):
        teach_pictures.bit_index(g, 9, 0)
    assert "guard" in teach_pictures.bit_picture(g)


@pytest.mark.parametrize(
    "make",
    [
        teach_minimax.best_move_exercise,
        teach.read_score_exercise,
        teach_bits.bit_exercise,
        teach.pruning_exercise,
        teach_minimax.tiny_tree_exercise,
        teach.transposition_exercise,
    ],
)
def test_exercises_accept_their_solutions_and_explain_wrong_answers(make):
    ex = make()
    assert ex.solutions
    for s in ex.solutions:
        ok, feedback = ex.check(s)
        assert ok, feedback
    wrong = {
        "minimax_move": None,
        "read_score": "3",
        "bit_index": "16",
        "tiny_tree": "+5",
        "pruning": "Yes: your opponent might not see the winning reply",
        "transposition": "red 4, yellow 4, red 5, yellow 4, red 3",
    }[ex.key]
    if wrong is None:  # a column the solver rates lower
        from gamekit.connect import analyse

        scores = analyse(teach.lesson_game("walkthrough"), time_budget=None)
        wrong = f"{min(scores, key=scores.get)}, +1"
    ok, feedback = ex.check(wrong)
    assert not ok and len(feedback) > 20
    ok, feedback = ex.check("banana")  # malformed: explained, not raised
    assert not ok and feedback
    assert not ex.check("")[0]


def test_typical_mistakes_get_their_own_explanation():
    ex = teach_bits.bit_exercise()  # column 5, row 2 (counted from 1) of a 5 × 4 board: bit 21
    assert "column 5 and row 2" in ex.prompt and ex.check("21")[0]
    assert teach_pictures.bit_index(ConnectGame(teach_bits.SMALL_BOARD), 4, 1) == 21
    ok, feedback = ex.check(str(4 * 4 + 1))  # forgot the guard bit
    assert not ok and "spare bit on top" in feedback
    ok, feedback = ex.check(str(4 * 7 + 1))  # the 5 en raya layout
    assert not ok and "7 bits a column" in feedback
    ok, feedback = ex.check(str(5 * 5 + 2))  # its own column counted as full, rows from 1
    assert not ok and "own column as full" in feedback and "numbered from 0" not in feedback
    ok, feedback = ex.check(str(4 * 5 + 2))  # counted from 1, as the question does: bits start at 0
    assert not ok and "numbered from 0" in feedback
    ok, feedback = ex.check(str(1 * 5 + 4))  # row by row
    assert not ok and "row by row" in feedback
    reasons = [ex.check(w)[1] for w in ex.wrong]
    assert len(set(reasons)) == len(reasons)
    for k in (4 * 4 + 1, 4 * 7 + 1, 5 * 5 + 2, 1 * 5 + 4, 99):  # words a 12-year-old reads: no jargon
        said = ex.check(str(k))[1] + " " + ex.prompt + " " + ex.hint
        assert not re.search(r"bitboard|guard|layout|solver", said, re.I), said
    ex = teach.read_score_exercise()
    s = solve(teach.lesson_game("exercise"))
    ok, feedback = ex.check(str(22 - s))  # sign the wrong way round
    assert not ok and "sign" in feedback
    ok, feedback = teach_minimax.best_move_exercise().check("9, +1")
    assert not ok and "There is no column 9" in feedback and "'" not in feedback


def test_the_scoring_rule_fits_each_board_and_comes_before_any_score():
    """Issue 35: "22 − n" only where it is true (42 cells); the tiny board's rule is 7 − n, and the page states
    the rule before the first table of scores."""
    from pathlib import Path

    ex = teach_minimax.tiny_tree_exercise()
    assert "12 cells: a win with your n-th disc scores 7 − n" in ex.prompt and "22" not in ex.prompt
    assert (
        counted_search.minimax(teach_pictures.tiny_game()).score <= teach_pictures.TINY.cells // 2
    )  # scores on 12 cells stay ≤ 6
    root = Path(__file__).resolve().parents[2] / "notebooks"
    for md in (
        root / "five_in_a_row/03_how_the_computer_knows.md",
        root / "es/five_in_a_row/03_how_the_computer_knows.md",
    ):
        text = md.read_text()
        assert text.index("7 − *n*") < text.index("teach_pictures.column_scores(tiny)") < text.index("22 − *n*")
        assert "22 − n" not in text[: text.index("teach_pictures.column_scores(tiny)")]


def test_lesson_three_counts_columns_from_one():
    """Issue 35: no 0-based columns after two lessons of 1-based ones (bits still start at 0)."""
    from pathlib import Path

    for make in (teach_bits.bit_exercise, teach_bits.bit_cell_exercise):
        ex = make()
        assert "counted from 1" in ex.prompt and "column 0" not in ex.prompt + ex.hint
        assert all("column 0" not in ex.check(w)[1] for w in ex.wrong)
    root = Path(__file__).resolve().parents[2] / "notebooks"
    text = (root / "five_in_a_row/03_how_the_computer_knows.md").read_text()
    assert "column 0" not in text and "counted from 1" in text


def test_the_pruning_question_is_not_argued_above_it():
    """Issue 35: exercise 3's case (a draw found, a reply that wins for the opponent) is not worked out in the text
    before it; each wrong choice gets its own reason."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "notebooks/five_in_a_row/03_how_the_computer_knows.md").read_text()
    before = text[text.index("## 2. ") : text.index("teach.pruning_exercise()")]
    assert "draw" not in before and "worse" not in before
    # and its heading does not answer it ("stop looking when you know enough" would): the heading is neutral
    heading = text[text.index("## 2. ") :].split("\n", 1)[0]
    # nor hints at exercise 4 (does skipping a reply change the answer?): "Searching faster" suggested it does not
    assert heading == "## 2. A case to decide" and not re.search(r"stop|fast|skip|prun", heading.lower())
    es = (Path(__file__).resolve().parents[2] / "notebooks/es/five_in_a_row/03_how_the_computer_knows.md").read_text()
    assert "## 2. Un caso para decidir" in es and "deja de mirar" not in es and "deprisa" not in es
    # the drawn tree (a crossed-out branch) comes after the question it illustrates, before the counts
    assert (
        text.index("teach.pruning_exercise()")
        < text.index("teach_pictures.TreePicture(tiny)")
        < text.index("teach_pictures.compare(tiny, teach_pictures.METHODS[:2])")
    )
    ex = teach.pruning_exercise()
    reasons = {c: ex.check(c) for c in ex.choices}
    assert sum(ok for ok, _ in reasons.values()) == 1 and len({t for _, t in reasons.values()}) == 4
    # the three wrong choices are beliefs a pupil brings (the opponent errs, a reply could be worse, the score
    # needs every reply), none dismissed by a glance: no "better for you", which the opponent never picks
    assert "Yes: another reply might be better for you" not in ex.choices and len(ex.choices) == 4
    # the right choice is not the odd one out: as many "No" as "Yes" choices, all of about the same length
    assert sum(c.startswith("No:") for c in ex.choices) == 2 and sum(c.startswith("Yes:") for c in ex.choices) == 2
    assert max(map(len, ex.choices)) - min(map(len, ex.choices)) <= 8
    assert (
        counted_search.minimax(teach_pictures.tiny_game()).score
        == counted_search.alphabeta(teach_pictures.tiny_game()).score
    )


def test_start_report_is_honest(tmp_path, monkeypatch):
    from gamekit.connect import wdl

    monkeypatch.setattr(tables, "_books", {FIVE_IN_A_ROW: None})
    assert teach_pictures.start_report([tmp_path / "none.json"]).startswith("Unknown:")
    # a run stopped before it proved anything claims nothing
    lose, win = tmp_path / "lose.json", tmp_path / "win.json"
    wdl.ValueRun(FIVE_IN_A_ROW, 2, lose, table_size=1009, log=lambda *a: None).run(max_seconds=0.0)
    text = teach_pictures.start_report([lose, win])
    assert text.startswith("Unknown so far") and "Neither proof is finished yet." in text
    assert "Proved:" not in text and "Proved for" not in text
    # what a record proves is reported, and only that: forge a record's bounds and read them back
    data = json.loads(lose.read_text())
    b = board_for(FIVE_IN_A_ROW)
    cur, mask, _ = b.from_game(FiveInARow())
    child = FiveInARow.from_moves("4")
    ccur, cmask, _ = b.from_game(child)
    data["settled"] = {f"{cur + mask:x}": [0, 1, ""], f"{ccur + cmask:x}": [-1, 0, "4"]}
    lose.write_text(json.dumps(data))
    text = teach_pictures.start_report([lose, win])
    assert "Proved: red does not lose. Still open: whether red can win." in text
    assert "red's column 4: red does not lose" in text and "column 3" not in text
    data["settled"][f"{cur + mask:x}"] = [0, 0, ""]
    lose.write_text(json.dumps(data))
    assert teach_pictures.start_report([lose]).startswith(
        "Solved: with perfect play on both sides the start of 5 en raya is a draw."
    )


def test_the_shipped_start_records_are_value_runs_of_5_en_raya():
    from gamekit.connect import wdl

    found = [p for p in teach_pictures.RECORDS if p.exists()]
    assert found, "the lesson reports from the shipped records"
    st = wdl.status(*found)
    assert st["variant"] == FIVE_IN_A_ROW.name and st["nodes"] > 10**9
    assert teach_pictures.start_report().startswith(("Unknown so far", "Solved"))


def test_the_lesson_transposition_example_reaches_the_same_position():
    """The page's examples are true (red 4, yellow 6, red 4, yellow 7 = red 4, yellow 7, red 4, yellow 6; red 4,
    yellow 4 differs from yellow 4, red 4), and do not print the answer; the exercise's choices are all legal games,
    judged by playing them: exactly one reaches the target grid, and two that also swap only red's drops do not
    (a real choice, not "swap two drops of one colour")."""
    import re

    a, b = FiveInARow.from_moves("4647"), FiveInARow.from_moves("4746")
    assert a.position_key() == b.position_key()
    text = (Path(__file__).resolve().parents[2] / "notebooks/five_in_a_row/03_how_the_computer_knows.md").read_text()
    flat = " ".join(text.lower().split())
    assert "red 4, yellow 6, red 4, yellow 7" in flat and "red 4, yellow 7, red 4, yellow 6" in flat
    ex = teach.transposition_exercise()
    target_moves = teach.TRANSPOSITION_ORDER
    target = FiveInARow.from_moves(target_moves).position_key()
    red_swaps = 0
    assert len(ex.choices) == 4
    for choice in ex.choices:
        ok, feedback = ex.check(choice)
        moves = "".join(ch for ch in choice if ch.isdigit())
        colours = [w for w in choice.replace(",", " ").split() if not w.isdigit()]
        assert colours == ["red", "yellow"] * 2 + ["red"], choice  # every choice is a legal game
        assert ok == (FiveInARow.from_moves(moves).position_key() == target), choice
        if moves[1::2] == target_moves[1::2] and sorted(moves[::2]) == sorted(target_moves[::2]):
            red_swaps += 1
        if not ok:
            assert re.search(r"column \d, row \d holds", feedback)
    assert red_swaps == 3 and len(ex.solutions) == 1
    assert ex.solutions[0] not in flat and " ".join(ex.solutions[0].split()) not in text


@pytest.mark.parametrize("lang", ["", "es/"])
def test_lesson_three_page_neither_steers_nor_claims_what_it_cannot_show(lang):
    """No leading question before the pruning exercise, no unsupported claim about how games of 5 en raya end,
    and the bit picture explained in plain words (the guard bit's purpose in one short sentence: it keeps the
    columns apart)."""
    root = Path(__file__).resolve().parents[2]
    text = " ".join((root / f"notebooks/{lang}five_in_a_row/03_how_the_computer_knows.md").read_text().split())
    for phrase in (
        "Is all that work needed",
        "¿Hace falta todo ese trabajo",
        "in most lines of play, nobody wins",
        "en la mayoría de las partidas, no gana nadie",
        "in the first number / in the second",
        "en el primer número / en el segundo",
        "stops a line from running off",
        "impide que una línea se salga",
    ):
        assert phrase not in text, phrase
    assert ("player to move" in text and "any disc" in text) or ("cualquier ficha" in text)
    assert "The guard keeps the columns apart" in text or "El bit de guarda separa las columnas" in text


def test_the_minimax_exercise_can_be_worked_by_hand():
    game = teach_pictures.hand_game()
    assert game.variant.cells - game.discs_on_board <= 5 and len(game.legal_moves()) == 3
    ex = teach_minimax.best_move_exercise()
    scores = {m: -counted_search.minimax(g).score for m, g in ((m, _after(game, m)) for m in game.legal_moves())}
    best = max(scores, key=scores.get)
    assert ex.solutions == [f"{best}, {scores[best]:+d}"] and len(set(scores.values())) == 3
    assert "+0" not in " ".join(ex.check(f"{m}, 0")[1] for m in game.legal_moves())


def test_the_minimax_exercise_asks_for_the_score_too():
    """Three legal columns make a column alone a one-in-three guess: the score is asked as well, and each slip
    with it on the right column gets its own reason (computed from the exact solver's score)."""
    game = teach_pictures.hand_game()
    ex = teach_minimax.best_move_exercise()
    scores = {m: -counted_search.minimax(g).score for m, g in ((m, _after(game, m)) for m in game.legal_moves())}
    best = max(scores, key=scores.get)
    s, top = scores[best], game.variant.cells // 2 + 1
    assert "score" in ex.prompt and ex.check(f"{best}, {s:+d}")[0] and ex.check(f"column {best} {s:+d}")[0]
    ok, feedback = ex.check(best)  # the column alone is refused, with the reason
    assert not ok and "write the column and its score" in feedback
    assert "sign is the other way round" in ex.check(f"{best}, {-s:+d}")[1]
    assert "only says which disc wins" in ex.check(f"{best}, {top - abs(s)}")[1]
    assert "no draw" in ex.check(f"{best}, 0")[1] if s else "nobody wins" in ex.check(f"{best}, 1")[1]
    for m in game.legal_moves():
        if m != best:
            ok, feedback = ex.check(f"{m}, {s:+d}")
            assert not ok and f"scores {teach_pictures.signed_score(scores[m])}" in feedback
    reasons = [ex.check(w)[1] for w in ex.wrong]
    assert len(set(reasons)) == len(reasons) and not any(ex.check(w)[0] for w in ex.wrong)


def _after(game, m):
    g = game.copy()
    g.play(m)
    return g


def test_start_summary_tells_pupils_the_result_without_the_story():
    text = str(teach_pictures.start_summary())
    assert "a draw" in text and "hours" not in text and "positions" not in text
    assert "hours" in str(teach_pictures.start_report_html())


def test_the_teacher_material_is_in_the_guide_not_on_the_pupils_page():
    """Issue 35: lesson 3 has no "For teachers" appendix (en, es): the bitboard numbers, the speed test and how the
    value of the start was computed are in the teacher guide; the Next link ends the page."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for md in (
        root / "notebooks/five_in_a_row/03_how_the_computer_knows.md",
        root / "notebooks/es/five_in_a_row/03_how_the_computer_knows.md",
    ):
        text = md.read_text()
        assert not re.search(r"^## (For teachers|Para el profesorado)", text, re.M)
        assert "teach_pictures.bit_picture(game)" in text and "teach_bits.bit_exercise()" in text
        for heavy in ("bitboard_table", "bitboard_speed", "start_report_html", "numba", "docs/"):
            assert heavy not in text, (md.name, heavy)
        assert re.match(r"(Next|Siguiente)\b.*\]\([^)]+\)", text.strip().splitlines()[-1])
    for guide in (root / "docs/teachers/connect.md", root / "docs/teachers/es/connect.md"):
        text = guide.read_text()  # the guide says in words what the extras show; where their calls are is for us
        assert "bitboard" in text and re.search(r"maintainers' notes|notas de mantenimiento", " ".join(text.split()))
        assert "docs/connect.md" not in text and "Teacher extras" not in text
    extras = (root / "docs/connect.md").read_text()
    extras = extras[extras.index("### Teacher extras") :]
    assert all(f"teach_pictures.{call}" in extras for call in ("bitboard_table", "bitboard_speed", "start_report"))


@pytest.mark.parametrize("lang", ["", "es/"])
def test_the_bit_pictures_example_pair_is_one_the_picture_can_show(lang):
    """ "two digits such as 0/1": the example is a pair the picture really shows (a first digit of 1 means the
    player to move has a disc there, so the second is 1 too: 1/0 never occurs); the start's value is told
    by the computed summary itself (the page's words cannot know what the computed table will say)."""
    import re

    svg = teach_pictures.bit_picture(teach.lesson_game("walkthrough"))
    pairs = set(re.findall(r">(\d/\d)<", svg))
    assert "1/0" not in pairs
    text = (
        Path(__file__).resolve().parents[2] / f"notebooks/{lang}five_in_a_row/03_how_the_computer_knows.md"
    ).read_text()
    example = re.search(r"(?:such as|como) (\d/\d)", " ".join(text.split())).group(1)
    assert example in pairs
    assert "starting first is not enough" not in text and "empezar no basta" not in text
    assert "value above is a draw" not in text and "valor de arriba es un empate" not in text
    assert "teach_pictures.start_summary()" in text


def test_the_start_summary_says_what_its_own_value_means():
    """The meaning of the start's value follows the value computed, for each of the three results."""
    drawn = teach_pictures.start_meaning(0)
    assert "neither player can force a win" in drawn and "first move after which" not in drawn
    assert "red, who starts, has a way to win" in teach_pictures.start_meaning(3)
    assert "yellow has a way to win" in teach_pictures.start_meaning(-2)
    text = str(teach_pictures.start_summary())
    if "a draw" in text:
        assert teach_pictures.start_meaning(0) in text


def test_the_pruning_tree_is_alpha_beta_on_the_tiny_position():
    """Lesson 3's drawn tree: each searched reply's score is minimax's below it; a move's score is the lowest of
    its replies (a bound when some were skipped); replies are skipped exactly when an earlier reply already
    scored no more than the best move found before; the top is the best move's score, minimax's own."""
    import re
    from gamekit.connect import teach_pictures

    game = teach_pictures.tiny_game()
    tree = teach_pictures.pruning_tree(game)
    assert tree.score == counted_search.minimax(game).score
    best = None
    skipped_any = 0
    for node in tree.children:
        g = game.copy()
        g.play(node.column)
        exact = counted_search.minimax(g).score if not g.is_over() else None
        if not node.children:
            continue
        for i, child in enumerate(node.children):
            before = [c.score for c in node.children[:i] if c.searched]
            cut = best is not None and before and min(before) <= best
            assert child.searched == (not cut), (node.column, child.column)
            if child.searched:
                h = g.copy()
                h.play(child.column)
                expected = (
                    counted_search.minimax(h).score
                    if not h.is_over()
                    else (0 if h.winner() is None else -(7 - h.discs_played(h.winner())))
                )
                assert child.score == expected
        skipped = [c for c in node.children if not c.searched]
        skipped_any += len(skipped)
        assert node.bound == bool(skipped)
        if not skipped:
            assert node.score == -exact  # the full minimum is the exact score for red
            best = node.score if best is None else max(best, node.score)
        else:
            assert node.score >= -exact and node.score <= best  # a bound, already no better than the best
    assert skipped_any >= 2
    svg = teach_pictures.pruning_tree_picture(game)
    text = teach_pictures.pruning_tree_text(game)
    assert svg.count("✗") == skipped_any and 'role="img"' in svg and "aria-label=" in svg and "<title>" in svg
    assert text.count("crossed out, never searched") == sum(n.bound for n in tree.children)
    assert f"column {next(n.column for n in tree.children if n.score == tree.score and not n.bound)}, worth" in text
    assert re.search(r"≤ [+-]?\d", svg)


def test_why_a_transposition_never_changes_the_score_has_a_reason_for_each_choice():
    from gamekit.connect import teach
    from gamekit.connect import teach_pictures

    ex = teach.transposition_why_exercise()
    reasons = {c: ex.check(c) for c in ex.choices}
    assert [c for c, (ok, _) in reasons.items() if ok] == ex.solutions and len(ex.choices) == 4
    assert "same player to move" in ex.solutions[0]
    assert len({text for _, text in reasons.values()}) == 4
    # the claim the right answer rests on: the same grid scores the same, whichever order reached it
    from gamekit.connect.rules import ConnectGame

    a = ConnectGame.from_moves("1324", variant=teach_pictures.TINY)
    b = ConnectGame.from_moves("2314", variant=teach_pictures.TINY)
    assert a.position_key() == b.position_key() and counted_search.minimax(a).score == counted_search.minimax(b).score
    # and the table never changes a score: alpha–beta with the table against plain minimax
    g = teach_pictures.tiny_game()
    assert counted_search.alphabeta(g, table=True).score == counted_search.minimax(g).score


def test_lesson_three_states_the_bit_rule_before_the_exercises_that_use_it():
    """Exercise 8 says "use the rule, not the picture": the page states the rule, in the lesson's numbering
    (columns and rows from 1, bits from 0), before exercise 7; the rule agrees with bit_index on every cell of the
    exercises' boards; the tiny board is described as coloured discs, not X and O."""
    from pathlib import Path
    from gamekit.connect.rules import ConnectGame

    root = Path(__file__).resolve().parents[2] / "notebooks"
    for path in ("five_in_a_row/03_how_the_computer_knows.md", "es/five_in_a_row/03_how_the_computer_knows.md"):
        text = (root / path).read_text()
        rule = "(*k* − 1) × (*h* + 1) + (*r* − 1)"
        assert rule in text and text.index(rule) < text.index("teach_bits.bit_exercise()"), path
        assert "(X)" not in text
    for variant in (teach_bits.SMALL_BOARD, teach_bits.OTHER_BOARD):
        g = ConnectGame(variant)
        for k in range(1, variant.columns + 1):
            for r in range(1, variant.rows + 1):
                assert teach_pictures.bit_index(g, k - 1, r - 1) == (k - 1) * (variant.rows + 1) + (r - 1)


def test_the_transposition_choices_are_parallel_so_the_right_one_has_no_tell():
    """Lesson 3 exercise 5: every choice is one "Because …" clause of about the same length, so the right one is
    not the longest or the only textbook-sounding one."""
    ex = teach.transposition_why_exercise()
    lengths = [len(c) for c in ex.choices]
    assert all(c.startswith("Because ") for c in ex.choices)
    assert max(lengths) - min(lengths) <= 20, lengths
    assert len(ex.solutions[0]) < max(lengths) or lengths.count(max(lengths)) > 1


def test_exercise_eight_asks_the_bit_rule_the_other_way_round():
    """Lesson 3's hard bit exercise is not exercise 7 again: it gives a bit number and asks for the cell. The cell is
    checked by bit_index; each common slip gives another cell and gets its own reason; any spelling of "column,
    row" is read."""
    ex = teach_bits.bit_cell_exercise()
    g = ConnectGame(teach_bits.OTHER_BOARD)
    bit = int(re.search(r"bit number (\d+)", ex.prompt).group(1))
    column, row = map(int, ex.solutions[0].split(", "))
    assert teach_pictures.bit_index(g, column - 1, row - 1) == bit
    for typed in (f"{column}, {row}", f"column {column}, row {row}", f"{column} {row}"):
        assert ex.check(typed)[0]
    # exercise 7 asks for the bit of column 5, row 2: exercise 8's answer is another cell, not the one just worked
    seven = teach_bits.bit_exercise()
    assert (column, row) != tuple(map(int, re.search(r"column (\d+) and row (\d+)", seven.prompt).groups()))
    reasons = {w: ex.check(w) for w in ex.wrong}
    assert not any(ok for ok, _ in reasons.values()) and len({t for _, t in reasons.values()}) == len(reasons) == 5
    assert "row first" in reasons[f"{row}, {column}"][1]  # swapped
    per = g.height + 1
    assert "across the rows" in reasons[f"{bit % g.width + 1}, {bit // g.width + 1}"][1]
    assert f"{g.height} bits a column" in reasons[f"{bit // g.height + 1}, {bit % g.height + 1}"][1]
    assert "add 1" in reasons[f"{bit // per}, {bit % per}"][1]
    # 1 added to the column only: told about the row, not that bits start at 0
    only_row = reasons[f"{column}, {row - 1}"][1]
    assert "row is 1 too low" in only_row and "Bits start at 0" not in only_row
    # taking one bit too few still gets its own reason where it gives another cell (bit on the bottom row)
    low = teach_bits.bit_cell_exercise(row=0)
    bottom = teach_pictures.bit_index(ConnectGame(teach_bits.OTHER_BOARD), 3, 0)
    assert "Bits start at 0" in low.check(f"{(bottom - 1) // per + 1}, {(bottom - 1) % per + 1}")[1]
    assert "no column 9" in ex.check("9, 1")[1] and "is not a cell" in ex.check("banana")[1]


def test_score_exercises_explain_near_numbers_and_read_any_spelling_of_a_disc():
    """Exercise 7: each near number gets a reason that fits it (the winner's discs alone, the mover's first disc
    forgotten, the winning disc's own number, a sign, every empty cell; −6, the score's minus sign copied, is refused
    and told so), and "6 discs" is read as 6; naming the losing colour is wrong."""
    ex = teach.read_score_exercise()
    s = solve(teach.lesson_game("exercise"))
    n = 22 + s
    assert ex.check("6 discs")[0] and ex.check("6")[0] and not ex.check("yellow 6")[0]
    assert "only red's discs" in ex.check("3")[1] and "very next disc is yellow's" in ex.check("5")[1]
    assert "counted from the start of the game" in ex.check(str(n))[1]
    assert "minus sign belongs to the score" in ex.check("-6")[1] and "every empty cell" in ex.check("11")[1]
    assert "Only 11 cells are empty" in ex.check("40")[1] and "Only 11 cells are empty" in ex.check("0")[1]
    assert len({ex.check(str(w))[1] for w in ex.wrong}) == len(ex.wrong) >= 6  # each slip its own reason


def test_the_negative_score_exercise_needs_the_board_not_just_the_rule():
    """Knowing 22 − n is not enough: the answer (discs still to drop, both players, up to red's winning disc) comes
    from counting red's discs in columns 1 to 7.  It is none of the numbers the score alone gives (the disc number,
    the score's size, 22 ± the size), and it follows the board: the same score with one red disc fewer on the
    board would need two more drops."""
    from gamekit.connect.solver import solve

    game = teach.lesson_game("exercise")
    s = solve(game)
    ex = teach.read_score_exercise()
    n = 22 + s
    assert game.to_move == 1 and s < 0
    red = game.discs_played(0)
    assert ex.solutions == [2 * (n - red)] == [6]
    assert ex.solutions[0] not in (n, -s, 22 - s, 22 + s, s)
    assert all(not ex.check(str(k))[0] for k in (n, -s, 22 - s, s))
    assert "Count the discs in columns 1 to 7 first" not in ex.prompt and "side columns" in ex.prompt
    # one intermediate step is given (the winner's discs already dropped): the pupil reads the score, then counts on
    assert f"Red has {red} discs in columns 1 to 7 already" in ex.prompt
    assert "First work out which of red's discs wins" in ex.prompt
    from gamekit.i18n import using

    with using("es"):
        es = teach.read_score_exercise()
        assert "columnas 1 a 7" in es.prompt and es.check("6")[0] and "rojo" in es.check("3")[1]


def test_why_the_score_stays_the_same_is_not_said_above_exercise_five():
    """Lesson 3 exercise 5 asks why the transposition table never changes the score: no sentence above it says the
    score never changes (the page says so after it), and its wrong choices are real mix-ups (the stored best move,
    the same number of discs), each answered with its own reason."""
    root = Path(__file__).resolve().parents[2] / "notebooks"
    for path, said in (
        ("five_in_a_row/03_how_the_computer_knows.md", "it is the same on every line"),
        ("es/five_in_a_row/03_how_the_computer_knows.md", "es la misma en todas las filas"),
    ):
        text = " ".join((root / path).read_text().split())
        at = text.index("teach.transposition_why_exercise()")
        above = text[text.index("## 3.") : at]
        assert "never changes" not in above and "no cambia nunca" not in above and said not in above
        assert said in text[at:]
    ex = teach.transposition_why_exercise()
    best_move = [c for c in ex.choices if "best move" in c][0]
    discs = [c for c in ex.choices if "same number of discs" in c][0]
    assert "try it first" in ex.check(best_move)[1] and "many different grids" in ex.check(discs)[1]


def test_the_tiny_board_exercise_says_it_has_no_side_columns():
    """The tiny board is drawn without the 5 en raya side discs: the prompt (page and paper) says so."""
    prompt = teach_minimax.best_move_exercise().prompt
    assert "tiny board (no side columns; three in a line wins)" in prompt


def test_the_minimax_exercise_reads_a_score_typed_before_the_column():
    """A signed number is a score, so "+1, 2" is column 2 with score +1 (not column 1): either order is accepted
    when it is unambiguous, and two signed numbers are refused with the order explained."""
    game = teach_pictures.hand_game()
    ex = teach_minimax.best_move_exercise()
    scores = {m: -counted_search.minimax(g).score for m, g in ((m, _after(game, m)) for m in game.legal_moves())}
    best = max(scores, key=scores.get)
    s = scores[best]
    assert teach_pictures.parse_column_and_score(game, "+1, 2") == ("2", 1)
    assert teach_pictures.parse_column_and_score(game, "−2 1") == ("1", -2)
    assert teach_pictures.parse_column_and_score(game, "2 1") == ("2", 1)  # no sign: the column comes first
    assert ex.check(f"{s:+d}, {best}")[0] and ex.check(f"{s:+d} {best}")[0]
    for answer in ("+1, -2", "-1 +2"):
        ok, feedback = ex.check(answer)
        assert not ok and f"“{answer}”: only the score has a sign. Write the column first" in feedback


def test_the_first_exercise_reads_a_score_off_a_small_tree():
    """Lesson 3's exercise 1 is minimax, not arithmetic on the formula above it: the score of a two-level tree for
    red, each result scored 7 − n (minus for yellow's win), the lowest under each move, then the highest.  Each way
    of misreading the tree gets its own reason: red's best result under a move (yellow chooses there), the worse
    move's worth (red chooses the move), the sign, a disc number typed as a score; a non-number is refused."""
    ex = teach_minimax.tiny_tree_exercise()
    leaves = [[teach_minimax.tree_leaf_score(leaf) for leaf in replies] for replies in teach_minimax.TINY_TREE]
    assert leaves == [[-1, 2], [3, -3]]  # yellow's 6th, red's 5th; red's 4th, yellow's 4th
    best = teach_minimax.tree_score()
    assert best == max(min(v) for v in leaves) == -1 and ex.solutions == ["-1"]
    assert max(sum(leaves, [])) != best and min(sum(leaves, [])) != best  # neither the top nor the bottom leaf
    # the page prints the tiny position's own score (+1) just below the exercise: the tree's answer is another
    assert counted_search.minimax(teach_pictures.tiny_game()).score != best
    assert ex.check("-1")[0] and ex.check("−1")[0] and "move A is worth -1 and move B -3" in ex.check("-1")[1]
    assert "worst for red: move B is worth -3" in ex.check("+3")[1]  # the best leaf anywhere: yellow chooses
    assert "worst for red: move A is worth -1" in ex.check("2")[1]
    assert "red chooses the move" in ex.check("-3")[1]
    assert "wrong sign" in ex.check("+1")[1]
    assert all("says which disc wins" in ex.check(d)[1] for d in ("4", "5", "6"))
    reasons = [ex.check(w)[1] for w in ex.wrong]
    assert not any(ex.check(w)[0] for w in ex.wrong) and len(set(reasons)) >= 7
    ok, said = ex.check("banana")
    assert not ok and "not a score" in said
    with pytest.raises(ValueError, match="disc number from 1 to 6"):
        teach_minimax.tree_leaf_score((0, 7))
    with pytest.raises(ValueError):
        teach_minimax.parse_score(True)
    from gamekit.i18n import using

    with using("es"):
        es = teach_minimax.tiny_tree_exercise()
        assert "rojo" in es.prompt and es.check("-1")[0] and "amarillo" in es.check("+3")[1]


def test_every_result_of_the_first_exercise_tree_can_happen():
    """Each result at the bottom of Lesson 3's tree is a win that can really happen from the stated position: each
    player has dropped ``TINY_TREE_DROPPED`` discs, red then drops a move and yellow a reply, so red's winning disc
    comes at the soonest after both (its own disc number ``dropped + 2``) and yellow's with the reply or later
    (``dropped + 1``); and no disc number exceeds the discs a player has on the 12-cell board."""
    dropped = teach_minimax.TINY_TREE_DROPPED
    half = teach_pictures.TINY.cells // 2
    for replies in teach_minimax.TINY_TREE:
        for seat, disc in replies:
            soonest = dropped + 2 if seat == 0 else dropped + 1
            assert soonest <= disc <= half, (seat, disc)
            assert (
                2 * disc - (1 if seat == 0 else 0) <= teach_pictures.TINY.cells
            )  # its place among all the game's discs
    assert f"each player has dropped {dropped} discs" in teach_minimax.tiny_tree_exercise().prompt


# ----- a fresh reader's pass: the two numbers, the practice endgames, the table header -----------------------------
def test_the_two_numbers_exercise_reads_a_cell_from_both_bits():
    """The objective "the two numbers the real solver keeps" gets an exercise of its own: a cell showing 0/1 with
    red to move holds a yellow disc (first number: the player to move's discs; second: any disc).  The page's
    sentence names only the player to move's discs, so the answer takes a step of reasoning beyond it (a cell
    showing 1/1 would be answered by the sentence itself).  Every wrong choice is refused with its own reason, and
    the answer agrees with the solver's own two numbers."""
    ex = teach_bits.two_numbers_exercise()
    assert ex.solutions == ["A yellow disc"] and ex.check("A yellow disc")[0]
    assert "0/1" in ex.prompt and "1/1" not in ex.prompt
    reasons = {c: ex.check(c) for c in ex.wrong}
    assert len(reasons) == 3 and not any(ok for ok, _ in reasons.values())
    assert len({text for _, text in reasons.values()}) == 3
    assert "1/1" in reasons["A red disc"][1] and "0/0" in reasons["Nothing: the cell is empty"][1]
    # the reason speaks of the question's position only: an aside on the picture (yellow to move there) muddled it
    assert "picture" not in reasons["A red disc"][1]
    # the rule, on the real bitboards: with red to move a red disc is 1 in both numbers, a yellow disc 0/1
    g = FiveInARow.from_moves("45")  # red 4, yellow 5: red to move
    assert g.to_move == 0
    numbers = teach_pictures.bitboard(g)
    mine, mask = numbers["player to move"], numbers["all discs"]
    red = teach_pictures.bit_index(g, g.grid_column(4), 0)
    yellow = teach_pictures.bit_index(g, g.grid_column(5), 0)
    assert (mine >> red & 1, mask >> red & 1) == (1, 1)
    assert (mine >> yellow & 1, mask >> yellow & 1) == (0, 1)


def test_lesson_three_page_asks_the_two_numbers_before_the_bit_rule():
    from gamekit.connect import lessons as L

    assert "two_numbers" in L.LESSONS[3].objectives[2][1]
    for lang in ("", "es/"):
        root = Path(__file__).resolve().parents[2] / "notebooks"
        page = (root / lang / "five_in_a_row/03_how_the_computer_knows.md").read_text(encoding="utf-8")
        assert page.index("two_numbers_exercise()") < page.index("teach_bits.bit_exercise()")


def test_lesson_three_practice_goes_from_the_smallest_search_to_the_biggest():
    """Searched by hand, the endgames come smallest first, and the level follows the size of the search: about
    exercise 2's size (at most six empty cells) is medium, a bigger one hard; never easier down the page."""
    from gamekit.connect import lessons as L

    probs = L.practice_exercises(3)
    empty = [p.game.variant.cells - p.game.discs_on_board for p in probs]
    assert empty == sorted(empty)
    levels = [p.level for p in probs]
    assert levels == sorted(levels, key=["easy", "medium", "hard"].index)
    assert all(lv == ("medium" if e <= 6 else "hard") for lv, e in zip(levels, empty))


def test_the_search_table_header_reads_as_words():
    """The last column of the search table compares each count with minimax's, in words a pupil reads at once."""
    table = teach_pictures.compare(teach_pictures.tiny_game())
    assert table.headers[-1] == "compared with minimax"


def test_the_negative_score_exercise_writes_a_minus_sign_and_the_pages_sum():
    """Lesson 3 exercise 6 shows its score with a true minus sign and explains the disc as "22 − 3", the page's
    rule, not as "22 + (-3)"."""
    from gamekit.connect.solver import solve

    ex = teach.read_score_exercise()
    s = solve(teach.lesson_game("exercise"))
    assert s < 0 and f"−{-s} for" in ex.prompt and "-" not in ex.prompt.replace("−", "")
    ok, text = ex.check(ex.solutions[0])
    assert ok and f"22 − {-s} = {22 + s}" in text and "+ (" not in text and "(-" not in text
    ok, text = ex.check(str(22 - s))
    assert not ok and f"22 + {-s}" in text


# ----- lesson 3 opens with one step of its idea, and fits a school period -----------------------------------------
def test_lesson_three_opens_with_one_step_of_minimax():
    """Lesson 3's first exercise is truly easy: one step of minimax (yellow to move picks the lowest of three scores
    for red), not the two-level tree, which follows as a medium exercise.  Each misreading gets its own reason: red's
    best score, a score that is not the lowest, the sign, the sum; a non-number and a bad set of scores are refused."""
    from gamekit.connect import lessons as L
    from gamekit.i18n import using

    lesson = L.LESSONS[3]
    names = list(lesson.exercises)
    assert names[:2] == ["yellow_reply", "tiny_tree"]
    assert lesson.levels["yellow_reply"] == "easy" and lesson.levels["tiny_tree"] == "medium"
    assert any("yellow_reply" in tested for _, tested in lesson.objectives)
    ex = teach_minimax.yellow_reply_exercise()
    assert teach_minimax.YELLOW_REPLIES == (4, -2, 1) and ex.solutions == ["-2"]
    assert ex.check("-2")[0] and ex.check("−2")[0] and ex.check(-2)[0]
    assert "worst for red" in ex.check("+4")[1] and "red's best score" in ex.check("+4")[1]
    assert "not the lowest" in ex.check("1")[1]
    assert "wrong sign" in ex.check("+2")[1]
    assert "adds the scores" in ex.check("3")[1]
    reasons = [ex.check(w)[1] for w in ex.wrong]
    assert not any(ex.check(w)[0] for w in ex.wrong) and len(set(reasons)) == len(ex.wrong) >= 5
    assert ex.wrong[0] == "+4"  # the guide quotes the commonest slip: red's own best score
    assert not ex.check("banana")[0] and "not a score" in ex.check("banana")[1]
    # the answer is not the first or last score named, and differs from the two-level tree's answer below it
    assert ex.solutions != teach_minimax.tiny_tree_exercise().solutions
    assert teach_minimax.YELLOW_REPLIES.index(min(teach_minimax.YELLOW_REPLIES)) not in (
        0,
        len(teach_minimax.YELLOW_REPLIES) - 1,
    )
    assert teach_minimax.yellow_reply_exercise((0, 5)).solutions == ["0"]
    for bad in ((1,), (2, 2, 3)):
        with pytest.raises(ValueError, match="two different scores"):
            teach_minimax.yellow_reply_exercise(bad)
    with using("es"):
        es = teach_minimax.yellow_reply_exercise()
        assert "amarillo" in es.prompt and es.check("-2")[0] and "elige el amarillo" in es.check("-2")[1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_three_fits_a_period_with_its_extras_last(lang):
    """Lesson 3 announces at most 55 minutes; what does not fit (the last, hard exercise, the start of 5 en raya and
    More practice) sits in a last part for spare time, after every timed exercise and before the closing sentence,
    and the page's headings run 1 to 10, the first easy."""
    import re
    from pathlib import Path

    from gamekit.connect import lessons as L

    assert L.LESSONS[3].minutes <= 55
    root = Path(__file__).resolve().parents[2] / "notebooks"
    page = (root / ("es" if lang == "es" else "") / f"{L.LESSONS[3].notebook}.md").read_text(encoding="utf-8")
    extra = page.index("## If you have time" if lang == "en" else "## Si te sobra tiempo")
    word = "Exercise" if lang == "en" else "Ejercicio"
    numbers = [int(n) for n in re.findall(rf"^### {word} (\d+) ", page, re.M)]
    assert numbers == list(range(1, len(L.LESSONS[3].exercises) + 1))
    assert page.index(f"### {word} 10 ") > extra > page.index(f"### {word} 9 ")
    assert re.search(rf"^### {word} 1 \((?:easy|nivel fácil)\)", page, re.M)
    assert extra < page.index("teach_pictures.start_summary()") < page.index("practice(3, score)")
    assert page.index("practice(3, score)") < page.index("reflection(")
    assert 'L.exercise("bit_cell", score)' in page[extra:]
    assert L.exercise("bit_cell").exercise.key == teach_bits.bit_cell_exercise().key


# ----- lesson 3 exercise 2 draws its own made-up tree ------------------------------------------------------------
def test_the_tree_exercise_draws_its_own_made_up_tree_not_the_tiny_position():
    """Exercise 2 sat under the drawn tiny position and asked for "this position", while the table below it scores
    that position +1 and the exercise's answer is −1.  Now the exercise draws its own two-move tree (a cell just
    before the widget), its words say the tree is made up, and neither the picture nor its description shows a
    score (finding them is the exercise): "?" at the top and at each move, the results at the bottom in words."""
    import re as _re
    from pathlib import Path

    from gamekit.i18n import using

    assert counted_search.minimax(teach_pictures.tiny_game()).score != teach_minimax.tree_score()
    for lang, page in (
        ("en", "notebooks/five_in_a_row/03_how_the_computer_knows.md"),
        ("es", "notebooks/es/five_in_a_row/03_how_the_computer_knows.md"),
    ):
        with using(lang):
            ex = teach_minimax.tiny_tree_exercise()
            svg, text = teach_minimax.tiny_tree_picture(), teach_minimax.tiny_tree_text()
            words = (
                ("made up", "not the tiny position") if lang == "en" else ("inventado", "no es la posición diminuta")
            )
            assert all(w in ex.prompt for w in words), ex.prompt
            assert "this position" not in ex.prompt and "esta posición" not in ex.prompt
            assert ("made-up" if lang == "en" else "inventado") in text
            first = "a win for yellow with yellow's 6th disc" if lang == "en" else "su 6.ª ficha"
            short = "yellow wins with its 6th disc" if lang == "en" else "gana el amarillo con su 6.ª ficha"
            assert first in text and short in ex.prompt  # the picture and the words describe one tree
            assert len(ex.prompt.split()) <= (
                85 if lang == "en" else 95
            )  # a short question beside the picture, not the tree told in prose
            assert text not in teach_minimax.TinyTreePicture()._repr_html_().split("</svg>")[-1]  # told once
            shown = _re.sub(r"<title>.*?</title>|aria-label=\"[^\"]*\"", "", svg)
            labels = _re.findall(r">([^<>]+)</text>", shown)
            assert labels.count("?") == 3  # the top and red's two moves: their scores are the exercise
            assert not any(_re.search(r"[+\-−]\d", label) for label in labels + [text]), labels
            assert sum(("wins" if lang == "en" else "gana") in label for label in labels) == 4
        source = Path(page).read_text(encoding="utf-8")
        picture, widget = (
            source.index("teach_minimax.TinyTreePicture()"),
            source.index("teach_minimax.tiny_tree_exercise()"),
        )
        assert picture < widget and "ExerciseWidget(" not in source[picture : widget - len("ExerciseWidget(")]


def test_parsed_score_gives_the_number_or_the_refusal():
    """The minimax checkers' shared head: a readable score comes back as a number, anything else as the sentence
    that says what to type (the same refusal both checkers show)."""
    from gamekit.connect.teach_minimax import parsed_score, tiny_tree_exercise, yellow_reply_exercise

    assert parsed_score("+2") == 2 and parsed_score("−3") == -3 and parsed_score(4) == 4
    refusal = parsed_score("seven")
    assert isinstance(refusal, str) and refusal.startswith("“seven” is not a score")
    for ex in (yellow_reply_exercise(), tiny_tree_exercise()):
        assert ex.check("seven") == (False, refusal)


def test_lesson_three_headings_say_what_the_exercise_shows_and_binary_is_explained():
    """Exercise 2's heading names the made-up tree it shows (not "the tiny board"); exercise 8, which recalls the
    sentence above it, is marked easy, in the heading and in the lesson's levels alike; and "bits" are explained
    (binary, with an example) before the page uses them."""
    from gamekit.connect import lessons as L

    assert L.LESSONS[3].levels["two_numbers"] == "easy"
    root = Path(__file__).resolve().parents[2] / "notebooks"
    for lang, two, eight, binary in (
        ("", "### Exercise 2 (medium) — a score on a made-up tree", "### Exercise 8 (easy)", "6\nin binary is 110"),
        ("es/", "una puntuación en un árbol inventado", "### Ejercicio 8 (nivel fácil)", "el 6 en binario es 110"),
    ):
        page = (root / lang / "five_in_a_row/03_how_the_computer_knows.md").read_text(encoding="utf-8")
        assert two in page and eight in page and "tiny board\n" not in page.split("### Exercise 2", 1)[-1][:60]
        assert page.index(binary) < page.index("bit_picture(game)")
        # a second conversion worked from the place values, before exercise 8 reads the bits
        worked = "So 5 is 101: one 4, no 2 and one 1." if not lang else "Así, el 5 es 101: un 4, ningún 2 y un 1."
        assert page.index(worked) < page.index(eight)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_winning_disc_is_named_as_the_lessons_name_it(lang):
    """Lesson 3 says "a win with your n-th disc" («tu ficha número n»), so the messages do too: the score in words, the
    read-a-score exercise's feedback and hint, the tree exercise's question and its slips name the winning disc by
    its ordinal ("yellow's 6th disc", «su 6.ª ficha»), never "disc number 6" / «ficha número 6» (the rule's letter n
    is «tu ficha número n»)."""
    from gamekit.i18n import using

    # the rule itself, with the letter n, reads «tu ficha número n» in Spanish (an ordinal of a letter is hard to read)
    banned = re.compile(r"disc number|ficha número (?!n\b)|número de (la )?ficha")
    with using(lang):
        game = teach.lesson_game("exercise")
        said = [teach_pictures.explain_score(s, game) for s in (5, -5)]
        ex = teach.read_score_exercise()
        said += [ex.prompt, ex.hint, *(ex.check(a)[1] for a in [*ex.solutions, *ex.wrong])]
        tree = teach_minimax.tiny_tree_exercise()
        said += [tree.prompt, *(tree.check(a)[1] for a in tree.wrong)]
        said.append(teach_minimax.tiny_tree_text())
        with pytest.raises(ValueError) as refused:
            teach.parse_disc_number("lots")
        said.append(str(refused.value))
    assert not [s for s in said if banned.search(s)], [s for s in said if banned.search(s)]
    ordinal = "17th disc" if lang == "en" else "17.ª ficha"
    assert ordinal in said[0] and ordinal in said[1], said[:2]
    assert ("its 6th disc" if lang == "en" else "su 6.ª ficha") in tree.prompt
    assert re.search(r"n-th disc|ficha número n", ex.hint) and re.search(r"n-th disc|ficha número n", tree.prompt)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_sign_slip_names_no_disc_the_winner_could_drop(lang):
    """The count with the sign flipped (22 + 3): the reason says what that count itself is (the drops up to the
    winner's 25th disc: its discs still to come, with the other player's between), computed, without claiming to
    know the pupil's route (18 can be reached another way); then that no player drops more than 21 discs, so that
    disc never comes, and it sends the pupil back to the score."""
    from gamekit.i18n import using

    with using(lang):
        game = teach.lesson_game("exercise")
        s, top = solve(game), counted_search.max_score(game)
        ex = teach.read_score_exercise()
        flipped = [a for a in ex.wrong if str(top + abs(s)) in ex.check(a)[1] and a != top + abs(s)]
        assert flipped, ex.wrong
        why = ex.check(flipped[0])[1]
    assert f"{top} + {abs(s)} = {top + abs(s)}" in why and str(top - 1) in why
    assert ("there is no" in why) if lang == "en" else ("no hay" in why)
    assert not re.search(r"If you added|Si has sumado|You got|Has sacado|as if|como si", why), why
    left = top + abs(s) - game.discs_played(1 - game.to_move if s < 0 else game.to_move)
    assert 2 * left == flipped[0] and s < 0  # the winner is not to move: one of the mover's discs before each
    nth = f"{top + abs(s)}th" if lang == "en" else f"{top + abs(s)}.ª"
    assert (
        f"{flipped[0]} drops would end on red's {nth} disc ({left} more of red's discs, with a yellow disc before each)"
        if lang == "en"
        else f"con {flipped[0]} fichas más, la última sería la {nth} del rojo ({left} más del rojo, con una del "
        "amarillo antes de cada una)"
    ) in why, why


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_minus_sign_copied_from_the_score_is_refused_with_its_own_reason(lang):
    """Lesson 3 exercise 7 scores the position −3: a pupil who copies the minus sign onto the right count (−6) is
    refused, without using up a try, and told the sign belongs to the score, never that they counted the side
    columns; the sign-the-wrong-way slip (18) is told in plain words where its 25 comes from and that no player
    drops a 25th disc."""
    from gamekit.i18n import using

    with using(lang):
        ex = teach.read_score_exercise()
        right = ex.solutions[0] if hasattr(ex, "solutions") else "6"
        minus = ex.check(f"-{right}")[1]
        refused = not ex.assess(f"−{right}")[2]
        flipped = ex.check("18")[1]
    assert refused and re.search(r"minus sign belongs to the score|signo menos es de la puntuación", minus), minus
    assert not re.search(r"side columns|columnas laterales", minus)
    assert "22 + 3 = 25" in flipped and not re.search(r"starts from|parte de", flipped)
    assert re.search(r"at most 21|como mucho 21", flipped), flipped


def test_the_spanish_tiny_tree_says_the_score_rule_in_the_pages_words():
    """Lesson 3 in Spanish: the page says a win with your n-th disc «vale 7 − n»; the tiny-tree exercise (screen and
    paper) says it with the same verb, never «puntúa 7 − n»."""
    from gamekit.connect import teach_minimax
    from gamekit.i18n import using

    page = (Path(__file__).resolve().parents[2] / "notebooks/es/five_in_a_row/03_how_the_computer_knows.md").read_text(
        encoding="utf-8"
    )
    assert "vale **7 − *n***" in page
    with using("es"):
        ex = teach_minimax.tiny_tree_exercise()
        said = [ex.prompt, ex.paper_prompt]
    assert all("ficha número n vale 7 − n" in s for s in said), said
    assert all("puntúa 7 − n" not in s for s in said), said
