"""Dots lessons 2–4 as a strict reader found them: lesson 3's exercise 6 argued above it, two meanings of "third
side", a teacher's timing on lesson 4's page, the guide's lesson 4 plan out of the page's order, and an awkward
Spanish phrase."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.lesson_explanations import explanation
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]
FILES = {2: "02_third_sides", 3: "03_chains_and_loops", 4: "04_long_chain_rule"}

# what says which way of opening a 2-chain can be refused: exercise 6's answer
REFUSAL_ANSWER = {
    "en": ("far end", "cannot be refused", "cannot refuse", "half-hearted", "hard-hearted", "by its middle line"),
    "es": ("extremo opuesto", "no se puede rechazar", "no puede rechazar", "entrega a medias", "sin concesiones"),
}


def _page(lesson: int, lang: str) -> str:
    folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
    return (ROOT / folder / f"{FILES[lesson]}.md").read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """The page's Markdown without its code cells."""
    return re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.S)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_nothing_above_lesson_3_exercise_6_says_which_opening_of_a_2_chain_can_be_refused(lang):
    """The page above exercise 6, the explanation shown above it, and exercise 5's feedback to every line (a pupil
    reads it before exercise 6) never say which line of a 2-chain can be refused; the handouts come after it, held
    until it is answered, and the Play task below asks for both openings without saying which is better."""
    page = _page(3, lang)
    six = page.index('L.exercise("l3_ex6"')
    with using(lang):
        shown = [_prose(page[:six]), str(explanation("two_chain_lines"))]
        five = L.exercises(3)["hand_over"]
        shown += [five.check(line)[1] for line in five.game.legal_moves()]
        shown += [five.hint, five.prompt]
        handouts = str(explanation("handouts"))
    for text in shown:
        for said in REFUSAL_ANSWER[lang]:
            assert said not in text, (said, text)
    assert any(said in handouts for said in REFUSAL_ANSWER[lang])  # the answer is argued: after the exercise
    for call in ('explanation("handouts")', 'step_through("handout")'):
        assert page.count(call) == 1
        assert page.index(call) > six and f'L.after_exercise("l3_ex6", score, {call})' in page
    # the loop step-through judges a 2-chain's end opening against its middle line: exercise 7's choice, so it
    # opens below exercise 7, once that is answered
    assert page.count('step_through("loop")') == 1
    assert page.index('step_through("loop")') > page.index('L.exercise("l3_ex7"')
    assert 'L.after_exercise("l3_ex7", score, step_through("loop"))' in page
    play = _prose(page[page.index("## Play" if lang == "en" else "## A jugar") :]).split("##")[1]
    both = ("at an end", "middle line") if lang == "en" else ("por un extremo", "línea del medio")
    assert all(way in play for way in both), play


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", [2, 3, 4])
def test_third_side_means_the_line_on_every_page_as_in_the_glossary(lesson, lang):
    """The glossary: the third side is the third line drawn round a box. No page uses it for the state of a box
    ("a box with a third side", "the box has its third side"): that box has three sides drawn."""
    text = " ".join(_prose(_page(lesson, lang)).split())
    box_state = (
        (r"box(es)? (has|have) (a|its) \*?third side", r"has a \*?third side", r"(box|boxes) with a third side")
        if lang == "en"
        else (r"casillas? con (un )?tercer lado", r"tienen? su \*?tercer lado\*?:")
    )
    for pattern in box_state:
        assert not re.search(pattern, text), pattern
    if lesson == 2:
        defined = (
            "The **third side** of a box is the third line drawn round it"
            if lang == "en"
            else ("El **tercer lado** de una casilla es la tercera línea que se traza a su alrededor")
        )
        assert defined in text


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", [2, 3, 4])
def test_no_teachers_timing_on_the_pupils_page_but_the_lessons_time(lesson, lang):
    """Minutes appear once on a pupil's page: the lesson's time at the top (the plans in the guide hold the rest)."""
    text = _prose(_page(lesson, lang))
    word = r"\b(min|minutes?)\b" if lang == "en" else r"\b(min|minutos?)\b"
    found = [m.start() for m in re.finditer(word, text)]
    top = text.index("**Time:**" if lang == "en" else "**Tiempo:**")
    assert len(found) == 1 and top < found[0] < top + 40, found


@pytest.mark.parametrize("guide", ["docs/teachers/dots.md", "docs/teachers/es/dots.md"])
def test_the_guides_lesson_4_plan_follows_the_page_exercise_7_then_the_closing_fact(guide):
    """Exercises 8 (a sacrifice) and 9 (the turns) are extra on the page, after the closing fact: the plan goes from
    exercise 7 to the closing fact and has no row for exercises 8 or 9."""
    text = (ROOT / guide).read_text(encoding="utf-8")
    plan = text[text.index("### " + ("Lesson 4" if "/es/" not in guide else "Lección 4")) :]
    plan = plan[: plan.index("| **50** |")]
    rows = [r for r in plan.splitlines() if r.startswith("| ") and r[2].isdigit()]
    assert not any(re.match(r"\| \d+ \| (exercise|ejercicio) [89]\b", r) for r in rows)
    fact = next(i for i, r in enumerate(rows) if "closing fact" in r or "dato final" in r)
    seven = next(i for i, r in enumerate(rows) if re.match(r"\| \d+ \| (exercise|ejercicio) 7\b", r))
    assert seven < fact
    assert sum(int(r.split("|")[1]) for r in rows) == 50
    page = _page(4, "en" if "/es/" not in guide else "es")
    assert (
        page.index("start_result_after_guess()") < page.index('L.exercise("l4_ex8"') < page.index('L.exercise("turns"')
    )


