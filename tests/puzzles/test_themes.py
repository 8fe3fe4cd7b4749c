"""The themes of the shipped puzzles say what the position shows (checked with the analysis, not the bank's own
code)."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gamekit import IllegalMoveError
from gamekit.dots import boxes_given, capture_lines, is_safe_line
from gamekit.connect.threats import playable_threats
from gamekit.puzzles import bank


def test_dots_themes_match_the_analysis():
    for p in bank("dots_and_boxes"):
        g = p.position
        caps = set(capture_lines(g))
        if "take_box" in p.themes:
            assert set(p.answers) & caps, p.id
        if {"double_deal", "all_but_four"} & set(p.themes):
            assert caps and not set(p.answers) & caps, p.id
            given = max(boxes_given(g, a) for a in p.answers)
            assert given == (4 if "all_but_four" in p.themes else 2), p.id
        if "safe_line" in p.themes:
            assert all(is_safe_line(g, a) for a in p.answers)
            assert any(is_safe_line(g, w) for w in p.refutations), p.id
        if "avoid_third_side" in p.themes:
            assert not any(is_safe_line(g, w) for w in p.refutations), p.id
        if "sacrifice" in p.themes:
            assert all(boxes_given(g, a) > 0 for a in p.answers) and not caps, p.id
        if "hard_hearted_handout" in p.themes:
            middles = [
                a
                for a in map(g.line_index, p.answers)
                if len(g.geometry.line_boxes[a]) == 2 and all(g.sides_drawn(b) == 2 for b in g.geometry.line_boxes[a])
            ]
            assert middles and not caps and not any(is_safe_line(g, w) for w in p.refutations), p.id


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_connect_themes_match_the_board(game_id):
    for p in bank(game_id):
        g = p.position
        me = g.to_move
        if "win_now" in p.themes:
            wins = []
            for a in p.answers:
                after = g.copy()
                after.play(a)
                wins.append(after.winner() == me)
            assert any(wins), p.id
            assert p.facts["best"] == 1
        if "block" in p.themes:
            # the opponent, were it to move, would make a line in the answer's column
            threats = {str(g.column_number(c)) for c, r in playable_threats(g, 1 - me)}
            assert set(p.answers) <= threats, p.id
        if "zugzwang" in p.themes:
            assert any(_hands_over(g, w) for w in p.refutations), p.id


def _hands_over(g, w):
    after = g.copy()
    after.play(w)
    reply = after.copy()
    reply.play(w) if w in reply.legal_moves() else None
    return reply.winner() == 1 - g.to_move


def test_shut_the_box_themes():
    from gamekit.shutbox import cpu_player

    for p in bank("shut_the_box"):
        kinds = {a[0] for a in p.answers}
        if "one_die_or_two" in p.themes:
            assert kinds == {"roll"} and p.position.phase == "roll"
        else:
            assert kinds == {"cover"} and "best_set" in p.themes
            if "sets_for_roll" in p.themes:
                assert len(p.legal_answers()) >= 3
            # the rule of thumb's set (the largest tile) loses exactly on the puzzles of this theme
            assert ("next_roll" in p.themes) == (cpu_player("medium", 0).choose(p.position) not in p.answers)
    traps = bank("shut_the_box", theme="next_roll")  # the "which set?" puzzles where the largest tile loses
    best = {p.id for p in bank("shut_the_box", theme="best_set")}
    assert len(traps) >= 250 and {p.id for p in traps} < best  # Practice's census positions add some it wins


_BANKS: dict = {}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.sampled_from(["dots_and_boxes", "five_in_a_row", "connect_four", "shut_the_box"]),
    st.integers(0, 10**6),
    st.one_of(
        st.text(max_size=8),
        st.integers(-5, 60),
        st.floats(allow_nan=True),
        st.none(),
        st.booleans(),
        st.tuples(st.integers(-1, 10)),
        st.lists(st.integers(0, 10), max_size=3),
    ),
)
def test_any_answer_is_judged_or_refused_cleanly(game_id, i, answer):
    puzzles = _BANKS.setdefault(game_id, bank(game_id))
    p = puzzles[i % len(puzzles)]
    before = p.to_dict()
    try:
        ok, text = p.check(answer)
    except IllegalMoveError as e:
        assert str(e)
    else:
        assert isinstance(ok, bool) and text
    assert p.to_dict() == before


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_zugzwang_practice_leaves_out_puzzles_where_every_wrong_drop_loses_at_once(game_id):
    """Where every wrong drop lets the opponent win at once, the idea is "don't play under the threat", not
    zugzwang: Practice's zugzwang idea leaves those out (the bank keeps their tag for the lessons' sets), and a
    new build does not tag them."""
    from gamekit.puzzles.connect import themes
    from gamekit.puzzles.connect_lessons import under_threat_only
    from gamekit.puzzles.pools import practice_pool

    tagged = bank(game_id, theme="zugzwang")
    under = [p for p in tagged if under_threat_only(p.position, [a for a in p.legal_answers() if a not in p.answers])]
    assert under  # the shipped bank holds some (23 and 11)
    pool = practice_pool(game_id, "zugzwang")
    assert pool and not {p.id for p in under} & {p.id for p in pool}
    # the rest, but for the puzzles an idea's Practice leaves out (a good guess above level 1, or answered by
    # the one-line rule "win at once, else block", which is another idea, or by the centre habit, which is none)
    from gamekit.puzzles.balance import one_step_rule
    from gamekit.puzzles.connect import centre_habit, mixed_win
    from gamekit.puzzles.pools import guessable

    from gamekit.puzzles.connect_thumbs import thumb_selection

    asked = [p for p in tagged if p not in under and not guessable(p) and one_step_rule(p) is None and not mixed_win(p)]
    kept = [p for p in asked if not centre_habit(p)]
    # but for one column's fair share of the centre habit's with the centre column among their answers
    # (gamekit.puzzles.connect.centre_share), and no rule of thumb answers more than a third of the pool
    # (gamekit.puzzles.connect_thumbs)
    from gamekit.puzzles.connect import centre_share

    # nor a fixed column more than a quarter of its read-ahead levels (gamekit.puzzles.connect_thumbs.column_selection)
    from gamekit.puzzles.connect_thumbs import column_selection

    from gamekit.puzzles.connect import practice_rated

    kept = [practice_rated(p) for p in kept + centre_share(kept, [p for p in asked if centre_habit(p)])]  # levels
    while len(cut := column_selection(thumb_selection(kept))) != len(kept):
        kept = cut
    assert sorted(p.id for p in pool) == sorted(p.id for p in kept)  # a board puzzle's question is its id
    for p in under[:3]:
        wrong = [a for a in p.legal_answers() if a not in p.answers]
        assert "zugzwang" not in themes(p.position, list(p.answers), wrong)


def test_a_teachers_results_count_an_under_threat_puzzle_under_no_zugzwang():
    """A pupil's result on a puzzle tagged zugzwang where every other drop loses at once (the idea is "don't play
    under the threat") does not count under zugzwang in the class table; a true zugzwang puzzle does."""
    from gamekit import progress
    from gamekit.puzzles.connect_lessons import under_threat_only
    from gamekit.puzzles.results import fitting_themes, theme_results

    tagged = bank("five_in_a_row", theme="zugzwang")
    under = [p for p in tagged if under_threat_only(p.position, [a for a in p.legal_answers() if a not in p.answers])]
    true = [p for p in tagged if p not in under]
    assert under and true
    assert all("zugzwang" not in fitting_themes(p) for p in under)
    assert all("zugzwang" in fitting_themes(p) for p in true)
    only = next(p for p in under if p.themes == ("zugzwang",))
    progress.record_attempt("five_in_a_row", only.id, False)
    assert "zugzwang" not in theme_results().get("five_in_a_row", {})
    progress.record_attempt("five_in_a_row", true[0].id, True)
    assert theme_results()["five_in_a_row"]["zugzwang"] == {"tried": 1, "right": 1}


def test_every_right_line_of_a_dots_handout_puzzle_gives_boxes_that_cannot_be_refused():
    """A *hard-hearted handout* puzzle's right lines are the middle line of an unopened chain of two (two boxes,
    the line between them drawn) or a line that gives a single box away: either way the opponent cannot decline
    the boxes and keep control, which is what the idea says; a right line that opened a chain of two at its end
    (a refusable pair) would contradict it."""
    from gamekit.dots import components

    single = 0
    puzzles = bank("dots_and_boxes", theme="hard_hearted_handout")
    for p in puzzles:
        g = p.position
        middles = set()
        for c in components(g):
            if c.kind == "chain" and c.length == 2 and not c.opened:
                middles |= set(g.geometry.box_lines[c.boxes[0]]) & set(g.geometry.box_lines[c.boxes[1]])
        for a in p.answers:
            assert g.line_index(a) in middles or boxes_given(g, a) == 1, (p.id, a)
            single += g.line_index(a) not in middles
    assert single  # puzzles with single-box answers are there, so the idea's words must name them
