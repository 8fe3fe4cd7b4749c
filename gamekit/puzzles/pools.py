"""The puzzles Practice asks and where a pupil starts: the pool of each idea and of each lesson's ideas, the lesson
chooser's options, and the pupil's level (the one saved rating, its start from the lessons done, in words a pupil
reads)."""

from __future__ import annotations

import copy
import inspect
from functools import lru_cache
from typing import Any

from gamekit import catalog, progress
from gamekit.core.saved import is_int
from gamekit.i18n import N_, ntr, tr
from gamekit.progress import LEVEL_BASE, LEVEL_STEP, LEVELS, level
from gamekit.puzzles import bank, pick
from gamekit.puzzles.balance import fair_share, one_step_rule
from gamekit.puzzles.core import (
    GAME_IDS,
    Puzzle,
    check_game_id,
    check_theme,
    game_name,
    game_themes,
    puzzle_words,
    theme_name,
)
from gamekit.puzzles.ratings import Rating, update
from gamekit.puzzles.store import kept


def practice_pool(game_id: str, theme: str | None = None) -> list[Puzzle]:
    """The puzzles Practice and homework sets draw from: the bank's (one theme, or all) in id order, each
    question once (of twins, the same question under two ids, the first).  With every theme mixed, puzzles a
    one-line rule answers are kept to a fair share of each level (:func:`gamekit.puzzles.balance.fair_share`).
    One theme asked for holds only puzzles whose answer needs that idea: a puzzle a one-line rule answers by
    itself ("block the threat") comes only in the sets of the ideas that are that rule (the game's puzzle
    module's ``ONE_STEP_THEMES``: "win now", "block"; "take a box", "avoid a third side").  On a board, no
    puzzle above level 1 that a guess gets right half the time or more (:func:`guessable`).  A game's puzzle
    module may first choose what Practice asks with ``practice_selection(puzzles, theme)`` (Shut the Box:
    the lessons' rule first, no coin-flip questions in the mixed pool; an idea it leaves empty gets no homework
    code and no Practice of its own).  An idea whose question is a decision between two ideas reads the bank's
    puzzles of each (the module's ``POOL_THEMES``, theme -> the bank themes its pool reads: Dots' *when control is
    not worth it* reads the double-deal puzzles too, so its ``practice_selection`` can mix "take every box" with
    "decline the last two").

    The choice reads only the shipped bank, so it is made once per game and idea (Practice, the homework codes
    and the homework page ask for the same pools many times; some selections replay every puzzle's position);
    each call returns fresh puzzle objects, as :func:`gamekit.puzzles.bank` does."""
    check_game_id(game_id)
    if theme is not None:
        check_theme(game_id, theme)
    return [copy.copy(p) for p in chosen_pool(game_id, theme)]


@lru_cache(maxsize=None)
def chosen_pool(game_id: str, theme: str | None) -> tuple[Puzzle, ...]:
    """:func:`practice_pool`'s choice, made once (its arguments checked there).  A shipped game's choice depends
    only on gamekit's code and banks, so other processes may share it (:func:`gamekit.puzzles.store.kept`); another
    game's code lies outside gamekit, so its choice is always made here."""
    if game_id not in GAME_IDS:
        return _choose_pool(game_id, theme)
    return kept(f"practice_pool {game_id} {theme}", lambda: _choose_pool(game_id, theme))


def _choose_pool(game_id: str, theme: str | None) -> tuple[Puzzle, ...]:
    """:func:`practice_pool`'s choice (:func:`chosen_pool` keeps it)."""
    module = catalog.get(game_id).puzzle_module()
    reads = pool_themes(game_id, theme) if theme is not None else (None,)
    once = {}
    for p in sorted((p for t in reads for p in bank(game_id, theme=t)), key=lambda p: p.id):
        once.setdefault(p.question_key, p)
    pool = [p for p in once.values() if not guessable(p)]
    select = getattr(module, "practice_selection", None)
    if select is not None:  # the game's own choice of what Practice asks (its module docstring)
        pool = select(pool, theme)
    if theme is None:
        return tuple(fair_share(pool))
    if theme not in getattr(module, "ONE_STEP_THEMES", (theme,)):
        pool = [p for p in pool if one_step_rule(p) is None]
    return tuple(pool)


