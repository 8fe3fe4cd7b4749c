"""A strict reader's round on the Dots lessons: lesson 3's judged caption gives its reason in lesson 3's words,
lesson 4 fits its 50 minutes, lesson 5's worksheet shows exercise 1's board, and a few wordings."""

from pathlib import Path

import pytest

from gamekit.dots import lesson_pictures
from gamekit.dots.lesson_positions import SEQUENCES
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "lang, flag",
    [
        ("en", "A mistake, says the exact calculation: Gold ends with fewer boxes than best play would give."),
        (
            "es",
            "Un error, según el cálculo exacto: Dorado acaba con menos casillas de las que le daría el mejor juego.",
        ),
    ],
)
def test_lesson_3_chains_caption_flags_the_weak_move_without_lesson_5_words(lang, flag):
    """The chains step-through once called Gold's third capture a mistake that only lesson 5's double-deal explains.
    It is now a line of best play: no caption flags a mistake, and none names a better line or the double-deal."""
    with using(lang):
        captions = [s.caption for s in lesson_pictures.steps("chains")]
    assert len(captions) == len(SEQUENCES["chains"]["steps"]) + 1
    for caption in captions:
        assert flag not in caption
        assert not any(
            word in caption
            for word in ("double-deal", "doble entrega", "would have", "must then open", "tiene que abrir después")
        ), caption


@pytest.mark.parametrize("folder", ["docs/teachers/worksheets", "docs/teachers/es/worksheets"])
def test_lesson_5_worksheet_exercise_1_has_its_board(folder):
    """Exercise 1 asks about "two chains of 4 and a single box" but the sheet had no board: it now draws it."""
    sheet = (ROOT / folder / "dots_and_boxes" / "05_double_dealing_and_control.md").read_text(encoding="utf-8")
    one = sheet[sheet.index("## Ex" if "/es/" not in folder else "## Ej") :]
    one = one[: one.index("## ", 3)]
    assert "```text" in one and "o---o" in one


@pytest.mark.parametrize(
    "path, heads",
    [
        ("notebooks/dots_and_boxes/04_long_chain_rule.md", ("### Exercise 10 — ", "### Exercise 11 — ")),
        ("notebooks/es/dots_and_boxes/04_long_chain_rule.md", ("### Ejercicio 10 — ", "### Ejercicio 11 — ")),
    ],
)
def test_lesson_4_exercises_10_and_11_have_distinct_headings(path, heads):
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    titles = [next(line for line in lines if line.startswith(h))[len(h) :] for h in heads]
    assert titles[0] != titles[1]
    assert not any("sacrific" in t.lower() for t in titles)  # exercise 11's answer is a sacrifice: not in its title


@pytest.mark.parametrize(
    "path, gone, said",
    [
        (
            "notebooks/dots_and_boxes/01_rules_and_terms.md",
            "The usual board is",
            "A full game is often played on a board",
        ),
        ("notebooks/es/dots_and_boxes/05_double_dealing_and_control.md", "la respuesta te explica", "comentan cada"),
        ("notebooks/es/dots_and_boxes/05_double_dealing_and_control.md", "bucle ofrecido", "un bucle a tu alcance"),
        ("notebooks/es/dots_and_boxes/05_double_dealing_and_control.md", "vuelve a jugar", "vuelve a trazar"),
        ("notebooks/es/dots_and_boxes/05_double_dealing_and_control.md", "regla de las cadenas", "regla de la cadena"),
        ("docs/teachers/es/dots.md", "regla de las cadenas", "regla de la cadena larga"),
        (
            "notebooks/es/dots_and_boxes/03_chains_and_loops.md",
            "Otra vez, abridla",
            "y otra vez por su línea del medio",
        ),
    ],
)
def test_small_wordings(path, gone, said):
    text = " ".join((ROOT / path).read_text(encoding="utf-8").split()).lower()
    assert gone.lower() not in text and said.lower() in text
