"""A strict reader's notes on the Shut the Box lessons, each kept fixed: what the pages say before an exercise,
where the tiles a set leaves are written, the on-ramp to the expected score, and the guide's cut for lesson 3."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = {
    "en": ROOT / "notebooks/shut_the_box",
    "es": ROOT / "notebooks/es/shut_the_box",
}


def read(lang: str, name: str) -> str:
    return (PAGES[lang] / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang, six", [("en", "### Exercise 6"), ("es", "### Ejercicio 6")])
def test_lesson_three_says_nothing_before_exercise_6_that_answers_it(lang, six):
    """Exercise 6 asks whether one die or two goes on more often with 1, 2 and 3 open; the reading before it said
    that with only tile 1 left one die makes it one time in six and two dice never do."""
    before = read(lang, "03_dice.md").split(six)[0]
    for said in ("one time in six", "only tile 1 left", "una vez de cada seis", "solo queda la ficha 1"):
        assert said not in before


@pytest.mark.parametrize("lang, average", [("en", "= 3.5"), ("es", "= 3,5")])
def test_lesson_four_works_an_average_before_the_first_tree(lang, average):
    page = read(lang, "05_playing_for_points.md")
    assert page.index(average) < page.index("tree_diagram((9,))")
    assert "21/6" in page
    # the two-dice rule is said once in "The dice", not repeated
    dice = page.split("**The dice.**" if lang == "en" else "**Los dados.**")[1].split("\n## ")[0]
    assert dice.count("two dice") + dice.count("dos dados") == 1, dice


@pytest.mark.parametrize(
    "lang, paper, close",
    [("en", "On paper, write down the tiles", "sets of two tiles"), ("es", "En papel", "conjuntos de dos fichas")],
)
def test_lesson_four_leave_value_exercises_put_the_tiles_on_paper_and_define_close_tiles(lang, paper, close):
    """Lesson 4's exercises 2 and 3 and lesson 5's 3 and 4 have one box, for the value: the page says the tiles are
    written on paper. The habit "two tiles close in value" says which sets it judges (pairs only)."""
    for name, numbers in (("05_playing_for_points.md", (3, 4)), ("04_best_strategy.md", (3, 4))):
        page = read(lang, name)
        for n in numbers:
            head = ("### Exercise " if lang == "en" else "### Ejercicio ") + str(n)
            section = " ".join(page.split(head)[1].split("```{code-cell}")[0].split())
            assert paper in section and "first write" not in section, (n, section)
    page = " ".join(page.split(" \n"))
    thumbs = page.split("two tiles close in value**" if lang == "en" else "dos fichas de valor cercano**")[1]
    assert close in thumbs.split("\n\n")[0]


@pytest.mark.parametrize("lang, say", [("en", "Exercise 5"), ("es", "Ejercicio 5")])
def test_lesson_four_exercise_6_does_not_tell_the_pupil_to_pick_the_highest_count(lang, say):
    page = read(lang, "04_best_strategy.md")
    section = page.split("### " + say)[1].split("```{code-cell}")[0]
    for said in ("highest count", "good guide", "recuento más alto", "buena guía"):
        assert said not in section
    assert "compare" in section or "compara" in section


@pytest.mark.parametrize(
    "guide, cut, more",
    [
        ("shutbox.md", "**If you have time, or at home**", "More practice"),
        ("es/shutbox.md", "**Si sobra tiempo, o en casa**", "Más práctica"),
    ],
)
def test_guide_marks_what_lesson_3_leaves_for_spare_time_and_keeps_the_tally(guide, cut, more):
    """Lesson 3 fits 50 minutes: the guide says what is extra (the More practice and the computer's check) and keeps
    the class tally with real dice in the plan."""
    text = (ROOT / "docs/teachers" / guide).read_text(encoding="utf-8")
    three = text.split("### Lesson 3" if guide == "shutbox.md" else "### Lección 3")[1].split("\n### ")[0]
    extra = three.split(cut)[1].split("\n\n")[0]
    assert more in extra and ("computer's check" in extra or "comprobación del ordenador" in extra)
    plan = three.split(cut)[0]
    assert "| 8 | " + ("the class tally" if guide == "shutbox.md" else "el recuento de la clase") in plan


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_two_table_sentence_has_no_bracketed_aside(lang):
    page = read(lang, "02_sets_for_a_roll.md")
    assert "(the table stops at 10" not in page and "(la tabla llega hasta el 10" not in page
