"""The class table fills itself, in real Chromium: the teacher creates a group on the room server's page, a pupil
joins it from the start page in Voilà (the short code and a nickname typed into the "Join your class" box — no
code cell touched), answers an exercise of a lesson, and the teacher's class page shows the answer.  Then the
mastery loop: the pupil misses a "More practice" problem twice, presses "Try a similar one", solves the easier
puzzle on the same idea, and the teacher's table shows the idea under "Extra practice".  Last, homework: the pupil
types the teacher's homework code into the Practice page's box, answers its first puzzle, and the teacher's table
shows it in the puzzle theme's column next to the lesson (issue 36 §1's whole story, in one browser session).

The room server and Voilà are real processes on loopback; Voilà's kernels get a saved progress of their own
(``GAMEKIT_PROGRESS_FILE``) and the class server a short code is looked up on (``GAMEKIT_CLASS_SERVER``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.rooms.conftest import page_store

from testing_servers import voila_server  # tests/testing_servers.py

pytestmark = pytest.mark.browser
store_kind = page_store("postgres")  # one store for the page tests: tests/rooms/conftest.py
ROOT = Path(__file__).resolve().parents[2]
LESSON = "Dots 2 — third sides"
HOMEWORK = ("dots_and_boxes", "double_deal", 3, 7)  # the code "dots-double_deal-3-7"


@pytest.fixture
def pupils_voila(rooms, tmp_path):
    """Voilà serving the repository, whose kernels save progress in ``tmp_path`` and look codes up on ``rooms``."""
    with voila_server(
        tmp_path, env={"GAMEKIT_PROGRESS_FILE": str(tmp_path / "p.json"), "GAMEKIT_CLASS_SERVER": rooms.url}
    ) as url:
        yield url


def open_voila(page, url: str, path: str) -> None:
    page.goto(f"{url}/voila/render/{path}", wait_until="domcontentloaded", timeout=180_000)  # Voilà runs the page first
    page.wait_for_function(
        "(() => { const c = document.getElementById('rendered_cells');"
        " return c && getComputedStyle(c).display !== 'none'; })()",
        timeout=180_000,
    )


def test_a_pupil_joins_from_the_start_page_and_the_teacher_sees_each_answer_and_the_homework(
    rooms, person, chromium, pupils_voila
):
    # the teacher creates the group on the server's page and opens the owner page
    teacher = person()
    teacher.goto(rooms.url + "/groups")
    teacher.fill("#group-name", "Class 7A")
    teacher.click("#create-group-button")
    teacher.wait_for_selector("#created", state="visible")
    owner_link, code = teacher.input_value("#owner-link"), teacher.inner_text("#code")

    pupil = chromium.new_page(viewport={"width": 1200, "height": 1000})
    try:
        # the start page: the short code and a nickname typed into the box, then Join
        open_voila(pupil, pupils_voila, "notebooks/00_start_here.ipynb")
        box = pupil.locator(".gamekit-join-class")
        box.wait_for(timeout=60_000)
        fields = box.locator("input[type=text], input:not([type])")
        for field, text in ((fields.nth(0), code), (fields.nth(1), "Ana")):
            field.fill(text)
            field.press("Tab")  # the Text widget syncs its value on blur as well as on typing
        box.get_by_role("button", name="Join").click()  # the one shown (not "Join another class")
        note = box.locator(".gamekit-feedback")
        note.get_by_text("Sent to your teacher").wait_for(timeout=30_000)
        assert "Class 7A" in box.inner_text() and "Ana" in box.inner_text()

        # a lesson: a wrong answer, then the right one; the line under the exercise says each one arrived
        open_voila(pupil, pupils_voila, "notebooks/dots_and_boxes/02_third_sides.ipynb")
        exercise = pupil.locator(".gamekit-exercise").filter(has_text="How many safe lines").first
        answer = exercise.locator("input[type=text], input:not([type])").first
        answer.scroll_into_view_if_needed()
        answer.fill("9")  # five safe lines: 9 is wrong
        answer.press("Tab")
        exercise.get_by_role("button", name="Check").click()
        exercise.locator(".gamekit-feedback").get_by_text("✘").wait_for(timeout=30_000)
        exercise.locator(".gamekit-class-note").get_by_text("Sent to your teacher").wait_for(timeout=30_000)

        # the teacher's class table shows the lesson: one exercise done, none right yet
        teacher.goto(owner_link)
        teacher.wait_for_selector("#owner", state="visible")
        cell = f"#class-table tr[data-nickname='Ana'] td[data-lesson='{LESSON}']"
        teacher.wait_for_selector(cell, timeout=15_000)
        assert teacher.inner_text(cell) == "1 / 0"

        answer.fill("5")
        answer.press("Tab")
        exercise.get_by_role("button", name="Check").click()
        exercise.locator(".gamekit-feedback").get_by_text("✔").wait_for(timeout=30_000)
        # the owner page reads the table again every few seconds: the right answer appears without a reload
        teacher.wait_for_function(
            f'document.querySelector("{cell}") && document.querySelector("{cell}").textContent === \'1 / 1\'',
            timeout=30_000,
        )

        # the mastery loop on the lesson's second "More practice" problem, a board the lesson makes (its idea read
        # from the lesson; the first asks a count, which no bank puzzle can stand in for)
        from gamekit.dots import lessons as dots_lessons
        from gamekit.puzzles.core import theme_name

        idea = theme_name("dots_and_boxes", dots_lessons.LESSONS[2].practice.similar_items[1][0])
        from gamekit.widgets.mastery import idea_of, similar_exercise

        problem = dots_lessons.practice_exercises(2)[1]
        similar = similar_exercise(idea_of(dots_lessons.LESSONS[2], problem))  # the first one it offers
        shown = re.sub(r"<[^>]+>", "", problem.prompt)  # the prompt as the page shows it (its bold tags rendered)
        # exercise 8 and the two races of More practice ask the same question: this one is the first race
        asking = pupil.locator(".gamekit-puzzle").filter(has_text=shown)
        board = asking.nth(asking.count() - 2)
        typed = board.locator("input[type=text], input:not([type])").first
        for wrong in problem.wrong[:2]:
            typed.scroll_into_view_if_needed()
            typed.fill(wrong)
            typed.press("Tab")
            board.get_by_role("button", name="Check").first.click()
            board.locator(".gamekit-attempts").get_by_text(
                "2 attempts" if wrong == problem.wrong[1] else "1 attempt"
            ).wait_for(timeout=30_000)
        offer = board.get_by_role("button", name="Try a similar one")
        offer.wait_for(timeout=30_000)
        offer.click()
        inner = board.locator(".gamekit-similar .gamekit-puzzle")
        inner.wait_for(timeout=30_000)
        assert inner.locator("canvas.gamekit-board").count() == 1  # its own board, to click or type on
        answer_box = inner.locator("input[type=text], input:not([type])").first
        answer_box.fill(similar.solutions[0])
        answer_box.press("Tab")
        inner.get_by_role("button", name="Check").click()
        inner.locator(".gamekit-feedback").get_by_text("✔").wait_for(timeout=30_000)
        board.locator(".gamekit-similar").get_by_text("Well done").wait_for(timeout=30_000)
        extra = "#class-table tr[data-nickname='Ana'] td[data-extra]"
        teacher.wait_for_function(
            f'document.querySelector("{extra}") && document.querySelector("{extra}")'
            f".textContent.includes('{idea}: 1 tried, 1 right')",
            timeout=30_000,
        )
        assert "Extra practice" in teacher.inner_text("#class-table tr:first-child")

        # homework: the teacher's code typed into the Practice page's box (no code cell touched), Open, then the
        # set's first puzzle answered as a pupil types it; the line under the board says it reached the teacher
        from gamekit.puzzles.core import move_words
        from gamekit.puzzles.homework import homework_set, set_code

        first = homework_set(*HOMEWORK)[0]
        open_voila(pupil, pupils_voila, "notebooks/practice/01_dots_and_boxes.ipynb")
        homework = pupil.locator(".gamekit-homework")
        homework.wait_for(timeout=60_000)
        code_box = homework.locator("input[type=text], input:not([type])").first
        code_box.scroll_into_view_if_needed()
        code_box.fill(set_code(*HOMEWORK))
        code_box.press("Tab")
        homework.get_by_role("button", name="Open").click()
        puzzle = homework.locator(".gamekit-practice")
        puzzle.get_by_text("Puzzle 1 of 3").wait_for(timeout=30_000)
        typed_answer = puzzle.locator("input[type=text], input:not([type])").first
        typed_answer.fill(move_words("dots_and_boxes", first.answers[0]))
        typed_answer.press("Tab")
        puzzle.get_by_role("button", name="Check").click()
        puzzle.locator(".gamekit-feedback").get_by_text("✔").wait_for(timeout=30_000)
        puzzle.locator(".gamekit-class-note").get_by_text("Sent to your teacher").wait_for(timeout=30_000)
        # the teacher's page shows both: the lesson's answers and the homework puzzle in its idea's column (the
        # bank's: a double-deal set also asks take-all decisions, "when control is not worth it")
        from gamekit.puzzles.core import theme_name

        idea = first.themes[0]
        column = f"#class-table tr[data-nickname='Ana'] td[data-puzzles='dots_and_boxes/{idea}']"
        teacher.wait_for_function(
            f'document.querySelector("{column}") && document.querySelector("{column}")'
            ".textContent === '1 / 1 (100 %)'",
            timeout=30_000,
        )
        header = teacher.inner_text("#class-table tr:first-child")
        assert f"Puzzles: Dots and Boxes — {theme_name('dots_and_boxes', idea)}" in header
        assert teacher.inner_text(cell) == "2 / 1"  # the lesson: the exercise right, the missed problem not yet
        assert not teacher.errors
    finally:
        pupil.close()
