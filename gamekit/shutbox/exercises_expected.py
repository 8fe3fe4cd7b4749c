"""Lesson 4's expected-score exercises (one tile, then two tiles left) and the feedback on a typed decimal."""

from __future__ import annotations

import re

from fractions import Fraction
from typing import Any

from gamekit.i18n import number, tr
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.tiles import mask_of
from gamekit.shutbox.tiles import two_dice_probability
from gamekit.shutbox.strategy import table
from gamekit.widgets.exercise import Exercise, choice_checker
from gamekit.shutbox.lesson_words import chance_words_tenths, decimal_feedback, exact_score, parse_decimal


EXPECTED_EXAMPLE_TILE = 9
"""The tile of lesson 4's worked example just above exercise 1 (only 9 open: expected score 8)."""

EXPECTED_EXERCISE_TILE = 7
"""Lesson 4: the one-tile state whose expected score the pupils compute (the page's trees are 9 and 8, 9)."""


def expected_score_exercise(tile: int = EXPECTED_EXERCISE_TILE, rules: Rules | None = None) -> Exercise:
    """ "Only ``tile`` is open: what is the expected score?", computed by the pupil with a two-branch tree.

    Right: the exact value, as a fraction or with one or two decimals (one when it tells the value from every slip:
    5.8); the value rounded more (6) is refused as a form, without using up a try.  Wrong answers told why: the
    number of outcomes that make the tile (unless the value rounds to it: then it reads as a rounding), the score if
    you miss (forgot the branch that shuts the box), the shutting branch alone, the chance of missing instead of the
    score, and the roll's chance miscounted."""
    rules = rules or Rules()
    m = mask_of((tile,))
    if tile not in range(2, 10) or rules.dice_options(m) != (2,):
        raise ValueError(
            tr("tile {tile}: give a tile that two dice can make and that needs two dice to be rolled", tile=tile)
        )
    p = two_dice_probability(tile)
    value = table(rules, "score").value(m)  # (1 − p) × tile: the tree the pupil draws
    k = p * 36

    def check(answer: Any) -> tuple[bool, str]:
        given, decimals = parse_decimal(answer)
        slips = [
            (
                Fraction(k),
                tr(
                    "{k} is the number of outcomes that make {tile}, not a score. Those {k} outcomes "
                    "score 0; the others score {tile}.",
                    k=k,
                    tile=tile,
                ),
            )
        ] * (abs(value - k) > Fraction(1, 2))  # when the value rounds to k, "k" is likelier a rounding: not a slip
        slips += [
            (
                Fraction(tile),
                tr(
                    "{tile} is the score when the roll misses. But {k} of the 36 outcomes make "
                    "{tile} and shut the box, with score 0: weight each branch by its chance.",
                    tile=tile,
                    k=k,
                ),
            ),
            (
                p * tile,
                tr(
                    "That is the branch that shuts the box, but its score is 0. The score {tile} comes "
                    "with the other outcomes.",
                    tile=tile,
                ),
            ),
            (1 - p, tr("That is the chance of missing. Multiply it by the score you get then, {tile}.", tile=tile)),
        ]
        example = table(rules, "score").value(mask_of((EXPECTED_EXAMPLE_TILE,)))
        if tile != EXPECTED_EXAMPLE_TILE and all(example != target for target, _ in slips):
            slips.append(
                (
                    example,
                    tr(
                        "{example} is the expected score of the example above, with only {nine} open. Here tile "
                        "{tile} is open, and a different number of the 36 outcomes make {tile}: count them and "
                        "draw its own tree.",
                        example=int(example) if example.denominator == 1 else exact_score(example),
                        nine=EXPECTED_EXAMPLE_TILE,
                        tile=tile,
                    ),
                )
            )
        slips += [
            (
                Fraction(36 - j, 36) * tile,
                tr("Check how many of the 36 outcomes make {tile}: you used {j}.", tile=tile, j=j),
            )
            for j in range(1, 12)
            if j != k
        ]
        return decimal_feedback(
            given,
            decimals,
            value,
            tr(
                "Right: {k} of 36 rolls shut the box (score 0) and the other {rest} leave {tile}: "
                "{rest}/36 × {tile} = {value}.",
                k=k,
                rest=36 - k,
                tile=tile,
                value=exact_score(value),
            ),
            slips,
            tr(
                "Draw the tree: one branch for the rolls that make {tile} (score 0), one for the rest "
                "(score {tile}). Multiply each score by its chance and add.",
                tile=tile,
            ),
            one_decimal=True,
        )

    return Exercise(
        tr(
            "Only tile {tile} is open, so you roll two dice. What is the expected score? Give it "
            "with one or two decimals, or as a fraction.",
            tile=tile,
        ),
        check,
        hint=tr("How many of the 36 outcomes make {tile}? Those shut the box.", tile=tile),
        answer=exact_score(value),
        solutions=[str(value), number(float(value), 2)],
        wrong=[
            str(tile),
            number(float(p * tile), 2),
            number(float(1 - p), 2),
            number(float(Fraction(36 - k + 1, 36) * tile), 2),
        ],
        key=f"expected score {tile}",
        leaks=(str(value), number(float(value), 2)),
    )


