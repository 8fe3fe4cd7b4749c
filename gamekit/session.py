"""A game being played, apart from any screen: whose turn it is (a person or the CPU), undo and new-game
requests and their answers, the time per turn and the CPU standing in for a person.

:class:`Session` holds these rules once.  It draws nothing, starts no thread and reads no clock but the one it
is given: a front end drives it and shows what it decides.  :class:`~gamekit.widgets.base.GameWidget` (people
sharing a screen, or against the CPU) keeps its game in one, and so does the room server's ``Room`` (the turn
clock on the server's clock, the CPU standing in for a player who is away, the request waiting for the other
player's answer; docs/developers.md, "One session").

Who sits where is read from the ``seating`` at every decision (anything with ``n_seats`` and ``cpu_seats``, and
maybe ``empty_seats``): a widget's mode and seat selectors, a room's connections.  The rules:

* **Turns**: the CPU moves for the seats in ``cpu_seats``; :meth:`Session.run_cpu` lets it play while it is to
  move (it may move again, e.g. after completing a box).
* **Undo**: :meth:`Session.undo_plan` says how many actions Undo takes back and whose turn it gives back — a
  resignation alone, for the seat that resigned; else the last action, and when people play the CPU also the
  CPU's replies, back to a person's turn.  Between people the seat whose move it takes back asks
  (:meth:`Session.request_undo`) and the next person round the table answers (:meth:`Session.answer_undo`);
  playing on cancels the request.
* **Requests between seats** (each person at a screen of their own, as in a room): one request waits at a
  time, ``(kind, seat)`` with ``kind`` ``"undo"`` or ``"restart"`` (a new game).  :meth:`Session.request` and
  :meth:`Session.answer` decide without changing anything and return a :class:`RequestDecision`; the front
  end stores it (a room writes it through its group commit) and then carries it out with
  :meth:`Session.apply`.  Asking while a request waits is refused (``pending``) unless it is the same request
  from the other side (an agreement); the asker cannot answer (``not_yours``); an answer for the other kind is
  ``stale``; with nobody to answer (the other seats empty, or played by the CPU) a new game starts at once,
  and an undo is taken back at once when the CPU plays the others (refused, ``waiting``, while a seat is
  empty).  Which actions an undo takes back is the undo rule's (``undo_rule``; by default
  :meth:`Session.undo_plan`); a request is only for the asker's own move.
* **Time per turn**: with ``timer`` seconds, a person's turn started at :meth:`Session.start_turn` is over at
  :meth:`Session.deadline`; then the CPU plays that turn for them (:meth:`Session.stand_in`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from gamekit.core.errors import IllegalMoveError
from gamekit.game import TIMERS
from gamekit.core.saved import is_int
from gamekit.i18n import tr

__all__ = [
    "Session",
    "Played",
    "SessionAttribute",
    "Seating",
    "UndoDecision",
    "RequestDecision",
    "RequestRefused",
    "REQUEST_KINDS",
]

REQUEST_KINDS = ("restart", "undo")  # what one seat may ask the others: a new game, to take back its move


class Seating(Protocol):
    """Who sits where: the number of seats and those the CPU plays.  It may also have ``empty_seats`` (seats
    nobody has taken yet, e.g. a room's second seat before the invite link is opened; default none)."""

    @property
    def n_seats(self) -> int: ...

    @property
    def cpu_seats(self) -> tuple[int, ...]: ...


class RequestRefused(ValueError):
    """A request or an answer the session refused (nothing changed): ``code`` says why — ``bad_field`` (a kind,
    seat or answer that is not one), ``not_a_seat``, ``waiting`` (nobody to ask yet), ``nothing`` (nothing of
    the asker's to take back; no request to answer), ``pending`` (another request waits), ``not_yours`` (the
    asker answering, or a seat that was not asked) or ``stale`` (an answer for another request)."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class RequestDecision:
    """What :meth:`Session.request` or :meth:`Session.answer` decided, for the front end to store before
    :meth:`Session.apply` carries it out.

    ``action``: ``"ask"`` (``seat``'s request ``kind`` will wait for ``other``'s answer), ``"decline"``
    (``other`` declined it), ``"undo"`` (take back ``steps`` actions) or ``"restart"`` (a new game).
    ``seat`` is the one who asked; ``other`` the one who answers or answered (None: nobody had to);
    ``agreed``: the undo or new game was agreed to by ``other`` (False: nobody needed to agree)."""

    action: str
    kind: str
    seat: int
    other: int | None = None
    steps: int = 0
    agreed: bool = False

    @property
    def changes_position(self) -> bool:
        """An undo or a new game (the position changes); else only the waiting request does."""
        return self.action in ("undo", "restart")


@dataclass(frozen=True)
class UndoDecision:
    """What an Undo press does: ``"nothing"`` to take back, ``"asked"`` (``other`` must answer ``asker``'s
    request) or ``"taken"`` (``steps`` actions were taken back at once)."""

    kind: str
    asker: int | None = None
    other: int | None = None
    steps: int = 0


@dataclass(frozen=True)
class Played:
    """What :meth:`Session.play` changed: ``seat`` moved ``move`` (canonical: as the history stores it), the request
    it cancelled (``(kind, seat)``, or None), and whether the game is ``over`` now."""

    seat: int
    move: Any
    cancelled: tuple[str, int] | None
    over: bool


class SessionAttribute:
    """An attribute a front end keeps in its :class:`Session` (``self.session``): ``game =
    SessionAttribute("game")`` in a widget or a room reads and writes ``self.session.game``, so the two never
    hold copies that could drift apart.  ``writable=False``: read only (setting it is an ``AttributeError``)."""

    def __init__(self, name: str, doc: str = "", writable: bool = True):
        self.name, self.writable = name, writable
        self.__doc__ = doc or f"The session's ``{name}``."

    def __set_name__(self, owner: type, attribute: str) -> None:
        self.attribute = attribute

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        return self if obj is None else getattr(obj.session, self.name)

    def __set__(self, obj: Any, value: Any) -> None:
        if not self.writable:
            raise AttributeError(f"{self.attribute} is read only (it is the session's {self.name})")
        setattr(obj.session, self.name, value)


class Session:
    """``game`` played by the seats of ``seating``; ``make_cpu()`` builds the CPU player (on first use, and again
    after :meth:`reset_cpu`); ``timer``: seconds per turn of a person (0: no limit); ``clock``: seconds now."""

    def __init__(
        self,
        game: Any,
        seating: Seating,
        make_cpu: Callable[[], Any] | None = None,
        timer: int = 0,
        clock: Callable[[], float] = time.monotonic,
        undo_rule: Callable[[int], tuple[int, int | None]] | None = None,
    ):
        self.game = game
        self.seating = seating
        self.make_cpu = make_cpu
        self.timer = 0
        self.set_timer(timer)
        self.clock = clock
        # undo_rule(seat) -> (actions an undo asked for by ``seat`` takes back, whose move they are; None: not a
        # person's, e.g. the CPU's standing in) — (0, None): nothing.  Default: undo_plan (see plan_undo).
        self.undo_rule = undo_rule
        self.pending: tuple[str, int] | None = None  # the request waiting for an answer: (kind, seat)
        self.turn_started: float | None = None
        self.player: Any = None

    # ----- seats ---------------------------------------------------------------------------------------------
    @property
    def cpu_seats(self) -> tuple[int, ...]:
        return tuple(self.seating.cpu_seats)

    @property
    def empty_seats(self) -> tuple[int, ...]:
        """Seats nobody has taken yet (the seating's ``empty_seats``; none unless it says so)."""
        return tuple(getattr(self.seating, "empty_seats", ()))

    @property
    def person_seats(self) -> tuple[int, ...]:
        cpu, empty = self.cpu_seats, self.empty_seats
        return tuple(s for s in range(self.seating.n_seats) if s not in cpu and s not in empty)

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

    # ----- a move --------------------------------------------------------------------------------------------
    def play(self, seat: Any, move: Any) -> Played:
        """``seat`` plays ``move``: the one way a front end plays a move.  Refused (IllegalMoveError, nothing
        changes) when ``seat`` is not a seat, the game is over, it is not ``seat``'s turn or the game refuses the
        move.  Then the waiting request is cancelled (the position it was about has changed) and the next turn
        starts on the clock.  Returns what changed."""
        if not is_int(seat) or not 0 <= seat < self.seating.n_seats:
            raise IllegalMoveError(
                tr(
                    "{action!r}: seat={seat!r} is not a seat (0 to {number})",
                    action=move,
                    seat=seat,
                    number=self.seating.n_seats - 1,
                )
            )
        if self.game.is_over():
            raise IllegalMoveError(tr("The game is over."))
        if seat != self.game.to_move:
            raise IllegalMoveError(
                tr(
                    "{action!r}: not {player}'s turn, {to_move} is to move",
                    action=move,
                    player=tr("Player {n}", n=seat + 1),
                    to_move=tr("Player {n}", n=self.game.to_move + 1),
                )
            )
        canonical = self.game.play(move)  # IllegalMoveError: nothing changed
        cancelled = self.cancel_request()
        self.start_turn()
        return Played(seat, canonical, cancelled, self.game.is_over())

    def run_cpu(
        self,
        max_moves: int | None = None,
        before: Callable[[], None] | None = None,
        after: Callable[[Any], None] | None = None,
    ) -> list:
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
            return 0, None  # only the CPU's moves to take back
        return steps, probe.to_move

    def plan_undo(self, seat: int) -> tuple[int, int | None]:
        """(how many actions an undo asked for by ``seat`` takes back, whose move that is): the session's
        ``undo_rule``; by default :meth:`undo_plan`, back to a person's turn when the CPU plays a seat."""
        if self.undo_rule is not None:
            return self.undo_rule(seat)
        return self.undo_plan(back_to_person=bool(self.cpu_seats))

    @property
    def undo_requested_by(self) -> int | None:
        """The seat whose undo request waits for an answer, or None (a one-screen view of :attr:`pending`)."""
        return self.pending[1] if self.pending is not None and self.pending[0] == "undo" else None

    @undo_requested_by.setter
    def undo_requested_by(self, seat: int | None) -> None:
        if seat is None:
            self.pending = None
        else:
            self.pending = ("undo", self.check_seat("seat", seat))

    def request_undo(self, back_to_person: bool = False) -> UndoDecision:
        """Undo pressed: nothing to take back; or another person is asked (a request stands until answered or
        cancelled); or, with nobody to ask (against the CPU), the actions are taken back at once."""
        steps, asker = self.undo_plan(back_to_person)
        if not steps:
            return UndoDecision("nothing")
        other = self.next_person(asker) if asker in self.person_seats else None
        if other is not None:
            self.pending = ("undo", asker)
            return UndoDecision("asked", asker, other, steps)
        self.take_back(steps)
        return UndoDecision("taken", asker, None, steps)

    def answer_undo(self, accept: bool, back_to_person: bool = False) -> UndoDecision:
        """The other person answers the standing request: accepted, the actions are taken back."""
        if not isinstance(accept, bool):
            raise TypeError(f"accept={accept!r}: True or False")
        asker = self.undo_requested_by
        if asker is None:
            return UndoDecision("nothing")
        self.pending = None
        if not accept:
            return UndoDecision("declined", asker, self.next_person(asker))
        steps, _ = self.undo_plan(back_to_person)
        self.take_back(steps)
        return UndoDecision("taken", asker, None, steps)

    def cancel_request(self) -> tuple[str, int] | None:
        """Drop the waiting request (a move was played, the position changed): returns it (None: there was
        none)."""
        had, self.pending = self.pending, None
        return had

    # ----- requests between seats (each person at a screen of their own) ----------------------------------
    def check_seat(self, name: str, seat: Any) -> int:
        if not is_int(seat) or not 0 <= seat < self.seating.n_seats:
            raise RequestRefused(f"{name}={seat!r}: one of the seats 0 to {self.seating.n_seats - 1}", "bad_field")
        return seat

    def check_person(self, seat: Any) -> int:
        self.check_seat("seat", seat)
        if seat not in self.person_seats:
            raise RequestRefused(f"seat={seat!r}: nobody sits there (the CPU plays it, or it is empty)", "not_a_seat")
        return seat

    def restore_request(self, request: Any) -> None:
        """Put back a request that was waiting when the front end stopped (a room loaded from its store):
        ``None`` or ``(kind, seat)``, checked (ValueError) before anything changes."""
        if request is not None:
            if not isinstance(request, (tuple, list)) or len(request) != 2 or request[0] not in REQUEST_KINDS:
                raise ValueError(f"request={request!r}: None or (kind, seat), kind one of {REQUEST_KINDS}")
            request = (request[0], self.check_seat("request seat", request[1]))
        self.pending = request

    def request(self, kind: Any, seat: Any) -> RequestDecision:
        """``seat`` asks for ``kind`` (``"restart"``: a new game; ``"undo"``: take back its own last move).
        Decides and changes nothing (:meth:`apply` carries the decision out); a refusal is
        :class:`RequestRefused`.  The same request already made by another seat is an agreement."""
        if not isinstance(kind, str) or kind not in REQUEST_KINDS:
            raise RequestRefused(tr('"kind" must be "restart" or "undo".'), "bad_field")
        self.check_person(seat)
        other = self.next_person(seat)
        steps = 0
        if kind == "undo":
            if other is None and self.empty_seats:
                raise RequestRefused(tr("Nobody to ask yet: wait for your friend."), "waiting")
            steps, whose = self.plan_undo(seat)
            if not steps:
                raise RequestRefused(tr("There is nothing to undo yet."), "nothing")
            if whose != seat:
                raise RequestRefused(tr("You can only ask to take back your own last move."), "nothing")
        if other is None:  # nobody to agree: done at once
            return RequestDecision(kind, kind, seat, None, steps)
        if self.pending is not None:
            asked, asker = self.pending
            if asked == kind and asker != seat:  # both asked for the same thing: agreed
                return RequestDecision(kind, kind, asker, seat, steps, agreed=True)
            raise RequestRefused(tr("A request is already waiting for an answer."), "pending")
        return RequestDecision("ask", kind, seat, other)

    def answer(self, seat: Any, accept: Any, kind: Any = None) -> RequestDecision:
        """``seat`` answers the waiting request (``kind``: the request it answers; None: whichever waits).
        Decides and changes nothing (:meth:`apply` carries the decision out); a refusal is
        :class:`RequestRefused`."""
        if not isinstance(accept, bool):
            raise RequestRefused(tr('"accept" must be true or false.'), "bad_field")
        self.check_seat("seat", seat)
        if self.pending is None:
            raise RequestRefused(tr("There is no request to answer."), "nothing")
        asked, asker = self.pending
        if asker == seat:
            raise RequestRefused(tr("You made this request: the other player answers it."), "not_yours")
        other = self.next_person(asker)
        if seat != other:
            raise RequestRefused(
                tr(
                    "Seat {seat} was not asked: seat {other} answers this request.",
                    seat=seat + 1,
                    other="—" if other is None else other + 1,
                ),
                "not_yours",
            )
        if kind is not None and kind != asked:
            raise RequestRefused(tr("The pending request is for {kind}.", kind=repr(asked)), "stale")
        if not accept:
            return RequestDecision("decline", asked, asker, seat)
        steps = 0
        if asked == "undo":
            steps, whose = self.plan_undo(asker)
            if not steps or whose != asker:
                raise RequestRefused(tr("The position changed since the request: ask again."), "stale")
        return RequestDecision(asked, asked, asker, seat, steps, agreed=True)

    def apply(self, decision: RequestDecision, game: Any = None) -> None:
        """Carry out what :meth:`request` or :meth:`answer` decided (after the front end stored it): the request
        waits, or is dropped; an undo takes back ``decision.steps`` actions — or, given ``game``, puts that game
        in their place (a room rebuilds it from its stored actions) —; a new game is ``game`` (required).  An undo
        or a new game drops the request and starts a turn.  A decision that no longer fits the waiting request
        (another was applied since) is refused (ValueError), nothing changed."""
        if not isinstance(decision, RequestDecision):
            raise TypeError(f"decision={decision!r}: a RequestDecision from request() or answer()")
        if decision.action not in ("ask", "decline", *REQUEST_KINDS) or decision.kind not in REQUEST_KINDS:
            raise ValueError(f"decision={decision!r}: not one request() or answer() makes")
        waiting = (decision.kind, decision.seat)
        if decision.action == "ask":
            fits = self.pending is None
        elif decision.action == "decline" or decision.agreed:
            fits = self.pending == waiting
        else:
            fits = True  # nobody had to agree: whatever waited is dropped
        if not fits:
            raise ValueError(f"decision={decision!r}: the request it answers is not the one waiting ({self.pending!r})")
        if decision.action == "restart" and game is None:
            raise ValueError("a new game needs its game: apply(decision, game)")
        if decision.action == "ask":
            self.pending = waiting
            return
        if decision.action == "decline":
            self.pending = None
            return
        if game is not None:
            self.game = game
        else:
            self.take_back(decision.steps)
        self.pending = None
        self.start_turn()

    def take_back(self, steps: int) -> None:
        if not is_int(steps) or steps < 1:
            raise ValueError(f"steps={steps!r}: at least one action")
        for _ in range(steps):
            self.game.undo()

    # ----- time per turn -------------------------------------------------------------------------------------
    def set_timer(self, seconds: int) -> None:
        if not is_int(seconds) or seconds not in TIMERS:  # 30.0 and True are not seconds
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
