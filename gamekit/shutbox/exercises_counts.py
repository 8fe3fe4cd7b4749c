"""Shut the Box lesson 3's counts that look past one chance: how often a total comes in many rolls (the count the
class tally and the computer's rolls then check), and which dice give the better chance to shut the box."""

from __future__ import annotations

import re
from typing import Any, Iterable

from gamekit.i18n import ntr, number, tr
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of, tiles_summing_to, two_dice_probability
from gamekit.widgets.exercise import Exercise, choice_checker
from gamekit.shutbox.lesson_words import chance_words, parse_whole, spaced, tile_list


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


SHUT_DICE_TILES = (1, 5)
"""Lesson 3's exercise 10: a box both one die and two dice can shut in one roll (a total of 6), so "one die cannot
make it" settles nothing: the pupil counts 6 outcomes of 36 for one die against 5 for two dice."""


def one_roll_shut_counts(open_tiles: Iterable[int]) -> dict[int, int]:
    """For one die and for two: how many outcomes out of 36 shut the box with this one roll (the roll
    makes the total of every open tile; one die's 1 in 6 is 6 in 36) — the rule of thumb lesson 3 gives for the
    chance to shut the box."""
    total = sum(set(open_tiles))
    return {1: 6 if 1 <= total <= 6 else 0, 2: int(two_dice_probability(total) * 36)}


def go_on_counts(open_tiles: Iterable[int]) -> dict[int, int]:
    """For one die and for two: how many outcomes out of 36 let you cover a set of ``open_tiles``."""
    tiles = tuple(sorted(set(open_tiles)))
    return {
        1: sum(6 for t in range(1, 7) if tiles_summing_to(t, tiles)),
        2: sum(int(two_dice_probability(t) * 36) for t in range(2, 13) if tiles_summing_to(t, tiles)),
    }


def shut_dice_exercise(open_tiles: Iterable[int] = SHUT_DICE_TILES, rules: Rules | None = None) -> Exercise:
    """ "One die or two: which gives the better chance to shut the box?" — three choices, the third "the same
    either way".  The right choice is the exact table's (best play after this roll, :mod:`gamekit.shutbox.strategy`);
    the page teaches the rule of thumb of :func:`one_roll_shut_counts` for it, so a box where that rule does not
    pick the exact answer, or ties, is refused, as is one where the rules give no choice.  The right choice is told
    both one-roll counts and both exact chances; a wrong one is told what to count, never the counts, and a choice
    that goes on more often (lesson 3's first question) is told that going on is not shutting the box."""
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(open_tiles)))
    if rules.dice_options(mask_of(open_tiles)) != (1, 2):
        raise ValueError(
            tr("tiles {items}: the rules give no choice of one die or two here", items=tile_list(open_tiles))
        )
    exact = table(rules, "shut").dice_values(mask_of(open_tiles))
    shut, go_on = one_roll_shut_counts(open_tiles), go_on_counts(open_tiles)
    better = 1 if exact[1] > exact[2] else 2
    if exact[1] == exact[2] or shut[better] <= shut[3 - better]:
        raise ValueError(
            tr(
                "tiles {items}: counting the outcomes that shut the box in one roll does not find the better dice here",
                items=tile_list(open_tiles),
            )
        )
    names = {1: tr("one die"), 2: tr("two dice"), 0: tr("the same either way")}
    count_again = tr(
        "To shut the box, the last roll must cover every open tile at once. Count, for each choice, the outcomes "
        "that shut the box with this one roll, out of 36."
    )
    worse = 3 - better
    told = {"k": shut[better], "j": shut[worse]}
    told.update(better_chance=chance_words(exact[better]), worse_chance=chance_words(exact[worse]))
    right = (
        tr(
            "Right. One die shuts the box with this one roll in {k} outcomes of 36, two dice in {j}. Played as well "
            "as possible after this roll, one die shuts the box {better_chance}, two dice {worse_chance}.",
            **told,
        )
        if better == 1
        else tr(
            "Right. Two dice shut the box with this one roll in {k} outcomes of 36, one die in {j}. Played as well "
            "as possible after this roll, two dice shut the box {better_chance}, one die {worse_chance}.",
            **told,
        )
    )
    not_shutting = {
        1: tr("One die goes on more often here, but going on is not shutting the box."),
        2: tr("Two dice go on more often here, but going on is not shutting the box."),
    }
    explanations = {
        names[better]: right,
        names[worse]: (not_shutting[worse] if go_on[worse] > go_on[better] else tr("Not the better one."))
        + " "
        + count_again,
        names[0]: tr("No: the number of dice changes which totals can come up, and how often.") + " " + count_again,
    }
    return Exercise(
        tr(
            "Tiles {items} are open, and 7, 8 and 9 are covered, so you may roll one die or two. Which gives the "
            "better chance to shut the box?",
            items=tile_list(open_tiles),
        ),
        choice_checker(names[better], explanations),
        hint=tr(
            "Which total covers every open tile at once? Can one die make it? How many of the 36 outcomes of two "
            "dice make it?"
        ),
        answer=names[better],
        solutions=[names[better]],
        choices=[names[1], names[2], names[0]],
        wrong=[names[worse], names[0]],
        key=f"shut dice {open_tiles}",
        leaks=(told["better_chance"],),  # its answer, "two dice", is a choice of exercises 6 and 8 above
    )
