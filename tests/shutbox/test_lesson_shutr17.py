"""Lesson 4's "which set?" exercises 5 and 6 (r29, r30): every decoy is valued above the answer, two in exercise 5
and one in exercise 6, so no place in the list answers both; the page shows the same."""

import re

import pytest

from gamekit.shutbox import exercises_best_set as B
from gamekit.shutbox.exercises_both_sets import SHUT_CHALLENGE, decoy_positions
from gamekit.shutbox.lesson_tables import FILL_RULES
from gamekit.shutbox.lessons import LESSONS
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of, tiles_summing_to


def listed_by_value(ex) -> list[tuple[int, tuple]]:
    """The list the prompt shows, as (turns in 100, tiles left), best first."""
    items = re.findall(r"<li>(.*?) open: about (\d+) turns? in 100[;.]</li>", ex.prompt)
    return sorted(((int(v), tuple(int(t) for t in re.findall(r"\d+", tiles))) for tiles, v in items), reverse=True)


def set_leaving(tiles, left) -> str:
    return "+".join(str(t) for t in sorted(tiles, reverse=True) if t not in left)


def test_no_rank_in_the_list_answers_both_lesson_4_exercises():
    """r30: the top number of the list is a decoy in both (it answers neither), and the answer is third in exercise
    5 (two decoys, an odd roll) and second in exercise 6 (one decoy), so no place in the list answers both."""
    answered_by_rank = {0: [], 1: [], 2: []}
    for key, (tiles, roll, _) in (("best_shut", B.SHUT_CHOICE), ("challenge_shut", SHUT_CHALLENGE)):
        ex = LESSONS[4].exercises[key]()
        listed = listed_by_value(ex)
        assert len(listed) >= 4
        for rank in answered_by_rank:
            answered_by_rank[rank].append(set_leaving(tiles, listed[rank][1]) in ex.solutions)
    assert answered_by_rank == {0: [False, False], 1: [False, True], 2: [True, False]}


@pytest.mark.parametrize("position", [B.SHUT_CHOICE, SHUT_CHALLENGE])
def test_each_decoy_sits_above_the_answer_and_no_set_for_the_roll_leaves_it(position):
    tiles, roll, objective = position
    t = table(FILL_RULES, objective)
    decoys = decoy_positions(tiles, roll, objective, FILL_RULES.one_die)
    real = [tuple(x for x in tiles if x not in s) for s in tiles_summing_to(roll, tiles)]
    best = max(t.value(mask_of(left)) for left in real)
    shown = {round(100 * float(t.value(mask_of(left)))) for left in real}
    assert len(decoys) == 1 + roll % 2
    for decoy in decoys:
        assert decoy not in real and sum(tiles) - sum(decoy) != roll
        assert t.value(mask_of(decoy)) > best
        assert round(100 * float(t.value(mask_of(decoy)))) not in shown  # the list never ties
        shown.add(round(100 * float(t.value(mask_of(decoy)))))


def test_exercise_6_counts_the_set_that_leaves_its_decoy_as_a_wrong_try():
    ex = LESSONS[4].exercises["challenge_shut"]()
    tiles, roll, _ = SHUT_CHALLENGE
    (decoy,) = decoy_positions(tiles, roll, "shut", FILL_RULES.one_die)
    assert decoy == (1, 2, 4, 7, 9)  # 8+5, a set for 13: about 7 turns in 100, the answer's 6
    ok, why, counts = ex.assess("8+5")
    assert not ok and counts and "13, not 12" in why


def test_the_page_widget_shows_the_lessons_exercise_6():
    pytest.importorskip("ipywidgets")
    from gamekit.shutbox import lesson_scenes

    from .paths import ROOT

    box = lesson_scenes.go_on_count_widget(SHUT_CHALLENGE, FILL_RULES)
    assert box.children[1].exercise.prompt == LESSONS[4].exercises["challenge_shut"]().prompt
    for lang in ("", "es/"):  # both pages call it so
        page = (ROOT / f"notebooks/{lang}shut_the_box/04_best_strategy.md").read_text()
        assert re.search(r"go_on_count_widget\(\s*exercises_both_sets.SHUT_CHALLENGE, lesson_tables.FILL_RULES", page)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    ("lesson", "key", "position"),
    [(4, "best_shut", B.SHUT_CHOICE), (4, "challenge_shut", SHUT_CHALLENGE), (5, "best_score", B.SCORE_CHOICE)],
)
def test_the_tiles_left_open_typed_as_the_answer_get_their_own_reason_and_no_try(lesson, key, position, lang):
    from gamekit.i18n import using

    tiles, roll, objective = position
    with using(lang):
        ex = LESSONS[lesson].exercises[key]()
        real = [tuple(x for x in tiles if x not in s) for s in tiles_summing_to(roll, tiles)]
        decoys = decoy_positions(tiles, roll, objective, FILL_RULES.one_die)
        for left in real + decoys:  # every position in the list, typed as the answer: a wrong try (r30), its reason
            for typed in ("+".join(map(str, left)), ", ".join(map(str, reversed(left)))):
                ok, why, counts = ex.assess(typed)
                assert not ok and counts, (typed, why)
                # the same words for every listed position, so the reply tells no decoy from a real one
                assert ("tiles left open" if lang == "en" else "fichas que quedan descubiertas") in why, why
                assert str(roll) in why and "+" not in why
        # a set of the wrong total that is no listed position keeps the adding reason, and uses a try
        ok, why, counts = ex.assess("+".join(map(str, tiles)))
        assert not ok and counts and "tiles left open" not in why


@pytest.mark.parametrize(
    ("lang", "ways"),
    [
        ("en", ("random", "most tiles", "largest tile")),
        ("es", ("azar", "más fichas", "mayor número de fichas", "ficha más alta")),
    ],
)
def test_worksheet_4_closing_question_does_not_argue_its_prediction(lang, ways):
    """The sheet prints the prediction (which way of choosing shuts the box least often?) and, at the end, the
    closing question: the closing question names no way of choosing, so it gives no answer on paper."""
    from gamekit.i18n import using
    from gamekit.shutbox.exercises_dice import worst_rule_prediction

    from .paths import ROOT

    folder = "docs/teachers/worksheets" if lang == "en" else "docs/teachers/es/worksheets"
    sheet = (ROOT / folder / "shut_the_box/04_best_strategy.md").read_text()
    with using(lang):
        question = tr_reflection(4)
        prediction = worst_rule_prediction()
    assert prediction.prompt.split("?")[0][-20:] in sheet  # the prediction is on the sheet ...
    closing = sheet.split("\n## ")[-1]
    assert question in closing  # ... and so is the closing question, at the end
    assert not any(way in closing.lower() for way in ways), closing


def tr_reflection(n: int) -> str:
    from gamekit.i18n import tr

    return tr(LESSONS[n].reflection[0])
