"""The worked solutions of the Shut the Box exercises, for the teacher guide (computed, never written by hand)."""

from __future__ import annotations

from typing import Iterable

from gamekit.i18n import number, tr
from gamekit.shutbox.tiles import TILES, mask_of, tiles_summing_to
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.tiles import two_dice_probability
from gamekit.shutbox.simulation import dice_outcomes
from gamekit.shutbox.strategy import table
from gamekit.shutbox.trees import k_over_36
from gamekit.shutbox.exercises_best_set import (
    CHALLENGE_POSITIONS,
    EXERCISE_RULES,
    SCORE_CHOICE,
    SCORE_EXERCISE,
    SHUT_CHOICE,
    SHUT_EXERCISE,
)
from gamekit.shutbox.exercises_both_sets import ONE_TILE_CHANCE, SHUT_CHALLENGE
from gamekit.shutbox.exercises_counts import SHUT_DICE_TILES, go_on_counts, one_roll_shut_counts
from gamekit.shutbox.exercises_dice import ONE_ROLL_TILES, go_on_chances, go_on_outcomes
from gamekit.shutbox.exercises_expected import EXPECTED_EXERCISE_TILE, TWO_ROLLS_EXERCISE, TWO_TILE_EXERCISE
from gamekit.shutbox.lesson_practice import COUNT_12_OPEN, what_each_set_leaves
from gamekit.shutbox.exercises_sets import NEXT_SET, method_order
from gamekit.shutbox.lesson_tables import FILL_RULES, compare_objectives
from gamekit.shutbox.lesson_words import chance_words, chance_words_tenths, exact_score, spaced, tile_list


