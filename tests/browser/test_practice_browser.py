"""Practice in a real browser: a puzzle solved wrong (its refutation shown), then right, by clicking the board,
in JupyterLab and in Voilà."""
import re

import pytest

from gamekit.connect.view import layout_for
from gamekit.puzzles import bank

from .conftest import open_voila

pytestmark = pytest.mark.browser

PAGE = "notebooks/practice/03_connect_four.ipynb"
WIDGET = ".gamekit-practice"


def shown_puzzle(page):
    """The puzzle the page shows (its id is in the widget's title)."""
    text = page.locator(WIDGET).first.inner_text()
    pid = re.search(r"Puzzle (c4-[0-9a-f]+)", text).group(1)
    return next(p for p in bank("connect_four") if p.id == pid)


def column_x(game, column: str) -> tuple[float, float]:
    layout = layout_for(game, 40)
    width, height = layout.css_size
    for x in range(0, width, 2):
        col = layout.column_at(x, height / 2)
        if col is not None and game.column_number(col) == int(column):
            return x + 4, height / 2
    raise AssertionError(f"no column {column}")


def solve_wrong_then_right(page, ui):
    puzzle = shown_puzzle(page)
    canvas = page.locator(f"{WIDGET} canvas.gamekit-board").first
    feedback = page.locator(f"{WIDGET} .gamekit-feedback").first
    wrong = next(a for a in puzzle.legal_answers() if a not in puzzle.answers)
    ui.click_css(page, canvas, *column_x(puzzle.position, wrong))
    page.wait_for_function("el => el.textContent.includes('Not the best')", arg=feedback.element_handle(),
                           timeout=15_000)
    assert puzzle.check(wrong)[1] in feedback.inner_text()
    ui.click_css(page, canvas, *column_x(puzzle.position, puzzle.answers[0]))
    page.wait_for_function("el => el.textContent.includes('Right:')", arg=feedback.element_handle(), timeout=15_000)
    assert "Streak: 0" in page.locator(WIDGET).first.inner_text()       # solved at the second try: no streak


def test_a_puzzle_solved_wrong_then_right_in_jupyterlab(notebook_page, ui):
    page = notebook_page(PAGE, boards=2)
    solve_wrong_then_right(page, ui)
    ui.screenshot(page, "practice_lab")


def test_a_puzzle_solved_wrong_then_right_in_voila(browser, voila, ui):
    page = open_voila(browser, voila, PAGE, boards=2)
    try:
        solve_wrong_then_right(page, ui)
    finally:
        page.close()
