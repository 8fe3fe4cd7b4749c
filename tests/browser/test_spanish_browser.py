"""A Spanish lesson in a real Chromium: the board, its buttons and its refusals speak Spanish, and a typed
answer gets Spanish feedback (wrong, then right)."""

from __future__ import annotations

import pytest

from gamekit.dots import DotsAndBoxes
from gamekit.dots.view import BoardLayout

pytestmark = pytest.mark.browser
LESSON = "notebooks/es/dots_and_boxes/01_rules_and_terms.ipynb"


def _answer(exercise, text: str, expect: str, timeout_ms: int = 30_000) -> str:
    box = exercise.locator("input[type=text], input:not([type])").first
    box.scroll_into_view_if_needed()
    box.fill(text)
    box.press("Tab")
    exercise.get_by_role("button", name="Comprobar").click()
    feedback = exercise.locator(".gamekit-feedback")
    feedback.get_by_text(expect).wait_for(timeout=timeout_ms)
    return feedback.inner_text()


def test_a_spanish_board_and_a_spanish_exercise(notebook_page, ui):
    page = notebook_page(LESSON, boards=2)
    widget = page.locator(".gamekit-widget").nth(0)  # the two-person 3×3 board
    canvas, status = widget.locator("canvas.gamekit-board").first, widget.locator(".gamekit-status")
    canvas.scroll_into_view_if_needed()
    assert widget.get_by_role("button", name="Nueva partida").count() == 1
    assert widget.get_by_role("button", name="Deshacer").count() == 1
    status.get_by_text("Le toca a Dorado").wait_for(timeout=15_000)  # rendered (JupyterLab renders lazily)

    layout, game = BoardLayout.fit(3, 3), DotsAndBoxes(3, 3)
    ui.click_css(page, canvas, *layout.line_middle(game, game.line_index("a1-b1")))
    widget.locator(".gamekit-card-1.gamekit-active").wait_for(timeout=10_000)
    status.get_by_text("Le toca a Coral").wait_for(timeout=10_000)
    ui.click_css(page, canvas, 3, 3)  # the corner: refused, in Spanish
    status.get_by_text("hueco entre dos puntos vecinos").wait_for(timeout=10_000)

    exercise = page.locator(".gamekit-exercise").filter(has_text="Cuántas líneas").first
    wrong = _answer(exercise, "16", "cuatro lados")
    assert "✘" in wrong and "cuenta cada línea una vez" in wrong
    right = _answer(exercise, "12", "Sí")
    assert "✔" in right and "horizontales" in right
    assert "2 intentos · resuelto" in exercise.locator(".gamekit-attempts").inner_text()
    ui.screenshot(page, "spanish_lesson")
