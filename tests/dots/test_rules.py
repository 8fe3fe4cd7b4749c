"""Dots and Boxes rules: every rule of the sheet and every refusal."""

import json

import pytest

from gamekit import BadPositionError, IllegalMoveError
from gamekit.dots import DotsAndBoxes

BOX_A1 = ["a1-b1", "a2-b2", "a1-a2", "b1-b2"]


def test_default_board_is_5_wide_4_high_with_30_dots_and_49_lines():
    g = DotsAndBoxes()
    assert (g.width, g.height) == (5, 4)
    assert g.geometry.n_dots == 30
    assert len(g.legal_moves()) == 49
    assert g.to_move == 0 and g.scores == (0, 0)


@pytest.mark.parametrize("size,lines", [((3, 3), 24), ((4, 4), 40), ((5, 5), 60), ((1, 1), 4), ((8, 8), 144)])
def test_line_count_is_2mn_plus_m_plus_n(size, lines):
    assert len(DotsAndBoxes(*size).legal_moves()) == lines


@pytest.mark.parametrize("size", [(0, 3), (9, 2), (3, 9), (2.5, 2), ("3", 3), (True, 3)])
def test_sizes_outside_1_to_8_are_refused(size):
    with pytest.raises(ValueError, match="1 to 8"):
        DotsAndBoxes(*size)


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("a1-b1", "a1-b1"),
        ("b1-a1", "a1-b1"),
        (" A1 - B1 ", "a1-b1"),
        ("a2-a1", "a1-a2"),
        ("F5-F4", "f4-f5"),
    ],
)
def test_notation_accepts_either_order_any_case_spaces(text, canonical):
    g = DotsAndBoxes()
    g.play(text)
    assert g.history == [canonical]


def test_legal_moves_are_canonical_left_or_top_dot_first():
    moves = DotsAndBoxes(1, 1).legal_moves()
    assert sorted(moves) == ["a1-a2", "a1-b1", "a2-b2", "b1-b2"]


@pytest.mark.parametrize(
    "bad,reason",
    [
        ("a1b1", "malformed"),
        ("", "malformed"),
        ("a1-", "malformed"),
        (None, "malformed"),
        (3.5, "malformed"),
        ("a1-b1-c1", "malformed"),
        ("a1-a0", "off the board"),
        ("g1-f1", "off the board"),
        ("a6-a5", "off the board"),
        ("a1-c1", "not neighbouring"),
        ("a1-a3", "not neighbouring"),
        ("b2-b2", "not neighbouring"),
        ("a1-b2", "diagonal"),
        ("c3-b4", "diagonal"),
    ],
)
def test_bad_input_is_refused_with_the_reason_and_changes_nothing(bad, reason):
    g = DotsAndBoxes.from_moves(5, 4, ["a1-b1", "c3-c4"])
    before = g.to_dict()
    with pytest.raises(IllegalMoveError, match=reason) as info:
        g.play(bad)
    assert repr(bad) in str(info.value)
    assert g.to_dict() == before


def test_a_line_already_drawn_is_refused():
    g = DotsAndBoxes.from_moves(5, 4, ["a1-b1"])
    before = g.to_dict()
    with pytest.raises(IllegalMoveError, match="already drawn"):
        g.play("B1-A1")
    assert g.to_dict() == before


def test_illegal_move_error_is_a_value_error():
    assert issubclass(IllegalMoveError, ValueError)


def test_fourth_side_wins_the_box_and_the_same_player_draws_again():
    g = DotsAndBoxes.from_moves(5, 4, BOX_A1[:3])
    assert g.to_move == 1
    assert g.play(BOX_A1[3]) == BOX_A1[3] and g.last_completed == 1
    assert g.owners[0] == 1 and g.scores == (0, 1)
    assert g.to_move == 1, "completing a box gives another line"


def test_a_line_without_a_box_passes_the_turn():
    g = DotsAndBoxes()
    assert g.play(" B1 - a1 ") == "a1-b1" and g.last_completed == 0
    assert g.to_move == 1


def test_a_line_closing_two_boxes_wins_both():
    # boxes a1 and b1 share the line b1-b2
    g = DotsAndBoxes.from_moves(5, 4, ["a1-b1", "a2-b2", "a1-a2", "b1-c1", "b2-c2", "c1-c2"])
    mover = g.to_move
    g.play("b1-b2")
    assert g.last_completed == 2
    assert g.scores[mover] == 2 and g.to_move == mover


