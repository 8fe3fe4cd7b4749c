"""The two stores behind one interface (gamekit.rooms.store): the same behaviour on SQLite and on a real
PostgreSQL, keys that make a duplicate impossible, refusals that change nothing, and migrations that open
databases made by earlier versions."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gamekit.rooms import ratings
from gamekit.rooms.store import SQLiteStore
from gamekit.rooms.store_interface import (
    DuplicateMove,
    GroupStore,
    RoomStore,
    SEVEN_DAYS,
    SchemaTooNew,
    StoredMove,
    StoredRoom,
    token_hash,
)
from gamekit.rooms.store_schema import SCHEMA_VERSION
from gamekit.rooms.stores import describe_db, open_store

TOKEN = "t" * 43
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def make_store(store_kind, new_db, tmp_path):
    """``make_store()`` → a store on a fresh database of the kind under test; ``make_store(db)`` opens ``db``
    again (a second process sharing it).  Every store made is closed after the test."""
    made = []

    def make(db=None):
        db = db if db is not None else new_db(tmp_path)
        store = open_store(db)
        store.test_db = db
        made.append(store)
        return store

    yield make
    for store in made:
        store.close()


def a_room(store, room_id: str = "room-0001", now: float = 1000.0) -> str:
    store.create_room(room_id, "dots", {"width": 3, "height": 3}, 0, TOKEN, now=now)
    return room_id


def test_both_stores_have_the_room_and_group_interfaces(make_store):
    store = make_store()
    assert isinstance(store, RoomStore) and isinstance(store, GroupStore)
    assert store.schema_version() == SCHEMA_VERSION


def test_a_second_move_at_the_same_ply_is_impossible(make_store):
    store = make_store()
    room = a_room(store)
    store.add_move(room, 0, "move", "a1-b1", 0, 0, now=1001.0)
    store.set_request(room, "undo", 1, now=1002.0)
    before = store.load_room(room)
    for ply, move in ((0, "a2-b2"), (0, "a1-b1")):
        with pytest.raises(DuplicateMove, match="already has a move at ply 0"):
            store.add_move(room, ply, "move", move, 1, 0, now=1003.0)
    # and in a group commit, the whole batch is refused: the other room's move is not stored either
    other = a_room(store, "room-0002")
    with pytest.raises(DuplicateMove):
        store.apply(
            [
                ("add_move", (other, 0, "move", "a1-b1", 0, 0, 1004.0)),
                ("add_move", (room, 0, "move", "c1-d1", 1, 0, 1004.0)),
            ]
        )
    assert store.load_room(room) == before  # nothing changed: move, request, last activity
    assert store.load_room(other).moves == []
    # the key is the database's own: a statement that bypasses the store is refused too
    with pytest.raises(store.integrity_error):
        with store.transaction() as run:
            run(
                "INSERT INTO moves (room, ply, kind, move, seat, by_cpu, at) VALUES (?, 0, 'move', 'x', 0, 0, 1)",
                (room,),
            )
    assert store.counts()["moves"] == 1


def test_a_group_commit_stores_every_write_in_order(make_store):
    store = make_store()
    rooms = [a_room(store, f"room-{i:04d}") for i in range(3)]
    writes = []
    for i, room in enumerate(rooms):
        writes += [
            ("take_seat", (room, 1, f"guest-token-{i:02d}", 1001.0)),
            ("add_move", (room, 0, "move", "a1-b1", 0, 0, 1002.0)),
            ("set_request", (room, "undo", 0, 1003.0)),
            ("add_move", (room, 1, "move", "b1-c1", 1, 2, 1004.0)),
        ]  # cancels the request
    writes += [
        ("undo_move", (rooms[0], 1, 1005.0)),
        ("new_game", (rooms[1], 1006.0)),
        ("set_request", (rooms[2], "restart", 1, 1007.0)),
    ]
    store.apply(writes)
    first, second, third = (store.load_room(r) for r in rooms)
    assert first.moves == [StoredMove("move", "a1-b1", 0, 0)] and first.request is None
    assert second.moves == [] and second.game_no == 2
    assert third.moves == [StoredMove("move", "a1-b1", 0, 0), StoredMove("move", "b1-c1", 1, 2)]
    assert third.request == ("restart", 1) and third.last_active == 1007.0
    assert all(r.seat_hashes[1] is not None for r in (first, second, third))
    with pytest.raises(ValueError, match="write 'expire': not one of"):
        store.apply([("expire", (1e12,))])
    assert store.counts()["rooms"] == 3


def test_expiry_on_both_stores_and_no_token_is_stored(make_store):
    store = make_store()
    a_room(store, "room-old-1")
    store.create_room("room-new-1", "dots", {"width": 4, "height": 4}, 0, "u" * 43, now=1000.0)
    store.add_move("room-old-1", 0, "move", "a1-b1", 0, 0, now=1000.0)
    store.set_request("room-old-1", "undo", 0, now=1000.0)
    store.touch("room-new-1", now=1000.0 + SEVEN_DAYS - 10)
    assert store.expire(now=1000.0 + SEVEN_DAYS - 1) == []
    assert store.expire(now=1000.0 + SEVEN_DAYS) == ["room-old-1"]
    assert store.load_room("room-old-1") is None and store.load_room("room-new-1") is not None
    assert store.counts() == {"rooms": 1, "seats": 1, "moves": 0, "requests": 0}
    with store.transaction() as run:
        rows = [str(r) for t in ("rooms", "seats") for r in run(f"SELECT * FROM {t}", ()).fetchall()]
    assert rows and not any("u" * 43 in r for r in rows)


def test_a_process_sharing_the_database_sees_what_another_changed(make_store):
    one = make_store()
    two = make_store(one.test_db)  # a second server process on the same database
    for room in ("room-0001", "room-0002"):
        a_room(one, room)
    two.take_seat("room-0001", 1, "guest-token-01", now=1001.0)
    assert one.seat_hashes("room-0001")[1] is not None
    assert one.delete_group("no-such-group") == []
    two.expire(now=1e12)
    assert one.missing_rooms(["room-0001", "room-0002", "room-0003"]) == ["room-0001", "room-0002", "room-0003"]
    a_room(one, "room-0004")
    assert two.missing_rooms(["room-0004", "room-0005"]) == ["room-0005"]


def test_group_keys_make_duplicates_impossible(make_store):
    store = make_store()
    gid = "group-0001"
    store.create_group(gid, "ABCDEFGH", "Class 5B", "owner-hash", {"game": "dots"}, now=1000.0)
    with pytest.raises(store.integrity_error):  # a second group with the same join code
        store.create_group("group-0002", "ABCDEFGH", "Other", "owner-hash-2", {}, now=1000.0)
    assert store.code_taken("ABCDEFGH") and store.group_by_code("ABCDEFGH") == gid
    assert store.add_member(gid, "Ana", "key-ana", now=1001.0) is True
    assert store.add_member(gid, "ANA", "key-ana-2", now=1001.0) is False  # the nickname, in any case
    assert store.nickname_taken(gid, "aNa") and not store.nickname_taken(gid, "Ben")
    assert store.add_member(gid, "Ben", "key-ben", now=1001.0) is True
    ana, ben = (store.member_by_key(gid, k)["id"] for k in ("key-ana", "key-ben"))
    assert store.count_members(gid) == 2
    # seat 2 of a group's room: the first pupil gets it, the second is refused and changes nothing
    room = a_room(store)
    store.add_group_room(room, gid, True, ana, now=1002.0)
    assert store.take_group_seat(room, ben, "ben-seat-token-1", now=1003.0) is True
    assert store.take_group_seat(room, ana, "ana-seat-token-1", now=1004.0) is False
    assert store.group_room(room) == (gid, 1, ana, ben) and store.load_room(room).last_active == 1003.0
    # a result is recorded once per game, its ratings read and moved in the same transaction
    assert store.record_result(gid, room, 1, ana, ben, 1.0, "played", "dots", 1005.0, ratings.update) is True
    assert store.record_result(gid, room, 1, ana, ben, 0.0, "played", "dots", 1006.0, ratings.update) is False
    assert store.results(gid) == [(ana, ben, 1.0, 1005.0, "played", "dots")]
    totals = {m[0]: m[2:] for m in store.members(gid)}
    new_ana, new_ben = ratings.update(1200.0, 1200.0, 1.0)
    assert totals[ana] == pytest.approx((new_ana, 1, 1, 0, 0)) and totals[ben] == pytest.approx((new_ben, 1, 0, 0, 1))
    # deleting the group deletes its rooms, members and results
    assert store.delete_group(gid) == [room]
    assert store.load_room(room) is None and store.members(gid, named_only=False) == [] and store.results(gid) == []


def test_a_sqlite_database_made_before_schema_versions_opens_with_everything_in_it(tmp_path):
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    # the tables as gamekit made them before the schema had a version (store.py and groups.py of then)
    old.executescript("""
        CREATE TABLE rooms (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, timer INTEGER NOT NULL,
            created REAL NOT NULL, last_active REAL NOT NULL, game_no INTEGER NOT NULL DEFAULT 1);
        CREATE INDEX rooms_last_active ON rooms(last_active);
        CREATE TABLE seats (room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
            token_hash TEXT NOT NULL, joined REAL NOT NULL, PRIMARY KEY (room, seat));
        CREATE TABLE moves (room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE, ply INTEGER NOT NULL,
            kind TEXT NOT NULL, move TEXT, seat INTEGER NOT NULL, by_cpu INTEGER NOT NULL, at REAL NOT NULL,
            PRIMARY KEY (room, ply));
        CREATE TABLE requests (room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE, kind TEXT NOT NULL,
            seat INTEGER NOT NULL, at REAL NOT NULL);
        CREATE TABLE groups (id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
            owner_hash TEXT NOT NULL, settings TEXT NOT NULL, created REAL NOT NULL, last_active REAL NOT NULL);
        CREATE TABLE members (id INTEGER PRIMARY KEY AUTOINCREMENT, grp TEXT NOT NULL REFERENCES groups(id)
            ON DELETE CASCADE, nickname TEXT, token_hash TEXT UNIQUE, joined REAL NOT NULL,
            rating REAL NOT NULL DEFAULT 1200, games INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0,
            draws INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0);
        CREATE UNIQUE INDEX members_nickname ON members(grp, nickname COLLATE NOCASE) WHERE nickname IS NOT NULL;
        INSERT INTO rooms VALUES ('room-old-1', 'dots', '{"height": 3, "width": 3}', 0, 1.0, 2.0, 3);
        INSERT INTO seats VALUES ('room-old-1', 0, 'hash-0', 1.0);
        INSERT INTO moves VALUES ('room-old-1', 0, 'move', 'a1-b1', 0, 0, 2.0);
        INSERT INTO groups VALUES ('group-old-1', 'K7MQ2P', 'Old class', 'owner', '{"game": "dots"}', 1.0, 2.0);
        INSERT INTO members (grp, nickname, token_hash, joined) VALUES ('group-old-1', 'Ana', 'key-ana', 1.0);
    """)
    old.close()
    store = SQLiteStore(path)
    assert store.schema_version() == SCHEMA_VERSION
    room = store.load_room("room-old-1")
    assert (room.game_no, room.seat_hashes, room.moves) == (3, ["hash-0", None], [StoredMove("move", "a1-b1", 0, 0)])
    assert store.group_by_code("K7MQ2P") == "group-old-1" and store.nickname_taken("group-old-1", "ana")
    store.add_group_room("room-old-1", "group-old-1", False, 1, now=3.0)  # the tables added since are there
    store.close()
    assert SQLiteStore(path).schema_version() == SCHEMA_VERSION  # and opening it again changes nothing


def test_a_database_of_a_newer_gamekit_is_refused(make_store):
    store = make_store()
    db = store.test_db
    with store.transaction() as run:
        run("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    store.close()
    with pytest.raises(SchemaTooNew, match=f"version {SCHEMA_VERSION + 1}.*upgrade gamekit"):
        open_store(db)


def test_the_address_shown_hides_the_password():
    assert (
        describe_db("postgresql://rooms:s3cret@db.example:5432/gamekit") == "postgresql://rooms@db.example:5432/gamekit"
    )
    assert describe_db("rooms.sqlite3") == "rooms.sqlite3"


def start_server(db) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run(
        [sys.executable, "-m", "gamekit.rooms", "--port", "0", "--db", str(db)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_server_will_not_start_on_a_database_of_a_newer_gamekit(make_store):
    store = make_store()
    with store.transaction() as run:
        run("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    store.close()
    done = start_server(store.test_db)
    assert done.returncode == 2 and "upgrade gamekit" in done.stderr and "Traceback" not in done.stderr


def test_the_server_will_not_start_on_a_postgresql_it_cannot_reach():
    pytest.importorskip("psycopg")
    done = start_server("postgresql://rooms:s3cret@127.0.0.1:1/gamekit")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "Cannot connect to the PostgreSQL database 127.0.0.1:1/gamekit" in done.stderr
    assert "s3cret" not in done.stderr + done.stdout


# ----- property: any sequence of room writes, one by one or in group commits, stores what a model says ---------
OPS = st.lists(
    st.tuples(
        st.sampled_from(["move", "undo", "new_game", "request", "clear", "seat", "touch", "duplicate"]),
        st.integers(0, 1),
        st.sampled_from(["undo", "restart"]),
        st.booleans(),
    ),
    max_size=25,
)


@pytest.fixture(scope="module")
def one_store(new_db, tmp_path_factory):
    store = open_store(new_db(tmp_path_factory.mktemp("property")))
    yield store
    store.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS, batch_every=st.integers(1, 6))
def test_any_writes_one_by_one_or_batched_store_what_they_say(one_store, ops, batch_every):
    """Two rooms get random writes, each either committed at once or gathered into group commits of up to
    ``batch_every``; what is stored is what the writes mean (a model of them), and a second move at a ply that
    is stored is refused without changing anything."""
    store = one_store
    stamp = next(_rooms_made)
    rooms = [f"prop-{stamp:05d}-{r}" for r in (0, 1)]
    model = {}
    for room in rooms:
        store.create_room(room, "dots", {"width": 3}, 0, TOKEN, now=1.0)
        model[room] = StoredRoom(room, "dots", {"width": 3}, 0, 1.0, 1.0, 1, [token_hash(TOKEN), None])
    batch: list = []
    for step, (op, which, kind, in_batch) in enumerate(ops):
        room, now = rooms[which], 10.0 + step
        m = model[room]  # the room as it will be once everything queued is committed
        if op == "duplicate":
            if batch or not m.moves:
                continue
            with pytest.raises(DuplicateMove):
                store.add_move(room, len(m.moves) - 1, "move", "x1-y1", 0, 0, now)
            assert store.load_room(room) == m
            continue
        if op == "move":
            write = ("add_move", (room, len(m.moves), "move", f"m{step}", which, step % 3, now))
        elif op == "undo":
            if not m.moves:
                continue
            write = ("undo_move", (room, len(m.moves) - 1, now))
        elif op == "new_game":
            write = ("new_game", (room, now))
        elif op == "request":
            write = ("set_request", (room, kind, which, now))
        elif op == "clear":
            write = ("clear_request", (room, now))
        elif op == "seat":
            if m.seat_hashes[1] is not None:
                continue
            write = ("take_seat", (room, 1, f"guest-token-{stamp:05d}-{which}", now))
        else:
            write = ("touch", (room, now))
        batch.append(write)
        apply_to_model(m, *write)
        if not in_batch or len(batch) >= batch_every:
            store.apply(batch)
            batch = []
    store.apply(batch)
    for room in rooms:
        assert store.load_room(room) == model[room]


_rooms_made = iter(range(10**6))


def apply_to_model(m: StoredRoom, name: str, args: tuple) -> None:
    """What each room write means (store.py's docstrings), on a StoredRoom."""
    now = args[-1]
    m.last_active = now
    if name == "add_move":
        _, ply, kind, move, seat, by_cpu, _ = args
        assert ply == len(m.moves)
        m.moves.append(StoredMove(kind, move, seat, by_cpu))
        m.request = None
    elif name == "undo_move":
        assert args[1] == len(m.moves) - 1
        m.moves.pop()
        m.request = None
    elif name == "new_game":
        m.moves, m.request, m.game_no = [], None, m.game_no + 1
    elif name == "set_request":
        m.request = (args[1], args[2])
    elif name == "clear_request":
        m.request = None
    elif name == "take_seat":
        m.seat_hashes[args[1]] = token_hash(args[2])


def test_a_time_round_trips_to_the_millisecond_on_both_stores(make_store):
    """``time.time()`` today needs 16 significant digits: PostgreSQL's ``REAL`` (4 bytes) would round it to
    about two minutes, so every time column is ``DOUBLE PRECISION`` there (SQLite's ``REAL`` is 8 bytes)."""
    import time as clock
    from gamekit.rooms.leases import Leases

    store = make_store()
    now = clock.time() + 0.123456
    store.create_room("room-time-1", "dots", {"width": 3, "height": 3}, 0, TOKEN, now=now)
    store.take_seat("room-time-1", 1, "guest-token-01", now=now)
    store.add_move("room-time-1", 0, "move", "a1-b1", 0, 0, now=now)
    store.set_request("room-time-1", "undo", 0, now=now)
    store.create_group("grp-time-1", "CODE1234", "Class", "h" * 64, {}, now=now)
    assert store.add_member("grp-time-1", "Ana", "k" * 64, now=now)
    room = store.load_room("room-time-1")
    assert abs(room.created - now) < 1e-3 and abs(room.last_active - now) < 1e-3
    Leases(store.test_db).close()  # the lease tables too
    with store.transaction() as run:
        for table, column in [
            ("rooms", "created"),
            ("rooms", "last_active"),
            ("seats", "joined"),
            ("moves", "at"),
            ("requests", "at"),
            ("groups", "created"),
            ("groups", "last_active"),
            ("members", "joined"),
        ]:
            stored = [r[0] for r in run(f"SELECT {column} FROM {table}", ()).fetchall()]
            assert stored and all(abs(t - now) < 1e-3 for t in stored), (table, column, stored, now)
        if store.dialect == "postgresql":  # no 4-byte float column anywhere
            assert (
                run(
                    "SELECT table_name, column_name FROM information_schema.columns WHERE "
                    "table_schema = current_schema() AND data_type = 'real'",
                    (),
                ).fetchall()
                == []
            )
