"""The room protocol against a real server on loopback, through real WebSocket connections."""

from __future__ import annotations

import json
import time

import pytest

from gamekit.rooms.client import RoomClosed, RoomRefusal


def refused(client, message: dict) -> RoomRefusal:
    with pytest.raises(RoomRefusal) as info:
        client.ask(message)
    return info.value


# ----- creating rooms ------------------------------------------------------------------------------------
def test_pages_are_served(rooms):
    info = rooms.create()
    status, html = rooms.get("/")
    assert status == 200 and "Create room" in html
    status, html = rooms.get(f"/r/{info['room']}")
    assert status == 200 and "room.js" in html
    assert info["token"] not in html
    status, html = rooms.get("/r/doesnotexist123")
    assert status == 404 and "does not exist" in html
    status, js = rooms.get("/static/room.js")
    assert status == 200 and "localStorage" in js


def test_room_ids_and_tokens_are_unguessable(rooms):
    a, b = rooms.create(), rooms.create()
    assert a["room"] != b["room"] and a["token"] != b["token"]
    assert len(a["room"]) >= 16 and len(a["token"]) >= 40
    assert a["link"].endswith("/r/" + a["room"]) and a["token"] not in a["link"]


@pytest.mark.parametrize(
    "body, words",
    [
        ({"game": "chess"}, "choose one of"),
        ({"game": "dots", "options": {"width": "4"}}, "width='4'"),
        ({"game": "dots", "options": {"width": True}}, "width=True"),
        ({"game": "dots", "options": {"width": 40}}, "width=40"),
        ({"game": "dots", "options": {"colour": "red"}}, "unknown option"),
        ({"game": "dots", "options": [4, 4]}, "must be an object"),
        ({"game": "connect", "options": {"board": "six"}}, "board='six'"),
        ({"game": "connect", "options": {"popout": "yes"}}, "popout='yes'"),
        ({"game": "dots", "timer": 45}, "timer=45"),
        ({"game": "dots", "timer": "30"}, "timer='30'"),
        ({"game": "dots", "secret": 1}, "unknown field"),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_room_options_are_refused(rooms, body, words):
    status, data = rooms.post(body)
    assert status == 400 and words in data["message"]


def test_junk_and_oversized_creation_requests(fresh_rooms):
    rooms = fresh_rooms  # a server of its own: earlier tests may have spent this address's creation burst
    assert rooms.post(b"{not json")[0] == 400
    assert rooms.post(b'{"game": "dots", "options": {"width": 4, "pad": "' + b"x" * 5000 + b'"}}')[0] == 413


# ----- seats -----------------------------------------------------------------------------------------------
def test_seats_colours_and_room_full(rooms, connect):
    info = rooms.create()
    creator = connect(info["link"], token=info["token"])
    assert creator.seat == 0
    state = creator.state
    assert [s["name"] for s in state["seats"]] == ["Gold", "Coral"]
    assert state["options"] == {"width": 4, "height": 4}  # the sheet's 5 × 5 dots
    assert len(state["targets"]) == 40 and "5 × 5 dots" in state["board"]
    assert "Waiting for a friend" in state["status"]

    guest = connect(info["link"])
    assert guest.seat == 1 and guest.seat_token() and guest.seat_token() != info["token"]
    third = connect(info["link"])
    assert third.seat is None and third.room_full
    welcome = third.wait_for(lambda m: m["type"] == "welcome")
    assert "full" in welcome["note"].lower()
    st = third.wait(lambda s: s["seats"][1]["connected"])
    assert st["you"] is None
    # the watcher cannot act
    assert refused(third, {"type": "move", "move": "a1-b1"}).code == "not_a_seat"
    assert refused(third, {"type": "request", "kind": "restart"}).code == "not_a_seat"
    # no one ever receives another seat's token
    creator.play("a1-b1")
    guest.wait(lambda s: s["ply"] == 1)
    third.wait(lambda s: s["ply"] == 1)
    for client, others in (
        (creator, [guest.seat_token()]),
        (guest, [info["token"]]),
        (third, [info["token"], guest.seat_token()]),
    ):
        dump = json.dumps(client.messages)
        assert not any(token in dump for token in others)


def test_same_token_gets_the_seat_back_another_browser_does_not(rooms, connect):
    info = rooms.create()
    creator = connect(info["link"], token=info["token"])
    guest = connect(info["link"])
    token = guest.seat_token()
    guest.close()
    creator.wait(lambda s: not s["seats"][1]["connected"])
    stranger = connect(info["link"])  # a different browser: no token
    assert stranger.seat is None
    back = connect(info["link"], token=token)
    assert back.seat == 1
    wrong = connect(info["link"], token="x" * 43)
    assert wrong.seat is None
    assert wrong.wait_for(lambda m: m["type"] == "error")["code"] == "bad_token"


def test_connect_room_uses_red_and_yellow(rooms, connect):
    info = rooms.create("connect", board="five", popout=True)
    creator = connect(info["link"], token=info["token"])
    assert [s["name"] for s in creator.state["seats"]] == ["Red", "Yellow"]
    assert "PopOut" in creator.state["board"]


def test_a_second_tab_replaces_the_first(pair, connect):
    info, creator, guest = pair()
    tab2 = connect(info["link"], token=info["token"])
    assert tab2.seat == 0
    gone = creator.wait_for(lambda m: m["type"] == "replaced")
    assert "another tab" in gone["message"]
    with pytest.raises((RoomClosed, OSError)):
        creator.wait(lambda s: False, timeout=3)
    assert tab2.play("a1-b1") == "a1-b1"
    guest.wait(lambda s: s["history"] == ["a1-b1"])


# ----- moves -----------------------------------------------------------------------------------------------
def test_both_players_must_be_connected(rooms, connect):
    info = rooms.create(width=3, height=3)
    creator = connect(info["link"], token=info["token"])
    r = refused(creator, {"type": "move", "move": "a1-b1"})
    assert r.code == "waiting" and "invite link" in str(r)
    guest = connect(info["link"])
    creator.play("a1-b1")
    token = guest.seat_token()
    guest.close()
    state = creator.wait(lambda s: not s["seats"][1]["connected"])
    assert "Waiting for Coral" in state["status"]
    back = connect(info["link"], token=token)
    back.play("a2-b2")
    r = refused(back, {"type": "move", "move": "a3-b3"})
    assert r.code == "not_your_turn"
    creator.close()
    back.wait(lambda s: not s["seats"][0]["connected"])
    creator2 = connect(info["link"], token=info["token"])
    creator2.close()
    back.wait(lambda s: not s["seats"][0]["connected"])
    r = refused(back, {"type": "move", "move": "a3-b3"})
    assert r.code in ("waiting", "not_your_turn")


def test_moves_are_checked_and_refusals_change_nothing(pair):
    info, creator, guest = pair()
    assert creator.play("B1 - A1") == "a1-b1"  # any order/case: stored canonical
    before = creator.state["history"]
    for message, code in [
        ({"type": "move", "move": "a1-b1"}, "not_your_turn"),
    ]:
        assert refused(creator, message).code == code
    assert refused(guest, {"type": "move", "move": "a1-b1"}).code == "illegal"
    assert refused(guest, {"type": "move", "move": "z9-z10"}).code == "illegal"
    assert refused(guest, {"type": "move", "move": 5}).code == "bad_field"
    assert refused(guest, {"type": "move", "move": "a" * 500}).code == "bad_field"
    assert refused(guest, {"type": "move", "move": "a2-b2", "ply": 0}).code == "stale"
    assert refused(guest, {"type": "click", "x": 1, "y": 1}).code == "illegal"  # off the board
    assert refused(guest, {"type": "click", "x": "1", "y": 2}).code == "bad_field"
    assert refused(guest, {"type": "click", "x": 1e308 * 10, "y": 2}).code == "bad_field"
    assert guest.state["history"] == before
    # a click in the gap of a line plays it (the server hit-tests with the widget's layout)
    move, x, y = next(t for t in guest.state["targets"] if t[0] == "a2-b2")
    assert guest.click(x, y) == "a2-b2"
    creator.wait(lambda s: s["history"] == ["a1-b1", "a2-b2"])


def test_a_whole_connect_game_and_popout(pair):
    info, red, yellow = pair("connect", board="five", popout=True)
    for i in range(4):
        red.play("1")
        yellow.play("2")
    red.wait(lambda s: s["ply"] == 8)  # yellow's last drop reaches red (the server tells both, in turn)
    assert "p1" in red.game.legal_moves()
    red.play("1")
    state = yellow.wait(lambda s: s["over"])
    assert state["winner"] == 0 and "Red wins" in state["status"]
    assert refused(yellow, {"type": "move", "move": "3"}).code == "game_over"


def test_the_state_lists_where_a_ghost_disc_shows(pair):
    """5 en raya: a box per column that takes a disc, with the widget's ghost in the mover's colour (a disc
    above the grid and a translucent one where it lands); a full or side column has none, nor a finished game."""
    from gamekit.connect.rules import FiveInARow
    from gamekit.connect.view import ghost_disc
    from gamekit.connect.view import layout_for

    info, red, yellow = pair("connect", board="five")
    state = red.wait(lambda s: True)
    assert [b[0] for b in state["hover"]] == [str(n) for n in range(1, 8)]  # the 7 playable columns
    layout = layout_for(FiveInARow())
    box = state["hover"][3]
    assert box[1:5] == [layout.margin + 4 * layout.cell, 0, layout.margin + 5 * layout.cell, layout.css_size[1]]
    assert box[5] == [list(item) for item in ghost_disc(FiveInARow(), layout, 4, "#d62828")]
    assert box[5][1] == ["circle", *layout.centre(4, 0), layout.cell * 0.38, "#d6282866"]  # lands at the bottom
    for i in range(6):  # column 1 filled, alternating colours
        (red, yellow)[i % 2].play("1")
    state = red.wait(lambda s: s["ply"] == 6)
    assert "1" not in [b[0] for b in state["hover"]] and state["hover"][0][5][0][4] == "#d62828"
    red.play("4")
    state = yellow.wait(lambda s: s["ply"] == 7)
    assert next(b for b in state["hover"] if b[0] == "4")[5][1][1:3] == list(layout.centre(4, 1))
    assert state["hover"][0][5][0][4] == "#f4c20d"  # yellow's turn: a yellow ghost
    yellow.resign()
    assert red.wait(lambda s: s["over"])["hover"] == []
    _, gold, _ = pair()
    assert gold.wait(lambda s: True)["hover"] == []  # Dots has no ghost


def test_resign(pair):
    info, creator, guest = pair()
    creator.play("a1-b1")
    guest.resign()
    state = creator.wait(lambda s: s["over"])
    assert state["winner"] == 0 and "Coral resigned" in state["status"]


# ----- requests ---------------------------------------------------------------------------------------------
def test_new_game_needs_both_and_a_move_cancels_it(pair):
    info, creator, guest = pair()
    creator.play("a1-b1")
    guest.play("a2-b2")
    creator.request_new_game()
    state = guest.wait(lambda s: s["request"] is not None)
    assert state["request"] == {"kind": "restart", "seat": 0}
    assert refused(creator, {"type": "answer", "accept": True}).code == "not_yours"
    creator.play("a3-b3")  # a move cancels the pending request
    state = guest.wait(lambda s: s["ply"] == 3)
    assert state["request"] is None and "cancelled" in state["note"]
    assert refused(guest, {"type": "answer", "accept": True}).code == "nothing"
    # declined
    creator.request_new_game()
    guest.wait(lambda s: s["request"] is not None)
    guest.answer(False)
    state = creator.wait(lambda s: "declined" in s["note"])
    assert state["ply"] == 3 and state["request"] is None
    # accepted: empty board, same board size, same seats and colours
    guest.request_new_game()
    creator.wait(lambda s: s["request"] is not None)
    creator.answer(True)
    state = guest.wait(lambda s: s["ply"] == 0)
    assert state["options"] == {"width": 3, "height": 3} and guest.seat == 1
    assert [s["name"] for s in state["seats"]] == ["Gold", "Coral"] and state["to_move"] == 0


def test_creator_restarts_alone_while_seat_two_is_free(rooms, connect):
    info = rooms.create()
    creator = connect(info["link"], token=info["token"])
    creator.request_new_game()
    state = creator.wait(lambda s: "New game" in s["note"])
    assert state["request"] is None and state["ply"] == 0


def test_undo_needs_the_other_players_acceptance(pair):
    info, creator, guest = pair()
    creator.play("a1-b1")
    assert refused(guest, {"type": "request", "kind": "undo"}).code == "nothing"  # not their move
    creator.request_undo()
    guest.wait(lambda s: s["request"] == {"kind": "undo", "seat": 0})
    assert creator.state["history"] == ["a1-b1"]  # nothing changes before the answer
    guest.answer(True)
    state = creator.wait(lambda s: s["ply"] == 0)
    assert state["to_move"] == 0 and state["request"] is None
    creator.play("a1-b1")
    creator.request_undo()
    guest.wait(lambda s: s["request"] is not None)
    guest.answer(False)
    assert creator.wait(lambda s: "declined" in s["note"])["history"] == ["a1-b1"]


# ----- untrusted input -------------------------------------------------------------------------------------------
def test_junk_messages_get_an_error_and_change_nothing(pair):
    info, creator, guest = pair()
    creator.play("a1-b1")
    guest.wait(lambda s: s["ply"] >= 1, timeout=5)  # the guest's copy may arrive a little after the mover's

    def error_for(raw) -> dict:
        start = len(creator.messages)
        creator.send_raw(raw)
        return creator.wait_for(lambda m: m["type"] == "error", start=start)

    assert error_for("not json")["code"] == "bad_json"
    assert error_for("[1, 2]")["code"] == "bad_json"
    assert error_for('{"no": "type"}')["code"] == "bad_json"
    assert error_for('{"type": 7}')["code"] == "bad_json"
    assert error_for('{"type": "launch_missiles"}')["code"] == "unknown_type"
    assert error_for('{"type": "hello", "token": null}')["code"] == "bad_field"  # only once
    assert error_for('{"type": "request", "kind": "everything"}')["code"] == "bad_field"
    assert error_for('{"type": "answer", "accept": "yes"}')["code"] == "bad_field"
    assert error_for('{"type": "ping", "id": {"a": 1}}')["code"] == "bad_field"
    assert error_for(json.dumps({"type": "move", "move": "a2-b2", "pad": "x" * 3000}))["code"] == "too_large"
    assert error_for(b"\x00\x01binary")["code"] == "bad_json"
    assert creator.state["history"] == ["a1-b1"] and guest.state["history"] == ["a1-b1"]
    pong_start = len(creator.messages)
    creator.send({"type": "ping"})
    creator.wait_for(lambda m: m["type"] == "pong", start=pong_start)


def test_messages_before_hello_are_refused(rooms, connect):
    info = rooms.create()
    raw = connect(info["link"], hello=False)
    raw.send_raw(json.dumps({"type": "move", "move": "a1-b1"}))
    assert raw.wait_for(lambda m: m["type"] == "error")["code"] == "no_hello"
    raw.send_raw(json.dumps({"type": "hello", "token": 12345}))
    assert raw.wait_for(lambda m: m.get("code") == "bad_token")


def test_a_huge_message_closes_only_that_connection(pair):
    info, creator, guest = pair()
    creator.play("a1-b1")
    try:
        creator.send_raw("x" * 200_000)
    except OSError:
        pass
    with pytest.raises((RoomClosed, TimeoutError)):
        creator.wait(lambda s: False, timeout=5)
    guest.wait(lambda s: s["ply"] >= 1, timeout=5)  # the move reaches the guest (closing the creator may be quicker)
    assert guest.state["history"] == ["a1-b1"]
    guest.wait(lambda s: not s["seats"][0]["connected"])


def test_a_flood_is_rate_limited(pair):
    info, creator, guest = pair()
    start = len(creator.messages)
    for _ in range(300):
        creator.send_raw('{"type": "ping"}')
    creator.wait_for(lambda m: m.get("code") == "rate", start=start)
    time.sleep(0.5)
    pongs = sum(1 for m in creator.messages[start:] if m["type"] == "pong")
    assert 0 < pongs < 300
    time.sleep(1.5)  # the bucket refills: normal play resumes
    assert creator.play("a1-b1") == "a1-b1"


def test_room_creation_is_rate_limited_per_address(slow_limits):
    """Default limit, 60 rooms a minute with bursts of 10: the 11th room at once is refused and not made."""
    start, made = time.monotonic(), []
    while len(made) < 40 and (not made or made[-1][0] == 201):
        made.append(slow_limits.post({"game": "dots"}))
    elapsed = time.monotonic() - start
    accepted = [status for status, _ in made[:-1]]
    # the burst of 10, plus the one room a second the bucket refills while the posts go on (a loaded machine)
    assert accepted == [201] * len(accepted) and 10 <= len(accepted) <= 10 + int(elapsed) + 1, (len(accepted), elapsed)
    status, answer = made[-1]
    assert status == 429 and "wait a minute" in answer["message"] and "token" not in answer
