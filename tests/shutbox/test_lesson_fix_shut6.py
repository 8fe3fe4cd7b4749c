"""Regression tests for a fresh strict reading of Shut the Box (r21): what a worksheet prints before an exercise,
which lesson the Practice page and the homework credit with the expected score, and the reasons lesson 4's checkers
give for common wrong answers."""

from __future__ import annotations

import pytest

from gamekit.i18n import tr, using


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_four_help_table_blanks_exercise_one_tile(lang):
    """Worksheet 4's "To help you" table of one-tile chances printed tile 8's row (5/36, about 14 turns in 100): the
    answer of exercise 1, which leaves tile 8 alone. The page shows that table only after exercise 1, so the sheet
    blanks that row (the other rows stay)."""
    from gamekit.shutbox.exercises_both_sets import ONE_TILE_CHANCE, one_tile_chance_exercise
    from gamekit.teacher_sheets import worksheet_markdown

    sheet = worksheet_markdown("gamekit.shutbox.lessons", "shut_the_box/04_best_strategy", lang)
    with using(lang):
        helpers = sheet[: sheet.index(tr("## Exercise {n}", n=1))]
        blank = tr("your answer to exercise 1")
        ex = one_tile_chance_exercise()
        assert ex.checker("14")[0]  # the row's value is exercise 1's answer
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip() for line in helpers.splitlines() if "/36 (" in line}
    rows |= {line.split("|")[1].strip(): line.split("|")[2].strip() for line in helpers.splitlines() if blank in line}
    assert rows[str(ONE_TILE_CHANCE)] == blank
    assert rows["9"].startswith("4/36") and rows["7"].startswith("6/36")
