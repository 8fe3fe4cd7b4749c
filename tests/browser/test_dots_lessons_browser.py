"""A Dots and Boxes lesson in a real browser: answer a puzzle by clicking on its canvas."""

import pytest

from gamekit.dots import lesson_positions
from gamekit.dots import lessons as L

pytestmark = pytest.mark.browser

LESSON = "notebooks/dots_and_boxes/02_third_sides.ipynb"


def test_click_a_safe_line_in_lesson_2_shows_the_feedback(notebook_page, ui):
    page = notebook_page(LESSON, boards=5)
    puzzle = page.locator(".gamekit-puzzle").filter(has_text="Find a safe line").first  # exercise 4
    canvas = puzzle.locator("canvas.gamekit-board")
    feedback = puzzle.locator(".gamekit-feedback")

    game = L.exercises(2)["safe_line"].game
    layout = lesson_positions.lesson_board_layout(game)
    # a wrong line first: it gives a box its third side, and the feedback says which
    ui.click_css(page, canvas, *layout.line_middle(game, game.line_index("c1-d1")))
    feedback.get_by_text("third side").wait_for(timeout=15_000)
    assert "✘" in feedback.inner_text()
    # then a safe one
    ui.click_css(page, canvas, *layout.line_middle(game, game.line_index("c2-c3")))
    feedback.get_by_text("is safe").wait_for(timeout=15_000)
    text = feedback.inner_text()
    assert "✔" in text and "c2-c3" in text
    assert "2 attempts · solved" in puzzle.locator(".gamekit-attempts").inner_text()
    ui.screenshot(page, "dots_lesson_puzzle")
