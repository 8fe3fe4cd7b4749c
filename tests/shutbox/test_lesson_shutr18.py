"""r30: in lessons 4 and 5's "which set?" questions with given values, a set for the wrong roll was refused without
costing a try, so "type the set that leaves the best number, try the next if refused" always won.  Now such a set
is a wrong try with its own reason, and the best number in every list is a decoy, never the answer."""

import re

import pytest

from gamekit.i18n import using
from gamekit.shutbox import lessons as L
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of


def given_values_exercises():
    """Every question whose values are given as a list: lesson 4's exercises 5 and 6, lesson 5's exercise 5 and
    the More practice problems of both lessons too big for a tree."""
    out = [L.LESSONS[4].exercises["best_shut"](), L.LESSONS[4].exercises["challenge_shut"]()]
    out.append(L.LESSONS[5].exercises["best_score"]())
    out += [ex for ex in L.practice_exercises(4) + L.practice_exercises(5) if "<li>" in ex.prompt]
    return out


def position_of(ex):
    """(open tiles, roll, goal, one-die rule) as the prompt states them."""
    m = re.match(r"Tiles ([0-9, and]+) are open and you rolled ([0-9]+)\.", ex.prompt)
    tiles = tuple(int(t) for t in re.findall(r"[0-9]", m.group(1)))
    goal = "score" if "keep the score low" in ex.prompt else "shut"
    one_die = "never" if "You roll two dice every time." in ex.prompt else "after_789"
    return tiles, int(m.group(2)), goal, one_die


def listed(ex, goal):
    """The list the prompt shows, as (value, tiles left), best first."""
    items = re.findall(r"<li>(.*?) open: (?:about|expected score about) ([0-9]+(?:\.[0-9])?)", ex.prompt)
    values = [(float(v), tuple(int(t) for t in re.findall(r"[0-9]", left))) for left, v in items]
    return sorted(values, reverse=goal == "shut")


def cover(tiles, left) -> str:
    return "+".join(str(t) for t in sorted(tiles, reverse=True) if t not in left)


def test_there_are_eight_such_questions():
    assert len(given_values_exercises()) == 8


@pytest.mark.parametrize("index", range(8))
def test_the_best_and_the_worst_listed_value_are_wrong_tries_and_the_solver_best_set_is_the_answer(index):
    ex = given_values_exercises()[index]
    tiles, roll, goal, one_die = position_of(ex)
    values = table(Rules(one_die=one_die), goal).set_values(mask_of(tiles), roll)
    best = (min if goal == "score" else max)(v for _, v in values)
    assert sorted(ex.solutions) == sorted("+".join(map(str, s)) for s, v in values if v == best)
    assert all(ex.assess(s)[0] for s in ex.solutions)
    shown = listed(ex, goal)
    for _, left in (shown[0], shown[-1]):
        typed = cover(tiles, left)
        ok, why, counts = ex.assess(typed)
        assert not ok and counts and why, (typed, why)
        if sum(tiles) - sum(left) != roll:  # a decoy's set: its total named
            assert f"makes {sum(tiles) - sum(left)}, not {roll}" in why, why
    # the answer is not the list's other extreme either
    assert cover(tiles, shown[-1][1]) not in ex.solutions


@pytest.mark.parametrize("index", range(8))
def test_a_covered_tile_counts_and_is_named_and_malformed_input_does_not_count(index):
    ex = given_values_exercises()[index]
    tiles, roll, _, _ = position_of(ex)
    shut = next(t for t in range(9, 0, -1) if t not in tiles)
    rest = next((t for t in tiles if t + shut == roll), None)
    typed = f"{shut}+{rest}" if rest else str(shut)
    ok, why, counts = ex.assess(typed)
    assert not ok and counts and f"uses tile {shut}, which is covered." in why, why
    for bad, reason in (("abc", "not a set of tile numbers"), ("10+1", "Tile 10 is not on the box")):
        ok, why, counts = ex.assess(bad)
        assert not ok and not counts and reason in why, why


def test_the_spanish_reasons_name_the_total_and_the_covered_tile():
    with using("es"):
        ex = L.LESSONS[4].exercises["best_shut"]()  # 2, 3, 5, 6, 8 and 9 open, a roll of 11
        ok, why, counts = ex.assess("9")
        assert not ok and counts and "9" in why and "11" in why
        ok, why, counts = ex.assess("7+4")
        assert not ok and counts and "4 y 7" in why and "cubiertas" in why
