"""Threat cells: the empty cells where one more disc of a seat would complete a line.

The lessons tint them, the puzzle themes (double threat, odd/even threat) count them.  Computed on the rules
engine itself, so a threat is exactly what :meth:`ConnectGame.lines_through` calls a line.
"""

from __future__ import annotations

from gamekit.connect.rules import ConnectGame

__all__ = ["threat_cells", "playable_threats", "cross_cells", "safe_cells"]


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


def cross_cells(game: ConnectGame) -> set[tuple[int, int]]:
    """The ✗ cells: for each threat cell of either player that no disc can reach yet, the empty cell right under it
    (grid column, row from 0).  Whoever drops there lets the threat's owner make five on top, unless it is the owner
    (then the other must block at once: lesson 2's forced reply)."""
    cells = threat_cells(game, 0) + threat_cells(game, 1)
    return {(c, r - 1) for c, r in cells if r > len(game.grid[c])}


def safe_cells(game: ConnectGame) -> list[tuple[int, int]]:
    """Lesson 2's one counting rule: the empty cells (of the columns a disc can drop into) that are neither a ✗ cell
    nor above one, as (grid column, row from 0).  A cell below a ✗ cell is safe: it fills before the ✗ cell is
    reached, and nobody can win on it."""
    cross = cross_cells(game)
    out = []
    for c in range(game.width):
        if game.column_number(c) is None:
            continue
        lowest = min((r for cc, r in cross if cc == c), default=game.height)
        out.extend((c, r) for r in range(len(game.grid[c]), lowest))
    return out
