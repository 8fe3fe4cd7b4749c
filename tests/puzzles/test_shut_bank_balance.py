"""The shipped Shut the Box bank against the rules of thumb the lessons name: what each level asks, from the data."""

import collections
import functools
import re

import pytest

from gamekit.puzzles import bank
from gamekit.puzzles.balance import MAX_ONE_STEP_SHARE, one_step_rule
from gamekit.puzzles.shut_thumbs import LESSON_FOUR_RULES, set_answers, thumb_sets
from gamekit.puzzles.shutbox import lesson_four_thumb, thumb_answers


def _sets(band=None, rule=None):
    return [
        p
        for p in bank("shut_the_box")
        if p.facts["kind"] == "set"
        and (band is None or p.band == band)
        and (rule is None or p.facts["one_die"] == rule)
    ]


def test_the_rules_of_thumb_pick_what_the_lessons_say():
    assert thumb_sets("largest_tile", (1, 2, 3, 4, 5, 6, 7, 8, 9), 8) == [(8,)]
    assert thumb_sets("own_tile", (1, 2, 3, 5), 4) == []  # no tile 4: the rule does not apply
    assert thumb_sets("fewest_tiles", (1, 3, 4, 6), 7) == [(6, 1), (4, 3)]  # a tie: the pupil still chooses
    assert thumb_sets("most_tiles", (1, 2, 3, 4, 6), 7) == [(4, 2, 1)]
    assert thumb_sets("close_pair", (1, 2, 3, 4, 5, 6, 7, 8, 9), 9) == [(5, 4)]
    assert thumb_sets("widest_pair", (1, 2, 3, 4, 5, 6, 7, 8, 9), 9) == [(8, 1)]
    assert thumb_sets("second_top_pair", (1, 2, 3, 4, 5, 6, 7, 8, 9), 9) == [(7, 2)]
    assert thumb_sets("three_tiles", (1, 2, 3, 4, 6), 7) == [(4, 2, 1)]
    assert thumb_sets("three_tiles", (1, 2, 3, 4, 6, 8), 9) == [(6, 2, 1), (4, 3, 2)]  # two: both must be right
    assert thumb_sets("widest_pair", (1, 2, 3), 3) == [(2, 1)] and thumb_sets("second_top_pair", (1, 2, 3), 3) == []
    with pytest.raises(ValueError, match="biggest"):
        thumb_sets("biggest", (1, 2), 3)


@functools.cache
def _homework(theme, seed, n=10):
    """The homework set of ``theme`` (None: every idea) for ``seed``, made once for all the tests here."""
    from gamekit.puzzles.homework import homework_set

    return homework_set("shut_the_box", theme, n, seed)


def _answered_by(p, rule):
    from gamekit.puzzles.shut_thumbs import rule_answers

    f = p.facts
    return f["kind"] == "set" and rule_answers(thumb_sets(rule, f["open"], f["roll"], f["one_die"]), p.answers)


def _set_pools():
    from gamekit.puzzles.pools import lesson_pool, practice_pool

    return {
        "best set": practice_pool("shut_the_box", "best_set"),
        "lesson 4": lesson_pool("shut_the_box", 4),
        "mixed": practice_pool("shut_the_box"),
    }


