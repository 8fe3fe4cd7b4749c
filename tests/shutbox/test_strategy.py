"""Exact strategy tables: reference values, brute-force cross-checks, objectives, dice decision."""

from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest

from gamekit.shutbox import (
    Rules,
    beat_chance,
    best_dice,
    best_set,
    min_expected_score,
    set_values,
    shut_probability,
    solve_all,
    table,
    tiles_summing_to,
    two_dice_probability,
)
from gamekit.shutbox.tiles import FULL, mask_of, tiles_of

DEFAULT, NEVER, SIX_OR_LESS = Rules(), Rules(one_die="never"), Rules(one_die="six_or_less")
UNDER_SIX = Rules(one_die="under_six")  # the sheet: one die is a choice once the open tiles add up to < 6


def test_reference_shut_probabilities_exact():
    assert shut_probability() == Fraction(956177159, 9795520512)
    assert shut_probability(NEVER) == Fraction(466473281, 6530347008)
    assert shut_probability(SIX_OR_LESS) == Fraction(956177159, 9795520512)


def test_reference_expected_scores():
    assert round(float(min_expected_score(DEFAULT)), 4) == 11.0092
    assert round(float(min_expected_score(NEVER)), 4) == 11.1575
    assert round(float(min_expected_score(SIX_OR_LESS)), 4) == 11.0211


def test_reference_small_states():
    assert round(float(shut_probability(NEVER, (1, 2, 4))), 6) == 0.182099
    best = max((m for m in range(1, FULL + 1)), key=lambda m: table(NEVER, "shut").value(m))
    assert tiles_of(best) == (1, 2, 4)
    for i in range(1, 10):
        assert min_expected_score(NEVER, (i,)) == i * (1 - two_dice_probability(i))


def test_reference_disagreement_1_4_5_8_roll_9():
    for rules in (DEFAULT, NEVER):
        assert best_set((1, 4, 5, 8), 9, "score", rules) == (5, 4)
        assert best_set((1, 4, 5, 8), 9, "shut", rules) == (8, 1)


# an independent, slow, straightforward solver (recursion over frozensets, Fractions)
def slow_value(rules, objective, target=None):
    def dice(open_tiles):
        return rules.dice_options(mask_of(open_tiles))

    def term(open_tiles):
        s = rules.score(mask_of(open_tiles))
        if objective == "shut":
            return Fraction(int(not open_tiles))
        if objective == "score":
            return Fraction(s)
        return Fraction(1) if s < target else Fraction(1, 2) if s == target else Fraction(0)

    pick = min if objective == "score" else max

    @lru_cache(maxsize=None)
    def v(open_tiles):
        if not open_tiles:
            return term(open_tiles)
        options = []
        for n in dice(open_tiles):
            dist = (
                {r: Fraction(1, 6) for r in range(1, 7)}
                if n == 1
                else {r: two_dice_probability(r) for r in range(2, 13)}
            )
            total = Fraction(0)
            for r, p in dist.items():
                subs = [
                    frozenset(c)
                    for k in range(1, len(open_tiles) + 1)
                    for c in combinations(open_tiles, k)
                    if sum(c) == r
                ]
                total += p * (pick(v(open_tiles - s) for s in subs) if subs else term(open_tiles))
            options.append(total)
        return pick(options)

    return v


@pytest.mark.parametrize("rules", [DEFAULT, NEVER, SIX_OR_LESS, Rules(scoring="digits")])
def test_tables_match_a_slow_independent_solver_on_every_state(rules):
    for objective, target in [("shut", None), ("score", None), ("beat", 10)]:
        slow = slow_value(rules, objective, target)
        t = table(rules, objective, target)
        for m in range(0, FULL + 1, 7):  # a sample of the 512 states (every 7th) keeps it quick
            assert t.value(m) == slow(frozenset(tiles_of(m))), (objective, tiles_of(m))


def test_best_set_is_a_legal_set_with_the_best_value():
    for rules in (DEFAULT, Rules(scoring="digits")):
        for objective, target in [("shut", None), ("score", None), ("beat", 7)]:
            t = table(rules, objective, target)
            for m in range(1, FULL + 1):
                for roll in range(1, 13):
                    sets = tiles_summing_to(roll, tiles_of(m))
                    best = t.best_set(m, roll)
                    if not sets:
                        assert best is None
                        continue
                    assert best in sets
                    values = [v for _, v in t.set_values(m, roll)]
                    chosen = t.value(m ^ mask_of(best))
                    assert chosen == (min(values) if objective == "score" else max(values))
                    first_best = sets[values.index(chosen)]
                    assert best == first_best  # ties go to the sheet's first set


