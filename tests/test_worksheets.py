"""Worksheets on paper: every position an exercise has is drawn on the sheet, and the sheet never points at a
screen ("above", "click", "type") — in English and in Spanish."""

import importlib
import re

import pytest

from gamekit.i18n import using
from gamekit.teacher_sheets import (
    PAPER_BANNED,
    board_text,
    paper_words,
    practice_as_shown,
    worksheet_markdown,
    write_worksheets,
)

MODULES = ("gamekit.dots.lessons", "gamekit.connect.lessons", "gamekit.shutbox.lessons")
SHEETS = [(m, nb) for m in MODULES for nb, factories in importlib.import_module(m).EXERCISES.items() if factories]


def exercises(module, notebook):
    """The exercises a worksheet prints, in order: those its module's ``WORKSHEET_OFF_PAPER`` leaves to the
    computer (too long to work out on paper) aside."""
    lessons = importlib.import_module(module)
    off_paper = getattr(lessons, "WORKSHEET_OFF_PAPER", {}).get(notebook, ())
    out = [ex for ex in (f() for f in lessons.EXERCISES[notebook]) if ex.key not in off_paper]
    lesson = next((l for l in lessons.LESSONS.values() if l.notebook == notebook), None)
    if lesson is not None and lesson.practice is not None and "practice" not in off_paper:
        out += practice_as_shown(lessons, lesson)  # in the order and at the levels the page shows them
    return out


def blocks(sheet):
    return re.findall(r"```text\n(.*?)\n```", sheet, re.S)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("module, notebook", SHEETS, ids=lambda v: str(v))
def test_every_position_is_drawn_and_nothing_points_at_a_screen(module, notebook, lang):
    sheet = worksheet_markdown(module, notebook, lang)
    words = re.sub(r"```text\n.*?\n```", "", sheet, flags=re.S)  # the diagrams' own letters aside
    banned = re.findall(PAPER_BANNED[lang], words, re.I)
    assert not banned, f"{notebook} ({lang}): {banned}"
    with using(lang):
        drawn = [board_text(ex) for ex in exercises(module, notebook)]
    drawings = blocks(sheet)
    assert [d.rstrip() for d in drawn if d] == drawings  # each position, in the order of the exercises
    for ex, text in zip(exercises(module, notebook), drawn):
        board = getattr(ex, "game", None) or ex.position
        if board is not None and (
            hasattr(board, "legal_moves") or hasattr(board, "open_tiles") or isinstance(board, tuple)
        ):
            assert text, f"{notebook}: an exercise with a position has no drawing"


def test_a_dots_drawing_names_the_dots_and_the_boxes_taken():
    from gamekit.dots import DotsAndBoxes

    game = DotsAndBoxes.from_moves(2, 2, "a1-b1 a1-a2 b1-b2 a2-b2")
    ex = type("Ex", (), {"game": game, "position": None})()
    text = board_text(ex)
    assert text.splitlines()[0].split() == ["a", "b", "c"]
    assert (
        text.splitlines()[1].startswith(" 1 o---o") and " C " in text.splitlines()[2] + " "
    )  # Coral drew the fourth side
    assert "G a box Gold has taken" in text
    empty = type("Ex", (), {"game": DotsAndBoxes.from_moves(2, 2, "a1-b1"), "position": None})()
    assert "has taken" not in board_text(empty)  # no key for boxes where no box is taken


def test_a_shut_the_box_drawing_shows_the_open_tiles_and_the_roll():
    ex = type("Ex", (), {"game": None, "position": ((1, 2, 3, 5, 8), 7)})()
    text = board_text(ex)
    assert text.splitlines()[0] == "| 1 | 2 | 3 | ■ | 5 | ■ | ■ | 8 | ■ |"
    assert "The dice show 7." in text
    with using("es"):
        assert "Los dados marcan 7." in board_text(ex)
    assert board_text(type("Ex", (), {"game": None, "position": None})()) is None
    assert board_text(type("Ex", (), {"game": None, "position": ("a", "b")})()) is None


