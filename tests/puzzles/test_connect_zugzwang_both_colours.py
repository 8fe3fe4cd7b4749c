"""A 5 en raya zugzwang key whose opponent runs out under "your threat" in the very cell that is the opponent's
threat too: the key says the cell is a threat for both colours, so "red's threat" and "your threat" do not read as
a contradiction."""

from gamekit.connect.threats import threat_cells
from gamekit.i18n import using
from gamekit.puzzles import bank
from gamekit.puzzles.connect_best_line import harmless_count
from gamekit.puzzles.connect_why import zugzwang_why


def test_a_cell_that_is_both_colours_threat_is_called_so():
    """Puzzle five-16a52d8a62 (a zugzwang homework item): yellow's column 4 keeps off the cell under red's threat
    in column 2, row 3, and red, out of safe drops, has to drop under yellow's threat in that same cell: the key
    names it once, as a threat for both colours, in English and Spanish."""
    puzzle = next(p for p in bank("five_in_a_row") if p.id == "five-16a52d8a62")
    game = puzzle.position
    assert puzzle.answers == ("4",) and game.to_move == 1
    assert threat_cells(game, 0) == [(2, 2)] and harmless_count(game, "4")[1] == (2, 2)
    wrong = [m for m in game.legal_moves() if m not in puzzle.answers]
    why = zugzwang_why(game, "4", wrong, draw=False)
    assert why.startswith("Why: column 4 keeps off the cell under the threat in column 2, row 3. By the end, that cell")
    assert "for both colours: red's and yours." in why and "under your threat in column 2, row 3" in why
    assert "red's threat in column 2" not in why
    with using("es"):
        es = zugzwang_why(game, "4", wrong, draw=False)
    assert "de los dos colores" in es and "columna 2, fila 3" in es
