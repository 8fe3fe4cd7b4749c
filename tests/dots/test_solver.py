"""The exact solver against brute-force minimax and the published values (reference.md)."""

import random
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from gamekit import SolverTimeout
from gamekit.dots import DotsAndBoxes, best_line, best_lines, move_values, solve
from gamekit.dots.rules import geometry
from gamekit.dots import fast
from gamekit.dots.players import SafePhaseSolver
from gamekit.dots.search import Solver


_BRUTE: dict[tuple[int, int], object] = {}


def brute_force(width: int, height: int, drawn: int) -> int:
    """Plain minimax over every line, no reductions: the value for the player to move.

    One memo per board size, shared by every call (values depend on the drawn lines only)."""
    value = _BRUTE.get((width, height))
    if value is None:
        g = geometry(width, height)
        masks = [sum(1 << l for l in ls) for ls in g.box_lines]
        full = (1 << g.n_lines) - 1
        # per line: its bit and the line masks of the boxes it borders (read once: the search asks millions of times)
        steps = [(1 << l, tuple(masks[b] for b in g.line_boxes[l])) for l in range(g.n_lines)]

        @lru_cache(maxsize=None)
        def value(d: int) -> int:
            if d == full:
                return 0
            best = -99
            for bit, boxes in steps:
                if d & bit:
                    continue
                nd = d | bit
                k = 0
                for m in boxes:  # the boxes this line completes
                    if nd & m == m:
                        k += 1
                v = k + value(nd) if k else -value(nd)
                if v > best:
                    best = v
            return best

        _BRUTE[(width, height)] = value
    return value(drawn)


def with_undrawn(width: int, height: int, undrawn: list[str]) -> DotsAndBoxes:
    """A position where exactly the lines ``undrawn`` are left (all others drawn, in index order)."""
    game = DotsAndBoxes(width, height)
    keep = {game.line_index(l) for l in undrawn}
    for l in range(game.geometry.n_lines):
        if l not in keep:
            game.play(l)
    return game


def random_position(width: int, height: int, undrawn: int, rng: random.Random) -> DotsAndBoxes:
    """Random lines drawn until ``undrawn`` are left: each one ``rng.choice`` of the undrawn lines in index order
    (the list kept up to date here, not asked of the game twice a move)."""
    game = DotsAndBoxes(width, height)
    lines = game.undrawn_lines()
    while len(lines) > undrawn:
        line = rng.choice(lines)
        lines.remove(line)
        game.play(line)
    return game


def positions_it_saves_search_on(option: dict, count: int, rng: random.Random) -> int:
    """Of ``count`` 4×4 positions from random play with 26 lines left: how many the compiled search with its
    defaults solves in fewer nodes than with ``option`` (a reduction turned off), each with the same value."""
    saved = 0
    for _ in range(count):
        game = random_position(4, 4, 26, rng)
        on = fast.CompiledSearch(game.geometry, table_bits=18)
        off = fast.CompiledSearch(game.geometry, table_bits=18, **option)
        assert on.exact(game.drawn) == off.exact(game.drawn)
        saved += on.nodes < off.nodes
    return saved


def verticals(width: int, height: int) -> list[str]:
    g = geometry(width, height)
    return [g.line_name(l) for l in range(g.n_horizontal, g.n_lines)]


@pytest.mark.parametrize("n", range(1, 9))
def test_one_unopened_chain_is_minus_n(n):
    game = with_undrawn(n, 1, verticals(n, 1))  # one row, every vertical undrawn: a chain of n
    assert solve(game) == -n


@pytest.mark.parametrize("n", range(3, 9))
def test_two_unopened_chains(n):
    game = with_undrawn(n, 2, verticals(n, 2))  # two rows: two chains of n
    assert solve(game) == 4 - 2 * n


def test_four_three_chains():
    assert solve(with_undrawn(3, 4, verticals(3, 4))) == -2


def test_one_loop_and_chain_values():
    # a loop of four (inner cross of a 2×2 board) alone: the player to move gives all four
    assert solve(with_undrawn(2, 2, ["b1-b2", "a2-b2", "b2-c2", "b2-b3"])) == -4


def test_whole_small_boards():
    assert solve(DotsAndBoxes(1, 1)) == brute_force(1, 1, 0) == -1
    assert solve(DotsAndBoxes(2, 2)) == brute_force(2, 2, 0) == 2
    assert solve(DotsAndBoxes(2, 3)) == brute_force(2, 3, 0) == -2
    assert solve(DotsAndBoxes(3, 2)) == -2  # the same board turned a quarter


def test_random_small_positions_match_brute_force():
    rng = random.Random(2024)
    for _ in range(80):
        w, h = rng.choice([(2, 2), (2, 3), (3, 2), (1, 4)])
        game = random_position(w, h, rng.randint(1, min(geometry(w, h).n_lines, 14)), rng)
        assert solve(game) == brute_force(w, h, game.drawn), game.history


@pytest.mark.parametrize("size", [(3, 3), (4, 3), (4, 4), (5, 4)])
def test_endgames_match_brute_force(size):
    rng = random.Random(hash(size) & 0xFFFF)
    for _ in range(25):
        game = random_position(*size, rng.randint(1, 12), rng)
        # a fresh solver each time: no help from an earlier table
        assert Solver(*size).value(game.drawn) == brute_force(*size, game.drawn), game.history


def test_best_lines_are_exactly_the_optimal_ones():
    rng = random.Random(7)
    for _ in range(15):
        w, h = rng.choice([(2, 2), (3, 3), (4, 3)])
        game = random_position(w, h, rng.randint(2, 10), rng)
        if game.is_over():
            continue
        lines, value = best_lines(game)
        exact = {}
        for l in game.undrawn_lines():
            child = game.copy()
            child.play(l)
            k = child.last_completed
            v = brute_force(w, h, child.drawn)
            exact[game.line_name(l)] = k + v if k else -v
        assert value == max(exact.values()) == solve(game)
        assert move_values(game) == exact
        assert lines == [l for l, v in exact.items() if v == value]
        one, v1 = best_line(game)
        assert v1 == value and exact[one] == value


def test_solve_does_not_change_the_game_and_handles_game_over():
    game = DotsAndBoxes.from_moves(2, 2, "a1-b1 b1-c1")
    before = game.to_dict()
    solve(game)
    best_lines(game)
    assert game.to_dict() == before
    done = DotsAndBoxes(1, 1)
    for line in done.legal_moves():
        done.play(line)
    assert solve(done) == 0
    with pytest.raises(ValueError):
        best_line(done)


