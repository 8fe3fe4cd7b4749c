"""Round 12 of the Shut the Box fixes from a fresh reading: lesson 3 teaches the question the one-die-or-two drill
asks (the best chance to shut the box), and the drill is labelled with that lesson."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamekit.i18n import using
from gamekit.puzzles.pools import practice_pool
from gamekit.shutbox import lessons as L
from gamekit.shutbox.exercises_counts import (
    SHUT_DICE_TILES,
    go_on_counts,
    one_roll_shut_counts,
    shut_dice_exercise,
)
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of

ROOT = Path(__file__).resolve().parents[2]
GAME = "shut_the_box"


def _exact_best(tiles) -> int:
    values = table(Rules(), "shut").dice_values(mask_of(tiles))
    return max(values, key=lambda n: values[n])


def test_exercise_10_is_settled_by_counting_not_by_a_total_one_die_cannot_make():
    """Tiles 1 and 5: one roll shuts the box only with a total of 6, which one die makes too, so "one die cannot
    make it" settles nothing; the pupil counts 6 outcomes of 36 for one die against 5 for two dice, and the exact
    table (best play after this roll) agrees."""
    total = sum(SHUT_DICE_TILES)
    assert total <= 6  # one die can make it, so the shortcut of a total one die cannot make does not apply
    shut = one_roll_shut_counts(SHUT_DICE_TILES)
    assert shut == {1: 6, 2: 5} and all(shut.values())
    assert _exact_best(SHUT_DICE_TILES) == 1
    ex = shut_dice_exercise()
    assert ex.solutions == ["one die"] and ex.choices == ["one die", "two dice", "the same either way"]
    ok, said = ex.checker("one die")
    assert ok and "6 outcomes of 36, two dice in 5" in said and "about 22 turns in 100" in said
    assert "about 16 turns in 100" in said


def test_exercise_10_gives_each_wrong_answer_its_own_reason_without_the_counts():
    ex = shut_dice_exercise()
    ok_two, two = ex.checker("two dice")
    ok_same, same = ex.checker("the same either way")
    assert not ok_two and not ok_same and two != same
    assert two.startswith("Not the better one.")
    assert same.startswith("No: the number of dice changes which totals can come up")
    for text in (two, same):
        assert "6 outcomes" not in text and "22" not in text  # the second try must still be thought out
    with using("es"):
        es = shut_dice_exercise()
        assert not es.checker("dos dados")[0] and es.checker("un dado")[0]
    # a box where going on and shutting disagree still gets the going-on reason
    other = shut_dice_exercise((3, 4))
    assert other.checker("one die")[1].startswith("One die goes on more often here, but going on is not shutting")


def test_exercise_10_where_one_die_is_right_and_the_refusals():
    ex = shut_dice_exercise((2, 3))
    assert ex.solutions == ["one die"] == [("one die", "two dice")[_exact_best((2, 3)) - 1]]
    assert ex.checker("two dice")[1].startswith("Not the better one.")  # two dice do not go on more often here
    with pytest.raises(ValueError, match="no choice of one die or two"):
        shut_dice_exercise((3, 4, 9))
    with pytest.raises(ValueError, match="does not find the better dice"):
        shut_dice_exercise((1, 2, 3, 4, 5))  # 15: neither choice shuts the box in one roll


def test_lesson_3_teaches_the_drills_question_and_its_rule_answers_every_drill_puzzle():
    """Both ways: the one-roll count the page teaches picks every drill puzzle's answer, and the go-on count of
    exercises 6 and 8 picks the wrong one in half of them."""
    drill = practice_pool(GAME, "one_die_or_two")
    assert len(drill) == 10
    go_on_wrong = 0
    for p in drill:
        tiles = tuple(p.facts["open"])
        shut, go = one_roll_shut_counts(tiles), go_on_counts(tiles)
        right = p.answers[0][1]
        assert shut[right] > shut[3 - right], p.id
        go_on_wrong += go[3 - right] > go[right]
        assert "best chance to shut the box" in p.prompt()
    assert go_on_wrong == 5
    lesson = L.LESSONS[3]
    assert list(lesson.exercises)[-1] == "shut_dice_15" and lesson.levels["shut_dice_15"] == "hard"
    assert any("shut_dice_15" in names for _, names in lesson.objectives)
    for path, rule in (
        ("notebooks/shut_the_box/03_dice.md", "**A rule of thumb** for the best chance to shut the box"),
        ("notebooks/es/shut_the_box/03_dice.md", "**Una regla práctica** para tener la mejor probabilidad"),
    ):
        text = (ROOT / path).read_text(encoding="utf-8")
        # below exercise 10, which would only apply it (r28), and above the practice that asks it again
        assert text.index("shut_dice_exercise((1, 5))") < text.index(rule) < text.index("practice(3, score)")


def test_the_drill_is_labelled_lesson_3_on_the_practice_and_homework_pages():
    from gamekit.puzzles.homework import theme_lessons, when_to_set
    from gamekit.puzzles.shutbox import THEME_LESSONS

    assert THEME_LESSONS["one_die_or_two"] == (3,)
    assert theme_lessons(GAME, "one_die_or_two") == "3" and when_to_set(GAME, "one_die_or_two") == "after lesson 3"
    homework = (ROOT / "docs/teachers/homework.md").read_text(encoding="utf-8")
    assert "| 10 | 1 | 3 | after lesson 3;" in homework
    en = (ROOT / "notebooks/practice/04_shut_the_box.md").read_text(encoding="utf-8")
    es = (ROOT / "notebooks/es/practice/04_shut_the_box.md").read_text(encoding="utf-8")
    assert "*One die or two* (lesson 3)" in en and "after lesson 4" not in en
    assert "*Un dado o dos* (lección 3)" in es and "después de la lección 4" not in es


def test_the_practice_page_says_the_drill_asks_lesson_3_s_exercise_10():
    """The drill was labelled lesson 4 because lesson 3 only chose the dice that go on more often; its exercise 10
    now asks the drill's question, so the page points there."""
    en = " ".join((ROOT / "notebooks/practice/04_shut_the_box.md").read_text(encoding="utf-8").split())
    es = " ".join((ROOT / "notebooks/es/practice/04_shut_the_box.md").read_text(encoding="utf-8").split())
    assert "asks for the best chance to shut the box, not to go on. Lesson 3's exercise 10 asks the same." in en
    assert (
        "la mejor probabilidad de cerrar la caja, no de seguir. El ejercicio 10 de la lección 3 pregunta lo mismo."
        in es
    )


