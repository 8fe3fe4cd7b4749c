"""How a Dots and Boxes board looks and where a click lands, as plain data: the pixel layout, the picture of a
position (:func:`dots_scene`, a :class:`gamekit.core.scene.Scene`), the keyboard cursor's moves and
:func:`move_at`, the hit-testing of a click.  No widget library: the notebook widget
(:mod:`gamekit.dots.widget`), the lessons and the room server (:mod:`gamekit.rooms.games`) all use this.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from gamekit.dots.rules import DotsAndBoxes
from gamekit.core.errors import IllegalMoveError
from gamekit.i18n import tr
from gamekit.core.scene import (
    REVIEW_COLOURS,
    REVIEW_SYMBOLS,
    REVIEW_TEXT,
    BACKGROUND,
    INK,
    SEAT_COLOURS,
    SEAT_DARK,
    Scene,
)

__all__ = [
    "BoardLayout",
    "dots_scene",
    "neighbour_line",
    "move_at",
    "CURSOR",
    "LAST_MARK",
    "LAST_RIM",
    "HINT_INK",
    "HIT_TOLERANCE",
    "review_scene",
    "coordinate_labels",
    "hint_mark",
    "last_mark",
]

CURSOR = "#2e86de"
LAST_MARK = "#ffffff"  # the last line's bead: white, as on the paper sheet…
LAST_RIM = INK  # …ringed in ink, so it reads as a mark on the line and never as a gap in it
HINT_INK = "#17693a"  # the hinted line (dashed) and its "?" tag: 6.3:1 on the background
BOX_NUMBER = INK  # a box's owner number (1 gold, 2 coral): 5.1:1 on gold, 4.9:1 on coral
COORDINATE_INK = "#5d6770"  # the dot names round a lesson board (a, b, c / 1, 2, 3): 5.4:1 on the background
HIT_TOLERANCE = 0.42  # fraction of the dot spacing: generous, so taps land


@dataclass(frozen=True)
class BoardLayout:
    """Pixel geometry of a board (CSS pixels)."""

    width: int
    height: int
    spacing: float
    margin: float = 28

    @classmethod
    def fit(cls, width: int, height: int, max_px: int = 420) -> "BoardLayout":
        return cls(width, height, spacing=min(64.0, max_px / max(width, height)))

    @property
    def css_size(self) -> tuple[int, int]:
        return (
            math.ceil(2 * self.margin + self.width * self.spacing),
            math.ceil(2 * self.margin + self.height * self.spacing),
        )

    def dot(self, col: float, row: float) -> tuple[float, float]:
        return self.margin + col * self.spacing, self.margin + row * self.spacing

    def line_ends(self, game: DotsAndBoxes, line: int) -> tuple[float, float, float, float]:
        (c1, r1), (c2, r2) = game.geometry.line_dots(line)
        return (*self.dot(c1, r1), *self.dot(c2, r2))

    def line_middle(self, game: DotsAndBoxes, line: int) -> tuple[float, float]:
        x1, y1, x2, y2 = self.line_ends(game, line)
        return (x1 + x2) / 2, (y1 + y2) / 2

    def line_at(self, game: DotsAndBoxes, x: float, y: float) -> int | None:
        """The line whose gap contains (x, y), or None (outside the board or too far from any gap)."""
        u, v = (x - self.margin) / self.spacing, (y - self.margin) / self.spacing
        g = game.geometry
        candidates = []
        row, col = round(v), math.floor(u)
        if 0 <= row <= self.height and 0 <= col < self.width:
            candidates.append((abs(v - row), g.h_line(col, row)))
        col, row = round(u), math.floor(v)
        if 0 <= col <= self.width and 0 <= row < self.height:
            candidates.append((abs(u - col), g.v_line(col, row)))
        if not candidates:
            return None
        distance, line = min(candidates)
        return line if distance <= HIT_TOLERANCE else None


def dots_scene(
    game: DotsAndBoxes,
    layout: BoardLayout,
    *,
    box_tints: Mapping[int, str] | None = None,
    line_colours: Mapping[int, str] | None = None,
    cursor: int | None = None,
    show_last: bool = True,
    coordinates: bool = False,
    hint: int | None = None,
) -> Scene:
    """The picture of a position: owned boxes in their owner's colour and number, drawn lines,
    a white bead ringed in ink on the last line (:func:`last_mark`), the dots; optional tints for boxes
    (chains, third sides…), colours for some lines, a keyboard cursor, the dot names round the edge
    (``coordinates``: letters a, b, c… over the columns, numbers 1, 2, 3… beside the rows, the names the
    moves are written in) and a hinted line (``hint``, a line index: :func:`hint_mark`)."""
    scene = Scene()
    w, h = layout.css_size
    scene.add("rect", 0, 0, w, h, BACKGROUND)
    s = layout.spacing
    ends, dots, boxes = board_pieces(layout, game.geometry)
    for box, owner in enumerate(game.owners):
        if box_tints:
            tint = box_tints.get(box)
            if tint:
                x, y, _ = boxes[box]
                scene.add("rect", x, y, s, s, tint)
        if owner is not None:
            scene.extend(boxes[box][2][owner])  # the owner's fill, its edge and number (board_pieces)
    drawn, colours, width = game.drawn, line_colours or {}, max(3.0, s * 0.08)
    for line, (x1, y1, x2, y2) in enumerate(ends):
        if drawn >> line & 1:
            scene.append(("line", x1, y1, x2, y2, colours.get(line, INK), width))
        elif line_colours and line in line_colours:
            scene.add("dashed_line", x1, y1, x2, y2, line_colours[line], max(2.0, s * 0.05))
    if hint is not None and not drawn >> hint & 1:
        scene.extend(hint_mark(game, layout, hint))
    last = game.last_line_index if show_last else None
    if last is not None:
        scene.extend(last_mark(game, layout, last))
    if cursor is not None:
        x1, y1, x2, y2 = layout.line_ends(game, cursor)
        scene.add("dashed_line", x1, y1, x2, y2, CURSOR, max(3.0, s * 0.07))
    scene.extend(dots)
    if coordinates:
        scene.extend(coordinate_labels(layout))
    return scene


def last_mark(game: DotsAndBoxes, layout: BoardLayout, line: int) -> list[tuple]:
    """The mark on the last line drawn: a white bead ringed in ink at the line's middle, wider than the line,
    so it is seen at a glance and cannot be taken for a gap (its shape, not its colour, is the cue)."""
    mx, my = layout.line_middle(game, line)
    r = max(6.0, layout.spacing * 0.14)
    return [("circle", mx, my, r, LAST_MARK), ("ring", mx, my, r, LAST_RIM, max(2.0, r * 0.35))]


def hint_mark(game: DotsAndBoxes, layout: BoardLayout, line: int) -> list[tuple]:
    """The Hint's line on the board: the empty line dashed in :data:`HINT_INK`, with a "?" tag beside its
    middle (the dashes and the tag are the cues that do not depend on colour)."""
    x1, y1, x2, y2 = layout.line_ends(game, line)
    s = layout.spacing
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    horizontal = abs(y2 - y1) < abs(x2 - x1)
    r = max(7.0, s * 0.14)
    tx, ty = (mx, my - r - 3) if horizontal else (mx + r + 3, my)
    return [
        ("dashed_line", x1, y1, x2, y2, HINT_INK, max(3.0, s * 0.07)),
        ("circle", tx, ty, r, HINT_INK),
        ("text", tx, ty, "?", f"bold {r * 1.3:.0f}px sans-serif", "#ffffff", "center"),
    ]


def coordinate_labels(layout: BoardLayout) -> list[tuple]:
    """The dot names round a board: a, b, c… above the columns of dots, 1, 2, 3… left of the rows (the names a
    move such as ``c4-d4`` is written in), in :data:`COORDINATE_INK`."""
    font = f"{max(11, min(14, round(layout.margin * 0.45)))}px sans-serif"
    items = []
    for col in range(layout.width + 1):
        x, _ = layout.dot(col, 0)
        items.append(("text", x, layout.margin * 0.35, chr(ord("a") + col), font, COORDINATE_INK, "center"))
    for row in range(layout.height + 1):
        _, y = layout.dot(0, row)
        items.append(("text", layout.margin * 0.35, y, str(row + 1), font, COORDINATE_INK, "center"))
    return items


@lru_cache(maxsize=256)
def board_pieces(layout: BoardLayout, geometry: Any) -> tuple[tuple, tuple, tuple]:
    """What never changes in a layout's pictures, computed once per layout and board (the room server draws
    the scene after every move): each line's end points (by line index), the dots' circles, and for each box
    its top-left corner and what an owned box shows, for either owner."""
    s = layout.spacing
    boxes = []
    for box in range(geometry.n_boxes):
        row, col = divmod(box, geometry.width)
        x, y = layout.dot(col, row)
        inset = s * 0.12
        owned = tuple(
            (
                ("rect", x + inset, y + inset, s - 2 * inset, s - 2 * inset, SEAT_COLOURS[owner]),
                # the fill's edge in the owner's dark colour (5:1 on the background; the light fills alone are 2.2:1)
                ("stroke_rect", x + inset, y + inset, s - 2 * inset, s - 2 * inset, SEAT_DARK[owner], 2),
                # the owner's number is the cue that does not depend on colour (gold and coral are close for
                # deuteranopes): dark ink, legible on both fills
                (
                    "text",
                    x + s / 2,
                    y + s / 2,
                    str(owner + 1),
                    f"bold {s * 0.42:.0f}px sans-serif",
                    BOX_NUMBER,
                    "center",
                ),
            )
            for owner in (0, 1)
        )
        boxes.append((x, y, owned))
    ends = []
    for line in range(geometry.n_lines):
        (c1, r1), (c2, r2) = geometry.line_dots(line)
        ends.append((*layout.dot(c1, r1), *layout.dot(c2, r2)))
    radius = max(3.5, layout.spacing * 0.08)
    dots = tuple(
        ("circle", *layout.dot(col, row), radius, INK)
        for row in range(geometry.height + 1)
        for col in range(geometry.width + 1)
    )
    return tuple(ends), dots, tuple(boxes)


def neighbour_line(game: DotsAndBoxes, line: int, key: str) -> int:
    """Keyboard cursor: the next line in the arrow's direction.

    Line middles sit on a grid of half dot-spacings (a horizontal line at (2c+1, 2r), a vertical one
    at (2c, 2r+1)).  An arrow moves to the next line of the same direction; at the edge it turns onto
    the nearest line of the other direction, so every line can be reached.
    """
    dx, dy = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}[key]
    g = game.geometry
    (c1, r1), (c2, r2) = g.line_dots(line)
    x, y = c1 + c2, r1 + r2
    steps = [(2 * dx, 2 * dy), (dx - dy, dy + dx), (dx + dy, dy - dx)]  # straight on, then turn either way
    for sx, sy in steps:
        nx, ny = x + sx, y + sy
        if nx % 2 == 1 and ny % 2 == 0 and 0 <= ny // 2 <= g.height and 0 <= nx // 2 < g.width:
            return g.h_line(nx // 2, ny // 2)
        if nx % 2 == 0 and ny % 2 == 1 and 0 <= nx // 2 <= g.width and 0 <= ny // 2 < g.height:
            return g.v_line(nx // 2, ny // 2)
    return line


def move_at(game: DotsAndBoxes, layout: BoardLayout, x: float, y: float) -> str:
    """The line a click at (x, y) draws (its name, e.g. ``"a1-b1"``); IllegalMoveError naming what is wrong
    when the click is not in an empty gap between two neighbouring dots."""
    line = layout.line_at(game, x, y)
    if line is None:
        raise IllegalMoveError(tr("Click in the gap between two neighbouring dots to draw a line."))
    if game.is_drawn(line):
        raise IllegalMoveError(tr("Line {line} is already drawn: pick an empty gap.", line=game.line_name(line)))
    return game.line_name(line)


def review_scene(
    game: DotsAndBoxes,
    layout: BoardLayout,
    move: str | None = None,
    verdict: str = "unjudged",
    best: tuple[str, ...] = (),
) -> Scene:
    """One step of a game's review: the position after ``move``, the move drawn in its verdict's colour with
    a mark carrying the verdict's symbol (best ✓, inaccuracy ?!, mistake ?, unjudged ·), and the better
    lines (``best``, when the move was not one of them) dashed in the colour of a best move."""
    colours = {}
    if move is not None:
        colours[game.line_index(move)] = REVIEW_COLOURS[verdict]
        if verdict in ("inaccuracy", "mistake"):
            for line in best:
                index = game.line_index(line)
                if not game.drawn >> index & 1:
                    colours[index] = REVIEW_COLOURS["best"]
    scene = dots_scene(game, layout, line_colours=colours, show_last=False, coordinates=True)
    if move is not None:
        x, y = layout.line_middle(game, game.line_index(move))
        r = max(8.0, layout.spacing * 0.16)
        scene.add("circle", x, y, r, REVIEW_COLOURS[verdict])
        scene.add("text", x, y, REVIEW_SYMBOLS[verdict], f"bold {r * 1.1:.0f}px sans-serif", REVIEW_TEXT, "center")
    return scene
