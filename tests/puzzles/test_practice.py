"""Practice: puzzles near the pupil's rating, answers checked against the solver's best, ratings and attempts
saved with the pupil's progress, homework sets and their codes."""

import json
import random
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gamekit import IllegalMoveError, progress, progress_report
from gamekit.dots import capture_lines
from gamekit.i18n import tr, using
from gamekit.puzzles import GAME_IDS, THEMES, bank, pick, theme_name, verify
from gamekit.puzzles.core import action_key
from gamekit.progress import LEVELS, level
from gamekit.puzzles.homework_box import HomeworkBox
from gamekit.puzzles.homework import HomeworkSet, homework_set, example_code, parse_code, set_code
from gamekit.puzzles.practice import HELPED_SOLVE_WORDS, Practice
from gamekit.puzzles.pools import MIXED, level_words, practice_pool, saved_rating, solve_ceiling, top_level
from gamekit.puzzles.practice_view import sparkline
from gamekit.puzzles.practice_words import why_right, mistake_words, idea_words
from gamekit.puzzles.sets import stakes
from gamekit.puzzles.ratings import Rating

ROOT = Path(__file__).resolve().parents[2]


def wrong_answers(puzzle):
    return [a for a in puzzle.legal_answers() if a not in puzzle.answers]


def state(p: Practice):
    return (p.puzzle.id, p.rating, list(p.history), p.streak, list(p.tries), progress.load())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_accepts_exactly_the_solvers_best_answers_and_refutes_the_others(game_id):
    p = Practice(game_id, seed=3)
    puzzle = p.puzzle
    for action in puzzle.legal_answers():
        ok, feedback = p.answer(action)
        expected_ok, expected_feedback = puzzle.check(action)
        assert ok is (action in puzzle.answers) and ok is expected_ok
        idea = " " + idea_words(puzzle, p.idea_theme()) if ok else ""
        mistake = mistake_words(puzzle, action)
        expected_wrong = expected_feedback + (" " + mistake if mistake else "")
        assert feedback == (
            expected_feedback + " " + why_right(puzzle, p.idea_theme(), action) + idea if ok else expected_wrong
        )
        if not ok:
            assert feedback.startswith(("Not the best", "The line ")) and p.last_feedback.startswith("✘")
            assert p.mark.state == "wrong"
        else:
            assert p.mark.state == "right"
    assert len(p.tries) == len(puzzle.legal_answers())
    assert verify(puzzle) == []  # and those answers are the exact solver's best today
    assert progress.attempts(game_id)[puzzle.id]["attempts"] == len(puzzle.legal_answers())


@pytest.mark.parametrize("game_id", ["dots_and_boxes", "five_in_a_row"])
def test_a_wrong_answer_shows_a_line_of_best_play(game_id):
    """A wrong answer is told how best play goes after it, but the short line stops before any move that is an
    accepted answer (it would name the answer): then no line is shown at all when the first move is one."""
    p = Practice(game_id, seed=1)
    accepted = {action_key(a) for a in p.puzzle.answers}
    shown = 0
    for action in wrong_answers(p.puzzle):
        line = p.puzzle.refutations[action_key(action)]["line"]
        if line:
            ok, feedback = p.answer(action)
            assert not ok
            first = line[0][1] if isinstance(line[0], (list, tuple)) else line[0]
            if first in accepted:
                assert "best play goes" not in feedback
            else:
                assert "best play goes" in feedback
                shown += 1
    if not shown:
        pytest.skip("every refutation line of this puzzle starts with an accepted move")


def test_typed_answers_are_taken_like_clicks_and_the_board_click_answers():
    p = Practice("connect_four", seed=2)
    answer = p.puzzle.answers[0]
    layout_x = None
    from gamekit.connect.view import layout_for

    layout = layout_for(p.game, 40)
    for x in range(0, layout.css_size[0], 5):
        col = layout.column_at(x, layout.css_size[1] / 2)
        if col is not None and p.game.column_number(col) == int(answer):
            layout_x = x
            break
    ok, _ = p.click(layout_x, layout.css_size[1] / 2)
    assert ok and p.solved
    p.next()
    p.input.value = f"  {p.puzzle.answers[0]} "
    p.on_check(None)
    assert p.solved and p.tries[0][1]


def test_rating_moves_the_right_way_and_the_streak_counts_first_tries():
    p = Practice("shut_the_box", seed=5)
    start = p.rating.rating
    p.answer(p.puzzle.answers[0])
    up = p.rating.rating
    assert up > start and p.streak == 1
    p.answer(p.puzzle.answers[0])  # a second answer to the same puzzle is not rated again
    assert p.rating.rating == up and p.streak == 1
    p.next()
    p.answer(wrong_answers(p.puzzle)[0])
    assert p.rating.rating < up and p.streak == 0 and p.best_streak == 1
    p.answer(p.puzzle.answers[0])  # solved at the second try: no rating change, no streak
    assert p.streak == 0
    assert p.history == [start, up, p.rating.rating]
    saved = progress.ratings()["shut_the_box"]
    assert saved["rating"] == p.rating.rating and saved["history"] == [up, p.rating.rating]


def test_the_next_puzzle_is_near_the_rating_and_not_repeated():
    p = Practice("dots_and_boxes", seed=0)
    seen = [p.puzzle.id]
    for _ in range(5):
        seen.append(p.next().id)
    assert len(set(seen)) == len(seen)
    ratings = sorted(abs(q.rating - p.rating.rating) for q in bank("dots_and_boxes"))
    assert abs(p.puzzle.rating - p.rating.rating) <= ratings[20]


def test_a_theme_gives_only_puzzles_of_that_theme_and_the_hint_gives_its_idea_not_the_answer():
    from gamekit.puzzles.core import theme_hint

    p = Practice("five_in_a_row", theme="block", seed=4)
    for _ in range(4):
        assert "block" in p.puzzle.themes
        first = p.hint()
        assert theme_hint("five_in_a_row", "block") in first
        second = p.hint()
        for a in p.puzzle.answers:
            assert f"column {a}" not in first + second
        p.next()


def test_a_closed_board_is_left_out_when_an_answer_shows_the_new_level_on_the_others():
    """An answer shows the new level on every open board of the game; a closed board (its widget gone) is left out."""
    kept, closed, other = (Practice("shut_the_box", seed=s) for s in (3, 3, 4))
    closed.close()
    kept.status.value = closed.status.value = "stale"
    ok, _ = other.answer(other.puzzle.answers[0])
    assert ok and kept.status.value.startswith("<small>") and closed.status.value == "stale"


def test_ratings_and_attempts_survive_a_kernel_restart(tmp_path):
    env = dict(os.environ, GAMEKIT_PROGRESS_FILE=str(tmp_path / "p.json"), PYTHONPATH=str(ROOT))
    before = (
        "from gamekit.puzzles.practice import Practice\np = Practice('connect_four', seed=1)\n"
        "p.answer(p.puzzle.answers[0])\nprint(p.puzzle.id, p.rating.rating)\n"
    )
    out = subprocess.run([sys.executable, "-c", before], env=env, check=True, capture_output=True, text=True)
    pid, rating = out.stdout.split()
    after = (
        "from gamekit.puzzles.practice import Practice\nfrom gamekit import progress\n"
        "p = Practice('connect_four')\n"
        f"print(p.rating.rating, len(p.history), progress.attempts('connect_four')['{pid}']['first_try'])"
    )
    out = subprocess.run([sys.executable, "-c", after], env=env, check=True, capture_output=True, text=True)
    r, n, first = out.stdout.split()
    assert float(r) == float(rating) and n == "2" and first == "True"  # the start, then the one rated answer


def test_refused_answers_change_nothing():
    p = Practice("dots_and_boxes", seed=9)
    before = state(p)
    for bad in ["zz", "a1-a1", 7, None, True, ("cover", (1,)), ""]:
        with pytest.raises((ValueError, TypeError)):
            p.answer(bad)
        assert state(p) == before
    with pytest.raises(IllegalMoveError, match="zz"):
        p.answer("zz")  # the message names the answer
    p.input.value = "nonsense"
    p.on_check(None)
    assert state(p) == before and p.last_feedback


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_settings_are_refused(game_id):
    for kwargs in [dict(theme="nope"), dict(seed=-1), dict(seed=1.0), dict(seed=True), dict(puzzles=[])]:
        with pytest.raises(ValueError):
            Practice(game_id, **kwargs)
    with pytest.raises(ValueError):
        Practice("chess")


def test_a_set_is_the_same_for_the_same_seed_and_its_code_opens_it():
    a = Practice.set("dots_and_boxes", theme="double_deal", n=10, seed=7)
    b = homework_set("dots_and_boxes", theme="double_deal", n=10, seed=7)
    assert isinstance(a, HomeworkSet) and a.ids == b.ids and len(a) == 10
    assert a.code == "dots-double_deal-10-7"
    # the double-deal set asks "take every box or decline the last ones?" both ways (the idea's list, with the
    # take-all decisions of a chain beside the double-deals): each puzzle is one or the other, as the teachers'
    # table declares the mix
    from gamekit.puzzles.dots import set_mix
    from gamekit.puzzles.dots_decisions import take_all_choice
    from gamekit.puzzles.dots_thumbs import loop_on_offer

    takes = [p for p in a if take_all_choice(p)]
    assert all(not loop_on_offer(p) for p in takes) and all("double_deal" in p.themes for p in a if p not in takes)
    assert 0 < len(takes) < len(a)
    with using("en"):
        name = theme_name("dots_and_boxes", "double_deal")
        assert set_mix("double_deal", list(a)) == (
            f"{name}: {len(a) - len(takes)} {name}, and {len(takes)} take every box for contrast"
        )
    assert Practice.set("dots_and_boxes", theme="double_deal", n=10, seed=8).ids != a.ids
    p = Practice.from_code(a.code)
    got = [p.puzzle.id]
    while p.next() is not None:
        got.append(p.puzzle.id)
    assert got == a.ids and p.finished
    assert "Set done" in p.last_feedback
    with pytest.raises(ValueError):
        p.answer(a[0].answers[0])
    assert parse_code(" five-all-5-0 ") == ("five_in_a_row", None, 5, 0)
    assert parse_code("FIVE-Block-10-1") == parse_code(" five - block -10- 1 ") == ("five_in_a_row", "block", 10, 1)
    assert Practice.from_code("SHUT-ALL-3-2").pool == list(homework_set("shut_the_box", None, 3, 2))
    assert set_code("shut_the_box", None, 3, 2) == "shut-all-3-2"
    assert Practice.from_code("shut-all-3-2").pool == list(homework_set("shut_the_box", None, 3, 2))


@pytest.mark.parametrize(
    "code",
    [
        "",
        "dots",
        "dots-double_deal-10",
        "chess-all-10-1",
        "dots-block-10-1",
        "dots-all-0-1",
        "dots-all-51-1",
        "dots-all-10--1",
        "dots-all-١٠-1",
        "dots-all-10-1-2",
    ],
)
def test_bad_codes_are_refused_with_a_clear_error(code):
    with pytest.raises(ValueError, match="homework code|starts with the game|no puzzle idea|from 1 to 50"):
        Practice.from_code(code)


def test_a_code_typed_with_dashes_for_the_underscores_opens_the_same_set():
    """A pupil copying dots-double_deal-10-7 from a board may type dots-double-deal-10-7: the same set opens; a
    dash too many that makes no idea of the game is still refused, naming the idea it read."""
    assert parse_code("dots-double-deal-10-7") == ("dots_and_boxes", "double_deal", 10, 7)
    assert parse_code(" Five - Odd-Even-Threat - 10 - 1 ") == ("five_in_a_row", "odd_even_threat", 10, 1)
    assert Practice.from_code("dots-double-deal-10-7").pool == list(
        homework_set("dots_and_boxes", "double_deal", 10, 7)
    )
    with pytest.raises(ValueError, match="no puzzle idea “double_dealt”"):
        parse_code("dots-double-dealt-10-7")


def test_a_code_that_is_not_text_is_refused():
    with pytest.raises(TypeError):
        Practice.from_code(12)


@pytest.mark.parametrize(
    "kwargs",
    [dict(n=0), dict(n=2.0), dict(n=True), dict(seed=-3), dict(theme="block"), dict(n=51)],
)
def test_bad_sets_are_refused(kwargs):
    with pytest.raises(ValueError):
        Practice.set("dots_and_boxes", **kwargs)


def test_a_set_of_more_puzzles_than_its_idea_holds_is_refused():
    """A set asks for more puzzles than its idea's pool holds: refused (the pools grow, so the size is read from
    the pool, not typed); as many as the pool holds is a set."""
    from gamekit.puzzles.core import game_themes

    theme = min(game_themes("dots_and_boxes"), key=lambda t: len(practice_pool("dots_and_boxes", t)))
    size = len(practice_pool("dots_and_boxes", theme))
    assert size < 50  # a size a code may name: the refusal is the pool's, not the 1-to-50 range's
    with pytest.raises(ValueError):
        Practice.set("dots_and_boxes", theme=theme, n=size + 1)
    assert len(Practice.set("dots_and_boxes", theme=theme, n=size)) == size


def test_progress_refuses_bad_ratings_and_leaves_the_file_unchanged():
    progress.save_rating("dots_and_boxes", 1500.0, 300.0, 0.06)
    before = Path(progress.progress_path()).read_text()
    for args, error in [
        ((1, 1500.0, 300.0, 0.06), TypeError),
        (("d", "1500", 300.0, 0.06), TypeError),
        (("d", True, 300.0, 0.06), TypeError),
        (("d", float("nan"), 300.0, 0.06), ValueError),
        (("d", 1500.0, 0.0, 0.06), ValueError),
        (("d", 1500.0, 300.0, float("inf")), ValueError),
        (("d" * 301, 1500.0, 300.0, 0.06), ValueError),
    ]:
        with pytest.raises(error):
            progress.save_rating(*args)
    for args, error in [(("d", "p", 1), TypeError), (("d", 3, True), TypeError), ((None, "p", True), TypeError)]:
        with pytest.raises(error):
            progress.record_attempt(*args)
    with pytest.raises(TypeError, match="game name"):
        progress.save_rating(None, 1500.0, 300.0, 0.06)
    assert Path(progress.progress_path()).read_text() == before


