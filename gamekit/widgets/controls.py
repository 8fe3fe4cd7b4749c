"""The settings and callbacks of a game widget (:class:`Controls`, a part of
:class:`~gamekit.widgets.base.GameWidget`).

Settings (mode, CPU level, time per turn, hints) are checked first: a refused one is said in the status line, the
selectors are put back on the real settings and the widget stays as it was.  The ipywidgets / ipycanvas callbacks
are thin: each calls a plain method (tests drive the widget through those), and an exception in one is shown in
the widget's error panel and status line (:func:`reported`), never dropped by the kernel.
"""

from __future__ import annotations

import functools
import time
from datetime import datetime, timedelta
from typing import Any, Callable

from gamekit.i18n import N_, Localized, tr
from gamekit.widgets.settings import BadSettingError, check_choice, check_type

MODES = ("people", "cpu", "watch")
# What the reader sees for each setting (translated where shown with tr()).
SEAT_NAMES = (N_("Gold"), N_("Coral"))
MODE_NAMES = {"people": N_("Two people"), "cpu": N_("Against the CPU"), "watch": N_("CPU against CPU")}
LEVEL_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
TIMER_NAMES = {0: N_("Off"), 30: N_("30 s"), 60: N_("60 s")}


def sent_at() -> datetime | None:
    """When the browser sent the event being handled (by the browser's clock), or None outside a kernel.

    The kernel handles events one at a time, so a click made while the CPU was thinking arrives only
    after the CPU has moved; its send time is how the widget tells it from a click made afterwards.
    """
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        date = kernel.get_parent("shell")["header"]["date"] if kernel is not None else None
    except Exception:  # noqa: BLE001 — no kernel or an unexpected header: no timing, clicks are taken
        return None
    return date if isinstance(date, datetime) else None


def reported(method: Callable) -> Callable:
    """Decorator for widget callbacks: an exception is shown in the widget's error panel and status line."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 — shown to the reader, then kept for tests
            self.report_error(error)
            return None

    return wrapper


class Controls(Localized):
    """Settings and callbacks of :class:`~gamekit.widgets.base.GameWidget` (which provides the state they use)."""

    def refuse(self, error: BadSettingError) -> None:
        """Say why a setting was refused, put the selectors back on the real settings, raise ``error``."""
        self.say(tr("Not changed: {reason}", reason=str(error)))
        self.resync_controls()
        raise error

    def resync_controls(self) -> None:
        self._syncing = True
        try:
            self.sync_controls()
        finally:
            self._syncing = False

    def set_level(self, level: str) -> None:
        """Changing level keeps the board."""
        try:
            check_choice("level", level, self.levels)
        except BadSettingError as error:
            self.refuse(error)
        self.level = level
        self.session.reset_cpu()
        self.resync_controls()
        self.refresh(tr("CPU level is now {level}; the board is kept.", level=tr(LEVEL_NAMES[level])))

    def check_mode(self, mode: Any) -> None:
        """Raise BadSettingError if ``mode`` cannot be used (a game may allow fewer modes)."""
        check_choice("mode", mode, MODES)

    def set_mode(self, mode: str) -> None:
        try:
            self.check_mode(mode)
        except BadSettingError as error:
            self.refuse(error)
        self.mode = mode
        self.undo_requested_by = None
        self.undo_panel.layout.display = "none"
        self.resync_controls()
        self.refresh()
        if mode == "cpu":
            self.run_cpu()
        self.restart_timer()

    def set_timer(self, seconds: int) -> None:
        """Time per turn: 0 (off), 30 or 60 seconds; a person whose time runs out gets the CPU's move."""
        try:
            check_choice("timer", seconds, self.timers)
        except BadSettingError as error:
            self.refuse(error)
        self.session.set_timer(seconds)
        self.resync_controls()
        self.restart_timer()

    def set_hints(self, on: bool) -> None:
        """Hints on: the status line suggests a move on every turn of a person."""
        try:
            check_type("hints", on, bool)
        except BadSettingError as error:
            self.refuse(error)
        self.hints = on
        self.refresh()
        self.offer_hint()

    def from_control(self, setter: Callable[..., None], *args: Any, **kwargs: Any) -> None:
        """Apply a selector's change; a refusal is said in the status line and the selector snaps back."""
        if self._syncing:
            return
        try:
            setter(*args, **kwargs)
        except BadSettingError:
            pass  # refuse() has said why and put the selectors back

    def pointer_down(self, x: float, y: float, sent: datetime | None) -> None:
        """A click or tap in buffer pixels, sent by the browser at ``sent``.

        One made while the previous click was still being handled (the CPU thinking over its reply)
        is ignored with a message instead of being played afterwards by surprise.
        """
        if sent is not None and self.busy_until is not None and sent < self.busy_until:
            self.say(
                tr(
                    "That click came while the CPU was thinking, so it was ignored. {status}",
                    status=self.current_status(),
                )
            )
            return
        start = self.last_click_time = time.perf_counter()
        self.click(*self.board.to_css(x, y))
        if sent is not None:
            self.busy_until = sent + timedelta(seconds=time.perf_counter() - start)

    @reported
    def handle_mouse_down(self, x: float, y: float) -> None:
        self.pointer_down(x, y, sent_at())

    @reported
    def handle_touch_start(self, touches: list[tuple[float, float]]) -> None:
        """A tap is a click (ipycanvas cancels the browser's mouse events for touches)."""
        if touches:
            self.pointer_down(*touches[0], sent_at())

    @reported
    def handle_key_down(self, key: str, *_: Any) -> None:
        self.on_key(key)

    @reported
    def on_new(self, _: Any) -> None:
        self.restart()

    @reported
    def on_undo(self, _: Any) -> None:
        self.request_undo()

    @reported
    def on_resign(self, _: Any) -> None:
        self.resign()

    @reported
    def on_hint(self, _: Any) -> None:
        self.hint()

    @reported
    def on_step(self, _: Any) -> None:
        self.step()

    @reported
    def on_review(self, _: Any) -> None:
        try:
            self.review()
        except ValueError:
            pass  # review() has said why

    @reported
    def on_accept_undo(self, _: Any) -> None:
        self.answer_undo(True)
        self.board.access.focus_board()  # the buttons are hidden now: the keyboard goes back to the board

    @reported
    def on_decline_undo(self, _: Any) -> None:
        self.answer_undo(False)
        self.board.access.focus_board()

    @reported
    def on_mode_change(self, change: dict) -> None:
        if change["new"] != self.mode:
            self.from_control(self.set_mode, change["new"])

    @reported
    def on_level_change(self, change: dict) -> None:
        if change["new"] != self.level:
            self.from_control(self.set_level, change["new"])

    @reported
    def on_timer_change(self, change: dict) -> None:
        if change["new"] != self.timer_seconds:
            self.from_control(self.set_timer, change["new"])
