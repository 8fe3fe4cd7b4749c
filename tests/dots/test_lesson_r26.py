"""Dots lessons after the r25 fresh reading, second part: lesson 3 teaches the hard-hearted handout and then tests it
on a board of its own (exercise 7), with honest minutes."""

from __future__ import annotations

import re

import pytest

from gamekit.dots import lesson_positions
from gamekit.dots import lessons as L
from gamekit.dots.lesson_exercise import final_score, shared_line_name
from gamekit.dots.lesson_positions import SEQUENCES, components
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values
from gamekit.i18n import using

from testing_dots_guides import ROOT, lesson_periods, lesson_plan  # tests/testing_dots_guides.py


def _raw(lang: str, name: str) -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return next(folder.glob(f"{name}_*.md")).read_text(encoding="utf-8")


def _board(game: DotsAndBoxes) -> frozenset:
    return frozenset(game.line_name(i) for i in range(game.geometry.n_lines) if game.is_drawn(i))


# ----- lesson 3, exercise 7: the handout, taught and then tested -----------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_exercise_7_accepts_exactly_the_solvers_best_line_the_2_chains_middle(lang):
    with using(lang):
        ex = L.exercises(3)["l3_ex7"]
    game = ex.game
    values = move_values(game)
    best = max(values.values())
    assert sorted(ex.solutions) == sorted(l for l, v in values.items() if v == best)
    pair = next(p for p in components(game) if p.kind == "chain" and p.length == 2)
    assert ex.solutions == [shared_line_name(game, pair)]
    for line in game.legal_moves():
        assert ex.check(line)[0] == (line in ex.solutions), line
    assert ex.click and not ex.parts and not ex.third_sides and L.LEVELS["l3_ex7"] == "hard"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_exercise_7_gives_each_kind_of_wrong_line_its_own_computed_reason(lang):
    """An end of the 2-chain (the half-hearted handout) and a line of the long chain each get a reason of their own,
    with the final score the exact solver gives after that line."""
    with using(lang):
        ex = L.exercises(3)["l3_ex7"]
        game = ex.game
        values = move_values(game)
        pair = next(p for p in components(game) if p.kind == "chain" and p.length == 2)
        long_ = next(p for p in components(game) if p.kind == "chain" and p.length >= 3)
        ends = [l for l in pair.lines if l not in ex.solutions]
        reasons = {line: ex.check(line) for line in ex.wrong}
        score_words = "Gold {g}, Coral {c}" if lang == "en" else "Dorado {g}, Coral {c}"
        right = ex.check(ex.solutions[0])
    assert set(ex.wrong) == set(values) - set(ex.solutions) and set(ends) <= set(ex.wrong)
    half = "half-hearted handout" if lang == "en" else "entrega a medias"
    opens_long = f"opens the chain of {long_.length}" if lang == "en" else f"abre la cadena de {long_.length}"
    for line, (ok, why) in reasons.items():
        assert not ok and why.startswith(line), (line, why)
        g, c = final_score(game, values[line])
        assert score_words.format(g=g, c=c) in why, (line, why)
        if line in ends:
            assert half in why and opens_long not in why, why
        else:
            assert opens_long in why and half not in why, why
    assert len({reasons[ends[0]][1].replace(ends[0], ""), reasons[long_.lines[0]][1].replace(long_.lines[0], "")}) == 2
    assert right[0] and ("hard-hearted handout" if lang == "en" else "entrega sin concesiones") in right[1]


def test_lesson_3_exercise_7_is_refused_on_a_board_where_its_reasons_would_not_hold():
    """The reasons tell a line of play on a 2-chain and one long chain: a board of another shape is refused."""
    from gamekit.dots.lesson3_exercises import handout_exercise

    with pytest.raises(ValueError, match="two_and_loop"):
        handout_exercise("two_and_loop")  # a 2-chain and a loop: not the exercise's shape
    with pytest.raises(ValueError, match="single_or_pair"):
        handout_exercise("single_or_pair")  # a single box besides: the single box is the best hand-over there


