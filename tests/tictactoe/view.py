"""Tic-tac-toe as plain data: the picture of a position (a Scene), a click's cell, the keyboard's targets."""

from __future__ import annotations

from typing import Any

from gamekit.core.errors import IllegalMoveError
from gamekit.core.scene import BACKGROUND, INK, Scene

from .rules import CELLS, TicTacToe

CELL, MARGIN = 80, 20
MARKS = ("#c0392b", "#1f618d")  # X red, O blue
SIZE = (2 * MARGIN + 3 * CELL, 2 * MARGIN + 3 * CELL)


def centre(index: int) -> tuple[float, float]:
    return MARGIN + (index % 3 + 0.5) * CELL, MARGIN + (index // 3 + 0.5) * CELL


def scene(game: TicTacToe) -> Scene:
    s = Scene().add("rect", 0, 0, *SIZE, BACKGROUND)
    for k in (1, 2):
        s.add("line", MARGIN + k * CELL, MARGIN, MARGIN + k * CELL, MARGIN + 3 * CELL, INK, 3)
        s.add("line", MARGIN, MARGIN + k * CELL, MARGIN + 3 * CELL, MARGIN + k * CELL, INK, 3)
    for index, seat in enumerate(game.board):
        x, y = centre(index)
        if seat == 0:
            d = CELL * 0.3
            s.add("line", x - d, y - d, x + d, y + d, MARKS[0], 6).add("line", x - d, y + d, x + d, y - d, MARKS[0], 6)
        elif seat == 1:
            s.add("ring", x, y, CELL * 0.3, MARKS[1], 6)
    line = game.line()
    if line is not None:
        s.add("line", *centre(line[0]), *centre(line[2]), INK, 4)
    return s


def move_at(game: TicTacToe, x: float, y: float) -> str:
    col, row = int((x - MARGIN) // CELL), int((y - MARGIN) // CELL)
    if not (0 <= col < 3 and 0 <= row < 3):
        raise IllegalMoveError("That click is outside the board.")
    return CELLS[row * 3 + col]


def targets(game: TicTacToe) -> list[tuple[str, float, float]]:
    return [(move, *centre(CELLS.index(move))) for move in game.legal_moves()]


def describe(game: Any) -> str:
    marks = {0: "X", 1: "O", None: "empty"}
    return "; ".join(f"{cell} {marks[seat]}" for cell, seat in zip(CELLS, game.board))
