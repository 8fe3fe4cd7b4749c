"""Dots and Boxes homework codes: when the teachers' page says to set them, and what a decision idea's set holds."""

from gamekit.i18n import using
from gamekit.puzzles.homework import theme_lessons, when_to_set

G = "dots_and_boxes"


def test_an_idea_is_set_after_the_lesson_that_first_teaches_it():
    """*Take a box* is lesson 1's idea (lesson 2 uses it again): its code was "after lesson 2"; the mixed code still
    waits for the last lesson's ideas, and each other idea for its own lesson."""
    with using("en"):
        assert theme_lessons(G, "take_box") == "1, 2"
        assert when_to_set(G, "take_box") == "after lesson 1"
        assert when_to_set(G, "avoid_third_side") == "after lesson 2"
        assert when_to_set(G, "hard_hearted_handout") == "after lesson 3"
        assert when_to_set(G, "double_deal") == "after lesson 5"
        assert when_to_set(G, None) == "after lesson 5"

