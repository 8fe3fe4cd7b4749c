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
:mod:`gamekit.rooms.groups_http`.  Everything lives in the rooms' database (tables ``groups``, ``members``,
``group_rooms``, ``results``, ``progress``), read and written only through the store's
:class:`gamekit.rooms.store.GroupStore` interface: this module runs no SQL.  A group idle for
:data:`GROUP_IDLE_DAYS` days is deleted with everything in it.  Rules and choices: ``docs/class.md``.
"""
from __future__ import annotations

import csv
import io
import os
import re
import secrets
import signal
import time
import unicodedata
from typing import Any

from gamekit import catalog
from gamekit.i18n import get_language, languages, tr
from gamekit.rooms import ratings
from gamekit.game import TIMERS
from gamekit.catalog import BadOptions
from gamekit.rooms.games import rebuild, spec_for
from gamekit.rooms.store import GroupStore, nocase, stood_in_at_end, token_hash
from gamekit.rooms.speech import SOURCE, joined, known_language, said
from gamekit.rooms.web import HostedRoom, Refusal, RoomHost

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
                    "rated": True, "language": SOURCE}
# "language": the language of the group's pages (and its rooms' pages) when the address does not ask for one; a
# group made before this setting has none stored (its pages speak the browser's language) until its settings are
# next saved (then DEFAULT_SETTINGS fills it in: English, unless the teacher chose)


def group_games() -> dict[str, catalog.GameInfo]:
    """The games a group may play (the catalog's games a room can host), by the id its settings use: the short id
    (the catalog alias: ``dots``, ``five``, ``four``, as stored by earlier versions) or, for a game without one,
    its catalog id.  A setting may also name a game by its catalog id (``five_in_a_row``); it is stored as given."""
    return {info.short_id: info for info in catalog.games() if info.room is not None}


def game_menu() -> list[dict]:
    """The games a room or a group can play, for the create page's and the group settings page's menus
    (``GET /api/games``), in catalog order: ``value`` (the id the menus and the group settings use: the short id),
    ``id`` and ``names`` (the catalog id and every alias: a stored setting may use any), ``title`` (in the current
    language), ``room`` (the room game id to create), ``options`` (the room options of the default group
    settings, without the :attr:`RoomSpec.starter` option: a room made on the create page starts as the game
    does by default) and ``settings`` (the group settings the game reads, :attr:`GameInfo.settings`: the pages show
    their controls, and the create page overrides each one that is a key of ``options``)."""
    return [{"value": value, "id": info.id, "names": list(info.names), "title": tr(info.title), "room": info.room.id,
             "options": {k: v for k, v in info.room_options(DEFAULT_SETTINGS).items() if k != info.room.starter},
             "settings": list(info.settings)}
            for value, info in group_games().items()]


def group_game(name: Any) -> catalog.GameInfo | None:
    info = catalog.find(name)
    return info if info is not None and info.room is not None else None


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
        raise GroupRefusal(tr("The nickname must be text."))
    nick = unicodedata.normalize("NFC", nickname).strip()
    nick = re.sub(r" {2,}", " ", nick)
    if not NICK_MIN <= len(nick) <= NICK_MAX:
        raise GroupRefusal(tr("Nickname {nickname}: use {fewest} to {most} characters.", nickname=repr(nick[:30]),
                              fewest=NICK_MIN, most=NICK_MAX))
    bad = [c for c in nick if not (c.isalnum() or c in " -_.")]
    if bad:
        shown = "".join(sorted(set(bad)))[:10].encode("unicode_escape").decode()
        raise GroupRefusal(tr("Nickname {nickname}: only letters, digits, spaces, '-', '_' and '.' are allowed "
                              "(not {characters}).", nickname=repr(nick), characters=repr(shown)))
    if not nick[0].isalnum():
        raise GroupRefusal(tr("Nickname {nickname}: start with a letter or a digit.", nickname=repr(nick)))
    return nick


def check_group_name(name: Any) -> str:
    if name is None or name == "":
        return tr("My class")
    if not isinstance(name, str):
        raise GroupRefusal(tr("The group name must be text."))
    name = " ".join(name.split())
    if not 1 <= len(name) <= 60 or any(unicodedata.category(c).startswith("C") for c in name):
        raise GroupRefusal(tr("The group name: 1 to 60 printable characters."))
    return name


def check_settings(raw: Any, current: dict | None = None) -> dict:
    """The group settings, checked (types never coerced); keys not given keep their ``current`` value."""
    if not isinstance(raw, dict):
        raise GroupRefusal(tr("settings must be an object."))
    unknown = set(raw) - set(DEFAULT_SETTINGS)
    if unknown:
        raise GroupRefusal(tr("Unknown setting(s) {unknown}: the settings are {settings}.",
                              unknown=", ".join(sorted(map(str, unknown)))[:100], settings=", ".join(DEFAULT_SETTINGS)))
    s = {**DEFAULT_SETTINGS, **(current or {})}          # a group made before a setting existed: its default
    s.update(raw)
    if group_game(s["game"]) is None:
        names = list(group_games())
        raise GroupRefusal(tr("game={game}: choose {some} or {last}.", game=repr(s["game"]),
                              some=", ".join(names[:-1]), last=names[-1]))
    for side in ("width", "height"):
        v = s[side]
        if isinstance(v, bool) or not isinstance(v, int) or v not in (3, 4, 5):
            raise GroupRefusal(tr("{setting}={value}: a Dots board has 3, 4 or 5 boxes a side.", setting=side, value=repr(v)))
    if isinstance(s["timer"], bool) or s["timer"] not in TIMERS:
        raise GroupRefusal(tr("timer={value}: time per turn is 0 (off), 30 or 60 seconds.", value=repr(s["timer"])))
    for flag in ("alternate", "popout", "rated"):
        if not isinstance(s[flag], bool):
            raise GroupRefusal(tr("{setting}={value}: true or false.", setting=flag, value=repr(s[flag])))
    if not isinstance(s["language"], str) or known_language(s["language"]) != s["language"]:
        raise GroupRefusal(tr("language={value}: the group's pages speak {languages}.", value=repr(s["language"])[:40],
                              languages=", ".join(languages())))
    return s


def group_language(settings: dict) -> str | None:
    """The language of a group's pages (its ``language`` setting), or None for a group made before the setting
    existed and not saved since (its pages then speak the browser's language)."""
    return known_language(settings.get("language"))


def describe_settings(s: dict) -> str:
    """The settings in words, in the current language: "Dots and Boxes, 5 × 4 boxes, the starter alternates, no
    time limit, rated games allowed"."""
    info = group_game(s["game"])
    if info.settings_words is not None:
        parts = [info.settings_words(s)]
    else:
        parts = [tr("{game} with PopOut", game=tr(info.title)) if s["popout"] and "popout" in info.options
                 else tr(info.title)]
    parts.append(tr("{seconds} s per turn", seconds=s["timer"]) if s["timer"] else tr("no time limit"))
    parts.append(tr("rated games allowed") if s["rated"] else tr("no rated games"))
    return ", ".join(parts)


def room_request(s: dict) -> tuple[str, dict, int]:
    """(game, options, timer) of a room created with these group settings."""
    info = group_game(s["game"])
    return info.room.id, info.room_options(s), s["timer"]


def check_progress(data: Any) -> dict:
    """A pupil's saved lesson progress (``gamekit.progress`` file format, version 1), checked and trimmed to
    the fields the class table uses."""
    if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("lessons"), dict):
        raise GroupRefusal(tr("progress must be the saved progress: {example}.", example='{"version": 1, "lessons": {…}}'))
    lessons = data["lessons"]
    if len(lessons) > 100:
        raise GroupRefusal(tr("progress: at most 100 lessons."))
    clean: dict[str, dict] = {}
    for lesson, exercises in lessons.items():
        if not isinstance(lesson, str) or not 0 < len(lesson) <= 300:
            raise GroupRefusal(tr("progress: lesson names are texts of 1 to 300 characters."))
        if not isinstance(exercises, dict) or len(exercises) > 200:
            raise GroupRefusal(tr("progress: lesson {lesson} must map at most 200 exercises to their records.",
                                  lesson=repr(lesson[:40])))
        out = clean[lesson] = {}
        for name, rec in exercises.items():
            if not isinstance(name, str) or not 0 < len(name) <= 300 or not isinstance(rec, dict):
                raise GroupRefusal(tr("progress: lesson {lesson} has a malformed exercise record.", lesson=repr(lesson[:40])))
            attempts = rec.get("attempts", 0)
            if isinstance(attempts, bool) or not isinstance(attempts, int) or not 0 <= attempts <= 100000:
                raise GroupRefusal(tr("progress: {lesson}/{exercise}: attempts must be a whole number.",
                                      lesson=repr(lesson[:40]), exercise=repr(name[:40])))
            item = {"attempts": attempts}
            for flag in ("solved", "first_try", "shown"):
                value = rec.get(flag, False)
                if not isinstance(value, bool):
                    raise GroupRefusal(tr("progress: {lesson}/{exercise}: {field} must be true or false.",
                                          lesson=repr(lesson[:40]), exercise=repr(name[:40]), field=flag))
                item[flag] = value
            if rec.get("extra") is not None:
                item["extra"] = check_extra(rec["extra"], lesson, name)
            out[name] = item
    out: dict[str, Any] = {"version": 1, "lessons": clean}
    if "puzzles" in data:
        out["puzzles"] = check_puzzle_results(data["puzzles"])
    if data.get("tally") is not None:
        out["tally"] = check_tally(data["tally"])
    return out


def check_puzzle_results(raw: Any) -> dict:
    """A pupil's puzzle results by theme (``gamekit.puzzles.results.theme_results()``:
    ``{game: {theme: {"tried": n, "right": k}}}``), checked: known games and themes only, whole numbers with
    0 ≤ right ≤ tried ≤ 100000."""
    from gamekit.puzzles.core import THEMES
    if not isinstance(raw, dict):
        raise GroupRefusal(tr("progress: puzzles must be {example}.", example='{game: {theme: {"tried": n, "right": k}}}'))
    clean: dict[str, dict] = {}
    for game, themes in raw.items():
        if not isinstance(game, str) or game not in THEMES:
            raise GroupRefusal(tr("progress: puzzles: {game} is not a game with puzzles ({games}).",
                                  game=repr(str(game)[:40]), games=", ".join(THEMES)))
        if not isinstance(themes, dict):
            raise GroupRefusal(tr("progress: puzzles: {game} must map themes to their results.", game=game))
        for theme, cell in themes.items():
            if not isinstance(theme, str) or theme not in THEMES[game]:
                raise GroupRefusal(tr("progress: puzzles: {theme} is not a theme of {game}.", theme=repr(str(theme)[:40]),
                                      game=game))
            if not isinstance(cell, dict) or set(cell) != {"tried", "right"}:
                raise GroupRefusal(tr("progress: puzzles: {game}/{theme} must be {example}.", game=game, theme=theme,
                                      example='{"tried": n, "right": k}'))
            tried, right = cell["tried"], cell["right"]
            if any(isinstance(v, bool) or not isinstance(v, int) for v in (tried, right)) or \
                    not 0 <= right <= tried <= 100000:
                raise GroupRefusal(tr("progress: puzzles: {game}/{theme}: tried and right are whole numbers, "
                                      "0 ≤ right ≤ tried.", game=game, theme=theme))
            clean.setdefault(game, {})[theme] = {"tried": tried, "right": right}
    return clean


def check_extra(raw: Any, lesson: str, exercise: str) -> dict:
    """An exercise's extra practice (the mastery loop, ``gamekit.progress.record_extra``): ``{"game", "theme",
    "tried", "right"}`` with a known game and theme and whole numbers 0 ≤ right ≤ tried ≤ 1000; what else the
    pupil's computer keeps there is dropped."""
    from gamekit.puzzles.core import THEMES
    where = f"{lesson[:40]!r}/{exercise[:40]!r}"
    if not isinstance(raw, dict):
        raise GroupRefusal(tr("progress: {where}: extra must be {example}.", where=where,
                              example='{"game": …, "theme": …, "tried": n, "right": k}'))
    game, theme, tried, right = (raw.get(k) for k in ("game", "theme", "tried", "right"))
    if not isinstance(game, str) or game not in THEMES or not isinstance(theme, str) or theme not in THEMES[game]:
        raise GroupRefusal(tr("progress: {where}: extra names an unknown game or theme.", where=where))
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (tried, right)) or not 0 <= right <= tried <= 1000:
        raise GroupRefusal(tr("progress: {where}: extra tried and right are whole numbers, 0 ≤ right ≤ tried.",
                              where=where))
    return {"game": game, "theme": theme, "tried": tried, "right": right}


