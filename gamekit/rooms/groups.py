"""A class as a group on the room server: shared settings, rated games, a ladder, the teacher's class table.

A teacher creates a group and gets two things: the **owner link** ``/g/<group>/owner#key=<owner key>`` (a
secret: whoever has it is the teacher) and the **join link** ``/g/<group>`` with its **short code** (e.g.
``K7MQ-2PXA``, typed on ``/join``).  Pupils join with a nickname only and get a member key, kept in their
browser (or in the notebook client); it never appears in a URL, a page of someone else, a log or an export.

Keys are sent in the JSON body of ``POST /api/groups/<group>/<action>`` (the owner key after ``#`` in the owner
link never reaches the server's access log: browsers do not send the fragment).  Keys are stored as SHA-256
hashes only.  Every request is size- and rate-limited and validated; a refusal is a 4xx JSON
``{"type": "error", "message": …}`` and changes nothing.

Everything lives in the rooms' SQLite database (tables ``groups``, ``members``, ``group_rooms``, ``results``,
``progress``, created by :data:`SCHEMA` when the server starts).  A group idle for :data:`GROUP_IDLE_DAYS`
days is deleted with everything in it.  Rules and choices: ``docs/class.md``.
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
import secrets
import signal
import time
import unicodedata
from typing import Any

from gamekit.rooms import ratings
from gamekit.rooms.games import TIMERS, BadOptions, replay, spec_for
from gamekit.rooms.store import stood_in_at_end, token_hash
from gamekit.rooms.untrusted import BadJSON, loads
from gamekit.rooms.web import STATIC, BaseHandler, HostedRoom, Refusal, RoomHost

SCHEMA = """
CREATE TABLE IF NOT EXISTS groups (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    owner_hash TEXT NOT NULL,
    settings TEXT NOT NULL,
    created REAL NOT NULL,
    last_active REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS groups_last_active ON groups(last_active);
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    grp TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    nickname TEXT,                       -- NULL once the pupil left or was removed
    token_hash TEXT UNIQUE,
    joined REAL NOT NULL,
    rating REAL NOT NULL DEFAULT 1200,   -- running totals: a cache of ratings.recompute(results)
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    losses INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS members_nickname ON members(grp, nickname COLLATE NOCASE) WHERE nickname IS NOT NULL;
CREATE TABLE IF NOT EXISTS group_rooms (
    room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
    grp TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    rated INTEGER NOT NULL,
    member0 INTEGER NOT NULL,
    member1 INTEGER
);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    grp TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    room TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    member0 INTEGER NOT NULL,
    member1 INTEGER NOT NULL,
    score0 REAL NOT NULL,
    reason TEXT NOT NULL,
    game TEXT NOT NULL,
    at REAL NOT NULL,
    UNIQUE (room, game_no)
);
CREATE TABLE IF NOT EXISTS progress (
    grp TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    member INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
    data TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (grp, member)
);
"""

GROUP_IDLE_DAYS = 120                  # a school term and a holiday
GROUP_IDLE = GROUP_IDLE_DAYS * 24 * 3600
MAX_BODY = 4096                        # bytes of a group request …
MAX_PROGRESS = 65536                   # … except a lesson progress upload
MAX_MEMBERS = 200
NICK_MIN, NICK_MAX = 2, 20
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"     # no 0/O, 1/I: easy to read out and type
CODE_LENGTH = 8                        # 32 ** 8 = 2 ** 40 codes (docs/class.md, "Safety"); shown as K7MQ-2PXA
OLD_CODE_LENGTH = 6                    # codes of groups made before: 2 ** 30, still accepted (shown as K7M-Q2P)
FIND_STALE = 15.0                      # a "find me an opponent" wait ends when its page stops asking for this long
DEFAULT_SETTINGS = {"game": "dots", "width": 5, "height": 4, "timer": 0, "alternate": True, "popout": False,
                    "rated": True}
GAMES = {"dots": "Dots and Boxes", "five": "5 en raya (9 × 6)", "four": "Connect Four (7 × 6)"}


def show_code(code: str) -> str:
    """A stored join code as the teacher writes it on the board: ``K7MQ-2PXA`` (an older one: ``K7M-Q2P``)."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


class GroupRefusal(Exception):
    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


# ----- checks of untrusted input ------------------------------------------------------------------------------
def check_nickname(nickname: Any) -> str:
    """A nickname: 2–20 letters, digits, spaces, ``-``, ``_`` or ``.``; starts with a letter or digit."""
    if not isinstance(nickname, str):
        raise GroupRefusal("The nickname must be text.")
    nick = unicodedata.normalize("NFC", nickname).strip()
    nick = re.sub(r" {2,}", " ", nick)
    if not NICK_MIN <= len(nick) <= NICK_MAX:
        raise GroupRefusal(f"Nickname {nick[:30]!r}: use {NICK_MIN} to {NICK_MAX} characters.")
    bad = [c for c in nick if not (c.isalnum() or c in " -_.")]
    if bad:
        shown = "".join(sorted(set(bad)))[:10].encode("unicode_escape").decode()
        raise GroupRefusal(f"Nickname {nick!r}: only letters, digits, spaces, '-', '_' and '.' are allowed "
                           f"(not {shown!r}).")
    if not nick[0].isalnum():
        raise GroupRefusal(f"Nickname {nick!r}: start with a letter or a digit.")
    return nick