def test_old_progress_files_are_still_read_and_bad_practice_records_set_aside():
    path = Path(progress.progress_path())
    old = {"version": 1, "lessons": {"L": {"x": {"attempts": 1, "solved": True, "first_try": True, "shown": False}}}}
    path.write_text(json.dumps(old))
    assert progress.results("L")["x"]["solved"] and progress.ratings() == {}
    progress.save_rating("connect_four", 1600.0, 200.0, 0.06)
    assert progress.results("L")["x"]["solved"]  # lessons kept beside the practice
    bad = dict(old, practice={"connect_four": {"rating": {"rating": "x", "rd": 1, "vol": 1}}})
    path.write_text(json.dumps(bad))
    assert progress.ratings() == {} and path.with_name(path.name + ".damaged").exists()


def test_the_rating_plot_is_a_labelled_line():
    svg = sparkline([1500, 1450, 1580])
    assert svg.startswith("<svg") and "polyline" in svg and "level over time: from 5 to 6" in svg
    assert sparkline([]) == sparkline([1500]) == ""  # no lone dot before there is a line to draw
    p = Practice("shut_the_box", seed=0)
    p.answer(p.puzzle.answers[0])
    assert "<svg" in p.plot.value and "Streak: 1 puzzle" in p.status.value


def test_spanish():
    from gamekit.i18n import using

    with using("es"):
        p = Practice("dots_and_boxes", seed=0)
        assert p.check_button.description == "Comprobar"
        assert "Racha" in p.status.value
        assert p.hint().startswith("Pista")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(GAME_IDS), st.integers(0, 1000), st.lists(st.integers(0, 1000), min_size=1, max_size=6))
def test_random_answers_are_judged_like_the_solver(tmp_path_factory, monkeypatch, game_id, seed, picks):
    # each example is a new pupil (its own progress file), not one carried over from the examples before
    monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(tmp_path_factory.mktemp("pupil") / "progress.json"))
    p = Practice(game_id, seed=seed)
    for k in picks:
        if k % 4 == 0:
            p.next()
            continue
        legal = p.puzzle.legal_answers()
        action = legal[k % len(legal)]
        rating, n = p.rating, len(p.tries)
        ok, feedback = p.answer(action)
        assert ok is (action in p.puzzle.answers)
        mistake = None if ok else mistake_words(p.puzzle, action)
        assert feedback == p.puzzle.check(action)[1] + (
            " " + why_right(p.puzzle, p.idea_theme(), action) + " " + idea_words(p.puzzle, p.idea_theme())
            if ok
            else (" " + mistake if mistake else "")
        )
        if n == 0 and ok:  # a first-try solve lifts the rating, except a pupil already above what the puzzle allows
            assert p.rating.rating > rating.rating or rating.rating >= solve_ceiling(p.puzzle.rating)
        elif n == 0:
            assert p.rating.rating < rating.rating
        else:
            assert p.rating == rating


@pytest.mark.parametrize("game_id", ["dots_and_boxes", "five_in_a_row", "connect_four"])
def test_the_refutation_is_played_on_the_board_move_by_move(game_id):
    p = Practice(game_id, seed=6)
    with pytest.raises(ValueError, match="No refutation"):
        p.show_refutation()  # nothing answered yet: refused, nothing changes
    assert p.refute_button.disabled and p.refute_button.layout.display == "none" and p.step == 0
    wrong = wrong_answers(p.puzzle)[0]
    p.answer(wrong)
    assert not p.refute_button.disabled and p.refute_button.layout.display is None  # on screen now
    line = p.puzzle.refutations[action_key(p.puzzle.canonical(wrong))]["line"]
    expected = p.puzzle.position
    paints = p.board.paints
    for k in range(1, len(line) + 2):
        assert p.show_refutation() == k
        expected.play(wrong if k == 1 else line[k - 2][1])
        assert p.board.paints == paints + k
        assert p.last_feedback.startswith("What happens, move ")
    assert p.show_refutation() == 0 and "try again" in p.last_feedback
    assert p.game.to_dict() == p.puzzle.position.to_dict()  # the puzzle's own position is untouched
    p.show_refutation()
    p.answer(p.puzzle.answers[0])  # answering goes back to the puzzle; a right answer clears it
    assert p.step == 0 and p.refute_button.disabled and p.refute_button.layout.display == "none"
    with pytest.raises(ValueError):
        p.show_refutation()


def test_shut_the_box_has_no_board_refutation_but_its_words():
    p = Practice("shut_the_box", seed=6)
    ok, feedback = p.answer(wrong_answers(p.puzzle)[0])
    assert not ok and "The best choice gives" in feedback
    with pytest.raises(ValueError):
        p.show_refutation()
    if p.picker.shown:  # a "which set?" question: the pupil presses the tiles, then Check
        for tile in p.puzzle.answers[0][1]:
            p.picker.press(str(tile))
        p.on_check(None)
    else:
        assert p.choices.options and all(isinstance(v, str) for _, v in p.choices.options)
        p.choices.value = action_key(p.puzzle.answers[0])  # a choice button answers
    assert p.solved


def test_the_attempts_kept_per_game_are_bounded_oldest_first(monkeypatch):
    monkeypatch.setattr(progress, "MAX_PUZZLES", 3)
    for i in range(5):
        progress.record_attempt("connect_four", f"c4-{i}", True)
    assert sorted(progress.attempts("connect_four")) == ["c4-2", "c4-3", "c4-4"]
    progress.record_attempt("connect_four", "c4-2", False)  # answered again: kept
    assert "c4-2" in progress.attempts("connect_four")


def test_practice_shows_in_the_progress_table_and_the_exported_file():
    import csv
    import io

    p = Practice("connect_four", seed=2)
    p.answer(wrong_answers(p.puzzle)[0])
    p.answer(p.puzzle.answers[0])
    p.next()
    p.answer(p.puzzle.answers[0])
    row = progress_report.rows()[-1]
    assert row[0] == f"Practice — Connect Four (level {level(p.rating.rating)} of 10)" and row[1:] == [2, 2, 1, 0, 3]
    lines = list(csv.DictReader(io.StringIO(progress_report.export_csv("Ana"))))
    practice = [line for line in lines if line["lesson"] == "practice/connect_four"]
    assert [line["exercise"] for line in practice] == sorted(p.seen) + ["rating"]
    assert practice[-1]["answer"] == f"{p.rating.rating:.0f} ± {2 * p.rating.rd:.0f}"
    from gamekit.i18n import using

    with using("es"):
        assert progress_report.progress_table().rows[-1][0].startswith("Práctica — Cuatro en raya (nivel ")


# ----- the page a pupil sees: levels, not ratings; one rating for every board; no ids; the homework box -----


