"""5 en raya in a real browser: JupyterLab + Chromium, a click on a column drops a disc."""

import json

import pytest

from gamekit.connect import FiveInARow
from gamekit.connect.view import DISC, layout_for

pytestmark = pytest.mark.browser

LESSON = "notebooks/five_in_a_row/01_rules_and_play.ipynb"


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def test_clicking_a_column_drops_a_red_disc_and_the_cpu_answers(notebook_page, ui):
    page = notebook_page(LESSON, boards=3)
    widget = page.locator(".gamekit-widget").nth(0)
    widget.scroll_into_view_if_needed()  # JupyterLab renders cells out of view lazily
    assert widget.locator(".gamekit-card-0.gamekit-active").count() == 1, "red should start"
    ui.wait_for_status(page, 0, "Your move (Red)")

    layout = layout_for(FiveInARow())
    game = FiveInARow()
    col = game.grid_column(4)
    bottom = layout.centre(col, 0)
    x_click, y_click = layout.centre(col, 4)  # anywhere in the column will do
    # watch a point of the landing cell a little off its centre (the centre gets the last-disc dot)
    probe = (bottom[0] - layout.cell * 0.2, bottom[1])
    ui.watch_redraw(page, 0, *probe)
    ui.click_css(page, ui.board(page, 0), x_click, y_click)

    ui.wait_for_status(page, 0, "The CPU played", timeout_ms=20_000)
    assert "Your move" in ui.status_text(page, 0)
    latency_ms = ui.redraw_latency_ms(page)
    r, g, b = ui.pixel(page, 0, *probe)
    want = _hex(DISC[0])
    assert abs(r - want[0]) < 40 and abs(g - want[1]) < 40 and abs(b - want[2]) < 40, (r, g, b)
    shot = ui.screenshot(page, "connect_after_click")
    (shot.parent / "connect_click_latency.json").write_text(json.dumps({"click_to_redraw_ms": latency_ms}))
    print(f"\nclick to redrawn board: {latency_ms:.0f} ms (screenshot {shot})")


def test_a_click_on_a_side_column_explains_why(notebook_page, ui):
    page = notebook_page(LESSON, boards=3)
    layout = layout_for(FiveInARow())
    ui.click_css(page, ui.board(page, 0), *layout.centre(0, 3))
    ui.wait_for_status(page, 0, "side columns")


def test_lesson_exercise_is_checked_from_a_click(notebook_page, ui):
    from gamekit.connect import lessons as L

    from gamekit.connect import lesson_pictures

    page = notebook_page("notebooks/five_in_a_row/02_threats_and_exercises.ipynb", boards=3)
    ex = L.exercises()["win_in_one"]
    layout = layout_for(ex.game, lesson_pictures.CELL)
    wrong = ex.wrong[0]
    x, y = layout.centre(ex.game.grid_column(int(wrong)), 5)
    render_boards(page, ui, upto=1)
    ui.click_css(page, ui.board(page, 1), x, y)  # boards: the block, then this one
    # the refutation is shown (the solver works out the line of best play: seconds on a busy machine)
    page.get_by_text(f"✘ Not column {wrong}").first.wait_for(state="attached", timeout=45_000)
    x, y = layout.centre(ex.game.grid_column(int(ex.solutions[0])), 5)
    ui.click_css(page, ui.board(page, 1), x, y)
    page.get_by_text("✔ Right: column").first.wait_for(state="attached", timeout=45_000)
    ui.screenshot(page, "connect_lesson_exercise")


def render_boards(page, ui, upto: int | None = None) -> int:
    """Scroll through the boards in page order, up to board ``upto`` + 1 (or all of them), so that JupyterLab,
    which renders cells near the viewport only, has laid them out and the page no longer shifts under a click;
    returns how many boards there are."""
    i = 0
    while True:
        n = page.evaluate("document.querySelectorAll('canvas.gamekit-board').length")
        if i >= n or (upto is not None and i > upto + 1):
            return n
        ui.settled_box(page, ui.board(page, i))  # in view, and no longer moving
        i += 1


def test_a_click_made_while_the_cpu_thinks_is_ignored(notebook_page, ui):
    page = notebook_page("notebooks/five_in_a_row/02_threats_and_exercises.ipynb")
    last = render_boards(page, ui) - 1  # Hard CPU, 5 en raya
    game, layout = FiveInARow(), layout_for(FiveInARow())
    canvas = ui.board(page, last)
    last_status = page.evaluate("document.querySelectorAll('.gamekit-status').length") - 1  # the same widget
    # a fresh game whatever this notebook's kernel did before (another test may have opened the same lesson)
    page.locator(".gamekit-widget").last.get_by_role("button", name="New game").click()
    ui.wait_for_status(page, last_status, "Red", timeout_ms=20_000)
    # Hard answers red's column 4 at once with its own 4 (the only answer the shipped proof records keep a draw
    # with).  After red's second disc in column 7 the records prove three winning answers (1, 2 and 5) and no
    # kept proof names one, so Hard searches among them for most of its second
    # (tests/connect/test_connect_players.py checks that this position leaves Hard a choice)
    ui.click_css(page, canvas, *layout.centre(game.grid_column(4), 3))
    ui.wait_for_status(page, last_status, "The CPU played", timeout_ms=20_000)
    # red's second disc, then 30 ms later (by the browser's clock) a third click, both sent from inside the page
    # to whatever element is under the point, as a real click would be.  Sent from the test one after the
    # other they were apart by two Playwright round trips, which on a loaded machine outlasted Hard's
    # thought (about 0.7 s there), and the third click became a move.
    box = ui.settled_box(page, canvas)
    (x2, y2), (x3, y3) = layout.centre(game.grid_column(7), 3), layout.centre(game.grid_column(3), 3)
    page.evaluate(
        """([x2, y2, x3, y3]) => new Promise(done => {
        const press = (x, y) => document.elementFromPoint(x, y).dispatchEvent(
            new MouseEvent('mousedown', {clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0}));
        press(x2, y2);
        setTimeout(() => { press(x3, y3); done(); }, 30);
    })""",
        [box["x"] + x2, box["y"] + y2, box["x"] + x3, box["y"] + y3],
    )
    try:
        status = ui.wait_for_status(page, last_status, "ignored", timeout_ms=40_000)  # a loaded CI machine
    except Exception:
        page.screenshot(path=str(ui.ARTIFACTS / "connect_cpu_thinking_failure.png"))
        raise AssertionError(
            "no 'ignored' message; the status line says: "
            + repr(page.evaluate(f"document.querySelectorAll('.gamekit-status')[{last_status}].textContent"))
        )
    assert "while the CPU was thinking" in status