def test_dice_decision():
    t = table(DEFAULT, "shut")
    assert t.dice(FULL) == 2 and set(t.dice_values(FULL)) == {2}
    # only tile 1 open: one die is the only way (two dice never make 1)
    assert best_dice((1,), "shut") == 1 and t.dice_values((1,))[2] == 0
    assert t.dice_values((1,))[1] == Fraction(1, 6)
    # 3 and 4 open (7 to go): two dice make 7 or 3 or 4 …
    vals = t.dice_values((3, 4))
    assert t.dice((3, 4)) == max(vals, key=lambda k: (vals[k], k))
    assert best_dice((1,), rules=NEVER) == 2
    assert best_dice((1, 2), rules=SIX_OR_LESS) == 1


def test_beat_objective_edges():
    assert beat_chance(0) == Fraction(1, 2) * shut_probability()  # only a shut box ties 0
    assert beat_chance(46) == 1  # every score beats 46
    assert beat_chance(100) == 1
    # a higher target is never harder to beat
    values = [beat_chance(t) for t in range(0, 47)]
    assert values == sorted(values)


def test_sheet_under_six_exact_values():
    # the sheet's rule: a choice of one die or two once the open tiles add up to less than six
    assert shut_probability(UNDER_SIX) == Fraction(613926515, 6530347008)  # ≈ 9.4011 %
    assert min_expected_score(UNDER_SIX) == Fraction(433585362341, 39182082048)  # ≈ 11.0659
    for objective in ("shut", "score"):
        t = table(UNDER_SIX, objective)
        for m in range(1, FULL + 1):
            options = set(t.dice_values(m))
            assert options == ({1, 2} if sum(tiles_of(m)) < 6 else {2}), tiles_of(m)
            if options == {1, 2}:
                # the optimal player takes the better of the two (one die, in every state below six)
                best = max if objective == "shut" else min
                assert t.value(m) == best(t.dice_values(m).values()) == t.dice_values(m)[1]
    # offering the die at 1–5 is worth less than the 7-8-9 rule's offer and than forcing it at ≤ 6
    assert shut_probability(UNDER_SIX) < shut_probability(SIX_OR_LESS) == shut_probability(DEFAULT)


def test_forced_die_at_six_or_less_costs_only_expected_score():
    # the published reading: one die forced at ≤ 6; where forced, one die is never worse for the shut chance
    t = table(SIX_OR_LESS, "score")
    d = table(DEFAULT, "score")
    for m in range(1, FULL + 1):
        if sum(tiles_of(m)) <= 6:
            assert d.dice(m) == 1 or d.dice_values(m)[1] == d.dice_values(m)[2]
    assert t.value(FULL) > d.value(FULL)


def test_solve_all_and_bad_arguments():
    out = solve_all(NEVER)
    assert set(out) == {"shut", "score", "beat"} and len(out["beat"]) == 47
    with pytest.raises(ValueError):
        table(DEFAULT, "win")
    with pytest.raises(ValueError):
        table(DEFAULT, "beat")
    with pytest.raises(ValueError):
        shut_probability(DEFAULT, (0, 3))
    with pytest.raises(ValueError):
        shut_probability(DEFAULT, 600)
    assert set_values((1, 4, 5, 8), 9)[0][0] == (8, 1)


def test_digits_expected_score_is_larger():
    digits = min_expected_score(Rules(scoring="digits"))
    assert digits > min_expected_score()
    assert min_expected_score(Rules(scoring="digits"), (1, 5, 9)) > 0


def test_the_docs_state_the_exact_values_of_every_one_die_rule():
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "shutbox.md").read_text(encoding="utf-8")
    for one_die in ("after_789", "under_six", "six_or_less", "never"):
        rules = Rules(one_die=one_die)
        p, e = shut_probability(rules), min_expected_score(rules)
        row = next(line for line in docs.splitlines() if line.startswith(f"| {one_die}"))
        assert f"{p.numerator}/{p.denominator}" in row and f"{float(p):.4%}".replace("%", " %") in row, row
        assert f"{float(e):.4f}" in row, row
