"""SQLite storage for rooms (stdlib ``sqlite3``, WAL journal).

Tables: ``rooms`` (game, options, time per turn, created, last activity, game number), ``seats`` (a SHA-256
of each seat token — the token itself is never stored), ``moves`` (every confirmed action of the current
game, in order) and ``requests`` (a pending new-game or undo request).  Deleting a room deletes its seats,
moves and request (foreign keys with ``ON DELETE CASCADE``).

Every change is one transaction, committed before the server tells anyone about it.  ``synchronous=NORMAL``
in WAL mode survives a crash of the server process (the tests kill it with SIGKILL); pass
``synchronous="FULL"`` to survive a power cut too, at some cost per move.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    timer INTEGER NOT NULL,
    created REAL NOT NULL,
    last_active REAL NOT NULL,
    game_no INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS rooms_last_active ON rooms(last_active);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    joined REAL NOT NULL,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    kind TEXT NOT NULL,
    move TEXT,
    seat INTEGER NOT NULL,
    by_cpu INTEGER NOT NULL,             -- 0 the player, 1 the CPU (time ran out), 2 the CPU for an absent player
    at REAL NOT NULL,
    PRIMARY KEY (room, ply)
);
CREATE TABLE IF NOT EXISTS requests (
    room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL
);
"""

SEVEN_DAYS = 7 * 24 * 3600


