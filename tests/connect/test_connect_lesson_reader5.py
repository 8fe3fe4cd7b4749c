"""A strict reader's findings on the 5 en raya lessons (round 5): words used before they are taught, Spanish that
says which action is meant, and a worksheet count with room to draw."""

import re
from pathlib import Path

from gamekit.connect import lesson1_exercises
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def _page(path: str) -> str:
    return " ".join((ROOT / "notebooks" / path).read_text(encoding="utf-8").split())


def test_lesson_two_says_what_an_open_three_is_instead_of_naming_it():
    """ "open three" was used before any page taught it: the aside now says it in plain words."""
    en = _page("five_in_a_row/02_threats_and_exercises.md")
    es = _page("es/five_in_a_row/02_threats_and_exercises.md")
    assert "open three" not in en and "tres abierto" not in es
    assert "three in a row with both ends open" in en and "tres seguidas con los dos extremos libres" in es


def test_spanish_lesson_two_says_the_cell_under_a_threat_is_empty():
    """Every cell is a «hueco», so a threat «encima de un hueco» says nothing: the cell under it is «vacío»."""
    es = _page("es/five_in_a_row/02_threats_and_exercises.md")
    assert not re.search(r"encima de (un hueco|huecos)(?! vac)", es)
    assert "encima de un hueco vacío" in es and "encima de huecos vacíos" in es


def test_spanish_lesson_one_popout_questions_say_popping():
    """Exercise 7 asks which disc, popped, lets yellow win (not which disc would); the pop hint says «sacar una
    ficha», never «saque» as a noun; exercise 8's prompt names who drops."""
    es = _page("es/five_in_a_row/01_rules_and_play.md")
    assert "¿Qué ficha, al sacarla, haría ganar al amarillo" in es
    with using("es"):
        pop = lesson1_exercises.popout_exercise()
        texts = [pop.prompt, pop.hint]
    assert not any(re.search(r"\bsaques?\b", t) for t in texts), texts
    assert "Ninguna ficha que deje caer" not in pop.prompt and "Si el rojo deja caer una ficha" in pop.prompt


def test_the_line_count_on_the_worksheet_gives_room_to_draw():
    """64 lines do not fit on one printed grid: the worksheet's exercise 6 says to copy the grid once per direction
    or draw each direction in its own colour; the page's question stays as it was."""
    from gamekit.teacher_sheets import worksheet_markdown

    for lang, words in (("en", "copy the empty grid three times"), ("es", "copia la cuadrícula vacía tres veces")):
        sheet = worksheet_markdown("gamekit.connect.lessons", "five_in_a_row/01_rules_and_play", lang)
        six = sheet.split("## " + ("Exercise" if lang == "en" else "Ejercicio") + " 6", 1)[1].split("\n## ", 1)[0]
        assert words in " ".join(six.split()) and "```text" in six
        with using(lang):
            assert words not in lesson1_exercises.count_lines_exercise().prompt