def extra_summary(progress: dict) -> dict[str, tuple[int, int]]:
    """``"game/theme"`` → (similar puzzles tried, right) over every exercise of the upload: the ideas the pupil
    needed extra practice on."""
    out: dict[str, tuple[int, int]] = {}
    for exercises in progress["lessons"].values():
        for rec in exercises.values():
            extra = rec.get("extra")
            if extra and extra["tried"]:
                key = f"{extra['game']}/{extra['theme']}"
                tried, right = out.get(key, (0, 0))
                out[key] = (tried + extra["tried"], right + extra["right"])
    return out


def idea_name(key: str) -> str:
    """An idea of the extra-practice column, ``"game/theme"``, in words: ``"Dots and Boxes — double-deal"``."""
    from gamekit.puzzles.core import GAME_NAMES, THEMES
    game, _, theme = key.partition("/")
    return tr("{game} — {theme}", game=tr(GAME_NAMES[game]), theme=tr(THEMES[game][theme]))


def puzzle_summary(progress: dict) -> dict[str, tuple[int, int]]:
    """``"game/theme"`` → (puzzles tried, right at the first answer), from a checked upload."""
    return {f"{game}/{theme}": (cell["tried"], cell["right"])
            for game, themes in progress.get("puzzles", {}).items() for theme, cell in themes.items()}


