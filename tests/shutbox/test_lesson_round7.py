"""A strict reading of the four Shut the Box lessons (round 7): lesson 3's More practice gets its minutes, lesson 4's
practice gives what its problems need and has a shut-the-box item the largest tile gets wrong, the worksheet keeps
the rules-of-thumb table away from the prediction, and the Spanish agrees with «fichas»."""

import re
from pathlib import Path

import pytest

from gamekit.shutbox import lessons as L

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"en": ROOT / "notebooks/shut_the_box", "es": ROOT / "notebooks/es/shut_the_box"}
GUIDES = {"en": ROOT / "docs/teachers/shutbox.md", "es": ROOT / "docs/teachers/es/shutbox.md"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_three_fits_50_minutes_with_more_practice_and_the_check_if_there_is_time(lang):
    """Lesson 3 ran 59 minutes.  The class tally's exact column and the computer's check now wait only for exercises
    1 to 9, so the More practice (7 minutes) and the computer's check (2) are "if you have time, or at home": the
    page's Time line adds up to 50, says what is extra, and the guide's plan and objectives table say the same."""
    page = (PAGES[lang] / "03_dice.md").read_text(encoding="utf-8")
    time = re.search(
        r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) minut(?:es|os):? ?\(?([^*]*?)\)?\.\n\n", page, re.S
    )
    parts = [int(n) for n in re.findall(r"(?:^|, |; | y )(\d+) ", " ".join(time.group(2).split()))]
    assert sum(parts) == int(time.group(1)) == L.LESSONS[3].minutes == 50, parts
    extra = (
        "**If you have time, or at home:** More practice" if lang == "en" else "**Si te sobra tiempo, o en casa:** Más"
    )
    assert extra in page and page.index(extra) < page.index("**Objectives.**" if lang == "en" else "**Objetivos.**")
    more = page[page.index("## M") : page.index("practice(3, score)")]
    assert ("if you have time" if lang == "en" else "si te sobra tiempo") in more
    guide = GUIDES[lang].read_text(encoding="utf-8")
    plan = guide[guide.index("03_dice.md)") :]
    plan = plan[: plan.index("**total**")]
    rows = [int(m) for m in re.findall(r"^\| (\d+) \|", plan, re.M)]
    assert sum(rows) == 50 and 7 not in rows and 8 in rows  # the tally stays, the More practice is extra
    assert "(50 min)" in guide and "(59 min)" not in guide


def test_spanish_says_the_tiles_7_8_and_9_with_the_right_agreement():
    """«7, 8 y 9 están cubiertas» agreed with nothing on the page: the Spanish says «el 7, el 8 y el 9 están
    cubiertos» (the numbers) or «las fichas 7, 8 y 9 están cubiertas», in the pages and in the messages."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(PAGES["es"].glob("*.md"))]
    texts.append((ROOT / "gamekit/locale/es/LC_MESSAGES/gamekit.po").read_text(encoding="utf-8"))
    for text in texts:
        flat = " ".join(text.split())
        for m in re.finditer(r"7, 8 y 9 (?:ya )?(?:están|estén) (?:des)?cubiert[ao]s", flat):
            assert flat[max(0, m.start() - 7) : m.start()] == "fichas ", flat[m.start() - 60 : m.end()]
    page = " ".join((PAGES["es"] / "04_best_strategy.md").read_text(encoding="utf-8").split())
    assert "cuando el 7, el 8 y el 9 ya están cubiertos" in page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_one_rules_name_the_roll_not_pips(lang):
    """The rules said "add the pips" («suma los puntos»: points are the score in Spanish); the glossary's word is
    the roll («tirada»), the total the dice show; the definition holds for the one-die roll too (r29: it said "the
    two numbers" two lines before the one-die rule)."""
    page = " ".join((PAGES[lang] / "01_rules_and_play.md").read_text(encoding="utf-8").split())
    assert "pips" not in page and "suma los puntos" not in page
    said = (
        "add up the numbers they show: that total is your **roll** (with one die, the roll is the number it shows)"
        if lang == "en"
        else "suma los números que salen: ese total es tu **tirada** (con un solo dado, la tirada es el número que "
        "sale)"
    )
    assert said in page
    assert "the two numbers" not in page and "los dos números" not in page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_four_one_tile_table_never_shows_exercise_ones_answer(lang):
    """The table of one-tile positions comes after exercise 1, whose answer is tile 7's expected score (35/6 ≈ 5.83):
    neither the table nor its box of exact numbers states it, in any form; the row says it is the pupil's answer."""
    import html

    from gamekit.i18n import using
    from gamekit.shutbox import lesson_tables
    from gamekit.shutbox.rules import Rules

    with using(lang):
        shown = html.unescape(lesson_tables.fill_table(Rules(one_die="never"))._repr_html_())
    assert not any(answer in shown for answer in ("35/6", "5.83", "5,83", "5.8 ", "5,8 ", "210/36"))
    assert ("your answer to exercise 1" if lang == "en" else "tu respuesta al ejercicio 1") in shown
    page = (PAGES[lang] / "05_playing_for_points.md").read_text(encoding="utf-8")
    assert page.index("expected_score_exercise()") < page.index("lesson_tables.fill_table(")
    # lesson 4 shows the table before any expected score: its chances only
    with using(lang):
        four = html.unescape(lesson_tables.fill_table(Rules(one_die="never"), scores=False)._repr_html_())
    assert not any(answer in four for answer in ("35/6", "5.83", "5,83", "expected score", "puntuación esperada"))