def test_no_rule_of_thumb_answers_more_than_two_thirds_of_any_practice_level_or_idea():
    """A pupil who follows one rule of thumb — lesson 4's, a pattern, a tie-break, a fixed rule or looking one roll
    ahead — gets at most 4 of any level's 6 right in every Practice pool; "the next roll, then the bigger tile"
    5 at levels 1 and 6 (it is wrong in only 19 positions of the game with three sets or more).  Before, with 8 a
    level, it answered 76 of 80.  Over the whole pool the largest tile is wrong in 20 of 60, the fewest tiles in 47,
    looking ahead (ties left to the pupil) in 32.  The bank's levels still hold "which set?" puzzles and no
    one-line rule answers any."""
    from gamekit.progress import level
    from gamekit.puzzles.shut_census import LEVEL_SHARE, LOOK_AHEAD_TIE_LOOSE, rule_caps, rule_share
    from gamekit.puzzles.shut_thumbs import FIXED_RULES, LOOK_AHEAD_TIE_RULES
    from gamekit.puzzles.shut_thumbs import ALL_THUMBS

    assert LEVEL_SHARE == 2 / 3 and LOOK_AHEAD_TIE_LOOSE == (1, 4, 5, 6)
    assert rule_share("next_two_dice", 5) == 2 / 3 and rule_share("largest_tile", 8) == 1 / 2
    assert rule_caps(2, 6)["next_then_largest"] == 4 and rule_caps(6, 6)["largest_tile"] == 3
    assert rule_caps(1, 6)["next_then_largest"] == 5 == rule_caps(6, 6)["next_then_largest"]
    for name, pool in _set_pools().items():
        sets = [p for p in pool if p.facts["kind"] == "set"]
        assert len(sets) == 60, name
        by_level = collections.defaultdict(list)
        for p in sets:
            by_level[level(p.rating)].append(p)
        for lv, items in sorted(by_level.items()):
            caps = rule_caps(lv, len(items))
            for rule in ALL_THUMBS + FIXED_RULES:
                answered = sum(_answered_by(p, rule) for p in items)
                assert answered <= caps[rule] < len(items), (name, lv, rule, answered, len(items))
                assert caps[rule] <= 4 or (rule in LOOK_AHEAD_TIE_RULES and lv in LOOK_AHEAD_TIE_LOOSE)
        for rule in ALL_THUMBS + FIXED_RULES:
            assert 3 * sum(_answered_by(p, rule) for p in sets) <= 2 * len(sets) or rule in LOOK_AHEAD_TIE_RULES
        assert sum(_answered_by(p, "next_then_largest") for p in sets) == 44
        assert sum(not _answered_by(p, "largest_tile") for p in sets) == 30
        assert sum(not _answered_by(p, "fewest_tiles") for p in sets) == 46
        assert sum(not _answered_by(p, "next_two_dice") for p in sets) == 26
    for band in ("easy", "medium", "hard"):
        items = _sets(band)
        assert len(items) >= 40, (band, len(items))
        assert all(one_step_rule(p) is None for p in items)
        level_items = [p for p in bank("shut_the_box") if p.band == band]
        assert sum(one_step_rule(p) is not None for p in level_items) <= MAX_ONE_STEP_SHARE * len(level_items)


def test_every_level_a_pupil_reaches_holds_several_which_set_questions_mostly_to_shut_the_box():
    """Every level 1 to 10 of every pool of "which set?" questions holds PER_LEVEL (6) of them, at least 3 for the
    chance to shut the box (the lessons' main goal) and 32 of the 60 in all; the rest, a minority, ask for the low
    score (lesson 4's optional goal).  Before, 45 of 80 asked for the low score."""
    from gamekit.progress import level
    from gamekit.puzzles.shutbox import PER_LEVEL, SHUT_AT_LEAST

    assert PER_LEVEL == 6 and SHUT_AT_LEAST == 3
    for name, pool in _set_pools().items():
        sets = [p for p in pool if p.facts["kind"] == "set"]
        counts = collections.Counter(level(p.rating) for p in sets)
        assert counts == {lv: PER_LEVEL for lv in range(1, 11)}, (name, counts)
        for lv in range(1, 11):
            goals = collections.Counter(p.facts["objective"] for p in sets if level(p.rating) == lv)
            assert goals["shut"] >= SHUT_AT_LEAST and goals["shut"] + goals["score"] == PER_LEVEL, (name, lv, goals)
        assert collections.Counter(p.facts["objective"] for p in sets) == {"shut": 32, "score": 28}, name


def test_a_rule_answers_when_every_set_it_picks_is_a_best_one():
    from gamekit.puzzles.shut_thumbs import rule_answers, set_answers

    assert rule_answers([(6, 1), (4, 3)], [("cover", (6, 1)), ("cover", (4, 3))])  # a tie of right sets: answered
    assert not rule_answers([(6, 1), (4, 3)], [("cover", (6, 1))])  # one of its sets is wrong
    assert not rule_answers([], [("cover", (6, 1))])  # the rule does not apply
    assert not set_answers([(6, 1), (4, 3)], [("cover", (6, 1)), ("cover", (4, 3))])  # "by itself": one set


def test_two_tiles_close_in_value_answers_no_more_than_its_share_of_the_hard_level():
    """The one rule of thumb lesson 4 names that is often right where the habits fail: the hard level keeps
    positions where it is wrong too, so following it does not solve the level."""
    hard = _sets("hard")
    close = sum("close_pair" in thumb_answers(p) for p in hard)
    assert close <= 0.9 * len(hard), (close, len(hard))


def test_the_stored_rule_of_thumb_is_the_one_found_again():
    for p in _sets():
        assert p.facts["thumb"] == lesson_four_thumb(p), p.id