def test_timeout_says_how_far_the_position_is_beyond_reach():
    import gamekit

    game = DotsAndBoxes(5, 5)
    with pytest.raises(gamekit.SolverTimeout, match="60 undrawn lines") as info:
        solve(game, time_limit=0.01)
    assert SolverTimeout is gamekit.SolverTimeout and "time_limit" in str(info.value)
    with pytest.raises(gamekit.SolverTimeout, match="best_line"):
        best_line(game, time_limit=0.01)
    assert game.history == [] and game.to_move == 0
    assert "within 0.01 s" in str(info.value)
    with gamekit.i18n.using("es"):  # the seconds written the Spanish way
        with pytest.raises(gamekit.SolverTimeout, match=r"no hay respuesta exacta en 0,01 s .* 60 "):
            solve(game, time_limit=0.01)
    # the reach quoted is the board's own (measured apart for 4×4), either orientation
    from gamekit.dots import solver as solver_module

    assert solver_module.reach(5, 5) == solver_module.REACH
    four = solver_module.reach(4, 4)
    assert four < solver_module.REACH and solver_module.reach(4, 4) == four
    with pytest.raises(gamekit.SolverTimeout, match=rf"40 undrawn lines \(about {40 - four} more than the ~{four} "):
        solve(DotsAndBoxes(4, 4), time_limit=0.01)
    with pytest.raises(
        gamekit.SolverTimeout, match=rf"about {60 - solver_module.REACH} more than the ~{solver_module.REACH} "
    ):
        solve(game, time_limit=0.01)


@pytest.mark.parametrize("bad", [0, -1, "5", True, float("nan")])
def test_a_bad_time_limit_is_refused(bad):
    with pytest.raises(ValueError, match="time_limit"):
        solve(DotsAndBoxes(2, 2), time_limit=bad)


def test_endgames_from_play_match_brute_force():
    """Chains, loops and joints as they arise in real games (Medium against itself), ≤ 12 lines left."""
    from gamekit.dots import cpu_player

    checked = 0
    for seed, size in enumerate([(4, 4), (5, 4), (4, 3), (5, 4)]):
        players = [cpu_player("medium", seed=seed), cpu_player("medium", seed=seed + 50)]
        game = DotsAndBoxes(*size)
        while not game.is_over():
            if len(game.undrawn_lines()) <= 12:
                assert Solver(*size).value(game.drawn) == brute_force(*size, game.drawn), game.history
                checked += 1
            game.play(players[game.to_move].choose(game))
    assert checked >= 20


# ----- two or more groups of boxes on offer at once (issue #26, section 0) -----------------------

ISSUE_26 = "a1-b1, a1-a2, a2-b2, b2-c2, c1-c2, a3-b3, a4-b4, a3-a4, b3-c3, b4-c4, c3-d3, c4-d4, d3-d4, d1-d2, d2-d3"
# more positions the old capture step got wrong (found among random 3×3 positions; brute force's value last)
OLD_WRONG = [
    ("a2-b2 a1-b1 d3-d4 a3-b3 b1-c1 b4-c4 c1-d1 b3-c3 d1-d2 a3-a4 c3-d3 c2-c3 a4-b4 d2-d3 c4-d4", 5),
    ("b2-c2 a2-b2 a1-b1 c1-c2 c2-c3 d2-d3 a3-b3 c3-c4 b1-c1 d1-d2 a3-a4 a4-b4 d3-d4 b4-c4 b2-b3", 5),
    ("c3-c4 a2-a3 b4-c4 b1-c1 d2-d3 b2-c2 d3-d4 b1-b2 b3-b4 b2-b3 c2-d2 a1-a2 c1-d1 c4-d4 b3-c3 a4-b4", 4),
]


def played(width: int, height: int, lines) -> DotsAndBoxes:
    game = DotsAndBoxes(width, height)
    for l in lines:
        game.play(l)
    return game


def test_issue_26_position_takes_the_other_group_first():
    game = played(3, 3, ISSUE_26.split(", "))
    assert brute_force(3, 3, game.drawn) == 5
    assert solve(game) == 5
    values = move_values(game)
    assert values["b3-b4"] == 5 and max(values.values()) == 5
    line, value = best_line(game)
    assert value == 5 and values[line] == 5  # not b1-b2, which is worth 1
    assert best_lines(game) == ([l for l, v in values.items() if v == 5], 5)


@pytest.mark.parametrize("lines,value", OLD_WRONG)
def test_positions_the_old_capture_step_got_wrong(lines, value):
    game = played(3, 3, lines.split())
    assert brute_force(3, 3, game.drawn) == value
    assert Solver(3, 3).value(game.drawn) == value
    assert solve(game) == value == best_line(game)[1]


def chain_groups_on_offer(game: DotsAndBoxes, drawn: int | None = None) -> int:
    """Capturable boxes whose missing side leads into a box with exactly two sides missing
    (in ``game``, or on its board with the lines ``drawn``)."""
    geo = game.geometry
    drawn = game.drawn if drawn is None else drawn
    missing = [sum(1 for l in ls if not drawn >> l & 1) for ls in geo.box_lines]
    n = 0
    for b, ls in enumerate(geo.box_lines):
        if missing[b] == 1:
            l = next(l for l in ls if not drawn >> l & 1)
            if any(o != b and missing[o] == 2 for o in geo.line_boxes[l]):
                n += 1
    return n


