"""Room leases: which worker process holds which room, kept in the rooms' own database.

With several worker processes (``python -m gamekit.rooms --workers N``, docs/rooms.md "Several processes") a
room must be live in exactly one of them: the process that holds a room in memory orders its moves.  The
proxy sends each room's connections to one worker by a consistent hash of the room id, but the proxy's
view changes (a worker dies, comes back, a health check flaps) while a room is live, so the database
decides, not the proxy:

* ``workers`` — one row per running worker (``id`` is new at every start: ``name`` plus a random part), with a
  heartbeat ``beat`` renewed every fifth of the lease's time to live (``ttl``, :data:`TTL` = 5 s by default,
  ``--lease-ttl``: a beat every second).  A worker whose beat is older than ``ttl`` seconds is dead.
* ``room_leases`` — at most one row per room (the primary key): the worker that holds it (``holder``), and
  ``wanted``: another worker that has asked for the room (a connection for it reached that worker).  A lease
  row goes with its room (``ON DELETE CASCADE``).

A worker loads a room only after :meth:`Leases.claim` made it the holder: the room had no lease, or its
holder is dead.  Otherwise the claim writes ``wanted`` and the holder, at its next heartbeat, lets the room
go — closes its connections with "service restart" (they reconnect through the proxy), forgets it and
deletes the lease — and the claim succeeds on a later try.  The stored room is complete at that moment
(every change is committed before anyone is told), so the new holder loads exactly what was confirmed.

The heartbeat and the claims use wall-clock time (``time.time()``) of the workers; workers on several
machines need synchronised clocks (NTP), within a small part of the TTL.

SQLite (a file, the default) and PostgreSQL (``postgresql://…``, with psycopg 3) are both accepted; the SQL
here is the subset both speak (``INSERT … ON CONFLICT … DO UPDATE … WHERE``).
"""

from __future__ import annotations

import re
import secrets
import sqlite3
import time
from pathlib import Path
from typing import Any

__all__ = [
    "TTL",
    "TTL_RANGE",
    "LOCK_WAIT",
    "Leases",
    "new_worker_id",
    "is_postgres",
    "FENCE_SETTING",
    "check_seconds",
]

# seconds without a heartbeat after which a worker is dead and its rooms may be taken (the default of
# ``--lease-ttl``).  A shorter TTL moves a stopped worker's rooms sooner and costs more heartbeats (one every
# TTL / 5 s); it must stay well above a worker's longest pause (a lock wait, a garbage collection)
TTL = 5.0
TTL_RANGE = (1.0, 3600.0)
# seconds a lease statement waits for a lock another process holds before it gives up (and is tried again at
# the next poll or heartbeat): a worker paused inside a transaction (SIGSTOP, a swapped-out VM) must not stop
# the others' event loops.  PostgreSQL: the row lock of a move being stored (``lock_timeout``); SQLite: the
# file's write lock (the busy timeout) — with SQLite nobody can write while a stopped process holds it.
LOCK_WAIT = 2.0

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS workers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        pid INTEGER NOT NULL,
        started DOUBLE PRECISION NOT NULL,
        beat DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS workers_name ON workers(name)",
    """CREATE TABLE IF NOT EXISTS room_leases (
        room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
        holder TEXT NOT NULL,
        since DOUBLE PRECISION NOT NULL,
        wanted TEXT
    )""",
    "CREATE INDEX IF NOT EXISTS room_leases_holder ON room_leases(holder)",
]

# PostgreSQL's fence (SQLite's is a TEMP trigger on the worker's own connection, gamekit.rooms.workers): a move
# is stored only by the worker holding its room's lease.  A worker names itself on its store's connection
# (the setting ``gamekit.worker``, :data:`FENCE_SETTING`); a connection that does not (one server process, no
# workers) is not fenced.  The lease row is locked (FOR SHARE) until the move's transaction ends, so a claim
# taking the room over waits for it: the new holder loads the room with that move, or the move is refused.
FENCE_SETTING = "gamekit.worker"
FENCE_POSTGRES = [
    f"""CREATE OR REPLACE FUNCTION gamekit_room_fence() RETURNS trigger LANGUAGE plpgsql AS $fence$
    DECLARE
        me TEXT := current_setting('{FENCE_SETTING}', true);
    BEGIN
        IF me IS NULL OR me = '' THEN
            RETURN NEW;
        END IF;
        PERFORM 1 FROM room_leases WHERE room = NEW.room AND holder = me FOR SHARE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'this worker does not hold the room' USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
    END
    $fence$""",
    "CREATE OR REPLACE TRIGGER gamekit_room_fence BEFORE INSERT ON moves FOR EACH ROW "
    "EXECUTE FUNCTION gamekit_room_fence()",
]
_SCHEMA_LOCK = 0x67616D66  # pg_advisory_xact_lock key: workers starting together create the tables one at a time

