"""Dots and Boxes Practice: the words of a "take every box" decision are read off its board, never a stock reason
that may not fit (a 3-chain left is not "chains too short"), and box names are listed as a sentence lists them."""

from gamekit.dots import boxes_given, components
from gamekit.i18n import using
from gamekit.puzzles.dots_decisions import take_all_choice
from gamekit.puzzles.dots_safe import box_list
from gamekit.puzzles.dots_words import control_values, decline_lines, mistake_words, why_words
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.store import load_puzzles

G = "dots_and_boxes"


def long_left(puzzle):
    """Whether an unopened chain of three or more boxes, or a loop, is left on the board."""
    return any(not c.opened and (c.kind == "loop" or c.length >= 3) for c in components(puzzle.position))


def shares(puzzle, value):
    """The boxes a margin ``value`` on the boxes left leaves the pupil, and the boxes left."""
    g = puzzle.position
    left = g.geometry.n_boxes - sum(g.scores)
    return (left + int(value)) // 2, left


def test_every_take_all_decision_says_what_its_board_shows():
    decisions = [p for p in practice_pool(G, "control_not_worth_it") if take_all_choice(p)]
    assert len(decisions) > 20
    kinds = set()
    for p in decisions:
        _, takes, declines = decline_lines(p.position)
        why = why_words(p, "control_not_worth_it", p.answers[0])
        k, left = shares(p, p.facts["best"])
        if long_left(p):
            assert f"you {k} of the {left} boxes left" in why, (p.id, why)
        else:
            assert why.startswith("Why: no chain of 3 boxes or more and no loop is left"), (p.id, why)
        for d in declines:
            words = mistake_words(p, d)
            assert "too short" not in words and "demasiado cortas" not in words
            own = next(c for c in components(p.position) if d in c.lines)
            j, _ = shares(p, p.refutations[d]["value"])
            if boxes_given(p.position, d) > own.length:  # another chain's boxes stay on offer
                kinds.add("offer")
                assert "of another chain on offer" in words and f"you then get {j} of the {left}" in words, (
                    p.id,
                    words,
                )
            elif not long_left(p):
                kinds.add("nothing")
                assert "no chain of 3 boxes or more and no loop is left" in words, (p.id, words)
            else:
                kinds.add("count")
                assert f"you then get {j} of the {left} boxes left; taking every box gets you {k}" in words
            assert j < k
    assert kinds >= {"offer", "count"}


def test_a_decline_that_leaves_another_chain_on_offer_says_so():
    """dots-0c410a7cff: a3-b3 refuses the last two boxes of one chain while box b4's chain is still on offer; it was
    told as a plain decline ("hands Coral 4 boxes to keep control, but the chains left are too short")."""
    (p,) = [p for p in load_puzzles(G) if p.id == "dots-0c410a7cff"]
    words = mistake_words(p, "a3-b3")
    assert words.startswith(
        "The mistake: a3-b3 refuses the last boxes of one chain but leaves a box of another chain on offer too"
    )
    assert "b4" not in words  # taking it is the answer: not named before the pupil retries
    assert "6 of the 16 boxes left; taking every box gets you 10" in words
    # dots-46ae3b9583 said "refusing the last ones to keep control gets you 7 at most": taking one chain and
    # refusing the other's last boxes gets 9 too, as many as taking every box, so it is not the idea's
    (p,) = [p for p in load_puzzles(G) if p.id == "dots-46ae3b9583"]
    assert "control_not_worth_it" not in p.themes and control_values(p.position) == (2, 2)
    with using("es"):
        assert "too short" not in mistake_words(p, "c3-d3")


def test_box_names_are_listed_as_a_sentence_lists_them():
    assert box_list(["c1"]) == "c1"
    assert box_list(["c1", "e1"]) == "c1 and e1"
    assert box_list(["c1", "e1", "a2", "c2"]) == "c1, e1, a2 and c2"
    with using("es"):
        assert box_list(["c1", "e1", "a2", "c2"]) == "c1, e1, a2 y c2"
