"""The compiled search agrees with the pure-Python one; timeouts, fallbacks and refusals."""

import random
from pathlib import Path

import pytest

from gamekit.connect import CONNECT_FOUR, FIVE_IN_A_ROW, ConnectFour, ConnectGame, FiveInARow, Variant, solve
from gamekit.connect import fast
from gamekit.connect.solver import OutOfTime, Solver

DATA = Path("/work/shared/data/connect4")
if not DATA.exists():
    DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "connect4"
POSITIONS = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "five_in_a_row_positions.txt"

needs_numba = pytest.mark.skipif(not fast.available(), reason="numba is not installed")


def five_positions(empties: int) -> list[str]:
    out = []
    for line in POSITIONS.read_text().splitlines():
        if line.startswith("#"):
            continue
        moves, e = line.split()
        if int(e) == empties:
            out.append(moves)
    return out


def test_the_fixed_five_in_a_row_positions_are_from_real_games():
    for empties in (24, 26, 28, 30):
        moves = five_positions(empties)
        assert len(moves) == 8
        for m in moves:
            g = FiveInARow.from_moves(m)
            assert not g.is_over() and 42 - g.discs_on_board == empties


@needs_numba
def test_compiled_and_python_agree_on_pons_sample():
    lines = [ln for ln in (DATA / "Test_L2_R1").read_text().split("\n") if ln.strip()]
    compiled, python = Solver(CONNECT_FOUR, engine="compiled"), Solver(CONNECT_FOUR, engine="python")
    assert compiled.engine == "compiled" and python.engine == "python"
    for line in random.Random(3).sample(lines, 25):
        moves, score = line.split()
        g = ConnectFour.from_moves(moves)
        assert compiled.solve(g) == python.solve(g) == int(score), moves


@needs_numba
def test_compiled_and_python_agree_on_five_in_a_row():
    compiled, python = Solver(FIVE_IN_A_ROW, engine="compiled"), Solver(FIVE_IN_A_ROW, engine="python")
    for moves in five_positions(24)[:5]:
        g = FiveInARow.from_moves(moves)
        assert compiled.solve(g) == python.solve(g), moves
        assert compiled.solve(g, weak=True) == python.solve(g, weak=True), moves


@needs_numba
@pytest.mark.parametrize(
    "variant, plies",
    [
        (Variant("4x4 three", 4, 4, 3), 2),
        (Variant("mini sides", 3, 4, 3, sides=True), 1),
        (Variant("5x4 four", 5, 4, 4), 6),
        (Variant("5x4 sides four", 5, 4, 4, sides=True), 6),
    ],
)
def test_compiled_and_python_agree_on_small_variants(variant, plies):
    rng = random.Random(11)
    compiled, python = Solver(variant, engine="compiled"), Solver(variant, engine="python")
    for _ in range(15):
        g = ConnectGame(variant)
        for _ in range(rng.randrange(plies + 1)):
            g.play(rng.choice(g.legal_moves()))
            if g.is_over():
                g.undo()
                break
        assert compiled.solve(g) == python.solve(g), g.history


@needs_numba
def test_compiled_timeout_raises_and_the_solver_still_answers():
    s = Solver(FIVE_IN_A_ROW, engine="compiled")
    g = FiveInARow.from_moves(five_positions(30)[0])
    with pytest.raises(OutOfTime):
        s.solve(g, time_budget=0.0)
    assert s.deadline is None
    small = FiveInARow.from_moves(five_positions(24)[0])
    assert s.solve(small) == Solver(FIVE_IN_A_ROW, engine="python").solve(small)


def test_pure_python_fallback_when_forced(monkeypatch):
    monkeypatch.setenv("GAMEKIT_PURE_PYTHON", "1")
    assert not fast.available()
    s = Solver(CONNECT_FOUR)
    assert s.engine == "python"
    assert s.solve(ConnectFour.from_moves("121212")) == 18
    with pytest.raises(ValueError, match="compiled solver is not available"):
        Solver(CONNECT_FOUR, engine="compiled")


def test_refusals():
    with pytest.raises(ValueError, match="engine"):
        Solver(CONNECT_FOUR, engine="fast")
    big = Variant("big", 9, 12, 4)  # 9 columns of 13 bits: more than 64
    assert not fast.fits(big)
    with pytest.raises(ValueError, match="too big"):
        Solver(big, engine="compiled")
    assert Solver(big).engine == "python"


def test_generated_source_has_the_variant_constants():
    src = fast.source(FIVE_IN_A_ROW)
    assert "MAX = 22" in src and "N = 42" in src
    assert "cache=True" in src


def test_module_solve_answers_like_a_fresh_solver():
    g = FiveInARow.from_moves(five_positions(26)[2])
    assert solve(g) == Solver(FIVE_IN_A_ROW).solve(g)


@needs_numba
def test_one_word_table_slots_give_the_same_scores_as_the_first_layout():
    packed = Solver(FIVE_IN_A_ROW, engine="compiled")
    split = Solver(FIVE_IN_A_ROW, engine="compiled", table_layout="split")
    for moves in five_positions(24)[:4]:
        g = FiveInARow.from_moves(moves)
        packed.reset()
        split.reset()
        assert packed.solve(g) == split.solve(g), moves
    # a tiny table: slots are overwritten all the time, a slot never answers for another position
    v = Variant("5x4 sides four", 5, 4, 4, sides=True)
    tiny, python = Solver(v, engine="compiled", table_size=131), Solver(v, engine="python")
    rng = random.Random(5)
    for _ in range(10):
        g = ConnectGame(v)
        for _ in range(rng.randrange(5)):
            g.play(rng.choice(g.legal_moves()))
            if g.is_over():
                g.undo()
                break
        assert tiny.solve(g) == python.solve(g), g.history


@needs_numba
@pytest.mark.parametrize("size", [128, 100, 4_194_302, 2.5])
def test_a_table_size_that_could_mix_up_positions_is_refused(size):
    for engine in ("compiled", "auto"):
        with pytest.raises(ValueError, match="table size"):
            Solver(FIVE_IN_A_ROW, engine=engine, table_size=size)
    with pytest.raises(ValueError, match="table_layout"):
        Solver(FIVE_IN_A_ROW, engine="compiled", table_layout="dict")
