"""The Shut the Box lessons: their exercises, tables, pictures, step-throughs, the class tally and the registry
(:data:`LESSONS`).

Notebook cells only call these functions (each is tested).  The dice and the simulations are in
:mod:`gamekit.shutbox.simulation`, the matplotlib charts in :mod:`gamekit.shutbox.charts`; widgets come from
:mod:`gamekit.shutbox.widget` and :mod:`gamekit.widgets.lesson`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, Callable, Iterable, Sequence

from gamekit.i18n import N_, ntr, number, ptr, tr
from gamekit.display import Table
from gamekit.shutbox.rules import FULL, TILES, Rules, ShutTheBox, mask_of, set_masks, tiles_of, tiles_summing_to
from gamekit.shutbox.rules import sheet_key, two_dice_probability
from gamekit.shutbox.simulation import (
    DICE_RULE_WORDS,
    POLICIES,
    POLICY_WORDS,
    choose,
    dice_for,
    dice_outcomes,
    simulate_sums,
    sum_distribution,
)
from gamekit.shutbox.strategy import table
from gamekit.shutbox.trees import k_over_36
from gamekit.puzzles.sets import ProblemSet, level_word
from gamekit.widgets.lesson import Exercise, Lesson, choice_checker, exercises_by_notebook


def tile_list(tiles: Iterable[int]) -> str:
    """Tiles as a reader says them: "1 and 2", "1, 2 and 3" ("1 y 2", "1, 2 y 3")."""
    names = [str(t) for t in tiles]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + tr(" and ") + names[-1]


# ====================================================================== 1. the sets for a roll
@dataclass(frozen=True)
class SearchStep:
    """One step of the systematic search: the tiles chosen so far, what is still needed, what happened."""

    chosen: tuple[int, ...]
    need: int
    outcome: str  # "found", "try", "dead end"
    caption: str


def set_search_steps(total: int = 8, uncovered: Iterable[int] = TILES) -> list[SearchStep]:
    """Build every set for ``total`` systematically: largest tile first, then only smaller tiles.

    Each step either finds a set, tries a tile and looks for the rest among smaller tiles, or
    stops because the smaller tiles cannot add up to what is still needed.  The sets found
    come out in the rules sheet's order.
    """
    tiles = sorted(set(uncovered), reverse=True)
    steps: list[SearchStep] = []

    def search(chosen: tuple[int, ...], need: int, below: int) -> None:
        for t in [t for t in tiles if t < below]:
            if t > need:
                continue
            smaller = sum(u for u in tiles if u < t)
            now = chosen + (t,)
            if t == need:
                steps.append(
                    SearchStep(
                        now, 0, "found", tr("{tiles} = {total}: a set.", tiles=" + ".join(map(str, now)), total=total)
                    )
                )
                continue
            if smaller < need - t:
                steps.append(
                    SearchStep(
                        now,
                        need - t,
                        "dead end",
                        ntr(
                            "{items} still needs {number} more, but the smaller tiles add up to only {smaller}: "
                            "stop here.",
                            "{items} still needs {number} more, but the smaller tiles add up to only {smaller}: "
                            "stop here.",
                            need - t,
                            items=" + ".join(map(str, now)),
                            number=need - t,
                            smaller=smaller,
                        )
                        if smaller
                        else ntr(
                            "{items} still needs {number} more, but there are no smaller tiles left: stop here.",
                            "{items} still needs {number} more, but there are no smaller tiles left: stop here.",
                            need - t,
                            items=" + ".join(map(str, now)),
                            number=need - t,
                        ),
                    )
                )
                if not chosen:
                    return  # smaller first tiles can only do worse
                continue
            steps.append(
                SearchStep(
                    now,
                    need - t,
                    "try",
                    ntr(
                        "Take {t}; {number} more is needed, from the tiles below {t}.",
                        "Take {t}; {number} more are needed, from the tiles below {t}.",
                        need - t,
                        t=t,
                        number=need - t,
                    )
                    if not chosen
                    else ntr(
                        "Add {t}: {items} = {sum}, so {number} more is needed, from the tiles below {t}.",
                        "Add {t}: {items} = {sum}, so {number} more are needed, from the tiles below {t}.",
                        need - t,
                        t=t,
                        items=" + ".join(map(str, now)),
                        sum=sum(now),
                        number=need - t,
                    ),
                )
            )
            search(now, need - t, t)

    search((), total, 10)
    return steps


def sets_found(steps: Sequence[SearchStep]) -> list[tuple[int, ...]]:
    return [s.chosen for s in steps if s.outcome == "found"]


def parse_sets(answer: Any) -> list[tuple[int, ...]]:
    """Sets typed as ``"9; 8+1; 7+2"`` (``;`` or new lines between sets, ``+``, ``&``, space or ``,`` inside), or as
    ``"9 8+1 7+2"`` / ``"9, 8+1, 7+2"``: once a ``+`` joins tiles, a space or a comma separates sets, so ``"8 1"``
    alone is the one set 8+1.

    Also accepts a list of tuples.  Raises ValueError with a reason for anything else.
    """
    if isinstance(answer, (list, tuple)) and all(isinstance(s, (list, tuple, set, frozenset, int)) for s in answer):
        raw = [tuple(s) if not isinstance(s, int) else (s,) for s in answer]
    else:
        text_ = str(answer).strip()
        if not text_:
            raise ValueError(tr("type the sets: + between the tiles of a set, ; between sets"))
        if re.search(r"[;\n|/]", text_):
            parts = re.split(r"[;\n|/]", text_)
        elif re.search(r"[+&]", text_):  # "9, 8+1, 7+2" or "9 8+1 7+2": a comma or a space between sets
            parts = re.split(r"[,\s]+", re.sub(r"\s*([+&])\s*", r"\1", text_))
        else:
            parts = [text_]
        parts = [p for p in parts if p.strip()]
        raw = []
        for p in parts:
            bits = [b for b in re.split(r"[+&,\s]+|\by\b|\band\b", p.strip()) if b]
            try:
                raw.append(tuple(int(b) for b in bits))
            except ValueError:
                raise ValueError(
                    tr("“{strip}” is not a set of tile numbers: write its tiles with + between them", strip=p.strip())
                ) from None
    out = []
    for s in raw:
        if not s:
            continue
        for t in s:
            if t not in TILES:
                raise ValueError(tr("tile {t} is not on the box (tiles are 1 to 9)", t=t))
        if len(set(s)) != len(s):
            raise ValueError(tr("{items} uses a tile twice: each tile is covered once", items="+".join(map(str, s))))
        out.append(tuple(sorted(s, reverse=True)))
    return out


def sets_exercise(total: int, uncovered: Iterable[int] = TILES) -> Exercise:
    """ "Write every set for ``total``" with the given tiles open, checked against the enumeration.  The prompt's
    format example uses another total, so it never lists the answer."""
    open_tiles = tuple(sorted(set(uncovered)))
    right = tiles_summing_to(total, open_tiles)
    covered = [t for t in TILES if t not in open_tiles]
    where = (
        ""
        if not covered
        else ntr(
            " (tile {items} is already covered)",
            " (tiles {items} are already covered)",
            len(covered),
            items=tile_list(covered),
        )
    )

    def check(answer: Any) -> tuple[bool, str]:
        given = parse_sets(answer)
        problems = []
        for s in given:
            if sum(s) != total:
                problems.append(
                    tr("{items} makes {sum}, not {total}", items="+".join(map(str, s)), sum=sum(s), total=total)
                )
            elif any(t not in open_tiles for t in s):
                problems.append(
                    tr(
                        "{items} uses covered tile {next}",
                        items="+".join(map(str, s)),
                        next=next(t for t in s if t not in open_tiles),
                    )
                )
        dupes = [s for s, n in Counter(given).items() if n > 1]
        if dupes:
            problems.append(tr("{items} is listed twice", items="+".join(map(str, dupes[0]))))
        if problems:
            return False, "; ".join(problems) + "."
        missing = [s for s in right if s not in given]
        if missing:
            size = ntr("one tile", "{n} tiles", len(missing[0]))
            return False, ntr(
                "All correct so far, but {n} set is missing: it has {size}. Go largest tile first, and "
                "after each tile try every smaller open tile.",
                "All correct so far, but {n} sets are missing: one of them has {size}. Go largest tile "
                "first, and after each tile try every smaller open tile.",
                len(missing),
                size=size,
            )
        return True, tr("All {n} sets: {items}.", n=len(right), items="; ".join("+".join(map(str, s)) for s in right))

    # the format example is never the asked total: its sets would be the answer
    prompt = (
        tr(
            "Write every set of open tiles that makes {total}{where}. Put + between the tiles of a set and ; "
            "between two sets (for 5 you would write 5; 4+1; 3+2).",
            total=total,
            where=where,
        )
        if total != 5
        else tr(
            "Write every set of open tiles that makes {total}{where}. Put + between the tiles of a set and ; "
            "between two sets (for 4 you would write 4; 3+1).",
            total=total,
            where=where,
        )
    )
    return Exercise(
        prompt,
        check,
        hint=tr("Largest tile first: take a tile, then look for the rest among smaller tiles."),
        answer="; ".join("+".join(map(str, s)) for s in right),
        solutions=["; ".join("+".join(map(str, s)) for s in right)],
        wrong=[
            "; ".join("+".join(map(str, s)) for s in right[:-1]),
            "; ".join("+".join(map(str, s)) for s in right + [(total - 1, 1) if total - 1 > 1 else (1,)])
            if (total - 1, 1) not in right
            else "; ".join("+".join(map(str, s)) for s in right) + "; 3+2",
        ],
        key=f"sets {total} {open_tiles}",
    )


# ====================================================================== 2. the dice


def sets_table(total: int, uncovered: Iterable[int] = TILES) -> Table:
    """Every set of open tiles making ``total``, in the rules sheet's order, as a table for the page."""
    sets = tiles_summing_to(total, tuple(sorted(set(uncovered))))
    return Table(
        [tr("set"), tr("tiles")],
        [[i, " + ".join(map(str, st))] for i, st in enumerate(sets, 1)],
        caption=tr("The sets that make {total}", total=total),
    )


def sets_count_table(totals: Iterable[int] = range(2, 12)) -> Table:
    """How many sets make each total on a full box (a table for the page)."""
    totals = list(totals)
    return Table(
        [tr("total")] + [str(t) for t in totals],
        [[tr("sets on a full box")] + [len(tiles_summing_to(t)) for t in totals]],
    )


def simulation_table(n: int = 36_000, seed: int = 2) -> Table:
    """Each total of two dice: its exact chance beside its share of ``n`` seeded simulated rolls."""
    sim = simulate_sums(n, seed)
    return Table(
        [tr("total"), tr("exact chance"), tr("share of {n} simulated rolls", n=number(n))],
        [
            [t, number(100 * float(p), 2) + " %", number(100 * sim[t] / n, 2) + " %"]
            for t, p in sum_distribution().items()
        ],
    )


def one_die_table() -> Table:
    """The six totals of one die, each as likely as the others."""
    return Table([tr("total of one die")] + [str(t) for t in range(1, 7)], [[tr("chance")] + [tr("1 in 6")] * 6])


# ====================================================================== 3. strategy: simulations


# ====================================================================== 4. strategy: the table
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
    k/36, and the page's one format for a chance to shut is "games in 100")."""
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
(about 13 games in 100 against 11).  Not an exercise's position."""


def comparison_table(
    uncovered: Iterable[int] = WORKED_COMPARISON[0], roll: int = WORKED_COMPARISON[1], rules: Rules | None = None
) -> Table:
    """Each set for ``roll``: the tiles it leaves open, how the next rolls can shut them (:func:`shut_ways`) and
    the chance to shut then, from the solver (games in 100).  Every set must leave one or two tiles."""
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
        caption=tr("Tiles {items} open, a roll of {roll}, two dice always", items=tile_list(open_tiles), roll=roll),
    )


