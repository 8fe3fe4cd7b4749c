"""A class as a group on the room server: shared settings, rated games, a ladder, the teacher's class table.

A teacher creates a group and gets two things: the **owner link** ``/g/<group>/owner#key=<owner key>`` (a
secret: whoever has it is the teacher) and the **join link** ``/g/<group>`` with its **short code** (e.g.
``K7MQ-2PXA``, typed on ``/join``).  Pupils join with a nickname only and get a member key, kept in their
browser (or in the notebook client); it never appears in a URL, a page of someone else, a log or an export.

Keys are sent in the JSON body of ``POST /api/groups/<group>/<action>`` (the owner key after ``#`` in the owner
link never reaches the server's access log: browsers do not send the fragment).  Keys are stored as SHA-256
hashes only.  Every request is size- and rate-limited and validated; a refusal is a 4xx JSON
``{"type": "error", "message": …}`` and changes nothing.

This module is the service — the rules of groups, no HTTP: :class:`Groups`.  Its pages and JSON API are
:mod:`gamekit.rooms.groups_http`; the settings and the checks of nicknames and names are
:mod:`gamekit.rooms.group_settings`; the pupils' progress uploads and the class table are
:mod:`gamekit.rooms.class_progress`.  Everything lives in the rooms' database (tables ``groups``, ``members``,
``group_rooms``, ``results``, ``progress``), read and written only through the store's
:class:`gamekit.rooms.store_interface.GroupStore` interface: this module runs no SQL.  A group idle for
:data:`GROUP_IDLE_DAYS` days is deleted with everything in it.  Rules and choices: ``docs/class.md``.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import time
from typing import Any

from gamekit.i18n import get_language, tr
from gamekit.rooms import ratings
from gamekit.catalog import BadOptions
from gamekit.rooms.class_progress import (
    check_progress,
    class_csv,
    class_table,
    class_tally,
    lesson_summary,
    puzzle_summary,
)
from gamekit.rooms.games import rebuild, spec_for
from gamekit.rooms.group_settings import (
    DEFAULT_SETTINGS,
    GroupRefusal,
    check_group_name,
    check_nickname,
    check_settings,
    group_language,
    room_request,
)
from gamekit.rooms.store_interface import GroupStore, nocase, stood_in_at_end, token_hash
from gamekit.rooms.speech import SOURCE, joined, known_language, said
from gamekit.rooms.web import HostedRoom, Refusal, RoomHost

GROUP_IDLE_DAYS = 120  # a school term and a holiday
GROUP_IDLE = GROUP_IDLE_DAYS * 24 * 3600
MAX_BODY = 4096  # bytes of a group request …
MAX_PROGRESS = 65536  # … except a lesson progress upload
MAX_MEMBERS = 200
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: easy to read out and type
CODE_LENGTH = 8  # 32 ** 8 = 2 ** 40 codes (docs/class.md, "Safety"); shown as K7MQ-2PXA
OLD_CODE_LENGTH = 6  # codes of groups made before: 2 ** 30, still accepted (shown as K7M-Q2P)
FIND_STALE = 15.0  # a "find me an opponent" wait ends when its page stops asking for this long


def show_code(code: str) -> str:
    """A stored join code as the teacher writes it on the board: ``K7MQ-2PXA`` (an older one: ``K7M-Q2P``)."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


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
    """The groups of one room server: the rules (who may do what, ratings, pairing), with the data kept by
    ``server.group_store`` (a :class:`gamekit.rooms.store_interface.GroupStore`) and the live rooms by ``server``."""

    def __init__(self, server: RoomHost):
        self.server = server
        self.store: GroupStore = server.group_store
        scale = max(1.0, server.rooms_per_minute / 60.0)
        self.requests = Bucket(120 * scale, 60 * scale)  # group API calls per address and key
        self._positions: dict[tuple, dict] = {}  # (room, game no., moves) → how that game stands
        self.guesses = Bucket(30 * scale, 20 * scale)  # code look-ups and refused keys, per address

    # ----- groups --------------------------------------------------------------------------------------
    def create(self, name: Any, language: str | None = None) -> dict:
        """A new group named ``name`` whose pages speak ``language`` (default: the current language, i.e. the
        page it was created from)."""
        name = check_group_name(name)
        settings = dict(DEFAULT_SETTINGS, language=known_language(language or get_language()) or SOURCE)
        gid, owner = secrets.token_urlsafe(9), secrets.token_urlsafe(32)
        now = self.server.now()
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if not self.store.code_taken(code):
                break
        self.store.create_group(gid, code, name, token_hash(owner), settings, now)
        return {"group": gid, "code": show_code(code), "name": name, "owner_key": owner}

    def group(self, gid: Any) -> dict:
        row = self.store.load_group(gid) if isinstance(gid, str) and 8 <= len(gid) <= 64 else None
        if row is None:
            raise GroupRefusal(
                tr(
                    "This group does not exist (the link is mistyped, or the group was deleted or "
                    "expired after {days} days without activity).",
                    days=GROUP_IDLE_DAYS,
                ),
                404,
            )
        return dict(row, code=show_code(row["code"]))

    def by_code(self, code: Any) -> str:
        if not isinstance(code, str):
            raise GroupRefusal(tr("The code must be text such as K7MQ-2PXA."))
        clean = re.sub(r"[\s-]", "", code).upper()
        gid = self.store.group_by_code(clean) if len(clean) in (CODE_LENGTH, OLD_CODE_LENGTH) else None
        if gid is None:
            raise GroupRefusal(
                tr("No group has the code {code}: check it with your teacher.", code=repr(code[:12])), 404
            )
        return gid

    def touch(self, gid: str) -> None:
        self.store.touch_group(gid, self.server.now())

    def check_owner(self, group: dict, key: Any) -> None:
        if (
            not isinstance(key, str)
            or not 10 <= len(key) <= 100
            or not secrets.compare_digest(group["owner_hash"], token_hash(key))
        ):
            raise GroupRefusal(tr("Only the teacher's owner link can do this."), 403)

    def member(self, group: dict, key: Any) -> dict:
        if not isinstance(key, str) or not 10 <= len(key) <= 100:
            raise GroupRefusal(tr("This needs the member key this browser got when joining the group."), 403)
        found = self.store.member_by_key(group["id"], token_hash(key))
        if found is None:
            raise GroupRefusal(
                tr("You are not (or no longer) a member of this group: join it again with a nickname."), 403
            )
        return found

    def join(self, group: dict, nickname: Any) -> dict:
        nick = check_nickname(nickname)
        if self.store.count_members(group["id"]) >= MAX_MEMBERS:
            raise GroupRefusal(tr("This group is full ({n} pupils).", n=MAX_MEMBERS), 409)
        taken = GroupRefusal(
            tr("The nickname {nickname} is taken in this group: choose another.", nickname=repr(nick)), 409
        )
        if self.store.nickname_taken(group["id"], nick):
            raise taken
        key = secrets.token_urlsafe(32)
        if not self.store.add_member(group["id"], nick, token_hash(key), self.server.now()):
            raise taken  # taken a moment ago (another server process)
        return {"nickname": nick, "key": key}

    def remove_member(self, group: dict, member_id: int) -> None:
        """The pupil's nickname, key and progress go; their past results stay (under no name) so that the
        other pupils' ratings are unchanged."""
        self.store.remove_member(group["id"], member_id)
        self.store.leave_queue(member_id)

    def remove_by_nickname(self, group: dict, nickname: Any) -> None:
        member_id = self.store.member_by_nickname(group["id"], nickname) if isinstance(nickname, str) else None
        if member_id is None:
            raise GroupRefusal(
                tr("No pupil is called {nickname} in this group.", nickname=repr(str(nickname)[:30])), 404
            )
        self.remove_member(group, member_id)

    def owner_members(self, group: dict) -> list[dict]:
        """The pupils as the teacher's page lists them: by nickname (A–Z case folded, as SQLite's NOCASE)."""
        rows = sorted(self.store.members(group["id"]), key=lambda r: (nocase(r[1]), r[0]))
        return [{"nickname": nick, "rating": round(rating, 1), "games": games} for _, nick, rating, games, *_ in rows]

    def set_settings(self, group: dict, raw: Any) -> dict:
        s = check_settings(raw, group["settings"])
        self.store.set_group_settings(group["id"], s, self.server.now())
        return s

    def delete(self, group: dict) -> None:
        rooms = self.store.delete_group(group["id"])
        self._forget_rooms(rooms, said("This room's group was deleted by its teacher."))

    def _forget_rooms(self, rooms: list[str], message: str) -> None:
        for room_id in rooms:
            room = self.server.rooms.pop(room_id, None)
            if room is not None:
                room.close_all(message)  # every connection, greeted or not

    def sweep(self, now: float) -> list[str]:
        """Delete groups idle for GROUP_IDLE_DAYS days, with their members, rooms, results and progress."""
        ids = self.store.idle_groups(now - GROUP_IDLE)
        for gid in ids:
            self.delete(self.group(gid))
        return ids

    # ----- the ladder ------------------------------------------------------------------------------------
    def results(self, gid: str) -> list[tuple]:
        return self.store.results(gid)

    def ladder(self, group: dict) -> dict:
        gid = group["id"]
        members = self.store.members(gid)
        results = self.results(gid)
        table = ratings.recompute([(a, b, s, at) for a, b, s, at, _, _ in results])
        rows, series = [], {}
        for mid, nick, rating, games, wins, draws, losses in members:
            rows.append(
                {
                    "nickname": nick,
                    "rating": round(rating, 1),
                    "games": games,
                    "wins": wins,
                    "draws": draws,
                    "losses": losses,
                    "points": wins + 0.5 * draws,
                }
            )
            st = table.get(mid)
            series[nick] = [(i, round(r, 1)) for i, _, r in st.history] if st else []  # as the table shows
        rows.sort(key=lambda r: (-r["rating"], r["nickname"].lower()))
        for i, row in enumerate(rows):
            row["rank"] = i + 1
        return {
            "rows": rows,
            "rated_games": len(results),
            "series": {k: [list(p) for p in v] for k, v in series.items()},
            "chart": ratings.chart_svg(series),
        }

    def rebuild_ratings(self, gid: str) -> dict[int, ratings.Standing]:
        """Recompute every rating of the group from its stored results and store them (the cache is rebuilt)."""
        table = ratings.recompute([(a, b, s, at) for a, b, s, at, _, _ in self.results(gid)])
        totals = []
        for mid, *_ in self.store.members(gid, named_only=False):
            st = table.get(mid, ratings.Standing(mid))
            totals.append((mid, st.rating, st.games, st.wins, st.draws, st.losses))
        self.store.set_member_totals(totals)
        return table

    def ratings_consistent(self, gid: str) -> bool:
        table = ratings.recompute([(a, b, s, at) for a, b, s, at, _, _ in self.results(gid)])
        for mid, _, rating, games, wins, draws, losses in self.store.members(gid, named_only=False):
            st = table.get(mid, ratings.Standing(mid))
            if abs(st.rating - rating) > 1e-6 or (games, wins, draws, losses) != (
                st.games,
                st.wins,
                st.draws,
                st.losses,
            ):
                return False
        return True

    # ----- the teacher's class table -----------------------------------------------------------------------
    def class_table(self, group: dict) -> dict:
        return class_table(self.store.progress(group["id"]))

    def class_csv(self, group: dict) -> str:
        return class_csv(class_table(self.store.progress(group["id"])))

    def save_progress(self, group: dict, member: dict, raw: Any) -> dict:
        clean = check_progress(raw)
        self.store.save_progress(group["id"], member["id"], clean, self.server.now())
        return {
            "lessons": {k: list(v) for k, v in lesson_summary(clean).items()},
            "puzzles": {k: list(v) for k, v in puzzle_summary(clean).items()},
        }

    def class_tally(self, group: dict) -> dict:
        return class_tally(self.store.progress(group["id"]))

    # ----- rooms in the group --------------------------------------------------------------------------
    def new_room(self, group: dict, member: dict, rated: Any, opponent: dict | None = None) -> dict:
        if not isinstance(rated, bool):
            raise GroupRefusal(tr("rated must be true or false."))
        if rated and not group["settings"]["rated"]:
            raise GroupRefusal(tr("The teacher has not allowed rated games in this group."), 403)
        game, options, timer = room_request(group["settings"])
        try:
            room_id, token = self.server.create_room(game, options, timer)
        except BadOptions as refusal:  # the settings were checked: should not happen
            raise GroupRefusal(str(refusal)) from None
        self.store.add_group_room(room_id, group["id"], rated, member["id"], self.server.now())
        return {"room": room_id, "token": token, "seat": 0, "rated": rated}

    def room_info(self, room_id: str) -> tuple | None:
        return self.store.group_room(room_id)

    def room_language(self, room_id: str) -> str | None:
        """The language of the group a room belongs to (None: not a group's room)."""
        info = self.room_info(room_id)
        group = self.store.load_group(info[0]) if info is not None else None
        return None if group is None else group_language(group["settings"])

    def take_seat(self, group: dict, member: dict, room_id: Any, reserved: bool = False) -> dict:
        """Seat 2 of a group's room for ``member`` (``reserved``: kept for them by the find-an-opponent pairing).
        The room, when this process serves it, tells its players at once; a process that serves it elsewhere
        reads the seat when the pupil's page says hello."""
        info = self.room_info(room_id) if isinstance(room_id, str) and len(room_id) <= 64 else None
        if info is None or info[0] != group["id"]:
            raise GroupRefusal(tr("This room is not in this group (or it expired)."), 404)
        if info[2] == member["id"]:
            raise GroupRefusal(tr("You created this room: wait for someone else to take the second seat."), 409)
        full = GroupRefusal(tr("Both seats of this room are taken: you can watch it."), 409)
        if info[3] is not None and not (reserved and info[3] == member["id"]):
            raise full
        if self.store.game_no(room_id) is None:
            raise GroupRefusal(tr("This room expired."), 404)
        token, now = secrets.token_urlsafe(32), self.server.now()
        if not self.store.take_group_seat(room_id, member["id"], token, now, reserved=reserved):
            raise full  # taken a moment ago (maybe on another server process)
        room = self.server.rooms.get(room_id)  # served here: its players hear of it now
        if room is None:
            return {"room": room_id, "token": token, "seat": 1, "rated": bool(info[1])}
        room.seat_hashes[1] = token_hash(token)
        self.set_view(room, (info[0], info[1], info[2], member["id"]))
        room.turn_started = now
        room.away_since[1] = now
        room.note = said("{nickname} took the second seat.", nickname=member["nickname"])
        room.broadcast()
        return {"room": room_id, "token": token, "seat": 1, "rated": bool(info[1])}

    def open_rooms(self, group: dict) -> list[dict]:
        """The group's rooms, most recently active first, each with its state: ``waiting`` (the second seat is
        free), ``playing`` (with ``ply``) or ``finished`` (with ``result``: who won or a draw, how, the score)."""
        nick = {mid: n for mid, n, *_ in self.store.members(group["id"], named_only=False)}
        out = []
        for room_id, rated, m0, m1, game_id, options, game_no, score0, reason in self.store.group_rooms(group["id"]):
            players = [nick.get(m0), nick.get(m1) if m1 else None]
            entry = {"room": room_id, "rated": bool(rated), "players": players, "free": m1 is None}
            if m1 is None:
                entry.update(state="waiting", ply=0, result=None)
            else:
                recorded = None if score0 is None else (score0, reason)
                entry.update(self.room_state(room_id, game_id, options, game_no, players, recorded))
            out.append(entry)
        return out

    def room_state(
        self, room_id: str, game_id: str, options: dict, game_no: int, players: list, recorded: tuple[float, str] | None
    ) -> dict:
        """``{"state": "playing"|"finished", "ply", "result"}`` of a room's current game.  A rated game's result
        is the stored one (an abandoned game is lost by the pupil who left, whatever the board says); otherwise
        it is read from the position.  Positions are replayed from the store once per list of moves (cached by
        the moves themselves, so a room played on another server process is read afresh)."""
        room = self.server.rooms.get(room_id)
        if room is not None and not room.sockets:
            room = None  # a copy nobody plays here: the room may be served by another process
        moves = (
            tuple((m.kind, m.move, m.seat) for m in room.moves)
            if room is not None
            else tuple(self.store.room_moves(room_id))
        )
        key = (room_id, game_no, moves)
        summary = self._positions.get(key)
        if summary is None:
            game = room.game if room is not None else rebuild(game_id, options, list(moves))
            spec = spec_for(game_id)
            over = game.is_over()
            summary = {
                "over": over,
                "winner": game.winner() if over else None,
                "resigned": getattr(game, "resigned", None) if over else None,
                "scores": [spec.score(game, s) for s in (0, 1)] if spec.final_score(game) else None,
                "names": spec.seat_names(options),
            }
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
        names = [players[s] or tr(summary["names"][s]) for s in (0, 1)]  # a nickname, or the seat's name
        scores = summary["scores"]
        score = f"{scores[0]}–{scores[1]}" if scores else None
        if winner is None:
            text = tr("A draw {score}.", score=score) if scores else tr("A draw.")
        else:
            loser = 1 - winner
            if reason == "resigned":
                text = tr("{loser} resigned: {winner} won.", loser=names[loser], winner=names[winner])
            elif reason == "abandoned":
                text = tr("{loser} left: {winner} won.", loser=names[loser], winner=names[winner])
            elif scores:
                text = tr(
                    "{winner} won {score}.", winner=names[winner], score="–".join((scores[winner], scores[loser]))
                )
            else:
                text = tr("{winner} won.", winner=names[winner])
        return {
            "state": "finished",
            "ply": len(moves),
            "result": {
                "winner": winner,
                "winner_name": None if winner is None else names[winner],
                "reason": reason,
                "score": score,
                "text": text,
            },
        }

    def find_opponent(self, group: dict, member: dict, cancel: bool = False) -> dict:
        """Wait for an opponent of close rating: ``{"status": "waiting"}`` until paired, then the room.  The queue
        is in the database (table ``waiting``), so pupils asking different server processes are paired too."""
        gid, mid, now = group["id"], member["id"], self.server.now()
        if cancel:
            self.store.leave_queue(mid)
            return {"status": "cancelled"}
        entry = self.store.queue_entry(mid)
        if entry is not None and entry["room"] is not None:  # someone was paired with me: my seat is kept
            self.store.leave_queue(mid)
            try:
                seat = self.take_seat(group, member, entry["room"], reserved=True)
            except GroupRefusal:
                seat = None  # the room went meanwhile: wait again
            if seat is not None:
                return dict(seat, status="paired", opponent=entry["opponent"])
        elif entry is not None and entry["claimed"] is not None and now - entry["claimed"] < FIND_STALE:
            return {"status": "waiting", "waiting": 1}  # being paired right now: the room comes next
        state, best, nickname, waiting = self.store.queue_and_pair(
            gid, mid, member["nickname"], member["rating"], now, FIND_STALE, pick_opponent
        )
        if state != "paired":
            return {"status": "waiting", "waiting": max(1, waiting)}
        created = self.new_room(group, member, bool(group["settings"]["rated"]))
        self.store.pair_ready(best, created["room"], member["nickname"])
        return dict(created, status="paired", opponent=nickname)

    # ----- hooks called by the room server ------------------------------------------------------------------
    def room_loaded(self, room: HostedRoom) -> None:
        info = self.room_info(room.id)
        if info is None:
            return
        room.open_to_link = False  # seat 2 is taken from the group page, not by opening the link
        self.set_view(room, info)
        if room.game.is_over():
            self.game_over(room, reloaded=True)  # a result lost in a crash between the move and its result

    def set_view(self, room: HostedRoom, info: tuple) -> None:
        """What the room's state tells everyone about the group: the two nicknames and whether it is rated
        (never the group's id: a watcher from outside does not learn the join link)."""
        names = self.store.nicknames([info[2], info[3]])
        room.group_view = {"rated": bool(info[1]), "players": [names.get(info[2]), names.get(info[3])]}

    def seat_taken_elsewhere(self, room: HostedRoom) -> bool:
        """A hello brought a token this process's copy of ``room`` does not know: maybe seat 2 was taken from the
        group page on another server process sharing the database.  Re-read the seats (and the nicknames); True
        when something changed."""
        hashes = self.store.seat_hashes(room.id)
        if hashes == list(room.seat_hashes):
            return False
        room.seat_hashes[:] = hashes
        info = self.room_info(room.id)
        if info is not None:
            self.set_view(room, info)
        return True

    def check_request(self, room: HostedRoom, kind: str) -> None:
        info = self.room_info(room.id) if not room.open_to_link else None
        if info and info[1] and kind == "undo" and room.game.is_over():
            raise Refusal(said("This rated game's result is recorded: its last move cannot be taken back."), "rated")

    def before_new_game(self, room: HostedRoom) -> None:
        """Alternate starter (a game whose room spec names a ``starter`` option, e.g. Dots' ``first``): the seat
        that did not start the last game starts the next."""
        info = self.room_info(room.id) if not room.open_to_link else None
        starter = spec_for(room.game_id).starter if info is not None else ""
        if not starter:
            return
        settings = self.group(info[0])["settings"]
        if not settings["alternate"]:
            return
        room.options = dict(room.options, **{starter: 1 - room.options.get(starter, 0)})
        self.store.set_room_options(room.id, room.options)

    def recover_results(self) -> list[str]:
        """At the server's start: rated games that ended while the server went down before their result was
        stored (a crash between the last move and its result) get it now, by the rules of :meth:`game_over`.
        Returns the ids of the rooms whose result was added."""
        added = []
        for room_id in self.store.rated_rooms_without_result():
            loaded = room_id in self.server.rooms
            room = self.server.room(room_id)  # loading a finished game records its result
            if room is None:
                continue
            if room.game.is_over():
                added.append(room_id)
            elif not loaded:
                self.server.rooms.pop(room_id, None)  # a game in progress is loaded when someone opens it
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
        game_no = self.store.game_no(room.id)
        if game_no is None or self.store.result_exists(room.id, game_no):
            return
        if self.server.fail_before_result:  # tests only: the server dies between a game's end and its result
            os.kill(os.getpid(), signal.SIGKILL)
        if not self.store.record_result(
            gid, room.id, game_no, m0, m1, score0, reason, room.game_id, self.server.now(), ratings.update
        ):
            return  # recorded meanwhile (another process), or a member is gone
        recorded = {
            "resigned": said("Rated game recorded (by resignation)."),
            "abandoned": said("Rated game recorded (the player who left loses)."),
            "played": said("Rated game recorded."),
        }[reason]
        room.note = joined(room.note, recorded)


__all__ = ["Groups", "GROUP_IDLE_DAYS"]
