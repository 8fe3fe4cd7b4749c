"""Bitboards of one Connect Four-like variant: the layout (see :mod:`gamekit.connect.solver`), the generated
``win``/``has_line`` functions and the masks every search and table reader shares.  Reads only the rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from gamekit.connect.rules import ConnectGame, Variant

__all__ = ["Board", "board_for"]


def _winning_code(v: Variant) -> str:
    """Source of ``win(p, mask)``: the empty cells that would complete a line of ``v.win`` for ``p``."""
    H, K = v.rows, v.win
    lines = ["def win(p, empty):"]
    # vertical: only the cell on top of K-1 stacked discs
    lines.append("    r = " + " & ".join(f"(p << {i})" for i in range(1, K)))
    for s in (H + 1, H, H + 2):
        a = [f"a{i}" for i in range(1, K)]
        b = [f"b{i}" for i in range(1, K)]
        lines.append(f"    a1 = p >> {s}; b1 = p << {s}")
        for i in range(2, K):
            lines.append(f"    a{i} = a{i - 1} & (p >> {s * i}); b{i} = b{i - 1} & (p << {s * i})")
        terms = [a[K - 2], b[K - 2]] + [f"({b[j - 1]} & {a[K - 2 - j]})" for j in range(1, K - 1)]
        lines.append("    r |= " + " | ".join(terms))
    lines.append("    return r & empty")
    # has_line(p): does p hold a complete line?
    lines.append("def has_line(p):")
    for s in (1, H + 1, H, H + 2):
        lines.append("    if " + " & ".join(["p"] + [f"(p >> {s * i})" for i in range(1, K)]) + ": return True")
    lines.append("    return False")
    return "\n".join(lines)


@dataclass
class Board:
    """Constants of the bitboards of one variant."""

    variant: Variant
    win: Callable[[int, int], int] = field(repr=False)
    has_line: Callable[[int], bool] = field(repr=False)
    H1: int  # bits per column (rows + sentinel)
    board: int  # every real cell of the grid
    playable: int  # every cell of the playable columns
    bottom: int  # bottom cell of each playable column
    col_masks: list[int]  # playable column i (0-based) -> its cells
    order: list[int]  # playable column indices, centre first
    max_score: int  # cells / 2 + 1

    @classmethod
    def of(cls, v: Variant) -> "Board":
        ns: dict = {}
        exec(_winning_code(v), ns)  # noqa: S102 - generated from the variant's numbers only
        H1 = v.rows + 1
        col = (1 << v.rows) - 1
        board = sum(col << (c * H1) for c in range(v.width))
        cols = [col << ((v.first_column + i) * H1) for i in range(v.columns)]
        mid = (v.columns - 1) / 2
        order = sorted(range(v.columns), key=lambda i: (abs(i - mid), i))
        return cls(
            v,
            ns["win"],
            ns["has_line"],
            H1,
            board,
            sum(cols),
            sum(1 << ((v.first_column + i) * H1) for i in range(v.columns)),
            cols,
            order,
            v.cells // 2 + 1,
        )

    def from_game(self, game: ConnectGame) -> tuple[int, int, int]:
        """``(cur, mask, moves)``: bitboards of the player to move and of all discs, and drops played."""
        p = [0, 0]
        for c in range(game.width):
            for r, seat in enumerate(game.grid[c]):
                p[seat] |= 1 << (c * self.H1 + r)
        me = game.to_move
        return p[me], p[0] | p[1], game.discs_on_board


_boards: dict[Variant, Board] = {}


def board_for(v: Variant) -> Board:
    if v not in _boards:
        _boards[v] = Board.of(v)
    return _boards[v]