DISAGREEMENT = ((1, 2, 5, 7, 9), 12)
"""Lesson 4's "Two goals, two answers" position (two dice always, like the page's tables): 9+2+1 leaves 5 and 7,
the better chance to shut (about 6 games in 100 against 4); 7+5 leaves 1, 2 and 9, the lower expected score
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

    def plain(v: Fraction) -> str:  # what the pupil reads: "about 13 games in 100", "about 8.3"
        return chance_words(v) if objective == "shut" else tr("about {score}", score=number(float(v), 1))

    def name(tiles: Sequence[int]) -> str:
        return "+".join(map(str, tiles))

    def check(answer: Any) -> tuple[bool, str]:
        sets = parse_sets(answer)
        if len(sets) != 1:
            raise ValueError(tr("give one set: its tiles with + between them"))
        s = sets[0]
        if sum(s) != roll:
            return False, tr("{items} makes {sum}, not {roll}.", items=name(s), sum=sum(s), roll=roll)
        if any(x not in open_tiles for x in s):
            return False, tr("{items} uses a covered tile.", items=name(s))
        v = t.value(m ^ mask_of(s))
        others = ptr("between items in a list", ", ").join(
            f"{name(o)} → {plain(w)}" for o, w in options if o not in best
        )
        if s in best:
            if objective == "shut":
                return True, tr(
                    "Right: {items} is best. What it leaves shuts the box in {value}. The other sets: {others}.",
                    items=name(s),
                    value=plain(v),
                    others=others,
                )
            return True, tr(
                "Right: {items} is best. It leaves an expected score of {value}. The other sets: {others}.",
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
        """Every set, the tiles it leaves and their exact value — the comparison the pupil made, to check it.  The
        widget offers it only once the exercise is solved or its answer shown (it names the best set)."""
        sets = parse_sets(answer)
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
    always = " " + tr("Two dice are rolled always.") if rules.one_die == "never" else ""
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


def chance_words(v: Fraction | float) -> str:
    """A chance as a pupil reads it: "about 13 games in 100" (whole games; "fewer than 1 game in 100")."""
    n = round(100 * float(v))
    if n < 1 and v > 0:
        return tr("fewer than 1 game in 100")
    return ntr("about {n} game in 100", "about {n} games in 100", n)


def chance_words_tenths(v: Fraction | float) -> str:
    """A chance in the page's one format, to a tenth of a game: "about 9.8 games in 100" — for the tables whose
    chances are too close for whole games (the rules of thumb, the one-die rules)."""
    return tr("about {n} games in 100", n=number(100 * float(v), 1))


def exact_chance(v: Fraction) -> str:
    """A chance exactly (a fraction when short) and as a percentage to two decimals, for a details box."""
    pct = f"{number(100 * float(v), 2)} %"
    if isinstance(v, Fraction) and v.denominator != 1 and v.denominator <= 10_000:
        return f"{v} ≈ {pct}"
    return pct


def page_score(v: Fraction) -> str:
    """An expected score as a pupil's page shows it: a fraction whose denominator has at most two digits beside its
    two decimals ("103/18" is long: 5.72 alone), else the two decimals."""
    if isinstance(v, Fraction) and v.denominator != 1 and v.denominator < 100:
        return f"{v} ≈ {number(float(v), 2)}"
    return number(float(v), 2)


def exact_score(v: Fraction) -> str:
    """An expected score exactly (a fraction when short) and to two decimals, for a details box."""
    if isinstance(v, Fraction) and v.denominator != 1 and v.denominator <= 10_000:
        return f"{v} ≈ {number(float(v), 2)}"
    return number(float(v), 2)


class WithExact:
    """A table for the pupil with the exact numbers behind it in a closed ``<details>`` box under it."""

    def __init__(self, table: Table, exact: Table, summary: str = ""):
        self.table, self.exact = table, exact
        self.summary = summary or tr("The exact numbers")

    def _repr_html_(self) -> str:
        return (
            self.table._repr_html_()
            + f"<details><summary>{html_escape(self.summary)}</summary>"
            + self.exact._repr_html_()
            + "</details>"
        )

    def __str__(self) -> str:
        return str(self.table)

    __repr__ = __str__


def objectives_table(
    uncovered: Iterable[int] = DISAGREEMENT[0], roll: int = DISAGREEMENT[1], rules: Rules | None = None
) -> WithExact:
    """ "Two goals, two answers": each set's chance to shut the box (in games in 100) and expected score (one
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


def fill_table(rules: Rules | None = None) -> WithExact:
    """The first rows of the table (:func:`fill_steps`): open tiles, which rolls cover a set and what they leave,
    the chance to shut in one format, games in 100, and the expected score (exercise 1's tile says "your answer
    to exercise 1", so the page never states it); the exact fractions in a details box."""
    rows = fill_steps(rules)
    head = [tr("open tiles"), tr("rolls that cover a set"), tr("chance to shut"), tr("expected score")]

    def tiles(r: dict) -> str:
        return tile_list(r["open"]) or tr("none")

    def chance(v: Fraction) -> str:
        return tr("shut already") if v == 1 else tr("never") if v == 0 else chance_words(v)

    def own(r: dict) -> bool:  # exercise 1's tile: its expected score is the pupil's own answer
        return r["open"] == (EXPECTED_EXERCISE_TILE,)

    plain = [
        [
            tiles(r),
            r["why"],
            chance(r["value"]),
            tr("your answer to exercise 1")
            if own(r)
            else str(r["score"])
            if r["score"].denominator == 1
            else number(float(r["score"]), 2),
        ]
        for r in rows
    ]
    exact = [
        [tiles(r), exact_fraction(r["value"]), tr("your answer to exercise 1") if own(r) else exact_score(r["score"])]
        for r in rows
    ]
    return WithExact(Table(head, plain), Table([head[0], tr("exact chance"), head[3]], exact))


# ====================================================================== 4b. rules of thumb, exactly
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
    """Each rule of thumb's exact chance to shut the box, in the page's format (games in 100, to a tenth)."""
    rules = rules or Rules()
    return Table(
        [tr("how you choose the set"), tr("chance to shut the box")],
        [[tr(POLICY_WORDS[p]), chance_words_tenths(policy_shut_probability(p, rules))] for p in policies],
        caption=tr("One player's turn — {dice}", dice=tr(DICE_RULE_WORDS.get(rules.one_die, "")) or rules.in_words()),
    )


def worst_rule_of_thumb(rules: Rules | None = None) -> str:
    """Which of random / most tiles / largest tile shuts the box least often (exactly)."""
    return min(POLICIES[:3], key=lambda p: policy_shut_probability(p, rules))


def dice_rules_table() -> Table:
    """The one-die rules a pupil meets (:data:`DICE_RULE_WORDS`: the lessons' rule, the variant of the rules,
    two dice always), each with its exact best-play shut chance (games in 100, to a tenth) and lowest expected
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


# ====================================================================== 5. exercises
def ending_rolls(open_tiles: Iterable[int], rules: Rules | None = None) -> list[int]:
    """The totals that would end a turn with these tiles open: the totals the dice allowed here can roll (one
    die 1–6 when the rules allow it, two dice 2–12) that no set of the open tiles makes.  Empty means a turn
    cannot end with exactly these tiles open."""
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(open_tiles)))
    if not open_tiles or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=open_tiles))
    totals = set()
    for dice in rules.dice_options(mask_of(open_tiles)):
        totals |= set(range(dice, 6 * dice + 1))
    return [t for t in sorted(totals) if not tiles_summing_to(t, open_tiles)]


def turn_score_exercise(open_tiles: Iterable[int] = (2, 3, 7)) -> Exercise:
    """ "The turn ends with these tiles open: what is the score?" (sum scoring).  A wrong answer is told its
    slip: the covered tiles' sum, the tiles read as digits (a variant's scoring), all the tiles (as if covered
    tiles counted), one tile left out, or the adding."""
    open_tiles = tuple(sorted(set(open_tiles)))
    if not ending_rolls(open_tiles):
        raise ValueError(
            tr("tiles {items}: every roll can be covered, so no turn ends with them open", items=tile_list(open_tiles))
        )
    n = Rules().score(mask_of(open_tiles))
    covered = sum(TILES) - n
    said = " + ".join(map(str, open_tiles))
    parts = [sum(open_tiles) - t for t in open_tiles] if len(open_tiles) > 1 else []

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.lesson import parse_int

        k = parse_int(answer)
        if k == n:
            return True, tr("Right: {said} = {n}. The open tiles are the score (lower is better).", said=said, n=n)
        if k == covered:
            return False, tr(
                "{k} is what the covered tiles add up to, but only the open tiles count: {said}.", k=k, said=said
            )
        digits = int("".join(map(str, open_tiles))) if len(open_tiles) > 1 else None
        if k == digits:  # the tiles read as one number: a variant's scoring, not ours
            return False, tr(
                "{k} reads the tiles as digits: that is a variant. In our rules you add the tiles: {said}.",
                k=k,
                said=said,
            )
        if k >= sum(TILES):  # as if the covered tiles counted as well
            return False, tr("Too high: only the open tiles count ({said}); covered tiles score nothing.", said=said)
        if k in parts:
            return False, tr("Too low: you left out a tile. Add up every open tile ({said}).", said=said)
        if k > n:
            return False, tr("Too high: check your adding of {said}, one tile at a time.", said=said)
        return False, tr("Too low: check your adding of {said}, one tile at a time.", said=said)

    return Exercise(
        tr("Your turn ends with tiles {items} still open. What is your score?", items=tile_list(open_tiles)),
        check,
        hint=tr("Add the numbers on the tiles that are still open."),
        answer=str(n),
        solutions=[n],
        wrong=[covered, n - 1, n + 1],
        key=f"score {open_tiles}",
    )


ROUND = ((N_("Ana"), (9,)), (N_("Bo"), (1, 2, 4)), (N_("Cai"), (3, 5)))
"""Lesson 1: three players' open tiles at the end of a round.  The fewest tiles open is not the lowest score."""


def round_winner_exercise(players: Sequence[tuple[str, Iterable[int]]] = ROUND) -> Exercise:
    """ "Who wins the round?": the lowest sum of open tiles wins (nobody shut the box).  Each wrong name is told
    its own reason: fewest tiles is not the rule, or that player's sum is higher than the winner's."""
    if len(players) < 2:
        raise ValueError(tr("give at least two players, not {n}", n=len(players)))
    scored = [(tr(name), tuple(sorted(set(tiles)))) for name, tiles in players]
    if any(not tiles or any(t not in TILES for t in tiles) for _, tiles in scored):
        raise ValueError(tr("each player needs open tiles from 1 to 9 (nobody shut the box)"))
    sums = {name: sum(tiles) for name, tiles in scored}
    low = min(sums.values())
    winners = [name for name, v in sums.items() if v == low]
    if len(winners) != 1:
        raise ValueError(tr("exactly one player must have the lowest score, not {n}", n=len(winners)))
    winner = winners[0]
    fewest = min(len(tiles) for _, tiles in scored)

    def said(tiles: tuple[int, ...]) -> str:
        return " + ".join(map(str, tiles)) + (f" = {sum(tiles)}" if len(tiles) > 1 else "")

    explanations = {}
    for name, tiles in scored:
        if name == winner:
            explanations[name] = tr(
                "Right: {name} scores {said}, the lowest score, and the lowest score wins.", name=name, said=said(tiles)
            )
        elif len(tiles) == fewest:
            explanations[name] = tr(
                "Not {name}: fewest tiles open is not the rule. {name} scores {said}, and {winner} scores only {low}.",
                name=name,
                said=said(tiles),
                winner=winner,
                low=low,
            )
        else:
            explanations[name] = tr(
                "Not {name}: {name} scores {said}, more than {winner}'s {low}. The lowest score wins.",
                name=name,
                said=said(tiles),
                winner=winner,
                low=low,
            )
    table_ = "; ".join(
        ntr("{name}: tile {tiles} open", "{name}: tiles {tiles} open", len(tiles), name=name, tiles=tile_list(tiles))
        for name, tiles in scored
    )
    return Exercise(
        tr("Nobody shut the box. At the end of the round: {table}. Who wins?", table=table_),
        choice_checker(winner, explanations),
        hint=tr("Work out each player's score first."),
        answer=winner,
        solutions=[winner],
        choices=[name for name, _ in scored],
        wrong=[name for name, _ in scored if name != winner],
        key="round winner",
    )


def ending_roll_exercise(open_tiles: Iterable[int] = (2, 6, 9), rolls: Sequence[int] = (8, 5, 11, 6)) -> Exercise:
    """ "Which of these rolls ends your turn?": exactly one of ``rolls`` fits no set of the open tiles; each
    other roll is told the set that makes it."""
    open_tiles = tuple(sorted(set(open_tiles)))
    ending = [r for r in rolls if not tiles_summing_to(r, open_tiles)]
    if len(ending) != 1:
        raise ValueError(tr("exactly one roll must end the turn, not {n}", n=len(ending)))
    explanations = {}
    for r in rolls:
        sets = tiles_summing_to(r, open_tiles)
        if sets and len(sets[0]) == 1:
            explanations[str(r)] = tr("Not {roll}: tile {roll} is open, so you cover it.", roll=r)
        elif sets:
            explanations[str(r)] = tr(
                "Not {roll}: {items} makes {roll}, and those tiles are open.",
                roll=r,
                items=" + ".join(map(str, sets[0])),
            )
        else:
            every = "; ".join(" + ".join(map(str, s)) for s in tiles_summing_to(r))
            explanations[str(r)] = tr(
                "Right: the sets for {roll} are {every}, and each needs a tile that is already covered. The turn ends.",
                roll=r,
                every=every,
            )
    return Exercise(
        tr("Tiles {items} are open. Which of these rolls ends your turn?", items=tile_list(open_tiles)),
        choice_checker(str(ending[0]), explanations),
        hint=tr("For each roll, look for open tiles that add up to it."),
        answer=str(ending[0]),
        solutions=[str(ending[0])],
        choices=[str(r) for r in rolls],
        wrong=[str(r) for r in rolls if r != ending[0]],
        key=f"ending roll {open_tiles}",
    )


LEGAL_SET = ((1, 3, 4, 6, 8), 11)
"""Lesson 1, exercise 5: tiles 1, 3, 4, 6 and 8 open, a roll of 11.  Two sets may be covered (8 + 3, 6 + 4 + 1);
the tempting 9 + 2, 7 + 4 and 6 + 5 each need a covered tile, 6 + 4 makes only 10."""


