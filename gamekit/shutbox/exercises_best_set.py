"""Lesson 4's best-set exercises: the best set, what each set leaves, why the goals disagree, the challenge."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, Callable, Iterable, Sequence

from gamekit.i18n import ntr, number, ptr, tr
from gamekit.shutbox.tiles import TILES, mask_of, tiles_summing_to, two_dice_probability
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.simulation import dice_outcomes
from gamekit.shutbox.strategy import table
from gamekit.shutbox.trees import table_rounded_chance
from gamekit.widgets.exercise import Exercise
from gamekit.shutbox.exercises_sets import parse_sets
from gamekit.shutbox.lesson_tables import FILL_RULES, worked_leftovers
from gamekit.shutbox.lesson_words import chance_words, covered_reason, exact_chance, exact_score, parse_decimal
from gamekit.shutbox.lesson_words import decimal_feedback, fraction_reason, other_set_slips, refuse_typed_tiles
from gamekit.shutbox.lesson_words import parse_whole, tile_list


@dataclass(frozen=True)
class SetChoice:
    """The position of a "which set?" exercise: the open tiles, the roll and the goal."""

    open_tiles: tuple[int, ...]
    roll: int
    objective: str = "shut"

    def legal_moves(self) -> list[str]:
        """Every set that makes the roll, as typed answers ("8+1")."""
        return ["+".join(map(str, s)) for s in tiles_summing_to(self.roll, self.open_tiles)]

    def __str__(self) -> str:
        """The box drawn for paper (a worksheet): each tile 1–9, a covered one as [·], then the roll."""
        tiles = " ".join(f"[{t}]" if t in self.open_tiles else "[·]" for t in TILES)
        return tiles + "\n" + tr("[·] = covered tile · roll: {roll}", roll=self.roll)


def one_legal_set(answer: Any, open_tiles: Iterable[int], roll: int) -> tuple[int, ...] | None:
    """The one set ``answer`` types (largest tile first) when it makes ``roll`` from ``open_tiles``; None for several
    sets, another total or a covered tile (the "which set?" checker's own reasons)."""
    sets = parse_sets(answer)
    if len(sets) != 1 or sum(sets[0]) != roll or any(x not in set(open_tiles) for x in sets[0]):
        return None
    return sets[0]


BEST_SET_POSITIONS = [
    ((1, 2, 3, 4, 5, 6, 7, 8, 9), 9, "shut"),
    ((1, 2, 3, 4, 5, 7, 8), 8, "shut"),
    ((1, 2, 3, 4, 6), 7, "shut"),
    ((1, 4, 5, 8), 9, "score"),
]


def best_set_exercise(
    uncovered: Iterable[int], roll: int, objective: str = "shut", rules: Rules | None = None
) -> Exercise:
    """ "Pick the best set here", checked against the exact table (ties: any best set is right)."""
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(uncovered)))
    t = table(rules, objective)
    m = mask_of(open_tiles)
    options = t.set_values(m, roll)
    if not options:
        raise ValueError(tr("no set of {open_tiles} makes {roll}", open_tiles=open_tiles, roll=roll))
    best_v = (min if objective == "score" else max)(v for _, v in options)
    best = [s for s, v in options if v == best_v]

    def plain(v: Fraction) -> str:  # what the pupil reads: "about 13 turns in 100", "about 8.3"
        return chance_words(v) if objective == "shut" else tr("about {score}", score=number(float(v), 1))

    def name(tiles: Sequence[int]) -> str:
        return "+".join(map(str, tiles))

    def check(answer: Any) -> tuple[bool, str]:
        sets = parse_sets(answer)
        if len(sets) != 1:
            raise ValueError(
                tr(
                    "“{answer}” is not one set: type one set, its tiles with + between them.",
                    answer=str(answer).strip(),
                )
            )
        s = sets[0]
        if sum(s) != roll:
            left_by = [o for o, _ in options if sorted(s) == [x for x in open_tiles if x not in o]]
            if left_by:  # the tiles a set leaves, typed for the set: a slip of what to type, not a choice
                raise ValueError(
                    ntr(
                        "{items} is the tile {set} leaves open. Type the tiles you cover, with + between them.",
                        "{items} are the tiles {set} leaves open. Type the tiles you cover, with + between them.",
                        len(s),
                        items=tile_list(sorted(s)),
                        set=name(left_by[0]),
                    )
                )
            return False, tr("{items} makes {sum}, not {roll}.", items=name(s), sum=sum(s), roll=roll)
        if covered := covered_reason(s, open_tiles):
            return False, covered
        v = t.value(m ^ mask_of(s))
        rest = [f"{name(o)} → {plain(w)}" for o, w in options if o not in best]
        others = ptr("between items in a list", ", ").join(rest)
        if s in best:
            if objective == "shut":
                return True, ntr(
                    "Right: {items} is best. What it leaves shuts the box in {value}. The other set: {others}.",
                    "Right: {items} is best. What it leaves shuts the box in {value}. The other sets: {others}.",
                    len(rest),
                    items=name(s),
                    value=plain(v),
                    others=others,
                )
            return True, ntr(
                "Right: {items} is best. It leaves an expected score of {value}. The other set: {others}.",
                "Right: {items} is best. It leaves an expected score of {value}. The other sets: {others}.",
                len(rest),
                items=name(s),
                value=plain(v),
                others=others,
            )
        if objective == "shut":
            return False, tr(
                "Not the best. What {items} leaves shuts the box in {value}. Another set does better.",
                items=name(s),
                value=plain(v),
            )
        return False, tr(
            "Not the best. {items} leaves an expected score of {value}. Another set leaves less.",
            items=name(s),
            value=plain(v),
        )

    def exact(answer: Any) -> str:
        """Every set, what it leaves and its exact value, once solved or shown (it names the best set); "" else."""
        try:
            sets = parse_sets(answer)
        except ValueError:
            sets = []
        if len(sets) != 1:
            return ""
        return tr(
            "Each set, the tiles it leaves and their value: {table_text}.",
            table_text=ptr("between items in a list", "; ").join(
                tr(
                    "{set} leaves {left} → {value}",
                    set=name(o),
                    left=tile_list(x for x in open_tiles if x not in o) or tr("nothing"),
                    value=exact_chance(w) if objective == "shut" else exact_score(w),
                )
                for o, w in options
            ),
        )

    leaves = "; ".join(
        ntr(
            "{set} leaves tile {left} open",
            "{set} leaves tiles {left} open",
            len(open_tiles) - len(s),
            set=name(s),
            left=tile_list(x for x in open_tiles if x not in s),
        )
        if len(open_tiles) > len(s)
        else tr("{set} shuts the box", set=name(s))
        for s, _ in options
    )
    if objective == "score":
        hint = tr(
            "{leaves}. Work out the expected score of each position left, with a tree and the table's "
            "one-tile rows, and pick the lower.",
            leaves=leaves,
        )
    else:
        hint = tr(
            "{leaves}. For each position left, list the ways the next rolls can shut it, as in the worked "
            "example, and pick the position shut more often.",
            leaves=leaves,
        )
    always = " " + tr("You roll two dice every time.") if rules.one_die == "never" else ""
    return Exercise(
        tr(
            "Tiles {items} are open and you rolled {roll}. Which set is best to {value}?",
            items=tile_list(open_tiles),
            roll=roll,
            value=tr("shut the box") if objective == "shut" else tr("keep the score low"),
        )
        + always,
        check,
        hint=hint,
        answer=name(best[0]),
        solutions=[name(b) for b in best],
        wrong=[name(s) for s, _ in options if s not in best],
        position=SetChoice(open_tiles, roll, objective),
        key=f"best {open_tiles} {roll} {objective}",
        more=exact,
        more_label=tr("Compare every set"),
    )


