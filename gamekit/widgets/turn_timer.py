"""Time per turn on a game widget (:class:`TurnTimer`, a part of :class:`~gamekit.widgets.base.GameWidget`): the
session decides when a person's turn runs out (:meth:`gamekit.session.Session.deadline`); this part runs a
thread timer until then, and lets the CPU play the turn when it fires."""

from __future__ import annotations

import threading

from gamekit.i18n import Localized, tr


class TurnTimer(Localized):
    """The turn clock of a game widget: ``self.session`` keeps the time, ``self._timer`` the running thread timer
    (None: none runs); the CPU standing in for a person is the session's :meth:`~gamekit.session.Session.stand_in`."""

    def restart_timer(self) -> None:
        """A new turn starts now (on the session's clock), timed if the session says so."""
        self.session.start_turn()
        self.arm_timer()

    def arm_timer(self) -> None:
        """Run :meth:`time_out` when the session's turn runs out (no timer: no limit, the CPU's turn or the game
        is over)."""
        self.cancel_timer()
        deadline = self.session.deadline()
        if deadline is not None:
            self._timer = threading.Timer(max(0.0, deadline - self.session.clock()), self.time_out)
            self._timer.daemon = True
            self._timer.start()

    def cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def time_out(self) -> None:
        """The person's time ran out: the CPU plays that turn for them."""
        with self._lock:
            try:
                if self.game.is_over() or self.is_cpu_turn():
                    return
                seat, move = self.session.stand_in()  # the CPU plays the person's turn
                self._moved("move")
                self.refresh(
                    tr(
                        "Time ran out: the CPU played {move} for {seat}.",
                        move=self.describe_move(move),
                        seat=self.seat_name(seat),
                    )
                )
                if self.mode == "cpu":
                    self.run_cpu()
                self.restart_timer()
            except Exception as error:  # noqa: BLE001
                self.report_error(error)