TWO_TILE_EXERCISE = (7, 9)
"""Lesson 4, exercise 2: tiles 7 and 9 open.  A roll of 7 leaves the 9 (expected score 8, the page's first tree),
a roll of 9 leaves the 7 (exercise 1's answer), every other roll ends the turn with 16."""


def two_tile_expected_exercise(tiles: tuple[int, int] = TWO_TILE_EXERCISE, rules: Rules | None = None) -> Exercise:
    """ "Tiles ``a`` and ``b`` are open: what is the expected score?", the pupil's own three-branch tree: a roll of
    ``a`` leaves ``b`` (whose expected score the page gives), a roll of ``b`` leaves ``a``, the rest end the turn.

    Right: the exact value (the table's), as a fraction or to one or two decimals.  Wrong answers told why: the tile
    left scored as if the turn ended there (its face value, not its expected score), the one-tile branches
    scored 0, the two rolls' chances swapped, and the score of a miss alone."""
    rules = rules or Rules()
    if (
        not isinstance(tiles, tuple)
        or len(tiles) != 2
        or any(t not in range(2, 10) for t in tiles)
        or tiles[0] >= tiles[1]
        or sum(tiles) <= 12
    ):
        raise ValueError(
            tr("tiles {tiles!r}: give two tiles from 2 to 9, smallest first, that no roll covers together", tiles=tiles)
        )
    a, b = tiles
    score = table(rules, "score")
    if rules.dice_options(mask_of((a,))) != (2,) or rules.dice_options(mask_of((b,))) != (2,):
        raise ValueError(tr("tiles {tiles!r}: each tile left alone must need two dice", tiles=tiles))
    pa, pb = two_dice_probability(a), two_dice_probability(b)
    va, vb = score.value(mask_of((a,))), score.value(mask_of((b,)))
    value = score.value(mask_of(tiles))
    rest = 1 - pa - pb
    mistakes = {
        "face": pa * b + pb * a + rest * (a + b),
        "zero": rest * (a + b),
        "swapped": pb * vb + pa * va + rest * (a + b),
    }

    def near(x: Fraction, y: Fraction) -> bool:
        return abs(x - y) < Fraction(1, 100)

    def short(v: Fraction) -> str:
        return str(v) if v.denominator == 1 else number(float(v), 2)

    def check(answer: Any) -> tuple[bool, str]:
        given, decimals = parse_decimal(answer)
        slips = [
            (
                Fraction(a + b),
                tr(
                    "{total} is the score when the roll misses both tiles. Some rolls cover one of "
                    "them: weight each branch by its chance and add.",
                    total=a + b,
                ),
            ),
            (
                mistakes["face"],
                tr(
                    "After a roll of {a}, the {b} is left, but the turn goes on: use its expected "
                    "score, {vb}, not {b}. The same for the {a} left after a roll of {b}.",
                    a=a,
                    b=b,
                    vb=short(vb),
                ),
            ),
            (
                mistakes["zero"],
                tr(
                    "A roll of {a} or {b} covers one tile, but the other one stays open: those "
                    "branches end with the expected score of the tile left, not 0.",
                    a=a,
                    b=b,
                ),
            ),
            (
                mistakes["swapped"],
                tr(
                    "Check which roll leaves which tile: {ka} outcomes make {a} and leave the "
                    "{b}; {kb} make {b} and leave the {a}.",
                    ka=pa * 36,
                    a=a,
                    b=b,
                    kb=pb * 36,
                ),
            ),
        ]
        return decimal_feedback(
            given,
            decimals,
            value,
            tr(
                "Right: {ka}/36 × {vb} + {kb}/36 × {va} + {krest}/36 × {total} = {value}.",
                ka=pa * 36,
                vb=short(vb),
                kb=pb * 36,
                va=short(va),
                krest=rest * 36,
                total=a + b,
                value=exact_score(value),
            ),
            slips,
            tr(
                "Draw three branches: a roll of {a}, a roll of {b}, every other roll. Multiply each "
                "branch's score by its chance and add.",
                a=a,
                b=b,
            ),
            one_decimal=True,
        )

    return Exercise(
        tr(
            "Tiles {a} and {b} are open, and no roll covers both. What is the expected score? Give it with "
            "one or two decimals, or as a fraction.",
            a=a,
            b=b,
        ),
        check,
        hint=tr(
            "Three branches: a roll of {a} leaves the {b}, a roll of {b} leaves the {a}, any "
            "other roll ends the turn with {total}. Use the expected scores you know for one "
            "tile.",
            a=a,
            b=b,
            total=a + b,
        ),
        answer=exact_score(value),
        solutions=[str(value), number(float(value), 2)],
        wrong=[number(float(m), 2) for m in mistakes.values()] + [str(a + b)],
        key=f"expected score {tiles}",
        leaks=(str(value), number(float(value), 2)),
    )


