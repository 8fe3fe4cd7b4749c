"""Hypothesis property tests over random games of every variant."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit import IllegalMoveError
from gamekit.shutbox import Rules, ShutTheBox
from gamekit.shutbox.tiles import FULL

setups = st.sampled_from([("round", 1), ("round", 2), ("round", 4), ("long", 2), ("to_45", 2), ("to_45", 3)])
rules_st = st.builds(Rules, st.sampled_from(["after_789", "under_six", "never"]), st.sampled_from(["sum", "digits"]))
junk = st.one_of(
    st.just("roll"),
    st.tuples(st.just("roll"), st.integers(0, 3)),
    st.lists(st.integers(-1, 11), max_size=4).map(tuple),
    st.tuples(st.sampled_from(["cover", "uncover"]), st.lists(st.integers(0, 10), max_size=3).map(tuple)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups, rules=rules_st, seed=st.integers(0, 10**6), data=st.data())
def test_random_games_keep_their_invariants(setup, rules, seed, data):
    variant, n = setup
    g = ShutTheBox(n, rules, variant, seed=seed, stake=1)
    steps = 0
    while not g.is_over() and steps < 400:
        steps += 1
        # a random (often illegal) action: refused ones change nothing
        bad = data.draw(junk)
        if bad not in g.legal_moves() and not (bad == "roll" and g.phase == "roll"):
            before = g.to_dict()
            try:
                g.play(bad)
            except IllegalMoveError as refusal:
                assert str(refusal)
                assert g.to_dict() == before
            else:  # accepted: it must have been legal in another spelling
                assert g.history[-1] in ShutTheBox.from_dict({**before, "state": None}).legal_moves()
        if g.is_over():
            break
        moves = g.legal_moves()
        assert moves
        if g.phase == "cover":
            total = sum(g.dice)
            for kind, s in moves:
                assert sum(s) == total and kind == g.flip_kind
                flip = set(s)
                assert flip <= (set(g.open_tiles) if g.covering else set(g.covered_tiles))
        g.play(moves[data.draw(st.integers(0, len(moves) - 1))])
        assert 0 <= g.uncovered <= FULL
    if steps >= 400:
        return
    assert g.is_over()
    w = g.winner()
    if variant == "round":
        if g.shut_by is not None:
            assert w == g.shut_by and g.scores[w] == 0
        elif n > 1:
            low = min(s for s in g.scores)
            assert (w is None) == (g.scores.count(low) > 1)
            for s in g.scores:
                assert s is not None
        assert sum(g.payouts()) == 0
    elif variant == "long":
        assert w in (0, 1) and g.open_tiles in ((), tuple(range(1, 10)))
    else:
        assert sum(not o for o in g.out) == (1 if n > 1 else 0)
    # save / load / undo
    d = json.loads(json.dumps(g.to_dict()))
    h = ShutTheBox.from_dict(d)
    assert h.to_dict() == g.to_dict()
    if g.history:
        last = g.to_dict()
        h.undo()
        h.play(g.history[-1])
        assert h.to_dict() == last
