"""Review r21 corrections to the Dots lessons: nothing on a board or page gives an exercise's answer before it is
answered, and feedback naming several boxes uses the plural."""

from gamekit.dots import lesson_pictures
from gamekit.dots import lessons as L
from gamekit.dots.lesson_positions import third_side_boxes


def test_lesson_5_final_challenge_board_has_no_third_side_tint():
    """Exercise 10's crux is seeing that b3, not only c3, has three sides: the red tint would show it."""
    ex = L.exercises(5)["l5_ex10"]
    assert len(third_side_boxes(ex.game)) >= 2  # the boxes the tint would have marked
    tints, _ = lesson_pictures.highlights(ex.game, third_sides=ex.third_sides, parts=ex.parts, last=False)
    colours = tints.values() if isinstance(tints, dict) else tints
    assert lesson_pictures.THIRD_SIDE_TINT not in colours
