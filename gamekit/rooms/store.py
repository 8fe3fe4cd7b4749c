"""The rooms' SQL store: :class:`SQLStore`, the statements both databases run, and :class:`SQLiteStore`, the
SQLite implementation (stdlib ``sqlite3``, WAL journal) — the default, a single file
on a teacher's laptop.  The PostgreSQL implementation, for several server processes sharing one database, is
:class:`gamekit.rooms.store_pg.PostgresStore`; :func:`gamekit.rooms.stores.open_store` picks one from ``--db``.
Only the table definitions (:mod:`gamekit.rooms.store_schema`) and a few fragments differ (``docs/rooms.md``,
"Storage"); the interfaces both keep are :mod:`gamekit.rooms.store_interface`.

Every change is one transaction, committed before the server tells anyone about it.  The server's group commit
(:meth:`RoomStore.apply`) runs the writes of one event-loop turn as one transaction.  SQLite's
``synchronous=NORMAL`` in WAL mode survives a crash of the server process (the tests kill it with SIGKILL); pass
``synchronous="FULL"`` to survive a power cut too, at some cost per move.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from gamekit.rooms.store_groups import GroupStatements
from gamekit.rooms.store_interface import (
    ROOM_WRITES,
    SEVEN_DAYS,
    DuplicateMove,
    SchemaTooNew,
    StoredMove,
    StoredRoom,
    Write,
    token_hash,
)
from gamekit.rooms.store_schema import MIGRATIONS, SCHEMA_VERSION, statements

__all__ = ["SQLiteStore", "SQLStore"]


class SQLStore(GroupStatements):
    """The statements both databases run: the rooms' here, the groups' in :class:`GroupStatements`.  A subclass
    connects and says how to run a transaction (:meth:`transaction`), which integrity errors its driver raises, and
    the few fragments that differ."""

    dialect = "sqlite"
    integrity_error: type[Exception] | tuple[type[Exception], ...] = sqlite3.IntegrityError
    NICK_EQUALS = "nickname = ? COLLATE NOCASE"  # the key of a nickname in its group

    # ----- to be provided by a subclass -------------------------------------------------------------------
    def transaction(self) -> contextlib.AbstractContextManager[Callable[[str, tuple], Any]]:
        """``with store.transaction() as run:`` — ``run(sql, args)`` returns a cursor; commit at the end,
        rollback (and re-raise) on an exception."""
        raise NotImplementedError

    def _execute(self, sql: str, args: tuple = ()) -> Any:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # ----- helpers ------------------------------------------------------------------------------------------
    def _tx(self, statements_: Sequence[tuple[str, tuple]]) -> list[int]:
        """Run statements as one transaction, committed before returning (or rolled back and raised); the
        number of rows each one changed."""
        with self.transaction() as run:
            return [run(sql, args).rowcount for sql, args in statements_]

    def _one(self, sql: str, args: tuple = ()) -> Any:
        return self._execute(sql, args).fetchone()

    def _all(self, sql: str, args: tuple = ()) -> list:
        return self._execute(sql, args).fetchall()

    def migrate(self) -> int:
        """Bring the schema to :data:`SCHEMA_VERSION` (each step in a transaction); the version found."""
        with self.transaction() as run:
            self._lock_for_migration(run)
            run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)", ())
            row = run("SELECT version FROM schema_version", ()).fetchone()
            found = 0 if row is None else row[0]
            if row is None:
                run("INSERT INTO schema_version (version) VALUES (0)", ())
            if found > SCHEMA_VERSION:
                raise SchemaTooNew(
                    f"The database's schema is version {found}; this gamekit knows versions up to "
                    f"{SCHEMA_VERSION}: upgrade gamekit to open it."
                )
            for version in range(found + 1, SCHEMA_VERSION + 1):
                script = MIGRATIONS[version - 1][0 if self.dialect == "sqlite" else 1]
                for sql in statements(script):
                    run(sql, ())
                run("UPDATE schema_version SET version = ?", (version,))
        return found

    def _lock_for_migration(self, run: Callable[[str, tuple], Any]) -> None:
        """Several processes opening one database at once migrate it one after the other."""

    def schema_version(self) -> int:
        return self._one("SELECT version FROM schema_version")[0]

    # ----- rooms --------------------------------------------------------------------------------
    def create_room(self, room_id: str, game: str, options: dict, timer: int, creator_token: str, now: float) -> None:
        self._tx(
            [
                (
                    "INSERT INTO rooms (id, game, options, timer, created, last_active) VALUES (?, ?, ?, ?, ?, ?)",
                    (room_id, game, json.dumps(options, sort_keys=True), timer, now, now),
                ),
                (
                    "INSERT INTO seats (room, seat, token_hash, joined) VALUES (?, 0, ?, ?)",
                    (room_id, token_hash(creator_token), now),
                ),
            ]
        )

    def load_room(self, room_id: str) -> StoredRoom | None:
        with self.transaction() as run:  # one snapshot of the room's rows
            row = run(
                "SELECT id, game, options, timer, created, last_active, game_no FROM rooms WHERE id = ?", (room_id,)
            ).fetchone()
            if row is None:
                return None
            room = StoredRoom(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5], row[6])
            for seat, h in run("SELECT seat, token_hash FROM seats WHERE room = ?", (room_id,)).fetchall():
                room.seat_hashes[seat] = h
            room.moves = [
                StoredMove(kind, move, seat, int(cpu))
                for kind, move, seat, cpu in run(
                    "SELECT kind, move, seat, by_cpu FROM moves WHERE room = ? ORDER BY ply", (room_id,)
                ).fetchall()
            ]
            req = run("SELECT kind, seat FROM requests WHERE room = ?", (room_id,)).fetchone()
            room.request = tuple(req) if req else None
        return room

    def room_ids(self) -> list[str]:
        return [r[0] for r in self._all("SELECT id FROM rooms")]

    def missing_rooms(self, room_ids: Sequence[str]) -> list[str]:
        """Those of ``room_ids`` that are no longer stored (deleted by another process sharing the database)."""
        ids = list(room_ids)
        present: set[str] = set()
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            present.update(r[0] for r in self._all(f"SELECT id FROM rooms WHERE id IN ({marks})", tuple(chunk)))
        return [i for i in ids if i not in present]

    def seat_hashes(self, room_id: str) -> list:
        hashes: list = [None, None]
        for seat, h in self._all("SELECT seat, token_hash FROM seats WHERE room = ?", (room_id,)):
            hashes[seat] = h
        return hashes

    # each room write is a list of statements, so that the group commit can run several as one transaction
    def _touch(self, room_id: str, now: float) -> list:
        return [("UPDATE rooms SET last_active = ? WHERE id = ?", (now, room_id))]

    def _take_seat(self, room_id: str, seat: int, token: str, now: float) -> list:
        return [
            (
                "INSERT INTO seats (room, seat, token_hash, joined) VALUES (?, ?, ?, ?)",
                (room_id, seat, token_hash(token), now),
            ),
            *self._touch(room_id, now),
        ]

    def _add_move(
        self, room_id: str, ply: int, kind: str, move: str | None, seat: int, by_cpu: int, now: float
    ) -> list:
        return [
            (
                "INSERT INTO moves (room, ply, kind, move, seat, by_cpu, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (room_id, ply, kind, move, seat, int(by_cpu), now),
            ),
            ("DELETE FROM requests WHERE room = ?", (room_id,)),
            *self._touch(room_id, now),
        ]

    def _undo_move(self, room_id: str, ply: int, now: float) -> list:
        return [
            ("DELETE FROM moves WHERE room = ? AND ply = ?", (room_id, ply)),
            ("DELETE FROM requests WHERE room = ?", (room_id,)),
            *self._touch(room_id, now),
        ]

    def _new_game(self, room_id: str, now: float) -> list:
        return [
            ("DELETE FROM moves WHERE room = ?", (room_id,)),
            ("DELETE FROM requests WHERE room = ?", (room_id,)),
            ("UPDATE rooms SET last_active = ?, game_no = game_no + 1 WHERE id = ?", (now, room_id)),
        ]

    def _set_request(self, room_id: str, kind: str, seat: int, now: float) -> list:
        return [
            (
                "INSERT INTO requests (room, kind, seat, at) VALUES (?, ?, ?, ?) ON CONFLICT (room) DO UPDATE "
                "SET kind = excluded.kind, seat = excluded.seat, at = excluded.at",
                (room_id, kind, seat, now),
            ),
            *self._touch(room_id, now),
        ]

    def _clear_request(self, room_id: str, now: float) -> list:
        return [("DELETE FROM requests WHERE room = ?", (room_id,)), *self._touch(room_id, now)]

    def touch(self, room_id: str, now: float) -> None:
        self._tx(self._touch(room_id, now))

    def take_seat(self, room_id: str, seat: int, token: str, now: float) -> None:
        self._tx(self._take_seat(room_id, seat, token, now))

    def add_move(self, room_id: str, ply: int, kind: str, move: str | None, seat: int, by_cpu: int, now: float) -> None:
        """Store one confirmed action (``by_cpu``: BY_PLAYER, BY_CPU_TIMEOUT or BY_CPU_STANDING_IN); a pending
        request is cancelled by it (same transaction).  A second action at the same ply raises
        :class:`DuplicateMove` and changes nothing."""
        self.apply([("add_move", (room_id, ply, kind, move, seat, by_cpu, now))])

    def undo_move(self, room_id: str, ply: int, now: float) -> None:
        self._tx(self._undo_move(room_id, ply, now))

    def new_game(self, room_id: str, now: float) -> None:
        self._tx(self._new_game(room_id, now))

    def set_request(self, room_id: str, kind: str, seat: int, now: float) -> None:
        self._tx(self._set_request(room_id, kind, seat, now))

    def clear_request(self, room_id: str, now: float) -> None:
        self._tx(self._clear_request(room_id, now))

    def set_room_options(self, room_id: str, options: dict) -> None:
        self._tx([("UPDATE rooms SET options = ? WHERE id = ?", (json.dumps(options, sort_keys=True), room_id))])

    def apply(self, writes: Sequence[Write]) -> None:
        """Run room writes (``(name, args)``, ``name`` one of :data:`ROOM_WRITES`) as one transaction: all of
        them are committed, or none (the exception is raised: :class:`DuplicateMove` for a ply a room has)."""
        batch = []
        for name, args in writes:
            if name not in ROOM_WRITES:
                raise ValueError(f"write {name!r}: not one of {', '.join(ROOM_WRITES)}")
            batch.extend(getattr(self, "_" + name)(*args))
        try:
            self._tx(batch)
        except self.integrity_error as error:
            for name, args in writes:
                if name == "add_move" and self._one("SELECT 1 FROM moves WHERE room = ? AND ply = ?", args[:2]):
                    raise DuplicateMove(
                        f"Room {args[0][:12]!r} already has a move at ply {args[1]}: nothing was stored."
                    ) from error
            raise

    # ----- expiry ------------------------------------------------------------------------------------
    def expire(self, now: float, idle: float = SEVEN_DAYS) -> list[str]:
        """Delete every room idle for ``idle`` seconds or more (with its seats, moves and request)."""
        cutoff = now - idle
        with self.transaction() as run:
            ids = [r[0] for r in run("SELECT id FROM rooms WHERE last_active <= ?", (cutoff,)).fetchall()]
            for i in ids:
                run("DELETE FROM rooms WHERE id = ? AND last_active <= ?", (i, cutoff))
        return ids

    def counts(self) -> dict[str, int]:
        return {t: self._one(f"SELECT COUNT(*) FROM {t}")[0] for t in ("rooms", "seats", "moves", "requests")}


class SQLiteStore(SQLStore):
    """Rooms and groups in one SQLite file (WAL journal), for one server process."""

    def __init__(self, path: str | Path, synchronous: str = "NORMAL"):
        if synchronous not in ("NORMAL", "FULL"):
            raise ValueError(f"synchronous={synchronous!r}: NORMAL or FULL")
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.migrate()
        self.checkpointer: threading.Thread | None = None
        self._stop_checkpoints = threading.Event()
        self.checkpoints = 0  # WAL checkpoints run by the thread (checkpoint_in_thread)

    def checkpoint_in_thread(self, every: float = 0.5) -> None:
        """Checkpoint the WAL in a thread of its own instead of in the commits: SQLite's automatic checkpoint
        (once the WAL holds 1000 pages) runs inside the commit that crosses that size, copying ~4 MB into the
        database file and syncing it — 5–30 ms of the server's event loop every few hundred commits, during
        which no room is served.  Here this connection's automatic checkpoints are switched off and a second
        connection runs a PASSIVE checkpoint every ``every`` seconds (it waits for no reader or writer; the
        event loop's commits go on meanwhile, and ``sqlite3`` lets go of the GIL while SQLite works).
        Durability is SQLite's own either way: a committed transaction is in the WAL before the commit returns,
        so a killed process loses nothing, whenever the checkpoint runs; ``close`` stops the thread."""
        if self.checkpointer is not None:
            return
        if not every > 0:
            raise ValueError(f"every={every!r}: a number of seconds above 0")
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        checkpoints = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        checkpoints.execute("PRAGMA busy_timeout=5000")
        stop = self._stop_checkpoints

        def run() -> None:
            try:
                while not stop.wait(every):
                    try:
                        checkpoints.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                        self.checkpoints += 1
                    except sqlite3.Error:  # busy (another process checkpointing), or a disk error: next time
                        pass
            finally:
                checkpoints.close()

        self.checkpointer = threading.Thread(target=run, name="gamekit-checkpoint", daemon=True)
        self.checkpointer.start()

    def close(self) -> None:
        if self.checkpointer is not None:
            self._stop_checkpoints.set()
            self.checkpointer.join()
            self.checkpointer = None
        self.db.close()

    def _execute(self, sql: str, args: tuple = ()) -> Any:
        return self.db.execute(sql, args)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Callable[[str, tuple], Any]]:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db.execute
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
