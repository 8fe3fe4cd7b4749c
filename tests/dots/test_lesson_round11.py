"""Dots and Boxes lessons, round 11: what the last fresh reader found in lessons 3, 4 and 5."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import analysis
from gamekit.dots import lesson_positions
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values
from gamekit.i18n import tr, using

ROOT = Path(__file__).resolve().parents[2]


def _raw(lang: str, name: str) -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return next(folder.glob(f"{name}_*.md")).read_text(encoding="utf-8")


def _page(lang: str, name: str) -> str:
    return " ".join(_raw(lang, name).split())


# ----- lesson 4: the tally's instructions say one thing ---------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_tally_step_through_asks_for_the_same_row_as_the_page_and_the_worked_row(lang):
    """The page said to write the count and whom it suits on every row (0, 16 + 0 = 16, Gold while nothing forms);
    the step-through's caption said to write whom it suits only "once there is one". Both now ask for the same
    three things on every row, and the worked row fills one in with nothing forming."""
    from gamekit.dots.lesson_worksheets import tally_worked_row

    page = _page(lang, "04")
    with using(lang):
        intro = tr(lesson_positions.SEQUENCES["tally_game"]["intro"])
        worked = str(tally_worked_row())
    # the pupil writes rows only from the first line after which a long chain forms (8), which the page, the intro
    # and the paragraph before the table leave to the pupil to spot: none names a line before it
    if lang == "en":
        assert "once there is one" not in intro
        assert "long chains forming" in intro and "dots + long chains" in intro and "whom that suits" in intro
        assert "From the first line after which one is forming" in intro
        assert "Once one is forming, write one row for that line and for each line after it, up to line 13." in page
        assert "Your table starts at the first line after which a long chain is forming" in worked
        assert "Gold" not in worked
    else:
        assert "en cuanto haya una" not in intro
        assert "puntos + cadenas largas" in intro and "a quién le conviene" in intro
        assert "A partir de la primera línea tras la cual ya se está formando una" in intro
        assert (
            "En cuanto se forme una, escribe una fila para esa línea y para cada línea siguiente, hasta la línea 13."
            in page
        )
        assert "Tu tabla empieza en la primera línea tras la cual ya se está formando una cadena larga" in worked
        assert "después de la que" not in intro + worked + page
        assert "Dorado" not in worked
    for text in (intro, worked, page[page.index("### " + ("Keep a tally" if lang == "en" else "Lleva un registro")) :]):
        for hint in ("1 to 7", "line 8", "1 a 7", "línea 8", "la 8 "):
            assert hint not in text, hint


# ----- lesson 4: why the rule works, as the page says it ----------------------------------------------------------
def _play_out(game: DotsAndBoxes) -> DotsAndBoxes:
    """The game played to its end by the exact solver (the first best line in name order each time)."""
    while not game.is_over():
        values = move_values(game)
        best = max(values.values())
        game.play(sorted(line for line, v in values.items() if v == best)[0])
    return game


def _long(game: DotsAndBoxes) -> int:
    return analysis.long_chain_rule(game).long_chains


def _turns_beyond_the_count(game: DotsAndBoxes) -> int:
    """Turns of the whole game played out from ``game`` (no safe line left) minus dots + long chains − 1."""
    dots, long = game.geometry.n_dots, _long(game)
    end = _play_out(game.copy())
    assert analysis.turns_taken(end) == dots + len(analysis.double_crosses(end))  # the identity under the rule
    return analysis.turns_taken(end) - (dots + long - 1)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_no_longer_says_exactly_dots_plus_long_chains_minus_one_turns(lang):
    """With a refused loop the game has two more turns than dots + long chains − 1: the page says the count holds
    when control is kept, that a loop can add 2 turns, and that 2 does not change odd or even."""
    page = _page(lang, "04")
    if lang == "en":
        assert "exactly dots + long chains − 1 turns" not in page
        assert "Suppose the player with control keeps it to the end" in page
        assert re.search(
            r"the whole game has dots \+ long chains − 1 turns\. (?:\d+\. )?A loop can add 2 more turns", page
        )
        assert "adding 2 does not change odd or even" in page.lower()
    else:
        assert "exactamente puntos + cadenas largas − 1 turnos" not in page
        assert "Supón que quien tiene el control lo mantiene hasta el final" in page
        assert "Un bucle puede añadir 2 turnos más" in page


def test_the_turn_count_of_the_page_holds_with_control_kept_and_a_loop_adds_two():
    """The statement's cases, played out by the exact solver. No loop: exactly dots + long chains − 1 turns (the
    tally's game after its 13 safe lines; lesson 5's double-deal board). A loop refused by the player in control
    (all-but-four): 2 more, the same odd/even. A loop taken whole by the player in control while a long chain is
    still to come gives control away, and the odd/even changes: why the page says "suppose the player with
    control keeps it"."""
    tally = DotsAndBoxes.from_moves(3, 3, " ".join(lesson_positions.REAL_GAME.split()[:13]))
    assert not analysis.safe_lines(tally) and _long(tally) == 2
    assert _turns_beyond_the_count(tally) == 0
    assert _turns_beyond_the_count(lesson_positions.position("double_deal")) == 0
    for name in ("loop_six", "four_by_four", "long_chains"):
        game = lesson_positions.position(name)
        assert any(p.kind == "loop" for p in analysis.components(game)), name
        assert _turns_beyond_the_count(game) == 2, name
    given_up = lesson_positions.position("chain_and_loop")  # a chain of 3 and a loop of 6: Coral has control
    assert analysis.long_chain_rule(given_up).favoured == 1 and given_up.to_move == 0
    end = _play_out(given_up.copy())
    assert _turns_beyond_the_count(given_up) == 1
    assert end.owners[next(p for p in analysis.components(given_up) if p.kind == "chain").boxes[0]] == 0


