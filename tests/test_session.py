"""gamekit.session: turns, undo requests and answers, the time per turn and the CPU standing in, with no UI
(GameWidget keeps its game in one: tests/test_widget_*.py drive the same rules through the widgets)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings, strategies as st

from gamekit import IllegalMoveError
from gamekit.connect import ConnectFour
from gamekit.connect import cpu_player as connect_cpu
from gamekit.dots import DotsAndBoxes
from gamekit.dots import cpu_player as dots_cpu
from gamekit.session import Session, SessionAttribute


@dataclass
class Seats:
    n_seats: int = 2
    cpu_seats: tuple = ()


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def people(game=None, timer=0, clock=None):
    return Session(
        game or ConnectFour(),
        Seats(),
        make_cpu=lambda: connect_cpu("easy", seed=1),
        timer=timer,
        clock=clock or Clock(),
    )


def test_between_people_the_mover_asks_and_the_next_person_answers():
    s = people()
    assert s.request_undo().kind == "nothing"
    s.game.play("4"), s.game.play("3")
    asked = s.request_undo()
    assert (asked.kind, asked.asker, asked.other, asked.steps) == ("asked", 1, 0, 1)
    assert s.undo_requested_by == 1 and s.game.history == ["4", "3"]  # nothing taken back yet
    declined = s.answer_undo(False)
    assert declined.kind == "declined" and declined.other == 0 and s.game.history == ["4", "3"]
    assert s.answer_undo(True).kind == "nothing"  # no request stands any more
    s.request_undo()
    assert s.answer_undo(True).kind == "taken" and s.game.history == ["4"] and s.undo_requested_by is None
    with pytest.raises(TypeError, match="accept"):
        s.answer_undo(1)


def test_a_resignation_is_taken_back_alone_for_the_seat_that_resigned():
    s = people()
    s.game.play("4")
    s.game.resign(1)
    assert s.undo_plan(back_to_person=False) == (1, 1)
    s.request_undo()
    s.answer_undo(True)
    assert not s.game.is_over() and s.game.history == ["4"]


def test_against_the_cpu_undo_goes_back_to_the_persons_turn_at_once():
    seats = Seats(cpu_seats=(1,))
    s = Session(DotsAndBoxes(2, 2), seats, make_cpu=lambda: dots_cpu("easy", seed=3))
    s.game.play("a1-b1")
    replies = s.run_cpu()
    assert replies and s.game.to_move == 0 and s.game.history[1:] == replies
    taken = s.request_undo(back_to_person=True)
    assert taken.kind == "taken" and taken.steps == 1 + len(replies) and s.game.history == []
    s2 = Session(DotsAndBoxes(2, 2, first=1, alternate_start=False), seats, make_cpu=lambda: dots_cpu("easy", seed=3))
    s2.run_cpu()  # only the CPU has moved: nothing of the person's to undo
    assert s2.undo_plan(back_to_person=True) == (0, None)


def test_the_turn_timer_and_the_cpu_standing_in():
    clock = Clock()
    s = people(timer=30, clock=clock)
    assert s.start_turn() == 30 and s.deadline() == 130.0 and not s.timed_out()
    clock.now = 129.9
    assert not s.timed_out()
    clock.now = 130.0
    assert s.timed_out()
    seat, move = s.stand_in()
    assert seat == 0 and s.game.history == [move]
    assert s.start_turn() == 30 and s.deadline() == 160.0
    s.set_timer(0)
    assert s.start_turn() is None and s.deadline() is None and not s.timed_out()
    for bad in (45, True, "30", 30.0, None):
        with pytest.raises(ValueError, match="timer"):
            s.set_timer(bad)
    assert s.timer == 0


def test_stand_in_and_the_cpu_refuse_what_they_cannot_do():
    s = people()
    s.game.resign(0)
    with pytest.raises(IllegalMoveError, match="over"):
        s.stand_in()
    cpu_turn = Session(ConnectFour(), Seats(cpu_seats=(0,)), make_cpu=lambda: connect_cpu("easy", seed=1))
    with pytest.raises(IllegalMoveError, match="CPU's own turn"):
        cpu_turn.stand_in()
    no_cpu = Session(ConnectFour(), Seats())
    with pytest.raises(ValueError, match="no CPU"):
        no_cpu.cpu_move()
    with pytest.raises(ValueError, match="steps"):
        no_cpu.take_back(0)
    assert no_cpu.game.history == []


def test_seats_are_read_from_the_seating_at_every_decision():
    seats = Seats(n_seats=3)
    s = Session(ConnectFour(), seats)
    assert s.person_seats == (0, 1, 2) and s.next_person(2) == 0
    seats.cpu_seats = (0,)
    assert s.person_seats == (1, 2) and s.next_person(2) == 1 and s.is_cpu_turn()
    seats.cpu_seats = (0, 1, 2)
    assert s.next_person(1) is None


@settings(max_examples=40, deadline=None)
@given(
    actions=st.lists(st.sampled_from(["move", "undo", "yes", "no", "timeout"]), max_size=30), seed=st.integers(0, 10**6)
)
def test_any_sequence_of_presses_keeps_the_game_a_prefix_of_what_was_played(actions, seed):
    import random

    rng, clock = random.Random(seed), Clock()
    s = people(timer=30, clock=clock)
    played: list[str] = []
    for action in actions:
        if s.game.is_over():
            break
        if action == "move":
            s.cancel_request()
            ply = len(s.game.history)
            played[ply:] = [s.game.play(rng.choice(s.game.legal_moves()))]
        elif action == "undo":
            before = list(s.game.history)
            decision = s.request_undo()
            assert decision.kind in ("nothing", "asked") and s.game.history == before
        elif action in ("yes", "no"):
            waiting = s.undo_requested_by
            before = len(s.game.history)
            decision = s.answer_undo(action == "yes")
            assert s.undo_requested_by is None
            if waiting is not None and action == "yes":
                assert len(s.game.history) == before - 1
            else:
                assert len(s.game.history) == before
        else:
            s.start_turn()
            clock.now += 30
            assert s.timed_out()
            s.cancel_request()
            ply = len(s.game.history)
            seat, move = s.stand_in()
            assert seat == ply % 2
            played[ply:] = [move]
        assert s.game.history == played[: len(s.game.history)]


# ----- requests between seats (each person at a screen of their own: the room server's rules) --------------------
from gamekit.session import REQUEST_KINDS, RequestDecision, RequestRefused  # noqa: E402


@dataclass
class RoomSeats:
    """A room's seating: two seats, seat 2 empty until someone takes it, the CPU for those who are away."""

    n_seats: int = 2
    cpu_seats: tuple = ()
    empty_seats: tuple = ()