def test_every_level_and_idea_under_the_lessons_rule():
    """Each level holds a useful number of puzzles under the lessons' rule, each lesson's idea is there, and the
    hard level holds puzzles no rule of thumb the lessons name answers (lesson 4's practice draws from them)."""
    mine = [p for p in bank("shut_the_box") if p.facts["one_die"] == "after_789"]
    bands = collections.Counter(p.band for p in mine)
    assert min(bands[b] for b in ("easy", "medium", "hard")) >= 40, bands
    themes = collections.Counter(t for p in mine for t in p.themes)
    assert min(themes[t] for t in ("sets_for_roll", "one_die_or_two", "best_set", "next_roll")) >= 40, themes
    hard = [p for p in _sets("hard", "after_789") if p.facts["thumb"] is None]
    assert len(hard) >= 5
    assert {p.facts["objective"] for p in _sets("medium", "after_789")} == {"shut", "score"}


def test_lesson_four_practice_hint_gives_each_set_or_the_method_with_no_value_and_no_rule_of_thumb_answers_most():
    """Item by item, the hint lists what every set leaves with no value, so none is marked best, and names no rule
    of thumb; where the question itself gives the table's values by the tiles left, the hint gives the method
    instead (listing each set's leftover there would leave only the smallest number to pick), and the table holds
    every set's leftover position to look up; no rule the page names finds more than two of the four best sets
    (tests/shutbox checks the items against the whole game)."""
    from gamekit.shutbox import lessons as L

    def position(tiles):  # as the table names a position: "1, 2, 7 and 8 open"
        words = [str(t) for t in sorted(tiles)]
        return (", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]) + " open"

    # lesson 4's practice (to shut the box) and lesson 5's (a low score), which together were lesson 4's
    exercises = L.practice_exercises(4) + L.practice_exercises(5)
    puzzles = L.LESSONS[4].practice.puzzles() + L.LESSONS[5].practice.puzzles()
    found = {rule: 0 for rule in LESSON_FOUR_RULES}
    given_tables = 0
    for ex, p in zip(exercises, puzzles):
        f = p.facts
        for rule in LESSON_FOUR_RULES:
            picks = thumb_sets(rule, f["open"], f["roll"])
            found[rule] += len(picks) == 1 and ("cover", picks[0]) in p.answers
        given = "table gives" in ex.prompt
        given_tables += given
        if given:
            assert f"First find every set of open tiles that makes {f['roll']}." in ex.hint  # … the method
        for st in thumb_sets("largest_tile", f["open"], f["roll"]) + [a[1] for a in p.answers]:
            listed = "+".join(map(str, st)) + " leaves" in ex.hint
            assert listed != given, ex.hint  # every set is listed, or its leftover is in the question's table …
            assert not given or position(set(f["open"]) - set(st)) in ex.prompt, ex.prompt
        assert not re.search(r"\d+\.\d|%|games in", ex.hint)  # … with no value, so none is marked best
        assert "largest tile" not in ex.prompt + ex.hint.replace("A rule of thumb may pick", "")
    assert 0 < given_tables < len(puzzles)  # both kinds of hint are checked
    assert max(found.values()) <= len(puzzles) // 2, found


def test_lesson_four_practice_draws_nothing_from_the_bank():
    """Lesson 4's practice is made from the exact tables, item by item, at the positions its module lists: it draws
    no bank pick and leaves nothing out, so adding or removing bank puzzles cannot change it."""
    from gamekit.shutbox import lessons as L
    from gamekit.shutbox import lesson_practice

    practice = L.LESSONS[4].practice
    assert practice.exclude == () and len(practice.made) == len(practice.items) == len(practice.puzzles())
    made = [(tuple(sorted(p.facts["open"])), p.facts["roll"], p.facts["objective"]) for p in practice.puzzles()]
    assert made == [(tiles, roll, objective) for tiles, roll, objective, _ in lesson_practice.LESSON_4_PRACTICE]


def test_the_which_set_pool_is_the_same_every_time_and_the_bank_holds_it():
    """which_set_pool on the census: the same questions and Practice ratings every time (the bank holds exactly
    what an earlier run chose, so one run here checks it), each position once, three sets or more, none the roll's
    own tile answers; no other puzzle has a Practice rating, and its input is refused when it is not "which set?"
    puzzles."""
    from gamekit.puzzles.shut_census import census_selection
    from gamekit.puzzles.shut_census import which_set_pool
    from gamekit.puzzles.shutbox import question_position
    from gamekit.progress import level

    chosen = census_selection()
    assert len(chosen) == 60 and len({question_position(p) for p in chosen}) == 60
    for low in (True, False):
        group = [p for p in chosen if (level(p.facts["practice_rating"]) <= 5) == low]
        assert len(group) == 30
    assert all(len(p.legal_answers()) >= 3 and one_step_rule(p) is None for p in chosen)
    stored = {p.id: p.facts.get("practice_rating") for p in bank("shut_the_box")}
    assert {i: r for i, r in stored.items() if r is not None} == {p.id: p.facts["practice_rating"] for p in chosen}
    with pytest.raises(ValueError, match="which set"):
        which_set_pool([p for p in bank("shut_the_box") if p.facts["kind"] == "dice"][:1])


@pytest.mark.parametrize("theme", ["best_set", "one_die_or_two", "sets_for_roll", "next_roll", None])
def test_a_shut_the_box_homework_set_never_asks_a_question_twice(theme):
    """Every idea's homework code of 10 (seeds 1 to 5; an idea Practice does not ask alone has none): no question
    twice — the same open tiles and roll at most once per goal and one-die rule (the same tiles and roll may come
    once under the lessons' rule, levels 1 to 5, and once under another, levels 6 to 10)."""
    from gamekit.puzzles.homework import homework_set
    from gamekit.puzzles.pools import practice_pool
    from gamekit.puzzles.shutbox import question_position

    if not practice_pool("shut_the_box", theme):
        with pytest.raises(ValueError, match="only 0 puzzles"):
            homework_set("shut_the_box", theme, 10, 1)
        return
    for seed in range(1, 6):
        chosen = _homework(theme, seed)
        shown = [
            (
                (question_position(p) if p.facts["kind"] == "set" else (tuple(p.facts["open"]), 0)),
                p.facts["objective"],
                p.facts["one_die"],
            )
            for p in chosen
        ]
        assert len(chosen) == 10 and len(shown) == len(set(shown))


def test_one_die_or_two_is_one_rule_by_nature_so_practice_asks_it_at_level_1():
    """Why "one die or two?" cannot be balanced like "which set?": under the lessons' rule, for the chance to shut
    the box, "one die when the open tiles add up to 6 or less, else two" is the better roll in every position
    where the two rolls differ by the puzzles' margin — the exact tables say so, position by position.  So the
    question is lesson 3's rule itself, and Practice asks it at level 1 only."""
    from gamekit.puzzles.pools import practice_pool
    from gamekit.puzzles.shutbox import LESSON_RULE, MARGIN, ONE_STEP_RATING
    from gamekit.shutbox import Rules
    from gamekit.shutbox.strategy import table

    t = table(Rules(one_die=LESSON_RULE), "shut")
    compared = 0
    for mask in range(1, 512):
        values = t.dice_values(mask)
        if 1 not in values or 2 not in values or abs(values[1] - values[2]) < MARGIN["shut"]:
            continue
        compared += 1
        open_sum = sum(tile for tile in range(1, 10) if mask >> (tile - 1) & 1)
        better = 1 if values[1] > values[2] else 2
        assert better == (1 if open_sum <= 6 else 2), (mask, values)
    assert compared >= 50
    dice = practice_pool("shut_the_box", "one_die_or_two")
    assert dice and all(p.rating == ONE_STEP_RATING for p in dice)


def test_a_which_set_question_set_no_rule_of_thumb_answers_is_small_by_the_game_itself():
    """The exact search over every "which set?" position (every open-tile set and roll, each one-die rule, both
    goals, a clear best as in the bank): the largest tile is the one right set in all but 120 of 1581 positions,
    and only 7 positions defeat both the largest tile and the closest pair — each of them answered by "the
    two-tile set with the second-largest top tile".  So a question set in which no rule of thumb answers more
    than 35 % holds at most 23 distinct positions (40 %: 35), whatever the bank: the game, not the build, sets
    the limit — Practice's selection reaches 20."""
    from gamekit.puzzles.shut_census import which_set_census

    found = which_set_census(0.35)
    assert found == {"positions": 1581, "largest_wrong": 120, "neither": 7, "second_top_wrong": 0, "most": 23}
    assert which_set_census(0.4)["most"] == 35


def test_position_at_reaches_the_position_asked_or_says_it_cannot():
    from gamekit.puzzles.shut_census import position_at
    from gamekit.puzzles.shut_thumbs import second_top_pair

    game = position_at("after_789", (1, 2, 4, 6, 8, 9), 10)
    assert game.open_tiles == (1, 2, 4, 6, 8, 9) and sum(game.dice) == 10 and game.phase == "cover"
    assert position_at("never", tuple(range(2, 10)), 5) is None  # tile 1 alone cannot be covered with two dice
    assert position_at("after_789", (1, 2, 3, 7), 1) is None  # one die is not allowed while 7 is open
    assert sum(position_at("after_789", (1, 2, 3), 1).dice) == 1
    assert second_top_pair((1, 2, 4, 6, 8, 9), 10) == [(8, 2)]  # pairs 9+1, 8+2, 6+4: the second-largest top
    with pytest.raises(ValueError, match="roll 13"):
        position_at("never", (1, 2), 13)
    with pytest.raises(ValueError, match="tiles 1 to 9"):
        position_at("never", (0, 2), 5)


def test_practice_asks_no_which_set_question_with_only_two_sets():
    """A guess answers a two-set question half the time: Practice asks none (the page: three sets or more)."""
    from gamekit.puzzles.shutbox import two_sets

    for pool in _set_pools().values():
        assert not [p.id for p in pool if two_sets(p)]
        assert all(len(p.legal_answers()) >= 3 for p in pool if p.facts["kind"] == "set")


def test_the_one_die_or_two_drill_is_short_and_its_idea_says_what_lesson_3_teaches():
    """The drill of "one die or two?" (its Practice and homework codes): lesson 3's rule (one die at 6 or less)
    answers every one — it is exact for the dice decision (the game's bound, next test) — so the drill is short
    (2 x DICE_EACH = 10 questions, 26 before), half one die and half two dice, and the idea after each right answer
    counts this puzzle's chance to shut the box in one throw and how often this throw ends the turn each way,
    and states no rule that answers the drill; the mixed pool asks all of them."""
    from gamekit.i18n import using
    from gamekit.puzzles.pools import practice_pool
    from gamekit.puzzles.practice_words import idea_words
    from gamekit.puzzles.shutbox import DICE_EACH, dice_rules, dice_selection

    drill = practice_pool("shut_the_box", "one_die_or_two")
    assert len(drill) == 2 * DICE_EACH == 10
    counts = collections.Counter(rule for p in drill for rule in dice_rules(p))
    assert counts["one_die"] == counts["two_dice"] == len(drill) / 2, counts
    assert counts["six_or_less"] == len(drill)
    assert len({tuple(p.facts["open"]) for p in drill}) == len(drill)
    with using("en"):
        idea = idea_words(drill[0], "one_die_or_two", drill[0].answers[0])
    assert "outcomes that let you go on" not in idea and "lesson 3" not in idea
    assert "6 or less" not in idea and "otherwise" not in idea  # a rule said once answered the rest of the drill
    assert re.search(r"ends your turn in [0-9]+ of 36 throws", idea)  # this position's own numbers instead
    mixed = [p for p in practice_pool("shut_the_box") if p.facts["kind"] == "dice"]
    assert sorted(p.answers[0][1] for p in mixed) == [1] * 5 + [2] * 5
    with pytest.raises(ValueError, match="one die or two"):
        dice_selection([p for p in bank("shut_the_box") if p.facts["kind"] == "set"][:1])


def test_lesson_3s_rule_answers_all_but_one_one_die_or_two_question_of_the_whole_game():
    """Every "one die or two?" question of the game (every one-die rule, both goals, a clear better roll): "one
    die if the open tiles add up to 6 or less" is wrong in one of 122 — tiles 1, 2 and 4 under the lessons' rule,
    for the lowest expected score (one die, although they add up to 7).  So a drill in which that rule answers no
    more than half holds at most 2 questions: the game, not the bank, makes the drill lesson 3's rule."""
    from gamekit.puzzles.shut_census import dice_census

    found = dice_census(0.5)
    assert found == {
        "questions": 122,
        "answered": {"one_die": 34, "six_or_less": 121, "two_dice": 88},
        "beaten": [("after_789", "score", (1, 2, 4))],
        "most": 2,
    }
    with pytest.raises(ValueError, match="share=0"):
        dice_census(0)


def test_practices_which_set_questions_ask_several_rolls():
    """The "which set?" questions of every pool ask rolls 7 and 9 to 12, none more than a third of them.  Rolls 2
    to 4 have no such question in the whole game: each position with a clear best set either offers one set or is
    answered by the roll's own tile."""
    from gamekit.puzzles.shut_census import census_puzzles

    for pool in _set_pools().values():
        rolls = collections.Counter(p.facts["roll"] for p in pool if p.facts["kind"] == "set")
        assert {7, 9, 10, 11, 12} <= set(rolls), rolls
        assert max(rolls.values()) <= sum(rolls.values()) / 3, rolls
    asked = {p.facts["roll"] for p in census_puzzles() if one_step_rule(p) is None}
    assert min(asked) == 5 and set(range(5, 13)) <= asked


def test_the_shut_practice_page_says_what_each_level_practises_in_lesson_words():
    """The page names what each part of Practice practises, truly: the dice drill at level 1 with lesson 3's own
    skill (the chance to shut in one throw, and the "6 or less" rule these puzzles practise), best set under the
    lessons' rule at levels 1 to 5 and another rule from 6 to 10, three sets or more, more than half for the
    chance to shut the box and the rest for the low score; no bank figures."""
    from pathlib import Path

    from gamekit.progress import level
    from gamekit.puzzles.pools import practice_pool

    root = Path(__file__).parents[2] / "notebooks"
    en = " ".join((root / "practice" / "04_shut_the_box.md").read_text(encoding="utf-8").split())
    es = " ".join((root / "es" / "practice" / "04_shut_the_box.md").read_text(encoding="utf-8").split())
    drill = practice_pool("shut_the_box", "one_die_or_two")
    assert {p.facts["one_die"] for p in drill} == {"after_789"} and {level(p.rating) for p in drill} == {1}
    assert "*One die or two* (lesson 3), at level 1" in en
    assert "*Un dado o dos* (lección 3), en el nivel 1" in es
    # the chance to shut in one throw, not the count of throws that let you go on (it favours one die everywhere)
    assert "Count the outcomes that let you go on" not in en and "Cuenta los resultados que te dejan" not in es
    assert "Count the ways each choice makes that total." in en
    assert "Cuenta las maneras en que cada opción saca ese total." in es
    assert "rule for the dice" not in en and "regla de la lección 3" not in es  # a rule named, never printed
    assert "La mayoría de las preguntas piden" not in es and "Casi todas" not in es
    assert "*Best set* (lessons 4–5), levels 1 to 5" in en and "*Best set*, levels 6 to 10" in en
    assert "*El mejor conjunto* (lecciones 4–5), niveles 1 a 5" in es and "*El mejor conjunto*, niveles 6 a 10" in es
    assert "Every question has three sets or more." in en and "Cada pregunta tiene tres conjuntos o más." in es
    # the goals: more than half for the chance to shut the box, the rest the score, each question saying which
    sets = [p for p in practice_pool("shut_the_box", "best_set") if p.facts["kind"] == "set"]
    goals = collections.Counter(p.facts["objective"] for p in sets)
    assert 2 * goals["shut"] > len(sets), goals
    assert "More than half of the questions ask for the best chance to shut the box." in en
    # the expected score is taught in lesson 5, not lesson 4
    assert "The others ask instead for the lowest **expected score**: the goal of lesson 5." in en
    assert "Each question says its goal." in en and "Cada pregunta dice su objetivo." in es
    assert "Más de la mitad de las preguntas piden la mejor probabilidad de cerrar la caja." in es
    assert "demás piden en cambio la **puntuación esperada** más baja: el objetivo de la lección 5." in es
    for text in (en, es):
        assert "census" not in text and "censo" not in text and "bank" not in text.lower()


def test_no_level_teaches_take_the_biggest_pair():
    """A reader found every "which set?" answer a two-tile set, one of the two biggest pairs: each Practice level
    now holds a best set of one tile or one beyond the two biggest pairs (6 + 4 for a roll of 10: the game's only
    such positions Practice can ask, :func:`beyond_pairs`), and neither "the biggest pair" nor
    "the second-biggest pair" answers more than 4 of a level's 6."""
    from gamekit.progress import level
    from gamekit.puzzles.shut_thumbs import rule_answers
    from gamekit.puzzles.shutbox import beyond_pairs

    assert thumb_sets("top_pair", (1, 2, 4, 6, 8, 9), 12) == [(8, 4)] and thumb_sets("top_pair", (1, 2, 3), 6) == []
    for theme in (None, "best_set"):
        from gamekit.puzzles.pools import practice_pool

        sets = [p for p in practice_pool("shut_the_box", theme) if p.facts["kind"] == "set"]
        by_level = collections.defaultdict(list)
        for p in sets:
            by_level[level(p.rating)].append(p)
        assert sorted(by_level) == list(range(1, 11))
        assert sum(beyond_pairs(p) for p in sets) >= 2 and sum(len(p.answers[0][1]) == 1 for p in sets) >= 5
        for lv, items in by_level.items():
            assert any(len(p.answers[0][1]) == 1 or beyond_pairs(p) for p in items), (theme, lv)
            for rule in ("top_pair", "second_top_pair"):
                n = sum(rule_answers(thumb_sets(rule, p.facts["open"], p.facts["roll"]), p.answers) for p in items)
                assert 3 * n <= 2 * len(items), (theme, lv, rule, n)


def test_the_fixed_rule_fewest_tiles_nine_first_lower_pair_fails_on_half_of_each_top_level():
    """A reader found one fixed rule answering every "shut the box" question of Practice: the fewest tiles, then the
    set with the 9, else the lower pair.  Each level 6 to 10 now holds two questions it gets wrong — one "shut the
    box" question, one low-score question — checked by the exact tables, so the top levels need the computed
    best; no level's questions are all answered by it.  With 6 a level (most of them "shut the box" questions)
    each level 6 to 10 holds two it gets wrong, and one of those levels a "shut the box" one among them (with the
    lessons' habits held to half a level and only the rules the lessons teach — the family rule's questions gave
    a second level before — the search finds no more)."""
    from gamekit.progress import level
    from gamekit.puzzles.shut_thumbs import FIXED_ORDER_RULE
    from gamekit.puzzles.shut_census import TOP_LEVELS, fixed_order_fails
    from gamekit.puzzles.shutbox import verify

    assert thumb_sets(FIXED_ORDER_RULE, (1, 2, 3, 4, 6, 8), 10) == [(6, 4)]  # no 9: the lower pair
    assert thumb_sets(FIXED_ORDER_RULE, (1, 2, 3, 4, 6, 9), 10) == [(9, 1)]  # the 9 first
    assert thumb_sets(FIXED_ORDER_RULE, (1, 2, 3, 5, 6, 8), 8) == [(8,)]  # the fewest tiles
    assert list(TOP_LEVELS) == [6, 7, 8, 9, 10]
    shut_wrong = collections.Counter()
    for name, pool in _set_pools().items():
        by_level = collections.defaultdict(list)
        for p in pool:
            if p.facts["kind"] == "set":
                by_level[level(p.rating)].append(p)
        for lv in TOP_LEVELS:
            items = by_level[lv]
            wrong = [p for p in items if fixed_order_fails(p)]
            assert len(wrong) >= 2 and len(items) == 6, (name, lv, len(wrong), len(items))
            shut_wrong[name] += any(p.facts["objective"] == "shut" for p in wrong)
            for p in wrong:  # the rule's one set is not among the answers the exact tables check again
                f = p.facts
                assert verify(p) == [] and not set_answers(
                    thumb_sets(FIXED_ORDER_RULE, f["open"], f["roll"]), p.answers
                )
    assert all(n >= 1 for n in shut_wrong.values()), shut_wrong


def test_no_practice_question_comes_at_two_levels():
    """Before, six positions (the same tiles and roll, the same question) came once at levels 1 to 5 and again at
    6 to 10 under another one-die rule: each question now lives at one level of each pool only."""
    from gamekit.progress import level
    from gamekit.puzzles.shutbox import question_position

    for name, pool in _set_pools().items():
        levels = collections.defaultdict(set)
        for p in pool:
            if p.facts["kind"] == "set":
                levels[question_position(p)].add(level(p.rating))
        assert len(levels) == 60, name
        assert all(len(lv) == 1 for lv in levels.values()), {k: v for k, v in levels.items() if len(v) > 1}


def test_the_fixed_rule_eight_then_nine_then_closest_is_held_to_half_where_the_search_allows():
    """A reader found "cover the 8 if you can, else the 9, else the closest set" answering 31 of the 40 "which set?"
    questions.  Practice now holds it, like the fewest-tiles rule, to 4 of the 6 questions of each level (before,
    left free at levels 1 to 5, they answered 35 and 33 of those 40): under the lessons'
    one-die rule no "shut the box" question with three sets or more where a named rule of thumb is wrong defeats
    the fewest-tiles rule (the census), so levels 1 to 5 also ask questions where only a fixed rule is wrong."""
    from gamekit.progress import level
    from gamekit.puzzles.pools import practice_pool
    from gamekit.puzzles.shut_census import census_puzzles, fixed_order_fails
    from gamekit.puzzles.shut_thumbs import EIGHT_NINE_RULE, FIXED_ORDER_RULE, FIXED_RULES
    from gamekit.puzzles.shutbox import LESSON_RULE, thumb_misses
    from gamekit.puzzles.shut_draw import set_habits

    assert FIXED_RULES == (FIXED_ORDER_RULE, EIGHT_NINE_RULE)
    assert thumb_sets(EIGHT_NINE_RULE, (1, 2, 3, 4, 5, 8, 9), 9) == [(8, 1)]  # the 8 before the 9
    assert thumb_sets(EIGHT_NINE_RULE, (1, 2, 3, 4, 6, 9), 10) == [(9, 1)]  # no 8: the 9
    assert thumb_sets(EIGHT_NINE_RULE, (1, 2, 3, 4, 6, 7), 10) == [(6, 4)]  # neither: the closest pair
    assert thumb_sets(EIGHT_NINE_RULE, (1, 2, 3, 5, 6, 8), 12) == [(8, 3, 1)]  # the only set with the 8
    assert thumb_sets(EIGHT_NINE_RULE, (1, 2, 3), 12) == []
    sets = [p for p in practice_pool("shut_the_box", "best_set") if p.facts["kind"] == "set"]
    by_level = collections.defaultdict(list)
    for p in sets:
        by_level[level(p.rating)].append(p)
    for lv in range(1, 11):
        for rule in FIXED_RULES:
            assert sum(rule in set_habits(p) for p in by_level[lv]) <= 4 == 2 * len(by_level[lv]) / 3, (lv, rule)
    low = [p for lv in range(1, 6) for p in by_level[lv]]
    assert [sum(rule in set_habits(p) for p in low) for rule in FIXED_RULES] == [20, 19]
    assert sum(EIGHT_NINE_RULE in set_habits(p) for p in sets) == 39
    kind = [
        p
        for p in census_puzzles()
        if p.facts["one_die"] == LESSON_RULE
        and p.facts["objective"] == "shut"
        and len(p.legal_answers()) >= 3
        and thumb_misses(p) is not None
    ]
    assert kind and not any(fixed_order_fails(p) for p in kind)


@pytest.mark.parametrize("theme", ["best_set", None])
def test_no_habit_answers_more_than_half_of_a_shut_the_box_homework_set(theme):
    """A reader found `shut-best_set-10-1` answered 8 of 10 by "the fewest tiles, the 9 first, else the lower
    pair", and another found it unbalanced again.  Homework now asks no position a lesson page asks, and those were
    many of the few where the habits go wrong, so the draw holds each habit to Practice's share as far as the pool
    allows (``loosest_fit``): every best-set code (seeds 1 to 5, 10 puzzles) fits its shares loosened by a tenth
    (6 of 10 at most) and no stricter, every mixed one's "which set?" questions, also kept apart from the best-set
    code's, by three tenths (6 of 8); fewer than half ask for the low score."""
    from gamekit.puzzles.shut_lessons import asked_in_lessons
    from gamekit.puzzles.shutbox import idea_set
    from gamekit.puzzles.shut_draw import HOMEWORK_LOOK_AHEAD_SHARE, SLACKS, habits_fit

    assert HOMEWORK_LOOK_AHEAD_SHARE == 0.65 and SLACKS == (0.0, 0.1, 0.2, 0.3)
    for seed in range(1, 6):
        chosen = [p for p in _homework(theme, seed) if p.facts["kind"] == "set"]
        assert len(chosen) == (10 if theme else 8) and not any(asked_in_lessons(p) for p in chosen), seed
        assert habits_fit(chosen, 0.1 if theme else 0.3), seed
        if theme:
            assert not habits_fit(chosen), seed  # the pool leaves no draw at Practice's own shares here
        scores = sum(p.facts["objective"] == "score" for p in chosen)
        assert 2 * scores < len(chosen), (seed, scores)  # most ask for the lessons' main goal
    assert idea_set([], "one_die_or_two", 10, None) is None


def test_the_homework_page_says_which_other_rules_the_shut_codes_use():
    """The teachers' homework page said the codes beyond the lessons' one-die rule ask "rules the lessons do not
    teach", but two dice on every roll is lesson 4's table: the note now names both rules, and the codes it lists
    do ask under them."""
    from pathlib import Path

    from gamekit.puzzles.practice import Practice

    # the shipped page, which tests/puzzles/test_practice.py checks is what homework_page() writes (building it again
    # here solved every homework set and took most of a minute)
    page = (Path(__file__).parents[2] / "docs" / "teachers" / "homework.md").read_text(encoding="utf-8")
    line = next(x for x in page.splitlines() if x.startswith("Other rules:"))
    assert "two dice on every roll, as in lesson 4's table);" in line and "family" not in page
    assert "rules the lessons do not teach" not in page
    codes = re.findall(r"`(shut-[^`]+)`", line)
    assert codes
    found = set()
    for code in codes:  # each code asks under one of them at least ("or"), and the codes under both
        rules = {p.facts["one_die"] for p in Practice.from_code(code).pool}
        assert "never" in rules, (code, rules)
        found |= rules
    assert found == {"after_789", "never"}
