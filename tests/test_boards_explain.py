"""Boards that explain themselves: the coordinates a move is written in are printed round the board, the last move
is marked by a shape seen at a glance, the Hint's move is drawn on the board, and one position gets one Hint
(the automatic one and the button's), said in one sentence with one full stop."""

from __future__ import annotations

import pytest

from gamekit.connect import view as connect_view
from gamekit.connect.rules import ConnectFour, FiveInARow
from gamekit.connect.widget import ConnectWidget
from gamekit.dots import view as dots_view
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.widget import DotsWidget
from gamekit.rooms.games import spec_for
from gamekit.core.scene import BACKGROUND
from gamekit.widgets.colour import contrast


def texts_at(scene, predicate):
    return [item[3] for item in scene.ops("text") if predicate(item[1], item[2])]


# ----- Dots and Boxes ------------------------------------------------------------------------------------------
def test_the_dots_widget_prints_the_dot_names_that_moves_are_written_in():
    w = DotsWidget(3, 2, mode="people")
    layout, scene = w.layout_px, w.board.scene
    top = texts_at(scene, lambda x, y: y < layout.margin)
    left = texts_at(scene, lambda x, y: x < layout.margin and y > layout.margin * 0.8)
    assert top == ["a", "b", "c", "d"] and left == ["1", "2", "3"]
    # each letter sits over its column of dots, each number beside its row
    for item in scene.ops("text"):
        if item[3] in "abcd":
            assert item[1] == layout.dot("abcd".index(item[3]), 0)[0]
        if item[3] in "123" and item[1] < layout.margin:
            assert item[2] == layout.dot(0, int(item[3]) - 1)[1]
    assert all(contrast(item[5], BACKGROUND) >= 4.5 for item in scene.ops("text") if item[3] in "abcd123")


def test_the_room_server_s_dots_board_has_the_dot_names_too():
    spec = spec_for("dots")
    options = spec.check_options({"width": 4, "height": 3})
    scene, _ = spec.scene(spec.new_game(options), options)
    names = {item[3] for item in scene if item[0] == "text"}
    assert {"a", "b", "c", "d", "e", "1", "2", "3", "4"} <= names


def test_a_plain_dots_scene_has_no_names_unless_asked():
    g = DotsAndBoxes(2, 2)
    layout = dots_view.BoardLayout.fit(2, 2)
    assert dots_view.dots_scene(g, layout).texts() == []
    assert len(dots_view.dots_scene(g, layout, coordinates=True).texts()) == 3 + 3


def test_the_last_dots_line_carries_a_white_bead_ringed_in_ink_wider_than_the_line():
    g = DotsAndBoxes.from_moves(3, 3, ["a1-b1", "b2-b3"])
    layout = dots_view.BoardLayout.fit(3, 3)
    scene = dots_view.dots_scene(g, layout)
    x, y = layout.line_middle(g, g.line_index("b2-b3"))
    line_width = max(item[6] for item in scene.ops("line"))
    beads = [item for item in scene.ops("circle") if item[4] == dots_view.LAST_MARK]
    assert [item[1:3] for item in beads] == [(x, y)]
    radius = beads[0][3]
    assert 2 * radius >= 3 * line_width  # a bead on the line, not a notch in it
    rims = [item for item in scene.ops("ring") if item[1:3] == (x, y)]
    assert rims and rims[0][4] == dots_view.LAST_RIM and contrast(dots_view.LAST_RIM, BACKGROUND) >= 3
    assert not [
        item
        for item in dots_view.dots_scene(g, layout, show_last=False).ops("circle")
        if item[4] == dots_view.LAST_MARK
    ]


def test_the_dots_hint_is_drawn_on_the_board_dashed_and_tagged_and_goes_with_the_next_move():
    w = DotsWidget(3, 3, mode="people")
    move, reason = w.hint()
    ends = w.layout_px.line_ends(w.game, w.game.line_index(move))
    dashed = [item for item in w.board.scene.ops("dashed_line") if tuple(item[1:5]) == ends]
    assert dashed and dashed[0][5] == dots_view.HINT_INK
    assert "?" in w.board.scene.texts()
    assert contrast(dots_view.HINT_INK, BACKGROUND) >= 4.5
    w.click_line(move)
    assert w.hint_move is None
    assert not [item for item in w.board.scene.ops("dashed_line") if item[5] == dots_view.HINT_INK]


def test_the_automatic_hint_and_the_hint_button_give_one_answer_with_one_full_stop():
    w = DotsWidget(4, 4, mode="people", hints=True)
    for line in ("a1-b1", "c3-c4", "d1-d2", "b4-c4"):
        w.click_line(line)
    auto = w.last_status[w.last_status.index("Hint:") :]
    move, reason = w.hint()
    assert w.last_status == auto  # the button says what the status line already said
    assert reason.endswith(".") and w.last_status.endswith(reason) and not w.last_status.endswith("..")
    assert w.hint() == (move, reason)


