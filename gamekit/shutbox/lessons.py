"""Everything the Shut the Box lessons compute: sets for a roll, dice odds, simulations, exercises.

Notebook cells only call these functions (each is tested).  Charts use matplotlib and return
the ``Figure``; widgets come from :mod:`gamekit.shutbox.widget` and :mod:`gamekit.widgets.lesson`.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, Callable, Iterable, Sequence

from gamekit.i18n import N_, decimal_symbols, ntr, number, ptr, tr
from gamekit.display import Table
from gamekit.shutbox.rules import FULL, TILES, Rules, ShutTheBox, mask_of, set_masks, tiles_of, tiles_summing_to
from gamekit.shutbox.rules import sheet_key, two_dice_probability
from gamekit.shutbox.strategy import table
from gamekit.puzzles.sets import ProblemSet, level_word
from gamekit.widgets.lesson import Exercise, Lesson, choice_checker, count_checker, exercises_by_notebook

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
    outcome: str          # "found", "try", "dead end"
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
                steps.append(SearchStep(now, 0, "found", tr("{tiles} = {total}: a set.", tiles=" + ".join(map(str, now)), total=total)))
                continue
            if smaller < need - t:
                steps.append(SearchStep(now, need - t, "dead end",
                                        tr("{items} still needs {number}, but the smaller tiles add up to only {smaller}: stop here.", items=' + '.join(map(str, now)), number=need - t, smaller=smaller)))
                if not chosen:
                    return                      # smaller first tiles can only do worse
                continue
            steps.append(SearchStep(now, need - t, "try",
                                    tr("Take {t}; {number} still needed, from tiles below {t}.", t=t, number=need - t)))
            search(now, need - t, t)

    search((), total, 10)
    return steps


def sets_found(steps: Sequence[SearchStep]) -> list[tuple[int, ...]]:
    return [s.chosen for s in steps if s.outcome == "found"]


def parse_sets(answer: Any) -> list[tuple[int, ...]]:
    """Sets typed as ``"9; 8+1; 7+2"`` (``;`` or new lines between sets, ``+``, ``&``, space or ``,`` inside).

    Also accepts a list of tuples.  Raises ValueError with a reason for anything else.
    """
    if isinstance(answer, (list, tuple)) and all(isinstance(s, (list, tuple, set, frozenset, int)) for s in answer):
        raw = [tuple(s) if not isinstance(s, int) else (s,) for s in answer]
    else:
        text_ = str(answer).strip()
        if not text_:
            raise ValueError(tr("type the sets, e.g. 5; 4+1"))
        if re.search(r"[;\n|/]", text_):
            parts = re.split(r"[;\n|/]", text_)
        elif re.search(r"[+&]", text_):
            parts = text_.split(",")           # "9, 8+1, 7+2": commas between sets
        else:
            parts = [text_]
        parts = [p for p in parts if p.strip()]
        raw = []
        for p in parts:
            bits = [b for b in re.split(r"[+&,\s]+|\by\b|\band\b", p.strip()) if b]
            try:
                raw.append(tuple(int(b) for b in bits))
            except ValueError:
                raise ValueError(tr("{strip!r} is not a set of tile numbers (write e.g. 5+3)", strip=p.strip())) from None
    out = []
    for s in raw:
        if not s:
            continue
        for t in s:
            if t not in TILES:
                raise ValueError(tr("tile {t} is not on the box (tiles are 1 to 9)", t=t))
        if len(set(s)) != len(s):
            raise ValueError(tr("{items} uses a tile twice: each tile is covered once", items='+'.join(map(str, s))))
        out.append(tuple(sorted(s, reverse=True)))
    return out


def sets_exercise(total: int, uncovered: Iterable[int] = TILES) -> Exercise:
    """"Type every set for ``total``" with the given tiles open, checked against the enumeration."""
    open_tiles = tuple(sorted(set(uncovered)))
    right = tiles_summing_to(total, open_tiles)
    covered = [t for t in TILES if t not in open_tiles]
    where = "" if not covered else tr(" (tiles {items} are already covered)", items=tile_list(covered))

    def check(answer: Any) -> tuple[bool, str]:
        given = parse_sets(answer)
        problems = []
        for s in given:
            if sum(s) != total:
                problems.append(tr("{items} makes {sum}, not {total}", items='+'.join(map(str, s)), sum=sum(s), total=total))
            elif any(t not in open_tiles for t in s):
                problems.append(tr("{items} uses covered tile {next}", items='+'.join(map(str, s)), next=next(t for t in s if t not in open_tiles)))
        dupes = [s for s, n in Counter(given).items() if n > 1]
        if dupes:
            problems.append(tr("{items} is listed twice", items='+'.join(map(str, dupes[0]))))
        if problems:
            return False, "; ".join(problems) + "."
        missing = [s for s in right if s not in given]
        if missing:
            return False, ntr("All correct so far, but {n} set is missing. Go largest tile first: start from {missing}.",
                              "All correct so far, but {n} sets are missing. Go largest tile first: start from {missing}.",
                              len(missing), missing=missing[0][0])
        return True, tr("All {n} sets: {items}.", n=len(right), items='; '.join('+'.join(map(str, s)) for s in right))

    return Exercise(tr("Type every set of open tiles that makes {total}{where}, separated by ';' (for 5 you would type 5; 4+1; 3+2).", total=total, where=where),
                    check, hint=tr("Largest tile first: take a tile, then look for the rest among smaller tiles."),
                    answer="; ".join("+".join(map(str, s)) for s in right),
                    solutions=["; ".join("+".join(map(str, s)) for s in right)],
                    wrong=["; ".join("+".join(map(str, s)) for s in right[:-1]),
                           "; ".join("+".join(map(str, s)) for s in right + [(total - 1, 1) if total - 1 > 1 else (1,)])
                           if (total - 1, 1) not in right else "; ".join("+".join(map(str, s)) for s in right) + "; 3+2"],
                    key=f"sets {total} {open_tiles}")


# ====================================================================== 2. the dice
def dice_outcomes() -> list[tuple[int, int]]:
    """The 36 equally likely outcomes of two dice."""
    return [(a, b) for a in range(1, 7) for b in range(1, 7)]


def sum_distribution(n_dice: int = 2) -> dict[int, Fraction]:
    """Exact distribution of the total of one or two dice."""
    if n_dice == 1:
        return {r: Fraction(1, 6) for r in range(1, 7)}
    return {r: two_dice_probability(r) for r in range(2, 13)}


def simulate_sums(n: int = 3600, seed: int = 0, n_dice: int = 2) -> dict[int, int]:
    """Roll the dice ``n`` times (seeded, with numpy) and count each total."""
    import numpy as np

    totals = np.random.default_rng(seed).integers(1, 7, size=(n, n_dice)).sum(axis=1)
    counts = np.bincount(totals, minlength=6 * n_dice + 1)
    lo, hi = (1, 6) if n_dice == 1 else (2, 12)
    return {r: int(counts[r]) for r in range(lo, hi + 1)}


def sets_table(total: int, uncovered: Iterable[int] = TILES) -> Table:
    """Every set of open tiles making ``total``, in the rules sheet's order, as a table for the page."""
    sets = tiles_summing_to(total, tuple(sorted(set(uncovered))))
    return Table([tr("set"), tr("tiles")], [[i, " + ".join(map(str, st))] for i, st in enumerate(sets, 1)],
                 caption=tr("The sets that make {total}", total=total))