def positions_with_groups(width: int, height: int, count: int, seed: int, max_undrawn: int, groups: int):
    """Every position along random games with at most ``max_undrawn`` undrawn lines and at least
    ``groups`` chain-mouth groups on offer (the capture step's hard case), until ``count`` are found."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = DotsAndBoxes(width, height)
        while not game.is_over():
            if len(game.undrawn_lines()) <= max_undrawn and chain_groups_on_offer(game) >= groups:
                out.append(game.copy())
            game.play(rng.choice(game.undrawn_lines()))
    return out


@pytest.mark.parametrize("size", [(2, 3), (3, 2)])
def test_every_small_position_with_several_groups_matches_brute_force(size):
    """All drawn-line sets of the board with two or more groups on offer (5617 of them), no sampling."""
    geo = geometry(*size)
    solver = Solver(*size)
    board = DotsAndBoxes(*size)
    checked = 0
    for drawn in range(1 << geo.n_lines):
        if chain_groups_on_offer(board, drawn) < 2:
            continue
        checked += 1
        assert solver.value(drawn) == brute_force(*size, drawn), drawn
    assert checked == 5617


def test_three_by_three_with_three_groups_on_offer_matches_brute_force():
    # the old capture step was wrong on 13 of these 2000 (it only ever declined the first group)
    for game in positions_with_groups(3, 3, 2000, seed=26, max_undrawn=12, groups=3):
        assert Solver(3, 3, max_table=4096).value(game.drawn) == brute_force(3, 3, game.drawn), game.history


def test_the_group_generator_really_offers_several_groups():
    games = positions_with_groups(3, 3, 20, seed=1, max_undrawn=16, groups=2)
    assert all(chain_groups_on_offer(g) >= 2 and not g.is_over() for g in games)
    assert chain_groups_on_offer(played(3, 3, ISSUE_26.split(", "))) == 3
    assert chain_groups_on_offer(DotsAndBoxes(3, 3)) == 0


@st.composite
def positions(draw, sizes, max_undrawn):
    w, h = draw(st.sampled_from(sizes))
    game = DotsAndBoxes(w, h)
    keep = draw(st.integers(1, min(max_undrawn, game.geometry.n_lines)))
    order = draw(st.permutations(range(game.geometry.n_lines)))
    for l in order:
        if len(game.undrawn_lines()) <= keep:
            break
        game.play(l)
    return game


@settings(max_examples=60, deadline=None)
@given(positions([(2, 2), (2, 3), (3, 2), (3, 3)], 16))
def test_solve_is_the_best_move_value_and_best_line_reaches_it(game):
    if game.is_over():
        return
    values = move_values(game)
    value = solve(game)
    assert value == max(values.values())
    line, v = best_line(game)
    assert v == value and values[line] == value


# ----- the compiled search (gamekit.dots.fast) -----------------------------------------------------

needs_numba = pytest.mark.skipif(not fast.available(), reason="numba is not installed (the pure-Python solver answers)")


@needs_numba
@settings(max_examples=150, deadline=None)
@given(positions([(2, 2), (2, 3), (3, 3)], 16))
def test_compiled_agrees_with_pure_python_and_brute_force_on_small_boards(game):
    w, h = game.width, game.height
    exact = brute_force(w, h, game.drawn)
    assert Solver(w, h, compiled=True).value(game.drawn) == exact
    assert Solver(w, h, compiled=False).value(game.drawn) == exact


@needs_numba
@settings(max_examples=60, deadline=None)
@given(positions([(4, 4)], 20))
def test_compiled_agrees_with_pure_python_on_4x4(game):
    compiled, pure = Solver(4, 4, compiled=True), Solver(4, 4, compiled=False)
    assert compiled.value(game.drawn) == pure.value(game.drawn)
    if not game.is_over():
        v1, r1 = compiled.best(game.drawn)
        v2, r2 = pure.best(game.drawn)
        assert v1 == v2 and dict(r1)[r1[0][0]] == v1 == dict(r2)[r2[0][0]]


@needs_numba
def test_compiled_agrees_with_brute_force_where_several_groups_are_on_offer():
    for game in positions_with_groups(3, 3, 400, seed=7, max_undrawn=13, groups=2):
        assert Solver(3, 3, max_table=4096, compiled=True).value(game.drawn) == brute_force(3, 3, game.drawn)


@needs_numba
def test_whole_small_boards_and_3x3_from_the_start():
    assert Solver(2, 2, compiled=True).value(0) == 2
    assert Solver(2, 3, compiled=True).value(0) == -2
    assert Solver(3, 3, compiled=True).value(0) == -3  # reference.md: 3×3 is a win for the second player by 3


@needs_numba
@pytest.mark.parametrize("n", range(3, 8))
def test_loony_endgame_is_valued_at_the_leaf_without_search(n):
    """Two isolated chains of n and nothing else: the value 4 - 2n comes from the chain lengths alone."""
    game = with_undrawn(n, 2, verticals(n, 2))
    engine = fast.CompiledSearch(game.geometry, table_bits=12)
    assert engine.exact(game.drawn) == 4 - 2 * n
    assert engine.nodes <= 2  # one node per null window, no children


def mirror(game: DotsAndBoxes) -> DotsAndBoxes:
    """The position reflected left to right."""
    flip = fast.symmetries(game.geometry)[1]
    out = DotsAndBoxes(game.width, game.height)
    for name in game.history:
        out.play(flip[game.line_index(name)])
    return out


@needs_numba
def test_symmetry_lets_the_table_answer_a_mirrored_position():
    rng = random.Random(3)
    game = DotsAndBoxes(4, 4)
    while len(game.undrawn_lines()) > 24:
        game.play(rng.choice(game.undrawn_lines()))
    image = mirror(game)
    assert image.drawn != game.drawn
    with_sym = fast.CompiledSearch(game.geometry, table_bits=20, sym_reach=None)  # every symmetry, always
    v = with_sym.exact(game.drawn)
    first = with_sym.nodes
    assert with_sym.exact(image.drawn) == v
    again = with_sym.nodes - first
    without = fast.CompiledSearch(game.geometry, table_bits=20, use_symmetry=False)
    assert without.exact(game.drawn) == v
    first_without = without.nodes
    assert without.exact(image.drawn) == v
    assert again * 10 < without.nodes - first_without  # the image is a table hit only with symmetry


@needs_numba
def test_symmetries_far_from_the_position_are_left_out_of_the_key():
    """sym_reach: a search folds only the symmetries that move at most SYM_REACH of its drawn lines onto undrawn ones
    (far images meet only deep in the tree), on a square and on a rectangle.  From the empty 3×3 board all eight
    are used; a mirrored pair of children of a symmetric position still share the table; values never change."""
    engine = fast.CompiledSearch(geometry(3, 3), table_bits=18)
    assert engine.exact(0) == -3
    assert engine.nsym_used == 8
    rng = random.Random(5)
    game = random_position(4, 4, 26, rng)
    far = fast.CompiledSearch(game.geometry, table_bits=18)
    assert far.exact(game.drawn) == fast.CompiledSearch(game.geometry, table_bits=18, sym_reach=None).exact(game.drawn)
    assert far.nsym_used < 8
    # the empty 4×4 board and a line a1-b1: its mirror image is one line away, so it is kept
    one = DotsAndBoxes(4, 4)
    one.play("a1-b1")
    near = fast.CompiledSearch(one.geometry, table_bits=12)
    near.choose_symmetries(one.drawn)
    assert near.nsym_used == 8
    assert fast.SYM_REACH >= 1
    # on a rectangle too (the default, "auto"); every symmetry only when asked (None), or from the empty board
    wide = random_position(5, 4, 30, rng)
    auto = fast.CompiledSearch(wide.geometry, table_bits=18)
    every = fast.CompiledSearch(wide.geometry, table_bits=18, sym_reach=None)
    assert auto.exact(wide.drawn) == every.exact(wide.drawn)
    assert auto.nsym_used < 4 and every.nsym_used == 4
    auto.choose_symmetries(0)
    assert auto.nsym_used == 4


def test_symmetries_are_permutations_of_the_lines():
    for size, count in [((3, 3), 8), ((4, 4), 8), ((5, 4), 4), ((2, 3), 4)]:
        perms = fast.symmetries(geometry(*size))
        assert len(perms) == count and perms[0] == list(range(geometry(*size).n_lines))
        assert all(sorted(p) == list(range(len(p))) for p in perms)
        assert len({tuple(p) for p in perms}) == count


@needs_numba
def test_node_limit_and_deadline_raise_and_leave_the_solver_usable():
    rng = random.Random(1)
    game = DotsAndBoxes(4, 4)
    while len(game.undrawn_lines()) > 32:  # about 860 000 nodes (the limit is checked every 65 536)
        game.play(rng.choice(game.undrawn_lines()))
    s = Solver(4, 4, compiled=True)
    with pytest.raises(SolverTimeout):
        s.value(game.drawn, max_nodes=20_000)
    with pytest.raises(SolverTimeout):
        s.value(0, timeout=0.01)
    small = with_undrawn(4, 4, verticals(4, 4)[:8])
    assert s.value(small.drawn) == Solver(4, 4, compiled=False).value(small.drawn)


@needs_numba
def test_compiled_is_refused_where_it_cannot_run():
    with pytest.raises(ValueError, match="64 lines"):
        Solver(6, 6, compiled=True)  # 84 lines
    assert not Solver(6, 6).compiled
    assert SafePhaseSolver(3, 3).compiled  # the safe_only mode of the compiled move list
    assert not SafePhaseSolver(3, 3, compiled=False).compiled
    assert Solver(5, 4).compiled
    assert not fast.fits(6, 6) and fast.fits(5, 5)


def test_pure_python_can_be_forced(monkeypatch):
    monkeypatch.setenv("GAMEKIT_PURE_PYTHON", "1")
    assert not fast.available()
    assert not Solver(3, 3).compiled
    assert solve(DotsAndBoxes(2, 2)) == 2


@needs_numba
def test_opening_a_long_chain_or_loop_is_worth_no_more_than_its_bound():
    """The loony bound (fast.CompiledSearch(loony_bound=True)): opening a chain of n >= 3 is worth at most
    -(n - 2) to the mover, a loop of n at most -(n - 4); brute force on every such line of random 3×3
    positions, and the search with and without the bound agree."""
    rng = random.Random(26)
    engine = fast.CompiledSearch(geometry(3, 3), table_bits=14)
    plain = fast.CompiledSearch(geometry(3, 3), table_bits=14, loony_bound=False)
    bounded = 0
    for _ in range(3000):
        game = random_position(3, 3, rng.randint(8, 15), rng)
        if game.is_over():
            continue
        kind, lines = engine.candidates(game.drawn)
        for line, bound in lines:
            if bound is None:
                continue
            bounded += 1
            child = game.copy()
            child.play(line)
            assert child.to_move != game.to_move  # a sacrifice completes no box
            assert -brute_force(3, 3, child.drawn) <= bound
        if any(b is not None for _, b in lines):
            assert engine.exact(game.drawn) == plain.exact(game.drawn) == brute_force(3, 3, game.drawn)
    assert bounded >= 40


@needs_numba
def test_the_loony_bound_saves_search_on_4x4():
    """4×4 positions from random play with 26 lines left (long chains get opened deeper in the tree):
    the same value, with fewer nodes in most."""
    assert positions_it_saves_search_on({"loony_bound": False}, 12, random.Random(4)) >= 9


def same_values(
    configs: list[dict], size: tuple[int, int], undrawn: int, n: int, rng: random.Random, table_bits: int = 10
) -> list[int]:
    """Each configuration of the compiled search on the same ``n`` random positions: the values must agree; the
    nodes each searched in all."""
    nodes = [0] * len(configs)
    for _ in range(n):
        game = random_position(*size, undrawn, rng)
        engines = [fast.CompiledSearch(game.geometry, table_bits=table_bits, **cfg) for cfg in configs]
        assert len({e.exact(game.drawn) for e in engines}) == 1
        nodes = [total + e.nodes for total, e in zip(nodes, engines)]
    return nodes


@needs_numba
def test_the_two_tier_table_keeps_the_expensive_entries():
    """Two slots per bucket (four_way=False: the entry whose search took more nodes keeps the first, the second
    is always replaced), and four (the default: a new entry replaces the one whose search took least work): on
    a table far too small for the search, the same values, four-way with fewer nodes than two-tier, and
    two-tier fewer than one slot always replaced; on a 64-slot table, brute force's value."""
    rng = random.Random(8)
    one, two, four = same_values([{"two_tier": False, "four_way": False}, {"four_way": False}, {}], (4, 4), 26, 6, rng)
    assert four < two < one
    game = random_position(3, 3, 15, rng)
    for options in ({}, {"four_way": False}, {"four_way": False, "two_tier": False}):
        engine = fast.CompiledSearch(game.geometry, table_bits=6, **options)
        assert engine.exact(game.drawn) == brute_force(3, 3, game.drawn)


