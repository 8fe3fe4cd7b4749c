"""Dots lessons, final strict reading: the text around exercises names none of their answers, and a wrong answer's
reason does not hand over the other option."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _page(lesson: int, lang: str = "en") -> str:
    folder = NOTEBOOKS / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return next(folder.glob(f"0{lesson}_*.md")).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_the_sacrifice_text_names_no_line_or_dot_of_exercise_9_or_10s_answers(lang):
    page = _page(4, lang)
    start = page.index("**sacrifice**" if lang == "en" else "**sacrificio**")  # the teaching before exercise 9 too
    after = page[start : page.index("L.practice(4")]
    named = set(re.findall(r"\b[a-z]\d\b", after))
    for name in ("l4_ex8", "l4_ex11"):
        for line in L.exercises(4)[name].solutions:
            assert line not in after, line
            assert not named & set(line.split("-")), (line, named)


@pytest.mark.parametrize("name", ["parity_5x4", "parity_coral_5x5"])
def test_lesson_4_parity_the_other_players_numbers_never_name_the_other_option(name):
    ex = L.exercises(4)[name]
    ok, feedback = ex.check(ex.wrong[0])  # exactly the other player's numbers
    assert not ok
    assert "other player" not in feedback and "even" in feedback and "odd" in feedback, feedback
    assert not any(str(k) in feedback for k in range(1, 3)), feedback


def test_lesson_5_prompts_of_exercises_2_to_5_leave_the_structure_for_the_pupil_to_read():
    for name in ("l5_ex4", "l5_ex5", "loop_six", "l5_ex6"):
        ex = L.exercises(5)[name]
        assert "Left after" not in ex.prompt and "is left" not in ex.prompt, ex.prompt
        assert ex.game is not None  # the board (and its text description) is still shown


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_page_teaches_every_word_on_its_worksheet_card_and_drops_the_think_again_hint(lang):
    page = _page(5, lang)
    assert "think again" not in page and "piénsalo otra vez" not in page
    from gamekit.dots.lesson_explanations import explanation
    from gamekit.i18n import using

    with using(lang):  # taught right after exercise 2, whose answer it is: the page holds it back until then
        held = str(explanation("leave_four"))
    assert ("**all-but-four**" if lang == "en" else "**todas menos cuatro**") in held
    assert 'L.after_exercise("loop_six", score, explanation("leave_four"))' in page
    # all-but-four answers exercise 2 (take 2 of a loop of 6): not on the sheet's card nor under the exercise
    assert not any("All-but-four" in word for word in L.WORKSHEET_WORDS[5])
    assert "All-but-four" not in " ".join(L.worksheet_words_after(L.LESSONS[5].notebook, "loop_six"))


def test_lesson_5_challenge_3_with_a_third_line_typed_is_told_only_two_are_needed():
    ex = L.exercises(5)["l5_ex10"]
    (plan,) = ex.solutions
    first, second = plan.split(", ")
    third = next(l for l in ex.game.legal_moves() if l not in (first, second))
    ok, feedback = ex.check(f"{plan}, {third}")
    assert not ok and "only need the first two lines" in feedback and third in feedback, feedback
    assert ex.check(plan)[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_worksheet_prints_the_practice_in_the_pages_order_and_levels(lang):
    from gamekit.i18n import tr, using
    from gamekit.teacher_sheets import worksheet_markdown

    sheet = worksheet_markdown("gamekit.dots.lessons", "dots_and_boxes/05_double_dealing_and_control", lang)
    with using(lang):
        shown = L.practice_exercises(5)
    with using(lang):
        titles = [tr(L.PRACTICE_TITLES[ex.level], i=i) for i, ex in enumerate(shown, 1)]
    assert re.findall(r"### ((?:Problem|Problema) \d \([^)]*\))", sheet) == titles
    if lang == "en":  # same boards in the same order: each problem's score line, page and paper
        page_scores = [re.search(r"Score now: [^.]*", ex.prompt).group(0) for ex in shown]
        paper = sheet.split("## More practice")[1]
        assert [re.search(r"Score now: [^,]*, [^,.]*", part).group(0) for part in paper.split("### Problem")[1:]] == [
            s.split(".")[0] for s in page_scores
        ]


def test_spanish_practice_titles_agree_the_level_with_problema():
    from gamekit.i18n import tr, using

    with using("es"):
        titles = {level: tr(L.PRACTICE_TITLES[level], i=2) for level in ("easy", "medium", "hard")}
    assert titles == {
        "easy": "Problema 2 (nivel fácil)",
        "medium": "Problema 2 (nivel medio)",
        "hard": "Problema 2 (nivel difícil)",
    }
    for n in (4, 5):
        page = _page(n, "es")
        assert "medios" not in page and "(de fácil a media)" not in page and "(media)" not in page.split("## Más")[1]


@pytest.mark.parametrize("guide", ["docs/teachers/dots.md", "docs/teachers/es/dots.md"])
def test_the_lesson_plans_give_no_part_a_single_minute(guide):
    text = (Path(__file__).resolve().parents[2] / guide).read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| ", text, re.M)
    assert rows and "1" not in rows, rows