def check_group_name(name: Any) -> str:
    if name is None or name == "":
        return "My class"
    if not isinstance(name, str):
        raise GroupRefusal("The group name must be text.")
    name = " ".join(name.split())
    if not 1 <= len(name) <= 60 or any(unicodedata.category(c).startswith("C") for c in name):
        raise GroupRefusal("The group name: 1 to 60 printable characters.")
    return name


def check_settings(raw: Any, current: dict | None = None) -> dict:
    """The group settings, checked (types never coerced); keys not given keep their ``current`` value."""
    if not isinstance(raw, dict):
        raise GroupRefusal("settings must be an object.")
    unknown = set(raw) - set(DEFAULT_SETTINGS)
    if unknown:
        raise GroupRefusal(f"Unknown setting(s) {', '.join(sorted(map(str, unknown)))[:100]}: "
                           f"the settings are {', '.join(DEFAULT_SETTINGS)}.")
    s = dict(current or DEFAULT_SETTINGS)
    s.update(raw)
    if s["game"] not in GAMES:
        raise GroupRefusal(f"game={s['game']!r}: choose dots, five or four.")
    for side in ("width", "height"):
        v = s[side]
        if isinstance(v, bool) or not isinstance(v, int) or v not in (3, 4, 5):
            raise GroupRefusal(f"{side}={v!r}: a Dots board has 3, 4 or 5 boxes a side.")
    if isinstance(s["timer"], bool) or s["timer"] not in TIMERS:
        raise GroupRefusal(f"timer={s['timer']!r}: time per turn is 0 (off), 30 or 60 seconds.")
    for flag in ("alternate", "popout", "rated"):
        if not isinstance(s[flag], bool):
            raise GroupRefusal(f"{flag}={s[flag]!r}: true or false.")
    return s


def describe_settings(s: dict) -> str:
    if s["game"] == "dots":
        text = f"Dots and Boxes, {s['width']} × {s['height']} boxes"
        text += ", the starter alternates" if s["alternate"] else ", Gold always starts"
    else:
        text = GAMES[s["game"]] + (" with PopOut" if s["popout"] else "")
    text += f", {s['timer']} s per turn" if s["timer"] else ", no time limit"
    return text + (", rated games allowed" if s["rated"] else ", no rated games")


def room_request(s: dict) -> tuple[str, dict, int]:
    """(game, options, timer) of a room created with these group settings."""
    if s["game"] == "dots":
        return "dots", {"width": s["width"], "height": s["height"], "first": 0}, s["timer"]
    return "connect", {"board": s["game"], "popout": s["popout"]}, s["timer"]


def check_progress(data: Any) -> dict:
    """A pupil's saved lesson progress (``gamekit.progress`` file format, version 1), checked and trimmed to
    the fields the class table uses."""
    if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("lessons"), dict):
        raise GroupRefusal('progress must be the saved progress: {"version": 1, "lessons": {…}}.')
    lessons = data["lessons"]
    if len(lessons) > 100:
        raise GroupRefusal("progress: at most 100 lessons.")
    clean: dict[str, dict] = {}
    for lesson, exercises in lessons.items():
        if not isinstance(lesson, str) or not 0 < len(lesson) <= 300:
            raise GroupRefusal("progress: lesson names are texts of 1 to 300 characters.")
        if not isinstance(exercises, dict) or len(exercises) > 200:
            raise GroupRefusal(f"progress: lesson {lesson[:40]!r} must map at most 200 exercises to their records.")
        out = clean[lesson] = {}
        for name, rec in exercises.items():
            if not isinstance(name, str) or not 0 < len(name) <= 300 or not isinstance(rec, dict):
                raise GroupRefusal(f"progress: lesson {lesson[:40]!r} has a malformed exercise record.")
            attempts = rec.get("attempts", 0)
            if isinstance(attempts, bool) or not isinstance(attempts, int) or not 0 <= attempts <= 100000:
                raise GroupRefusal(f"progress: {lesson[:40]!r}/{name[:40]!r}: attempts must be a whole number.")
            item = {"attempts": attempts}
            for flag in ("solved", "first_try", "shown"):
                value = rec.get(flag, False)
                if not isinstance(value, bool):
                    raise GroupRefusal(f"progress: {lesson[:40]!r}/{name[:40]!r}: {flag} must be true or false.")
                item[flag] = value
            out[name] = item
    return {"version": 1, "lessons": clean}


def lesson_summary(progress: dict) -> dict[str, tuple[int, int]]:
    """lesson → (exercises done, exercises right): done = answered at least once or answer shown;
    right = solved (answered right before the answer was shown)."""
    out = {}
    for lesson, exercises in progress["lessons"].items():
        done = sum(1 for r in exercises.values() if r["attempts"] > 0 or r["shown"])
        right = sum(1 for r in exercises.values() if r["solved"])
        out[lesson] = (done, right)
    return out


