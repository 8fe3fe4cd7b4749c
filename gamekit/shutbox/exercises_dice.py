"""Lesson 3's exercises: the predictions asked before the dice pages, the chance of a total, the rolls that let you go
on or end the turn, one die or two, and the expected count of a total.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from gamekit.i18n import ntr, number, tr
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.tiles import mask_of, tiles_summing_to
from gamekit.shutbox.tiles import two_dice_probability
from gamekit.shutbox.simulation import (
    POLICIES,
    POLICY_WORDS,
    dice_outcomes,
    sum_distribution,
)
from gamekit.widgets.exercise import Exercise, choice_checker
from gamekit.widgets.mastery import Similar
from gamekit.shutbox.lesson_words import html_escape, parse_fraction, tile_list


@dataclass(frozen=True)
class Prediction:
    """A guess a pupil makes before counting or simulating: one of ``choices``.  Never scored and never
    judged — the reply only repeats the guess and says where the page checks it."""

    prompt: str
    choices: tuple[str, ...]
    check_below: str

    def reply(self, choice: Any) -> str:
        """What the page says to a guess: the guess and where it is checked (ValueError for a non-choice)."""
        if str(choice) not in self.choices:
            raise ValueError(
                tr("{choice!r} is not one of the choices: {choices}.", choice=choice, choices=", ".join(self.choices))
            )
        return tr(
            "Your guess: {choice}. Keep it in mind: {check_below}", choice=tr(str(choice)), check_below=self.check_below
        )


def commonest_total_prediction() -> Prediction:
    """Lesson 3: guess the commonest total of two dice before counting, rolling and simulating."""
    return Prediction(
        tr("Before we count: which total of two dice will come up most often?"),
        tuple(str(t) for t in sum_distribution(2)),
        tr("you count the outcomes, roll real dice and see a simulation below, and then you will know."),
    )


def worst_rule_prediction() -> Prediction:
    """Lesson 4: guess which rule of thumb shuts the box least often before the exact table."""
    return Prediction(
        tr(
            "Predict before you look: which way of choosing shuts the box LEAST often — a random set, "
            "the set with the most tiles, or the set with the largest tile?"
        ),
        tuple(POLICY_WORDS[p] for p in POLICIES[:3]),
        tr("the exact table just below checks it."),
    )


def prediction_widget(prediction: Prediction):
    """A guess on the page: one button per choice and a reply that never says right or wrong (not scored)."""
    import ipywidgets as W

    prompt = W.HTML("<b>" + html_escape(prediction.prompt) + "</b>")
    reply = W.HTML()
    reply.add_class("gamekit-feedback")
    buttons = []
    for choice in prediction.choices:
        button = W.Button(description=tr(choice), layout=W.Layout(width="auto"))

        def on_click(_, choice=choice):
            reply.value = html_escape(prediction.reply(choice))

        button.on_click(on_click)
        buttons.append(button)
    box = W.VBox([prompt, W.HBox(buttons, layout=W.Layout(flex_flow="row wrap")), reply])
    box.prediction, box.buttons, box.reply = prediction, buttons, reply
    return box


def chance_exercise(total: int = 9) -> Exercise:
    """ "What is the chance of rolling ``total`` with two dice, as k/36?".  k/36 is right, and so is an equal
    fraction written another way (1/9 for 4/36): it is the same chance, so it is accepted and the reply gives it
    over 36; the count alone, one in eleven totals, each pair counted once,
    the right count over 6 instead of 36, the right count over another number (4/9: the total, not the 36
    outcomes), and other counts each get their reason."""
    p = two_dice_probability(total)
    if not p:
        raise ValueError(tr("two dice never make {total}", total=total))
    k = p * 36
    unordered = len({tuple(sorted(o)) for o in dice_outcomes() if sum(o) == total})

    def check(answer: Any) -> tuple[bool, str]:
        text_ = str(answer).strip()
        if re.fullmatch(r"\d+", text_):
            return False, tr(
                "That is a count, not a chance. Write the chance as k/36: the outcomes that make "
                "{total}, out of all 36.",
                total=total,
            )
        given = parse_fraction(text_)
        if given == p and not re.fullmatch(rf"\s*{k}\s*/\s*36\s*", text_):
            return True, tr(
                "Right: {answer} is the same chance. Over 36 it is {k}/36: {k} of the 36 outcomes make {total}.",
                answer=text_,
                k=k,
                total=total,
            )
        if given == p:
            return True, tr("Right: {k} of the 36 outcomes make {total}, so the chance is {k}/36.", k=k, total=total)
        if given == Fraction(1, 11):
            return False, tr(
                "There are 11 totals, but they are not equally likely. Count the outcomes (first die, "
                "second die) that make {total}.",
                total=total,
            )
        if given * 36 == unordered and unordered != k:
            return False, tr(
                "You counted each pair of numbers once. (3, 6) and (6, 3) are different outcomes: "
                "first die, second die."
            )
        m = re.fullmatch(r"\s*(\d+)\s*/\s*6\s*", text_)
        if m and int(m.group(1)) == k:
            return False, tr(
                "You found the {k} outcomes, but divided by 6. Two dice have 6 × 6 = 36 outcomes, all "
                "equally likely: the chance is {k}/36.",
                k=k,
            )
        m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text_)
        if m and int(m.group(1)) == k and int(m.group(2)) != 36:
            return False, tr(
                "You found the {k} outcomes, but divided by {d}. A chance counts them out of all the outcomes: "
                "two dice have 36, all equally likely.",
                k=k,
                d=int(m.group(2)),
            )
        if (given * 36).denominator != 1:
            return False, tr("Two dice have 36 outcomes, all equally likely: write the chance as k/36.")
        return False, (
            tr("Too few outcomes: list every (first die, second die) that makes {total}.", total=total)
            if given < p
            else tr("Too many outcomes: check that each one you counted really makes {total}.", total=total)
        )

    return Exercise(
        tr("You roll two dice. What is the chance of a total of {total}? Write it as k/36.", total=total),
        check,
        hint=tr(
            "List the outcomes (first die, second die) that make {total}; count them; that "
            "count, out of 36, is the chance.",
            total=total,
        ),
        answer=f"{k}/36",
        solutions=list(dict.fromkeys([f"{k}/36", f"{p.numerator}/{p.denominator}"])),
        wrong=[str(k), "1/11", f"{unordered}/36", f"{k - 1}/36"]
        + ([f"{k}/{total}"] if Fraction(k, total) != p else []),
        key=f"chance {total}",
        leaks=(f"{k}/36", f"{k} of the 36", number(100 * k / 36, 1) + " %"),
    )


def roll_outcomes_exercise(open_tiles: Iterable[int] = (1, 2), stuck: bool = False) -> Exercise:
    """ "Count by hand: how many of the 36 outcomes let you cover a set (or, ``stuck``, end the turn)?".

    A wrong count is told what it is when the number itself says so (the other outcomes' count, the totals, the
    pairs counted once); any other count gets a reason true for every way to reach it — too few, that some outcomes
    are missing and how to go through the totals (never how many: that would give the answer); too many, what to
    check of each total counted — never a guess at which total was missed or added."""
    open_tiles = tuple(sorted(set(open_tiles)))
    good = [(a, b) for a, b in dice_outcomes() if bool(tiles_summing_to(a + b, open_tiles)) != stuck]
    n = len(good)
    what = tr("end your turn (no set fits)") if stuck else tr("let you cover a set")
    listing = (
        ", ".join(f"{a}+{b}" for a, b in good)
        if n <= 6
        else tr("the outcomes making {items}", items=tile_list(sorted({a + b for a, b in good})))
    )
    per_total = Counter(a + b for a, b in good)
    unordered = len({tuple(sorted(o)) for o in good})
    # the pair the "counted once" feedback names: two outcomes of this box's own count (a different die each)
    low, high = next(((a, b) for a, b in good if a < b), (1, 2))
    # a count too high is reached many ways (a total counted that does not belong, a total's outcomes counted
    # twice): the reason says what to check, true for every way, never one guessed total
    too_many = (
        tr(
            "Too many. Check each total you counted: does a set of open tiles make it? Then count its outcomes "
            "once each (first die, second die; a double once)."
        )
        if not stuck
        else tr(
            "Too many. Check each total you counted: is there really no set of open tiles that makes it? Then "
            "count its outcomes once each (first die, second die; a double once)."
        )
    )

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.exercise import parse_int

        k = parse_int(answer)
        if k == n:
            return True, tr("Right: {n} of 36 — {listing}.", n=n, listing=listing)
        if k == unordered == 36 - n and k < n:  # two slips give this number: name both, neither as the one
            return False, (
                tr(
                    "Too few: {k} is the count when ({a}, {b}) and ({b}, {a}) are taken as one outcome. They are "
                    "two outcomes — first die, second die. ({k} is also the number of outcomes that let you go "
                    "on: the question asks for the ones that end your turn.)",
                    k=k,
                    a=low,
                    b=high,
                )
                if stuck
                else tr(
                    "Too few: {k} is the count when ({a}, {b}) and ({b}, {a}) are taken as one outcome. They are "
                    "two outcomes — first die, second die. ({k} is also the number of outcomes that end your "
                    "turn: the question asks for the ones that let you go on.)",
                    k=k,
                    a=low,
                    b=high,
                )
            )
        if k == 36 - n:
            return False, (
                tr(
                    "You counted the outcomes that let you go on. The question asks for the other ones: "
                    "the outcomes that end your turn."
                )
                if stuck
                else tr(
                    "You counted the outcomes that end your turn. The question asks for the other ones: "
                    "the outcomes that let you go on."
                )
            )
        if k == unordered == len(per_total) and k < n:
            return False, tr(
                "Too few: {k} is the number of totals ({totals}), and also of pairs of numbers counted "
                "once. Count outcomes instead: ({a}, {b}) and ({b}, {a}) are different outcomes — first die, "
                "second die.",
                k=k,
                a=low,
                b=high,
                totals=tile_list(sorted(per_total)),
            )
        if k == len(per_total) and k != n:
            return False, tr(
                "You counted totals, not outcomes. Most totals are made by several outcomes (first die, "
                "second die): count the outcomes of each total."
            )
        if k > n:
            return False, too_many
        if k == unordered:  # what this number is, not a guess at which total was missed
            return False, tr(
                "Too few: {k} is the count when ({a}, {b}) and ({b}, {a}) are taken as one outcome. They are "
                "two outcomes — first die, second die.",
                k=k,
                a=low,
                b=high,
            )
        # how many are missing would give the answer away (the count plus the gap): say that some are, and where
        # to look — every total again, each with all its outcomes
        return False, tr(
            "Too few: some outcomes are missing. Go through the totals 2 to 12 again and ask for each: does a set "
            "of open tiles make it? Then count every outcome of the totals that {what}, in both orders (first die, "
            "second die; a double once).",
            what=what,
        )

    ex = Exercise(
        ntr(
            "Only tile {items} is open and you roll two dice. How many of the 36 outcomes {what}?",
            "Only tiles {items} are open and you roll two dice. How many of the 36 outcomes {what}?",
            len(open_tiles),
            items=tile_list(open_tiles),
            what=what,
        ),
        check,
        hint=tr(
            "First list the totals that some set of the open tiles makes, then count the outcomes for each total "
            "(first die, second die)."
        ),
        answer=str(n),
        solutions=[n],
        wrong=[n - 1, n + 1],
        key=f"outcomes {open_tiles} {stuck}",
        leaks=(tr("{n} of 36", n=n), tr("{n} of the 36", n=n)),
    )
    ex.similar = Similar(question="stuck" if stuck else "outcomes")  # a similar one counts the same outcomes
    return ex


def go_on_chances(open_tiles: Iterable[int]) -> dict[int, Fraction]:
    """For one die and for two: the chance that the roll lets you cover a set of ``open_tiles`` (go on)."""
    open_tiles = tuple(sorted(set(open_tiles)))
    out = {}
    for n in (1, 2):
        dist = sum_distribution(n)
        out[n] = sum((p for t, p in dist.items() if tiles_summing_to(t, open_tiles)), Fraction(0))
    return out


def go_on_dice_exercise(open_tiles: Iterable[int] = (1, 2, 3), rules: Rules | None = None) -> Exercise:
    """ "One die or two: which lets you go on more often?" for a box where the rules let you choose — three
    choices, the third "the same either way" (the belief that the number of dice does not matter).

    The right choice is told how many outcomes let you go on: one die out of 6, two dice out of 36 (and the first
    out of 36 too, so the two compare).  A wrong choice is told what to count and compare, never the counts (so a
    second try among the two choices left is still a thought-out answer).  Refused when the rules give no choice or
    the chances tie."""
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(open_tiles)))
    if rules.dice_options(mask_of(open_tiles)) != (1, 2):
        raise ValueError(
            tr("tiles {items}: the rules give no choice of one die or two here", items=tile_list(open_tiles))
        )
    chances = go_on_chances(open_tiles)
    if chances[1] == chances[2]:
        raise ValueError(tr("tiles {items}: one die and two dice go on equally often", items=tile_list(open_tiles)))
    better = 1 if chances[1] > chances[2] else 2
    names = {1: tr("one die"), 2: tr("two dice"), 0: tr("the same either way")}
    one, two = int(chances[1] * 6), int(chances[2] * 36)
    worded = tr(
        "One die goes on with {one} of its 6 outcomes, that is {one36} of 36; two dice go on with {two} of "
        "their 36 outcomes.",
        one=one,
        one36=one * 6,
        two=two,
    )
    # a wrong choice is told why without the counts: with both counts printed, the second try could not fail
    explanations = {
        names[better]: tr("Right. {said}", said=worded),
        names[3 - better]: tr(
            "Not the better one. Count the outcomes that let you go on for each. Then write one die's count out "
            "of 36 (1 in 6 is 6 in 36) and compare."
        ),
        names[0]: tr(
            "No: the number of dice changes which totals can come up, and how often. Count the outcomes that let "
            "you go on for one die and for two."
        ),
    }
    return Exercise(
        tr(
            "Tiles {items} are open, and 7, 8 and 9 are covered, so you may roll one die or two. Which "
            "lets you go on (cover a set) more often?",
            items=tile_list(open_tiles),
        ),
        choice_checker(names[better], explanations),
        hint=tr(
            "One die: which of the totals 1 to 6 can the open tiles make? Two dice: count the 36 "
            "outcomes as before. Compare them out of 36 (one die's 1 in 6 is 6 in 36)."
        ),
        answer=names[better],
        solutions=[names[better]],
        choices=[names[1], names[2], names[0]],
        wrong=[names[3 - better], names[0]],
        key=f"go on dice {open_tiles}",
    )


def fewest_one_die_rolls(open_tiles: Iterable[int]) -> int:
    """The fewest rolls of one die that could cover every open tile: each roll covers a set adding up to 6 or
    less (``(2, 5)`` → 2, a roll each; ``(1, 2, 3, 6)`` → 2, since one 6 covers 1 + 2 + 3).  A tile above 6 can
    never be covered by one die: ValueError."""
    tiles = tuple(sorted(open_tiles))
    if any(t > 6 for t in tiles):
        raise ValueError(tr("one die never covers a tile above 6"))
    best = len(tiles)

    def place(i: int, bins: list[int]) -> None:
        nonlocal best
        if len(bins) >= best:
            return
        if i == len(tiles):
            best = len(bins)
            return
        for j in range(len(bins)):
            if bins[j] + tiles[i] <= 6:
                bins[j] += tiles[i]
                place(i + 1, bins)
                bins[j] -= tiles[i]
        bins.append(tiles[i])
        place(i + 1, bins)
        bins.pop()

    if tiles:
        place(0, [])
    return best if tiles else 0


ONE_ROLL_TILES = (2, 5)
"""Lesson 3's exercise 9: two tiles whose total two dice make but one die does not."""