def pool_themes(game_id: str, theme: str) -> tuple[str, ...]:
    """The bank themes the Practice pool of an idea reads: the idea itself, or what the game's puzzle module's
    ``POOL_THEMES`` names for it (an idea whose question is a decision between two ideas reads both).  An
    unknown game or theme is refused (ValueError naming it)."""
    check_theme(game_id, theme)
    return tuple(getattr(catalog.get(game_id).puzzle_module(), "POOL_THEMES", {}).get(theme, (theme,)))


GUESS_LEVEL = 1
"""The highest level a board puzzle that a guess solves half the time or more may sit at in Practice."""


def guessable(puzzle: Puzzle) -> bool:
    """Whether a board puzzle above level :data:`GUESS_LEVEL` is right for a random guess half the time or more
    (say 2 right drops of 3): such a puzzle measures luck, so Practice leaves it out.  A question of choices
    (Shut the Box: "one die or two?" has two by nature) is not a board puzzle: never."""
    if catalog.get(puzzle.game_id).puzzle_board is None or level(puzzle.rating) <= GUESS_LEVEL:
        return False
    return 2 * len(puzzle.answers) >= len(puzzle.legal_answers())


BEYOND = "beyond"
"""The lesson choice of ideas past the lessons (a theme whose ``THEME_LESSONS`` entry is empty)."""

MIXED = "mixed"
"""What the lesson chooser's list holds for every idea mixed (the lesson None of :func:`lesson_choices`): a
drop-down list whose choice is None shows no choice at all."""


def lesson_themes(game_id: str, lesson: "int | str | None") -> tuple[str, ...]:
    """The themes of a game a lesson taught (its puzzle module's ``THEME_LESSONS``), in the game's theme order;
    :data:`BEYOND`: the themes past the lessons; None: every theme.  A lesson the game does not have is
    refused (ValueError naming it)."""
    check_game_id(game_id)
    if lesson is None:
        return tuple(game_themes(game_id))
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}
    if lesson == BEYOND:
        found = tuple(t for t in game_themes(game_id) if table.get(t) == ())
    elif is_int(lesson):
        found = tuple(t for t in game_themes(game_id) if lesson in table.get(t, ()))
    else:
        raise TypeError(tr("lesson={lesson!r}: a lesson number, “beyond” or None", lesson=lesson))
    if not found:
        raise ValueError(
            tr("lesson={lesson!r}: {game} has no practice for that lesson", lesson=lesson, game=game_name(game_id))
        )
    return found


def lesson_pool(game_id: str, lesson: "int | str | None") -> list[Puzzle]:
    """The puzzles Practice asks for a lesson's ideas: the puzzles of :func:`practice_pool` of each of the
    lesson's themes (each question once, in id order) none of whose other themes is taught only later (a
    lesson-2 puzzle that is also about lesson 4's long-chain count waits for lesson 4; so does one whose question
    the game's ``lesson_needed`` puts in a later lesson that has a list of its own — when that later lesson has
    none, the question stays here and :func:`lesson_choices` names both lessons); None:
    :func:`practice_pool` of every idea (a fair share of one-step puzzles).  Refused like :func:`lesson_themes`."""
    themes = lesson_themes(game_id, lesson)
    if lesson is None:
        return practice_pool(game_id)
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}

    def taught(theme: str) -> bool:  # by this lesson or an earlier one (past the lessons: "beyond" only)
        numbers = table.get(theme, ())
        return lesson == BEYOND or (bool(numbers) and min(numbers) <= lesson)

    # a game's puzzle module may say which lesson a question needs beyond its themes (``lesson_needed``: a
    # 5 en raya win by force many moves later is no lesson 1 question, whatever its tags)
    needed = getattr(catalog.get(game_id).puzzle_module(), "lesson_needed", None)
    listed = {n for t in game_themes(game_id) for n in table.get(t, ())}  # the lessons with a list of their own
    once: dict[Any, Puzzle] = {}
    for theme in themes:
        for p in practice_pool(game_id, theme):
            if lesson != BEYOND and needed is not None and lesson < needed(p) in listed:
                continue
            if all(taught(t) for t in p.themes):
                once.setdefault(p.question_key, p)
    pool = sorted(once.values(), key=lambda p: p.id)
    # a game's puzzle module may balance a lesson's merged pool (``lesson_selection``: Dots' lesson 2 keeps
    # "take the box" to half, beside "draw a line that gives no third side")
    select = getattr(catalog.get(game_id).puzzle_module(), "lesson_selection", None)
    return pool if select is None else select(pool, lesson)


