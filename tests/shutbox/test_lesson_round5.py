"""Shut the Box lessons, fifth review: feedback that is true for the box asked, labels that say what a box wants,
reasons aimed at each likely slip."""

from __future__ import annotations

import pytest

from gamekit.i18n import using
from gamekit.shutbox import exercises_dice


@pytest.mark.parametrize(
    "tiles, rolls", [((2, 5), 2), ((1, 2, 3, 6), 2), ((1, 5), 1), ((4, 5, 6), 3), ((1, 2, 3), 1), ((), 0)]
)
def test_fewest_one_die_rolls_packs_tiles_into_sixes(tiles, rolls):
    assert exercises_dice.fewest_one_die_rolls(tiles) == rolls


def test_fewest_one_die_rolls_refuses_a_tile_one_die_never_covers():
    with pytest.raises(ValueError, match="above 6"):
        exercises_dice.fewest_one_die_rolls((2, 7))


def test_one_roll_shut_says_a_roll_each_only_when_true():
    """With 1, 2, 3, 6 open a single 6 covers 1 + 2 + 3, so 'a roll each' would be false: the right answer
    gives the computed fewest rolls instead.  With 2 and 5 (no two tiles fit in a 6) it still says a roll each."""
    ex = exercises_dice.one_roll_shut_exercise((1, 2, 3, 6))
    ok, why = ex.check(str(ex.solutions[0]))
    assert ok and "a roll each" not in why and "at least 2 rolls" in why
    ok, why = exercises_dice.one_roll_shut_exercise((2, 5)).check("6")
    assert ok and "a roll each" in why
    with using("es"):
        ok, why = exercises_dice.one_roll_shut_exercise((1, 2, 3, 6)).check(str(ex.solutions[0]))
        assert ok and "2 tiradas" in why
