"""Two room server processes on one database (as several workers or machines run them): each room is played on
one process (a proxy routes it by its id), while the group pages and API may land on any — so no process may
keep what another can change.  On SQLite (two processes on one WAL file) and on PostgreSQL."""

from __future__ import annotations

import pytest

from gamekit.rooms.groups_client import GroupMember, create_group, join_group


@pytest.fixture
def two_servers(fresh_rooms):
    """``(a, b)``: the test's server and a second process on the same database."""
    second = type(fresh_rooms)(fresh_rooms.tmp, db=fresh_rooms.db)
    second.start()
    yield fresh_rooms, second
    second.stop()


def asking(server, member: GroupMember) -> GroupMember:
    """The same pupil (same key), asking ``server``."""
    return GroupMember(f"{server.url}/g/{member.group}", member.key, member.nickname)


def test_find_me_an_opponent_pairs_pupils_who_ask_different_processes(two_servers, connect):
    a, b = two_servers
    owner = create_group(a.url, "Class 5B")
    ana = join_group(owner.join_link, "Ana")
    ben = asking(b, join_group(owner.join_link, "Ben"))
    assert ana.call("find")["status"] == "waiting"  # Ana waits on process a …
    paired = ben.call("find")  # … Ben asks process b, and they are paired
    assert paired["status"] == "paired" and paired["opponent"] == "Ana" and paired["seat"] == 0
    mine = ana.call("find")
    assert mine["status"] == "paired" and mine["room"] == paired["room"] and mine["seat"] == 1
    # the room is played on one process (a), whichever made it
    link = f"{a.url}/r/{paired['room']}"
    gold, coral = connect(link, token=paired["token"]), connect(link, token=mine["token"])
    assert (gold.seat, coral.seat) == (0, 1)
    gold.wait(lambda s: s["seats"][1]["connected"])
    gold.play(gold.state["targets"][0][0])
    coral.wait(lambda s: s["ply"] == 1)
    # process b, which does not serve the room, lists it as the database has it
    listed = {r["room"]: r for r in ben.me()["rooms"]}[paired["room"]]
    assert listed["state"] == "playing" and listed["ply"] == 1 and listed["players"] == ["Ben", "Ana"]
    assert ben.call("find", cancel=True)["status"] == "cancelled"


def test_a_seat_taken_on_another_process_is_known_to_the_process_that_serves_the_room(two_servers, connect):
    a, b = two_servers
    owner = create_group(a.url, "Class 5C")
    cleo = join_group(owner.join_link, "Cleo")
    dan = asking(b, join_group(owner.join_link, "Dan"))
    created = cleo.call("room", rated=False)
    link = f"{a.url}/r/{created['room']}"
    gold = connect(link, token=created["token"])  # the room lives on process a, Cleo waiting in it
    assert "classmate" in gold.state["status"]
    taken = dan.call("take", room=created["room"])  # Dan takes seat 2 through process b
    coral = connect(link, token=taken["token"])  # and process a knows his token
    assert coral.seat == 1
    state = gold.wait(lambda s: s["seats"][1]["connected"])
    assert state["group"]["players"] == ["Cleo", "Dan"]
    assert gold.play(state["targets"][0][0]) and coral.wait(lambda s: s["ply"] == 1)
    # a second pupil cannot take the same seat from the other process either
    eve = join_group(owner.join_link, "Eve")
    status, answer = a.post({"key": eve.key, "room": created["room"]}, f"/api/groups/{owner.group}/take")
    assert status == 409 and "Both seats" in answer["message"]


def test_a_room_deleted_by_another_process_closes_here(two_servers, connect):
    a, b = two_servers
    owner = create_group(a.url, "Class 5D")
    fay = join_group(owner.join_link, "Fay")
    created = fay.call("room", rated=False)
    gold = connect(f"{a.url}/r/{created['room']}", token=created["token"])  # served by process a
    status, _ = b.post({"key": owner.key, "confirm": "Class 5D"}, f"/api/groups/{owner.group}/delete")
    assert status == 200  # the teacher deletes the group through process b
    gone = gold.wait_for(lambda m: m["type"] == "expired", timeout=15)  # process a's sweep closes it
    assert gone["message"]
    assert a.get(f"/r/{created['room']}")[0] == 404