def one_roll_shut_exercise(open_tiles: Iterable[int] = ONE_ROLL_TILES) -> Exercise:
    """ "How many of the 36 outcomes of two dice shut the box with this one roll?" — counted on the pupil's grid.

    Only the total of every open tile covers them all at once.  The right answer then says why this matters for
    the dice: one die never makes more than 6, so it needs a roll per tile, and each roll can end the turn.  Each
    common slip has its own reason: the outcomes that let you go on, the ones that cover one tile only, a pair of
    numbers counted once, none (true for one die only).  Refused when no roll of two dice can shut the box
    (the open tiles add up to less than 2 or more than 12)."""
    open_tiles = tuple(sorted(set(open_tiles)))
    total = sum(open_tiles)
    if not open_tiles or not 2 <= total <= 12:
        raise ValueError(
            tr(
                "tiles {items}: they add up to {total}, which no roll of two dice makes",
                items=tile_list(open_tiles) or tr("nothing"),
                total=total,
            )
        )
    shut = [(a, b) for a, b in dice_outcomes() if a + b == total]
    n = len(shut)
    go_on = sum(1 for a, b in dice_outcomes() if tiles_summing_to(a + b, open_tiles))
    unordered = len({tuple(sorted(o)) for o in shut})
    low, high = next(((a, b) for a, b in shut if a < b), shut[0])
    listing = ", ".join(f"{a}+{b}" for a, b in shut)
    rolls = fewest_one_die_rolls(open_tiles)
    if total <= 6 or len(open_tiles) < 2:
        one_die = ""
    elif rolls == len(open_tiles):
        one_die = " " + tr(
            "One die never makes more than 6, so with one die these tiles need a roll each, and each roll can "
            "end the turn."
        )
    else:
        one_die = " " + tr(
            "One die never makes more than 6, so with one die these tiles need at least {k} rolls, and each "
            "roll can end the turn.",
            k=rolls,
        )

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.exercise import parse_int

        k = parse_int(answer)
        if k == n:
            return True, tr(
                "Right: {n} of 36 — {listing}. Only a total of {total} covers {items} at once.",
                n=n,
                listing=listing,
                total=total,
                items=tile_list(open_tiles),
            ) + one_die
        if k == total and k != go_on:
            return False, tr(
                "{total} is the total that covers every open tile. Now count how many of the 36 outcomes make "
                "that total: find it on your grid.",
                total=total,
            )
        if k == go_on:
            return False, tr(
                "You counted the outcomes that let you go on. To shut the box, this one roll must cover every "
                "open tile, not just one of them."
            )
        if k == go_on - n and k > 0:
            return False, tr(
                "You counted the outcomes that cover some of the open tiles. They leave a tile open: the box is "
                "shut only when the roll covers every open tile."
            )
        if k == unordered and k < n:
            return False, tr(
                "Too few: {k} is the count when ({a}, {b}) and ({b}, {a}) are taken as one outcome. They are "
                "two outcomes — first die, second die.",
                k=k,
                a=low,
                b=high,
            )
        if k == 0:
            return False, tr(
                "Two dice make totals from 2 to 12, so some outcomes make the total of every open tile. Find "
                "that total on your grid and count its outcomes."
            )
        if k > n:
            return False, tr("Too many: only one total covers every open tile at once.")
        return False, tr(
            "Too few. Count every outcome (first die, second die) whose total covers every open tile at once."
        )

    return Exercise(
        tr(
            "Tiles {items} are open and you roll two dice. In how many of the 36 outcomes does this one roll "
            "shut the box?",
            items=tile_list(open_tiles),
        ),
        check,
        hint=tr(
            "To shut the box with one roll, the roll must cover every open tile. Which total does that? Count "
            "its outcomes on your grid."
        ),
        answer=str(n),
        solutions=[n],
        wrong=sorted({go_on, go_on - n, unordered, 0} - {n}),
        key=f"one roll shut {open_tiles}",
        # the listing of the outcomes, or the count with a space before it ("36 of 36" is another count)
        leaks=(listing, " " + tr("{n} of 36", n=n), " " + tr("{n} of the 36", n=n)),
    )