# ----- lesson 5: nothing above exercise 2 (the loop) or the final challenge argues its answer ------------------------
def _prose(text: str) -> str:
    """The prose of a stretch of page: code cells left out."""
    return " ".join(re.sub(r"```.*?```", " ", text, flags=re.S).split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_nothing_above_the_loop_exercise_says_how_many_boxes_to_leave(lang):
    """ "Take all but the last four", just above the exercise that asks how many of a loop of 6 to take, gave 6 − 4.
    The loop exercise now comes straight after the double-deal (exercise 2), before the page explains
    all-but-four; no objective, heading or sentence above it speaks of four boxes or of all-but-four."""
    from gamekit.dots import lessons as L

    raw = _raw(lang, "05")
    cell = raw.index('L.exercise("loop_six"')
    above = _prose(raw[:cell]).lower()
    for word in ("four", "all-but", "cuatro", "todas menos"):
        if word in ("four",) and lang == "en":
            assert re.sub(r"grabs all four boxes", "", above).count("four") == 0, above
        elif word == "cuatro" and lang == "es":
            assert re.sub(r"se lleva las cuatro casillas", "", above).count("cuatro") == 0, above
        else:
            assert word not in above, word
    heads = [line for line in raw.splitlines() if line.startswith("#")]
    first_two = [h for h in heads if re.match(r"###? (Exercise|Ejercicio) [12] ", h)]
    assert len(first_two) == 2 and list(L.LESSONS[5].exercises)[:2] == ["double_deal_score", "loop_six"]
    held = 'L.after_exercise("loop_six", score, explanation("leave_four"))'  # all-but-four, once ex. 2 is answered
    assert cell < raw.index(held) < raw.index('L.exercise("control_price"')


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_short_chain_rule_is_stated_once_in_the_method_above_the_exercises_that_apply_it(lang):
    """Short chains cannot be refused, so they hand the job of opening on: that is part of lesson 5's take-or-refuse
    method (a tally that counted them as refusable gave exercise 6 wrong numbers), stated once, above exercise 3;
    exercises 5, 6 and 8 apply it, and no summary repeats it below the final challenge."""
    raw = _page(lang, "05")
    said = (
        "the player who opens a short chain chooses how" if lang == "en" else "quien abre una cadena corta elige cómo"
    )
    at = raw.lower().index(said)
    assert raw.lower().count(said) == 1
    # two sentences right before exercise 6, the first exercise that needs it (exercise 5 is solved by the two
    # steps alone: no long chain comes after its chain)
    assert raw.index('L.exercise("l5_ex5"') < at
    for name in ("l5_ex6", "l5_ex8", "challenge_loop", "l5_ex10"):
        assert at < raw.index(f'L.exercise("{name}"')


# ----- lesson 3 (and every lesson): reflections and the order of the exercises ---------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_dots_reflection_starts_explain_in_one_sentence(lang):
    """Lessons 2–5 asked their closing question first and "Explain in one sentence" last (lesson 3: "Answer in one
    sentence"): every one now starts with it, in both languages, as the house rule says."""
    from gamekit.dots import lessons as L

    start = "Explain in one sentence" if lang == "en" else "Explica en una frase"
    with using(lang):
        questions = [tr(q) for q in L.REFLECTIONS.values()]
    assert len(questions) == 5 and all(q.startswith(start) for q in questions), questions


def test_lesson_3_counts_first_then_decides_easy_to_hard():
    """Lesson 3 went back to counting (boxes in loops, "hard") after its two decisions: the four counting exercises
    come first, the hand-over decisions last (exercise 7 practises the handout once it is taught), and the levels
    never go down the page."""
    from gamekit.dots import lessons as L

    lesson = L.LESSONS[3]
    names = list(lesson.exercises)
    assert names == [
        "count_small_chains",
        "count_chains",
        "chain_lengths",
        "count_loops",
        "hand_over",
        "l3_ex6",
        "l3_ex7",
    ]
    rank = {"easy": 0, "medium": 1, "hard": 2}
    levels = [rank[lesson.levels[n]] for n in names]
    assert levels == sorted(levels) and levels[-1] == 2
    for lang in ("en", "es"):
        raw = _raw(lang, "03")
        assert [raw.index(f'L.exercise("{n}"') for n in names] == sorted(raw.index(f'L.exercise("{n}"') for n in names)
        heads = re.findall(r"^## (?:Exercise|Ejercicio) (\d) ", raw, re.M)
        assert heads == ["1", "2", "3", "4", "5", "6", "7"], heads


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3s_prose_sentences_stay_short(lang):
    """The reader marked lesson 3's long sentences (how a chain is handed over, the chain of 1, the step-throughs'
    mistakes, the play slot): no sentence of its prose, outside the objectives list, runs past 25 words."""
    page = re.sub(r"```.*?```", "", _raw(lang, "03"), flags=re.S)
    page = re.sub(r"\A---.*?---", "", page, flags=re.S)
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", page) if p.strip()]
    kept = [p for p in paragraphs if not p.startswith(("* ", "#", "**Time", "**Tiempo"))]
    sentences = [s for p in kept for s in re.split(r"(?<=[.!?)])\s+(?=[(*¿¡A-Z])", p)]
    long = [s for s in sentences if len(s.split()) > 25]
    assert not long, long


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_loop_exercise_feedback_does_not_use_a_term_the_page_teaches_after_it(lang):
    """Exercise 2 of lesson 5 is asked before the page names all-but-four: its feedback says what to do (take all
    but the last four) without the name, for every answer from 0 to 6."""
    from gamekit.dots import lessons as L

    term = "all-but-four" if lang == "en" else "todas menos cuatro"
    with using(lang):
        ex = L.exercises(5)["loop_six"]
        texts = [ex.check(k)[1] for k in range(0, 7)]
    assert ex.check(2)[0] and not any(ex.check(k)[0] for k in (0, 1, 3, 4, 5, 6))
    assert not [t for t in texts if term in t.lower()], texts
    assert len(set(texts)) >= 4


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3s_loop_step_through_uses_only_lesson_3s_ideas(lang):
    """The loop step-through after exercise 6 showed a chain of 3 refused after its first box (lesson 5's
    double-deal) and judged it: it now shows a 2-chain opened at an end, refused by the far end (lesson 3's
    refusal), the mistake named with the middle line, and the loop then taken whole; no caption uses lesson 5's
    words, and the board is not exercise 6's."""
    from gamekit.dots import lesson_pictures

    spec = lesson_positions.SEQUENCES["loop"]
    start = DotsAndBoxes.from_moves(*spec["start"])
    assert sorted((p.kind, p.length) for p in analysis.components(start)) == [("chain", 2), ("loop", 6)]
    assert start.to_move == 0 and not analysis.safe_lines(start)
    values = move_values(start)
    assert values[spec["steps"][0]] < max(values.values())  # Gold's end of the 2-chain is the mistake shown
    with using(lang):
        captions = [step.caption for step in lesson_pictures.steps("loop")]
    words = ("double", "doble", "lesson 5", "lección 5")
    assert not [c for c in captions if any(w in c.lower() for w in words)], captions
    better = "b3-b4 would have won Gold more boxes" if lang == "en" else "b3-b4"
    assert better in captions[1]
    refused = "leaves the 2 boxes to Gold" if lang == "en" else "le deja las 2 casillas a Dorado"
    assert refused in captions[2]
    assert captions[-1].startswith("Coral draws" if lang == "en" else "Coral traza")
    assert ("Gold 2, Coral 7" if lang == "en" else "Dorado 2, Coral 7") in captions[-1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_five_worksheet_names_all_but_four_only_after_the_loop_exercise(lang):
    """The loop-of-6 exercise (take 2, leave 4) is answered by the word all-but-four: the page holds it back until
    the exercise is answered; on paper, where the whole sheet is in view, the sheet leaves it out (the teacher says
    it once exercise 2 is checked)."""
    from gamekit.dots.lessons import worksheet_words_after
    from gamekit.teacher_sheets import worksheet_markdown

    notebook = "dots_and_boxes/05_double_dealing_and_control"
    sheet = worksheet_markdown("gamekit.dots.lessons", notebook, lang)
    term = "**All-but-four:**" if lang == "en" else "**Todas menos cuatro:**"
    exercise = "## Exercise {n}" if lang == "en" else "## Ejercicio {n}"
    assert sheet.count(term) == 0  # exercise 2's answer: on paper a card under it would answer it
    assert sheet.index(exercise.format(n=2)) < sheet.index(exercise.format(n=3))
    assert not any(term in block for block in worksheet_words_after(notebook, "double_deal_score"))
    with pytest.raises(KeyError, match="no Dots and Boxes lesson"):
        worksheet_words_after("dots_and_boxes/99_nothing", "loop_six")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_where_does_the_run_stop_answers_1_with_the_number_of_boxes_that_have_three_sides(lang):
    """Answering 1 on a board with two boxes already three-sided is not told "only one box has three sides"."""
    from gamekit.dots.lesson3_exercises import how_many_exercise
    from gamekit.dots.lesson_positions import third_side_boxes

    with using(lang):
        for name in ("open_five", "long_run"):
            ex = how_many_exercise(name)
            ok, reply = ex.check("1")
            m = len(third_side_boxes(ex.game))
            assert not ok
            only_one = tr(
                "Only one box has three sides now — but after you take it, the box next to it has three sides "
                "too. Keep counting."
            )
            assert (reply == only_one) == (m == 1) and (m == 1 or str(m) in reply), reply
