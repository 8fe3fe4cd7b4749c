"""Dots lessons after a fresh reading: the glossary on a page answers no question the page asks, levels that
match the work (easy to hard down the page), lesson 3's feedback in lesson 3's words, a guide whose minutes give
every exercise its 3 minutes and whose numbers are the positions' own, lesson 4's page saying why its rule works,
and the glossary's term "a box with three sides drawn"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.analysis import safe_lines
from gamekit.dots.glossary import glossary_table
from gamekit.i18n import tr, using

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1s_glossary_defines_a_third_side_without_answering_the_closing_question(lang):
    """The closing question asks why drawing a third side is usually a bad idea; the glossary above it once
    said "drawing a third side gives the box away". Now it says what a third side is, and nothing about who
    takes the box."""
    with using(lang):
        table = glossary_table(1)
        meaning = next(row[2] for row in table.rows if "third side" in row)
    assert ("three sides drawn" if lang == "en" else "tres lados trazados") in meaning
    for answer_word in ("take", "away", "next player", "fourth") if lang == "en" else ("llev", "regal", "siguiente"):
        assert answer_word not in meaning.lower(), meaning


def test_lesson_1_is_easy_to_hard_with_the_first_box_easy_and_the_count_really_the_hardest():
    """Exercise 4 (take the one box with three sides, on a board of three lines) is easy and comes before the
    turn-tracking exercise; exercise 7, the hard one, is a whole 4×4 board to count, with three traps."""
    lesson = L.LESSONS[1]
    assert list(lesson.exercises)[3:5] == ["first_box", "whose_turn"]
    assert lesson.levels["first_box"] == "easy" and lesson.levels["third_sides_count"] == "hard"
    easy_board = L.exercises(1)["first_box"].game
    count = L.exercises(1)["third_sides_count"]
    game = count.game
    boxes = game.geometry.n_boxes
    assert boxes > 2 * easy_board.geometry.n_boxes - 3 and len(game.history) > 5 * len(easy_board.history)
    sides = [game.sides_drawn(b) for b in range(boxes)]
    assert sides.count(4) >= 1 and sides.count(2) >= 2 and sides.count(3) == count.solutions[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1_exercise_7_gives_each_trap_its_own_reason(lang):
    with using(lang):
        ex = L.exercises(1)["third_sides_count"]
        n = ex.solutions[0]
        reasons = {k: ex.check(k) for k in (n + 4, n + 1, n - 1)}  # two-sided boxes, the taken box, the pair
    assert not any(ok for ok, _ in reasons.values())
    assert len({text for _, text in reasons.values()}) == 3
    taken, pair = reasons[n + 1][1], reasons[n - 1][1]
    assert "a1" in taken and ("taken" in taken if lang == "en" else "ya es de alguien" in taken)
    # one short names no box: a typed number cannot show which box was left out
    assert not any(name in pair for name in ("b3", "c3", "c3-c4", "d1", "c2"))


def test_lesson_5_levels_match_the_work_easy_to_hard():
    """Exercise 2 (count both plans, then choose) was marked easy, like the single count before it: it is
    medium, and so is exercise 3 after it."""
    levels = L.LESSONS[5].levels
    assert levels["double_deal_score"] == "easy"
    assert levels["control_price"] == levels["l5_ex4"] == "medium"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_exercise_5s_feedback_uses_only_lesson_3s_words(lang):
    """Lesson 3 teaches the refusal of a 2-chain opened at an end, not lesson 5's refusal of a longer chain: an end
    of exercise 5's 2-chain is told that refusal and who must open the loop next."""
    with using(lang):
        ex = L.exercises(3)["l3_ex6"]
        texts = [ex.check(w)[1] for w in ex.wrong]
    assert texts and not any(ex.check(w)[0] for w in ex.wrong)
    for text in texts:
        if lang == "en":
            assert "before the last two" not in text and "double-deal" not in text
            assert "opens the 2-chain at an end" in text or "opens the loop of 4" in text
        else:
            assert "anteriores a las dos últimas" not in text and "doble entrega" not in text


def _plans(guide: str) -> list[tuple[int, int, str]]:
    """Every row of the guide's lesson plans that names exercises: (minutes, number of exercises, the row)."""
    rows = []
    for minutes, part in re.findall(r"^\| (\d+) \| ((?:exercises?|ejercicios?) [^|]*)\|", guide, re.M):
        span = re.match(r"(?:exercises?|ejercicios?) (\d+)(?:–(\d+))?", part)
        first, last = int(span.group(1)), int(span.group(2) or span.group(1))
        rows.append((int(minutes), last - first + 1, part))
    return rows