def sets_count_table(totals: Iterable[int] = range(2, 12)) -> Table:
    """How many sets make each total on a full box (a table for the page)."""
    totals = list(totals)
    return Table([tr("total")] + [str(t) for t in totals],
                 [[tr("sets on a full box")] + [len(tiles_summing_to(t)) for t in totals]])


def simulation_table(n: int = 36_000, seed: int = 2) -> Table:
    """Each total of two dice: its exact chance beside its share of ``n`` seeded simulated rolls."""
    sim = simulate_sums(n, seed)
    return Table([tr("total"), tr("exact chance"), tr("share of {n} simulated rolls", n=number(n))],
                 [[t, number(100 * float(p), 2) + " %", number(100 * sim[t] / n, 2) + " %"]
                  for t, p in sum_distribution().items()])


def one_die_table() -> Table:
    """The six totals of one die, each as likely as the others."""
    return Table([tr("total of one die")] + [str(t) for t in range(1, 7)],
                 [[tr("chance")] + [tr("1 in 6")] * 6])


def outcomes_grid() -> list[list[int]]:
    """6 × 6 grid of the totals (row: first die, column: second die) — the 36 outcomes at a glance."""
    return [[a + b for b in range(1, 7)] for a in range(1, 7)]


def _local_ticks(axis) -> None:
    """Tick labels with the reader's decimal point (matplotlib writes numbers the English way)."""
    point, group = decimal_symbols()
    if (point, group) == (".", ","):
        return
    from matplotlib.ticker import ScalarFormatter

    class LocalFormatter(ScalarFormatter):
        def __call__(self, x, pos=None):
            return super().__call__(x, pos).translate({ord("."): point, ord(","): group})

    axis.set_major_formatter(LocalFormatter())


def plot_dice(n: int = 3600, seed: int = 0):
    """Bar chart: exact distribution of two dice vs a seeded simulation of ``n`` rolls."""
    import matplotlib.pyplot as plt

    exact = sum_distribution(2)
    sim = simulate_sums(n, seed)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.6), gridspec_kw={"width_ratios": [1, 1.4]})
    grid = outcomes_grid()
    left.imshow(grid, cmap="YlGn")
    for i in range(6):
        for j in range(6):
            left.text(j, i, str(grid[i][j]), ha="center", va="center", fontsize=10)
    left.set_xticks(range(6), [str(k) for k in range(1, 7)])
    left.set_yticks(range(6), [str(k) for k in range(1, 7)])
    left.set_xlabel(tr("second die"))
    left.set_ylabel(tr("first die"))
    left.set_title(tr("the 36 outcomes"))
    totals = list(exact)
    right.bar([t - 0.2 for t in totals], [float(exact[t]) for t in totals], width=0.4, label=tr("exact (k/36)"))
    right.bar([t + 0.2 for t in totals], [sim[t] / n for t in totals], width=0.4, label=tr("simulated ({n} rolls)", n=n))
    right.set_xticks(totals)
    right.set_xlabel(tr("total of two dice"))
    right.set_ylabel(tr("probability"))
    _local_ticks(right.yaxis)
    right.legend()
    right.set_title(tr("distribution of the sum"))
    fig.tight_layout()
    return fig


# ====================================================================== 3. strategy: simulations
POLICIES = (N_("random"), N_("most tiles"), N_("largest tile"), N_("optimal (shut)"), N_("optimal (score)"))


def _choose(policy: str, m: int, roll: int, rules: Rules, rng: random.Random) -> int:
    sets = set_masks(roll, m)
    if policy == "random":
        return rng.choice(sets)
    if policy == "most tiles":
        return max(sets, key=lambda s: bin(s).count("1"))        # first of the most tiles, sheet order
    if policy == "largest tile":
        return sets[0]                                           # largest tile, then the next largest
    if policy == "optimal (shut)":
        return mask_of(table(rules, "shut").best_set(m, roll))
    if policy == "optimal (score)":
        return mask_of(table(rules, "score").best_set(m, roll))
    raise ValueError(tr("policy {policy!r}: choose one of {items}", policy=policy, items=', '.join(POLICIES)))


def _dice(policy: str, m: int, rules: Rules, rng: random.Random) -> int:
    options = rules.dice_options(m)
    if len(options) == 1:
        return options[0]
    if policy.startswith("optimal"):
        return table(rules, "shut" if "shut" in policy else "score").dice(m)
    if policy == "random":
        return rng.choice(options)
    return 1 if sum(tiles_of(m)) <= 6 else 2


def play_turn(policy: str, rules: Rules | None = None, rng: random.Random | None = None,
              start: Iterable[int] = TILES) -> int:
    """One solo turn with a rule of thumb; returns the bitmask left open (0: the box is shut)."""
    rules = rules or Rules()
    rng = rng or random.Random()
    m = mask_of(start)
    while m:
        n = _dice(policy, m, rules, rng)
        roll = sum(rng.randint(1, 6) for _ in range(n))
        if not set_masks(roll, m):
            return m
        m ^= _choose(policy, m, roll, rules, rng)
    return 0


def simulate(policy: str, n: int = 10_000, rules: Rules | None = None, seed: int = 0,
             progress: bool = False) -> dict[str, float]:
    """Play ``n`` solo turns with ``policy``: shut rate, mean score, and the standard error of the rate."""
    rules = rules or Rules()
    if policy not in POLICIES:
        raise ValueError(tr("policy {policy!r}: choose one of {items}", policy=policy, items=', '.join(POLICIES)))
    rng = random.Random(seed)
    shut = total = 0
    it: Iterable[int] = range(n)
    if progress:
        from tqdm.auto import tqdm
        it = tqdm(it, desc=policy, leave=False)
    for _ in it:
        m = play_turn(policy, rules, rng)
        shut += m == 0
        total += rules.score(m)
    rate = shut / n
    return {"policy": policy, "games": n, "shut": rate, "mean score": total / n,
            "stderr": (rate * (1 - rate) / n) ** 0.5}


def compare_policies(n: int = 10_000, rules: Rules | None = None, seed: int = 0,
                     progress: bool = False, policies: Sequence[str] = POLICIES) -> list[dict[str, float]]:
    """Every rule of thumb and the optimal play over ``n`` seeded solo games each."""
    return [simulate(p, n, rules, seed + i, progress) for i, p in enumerate(policies)]


def second_run_inside(k: float = 2.0) -> float:
    """The chance that a second independent run of as many games lands within ``k`` standard errors of
    the first: the difference of two estimates has standard error √2 · SE, so it is P(|Z| < k/√2)."""
    import math
    return math.erf(k / 2)


