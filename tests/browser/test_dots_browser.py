"""Dots and Boxes in a real browser: JupyterLab + Chromium, clicks on the canvas."""

import json

import pytest

from gamekit.dots import DotsAndBoxes
from gamekit.dots.view import BoardLayout

pytestmark = pytest.mark.browser

LESSON = "notebooks/dots_and_boxes/01_rules_and_terms.ipynb"


def test_click_draws_a_line_and_passes_the_turn(notebook_page, ui, lab):
    page = notebook_page(LESSON, boards=2)
    widget = page.locator(".gamekit-widget").nth(0)
    assert widget.locator(".gamekit-card-0.gamekit-active").count() == 1, "gold should start"

    layout = BoardLayout.fit(3, 3)
    game = DotsAndBoxes(3, 3)
    x, y = layout.line_middle(game, game.line_index("a1-b1"))
    # sample a pixel on the line but off the white last-move mark in its middle
    first = ui.game_board(page, 0)  # the lesson's exercise boards come before the game boards
    ui.watch_redraw(page, first, x - layout.spacing / 4, y)
    ui.click_css(page, ui.board(page, first), x, y)

    widget.locator(".gamekit-card-1.gamekit-active").wait_for(timeout=10_000)
    ui.wait_for_status(page, 0, "Coral")  # cards and status line arrive as separate updates
    latency_ms = ui.redraw_latency_ms(page)
    shot = ui.screenshot(page, "dots_after_click")
    (shot.parent / "dots_click_latency.json").write_text(json.dumps({"click_to_redraw_ms": latency_ms}))
    print(f"\nclick to redrawn board: {latency_ms:.0f} ms (screenshot {shot})")
    assert latency_ms > 0


def test_cpu_answers_a_click(notebook_page, ui):
    page = notebook_page(LESSON, boards=2)
    layout = BoardLayout.fit(5, 4)
    game = DotsAndBoxes(5, 4)
    second = ui.game_board(page, 1)
    ui.click_css(page, ui.board(page, second), *layout.line_middle(game, game.line_index("c3-d3")))
    ui.wait_for_status(page, 1, "The CPU played")
    assert "Your move" in ui.status_text(page, 1)
    for line in ("a1-b1", "a1-a2", "b1-b2"):  # a few more lines, for the README picture
        before = ui.status_text(page, 1)
        ui.click_css(page, ui.board(page, second), *layout.line_middle(game, game.line_index(line)))
        # the kernel has taken the click once the status line says something new
        page.wait_for_function(
            "t => document.querySelectorAll('.gamekit-status')[1].textContent !== t", arg=before, timeout=15_000
        )
    ui.ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".gamekit-widget").nth(1).screenshot(path=str(ui.ARTIFACTS / "dots_widget.png"))


def test_refused_click_explains_why(notebook_page, ui):
    page = notebook_page(LESSON, boards=2)
    ui.click_css(page, ui.board(page, ui.game_board(page, 0)), 3, 3)  # the corner, far from any gap
    ui.wait_for_status(page, 0, "gap between two neighbouring dots")


def test_a_tap_draws_a_line_on_a_touch_screen(notebook_page, ui):
    page = notebook_page(LESSON, boards=2, touch=True)
    layout, game = BoardLayout.fit(3, 3), DotsAndBoxes(3, 3)
    ui.click_css(
        page, ui.board(page, ui.game_board(page, 0)), *layout.line_middle(game, game.line_index("b2-c2")), tap=True
    )
    page.locator(".gamekit-widget").nth(0).locator(".gamekit-card-1.gamekit-active").wait_for(timeout=10_000)
    ui.wait_for_status(page, 0, "Coral")  # cards and status line arrive as separate updates