class Room:
    """The room's undo rule over its stored actions: (seat, by_cpu) per action, one taken back at a time."""

    def __init__(self, empty=(), game=None):
        self.seats = RoomSeats(empty_seats=tuple(empty))
        self.moves: list[tuple[int, bool]] = []
        self.clock = Clock()
        self.session = Session(
            game or ConnectFour(),
            self.seats,
            make_cpu=lambda: connect_cpu("easy", seed=1),
            clock=self.clock,
            undo_rule=self.undo_rule,
        )

    def undo_rule(self, seat):
        if not self.moves:
            return 0, None
        who, by_cpu = self.moves[-1]
        return 1, None if by_cpu else who

    def play(self, by_cpu=False):
        s = self.session
        seat = s.game.to_move
        if by_cpu:
            s.stand_in()
        else:
            s.game.play(s.game.legal_moves()[0])
        self.moves.append((seat, by_cpu))
        s.cancel_request()


def snapshot(s):
    return (s.pending, list(s.game.history), s.game.to_dict(), s.turn_started)


def refused(s, code, call, *args):
    before = snapshot(s)
    with pytest.raises(RequestRefused) as caught:
        call(*args)
    assert caught.value.code == code and isinstance(caught.value, ValueError)
    assert snapshot(s) == before, f"{call.__name__}{args} changed the session although it was refused"
    return str(caught.value)


