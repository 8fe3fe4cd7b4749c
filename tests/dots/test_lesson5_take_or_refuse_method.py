"""Lesson 5's "take or refuse?" method, applied to every board of the lesson and checked against the exact solver.

The tally used to count every chain after the one on offer, short ones too; but nobody can refuse a chain of 1 or 2,
so on exercise 6 it said 4 and 3 where best play gives 5 and 2. The method now looks at the short chains first (an
odd number of them hands control back: take) and fills in the tally with long chains and loops only."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.lesson5_control import ControlCount, control_count
from gamekit.dots.lesson_exercise import completes_box
from gamekit.dots.lesson_positions import SEQUENCES, components, sequence_positions
from gamekit.dots.solver import solve

ROOT = Path(__file__).resolve().parents[2]
PAGE = "05_double_dealing_and_control.md"


def _page(lang: str) -> str:
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return (folder / PAGE).read_text(encoding="utf-8")


def _boards():
    """Every board lesson 5 shows: its exercises, its More practice set, every frame of its two step-throughs."""
    boards = [(key, ex.game) for key, ex in L.exercises(5).items() if ex.game is not None]
    boards += [(f"practice {i}", ex.game) for i, ex in enumerate(L.practice_exercises(5), 1)]
    for name in ("greedy", "double_deal"):
        boards += [(f"{name} {i}", g) for i, g in enumerate(sequence_positions(name))]
    return boards


def _to_come(game) -> int:
    return game.geometry.n_boxes - sum(game.scores)


def _best_keep(game) -> int:
    """The boxes still to come the mover keeps under best play (exact solver)."""
    return (_to_come(game) + solve(game)) // 2


def _after_taking_smaller(game):
    """The page's rule for several parts on offer: take the smaller ones first (each box taken in turn)."""
    opened = sorted((p for p in components(game) if p.opened), key=lambda p: len(p.boxes))
    after = game.copy()
    for part in opened[:-1]:
        while True:
            lines = [
                l
                for l in after.legal_moves()
                if completes_box(after, l) and set(after.geometry.line_boxes[after.line_index(l)]) & set(part.boxes)
            ]
            if not lines:
                break
            after.play(lines[0])
    return after


METHOD_BOARDS = {
    # board: (line A, line B, line D, short chains, take keeps, refuse keeps, the method's choice)
    "loop_six": (12, 6, 0, (), 6, 8, "refuse"),  # a loop on offer: refusing costs 4 (all-but-four)
    "control_price": (10, 2, 4, (), 6, 4, "take"),
    "l5_ex4": (8, 2, 0, (), 2, 6, "refuse"),
    "l5_ex5": (2, 2, 0, (1, 1, 2, 2), 2, 0, "take"),
    "l5_ex6": (5, 2, 0, (2,), 5, 0, "take"),
    "l5_ex8": (7, 4, 0, (2,), 7, 0, "take"),
    "challenge_loop": (6, 2, 0, (1, 2), 2, 4, "refuse"),
}


@pytest.mark.parametrize("key, expected", sorted(METHOD_BOARDS.items()))
def test_the_method_gives_each_exercise_the_solvers_choice(key, expected):
    count = control_count(L.exercises(5)[key].game)
    got = (count.to_come, count.on_offer, count.given_back, count.shorts, count.take, count.refuse, count.best)
    assert got == expected


def test_exercise_6_now_takes_five_and_refuses_two_as_best_play_does():
    """The old tally (every chain counted, the chain of 2 refused too) said take 4, refuse 3."""
    count = control_count(L.exercises(5)["l5_ex6"].game)
    assert (count.exact_take, count.exact_refuse) == (5, 2)
    assert count.odd_shorts and count.best == "take"
    old_given_back = 2  # the chain of 3 refused as if the 2-chain came last
    assert (count.on_offer + old_given_back, count.to_come + 2 - 2 - old_given_back) == (4, 3) != (5, 2)


