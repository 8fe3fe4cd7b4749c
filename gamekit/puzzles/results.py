"""A pupil's puzzle results by theme, for the teacher's class table (a class group,
:mod:`gamekit.rooms.class_progress`).

``theme_results()`` reads the practice attempts in the progress file (:func:`gamekit.progress.attempts`) and
counts, for every game and theme, the puzzles tried and those **right at the first answer** (the accuracy the
table shows is right / tried).  A puzzle with two themes counts in both, and never under a theme whose idea does
not fit it (:func:`fitting_themes`); a personal puzzle (the pupil's own
mistake) counts under the themes the analysis gives it; attempts at puzzles no longer in the bank are left out.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gamekit import catalog, progress
from gamekit.puzzles.core import GAME_IDS


@lru_cache(maxsize=None)
def _bank_themes(game_id: str) -> dict[str, tuple[str, ...]]:
    from gamekit.puzzles.store import load_puzzles

    return {p.id: fitting_themes(p) for p in load_puzzles(game_id)}


def fitting_themes(puzzle: Any) -> tuple[str, ...]:
    """The themes a puzzle's result counts under: its themes, less any whose idea the game's puzzle module says
    does not fit it (``practice_hint(puzzle, theme)`` gives another idea: a 5 en raya puzzle tagged *zugzwang*
    where every other drop loses at once asks only "don't play under the threat", so a miss there says nothing
    about zugzwang)."""
    own = getattr(catalog.get(puzzle.game_id).puzzle_module(), "practice_hint", None)
    return tuple(t for t in puzzle.themes if own is None or own(puzzle, t) is None)


def _personal_themes(records: Any) -> dict[str, tuple[str, ...]]:
    from gamekit.puzzles.core import Puzzle

    out = {}
    for d in records if isinstance(records, list) else []:
        try:
            p = Puzzle.from_dict(d)
            out[p.id] = _themes_of(p)
        except Exception:  # noqa: BLE001 — a personal puzzle that cannot be read counts under no theme
            continue
    return out


def _themes_of(puzzle: Any) -> tuple[str, ...]:
    if puzzle.themes:
        return tuple(puzzle.themes)
    themes = getattr(catalog.get(puzzle.game_id).puzzle_module(), "themes", None)
    if themes is None:  # a bank whose themes are all found when a puzzle is made
        return ()
    position = puzzle.position
    wrong = [a for a in position.legal_moves() if a not in puzzle.answers]
    return tuple(themes(position, list(puzzle.answers), wrong))


def theme_results(practice: dict | None = None) -> dict[str, dict[str, dict[str, int]]]:
    """``{game: {theme: {"tried": n, "right": k}}}`` from the saved practice (default: this computer's;
    else the ``practice`` part of a progress file).  Games and themes with nothing tried are left out."""
    if practice is None:
        practice = progress.load().get("practice", {})
    out: dict[str, dict[str, dict[str, int]]] = {}
    for game_id in GAME_IDS:
        rec_game = practice.get(game_id) or {}
        tries = rec_game.get("attempts") or {}
        if not tries:
            continue
        known = dict(_bank_themes(game_id))
        if any(pid not in known for pid in tries):
            known.update(_personal_themes(rec_game.get("personal")))
        for pid, rec in tries.items():
            if not isinstance(rec, dict) or not rec.get("attempts"):
                continue
            for theme in known.get(pid, ()):
                cell = out.setdefault(game_id, {}).setdefault(theme, {"tried": 0, "right": 0})
                cell["tried"] += 1
                cell["right"] += 1 if rec.get("first_try") else 0
    return out


__all__ = ["theme_results", "fitting_themes"]
