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
                win = p.refutations[a]["line"][0][1]
                assert said.startswith(
                    (
                        f"Not the best: column {a}. It lets {colour} win at once",
                        f"Not the best: after column {a}, best play goes {colour} {win}. It lets {colour} win at once",
                    )
                ), (p.id, a, said)
                assert win not in p.answers or f"{colour} {win}" not in said, (p.id, a, said)  # no answer given away
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


@pytest.mark.parametrize("game_id", GAMES)
def test_a_zugzwang_reason_shows_a_wrong_drops_line_only_to_its_end(game_id):
    """Regression: "after column 7, best play goes red 1, yellow 1, red 1, …" showed nothing of how the drop
    loses; a line is shown only where it runs to the winning disc, else only the column is named."""
    from gamekit.puzzles.pools import practice_pool
    from gamekit.puzzles.practice_words import why_right

    whole = 0
    with using("en"):
        for p in practice_pool(game_id, "zugzwang"):
            for a in p.answers:
                said = why_right(p, "zugzwang", a)
                if "best play goes" in said:
                    assert not said.rstrip(".").endswith("…"), (p.id, said)
                    whole += 1
    assert whole >= 1
