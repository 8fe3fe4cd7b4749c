"""Shut the Box's homework draws: which habits answer a "which set?" question, and a random draw of questions in
which no habit answers more than its share (the *best set* and mixed homework sets of
:mod:`gamekit.puzzles.shutbox` draw through it)."""

from __future__ import annotations

from typing import Any

from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.shut_thumbs import (
    ALL_THUMBS,
    FEW_HABITS,
    FEW_SHARE,
    FIXED_RULES,
    LOOK_AHEAD_TIE_RULES,
    MAX_RULE_SHARE,
    NEXT_ROLL_RULES,
    rule_answers,
    thumb_sets,
)


def shown_position(puzzle: Puzzle) -> tuple:
    """What a pupil sees of a question: its kind, open tiles and roll.  The same position under two one-die rules
    or two goals looks the same to a pupil, so a homework set holds it once
    (:func:`gamekit.puzzles.homework.homework_set`)."""
    f = puzzle.facts
    return (f["kind"], tuple(sorted(f["open"])), f["roll"])


SET_TRIES = 5000
"""How many random draws :func:`idea_set` tries for a *best set* homework set before it gives up on the shares."""


def set_habits(puzzle: Puzzle) -> frozenset[str]:
    """Every rule of thumb (:data:`ALL_THUMBS`) and fixed rule (:data:`gamekit.puzzles.shut_thumbs.FIXED_RULES`)
    that answers a "which set?" puzzle (:func:`rule_answers`); none for another puzzle."""
    f = puzzle.facts
    if f.get("kind") != "set":
        return frozenset()
    rules = ALL_THUMBS + FIXED_RULES
    return frozenset(
        r for r in rules if rule_answers(thumb_sets(r, f["open"], f["roll"], f["one_die"]), puzzle.answers)
    )


def habits_fit(puzzles: list[Puzzle], slack: float = 0.0) -> bool:
    """Whether no rule of thumb or fixed rule answers more than its share of ``puzzles`` (:func:`set_habits`,
    :func:`_homework_share`): half, a third for the habits Practice holds to a third, the rules that look one roll
    ahead (lesson 4's own count) :data:`HOMEWORK_LOOK_AHEAD_SHARE`; each share loosened by ``slack``
    (:func:`loosest_fit`)."""
    return habits_fit_counts([set_habits(p) for p in puzzles], slack)