def lesson_choices(game_id: str) -> list[tuple[str, "int | str | None"]]:
    """The lesson chooser's options ``[(label, lesson), ...]`` in the current language: "All the lessons"
    first, then each lesson with the names of its ideas ("Lesson 2 — pick a safe line"; "Lessons 4–5 — best set"
    when some of its questions need a later lesson with no list of its own, the game's ``lesson_needed``) and of an
    earlier lesson's
    ideas its list asks again ("…; and lesson 4 again: …", the module's ``LESSON_REVIEWS``), then the ideas past
    the lessons; a lesson whose ideas have no puzzle for Practice is left out."""
    check_game_id(game_id)
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}
    words = puzzle_words(game_id).lesson_words or N_("Lesson {n}")
    # a game's puzzle module may name ideas a lesson's list asks again from an earlier lesson (``LESSON_REVIEWS``)
    reviews = getattr(catalog.get(game_id).puzzle_module(), "LESSON_REVIEWS", None) or {}
    needed = getattr(catalog.get(game_id).puzzle_module(), "lesson_needed", None)
    out: list[tuple[str, "int | str | None"]] = [(tr("All the lessons' ideas, mixed"), None)]
    numbers = sorted({n for t in game_themes(game_id) for n in table.get(t, ())})
    for key in [*numbers, BEYOND]:
        try:
            themes = [t for t in lesson_themes(game_id, key) if practice_pool(game_id, t)]
        except ValueError:  # no theme past the lessons
            continue
        if not themes:
            continue
        again = [t for t in themes if t in reviews.get(key, ())]
        ideas = ", ".join(theme_name(game_id, t) for t in themes if t not in again)
        head = tr("Beyond the lessons") if key == BEYOND else tr(words, n=key)
        last = max((needed(p) for p in lesson_pool(game_id, key)), default=0) if needed and key != BEYOND else 0
        if last > key:  # questions of a later lesson that has no list of its own (lesson_pool keeps them here)
            head = tr("Lessons {first}–{last}", first=key, last=last)
        label = tr("{lesson} — {ideas}", lesson=head, ideas=ideas)
        if again:  # an earlier lesson's ideas asked again: named as that lesson's
            first = min(min(table[t]) for t in again)
            review = ", ".join(theme_name(game_id, t) for t in again)
            label = tr("{lesson_ideas}; and lesson {n} again: {review}", lesson_ideas=label, n=first, review=review)
        out.append((label, key))
    return out


def served_this_round(pool: list[Puzzle], served: list[str]) -> set[str]:
    """The ids of ``pool``'s puzzles served (``served``: ids in the order shown, repeats included) since the pool
    was last served in full — the ones free Practice's next pick skips, so no puzzle comes twice before every
    puzzle of the pool has come once.  Ids outside the pool (from another choice of ideas) are left out."""
    if not isinstance(pool, list) or not all(isinstance(p, Puzzle) for p in pool):
        raise TypeError(tr("served_this_round: give a list of puzzles"))
    if not isinstance(served, list) or not all(isinstance(i, str) for i in served):
        raise TypeError(tr("served_this_round: give the served ids as a list of strings"))
    ids = {p.id for p in pool}
    current: set[str] = set()
    for i in served:
        if i in ids:
            current.add(i)
            if current == ids:  # a full round: the next one starts afresh
                current = set()
    return current


def practice_update(pupil: Rating, puzzle: Rating, solved: bool) -> Rating:
    """The pupil's rating after a first try at a puzzle (Glicko-2, :func:`gamekit.puzzles.ratings.update`), except
    that one wrong answer never drops the level the Practice page shows by more than one (the pages promise it):
    a bigger fall stops at the lowest rating of the level just below; and a solved puzzle lifts the pupil to one
    level above the puzzle's own at most (:func:`solve_ceiling`), so easy puzzles alone never climb the levels:
    solving level-1 puzzles reaches level 2, where Practice asks level-2 ones, and a pupil already higher stays
    where they are. Refused like ``update``."""
    after, _ = update(pupil, puzzle, solved)
    floor_level = level(pupil.rating) - 1
    if not solved and floor_level >= 2 and level(after.rating) < floor_level:
        after = Rating(LEVEL_BASE + (floor_level - 1) * LEVEL_STEP, after.rd, after.vol)
    ceiling = solve_ceiling(puzzle.rating)
    if solved and after.rating > ceiling:
        after = Rating(max(pupil.rating, ceiling), after.rd, after.vol)
    return after