def test_a_request_waits_for_the_other_seat_and_is_carried_out_only_by_apply():
    room = Room()
    s = room.session
    room.play(), room.play()
    before = snapshot(s)
    asked = s.request("undo", 1)
    assert asked == RequestDecision("ask", "undo", 1, 0) and not asked.changes_position
    assert snapshot(s) == before  # deciding changes nothing
    s.apply(asked)
    assert s.pending == ("undo", 1) and s.undo_requested_by == 1
    declined = s.answer(0, False)
    assert declined == RequestDecision("decline", "undo", 1, 0) and s.pending == ("undo", 1)
    s.apply(declined)
    assert s.pending is None and len(s.game.history) == 2
    s.apply(s.request("restart", 0))
    assert s.pending == ("restart", 0) and s.undo_requested_by is None  # the one-screen view shows undos only
    agreed = s.answer(1, True, "restart")
    assert agreed == RequestDecision("restart", "restart", 0, 1, 0, agreed=True) and agreed.changes_position
    room.clock.now = 150.0
    s.apply(agreed, ConnectFour())
    assert s.pending is None and s.game.history == [] and s.turn_started == 150.0


def test_an_accepted_undo_takes_back_the_askers_last_move_or_puts_the_rebuilt_game_in_its_place():
    room = Room()
    s = room.session
    room.play(), room.play()
    s.apply(s.request("undo", 1))
    taken = s.answer(0, True, "undo")
    assert (taken.action, taken.seat, taken.other, taken.steps, taken.agreed) == ("undo", 1, 0, 1, True)
    room.clock.now = 120.0
    s.apply(taken)  # no game given: the session takes the action back
    assert len(s.game.history) == 1 and s.pending is None and s.turn_started == 120.0
    room.moves.pop()
    room.play()
    s.apply(s.request("undo", 1))
    rebuilt = ConnectFour.from_moves(s.game.history[:-1])
    s.apply(s.answer(0, True), rebuilt)  # a room rebuilds it from its stored actions
    assert s.game is rebuilt and s.game.history == ["1"] and s.pending is None


def test_the_same_request_from_both_sides_is_an_agreement_and_any_other_waits_its_turn():
    room = Room()
    s = room.session
    room.play()
    s.apply(s.request("restart", 1))
    agreed = s.request("restart", 0)
    assert agreed == RequestDecision("restart", "restart", 1, 0, 0, agreed=True)
    assert "already waiting" in refused(s, "pending", s.request, "restart", 1)  # asking twice
    refused(s, "pending", s.request, "undo", 0)  # the other kind
    s.apply(agreed, ConnectFour())
    assert s.pending is None and s.game.history == []


def test_a_new_game_with_seat_two_free_needs_no_agreement_and_an_undo_waits_for_someone_to_ask():
    room = Room(empty=(1,))
    s = room.session
    alone = s.request("restart", 0)
    assert alone == RequestDecision("restart", "restart", 0, None) and not alone.agreed
    assert "wait for your friend" in refused(s, "waiting", s.request, "undo", 0)
    refused(s, "not_a_seat", s.request, "restart", 1)  # nobody sits in seat 2
    room.seats.empty_seats = ()
    assert s.request("restart", 0).action == "ask"  # now someone must agree
    s.apply(alone, ConnectFour())  # nobody had to agree: applies as decided
    assert s.pending is None


def test_an_undo_is_only_of_the_askers_own_last_move_never_the_cpus_standing_in():
    room = Room()
    s = room.session
    assert "nothing to undo" in refused(s, "nothing", s.request, "undo", 0)
    room.play()  # seat 0 moved
    assert "your own last move" in refused(s, "nothing", s.request, "undo", 1)
    room.play(by_cpu=True)  # the CPU stood in for seat 1
    refused(s, "nothing", s.request, "undo", 1)
    refused(s, "nothing", s.request, "undo", 0)
    room.play()
    assert s.request("undo", 0).action == "ask"


