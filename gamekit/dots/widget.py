"""The Dots and Boxes board widget (ipycanvas), built on :class:`gamekit.widgets.base.GameWidget`.

``dots_scene`` draws any position (with optional highlights) and ``BoardLayout`` maps lines to pixels
and clicks back to lines: both live in :mod:`gamekit.dots.view` (plain data, shared with the lessons and
the room server) and are importable from here too.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from gamekit.dots.describe import board_label, cursor_text, describe
from gamekit.dots.rules import MAX_SIZE, MIN_SIZE, PRESETS, DotsAndBoxes
from gamekit.dots.view import BoardLayout, dots_scene, move_at, neighbour_line, review_scene
from gamekit.widgets.base import GameWidget
from gamekit.widgets.controls import reported
from gamekit.widgets.settings import BadSettingError, check_int, check_type
from gamekit.core.scene import Scene
from gamekit.widgets.review import ReviewPanel
from gamekit.i18n import tr


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

    catalog_id = "dots_and_boxes"

    def __init__(
        self,
        width: int = 5,
        height: int = 4,
        mode: str = "cpu",
        level: str = "easy",
        seed: int | None = None,
        timer: int = 0,
        alternate_start: bool = True,
        hints: bool = False,
    ):
        check_size(width, height)
        check_type("alternate_start", alternate_start, bool)
        self.size = (width, height)
        self.alternate_start = alternate_start
        self.layout_px = BoardLayout.fit(width, height)
        self.css_size = self.layout_px.css_size
        self.cursor: int | None = None
        self.size_select = W.Dropdown(
            options=size_options(self.size), value=self.size, description=tr("Board"), layout=W.Layout(width="auto")
        )
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
        return [
            W.HBox(
                [
                    self.size_select,
                    W.HTML(
                        "<small>"
                        + html.escape(tr("Keyboard: Tab to the board, arrows move the cursor, Enter or Space draws."))
                        + "</small>"
                    ),
                ]
            )
        ]

    def build_scene(self) -> Scene:
        """The position with the dot names round it, the keyboard cursor and the Hint's line (dashed, tagged "?")."""
        hinted = self.game.line_index(self.hint_move) if self.hint_move is not None else None
        return dots_scene(self.game, self.layout_px, cursor=self.cursor, coordinates=True, hint=hinted)

    def board_label(self) -> str:
        return board_label(self.game)

    def describe_position(self) -> str:
        return describe(self.game, self.cursor, names=[self.seat_name(s) for s in range(2)])

    def move_at(self, x: float, y: float) -> str | None:
        return move_at(self.game, self.layout_px, x, y)

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

    def review_panel(self, game: DotsAndBoxes, judgements: list) -> ReviewPanel:
        """The review: each move's line in its verdict's colour, the better lines dashed."""
        layout = BoardLayout.fit(game.width, game.height)
        names = [self.seat_name(s) for s in range(2)]

        def draw(position: DotsAndBoxes, j) -> Scene:
            if j is None:
                return review_scene(position, layout)
            return review_scene(position, layout, j.move, j.verdict, j.best)

        return ReviewPanel(
            game,
            judgements,
            draw,
            lambda position: describe(position, None, names=names),
            self.seat_name,
            str,
            "dots",
            layout.css_size,
        )

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
            self.board.set_access(announcement=cursor_text(self.game, self.cursor))
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
