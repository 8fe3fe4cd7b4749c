"""Dots lessons, fifth reading: lesson 5's final challenge cannot be passed by always refusing, and the page
teaches all-but-four (what a loop costs) before the exercise that needs it."""

from __future__ import annotations

from pathlib import Path

from gamekit.dots import lessons as L
from gamekit.dots.lesson5_exercises import deal_lines
from gamekit.dots.lesson5_take_all import all_but_four_lines
from gamekit.dots.lesson_exercise import final_score_text
from gamekit.dots.lesson_pictures import boxes_won
from gamekit.dots.solver import move_values

ROOT = Path(__file__).resolve().parents[2]
PAGE = "05_double_dealing_and_control.md"


def _page(lang: str = "en") -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return (folder / PAGE).read_text(encoding="utf-8")


def test_a_final_challenge_is_won_only_by_taking_everything():
    """Challenge 1 (exercise 7): every best line (exact solver) takes a box, and exactly those are accepted; the
    all-but-four refusal is refused with its own reason and both final scores."""
    ex = L.exercises(5)["l5_ex8"]
    game = ex.game
    values = move_values(game)
    best = {l for l, v in values.items() if v == max(values.values())}
    assert set(ex.solutions) == best and all(boxes_won(game, l) for l in best)
    for line in best:
        assert ex.check(line)[0]
    refusals = all_but_four_lines(game) + deal_lines(game)
    assert refusals and ex.wrong[0] in refusals
    for line in refusals:
        ok, feedback = ex.check(line)
        assert not ok and "all-but-four" in feedback and "chain of 2 by its middle line" in feedback
        assert final_score_text(game, values[line]) in feedback
        assert final_score_text(game, max(values.values())) in feedback
    other = next(l for l in ex.wrong if l not in refusals)
    ok, feedback = ex.check(other)
    assert not ok and "all-but-four" not in feedback


def test_always_refusing_fails_the_final_challenge():
    """A pupil who refuses whenever boxes are on offer (double-deal, all-but-four) fails a final challenge."""
    failed = []
    for name in ("l5_ex8", "challenge_loop"):
        ex = L.exercises(5)[name]
        refusals = all_but_four_lines(ex.game) + deal_lines(ex.game)
        if any(not ex.check(line)[0] for line in refusals):
            failed.append(name)
    assert failed == ["l5_ex8"]


def test_all_but_four_is_taught_before_the_exercise_that_counts_it():
    """Exercise 3 weighs refusing a loop (four boxes): the page defines all-but-four, and why it costs four, above
    exercise 3, in English and Spanish, but below exercise 2, which asks for it (6 − 4) and must not be told it."""
    from gamekit.dots.lesson_explanations import explanation
    from gamekit.i18n import using

    held = 'L.after_exercise("loop_six", score, explanation("leave_four"))'  # shown once exercise 2 is answered
    for lang, term, two, three in (
        ("en", "**all-but-four**", "### Exercise 2", "### Exercise 3"),
        ("es", "**todas menos cuatro**", "### Ejercicio 2", "### Ejercicio 3"),
    ):
        page = _page(lang)
        assert page.index('L.exercise("loop_six"') < page.index(held) < page.index(three), lang
        assert page.index(two) < page.index('L.exercise("loop_six"'), lang
        assert page.count(held) == 1 and term not in page, lang
        with using(lang):
            assert term in str(explanation("leave_four")), lang


def test_no_unchecked_question_sits_above_exercise_5():
    """The lead-in of exercise 5 is a sentence, not a question the page never checks."""
    for lang, head in (("en", "### Exercise 5"), ("es", "### Ejercicio 5")):
        page = _page(lang)
        start = page.rindex("```", 0, page.index(head))
        after = page.index("```", page.index(head))
        assert "?" not in page[start:after], lang


def test_the_guides_challenge_1_reasoning_is_the_solvers():
    """The guide's worked reasoning for exercise 9 gives the accepted lines, the all-but-four line and the two final
    scores the exact solver gives (English and Spanish)."""
    from gamekit.dots.lesson_exercise import final_score

    ex = L.exercises(5)["l5_ex8"]
    game, values = ex.game, move_values(ex.game)
    refusal = all_but_four_lines(game)[0]
    for path, head, gold in (
        ("docs/teachers/dots.md", "Exercise", "Gold"),
        ("docs/teachers/es/dots.md", "Ejercicio", "Dorado"),
    ):
        text = " ".join((ROOT / path).read_text(encoding="utf-8").split())
        part = text[text.index(f"**{head} 9** (") :]
        part = part[: part.index(f"**{head} 10**")]
        assert all(f"`{line}`" in part for line in ex.solutions) and f"`{refusal}`" in part, path
        for v in (max(values.values()), values[refusal]):
            g, c = final_score(game, v)
            assert f"{gold} {g}, Coral {c}" in part, path


def _page4(lang: str = "en") -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return (folder / "04_long_chain_rule.md").read_text(encoding="utf-8")


def test_lesson_4_asks_no_unchecked_question_between_the_tally_and_exercise_7():
    """After the tally the page gives a task on the pupil's own table (mark the last line that changed the count),
    not a question nothing checks."""
    for lang, head in (("en", "### Exercise 7"), ("es", "### Ejercicio 7")):
        page = _page4(lang)
        between = page[page.index("tally_check()") : page.index(head)]
        assert "?" not in between and "¿" not in between, lang


def test_lesson_4_exercise_5_counting_the_boxes_gets_its_own_reason():
    """20 on the 5×4 board is the boxes counted instead of the dots: the feedback says so, not the generic line."""
    ex = L.exercises(4)["total"]
    boxes = ex.game.geometry.n_boxes
    ok, feedback = ex.check(str(boxes))
    assert not ok and "number of boxes" in feedback and "dots" in feedback
    assert not feedback.startswith("Not ")
    assert boxes in ex.wrong
    assert ex.check(ex.solutions[0])[0]