def test_against_the_cpu_the_default_rule_takes_back_to_the_persons_turn_at_once():
    s = Session(DotsAndBoxes(2, 2), Seats(cpu_seats=(1,)), make_cpu=lambda: dots_cpu("easy", seed=3), clock=Clock())
    refused(s, "nothing", s.request, "undo", 0)
    refused(s, "not_a_seat", s.request, "undo", 1)  # the CPU's seat asks nothing
    s.game.play("a1-b1")
    replies = s.run_cpu()
    at_once = s.request("undo", 0)
    assert (at_once.action, at_once.other, at_once.steps) == ("undo", None, 1 + len(replies))
    assert s.request("restart", 0).action == "restart"
    s.apply(at_once)
    assert s.game.history == []


def test_request_refuses_what_is_not_a_kind_or_a_seat():
    room = Room()
    s = room.session
    room.play()
    for kind in ("everything", "", None, 5, ["undo"], "UNDO"):
        assert '"kind"' in refused(s, "bad_field", s.request, kind, 0)
    for seat in (True, 2, -1, "0", 0.0, None):
        assert "seat" in refused(s, "bad_field", s.request, "restart", seat)
    assert REQUEST_KINDS == ("restart", "undo")


def test_answer_refuses_everything_but_the_asked_seats_answer_to_the_waiting_request():
    room = Room()
    s = room.session
    room.play()
    for accept in (1, "yes", None, 0):
        assert '"accept"' in refused(s, "bad_field", s.answer, 1, accept)
    assert "no request" in refused(s, "nothing", s.answer, 1, True)
    s.apply(s.request("undo", 0))
    assert "You made this request" in refused(s, "not_yours", s.answer, 0, True)
    assert "'undo'" in refused(s, "stale", s.answer, 1, True, "restart")
    refused(s, "stale", s.answer, 1, False, 7)
    for seat in (2, True, "1"):
        refused(s, "bad_field", s.answer, seat, True)
    room.moves[-1] = (0, True)  # the stored action is no longer the asker's
    assert "ask again" in refused(s, "stale", s.answer, 1, True)
    assert s.answer(1, False).action == "decline"  # declining is always possible
    three = Session(ConnectFour(), Seats(n_seats=3), clock=Clock())
    three.game.play("4")
    three.apply(three.request("restart", 0))
    assert "seat 2 answers" in refused(three, "not_yours", three.answer, 2, True)
    assert three.answer(1, True).other == 1


def test_apply_refuses_a_decision_that_no_longer_fits_and_changes_nothing():
    room = Room()
    s = room.session
    room.play()
    ask = s.request("undo", 0)
    s.apply(ask)
    before = snapshot(s)
    with pytest.raises(ValueError, match="not the one waiting"):
        s.apply(ask)  # asked already
    accept = s.answer(1, True)
    s.apply(s.answer(1, False))
    with pytest.raises(ValueError, match="not the one waiting"):
        s.apply(accept)  # declined meanwhile
    assert len(s.game.history) == 1
    s.apply(s.request("restart", 0))
    before = snapshot(s)
    with pytest.raises(ValueError, match="needs its game"):
        s.apply(s.answer(1, True))
    with pytest.raises(TypeError, match="RequestDecision"):
        s.apply(("restart", 0))
    with pytest.raises(ValueError, match="not one"):
        s.apply(RequestDecision("launch", "restart", 0, 1))
    with pytest.raises(ValueError, match="steps"):
        s.apply(RequestDecision("undo", "undo", 0, None, 0))
    assert snapshot(s) == before


