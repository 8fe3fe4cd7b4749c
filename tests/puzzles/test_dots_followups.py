"""The bank's take-all follow-ups (:func:`gamekit.puzzles.build.take_all_followups`): new "take every box or
decline the last ones?" puzzles where taking is right, one or two lines after a bank position with no box on offer
(they gave the double-deal and all-but-four lists as many take-all answers as decline ones)."""

from __future__ import annotations

from gamekit.dots import capture_lines
from gamekit.puzzles.build import rate_one_step, take_all_followups
from gamekit.puzzles.dots import candidate
from gamekit.puzzles.dots_decisions import take_all_choice
from gamekit.puzzles.dots_thumbs import decided
from gamekit.puzzles.store import load_puzzles

START = "dots-12e8f92533"  # a bank position with no box on offer: five follow-ups, four of them already banked


def start_puzzle():
    return next(p for p in load_puzzles("dots_and_boxes") if p.id == START)


def test_followups_are_take_all_decisions_one_or_two_lines_on_in_id_order():
    start = start_puzzle()
    assert not capture_lines(start.position)
    found = take_all_followups([start])
    assert [p.id for p in found] == sorted({p.id for p in found}) and len(found) == 4  # 5 before the fixed classifier
    begun = list(start.position.history)
    for p in found:
        history = list(p.position.history)
        assert history[: len(begun)] == begun and len(history) - len(begun) in (1, 2)
        assert take_all_choice(p) and not decided(p)
        assert capture_lines(p.position)  # the boxes on offer are the choice
        again = rate_one_step(candidate(p.position, 5.0))
        assert (again.id, again.rating, sorted(again.answers)) == (p.id, p.rating, sorted(p.answers))


def test_followups_skip_what_the_puzzles_hold_and_positions_with_a_box_on_offer():
    start = start_puzzle()
    found = take_all_followups([start])
    rest = take_all_followups([start, found[0]])
    assert [p.id for p in rest] == [p.id for p in found[1:]]
    # a follow-up has boxes on offer: nothing is built from it
    assert take_all_followups([found[0]]) == []
    # the bank holds most of them: the follow-ups were added to it once (docs/puzzles.md)
    banked = {p.id for p in load_puzzles("dots_and_boxes")}
    assert sum(p.id in banked for p in found) == 4
