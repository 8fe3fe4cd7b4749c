"""Shut the Box Practice in a real browser: a "which set?" question is answered with the keyboard by pressing the
open tiles (Tab to a tile, Space), which the answer box spells, then Check; a pick that misses the roll is refused
with its reason, the right pick is right, and no list of the sets is on the page."""

import re

import pytest

from gamekit.puzzles.core import move_words
from gamekit.puzzles.pools import lesson_choices, practice_pool

pytestmark = pytest.mark.browser

PAGE = "notebooks/practice/04_shut_the_box.ipynb"
WIDGET = ".gamekit-practice"


def shown_puzzle(widget):
    """The puzzle the board shows (its id is a class of the title, never its text)."""
    widget.locator("[class*='gamekit-puzzle-shut-']").first.wait_for(timeout=30_000)
    classes = widget.locator("[class*='gamekit-puzzle-shut-']").first.get_attribute("class")
    pid = re.search(r"gamekit-puzzle-(shut-[0-9a-f]+)", classes).group(1)
    return next(p for p in practice_pool("shut_the_box") if p.id == pid)


def press(page, picker, tile: int) -> None:
    """Press a tile's toggle button with the keyboard: focus it (as Tab does), then Space."""
    picker.locator("button", has_text=re.compile(rf"^\s*{tile}\s*$")).first.focus()
    page.keyboard.press("Space")


def test_a_best_set_question_is_answered_by_pressing_tiles_with_the_keyboard(notebook_page):
    page = notebook_page(PAGE, boards=0)
    widget = page.locator(WIDGET).first
    # the lesson whose ideas include "which set?" (its label as the chooser shows it)
    lesson = next(label for label, key in lesson_choices("shut_the_box") if key == 4)
    assert "best set" in lesson
    widget.locator("select").first.select_option(label=lesson)
    picker = widget.locator(".gamekit-part-picker").first
    picker.locator("button").first.wait_for(timeout=30_000)
    puzzle = shown_puzzle(widget)
    for _ in range(12):  # the list mixes in "one die or two?" questions (drawn at random): Next to a "which set?"
        if puzzle.facts["kind"] == "set":
            break
        before = puzzle.id
        widget.locator("button", has_text="Next").first.click()
        for _ in range(100):
            page.wait_for_timeout(150)
            puzzle = shown_puzzle(widget)
            if puzzle.id != before:
                break
    assert puzzle.facts["kind"] == "set"
    picker.locator("button").first.wait_for(timeout=30_000)
    text = widget.inner_text()
    assert "The tiles you cover:" in text
    assert not any(move_words("shut_the_box", a) in text for a in puzzle.legal_answers())  # no set listed
    assert picker.locator("button").count() == len(puzzle.facts["open"])
    field = widget.locator("input[type='text']").first
    feedback = widget.locator(".gamekit-feedback").first
    roll, right = puzzle.facts["roll"], puzzle.answers[0][1]
    short = min(puzzle.facts["open"])  # one tile alone never makes a roll with three sets or more here but its own
    if short == roll:
        short = sorted(puzzle.facts["open"])[1]
    press(page, picker, short)
    page.wait_for_function(f"el => el.value === '{short}'", arg=field.element_handle(), timeout=15_000)
    widget.locator("button", has_text="Check").first.click()
    page.wait_for_function(
        "el => el.textContent.includes('not the roll')", arg=feedback.element_handle(), timeout=15_000
    )
    press(page, picker, short)  # pressed again: left out
    for tile in right:
        press(page, picker, tile)
    spelled = "+".join(map(str, sorted(right, reverse=True)))
    page.wait_for_function(f"el => el.value === '{spelled}'", arg=field.element_handle(), timeout=15_000)
    widget.locator("button", has_text="Check").first.click()
    page.wait_for_function("el => el.textContent.includes('✔')", arg=feedback.element_handle(), timeout=15_000)
