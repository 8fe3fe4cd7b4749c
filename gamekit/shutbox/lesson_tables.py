"""The Shut the Box lessons' tables: the sets for a roll, the simulations and the dice rules, lesson 4's fill-in table
and the comparisons of the two goals and of the rules of thumb (each computed from the rules, the simulations and the
exact strategy).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Sequence

from gamekit.i18n import N_, ntr, number, ptr, tr
from gamekit.display import Table
from gamekit.shutbox.tiles import FULL, TILES, mask_of, set_masks, tiles_of, tiles_summing_to
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.tiles import sheet_key, two_dice_probability
from gamekit.shutbox.simulation import (
    DICE_RULE_WORDS,
    POLICIES,
    POLICY_WORDS,
    choose,
    dice_for,
    simulate_sums,
    sum_distribution,
)
from gamekit.shutbox.strategy import table
from gamekit.shutbox.trees import k_over_36
from gamekit.shutbox.exercises_expected import EXPECTED_EXERCISE_TILE
from gamekit.shutbox.lesson_words import (
    WithExact,
    chance_words,
    chance_words_tenths,
    exact_chance,
    exact_fraction,
    exact_score,
    percent,
    spaced,
    tile_list,
)


def sets_table(total: int, uncovered: Iterable[int] = TILES) -> Table:
    """Every set of open tiles making ``total``, in the rules sheet's order, as a table for the page."""
    sets = tiles_summing_to(total, tuple(sorted(set(uncovered))))
    return Table(
        [tr("set"), tr("tiles")],
        [[i, " + ".join(map(str, st))] for i, st in enumerate(sets, 1)],
        caption=tr("The sets that make {total}", total=total),
    )


def sets_count_table(totals: Iterable[int] = range(2, 13)) -> Table:
    """How many sets make each total on a full box (a table for the page), with a caption naming the total with the
    most sets among ``totals`` (on a full box: 12, with 12 sets)."""
    totals = list(totals)
    counts = [len(tiles_summing_to(t)) for t in totals]
    most = max(counts, default=0)
    caption = (
        ntr(
            "The most sets: {n} set, for a roll of {total}.",
            "The most sets: {n} sets, for a roll of {total}.",
            most,
            total=totals[counts.index(most)],
        )
        if most
        else ""
    )
    return Table([tr("total")] + [str(t) for t in totals], [[tr("sets on a full box")] + counts], caption=caption)


def simulation_table(n: int = 36_000, seed: int = 2) -> Table:
    """Each total of two dice: its exact chance beside its share of ``n`` seeded simulated rolls."""
    sim = simulate_sums(n, seed)
    return Table(
        [tr("total"), tr("exact chance"), tr("share of {n} simulated rolls", n=spaced(n))],
        [
            [t, number(100 * float(p), 2) + " %", number(100 * sim[t] / n, 2) + " %"]
            for t, p in sum_distribution().items()
        ],
    )


def one_die_table() -> Table:
    """The six totals of one die, each as likely as the others."""
    return Table([tr("total of one die")] + [str(t) for t in range(1, 7)], [[tr("chance")] + [tr("1 in 6")] * 6])


FILL_ROWS = tuple((t,) for t in TILES)
"""The positions of lesson 4's table after the shut box: one tile open, 1 to 9.  Every position a row's roll
leaves is the shut box, the row above them all (a test checks it); the two-tile positions are built from these
rows in :func:`comparison_table`."""


FILL_RULES = Rules(one_die="never")
"""Lesson 4's tables and "which set?" exercises: two dice always, the simplest game to count (the page says so)."""


