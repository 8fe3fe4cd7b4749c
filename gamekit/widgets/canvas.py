"""The board canvas: an ipycanvas ``Canvas`` that paints :class:`~gamekit.core.scene.Scene` objects.

Drawing is split in two so a bug can never leave the canvas stuck: a game computes a *scene* (a plain list of
drawing primitives in CSS pixels, may raise), then :meth:`BoardCanvas.paint` replays the finished scene inside one
``hold_canvas()`` batch.  ipycanvas's ``hold_canvas`` has no try/finally, so nothing inside it may raise: the
painter only calls canvas methods with values already computed.

The canvas buffer is ``SCALE`` times its on-screen size (sharp on HiDPI screens; mouse coordinates arrive in
buffer pixels and are divided back), and every new browser view gets the last scene again from
``on_client_ready`` (a reload never shows a blank board).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W
from ipycanvas import Canvas, hold_canvas

from gamekit.core.scene import Scene
from gamekit.i18n import tr
from gamekit.widgets.access import KEYS_CLASS, BoardAccess, new_board_class
from gamekit.widgets.settings import check_type

SCALE = 2  # buffer pixels per CSS pixel

# ipycanvas sends every canvas's drawing through one manager, and names the target canvas only when it differs from
# the one drawn on last.  A browser page that connects later (Voilà renders the page after the cells ran; a reload in
# JupyterLab) starts with no current canvas, so a page whose last-drawn board paints again (its repaint when the view
# appears, or a Practice puzzle's next position) had its commands dropped ("reading 'clearCanvas'") and showed a
# blank board.  Touching this hidden 1 × 1 canvas first makes every batch name its board.
_SWITCH = Canvas(width=1, height=1)


class BoardCanvas:
    """An ipycanvas ``Canvas`` that paints :class:`Scene` objects, HiDPI-sharp, redrawn on reload."""

    def __init__(self, css_width: int, css_height: int, scale: int = SCALE, keys: bool = False, label: str = ""):
        check_type("keys", keys, bool)
        check_type("label", label, str)
        self.scale = scale
        self.css_width, self.css_height = css_width, css_height
        self.canvas = Canvas(
            width=css_width * scale,
            height=css_height * scale,
            layout=W.Layout(width=f"{css_width}px", height=f"{css_height}px"),
        )
        self.canvas.add_class("gamekit-board")  # browser tests find boards by this class
        # Access (docs/accessibility.md): a board taking keys stays in the Tab order (Tab, Shift+Tab and Esc leave
        # it); the others are taken out of it.  ``access`` (show it next to the canvas) names the board and
        # carries the text of the position.
        self.keys = keys
        self.board_class = new_board_class()
        self.canvas.add_class(self.board_class)
        if keys:
            self.canvas.add_class(KEYS_CLASS)
        self.access = BoardAccess(board=self.board_class, label=label)
        self.scene = Scene()
        self.paints = 0  # how many scenes were painted (tests read it)
        self.canvas.on_client_ready(self.repaint)

    def resize(self, css_width: int, css_height: int) -> None:
        if (css_width, css_height) == (self.css_width, self.css_height):
            return
        self.css_width, self.css_height = css_width, css_height
        self.canvas.width, self.canvas.height = css_width * self.scale, css_height * self.scale
        self.canvas.layout.width, self.canvas.layout.height = f"{css_width}px", f"{css_height}px"

    def to_css(self, x: float, y: float) -> tuple[float, float]:
        """Buffer pixels (what mouse events report) → CSS pixels (what scenes use)."""
        return x / self.scale, y / self.scale

    def paint(self, scene: Scene) -> None:
        """Replay ``scene`` in one batch.  Everything is computed before the batch opens."""
        s = self.scale
        commands = [_command(item, s) for item in scene]  # may raise: outside the batch
        self.scene = scene
        c = self.canvas
        with hold_canvas():
            _SWITCH.clear()
            c.clear()
            for fn, args, style in commands:
                for attr, value in style:
                    if attr == "line_dash":
                        c.set_line_dash(value)
                    else:
                        setattr(c, attr, value)
                getattr(c, fn)(*args)
        self.paints += 1

    def repaint(self, *_: Any) -> None:
        self.paint(self.scene)

    def set_access(
        self, label: str | None = None, description: str | None = None, announcement: str | None = None
    ) -> None:
        """Set the board's accessible name, its text of the position and/or its live line (None: unchanged)."""
        for name, value in (("label", label), ("description", description), ("announcement", announcement)):
            if value is not None:
                check_type(name, value, str)
        if label is not None:
            self.access.label = label
        if description is not None:
            self.access.description = description
        if announcement is not None:
            self.access.announcement = announcement

    @property
    def description(self) -> str:
        """The text a screen reader reads for the board (tests read it)."""
        return self.access.description

    @property
    def label(self) -> str:
        return self.access.label


def _command(item: tuple, s: float) -> tuple[str, tuple, tuple]:
    """Translate one scene primitive into (canvas method, args, style settings), scaled."""
    op, *a = item
    if op == "rect":
        x, y, w, h, fill = a
        return "fill_rect", (x * s, y * s, w * s, h * s), (("fill_style", fill),)
    if op == "stroke_rect":
        x, y, w, h, colour, width = a
        return (
            "stroke_rect",
            (x * s, y * s, w * s, h * s),
            (("stroke_style", colour), ("line_width", width * s), ("line_dash", [])),
        )
    if op == "circle":
        x, y, r, fill = a
        return "fill_circle", (x * s, y * s, r * s), (("fill_style", fill),)
    if op == "ring":
        x, y, r, colour, width = a
        # solid, whatever a dashed line before it left set (the canvas keeps its dash pattern between strokes)
        return (
            "stroke_circle",
            (x * s, y * s, r * s),
            (("stroke_style", colour), ("line_width", width * s), ("line_dash", [])),
        )
    if op in ("line", "dashed_line"):
        x1, y1, x2, y2, colour, width = a
        dash = [4 * s, 4 * s] if op == "dashed_line" else []
        return (
            "stroke_line",
            (x1 * s, y1 * s, x2 * s, y2 * s),
            (("stroke_style", colour), ("line_width", width * s), ("line_cap", "round"), ("line_dash", dash)),
        )
    if op == "polygon":
        points, fill = a
        return "fill_polygon", ([(x * s, y * s) for x, y in points],), (("fill_style", fill),)
    if op == "text":
        x, y, string, font, colour, align = a
        size, _, family = font.partition("px ")
        weight, _, size = size.rpartition(" ")
        scaled_font = f"{weight + ' ' if weight else ''}{float(size) * s:g}px {family or 'sans-serif'}"
        return (
            "fill_text",
            (str(string), x * s, y * s),
            (("font", scaled_font), ("fill_style", colour), ("text_align", align), ("text_baseline", "middle")),
        )
    raise ValueError(tr("unknown scene primitive {op!r}", op=op))
