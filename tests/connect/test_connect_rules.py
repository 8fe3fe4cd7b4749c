"""Rules of 5 en raya and Connect Four: layout, lines, every refusal, PopOut, saving."""

import json

import pytest

from gamekit import BadPositionError, IllegalMoveError
from gamekit.connect import CONNECT_FOUR, FIVE_IN_A_ROW, ConnectFour, ConnectGame, FiveInARow, Variant, count_lines


def test_connect_four_start():
    g = ConnectFour()
    assert (g.width, g.height, g.win_length) == (7, 6, 4)
    assert g.to_move == 0 and not g.is_over() and g.winner() is None
    assert g.legal_moves() == [str(n) for n in range(1, 8)]
    assert all(g.cell(c, r) is None for c in range(7) for r in range(6))


def test_five_in_a_row_side_columns():
    g = FiveInARow()
    assert (g.width, g.height, g.win_length) == (9, 6, 5)
    assert g.cell(0, 0) == 0 and g.cell(8, 0) == 1  # bottom-left red, bottom-right yellow
    for r in range(6):
        assert g.cell(0, r) == r % 2 and g.cell(8, r) == 1 - r % 2
        assert {g.cell(0, r), g.cell(8, r)} == {0, 1}  # one of each colour per row
    assert g.legal_moves() == [str(n) for n in range(1, 8)]
    g.play("1")
    assert g.cell(1, 0) == 0 and g.cell(0, 0) == 0


def test_from_moves_and_history():
    g = ConnectFour.from_moves("4455")
    assert g.history == ["4", "4", "5", "5"]
    assert g.cell(3, 0) == 0 and g.cell(3, 1) == 1 and g.cell(4, 0) == 0
    assert g.to_move == 0
    assert ConnectFour.from_moves(["4", "4"]).history == ["4", "4"]


def test_vertical_and_horizontal_win_connect_four():
    g = ConnectFour.from_moves("1212121")
    assert g.is_over() and g.winner() == 0
    assert g.winning_cells() == [(0, 0), (0, 1), (0, 2), (0, 3)]
    g = ConnectFour.from_moves("1122334")
    assert g.winner() == 0 and g.winning_cells() == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_four_wins_nothing_in_five_in_a_row():
    g = FiveInARow.from_moves("2323232")  # four red discs stacked in column 2
    assert not g.is_over()
    g.play("3")  # yellow
    g.play("2")  # fifth red disc
    assert g.winner() == 0 and len(g.winning_cells()) == 5


def test_side_disc_completes_a_line():
    # red discs in columns 1-4 of the bottom row + the red bottom-left side disc = five in a row
    g = FiveInARow.from_moves("1121314")
    assert g.winner() == 0
    assert (0, 0) in g.winning_cells() and len(g.winning_cells()) == 5
    # the bottom-right side disc is yellow: red 4-7 on the bottom row is only four
    g = FiveInARow.from_moves("7464544")
    assert not g.is_over()


def test_draw_on_full_grid():
    g = ConnectFour.from_moves("547125662261271266215743771576315353334444")
    assert g.drops == 42 and g.is_over() and g.winner() is None
    assert g.legal_moves() == [] and g.winning_cells() == []


def test_full_grid_draw_found_by_search():
    g = ConnectGame(Variant("tiny", 3, 2, 3))
    for m in "123321":
        g.play(m)
    assert g.is_over() and g.winner() is None and g.winning_cells() == []