def test_lesson_4_challenge_is_decided_by_the_values_alone():
    """Exercise 6 was exercise 5's task again, answered by "two tiles close in value" and by the count of outcomes
    that go on.  Now every rule of thumb of the page and the count miss (or cannot choose), and the exact table
    decides; the right answer says the count picked another set."""
    from gamekit.shutbox.exercises_both_sets import SHUT_CHALLENGE, go_on_count_exercise
    from gamekit.shutbox.exercises_dice import outcomes_rule_set
    from gamekit.shutbox.lesson_tables import FILL_RULES
    from gamekit.shutbox.rules_of_thumb import RULES_OF_THUMB, rule_of_thumb_picks
    from gamekit.shutbox.tiles import tiles_summing_to

    tiles, roll, _ = SHUT_CHALLENGE
    values = dict(table(FILL_RULES, "shut").set_values(mask_of(tiles), roll))
    best = max(values, key=values.get)
    assert best == (8, 4) and outcomes_rule_set(tiles, roll) == (7, 5) and values[(7, 5)] < values[best]
    sets = tiles_summing_to(roll, tiles)
    assert len(sets) == 5 and all(rule_of_thumb_picks(r, sets) != [best] for r in RULES_OF_THUMB)
    ex = L.LESSONS[4].exercises["challenge_shut"]()
    assert ex.solutions == ["8+4"] and L.LESSONS[4].levels["challenge_shut"] == "hard"
    ok, said = ex.checker("8+4")
    assert ok and "After 7+5, more go on (36)" in said and "the values decide, not the count" in said
    reasons = {w: ex.checker(w)[1] for w in ex.wrong}
    assert set(reasons) == {"9+2+1", "7+5", "7+4+1", "5+4+2+1"} and len(set(reasons.values())) == 4
    assert all("8+4" not in why for why in reasons.values())
    with pytest.raises(ValueError, match="picks no set alone"):
        go_on_count_exercise(((1, 2, 4, 5, 7), 9, "shut"), FILL_RULES)  # the count misses, the largest tile finds