def true_value_inside(k: float = 2.0) -> float:
    """The chance that ``k`` standard errors each way around an estimate catch the true chance, P(|Z| < k)."""
    import math
    return math.erf(k / math.sqrt(2))


def whisker_note(k: float = 2.0):
    """How to read the whiskers of :func:`plot_policies`, with both chances computed (normal approximation)."""
    from gamekit.display import Paragraph
    return Paragraph(tr("The black whisker on a bar spans two standard errors each way. It catches the true chance "
                   "about {true} of the time; a second run of as many games, with other dice, lands inside it "
                   "about {second} of the time (the two runs each have their own noise).",
                   true=percent_plain(true_value_inside(k)), second=percent_plain(second_run_inside(k))))


def percent_plain(x: float) -> str:
    """A share as a whole percentage for the page ("84 %")."""
    return f"{number(100 * x, 0)} %"


def plot_policies(results: Sequence[dict[str, float]], rules: Rules | None = None):
    """Bar chart of simulated shut rates (with 2 standard errors) and the exact optimum as a line."""
    import matplotlib.pyplot as plt

    rules = rules or Rules()
    exact = float(table(rules, "shut").value(FULL))
    fig, ax = plt.subplots(figsize=(8, 3.6))
    names = [tr(r["policy"]) for r in results]
    rates = [100 * r["shut"] for r in results]
    errs = [200 * r["stderr"] for r in results]
    ax.bar(names, rates, yerr=errs, capsize=4, color=["#bbb", "#bbb", "#f0b429", "#1e8449", "#2e86de"][:len(names)])
    ax.axhline(100 * exact, color="#1e8449", ls="--", label=tr("exact optimum {number} %", number=number(100 * exact, 2)))
    ax.set_ylabel(tr("shut the box (%)"))
    _local_ticks(ax.yaxis)
    ax.set_title(tr("{games} games per strategy — {describe}", games=number(results[0]['games']), describe=rules.describe()), fontsize=9)
    ax.legend()
    fig.tight_layout()
    return fig


# ====================================================================== 4. strategy: the table
def fill_steps(rules: Rules | None = None) -> list[dict[str, Any]]:
    """How the table is filled from the shut box upwards, on a few small states (for the lesson).

    Each entry: the open tiles, the exact shut chance, and a sentence showing where it comes from.
    """
    rules = rules or Rules(one_die="never")
    t = table(rules, "shut")
    rows = [{"open": (), "value": Fraction(1), "why": tr("Nothing open: the box is shut. Value 1.")}]
    for tiles in [(1,), (3,), (7,), (1, 2), (3, 4), (1, 2, 4)]:
        m = mask_of(tiles)
        parts, chances = [], []
        for roll in range(2, 13):
            best = t.best_set(m, roll)
            if best:
                after = tuple(x for x in tiles if x not in best)
                parts.append(f"P({roll}) × V({','.join(map(str, after)) or '∅'})")
                chances.append(f"P({roll}) = {two_dice_probability(roll)}")
        if parts:
            why = tr("{sum}, where {chances}", sum=" + ".join(parts), chances=ptr("between items in a list", ", ").join(chances))
        else:
            why = tr("no roll of two dice makes any set: value 0")
        rows.append({"open": tiles, "value": t.value(m), "why": f"V({','.join(map(str, tiles))}) = {why}"})
    return rows


def table_by_size(rules: Rules | None = None, objective: str = "shut") -> dict[int, list[tuple[tuple[int, ...], Fraction]]]:
    """The states grouped by how many tiles are open (0 … 9), the order the table is filled in."""
    t = table(rules or Rules(), objective)
    out: dict[int, list] = {k: [] for k in range(10)}
    for m in range(FULL + 1):
        out[bin(m).count("1")].append((tiles_of(m), t.value(m)))
    return out


def plot_state_values(rules: Rules | None = None):
    """Each state's exact shut chance against how many tiles are open (the 512 states)."""
    import matplotlib.pyplot as plt

    by = table_by_size(rules or Rules(), "shut")
    fig, ax = plt.subplots(figsize=(8, 3.4))
    for k, rows in by.items():
        ax.scatter([k] * len(rows), [float(v) for _, v in rows], s=8, alpha=0.5, color="#1e8449")
    ax.set_xlabel(tr("tiles still open"))
    ax.set_ylabel(tr("exact chance to shut"))
    ax.set_yscale("symlog", linthresh=0.01)
    ax.set_title(tr("the 512 states, filled from the shut box (left) upwards"))
    fig.tight_layout()
    return fig


DISAGREEMENT = ((1, 4, 5, 8), 9)


def compare_objectives(uncovered: Iterable[int] = DISAGREEMENT[0], roll: int = DISAGREEMENT[1],
                       rules: Rules | None = None) -> list[dict[str, Any]]:
    """For each set making ``roll``: the shut chance and expected score of the state it leaves."""
    rules = rules or Rules()
    shut, score = table(rules, "shut"), table(rules, "score")
    m = mask_of(uncovered)
    rows = []
    for s in set_masks(roll, m):
        left = m ^ s
        rows.append({"cover": sheet_key(s), "leaves": tiles_of(left), "shut chance": shut.value(left),
                     "expected score": score.value(left)})
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


BEST_SET_POSITIONS = [((1, 2, 3, 4, 5, 6, 7, 8, 9), 9, "shut"),
                      ((1, 2, 3, 4, 5, 7, 8), 8, "shut"),
                      ((1, 2, 3, 4, 6), 7, "shut"),
                      ((1, 4, 5, 8), 9, "score")]


