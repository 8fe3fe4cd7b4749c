"""Threat cells: the empty cells where one more disc of a seat would complete a line.

The lessons tint them, the puzzle themes (double threat, odd/even threat) count them.  Computed on the rules
engine itself, so a threat is exactly what :meth:`ConnectGame.lines_through` calls a line.
"""

from __future__ import annotations

from gamekit.connect.rules import ConnectGame

__all__ = ["threat_cells", "playable_threats"]


def threat_cells(game: ConnectGame, seat: int) -> list[tuple[int, int]]:
    """Empty cells where a ``seat`` disc would complete a line (whether or not it can be dropped there yet)."""
    out = []
    for c in range(game.width):
        if game.column_number(c) is None:
            continue
        column = game.grid[c]
        saved = list(column)
        try:
            for r in range(len(saved), game.height):
                column[:] = saved + [None] * (r - len(saved)) + [seat]  # pretend a disc floats at (c, r)
                if game.lines_through(c, r, seat):
                    out.append((c, r))
        finally:
            column[:] = saved
    return out


def playable_threats(game: ConnectGame, seat: int) -> list[tuple[int, int]]:
    """Threat cells of ``seat`` that a disc can be dropped into right now."""
    return [(c, r) for c, r in threat_cells(game, seat) if len(game.grid[c]) == r]