# Lesson 4, exercises 4–5 and 7–8, then 9 on a new position: small positions (two dice always) whose sets leave one
# or two tiles, worked out from the table's one-tile rows and a short tree, as in the worked comparison.
SHUT_EXERCISE = ((1, 4, 6, 9), 10, "shut")
"""Exercises 4–5: 9+1 leaves tiles 4 and 6 (a roll of 10, or 4 then 6, or 6 then 4: about 11 turns in 100); 6+4
leaves 1 and 9 (only a roll of 10: about 8), since two dice never make 1."""

SCORE_EXERCISE = ((1, 3, 5, 7), 8, "score")
"""Exercises 7–8: 7+1 leaves 3 and 5 (expected score 6.12: a roll of 8 shuts them, a 5 or a 3 leaves the other);
5+3 leaves 1 and 7 (5.72: a 7 leaves the 1, which two dice never make).  The largest tile fails here."""

SHUT_CHOICE = ((2, 3, 5, 6, 8, 9), 11, "shut")
"""Lesson 4's exercise 5: 8+3 is best (about 4 turns in 100); no habit finds it (:mod:`~.rules_of_thumb`)."""

SCORE_CHOICE = ((1, 2, 3, 5, 6, 7), 8, "score")
"""Lesson 5's exercise 5: 6+2 is best (expected score 6.48); no habit finds it (:mod:`~.rules_of_thumb`)."""

