"""What the Dots Practice page says of its levels, in a note above the puzzle: what a level is (which levels go
with which lessons), the top of the scale a pupil's level can reach (the one :func:`gamekit.puzzles.pools.top_level`
the titles and the status line count to), and the levels of the list the pupil chose, refreshed when they choose
another (read from the Practice pools, :mod:`gamekit.puzzles.pools`, so it sits beside them, above the puzzle
engine)."""

from __future__ import annotations

from typing import Any, Sequence

from gamekit.i18n import N_, tr
from gamekit.progress import level
from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.dots import GAME_ID, LESSON_BANDS, THEME_LESSONS
from gamekit.puzzles.pools import MIXED, lesson_pool, practice_pool, top_level


LEVEL_LESSONS_NOTE = N_(
    "Each puzzle's title shows its level. Levels follow the lessons: {items}. The hardest puzzles are level"
    " {hardest}: solve them and your level reaches {top}, the top."
)
"""What the Practice page says a level is, the hardest puzzles' level and the one top of the scale a pupil's level
can reach, one above it (:func:`level_lessons_words`): no puzzle is at the top level itself."""
LEVEL_WORDS = {
    (True, True): N_("level {low} for lesson {last}"),
    (True, False): N_("level {low} for lessons {items} and {last}"),
    (False, True): N_("levels {low} to {high} for lesson {last}"),
    (False, False): N_("levels {low} to {high} for lessons {items} and {last}"),
}
"""The levels of some lessons (:func:`level_lessons_words`), by (one level?, one lesson?)."""
LIST_LEVELS = {
    True: N_("The puzzles of the list you chose are all level {low}."),
    False: N_("The puzzles of the list you chose go from level {low} to level {high}."),
}
"""The levels of the list the pupil chose (:func:`list_levels_words`), by "one level?"."""


def lesson_levels() -> dict[int, tuple[int, int]]:
    """The Practice levels (lowest, highest) of the puzzles of each lesson an idea comes from
    (:data:`THEME_LESSONS`): :data:`LESSON_BANDS` where it has the
    lesson, else the levels of the lesson's Practice list (:func:`gamekit.puzzles.pools.lesson_pool`: lessons 1
    and 2 keep the bank's level 1)."""

    out = {}
    for n in sorted({n for lessons in THEME_LESSONS.values() for n in lessons}):
        if n in LESSON_BANDS:
            out[n] = LESSON_BANDS[n]
        else:
            levels = [level(p.rating) for p in lesson_pool(GAME_ID, n)]
            out[n] = (min(levels), max(levels))
    return out


def level_lessons_words() -> str:
    """What a level is, in the current language, from :func:`lesson_levels`: which levels go with which lessons
    (lessons with the same levels together), the level of the hardest puzzles (:func:`hardest_level`) and the top
    a pupil's level can reach (:func:`gamekit.puzzles.pools.top_level`, the "of N" of every title and of the status
    line)."""
    spans: dict[tuple[int, int], list[int]] = {}
    for n, span in lesson_levels().items():
        spans.setdefault(span, []).append(n)
    items = [
        tr(
            LEVEL_WORDS[low == high, len(lessons) == 1],
            low=low,
            high=high,
            items=", ".join(map(str, lessons[:-1])),
            last=lessons[-1],
        )
        for (low, high), lessons in spans.items()
    ]
    return tr(LEVEL_LESSONS_NOTE, items="; ".join(items), hardest=hardest_level(), top=top_level(GAME_ID))


def hardest_level() -> int:
    """The highest level of the puzzles Practice asks (the mixed list and each lesson's): a pupil who solves them
    reaches :func:`gamekit.puzzles.pools.top_level`, one above, where no puzzle is."""
    pools = [practice_pool(GAME_ID)] + [lesson_pool(GAME_ID, n) for n in lesson_levels()]
    return max(level(p.rating) for pool in pools for p in pool)


def list_levels_words(pool: "Sequence[Puzzle] | None" = None) -> str:
    """The lowest and highest level of a Practice list (``pool``; None: the mixed list,
    :func:`gamekit.puzzles.pools.practice_pool`), in the current language.  An empty list is refused (ValueError)."""
    levels = sorted({level(p.rating) for p in (practice_pool(GAME_ID) if pool is None else pool)})
    if not levels:
        raise ValueError(tr("list_levels_words: give a list with at least one puzzle"))
    return tr(LIST_LEVELS[levels[0] == levels[-1]], low=levels[0], high=levels[-1])


def levels_note(board: Any) -> Any:
    """The note above a Dots Practice ``board`` (a :class:`gamekit.puzzles.practice.Practice`): what a level is
    (:func:`level_lessons_words`) and the levels of the board's list (:func:`list_levels_words`), refreshed when the
    pupil chooses another lesson in the board's list (or a program calls its ``choose_lesson``).  A widget of two
    paragraphs; a board of another game is refused (ValueError)."""
    import html

    import ipywidgets as W

    if getattr(board, "game_id", None) != GAME_ID:
        raise ValueError(tr("levels_note: give a Dots and Boxes Practice board"))
    note = W.HTML()

    def refresh(pool: "Sequence[Puzzle]") -> None:
        texts = [level_lessons_words()] + ([list_levels_words(pool)] if pool else [])
        note.value = "".join("<p>" + html.escape(t, quote=False) + "</p>" for t in texts)

    def chosen(change: dict) -> None:  # the list the menu names (the board may read the same change after this)
        refresh(lesson_pool(GAME_ID, None if change["new"] == MIXED else change["new"]))

    refresh(board.pool)
    if board.lesson_menu is not None:
        board.lesson_menu.observe(chosen, names="value")
    return note
