"""A second right drop that shows nothing of the board's idea still gets a real reason, computed: another of the
puzzle's ideas that it does show, or the double threat it leads to along the solver's line of best play."""

import pytest

from gamekit.puzzles import bank
from gamekit.puzzles.connect_defence import later_double, later_double_why
from gamekit.puzzles.practice_words import why_right
from tests.puzzles.test_connect_stop_double_threat import _after, _wins_now  # one brute force for both files


def test_c4_8a9809286e_column_6_says_why_it_wins_not_only_where_the_disc_lands():
    p = next(p for p in bank("connect_four") if p.id == "c4-8a9809286e")
    said = why_right(p, "double_threat", "6")
    assert not said.startswith("Why: the disc lands in column 6, row 5.")
    assert "yellow runs out first" in said and "like column 5" in said  # its own zugzwang reason, then the result


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_a_later_double_threat_is_real_on_the_board(game_id):
    found = 0
    for p in bank(game_id):
        if p.facts["best"] != 1:
            continue
        for a in p.answers:
            said = later_double_why(p.position, a)
            if said is None:
                continue
            found += 1
            line, move, *_ = later_double(type(p.position), tuple(p.position.history), a)
            g = _after(p.position, a)
            for _, m in line:
                g.play(m)
            after = _after(g, move)
            assert not after.is_over()
            replies = [_after(after, r) for r in after.legal_moves()]
            assert all(not r.is_over() and _wins_now(r) for r in replies), (p.id, a)  # two threats: no block holds
            assert f"column {move} makes two threats at once" in said, said
    assert found
