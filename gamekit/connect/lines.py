"""Lines of discs on a Connect Four grid: the four directions a line runs in (:data:`DIRECTIONS`) and
:class:`DiscLines`, the part of :class:`~gamekit.connect.rules.ConnectGame` that finds every line of ``win_length``
or more of one colour's discs through a cell or in a column (how a drop or a pop is seen to win)."""

from __future__ import annotations

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # horizontal, vertical, two diagonals


class DiscLines:
    """Line finding for a grid that provides ``width``, ``height``, ``win_length``, ``grid`` (the columns, bottom
    first) and ``cell(col, row)`` (the seat whose disc is there, or None)."""

    def _run(self, col: int, row: int, dc: int, dr: int, seat: int) -> list[tuple[int, int]]:
        out = []
        c, r = col + dc, row + dr
        while 0 <= c < self.width and 0 <= r < self.height and self.cell(c, r) == seat:
            out.append((c, r))
            c, r = c + dc, r + dr
        return out

    def lines_through(self, col: int, row: int, seat: int) -> list[tuple[int, int]]:
        """Cells of every line of ``win_length`` or more of ``seat``'s discs through grid cell (col, row)."""
        return self._lines_through(col, row, seat)

    def _lines_through(self, col: int, row: int, seat: int) -> list[tuple[int, int]]:
        """Cells of every line of ``win_length`` or more of ``seat``'s discs through (col, row)."""
        if self.cell(col, row) != seat:
            return []
        cells: list[tuple[int, int]] = []
        for dc, dr in DIRECTIONS:
            run = self._run(col, row, -dc, -dr, seat)[::-1] + [(col, row)] + self._run(col, row, dc, dr, seat)
            if len(run) >= self.win_length:
                cells += run
        return cells

    def _lines_in_column(self, col: int, seat: int) -> list[tuple[int, int]]:
        cells: list[tuple[int, int]] = []
        for row in range(len(self.grid[col])):
            cells += self._lines_through(col, row, seat)
        return cells