def worked_solutions() -> list[tuple[str, str]]:
    """The working behind the answers of the exercises that need more than one line, for the teacher guide:
    ``[(exercise, working), …]`` in page order, every list and number computed here (the guide quotes them and
    a test checks that it still does)."""

    def sets(total: int, open_tiles: Iterable[int] = TILES) -> str:
        return "; ".join(" + ".join(map(str, st)) for st in tiles_summing_to(total, tuple(open_tiles)))

    def outcomes(open_tiles: Iterable[int], stuck: bool) -> str:
        open_tiles = tuple(open_tiles)
        by_total: dict[int, list[str]] = {}
        for a, b in dice_outcomes():
            if bool(tiles_summing_to(a + b, open_tiles)) != stuck:
                by_total.setdefault(a + b, []).append(f"{a}+{b}")
        return "; ".join(
            f"{t}: {len(o)} ({', '.join(o)})" if len(o) <= 3 else f"{t}: {len(o)}" for t, o in sorted(by_total.items())
        )

    def dice(open_tiles: tuple[int, ...]) -> str:
        c = go_on_chances(open_tiles)
        return tr("one die goes on {one}/36, two dice {two}/36", one=int(c[1] * 36), two=int(c[2] * 36))

    def values(position: tuple, rules: Rules | None = None) -> str:
        open_tiles, roll, goal = position
        t = table(rules or EXERCISE_RULES.get(position, Rules()), goal)
        return "; ".join(
            f"{'+'.join(map(str, st))} → {chance_words(v) if goal == 'shut' else number(float(v), 2)}"
            for st, v in t.set_values(mask_of(open_tiles), roll)
        )

    def making(total: int) -> str:
        return ", ".join(f"{a}+{b}" for a, b in dice_outcomes() if a + b == total)

    def score_tree(position: tuple) -> str:
        """Each set of a two-dice low-score position, the two tiles it leaves and their tree, branch by branch."""
        open_tiles, roll, _ = position
        t = table(FILL_RULES, "score")
        out = []
        for st, v in t.set_values(mask_of(open_tiles), roll):
            a, b = (x for x in open_tiles if x not in st)
            k = {r: int(two_dice_probability(r) * 36) if 2 <= r <= 12 else 0 for r in (a, b, a + b)}
            terms = [f"{k[a + b]}/36 × 0"] + [
                f"{k[r]}/36 × {number(float(t.value(mask_of((other,)))), 2)}" for r, other in ((b, a), (a, b)) if k[r]
            ]
            terms.append(f"{36 - sum(k.values())}/36 × {a + b}")
            out.append(
                tr(
                    "{set} leaves {left}: {terms} = {value}",
                    set="+".join(map(str, st)),
                    left=tile_list((a, b)),
                    terms=" + ".join(terms),
                    value=number(float(v), 2),
                )
            )
        return "; ".join(out)

    k7 = int(two_dice_probability(EXPECTED_EXERCISE_TILE) * 36)
    k6 = int(two_dice_probability(6) * 36)
    first, second = (int(two_dice_probability(r) * 36) for r in TWO_ROLLS_EXERCISE)
    total, after, open_next = NEXT_SET
    order = method_order(total, open_next)
    return [
        (
            tr("Lesson 2, exercise 3"),
            tr(
                "with tile {covered} covered, the method's sets for {total} run {sets}. After {after} no other set "
                "starts with {top}, so the next is {right}.",
                covered=tile_list(t for t in TILES if t not in open_next),
                total=total,
                sets="; ".join(" + ".join(map(str, s)) for s in order),
                after=" + ".join(map(str, after)),
                top=after[0],
                right=" + ".join(map(str, order[order.index(tuple(after)) + 1])),
            ),
        ),
        (tr("Lesson 2, exercise 6"), tr("the {n} sets for 11: {sets}.", n=len(tiles_summing_to(11)), sets=sets(11))),
        (
            tr("Lesson 2, exercise 7"),
            tr(
                "the {n} sets for 12 on a full box: {every}. Without tile 5, {k} remain: {sets}.",
                n=len(tiles_summing_to(12)),
                every=sets(12),
                k=len(tiles_summing_to(12, COUNT_12_OPEN)),
                sets=sets(12, COUNT_12_OPEN),
            ),
        ),
        (tr("Lesson 3, exercise 2"), tr("open 1 and 4, outcomes by total: {list}.", list=outcomes((1, 4), False))),
        (tr("Lesson 3, exercise 3"), tr("9 = {list}: {p}.", list=making(9), p=k_over_36(two_dice_probability(9)))),
        (
            tr("Lesson 3, exercise 4"),
            tr(
                "6 = {list}: {k}/36; {rolls} rolls are {times} × 36, so {times} × {k} = {n}.",
                list=making(6),
                k=k6,
                rolls=spaced(3600),
                times=100,
                n=100 * k6,
            ),
        ),
        (
            tr("Lesson 3, exercises 5–6"),
            tr(
                "open 1, 2, 3, outcomes that end the turn by total: {list}. One die: every "
                "total 1 to 6 is a set of 1, 2, 3, so {dice}.",
                list=outcomes((1, 2, 3), True),
                dice=dice((1, 2, 3)),
            ),
        ),
        (
            tr("Lesson 3, exercises 7–8"),
            tr(
                "open 2, 5, 6, outcomes that go on by total: {list}. One die: 2, 5 and 6 go on, so {dice}.",
                list=outcomes((2, 5, 6), False),
                dice=dice((2, 5, 6)),
            ),
        ),
        (
            tr("Lesson 3, exercise 9"),
            tr(
                "open {items}: only a total of {total} covers both tiles at once: {list}, so {k}/36. One die "
                "never makes {total}: it must make {items} one roll at a time.",
                items=tile_list(ONE_ROLL_TILES),
                total=sum(ONE_ROLL_TILES),
                list=making(sum(ONE_ROLL_TILES)),
                k=len(making(sum(ONE_ROLL_TILES)).split(", ")),
            ),
        ),
        (
            tr("Lesson 3, exercise 10"),
            tr(
                "open {items}: one die goes on {g1}/36, two dice {g2}/36. Only a total of {total} shuts the box "
                "in one roll: one die {s1}/36, two dice {s2}/36. Exactly, with best play after this roll: one die "
                "{v1}, two dice {v2}.",
                items=tile_list(SHUT_DICE_TILES),
                total=sum(SHUT_DICE_TILES),
                g1=go_on_counts(SHUT_DICE_TILES)[1],
                g2=go_on_counts(SHUT_DICE_TILES)[2],
                s1=one_roll_shut_counts(SHUT_DICE_TILES)[1],
                s2=one_roll_shut_counts(SHUT_DICE_TILES)[2],
                v1=chance_words(table(Rules(), "shut").dice_values(mask_of(SHUT_DICE_TILES))[1]),
                v2=chance_words(table(Rules(), "shut").dice_values(mask_of(SHUT_DICE_TILES))[2]),
            ),
        ),
        (
            tr("Lesson 4, exercise 1"),
            tr(
                "{tile} = {list}: {k}/36, {games}.",
                tile=ONE_TILE_CHANCE,
                list=making(ONE_TILE_CHANCE),
                k=len(making(ONE_TILE_CHANCE).split(", ")),
                games=chance_words(two_dice_probability(ONE_TILE_CHANCE)),
            ),
        ),
        (
            tr("Lesson 4, exercise 2"),
            tr(
                "{a}/36 × {b}/36 = {value}, {games}.",
                a=first,
                b=second,
                value=str(first * second) + "/1296",
                games=chance_words_tenths(first * second / 1296),
            ),
        ),
        (tr("Lesson 4, exercises 3–4"), tr("two dice always: {values}.", values=values(SHUT_EXERCISE))),
        (
            tr("Lesson 4, exercise 5"),
            tr(
                "outcomes that let you go on with the tiles each set leaves: {counts}. The exact table, two dice "
                "always: {values}.",
                counts="; ".join(
                    f"{'+'.join(map(str, st))} → {go_on_outcomes(t for t in SHUT_CHOICE[0] if t not in st)}"
                    for st in sorted(
                        (tuple(sorted(s, reverse=True)) for s in tiles_summing_to(SHUT_CHOICE[1], SHUT_CHOICE[0])),
                        reverse=True,
                    )
                ),
                values=values(SHUT_CHOICE),
            ),
        ),
        (
            tr("Lesson 4, exercise 6 (challenge)"),
            "; ".join(what_each_set_leaves(*SHUT_CHALLENGE[:2])) + ". " + values(SHUT_CHALLENGE, FILL_RULES) + ".",
        ),
        (
            tr("Lesson 5, exercise 1"),
            tr(
                "{k} of the 36 outcomes make {tile} (score 0), the other {rest} leave {tile}: "
                "{k}/36 × 0 + {rest}/36 × {tile} = {value}.",
                k=k7,
                tile=EXPECTED_EXERCISE_TILE,
                rest=36 - k7,
                value=exact_score(table(Rules(), "score").value(mask_of((EXPECTED_EXERCISE_TILE,)))),
            ),
        ),
        (
            tr("Lesson 5, exercise 2"),
            tr(
                "a roll of {a} ({ka}/36) leaves {b}, expected score {vb}; a roll of {b} "
                "({kb}/36) leaves {a}, {va}; the other {krest}/36 score {total}: {value}.",
                a=TWO_TILE_EXERCISE[0],
                b=TWO_TILE_EXERCISE[1],
                ka=int(two_dice_probability(TWO_TILE_EXERCISE[0]) * 36),
                kb=int(two_dice_probability(TWO_TILE_EXERCISE[1]) * 36),
                vb=exact_score(table(Rules(), "score").value(mask_of(TWO_TILE_EXERCISE[1:]))),
                va=exact_score(table(Rules(), "score").value(mask_of(TWO_TILE_EXERCISE[:1]))),
                krest=36
                - int((two_dice_probability(TWO_TILE_EXERCISE[0]) + two_dice_probability(TWO_TILE_EXERCISE[1])) * 36),
                total=sum(TWO_TILE_EXERCISE),
                value=exact_score(table(Rules(), "score").value(mask_of(TWO_TILE_EXERCISE))),
            ),
        ),
        (
            tr("Lesson 5, exercises 3–4"),
            tr("two dice always: {values}. The lower is best.", values=score_tree(SCORE_EXERCISE)),
        ),
        (
            tr("Lesson 5, exercise 5"),
            "; ".join(what_each_set_leaves(*SCORE_CHOICE[:2]))
            + ". "
            + tr("The table, two dice always: {values}. The lowest is best.", values=values(SCORE_CHOICE)),
        ),
        (
            tr("Lesson 5, exercise 6"),
            tr(
                "two dice always: {rows}.",
                rows="; ".join(
                    f"{'+'.join(map(str, r['cover']))} → {chance_words(r['shut chance'])}, "
                    f"{number(float(r['expected score']), 2)}"
                    for r in compare_objectives()
                ),
            ),
        ),
        (
            tr("Lesson 5, exercise 7 (challenge, extension)"),
            "; ".join(what_each_set_leaves(*CHALLENGE_POSITIONS[0][:2]))
            + ". "
            + " · ".join(values(pos) for pos in CHALLENGE_POSITIONS)
            + ".",
        ),
    ]