def test_the_method_agrees_with_the_solver_on_every_board_of_the_lesson_where_it_applies():
    """Where one chain or loop is on offer and can be refused, the method's numbers plus the short chains each plan
    is handed are the solver's, and its choice is a best one; where several parts are on offer, taking the smaller
    ones first and counting the last keeps what best play keeps. Boards with nothing to refuse are not its job."""
    counted, several = [], []
    for key, game in _boards():
        try:
            count = control_count(game)
        except ValueError:
            opened = [p for p in components(game) if p.opened]
            if len(opened) > 1 and max(len(p.boxes) for p in opened) >= 2:
                after = _after_taking_smaller(game)
                count = control_count(after)
                taken = after.scores[game.to_move] - game.scores[game.to_move]
                keep = count.exact_take if count.best == "take" else count.exact_refuse
                assert taken + keep == _best_keep(game), key
                several.append(key)
            continue
        assert isinstance(count, ControlCount)
        take_shorts, refuse_shorts = sum(count.shorts[1::2]), sum(count.shorts[0::2])
        assert (count.exact_take, count.exact_refuse) == (count.take + take_shorts, count.refuse + refuse_shorts)
        keep = count.exact_take if count.best == "take" else count.exact_refuse
        assert keep == _best_keep(game), key
        if not count.odd_shorts:  # the tally's own formulas
            assert (count.take, count.refuse) == (
                count.on_offer + count.given_back,
                count.to_come - count.cost - count.given_back,
            )
        counted.append(key)
    assert set(METHOD_BOARDS) <= set(counted)
    assert {"practice 1", "practice 2", "practice 3", "practice 4"} <= set(counted) | set(several)
    assert "l5_ex10" in several
    assert "greedy 5" in counted and "double_deal 5" in counted


def test_the_method_refuses_a_board_it_does_not_count():
    with pytest.raises(TypeError, match="Dots and Boxes position"):
        control_count("l5_ex6")
    with pytest.raises(ValueError, match="one chain or one loop on offer"):
        control_count(sequence_positions("greedy")[0])  # nothing on offer
    with pytest.raises(ValueError, match="one chain or one loop on offer"):
        control_count(L.exercises(5)["l5_ex10"].game)  # two parts on offer
    with pytest.raises(ValueError, match="one chain or one loop on offer"):
        control_count(sequence_positions("greedy")[10])  # two single boxes: nothing to refuse
    assert SEQUENCES["greedy"]["steps"]


def _section(page: str, start: str, end: str) -> str:
    i = page.index(start)
    return page[i : page.index(end, i + len(start))]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_teaches_one_rule_of_thumb_and_one_worked_count_and_no_tally(lang):
    """The page stacked the two steps, the short-chain rule, the loops-first habit and the A–D tally: too much for
    12–14-year-olds. It now has one rule (the two steps, labelled a rule of thumb) and one worked count; the tally is
    in the teacher guide, and each of the other two is two sentences right before the exercise that needs it."""
    page = " ".join(_page(lang).split())
    en = lang == "en"
    start = page.index("## Take or refuse?" if en else "## ¿Llevártelas o rechazarlas?")
    from gamekit.dots.lesson_explanations import explanation
    from gamekit.i18n import using

    # the rule of thumb says a loop's price (exercise 2's answer): it opens under the section once exercise 2 is
    # answered
    assert 'L.after_exercise("loop_six", score, explanation("take_or_refuse"))' in page[start:]
    with using(lang):
        rule = " ".join(str(explanation("take_or_refuse")).split())
    section = page[start : page.index("```{code-cell}", start)] + " " + rule
    words = (
        (
            "two steps",
            "rule of thumb",
            "Step 1 — now.",
            "Step 2 — the rest.",
            "If you refuse, you keep control. If you take, the other player gets it.",
            "The last part is never refused",
            "long chains (3 boxes or more) and the loops",
        )
        if en
        else (
            "dos pasos",
            "regla práctica",
            "Paso 1 — ahora.",
            "Paso 2 — el resto.",
            "Si rechazas, conservas el control. Si te las llevas, el control pasa al otro jugador.",
            "La última parte nunca se rechaza",
            "cadenas largas (de 3 casillas o más) y los bucles",
        )
    )
    for word in words:
        assert word in section, word
    for gone in ("short", "odd", "smaller ones first", "see below") if en else ("corta", "impar", "más pequeñas"):
        assert gone not in section, gone
    assert "| A |" not in page and ("For the curious" if en else "Para curiosos") not in page
    assert page.count("worked_control_count()") == 1 and start < page.index("worked_control_count()")
    # the loops-first habit (which part is opened last) is half of exercise 3: it opens only after that exercise
    loops = "a loop before a chain is a habit of good play" if en else "un bucle antes que una cadena es una costumbre"
    assert loops not in page
    held = 'L.after_exercise("control_price", score, explanation("loops_first"))'
    assert page.count(held) == 1 and page.index('L.exercise("control_price"') < page.index(held)
    with using("en" if en else "es"):
        assert loops in str(explanation("loops_first"))
    # the short-chain fact, in a few short sentences, right before exercise 6 (which needs it), and nowhere before;
    # what to do with an odd number of short chains is exercise 6's answer: the pupil works it out, the page never
    # says it.  Whoever opens a short chain gets control (the other player takes it and must open next).
    six = _section(page, "### Exercise 7" if en else "### Ejercicio 7", "```{code-cell}")
    gets = "whoever opens a short chain gets control" if en else "quien abre una cadena corta se queda con el control"
    assert gets not in page  # exercise 6's reason: it opens under exercise 6 once answered
    from gamekit.dots.lesson_explanations import explanation
    from gamekit.i18n import using

    with using("en" if en else "es"):
        assert gets in " ".join(str(explanation("short_chain_control")).split())
    assert 'L.after_exercise("l5_ex6", score, explanation("short_chain_control"))' in page
    assert ("odd number" if en else "número impar") not in page
    opener = "The player who opens a short chain" if en else "Quien abre una cadena corta"
    rule = six[six.index(opener) :].split("Look at" if en else "Mira")[0]
    assert rule.strip().endswith(".") and all(len(s.split()) <= 25 for s in rule.split(". "))  # short sentences