def fitting_draw(pool: list[Puzzle], n: int, rng: Any, slack: float = 0.0) -> list[Puzzle] | None:
    """``n`` questions of ``pool`` drawn by ``rng``, no position twice (:func:`shown_position`), in which no habit
    answers more than its share (:func:`habits_fit`) and fewer than half ask for the low score (lesson 4's optional
    goal): the pool shuffled, as many questions "the next roll, then the bigger tile" gets wrong as the set needs
    put first (they are scarce), each question taken when the set still fits with it (in half the tries, no more
    than 2 in 10 at one level); the first of :data:`SET_TRIES` shuffles that fills the set, else None.

    Often no shuffle fills the set (a homework set of 20 from a pool of 60), so each try is kept cheap: every
    question's facts are found once (its position and habits as small numbers, the habits as bits), a habit that
    has reached its share is one bit of a mask, and a try stops as soon as the questions left in its order cannot
    fill the set.  Each try still shuffles the pool, so ``rng`` ends where a full search leaves it.  ``slack``: a
    share every habit may answer beyond its own (:func:`loosest_fit` raises it step by step when none fits)."""
    from gamekit.progress import level

    habits = [set_habits(p) for p in pool]
    rules = sorted({r for found in habits for r in found})
    caps = [int((_homework_share(r) + slack) * n + 1e-9) for r in rules]
    found_rules = [[rules.index(r) for r in sorted(found)] for found in habits]
    masks = [sum(1 << k for k in found) for found in found_rules]
    ties = sum(1 << rules.index(r) for r in LOOK_AHEAD_TIE_RULES if r in rules)
    misses = [not mask & ties for mask in masks]  # "the next roll, then the bigger tile" gets it wrong
    places: dict[tuple, int] = {}
    seen = [places.setdefault(shown_position(p), len(places)) for p in pool]
    score = [p.facts.get("objective") == "score" for p in pool]
    at = [level(p.rating) for p in pool]
    low_score = (n - 1) // 2
    need = n - int(HOMEWORK_LOOK_AHEAD_SHARE * n + 1e-9)
    per_level = -(-n // 5)  # levels spread: at most this many a level, while a draw fits so (half the tries)
    at_cap = sum(1 << k for k, cap in enumerate(caps) if cap <= 0)  # a habit allowed no question at all
    size = len(pool)
    indices = range(size)  # shuffled as the pool would be: the same calls on rng, the same order
    for attempt in range(SET_TRIES):
        order = rng.sample(indices, size)
        first = [i for i in order if misses[i]][:need]
        taken = set(first)
        order = first + [i for i in order if i not in taken]
        spread_limit = per_level if attempt < SET_TRIES // 2 else size
        pick: list[int] = []
        shown, spread, counts, scores, full = set(), {}, [0] * len(rules), 0, at_cap
        for left, i in enumerate(order, start=-size):  # -left: the questions still in the order, this one too
            if len(pick) - left < n:
                break  # too few left to fill the set
            if seen[i] in shown or (score[i] and scores >= low_score) or masks[i] & full:
                continue
            if spread.get(at[i], 0) >= spread_limit:
                continue
            spread[at[i]] = spread.get(at[i], 0) + 1
            pick.append(i)
            shown.add(seen[i])
            scores += score[i]
            for k in found_rules[i]:
                counts[k] += 1
                if counts[k] >= caps[k]:
                    full |= 1 << k
            if len(pick) == n:
                return [pool[i] for i in pick]
    return None


SLACKS = (0.0, 0.1, 0.2, 0.3)
"""The steps :func:`loosest_fit` loosens every habit's share by, until a draw fits."""


def loosest_fit(pool: list[Puzzle], n: int, rng: Any) -> tuple[list[Puzzle] | None, float]:
    """``(set, slack)``: :func:`fitting_draw` at Practice's shares, else at each looser step of :data:`SLACKS` in
    turn, the first that fits (the Practice list leaves out the positions the lessons ask, and those were many of
    the few where the habits go wrong, so a set of 10 may not fit Practice's shares); ``(None, last slack)`` when
    none fits."""
    for slack in SLACKS:
        drawn = fitting_draw(pool, n, rng, slack)
        if drawn is not None:
            return drawn, slack
    return None, SLACKS[-1]


def habits_fit_counts(answered: list[frozenset[str]], slack: float = 0.0) -> bool:
    """:func:`habits_fit` on the habits already found for each question (``answered``)."""
    counts: dict[str, int] = {}
    for found in answered:
        for r in found:
            counts[r] = counts.get(r, 0) + 1
    n = len(answered)
    return all(v <= int((_homework_share(r) + slack) * n + 1e-9) for r, v in counts.items())


HOMEWORK_LOOK_AHEAD_SHARE = 0.65
"""The share of a *best set* homework set the look-ahead habits (:data:`NEXT_ROLL_RULES`,
:data:`gamekit.puzzles.shut_thumbs.LOOK_AHEAD_TIE_RULES`) may answer: 6 of 10, 5 of 8 (they are lesson 4's own count,
right in most of the game's positions; :func:`habits_fit`)."""


def _homework_share(rule: str) -> float:
    """The share of a homework set ``rule`` may answer (:func:`habits_fit_counts`): Practice's share for the
    habits it holds to a third (:data:`FEW_HABITS`: the tile equal to the roll, the fewest tiles, the most tiles),
    :data:`HOMEWORK_LOOK_AHEAD_SHARE` for the look-ahead rules, else half (:data:`MAX_RULE_SHARE`, as Practice
    holds the largest tile and two close tiles)."""
    if rule in FEW_HABITS:
        return FEW_SHARE
    return HOMEWORK_LOOK_AHEAD_SHARE if rule in NEXT_ROLL_RULES + LOOK_AHEAD_TIE_RULES else MAX_RULE_SHARE
