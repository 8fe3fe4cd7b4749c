"""Lesson 4 (and lessons 1 and 3) small defects a fresh reader found: each one's regression test."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from gamekit.i18n import using
from gamekit.shutbox import exercises_best_set as B
from gamekit.shutbox import lesson_tables
from gamekit.shutbox.exercises_dice import chance_exercise
from gamekit.shutbox.exercises_turn import ONE_DIE_BOX, one_die_tiles_exercise
from gamekit.shutbox.lesson_words import chance_words_tenths
from gamekit.shutbox.rules import Rules

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_lesson_three_chance_accepts_an_equal_fraction_as_right_and_gives_it_over_36():
    """1/9 (or 8/72) is the right chance written another way. It used to be refused with "the same chance" (not
    counted, but not solved either), so the message and the judgement disagreed: it is now right, counts as solved,
    and the reply gives it over 36."""
    ex = chance_exercise(9)
    for other in ("1/9", "8/72", " 1 / 9 "):
        ok, why, counts = ex.assess(other)
        assert ok and counts, other
        assert why == (f"Right: {other.strip()} is the same chance. Over 36 it is 4/36: 4 of the 36 outcomes make 9.")
    assert "1/9" in ex.solutions and ex.answer == "4/36"
    ok, why, counts = ex.assess("4/36")
    assert ok and counts and "4/36" in why
    assert ex.assess("5/36")[2] and not ex.check("4")[0] and not ex.check("1/11")[0]
    assert chance_exercise(7).check("1/6")[1].endswith("6 of the 36 outcomes make 7.")
    with using("es"):
        ok, why, counts = chance_exercise(9).assess("1/9")
        assert ok and counts and "4/36" in why


def test_lesson_three_chance_equal_fraction_solves_the_widget():
    """In the lesson's ExerciseWidget, 1/9 solves exercise 3 with one try and a ✔, like 4/36."""
    from gamekit.widgets.lesson import ExerciseWidget

    widget = ExerciseWidget(chance_exercise(9))
    ok, _ = widget.submit("1/9")
    assert ok and widget.solved and len(widget.attempts) == 1 and widget.last_feedback.startswith("✔")


def test_lesson_four_one_tile_table_shows_k_36():
    text = str(lesson_tables.fill_table(Rules(one_die="never")))
    for tile, k in ((2, 1), (7, 6), (9, 4)):
        assert f"{k}/36" in text, tile
    assert "about 11 turns in 100" in text  # the rounded reading stays beside it


def test_lesson_four_exercise_four_rounded_answer_points_to_k_36():
    ex = B.leave_value_exercises(B.SHUT_EXERCISE, B.FILL_RULES)[0]()
    assert ex.solutions == ["11"]
    ok, why = ex.check("10")
    assert not ok and "k/36" in why and "Rounding each chance early" in why  # one slip that gives 10 ...
    assert "cutting off the decimals" in why  # ... and the other (10.65 cut down): a reason true of both
    assert ex.check("11")[0]


def test_lesson_one_one_die_exercise_does_not_mention_other_rules():
    ex = one_die_tiles_exercise(ONE_DIE_BOX)
    for answer in list(ex.solutions) + list(ex.wrong):
        why = ex.check(answer)[1]
        assert "lessons' rule" not in why and ("7, 8 and 9" in why or "7 and 9" in why)
    with using("es"):
        ex = one_die_tiles_exercise(ONE_DIE_BOX)
        assert all("nuestras lecciones" not in ex.check(a)[1] for a in list(ex.solutions) + list(ex.wrong))


def test_a_chance_of_one_game_in_100_reads_naturally():
    assert chance_words_tenths(Fraction(1, 100)) == "about 1 turn in 100"
    with using("es"):
        assert chance_words_tenths(Fraction(1, 100)) == "alrededor de 1 turno de cada 100"
    assert chance_words_tenths(Fraction(98, 1000)) == "about 9.8 turns in 100"


def test_lesson_four_best_play_is_defined_at_first_use_and_the_reflection_is_not_answered_above_it():
    for path, best, defined, answer in (
        ("shut_the_box/04_best_strategy.md", "best play", "**Best play** means", "uses up\nthe small tiles first"),
        (
            "es/shut_the_box/04_best_strategy.md",
            "estrategia óptima",
            "La **estrategia óptima** consiste",
            "gasta primero las fichas bajas",
        ),
    ):
        page = (NOTEBOOKS / path).read_text(encoding="utf-8")
        # the markdown below the title (the title and the score's name call the lesson after it)
        body = re.sub(r"```\{code-cell\}.*?```", "", page[page.index("\n## ") :], flags=re.S).lower().replace("*", "")
        where = body.index(defined.lower().replace("*", ""))
        assert where <= body.index(best) <= where + 5, path
        reflection = page.index("L.reflection(")
        compact = " ".join(page.split())
        assert " ".join(answer.split()) not in " ".join(page[:reflection].split()), path
        assert " ".join(answer.split()) not in compact, path  # the model answer is in the teacher guide only


def test_lesson_one_exercise_five_gives_no_clue_to_its_answer():
    """The roll has one set only (7 + 5), which the pupil finds by searching; the page once said "Only one set of the
    open tiles fits it", a clue that stops the search early, so it asks plainly which tiles may be covered."""
    from gamekit.shutbox.exercises_turn import legal_set_exercise
    from gamekit.shutbox.tiles import tiles_summing_to

    ex = legal_set_exercise()
    assert len(tiles_summing_to(12, (1, 5, 6, 8, 9))) == 1 and ex.solutions == ["6+5+1"]
    for path, asked, clues in (
        ("shut_the_box/01_rules_and_play.md", "which tiles may you cover for this roll?", ("Only one set", "only one")),
        ("es/shut_the_box/01_rules_and_play.md", "¿qué fichas puedes cubrir con esta tirada?", ("Solo un conjunto",)),
    ):
        page = " ".join((NOTEBOOKS / path).read_text(encoding="utf-8").split())
        section = page[: page.index("exercises_turn.legal_set_exercise()")]
        assert asked in section[section.rindex("###") :], path
        assert not any(clue in page for clue in clues), path
