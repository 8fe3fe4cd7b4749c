"""Lessons as a pupil uses them, in a real Chromium: type answers in JupyterLab (wrong, then right) and read
the feedback, see the saved progress on the start page, and answer an exercise in Voilà (no code at all)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def _answer(page, exercise, text: str, expect: str, timeout_ms: int = 30_000) -> str:
    """Type ``text`` into an exercise's answer box, press Check, wait until the feedback contains ``expect``."""
    box = exercise.locator("input[type=text], input:not([type])").first
    box.scroll_into_view_if_needed()
    box.fill(text)
    box.press("Tab")  # the Text widget syncs its value on blur as well as on typing
    exercise.get_by_role("button", name="Check").click()
    feedback = exercise.locator(".gamekit-feedback")
    feedback.get_by_text(expect).wait_for(timeout=timeout_ms)
    return feedback.inner_text()


def test_typed_answers_wrong_then_right_and_the_progress_table_shows_them(notebook_page, lab, ui):
    page = notebook_page("notebooks/dots_and_boxes/03_chains_and_loops.ipynb", boards=6)
    # exercise 2 ("how many chains?" on the 4×4 board): counting the loop too is the classic mistake
    exercise = page.locator(".gamekit-exercise").filter(has_text="How many chains").nth(1)
    wrong = _answer(page, exercise, "4", "loop")
    assert "✘" in wrong and "Did you count the loop?" in wrong
    right = _answer(page, exercise, "3", "Yes")
    assert "✔" in right and "3 chains" in right
    assert "2 attempts · solved" in exercise.locator(".gamekit-attempts").inner_text()
    ui.screenshot(page, "dots_lesson_typed_exercise")

    # the answers were saved: the start page's progress table lists the lesson
    start = notebook_page("notebooks/00_start_here.ipynb", boards=1)
    progress = start.locator(".gamekit-progress")
    progress.get_by_text("Dots 3 — chains and loops").wait_for(timeout=30_000)
    row = progress.locator("tr", has_text="Dots 3 — chains and loops").inner_text().split()
    assert row[-5:] == ["1", "1", "0", "0", "2"]  # tried, solved, first try, shown, attempts


def test_a_lesson_runs_in_voila_without_code_and_checks_answers(voila, browser, ui):
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    try:
        page.goto(f"{voila}/voila/render/notebooks/dots_and_boxes/02_third_sides.ipynb", wait_until="domcontentloaded")
        page.wait_for_function("document.querySelectorAll('canvas.gamekit-board').length >= 5", timeout=180_000)
        shown = page.inner_text("body")  # what the pupil sees: text and boards, no code
        assert "L.exercise" not in shown and "import" not in shown and "LessonScore" not in shown
        assert "third sides and safe lines" in shown
        exercise = page.locator(".gamekit-exercise").filter(has_text="How many safe lines").first
        wrong = _answer(page, exercise, "9", "Fewer")  # five safe lines
        assert "✘" in wrong and "third side" in wrong
        right = _answer(page, exercise, "5", "Yes")
        assert "✔" in right
        ui.screenshot(page, "dots_lesson_voila")
    finally:
        page.close()


def test_a_lesson_fits_a_320_px_phone_screen_with_whole_button_labels(voila, browser, ui):
    # WCAG 1.4.10 (reflow): on a 320 px screen the 5 en raya boards (wider than the screen) shrink to it, a row of
    # buttons wraps instead of squeezing "Check" to "C…", and a step-through's caption (set to its board's width)
    # shrinks to the page instead of running off its edge
    page = browser.new_page(viewport={"width": 320, "height": 700}, has_touch=True)
    try:
        page.goto(
            f"{voila}/voila/render/notebooks/five_in_a_row/02_threats_and_exercises.ipynb",
            wait_until="domcontentloaded",
        )
        page.wait_for_function(
            "document.querySelectorAll('.gamekit-exercise .jupyter-button').length >= 6", timeout=180_000
        )
        page.wait_for_function("document.querySelectorAll('.gamekit-caption').length >= 1", timeout=60_000)
        cut = page.evaluate("""() => Array.from(document.querySelectorAll('[class*="gamekit-"] .jupyter-button'))
            .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
            .map(b => b.textContent.trim())""")
        assert cut == []
        past_edge = page.evaluate("""() => Array.from(document.querySelectorAll(
            '.gamekit-caption, .gamekit-exercise .jupyter-button, canvas.gamekit-board'))
            .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > window.innerWidth + 1)
            .map(e => e.className + ' ' + e.textContent.trim().slice(0, 40))""")
        assert past_edge == []
        board = page.locator("canvas.gamekit-board").first.evaluate(
            "c => [c.width / c.height, c.getBoundingClientRect().width / c.getBoundingClientRect().height]"
        )
        assert abs(board[0] - board[1]) < 0.02  # shrunk, not squashed
        check = page.locator(".gamekit-exercise .jupyter-button", has_text="Check").first
        assert check.inner_text().strip() == "Check" and check.evaluate("b => b.getBoundingClientRect().width") > 40
        ui.screenshot(page, "five_lesson_320px")
    finally:
        page.close()


_PAINTED = """() => Array.from(document.querySelectorAll('canvas.gamekit-board')).map(c => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let k = 3; k < d.length; k += 4) if (d[k] > 0) n++;
    return n; })"""


def test_a_practice_puzzle_board_is_drawn_in_voila_and_after_next(voila, browser):
    # Voilà shows the page after its cells ran, so the board's first drawing is replayed when its view appears:
    # that replay, and the next puzzle's drawing, must reach the canvas (they were dropped: a blank board)
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    try:
        page.goto(f"{voila}/voila/render/notebooks/practice/01_dots_and_boxes.ipynb", wait_until="domcontentloaded")
        page.wait_for_function(f"({_PAINTED})().length >= 1 && ({_PAINTED})()[0] > 1000", timeout=180_000)
        page.locator(".jupyter-button", has_text="Next").first.click()
        page.get_by_text("Puzzle 2 ·").first.wait_for(timeout=60_000)
        page.wait_for_function(f"({_PAINTED})().every(n => n > 1000)", timeout=60_000)
    finally:
        page.close()