# ---------------------------------------------------------------------------- refusals
@pytest.mark.parametrize(
    "game, move, words",
    [
        (ConnectFour(), "x", "not a move"),
        (ConnectFour(), "", "not a move"),
        (ConnectFour(), "44", "no playable column 44"),
        (ConnectFour(), "0", "no playable column 0"),
        (ConnectFour(), "8", "no playable column 8"),
        (FiveInARow(), "8", "side columns"),
        (FiveInARow(), "0", "side columns"),
        (ConnectFour(), None, "not a move"),
        (ConnectFour(), 4.5, "not a move"),
        (ConnectFour(), "p4", "PopOut is not switched on"),
        (ConnectFour(popout=True), "p4", "empty"),
        (ConnectFour.from_moves("4", popout=True), "p4", "red's"),
        (ConnectFour.from_moves("444444"), "4", "full"),
        (FiveInARow.from_moves("444444"), "4", "full"),
        (ConnectFour.from_moves("1212121"), "3", "game is over"),
        (ConnectFour.from_moves("1212121", popout=True), "p1", "game is over"),
    ],
)
def test_refusals_change_nothing(game, move, words):
    before = json.dumps(game.to_dict())
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert words in str(err.value)
    assert repr(move) in str(err.value) or f"“{move}”" in str(err.value)  # the input is named
    assert json.dumps(game.to_dict()) == before


def test_illegal_move_error_is_a_value_error():
    with pytest.raises(ValueError):
        ConnectFour().play("9")


def test_undo_empty_is_refused():
    with pytest.raises(IllegalMoveError):
        ConnectFour().undo()


def test_from_moves_bad_sequence():
    with pytest.raises(BadPositionError, match="move 7"):
        ConnectFour.from_moves("4444444")
    with pytest.raises(BadPositionError):
        ConnectFour.from_moves("4x")


def test_int_and_spaced_input_accepted():
    g = ConnectFour(popout=True)
    assert g.play(4) == "4"
    assert g.play(" 3 ") == "3"
    assert g.play("P4") == "p4"


# ---------------------------------------------------------------------------- PopOut
def test_pop_moves_listed_and_discs_fall():
    g = ConnectFour.from_moves("445", popout=True)  # col 4: red, yellow; col 5: red
    assert "p4" not in g.legal_moves()  # yellow to move; bottom of 4 is red
    g = ConnectFour.from_moves("4454", popout=True)
    assert "p4" in g.legal_moves() and "p5" in g.legal_moves()
    g.play("p4")
    assert g.grid[3] == [1, 1]  # the two yellow discs fell one row


def test_pop_that_wins_for_the_popper():
    g = FiveInARow.from_moves("444524p2p54773656657p4", popout=True)
    assert g.history[-1] == "p4" and g.winner() == 0  # red popped (move 22) and wins
    assert (8, 1) in g.winning_cells()  # through the red right side disc


def test_pop_that_wins_for_the_opponent_found_by_random_play():
    g = ConnectFour.from_moves("447563p46p71", popout=True)
    assert not g.is_over() and g.to_move == 0
    g.play("p6")  # red pops its own disc; the yellow above completes a row
    assert g.winner() == 1
    assert all(g.cell(c, r) == 1 for c, r in g.winning_cells())


def test_pop_completing_only_opponent_line_gives_opponent_the_win():
    # red pops its disc in column 4; the yellow discs above fall into a yellow row
    g = ConnectFour(popout=True)
    for m in "4315161":  # red 4, yellow 3, red 1, yellow 5, red 1, yellow 6, red 1
        g.play(m)
    g.play("4")  # yellow on top of red in column 4
    assert g.to_move == 0 and not g.is_over()
    g.play("p4")  # red pops: yellow falls to row 0 → 3-4-5-6 yellow
    assert g.winner() == 1
    assert g.winning_cells() == [(2, 0), (3, 0), (4, 0), (5, 0)]


def test_pop_completing_lines_for_both_gives_the_popper_the_win():
    g = ConnectFour.from_moves("274p74253p543413p414p3", popout=True)
    popper = (len(g.history) - 1) % 2
    colours = set()
    for line in g.variant.lines():
        vals = {g.cell(c, r) for c, r in line}
        if len(vals) == 1 and None not in vals:
            colours |= vals
    assert colours == {0, 1}
    assert g.winner() == popper


def test_threefold_repetition_is_a_draw_and_undo_reopens():
    g = ConnectFour.from_moves("12p1p212p1", popout=True)
    assert not g.is_over()
    g.play("p2")
    assert g.is_over() and g.winner() is None
    g.undo()
    assert not g.is_over() and "p2" in g.legal_moves()