def legal_set_exercise(open_tiles: Iterable[int] = LEGAL_SET[0], roll: int = LEGAL_SET[1]) -> Exercise:
    """ "Write one set you may cover for this roll": every legal set is right (covering any of them is a legal
    move); a wrong one is told its own slip — it uses a covered tile (named), or its tiles make another total.
    Refused when no set of the open tiles makes the roll (that turn is over)."""
    open_tiles = tuple(sorted(set(open_tiles)))
    if not open_tiles or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=open_tiles))
    right = tiles_summing_to(roll, open_tiles)
    if not right:
        raise ValueError(tr("tiles {items}: no set makes {roll}", items=tile_list(open_tiles), roll=roll))

    def name(tiles: Sequence[int]) -> str:
        return " + ".join(map(str, tiles))

    def check(answer: Any) -> tuple[bool, str]:
        sets = parse_sets(answer)
        if len(sets) != 1:
            raise ValueError(tr("give one set: its tiles with + between them"))
        given = sets[0]
        shut = [t for t in given if t not in open_tiles]
        if shut:
            return False, ntr(
                "Tile {items} is already covered: you may cover only open tiles ({open}).",
                "Tiles {items} are already covered: you may cover only open tiles ({open}).",
                len(shut),
                items=tile_list(sorted(shut)),
                open=tile_list(open_tiles),
            )
        if sum(given) != roll:
            return False, tr(
                "{items} makes {sum}, not {roll}: the tiles you cover must add up to the roll.",
                items=name(given),
                sum=sum(given),
                roll=roll,
            )
        others = [name(st) for st in right if st != given]
        return True, (
            tr(
                "Right: {items} = {roll}, and each of those tiles is open. You could also cover {others}.",
                items=name(given),
                roll=roll,
                others=tr(" or ").join(others),
            )
            if others
            else tr("Right: {items} = {roll}, and each of those tiles is open.", items=name(given), roll=roll)
        )

    wrong = [st for st in tiles_summing_to(roll) if st not in right][:3]  # each needs a covered tile
    if len(right[0]) > 1:
        wrong.append(right[0][:-1])  # a tile short: another total
    return Exercise(
        tr(
            "Tiles {items} are open and you rolled {roll}. Write one set of tiles you may cover, "
            "with + between the tiles.",
            items=tile_list(open_tiles),
            roll=roll,
        ),
        check,
        hint=tr(
            "Only open tiles count, and they must add up to {roll} exactly. Try the largest "
            "open tile first: what is missing?",
            roll=roll,
        ),
        answer="+".join(map(str, right[0])),
        solutions=["+".join(map(str, st)) for st in right],
        wrong=["+".join(map(str, st)) for st in wrong],
        key=f"legal set {open_tiles} {roll}",
    )


ONE_DIE_BOXES = ((1, 2, 3, 8), (4, 5, 6), (2, 7), (1, 9))
"""Lesson 1, exercise 3: four boxes; under the sheet's rule only one of them lets you roll one die."""


def one_die_exercise(boxes: Sequence[Sequence[int]] = ONE_DIE_BOXES, rules: Rules | None = None) -> Exercise:
    """ "In which of these boxes may you roll one die?" under ``rules`` (default: the sheet's basic game)."""
    rules = rules or Rules()
    boxes = [tuple(sorted(set(b))) for b in boxes]
    names = [", ".join(map(str, b)) for b in boxes]
    allowed = [n for n, b in zip(names, boxes) if 1 in rules.dice_options(mask_of(b))]
    if len(allowed) != 1:
        raise ValueError(tr("exactly one box must allow one die, not {n}", n=len(allowed)))
    rule = tr(DICE_RULE_WORDS[rules.one_die]) if rules.one_die in DICE_RULE_WORDS else rules.in_words().split(";")[0]
    explanations = {}
    for n, b in zip(names, boxes):
        high = [str(t) for t in b if t >= 7]
        if n in allowed:
            explanations[n] = tr(
                "Right: with {items} open, 7, 8 and 9 are all covered — the rule is: {rule}.", items=n, rule=rule
            )
        else:
            explanations[n] = ntr(
                "Not this box: {high} is still open, and the rule is: {rule}.",
                "Not this box: {high} are still open, and the rule is: {rule}.",
                len(high),
                high=tr(" and ").join(high),
                rule=rule,
            )
    return Exercise(
        tr("In which of these boxes may you roll just one die? (The numbers are the open tiles.)"),
        choice_checker(allowed[0], explanations),
        hint=tr("Which tiles must be covered before one die is allowed?"),
        answer=allowed[0],
        solutions=allowed,
        choices=names,
        wrong=[n for n in names if n not in allowed],
        key="one die box" if tuple(boxes) == ONE_DIE_BOXES else f"one die box {tuple(boxes)}",
    )


def count_sets_hint(total: int, open_tiles: Sequence[int]) -> str:
    """Where to start counting the sets for ``total``: the largest open tile below the total, then the next one."""
    below = sorted((t for t in open_tiles if t < total), reverse=True)
    if len(below) < 2:
        return tr("Go largest tile first, and count each set once.")
    return ntr(
        "Start with {top}, the largest open tile below {total}: what makes the remaining {number}? "
        "Then start with {next}, and so on.",
        "Start with {top}, the largest open tile below {total}: what makes the remaining {number}? "
        "Then start with {next}, and so on.",
        total - below[0],
        top=below[0],
        total=total,
        number=total - below[0],
        next=below[1],
    )


def ordered_count(sets: Iterable[Sequence[int]]) -> int:
    """How many sets there are when each order of the same tiles is counted apart (8+1 and 1+8 as two)."""
    from math import factorial

    return sum(factorial(len(s)) for s in sets)


def count_sets_exercise(total: int = 12, uncovered: Iterable[int] = TILES) -> Exercise:
    """ "How many different sets make ``total``?".  Each common wrong count gets its own reason: the count for
    the full box (sets that use a covered tile counted too), the same tiles counted again in another order, too
    few (sets of several tiles missed), or — for any other count, where no one slip is plausible — a neutral
    "count again, largest tile first"."""
    open_tiles = tuple(sorted(set(uncovered)))
    sets = tiles_summing_to(total, open_tiles)
    n = len(sets)
    every = tiles_summing_to(total)
    full = len(every)
    orders = ordered_count(sets)
    longest = max(sets, key=len)
    covered = [t for t in TILES if t not in open_tiles]
    several = [s for s in sets if len(s) > 1]
    twice = several[-1] if several else None

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.lesson import parse_int

        k = parse_int(answer)
        if k == n:
            return True, tr("Right: {n} sets make {total}.", n=n, total=total)
        if covered and k == full:
            return False, ntr(
                "That is the count with all nine tiles open. Tile {items} is covered: leave out every "
                "set that uses it.",
                "That is the count with all nine tiles open. Tiles {items} are covered: leave out every "
                "set that uses one of them.",
                len(covered),
                items=tile_list(covered),
            )
        if k < n:
            small = sum(1 for s in sets if len(s) <= 2)
            if k == small and small < n:
                return False, tr(
                    "Too few: go largest tile first and don't stop at pairs — a set may have {n} tiles.", n=len(longest)
                )
            if k < small:
                return False, tr(
                    "Too few, even among the single tiles and pairs. Go largest tile first: for each "
                    "tile, which smaller open tile makes the rest?"
                )
            return False, tr(
                "Too few: you have more than the pairs, but not every set of three or more tiles. After "
                "each pair, try adding smaller open tiles, largest first."
            )
        if twice is not None and k == orders:
            return False, tr(
                "Too many: you have counted the same tiles again in another order. {items} is the same "
                "set as {reverse}: count it once.",
                items="+".join(map(str, twice)),
                reverse="+".join(map(str, reversed(twice))),
            )
        return False, tr(
            "Too many. Go largest tile first: after a tile, add only smaller open tiles. Then no set is "
            "counted twice and no tile is used twice."
        )

    prompt = (
        tr("All nine tiles are open. How many different sets of tiles make {total}?", total=total)
        if open_tiles == TILES
        else tr(
            "Only tiles {items} are open. How many different sets of open tiles make {total}?",
            items=tile_list(open_tiles),
            total=total,
        )
    )
    wrong = (
        [n - 2 if n > 2 else n + 2, n + 1]
        + ([full] if covered and full not in (n, n + 1) else [])
        + ([orders] if orders not in (n, n + 1, full) else [])
    )
    return Exercise(
        prompt,
        check,
        hint=count_sets_hint(total, open_tiles),
        answer=str(n),
        solutions=[n],
        wrong=wrong,
        key=f"count sets {total}" if open_tiles == TILES else f"count sets {total} {open_tiles}",
        leaks=(f"{total}: {n}",),
    )


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


def parse_fraction(answer: Any) -> Fraction:
    """A fraction typed as ``"4/36"`` (spaces allowed), or ValueError saying how to write it."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", str(answer))
    if not match or int(match.group(2)) == 0:
        raise ValueError(tr("“{answer}” is not a fraction: write it like 5/36.", answer=str(answer).strip()))
    return Fraction(int(match.group(1)), int(match.group(2)))


def chance_exercise(total: int = 9) -> Exercise:
    """ "What is the chance of rolling ``total`` with two dice, as k/36?".  Any fraction equal to it is right;
    the count alone, one in eleven totals, each pair counted once, the right count over 6 instead of 36, and
    other counts each get their reason."""
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
        solutions=[f"{k}/36"],
        wrong=[str(k), "1/11", f"{unordered}/36", f"{k - 1}/36"],
        key=f"chance {total}",
        leaks=(f"{k}/36", f"{k} of the 36"),
    )


def roll_outcomes_exercise(open_tiles: Iterable[int] = (1, 2), stuck: bool = False) -> Exercise:
    """ "Count by hand: how many of the 36 outcomes let you cover a set (or, ``stuck``, end the turn)?"."""
    open_tiles = tuple(sorted(set(open_tiles)))
    good = [(a, b) for a, b in dice_outcomes() if bool(tiles_summing_to(a + b, open_tiles)) != stuck]
    n = len(good)
    usable = sorted({a + b for a, b in dice_outcomes() if tiles_summing_to(a + b, open_tiles)})
    what = tr("end your turn (no set fits)") if stuck else tr("let you cover a set")
    listing = (
        ", ".join(f"{a}+{b}" for a, b in good)
        if n <= 6
        else tr("the outcomes making {items}", items=", ".join(map(str, sorted({a + b for a, b in good}))))
    )
    per_total = Counter(a + b for a, b in good)
    unordered = len({tuple(sorted(o)) for o in good})
    too_many = (
        tr(
            "Too many: only the totals {items} can be covered with {items2} open.",
            items=", ".join(map(str, usable)),
            items2=tile_list(open_tiles),
        )
        if not stuck
        else tr(
            "Too many: the totals {items} can still be covered with {items2} open, so they do not end your turn.",
            items=", ".join(map(str, usable)),
            items2=tile_list(open_tiles),
        )
    )

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.lesson import parse_int

        k = parse_int(answer)
        if k == n:
            return True, tr("Right: {n} of 36 — {listing}.", n=n, listing=listing)
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
                "once. Count outcomes instead: (1, 2) and (2, 1) are different outcomes — first die, second "
                "die.",
                k=k,
                totals=tile_list(sorted(per_total)),
            )
        if k == unordered and k < n:
            return False, tr(
                "Too few: you counted each pair of numbers once. (1, 2) and (2, 1) are different outcomes — first "
                "die, second die."
            )
        if k == len(per_total) and k != n:
            return False, tr(
                "You counted totals, not outcomes. Most totals are made by several outcomes (first die, "
                "second die): count the outcomes of each total."
            )
        if k > n:
            return False, too_many
        if k == unordered:
            return False, tr(
                "Too few: you counted each pair of numbers once. (1, 2) and (2, 1) are different outcomes — first "
                "die, second die."
            )
        missed = [t for t, c in sorted(per_total.items()) if k == n - c]
        if missed:
            t = missed[0]
            return False, ntr(
                "Too few: you have left out the total {t}. It is made by {c} outcome.",
                "Too few: you have left out the total {t}. It is made by {c} outcomes.",
                per_total[t],
                t=t,
                c=per_total[t],
            )
        return False, tr(
            "Too few. Go through the totals 2 to 12 and ask for each: does a set of open tiles make "
            "it? Then count the outcomes of the totals that {what}.",
            what=what,
        )

    return Exercise(
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

    Each choice is told how many of its outcomes let you go on: one die out of 6, two dice out of 36 (and
    the same as a number of 36, so the two compare).  Refused when the rules give no choice or the chances tie."""
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
    said = tr(
        "One die goes on with {one} of its 6 outcomes, that is {one36} of 36; two dice go on with {two} of "
        "their 36 outcomes.",
        one=one,
        one36=one * 6,
        two=two,
    )
    explanations = {
        names[better]: tr("Right. {said}", said=said),
        names[3 - better]: tr("Not the better one. {said}", said=said),
        names[0]: tr("No: the number of dice changes which totals can come up, and how often. {said}", said=said),
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
            "outcomes as before. Compare them as numbers of 36 (one die's 1 in 6 is 6 in 36)."
        ),
        answer=names[better],
        solutions=[names[better]],
        choices=[names[1], names[2], names[0]],
        wrong=[names[3 - better], names[0]],
        key=f"go on dice {open_tiles}",
    )