@needs_numba
def test_the_mixed_hash_moves_the_slot_for_every_line():
    """Every line of a 5×4 key moves its slot in the default 2^22-slot table (the unmixed hash ignored lines 42 and
    up), and on a table far too small for the search the mixed hash and the prefetch change no value; the
    prefetch changes no node either (it only asks the CPU to load a bucket early)."""
    from gamekit.dots import kernels

    g = geometry(5, 4)
    for flags, moved in ((kernels.HASH_MIX, set(range(g.n_lines))), (0, set(range(42)))):
        slots = {
            line
            for line in range(g.n_lines)
            if kernels.tt_bucket(np.uint64(1 << line), (1 << 22) - 1, flags)
            != kernels.tt_bucket(np.uint64(0), (1 << 22) - 1, flags)
        }
        assert slots == moved
    rng = random.Random(12)
    _, mixed, both = same_values([{"hash_mix": False, "prefetch": False}, {"prefetch": False}, {}], (5, 4), 27, 4, rng)
    assert mixed == both > 0
    game = random_position(3, 3, 15, rng)
    assert fast.CompiledSearch(game.geometry, table_bits=6).exact(game.drawn) == brute_force(3, 3, game.drawn)


@needs_numba
def test_the_kernels_bit_counts_are_the_cpus():
    """The search's bit helpers (LLVM's ctpop and cttz since the ninth pass) agree with Python's on random words,
    the lowest and the highest bit included."""
    from gamekit.dots import kernels

    rng = random.Random(5)
    words = [1, 2, 1 << 63, (1 << 64) - 1, 0x8000000000000001] + [
        rng.getrandbits(64) | 1 << rng.randrange(64) for _ in range(300)
    ]
    for x in words:
        assert kernels.popcount(np.uint64(x)) == bin(x).count("1")
        assert kernels.low_index(np.uint64(x)) == (x & -x).bit_length() - 1
    assert kernels.popcount(np.uint64(0)) == 0


