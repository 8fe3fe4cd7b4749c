"""A pupil's saved progress: every exercise result, kept in a small JSON file that survives restarts.

The lesson widgets (:class:`~gamekit.widgets.lesson.ExerciseWidget`, ``PuzzleBoard``, ``LessonScore``)
record each answer here, so a kernel restart or a page reload loses nothing.  The start page shows it as a table
with an Export button (:mod:`gamekit.progress_report`).

Where the file lives: ``progress.json`` in the user's data directory (``platformdirs.user_data_dir("gamekit")``:
``~/.local/share/gamekit`` on Linux), or the path in the ``GAMEKIT_PROGRESS_FILE`` environment variable
(``off`` keeps progress in memory only; the tests point it at a temporary file).

File format (version 1)::

    {"version": 1,
     "lessons": {"Lesson 2 — third sides": {
         "safe_line": {"attempts": 2, "solved": true, "first_try": false, "shown": false,
                       "updated": "2026-11-30T09:40:12"}}},
     "answers": {"Lesson 2 — third sides": {
         "reflection": {"text": "…", "updated": "2026-11-30T09:52:40"}}}}

``answers`` (optional) holds the written answers to the lessons' reflection questions (:func:`save_answer`).
``practice`` (optional) holds the puzzle practice of each game (:func:`save_rating`, :func:`record_attempt`;
shown in :func:`gamekit.progress_report.rows` and :func:`gamekit.progress_report.export_csv`)::

     "practice": {"dots_and_boxes": {
         "rating": {"rating": 1562.3, "rd": 290.1, "vol": 0.06, "updated": "…"},
         "history": [1500.0, 1562.3],
         "attempts": {"d44-0017": {"attempts": 2, "solved": true, "first_try": false, "updated": "…"}},
         "personal": [{"id": "mine-…", "game": "dots_and_boxes", …}]}}

``personal`` (optional) holds the pupil's own mistakes from reviewed games, as puzzles (:func:`save_personal`).

``tally`` (optional) holds the pupil's dice rolls in Shut the Box lesson 3, as the count of each total of two
dice (:func:`save_tally`): ``"tally": {"2": 1, "3": 0, …, "12": 2}``; it travels with the progress sent to a
class group, where the group sums the class's (``gamekit.rooms.groups``).  ``group`` (optional) is the class
group this computer joined (:func:`set_group`: ``{"link": …, "key": …, "nickname": …, "name": …}``; ``name``, the
group's name, is optional).  While a group is saved, :func:`share` sends the progress to it after each answer.

A damaged file is set aside as ``progress.json.damaged`` (never silently overwritten) and a fresh one started.
"""

from __future__ import annotations

import json
import os
import threading
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from gamekit.i18n import tr
from gamekit.progress_renamed import renamed

ENV = "GAMEKIT_PROGRESS_FILE"
VERSION = 1
FIELDS = ("attempts", "solved", "first_try", "shown")
_lock = threading.RLock()
_memory: dict[str, Any] = {"version": VERSION, "lessons": {}}


def progress_path() -> Path | None:
    """The progress file (None when ``GAMEKIT_PROGRESS_FILE=off``)."""
    override = os.environ.get(ENV)
    if override is not None and override.strip().lower() in ("off", "none", ""):
        return None
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("gamekit", appauthor=False)) / "progress.json"


def _valid(data: Any) -> bool:
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("lessons"), dict):
        return False
    for lesson in data["lessons"].values():
        if not isinstance(lesson, dict):
            return False
        for rec in lesson.values():
            if not isinstance(rec, dict) or not isinstance(rec.get("attempts", 0), int):
                return False
    answers = data.get("answers", {})
    if not isinstance(answers, dict):
        return False
    for lesson in answers.values():
        if not isinstance(lesson, dict) or not all(
            isinstance(r, dict) and isinstance(r.get("text"), str) for r in lesson.values()
        ):
            return False
    if "tally" in data and check_tally(data["tally"], quiet=True) is None:
        return False
    group = data.get("group")
    if group is not None and not (
        isinstance(group, dict)
        and all(isinstance(group.get(k), str) for k in ("link", "key", "nickname"))
        and isinstance(group.get("name", ""), str)
    ):
        return False
    return _valid_practice(data.get("practice", {}))


