"""Analysis functions on hand-built positions (written in line notation so a reader can check them)."""

from hypothesis import given, settings, strategies as st

from gamekit.dots import DotsAndBoxes
from gamekit.dots.analysis import (
    analyse,
    box_degrees,
    boxes_given,
    capturable_boxes,
    capture_lines,
    capture_run,
    chains,
    components,
    double_crosses,
    is_safe_line,
    joints,
    long_chain_rule,
    loops,
    move_log,
    no_safe_lines,
    safe_lines,
    turns_taken,
)

# 3×3 board, dots a–d × 1–4.  Top row: top and bottom sides drawn, plus the left side of a1.
#   o---o---o---o
#   |
#   o---o---o---o
TOP_ROW_OPENED = "a1-b1 b1-c1 c1-d1 a2-b2 b2-c2 c2-d2 a1-a2"
# The 2×2 block a1, b1, a2, b2 with its outer sides drawn: a loop of four.
LOOP_2X2 = "a1-b1 b1-c1 a3-b3 b3-c3 a1-a2 a2-a3 c1-c2 c2-c3"
# Top row a1, b1 with top and bottom drawn: a chain of two from the border to the joint c1.
CHAIN_TO_JOINT = "a1-b1 b1-c1 a2-b2 b2-c2"


def g33(moves: str, **kw) -> DotsAndBoxes:
    return DotsAndBoxes.from_moves(3, 3, moves, **kw)


def test_capturable_and_capture_run():
    g = g33(TOP_ROW_OPENED)
    assert capturable_boxes(g) == [0]  # a1 has its third side
    assert capture_lines(g) == ["b1-b2"]
    assert capture_run(g) == 3  # a1, then b1, then c1
    assert g.to_dict()["moves"] == TOP_ROW_OPENED.split()  # analysis does not change the game
    assert capture_run(g33("a1-b1")) == 0


def test_double_cross_capture_run_and_lines():
    g = g33("a1-b1 b1-c1 a2-b2 b2-c2 a1-a2 c1-c2")  # a1 and b1 both have three sides
    assert capturable_boxes(g) == [0, 1]
    assert capture_lines(g) == ["b1-b2"]  # one line takes both
    assert capture_run(g) == 2
    assert double_crosses(g) == []
    g.play("b1-b2")
    assert double_crosses(g) == ["b1-b2"]
    assert move_log(g)[-1] == ("b1-b2", g.to_move, (0, 1))


def test_safe_lines():
    g = g33(TOP_ROW_OPENED)
    safe = safe_lines(g)
    assert len(safe) == 14
    assert "a3-b3" in safe and "a2-a3" in safe  # row 2 boxes have one side drawn: still safe
    for unsafe in ("b1-b2", "c1-c2", "d1-d2"):  # touch row-1 boxes with 2 or 3 sides
        assert unsafe not in safe and not is_safe_line(g, unsafe)
    assert not is_safe_line(g, "a1-b1")  # already drawn
    assert not no_safe_lines(g)
    assert safe_lines(DotsAndBoxes(3, 3)) == DotsAndBoxes(3, 3).legal_moves()


def test_components_opened_chain():
    g = g33(TOP_ROW_OPENED)
    (c,) = components(g)
    assert c.kind == "chain" and c.boxes == (0, 1, 2) and c.names == ("a1", "b1", "c1")
    assert c.opened and c.length == 3 and c.is_long
    assert set(c.lines) == {"b1-b2", "c1-c2", "d1-d2"}
    assert c.ends == (-1,)  # the unopened end is on the border


def test_components_loop():
    g = g33(LOOP_2X2)
    (c,) = loops(g)
    assert c.kind == "loop" and not c.opened and c.length == 4 and not c.is_long
    assert set(c.names) == {"a1", "b1", "a2", "b2"}
    assert set(c.lines) == {"b1-b2", "a2-b2", "b2-c2", "b2-b3"}
    assert chains(g) == []
    assert boxes_given(g, "b1-b2") == 4  # opening the loop gives all four
    g.play("b1-b2")
    (c,) = components(g)
    assert c.kind == "loop" and c.opened  # an opened loop is still shown as a loop


def test_components_chain_to_joint():
    g = g33(CHAIN_TO_JOINT)
    (c,) = components(g)
    assert c.kind == "chain" and set(c.names) == {"a1", "b1"} and not c.opened
    assert sorted(c.ends) == [-1, 2]  # the border and the joint c1
    assert not c.isolated
    assert joints(g) == [2]
    assert boxes_given(g, "a1-a2") == 2
    assert boxes_given(g, "c3-d3") == 0  # a safe line gives nothing


def test_components_show_chains_forming():
    g = g33("a1-b1 a2-b2")  # a1 has two sides: a chain of one is forming
    (c,) = components(g)
    assert c.names == ("a1",) and c.length == 1 and not c.opened
    assert components(DotsAndBoxes(3, 3)) == []


def test_long_chain_rule():
    rule = long_chain_rule(g33(TOP_ROW_OPENED))
    assert rule.dots == 16 and rule.long_chains == 1
    assert rule.even_seat == 0 and rule.odd_seat == 1 and rule.favoured == 1
    assert rule.wants(0) == "even" and "16 dots" in rule.explain()
    # after alternating starts, coral (seat 1) moved first and wants the even count
    assert long_chain_rule(DotsAndBoxes(3, 3, first=1)).even_seat == 1
    # 4×4 boxes: 25 dots, the first player wants an odd number of long chains
    assert long_chain_rule(DotsAndBoxes(4, 4)).even_seat == 1
    assert long_chain_rule(DotsAndBoxes(5, 4)).even_seat == 0


def test_turns_and_analyse():
    g = g33("a1-b1 b1-c1 a2-b2 b2-c2 a1-a2 c1-c2 b1-b2")
    assert turns_taken(g) == 7
    a = analyse(g)
    assert a.double_crosses == ("b1-b2",) and a.capturable == () and not a.endgame
    assert a.to_dict()["double_crosses"] == ["b1-b2"]


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.randoms(use_true_random=False))
def test_random_games_invariants(w, h, rng):
    g = DotsAndBoxes(w, h)
    while not g.is_over():
        deg = box_degrees(g)
        comps = components(g)
        members = [b for c in comps for b in c.boxes]
        assert sorted(members) == [b for b, d in enumerate(deg) if d in (1, 2)]  # each in exactly one
        for line in safe_lines(g):
            h2 = g.copy()
            h2.play(line)
            assert all(h2.sides_drawn(b) <= 2 for b in g.geometry.line_boxes[g.line_index(line)])
        before = g.scores[g.to_move]
        run, mover = capture_run(g), g.to_move
        h2 = g.copy()
        while capturable_boxes(h2):
            h2.play(capture_lines(h2)[0])
        assert h2.scores[mover] - before == run
        g.play(rng.choice(g.legal_moves()))
    # over a whole game, turns = dots + double-crosses
    assert turns_taken(g) == g.geometry.n_dots + len(double_crosses(g))
