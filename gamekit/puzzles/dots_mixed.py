"""The mixed Dots Practice list ("every idea, mixed"): how much of each level lesson 5's "take every box or decline
the last ones?" decisions and the one-step puzzles may fill, so each lesson's ideas get their share
(:func:`gamekit.puzzles.dots.practice_selection` calls :func:`mixed_selection`)."""

from __future__ import annotations

import random
from itertools import zip_longest
from typing import Any, Callable

from gamekit.progress import level
from gamekit.puzzles.balance import MAX_ONE_STEP_SHARE, one_step_rule
from gamekit.puzzles.core import Puzzle, game_themes
from gamekit.puzzles.dots_words import why_words
from gamekit.puzzles.dots_decisions import few_of_a_shape, take_all_choice
from gamekit.puzzles.dots_themes import DECISION_THEMES

from gamekit.puzzles.dots_lesson3 import LESSON_THREE_THEMES
from gamekit.puzzles.dots_thumbs import (
    LOWER_LEVELS_HABIT,
    THUMB_RULES,
    lesson_three_habits,
    lesson_three_selection,
    lower_habits_answering,
    simple_rule_share,
    thumbs_within_share,
)


MIXED_HABITS = THUMB_RULES + (LOWER_LEVELS_HABIT,)
"""The habits none of which may answer more than half a level of the mixed list above level 1
(:func:`mixed_selection`): the rules of thumb and the lower levels' habit."""

MAX_DECISION_SHARE = 0.45
"""The most of each level of the mixed Practice list shared with other lessons' ideas that lesson 5's "take every
box or decline the last ones?" decisions (:func:`is_decision`) may fill: the bank holds far more of them than of
any other idea (they were 142 of the 251 puzzles, and all of level 8), so uncapped they crowded out the other
lessons' ideas.  Lesson 4's hardest puzzles reach level 8 too, so each of levels 6 to 8 shares its decisions with
them (level 8, decisions alone, was easier for "always decline" than level 7); under half, so each of lesson 5's
three ideas still has about seven puzzles.  A level only lesson 5 reached would hold decisions alone, as many as the
level below holds puzzles."""


DECISION_TURNS = ("all_but_four", "double_deal", "control_not_worth_it")
"""The order in which lesson 5's three ideas take turns in a level's decisions (:func:`decisions_capped`): the one
with the fewest puzzles first, so a level with room for few decisions still asks *all-but-four in a loop* (taking
*when control is not worth it* first left the mixed list 5 all-but-four puzzles against 10)."""


