"""Lessons 1 and 2's "More practice": boards the lesson makes itself, whose questions need the lesson's idea.  The
greedy rule "take a box if you can, else any safe line" must not answer them: each item accepts fewer lines than
that rule allows, every wrong answer kind is refused with its own reason, and no board is one of the lesson's
exercise boards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.analysis import capture_lines, safe_lines
from gamekit.dots.lesson_practice import MadeProblemSet
from gamekit.dots.lesson2_exercises import wins_safe_race
from gamekit.dots.lesson_exercise import after_line
from gamekit.dots.solver import move_values


def greedy(game) -> set[str]:
    """The lines the rule "take a box if you can, else any safe line" allows."""
    return set(capture_lines(game)) or set(safe_lines(game))


@pytest.mark.parametrize("lesson", [1, 2])
def test_every_item_needs_more_than_the_greedy_rule(lesson):
    items = L.practice_exercises(lesson)
    assert isinstance(L.LESSONS[lesson].practice, MadeProblemSet)
    assert [ex.level for ex in items] == ["easy", "medium", "hard"]
    for ex in items:
        if ex.click:
            allowed = greedy(ex.game)
            accepted = {str(s) for s in ex.solutions}
            assert accepted < allowed, ex.key  # some line the rule allows is refused
            refused = [line for line in allowed - accepted if not ex.check(line)[0]]
            assert refused, ex.key
        else:  # a number to type: no line the rule picks is an answer
            assert all(isinstance(s, int) or s.isdigit() for s in ex.solutions), ex.key


@pytest.mark.parametrize("lesson", [1, 2])
def test_the_boards_differ_from_the_lessons_exercises(lesson):
    exercise_boards = {ex.game.drawn for ex in L.exercises(lesson).values() if ex.game is not None}
    for ex in L.practice_exercises(lesson):
        assert ex.game.drawn not in exercise_boards, ex.key
    boards = [ex.game.drawn for ex in L.practice_exercises(lesson)]
    assert len(set(boards)) == len(boards)


def test_lesson_2_count_item_refuses_each_wrong_count_with_its_reason():
    count = L.practice_exercises(2)[0]
    n = len(safe_lines(count.game))
    assert count.solutions[0] == n == 3
    assert count.check(n)[0] and count.check(str(n))[0]
    fewer, more = count.check(n - 1), count.check(n + 1)
    assert not fewer[0] and fewer[1].startswith("There are more than")
    assert not more[0] and more[1].startswith("Fewer than")
    assert fewer[1] != more[1]


@pytest.mark.parametrize("place", [1, 2])
def test_lesson_2_race_items_accept_exactly_the_race_winners_and_the_solvers_best(place):
    ex = L.practice_exercises(2)[place]
    game = ex.game
    safe = safe_lines(game)
    winners = sorted(line for line in safe if not wins_safe_race(after_line(game, line)))
    values = move_values(game)
    best = sorted(line for line, v in values.items() if v == max(values.values()))
    assert sorted(ex.solutions) == winners == best
    assert len(winners) < len(safe)
    for line in game.legal_moves():
        ok, feedback = ex.check(line)
        assert ok == (line in winners), line
        if line in winners:
            continue
        if line in safe:  # a safe line that loses the race: the reply that makes you run out first
            assert feedback.startswith(f"After {line},") and "the first with no safe line" in feedback, feedback
        else:  # a line that is not safe: the box it gives away
            assert feedback.startswith(f"{line} is not safe"), feedback
    unsafe = [w for w in ex.wrong if w not in safe]
    assert unsafe and len(unsafe) < len(ex.wrong)  # both kinds of wrong line are among the examples


def test_lesson_2_levels_are_truthful():
    count, medium, hard = L.practice_exercises(2)
    assert len(safe_lines(count.game)) < len(safe_lines(medium.game)) < len(safe_lines(hard.game))
    assert [ex.puzzle.band for ex in (count, medium, hard)] == ["easy", "medium", "hard"]


def test_a_made_set_refuses_a_bad_board_question_or_order():
    item = (("avoid_third_side", "easy"),)
    for made in (
        (("no_such_board", "count_safe", "easy"),),
        (("practice_count", "guess", "easy"),),
        (("practice_count", "count_safe", "simple"),),
        (),
        (("practice_race_seven", "safe_race", "hard"), ("practice_count", "count_safe", "easy")),
    ):
        with pytest.raises(ValueError, match="made="):
            MadeProblemSet("dots_and_boxes", item, made=made)
    wrong_theme = MadeProblemSet(
        "dots_and_boxes", (("take_box", "easy"),), made=(("practice_count", "count_safe", "easy"),)
    )
    with pytest.raises(ValueError, match="practice_count"):
        wrong_theme.puzzles()
    easier_than_the_bank = MadeProblemSet(  # the bank rates this board hard: it cannot be shown as easy
        "dots_and_boxes", (("safe_line", "easy"),), made=(("practice_race_seven", "safe_race", "easy"),)
    )
    with pytest.raises(ValueError, match="practice_race_seven"):
        easier_than_the_bank.puzzles()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_2_practice_intro_says_what_each_board_asks_and_names_no_line(lang):
    """The old intro, "click the line you would draw", fitted bank boards the greedy rule answered; the new one says
    the three questions (count, then the race twice) and gives no line away."""
    folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
    page = (Path(__file__).resolve().parents[2] / folder / "02_third_sides.md").read_text(encoding="utf-8")
    head = "## More practice" if lang == "en" else "## Más práctica"
    intro = page[page.index(head) : page.index("```{code-cell}", page.index(head))]
    said = ("count the safe lines", "race") if lang == "en" else ("cuenta las líneas seguras", "carrera")
    assert all(s in intro for s in said), intro
    assert not re.search(r"[a-d][1-4]-[a-d][1-4]", intro), intro


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1_practice_intro_says_what_each_board_asks_and_names_no_line(lang):
    """ "Boxes are on offer, so click a line that takes one" once solved every problem before it was seen; the
    intro now says the questions (the line that wins two boxes; count the boxes with three sides) and no line."""
    folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
    page = (Path(__file__).resolve().parents[2] / folder / "01_rules_and_terms.md").read_text(encoding="utf-8")
    head = "## More practice" if lang == "en" else "## Más práctica"
    intro = page[page.index(head) : page.index("```{code-cell}", page.index(head))].lower()
    said = ("wins two boxes", "three sides") if lang == "en" else ("gana dos casillas", "tres lados")
    assert all(s in intro for s in said), intro
    assert not any(s in intro for s in (("on offer", "takes one") if lang == "en" else ("a tu alcance", "llévate")))
    assert not re.search(r"[a-d][1-4]-[a-d][1-4]", intro), intro


def test_lesson_1_two_box_items_refuse_one_box_and_no_box_lines_each_with_its_reason():
    for ex in L.practice_exercises(1)[:2]:
        game = ex.game
        reasons = {ex.check(w)[1].split(": ")[0].split(" ", 1)[1] for w in ex.wrong}
        assert any(r.startswith("wins box") for r in reasons) and "wins no box" in reasons, reasons
        assert sorted(ex.solutions) == [l for l in game.legal_moves() if ex.check(l)[0]]
        edge = [w for w in ex.wrong if len(game.geometry.line_boxes[game.line_index(w)]) == 1]
        for w in edge:
            if ex.check(w)[1].split(" ", 2)[1] == "wins" and "no box" not in ex.check(w)[1]:
                assert "on the edge of the board" in ex.check(w)[1]


def test_lesson_1_count_item_refuses_each_trap_with_its_reason():
    ex = L.practice_exercises(1)[2]
    assert ex.check(4)[0] and not ex.check(5)[0]
    assert len({ex.check(w)[1] for w in ex.wrong}) == len(ex.wrong)
