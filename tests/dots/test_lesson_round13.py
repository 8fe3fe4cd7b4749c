"""Dots lessons after the thirteenth strict reading: one-off feedback that is true for every way to reach the
number, lesson 4's reason for dots + long chains − 1 and a tally that starts where a long chain forms, the guides'
plans, the glossary's dot and lesson 1's CPU hints in lesson 1's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import analysis
from gamekit.dots import lessons as L
from gamekit.dots.lesson_positions import SEQUENCES, components
from gamekit.dots.rules import DotsAndBoxes
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def _page(lang: str, n: str) -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return " ".join(next(folder.glob(f"{n}_*.md")).read_text(encoding="utf-8").split())


def _guide(lang: str) -> str:
    return (ROOT / "docs/teachers" / ("es/dots.md" if lang == "es" else "dots.md")).read_text(encoding="utf-8")


# ----- one-off feedback that fits every slip ------------------------------------------------------------------------
def test_lesson_1_exercise_7_one_short_does_not_claim_which_box_was_missed():
    """Answer 3 (one short) got "Boxes b3 and c3 miss the same line" whichever box the pupil left out: a typed
    number cannot tell, so the reason says what is true of every way to reach 3, then names the pair as a place
    to look."""
    ex = L.exercises(1)["third_sides_count"]
    n = ex.solutions[0]
    ok, feedback = ex.check(n - 1)
    assert not ok and feedback.startswith(f"More than {n - 1}: at least one box with three sides is not in your count")
    # true for every way to reach n - 1 without counting boxes that have no third side: leave any one box out
    boxes = analysis.capturable_boxes(ex.game)
    assert len(boxes) == n and n - 1 < n


def test_lesson_4_exercise_5_one_too_many_names_every_part_that_is_easy_to_overcount():
    """33 always got "Loops do not count", though a short chain counted, or one chain counted twice, gives 33 too:
    the reason now tells the pupil to check each part counted, and names the parts of this board that are not long
    chains."""
    ex = L.exercises(4)["total"]
    total = ex.solutions[0]
    ok, feedback = ex.check(total + 1)
    assert not ok and feedback.startswith("Too many. Check each part you counted as a long chain")
    kinds = [p.kind if p.kind == "loop" else ("short" if len(p.boxes) < 3 else "long") for p in components(ex.game)]
    assert ("Loops never count" in feedback) == ("loop" in kinds)
    assert ("chains of 1 or 2 boxes" in feedback.lower()) == ("short" in kinds)
    with using("es"):
        ok, es = L.exercises(4)["total"].check(total + 1)
    assert not ok and es.startswith("Te pasas.")


# ----- lesson 4: why dots + long chains − 1, and the tally ----------------------------------------------------------
def test_lesson_4s_reason_for_the_turns_is_true_on_its_board():
    """The page counts the turns on a 4×2 board before it states the rule: 15 dots, 8 boxes, 22 lines; each box
    taken by its own line leaves 14 lines that end a turn, so 15 turns; each refused chain saves one line."""
    board = DotsAndBoxes(4, 2)
    dots, boxes, lines = board.geometry.n_dots, board.geometry.n_boxes, len(board.undrawn_lines())
    assert (dots, boxes, lines) == (15, 8, 22) and lines == dots + boxes - 1
    assert lines - boxes == 14 and lines - boxes + 1 == dots
    page = _page("en", "04")
    said = (
        "Take a 4×2 board: 15 dots, 8 boxes, 22 lines.",
        "Each line either takes a box or ends a turn.",
        "If each box is taken by its own line, the other 14 lines end a turn.",
        "With the last turn, which ends the game, that makes 15 turns: one per dot.",
    )
    joined = " ".join(page.split())
    assert all(step in joined for step in said)
    assert [joined.index(step) for step in said] == sorted(joined.index(step) for step in said)
    assert page.index("Take a 4×2 board") < page.index("Then the whole game has dots + long chains − 1 turns")
    raw = (ROOT / "notebooks/dots_and_boxes/04_long_chain_rule.md").read_text(encoding="utf-8")
    # the proof is in the part for spare time (the rule keeps a three-line why, test_lesson_r20)
    start = raw.index("### Why there are dots + long chains − 1 turns")
    reason = raw[start : raw.index("### Exercise 10", start)]
    # short steps for 12-year-olds (the reason was four long paragraphs): one numbered step a line, at most two
    # sentences a step, none over 16 words
    steps = [s for s in re.split(r"\n\d+\. ", reason) if s.strip()]
    assert len(steps) >= 6
    for step in steps:
        assert len(re.findall(r"[.?](?: |$)", " ".join(step.split()))) <= 2, step
        for sentence in re.split(r"(?<=[.?])\s+", " ".join(step.split())):
            assert len(sentence.split()) <= 16, sentence
    assert "double-deal" not in reason  # lesson 5's word
    es = _page("es", "04")
    assert "15 puntos, 8 casillas, 22 líneas" in es and "14 líneas terminan un turno" in es


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4s_tally_starts_where_a_long_chain_forms(lang):
    """13 rows in 11 minutes was too long: the pupil writes only the rows where a long chain is forming (8–13), on
    the page, in the step-through's intro, on the worksheet and in the check; the guide gives it 7 minutes."""
    from gamekit.dots.lesson_worksheets import tally_first_row, tally_rows, tally_sheet, tally_table, tally_worked_row
    from gamekit.i18n import tr

    with using(lang):
        first = tally_first_row()
        rows = tally_rows()
        table = tally_table()
        sheet = tally_sheet()
        worked = str(tally_worked_row())
        intro = tr(SEQUENCES["tally_game"]["intro"])
    assert first == 8 and all(r[1] == 0 for r in rows[: first - 1]) and rows[first - 1][1] > 0
    assert [r[0] for r in table.rows] == list(range(first, len(rows) + 1))
    # the rows start at line 8, but the page's words and the paper sheet leave spotting that line to the pupil:
    # the sheet's table has a numbered row for every line (so pupils write counts, not line numbers, and the rows
    # do not say where to start), and its text names no line
    assert all(sheet.count(f"\n| {i} | | | |") == 1 for i in range(1, len(rows) + 1))
    assert f"\n| {len(rows) + 1} |" not in sheet
    assert "from line 8" not in sheet.lower() and "desde la línea 8" not in sheet.lower()
    assert "8" not in worked and "7" not in worked and "8" not in intro and "7" not in intro


