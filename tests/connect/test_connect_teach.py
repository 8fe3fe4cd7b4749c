"""The lesson's instrumented searches give the solver's scores; its exercises can be passed and failed."""
import json
import random
from pathlib import Path

import pytest

from gamekit.connect import FIVE_IN_A_ROW, ConnectGame, FiveInARow, Variant, solve
from gamekit.connect import tables  # the read-only tables the solver reads (the cache patched below)
from gamekit.connect import teach
from gamekit.connect.bitboard import board_for


def _positions():
    yield teach.tiny_game()
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
    counts = teach.node_counts(game)
    assert {c.score for c in counts.values()} == {expected}
    n = [c.nodes for c in counts.values()]
    assert n[0] >= n[1] and n[0] > 0          # alpha-beta never visits more than minimax


def test_the_lesson_positions_show_the_counts_falling():
    counts = [c.nodes for c in teach.node_counts(teach.lesson_game("walkthrough")).values()]
    assert counts == sorted(counts, reverse=True) and counts[-1] < counts[0] / 10
    table = teach.compare(teach.tiny_game())
    assert [r[0] for r in table.rows] == [name for name, _ in teach.METHODS]


def test_column_scores_match_analyse():
    from gamekit.connect import analyse
    g = teach.tiny_game()
    scores = analyse(g, time_budget=None)
    table = teach.column_scores(g)
    assert {r[0]: int(r[1]) for r in table.rows} == scores


def test_searches_refuse_finished_and_popout_games():
    with pytest.raises(ValueError, match="over"):
        teach.minimax(FiveInARow.from_moves("172737" + "4"))
    with pytest.raises(ValueError, match="PopOut"):
        teach.alphabeta(FiveInARow(popout=True))


def test_bit_index_is_the_solver_layout():
    g = teach.lesson_game("walkthrough")
    b = teach.bitboard(g)
    for c in range(g.width):
        for r in range(g.height):
            bit = teach.bit_index(g, c, r)
            assert bool(b["all discs"] >> bit & 1) == (g.cell(c, r) is not None)
            assert bool(b["player to move"] >> bit & 1) == (g.cell(c, r) == g.to_move)
    with pytest.raises(ValueError, match="not a cell"):
        teach.bit_index(g, 9, 0)
    assert "guard" in teach.bit_picture(g)


@pytest.mark.parametrize("make", [teach.best_move_exercise, teach.read_score_exercise, teach.bit_exercise,
                                  teach.pruning_exercise])
def test_exercises_accept_their_solutions_and_explain_wrong_answers(make):
    ex = make()
    assert ex.solutions
    for s in ex.solutions:
        ok, feedback = ex.check(s)
        assert ok, feedback
    wrong = {"minimax_move": None, "read_score": "3", "bit_index": "16", "pruning": "a different score"}[ex.key]
    if wrong is None:                              # a column the solver rates lower
        from gamekit.connect import analyse
        scores = analyse(teach.lesson_game("walkthrough"), time_budget=None)
        wrong = min(scores, key=scores.get)
    ok, feedback = ex.check(wrong)
    assert not ok and len(feedback) > 20
    ok, feedback = ex.check("banana")              # malformed: explained, not raised
    assert not ok and feedback
    assert not ex.check("")[0]


def test_typical_mistakes_get_their_own_explanation():
    ok, feedback = teach.bit_exercise().check(str(3 * 4 + 2))       # forgot the guard bit
    assert not ok and "guard" in feedback
    ok, feedback = teach.bit_exercise().check(str(3 * 7 + 2))       # the 5 en raya layout
    assert not ok and "7 bits" in feedback
    assert teach.bit_exercise().check("17")[0]
    ex = teach.read_score_exercise()
    s = solve(teach.lesson_game("exercise"))
    ok, feedback = ex.check(str(22 - s))                            # sign the wrong way round
    assert not ok and "sign" in feedback
    ok, feedback = teach.best_move_exercise().check("9")
    assert not ok and "no playable column 9" in feedback