def expected_score_words() -> str:
    """What a position, the expected score and a tree are, as lesson 4's page says them, as a Markdown box for its
    worksheet (current language)."""
    lines = [
        tr("Words of this lesson"),
        tr("A position is the set of tiles still open at a moment of the game."),
        tr(
            "The expected score of a position is the average score you would get if you played it many, "
            "many times, as well as possible."
        ),
        tr(
            "A tree has one branch for each way the next roll can go. Multiply the score at the end of "
            "each branch by the chance of that branch, then add: that is the expected score."
        ),
    ]
    return "> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:])


NEAR_TENTH = Fraction(1, 10)
"""Exercise 3 (turns in 100, one decimal asked): a number typed with more decimals, not all right, is told "nearly:
check your last decimal" only when it is at most this far from the exact value (2.32 or 2.30 for 2.31…)."""

TWO_ROLLS_EXERCISE = (7, 8)
"""Lesson 4's warm-up on the multiplication rule alone, before the exercises that use it: a roll of 7, then a
roll of 8 (6/36 × 5/36, about 2.3 turns in 100: it is about one turn, so "turns", not "games").  No set of the
later exercises leaves tiles 7 and 8."""


def two_rolls_exercise(rolls: tuple[int, int] = TWO_ROLLS_EXERCISE) -> Exercise:
    """ "In about how many turns in 100 do the next two rolls make ``first`` and then ``second``? Give one
    decimal." — the chance of one roll and then another is the product of their chances (two dice each time).  Asked
    in turns in 100 (the page's "turns in 100", said of one turn), with one decimal: the product is a small chance.

    Right: the product, times 100, rounded to one decimal as asked (or with more decimals, each one right: 2.31
    for 2.3148…).  Wrong answers told why (typed with one decimal, or rounded to a whole number): the product of
    the page's rounded chances (turns in 100 each: 17 × 14 gives 2.4, rounding too early), the two chances added
    instead of multiplied, one factor forgotten (each roll's chance alone), the product rounded to whole turns (typed
    with a decimal, like "2.0", it has the decimal asked for: told it is too low or too high), and
    the 6 × 5 pairs of rolls that work counted without dividing by the 36 × 36 pairs.
    The chance itself (0.023, or a fraction) is told to give turns in 100.  Refused: a roll two dice cannot make
    (ValueError naming it)."""
    first, second = rolls
    for total in rolls:
        if not isinstance(total, int) or isinstance(total, bool) or not 2 <= total <= 12:
            raise ValueError(tr("roll {roll}: two dice make totals from 2 to 12", roll=total))
    p, q = two_dice_probability(first), two_dice_probability(second)
    value = p * q
    tenths = round(1000 * value)  # turns in 100, in tenths of a turn: 23 is 2.3 turns in 100
    a, b = int(36 * p), int(36 * q)

    def shown(t: int) -> str:
        return number(t / 10, 1) if t % 10 else str(t // 10)

    whole = 10 * round(100 * value)  # the product rounded to whole turns, in tenths
    whole_why = tr("Near, but you rounded to whole turns. The chance is small: give it with one decimal, like 1.5.")
    slips = {
        round(1000 * (p + q)): tr(
            "You added the chances. For one roll and then another, both must happen: multiply them, {a}/36 × {b}/36.",
            a=a,
            b=b,
        ),
        round(1000 * p): tr(
            "That is the chance of the first roll alone: {a} of the 36 outcomes make {first}. The second roll "
            "must make {second} too: multiply by its chance, {b}/36.",
            a=a,
            b=b,
            first=first,
            second=second,
        ),
        round(1000 * q): tr(
            "That is the chance of the second roll alone: {b} of the 36 outcomes make {second}. The first roll "
            "must make {first} too: multiply by its chance, {a}/36.",
            a=a,
            b=b,
            first=first,
            second=second,
        ),
        whole: whole_why,
        10 * a * b: tr(
            "{n} pairs of rolls work ({a} × {b}), but there are 36 × 36 = {all} pairs of rolls in all. How many "
            "turns in 100 is that?",
            n=a * b,
            a=a,
            b=b,
            all=number(36 * 36),
        ),
    }
    # the page's table rounds each chance to turns in 100 (7: about 17, 8: about 14): multiplying those rounds too
    # early, and the page says to round only at the end
    table_tenths = round(10 * round(100 * p) * round(100 * q) / 100)
    slips = {
        table_tenths: tr(
            "Close, but you rounded too early: {pa} and {pb} in 100 are rounded chances. Keep fractions of 36, "
            "{a}/36 × {b}/36, and round only at the end.",
            pa=round(100 * p),
            pb=round(100 * q),
            a=a,
            b=b,
        ),
        **slips,
    }
    # the worked example's branch, 3 then 6 (about 0.8 turns in 100), typed instead of this one
    example = Fraction(2, 36) * Fraction(5, 36)
    example_why = tr(
        "That is the worked example's value: 3 then 6 is 2/36 × 5/36. Here the rolls are {first} then {second}: "
        "{a}/36 × {b}/36.",
        first=first,
        second=second,
        a=a,
        b=b,
    )
    slips.setdefault(round(1000 * example), example_why)
    slips.pop(tenths, None)
    wrong = list(slips)
    # the worked example's value rounded to whole turns (0.8 becomes 1) is not that value: its own reason
    example_whole = 10 * round(round(1000 * example) / 10)
    if example_whole != tenths and example_whole not in slips:
        slips[example_whole] = tr(
            "Too low. {whole} is the worked example's value rounded to a whole number: 3 then 6 is 2/36 × 5/36, "
            "about {example} turns in 100. Here the rolls are {first} then {second}: {a}/36 × {b}/36. Give one "
            "decimal.",
            whole=example_whole // 10,
            example=shown(round(1000 * example)),
            first=first,
            second=second,
            a=a,
            b=b,
        )
    # a slip typed as a whole number (31 for 30.6) is told the same reason
    for t in wrong:
        if 10 * round(t / 10) != tenths:
            slips.setdefault(10 * round(t / 10), slips[t])

    def check(answer: Any) -> tuple[bool, str]:
        typed = re.sub(r"\s*%$", "", str(answer).strip())  # 2.3 % is 2.3 turns in 100, as lesson 4's other answers
        if re.fullmatch(r"0[.,]0\d*", typed, re.ASCII) or "/" in typed:
            # "0.023" or "30/1296" is the chance itself, not a number of turns
            return False, tr(
                "{answer} is a chance, not a number of turns. How many turns in 100 is that?", answer=typed
            )
        try:
            typed_value, decimals = parse_decimal(typed)
        except ValueError as error:
            return False, str(error)
        given = round(10 * typed_value)
        if decimals is not None and decimals > 1 and round(100 * value, decimals) != typed_value:
            # more decimals than asked and not all right: a slip's own reason (2.38 is 17 × 14, 0.77 the worked
            # example); only a number close to the exact value is "nearly"; anything else is judged as usual
            if given != tenths and given in slips:
                return False, slips[given]
            if abs(typed_value - 100 * value) <= NEAR_TENTH:
                return False, tr("Nearly: check your last decimal, or give one decimal, as asked.")
        if given == tenths:
            return True, tr(
                "Right: {a}/36 × {b}/36 is about {games} turns in 100. A roll of {first} and then a roll of "
                "{second} is rarer than either roll alone.",
                a=a,
                b=b,
                games=shown(tenths),
                first=first,
                second=second,
            )
        if given == whole and decimals and whole != tenths and slips.get(given) == whole_why:
            # a whole number typed with a decimal ("2.0") has the one decimal asked for: judge its value
            return False, (
                tr(
                    "Too low: {a}/36 × {b}/36 of 100 is more than {answer}. Work out the first decimal, and round "
                    "only at the end.",
                    a=a,
                    b=b,
                    answer=typed,
                )
                if whole < tenths
                else tr(
                    "Too high: {a}/36 × {b}/36 of 100 is less than {answer}. Work out the first decimal, and round "
                    "only at the end.",
                    a=a,
                    b=b,
                    answer=typed,
                )
            )
        if given in slips:
            return False, slips[given]
        return False, tr(
            "Not quite. Find each roll's chance as a number of outcomes out of 36, multiply the two chances, then "
            "take that share of 100."
        )

    return Exercise(
        tr(
            "Tiles {first} and {second} are open. In about how many turns in 100 do the next two rolls make "
            "{first} and then {second}? Two dice are rolled each time. Give one decimal.",
            first=first,
            second=second,
        ),
        check,
        hint=tr(
            "How many of the 36 outcomes make {first}? How many make {second}? Multiply the two chances, as for "
            "3 then 6 above.",
            first=first,
            second=second,
        ),
        answer=shown(tenths),
        solutions=[shown(tenths)],
        wrong=[shown(t) for t in wrong],
        key=f"two rolls {first} {second}",
        leaks=(chance_words_tenths(value), tr("about {n} turns in 100", n=shown(tenths))),
    )


def expected_meaning_exercise(tile: int = EXPECTED_EXAMPLE_TILE) -> Exercise:
    """ "With only ``tile`` open the expected score is E. What does that mean?" — lesson 4's quick check of the first
    objective, on the page's first tree (two dice every time).  Four statements, one right (the average over many
    turns); each wrong one is told why with the tree's numbers: one turn scores 0 or ``tile``, never E; E is points
    left open, not a roll (the likeliest roll is 7); E is an average score, not a count of outcomes that shut."""
    rules = Rules(one_die="never")
    m = mask_of((tile,))
    if tile not in range(2, 10):
        raise ValueError(tr("tile {tile}: give a tile that two dice can make", tile=tile))
    value = table(rules, "score").value(m)
    shown = str(int(value)) if value.denominator == 1 else exact_score(value)
    k = int(two_dice_probability(tile) * 36)
    right = tr("If you play this position many times, the scores average {value}.", value=shown)
    one_turn = tr("This turn will end with a score of {value}.", value=shown)
    a_roll = tr("{value} is the roll you will most likely get.", value=shown)
    a_count = tr("You shut the box in {value} of the 36 outcomes.", value=shown)
    explanations = {
        right: tr(
            "Right: each turn ends with 0 or {tile}, and {k}/36 × 0 + {rest}/36 × {tile} = {value} is their average "
            "over many turns.",
            tile=tile,
            k=k,
            rest=36 - k,
            value=shown,
        ),
        one_turn: tr(
            "No: a turn from here ends with 0 (a roll of {tile}) or {tile} (any other roll). No single turn scores "
            "{value}.",
            tile=tile,
            value=shown,
        ),
        a_roll: tr(
            "No: the expected score is about the points left open, not about the roll. The likeliest roll of two "
            "dice is 7."
        ),
        a_count: tr(
            "No: {k} of the 36 outcomes make {tile} and shut the box. {value} is an average score, not a count of "
            "outcomes.",
            k=k,
            tile=tile,
            value=shown,
        ),
    }
    choices = [one_turn, right, a_count, a_roll]
    return Exercise(
        tr("With only tile {tile} open, the expected score is {value}. What does that mean?", tile=tile, value=shown),
        choice_checker(right, explanations),
        hint=tr("Look at the tree: which scores can one turn end with?"),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[c for c in choices if c != right],
        key=f"expected meaning {tile}",
    )