def test_full_grid_with_popout_continues_by_popping():
    v = Variant("tiny", 2, 2, 3)
    g = ConnectGame(v, popout=True)
    for m in "1221":
        g.play(m)
    assert not g.is_over()  # full, but red can pop its bottom disc
    assert g.legal_moves() == ["p1"]
    g2 = ConnectGame(v, popout=False)
    for m in "1221":
        g2.play(m)
    assert g2.is_over() and g2.winner() is None


def test_full_grid_with_popout_and_nothing_to_pop_is_a_draw():
    g = ConnectGame(Variant("tiny", 2, 2, 3), popout=True)
    for m in ["1", "2", "2", "1", "p1"]:
        g.play(m)
    assert not g.is_over()
    g.play("1")  # full again; both bottom discs are yellow's
    assert g.to_move == 0 and g.is_over() and g.winner() is None and g.legal_moves() == []


def test_side_discs_never_poppable():
    g = FiveInARow(popout=True)
    with pytest.raises(IllegalMoveError, match="side columns"):
        g.play("p0")
    with pytest.raises(IllegalMoveError, match="side columns"):
        g.play("p8")
    assert [m for m in g.legal_moves() if m.startswith("p")] == []


# ---------------------------------------------------------------------------- undo, resign, saving
def test_undo_restores_everything():
    g = ConnectFour.from_moves("121212")
    before = g.to_dict()
    g.play("1")
    assert g.is_over()
    assert g.undo() == "1"
    assert g.to_dict() == before and not g.is_over() and g.winning_cells() == []


def test_resign_and_undo_resign():
    g = FiveInARow.from_moves("44")
    g.resign()
    assert g.is_over() and g.winner() == 1 and g.resigned == 0
    assert FiveInARow.from_dict(json.loads(json.dumps(g.to_dict()))).winner() == 1
    g.undo()
    assert not g.is_over() and g.history == ["4", "4"]


def test_to_dict_round_trip_all_kinds():
    mini = Variant("mini", 4, 4, 3)
    for g in (
        ConnectFour.from_moves("4455"),
        FiveInARow.from_moves("4454p4", popout=True),
        ConnectGame.from_moves("12", variant=mini),
    ):
        d = json.loads(json.dumps(g.to_dict()))
        h = ConnectGame.from_dict(d)
        assert type(h) is type(g) and h.to_dict() == g.to_dict() and str(h) == str(g)
        assert h.variant == g.variant and h.popout == g.popout


def test_from_dict_bad_payloads():
    with pytest.raises(BadPositionError):
        ConnectGame.from_dict({"nothing": 1})
    d = ConnectFour.from_moves("44").to_dict()
    d["moves"].append("9")
    with pytest.raises(BadPositionError, match="move 3 is illegal"):
        ConnectGame.from_dict(d)


def test_copy_is_independent():
    g = ConnectFour.from_moves("44", popout=True)
    h = g.copy()
    h.play("p4") if "p4" in h.legal_moves() else h.play("1")
    assert g.history == ["4", "4"]


def test_text_and_html():
    g = FiveInARow.from_moves("4")
    text = str(g)
    assert text.splitlines()[-3] == "X|. . . X . . .|O"
    assert "<svg" in g._repr_html_()
    assert repr(g) == "FiveInARow.from_moves('4')"


def test_count_lines():
    assert count_lines(CONNECT_FOUR)["lines"] == 69
    five = count_lines(FIVE_IN_A_ROW)
    # 30 horizontal + 14 vertical in the middle columns + 20 diagonal; side verticals are mixed
    assert (five["horizontal"], five["vertical"], five["diagonal"]) == (30, 14, 20)
    assert five["lines"] == 64 and five["red"] == five["yellow"]


def test_variant_validation():
    with pytest.raises(ValueError):
        Variant("bad", 10, 6, 4)
    with pytest.raises(ValueError):
        Variant("bad", 3, 0, 3)