def test_lesson_3_exercise_7_has_a_board_of_its_own():
    """Not the board of another lesson-3 exercise, of a step-through, or one line away from one."""
    ex = L.exercises(3)["l3_ex7"]
    mine = _board(ex.game)
    others = [_board(e.game) for k, e in L.exercises(3).items() if k != "l3_ex7"]
    for name in ("chains", "handout", "loop"):
        others += [_board(g) for g in lesson_positions.sequence_positions(name)]
    for other in others:
        assert len(mine ^ other) > 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_exercise_7_comes_after_the_handouts_and_the_game_in_pairs_is_extra(lang):
    page = _raw(lang, "03")
    extra = page.index("## If you have time" if lang == "en" else "## Si te sobra tiempo")
    seven = page.index('L.exercise("l3_ex7"')
    assert page.index('explanation("handouts")') < page.index('step_through("handout")') < seven < extra
    assert seven < page.index('step_through("loop")') < extra  # it plays exercise 7's choice out: below it
    assert extra < page.index('DotsWidget(3, 3, mode="people")') < page.index("L.practice(3")
    assert extra < page.index("L.reflection(3")
    time_line = next(line for line in page.splitlines() if line.startswith(("**Time:**", "**Tiempo:**")))
    assert "45 min" in time_line and ("game in pairs" in time_line or "partida por parejas" in time_line)
    assert SEQUENCES["handout"]["start"] != lesson_positions.POSITIONS["pair_and_four"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_plan_gives_exercise_7_its_minutes_and_adds_up(lang):
    rows = lesson_plan(lang, 3)
    assert sum(m for m, _ in rows) == L.LESSONS[3].minutes == 45
    seven = [m for m, row in rows if re.match(r"(exercise|ejercicio) 7\b", row)]
    assert seven and seven[0] >= 3
    assert not any(row.startswith(("play", "jugar")) for _, row in rows)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_3_asks_exercise_7_after_the_refusing_card(lang):
    folder = ROOT / "docs/teachers" / ("es" if lang == "es" else "") / "worksheets/dots_and_boxes"
    sheet = (folder / "03_chains_and_loops.md").read_text(encoding="utf-8")
    card = sheet.index("**Refusing boxes:**" if lang == "en" else "**Rechazar casillas:**")
    six = sheet.index("## Exercise 6" if lang == "en" else "## Ejercicio 6")
    seven = sheet.index("## Exercise 7" if lang == "en" else "## Ejercicio 7")
    assert six < card < seven


# ----- Practice: lesson 4's safe-line theme is named for what lesson 4 asks ------------------------------------
@pytest.mark.parametrize(
    "lang, name, old",
    [
        ("en", "last safe lines: add up the boxes", "pick a safe line"),
        ("es", "últimas líneas seguras: suma las casillas", "elegir una línea segura"),
    ],
)
def test_lesson_4s_safe_line_theme_names_the_chain_count_not_lesson_2s_idea(lang, name, old):
    """ "Pick a safe line (lesson 4)" read as lesson 2's idea, where any safe line is right: the name says the safe
    line is chosen for the long-chain count, on the Practice page and wherever the theme is named."""
    from gamekit.dots.puzzle_text import THEMES

    with using(lang):
        from gamekit.i18n import tr

        assert tr(THEMES["safe_line"]) == name
    folder = ROOT / "notebooks" / ("es/practice" if lang == "es" else "practice")
    page = (folder / "01_dots_and_boxes.md").read_text(encoding="utf-8")
    line = next(l for l in page.splitlines() if l.lower().startswith(f"* *{name}*"))
    assert ("lesson 4" if lang == "en" else "lección 4") in line
    assert old not in page.lower()
    homework = ROOT / "docs/teachers" / ("es" if lang == "es" else "") / "homework.md"
    assert old not in homework.read_text(encoding="utf-8").lower()


# ----- lesson 5: all-but-four taught, then tested (exercise 3), and a lesson that fits 50 minutes ---------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_3_practises_all_but_four_on_a_loop_of_its_own(lang):
    """After the page explains all-but-four (held until exercise 2 is answered), exercise 3 asks for it on a new
    board: only the line that splits the loop's last four boxes into pairs is accepted, as the exact solver says;
    taking a box and opening a chain each get their own reason with the solver's final score."""
    from gamekit.dots.lesson5_take_all import all_but_four_lines

    with using(lang):
        ex = L.exercises(5)["loop_split"]
        game = ex.game
        values = move_values(game)
        reasons = {line: ex.check(line) for line in ex.wrong}
        right = ex.check(ex.solutions[0])
        score_words = "Gold {g}, Coral {c}" if lang == "en" else "Dorado {g}, Coral {c}"
    best = max(values.values())
    assert sorted(ex.solutions) == sorted(l for l, v in values.items() if v == best) == all_but_four_lines(game)
    assert set(ex.wrong) == set(values) - set(ex.solutions)
    assert any(p.kind == "loop" and p.opened for p in components(game))
    grab = "takes a box" if lang == "en" else "se lleva una casilla"
    elsewhere = "opens a chain while" if lang == "en" else "abre una cadena mientras"
    kinds = set()
    for line, (ok, why) in reasons.items():
        assert not ok and why.startswith(line)
        g, c = final_score(game, values[line])
        assert score_words.format(g=g, c=c) in why
        taking = game.copy()
        before = sum(taking.scores)
        taking.play(line)
        kind = grab if sum(taking.scores) > before else elsewhere
        assert kind in why, (line, why)
        kinds.add(kind)
    assert kinds == {grab, elsewhere}
    assert right[0] and ("all-but-four" if lang == "en" else "todas menos cuatro") in right[1]
    page = _raw(lang, "05")
    explained = page.index('explanation("leave_four")')
    assert page.index('L.exercise("loop_six"') < explained < page.index('L.exercise("loop_split"')
    assert page.index('L.exercise("loop_split"') < page.index('L.exercise("control_price"')
    assert _board(game) != _board(L.exercises(5)["loop_six"].game)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_core_fits_50_minutes_and_the_last_two_challenges_are_extra(lang):
    page = _raw(lang, "05")
    extra = page.index("## If you have time" if lang == "en" else "## Si te sobra tiempo")
    assert page.index('L.exercise("l5_ex8"') < extra < page.index('L.exercise("challenge_loop"')
    assert extra < page.index('L.exercise("l5_ex10"') < page.index("worked_control_count()")
    heads = re.findall(r"^###? (?:Exercise|Ejercicio) (\d+) ", page, re.M)
    assert heads == [str(n) for n in range(1, 12)]
    periods = lesson_periods(lang, 5)
    assert [sum(m for m, _ in rows) for rows in periods] == [50, 50]
    rows = lesson_plan(lang, 5)
    assert sum(m for m, _ in rows) == L.LESSONS[5].minutes == 100
    challenge = next(m for m, row in rows if "challenge" in row or "reto final" in row)
    assert challenge >= 2 * 3
    assert any(re.match(r"(exercises|ejercicios) 4, 5 (and|y) 7", row) for _, row in rows)  # exercise 6 is extra


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_1_and_4_prompts_are_short_and_still_ask_the_same(lang):
    """Exercise 1 was six sentences; exercise 4 (counting both plans) a long question in a fixed format."""
    with using(lang):
        one, four = L.exercises(5)["double_deal_score"], L.exercises(5)["control_price"]
        assert one.check(one.solutions[0])[0] and four.check(four.solutions[0])[0]
    for ex, most in ((one, 4), (four, 6)):
        text = re.sub(r"<[^>]+>", "", ex.prompt)
        assert len(re.findall(r"[.?!](?:\s|$)", text)) <= most, text
        assert len(text.split()) <= 50, text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_5_prints_the_take_or_refuse_card_on_a_second_sheet_after_exercise_3(lang):
    """The card says refusing a loop costs 4, exercise 2's answer (6 − 4 = 2): it is on a second sheet, given out
    in the lesson's second period once exercise 3 is checked, under exercise 4's heading as on the page;
    all-but-four, exercise 2's answer, is said by the teacher once exercise 2 is checked, never printed."""
    folder = ROOT / "docs/teachers" / ("es" if lang == "es" else "") / "worksheets/dots_and_boxes"
    sheet = (folder / "05_double_dealing_and_control.md").read_text(encoding="utf-8")
    word = "Exercise" if lang == "en" else "Ejercicio"
    two, three, four = (sheet.index(f"## {word} {n}\n") for n in (2, 3, 4))
    card = sheet.index("**Take or refuse?**" if lang == "en" else "**¿Llevártelas o rechazarlas?**")
    second = sheet.index('<div style="break-before: page"></div>')
    assert two < three < second < four < card < sheet.index(f"## {word} 5\n")
    assert ("all-but-four" if lang == "en" else "todas menos cuatro") not in sheet.lower()
    assert sheet.count("**Take or refuse?**" if lang == "en" else "**¿Llevártelas o rechazarlas?**") == 1
    extra = sheet.index("## If you have time" if lang == "en" else "## Si te sobra tiempo")
    assert sheet.index(f"## {word} 9\n") < extra < sheet.index(f"## {word} 10\n")


# ----- lesson 4: the closing fact gets honest minutes; exercise 8 (a sacrifice) is extra --------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_gives_the_closing_fact_and_question_their_own_minutes(lang):
    """The closing fact, the closing question and the score line shared 2 minutes: the fact and the question now
    have rows of their own, and exercise 8 (a sacrifice, the guide's first to drop) is in *If you have time*."""
    rows = lesson_plan(lang, 4)
    assert sum(m for m, _ in rows) == L.LESSONS[4].minutes == 50
    fact = next(m for m, row in rows if row.startswith(("the closing fact", "el dato final")))
    question = next(m for m, row in rows if row.startswith(("the closing question", "la pregunta final")))
    assert fact >= 3 and question >= 3
    assert not any(re.match(r"(exercise|ejercicio) 8\b", row) for _, row in rows)
    page = _raw(lang, "04")
    extra = page.index("## If you have time" if lang == "en" else "## Si te sobra tiempo")
    assert page.index('L.exercise("l4_ex7"') < page.index("start_result_after_guess()") < extra
    assert extra < page.index('L.exercise("l4_ex8"') < page.index('explanation("sacrifice")') < page.index('"turns"')
    heads = re.findall(r"^###? (?:Exercise|Ejercicio) (\d+) ", page, re.M)
    assert heads == [str(n) for n in range(1, 12)]
    time_line = next(line for line in page.splitlines() if line.startswith(("**Time:**", "**Tiempo:**")))
    assert ("exercises 8 to 11" if lang == "en" else "los ejercicios del 8 al 11") in time_line