@pytest.mark.parametrize("lesson", [2, 3, 4])
def test_spanish_pages_do_not_say_trazar_a_line_sin_trazar(lesson):
    text = " ".join(_prose(_page(lesson, "es")).split())
    assert not re.search(r"trazar [^.:;]*sin trazar", text)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_worksheet_teaches_refusing_after_exercise_6_as_the_page_does(lang):
    """As on the page: that offered boxes can be refused comes after exercise 6, before More practice (which needs
    it); the two handouts (exercise 6's answer) are left to the teacher."""
    from gamekit.dots.lesson_worksheets import WORDS_AFTER, WORKSHEET_WORDS
    from gamekit.i18n import tr

    folder = "docs/teachers/worksheets" if lang == "en" else "docs/teachers/es/worksheets"
    sheet = (ROOT / folder / "dots_and_boxes/03_chains_and_loops.md").read_text(encoding="utf-8")
    head = "## Exercise " if lang == "en" else "## Ejercicio "
    practice = "## More practice" if lang == "en" else "## Más práctica"
    with using(lang):
        refusing = tr(WORDS_AFTER[(3, L.exercises(3)["l3_ex6"].key)][0])
        handouts = [tr(w) for w in WORKSHEET_WORDS[4] if "2-chain" in w]
    assert sheet.count(refusing) == 1
    assert sheet.index(head + "6") < sheet.index(refusing) < sheet.index(practice)
    assert not any(key == (3, L.exercises(3)["count_loops"].key) for key in WORDS_AFTER)
    assert len(handouts) == 2
    for word in handouts:  # exercise 6's answer: on paper the whole sheet is in view, so the teacher says them
        assert word not in sheet
    for said in REFUSAL_ANSWER[lang]:
        assert said not in sheet, said
    page = _page(3, lang)  # the page says it in the explanation after exercise 6, not before
    assert page.index('L.exercise("l3_ex6"') < page.index('explanation("handouts")')


ANSWER_WORDS = {"sacrifice", "steer", "one", "two", "run", "middle", "end", "single", "refuse", "gift", "loop"}


@pytest.mark.parametrize("lesson", [2, 3, 4])
def test_lesson_exercise_ids_in_the_notebooks_name_no_answer(lesson):
    """The id in each exercise cell (``L.exercise("…")``, readable in the notebook's source) named answers:
    "sacrifice" for the exercise whose answer is a sacrifice, "steer_two", "one_safe", "chain_or_loop". Those
    exercises have neutral ids (lesson and exercise number); the saved-progress keys stay as they were."""
    names = list(L.LESSONS[lesson].exercises)
    for name in names:
        assert not ANSWER_WORDS & set(name.split("_")), name
    for lang in ("en", "es"):
        called = re.findall(r'L\.exercise\("([^"]+)"', _page(lesson, lang))
        assert called == names, (lang, called)
    renamed = {
        2: {"l2_ex6": 6, "l2_ex7": 7},
        3: {"l3_ex6": 6},
        4: {"l4_ex7": 7, "l4_ex8": 8, "l4_ex10": 10, "l4_ex11": 11},
    }
    for name, number in renamed[lesson].items():
        assert names.index(name) + 1 == number  # a neutral id says where the exercise is on the page
    keys = {"l3_ex6": "chain_or_loop", "l4_ex8": "sacrifice_sacrifice", "l2_ex6": "safe_line_one_safe"}
    for name, key in keys.items():
        if name in names:
            assert L.exercises(lesson)[name].key == key  # pupils' saved answers still match


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", [3, 4])
def test_the_heading_under_an_exercise_does_not_name_its_answer(lesson, lang):
    """ "Why the sacrifice worked", right under lesson 4's exercise 8 (and "the second sacrifice" under exercise 11),
    told a pupil who had not answered yet that the answer is a sacrifice. The heading after each exercise names no
    answer."""
    page = _page(lesson, lang)
    answers = ("sacrific", "middle", "medio", "refus", "rechaz", "half-hearted", "hard-hearted")
    for m in re.finditer(r'L\.exercise\("([^"]+)"', page):
        heading = re.search(r"^#+ .*$", page[m.end() :], flags=re.M)
        if heading:
            # the level label is the glossary's «(nivel medio)», a level word, not the answer's «línea del medio»
            text = heading.group(0).lower().replace("(nivel medio)", "")
            assert not any(word in text for word in answers), (m.group(1), text)