def puzzle_column(key: str) -> str:
    """The class table's name of a puzzle column: ``"Puzzles: Dots and Boxes — double-deal"``."""
    from gamekit.puzzles.core import GAME_NAMES, THEMES
    game, _, theme = key.partition("/")
    return tr("Puzzles: {game} — {theme}", game=tr(GAME_NAMES[game]), theme=tr(THEMES[game][theme]))


TALLY_TOTALS = tuple(range(2, 13))
MAX_TALLY = 100_000


def check_tally(raw: Any) -> dict[str, int]:
    """A pupil's dice tally from Shut the Box lesson 3 (``{"2": rolls, …, "12": rolls}``, sent inside the
    progress upload), checked: every total 2 to 12 once, each a whole number of rolls from 0 to 100 000."""
    if not isinstance(raw, dict) or set(raw) != {str(t) for t in TALLY_TOTALS}:
        raise GroupRefusal(tr('progress: tally must give the rolls of each total "2" to "12".'))
    for total, n in raw.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_TALLY:
            raise GroupRefusal(tr("progress: tally: the rolls of {total} must be a whole number from 0 to {most}.",
                                  total=total, most=MAX_TALLY))
    return {str(t): raw[str(t)] for t in TALLY_TOTALS}


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
    """The groups of one room server: the rules (who may do what, ratings, pairing), with the data kept by
    ``server.group_store`` (a :class:`gamekit.rooms.store.GroupStore`) and the live rooms by ``server``."""

    def __init__(self, server: RoomHost):
        self.server = server
        self.store: GroupStore = server.group_store
        scale = max(1.0, server.rooms_per_minute / 60.0)
        self.requests = Bucket(120 * scale, 60 * scale)        # group API calls per address and key
        self._positions: dict[tuple, dict] = {}               # (room, game no., moves) → how that game stands
        self.guesses = Bucket(30 * scale, 20 * scale)          # code look-ups and refused keys, per address

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
            raise GroupRefusal(tr("This group does not exist (the link is mistyped, or the group was deleted or "
                                  "expired after {days} days without activity).", days=GROUP_IDLE_DAYS), 404)
        return dict(row, code=show_code(row["code"]))

    def by_code(self, code: Any) -> str:
        if not isinstance(code, str):
            raise GroupRefusal(tr("The code must be text such as K7MQ-2PXA."))
        clean = re.sub(r"[\s-]", "", code).upper()
        gid = self.store.group_by_code(clean) if len(clean) in (CODE_LENGTH, OLD_CODE_LENGTH) else None
        if gid is None:
            raise GroupRefusal(tr("No group has the code {code}: check it with your teacher.", code=repr(code[:12])), 404)
        return gid

    def touch(self, gid: str) -> None:
        self.store.touch_group(gid, self.server.now())

    def check_owner(self, group: dict, key: Any) -> None:
        if not isinstance(key, str) or not 10 <= len(key) <= 100 or \
                not secrets.compare_digest(group["owner_hash"], token_hash(key)):
            raise GroupRefusal(tr("Only the teacher's owner link can do this."), 403)

    def member(self, group: dict, key: Any) -> dict:
        if not isinstance(key, str) or not 10 <= len(key) <= 100:
            raise GroupRefusal(tr("This needs the member key this browser got when joining the group."), 403)
        found = self.store.member_by_key(group["id"], token_hash(key))
        if found is None:
            raise GroupRefusal(tr("You are not (or no longer) a member of this group: join it again with a nickname."),
                               403)
        return found

    def join(self, group: dict, nickname: Any) -> dict:
        nick = check_nickname(nickname)
        if self.store.count_members(group["id"]) >= MAX_MEMBERS:
            raise GroupRefusal(tr("This group is full ({n} pupils).", n=MAX_MEMBERS), 409)
        taken = GroupRefusal(tr("The nickname {nickname} is taken in this group: choose another.", nickname=repr(nick)), 409)
        if self.store.nickname_taken(group["id"], nick):
            raise taken
        key = secrets.token_urlsafe(32)
        if not self.store.add_member(group["id"], nick, token_hash(key), self.server.now()):
            raise taken                                  # taken a moment ago (another server process)
        return {"nickname": nick, "key": key}

    def remove_member(self, group: dict, member_id: int) -> None:
        """The pupil's nickname, key and progress go; their past results stay (under no name) so that the
        other pupils' ratings are unchanged."""
        self.store.remove_member(group["id"], member_id)
        self.store.leave_queue(member_id)

    def remove_by_nickname(self, group: dict, nickname: Any) -> None:
        member_id = self.store.member_by_nickname(group["id"], nickname) if isinstance(nickname, str) else None
        if member_id is None:
            raise GroupRefusal(tr("No pupil is called {nickname} in this group.", nickname=repr(str(nickname)[:30])), 404)
        self.remove_member(group, member_id)

    def owner_members(self, group: dict) -> list[dict]:
        """The pupils as the teacher's page lists them: by nickname (A–Z case folded, as SQLite's NOCASE)."""
        rows = sorted(self.store.members(group["id"]), key=lambda r: (nocase(r[1]), r[0]))
        return [{"nickname": nick, "rating": round(rating, 1), "games": games}
                for _, nick, rating, games, *_ in rows]

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
                room.close_all(message)        # every connection, greeted or not

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
            if abs(st.rating - rating) > 1e-6 or (games, wins, draws, losses) != (st.games, st.wins, st.draws, st.losses):
                return False
        return True

    # ----- the teacher's class table -----------------------------------------------------------------------
    def class_table(self, group: dict) -> dict:
        rows = sorted(self.store.progress(group["id"]), key=lambda r: nocase(r[0]))
        lessons: set[str] = set()
        puzzles: set[str] = set()
        ideas: set[str] = set()
        pupils = []
        for nick, data, at in rows:
            saved = data if data else {"lessons": {}}
            summary = lesson_summary(saved)
            solved = puzzle_summary(saved)
            extra = extra_summary(saved)
            lessons.update(summary)
            puzzles.update(solved)
            ideas.update(extra)
            pupils.append({"nickname": nick, "sent": at, "lessons": summary, "puzzles": solved, "extra": extra})
        columns = sorted(puzzles)
        return {"lessons": sorted(lessons), "pupils": pupils, "puzzles": columns,
                "puzzle_names": {k: puzzle_column(k) for k in columns},
                "idea_names": {k: idea_name(k) for k in sorted(ideas)}}

    def class_csv(self, group: dict) -> str:
        table = self.class_table(group)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["pupil", "lesson", "exercises done", "exercises right", "sent at (UTC)", "accuracy"])
        for pupil in table["pupils"]:
            sent = time.strftime("%Y-%m-%d %H:%M", time.gmtime(pupil["sent"])) if pupil["sent"] else ""
            for lesson in table["lessons"]:
                done, right = pupil["lessons"].get(lesson, (0, 0))
                writer.writerow([_csv_cell(pupil["nickname"]), _csv_cell(lesson), done, right, sent, ""])
            for key in table["puzzles"]:          # puzzles: tried, right at the first answer, and their share
                tried, right = pupil["puzzles"].get(key, (0, 0))
                writer.writerow([_csv_cell(pupil["nickname"]), table["puzzle_names"][key], tried, right, sent,
                                 f"{right / tried:.0%}" if tried else ""])
            for key, (tried, right) in sorted(pupil["extra"].items()):    # the ideas practised again
                writer.writerow([_csv_cell(pupil["nickname"]), tr("Extra practice: {idea}", idea=table["idea_names"][key]),
                                 tried, right, sent, f"{right / tried:.0%}" if tried else ""])
            if not table["lessons"] and not table["puzzles"]:
                writer.writerow([_csv_cell(pupil["nickname"]), "", 0, 0, sent, ""])
        return out.getvalue()

    def save_progress(self, group: dict, member: dict, raw: Any) -> dict:
        clean = check_progress(raw)
        self.store.save_progress(group["id"], member["id"], clean, self.server.now())
        return {"lessons": {k: list(v) for k, v in lesson_summary(clean).items()},
                "puzzles": {k: list(v) for k, v in puzzle_summary(clean).items()}}

    def class_tally(self, group: dict) -> dict:
        """The class's dice tally: the sum of every member's tally sent with their progress, how many pupils
        sent one, and the rolls in all."""
        counts = {str(t): 0 for t in TALLY_TOTALS}
        pupils = 0
        for _nick, data, _at in self.store.progress(group["id"]):
            tally = (data or {}).get("tally")
            if tally:
                pupils += 1
                for total, n in tally.items():
                    counts[total] += n
        return {"counts": counts, "pupils": pupils, "rolls": sum(counts.values())}

    # ----- rooms in the group --------------------------------------------------------------------------
    def new_room(self, group: dict, member: dict, rated: Any, opponent: dict | None = None) -> dict:
        if not isinstance(rated, bool):
            raise GroupRefusal(tr("rated must be true or false."))
        if rated and not group["settings"]["rated"]:
            raise GroupRefusal(tr("The teacher has not allowed rated games in this group."), 403)
        game, options, timer = room_request(group["settings"])
        try:
            room_id, token = self.server.create_room(game, options, timer)
        except BadOptions as refusal:                    # the settings were checked: should not happen
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
            raise full                                   # taken a moment ago (maybe on another server process)
        room = self.server.rooms.get(room_id)            # served here: its players hear of it now
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

    def room_state(self, room_id: str, game_id: str, options: dict, game_no: int, players: list,
                   recorded: tuple[float, str] | None) -> dict:
        """``{"state": "playing"|"finished", "ply", "result"}`` of a room's current game.  A rated game's result
        is the stored one (an abandoned game is lost by the pupil who left, whatever the board says); otherwise
        it is read from the position.  Positions are replayed from the store once per list of moves (cached by
        the moves themselves, so a room played on another server process is read afresh)."""
        room = self.server.rooms.get(room_id)
        if room is not None and not room.sockets:
            room = None                # a copy nobody plays here: the room may be served by another process
        moves = (tuple((m.kind, m.move, m.seat) for m in room.moves) if room is not None else
                 tuple(self.store.room_moves(room_id)))
        key = (room_id, game_no, moves)
        summary = self._positions.get(key)
        if summary is None:
            game = room.game if room is not None else rebuild(game_id, options, list(moves))
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
        names = [players[s] or tr(summary["names"][s]) for s in (0, 1)]     # a nickname, or the seat's name
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
                text = tr("{winner} won {score}.", winner=names[winner], score="–".join((scores[winner], scores[loser])))
            else:
                text = tr("{winner} won.", winner=names[winner])
        return {"state": "finished", "ply": len(moves),
                "result": {"winner": winner, "winner_name": None if winner is None else names[winner],
                           "reason": reason, "score": score,
                           "text": text}}

    def find_opponent(self, group: dict, member: dict, cancel: bool = False) -> dict:
        """Wait for an opponent of close rating: ``{"status": "waiting"}`` until paired, then the room.  The queue
        is in the database (table ``waiting``), so pupils asking different server processes are paired too."""
        gid, mid, now = group["id"], member["id"], self.server.now()
        if cancel:
            self.store.leave_queue(mid)
            return {"status": "cancelled"}
        entry = self.store.queue_entry(mid)
        if entry is not None and entry["room"] is not None:      # someone was paired with me: my seat is kept
            self.store.leave_queue(mid)
            try:
                seat = self.take_seat(group, member, entry["room"], reserved=True)
            except GroupRefusal:
                seat = None                                       # the room went meanwhile: wait again
            if seat is not None:
                return dict(seat, status="paired", opponent=entry["opponent"])
        elif entry is not None and entry["claimed"] is not None and now - entry["claimed"] < FIND_STALE:
            return {"status": "waiting", "waiting": 1}            # being paired right now: the room comes next
        state, best, nickname, waiting = self.store.queue_and_pair(gid, mid, member["nickname"], member["rating"],
                                                                   now, FIND_STALE, pick_opponent)
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
        room.open_to_link = False          # seat 2 is taken from the group page, not by opening the link
        self.set_view(room, info)
        if room.game.is_over():
            self.game_over(room, reloaded=True)    # a result lost in a crash between the move and its result

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
        game_no = self.store.game_no(room.id)
        if game_no is None or self.store.result_exists(room.id, game_no):
            return
        if self.server.fail_before_result:       # tests only: the server dies between a game's end and its result
            os.kill(os.getpid(), signal.SIGKILL)
        if not self.store.record_result(gid, room.id, game_no, m0, m1, score0, reason, room.game_id,
                                        self.server.now(), ratings.update):
            return                               # recorded meanwhile (another process), or a member is gone
        recorded = {"resigned": said("Rated game recorded (by resignation)."),
                    "abandoned": said("Rated game recorded (the player who left loses)."),
                    "played": said("Rated game recorded.")}[reason]
        room.note = joined(room.note, recorded)


__all__ = ["Groups", "GroupRefusal", "game_menu", "group_games", "group_game", "check_nickname", "check_settings", "check_progress", "check_tally", "lesson_summary",
           "GROUP_IDLE_DAYS", "DEFAULT_SETTINGS"]
