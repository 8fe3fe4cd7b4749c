"""Lesson 3 puzzles made from the lesson's idea, for Practice: boards where lines were drawn at random, each one
giving no box a third side, until no such line was left.  That is the moment lesson 3 is about: every line now
gives boxes away, and the pupil picks which chain or loop to open.  Games between CPU players rarely reach it with
a board where the easy habits ("open the shortest part", "draw the middle line of a chain of two", "give away the
fewest boxes") go wrong, so the bank had few such puzzles (:func:`gamekit.puzzles.dots_thumbs.lesson_three_selection`
then kept lesson 3's list short).  :func:`lesson_three_endgames` makes them; :func:`add_practice_only` adds them to a
bank file as Practice-only puzzles (the lessons' problem sets never draw them)."""

from __future__ import annotations

import collections
import random
from pathlib import Path

from gamekit.dots import DotsAndBoxes, capture_lines, safe_lines
from gamekit.i18n import tr
from gamekit.puzzles.core import Puzzle, check_game_id
from gamekit.puzzles.dots import GAME_ID, asked_at_all, candidate
from gamekit.puzzles.dots_lesson3 import LESSON_THREE_THEMES
from gamekit.puzzles.dots_thumbs import guess_passes, lesson_three_habits
from gamekit.puzzles.store import read_bank, write_bank

SIZES = ((3, 3), (4, 4), (5, 4))
"""The boards the endgames are drawn on: the bank's (its solver's reach, :data:`gamekit.puzzles.dots.REACH`)."""


def no_safe_line_left(width: int, height: int, rng: random.Random) -> DotsAndBoxes:
    """A ``width`` × ``height`` game played from the empty board by drawing, each turn, a line chosen by ``rng``
    among those that give no box a third side, until none is left (no box is ever on offer, so no box is taken)."""
    game = DotsAndBoxes(width, height)
    while True:
        safe = sorted(safe_lines(game))
        if not safe:
            return game
        game.play(rng.choice(safe))


def habit_free(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` asks lesson 3's ideas alone and needs them: its themes are lesson 3's, Practice may ask it
    (:func:`gamekit.puzzles.dots.asked_at_all`: not from a decided game), a random line is right less than half the
    time, and no habit of lesson 3 answers it (:func:`gamekit.puzzles.dots_thumbs.lesson_three_habits`)."""
    return (
        bool(puzzle.themes)
        and set(puzzle.themes) <= LESSON_THREE_THEMES
        and asked_at_all(puzzle)
        and not guess_passes(puzzle)
        and not lesson_three_habits(puzzle)
    )


def lesson_three_endgames(
    count: int, seed: int, have: "set[str] | frozenset[str]" = frozenset(), time_limit: float | None = 10.0
) -> list[Puzzle]:
    """Up to ``count`` new lesson 3 puzzles (:func:`habit_free`, none whose id is in ``have``), each from a board of
    :func:`no_safe_line_left` (the board size and the lines chosen by a generator seeded ``seed``: the same seed
    gives the same puzzles), judged by the exact solver as the bank's are (:func:`gamekit.puzzles.dots.candidate`,
    ``time_limit`` seconds a position).  The boards take turns between the sizes of :data:`SIZES`, so no size fills
    the list.  In id order.  A ``count`` or ``seed`` that is not a whole number ≥ 0, or a ``time_limit`` that is
    not a number of seconds above 0 (or None), is refused (ValueError)."""
    for name, value in (("count", count), ("seed", seed)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(tr("{name}={value!r}: a whole number ≥ 0", name=name, value=value))
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0
    ):
        raise ValueError(
            tr("time_limit={time_limit!r}: a number of seconds above 0 (or None: no limit)", time_limit=time_limit)
        )
    rng = random.Random(f"{GAME_ID}-lesson-3-endgames-{seed}")
    found: dict[str, Puzzle] = {}
    per_size = collections.Counter()
    tries = 0
    while len(found) < count and tries < 200 * (count + 1):
        tries += 1
        size = min(SIZES, key=lambda s: (per_size[s], SIZES.index(s)))
        game = no_safe_line_left(*size, rng)
        if capture_lines(game):
            continue
        p = candidate(game, time_limit)
        if p is None or p.id in have or p.id in found or not habit_free(p):
            continue
        found[p.id] = p
        per_size[size] += 1
    return [found[k] for k in sorted(found)]


def add_practice_only(path: "Path | str", game_id: str, puzzles: list[Puzzle], step: str) -> list[str]:
    """Add ``puzzles`` to the bank file ``path`` of ``game_id`` as Practice-only ones (the header's
    ``stats["practice_only"]``: the lessons' problem sets never draw them), leaving its puzzles as they are, with
    ``step`` (how they were made) added to its command and its theme counts updated; the ids added, in order.  A
    puzzle the bank holds already (its id), or one of another game, is refused (ValueError) before anything is
    written."""
    check_game_id(game_id)
    base = read_bank(path, game_id)
    have = {d["id"] for d in base["puzzles"]}
    for p in puzzles:
        if p.game_id != game_id:
            raise ValueError(
                tr("{id}: a puzzle of {found}, not {expected}", id=p.id, found=p.game_id, expected=game_id)
            )
        if p.id in have:
            raise ValueError(tr("{id}: the bank holds this puzzle already", id=p.id))
    added = [p.id for p in puzzles]
    rows = base["puzzles"] + [p.to_dict() for p in puzzles]
    stats = dict(base["stats"])
    stats["themes"] = dict(sorted(collections.Counter(t for d in rows for t in d["themes"]).items()))
    stats["practice_only"] = sorted({*stats.get("practice_only", ()), *added})
    command = f"{base['command']}, then {step}"
    write_bank(path, game_id, rows, command, base["seed"], base["built"], stats)
    return added


__all__ = ["SIZES", "no_safe_line_left", "habit_free", "lesson_three_endgames", "add_practice_only"]
