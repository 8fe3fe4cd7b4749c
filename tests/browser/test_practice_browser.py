"""Practice in a real browser: a puzzle solved wrong (what happens after it shown), then right, by clicking the
board, in JupyterLab and in Voilà; the page shows a level (never a rating number or a puzzle id), whole button
labels, and a homework code typed into its box opens the set (a malformed one is explained)."""

import re

import pytest

from gamekit.connect.view import layout_for
from gamekit.puzzles import bank

from .conftest import open_voila

pytestmark = pytest.mark.browser

PAGE = "notebooks/practice/03_connect_four.ipynb"
WIDGET = ".gamekit-practice"


def shown_puzzle(widget):
    """The puzzle a Practice board shows (its id is a class of the widget's title, never its text)."""
    classes = widget.locator("[class*='gamekit-puzzle-']").first.get_attribute("class")
    pid = re.search(r"gamekit-puzzle-(c4-[0-9a-f]+)", classes).group(1)
    return next(p for p in bank("connect_four") if p.id == pid)


def column_x(game, column: str) -> tuple[float, float]:
    layout = layout_for(game, 40)
    width, height = layout.css_size
    for x in range(0, width, 2):
        col = layout.column_at(x, height / 2)
        if col is not None and game.column_number(col) == int(column):
            return x + 4, height / 2
    raise AssertionError(f"no column {column}")


def solve_wrong_then_right(page, ui, widget=None):
    widget = widget or page.locator(WIDGET).first
    puzzle = shown_puzzle(widget)
    canvas = widget.locator("canvas.gamekit-board").first
    feedback = widget.locator(".gamekit-feedback").first
    wrong = next(a for a in puzzle.legal_answers() if a not in puzzle.answers)
    ui.click_css(page, canvas, *column_x(puzzle.position, wrong))
    page.wait_for_function(
        "el => el.textContent.includes('Not the best')", arg=feedback.element_handle(), timeout=15_000
    )
    # at a glance one short sentence; the whole verdict under a collapsed "Read more"
    glance = feedback.inner_text()
    assert glance.startswith("✘") and "Read more" in glance
    assert puzzle.check(wrong)[1] in feedback.text_content() and puzzle.check(wrong)[1] not in glance
    show = widget.locator("button", has_text="Show what happens").first
    assert show.is_visible() and show.evaluate("b => b.scrollWidth <= b.clientWidth + 1")  # its whole label
    ui.click_css(page, canvas, *column_x(puzzle.position, puzzle.answers[0]))
    page.wait_for_function("el => el.textContent.includes('Right:')", arg=feedback.element_handle(), timeout=15_000)
    show.wait_for(state="hidden", timeout=15_000)  # nothing left to show: the button is gone, not just greyed
    text = widget.inner_text()
    assert "Streak: 0" in text  # solved at the second try: no streak
    assert re.search(r"Your level: \d+ of \d+", text) and "±" not in text and "rating" not in text.lower()
    assert puzzle.id not in text


def test_a_puzzle_solved_wrong_then_right_in_jupyterlab(notebook_page, ui):
    page = notebook_page(PAGE, boards=1)
    solve_wrong_then_right(page, ui)
    for button in page.locator(f"{WIDGET} button").all():  # every label whole, none cut to "Show the…"
        if button.is_visible():
            assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), button.inner_text()
    ui.screenshot(page, "practice_lab")


def test_a_homework_code_typed_into_its_box_opens_the_set(notebook_page, ui):
    page = notebook_page(PAGE, boards=1)
    box = page.locator(".gamekit-homework").first
    field = box.locator("input").first
    message = box.locator(".gamekit-feedback").first
    field.fill("four win now")
    box.locator("button", has_text="Open").click()
    page.wait_for_function(
        "el => el.textContent.includes('is not a homework code')", arg=message.element_handle(), timeout=15_000
    )
    assert box.locator("canvas.gamekit-board").count() == 0
    field.fill("five-block-10-1")
    field.press("Enter")
    page.wait_for_function(
        "el => el.textContent.includes('is a code for 5 en raya')", arg=message.element_handle(), timeout=15_000
    )
    field.fill("four-win_now-10-1")
    box.locator("button", has_text="Open").click()
    page.wait_for_function(
        "document.querySelectorAll('.gamekit-homework canvas.gamekit-board').length == 1", timeout=30_000
    )
    assert "Puzzle 1 of 10" in box.inner_text() and "10 puzzles" in message.inner_text()
    # the homework board is the page's second Practice board: solved there, both show the same level
    solve_wrong_then_right(page, ui, box.locator(WIDGET).first)
    levels = set()
    for w in (page.locator(WIDGET).first, box.locator(WIDGET).first):
        w.scroll_into_view_if_needed()  # JupyterLab leaves a cell far out of view empty until it is scrolled to
        page.wait_for_function("el => /Your level: \\d+ of \\d+/.test(el.innerText)", arg=w.element_handle())
        levels.add(re.search(r"Your level: \d+ of \d+", w.inner_text()).group(0))
    assert len(levels) == 1
    ui.screenshot(page, "practice_homework_lab")


def test_a_puzzle_solved_wrong_then_right_in_voila(browser, voila, ui):
    page = open_voila(browser, voila, PAGE, boards=1)
    try:
        solve_wrong_then_right(page, ui)
    finally:
        page.close()
