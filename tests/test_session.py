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
from gamekit.session import Session


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
    return Session(game or ConnectFour(), Seats(), make_cpu=lambda: connect_cpu("easy", seed=1), timer=timer,
                   clock=clock or Clock())


def test_between_people_the_mover_asks_and_the_next_person_answers():
    s = people()
    assert s.request_undo().kind == "nothing"
    s.game.play("4"), s.game.play("3")
    asked = s.request_undo()
    assert (asked.kind, asked.asker, asked.other, asked.steps) == ("asked", 1, 0, 1)
    assert s.undo_requested_by == 1 and s.game.history == ["4", "3"]          # nothing taken back yet
    declined = s.answer_undo(False)
    assert declined.kind == "declined" and declined.other == 0 and s.game.history == ["4", "3"]
    assert s.answer_undo(True).kind == "nothing"                               # no request stands any more
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
    s2.run_cpu()                                       # only the CPU has moved: nothing of the person's to undo
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
@given(actions=st.lists(st.sampled_from(["move", "undo", "yes", "no", "timeout"]), max_size=30),
       seed=st.integers(0, 10 ** 6))
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
        assert s.game.history == played[:len(s.game.history)]
