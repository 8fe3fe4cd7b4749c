"""Shut the Box Practice says only what the lessons teach and what the pools hold: the dice questions' idea and
hint speak of lesson 3's count of outcomes (lesson 3 states no "6 or less" rule), the page says how many
questions there are, the feedback after a right answer reads right for a roll and for a set, in both languages."""

import re
from pathlib import Path

from gamekit.i18n import tr, using
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.shut_words import DICE_IDEA, covering_throws, idea_words, second_hint
from gamekit.shutbox import puzzle_text

ROOT = Path(__file__).resolve().parents[2]
GAME = "shut_the_box"


def _page(lang: str) -> str:
    path = ROOT / "notebooks" / ("es/" if lang == "es" else "") / "practice" / "04_shut_the_box.md"
    return " ".join(path.read_text(encoding="utf-8").split())


def test_lesson_3_states_no_six_or_less_rule_and_practice_credits_it_with_none():
    lesson = (ROOT / "notebooks/shut_the_box/03_dice.md").read_text(encoding="utf-8")
    assert "6 or less" not in lesson and "six or less" not in lesson
    assert "outcomes that let you go on" in lesson  # what lesson 3 does teach
    dice = practice_pool(GAME, "one_die_or_two")
    for lang in ("en", "es"):
        with using(lang):
            for p in dice:
                words = idea_words(p, "one_die_or_two") + " " + second_hint(p)
                assert not re.search(r"6 or less|6 o menos|rule for the dice|regla de la lección 3", words), words
    with using("en"):
        assert "as in lesson 3" in tr(DICE_IDEA) and "outcomes that let you go on" in tr(DICE_IDEA)


def test_the_dice_idea_is_true_of_every_dice_question():
    """ "With more than 6 to cover, two dice can shut the box in fewer rolls" and the right roll: one die exactly
    where the open tiles add up to 6 or less (so the idea never points the wrong way)."""
    dice = practice_pool(GAME, "one_die_or_two")
    assert dice
    for p in dice:
        total = sum(p.facts["open"])
        assert p.answers == ((("roll", 1),) if total <= 6 else (("roll", 2),)), p.id
        if total > 6:
            assert -(-total // 12) < -(-total // 6)
        # the count the hint asks for is a count of outcomes out of 6 and out of 36
        assert 0 < covering_throws(p.facts["open"], 1) <= 6 and 0 < covering_throws(p.facts["open"], 2) <= 36


def test_the_page_says_how_many_questions_practice_has():
    sets = [p for p in practice_pool(GAME) if p.facts["kind"] == "set"]
    dice = practice_pool(GAME, "one_die_or_two")
    assert f"There are {len(sets)} *best set* puzzles and {len(dice)} *one die or two* puzzles." in _page("en")
    assert f"Hay {len(sets)} problemas de *el mejor conjunto* y {len(dice)} de *un dado o dos*." in _page("es")
    assert len(practice_pool(GAME, "best_set")) == len(sets)


def test_the_page_says_the_hint_cost_once_and_its_spanish_reads_well():
    en, es = _page("en"), _page("es")
    # the cost said once (it was said twice, in two wordings)
    assert en.count("does not count as solved at the first try") == 1 and "counts as a miss" not in en
    assert es.count("no cuenta como resuelta a la primera") == 1 and "cuenta como un fallo" not in es
    assert "pulsa el botón que elijas" in es and "de tu elección" not in es
    assert "Tampoco acierta siempre cubrir la ficha más alta." in es
    assert "También cubrir siempre la ficha más alta." not in es


def test_right_feedback_reads_right_for_a_roll_and_for_a_set():
    facts = {"objective": "shut", "best": 0.25}
    with using("en"):
        assert puzzle_text.right(facts, 0, "roll two dice") == (
            "Right: “roll two dice” gives the best chance to shut the box: 25.0%."
        )
        assert puzzle_text.right(facts, 0, "cover 9 + 2").startswith("Right: “cover 9 + 2” gives the best")
    with using("es"):
        assert puzzle_text.right(facts, 0, "tirar dos dados").startswith("Correcto: «tirar dos dados» es la mejor")


def test_the_page_says_what_to_compute_for_a_best_set_question():
    """Close chances (14.4 % against 11.6 %) are guesswork unless the pupil computes them: the page says what to
    compute, as lesson 4 does (compare what each set leaves)."""
    lesson = " ".join((ROOT / "notebooks/shut_the_box/04_best_strategy.md").read_text(encoding="utf-8").split())
    assert "compare what each set leaves" in lesson
    assert "Work out your chance to shut the box after each set (lesson 4)." in _page("en")
    assert "Calcula tu probabilidad de cerrar la caja tras cada conjunto (lección 4)." in (_page("es"))
