"""StepThrough: a lesson's recorded sequence of pictures with captions, stepped with Prev / Next / Play / Reset.

Driven by plain methods (``next()`` / ``prev()`` / ``reset()`` / ``goto(i)`` / ``play()``), so tests run it without a
browser; each scene is computed first, then painted on a :class:`~gamekit.widgets.canvas.BoardCanvas` in one batch."""

from __future__ import annotations

import html
import threading
from dataclasses import dataclass
from typing import Any, Callable, Sequence, Union

import ipywidgets as W

from gamekit.core.scene import Scene
from gamekit.i18n import tr
from gamekit.widgets.access import LIVE_CLASS
from gamekit.widgets.canvas import BoardCanvas
from gamekit.widgets.controls import reported
from gamekit.widgets.exercise import NOTE_COLOUR, LessonBase, html_to_text
from gamekit.widgets.stepping import Stepping


SceneSource = Union[Scene, Callable[[], Scene]]


@dataclass
class Step:
    """One step: a scene (or a function computing it, called when the step is shown) and a caption (HTML).

    ``position`` (optional): the game position the step shows, so tests can compare the boards a lesson
    shows with its exercises (no exercise's position may be shown before it is asked)."""

    scene: SceneSource
    caption: str = ""
    position: Any = None

    def build(self) -> Scene:
        return self.scene() if callable(self.scene) and not isinstance(self.scene, Scene) else self.scene


class StepThrough(Stepping, LessonBase):
    """Prev / Next / Play / Reset through a list of steps, drawn on a :class:`BoardCanvas`.

    ``steps``: :class:`Step` objects or ``(scene_or_callable, caption)`` pairs.
    ``size``: CSS pixels of the board.  ``interval``: seconds per step when playing.
    """

    def __init__(
        self,
        steps: Sequence[Step | tuple[SceneSource, str]],
        size: tuple[int, int],
        title: str = "",
        interval: float = 1.2,
    ):
        super().__init__()
        self._init_errors()
        self.steps = [s if isinstance(s, Step) else Step(*s) for s in steps]
        if not self.steps:
            raise ValueError(tr("StepThrough needs at least one step"))
        self.index = 0
        self.interval = interval
        self.playing = False
        self.last_note = ""
        self._timer: threading.Timer | None = None
        self._lock = threading.RLock()
        self._stopped = threading.Event()
        self._stopped.set()
        self.board = BoardCanvas(*size, label=tr("Step-through board"))
        self.title_html = W.HTML(f"<b>{title}</b>" if title else "")
        self.caption = W.HTML(layout=W.Layout(min_height="3em", width=f"{max(size[0], 320)}px"))
        self.caption.add_class("gamekit-caption")
        self.caption.add_class(LIVE_CLASS)
        self.counter = W.HTML()
        self.note = W.HTML()
        self.reset_button = W.Button(description=tr("Reset"), icon="fast-backward", layout=W.Layout(width="auto"))
        self.prev_button = W.Button(description=tr("Prev"), icon="step-backward", layout=W.Layout(width="auto"))
        self.play_button = W.Button(description=tr("Play"), icon="play", layout=W.Layout(width="auto"))
        self.next_button = W.Button(description=tr("Next"), icon="step-forward", layout=W.Layout(width="auto"))
        for button, handler in (
            (self.reset_button, self.on_reset),
            (self.prev_button, self.on_prev),
            (self.play_button, self.on_play),
            (self.next_button, self.on_next),
        ):
            button.on_click(handler)
        self.children = [
            self.title_html,
            self.board.canvas,
            self.board.access,
            self.caption,
            W.HBox([self.reset_button, self.prev_button, self.play_button, self.next_button, self.counter]),
            self.note,
            self.error_output,
        ]
        self.add_class("gamekit-stepthrough")
        self.goto(0)

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def at_end(self) -> bool:
        return self.index == len(self.steps) - 1

    def goto(self, index: int) -> None:
        """Show step ``index`` (clamped).  The scene is computed before anything is painted."""
        with self._lock:
            index = max(0, min(len(self.steps) - 1, index))
            step = self.steps[index]
            scene = step.build()
            self.board.paint(scene)
            self.index = index
            self.caption.value = step.caption
            self.board.set_access(description=html_to_text(step.caption))
            step_of = tr("Step {step} of {total}", step=index + 1, total=len(self.steps))
            self.counter.value = f"<small>{step_of}</small>"
            self.prev_button.disabled = index == 0
            self.next_button.disabled = self.at_end

    @property
    def step_count(self) -> int:
        return len(self.steps)

    def reset(self) -> None:
        self.pause()
        self.goto(0)

    def play(self, interval: float | None = None) -> None:
        """Step forward every ``interval`` seconds until the last step (from the start if already there)."""
        with self._lock:
            if self.playing:
                return
            if interval is not None:
                self.interval = interval
            if self.at_end:
                self.goto(0)
            self.playing = True
            self._stopped.clear()
            self._set_play_button()
            self._schedule()

    def pause(self) -> None:
        with self._lock:
            self.playing = False
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._stopped.set()
            self._set_play_button()

    def wait(self, timeout: float = 10.0) -> bool:
        """Block until playing stops (tests); True if it did."""
        return self._stopped.wait(timeout)

    def _schedule(self) -> None:
        self._timer = threading.Timer(self.interval, self._tick)
        self._timer.daemon = True
        self._timer.start()

    @reported
    def _tick(self) -> None:
        with self._lock:
            if not self.playing:
                return
            try:
                self.next()
            except Exception:
                self.pause()
                raise
            if self.at_end:
                self.pause()
            else:
                self._schedule()

    def _set_play_button(self) -> None:
        self.play_button.description = tr("Pause") if self.playing else tr("Play")
        self.play_button.icon = "pause" if self.playing else "play"

    def show_note(self, message: str, colour: str = NOTE_COLOUR) -> None:
        self.last_note = message
        self.note.value = f"<span style='color:{colour}'>{html.escape(message)}</span>"

    def report_error(self, error: BaseException) -> None:
        self.playing = False
        self._stopped.set()
        super().report_error(error)

    @reported
    def on_next(self, _: Any) -> None:
        self.pause()
        self.next()

    @reported
    def on_prev(self, _: Any) -> None:
        self.pause()
        self.prev()

    @reported
    def on_reset(self, _: Any) -> None:
        self.reset()

    @reported
    def on_play(self, _: Any) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()


__all__ = ["Step", "StepThrough"]