TALLY_TOTALS = tuple(range(2, 13))
"""The totals of two dice, the keys of a tally."""
MAX_TALLY = 100_000
"""The most rolls of one total a tally keeps (a class rolls a few hundred)."""


def check_tally(counts: Any, quiet: bool = False) -> "dict[str, int] | None":
    """A tally ``{total: rolls}`` for the totals 2 to 12 (keys as whole numbers or their text), checked: every
    total present once, each count a whole number from 0 to :data:`MAX_TALLY`.  Returns it with text keys
    ``"2"`` … ``"12"``; refused with ValueError naming the problem (``quiet``: None instead)."""
    try:
        if not isinstance(counts, dict):
            raise ValueError(
                tr("a tally maps each total 2 to 12 to its number of rolls, not {kind}", kind=type(counts).__name__)
            )
        out: dict[str, int] = {}
        for key, n in counts.items():
            total = (
                key
                if isinstance(key, int) and not isinstance(key, bool)
                else int(key)
                if isinstance(key, str) and key.isascii() and key.isdigit()
                else None
            )
            if total not in TALLY_TOTALS or str(total) in out:
                raise ValueError(tr("tally: {key!r} is not a total of two dice (2 to 12)", key=key))
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_TALLY:
                raise ValueError(
                    tr(
                        "tally: the rolls of {total} must be a whole number from 0 to {most}, not {n!r}",
                        total=total,
                        most=MAX_TALLY,
                        n=n,
                    )
                )
            out[str(total)] = n
        if set(out) != {str(t) for t in TALLY_TOTALS}:
            raise ValueError(tr("tally: give the rolls of every total from 2 to 12"))
        return {str(t): out[str(t)] for t in TALLY_TOTALS}
    except ValueError:
        if quiet:
            return None
        raise


def save_tally(counts: Any) -> dict[str, int]:
    """Save this pupil's dice tally (replacing the one saved before); returns it as saved.  Refused before
    anything changes when it is not a tally (:func:`check_tally`)."""
    clean = check_tally(counts)
    with _lock:
        data = load()
        data["tally"] = clean
        try:
            _save(data)
        except OSError:
            pass
        return dict(clean)


def tally() -> dict[str, int]:
    """This pupil's saved dice tally (every total 0 when none is saved)."""
    return dict(load().get("tally") or {str(t): 0 for t in TALLY_TOTALS})


def set_group(link: str, key: str, nickname: str, name: str = "") -> dict[str, str]:
    """Remember the class group this computer joined (its link, the member key, the nickname and, when known, the
    group's name), so that lessons send to it (:func:`share`); ``gamekit.rooms.join_group`` calls it.  Texts only
    (ValueError otherwise; ``name`` may be empty)."""
    for field_name, value in (("link", link), ("key", key), ("nickname", nickname), ("name", name or "-")):
        if not isinstance(value, str) or not 0 < len(value) <= 500:
            raise ValueError(tr("{name}={value!r}: a non-empty text", name=field_name, value=value))
    with _lock:
        data = load()
        data["group"] = {"link": link, "key": key, "nickname": nickname}
        if name:
            data["group"]["name"] = name
        try:
            _save(data)
        except OSError:
            pass
        return dict(data["group"])


def group() -> "dict[str, str] | None":
    """The class group this computer joined (:func:`set_group`), or None."""
    saved = load().get("group")
    return dict(saved) if saved else None


def forget_group() -> None:
    """Forget the class group (leaving it, or a new class)."""
    with _lock:
        data = load()
        if data.pop("group", None) is not None:
            _save(data)


SHARE = "gamekit.rooms.class_join:share_in_background"
"""Who sends the saved progress to the class group, named as ``"module:function"`` and imported only when a group
is saved (the room client sits above this module, as the catalog names a game's widget): ``function(on_done)``
sends in the background and later calls ``on_done(sent, message)``."""