def token_hash(token: str) -> str:
    """SHA-256 of a token or key (hex).  Never raises on text that is not valid Unicode (a lone surrogate
    cannot be a real token, so it simply matches nothing)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


BY_PLAYER, BY_CPU_TIMEOUT, BY_CPU_STANDING_IN = 0, 1, 2      # who made a move (``moves.by_cpu``)


@dataclass
class StoredMove:
    kind: str            # "move" or "resign"
    move: str | None
    seat: int
    by_cpu: int          # BY_PLAYER, BY_CPU_TIMEOUT (the player was there) or BY_CPU_STANDING_IN (they were away)


def stood_in_at_end(moves: list[StoredMove]) -> set[int]:
    """The seats the CPU was standing in for after the last of ``moves``, as far as the stored moves tell: a
    seat is away from a move the CPU made for it while it was away until its next move made while it was
    there (its own, a resignation, or a turn the CPU played when its time ran out)."""
    away: set[int] = set()
    for m in moves:
        if m.kind == "move" and m.by_cpu == BY_CPU_STANDING_IN:
            away.add(m.seat)
        else:
            away.discard(m.seat)
    return away


@dataclass
class StoredRoom:
    id: str
    game: str
    options: dict
    timer: int
    created: float
    last_active: float
    game_no: int
    seat_hashes: list = field(default_factory=lambda: [None, None])
    moves: list = field(default_factory=list)
    request: tuple | None = None         # (kind, seat)


class Store:
    def __init__(self, path: str | Path, synchronous: str = "NORMAL"):
        if synchronous not in ("NORMAL", "FULL"):
            raise ValueError(f"synchronous={synchronous!r}: NORMAL or FULL")
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def _tx(self, statements: list[tuple[str, tuple]]) -> None:
        """Run statements as one transaction, committed before returning (or rolled back and raised)."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                db.execute(sql, args)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # ----- rooms --------------------------------------------------------------------------------
    def create_room(self, room_id: str, game: str, options: dict, timer: int, creator_token: str, now: float) -> None:
        self._tx([
            ("INSERT INTO rooms (id, game, options, timer, created, last_active) VALUES (?, ?, ?, ?, ?, ?)",
             (room_id, game, json.dumps(options, sort_keys=True), timer, now, now)),
            ("INSERT INTO seats (room, seat, token_hash, joined) VALUES (?, 0, ?, ?)",
             (room_id, token_hash(creator_token), now)),
        ])

    def load_room(self, room_id: str) -> StoredRoom | None:
        row = self.db.execute("SELECT id, game, options, timer, created, last_active, game_no FROM rooms WHERE id = ?",
                              (room_id,)).fetchone()
        if row is None:
            return None
        room = StoredRoom(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5], row[6])
        for seat, h in self.db.execute("SELECT seat, token_hash FROM seats WHERE room = ?", (room_id,)):
            room.seat_hashes[seat] = h
        room.moves = [StoredMove(kind, move, seat, int(cpu)) for kind, move, seat, cpu in self.db.execute(
            "SELECT kind, move, seat, by_cpu FROM moves WHERE room = ? ORDER BY ply", (room_id,))]
        req = self.db.execute("SELECT kind, seat FROM requests WHERE room = ?", (room_id,)).fetchone()
        room.request = tuple(req) if req else None
        return room

    def room_ids(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM rooms")]

    def touch(self, room_id: str, now: float) -> None:
        self._tx([("UPDATE rooms SET last_active = ? WHERE id = ?", (now, room_id))])

    def take_seat(self, room_id: str, seat: int, token: str, now: float) -> None:
        self._tx([("INSERT INTO seats (room, seat, token_hash, joined) VALUES (?, ?, ?, ?)",
                   (room_id, seat, token_hash(token), now)),
                  ("UPDATE rooms SET last_active = ? WHERE id = ?", (now, room_id))])

    # ----- moves and requests ----------------------------------------------------------------------
    def add_move(self, room_id: str, ply: int, kind: str, move: str | None, seat: int, by_cpu: int, now: float) -> None:
        """Store one confirmed action (``by_cpu``: BY_PLAYER, BY_CPU_TIMEOUT or BY_CPU_STANDING_IN); a pending
        request is cancelled by it (same transaction)."""
        self._tx([("INSERT INTO moves (room, ply, kind, move, seat, by_cpu, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (room_id, ply, kind, move, seat, int(by_cpu), now)),
                  ("DELETE FROM requests WHERE room = ?", (room_id,)),
                  ("UPDATE rooms SET last_active = ? WHERE id = ?", (now, room_id))])

    def undo_move(self, room_id: str, ply: int, now: float) -> None:
        self._tx([("DELETE FROM moves WHERE room = ? AND ply = ?", (room_id, ply)),
                  ("DELETE FROM requests WHERE room = ?", (room_id,)),
                  ("UPDATE rooms SET last_active = ? WHERE id = ?", (now, room_id))])

    def new_game(self, room_id: str, now: float) -> None:
        self._tx([("DELETE FROM moves WHERE room = ?", (room_id,)),
                  ("DELETE FROM requests WHERE room = ?", (room_id,)),
                  ("UPDATE rooms SET last_active = ?, game_no = game_no + 1 WHERE id = ?", (now, room_id))])

    def set_request(self, room_id: str, kind: str, seat: int, now: float) -> None:
        self._tx([("INSERT OR REPLACE INTO requests (room, kind, seat, at) VALUES (?, ?, ?, ?)",
                   (room_id, kind, seat, now)),
                  ("UPDATE rooms SET last_active = ? WHERE id = ?", (now, room_id))])

    def clear_request(self, room_id: str, now: float) -> None:
        self._tx([("DELETE FROM requests WHERE room = ?", (room_id,)),
                  ("UPDATE rooms SET last_active = ? WHERE id = ?", (now, room_id))])

    # ----- expiry ------------------------------------------------------------------------------------
    def expire(self, now: float, idle: float = SEVEN_DAYS) -> list[str]:
        """Delete every room idle for ``idle`` seconds or more (with its seats, moves and request)."""
        cutoff = now - idle
        ids = [r[0] for r in self.db.execute("SELECT id FROM rooms WHERE last_active <= ?", (cutoff,))]
        if ids:
            self._tx([("DELETE FROM rooms WHERE id = ?", (i,)) for i in ids])
        return ids

    def counts(self) -> dict[str, int]:
        return {t: self.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                for t in ("rooms", "seats", "moves", "requests")}
