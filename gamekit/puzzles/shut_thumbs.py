"""The rules of thumb a pupil may bring to a Shut the Box "which set?" question, and what each picks: lesson 4's
(:data:`LESSON_FOUR_RULES`), the patterns a pupil finds (:data:`THUMB_RULES`), those that break ties
(:data:`TIE_BREAK_RULES`) and those that look one roll ahead (:data:`NEXT_ROLL_RULES`).  Practice holds each to
two thirds of every level of its questions (:mod:`gamekit.puzzles.shut_census`;
:func:`gamekit.puzzles.shut_checks.thumb_most` counts them)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from gamekit.i18n import tr
from gamekit.shutbox import Rules
from gamekit.shutbox.tiles import tiles_summing_to, two_dice_probability

LESSON_FOUR_RULES = ("own_tile", "largest_tile", "fewest_tiles", "most_tiles", "close_pair")
"""The rules of thumb the lessons name for choosing a set (lesson 4): cover the tile equal to the roll, the largest
tile (then the next largest), the fewest tiles, the most tiles, two tiles close in value.  ("A random set" is named
too, but it is no rule a pupil follows to an answer.)  A puzzle stores the first of them that answers it by itself
(``facts["thumb"]``, :func:`set_answers`)."""
THUMB_RULES = LESSON_FOUR_RULES + ("top_pair", "second_top_pair", "widest_pair", "three_tiles")
"""Every rule of thumb Practice's "which set?" questions are balanced against (:data:`MAX_RULE_SHARE`): lesson 4's
(:data:`LESSON_FOUR_RULES`) and four a pupil finds by noticing patterns — the two-tile set with the largest top
tile ("take the biggest pair"), the two-tile set with the second-largest top tile, the two tiles furthest apart,
and a set of three tiles."""
NEXT_ROLL_RULES = ("next_two_dice", "next_dice", "next_totals")
"""Rules of thumb that look one roll ahead: cover the set whose leftover tiles the next roll most often covers —
with two dice (:func:`gamekit.shutbox.tiles.two_dice_probability`), with the dice the one-die rule lets you
choose (the likelier of one die and two), or counting the totals 2 to 12 the leftover tiles make (each total
once).  They are lesson 4's idea made a rule, and right in all but 616 of the game's 11 014 "which set?"
questions (:func:`gamekit.puzzles.shut_checks.look_ahead_census`): Practice asks many of those 616's kind
(:func:`gamekit.puzzles.shut_census.which_set_pool`), so none answers more than two thirds of a level."""
TIE_BREAK_RULES = ("fewest_then_largest", "fewest_then_smallest", "most_then_largest", "most_then_smallest")
"""Rules of thumb that break a tie of the fewest (or most) tiles by the largest (or smallest) top tile, always one
set; held to two thirds of each Practice level too (:func:`gamekit.puzzles.shut_census.rule_share`)."""
LOOK_AHEAD_TIE_RULES = ("next_then_largest",)
"""The look-ahead habit made one set: the set whose leftover tiles the next roll of two dice covers most often
(``"next_two_dice"``), a tie broken by the set with the largest tile.  It is lesson 4's idea done quickly, and
right in all but 19 of the game's "which set?" positions with three sets or more: Practice holds it to about two
thirds of its questions (:func:`gamekit.puzzles.shut_census.which_set_pool`)."""
FIXED_ORDER_RULE = "fewest_nine_lowest"
"""A fixed rule a reader found answering every "shut the box" question of the bank: the fewest tiles; among those,
the set with the 9; else the one whose top tile is lowest (the lower pair).  Always one set.  Practice's levels 6
to 10 hold it to half of each level, with a "shut the box" question it gets wrong
(:func:`gamekit.puzzles.shut_census.which_set_pool`)."""
EIGHT_NINE_RULE = "eight_nine_closest"
"""Another fixed rule a reader found answering most of Practice's "which set?" questions: cover the 8 if you can,
else the 9, else any set; among those, the fewest tiles, then the two closest in value.  Always one set.  Practice
holds it to half of every level (:func:`gamekit.puzzles.shut_census.which_set_pool`)."""
FIXED_RULES = (FIXED_ORDER_RULE, EIGHT_NINE_RULE)
"""The fixed rules readers found (:data:`FIXED_ORDER_RULE`, :data:`EIGHT_NINE_RULE`), held to half of every
Practice level like the rules of thumb."""


def thumb_sets(rule: str, open_tiles, roll: int, one_die: str = "after_789") -> list[tuple[int, ...]]:
    """The sets (largest tile first) the rule of thumb ``rule`` (of :data:`THUMB_RULES`, :data:`TIE_BREAK_RULES`,
    :data:`NEXT_ROLL_RULES`, or :data:`FIXED_RULES`)
    picks for ``roll`` with ``open_tiles`` open under the one-die rule ``one_die`` (the lessons' unless given; only
    ``"next_dice"`` reads it): one set, several when the rule ties ("the fewest tiles" with two one-tile… sets),
    none when it does not apply (no own tile, no pair).  An unknown rule: ValueError."""
    if rule not in (rules := THUMB_RULES + TIE_BREAK_RULES + NEXT_ROLL_RULES + LOOK_AHEAD_TIE_RULES + FIXED_RULES):
        raise ValueError(tr("rule {rule!r}: choose one of {items}", rule=rule, items=", ".join(rules)))
    sets = [tuple(sorted(s, reverse=True)) for s in tiles_summing_to(roll, tuple(sorted(set(open_tiles))))]
    if not sets:
        return []
    if rule in NEXT_ROLL_RULES + LOOK_AHEAD_TIE_RULES:
        left = {s: tuple(t for t in sorted(set(open_tiles)) if t not in s) for s in sets}
        counted = "next_two_dice" if rule in LOOK_AHEAD_TIE_RULES else rule
        chance = {s: next_cover_chance(counted, left[s], one_die) for s in sets}
        top = max(chance.values())
        tied = [s for s in sets if chance[s] == top]
        return [max(tied)] if rule in LOOK_AHEAD_TIE_RULES else tied
    if rule == FIXED_ORDER_RULE:
        n = min(len(s) for s in sets)
        fewest = [s for s in sets if len(s) == n]
        return [next((s for s in fewest if 9 in s), min(fewest))]
    if rule == EIGHT_NINE_RULE:
        first = [s for s in sets if 8 in s] or [s for s in sets if 9 in s] or sets
        return [min(first, key=lambda s: (len(s), s[0] - s[-1], s))]
    if rule in TIE_BREAK_RULES:
        n = (min if rule.startswith("fewest") else max)(len(s) for s in sets)
        return [(max if rule.endswith("largest") else min)(s for s in sets if len(s) == n)]
    if rule == "own_tile":
        return [s for s in sets if s == (roll,)]
    if rule == "largest_tile":
        return [max(sets)]
    if rule in ("fewest_tiles", "most_tiles"):
        n = (min if rule == "fewest_tiles" else max)(len(s) for s in sets)
        return [s for s in sets if len(s) == n]
    if rule == "top_pair":
        return sorted((s for s in sets if len(s) == 2), reverse=True)[:1]
    if rule == "second_top_pair":
        return second_top_pair(open_tiles, roll)
    if rule == "three_tiles":
        return [s for s in sets if len(s) == 3]
    pairs = [s for s in sets if len(s) == 2]
    gap = (max if rule == "widest_pair" else min)((a - b for a, b in pairs), default=None)
    return [s for s in pairs if s[0] - s[1] == gap]


def next_cover_chance(rule: str, left, one_die: str = "after_789") -> Fraction:
    """How well the next roll covers the tiles ``left`` open, as the rule of :data:`NEXT_ROLL_RULES` ``rule``
    measures it: the chance that two dice (``"next_two_dice"``), or the likelier of the dice ``one_die`` allows
    (``"next_dice"``), roll a total the tiles make; or how many totals 2 to 12 they make (``"next_totals"``).
    No tiles left: the box is shut, the best there is (1, or 12 totals)."""
    return _cover_chance(rule, tuple(sorted(set(left))), one_die)


@lru_cache(maxsize=None)
def _cover_chance(rule: str, left: tuple[int, ...], one_die: str) -> Fraction:
    """:func:`next_cover_chance` for ``left`` as sorted tiles, found once a process (the Practice pools and
    homework draws ask it for the same few hundred sets of tiles about a hundred thousand times)."""
    if not left:
        return Fraction(12 if rule == "next_totals" else 1)
    makes = {t for t in range(1, 13) if tiles_summing_to(t, left)}
    if rule == "next_totals":
        return Fraction(len(makes - {1}))
    two = sum((two_dice_probability(t) for t in makes if t >= 2), Fraction(0))
    if rule == "next_two_dice":
        return two
    one = Fraction(len(makes & set(range(1, 7))), 6)
    return max(one if n == 1 else two for n in Rules(one_die=one_die).dice_options(sum(left)))


def set_answers(picks: list[tuple[int, ...]], answers) -> bool:
    """Whether a rule of thumb that picks ``picks`` answers a puzzle with ``answers`` by itself: it picks exactly
    one set (a tie leaves the pupil to choose) and that set is right."""
    return len(picks) == 1 and ("cover", picks[0]) in set(answers)


def rule_answers(picks: list[tuple[int, ...]], answers) -> bool:
    """Whether a rule of thumb that picks ``picks`` answers a puzzle with ``answers`` for the shares Practice keeps
    (:data:`MAX_RULE_SHARE`): it picks a set, and every set it picks is a best one (a pupil following it is right
    whichever of its sets they take)."""
    right = set(answers)
    return bool(picks) and all(("cover", s) in right for s in picks)


def second_top_pair(open_tiles, roll: int) -> list[tuple[int, ...]]:
    """The set "the two-tile set with the second-largest top tile" picks (largest tile first), or none: the pattern
    a reader found behind the bank's "which set?" answers once the habits are wrong."""
    sets = tiles_summing_to(roll, tuple(sorted(set(open_tiles))))
    pairs = sorted((tuple(sorted(s, reverse=True)) for s in sets if len(s) == 2), reverse=True)
    return [pairs[1]] if len(pairs) >= 2 else []


MAX_RULE_SHARE = 0.5
"""The largest share of a *best set* homework set that one rule of thumb or fixed rule answers (:func:`habits_fit`;
Practice's levels: :func:`gamekit.puzzles.shut_census.rule_share`): a pupil who follows one rule and stops
thinking gets at most half of them right."""
FEW_HABITS, FEW_SHARE = ("own_tile", "fewest_tiles", "most_tiles"), 1 / 3
"""The habits held to :data:`FEW_SHARE` of every level (2 of its 6 questions): the roll's own tile, the fewest tiles
and the most tiles.  Held to a third too, covering the largest tile or two tiles close in value leaves a level the
census cannot fill (level 7 finds 5 questions that fit, each alone: ``tests/puzzles/test_shut_habit_half.py``), so
those two keep :data:`gamekit.puzzles.shut_census.HABIT_SHARE`, the lowest share that fills every level."""
ALL_THUMBS = THUMB_RULES + TIE_BREAK_RULES + NEXT_ROLL_RULES + LOOK_AHEAD_TIE_RULES
"""Every rule of thumb the "which set?" pool is held against (:data:`MAX_RULE_SHARE`)."""