def test_a_stored_request_is_restored_checked_and_a_move_cancels_it():
    room = Room()
    s = room.session
    for bad in (("undo",), ("redo", 0), ("undo", 2), ("undo", True), "undo", 5, ("restart", 0, 1)):
        with pytest.raises(ValueError, match="request"):
            s.restore_request(bad)
        assert s.pending is None
    s.restore_request(["restart", 1])  # a database row may come as a list
    assert s.pending == ("restart", 1) and s.answer(0, True).action == "restart"
    assert s.cancel_request() == ("restart", 1) and s.cancel_request() is None
    s.restore_request(("undo", 0))
    s.restore_request(None)
    assert s.pending is None


def test_the_one_screen_undo_request_is_the_same_pending_request():
    s = people()
    s.game.play("4"), s.game.play("3")
    s.request_undo()
    assert s.pending == ("undo", 1)
    with pytest.raises(RequestRefused):
        s.request("restart", 0)  # one request at a time, whichever way it was made
    assert s.answer(0, True).action == "undo"
    s.undo_requested_by = None
    assert s.pending is None


@settings(max_examples=100, deadline=None)
@given(
    seat_two_free=st.booleans(),
    steps=st.lists(
        st.one_of(
            st.tuples(st.just("move"), st.sampled_from([False, False, True])),
            st.tuples(
                st.just("request"),
                st.sampled_from(["undo", "restart"] * 3 + ["all", None]),
                st.sampled_from(["last"] * 4 + [0, 1, 0, 1, 2]),
            ),  # "last": the seat that moved last
            st.tuples(
                st.just("answer"),
                st.sampled_from(["asked"] * 4 + [0, 1]),
                st.sampled_from([True, False] * 3 + [1]),
                st.sampled_from([None] * 4 + ["undo", "restart"]),
            ),
            st.tuples(
                st.just("exchange"),
                st.sampled_from(["undo", "restart"]),
                st.booleans(),  # ask, then answer
                st.sampled_from([None, None, "undo", "restart"]),
            ),
            st.tuples(st.just("cancel")),
            st.tuples(st.just("join")),
        ),
        max_size=50,
    ),
)
def test_any_sequence_of_requests_answers_and_moves_follows_the_rooms_rules(seat_two_free, steps):
    """A model of the room's rules (written here again, apart from the session) says what each step must do;
    a refusal changes nothing; what is applied is what the model expects."""
    room = Room(empty=(1,) if seat_two_free else ())
    s = room.session
    pending = None
    flat = []
    for step in steps:
        flat += (
            [("request", step[1], "last"), ("answer", "asked", step[2], step[3])] if step[0] == "exchange" else [step]
        )
    for step in flat:
        if s.game.is_over() or len(s.game.history) > 30:
            break
        room.clock.now += 1
        before = snapshot(s)
        if step[0] == "join":
            room.seats.empty_seats = ()
        elif step[0] == "cancel":
            assert s.cancel_request() == pending
            pending = None
        elif step[0] == "move":
            if room.seats.empty_seats:
                continue  # the room waits for seat 2 before anyone plays
            room.play(by_cpu=step[1])
            pending = None
        elif step[0] == "request":
            _, kind, seat = step
            if seat == "last":
                seat = room.moves[-1][0] if room.moves else 0
            empty = room.seats.empty_seats
            other = None if (1 - seat) in empty or seat == 2 else 1 - seat
            if kind not in REQUEST_KINDS or seat not in (0, 1):
                expect = "bad_field"
            elif seat in empty:
                expect = "not_a_seat"
            elif kind == "undo" and other is None:
                expect = "waiting"
            elif kind == "undo" and (not room.moves or room.moves[-1] != (seat, False)):
                expect = "nothing"
            elif other is None:
                expect = "restart"
            elif pending is None:
                expect = "ask"
            elif pending == (kind, other):
                expect = kind
            else:
                expect = "pending"
            try:
                decision = s.request(kind, seat)
            except RequestRefused as refusal:
                assert refusal.code == expect and snapshot(s) == before
                continue
            assert decision.action == expect, (step, pending)
            history = len(s.game.history)
            s.apply(decision, ConnectFour() if decision.action == "restart" else None)
            if decision.action == "ask":
                pending = (kind, seat)
            elif decision.action == "restart":
                pending, room.moves = None, []
                assert s.game.history == [] and s.turn_started == room.clock.now
            else:
                pending = None
                room.moves.pop()
                assert len(s.game.history) == history - 1
        else:
            _, seat, accept, kind = step
            if seat == "asked":  # the seat asked to answer (else a random one)
                seat = 1 - pending[1] if pending else 0
            if not isinstance(accept, bool):
                expect = "bad_field"
            elif pending is None:
                expect = "nothing"
            elif pending[1] == seat:
                expect = "not_yours"
            elif kind is not None and kind != pending[0]:
                expect = "stale"
            elif not accept:
                expect = "decline"
            else:
                expect = pending[0]
            try:
                decision = s.answer(seat, accept, kind)
            except RequestRefused as refusal:
                assert refusal.code == expect and snapshot(s) == before
                continue
            assert decision.action == expect
            history = len(s.game.history)
            s.apply(decision, ConnectFour() if decision.action == "restart" else None)
            if decision.action == "undo":
                room.moves.pop()
                assert len(s.game.history) == history - 1 and s.turn_started == room.clock.now
            elif decision.action == "restart":
                room.moves = []
            pending = None
        assert s.pending == pending
        assert len(s.game.history) == len(room.moves)


