"""Where "one die if the open tiles add up to 6 or less" is wrong under the lessons' one-die rule: readers asked for
such "one die or two?" positions in the drill (at least 3 of 10).  The exact tables find one in the whole game,
even without the bank's margin, so the drill cannot mix in three (docs/puzzles.md says so)."""

from fractions import Fraction

from gamekit.puzzles.shutbox import LESSON_RULE, tiles_of_mask
from gamekit.shutbox import Rules
from gamekit.shutbox.strategy import table


def _exceptions(objective):
    """Open tiles (lessons' rule) where the better roll for ``objective`` is not the one the sum rule picks, ties
    included (a tie has no better roll, so the rule is not right there either)."""
    t = table(Rules(one_die=LESSON_RULE), objective)
    found = []
    for mask in range(1, 512):
        values = t.dice_values(mask)
        if set(values) != {1, 2}:
            continue  # no choice of dice here
        tiles = tuple(tiles_of_mask(mask))
        rule = 1 if sum(tiles) <= 6 else 2
        if values[1] == values[2]:
            found.append((tiles, None))
            continue
        better = 1 if (values[1] < values[2]) == (objective == "score") else 2
        if better != rule:
            found.append((tiles, better))
    return found


def test_the_sum_rule_is_never_wrong_for_the_chance_to_shut_and_once_for_the_low_score():
    assert _exceptions("shut") == []
    assert _exceptions("score") == [((1, 2, 4), 1)]
    values = table(Rules(one_die=LESSON_RULE), "score").dice_values(0b1011)  # tiles 1, 2 and 4
    assert round(float(values[1]), 2) == 2.46 and round(float(values[2]), 2) == 3.65
    assert values[2] - values[1] > Fraction(1, 2)  # a clear better roll, as the bank asks