def best_set_exercise(uncovered: Iterable[int], roll: int, objective: str = "shut",
                      rules: Rules | None = None) -> Exercise:
    """"Pick the best set here", checked against the exact table (ties: any best set is right)."""
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(uncovered)))
    t = table(rules, objective)
    m = mask_of(open_tiles)
    options = t.set_values(m, roll)
    if not options:
        raise ValueError(tr("no set of {open_tiles} makes {roll}", open_tiles=open_tiles, roll=roll))
    best_v = (min if objective == "score" else max)(v for _, v in options)
    best = [s for s, v in options if v == best_v]

    def plain(v: Fraction) -> str:          # what the pupil reads: "about 13 games in 100", "about 8.3"
        return chance_words(v) if objective == "shut" else tr("about {score}", score=number(float(v), 1))

    def name(tiles: Sequence[int]) -> str:
        return "+".join(map(str, tiles))

    def check(answer: Any) -> tuple[bool, str]:
        sets = parse_sets(answer)
        if len(sets) != 1:
            raise ValueError(tr("give one set, e.g. 8+1"))
        s = sets[0]
        if sum(s) != roll:
            return False, tr("{items} makes {sum}, not {roll}.", items=name(s), sum=sum(s), roll=roll)
        if any(x not in open_tiles for x in s):
            return False, tr("{items} uses a covered tile.", items=name(s))
        v = t.value(m ^ mask_of(s))
        others = ptr("between items in a list", ", ").join(
            f"{name(o)} → {plain(w)}" for o, w in options if o not in best)
        if s in best:
            if objective == "shut":
                return True, tr("Right: {items} is best. What it leaves shuts the box in {value}. The other sets: {others}.",
                                items=name(s), value=plain(v), others=others)
            return True, tr("Right: {items} is best. It leaves an expected score of {value}. The other sets: {others}.",
                            items=name(s), value=plain(v), others=others)
        if objective == "shut":
            return False, tr("Not the best. What {items} leaves shuts the box in {value}. Another set does better.",
                             items=name(s), value=plain(v))
        return False, tr("Not the best. {items} leaves an expected score of {value}. Another set leaves less.",
                         items=name(s), value=plain(v))

    def exact(answer: Any) -> str:          # the exact numbers behind the rounded ones ("Show the exact numbers")
        return tr("Exact numbers: {table_text}.", table_text=ptr("between numbers in a list", ", ").join(
            f"{name(o)} → {exact_chance(w) if objective == 'shut' else exact_score(w)}" for o, w in options))

    if objective == "score":
        hint = tr("Whatever you cover, the tiles left add up to {left}. So ask: which tiles left can the next rolls still cover?",
                  left=sum(open_tiles) - roll)
    else:
        hint = tr("The sets are {items}: compare the states they leave.", items='; '.join(name(s) for s, _ in options))
    return Exercise(tr("Tiles {items} are open and you rolled {roll}. Which set is best to {value}?", items=tile_list(open_tiles), roll=roll, value=tr("shut the box") if objective == "shut" else tr("keep the score low")),
                    check, hint=hint,
                    answer=name(best[0]), solutions=[name(b) for b in best],
                    wrong=[name(s) for s, _ in options if s not in best],
                    position=SetChoice(open_tiles, roll, objective), key=f"best {open_tiles} {roll} {objective}",
                    more=exact, more_label=tr("Show the exact numbers"))


def chance_words(v: Fraction | float) -> str:
    """A chance as a pupil reads it: "about 13 games in 100" (whole games; "fewer than 1 game in 100")."""
    n = round(100 * float(v))
    if n < 1 and v > 0:
        return tr("fewer than 1 game in 100")
    return ntr("about {n} game in 100", "about {n} games in 100", n)


def exact_chance(v: Fraction) -> str:
    """A chance exactly (a fraction when short) and as a percentage to two decimals, for a details box."""
    pct = f"{number(100 * float(v), 2)} %"
    if isinstance(v, Fraction) and v.denominator != 1 and v.denominator <= 10_000:
        return f"{v} ≈ {pct}"
    return pct


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
        return (self.table._repr_html_() + f"<details><summary>{html_escape(self.summary)}</summary>"
                + self.exact._repr_html_() + "</details>")

    def __str__(self) -> str:
        return str(self.table)

    __repr__ = __str__


def objectives_table(uncovered: Iterable[int] = DISAGREEMENT[0], roll: int = DISAGREEMENT[1],
                     rules: Rules | None = None) -> WithExact:
    """"Two goals, two answers": each set's chance to shut the box (in games in 100) and expected score (one
    decimal), the exact values in a details box."""
    rows = compare_objectives(uncovered, roll, rules)
    head = [tr("cover"), tr("leaves"), tr("shut chance"), tr("expected score")]
    plain = [["+".join(map(str, r["cover"])), "+".join(map(str, r["leaves"])), chance_words(r["shut chance"]),
              number(float(r["expected score"]), 1)] for r in rows]
    exact = [["+".join(map(str, r["cover"])), "+".join(map(str, r["leaves"])), exact_chance(r["shut chance"]),
              exact_score(r["expected score"])] for r in rows]
    return WithExact(Table(head, plain), Table(head, exact))


def fill_table(rules: Rules | None = None) -> WithExact:
    """The first steps of filling the table (:func:`fill_steps`), values as a pupil reads them; the exact
    fractions in a details box."""
    rows = fill_steps(rules)
    head = [tr("open"), tr("value"), tr("why")]

    def tiles(r: dict) -> str:
        return "+".join(map(str, r["open"])) or "∅"
    plain = [[tiles(r), chance_words(r["value"]) if r["value"] not in (0, 1) else percent_plain(float(r["value"])),
              r["why"]] for r in rows]
    exact = [[tiles(r), exact_fraction(r["value"]), ""] for r in rows]
    return WithExact(Table(head, plain), Table(head[:2], [e[:2] for e in exact]))


# ====================================================================== 4b. rules of thumb, exactly
def policy_shut_probability(policy: str, rules: Rules | None = None) -> Fraction:
    """The exact chance that a rule of thumb shuts the box from the start (no simulation).

    The same choices as :func:`play_turn`: ``"random"`` picks each set (and each allowed number of
    dice) with equal chance; the other rules are deterministic.  The table is filled from the shut
    box upwards, like the optimal table, but each state follows the rule instead of the best set.
    """
    rules = rules or Rules()
    if policy not in POLICIES:
        raise ValueError(tr("policy {policy!r}: choose one of {items}", policy=policy, items=', '.join(POLICIES)))
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
                    total += p * value[m ^ _choose(policy, m, roll, rules, None)]
            return total
        options = rules.dice_options(m)
        if policy == "random":
            value[m] = sum(after_roll(n) for n in options) / len(options)
        else:
            value[m] = after_roll(options[0] if len(options) == 1 else _dice(policy, m, rules, None))
    return value[FULL]


def policy_table(rules: Rules | None = None, policies: Sequence[str] = POLICIES[:4]) -> Table:
    """Each rule of thumb's exact chance to shut the box, as a fraction and a percentage."""
    rules = rules or Rules()
    return Table([tr("how you choose the set"), tr("exact chance to shut the box")],
                 [[tr(p), percent(policy_shut_probability(p, rules))] for p in policies],
                 caption=tr("Solo games — {describe}", describe=rules.describe()))


def worst_rule_of_thumb(rules: Rules | None = None) -> str:
    """Which of random / most tiles / largest tile shuts the box least often (exactly)."""
    return min(POLICIES[:3], key=lambda p: policy_shut_probability(p, rules))


def dice_rules_table() -> Table:
    """Each one-die rule (in the words of :meth:`Rules.describe`) with its exact optimal shut chance
    and lowest expected score, computed here rather than typed."""
    from gamekit.shutbox.rules import ONE_DIE_RULES
    from gamekit.shutbox.strategy import min_expected_score, shut_probability

    rows = []
    for one in ONE_DIE_RULES:
        rules = Rules(one_die=one)
        rows.append([rules.describe().split(";")[0],
                     percent(shut_probability(rules)), number(min_expected_score(rules), 1)])
    return Table([tr("when you may roll one die"), tr("chance to shut, best play"), tr("lowest expected score")], rows,
                 caption=tr("The one-die options, solved exactly (solo turn, tiles 1–9)"))


