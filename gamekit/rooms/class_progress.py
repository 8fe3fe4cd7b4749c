"""A pupil's lesson progress as a class group receives it, and the teacher's class table made from it: the
upload checked and trimmed (lessons, puzzle results by theme, extra practice, Shut the Box's dice tally), each
pupil's summaries, the table, its CSV export and the class's dice tally."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

from gamekit.i18n import tr
from gamekit.rooms.group_settings import GroupRefusal
from gamekit.rooms.store_interface import nocase


def check_progress(data: Any) -> dict:
    """A pupil's saved lesson progress (``gamekit.progress`` file format, version 1), checked and trimmed to
    the fields the class table uses."""
    if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("lessons"), dict):
        raise GroupRefusal(
            tr("progress must be the saved progress: {example}.", example='{"version": 1, "lessons": {…}}')
        )
    lessons = data["lessons"]
    if len(lessons) > 100:
        raise GroupRefusal(tr("progress: at most 100 lessons."))
    clean: dict[str, dict] = {}
    for lesson, exercises in lessons.items():
        if not isinstance(lesson, str) or not 0 < len(lesson) <= 300:
            raise GroupRefusal(tr("progress: lesson names are texts of 1 to 300 characters."))
        if not isinstance(exercises, dict) or len(exercises) > 200:
            raise GroupRefusal(
                tr(
                    "progress: lesson {lesson} must map at most 200 exercises to their records.",
                    lesson=repr(lesson[:40]),
                )
            )
        out = clean[lesson] = {}
        for name, rec in exercises.items():
            if not isinstance(name, str) or not 0 < len(name) <= 300 or not isinstance(rec, dict):
                raise GroupRefusal(
                    tr("progress: lesson {lesson} has a malformed exercise record.", lesson=repr(lesson[:40]))
                )
            attempts = rec.get("attempts", 0)
            if isinstance(attempts, bool) or not isinstance(attempts, int) or not 0 <= attempts <= 100000:
                raise GroupRefusal(
                    tr(
                        "progress: {lesson}/{exercise}: attempts must be a whole number.",
                        lesson=repr(lesson[:40]),
                        exercise=repr(name[:40]),
                    )
                )
            item = {"attempts": attempts}
            for flag in ("solved", "first_try", "shown"):
                value = rec.get(flag, False)
                if not isinstance(value, bool):
                    raise GroupRefusal(
                        tr(
                            "progress: {lesson}/{exercise}: {field} must be true or false.",
                            lesson=repr(lesson[:40]),
                            exercise=repr(name[:40]),
                            field=flag,
                        )
                    )
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
        raise GroupRefusal(
            tr("progress: puzzles must be {example}.", example='{game: {theme: {"tried": n, "right": k}}}')
        )
    clean: dict[str, dict] = {}
    for game, themes in raw.items():
        if not isinstance(game, str) or game not in THEMES:
            raise GroupRefusal(
                tr(
                    "progress: puzzles: {game} is not a game with puzzles ({games}).",
                    game=repr(str(game)[:40]),
                    games=", ".join(THEMES),
                )
            )
        if not isinstance(themes, dict):
            raise GroupRefusal(tr("progress: puzzles: {game} must map themes to their results.", game=game))
        for theme, cell in themes.items():
            if not isinstance(theme, str) or theme not in THEMES[game]:
                raise GroupRefusal(
                    tr("progress: puzzles: {theme} is not a theme of {game}.", theme=repr(str(theme)[:40]), game=game)
                )
            if not isinstance(cell, dict) or set(cell) != {"tried", "right"}:
                raise GroupRefusal(
                    tr(
                        "progress: puzzles: {game}/{theme} must be {example}.",
                        game=game,
                        theme=theme,
                        example='{"tried": n, "right": k}',
                    )
                )
            tried, right = cell["tried"], cell["right"]
            if (
                any(isinstance(v, bool) or not isinstance(v, int) for v in (tried, right))
                or not 0 <= right <= tried <= 100000
            ):
                raise GroupRefusal(
                    tr(
                        "progress: puzzles: {game}/{theme}: tried and right are whole numbers, 0 ≤ right ≤ tried.",
                        game=game,
                        theme=theme,
                    )
                )
            clean.setdefault(game, {})[theme] = {"tried": tried, "right": right}
    return clean


def check_extra(raw: Any, lesson: str, exercise: str) -> dict:
    """An exercise's extra practice (the mastery loop, ``gamekit.progress.record_extra``): ``{"game", "theme",
    "tried", "right"}`` with a known game and theme and whole numbers 0 ≤ right ≤ tried ≤ 1000; what else the
    pupil's computer keeps there is dropped."""
    from gamekit.puzzles.core import THEMES

    where = f"{lesson[:40]!r}/{exercise[:40]!r}"
    if not isinstance(raw, dict):
        raise GroupRefusal(
            tr(
                "progress: {where}: extra must be {example}.",
                where=where,
                example='{"game": …, "theme": …, "tried": n, "right": k}',
            )
        )
    game, theme, tried, right = (raw.get(k) for k in ("game", "theme", "tried", "right"))
    if not isinstance(game, str) or game not in THEMES or not isinstance(theme, str) or theme not in THEMES[game]:
        raise GroupRefusal(tr("progress: {where}: extra names an unknown game or theme.", where=where))
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (tried, right)) or not 0 <= right <= tried <= 1000:
        raise GroupRefusal(
            tr("progress: {where}: extra tried and right are whole numbers, 0 ≤ right ≤ tried.", where=where)
        )
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
    return {
        f"{game}/{theme}": (cell["tried"], cell["right"])
        for game, themes in progress.get("puzzles", {}).items()
        for theme, cell in themes.items()
    }


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
            raise GroupRefusal(
                tr(
                    "progress: tally: the rolls of {total} must be a whole number from 0 to {most}.",
                    total=total,
                    most=MAX_TALLY,
                )
            )
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


