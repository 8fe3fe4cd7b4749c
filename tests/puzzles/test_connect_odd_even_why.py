"""An *odd/even threat* puzzle's reason names a threat on the mover's kind of row only when the exact solver's
line of best play ends with the mover's winning disc on that very cell; otherwise it says only that the drop
wins and where the winning disc lands — never a threat the win does not come through."""

from __future__ import annotations

import pytest

from gamekit.i18n import using
from gamekit.puzzles import bank
from gamekit.puzzles.connect_best_line import winning_cell
from gamekit.puzzles.connect_cells import cell_words
from gamekit.puzzles.connect_why import lasting_threats
from gamekit.puzzles.connect_words import why_words
from gamekit.puzzles.pools import lesson_choices, lesson_pool, practice_pool

GAMES = ("five_in_a_row", "connect_four")
ROW_REASON = "so in the end"


def odd_even_puzzles(game_id):
    pools = [practice_pool(game_id), practice_pool(game_id, "odd_even_threat")]
    pools += [lesson_pool(game_id, key) for _, key in lesson_choices(game_id) if key is not None]
    found = {p.id: p for pool in pools for p in pool if "odd_even_threat" in p.themes}
    return [found[k] for k in sorted(found)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_odd_even_reason_names_the_cell_the_win_comes_at(game_id):
    puzzles = odd_even_puzzles(game_id)
    named = elsewhere = 0
    for p in puzzles:
        game = p.position
        for a in p.answers:
            with using("en"):
                why = why_words(p, "odd_even_threat", a)
            if p.facts["best"] <= 0:
                continue  # a draw's reason claims no win through the threat
            assert why, (p.id, a)
            # of the drop's new threats on the mover's rows, the one the win comes through (not always the lowest:
            # five-e3182ea55b's lowest is in column 3, row 3, its win in column 7, row 3)
            cell = winning_cell(game, a)
            if ROW_REASON in why:
                assert cell in lasting_threats(game, a), (p.id, a, why)
                assert f"makes a threat in {cell_words(game, cell)} (" in why, (p.id, a, why)
                named += 1
            else:
                assert "row" not in why.split(":")[1].split("lands")[0], (p.id, a, why)  # no row threat claimed
                assert cell not in lasting_threats(game, a), (p.id, a, why)
                elsewhere += 1
    assert named and elsewhere, (named, elsewhere)


def test_the_readers_examples():
    """c4-510f4d686e (stacked threats: the block is forced at once) and c4-6a5892c851 (the threat named was in
    row 3, the win comes in row 2) say where the win comes, not a row threat."""
    for pid in ("c4-510f4d686e", "c4-6a5892c851"):
        p = next(q for q in bank("connect_four") if q.id == pid)
        for a in p.answers:
            with using("en"):
                why = why_words(p, "odd_even_threat", a)
            assert ROW_REASON not in why and "your winning disc lands in" in why, (pid, why)
    with using("es"):
        p = next(q for q in bank("connect_four") if q.id == "c4-6a5892c851")
        assert "Why" not in why_words(p, "odd_even_threat", p.answers[0])
