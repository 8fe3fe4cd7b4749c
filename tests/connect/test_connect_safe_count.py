"""Lesson 2's one safe-cell counting rule (the empty cells that are neither a ✗ cell nor above one; a cell below a ✗
cell counts): a count by that rule agrees with the exact solver on every zugzwang exercise and worked count of the
lesson, exercises 3 and 9 offer only choices that follow from some count, and exercise 13's slip (the cell below a
✗ cell left out) is told which cell it missed."""

import pytest

from gamekit.connect import lesson2_exercises, lesson2_rows
from gamekit.connect.lesson2_count import BOARD_COUNT, count_verdict
from gamekit.connect.threats import cross_cells, safe_cells
from gamekit.connect.lesson_positions import position
from gamekit.connect.rules import FiveInARow
from gamekit.connect.solver import solve
from gamekit.i18n import using

COUNTED = {
    "zugzwang_who": (position("under_threat"), 20),
    "zugzwang": (FiveInARow.from_moves(lesson2_exercises.ZUGZWANG_COUNT), 9),
    "two_threats": (FiveInARow.from_moves(lesson2_rows.TWO_THREATS), 12),
    "odd_against_even": (FiveInARow.from_moves(lesson2_rows.ODD_AGAINST_EVEN), 14),
    "board_count": (FiveInARow.from_moves(BOARD_COUNT), 4),
}


def _solver_winner(game):
    score = solve(game)
    assert score != 0
    return game.to_move if score > 0 else 1 - game.to_move


@pytest.mark.parametrize("name", sorted(COUNTED))
def test_the_pages_count_agrees_with_the_solver(name):
    game, safe = COUNTED[name]
    assert len(safe_cells(game)) == safe  # the counts the page, the guide and the feedback use
    assert count_verdict(game) == _solver_winner(game)


def test_a_cell_below_a_cross_cell_counts_and_the_old_rule_would_not():
    """Exercise 13: 14 safe cells with column 4, row 3 (below red's ✗ cell); the old "outside the ✗ columns" rule
    gives 13, odd, which with yellow to move points to the wrong winner."""
    game, _ = COUNTED["odd_against_even"]
    cross = cross_cells(game)
    below = [(game.column_number(c), r + 1) for c, r in safe_cells(game) if (c, r + 1) in cross]
    assert below == [(4, 3)]
    cross_columns = {c for c, _ in cross}
    old = sum(
        game.height - len(game.grid[c]) for c in range(game.width) if game.column_number(c) and c not in cross_columns
    )
    assert old == 13 and (game.to_move if old % 2 == 0 else 1 - game.to_move) == 0  # the odd count blames red
    assert _solver_winner(game) == 0  # but red wins


def test_a_count_says_nothing_where_the_page_rule_does_not_apply():
    game = FiveInARow.from_moves("")
    with pytest.raises(ValueError):
        count_verdict(game)  # no threat at all: nobody is stuck under one


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", ["zugzwang_who", "zugzwang"])
def test_every_choice_follows_from_a_count_and_each_wrong_count_has_its_reason(lang, name):
    game, safe = COUNTED[name]
    with using(lang):
        ex = getattr(lesson2_exercises, name + "_exercise")()
    counts = []
    for choice in ex.choices:
        n = int("".join(ch for ch in choice if ch.isdigit()))
        counts.append(n)
        stuck = game.to_move if n % 2 == 0 else 1 - game.to_move
        colour = ("rojo", "amarillo")[stuck] if lang == "es" else ("Red", "Yellow")[stuck]
        assert colour in choice  # the colour that count gives: no choice contradicts itself
    cross = len(cross_cells(game))
    every = sum(game.height - len(game.grid[c]) for c in range(game.width) if game.column_number(c))
    assert sorted(counts) == sorted({safe, safe + cross, every, safe - 1})
    assert ex.solutions == [next(c for c in ex.choices if str(safe) in c.split())]
    assert ex.check(ex.solutions[0])[0]
    reasons = {c: ex.check(c) for c in ex.wrong}
    assert len(reasons) == 3 and not any(ok for ok, _ in reasons.values())
    assert len({text for _, text in reasons.values()}) == 3  # each slip its own reason
    assert not any(str(safe) in text.split() for _, text in reasons.values())  # the right count is not told


@pytest.mark.parametrize("lang", ["en", "es"])
def test_exercise_nine_says_the_owner_may_use_its_own_cross_cells(lang):
    with using(lang):
        ex = lesson2_exercises.zugzwang_exercise()
    words = " ".join(ex.prompt.split())
    if lang == "en":
        assert "Nobody wants" not in words
        assert "Yellow must not drop there. Red may, but then yellow blocks on top at once" in words
    else:
        assert "Nadie quiere" not in words
        assert "El amarillo no debe jugar ahí. El rojo sí puede" in words


@pytest.mark.parametrize("lang", ["en", "es"])
def test_exercise_thirteens_slip_is_told_the_cell_below_the_cross_cell(lang):
    with using(lang):
        ex = lesson2_rows.odd_against_even_exercise()
        slip = next(c for c in ex.wrong if c.startswith(("Yellow: red", "Amarillo", "El amarillo")))
    ok, text = ex.check(slip)
    assert not ok
    assert (
        ("column 4, row 3" in text and "below a ✗ cell" in text)
        if lang == "en"
        else ("columna 4, fila 3" in text and "debajo de un hueco ✗" in text)
    )


def test_more_practice_tells_a_count_only_by_the_pages_rule():
    """Lesson 2's More practice: a right zugzwang drop is told a count only where it is the page's count of safe
    cells, and that count names the winner the solver finds (the dropper)."""
    from gamekit.connect import lessons as L
    from gamekit.connect.lesson_practice import zugzwang_words

    for ex in L.practice_exercises(2):
        for column in ex.solutions:
            after = ex.position.copy()
            after.play(column)
            words = zugzwang_words(after)
            if words is None:
                continue
            assert f" {len(safe_cells(after))} " in words
            assert count_verdict(after) == 1 - after.to_move == _solver_winner(after)
    words = zugzwang_words(position("under_threat"))  # the lesson's own board, yellow having dropped last
    assert words is not None and " 20 " in words
