"""A board widget for any game of the catalog that has a board as plain functions (``GameInfo.room``: the
picture, a click's move, the keyboard's targets, the position in words), built on :class:`GameWidget`.

The shipped games have widgets of their own (more controls, hints); this one is what a new game gets with no
widget code at all: ``BoardWidget("tictactoe", mode="people")`` for the test-only tic-tac-toe of
``tests/tictactoe``, and it plays Dots and Boxes or 5 en raya as well (``BoardWidget("dots", width=3,
height=3)``).  People take turns on one screen, or play the game's CPU; undo requests, the time per turn and
the CPU standing in are :class:`GameWidget`'s.  The arrow keys move a cursor over the legal moves (the
spec's ``targets``), Enter or Space plays the one under it."""

from __future__ import annotations

from typing import Any

from gamekit import catalog
from gamekit.core.scene import Scene
from gamekit.i18n import tr
from gamekit.widgets.base import GameWidget
from gamekit.widgets.settings import BadSettingError, check_choice

__all__ = ["BoardWidget", "CURSOR"]

CURSOR = "#2e86de"


class BoardWidget(GameWidget):
    """Play any catalog game with a board: ``game`` is its id or alias, ``options`` its own options (checked
    by the catalog entry's ``check_options``: a refused one raises BadSettingError and nothing is built)."""

    hint_available = False
    hint_budget = 0.8
    """Seconds the exact analysis may take for a Hint."""

    def __init__(
        self,
        game: str = "tictactoe",
        mode: str = "cpu",
        level: str = "easy",
        seed: int | None = None,
        timer: int = 0,
        **options: Any,
    ):
        check_choice("game", game, [name for i in catalog.games() if i.room is not None for name in i.names])
        info = catalog.get(game)
        try:
            self.options = info.check_options(options)
        except catalog.BadOptions as refusal:
            raise BadSettingError(tr("Not changed: {reason}", reason=str(refusal))) from None
        self.catalog_id = info.id
        self.hint_available = info.exact is not None  # a Hint is the exact analysis's best move
        self.spec = info.room
        self.seat_colours = self.seat_dark = tuple(info.seat_colours) or GameWidget.seat_colours
        self.game_class = info.game_class()
        self.cursor: int | None = None
        _, self.css_size = self.spec.scene(info.new_game(self.options), self.options)
        super().__init__(mode=mode, level=level, seed=seed, timer=timer)

    # ----- hooks ---------------------------------------------------------------------------------------------
    def new_game(self) -> Any:
        return self.info.new_game(self.options)

    def build_scene(self) -> Scene:
        scene, _ = self.spec.scene(self.game, self.options)
        scene = Scene(scene)
        target = self.target()
        if target is not None:
            scene.add("ring", target[1], target[2], 12, CURSOR, 3)
        return scene

    def hint_for(self, game: Any) -> tuple[Any, str]:
        """The first best move of the game's exact analysis (:attr:`gamekit.catalog.Exact.best_move`); when it cannot
        say within :attr:`hint_budget` seconds, the hardest CPU level's choice, said to be a guess."""
        move = self.info.exact.best_move(game, self.hint_budget, self.hint_budget)
        if move is not None:
            return move, tr("the best move, by exact analysis")
        return self.make_cpu(self.info.levels[-1], None).choose(game), tr(
            "a good guess by the strongest computer level, not proved"
        )

    def move_at(self, x: float, y: float) -> Any:
        return self.spec.move_at(self.game, self.options, x, y)

    def make_cpu(self, level: str, seed: int | None) -> Any:
        return self.info.cpu_player(level, seed)

    def seat_name(self, seat: int) -> str:
        return self.info.seat_name(seat)

    def score_text(self, seat: int) -> str:
        return self.spec.score(self.game, seat)

    def board_label(self) -> str:
        return tr(self.info.title)

    def describe_position(self) -> str:
        return self.spec.text(self.game, self.options) or self.current_status()

    def position_changed(self, why: str) -> None:
        super().position_changed(why)
        self.cursor = None

    def settings(self) -> dict[str, Any]:
        return {**super().settings(), "game": self.catalog_id, **self.options}

    def control_values(self) -> dict[str, Any]:
        return {**super().control_values(), "game": self.catalog_id, **self.options}

    # ----- keyboard ------------------------------------------------------------------------------------------
    def target(self) -> tuple[Any, float, float] | None:
        """The (move, x, y) under the keyboard cursor, or None."""
        targets = self.spec.targets(self.game, self.options)
        if self.cursor is None or not targets:
            return None
        return targets[self.cursor % len(targets)]

    def on_key(self, key: str) -> None:
        targets = self.spec.targets(self.game, self.options)
        if not targets:
            return
        if key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            self.cursor = 0 if self.cursor is None else (self.cursor + step) % len(targets)
            self.refresh(self.last_status)
            self.board.set_access(announcement=str(targets[self.cursor][0]))
        elif key in ("Enter", " ", "Spacebar") and self.cursor is not None:
            _, x, y = targets[self.cursor % len(targets)]
            self.click(x, y)
