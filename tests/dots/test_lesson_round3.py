"""Dots lessons, third strict reading: a hint points where to look and names no answer, no exercise's board is
probed by the one before it, a term is defined before it is used, one exercise numbering on the page, the worksheet
and the guide, and the Spanish pages' headings agree in gender."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.lesson_exercise import after_line, completes_box
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values

ROOT = Path(__file__).resolve().parents[2]
FILES = {n: lesson.notebook.split("/")[-1] for n, lesson in L.LESSONS.items()}


def _page(lesson: int, lang: str = "en") -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return (folder / f"{FILES[lesson]}.md").read_text(encoding="utf-8")


def _worksheet(lesson: int, lang: str = "en") -> str:
    folder = ROOT / "docs/teachers" / ("es/worksheets" if lang == "es" else "worksheets") / "dots_and_boxes"
    return (folder / f"{FILES[lesson]}.md").read_text(encoding="utf-8")


def _board(game: DotsAndBoxes) -> tuple:
    return tuple(game.is_drawn(line) for line in range(game.geometry.n_lines))


def test_lesson_3_exercise_4s_hint_points_where_to_look_not_at_the_line():
    """The hint said "a chain can be opened at an end or in the middle: picture both", next to the answer (the
    middle line of the 2-chain): it now asks the pupil to count what each chain gives away and what Coral could do
    after each line, and names neither the middle nor an end nor the 2-chain."""
    ex = L.exercises(3)["hand_over"]
    hint = ex.hint.lower()
    for word in ("middle", " end", "2-chain", "two boxes", "shortest", "smallest", "refuse"):
        assert word not in hint, word
    assert "coral" in hint and "each chain" in hint


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_defines_a_chain_of_1_before_any_exercise_uses_it(lang):
    """Exercises 1–5 count single boxes as chains (exercise 5's board has a chain of 1), but the page defined a
    chain only as "a run of boxes": a single box is now called a chain of 1 in the chains section, before the first
    exercise and before any other use of the phrase."""
    page = _page(3, lang)
    term = "**chain of 1**" if lang == "en" else "**cadena de 1**"
    defined = page.index(term)
    assert defined < page.index('L.exercise("count_small_chains"')
    plain = "chain of 1" if lang == "en" else "cadena de 1"
    assert page.index(plain) == defined + 2


def test_lesson_2_counts_safe_lines_on_a_board_exercise_3_does_not_show():
    """Exercises 3 and 4 shared a board, so clicking lines in exercise 3 (each one told safe or not) counted
    exercise 4's safe lines: exercise 4 has its own board now, neither exercise 3's nor one line away from it, and
    its answer is the number of safe lines the analysis finds there."""
    from gamekit.dots.lesson_positions import safe_lines

    count, click = L.exercises(2)["count_safe"], L.exercises(2)["safe_line"]
    assert _board(count.game) != _board(click.game)
    near = {_board(after_line(click.game, line)) for line in click.game.legal_moves()}
    assert _board(count.game) not in near
    n = len(safe_lines(count.game))
    assert count.check(str(n))[0] and not count.check(str(len(safe_lines(click.game))))[0]
    for lang in ("en", "es"):
        text = _page(2, lang)
        above = text[text.index('L.exercise("safe_line"') : text.index('L.exercise("count_safe"')]
        assert "same board" not in above.lower() and "mismo tablero" not in above.lower()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", sorted(FILES))
def test_the_page_the_worksheet_and_the_guide_number_the_exercises_alike(lang, lesson):
    """Lesson 5's final challenge was "Challenge 1–3" on the page but exercises 6–8 in the worksheet and the guide:
    every exercise of a lesson is "Exercise n" on the page in the order of its exercises, the worksheet numbers the
    same exercises 1 to n, and the guide's worked reasoning names the challenges by those numbers."""
    word = "Exercise" if lang == "en" else "Ejercicio"
    page = _page(lesson, lang)
    names = list(L.LESSONS[lesson].exercises)
    calls = [m.group(1) for m in re.finditer(r'L\.exercise\("([a-z0-9_]+)"', page)]
    assert calls == names
    numbers = [int(n) for n in re.findall(rf"^#+ {word} (\d+)\b", page, re.M)]
    assert numbers == list(range(1, len(names) + 1))
    assert not re.search(r"^#+ (?:Challenge|Reto) \d", page, re.M)
    sheet = [int(n) for n in re.findall(rf"^## {word} (\d+)$", _worksheet(lesson, lang), re.M)]
    assert sheet == numbers
    guide = (ROOT / "docs/teachers" / ("es/dots.md" if lang == "es" else "dots.md")).read_text(encoding="utf-8")
    assert not re.search(r"\*\*(?:Challenge|Reto) \d\*\*", guide)
    if lesson == 5:
        for name in (n for n in names if n.startswith("challenge_")):
            assert f"**{word} {names.index(name) + 1}**" in guide, name


def test_lesson_5_exercise_3s_hint_does_not_say_the_short_chains_cannot_be_refused():
    """The hint asked "can a chain of 1 or 2 be refused?", the argument that answers the exercise: it now points to
    what to compare (the chains left, each player's total both ways)."""
    hint = L.exercises(5)["l5_ex5"].hint.lower()
    assert "refus" not in hint and "chain of 1" not in hint and "control" not in hint
    assert "chains left" in hint


def test_lesson_5_plan_feedback_goes_on_in_lower_case_after_its_colon():
    """ "… but then a3-b3: It opens …": the reason after a colon went on with a capital letter. Every wrong second
    line after the right first one is checked."""
    ex = L.exercises(5)["l5_ex10"]
    first = ex.solutions[0].split(", ")[0]
    after = after_line(ex.game, first)
    seconds = [line for line in move_values(after) if not completes_box(after, line)]
    seen = 0
    for second in seconds:
        ok, feedback = ex.check(f"{first}, {second}")
        if ok:
            continue
        match = re.search(rf"but then {second}: (\S)", feedback)
        if match:
            seen += 1
            assert match.group(1).islower() or match.group(1).isdigit(), feedback
    assert seen


@pytest.mark.parametrize("lesson", sorted(FILES))
def test_spanish_headings_agree_with_ejercicio_and_the_page_says_juegas_con(lesson):
    """«Ejercicio 4 — … (media)» put a feminine level on a masculine noun: the level is «(dificultad media)», as the
    glossary says; and lesson 5 said «Tú llevas Dorado» where Spanish says «Juegas con Dorado»."""
    page = _page(lesson, "es")
    assert not re.search(r"\((?:media|medio)\)", page)
    assert "Tú llevas" not in page and "llevas Dorado" not in page
    if lesson == 5:
        assert "Juegas con Dorado" in page