def fill_steps(rules: Rules | None = None) -> list[dict[str, Any]]:
    """The first rows of the table, from the shut box upwards (for the lesson): the open tiles, the exact shut
    chance and lowest expected score, and in a few words which rolls cover a set and what each leaves (no chances:
    those are lesson 3's
    k/36, and the page's one format for a chance to shut is "turns in 100")."""
    rules = rules or FILL_RULES
    t, low = table(rules, "shut"), table(rules, "score")
    rows = [{"open": (), "value": Fraction(1), "why": tr("nothing is open"), "score": Fraction(0)}]
    for tiles in FILL_ROWS:
        m = mask_of(tiles)
        parts = []
        for roll in range(1 if 1 in rules.dice_options(m) else 2, 13):
            best = t.best_set(m, roll)
            if best:
                after = tuple(x for x in tiles if x not in best)
                parts.append(
                    tr("a roll of {roll} shuts it", roll=roll)
                    if not after
                    else tr("a roll of {roll} leaves tiles {after} open", roll=roll, after=tile_list(after))
                )
        why = (
            "; ".join(parts)
            if parts
            else tr("no roll covers it (two dice never make 1)")
            if tiles == (1,)
            else tr("no roll covers it")
        )
        rows.append({"open": tiles, "value": t.value(m), "why": why, "score": low.value(m)})
    return rows


def shut_ways(left: Sequence[int], rules: Rules | None = None) -> str:
    """How the next rolls can shut a position of one or two open tiles, in words with each roll's chance k/36:
    "a roll of 9 (4/36); or 3 (2/36) then 6 (5/36); or 6 (5/36) then 3 (2/36)".  ValueError for more tiles."""
    rules = rules or FILL_RULES
    left = tuple(sorted(set(left)))
    if not 1 <= len(left) <= 2 or any(t not in TILES for t in left):
        raise ValueError(tr("tiles {items}: give one or two open tiles", items=tile_list(left)))
    if rules.dice_options(mask_of(left)) != (2,):
        raise ValueError(tr("tiles {items}: these words are for two dice always", items=tile_list(left)))

    def k(r: int) -> str:
        return k_over_36(two_dice_probability(r))

    ways = (
        [tr("a roll of {roll} ({chance})", roll=sum(left), chance=k(sum(left)))]
        if two_dice_probability(sum(left))
        else []
    )
    if len(left) == 2:
        a, b = left
        if two_dice_probability(a) and two_dice_probability(b):
            ways += [
                tr("{a} ({ka}) then {b} ({kb})", a=a, ka=k(a), b=b, kb=k(b)),
                tr("{a} ({ka}) then {b} ({kb})", a=b, ka=k(b), b=a, kb=k(a)),
            ]
    return ptr("between ways to shut", "; or ").join(ways) if ways else tr("no roll can shut it")


WORKED_COMPARISON = ((3, 6, 9), 9)
"""Lesson 4's worked comparison (two dice always): cover 9, leaving tiles 3 and 6, or 6 + 3, leaving the 9.  Both
leave a position one roll of 9 shuts; tiles 3 and 6 can also be shut in two rolls, so covering the 9 is better
(about 13 turns in 100 against 11).  Not an exercise's position."""


def worked_leftovers(rules: Rules, left: Sequence[int]) -> list[tuple[tuple[int, ...], tuple[int, ...], Fraction]]:
    """The worked example's sets (:data:`WORKED_COMPARISON`) that leave two tiles or more, each with what it leaves
    and that position's chance to shut the box in turns in 100, when an exercise under the same rules asks about
    ``left``, two other tiles or more: what a pupil who copied the example would type."""
    box, roll = WORKED_COMPARISON
    if rules != FILL_RULES or len(left) < 2:
        return []
    pairs = [(st, tuple(t for t in box if t not in st)) for st in tiles_summing_to(roll, box)]
    values = table(rules, "shut")
    return [(st, w, 100 * values.value(mask_of(w))) for st, w in pairs if len(w) > 1 and sorted(w) != sorted(left)]


def comparison_table(
    uncovered: Iterable[int] = WORKED_COMPARISON[0], roll: int = WORKED_COMPARISON[1], rules: Rules | None = None
) -> Table:
    """Each set for ``roll``: the tiles it leaves open, how the next rolls can shut them (:func:`shut_ways`) and
    the chance to shut then, from the solver (turns in 100).  Every set must leave one or two tiles."""
    rules = rules or FILL_RULES
    open_tiles = tuple(sorted(set(uncovered)))
    t = table(rules, "shut")
    rows = []
    for st in tiles_summing_to(roll, open_tiles):
        left = tuple(x for x in open_tiles if x not in st)
        rows.append(
            [" + ".join(map(str, st)), tile_list(left), shut_ways(left, rules), chance_words(t.value(mask_of(left)))]
        )
    return Table(
        [tr("cover"), tr("tiles left open"), tr("how the next rolls can shut them"), tr("chance to shut")],
        rows,
        caption=tr(
            "Tiles {items} open, a roll of {roll}, two dice on every roll", items=tile_list(open_tiles), roll=roll
        ),
    )