@pytest.mark.parametrize("path", ["docs/teachers/dots.md", "docs/teachers/es/dots.md"])
def test_the_guides_plans_give_every_exercise_at_least_3_minutes(path):
    guide = (ROOT / path).read_text(encoding="utf-8")
    rows = _plans(guide)
    assert len(rows) >= 8
    for minutes, count, part in rows:
        assert minutes >= 3 * count, (minutes, count, part)


def test_the_guide_states_lesson_4s_practice_safe_lines_as_the_positions_have_them():
    counts = [len(safe_lines(ex.game)) for ex in L.practice_exercises(4)]
    said = ", ".join(str(c) for c in counts[:-1]) + f" and {counts[-1]}"
    dicho = ", ".join(str(c) for c in counts[:-1]) + f" y {counts[-1]}"
    guide = (ROOT / "docs/teachers/dots.md").read_text(encoding="utf-8")
    guia = (ROOT / "docs/teachers/es/dots.md").read_text(encoding="utf-8")
    assert f"with {said} safe lines left" in guide and "a few safe lines" not in guide
    assert f"quedan {dicho} líneas seguras" in guia and "pocas líneas seguras" not in guia


@pytest.mark.parametrize(
    "folder, why, words",
    [
        ("notebooks/dots_and_boxes", "Why it works, in short", ("double-cross", "double-deal")),
        ("notebooks/es/dots_and_boxes", "Por qué funciona, en pocas palabras", ("doble cruce", "doble entrega")),
    ],
)
def test_lesson_4s_page_says_why_the_rule_works_before_the_first_exercise_without_later_words(folder, why, words):
    page = (ROOT / folder / "04_long_chain_rule.md").read_text(encoding="utf-8")
    sentence = page[page.index(why) : page.index(why) + 400]
    assert page.index("## The rule" if "/es/" not in folder else "## La regla") < page.index(why)
    assert page.index(why) < page.index('L.exercise("parity_5x4"')
    assert "turn" in sentence or "turno" in sentence
    assert not any(word in sentence for word in words)  # lesson 5 teaches them


def test_no_page_or_guide_says_a_box_with_a_third_side():
    """The glossary's term: a third side is a line; a box has three sides drawn."""
    paths = list((ROOT / "notebooks/dots_and_boxes").glob("*.md")) + [ROOT / "docs/teachers/dots.md"]
    for path in paths:
        assert "box with a third side" not in path.read_text(encoding="utf-8"), path
    assert all("box with a third side" not in text for text, _ in L.LESSONS[2].objectives)


def test_the_spanish_glossary_says_take_with_llevarse():
    """Taking boxes is «llevarse» (winning one is «conseguir»): the glossary's meanings agree with the lessons, and
    «casilla» is feminine («se la lleva»)."""
    with using("es"):
        meanings = {row[0]: row[2] for row in glossary_table(5).rows}
    assert "Se la lleva quien traza su cuarto lado" in meanings["casilla"]
    assert "llevarse una abre la siguiente" in meanings["cadena"]
    assert meanings["doble entrega"].startswith("Llevarse todas las casillas")
    assert not any(re.search(r"\bllevar\b|\bse lo lleva\b", text, re.I) for text in meanings.values())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1s_first_rule_does_not_contradict_the_starter_swapping_rule(lang):
    """Rule 5 swaps the starter after each game, so rule 1 says Gold moves first in the first game only."""
    folder = (
        Path(__file__).resolve().parents[2] / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    )
    text = (folder / "01_rules_and_terms.md").read_text(encoding="utf-8")
    rule = next(line for line in text.splitlines() if line.startswith("1. "))
    assert ("In the first game, Gold moves first" if lang == "en" else "En la primera partida empieza Dorado") in rule


def test_the_spanish_control_price_question_speaks_of_gold_in_the_third_person():
    """The worksheet prints the question for a pupil who is not playing Gold: «{seat} se ha llevado», not «tú, con
    Dorado, te has llevado»."""
    with using("es"):
        prompt = L.exercises(5)["control_price"].prompt
    assert "tú, con" not in prompt and "Dorado se ha llevado" in prompt and "gana Dorado" in prompt


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4s_worksheet_has_the_tally_where_the_page_has_it_after_exercise_6(lang):
    """The tally was on the top card, before exercise 1; the lesson page has it after exercise 6."""
    root = Path(__file__).resolve().parents[2] / "docs/teachers"
    folder = root / ("es/worksheets" if lang == "es" else "worksheets") / "dots_and_boxes"
    sheet = (folder / "04_long_chain_rule.md").read_text(encoding="utf-8")
    word = "Exercise" if lang == "en" else "Ejercicio"
    with using(lang):
        tally = "**" + tr("Keep a tally") + "**"
    assert sheet.count(tally) == 1
    assert sheet.index(f"## {word} 6") < sheet.index(tally) < sheet.index(f"## {word} 7")
    assert tally not in L.worksheet_aids("dots_and_boxes/04_long_chain_rule")[0]
