"""Lessons 3 and 4 after a strict reading: no heading or prompt gives an exercise's answer away, each handout
exercise needs its own idea, and lesson 4 asks the turns count it teaches (English and Spanish)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def page(number: str, lang: str) -> str:
    name = {"03": "03_chains_and_loops.md", "04": "04_long_chain_rule.md"}[number]
    folder = ROOT / "notebooks" / (lang if lang == "es" else "") / "dots_and_boxes"
    return (folder / name).read_text(encoding="utf-8")


def headings_before(text: str, call: str, since: str) -> list[str]:
    """The headings between the cell ``since`` and the cell ``call``."""
    part = text[text.index(since) : text.index(call)]
    return re.findall(r"^#+ .*$", part, flags=re.M)


@pytest.mark.parametrize(
    "lang, words", [("en", ("sacrific", "safe line", "give", "gift")), ("es", ("sacrific", "segura", "regal"))]
)
def test_lesson_4_no_heading_above_exercise_8_announces_the_sacrifice(lang, words):
    text = page("04", lang)
    heads = headings_before(text, 'L.exercise("l4_ex8", score)', 'L.exercise("l4_ex7", score)')
    assert heads, lang
    for head in heads:
        assert not any(w in head.lower() for w in words), (lang, head)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", ["l4_ex8", "l4_ex11"])
def test_lesson_4_sacrifice_prompts_do_not_say_how_many_safe_lines_are_left(lang, name):
    """ "1 safe line is left" told the pupil half of exercise 10's answer: finding the safe lines is the task."""
    with using(lang):
        ex = L.exercises(4)[name]
    assert not re.search(r"\d", ex.prompt), ex.prompt
    assert "safe" not in ex.prompt and "segura" not in ex.prompt, ex.prompt


def test_lesson_3_exercise_1_count_is_not_the_one_the_step_through_above_it_shows():
    """The chains step-through shows two chains; exercise 1 asked for two chains on another board, so the pupil
    could copy the count. Its board has a different number of chains, and counting only the long ones misses."""
    from gamekit.dots.lesson_positions import SEQUENCES, components, sequence_positions

    shown = [p for p in components(sequence_positions("chains")[0]) if p.kind == "chain"]
    ex = L.exercises(3)["count_small_chains"]
    chains = [p for p in components(ex.game) if p.kind == "chain"]
    assert SEQUENCES["chains"]["start"] != ex.game
    assert ex.solutions == [len(chains)] and len(chains) != len(shown)
    short = sum(1 for p in chains if p.length < 3)
    assert short and not ex.check(len(chains) - short)[0]
    assert "short chains count too" in ex.check(len(chains) - short)[1]


def _turns(width: int, height: int, moves: str) -> tuple[int, int]:
    """The turns of a game played by the rules (a turn is one player's run of lines), and who played the last."""
    from gamekit.dots.rules import DotsAndBoxes

    game = DotsAndBoxes(width, height)
    movers = []
    for line in moves.split():
        movers.append(game.to_move)
        game.play(line)
    return 1 + sum(1 for a, b in zip(movers, movers[1:]) if a != b), movers[-1]


def test_the_turns_count_the_page_teaches_holds_in_a_real_game():
    """The page says a game has dots + long chains − 1 turns when control is kept to the end; the lesson's own
    whole 3×3 game (2 long chains when the safe lines run out) is counted by the rules: 17 turns, Gold last."""
    from gamekit.dots import analysis
    from gamekit.dots.lesson_positions import REAL_GAME
    from gamekit.dots.rules import DotsAndBoxes

    game = DotsAndBoxes.from_moves(3, 3, " ".join(REAL_GAME.split()[:13]))
    assert not analysis.safe_lines(game)
    long_chains = analysis.long_chain_rule(game).long_chains
    assert long_chains == 2
    assert _turns(3, 3, REAL_GAME) == (16 + long_chains - 1, 0)