DISAGREEMENT = ((1, 2, 5, 7, 9), 12)
"""Lesson 4's "Two goals, two answers" position (two dice always, like the page's tables): 9+2+1 leaves 5 and 7,
the better chance to shut (about 6 turns in 100 against 4); 7+5 leaves 1, 2 and 9, the lower expected score
(about 8.9 against 9.7).  The clearest disagreement of the two goals under that rule; under the
lessons' rule (one die once 7, 8 and 9 are covered) 7+5 is best for both goals here, which the page says."""


DISAGREEMENT_RULES = Rules(one_die="never")


def compare_objectives(
    uncovered: Iterable[int] = DISAGREEMENT[0], roll: int = DISAGREEMENT[1], rules: Rules | None = None
) -> list[dict[str, Any]]:
    """For each set making ``roll``: the shut chance and expected score of the state it leaves (default rules:
    two dice always, as on lesson 4's page)."""
    rules = rules or DISAGREEMENT_RULES
    shut, score = table(rules, "shut"), table(rules, "score")
    m = mask_of(uncovered)
    rows = []
    for s in set_masks(roll, m):
        left = m ^ s
        rows.append(
            {
                "cover": sheet_key(s),
                "leaves": tiles_of(left),
                "shut chance": shut.value(left),
                "expected score": score.value(left),
            }
        )
    return rows


def objective_disagreements(rules: Rules | None = None) -> list[tuple[tuple[int, ...], int]]:
    """Every (open tiles, roll) where the best set for shutting differs from the best for the score."""
    rules = rules or Rules()
    shut, score = table(rules, "shut"), table(rules, "score")
    out = []
    for m in range(1, FULL + 1):
        for roll in range(1, 13):
            a, b = shut.best_set(m, roll), score.best_set(m, roll)
            if a and a != b:
                out.append((tiles_of(m), roll))
    return out


def objectives_table(
    uncovered: Iterable[int] = DISAGREEMENT[0], roll: int = DISAGREEMENT[1], rules: Rules | None = None
) -> WithExact:
    """ "Two goals, two answers": each set's chance to shut the box (in turns in 100) and expected score (one
    decimal), the exact values in a details box."""
    rows = compare_objectives(uncovered, roll, rules)
    head = [tr("cover"), tr("tiles left open"), tr("shut chance"), tr("expected score")]
    plain = [
        [
            " + ".join(map(str, r["cover"])),
            tile_list(r["leaves"]),
            chance_words(r["shut chance"]),
            number(float(r["expected score"]), 1),
        ]
        for r in rows
    ]
    exact = [
        [
            " + ".join(map(str, r["cover"])),
            tile_list(r["leaves"]),
            exact_chance(r["shut chance"]),
            exact_score(r["expected score"]),
        ]
        for r in rows
    ]
    return WithExact(Table(head, plain), Table(head, exact))


