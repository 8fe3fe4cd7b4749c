"""Review r22 corrections to the Dots lessons: lesson 5's challenge boards carry no hints, its right answers say why
taking beats refusing, and its wording says what leaving two keeps (control, not a chain)."""

import pytest

from gamekit.dots import lesson_pictures
from gamekit.dots import lessons as L
from gamekit.dots.lesson5_exercises import deal_lines
from gamekit.dots.lesson5_take_all import all_but_four_lines
from gamekit.dots.lesson_exercise import final_score_text
from gamekit.dots.lesson_positions import components, third_side_boxes
from gamekit.dots.solver import move_values
from gamekit.i18n import using


@pytest.mark.parametrize("name", ["l5_ex8", "challenge_loop", "l5_ex10"])
def test_lesson_5_challenge_boards_with_boxes_on_offer_have_no_third_side_tint(name):
    """The challenge's intro promises no new hints for exercises 8 to 10: the red tint showed where the offer is."""
    ex = L.exercises(5)[name]
    assert third_side_boxes(ex.game)  # boxes the tint would have marked
    assert ex.third_sides is False
    tints, _ = lesson_pictures.highlights(ex.game, third_sides=ex.third_sides, parts=ex.parts, last=False)
    colours = tints.values() if isinstance(tints, dict) else tints
    assert lesson_pictures.THIRD_SIDE_TINT not in colours


def _right_lines(ex):
    values = move_values(ex.game)
    best = max(values.values())
    return sorted(line for line, v in values.items() if v == best), values


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_5_right_answer_says_why_taking_beats_the_double_deal(lang):
    with using(lang):
        ex = L.exercises(5)["l5_ex5"]
        right, values = _right_lines(ex)
        deal = deal_lines(ex.game)[0]
        rest = sorted((p.length for p in components(ex.game) if not p.opened), reverse=True)
        final = final_score_text(ex.game, values[deal])
        for line in right:
            ok, words = ex.check(line)
            assert ok and deal in words and final in words, words
            assert ("Taking beats refusing" if lang == "en" else "Llevártelas es mejor que rechazarlas") in words
            assert ("short chains of" if lang == "en" else "cadenas cortas de") in words
            assert all(str(n) in words for n in rest)
    assert values[deal] < max(values.values())  # the reason is the solver's: the double-deal is worse


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_8_right_answer_says_why_taking_beats_all_but_four(lang):
    with using(lang):
        ex = L.exercises(5)["l5_ex8"]
        right, values = _right_lines(ex)
        refusal = all_but_four_lines(ex.game)[0]
        final = final_score_text(ex.game, values[refusal])
        for line in right:
            ok, words = ex.check(line)
            assert ok and refusal in words and final in words, words
            assert ("Taking beats refusing" if lang == "en" else "Llevártelas es mejor que rechazarlas") in words
        ok, words = ex.check(refusal)  # the refusal keeps its own reason
        assert not ok and "Taking beats refusing" not in words and "Llevártelas es mejor" not in words
    assert values[refusal] < max(values.values())


@pytest.mark.parametrize(
    "lang, kept, gone", [("en", "keep control", "keep a chain"), ("es", "el control", "conserva una cadena")]
)
def test_lesson_5_exercise_2_says_leaving_two_keeps_control(lang, kept, gone):
    ex = L.exercises(5)["loop_six"]
    n = max(p.length for p in components(ex.game) if p.opened)
    with using(lang):
        ok, words = L.exercises(5)["loop_six"].check(str(n - 2))
    assert not ok and kept in words and gone not in words, words


