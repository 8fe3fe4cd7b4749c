"""Lesson 4's "Two goals" exercise: why one set is better for a low score and another for shutting the box."""

from __future__ import annotations

from typing import Iterable

from gamekit.i18n import ntr, tr
from gamekit.shutbox.lesson_tables import DISAGREEMENT, DISAGREEMENT_RULES
from gamekit.shutbox.lesson_words import tile_list
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.simulation import dice_outcomes
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of, tiles_summing_to, two_dice_probability
from gamekit.widgets.exercise import Exercise, choice_checker


def or_list(rolls: list[int]) -> str:
    """Totals joined for a sentence: "9", "2 or 3", "2, 3, 10, 11 or 12"."""
    if not rolls:
        raise ValueError(tr("no rolls to list"))
    if len(rolls) == 1:
        return str(rolls[0])
    return tr("{items} or {last}", items=", ".join(map(str, rolls[:-1])), last=rolls[-1])


def goals_why_exercise(
    uncovered: Iterable[int] = DISAGREEMENT[0], roll: int = DISAGREEMENT[1], rules: Rules | None = None
) -> Exercise:
    """ "Why is one set better for a low score and another better for shutting the box?" on the "Two goals"
    position: four reasons to choose from, each one a pupil could believe.  The right one is computed from the
    position (the rolls that cover the big tile the low-score set leaves, and what stays open then); each wrong
    one is told why, with the position's numbers: both sets leave the same points (each sum worked out); the small
    tiles left are not covered soon (fewer than half the outcomes of two dice cover one), and they matter little;
    the big tile left is not the commonest total (its outcomes counted; ValueError when it is 7).  All four are
    written alike ("After …, …"), of about the same length, and each names the position's numbers (the tiles, the
    rolls), so the right one does not stand out as the only specific one."""
    rules = rules or DISAGREEMENT_RULES
    open_tiles = tuple(sorted(set(uncovered)))
    shut, score = table(rules, "shut"), table(rules, "score")
    m = mask_of(open_tiles)
    for_shut, for_score = shut.best_set(m, roll), score.best_set(m, roll)
    if not for_shut or for_shut == for_score:
        raise ValueError(
            tr("tiles {items}, roll {roll}: the two goals choose the same set", items=tile_list(open_tiles), roll=roll)
        )
    left = tuple(t for t in open_tiles if t not in for_score)
    big, small = max(left), tuple(t for t in left if t != max(left))
    covers_big = sorted({r for r in range(2, 13) for st in tiles_summing_to(r, left) if big in st})
    if covers_big != list(range(covers_big[0], covers_big[-1] + 1)):
        raise ValueError(
            tr(
                "tiles {items}, roll {roll}: the rolls covering the big tile are not a run",
                items=tile_list(left),
                roll=roll,
            )
        )
    if (
        big == 7
        or big != max(open_tiles)
        or sum(1 for a, b in dice_outcomes() if tiles_summing_to(a + b, small)) * 2 >= 36
    ):
        raise ValueError(
            tr(
                "tiles {items}, roll {roll}: the set for a low score must leave the biggest tile and small "
                "tiles that few rolls cover",
                items=tile_list(open_tiles),
                roll=roll,
            )
        )
    points = sum(open_tiles) - roll
    name = {tuple_: " + ".join(map(str, tuple_)) for tuple_ in (for_shut, for_score)}
    small_rolls = [r for r in range(2, 13) if any(set(st) & set(small) for st in tiles_summing_to(r, left))]
    small_outcomes = sum(1 for a, b in dice_outcomes() if a + b in small_rolls)
    if small_outcomes * 2 >= 36:
        raise ValueError(tr("tiles {items}: most rolls cover a small tile left", items=tile_list(left)))
    shut_left = tuple(t for t in open_tiles if t not in for_shut)
    small_words = " + ".join(map(str, small)) + (f" = {sum(small)}" if len(small) > 1 else "")
    # the totals of two dice that the small tiles alone make (2 and 3 for tiles 1 and 2): the rolls a pupil who
    # believes "the small tiles go quickly" is counting on
    small_only_rolls = sorted({r for r in range(2, 13) if tiles_summing_to(r, small)})
    sums = [" + ".join(map(str, tiles)) + " = " + str(sum(tiles)) for tiles in (left, shut_left)]
    reasons = {
        "low score": tr(
            "After {low}, a roll of {first} to {last} covers the {big}; then at most {small} stays open.",
            low=name[for_score],
            first=covers_big[0],
            last=covers_big[-1],
            big=big,
            small=small_words,
        ),
        "fewer points": tr(
            "After {low}, tiles {left} are worth fewer points than the tiles {shut} leaves.",
            low=name[for_score],
            left=tile_list(left),
            shut=name[for_shut],
        ),
        "small easy": tr(
            "After {low}, a roll of {rolls} soon covers the small tiles {small}; then only the {big} is left.",
            low=name[for_score],
            rolls=or_list(small_only_rolls),
            small=tile_list(small),
            big=big,
        ),
        "big likely": tr(
            "After {low}, the {big} is left, and two dice make {big} more often than any other total.",
            low=name[for_score],
            big=big,
        ),
    }
    explanations = {
        reasons["low score"]: tr(
            "Right. Playing for a low score, what counts is the points still open when the turn "
            "ends; playing to shut, only shutting counts."
        ),
        reasons["fewer points"]: tr(
            "No: {low_sum} and {shut_sum}. Both sets leave {points} points open. What differs is which tiles are left.",
            low_sum=sums[0],
            shut_sum=sums[1],
            points=points,
        ),
        reasons["small easy"]: ntr(
            "No: only a roll of {rolls} covers one of them, and two dice make that in just {n} outcome of 36, "
            "fewer than half.",
            "No: only a roll of {rolls} covers one of them, and two dice make that in just {n} outcomes of 36, "
            "fewer than half.",
            small_outcomes,
            rolls=or_list(small_rolls),
        ),
        reasons["big likely"]: ntr(
            "No: two dice make {big} in just {k} outcome of 36, and 7 is the commonest total.",
            "No: two dice make {big} in just {k} outcomes of 36, and 7 is the commonest total.",
            int(two_dice_probability(big) * 36),
            big=big,
            k=int(two_dice_probability(big) * 36),
        ),
    }
    order = ("fewer points", "small easy", "low score", "big likely")
    return Exercise(
        tr(
            "Tiles {items} are open, you roll {roll}, with two dice on every roll. {shut} is better for "
            "shutting the box, but {low} is better for a low score. Why?",
            items=tile_list(open_tiles),
            roll=roll,
            shut=name[for_shut],
            low=name[for_score],
        ),
        choice_checker(reasons["low score"], explanations),
        hint=tr(
            "Look at what each set leaves. If you are unlucky and the box is not shut, which tiles "
            "are likely to stay open?"
        ),
        answer=reasons["low score"],
        solutions=[reasons["low score"]],
        choices=[reasons[k] for k in order],
        wrong=[reasons[k] for k in order if k != "low score"],
        key=f"goals why {open_tiles} {roll}",
    )