def is_decision(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` asks one of lesson 5's decision ideas (:data:`DECISION_THEMES`)."""
    return any(t in DECISION_THEMES for t in puzzle.themes)


def decision_kind(puzzle: Puzzle) -> str:
    """Which of lesson 5's three ideas a decision (:func:`is_decision`) asks: *when control is not worth it* (take
    every box, :func:`take_all_choice`), *all-but-four in a loop* (decline the last four of a loop) or
    *double-deal* (decline the last two)."""
    if take_all_choice(puzzle):
        return "control_not_worth_it"
    return "all_but_four" if "all_but_four" in puzzle.themes else "double_deal"


def decisions_capped(
    puzzles: list[Puzzle], share: float = MAX_DECISION_SHARE, turns: tuple[str, ...] = DECISION_THEMES
) -> list[Puzzle]:
    """``puzzles`` with the decisions (:func:`is_decision`) of each Practice level cut to ``share`` of the level
    (rounded down), the others all kept; at a level with no other puzzle (only lesson 5 reaches it), as many
    decisions as the level below holds puzzles.  Those kept take turns between lesson 5's three ideas
    (:func:`decision_kind`, in ``turns`` order at a level shared with other ideas, the mixed list's
    :data:`DECISION_TURNS`; else take every box, decline the last two, decline the last four of a loop), the idea
    that starts moving on one place from level to level so each leads at some level (levels 6 to 8 each with room
    for about five left *when control is not worth it* one puzzle a level), and, within each, go in id order, so
    each idea has its share of a level and neither answer is its habit."""
    kept = [p for p in puzzles if not is_decision(p)]
    for lv in sorted({level(p.rating) for p in puzzles}):
        others = sum(1 for p in kept if level(p.rating) == lv)
        room = int(share * others / (1 - share) + 1e-9)  # decisions <= share of (decisions + others)
        if not others:  # a level of lesson 5 alone: no bigger than the level below
            room = sum(1 for p in kept if level(p.rating) == lv - 1)
        here = sorted((p for p in puzzles if is_decision(p) and level(p.rating) == lv), key=lambda p: p.id)
        order_of = turns if others else DECISION_THEMES
        order_of = order_of[lv % len(order_of) :] + order_of[: lv % len(order_of)]  # each idea leads at some level
        kinds = [[p for p in here if decision_kind(p) == t] for t in order_of]
        order = [p for turn in zip_longest(*kinds) for p in turn if p is not None]
        kept += order[:room]
    ids = {p.id for p in kept}
    return [p for p in puzzles if p.id in ids]


MIXED_LEVEL_MOST = 16
"""The most puzzles of one level of the mixed Practice list (:func:`levels_capped`): levels 1 and 4 held 44 and 45,
levels 2, 3 and 5 about 15, so a pupil's list was far longer at some levels than at others."""


def levels_capped(puzzles: list[Puzzle], most: int = MIXED_LEVEL_MOST) -> list[Puzzle]:
    """``puzzles`` with about ``most`` of each Practice level at most: the puzzles other than lesson 5's decisions
    (:func:`is_decision`) are cut to ``most``, or where the level has decisions too to the part of ``most`` they leave
    (:data:`MAX_DECISION_SHARE`; :func:`decisions_capped` then sizes the decisions by them).  The ideas of a level
    (each puzzle's first theme, the one Practice asks and praises it as) take turns, each in id order, so a level cut
    keeps every idea it had and none more than one ahead of another that still has puzzles."""
    kept = {p.id for p in puzzles if is_decision(p)}
    for lv in {level(p.rating) for p in puzzles}:
        here = sorted((p for p in puzzles if level(p.rating) == lv and not is_decision(p)), key=lambda p: p.id)
        shared = any(is_decision(p) and level(p.rating) == lv for p in puzzles)
        room = round(most * (1 - MAX_DECISION_SHARE)) if shared else most
        ideas: dict[str, list[Puzzle]] = {}
        for p in here:
            ideas.setdefault(p.themes[0] if p.themes else "", []).append(p)
        order = [p for turn in zip_longest(*(ideas[k] for k in sorted(ideas))) for p in turn if p is not None]
        kept |= {p.id for p in order[:room]}
    return [p for p in puzzles if p.id in kept]


def mixed_selection(puzzles: list[Puzzle], lesson_three: Callable[[list[Puzzle]], list[Puzzle]]) -> list[Puzzle]:
    """The mixed Practice list (:func:`gamekit.puzzles.dots.practice_selection` with no idea, given the puzzles at a
    level of their lesson): its lesson 3 puzzles (:func:`is_lesson_three`) chosen as lesson 3's own list chooses them
    (``lesson_three``: no habit of lesson 3 answers half of them or more, so "open the shortest part" passes no more
    here than there; uncapped, a habit answered 33 of its 35), no rule of thumb, nor the lower levels' habit, over
    half a level (:func:`thumbs_within_share`, :data:`MIXED_HABITS`), a fair share of one-step puzzles
    (:func:`_decisions_kept`), the decisions at most a third of each level shared with other lessons' ideas
    (:func:`decisions_capped`), no level above :data:`MIXED_LEVEL_MOST` puzzles (:func:`levels_capped`) and the simple
    rule at most a third of a level from 2 up (:func:`simple_rule_share`), each cut again until all hold (after the
    first step each only takes puzzles out, so this ends)."""
    three = lesson_three([p for p in puzzles if is_lesson_three(p)])
    puzzles = sorted([p for p in puzzles if not is_lesson_three(p)] + three, key=lambda p: p.id)
    while True:
        capped = thumbs_within_share(puzzles, answering=lower_habits_answering, rules=MIXED_HABITS, most_first=True)
        after = simple_rule_share(decisions_capped(levels_capped(_decisions_kept(capped)), turns=DECISION_TURNS))
        kept = {p.id for p in lesson_three_selection([p for p in after if is_lesson_three(p)])}
        after = [p for p in after if not is_lesson_three(p) or p.id in kept]
        if len(after) == len(puzzles):
            return after
        puzzles = after


def is_lesson_three(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` asks lesson 3's ideas alone (its themes are *which chain or loop to open* and the
    *hard-hearted handout*)."""
    return bool(puzzle.themes) and set(puzzle.themes) <= LESSON_THREE_THEMES


def _decisions_kept(puzzles: list[Puzzle]) -> list[Puzzle]:
    """``puzzles`` with the one-step puzzles of each band cut to the mixed pool's fair share
    (:func:`gamekit.puzzles.balance.fair_share`, which :func:`gamekit.puzzles.pools.practice_pool` applies next
    and which then keeps them all): the take-all decisions first (the one-line rule answers them too, but they sit
    beside the double-deals to ask whether control is worth keeping), then the others taking turns between the two
    halves of the rule, "take the box" and "draw a line that gives no third side" (lesson 2's two ideas: in id order
    alone, "take the box" had 27 of level 1's 30 puzzles), each in id order."""
    one_step = {p.id for p in puzzles if one_step_rule(p) is not None}
    keep: set[str] = set()
    for band in {p.band for p in puzzles}:
        here = [p for p in puzzles if p.band == band]
        others = sum(1 for p in here if p.id not in one_step)
        room = int(MAX_ONE_STEP_SHARE * others / (1 - MAX_ONE_STEP_SHARE) + 1e-9)
        steps = sorted((p for p in here if p.id in one_step), key=lambda p: p.id)
        halves = [[p for p in steps if not take_all_choice(p) and one_step_rule(p) == key] for key in ("take", "safe")]
        ranked = [p for p in steps if take_all_choice(p)] + [p for turn in zip_longest(*halves) for p in turn if p]
        keep |= {p.id for p in ranked[:room]}
    return [p for p in puzzles if p.id not in one_step or p.id in keep]


def mixed_set(candidates: list[Puzzle], ideas: tuple[str, ...], n: int, rng) -> list[Puzzle]:
    """``n`` puzzles of ``candidates`` for a homework set of every idea, spread over ideas and levels: the ideas
    (each puzzle's first theme, the one Practice asks and praises it as) take turns in ``ideas`` order, and each
    takes, of its puzzles, one at the level the set holds fewest of so far (of those, the lowest level; ties drawn by
    ``rng``), so the set is
    no longer mostly lesson 5's top levels (``dots-all-10-1`` had no puzzle at levels 3 to 5).  *Which chain or loop
    to open* takes first the puzzles no habit of lesson 3 answers (:func:`lesson_three_habits`): with one or two of
    them in a set, a share cannot keep "open the shortest part" from answering them, so none it answers comes while
    others are left."""
    queues: dict[str, list[Puzzle]] = {}
    for t in ideas:
        own = [p for p in candidates if p.themes[:1] == (t,)]
        queues[t] = rng.sample(own, len(own))
    chosen: list[Puzzle] = []
    while len(chosen) < n and any(queues.values()):
        for t in ideas:
            if queues[t] and len(chosen) < n:
                held = [level(p.rating) for p in chosen]
                pick = min(
                    queues[t],
                    key=lambda p: (
                        t == "which_to_open" and bool(lesson_three_habits(p)),
                        held.count(level(p.rating)),
                        level(p.rating),
                    ),
                )
                queues[t].remove(pick)
                chosen.append(pick)
    return chosen


def reasons_unlike(order: list[Puzzle], chosen: list[Puzzle], whys) -> list[Puzzle]:
    """``order`` with first the puzzles whose reasons (``whys(puzzle)``: a set) none of ``chosen`` nor an earlier one
    of them gives, then the rest, in ``order``: an answer key then gives no two puzzles one reason."""
    given = {why for p in chosen for why in whys(p)}
    fresh = []
    for p in order:
        if not whys(p) & given:
            fresh.append(p)
            given |= whys(p)
    return fresh + [p for p in order if p not in fresh]


def mixed_set_pool(pool: list[Puzzle], n: int, seed: int, idea_set: Any, idea_pool: Any) -> list[Puzzle]:
    """The ``n`` puzzles of a homework set of all the ideas with ``seed`` (``pool``: the mixed Practice pool;
    ``idea_set`` and ``idea_pool``: :func:`gamekit.puzzles.homework.homework_set` and
    :func:`gamekit.puzzles.pools.practice_pool`, which this module may not import), spread over the ideas and the
    levels (:func:`~gamekit.puzzles.dots_mixed.mixed_set`).  They come from the puzzles none of the one-idea sets of
    the same size and seed holds (as the teachers' page hands them out), so a pupil who did an idea's set meets new
    puzzles in the mixed one, except an idea whose set holds all its puzzles (*avoid a third side*, *sacrifice to
    change the count*): leaving those out left the mixed set without them.  The whole pool where fewer than ``n``
    are left."""
    seen: set[str] = set()
    game = pool[0].game_id
    for theme in game_themes(game):
        size = min(n, len(idea_pool(game, theme)))
        if size and size < len(idea_pool(game, theme)):
            seen |= {p.id for p in idea_set(game, theme, size, seed)}
    fresh = [p for p in pool if p.id not in seen]
    rng = random.Random(f"{game}-mixed-{n}-{seed}")
    return mixed_set(fresh if len(fresh) >= n else pool, tuple(game_themes(game)), n, rng)


def set_whys(theme: str, puzzle: Puzzle) -> set[str]:
    """The reasons a set of ``theme`` gives for ``puzzle``'s right lines (its own idea's where it carries it)."""
    idea = theme if theme in puzzle.themes else puzzle.themes[0]
    return {why_words(puzzle, idea, a) for a in puzzle.answers}


LESSON_FIVE_DECISION_SHARE = 0.6
"""The most of a level of lesson 5's Practice list its "take every box or decline the last ones?" decisions may fill
beside lesson 4's count puzzles (:func:`lesson_five_selection`)."""


def decisions_even(puzzles: list[Puzzle], share: float) -> list[Puzzle]:
    """``puzzles`` with as many decisions (:func:`is_decision`) at each Practice level as :func:`decisions_capped`
    keeps with ``share``, chosen so that as many answers are to take every box as to decline (a double-deal,
    all-but-four), one apart at most, while the level has both: two of lesson 5's three ideas decline, so with the
    three ideas taking turns "always refuse" would be right in about two decisions of three.  Taking every box and
    declining take turns (each leading at every other level), the two declining ideas in turn among themselves, each
    in id order; the other puzzles all stay."""
    capped = decisions_capped(puzzles, share)
    kept = [p for p in capped if not is_decision(p)]
    for lv in sorted({level(p.rating) for p in puzzles}):
        room = sum(1 for p in capped if is_decision(p) and level(p.rating) == lv)
        here = sorted((p for p in puzzles if is_decision(p) and level(p.rating) == lv), key=lambda p: p.id)
        take, deal, loop = ([p for p in here if decision_kind(p) == k] for k in DECISION_THEMES)
        decline = [p for pair in zip_longest(deal, loop) for p in pair if p is not None]
        first, second = (take, decline) if lv % 2 == 0 else (decline, take)  # each answer leads at some level
        order = [p for pair in zip_longest(first, second) for p in pair if p is not None]
        kept += order[:room]
    ids = {p.id for p in kept}
    return [p for p in puzzles if p.id in ids]


def lesson_five_selection(puzzles: list[Puzzle], levels: tuple[int, ...]) -> list[Puzzle]:
    """Lesson 5's Practice list from its merged pool ``puzzles`` (:func:`gamekit.puzzles.dots.lesson_selection`;
    ``levels``: lesson 5's Practice levels): its decisions (:func:`is_decision`), at most two offering the same boxes
    on the same board (:func:`~gamekit.puzzles.dots_decisions.few_of_a_shape`: the take-all follow-ups made
    near-copies), and, as its final challenge does, lesson 4's long-chain count and sacrifice puzzles at ``levels``:
    questions with safe lines left, so "take or decline?" is not the only question of the list.  The decisions fill
    at most :data:`LESSON_FIVE_DECISION_SHARE` of a level that has those puzzles, and at the top level (decisions
    alone) no more than the level below holds (:func:`decisions_capped`); among them taking every box and declining
    take turns (:func:`decisions_even`).  At each level no rule of thumb answers more than half of the puzzles
    (:func:`thumbs_within_share`), so neither "always refuse" nor "take them all" is a habit that passes the
    lesson, and the simple rule no more than a third (:func:`simple_rule_share`)."""
    review = [p for p in puzzles if not is_decision(p) and level(p.rating) in levels]
    mixed = sorted(few_of_a_shape([p for p in puzzles if is_decision(p)]) + review, key=lambda p: p.id)
    return simple_rule_share(thumbs_within_share(decisions_even(mixed, LESSON_FIVE_DECISION_SHARE)))


__all__ = [
    "MAX_DECISION_SHARE",
    "MIXED_LEVEL_MOST",
    "is_decision",
    "decision_kind",
    "decisions_capped",
    "levels_capped",
    "mixed_selection",
    "mixed_set",
    "LESSON_FIVE_DECISION_SHARE",
    "lesson_five_selection",
    "decisions_even",
]
