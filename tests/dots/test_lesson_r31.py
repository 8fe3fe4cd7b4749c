"""Dots lessons after the r31 reading: lesson 4's tables and captions follow the tally's one rule (with no long chain
forming, the count predicts nothing: "–", never a side)."""

from __future__ import annotations

import re

import pytest

from gamekit.dots import analysis, lesson_pictures, lesson_positions
from gamekit.dots.lesson4_tables import steering_table
from gamekit.dots.lesson_worksheets import NO_PREDICTION, tally_rows, tally_table
from gamekit.i18n import tr, using

from testing_dots_guides import ROOT  # tests/testing_dots_guides.py


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_lesson_4_table_says_no_side_while_no_long_chain_is_forming(lang):
    """The steering table and the tally: a row with 0 forming names nobody ("–") and no parity; a row with some
    forming names the side the analysis gives."""
    with using(lang):
        steering = steering_table()
        seats = {tr("Gold"), tr("Coral")}
        even_odd = (tr("even"), tr("odd"))
        tables = [(steering.rows, 3, 2), (tally_rows(), 3, 2), (tally_table().rows, 3, 2)]
    assert any(row[1] == 0 for row in steering.rows) and any(row[1] for row in steering.rows)
    for rows, suits, count in tables:
        for row in rows:
            if row[1] == 0:
                assert row[suits] == NO_PREDICTION, row
                assert not any(word in row[count] for word in even_odd), row
            else:
                assert row[suits] in seats, row


def test_the_steering_table_refuses_a_side_on_the_rows_the_tally_leaves_empty():
    """The rows with a side are exactly the lines after which a long chain is forming."""
    game = lesson_positions.position("steer_worked")
    for line, forming, _, suits, _ in steering_table().rows:
        after = game.copy()
        after.play(line)
        rule = analysis.long_chain_rule(after)
        assert forming == rule.long_chains
        assert (suits == NO_PREDICTION) == (rule.long_chains == 0)


@pytest.mark.parametrize("name", sorted(lesson_positions.SEQUENCES))
def test_no_step_through_caption_gives_a_side_with_no_long_chain_forming(name):
    for step in lesson_pictures.steps(name):
        assert not re.search(r"Long chains forming: 0\b", step.caption), step.caption


# ----- worksheet 5: the double-deal named after exercise 1; its cards and extra line -----------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_5_names_the_double_deal_only_after_exercise_1(lang):
    from gamekit.dots import lessons as L
    from gamekit.teacher_sheets import worksheet_markdown

    notebook = L.LESSONS[5].notebook
    with using(lang):
        sheet = worksheet_markdown("gamekit.dots.lessons", notebook, lang)
        word = {"en": "**Double-deal:**", "es": "**Doble entrega:**"}[lang]
        ex1, ex2 = ({"en": "Exercise", "es": "Ejercicio"}[lang] + f" {n}" for n in (1, 2))
        fact_head, word_head = tr("Good to know"), tr("A new word")
        extra = tr("Exercises {first} and {last} are extra: for spare time or for home.", first=10, last=11)
    top = sheet.index("## " + ex1)
    assert word not in sheet[:top]
    assert top < sheet.index(word) < sheet.index("## " + ex2)
    assert extra in sheet and "10 to 11" not in sheet and "10 a 11" not in sheet
    # the card before exercise 7 holds a sentence, not a word: its title says so
    assert fact_head in sheet and sheet.count(word_head) == 1
    assert sheet.index(word_head) < sheet.index(word)


