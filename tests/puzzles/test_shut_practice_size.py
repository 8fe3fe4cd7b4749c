"""How many "which set?" questions Shut the Box Practice can hold, and the search that chooses them: a reader found a
pupil ran out of the 50 questions the pool held; the pool now holds 80 "which set?" questions, the limit is the
game's, and the search says at once when a size cannot be reached."""

import collections
import time

import pytest

from gamekit.progress import level
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.shut_census import (
    census_puzzles,
    fewest_largest_wrong,
    level_rules,
    rule_caps,
    varied_seeds,
    which_set_pool,
)
from gamekit.puzzles.shut_thumbs import EIGHT_NINE_RULE, FIXED_ORDER_RULE, FIXED_RULES, rule_answers, thumb_sets
from gamekit.puzzles.shutbox import (
    ALL_THUMBS,
    PER_LEVEL,
    SHUT_AT_LEAST,
    beyond_pairs,
    question_position,
    set_habits,
)

GAME = "shut_the_box"


def _sets(theme="best_set"):
    return [p for p in practice_pool(GAME, theme) if p.facts["kind"] == "set"]


def _by_level(puzzles):
    out = collections.defaultdict(list)
    for p in puzzles:
        out[level(p.rating)].append(p)
    return out


def _right(rule, p):
    """Whether the habit ``rule`` (a function of the open tiles and the roll) answers ``p`` by itself."""
    f = p.facts
    return rule_answers(thumb_sets(rule, f["open"], f["roll"], f["one_die"]), p.answers)


def test_practice_holds_eighty_which_set_questions_and_ten_dice_questions_each_position_once():
    sets = _sets()
    assert PER_LEVEL == 8 and len(sets) == 80 == 10 * PER_LEVEL
    assert len({question_position(p) for p in sets}) == 80
    assert {lv: len(items) for lv, items in _by_level(sets).items()} == {lv: 8 for lv in range(1, 11)}
    assert len(practice_pool(GAME, "best_set")) + len(practice_pool(GAME, "one_die_or_two")) == 90
    assert len(_sets(None)) == 80 and len(practice_pool(GAME)) == 82


def test_no_habit_answers_more_than_its_share_of_any_level():
    """Every rule of thumb, each written as a function of the tiles and the roll (shut_thumbs.thumb_sets), answers
    at most half of each level (the look-ahead rules three in four at levels 6 to 10); the fixed rules are held
    to half at levels 6 to 10."""
    for theme in ("best_set", None):
        for lv, items in _by_level(_sets(theme)).items():
            caps = rule_caps(lv, len(items))
            assert set(caps) == set(level_rules(lv))
            assert set(FIXED_RULES) <= set(caps) if lv >= 6 else not set(FIXED_RULES) & set(caps)
            for rule in ALL_THUMBS + (FIXED_RULES if lv >= 6 else ()):
                n = sum(_right(rule, p) if rule in ALL_THUMBS else rule in set_habits(p) for p in items)
                assert n <= caps[rule] <= len(items) * (0.75 if rule.startswith("next_") else 0.5), (lv, rule, n)


def test_the_fixed_rules_at_levels_1_to_5_as_the_docs_say():
    """Not held there (the docs say why): "fewest tiles, 9 first, lower pair" answers 35 of 40, all of level 1;
    "the 8, else the 9, else the closest" 33, all of level 4."""
    levels = _by_level(_sets())
    low = [p for lv in range(1, 6) for p in levels[lv]]
    assert sum(FIXED_ORDER_RULE in set_habits(p) for p in low) == 35
    assert sum(EIGHT_NINE_RULE in set_habits(p) for p in low) == 33
    assert all(FIXED_ORDER_RULE in set_habits(p) for p in levels[1])
    assert all(EIGHT_NINE_RULE in set_habits(p) for p in levels[4])


def test_three_or_more_a_level_ask_for_the_chance_to_shut_the_box():
    levels = _by_level(_sets())
    assert SHUT_AT_LEAST == 3
    assert all(sum(p.facts["objective"] == "shut" for p in items) >= 3 for items in levels.values())
    assert sum(p.facts["objective"] == "score" for p in _sets()) == 49


def test_the_games_limit_is_51_positions_so_102_questions():
    """ "The fewest tiles, then the largest" may answer only half of a level, and only 51 positions with three sets
    or more defeat it, so no pool with each position once holds more than 102 questions."""
    census = census_puzzles()
    assert fewest_largest_wrong(census) == 51
    assert 10 * PER_LEVEL <= 2 * fewest_largest_wrong(census) < 10 * 11
    assert fewest_largest_wrong([p for p in census if p.facts["one_die"] in ("after_789", "never", "under_six")]) == 51


def test_ten_a_level_stops_at_level_10_and_four_shut_questions_at_level_8(monkeypatch):
    with pytest.raises(ValueError, match="level 10 found 9 questions"):
        which_set_pool(census_puzzles(), 10)
    import gamekit.puzzles.shut_census as census

    monkeypatch.setattr(census, "SHUT_AT_LEAST", 4)
    with pytest.raises(ValueError, match="level 8 found"):
        which_set_pool(census_puzzles(), 8)


def test_the_search_fails_fast_naming_the_level_and_the_rule():
    few = [p for p in census_puzzles() if p.facts["one_die"] == "never"][:40]
    start = time.monotonic()
    with pytest.raises(ValueError, match=r"level \d+"):
        which_set_pool(few)
    assert time.monotonic() - start < 5
    for bad in (7, 0, True, "8"):
        with pytest.raises(ValueError, match="even number"):
            which_set_pool(census_puzzles(), bad)


def test_every_level_starts_from_a_one_tile_answer_or_one_beyond_the_two_biggest_pairs():
    """Both tie-break rules answer every one-tile question Practice can ask, so a level with one also holds one
    they both miss (seven positions in the game), or it holds one of the three positions beyond the pairs."""
    from gamekit.puzzles.shut_census import TIE_BREAKS, usable_groups

    groups, answered = usable_groups(census_puzzles())
    both = [p for g in groups.values() for p in g]
    assert len({question_position(p) for p in both if beyond_pairs(p)}) == 3
    assert len({question_position(p) for p in both if not answered[p.id] & set(TIE_BREAKS)}) == 7
    ones = [p for p in both if len(p.answers[0][1]) == 1]
    assert ones and all(set(TIE_BREAKS) <= answered[p.id] for p in ones)
    seeds = varied_seeds(groups, answered)
    assert sorted(seeds) == list(range(1, 11))
    for lv, seed in seeds.items():
        assert any(beyond_pairs(p) or len(p.answers[0][1]) == 1 for p in seed), lv
    chosen = {p.id: level(p.facts["practice_rating"]) for p in which_set_pool(census_puzzles())}
    assert all(chosen[p.id] == lv for lv, seed in seeds.items() for p in seed)