def test_a_front_ends_session_attributes_are_the_sessions_own():
    """A widget's or room's ``game`` is its session's (no second copy); a read-only one refuses to be set."""

    class Front:
        game = SessionAttribute("game", "The game.")
        clock = SessionAttribute("timer", writable=False)

        def __init__(self, session):
            self.session = session

    session = people(DotsAndBoxes(2, 2), timer=30)
    front = Front(session)
    assert front.game is session.game and front.clock == session.timer
    other = DotsAndBoxes(3, 3)
    front.game = other
    assert session.game is other
    with pytest.raises(AttributeError, match="clock is read only"):
        front.clock = 60
    assert session.timer == front.clock == 30
    assert Front.game.__doc__ == "The game." and "timer" in Front.clock.__doc__


# ----- one way to play a move ------------------------------------------------------------------------------
def test_play_moves_cancels_the_waiting_request_and_starts_the_next_turn():
    clock = Clock()
    s = people(timer=30, clock=clock)
    first = s.play(0, "4")
    assert (first.seat, first.move, first.cancelled, first.over) == (0, "4", None, False)
    s.apply(s.request("restart", 1))  # seat 1 asks for a new game …
    clock.now = 130.5
    second = s.play(1, "3")  # … and plays on: the request is gone
    assert second.cancelled == ("restart", 1) and s.pending is None
    assert s.turn_started == 130.5 and s.deadline() == 160.5 and s.game.history == ["4", "3"]


def test_play_returns_the_canonical_move_and_notices_the_end():
    s = Session(DotsAndBoxes(1, 1), Seats(), clock=Clock())
    assert s.play(0, "b1-a1").move == "a1-b1"  # the history's spelling
    s.play(1, "a1-a2"), s.play(0, "b1-b2")
    last = s.play(1, "a2-b2")
    assert last.over and last.seat == 1 and s.game.is_over()


@pytest.mark.parametrize(
    "seat, move, message",
    [(1, "4", "not Player 2's turn"), (2, "4", "is not a seat"), (True, "4", "is not a seat"), (0, "10", "10")],
)
def test_play_refuses_the_wrong_seat_and_an_illegal_move_and_changes_nothing(seat, move, message):
    s = people()
    s.apply(s.request("restart", 1))
    with pytest.raises(IllegalMoveError, match=message):
        s.play(seat, move)
    assert s.game.history == [] and s.pending == ("restart", 1) and s.turn_started is None


def test_play_refuses_a_finished_game():
    s = people()
    s.game.resign(0)
    with pytest.raises(IllegalMoveError, match="over"):
        s.play(1, "4")