def dice_shut_exercise(open_tiles: Iterable[int] = (2, 5), rules: Rules | None = None) -> Exercise:
    """ "One die or two: which gives the better chance to shut the box?" — the whole turn, not one roll.

    The answer is the solver's (:func:`gamekit.shutbox.strategy.table`, objective "shut": the chance to shut with
    the best play after the roll).  The prompt gives neither count nor chance, so the page does not answer it; a
    pupil who chooses by how often each choice goes on this roll is told why that count misleads when it points the
    other way, and both answers then say that the two questions can have different answers — an insight the page
    must not state above the exercise (``leaks``), as it would give away the two-way choice.  Refused when the rules
    give no choice of dice or the two chances to shut are equal."""
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(open_tiles)))
    m = mask_of(open_tiles)
    if rules.dice_options(m) != (1, 2):
        raise ValueError(
            tr("tiles {items}: the rules give no choice of one die or two here", items=tile_list(open_tiles))
        )
    shut = table(rules, "shut").dice_values(m)
    if shut[1] == shut[2]:
        raise ValueError(
            tr("tiles {items}: one die and two dice shut the box equally often", items=tile_list(open_tiles))
        )
    better = 1 if shut[1] > shut[2] else 2
    go_on = go_on_chances(open_tiles)
    one, two = int(go_on[1] * 36), int(go_on[2] * 36)
    names = {1: tr("one die"), 2: tr("two dice"), 0: tr("the same either way")}
    total = sum(open_tiles)
    reason = (
        tr(
            "Two dice can make {total} and cover every tile in one roll; one die never makes more than 6, so "
            "it must cover the tiles one roll at a time, and each roll can end the turn.",
            total=total,
        )
        if better == 2 and 6 < total <= 12
        else ""
    )
    numbers = tr(
        "With the best play after this roll, the chance to shut the box is {p1} with one die and {p2} with two dice.",
        p1=chance_words(shut[1]),
        p2=chance_words(shut[2]),
    )
    said = " ".join(s for s in (reason, numbers) if s)
    go_on_more = 1 if one > two else 2 if two > one else 0
    misled = (
        ""
        if go_on_more != 3 - better
        else (
            tr(
                "One die goes on more often on this roll ({more} of 36 against {less}), but that is one roll only.",
                more=one,
                less=two,
            )
            if go_on_more == 1
            else tr(
                "Two dice go on more often on this roll ({more} of 36 against {less}), but that is one roll only.",
                more=two,
                less=one,
            )
        )
    )
    lesson = (
        ""
        if not misled
        else tr(
            "The choice that goes on more often on one roll is not always the one that "
            "shuts the box more often by the end of the turn."
        )
    )
    explanations = {
        names[better]: " ".join(s for s in (tr("Right. {said}", said=said), lesson) if s),
        names[3 - better]: " ".join(s for s in (tr("Not the better one."), misled, said, lesson) if s),
        names[0]: tr("No: the number of dice changes which totals can come up, and how often. {said}", said=said),
    }
    return Exercise(
        tr(
            "Tiles {items} are open, and 7, 8 and 9 are covered, so you may roll one die or two. Which "
            "gives you the better chance to shut the box by the end of the turn?",
            items=tile_list(open_tiles),
        ),
        choice_checker(names[better], explanations),
        hint=tr(
            "Follow the turn to its end, not one roll. To shut the box every open tile must be covered: "
            "how many rolls does that take with one die, and with two dice?"
        ),
        answer=names[better],
        solutions=[names[better]],
        choices=[names[1], names[2], names[0]],
        wrong=[names[3 - better], names[0]],
        key=f"dice shut {open_tiles}",
        leaks=(tr("not always the same"), tr("not the whole story")),
    )


def parse_whole(answer: Any) -> int:
    """A whole number typed plain or with its thousands grouped ("3600", "3 600", "3,600", "3.600"), or
    ValueError saying how."""
    text_ = re.sub(r"[\s\u00a0\u202f]", "", str(answer))
    if re.fullmatch(r"\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*", text_, re.ASCII):
        text_ = re.sub(r"[.,]", "", text_)
    if not re.fullmatch(r"\d+", text_, re.ASCII):
        raise ValueError(
            tr(
                "“{answer}” is not a whole number: write digits only, with no words or signs.",
                answer=str(answer).strip(),
            )
        )
    return int(text_)