def test_the_double_deal_is_not_called_a_handout_and_agrees_with_lesson_3():
    """L5 called opening a 2-chain at an end "a mistake (a half-hearted handout)"; lesson 3 says which way is better
    depends on the rest of the board, and a double-deal is a refusal, not a handout."""
    for lang, words in (
        ("en", ("rest of the board", "That refusal was a double-deal")),
        ("es", ("resto del tablero", "Ese rechazo era una doble entrega")),
    ):
        page = " ".join(_page(lang).split())
        deal = _section(page, "## The double-deal" if lang == "en" else "## La doble entrega", "### ")
        assert all(w in deal for w in words), lang
        assert "handout" not in deal and "entrega a medias" not in deal and "mistake" not in deal


@pytest.mark.parametrize("guide", ["docs/teachers/dots.md", "docs/teachers/es/dots.md"])
def test_the_guide_carries_what_the_page_moved_out_and_its_tally_gives_exercise_3s_counts(guide):
    es = "/es/" in guide
    text = " ".join((ROOT / guide).read_text(encoding="utf-8").split())
    start = text.index("### Lección 5" if es else "### Lesson 5")
    part = text[start : text.index("## ", start + 5)]
    head = "más allá de la página" if es else "beyond the page"
    more = part[part.index(head) :]
    for word in (
        ("Cadenas cortas", "impar", "Primero los bucles", "costumbre", "más pequeñas")
        if es
        else ("Short chains", "odd", "Loops first", "habit", "smaller ones first")
    ):
        assert word in more, word
    assert "| A |" in more and "A − 2" in more and "B + D" in more
    count = control_count(L.exercises(5)["control_price"].game)
    a, b, d = count.to_come, count.on_offer, count.given_back
    assert (a - 2 - d, b + d) == (count.refuse, count.take)
    assert f"A = {a}, B = {b}" in more and f"D = {d}" in more
    assert f"{a} − 2 − {d} = {count.refuse}" in more and f"{b} + {d} = {count.take}" in more


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_worked_count_goes_step_by_step_and_says_what_each_player_does(lang):
    from gamekit.dots.lesson5_control import worked_control_count
    from gamekit.i18n import using

    with using(lang):
        paragraphs = worked_control_count().paragraphs
    assert len(paragraphs) == 4
    firsts = (
        ("A worked count", "**Step 1 — now.**", "**Step 2 — the rest.**", "**Total.**")
        if lang == "en"
        else ("Un cálculo ya resuelto", "**Paso 1 — ahora.**", "**Paso 2 — el resto.**", "**Total.**")
    )
    assert all(p.startswith(f) for p, f in zip(paragraphs, firsts))
    rest = paragraphs[2]
    if lang == "en":
        assert "Coral has control and takes all 4" in rest and "Gold takes all 4" in rest
        assert "2 + 0 = 2" in paragraphs[3] and "0 + 4 = 4" in paragraphs[3]
    else:
        assert "Coral tiene el control" in rest and "Dorado se lleva las 4" in rest


