"""Dots Practice lists a strict reader scored: lesson 5's list is no coin flip between "take every box" and "decline
the last ones" and holds few near-copies; the *steer the long-chain count* list has enough puzzles, easy to hard;
lessons 1 and 2's lists against the habit "give away the fewest boxes"."""

from collections import Counter

import pytest

from gamekit.progress import level
from gamekit.puzzles.dots import LESSON_FIVE_LEVELS, THEME_LESSONS
from gamekit.puzzles.dots_decisions import MAX_SAME_OFFER, few_of_a_shape, offer_shape, take_all_choice
from gamekit.puzzles.dots_mixed import is_decision
from gamekit.puzzles.dots_thumbs import thumbs_answering
from gamekit.i18n import using
from gamekit.puzzles.pools import lesson_choices, lesson_pool, practice_pool

G = "dots_and_boxes"


def test_lesson_five_offers_the_same_boxes_on_the_same_board_at_most_twice():
    """16 of its decisions offered the boxes of b3-b4 and b4-b5 on a 4 × 4 board before."""
    shapes = Counter(offer_shape(p) for p in lesson_pool(G, 5) if is_decision(p))
    assert max(shapes.values()) <= MAX_SAME_OFFER, shapes.most_common(3)
    assert len(shapes) >= 24  # level 8 shares its room with lesson 4's count puzzles now


def test_lesson_five_is_no_coin_flip_between_taking_and_declining():
    """A quarter or more of the list has safe lines left (lesson 4's count, as lesson 5's final challenge asks), so
    the two answers of "take or decline?" together answer at most three quarters, each at most half."""
    pool = lesson_pool(G, 5)
    rules = [set(thumbs_answering(p)) for p in pool]
    binary = sum(1 for r in rules if r & {"take_every_box", "always_decline"})
    assert binary <= 0.75 * len(pool), (binary, len(pool))
    for rule in ("take_every_box", "always_decline"):
        assert sum(1 for r in rules if rule in r) <= 0.5 * len(pool)
    review = [p for p in pool if not is_decision(p)]
    assert review and all({"long_chain_count", "sacrifice"} & set(p.themes) for p in review)
    assert {level(p.rating) for p in review} <= set(LESSON_FIVE_LEVELS)
    boards = Counter((p.position.width, p.position.height) for p in pool)
    assert len(boards) == 3, boards  # 3 × 3, 4 × 4 and 5 × 4 boards


def test_lesson_five_levels_go_easy_to_hard_and_the_chooser_names_the_count_ideas():
    levels = Counter(level(p.rating) for p in lesson_pool(G, 5))
    assert sorted(levels) == list(LESSON_FIVE_LEVELS)
    assert max(levels.values()) <= 2 * min(levels.values()), levels
    label = dict((k, v) for v, k in lesson_choices(G))[5]
    assert "long-chain count" in label and "double-deal" in label
    # lesson 4's ideas are named as lesson 4's, asked again, not as lesson 5's (the page says they are lesson 4's)
    own, again = label.split("; and lesson 4 again: ")
    assert "double-deal" in own and "long-chain count" not in own and "sacrifice" not in own, label
    assert "long-chain count" in again and "sacrifice" in again, label
    with using("es"):
        es = dict((k, v) for v, k in lesson_choices(G))[5]
    assert "; y otra vez la lección 4: " in es, es
    assert 5 in THEME_LESSONS["long_chain_count"] and min(THEME_LESSONS["long_chain_count"]) == 4


def test_few_of_a_shape_keeps_both_answers_of_a_shape():
    pool = list({p.id: p for t in ("control_not_worth_it", "double_deal") for p in practice_pool(G, t)}.values())
    kept = few_of_a_shape(pool)
    assert len(kept) < len(pool)
    by_shape: dict = {}
    for p in pool:
        by_shape.setdefault(offer_shape(p), set()).add(take_all_choice(p))
    for shape, answers in by_shape.items():
        mine = {take_all_choice(p) for p in kept if offer_shape(p) == shape}
        assert mine == answers if len(answers) == 2 else mine, shape
    assert few_of_a_shape([]) == []


