"""Lines of discs on a Connect Four grid: the four directions a line runs in (:data:`DIRECTIONS`) and
:class:`DiscLines`, the part of :class:`~gamekit.connect.rules.ConnectGame` that finds every line of ``win_length``
or more of one colour's discs through a cell or in a column (how a drop or a pop is seen to win)."""

from __future__ import annotations

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # horizontal, vertical, two diagonals


class DiscLines:
    """Line finding for a grid that provides ``width``, ``height``, ``win_length``, ``grid`` (the columns, bottom
    first: ``grid[col][row]`` the seat whose disc is at (col, row), no disc above a column's end) and ``cell(col,
    row)`` (the seat whose disc is there, or None).  Past the first cell the lines are read off ``grid`` directly,
    not through ``cell``: the Practice pools and the rules of thumb ask for them hundreds of thousands of times."""

    def lines_through(self, col: int, row: int, seat: int) -> list[tuple[int, int]]:
        """Cells of every line of ``win_length`` or more of ``seat``'s discs through grid cell (col, row)."""
        return self._lines_through(col, row, seat)

    def _lines_through(self, col: int, row: int, seat: int) -> list[tuple[int, int]]:
        """Cells of every line of ``win_length`` or more of ``seat``'s discs through (col, row), each line from
        its lower-left end (the other side of the cell first, in :data:`DIRECTIONS` order)."""
        if self.cell(col, row) != seat:
            return []
        grid, width, height = self.grid, self.width, self.height
        cells: list[tuple[int, int]] = []
        for dc, dr in DIRECTIONS:
            back: list[tuple[int, int]] = []
            c, r = col - dc, row - dr
            while 0 <= c < width and 0 <= r < height:
                column = grid[c]
                if (column[r] if r < len(column) else None) != seat:
                    break
                back.append((c, r))
                c, r = c - dc, r - dr
            ahead: list[tuple[int, int]] = []
            c, r = col + dc, row + dr
            while 0 <= c < width and 0 <= r < height:
                column = grid[c]
                if (column[r] if r < len(column) else None) != seat:
                    break
                ahead.append((c, r))
                c, r = c + dc, r + dr
            if len(back) + 1 + len(ahead) >= self.win_length:
                back.reverse()
                cells += back
                cells.append((col, row))
                cells += ahead
        return cells

    def _lines_in_column(self, col: int, seat: int) -> list[tuple[int, int]]:
        cells: list[tuple[int, int]] = []
        for row in range(len(self.grid[col])):
            cells += self._lines_through(col, row, seat)
        return cells