# ====================================================================== 5. exercises
def turn_score_exercise(open_tiles: Iterable[int] = (2, 3, 7)) -> Exercise:
    """"The turn ends with these tiles open: what is the score?" (sum scoring)."""
    open_tiles = tuple(sorted(set(open_tiles)))
    n = Rules().score(mask_of(open_tiles))
    covered = sum(TILES) - n
    said = " + ".join(map(str, open_tiles))
    check = count_checker(n, right=tr("Right: {said} = {{correct}}. The open tiles are the score (lower is better).", said=said),
                          too_few=tr("Too low: add up every open tile ({said}).", said=said),
                          too_many=tr("Too high: only the open tiles count ({said}); covered tiles score nothing.", said=said))
    return Exercise(tr("Your turn ends with tiles {items} still open. What is your score?", items=tile_list(open_tiles)),
                    check, hint=tr("Add the numbers on the tiles that are still open."), answer=str(n), solutions=[n],
                    wrong=[covered, n - 1], key=f"score {open_tiles}")


def _yes_no(prompt: str, yes: bool, why: str, key: str, hint: str) -> Exercise:
    """A Yes/No question; both answers get the same reason, with a verdict in front."""
    right, wrong = ("Yes", "No") if yes else ("No", "Yes")
    explanations = {right: tr("Right: {why}", why=why), wrong: tr("Not so: {why}", why=why)}
    return Exercise(prompt, choice_checker(right, explanations), hint=hint, answer=right, solutions=[right],
                    choices=["Yes", "No"], wrong=[wrong], key=key)


def can_cover_exercise(open_tiles: Iterable[int] = (2, 6, 9), roll: int = 5) -> Exercise:
    """"You roll ``roll`` with these tiles open: can you cover anything?"."""
    open_tiles = tuple(sorted(set(open_tiles)))
    sets = tiles_summing_to(roll, open_tiles)
    every = "; ".join(" + ".join(map(str, s)) for s in tiles_summing_to(roll)) or "none"
    score = Rules().score(mask_of(open_tiles))
    if sets:
        why = tr("{items} makes {roll} and uses open tiles only.", items=' + '.join(map(str, sets[0])), roll=roll)
    else:
        why = (tr("the sets for {roll} are {every}, and each needs a tile that is already covered. The turn ends and scores {items} = {score}.", roll=roll, every=every, items=' + '.join(map(str, open_tiles)), score=score))
    return _yes_no(tr("Tiles {items} are open and you roll {roll}. Can you cover a set?", items=tile_list(open_tiles), roll=roll),
                   bool(sets), why, f"can cover {open_tiles} {roll}",
                   hint=tr("List the sets of tiles that make {roll}, then check which tiles are still open.", roll=roll))


ONE_DIE_BOXES = ((1, 2, 3, 8), (4, 5, 6), (2, 7), (1, 9))
"""Lesson 1, exercise 3: four boxes; under the sheet's rule only one of them lets you roll one die."""


def one_die_exercise(boxes: Sequence[Sequence[int]] = ONE_DIE_BOXES, rules: Rules | None = None) -> Exercise:
    """"In which of these boxes may you roll one die?" under ``rules`` (default: the sheet's basic game)."""
    rules = rules or Rules()
    boxes = [tuple(sorted(set(b))) for b in boxes]
    names = [", ".join(map(str, b)) for b in boxes]
    allowed = [n for n, b in zip(names, boxes) if 1 in rules.dice_options(mask_of(b))]
    if len(allowed) != 1:
        raise ValueError(tr("exactly one box must allow one die, not {n}", n=len(allowed)))
    rule = rules.describe().split(';')[0]
    explanations = {}
    for n, b in zip(names, boxes):
        high = [str(t) for t in b if t >= 7]
        if n in allowed:
            explanations[n] = tr("Right: with {items} open, 7, 8 and 9 are all covered — the rule is: {rule}.", items=n, rule=rule)
        else:
            explanations[n] = ntr("Not this box: {high} is still open, and the rule is: {rule}.",
                                  "Not this box: {high} are still open, and the rule is: {rule}.",
                                  len(high), high=tr(" and ").join(high), rule=rule)
    return Exercise(tr("In which of these boxes may you roll just one die? (The numbers are the open tiles.)"),
                    choice_checker(allowed[0], explanations), hint=tr("Which tiles must be covered before one die is allowed?"),
                    answer=allowed[0], solutions=allowed, choices=names,
                    wrong=[n for n in names if n not in allowed], key="one die box")


def count_sets_hint(total: int, open_tiles: Sequence[int]) -> str:
    """Where to start counting the sets for ``total``: the largest open tile below the total, then the next one."""
    below = sorted((t for t in open_tiles if t < total), reverse=True)
    if len(below) < 2:
        return tr("Go largest tile first, and count each set once.")
    return tr("Start with {top}, the largest open tile below {total}: what makes the remaining {number}? "
              "Then start with {next}, and so on.", top=below[0], total=total, number=total - below[0], next=below[1])


def count_sets_exercise(total: int = 12, uncovered: Iterable[int] = TILES) -> Exercise:
    """"How many different sets make ``total``?"."""
    open_tiles = tuple(sorted(set(uncovered)))
    sets = tiles_summing_to(total, open_tiles)
    n = len(sets)
    longest = max(sets, key=len)
    check = count_checker(n, right=tr("Right: {{correct}} sets make {total}.", total=total),
                          too_few=tr("Too few: go largest tile first and don't stop at pairs — a set may have {n} tiles.", n=len(longest)),
                          too_many=tr("Too many: a set is counted once whatever the order (5+4+3 is 3+4+5), and no tile is used twice."))
    prompt = tr("All nine tiles are open. How many different sets of tiles make {total}?", total=total) \
        if open_tiles == TILES else \
        tr("Only tiles {items} are open. How many different sets of open tiles make {total}?", items=tile_list(open_tiles), total=total)
    return Exercise(prompt, check, hint=count_sets_hint(total, open_tiles),
                    answer=str(n), solutions=[n], wrong=[n - 2 if n > 2 else n + 2, n + 1],
                    key=f"count sets {total}" if open_tiles == TILES else f"count sets {total} {open_tiles}",
                    leaks=(f"{total}: {n}",))


def most_likely_total_exercise() -> Exercise:
    """Predict, before the simulation, the total of two dice that comes up most often."""
    dist = sum_distribution(2)
    best = max(dist, key=dist.get)
    explanations = {str(t): (tr("Right: {t}. Keep your guess in mind — below you count the outcomes that make each total, and see why.", t=t)
                             if t == best else
                             tr("Not {t}: a total near the middle can be made with more pairs of dice than {t}. Keep your guess in mind and count below.", t=t))
                    for t in dist}
    return Exercise(tr("Before we roll: which total of two dice will come up most often?"),
                    choice_checker(str(best), explanations), hint=tr("Count how many ways each total can be made."),
                    answer=str(best), solutions=[str(best)], choices=[str(t) for t in dist],
                    wrong=["12", "6"], key="most likely total")