def class_table(rows: list[tuple]) -> dict:
    """The teacher's class table from the stored uploads ``(nickname, progress, sent at)``: each pupil's lessons
    (done, right), puzzles by theme and extra practice, the columns and their names."""
    rows = sorted(rows, key=lambda r: nocase(r[0]))
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
    return {
        "lessons": sorted(lessons),
        "pupils": pupils,
        "puzzles": columns,
        "puzzle_names": {k: puzzle_column(k) for k in columns},
        "idea_names": {k: idea_name(k) for k in sorted(ideas)},
    }


def class_csv(table: dict) -> str:
    """The class table as CSV, one row per pupil and lesson, puzzle theme or idea practised again."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["pupil", "lesson", "exercises done", "exercises right", "sent at (UTC)", "accuracy"])
    for pupil in table["pupils"]:
        sent = time.strftime("%Y-%m-%d %H:%M", time.gmtime(pupil["sent"])) if pupil["sent"] else ""
        for lesson in table["lessons"]:
            done, right = pupil["lessons"].get(lesson, (0, 0))
            writer.writerow([_csv_cell(pupil["nickname"]), _csv_cell(lesson), done, right, sent, ""])
        for key in table["puzzles"]:  # puzzles: tried, right at the first answer, and their share
            tried, right = pupil["puzzles"].get(key, (0, 0))
            writer.writerow(
                [
                    _csv_cell(pupil["nickname"]),
                    table["puzzle_names"][key],
                    tried,
                    right,
                    sent,
                    f"{right / tried:.0%}" if tried else "",
                ]
            )
        for key, (tried, right) in sorted(pupil["extra"].items()):  # the ideas practised again
            writer.writerow(
                [
                    _csv_cell(pupil["nickname"]),
                    tr("Extra practice: {idea}", idea=table["idea_names"][key]),
                    tried,
                    right,
                    sent,
                    f"{right / tried:.0%}" if tried else "",
                ]
            )
        if not table["lessons"] and not table["puzzles"]:
            writer.writerow([_csv_cell(pupil["nickname"]), "", 0, 0, sent, ""])
    return out.getvalue()


def class_tally(rows: list[tuple]) -> dict:
    """The class's dice tally: the sum of every member's tally sent with their progress, how many pupils
    sent one, and the rolls in all, from the stored uploads ``(nickname, progress, sent at)``."""
    counts = {str(t): 0 for t in TALLY_TOTALS}
    pupils = 0
    for _nick, data, _at in rows:
        tally = (data or {}).get("tally")
        if tally:
            pupils += 1
            for total, n in tally.items():
                counts[total] += n
    return {"counts": counts, "pupils": pupils, "rolls": sum(counts.values())}