def test_each_table_bucket_is_one_cache_line():
    """The table starts on a 64-byte boundary (NumPy gives 16), so a bucket of four 16-byte slots is one cache
    line, for every board and table size; the array is the plain C-ordered uint64 table the kernel expects, and
    emptying it keeps it where it is.  A bad alignment is refused, naming it."""
    for size, bits in (((2, 2), 6), ((3, 3), 10), ((4, 4), 16), ((5, 4), 22)):
        engine = fast.CompiledSearch(geometry(*size), table_bits=bits)
        tt = engine.tt
        assert tt.ctypes.data % 64 == 0
        assert tt.shape == (1 << bits, 2) and tt.dtype == np.uint64 and tt.flags["C_CONTIGUOUS"]
        assert not tt.any()
        if size == (3, 3) and fast.available():
            engine.exact(0)
            assert tt.any()
        engine.clear()
        assert engine.tt is tt and tt.ctypes.data % 64 == 0 and not tt.any()
    for bad in (0, 12, -64, 64.0):
        with pytest.raises(ValueError, match=f"align={bad!r}"):
            fast.aligned_zeros((4, 2), bad)


def with_a_ring(width: int, height: int, undrawn: int, rng: random.Random) -> DotsAndBoxes:
    """A random position around a loop of four: a 2×2 block's outer lines drawn, its four inner lines not, the
    other lines from random play until ``undrawn`` are left."""
    game = DotsAndBoxes(width, height)
    g = game.geometry
    col, row = rng.randrange(width - 1), rng.randrange(height - 1)
    block = [row * width + col + i for i in (0, 1, width, width + 1)]
    lines = [l for b in block for l in g.box_lines[b]]
    inner = {l for l in lines if lines.count(l) == 2}
    for l in sorted(set(lines) - inner):
        game.play(l)
    while len(game.undrawn_lines()) > undrawn:
        game.play(rng.choice([l for l in game.undrawn_lines() if l not in inner]))
    return game


def long_chain_lines(
    size: tuple[int, int], undrawn: tuple[int, int], count: int, seed: int, ring: bool = False
) -> tuple[int, int, int]:
    """Every long-chain or loop line of ``count`` random positions (``ring``: built around a loop of four): the
    line's value (brute force) is min(-n - v, 4 - n + v) for a chain of n (min(-n - v, 8 - n + v) for a loop), v the
    value of the rest (all its lines drawn) for whoever moves there. Returns (chains and loops checked, loops among
    them, chains left out because both their ends are one junction)."""
    from gamekit.dots import kernels

    rng = random.Random(seed)
    engine = fast.CompiledSearch(geometry(*size), table_bits=14)
    g = engine.geometry
    checked = loops = joined = 0
    for _ in range(count):
        make = with_a_ring if ring else random_position
        game = make(*size, rng.randint(*undrawn), rng)
        if game.is_over():
            continue
        kind, lines = engine.candidates(game.drawn)
        if kind != 2:
            continue
        for i, (line, bound) in enumerate(lines):
            boxes = int(engine.cbox[0, i])
            if bound is None:
                assert boxes == 0  # only long chains and loops carry their boxes
                continue
            loop = bool(boxes & int(kernels.LOOP_BIT))
            boxes &= ~int(kernels.LOOP_BIT)
            n = bin(boxes).count("1")
            rest = game.drawn
            for b in range(g.n_boxes):
                if boxes >> b & 1:
                    rest |= sum(1 << l for l in g.box_lines[b])
            if any(bin(~rest & sum(1 << l for l in ls)).count("1") == 1 for ls in g.box_lines):
                # a chain whose two ends are one junction: the takes make that box takeable too, so the rest has a
                # box on offer, a position the table never holds (it only stores positions with none)
                joined += 1
                continue
            v = brute_force(*size, rest)
            child = game.copy()
            child.play(line)
            assert -brute_force(*size, child.drawn) == min(-n - v, (8 if loop else 4) - n + v)
            checked += 1
            loops += loop
    return checked, loops, joined


@needs_numba
def test_opening_a_long_chain_is_worth_what_the_rest_decides():
    """The cutoff's probe of a long chain or loop (etc_long) rests on this: the opponent takes all and moves in the
    rest, or leaves the last two boxes (a loop: four) and makes us move there. Brute force on every such line of
    random 3×3 positions and of 3×3 positions built around a loop of four; then the search with and without the
    probe, on 5×4."""
    chains = long_chain_lines((3, 3), (9, 16), 4000, 2626)
    rings = long_chain_lines((3, 3), (9, 14), 400, 2627, ring=True)
    assert chains[0] >= 80 and chains[2] >= 1 and rings[1] >= 20
    off, on = same_values([{"etc_long": False}, {}], (5, 4), 27, 4, random.Random(27))
    assert on < off


def chain_ends(count: int, rng: random.Random) -> list[DotsAndBoxes]:
    """3×3 positions from random play, 16 undrawn lines or fewer, where the last two boxes of a chain are on offer
    and nothing else: the move list is the take and the decline."""
    engine = fast.CompiledSearch(geometry(3, 3), table_bits=10)
    found = []
    while len(found) < count:
        game = DotsAndBoxes(3, 3)
        while not game.is_over():
            kind, lines = engine.candidates(game.drawn)
            if kind == 1 and len(lines) == 2 and len(game.undrawn_lines()) <= 16:  # (brute force stays quick)
                found.append(game.copy())
                break
            game.play(rng.choice(game.undrawn_lines()))
    return found


@needs_numba
def test_a_chains_end_is_searched_once_for_both_replies():
    """At a chain's last two boxes (chain_end), the position after the take and after the decline is the same, so
    it is searched once with a window that answers both: take (2 + v) or leave them (-2 - v). For every window,
    the result keeps fail-soft's promise against brute force (inside the window: the value; at or below alpha:
    an upper bound; at or above beta: a lower bound), and where beta is 0 or less the answer (at least 0) needs no
    search at all."""
    rng = random.Random(260)
    at_once = 0
    engine = fast.CompiledSearch(geometry(3, 3), table_bits=10)
    for game in chain_ends(40, rng):
        v = brute_force(3, 3, game.drawn)
        boxes = sum(1 for b in range(9) if not all(game.drawn >> l & 1 for l in game.geometry.box_lines[b]))
        for alpha in range(-boxes - 1, boxes + 1):
            for beta in range(alpha + 1, min(alpha + 4, boxes + 2)):
                engine.clear()
                engine.nodes = 0
                r = engine.value(game.drawn, alpha, beta)
                if alpha < r < beta:
                    assert r == v
                elif r <= alpha:
                    assert v <= r
                else:
                    assert v >= r
                if beta <= 0 and engine.nodes == 1:
                    assert r >= 0
                    at_once += 1
    assert at_once >= 40  # (a chain opened in its middle offers two ends: not this case, searched as before)
    off, on = same_values([{"chain_end": False}, {}], (4, 4), 26, 4, random.Random(28))
    assert on < off