def roll_outcomes_exercise(open_tiles: Iterable[int] = (1, 2), stuck: bool = False) -> Exercise:
    """"Count by hand: how many of the 36 outcomes let you cover a set (or, ``stuck``, end the turn)?"."""
    open_tiles = tuple(sorted(set(open_tiles)))
    good = [(a, b) for a, b in dice_outcomes() if bool(tiles_summing_to(a + b, open_tiles)) != stuck]
    n = len(good)
    usable = sorted({a + b for a, b in dice_outcomes() if tiles_summing_to(a + b, open_tiles)})
    what = tr("end your turn (no set fits)") if stuck else tr("let you cover a set")
    listing = ", ".join(f"{a}+{b}" for a, b in good) if n <= 6 else tr("the outcomes making {items}", items=', '.join(map(str, sorted({a + b for a, b in good}))))
    per_total = Counter(a + b for a, b in good)
    unordered = len({tuple(sorted(o)) for o in good})
    too_many = tr("Too many: only the totals {items} can be covered with {items2} open.", items=', '.join(map(str, usable)), items2=tile_list(open_tiles)) \
        if not stuck else tr("Too many: the totals {items} can still be covered with {items2} open, so they do not end your turn.", items=', '.join(map(str, usable)), items2=tile_list(open_tiles))

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.lesson import parse_int
        k = parse_int(answer)
        if k == n:
            return True, tr("Right: {n} of 36 — {listing}.", n=n, listing=listing)
        if k > n:
            return False, too_many
        if k == unordered:
            return False, tr("Too few: you counted each pair of numbers once. (1, 2) and (2, 1) are different outcomes — first die, second die.")
        missed = [t for t, c in sorted(per_total.items()) if k == n - c]
        if missed:
            t = missed[0]
            return False, ntr("Too few: you have left out the total {t}. It is made by {c} outcome.",
                              "Too few: you have left out the total {t}. It is made by {c} outcomes.",
                              per_total[t], t=t, c=per_total[t])
        return False, tr("Too few. List the totals first ({items}), then count the outcomes of each total, first die and second die.",
                         items=', '.join(map(str, sorted(per_total))))
    return Exercise(tr("Only tiles {items} are open and you roll two dice. How many of the 36 outcomes {what}?", items=tile_list(open_tiles), what=what), check,
                    hint=tr("First list the totals that some set of the open tiles makes, then count the outcomes for each total (first die, second die)."),
                    answer=str(n), solutions=[n], wrong=[n - 1, n + 1], key=f"outcomes {open_tiles} {stuck}",
                    leaks=(tr("{n} of 36", n=n), tr("{n} of the 36", n=n)))


def worst_rule_exercise(rules: Rules | None = None) -> Exercise:
    """Predict, before the chart, which rule of thumb shuts the box least often (checked exactly)."""
    rules = rules or Rules(one_die="never")
    values = {p: policy_shut_probability(p, rules) for p in POLICIES[:3]}
    worst = min(values, key=values.get)
    # numbers as a pupil reads them ("about 2 games in 100"); the exact table follows on the page
    explanations = {p: f"{tr(p)}: {chance_words(v)}" + (tr(" — the lowest of the three.") if p == worst else
                                                   tr("; {worst} does worse: {percent}.", worst=tr(worst), percent=chance_words(values[worst])))
                    for p, v in values.items()}
    return Exercise(tr("Predict before you look: which way of choosing shuts the box LEAST often — a random set, the set with the most tiles, or the set with the largest tile?"),
                    choice_checker(worst, explanations), hint=tr("Which tiles are hard to get rid of late in a turn?"),
                    answer=worst, solutions=[worst], choices=list(POLICIES[:3]),
                    wrong=[p for p in POLICIES[:3] if p != worst][:1], key="worst rule of thumb")


# Lesson 4, exercise 3: the lowest expected score.  9+2 and 7+4 both leave tiles adding up to 12; 9+2 gets rid
# of the 9, which only a few rolls can cover (it leaves about 7.2 against 8.7): a pupil can reason it out.
SCORE_EXERCISE = ((1, 2, 4, 7, 9), 11, "score")
# Final challenge: neither "largest tile" nor "most tiles" finds the best set, and in the first and the
# last "fewest tiles" does not decide either (two sets of two tiles, only one of them best).
CHALLENGE_POSITIONS = [((1, 2, 3, 4, 7, 8), 10, "shut"), ((1, 2, 4, 5, 8, 9), 12, "shut"),
                       ((1, 3, 4, 5, 6, 7), 10, "score")]

LESSON_RULES = (("one_die", Rules().one_die),)
CHANCE_ONLY = LESSON_RULES + (("objective", "shut"),)
"""Lessons 1–3 ask for the best chance to shut the box only (the expected score is taught in lesson 4)."""
"""The rules a lesson's practice puzzles are played under: the lessons' own (one die once 7, 8 and 9 are shut)."""

