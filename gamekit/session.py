"""A game being played, apart from any screen: whose turn it is (a person or the CPU), undo requests and their
answers, the time per turn and the CPU standing in for a person.

:class:`Session` holds these rules once.  It draws nothing, starts no thread and reads no clock but the one it
is given: a front end drives it and shows what it decides.  :class:`~gamekit.widgets.base.GameWidget` (people
sharing a screen, or against the CPU) keeps its game in one, and so does the room server's ``Room`` (the turn
clock on the server's clock, the CPU standing in for a player who is away; docs/CONVENTIONS.md, "Architecture").

Who sits where is read from the ``seating`` at every decision (anything with ``n_seats`` and ``cpu_seats``): a
widget's mode and seat selectors, a room's connections.  The rules:

* **Turns**: the CPU moves for the seats in ``cpu_seats``; :meth:`Session.run_cpu` lets it play while it is to
  move (it may move again, e.g. after completing a box).
* **Undo**: :meth:`Session.undo_plan` says how many actions Undo takes back and whose turn it gives back — a
  resignation alone, for the seat that resigned; else the last action, and when people play the CPU also the
  CPU's replies, back to a person's turn.  Between people the seat whose move it takes back asks
  (:meth:`Session.request_undo`) and the next person round the table answers (:meth:`Session.answer_undo`);
  playing on cancels the request.
* **Time per turn**: with ``timer`` seconds, a person's turn started at :meth:`Session.start_turn` is over at
  :meth:`Session.deadline`; then the CPU plays that turn for them (:meth:`Session.stand_in`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from gamekit.core.errors import IllegalMoveError
from gamekit.core.game import TIMERS, is_int

__all__ = ["Session", "Seating", "UndoDecision"]


class Seating(Protocol):
    """Who sits where: the number of seats and those the CPU plays."""

    @property
    def n_seats(self) -> int: ...

    @property
    def cpu_seats(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class UndoDecision:
    """What an Undo press does: ``"nothing"`` to take back, ``"asked"`` (``other`` must answer ``asker``'s
    request) or ``"taken"`` (``steps`` actions were taken back at once)."""

    kind: str
    asker: int | None = None
    other: int | None = None
    steps: int = 0


class Session:
    """``game`` played by the seats of ``seating``; ``make_cpu()`` builds the CPU player (on first use, and again
    after :meth:`reset_cpu`); ``timer``: seconds per turn of a person (0: no limit); ``clock``: seconds now."""

    def __init__(self, game: Any, seating: Seating, make_cpu: Callable[[], Any] | None = None, timer: int = 0,
                 clock: Callable[[], float] = time.monotonic):
        self.game = game
        self.seating = seating
        self.make_cpu = make_cpu
        self.timer = 0
        self.set_timer(timer)
        self.clock = clock
        self.undo_requested_by: int | None = None
        self.turn_started: float | None = None
        self.player: Any = None

    # ----- seats ---------------------------------------------------------------------------------------------
    @property
    def cpu_seats(self) -> tuple[int, ...]:
        return tuple(self.seating.cpu_seats)

    @property
    def person_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seating.n_seats) if s not in self.cpu_seats)

    def next_person(self, seat: int) -> int | None:
        """The first person seated after ``seat`` (going round the table), or None if there is no other."""
        n = self.seating.n_seats
        people = self.person_seats
        for step in range(1, n):
            other = (seat + step) % n
            if other in people:
                return other
        return None

    def is_cpu_turn(self) -> bool:
        return not self.game.is_over() and self.game.to_move in self.cpu_seats

    # ----- the CPU -------------------------------------------------------------------------------------------
    @property
    def cpu(self) -> Any:
        """The CPU player, made on first use (two people never need one unless time runs out)."""
        if self.player is None:
            if self.make_cpu is None:
                raise ValueError("this session has no CPU player")
            self.player = self.make_cpu()
        return self.player

    def reset_cpu(self) -> None:
        """The next CPU move uses a fresh player (a new level, a new game: seeded players start again)."""
        self.player = None

    def cpu_move(self) -> Any:
        """The CPU chooses the move of the seat to move and plays it; returns it."""
        move = self.cpu.choose(self.game)
        self.game.play(move)
        return move

    def run_cpu(self, max_moves: int | None = None, before: Callable[[], None] | None = None,
                after: Callable[[Any], None] | None = None) -> list:
        """Let the CPU play while it is to move (at most ``max_moves``); ``before()`` runs before each choice and
        ``after(move)`` after each move (a front end shows them).  Returns the moves played."""
        moves: list = []
        while self.is_cpu_turn() and (max_moves is None or len(moves) < max_moves):
            if before is not None:
                before()
            moves.append(self.cpu_move())
            if after is not None:
                after(moves[-1])
        return moves

    # ----- undo ----------------------------------------------------------------------------------------------
    def copy_game(self) -> Any:
        """An independent copy of the game (its ``copy()``, else through ``to_dict``/``from_dict``)."""
        copy = getattr(self.game, "copy", None)
        return copy() if callable(copy) else type(self.game).from_dict(self.game.to_dict())

    def undo_plan(self, back_to_person: bool) -> tuple[int, int | None]:
        """(how many actions Undo takes back, the seat that gets its turn back) — (0, None): nothing.

        A resignation is taken back alone, for the seat that resigned.  Otherwise the last action is taken
        back, and with ``back_to_person`` (people against the CPU) also the CPU's replies, back to a person's
        turn; that person (the one who made the move taken back) is the one asking."""
        game = self.game
        resigned = getattr(game, "resigned", None)
        if resigned is not None:
            return 1, resigned
        if not game.history:
            return 0, None
        probe = self.copy_game()
        probe.undo()
        steps = 1
        cpu = self.cpu_seats
        while back_to_person and probe.to_move in cpu and probe.history:
            probe.undo()
            steps += 1
        if back_to_person and probe.to_move in cpu:
            return 0, None          # only the CPU's moves to take back
        return steps, probe.to_move

    def request_undo(self, back_to_person: bool = False) -> UndoDecision:
        """Undo pressed: nothing to take back; or another person is asked (a request stands until answered or
        cancelled); or, with nobody to ask (against the CPU), the actions are taken back at once."""
        steps, asker = self.undo_plan(back_to_person)
        if not steps:
            return UndoDecision("nothing")
        other = self.next_person(asker) if asker in self.person_seats else None
        if other is not None:
            self.undo_requested_by = asker
            return UndoDecision("asked", asker, other, steps)
        self.take_back(steps)
        return UndoDecision("taken", asker, None, steps)

    def answer_undo(self, accept: bool, back_to_person: bool = False) -> UndoDecision:
        """The other person answers the standing request: accepted, the actions are taken back."""
        if not isinstance(accept, bool):
            raise TypeError(f"accept={accept!r}: True or False")
        if self.undo_requested_by is None:
            return UndoDecision("nothing")
        asker, self.undo_requested_by = self.undo_requested_by, None
        if not accept:
            return UndoDecision("declined", asker, self.next_person(asker))
        steps, _ = self.undo_plan(back_to_person)
        self.take_back(steps)
        return UndoDecision("taken", asker, None, steps)

    def cancel_request(self) -> bool:
        """Drop a standing undo request (a move was played, the position changed); True if there was one."""
        had, self.undo_requested_by = self.undo_requested_by is not None, None
        return had

    def take_back(self, steps: int) -> None:
        if not is_int(steps) or steps < 1:
            raise ValueError(f"steps={steps!r}: at least one action")
        for _ in range(steps):
            self.game.undo()

    # ----- time per turn -------------------------------------------------------------------------------------
    def set_timer(self, seconds: int) -> None:
        if not is_int(seconds) or seconds not in TIMERS:          # 30.0 and True are not seconds
            raise ValueError(f"timer={seconds!r}: one of {', '.join(map(str, TIMERS))} seconds (0: no limit)")
        self.timer = seconds

    def start_turn(self) -> float | None:
        """A new turn starts now: returns the seconds a person has for it (None: no limit, the CPU's turn, or the
        game is over)."""
        self.turn_started = self.clock()
        return self.timer if self.turn_is_timed() else None

    def turn_is_timed(self) -> bool:
        return bool(self.timer) and not self.game.is_over() and not self.is_cpu_turn()

    def deadline(self) -> float | None:
        """When the person to move runs out of time (on ``clock``), or None."""
        if not self.turn_is_timed() or self.turn_started is None:
            return None
        return self.turn_started + self.timer

    def timed_out(self) -> bool:
        deadline = self.deadline()
        return deadline is not None and self.clock() >= deadline

    def stand_in(self) -> tuple[int, Any]:
        """The person to move ran out of time (or is away): the CPU plays their turn.  Returns (seat, move);
        refused (IllegalMoveError) when the game is over or it is the CPU's own turn."""
        if self.game.is_over():
            raise IllegalMoveError("stand_in: the game is over")
        if self.is_cpu_turn():
            raise IllegalMoveError("stand_in: it is the CPU's own turn")
        seat = self.game.to_move
        return seat, self.cpu_move()