def test_every_dots_hint_sentence_ends_with_one_full_stop():
    from gamekit.dots.players import hint

    w = DotsWidget(3, 3, mode="people")
    positions = [[], ["a1-b1", "b1-c1", "a1-a2"], ["a1-b1", "a2-b2", "a1-a2"]]
    for moves in positions:
        g = DotsAndBoxes.from_moves(3, 3, moves)
        move, reason = hint(g)
        sentence = w.hint_sentence(move, reason)
        assert sentence.startswith(f"Hint: {move} — ") and sentence.endswith(".") and not sentence.endswith("..")
    assert w.hint_sentence("4", "draw") == "Hint: 4 — draw."


def test_the_dots_hint_function_answers_the_same_every_time_on_a_position():
    from gamekit.dots.players import hint

    g = DotsAndBoxes.from_moves(4, 4, ["a1-b1", "c3-c4"])
    assert len({hint(g) for _ in range(3)}) == 1


# ----- 5 en raya and Connect Four --------------------------------------------------------------------------------
def test_the_connect_board_numbers_its_columns_and_rows():
    for g in (FiveInARow(), ConnectFour()):
        layout = connect_view.layout_for(g)
        scene = connect_view.connect_scene(g, layout)
        gx, gy, gw, gh = layout.grid_box()
        under = texts_at(scene, lambda x, y: y > gy + gh)
        left = texts_at(scene, lambda x, y: x < gx)
        assert under == [str(n) for n in range(1, g.columns + 1)]
        assert left == [str(r) for r in range(1, g.height + 1)]
        for item in scene.ops("text"):
            if item[1] < gx:
                assert item[2] == layout.centre(0, int(item[3]) - 1)[1]  # row 1 at the bottom
                assert contrast(item[5], BACKGROUND) >= 4.5


def test_the_last_disc_carries_a_bead_on_either_colour():
    for moves, seat in (("4", 0), ("45", 1)):
        g = FiveInARow.from_moves(moves)
        layout = connect_view.layout_for(g)
        scene = connect_view.connect_scene(g, layout)
        cell = connect_view.last_disc(g)
        x, y = layout.centre(*cell)
        beads = [item for item in scene.ops("circle") if item[1:3] == (x, y) and item[4] == connect_view.LAST_MARK]
        assert beads and beads[0][3] >= layout.cell * 0.12
        assert ("ring", x, y, beads[0][3], connect_view.LAST_RIM, 2) in scene
        # the bead stands out from the disc it is on: white on red, its ink rim on yellow
        assert (
            max(
                contrast(connect_view.LAST_MARK, connect_view.DISC[seat]),
                contrast(connect_view.LAST_RIM, connect_view.DISC[seat]),
            )
            >= 3
        )


def test_the_connect_hint_is_drawn_as_an_arrow_and_a_ring_where_the_disc_would_land():
    g = FiveInARow.from_moves("44")
    layout = connect_view.layout_for(g)
    scene = connect_view.connect_scene(g, layout, hint="3")
    arrows = [item for item in scene.ops("polygon") if item[2] == connect_view.HINT_INK]
    assert len(arrows) == 1
    col = g.grid_column(3)
    xs = [x for x, _ in arrows[0][1]]
    assert min(xs) < layout.centre(col, 0)[0] < max(xs)
    assert max(y for _, y in arrows[0][1]) < layout.grid_box()[1]  # above the grid
    land = layout.centre(*g.landing_cell(3))
    assert [item for item in scene.ops("ring") if item[1:3] == land and item[4] == connect_view.HINT_INK]
    assert not [
        item for item in connect_view.connect_scene(g, layout).ops("polygon") if item[2] == connect_view.HINT_INK
    ]


def test_the_connect_widget_draws_its_hint_until_the_position_changes():
    w = ConnectWidget("four", mode="people", hint_budget=0.3)
    move, _ = w.hint()
    assert w.hint_move == move
    assert [item for item in w.board.scene.ops("polygon") if item[2] == connect_view.HINT_INK]
    w.click_column(1 if move != "1" else 2)
    assert w.hint_move is None
    assert not [item for item in w.board.scene.ops("polygon") if item[2] == connect_view.HINT_INK]


@pytest.mark.parametrize("moves", ["", "5", "55", "543", "4445", "44455566"])
def test_the_5_en_raya_opening_hint_spends_less_than_a_second_and_says_what_is_proved(moves, monkeypatch):
    # the real solver and CPU, watched: the time budgets the Hint gives them add up to less than a second
    # (no clock is read here: the budgets, not a machine's speed, are what the Hint promises)
    from gamekit.connect import players, solver

    budgets = []

    def watched(real, name):
        def call(*args, **kwargs):
            budgets.append((name, kwargs.get("time_budget")))
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(solver, "analyse", watched(solver.analyse, "exact"))
    monkeypatch.setattr(solver, "analyse_outcomes", watched(solver.analyse_outcomes, "outcomes"))
    monkeypatch.setattr(players, "cpu_player", watched(players.cpu_player, "guess"))
    w = ConnectWidget("five", mode="people")
    for m in moves:
        w.game.play(m)
    w.refresh()
    move, reason = w.hint()
    assert move in w.game.legal_moves() and len(w.verdicts) == 7
    assert all(b is not None for _, b in budgets) and sum(b for _, b in budgets) < 1.0, budgets
    shown = w.verdicts[w.game.grid_column(int(move))][0]
    if reason.startswith("at least a draw, proved"):
        # no column shown best in time, but the prover shows this one never loses: said so, and "no loss" under it
        assert shown == "no loss"
    elif any(name == "guess" for name, _ in budgets):
        # nothing proved a best column in time: the CPU's choice, said to be a guess
        assert reason.startswith("a good guess, not proved")
    else:
        # a proved answer: the reason is the verdict shown under the hinted column
        assert reason == shown and shown != "?"
    if not budgets:
        assert reason in ("wins", "draw", "loses")  # settled by the proof at once, with no search


