"""The Dots and Boxes widget, driven through its plain methods (headless: no frontend needed)."""

import pytest
from ipycanvas import canvas as ipycanvas_canvas

from gamekit.dots import DotsAndBoxes
from gamekit.dots.view import BoardLayout, neighbour_line
from gamekit.dots.widget import DotsWidget
from gamekit.widgets.canvas import SCALE
from gamekit.core.scene import SEAT_COLOURS


def people(width=3, height=3):
    return DotsWidget(width, height, mode="people")


def active_seat(widget):
    return [seat for seat in (0, 1) if "gamekit-active" in widget.cards[seat].value]


def test_click_between_two_dots_draws_the_line_and_passes_the_turn():
    w = people()
    assert active_seat(w) == [0]
    assert w.click_line("a1-b1")
    assert w.game.history == ["a1-b1"] and w.game.to_move == 1
    assert active_seat(w) == [1] and "Coral" in w.last_status


def test_the_hit_area_is_generous_but_not_ambiguous():
    layout = BoardLayout.fit(3, 3)
    game = DotsAndBoxes(3, 3)
    x, y = layout.line_middle(game, game.line_index("a1-b1"))
    off = layout.spacing * 0.35
    assert layout.line_at(game, x, y + off) == game.line_index("a1-b1")
    assert layout.line_at(game, x + off * 0.4, y - off * 0.5) == game.line_index("a1-b1")
    assert layout.line_at(game, *layout.dot(1.5, 1.5)) is None  # the middle of a box
    assert layout.line_at(game, 1, 1) is None  # outside the board


@pytest.mark.parametrize("x,y", [(1, 1), (10_000, 10)])
def test_clicks_outside_the_board_are_ignored_with_a_message(x, y):
    w = people()
    assert not w.click(x, y)
    assert w.game.history == [] and "gap between two neighbouring dots" in w.last_status


def test_clicks_on_a_drawn_line_are_ignored_with_a_message():
    w = people()
    w.click_line("a1-b1")
    before = w.game.to_dict()
    assert not w.click_line("a1-b1")
    assert w.game.to_dict() == before and "already drawn" in w.last_status


def test_clicks_out_of_turn_are_ignored():
    w = DotsWidget(3, 3, mode="watch", seed=1)
    assert not w.click_line("a1-b1")
    assert w.game.history == [] and "CPU" in w.last_status


def test_clicks_while_the_cpu_thinks_are_ignored():
    w = DotsWidget(3, 3, mode="cpu", seed=1)
    w.thinking = True
    assert not w.click_line("a1-b1") and w.game.history == []
    assert "thinking" in w.last_status


def test_clicks_after_the_end_are_ignored():
    w = DotsWidget(1, 1, mode="people")
    for line in ["a1-b1", "a2-b2", "a1-a2", "b1-b2"]:
        w.click_line(line)
    assert w.game.is_over() and "wins" in w.last_status
    assert not w.click(5, 5) and "game is over" in w.last_status


def test_against_the_cpu_it_answers_and_undo_is_immediate():
    w = DotsWidget(3, 3, mode="cpu", level="easy", seed=7)
    w.click_line("b2-c2")
    assert len(w.game.history) >= 2 and w.game.to_move == 0
    assert "The CPU played" in w.last_status
    w.request_undo()
    assert w.game.history == [] and w.game.to_move == 0


def test_two_people_undo_needs_the_other_person_to_accept():
    w = people()
    w.click_line("a1-b1")
    w.request_undo()
    assert w.game.history == ["a1-b1"] and w.undo_panel.layout.display == "flex"
    assert "Gold asks" in w.last_status
    w.answer_undo(False)
    assert w.game.history == ["a1-b1"] and "declined" in w.last_status
    w.request_undo()
    w.answer_undo(True)
    assert w.game.history == [] and w.undo_panel.layout.display == "none"


def test_a_move_cancels_a_pending_undo_request():
    w = people()
    w.click_line("a1-b1")
    w.request_undo()
    assert w.click_line("b1-c1"), "coral may answer by playing on"
    assert w.game.history == ["a1-b1", "b1-c1"]
    assert w.undo_requested_by is None and w.undo_panel.layout.display == "none"
    assert "cancelled" in w.last_status


def test_changing_level_keeps_the_board_and_new_game_keeps_the_level():
    w = DotsWidget(3, 3, mode="cpu", level="easy", seed=3)
    w.click_line("a1-b1")
    history = list(w.game.history)
    w.set_level("medium")
    assert w.game.history == history and "Medium" in w.last_status
    w.restart()
    assert w.level == "medium" and w.game.history == [] and w.game.to_move == 0, "gold starts against the CPU"


def test_between_people_a_new_game_alternates_who_starts():
    w = people()
    w.restart()
    assert w.game.to_move == 1
    w.restart()
    assert w.game.to_move == 0


def test_cpu_against_cpu_plays_one_move_per_step():
    w = DotsWidget(2, 2, mode="watch", seed=4)
    w.step()
    assert len(w.game.history) == 1
    while not w.game.is_over():
        w.step()
    assert "wins" in w.last_status or "draw" in w.last_status


def test_resign_against_the_cpu_resigns_for_the_person():
    w = DotsWidget(3, 3, mode="cpu", seed=5)
    w.resign()
    assert w.game.winner() == 1 and "Gold resigned" in w.last_status


