"""5 en raya / Connect Four homework sets: how many puzzles may share a right column, and an order with no
column twice running."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Callable, Collection, Iterable

from gamekit.progress import level
from gamekit.puzzles.connect_best_line import wins_at_once, wins_at_once_for
from gamekit.puzzles.connect_lessons import MAX_HABIT_SHARE, habit_answers, neutral_question
from gamekit.puzzles.balance import MAX_ONE_STEP_SHARE
from gamekit.puzzles.core import BANDS, Puzzle


def centre_level(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is one of Practice's level-2 "drop near the centre" questions: nothing wins or needs
    blocking at once, and Practice rates it level 2 (only the centre rule of thumb's puzzles are, as
    :func:`gamekit.puzzles.connect.practice_rated` says).  A habit answers it, not the idea of its theme."""
    game = puzzle.position
    return level(puzzle.rating) == 2 and not wins_at_once(game) and not wins_at_once_for(game, 1 - game.to_move)


def idea_set(pool: list[Puzzle], theme: str, n: int, rng: random.Random) -> list[Puzzle]:
    """An idea's homework set of ``n`` from its Practice ``pool`` (``theme`` is that idea, the same for every
    idea here): drawn by ``rng`` from the puzzles that are not centre-habit questions (:func:`centre_level`), so a
    teacher who sets an idea gets puzzles that need it.  Where too few are left, all of them and as few centre-habit
    questions as fill the set."""
    centre = [centre_level(p) for p in pool]
    kept = [p for p, c in zip(pool, centre) if not c]
    if len(kept) >= n:
        return rng.sample(kept, n)
    return kept + rng.sample([p for p, c in zip(pool, centre) if c], n - len(kept))


def swap_pool(chosen: list[Puzzle], pool: list[Puzzle]) -> list[Puzzle]:
    """The puzzles a swap may bring into the set ``chosen``: ``pool`` without the centre-habit questions
    (:func:`centre_level`) when ``chosen`` has none (an idea's set keeps them out), else all of it."""
    if any(centre_level(p) for p in chosen):
        return pool
    return [p for p in pool if not centre_level(p)]