def share(on_done: "Callable[[bool, str], None] | None" = None) -> bool:
    """Send this computer's saved progress to its class group (:func:`set_group`) in the background, never
    waiting for the network; ``on_done(sent, message)`` is called when the server has answered or could not be
    reached (``message``: a short sentence for the pupil).  Returns False, and sends nothing, when no group is
    saved.  The lesson widgets call it after every answer."""
    if on_done is not None and not callable(on_done):
        raise TypeError(tr("on_done must be a function, not {__name__}", __name__=type(on_done).__name__))
    if group() is None:
        return False
    import importlib

    module, _, name = SHARE.partition(":")
    getattr(importlib.import_module(module), name)(on_done)
    return True


def _number(v: Any) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and v == v and abs(v) != float("inf")


def _valid_practice(practice: Any) -> bool:
    if not isinstance(practice, dict):
        return False
    for rec in practice.values():
        if not isinstance(rec, dict):
            return False
        rating = rec.get("rating")
        if rating is not None and not (
            isinstance(rating, dict) and all(_number(rating.get(k)) for k in ("rating", "rd", "vol"))
        ):
            return False
        history = rec.get("history", [])
        if not isinstance(history, list) or not all(_number(v) for v in history):
            return False
        tries = rec.get("attempts", {})
        if not isinstance(tries, dict) or not all(
            isinstance(t, dict) and isinstance(t.get("attempts", 0), int) for t in tries.values()
        ):
            return False
        mine = rec.get("personal", [])
        if not isinstance(mine, list) or not all(isinstance(p, dict) and isinstance(p.get("id"), str) for p in mine):
            return False
    return True


MAX_HISTORY = 500
"""The most ratings kept in a game's practice history (the oldest are dropped)."""
MAX_PUZZLES = 1000
"""The most puzzles whose attempts are kept per game (those answered longest ago are dropped)."""


