"""Round 25 of the Shut the Box lessons (a reader's report r24): lesson 1's exercises can be failed — a turn of two
rolls (covered tiles stay covered) and the tiles still to cover before one die, each slip with its own reason."""

from __future__ import annotations

import pytest

from gamekit.i18n import using
from gamekit.shutbox import lessons as L
from gamekit.shutbox.exercises_turn import ONE_DIE_BOX, TWO_ROLL_TURN, one_die_tiles_exercise, two_roll_turn_exercise
from gamekit.shutbox.tiles import tiles_summing_to
from .paths import GUIDES, PAGES, one_line


def test_a_turn_of_two_rolls_accepts_only_the_set_still_open_and_names_each_slip():
    """After 6 + 1 is covered for a roll of 7, only 7 + 3 makes 10: every other set for 10 needs a tile the first
    roll covered, and is told which; "the turn ends" is told the set that still fits."""
    ex = two_roll_turn_exercise()
    start, first_roll, first_set, second_roll = TWO_ROLL_TURN
    after = set(start) - set(first_set)
    legal = [" + ".join(map(str, st)) for st in tiles_summing_to(second_roll, start) if set(st) <= after]
    assert ex.solutions == legal == ["7 + 3"] and len(ex.choices) == 5
    ok, why = ex.check("7 + 3")
    assert ok and "3, 4, 7 and 9" in why
    reasons = {w: ex.check(w) for w in ex.wrong}
    assert all(not ok for ok, _ in reasons.values()) and len({r for _, r in reasons.values()}) == len(ex.wrong) == 4
    assert "covered tile 1 on the first roll" in reasons["9 + 1"][1]
    assert "covered tile 6 on the first roll" in reasons["6 + 4"][1]
    assert "covered tiles 1 and 6 on the first roll" in reasons["6 + 3 + 1"][1]
    # the first wrong try is told about its own choice, not which set is right
    assert "7 + 3" not in reasons["No set: the turn ends"][1]
    assert "some tiles still open make 10" in reasons["No set: the turn ends"][1]
    assert "7 + 3" not in ex.prompt and "7 + 3" not in ex.hint  # nothing shown gives the set away
    with using("es"):
        es = two_roll_turn_exercise()
        assert es.check("7 + 3")[0] and "cubriste la ficha 1" in es.check("9 + 1")[1]
        assert "Ningún conjunto: el turno termina" in es.choices


def test_a_turn_of_two_rolls_is_checked_before_it_is_asked():
    with pytest.raises(ValueError, match="first set"):
        two_roll_turn_exercise((1, 3, 4, 6, 7, 9), 7, (5, 2), 10)  # 5 and 2 are not open
    with pytest.raises(ValueError, match="more than one set"):
        two_roll_turn_exercise((1, 2, 3, 4, 5, 6, 7, 8, 9), 3, (2, 1), 10)
    ends = two_roll_turn_exercise((1, 2, 3, 9), 4, (3, 1), 4)  # only 3 + 1 made 4: now the turn ends
    assert ends.solutions == ["No set: the turn ends"] and "covered tiles 1 and 3" in ends.check("3 + 1")[1]


def test_the_one_die_exercise_asks_for_the_big_tiles_and_names_each_slip():
    """Tiles 2, 5, 7 and 9: the answer is 7 and 9; every open tile, "none", 9 alone and 7, 8 and 9 each get their
    own reason."""
    ex = one_die_tiles_exercise(ONE_DIE_BOX)
    assert L.LESSONS[1].exercises["one_die"]().prompt == ex.prompt and L.LESSONS[1].levels["one_die"] == "easy"
    assert all(ex.check(s)[0] for s in ex.solutions) and "7 and 9" in ex.solutions
    slips = {a: ex.check(a) for a in ("2+5+7+9", "none", "9", "7+8+9")}
    assert not any(ok for ok, _ in slips.values()) and len({r for _, r in slips.values()}) == 4
    assert "Small tiles do not matter" in slips["2+5+7+9"][1] and "Tile 8 is already covered" in slips["7+8+9"][1]


