"""Faults and time: SIGKILL mid-game, dropped connections, seven-day expiry and the CPU standing in for a
player who left — with the server's clock moved on through its offset file (no waiting)."""

from __future__ import annotations

import time

import pytest

from gamekit.rooms.client import RoomRefusal
from gamekit.rooms.store import SQLiteStore
from gamekit.rooms.store_interface import SEVEN_DAYS


def test_sigkill_mid_game_loses_nothing_confirmed(fresh_rooms, connect, pair):
    rooms = fresh_rooms
    info, creator, guest = pair(server=rooms)
    guest_token = guest.seat_token()
    played = []
    for client, move in ((creator, "a1-b1"), (guest, "a2-b2"), (creator, "a3-b3"), (guest, "a4-b4")):
        played.append(client.play(move))  # returns only once the server has stored it
    guest.request_new_game()  # a pending request survives too
    creator.wait(lambda s: s["request"] is not None)
    rooms.kill()
    rooms.start()
    creator2 = connect(info["link"], token=info["token"])
    guest2 = connect(info["link"], token=guest_token)
    assert (creator2.seat, guest2.seat) == (0, 1)  # seats come back with their tokens
    state = creator2.wait(lambda s: s["seats"][1]["connected"])
    assert state["history"] == played
    assert state["request"] == {"kind": "restart", "seat": 1}
    # the game goes on from there
    creator2.answer(False)
    creator2.play("c1-d1")
    assert guest2.wait(lambda s: s["ply"] == 5)["history"] == played + ["c1-d1"]
    third = connect(info["link"])
    assert third.seat is None and third.room_full


def test_a_dropped_connection_reconnects_with_its_token(connect, pair):
    info, creator, guest = pair()
    creator.play("a1-b1")
    token = guest.seat_token()
    guest.close()  # the network drops
    creator.wait(lambda s: not s["seats"][1]["connected"])
    again = connect(info["link"], token=token)
    assert again.seat == 1 and again.play("b1-c1") == "b1-c1"


def test_store_expiry_with_an_injected_now(tmp_path):
    store = SQLiteStore(tmp_path / "x.sqlite3")
    store.create_room("room-old-1", "dots", {"width": 4, "height": 4}, 0, "t" * 43, now=1000.0)
    store.create_room("room-new-1", "dots", {"width": 4, "height": 4}, 0, "u" * 43, now=1000.0)
    store.add_move("room-old-1", 0, "move", "a1-b1", 0, False, now=1000.0)
    store.set_request("room-old-1", "undo", 0, now=1000.0)
    store.touch("room-new-1", now=1000.0 + SEVEN_DAYS - 10)
    assert store.expire(now=1000.0 + SEVEN_DAYS - 1) == []
    assert store.expire(now=1000.0 + SEVEN_DAYS) == ["room-old-1"]
    assert store.load_room("room-old-1") is None and store.load_room("room-new-1") is not None
    assert store.counts() == {"rooms": 1, "seats": 1, "moves": 0, "requests": 0}
    # the token itself is never stored
    assert "t" * 43 not in (tmp_path / "x.sqlite3").read_bytes().decode("latin-1")


def test_rooms_expire_after_seven_idle_days(fresh_rooms, connect):
    rooms = fresh_rooms
    idle = rooms.create(width=3, height=3)
    busy = rooms.create(width=3, height=3)
    creator = connect(busy["link"], token=busy["token"])
    guest = connect(busy["link"])
    creator.play("a1-b1")
    rooms.advance(6 * 24 * 3600)
    guest.play("a2-b2")  # activity on day six keeps the busy room
    time.sleep(0.5)  # a few sweeps at day six: nothing goes
    assert rooms.get(f"/r/{idle['room']}")[0] == 200
    rooms.advance(1 * 24 * 3600 + 60)  # idle room: seven days and a minute
    deadline = time.time() + 10
    while rooms.get(f"/r/{idle['room']}")[0] != 404:
        assert time.time() < deadline, "the idle room was not deleted"
        time.sleep(0.1)
    assert rooms.get(f"/r/{busy['room']}")[0] == 200
    assert rooms.sql("SELECT COUNT(*) FROM rooms WHERE id = ?", (idle["room"],))[0][0] == 0
    assert rooms.sql("SELECT COUNT(*) FROM seats WHERE room = ?", (idle["room"],))[0][0] == 0
    assert rooms.sql("SELECT COUNT(*) FROM moves WHERE room = ?", (busy["room"],))[0][0] == 2
    rooms.advance(6 * 24 * 3600 + 60)  # now the busy room has been idle for 7 days too
    gone = creator.wait_for(lambda m: m["type"] == "expired")
    assert "seven days" in gone["message"]
    assert rooms.sql("SELECT COUNT(*) FROM moves")[0][0] == 0


def test_the_cpu_plays_for_a_player_who_left_until_they_return(fresh_rooms, connect, pair):
    rooms = fresh_rooms
    info, creator, guest = pair(server=rooms)
    token = guest.seat_token()
    creator.play("a1-b1")
    guest.close()  # coral leaves on their turn
    creator.wait(lambda s: not s["seats"][1]["connected"])
    with pytest.raises(RoomRefusal, match="Waiting for Coral"):
        creator.ask({"type": "move", "move": "a2-b2"})
    rooms.advance(30)  # half the grace period: coral keeps the turn
    time.sleep(0.3)
    assert creator.state["ply"] == 1 and not creator.state["seats"][1]["cpu"]
    rooms.advance(31)  # grace (60 s) is over: the CPU stands in
    state = creator.wait(lambda s: s["ply"] >= 2 and s["to_move"] == 0)
    assert state["seats"][1]["cpu"] and "CPU played" in state["note"]
    cpu_moves = state["ply"] - 1
    creator.play(next(m for m in creator.game.legal_moves()))  # the CPU answers at once
    state = creator.wait(lambda s: s["to_move"] == 0 and s["ply"] > cpu_moves + 2 or s["over"])
    back = connect(info["link"], token=token)  # coral returns from the same browser
    assert back.seat == 1
    state = creator.wait(lambda s: s["seats"][1]["connected"] and not s["seats"][1]["cpu"])
    assert "back" in state["note"]
    while not state["over"] and state["to_move"] == 0:  # gold plays until it is coral's turn
        ply = state["ply"]
        creator.play(creator.game.legal_moves()[0])
        state = creator.wait(lambda s: s["ply"] > ply)
    if not state["over"]:
        time.sleep(0.3)  # several ticks: the CPU no longer plays for coral
        assert back.state["ply"] == state["ply"] and back.state["to_move"] == 1
        back.play(back.game.legal_moves()[0])


def test_time_per_turn_runs_out(fresh_rooms, pair):
    rooms = fresh_rooms
    info, red, yellow = pair("connect", timer=30, server=rooms, board="four")
    red.play("4")
    assert 0 < yellow.wait(lambda s: s["ply"] == 1)["turn_seconds_left"] <= 30
    rooms.advance(31)
    state = red.wait(lambda s: s["ply"] == 2)
    assert "Time ran out" in state["note"] and not state["seats"][1]["cpu"]
    assert state["to_move"] == 0