def test_start_report_is_honest(tmp_path, monkeypatch):
    from gamekit.connect import wdl
    monkeypatch.setattr(tables, "_books", {FIVE_IN_A_ROW: None})
    assert teach.start_report([tmp_path / "none.json"]).startswith("Unknown:")
    # a run stopped before it proved anything claims nothing
    lose, win = tmp_path / "lose.json", tmp_path / "win.json"
    wdl.ValueRun(FIVE_IN_A_ROW, 2, lose, table_size=1009, log=lambda *a: None).run(max_seconds=0.0)
    text = teach.start_report([lose, win])
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
    text = teach.start_report([lose, win])
    assert "Proved: red does not lose. Still open: whether red can win." in text
    assert "red's column 4: red does not lose" in text and "column 3" not in text
    data["settled"][f"{cur + mask:x}"] = [0, 0, ""]
    lose.write_text(json.dumps(data))
    assert teach.start_report([lose]).startswith("Solved: with perfect play on both sides the start of 5 en raya is a draw.")


def test_the_shipped_start_records_are_value_runs_of_5_en_raya():
    from gamekit.connect import wdl
    found = [p for p in teach.RECORDS if p.exists()]
    assert found, "the lesson reports from the shipped records"
    st = wdl.status(*found)
    assert st["variant"] == FIVE_IN_A_ROW.name and st["nodes"] > 10 ** 9
    assert teach.start_report().startswith(("Unknown so far", "Solved"))

def test_the_lesson_transposition_example_reaches_the_same_position():
    """Issue 24: "red 3, yellow 5, red 4" and "red 4, yellow 5, red 3" give one position (4 then 5 does not)."""
    a, b = FiveInARow.from_moves("354"), FiveInARow.from_moves("453")
    assert a.position_key() == b.position_key()
    assert FiveInARow.from_moves("45").position_key() != FiveInARow.from_moves("54").position_key()
    text = (Path(__file__).resolve().parents[2] / "notebooks/five_in_a_row/03_how_the_computer_knows.md").read_text()
    assert "red 3, yellow 5, red 4" in text and "red 4, yellow 5, red 3" in text and "4 then 5, or 5 then 4" not in text


def test_the_minimax_exercise_can_be_worked_by_hand():
    game = teach.hand_game()
    assert game.variant.cells - game.discs_on_board <= 5 and len(game.legal_moves()) == 3
    ex = teach.best_move_exercise()
    scores = {m: -teach.minimax(g).score for m, g in ((m, _after(game, m)) for m in game.legal_moves())}
    assert ex.solutions == [max(scores, key=scores.get)] and len(set(scores.values())) == 3
    assert "+0" not in " ".join(ex.check(m)[1] for m in game.legal_moves())


def _after(game, m):
    g = game.copy()
    g.play(m)
    return g


def test_start_summary_tells_pupils_the_result_without_the_story():
    text = str(teach.start_summary())
    assert "a draw" in text and "hours" not in text and "positions" not in text
    assert "hours" in str(teach.start_report_html())


def test_the_bitboard_and_speed_tables_are_for_teachers_only():
    """Lesson 3 (enrichment, 12–16): the pupil's path keeps the bit picture and its exercises; the bitboard
    numbers written out and the speed test are in the "For teachers" appendix (en, es)."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "notebooks"
    for md in (root / "five_in_a_row/03_how_the_computer_knows.md", root / "es/five_in_a_row/03_how_the_computer_knows.md"):
        text = md.read_text()
        appendix = re.search(r"^## (For teachers|Para el profesorado)", text, re.M).start()
        pupil = text[:appendix]
        assert "teach.bit_picture(game)" in pupil and "teach.bit_exercise()" in pupil
        for heavy in ("teach.bitboard_table(game)", "teach.bitboard_speed(game)"):
            assert heavy not in pupil and heavy in text[appendix:], (md.name, heavy)
