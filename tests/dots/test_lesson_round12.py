"""Dots lessons: regression tests for the twelfth review (lesson 4's parity guesses, chain wording, lesson 5's
order and prompts, lesson 3's worksheet words)."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.lesson_worksheets import WORDS_AFTER, WORKSHEET_WORDS
from gamekit.i18n import tr, using

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["parity_5x4", "parity_coral_5x5"])
def test_lesson_4_exercises_2_and_3_are_not_a_two_way_choice_once_the_dots_are_counted(name):
    """One board was odd-or-even once its dots were counted: a guess passed half the time. Now several boards with
    dots of both parities: of all answers, exactly one passes (a guess passes at most 1 time in 8), and the common
    slips (the rule turned round, the boxes counted, one number for every board, one board wrong) each get their
    own reason."""
    ex = L.exercises(4)[name]
    n = len(ex.answer.split(","))
    assert n >= 3
    answers = [", ".join(map(str, p)) for p in product((1, 2), repeat=n)]
    assert sum(ex.check(a)[0] for a in answers) == 1
    reasons = {w: ex.check(w) for w in ex.wrong}
    assert len(reasons) >= 4 and not any(ok for ok, _ in reasons.values())
    same = ", ".join(["2"] * n)  # all 2s: the same slip as all 1s, the same reason
    assert reasons[same] == reasons[", ".join(["1"] * n)]
    assert len({why for w, (_, why) in reasons.items() if w != same}) == len(reasons) - 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_parity_right_answer_shows_each_boards_sum_and_wrong_counts_are_refused(lang):
    with using(lang):
        ex = L.exercises(4)["parity_5x4"]
        ok, why = ex.check("2, 1, 2")
        assert ok and "30 + 2 = 32" in why and "35 + 1 = 36" in why and "16 + 2 = 18" in why
        for bad in ("2, 1", "2, 3, 1"):  # too few numbers, a number that is not 1 or 2: told what to type
            ok, why = ex.check(bad)
            assert not ok and ("3 boards" in why or "3 tableros" in why)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_worksheet_gives_the_handouts_after_exercise_6_not_on_the_card_at_the_top(lang):
    """The handout words are not on lesson 3's sheet: which line of a 2-chain can be refused is exercise 6's
    answer, and on paper a card anywhere on the sheet is in view while the pupil answers. They stay on the cards of
    the later lessons."""
    folder = "docs/teachers/worksheets" if lang == "en" else "docs/teachers/es/worksheets"
    sheet = (ROOT / folder / "dots_and_boxes/03_chains_and_loops.md").read_text(encoding="utf-8")
    with using(lang):
        word = tr(next(w for w in WORKSHEET_WORDS[4] if "at an end" in w))
    # exercise 6's answer: on paper a card under it would answer it, so the sheet leaves it to the teacher
    after_six = WORDS_AFTER.get((3, L.exercises(3)["l3_ex6"].key), ())
    assert not any("at an end" in w or "middle line" in w for w in after_six)
    assert word not in sheet
    assert not any("at an end" in w for w in WORKSHEET_WORDS[3])
    assert any("at an end" in w for w in WORKSHEET_WORDS[4])


@pytest.mark.parametrize(
    "path, rule",
    [
        ("notebooks/dots_and_boxes/05_double_dealing_and_control.md", "The player who opens a short chain chooses how"),
        ("notebooks/es/dots_and_boxes/05_double_dealing_and_control.md", "Quien abre una cadena corta elige cómo"),
    ],
)
def test_lesson_5_teaches_the_short_chain_rule_in_its_method_not_in_a_recap_after_the_exercises(path, rule):
    """The recap after exercise 10 ("what exercises 5 and 6 showed") was the only place short chains were
    explained, while the take-or-refuse tally counted them as if they could be refused: the rule is now stated on
    the page, in two sentences right before exercise 6 (the first exercise that needs it), and the recap is gone."""
    page = " ".join((ROOT / path).read_text(encoding="utf-8").split())
    assert page.index('L.exercise("l5_ex5"') < page.index(rule) < page.index('L.exercise("l5_ex6"')
    assert "What exercises 5 and 6 showed" not in page and "Lo que mostraron los ejercicios" not in page


def test_lesson_5_exercise_10_asks_for_the_lines_of_the_turn_not_for_two_lines():
    """'Which two lines does Gold draw?' told the pupil the first line wins a box (refusing at once is one line): the
    prompt now asks for the lines of the turn, and a one-line answer is judged, not refused as badly typed."""
    ex = L.exercises(5)["l5_ex10"]
    assert "two lines" not in ex.prompt and "this turn" in ex.prompt
    assert ex.check("c4-d4, a3-a4")[0]
    ok, why = ex.check("a3-a4")  # refusing at once: one line, a real answer with its own reason
    assert not ok and "wins no box" in why and "Gold 6, Coral 3" in why
    ok, why = ex.check("c4-d4")  # it wins a box, so the turn goes on: asked for the next line
    assert not ok and "draws again" in why
    with using("es"):
        assert "dos líneas" not in L.exercises(5)["l5_ex10"].prompt


ROW_WORDS = ("in a row", "en fila", "hilera", "fila de casillas", "filas de casillas")


def test_no_dots_page_guide_worksheet_or_message_says_in_a_row_about_boxes():
    """A chain's boxes can turn corners: "in a row" («en fila», «hilera») misdescribed chains and runs of captures.
    The pages say "joined one to the next" («unidas una tras otra») and "one after another" instead, in the lessons,
    the guides, the worksheets and every Dots message in both languages."""
    from babel.messages.extract import extract_python
    from babel.messages.pofile import read_po

    paths = [*(ROOT / "notebooks/dots_and_boxes").glob("*.md"), *(ROOT / "notebooks/es/dots_and_boxes").glob("*.md")]
    paths += [ROOT / "docs/teachers/dots.md", ROOT / "docs/teachers/es/dots.md"]
    paths += [*(ROOT / "docs/teachers/worksheets/dots_and_boxes").glob("*.md")]
    paths += [*(ROOT / "docs/teachers/es/worksheets/dots_and_boxes").glob("*.md")]
    assert len(paths) == 22  # 5 lessons, 5 worksheets and a guide, in each language
    for path in paths:
        text = " ".join(path.read_text(encoding="utf-8").lower().split())
        assert not any(w in text for w in ROW_WORDS), (path, [w for w in ROW_WORDS if w in text])
    keywords = {"tr": (1,), "ntr": (1, 2), "N_": (1,)}
    ids = set()
    for path in (ROOT / "gamekit/dots").glob("*.py"):
        with open(path, "rb") as f:
            for _, _, message, _ in extract_python(f, keywords, [], {}):
                if message:  # tr(variable) has no text of its own
                    ids.update([message] if isinstance(message, str) else [m for m in message if m])
    assert len(ids) > 300
    with open(ROOT / "gamekit/locale/es/LC_MESSAGES/gamekit.po", "rb") as f:
        catalog = read_po(f)
    for m in catalog:
        key = m.id if isinstance(m.id, str) else m.id[0]
        if not key or key not in ids:
            continue
        texts = [m.id] if isinstance(m.id, str) else list(m.id)
        texts += [m.string] if isinstance(m.string, str) else list(m.string)
        assert not any(w in t.lower() for t in texts for w in ROW_WORDS), texts


def test_a_pupil_reads_one_after_another_for_a_run_of_captures():
    ex = L.exercises(2)["how_many"]
    page = (ROOT / "notebooks/dots_and_boxes/02_third_sides.md").read_text(encoding="utf-8")
    assert "## Exercise 5 — how many boxes, one after another?" in page
    assert "one after another" in ex.prompt


def test_spanish_dots_pages_say_le_toca_not_quien_mueve():
    """«Quien mueve» is chess talk; the Spanish pages say whose turn it is as the exercises do («le toca»)."""
    for path in (ROOT / "notebooks/es/dots_and_boxes").glob("*.md"):
        assert "quien mueve" not in path.read_text(encoding="utf-8"), path
    page = (ROOT / "notebooks/es/dots_and_boxes/04_long_chain_rule.md").read_text(encoding="utf-8")
    assert "qué cuenta quiere el jugador al que le toca" in page
