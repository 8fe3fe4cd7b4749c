"""Dots and Boxes lessons, round 10: what a second fresh reader found in lessons 3 and 4 and in the guides."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamekit.dots import glossary
from gamekit.i18n import tr, using

ROOT = Path(__file__).resolve().parents[2]
CHAIN_END = {
    "en": "the edge of the board, at a box already taken, or at a junction",
    "es": "el borde del tablero, en una casilla ya ganada o en un empalme",
}


def _page(lang: str, name: str) -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return " ".join(next(folder.glob(f"{name}_*.md")).read_text(encoding="utf-8").split())


def _guide(lang: str) -> str:
    return " ".join((ROOT / "docs/teachers" / ("es" if lang == "es" else "") / "dots.md").read_text().split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_chain_can_end_beside_a_box_already_taken_in_every_definition(lang):
    """Lesson 5's boards have chains that stop beside a taken box: the page of lesson 3, the glossary and the words
    cards of worksheets 3–5 all say a chain's end stops at the edge, at a taken box or at a junction."""
    end = CHAIN_END[lang]
    page = _page(lang, "03")
    assert end in page and "edge or to a junction," not in page and "al borde o a un empalme" not in page
    assert ("to a box already taken" if lang == "en" else "a una casilla ya ganada") in page  # the chain of 1
    with using(lang):
        chain = next(tr(meaning) for term, _, meaning, _ in glossary.GLOSSARY if term == "chain")
    assert ("at a box already taken" if lang == "en" else "en una casilla ya ganada") in " ".join(chain.split())
    folder = ROOT / "docs/teachers" / ("es" if lang == "es" else "") / "worksheets/dots_and_boxes"
    for n in ("03", "04", "05"):
        sheet = " ".join(next(folder.glob(f"{n}_*.md")).read_text(encoding="utf-8").split())
        card = next(line for line in sheet.split("> * ") if line.startswith(("**Chain:**", "**Cadena:**")))
        assert end in card, (n, card)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_says_exactly_how_many_turns_the_count_gives(lang):
    """'dots + long chains tells whether the game has an odd or an even number of turns' was loose (the turns are
    dots + long chains − 1, the other parity): the page gives the exact count, and the guide's key facts agree."""
    page = _page(lang, "04")
    if lang == "en":
        assert "exactly dots + long chains − 1 turns" in page
        assert "when that number is odd: when dots + long chains is even" in page
        assert "tells whether the whole game has an odd or an even number of turns" not in page
    else:
        assert "exactamente puntos + cadenas largas − 1 turnos" in page
        assert "cuando ese número es impar: cuando puntos + cadenas largas es par" in page
        assert "dice si la partida entera tiene un número par o impar de turnos" not in page
    assert "dots + long chains − 1" in _guide("en") and "puntos + cadenas largas − 1" in _guide("es")