CHALLENGE_POSITIONS = [((1, 2, 4, 6, 8, 9), 10, "score")]
"""The extension challenge (our lessons' rule): 8+4 to shut, not 9+2+1 (the largest tile), 7+5 (the closest
pair) nor a set of three or four tiles.  None of the four habits the page names finds it; the page's outcome-count
rule of thumb (:func:`gamekit.shutbox.exercises_dice.outcomes_rule_set`) does."""

EXERCISE_RULES = dict.fromkeys((SHUT_EXERCISE, SHUT_CHOICE, SCORE_EXERCISE, SCORE_CHOICE), FILL_RULES)
"""Exercises 4–9 are judged under the table's rules (two dice always); the challenge, the lessons' rule (default)."""


def leave_value_exercise(
    uncovered: Iterable[int], roll: int, cover: Iterable[int], objective: str = "shut", rules: Rules | None = None
) -> Exercise:
    """Lesson 4's method, one set at a time: "if you cover ``cover``, which tiles stay open, and how good is that
    position?" — the chance to shut it (whole turns in 100) or its expected score (two decimals or a fraction).

    It comes before the "which set is best?" question on the same position, so a habit (the largest tile) cannot
    pass it: the pupil must work out what each set leaves.  Right: the table's value (``objective``, ``rules``).
    Wrong answers told why: only the one roll that covers every tile left counted (shut), the count of outcomes
    out of 36 typed as turns in 100 (shut), the two rolls that cover two tiles left counted in one order only (shut),
    a roll that covers one of two tiles left counted as shutting, or counted alone, when the other tile is one no
    roll covers alone (tile 1 with two dice) (shut), one tile left read as another total's chance (tile 9's 4/36
    for tile 8) (shut), rounding early or cutting decimals (shut), the score if the turn ended now (score).
    Refused for a ``cover`` that is not a set of open tiles making ``roll``, or that leaves no tile open."""
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(uncovered)))
    cover = tuple(sorted(set(cover), reverse=True))
    if objective not in ("shut", "score"):
        raise ValueError(tr('objective {objective!r}: choose "shut" or "score"', objective=objective))
    if sum(cover) != roll or any(x not in open_tiles for x in cover) or len(cover) >= len(open_tiles):
        raise ValueError(
            tr(
                "set {items}: give open tiles that make {roll} and leave at least one tile open",
                items="+".join(map(str, cover)),
                roll=roll,
            )
        )
    left = tuple(x for x in open_tiles if x not in cover)
    name = " + ".join(map(str, cover))  # as the page's tables write a set; both sets are named alike
    value = table(rules, objective).value(mask_of(left))
    always = " " + tr("You roll two dice every time.") if rules.one_die == "never" else ""
    key = f"leave {open_tiles} {roll} {name} {objective}"
    if objective == "shut":
        games = round(100 * float(value))
        k = value * 36
        one_roll = two_dice_probability(sum(left)) if len(left) > 1 else None
        # two tiles left, one that no roll covers alone (tile 1): the slips of counting the other tile's roll
        stuck = [x for x in left if table(rules, "shut").value(mask_of((x,))) == 0]
        stuck_tile, other = None, None
        if len(left) == 2 and len(stuck) == 1:
            stuck_tile, other = stuck[0], next(x for x in left if x != stuck[0])
        p_other = two_dice_probability(other) if other is not None else Fraction(0)
        stuck_slips = {}
        if p_other:
            stuck_slips[round(100 * float(value + p_other))] = tr(
                "A roll of {other} covers the {other}, but tile {stuck} stays open, and two dice never make "
                "{stuck}: that branch does not shut the box. Do not add it.",
                other=other,
                stuck=stuck_tile,
            )
            stuck_slips.setdefault(
                round(100 * float(p_other)),
                tr(
                    "You counted a roll of {other}. It covers the {other}, but tile {stuck} stays open, and two "
                    "dice never make {stuck}. Which roll covers both tiles at once?",
                    other=other,
                    stuck=stuck_tile,
                ),
            )
            stuck_slips.pop(games, None)
        rounded = round(100 * table_rounded_chance(left)) if rules.one_die == "never" else None
        # two tiles left that the next rolls shut in either order: the slip of a tree with one order only
        one_order = None
        if len(left) == 2 and not stuck:
            a, b = left
            p_a, p_b = two_dice_probability(a), two_dice_probability(b)
            if value == two_dice_probability(a + b) + 2 * p_a * p_b and round(100 * float(value - p_a * p_b)) != games:
                one_order = round(100 * float(value - p_a * p_b))
        # one tile left, shut only by the roll that makes it: the slip of reading another total's outcomes (tile
        # 9's 4 of 36 for tile 8), the nearest such total named
        other_total: dict[int, int] = {}
        if len(left) == 1 and value == two_dice_probability(left[0]):
            for total in sorted(range(2, 13), key=lambda t: (abs(t - left[0]), -t)):
                chance = round(100 * float(two_dice_probability(total)))
                if total != left[0] and chance != games:
                    other_total.setdefault(chance, total)

        worked = worked_leftovers(rules, left)  # the worked example's chances, typed by a pupil who copied one

        def check(answer: Any) -> tuple[bool, str]:
            refuse_typed_tiles(answer, left, name, objective)
            typed = re.sub(r"^\s*(?:about|around|unos|unas|~|≈)\s*", "", str(answer).strip(), flags=re.I)
            copied = float(typed.replace(",", ".")) if re.fullmatch(r"[0-9]+(?:[.,][0-9])?", typed, re.ASCII) else -1
            for st, left_w, chance in worked:
                if copied != games and (abs(copied - float(chance)) < 0.05 or copied == round(float(chance))):
                    return False, tr(
                        "That is the worked example's chance, about {shown} turns in 100: there {set} leaves {left}. "
                        "Here {here} leaves {here_left}: work out the chance for those tiles in the same way.",
                        shown=round(float(chance)),  # the figure the page shows, whatever was typed
                        set=" + ".join(map(str, st)),
                        left=tile_list(left_w),
                        here=name,
                        here_left=tile_list(left),
                    )
            if re.fullmatch(r"0[.,]\d+", typed, re.ASCII):  # the chance itself, as a decimal
                return False, tr(
                    "{answer} is a chance, not a number of turns. How many turns in 100 is that?", answer=typed
                )
            if slip := fraction_reason(typed, value):  # a chance typed as k/36, right or not: not turns in 100
                return False, slip
            given = parse_whole(re.sub(r"\s*%$", "", typed))  # 11 % is 11 turns in 100
            if given == games:
                return True, ntr(
                    "Right: {set} leaves tile {left} open, and the next rolls shut it in {chance}.",
                    "Right: {set} leaves tiles {left} open, and the next rolls shut them in {chance}.",
                    len(left),
                    set=name,
                    left=tile_list(left),
                    chance=chance_words(value),
                )
            if one_roll is not None and given == round(100 * float(one_roll)) and one_roll != value:
                return False, tr(
                    "You counted only a roll of {total}, which covers every tile left at once. The tiles "
                    "can also be covered one roll at a time, as in the worked example: add those "
                    "branches too.",
                    total=sum(left),
                )
            if given in stuck_slips:
                return False, stuck_slips[given]
            if one_order is not None and given == one_order:
                return False, tr(
                    "You counted the two rolls in one order only. {a} then {b} shuts the tiles, and so does {b} "
                    "then {a}: two dice can roll them either way round. Add that branch too.",
                    a=left[0],
                    b=left[1],
                )
            if given == rounded == math.floor(100 * value) != games:  # two slips give this answer: one reason
                return False, tr(
                    "{given} is a little too low. Rounding each chance early, or cutting off the decimals at the "
                    "end, both lose a little: keep the k/36 fractions, and round only the final answer to the "
                    "nearest whole number.",
                    given=given,
                )
            if given == rounded != games:
                return False, tr(
                    "That is what the rounded turns in 100 give, and each rounding loses a little. Use the k/36 "
                    "in the table instead: multiply those fractions along each branch, add the branches, and round "
                    "only the final answer."
                )
            if given == math.ceil(100 * value) != games:
                return False, tr(
                    "You rounded up: the chance is {exact} turns in 100, and that rounds to {games}. Round up only "
                    "when the first decimal is 5 or more.",
                    exact=number(float(100 * value), 1),
                    games=games,
                )
            if one_roll == value and given == round(Fraction(100, 11)) != games:
                return False, tr(
                    "{given} turns in 100 is about 1 in 11, as if the 11 totals from 2 to 12 came up equally "
                    "often. They do not: {total} comes up in {k} of the 36 outcomes (lesson 3).",
                    given=given,
                    total=sum(left),
                    k=int(one_roll * 36),
                )
            if given == math.floor(100 * value) != games:
                return False, tr(
                    "You cut off the decimals: the chance is {exact} turns in 100, and that rounds to the "
                    "nearest whole number, not down. Keep more decimals until the end, then round.",
                    exact=number(float(100 * value), 2),
                )
            if given in other_total:
                total = other_total[given]
                k_other = int(36 * two_dice_probability(total))
                return False, ntr(
                    "{given} turns in 100 is the chance of a roll of {total}: {k} of the 36 outcomes makes {total}. "
                    "The tile left is {tile}: how many of the 36 outcomes make {tile}?",
                    "{given} turns in 100 is the chance of a roll of {total}: {k} of the 36 outcomes make {total}. "
                    "The tile left is {tile}: how many of the 36 outcomes make {tile}?",
                    k_other,
                    given=given,
                    total=total,
                    k=k_other,
                    tile=left[0],
                )
            if given != games and abs(given - 100 * value) < Fraction(3, 2):
                return False, tr(
                    "Close, but not the exact chance. Check the chance of each way and the adding, keep fractions "
                    "of 36 until the last step, and round only the final answer to a whole number."
                )
            if k.denominator == 1 and given == k and k != games:
                return False, tr(
                    "{k} is the number of outcomes of 36. The question asks for turns in 100: {k}/36 of 100.", k=int(k)
                )
            return False, tr(
                "Not quite. List the ways the next rolls can shut {left}, as in the worked example: the "
                "chance of each way, then add.",
                left=tile_list(left),
            )

        return Exercise(
            tr(
                "Tiles {items} are open and you rolled {roll}. If you cover {set}, in about how many turns in "
                "100 do the next rolls shut the tiles left open? Give a whole number.",
                items=tile_list(open_tiles),
                roll=roll,
                set=name,
            )
            + always,
            check,
            hint=tr(
                "Write the tiles left open first. Then list the ways the next rolls can cover "
                "them all, as in the worked example, using the table's one-tile rows."
            ),
            answer=str(games),
            solutions=[str(games)],
            wrong=([str(round(100 * float(one_roll)))] if one_roll is not None and one_roll != value else [])
            + ([str(k)] if k.denominator == 1 and k != games else [])
            + [str(g) for g in sorted({math.floor(100 * value), math.ceil(100 * value)} - {games})]
            + [str(g) for g in stuck_slips]
            + ([str(one_order)] if one_order is not None else [])
            + [str(g) for g in other_total]
            + [number(float(c), 1) for *_, c in worked if round(float(c)) != games],
            key=key,
            position=(open_tiles, roll),
        )

    # the slip of a tree with only the roll that covers every tile left: (1 - its chance) × the points left
    both_only = (1 - two_dice_probability(sum(left))) * sum(left) if 1 < len(left) and sum(left) <= 12 else None
    # the slip of a two-tile tree that scores the tile a roll leaves by its number, not its expected score
    face_only = None
    if len(left) == 2:
        a, b = left
        p_a, p_b, p_ab = (two_dice_probability(x) if 2 <= x <= 12 else Fraction(0) for x in (a, b, a + b))
        face_only = p_a * b + p_b * a + (1 - p_a - p_b - p_ab) * (a + b)
        if face_only == value:
            face_only = None

    def check_score(answer: Any) -> tuple[bool, str]:
        refuse_typed_tiles(answer, left, name, objective)
        given, decimals = parse_decimal(answer)
        right = ntr(
            "Right: {set} leaves tile {left} open, with an expected score of {exact}.",
            "Right: {set} leaves tiles {left} open, with an expected score of {exact}.",
            len(left),
            set=name,
            left=tile_list(left),
            exact=number(float(value), 2),
        )
        if value.denominator == 1 and given == value:
            return True, right
        return decimal_feedback(
            given,
            decimals,
            value,
            right,
            [
                (
                    Fraction(sum(left)),
                    ntr(
                        "{total} is the score if the turn ended now, but the turn goes on: the next roll may "
                        "cover the tile. Draw the tree of tile {left}.",
                        "{total} is the score if the turn ended now, but the turn goes on: the next rolls may "
                        "cover tiles. Draw the tree of tiles {left}.",
                        len(left),
                        total=sum(left),
                        left=tile_list(left),
                    ),
                )
            ]
            + [
                (
                    both_only,
                    tr(
                        "You counted only a roll of {total}, which covers every tile left at once. A roll that "
                        "covers one tile also changes the score: add those branches, with the table's one-tile "
                        "rows.",
                        total=sum(left),
                    ),
                )
            ]
            * (both_only is not None)
            + [
                (
                    face_only,
                    tr(
                        "After a roll covers one tile, the turn goes on: the tile left is worth its expected "
                        "score from the table's one-tile rows, not its number.",
                    ),
                )
            ]
            * (face_only is not None)
            + other_set_slips(open_tiles, roll, cover, rules),
            tr(
                "Not quite. Draw the tree of {left}: one branch for each roll that covers tiles, one for every other "
                "roll; multiply each score by its chance and add.",
                left=tile_list(left),
            ),
        )

    return Exercise(
        tr(
            "Tiles {items} are open and you rolled {roll}. If you cover {set}, what is the expected score of "
            "the tiles left open? Give it with two decimals, or as a fraction.",
            items=tile_list(open_tiles),
            roll=roll,
            set=name,
        )
        + always,
        check_score,
        hint=tr(
            "Write the tiles left open first. Then use the page's trees, or draw one with the table's one-tile rows."
        ),
        answer=number(float(value), 2),  # the same form in every leave-value exercise
        solutions=[str(value)] if value.denominator == 1 else [str(value), number(float(value), 2)],
        wrong=[str(sum(left))]
        + ([number(float(both_only), 2)] if both_only is not None else [])
        + ([number(float(face_only), 2)] if face_only is not None else []),
        key=key,
        position=(open_tiles, roll),
    )


