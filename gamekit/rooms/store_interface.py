"""What the room server stores and how it asks: the :class:`RoomStore` and :class:`GroupStore` interfaces
(``typing.Protocol``), the records they hand out (:class:`StoredRoom`, :class:`StoredMove`), the group commit's
:data:`Write`, the storage errors, and the hashing and ordering both databases share (:func:`token_hash`,
:func:`nocase`).  The implementations: :class:`gamekit.rooms.store.SQLiteStore` and
:class:`gamekit.rooms.store_pg.PostgresStore`; the tables: :mod:`gamekit.rooms.store_schema`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Callable, Protocol, Sequence, runtime_checkable

__all__ = [
    "RoomStore",
    "GroupStore",
    "StoredRoom",
    "StoredMove",
    "Write",
    "ROOM_WRITES",
    "StoreError",
    "DuplicateMove",
    "SchemaTooNew",
    "token_hash",
    "stood_in_at_end",
    "nocase",
    "SEVEN_DAYS",
    "BY_PLAYER",
    "BY_CPU_TIMEOUT",
    "BY_CPU_STANDING_IN",
]

SEVEN_DAYS = 7 * 24 * 3600


def token_hash(token: str) -> str:
    """SHA-256 of a token or key (hex).  Never raises on text that is not valid Unicode (a lone surrogate
    cannot be a real token, so it simply matches nothing)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_ASCII_FOLD = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def nocase(text: str) -> str:
    """``text`` with A–Z folded to a–z only: the order of SQLite's ``COLLATE NOCASE`` (nicknames are listed so)."""
    return text.translate(_ASCII_FOLD)


BY_PLAYER, BY_CPU_TIMEOUT, BY_CPU_STANDING_IN = 0, 1, 2  # who made a move (``moves.by_cpu``)


@dataclass
class StoredMove:
    kind: str  # "move" or "resign"
    move: str | None
    seat: int
    by_cpu: int  # BY_PLAYER, BY_CPU_TIMEOUT (the player was there) or BY_CPU_STANDING_IN (they were away)


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
    request: tuple | None = None  # (kind, seat)


class StoreError(Exception):
    """A change the store refused (the database is unchanged)."""


class DuplicateMove(StoreError):
    """A second action at a ply the room already has (the key ``(room, ply)`` of ``moves``)."""


class SchemaTooNew(StoreError):
    """The database was made by a newer gamekit: its schema version is above :data:`SCHEMA_VERSION`."""


# One room write of the group commit: the name of a RoomStore write method and its arguments.
Write = tuple[str, tuple]
ROOM_WRITES = ("take_seat", "touch", "add_move", "undo_move", "new_game", "set_request", "clear_request")


@runtime_checkable
class RoomStore(Protocol):
    """What the room server stores and reads about rooms.  Every write is one transaction, committed before it
    returns; :meth:`apply` commits several (:data:`ROOM_WRITES`) as one."""

    def close(self) -> None: ...
    def create_room(
        self, room_id: str, game: str, options: dict, timer: int, creator_token: str, now: float
    ) -> None: ...
    def load_room(self, room_id: str) -> StoredRoom | None: ...
    def room_ids(self) -> list[str]: ...
    def missing_rooms(self, room_ids: Sequence[str]) -> list[str]: ...
    def touch(self, room_id: str, now: float) -> None: ...
    def take_seat(self, room_id: str, seat: int, token: str, now: float) -> None: ...
    def seat_hashes(self, room_id: str) -> list: ...
    def add_move(
        self, room_id: str, ply: int, kind: str, move: str | None, seat: int, by_cpu: int, now: float
    ) -> None: ...
    def undo_move(self, room_id: str, ply: int, now: float) -> None: ...
    def new_game(self, room_id: str, now: float) -> None: ...
    def set_request(self, room_id: str, kind: str, seat: int, now: float) -> None: ...
    def clear_request(self, room_id: str, now: float) -> None: ...
    def set_room_options(self, room_id: str, options: dict) -> None: ...
    def apply(self, writes: Sequence[Write]) -> None: ...
    def expire(self, now: float, idle: float = SEVEN_DAYS) -> list[str]: ...
    def counts(self) -> dict[str, int]: ...


@runtime_checkable
class GroupStore(Protocol):
    """What the class groups (:mod:`gamekit.rooms.groups`) store and read.  Keys arrive hashed; settings and
    progress as dicts (stored as JSON text)."""

    def code_taken(self, code: str) -> bool: ...
    def create_group(self, gid: str, code: str, name: str, owner_hash: str, settings: dict, now: float) -> None: ...
    def load_group(self, gid: str) -> dict | None: ...
    def group_by_code(self, code: str) -> str | None: ...
    def touch_group(self, gid: str, now: float) -> None: ...
    def set_group_settings(self, gid: str, settings: dict, now: float) -> None: ...
    def delete_group(self, gid: str) -> list[str]: ...
    def idle_groups(self, cutoff: float) -> list[str]: ...
    def member_by_key(self, gid: str, key_hash: str) -> dict | None: ...
    def member_by_nickname(self, gid: str, nickname: str) -> int | None: ...
    def count_members(self, gid: str) -> int: ...
    def nickname_taken(self, gid: str, nickname: str) -> bool: ...
    def add_member(self, gid: str, nickname: str, key_hash: str, now: float) -> bool: ...
    def remove_member(self, gid: str, member_id: int) -> None: ...
    def members(self, gid: str, named_only: bool = True) -> list[tuple]: ...
    def nicknames(self, member_ids: Sequence[int]) -> dict[int, str | None]: ...
    def set_member_totals(self, totals: Sequence[tuple]) -> None: ...
    def results(self, gid: str) -> list[tuple]: ...
    def result_exists(self, room_id: str, game_no: int) -> bool: ...
    def record_result(
        self,
        gid: str,
        room_id: str,
        game_no: int,
        member0: int,
        member1: int,
        score0: float,
        reason: str,
        game: str,
        now: float,
        rate: Callable[[float, float, float], tuple[float, float]],
    ) -> bool: ...
    def progress(self, gid: str) -> list[tuple]: ...
    def save_progress(self, gid: str, member_id: int, data: dict, now: float) -> None: ...
    def add_group_room(self, room_id: str, gid: str, rated: bool, member0: int, now: float) -> None: ...
    def group_room(self, room_id: str) -> tuple | None: ...
    def take_group_seat(self, room_id: str, member_id: int, token: str, now: float, reserved: bool = False) -> bool: ...
    def queue_entry(self, member_id: int) -> dict | None: ...
    def leave_queue(self, member_id: int) -> None: ...
    def queue_and_pair(
        self,
        gid: str,
        member_id: int,
        nickname: str,
        rating: float,
        now: float,
        stale: float,
        pick: Callable[[int, dict, float], int | None],
    ) -> tuple[str, int | None, str | None, int]: ...
    def pair_ready(self, member_id: int, room_id: str, opponent: str) -> None: ...
    def group_rooms(self, gid: str, limit: int = 50) -> list[tuple]: ...
    def room_moves(self, room_id: str) -> list[tuple]: ...
    def game_no(self, room_id: str) -> int | None: ...
    def rated_rooms_without_result(self) -> list[str]: ...
    def set_room_options(self, room_id: str, options: dict) -> None: ...