_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}\Z")


def check_seconds(name: str, value: object, low: float, high: float) -> float:
    """``value`` as seconds for the setting ``name``: a number (not a bool) from ``low`` to ``high``; else
    ``TypeError`` or ``ValueError`` naming the setting and the reason."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name}: a number of seconds, got {type(value).__name__} {value!r}")
    if not low <= value <= high:  # also refuses NaN
        raise ValueError(f"{name}: from {low:g} to {high:g} seconds, got {value!r}")
    return float(value)


def is_postgres(db: str | Path) -> bool:
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def new_worker_id(name: str) -> str:
    """A worker's id for one run: its name and a random part (a restarted worker is a new holder)."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(f"worker name {name!r}: 1–40 letters, digits, '_', '.' or '-'")
    return f"{name}-{secrets.token_hex(4)}"


class Leases:
    """The two tables above, on a connection of their own to the database ``db`` (a SQLite file or a
    ``postgresql://`` URL).  The ``rooms`` (and on PostgreSQL ``moves``) tables must exist already (the room
    store creates them); on PostgreSQL this also creates the fence's trigger on ``moves``.  ``ttl``: seconds
    without a heartbeat after which a worker is dead (every worker sharing the database must use the same);
    its heartbeat is due every :attr:`beat_every` = ``ttl`` / 5 seconds."""

    def __init__(self, db: str | Path, ttl: float = TTL):
        self.ttl = check_seconds("ttl", ttl, *TTL_RANGE)
        self.beat_every = self.ttl / 5
        self.postgres = is_postgres(db)
        if self.postgres:
            import psycopg  # only needed for PostgreSQL (requirements: psycopg[binary])

            self.db: Any = psycopg.connect(str(db), autocommit=True)
            # a claim waits for a lease row locked by a move being stored (the fence) at most this long: a
            # worker paused in the middle of that transaction must not stop this one's event loop
            self.db.execute(f"SET lock_timeout = '{int(LOCK_WAIT * 1000)}ms'")
            self._tx(
                [("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))]
                + [(statement, ()) for statement in SCHEMA + FENCE_POSTGRES]
            )
        else:
            self.db = sqlite3.connect(str(db), isolation_level=None, check_same_thread=False, timeout=LOCK_WAIT)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            for statement in SCHEMA:
                self._run(statement)

    def close(self) -> None:
        self.db.close()

    # ----- the two dialects ------------------------------------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def _run(self, sql: str, args: tuple = ()) -> Any:
        return self.db.execute(self._sql(sql), args)

    def _tx(self, steps: list[tuple[str, tuple]]) -> list[Any]:
        """Run ``steps`` as one transaction; returns each step's cursor."""
        if self.postgres:
            with self.db.transaction():
                return [self._run(sql, args) for sql, args in steps]
        self.db.execute("BEGIN IMMEDIATE")
        try:
            out = [self._run(sql, args) for sql, args in steps]
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
        return out

    def integrity_error(self) -> type[Exception]:
        if self.postgres:
            import psycopg

            return psycopg.errors.IntegrityError
        return sqlite3.IntegrityError

    def is_lock_timeout(self, error: BaseException) -> bool:
        """``error`` says only that a lock held by another process outlasted :data:`LOCK_WAIT`."""
        if self.postgres:
            import psycopg

            return isinstance(error, psycopg.errors.LockNotAvailable)
        return isinstance(error, sqlite3.OperationalError) and str(error).startswith(
            ("database is locked", "database is busy")
        )

    # ----- workers ---------------------------------------------------------------------------------------
    def register(self, worker: str, name: str, pid: int, now: float | None = None) -> None:
        """A worker starts: its row, and the rows of earlier runs under the same ``name`` are deleted (that
        run is over — this one listens on its port — so its rooms are free at once, without waiting
        for the TTL)."""
        now = time.time() if now is None else now
        self._tx(
            [
                ("DELETE FROM workers WHERE name = ? AND id <> ?", (name, worker)),
                (
                    "INSERT INTO workers (id, name, pid, started, beat) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (id) DO UPDATE SET beat = excluded.beat",
                    (worker, name, pid, now, now),
                ),
            ]
        )

    def beat(self, worker: str, now: float | None = None) -> bool:
        """Renew the heartbeat; False when the row is gone (the supervisor declared this worker dead)."""
        now = time.time() if now is None else now
        return self._run("UPDATE workers SET beat = ? WHERE id = ?", (now, worker)).rowcount == 1

    def forget(self, name: str) -> int:
        """The supervisor saw the worker ``name`` exit: every run of it is dead, its rooms free."""
        return self._run("DELETE FROM workers WHERE name = ?", (name,)).rowcount

    def unregister(self, worker: str) -> None:
        """A clean stop: the worker's row and leases go (its rooms are free at once)."""
        self._tx(
            [("DELETE FROM room_leases WHERE holder = ?", (worker,)), ("DELETE FROM workers WHERE id = ?", (worker,))]
        )

    def alive(self, now: float | None = None) -> list[tuple[str, str, int]]:
        """``(id, name, pid)`` of every worker with a fresh heartbeat."""
        now = time.time() if now is None else now
        return [
            tuple(r)
            for r in self._run(
                "SELECT id, name, pid FROM workers WHERE beat > ? ORDER BY name", (now - self.ttl,)
            ).fetchall()
        ]

    # ----- rooms -----------------------------------------------------------------------------------------
    def claim(self, room: str, worker: str, now: float | None = None) -> bool | None:
        """Make ``worker`` the holder of ``room`` if nobody alive holds it (or it holds it already): True.
        Held by another live worker: that worker is asked to let it go (``wanted``), and False.  None: no
        such room (the foreign key refused the lease)."""
        now = time.time() if now is None else now
        try:
            _, cursor = self._tx(
                [
                    (
                        "INSERT INTO room_leases (room, holder, since) VALUES (?, ?, ?) "
                        "ON CONFLICT (room) DO UPDATE SET holder = excluded.holder, since = excluded.since, wanted = "
                        "NULL "
                        "WHERE room_leases.holder = excluded.holder OR NOT EXISTS "
                        "(SELECT 1 FROM workers w WHERE w.id = room_leases.holder AND w.beat > ?)",
                        (room, worker, now, now - self.ttl),
                    ),
                    ("SELECT holder FROM room_leases WHERE room = ?", (room,)),
                ]
            )
        except self.integrity_error():
            return None
        except Exception as error:
            if self.is_lock_timeout(error):
                return False  # locked by another worker (storing a move, or paused): try again later
            raise
        row = cursor.fetchone()
        if row is not None and row[0] == worker:
            return True
        try:
            self._run("UPDATE room_leases SET wanted = ? WHERE room = ? AND holder <> ?", (worker, room, worker))
        except Exception as error:
            if not self.is_lock_timeout(error):
                raise  # locked: asked again at the next try
        return False

    def holder(self, room: str) -> str | None:
        row = self._run("SELECT holder FROM room_leases WHERE room = ?", (room,)).fetchone()
        return row[0] if row else None

    def held(self, worker: str) -> dict[str, str | None]:
        """Every room ``worker`` holds → who wants it (another worker's id, or None)."""
        return {
            room: wanted
            for room, wanted in self._run("SELECT room, wanted FROM room_leases WHERE holder = ?", (worker,)).fetchall()
        }

    def wanted(self, worker: str) -> dict[str, str]:
        """The rooms ``worker`` holds that another worker wants."""
        return {
            room: wanted
            for room, wanted in self._run(
                "SELECT room, wanted FROM room_leases WHERE holder = ? AND wanted IS NOT NULL", (worker,)
            ).fetchall()
        }

    def release(self, room: str, worker: str) -> None:
        self._run("DELETE FROM room_leases WHERE room = ? AND holder = ?", (room, worker))
