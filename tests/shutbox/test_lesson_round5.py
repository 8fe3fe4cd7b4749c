"""Shut the Box lessons, fifth review: feedback that is true for the box asked, labels that say what a box wants,
reasons aimed at each likely slip."""

from __future__ import annotations

import pytest
from pathlib import Path

from gamekit.i18n import tr, using
from gamekit.shutbox import exercises_dice
from gamekit.shutbox.lessons import REFLECTIONS


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


NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON_FILES = {
    "en": sorted((NOTEBOOKS / "shut_the_box").glob("0*.md")),
    "es": sorted((NOTEBOOKS / "es" / "shut_the_box").glob("0*.md")),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_page_prints_a_model_answer_under_its_reflection_box(lang):
    """The model answer to the closing sentence is in the teacher guide only: after the reflection call a page
    has no prose that starts comparing with the pupil's sentence."""
    for path in LESSON_FILES[lang]:
        text = path.read_text(encoding="utf-8")
        after = text[text.index('reflection("shut_the_box') :]
        assert "Compare with your sentence" not in after and "Compara con tu frase" not in after, path
        with using(lang):
            model = tr(REFLECTIONS[path.parent.name + "/" + path.stem][1])
        assert model[:40] not in text, path
