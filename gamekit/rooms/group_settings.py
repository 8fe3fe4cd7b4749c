"""A class group's settings and the checks of what a teacher or pupil types: the games a group may play (the
catalog's games a room can host, for the menus), the settings checked and put in words, the room a group's
settings make, nicknames and group names.  A refusal is a :class:`GroupRefusal` (a 4xx answer with its reason)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from gamekit import catalog
from gamekit.game import TIMERS
from gamekit.i18n import languages, tr
from gamekit.rooms.speech import SOURCE, known_language

NICK_MIN, NICK_MAX = 2, 20
DEFAULT_SETTINGS = {
    "game": "dots",
    "width": 5,
    "height": 4,
    "timer": 0,
    "alternate": True,
    "popout": False,
    "rated": True,
    "language": SOURCE,
}
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
    return [
        {
            "value": value,
            "id": info.id,
            "names": list(info.names),
            "title": tr(info.title),
            "room": info.room.id,
            "options": {k: v for k, v in info.room_options(DEFAULT_SETTINGS).items() if k != info.room.starter},
            "settings": list(info.settings),
        }
        for value, info in group_games().items()
    ]


def group_game(name: Any) -> catalog.GameInfo | None:
    info = catalog.find(name)
    return info if info is not None and info.room is not None else None


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
        raise GroupRefusal(
            tr(
                "Nickname {nickname}: use {fewest} to {most} characters.",
                nickname=repr(nick[:30]),
                fewest=NICK_MIN,
                most=NICK_MAX,
            )
        )
    bad = [c for c in nick if not (c.isalnum() or c in " -_.")]
    if bad:
        shown = "".join(sorted(set(bad)))[:10].encode("unicode_escape").decode()
        raise GroupRefusal(
            tr(
                "Nickname {nickname}: only letters, digits, spaces, '-', '_' and '.' are allowed (not {characters}).",
                nickname=repr(nick),
                characters=repr(shown),
            )
        )
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
        raise GroupRefusal(
            tr(
                "Unknown setting(s) {unknown}: the settings are {settings}.",
                unknown=", ".join(sorted(map(str, unknown)))[:100],
                settings=", ".join(DEFAULT_SETTINGS),
            )
        )
    s = {**DEFAULT_SETTINGS, **(current or {})}  # a group made before a setting existed: its default
    s.update(raw)
    if group_game(s["game"]) is None:
        names = list(group_games())
        raise GroupRefusal(
            tr(
                "game={game}: choose {some} or {last}.",
                game=repr(s["game"]),
                some=", ".join(names[:-1]),
                last=names[-1],
            )
        )
    for side in ("width", "height"):
        v = s[side]
        if isinstance(v, bool) or not isinstance(v, int) or v not in (3, 4, 5):
            raise GroupRefusal(
                tr("{setting}={value}: a Dots board has 3, 4 or 5 boxes a side.", setting=side, value=repr(v))
            )
    if isinstance(s["timer"], bool) or s["timer"] not in TIMERS:
        raise GroupRefusal(tr("timer={value}: time per turn is 0 (off), 30 or 60 seconds.", value=repr(s["timer"])))
    for flag in ("alternate", "popout", "rated"):
        if not isinstance(s[flag], bool):
            raise GroupRefusal(tr("{setting}={value}: true or false.", setting=flag, value=repr(s[flag])))
    if not isinstance(s["language"], str) or known_language(s["language"]) != s["language"]:
        raise GroupRefusal(
            tr(
                "language={value}: the group's pages speak {languages}.",
                value=repr(s["language"])[:40],
                languages=", ".join(languages()),
            )
        )
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
        parts = [
            tr("{game} with PopOut", game=tr(info.title))
            if s["popout"] and "popout" in info.options
            else tr(info.title)
        ]
    parts.append(tr("{seconds} s per turn", seconds=s["timer"]) if s["timer"] else tr("no time limit"))
    parts.append(tr("rated games allowed") if s["rated"] else tr("no rated games"))
    return ", ".join(parts)


def room_request(s: dict) -> tuple[str, dict, int]:
    """(game, options, timer) of a room created with these group settings."""
    info = group_game(s["game"])
    return info.room.id, info.room_options(s), s["timer"]
