"""A fresh teacher's reading of the Dots lessons: lesson 4's turn count in its exact form (one turn per dot plus one
per line that wins two boxes at once), its worked steering example, lessons 1 and 2's practice that the greedy rule
does not answer, and lesson 1's and worksheet 3's small fixes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import analysis
from gamekit.dots import lessons as L
from gamekit.dots import lesson_positions
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def _raw(lang: str, n: str) -> str:
    folder = ROOT / ("notebooks/es/dots_and_boxes" if lang == "es" else "notebooks/dots_and_boxes")
    return next(folder.glob(f"{n}_*.md")).read_text(encoding="utf-8")


def _page(lang: str, n: str) -> str:
    return " ".join(_raw(lang, n).replace("**", "").split())


# ----- lesson 4: turns = dots + double-crosses --------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_states_the_exact_turn_count_before_the_usual_one(lang):
    """A refused 2-chain opened at an end adds a double-cross, so "dots + long chains − 1" is the usual case only:
    the rule's short why says a game has one turn per dot plus one per line that wins two boxes (lesson 5's word
    "double-cross" is not used yet), then the usual case; the proof ends with the refused 2-chain and the general
    count."""
    page = _page(lang, "04")
    exact, usual, refused, general = (
        (
            "one turn per dot, plus one for each line that wins two boxes at once",
            "the whole game has dots + long chains − 1 turns",
            "A 2-chain opened at an end and refused adds 1 more turn",
            "So in every game: turns = dots + lines that win two boxes at once.",
        )
        if lang == "en"
        else (
            "un turno por punto, más uno por cada línea que consigue dos casillas a la vez",
            "la partida entera tiene puntos + cadenas largas − 1 turnos",
            "Una cadena de 2 abierta por un extremo y rechazada añade 1 turno más",
            "Así, en toda partida: turnos = puntos + líneas que consiguen dos casillas a la vez.",
        )
    )
    first = page.index('L.exercise("dots_7x5"')
    assert page.index(exact) < page.index(usual) < first
    assert first < page.index(refused) < page.index(general)


def _best_play_out(game: DotsAndBoxes) -> DotsAndBoxes:
    while not game.is_over():
        values = move_values(game)
        best = max(values.values())
        game.play(sorted(line for line, v in values.items() if v == best)[0])
    return game


def test_the_pages_turn_counts_hold_on_the_lessons_own_4x2_boards():
    """The 4×2 board of the rule's table and proof (15 dots): lesson 3's handout game, whose 2-chain opened at an
    end is refused, ends with 1 long chain and 16 turns — one more than dots + long chains − 1, one per line that
    wins two boxes; the same board played out with best play from the same start keeps the identity too."""
    start = lesson_positions.position("handout_demo")
    assert (start.width, start.height, start.geometry.n_dots) == (4, 2, 15)
    long_chains = analysis.long_chain_rule(start).long_chains
    end = lesson_positions.sequence_positions("handout")[-1]
    assert end.is_over()
    doubles = analysis.double_crosses(end)
    assert long_chains == 1 and len(doubles) == 1
    assert analysis.turns_taken(end) == 15 + len(doubles) == 15 + long_chains - 1 + 1
    played = _best_play_out(start.copy())
    assert analysis.turns_taken(played) == 15 + len(analysis.double_crosses(played))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_exercise_9_says_only_long_chains_are_refused_and_its_feedback_counts_the_double_lines(lang):
    """Exercise 9's count is dots + long chains − 1 only when nothing else is refused: the prompt says so, and the
    right answer is told where the turns come from (one per dot, 2 for the lines that win two boxes)."""
    with using(lang):
        ex = L.exercises(4)["turns"]
        ok, feedback = ex.check("22")
    assert ok
    if lang == "en":
        assert "Only long chains are refused: no loop, no 2-chain." in ex.prompt
        assert "20 dots + 3 long chains − 1 = 22" in feedback
        assert "one turn per dot, plus 2 for the lines that win two boxes at once" in feedback
    else:
        assert "Solo se rechazan cadenas largas" in ex.prompt
        assert "un turno por punto, más 2" in feedback


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", [4, 5])
def test_worksheets_4_and_5_say_the_general_turn_count_but_not_exercise_9s(lang, lesson):
    with using(lang):
        card = " ".join(L.worksheet_aids(L.LESSONS[lesson].notebook))
    said = (
        "one turn per dot, plus one for each line that wins two boxes at once"
        if lang == "en"
        else "un turno por punto, más uno por cada línea que consigue dos casillas a la vez"
    )
    assert said in card and "− 1" not in card
    assert re.search(r"\b22\b", card) is None
