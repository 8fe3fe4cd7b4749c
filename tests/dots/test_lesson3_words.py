"""Lesson 3 used "open" from its Chains section on but defined it only at exercise 5, and its loop definition left
out "a box already taken", which the chain definition has. Both words are now whole where they first appear."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _page(lang: str) -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return " ".join((folder / "03_chains_and_loops.md").read_text(encoding="utf-8").split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_open_is_defined_where_the_lesson_first_uses_it(lang):
    page = _page(lang)
    body = page[page.index("## Chains" if lang == "en" else "## Cadenas") :]
    defined = body.index(
        "To **open** a chain is to draw one of its undrawn lines"
        if lang == "en"
        else "**Abrir** una cadena es trazar una de las líneas que le faltan"
    )
    first_use = min(body.index(w) for w in ((" opens ", " open ") if lang == "en" else (" abre ", " abrir ")))
    assert defined < first_use


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_loop_has_no_end_at_the_edge_at_a_box_already_taken_or_at_a_junction(lang):
    page = _page(lang)
    said = (
        "No end at the edge, at a box already taken, or at a junction"
        if lang == "en"
        else "ni en el borde, ni en una casilla ya ganada, ni en un empalme"
    )
    assert said in page


def test_spanish_dots_pages_sheets_and_guide_say_si_los_dos_juegan_lo_mejor_posible_not_the_calque():
    """«con el mejor juego» is a calque of "with best play": the Spanish Dots pages, worksheets, guide and the
    lesson feedback they quote now say «si los dos juegan lo mejor posible»."""
    files = [
        *(ROOT / "notebooks/es/dots_and_boxes").glob("*.md"),
        *(ROOT / "docs/teachers/es/worksheets/dots_and_boxes").glob("*.md"),
        ROOT / "docs/teachers/es/dots.md",
    ]
    for path in files:
        text = " ".join(path.read_text(encoding="utf-8").split()).lower()
        assert "con el mejor juego" not in text, path
    assert "si los dos juegan lo mejor posible" in " ".join(
        (ROOT / "docs/teachers/es/dots.md").read_text(encoding="utf-8").split()
    )


def test_spanish_exercise_3_format_feedback_keeps_one_person():
    from gamekit.dots import lessons as L
    from gamekit.i18n import using

    with using("es"):
        ok, why = L.exercises(5)["control_price"].check("llevártelas")
    assert not ok and "ganas con" not in why and "te quedas si te las llevas" in why
