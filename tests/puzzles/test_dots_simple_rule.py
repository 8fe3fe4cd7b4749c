"""Dots Practice: "take a box, else a safe line, else the line that gives the fewest boxes now" answers at most a
third of each level from 2 up (gamekit.puzzles.dots_thumbs.simple_rule_share).  A reader found it right on 313 of
the bank's 658 puzzles; the lists Practice asks are counted here level by level, the bank left whole."""

from __future__ import annotations

from gamekit.puzzles import bank
from gamekit.puzzles.core import Puzzle, game_themes
from gamekit.puzzles.pools import lesson_choices, lesson_pool, practice_pool

from tests.puzzles.test_trivial_share import _levels, _over


def _dots_lists() -> list[tuple[str, list[Puzzle]]]:
    """Every Dots list but the take-or-decline decisions' (there "take every box" is one of the two answers, each
    held to half) and the one-step ideas' (take a box, avoid a third side: the rule is their idea)."""
    from gamekit.puzzles.dots import ONE_STEP_THEMES

    lists = [("mixed", practice_pool("dots_and_boxes"))]
    lists += [(f"lesson {key}", lesson_pool("dots_and_boxes", key)) for _, key in lesson_choices("dots_and_boxes")]
    lists += [
        (t, practice_pool("dots_and_boxes", t)) for t in game_themes("dots_and_boxes") if t not in ONE_STEP_THEMES
    ]
    return lists


def test_no_dots_practice_level_from_two_up_is_over_a_third_simple_rule():
    from gamekit.puzzles.dots_thumbs import simple_rule_answers

    for name, pool in _dots_lists():
        assert pool, name  # every lesson's list keeps puzzles
        assert not _over(pool, simple_rule_answers), (name, _levels(pool, simple_rule_answers))


def test_dots_decision_lists_hold_both_answers_to_half():
    """In a take-or-decline list the simple rule is "take every box"; capped at a third, "always decline" would
    answer two thirds, so each of the two is held to half instead."""
    from gamekit.puzzles.dots_themes import DECISION_THEMES
    from gamekit.puzzles.dots_thumbs import simple_rule_answers, thumbs_answering

    for theme in DECISION_THEMES:
        pool = practice_pool("dots_and_boxes", theme)
        for lv, (t, n) in _levels(pool, simple_rule_answers).items():
            assert 2 * t <= n + 1, (theme, lv, t, n)
        declines = _levels(pool, lambda p: "always_decline" in thumbs_answering(p))
        for lv, (t, n) in declines.items():
            assert 2 * t <= n + 1, (theme, lv, t, n)


def test_the_dots_simple_rule_takes_a_box_first():
    from gamekit.dots import capture_lines
    from gamekit.puzzles.dots_thumbs import simple_rule_picks

    offers = [p for p in bank("dots_and_boxes") if capture_lines(p.position)][:20]
    assert offers
    for p in offers:
        assert simple_rule_picks(p) == set(capture_lines(p.position)), p.id
