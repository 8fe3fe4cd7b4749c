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


# ----- lesson 4: a worked steering example before exercise 7 ------------------------------------------------------
def test_the_worked_steering_example_is_not_exercise_7s_board_nor_its_line():
    """The worked example is another position (another player to move), and no line it names — its safe lines in
    the table, the lines it steps through — is one of exercise 7's answers."""
    from gamekit.dots.lesson4_tables import steering_table
    from gamekit.dots.lesson_positions import POSITIONS, SEQUENCES

    ex7 = L.exercises(4)["l4_ex7"]
    worked = lesson_positions.position("steer_worked")
    assert POSITIONS["steer_worked"] != POSITIONS["steer_two"]
    assert worked.to_dict() != ex7.game.to_dict() and worked.to_move != ex7.game.to_move
    named = {row[0] for row in steering_table().rows} | set(SEQUENCES["steer_worked"]["steps"])
    assert not named & {str(s) for s in ex7.solutions}
    assert SEQUENCES["steer_worked"]["steps"][0] not in ex7.solutions


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_worked_steering_table_is_the_count_and_the_exact_calculation(lang):
    """Each safe line's row: the long chains forming after it and whom that suits, by the analysis; "yes" in the
    last column for exactly the exact solver's best lines.  On this board the rule of thumb and the solver agree:
    the best line is the only one that leaves the mover's count, and the step-through draws it first."""
    from gamekit.dots.lesson4_tables import steering_table
    from gamekit.dots.lesson_positions import SEQUENCES, safe_lines

    game = lesson_positions.position("steer_worked")
    values = move_values(game)
    best = max(values.values())
    with using(lang):
        table = steering_table()
        yes, mover = ("yes", "Coral") if lang == "en" else ("sí", "Coral")
    assert [row[0] for row in table.rows] == safe_lines(game)
    assert 1 < len(table.rows)
    best_rows = [row for row in table.rows if row[-1] == yes]
    assert {row[0] for row in best_rows} == {line for line in safe_lines(game) if values[line] == best}
    assert best_rows and all(row[3] == mover for row in best_rows)
    assert all(row[3] != mover for row in table.rows if row[-1] != yes)
    for line, forming, *_ in table.rows:
        after = game.copy()
        after.play(line)
        assert forming == analysis.long_chain_rule(after).long_chains
    assert SEQUENCES["steer_worked"]["steps"][0] in {row[0] for row in best_rows}
    dots = game.geometry.n_dots
    said = (
        f"Coral to move, {len(table.rows)} safe lines left, {dots} dots: Coral wants dots + long chains to be odd."
        if lang == "en"
        else f"{len(table.rows)} líneas seguras"
    )
    assert said in table.caption


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_worked_example_comes_after_the_tally_and_before_exercise_7_and_exercise_3_is_extra(lang):
    raw = _raw(lang, "04")
    tally, worked, table, ex7 = (
        raw.index("tally_check()"),
        raw.index('step_through("steer_worked")'),
        raw.index("steering_table()"),
        raw.index('L.exercise("l4_ex7"'),
    )
    assert tally < worked < table < ex7
    head = "## Exercise 3" if lang == "en" else "## Ejercicio 3"
    extra = (
        "**Extra**, for spare time or for home. In class, go on to exercise 4."
        if lang == "en"
        else "**Extra**, para el tiempo que sobre o para casa. En clase, pasa al ejercicio 4."
    )
    start = raw.index(head)
    assert raw.index(extra, start) < raw.index('L.exercise("parity_coral_5x5"')
    top = raw[: raw.index("**Objectives**" if lang == "en" else "**Objetivos**")]
    assert ("exercise 3" if lang == "en" else "el ejercicio 3") in top


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4s_plan_gives_the_worked_example_and_exercise_7_their_minutes(lang):
    guide = (ROOT / "docs/teachers" / ("es/dots.md" if lang == "es" else "dots.md")).read_text(encoding="utf-8")
    start = guide.index("### Lesson 4" if lang == "en" else "### Lección 4")
    plan = guide[start : guide.index("**50**", start)]
    rows = re.findall(r"^\| (\d+) \| (.*) \|$", plan, flags=re.M)
    assert sum(int(m) for m, _ in rows) == 50
    minutes = {part.split(" (")[0].split(":")[0]: int(m) for m, part in rows}
    seven = "exercise 7" if lang == "en" else "ejercicio 7"
    worked = "the worked example" if lang == "en" else "el ejemplo resuelto"
    assert minutes[seven] == 7 and minutes[worked] == 3
    assert not any("1–3" in part for _, part in rows)


# ----- lesson 2: exercise 8 makes the pupil count the safe lines ----------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_2_exercise_8_asks_the_pupil_to_count_the_safe_lines_and_does_not_give_the_count(lang):
    from gamekit.dots.lesson_positions import safe_lines

    with using(lang):
        ex = L.exercises(2)["safe_race"]
    n = len(safe_lines(ex.game))
    assert n > 2
    assert not re.search(r"\b%d\b" % n, ex.prompt), ex.prompt
    assert ("First count the safe lines left" if lang == "en" else "Cuenta primero las líneas seguras") in ex.prompt


# ----- small: lesson 1's design note, worksheet 3's fact before exercise 6 -------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1s_rules_have_no_design_note_and_the_guide_keeps_it(lang):
    page = _page(lang, "01")
    assert ("these lessons' choice" if lang == "en" else "lo eligen estas lecciones") not in page
    assert (
        "Between two people, after a game the other player starts the next one."
        if lang == "en"
        else "Entre dos personas, después de una partida la siguiente la empieza el otro jugador."
    ) in page  # against the computer a new game always starts with gold (rules sheet): lesson 5 says so
    guide = (ROOT / "docs/teachers" / ("es/dots.md" if lang == "es" else "dots.md")).read_text(encoding="utf-8")
    assert ("the lessons' choice" if lang == "en" else "lo eligen las lecciones") not in guide
    assert ("a new game always starts with Gold" if lang == "en" else "siempre la empieza Dorado") in guide


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_3_does_not_print_the_end_opening_fact_nor_exercise_6s_answer(lang):
    """The page gives the fact that a 2-chain opened at an end can be left to its opener right after exercise 6
    (above it, it argued the answer by elimination); a sheet is all in view at once, so it does not print it at all,
    nor which line cannot be refused."""
    folder = ROOT / "docs/teachers" / ("es/worksheets" if lang == "es" else "worksheets") / "dots_and_boxes"
    sheet = " ".join((folder / "03_chains_and_loops.md").read_text(encoding="utf-8").split())
    for fact in ("One more fact", "opened at an end", "Un dato más", "se abre por un extremo"):
        assert fact not in sheet
    seven = sheet.index("## " + ("Exercise 7" if lang == "en" else "Ejercicio 7"))
    assert ("middle line" if lang == "en" else "línea del medio") not in sheet[:seven]
