"""Shut the Box lessons, fifth review: feedback that is true for the box asked, labels that say what a box wants,
reasons aimed at each likely slip."""

from __future__ import annotations

import re

import pytest
from pathlib import Path
from fractions import Fraction

from gamekit.i18n import tr, using
from gamekit.shutbox import exercises_dice
from gamekit.shutbox.exercises_dice import worst_rule_prediction
from gamekit.shutbox.lessons import REFLECTIONS
from gamekit.shutbox.lesson_words import chance_words, tile_list


@pytest.mark.parametrize(
    "tiles, rolls", [((2, 5), 2), ((1, 2, 3, 6), 2), ((1, 5), 1), ((4, 5, 6), 3), ((1, 2, 3), 1), ((), 0)]
)
def test_fewest_one_die_rolls_packs_tiles_into_sixes(tiles, rolls):
    assert exercises_dice.fewest_one_die_rolls(tiles) == rolls


def test_fewest_one_die_rolls_refuses_a_tile_one_die_never_covers():
    with pytest.raises(ValueError, match="above 6"):
        exercises_dice.fewest_one_die_rolls((2, 7))


def test_one_roll_shut_says_a_roll_each_only_when_true():
    """With 1, 2, 3, 6 open a single 6 covers 1 + 2 + 3, so 'a roll each' would be false: the right answer
    gives the computed fewest rolls instead.  With 2 and 5 (no two tiles fit in a 6) it still says a roll each."""
    ex = exercises_dice.one_roll_shut_exercise((1, 2, 3, 6))
    ok, why = ex.check(str(ex.solutions[0]))
    assert ok and "a roll each" not in why and "at least 2 rolls" in why
    ok, why = exercises_dice.one_roll_shut_exercise((2, 5)).check("6")
    assert ok and "a roll each" in why
    with using("es"):
        ok, why = exercises_dice.one_roll_shut_exercise((1, 2, 3, 6)).check(str(ex.solutions[0]))
        assert ok and "2 tiradas" in why


NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON_FILES = {
    "en": sorted((NOTEBOOKS / "shut_the_box").glob("0*.md")),
    "es": sorted((NOTEBOOKS / "es" / "shut_the_box").glob("0*.md")),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_page_prints_a_model_answer_under_its_reflection_box(lang):
    """The model answer to the closing sentence is in the teacher guide only: after the reflection call a page
    has no prose that starts comparing with the pupil's sentence."""
    for path in LESSON_FILES[lang]:
        text = path.read_text(encoding="utf-8")
        after = text[text.index('reflection("shut_the_box') :]
        assert "Compare with your sentence" not in after and "Compara con tu frase" not in after, path
        with using(lang):
            model = tr(REFLECTIONS[path.parent.name + "/" + path.stem][1])
        assert model[:40] not in text, path


def test_lesson_four_exercise_1_says_8_is_the_worked_example():
    """ "8" is the expected score of the page's worked example (only 9 open); exercise 1 (only 7 open) names that
    slip instead of the general "Draw the tree"."""
    from gamekit.shutbox.exercises_expected import expected_score_exercise

    ok, why = expected_score_exercise().check("8")
    assert not ok and "example above, with only 9 open" in why and "Draw the tree" not in why
    assert expected_score_exercise().check("5.83")[0]
    with using("es"):
        assert "ejemplo" in expected_score_exercise().check("8")[1]


def test_lesson_four_exercise_5_reasons_per_wrong_count():
    """6 + 4 leaves 1 and 9: only a roll of 10 shuts them, 3 of 36, about 8.3 turns in 100.  "9" is 8.3 rounded up
    (told how to round); "11" counted a roll of 9; each has its own reason, none the vague "Close"."""
    from gamekit.shutbox import exercises_best_set, lesson_tables

    ex = exercises_best_set.leave_value_exercises(exercises_best_set.SHUT_EXERCISE, lesson_tables.FILL_RULES)[1]()
    assert ex.solutions == ["8"]
    reasons = {"9": "You rounded up", "11": "You counted a roll of 9"}
    for typed, reason in reasons.items():
        ok, why = ex.check(typed)
        assert not ok and reason in why and "Close" not in why, (typed, why)


def test_lesson_two_exercise_7_gives_each_count_a_reason_true_for_every_way_to_reach_it():
    """12 with tile 5 covered: 8 sets.  A typed count cannot show how it was reached, so no reason guesses one slip
    (no "perhaps you counted 7+5", no "you counted each pair twice"): a count too high lists the checks that apply
    to this box (a covered tile, a tile used twice, a pair in both orders), true whichever slip gave it; 12 is the
    full box's count and 13 more than even the full box has, both said as what the number is; 2 is as many as the
    pairs; a count between the pairs and the answer is told some sets are missing (never how many) and the method."""
    from gamekit.shutbox.exercises_sets import count_sets_exercise

    ex = count_sets_exercise(12, (1, 2, 3, 4, 6, 7, 8, 9))
    for typed in ("9", "10", "11"):  # 7+5 counted, or 6+6, or 9+3 and 3+9: the same checks for each
        ok, why = ex.check(typed)
        assert not ok and why.startswith("Too many. Check each of your sets."), (typed, why)
        assert "tile 5" in why and "6+6" in why and "9+3 and 3+9" in why
        assert "perhaps" not in why and "you counted" not in why
    assert ex.check("9")[1] == ex.check("11")[1]
    reasons = {
        "12": "all nine tiles open. Tile 5 is covered",
        "13": "even with all nine tiles open, only 12 sets",
        "2": "only as many as the pairs",
        "5": "Too few: some sets are missing.",
    }
    seen = set()
    for typed, reason in reasons.items():
        ok, why = ex.check(typed)
        assert not ok and reason in why, (typed, why)
        assert "you have" not in why and "perhaps" not in why
        seen.add(why)
    assert len(seen) == len(reasons) and ex.check("8")[0]
    full = count_sets_exercise(12)
    assert "6+6" in full.check("13")[1] and "tile 5" not in full.check("13")[1]
    with using("es"):
        assert ex.check("9")[1].startswith("Te pasas. Revisa cada uno de tus conjuntos.")


def test_lesson_one_score_practice_hint_is_about_the_score():
    """Lesson 1's More practice score items opened their hint with the one-die rule, which has nothing to do
    with a score: the hint is now about the score only."""
    from gamekit.shutbox import lessons as L

    scores = [ex for ex in L.practice_exercises(1) if ex.key.endswith(" score")]
    assert len(scores) == 1
    for ex in scores:
        assert "one die" not in ex.hint and ex.hint.startswith("The turn is over") and "tiles" in ex.hint
    with using("es"):
        for ex in L.practice_exercises(1):
            if ex.key.endswith(" score"):
                assert "un dado" not in ex.hint and "puntuación" in ex.hint


GUIDES = {"en": Path(__file__).resolve().parents[2] / "docs/teachers/shutbox.md"}
GUIDES["es"] = GUIDES["en"].parent / "es" / "shutbox.md"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_guide_objectives_table_gives_each_lesson_the_minutes_its_page_announces(lang):
    """The guide's objectives table said lesson 4 takes 50 minutes while its page announces about 55."""
    guide = GUIDES[lang].read_text(encoding="utf-8")
    for path in LESSON_FILES[lang]:
        page = path.read_text(encoding="utf-8")
        minutes = re.search(r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) min", page)
        if minutes is None:
            continue
        n = int(path.stem[:2])
        row = next(line for line in guide.splitlines() if re.match(rf"\| (?:\[)?{n} — ", line))
        assert f"({minutes[1]} min)" in row, (path, row[:80])
        assert not re.search(r"(?:outside the|fuera de los) (?!%s\))\d+\)" % minutes[1], row), row


@pytest.mark.parametrize("lang", ["en", "es"])
def test_guide_does_not_say_lesson_4_simulates(lang):
    """Lesson 4 has no simulation any more: the guide's misconception names lesson 3's simulated rolls."""
    guide = " ".join(GUIDES[lang].read_text(encoding="utf-8").split())
    assert "Lesson 4 shows both" not in guide and "La lección 4 enseña las dos" not in guide
    four = " ".join(LESSON_FILES[lang][3].read_text(encoding="utf-8").split()).lower()
    assert "simul" not in four
    assert "simul" in LESSON_FILES[lang][2].read_text(encoding="utf-8").lower()


def test_rules_of_thumb_table_gives_every_chance_to_one_decimal():
    """The table read "about 2.0 / about 1 / about 7.0 / about 7.1 turns in 100": two precisions, and «unas 2,0
    partidas» in Spanish.  Now the unit is in the column's name and every cell has one decimal."""
    from gamekit.shutbox import lesson_tables
    from gamekit.shutbox.rules import Rules

    never = Rules(one_die="never")
    table = lesson_tables.policy_table(never)
    cells = [row[1] for row in table.rows]
    assert cells == ["2.0", "1.0", "7.0", "7.1"]
    assert "turns in 100" in str(table) and "about" not in str(table)
    with using("es"):
        table = lesson_tables.policy_table(never)
        assert [row[1] for row in table.rows] == ["2,0", "1,0", "7,0", "7,1"]
        assert "turnos de cada 100" in str(table) and "unas 2,0" not in str(table)


@pytest.mark.parametrize("lang, says", [("en", "once you have answered exercises 1 to 9"), ("es", "ejercicios 1 a 9")])
def test_lesson_three_tally_text_says_the_exact_chances_wait_for_the_exercises(lang, says):
    """The tally's exact-chance column and the computer's rolls are held back until exercises 1 to 9 are
    answered (dice_tally); the paragraph above it said "Beside it is the exact chance" as if it were there."""
    page = LESSON_FILES[lang][2].read_text(encoding="utf-8")
    above = page[: page.index("tally_widget(score=score)")]
    above = " ".join(above[above.rindex("## ") :].split())
    assert says in above and "Beside it is the exact chance" not in above and "Al lado está" not in above
    assert "3.600" not in above


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_four_table_of_every_position_is_short_steps(lang):
    """Working backwards from the shut box was a dense list of steps (2 × 2 × … × 2, working upwards): it is now
    four short sentences a 12-year-old can follow, the detail left to the guide."""
    page = LESSON_FILES[lang][3].read_text(encoding="utf-8")
    heading = "## A table of every position" if lang == "en" else "## Una tabla de todas las posiciones"
    section = page[page.index(heading) + len(heading) : page.index("```{code-cell}", page.index(heading))]
    first = " ".join(section.strip().split("\n\n")[0].split())
    sentences = [s for s in re.split(r"(?<=\.) ", first) if s]
    assert len(sentences) == 4 and "512" in sentences[0] and "×" not in section
    assert all(len(s.split()) <= 16 for s in sentences), sentences
    assert not re.search(r"^\d\. ", section, re.M)


def test_spanish_wording_of_the_shut_lessons():
    """Spanish of Spain: a four-digit number has no point (3600), a whole number of games is «un número entero de
    partidas», the prompts say «sacas» as the pages do, the worksheet says the teacher shows the table."""
    from gamekit.shutbox import exercises_best_set, lesson_tables
    from gamekit.shutbox.exercises_counts import expected_count_exercise
    from gamekit.shutbox.lesson_words import spaced

    assert spaced(3600) == "3,600"
    with using("es"):
        assert (spaced(3600), spaced(36000), spaced(500)) == ("3600", "36.000", "500")
        assert "3600" in expected_count_exercise(6, 3600).prompt and "3.600" not in expected_count_exercise().prompt
        goal = tr("the chance to shut the box, as a whole number of turns in 100")
        assert "un número entero de turnos de cada 100" in goal
        ex = exercises_best_set.leave_value_exercises(exercises_best_set.SHUT_EXERCISE, lesson_tables.FILL_RULES)[0]()
        assert "sacas 10" in ex.prompt and "has sacado" not in ex.prompt
        assert "tu profesor o profesora mostrará la tabla que la comprueba" in tr(
            "Once everyone has predicted, your teacher shows the table that checks it."
        )
    for path in LESSON_FILES["es"]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\b\d\.\d{3}\b", text) and "has sacado" not in text, path


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_four_lines_prediction_and_practice_lists(lang):
    """Worksheets 4 and 5: lesson 5's exercise 5 gives the values by the tiles left, never by set; lesson 4's prediction
    is printed after its exercise 4, not in "To help you", with a line for the reason; the rules-of-thumb table that
    answers it is never printed on the sheet (after it the sheet says the teacher shows it again for the closing
    question); exercise 4 gives the chance of each position left, by the tiles left (never by set); More practice
    problems 1 and 2 have a line for each set's chance and one for the best set."""
    from gamekit.teacher_sheets import worksheet_markdown

    sheet = worksheet_markdown("gamekit.shutbox.lessons", "shut_the_box/04_best_strategy", lang)
    five = worksheet_markdown("gamekit.shutbox.lessons", "shut_the_box/05_playing_for_points", lang)
    with using(lang):
        header, six, nine = tr("## Exercise {n}", n=1), tr("## Exercise {n}", n=5), tr("## Exercise {n}", n=5)
        after_72 = tr("expected score after {set}", set="7 + 2")
        predict = worst_rule_prediction().prompt
        policy_name = tr("the most tiles")
        shows = tr("Once everyone has predicted, your teacher shows the table that checks it.")
        leaves = tr("What each set leaves: {leaves}.", leaves="")[:-1]
        given = tr("{tiles} open: {value}", tiles=tile_list((2, 5, 6, 9)), value=chance_words(Fraction(1)))
        given_five = tr("{tiles} open: {value}", tiles=tile_list((1, 3, 5, 7)), value=chance_words(Fraction(1)))
    part = lambda start, text=sheet: text[text.index(start) :].split("\n## ")[0]  # noqa: E731
    assert given.split(":")[0] in part(six)  # each position's chance, listed by the tiles left
    assert "8+3" not in part(six).split("```")[0]
    # lesson 5's exercise 5 gives each position's value by the tiles left, and asks for the set on one line
    assert given_five.split(":")[0] in part(nine, five) and "6+2" not in part(nine, five).split("```")[0]
    assert f"{after_72}: ___" not in part(nine, five)
    helpers = sheet[: sheet.index(header)]
    assert "7.1" not in helpers and "7,1" not in helpers and predict not in helpers
    table_row = "| 7" + (".1" if lang == "en" else ",1")
    assert predict in part(six) and table_row not in part(six) and table_row not in sheet[: sheet.index(predict)]
    with using(lang):
        finish = tr("## One sentence to finish")
        again = tr("For the last question, your teacher shows that table again.")
    assert table_row not in sheet and "| " + policy_name + " |" not in sheet  # the prediction's answer: not printed
    assert sheet.index(predict) < sheet.index(tr("## Exercise {n}", n=6) if lang == "en" else "## Ejercicio 6")
    assert sheet.index("## Ejercicio 6" if lang == "es" else "## Exercise 6") < sheet.index(again) < sheet.index(finish)
    assert shows in part(six)
    practice = sheet[sheet.index("\n## " + ("More practice" if lang == "en" else "Más práctica")) :]
    assert practice.count(leaves) == 0  # 1 asks each set's chance; 2-3 give values by the tiles left, not the mapping
    with using(lang):
        assert practice.count(tr("the best set") + ": ___") == 1  # problem 1: a line per chance, then the set
    three = practice.split("\n### ")[3]
    assert leaves not in three and ("turns in 100" in three or "turnos de cada 100" in three)