def test_the_worked_count_refuses_a_board_its_words_do_not_fit():
    """Its sentences say the rest is one long chain with no short chain: another board is refused, not mis-told."""
    from gamekit.dots.lesson5_control import worked_control_count

    with pytest.raises(ValueError, match="one long chain"):
        worked_control_count("double_deal", 9)  # the last chain on offer: nothing is still to come
    assert SEQUENCES["double_deal"]["steps"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_exercise_5_and_6_refusals_give_the_methods_reason(lang):
    from gamekit.i18n import using

    with using(lang):
        five, six = L.exercises(5)["l5_ex5"], L.exercises(5)["l5_ex6"]
        ok, why5 = five.check("b4-c4")
        ok6, why6 = six.check("b1-c1")
    assert not ok and not ok6
    if lang == "en":
        assert (
            "no long chain or loop comes after this one" in why5
            and "Whoever opens a short chain can open it so that it cannot be refused" in why5
        )
        assert "cannot be refused when it is opened by its middle line, so it hands control back" in why6
    else:
        assert "cadena corta" in why5 and "no se puede rechazar si se abre por su línea del medio" in why6


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_worksheet_carries_the_rule_where_the_page_has_it_and_no_tally(lang):
    """On paper: the two steps on a card under exercise 4's heading, as on the page, on the second sheet (it states
    exercise 2's answer, so it is not on the sheet exercise 2 is done on); the loops-first habit after exercise 4's
    answer line, as on the page (it was on the card above exercise 4); the short chains between exercises 6 and 7,
    no tally and none of exercise 4's numbers."""
    folder = ROOT / "docs" / "teachers" / ("es/worksheets" if lang == "es" else "worksheets")
    sheet = (folder / "dots_and_boxes" / PAGE).read_text(encoding="utf-8")
    ex = (
        ("## Exercise 2", "## Exercise 4", "## Exercise 6", "## Exercise 7")
        if lang == "en"
        else ("## Ejercicio 2", "## Ejercicio 4", "## Ejercicio 6", "## Ejercicio 7")
    )
    title = "**Take or refuse?**" if lang == "en" else "**¿Llevártelas o rechazarlas?**"
    after = "## Exercise 5" if lang == "en" else "## Ejercicio 5"
    assert sheet.index(ex[1]) < sheet.index(title) < sheet.index(after)  # under exercise 4's heading, on sheet 2
    answer = "Answer:" if lang == "en" else "Respuesta:"
    method = " ".join(sheet[sheet.index(title) : sheet.index(answer, sheet.index(title))].split())
    steps = ("Step 1 — now", "Step 2 — the rest") if lang == "en" else ("Paso 1 — ahora", "Paso 2 — el resto")
    assert all(step in method for step in steps)
    loops = "a loop before a chain is a habit of good play" if lang == "en" else "un bucle antes que una cadena"
    assert loops not in method
    four = " ".join(sheet[sheet.index(ex[1]) : sheet.index(after)].split())
    assert four.index(answer) < four.index(loops)
    assert "| A |" not in sheet and "6, 4" not in method
    short = (
        "whoever opens a short chain gets control" if lang == "en" else "quien abre una cadena corta se queda con el"
    )
    assert short not in method
    # exercise 6's reason: on paper the whole sheet is in view, so the sheet never says it (the teacher does)
    assert short not in " ".join(sheet.split())
    # exercise 6's answer (take with an odd number of short chains) is on neither the card nor anywhere before it
    odd = "odd number of them" if lang == "en" else "número impar de ellas"
    assert odd not in " ".join(sheet[: sheet.index(ex[3])].split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_double_deal_and_all_but_four_readings_are_short_paragraphs_of_short_sentences(lang):
    """Both readings were one block each (386 and 409 characters, a 29-word sentence) for 12-year-olds: now short
    paragraphs, no sentence over 25 words, and they still say what the other tests need (a loop costs four)."""
    import re

    from gamekit.dots.lesson_explanations import explanation
    from gamekit.i18n import using

    page = _page(lang)
    heads = (
        ("## The double-deal", "Now watch it", "## Loops: what to leave", "## Take or refuse?")
        if lang == "en"
        else ("## La doble entrega", "Ahora, míralo", "## Bucles: qué dejar", "## ¿Llevártelas o rechazarlas?")
    )
    with using(lang):
        four = str(explanation("leave_four"))  # exercise 2's answer: shown only once it is answered
    for section in (page[page.index(heads[0]) + len(heads[0]) : page.index(heads[1])], four):
        for para in (p for p in section.split("\n\n") if p.strip()):
            assert len(para) < 300, para
            for sentence in re.split(r"(?<=[.:])\s+", " ".join(para.split())):
                assert len(sentence.split()) <= 25, sentence
    assert ("refusing a loop costs four" if lang == "en" else "rechazar un bucle cuesta cuatro") in " ".join(
        four.split()
    )


@pytest.mark.parametrize("guide", ["docs/teachers/dots.md", "docs/teachers/es/dots.md"])
def test_the_guides_lesson_5_minutes_add_up_and_the_reading_names_the_short_chain_step(guide):
    text = (ROOT / guide).read_text(encoding="utf-8")
    start = text.index("### Lesson 5" if "/es/" not in guide else "### Lección 5")
    table = text[start : text.index("**total**", start)]
    minutes = [
        int(line.split("|")[1])
        for line in table.splitlines()
        if line.startswith("| ") and "|" in line[2:] and line.split("|")[1].strip().isdigit()
    ]
    assert sum(minutes) == 100  # two periods of 50 (each adds up: test_lesson_r27.py)
    assert ("in two steps" if "/es/" not in guide else "en dos pasos") in table
    assert ("short chains" if "/es/" not in guide else "cadenas cortas") in table
