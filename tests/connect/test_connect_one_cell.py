"""5 en raya lesson 2's picture before "Stop the double threat": a double threat already on the board, where
blocking one of its two cells is not enough.  Its words are computed on its board and checked here by the rules
and the exact solver; the picture gives no exercise below it away."""

import re
from pathlib import Path

import pytest

from gamekit.connect import lesson2_stop
from gamekit.connect import lessons as L
from gamekit.connect.lesson_positions import immediate_wins, position
from gamekit.connect.rules import FiveInARow
from gamekit.connect.solver import solve
from gamekit.connect.threats import playable_threats, threat_cells
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def _after(game, move):
    g = game.copy()
    g.play(move)
    return g


def test_the_one_cell_picture_says_what_its_board_shows():
    """Red to move; yellow has two threat cells a disc reaches now (column 3 row 4, column 4 row 5), red none and
    no five of its own.  Blocking column 3 lets yellow make five in column 4; every red drop lets yellow make five
    next turn, and the exact solver agrees that red loses."""
    game = position("one_cell_not_enough")
    words = lesson2_stop.one_cell_words(game)
    assert game.to_move == 0 and not immediate_wins(game) and not playable_threats(game, 0)
    assert sorted(playable_threats(game, 1)) == [(3, 3), (4, 4)]
    assert "two threats that a disc can reach now: column 3 row 4 and column 4 row 5" in words
    assert immediate_wins(_after(game, "3")) == ["4"]
    assert "If red drops into column 3 and blocks column 3 row 4, yellow drops into column 4 and makes five" in words
    assert all(immediate_wins(_after(game, m)) for m in game.legal_moves())
    assert "Blocking one cell is not enough: whatever red drops, yellow makes five next turn." in words
    assert solve(game) < 0
    with using("es"):
        es = lesson2_stop.one_cell_words(game)
    assert es.startswith("Le toca al rojo.") and "columna 3 fila 4" in es and "no basta" in es


def test_the_one_cell_words_refuse_a_board_without_a_double_threat():
    """A board where the opponent has fewer than two threat cells a disc reaches, or the player to move can make
    five first, is refused with the reason, not described wrongly."""
    with pytest.raises(ValueError, match="two threat cells a disc reaches now"):
        lesson2_stop.one_cell_words(FiveInARow.from_moves("45"))
    with pytest.raises(ValueError, match="cannot make five"):
        lesson2_stop.one_cell_words(FiveInARow.from_moves("22334455"))


@pytest.mark.parametrize("lang", ["", "es/"])
def test_the_picture_comes_before_the_stop_section_and_exercise_ten(lang):
    """The picture follows "it is usually too late to stop it", before the advice to look one move ahead, the stop
    picture and exercise 10; it shows none of the cells any board exercise of the page answers with."""
    page = (ROOT / "notebooks" / lang / "five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8")
    section = page.index("## Stop the double threat" if not lang else "## Impide la amenaza doble")
    at = page.index("lesson2_stop.one_cell_picture()")
    assert section < at < page.index("lesson2_stop.stop_picture()") < page.index('L.exercise("stop_double"')
    assert re.search(r"too late to stop it|tarde para impedirla", page[section:at])
    marked = {cell for seat in (0, 1) for cell in threat_cells(position("one_cell_not_enough"), seat)}
    for ex in L.exercises().values():
        if ex.game is None or not all(m.isdigit() for m in ex.solutions):
            continue
        landing = {(ex.game.grid_column(int(m)), len(ex.game.grid[ex.game.grid_column(int(m))])) for m in ex.solutions}
        assert len(marked & landing) < 2, ex.key
