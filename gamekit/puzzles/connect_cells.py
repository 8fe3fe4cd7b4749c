"""Cells of a 5 en raya / Connect Four board as the pupil reads them (:func:`cell_words`) and the two threats a
drop makes at once (:func:`double_threat_cells`): shared by the right drops' reasons
(:mod:`gamekit.puzzles.connect_why`) and the double-threat defence (:mod:`gamekit.puzzles.connect_defence`)."""

from __future__ import annotations

from gamekit.connect.rules import ConnectGame
from gamekit.connect.threats import threat_cells
from gamekit.i18n import N_, tr
from gamekit.puzzles.connect_best_line import after_drop

Cell = tuple[int, int]

SIDES = (N_("the left side column"), N_("the right side column"))
"""A disc of 5 en raya's full outer columns, as a sentence names its column."""
COLOURS = (N_("red"), N_("yellow"))


def cell_words(game: ConnectGame, cell: Cell) -> str:
    """A cell as the lessons name it: "column 4, row 2" (rows counted from the bottom, from 1), or "the left
    side column, row 2" for a disc of 5 en raya's outer columns."""
    c, r = cell
    number = game.column_number(c)
    if number is None:
        return tr("{column}, row {row}", column=tr(SIDES[0 if c == 0 else 1]), row=r + 1)
    return tr("column {n}, row {row}", n=number, row=r + 1)


def double_threat_cells(game: ConnectGame, action: str) -> tuple[Cell, Cell] | None:
    """Two threats of the mover after ``action`` that the opponent cannot both stop: two playable threat cells,
    or a playable one with another right above it; None when the drop makes neither."""
    me = game.to_move
    after = after_drop(game, action)
    cells = sorted(threat_cells(after, me))
    playable = [(c, r) for c, r in cells if len(after.grid[c]) == r]
    for c, r in playable:
        if (c, r + 1) in cells:
            return (c, r), (c, r + 1)
    return (playable[0], playable[1]) if len(playable) >= 2 else None