def leave_value_exercises(position: tuple, rules: Rules | None = None) -> list[Callable[[], Exercise]]:
    """One :func:`leave_value_exercise` per set that makes the roll, largest tile first (the page's order)."""
    open_tiles, roll, objective = position
    return [
        partial(leave_value_exercise, open_tiles, roll, s, objective, rules) for s in tiles_summing_to(roll, open_tiles)
    ]


def challenge_exercise(position: tuple = CHALLENGE_POSITIONS[0]) -> Exercise:
    """Lesson 4's extension challenge: :func:`best_set_exercise` on a position no rule of thumb solves, with a
    hint that gives the method (compare what each set leaves, two positions at a time) instead of a rule.

    Each wrong set is told the reason a pupil can see in what it leaves, computed from the position: tiles all of
    even numbers (every odd roll — 18 of the 36 outcomes — ends the turn at once), or more big tiles
    (7 and up) than the best set leaves, each needing its own large roll; the exact values follow as before."""
    open_tiles, roll, objective = position
    ex = best_set_exercise(*position)
    if Rules().one_die == "after_789":  # the lessons' rule, which the prompt states as exercises 4–9 state theirs
        ex.prompt += " " + tr("You may roll one die once 7, 8 and 9 are covered.")
    # on paper as on the page: the pupil writes the tiles each set leaves, then judges (the sheet prints no leftovers)
    ex.paper_prompt = ex.prompt + " " + tr("Write the tiles each set leaves. Which would you rather have, and why?")
    ex.answer_lines = (tr("the tiles each set leaves"), tr("the set you would cover, and why"))
    ex.hint = tr(
        "Lesson 4's four habits do not settle this one, but the method above can. Write the tiles each set leaves "
        "open, then compare those positions two at a time. Which rolls can each position use at all? Big tiles "
        "need big rolls, and some groups of tiles can never make some totals."
    )
    best = parse_sets(ex.solutions[0])[0]
    best_left = [t for t in open_tiles if t not in best]
    judge = ex.checker

    def check(answer: Any) -> tuple[bool, str]:
        ok, why = judge(answer)
        typed = None if ok else one_legal_set(answer, open_tiles, roll)
        if typed is None:
            return ok, why
        left = [t for t in open_tiles if t not in typed]
        if len(left) > 1 and all(t % 2 == 0 for t in left):
            reason = tr(
                "{items} leaves {left}: all even, so every total they make is even. An odd roll ({n} of the 36 "
                "outcomes) ends the turn at once with {points} points.",
                items="+".join(map(str, typed)),
                left=tile_list(left),
                n=sum(1 for a, b in dice_outcomes() if (a + b) % 2),
                points=sum(left),
            )
            return False, reason + " " + why
        big, best_big = [t for t in left if t >= 7], [t for t in best_left if t >= 7]
        if len(big) > len(best_big):
            return False, tr(
                "{items} leaves {big} open together: big tiles that each need their own large roll, so points "
                "stay open more often.",
                items="+".join(map(str, typed)),
                big=tile_list(big),
            ) + " " + why
        return ok, why

    ex.checker = check
    return ex