@pytest.mark.parametrize(
    "lang, path, term, definition",
    [
        (
            "en",
            "notebooks/dots_and_boxes/03_chains_and_loops.md",
            "short chain",
            "A chain of 1 or 2 boxes is a **short chain**",
        ),
        (
            "es",
            "notebooks/es/dots_and_boxes/03_chains_and_loops.md",
            "cadena corta",
            "Una cadena de 1 o 2 casillas es una **cadena corta**",
        ),
    ],
)
def test_lesson_3_defines_short_chain_before_it_first_uses_it(lang, path, term, definition):
    """Lesson 3 used "short chain" (objectives, a heading, exercise 5) but only lesson 5 defined it."""
    from pathlib import Path

    from gamekit.teacher_sheets import worksheet_markdown

    page = " ".join((Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8").split())
    body = page[page.index("*Long and short.*" if lang == "en" else "*Largas y cortas.*") :]
    assert definition in body
    assert body.index(definition) < body.lower().index(term, body.index(definition) + len(definition))
    first_heading = page.index("## Handing over a short chain" if lang == "en" else "## Entregar una cadena corta")
    assert page.index(definition) < first_heading
    sheet = worksheet_markdown("gamekit.dots.lessons", L.LESSONS[3].notebook, lang)
    card = sheet[: sheet.index("## " + ("Exercise 1" if lang == "en" else "Ejercicio 1"))]
    assert ("**Short chain:** a chain of 1 or 2 boxes." if lang == "en" else "**Cadena corta:**") in card


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_chains_step_through_ends_with_what_happened_not_a_verdict(lang):
    with using(lang):
        last = lesson_pictures.steps("chains")[-1].caption
    assert ("and lost" if lang == "en" else "y perdió") not in last
    assert ("so had to" if lang == "en" else "por eso") not in last
    assert ("Coral took the whole chain of 7" if lang == "en" else "Coral se llevó la cadena de 7 entera") in last


def _text(path: str) -> str:
    from pathlib import Path

    return " ".join((Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8").split())


def test_lesson_2_says_the_next_player_can_take_a_box_with_three_sides():
    """Lessons 3 and 5 teach refusing: the next player *can* draw the fourth side, they need not."""
    assert "Whoever moves next can draw the fourth side" in _text("notebooks/dots_and_boxes/02_third_sides.md")
    assert "Whoever moves next draws the fourth side" not in _text("notebooks/dots_and_boxes/02_third_sides.md")
    es = _text("notebooks/es/dots_and_boxes/02_third_sides.md")
    assert "Quien juega después puede trazar el cuarto lado" in es and "después traza el cuarto lado" not in es


def test_guide_lesson_1_opens_with_the_objectives_not_a_recall():
    """Lesson 1 has no earlier lesson to recall."""
    assert "| 2 | the objectives (the first lesson: nothing to recall) |" in _text("docs/teachers/dots.md")
    assert "| 2 | los objetivos (es la primera lección: no hay nada que repasar) |" in _text("docs/teachers/es/dots.md")


def test_spanish_dots_words_all_but_four_trick_and_one_phrase_for_instead_of():
    from gamekit.dots import lesson_pictures as P  # noqa: F401  (the Dots messages are marked on import)
    from gamekit.i18n import tr

    with using("es"):
        words = tr(
            "{line} is all-but-four: {other} takes the four boxes and must open the next chain. But {other} "
            "hands {seat} the chain of 2 by its middle line, and then {seat} must open the chain of 3: the four "
            "boxes bought nothing back. With best play the game would end {final} instead of {final2}.",
            line="c1-c2",
            other="Coral",
            seat="Dorado",
            final="x",
            final2="y",
        )
    assert words.startswith("c1-c2 es la jugada de «todas menos cuatro»:") and "en vez de" in words
    practice = _text("notebooks/es/practice/01_dots_and_boxes.md")
    assert "costumbre" not in practice and "cada truco rápido resuelve menos de un problema de cada tres" in practice
    for path in (
        "docs/teachers/es/dots.md",
        "notebooks/es/practice/01_dots_and_boxes.md",
        *(f"notebooks/es/dots_and_boxes/0{n}_{name}.md" for n, name in ((1, "rules_and_terms"), (2, "third_sides"))),
        "notebooks/es/dots_and_boxes/03_chains_and_loops.md",
        "notebooks/es/dots_and_boxes/04_long_chain_rule.md",
        "notebooks/es/dots_and_boxes/05_double_dealing_and_control.md",
    ):
        assert "en lugar de" not in _text(path), path


def test_spanish_lesson_feedback_says_en_vez_de_never_en_lugar_de():
    """Exercises 2 and 5 said «en vez de», exercise 4 «en lugar de» for the same "instead of"."""
    seen = 0
    with using("es"):
        for n in range(1, 6):
            for ex in L.exercises(n).values():
                for answer in list(getattr(ex, "wrong", None) or [])[:6]:
                    try:
                        _, words = ex.check(answer)
                    except ValueError:
                        continue
                    assert "en lugar de" not in words, (ex.key, answer, words)
                    seen += "en vez de" in words
    assert seen


def test_lesson_5s_four_challenges_all_have_no_third_side_tint_and_the_page_says_so():
    """Exercise 7 had the three-side tint and 8 to 10 did not, with no reason given: none has it now, and the text
    above the challenge (exercises 8 and 9 in class, 10 and 11 for spare time) tells the pupil so (en, es)."""
    exercises = L.exercises(5)
    for name in ("challenge_steer", "l5_ex8", "challenge_loop", "l5_ex10"):
        assert exercises[name].third_sides is False, name
    for lang, words in (
        ("en", "no colour marks the boxes with three sides"),
        ("es", "ningún color marca las casillas"),
    ):
        folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
        assert words in _text(f"{folder}/05_double_dealing_and_control.md"), lang


def test_spanish_lessons_name_levels_as_the_glossary_and_worksheets_do():
    """The glossary's words are «nivel fácil / nivel medio / nivel difícil», as on the Spanish worksheets; the
    lessons said «(dificultad media)». Two clumsy repetitions (lessons 1 and 2) are gone too."""
    import re
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "notebooks" / "es" / "dots_and_boxes"
    for page in sorted(folder.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        assert "dificultad" not in text, page.name
        for level in re.findall(r"^##+ Ejercicio \d+ .*\(([^)]*)\)$", text, re.M):
            assert level in ("nivel fácil", "nivel medio", "nivel difícil"), (page.name, level)
    assert "Así que trazar" not in _text("notebooks/es/dots_and_boxes/02_third_sides.md")
    assert "un tablero **contra la CPU** en el tablero" not in _text(
        "notebooks/es/dots_and_boxes/01_rules_and_terms.md"
    )


def test_lesson_2_exercise_7_says_coral_gave_the_boxes_away_by_mistake():
    """Its position has Coral giving boxes away with safe lines left, against the lesson's own rule: the prompt says
    so, in one sentence, and the position really has safe lines left before Coral's last line."""
    from gamekit.dots.lesson_positions import POSITIONS, safe_lines
    from gamekit.dots.rules import DotsAndBoxes

    width, height, moves = POSITIONS["long_run"]
    before = DotsAndBoxes.from_moves(width, height, " ".join(moves.split()[:-1]))
    assert safe_lines(before)
    for lang, said in (
        ("", "That was a mistake: Coral still had safe lines to draw."),
        ("es/", "Fue un error: a Coral aún le quedaban líneas seguras."),
    ):
        assert said in _text(f"notebooks/{lang}dots_and_boxes/02_third_sides.md"), lang