def _csv_cell(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula is quoted with a leading apostrophe."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def pick_opponent(member: int, queue: dict[int, dict], now: float) -> int | None:
    """The waiting pupil to pair ``member`` with: the closest rating within the gap allowed, which starts at
    100 points and widens by 20 points for every second the longer waiter of the two has waited."""
    entry = queue[member]
    best, best_gap = None, None
    for other, w in queue.items():
        if other == member:
            continue
        gap = abs(w["rating"] - entry["rating"])
        allowed = 100 + 20 * (now - min(w["since"], entry["since"]))
        if gap <= allowed and (best_gap is None or gap < best_gap):
            best, best_gap = other, gap
    return best


class Bucket:
    """Token buckets per client address."""

    def __init__(self, per_minute: float, burst: float):
        self.rate, self.burst = per_minute / 60.0, burst
        self.state: dict[str, tuple[float, float]] = {}

    def allow(self, key: str, spend: bool = True) -> bool:
        """True when ``key`` has a token left (one is used unless ``spend`` is False: only looking)."""
        now = time.monotonic()
        tokens, last = self.state.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        ok = tokens >= 1
        self.state[key] = (tokens - 1 if ok and spend else tokens, now)
        if len(self.state) > 10000:
            self.state.clear()
        return ok


class Groups:
    """The groups of one room server (same SQLite connection as the rooms)."""

    def __init__(self, server: RoomHost):
        self.server = server
        self.db = server.store.db
        self.db.executescript(SCHEMA)
        scale = max(1.0, server.rooms_per_minute / 60.0)
        self.requests = Bucket(120 * scale, 60 * scale)        # group API calls per address and key
        self._positions: dict[tuple, dict] = {}               # (room, game no., moves) → how that game stands
        self.guesses = Bucket(30 * scale, 20 * scale)          # code look-ups and refused keys, per address
        self.waiting: dict[str, dict[int, dict]] = {}          # group → member → find-an-opponent wait
        self.matched: dict[int, dict] = {}                     # member → the room found for them

    # ----- transactions -----------------------------------------------------------------------------------
    def _tx(self, statements: list[tuple[str, tuple]]) -> list[int]:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        counts = []
        try:
            for sql, args in statements:
                counts.append(db.execute(sql, args).rowcount)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return counts

    def _one(self, sql: str, args: tuple) -> Any:
        return self.db.execute(sql, args).fetchone()

    # ----- groups --------------------------------------------------------------------------------------
    def create(self, name: Any) -> dict:
        name = check_group_name(name)
        gid, owner = secrets.token_urlsafe(9), secrets.token_urlsafe(32)
        now = self.server.now()
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if self._one("SELECT 1 FROM groups WHERE code = ?", (code,)) is None:
                break
        self._tx([("INSERT INTO groups (id, code, name, owner_hash, settings, created, last_active) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (gid, code, name, token_hash(owner), json.dumps(DEFAULT_SETTINGS), now, now))])
        return {"group": gid, "code": show_code(code), "name": name, "owner_key": owner}

    def group(self, gid: Any) -> dict:
        row = None
        if isinstance(gid, str) and 8 <= len(gid) <= 64:
            row = self._one("SELECT id, code, name, owner_hash, settings, created, last_active FROM groups "
                            "WHERE id = ?", (gid,))
        if row is None:
            raise GroupRefusal("This group does not exist (the link is mistyped, or the group was deleted or "
                               f"expired after {GROUP_IDLE_DAYS} days without activity).", 404)
        return {"id": row[0], "code": show_code(row[1]), "name": row[2], "owner_hash": row[3],
                "settings": json.loads(row[4]), "created": row[5], "last_active": row[6]}

    def by_code(self, code: Any) -> str:
        if not isinstance(code, str):
            raise GroupRefusal("The code must be text such as K7MQ-2PXA.")
        clean = re.sub(r"[\s-]", "", code).upper()
        row = self._one("SELECT id FROM groups WHERE code = ?", (clean,)) \
            if len(clean) in (CODE_LENGTH, OLD_CODE_LENGTH) else None
        if row is None:
            raise GroupRefusal(f"No group has the code {code[:12]!r}: check it with your teacher.", 404)
        return row[0]

    def touch(self, gid: str) -> None:
        self._tx([("UPDATE groups SET last_active = ? WHERE id = ?", (self.server.now(), gid))])

    def check_owner(self, group: dict, key: Any) -> None:
        if not isinstance(key, str) or not 10 <= len(key) <= 100 or \
                not secrets.compare_digest(group["owner_hash"], token_hash(key)):
            raise GroupRefusal("Only the teacher's owner link can do this.", 403)

    def member(self, group: dict, key: Any) -> dict:
        if not isinstance(key, str) or not 10 <= len(key) <= 100:
            raise GroupRefusal("This needs the member key this browser got when joining the group.", 403)
        row = self._one("SELECT id, nickname, rating, games, wins, draws, losses FROM members "
                        "WHERE token_hash = ? AND grp = ? AND nickname IS NOT NULL", (token_hash(key), group["id"]))
        if row is None:
            raise GroupRefusal("You are not (or no longer) a member of this group: join it again with a nickname.",
                               403)
        return dict(zip(("id", "nickname", "rating", "games", "wins", "draws", "losses"), row))

    def join(self, group: dict, nickname: Any) -> dict:
        nick = check_nickname(nickname)
        count = self._one("SELECT COUNT(*) FROM members WHERE grp = ? AND nickname IS NOT NULL", (group["id"],))[0]
        if count >= MAX_MEMBERS:
            raise GroupRefusal(f"This group is full ({MAX_MEMBERS} pupils).", 409)
        if self._one("SELECT 1 FROM members WHERE grp = ? AND nickname = ? COLLATE NOCASE", (group["id"], nick)):
            raise GroupRefusal(f"The nickname {nick!r} is taken in this group: choose another.", 409)
        key, now = secrets.token_urlsafe(32), self.server.now()
        self._tx([("INSERT INTO members (grp, nickname, token_hash, joined) VALUES (?, ?, ?, ?)",
                   (group["id"], nick, token_hash(key), now)),
                  ("UPDATE groups SET last_active = ? WHERE id = ?", (now, group["id"]))])
        return {"nickname": nick, "key": key}

    def remove_member(self, group: dict, member_id: int) -> None:
        """The pupil's nickname, key and progress go; their past results stay (under no name) so that the
        other pupils' ratings are unchanged."""
        self._tx([("UPDATE members SET nickname = NULL, token_hash = NULL WHERE id = ? AND grp = ?",
                   (member_id, group["id"])),
                  ("DELETE FROM progress WHERE member = ?", (member_id,))])
        self.waiting.get(group["id"], {}).pop(member_id, None)
        self.matched.pop(member_id, None)

    def set_settings(self, group: dict, raw: Any) -> dict:
        s = check_settings(raw, group["settings"])
        self._tx([("UPDATE groups SET settings = ?, last_active = ? WHERE id = ?",
                   (json.dumps(s), self.server.now(), group["id"]))])
        return s

    def delete(self, group: dict) -> None:
        rooms = [r[0] for r in self.db.execute("SELECT room FROM group_rooms WHERE grp = ?", (group["id"],))]
        self._tx([*(("DELETE FROM rooms WHERE id = ?", (r,)) for r in rooms),
                  ("DELETE FROM groups WHERE id = ?", (group["id"],))])
        self._forget_rooms(rooms, "This room's group was deleted by its teacher.")
        self.waiting.pop(group["id"], None)

    def _forget_rooms(self, rooms: list[str], message: str) -> None:
        for room_id in rooms:
            room = self.server.rooms.pop(room_id, None)
            if room is not None:
                room.close_all(message)        # every connection, greeted or not

    def sweep(self, now: float) -> list[str]:
        """Delete groups idle for GROUP_IDLE_DAYS days, with their members, rooms, results and progress."""
        ids = [r[0] for r in self.db.execute("SELECT id FROM groups WHERE last_active <= ?", (now - GROUP_IDLE,))]
        for gid in ids:
            self.delete(self.group(gid))
        return ids

    # ----- the ladder ------------------------------------------------------------------------------------
    def results(self, gid: str) -> list[tuple]:
        return self.db.execute("SELECT member0, member1, score0, at, reason, game FROM results WHERE grp = ? "
                               "ORDER BY id", (gid,)).fetchall()

    def ladder(self, group: dict) -> dict:
        gid = group["id"]
        members = self.db.execute("SELECT id, nickname, rating, games, wins, draws, losses FROM members "
                                  "WHERE grp = ? AND nickname IS NOT NULL", (gid,)).fetchall()
        results = self.results(gid)
        table = ratings.recompute([(a, b, s, at) for a, b, s, at, _, _ in results])
        rows, series = [], {}
        for mid, nick, rating, games, wins, draws, losses in members:
            rows.append({"nickname": nick, "rating": round(rating, 1), "games": games, "wins": wins,
                         "draws": draws, "losses": losses, "points": wins + 0.5 * draws})
            st = table.get(mid)
            series[nick] = [(i, round(r, 1)) for i, _, r in st.history] if st else []    # as the table shows
        rows.sort(key=lambda r: (-r["rating"], r["nickname"].lower()))
        for i, row in enumerate(rows):
            row["rank"] = i + 1
        return {"rows": rows, "rated_games": len(results), "series": {k: [list(p) for p in v] for k, v in series.items()},
                "chart": ratings.chart_svg(series)}

    def rebuild_ratings(self, gid: str) -> dict[int, ratings.Standing]:
        """Recompute every rating of the group from its stored results and store them (the cache is rebuilt)."""
        table = ratings.recompute([(a, b, s, at) for a, b, s, at, _, _ in self.results(gid)])
        ids = [r[0] for r in self.db.execute("SELECT id FROM members WHERE grp = ?", (gid,))]
        statements = []
        for mid in ids:
            st = table.get(mid, ratings.Standing(mid))
            statements.append(("UPDATE members SET rating = ?, games = ?, wins = ?, draws = ?, losses = ? "
                               "WHERE id = ?", (st.rating, st.games, st.wins, st.draws, st.losses, mid)))
        self._tx(statements)
        return table

    def ratings_consistent(self, gid: str) -> bool:
        table = ratings.recompute([(a, b, s, at) for a, b, s, at, _, _ in self.results(gid)])
        for mid, rating, games, wins, draws, losses in self.db.execute(
                "SELECT id, rating, games, wins, draws, losses FROM members WHERE grp = ?", (gid,)):
            st = table.get(mid, ratings.Standing(mid))
            if abs(st.rating - rating) > 1e-6 or (games, wins, draws, losses) != (st.games, st.wins, st.draws, st.losses):
                return False
        return True

    # ----- the teacher's class table -----------------------------------------------------------------------
    def class_table(self, group: dict) -> dict:
        rows = self.db.execute(
            "SELECT m.nickname, p.data, p.at FROM members m LEFT JOIN progress p ON p.member = m.id "
            "WHERE m.grp = ? AND m.nickname IS NOT NULL ORDER BY m.nickname COLLATE NOCASE", (group["id"],)).fetchall()
        lessons: set[str] = set()
        pupils = []
        for nick, data, at in rows:
            summary = lesson_summary(json.loads(data)) if data else {}
            lessons.update(summary)
            pupils.append({"nickname": nick, "sent": at, "lessons": summary})
        return {"lessons": sorted(lessons), "pupils": pupils}

    def class_csv(self, group: dict) -> str:
        table = self.class_table(group)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["pupil", "lesson", "exercises done", "exercises right", "sent at (UTC)"])
        for pupil in table["pupils"]:
            sent = time.strftime("%Y-%m-%d %H:%M", time.gmtime(pupil["sent"])) if pupil["sent"] else ""
            for lesson in table["lessons"]:
                done, right = pupil["lessons"].get(lesson, (0, 0))
                writer.writerow([_csv_cell(pupil["nickname"]), _csv_cell(lesson), done, right, sent])
            if not table["lessons"]:
                writer.writerow([_csv_cell(pupil["nickname"]), "", 0, 0, sent])
        return out.getvalue()

    def save_progress(self, group: dict, member: dict, raw: Any) -> dict:
        clean = check_progress(raw)
        now = self.server.now()
        self._tx([("INSERT OR REPLACE INTO progress (grp, member, data, at) VALUES (?, ?, ?, ?)",
                   (group["id"], member["id"], json.dumps(clean), now)),
                  ("UPDATE groups SET last_active = ? WHERE id = ?", (now, group["id"]))])
        return {"lessons": {k: list(v) for k, v in lesson_summary(clean).items()}}

    # ----- rooms in the group --------------------------------------------------------------------------
    def new_room(self, group: dict, member: dict, rated: Any, opponent: dict | None = None) -> dict:
        if not isinstance(rated, bool):
            raise GroupRefusal("rated must be true or false.")
        if rated and not group["settings"]["rated"]:
            raise GroupRefusal("The teacher has not allowed rated games in this group.", 403)
        game, options, timer = room_request(group["settings"])
        try:
            room_id, token = self.server.create_room(game, options, timer)
        except BadOptions as refusal:                    # the settings were checked: should not happen
            raise GroupRefusal(str(refusal)) from None
        now = self.server.now()
        statements = [("INSERT INTO group_rooms (room, grp, rated, member0, member1) VALUES (?, ?, ?, ?, ?)",
                       (room_id, group["id"], int(rated), member["id"], None)),
                      ("UPDATE groups SET last_active = ? WHERE id = ?", (now, group["id"]))]
        self._tx(statements)
        return {"room": room_id, "token": token, "seat": 0, "rated": rated}

    def room_info(self, room_id: str) -> tuple | None:
        return self._one("SELECT grp, rated, member0, member1 FROM group_rooms WHERE room = ?", (room_id,))

    def take_seat(self, group: dict, member: dict, room_id: Any) -> dict:
        info = self.room_info(room_id) if isinstance(room_id, str) and len(room_id) <= 64 else None
        if info is None or info[0] != group["id"]:
            raise GroupRefusal("This room is not in this group (or it expired).", 404)
        if info[2] == member["id"]:
            raise GroupRefusal("You created this room: wait for someone else to take the second seat.", 409)
        if info[3] is not None:
            raise GroupRefusal("Both seats of this room are taken: you can watch it.", 409)
        room = self.server.rooms.get(room_id)        # live in this process, or not loaded (or in another worker)
        if room is None and not self.server.room_exists(room_id):
            raise GroupRefusal("This room expired.", 404)
        token, now = secrets.token_urlsafe(32), self.server.now()
        self._tx([("INSERT INTO seats (room, seat, token_hash, joined) VALUES (?, 1, ?, ?)",
                   (room_id, token_hash(token), now)),
                  ("UPDATE rooms SET last_active = ? WHERE id = ?", (now, room_id)),
                  ("UPDATE group_rooms SET member1 = ? WHERE room = ?", (member["id"], room_id))])
        if room is None:                             # loaded from the store, seat included, when opened;
            self.server.room_changed(room_id)        # a worker holding it loads it again
            return {"room": room_id, "token": token, "seat": 1, "rated": bool(info[1])}
        room.seat_hashes[1] = token_hash(token)
        self.set_view(room, (info[0], info[1], info[2], member["id"]))
        room.turn_started = now
        room.away_since[1] = now
        room.note = f"{member['nickname']} took the second seat."
        room.broadcast()
        return {"room": room_id, "token": token, "seat": 1, "rated": bool(info[1])}

    def open_rooms(self, group: dict) -> list[dict]:
        """The group's rooms, most recently active first, each with its state: ``waiting`` (the second seat is
        free), ``playing`` (with ``ply``) or ``finished`` (with ``result``: who won or a draw, how, the score)."""
        nick = {mid: n for mid, n in self.db.execute("SELECT id, nickname FROM members WHERE grp = ?", (group["id"],))}
        out = []
        for room_id, rated, m0, m1, game_id, options, game_no, score0, reason in self.db.execute(
                "SELECT g.room, g.rated, g.member0, g.member1, r.game, r.options, r.game_no, res.score0, res.reason "
                "FROM group_rooms g JOIN rooms r ON r.id = g.room "
                "LEFT JOIN results res ON res.room = g.room AND res.game_no = r.game_no "
                "WHERE g.grp = ? ORDER BY r.last_active DESC LIMIT 50", (group["id"],)).fetchall():
            players = [nick.get(m0), nick.get(m1) if m1 else None]
            entry = {"room": room_id, "rated": bool(rated), "players": players, "free": m1 is None}
            if m1 is None:
                entry.update(state="waiting", ply=0, result=None)
            else:
                recorded = None if score0 is None else (score0, reason)
                entry.update(self.room_state(room_id, game_id, json.loads(options), game_no, players, recorded))
            out.append(entry)
        return out

    def room_state(self, room_id: str, game_id: str, options: dict, game_no: int, players: list,
                   recorded: tuple[float, str] | None) -> dict:
        """``{"state": "playing"|"finished", "ply", "result"}`` of a room's current game.  A rated game's result
        is the stored one (an abandoned game is lost by the pupil who left, whatever the board says); otherwise
        it is read from the position.  Positions are replayed from the store once per list of moves (cached)."""
        room = self.server.rooms.get(room_id)
        moves = (tuple((m.kind, m.move, m.seat) for m in room.moves) if room is not None else
                 tuple(self.db.execute("SELECT kind, move, seat FROM moves WHERE room = ? ORDER BY ply", (room_id,))))
        key = (room_id, game_no, moves)
        summary = self._positions.get(key)
        if summary is None:
            game = room.game if room is not None else replay(game_id, options, list(moves))
            spec = spec_for(game_id)
            over = game.is_over()
            summary = {"over": over, "winner": game.winner() if over else None,
                       "resigned": getattr(game, "resigned", None) if over else None,
                       "scores": [spec.score(game, s) for s in (0, 1)] if spec.final_score(game) else None,
                       "names": spec.seat_names(options)}
            if len(self._positions) > 5000:
                self._positions.clear()
            self._positions[key] = summary
        if not summary["over"]:
            return {"state": "playing", "ply": len(moves), "result": None}
        if recorded is not None:
            score0, reason = recorded
            winner = None if score0 == 0.5 else 0 if score0 == 1 else 1
        else:
            winner = summary["winner"]
            reason = "resigned" if summary["resigned"] is not None else "played"
        names = [players[s] or summary["names"][s] for s in (0, 1)]
        scores = summary["scores"]
        if winner is None:
            text = "A draw" + (f" {scores[0]}–{scores[1]}" if scores else "")
        else:
            loser = 1 - winner
            text = {"resigned": f"{names[loser]} resigned: {names[winner]} won",
                    "abandoned": f"{names[loser]} left: {names[winner]} won"}.get(
                reason, f"{names[winner]} won" + (f" {scores[winner]}–{scores[loser]}" if scores else ""))
        return {"state": "finished", "ply": len(moves),
                "result": {"winner": winner, "winner_name": None if winner is None else names[winner],
                           "reason": reason, "score": f"{scores[0]}–{scores[1]}" if scores else None,
                           "text": text + "."}}

    def find_opponent(self, group: dict, member: dict, cancel: bool = False) -> dict:
        """Wait for an opponent of close rating: ``{"status": "waiting"}`` until paired, then the room."""
        gid, mid, now = group["id"], member["id"], time.monotonic()
        queue = self.waiting.setdefault(gid, {})
        if cancel:
            queue.pop(mid, None)
            self.matched.pop(mid, None)
            return {"status": "cancelled"}
        if mid in self.matched:
            return dict(self.matched.pop(mid), status="paired")
        for other in [m for m, w in queue.items() if now - w["poll"] > FIND_STALE]:
            del queue[other]
        entry = queue.setdefault(mid, {"since": now, "rating": member["rating"], "nickname": member["nickname"]})
        entry["poll"] = now
        best = pick_opponent(mid, queue, now)
        if best is None:
            return {"status": "waiting", "waiting": len(queue)}
        other = queue.pop(best)
        queue.pop(mid, None)
        rated = bool(group["settings"]["rated"])
        created = self.new_room(group, member, rated)
        opponent = {"id": best, "nickname": other["nickname"]}
        seat1 = self.take_seat(group, opponent, created["room"])
        self.matched[best] = dict(seat1, opponent=member["nickname"])
        return dict(created, status="paired", opponent=other["nickname"])

    # ----- hooks called by the room server ------------------------------------------------------------------
    def room_loaded(self, room: HostedRoom) -> None:
        info = self.room_info(room.id)
        if info is None:
            return
        room.open_to_link = False          # seat 2 is taken from the group page, not by opening the link
        self.set_view(room, info)
        if room.game.is_over():
            self.game_over(room, reloaded=True)    # a result lost in a crash between the move and its result

    def set_view(self, room: HostedRoom, info: tuple) -> None:
        """What the room's state tells everyone about the group: the two nicknames and whether it is rated
        (never the group's id: a watcher from outside does not learn the join link)."""
        names = dict(self.db.execute("SELECT id, nickname FROM members WHERE id IN (?, ?)", (info[2], info[3] or -1)))
        room.group_view = {"rated": bool(info[1]), "players": [names.get(info[2]), names.get(info[3])]}

    def check_request(self, room: HostedRoom, kind: str) -> None:
        info = self.room_info(room.id) if not room.open_to_link else None
        if info and info[1] and kind == "undo" and room.game.is_over():
            raise Refusal("This rated game's result is recorded: its last move cannot be taken back.", "rated")

    def before_new_game(self, room: HostedRoom) -> None:
        """Alternate starter (Dots): the seat that did not start the last game starts the next."""
        info = self.room_info(room.id) if not room.open_to_link else None
        if info is None or room.game_id != "dots":
            return
        settings = self.group(info[0])["settings"]
        if not settings["alternate"]:
            return
        room.options = dict(room.options, first=1 - room.options.get("first", 0))
        self._tx([("UPDATE rooms SET options = ? WHERE id = ?", (json.dumps(room.options, sort_keys=True), room.id))])

    def recover_results(self) -> list[str]:
        """At the server's start: rated games that ended while the server went down before their result was
        stored (a crash between the last move and its result) get it now, by the rules of :meth:`game_over`.
        Returns the ids of the rooms whose result was added."""
        rows = self.db.execute(
            "SELECT g.room FROM group_rooms g JOIN rooms r ON r.id = g.room "
            "LEFT JOIN results res ON res.room = g.room AND res.game_no = r.game_no "
            "WHERE g.rated = 1 AND g.member1 IS NOT NULL AND res.id IS NULL "
            "AND EXISTS (SELECT 1 FROM moves m WHERE m.room = g.room)").fetchall()
        added = []
        for (room_id,) in rows:
            loaded = room_id in self.server.rooms
            room = self.server.room(room_id)               # loading a finished game records its result
            if room is None:
                continue
            if room.game.is_over():
                added.append(room_id)
            elif not loaded:
                self.server.rooms.pop(room_id, None)       # a game in progress is loaded when someone opens it
        return added

    def game_over(self, room: HostedRoom, reloaded: bool = False) -> None:
        """Store the result of a rated game that has just ended (once per game), with the ratings it moves.
        ``reloaded``: the game ended before the server went down and its result was not stored; who was away
        is then read from the stored moves (``store.stood_in_at_end``), as nobody is connected yet."""
        info = self.room_info(room.id)
        if info is None or not info[1] or info[3] is None:
            return
        gid, _, m0, m1 = info
        game = room.game
        resigned = getattr(game, "resigned", None)
        if reloaded:
            absent = sorted(stood_in_at_end(room.moves))
        else:
            absent = [s for s in (0, 1) if s in room.cpu_for and not room.connected(s)]
        if resigned is not None:
            score0, reason = (0.0 if resigned == 0 else 1.0), "resigned"
        elif len(absent) == 1:
            score0, reason = (0.0 if absent[0] == 0 else 1.0), "abandoned"
        else:
            w = game.winner()
            score0, reason = (0.5 if w is None else 1.0 if w == 0 else 0.0), "played"
        game_no = self._one("SELECT game_no FROM rooms WHERE id = ?", (room.id,))[0]
        if self._one("SELECT 1 FROM results WHERE room = ? AND game_no = ?", (room.id, game_no)):
            return
        r = {mid: (rating, g, w_, d, l) for mid, rating, g, w_, d, l in self.db.execute(
            "SELECT id, rating, games, wins, draws, losses FROM members WHERE id IN (?, ?)", (m0, m1))}
        if m0 not in r or m1 not in r:
            return
        new0, new1 = ratings.update(r[m0][0], r[m1][0], score0)
        now = self.server.now()
        if self.server.fail_before_result:       # tests only: the server dies between a game's end and its result
            os.kill(os.getpid(), signal.SIGKILL)

        def totals(mid: int, rating: float, score: float) -> tuple:
            _, g, w_, d, l = r[mid]
            return (rating, g + 1, w_ + (score == 1), d + (score == 0.5), l + (score == 0), mid)

        self._tx([("INSERT INTO results (grp, room, game_no, member0, member1, score0, reason, game, at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", (gid, room.id, game_no, m0, m1, score0, reason,
                                                           room.game_id, now)),
                  *(("UPDATE members SET rating = ?, games = ?, wins = ?, draws = ?, losses = ? WHERE id = ?",
                     totals(mid, rating, score)) for mid, rating, score in ((m0, new0, score0), (m1, new1, 1 - score0))),
                  ("UPDATE groups SET last_active = ? WHERE id = ?", (now, gid))])
        how = {"resigned": " (by resignation)", "abandoned": " (the player who left loses)", "played": ""}[reason]
        room.note = (room.note + " " if room.note else "") + f"Rated game recorded{how}."

    # ----- HTTP ---------------------------------------------------------------------------------------
    def routes(self) -> list:
        return [
            (r"/groups", GroupPage, {"page": "group_new.html"}),
            (r"/join", GroupPage, {"page": "group_join.html"}),
            (r"/g/([A-Za-z0-9_-]{8,64})", GroupPage, {"page": "group.html", "groups": self}),
            (r"/g/([A-Za-z0-9_-]{8,64})/owner", GroupPage, {"page": "group_owner.html", "groups": self}),
            (r"/api/groups", GroupApi, {"groups": self}),
            (r"/api/groups/code", GroupApi, {"groups": self, "action": "code"}),
            (r"/api/groups/([A-Za-z0-9_-]{8,64})/([a-z_]{2,20})", GroupApi, {"groups": self}),
        ]

    def handle(self, gid: str | None, action: str | None, data: dict, base: str) -> Any:
        """One API call (``data`` is the decoded JSON body): the answer, or GroupRefusal."""
        if gid is None and action is None:
            created = self.create(data.get("name"))
            created["join_link"] = f"{base}/g/{created['group']}"
            created["owner_link"] = f"{base}/g/{created['group']}/owner#key={created['owner_key']}"
            return created
        if action == "code":
            return {"group": self.by_code(data.get("code"))}
        group = self.group(gid)
        key = data.get("key")
        settings = group["settings"]
        public = {"group": gid, "name": group["name"], "settings": settings, "describe": describe_settings(settings),
                  "expires_days": GROUP_IDLE_DAYS, "join_link": f"{base}/g/{gid}"}
        if action == "info":
            return public
        if action == "join":
            return dict(self.join(group, data.get("nickname")), group=gid)
        if action == "ladder":
            return dict(self.ladder(group), group=gid, name=group["name"])
        if action in ("me", "leave", "room", "take", "find", "progress"):
            me = self.member(group, key)
            if action == "me":
                return dict(public, nickname=me["nickname"], rating=round(me["rating"], 1),
                            rooms=self.open_rooms(group))
            if action == "leave":
                self.remove_member(group, me["id"])
                return {"left": True}
            if action == "room":
                return self.new_room(group, me, data.get("rated", False))
            if action == "take":
                return self.take_seat(group, me, data.get("room"))
            if action == "find":
                cancel = data.get("cancel", False)
                if not isinstance(cancel, bool):
                    raise GroupRefusal("cancel must be true or false.")
                return self.find_opponent(group, me, cancel)
            return self.save_progress(group, me, data.get("progress"))
        if action in ("owner", "settings", "remove", "delete", "export", "rebuild"):
            self.check_owner(group, key)
            if action == "owner":
                self.touch(gid)
                members = [{"nickname": n, "rating": round(r, 1), "games": g} for n, r, g in self.db.execute(
                    "SELECT nickname, rating, games FROM members WHERE grp = ? AND nickname IS NOT NULL "
                    "ORDER BY nickname COLLATE NOCASE", (gid,))]
                return dict(public, code=group["code"], members=members, table=self.class_table(group),
                            rooms=self.open_rooms(group))
            if action == "settings":
                return {"settings": self.set_settings(group, data.get("settings")),
                        "describe": describe_settings(self.group(gid)["settings"])}
            if action == "remove":
                nick = data.get("nickname")
                row = self._one("SELECT id FROM members WHERE grp = ? AND nickname = ?", (gid, nick)) \
                    if isinstance(nick, str) else None
                if row is None:
                    raise GroupRefusal(f"No pupil is called {str(nick)[:30]!r} in this group.", 404)
                self.remove_member(group, row[0])
                return {"removed": nick}
            if action == "delete":
                if data.get("confirm") != group["name"]:
                    raise GroupRefusal("To delete the group, send its name as confirm.")
                self.delete(group)
                return {"deleted": gid}
            if action == "rebuild":
                consistent = self.ratings_consistent(gid)        # the stored totals agreed with the results
                self.rebuild_ratings(gid)
                return {"rebuilt": True, "consistent": consistent}
            return {"csv": self.class_csv(group)}
        raise GroupRefusal(f"Unknown action {action[:20]!r}.", 404)


class GroupPage(BaseHandler):
    def initialize(self, page: str, groups: Groups | None = None) -> None:
        self.page, self.groups = page, groups

    def get(self, gid: str | None = None) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        if gid is not None:
            try:
                self.groups.group(gid)
            except GroupRefusal:
                self.set_status(404)
                self.write((STATIC / "group_missing.html").read_bytes())
                return
        self.write((STATIC / self.page).read_bytes())


class GroupApi(BaseHandler):
    def initialize(self, groups: Groups, action: str | None = None) -> None:
        self.groups, self.fixed_action = groups, action

    def post(self, gid: str | None = None, action: str | None = None) -> None:
        groups = self.groups
        ip = self.request.remote_ip or "?"
        action = action or self.fixed_action
        limit = MAX_PROGRESS if action == "progress" else MAX_BODY
        if len(self.request.body) > limit:
            return self._error(413, f"Request too large (at most {limit} bytes).")
        bad = None
        try:
            data = loads(self.request.body or b"{}")      # depth-limited, no lone surrogates (rooms.untrusted)
        except BadJSON as refusal:
            data, bad = None, str(refusal)
        # a whole class often shares one address (the school's NAT): requests are counted per address and key;
        # refused keys and codes are counted per address alone (a guesser cannot spread them over keys)
        key = data.get("key") if isinstance(data, dict) else None
        who = ip + "|" + (token_hash(key)[:16] if isinstance(key, str) else "")
        if not groups.requests.allow(who) or not groups.guesses.allow(ip, spend=False):
            return self._error(429, "Too many requests from this address: wait a minute.")
        if gid is None and action is None and not groups.server.allow_create(ip):
            return self._error(429, "Too many groups created from this address: wait a minute.")
        if not isinstance(data, dict):
            return self._error(400, "The body must be a JSON object" + (f" ({bad})." if bad else "."))
        base = groups.server.base_url or f"{self.request.protocol}://{self.request.host}{groups.server.prefix}"
        try:
            answer = groups.handle(gid, action, data, base.rstrip("/"))
        except GroupRefusal as refusal:
            if refusal.status in (403, 404) and not groups.guesses.allow(ip):
                return self._error(429, "Too many refused keys or links from this address: wait a minute.")
            return self._error(refusal.status, str(refusal)[:300])
        except Refusal as refusal:
            return self._error(409, str(refusal)[:300])
        self.set_status(201 if gid is None and action is None else 200)
        self.write(answer)

    def _error(self, status: int, message: str) -> None:
        self.set_status(status)
        self.write({"type": "error", "message": message})


__all__ = ["Groups", "GroupRefusal", "check_nickname", "check_settings", "check_progress", "lesson_summary",
           "GROUP_IDLE_DAYS", "DEFAULT_SETTINGS"]
