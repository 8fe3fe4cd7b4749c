"""Dots lessons after the eighteenth strict reading: lesson 1 says truly which boards the exercises use; lesson 4's
objectives promise only what its exercises ask; worksheet 5's take-or-refuse card names exercise 2 instead of a
loop's price (the worksheet's own answer-word test covers the words)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.i18n import using
from gamekit.teacher_sheets import worksheet_markdown

ROOT = Path(__file__).resolve().parents[2]


def _page(lang: str, n: str) -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return " ".join(next(folder.glob(f"{n}_*.md")).read_text(encoding="utf-8").split())


@pytest.mark.parametrize(
    "lang, said, never",
    [
        ("en", "The exercises use smaller boards (most are 3 × 3)", "In these lessons the board is usually"),
        ("es", "Los ejercicios usan tableros más pequeños (casi todos de 3 × 3)", "El tablero habitual tiene"),
    ],
)
def test_lesson_1_says_the_exercises_mostly_use_3_by_3_boards_as_they_do(lang, said, never):
    """Lesson 1 said the lessons' board is usually 5 × 4, but most exercise boards are 3 × 3: the page now says
    5 × 4 is a full game's board and the exercises use smaller ones, which the exercises' boards bear out."""
    sizes = Counter(
        (ex.game.geometry.width, ex.game.geometry.height)
        for n in L.LESSONS
        for ex in L.exercises(n).values()
        if getattr(ex, "game", None) is not None
    )
    assert sizes.most_common(1)[0][0] == (3, 3) and 2 * sizes[(3, 3)] > sum(sizes.values())
    page = _page(lang, "01")
    assert said in page and never not in page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_objective_on_turns_asks_no_more_than_the_turns_exercise(lang):
    """The objective promised "say who plays the last one", which no exercise asks: it now says only "count the
    turns", which the turns exercise asks (its answer is a number of turns)."""
    with using(lang):
        ex = next(e for k, e in L.exercises(4).items() if k.startswith("turns") or e.key.startswith("turns"))
        ok, _ = ex.check(ex.solutions[0])
    assert ok and str(ex.solutions[0]).isdigit()
    page = _page(lang, "04")
    last = "say who plays the last one" if lang == "en" else "decir quién juega el último"
    turns = (
        "count the turns of a game from its dots and long chains."
        if lang == "en"
        else "contar los turnos de una partida a partir de sus puntos y sus cadenas largas."
    )
    assert last not in page and turns in page
    guide = (ROOT / "docs/teachers" / ("es/dots.md" if lang == "es" else "dots.md")).read_text(encoding="utf-8")
    assert last not in guide


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_5_take_or_refuse_card_states_the_loops_cost(lang):
    """The card pointed back to exercise 2 for a loop's price, so a pupil who got exercise 2 wrong on paper (where no
    feedback checks it) copied a wrong rule into exercise 3: it now says the price (4) in each of its three loop
    sentences, and names no exercise."""
    notebook = L.LESSONS[5].notebook
    n = list(L.LESSONS[5].exercises).index("loop_six") + 1
    sheet = worksheet_markdown("gamekit.dots.lessons", notebook, lang)
    word = "exercise" if lang == "en" else "ejercicio"
    title = "**Take or refuse?**" if lang == "en" else "**¿Llevártelas o rechazarlas?**"
    card = sheet[sheet.index(title) :]  # the card, at the end of the sheet (exercise 2 is done before it is read)
    card = card[: card.index("Answer:" if lang == "en" else "Respuesta:")]  # the loops-first habit is after it
    assert f"{word} {n}" not in card and " 4 " in card
    assert card.count("4 fewer" if lang == "en" else "4 menos") == 1
    assert card.count("4 for each loop" if lang == "en" else "4 por cada bucle") == 1
