"""The start page's progress table names a game's puzzle practice with the pupil's level ("level 6 of 10"), the
words the Practice page uses — never the raw rating, which stays in the teacher's exported file."""

from __future__ import annotations

import pytest

from gamekit import progress, progress_report
from gamekit.i18n import using
from gamekit.puzzles import pools
from gamekit.puzzles.ratings import Rating


@pytest.fixture(autouse=True)
def fresh_progress(tmp_path, monkeypatch):
    monkeypatch.setenv(progress.ENV, str(tmp_path / "progress.json"))


def practice_row(game_name: str) -> list:
    return next(row for row in progress_report.rows() if row[0].startswith(game_name))


def test_the_table_shows_the_level_the_practice_page_shows_not_the_rating():
    progress.record_attempt("dots_and_boxes", "d-1", True)
    progress.save_rating("dots_and_boxes", 1562.3, 290.1, 0.06)
    row = practice_row("Practice — Dots and Boxes")
    assert row[0] == "Practice — Dots and Boxes (level 6 of 10)" and "1562" not in row[0]
    shown = pools.level_words(pools.saved_rating("dots_and_boxes")[0])
    assert shown.startswith("Your level: 6 of 10")  # the Practice page says the same level
    html = progress_report.progress_table()._repr_html_()
    assert "level 6 of 10" in html and "rating" not in html
    # the teacher's export keeps the rating itself
    assert "1562 ± 580" in progress_report.export_csv("Ana")


@pytest.mark.parametrize(
    "rating, words",
    [
        (700.0, "level 1 of 10"),
        (1500.0, "level 5 of 10"),
        (1549.9, "level 5 of 10"),
        (1550.0, "level 6 of 10"),
        (2450.0, "level 10 of 10"),
        (9000.0, "level 10 of 10"),
    ],
)
def test_every_rating_gets_the_one_level_formula(rating, words):
    progress.save_rating("connect_four", rating, 60.0, 0.06)
    assert practice_row("Practice — Connect Four")[0] == f"Practice — Connect Four ({words})"
    assert pools.level(rating) == progress.level(rating)  # one function, whichever module names it


def test_in_spanish_the_table_says_nivel():
    progress.save_rating("five_in_a_row", 1700.0, 80.0, 0.06)
    with using("es"):
        assert progress_report.rows()[-1][0] == "Práctica — 5 en raya (nivel 7 de 10)"


def test_a_rating_that_is_not_a_number_is_refused():
    for bad in ["1500", None, True, float("nan")]:
        with pytest.raises(TypeError, match="rating="):
            progress.level(bad)
    assert progress.level(Rating().rating) == 3  # a new pupil starts at an easy level