def spaced(n: int) -> str:
    """A whole number as the reader's language writes it: "3,600" in English, "3.600" in Spanish."""
    return number(n)


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
            "The computer is about to roll two dice {rolls} times. How many of those rolls would you "
            "expect to make a total of {total}? Work it out, and give just the number.",
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
        leaks=(tr("about {times} × {k} = {expect}", times=rolls // 36, k=k, expect=spaced(expect)),),
    )


def parse_decimal(answer: Any) -> tuple[Fraction, int]:
    """A number typed with a decimal point or comma ("5.83", "5,83") or as a fraction ("35/6"): its exact
    value and how many decimals were typed (None for a fraction).  ValueError says how to write it."""
    text_ = str(answer).strip()
    if "/" in text_:
        return parse_fraction(text_), None
    match = re.fullmatch(r"(\d+)(?:[.,](\d+))?", text_)
    if not match:
        raise ValueError(tr("“{answer}” is not a number: write it like 4.25 or as a fraction like 17/4.", answer=text_))
    return Fraction(text_.replace(",", ".")), len(match.group(2) or "")


def decimal_feedback(
    given: Fraction,
    decimals: int | None,
    value: Fraction,
    right: str,
    slips: Sequence[tuple[Fraction, str]],
    otherwise: str,
) -> tuple[bool, str]:
    """Judge a number typed for ``value`` "with two decimals, or as a fraction" — closeness first.

    Right: the exact fraction, or two or more decimals rounded from ``value``.  Then each slip ``(its value, why)``
    the number matches (exactly for a fraction or a whole number, else to the decimals typed); then a number that
    is ``value`` rounded to fewer than two decimals is told only to give two; a number one unit of its last decimal
    off is told to check its rounding; anything else gets ``otherwise``."""

    def rounds_to(target: Fraction) -> bool:
        return abs(given - target) <= Fraction(1, 2 * 10**decimals)

    if given == value if decimals is None else (decimals >= 2 and rounds_to(value)):
        return True, right
    for target, why in slips:
        if (given == target) if decimals in (None, 0) else rounds_to(target):
            return False, why
    if decimals is not None and decimals < 2 and rounds_to(value):
        return False, tr("Your value is right, but rounded too much: give it with two decimals, as the question asks.")
    if decimals is not None and decimals >= 2 and abs(given - value) < Fraction(2, 10**decimals):
        return False, tr(
            "Nearly: check the rounding. Work out one more decimal; if it is 5 or more round up, otherwise round down."
        )
    return False, otherwise


EXPECTED_EXERCISE_TILE = 7
"""Lesson 4: the one-tile state whose expected score the pupils compute (the page's trees are 9 and 8, 9)."""


def expected_score_exercise(tile: int = EXPECTED_EXERCISE_TILE, rules: Rules | None = None) -> Exercise:
    """ "Only ``tile`` is open: what is the expected score?", computed by the pupil with a two-branch tree.

    Right: the exact value, as a fraction or rounded to one or two decimals.  Wrong answers told why: the
    score if you miss (forgot the branch that shuts the box), the shutting branch alone, the chance of
    missing instead of the score, and the roll's chance miscounted."""
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
            ),
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
        )

    return Exercise(
        tr(
            "Only tile {tile} is open, so you roll two dice. What is the expected score? Give it "
            "with two decimals, or as a fraction.",
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

    Right: the exact value (the table's), as a fraction or to two decimals.  Wrong answers told why: the tile
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
        )

    return Exercise(
        tr(
            "Tiles {a} and {b} are open, and no roll covers both. What is the expected score? Give it with "
            "two decimals, or as a fraction.",
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


# Lesson 4, exercises 3–5 and 6–8: small positions (two dice always, like the page's table) whose sets each leave
# one or two tiles, so the pupil works out what each set leaves from the table's one-tile rows and a short tree,
# as the worked comparison (:data:`WORKED_COMPARISON`) shows; the best set beats the other clearly (2 games in
# 100, or more than a point).  The extension challenge is the one position where no rule of thumb is enough.
SHUT_EXERCISE = ((1, 4, 6, 9), 10, "shut")
"""Exercises 3–5: 9+1 leaves tiles 4 and 6 (a roll of 10, or 4 then 6, or 6 then 4: about 11 games in 100); 6+4
leaves 1 and 9 (only a roll of 10: about 8), since two dice never make 1."""
SCORE_EXERCISE = ((1, 3, 5, 7), 8, "score")
"""Exercises 6–8: 7+1 leaves tiles 3 and 5 (expected score 6.12: a roll of 8 shuts them, a 5 or a 3 leaves the
other, from the table's one-tile rows); 5+3 leaves 1 and 7 (5.72: a roll of 8 shuts them, a 7 leaves the 1, which
two dice never make).  5+3 is best though 7 is the largest tile: "cover the largest tile" fails here."""
CHALLENGE_POSITIONS = [((1, 2, 4, 5, 6, 7, 8, 9), 12, "shut")]
"""The extension challenge (our lessons' rule): 8+4 to shut, not 9+2+1 (the largest tile), 7+5 (the closest
pair) nor a set of three or four tiles.  No rule of thumb the page names finds it; the hint gives the method."""
EXERCISE_RULES = {SHUT_EXERCISE: FILL_RULES, SCORE_EXERCISE: FILL_RULES}
"""The rules each "which set?" position of lesson 4 is judged under: the table's (two dice always) for exercises
3–5 and 6–8, the lessons' rule (the default) for the challenge."""


def leave_value_exercise(
    uncovered: Iterable[int], roll: int, cover: Iterable[int], objective: str = "shut", rules: Rules | None = None
) -> Exercise:
    """Lesson 4's method, one set at a time: "if you cover ``cover``, which tiles stay open, and how good is that
    position?" — the chance to shut it (whole games in 100) or its expected score (two decimals or a fraction).

    It comes before the "which set is best?" question on the same position, so a habit (the largest tile) cannot
    pass it: the pupil must work out what each set leaves.  Right: the table's value (``objective``, ``rules``).
    Wrong answers told why: only the one roll that covers every tile left counted (shut), the count of outcomes
    out of 36 typed as games in 100 (shut), the score if the turn ended now (score).  Refused when ``cover`` is
    not a set of open tiles making ``roll``, or leaves no tile open."""
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
    always = " " + tr("Two dice are rolled always.") if rules.one_die == "never" else ""
    key = f"leave {open_tiles} {roll} {name} {objective}"
    if objective == "shut":
        games = round(100 * float(value))
        k = value * 36
        one_roll = two_dice_probability(sum(left)) if len(left) > 1 else None

        def check(answer: Any) -> tuple[bool, str]:
            given = parse_whole(re.sub(r"^\s*(?:about|around|unos|unas|~|≈)\s*", "", str(answer), flags=re.I))
            if given == games:
                return True, tr(
                    "Right: {set} leaves {left}, and the next rolls shut them in {chance}.",
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
            if k.denominator == 1 and given == k and k != games:
                return False, tr(
                    "{k} is the number of outcomes of 36. The question asks for games in 100: {k}/36 of 100.", k=int(k)
                )
            return False, tr(
                "Not quite. List the ways the next rolls can shut {left}, as in the worked example: the "
                "chance of each way, then add.",
                left=tile_list(left),
            )

        return Exercise(
            tr(
                "Tiles {items} are open and you rolled {roll}. If you cover {set}, which tiles stay open? "
                "In about how many games in 100 do the next rolls shut them? Give a whole number.",
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
            + ([str(k)] if k.denominator == 1 and k != games else []),
            key=key,
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
        given, decimals = parse_decimal(answer)
        right = tr(
            "Right: {set} leaves {left}, with an expected score of {exact}.",
            set=name,
            left=tile_list(left),
            exact=page_score(value),
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
            * (face_only is not None),
            tr(
                "Not quite. Draw the tree of {left}: one branch for each roll that covers tiles, one for every other "
                "roll; multiply each score by its chance and add.",
                left=tile_list(left),
            ),
        )

    return Exercise(
        tr(
            "Tiles {items} are open and you rolled {roll}. If you cover {set}, which tiles stay open, and "
            "what is their expected score? Give it with two decimals, or as a fraction.",
            items=tile_list(open_tiles),
            roll=roll,
            set=name,
        )
        + always,
        check_score,
        hint=tr(
            "Write the tiles left open first. Then use the page's trees, or draw one with the table's one-tile rows."
        ),
        answer=page_score(value),
        solutions=[str(value)] if value.denominator == 1 else [str(value), number(float(value), 2)],
        wrong=[str(sum(left))]
        + ([number(float(both_only), 2)] if both_only is not None else [])
        + ([number(float(face_only), 2)] if face_only is not None else []),
        key=key,
    )


def leave_value_exercises(position: tuple, rules: Rules | None = None) -> list[Callable[[], Exercise]]:
    """One :func:`leave_value_exercise` per set that makes the roll, largest tile first (the page's order)."""
    open_tiles, roll, objective = position
    return [
        partial(leave_value_exercise, open_tiles, roll, s, objective, rules) for s in tiles_summing_to(roll, open_tiles)
    ]


def challenge_exercise(position: tuple = CHALLENGE_POSITIONS[0]) -> Exercise:
    """Lesson 4's extension challenge: :func:`best_set_exercise` on a position no rule of thumb solves, with a
    hint that gives the method (compare what each set leaves, two positions at a time) instead of a rule."""
    ex = best_set_exercise(*position)
    if Rules().one_die == "after_789":  # the lessons' rule, which the prompt states as exercises 3–8 state theirs
        ex.prompt += " " + tr("You may roll one die once 7, 8 and 9 are covered.")
    ex.hint = tr(
        "No rule of thumb settles this one. The method: write the tiles each set leaves open, then compare "
        "those positions two at a time — which one can the next rolls shut more often? A lone 1, or several "
        "big tiles, are hard to shut."
    )
    return ex


RULES_OF_THUMB = (N_("the largest tile"), N_("the most tiles"), N_("the fewest tiles"), N_("two tiles close in value"))
"""The habits lesson 4 names as rules of thumb (heuristics) for choosing a set, in the page's order."""


def rule_of_thumb_picks(rule: str, sets: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The sets a rule of thumb of :data:`RULES_OF_THUMB` picks among ``sets`` (each largest tile first); several
    when it cannot tell them apart (it then picks none alone).  ValueError for an unknown rule."""
    sets = [tuple(sorted(s, reverse=True)) for s in sets]
    if rule not in RULES_OF_THUMB:
        raise ValueError(tr("rule {rule!r}: choose one of {items}", rule=rule, items=", ".join(RULES_OF_THUMB)))
    if not sets:
        return []
    if rule == RULES_OF_THUMB[0]:
        return [max(sets)]
    if rule == RULES_OF_THUMB[1]:
        return [s for s in sets if len(s) == max(map(len, sets))]
    if rule == RULES_OF_THUMB[2]:
        return [s for s in sets if len(s) == min(map(len, sets))]
    pairs = [s for s in sets if len(s) == 2]
    return [s for s in pairs if s[0] - s[1] == min(p[0] - p[1] for p in pairs)]


def goals_why_exercise(
    uncovered: Iterable[int] = DISAGREEMENT[0], roll: int = DISAGREEMENT[1], rules: Rules | None = None
) -> Exercise:
    """ "Why is one set better for a low score and another better for shutting the box?" on the "Two goals"
    position: four reasons to choose from, each one a pupil could believe.  The right one is computed from the
    position (the rolls that cover the big tile the low-score set leaves, and what stays open then); each wrong
    one is told why, with the position's numbers: both sets leave the same points; the small tiles left are hard
    to cover, not easy (few outcomes of two dice make them); the pair the other set leaves explains shutting, not
    the score.  All four are written alike ("After …, …") and of about the same length."""
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
    if big != max(open_tiles) or sum(1 for a, b in dice_outcomes() if tiles_summing_to(a + b, small)) * 2 >= 36:
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
    reasons = {
        "low score": tr(
            "After {low}, a roll of {first} to {last} covers the {big}; then at most {small} stays open.",
            low=name[for_score],
            first=covers_big[0],
            last=covers_big[-1],
            big=big,
            small=small_words,
        ),
        "same points": tr(
            "After {low}, fewer points stay open than after {shut}, whatever the next rolls are.",
            low=name[for_score],
            shut=name[for_shut],
        ),
        "small easy": tr(
            "After {low}, most rolls cover the small tiles {small}; then at most the {big} stays open.",
            low=name[for_score],
            small=tile_list(small),
            big=big,
        ),
        "shut pair": tr(
            "After {shut}, tiles {left} stay open; one roll of {sum} covers them both at once.",
            shut=name[for_shut],
            left=tile_list(shut_left),
            sum=sum(shut_left),
        ),
    }
    explanations = {
        reasons["low score"]: tr(
            "Right. Playing for a low score, what counts is the points still open when the turn "
            "ends; playing to shut, only shutting counts."
        ),
        reasons["same points"]: tr(
            "No: both sets cover {roll} points, so both leave {points} points open. What "
            "differs is which tiles are left.",
            roll=roll,
            points=points,
        ),
        reasons["small easy"]: ntr(
            "No: only a roll of {rolls} covers one of them, and two dice make that in just "
            "{n} outcome of 36, so the small tiles are hard to cover. What helps is that the "
            "{big} is easy to cover.",
            "No: only a roll of {rolls} covers one of them, and two dice make that in just "
            "{n} outcomes of 36, so the small tiles are hard to cover. What helps is that the "
            "{big} is easy to cover.",
            small_outcomes,
            rolls=tr("{items} or {last}", items=", ".join(map(str, small_rolls[:-1])), last=small_rolls[-1])
            if len(small_rolls) > 1
            else str(small_rolls[0]),
            big=big,
        ),
        reasons["shut pair"]: tr(
            "True, but that is why {shut} is better for shutting the box. The question is why "
            "{low} gives a lower score.",
            shut=name[for_shut],
            low=name[for_score],
        ),
    }
    order = ("same points", "small easy", "low score", "shut pair")
    return Exercise(
        tr(
            "Tiles {items} are open, you roll {roll}, and two dice are rolled always. {shut} is better for "
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


LESSON_4_EXCLUDED = (
    "shut-cbe6bbb9c3",
    "shut-616cc5d408",
    "shut-c7470c818a",
    "shut-8829d25006",
    "shut-0e2780a9c2",
    "shut-7c53c03347",
    "shut-a29b22c30c",
    "shut-a93e720787",
)
"""Bank puzzles lesson 4's practice leaves out: the three lesson 2's practice uses (it asks for every set of the
same positions), exercise 4's own position and one a tile away from it, challenge 2's own position, and exercise
3's board (tiles 1, 2, 3, 5, 6 and 7 open, a roll of 8) asked for a low score, and the one whose best set leaves
the same tiles (1, 3, 5, 7 and 9) as another practice item's."""

HARD_THUMB_ANSWERED = (
    "shut-095da78a72",
    "shut-0f10418bf4",
    "shut-20f759605e",
    "shut-2f14d225b6",
    "shut-2f9165eb1d",
    "shut-37795a405d",
    "shut-4e02ca89fd",
    "shut-4e0b8c4158",
    "shut-55b52429b5",
    "shut-63e03621bf",
    "shut-64681e3a6c",
    "shut-7247eb77aa",
    "shut-798a1b9d99",
    "shut-7b56f155ea",
    "shut-7c2169267b",
    "shut-830b8c50f1",
    "shut-84fa58e69d",
    "shut-8e1050b58d",
    "shut-9c265ce249",
    "shut-a4c33723c6",
    "shut-bb4e76aec4",
    "shut-c7470c818a",
    "shut-c7777d9660",
    "shut-cdac42c714",
    "shut-ce867a5191",
    "shut-d052fd12f9",
    "shut-e7fbcf8a61",
    "shut-fc3619bb7a",
    "shut-fe0162160d",
)
"""The hard "which set?" puzzles under the lessons' rule that a rule of thumb lesson 4 names answers by itself (their
``thumb`` fact; a test checks the list against the bank): lesson 4's practice leaves them out but one
(:data:`LESSON_4_SHUT_PRACTICE`), so no habit answers more than one of its items.  Only the practice set's own
choice: the mastery loop's "try a similar one" picks one level easier, where none is left out."""

LESSON_4_SHUT_PRACTICE = "shut-20f759605e"
"""The one hard "which set?" puzzle of :data:`HARD_THUMB_ANSWERED` lesson 4's practice keeps: to shut the box (the
other two ask for a low score), tiles 1, 2, 3, 4, 7 and 8 open, a roll of 10, best 7+3.  Only "two tiles close in
value" finds it, a habit that misses exercise 5 and the challenge; its best set leaves tiles (1, 2, 4, 8) no other
item's best set leaves."""

COUNT_12_OPEN = (1, 2, 3, 4, 6, 7, 8, 9)
"""Lesson 2, exercise 6: the sets for 12 with tile 5 covered (8 of them: neither 12 itself nor the full box's 12)."""

LESSON_RULES = (("one_die", Rules().one_die),)
CHANCE_ONLY = LESSON_RULES + (("objective", "shut"),)
"""Lessons 1–3 ask for the best chance to shut the box only (the expected score is taught in lesson 4)."""
"""The rules a lesson's practice puzzles are played under: the lessons' own (one die once 7, 8 and 9 are shut)."""

PRACTICE_IDEAS: dict[str, Callable[[str], str]] = {
    "count": lambda theme: tr("The idea: {theme} — count the sets of open tiles that make the roll.", theme=theme),
    "list": lambda theme: tr("The idea: {theme} — list the sets, largest tile first.", theme=theme),
    "outcomes": lambda theme: tr(
        "The idea: {theme} — its first step, counting the outcomes of two dice that let you go on.", theme=theme
    ),
    "stuck": lambda theme: tr(
        "The idea: {theme} — its first step, counting the outcomes of two dice that end the turn.", theme=theme
    ),
    "dice": lambda theme: tr("The idea: {theme} — compare how often one die and two dice let you go on.", theme=theme),
    "score": lambda theme: tr(
        "The idea: {theme} — once 7, 8 and 9 are covered you may roll one die; when no set "
        "of open tiles makes the roll, the turn ends and the open tiles are your score.",
        theme=theme,
    ),
    "bank": lambda theme: tr("The idea: {theme}.", theme=theme),
    "legal": lambda theme: tr(
        "The idea: {theme} — you may cover open tiles only, and they must add up to the roll.", theme=theme
    ),
}
"""The sentence that opens a practice item's hint: the bank theme's name and what the item's own question
practises with it (lesson 3's items count outcomes, the first step of choosing one die or two)."""

PRACTICE_QUESTIONS = ("count", "list", "outcomes", "stuck", "dice", "score", "bank", "legal")
"""How a lesson asks about a bank position: the score if the turn ended with its tiles open (lesson 1), count the
sets for the roll, list them (lesson 2), count the outcomes of two dice that let you go on or that end the turn, or
compare one die and two by the outcomes that go on (lesson 3), or the bank's own question (which set, one die or
two, by the exact table)."""


def box_level(open_tiles: Iterable[int]) -> str:
    """How hard it is to count the outcomes of two dice for a box: "easy" with one or two open tiles (a few totals
    to check), "medium" with three, "hard" with four or more (sets of several tiles for most totals)."""
    n = len(set(open_tiles))
    if n < 1 or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=tuple(open_tiles)))
    return "easy" if n <= 2 else "medium" if n == 3 else "hard"


def sets_level(open_tiles: Iterable[int], roll: int) -> str:
    """How hard it is to list or count the sets for a roll: "easy" up to 5 sets, "medium" 6 to 8, "hard" 9 or
    more (lesson 2's own exercises: 5 sets for 7 is easy, 8 sets for 9 medium)."""
    n = len(tiles_summing_to(roll, tuple(sorted(set(open_tiles)))))
    return "easy" if n <= 5 else "medium" if n <= 8 else "hard"


def legal_level(open_tiles: Iterable[int], roll: int) -> str:
    """How hard it is to find one set you may cover: "easy" when the tile equal to the roll is open (cover it),
    "medium" when that tile is covered (two or more tiles needed), "hard" for a roll of 10 to 12, which no tile
    makes alone, or when only one set makes the roll."""
    open_tiles = tuple(sorted(set(open_tiles)))
    if roll in open_tiles:
        return "easy"
    return "hard" if roll > 9 or len(tiles_summing_to(roll, open_tiles)) == 1 else "medium"


def practice_level(question: str, open_tiles: Iterable[int], roll: int | None = None) -> str:
    """The level of a practice item asked the lesson's own question: by how many sets make the roll when the
    pupil lists or counts them (:func:`sets_level`) or looks for one (:func:`legal_level`), by how many tiles are
    open otherwise (:func:`box_level`: more totals to check)."""
    if question in ("list", "count"):
        return sets_level(open_tiles, roll)
    return legal_level(open_tiles, roll) if question == "legal" else box_level(open_tiles)


@dataclass(frozen=True)
class LessonPractice(ProblemSet):
    """A practice set of bank positions, each asked the way its lesson asks (``questions``, one per item of
    :data:`PRACTICE_QUESTIONS`; default the bank's own question): "count" — how many sets make the roll
    (:func:`count_sets_exercise`), "list" — write every set (:func:`sets_exercise`), both for a
    ``sets_for_roll`` position; "outcomes" — how many of the 36 outcomes of two dice let you go on
    (:func:`roll_outcomes_exercise`); "bank" — the puzzle as the bank asks it.  The bank's "which set is
    best" question is lesson 4's idea: lessons 1–3 use its positions with their own question."""

    questions: tuple = ()
    graded_by_box: bool = False
    """Give each item asked the lesson's own question its own level (:func:`practice_level`: more sets to list,
    or more open tiles) instead of the puzzle's band in the bank, which grades the bank's "which set?"
    question."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if (
            not isinstance(self.questions, tuple)
            or len(self.questions) not in (0, len(self.items))
            or any(q not in PRACTICE_QUESTIONS for q in self.questions)
        ):
            raise ValueError(
                tr(
                    "questions={questions!r}: one of {items} for each item",
                    questions=self.questions,
                    items=", ".join(PRACTICE_QUESTIONS),
                )
            )
        if not isinstance(self.graded_by_box, bool):
            raise ValueError(tr("graded_by_box={value!r}: True or False", value=self.graded_by_box))
        for (theme, _), question in zip(self.items, self.questions):
            if question in ("count", "list", "legal") and theme != SETS:
                raise ValueError(
                    tr(
                        "items: counting or listing the sets needs the theme {theme}, not {other}",
                        theme=SETS,
                        other=theme,
                    )
                )

    def exercises(self, make: Callable[..., Exercise] = Exercise, **extra: Any) -> list[Exercise]:
        """One exercise per puzzle position, easy to hard, its hint naming the idea."""
        from gamekit.puzzles.core import theme_name
        from gamekit.puzzles.sets import puzzle_exercise

        out = []
        questions = self.questions or ("bank",) * len(self.items)
        levels = [
            practice_level(q, p.facts["open"], p.facts.get("roll")) if self.graded_by_box and q != "bank" else p.band
            for q, p in zip(questions, self.puzzles())
        ]
        for puzzle, (theme, _), question, level in zip(self.puzzles(), self.items, questions, levels):
            if question == "bank":
                ex = puzzle_exercise(puzzle, make, theme=theme, **extra)
                ex.level = level
                if theme == BEST:
                    ex.hint = (
                        PRACTICE_IDEAS[question](theme_name(self.game_id, theme))
                        + " "
                        + best_set_hint(puzzle.facts["open"], puzzle.facts["roll"], puzzle.facts["objective"])
                    )
                out.append(ex)
                continue
            open_tiles, roll = tuple(puzzle.facts["open"]), puzzle.facts.get("roll")
            ex = {
                "count": lambda: count_sets_exercise(roll, open_tiles),
                "list": lambda: sets_exercise(roll, open_tiles),
                "outcomes": lambda: roll_outcomes_exercise(open_tiles),
                "stuck": lambda: roll_outcomes_exercise(open_tiles, stuck=True),
                "dice": lambda: go_on_dice_exercise(open_tiles),
                "score": lambda: turn_score_exercise(open_tiles),
                "legal": lambda: legal_set_exercise(open_tiles, roll),
            }[question]()
            ex.hint = PRACTICE_IDEAS[question](theme_name(self.game_id, theme)) + " " + ex.hint
            ex.key, ex.level, ex.puzzle = f"practice {puzzle.id} {question}", level, puzzle
            out.append(ex)
        return out


def best_set_hint(open_tiles: Iterable[int], roll: int, objective: str) -> str:
    """The hint of a "which set is best?" practice item: every set for the roll and the tiles each one leaves,
    then the question lesson 4 teaches to ask (which position do you want to be left with?) — no values, so the
    pupil still compares the positions."""
    open_tiles = tuple(sorted(set(open_tiles)))
    sets = [tuple(sorted(st, reverse=True)) for st in tiles_summing_to(roll, open_tiles)]
    if not sets:
        raise ValueError(tr("tiles {items}: no set makes {roll}", items=tile_list(open_tiles), roll=roll))
    sets.sort(reverse=True)
    leaves = "; ".join(
        tr(
            "{set} leaves {left}",
            set="+".join(map(str, st)),
            left=tile_list(t for t in open_tiles if t not in st) or tr("nothing"),
        )
        for st in sets
    )
    goal = (
        tr("Which of these positions is easier to shut?")
        if objective == "shut"
        else tr("Which of these positions ends with fewer points on average?")
    )
    return tr(
        "A rule of thumb may pick the best set or may not: compare what each set leaves. {leaves}. {goal}",
        leaves=leaves,
        goal=goal,
    )


SETS, DICE, BEST = "sets_for_roll", "one_die_or_two", "best_set"
"""The puzzle themes the lessons teach: covering a set for a roll (lessons 1–2), one die or two by the chances
(lesson 3), the best set by the exact table (lesson 4)."""
# ``exercise_themes`` (the mastery loop's "Try a similar one", a bank puzzle under the lesson's rules one level
# easier): writing every set for a roll practises "sets for the roll"; counting the outcomes that let you go on
# (or end the turn) is what "one die or two" compares (the bank grades those by the tiles open, as lesson 3 does);
# choosing a set by the table is "best set".  Scores, rules, single chances, set counts and the expected-score
# tree are no bank theme.

LESSONS: dict[int, Lesson] = {
    1: Lesson(
        1,
        "shut_the_box/01_rules_and_play",
        "Shut the Box 1 — the rules",
        40,
        {
            "score_237": partial(turn_score_exercise, (2, 3, 7)),
            "round_winner": round_winner_exercise,
            "ending_roll": ending_roll_exercise,
            "one_die": one_die_exercise,
            "legal_set": legal_set_exercise,
        },
        {
            "score_237": "easy",
            "round_winner": "easy",
            "ending_roll": "medium",
            "one_die": "medium",
            "legal_set": "hard",
        },
        (
            N_("Explain in one sentence why a turn can end while tiles are still open."),
            N_(
                "The turn ends as soon as no set of the open tiles adds up to the roll, so the tiles still open "
                "then stay open and are the score."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            ((SETS, "medium"), (SETS, "medium"), (SETS, "hard")),
            seed=45,
            where=LESSON_RULES,
            questions=("legal",) * 3,
            graded_by_box=True,
        ),
        objectives=(
            (
                N_(
                    "play a turn of Shut the Box: roll, cover a set of open tiles that makes the roll, stop when no "
                    "set fits"
                ),
                ("ending_roll", "legal_set"),
            ),
            (N_("score a finished turn, and say who wins a round"), ("score_237", "round_winner")),
            (N_("say when you may roll one die instead of two"), ("one_die",)),
        ),
        # the practice plays a move on "sets for the roll" boxes: a set you may cover, with the roll's own
        # tile open, then covered, then for a roll no single tile makes (one question per theme, so the
        # mastery loop's similar puzzle asks the same)
        themes=(SETS, DICE),
    ),
    2: Lesson(
        2,
        "shut_the_box/02_sets_for_a_roll",
        "Shut the Box 2 — sets for a roll",
        40,
        {
            "sets_7": partial(sets_exercise, 7),
            "sets_9": partial(sets_exercise, 9),
            "sets_10": partial(sets_exercise, 10, (1, 2, 3, 4, 6, 7, 9)),
            "sets_11": partial(sets_exercise, 11, (1, 2, 3, 5, 6, 8)),
            "count_11": partial(count_sets_exercise, 11),
            "count_12": partial(count_sets_exercise, 12, COUNT_12_OPEN),
        },
        {
            "sets_7": "easy",
            "sets_9": "medium",
            "sets_10": "medium",
            "sets_11": "hard",
            "count_11": "hard",
            "count_12": "hard",
        },
        (
            N_("Explain in one sentence why going largest tile first never lists the same set twice."),
            N_(
                "Each set is written in one order only, its largest tile first, and after a tile only smaller tiles "
                "are added, so the same set cannot turn up again in another order."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            ((SETS, "medium"), (SETS, "medium"), (SETS, "hard")),
            seed=140,
            where=LESSON_RULES,
            questions=("list",) * 3,
            graded_by_box=True,
        ),
        objectives=(
            (
                N_(
                    "list every set of open tiles that makes a roll, with a method that never misses one: largest "
                    "tile first"
                ),
                ("sets_7", "sets_9"),
            ),
            (N_("do it when some tiles are already covered"), ("sets_10", "sets_11")),
            (N_("count the sets for a roll without writing each one twice"), ("count_11", "count_12")),
        ),
        themes=(SETS,),
        exercise_themes={"sets_7": SETS, "sets_9": SETS, "sets_10": SETS, "sets_11": SETS},
    ),
    3: Lesson(
        3,
        "shut_the_box/03_dice",
        "Shut the Box 3 — the dice",
        50,
        {
            "go_on_12": roll_outcomes_exercise,
            "go_on_14": partial(roll_outcomes_exercise, (1, 4)),
            "chance_9": chance_exercise,
            "count_6": expected_count_exercise,
            "stuck_123": partial(roll_outcomes_exercise, (1, 2, 3), stuck=True),
            "dice_123": partial(go_on_dice_exercise, (1, 2, 3)),
            "go_on_256": partial(roll_outcomes_exercise, (2, 5, 6)),
            "dice_256": partial(go_on_dice_exercise, (2, 5, 6)),
            "dice_shut_25": partial(dice_shut_exercise, (2, 5)),
        },
        {
            "go_on_12": "easy",
            "go_on_14": "medium",
            "chance_9": "medium",
            "count_6": "medium",
            "stuck_123": "medium",
            "dice_123": "medium",
            "go_on_256": "hard",
            "dice_256": "hard",
            "dice_shut_25": "hard",
        },
        (
            N_("Explain in one sentence why a total of 7 comes up more often than 12 with two dice."),
            N_(
                "Six of the 36 equally likely outcomes make 7 (1+6, 2+5, 3+4, 4+3, 5+2, 6+1) but only one makes 12 "
                "(6+6)."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            ((DICE, "easy"), (DICE, "medium"), (DICE, "hard")),
            seed=2,
            where=CHANCE_ONLY,
            questions=("outcomes",) * 3,
            graded_by_box=True,
        ),
        objectives=(
            (
                N_("list the 36 equally likely outcomes of two dice, and give the chance of a total as k/36"),
                ("go_on_12", "chance_9"),
            ),
            (
                N_(
                    "predict which totals are common and which are rare, then check the prediction by counting and "
                    "by simulation"
                ),
                ("chance_9", "count_6"),
            ),
            (
                N_("count, for a given box, how many outcomes let you go on and how many end your turn"),
                ("go_on_14", "stuck_123", "go_on_256"),
            ),
            (
                N_(
                    "say whether one die or two goes on more often on a roll, by counting the outcomes that let you "
                    "go on"
                ),
                ("dice_123", "dice_256"),
            ),
            (
                N_("choose one die or two for the whole turn, by the chance to shut the box by its end"),
                ("dice_shut_25",),
            ),
        ),
        themes=(SETS, DICE),
        exercise_themes={"go_on_12": DICE, "go_on_14": DICE, "stuck_123": DICE, "go_on_256": DICE},
    ),
    4: Lesson(
        4,
        "shut_the_box/04_best_strategy",
        "Shut the Box 4 — the best strategy",
        50,
        {
            "expected_7": expected_score_exercise,
            "expected_79": two_tile_expected_exercise,
            "leave_shut_91": leave_value_exercises(SHUT_EXERCISE, FILL_RULES)[0],
            "leave_shut_64": leave_value_exercises(SHUT_EXERCISE, FILL_RULES)[1],
            "best_shut": partial(best_set_exercise, *SHUT_EXERCISE, rules=FILL_RULES),
            "leave_score_71": leave_value_exercises(SCORE_EXERCISE, FILL_RULES)[0],
            "leave_score_53": leave_value_exercises(SCORE_EXERCISE, FILL_RULES)[1],
            "best_score": partial(best_set_exercise, *SCORE_EXERCISE, rules=FILL_RULES),
            "goals_why": goals_why_exercise,
            "challenge_1": challenge_exercise,
        },
        {
            "expected_7": "easy",
            "expected_79": "medium",
            "leave_shut_91": "medium",
            "leave_shut_64": "medium",
            "best_shut": "medium",
            "leave_score_71": "medium",
            "leave_score_53": "medium",
            "best_score": "medium",
            "goals_why": "medium",
            "challenge_1": "hard",
        },
        (
            N_("Explain in one sentence why covering the most tiles is a poor way to choose a set."),
            N_(
                "It covers the small tiles first and leaves the big ones open, and late in the turn a big tile "
                "needs one exact roll (a 9 comes only 4 times in 36), so the box is rarely shut."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            ((BEST, "hard"),) * 3,
            seed=7,
            where=LESSON_RULES,
            exclude=LESSON_4_EXCLUDED + tuple(p for p in HARD_THUMB_ANSWERED if p != LESSON_4_SHUT_PRACTICE),
        ),
        objectives=(
            (N_("say what an expected score is, and work one out with a tree diagram"), ("expected_7", "expected_79")),
            (
                N_("choose the best set to shut the box, using what each set leaves"),
                ("leave_shut_91", "leave_shut_64", "best_shut", "challenge_1"),
            ),
            (
                N_("choose the best set for a low score, and say why it can differ"),
                ("leave_score_71", "leave_score_53", "best_score", "goals_why"),
            ),
        ),
        themes=(SETS, DICE, BEST),
        exercise_themes={name: BEST for name in ("best_shut", "best_score", "challenge_1")},
    ),
}
"""Every Shut the Box lesson (the convention all games share: :class:`gamekit.widgets.lesson.Lesson`)."""

EXERCISES: dict[str, list[Callable[[], Exercise]]] = exercises_by_notebook(LESSONS)
"""The exercise factories each notebook uses, keyed by notebook path under ``notebooks/`` without suffix
(from :data:`LESSONS`)."""


# ====================================================================== 5. lesson widgets
GREEN, AMBER, RED = "#1e8449", "#d68910", "#c0392b"


def sets_step_through(total: int = 8, uncovered: Iterable[int] = TILES):
    """Step through the systematic search for every set making ``total`` (largest tile first)."""
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.lesson import Step, StepThrough

    open_tiles = tuple(sorted(set(uncovered)))
    lay = BoxLayout(height=220)
    steps = [
        Step(
            box_scene(
                open_tiles, lay, caption=tr("Every set of open tiles making {total}, largest tile first.", total=total)
            ),
            tr(
                "We look for every set that makes {total}: start from the largest tile, then only add smaller "
                "tiles, so no set is found twice.",
                total=total,
            ),
        )
    ]
    found: list[tuple[int, ...]] = []
    colour = {"found": GREEN, "try": AMBER, "dead end": RED}
    for st in set_search_steps(total, open_tiles):
        if st.outcome == "found":
            found.append(st.chosen)
        marks = {t: colour[st.outcome] for t in st.chosen}
        caption = f"{' + '.join(map(str, st.chosen))}" + (
            f" = {total} ✔"
            if st.outcome == "found"
            else tr("  (need {need} more: stop ✘)", need=st.need)
            if st.outcome == "dead end"
            else tr("  (need {need} more)", need=st.need)
        )
        sofar = "; ".join("+".join(map(str, s)) for s in found) or tr("none yet")
        steps.append(
            Step(
                box_scene(open_tiles, lay, marks=marks, caption=caption),
                tr("{caption} Sets so far: {sofar}.", caption=st.caption, sofar=sofar),
            )
        )
    steps.append(
        Step(
            box_scene(open_tiles, lay, caption=tr("{n} sets make {total}.", n=len(found), total=total)),
            tr("Done: {n} sets — ", n=len(found)) + "; ".join(" + ".join(map(str, s)) for s in found) + ".",
        )
    )
    return StepThrough(steps, size=(lay.width, lay.height), title=tr("Sets for {total}", total=total))


def position_view(open_tiles: Iterable[int], dice: Sequence[int] = (), caption: str = ""):
    """A still picture of a position (the box and the dice), as a canvas widget."""
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.canvas import BoardCanvas

    lay = BoxLayout()
    board = BoardCanvas(lay.width, lay.height)
    board.paint(box_scene(open_tiles, lay, dice=dice, caption=caption))
    board.canvas.lesson_position = (tuple(sorted(set(open_tiles))), sum(dice))  # for the giveaway tests
    return board.canvas


def demo_turn(seed: int = 3, level: str = "hard", rules: Rules | None = None):
    """Step through one seeded solo turn played by the CPU: every roll and every set covered."""
    from gamekit.shutbox.players import cpu_player
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.lesson import Step, StepThrough

    lay = BoxLayout()
    g = ShutTheBox(1, rules, seed=seed)
    p = cpu_player(level, seed=seed)
    steps = [Step(box_scene(g.open_tiles, lay), tr("All nine tiles are open. Roll the dice."))]
    while not g.is_over():
        action = p.choose(g)
        g.play(action)
        steps.append(
            Step(
                box_scene(g.open_tiles, lay, dice=g.dice, dim_dice=g.phase != "cover"),
                demo_caption(action, g),
                (tuple(g.open_tiles), sum(g.dice or ())),
            )
        )
    return StepThrough(steps, size=(lay.width, lay.height), title=tr("A turn"))


def demo_caption(action: Sequence, game: ShutTheBox) -> str:
    """What a step of :func:`demo_turn` says, after ``action`` was played on ``game`` (a solo turn): the roll,
    the tiles covered, or why the turn is over and what it scores."""
    total = sum(game.dice or ())
    if action[0] == "cover":
        return tr("The computer covers {tiles}.", tiles=" + ".join(map(str, action[1])))
    rolled = (
        tr("The computer rolls {dice} = {total}.", dice=" + ".join(map(str, game.dice)), total=total)
        if len(game.dice) > 1
        else tr("The computer rolls one die: {total}.", total=total)
    )
    if not game.is_over():
        return rolled
    if not game.open_tiles:
        return rolled + " " + tr("The box is shut: score 0.")
    left = game.open_tiles
    return (
        rolled
        + " "
        + tr(
            "No set of the open tiles makes {total}, so the turn is over. The score is the sum of "
            "the open tiles: {sum}.",
            total=total,
            sum=" + ".join(map(str, left)) + (f" = {sum(left)}" if len(left) > 1 else ""),
        )
    )


DOUBLES_DICE = [(6, 6), (5, 5), (6, 1), (1, 2)]
DOUBLES_SETS = [(9, 3), (8, 2), (7,)]


def doubles_demo():
    """The long game's doubles rule, step by step: two doubles banked, then a roll no set makes does not
    pass the box (a banked turn is spent and the same player rolls again)."""
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.lesson import Step, StepThrough

    lay = BoxLayout()
    g = ShutTheBox([tr("Ana"), tr("Bo")], variant="long", dice=list(DOUBLES_DICE), seed=1)
    steps = [Step(box_scene(g.open_tiles, lay), tr("The long game: Ana covers first."))]
    actions = []
    for tiles in DOUBLES_SETS:
        actions += [("roll",), ("cover", tiles)]
    actions.append(("roll",))
    for action in actions:
        before = len(g.events)
        if action[0] == "roll":
            g.roll()
        else:
            g.cover(*action[1])
        steps.append(
            Step(box_scene(g.open_tiles, lay, dice=g.dice, dim_dice=g.phase != "cover"), " · ".join(g.events[before:]))
        )
    return StepThrough(steps, size=(lay.width, lay.height), title=tr("Doubles in the long game"))


def sets_exercise_widget(total: int, uncovered: Iterable[int] = TILES, score: Any = None):
    from gamekit.widgets.lesson import ExerciseWidget

    return ExerciseWidget(sets_exercise(total, uncovered), score=score)


def best_set_widget(
    uncovered: Iterable[int], roll: int, objective: str = "shut", rules: Rules | None = None, score: Any = None
):
    """The position as a picture plus a typed, checked answer ("8+1")."""
    import ipywidgets as W

    from gamekit.widgets.lesson import ExerciseWidget

    open_tiles = tuple(sorted(set(uncovered)))
    dice = (roll - 6, 6) if roll > 6 else (roll - 1, 1) if roll > 1 else (1,)
    return W.VBox(
        [
            position_view(open_tiles, dice),
            ExerciseWidget(best_set_exercise(open_tiles, roll, objective, rules), score=score),
        ]
    )


def leave_value_widget(position: tuple, index: int, rules: Rules | None = None, score: Any = None):
    """Lesson 4's method on the page, one set at a time: the :func:`leave_value_exercise` of set number ``index``
    (largest tile first) of ``position``, each under its own exercise number."""
    from gamekit.widgets.lesson import ExerciseWidget

    return ExerciseWidget(leave_value_exercises(position, rules)[index](), score=score)


def challenge_widget(score: Any = None):
    """Lesson 4's extension challenge on the page: the position as a picture and :func:`challenge_exercise`."""
    import ipywidgets as W

    from gamekit.widgets.lesson import ExerciseWidget

    open_tiles, roll, _ = CHALLENGE_POSITIONS[0]
    dice = (roll - 6, 6) if roll > 6 else (roll - 1, 1)
    return W.VBox([position_view(open_tiles, dice), ExerciseWidget(challenge_exercise(), score=score)])


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


SHOWN_DENOMINATOR = 99
"""Fractions with a larger denominator are shown as a percentage only (the pupil reads fractions of 36;
longer ones go in a details box or the teacher guide)."""


def exact_fraction(v: Fraction) -> str:
    """The exact fraction, however long (for teachers)."""
    return str(v)


def percent(v: Fraction | float, digits: int = 2) -> str:
    """A probability as its exact fraction with a plain percentage: ``1/18 ≈ 5.56 %``."""
    pct = f"{number(100 * float(v), digits)} %"
    if isinstance(v, Fraction) and v.denominator > SHOWN_DENOMINATOR:
        return f"≈ {pct}"  # the exact fraction: lesson_tools / the teacher guide, not the pupil's page
    if isinstance(v, Fraction) and v.denominator != 1:
        return f"{v} ≈ {pct}"
    return pct if not isinstance(v, Fraction) else f"{v} = {pct}"


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


# ====================================================================== 5b. worked solutions for the teacher guide
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

    def values(position: tuple) -> str:
        open_tiles, roll, goal = position
        t = table(EXERCISE_RULES.get(position, Rules()), goal)
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
    return [
        (tr("Lesson 2, exercise 5"), tr("the {n} sets for 11: {sets}.", n=len(tiles_summing_to(11)), sets=sets(11))),
        (
            tr("Lesson 2, exercise 6"),
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
                "open 2 and 5: {dice}, but the chance to shut the box with the best play "
                "after is {one} with one die and {two} with two dice: two dice can make 7 and "
                "cover both tiles at once, one die must make 2 and 5 one roll at a time.",
                dice=dice((2, 5)),
                one=exact_chance(table(Rules(), "shut").dice_values(mask_of((2, 5)))[1]),
                two=exact_chance(table(Rules(), "shut").dice_values(mask_of((2, 5)))[2]),
            ),
        ),
        (
            tr("Lesson 4, exercise 1"),
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
            tr("Lesson 4, exercise 2"),
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
        (tr("Lesson 4, exercises 3–5"), tr("two dice always: {values}.", values=values(SHUT_EXERCISE))),
        (
            tr("Lesson 4, exercises 6–8"),
            tr("two dice always: {values}. The lower is best.", values=score_tree(SCORE_EXERCISE)),
        ),
        (
            tr("Lesson 4, exercise 9"),
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
            tr("Lesson 4, exercise 10 (challenge, extension)"),
            " · ".join(values(pos) for pos in CHALLENGE_POSITIONS) + ".",
        ),
    ]


# ====================================================================== 5c. paper aids for the worksheets
WORKSHEET_AIDS: dict[str, tuple[str, ...]] = {
    "shut_the_box/01_rules_and_play": ("rules",),
    "shut_the_box/02_sets_for_a_roll": ("rules", "method"),
    "shut_the_box/03_dice": ("rules", "grid", "one_die"),
    "shut_the_box/04_best_strategy": ("rules", "tree", "nine", "chances", "one_tile", "worked", "goals"),
}
"""What each lesson's worksheet needs on paper besides its exercises (the worksheet generator prints
:func:`worksheet_aids` under "To help you"): the rules in a box, lesson 2's method (largest tile first), an empty
6 × 6 grid of the two dice, what one die gives, an empty expected-score tree, each total's chance as k/36 (lesson
3's result, which lesson 4 uses), the table's one-tile rows that exercises 3–8 build on, and the "Two goals"
table exercise 9 is about."""


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A table for paper (Markdown), cells as given."""
    lines = ["| " + " | ".join(map(str, headers)) + " |", "|" + "---|" * len(headers)]
    return "\n".join(lines + ["| " + " | ".join(map(str, r)) + " |" for r in rows])


def worksheet_aids(notebook: str) -> list[str]:
    """The paper aids of ``notebook``'s worksheet as Markdown, in the current language, in the order of
    :data:`WORKSHEET_AIDS`: "rules" — the rules of a turn as a quoted box; "grid" — an empty 6 × 6 table, first die
    across and second die down, a total to write in each cell; "one_die" — what one die gives; "tree" — the
    two-branch tree of lesson 4's exercise 1 with blanks for the chances (k/36) and the scores; "chances" — each
    total of two dice with its chance k/36; "one_tile" — the table's one-tile rows (chance to shut, expected
    score; exercise 1's own tile's row left blank, as its chance is half its tree); "worked" — the page's worked
    comparison (another position than
    any exercise's); "method" — lesson 2's search, largest tile first, as a box;
    "goals" — the "Two goals" table (each set's chance to shut and expected score), as the page shows it above
    exercise 5.  None holds an exercise's answer.  KeyError for a
    notebook that is not a Shut the Box lesson."""
    if notebook not in WORKSHEET_AIDS:
        raise KeyError(f"no Shut the Box lesson {notebook!r}; known: {', '.join(WORKSHEET_AIDS)}")
    out = []
    for aid in WORKSHEET_AIDS[notebook]:
        if aid == "rules":
            lines = [
                tr("The rules of a turn"),
                tr("Roll two dice and add them. Cover a set of open tiles that adds up to the roll."),
                tr("You may roll one die instead of two once 7, 8 and 9 are covered."),
                tr("When no set of open tiles makes the roll, the turn ends: the score is the sum of the open tiles."),
                tr("Covering every tile shuts the box and wins at once; otherwise the lowest score wins."),
            ]
            out.append("> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:]))
        elif aid == "grid":
            head = "| " + tr("second die ↓ · first die →") + " | " + " | ".join(map(str, range(1, 7))) + " |"
            rows = [f"| {b} |" + "   |" * 6 for b in range(1, 7)]
            out.append(tr("The 36 outcomes of two dice, all equally likely: write the total in each cell."))
            out.append("\n".join([head, "|---" * 7 + "|", *rows]))
        elif aid == "one_die":
            out.append(tr("One die gives the totals 1 to 6, each 1 time in 6 — that is 6 times in 36."))
        elif aid == "chances":
            dist = sum_distribution()
            out.append(tr("The chance of each total of two dice (lesson 3):"))
            out.append(
                markdown_table(
                    [tr("total")] + [str(t) for t in dist], [[tr("chance")] + [k_over_36(p) for p in dist.values()]]
                )
            )
        elif aid == "goals":
            open_tiles, roll = DISAGREEMENT
            out.append(
                tr(
                    "Tiles {items} are open, the roll is {roll}, two dice are rolled always. The two sets "
                    "leave these positions:",
                    items=tile_list(open_tiles),
                    roll=roll,
                )
            )
            view = objectives_table(open_tiles, roll)
            out.append(markdown_table(view.table.headers, view.table.rows))
        elif aid == "nine":
            nine = table(Rules(), "score").value(mask_of((9,)))
            out.append(
                tr(
                    "From the page: with only 9 open, the expected score is {value}.",
                    value=str(nine) if nine.denominator == 1 else exact_score(nine),
                )
            )
        elif aid == "one_tile":
            rows = fill_steps()[1:]
            out.append(
                tr("One tile open, two dice always (the page's table): the chance to shut and the expected score.")
            )
            out.append(
                markdown_table(
                    [tr("open tiles"), tr("chance to shut"), tr("expected score")],
                    [
                        [
                            tile_list(r["open"]),
                            "____"
                            if r["open"] == (EXPECTED_EXERCISE_TILE,)
                            else tr("never")
                            if r["value"] == 0
                            else chance_words(r["value"]),
                            tr("your answer to exercise 1")
                            if r["open"] == (EXPECTED_EXERCISE_TILE,)
                            else str(r["score"])
                            if r["score"].denominator == 1
                            else number(float(r["score"]), 2),
                        ]
                        for r in rows
                    ],
                )
            )
        elif aid == "worked":
            open_tiles, roll = WORKED_COMPARISON
            view = comparison_table(open_tiles, roll)
            out.append(
                tr(
                    "The worked example: tiles {items} open, a roll of {roll}. Compare what each set leaves:",
                    items=tile_list(open_tiles),
                    roll=roll,
                )
            )
            out.append(markdown_table(view.headers, view.rows))
        elif aid == "method":
            lines = [
                tr("The method: largest tile first"),
                tr("Take the largest open tile that is not bigger than the roll."),
                tr(
                    "If it is the roll, that is a set. Otherwise look for the rest among the smaller open tiles, "
                    "again largest first."
                ),
                tr(
                    "Stop when the smaller tiles cannot add up to what is missing; then go back and try the next "
                    "tile down."
                ),
                tr("For 8 on a full box: 8; 7 + 1; 6 + 2; 5 + 3; 5 + 2 + 1; 4 + 3 + 1."),
            ]
            out.append("> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:]))
        else:
            tile = EXPECTED_EXERCISE_TILE
            out.append(
                "\n".join(
                    [
                        "```",
                        tr("Only {tile} open", tile=tile),
                        tr("├─ rolls that make {tile}: ____ / 36 → score ____", tile=tile),
                        tr("└─ every other roll: ____ / 36 → score ____"),
                        tr("expected score = ____ × ____ + ____ × ____ = ____"),
                        "```",
                    ]
                )
            )
    return out


# ====================================================================== 6. closing reflection questions
REFLECTIONS: dict[str, tuple[str, str]] = {lesson.notebook: lesson.reflection for lesson in LESSONS.values()}
"""The closing reflection question of each lesson and its model answer (for the teacher guide, never the page)."""


def reflection(lesson: str, score: Any):
    """The closing reflection question of ``lesson`` (a notebook path as in :data:`EXERCISES`), saved with progress."""
    from gamekit.widgets.lesson import Reflection

    if lesson not in REFLECTIONS:
        raise KeyError(f"no reflection question for {lesson!r}; known: {', '.join(REFLECTIONS)}")
    return Reflection(tr(REFLECTIONS[lesson][0]), score)


# ====================================================================== 7. the class tally (lesson 3)
TALLY_COLOURS = ("#1f5f99", "#b34700", "#1e7a46")
"""The tally chart's bars: the rolls entered (ours or the class's), the exact chance k/36, the simulation."""
TALLY_SIMULATION = (3600, 1)
"""The simulation the tally is compared with: 3 600 rolls, seed 1 (the same bars as the lesson's chart)."""


class DiceTally:
    """Pupils roll real dice and enter each roll; the tally sets the totals beside the 36 outcomes.

    :meth:`add` takes one roll ``(first die, second die)``; everything is checked before anything changes
    (whole numbers 1–6 only: ``True``, ``2.0`` and ``"٣"`` are refused).  The counts are saved with the pupil's
    progress (:func:`gamekit.progress.save_tally`) after every change, so a restart keeps them, and they go to
    the class group with the progress: :meth:`share` sends them and reads back the whole class's tally
    (the group sums every pupil's).  :meth:`table` and :meth:`chart` show each total's rolls and share beside
    the exact chance k/36 and a simulation.  ``saved=False``: start empty and save nothing (a demonstration)."""

    def __init__(self, saved: bool = True) -> None:
        from gamekit import progress

        if not isinstance(saved, bool):
            raise TypeError(tr("saved must be True or False, not {saved!r}", saved=saved))
        self.saved = saved
        self.rolls: list[tuple[int, int]] = []
        self.earlier = {int(t): n for t, n in progress.tally().items()} if saved else {t: 0 for t in range(2, 13)}
        self.class_result: dict | None = None

    @staticmethod
    def _die(name: str, value: Any) -> int:
        from gamekit.core.saved import is_int

        if isinstance(value, str) and re.fullmatch(r"\s*[1-6]\s*", value, re.ASCII):
            return int(value)
        if not is_int(value) or not 1 <= value <= 6:
            raise ValueError(tr("{name}: {value!r} is not a die's number (1 to 6)", name=name, value=value))
        return int(value)

    def _save(self) -> None:
        if self.saved:
            from gamekit import progress

            progress.save_tally(self.counts())

    def add(self, first: Any, second: Any) -> int:
        """Add one roll; returns its total.  Refused (ValueError, nothing changed) unless both are 1–6."""
        a, b = self._die(tr("first die"), first), self._die(tr("second die"), second)
        self.rolls.append((a, b))
        self._save()
        return a + b

    def undo(self) -> tuple[int, int]:
        """Take back the last roll entered on this page (ValueError when there is none)."""
        if not self.rolls:
            raise ValueError(tr("no roll to take back"))
        roll = self.rolls.pop()
        self._save()
        return roll

    def clear(self) -> None:
        """Start again from no rolls (the saved tally too)."""
        self.rolls = []
        self.earlier = {t: 0 for t in range(2, 13)}
        self._save()

    def counts(self) -> dict[int, int]:
        c = Counter(a + b for a, b in self.rolls)
        return {t: self.earlier.get(t, 0) + c.get(t, 0) for t in range(2, 13)}

    @property
    def total(self) -> int:
        return sum(self.counts().values())

    def share(self, member: Any = None) -> dict:
        """Send this tally to the class group (inside the progress upload) and read back the class's:
        ``{"counts": {total: rolls}, "pupils": n, "rolls": n}``.  ``member``: a
        :class:`gamekit.rooms.groups_client.GroupMember`, default the group saved on this computer.

        Refused with ValueError when no group is set (pupils join their class in the start page's "Join your
        class" box) or the tally is not saved;
        a refusal by the server (``GroupRefused``, a ValueError) or no connection (OSError) is raised as is."""
        from gamekit.rooms.groups_client import saved_member

        if not self.saved:
            raise ValueError(tr("this tally is not saved, so it cannot be sent to the class"))
        member = member if member is not None else saved_member()
        if member is None:
            raise ValueError(
                tr(
                    "this computer has not joined a class: join yours on the start page (Join your class), then "
                    "press Share with the class again"
                )
            )
        member.send_progress()
        result = member.class_tally()
        self.class_result = {
            "counts": {int(t): n for t, n in result["counts"].items()},
            "pupils": result["pupils"],
            "rolls": result["rolls"],
        }
        return self.class_result

    def table(self, counts: "dict[int, int] | None" = None) -> Table:
        """Each total: the rolls (ours, or ``counts``), their share, and its exact chance: the number k of the 36
        outcomes that make it, and k/36 as a percentage (the page's words)."""
        counts = self.counts() if counts is None else counts
        n = sum(counts.values())
        rows = [
            [
                t,
                counts[t],
                (number(100 * counts[t] / n, 1) + " %") if n else "–",
                int(p * 36),
                number(100 * float(p), 1) + " %",
            ]
            for t, p in sum_distribution().items()
        ]
        return Table(
            [tr("total"), tr("rolls"), tr("share of our rolls"), tr("outcomes of the 36"), tr("exact chance")],
            rows,
            caption=ntr("{n} roll entered", "{n} rolls entered", n),
        )

    def chart(self, counts: "dict[int, int] | None" = None, title: str = "") -> str:
        """:func:`tally_chart` of our rolls (or ``counts``)."""
        return tally_chart(self.counts() if counts is None else counts, title=title)


def tally_chart(counts: dict[int, int], title: str = "", width: int = 560, height: int = 240) -> str:
    """A bar chart (SVG) of a tally: for each total 2 to 12, the share of the rolls entered, the exact chance
    k/36 (k of the 36 outcomes) and the share in the simulation of :data:`TALLY_SIMULATION` — three bars side by
    side, with a legend and a description for screen readers."""
    import html

    if not isinstance(counts, dict) or set(counts) != set(range(2, 13)):
        raise ValueError(tr("a tally gives the rolls of each total 2 to 12"))
    n = sum(counts.values())
    sim_n, seed = TALLY_SIMULATION
    sim = simulate_sums(sim_n, seed)
    exact = sum_distribution()
    series = [
        [counts[t] / n if n else 0.0 for t in range(2, 13)],
        [float(exact[t]) for t in range(2, 13)],
        [sim[t] / sim_n for t in range(2, 13)],
    ]
    names = [ntr("our {n} roll", "our {n} rolls", n), tr("exact (k/36)"), tr("simulated ({n} rolls)", n=number(sim_n))]
    top = max(0.2, max(max(s) for s in series))
    left, bottom, plot_h = 44, 34, height - 34 - 46
    group_w = (width - left - 10) / 11
    bar = group_w / 4
    parts = []
    for k in range(0, int(top * 100) + 1, 5):  # grid lines every 5 %
        y = height - bottom - plot_h * (k / 100) / top
        parts.append(
            f"<line x1='{left}' x2='{width - 10}' y1='{y:.1f}' y2='{y:.1f}' stroke='#ddd'/>"
            f"<text x='{left - 4}' y='{y + 4:.1f}' font-size='10' text-anchor='end'>{k} %</text>"
        )
    for i, t in enumerate(range(2, 13)):
        x0 = left + i * group_w + bar / 2
        for j, values in enumerate(series):
            h = plot_h * values[i] / top
            parts.append(
                f"<rect x='{x0 + j * bar:.1f}' y='{height - bottom - h:.1f}' width='{bar - 1:.1f}' "
                f"height='{h:.1f}' fill='{TALLY_COLOURS[j]}'><title>{html.escape(names[j])}: {t} — "
                f"{html.escape(number(100 * values[i], 1))} %</title></rect>"
            )
        parts.append(
            f"<text x='{x0 + 1.5 * bar:.1f}' y='{height - bottom + 14}' font-size='11' text-anchor='middle'>{t}</text>"
        )
    parts.append(
        f"<text x='{left + (width - left) / 2:.1f}' y='{height - 4}' font-size='11' text-anchor='middle'>"
        f"{html.escape(tr('total of two dice'))}</text>"
    )
    for j, name in enumerate(names):  # the legend, in the order of the bars
        x = left + j * (width - left) / 3
        parts.append(
            f"<rect x='{x:.1f}' y='4' width='12' height='12' fill='{TALLY_COLOURS[j]}'/>"
            f"<text x='{x + 16:.1f}' y='14' font-size='11'>{html.escape(name)}</text>"
        )
    seven = (
        tr(
            "7 is {share} of the rolls entered, exactly {exact}",
            share=number(100 * series[0][5], 1) + " %",
            exact=number(100 * series[1][5], 1) + " %",
        )
        if n
        else tr("no roll entered yet")
    )
    label = html.escape(" — ".join(x for x in (title, tr("bar chart of the totals of two dice"), seven) if x))
    return (
        f"<svg width='{width}' height='{height}' role='img' aria-label='{label}' "
        f"style='font-family:sans-serif'><title>{label}</title>{''.join(parts)}</svg>"
    )


def tally_widget(tally: DiceTally | None = None, member: Any = None):
    """The class tally on the page: two dice, Add, Undo, Start again, the table and the bar chart (updated at
    each roll), and Share with the class, which sends our rolls to the class group this computer joined on the
    start page (or to ``member``) and shows the whole class's tally.  The group is looked up at each press, so
    a pupil who joins on the start page after opening the lesson can share at once; without one the note says
    where to join.  A tally that is not saved (a demonstration) has no Share button."""
    import ipywidgets as W

    tally = tally or DiceTally()
    faces = [str(k) for k in range(1, 7)]
    first = W.Dropdown(options=faces, value="1", description=tr("first die"), layout=W.Layout(width="12em"))
    second = W.Dropdown(options=faces, value="1", description=tr("second die"), layout=W.Layout(width="12em"))
    add, undo = W.Button(description=tr("Add"), icon="plus"), W.Button(description=tr("Undo"), icon="undo")
    clear = W.Button(description=tr("Start again"), icon="trash")
    share = W.Button(description=tr("Share with the class"), icon="users", button_style="primary")
    view, note, chart = W.HTML(tally.table()._repr_html_()), W.HTML(), W.HTML(tally.chart())
    note.add_class("gamekit-feedback")

    def group():
        if member is not None:
            return member
        from gamekit.rooms.groups_client import saved_member

        return saved_member()

    share.layout.display = None if tally.saved else "none"

    def refresh(message: str = "") -> None:
        result = tally.class_result
        if result is not None:
            counts = result["counts"]
            title = ntr(
                "the class: {rolls} rolls from {n} pupil",
                "the class: {rolls} rolls from {n} pupils",
                result["pupils"],
                rolls=result["rolls"],
            )
            view.value = tally.table(counts)._repr_html_()
            chart.value = tally_chart(counts, title=title)
        else:
            view.value = tally.table()._repr_html_()
            chart.value = tally.chart()
        note.value = html_escape(message)

    def on_add(_):
        try:
            total = tally.add(first.value, second.value)
            tally.class_result = None
            refresh(tr("Added {first} + {second} = {total}.", first=first.value, second=second.value, total=total))
        except ValueError as refusal:
            refresh(str(refusal))

    def on_undo(_):
        try:
            a, b = tally.undo()
            tally.class_result = None
            refresh(tr("Took back {first} + {second}.", first=a, second=b))
        except ValueError as refusal:
            refresh(str(refusal))

    def on_clear(_):
        tally.clear()
        tally.class_result = None
        refresh(tr("Started again: no rolls."))

    def on_share(_):
        try:
            result = tally.share(group())
            refresh(
                ntr(
                    "Sent. The class has {rolls} rolls from {n} pupil.",
                    "Sent. The class has {rolls} rolls from {n} pupils.",
                    result["pupils"],
                    rolls=result["rolls"],
                )
            )
        except (ValueError, OSError) as problem:
            refresh(tr("Not sent: {problem}", problem=problem))

    add.on_click(on_add)
    undo.on_click(on_undo)
    clear.on_click(on_clear)
    share.on_click(on_share)
    box = W.VBox([W.HBox([first, second, add, undo, clear]), note, W.HBox([view, chart]), share])
    box.tally, box.first, box.second = tally, first, second
    box.on_add, box.on_undo, box.on_clear, box.on_share, box.share_button = on_add, on_undo, on_clear, on_share, share
    box.chart, box.view = chart, view
    return box


def html_escape(text: str) -> str:
    import html

    return html.escape(text)


# ====================================================================== 8. "More practice" from the puzzle bank
def practice_exercises(lesson: int) -> list[Exercise]:
    """Lesson ``lesson``'s closing problem set (:attr:`Lesson.practice`, fixed seed), easy to hard: type the
    tiles to cover ("5+3") or choose one die or two; judged by the bank's exact values."""
    if lesson not in LESSONS:
        raise ValueError(tr("no lesson {lesson}: the Shut the Box lessons are 1 to 4", lesson=lesson))
    return LESSONS[lesson].practice_exercises()


def practice(lesson: int, score: Any = None):
    """The "More practice" set on the page: each problem titled with its number and level, then its answer box."""
    import html
    import ipywidgets as W
    from gamekit.widgets.lesson import ExerciseWidget

    rows = []
    for i, ex in enumerate(practice_exercises(lesson), 1):
        rows += [
            W.HTML("<b>" + html.escape(tr("Problem {i} ({level})", i=i, level=level_word(ex.level))) + "</b>"),
            ExerciseWidget(ex, score=score),
        ]
    return W.VBox(rows)
