"""What keeps the server's event loop from stalling at 1000 rooms (docs/rooms.md, "The p99 at 1000 rooms"),
each on a real server or a real SQLite file: the WAL checkpoints run in a thread of their own (and a SIGKILL still
loses nothing confirmed), a tick reaches every room although it takes them a slice at a time, and the garbage
collector's tuning still collects cyclic garbage."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gamekit.rooms.server import TICK_SLICE, RoomServer
from gamekit.rooms.store import SQLiteStore

ROOT = Path(__file__).resolve().parents[2]


def moves_in_database_file(db: Path, room: str, tmp: Path) -> int:
    """How many of ``room``'s moves the database file itself holds, without its WAL: a copy of the file alone
    is opened, so only what a checkpoint has copied into it is there."""
    copy = tmp / f"alone-{time.monotonic_ns()}.sqlite3"
    shutil.copyfile(db, copy)
    alone = sqlite3.connect(copy)
    try:
        return alone.execute("SELECT count(*) FROM moves WHERE room = ?", (room,)).fetchone()[0]
    except sqlite3.DatabaseError:  # not even the tables are in the file yet (OperationalError), or the
        return 0  # copy caught a checkpoint half-way ("malformed"): look again
    finally:
        alone.close()


def until(found, what: str, timeout: float = 30.0):
    """Wait (polling) for ``found()`` to be true; fails naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = found()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"{what}: not after {timeout:g} s")


def checkpoint_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "gamekit-checkpoint"]


def test_sqlite_checkpoints_run_in_a_thread_and_keep_the_database_file_up_to_date(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    store = SQLiteStore(path)
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000  # SQLite's own, until asked
    before = len(checkpoint_threads())
    store.checkpoint_in_thread(every=0.05)
    store.checkpoint_in_thread(every=0.05)  # a second call changes nothing
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0  # the commits never checkpoint
    assert len(checkpoint_threads()) == before + 1
    store.create_room("room-checkpointed", "dots", {"width": 3, "height": 3}, 0, "t" * 40, time.time())
    for ply, move in enumerate(["a1-b1", "a2-b2", "a3-b3"]):
        store.add_move("room-checkpointed", ply, "move", move, ply % 2, 0, time.time())
    # the thread copies the WAL into the database file while the store goes on being used
    until(
        lambda: moves_in_database_file(path, "room-checkpointed", tmp_path) == 3,
        "the three moves in the database file itself",
    )
    store.add_move("room-checkpointed", 3, "move", "a4-b4", 1, 0, time.time())
    assert [m.move for m in store.load_room("room-checkpointed").moves] == ["a1-b1", "a2-b2", "a3-b3", "a4-b4"]
    store.close()
    assert len(checkpoint_threads()) == before  # close stops the thread
    reopened = SQLiteStore(path)
    assert len(reopened.load_room("room-checkpointed").moves) == 4
    reopened.close()


@pytest.mark.parametrize("every", [0, -1, float("nan")])
def test_a_checkpoint_period_that_is_not_positive_is_refused_and_changes_nothing(tmp_path, every):
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    before = len(checkpoint_threads())
    with pytest.raises(ValueError, match="every="):
        store.checkpoint_in_thread(every=every)
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000
    assert len(checkpoint_threads()) == before and store.checkpointer is None
    store.close()


def test_the_room_server_checkpoints_its_sqlite_file_in_a_thread(tmp_path):
    before = len(checkpoint_threads())
    server = RoomServer(tmp_path / "rooms.sqlite3")
    assert server.store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    assert len(checkpoint_threads()) == before + 1
    server.close()
    assert len(checkpoint_threads()) == before


@pytest.mark.parametrize("store_kind", ["sqlite"], scope="module")  # SQLite's own WAL checkpoints: no PostgreSQL twin
def test_sigkill_after_checkpoints_in_the_thread_loses_nothing_confirmed(fresh_rooms, connect, pair, tmp_path):
    rooms = fresh_rooms
    assert not rooms.on_postgres
    info, creator, guest = pair(server=rooms)
    guest_token = guest.seat_token()
    moves = ["a1-b1", "a2-b2", "a3-b3", "a4-b4", "b1-c1", "b2-c2"]
    played = [(creator, guest)[i % 2].play(move) for i, move in enumerate(moves[:3])]
    # the server's thread checkpoints these into the database file while the game goes on …
    until(
        lambda: moves_in_database_file(Path(rooms.db), info["room"], tmp_path) == 3,
        "the first three moves checkpointed into the database file by the server",
    )
    played += [(creator, guest)[i % 2].play(move) for i, move in enumerate(moves[3:], start=3)]
    rooms.kill()  # … and the later ones are only in the WAL
    rooms.start()
    creator2 = connect(info["link"], token=info["token"])
    connect(info["link"], token=guest_token)
    assert creator2.wait(lambda s: s["seats"][1]["connected"])["history"] == played == moves


def test_a_tick_reaches_the_rooms_past_its_first_slice(fresh_rooms, connect, pair):
    rooms = fresh_rooms
    for _ in range(TICK_SLICE + 10):  # loaded first: the timed room comes after them
        info = rooms.create("dots", width=2, height=2)
        connect(info["link"], token=info["token"]).close()  # in memory until unused for five minutes
    info, red, yellow = pair("connect", timer=30, server=rooms, board="four")
    red.play("4")
    yellow.wait(lambda s: s["ply"] == 1)
    rooms.advance(31)  # the room's turn time runs out at the next tick
    state = red.wait(lambda s: s["ply"] == 2)
    assert "Time ran out" in state["note"] and state["to_move"] == 0


GC_CHECK = """
import gc, weakref
from gamekit.rooms.gc_tuning import GC_THRESHOLDS, tune_gc
tune_gc()
assert gc.get_threshold() == GC_THRESHOLDS, gc.get_threshold()
assert gc.get_freeze_count() > 0
assert gc.isenabled()
collected = []
class Node:
    pass
a, b = Node(), Node()
a.other, b.other = b, a                       # a cycle: reference counting alone never frees it
weakref.finalize(a, collected.append, "cycle")
del a, b
keep = [[] for _ in range(3 * GC_THRESHOLDS[0])]   # new objects: the collector's own passes run, none asked for
assert collected == ["cycle"], collected
print("ok")
"""


def test_the_servers_gc_tuning_still_collects_cyclic_garbage():
    """``tune_gc`` (called by ``python -m gamekit.rooms`` after start-up), run in a fresh interpreter so that
    this test process keeps its own collector settings."""
    done = subprocess.run(
        [sys.executable, "-c", GC_CHECK],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