def fill_table(rules: Rules | None = None, scores: bool = True, answer_tile: int | None = None) -> WithExact:
    """The first rows of the table (:func:`fill_steps`): open tiles, which rolls cover a set and what they leave,
    the chance to shut in one format, turns in 100, and with ``scores`` the expected score (lesson 5: exercise 1's
    tile says "your answer to exercise 1", so the page never states it); the exact fractions in a details box.
    Lesson 4 shows it without ``scores``: the expected score is lesson 5's.  ``answer_tile``: the one open tile whose
    chance to shut is exercise 1's answer (lesson 4), which then reads "your answer to exercise 1" too (a Voilà page
    shows the table before the pupil has answered); any other one-tile row with the same chance (6 for 8, by the
    dice's symmetry) reads "the same as tile 8", or the pupil could copy it across."""
    if answer_tile is not None and (type(answer_tile) is not int or answer_tile not in TILES):
        raise ValueError(tr("answer_tile {tile!r}: give one tile, 1 to 9", tile=answer_tile))
    rows = fill_steps(rules)
    head = [tr("open tiles"), tr("rolls that cover a set"), tr("chance to shut"), tr("expected score")]
    answer = next((r["value"] for r in rows if answer_tile is not None and r["open"] == (answer_tile,)), None)
    twins = {r["open"] for r in rows if len(r["open"]) == 1 and r["value"] == answer and r["open"] != (answer_tile,)}

    def tiles(r: dict) -> str:
        return tile_list(r["open"]) or tr("none")

    def chance(v: Fraction, r: dict | None = None) -> str:  # k/36 too, so the page's own numbers give exact answers
        if r is not None and answer_tile is not None and r["open"] == (answer_tile,):
            return tr("your answer to exercise 1")
        if r is not None and r["open"] in twins:
            return tr("the same as tile {tile}", tile=answer_tile)
        if v == 1 or v == 0:
            return tr("shut already") if v == 1 else tr("never")
        if (v * 36).denominator == 1:
            return tr("{k}/36 ({words})", k=int(v * 36), words=chance_words(v))
        return chance_words(v)

    def own(r: dict) -> bool:  # exercise 1's tile: its expected score is the pupil's own answer
        return r["open"] == (EXPECTED_EXERCISE_TILE,)

    plain = [
        [
            tiles(r),
            r["why"],
            chance(r["value"], r),
            tr("your answer to exercise 1")
            if own(r)
            else str(r["score"])
            if r["score"].denominator == 1
            else number(float(r["score"]), 2),
        ]
        for r in rows
    ]
    exact = [
        [
            tiles(r),
            chance(r["value"], r)
            if answer_tile is not None and (r["open"] == (answer_tile,) or r["open"] in twins)
            else exact_fraction(r["value"]),
            tr("your answer to exercise 1") if own(r) else exact_score(r["score"]),
        ]
        for r in rows
    ]
    if not scores:
        return WithExact(
            Table(head[:3], [row[:3] for row in plain]), Table([head[0], tr("exact chance")], [r[:2] for r in exact])
        )
    return WithExact(Table(head, plain), Table([head[0], tr("exact chance"), head[3]], exact))


def policy_shut_probability(policy: str, rules: Rules | None = None) -> Fraction:
    """The exact chance that a rule of thumb shuts the box from the start (no simulation).

    The same choices as :func:`play_turn`: ``"random"`` picks each set (and each allowed number of
    dice) with equal chance; the other rules are deterministic.  The table is filled from the shut
    box upwards, like the optimal table, but each state follows the rule instead of the best set.
    """
    rules = rules or Rules()
    if policy not in POLICIES:
        raise ValueError(tr("policy {policy!r}: choose one of {items}", policy=policy, items=", ".join(POLICIES)))
    value = [Fraction(0)] * (FULL + 1)
    value[0] = Fraction(1)
    for m in sorted(range(1, FULL + 1), key=lambda x: bin(x).count("1")):

        def after_roll(n: int) -> Fraction:
            total = Fraction(0)
            for roll, p in sum_distribution(n).items():
                sets = set_masks(roll, m)
                if not sets:
                    continue
                if policy == "random":
                    total += p * sum(value[m ^ s] for s in sets) / len(sets)
                else:
                    total += p * value[m ^ choose(policy, m, roll, rules, None)]
            return total

        options = rules.dice_options(m)
        if policy == "random":
            value[m] = sum(after_roll(n) for n in options) / len(options)
        else:
            value[m] = after_roll(options[0] if len(options) == 1 else dice_for(policy, m, rules, None))
    return value[FULL]


