"""Dots lessons after the seventeenth strict reading: lesson 2's safe-line race is won by the solver's best line
and its rule is said as a rule of thumb; lesson 4 and 5 hold back answers; the guide's replay claims; worksheets
print no answer words above an exercise's answer space."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.lesson2_exercises import wins_safe_race
from gamekit.dots.lesson_exercise import after_line
from gamekit.dots.lesson_positions import safe_lines
from gamekit.dots.solver import move_values
from tests.dots.test_lesson_round13 import _guide, _page  # a lesson page and a guide, read as one line

ROOT = Path(__file__).resolve().parents[2]


# ----- lesson 2: the safe-line race ---------------------------------------------------------------------------------
def test_lesson_2_race_exercise_accepts_exactly_the_solvers_best_lines_and_the_race_winner_is_one():
    """Exercise 8 accepted a line that still lost 3–6, and refused one that scored the same: now the position is
    one where the lines that win the safe-line race are exactly the solver's best lines, and the pupil who wins
    the race also wins the game."""
    ex = L.exercises(2)["safe_race"]
    game = ex.game
    values = move_values(game)
    best = max(values.values())
    best_set = {line for line, v in values.items() if v == best}
    race_winners = {line for line in safe_lines(game) if not wins_safe_race(after_line(game, line))}
    assert race_winners and race_winners <= best_set
    assert set(ex.solutions) == best_set
    assert best > 0, "winning the race wins the game here"
    for line in game.legal_moves():
        ok, _ = ex.check(line)
        assert ok == (line in best_set), line
    ok, feedback = ex.check(sorted(best_set)[0])
    assert ok and "takes 7 of the 9 boxes" in feedback
    wrong = next(line for line in safe_lines(game) if line not in best_set)
    ok, feedback = ex.check(wrong)
    # 5 of 9 still wins: the reason says what the line costs against the best one, not "only"
    assert not ok and "takes 5 of the 9 boxes, 2 fewer than with the best line" in feedback
    assert "only" not in feedback


@pytest.mark.parametrize(
    "lang, rule, never",
    [
        ("en", "Rule of thumb* (not always true)", "Good players make sure that this happens"),
        ("es", "Regla práctica* (no siempre se cumple)", "Los buenos jugadores procuran"),
    ],
)
def test_lesson_2_says_running_out_of_safe_lines_usually_costs_boxes_as_a_rule_of_thumb(lang, rule, never):
    page = _page(lang, "02")
    assert rule in page and never not in page
    assert "04_long_chain_rule.ipynb" in page.split(rule)[1][:400]


# ----- lesson 4 ---------------------------------------------------------------------------------------------------
def test_lesson_4_exercise_4_one_too_many_names_the_loop_and_the_2_chain_and_asks_which():
    """ "3" (one too many) cannot tell whether the pupil counted the loop or the 2-chain: the feedback names both
    places on the board and asks which one was counted, with the reason for each."""
    from gamekit.dots.lesson_positions import components

    ex = L.exercises(4)["count_long"]
    n = ex.solutions[0]
    ok, feedback = ex.check(n + 1)
    loop = next(c for c in components(ex.game) if c.kind == "loop")
    pair = next(c for c in components(ex.game) if c.kind == "chain" and c.length == 2)
    assert not ok and "If you counted the loop (" in feedback
    for part in (loop, pair):
        for box in part.boxes:
            assert ex.game.geometry.box_name(box) in feedback
    assert "loops never count" in feedback and "3 boxes or more" in feedback


@pytest.mark.parametrize(
    "lang, section, exercise",
    [("en", "A second way to change the count", "Exercise"), ("es", "Otra forma de cambiar la cuenta", "Ejercicio")],
)
def test_lesson_4_the_sacrifice_reading_is_not_right_above_exercise_8(lang, section, exercise):
    """The reading that explains a sacrifice sat straight above exercise 8, whose answer is a sacrifice: now
    exercise 7 (a safe line) comes between, so the heading above exercise 8 does not announce its answer."""
    page = _page(lang, "04")
    reading, seven, eight = (page.index(x) for x in (section, f"{exercise} 7 —", f"{exercise} 8 —"))
    assert reading < seven < eight


# ----- guides ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "The first box is taken at line {first} (Gold's `{line}`); from line {end_next}"),
        ("es", "La primera casilla se consigue en la línea {first} (`{line}`, de Dorado); desde la línea {end_next}"),
    ],
)
def test_guide_says_truly_where_the_boxes_start_being_taken_in_the_worked_game(lang, said):
    """The guide called line 17 "the last line before the boxes start being taken": the replay takes the first box
    at line 15. The line the boxes start at, who draws it, and where the count stops agreeing are computed here."""
    from gamekit.dots.lesson_positions import REAL_GAME
    from gamekit.dots.rules import DotsAndBoxes

    game, first, line = DotsAndBoxes(3, 3), None, None
    for i, move in enumerate(REAL_GAME.split(), 1):
        mover = game.to_move
        before = sum(game.scores)
        game.play(move)
        if first is None and sum(game.scores) > before:
            first, line = i, move
            assert mover == 0  # Gold
    text = " ".join(_guide(lang).split())
    assert said.format(first=first, line=line, end_next=18) in text
    assert "the last line before the boxes start being taken" not in text
    assert "la última antes de que empiecen a llevarse casillas" not in text


@pytest.mark.parametrize(
    "lang, head", [("en", "* **Always double-deal.**"), ("es", "* **Hacer siempre la doble entrega.**")]
)
def test_guide_always_double_deal_misconception_is_short(lang, head):
    text = _guide(lang)
    bullet = text[text.index(head) :].split("\n* ")[0]
    assert len(bullet.splitlines()) <= 5


# ----- worksheets --------------------------------------------------------------------------------------------------
ANSWER_WORDS = {
    # (lesson, exercise key): words that answer it, by language
    (3, "l3_ex6"): {
        "en": ("by its middle line", "cannot be refused", "half-hearted", "hard-hearted"),
        "es": ("por su línea del medio", "no se puede rechazar", "entrega a medias", "entrega sin concesiones"),
    },
    (5, "loop_six"): {
        # the move itself (all-but-four) is said by the teacher once exercise 2 is checked; the take-or-refuse card
        # below it states what refusing a loop costs (4), because on paper nothing checks exercise 2 before
        # exercise 3 uses that cost (test_the_worksheet_states_the_loops_cost_itself)
        "en": ("all-but-four", "last four boxes"),
        "es": ("todas menos cuatro", "cuatro últimas casillas"),
    },
    (5, "l5_ex6"): {
        # (that a 2-chain opened by its middle line cannot be refused is lesson 3's, on the sheet's card)
        "en": ("whoever opens a short chain gets control", "odd number"),
        "es": ("quien abre una cadena corta se queda con el control", "número impar"),
    },
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson, key", sorted(ANSWER_WORDS))
def test_no_worksheet_prints_an_exercises_answer_words_before_its_answer_space_ends(lang, lesson, key):
    """A words card under an exercise answered it on paper (worksheet 3's handing over a 2-chain under exercise 6,
    worksheet 5's all-but-four under exercise 2): nothing on the sheet up to the end of that exercise's answer space
    says its answer words, and, as the whole sheet is in view on paper, nothing after it either."""
    from gamekit.teacher_sheets import worksheet_markdown

    notebook = L.LESSONS[lesson].notebook
    n = list(L.LESSONS[lesson].exercises).index(key) + 1
    sheet = worksheet_markdown("gamekit.dots.lessons", notebook, lang)
    head = ("## Exercise {n}" if lang == "en" else "## Ejercicio {n}").format(n=n)
    start = sheet.index(head + "\n")
    end = sheet.index("\n## ", start + len(head))
    before, after = " ".join(sheet[:end].split()).lower(), " ".join(sheet[end:].split()).lower()
    for words in ANSWER_WORDS[(lesson, key)][lang]:
        assert words.lower() not in before, words
        assert words.lower() not in after, words
    folder = "docs/teachers/worksheets" if lang == "en" else "docs/teachers/es/worksheets"
    assert (ROOT / folder / f"{notebook}.md").read_text(encoding="utf-8") == sheet  # the stored sheet is current


@pytest.mark.parametrize(
    "lang, head",
    [("en", "## If you have time — or for homework"), ("es", "## Si te sobra tiempo — o para casa")],
)
def test_lesson_4_worksheet_marks_exercises_8_to_11_as_extra_as_the_page_does(lang, head):
    """Exercises 8 to 11 are outside the lesson's 50 minutes on the page and in the guide's plan: the worksheet
    puts them under the page's own heading for spare time or for home."""
    folder = "docs/teachers/worksheets" if lang == "en" else "docs/teachers/es/worksheets"
    sheet = (ROOT / folder / "dots_and_boxes/04_long_chain_rule.md").read_text(encoding="utf-8")
    word = "Exercise" if lang == "en" else "Ejercicio"
    assert sheet.count(head) == 1
    assert sheet.index(f"## {word} 7\n") < sheet.index(head) < sheet.index(f"## {word} 8\n")
    assert head in _page(lang, "04")
    assert L.worksheet_words_after(L.LESSONS[5].notebook, L.exercises(5)["l5_ex6"].key) == []