def test_lesson_4_asks_the_turns_count_with_a_reason_for_each_slip():
    ex = L.exercises(4)["turns"]
    assert ex.game.width == 4 and ex.game.height == 3 and not ex.game.drawn  # an empty board: 20 dots
    assert ex.solutions[0] == 20 + 3 - 1
    ok, feedback = ex.check("22")
    assert ok and "20 dots + 3 long chains − 1 = 22" in feedback and "Coral plays the last turn" in feedback
    reasons = {}
    for wrong in ex.wrong:
        ok, feedback = ex.check(wrong)
        assert not ok and feedback, wrong
        reasons[wrong] = feedback
    assert (
        "one more thing after adding them" in reasons[23]
        and "dots alone" in reasons[20]
        and "left out the long chains" in reasons[19]
    )
    assert "number of boxes" in reasons[12] and "number of lines" in reasons[31]
    assert len({reasons[k] for k in (23, 20, 19, 12, 31)}) == 5
    assert not ex.check("fourteen")[0]
    with using("es"):
        es = L.exercises(4)["turns"]
        ok, feedback = es.check("22")
        assert ok and "Coral juega el último turno" in feedback and "turnos" in es.prompt
    with pytest.raises(ValueError):
        from gamekit.dots.lesson4_exercises import turns_exercise

        turns_exercise(3, 2, 0)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_turns_exercise_is_extra_listed_as_such_an_objective(lang):
    """Exercise 9 plugs numbers into the printed formula: it is in the part for spare time, first there, and the
    objective it tests says so."""
    text = page("04", lang)
    objective = next(o for o in L.LESSONS[4].objectives if "turns" in o[1])
    assert objective[1] == ("turns",)
    with using(lang):
        from gamekit.i18n import tr

        assert f"* {tr(objective[0])}." in text
        assert tr(objective[0]).startswith("if you have time:" if lang == "en" else "si te sobra tiempo:")
    call = text.index('L.exercise("turns", score)')
    head = re.findall(r"^#+ .*$", text[:call], flags=re.M)[-1]
    assert head.startswith("### " + ("Exercise 9" if lang == "en" else "Ejercicio 9"))
    assert text.index("## " + ("If you have time" if lang == "en" else "Si te sobra tiempo")) < call
    assert text.index("start_result_after_guess()") < call
    extra = "exercises 8 to 11" if lang == "en" else "los ejercicios del 8 al 11"
    assert extra in text.splitlines()[20]
    for n, name in ((10, "l4_ex10"), (11, "l4_ex11")):
        head = re.findall(r"^#+ .*$", text[: text.index(f'L.exercise("{name}"')], flags=re.M)[-1]
        assert f" {n} — " in head, head


def test_lesson_4_guide_plan_sets_the_turns_exercise_apart_and_still_adds_up():
    guide = (ROOT / "docs/teachers/dots.md").read_text(encoding="utf-8")
    part = guide[guide.index("### Lesson 4 — ") :]
    extra = part[part.index("**If you have time, or for homework**") :]
    part = part[: part.index("**total**")]
    rows = re.findall(r"^\| (\d+) \| (.*) \|$", part, flags=re.M)
    assert sum(int(m) for m, _ in rows) == 50
    assert not any("exercise 9" in text for _, text in rows)
    assert "exercise 9 (hard: the turns of a 4×3 game with 3 long chains: 20 + 3 − 1 = 22" in extra.split("\n")[0]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", [4, 5])
def test_worksheet_cards_say_what_a_turn_is_but_not_how_many_exercise_9_asks(lang, lesson):
    """The card said "dots + long chains − 1 turns", so lesson 4's exercise 9 on paper was a substitution: the cards
    of sheets 4 and 5 now say what a turn is and who plays which, and leave the count to the exercise."""
    with using(lang):
        card = " ".join(L.worksheet_aids(L.LESSONS[lesson].notebook))
    assert ("run of lines" if lang == "en" else "serie de líneas seguidas") in card
    assert "− 1" not in card and "- 1" not in card
    folder = ROOT / "docs/teachers" / ("es/worksheets" if lang == "es" else "worksheets") / "dots_and_boxes"
    sheet = (folder / (L.LESSONS[lesson].notebook.split("/")[1] + ".md")).read_text(encoding="utf-8")
    assert ("long chains − 1 turns" if lang == "en" else "cadenas largas − 1 turnos") not in sheet