def test_lesson_one_pages_ask_the_new_exercises_in_order():
    for lang, heading3, heading5 in (
        ("en", "### Exercise 3 (easy) — which tiles before one die?", "### Exercise 5 (medium) — a turn of two rolls"),
        (
            "es",
            "### Ejercicio 3 (nivel fácil) — ¿qué fichas faltan para tirar un dado?",
            "### Ejercicio 5 (nivel medio) — un turno de dos",
        ),
    ):
        page = (PAGES[lang] / "01_rules_and_play.md").read_text(encoding="utf-8")
        assert "shut_winner_exercise" not in page and "one_die_boxes_exercise" not in page
        assert page.index(heading3) < page.index("one_die_tiles_exercise(exercises_turn.ONE_DIE_BOX)")
        assert page.index("ending_roll_exercise()") < page.index(heading5) < page.index("two_roll_turn_exercise()")
    objectives = dict(L.LESSONS[1].objectives)
    assert (
        "two_roll_turn"
        in objectives[
            "play a turn of Shut the Box: roll, cover a set of open tiles that makes the roll, stop when no set fits"
        ]
    )


def test_lesson_5_accepts_one_decimal_where_it_tells_the_value_from_every_slip():
    """5.8 (35/6) and 13.5 (731/54) are right, as the prompts now ask for one or two decimals; a whole number that a
    slip also rounds to is still refused as a form, without using a try."""
    from gamekit.shutbox import exercises_expected

    one, two = exercises_expected.expected_score_exercise(), exercises_expected.two_tile_expected_exercise()
    assert "one or two decimals" in one.prompt and "one or two decimals" in two.prompt
    assert one.check("5.8")[0] and two.check("13.5")[0] and one.check("5,8")[0]
    assert not one.check("5.6")[0] and not two.check("13.8")[0]  # wrong to one decimal: still wrong
    ok, why, counts = two.assess("14")
    assert not ok and not counts and "cannot be checked" in why
    with using("es"):
        assert "uno o dos decimales" in exercises_expected.expected_score_exercise().prompt


def test_lesson_5_exercise_3_names_the_other_sets_value():
    """Typing 5.72 (what 5 + 3 leaves) for 7 + 1 is told so, and the other way round."""
    from gamekit.shutbox import exercises_best_set as B
    from gamekit.shutbox.lesson_tables import FILL_RULES

    seven_one, five_three = (f() for f in B.leave_value_exercises(B.SCORE_EXERCISE, FILL_RULES))
    ok, why = seven_one.check("5.72")
    assert not ok and "what 5 + 3 leaves (1 and 7)" in why and "Here you cover 7 + 1" in why
    ok, why = five_three.check("6.12")
    assert not ok and "what 7 + 1 leaves (3 and 5)" in why
    assert seven_one.check("6.12")[0] and five_three.check("5.72")[0]


def test_lesson_5_exercise_6_wrong_reasons_are_plausible_and_each_answered():
    """No distractor is false on its face (both sets cover the roll's points) or true but beside the point: one says
    the tiles left are worth fewer points (the pupil must add both), one that 9 is a common total."""
    from gamekit.shutbox.exercises_goals import goals_why_exercise

    ex = goals_why_exercise()
    assert not any("covers 12 points" in c or "covers them both at once" in c for c in ex.choices)
    reasons = {w: ex.check(w) for w in ex.wrong}
    assert not any(ok for ok, _ in reasons.values()) and len({r for _, r in reasons.values()}) == 3
    fewer = next(w for w in ex.wrong if "worth fewer points" in w)
    assert "1 + 2 + 9 = 12 and 5 + 7 = 12" in reasons[fewer][1]
    likely = next(w for w in ex.wrong if "more often than any other total" in w)
    assert "just 4 outcomes of 36" in reasons[likely][1] and "from 9 to 12" not in reasons[likely][1]


def test_lesson_5_challenge_hint_does_not_deny_the_method_on_the_page():
    from gamekit.shutbox.exercises_best_set import challenge_exercise

    hint = challenge_exercise().hint
    assert "None of the four rules" not in hint and "the method above can" in hint


def test_spanish_says_sacas_without_the_article_and_asks_the_rule_of_thumb_question_naturally():
    page = " ".join((PAGES["es"] / "04_best_strategy.md").read_text(encoding="utf-8").split())
    assert "sacas un **9**" not in page and "y sacas **9**" in page
    assert "¿Alguna regla práctica encuentra aquí el mejor conjunto?" in page
    with using("es"):
        prompt = two_roll_turn_exercise().prompt
    assert "Sacas 7 y cubres 6 + 1. Luego sacas 10." in prompt and "sacas un" not in prompt.lower()


