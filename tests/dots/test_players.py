"""CPU levels: legal, reproducible, and Hard's promises (takes what it should, gives nothing away early)."""

import pytest
from hypothesis import given, settings, strategies as st

from gamekit.dots import fast

from gamekit.dots import DotsAndBoxes, cpu_player, hint, move_values, solve
from gamekit.dots.analysis import box_degrees, is_safe_line, safe_lines


needs_numba = pytest.mark.skipif(not fast.available(), reason="numba is not installed (the pure-Python solver answers)")

# Hard with a smaller search budget keeps the suite fast; the decisions follow the same code paths.
FAST = {"node_budget": 40_000, "exact_lines": 26}


def play_out(players, width=3, height=3, first=0):
    game = DotsAndBoxes(width, height, first=first)
    while not game.is_over():
        line = players[game.to_move].choose(game)
        assert line in game.legal_moves()  # canonical and legal
        game.play(line)
    return game


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_are_legal_and_reproducible(level):
    for size in [(3, 3), (4, 3)]:
        a = play_out([cpu_player(level, seed=5, time_cap=None, **FAST), cpu_player("easy", seed=9)], *size)
        b = play_out([cpu_player(level, seed=5, time_cap=None, **FAST), cpu_player("easy", seed=9)], *size)
        assert a.history == b.history
    c = play_out([cpu_player("easy", seed=1), cpu_player(level, seed=6, **FAST)], 3, 3, first=1)
    assert c.is_over()


def test_unknown_level():
    with pytest.raises(ValueError):
        cpu_player("expert")


def test_seeds_differ():
    runs = {tuple(play_out([cpu_player("easy", seed=s), cpu_player("easy", seed=s + 100)]).history) for s in range(4)}
    assert len(runs) > 1


def forced_take_exists(game):
    """A box with a third side whose last line does not lead into a chain: taking it is always right."""
    deg = box_degrees(game)
    for b, d in enumerate(deg):
        if d == 1:
            (line,) = [l for l in game.geometry.box_lines[b] if not game.is_drawn(l)]
            other = [o for o in game.geometry.line_boxes[line] if o != b]
            if not other or deg[other[0]] != 2:
                return True
    return False


def completes_box(game, line):
    return any(game.sides_drawn(b) == 3 for b in game.geometry.line_boxes[game.line_index(line)])


@pytest.mark.parametrize(
    "size,opponent,seed", [((4, 3), "medium", 1), ((4, 3), "easy", 2), ((3, 3), "medium", 3), ((5, 4), "medium", 4)]
)
def test_hard_takes_what_it_should_and_gives_nothing_away_early(size, opponent, seed):
    hard, other = cpu_player("hard", seed=seed, **FAST), cpu_player(opponent, seed=seed)
    for first in (0, 1):
        game = DotsAndBoxes(*size, first=first)
        while not game.is_over():
            if game.to_move == 1:
                game.play(other.choose(game))
                continue
            line = hard.choose(game)
            on_offer = any(d == 1 for d in box_degrees(game))
            if forced_take_exists(game):
                assert completes_box(game, line), (game.history, line)
            if not on_offer and safe_lines(game):
                assert is_safe_line(game, line), (game.history, line)
            if len(game.undrawn_lines()) <= 13 and (on_offer or not safe_lines(game)):
                # boxes on offer (take or double-deal) and the endgame: perfect play
                assert move_values(game)[line] == solve(game), (game.history, line)
            game.play(line)


def test_hint_reasons():
    # take the box
    g = DotsAndBoxes.from_moves(3, 3, "a1-b1 b1-c1 c1-d1 a2-b2 b2-c2 c2-d2 a1-a2")
    line, reason = hint(g)
    assert line == "b1-b2" and reason.startswith("Take the box")
    # opening move: any safe line
    line, reason = hint(DotsAndBoxes(5, 4))
    assert reason.startswith("Safe line") and is_safe_line(DotsAndBoxes(5, 4), line)
    # two 3-chains (3×2 board, horizontals drawn); the top one opened at a1: take a1, then keep control
    g = DotsAndBoxes(3, 2)
    for l in range(g.geometry.n_horizontal):
        g.play(l)
    g.play("a1-a2")
    assert hint(g)[0] == "b1-b2"
    g.play("b1-b2")
    line, reason = hint(g)
    assert line == "d1-d2" and reason.startswith("Double-deal: leave the last two boxes")
    # no safe line left, a 2-chain to give: the middle line (hard-hearted handout)
    g = DotsAndBoxes(2, 1)
    g.play("a1-b1")
    g.play("b1-c1")
    g.play("a2-b2")
    g.play("b2-c2")
    line, reason = hint(g)
    assert line == "b1-b2" and reason.startswith("No safe line left")
    with pytest.raises(ValueError):
        done = DotsAndBoxes(1, 1)
        for l in done.legal_moves():
            done.play(l)
        hint(done)


