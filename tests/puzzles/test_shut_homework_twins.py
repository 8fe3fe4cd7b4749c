"""Shut the Box homework sets: no position twice in a set, another number gives other puzzles, and the teachers'
page says which codes give the same puzzles whatever the number."""

import pytest

from gamekit.i18n import using
from gamekit.puzzles.homework import homework_codes, homework_set
from gamekit.puzzles.homework_sheets import homework_page
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.shut_draw import shown_position

GAME = "shut_the_box"


@pytest.mark.parametrize("theme", [None, "best_set", "one_die_or_two"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_position_twice_in_a_set(theme, seed):
    size = min(10, len(practice_pool(GAME, theme))) if theme else 10
    shown = [shown_position(p) for p in homework_set(GAME, theme, size, seed)]
    assert len(shown) == len(set(shown))


def test_best_set_items_4_and_8_of_code_1_were_one_position():
    """The position 1–7 and 9 open, roll 11, came twice (under two one-die rules) in shut-best_set-10-1."""
    shown = [shown_position(p) for p in homework_set(GAME, "best_set", 10, 1)]
    assert shown.count(("set", (1, 2, 3, 4, 5, 6, 7, 9), 11)) <= 1


@pytest.mark.parametrize("theme", [None, "best_set"])
def test_another_number_gives_another_set(theme):
    sets = [{p.id for p in homework_set(GAME, theme, 10, seed)} for seed in (1, 2, 3)]
    assert sets[0] != sets[1] and sets[1] != sets[2] and sets[0] != sets[2]


def test_mixed_sets_change_their_dice_questions_with_the_number():
    dice = [
        frozenset(p.id for p in homework_set(GAME, None, 10, seed) if p.facts["kind"] == "dice") for seed in range(1, 6)
    ]
    assert all(len(d) == 2 for d in dice)
    assert len(set(dice)) > 1


def test_page_marks_a_code_that_holds_the_whole_idea():
    rows = [r for r in homework_codes() if r[1].startswith("shut-one_die_or_two-")]
    size = len(practice_pool(GAME, "one_die_or_two"))
    assert rows and rows[0][3] == size
    # every number gives the same puzzles: the page says so
    assert {p.id for p in homework_set(GAME, "one_die_or_two", size, 1)} == {
        p.id for p in homework_set(GAME, "one_die_or_two", size, 2)
    }
    with using("en"):
        page = homework_page()
    note = next(line for line in page.splitlines() if f"`{rows[0][1]}`" in line and not line.startswith("|"))
    assert note.startswith("Every number gives the same puzzles for ") and "shut-best_set-" not in note
    assert "the codes that give the same puzzles whatever the number" in page


def test_the_largest_set_keeps_its_size_and_asks_no_position_twice():
    """The best-set pool (60 questions, each position once) is larger than a homework set may be (50): the largest
    set keeps its size, every puzzle once and no position twice."""
    pool = practice_pool(GAME, "best_set")
    assert len(pool) == 60 and len({shown_position(p) for p in pool}) == 60
    whole = homework_set(GAME, "best_set", 50, 1)
    assert len(whole) == 50 and len({p.id for p in whole}) == 50 == len({shown_position(p) for p in whole})