def _check_rating_numbers(rating: Any, rd: Any, vol: Any) -> None:
    for name, value in (("rating", rating), ("rd", rd), ("vol", vol)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(tr("{name}={value!r}: a rating's numbers are plain numbers", name=name, value=value))
        if not _number(value):
            raise ValueError(tr("{name}={value!r}: a rating's numbers are finite", name=name, value=value))
    if not (0 < rating < 10_000) or not (0 < rd <= 1000) or not (0 < vol < 10):
        raise ValueError(
            tr(
                "rating={rating!r}, rd={rd!r}, vol={vol!r}: out of range (0 < rating < 10000, "
                "0 < rd ≤ 1000, 0 < vol < 10)",
                rating=rating,
                rd=rd,
                vol=vol,
            )
        )


def save_rating(game_id: str, rating: float, rd: float, vol: float) -> dict[str, Any]:
    """Save a pupil's Glicko-2 rating in a game's practice and add it to the rating history; returns the
    saved rating.  Refused before anything changes: a game name that is not a string (or too long), a
    number that is not a plain finite number or out of range."""
    _check_names(game_id, "rating", ("game", "rating"))
    _check_rating_numbers(rating, rd, vol)
    with _lock:
        data = load()
        rec = data.setdefault("practice", {}).setdefault(game_id, {})
        saved = {
            "rating": float(rating),
            "rd": float(rd),
            "vol": float(vol),
            "updated": datetime.now().isoformat(timespec="seconds"),
        }
        rec["rating"] = saved
        rec["history"] = (rec.get("history", []) + [float(rating)])[-MAX_HISTORY:]
        try:
            _save(data)
        except OSError:
            pass
        return dict(saved)


def record_attempt(game_id: str, puzzle_id: str, ok: bool, first_try: bool = True) -> dict[str, Any]:
    """Add one answer to a practice puzzle (``ok`` right or wrong); returns the puzzle's updated record
    (``attempts``, ``solved``, ``first_try``).  ``first_try=False``: a right first answer that was helped (given
    after Practice named wrong answers to leave out) solves the puzzle but is not a first-try solve.  Refused
    before anything changes like :func:`record`."""
    _check_names(game_id, puzzle_id, ("game", "puzzle"))
    if not isinstance(ok, bool):
        raise TypeError(tr("ok must be True or False, not {ok!r}", ok=ok))
    if not isinstance(first_try, bool):
        raise TypeError(tr("first_try must be True or False, not {first_try!r}", first_try=first_try))
    with _lock:
        data = load()
        tries = data.setdefault("practice", {}).setdefault(game_id, {}).setdefault("attempts", {})
        rec = tries.setdefault(puzzle_id, {"attempts": 0, "solved": False, "first_try": False})
        rec["attempts"] += 1
        if ok and not rec["solved"]:
            rec["solved"] = True
            rec["first_try"] = rec["attempts"] == 1 and first_try
        rec["updated"] = datetime.now().isoformat(timespec="seconds")
        if len(tries) > MAX_PUZZLES:  # keep the file small: the puzzles answered longest ago go
            for old in sorted(tries, key=lambda k: tries[k].get("updated", ""))[: len(tries) - MAX_PUZZLES]:
                if old != puzzle_id:
                    del tries[old]
        try:
            _save(data)
        except OSError:
            pass
        return dict(rec)


MAX_PERSONAL = 40
"""The most personal puzzles (the pupil's own mistakes) kept per game: the oldest are dropped."""
MAX_PERSONAL_SIZE = 20_000
"""The longest personal puzzle kept (characters of its JSON)."""


def save_personal(game_id: str, puzzle: dict[str, Any]) -> list[dict[str, Any]]:
    """Keep a personal puzzle (a pupil's own mistake, :mod:`gamekit.puzzles.personal`) in a game's practice,
    replacing one with the same id; only the newest :data:`MAX_PERSONAL` are kept.  Returns the game's
    personal puzzles.  Refused before anything changes: a game name that is not a string, a puzzle that is
    not a dict with a text ``id`` and this ``game``, or one larger than :data:`MAX_PERSONAL_SIZE`."""
    _check_names(game_id, "personal", ("game", "personal"))
    if not isinstance(puzzle, dict):
        raise TypeError(tr("puzzle must be a dict (Puzzle.to_dict()), not {__name__}", __name__=type(puzzle).__name__))
    if not isinstance(puzzle.get("id"), str) or puzzle.get("game") != game_id:
        raise ValueError(tr("puzzle: a personal puzzle of {game} has a text id and game {game!r}", game=game_id))
    try:
        text = json.dumps(puzzle, ensure_ascii=False)
    except (TypeError, ValueError) as e:
        raise ValueError(tr("puzzle: not JSON-safe ({error})", error=e)) from None
    if len(text) > MAX_PERSONAL_SIZE:
        raise ValueError(tr("puzzle: {n} characters of JSON; at most {most}", n=len(text), most=MAX_PERSONAL_SIZE))
    with _lock:
        data = load()
        rec = data.setdefault("practice", {}).setdefault(game_id, {})
        mine = [p for p in rec.get("personal", []) if p.get("id") != puzzle["id"]]
        rec["personal"] = (mine + [json.loads(text)])[-MAX_PERSONAL:]
        try:
            _save(data)
        except OSError:
            pass
        return [dict(p) for p in rec["personal"]]


def personal(game_id: str) -> list[dict[str, Any]]:
    """The saved personal puzzles of a game, oldest first (each a ``Puzzle.to_dict()``)."""
    _check_names(game_id, "personal", ("game", "personal"))
    return [dict(p) for p in load().get("practice", {}).get(game_id, {}).get("personal", [])]


def ratings() -> dict[str, Any]:
    """The saved practice ratings: ``{game: {"rating", "rd", "vol", "updated", "history": [...]}}``."""
    out = {}
    for game_id, rec in load().get("practice", {}).items():
        if rec.get("rating") is not None:
            out[game_id] = {**rec["rating"], "history": list(rec.get("history", []))}
    return out


def attempts(game_id: str) -> dict[str, Any]:
    """The saved practice attempts of a game: ``{puzzle id: record}``."""
    _check_names(game_id, "attempts", ("game", "attempts"))
    return dict(load().get("practice", {}).get(game_id, {}).get("attempts", {}))


MAX_ANSWER = 2000
"""The longest written answer kept (characters): a sentence or a short paragraph."""


def save_answer(lesson: str, question: str, text: str) -> dict[str, Any]:
    """Save a pupil's written answer to a reflection question (replacing an earlier one); returns its record.

    Refused before anything changes: a name that is not a string or too long, a text that is not a string
    or longer than :data:`MAX_ANSWER` characters.  Saving problems (a read-only disk) never break the lesson.
    """
    _check_names(lesson, question)
    if not isinstance(text, str):
        raise TypeError(tr("the answer must be text, not {__name__}", __name__=type(text).__name__))
    if len(text) > MAX_ANSWER:
        raise ValueError(tr("the answer is {n} characters long; at most {most}", n=len(text), most=MAX_ANSWER))
    with _lock:
        data = load()
        rec = {"text": text.strip(), "updated": datetime.now().isoformat(timespec="seconds")}
        data.setdefault("answers", {}).setdefault(lesson, {})[question] = rec
        try:
            _save(data)
        except OSError:
            pass
        return dict(rec)


def answers(lesson: str | None = None) -> dict[str, Any]:
    """Saved written answers: of one lesson ``{question: record}``, or of all ``{lesson: {question: record}}``."""
    saved = load().get("answers", {})
    return dict(saved.get(lesson, {})) if lesson is not None else saved


def load() -> dict[str, Any]:
    """Everything saved: ``{"version": 1, "lessons": {lesson: {exercise: record}}}`` (renamed exercises under their
    new ids: :data:`gamekit.progress_renamed.RENAMED_EXERCISES`)."""
    path = progress_path()
    with _lock:
        if path is None:
            return renamed(json.loads(json.dumps(_memory)))
        if not path.exists():
            return {"version": VERSION, "lessons": {}}
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            data = None
        if not _valid(data):
            damaged = path.with_name(path.name + ".damaged")
            try:
                path.replace(damaged)
            except OSError:
                pass
            return {"version": VERSION, "lessons": {}}
        return renamed(data)


def _save(data: dict[str, Any]) -> None:
    path = progress_path()
    if path is None:
        _memory.clear()
        _memory.update(json.loads(json.dumps(data)))
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    tmp.replace(path)  # atomic: a crash never leaves half a file


def _check_names(lesson: Any, exercise: Any, kinds: tuple[str, str] = ("lesson", "exercise")) -> None:
    for what, value in zip(kinds, (lesson, exercise)):
        if not isinstance(value, str):
            raise TypeError(
                tr("{what} name must be a string, not {__name__}", what=what, __name__=type(value).__name__)
            )
        if len(value) > 300:
            raise ValueError(tr("{what} name is {n} characters long; at most 300", what=what, n=len(value)))


def record(lesson: str, exercise: str, ok: bool, *, shown: bool = False) -> dict[str, Any]:
    """Add one answer (``ok`` right or wrong) or, with ``shown=True``, note that the answer was shown.

    An exercise counts as solved when it was answered right before its answer was shown; returns the
    exercise's updated record.  Saving problems (a read-only disk) never break the lesson: the result
    is still returned.
    """
    _check_names(lesson, exercise)
    if not isinstance(ok, bool):
        raise TypeError(tr("ok must be True or False, not {ok!r}", ok=ok))
    with _lock:
        data = load()
        rec = _exercise_record(data, lesson, exercise)
        if shown:
            rec["shown"] = True
        else:
            rec["attempts"] += 1
            if ok and not rec["shown"] and not rec["solved"]:
                rec["solved"] = True
                rec["first_try"] = rec["attempts"] == 1
        rec["updated"] = datetime.now().isoformat(timespec="seconds")
        try:
            _save(data)
        except OSError:
            pass
        return dict(rec)


def _exercise_record(data: dict[str, Any], lesson: str, exercise: str) -> dict[str, Any]:
    """The saved record of ``exercise`` in ``lesson`` (made empty the first time), to change in place."""
    return (
        data["lessons"]
        .setdefault(lesson, {})
        .setdefault(exercise, {"attempts": 0, "solved": False, "first_try": False, "shown": False})
    )


def record_extra(lesson: str, exercise: str, game_id: str, theme: str, puzzle_id: str, ok: bool) -> dict[str, Any]:
    """Count one answer to a similar puzzle a pupil tried after missing ``exercise`` twice (the mastery loop): the
    exercise's record gets ``"extra": {"game", "theme", "tried", "right", "last", "last_right"}`` — ``tried``
    similar puzzles answered, ``right`` of them answered right — which the class table shows as the ideas a
    pupil needed extra practice on.  The exercise's own attempts do not change.  Returns the ``extra`` record.
    Refused before anything changes: names that are not texts (or too long), ``ok`` not True or False."""
    _check_names(lesson, exercise)
    _check_names(game_id, theme, ("game", "theme"))
    _check_names(puzzle_id, puzzle_id, ("puzzle", "puzzle"))
    if not isinstance(ok, bool):
        raise TypeError(tr("ok must be True or False, not {ok!r}", ok=ok))
    with _lock:
        data = load()
        rec = _exercise_record(data, lesson, exercise)
        extra = rec.get("extra")
        if not isinstance(extra, dict) or extra.get("theme") != theme or extra.get("game") != game_id:
            extra = {"game": game_id, "theme": theme, "tried": 0, "right": 0, "last": "", "last_right": False}
        if extra["last"] != puzzle_id:
            extra.update(tried=extra["tried"] + 1, last=puzzle_id, last_right=False)
        if ok and not extra["last_right"]:
            extra.update(right=extra["right"] + 1, last_right=True)
        rec["extra"] = extra
        rec["updated"] = datetime.now().isoformat(timespec="seconds")
        try:
            _save(data)
        except OSError:
            pass
        return dict(extra)


def results(lesson: str | None = None) -> dict[str, Any]:
    """Saved records: of one lesson ``{exercise: record}``, or of all ``{lesson: {exercise: record}}``."""
    lessons = load()["lessons"]
    return dict(lessons.get(lesson, {})) if lesson is not None else lessons


def reset(lesson: str | None = None) -> None:
    """Forget one lesson's results, or everything (the practice ratings and attempts too)."""
    with _lock:
        data = load()
        if lesson is None:
            data["lessons"] = {}
            data["answers"] = {}
            data["practice"] = {}
            data.pop("tally", None)
        else:
            data["lessons"].pop(lesson, None)
            data.get("answers", {}).pop(lesson, None)
        _save(data)


LEVELS = 10
"""Levels a pupil climbs in a game's puzzle practice: level 1 below :data:`LEVEL_BASE` + :data:`LEVEL_STEP`, one
more each step."""
LEVEL_BASE = 800
LEVEL_STEP = 150


def level(rating: float) -> int:
    """The level (1 to :data:`LEVELS`) of a Glicko-2 practice rating, the one way a pupil sees a rating (the
    Practice page and the progress table): level 1 below :data:`LEVEL_BASE` + :data:`LEVEL_STEP`, each
    :data:`LEVEL_STEP` points one level more.  Where a new pupil starts is Practice's choice, not this
    function's: :func:`gamekit.puzzles.pools.start_rating` puts them at the level of the lessons they have
    done (the first lesson's easiest quarter before any lesson, level 1 in every game; the default rating,
    :data:`gamekit.puzzles.ratings.PUPIL_START`, is level 3 and only its upper bound for the first lessons).
    A rating that is not a number is refused (TypeError)."""
    if isinstance(rating, bool) or not isinstance(rating, (int, float)) or rating != rating:
        raise TypeError(tr("rating={rating!r}: a number", rating=rating))
    return max(1, min(LEVELS, 1 + int((rating - LEVEL_BASE) // LEVEL_STEP)))


__all__ = [
    "progress_path",
    "load",
    "record",
    "results",
    "save_answer",
    "answers",
    "MAX_ANSWER",
    "save_rating",
    "record_attempt",
    "ratings",
    "attempts",
    "MAX_HISTORY",
    "MAX_PUZZLES",
    "save_personal",
    "personal",
    "MAX_PERSONAL",
    "reset",
    "ENV",
    "level",
    "LEVELS",
    "record_extra",
    "set_group",
    "group",
    "forget_group",
    "share",
    "SHARE",
]
