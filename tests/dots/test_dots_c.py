"""The C build of the compiled search (benchmarks/dots_c/search.c) is the same search as the numba kernels:
the same values and the same node counts, so the benchmark's nodes/s comparison compares like with like."""

import random
import shutil

import pytest

from gamekit.dots import DotsAndBoxes, fast
from gamekit.dots.rules import geometry

pytestmark = pytest.mark.skipif(not fast.available() or shutil.which("gcc") is None, reason="needs numba and gcc")


@pytest.mark.parametrize(
    "size,undrawn,safe_only",
    [((3, 3), 18, False), ((4, 4), 22, False), ((5, 4), 24, False), ((4, 3), 20, True), ((5, 4), 26, True)],
)
def test_c_build_searches_the_same_tree(size, undrawn, safe_only):
    from benchmarks.dots import CSearch

    c = CSearch(size, table_bits=16, safe_only=safe_only)
    rng = random.Random(undrawn)
    for _ in range(6):
        game = DotsAndBoxes(*size)
        while len(game.undrawn_lines()) > undrawn:
            game.play(rng.choice(game.undrawn_lines()))
        engine = fast.CompiledSearch(geometry(*size), table_bits=16, safe_only=safe_only)
        value = engine.exact(game.drawn)
        assert c.exact(game.drawn) == value
        assert c.nodes == engine.nodes > 0 or game.is_over()
