"""Regression tests for a fresh strict reading of the Shut the Box lessons (issue 35): the best set to shut the box
cannot be found by picking the top value, the three-part answer says its separator and reads Spanish decimals, and
two common slips get their own reasons."""

from __future__ import annotations

import pytest

from gamekit.i18n import using
from gamekit.shutbox import exercises_best_set as B
from gamekit.shutbox.exercises_both_sets import answer_parts, both_sets_exercise, go_on_count_exercise
from gamekit.shutbox.exercises_dice import chance_exercise
from gamekit.shutbox.lesson_tables import FILL_RULES
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of


@pytest.fixture(scope="module")
def best_to_shut():
    return go_on_count_exercise(B.SHUT_CHOICE, FILL_RULES)


def test_the_best_set_to_shut_lists_a_decoy_valued_above_every_set_for_the_roll(best_to_shut):
    """Exercise "the best set to shut the box" listed only the positions the roll's sets leave, so the top value
        was the answer.  Now the list also holds a position a set for 12 leaves (2, 5, 6 and 8, about 5 turns in 100),
        better than all of them, and a set that leaves it is a wrong try (r30: a free refusal let a pupil try the list's
    values one by one), naming the total it makes."""
    tiles, roll, _ = B.SHUT_CHOICE
    shut = table(FILL_RULES, "shut")
    decoy = (2, 5, 6, 8)
    real = [v for _, v in shut.set_values(mask_of(tiles), roll)]
    assert shut.value(mask_of(decoy)) > max(real)
    ex = best_to_shut
    assert "2, 5, 6 and 8 open: about 5 turns in 100" in ex.prompt and "A set for 11 leaves only some" in ex.prompt
    ok, why, counts = ex.assess("9+3")
    assert not ok and counts and "9+3 makes 12, not 11" in why
    assert ex.check("8+3")[0] and not ex.check("9+2")[0]
    with using("es"):
        es = go_on_count_exercise(B.SHUT_CHOICE, FILL_RULES)
        assert "2, 5, 6 y 8" in es.prompt
        assert "12" in es.assess("9+3")[1] and es.assess("9+3")[2]


@pytest.mark.parametrize(
    "typed, parts",
    [
        ("7,03 6,74 5+4", ["7,03", "6,74", "5+4"]),
        ("7,03, 6,74, 5 + 4", ["7,03", "6,74", "5+4"]),
        ("7.03 6.74 5 + 4", ["7.03", "6.74", "5+4"]),
        ("9,6,9+2", ["9", "6", "9+2"]),
        ("7,03; 6,74; 5+4", ["7,03", "6,74", "5+4"]),
        ("7,03,6,74,5+4", ["7,03,6,74,5+4"]),  # each comma could belong to either side: not split
    ],
)
def test_a_three_part_answer_is_split_without_breaking_a_spanish_decimal(typed, parts):
    assert answer_parts(typed) == parts


@pytest.mark.parametrize(
    "lang, sep", [("en", "Put ; between the three parts."), ("es", "Pon ; entre las tres partes.")]
)
def test_the_three_part_exercise_says_its_separator_and_reads_decimal_commas(lang, sep):
    """The low-score "both sets" exercise never said to separate its parts with ";", and «7,03 6,74 5+4» split on
    its decimal commas.  The prompt now says the separator (not on paper, where each part has its own line), and
    Spanish decimals are read whatever separates the parts."""
    with using(lang):
        ex = both_sets_exercise(((2, 4, 5, 7), 9, "score"), FILL_RULES)
        assert ex.prompt.endswith(sep) and sep not in ex.paper_prompt
        decimals = ("7,03", "6,74") if lang == "es" else ("7.03", "6.74")
        for glue in ("; ", " ", ", "):
            assert ex.check(glue.join([*decimals, "5+4"]))[0], glue
        ok, why = ex.check(" ".join([*decimals, "7+2"]))
        assert not ok and "7+2" in why
        ok, why, counts = ex.assess("7")
        assert not ok and not counts and ";" in why


def test_a_chance_over_the_total_not_the_36_outcomes_gets_its_own_reason():
    """Lesson 3: "4/9" (the count of outcomes over the total 9) was told "too many outcomes"; the count is right,
    the denominator is not."""
    ex = chance_exercise(9)
    assert "4/9" in ex.wrong
    ok, why = ex.check("4/9")
    assert not ok and "You found the 4 outcomes, but divided by 9" in why and "Too many" not in why
    assert "6 × 6" in ex.check("4/6")[1] and ex.check("1/9")[0]
    with using("es"):
        ok, why = chance_exercise(9).check("4/9")
        assert not ok and "9" in why and "36" in why


def test_one_order_of_the_two_rolls_forgotten_gets_its_own_reason():
    """Lesson 4, what 9 + 1 leaves (4 and 6): "9" counts 4 then 6 but not 6 then 4 (123/1296 against 138/1296)."""
    ex = B.leave_value_exercises(B.SHUT_EXERCISE, FILL_RULES)[0]()
    assert ex.solutions == ["11"] and "9" in ex.wrong
    ok, why = ex.check("9")
    assert not ok and "one order only" in why and "4 then 6" in why and "6 then 4" in why
    assert "one order" not in ex.check("10")[1] and "one order" not in ex.check("8")[1]
    # no such slip when a tile left is one no roll covers alone (tile 1 with two dice)
    other = B.leave_value_exercises(B.SHUT_EXERCISE, FILL_RULES)[1]()
    assert all("one order" not in other.check(w)[1] for w in other.wrong)
    with using("es"):
        es = B.leave_value_exercises(B.SHUT_EXERCISE, Rules(one_die="never"))[0]()
        assert "4" in es.check("9")[1] and "6" in es.check("9")[1]


def test_the_value_tables_scroll_in_their_own_box_on_a_narrow_screen():
    """At 320 px the Spanish table of one-tile positions (four columns of long words) was 351 px wide and pushed
    the page sideways (measured in Chromium).  Each table with its exact numbers now sits in a box that scrolls."""
    from gamekit.shutbox import lesson_tables

    with using("es"):
        for view in (lesson_tables.fill_table(), lesson_tables.objectives_table()):
            html = view._repr_html_()
            assert html.count('<div style="overflow-x:auto"><table>') == 2 == html.count("<table>")