def test_tally_first_row_refuses_a_game_where_no_long_chain_forms(monkeypatch):
    from gamekit.dots import lesson_worksheets

    monkeypatch.setitem(lesson_worksheets.SEQUENCES, "quiet", {"start": (3, 3, ""), "steps": ["a1-b1", "c3-d3"]})
    with pytest.raises(ValueError, match="quiet opening, then a long chain forming"):
        lesson_worksheets.tally_first_row("quiet")


# ----- the guides ---------------------------------------------------------------------------------------------------
def _plan(text: str, head: str) -> list[tuple[int, str]]:
    start = text.index(head)
    table = text[start : text.index("| **", start)]
    return [
        (int(line.split("|")[1]), line.split("|")[2].strip())
        for line in table.splitlines()
        if line.startswith("| ") and line.split("|")[1].strip().isdigit()
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_guides_plans_are_short_phrases_and_add_up(lang):
    text = _guide(lang)
    heads = (
        ("### Lesson 3", "### Lesson 4", "### Lesson 5")
        if lang == "en"
        else ("### Lección 3", "### Lección 4", "### Lección 5")
    )
    for head, total in zip(heads, (45, 50, 100)):  # lesson 5: two periods of 50 (each adds up: test_lesson_r27.py)
        rows = _plan(text, head)
        assert sum(m for m, _ in rows) == total, head
        for _, part in rows:
            assert len(part.split()) <= 40, (head, part)
    tally = next(part for m, part in _plan(text, heads[1]) if "8–13" in part)
    assert tally and dict((p, m) for m, p in _plan(text, heads[1]))[tally] == 7


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_guide_agrees_with_the_page_on_lesson_4s_exercises_in_class(lang):
    """The guide said lesson 4's eleven exercises fill the 50 minutes; the page and the plan put 8 to 11 outside."""
    text = _guide(lang)
    assert "eleven in lesson 4" not in text and "once en la lección 4" not in text
    said = (
        "exercises 1–7 in lesson 4, with 8 to 11 for spare time or home"
        if lang == "en"
        else "del 1 al 7 en la lección 4, con los ejercicios del 8 al 11 para cuando sobre tiempo o para casa"
    )
    assert said in text
    plan = " ".join(p for _, p in _plan(text, "### Lesson 4" if lang == "en" else "### Lección 4"))
    assert all(f"{word} {n}" not in plan for word in ("exercise", "ejercicio") for n in (8, 9, 10))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_guide_says_which_exercises_the_solver_checks(lang):
    head = " ".join(_guide(lang).split("## ")[0].split())
    assert "Every exercise is checked by exact calculation" not in head
    assert "El cálculo exacto comprueba cada ejercicio" not in head
    if lang == "en":
        assert "checked by the exact solver" in head and "checked against the answer computed from the board" in head
    else:
        assert "los comprueba el cálculo exacto" in head and "respuesta calculada a partir del tablero" in head


# ----- small ones ---------------------------------------------------------------------------------------------------
def test_the_glossary_defines_a_dot_as_a_corner_of_a_box():
    from gamekit.dots.glossary import GLOSSARY

    dot = next(row for row in GLOSSARY if row[0] == "dot")
    assert dot[2].startswith("A corner of a box, where lines start and end.") and "end of a line" not in dot[2]
    assert "a corner of a box, where lines start and end" in (ROOT / "docs/glossary.md").read_text(encoding="utf-8")


def test_the_spanish_lesson_1_links_the_name_to_casilla_once():
    page = _page("es", "01")
    assert page.count("las «cajas» del nombre") == 1


LATER_WORDS = ("safe line", "chain", "loop", "double", "control", "long chain rule", "sacrifice", "opponent must open")


def _hint_positions():
    """Positions of each kind on lesson 1's 5×4 CPU board: boxes to take (one, and two with one line), safe lines
    left, and none left (a gift, a double-deal)."""
    out = {"take": DotsAndBoxes.from_moves(5, 4, "a1-b1 a1-a2 b1-b2")}
    out["two"] = DotsAndBoxes.from_moves(5, 4, "a1-b1 a1-a2 a2-b2 b1-c1 c1-c2 b2-c2")
    out["safe"] = DotsAndBoxes(5, 4)
    return out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1s_cpu_board_hints_in_lesson_1s_words(lang):
    """Lesson 1's CPU board showed the Hard level's reasons (double-deal, long chain rule) before those words are
    taught: its Hint keeps the Hard level's line and gives a reason in lesson 1's words."""
    from gamekit.dots.lesson1_exercises import Lesson1CpuBoard, lesson1_hint_reason
    from gamekit.dots.players import hint

    for kind, game in _hint_positions().items():
        line, hard_reason = hint(game)
        with using(lang):
            reason = lesson1_hint_reason(game, line)
        if lang == "en":
            assert not any(w in reason.lower() for w in LATER_WORDS), (kind, reason)
            expect = {"take": "Take the box", "two": "Take the two boxes", "safe": "gives no box a third side"}[kind]
            assert expect in reason, (kind, reason)
    page = _page("en", "01")
    assert 'Lesson1CpuBoard(5, 4, mode="cpu", level="easy")' in page and "in this lesson's words" in page
    assert 'Lesson1CpuBoard(5, 4, mode="cpu", level="easy")' in _page("es", "01")
    board = Lesson1CpuBoard(5, 4, mode="cpu", level="easy")
    line, reason = board.hint_for(_hint_positions()["take"])
    assert line == hint(_hint_positions()["take"])[0] and reason.startswith("Take the box")


def test_lesson_1s_hint_for_a_line_that_gives_boxes_away_says_so_in_lesson_1s_words():
    from gamekit.dots.lesson1_exercises import lesson1_hint_reason

    game = DotsAndBoxes.from_moves(2, 1, "a1-b1 b1-c1 a2-b2 b2-c2")  # two boxes, each with two sides
    reason = lesson1_hint_reason(game, "a1-a2")
    assert "lets your opponent take boxes" in reason and not any(w in reason.lower() for w in LATER_WORDS)