def test_double_deal_in_a_loop():
    # 5×3 board: a loop of four (a1 b1 a2 b2), a chain of five along the bottom row, the rest taken.
    g = DotsAndBoxes(5, 3)
    undrawn = {"b1-b2", "b2-b3", "a2-b2", "b2-c2"} | {f"{c}3-{c}4" for c in "abcdef"}
    for l in range(g.geometry.n_lines):
        if g.line_name(l) not in undrawn:
            g.play(l)
    g.play("b1-b2")  # the loop is opened: taking all four and opening the five-chain is worse
    assert solve(g) == 1
    line, reason = hint(g)
    assert line in ("b2-b3", "a2-b2") and reason.startswith("Double-deal: leave the last four boxes")


_SAFE_PHASE: dict = {}


def safe_phase_brute_force(width, height, drawn):
    """Minimax in which neither side may give a box away while a safe line is left (Hard's middle-game model).

    One memo per board size, shared by every call (values depend on the drawn lines only)."""
    value = _SAFE_PHASE.get((width, height))
    if value is None:
        from functools import lru_cache
        from gamekit.dots.rules import geometry

        g = geometry(width, height)
        masks = [sum(1 << l for l in ls) for ls in g.box_lines]
        full = (1 << g.n_lines) - 1
        # per line: its bit and the line masks of the boxes it borders (read once, not on every visit)
        steps = [(1 << l, tuple(masks[b] for b in g.line_boxes[l])) for l in range(g.n_lines)]

        @lru_cache(maxsize=None)
        def value(d):
            if d == full:
                return 0
            undrawn = [(bit, boxes) for bit, boxes in steps if not d & bit]
            # a safe line leaves every box it borders with at most two sides (it had at most one before)
            safe = [(bit, boxes) for bit, boxes in undrawn if all(bin(d & m).count("1") <= 1 for m in boxes)]
            best = -99
            for bit, boxes in safe or undrawn:
                nd = d | bit
                k = sum(1 for m in boxes if nd & m == m)
                best = max(best, k + value(nd) if k else -value(nd))
            return best

        _SAFE_PHASE[(width, height)] = value
    return value(drawn)


@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=needs_numba)])
@pytest.mark.parametrize("size,undrawn", [((2, 2), 10), ((3, 2), 13), ((2, 3), 14), ((3, 3), 15)])
def test_safe_phase_solver_against_brute_force(size, undrawn, compiled):
    import random
    from gamekit.dots.players import SafePhaseSolver

    rng = random.Random(sum(size) * 100 + undrawn)
    s = SafePhaseSolver(*size, compiled=compiled)
    assert s.compiled is compiled
    for _ in range(12):
        game = DotsAndBoxes(*size)
        while len(game.undrawn_lines()) > undrawn:
            line = rng.choice(safe_lines(game) or game.legal_moves())
            game.play(line)
        assert s.value(game.drawn) == safe_phase_brute_force(*size, game.drawn), game.history
        if not game.is_over():
            # best(): the line it puts first reaches the value, in both engines
            v, results = s.best(game.drawn)
            assert v == results[0][1] == s.value(game.drawn)


@st.composite
def safe_phase_positions(draw, sizes, max_undrawn):
    """Positions of the safe-phase game (safe lines drawn while any are left), on small boards."""
    w, h = draw(st.sampled_from(sizes))
    game = DotsAndBoxes(w, h)
    keep = draw(st.integers(1, min(max_undrawn, game.geometry.n_lines)))
    picks = draw(st.lists(st.integers(0, 10**6), min_size=game.geometry.n_lines, max_size=game.geometry.n_lines))
    for r in picks:
        if len(game.undrawn_lines()) <= keep:
            break
        choices = safe_lines(game) or game.legal_moves()
        game.play(choices[r % len(choices)])
    return game


@needs_numba
@settings(max_examples=150, deadline=None)
@given(safe_phase_positions([(2, 2), (2, 3), (3, 2), (3, 3)], 16))
def test_compiled_safe_phase_search_agrees_with_python_and_brute_force(game):
    from gamekit.dots.players import SafePhaseSolver

    w, h = game.width, game.height
    exact = safe_phase_brute_force(w, h, game.drawn)
    compiled, pure = SafePhaseSolver(w, h, compiled=True), SafePhaseSolver(w, h, compiled=False)
    assert compiled.compiled and not pure.compiled
    assert compiled.value(game.drawn) == exact == pure.value(game.drawn)
    if not game.is_over():
        v1, r1 = compiled.best(game.drawn)
        v2, r2 = pure.best(game.drawn)
        assert v1 == v2 == exact and r1[0][1] == exact
        assert [l for l, _ in r1] and {l for l, _ in r1} == {l for l, _ in r2}  # the same candidate lines