def test_levels_go_from_1_to_10_and_a_new_pupil_starts_at_5():
    assert level(1500) == 5 and level(1549) == 5 and level(1550) == 6 and level(1399) == 4
    assert level(0.5) == 1 and level(9999) == LEVELS == 10
    assert [level(r) for r in range(600, 2600, 50)] == sorted(level(r) for r in range(600, 2600, 50))
    for bad in ["1500", None, True, float("nan")]:
        with pytest.raises(TypeError):
            level(bad)
    assert level_words(Rating()) == "Your level: 3 of 10 (still settling: a few more puzzles will fix it)"
    assert (
        level_words(Rating(1700, 80)) == "Your level: 7 of 10"
        and level_words(Rating(1700, 150)) == "Your level: 7 of 10"
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_pupil_page_shows_a_level_and_no_rating_number_or_puzzle_id(game_id):
    p = Practice(game_id, seed=4)
    for _ in range(3):
        p.answer(wrong_answers(p.puzzle)[0])
        p.hint()
        p.hint()
        shown = " ".join([p.title.value, p.prompt_label.value, p.status.value, p.plot.value, p.last_feedback])
        assert p.puzzle.id not in shown and "±" not in shown and "rating" not in shown.lower()
        assert str(round(p.rating.rating)) not in shown
        assert f"Your level: {level(p.rating.rating)} of {top_level(game_id)}" in p.status.value
        assert f"gamekit-puzzle-{p.puzzle.id}" in p.title._dom_classes  # for scripts, never shown
        p.next()


def test_every_practice_board_of_a_game_shows_the_same_level_after_a_few_puzzles():
    """The three boards of a Practice page (free practice, own mistakes, homework) read the one saved rating:
    after puzzles on one and then another, all three say the same, and each rating starts from the last."""
    free = Practice("dots_and_boxes", seed=2)
    mine = Practice("dots_and_boxes", personal=True)
    homework = Practice.from_code("dots-all-10-1")
    other_game = Practice("connect_four", seed=1)
    other_status = other_game.status.value
    for k in range(4):
        free.answer(free.puzzle.answers[0] if k % 2 else wrong_answers(free.puzzle)[0])
        free.next()
    rating_after_free = free.rating
    homework.answer(homework.puzzle.answers[0])
    assert homework.rating.rating > rating_after_free.rating  # rated from where the free practice left it
    assert free.rating == homework.rating == mine.rating == saved_rating("dots_and_boxes")[0]
    assert free.history == homework.history == mine.history and len(free.history) == 6
    # the same level on each; the brackets after it name the levels each board's own pool serves
    levels = {re.search(r"Your level: \d+", w.status.value).group(0) for w in (free, mine, homework)}
    assert levels == {f"Your level: {level(free.rating.rating)}"}
    # out of the highest level a Dots pupil can reach, on each board with puzzles (the empty own-mistakes board
    # has no puzzle to read its game from: it keeps the scale's top)
    assert all(f" of {top_level('dots_and_boxes')}" in w.status.value for w in (free, homework))
    assert free.plot.value == mine.plot.value == homework.plot.value
    assert other_game.status.value == other_status  # another game's level is its own


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_question_says_what_is_at_stake_and_how_many_answers_are_right(game_id):
    p = Practice(game_id, seed=8)
    for _ in range(5):
        puzzle, question = p.puzzle, p.question()
        n = len(puzzle.answers)
        # a list may ask in its own words (5 en raya's lesson 1: "win at once, else block"; the mixed list: a win
        # now or a block said as such)
        from gamekit import catalog

        own = getattr(catalog.get(game_id).puzzle_module(), "lesson_prompt", None)
        asked = (own(puzzle, p.lesson) if own is not None else None) or puzzle.prompt()
        assert question.startswith(asked) and stakes(puzzle) in question
        if n == 1:
            assert "Only one" in question
        else:
            assert (
                f"{n} {'choices' if game_id == 'shut_the_box' else 'lines' if game_id == 'dots_and_boxes' else 'drops'}"
                f"{' are equally best' if game_id == 'shut_the_box' else ' do it'}: find one." in question
            )
        from gamekit.puzzles.core import move_words

        for a in puzzle.answers:  # the answer itself is never named
            assert move_words(game_id, a) not in stakes(puzzle)
        if game_id == "dots_and_boxes":
            from gamekit.dots import capture_lines

            game = puzzle.position
            left = game.width * game.height - sum(game.scores)
            assert f"{left} boxes are left" in question or (left == 1 and "1 box is left" in question)
            mine = game.scores[game.to_move] + (left + puzzle.facts["best"]) // 2
            seat = ("Gold", "Coral")[game.to_move]
            if capture_lines(game):  # boxes on offer: the question asks, the final score would give it away
                assert f"Which line gets {seat} the most of them" in question and "the game ends" not in question
            else:
                assert f"the game ends {seat} {mine}, " in question
        if game_id == "shut_the_box":  # the goal said once (the low score's words then say what it is)
            assert question.count("chance to shut the box") == 1 or "What matters: a low expected score" in question
        shown = p.prompt_label.value
        if game_id == "shut_the_box" and puzzle.facts["kind"] == "set":  # the question, then its table of values
            from gamekit.puzzles.shut_tables import table_html

            assert shown.endswith(table_html(puzzle))
            shown = shown[: -len(table_html(puzzle))]
        assert html_text(shown) == question
        p.next()


def html_text(markup):
    import html

    return html.unescape(markup)


def test_the_buttons_show_their_whole_label():
    p = Practice("dots_and_boxes", seed=1)
    for b in (p.check_button, p.hint_button, p.next_button, p.refute_button):
        assert b.layout.width == "auto" and b.layout.min_width == "fit-content"
    assert p.refute_button.description == "Show what happens"


def test_the_homework_box_opens_a_typed_code_and_explains_a_bad_one():
    box = HomeworkBox("dots_and_boxes")
    assert box.practice is None and not box.slot.children
    for typed, reason in [
        ("", "Type the code your teacher gave you"),
        ("dots double deal", "is not a homework code"),
        ("dots-double_deal-10", "is not a homework code"),
        ("chess-all-10-1", "starts with the game"),
        ("dots-double_dael-10-7", "has no puzzle idea “double_dael”"),
        ("dots-all-80-1", "from 1 to 50 puzzles, not 80"),
        ("dots-sacrifice-50-1", "this idea has only"),
        ("five-block-10-1", "is a code for 5 en raya: open it on the 5 en raya practice page"),
    ]:
        box.input.value = typed
        box.on_open(None)
        assert reason in box.message.value and box.practice is None and not box.slot.children, typed
        assert not box.errors
    box.input.value = "  dots-double_deal-10-7 "
    box.on_open(None)
    opened = box.practice
    assert isinstance(opened, Practice) and list(box.slot.children) == [opened]
    assert [q.id for q in opened.pool] == homework_set("dots_and_boxes", "double_deal", 10, 7).ids
    assert "10 puzzles" in box.message.value and "Puzzle 1 of 10" in opened.title.value
    assert box.open_code("nonsense") is None and box.practice is opened  # a refused code keeps the open set
    with pytest.raises(TypeError):
        box.open_code(7)
    with pytest.raises(ValueError):
        HomeworkBox("chess")


def test_the_homework_box_speaks_spanish():
    from gamekit.i18n import using

    with using("es"):
        box = HomeworkBox("shut_the_box")
        box.open_code("shut-best_set-10-1")
        assert "10 problemas" in box.message.value
        box.open_code("xx")
        assert "no es un código" in box.message.value
        assert box.open_button.description == "Abrir"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_shut_the_box_stakes_give_no_value_and_the_feedback_gives_the_best(lang):
    """The "What matters" line is read before answering: no chance or score in it; the feedback to a wrong answer
    then gives the chosen set's value and the best one."""
    from gamekit.i18n import using

    with using(lang):
        for puzzle in bank("shut_the_box")[:60]:
            wrong = wrong_answers(puzzle)[0]
            feedback = puzzle.check(wrong)[1]
            assert re.search(r"\d[.,]\d", feedback), feedback  # "… The best choice gives 8.2%."
            assert not re.search(r"\d[.,]\d|%", stakes(puzzle)), (puzzle.id, stakes(puzzle))


def test_every_theme_has_an_idea_hint_that_is_not_its_name_nor_an_answer():
    """The first Hint says what to look at: never the theme's bare name (for Dots "take a box" would give the
    answer away), never a move; the Shut the Box hints are not the question again."""
    from gamekit.puzzles import THEMES
    from gamekit.puzzles.core import THEME_HINTS, theme_hint

    for game_id, themes in THEMES.items():
        for key, name in themes.items():
            idea = theme_hint(game_id, key)
            assert idea == THEME_HINTS[key] and name.lower() not in idea.lower(), (key, idea)
            assert not re.search(r"\b[a-i]\d-[a-i]\d\b|column \d|cover \d", idea), idea
    with using("es"):
        assert theme_hint("shut_the_box", "best_set") != THEME_HINTS["best_set"]
    p = Practice("shut_the_box", theme="one_die_or_two", seed=1)
    first = p.hint()
    assert first == "Hint: " + THEME_HINTS["one_die_or_two"] and "one die or two" not in first.lower()
    second = p.hint()  # two choices: none left out, the game's own step; and it says what the hint costs
    assert second.startswith("Hint: the question asks for your chance to shut the box")
    assert second.endswith(" " + tr(HELPED_SOLVE_WORDS))


def test_after_a_miss_the_next_puzzle_is_never_harder_and_after_a_solve_never_easier():
    """The page promises: solve it at the first try and the next is harder; miss it and the next is easier."""
    for game_id in ("connect_four", "dots_and_boxes"):
        p = Practice(game_id, seed=3)
        rng = random.Random(5)
        for _ in range(25):
            before = p.puzzle
            wrong = [a for a in before.legal_answers() if a not in before.answers]
            miss = bool(wrong) and rng.random() < 0.6
            p.answer(wrong[0] if miss else before.answers[0])
            after = p.next()
            if miss:
                assert after.rating <= before.rating, (game_id, before.id, after.id)
            else:
                assert after.rating >= before.rating or all(
                    q.rating < before.rating or q.id in p.seen[:-1] for q in p.pool
                ), (game_id, before.id, after.id)


def test_pick_refuses_bounds_that_are_not_numbers():
    puzzles = bank("connect_four")
    with pytest.raises(ValueError, match="at_most"):
        pick(puzzles, 1500, at_most="hard")
    top = max(p.rating for p in puzzles)
    assert pick(puzzles, 2500, at_most=1400, seed=1).rating <= 1400
    assert pick(puzzles, 500, at_least=top + 1, seed=1) in puzzles  # none that hard: the nearest instead


PAGES = {
    "dots_and_boxes": "01_dots_and_boxes",
    "five_in_a_row": "02_five_in_a_row",
    "connect_four": "03_connect_four",
    "shut_the_box": "04_shut_the_box",
}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_practice_pages_promise_what_the_bank_and_the_picker_do(game_id):
    """The page states the true span of levels of the puzzles Practice serves (in both languages), promises no
    "a little easier" that the picker cannot keep, and shows no homework code or idea key (the program's words)."""
    from gamekit.puzzles.homework import game_code
    from gamekit.puzzles.pools import practice_pool

    levels = sorted({level(p.rating) for p in practice_pool(game_id)})  # what the page serves
    root = Path(__file__).resolve().parents[2] / "notebooks"
    for lang, path, span in (
        ("en", root / "practice" / f"{PAGES[game_id]}.md", "from level {} to level {}"),
        ("es", root / "es" / "practice" / f"{PAGES[game_id]}.md", "del nivel {} al nivel {}"),
    ):
        text = " ".join(path.read_text(encoding="utf-8").split())
        if game_id == "dots_and_boxes":  # the page computes its span (gamekit.puzzles.dots_levels.levels_note)
            from gamekit.puzzles.dots_levels import list_levels_words

            with using(lang):
                assert span.format(levels[0], levels[-1]) in list_levels_words() and "levels_note(practice)" in text
        else:
            assert span.format(levels[0], levels[-1]) in text, (path, levels)
        assert "a little easier" not in text and "algo más fácil" not in text
        assert "….»" not in text and "…. " not in text
        # no homework code on the pupil's page: its idea key is the program's word, the teacher gives the code
        assert not re.search(rf"{game_code(game_id)}-[a-z_]+-\d+-\d+", text), path
        raw = path.read_text(encoding="utf-8")
        prose = re.sub(r"```.*?```", "", raw.split("\n---\n", 1)[1], flags=re.S)  # no front matter, no code cells
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", prose), path  # no theme key ("double_deal") a pupil reads


@pytest.fixture(scope="module")
def homework_pages() -> dict[str, str]:
    """homework_page() in English and in Spanish, built once for the tests that read it (it solves every set)."""
    from gamekit.puzzles.homework_sheets import homework_page

    pages = {}
    for lang in ("en", "es"):
        with using(lang):
            pages[lang] = homework_page()
    return pages


@pytest.fixture(scope="module")
def english_homework_page(homework_pages) -> str:
    return homework_pages["en"]


def test_the_teachers_homework_page_lists_every_code_with_its_idea_in_each_language(homework_pages):
    """docs/teachers/homework.md (and its Spanish twin) is what homework_page() writes, and every code in it
    opens a set of that many puzzles on that idea."""
    from gamekit.puzzles.homework import homework_codes, set_idea
    from gamekit.puzzles.pools import practice_pool

    docs = Path(__file__).resolve().parents[2] / "docs" / "teachers"
    for lang, path in (("en", docs / "homework.md"), ("es", docs / "es" / "homework.md")):
        page = homework_pages[lang]
        with using(lang):
            rows = homework_codes()
        assert path.read_text(encoding="utf-8") == page, f"regenerate {path} with homework_page()"
        from gamekit.puzzles import THEMES
        from gamekit.puzzles.core import GAME_NAMES

        with using(lang):
            asked = {g: [t for t in THEMES[g] if practice_pool(g, t)] for g in GAME_IDS}
            assert [g for g, *_ in rows] == [tr(GAME_NAMES[g]) for g in GAME_IDS for _ in range(len(asked[g]) + 1)]
        for game, code, idea, size in rows:
            game_id, theme, n, _ = parse_code(code)
            drawn = homework_set(game_id, theme, n, 1)
            with using(lang):  # a Dots decision set's idea says what it mixes
                assert f"| `{code}` | {set_idea(game_id, theme, idea, list(drawn))} | {size} |" in page
            assert n == size == len(drawn)
            if theme is not None:
                with using(lang):
                    assert idea == theme_name(game_id, theme)
    assert "doble entrega" in homework_pages["es"] and "double-deal" not in homework_pages["es"]
    with pytest.raises(ValueError, match="n=0"):
        homework_codes(n=0)
    with pytest.raises(ValueError, match="seed"):
        homework_codes(seed=-1)


def test_free_practice_asks_each_question_once():
    """A bank may hold twins (one question under two ids; the shipped Shut the Box bank, built with one id per
    question, holds none): free practice keeps one of each, so a pupil never meets the same question again as a
    "new" puzzle."""
    p = Practice("shut_the_box", seed=2)
    everything = bank("shut_the_box")
    assert len({q.question_key for q in everything}) <= len(everything)
    assert len({q.prompt() for q in p.pool}) == len(p.pool)  # … and asked only once
    keys = [q.question_key for q in p.pool]
    assert len(keys) == len(set(keys)) and set(keys) <= {q.question_key for q in everything}
    first = {}
    for q in everything:
        first.setdefault(q.question_key, q.id)
    assert {q.id for q in p.pool} <= set(first.values())  # the first of each, as shipped


def test_one_slip_on_the_first_puzzle_drops_a_new_pupil_at_most_one_level():
    """A pupil at the default rating (level 3) who misses even the easiest puzzle of a bank is still at level 2:
    one slip never drops two levels; a new pupil who has done no lesson starts at level 1 and stays there."""
    for game_id in GAME_IDS:
        easiest = min(bank(game_id), key=lambda q: q.rating)
        after, _ = __import__("gamekit.puzzles.ratings", fromlist=["update"]).update(
            Rating(), Rating(easiest.rating, easiest.rd), False
        )
        assert level(Rating().rating) == 3 and level(after.rating) == 2, (game_id, after)
    p = Practice("five_in_a_row", seed=0)  # a new pupil with no lesson done starts at level 1: it stays there
    p.answer(wrong_answers(p.puzzle)[0])
    assert f"Your level: 1 of {top_level('five_in_a_row')}" in p.status_text()


@pytest.mark.parametrize(
    "typed, lang", [("column {n}", "en"), ("columna {n}", "en"), ("Columna {n}", "es"), ("  {n} ", "en")]
)
def test_a_column_typed_in_words_is_read_as_the_lessons_read_it(typed, lang):
    p = Practice("connect_four", seed=2)
    right = p.puzzle.answers[0]
    with using(lang):
        ok, _ = p.answer(typed.format(n=right))
    assert ok and p.tries[0][0] == right
    with pytest.raises(ValueError):
        p.answer("column ten")  # still refused, and nothing saved
    assert len(p.tries) == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_second_hint_leaves_wrong_answers_out_but_never_gives_the_answer(game_id):
    """The second Hint names wrong answers only (the ones that do worst), and over the whole bank always
    leaves at least two wrong answers among the ones it does not name — with one, the hint would turn the puzzle
    into a coin flip beside the right answer; when it can name none it says how many choices are right (5 en raya
    and Connect Four name one while two wrong drops are left, see tests/puzzles/test_connect_practice.py). No
    "legal"."""
    from gamekit.puzzles.core import move_words
    from gamekit.puzzles.practice_words import second_hint

    for puzzle in bank(game_id):
        hint = second_hint(puzzle)
        legal = puzzle.legal_answers()
        wrong = [a for a in legal if a not in puzzle.answers]
        named = [a for a in legal if re.search(re.escape(move_words(game_id, a)) + r"(?![0-9+ ]*[0-9])", hint)]
        assert not any(a in puzzle.answers for a in named), (puzzle.id, hint)
        assert "legal" not in hint
        if puzzle.facts.get("kind") == "set":  # Shut the Box's "which set?": how to read its value table
            assert not named and "in the table" in hint, (puzzle.id, hint)
        elif game_id in ("five_in_a_row", "connect_four"):  # one ruled out (never the last wrong one), two kept
            assert bool(named) == (len(wrong) >= 2), (puzzle.id, hint)
            assert not named or len(named) == 1 or len(wrong) - len(named) >= 2, (puzzle.id, hint)
        elif len(wrong) >= 3:
            assert named and len(wrong) - len(named) >= 2, (puzzle.id, hint)
        else:  # Shut the Box says it in its own words (shut_words.second_hint)
            own = f"of these {len(legal)} sets" in hint or hint.startswith("Hint: count the outcomes")
            assert not named and (f"of the {len(legal)} choices" in hint or own), (puzzle.id, hint)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_right_answer_after_the_second_hint_is_not_a_first_try_solve(game_id):
    """A first answer given after the second Hint (wrong answers named) solves the puzzle, but the level falls
    as after a miss, the streak does not grow, the progress file does not count it a first try and the set's
    closing line does not either; after the first Hint only (the idea), a right answer still counts in full.
    The second Hint says so, and so does each Practice page."""
    from gamekit.puzzles.practice import HELPED_SOLVE_WORDS

    p = Practice(game_id, puzzles=homework_set(game_id, n=2, seed=1))
    start = p.rating.rating
    p.hint()
    hint = p.hint()
    assert hint.endswith(tr(HELPED_SOLVE_WORDS)), hint
    ok, _ = p.answer(p.puzzle.answers[0])
    assert ok and p.solved and p.streak == 0 and p.rating.rating < start
    assert progress.attempts(game_id)[p.puzzle.id] == {
        **progress.attempts(game_id)[p.puzzle.id],
        "solved": True,
        "first_try": False,
    }
    p.next()
    after_one = p.rating.rating
    p.hint()  # the idea only: a clean solve
    ok, _ = p.answer(p.puzzle.answers[0])
    assert ok and p.streak == 1 and p.rating.rating > after_one
    assert progress.attempts(game_id)[p.puzzle.id]["first_try"] is True
    p.next()
    assert p.last_feedback == "Set done: 1 of 2 solved at the first try."
    with pytest.raises(TypeError):
        progress.record_attempt(game_id, "x", True, first_try="no")


def test_each_practice_page_says_how_a_helped_solve_counts():
    from gamekit.puzzles.practice import HELPED_SOLVE_WORDS

    root = Path(__file__).resolve().parents[2] / "notebooks"
    for lang, folder in (("en", root / "practice"), ("es", root / "es" / "practice")):
        with using(lang):
            words = tr(HELPED_SOLVE_WORDS)
        for page in sorted(folder.glob("*.md")):
            text = page.read_text(encoding="utf-8")
            assert words in text, page
            # levels without puzzles exist (5 en raya: none at level 2): the page promises the nearest, not "near"
            assert "chosen near" not in text and "se elige cerca" not in text, page
            assert "one of the nearest to" in text or "de los más cercanos a" in text, page


def test_a_right_answer_says_why_in_one_line_tied_to_its_idea():
    p = Practice("five_in_a_row", seed=0)
    ok, feedback = p.answer(p.puzzle.answers[0])
    assert ok and feedback.count("Why:") == 1
    said = why_right(p.puzzle, p.idea_theme(), p.puzzle.answers[0])  # the reason for the drop the pupil made
    assert said in feedback and "do worse" not in feedback


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_why_line_gives_the_ideas_reason_never_a_bare_count(game_id):
    """Every theme of every game has its reason, in English and Spanish; a puzzle's "why" line is the reason of
    the idea it is practised for — or, where every other drop fills the cell under a threat, that reason."""
    from gamekit.puzzles.core import game_themes
    from gamekit.puzzles.practice_words import UNDER_THREAT_WHY, WHY

    for theme in game_themes(game_id):
        assert WHY[theme].startswith("Why: ")
        with using("es"):
            assert tr(WHY[theme]).startswith("Por qué: "), theme
    seen = set()
    for puzzle in practice_pool(game_id):
        for theme in puzzle.themes:
            line = why_right(puzzle, theme)
            assert "same amount" not in line and "do worse" not in line, (puzzle.id, line)
            assert line in (WHY[theme], UNDER_THREAT_WHY), (puzzle.id, theme, line)
            seen.add(line == UNDER_THREAT_WHY)
    assert False in seen
    with pytest.raises(ValueError):
        why_right(practice_pool(game_id)[0], "nope")


def test_the_dots_why_fits_the_line_the_pupil_drew():
    """A hard-hearted handout's reason ("two single boxes") only for the middle line of a chain of two, naming the
    two boxes it hands over and what best play leaves the pupil, so no two positions of a set share one sentence;
    a right line that gives one box says why one box is safe to give.  A safe line's reason speaks of the count of long
    chains only when, after that line, the count favours the pupil; otherwise the boxes it leaves the pupil."""
    from gamekit.dots import boxes_given, components, long_chain_rule
    from gamekit.puzzles.dots_why import box_shares, count_why
    from gamekit.puzzles.dots_words import HANDOUT_ONE_BOX_WHY, safe_line_shares
    from gamekit.puzzles.practice_words import WHY

    seen = set()
    middle_whys = []
    for puzzle in bank("dots_and_boxes"):
        game = puzzle.position
        if "hard_hearted_handout" in puzzle.themes:
            middles = {}
            for c in components(game):
                if c.kind == "chain" and c.length == 2 and not c.opened:
                    common = set(game.geometry.box_lines[c.boxes[0]]) & set(game.geometry.box_lines[c.boxes[1]])
                    middles |= {game.line_name(line): c.boxes for line in common}
            for a in puzzle.answers:
                line = why_right(puzzle, "hard_hearted_handout", a)
                if a in middles:
                    a_box, b_box = (game.geometry.box_name(b) for b in sorted(middles[a]))
                    k, n, _, _ = box_shares(puzzle)
                    assert line != WHY["hard_hearted_handout"], (puzzle.id, a)
                    assert f"between boxes {a_box} and {b_box} hands them over as two single boxes" in line, line
                    assert line.endswith(f"you get {k} of the {n} boxes left."), (puzzle.id, line)
                    middle_whys.append(line)
                    seen.add("two")
                else:
                    assert "two single boxes" not in line, (puzzle.id, a)
                    if boxes_given(game, a) == 1:
                        assert line.startswith(HANDOUT_ONE_BOX_WHY) and "With best play you get" in line
                        seen.add("one")
        if "safe_line" in puzzle.themes:
            for a in puzzle.answers:
                after = game.copy()
                after.play(a)
                mine = "long_chain_count" in puzzle.themes and long_chain_rule(after).favoured == game.to_move
                line = why_right(puzzle, "safe_line", a)
                assert line == (count_why(puzzle, a) if mine else safe_line_shares(puzzle)), (puzzle.id, a)
                seen.add(mine)
    assert seen == {"two", "one", True, False}
    assert len(set(middle_whys)) * 2 > len(middle_whys)  # each position's own reason, not one sentence for all
    # the homework answer key of the handout's set names something of each position
    from gamekit.puzzles.homework import homework_set

    chosen = homework_set("dots_and_boxes", "hard_hearted_handout", 10, 1)
    keyed = {
        why_right(p, "hard_hearted_handout" if "hard_hearted_handout" in p.themes else None, p.answers[0])
        for p in chosen
    }
    assert len(keyed) >= 8, keyed
    # the Practice feedback gives the reason for the line answered, in Spanish too
    handout = next(
        p
        for p in bank("dots_and_boxes")
        if "hard_hearted_handout" in p.themes and any(boxes_given(p.position, a) == 1 for a in p.answers)
    )
    one = next(a for a in handout.answers if boxes_given(handout.position, a) == 1)
    with using("es"):
        p = Practice("dots_and_boxes", puzzles=[handout], theme="hard_hearted_handout")
        ok, feedback = p.answer(one)
        assert ok and tr(HANDOUT_ONE_BOX_WHY) in feedback and "regalos separados" not in feedback
        safe = next(p for p in bank("dots_and_boxes") if "safe_line" in p.themes)
        assert tr(HANDOUT_ONE_BOX_WHY).startswith("Por qué: ") and safe_line_shares(safe).startswith("Por qué: ")


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_an_odd_even_puzzle_that_keeps_a_draw_says_so(game_id):
    from gamekit.puzzles.connect_words import DRAW_ROW_WHY
    from gamekit.puzzles.practice_words import WHY

    seen = set()
    for puzzle in bank(game_id):
        if "odd_even_threat" in puzzle.themes:
            draw = puzzle.facts["best"] == 0
            for a in puzzle.answers:
                line = why_right(puzzle, "odd_even_threat", a)
                if "With best play it " in line:  # as good as the other right drop, whose reason says it
                    assert ("keeps the draw" in line) == draw, (puzzle.id, a)
                    continue
                # a win no row threat explains: only that it wins (tests/puzzles/test_connect_odd_even_why.py)
                if line.startswith("Why: with best play this drop wins"):
                    assert not draw and puzzle.facts["best"] > 0, (puzzle.id, a)
                    continue
                # the threat's cell and row read off the position (gamekit.puzzles.connect_why), or the general one
                others = [b for b in puzzle.answers if b != a]
                general = DRAW_ROW_WHY[1].format(m=others[0]) if others else DRAW_ROW_WHY[0]
                assert line in (general, WHY["odd_even_threat"]) or f"column {a} makes a threat in" in line
                assert ("keeps the draw" in line) == draw, (puzzle.id, a)
                assert ("has to drop just under it" in line) != draw
            seen.add(draw)
    assert seen == {True, False}
    with using("es"):
        assert all(tr(m).startswith("Por qué: ") and "empate" in tr(m) for m in DRAW_ROW_WHY)


def _first(game_id: str, kind: str):
    """The first (puzzle, wrong answer, feedback) of the bank whose mistake sentence is of ``kind``."""
    for puzzle in bank(game_id):
        for action in wrong_answers(puzzle):
            text = mistake_words(puzzle, action)
            if text and kind in text:
                return puzzle, action, text
    raise AssertionError(f"no {kind!r} mistake in the {game_id} bank")


def test_dots_feedback_names_a_third_side_given_and_a_box_left():
    from gamekit.dots.puzzle_text import SEATS

    puzzle, action, text = _first("dots_and_boxes", "draws the third side")
    game = puzzle.position
    line = game.line_index(action)
    boxes = [b for b in game.geometry.line_boxes[line] if game.sides_drawn(b) == 2]
    assert boxes and f"{action} draws the third side of box" in text
    assert all(game.geometry.box_name(b) in text for b in boxes) and SEATS[1 - game.to_move] in text
    puzzle, action, text = _first("dots_and_boxes", "with three sides for")
    assert set(puzzle.answers) <= set(capture_lines(puzzle.position)) and action not in capture_lines(puzzle.position)
    p = Practice("dots_and_boxes", puzzles=[puzzle])
    ok, feedback = p.answer(action)
    assert not ok and feedback.endswith(text)


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_a_drop_that_lets_the_opponent_win_at_once_is_told_so(game_id):
    from gamekit.puzzles.connect_best_line import wins_at_once
    from gamekit.puzzles.connect_words import LOOK_FOR, PLAY_IT_OUT
    from gamekit.puzzles.connect_defence import double_mistake

    for kind in ("fills the cell under", "leaves"):
        puzzle, action, text = _first(game_id, kind)
        after = puzzle.position.copy()
        after.play(action)
        if kind.startswith("fills"):
            column = text.rsplit("column ", 1)[1].rstrip(".")
            assert column in wins_at_once(after), (puzzle.id, text)
            assert column == str(action)  # the threat's cell is right above the disc just dropped
        else:  # the open threat's column is the block, a right answer: not named before the puzzle is solved
            assert wins_at_once(after) and text.endswith("with the next disc."), (puzzle.id, text)
            assert not any(f"column {a}" in text for a in puzzle.answers), (puzzle.id, text)
        p = Practice(game_id, puzzles=[puzzle])
        ok, feedback = p.answer(action)
        assert not ok and feedback.endswith(text)
    # a drop after which the opponent cannot win at once gets no such sentence
    for puzzle in bank(game_id):
        for action in wrong_answers(puzzle):
            after = puzzle.position.copy()
            after.play(action)
            if not after.is_over() and not wins_at_once(after) and not wins_at_once(puzzle.position):
                # no "wins at once" sentence: at most the play-it-out one, and the idea to look for (LOOK_FOR)
                looks = [tr(idea) for idea in LOOK_FOR.values()]
                allowed = [None, tr(PLAY_IT_OUT), *looks, *(f"{tr(PLAY_IT_OUT)} {look}" for look in looks)]
                said = mistake_words(puzzle, action)
                double = double_mistake(puzzle, action)  # two threats at once handed over: its own sentence first
                if double is not None:
                    assert said.startswith(double)
                    said = said[len(double) :].strip() or None
                assert said in allowed
                return


def test_a_shut_the_box_mistake_counts_what_the_next_roll_can_cover():
    from gamekit.puzzles.shut_words import covering_throws

    assert covering_throws([1, 2, 3], 1) == 6 and covering_throws([9], 2) == 4  # 3+6, 4+5, 5+4, 6+3
    puzzle, action, text = _first("shut_the_box", "next roll of two dice")
    left = puzzle.refutations[action_key(action)]["left"]
    assert f"in only {covering_throws(left)} of 36" in text
    puzzle, action, text = _first("shut_the_box", "one die covers 6 at most")
    assert action == ("roll", 1) and puzzle.answers == (("roll", 2),) and sum(puzzle.facts["open"]) > 6
    p = Practice("shut_the_box", puzzles=[puzzle])
    ok, feedback = p.answer(action)
    assert not ok and feedback.endswith(text)


def test_the_homework_box_says_all_ideas():
    box = HomeworkBox("dots_and_boxes")
    box.open_code("dots-all-5-1")
    assert "(all ideas)" in box.message.value and "theme" not in box.message.value


def test_the_homework_page_gives_each_sets_levels_and_the_lessons_of_its_idea(english_homework_page):
    from gamekit.puzzles.homework import homework_codes, theme_lessons

    page = english_homework_page
    code = "dots-double_deal-10-1"
    levels = sorted(level(p.rating) for p in homework_set("dots_and_boxes", "double_deal", 10, 1))
    span = str(levels[0]) if levels[0] == levels[-1] else f"{levels[0]}–{levels[-1]}"
    assert f"| `{code}` | double-deal: 7 double-deal, and 3 take every box for contrast | 10 | {span} | 5 |" in page
    assert (
        "| all-but-four in a loop: 7 all-but-four in a loop, and 3 take every box for contrast | 10 |" in page
        and theme_lessons("dots_and_boxes", "all_but_four") == "5"
    )
    assert theme_lessons("connect_four", None) == "1, 2" and theme_lessons("five_in_a_row", None) == "1, 2"
    assert theme_lessons("dots_and_boxes", None) == "1, 2, 3, 4, 5"
    assert "| `dots-all-10-1` | all ideas, mixed | 10 |" in page and "| 1, 2, 3, 4, 5 |" in page
    assert "the answer key comes after all the sheets" in page and not page.endswith("\n\n")
    from gamekit.puzzles.shutbox import lessons_rules

    other = [
        c
        for _, c, _, size in homework_codes()
        if c.startswith("shut-") and not all(lessons_rules(p) for p in Practice.from_code(c).pool)
    ]
    codes = ", ".join(f"`{c}`" for c in other)
    assert other and f"Other rules: {codes} also ask under another rule for rolling one die" in page
    assert "beyond the lessons" not in page  # every idea of the board games is taught in a lesson


def test_free_shut_the_box_practice_is_built_around_the_lessons_rule():
    """Up to level 5 only the lessons' one-die rule; a two-set "which set?" question is no coin flip for a pupil
    who reaches for the largest tile (it is wrong in every one); "one die or two?" the drill's ten (MIXED_DICE), all
    at level 1 (a one-line rule answers them)."""
    from gamekit.puzzles.pools import practice_pool
    from gamekit.puzzles.shutbox import MIXED_DICE

    pool = practice_pool("shut_the_box")
    assert pool and all(p.facts["one_die"] == "after_789" for p in pool if level(p.rating) <= 5)
    from gamekit.shutbox import cpu_player

    sets = [p for p in pool if p.facts["kind"] == "set"]
    largest = sum(cpu_player("medium", 0).choose(p.position) in p.answers for p in sets)
    assert largest <= 40 == 2 * len(sets) / 3  # the largest tile (Medium's set): 4 of each level's 6 at most
    dice = [p for p in pool if p.facts["kind"] == "dice"]
    assert len(dice) == MIXED_DICE and all(level(p.rating) == 1 for p in dice)
    trap = [p for p in pool if "next_roll" in p.themes]
    assert trap and all(p.facts["kind"] == "set" for p in trap)
    lessons_rule_or_level_6 = {
        p.question_key
        for p in bank("shut_the_box", theme="one_die_or_two")
        if p.facts["one_die"] == "after_789" or level(p.rating) >= 6
    }
    drill = practice_pool("shut_the_box", "one_die_or_two")  # as many "one die" as "two dice" questions of them
    assert {p.question_key for p in drill} <= lessons_rule_or_level_6
    ones = {p.question_key for p in bank("shut_the_box", theme="one_die_or_two") if p.answers == (("roll", 1),)}
    from gamekit.puzzles.shutbox import DICE_EACH

    assert len(drill) == 2 * min(DICE_EACH, len(ones & lessons_rule_or_level_6))


@pytest.mark.parametrize(
    "code",
    ["shut-best_set-10-1", "shut-one_die_or_two-10-1", "shut-all-10-1", "shut-best_set-20-7"],
)
def test_shut_the_box_homework_asks_only_the_lessons_rule_up_to_level_5(code):
    """A homework code serves what the free Practice does: up to level 5 only the lessons' one-die rule,
    as the teachers' page says."""
    puzzles = list(Practice.from_code(code).pool)
    assert puzzles and all(p.facts["one_die"] == "after_789" for p in puzzles if level(p.rating) <= 5), code


def test_sets_for_the_roll_is_not_asked_on_its_own_where_the_buttons_list_every_set():
    """Shut the Box Practice shows every set as a button, so "list the sets for the roll" is never tested there:
    the idea has no Practice and no homework code of its own (its puzzles still come as "best set")."""
    from gamekit.puzzles.homework import homework_codes
    from gamekit.puzzles.pools import practice_pool

    with pytest.raises(ValueError, match="does not ask this idea on its own"):
        Practice("shut_the_box", theme="sets_for_roll")
    assert not [code for _, code, *_ in homework_codes() if "sets_for_roll" in code]
    with pytest.raises(ValueError, match="only 0 puzzles"):
        HomeworkBox("shut_the_box") and homework_set("shut_the_box", "sets_for_roll", 5, 1)
    assert any("sets_for_roll" in p.themes for p in practice_pool("shut_the_box", "best_set"))


def test_think_of_the_next_roll_is_a_tag_of_best_set_not_a_second_code_for_the_same_puzzles():
    """*Think of the next roll* marks the "which set?" puzzles where the largest tile loses: a part of *best set*'s
    questions, not an idea of its own — no Practice, no homework code, no lesson-chooser entry of its own; it stays
    on each puzzle as a tag (class results), and lesson 4's Practice still asks those puzzles."""
    from gamekit.puzzles.homework import homework_codes
    from gamekit.puzzles.pools import lesson_choices, lesson_pool, practice_pool
    from gamekit.shutbox import cpu_player

    best = practice_pool("shut_the_box", "best_set")
    medium = cpu_player("medium", 0)
    assert best and all(("next_roll" in p.themes) == (medium.choose(p.position) not in p.answers) for p in best)
    assert any("next_roll" in p.themes for p in best)
    assert practice_pool("shut_the_box", "next_roll") == []
    with pytest.raises(ValueError, match="does not ask this idea on its own"):
        Practice("shut_the_box", theme="next_roll")
    assert not [code for _, code, *_ in homework_codes() if "next_roll" in code]
    assert [c for _, c, *_ in homework_codes() if c.startswith("shut-")] == [
        "shut-all-10-1",
        "shut-best_set-10-1",
        "shut-one_die_or_two-10-1",
    ]
    assert "think of the next roll" not in " ".join(label for label, _ in lesson_choices("shut_the_box"))
    assert {p.question_key for p in best} <= {p.question_key for p in lesson_pool("shut_the_box", 4)}
    with pytest.raises(ValueError, match="only 0 puzzles"):
        homework_set("shut_the_box", "next_roll", 5, 1)


def test_dots_lines_of_play_name_the_seats_with_a_capital_as_every_other_sentence_does():
    p = next(q for q in bank("dots_and_boxes") if any(r.get("line") for r in q.refutations.values()))
    wrong = next(a for a in wrong_answers(p) if p.refutations[action_key(a)].get("line"))
    feedback = p.check(wrong)[1]
    assert re.search(r"best play goes (Gold|Coral) [a-z][0-9]-[a-z][0-9]", feedback), feedback
    assert not re.search(r"\b(gold|coral) [a-z][0-9]-", feedback)
    with using("es"):
        assert re.search(r"(Dorado|Coral) [a-z][0-9]-", p.check(wrong)[1])


def _take_or_decline_policies(puzzle):
    """Whether "always take every box" and "always decline the last two" answer a take-or-decline puzzle right."""
    from gamekit.puzzles.dots_words import decline_lines as _decline_lines

    _, takes, declines = _decline_lines(puzzle.position)
    return bool(set(puzzle.answers) & set(takes)), bool(set(puzzle.answers) & set(declines))


def test_when_control_is_not_worth_it_asks_take_or_decline_so_neither_habit_passes():
    """The idea's own Practice and homework are a decision: take-or-decline positions where taking every box is
    right (the idea's own puzzles) beside double-deal positions of the same kind where declining the last two is
    right, about half and half at each of lesson 5's Practice levels.  Neither "always take" nor "always decline"
    passes more than 6 of a homework set of 10 or of the first 10 puzzles Practice asks; the homework code still
    works, and lesson 5's set still holds take-all puzzles of the idea beside the double-deal ones."""
    from gamekit.dots.search import TAKE_OR_DECLINE
    from gamekit.puzzles.dots import lesson_band
    from gamekit.puzzles.dots_decisions import decline_choice, take_all_choice
    from gamekit.puzzles.dots_words import decline_lines as _decline_lines
    from gamekit.puzzles.homework import homework_codes
    from gamekit.puzzles.pools import lesson_pool, practice_pool

    tagged = bank("dots_and_boxes", theme="control_not_worth_it")
    assert tagged and all("take_box" in p.themes for p in tagged)
    own = practice_pool("dots_and_boxes", "control_not_worth_it")
    low, high = lesson_band("control_not_worth_it")
    assert len(own) >= 24 and {level(p.rating) for p in own} == set(range(low, high + 1)) == {6, 7, 8}
    take_ids = {p.id for p in tagged if take_all_choice(p)}
    decline_ids = {p.id for p in bank("dots_and_boxes", theme="double_deal") if decline_choice(p)}
    for p in own:
        kind, takes, declines = _decline_lines(p.position)
        assert kind == TAKE_OR_DECLINE and 2 * len(p.answers) < len(p.legal_answers())  # a guess does not pass it
        if p.id in take_ids:
            assert "control_not_worth_it" in p.themes and set(p.answers) <= set(takes) <= set(capture_lines(p.position))
        else:
            assert p.id in decline_ids and "double_deal" in p.themes and set(p.answers) <= set(declines)
            assert not set(p.answers) & set(capture_lines(p.position))
    for lv in range(low, high + 1):
        here = [p for p in own if level(p.rating) == lv]
        take, decline = zip(*map(_take_or_decline_policies, here))
        assert not any(t and d for t, d in zip(take, decline))
        assert 2 * sum(take) <= len(here) + 1 and 2 * sum(decline) <= len(here) + 1, (lv, sum(take), sum(decline))
    for seed in range(1, 6):
        puzzles = homework_set("dots_and_boxes", "control_not_worth_it", 10, seed).puzzles
        take, decline = zip(*map(_take_or_decline_policies, puzzles))
        # the set is the idea's own: 7 take every box, 3 double-deals for contrast (as the teachers' table says)
        assert sum(take) == 7 and sum(decline) == 3, (seed, take)
        for habit in (0, 1):  # always take, always decline: what Practice asks after each answer
            practice = Practice("dots_and_boxes", theme="control_not_worth_it", seed=seed)
            passed = 0
            for _ in range(10):
                _, takes, declines = _decline_lines(practice.puzzle.position)
                ok, _ = practice.answer((takes, declines)[habit][0])
                passed += ok
                practice.next()
            practice.close()  # done with: an answer shows the new level on every open board of the game
            assert passed <= 6, (seed, habit, passed)
    code = "dots-control_not_worth_it-10-1"
    assert code in [c for _, c, *_ in homework_codes()]
    assert {p.id for p in Practice.from_code(code).pool} <= {p.id for p in own}
    five = lesson_pool("dots_and_boxes", 5)
    take_all = {p.id for p in five if set(p.answers) <= set(capture_lines(p.position))}
    # lesson 5's list keeps at most two of a near-copy (tests/puzzles/test_dots_lists_variety.py): its take-alls are
    # the idea's own
    assert take_all and take_all <= take_ids & {p.id for p in own} and len(take_all) < len(five)
    rest = {p.id for p in tagged} - take_ids
    assert all(level(p.rating) == 1 for p in practice_pool("dots_and_boxes", "take_box") if p.id in rest)


def test_a_set_that_asks_take_or_decline_tells_each_answer_its_own_reason():
    """In the decision set, a right take says why control is not worth it here, a right decline says why the
    double-deal keeps control; a wrong decline says the boxes it hands over do not pay for control, a wrong take
    says control is worth more than the boxes declined (English and Spanish)."""
    from gamekit.puzzles.dots_words import decline_lines as _decline_lines
    from gamekit.puzzles.practice_words import IDEAS

    seen = set()
    for puzzle in practice_pool("dots_and_boxes", "control_not_worth_it"):
        takes_right, _ = _take_or_decline_policies(puzzle)
        _, takes, declines = _decline_lines(puzzle.position)
        theme = "control_not_worth_it" if takes_right else "double_deal"
        p = Practice("dots_and_boxes", theme="control_not_worth_it", puzzles=[puzzle])
        assert p.idea_theme() == theme
        ok, words = p.answer(puzzle.answers[0])
        assert ok and words.endswith(tr(IDEAS[theme])), words
        assert takes_right or "Why: this line leaves boxes" in words, words  # the boxes this decline leaves
        p.close()  # done with: an answer shows the new level on every open board (hundreds here, once each)
        wrong = (declines if takes_right else takes)[0]
        for language in ("en", "es"):
            with using(language):
                p = Practice("dots_and_boxes", theme="control_not_worth_it", puzzles=[puzzle])
                ok, words = p.answer(wrong)
                if takes_right:
                    assert (
                        "keep control" in words
                        or "refuses the last boxes" in words
                        or "conservar el control" in words
                        or "rechaza" in words
                    ), words
                else:
                    assert "control is worth more than the last 2 boxes" in words or "que las 2 últimas" in words
                assert not ok and "third side" not in words and "tercer lado" not in words, words
                p.close()
        seen.add(takes_right)
    assert seen == {True, False}


def test_an_idea_reads_its_own_bank_theme_unless_its_game_pools_two():
    """``POOL_THEMES`` is a game's own: Dots' three decision ideas ask "take every box or decline the last ones?"
    both ways, so *when control is not worth it* reads the double-deal puzzles too and the double-deal and
    all-but-four ideas read the take-all puzzles (*when control is not worth it*); every other idea (and every
    idea of the test game, which declares none) reads its own; an unknown theme is refused by name."""
    from gamekit.puzzles.core import game_themes
    from gamekit.puzzles.pools import pool_themes

    assert pool_themes("dots_and_boxes", "control_not_worth_it") == ("control_not_worth_it", "double_deal")
    assert pool_themes("dots_and_boxes", "double_deal") == ("double_deal", "control_not_worth_it")
    assert pool_themes("dots_and_boxes", "all_but_four") == ("all_but_four", "control_not_worth_it")
    assert pool_themes("dots_and_boxes", "hard_hearted_handout") == ("hard_hearted_handout", "which_to_open")
    decisions = {"control_not_worth_it", "double_deal", "all_but_four", "hard_hearted_handout"}
    for game_id in [*GAME_IDS, "tictactoe"]:
        for theme in game_themes(game_id):
            reads = pool_themes(game_id, theme)
            assert reads[0] == theme and set(reads) <= set(game_themes(game_id))
            if game_id != "dots_and_boxes" or theme not in decisions:
                assert reads == (theme,)
    with pytest.raises(ValueError, match="'fork': not a theme of"):
        pool_themes("tictactoe", "fork")
    pooled = practice_pool("dots_and_boxes", "control_not_worth_it")
    assert any("control_not_worth_it" not in p.themes for p in pooled)
    assert all({"control_not_worth_it", "double_deal"} & set(p.themes) for p in pooled)


@pytest.mark.parametrize("game_id", ["connect_four", "five_in_a_row"])
def test_a_puzzle_where_every_wrong_drop_loses_at_once_is_not_hinted_as_a_zugzwang(game_id):
    """A puzzle tagged zugzwang whose every wrong drop lets the opponent win at once is not about who runs out of
    harmless drops: its first Hint asks which drops fill the cell under a threat; a real zugzwang puzzle keeps the
    zugzwang idea.  Both kinds are taken from the bank (Practice's lists now keep the first kind out of their
    zugzwang questions, but the bank holds both and the Hint must be right for either): up to eight of each."""
    from gamekit.puzzles.connect_lessons import under_threat_only
    from gamekit.puzzles.core import theme_hint
    from gamekit.puzzles.store import load_puzzles

    kinds = set()
    seen = {True: 0, False: 0}
    for puzzle in sorted(load_puzzles(game_id), key=lambda p: p.id):
        if tuple(puzzle.themes[:1]) != ("zugzwang",):
            continue
        only = under_threat_only(puzzle.position, wrong_answers(puzzle))
        if seen[only] >= 8:
            continue
        seen[only] += 1
        hint = Practice(game_id, puzzles=[puzzle]).hint()
        assert (theme_hint(game_id, "zugzwang") in hint) != only, (puzzle.id, hint)
        assert ("under one of your opponent's threats" in hint) == only, (puzzle.id, hint)
        kinds.add(only)
    assert True in kinds


TAUGHT = {
    # game: {theme: (the lesson that teaches it, words of that lesson's objectives or headings)}
    "dots_and_boxes": {
        "take_box": (1, "spot the boxes with exactly three sides drawn"),
        "avoid_third_side": (2, "tell a safe line from one that gives a box away"),
        "hard_hearted_handout": (3, "choose how to hand over a 2-chain"),
        "which_to_open": (3, "decide which to open, a chain or a loop"),
        "safe_line": (4, "choose a safe line that steers the chain count"),
        "long_chain_count": (4, "count the long chains of a position"),
        "sacrifice": (4, "give a box away on purpose"),
        "double_deal": (5, "keep control with a double-deal"),
        "control_not_worth_it": (5, "tell when keeping control is not worth"),
        "all_but_four": (5, "find what to leave in a loop"),
    },
    "five_in_a_row": {
        "win_now": (1, "make five in a line"),
        "block": (1, "block such lines"),
        "side_column": (1, "with a **side disc**"),
        "double_threat": (2, "find a **threat**"),
        "odd_even_threat": (2, "tell an **odd** threat from an **even** one"),
        "zugzwang": (2, "explain **zugzwang**"),
        "stop_double_threat": (2, "the other player can block only one of them"),
    },
}
"""Which lesson teaches each idea of the board games' puzzles, with the words of the lesson page that say so:
a teacher can read this table against the lessons (Connect Four practises the 5 en raya lessons' ideas)."""


@pytest.mark.parametrize("game_id", ["dots_and_boxes", "five_in_a_row", "connect_four"])
def test_each_idea_is_credited_to_the_lesson_that_teaches_it(game_id):
    """THEME_LESSONS (the lesson chooser, the homework page) names, as an idea's first lesson, the lesson whose
    page teaches it (its objectives say so) and whose Lesson first lists the theme; no idea is "beyond the lessons"."""
    import importlib
    from gamekit import catalog
    from gamekit.puzzles.core import game_themes

    source = "five_in_a_row" if game_id == "connect_four" else game_id
    table = catalog.get(game_id).puzzle_module().THEME_LESSONS
    lessons = importlib.import_module(f"gamekit.{'dots' if source == 'dots_and_boxes' else 'connect'}.lessons").LESSONS
    pages = {
        lesson.number: (ROOT / "notebooks" / f"{lesson.notebook}.md").read_text(encoding="utf-8")
        for lesson in lessons.values()
        if lesson.notebook.startswith(source)
    }
    for theme in game_themes(game_id):
        number, words = TAUGHT[source][theme]
        assert table[theme] and min(table[theme]) == number, (theme, table[theme])
        assert words in " ".join(pages[number].split()), (theme, number, words)
        first = min(l.number for l in lessons.values() if l.notebook.startswith(source) and theme in l.themes)
        assert first == number, (theme, first)
    assert table["side_column"] == (1,) if source == "five_in_a_row" else True


def test_the_practice_pages_name_the_lessons_the_homework_page_names():
    """The practice pages' "ideas" sentence and the teachers' homework page take an idea's lessons from one
    source (THEME_LESSONS, and the lessons the questions need): side-column discs are met in lesson 1, but every
    puzzle of their Practice is a win by force that needs lesson 2's threats, so both pages say lessons 1 and 2
    and "after lesson 2"; all-but-four from lesson 5."""
    from gamekit.puzzles.connect import lesson_needed
    from gamekit.puzzles.homework import theme_lessons, when_to_set

    root = ROOT / "notebooks"
    assert {lesson_needed(p) for p in practice_pool("five_in_a_row", "side_column")} == {2}
    assert theme_lessons("five_in_a_row", "side_column") == "1, 2"
    assert when_to_set("five_in_a_row", "side_column") == "after lesson 2"
    assert when_to_set("five_in_a_row", "block") == "after lesson 1" and theme_lessons("five_in_a_row", "block") == "1"
    page = (ROOT / "docs" / "teachers" / "homework.md").read_text(encoding="utf-8")
    assert re.search(r"\| `five-side_column-10-1` \| side disc \| 10 \| [0-9–]+ \| 1, 2 \| after lesson 2;", page)
    assert theme_lessons("dots_and_boxes", "all_but_four") == "5"
    en = " ".join((root / "practice" / "02_five_in_a_row.md").read_text(encoding="utf-8").split())
    es = " ".join((root / "es" / "practice" / "02_five_in_a_row.md").read_text(encoding="utf-8").split())
    assert "*Win now* and *block* come from lesson 1;" in en and "so they need lesson 2's threats too" in en
    assert "de la lección 1;" in es and "también piden las amenazas de la lección 2" in es
    dots = " ".join((root / "practice" / "01_dots_and_boxes.md").read_text(encoding="utf-8").split())
    assert (
        "past lesson 5" not in dots
        and "*All-but-four in a loop* (lesson 5)" in dots
        and "*When control is not worth it* (lesson 5)" in dots
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_lesson_chooser_always_shows_its_choice_every_idea_mixed_included(game_id):
    """The list's first choice, every idea mixed, has no lesson (None): the list must still show it as chosen,
    for a pupil who has practised and after going back to it from a lesson (a list with no choice shown reads as
    empty in the browser)."""
    from gamekit.puzzles.pools import lesson_choices

    mixed = lesson_choices(game_id)[0][0]
    progress.save_rating(game_id, 1200.0, 150.0, 0.06)  # a pupil who has practised: every idea, mixed
    p = Practice(game_id, seed=2)
    assert (p.lesson_menu.index, p.lesson_menu.label, p.lesson) == (0, mixed, None)
    lesson = lesson_choices(game_id)[1][1]
    p.choose_lesson(lesson)
    assert (p.lesson_menu.index, p.lesson_menu.value) == (1, lesson)
    p.choose_lesson(None)
    assert (p.lesson_menu.index, p.lesson_menu.label, p.lesson) == (0, mixed, None)
    p.lesson_menu.value = lesson  # chosen in the list, then back to every idea mixed
    p.lesson_menu.index = 0
    assert (p.lesson_menu.label, p.lesson) == (mixed, None)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_lesson_chooser_narrows_practice_to_the_ideas_a_lesson_taught(game_id):
    from gamekit.puzzles.pools import BEYOND, lesson_choices, lesson_pool, lesson_themes, practice_pool
    from gamekit.puzzles import core

    from gamekit.puzzles.pools import lessons_done

    p = Practice(game_id, seed=2)
    menu = p.lesson_menu
    # a labelled list; a new pupil starts on the first lesson's ideas (no lesson done yet), as the list shows
    assert menu is not None and menu.description and menu.value == lessons_done(game_id) == p.lesson
    assert p.pool == lesson_pool(game_id, p.lesson)
    progress.save_rating(game_id, 1200.0, 150.0, 0.06)  # a pupil who has practised: every idea, mixed
    assert Practice(game_id, seed=2).lesson_menu.value == MIXED
    choices = lesson_choices(game_id)
    assert choices[0][1] is None and [label for label, _ in menu.options] == [label for label, _ in choices]
    from gamekit import catalog

    table = catalog.get(game_id).puzzle_module().THEME_LESSONS
    for label, lesson in choices[1:]:
        puzzle = p.choose_lesson(lesson)
        themes = lesson_themes(game_id, lesson)
        assert p.lesson == lesson and menu.value == lesson and p.pool == lesson_pool(game_id, lesson)
        assert puzzle is p.puzzle and set(puzzle.themes) & set(themes)  # a puzzle about this lesson's idea
        for q in p.pool:  # and nothing taught only later
            assert set(q.themes) & set(themes)
            if lesson != BEYOND:
                assert all(table[t] and min(table[t]) <= lesson for t in q.themes), (q.id, q.themes)
        assert label in p.last_feedback and str(len(p.pool)) in p.last_feedback  # said in the live line
        asked = [t for t in themes if any(t in q.themes for q in p.pool) and practice_pool(game_id, t)]
        assert all(core.theme_name(game_id, t) in label for t in asked)  # a tag (next_roll) is not an idea
    p.choose_lesson(None)
    assert p.lesson is None and len(p.pool) == len(lesson_pool(game_id, None))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_pages_say_where_the_lesson_list_starts_as_practice_does(game_id):
    from gamekit import catalog
    from gamekit.puzzles.pools import lesson_choices, lessons_done

    page = {
        "dots_and_boxes": "01_dots_and_boxes",
        "five_in_a_row": "02_five_in_a_row",
        "connect_four": "03_connect_four",
        "shut_the_box": "04_shut_the_box",
    }[game_id]
    en = " ".join((ROOT / "notebooks" / "practice" / f"{page}.md").read_text(encoding="utf-8").split())
    es = " ".join((ROOT / "notebooks" / "es" / "practice" / f"{page}.md").read_text(encoding="utf-8").split())
    if game_id == "shut_the_box":  # the page says what to do, in one sentence; docs/puzzles.md says the logic
        assert "Choose a lesson in the list above the puzzle, or" in en and "Elige una lección en la lista" in es
        docs = " ".join((ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8").split())
        assert "The first time, the list above the puzzle starts at the ideas of the last lesson" in docs
    elif game_id in ("five_in_a_row", "connect_four"):  # the page says what to do; docs/puzzles.md says the logic
        assert "Choose the lesson whose ideas you want to practise." in en
        assert "Elige la lección cuyas ideas quieres practicar." in es
        docs = " ".join((ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8").split())
        assert "The first time, the list above the puzzle starts at the ideas of the last lesson" in docs
    else:
        assert "The first time, the list above the puzzle starts at the ideas of the last lesson you have done" in en
        assert "Once you have answered a puzzle here, or done the last lesson, it starts at" in en
        assert "Cuando ya has respondido a un problema aquí, o has hecho la última lección, empieza por" in es
    assert f"*{lesson_choices(game_id)[0][0]}*" in en
    with using("es"):
        assert f"*{lesson_choices(game_id)[0][0]}*" in es
    # the first time: the last lesson done (none yet: the first lesson)
    assert (
        Practice(game_id, seed=3).lesson_menu.value
        == lessons_done(game_id)
        == min(key for _, key in lesson_choices(game_id) if isinstance(key, int))
    )
    # the last lesson done: every idea, mixed
    last = max(key for _, key in lesson_choices(game_id) if isinstance(key, int))
    title = catalog.get(game_id).lesson_registry()[last].title
    progress.record(title, "q1", True)
    assert lessons_done(game_id) == last and Practice(game_id, seed=3).lesson_menu.value == MIXED
    progress.reset()
    # once a puzzle is answered here: every idea, mixed
    p = Practice(game_id, seed=3)
    assert p.lesson_menu.value != MIXED
    p.answer(p.puzzle.answers[0])
    assert Practice(game_id, seed=3).lesson_menu.value == MIXED


def test_the_five_page_says_lesson_1s_side_column_puzzles_win_at_once():
    """Lesson 1's Practice holds puzzles whose right drop finishes a five through an outer column's disc, and every
    side-column puzzle there is such a win; the page says so in words, with no count of puzzles."""
    from gamekit.puzzles.pools import lesson_pool

    pool = lesson_pool("five_in_a_row", 1)

    def side_five(p):
        for a in p.answers:
            after = p.position.copy()
            after.play(a)
            if after.winner() == p.position.to_move and any(after.is_side(c) for c, _ in after.winning_cells()):
                return True
        return False

    side = [p for p in pool if "side_column" in p.themes]
    assert side and all(side_five(p) for p in side)
    n = sum(side_five(p) for p in pool)
    later = [p for p in lesson_pool("five_in_a_row", 2) if "side_column" in p.themes and "win_now" not in p.themes]
    assert later  # "in the other side-column puzzles … the win (or the draw) comes a few drops later"
    for p in later + practice_pool("five_in_a_row", "side_column"):
        for a in p.answers:
            after = p.position.copy()
            after.play(a)
            assert after.winner() is None, p.id
    en = " ".join((ROOT / "notebooks" / "practice" / "02_five_in_a_row.md").read_text(encoding="utf-8").split())
    es = " ".join((ROOT / "notebooks" / "es" / "practice" / "02_five_in_a_row.md").read_text(encoding="utf-8").split())
    assert n > 0 and "In lesson 1's puzzles a side disc helps you win or block at once." in en
    assert f"of its {len(pool)} puzzles" not in en and f"de sus {len(pool)} problemas" not in es  # no counts
    assert "the win (or the draw) comes a few drops later" in en and "Its other puzzles win only by force" not in en
    assert "En los problemas de la lección 1, una ficha lateral te ayuda a ganar o a bloquear" in es
    assert "la victoria (o el empate) llega unas jugadas después" in es
    assert "do lesson 2 first" not in en and "haz antes la lección 2" not in es


def test_a_wrong_lesson_is_refused_and_changes_nothing():
    p = Practice("five_in_a_row", seed=1)
    p.choose_lesson(2)
    before = (p.lesson, list(p.pool), p.puzzle.id, p.lesson_menu.value)
    for bad, error in ((9, ValueError), ("two", TypeError), (True, TypeError), (2.0, TypeError)):
        with pytest.raises(error, match="lesson="):
            p.choose_lesson(bad)
        assert (p.lesson, list(p.pool), p.puzzle.id, p.lesson_menu.value) == before
    fixed = Practice.from_code("five-block-5-1")
    assert fixed.lesson_menu is None
    with pytest.raises(ValueError, match="fixed set"):
        fixed.choose_lesson(1)


def test_the_lesson_chooser_speaks_spanish_and_its_hint_is_the_lessons_idea():
    from gamekit.puzzles.pools import lesson_choices, lesson_themes

    with using("es"):
        labels = [label for label, _ in lesson_choices("dots_and_boxes")]
        assert labels[0].startswith("Todas") and labels[1].startswith("Lección 1")
    p = Practice("dots_and_boxes", seed=4)
    p.choose_lesson(4)
    hint = p.hint()
    taught = [t for t in p.puzzle.themes if t in lesson_themes("dots_and_boxes", 4)]
    from gamekit.puzzles.core import theme_hint

    assert hint.endswith(theme_hint("dots_and_boxes", taught[0]))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_right_answer_names_the_puzzles_idea_in_one_sentence_in_each_language(game_id):
    """After a right answer the feedback ends with the idea of the puzzle's theme (the set's own idea when a set
    is of one idea), in pupil words, English and Spanish; every theme of every game has its sentence."""
    from gamekit.puzzles.core import game_themes
    from gamekit.puzzles.practice_words import IDEAS, idea_words
    from gamekit.puzzles.pools import pool_themes, practice_pool

    for theme in game_themes(game_id):
        assert IDEAS[theme].startswith("The idea: ")
        with using("es"):
            assert tr(IDEAS[theme]).startswith("La idea: ")
        pool = practice_pool(game_id, theme)
        if not pool:
            continue
        p = Practice(game_id, theme=theme, puzzles=pool[:1])
        ok, feedback = p.answer(p.puzzle.answers[0])
        # the set's idea; a puzzle the idea's pool reads from another idea (``pool_themes``) names its own
        idea = theme if theme in p.puzzle.themes else p.idea_theme()
        assert idea in pool_themes(game_id, theme)
        assert ok and feedback.endswith(idea_words(p.puzzle, idea))
        if theme not in ("zugzwang", "safe_line", "one_die_or_two"):  # these name the idea that fits (idea_words)
            assert feedback.endswith(tr(IDEAS[idea]))
    with using("es"):
        p = Practice(game_id, seed=5)
        ok, feedback = p.answer(p.puzzle.answers[0])
        assert ok and "La idea: " in feedback and "The idea" not in feedback
    wrong = Practice(game_id, seed=5)
    bad = wrong_answers(wrong.puzzle)[0]
    assert "idea" not in wrong.answer(bad)[1].split("✘")[-1].lower().split(":")[0]
    with pytest.raises(ValueError, match="not a theme"):
        idea_words(wrong.puzzle, "nope")


@pytest.mark.parametrize("game_id", ["dots_and_boxes", "five_in_a_row", "connect_four"])
def test_no_board_puzzle_above_level_1_in_practice_is_a_good_guess(game_id):
    """A random drop or line is right less than half the time in every Practice puzzle above level 1 (read from
    the data: accepted answers against legal ones); the bank still has such puzzles, Practice leaves them out."""
    from gamekit.puzzles.pools import guessable, practice_pool
    from gamekit.puzzles.core import game_themes

    for theme in (None, *game_themes(game_id)):
        for p in practice_pool(game_id, theme):
            assert level(p.rating) == 1 or 2 * len(p.answers) < len(p.legal_answers()), p.id
    if game_id == "five_in_a_row":
        assert any(guessable(p) for p in bank(game_id))


def test_every_single_idea_homework_set_needs_its_idea():
    """Every one-idea code of the homework page holds only puzzles whose answer needs that idea: a puzzle the
    one-line rule (win at once, block; take a box, draw a safe line) answers by itself comes only in the sets of
    the ideas that are that rule, and a zugzwang set holds no puzzle where every other drop loses at once."""
    from gamekit import catalog
    from gamekit.puzzles.balance import one_step_rule
    from gamekit.puzzles.connect_lessons import under_threat_only
    from gamekit.puzzles.homework import homework_codes, parse_code
    from gamekit.puzzles.pools import pool_themes

    checked = 0
    for _, code, _, size in homework_codes():
        game_id, theme, n, seed = parse_code(code)
        if theme is None or game_id == "shut_the_box":
            continue
        rule_themes = catalog.get(game_id).puzzle_module().ONE_STEP_THEMES
        for p in homework_set(game_id, theme, n, seed):
            # the idea, or an idea its pool reads for the decision it asks (Dots: take, or double-deal?)
            assert set(p.themes) & set(pool_themes(game_id, theme)), (code, p.id)
            assert theme in rule_themes or one_step_rule(p) is None, (code, p.id)
            if theme == "zugzwang":
                assert not under_threat_only(p.position, wrong_answers(p)), (code, p.id)
            checked += 1
    first = homework_set("connect_four", "odd_even_threat", 7, 1)[0]
    assert one_step_rule(first) is None
    assert checked > 100


@pytest.mark.parametrize("game_id", ["dots_and_boxes", "five_in_a_row", "connect_four"])
def test_a_mixed_homework_set_takes_the_ideas_in_turn(game_id):
    """A code of all ideas holds at least one puzzle of as many ideas as it has room for (one per idea in turn)."""
    from gamekit.puzzles.pools import practice_pool
    from gamekit.puzzles.core import game_themes

    from gamekit.puzzles.dots_mixed import mixed_set_pool

    for seed in (1, 2, 3):
        pool = practice_pool(game_id)
        if game_id == "dots_and_boxes":  # only puzzles its idea sets of the same size and seed do not hold
            pool = mixed_set_pool(pool, 10, seed, homework_set, practice_pool)
        ideas = [t for t in game_themes(game_id) if any(t in p.themes for p in pool)]
        chosen = homework_set(game_id, None, 10, seed)
        covered = {t for p in chosen for t in p.themes}
        assert set(ideas[:10]) <= covered, (seed, set(ideas) - covered)
    # (every puzzle of the long-chain count's 6 is in its own set, so the mixed set draws none of them)
    assert {t for p in homework_set("dots_and_boxes", None, 10, 1) for t in p.themes} >= {
        "hard_hearted_handout",
        "all_but_four",
    }


def test_the_homework_page_prints_pupil_sheets_first_and_the_answer_key_apart(english_homework_page, homework_pages):
    """Each code's pupil sheet (question and board drawn as text, no answers) comes first; the answer key for the
    -1 codes comes after every sheet, each puzzle's number with its right answers (and in Spanish)."""
    from gamekit.puzzles.core import move_words
    from gamekit.puzzles.homework import homework_codes
    from gamekit.puzzles.homework_sheets import sheet_key

    page = english_homework_page
    assert page.index("## Pupil sheets") < page.index("## Answer key")
    sheets = page[page.index("## Pupil sheets") : page.index("## Answer key")]
    key = page[page.index("## Answer key") :]
    assert "codes ending in -1" in key and "```text" not in key
    assert "Why:" not in sheets and " — Why" not in sheets

    def part(text: str, code: str) -> str:
        start = text.index(f"### `{code}`")
        end = text.find("### `", start + 1)
        return text[start:] if end < 0 else text[start:end]

    for _, code, _, size in homework_codes():
        game_id, theme, n, seed = parse_code(code)
        assert seed == 1
        puzzles = list(homework_set(game_id, theme, n, seed))
        sheet, answers = part(sheets, code), part(key, code)
        keyed = bool(sheet_key(game_id))  # Dots and 5 en raya sheets open with a small board: how to read them
        assert sheet.count("```text") == len(puzzles) + keyed and len(puzzles) == size
        lines = sheet.count("Your answer: ___") + sheet.count("The tiles you cover (with + between them): ___")
        assert sheet.count("Name: ___") == 1 and lines == size
        practice = Practice.from_code(code)  # the page the same code opens
        rows = answers.splitlines()
        for i, p in enumerate(puzzles, 1):
            assert f"{i}. {practice.question()}" in sheet  # prompt, score and "n lines do it", as on screen
            assert practice.puzzle.id == p.id
            # the item's key lines: "i. answers — reason", or "i." and one "- answers — reason" per reason
            at = next(k for k, x in enumerate(rows) if x == f"{i}." or x.startswith(f"{i}. "))
            items = [rows[at][len(f"{i}. ") :]] if rows[at] != f"{i}." else []
            while not items or (at + 1 < len(rows) and rows[at + 1].startswith("   - ")):
                at += 1
                items.append(rows[at][len("   - ") :])
            said = {}
            for item in items:
                words, reason = item.split(" — ")
                said.update({w: reason for w in words.split(", ")})
            assert sorted(said) == sorted(move_words(game_id, a) for a in p.answers), (code, i)
            for a in p.answers:  # each answer's reason is the one Practice gives after that answer
                expected = why_right(practice.puzzle, practice.idea_theme(), a)
                assert said[move_words(game_id, a)] == expected, (code, i, a)
            ok, feedback = practice.answer(p.answers[0])
            assert ok and said[move_words(game_id, p.answers[0])] in feedback
            if game_id == "shut_the_box":  # one die or two: both, as the buttons show them; a set: none listed
                listed = [move_words(game_id, a) in sheet for a in p.legal_answers()]
                assert all(listed) if p.facts["kind"] == "dice" else not any(listed)
            practice.next()
        practice.close()  # done with: an answer shows the new level on every open board of the game
    assert "1 2 3 4 5 6 7" in sheets and "o---o" in sheets and "■ = a covered tile" in sheets and "Player" not in page
    es = homework_pages["es"]
    assert es.index("## Hojas del alumno") < es.index("## Soluciones")


def test_the_homework_page_says_when_to_set_each_code_and_about_how_long_it_takes(english_homework_page):
    """A line per code: after which lesson (the last lesson its ideas need) and the set's minutes, by level."""
    from gamekit.puzzles.homework import puzzle_minutes, when_to_set

    page = english_homework_page
    minutes = sum(puzzle_minutes(p) for p in homework_set("dots_and_boxes", "double_deal", 10, 1))
    assert "| `dots-double_deal-10-1` | double-deal: 7 double-deal, and 3 take every box for contrast | 10 |" in page
    assert f"| 5 | after lesson 5; about {minutes} minutes |" in page
    assert when_to_set("dots_and_boxes", None) == "after lesson 5"
    assert when_to_set("connect_four", "block") == "after 5 en raya lesson 1"
    assert "1 minute a puzzle at levels 1–3" in page
    easy = homework_set("connect_four", "win_now", 10, 1)  # 5 en raya's side-disc wins are level 2
    assert all(level(p.rating) == 1 for p in easy)
    assert "| `four-win_now-10-1` | win now | 10 | 1 | 1 | after 5 en raya lesson 1; about 10 minutes |" in page
    mixed = {level(p.rating) for p in homework_set("five_in_a_row", "win_now", 10, 1)}
    assert mixed == {1, 2}
    assert "| `five-win_now-10-1` | win now | 10 | 1–2 | 1 | after lesson 1; about 10 minutes |" in page
    with using("es"):
        assert when_to_set("connect_four", "block") == "después de la lección 1 de 5 en raya"


def test_one_wrong_answer_never_drops_more_than_one_level():
    """The Practice pages promise it: a level-10 pupil (2170 ± 200) who misses a 1395 puzzle is at level 9, not 8
    (Glicko-2 alone would drop about 190 points), at the lowest rating of level 9; smaller falls are Glicko's own."""
    from gamekit.puzzles.pools import practice_update
    from gamekit.puzzles.ratings import update

    pupil, puzzle = Rating(2170.0, 200.0), Rating(1395.0, 100.0)
    assert level(update(pupil, puzzle, False)[0].rating) == 8  # what the clamp is for
    after = practice_update(pupil, puzzle, False)
    assert level(after.rating) == 9 and level(after.rating - 1) == 8
    assert after.rd == update(pupil, puzzle, False)[0].rd
    assert practice_update(pupil, puzzle, True).rating == pupil.rating  # an easy solve lifts a pupil no higher
    small = Rating(1500.0, 60.0)
    assert practice_update(small, Rating(1500.0, 60.0), False) == update(small, Rating(1500.0, 60.0), False)[0]
    with pytest.raises(TypeError, match="solved"):
        practice_update(pupil, puzzle, "no")

    progress.save_rating("five_in_a_row", 2170.0, 200.0, 0.06)
    p = Practice.from_code("five-win_now-10-1")
    assert level(p.rating.rating) == 10 and level(p.puzzle.rating) == 1
    ok, _ = p.answer(wrong_answers(p.puzzle)[0])
    assert not ok and level(p.rating.rating) == 9 and level(progress.ratings()["five_in_a_row"]["rating"]) == 9


def test_shut_the_box_practice_never_shows_a_greyed_show_what_happens_button():
    """Shut the Box has no board line to play out, so the button stays off screen, even after a wrong answer."""
    p = Practice("shut_the_box", seed=5)
    assert p.refute_button.layout.display == "none"
    p.answer(wrong_answers(p.puzzle)[0])
    assert p.refute_button.layout.display == "none"
    p.next()
    assert p.refute_button.layout.display == "none"


def test_the_shut_the_box_practice_page_says_each_thing_once_in_both_languages():
    """At most four short bullets; the starting level, Stuck and Hint each said once; no code word of the program
    (the homework code's idea key) on the page; the Spanish twin adds nothing the English lacks."""
    root = ROOT / "notebooks"
    en = (root / "practice" / "04_shut_the_box.md").read_text(encoding="utf-8")
    es = (root / "es" / "practice" / "04_shut_the_box.md").read_text(encoding="utf-8")
    for text, start, stuck, hint in (
        (en, "Your level goes from", "**Stuck?**", "Press **Hint**"),
        (es, "Tu nivel va del", "**¿Te has atascado?**", "Pulsa **Pista**"),
    ):
        bullets = [line for line in text.splitlines() if line.startswith("* ")]
        assert len(bullets) <= 4, bullets
        low = text.lower()
        assert low.count(start.lower()) == 1 and low.count(stuck.lower()) == 1 and text.count(hint) == 1
    for text in (en, es):  # the pupil sees no code word of the program: no theme key, no puzzle id
        assert "best_set" not in text and "shut-" not in text
    assert "si empatan" not in es


def test_shut_the_box_practice_in_spanish_says_fichas_descubiertas_as_the_glossary_does():
    """Every question, hint, idea line and answer Practice shows for Shut the Box in Spanish calls the open tiles
    «fichas descubiertas» (docs/glossary.md, as the lessons do), never «fichas abiertas» or «números descubiertos»."""
    from gamekit.puzzles.homework import MAX_SET, set_code
    from gamekit.puzzles.practice_words import idea_words
    from gamekit.puzzles.pools import practice_pool

    words = []
    with using("es"):
        for theme in THEMES["shut_the_box"]:
            n = min(MAX_SET, len(practice_pool("shut_the_box", theme)))
            if not n:
                continue
            p = Practice.from_code(set_code("shut_the_box", theme, n, 1))
            while p.puzzle is not None and not p.finished:
                q = p.puzzle
                words += [p.question(), p.hint(), p.hint()] + [idea_words(q, t) for t in q.themes]
                words += [q.check(a)[1] for a in q.legal_answers()]
                p.next()
    text = " ".join(words)
    assert "fichas descubiertas" in text.lower()
    assert not re.search(r"fichas? abiertas?|números descubiertos", text, re.IGNORECASE)


def test_the_odd_even_idea_line_is_labelled_a_rule_of_thumb():
    """Allis' odd/even rule does not always decide a game: the idea line says "often", and names it a rule of
    thumb (in Spanish too)."""
    from gamekit.puzzles.practice_words import idea_words

    puzzle = homework_set("five_in_a_row", "odd_even_threat", 10, 1)[0]
    line = idea_words(puzzle, "odd_even_threat")
    assert line.startswith("The idea: ") and "(a rule of thumb)" in line and "often wins" in line
    with using("es"):
        assert "regla práctica" in idea_words(puzzle, "odd_even_threat")


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_no_question_names_its_idea(game_id):
    """ "Watch out: … Find the drop that stops it" (block) and "Find the drop that wins at once" (win now) gave the
    idea away, even at level 1: a question says only the stake, so the pupil spots the win or the threat; no
    question of the bank says a threat is there or that a drop wins at once."""
    for p in bank(game_id):
        assert "threatens" not in p.prompt() and "Find the drop that wins at once" not in p.prompt(), p.id


def test_a_mixed_homework_set_climbs_by_level_after_mixing_the_ideas():
    """An "all" code takes the ideas in turn, then orders the chosen puzzles by level, so a pupil never meets an
    easier puzzle after a harder one (the Practice page serves them in that order)."""
    from gamekit.puzzles.homework import homework_codes

    for _, code, _, _ in homework_codes():
        levels = [level(p.rating) for p in Practice.from_code(code).pool]
        assert levels == sorted(levels), (code, levels)
    themes = {t for p in homework_set("dots_and_boxes", None, 10, 1) for t in p.themes}
    assert len(themes) >= 5  # mixed, not one idea's puzzles


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_new_pupil_starts_low_on_the_first_lessons_ideas(game_id):
    """A pupil who has done no lesson starts at level 1 or 2, and the first puzzles Practice picks are about the
    first lessons' ideas (lesson 1 or 2; Shut the Box's first idea comes in lesson 3), not a later lesson's."""
    from gamekit import catalog
    from gamekit.puzzles.pools import lesson_choices, lessons_done, start_rating

    table = catalog.get(game_id).puzzle_module().THEME_LESSONS
    first = min(key for _, key in lesson_choices(game_id) if isinstance(key, int))  # the first with practice
    assert lessons_done(game_id) == first
    assert level(start_rating(game_id).rating) <= 2
    p = Practice(game_id, seed=3)
    assert level(p.rating.rating) <= 2
    assert f"Your level: {level(p.rating.rating)} of {top_level(game_id)}" in p.status_text()
    for _ in range(4):  # the first puzzles, all near the start
        assert min(min(table[t]) for t in p.puzzle.themes) <= max(first, 2), (p.puzzle.id, p.puzzle.themes)
        p.next()


def test_a_pupil_who_has_done_later_lessons_starts_higher():
    """Solving an exercise of a later lesson moves a new pupil's start to that lesson's puzzles; a saved rating is
    never overwritten by it."""
    from gamekit import catalog
    from gamekit.puzzles.pools import lessons_done, start_rating

    lessons = catalog.get("dots_and_boxes").lesson_registry()
    before = start_rating("dots_and_boxes").rating
    progress.record(lessons[2].title, "any exercise", False)  # tried, not solved: not done
    assert lessons_done("dots_and_boxes") == 1
    progress.record(lessons[4].title, "any exercise", True)
    assert lessons_done("dots_and_boxes") == 4
    assert start_rating("dots_and_boxes").rating > before and level(start_rating("dots_and_boxes").rating) >= 3
    progress.save_rating("dots_and_boxes", 1234.0, 120.0, 0.06)
    assert Practice("dots_and_boxes", seed=1).rating.rating == 1234.0
    with pytest.raises(ValueError):
        start_rating("chess")


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_lesson_one_practice_asks_only_wins_at_once_and_blocks(game_id):
    """The lesson menu's "Lesson 1" (win now, block, side column) serves only questions a lesson-1 pupil can
    answer: a drop that wins at once, or the block of the one threat — never a win by force many moves later,
    even when the puzzle is tagged *side column*; those wait for lesson 2's threats."""
    from gamekit.puzzles.connect import lesson_needed
    from gamekit.puzzles.connect_best_line import wins_at_once, wins_at_once_for
    from gamekit.puzzles.pools import lesson_pool, practice_pool

    pool = lesson_pool(game_id, 1)
    assert pool
    for p in pool:
        game = p.position
        wins = set(wins_at_once(game))
        threats = set(wins_at_once_for(game, 1 - game.to_move))
        assert wins or (len(threats) == 1 and set(p.answers) <= threats), (p.id, p.prompt())
        assert level(p.rating) <= 2, p.id
    if game_id == "five_in_a_row":  # shipped: forced wins tagged side column, kept for the mixed pool
        later = [p for p in practice_pool(game_id, "side_column") if lesson_needed(p) == 2]
        assert later and not {p.id for p in later} & {p.id for p in pool}


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_no_practice_puzzle_above_level_3_falls_to_the_centre_rule(game_id):
    """ "Drop nearest the centre where the opponent cannot win at once" answers many shipped puzzles rated
    higher; Practice asks each of them at level 3 at most, for every idea and in the mixed pool, and keeps the rest."""
    from gamekit.puzzles.connect import CENTRE_RATING, centre_habit, centre_rule
    from gamekit.puzzles.connect_best_line import wins_at_once
    from gamekit.puzzles.connect_thumbs import centre_picks
    from gamekit.puzzles.core import game_themes

    shipped = {p.id: p for p in bank(game_id)}
    answered = [p for p in shipped.values() if level(p.rating) > 3 and centre_rule(p)]
    assert answered  # the shipped bank has them: the rule is worth screening
    for theme in [None, *game_themes(game_id)]:
        pool = practice_pool(game_id, theme)
        for p in pool:
            if level(p.rating) > 3:
                assert not centre_rule(p), (theme, p.id)
            elif centre_habit(p):
                assert p.rating == CENTRE_RATING
    p = answered[0]
    picks = centre_picks(p.position)
    assert picks and set(picks) <= set(p.answers)
    for m in picks:  # a pick never lets the opponent win at once
        g = p.position.copy()
        g.play(m)
        assert g.is_over() or not wins_at_once(g)


def test_spanish_practice_words_follow_the_glossary():
    """A 5 en raya / Connect Four cell is a «hueco» (a «casilla» is a Dots box) and a Dots loop a «bucle»."""
    from gamekit.puzzles.practice_words import UNDER_THREAT_WHY, WHY

    with using("es"):
        board = [tr(WHY[t]) for t in ("win_now", "block", "side_column", "double_threat", "odd_even_threat")]
        board += [
            tr(UNDER_THREAT_WHY),
            tr(
                "The mistake: column {n} fills the cell under {other}'s threat, so {other} makes {k} in column {m}.",
                n=3,
                other="X",
                k=5,
                m=4,
            ),
        ]
        assert all("casilla" not in s for s in board) and "hueco" in tr(WHY["block"])
        assert "bucle" in tr(WHY["all_but_four"]) and "ciclo" not in tr(WHY["all_but_four"])
    page = (ROOT / "docs" / "teachers" / "es" / "homework.md").read_text(encoding="utf-8")
    assert "ciclo" not in page


def test_a_homework_set_spreads_puzzles_with_the_same_answer():
    """The one-die-or-two set does not run "one die" three times and then "two dice": within a level, puzzles with
    the same answer take evenly spaced places (neither at the start only nor at the end only, no long gap), the
    same every time; a set whose answers all differ keeps its easy-to-hard order."""
    from gamekit.puzzles.homework import answers_spread

    for seed in range(1, 6):
        s = homework_set("shut_the_box", "one_die_or_two", 10, seed)
        dice = [p.answers[0][1] for p in s]
        ones = [i for i, d in enumerate(dice) if d == 1]
        assert ones and ones != list(range(len(ones))) and ones != list(range(10 - len(ones), 10)), dice
        assert max(b - a for a, b in zip([-1] + ones, ones + [10])) <= 10 // len(ones) + 2, dice
        assert s.ids == homework_set("shut_the_box", "one_die_or_two", 10, seed).ids
        assert sorted(s.ids) == sorted(p.id for p in answers_spread(list(s)))
    dots = homework_set("dots_and_boxes", "safe_line", 10, 1)
    if len({tuple(sorted(map(action_key, p.answers))) for p in dots}) == len(dots):
        assert [p.rating for p in dots] == sorted(p.rating for p in dots)


def test_the_one_die_mistake_names_the_open_tiles_in_plain_words():
    from gamekit.puzzles.shut_words import mistake_words as shut_mistake

    said = set()
    for puzzle in bank("shut_the_box"):
        if puzzle.facts.get("kind") != "dice":
            continue
        for action in wrong_answers(puzzle):
            text = shut_mistake(puzzle, action)
            if text is None:
                continue
            tiles = puzzle.facts["open"]
            with using("es"):
                es = shut_mistake(puzzle, action)
            if len(tiles) == 1:
                assert f"with the {tiles[0]} open," in text and f"con el {tiles[0]} descubierto," in es
            else:
                assert "with tiles " in text and "con las fichas " in es and " y " in es
            said.add(len(tiles) == 1)
    assert said == {True, False}


def test_the_shut_practice_page_tells_the_truth_about_rules_and_rules_of_thumb():
    """The page's claims about the "which set?" pool hold: the best set under another one-die rule is the same as
    under the lessons' rule in every such puzzle (so the page says so, and never that the best choice changes),
    and the page prints no rule of thumb nor how many questions one answers (teachers' figures, docs/puzzles.md)."""
    from gamekit.puzzles.shut_census import position_at
    from gamekit.puzzles.shutbox import LESSON_RULE, candidate

    pool = practice_pool("shut_the_box", "best_set")
    other = [p for p in pool if p.facts["one_die"] != LESSON_RULE]
    assert other
    changed = 0
    for p in other:
        game = position_at(LESSON_RULE, p.facts["open"], p.facts["roll"])
        lessons = candidate(game, p.facts["objective"], habits=False) if game is not None else None
        changed += lessons is not None and set(lessons.answers) != set(p.answers)
    en = " ".join((ROOT / "notebooks/practice/04_shut_the_box.md").read_text(encoding="utf-8").split())
    es = " ".join((ROOT / "notebooks/es/practice/04_shut_the_box.md").read_text(encoding="utf-8").split())
    assert "rule of thumb" not in en and "regla práctica" not in es
    assert changed == 0  # the other rule never changes a best set, so the page need not warn that it does
    assert "can change with" not in en and "puede cambiar con" not in es
    assert "are worked out with it" not in en


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_a_wrong_drop_says_who_wins_with_the_best_drop(game_id):
    """After "Then yellow wins." the feedback names who the best drop wins for, never a bare "The best drop
    wins."; the same in Spanish."""
    from gamekit.puzzles.connect_words import later_words

    later = {" " + (later_words(p, a) or "") for p in practice_pool(game_id)[:40] for a in wrong_answers(p)}
    for p in practice_pool(game_id)[:40]:
        for a in wrong_answers(p):
            _, text = p.check(a)
            assert "The best drop wins." not in text and "The best drop keeps the draw." not in text
            if p.facts["best"] > 0:
                mover = "red" if p.position.to_move == 0 else "yellow"
                # then, where the short line was cut before an answer, how far off the opponent's win is
                assert text.split(f"With the best drop, {mover} wins.")[1] in ("", *later), text
                with using("es"):
                    _, es = p.check(a)
                assert "Con la mejor jugada gana el " + ("rojo." if mover == "red" else "amarillo.") in es, es


@pytest.mark.parametrize("lv, right", [(2, True), (2, False)])
def test_mixed_practice_mixes_ideas_at_levels_where_one_idea_is_nearest(lv, right):
    """Dots levels 2 and 3 hold only lesson 3's two ideas (hard-hearted handout, which chain or loop to open; lesson
    5's decisions are at levels 6 to 8, the nearest other ideas at levels 1 and 4): free practice of all the ideas
    still mixes them there — never more than MAX_SAME_IDEA puzzles of one idea in a row — whether the pupil solves
    or misses, so the page's "mixed" holds at every level."""
    from gamekit.puzzles.practice import MAX_SAME_IDEA

    at_level = [p for p in practice_pool("dots_and_boxes") if level(p.rating) == lv]
    assert {p.themes[0] for p in at_level} == {"hard_hearted_handout", "which_to_open"}  # the case this guards
    three = {p.themes[0] for p in practice_pool("dots_and_boxes") if level(p.rating) == lv + 1}
    assert three == {p.themes[0] for p in at_level}  # the idea is nearest on both sides of the pupil
    four = {p.themes[0] for p in practice_pool("dots_and_boxes") if level(p.rating) == lv + 2}
    assert len(four) >= 3 and three < four
    progress.save_rating("dots_and_boxes", at_level[0].rating, 60.0, 0.06)
    p = Practice("dots_and_boxes", seed=4)
    assert p.lesson is None  # all the ideas, mixed
    ideas = []
    for _ in range(12):
        ideas.append(p.idea_theme())
        p.answer(p.puzzle.answers[0] if right else wrong_answers(p.puzzle)[0])
        p.next()
    runs = [ideas[i : i + MAX_SAME_IDEA + 1] for i in range(len(ideas) - MAX_SAME_IDEA)]
    assert all(len(set(run)) > 1 for run in runs), ideas
    # one idea chosen: only that idea's list, which asks the double-deal's decision both ways (a take-all puzzle
    # of it is praised as "when control is not worth it", the idea that says why taking is right)
    from gamekit.puzzles.dots_decisions import take_all_choice

    p = Practice("dots_and_boxes", theme="double_deal", seed=4)
    own = {q.id for q in practice_pool("dots_and_boxes", "double_deal")}
    for _ in range(4):
        assert p.puzzle.id in own
        assert p.idea_theme() == ("control_not_worth_it" if take_all_choice(p.puzzle) else "double_deal")
        p.next()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_puzzles_title_shows_its_level_on_the_status_lines_scale(game_id):
    """The status line says "Your level: N of M", M the highest level the game's pupils can reach; the puzzle's
    title says the puzzle's level (never a second scale of easy and hard, never "of 10"), in English and in
    Spanish."""
    with using("en"):
        p = Practice(game_id, seed=3)
        shown = level(p.puzzle.rating)
        assert f"· level {shown}" in p.title.value and f"of {top_level(game_id)}" in p.status.value
        assert f"of {LEVELS}" not in p.title.value or top_level(game_id) == LEVELS
        assert not any(word in p.title.value for word in ("easy", "medium", "hard"))
    with using("es"):
        p = Practice(game_id, seed=3)
        assert f"· nivel {level(p.puzzle.rating)}" in p.title.value


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_bad_homework_code_is_refused_in_pupil_words(game_id):
    """The refusal of something that is not a code says, in a pupil's words, to copy the teacher's code as
    written: it shows no example code (a code is made of internal names, like an idea's); the example code
    still opens; a game that is not one is refused by name."""
    box = HomeworkBox(game_id)
    box.input.value = "nonsense"
    box.on_open(None)
    said = box.message.value
    assert "Copy the code exactly as your teacher wrote it" in said
    assert example_code(game_id) not in said and not re.search(r"\w+-\w+-\d+-\d+", said)
    assert parse_code(example_code(game_id))[0] == game_id
    assert box.open_code(example_code(game_id)) is not None
    with pytest.raises(ValueError, match="chess"):
        parse_code("nonsense", "chess")
