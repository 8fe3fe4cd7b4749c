"""Boards and lesson widgets in JupyterLab + Chromium: the keyboard goes back to the board after an undo request is
answered, buttons show their whole label, the Hint's line shows on the canvas."""

from __future__ import annotations

import nbformat
import pytest

from gamekit.dots import DotsAndBoxes
from gamekit.dots.view import HINT_INK, last_mark
from gamekit.dots.view import BoardLayout

pytestmark = pytest.mark.browser

CELLS = [
    "from gamekit.dots.widget import DotsWidget\n"
    "w = DotsWidget(3, 3, mode='people')\n"
    "w.click_line('a1-b1')\n"
    "w.request_undo()          # coral is asked to accept\n"
    "w",
    "from gamekit.widgets.exercise import Exercise, count_checker\n"
    "from gamekit.widgets.lesson import ExerciseWidget\n"
    "ex = Exercise('How many?', count_checker(3, right='Yes.', too_few='More.', too_many='Fewer.'), solutions=[3],\n"
    "              more=lambda answer: '3 = 1 + 2', more_label='Show the exact numbers')\n"
    "e = ExerciseWidget(ex)\n"
    "e.submit('2')\n"
    "e.submit('3')             # the longer text is offered once the exercise is solved\n"
    "e",
]


@pytest.fixture
def scratch(lab):
    """A notebook of the test's own in the served copy (never in the repository)."""
    path = lab.root / "notebooks" / "scratch_boards.ipynb"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in CELLS])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, path)
    yield "notebooks/scratch_boards.ipynb"
    path.unlink(missing_ok=True)


def test_accepting_an_undo_gives_the_keyboard_back_to_the_board(notebook_page, ui, scratch):
    page = notebook_page(scratch, boards=1)
    accept = page.locator(".gamekit-widget .jupyter-button", has_text="Accept")
    accept.wait_for(state="visible", timeout=15_000)
    accept.focus()
    page.keyboard.press("Enter")
    ui.wait_for_status(page, 0, "Move taken back")
    page.wait_for_function(
        "document.activeElement && document.activeElement.classList.contains('gamekit-board')", timeout=10_000
    )
    assert not accept.is_visible()


def test_buttons_show_their_whole_label(notebook_page, ui, scratch):
    page = notebook_page(scratch, boards=1)
    more = page.locator(".gamekit-exercise .jupyter-button", has_text="Show the exact numbers")
    more.wait_for(state="visible", timeout=15_000)
    cut = page.evaluate("""() => Array.from(document.querySelectorAll('[class*="gamekit-"] .jupyter-button'))
        .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent.trim())""")
    assert cut == []
    assert more.evaluate("b => b.getBoundingClientRect().width") > 148  # wider than ipywidgets' fixed width


def test_the_hint_is_drawn_on_the_canvas(notebook_page, ui, scratch):
    page = notebook_page(scratch, boards=1)
    widget = page.locator(".gamekit-widget").first
    widget.locator(".jupyter-button", has_text="Decline").click()
    widget.locator(".jupyter-button", has_text="Hint").click()
    status = ui.wait_for_status(page, 0, "Hint:")
    move = status.split("Hint: ")[1].split(" —")[0]
    layout, game = BoardLayout.fit(3, 3), DotsAndBoxes.from_moves(3, 3, ["a1-b1"])
    x1, y1, x2, y2 = layout.line_ends(game, game.line_index(move))
    # a point just past the middle of the dashed line: its dashes are 4 px on, 4 px off from the first dot, and the
    # line is 64 px long, so a dash starts at the middle
    assert layout.spacing == 64
    x, y = (x1 + x2) / 2 + 1.5 * (x2 > x1), (y1 + y2) / 2 + 1.5 * (y2 > y1)
    expected = tuple(int(HINT_INK[i : i + 2], 16) for i in (1, 3, 5))
    page.wait_for_function(
        f"""() => {{ const c = document.querySelector('.gamekit-widget canvas.gamekit-board');
        const k = c.width / c.getBoundingClientRect().width;
        const d = c.getContext('2d').getImageData(Math.round({x} * k), Math.round({y} * k), 1, 1).data;
        return Math.abs(d[0] - {expected[0]}) + Math.abs(d[1] - {expected[1]})
            + Math.abs(d[2] - {expected[2]}) < 40; }}""",
        timeout=10_000,
    )
    # the last line's bead is ringed all round (solid: the hint's dashes before it must not carry over)
    mx, my = layout.line_middle(game, game.line_index("a1-b1"))
    ring = [item for item in last_mark(game, layout, game.line_index("a1-b1")) if item[0] == "ring"][0]
    radius = ring[3]
    dark = page.evaluate(f"""() => {{ const c = document.querySelector('.gamekit-widget canvas.gamekit-board');
        const k = c.width / c.getBoundingClientRect().width, ctx = c.getContext('2d'), out = [];
        for (let i = 0; i < 16; i++) {{
          const a = (i + 0.5) * Math.PI / 8, x = {mx} + {radius} * Math.cos(a), y = {my} + {radius} * Math.sin(a);
          const d = ctx.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data;
          out.push(d[0] + d[1] + d[2] < 300); }}
        return out; }}""")
    assert all(dark), dark
    ui.ARTIFACTS.mkdir(exist_ok=True)
    widget.screenshot(path=str(ui.ARTIFACTS / "dots_widget_hint.png"))
