"""Puzzles: a solver-verified puzzle bank for every game, Glicko-2 ratings, and a review of finished games.

::

    from gamekit.puzzles import bank, review
    puzzles = bank("dots_and_boxes")            # also "five_in_a_row", "connect_four", "shut_the_box"
    p = puzzles[0]
    p.position; p.answers; p.themes; p.rating   # a game object, the accepted canonical actions, …
    p.check("a1-b1")                            # (ok, feedback) — a wrong answer is told its refutation
    bank("five_in_a_row", theme="block", band="easy")
    review(finished_game)                       # one Judgement per move: .move, .verdict, .loss
    # a pupil's own mistakes as puzzles: gamekit.puzzles.personal; results by theme: gamekit.puzzles.results

Each bank was cut from games between CPU players by ``python -m gamekit.puzzles build`` and keeps only
positions whose answer the exact solver makes clear (see :mod:`gamekit.puzzles.dots`, ``.connect``,
``.shutbox``).
"""

from __future__ import annotations

from typing import Any

from gamekit import catalog
from gamekit.i18n import tr
from gamekit.puzzles.core import (
    BANDS,
    GAME_IDS,
    THEMES,
    Puzzle,
    action_key,
    band as band_of,
    check_game_id,
    check_theme,
    theme_name,
)
from gamekit.puzzles.ratings import Rating, expected, first_rating, update
from gamekit.puzzles.review import VERDICTS, Judgement, judgement_dict, review, summary, verdict_words
from gamekit.puzzles.store import BankError, load_puzzles, read_bank, shipped_info

__all__ = [
    "bank",
    "review",
    "verify",
    "pick",
    "Puzzle",
    "Judgement",
    "Rating",
    "update",
    "expected",
    "first_rating",
    "BankError",
    "read_bank",
    "shipped_info",
    "GAME_IDS",
    "THEMES",
    "BANDS",
    "VERDICTS",
    "theme_name",
    "summary",
    "action_key",
    "band_of",
    "judgement_dict",
    "verdict_words",
]


def bank(game_id: str, theme: str | None = None, band: str | None = None, path: Any = None) -> list[Puzzle]:
    """The shipped puzzles of a game (fresh objects each call), optionally only one ``theme`` and/or
    difficulty ``band`` ("easy", "medium", "hard"); ``path``: read another bank file instead.

    An unknown game, theme or band is refused with ValueError; a damaged bank file with BankError."""
    check_game_id(game_id)
    if theme is not None:
        check_theme(game_id, theme)
    names = [name for name, _ in BANDS]
    if band is not None and (not isinstance(band, str) or band not in names):
        raise ValueError(tr("band={band!r}: choose one of {items}", band=band, items=", ".join(names)))
    puzzles = load_puzzles(game_id, path)
    return [p for p in puzzles if (theme is None or theme in p.themes) and (band is None or p.band == band)]


def pick(
    puzzles: list[Puzzle],
    rating: float,
    seed: Any = None,
    exclude: Any = (),
    near: int = 10,
    at_most: float | None = None,
    at_least: float | None = None,
) -> Puzzle:
    """A puzzle near a pupil's ``rating``: one of the ``near`` puzzles closest to it (at random, ``seed``
    makes it reproducible), skipping the ids in ``exclude`` while others are left.  ``at_most`` / ``at_least``:
    only puzzles rated no higher / no lower than that (after a miss the next puzzle is not harder, after a
    first-try solve not easier), while such puzzles are left.  ``at_most`` outranks ``exclude``: when every
    puzzle no harder has been skipped, one of them comes again rather than a harder one."""
    import random

    if not isinstance(puzzles, list) or not puzzles or not all(isinstance(p, Puzzle) for p in puzzles):
        raise ValueError(tr("pick: give a non-empty list of puzzles (from bank())"))
    if isinstance(rating, bool) or not isinstance(rating, (int, float)) or rating != rating:
        raise ValueError(tr("rating={rating!r}: a number", rating=rating))
    if isinstance(near, bool) or not isinstance(near, int) or near < 1:
        raise ValueError(tr("near={near!r}: a whole number ≥ 1", near=near))
    for name, bound in (("at_most", at_most), ("at_least", at_least)):
        if bound is not None and (isinstance(bound, bool) or not isinstance(bound, (int, float)) or bound != bound):
            raise ValueError(tr("{name}={bound!r}: a number or None", name=name, bound=bound))
    skip = set(exclude)
    # "none harder after a miss" comes first: a pupil who misses repeats an easier puzzle rather than gets a
    # harder one not served yet; then the skip; then "none easier after a first-try solve"
    pool = [p for p in puzzles if at_most is None or p.rating <= at_most] or puzzles
    pool = [p for p in pool if p.id not in skip] or pool
    pool = [p for p in pool if at_least is None or p.rating >= at_least] or pool
    pool = sorted(pool, key=lambda p: (abs(p.rating - rating), p.id))[:near]
    return random.Random(seed).choice(pool)


def verify(puzzle: Puzzle) -> list[str]:
    """Judge a puzzle again with the exact solver; the problems found (empty: the puzzle is right)."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(tr("verify: give a Puzzle, not {kind}", kind=type(puzzle).__name__))
    return catalog.get(puzzle.game_id).puzzle_module().verify(puzzle)
