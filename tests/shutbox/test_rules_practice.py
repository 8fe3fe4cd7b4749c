"""Practice's made lists for Shut the Box lessons 1 and 2: every answer computed by the rules (checked here by brute
force), right answers accepted, each wrong answer refused with its own reason, unreadable answers change nothing."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.i18n import using
from gamekit.puzzles.shut_lessons import lesson_positions
from gamekit.puzzles.shut_rules_practice import (
    LEVELS,
    Item,
    RulesPractice,
    ending_level,
    rules_exercise,
    rules_items,
)

TILES = tuple(range(1, 10))


def subsets(box):
    return [s for n in range(1, len(box) + 1) for s in combinations(box, n)]


def sets_for(roll, box):
    return [s for s in subsets(box) if sum(s) == roll]


@pytest.mark.parametrize("lesson", [1, 2])
def test_lists_go_easy_to_hard_and_avoid_lesson_positions(lesson):
    items = rules_items(lesson)
    assert len(items) >= 12
    ranks = [LEVELS.index(it.level) for it in items]
    assert ranks == sorted(ranks) and set(ranks) == {0, 1, 2}
    asked = lesson_positions("shut_the_box")
    for it in items:
        assert (it.open_tiles, it.roll) not in asked and (it.open_tiles, None) not in asked
    assert len(set(items)) == len(items)
    kinds = {it.kind for it in items}
    assert kinds == ({"legal", "ending"} if lesson == 1 else {"count"})


def test_lesson_two_gets_harder_by_open_tiles_and_totals():
    items = rules_items(2)
    easy = [it for it in items if it.level == "easy"]
    hard = [it for it in items if it.level == "hard"]
    assert max(len(sets_for(it.roll, it.open_tiles)) for it in easy) < min(
        len(sets_for(it.roll, it.open_tiles)) for it in hard
    )
    assert sum(len(it.open_tiles) for it in hard) / len(hard) > sum(len(it.open_tiles) for it in easy) / len(easy)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", [1, 2])
def test_every_answer_is_the_rules_and_every_wrong_one_has_a_reason(lesson, lang):
    with using(lang):
        for it in rules_items(lesson):
            ex = rules_exercise(it)
            if it.kind == "legal":
                right = sets_for(it.roll, it.open_tiles)
                assert sorted(tuple(sorted(int(t) for t in s.split("+"))) for s in ex.solutions) == sorted(right)
            elif it.kind == "ending":
                ending = [int(c) for c in ex.choices if not sets_for(int(c), it.open_tiles)]
                assert [int(s) for s in ex.solutions] == ending and len(ending) == 1
            else:
                assert ex.solutions == [len(sets_for(it.roll, it.open_tiles))]
            for s in ex.solutions:
                ok, text = ex.check(s)
                assert ok and text
            assert ex.wrong
            reasons = []
            for w in ex.wrong:
                ok, text, counts = ex.assess(w)
                assert not ok and counts and len(text) > 20, (it, w, text)
                reasons.append(text)
            if it.kind == "count":
                assert len(set(reasons)) == len(reasons), (it, reasons)


def test_legal_set_reasons_each_name_the_slip():
    it = Item("legal", (2, 3, 4, 6, 7, 9), 12, "medium")
    ex = rules_exercise(it)
    assert ex.check("9+3") == (True, ex.check("9+3")[1])
    assert ex.check("3+9")[0] and ex.check("4+2+6")[0]
    ok, text = ex.check("8+4")
    assert not ok and "Tile 8 is already covered" in text
    ok, text = ex.check("9+2")
    assert not ok and "makes 11, not 12" in text
    ok, text = ex.check("6+6")
    assert not ok and "twice" in text
    ok, text = ex.check("12")
    assert not ok and "is the roll" in text


def test_count_reasons_for_too_few_by_size_and_orders():
    it = Item("count", (1, 2, 3, 4, 5, 6, 7, 8), 11, "hard")
    ex = rules_exercise(it)
    n = len(sets_for(11, it.open_tiles))
    pairs = sum(1 for s in sets_for(11, it.open_tiles) if len(s) <= 2)
    ok, text = ex.check(str(pairs))
    assert not ok and "only as many as the pairs" in text
    ok, text = ex.check(str(n - 2))
    assert not ok and "some sets are missing" in text and "2, 3 and 4 tiles" in text
    from math import factorial

    orders = sum(factorial(len(s)) for s in sets_for(11, it.open_tiles))
    ok, text = ex.check(str(orders))
    assert not ok and "another order" in text


def test_ending_level_and_refusals():
    assert ending_level((1, 2, 3)) == "easy" and ending_level((1, 2, 3, 5)) == "medium"
    assert ending_level((1, 2, 3, 8, 9)) == "hard"
    with pytest.raises(ValueError, match="open tiles"):
        ending_level((1, 2))
    with pytest.raises(ValueError, match="lesson=3"):
        rules_items(3)
    with pytest.raises(TypeError, match="item="):
        rules_exercise(("legal", (1, 2), 3, "easy"))


boxes = st.sets(st.sampled_from(TILES), min_size=1, max_size=9).map(lambda s: tuple(sorted(s)))


@settings(max_examples=150, deadline=None)
@given(box=boxes, roll=st.integers(2, 12), data=st.data())
def test_legal_set_judge_on_random_positions(box, roll, data):
    right = sets_for(roll, box)
    if not right:
        return
    ex = rules_exercise(Item("legal", box, roll, "easy"))
    chosen = data.draw(st.sampled_from(right))
    order = data.draw(st.permutations(chosen))
    assert ex.check("+".join(map(str, order)))[0]
    wrong = data.draw(st.sampled_from([s for s in subsets(TILES) if s not in right]))
    ok, text, counts = ex.assess("+".join(map(str, wrong)))
    assert not ok and text
    covered = [t for t in wrong if t not in box]
    if len(wrong) == 1 and wrong[0] == roll:
        assert "not open" in text or "is the roll" in text
    elif covered:
        assert "covered" in text and counts
    else:
        assert f"makes {sum(wrong)}, not {roll}" in text and counts
    twice = data.draw(st.sampled_from(box))
    ok, text, counts = ex.assess(f"{twice}+{twice}")
    assert not ok and counts and "twice" in text
    for bad in ("abc", "10+1", "", "+"):
        ok, text, counts = ex.assess(bad)
        assert not ok and not counts and text


@settings(max_examples=100, deadline=None)
@given(
    box=st.sets(st.sampled_from(TILES), min_size=2, max_size=9).map(lambda s: tuple(sorted(s))), roll=st.integers(3, 17)
)
def test_count_judge_on_random_positions(box, roll):
    n = len(sets_for(roll, box))
    if n < 2:
        with pytest.raises(ValueError, match="fewer than two sets"):
            rules_exercise(Item("count", box, roll, "easy"))
        return
    ex = rules_exercise(Item("count", box, roll, "easy"))
    ok, text = ex.check(str(n))
    assert ok and str(n) in text
    for k in {n + 1, n + 3, max(n - 1, 0), 0} - {n}:
        ok, text, counts = ex.assess(str(k))
        assert not ok and counts and text.startswith(("Too", "That is the count"))
    for bad in ("many", "", "1.5"):
        ok, text, counts = ex.assess(bad)
        assert not ok and not counts


def test_widget_chooses_lists_and_unreadable_answers_change_nothing():
    from gamekit import progress
    from gamekit.puzzles.shut_rules_practice import PROGRESS_KEY

    page = RulesPractice()
    assert page.lesson == 1 and page.item == rules_items(1)[0]
    before = list(page.exercise_widget.attempts)
    ok, text = page.answer("abc")
    assert not ok and text and page.exercise_widget.attempts == before
    for wrong in page.exercise_widget.exercise.wrong[:2]:  # two misses: counted, each with its reason, no error
        ok, text = page.answer(wrong)
        assert not ok and text
    assert len(page.exercise_widget.attempts) == 2 and not page.exercise_widget.errors
    ok, _ = page.answer(page.exercise_widget.exercise.solutions[0])
    assert ok and page.exercise_widget.solved
    assert progress.results(PROGRESS_KEY)[page.exercise_widget.exercise.key]["solved"]
    page.next()
    assert page.index == 1 and "2 of" in page.title.value
    with pytest.raises(ValueError, match="lesson=5"):
        page.choose(5)
    assert page.lesson == 1 and page.index == 1
    page.menu.value = 2
    assert page.lesson == 2 and page.index == 0 and page.item.kind == "count"
    for _ in range(len(rules_items(2))):
        page.next()
    assert page.index == 0


@settings(max_examples=60, deadline=None)
@given(box=st.sets(st.sampled_from(TILES), min_size=3, max_size=7).map(lambda s: tuple(sorted(s))))
def test_ending_judge_on_random_boxes(box):
    from gamekit.shutbox.exercises_turn import ending_roll_choices

    try:
        ending_roll_choices(box)
    except ValueError:
        return
    ex = rules_exercise(Item("ending", box, None, "easy"))
    for choice in ex.choices:
        ok, text, counts = ex.assess(choice)
        assert counts and text and ok == (not sets_for(int(choice), box))
    ok, text, counts = ex.assess("")
    assert not ok and not counts