def go_on_outcomes(open_tiles: Iterable[int]) -> int:
    """How many of the 36 outcomes of two dice some set of ``open_tiles`` can still take (lesson 3's count of the
    outcomes that let you go on); 36 for a shut box, where nothing is left to take."""
    open_tiles = tuple(sorted(set(open_tiles)))
    if not open_tiles:
        return 36
    return sum(6 - abs(t - 7) for t in range(2, 13) if tiles_summing_to(t, open_tiles))


def outcomes_rule_set(open_tiles: Iterable[int], roll: int) -> tuple[int, ...] | None:
    """The set lesson 4's rule of thumb picks: the one whose leftover tiles can take the most outcomes of two dice
    (:func:`go_on_outcomes`), largest tile first; None when two sets tie for the most (the rule does not decide).
    A heuristic: the page names the positions it finds, and a test checks each against the exact table.
    ValueError when no set makes the roll."""
    open_tiles = tuple(sorted(set(open_tiles)))
    sets = [tuple(sorted(st, reverse=True)) for st in tiles_summing_to(roll, open_tiles)]
    if not sets:
        raise ValueError(tr("tiles {items}: no set makes {roll}", items=tile_list(open_tiles), roll=roll))
    counts = {st: go_on_outcomes(t for t in open_tiles if t not in st) for st in sets}
    most = max(counts.values())
    chosen = [st for st, c in counts.items() if c == most]
    return chosen[0] if len(chosen) == 1 else None
