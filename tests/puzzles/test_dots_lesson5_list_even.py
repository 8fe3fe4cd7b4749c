"""Lesson 5's Practice list asks "take every box, or decline the last ones?" many times: two of its three ideas
decline, so "always refuse" was right in 18 of its 28 decisions. Counted here: neither habit is right in more than
half of the decisions, at any level or overall, and each of the three ideas keeps puzzles."""

from __future__ import annotations

from collections import Counter

from gamekit.progress import level
from gamekit.puzzles.dots_mixed import decision_kind, decisions_even, is_decision
from gamekit.puzzles.dots_thumbs import thumbs_answering
from gamekit.puzzles.pools import lesson_pool


def test_lesson_5s_list_is_not_passed_by_always_refusing_or_by_greed():
    pool = lesson_pool("dots_and_boxes", 5)
    decisions = [p for p in pool if is_decision(p)]
    assert len(decisions) >= 15
    right = Counter(rule for p in decisions for rule in thumbs_answering(p))
    assert right["always_decline"] <= len(decisions) / 2, right
    assert right["take_every_box"] <= len(decisions) / 2, right
    whole = Counter(rule for p in pool for rule in thumbs_answering(p))
    assert all(n <= len(pool) / 2 for n in whole.values()), whole
    for lv in {level(p.rating) for p in decisions}:
        here = [p for p in decisions if level(p.rating) == lv]
        declines = sum("always_decline" in thumbs_answering(p) for p in here)
        assert declines <= (len(here) + 1) // 2, (lv, declines, len(here))
    kinds = Counter(decision_kind(p) for p in decisions)
    assert set(kinds) == {"control_not_worth_it", "double_deal", "all_but_four"} and min(kinds.values()) >= 3


def test_decisions_even_keeps_the_capped_number_and_lets_taking_and_declining_take_turns():
    from gamekit.puzzles.dots_mixed import LESSON_FIVE_DECISION_SHARE, decisions_capped

    merged = lesson_pool("dots_and_boxes", 5)
    decisions = [p for p in merged if is_decision(p)]
    takes = [p for p in decisions if decision_kind(p) == "control_not_worth_it"]
    declines = [p for p in decisions if decision_kind(p) != "control_not_worth_it"]
    lv = level(takes[0].rating)
    others = [p for p in merged if not is_decision(p) and level(p.rating) == lv]
    crowd = others + [takes[0]] + [p for p in declines if level(p.rating) == lv]  # one take, many declines
    capped = decisions_capped(crowd, LESSON_FIVE_DECISION_SHARE)
    even = decisions_even(crowd, LESSON_FIVE_DECISION_SHARE)
    room = sum(is_decision(p) for p in capped)
    assert room >= 2 and len(even) == len(capped)  # the same room
    assert takes[0] in even and all(p in even for p in others)  # the one take is kept, and every other puzzle
    assert decisions_even([], LESSON_FIVE_DECISION_SHARE) == []
    others = [p for p in merged if not is_decision(p)]
    assert decisions_even(others, LESSON_FIVE_DECISION_SHARE) == others  # puzzles that are no decision all stay
