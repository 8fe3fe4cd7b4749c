"""Lesson helpers: the set search, exercises and their checkers, dice, simulations, charts."""
from fractions import Fraction

import pytest

from gamekit.shutbox import Rules, tiles_summing_to
from gamekit.shutbox import lessons as L
from gamekit.shutbox.rules import FULL, tiles_of


def test_set_search_finds_the_sheet_list_for_every_total_and_state():
    for m in range(0, FULL + 1, 3):
        open_tiles = tiles_of(m)
        for total in range(2, 13):
            assert L.sets_found(L.set_search_steps(total, open_tiles)) == tiles_summing_to(total, open_tiles)


def test_set_search_for_eight_stops_at_three():
    steps = L.set_search_steps(8)
    assert L.sets_found(steps) == [(8,), (7, 1), (6, 2), (5, 3), (5, 2, 1), (4, 3, 1)]
    assert steps[-1].chosen == (3,) and steps[-1].outcome == "dead end"


@pytest.mark.parametrize("total,open_tiles", [(9, range(1, 10)), (10, (1, 2, 3, 4, 6, 7, 9))])
def test_sets_exercises(total, open_tiles):
    ex = L.sets_exercise(total, open_tiles)
    for sol in ex.solutions:
        assert ex.check(sol)[0]
    right = tiles_summing_to(total, open_tiles)
    ok, feedback = ex.check("; ".join("+".join(map(str, s)) for s in right[:-1]))
    assert not ok and "1 set(s) missing" in feedback
    assert not ex.check("; ".join("+".join(map(str, s)) for s in right) + "; 3+2")[0]
    assert not ex.check("x")[0]
    assert not ex.check("")[0]
    assert not ex.check("12")[0]
    assert not ex.check("9;9")[0]


def test_sets_exercise_refuses_covered_tiles():
    ok, feedback = L.sets_exercise(10, (1, 2, 3, 4, 6, 7, 9)).check("5+4+1")
    assert not ok and "covered tile 5" in feedback


def test_parse_sets():
    assert L.parse_sets("9, 8+1, 7 & 2") == [(9,), (8, 1), (7, 2)]
    assert L.parse_sets("8 1") == [(8, 1)]
    assert L.parse_sets([(1, 8), 9]) == [(8, 1), (9,)]
    with pytest.raises(ValueError):
        L.parse_sets("3+3")
    with pytest.raises(ValueError):
        L.parse_sets("10")


def test_dice():
    assert len(L.dice_outcomes()) == 36
    dist = L.sum_distribution()
    assert sum(dist.values()) == 1 and dist[7] == Fraction(1, 6)
    assert sum(L.simulate_sums(1000, seed=1).values()) == 1000
    assert set(L.simulate_sums(100, seed=1, n_dice=1)) == set(range(1, 7))
    assert L.outcomes_grid()[5][5] == 12


def test_rules_of_thumb_ordering_matches_the_reference():
    res = {r["policy"]: r for r in L.compare_policies(4000, Rules(one_die="never"), seed=3, progress=False)}
    assert res["most tiles"]["shut"] < res["random"]["shut"] < res["largest tile"]["shut"]
    assert abs(res["optimal (shut)"]["shut"] - 0.0714) < 4 * res["optimal (shut)"]["stderr"] + 0.001
    with pytest.raises(ValueError):
        L.simulate("greedy")


def test_fill_steps_and_table():
    rows = L.fill_steps()
    assert rows[0]["value"] == 1 and rows[1]["value"] == 0       # tile 1 alone: two dice never make 1
    assert rows[-1]["open"] == (1, 2, 4) and round(float(rows[-1]["value"]), 6) == 0.182099
    by = L.table_by_size()
    assert sum(len(v) for v in by.values()) == 512 and len(by[1]) == 9


def test_objectives_disagree_at_the_reference_position():
    rows = L.compare_objectives()
    by = {r["cover"]: r for r in rows}
    assert by[(8, 1)]["shut chance"] > by[(5, 4)]["shut chance"]
    assert by[(5, 4)]["expected score"] < by[(8, 1)]["expected score"]
    assert ((1, 4, 5, 8), 9) in L.objective_disagreements()


def test_best_set_exercises_match_the_table():
    from gamekit.shutbox import best_set
    for open_tiles, roll, objective in L.BEST_SET_POSITIONS:
        ex = L.best_set_exercise(open_tiles, roll, objective)
        best = best_set(open_tiles, roll, objective)
        assert ex.check("+".join(map(str, best)))[0]
        for s in tiles_summing_to(roll, open_tiles):
            ok, _ = ex.check("+".join(map(str, s)))
            assert ok == (s in [tuple(map(int, x.split("+"))) for x in ex.solutions])
        assert not ex.check("9+9")[0]
    with pytest.raises(ValueError):
        L.best_set_exercise((1,), 5)


def test_charts_and_widgets_build():
    import matplotlib
    matplotlib.use("Agg")
    assert L.plot_dice(360).axes
    assert L.plot_policies(L.compare_policies(200, progress=False)).axes
    assert L.plot_state_values().axes
    st = L.sets_step_through(8)
    assert len(st) == 2 + len(L.set_search_steps(8))
    st.goto(len(st) - 1)
    assert "6 sets" in st.caption.value and not st.errors
    demo = L.demo_turn(seed=3)
    assert len(demo) >= 2
    assert L.best_set_widget((1, 4, 5, 8), 9, "score").children
    assert L.sets_exercise_widget(9).exercise
    assert "∅" in L.rows_table(L.fill_steps())._repr_html_()
    assert L.position_view((1, 2), (1, 2)) is not None
    g = L.play_solo("hard", seed=1)
    assert g.is_over()
