"""What the Practice page draws besides its widgets: a board game's puzzle board (drawing and clicks) and the
small plot of the pupil's level over time."""

from __future__ import annotations

import html
from typing import Any, Sequence

from gamekit import catalog
from gamekit.i18n import tr
from gamekit.progress import level
from gamekit.puzzles.pools import top_level
from gamekit.widgets.exercise import RIGHT_COLOUR, WRONG_COLOUR
from gamekit.widgets.lesson import Mark

MARK_COLOURS = {"right": RIGHT_COLOUR, "wrong": WRONG_COLOUR, "answer": "#2e86de"}
"""How a puzzle board marks an answer: judged right, judged wrong, shown by Show answer."""


# ---------------------------------------------------------------------------------------
# The rating plot
# ---------------------------------------------------------------------------------------
def sparkline(values: Sequence[float], width: int = 180, height: int = 40) -> str:
    """A small SVG line of ratings over time (the last point marked), labelled with the first and last level."""
    values = [float(v) for v in values]
    if len(values) < 2:  # a line needs two points: a lone dot under the puzzle would say nothing
        return ""
    lo, hi = min(values), max(values)
    span = (hi - lo) or 1.0
    pad = 4
    step = (width - 2 * pad) / max(len(values) - 1, 1)
    pts = [(pad + i * step, pad + (height - 2 * pad) * (1 - (v - lo) / span)) for i, v in enumerate(values)]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    x, y = pts[-1]
    label = html.escape(
        tr("Your level over time: from {first} to {last}", first=level(values[0]), last=level(values[-1]))
    )
    return (
        f"<svg width='{width}' height='{height}' role='img' aria-label='{label}'>"
        f"<title>{label}</title>"
        f"<polyline points='{path}' fill='none' stroke='#2f6f9f' stroke-width='2'/>"
        f"<circle cx='{x:.1f}' cy='{y:.1f}' r='3' fill='#2f6f9f'/></svg>"
    )


def puzzle_title(i: int, rating: float, game_id: str | None = None) -> str:
    """The title of the ``i``-th puzzle a pupil meets: its level on the same scale as the status line's
    "Your level: N of M", so the pupil can compare the two at a glance (no second scale of easy and hard).  Given
    the game, "of M" is the highest level a pupil of that game can reach
    (:func:`gamekit.puzzles.pools.top_level`); without it, no "of": a top the game's pupils cannot reach would be
    a false promise."""
    if game_id is None:
        return tr("Puzzle {i} · level {level}", i=i, level=level(rating))
    most = max(level(rating), top_level(game_id))
    return tr("Puzzle {i} · level {level} of {most}", i=i, level=level(rating), most=most)


# ---------------------------------------------------------------------------------------
# Boards: drawing and clicks per game
# ---------------------------------------------------------------------------------------
def practice_board(game_id: str, game: Any):
    """``(size, draw(position, mark), hit(x, y))`` for a board game's puzzle (``hit`` answers on ``game``),
    or None (a game whose answers are typed or chosen: Shut the Box's choice buttons)."""
    make = catalog.get(game_id).puzzle_board
    if make is None:
        return None
    board = make(game)

    def draw(position: Any, mark: Mark | None):
        if mark is None:
            return board.draw(position, None, "")
        return board.draw(position, mark.answer, MARK_COLOURS[mark.state])

    return board.size, draw, board.hit


__all__ = ["practice_board", "puzzle_title", "sparkline", "MARK_COLOURS"]
