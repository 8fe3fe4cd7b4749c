"""Dots lessons after the r30 reading: the pages say in plain words how a line is checked, one wording
everywhere; lesson 2's exercise 3 tells a weaker safe line what the best ones win; lesson 5's exercise 7 is argued
only below it."""

from __future__ import annotations


import pytest

from gamekit.dots import lessons as L

from testing_dots_guides import ROOT  # tests/testing_dots_guides.py

PLAIN = {
    "en": "(The computer checks every way the game can go on.)",
    "es": "(El ordenador comprueba todas las formas en que puede seguir la partida.)",
}


def _page(lang: str, name: str) -> str:
    folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
    return " ".join((ROOT / folder / name).read_text(encoding="utf-8").split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_pages_say_how_a_line_is_checked_in_plain_words(lang):
    pages = {name: _page(lang, name) for name in ("03_chains_and_loops.md", "04_long_chain_rule.md")}
    pages["05"] = _page(lang, "05_double_dealing_and_control.md")
    for name, page in pages.items():
        assert PLAIN[lang] in page, name
        low = page.lower()
        assert "exact calculation checks" not in low and "cálculo exacto comprueba" not in low, name


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_2_exercise_3_says_a_weaker_safe_line_is_right_and_what_the_others_win(lang):
    """Every safe line is accepted (the question asks for one); a safe line the solver rates below the best is told
    it is right, and how many boxes it and a best line end with, from the solver's values."""
    from gamekit.dots.solver import move_values
    from gamekit.i18n import using

    with using(lang):
        ex = L.exercises(2)["safe_line"]
        game = ex.game
        values = move_values(game)
        best = max(values.values())
        rest = game.geometry.n_boxes - sum(game.scores)
        boxes = {line: game.scores[game.to_move] + (rest + values[line]) // 2 for line in ex.solutions}
        weaker = [line for line in ex.solutions if values[line] < best]
        assert weaker == ["d2-d3"] and boxes == {"a1-b1": 6, "c2-c3": 6, "d2-d3": 5}
        for line in ex.solutions:
            ok, feedback = ex.check(line)
            assert ok, feedback
            if line in weaker:
                said = "so it is right" if lang == "en" else "así que es correcta"
                assert said in feedback and "a1-b1" in feedback and "c2-c3" in feedback, feedback
                assert f" {boxes[line]} " in feedback and f" {best and boxes['a1-b1']} " in feedback, feedback
            else:
                assert str(boxes[line]) not in feedback, feedback


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_argues_exercise_7_only_below_it_once_answered(lang):
    """That a single box or a 2-chain opened by its middle line cannot be refused, so its taker must open the next
    chain, is exercise 7's argument: the page above it keeps a neutral lead-in, and the held-back part below it says
    it once exercise 7 is answered."""
    from gamekit.dots.lesson_explanations import explanation
    from gamekit.i18n import using

    page = _page(lang, "05_double_dealing_and_control.md")
    seven = page.index('L.exercise("l5_ex6"')
    heading = page.rindex("### ", 0, seven)
    above = page[heading:seven].lower()
    for said in ("cannot be refused", "no se puede rechazar", "who would have to open", "quién tendría que abrir"):
        assert said not in above, said
    assert 'L.after_exercise("l5_ex6", score, explanation("short_chain_control"))' in page[seven:]
    with using(lang):
        held = " ".join(str(explanation("short_chain_control")).split()).lower()
    assert ("cannot be refused" if lang == "en" else "no se puede rechazar") in held
