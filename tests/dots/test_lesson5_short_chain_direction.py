"""Lesson 5 said "whoever must open a short chain hands control to the other player": backwards. The other player
takes the short chain's boxes and must then draw again, so must open the next chain: the opener gets control. The
lesson's first step-through shows it (Gold gives away the single box, Coral takes it and must open a chain of 4).
The page, its Spanish twin, the worksheet card and the teacher guides now say it the right way round, and the pupil
still works out exercise 6's answer (what an odd number of short chains means)."""

from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.lesson_positions import SEQUENCES, components, safe_lines, sequence_positions, takeable
from gamekit.dots.lesson_worksheets import WORDS_AFTER
from gamekit.dots.solver import move_values
from gamekit.i18n import tr, using

ROOT = Path(__file__).resolve().parents[2]
PAGES = {
    "en": "notebooks/dots_and_boxes/05_double_dealing_and_control.md",
    "es": "notebooks/es/dots_and_boxes/05_double_dealing_and_control.md",
}
TRUE = {
    "en": "whoever opens a short chain gets control",
    "es": "quien abre una cadena corta se queda con el control",
}
BACKWARDS = (
    "hands control to the other player",
    "hands control on",
    "le pasa el control al otro",
    "pasa el control al otro jugador",
)


def _flat(path: str) -> str:
    return " ".join((ROOT / path).read_text(encoding="utf-8").split()).lower()


def test_the_step_through_shows_the_opener_of_a_short_chain_gets_control():
    """What the sentence claims, on the lesson's own board: Gold opens the single box; Coral takes it, is still to
    move with no safe line and nothing to take, so Coral must open a long chain: Gold, who opened, has control."""
    start, gold_gives, coral_takes = sequence_positions("greedy")[:3]
    gold = start.to_move
    assert not safe_lines(start) and sorted(p.length for p in components(start)) == [1, 4, 4]
    assert gold_gives.to_move != gold and takeable(gold_gives) == 1  # the single box, on offer to Coral
    assert coral_takes.to_move != gold and sum(coral_takes.scores) == sum(start.scores) + 1
    assert not safe_lines(coral_takes) and takeable(coral_takes) == 0
    assert all(p.length == 4 and not p.opened for p in components(coral_takes))  # Coral must open a chain of 4


def test_opening_the_single_box_is_gold_s_best_line_by_the_solver():
    """The exact solver agrees: giving the single box away (so Coral opens the first chain of 4) is a best line."""
    start = sequence_positions("greedy")[0]
    values = move_values(start)
    line = SEQUENCES["greedy"]["steps"][0]
    assert values[line] == max(values.values())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_says_the_opener_gets_control_only_once_exercise_6_is_answered(lang):
    """ "So whoever opens a short chain gets control", just above exercise 6, turned it into counting: the page now
    says only that the opener chooses how, and the reason opens under exercise 6 once it is answered."""
    from gamekit.dots.lesson_explanations import explanation

    page = _flat(PAGES[lang])
    assert TRUE[lang] not in page
    held = 'l.after_exercise("l5_ex6", score, explanation("short_chain_control"))'
    assert page.index('l.exercise("l5_ex6"') < page.index(held)
    with using(lang):
        text = " ".join(str(explanation("short_chain_control")).split()).lower()
    assert TRUE[lang] in text
    assert ("must open the next chain" if lang == "en" else "le toca abrir la cadena siguiente") in text
    assert ("odd number" if lang == "en" else "número impar") not in page + text


@pytest.mark.parametrize(
    "path",
    [
        *PAGES.values(),
        "docs/teachers/dots.md",
        "docs/teachers/es/dots.md",
        "docs/teachers/worksheets/dots_and_boxes/05_double_dealing_and_control.md",
        "docs/teachers/es/worksheets/dots_and_boxes/05_double_dealing_and_control.md",
    ],
)
def test_no_page_guide_or_sheet_says_the_opener_hands_control_away(path):
    text = _flat(path)
    for wrong in BACKWARDS:
        assert wrong not in text, wrong


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_after_exercise_6_and_the_guide_say_the_same_direction(lang):
    """The direction is exercise 6's reason: the page says it once exercise 6 is answered, and the worksheet's card
    before exercise 6 no longer says it (on paper it would sit above the exercise it answers)."""
    from gamekit.dots.lesson_explanations import explanation

    with using(lang):
        card = " ".join(tr(WORDS_AFTER[(5, "l5_ex5")][0]).split()).lower()
        held = " ".join(str(explanation("short_chain_control")).split()).lower()
    assert TRUE[lang] not in card and TRUE[lang] in held
    guide = _flat("docs/teachers/dots.md" if lang == "en" else "docs/teachers/es/dots.md")
    assert TRUE[lang] in guide


@pytest.mark.parametrize("lang", ["en", "es"])
def test_exercise_6_right_answer_gives_the_reason_checked_by_the_solver(lang):
    """The right answer's feedback gave only the score: it now says why (the one short chain to come cannot be
    refused when opened by its middle line, so it hands control back: lesson 3's fact, not a parity rule the page
    never teaches), and the line it names for handing over the 2-chain is a best line by the solver after the take."""
    with using(lang):
        ex = L.exercises(5)["l5_ex6"]
        values = move_values(ex.game)
        best = [line for line, v in values.items() if v == max(values.values())]
        ok, why = ex.check(best[0])
        assert ok
        assert (
            "One short chain is still to come, the chain of 2"
            if lang == "en"
            else "Aún queda por venir una cadena corta, la cadena de 2"
        ) in why
        assert ("by its middle line" if lang == "en" else "por su línea del medio") in why
        ok, _ = ex.check(next(line for line in values if line not in best))
        assert not ok
