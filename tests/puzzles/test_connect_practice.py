"""5 en raya / Connect Four Practice: no rule of thumb answers an idea's pool, and the "why" after a right drop is
read off the position."""

import math

import pytest

from gamekit.puzzles import bank
from gamekit.puzzles.connect import ONE_STEP_THEMES
from gamekit.puzzles.connect_thumbs import (
    column_picks,
    last_column_picks,
    rule_counts,
    rules_answering,
    thumb_selection,
)
from gamekit.puzzles.core import game_themes
from gamekit.puzzles.pools import practice_pool

GAMES = ["five_in_a_row", "connect_four"]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_rule_of_thumb_answers_more_than_a_third_of_an_ideas_pool(game_id):
    """Of every idea's Practice pool (and homework code) past the one-line rule, no rule of thumb — "column a,
    else b", the column of the last disc, the centre — answers more than a third (rounded up)."""
    for theme in game_themes(game_id):
        if theme in ONE_STEP_THEMES:
            continue
        pool = practice_pool(game_id, theme)
        counts = rule_counts(pool)
        assert max(counts.values(), default=0) <= math.ceil(len(pool) / 3), (theme, len(pool), counts)


def test_column_6_else_2_no_longer_answers_half_of_the_odd_even_puzzles():
    """The reader's rule: in the bank it answers close to half of 5 en raya's odd/even puzzles; in Practice's pool
    at most a third, and the pool still holds enough for a homework set of 10."""
    from gamekit.puzzles.connect import centre_habit, mixed_win, one_step_rule

    theirs = [
        p
        for p in bank("five_in_a_row", theme="odd_even_threat")
        if one_step_rule(p) is None and not centre_habit(p) and not mixed_win(p)
    ]
    assert sum("column 6 else 2" in rules_answering(p) for p in theirs) > 0.4 * len(theirs)
    pool = practice_pool("five_in_a_row", "odd_even_threat")
    assert len(pool) >= 10
    assert sum("column 6 else 2" in rules_answering(p) for p in pool) <= math.ceil(len(pool) / 3)


def test_the_rules_of_thumb_pick_what_they_say():
    """ "Column a, else b" takes b only when a is full; the last disc's column is the one just played."""
    p = next(p for p in bank("five_in_a_row") if "odd_even_threat" in p.themes)
    game = p.position
    legal = game.legal_moves()
    full = [c for c in range(1, game.columns + 1) if str(c) not in legal]
    assert full  # 5 en raya's outer columns start full
    assert column_picks(game, full[0], int(legal[0])) == [legal[0]]
    assert column_picks(game, int(legal[1]), int(legal[0])) == [legal[1]]
    assert last_column_picks(game) == ([str(game.history[-1])] if str(game.history[-1]) in legal else [])


def test_the_selection_keeps_every_puzzle_no_rule_answers():
    """Only puzzles some rule of thumb answers are cut, and the result keeps each rule within a third."""
    puzzles = bank("five_in_a_row", theme="odd_even_threat")
    kept = thumb_selection(puzzles)
    assert {p.id for p in puzzles if not rules_answering(p)} <= {p.id for p in kept}
    assert max(rule_counts(kept).values()) <= math.ceil(len(kept) / 3)
    assert len(kept) < len(puzzles)