def test_keyboard_moves_a_cursor_over_every_line_and_enter_draws():
    w = people()
    w.on_key("ArrowRight")
    assert w.cursor == 0
    w.on_key("ArrowDown")
    w.on_key("Enter")
    assert len(w.game.history) == 1 and w.game.line_index(w.game.history[0]) == w.cursor
    # every line can be reached from line 0 with the arrows
    game = w.game
    seen, frontier = {0}, [0]
    while frontier:
        line = frontier.pop()
        for key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"):
            nxt = neighbour_line(game, line, key)
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    assert seen == set(range(game.geometry.n_lines))


def test_owned_boxes_show_the_owner_colour_and_number_and_the_last_line_is_marked():
    w = people(1, 1)
    for line in ["a1-b1", "a2-b2", "a1-a2", "b1-b2"]:
        w.click_line(line)
    scene = w.board.scene
    assert any(op[5] == SEAT_COLOURS[1] for op in scene.ops("rect"))
    assert "2" in scene.texts()
    white_marks = [op for op in scene.ops("circle") if op[4] == "#ffffff"]
    assert len(white_marks) == 1
    assert white_marks[0][1:3] == w.layout_px.line_middle(w.game, w.game.line_index("b1-b2"))


def test_canvas_buffer_is_larger_than_its_size_on_screen():
    w = people()
    assert w.board.canvas.width == SCALE * int(w.board.canvas.layout.width.rstrip("px"))
    assert SCALE >= 2


def test_a_new_browser_view_gets_the_board_again():
    w = people()
    paints = w.board.paints
    w.board.canvas._client_ready_callbacks()
    assert w.board.paints == paints + 1


def test_errors_in_callbacks_are_shown_and_the_canvas_is_not_left_on_hold(monkeypatch):
    w = people()

    def broken():
        raise RuntimeError("scene exploded")

    monkeypatch.setattr(w, "build_scene", broken)
    w.handle_mouse_down(*[2 * v for v in w.layout_px.line_middle(w.game, 0)])
    assert w.errors and "scene exploded" in w.last_status
    assert ipycanvas_canvas._CANVAS_MANAGER._caching is False


def test_time_out_lets_the_cpu_play_the_person_s_turn():
    w = DotsWidget(3, 3, mode="people", seed=6, timer=30)
    assert w._timer is not None
    w.time_out()
    assert len(w.game.history) == 1 and "Time ran out" in w.last_status
    w.cancel_timer()


def test_hint_names_a_line_and_a_reason():
    w = DotsWidget(3, 3, mode="cpu", seed=1)
    move, reason = w.hint()
    assert move in w.game.legal_moves() and reason
    assert move in w.last_status


def test_board_size_can_change():
    w = people()
    w.set_size(5, 5)
    assert (w.game.width, w.game.height) == (5, 5) and w.game.history == []
    assert w.board.canvas.width == SCALE * w.layout_px.css_size[0]


def test_unknown_mode_level_or_timer_is_refused():
    for kwargs in ({"mode": "solo"}, {"level": "expert"}, {"timer": 45}):
        with pytest.raises(ValueError):
            DotsWidget(3, 3, **kwargs)


def test_with_hints_on_the_status_suggests_a_line_on_every_turn_of_the_person():
    w = DotsWidget(3, 3, mode="cpu", level="easy", seed=2, hints=True)
    w.restart()
    assert "Hint:" in w.last_status
    w.click_line("a1-b1")
    if not w.game.is_over():
        assert "The CPU played" in w.last_status and "Hint:" in w.last_status


def test_a_tap_is_a_click():
    w = people()
    x, y = w.layout_px.line_middle(w.game, w.game.line_index("a1-b1"))
    w.handle_touch_start([(x * SCALE, y * SCALE)])
    assert w.game.history == ["a1-b1"]
    w.handle_touch_start([])  # a touch list can be empty (finger lifted): nothing happens
    assert w.game.history == ["a1-b1"] and not w.errors


def test_a_click_sent_while_the_cpu_was_thinking_is_ignored_with_a_message():
    from datetime import datetime, timedelta

    w = DotsWidget(3, 3, mode="cpu", level="easy", seed=3)
    t0 = datetime(2026, 1, 1, 12, 0, 0)
    mid = lambda line: [SCALE * v for v in w.layout_px.line_middle(w.game, w.game.line_index(line))]  # noqa: E731
    w.pointer_down(*mid("a1-b1"), sent=t0)
    played = list(w.game.history)
    assert len(played) >= 2 and w.busy_until is not None and w.busy_until >= t0
    # sent before the kernel had finished with the first click (and the CPU's reply): refused, nothing changes
    w.pointer_down(*mid("c3-c4"), sent=w.busy_until - timedelta(microseconds=1))
    assert w.game.history == played and "while the CPU was thinking" in w.last_status
    # sent afterwards: a normal move
    w.pointer_down(*mid("c3-c4"), sent=w.busy_until + timedelta(milliseconds=5))
    assert w.game.history[len(played)] == "c3-c4"


def test_without_a_kernel_clicks_are_never_refused_for_timing():
    from gamekit.widgets.controls import sent_at

    assert sent_at() is None
    w = people()
    w.handle_mouse_down(*[SCALE * v for v in w.layout_px.line_middle(w.game, 0)])
    w.handle_mouse_down(*[SCALE * v for v in w.layout_px.line_middle(w.game, 1)])
    assert len(w.game.history) == 2
