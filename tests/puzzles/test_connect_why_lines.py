"""The reason after a right drop that wins at once names a real line: its two named ends lie on one straight line
of the winner's discs through the dropped disc, and its length is the line's true length (a line of six in
5 en raya is not called "five in a line")."""

import re

import pytest

from gamekit.i18n import using
from gamekit.puzzles import bank
from gamekit.puzzles.connect_why import win_why

GAMES = ["five_in_a_row", "connect_four"]
CELL = r"(?:column (\d)|the (left|right) side column), row (\d)"
LINE = re.compile(
    r"(four|five) in a line, from " + CELL + " to " + CELL + r"|a line of (\d) discs, from " + CELL + " to " + CELL
)


def _cell(game, col, side, row):
    c = game.grid_column(int(col)) if col else (0 if side == "left" else game.width - 1)
    return c, int(row) - 1


def _lines(game, said):
    for m in LINE.finditer(said):
        g = m.groups()
        if g[0]:
            yield {"four": 4, "five": 5}[g[0]], _cell(game, *g[1:4]), _cell(game, *g[4:7])
        else:
            yield int(g[7]), _cell(game, *g[8:11]), _cell(game, *g[11:14])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_named_line_is_one_straight_line_of_the_winners_discs_with_its_true_length(game_id):
    checked = longer = 0
    with using("en"):
        for p in bank(game_id):
            game = p.position
            for a in p.answers:
                said = win_why(game, a)
                if said is None:
                    continue
                after = game.copy()
                after.play(a)
                land = game.landing_cell(int(a))
                named = list(_lines(game, said))
                assert named, (p.id, a, said)
                for k, first, last in named:
                    dc, dr = last[0] - first[0], last[1] - first[1]
                    steps = max(abs(dc), abs(dr))
                    assert steps + 1 == k, (p.id, a, said)
                    assert dc in (0, steps, -steps) and dr in (0, steps, -steps), (p.id, a, said)
                    cells = [(first[0] + i * dc // steps, first[1] + i * dr // steps) for i in range(k)]
                    assert land in cells, (p.id, a, said)
                    assert all(after.cell(c, r) == game.to_move for c, r in cells), (p.id, a, said)
                    for c, r in (
                        (first[0] - dc // steps, first[1] - dr // steps),
                        (last[0] + dc // steps, last[1] + dr // steps),
                    ):  # the line really ends there
                        assert not (0 <= c < game.width and 0 <= r < game.height) or after.cell(c, r) != game.to_move
                    longer += k > game.win_length
                    checked += 1
    assert checked > 20
    if game_id == "five_in_a_row":
        assert longer >= 1  # a line of six is counted as six


def test_the_two_lines_of_c4_1744eb83b2_are_named_each_with_its_own_ends():
    """Regression: the ends of two different lines were joined into one "four in a line"."""
    (p,) = [p for p in bank("connect_four") if p.id == "c4-1744eb83b2"]
    with using("en"):
        said = win_why(p.position, p.answers[0])
    assert "from column 2, row 3 to column 6, row 6" not in said
    assert "It also completes" in said or said.count(" in a line") == 1


def test_a_line_of_six_is_not_called_five_in_a_line():
    (p,) = [p for p in bank("five_in_a_row") if p.id == "five-03c1b00314"]
    with using("en"):
        said = " ".join(win_why(p.position, a) or "" for a in p.answers)
    assert "a line of 6 discs" in said
    with using("es"):
        said = " ".join(win_why(p.position, a) or "" for a in p.answers)
    assert "6" in said
