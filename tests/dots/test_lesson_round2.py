"""Dots lessons, round 2 of the strict reading: nothing on the page or in a wrong answer's feedback names an
exercise's answer before it is answered, and each wrong answer gets its own reason."""

from __future__ import annotations

from pathlib import Path

from gamekit.dots import lessons as L
from gamekit.dots import lesson_positions
from gamekit.dots.lesson_pictures import boxes_text, step_through

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _page(lesson: int, lang: str = "en") -> str:
    folder = NOTEBOOKS / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return next(folder.glob(f"0{lesson}_*.md")).read_text(encoding="utf-8")


def test_lesson_1_first_box_wrong_clicks_get_their_own_reason_and_never_name_the_box_or_its_line():
    ex = L.exercises(1)["first_box"]
    (right,) = ex.solutions
    box = boxes_text(ex.game, lesson_positions.third_side_boxes(ex.game))
    reasons = set()
    for line in ex.game.legal_moves():
        ok, feedback = ex.check(line)
        assert ok == (line == right), line
        if not ok:
            assert right not in feedback and f"box {box}" not in feedback and "wins no box" in feedback, feedback
            reasons.add(feedback.replace(line, "…"))
    assert len(reasons) >= 2  # a line beside an empty box and a line beside a box with a side are told apart


def test_lesson_1_lines_hint_gives_no_number_of_the_answer():
    ex = L.exercises(1)["lines_3x2"]
    assert not any(ch.isdigit() for ch in ex.hint), ex.hint


def test_lesson_2_take_box_wrong_clicks_never_name_the_box_with_three_sides():
    for name in ("take_box", "take_decoys"):
        ex = L.exercises(2)[name]
        on_offer = [boxes_text(ex.game, [b]) for b in lesson_positions.third_side_boxes(ex.game)]
        for line in ex.game.legal_moves():
            ok, feedback = ex.check(line)
            if not ok:
                assert "is the one with three sides" not in feedback and "draw its missing side" not in feedback
                assert not any(s in feedback for s in ex.solutions), feedback
                for box in on_offer:
                    assert f"Box {box}" not in feedback, feedback


def test_lesson_5_the_double_deal_step_through_opens_only_once_exercise_1_is_answered():
    score = L.LessonScore("round2 test, double deal")
    ex = L.exercise("double_deal_score", score)
    held = L.after_exercise("double_deal_score", score, step_through("double_deal"))
    assert len(held.children) == 1 and "Coral 3" not in held.children[0].value
    ex.submit("5")  # a wrong answer keeps it closed
    assert "Show answer" in held.children[0].value
    ok, _ = ex.submit(str(L.exercises(5)["double_deal_score"].solutions[0]))
    assert ok and held.children[0].__class__.__name__ == "StepThrough"
    shown = L.LessonScore("round2 test, double deal shown")
    other = L.exercise("double_deal_score", shown)
    held = L.after_exercise("double_deal_score", shown, step_through("double_deal"))
    other.show_answer()
    assert held.children[0].__class__.__name__ == "StepThrough"
    for lang in ("en", "es"):
        page = _page(5, lang)
        assert 'L.after_exercise("double_deal_score", score, step_through("double_deal"))' in page
        assert page.index('L.exercise("double_deal_score"') < page.index("L.after_exercise(")