def test_more_practice_defeats_the_largest_tile_in_lesson_4_and_every_habit_in_lesson_5():
    from gamekit.puzzles.shut_thumbs import LESSON_FOUR_RULES, rule_answers, thumb_sets

    four = L.LESSONS[4].practice.puzzles()
    misses = [
        i
        for i, p in enumerate(four, 1)
        if not rule_answers(thumb_sets("largest_tile", p.facts["open"], p.facts["roll"]), p.answers)
    ]
    assert misses == [2, 3]
    for p in L.LESSONS[5].practice.puzzles():
        f = p.facts
        assert not [r for r in LESSON_FOUR_RULES if rule_answers(thumb_sets(r, f["open"], f["roll"]), p.answers)]


def test_the_fewest_tiles_never_picks_a_worse_set_for_a_low_score_and_once_to_shut():
    """The guide's claim, searched over every position with a clearly best set (the bank's margins): where the
    fewest tiles picks one set, it is the best for a low score under both one-die rules, and to shut the box
    everywhere but lesson 5's Two goals position with two dice always."""
    from itertools import combinations

    from gamekit.puzzles.shutbox import MARGIN
    from gamekit.shutbox.rules_of_thumb import rule_of_thumb_picks
    from gamekit.shutbox.tiles import tiles_summing_to

    misses = []
    for one_die in ("never", "after_789"):
        for goal in ("score", "shut"):
            t = table(Rules(one_die=one_die), goal)
            for n in range(2, 10):
                for tiles in combinations(range(1, 10), n):
                    for roll in range(2, 13):
                        sets = tiles_summing_to(roll, tiles)
                        picks = rule_of_thumb_picks("the fewest tiles", sets)
                        if len(sets) < 2 or len(picks) != 1:
                            continue
                        values = {s: t.value(mask_of(tiles) ^ mask_of(s)) for s in sets}
                        best = (min if goal == "score" else max)(values.values())
                        gap = abs(values[picks[0]] - best)
                        others = [abs(v - best) for v in values.values() if v != best]
                        if gap and min(others) >= MARGIN[goal]:
                            misses.append((one_die, goal, tiles, roll))
    assert misses == [("never", "shut", (1, 2, 5, 7, 9), 12)]
    guide = " ".join((ROOT / "docs/teachers/shutbox.md").read_text(encoding="utf-8").split())
    assert "for a low score never, under either one-die rule" in guide and "(1, 2, 5, 7, 9 and a 12" in guide


def test_lesson_2_closing_table_goes_to_12_and_names_the_roll_with_the_most_sets():
    from gamekit.shutbox.lesson_tables import sets_count_table
    from gamekit.shutbox.tiles import tiles_summing_to

    table = sets_count_table()
    assert table.rows[0][1:] == [len(tiles_summing_to(t)) for t in range(2, 13)]
    assert (
        table.rows[0][-1] == 12 == max(table.rows[0][1:])
        and table.caption == "The most sets: 12 sets, for a roll of 12."
    )
    with using("es"):
        assert "12" in sets_count_table().caption
    for path in ("notebooks/shut_the_box/02_sets_for_a_roll.md", "notebooks/es/shut_the_box/02_sets_for_a_roll.md"):
        page = (ROOT / path).read_text(encoding="utf-8")
        assert "sets_count_held(score, range(2, 13))" in page and "stops at 10" not in page


def test_lesson_1_exercise_6_is_hard_no_pair_makes_the_roll_and_the_method_needs_its_third_tile():
    """Exercise 6 was labelled hard, but "largest tile first" found its one pair (7+5) at the third try.  Its new
    box has one set only, of three tiles: no two open tiles make the roll, and the method reaches it at its third
    tile (9 and 8 need covered tiles)."""
    from gamekit.shutbox.exercises_turn import LEGAL_SET, legal_set_exercise
    from gamekit.shutbox.lesson_practice import legal_level
    from gamekit.shutbox.tiles import tiles_summing_to

    tiles, roll = LEGAL_SET
    assert tiles_summing_to(roll, tiles) == [(6, 5, 1)]
    assert not [t for t in tiles if roll - t in tiles and roll - t != t]  # no pair
    tries = [t for t in sorted(tiles, reverse=True) if tiles_summing_to(roll - t, tuple(x for x in tiles if x < t))]
    assert tries[0] == 6 and sorted(tiles, reverse=True).index(6) == 2  # the third tile tried
    assert legal_level(tiles, roll) == "hard" == L.LESSONS[1].levels["legal_set"]
    ex = legal_set_exercise()
    assert ex.solutions == ["6+5+1"]
    assert not any(ex.check(w)[0] for w in ex.wrong)
    assert len({ex.check(w)[1] for w in ex.wrong}) == len(ex.wrong)  # each wrong answer its own reason