@lru_cache(maxsize=None)
def top_level(game_id: str) -> int:
    """The highest level a pupil of a game can reach in Practice: one above the highest level of the puzzles any of
    its lists asks (every idea mixed, each lesson's), since a solve lifts a pupil at most to :func:`solve_ceiling`
    and a new pupil starts at a puzzle's rating (:func:`start_rating`).  The status line's "of N".  A game that ships
    no bank (:attr:`gamekit.catalog.GameInfo.ships_bank`; its puzzles given by the caller): the whole scale."""
    if not catalog.get(game_id).ships_bank:  # its puzzles are given by the caller: the whole scale
        return LEVELS
    pools = [practice_pool(game_id)] + [
        lesson_pool(game_id, key) for _, key in lesson_choices(game_id) if key is not None
    ]
    ratings = [p.rating for pool in pools for p in pool]
    return level(solve_ceiling(max(ratings))) if ratings else LEVELS


def solve_ceiling(puzzle_rating: float) -> float:
    """The highest rating solving a puzzle rated ``puzzle_rating`` can lift a pupil to: the middle of the level just
    above the puzzle's (:func:`gamekit.progress.level`), where Practice finds that level's puzzles."""
    return float(LEVEL_BASE + level(puzzle_rating) * LEVEL_STEP + LEVEL_STEP // 2)


def with_themes(puzzle: Puzzle) -> Puzzle:
    """A personal puzzle with its themes named by the bank's analysis (they are saved without)."""
    if puzzle.themes:
        return puzzle
    themes = getattr(catalog.get(puzzle.game_id).puzzle_module(), "themes", None)
    if themes is None:  # a game whose themes are not found from the position (Shut the Box): none
        return puzzle
    position = puzzle.position
    answers = list(puzzle.answers)
    wrong = [a for a in position.legal_moves() if a not in puzzle.answers]
    puzzle.themes = tuple(themes(position, answers, wrong))
    return puzzle


# ---------------------------------------------------------------------------------------
# The pupil's level: the one saved rating, in words a pupil reads
# ---------------------------------------------------------------------------------------
# the level of a rating is :func:`gamekit.progress.level` (the start page's progress table shows it too)
SETTLED_RD = 150
"""A rating deviation above this: the level is still settling (too few puzzles to be sure)."""


def lessons_done(game_id: str) -> int:
    """The last lesson whose ideas a pupil has met, for where Practice starts them: the highest lesson number
    (of those Practice has ideas for, :func:`lesson_choices`) with at least one exercise solved in the saved
    progress; the first such lesson when none is solved yet, and 0 for a game with no lessons."""
    return max(lessons_solved(game_id), default=min(lesson_numbers(game_id), default=0))


def lessons_solved(game_id: str) -> tuple[int, ...]:
    """The lessons (of those Practice has ideas for, :func:`lesson_choices`) with at least one exercise solved in
    the saved progress, in order: Practice starts every idea mixed once the last of them is among these."""
    info = catalog.get(game_id)
    titles = {n: lesson.title for n, lesson in info.lesson_registry().items()} if info.lessons else {}
    saved = progress.results()
    return tuple(
        n for n in lesson_numbers(game_id) if any(r.get("solved") for r in saved.get(titles.get(n, ""), {}).values())
    )


def start_rating(game_id: str) -> Rating:
    """A new pupil's rating in a game: the level of the lessons they have done.  It is the rating of the easiest
    quarter of the puzzles on those lessons' ideas (:func:`lesson_pool` of :func:`lessons_done`), so the first
    puzzles Practice picks near it are about ideas the pupil has been taught — lesson 1 and 2's at levels 1 and 2
    for a pupil who has done no lesson yet — never above the default start (:data:`PUPIL_START`'s level 3) for
    the first lessons.  The deviation is the default one: the first answers still move it quickly."""
    check_game_id(game_id)
    if not lesson_numbers(game_id):  # a game with no lessons: the default start
        return Rating()
    return Rating(_start_at(game_id, lessons_done(game_id)))


@lru_cache(maxsize=None)
def lesson_numbers(game_id: str) -> tuple[int, ...]:
    """The numbers of the lessons the lesson chooser offers for a game (:func:`lesson_choices`), in order."""
    return tuple(key for _, key in lesson_choices(game_id) if is_int(key))


@lru_cache(maxsize=None)
def _start_at(game_id: str, lesson: int) -> float:
    ratings = sorted(p.rating for p in lesson_pool(game_id, lesson))
    first = min(lesson_numbers(game_id))
    start = ratings[len(ratings) // 4] if ratings else Rating().rating
    return min(start, Rating().rating) if lesson == first else start


def saved_rating(game_id: str) -> tuple[Rating, list[float]]:
    """The pupil's rating of a game and its history, as saved in the progress file (the one source every
    Practice board of the game reads: a new pupil starts at :func:`start_rating`)."""
    start = start_rating(game_id)
    saved = progress.ratings().get(game_id)
    if not saved:
        return start, [start.rating]
    history = list(saved["history"])
    if len(history) < progress.MAX_HISTORY:  # the whole history: it began at the starting rating
        history = [start.rating] + history
    return Rating(saved["rating"], saved["rd"], saved["vol"]), history


PICK_NEAR = inspect.signature(pick).parameters["near"].default
"""How many puzzles nearest the pupil's rating Practice chooses among (:func:`gamekit.puzzles.pick`)."""


def served_levels(rating: float, pool: "list[Puzzle]") -> list[int]:
    """The levels of the puzzles Practice can serve a pupil rated ``rating`` from ``pool``: those of the
    :data:`PICK_NEAR` puzzles nearest the rating, the ones :func:`gamekit.puzzles.pick` chooses among."""
    nearest = sorted(pool, key=lambda p: (abs(p.rating - rating), p.id))[:PICK_NEAR]
    return sorted({level(p.rating) for p in nearest})


def _levels_words(levels: list[int]) -> str:
    """``"2"``, ``"2 and 3"``, ``"1, 2 and 3"``."""
    names = [str(lv) for lv in levels]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + tr(" and ") + names[-1]


def level_words(rating: Rating, pool: "list[Puzzle] | None" = None, game_id: str | None = None) -> str:
    """``"Your level: 5 of 8 (still settling: …)"``: what the status line shows for a rating, out of the highest level
    the game lets a pupil reach (:func:`top_level`; the game is ``game_id``, else the pool's; an empty pool
    without ``game_id``: the scale's top).  Given the ``pool``
    Practice asks from, it says exactly which levels the next puzzle can come from (:func:`served_levels`) when
    they are not just the pupil's: a level it holds no puzzle of says so in one sentence after the level ("This page has
    no puzzles of your level, so you get puzzles of levels 1 and 3."), and a level whose nearest puzzles reach into
    the next says that too ("Here you get puzzles of levels 2 and 3."), so the line never promises puzzles the page
    does not serve."""
    mine = level(rating.rating)
    # the scale's top is the highest level the pupil can reach in this game (never below the level they have)
    game_id = game_id or (pool[0].game_id if pool else None)
    most = max(mine, top_level(game_id)) if game_id else LEVELS
    text = tr("Your level: {level} of {most}", level=mine, most=most)
    if rating.rd > SETTLED_RD:
        text += " " + tr("(still settling: a few more puzzles will fix it)")
    held = {level(p.rating) for p in pool or ()}
    served = served_levels(rating.rating, pool) if pool else []
    if served and mine not in held:
        text += ". " + ntr(
            "This page has no puzzles of your level, so you get puzzles of level {levels}.",
            "This page has no puzzles of your level, so you get puzzles of levels {levels}.",
            len(served),
            levels=_levels_words(served),
        )
    elif served and served != [mine]:
        text += ". " + ntr(
            "Here you get puzzles of level {levels}.",
            "Here you get puzzles of levels {levels}.",
            len(served),
            levels=_levels_words(served),
        )
    return text


__all__ = [
    "practice_pool",
    "pool_themes",
    "guessable",
    "lesson_themes",
    "lesson_pool",
    "lesson_choices",
    "lesson_numbers",
    "BEYOND",
    "practice_update",
    "with_themes",
    "lessons_done",
    "start_rating",
    "saved_rating",
    "level_words",
    "served_levels",
    "top_level",
]
