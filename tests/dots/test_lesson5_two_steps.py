"""Lesson 5 after a strict reader's review: the take-or-refuse method is two steps (the boxes each plan gets now,
then who has control of the long chains and loops still to come), true by the exact solver on every board of the
lesson; and no exercise id a pupil can read in the notebook names the exercise's answer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.lesson5_control import control_count
from gamekit.dots.lesson_positions import components, sequence_positions

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "notebooks" / "dots_and_boxes" / f"05_double_dealing_and_control.{ext}" for ext in ("md", "ipynb")] + [
    ROOT / "notebooks" / "es" / "dots_and_boxes" / f"05_double_dealing_and_control.{ext}" for ext in ("md", "ipynb")
]
ANSWER_WORDS = ("take", "refuse", "keep", "worth", "all", "one", "two", "grab", "leave")  # exercise 1 asks a number
OLD_IDS = ("not_worth_it", '"take_all"', "challenge_take_all", "challenge_take_one", '"keep_control"')


def _two_steps(game):
    """The page's two steps, done the way the page says: step 1 the boxes each plan gets now, step 2 who has control
    of the long chains and loops still to come (refusing keeps it; an odd number of short chains hands it back) and
    what the player with control and the other player get from them."""
    count = control_count(game)
    rest = [p for p in components(game) if not p.opened and (p.kind == "loop" or len(p.boxes) >= 3)]
    long_boxes = sum(len(p.boxes) for p in rest)
    loops = sum(p.kind == "loop" for p in rest)
    chains = len(rest) - loops
    # the player with control leaves 2 per chain and 4 per loop, loops first, and never refuses the last part
    left = 4 * loops + 2 * (chains - 1) if chains else 4 * max(loops - 1, 0)
    now_take, now_refuse = count.on_offer, count.on_offer - count.cost
    taker_controls = len(count.shorts) % 2 == 1
    rest_take = long_boxes - left if taker_controls else left
    rest_refuse = left if taker_controls else long_boxes - left
    return count, now_take + rest_take, now_refuse + rest_refuse


def _boards():
    boards = [(key, ex.game) for key, ex in L.exercises(5).items() if ex.game is not None]
    boards += [(f"practice {i}", ex.game) for i, ex in enumerate(L.practice_exercises(5), 1)]
    for name in ("greedy", "double_deal"):
        boards += [(f"{name} {i}", g) for i, g in enumerate(sequence_positions(name))]
    return boards


def test_the_two_steps_choose_a_best_plan_of_the_solver_on_every_board_of_the_lesson_they_count():
    counted = []
    for key, game in _boards():
        try:
            count, take, refuse = _two_steps(game)
        except ValueError:
            continue  # nothing to refuse, or several parts on offer: not the two steps' job
        assert (take, refuse) == (count.take, count.refuse), key
        choice = "take" if take > refuse else "refuse"
        best = max(count.exact_take, count.exact_refuse)
        assert (count.exact_take if choice == "take" else count.exact_refuse) == best, key
        counted.append(key)
    assert {"control_price", "l5_ex4", "l5_ex5", "l5_ex6", "l5_ex8", "challenge_loop", "greedy 5"} <= set(counted)


def test_exercise_3s_numbers_come_from_the_two_steps():
    count, take, refuse = _two_steps(L.exercises(5)["control_price"].game)
    assert (take, refuse, count.best) == (6, 4, "take")  # now 2 or 0; the loop left (4) and the last chain (4)
    assert L.exercises(5)["control_price"].check("6, 4, take")[0]


def test_no_lesson_5_exercise_id_names_an_answer():
    for key in L.exercises(5):
        words = re.split(r"[_\d]+", key)
        assert not set(words) & set(ANSWER_WORDS), key


@pytest.mark.parametrize("page", PAGES, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_the_notebook_source_carries_no_old_id_that_named_an_answer(page):
    text = page.read_text(encoding="utf-8")
    for old in OLD_IDS:
        assert old not in text, old
    for new in ("l5_ex4", "l5_ex5", "l5_ex6", "l5_ex8", "l5_ex10"):
        assert new in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_double_cross_paragraph_is_short_and_plain(lang):
    """It read "This is the refusal lesson 3 warned about: ... It is also the better line that the caption names."
    Now short sentences that say who does what."""
    page = (PAGES[0] if lang == "en" else PAGES[2]).read_text(encoding="utf-8")
    start = page.index("(a **double-cross**)" if lang == "en" else "(un **doble cruce**)")
    para = " ".join(page[start : page.index("Now watch it" if lang == "en" else "Ahora, míralo", start)].split())
    assert "warned about" not in para and "avisaba" not in para
    for sentence in re.split(r"(?<=[.])\s+", para):
        assert len(sentence.split()) <= 20, sentence
