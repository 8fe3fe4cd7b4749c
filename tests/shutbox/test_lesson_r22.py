"""Lesson 4's table of one-tile positions comes straight after exercise 1 (the chance to shut with tile 8 alone): on
a page that shows every cell at once it must not state that answer, in either language, nor tile 6's chance, which
is the same by the dice's symmetry; and a wrong tile is refused with its name."""

from __future__ import annotations

import re

import pytest

from gamekit.i18n import using
from gamekit.shutbox import lesson_tables
from gamekit.shutbox.exercises_both_sets import ONE_TILE_CHANCE, one_tile_chance_exercise
from gamekit.shutbox.rules import Rules


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4s_table_leaves_exercise_1s_tile_to_the_pupil(lang):
    with using(lang):
        shown = lesson_tables.fill_table(Rules(one_die="never"), scores=False, answer_tile=ONE_TILE_CHANCE)
        html = shown._repr_html_()
        exercise = one_tile_chance_exercise()
        blank = "your answer to exercise 1" if lang == "en" else "tu respuesta al ejercicio 1"
    rows = re.findall(r"<tr><td[^>]*>(\d)</td>(.*?)</tr>", html)  # (tile, its cells) in the table and the details
    own = [cells for tile, cells in rows if tile == str(ONE_TILE_CHANCE)]
    assert exercise.solutions and len(own) == 2 and all(blank in cells for cells in own)
    assert not any("5/36" in cells or "14" in cells for cells in own)
    twin = "the same as tile 8" if lang == "en" else "igual que la ficha 8"
    six = [cells for tile, cells in rows if tile == "6"]  # 6 has 8's chance by symmetry: held back in both tables
    assert len(six) == 2 and all(twin in cells and "5/36" not in cells for cells in six)
    assert all(twin not in cells and blank not in cells for tile, cells in rows if tile in "234579")  # the rest shown
    plain = dict(re.findall(r"<tr><td[^>]*>(\d)</td>(.*?)</tr>", lesson_tables.fill_table(scores=False)._repr_html_()))
    assert "5/36" in plain[str(ONE_TILE_CHANCE)]  # the table alone, with no exercise above it, shows the row


@pytest.mark.parametrize("bad", [0, 10, "8", 8.0, True, None.__class__])
def test_a_wrong_answer_tile_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="answer_tile"):
        lesson_tables.fill_table(Rules(one_die="never"), scores=False, answer_tile=bad)
