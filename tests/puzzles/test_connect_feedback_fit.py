"""The feedback to a wrong 5 en raya / Connect Four drop fits what happens: a drop after which the opponent's very
next disc wins says it loses at once (not a bare "Then red wins."), and says so only then."""

import pytest

from gamekit.connect.puzzle_text import loses_at_once
from gamekit.i18n import using
from gamekit.puzzles import bank

GAMES = ["five_in_a_row", "connect_four"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_drop_that_loses_at_once_says_so_and_only_then(game_id):
    seen = 0
    for p in bank(game_id):
        for a in p.legal_answers():
            if a in p.answers:
                continue
            after = p.position.copy()
            after.play(a)
            at_once = any(
                (lambda g: (g.play(m), g.winner() == after.to_move)[1])(after.copy()) for m in after.legal_moves()
            )
            with using("en"):
                said = p.check(a)[1]
            if loses_at_once(p.refutations[a]):
                assert at_once, (p.id, a)
                seen += 1
                colour = ("red", "yellow")[after.to_move]
                assert said.startswith(f"Not the best: column {a}. It lets {colour} win at once"), (p.id, a, said)
                assert "Then " not in said, (p.id, a, said)
                with using("es"):
                    assert "en la jugada siguiente" in p.check(a)[1], (p.id, a)
            else:
                assert "win at once, with the next disc" not in said, (p.id, a, said)
    assert seen > 20


def test_the_readers_column_1_now_says_it_loses_at_once():
    """Regression: "Not the best: column 1. Then red wins." for a drop red answers with a win at once."""
    (p,) = [p for p in bank("connect_four") if p.id == "c4-03244f18a6"]
    with using("en"):
        said = p.check("1")[1]
    assert "It lets red win at once, with the next disc." in said and "Then red wins." not in said
