"""Dots lessons after a third fresh reading: lesson 5 tells the truth about who starts against the CPU, holds
back what answers its exercises until they are done, lesson 3 keeps the double-deal for lesson 5, lesson 4
marks its homework and every lesson's extra practice the same way, and the glossary defines every word its
definitions use."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamekit.dots import lesson_pictures
from gamekit.dots.solver import move_values
from gamekit.dots.lesson_positions import sequence_positions, SEQUENCES
from gamekit.i18n import tr, using


from gamekit.dots.widget import DotsWidget

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"en": ROOT / "notebooks" / "dots_and_boxes", "es": ROOT / "notebooks" / "es" / "dots_and_boxes"}


def page(lang: str, name: str) -> str:
    return next(PAGES[lang].glob(f"{name}*.md")).read_text(encoding="utf-8")


def test_against_the_cpu_the_person_starts_every_game_as_lesson_5_says():
    widget = DotsWidget(3, 3, mode="cpu", seed=1)
    firsts = {widget.next_game().first for _ in range(3)}
    assert firsts == {0}
    en, es = page("en", "05"), page("es", "05")
    assert "games against the CPU, you always start" in en and "take turns to start" not in en
    assert "contra la CPU, siempre empiezas tú" in es and "os turnáis" not in es
    assert "pon en práctica todo lo aprendido contra el nivel más fuerte" in es


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_exercise_5_is_asked_plainly_after_a_2_chains_lines_are_named(lang):
    """A 2-chain's ends and middle line are named above the exercise (refusing, and which line of a 2-chain can be
    refused, is exercise 6's answer, held until after it); the exercise's own text does not say which line (no end,
    middle or refusal in it), and no held explanation follows it."""
    text = page(lang, "03")
    call = text.index('L.exercise("hand_over"')
    above = text[text.index("## Exercise 5" if lang == "en" else "## Ejercicio 5") : call]
    assert ("Which line should Gold draw?" if lang == "en" else "¿Qué línea debe trazar Dorado?") in above
    above = above.lower().replace("(nivel medio)", "")  # the glossary's level label, not «la línea del medio»
    for word in ("end", "middle", "refuse", "extremo", "medio", "rechaz"):
        assert word not in above, word
    assert text.index('explanation("two_chain_lines")') < call < text.index('explanation("handouts")')
    assert "### Two ways" not in text and "### Dos formas" not in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3s_chains_step_through_flags_each_weak_move_without_lesson_5s_reason(lang):
    """The double-deal is lesson 5's, so lesson 3 cannot show the better line: the step-through is a line of best
    play (no move the solver rates below the best, so no caption calls one a mistake), and no caption says which
    line takes nothing and leaves the boxes, nor where taking on leads."""
    with using(lang):
        captions = [s.caption for s in lesson_pictures.steps("chains")]
    positions = sequence_positions("chains")
    lines = SEQUENCES["chains"]["steps"]
    flag = "A mistake, says" if lang == "en" else "Un error, según"
    told = [i for i, c in enumerate(captions[1:]) if flag in c]
    wrong = []
    for i, line in enumerate(lines):
        values = move_values(positions[i])
        if values[line] < max(values.values()):
            wrong.append(i)
    assert told == wrong == []  # best play throughout: no weak move, so nothing lesson 5 would have to explain
    for caption in captions:
        for word in (
            "takes nothing",
            "leaves the last",
            "left the last",
            "must then open",
            "no se lleva nada",
            "dejado las dos",
            "tiene que abrir después",
        ):
            assert word not in caption, caption
    assert ("Gold 1, Coral 8" if lang == "en" else "Dorado 1, Coral 8") in captions[-1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_lesson_marks_more_practice_extra_and_lesson_4_its_homework_exercise(lang):
    """The guide makes lesson 4's exercise 11 (Coral's sacrifice) homework: the page says so beside it and in its
    time line, and every lesson's time line says *More practice* is extra, in the same words."""
    extra = "extra, for spare time or for home" if lang == "en" else "extra, para el tiempo que sobre o para casa"
    practice = "*More practice*" if lang == "en" else "*Más práctica*"
    for n in ("01", "02", "03", "04", "05"):
        time_line = next(line for line in page(lang, n).splitlines() if line.startswith(("**Time:**", "**Tiempo:**")))
        assert practice in time_line and extra in time_line, (n, time_line)
    lesson4 = page(lang, "04")
    lines = lesson4.splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith(("### Exercise 11", "### Ejercicio 11")))
    assert lines[heading + 2].replace("**", "").lower().startswith(extra.lower())
    assert ("exercises 8 to 11" if lang == "en" else "los ejercicios del 8 al 11") in lesson4.splitlines()[20]
    # the extra exercises sit in the page's last part, after the closing fact and before the closing question
    part = lesson4.index("## If you have time" if lang == "en" else "## Si te sobra tiempo")
    assert lesson4.index("start_result_after_guess()") < part < lesson4.index('L.exercise("turns"')
    assert lesson4.index('L.exercise("turns"') < lesson4.index('L.exercise("l4_ex10"')
    assert part < lesson4.index('L.exercise("l4_ex11"') < lesson4.index("L.practice(4")
    assert lesson4.index("L.practice(4") < lesson4.index("L.reflection(4")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4s_closing_guess_says_draw_as_rule_4_does(lang):
    from gamekit.dots.lesson4_tables import START_GUESSES, start_result

    with using(lang):
        guesses = [tr(g) for g in START_GUESSES]
        one_by_two = str(start_result(1, 2))
    assert ("a draw" if lang == "en" else "empate") in guesses
    assert "tie" not in " ".join(guesses) and "tie" not in one_by_two
    assert ("a draw, 1–1" if lang == "en" else "empate, 1–1") in one_by_two


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_glossary_defines_junction_from_lesson_3_in_the_worksheet_cards_words(lang):
    from gamekit.dots.glossary import glossary_table

    with using(lang):
        rows = {row[0]: row[2] for row in glossary_table(3).rows}
        earlier = [row[0] for row in glossary_table(2).rows]
    term = "junction" if lang == "en" else "empalme"
    assert term not in earlier
    card = (
        "A box with no side drawn, or only one: several chains can meet there."
        if lang == "en"
        else "Una casilla sin ningún lado trazado, o con uno solo: allí se pueden juntar varias cadenas."
    )
    assert rows[term] == card
    assert ("junction" if lang == "en" else "empalme") in rows["chain" if lang == "en" else "cadena"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_2_asks_for_a_prediction_the_pupil_can_reason(lang):
    text = " ".join(page(lang, "02").split())
    ask = "count the safe lines on the first board" if lang == "en" else "cuenta las líneas seguras del primer tablero"
    assert ask in text and text.index(ask) < text.index("step_through(")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1s_worksheet_asks_its_practice_in_lesson_1s_words(lang):
    """The worksheet printed the bank's "With best play the game ends … A wrong line costs …", words lesson 1
    has not taught; it now asks what the page asks."""
    from gamekit.dots import lessons as L

    folder = ROOT / "docs/teachers" / ("es/worksheets" if lang == "es" else "worksheets") / "dots_and_boxes"
    sheet = (folder / "01_rules_and_terms.md").read_text(encoding="utf-8")
    for words in ("With best play", "A wrong line costs", "Con el mejor juego", "Una línea equivocada"):
        assert words not in sheet
    with using(lang):
        prompts = [ex.prompt.replace("<b>", "").replace("</b>", "") for ex in L.practice_exercises(1)]
    assert all(p in sheet for p in prompts)


def test_the_spanish_says_in_second_place_and_one_person_in_lesson_5s_count():
    from gamekit.dots import lessons as L

    with using("es"):
        lesson5 = L.exercises(5)["control_price"]
        malformed = lesson5.check("x")[1]
        prompt = lesson5.prompt
        second = tr("moves second")
    assert second == "juega en segundo lugar"
    assert "juega segundo" not in (ROOT / "docs/teachers/es/dots.md").read_text(encoding="utf-8")
    # the question speaks of Gold in the third person throughout (the worksheet prints it for any pupil)
    assert "tú, con" not in prompt and "Dorado se ha llevado" in prompt and "¿llevárselas o rechazarlas?" in prompt
    assert "se las lleva" not in malformed and "si las rechaza," not in malformed