def test_the_first_discs_of_5_en_raya_are_answered_from_the_proof_without_a_search():
    w = ConnectWidget("five", mode="people")
    w.game.play("5")
    w.refresh()
    move, reason = w.hint()
    assert (move, reason) == ("4", "draw")
    assert w.verdicts[w.game.grid_column(4)] == ("draw", "draw")
    assert {text for col, (text, _) in w.verdicts.items() if col != w.game.grid_column(4)} == {"no win"}


def test_side_discs_stand_out_from_the_cardboard():
    g = FiveInARow()
    layout = connect_view.layout_for(g)
    scene = connect_view.connect_scene(g, layout)
    for c in (0, g.width - 1):
        for r in range(g.height):
            if g.cell(c, r) is None:
                continue
            x, y = layout.centre(c, r)
            here = [item for item in scene.ops("circle") if item[1:3] == (x, y)]
            rim, disc = here[0], here[1]
            assert rim[4] == connect_view.SIDE_RIM and rim[3] > disc[3]
            assert contrast(rim[4], connect_view.CARDBOARD) >= 3  # WCAG 1.4.11 against the cardboard
            assert contrast(rim[4], connect_view.DISC[g.cell(c, r)]) >= 3  # and the disc within its rim
    svg = connect_view.board_svg(g)
    assert svg.count(f'fill="{connect_view.SIDE_RIM}"') == sum(
        1 for c in (0, g.width - 1) for r in range(g.height) if g.cell(c, r) is not None
    )


def test_threat_tints_carry_the_seat_s_mark():
    g = FiveInARow.from_moves("44")
    layout = connect_view.layout_for(g)
    red, yellow = (1, 3), (5, 3)
    scene = connect_view.connect_scene(g, layout, tints={red: ("#f5a3a3", 0), yellow: ("#f7e08a", 1)})
    rx, ry = layout.centre(*red)
    yx, yy = layout.centre(*yellow)
    assert [item for item in scene.ops("ring") if item[1:3] == (rx, ry) and item[4] == connect_view.TINT_MARK]
    diamonds = [
        item
        for item in scene.ops("polygon")
        if item[2] == connect_view.TINT_MARK and item[1] == connect_view.diamond(yx, yy, layout.cell * 0.38 * 0.36)
    ]
    assert diamonds
    assert contrast(connect_view.TINT_MARK, connect_view.HOLE) >= 3


def test_the_lessons_threat_cells_carry_their_seat_s_mark():
    from gamekit.connect.lesson_pictures import CELL
    from gamekit.connect.lesson_pictures import scene
    from gamekit.connect.threats import threat_cells

    g = FiveInARow.from_moves("4455667")  # red (to move) has three in the bottom row, yellow three above
    layout = connect_view.layout_for(g, CELL)
    picture = scene(g)
    marks = {
        0: {item[1:3] for item in picture.ops("ring") if item[4] == connect_view.TINT_MARK},
        1: {tuple(item[1][0]) for item in picture.ops("polygon") if item[2] == connect_view.TINT_MARK},
    }
    found = 0
    for seat in (0, 1):
        for cell in threat_cells(g, seat):
            if g.cell(*cell) is not None:
                continue
            x, y = layout.centre(*cell)
            expected = (x, y) if seat == 0 else (x, y - CELL * 0.38 * 0.36)  # a ring; a diamond's top corner
            assert any(abs(a - expected[0]) < 1e-6 and abs(b - expected[1]) < 1e-6 for a, b in marks[seat]), (
                seat,
                cell,
            )
            found += 1
    assert found


def test_a_win_at_once_is_hinted_with_its_exact_words_and_the_other_columns_judged():
    g = ConnectFour.from_moves("121212")  # red, to move, has three in column 1: it wins there at once
    w = ConnectWidget("four", mode="people", hint_budget=0.8)
    w.load(g)
    move, reason = w.hint()
    assert (move, reason) == ("1", "wins in 1")
    assert w.verdicts[g.grid_column(1)] == ("wins in 1", "win")
    assert w.last_status == "Hint: column 1 — wins in 1."
    assert len(w.verdicts) == 7 and sum(kind == "win" for _, kind in w.verdicts.values()) == 1
