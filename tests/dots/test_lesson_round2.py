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


def test_lesson_5_challenge_3_asks_for_the_whole_plan_checked_by_the_solver():
    """Grabbing either box on offer was a 50-50: now the pupil types both lines. Accepted: exactly the plans whose
    lines are each a best line (exact solver); the right answer names the follow-up; the other box first, refusing
    at once and grabbing everything each get their own reason with the score they lead to."""
    from gamekit.dots.lesson_exercise import after_line, completes_box, final_score_text
    from gamekit.dots.solver import move_values

    ex = L.exercises(5)["l5_ex10"]
    game = ex.game
    values = move_values(game)
    best = max(values.values())
    plans = set()
    for first in (l for l, v in values.items() if v == best):
        after = after_line(game, first)
        then = move_values(after)
        plans |= {f"{first}, {l}" for l, v in then.items() if v == max(then.values())}
    assert set(ex.solutions) == plans == {"c4-d4, a3-a4"} and not ex.click
    ok, feedback = ex.check("c4-d4 then a3-a4")
    assert ok and "a3-a4" in feedback and "chain of 6" in feedback and "Gold 7, Coral 2" in feedback
    reasons = {}
    for plan in ("b3-b4, c4-d4", "a3-a4", "c4-d4, b3-b4", "c4-d4, a1-a2"):
        ok, feedback = ex.check(plan)
        assert not ok, plan
        reasons[plan] = feedback
    assert "box a3 its third side" in reasons["b3-b4, c4-d4"] and "Gold 3, Coral 6" in reasons["b3-b4, c4-d4"]
    assert "wins no box" in reasons["a3-a4"] and final_score_text(game, values["a3-a4"]) in reasons["a3-a4"]
    assert "grabs the rest" in reasons["c4-d4, b3-b4"]
    assert len(set(reasons.values())) == len(reasons)
    assert all(completes_box(game, p.split(",")[0]) for p in ex.solutions)
    for typed in ("c4-d4", "", "c4-d4, z9-z8"):  # half a plan, nothing, a line off the board: refused, not judged
        ok, feedback = ex.check(typed)
        assert not ok and "Gold 3" not in feedback


def test_lesson_5_no_single_policy_passes_every_take_or_refuse_exercise():
    """Always taking a box on offer, and never taking one, each fail at least one lesson 5 exercise where boxes are
    on offer (the exact solver's answers)."""
    from gamekit.dots.lesson_exercise import completes_box

    take_fails = refuse_fails = 0
    for name, ex in L.exercises(5).items():
        if not ex.click or not any(completes_box(ex.game, l) for l in ex.game.legal_moves()):
            continue
        takes = [l for l in ex.game.legal_moves() if completes_box(ex.game, l)]
        others = [l for l in ex.game.legal_moves() if l not in takes]
        take_fails += not any(ex.check(l)[0] for l in takes)
        refuse_fails += not any(ex.check(l)[0] for l in others)
    plan = L.exercises(5)["l5_ex10"]
    assert not plan.check("b3-b4, a3-a4")[0] and not plan.check("c4-d4, b3-b4")[0] and not plan.check("a3-a4")[0]
    assert take_fails >= 2 and refuse_fails >= 2, (take_fails, refuse_fails)
