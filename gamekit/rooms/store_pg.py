"""PostgreSQL storage for rooms and groups (psycopg 3): the same statements and migrations as the SQLite store
(:class:`gamekit.rooms.store.SQLStore`), for one or several server processes sharing one database.

``python -m gamekit.rooms --db postgresql://user@host/dbname`` uses it (``pip install "gamekit[postgres]"``).
Nothing read from the database is kept between calls but the rooms a process is serving (each room lives in
one process: the proxy routes it by its id) — so processes may share the database: a group's data, seats taken
from the group page and deleted rooms are read afresh.  Commits are durable (``synchronous_commit`` as the
server has it, on by default): a confirmed move survives a crash of the room server and of PostgreSQL.
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator

import psycopg

from gamekit.rooms.leases import FENCE_SETTING
from gamekit.rooms.store import SQLStore
from gamekit.rooms.store_interface import StoreError

__all__ = ["PostgresStore"]

_MIGRATION_LOCK = 0x67616D65  # pg_advisory_xact_lock key: processes starting together migrate one at a time


class PostgresStore(SQLStore):
    dialect = "postgresql"
    integrity_error = psycopg.IntegrityError
    NICK_EQUALS = "lower(nickname) = lower(?)"
    commit_in_thread = True  # the group commit runs off the event loop: a commit waits for the server's disk

    def __init__(self, url: str, connect_timeout: float = 10.0):
        if not isinstance(url, str) or not url.startswith(("postgresql://", "postgres://")):
            raise ValueError(f"db={url!r}: a PostgreSQL address starts with postgresql://")
        self.url = url
        self.connect_timeout = connect_timeout
        self._sql: dict[str, str] = {}
        self.worker: str | None = None
        self.db = self._connect()
        self.migrate()

    def _connect(self) -> psycopg.Connection:
        try:
            conn = psycopg.connect(self.url, autocommit=True, connect_timeout=int(self.connect_timeout))
            if self.worker is not None:
                conn.execute("SELECT set_config(%s, %s, false)", (FENCE_SETTING, self.worker))
            return conn
        except psycopg.OperationalError as error:
            where = self.url.split("@", 1)[-1] if "@" in self.url else self.url.split("://", 1)[-1]
            reason = " ".join(str(error).split())[:300]
            raise StoreError(f"Cannot connect to the PostgreSQL database {where}: {reason}") from None

    def _conn(self) -> psycopg.Connection:
        """The connection, opened again when the last one broke (PostgreSQL restarted): the call that found
        it broken failed and was not confirmed; the next one works."""
        if self.db.closed or self.db.broken:
            self.db = self._connect()
        return self.db

    def fence(self, worker: str) -> None:
        """From now on this store's connection (and any it opens again) stores a move only of a room whose
        lease ``worker`` holds: the trigger :data:`gamekit.rooms.leases.FENCE_POSTGRES` (created by
        :class:`~gamekit.rooms.leases.Leases`) refuses any other with an integrity error."""
        if not isinstance(worker, str) or not worker:
            raise ValueError(f"worker={worker!r}: a worker id (gamekit.rooms.leases.new_worker_id)")
        self.worker = worker
        self._conn().execute("SELECT set_config(%s, %s, false)", (FENCE_SETTING, worker))

    def close(self) -> None:
        self.db.close()

    def _q(self, sql: str) -> str:
        """Our statements use ``?`` for each value (SQLite's style; no ``?`` or ``%`` appears otherwise)."""
        found = self._sql.get(sql)
        if found is None:
            found = self._sql[sql] = sql.replace("?", "%s")
        return found

    def _execute(self, sql: str, args: tuple = ()) -> Any:
        return self._conn().execute(self._q(sql), args)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Callable[[str, tuple], Any]]:
        conn = self._conn()
        with conn.transaction():
            yield lambda sql, args=(): conn.execute(self._q(sql), args)

    def _lock_for_migration(self, run: Callable[[str, tuple], Any]) -> None:
        run("SELECT pg_advisory_xact_lock(?)", (_MIGRATION_LOCK,))

    # row locks that do not block foreign-key checks (KEY SHARE), so the two never wait on each other in a cycle
    def _lock_group(self, run: Callable[[str, tuple], Any], gid: str) -> None:
        run("SELECT id FROM groups WHERE id = ? FOR NO KEY UPDATE", (gid,))

    def _lock_members(self, run: Callable[[str, tuple], Any], ids: tuple) -> None:
        run("SELECT id FROM members WHERE id IN (?, ?) ORDER BY id FOR NO KEY UPDATE", ids)
