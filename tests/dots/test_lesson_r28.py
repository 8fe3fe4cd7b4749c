"""Dots lessons after the r28 reading: lesson 3's "a 2-chain opened at an end can be left to the opener" is one
sentence, after exercise 6 (above it, it argued the answer by elimination), not what the middle line does, and
exercise 5's feedback no longer says the pair opened at an end is simply taken; lesson 5's exercise 7 feedback gives
lesson 3's fact (a 2-chain opened by its middle line cannot be refused, so it hands control back), not an odd/even
rule the page never teaches."""

from __future__ import annotations

import re

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.lesson3_exercises import taking_is_best_reply
from gamekit.dots.lesson_exercise import shared_line_name
from gamekit.dots.lesson_positions import components
from gamekit.dots.solver import move_values
from gamekit.i18n import using

from testing_dots_guides import ROOT  # tests/testing_dots_guides.py


END_OPENING_FACT = {
    "en": "One more fact. If a 2-chain is opened at an end, the other player can choose: take both boxes, "
    "or leave both\nto the player who opened it.",
    "es": "Un dato más. Si una cadena de 2 se abre por un extremo, el otro jugador puede elegir. Puede llevarse las "
    "dos\ncasillas o dejárselas las dos a quien la abrió.",
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_above_exercise_6_only_one_sentence_says_offered_boxes_can_be_left(lang):
    """The paragraph above exercise 5 said the other player can take nothing and leave the boxes, next to a 2-chain's
    ends and middle line: together they give exercise 6's answer (the middle line). Above exercise 6 only the words
    for the lines remain; refusing, and the two ways to hand over a 2-chain (an end opening can be left to the
    opener), are taught after it."""
    from gamekit.dots.lesson_explanations import explanation

    folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
    page = (ROOT / folder / "03_chains_and_loops.md").read_text(encoding="utf-8")
    assert END_OPENING_FACT[lang] not in page  # held back with the two handouts: test_lesson_giveaways.py
    six = page.index('L.exercise("l3_ex6"')
    calls = re.findall(r'^explanation\("([a-z_]+)"\)$', page[:six], flags=re.M)
    with using(lang):
        above = [re.sub(r"```\{code-cell\}.*?```", "", page[:six], flags=re.S)]
        above += [str(explanation(name)) for name in calls]
        five = L.exercises(3)["hand_over"]
        above += [five.prompt, five.hint] + [five.check(line)[1] for line in five.game.legal_moves()]
        after = str(explanation("handouts"))
    said = (
        ("takes nothing", "leave the boxes to you", "leave both boxes", "refuse", "does not have to take")
        if lang == "en"
        else ("no se lleva nada", "dejarte las casillas", "rechaz", "no tiene por qué llevarse")
    )
    for text in above:
        low = " ".join(text.lower().split())
        assert not any(s in low for s in said), (text, [s for s in said if s in low])
    assert calls == ["two_chain_lines"]
    with using(lang):
        assert ("**ends**" if lang == "en" else "**extremos**") in str(explanation("two_chain_lines"))
    assert any(s in after.lower() for s in said)  # refusing is argued, after the exercise


def _page(lang: str, name: str) -> str:
    folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
    return (ROOT / folder / f"{name}.md").read_text(encoding="utf-8")


def test_taking_the_end_opened_2_chain_is_the_best_reply_by_the_solver():
    """What exercise 5's feedback now claims for each end of the 2-chain, checked against the solver: every best
    reply takes a box, and refusing (the far end, which takes none) is worse."""
    game = L.exercises(3)["hand_over"].game
    pair = next(p for p in components(game) if p.kind == "chain" and p.length == 2)
    ends = [line for line in pair.lines if line != shared_line_name(game, pair)]
    assert len(ends) == 2
    for end in ends:
        assert taking_is_best_reply(game, end)
        after = game.copy()
        after.play(end)
        values = move_values(after)
        far = next(e for e in ends if e != end)
        assert values[far] < max(values.values())  # leaving both boxes is a worse reply here


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_exercise_5_end_line_feedback_does_not_say_the_pair_is_simply_taken(lang):
    with using(lang):
        ex = L.exercises(3)["hand_over"]
        game = ex.game
        pair = next(p for p in components(game) if p.kind == "chain" and p.length == 2)
        ends = [line for line in pair.lines if line != shared_line_name(game, pair)]
        assert len(ends) == 2
        for end in ends:
            ok, why = ex.check(end)
            assert not ok
            assert ("does best to take them" if lang == "en" else "lo mejor para") in why, why
            assert ("takes them and hands" if lang == "en" else "se las lleva y le devuelve") not in why, why


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_7_feedback_gives_lesson_3s_fact_not_an_odd_number(lang):
    with using(lang):
        ex = L.exercises(5)["l5_ex6"]
        values = move_values(ex.game)
        best = max(values.values())
        right = next(line for line, v in values.items() if v == best)
        texts = [ex.check(right)[1]]
        for line in ex.wrong:
            ok, why = ex.check(line)
            assert not ok
            texts.append(why)
    for text in texts:
        assert ("odd number" if lang == "en" else "número impar") not in text, text
    fact = "cannot be refused" if lang == "en" else "no se puede rechazar"
    back = "hands control back" if lang == "en" else "devuelve el control"
    assert fact in texts[0] and back in texts[0]
    assert fact in texts[1] and back in texts[1]  # the double-deal, the first wrong example