def test_the_long_chain_count_list_has_ten_or_more_puzzles_easy_to_hard():
    pool = practice_pool(G, "long_chain_count")
    levels = Counter(level(p.rating) for p in pool)
    assert len(pool) >= 10, len(pool)
    assert sorted(levels) == [4, 5, 6, 7, 8] and min(levels.values()) >= 2, levels


def _fewest_boxes(p):
    return "fewest_boxes" in thumbs_answering(p)


@pytest.mark.xfail(
    strict=True,
    reason="not fixed yet: a box left on offer counts as given, so 'give away the fewest boxes' is lessons 1 and 2's"
    " one-line rule itself and answers every puzzle of their ideas",
)
@pytest.mark.parametrize("lesson", [1, 2])
def test_give_the_fewest_boxes_answers_at_most_two_thirds_of_lessons_one_and_two(lesson):
    pool = lesson_pool(G, lesson)
    assert sum(map(_fewest_boxes, pool)) <= 2 / 3 * len(pool)


def test_the_mixed_list_has_about_as_many_puzzles_at_each_level():
    """Levels 1 and 4 held 44 and 45 puzzles, levels 2, 3 and 5 about 15: now every level 10 to 16 (level 5, lesson
    4's alone, has 10 since its *safe line* boards are those with few safe lines)."""
    from gamekit.puzzles.dots_mixed import MIXED_LEVEL_MOST

    levels = Counter(level(p.rating) for p in practice_pool(G))
    assert sorted(levels) == list(range(1, 9))
    assert all(10 <= n <= MIXED_LEVEL_MOST for n in levels.values()), levels


def test_a_level_cut_lets_the_ideas_take_turns():
    from gamekit.puzzles.dots_mixed import MAX_DECISION_SHARE, levels_capped

    pool = list(
        {p.id: p for t in ("take_box", "avoid_third_side", "which_to_open") for p in practice_pool(G, t)}.values()
    )
    pool += [p for p in practice_pool(G, "double_deal") if level(p.rating) == 6]
    kept = levels_capped(pool, 10)
    assert all(p in pool for p in kept) and [p.id for p in kept] == [p.id for p in pool if p in kept]
    for lv in {level(p.rating) for p in pool}:
        others = [p for p in pool if level(p.rating) == lv and not is_decision(p)]
        mine = [p for p in kept if level(p.rating) == lv and not is_decision(p)]
        shared = any(is_decision(p) and level(p.rating) == lv for p in pool)
        assert len(mine) == min(len(others), round(10 * (1 - MAX_DECISION_SHARE)) if shared else 10)
        have, got = Counter(p.themes[0] for p in others), Counter(p.themes[0] for p in mine)
        for a in got:
            for b in have:
                assert got[a] <= got[b] + 1 or got[b] == have[b], (lv, got, have)
    assert {p.id for p in kept if is_decision(p)} == {p.id for p in pool if is_decision(p)}  # decisions: not here
    assert levels_capped([]) == []


def test_the_added_long_chain_count_puzzles_are_practice_only_and_themes_hold():
    """The build's puzzles (solver-checked again for the whole bank in test_dots_ideas_hold.py) never reach a
    lesson's problem set; each is the idea's by the classifier run again."""
    from gamekit.puzzles.dots import themes
    from gamekit.puzzles.store import load_puzzles, practice_only, shipped_info

    assert "--count 24 --seed 41 --theme long_chain_count --add --practice-only" in shipped_info(G)["command"]
    added = [p for p in load_puzzles(G) if "long_chain_count" in p.themes and p.id in practice_only(G)]
    assert len(added) >= 24
    for p in added[:6]:
        assert "long_chain_count" in themes(p.position, list(p.answers), list(p.refutations)), p.id
