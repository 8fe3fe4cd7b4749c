"""The class groups' statements (the :class:`gamekit.rooms.store_interface.GroupStore` interface) on either
database: groups, members, results and ratings, progress uploads, group rooms and the find-an-opponent queue.

:class:`GroupStatements` is one half of :class:`gamekit.rooms.store.SQLStore` (the rooms' statements are the
other): it runs through the store's transaction and query helpers (``transaction``, ``_tx``, ``_one``, ``_all``)
and its dialect's fragments (``NICK_EQUALS``, ``integrity_error``); the locks are SQLite's (nothing to do: one
writer at a time), which :class:`gamekit.rooms.store_pg.PostgresStore` overrides.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Sequence

from gamekit.rooms.store_interface import StoreError


class GroupStatements:
    """The groups' statements of a SQL store (mixed into :class:`gamekit.rooms.store.SQLStore`)."""

    def code_taken(self, code: str) -> bool:
        return self._one("SELECT 1 FROM groups WHERE code = ?", (code,)) is not None

    def create_group(self, gid: str, code: str, name: str, owner_hash: str, settings: dict, now: float) -> None:
        self._tx(
            [
                (
                    "INSERT INTO groups (id, code, name, owner_hash, settings, created, last_active) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (gid, code, name, owner_hash, json.dumps(settings), now, now),
                )
            ]
        )

    def load_group(self, gid: str) -> dict | None:
        row = self._one(
            "SELECT id, code, name, owner_hash, settings, created, last_active FROM groups WHERE id = ?", (gid,)
        )
        if row is None:
            return None
        return {
            "id": row[0],
            "code": row[1],
            "name": row[2],
            "owner_hash": row[3],
            "settings": json.loads(row[4]),
            "created": row[5],
            "last_active": row[6],
        }

    def group_by_code(self, code: str) -> str | None:
        row = self._one("SELECT id FROM groups WHERE code = ?", (code,))
        return None if row is None else row[0]

    def touch_group(self, gid: str, now: float) -> None:
        self._tx([("UPDATE groups SET last_active = ? WHERE id = ?", (now, gid))])

    def set_group_settings(self, gid: str, settings: dict, now: float) -> None:
        self._tx([("UPDATE groups SET settings = ?, last_active = ? WHERE id = ?", (json.dumps(settings), now, gid))])

    def delete_group(self, gid: str) -> list[str]:
        """Delete the group with its rooms, members, results and progress; the ids of the rooms deleted."""
        with self.transaction() as run:
            rooms = [r[0] for r in run("SELECT room FROM group_rooms WHERE grp = ?", (gid,)).fetchall()]
            for room_id in rooms:
                run("DELETE FROM rooms WHERE id = ?", (room_id,))
            run("DELETE FROM groups WHERE id = ?", (gid,))
        return rooms

    def idle_groups(self, cutoff: float) -> list[str]:
        return [r[0] for r in self._all("SELECT id FROM groups WHERE last_active <= ?", (cutoff,))]

    _MEMBER = "id, nickname, rating, games, wins, draws, losses"

    def member_by_key(self, gid: str, key_hash: str) -> dict | None:
        row = self._one(
            f"SELECT {self._MEMBER} FROM members WHERE token_hash = ? AND grp = ? AND nickname IS NOT NULL",
            (key_hash, gid),
        )
        return None if row is None else dict(zip(("id", "nickname", "rating", "games", "wins", "draws", "losses"), row))

    def member_by_nickname(self, gid: str, nickname: str) -> int | None:
        row = self._one("SELECT id FROM members WHERE grp = ? AND nickname = ?", (gid, nickname))
        return None if row is None else row[0]

    def count_members(self, gid: str) -> int:
        return self._one("SELECT COUNT(*) FROM members WHERE grp = ? AND nickname IS NOT NULL", (gid,))[0]

    def nickname_taken(self, gid: str, nickname: str) -> bool:
        return self._one(f"SELECT 1 FROM members WHERE grp = ? AND {self.NICK_EQUALS}", (gid, nickname)) is not None

    def add_member(self, gid: str, nickname: str, key_hash: str, now: float) -> bool:
        """Add a pupil; False (nothing stored) when the nickname was taken meanwhile (the key on nicknames)."""
        try:
            self._tx(
                [
                    (
                        "INSERT INTO members (grp, nickname, token_hash, joined) VALUES (?, ?, ?, ?)",
                        (gid, nickname, key_hash, now),
                    ),
                    ("UPDATE groups SET last_active = ? WHERE id = ?", (now, gid)),
                ]
            )
        except self.integrity_error:
            return False
        return True

    def remove_member(self, gid: str, member_id: int) -> None:
        self._tx(
            [
                ("UPDATE members SET nickname = NULL, token_hash = NULL WHERE id = ? AND grp = ?", (member_id, gid)),
                ("DELETE FROM progress WHERE member = ?", (member_id,)),
            ]
        )

    def members(self, gid: str, named_only: bool = True) -> list[tuple]:
        """``(id, nickname, rating, games, wins, draws, losses)`` of the group's pupils (also those who left,
        with nickname None, unless ``named_only``), by id."""
        where = " AND nickname IS NOT NULL" if named_only else ""
        return [
            tuple(r) for r in self._all(f"SELECT {self._MEMBER} FROM members WHERE grp = ?{where} ORDER BY id", (gid,))
        ]

    def nicknames(self, member_ids: Sequence[int]) -> dict[int, str | None]:
        ids = [m for m in member_ids if m is not None]
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        return {
            mid: nick for mid, nick in self._all(f"SELECT id, nickname FROM members WHERE id IN ({marks})", tuple(ids))
        }

    def set_member_totals(self, totals: Sequence[tuple]) -> None:
        """``(member id, rating, games, wins, draws, losses)`` each."""
        self._tx(
            [
                (
                    "UPDATE members SET rating = ?, games = ?, wins = ?, draws = ?, losses = ? WHERE id = ?",
                    (*t[1:], t[0]),
                )
                for t in totals
            ]
        )

    def results(self, gid: str) -> list[tuple]:
        """``(member0, member1, score0, at, reason, game)`` of the group's rated games, in the order stored."""
        return [
            tuple(r)
            for r in self._all(
                "SELECT member0, member1, score0, at, reason, game FROM results WHERE grp = ? ORDER BY id", (gid,)
            )
        ]

    def result_exists(self, room_id: str, game_no: int) -> bool:
        return self._one("SELECT 1 FROM results WHERE room = ? AND game_no = ?", (room_id, game_no)) is not None

    def _lock_members(self, run: Callable[[str, tuple], Any], ids: tuple) -> None:
        """Inside a transaction: no other process changes these members' totals until it ends (SQLite's
        ``BEGIN IMMEDIATE`` already holds the whole database)."""

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
    ) -> bool:
        """Store a rated game's result once (the key ``(room, game_no)``) and move both members' totals, with
        ``rate(rating0, rating1, score0) -> (new0, new1)`` applied to the ratings read in the same transaction.
        False (nothing stored) when the result was there already or a member is missing."""
        with self.transaction() as run:
            if run("SELECT 1 FROM results WHERE room = ? AND game_no = ?", (room_id, game_no)).fetchone():
                return False
            self._lock_members(run, (member0, member1))
            r = {
                mid: row
                for mid, *row in run(
                    "SELECT id, rating, games, wins, draws, losses FROM members WHERE id IN (?, ?)", (member0, member1)
                ).fetchall()
            }
            if member0 not in r or member1 not in r:
                return False
            new0, new1 = rate(r[member0][0], r[member1][0], score0)
            run(
                "INSERT INTO results (grp, room, game_no, member0, member1, score0, reason, game, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (gid, room_id, game_no, member0, member1, score0, reason, game, now),
            )
            for mid, rating, score in ((member0, new0, score0), (member1, new1, 1 - score0)):
                _, g, w, d, lost = r[mid]
                run(
                    "UPDATE members SET rating = ?, games = ?, wins = ?, draws = ?, losses = ? WHERE id = ?",
                    (rating, g + 1, w + (score == 1), d + (score == 0.5), lost + (score == 0), mid),
                )
            run("UPDATE groups SET last_active = ? WHERE id = ?", (now, gid))
        return True

    def progress(self, gid: str) -> list[tuple]:
        """``(nickname, progress dict or None, sent at or None)`` of every named pupil of the group."""
        rows = self._all(
            "SELECT m.nickname, p.data, p.at FROM members m LEFT JOIN progress p ON p.member = m.id "
            "WHERE m.grp = ? AND m.nickname IS NOT NULL",
            (gid,),
        )
        return [(nick, json.loads(data) if data else None, at) for nick, data, at in rows]

    def save_progress(self, gid: str, member_id: int, data: dict, now: float) -> None:
        self._tx(
            [
                (
                    "INSERT INTO progress (grp, member, data, at) VALUES (?, ?, ?, ?) ON CONFLICT (grp, member) "
                    "DO UPDATE SET data = excluded.data, at = excluded.at",
                    (gid, member_id, json.dumps(data), now),
                ),
                ("UPDATE groups SET last_active = ? WHERE id = ?", (now, gid)),
            ]
        )

    def add_group_room(self, room_id: str, gid: str, rated: bool, member0: int, now: float) -> None:
        self._tx(
            [
                (
                    "INSERT INTO group_rooms (room, grp, rated, member0, member1) VALUES (?, ?, ?, ?, ?)",
                    (room_id, gid, int(rated), member0, None),
                ),
                ("UPDATE groups SET last_active = ? WHERE id = ?", (now, gid)),
            ]
        )

    def group_room(self, room_id: str) -> tuple | None:
        """``(group id, rated, member0, member1 or None)`` of a group's room, or None."""
        row = self._one("SELECT grp, rated, member0, member1 FROM group_rooms WHERE room = ?", (room_id,))
        return None if row is None else tuple(row)

    def take_group_seat(self, room_id: str, member_id: int, token: str, now: float, reserved: bool = False) -> bool:
        """Seat 2 of a group's room for ``member_id`` (its token stored hashed); False (nothing changed) when
        someone took it first — two pupils pressing at once, maybe on two server processes.  ``reserved``: the
        seat was kept for this member by the find-an-opponent pairing (:meth:`pair_ready`)."""
        with self.transaction() as run:
            if reserved:
                ok = (
                    run(
                        "UPDATE group_rooms SET member1 = ? WHERE room = ? AND member1 = ?",
                        (member_id, room_id, member_id),
                    ).rowcount
                    == 1
                    and run("SELECT 1 FROM seats WHERE room = ? AND seat = 1", (room_id,)).fetchone() is None
                )
                if not ok:
                    return False
            elif (
                run(
                    "UPDATE group_rooms SET member1 = ? WHERE room = ? AND member1 IS NULL", (member_id, room_id)
                ).rowcount
                != 1
            ):
                return False
            if run("SELECT 1 FROM seats WHERE room = ? AND seat = 1", (room_id,)).fetchone():
                raise StoreError(f"room {room_id[:12]!r}: seat 2 is taken though the group room has no second member")
            for sql, args in self._take_seat(room_id, 1, token, now):
                run(sql, args)
        return True

    # the find-an-opponent queue (one row per waiting pupil; every server process sees the same queue)
    _WAITER = ("member", "grp", "nickname", "rating", "since", "poll", "claimed", "room", "opponent")

    def _lock_group(self, run: Callable[[str, tuple], Any], gid: str) -> None:
        """Inside a transaction: pairings in this group happen one at a time across processes (SQLite's
        ``BEGIN IMMEDIATE`` already holds the whole database)."""

    def queue_entry(self, member_id: int) -> dict | None:
        row = self._one(f"SELECT {', '.join(self._WAITER)} FROM waiting WHERE member = ?", (member_id,))
        return None if row is None else dict(zip(self._WAITER, row))

    def leave_queue(self, member_id: int) -> None:
        self._tx([("DELETE FROM waiting WHERE member = ?", (member_id,))])

    def queue_and_pair(
        self,
        gid: str,
        member_id: int,
        nickname: str,
        rating: float,
        now: float,
        stale: float,
        pick: Callable[[int, dict, float], int | None],
    ) -> tuple[str, int | None, str | None, int]:
        """In one transaction: forget waits whose page stopped asking ``stale`` seconds ago (and pairings never
        finished), put ``member_id`` in the group's queue (or note that its page asked again), and pair it with
        ``pick(member_id, queue, now)`` (queue: member → {"rating", "since"}).  Returns ``(state, opponent id,
        opponent nickname, pupils waiting)``: state ``"paired"`` (the opponent is claimed, this member leaves the
        queue: make the room, then :meth:`pair_ready`), ``"waiting"``, or ``"claimed"`` (another pupil has just
        been paired with this one)."""
        with self.transaction() as run:
            self._lock_group(run, gid)
            run(
                "DELETE FROM waiting WHERE grp = ? AND ((claimed IS NULL AND poll < ?) "
                "OR (claimed < ? AND room IS NULL) OR claimed < ?)",
                (gid, now - stale, now - stale, now - 10 * stale),
            )
            run(
                "INSERT INTO waiting (member, grp, nickname, rating, since, poll) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (member) DO UPDATE SET poll = excluded.poll, rating = excluded.rating",
                (member_id, gid, nickname, rating, now, now),
            )
            rows = run("SELECT member, nickname, rating, since, claimed FROM waiting WHERE grp = ?", (gid,)).fetchall()
            if any(m == member_id and claimed is not None for m, _, _, _, claimed in rows):
                return "claimed", None, None, len(rows)
            queue = {
                m: {"rating": r, "since": since, "nickname": nick}
                for m, nick, r, since, claimed in rows
                if claimed is None
            }
            best = pick(member_id, queue, now)
            if best is None:
                return "waiting", None, None, len(queue)
            run("UPDATE waiting SET claimed = ? WHERE member = ?", (now, best))
            run("DELETE FROM waiting WHERE member = ?", (member_id,))
            return "paired", best, queue[best]["nickname"], len(queue) - 2

    def pair_ready(self, member_id: int, room_id: str, opponent: str) -> None:
        """The room made for a pairing: its second seat is kept for ``member_id``, who is told on its next ask."""
        self._tx(
            [
                ("UPDATE group_rooms SET member1 = ? WHERE room = ? AND member1 IS NULL", (member_id, room_id)),
                ("UPDATE waiting SET room = ?, opponent = ? WHERE member = ?", (room_id, opponent, member_id)),
            ]
        )

    def group_rooms(self, gid: str, limit: int = 50) -> list[tuple]:
        """``(room, rated, member0, member1, game, options dict, game_no, score0, reason)`` of the group's rooms,
        most recently active first (score0 and reason: the current game's recorded result, or None)."""
        rows = self._all(
            "SELECT g.room, g.rated, g.member0, g.member1, r.game, r.options, r.game_no, res.score0, res.reason "
            "FROM group_rooms g JOIN rooms r ON r.id = g.room "
            "LEFT JOIN results res ON res.room = g.room AND res.game_no = r.game_no "
            "WHERE g.grp = ? ORDER BY r.last_active DESC LIMIT ?",
            (gid, limit),
        )
        return [(*r[:5], json.loads(r[5]), *r[6:]) for r in rows]

    def room_moves(self, room_id: str) -> list[tuple]:
        return [
            tuple(r) for r in self._all("SELECT kind, move, seat FROM moves WHERE room = ? ORDER BY ply", (room_id,))
        ]

    def game_no(self, room_id: str) -> int | None:
        row = self._one("SELECT game_no FROM rooms WHERE id = ?", (room_id,))
        return None if row is None else row[0]

    def rated_rooms_without_result(self) -> list[str]:
        """Rated group rooms with both players whose current game has moves but no stored result."""
        return [
            r[0]
            for r in self._all(
                "SELECT g.room FROM group_rooms g JOIN rooms r ON r.id = g.room "
                "LEFT JOIN results res ON res.room = g.room AND res.game_no = r.game_no "
                "WHERE g.rated = 1 AND g.member1 IS NOT NULL AND res.id IS NULL "
                "AND EXISTS (SELECT 1 FROM moves m WHERE m.room = g.room)"
            )
        ]