# ----- Practice: what the page says of quick habits is what the lessons' lists do --------------------------------
def test_from_lesson_3_on_each_quick_habit_solves_fewer_than_one_puzzle_in_three():
    """The Practice page says lessons 1 and 2 are a warm-up of one rule and that from lesson 3 on each quick habit
    (that rule, or a rule of thumb: fewest boxes, take every box, always decline) solves fewer than one puzzle in
    three of a lesson's list: counted on the lists Practice draws from."""
    from gamekit.puzzles.balance import one_step_rule
    from gamekit.puzzles.dots_thumbs import THUMB_RULES, thumbs_answering
    from gamekit.puzzles.pools import lesson_pool

    for lesson in (1, 2):
        pool = lesson_pool("dots_and_boxes", lesson)
        assert pool and all(one_step_rule(p) is not None for p in pool), lesson
    for lesson in (3, 4, 5):
        pool = lesson_pool("dots_and_boxes", lesson)
        assert pool, lesson
        habits = {"one-line rule": [one_step_rule(p) is not None for p in pool]}
        habits |= {rule: [rule in thumbs_answering(p) for p in pool] for rule in THUMB_RULES}
        for habit, solved in habits.items():
            assert 3 * sum(solved) < len(pool), (lesson, habit, sum(solved), len(pool))
    page = ROOT / "notebooks/practice/01_dots_and_boxes.md"
    flat = " ".join(page.read_text(encoding="utf-8").split())
    assert "From lesson 3 on, each quick habit solves fewer than one puzzle in three." in flat
    assert "no quick habit works every time" not in flat


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_2_says_what_lesson_4_teaches(lang):
    """Lesson 4 teaches the long chain rule (who will have to give the long chains away), not a count of who draws
    the last safe line."""
    folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
    flat = " ".join((ROOT / folder / "02_third_sides.md").read_text(encoding="utf-8").split())
    said, gone = (
        (
            "In lesson 4 you will learn a rule that tells early on who will have to give the long chains away.",
            "count ahead who draws the last one",
        ),
        (
            "En la lección 4 aprenderás una regla que dice pronto quién tendrá que regalar las cadenas largas.",
            "quién trazará la última",
        ),
    )[lang == "es"]
    assert said in flat and gone not in flat


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_two_lesson_4_themes_have_names_a_pupil_can_tell_apart(lang):
    """ "Safe line for the chain count" and "Steer the long-chain count" both named the count: the safe-line theme
    is now named for what decides it (the boxes), and the names share no word but "the"/"a"."""
    from gamekit.dots.puzzle_text import THEMES

    with using(lang):
        safe, steer = tr(THEMES["safe_line"]).lower(), tr(THEMES["long_chain_count"]).lower()
    assert "add up the boxes" in safe or "suma las casillas" in safe
    small = {"the", "a", "de", "la", "las", "los", "el"}
    assert not (set(re.findall(r"\w+", safe)) & set(re.findall(r"\w+", steer))) - small
    for folder in ("notebooks/practice", "notebooks/es/practice"):
        page = (ROOT / folder / "01_dots_and_boxes.md").read_text(encoding="utf-8").lower()
        assert "safe line for the chain count" not in page and "línea segura para la cuenta" not in page


def test_the_spanish_guide_agrees_the_level_words_with_what_they_count():
    """«3 tableros … 1 fácil, 1 medio y 1 difícil» (tablero is masculine); «3 posiciones … 1 media» stays."""
    guide = " ".join((ROOT / "docs/teachers/es/dots.md").read_text(encoding="utf-8").split())
    for part in re.findall(r"\(3 (\w+)[^()]*?1 fácil, 1 (\w+) y 1 difícil", guide):
        assert part[1] == {"tableros": "medio", "posiciones": "media"}[part[0]], part
    assert "1 media" not in guide.replace("posiciones del banco de problemas: 1 fácil, 1 media", "")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1s_plan_gives_the_game_the_minutes_the_page_says(lang):
    """The page says a 3×3 game takes about five minutes; the plan's play slot holds it (with writing the lines
    down), no game is squeezed into the opening minutes, and the plan still adds up to 40."""
    guide = (ROOT / ("docs/teachers/dots.md" if lang == "en" else "docs/teachers/es/dots.md")).read_text(
        encoding="utf-8"
    )
    part = guide[guide.index("### " + ("Lesson 1" if lang == "en" else "Lección 1")) :]
    rows = re.findall(r"^\| (\d+) \| (.+) \|$", part.split("**40**")[0], flags=re.M)
    assert sum(int(m) for m, _ in rows) == 40
    play = next(int(m) for m, what in rows if "3×3" in what)
    assert play >= 7 and not any(("paper" in what or "papel" in what) for m, what in rows[:1])
    page = (
        ROOT / ("notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes") / "01_rules_and_terms.md"
    )
    flat = " ".join(page.read_text(encoding="utf-8").split())
    assert ("takes about five minutes" if lang == "en" else "dura unos cinco minutos") in flat
    assert "ten minutes" not in flat and "diez minutos" not in flat


# ----- lesson 3: nothing above exercise 7 plays its choice out -----------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3s_loop_step_through_opens_only_below_exercise_7(lang):
    """The loop step-through's caption calls the end opening a mistake and names the 2-chain's middle line: the
    choice exercise 7 asks.  It stands below exercise 7 and opens once exercise 7 is answered; the lead-in of
    exercise 7 no longer sends the pupil to what is above it, nor names the question that decides it."""
    folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
    page = (ROOT / folder / "03_chains_and_loops.md").read_text(encoding="utf-8")
    seven = page.index('L.exercise("l3_ex7"')
    assert 'step_through("loop")' not in page[:seven]
    assert page.index('L.after_exercise("l3_ex7", score, step_through("loop"))') > seven
    with using(lang):
        judged = [step.caption for step in lesson_pictures.steps("loop")]
    assert any(("b3-b4" in caption) for caption in judged)  # what it would have given away
    above = " ".join(page[:seven].split())
    intro = above[above.rindex("##") :]
    for said in ("Use what you have just read", "Usa lo que acabas de leer", "refuse", "rechazar"):
        assert said not in intro, said
