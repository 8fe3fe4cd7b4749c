"""Shut the Box lesson 3: how often a total comes in many rolls: the count the class tally and the computer's rolls
then check."""

from __future__ import annotations

import re
from typing import Any

from gamekit.i18n import ntr, number, tr
from gamekit.shutbox.tiles import two_dice_probability
from gamekit.widgets.exercise import Exercise
from gamekit.shutbox.lesson_words import parse_whole, spaced


def expected_count_exercise(total: int = 6, rolls: int = 3600) -> Exercise:
    """ "In ``rolls`` rolls of two dice, how many totals of ``total`` would you expect?" — the prediction that
    the simulation below then checks.  Right: ``rolls`` × k/36 exactly ("about 500" is read as 500).  Wrong
    answers told why: the count k itself, every total equally likely (one in 11), another number of outcomes
    used, a number within a tenth of the right one (a guess near it, not the calculation)."""
    p = two_dice_probability(total)
    if not p or (rolls * p).denominator != 1 or rolls % 36:
        raise ValueError(
            tr(
                "total {total}, {rolls} rolls: give a total two dice make and a number of rolls that 36 divides",
                total=total,
                rolls=rolls,
            )
        )
    k, expect = int(p * 36), int(rolls * p)

    def check(answer: Any) -> tuple[bool, str]:
        given = parse_whole(
            re.sub(
                r"^\s*(?:about|around|roughly|nearly|approximately|unos|unas|alrededor de|"
                r"más o menos|aproximadamente|cerca de|~|≈)\s*",
                "",
                str(answer),
                flags=re.I,
            )
        )
        if given == expect:
            return True, tr(
                "Right: {k} of the 36 outcomes make {total}, and {rolls} rolls are {times} times 36, so "
                "about {times} × {k} = {expect}. The simulation below lands near it, not exactly on it.",
                k=k,
                total=total,
                rolls=spaced(rolls),
                times=rolls // 36,
                expect=spaced(expect),
            )
        if given == k:
            return False, tr(
                "{k} is the number of outcomes of 36 that make {total}. But there are {rolls} rolls, not 36.",
                k=k,
                total=total,
                rolls=spaced(rolls),
            )
        if given in (rolls // 11, round(rolls / 11)):
            return False, tr(
                "That would be right if the 11 totals were equally likely. They are not: count the "
                "outcomes that make {total}.",
                total=total,
            )
        if given * 36 % rolls == 0 and 0 < given * 36 // rolls <= 6:
            return False, ntr(
                "You used {n} outcome of 36. Count again the outcomes (first die, second die) that make {total}.",
                "You used {n} outcomes of 36. Count again the outcomes (first die, second die) that make {total}.",
                given * 36 // rolls,
                total=total,
            )
        if abs(given - expect) * 10 <= expect:
            return False, tr(
                "Close — the real rolls will land near there. But the expected number is worked out, "
                "not guessed: the chance of {total} as k/36, times {rolls}.",
                total=total,
                rolls=spaced(rolls),
            )
        return False, tr(
            "Find the chance of {total} as k/36 first. {rolls} rolls are {times} times 36: multiply.",
            total=total,
            rolls=spaced(rolls),
            times=rolls // 36,
        )

    return Exercise(
        tr(
            "Two dice are rolled {rolls} times. How many of those rolls would you expect to make a total of "
            "{total}? Work it out, and give just the number.",
            rolls=spaced(rolls),
            total=total,
        ),
        check,
        hint=tr(
            "What is the chance of {total}, as k/36? Then: out of {rolls} rolls, how many is that?",
            total=total,
            rolls=spaced(rolls),
        ),
        answer=str(expect),
        solutions=[expect],
        wrong=[k, round(rolls / 11), int(rolls * (k - 1) / 36)],
        key=f"expected count {total} {rolls}",
        leaks=(
            tr("about {times} × {k} = {expect}", times=rolls // 36, k=k, expect=spaced(expect)),
            number(100 * k / 36, 1) + " %",
        ),
    )