@needs_numba
@settings(max_examples=40, deadline=None)
@given(safe_phase_positions([(4, 4), (5, 4)], 24))
def test_compiled_safe_phase_search_agrees_with_python_on_bigger_boards(game):
    from gamekit.dots.players import SafePhaseSolver

    w, h = game.width, game.height
    assert SafePhaseSolver(w, h, compiled=True).value(game.drawn) == SafePhaseSolver(w, h, compiled=False).value(
        game.drawn
    )


def test_safe_phase_is_a_different_game_from_the_full_one():
    """Where the only winning line is a sacrifice while safe lines remain, the two searches disagree
    (so the flag really changes the move list of the engine that answers)."""
    import random
    from gamekit.dots.players import SafePhaseSolver
    from gamekit.dots.search import Solver

    rng = random.Random(5)
    whole, safe_phase = Solver(3, 3, max_table=4096), SafePhaseSolver(3, 3, max_table=4096)
    found = 0
    for _ in range(300):
        game = DotsAndBoxes(3, 3)
        while len(game.undrawn_lines()) > 14:
            game.play(rng.choice(safe_lines(game) or game.legal_moves()))
        if game.is_over() or not safe_lines(game):
            continue
        full, restricted = whole.value(game.drawn), safe_phase.value(game.drawn)
        assert restricted == safe_phase_brute_force(3, 3, game.drawn)
        found += restricted != full
        if found == 3:
            break
    assert found == 3


def test_hard_and_hint_decline_the_right_group_when_several_are_on_offer():
    # issue #26: two groups on offer; the best play takes another group before declining (worth 5, not 1)
    from gamekit.dots import best_lines
    from gamekit.dots.players import hint

    game = DotsAndBoxes(3, 3)
    for line in ("a1-b1 a1-a2 a2-b2 b2-c2 c1-c2 a3-b3 a4-b4 a3-a4 b3-c3 b4-c4 c3-d3 c4-d4 d3-d4 d1-d2 d2-d3").split():
        game.play(line)
    best, value = best_lines(game)
    assert value == 5
    assert hint(game)[0] in best
    assert cpu_player("hard", seed=1).choose(game) in best


def test_hard_budgets_follow_the_engine_and_options_override_them(monkeypatch):
    from gamekit.dots.players import HARD_BUDGETS, CpuPlayer

    def budgets(p):
        return {
            "exact_lines": p.exact_lines,
            "exact_safe": p.exact_safe,
            "node_budget": p.node_budget,
            "safe_search": p.safe_search,
        }

    assert HARD_BUDGETS["compiled"]["node_budget"] > HARD_BUDGETS["python"]["node_budget"]
    assert HARD_BUDGETS["compiled"]["safe_search"] > HARD_BUDGETS["python"]["safe_search"]
    hard = CpuPlayer("hard", seed=1)
    assert budgets(hard) == HARD_BUDGETS["compiled" if fast.available() else "python"]
    if fast.available():
        assert hard.safe_solver(DotsAndBoxes(5, 4)).compiled  # the middle-game search runs compiled
    monkeypatch.setenv("GAMEKIT_PURE_PYTHON", "1")  # the pure-Python engine gets its own budgets
    slow = CpuPlayer("hard", seed=1)
    assert budgets(slow) == HARD_BUDGETS["python"] and not slow.safe_solver(DotsAndBoxes(5, 4)).compiled
    mine = CpuPlayer("hard", seed=1, node_budget=1000, safe_search=3, exact_lines=5, exact_safe=2)
    assert budgets(mine) == {"exact_lines": 5, "exact_safe": 2, "node_budget": 1000, "safe_search": 3}


def test_hard_with_its_default_budgets_is_reproducible_on_5x4():
    """The default (bigger) node budgets still give the same lines for the same seed."""
    import random

    rng = random.Random(11)
    game = DotsAndBoxes(5, 4)
    while len(safe_lines(game)) > 21:  # where the safe-phase search decides (about 22 safe lines)
        game.play(rng.choice(safe_lines(game)))
    a, b = cpu_player("hard", seed=3, time_cap=None), cpu_player("hard", seed=3, time_cap=None)
    for _ in range(4):
        if game.is_over():
            break
        line = a.choose(game)
        assert b.choose(game) == line and a.last_reason == b.last_reason and a.last_exact == b.last_exact
        game.play(line)


def test_last_exact_says_whether_a_finished_search_chose_the_line():
    hard = cpu_player("hard", seed=2, time_cap=None)
    opening = DotsAndBoxes(5, 4)
    hard.choose(opening)  # 49 safe lines: playouts, no search reaches the end
    assert hard.last_exact is False
    assert "steers the count" in hard.last_reason
    late = DotsAndBoxes(3, 3)
    for line in ("a1-b1 a2-b2 a3-b3 a4-b4 b1-c1 b2-c2 c3-d3 c4-d4").split():
        late.play(line)
    hard.choose(late)  # a few safe lines left on 3×3: searched to the end
    assert hard.last_exact is True