def policy_table(rules: Rules | None = None, policies: Sequence[str] = POLICIES[:4]) -> Table:
    """Each rule of thumb's exact chance to shut the box in turns in 100, every row to one decimal ("2.0", "1.0",
    "7.0", "7.1": the largest tile and best play differ only in the tenths); the unit is in the column's name, so
    no cell reads "about 2.0 games"."""
    rules = rules or Rules()
    return Table(
        [tr("how you choose the set"), tr("chance to shut the box (turns in 100)")],
        [[tr(POLICY_WORDS[p]), number(100 * float(policy_shut_probability(p, rules)), 1)] for p in policies],
        caption=tr("One player's turn — {dice}", dice=tr(DICE_RULE_WORDS.get(rules.one_die, "")) or rules.in_words()),
    )


def policy_chart_table(results: Sequence[dict[str, Any]], rules: Rules | None = None) -> Table:
    """Each bar of the rules-of-thumb chart beside its exact chance, so the page can say which differences are real.

    ``results`` is what :func:`gamekit.shutbox.simulation.compare_policies` returned for the chart; a sample of a few
    thousand games can put two bars in the wrong order, and the exact column shows the true order.
    """
    rules = rules or Rules()
    if not isinstance(results, (list, tuple)) or not results:
        raise ValueError(tr("results: give the list that compare_policies returned"))
    rows = []
    for r in results:
        if not isinstance(r, dict) or r.get("policy") not in POLICIES or not isinstance(r.get("games"), int):
            raise ValueError(tr("results: each entry needs the policy, games and shut of one simulation"))
        rows.append(
            [
                tr(POLICY_WORDS[r["policy"]]),
                number(100 * r["shut"], 2) + " %",
                number(100 * policy_shut_probability(r["policy"], rules), 2) + " %",
            ]
        )
    games = results[0]["games"]
    return Table(
        [
            tr("how you choose the set"),
            ntr("in {count} turn", "in {count} turns", games, count=number(games)),
            tr("worked out exactly"),
        ],
        rows,
        caption=tr("How often each way of choosing shuts the box"),
    )


def worst_rule_of_thumb(rules: Rules | None = None) -> str:
    """Which of random / most tiles / largest tile shuts the box least often (exactly)."""
    return min(POLICIES[:3], key=lambda p: policy_shut_probability(p, rules))


def dice_rules_table() -> Table:
    """The one-die rules a pupil meets (:data:`DICE_RULE_WORDS`: the lessons' rule, the variant of the rules,
    two dice always), each with its exact best-play shut chance (turns in 100, to a tenth) and lowest expected
    score, computed here."""
    from gamekit.shutbox.strategy import min_expected_score, shut_probability

    rows = []
    for one in DICE_RULE_WORDS:
        rules = Rules(one_die=one)
        rows.append(
            [
                tr(DICE_RULE_WORDS[one]),
                chance_words_tenths(shut_probability(rules)),
                number(min_expected_score(rules), 1),
            ]
        )
    return Table(
        [tr("when you may roll one die"), tr("chance to shut, best play"), tr("lowest expected score")],
        rows,
        caption=tr("The one-die options, solved exactly (solo turn, tiles 1–9)"),
    )


CHANCE_COLUMNS = ("value", "shut chance", "exact chance")


# Column names of the lesson tables (the dict keys of their rows), translated in the header.
COLUMN_NAMES = (
    N_("open"),
    N_("value"),
    N_("why"),
    N_("cover"),
    N_("leaves"),
    N_("shut chance"),
    N_("expected score"),
    N_("exact chance"),
    N_("policy"),
    N_("games"),
    N_("shut"),
    N_("mean score"),
)


def rows_table(rows: Sequence[dict[str, Any]], chances: Sequence[str] = CHANCE_COLUMNS) -> Table:
    """A small table of dict rows; Fractions in the ``chances`` columns as fraction and percentage,
    other Fractions exactly and as decimals."""

    def cell(v: Any, key: str = "") -> str:
        if isinstance(v, Fraction) and key in chances:
            return percent(v)
        if isinstance(v, Fraction):
            return f"{v} ≈ {number(v, 4)}" if v.denominator != 1 else str(v)
        if isinstance(v, tuple):
            return "+".join(map(str, v)) if v else "∅"
        if isinstance(v, float):
            return number(v, 4)
        return str(v)

    keys = list(rows[0])
    return Table([tr(k) for k in keys], [[cell(r[k], k) for k in keys] for r in rows])
