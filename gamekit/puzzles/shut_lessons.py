"""The positions the Shut the Box lesson pages ask (:func:`lesson_positions`), so Practice and homework never ask one
again (:func:`asked_in_lessons`): a pupil who met a box and roll in a lesson, with its answer, would only remember it.

Read from the lessons themselves through the catalog (``GameInfo.lesson_registry``, which this module may not
import): each exercise's board where it has one, else its English question ("Tiles 1, 2 and 5 are open and you
rolled 8", "tile 8 is already covered", a roll with no box named: all nine tiles open), and each "More practice"
problem's bank puzzle."""

from __future__ import annotations

import re
from functools import lru_cache

from gamekit.puzzles.core import Puzzle

ALL_TILES = tuple(range(1, 10))

_TILES = r"([1-9](?:(?:, | and )[1-9])*)"
_OPEN = re.compile(rf"\b[Tt]iles? {_TILES} (?:is|are) open\b", re.ASCII)
_COVERED = re.compile(rf"\b[Tt]iles? {_TILES} (?:is|are) already covered\b", re.ASCII)
_ROLL = re.compile(r"\b(?:[Yy]ou roll(?:ed)?|makes?|the sets for) ([0-9]{1,2})\b", re.ASCII)


def _tiles(words: str) -> tuple[int, ...]:
    return tuple(sorted(int(t) for t in re.findall("[1-9]", words)))


def prompt_position(prompt: str) -> tuple[tuple[int, ...], int | None] | None:
    """``(open tiles, roll or None)`` an English lesson question asks about, or None when it names no box and no
    roll ("What is the chance of a total of 9?").  The box: the tiles it says are open, else all but the ones it
    says are already covered, else all nine when it names a roll (lesson 2's "every set that makes 7")."""
    found = _OPEN.search(prompt)
    covered = _COVERED.search(prompt)
    roll = _ROLL.search(prompt)
    if "All nine tiles are open" in prompt:
        box: tuple[int, ...] | None = ALL_TILES
    elif found:
        box = _tiles(found.group(1))
    elif covered:
        box = tuple(t for t in ALL_TILES if t not in _tiles(covered.group(1)))
    else:
        box = ALL_TILES if roll else None
    if box is None:
        return None
    return box, int(roll.group(1)) if roll else None


@lru_cache(maxsize=None)
def lesson_positions(game_id: str) -> frozenset[tuple[tuple[int, ...], int | None]]:
    """Every ``(open tiles, roll or None)`` a lesson page of ``game_id`` (Shut the Box's id) asks: its exercises
    (their board, else their question, :func:`prompt_position`) and its "More practice" problems (their bank
    puzzles' tiles and roll)."""
    from gamekit import catalog
    from gamekit.i18n import using

    found: set[tuple[tuple[int, ...], int | None]] = set()
    with using("en"):
        for lesson in catalog.get(game_id).lesson_registry().values():
            for factory in lesson.exercises.values():
                exercise = factory()
                board = exercise.position
                if hasattr(board, "open_tiles") and hasattr(board, "roll"):
                    found.add((tuple(sorted(board.open_tiles)), board.roll))
                elif isinstance(board, tuple) and len(board) == 2 and isinstance(board[0], tuple):
                    found.add((tuple(sorted(board[0])), board[1]))
                asked = prompt_position(exercise.prompt)
                if asked is not None:
                    found.add(asked)
            for puzzle in lesson.practice.puzzles():
                found.add((tuple(sorted(puzzle.facts["open"])), puzzle.facts.get("roll")))
    return frozenset(found)


def asked_in_lessons(puzzle: Puzzle) -> bool:
    """Whether a lesson page asks ``puzzle``'s position (:func:`lesson_positions`): a "which set?" question whose
    open tiles and roll it asks, or whose tiles it shows with no roll; a "one die or two?" question whose open tiles
    it shows at all (the question is the box)."""
    f = puzzle.facts
    box = tuple(sorted(f["open"]))
    asked = lesson_positions(puzzle.game_id)
    if f.get("kind") == "dice":
        return any(tiles == box for tiles, _ in asked)
    return (box, f.get("roll")) in asked or (box, None) in asked
