"""The test-only fourth game (tests/tictactoe) online: a room server told about it by ``GAMEKIT_GAMES`` (no
edit in gamekit.rooms) creates a tic-tac-toe room that two clients play to the end over the real server, and a
class group set to tic-tac-toe makes its rooms tic-tac-toe rooms."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamekit.rooms.client import RoomRefusal, create_room
from gamekit.rooms.groups_client import create_group, join_group

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture
def ttt_env(monkeypatch):
    """The environment a room server is told about tic-tac-toe by: its package on the path, its module in
    GAMEKIT_GAMES."""
    monkeypatch.setenv("GAMEKIT_GAMES", "tictactoe")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")])))


@pytest.fixture
def ttt_rooms(ttt_env, fresh_rooms):
    """A real room server (started after ttt_env, so in that environment) whose catalog has tic-tac-toe."""
    return fresh_rooms


def play_through(clients, moves) -> dict:
    for i, move in enumerate(moves):
        state = clients[0].wait(lambda s: s["ply"] == i)
        clients[state["to_move"]].play(move)
    return clients[0].wait(lambda s: s["over"])


def test_a_tic_tac_toe_room_is_created_and_played_to_a_win_over_the_real_server(ttt_rooms, connect):
    me = create_room(ttt_rooms.url, "tictactoe")
    try:
        guest = connect(me.link)
        state = me.wait(lambda s: s["seats"][1]["connected"])
        assert state["game"] == "tictactoe" and state["title"] == "Tic-tac-toe"
        assert [seat["name"] for seat in state["seats"]] == ["X", "O"]
        assert len(state["targets"]) == 9 and state["scene"]  # the board as plain data, from the view
        assert "a1 empty" in state["description"]
        with pytest.raises(RoomRefusal):  # the engine refuses, the room stays as it was
            me.play("d4")
        final = play_through([me, guest], ["a1", "b1", "a2", "b2", "a3"])
        assert final["over"] and final["history"] == ["a1", "b1", "a2", "b2", "a3"]
        guest.wait(lambda s: s["over"])  # the guest's copy has the last move too
        assert me.game.winner() == 0 and guest.game.winner() == 0 and type(me.game).__name__ == "TicTacToe"
    finally:
        me.close()


def test_a_tic_tac_toe_room_refuses_options_it_does_not_take(ttt_rooms):
    status, data = ttt_rooms.post({"game": "tictactoe", "options": {"width": 3}, "timer": 0})
    assert status == 400 and "unknown option" in str(data)
    status, data = ttt_rooms.post({"game": "chess", "options": {}, "timer": 0})
    assert status == 400 and "tictactoe" in str(data)  # the refusal lists the games the server has


def test_a_group_set_to_tic_tac_toe_makes_tic_tac_toe_rooms(ttt_rooms, connect):
    owner = create_group(ttt_rooms.url, "Class 2A")
    ana, ben = (join_group(owner.join_link, nick) for nick in ("Ana", "Ben"))
    assert owner.settings(game="tictactoe", rated=False)["game"] == "tictactoe"
    room = ana.new_room(rated=False)
    seat_b = ben.take_seat(room.link)
    try:
        assert room.state["game"] == "tictactoe" and room.state["options"] == {}
        clients = [connect(room.link, token=room.seat_token()), connect(seat_b.link, token=seat_b.seat_token())]
        clients[0].wait(lambda s: s["seats"][1]["connected"])
        final = play_through(clients, ["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"])
        assert final["over"] and clients[0].game.winner() is None  # a full board: a draw
    finally:
        room.close(), seat_b.close()