def test_the_guide_says_the_decoy_in_lesson_4_exercise_5_comes_from_another_roll():
    from gamekit.shutbox import exercises_best_set as B

    roll = B.SHUT_CHOICE[1]
    assert (
        f"positions that no set for the roll of {roll} leaves (a set for {roll + 1} or for {roll - 2} would)"
        in one_line(GUIDES["en"].read_text(encoding="utf-8"))
    )
    assert f"no deja ningún conjunto para la tirada de {roll}" in one_line(GUIDES["es"].read_text(encoding="utf-8"))


def test_lesson_2_counts_say_too_few_or_too_many_with_the_sets_sizes_and_exercise_3_hint_leaves_the_choice():
    """A count too low names the sizes the sets have (2, 3 and 4 tiles for 11), never how many are missing; one too
    high checks for a set with more tiles than any has; exercise 3's hint no longer says "keep the largest tile",
    which settled 7+4 against 7+3+1."""
    eleven = L.LESSONS[2].exercises["count_11"]()
    for k in ("5", "9"):
        ok, why = eleven.check(k)
        assert (
            not ok and why.startswith("Too few") and "have 2, 3 and 4 tiles" in why and "some sets are missing" in why
        )
    ok, why = eleven.check("13")
    assert not ok and why.startswith("Too many") and "more than 4 tiles? No set for 11 does." in why
    twelve = L.LESSONS[2].exercises["count_12"]()
    assert "have 2, 3 and 4 tiles" in twelve.check("5")[1] and "Tile 5" not in twelve.check("5")[1]
    nxt = L.LESSONS[2].exercises["next_set_11"]()
    assert "largest tile as long as" not in nxt.hint and "Which tile does the next set start with?" in nxt.hint
    with using("es"):
        assert "2, 3 y 4 fichas" in L.LESSONS[2].exercises["count_11"]().check("5")[1]


def test_lesson_4_more_practice_climbs_from_medium_to_hard_and_says_so():
    """Three "(medium)" problems had no ladder: the two short trees stay medium, the position too big for a tree
    (values given, with a decoy, like exercise 6) is hard, as exercise 6 is."""
    levels = [ex.level for ex in L.practice_exercises(4)]
    assert (
        levels
        == ["medium", "medium", "hard"]
        == [L.LESSONS[4].levels["best_shut"]] * 2 + [L.LESSONS[4].levels["challenge_shut"]]
    )
    en = " ".join((PAGES["en"] / "04_best_strategy.md").read_text(encoding="utf-8").split())
    es = " ".join((PAGES["es"] / "04_best_strategy.md").read_text(encoding="utf-8").split())
    assert "then check, from medium to hard." in en and "de nivel medio a difícil." in es


def test_a_rule_of_thumb_said_to_fail_sometimes_is_shown_failing_on_a_computed_position():
    """ "finds the best set there, but not always" now names a position where that rule picks a worse set, checked
    here against the exact table; "the fewest tiles" (never shown failing before) picks 7 + 4 on tiles 1, 2, 4, 7, 8
    with a roll of 11 (two dice always), where 8 + 2 + 1 is better for shutting the box."""
    from gamekit.puzzles.shut_thumbs import thumb_sets
    from gamekit.shutbox import exercises_best_set as B
    from gamekit.shutbox.lesson_scenes import rules_of_thumb_verdicts, thumb_miss
    from gamekit.shutbox.lesson_tables import FILL_RULES
    from gamekit.shutbox.strategy import table
    from gamekit.shutbox.tiles import mask_of

    assert thumb_miss("fewest_tiles", "shut", FILL_RULES) == ((1, 2, 4, 7, 8), 11, (7, 4), (8, 2, 1))
    for position in (B.SHUT_CHOICE, B.SCORE_CHOICE):
        for rule, verdict in rules_of_thumb_verdicts(position, FILL_RULES).items():
            if verdict != "finds":
                continue
            open_tiles, roll, pick, best = thumb_miss(rule, position[2], FILL_RULES)
            values = dict(table(FILL_RULES, position[2]).set_values(mask_of(open_tiles), roll))
            value = {tuple(sorted(s, reverse=True)): v for s, v in values.items()}
            assert thumb_sets(rule, open_tiles, roll, FILL_RULES.one_die) == [pick]
            assert (value[best] > value[pick]) if position[2] == "shut" else (value[best] < value[pick])