LESSONS: dict[int, Lesson] = {
    1: Lesson(1, "shut_the_box/01_rules_and_play", "Shut the Box 1 — the rules", 40,
              {"score_237": partial(turn_score_exercise, (2, 3, 7)), "score_149": partial(turn_score_exercise, (1, 4, 9)),
               "can_cover": can_cover_exercise, "choices_7": partial(count_sets_exercise, 7, (1, 2, 4, 6)),
               "one_die": one_die_exercise},
              {"score_237": "easy", "score_149": "easy", "can_cover": "easy", "choices_7": "medium",
               "one_die": "hard"},
              (N_("Explain in one sentence why a turn can end while tiles are still open."),
               N_("The turn ends as soon as no set of the open tiles adds up to the roll, so the tiles still open then stay open and are the score.")),
              ProblemSet("shut_the_box", (("sets_for_roll", "easy"), ("sets_for_roll", "easy"),
                                          ("sets_for_roll", "medium")), seed=1, where=CHANCE_ONLY)),
    2: Lesson(2, "shut_the_box/02_sets_for_a_roll", "Shut the Box 2 — sets for a roll", 40,
              {"sets_7": partial(sets_exercise, 7), "sets_9": partial(sets_exercise, 9),
               "sets_10": partial(sets_exercise, 10, (1, 2, 3, 4, 6, 7, 9)),
               "sets_11": partial(sets_exercise, 11, (1, 2, 3, 5, 6, 8)),
               "count_12": count_sets_exercise, "count_11": partial(count_sets_exercise, 11)},
              {"sets_7": "easy", "sets_9": "medium", "sets_10": "medium", "sets_11": "hard", "count_12": "hard",
               "count_11": "hard"},
              (N_("Explain in one sentence why going largest tile first never lists the same set twice."),
               N_("Each set is written in one order only, its largest tile first, and after a tile only smaller tiles are added, so the same set cannot turn up again in another order.")),
              ProblemSet("shut_the_box", (("sets_for_roll", "easy"), ("sets_for_roll", "medium"),
                                          ("sets_for_roll", "medium")), seed=2, where=CHANCE_ONLY)),
    3: Lesson(3, "shut_the_box/03_dice", "Shut the Box 3 — the dice", 45,
              {"commonest": most_likely_total_exercise, "go_on_12": roll_outcomes_exercise,
               "go_on_14": partial(roll_outcomes_exercise, (1, 4)),
               "stuck_123": partial(roll_outcomes_exercise, (1, 2, 3), stuck=True),
               "stuck_56": partial(roll_outcomes_exercise, (5, 6), stuck=True),
               "go_on_256": partial(roll_outcomes_exercise, (2, 5, 6))},
              {"commonest": "easy", "go_on_12": "easy", "go_on_14": "medium", "stuck_123": "medium",
               "stuck_56": "hard", "go_on_256": "hard"},
              (N_("Explain in one sentence why a total of 7 comes up more often than 12 with two dice."),
               N_("Six of the 36 equally likely outcomes make 7 (1+6, 2+5, 3+4, 4+3, 5+2, 6+1) but only one makes 12 (6+6).")),
              ProblemSet("shut_the_box", (("one_die_or_two", "easy"), ("best_set", "medium"),
                                          ("best_set", "medium")), seed=3, where=CHANCE_ONLY,
                         exclude=("shut-2f14d225b6", "shut-bda4c0dfd1"))),
    4: Lesson(4, "shut_the_box/04_best_strategy", "Shut the Box 4 — the best strategy", 45,
              {"worst_rule": worst_rule_exercise,
               "best_shut": partial(best_set_exercise, (1, 2, 3, 4, 5, 7, 8), 8, "shut"),
               "best_score": partial(best_set_exercise, *SCORE_EXERCISE),
               **{f"challenge_{i}": partial(best_set_exercise, *p) for i, p in enumerate(CHALLENGE_POSITIONS, 1)}},
              {"worst_rule": "easy", "best_shut": "medium", "best_score": "medium", "challenge_1": "hard",
               "challenge_2": "hard", "challenge_3": "hard"},
              (N_("Explain in one sentence why covering the most tiles is a poor way to choose a set."),
               N_("It covers the small tiles first and leaves the big ones open, and late in the turn a big tile needs one exact roll (a 9 comes only 4 times in 36), so the box is rarely shut.")),
              ProblemSet("shut_the_box", (("best_set", "easy"), ("best_set", "medium"), ("best_set", "hard")),
                         seed=4, where=LESSON_RULES, exclude=("shut-09b3281103", "shut-2f14d225b6"))),
}
"""Every Shut the Box lesson (the convention all games share: :class:`gamekit.widgets.lesson.Lesson`)."""

EXERCISES: dict[str, list[Callable[[], Exercise]]] = exercises_by_notebook(LESSONS)
"""The exercise factories each notebook uses, keyed by notebook path under ``notebooks/`` without suffix
(from :data:`LESSONS`)."""


def play_solo(level: str = "hard", seed: int = 0, rules: Rules | None = None) -> ShutTheBox:
    """A seeded solo game played by a CPU level (for showing a whole turn)."""
    from gamekit.shutbox.players import cpu_player

    g = ShutTheBox(1, rules, seed=seed)
    p = cpu_player(level, seed=seed)
    while not g.is_over():
        g.play(p.choose(g))
    return g


# ====================================================================== 5. lesson widgets
GREEN, AMBER, RED = "#1e8449", "#d68910", "#c0392b"


def sets_step_through(total: int = 8, uncovered: Iterable[int] = TILES):
    """Step through the systematic search for every set making ``total`` (largest tile first)."""
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.lesson import Step, StepThrough

    open_tiles = tuple(sorted(set(uncovered)))
    lay = BoxLayout(height=220)
    steps = [Step(box_scene(open_tiles, lay, caption=tr("Every set of open tiles making {total}, largest tile first.", total=total)),
                  tr("We look for every set that makes {total}: start from the largest tile, then only add smaller tiles, so no set is found twice.", total=total))]
    found: list[tuple[int, ...]] = []
    colour = {"found": GREEN, "try": AMBER, "dead end": RED}
    for st in set_search_steps(total, open_tiles):
        if st.outcome == "found":
            found.append(st.chosen)
        marks = {t: colour[st.outcome] for t in st.chosen}
        caption = f"{' + '.join(map(str, st.chosen))}" + (f" = {total} ✔" if st.outcome == "found" else
                                                           tr("  (need {need} more)", need=st.need))
        sofar = "; ".join("+".join(map(str, s)) for s in found) or tr("none yet")
        steps.append(Step(box_scene(open_tiles, lay, marks=marks, caption=caption),
                          tr("{caption} Sets so far: {sofar}.", caption=st.caption, sofar=sofar)))
    steps.append(Step(box_scene(open_tiles, lay, caption=tr("{n} sets make {total}.", n=len(found), total=total)),
                      tr("Done: {n} sets — ", n=len(found)) + "; ".join(" + ".join(map(str, s)) for s in found) + "."))
    return StepThrough(steps, size=(lay.width, lay.height), title=tr("Sets for {total}", total=total))


def position_view(open_tiles: Iterable[int], dice: Sequence[int] = (), caption: str = ""):
    """A still picture of a position (the box and the dice), as a canvas widget."""
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.base import BoardCanvas

    lay = BoxLayout()
    board = BoardCanvas(lay.width, lay.height)
    board.paint(box_scene(open_tiles, lay, dice=dice, caption=caption))
    board.canvas.lesson_position = (tuple(sorted(set(open_tiles))), sum(dice))    # for the giveaway tests
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
        before = len(g.events)
        g.play(action)
        what = " · ".join(g.events[before:])
        steps.append(Step(box_scene(g.open_tiles, lay, dice=g.dice, dim_dice=g.phase != "cover"), what,
                          (tuple(g.open_tiles), sum(g.dice or ()))))
    return StepThrough(steps, size=(lay.width, lay.height), title=tr("A turn"))


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
        steps.append(Step(box_scene(g.open_tiles, lay, dice=g.dice, dim_dice=g.phase != "cover"),
                          " · ".join(g.events[before:])))
    return StepThrough(steps, size=(lay.width, lay.height), title=tr("Doubles in the long game"))


def sets_exercise_widget(total: int, uncovered: Iterable[int] = TILES, score: Any = None):
    from gamekit.widgets.lesson import ExerciseWidget
    return ExerciseWidget(sets_exercise(total, uncovered), score=score)


def best_set_widget(uncovered: Iterable[int], roll: int, objective: str = "shut", rules: Rules | None = None,
                    score: Any = None):
    """The position as a picture plus a typed, checked answer ("8+1")."""
    import ipywidgets as W

    from gamekit.widgets.lesson import ExerciseWidget

    open_tiles = tuple(sorted(set(uncovered)))
    dice = (roll - 6, 6) if roll > 6 else (roll - 1, 1) if roll > 1 else (1,)
    return W.VBox([position_view(open_tiles, dice),
                   ExerciseWidget(best_set_exercise(open_tiles, roll, objective, rules), score=score)])


