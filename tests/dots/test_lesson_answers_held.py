"""Lessons 1, 3, 4 and 5: what a fresh reader found giving answers away or saying two things, fixed.

* Lesson 3's objective said how to hand over a 2-chain (exercises 5 and 6's answer); its two-ways explanation, and
  lesson 4's "why the sacrifice worked" paragraphs under exercises 8 and 10, stood right under the exercise they
  answer: they open only once it is answered.
* Lesson 5's exercise 10 prompt gave half the plan; exercise 6's hint named the chains still to come.
* Lesson 4's tally wrote "Gold" on rows with no long chain forming, then said the second player wins 3×3: those
  rows now say "–", the count predicts nothing yet.
* Lesson 4's "why it works" is a worked count of turns; exercise 6's wrong winner gets the odd/even reason.
* Lesson 1's board table gave lesson 4's dot counts.
* Spanish: «inclinar la cuenta a tu favor» for steering, «llevar la cuenta» for the tally.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gamekit
from gamekit.dots import lessons as L
from gamekit.dots.lesson_explanations import EXPLANATIONS, Explanation, explanation
from gamekit.i18n import tr, using

ROOT = Path(__file__).resolve().parents[2]


def _page(lang: str, name: str) -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return next(folder.glob(f"{name}_*.md")).read_text(encoding="utf-8")


def _flat(text: str) -> str:
    return " ".join(text.split())


HELD = [  # (lesson page, exercise, explanation, a sentence of it that answers the exercise)
    ("04", "l4_ex8", "sacrifice", "the right gift turns two short chains into two long ones"),
    ("04", "l4_ex11", "sacrifice_coral", "Gold can no longer make a second long chain"),
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("page, key, name, sentence", HELD)
def test_an_explanation_under_its_exercise_opens_only_once_it_is_answered(lang, page, key, name, sentence):
    from tests.dots.test_lesson_giveaways import walk

    text = _page(lang, page)
    call = f'L.after_exercise("{key}", score, explanation("{name}"))'
    assert text.index(f'L.exercise("{key}"') < text.index(call)
    with using(lang):
        held_text = str(explanation(name))
    if lang == "en":
        assert sentence in held_text
    else:
        assert sentence not in held_text and held_text != str(Explanation(EXPLANATIONS[name]))
    # the page as a pupil reads it: nothing of the explanation is on it before the exercise is answered
    first = held_text.split(". ")[0]
    texts = [
        _flat(str(i[1]))
        for i in walk(lang, f"{page}_{'chains_and_loops' if page == '03' else 'long_chain_rule'}.md")
        if i[0] == "text"
    ]
    assert not any(_flat(first) in t for t in texts), first
    # the markdown no longer carries it either
    assert _flat(first) not in _flat(text)
    gamekit.set_language(lang)
    try:
        score = L.LessonScore(f"held explanation {name} {lang}")
        ex = L.exercise(key, score)
        held = L.after_exercise(key, score, explanation(name))
        closed = held.children[0].value
        assert first[:30] not in closed and ("answer" in closed or "respuesta" in closed)
        exercise = ex.exercise
        wrong = next(w for w in exercise.wrong if not exercise.check(w)[0])
        assert not ex.submit(wrong)[0]
        assert held.children[0].value == closed  # a wrong answer keeps it closed
        assert ex.submit(exercise.solutions[0])[0]
        opened = held.children[0].value
        assert "<p>" in opened and "**" not in opened and first.replace("**", "")[:30] in re.sub("<[^>]+>", "", opened)
    finally:
        gamekit.set_language("en")


def test_an_explanation_marks_bold_and_italics_and_refuses_an_unknown_name():
    html = explanation("handouts")._repr_html_()
    assert "<b>half-hearted handout</b>" in html and "<i>you</i>" in html and "**" not in html
    assert html.count("<p>") == 2  # the two handouts; "two_chain_lines", taught before exercise 5, is its own
    with pytest.raises(KeyError, match="handouts"):
        explanation("no_such")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3s_objectives_do_not_say_how_to_hand_over_a_2_chain(lang):
    head = _flat(_page(lang, "03").split("```{code-cell}")[0])
    for words in ("middle line", "cannot refuse", "del medio", "no pueda rechazarla"):
        assert words not in head, words
    assert ("choose how to hand over a 2-chain" if lang == "en" else "elegir cómo entregar una cadena de 2") in head


def test_lesson_5s_exercise_10_prompt_and_exercise_6_hint_leave_the_plan_to_the_pupil():
    for lang in ("en", "es"):
        with using(lang):
            five = L.exercises(5)
            prompt = five["l5_ex10"].prompt
            hint = five["l5_ex6"].hint
        assert "box first" not in prompt and "primero la casilla" not in prompt, prompt
        assert "two lines" not in prompt and "dos líneas" not in prompt, prompt  # refusing at once is one line
        assert hint.rstrip().endswith("?")
        assert not re.search(r"chain of \d|cadena de \d", hint), hint


def test_lesson_4s_wrong_winner_is_told_to_check_odd_or_even():
    """Exercise 6: the long chains are counted right before a name is judged, so "3, Gold" is an odd/even slip."""
    with using("en"):
        ex = L.exercises(4)["who_wins"]
        ok, feedback = ex.check("3, Gold")
    assert ex.solutions == ["3, Coral"] and not ok
    assert feedback.startswith("No: check odd or even. Count the dots, add the 3 long chains")
    with using("es"):
        ex = L.exercises(4)["who_wins"]
        ok, feedback = ex.check("3, Dorado")
    assert "3, Dorado" in ex.wrong and not ok and feedback.startswith("No: revisa si es par o impar.")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_tally_says_dash_while_no_long_chain_forms(lang):
    from gamekit.dots.lesson_exercise import why_line
    from gamekit.dots.lesson_positions import SEQUENCES
    from gamekit.dots.lesson_worksheets import NO_PREDICTION, tally_rows, tally_sheet, tally_table
    from gamekit.dots.rules import DotsAndBoxes

    with using(lang):
        rows = tally_rows()
        caption = tally_table().caption
        sheet = tally_sheet()
        quiet = why_line(DotsAndBoxes(3, 3), SEQUENCES["tally_game"]["steps"][0])
    assert [r[3] for r in rows if not r[1]] and all(r[3] == NO_PREDICTION for r in rows if not r[1])
    assert all(r[3] != NO_PREDICTION for r in rows if r[1])
    nothing = "predicts nothing" if lang == "en" else "no predice nada"
    assert caption.startswith(tr("The long-chain count after each line") if lang == "en" else "La cuenta")
    # the table starts where a long chain forms: the dash is for the lines before it, which need no row
    assert nothing in caption and nothing in sheet
    assert ("it does not say yet who will win" if lang == "en" else "aún no dice quién ganará") in sheet
    assert nothing in quiet and "16 + 0" not in quiet


@pytest.mark.parametrize("lang", ["en", "es"])
def test_why_the_rule_works_is_a_worked_count_of_turns(lang):
    """The table under "why it works": one row per number of long chains on a small board, turns = dots + long
    chains − 1 (control kept), and the last turn is Gold's when the turns are odd, that is when the total is even."""
    from gamekit.dots.rules import DotsAndBoxes

    page = _page(lang, "04")
    start = page.index("Why it works, in short" if lang == "en" else "Por qué funciona, en pocas palabras")
    section = page[start : page.index('L.exercise("dots_7x5"')]
    board = re.search(r"(\d)×(\d)", section)
    dots = DotsAndBoxes(int(board.group(1)), int(board.group(2))).geometry.n_dots
    assert f"{dots} dots" in section or f"{dots} puntos" in section
    rows = re.findall(r"^\| (\d) \| (\d+) \+ (\d) = (\d+), (\w+) \| (\d+) \| (\w+) \|$", section, flags=re.M)
    assert len(rows) >= 2
    gold, odd, even = ("Gold", "odd", "even") if lang == "en" else ("Dorado", "impar", "par")
    for k, d, k2, total, parity, turns, last in rows:
        assert int(d) == dots and k == k2 and int(total) == dots + int(k)
        assert parity == (even if int(total) % 2 == 0 else odd)
        assert int(turns) == dots + int(k) - 1
        assert (last == gold) == (int(turns) % 2 == 1) == (int(total) % 2 == 0)
    # short sentences: none of the section's prose runs past 30 words
    prose = re.sub(r"^\|.*$", "", section, flags=re.M)
    assert max(len(s.split()) for s in re.split(r"(?<=[.:])\s", _flat(prose))) <= 30


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1_gives_no_board_s_dots_that_lesson_4_asks(lang):
    from gamekit.dots.glossary import board_sizes_table

    with using(lang):
        table = board_sizes_table()
        asked = [str(s) for key in ("dots_7x5",) for s in L.exercises(4)[key].solutions]
    header = " ".join(table.headers).lower() if hasattr(table, "headers") else str(table).splitlines()[0].lower()
    assert "dots" not in header and "puntos" not in header
    assert "48" in asked
    page = _page(lang, "01")
    assert "30 dots" not in page and "30 puntos" not in page and "6 × 5" not in page


