"""Fixes from the r26 reading of the Dots lessons: lesson 5 is taught in two periods of 50 minutes, with a heading
where period 2 starts, a plan that adds up per period and a worksheet whose two sheets are the two periods."""

from __future__ import annotations

import re

import pytest

from gamekit.dots import lessons as L
from gamekit.teacher_sheets import worksheet_markdown

from testing_dots_guides import ROOT, lesson_periods  # tests/testing_dots_guides.py


def _raw(lang: str, number: str) -> str:
    """Lesson ``number``'s MyST source in ``lang``."""
    folder = ROOT / "notebooks" / ("es" if lang == "es" else "") / "dots_and_boxes"
    return next(folder.glob(f"{number}_*.md")).read_text(encoding="utf-8")


def _page(lang: str, name: str = "05_double_dealing_and_control") -> str:
    folder = ROOT / "notebooks" / ("es" if lang == "es" else "") / "dots_and_boxes"
    return (folder / f"{name}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_page_has_two_periods_split_after_exercise_3(lang):
    page = _page(lang)
    end_one, two = (
        ("## End of period 1\n", "## Period 2\n") if lang == "en" else ("## Final de la sesión 1\n", "## Sesión 2\n")
    )
    assert page.count(two) == 1 and page.count(end_one) == 1
    assert (
        page.index('L.exercise("loop_split"')
        < page.index(end_one)
        < page.index(two)
        < page.index('L.after_exercise("loop_six", score, explanation("take_or_refuse"))')
        < page.index('L.exercise("control_price"')
    )
    time_line = next(line for line in page.splitlines() if line.startswith(("**Time:**", "**Tiempo:**")))
    said = "about 100 min, in two periods of 50 min" if lang == "en" else "unos 100 min, en dos sesiones de 50 min"
    assert said in time_line and L.LESSONS[5].minutes == 100
    recap = page[page.index(two) : page.index("## ", page.index(two) + 3)]
    assert ("recap" if lang == "en" else "Repaso de dos minutos") in recap and "?" in recap


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_plan_adds_up_per_period_and_each_period_holds_its_exercises(lang):
    one, two = lesson_periods(lang, 5)
    assert sum(m for m, _ in one) == sum(m for m, _ in two) == 50
    word = "exercises" if lang == "en" else "ejercicios"
    assert any(row.startswith(f"{word} 1–3") for _, row in one) and not any(f"{word} 4" in row for _, row in one)
    assert any(row.startswith(f"{word} 4, 5 {'and' if lang == 'en' else 'y'} 7") for _, row in two)  # 6 is extra
    assert any(row.startswith(("the final challenge (", "el reto final (")) for _, row in two)
    assert two[0][0] == 2 and two[0][1].startswith(("recap", "repaso"))
    assert re.search("reflection|reflexión", one[-1][1])
    assert len(lesson_periods(lang, 4)) == 1  # a one-period lesson stays one list


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_5_sheets_are_the_periods(lang):
    sheet = worksheet_markdown("gamekit.dots.lessons", L.LESSONS[5].notebook, lang)
    word = "Exercise" if lang == "en" else "Ejercicio"
    second = sheet.index('<div style="break-before: page"></div>')
    assert sheet.index(f"## {word} 3\n") < second < sheet.index(f"## {word} 4\n")
    assert ("period 2" if lang == "en" else "sesión 2") in sheet[second : sheet.index(f"## {word} 4\n")]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_take_or_refuse_card_step_1_gives_the_chain_and_the_loop_cost_as_the_worksheet_does(lang):
    """The page promised the card says what refusing a loop costs, but its step 1 gave only a chain's 2."""
    from gamekit.dots.lesson5_control import take_or_refuse_sheet
    from gamekit.dots.lesson_explanations import EXPLANATIONS
    from gamekit.i18n import tr, using

    with using(lang):
        step_one = tr(EXPLANATIONS["take_or_refuse"][1])
        paper = next(line for line in take_or_refuse_sheet().splitlines() if line.startswith(("Step 1", "Paso 1")))
    chain, loop = ("a chain", "a loop") if lang == "en" else ("una cadena", "un bucle")
    for text in (step_one, paper):
        assert re.search(rf"{chain}[^.;:]*\b2\b", text) and re.search(rf"{loop}[^.;:]*\b4\b", text), text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_what_the_pages_say_about_tints_is_what_the_exercise_boards_show(lang):
    """Lesson 3 said exercise boards have no colour marks, while lesson 5 tints the boxes with three sides up to its
    final challenge: lesson 3 now speaks of its own exercises, and lesson 5 names the exercises whose boards show
    the red marks, read here from the exercises' settings and boards."""
    from gamekit.dots import lesson_positions

    for name, ex in L.exercises(3).items():
        assert ex.third_sides is False, name
    three = _page(lang, "03_chains_and_loops")
    assert (
        "In this lesson's exercises the boards have **no tints**"
        if lang == "en"
        else "En los ejercicios de esta lección los tableros **no marcan nada con color**"
    ) in three
    exercises = list(L.exercises(5).values())
    red = [
        n
        for n, ex in enumerate(exercises, 1)
        if ex.third_sides and ex.game is not None and lesson_positions.third_side_boxes(ex.game)
    ]
    assert red == list(range(red[0], red[-1] + 1))
    final = [
        n for n, ex in enumerate(exercises, 1) if ex.key in ("challenge_steer", "l5_ex8", "challenge_loop", "l5_ex10")
    ]
    assert all(exercises[n - 1].third_sides is False for n in final) and red[-1] < final[0]
    # every exercise before the final challenge has the marks on (exercise 1's board has no box to mark, so two
    # readers took "in exercises 2 to 7" for false): the page says "until here", true of all of them
    assert all(ex.third_sides for ex in exercises[: final[0] - 1])
    said = (
        "The red marks are off now. Until here they showed you the boxes with three sides"
        if lang == "en"
        else "Ahora ya no hay marcas rojas. Hasta aquí te enseñaban las casillas con tres lados"
    )
    five = " ".join(_page(lang).split())
    challenge = five[five.index("## Final challenge" if lang == "en" else "## Reto final") :]
    assert said in challenge[: challenge.index('L.exercise("challenge_steer"')]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_5_exercise_1_has_its_own_paper_words_and_they_match_the_board(lang):
    """On screen exercise 1 starts "The same start." after a step-through; paper has no step-through."""
    from gamekit.dots import analysis
    from gamekit.i18n import using

    with using(lang):
        ex = L.exercises(5)["double_deal_score"]
        sheet = worksheet_markdown("gamekit.dots.lessons", L.LESSONS[5].notebook, lang)
    start = "The same start" if lang == "en" else ex.prompt.split(".")[0]
    one = sheet[sheet.index("## " + ("Exercise" if lang == "en" else "Ejercicio") + " 1\n") :]
    one = one[: one.index("\n## ")]
    assert start not in one and " ".join(ex.paper_prompt.split()[:6]) in " ".join(one.split())
    game = ex.game  # what the paper words say of the board: Gold to move, no box taken, no safe line, 1 + 4 + 4
    assert game.to_move == 0 and sum(game.scores) == 0 and not analysis.safe_lines(game)
    assert sorted(len(c.boxes) for c in analysis.chains(game)) == [1, 4, 4] and not analysis.loops(game)
    assert [c.names for c in analysis.chains(game) if c.length == 1] == [("c3",)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_loop_step_through_says_coral_already_has_a_box(lang):
    from gamekit.dots.lesson_positions import POSITIONS, SEQUENCES
    from gamekit.dots.rules import DotsAndBoxes
    from gamekit.i18n import tr, using

    width, height, moves = POSITIONS["two_and_loop"]
    assert tuple(DotsAndBoxes.from_moves(width, height, moves).scores) == (0, 1)  # Gold 0, Coral 1
    with using(lang):
        intro = tr(SEQUENCES["loop"]["intro"])
    assert ("Coral already has one box" if lang == "en" else "Coral ya tiene una casilla") in intro


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_guide_gives_one_number_of_minutes_without_hints_in_the_final_challenge(lang):
    text = " ".join((ROOT / "docs/teachers" / ("es" if lang == "es" else "") / "dots.md").read_text().split())
    said = re.findall(
        r"(?:without hints in the first|no hints for the first|after its first"
        r"|sin pistas (?:durante )?los(?: primeros)?|pasados sus) ([0-9]+)",
        text,
    )
    assert len(said) >= 3 and set(said) == {"4"}, said
    assert "after 5 minutes" not in text and "pasados 5 minutos" not in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_exercise_7_is_preceded_by_neither_the_fact_that_argues_it_nor_its_conclusion(lang):
    """That a short chain opened properly cannot be refused, so its taker must draw again, nearly argues exercise 7's
    answer: the page gives it below the exercise once it is answered (test_lesson_r30.py), as it does who gets
    control from it."""
    page = " ".join(_page(lang).split())
    before = page[
        page.index("### " + ("Exercise 7" if lang == "en" else "Ejercicio 7")) : page.index('L.exercise("l5_ex6"')
    ]
    fact = (
        "a single box, or a 2-chain opened by its middle line, cannot be refused"
        if lang == "en"
        else "una casilla suelta, o una cadena de 2 abierta por su línea del medio, no se puede rechazar"
    )
    gets = "gets control" if lang == "en" else "se queda con el control"
    assert fact not in before and gets not in before


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_sheets_carry_the_end_of_period_sentence_and_the_period_2_recap(lang):
    """The guide plans 10 minutes for the end-of-period sentence and 2 for the recap, on the page; on paper the
    first sheet had no place to write the sentence and the second no recap. The first sheet now ends with the page's
    question and lines to write on, and the second opens with the recap, before exercise 4."""
    folder = ROOT / "docs/teachers" / ("es/worksheets" if lang == "es" else "worksheets") / "dots_and_boxes"
    sheet = (folder / "05_double_dealing_and_control.md").read_text(encoding="utf-8")
    page = ROOT / "notebooks" / ("es/" if lang == "es" else "") / "dots_and_boxes/05_double_dealing_and_control.md"
    page = " ".join(page.read_text(encoding="utf-8").split())
    heads = (
        ("## Exercise 3", "## End of period 1", "## Sheet 2", "## Period 2 — recap", "## Exercise 4")
        if lang == "en"
        else ("## Ejercicio 3", "## Final de la sesión 1", "## Hoja 2", "## Sesión 2: repaso", "## Ejercicio 4")
    )
    at = [sheet.index(head) for head in heads]
    assert at == sorted(at)
    end = " ".join(sheet[at[1] : at[2]].split())
    recap = " ".join(sheet[at[3] : at[4]].split())
    question = "why does a double-deal give boxes away" if lang == "en" else "por qué una doble entrega regala casillas"
    who = "Who has to draw the next line" if lang == "en" else "Quién tiene que trazar la línea siguiente"
    assert question in end and question in page and len(re.findall(r"_{40,}", end)) == 2
    assert who in recap and who in page and len(re.findall(r"_{40,}", recap)) == 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1_exercise_4_lets_the_pupil_find_the_three_lines(lang):
    """Exercise 4's lead-in listed the three lines round box a1, so finding the box with three sides was reading;
    the pupil now finds them on the board."""
    folder = ROOT / "notebooks" / ("es" if lang == "es" else "") / "dots_and_boxes"
    page = (folder / "01_rules_and_terms.md").read_text(encoding="utf-8")
    head = "### Exercise 4" if lang == "en" else "### Ejercicio 4"
    lead = page[page.index(head) : page.index('L.exercise("first_box"')]
    for line in L.exercises(1)["first_box"].game.history:
        assert line not in lead


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_glossary_gives_no_board_s_dots_before_lesson_4_asks_for_them(lang):
    """The glossary shown in lesson 1 said "30 dots: 6 across and 5 down", the dots half of lesson 4's exercise 5."""
    from gamekit.dots.glossary import glossary_table
    from gamekit.i18n import using

    with using(lang):
        text = str(glossary_table(1))
    assert not re.search(r"\b(30|6 across|5 down|6 de ancho)\b", text)
    assert ("like b3" if lang == "en" else "como b3") in text


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson, number, following", [(3, 4, 5), (5, 6, 7)])
def test_one_exercise_of_lesson_3_and_of_lesson_5_s_period_2_is_extra_on_page_sheet_and_plan(
    lang, lesson, number, following
):
    """Lesson 3 (4 readings, 3 step-throughs, 7 exercises in 45 minutes) and lesson 5's period 2 (7 exercises in 50)
    were too dense: lesson 3's exercise 4 and lesson 5's exercise 6 are extra, marked so under their heading on the
    page and on the sheet (they keep their place: the levels run easy to hard down the page), named in the page's
    time line, left out of the guide's minutes, which still add up, and listed in its "If you have time"."""
    from testing_dots_guides import GUIDES, lesson_plan

    page = _raw(lang, f"0{lesson}")
    word = "Exercise" if lang == "en" else "Ejercicio"
    head = re.search(rf"^#+ {word} {number} — .*$", page, re.M)
    below = page[head.end() : page.index("```{code-cell}", head.end())]
    extra = (
        f"**Extra**, for spare time or for home. In class, go on to exercise {following}."
        if lang == "en"
        else f"**Extra**, para el tiempo que sobre o para casa. En clase, pasa al ejercicio {following}."
    )
    assert extra in below
    time_line = next(line for line in page.splitlines() if line.startswith(("**Time:**", "**Tiempo:**")))
    assert f"{word.lower()} {number}" in time_line.lower()
    sheet = worksheet_markdown("gamekit.dots.lessons", L.LESSONS[lesson].notebook, lang)
    on_paper = sheet[sheet.index(f"## {word} {number}\n") : sheet.index(f"## {word} {following}\n")]
    assert extra in on_paper
    rows = lesson_plan(lang, lesson)
    assert sum(m for m, _ in rows) == (45 if lesson == 3 else 100) == L.LESSONS[lesson].minutes
    counted = [row for _, row in rows if re.match(r"(exercises|ejercicios|exercise|ejercicio) [0-9]", row)]
    for row in counted:
        listed = re.match(r"[^(]*", row).group(0)  # the exercises a row gives minutes to, before its note
        numbers = {int(n) for a, b in re.findall(r"([0-9]+)–([0-9]+)", listed) for n in range(int(a), int(b) + 1)}
        numbers |= {int(n) for n in re.findall(r"(?<![–0-9])([0-9]+)(?![–0-9])", listed)}
        assert number not in numbers, row
    guide = GUIDES[lang].read_text(encoding="utf-8")
    part = guide[guide.index(("### Lesson " if lang == "en" else "### Lección ") + f"{lesson} — ") :]
    spare = part[part.index("**If you have time" if lang == "en" else "**Si sobra tiempo") :].split("\n")[0]
    assert f"{word.lower()} {number} (" in spare.lower()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_exercise_7_is_not_right_under_the_handouts(lang):
    """Exercise 7 applies the handouts just read; a one-minute pause on counting chains now sits between them."""
    page = _raw(lang, "03")
    between = page[page.index('step_through("handout")') : page.index('L.exercise("l3_ex7"')]
    pause = "## A pause: back to counting" if lang == "en" else "## Una pausa: volvemos a contar"
    assert pause in between
    words = between[between.index(pause) :]
    assert ("exercise 2" if lang == "en" else "ejercicio 2") in words
    for handout in ("middle", "end", "refuse", "medio", "extremo", "rechaz"):
        assert handout not in words.split("##", 2)[1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_practice_says_when_each_safe_line_idea_applies(lang):
    """ "Safe line for the chain count" and "Steer the long-chain count" read as one idea. They are two pools: the
    safe-line one holds none of the long-chain count's puzzles (its right lines are not decided by the long chain
    rule but by the boxes each chain brings), and the page says so: when each applies, in the pupil's words."""
    from gamekit.dots.puzzle_text import THEMES
    from gamekit.i18n import tr, using
    from gamekit.puzzles.pools import practice_pool

    assert not any("long_chain_count" in p.themes for p in practice_pool("dots_and_boxes", "safe_line"))
    page = (ROOT / "notebooks" / ("es/practice" if lang == "es" else "practice") / "01_dots_and_boxes.md").read_text(
        encoding="utf-8"
    )
    flat = " ".join(page.split())
    with using(lang):
        safe, steer = tr(THEMES["safe_line"]), tr(THEMES["long_chain_count"])
    one = flat[flat.lower().index(f"* *{safe}*") :].split("* *")[1]
    two = flat[flat.lower().index(f"* *{steer}*") :].split("* *")[1]
    not_decided, decided = (
        ("once the chains are shared out", "rule decides")
        if lang == "en"
        else ("cuando se reparten las cadenas", "decide la regla")
    )
    assert not_decided in one and decided not in one
    assert decided in two and not_decided not in two


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_dots_puzzle_asks_one_question(lang):
    """The homework sheets and Practice asked "Which line would you draw? … Which line gets Coral the most of them by
    the end of the game? 2 lines do it": the prompt now says whose move it is, and the stakes ask the one question."""
    from gamekit.i18n import using
    from gamekit.puzzles.homework_sheets import homework_page, sheet_question
    from gamekit.puzzles.homework import homework_set

    with using(lang):
        for theme in ("safe_line", "long_chain_count", "double_deal"):
            for puzzle in homework_set("dots_and_boxes", theme, 10, 1):
                question = sheet_question(puzzle)
                assert question.count("?") == 1, question
                assert ("Which line gets" if lang == "en" else "¿Con qué línea se lleva") in question
        page = homework_page()
    assert "Which line would you draw?" not in page and "¿Qué línea trazarías?" not in page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_2_links_the_safe_line_race_to_counting_and_lesson_4(lang):
    """Nothing linked the safe-line race (exercise 8) to counting: right after it, the page says who gains from
    drawing the last safe line and that lesson 4 counts ahead who that is (no line named: nothing to give away)."""
    page = _raw(lang, "02")
    after = page[page.index('L.exercise("safe_race"') : page.index("## Play" if lang == "en" else "## A jugar")]
    flat = " ".join(after.split())
    assert ("last safe line" if lang == "en" else "última línea segura") in flat
    assert ("lesson 4" if lang == "en" else "lección 4") in flat
    assert not re.search(r"\b[a-e][1-5]-[a-e][1-5]\b", flat)


def test_spanish_lesson_5_says_what_just_happened_in_one_tense():
    """«Dorado abrió una cadena de 4 y Coral ya ha conseguido 2» mixed two pasts: now «ha abierto … se ha llevado»,
    the verb the worked count uses for the same act (one form, not «ha conseguido» in one place)."""
    from gamekit.i18n import using

    with using("es"):
        L._built_in.cache_clear()
        prompts = [ex.prompt for ex in L.exercises(5).values()]
    L._built_in.cache_clear()
    chain = [p for p in prompts if "se ha llevado" in p]
    assert chain and all("ha abierto" in p and "abrió" not in p for p in chain)
    assert not [p for p in prompts if "ha conseguido" in p]