def test_game_ends_when_every_box_is_closed_and_most_boxes_wins():
    g = DotsAndBoxes(1, 1)
    for line in BOX_A1:
        assert not g.is_over()
        g.play(line)
    assert g.is_over() and g.scores == (0, 1) and g.winner() == 1
    assert g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("a1-b1")


def test_equal_boxes_is_a_draw():
    g = DotsAndBoxes.from_moves(
        2, 2, "b2-c2, b2-b3, a2-a3, a2-b2, b1-b2, a1-a2, b3-c3, c2-c3, a1-b1, c1-c2, b1-c1, a3-b3"
    )
    assert g.is_over()
    assert g.scores == (2, 2) and g.winner() is None


def test_winner_is_none_while_running():
    assert DotsAndBoxes().winner() is None


def test_resigning_ends_the_game_for_the_other_seat():
    g = DotsAndBoxes()
    g.resign(0)
    assert g.is_over() and g.winner() == 1
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("a1-b1")
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.resign(1)


def test_resign_refuses_an_unknown_seat():
    g = DotsAndBoxes()
    with pytest.raises(IllegalMoveError, match="seats are 0"):
        g.resign(2)
    assert not g.is_over()


def test_undo_restores_boxes_scores_and_turn():
    g = DotsAndBoxes.from_moves(5, 4, BOX_A1)
    assert g.undo() == "b1-b2"
    assert g.scores == (0, 0) and g.owners[0] is None and g.to_move == 1
    assert g.history == BOX_A1[:3]


def test_undo_takes_back_a_resignation_first():
    g = DotsAndBoxes.from_moves(5, 4, ["a1-b1"])
    g.resign(1)
    assert g.undo() == "resign" and not g.is_over() and g.history == ["a1-b1"]


def test_undo_with_nothing_played_is_refused():
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        DotsAndBoxes().undo()


def test_next_game_alternates_who_starts_unless_switched_off():
    g = DotsAndBoxes(3, 3)
    assert g.next_game().first == 1 and g.next_game().to_move == 1
    assert g.next_game().next_game().first == 0
    fixed = DotsAndBoxes(3, 3, alternate_start=False)
    assert fixed.next_game().first == 0


def test_dict_round_trip_is_json_safe():
    g = DotsAndBoxes.from_moves(4, 4, ["a1-b1", "b1-b2", "c3-d3"], first=1)
    data = json.loads(json.dumps(g.to_dict()))
    h = DotsAndBoxes.from_dict(data)
    assert h.to_dict() == g.to_dict() and h.to_move == g.to_move and h.first == 1


@pytest.mark.parametrize(
    "payload,reason",
    [
        ("nope", "expected a dict"),
        ({"width": 3, "height": 3}, "missing moves"),
        ({"width": 3, "height": 3, "moves": "a1-b1"}, "must be a list"),
        ({"width": 30, "height": 3, "moves": []}, "1 to 8"),
        ({"width": 3, "height": 3, "moves": ["a1-b1", "a1-b1"]}, "move 2 is illegal"),
        ({"width": 3, "height": 3, "moves": [], "first": 4}, "first seat"),
        ({"width": 3, "height": 3, "moves": [], "resigned": 7}, "not a seat"),
        ({"game": "shut_the_box", "width": 3, "height": 3, "moves": []}, "not a saved Dots and Boxes game"),
        ({"game": "dots_and_boxes", "version": 9, "width": 3, "height": 3, "moves": []}, "version 9"),
    ],
)
def test_bad_saved_games_are_refused_clearly(payload, reason):
    with pytest.raises(BadPositionError, match=reason):
        DotsAndBoxes.from_dict(payload)


def test_from_moves_accepts_a_comma_separated_string():
    g = DotsAndBoxes.from_moves(3, 3, "a1-b1, b1 - b2 , a1-a2")
    assert g.history == ["a1-b1", "b1-b2", "a1-a2"]


def test_boxes_are_named_by_their_top_left_dot():
    g = DotsAndBoxes(3, 3)
    assert g.geometry.box_name(4) == "b2" and g.geometry.box_index("B2") == 4
    with pytest.raises(ValueError, match="no box there"):
        g.geometry.box_index("d1")


def test_text_picture_shows_lines_and_owners():
    g = DotsAndBoxes.from_moves(1, 1, BOX_A1)
    assert str(g) == "o---o\n| C |\no---o"