def test_spanish_steers_the_count_and_keeps_llevar_la_cuenta_for_the_tally():
    page = _flat(_page("es", "04"))
    guide = _flat((ROOT / "docs/teachers/es/dots.md").read_text(encoding="utf-8"))
    assert "## Inclinar la cuenta a tu favor mientras quedan líneas seguras" in _page("es", "04")
    assert "### Lleva un registro (predice y comprueba)" in _page("es", "04")
    assert "incline la cuenta de cadenas a tu favor" in page
    for text in (page, guide):
        assert not re.search(r"llev\w* la cuenta (de cadenas )?a (tu|su) favor", text)
        assert "llevar la cuenta con" not in text and "llevar la cuenta jugando" not in text
    assert "llevársela" in guide and "y llevártela;" not in guide
    with using("es"):
        for msg in (
            "The idea: count the long chains and steer the count your way.",
            "Why: this line steers the count of long chains your way, and the count decides who opens them.",
        ):
            assert "inclina la cuenta" in tr(msg)
    for path in (ROOT / "notebooks/es/dots_and_boxes").glob("*.md"):
        assert "rótulo" not in path.read_text(encoding="utf-8"), path.name


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_who_wins_wrong_feedback_names_neither_the_winner_nor_the_score(lang):
    """A wrong name is pointed at the odd/even step: the feedback does not say who wins nor how the game ends, so a
    second try can still fail. Seats are named only in the rule's own sentence (who wants which total)."""
    from gamekit.dots.lesson4_exercises import who_wants_which

    with using(lang):
        ex = L.exercises(4)["who_wins"]
        rule = who_wants_which()
        seats = {tr("Gold"), tr("Coral")}
        final = next(leak for leak in ex.leaks)  # "Gold g, Coral c", as the score is written
        count = ex.solutions[0].split(", ")[0]
        wrong_names = [w for w in ex.wrong if w.split(", ")[0] == count]
        assert len(wrong_names) == 2  # the other seat and a draw
        for answer in wrong_names:
            ok, feedback = ex.check(answer)
            assert not ok and rule in feedback and final not in feedback, feedback
            rest = feedback.replace(rule, "")
            assert not [s for s in seats if s in rest], feedback
            assert not re.search(r"\d+ \+ \d+ = \d+", feedback), feedback  # the sum would give the parity


OFF_BY_ONE = ("one too many", "one short", "one too few", "uno de más", "una de más", "te falta una", "te sobra uno")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_dots_exercise_feedback_states_the_answer(lang):
    """Every listed wrong answer of every Dots exercise: its feedback does not contain an accepted line, the
    exercise's own leaks (the answer as a text would show it), nor "one too many/one short", which gives a count
    away as the wrong answer plus or minus one."""
    with using(lang):
        for n in range(1, 6):
            for key, ex in L.exercises(n).items():
                for answer in ex.wrong:
                    ok, feedback = ex.check(answer)
                    low = feedback.lower()
                    assert not ok, (key, answer)
                    assert not any(str(leak) in feedback for leak in ex.leaks if str(leak)), (key, answer, feedback)
                    assert not low.startswith(OFF_BY_ONE), (key, answer, feedback)
                    for solution in ex.solutions:
                        if isinstance(solution, str) and re.fullmatch(r"[a-z]\d+-[a-z]\d+", solution):
                            assert solution not in feedback, (key, answer, feedback)
