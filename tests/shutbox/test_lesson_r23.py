"""Round 23 fixes to the Shut the Box lessons: lesson 4 draws its chance-to-shut trees (tile 9 alone, then the
worked example's tiles 3 and 6) with the values of the exact table, placed where they give no exercise away."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from gamekit.i18n import using
from gamekit.shutbox import trees
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of

ROOT = Path(__file__).resolve().parents[2]


def test_the_drawn_trees_agree_with_the_table_for_every_one_or_two_tile_position():
    t = table(Rules(one_die="never"), "shut")
    for n in (1, 2):
        for tiles in combinations(range(1, 10), n):
            assert trees.shut_chance(tiles) == t.value(mask_of(tiles)), tiles


def test_the_worked_example_tree_shows_each_branch_multiplied_and_the_sum():
    text = str(trees.shut_chance_tree((6, 3)))
    assert "roll 3 (2/36), then 6 (5/36) → box shut" in text
    assert "roll 6 (5/36), then 3 (2/36) → box shut" in text
    assert "roll 9 (4/36) → box shut" in text and "any other roll (25/36) → box not shut" in text
    assert "2/36 × 5/36 + 5/36 × 2/36 + 4/36 ≈ 12.7 turns in 100" in text
    assert trees.shut_chance((3, 6)) == Fraction(164, 1296)
    assert "<svg" in trees.shut_chance_tree((3, 6))._repr_html_()


def test_a_tile_two_dice_cannot_make_alone_gets_no_second_roll():
    # tiles 1 and 9: a roll of 9 leaves the 1, which two dice never make, so only a roll of 10 shuts them
    branches = trees.shut_tree_branches((1, 9))
    assert [b[0] for b in branches] == [10]
    assert "any other roll (33/36)" in str(trees.shut_chance_tree((1, 9)))


def test_the_tree_speaks_spanish():
    with using("es"):
        text = str(trees.shut_chance_tree((3, 6)))
    assert text.startswith("Árbol con las fichas 3, 6 descubiertas, con dos dados en cada tirada")
    assert "luego 6 (5/36) → caja cerrada" in text and "12,7 turnos de cada 100" in text


@pytest.mark.parametrize("bad", [(), (1, 2, 3), (0,), (10,), (True,), ("3",)])
def test_a_tree_too_big_or_with_a_wrong_tile_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="a drawn tree needs one or two open tiles"):
        trees.shut_chance_tree(bad)


@pytest.mark.parametrize(
    "page", ["notebooks/shut_the_box/04_best_strategy.md", "notebooks/es/shut_the_box/04_best_strategy.md"]
)
def test_lesson_4_draws_the_tile_9_tree_before_exercise_1_and_the_3_6_tree_in_the_worked_example(page):
    text = (ROOT / page).read_text(encoding="utf-8")
    one = text.index("trees.shut_chance_tree((9,))")
    two = text.index("trees.shut_chance_tree((3, 6))")
    assert one < text.index("one_tile_chance_exercise()") < two
    assert two < text.index("comparison_table(") < text.index("two_rolls_exercise()")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_reason_in_lesson_5_exercise_6_names_numbers_of_the_position(lang):
    """The right reason was the only one with concrete numbers (the rolls 9 to 12, 1 + 2 = 3): now each option,
    with its set names taken out, still names numbers a pupil can check, and each wrong one keeps its own reason."""
    import re

    from gamekit.shutbox.exercises_goals import goals_why_exercise

    with using(lang):
        ex = goals_why_exercise()
        verdicts = {c: ex.check(c) for c in ex.choices}
    for choice in ex.choices:
        bare = choice.replace("9 + 2 + 1", "").replace("7 + 5", "")
        assert re.search(r"\d", bare), choice
    assert [c for c, (ok, _) in verdicts.items() if ok] == list(ex.solutions)
    assert len({why for ok, why in verdicts.values() if not ok}) == 3
    if lang == "en":
        assert "are worth fewer points than" in ex.choices[0] and "a roll of 2 or 3 soon covers" in ex.choices[1]
        assert "1 + 2 + 9 = 12 and 5 + 7 = 12" in verdicts[ex.choices[0]][1]
        assert "just 9 outcomes of 36" in verdicts[ex.choices[1]][1]
