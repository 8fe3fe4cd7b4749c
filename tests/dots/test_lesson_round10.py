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
def test_lesson_4_says_how_many_turns_the_count_gives(lang):
    """'dots + long chains tells whether the game has an odd or an even number of turns' was loose (the turns are
    dots + long chains − 1, the other parity): the page gives the count when control is kept (a refused loop adds
    2, which keeps the odd/even: round 11's test plays the cases out), and the guide's key facts agree."""
    page = _page(lang, "04")
    if lang == "en":
        assert "the whole game has dots + long chains − 1 turns" in page
        assert "An even total gives an odd number of turns, so Gold plays the last turn" in " ".join(page.split())
        assert "tells whether the whole game has an odd or an even number of turns" not in page
    else:
        assert "la partida entera tiene puntos + cadenas largas − 1 turnos" in page
        assert "Un total par da un número impar de turnos, así que Dorado juega el último turno" in " ".join(
            page.split()
        )
        assert "dice si la partida entera tiene un número par o impar de turnos" not in page
    assert "dots + long chains − 1" in _guide("en") and "puntos + cadenas largas − 1" in _guide("es")


def test_the_guides_parity_table_says_its_columns_count_long_chains():
    """The table's 'even'/'odd' is the parity of the number of long chains, not of dots + long chains: the
    heading says so in both guides."""
    assert "| number of long chains the first player (Gold) wants | number of long chains the second" in _guide("en")
    assert "| número de cadenas largas que quiere el primer jugador (Dorado) |" in _guide("es")
    assert "| 3×3 | 16 | even | odd |" in _guide("en") and "| 3×3 | 16 | par | impar |" in _guide("es")


def test_spanish_pages_say_grabbing_can_make_you_lose_and_the_better_plan_is_not_an_obligation():
    assert "llevárselo todo puede perder" not in _guide("es") and "llevárselo todo puede hacerte perder" in _guide("es")
    lesson5 = _page("es", "05")
    assert "tenía que trazar el otro extremo" not in lesson5
    assert "Dorado tenía un plan mejor" in lesson5  # a better plan, not an obligation
    assert "se llama **doble entrega**: llevarse todas las casillas" in lesson5
    assert "trazar la línea del otro extremo de la cadena" in lesson5


def test_lesson_4_exercise_6_asks_the_long_chain_count_with_the_winner_so_it_cannot_be_guessed():
    """Exercise 6 was a three-way Gold/Coral/Draw choice: now the pupil types the long chains and the winner; the
    name alone is asked again, a wrong count gets its own reason whatever the name, and the solver decides."""
    from gamekit.dots import lessons as L
    from gamekit.dots.solver import solve

    ex = L.exercises(4)["who_wins"]
    assert not ex.choices and "How many long chains" in ex.prompt
    assert solve(ex.game) > 0 and ex.game.to_move == 1 and ex.solutions == ["3, Coral"]  # Coral, to move, wins
    for typed in ("3, Coral", "3 Coral", "3: coral"):
        assert ex.check(typed)[0], typed
    ok, alone = ex.check("Coral")
    assert not ok and "Type the number of long chains" in alone
    for typed, reason in (("4, Coral", "only chains of 3 boxes or more"), ("2, Coral", "look again")):
        ok, feedback = ex.check(typed)
        assert not ok and reason in feedback and "Coral 7" not in feedback, typed
    assert "does not decide the game" in ex.check("3, Gold")[1] and "a draw needs" in ex.check("3, Draw")[1]
    with using("es"):
        L._built_in.cache_clear()
        es = L.exercises(4)["who_wins"]
        assert es.check("3, Coral")[0] and not es.check("3, Dorado")[0]
        assert "Escribe" in es.check("Coral")[1]
    L._built_in.cache_clear()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_teaches_chain_junction_and_long_chain_in_short_separate_steps(lang):
    """Chain, junction, long chain and chain of 1 were one block: now three short paragraphs, in that order."""
    raw = (ROOT / "notebooks" / ("es" if lang == "es" else "") / "dots_and_boxes/03_chains_and_loops.md").read_text()
    section = raw[raw.index("## Chains" if lang == "en" else "## Cadenas") :]
    section = section[: section.index("```")]
    paragraphs = [p for p in section.split("\n\n")[1:] if p.strip()]
    words = (
        ("**chain**", "**junction**", "**long chain**")
        if lang == "en"
        else ("**cadena**", "**empalme**", "**cadena larga**")
    )
    for paragraph, word in zip(paragraphs, words):
        assert word in paragraph and len(paragraph.split()) <= 60, (word, paragraph)
