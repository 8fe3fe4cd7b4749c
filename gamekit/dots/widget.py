"""The Dots and Boxes board widget (ipycanvas), built on :class:`gamekit.widgets.base.GameWidget`.

``dots_scene`` draws any position (with optional highlights) and is shared with the
lesson widgets; ``BoardLayout`` maps lines to pixels and clicks back to lines.
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Any, Mapping

import ipywidgets as W

from gamekit.dots.describe import board_label, cursor_text, describe
from gamekit.dots.rules import MAX_SIZE, MIN_SIZE, PRESETS, DotsAndBoxes
from gamekit.errors import IllegalMoveError
from gamekit.widgets.base import (BACKGROUND, INK, SEAT_COLOURS, SEAT_DARK, BadSettingError, GameWidget, Scene,
                                  check_int, check_type, reported)
from gamekit.i18n import N_, tr


CURSOR = "#2e86de"
LAST_MARK = "#ffffff"
BOX_NUMBER = INK            # a box's owner number (1 gold, 2 coral): 5.1:1 on gold, 4.9:1 on coral
COORDINATE_INK = "#5d6770"  # the dot names round a lesson board (a, b, c / 1, 2, 3): 5.4:1 on the background
HIT_TOLERANCE = 0.42   # fraction of the dot spacing: generous, so taps land


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
        return (math.ceil(2 * self.margin + self.width * self.spacing),
                math.ceil(2 * self.margin + self.height * self.spacing))

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


def dots_scene(game: DotsAndBoxes, layout: BoardLayout, *, box_tints: Mapping[int, str] | None = None,
               line_colours: Mapping[int, str] | None = None, cursor: int | None = None,
               show_last: bool = True) -> Scene:
    """The picture of a position: owned boxes in their owner's colour and number, drawn lines,
    a white mark on the last line, the dots; optional tints for boxes (chains, third sides…),
    colours for some lines, and a keyboard cursor."""
    scene = Scene()
    w, h = layout.css_size
    scene.add("rect", 0, 0, w, h, BACKGROUND)
    s = layout.spacing
    for box in range(game.geometry.n_boxes):
        row, col = divmod(box, game.width)
        x, y = layout.dot(col, row)
        owner = game.owners[box]
        tint = (box_tints or {}).get(box)
        if tint:
            scene.add("rect", x, y, s, s, tint)
        if owner is not None:
            inset = s * 0.12
            scene.add("rect", x + inset, y + inset, s - 2 * inset, s - 2 * inset, SEAT_COLOURS[owner])
            # the fill's edge in the owner's dark colour (5:1 on the background; the light fills alone are 2.2:1)
            scene.add("stroke_rect", x + inset, y + inset, s - 2 * inset, s - 2 * inset, SEAT_DARK[owner], 2)
            # the owner's number is the cue that does not depend on colour (gold and coral are close for
            # deuteranopes): dark ink, legible on both fills
            scene.add("text", x + s / 2, y + s / 2, str(owner + 1), f"bold {s * 0.42:.0f}px sans-serif",
                      BOX_NUMBER, "center")
    for line in range(game.geometry.n_lines):
        x1, y1, x2, y2 = layout.line_ends(game, line)
        if game.drawn >> line & 1:
            scene.add("line", x1, y1, x2, y2, (line_colours or {}).get(line, INK), max(3.0, s * 0.08))
        elif line_colours and line in line_colours:
            scene.add("dashed_line", x1, y1, x2, y2, line_colours[line], max(2.0, s * 0.05))
    last = game.last_line_index if show_last else None
    if last is not None:
        mx, my = layout.line_middle(game, last)
        scene.add("circle", mx, my, max(2.5, s * 0.05), LAST_MARK)
    if cursor is not None:
        x1, y1, x2, y2 = layout.line_ends(game, cursor)
        scene.add("dashed_line", x1, y1, x2, y2, CURSOR, max(3.0, s * 0.07))
    for row in range(game.height + 1):
        for col in range(game.width + 1):
            scene.add("circle", *layout.dot(col, row), max(3.5, s * 0.08), INK)
    return scene


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
    steps = [(2 * dx, 2 * dy), (dx - dy, dy + dx), (dx + dy, dy - dx)]   # straight on, then turn either way
    for sx, sy in steps:
        nx, ny = x + sx, y + sy
        if nx % 2 == 1 and ny % 2 == 0 and 0 <= ny // 2 <= g.height and 0 <= nx // 2 < g.width:
            return g.h_line(nx // 2, ny // 2)
        if nx % 2 == 0 and ny % 2 == 1 and 0 <= nx // 2 <= g.width and 0 <= ny // 2 < g.height:
            return g.v_line(nx // 2, ny // 2)
    return line


def check_size(width: Any, height: Any) -> None:
    """Board sizes are whole numbers of boxes, 1 to 8 each way (BadSettingError otherwise)."""
    check_int("width", width, MIN_SIZE, MAX_SIZE)
    check_int("height", height, MIN_SIZE, MAX_SIZE)


def size_options(size: tuple[int, int]) -> list[tuple[str, tuple[int, int]]]:
    """The board selector: the presets, and ``size`` too when it is not one of them."""
    options = list(PRESETS.items())
    if size not in PRESETS.values():
        options.append((f"{size[0]}×{size[1]}", size))
    return options


class DotsWidget(GameWidget):
    """Play Dots and Boxes: two people on one screen, against the CPU, or CPU against CPU.

    >>> DotsWidget(5, 4, mode="cpu", level="medium")   # doctest: +SKIP
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("mode") == "online":      # play a friend through a room server: see gamekit.rooms
            from gamekit.rooms.widget import online_widget
            return online_widget("dots", *args, **kwargs)
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, width: int = 5, height: int = 4, mode: str = "cpu", level: str = "easy",
                 seed: int | None = None, timer: int = 0, alternate_start: bool = True, hints: bool = False):
        check_size(width, height)
        check_type("alternate_start", alternate_start, bool)
        self.size = (width, height)
        self.alternate_start = alternate_start
        self.layout_px = BoardLayout.fit(width, height)
        self.css_size = self.layout_px.css_size
        self.cursor: int | None = None
        self.size_select = W.Dropdown(options=size_options(self.size), value=self.size,
                                      description=tr("Board"), layout=W.Layout(width="auto"))
        super().__init__(mode=mode, level=level, seed=seed, timer=timer, hints=hints)
        self.size_select.observe(self.on_size_change, names="value")

    # ----- hooks --------------------------------------------------------------
    def new_game(self) -> DotsAndBoxes:
        return DotsAndBoxes(*self.size, alternate_start=self.alternate_start)

    def next_game(self) -> DotsAndBoxes:
        """Against the CPU the person (gold) always starts; between people the local rule may alternate."""
        first = 0
        if self.mode != "cpu" and self.alternate_start:
            first = 1 - self.game.first
        return DotsAndBoxes(*self.size, first=first, alternate_start=self.alternate_start)

    def make_cpu(self, level: str, seed: int | None) -> Any:
        from gamekit.dots.players import cpu_player
        return cpu_player(level, seed=seed)

    def hint_for(self, game: DotsAndBoxes) -> tuple[str, str]:
        from gamekit.dots.players import hint
        return hint(game)

    def extra_controls(self) -> list[W.Widget]:
        return [W.HBox([self.size_select, W.HTML("<small>" + html.escape(
            tr("Keyboard: Tab to the board, arrows move the cursor, Enter or Space draws.")) + "</small>")])]

    def build_scene(self) -> Scene:
        return dots_scene(self.game, self.layout_px, cursor=self.cursor)

    def board_label(self) -> str:
        return board_label(self.game)

    def describe_position(self) -> str:
        return describe(self.game, self.cursor, names=[self.seat_name(s) for s in range(2)])

    def move_at(self, x: float, y: float) -> str | None:
        line = self.layout_px.line_at(self.game, x, y)
        if line is None:
            raise IllegalMoveError(tr("Click in the gap between two neighbouring dots to draw a line."))
        if self.game.is_drawn(line):
            raise IllegalMoveError(tr("Line {line} is already drawn: pick an empty gap.", line=self.game.line_name(line)))
        return self.game.line_name(line)

    def score_text(self, seat: int) -> str:
        return str(self.game.scores[seat])

    def final_score_text(self) -> str:
        gold, coral = self.game.scores
        return f"{gold}–{coral}"

    def position_changed(self, why: str) -> None:
        """A new game or board drops the keyboard cursor; after a move it stays where the reader left it."""
        super().position_changed(why)
        if why in ("restart", "load") or (self.cursor is not None and self.cursor >= self.game.geometry.n_lines):
            self.cursor = None

    game_class = DotsAndBoxes

    def adopt(self, game: DotsAndBoxes) -> None:
        self.size = (game.width, game.height)
        self.alternate_start = game.alternate_start
        self.layout_px = BoardLayout.fit(*self.size)
        self.board.resize(*self.layout_px.css_size)

    def settings(self) -> dict[str, Any]:
        return {**super().settings(), "size": self.size}

    def control_values(self) -> dict[str, Any]:
        return {**super().control_values(), "size": self.size_select.value}

    def state(self) -> dict[str, Any]:
        return {**super().state(), "cursor": self.cursor}

    def sync_controls(self) -> None:
        super().sync_controls()
        options = size_options(self.size)
        if list(self.size_select.options) != options:
            self.size_select.options = options
        self.size_select.value = self.size

    def on_key(self, key: str) -> None:
        if key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"):
            start = self.cursor if self.cursor is not None else 0
            self.cursor = start if self.cursor is None else neighbour_line(self.game, start, key)
            self.refresh(self.last_status)
            self.board.describe(announcement=cursor_text(self.game, self.cursor))
        elif key in ("Enter", " ", "Spacebar") and self.cursor is not None:
            x, y = self.layout_px.line_middle(self.game, self.cursor)
            self.click(x, y)

    # ----- helpers for tests and lessons --------------------------------------------
    def click_line(self, line: str) -> bool:
        """Click the middle of ``line`` (as a reader would)."""
        index = self.game.line_index(line)
        return self.click(*self.layout_px.line_middle(self.game, index))

    def set_size(self, width: int, height: int) -> None:
        """A new game on a board of ``width`` × ``height`` boxes (1 to 8 each way)."""
        try:
            check_size(width, height)
        except BadSettingError as error:
            self.refuse(error)
        self.size = (width, height)
        self.layout_px = BoardLayout.fit(width, height)
        self.board.resize(*self.layout_px.css_size)
        self.cursor = None
        self.resync_controls()
        self.restart()
        self.say(tr("New {width}×{height} board.", width=width, height=height))

    @reported
    def on_size_change(self, change: dict) -> None:
        if tuple(change["new"]) != self.size:
            self.from_control(self.set_size, *change["new"])
