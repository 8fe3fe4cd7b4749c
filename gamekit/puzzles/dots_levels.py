"""What the Dots Practice page says of its levels: the scale of a puzzle's title, the levels of the mixed list and
the pupil's level now, and which levels go with which lessons (read from the Practice pools,
:mod:`gamekit.puzzles.pools`, so it sits beside them, above the puzzle engine)."""

from __future__ import annotations

from typing import Any

from gamekit.i18n import N_, tr
from gamekit.progress import level
from gamekit.puzzles.dots import GAME_ID, LESSON_BANDS, THEME_LESSONS
from gamekit.puzzles.pools import lesson_pool, practice_pool, saved_rating, top_level


LEVELS_NOTE = N_(
    "Each puzzle's title shows its level, from 1 to {most}. The puzzles here go from level {low} to level {high}."
    " Your level is {now} now."
)
"""What the Practice page says of the levels (:func:`levels_note`)."""


def levels_words() -> str:
    """:data:`LEVELS_NOTE` with this pupil's figures, in the current language: the top of the level scale (the
    highest level a pupil can reach, :func:`gamekit.puzzles.pools.top_level`), the lowest and highest level of the
    mixed Practice list, and the pupil's level now (:func:`gamekit.puzzles.pools.saved_rating`: a new pupil's from
    the lessons done)."""
    levels = sorted({level(p.rating) for p in practice_pool(GAME_ID)})
    now = level(saved_rating(GAME_ID)[0].rating)
    return tr(LEVELS_NOTE, most=top_level(GAME_ID), low=levels[0], high=levels[-1], now=now)


LEVEL_LESSONS_NOTE = N_("Levels follow the lessons: {items}. No puzzle is above level {top}.")
"""What the Practice page says a level is (:func:`level_lessons_words`)."""
LEVEL_WORDS = {
    (True, True): N_("level {low} for lesson {last}"),
    (True, False): N_("level {low} for lessons {items} and {last}"),
    (False, True): N_("levels {low} to {high} for lesson {last}"),
    (False, False): N_("levels {low} to {high} for lessons {items} and {last}"),
}
"""The levels of some lessons (:func:`level_lessons_words`), by (one level?, one lesson?)."""


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
    (lessons with the same levels together), and the highest level any puzzle has."""
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
    top = max(high for _, high in spans)
    return tr(LEVEL_LESSONS_NOTE, items="; ".join(items), top=top)


def levels_note() -> Any:
    """:func:`levels_words` and :func:`level_lessons_words` as the Practice page shows them, above the puzzle (a
    widget of two paragraphs)."""
    import html

    import ipywidgets as W

    return W.HTML(
        "".join("<p>" + html.escape(t, quote=False) + "</p>" for t in (levels_words(), level_lessons_words()))
    )