CHANCE_COLUMNS = ("value", "shut chance", "exact chance")
# Column names of the lesson tables (the dict keys of their rows), translated in the header.
COLUMN_NAMES = (N_("open"), N_("value"), N_("why"), N_("cover"), N_("leaves"), N_("shut chance"),
                N_("expected score"), N_("exact chance"), N_("policy"), N_("games"), N_("shut"), N_("mean score"))


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
        return f"≈ {pct}"            # the exact fraction: lesson_tools / the teacher guide, not the pupil's page
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

        Refused with ValueError when no group is set (join one on the start page) or the tally is not saved;
        a refusal by the server (``GroupRefused``, a ValueError) or no connection (OSError) is raised as is."""
        from gamekit.rooms.groups_client import saved_member
        if not self.saved:
            raise ValueError(tr("this tally is not saved, so it cannot be sent to the class"))
        member = member if member is not None else saved_member()
        if member is None:
            raise ValueError(tr("no class group is set on this computer: type your class group's link and your nickname, then press Join"))
        member.send_progress()
        result = member.class_tally()
        self.class_result = {"counts": {int(t): n for t, n in result["counts"].items()}, "pupils": result["pupils"],
                             "rolls": result["rolls"]}
        return self.class_result

    def table(self, counts: "dict[int, int] | None" = None) -> Table:
        """Each total: the rolls (ours, or ``counts``), their share, the exact chance k/36."""
        counts = self.counts() if counts is None else counts
        n = sum(counts.values())
        rows = [[t, counts[t], (number(100 * counts[t] / n, 1) + " %") if n else "–",
                 number(100 * float(p), 1) + " %"] for t, p in sum_distribution().items()]
        return Table([tr("total"), tr("rolls"), tr("share of our rolls"), tr("exact chance")], rows,
                     caption=ntr("{n} roll entered", "{n} rolls entered", n))

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
    series = [[counts[t] / n if n else 0.0 for t in range(2, 13)], [float(exact[t]) for t in range(2, 13)],
              [sim[t] / sim_n for t in range(2, 13)]]
    names = [ntr("our {n} roll", "our {n} rolls", n), tr("exact (k/36)"),
             tr("simulated ({n} rolls)", n=number(sim_n))]
    top = max(0.2, max(max(s) for s in series))
    left, bottom, plot_h = 44, 34, height - 34 - 46
    group_w = (width - left - 10) / 11
    bar = group_w / 4
    parts = []
    for k in range(0, int(top * 100) + 1, 5):      # grid lines every 5 %
        y = height - bottom - plot_h * (k / 100) / top
        parts.append(f"<line x1='{left}' x2='{width - 10}' y1='{y:.1f}' y2='{y:.1f}' stroke='#ddd'/>"
                     f"<text x='{left - 4}' y='{y + 4:.1f}' font-size='10' text-anchor='end'>{k} %</text>")
    for i, t in enumerate(range(2, 13)):
        x0 = left + i * group_w + bar / 2
        for j, values in enumerate(series):
            h = plot_h * values[i] / top
            parts.append(f"<rect x='{x0 + j * bar:.1f}' y='{height - bottom - h:.1f}' width='{bar - 1:.1f}' "
                         f"height='{h:.1f}' fill='{TALLY_COLOURS[j]}'><title>{html.escape(names[j])}: {t} — "
                         f"{html.escape(number(100 * values[i], 1))} %</title></rect>")
        parts.append(f"<text x='{x0 + 1.5 * bar:.1f}' y='{height - bottom + 14}' font-size='11' "
                     f"text-anchor='middle'>{t}</text>")
    parts.append(f"<text x='{left + (width - left) / 2:.1f}' y='{height - 4}' font-size='11' text-anchor='middle'>"
                 f"{html.escape(tr('total of two dice'))}</text>")
    for j, name in enumerate(names):       # the legend, in the order of the bars
        x = left + j * (width - left) / 3
        parts.append(f"<rect x='{x:.1f}' y='4' width='12' height='12' fill='{TALLY_COLOURS[j]}'/>"
                     f"<text x='{x + 16:.1f}' y='14' font-size='11'>{html.escape(name)}</text>")
    seven = tr("7 is {share} of the rolls entered, exactly {exact}", share=number(100 * series[0][5], 1) + " %",
               exact=number(100 * series[1][5], 1) + " %") if n else tr("no roll entered yet")
    label = html.escape(" — ".join(x for x in (title, tr("bar chart of the totals of two dice"), seven) if x))
    return (f"<svg width='{width}' height='{height}' role='img' aria-label='{label}' "
            f"style='font-family:sans-serif'><title>{label}</title>{''.join(parts)}</svg>")


def tally_widget(tally: DiceTally | None = None, member: Any = None):
    """The class tally on the page: two dice, Add, Undo, Start again, the table and the bar chart (updated at
    each roll), and — when a class group is set on this computer (or ``member`` is given) — Share with the
    class, which sends our rolls and shows the whole class's tally."""
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

    link = W.Text(placeholder=tr("the class group's link"), layout=W.Layout(width="22em"))
    nickname = W.Text(placeholder=tr("your nickname"), layout=W.Layout(width="12em"))
    join = W.Button(description=tr("Join the class group"), icon="sign-in")
    joining = W.HBox([link, nickname, join])

    def show_group_row() -> None:
        joined = group() is not None
        share.layout.display = None if tally.saved and joined else "none"
        joining.layout.display = "none" if joined or not tally.saved else None

    show_group_row()

    def refresh(message: str = "") -> None:
        result = tally.class_result
        if result is not None:
            counts = result["counts"]
            title = ntr("the class: {rolls} rolls from {n} pupil", "the class: {rolls} rolls from {n} pupils",
                        result["pupils"], rolls=result["rolls"])
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
            refresh(ntr("Sent. The class has {rolls} rolls from {n} pupil.", "Sent. The class has {rolls} rolls from {n} pupils.",
                        result["pupils"], rolls=result["rolls"]))
        except (ValueError, OSError) as problem:
            refresh(tr("Not sent: {problem}", problem=problem))

    def on_join(_):
        from gamekit.rooms.groups_client import join_group
        try:
            me = join_group(link.value.strip(), nickname.value.strip())
            refresh(tr("You joined the class group as {nickname}. Now press Share with the class.", nickname=me.nickname))
        except (ValueError, OSError) as problem:
            refresh(tr("Not joined: {problem}", problem=problem))
        show_group_row()

    add.on_click(on_add)
    undo.on_click(on_undo)
    clear.on_click(on_clear)
    share.on_click(on_share)
    join.on_click(on_join)
    box = W.VBox([W.HBox([first, second, add, undo, clear]), note, W.HBox([view, chart]), joining, share])
    box.tally, box.first, box.second = tally, first, second
    box.on_add, box.on_undo, box.on_clear, box.on_share, box.share_button = on_add, on_undo, on_clear, on_share, share
    box.on_join, box.join_row, box.link, box.nickname = on_join, joining, link, nickname
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
        rows += [W.HTML("<b>" + html.escape(tr("Problem {i} ({level})", i=i, level=level_word(ex.level))) + "</b>"),
                 ExerciseWidget(ex, score=score)]
    return W.VBox(rows)
