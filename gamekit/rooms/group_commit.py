"""The room server's write batching: the writes of one event-loop turn committed as one transaction, and every
message that may tell of them held until they are (:class:`GroupCommit`); :class:`FlushFirst` commits them
before any other use of the store."""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import logging
import os
import signal
from typing import Any, Callable

log = logging.getLogger("gamekit.rooms")


class GroupCommit:
    """Group commit: the room writes of one event-loop turn — every move, seat and request that arrived in it, on
    any room — are committed as one transaction at the end of the turn, and each is confirmed only after that
    commit: while writes wait, every message and close to any connection is held (in order) and sent once they
    are committed.  Nothing anyone was told is lost if the process is killed; one transaction serves many moves.

    With ``in_thread`` (PostgreSQL, whose commit waits for its disk) the transaction runs in a thread of its
    own while the event loop goes on: the writes arriving meanwhile form the next batch, started when this one
    is committed; a message is held until the batch it may tell of is committed.  Anything else that uses the
    store first calls :meth:`flush` (all writes committed, what waited for them sent).

    If a transaction fails, each room's writes are tried again in a transaction of their own; a room whose
    writes still fail is handed to ``lost`` (its held messages and writes not yet started are dropped: they were
    about changes not stored)."""

    def __init__(
        self, store: Any, lost: Callable[[Any], None], kill_before_batch: bool = False, in_thread: bool = False
    ):
        self.store, self.lost = store, lost
        self.kill_before_batch = kill_before_batch  # tests only: SIGKILL before committing two moves at once
        self.writes: list[tuple[Any, str, tuple]] = []  # the next batch: (room, RoomStore write, its arguments)
        self.held: collections.deque = collections.deque()  # (batch, connection, JSON text or (code, reason))
        self.started = 0  # number of the last batch handed to the store
        self.inflight: concurrent.futures.Future | None = None  # that batch, committing in the thread
        self.inflight_writes: list = []
        self.scheduled = False
        self.thread = (
            concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="gamekit-commit") if in_thread else None
        )
        self.transactions = self.committed = 0  # counts, for the benchmark and the log

    def busy(self) -> bool:
        return bool(self.writes) or self.inflight is not None

    def write(self, room: Any, name: str, *args: Any) -> None:
        self.writes.append((room, name, args))
        if not self.scheduled:
            self.scheduled = True
            try:
                asyncio.get_running_loop().call_soon(self.end_of_turn)
            except RuntimeError:  # no event loop (a script driving a RoomServer): now
                self.flush()

    def hold(self, conn: Any, what: Any) -> bool:
        """Keep a message (or close) for ``conn`` until the writes made before it are committed; False when
        nothing waits (send it now)."""
        if self.writes:
            batch = self.started + 1
        elif self.inflight is not None:
            batch = self.started
        else:
            return False
        self.held.append((batch, conn, what))
        return True

    def end_of_turn(self) -> None:
        self.scheduled = False
        if self.inflight is None:
            self._start()

    def _take(self) -> tuple[int, list]:
        writes, self.writes = self.writes, []
        if self.kill_before_batch and sum(name == "add_move" for _, name, _ in writes) >= 2:
            os.kill(os.getpid(), signal.SIGKILL)
        self.started += 1
        return self.started, writes

    def _start(self) -> None:
        if not self.writes:
            return
        batch, writes = self._take()
        if self.thread is None:
            self._finished(batch, writes, self._commit(writes))
            return
        loop = asyncio.get_running_loop()
        future = self.inflight = self.thread.submit(self._commit, writes)
        self.inflight_writes = writes
        future.add_done_callback(lambda f: loop.call_soon_threadsafe(self._done, batch, writes, f))

    def _done(self, batch: int, writes: list, future: concurrent.futures.Future) -> None:
        if self.inflight is not future:
            return  # finished already by a flush
        self.inflight = None
        self._finished(batch, writes, future.result())
        if self.writes and not self.scheduled:
            self._start()  # what arrived meanwhile goes next

    def flush(self) -> None:
        """Commit every write made so far (waiting for the batch in the thread, if any) and send what waited."""
        if self.inflight is not None:
            future, self.inflight = self.inflight, None
            self._finished(self.started, self.inflight_writes, future.result())
        if self.writes:
            batch, writes = self._take()
            self._finished(batch, writes, self._commit(writes))

    def _commit(self, writes: list) -> set[int]:
        """One transaction for ``writes`` (in the thread or here); the ids of the rooms whose writes failed."""
        try:
            self.store.apply([(name, args) for _, name, args in writes])
            self.transactions += 1
            return set()
        except Exception:  # noqa: BLE001 — a full disk, a lost database, or our bug: no room is confirmed yet
            log.exception("committing %d room write(s) failed; trying each room's alone", len(writes))
        failed: set[int] = set()
        by_room: dict[int, list] = {}
        for room, name, args in writes:
            by_room.setdefault(id(room), []).append((name, args))
        for key, own in by_room.items():
            try:
                self.store.apply(own)
                self.transactions += 1
            except Exception:  # noqa: BLE001
                log.exception("a room's writes could not be stored: its connections are closed")
                failed.add(key)
        return failed

    def _finished(self, batch: int, writes: list, failed: set[int]) -> None:
        self.committed += len(writes)
        if failed:  # later writes of those rooms would leave a gap: they go too
            self.writes = [w for w in self.writes if id(w[0]) not in failed]
        held = self.held
        while held and held[0][0] <= batch:
            _, conn, what = held.popleft()
            if conn.room is not None and id(conn.room) in failed:
                continue
            if isinstance(what, (str, bytes)):  # a message (encoded once: see Room.broadcast)
                conn.write_now(what)
            else:
                conn.close(*what)
        if failed:
            self.held = collections.deque(h for h in held if h[1].room is None or id(h[1].room) not in failed)
            for room, _, _ in writes:
                if id(room) in failed:
                    failed.discard(id(room))
                    self.lost(room)

    def close(self) -> None:
        self.flush()
        if self.thread is not None:
            self.thread.shutdown()


class FlushFirst:
    """``store`` whose every call first commits the room writes waiting for this turn (``flush``): what the
    class groups read and write comes after the moves that arrived before, as it did when each was committed
    at once."""

    def __init__(self, store: Any, flush: Callable[[], None]):
        self._store, self._flush = store, flush

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            self._flush()
            return attr(*args, **kwargs)

        return call