def column_cap(n: int) -> int:
    """The most puzzles of a homework set of ``n`` that may share one right column (a third, rounded down; 1 for
    the smallest sets)."""
    return max(1, n // 3)


def only_column(puzzle: Puzzle) -> str | None:
    """The right column of a puzzle with one right drop, else None."""
    return str(puzzle.answers[0]) if len(puzzle.answers) == 1 else None


def _level_order(puzzles: list[Puzzle]) -> list[Puzzle]:
    """``puzzles`` (easy to hard) with each level's puzzles reordered so that, where the level allows it, no
    puzzle has the same only right column as the one before (the last of the level below included): at each
    place the first puzzle in the given order that differs from the one before, or, when one column fills
    more than half of what is left, that column's (else it would end up twice running)."""
    out: list[Puzzle] = []
    for lv in sorted({level(p.rating) for p in puzzles}):
        left = [p for p in puzzles if level(p.rating) == lv]
        while left:
            before = only_column(out[-1]) if out else None
            fits = [p for p in left if only_column(p) is None or only_column(p) != before]
            counts: dict[str, int] = {}
            for p in left:
                if only_column(p) is not None:
                    counts[only_column(p)] = counts.get(only_column(p), 0) + 1
            crowded = [p for p in fits if counts.get(only_column(p), 0) * 2 > len(left)]
            pick = (crowded or fits or left)[0]
            out.append(pick)
            left.remove(pick)
    return out


def without_runs(puzzles: list[Puzzle], pool: list[Puzzle], shown: Any) -> list[Puzzle]:
    """A homework set (easy to hard) with no two puzzles running that have the same only right column, where
    the pool allows it: first each level is reordered (:func:`_level_order`); where a run is left (a level of
    one column), its later puzzle (else its earlier one) is swapped for a puzzle of the pool not in the set — of
    the nearest level there is (never a centre-habit question into a set that has none, :func:`swap_pool`), sharing
    a theme and carrying every idea only the old one brought, showing no position already there, whose right
    drops avoid its neighbours' columns and bring no column over :func:`column_cap` nor the habit over
    :func:`habit_cap` — and the levels are ordered again.  Deterministic: the same puzzles, the same set."""
    out = _level_order(list(puzzles))
    pool = swap_pool(out, pool)
    cap = column_cap(len(out))
    most_habit = max(habit_cap(len(out)), sum(habit_answers(p) for p in out))
    for _ in range(len(out)):
        runs = [
            i
            for i in range(1, len(out))
            if only_column(out[i]) is not None and only_column(out[i]) == only_column(out[i - 1])
        ]
        if not runs:
            break
        ids = {p.id for p in out}
        seen = {shown(p) for p in out}
        counts: dict[str, int] = {}
        for p in out:
            for c in p.answers:
                counts[c] = counts.get(c, 0) + 1
        swapped = False
        for i in runs:
            for k in (i, i - 1):  # the later puzzle of the run, else the earlier one (it may be an idea's only one)
                old = out[k]
                near = {only_column(out[j]) for j in (k - 1, k + 1) if 0 <= j < len(out)} - {None}
                lost = set(old.themes) - {t for p in out if p is not old for t in p.themes}  # ideas only it brings
                fits = [
                    q
                    for q in sorted(pool, key=lambda q: q.id)
                    if q.id not in ids
                    and set(q.themes) & set(old.themes)
                    and lost <= set(q.themes)
                    and shown(q) not in seen
                    and not set(q.answers) & near
                    and all(counts.get(c, 0) < cap for c in q.answers if c not in old.answers)
                    and (habit_answers(old) or not habit_answers(q) or sum(map(habit_answers, out)) < most_habit)
                ]
                if fits:
                    new = min(
                        fits,
                        key=lambda q: (
                            abs(level(q.rating) - level(old.rating)),
                            q.themes[0] != old.themes[0],
                            abs(q.rating - old.rating),
                            q.id,
                        ),
                    )
                    out[k] = new
                    out = _level_order(sorted(out, key=lambda p: (p.rating, p.id)))
                    swapped = True
                    break
            if swapped:
                break
        if not swapped:
            break
    return out


def habit_cap(n: int) -> int:
    """The most puzzles of a homework set of ``n`` that the beginner's habit may answer (a third, rounded up: as
    in each level of lesson 2's Practice list, :data:`gamekit.puzzles.connect_lessons.MAX_HABIT_SHARE`)."""
    return math.ceil(MAX_HABIT_SHARE * n - 1e-9)


def habit_capped(chosen: list[Puzzle], pool: list[Puzzle], shown: Any) -> list[Puzzle]:
    """A homework set ``chosen`` from ``pool`` in which the beginner's habit — win at once, else block, else the
    safe drop nearest the centre (:func:`gamekit.puzzles.connect_lessons.habit_answers`) — answers no more than
    :func:`habit_cap` puzzles: while it answers more, one of its puzzles (one that is no lesson-1 question first:
    lesson 1's rule is the idea of a win or a block; then the hardest) is swapped for a puzzle of the pool not in the
    set that the habit gets wrong, sharing a theme with it, carrying every idea only it brought to the set, showing
    no position already there, as near its level as can be.  Where the pool has none (a set of *win now* or
    *block*, whose idea is the rule itself) the puzzle stays."""
    out = list(chosen)
    cap = habit_cap(len(out))
    ids = {p.id for p in out}
    spare = sorted((p for p in pool if p.id not in ids and not habit_answers(p)), key=lambda p: p.id)
    for old in sorted((p for p in out if habit_answers(p)), key=lambda p: (neutral_question(p), -p.rating, p.id)):
        if sum(habit_answers(p) for p in out) <= cap:
            break
        seen = {shown(p) for p in out}
        lost = set(old.themes) - {t for p in out if p is not old for t in p.themes}
        fits = [q for q in spare if set(q.themes) & set(old.themes) and lost <= set(q.themes) and shown(q) not in seen]
        if fits:
            new = min(fits, key=lambda q: (q.themes[0] != old.themes[0], abs(level(q.rating) - level(old.rating))))
            out[out.index(old)] = new
            spare.remove(new)
    return out


def spread_set(chosen: list[Puzzle], pool: list[Puzzle], shown: Any) -> list[Puzzle]:
    """A homework set ``chosen`` from ``pool``, the habit held to a third of it (:func:`habit_capped`), with its
    right columns spread: while more than :func:`column_cap`
    of its puzzles have one column among their right drops, one of them (the hardest first) is swapped for a
    puzzle of the pool not in the set — sharing a theme with it and carrying every idea only it brought to the set
    (a mixed set keeps its ideas), as near its level as can be, in an order fixed by the set, never a centre-habit
    question into a set that has none (:func:`swap_pool`) — that brings no other
    column over the cap nor the habit over its cap, and shows no position already there (``shown``: what a
    pupil sees of a puzzle).  Where the pool has no such puzzle the column stays over (the bank does not allow
    better).  Otherwise the set is unchanged: the same puzzles give the same set."""
    pool = swap_pool(chosen, pool)
    out = habit_capped(chosen, pool, shown)
    cap = column_cap(len(out))
    most_habit = max(habit_cap(len(out)), sum(habit_answers(p) for p in out))
    spare = [p for p in pool if p.id not in {q.id for q in out}]
    random.Random("-".join(sorted(p.id for p in out))).shuffle(spare)
    stuck: set[str] = set()
    for _ in range(10 * len(out)):
        counts = Counter(c for p in out for c in p.answers)
        over = sorted((c for c, k in counts.items() if k > cap and c not in stuck), key=lambda c: (-counts[c], c))
        if not over:
            break
        column = over[0]
        seen = {shown(p) for p in out}
        swap = None
        for old in sorted((p for p in out if column in p.answers), key=lambda p: (-p.rating, p.id)):
            lost = set(old.themes) - {t for p in out if p is not old for t in p.themes}  # ideas only it brings
            fits = [
                q
                for q in spare
                if column not in q.answers
                and set(q.themes) & set(old.themes)
                and lost <= set(q.themes)
                and shown(q) not in seen
                and all(counts[c] < cap for c in q.answers if c not in old.answers)
                and (habit_answers(old) or not habit_answers(q) or sum(map(habit_answers, out)) < most_habit)
            ]
            if fits:
                new = min(fits, key=lambda q: (q.themes[0] != old.themes[0], abs(level(q.rating) - level(old.rating))))
                swap = old, new
                break
        if swap is None:
            stuck.add(column)
            continue
        old, new = swap
        out[out.index(old)] = new
        spare.remove(new)
        spare.append(old)
    return out


MAX_LEVEL_SHARE = 0.4
"""The largest share of Practice's mixed pool one level above level 1 may fill."""


def level_share(pool: list[Puzzle], keep: Collection[str] = ()) -> list[Puzzle]:
    """``pool`` without the puzzles that make a level above 1 fill more than :data:`MAX_LEVEL_SHARE` of it: the
    fullest such level loses its last puzzles in id order (their idea's Practice still asks them), so a pupil
    who climbs the mixed pool does not spend most of it on one level.  The puzzles whose ids are in ``keep`` (a
    scarce idea's, :func:`scarce_ids`) stay while another of their level can go."""
    kept = list(pool)
    while kept:
        counts: dict[int, int] = {}
        for p in kept:
            counts[level(p.rating)] = counts.get(level(p.rating), 0) + 1
        full = max((lv for lv in counts if lv > 1), key=lambda lv: (counts[lv], -lv), default=None)
        if full is None or counts[full] <= MAX_LEVEL_SHARE * len(kept):
            return kept
        at = [p for p in kept if level(p.rating) == full]
        kept.remove(max([p for p in at if p.id not in keep] or at, key=lambda p: p.id))
    return kept


def scarce_ids(puzzles: list[Puzzle], ideas: Callable[[Puzzle], Iterable[str]]) -> set[str]:
    """The ids of ``puzzles`` that carry a scarce idea: one of ``ideas(puzzle)`` that fewer than half a fair share
    of ``puzzles`` carry (a fair share: one over the number of ideas they carry).  The cuts that keep rules of thumb
    and levels in check take other puzzles before these, so a rarer idea ("stop the double threat") is not crowded
    out of a Practice list by the ideas the bank holds many of."""
    counts = Counter(idea for p in puzzles for idea in set(ideas(p)))
    rare = {idea for idea, k in counts.items() if 2 * len(counts) * k < len(puzzles)}
    return {p.id for p in puzzles if rare & set(ideas(p))}


MAX_SIDE_SHARE = 0.4
"""The largest share of the mixed Practice list whose puzzles are about a side disc (tagged *side_column*): in
5 en raya a line through a side disc is common, and without a cap those puzzles filled about half of the list (a
third cut the list to 72 puzzles and its level 1 below 12, as the habit and one-step shares followed)."""


def side_share(pool: list[Puzzle], keep: Collection[str] = ()) -> list[Puzzle]:
    """``pool`` without side-disc puzzles (those not in ``keep``) while they fill more than :data:`MAX_SIDE_SHARE`
    of it: first those the beginner's habit answers or that ask lesson 1's rule (:func:`habit_answers`,
    :func:`neutral_question`: the other caps would cut them anyway), then those of the fullest level, then the
    latest in id order, so the other shares of the list hold with as few puzzles gone as can be."""
    kept = list(pool)
    while True:
        sides = [p for p in kept if "side_column" in p.themes and p.id not in keep]
        if not sides or sum("side_column" in p.themes for p in kept) <= MAX_SIDE_SHARE * len(kept):
            return kept
        levels = Counter(level(p.rating) for p in kept)
        kept.remove(max(sides, key=lambda p: (habit_answers(p) or neutral_question(p), levels[level(p.rating)], p.id)))


def fair_share_with(others: list[Puzzle], steps: set[str], easy_more: int) -> list[Puzzle]:
    """:func:`gamekit.puzzles.balance.fair_share` of ``others`` (``steps``: the ids of its one-step puzzles) with
    ``easy_more`` more puzzles that need more than a habit in the easy band (the mixed pool's centre puzzles
    chosen, rated at level 2): the one-step puzzles it keeps, in id order up to their share of each band."""
    keep: set[str] = set()
    for name, _ in BANDS:
        band = [p for p in others if p.band == name]
        more = sum(1 for p in band if p.id not in steps) + (easy_more if name == BANDS[0][0] else 0)
        room = int(MAX_ONE_STEP_SHARE * more / (1 - MAX_ONE_STEP_SHARE) + 1e-9)
        keep |= {p.id for p in sorted((p for p in band if p.id in steps), key=lambda p: p.id)[:room]}
    return [p for p in others if p.id not in steps or p.id in keep]