@pytest.mark.parametrize(
    "lang, text, drawn, expected",
    [
        ("en", "Gold to move. Click the line that wins a box.", True, "Gold to move. Write the line that wins a box."),
        (
            "en",
            "Red to move: one column makes five. Click it.",
            True,
            "Red to move: one column makes five. Write it down.",
        ),
        (
            "en",
            "On the tiny board above (three in a line wins) yellow is to move.",
            True,
            "On the tiny board drawn below (three in a line wins) yellow is to move.",
        ),
        (
            "en",
            "In the game above Coral lost. Type it, like a1-b1.",
            False,
            "In the game the lesson shows Coral lost. Write it, like a1-b1.",
        ),
        (
            "en",
            "Same start as above, but now Gold takes two.",
            False,
            "Same start as in the lesson, but now Gold takes two.",
        ),
        (
            "en",
            "Type every set (for 5 you would type 5; 4+1).",
            False,
            "Write every set (for 5 you would write 5; 4+1).",
        ),
        ("es", "Le toca a Dorado. Pulsa la mejor línea.", True, "Le toca a Dorado. Escribe la mejor línea."),
        ("es", "En la partida de arriba perdió Coral.", False, "En la partida de la lección perdió Coral."),
        (
            "es",
            "En el tablero diminuto de arriba le toca al amarillo.",
            True,
            "En el tablero diminuto de abajo le toca al amarillo.",
        ),
        ("es", "El mismo comienzo que arriba, pero ahora", False, "El mismo comienzo que en la lección, pero ahora"),
    ],
)
def test_paper_words(lang, text, drawn, expected):
    assert paper_words(text, drawn, lang) == expected


def test_the_written_sheets_are_the_generated_ones(tmp_path):
    written = write_worksheets("gamekit.connect.lessons", tmp_path)
    assert written and all(
        p.read_text(encoding="utf-8")
        == worksheet_markdown("gamekit.connect.lessons", str(p.relative_to(tmp_path).with_suffix("")))
        for p in written
    )
    sheet = written[0].read_text(encoding="utf-8")
    assert "Name a column by its number, counted from 1 on the left" in sheet and "click" not in sheet.lower()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("notebook", [nb for m, nb in SHEETS if m == "gamekit.connect.lessons"])
def test_a_five_in_a_row_sheet_opens_with_its_rules_card(notebook, lang):
    """Paper has no lesson page to look the rules up in: each 5 en raya sheet starts with the rules card (five to
    win, the side discs and their colours, what a pop does), in the sheet's language, before exercise 1."""
    from gamekit.connect import lessons
    from gamekit.i18n import tr

    sheet = worksheet_markdown("gamekit.connect.lessons", notebook, lang)
    with using(lang):
        card, first = tr("## Rules card"), tr("## Exercise {n}", n=1)
        rules = [tr(rule) for rule in lessons.WORKSHEET_RULES]
    assert card in sheet and sheet.index(card) < sheet.index(first)
    for rule in rules:
        assert f"- {rule}" in sheet[sheet.index(card) : sheet.index(first)]
    with using("en"):
        text = " ".join(lessons.WORKSHEET_RULES)
    assert "Five of your discs" in text and "red at the bottom on the left" in text
    # the PopOut rule only where a question uses PopOut (lesson 1), never on the other sheets
    assert ("> **PopOut**" in sheet) == ("PopOut" in sheet) == notebook.endswith("01_rules_and_play")


@pytest.mark.parametrize("module", ["gamekit.dots.lessons", "gamekit.shutbox.lessons"])
def test_a_sheet_has_a_rules_card_exactly_when_its_game_defines_one(module):
    import importlib

    nb = next(nb for m, nb in SHEETS if m == module)
    has_card = bool(getattr(importlib.import_module(module), "WORKSHEET_RULES", None))
    assert ("## Rules card" in worksheet_markdown(module, nb, "en")) == has_card


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_cells_a_board_marks_are_written_under_it(lang):
    """Paper has no tints: the zugzwang exercises' threat and ✗ cells are written in words under their board."""

    from gamekit.connect import lesson2_exercises

    sheet = worksheet_markdown("gamekit.connect.lessons", "five_in_a_row/02_threats_and_exercises", lang)
    with using(lang):
        marked = lesson2_exercises.zugzwang_exercise().marked_cells
    assert marked and "✗" in marked
    assert f"```\n\n{marked}\n" in sheet


@pytest.mark.parametrize("module", ["gamekit.dots.lessons", "gamekit.connect.lessons", "gamekit.shutbox.lessons"])
def test_a_sheet_lists_each_questions_choices_in_the_order_the_page_shows_them(module):
    """The teacher reads a pupil's ticked box against the page: the sheet's boxes come in the widget's shuffled
    order (shown_order with the exercise's key), never the author's order with the right answer often first."""
    import importlib

    from gamekit.widgets.exercise import shown_order

    lessons = importlib.import_module(module)
    checked = 0
    for notebook, factories in lessons.EXERCISES.items():
        if not factories:
            continue
        sheet = worksheet_markdown(module, notebook)
        for factory in factories:
            ex = factory()
            if not ex.choices or len(ex.choices) < 2:
                continue
            boxes = "\n".join(f"- [ ] {c}" for c in shown_order(ex.choices, ex.key))
            assert boxes in sheet, (notebook, ex.key)
            checked += 1
    if not checked:
        pytest.skip(f"{module}: no multiple-choice exercise to check")