def most_loony_states(boxes: int) -> int:
    """The most sub-multisets a set of isolated chains and loops with ``boxes`` boxes in all can have (the size
    of ``kernels.loony_value``'s table): the product of (count + 1) over the kinds of component."""
    kinds = list(range(1, boxes + 1)) + list(range(4, boxes + 1))  # chains of 1.., loops of 4..

    @lru_cache(maxsize=None)
    def most(i: int, left: int) -> int:
        if i == len(kinds):
            return 1
        return max((c + 1) * most(i + 1, left - c * kinds[i]) for c in range(left // kinds[i] + 1))

    return most(0, boxes)


@needs_numba
def test_the_loony_endgame_never_needs_memory_of_its_own():
    """The compiled search runs without numba's runtime (no reference counting, no allocation), so the loony
    endgame's table of sub-multisets must fit its scratch space on every board that fits 64 lines (at most 25
    boxes): 288 entries at most, and the scratch holds 16 384."""
    from gamekit.dots import kernels

    for kernel in (kernels.search, kernels.mtdf, kernels.loony_value):
        assert kernel.targetoptions["_nrt"] is False
    biggest = max((w * h, w, h) for w in range(1, 22) for h in range(1, 22) if fast.fits(w, h))
    assert biggest == (25, 5, 5)
    assert most_loony_states(25) == 288
    engine = fast.CompiledSearch(geometry(5, 5), table_bits=10)
    assert engine.work.shape[0] - 4 * (engine.nb + 1) >= most_loony_states(engine.nb)
    # eight isolated components of six kinds at once (chains of 1-5, loops of 4): the recursion's value
    work = np.zeros_like(engine.work)
    kinds, lengths = np.zeros(8, dtype=np.int64), np.array([1, 1, 2, 3, 3, 4, 4, 5], dtype=np.int64)
    kinds[5:7] = 1  # two loops of 4
    assert kernels.loony_value(kinds, lengths, 8, work) == brute_loony(list(zip(kinds.tolist(), lengths.tolist())))


def brute_loony(components: list[tuple[int, int]]) -> int:
    """The canonical recursion over isolated chains (kind 0) and loops (kind 1), by plain recursion."""
    if not components:
        return 0
    best = -10_000
    for i, (kind, n) in enumerate(components):
        rest = brute_loony(components[:i] + components[i + 1 :])
        if kind == 0:
            v = -n - rest if n <= 2 else min(-n - rest, 4 - n + rest)
        else:
            v = min(-n - rest, 8 - n + rest)
        best = max(best, v)
    return best


@needs_numba
@pytest.mark.parametrize(
    "options,error",
    [
        ({"loony_bound": 1}, TypeError),
        ({"two_tier": "yes"}, TypeError),
        ({"ground": 0}, TypeError),
        ({"twins": "no"}, TypeError),
        ({"etc_sacrifice": 1}, TypeError),
        ({"etc_bound": None}, TypeError),
        ({"four_way": "yes"}, TypeError),
        ({"hash_mix": 1}, TypeError),
        ({"prefetch": "on"}, TypeError),
        ({"chain_end": "yes"}, TypeError),
        ({"etc_long": 0}, TypeError),
        ({"killers": None}, TypeError),
        ({"sym_reach": -1}, ValueError),
        ({"sym_reach": 2.5}, ValueError),
        ({"sym_reach": True}, ValueError),
        ({"sym_reach": "all"}, ValueError),
    ],
)
def test_the_compiled_search_refuses_bad_options(options, error):
    name = next(iter(options))
    with pytest.raises(error, match=name):
        fast.CompiledSearch(geometry(3, 3), table_bits=10, **options)


# ----- issue 26, third pass: the border lines of a corner box are one move -------------------------


def border_groups(g) -> list[list[int]]:
    """For each box with two or more border lines (the corners; every box of a board one box wide), those lines."""
    out = []
    for ls in g.box_lines:
        border = sorted(l for l in ls if len(g.line_boxes[l]) == 1)
        if len(border) >= 2:
            out.append(border)
    return out


def test_a_corner_box_s_border_lines_are_worth_the_same():
    """The proof's premise, by brute force: whichever of a corner box's undrawn border lines is drawn, the
    position has the same value (both are strings from that coin to the ground)."""
    rng = random.Random(31)
    checked = 0
    for _ in range(400):
        w, h = rng.choice([(3, 3), (2, 3), (1, 3), (3, 1)])
        game = random_position(w, h, rng.randint(4, 14), rng)
        for group in border_groups(game.geometry):
            free = [l for l in group if not game.drawn >> l & 1]
            if len(free) >= 2:
                values = {brute_force(w, h, game.drawn | 1 << l) for l in free}
                assert len(values) == 1
                checked += 1
    assert checked >= 100


@needs_numba
def test_the_move_list_keeps_one_border_line_per_corner_box():
    g = geometry(3, 3)
    on, off = fast.CompiledSearch(g, table_bits=10), fast.CompiledSearch(g, table_bits=10, ground=False)
    lines_on = [l for l, _ in on.candidates(0)[1]]
    lines_off = [l for l, _ in off.candidates(0)[1]]
    assert len(lines_off) == 24 and len(lines_on) == 20  # the empty board: one line less per corner
    for group in border_groups(g):
        assert sum(l in lines_on for l in group) == 1
    # a corner box with two sides drawn: its border lines open a 1-chain (one move), the other corners keep one
    game = DotsAndBoxes(3, 3)
    for name in ("a1-b1", "b1-b2"):
        game.play(name)
    kind, lines = on.candidates(game.drawn)
    assert kind == 2 and all(bool(game.drawn >> l & 1) is False for l, _ in lines)
    assert sum(l in [x for x, _ in lines] for l in border_groups(g)[0]) == 1


@needs_numba
def test_the_table_key_counts_a_corner_box_s_drawn_border_lines():
    """A position and the same with the other border line of a corner drawn: one table entry (the second
    search is answered at the root), the same value."""
    rng = random.Random(12)
    game = random_position(4, 4, 28, rng)
    group = border_groups(game.geometry)[0]
    game_drawn = game.drawn & ~(1 << group[0]) & ~(1 << group[1])
    a, b = game_drawn | 1 << group[0], game_drawn | 1 << group[1]
    engine = fast.CompiledSearch(game.geometry, table_bits=20)
    assert engine.normal(b) == engine.normal(a) and a != b
    v = engine.exact(b)
    first = engine.nodes
    assert engine.exact(a) == v == fast.CompiledSearch(game.geometry, table_bits=20, ground=False).exact(a)
    assert (engine.nodes - first) * 100 < first


@needs_numba
@pytest.mark.parametrize("size", [(1, 3), (3, 1), (2, 2), (1, 2), (1, 1)])
def test_every_position_of_a_small_board_with_border_groups_matches_brute_force(size):
    """Every position of boards where most boxes have two or more border lines (a board one box wide: every
    box), full game and safe-phase game, with the corner reduction on and off: the same values, and brute
    force's in the full game."""
    g = geometry(*size)
    engines = {
        (ground, safe): fast.CompiledSearch(g, table_bits=12, ground=ground, safe_only=safe)
        for ground in (True, False)
        for safe in (True, False)
    }
    for drawn in range((1 << g.n_lines) - 1):
        assert engines[True, False].exact(drawn) == engines[False, False].exact(drawn) == brute_force(*size, drawn)
        assert engines[True, True].exact(drawn) == engines[False, True].exact(drawn)


@needs_numba
def test_the_corner_reduction_agrees_with_brute_force_and_saves_search():
    """3×3 positions where a corner has both border lines undrawn or one drawn: the same value with the
    reduction on and off and by brute force (full game and safe-phase game agree on and off); on 4×4
    positions from random play with 26 lines left, fewer nodes in most."""
    rng = random.Random(41)
    tried = 0
    for _ in range(120):  # brute force is most of the time (about 70 ms each)
        game = random_position(3, 3, rng.randint(8, 16), rng)
        if game.is_over() or not any(
            sum(not game.drawn >> l & 1 for l in grp) >= 1 for grp in border_groups(game.geometry)
        ):
            continue
        tried += 1
        on = fast.CompiledSearch(game.geometry, table_bits=12)
        off = fast.CompiledSearch(game.geometry, table_bits=12, ground=False)
        assert on.exact(game.drawn) == off.exact(game.drawn) == brute_force(3, 3, game.drawn)
        safe_on = fast.CompiledSearch(game.geometry, table_bits=12, safe_only=True)
        safe_off = fast.CompiledSearch(game.geometry, table_bits=12, safe_only=True, ground=False)
        assert safe_on.exact(game.drawn) == safe_off.exact(game.drawn)
    assert tried >= 80
    assert positions_it_saves_search_on({"ground": False}, 8, rng) >= 6


@needs_numba
def test_of_twin_chains_only_one_is_tried():
    """twins=True: of chains with the same two ends (a junction box or the ground) and the same length, the
    move list keeps one (swapping their boxes is an automorphism of the strings-and-coins position).  On 3×3
    positions where that drops lines, brute force gives each dropped line the value of a kept chain line of
    the same length, and the search with twins on and off agrees with brute force; on 4×4 positions from
    random play with 26 lines left, no more nodes in most."""
    rng = random.Random(43)
    g = geometry(3, 3)
    on, off = fast.CompiledSearch(g, table_bits=12), fast.CompiledSearch(g, table_bits=12, twins=False)
    found = 0
    for _ in range(3000):
        game = random_position(3, 3, rng.randint(9, 16), rng)
        if game.is_over():
            continue
        kind, with_twins = on.candidates(game.drawn)
        _, without = off.candidates(game.drawn)
        kept = [l for l, _ in with_twins]
        dropped = [l for l, _ in without if l not in kept]
        if not dropped:
            continue
        found += 1
        assert kind == 2 and set(kept) < {l for l, _ in without}
        child = lambda l: -brute_force(3, 3, game.drawn | 1 << l) if not _completes(g, game.drawn, l) else None
        kept_values = {child(l) for l in kept}
        for l in dropped:
            assert child(l) in kept_values
        assert on.exact(game.drawn) == off.exact(game.drawn) == brute_force(3, 3, game.drawn)
    assert found >= 20
    fewer = 0
    for _ in range(8):
        game = random_position(4, 4, 26, rng)
        a = fast.CompiledSearch(game.geometry, table_bits=18)
        b = fast.CompiledSearch(game.geometry, table_bits=18, twins=False)
        assert a.exact(game.drawn) == b.exact(game.drawn)
        fewer += a.nodes <= b.nodes
    assert fewer >= 6


def _completes(g, drawn: int, line: int) -> bool:
    """Whether drawing ``line`` completes a box."""
    nd = drawn | 1 << line
    return any(all(nd >> l & 1 for l in g.box_lines[b]) for b in g.line_boxes[line])


@needs_numba
def test_after_a_short_sacrifice_the_opponent_s_takes_are_forced():
    """kernels.after_sacrifice (the cutoff's probe of a short sacrifice): opening a chain of one or two boxes
    is worth, to the opponent, the k boxes it takes at once plus the position after them — by brute force on
    every such line of random 3×3 positions."""
    from gamekit.dots import kernels
    import numpy as np

    rng = random.Random(47)
    g = geometry(3, 3)
    engine = fast.CompiledSearch(g, table_bits=10)
    checked = {1: 0, 2: 0, -1: 0}
    for _ in range(1500):
        game = random_position(3, 3, rng.randint(6, 15), rng)
        if game.is_over():
            continue
        kind, lines = engine.candidates(game.drawn)
        if kind != 2:
            continue
        deg = np.array([4 - sum(game.drawn >> l & 1 for l in ls) for ls in g.box_lines], dtype=np.int64)
        for line, bound in lines:
            if bound is not None:
                continue  # a long chain or a loop: the loony bound, never probed
            k, after = kernels.after_sacrifice(line, np.uint64(game.drawn), deg, engine.lb, engine.nbl, engine.nbo)
            if k == 0:
                assert all(deg[b] != 2 for b in g.line_boxes[line])  # a safe line
                continue
            checked[k] += 1
            if k > 0:
                assert brute_force(3, 3, game.drawn | 1 << line) == k + brute_force(3, 3, int(after))
    assert checked[1] >= 100 and checked[2] >= 20


@needs_numba
def test_the_cutoff_s_sacrifice_probes_and_child_bounds_agree_with_brute_force():
    """etc_sacrifice, etc_bound (the enhanced transposition cutoff probing the position after a short
    sacrifice's forced takes; a child's table lower bound standing for its line): with the cutoff at every
    depth (etc_lines=1) the search agrees with brute force on 2×3 and 3×3 positions, on and off, full game
    and safe-phase game agree on and off; on 4×4 positions with 26 lines left, fewer nodes in most."""
    rng = random.Random(53)
    for _ in range(250):
        w, h = rng.choice([(2, 3), (3, 3), (3, 2)])
        game = random_position(w, h, rng.randint(6, 15), rng)
        if game.is_over():
            continue
        values = set()
        for sac in (True, False):
            for bound in (True, False):
                e = fast.CompiledSearch(game.geometry, table_bits=12, etc_lines=1, etc_sacrifice=sac, etc_bound=bound)
                values.add(e.exact(game.drawn))
        assert values == {brute_force(w, h, game.drawn)}
        safe = {
            fast.CompiledSearch(
                game.geometry, table_bits=12, etc_lines=1, safe_only=True, etc_sacrifice=sac, etc_bound=sac
            ).exact(game.drawn)
            for sac in (True, False)
        }
        assert len(safe) == 1
    fewer = 0
    for _ in range(8):
        game = random_position(4, 4, 26, rng)
        a = fast.CompiledSearch(game.geometry, table_bits=18)
        b = fast.CompiledSearch(game.geometry, table_bits=18, etc_sacrifice=False, etc_bound=False)
        assert a.exact(game.drawn) == b.exact(game.drawn)
        fewer += a.nodes < b.nodes
    assert fewer >= 6


# the contracted key (``contract=True``): chains contracted, junctions named


def no_offer_positions(size: tuple[int, int], count: int, seed: int, undrawn: tuple[int, int] | None = None):
    """Random positions of ``size`` with no box on offer (the only ones the table holds), ``undrawn`` lines left
    (a range; by default 4 up to all but 3)."""
    rng = random.Random(seed)
    g = geometry(*size)
    lo, hi = undrawn or (4, g.n_lines - 3)
    out = []
    while len(out) < count:
        # random_position's draws, on the line numbers alone: the same lines from the same random numbers
        # (undrawn lines in index order, one rng.choice each), without playing them on a game most are thrown away
        left = rng.randrange(lo, hi)
        lines = list(range(g.n_lines))
        drawn = 0
        while len(lines) > left:
            line = rng.choice(lines)
            lines.remove(line)
            drawn |= 1 << line
        deg = [4 - sum(1 for l in ls if drawn >> l & 1) for ls in g.box_lines]
        if 1 not in deg:
            out.append(drawn)
    return out


def chains_of(engine, drawn: int):
    """Each chain or loop of boxes with two undrawn lines: (box mask, is an isolated loop)."""
    deg = engine.box_degrees(drawn)
    seen, out = set(), []
    for x in range(engine.nb):
        if deg[x] != 2 or x in seen:
            continue
        comp, stack = {x}, [x]
        while stack:
            y = stack.pop()
            for i in range(4):
                o = int(engine.nbo[y, i])
                if not drawn >> int(engine.nbl[y, i]) & 1 and o >= 0 and deg[o] == 2 and o not in comp:
                    comp.add(o)
                    stack.append(o)
        seen |= comp
        loop = all(
            int(engine.nbo[c, i]) >= 0 and deg[int(engine.nbo[c, i])] == 2
            for c in comp
            for i in range(4)
            if not drawn >> int(engine.nbl[c, i]) & 1
        )
        out.append((sum(1 << c for c in comp), loop))
    return out


@needs_numba
@pytest.mark.parametrize("size", [(3, 3), (4, 4), (5, 4)])
def test_the_contracted_keys_change_is_the_childs_key(size):
    """The cutoff works out a child's contracted key from its parent's (:func:`kernels.key_delta`,
    :func:`kernels.chain_key_delta`): for every safe line and every chain or loop taken of random positions, that
    is the key computed from scratch, and a child with a box on offer is refused, not keyed."""
    from gamekit.dots import kernels

    engine = fast.CompiledSearch(geometry(*size), table_bits=4, contract=True)
    nbl, lb = engine.nbl, engine.lb
    checked = joins = refused = 0
    for drawn in no_offer_positions(size, 60, seed=size[0] * 10 + size[1]):
        deg = engine.box_degrees(drawn)
        key = engine.contracted_key(drawn)
        cport, chs = engine.cport.copy(), engine.chs.copy()
        children = []
        for l in range(engine.nl):
            boxes = [int(x) for x in lb[l] if x >= 0]
            if drawn >> l & 1 or any(deg[x] < 3 for x in boxes):
                continue
            delta, ok = kernels.line_key_delta(
                l, 0, np.uint64(drawn), deg, lb, nbl, engine.nbo, cport.copy(), chs.copy()
            )
            children.append((drawn | 1 << l, delta, ok))
            joins += any(deg[x] == 3 for x in boxes)
        for cm, loop in chains_of(engine, drawn):
            delta, ok = kernels.chain_key_delta(
                np.uint64(cm), loop, np.uint64(drawn), deg, nbl, engine.nbo, cport.copy(), chs.copy()
            )
            child = drawn
            for b in range(engine.nb):
                if cm >> b & 1:
                    child |= sum(1 << int(l) for l in nbl[b])
            children.append((child, delta, ok))
        for child, delta, ok in children:
            if 1 in engine.box_degrees(child):
                assert not ok
                refused += 1
            else:
                assert ok and (key + int(delta)) % 2**64 == engine.contracted_key(child), (drawn, child)
                checked += 1
    assert checked > 300 and joins > 50
    assert refused > 0 or size != (3, 3)  # a chain from a junction of three back to it (met on 3×3)


@needs_numba
def test_positions_sharing_a_contracted_key_share_their_value():
    """Among many random 3×3 positions, different ones that share a contracted key have the same brute-force
    value (the key forgets only where chains run); some such pairs exist."""
    engine = fast.CompiledSearch(geometry(3, 3), table_bits=4, contract=True)
    by_key: dict[int, int] = {}
    pairs = 0
    for drawn in no_offer_positions((3, 3), 1500, seed=7, undrawn=(8, 13)):
        drawn = engine.normal(drawn)
        k = engine.contracted_key(drawn)
        other = by_key.setdefault(k, drawn)
        if other != drawn:
            assert brute_force(3, 3, other) == brute_force(3, 3, drawn), (other, drawn)
            pairs += 1
    assert pairs > 10


@needs_numba
def test_the_contracted_key_gives_exact_values():
    """The search filed under contracted keys gets brute force's value on random 3×3 positions (every symmetry
    off, so the contracted key is used) and the plain key's on 4×4 positions."""
    from gamekit.dots import kernels

    rng = random.Random(11)
    small = fast.CompiledSearch(geometry(3, 3), table_bits=10, contract=True, use_symmetry=False)
    for _ in range(60):
        game = random_position(3, 3, rng.randrange(6, 16), rng)
        small.clear()
        assert small.exact(game.drawn) == brute_force(3, 3, game.drawn), game.history
        assert small.flags_now & kernels.CONTRACT
    contracted, plain = same_values(
        [{"contract": True, "use_symmetry": False}, {"contract": False}], (4, 4), 22, 6, random.Random(5), table_bits=16
    )
    assert contracted < plain  # it merges positions the plain key keeps apart


@needs_numba
def test_the_contracted_key_is_left_out_where_a_symmetry_is_folded_in():
    """From the empty board every symmetry is folded into the key, which the contracted key cannot do: that
    search files plain keys (and 3×3 is still -3)."""
    from gamekit.dots import kernels

    engine = fast.CompiledSearch(geometry(3, 3), contract=True)
    assert engine.exact(0) == -3
    assert not engine.flags_now & kernels.CONTRACT
    with pytest.raises(ValueError, match="on offer"):
        engine.contracted_key(sum(1 << l for l in geometry(3, 3).box_lines[0][:3]))
    with pytest.raises(TypeError, match="contract"):
        fast.CompiledSearch(geometry(3, 3), contract=1)
