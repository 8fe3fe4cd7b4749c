"""Dots and Boxes lessons: the defects fresh readers found last (lessons 1, 3, 4 and 5)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import analysis
from gamekit.dots import lessons as L
from gamekit.dots import lesson_positions
from gamekit.dots.lesson5_exercises import loop_plans
from gamekit.dots.solver import move_values
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def _page(lang: str, name: str) -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return next(folder.glob(f"{name}_*.md")).read_text(encoding="utf-8")


def _above(page: str, exercise: str) -> str:
    return page[: page.index(f'L.exercise("{exercise}"')]


# ----- lesson 4, exercises 1–3: three steps, not one drill three times --------------------------------------------
def test_lesson_4_exercises_1_to_3_are_three_different_steps():
    """Exercise 1 counts the dots only (a number, on a board), exercise 2 applies the rule for the first player on
    another board, exercise 3 for the second player on a third board: no two share a board, a seat and a question."""
    ex1, ex2, ex3 = (L.exercises(4)[n] for n in ("dots_7x5", "parity_5x4", "parity_coral_5x5"))
    assert list(L.exercises(4))[:3] == ["dots_7x5", "parity_5x4", "parity_coral_5x5"]
    assert ex1.check("48")[0] and ex1.game is None  # 7×5, not drawn: the dots cannot be counted one by one
    assert "long chain" not in ex1.prompt and "long chain" in ex2.prompt and "long chain" in ex3.prompt
    assert "Gold" in ex2.prompt and "moves first" in ex2.prompt
    assert "Coral" in ex3.prompt and "moves second" in ex3.prompt
    assert len({ex1.solutions[0], ex2.solutions[0], ex3.solutions[0]}) == 3
    assert ex2.check("2, 1, 2")[0] and ex3.check("1, 2, 1, 2")[0]


def test_lesson_4_exercise_1_tells_each_miscount_apart():
    ex = L.exercises(4)["dots_7x5"]
    reasons = {}
    for wrong in (35, 82, 40, 63, 36, 14, 12, 24, 30, 8):
        ok, feedback = ex.check(wrong)
        assert not ok, wrong
        reasons[wrong] = feedback
    assert len(set(reasons.values())) == len(reasons)
    assert "boxes" in reasons[35] and "lines" in reasons[82] and "added" in reasons[14]


def test_lesson_4_minutes_of_the_guides_plan_still_add_up():
    for path, head in (("docs/teachers/dots.md", "### Lesson 4 "), ("docs/teachers/es/dots.md", "### Lección 4 ")):
        text = (ROOT / path).read_text(encoding="utf-8")
        section = text[text.index(head) :]
        rows = re.findall(r"^\| (\d+) \|", section[: section.index("**50**")], re.M)
        assert sum(map(int, rows)) == 50, path


# ----- lesson 4, exercise 6: Spanish choices ----------------------------------------------------------------------
def test_lesson_4_who_wins_takes_and_lists_the_choices_in_spanish():
    with using("es"):
        L._built_in.cache_clear()
        ex = L.exercises(4)["who_wins"]
        count, winner = ex.solutions[0].split(", ")
        right = {"Gold": "Dorado", "Coral": "Coral", "Draw": "Empate"}[winner]
        assert ex.check(f"{count}, {right}")[0] and ex.check(f"{count}, {right.lower()}")[0]
        for other in {"Dorado", "Coral", "Empate"} - {right}:
            assert not ex.check(f"{count}, {other}")[0]
        ok, feedback = ex.check(f"{count}, nadie")
        assert not ok and "Dorado, Coral, Empate" in feedback and "Gold" not in feedback
    L._built_in.cache_clear()
    ex = L.exercises(4)["who_wins"]
    assert ex.check(ex.solutions[0])[0]  # English still works


# ----- lesson 5: all-but-four in general, and the long chain rule in the final challenge ----------------------------
def test_lesson_5_exercise_5_is_the_general_all_but_four_checked_by_the_solver():
    ex = L.exercises(5)["loop_six"]
    game = ex.game
    loop = next(p for p in lesson_positions.components(game) if p.opened and p.kind == "loop")
    assert loop.length == 6
    plans = loop_plans(game)
    best = max(plans.values())
    assert [k for k, v in plans.items() if v == best] == [loop.length - 4] == ex.solutions
    assert plans[loop.length] < best and plans[loop.length - 2] < best  # taking all, and leaving two, both lose
    assert ex.check("2")[0]
    reasons = {k: ex.check(k)[1] for k in (0, 1, 3, 4, 5, 6)}
    assert not any(ex.check(k)[0] for k in reasons)
    assert len({reasons[k] for k in (0, 3, 4, 5, 6)}) == 5
    with pytest.raises(ValueError):
        ex.checker(7)


def test_lesson_5_all_but_four_answer_is_not_on_the_page_above_it():
    for lang in ("en", "es"):
        above = _above(_page(lang, "05"), "loop_six")
        assert not re.search(r"\b(take|llévate|llevarse) (2|two|dos)\b", above, re.I), lang
        assert "loop of 6" not in above and "bucle de 6" not in above


def test_lesson_5_objective_3_is_tested_by_a_position_the_long_chain_rule_decides():
    objectives = dict((text, names) for text, names in L.LESSONS[5].objectives)
    final = objectives["combine the long chain rule and double-dealing in a final challenge"]
    assert "challenge_steer" in final
    ex = L.exercises(5)["challenge_steer"]
    game = ex.game
    safe = lesson_positions.safe_lines(game)
    assert len(safe) >= 3 and set(ex.solutions) <= set(safe)
    mover = lesson_positions.SEATS[game.to_move]
    reasons = set()
    for line in safe:
        ok, feedback = ex.check(line)
        after = game.copy()
        after.play(line)
        assert ok == (analysis.long_chain_rule(after).favoured == game.to_move), line
        assert ok == (f"count {mover} wants" in feedback), (line, feedback)
        reasons.add(feedback)
    assert len(reasons) == len(safe)
    # best play after the right line needs a double-deal: the challenge combines both ideas
    play = game.copy()
    while not play.is_over():
        values = move_values(play)
        play.play(sorted(l for l, v in values.items() if v == max(values.values()))[0])
    assert analysis.double_crosses(play)


def test_lesson_5_guide_plan_gives_the_two_challenge_positions_in_class_their_minutes():
    for path, head, word in (
        ("docs/teachers/dots.md", "### Lesson 5 ", "exercises 8 and 9"),
        ("docs/teachers/es/dots.md", "### Lección 5 ", "ejercicios 8 y 9"),
    ):
        text = (ROOT / path).read_text(encoding="utf-8")
        section = text[text.index(head) :]
        section = section[: section.index("**total**")]  # two periods of 50 (each adds up: test_lesson_r27.py)
        assert sum(map(int, re.findall(r"^\| (\d+) \|", section, re.M))) == 100, path
        assert word in section
    for path, words in (
        ("docs/teachers/dots.md", "combine the long chain rule and double-dealing in the final challenge"),
        ("docs/teachers/es/dots.md", "combinar la regla de la cadena larga y la doble entrega en el reto final"),
    ):
        assert words in (ROOT / path).read_text(encoding="utf-8"), path  # the objectives table says what it tests


# ----- lesson 1: "third side" taught in bold; the line count's miscounts -----------------------------------------
@pytest.mark.parametrize("lang, term", [("en", "**third side**"), ("es", "**tercer lado**")])
def test_lesson_1_teaches_third_side_in_bold_before_exercise_7(lang, term):
    page = _page(lang, "01")
    above = _above(page, "third_sides_count")
    assert term in above
    assert term not in page[: page.index("## The words" if lang == "en" else "## Las palabras")]


def test_lesson_1_exercise_1_miscounts_each_get_their_own_reason():
    ex = L.exercises(1)["lines_2x2"]
    wrongs = (4, 8, 9, 16, 6, 24, 11)
    reasons = [ex.check(k) for k in wrongs]
    assert not any(ok for ok, _ in reasons)
    assert len({why for _, why in reasons}) == len(wrongs)
    assert "border" in dict(zip(wrongs, (w for _, w in reasons)))[8]


# ----- lesson 3, exercises 4 and 5: the prompt says what to count ---------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_exercises_4_and_5_say_what_to_count_and_what_the_words_mean(lang):
    page = _page(lang, "03")
    four = _above(page, "hand_over")
    four = " ".join(four[four.rindex("## ") :].split())
    assert ("**open**" if lang == "en" else "**abrir**") in four
    assert ("count the boxes of each chain" if lang == "en" else "cuenta primero las casillas de cada cadena") in (
        four.lower()
    )
    five = _above(page, "l3_ex6")
    five = " ".join(five[five.rindex("## ") :].split())
    assert ("ring of boxes" if lang == "en" else "anillo de casillas") in five
    four = four.lower().replace("(nivel medio)", "")  # the glossary's level label, not «la línea del medio»
    for word in ("middle", "refuse", "medio", "rechaz"):
        assert word not in four


# ----- every lesson: sentences a 12-year-old can read -----------------------------------------------------------------
def _prose_sentences(page: str) -> list[str]:
    page = re.sub(r"```.*?```", "", page, flags=re.S)
    page = re.sub(r"\A---.*?---", "", page, flags=re.S)
    skip = ("#", "*", ">", "|", "**Time", "**Tiempo", "**Objectives", "**Objetivos")
    paragraphs = re.split(r"\n\s*\n|^\+\+\+$", page, flags=re.M)
    kept = [" ".join(p.split()) for p in paragraphs if p.strip() and not p.lstrip().startswith(skip)]
    return [s for p in kept for s in re.split(r"(?<=[.!?)])\s+(?=[(*¿¡A-Z])", p)]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", ["01", "02", "03", "04", "05"])
def test_no_sentence_on_a_dots_page_runs_past_thirty_words(lesson, lang):
    """Readers marked the long sentences of lessons 3–5 (a 2-chain at an end, all-but-four, why the sacrifices
    worked): each is split now, and no sentence of a page's prose is longer than 30 words."""
    long = [s for s in _prose_sentences(_page(lang, lesson)) if len(s.split()) > 30]
    assert not long, long
