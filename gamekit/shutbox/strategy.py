"""Exact optimal strategy for Shut the Box over the 512 tile states.

A state is the set of tiles still open (a bitmask, bit ``t − 1`` for tile ``t``,
or any iterable of tiles).  The table is filled from the shut box upwards: a
state's value only needs the values of states with fewer open tiles, so one
pass over the masks in increasing order solves it.

Objectives
----------
* ``"shut"``  — the chance to shut the box (maximised).
* ``"score"`` — the expected score of the turn, for the rules' scoring (minimised).
* ``"beat"``  — the chance to beat a given score ``target`` (finish strictly
  lower), a tie counting half: P(score < target) + ½·P(score = target)
  (maximised).  This is what a later player of a round plays for.

Values are exact: internally every value of a state with ``n`` open tiles is
kept as an integer scaled by 36ⁿ (every roll's probability is a multiple of
1/36), so a whole table is a few thousand integer operations and comparisons
between sets are exact.  Ties between sets go to the first in the rules
sheet's order (largest tile first); a tie between one die and two goes to two.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from gamekit.i18n import tr
from gamekit.shutbox.tiles import FULL, sheet_key, mask_of, set_masks
from gamekit.shutbox.rules import Rules

OBJECTIVES = ("shut", "score", "beat")
_POP = [bin(m).count("1") for m in range(FULL + 1)]
# weights in 36ths of each total, per number of dice
_DIST = {1: tuple((r, 6) for r in range(1, 7)), 2: tuple((r, 6 - abs(r - 7)) for r in range(2, 13))}


# for each state, per roll that some set makes: [(set, state left, 36^(|set|-1))], sets in sheet order
_MOVES: list[list[tuple[int, list[tuple[int, int, int]]]]] = [
    [
        (roll, [(s, m ^ s, 36 ** (_POP[s] - 1)) for s in set_masks(roll, m)])
        for roll in range(1, 13)
        if set_masks(roll, m)
    ]
    for m in range(FULL + 1)
]


def _as_mask(uncovered: Any) -> int:
    if isinstance(uncovered, int) and not isinstance(uncovered, bool):
        if not 0 <= uncovered <= FULL:
            raise ValueError(tr("state mask {uncovered} is not between 0 and {full}", uncovered=uncovered, full=FULL))
        return uncovered
    tiles = list(uncovered)
    for t in tiles:
        if t not in range(1, 10):
            raise ValueError(tr("tile {t!r} is not on the box (tiles are 1 to 9)", t=t))
    return mask_of(tiles)


@dataclass
class Table:
    """The solved table of one objective under one set of rules.

    ``scaled[m]`` is the value of state ``m`` times ``scale·36^popcount(m)``;
    ``dice_of[m]`` the best number of dice; ``best_of[m][roll]`` the best set (bitmask) or 0.
    """

    rules: Rules
    objective: str
    target: int | None
    scale: int
    scaled: list[int]
    dice_scaled: list[dict[int, int]]
    dice_of: list[int]
    best_of: list[dict[int, int]]

    def value(self, uncovered: Any = FULL) -> Fraction:
        """The exact value of a state (the objective's optimum from there, before rolling)."""
        m = _as_mask(uncovered)
        return Fraction(self.scaled[m], self.scale * 36 ** _POP[m])

    def dice(self, uncovered: Any = FULL) -> int:
        """The best number of dice to roll in this state (under these rules' options)."""
        return self.dice_of[_as_mask(uncovered)]

    def dice_values(self, uncovered: Any = FULL) -> dict[int, Fraction]:
        """The value of rolling each allowed number of dice: ``{2: …}`` or ``{1: …, 2: …}``."""
        m = _as_mask(uncovered)
        return {n: Fraction(v, self.scale * 36 ** _POP[m]) for n, v in self.dice_scaled[m].items()}

    def best_set(self, uncovered: Any, roll: int) -> tuple[int, ...] | None:
        """The best set to flip for ``roll`` (largest tile first), or None when no set makes it."""
        m = _as_mask(uncovered)
        s = self.best_of[m].get(roll, 0)
        return sheet_key(s) if s else None

    def set_values(self, uncovered: Any, roll: int) -> list[tuple[tuple[int, ...], Fraction]]:
        """Every set that makes ``roll`` with the value of the state it leaves, sheet order."""
        m = _as_mask(uncovered)
        return [(sheet_key(s), self.value(m ^ s)) for s in set_masks(roll, m)]

    def better(self, a: Fraction, b: Fraction) -> bool:
        """True when value ``a`` is strictly better than ``b`` for this objective."""
        return a < b if self.objective == "score" else a > b


def _terminal(rules: Rules, objective: str, target: int | None, m: int) -> int:
    """Value (times the objective's scale) of a turn ending with ``m`` open."""
    if objective == "shut":
        return 1 if m == 0 else 0
    score = rules.score(m)
    if objective == "score":
        return score
    assert target is not None
    return 2 if score < target else 1 if score == target else 0


@lru_cache(maxsize=None)
def table(rules: Rules | None = None, objective: str = "shut", target: int | None = None) -> Table:
    """The solved table (cached) for ``objective`` under ``rules``; ``target`` is for ``"beat"``."""
    rules = rules or Rules()
    if objective not in OBJECTIVES:
        raise ValueError(
            tr("objective={objective!r}: choose one of {items}", objective=objective, items=", ".join(OBJECTIVES))
        )
    if objective == "beat":
        if target is None:
            raise ValueError(tr("the 'beat' objective needs the target score"))
        target = int(target)
    else:
        target = None
    minimise = objective == "score"
    scale = 2 if objective == "beat" else 1
    n_masks = FULL + 1
    scaled = [0] * n_masks
    dice_scaled: list[dict[int, int]] = [{} for _ in range(n_masks)]
    dice_of = [2] * n_masks
    best_of: list[dict[int, int]] = [{} for _ in range(n_masks)]
    pow36 = [36**k for k in range(10)]
    scaled[0] = _terminal(rules, objective, target, 0)
    for m in range(1, n_masks):
        stuck = _terminal(rules, objective, target, m) * pow36[_POP[m] - 1]
        best_here: dict[int, int] = {}
        roll_value = [stuck] * 13
        for roll, moves in _MOVES[m]:
            best_s, best_v = 0, 0
            for s, child, mult in moves:
                v = scaled[child] * mult
                if not best_s or (v < best_v if minimise else v > best_v):
                    best_s, best_v = s, v
            best_here[roll] = best_s
            roll_value[roll] = best_v
        best_of[m] = best_here
        options = rules.dice_options(m)
        dv = {k: sum(w * roll_value[r] for r, w in _DIST[k]) for k in options}
        dice_scaled[m] = dv
        pick = 2 if 2 in dv else 1
        for k in dv:
            if dv[k] < dv[pick] if minimise else dv[k] > dv[pick]:
                pick = k
        dice_of[m] = pick
        scaled[m] = dv[pick]
    return Table(rules, objective, target, scale, scaled, dice_scaled, dice_of, best_of)


def _rules(rules: Rules | None) -> Rules:
    return rules if rules is not None else Rules()


def shut_probability(rules: Rules | None = None, uncovered: Any = FULL) -> Fraction:
    """Exact chance to shut the box with optimal play, from ``uncovered`` (default: the full box)."""
    return table(_rules(rules), "shut").value(uncovered)


def min_expected_score(rules: Rules | None = None, uncovered: Any = FULL) -> Fraction:
    """Exact lowest expected score (sum or digits, per ``rules.scoring``) with optimal play."""
    return table(_rules(rules), "score").value(uncovered)


def beat_chance(target: int, rules: Rules | None = None, uncovered: Any = FULL) -> Fraction:
    """Best chance to finish below ``target`` (a tie counts half), from ``uncovered``."""
    return table(_rules(rules), "beat", target).value(uncovered)


def best_set(
    uncovered: Any, roll: int, objective: str = "shut", rules: Rules | None = None, target: int | None = None
) -> tuple[int, ...] | None:
    """The optimal set to flip for ``roll`` from ``uncovered`` under ``objective`` (None: no set makes it)."""
    return table(_rules(rules), objective, target).best_set(uncovered, roll)


def best_dice(uncovered: Any, objective: str = "shut", rules: Rules | None = None, target: int | None = None) -> int:
    """The optimal number of dice (1 or 2) to roll from ``uncovered``."""
    return table(_rules(rules), objective, target).dice(uncovered)


def set_values(
    uncovered: Any, roll: int, objective: str = "shut", rules: Rules | None = None, target: int | None = None
) -> list[tuple[tuple[int, ...], Fraction]]:
    """Each legal set for ``roll`` with the exact value it leaves — why the best set is best."""
    return table(_rules(rules), objective, target).set_values(uncovered, roll)


def possible_scores(rules: Rules | None = None) -> list[int]:
    """Every score a turn can end with under ``rules``, smallest first."""
    r = _rules(rules)
    return sorted({r.score(m) for m in range(FULL + 1)})


def solve_all(rules: Rules | None = None) -> dict[str, Any]:
    """Every objective for every state: shut, score, and beat for every target that matters.

    Targets beyond the largest sum score all behave alike, so for ``"sum"`` scoring
    the targets 0…46 cover everything; for ``"digits"`` every possible score is a target.
    """
    r = _rules(rules)
    targets = range(0, 47) if r.scoring == "sum" else possible_scores(r)
    return {"shut": table(r, "shut"), "score": table(r, "score"), "beat": {t: table(r, "beat", t) for t in targets}}
