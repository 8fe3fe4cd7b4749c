"""The notebook client and the online widgets against the real server (a notebook joins a room created from
the page's HTTP API and the reverse)."""

from __future__ import annotations

import time

import pytest

from gamekit.dots.widget import DotsWidget
from gamekit.rooms.client import RoomRefusal, create_room, join
from gamekit.rooms.widget import RoomWidget


def test_notebook_creates_a_room_and_a_notebook_joins_it(rooms):
    me = create_room(rooms.url, "dots", width=3, height=3)
    friend = join(me.link)
    try:
        assert (me.seat, friend.seat) == (0, 1)
        assert me.seat_token() not in repr(me) and me.seat_token() not in me._repr_html_()
        me.play("a1-b1")
        friend.play("a2-b2")
        assert me.wait(lambda s: s["ply"] == 2)["history"] == ["a1-b1", "a2-b2"]
        assert me.game.history == ["a1-b1", "a2-b2"]
        html = me._repr_html_()
        assert "o---o" in html and "Your move (Gold)" in html and me.link in html
        with pytest.raises(RoomRefusal, match="already drawn"):
            me.play("a1-b1")
    finally:
        me.close()
        friend.close()


def test_a_refused_room_says_the_servers_reason(rooms):
    with pytest.raises(ValueError, match=r"refused the room: .*width"):
        create_room(rooms.url, "dots", width=99, height=3)
    with pytest.raises(ValueError, match=r"refused the room: .*chess"):
        create_room(rooms.url, "chess")


def test_a_notebook_joins_a_room_made_on_the_page_and_the_reverse(rooms, connect):
    page_made = rooms.create("connect", board="five")  # what the create page posts
    creator = connect(page_made["link"], token=page_made["token"])
    notebook = join(page_made["link"])
    try:
        assert notebook.seat == 1
        creator.play("4")
        assert notebook.play("4") == "4"
        creator.wait(lambda s: s["ply"] == 2)
    finally:
        notebook.close()
    notebook_made = create_room(rooms.url, "dots")
    try:
        guest = connect(notebook_made.link)  # what the room page does
        assert guest.seat == 1 and guest.state["options"] == {"width": 4, "height": 4}
    finally:
        notebook_made.close()


def until(condition, timeout=5.0):
    """True once ``condition()`` holds (polled), False after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def test_online_widgets(rooms):
    board = RoomWidget(create_room(rooms.url, "dots"))
    assert board.client.seat == 0 and board.client.state["options"] == {"width": 4, "height": 4}
    friend = RoomWidget(join(board.client.link))
    try:
        assert friend.client.seat == 1
        board.client.wait(lambda s: s["seats"][1]["connected"])
        move, x, y = board.client.state["targets"][0]
        board.click(x, y)  # a click on the canvas
        friend.client.wait(lambda s: s["ply"] == 1)
        # the widget repaints from the client's listener thread, just after wait() sees the state
        assert until(lambda: "Your move" in friend.status.value)
        assert friend.board.scene == [tuple(op) for op in friend.client.state["scene"]]
        board.click(1, 1)  # not my turn: said, nothing changes
        assert "Not your turn" in board.message.value and board.client.state["ply"] == 1
        friend._do(friend.client.request_undo)
        assert "own last move" in friend.message.value
        board._do(board.client.request_undo)
        friend.client.wait(lambda s: s["request"] is not None)
        assert until(lambda: friend.request_panel.layout.display == "flex")
        friend.accept_button.click()
        board.client.wait(lambda s: s["ply"] == 0)
    finally:
        board.client.close()
        friend.client.close()
    five = RoomWidget(create_room(rooms.url, "connect", board="four", popout=True))
    try:
        assert five.client.state["options"] == {"board": "four", "popout": True}
    finally:
        five.client.close()
    with pytest.raises(ValueError, match="level"):  # the room's options are the room's, not a widget's
        create_room(rooms.url, "dots", level="hard")
    with pytest.raises(ValueError, match="mode"):  # a game widget plays on one screen only
        DotsWidget(mode="online")


def test_under_a_path_prefix_as_a_jupyterhub_service(tmp_path, rooms):
    server = type(rooms)(
        tmp_path, extra=("--prefix", "/services/rooms"), db=rooms.fresh_db()
    )  # a RoomsServer of its own
    server.start()
    try:
        assert server.get("/services/rooms/")[0] == 200
        assert server.get("/services/rooms/static/room.js")[0] == 200
        assert server.get("/r/whatever12345")[0] == 404
        me = create_room(server.url + "/services/rooms", "dots", width=2, height=2)
        assert me.link.startswith(server.url + "/services/rooms/r/")
        assert server.get(me.link[len(server.url) :])[0] == 200
        friend = join(me.link)
        assert friend.seat == 1
        me.play("a1-b1")
        friend.wait(lambda s: s["ply"] == 1)
        me.close()
        friend.close()
    finally:
        server.stop()
