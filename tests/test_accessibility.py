"""Accessibility without a browser (issue 23, docs/accessibility.md): which boards take keys, the live regions,
Shut the Box played with the keyboard only, and the words each board gives a screen reader (English and Spanish).

The front end (Tab leaving a board, aria attributes) is tested in Chromium: tests/browser/test_accessibility_browser.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.connect import describe as connect_describe
from gamekit.connect.rules import FiveInARow
from gamekit.connect.widget import ConnectWidget
from gamekit.dots import describe as dots_describe
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.widget import DotsWidget
from gamekit.i18n import using
from gamekit.shutbox import describe as shutbox_describe
from gamekit.shutbox.game import ShutTheBox
from gamekit.shutbox.widget import ShutBoxWidget
from gamekit.widgets.access import KEYS_CLASS, LIVE_CLASS, BoardAccess
from gamekit.widgets.canvas import BoardCanvas
from gamekit.widgets.settings import BadSettingTypeError
from gamekit.core.scene import Scene
from gamekit.widgets.exercise import Exercise, html_to_text
from gamekit.widgets.lesson import ExerciseWidget
from gamekit.widgets.stepthrough import StepThrough


# ----- which boards stay in the Tab order, which texts are live ------------------------------------
def test_game_boards_take_keys_and_pictures_do_not():
    for widget in (DotsWidget(3, 3, mode="people"), ConnectWidget(mode="people"), ShutBoxWidget(seats=["person"])):
        classes = widget.board.canvas._dom_classes
        assert KEYS_CLASS in classes and widget.board.board_class in classes
        assert widget.board.access in widget.children  # the shim is shown next to the board
        assert LIVE_CLASS in widget.status._dom_classes
        assert widget.board.label and widget.board.description
    picture = BoardCanvas(100, 80)
    assert KEYS_CLASS not in picture.canvas._dom_classes
    steps = StepThrough([(Scene(), "<b>one</b> &amp; two"), (Scene(), "three")], size=(100, 80))
    assert KEYS_CLASS not in steps.board.canvas._dom_classes
    assert LIVE_CLASS in steps.caption._dom_classes
    assert steps.board.description == "one & two"
    steps.next()
    assert steps.board.description == "three"


def test_every_board_has_its_own_class_and_the_shim_refuses_wrong_types():
    a, b = BoardCanvas(10, 10), BoardCanvas(10, 10)
    assert a.board_class != b.board_class and a.access.board == a.board_class
    with pytest.raises(BadSettingTypeError, match="keys"):
        BoardCanvas(10, 10, keys="yes")
    with pytest.raises(BadSettingTypeError, match="description"):
        a.set_access(description=3)
    a.set_access("Name", "Text")
    with pytest.raises(BadSettingTypeError):
        a.set_access(label=None, description=b"bytes")
    assert (a.label, a.description) == ("Name", "Text")  # a refusal changed nothing


def test_the_shim_carries_the_lessons_language():
    assert BoardAccess().language == "en"
    with using("es"):
        assert BoardAccess().language == "es"
        assert DotsWidget(3, 3).board.access.language == "es"


def test_html_to_text_reads_captions():
    assert html_to_text("<b>Gold</b> takes&nbsp;2 &lt;boxes&gt;<br>now") == "Gold takes 2 <boxes> now"


def test_enter_in_an_answer_box_checks_the_answer():
    exercise = Exercise(
        key="k",
        prompt="Two plus two?",
        checker=lambda a: (a.strip() == "4", "yes" if a.strip() == "4" else "no"),
        solutions=("4",),
        wrong=("5",),
    )
    widget = ExerciseWidget(exercise)
    assert LIVE_CLASS in widget.feedback._dom_classes
    widget.input.value = "4"
    # what the browser's Text view sends when Enter is pressed in the box
    widget.input._handle_custom_msg({"event": "submit"}, [])
    assert widget.solved and widget.last_feedback.startswith("✔")


# ----- Shut the Box by keyboard ---------------------------------------------------------------------
def keyed_box(seed: int = 1) -> ShutBoxWidget:
    widget = ShutBoxWidget(seats=["person"], seed=seed)
    widget.on_key("Enter")  # Enter on the box rolls
    assert widget.game.phase == "cover"
    return widget


def test_shut_the_box_is_played_with_the_keyboard_only():
    widget = keyed_box()
    total = sum(widget.game.dice)
    best = widget.hint()[0][1]  # a legal set for the roll
    for tile in best:
        widget.on_key(str(tile))
    assert widget.selected == set(best)
    assert widget.board.scene.ops("dashed_line"), "the keyboard cursor is drawn (a dashed frame)"
    widget.confirm()
    assert set(best) <= set(widget.game.covered_tiles)
    assert "click" not in widget.last_status.lower()
    assert str(total) not in widget.board.description or widget.game.phase == "roll"


def test_arrows_and_space_toggle_the_tile_under_the_cursor():
    widget = keyed_box()
    widget.on_key("ArrowRight")  # the first press puts the cursor on the lowest open tile
    assert widget.cursor == 1 and "Tile 1: open." == widget.board.access.announcement
    widget.on_key("ArrowRight")
    widget.on_key(" ")
    assert widget.selected == {2} and "Tile 2: open, selected." in widget.board.description
    widget.on_key(" ")
    assert widget.selected == set()
    widget.on_key("End")
    widget.on_key("ArrowRight")  # stays on 9
    assert widget.cursor == 9
    widget.on_key("Home")
    widget.on_key("ArrowLeft")
    assert widget.cursor == 1


def test_keyboard_refusals_say_why_and_change_nothing():
    widget = ShutBoxWidget(seats=["person"], seed=1)
    before = widget.state()
    widget.on_key("5")  # before the roll: refused with the reason
    assert widget.state()["selected"] == before["selected"] == set()
    assert "Roll the dice first" in widget.last_status
    widget = keyed_box()
    widget.confirm()  # nothing selected
    assert widget.last_status == "Select tiles first: click them, or press their numbers 1 to 9 on the board."
    for tile in widget.hint()[0][1]:
        widget.on_key(str(tile))
    widget.confirm()
    covered = widget.game.covered_tiles[0]
    while widget.game.phase != "cover" and not widget.game.is_over():
        widget.on_key("Enter")
    if not widget.game.is_over():
        selected = set(widget.selected)
        widget.on_key(str(covered))
        assert widget.selected == selected and f"Tile {covered} is already covered." in widget.last_status
    with pytest.raises(ValueError):
        widget.toggle_tile(10)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.sampled_from(["ArrowLeft", "ArrowRight", "Home", "End", " ", "Enter", "1", "5", "9", "x", "Tab"]),
        max_size=30,
    ),
    st.integers(0, 50),
)
def test_any_keys_keep_the_box_consistent(keys, seed):
    widget = ShutBoxWidget(seats=["person"], seed=seed)
    for key in keys:
        widget.on_key(key)
        assert not widget.errors
        g = widget.game
        flippable = set(g.open_tiles if g.covering else g.covered_tiles)
        assert widget.selected <= flippable
        assert widget.board.description == shutbox_describe.describe(g, widget.selected, widget.cursor)


# ----- the words of each board -------------------------------------------------------------------
def test_dots_description_names_score_turn_lines_boxes_and_cursor():
    game = DotsAndBoxes.from_moves(2, 2, ["a1-b1", "a2-b2", "a1-a2", "b1-b2"])  # Gold? the 4th line takes a1
    text = dots_describe.describe(game)
    owner = game.owners[0]
    seat = ("Gold", "Coral")[owner]
    assert f"{seat} owns 1 box: a1." in text
    assert "4 lines drawn (of 12): " in text and "a1-b1" in text
    assert f"{('Gold', 'Coral')[game.to_move]} to move." in text
    assert text.startswith(f"Score: Gold {game.scores[0]}, Coral {game.scores[1]}.")
    third = DotsAndBoxes.from_moves(2, 2, ["a1-b1", "a1-a2"])
    line = third.line_index("b1-b2")
    assert dots_describe.cursor_text(third, line) == "Cursor on b1-b2: free; it gives box a1 its third side."
    done = DotsAndBoxes.from_moves(2, 2, ["a1-b1", "a1-a2", "b1-b2"])
    assert "it completes box a1" in dots_describe.cursor_text(done, done.line_index("a2-b2"))
    assert dots_describe.cursor_text(done, done.line_index("a1-b1")) == "Cursor on a1-b1: already drawn."
    with using("es"):
        spanish = dots_describe.describe(game)
        assert "Dorado" in spanish and "líneas" in spanish and "casilla" in spanish
    for bad in (-1, 12, True, "a1-b1"):
        with pytest.raises(ValueError):
            dots_describe.cursor_text(game, bad)
    with pytest.raises(TypeError):
        dots_describe.describe("a game")


def test_the_dots_widget_rewrites_its_description_after_every_move():
    widget = DotsWidget(3, 3, mode="people")
    assert "No line drawn yet (24 lines in all)." in widget.board.description
    widget.click_line("a1-b1")
    assert "1 line drawn (of 24): a1-b1." in widget.board.description
    assert "Coral to move." in widget.board.description
    widget.on_key("ArrowRight")
    assert widget.board.access.announcement == "Cursor on a1-b1: already drawn."
    widget.request_undo()
    widget.answer_undo(True)
    assert "No line drawn yet" in widget.board.description


def test_connect_description_gives_each_column_and_the_hint():
    game = FiveInARow.from_moves("4 4 3")
    text = connect_describe.describe(game)
    assert "Yellow to move." in text
    assert "Column 4: 2 discs, yellow on top." in text and "Column 3: 1 disc, red on top." in text
    assert "Column 1: empty." in text and text.count("Column ") == game.columns
    col = game.grid_column(4)
    assert (
        connect_describe.cursor_text(game, col)
        == "Cursor on column 4 (2 discs, yellow on top): a disc dropped here lands in row 3."
    )
    with_hint = connect_describe.describe(
        game, verdicts={col: ("wins in 9", "win"), game.grid_column(1): ("draw", "draw")}
    )
    assert "Hint for each column: column 1: draw; column 4: wins in 9." in with_hint
    full = FiveInARow.from_moves("4 4 4 4 4 4")
    assert "Column 4: full, 6 discs, yellow on top." in connect_describe.describe(full)
    assert "no room" in connect_describe.cursor_text(full, full.grid_column(4))
    with using("es"):
        assert "Columna 4" in connect_describe.describe(game)
    for bad in (0, 8, True):
        with pytest.raises(ValueError):
            connect_describe.column_text(game, bad)
    with pytest.raises(ValueError):
        connect_describe.cursor_text(game, 0)  # a side column (fixed cardboard)


def test_the_connect_widget_describes_after_moves_cursor_and_hint():
    widget = ConnectWidget(mode="people")
    widget.click_column(4)
    assert "Column 4: 1 disc, red on top." in widget.board.description
    widget.on_key("ArrowRight")  # the first press puts the cursor on the middle column
    assert widget.board.access.announcement.startswith("Cursor on column 4 (1 disc, red on top)")
    widget.on_key("ArrowRight")
    assert widget.board.access.announcement.startswith("Cursor on column 5 (empty)")
    assert "Cursor on column 5" in widget.board.description
    widget.hint_budget = 0.3
    widget.hint()
    assert "Hint for each column:" in widget.board.description


def test_shut_the_box_description_open_tiles_roll_selection():
    game = ShutTheBox(["Ana"], seed=2)
    assert shutbox_describe.describe(game).startswith("Ana to roll. Open tiles: 1, 2, 3, 4, 5, 6, 7, 8, 9.")
    game.roll()
    total = sum(game.dice)
    text = shutbox_describe.describe(game, selected={1}, cursor=1)
    assert f"= {total}." in text and "Selected: 1, sum 1." in text and "Tile 1: open, selected." in text
    with using("es"):
        assert "Fichas" in shutbox_describe.describe(game) or "fichas" in shutbox_describe.describe(game)
    with pytest.raises(ValueError):
        shutbox_describe.describe(game, selected={0})
    with pytest.raises(ValueError):
        shutbox_describe.cursor_text(game, 10)


def test_the_room_server_sends_the_board_in_words():
    from gamekit.rooms.games import spec_for

    dots = spec_for("dots")
    options = dots.check_options({"width": 2, "height": 2})
    game = dots.new_game(options)
    game.play("a1-b1")
    assert dots.text(game, options) == dots_describe.describe(game)
    assert "1 line drawn (of 12): a1-b1." in dots.text(game, options)
    connect = spec_for("connect")
    options = connect.check_options({"board": "five"})
    game = connect.new_game(options)
    game.play("4")
    assert "Column 4: 1 disc, red on top." in connect.text(game, options)
