"""Shut the Box by chance: the outcomes of the dice, their exact distribution and seeded simulations, and solo
turns played by a rule of thumb (random set, most tiles, largest tile) or by the exact tables.

The lessons (:mod:`gamekit.shutbox.lessons` and its parts) count and compare with these; the CPU players use the tables
directly."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Iterable, Sequence

from gamekit.i18n import N_, tr
from gamekit.shutbox.tiles import TILES, mask_of, set_masks, tiles_of, two_dice_probability
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.game import ShutTheBox
from gamekit.shutbox.strategy import table


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


def outcomes_grid() -> list[list[int]]:
    """6 × 6 grid of the totals (row: first die, column: second die) — the 36 outcomes at a glance."""
    return [[a + b for b in range(1, 7)] for a in range(1, 7)]


# ---------------------------------------------------------------------- rules of thumb, played out
POLICIES = (N_("random"), N_("most tiles"), N_("largest tile"), N_("optimal (shut)"), N_("optimal (score)"))
POLICY_WORDS = {
    "random": N_("a random set"),
    "most tiles": N_("the most tiles"),
    "largest tile": N_("the largest tile first"),
    "optimal (shut)": N_("best play (the table)"),
    "optimal (score)": N_("best play for a low score (the table)"),
}
"""Each way of choosing a set as the pupil's page names it (the page explains each one)."""
DICE_RULE_WORDS = {
    "after_789": N_("one die allowed once 7, 8 and 9 are covered (our lessons' rule)"),
    "under_six": N_("one die allowed once the open tiles add up to less than 6 (a variant)"),
    "never": N_("two dice on every roll"),
}
"""The one-die rules a pupil meets, in plain words: the basic rule, the variant some play, and no one die."""


def choose(policy: str, m: int, roll: int, rules: Rules, rng: "random.Random | None") -> int:
    """The set (a bitmask) ``policy`` covers for ``roll`` with the tiles ``m`` open: random (``rng``), the first
    set with the most tiles, the largest tile first, or the best set of the exact table."""
    sets = set_masks(roll, m)
    if policy == "random":
        return rng.choice(sets)
    if policy == "most tiles":
        return max(sets, key=lambda s: bin(s).count("1"))  # first of the most tiles, sheet order
    if policy == "largest tile":
        return sets[0]  # largest tile, then the next largest
    if policy == "optimal (shut)":
        return mask_of(table(rules, "shut").best_set(m, roll))
    if policy == "optimal (score)":
        return mask_of(table(rules, "score").best_set(m, roll))
    raise ValueError(tr("policy {policy!r}: choose one of {items}", policy=policy, items=", ".join(POLICIES)))


def dice_for(policy: str, m: int, rules: Rules, rng: "random.Random | None") -> int:
    """How many dice ``policy`` rolls with the tiles ``m`` open: the only option, the table's choice, a random one,
    or (a rule of thumb) one die once the open tiles add up to 6 or less."""
    options = rules.dice_options(m)
    if len(options) == 1:
        return options[0]
    if policy.startswith("optimal"):
        return table(rules, "shut" if "shut" in policy else "score").dice(m)
    if policy == "random":
        return rng.choice(options)
    return 1 if sum(tiles_of(m)) <= 6 else 2


def play_turn(
    policy: str, rules: Rules | None = None, rng: random.Random | None = None, start: Iterable[int] = TILES
) -> int:
    """One solo turn with a rule of thumb; returns the bitmask left open (0: the box is shut)."""
    rules = rules or Rules()
    rng = rng or random.Random()
    m = mask_of(start)
    while m:
        n = dice_for(policy, m, rules, rng)
        roll = sum(rng.randint(1, 6) for _ in range(n))
        if not set_masks(roll, m):
            return m
        m ^= choose(policy, m, roll, rules, rng)
    return 0


def simulate(
    policy: str, n: int = 10_000, rules: Rules | None = None, seed: int = 0, progress: bool = False
) -> dict[str, float]:
    """Play ``n`` solo turns with ``policy``: shut rate, mean score, and the standard error of the rate."""
    rules = rules or Rules()
    if policy not in POLICIES:
        raise ValueError(tr("policy {policy!r}: choose one of {items}", policy=policy, items=", ".join(POLICIES)))
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
    return {
        "policy": policy,
        "games": n,
        "shut": rate,
        "mean score": total / n,
        "stderr": (rate * (1 - rate) / n) ** 0.5,
    }


def compare_policies(
    n: int = 10_000,
    rules: Rules | None = None,
    seed: int = 0,
    progress: bool = False,
    policies: Sequence[str] = POLICIES,
) -> list[dict[str, float]]:
    """Every rule of thumb and the optimal play over ``n`` seeded solo games each."""
    return [simulate(p, n, rules, seed + i, progress) for i, p in enumerate(policies)]


def play_solo(level: str = "hard", seed: int = 0, rules: Rules | None = None) -> ShutTheBox:
    """A seeded solo game played by a CPU level (for showing a whole turn)."""
    from gamekit.shutbox.players import cpu_player

    g = ShutTheBox(1, rules, seed=seed)
    p = cpu_player(level, seed=seed)
    while not g.is_over():
        g.play(p.choose(g))
    return g
