"""Dots and Boxes benchmark: CPU levels against each other, Hard's move times, exact-solver speed.

Run from the repository root::

    python -m benchmarks.dots            # full (about 15–25 minutes on 2 cores)
    python -m benchmarks.dots --quick    # a couple of minutes
    python -m benchmarks.dots --hard-medium 40    # only Hard v Medium on 5×4: old and new Hard side by side
    python -m benchmarks.dots --reach 10   # only how far Hard's node budget reaches (nodes by safe/undrawn left)
    python -m benchmarks.dots --solver   # only the exact solver: old v new, each reduction, 3×3 and 4×4 (about 35 min)
    python -m benchmarks.dots --solver --quick --c   # and the C build of the same search: nodes/s side by side
    python -m benchmarks.dots --aims     # only the compiled search on the issue's rows, CPU medians (a few minutes)
    python -m benchmarks.dots --steps    # docs/dots.md's third pass, a step at a time, on the aims' positions (10 min)
    python -m benchmarks.dots --steps fifth   # its fifth pass (the mixed hash, the prefetched probes): about 3 minutes
    python -m benchmarks.dots --steps sixth   # its sixth pass (long chains probed, chain ends, symmetry reach): 3 min
    python -m benchmarks.dots --aims --per-row 128   # the same rows on 128 positions each, the first 8 as above (4 min)
    python -m benchmarks.dots --aims --quick   # the aims' first 4 positions of 4×4 with 32 and 5×4 with 34 (a minute)

Times are wall-clock (``perf_counter``) with the CPU time of this process beside them: on a shared
machine the wall time also counts the time other programs held the cores.  Medians are the figures
to quote.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from statistics import median

from gamekit.dots import DotsAndBoxes, cpu_player
from gamekit.dots import fast
from gamekit.dots.analysis import capture_lines, safe_lines
from gamekit.dots.players import CpuPlayer, SafePhaseSolver
from gamekit.dots.search import Solver
from gamekit.core.errors import SolverTimeout
from gamekit.tournament import tournament


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def levels(sizes: list[tuple[int, int]], games: dict[tuple[int, int], int]) -> None:
    for size in sizes:
        n = games[size]
        print(f"\n## {size[0]}×{size[1]} boxes: levels against each other, {n} games per pair (starts alternate)")
        seeds = iter(range(1, 10**9))
        players = {lvl: (lambda lvl=lvl: cpu_player(lvl, seed=next(seeds))) for lvl in ("easy", "medium", "hard")}
        start = time.perf_counter()
        result = tournament(lambda: DotsAndBoxes(*size), players, games_per_pair=n, progress=False)
        print(result.table())
        hard = result.move_times.get("hard", [])
        if hard:
            print(
                f"hard per move: median {median(hard) * 1000:.1f} ms, max {max(hard):.2f} s "
                f"({len(hard)} moves; captures are instant, so also: median of moves over 1 ms "
                f"{median([t for t in hard if t > 0.001] or [0]) * 1000:.0f} ms)"
            )
        print(f"({time.perf_counter() - start:.0f} s)")


class _PythonSafePhaseHard(CpuPlayer):
    """Hard as it was before the compiled safe-phase search: its middle-game search in pure Python."""

    def safe_solver(self, game):
        key = (game.width, game.height)
        cache = self.__dict__.setdefault("python_safe_solvers", {})
        if key not in cache:
            cache[key] = SafePhaseSolver(*key, max_table=300_000, compiled=False)
        return cache[key]


OLD_BUDGETS = {"exact_lines": 32, "exact_safe": 14, "node_budget": 250_000, "safe_search": 20}
"""Hard's budgets before the compiled safe-phase search (2026-11-30)."""


DEC1_BUDGETS = {"exact_lines": 34, "exact_safe": 16, "node_budget": 1_000_000, "safe_search": 22}
"""Hard's compiled budgets before the loony bound and the two-tier table (2026-12-01)."""


SECOND_PASS_BUDGETS = {"exact_lines": 36, "exact_safe": 18, "node_budget": 1_000_000, "safe_search": 24}
"""Hard's compiled budgets after the second pass of docs/dots.md, before the third (2026-12-01)."""


def hard_configs() -> dict[str, object]:
    """The Hard players compared by ``--hard-medium``: name -> factory(seed)."""
    configs = {
        "before: old budgets, safe-phase search in Python": lambda seed: _PythonSafePhaseHard(
            "hard", seed, time_cap=None, **OLD_BUDGETS
        )
    }
    if fast.available():
        configs["old budgets, compiled safe-phase search"] = lambda seed: CpuPlayer(
            "hard", seed, time_cap=None, **OLD_BUDGETS
        )
        configs["budgets of 2026-12-01 (34/16/1M/22), compiled"] = lambda seed: CpuPlayer(
            "hard", seed, time_cap=None, **DEC1_BUDGETS
        )
        configs["second pass budgets (36/18/1M/24), compiled"] = lambda seed: CpuPlayer(
            "hard", seed, time_cap=None, **SECOND_PASS_BUDGETS
        )
        configs["now: the defaults (compiled)"] = lambda seed: CpuPlayer("hard", seed, time_cap=None)
    return configs


def hard_v_medium(n: int, size=(5, 4), configs: dict | None = None) -> None:
    """Hard v Medium, ``n`` games with a fresh seeded pair each (starts alternate), for each Hard of
    ``configs`` (default :func:`hard_configs`) on the same seeds, side by side; ``time_cap=None``, so the
    node budgets alone bound a move (reproducible)."""
    configs = hard_configs() if configs is None else configs
    print(
        f"\n## Hard v Medium on {size[0]}×{size[1]}: {n} games each (Hard seed i, Medium seed 1000 + i; starts "
        f"alternate; time_cap=None). 'thinking' = moves over 1 ms; 'exact' = moves chosen by a search that "
        f"reached the end (captures forced by the rules count as exact); 'searched from' = the median over games "
        f"of the undrawn lines (and safe lines) at Hard's first move chosen by a search that reached the end "
        f"with no box on offer"
    )
    print(
        f"{'Hard':<52}{'W–D–L':>10}{'score':>8}{'median':>9}{'thinking':>10}{'99th':>8}{'max':>7}{'> 1 s':>6}"
        f"{'exact':>8}{'exact from (median undrawn)':>29}{'searched from':>15}"
    )
    for name, make in configs.items():
        wins = draws = losses = 0
        times: list[float] = []
        exact_moves = moves = 0
        first_exact: list[int] = []
        first_searched: list[tuple[int, int]] = []
        start = time.perf_counter()
        for i in range(n):
            hard, med = make(i), cpu_player("medium", seed=1000 + i)
            seat = i % 2
            game = DotsAndBoxes(*size)
            first = searched = None
            while not game.is_over():
                if game.to_move == seat:
                    undrawn = len(game.undrawn_lines())
                    offer, n_safe = bool(capture_lines(game)), len(safe_lines(game))
                    t0 = time.perf_counter()
                    line = hard.choose(game)
                    times.append(time.perf_counter() - t0)
                    moves += 1
                    exact_moves += hard.last_exact
                    if hard.last_exact and first is None and safe_lines(game):
                        first = undrawn
                    if hard.last_exact and searched is None and n_safe and not offer:
                        searched = (undrawn, n_safe)
                else:
                    line = med.choose(game)
                game.play(line)
            if first is not None:
                first_exact.append(first)
            if searched is not None:
                first_searched.append(searched)
            winner = game.outcome().winner
            if winner is None:
                draws += 1
            elif winner == seat:
                wins += 1
            else:
                losses += 1
        think = sorted(t for t in times if t > 0.001) or [0.0]
        p99 = think[min(len(think) - 1, int(0.99 * len(think)))]
        print(
            f"{name:<52}{f'{wins}–{draws}–{losses}':>10}{(wins + draws / 2) / n:>8.1%}{median(times) * 1000:>7.1f}ms"
            f"{median(think) * 1000:>8.0f}ms{p99:>7.2f}s{max(times):>6.2f}s{sum(t > 1 for t in times):>6}"
            f"{exact_moves / moves:>8.0%}{(median(first_exact) if first_exact else float('nan')):>29.0f}"
            f"{(median(u for u, _ in first_searched) if first_searched else float('nan')):>9.0f}"
            f" ({(median(k for _, k in first_searched) if first_searched else float('nan')):.0f})"
            f"   ({len(times)} moves, {time.perf_counter() - start:.0f} s)",
            flush=True,
        )


def positions_from_play(n_games: int, stops: list[int], size=(5, 4)) -> dict[int, list[int]]:
    """Drawn-line masks met in Hard-vs-Medium games when exactly ``u`` lines were left, for each u in stops."""
    out: dict[int, list[int]] = {u: [] for u in stops}
    lowest = min(stops)
    for i in range(n_games):
        seats = [cpu_player("hard", seed=100 + i), cpu_player("medium", seed=200 + i)]
        if i % 2:
            seats.reverse()
        g = DotsAndBoxes(*size)
        while not g.is_over():
            u = len(g.undrawn_lines())
            if u in out:
                out[u].append(g.drawn)
            if u <= lowest:
                break
            g.play(seats[g.to_move].choose(g))
    return out


def solver_speed(n_games: int, stops: list[int], budget: float) -> None:
    print(f"\n## Exact solver on 5×4 positions reached in play (Hard v Medium, {n_games} games; fresh table each)")
    print(f"{'undrawn':>8}{'positions':>10}{'median s':>10}{'max s':>8}{'median CPU s':>14}{'solved ≤1 s':>13}")
    pos = positions_from_play(n_games, stops)
    best = None
    for u in sorted(stops):
        walls, cpus, ok = [], [], 0
        for drawn in pos[u]:
            s = Solver(5, 4)
            try:
                _, w, c = timed(lambda: s.value(drawn, timeout=budget))
            except SolverTimeout:
                w = c = float("inf")
            walls.append(w)
            cpus.append(c)
            ok += w <= 1.0
        if not walls:
            continue
        fmt = lambda x: "—" if x == float("inf") else f"{x:.2f}"
        print(
            f"{u:>8}{len(walls):>10}{fmt(median(walls)):>10}{fmt(max(walls)):>8}{fmt(median(cpus)):>14}"
            f"{ok:>8}/{len(walls)}"
        )
        if median(walls) <= 1.0:
            best = u
    print(f"largest number of undrawn lines solved within 1 s (median wall time): {best}")


def hard_reach(
    n_games: int = 10,
    safe_rows=range(24, 35, 2),
    undrawn_rows=range(33, 38),
    full_safe_rows=range(16, 25, 2),
    budget: int = 4_000_000,
) -> None:
    """How far Hard's node budget reaches: on 5×4 positions from Hard v Medium games (Hard to move, no box on
    offer), the nodes (and CPU) of Hard's two searches with a fresh table of Hard's size, by row — the safe-phase
    search over the safe lines (:class:`SafePhaseSolver`, by safe lines left; ``safe_search``/``node_budget``)
    and the full-game search (:class:`Solver`, by undrawn lines; ``exact_lines``, budget 2 × ``node_budget``).
    "over" = positions not finished within ``budget`` nodes (their nodes count as the budget)."""
    by_safe: dict[int, list[int]] = {k: [] for k in safe_rows}
    by_undrawn: dict[int, list[int]] = {u: [] for u in undrawn_rows}
    full_by_safe: dict[int, list[int]] = {k: [] for k in full_safe_rows}
    for i in range(n_games):
        seats = [cpu_player("hard", seed=300 + i), cpu_player("medium", seed=400 + i)]
        if i % 2:
            seats.reverse()
        g = DotsAndBoxes(5, 4)
        while not g.is_over() and safe_lines(g):
            if not capture_lines(g):
                k, u = len(safe_lines(g)), len(g.undrawn_lines())
                if k in by_safe:
                    by_safe[k].append(g.drawn)
                if u in by_undrawn:
                    by_undrawn[u].append(g.drawn)
                if k in full_by_safe:
                    full_by_safe[k].append(g.drawn)
            g.play(seats[g.to_move].choose(g))
    print(
        f"\n## How far Hard's budget reaches (5×4, positions from {n_games} Hard v Medium games, no box on offer; "
        f"fresh table of Hard's size; budget {budget:,} nodes; CPU seconds of this process)"
    )

    def row(label, positions, make, among):
        nodes, cpu, over = [], [], 0
        for drawn in positions:
            s = make()
            t0 = time.process_time()
            try:
                s.best(drawn, among=among(s, drawn), max_nodes=budget)
            except SolverTimeout:
                over += 1
            cpu.append(time.process_time() - t0)
            nodes.append(s.nodes)
        if nodes:
            print(
                f"{label:<22}{len(nodes):>10}{median(nodes):>14,.0f}{max(nodes):>14,.0f}{median(cpu):>14.3f}"
                f"{max(cpu):>11.2f}{sum(n <= 1_000_000 for n in nodes):>7}{sum(n <= 2_000_000 for n in nodes):>7}"
                f"{over:>6}",
                flush=True,
            )

    def safe_among(s, drawn):
        s.set_position(drawn)
        return [l for l in range(s.nl) if (s.safe_mask() >> l) & 1]

    head = (
        f"{'positions':>10}{'median nodes':>14}{'max nodes':>14}{'median CPU s':>14}{'max CPU s':>11}"
        f"{'≤ 1 M':>7}{'≤ 2 M':>7}{'over':>6}"
    )
    print(f"{'safe-phase, safe left':<22}{head}")
    for k in safe_rows:
        row(f"{k}", by_safe[k], lambda: SafePhaseSolver(5, 4, max_table=300_000), safe_among)
    print(f"{'full game, undrawn':<22}{head}")
    for u in undrawn_rows:
        row(f"{u}", by_undrawn[u], lambda: Solver(5, 4, max_table=300_000), lambda s, d: None)
    print(f"{'full game, safe left':<22}{head}")
    for k in full_safe_rows:
        row(f"{k}", full_by_safe[k], lambda: Solver(5, 4, max_table=300_000), lambda s, d: None)


def start_3x3() -> None:
    for compiled in (False, True) if fast.available() else (False,):
        s = Solver(3, 3, compiled=compiled)
        value, w, c = timed(lambda: s.value(0))
        print(
            f"\n## 3×3 from the start ({'compiled' if compiled else 'pure Python'}): value {value:+d} for the "
            f"first player ({w:.2f} s wall, {c:.2f} s CPU, {s.nodes:,} nodes)"
        )


def random_positions(size: tuple[int, int], undrawn: int, n: int, seed: int) -> list[int]:
    """``n`` drawn-line masks reached by random play with exactly ``undrawn`` lines left (game not over)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        g = DotsAndBoxes(*size)
        while len(g.undrawn_lines()) > undrawn:
            g.play(rng.choice(g.undrawn_lines()))
        if not g.is_over():
            out.append(g.drawn)
    return out


def median_interval(values: list[float], confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval for the median of the population that ``values`` were drawn from: the order
    statistics ``(x_k, x_{n+1-k})`` with the largest ``k`` whose coverage, from the binomial law with p = 1/2, is at
    least ``confidence``.  For 8 values at 95 % that is the smallest and the largest; for 128, about the 53rd and
    the 76th.  Raises TypeError for a confidence that is not a float, ValueError for one outside (0, 1) or for too
    few values to reach it (fewer than 6 at 95 %: the smallest and the largest of 5 cover the median only 94 % of
    the time)."""
    if isinstance(confidence, bool) or not isinstance(confidence, float):
        raise TypeError(f"confidence {confidence!r}: a float such as 0.95, not {type(confidence).__name__}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence {confidence!r}: between 0 and 1 (not included)")
    n = len(values)
    xs = sorted(values)
    below = 0.0  # P(B < k) for B ~ Binomial(n, 1/2): the chance that fewer than k values lie below the median
    k = 0
    while True:
        p_next = math.comb(n, k) / 2**n  # P(B = k)
        if 2 * (below + p_next) > 1 - confidence or k + 1 > n - k:
            break
        below += p_next
        k += 1
    if k == 0:
        raise ValueError(
            f"{n} value(s): too few for a {confidence:.0%} interval of the median "
            f"(the smallest and the largest cover it {1 - 2 / 2**n:.1%} of the time)"
        )
    return xs[k - 1], xs[n - k]


def load_kernel() -> None:
    """Load the compiled search before any clock starts, its clock included: a search with a deadline looks at the
    clock every 65 536 nodes, and the first look (numba's object mode) costs about 0.1 s once per process.  Without
    this the first timed position over 65 536 nodes paid it (the first row of ``numba_v_c`` read 1.7x slower
    than C; the same row run again, 1.0x)."""
    from gamekit.dots.rules import geometry

    engine = fast.CompiledSearch(geometry(3, 3), table_bits=12)
    engine.exact(0, deadline=time.perf_counter() + 600)  # 3×3 from the start: about 86 000 nodes
    assert engine.nodes > 65_536


def _solve(make, drawn: int, budget: float):
    """(value or None, wall s, CPU s, nodes) of ``make().value(drawn)`` within ``budget`` seconds (inf: over)."""
    s = make()
    try:
        v, w, c = timed(lambda: s.value(drawn, timeout=budget))
    except SolverTimeout:
        return None, float("inf"), float("inf"), s.nodes
    return v, w, c, s.nodes


PREVIOUS = {"table_bits": 21, "loony_bound": False, "two_tier": False, "sym_reach": None, "etc_lines": 22}
"""The compiled search as it was configured before the loony bound, the two-tier table, the symmetry reach
and ETC from 16 lines (2026-12-01: ``Solver``'s 2^21 slots, one slot always replaced, every symmetry, ETC
from 22).  The kernel's faster node (the table probed before the moves are generated, loony leaves not
stored) is the new one in both columns."""


class _Engine:
    """``value(drawn, timeout)`` of a bare :class:`fast.CompiledSearch` (fresh per position), like ``Solver``'s."""

    def __init__(self, size, **cfg):
        from gamekit.dots.rules import geometry

        self.e = fast.CompiledSearch(geometry(*size), **cfg)
        self.nodes = 0

    def value(self, drawn, timeout=None):
        try:
            return self.e.exact(drawn, deadline=None if timeout is None else time.perf_counter() + timeout)
        finally:
            self.nodes = self.e.nodes


def old_v_new(rows: list[tuple[tuple[int, int], int]], per_row: int, budget: float) -> None:
    """Side by side on the same positions from random play: the pure-Python search (old), the compiled search
    configured as before this step (:data:`PREVIOUS`) and the compiled search now (new, ``Solver``)."""
    print(
        f"\n## Exact solver side by side: pure Python (old), compiled as configured before (prev), compiled now "
        f"(new); {per_row} positions from random play per row, fresh table each, {budget:g} s budget of wall time "
        f"(— : over budget; medians; new CPU = this process's CPU seconds, the one-core figure on a shared machine)"
    )
    print(
        f"{'board':>6}{'undrawn':>8}{'old s':>9}{'prev s':>9}{'new s':>9}{'new CPU s':>11}{'old/new':>10}"
        f"{'prev/new':>10}{'new Mnodes':>12}{'new Mn/s':>10}{'over (o/p/n)':>14}{'agree':>7}"
    )
    fmt = lambda x: "—" if x == float("inf") else f"{x:.3f}"
    within: dict[tuple[int, int], int] = {}
    for size, u in rows:
        t = {"old": [], "prev": [], "new": []}
        cpu, nodes, r_old, r_prev, agree, n_nodes, n_secs = [], [], [], [], 0, 0, 0.0
        for drawn in random_positions(size, u, per_row, seed=1000 * size[0] + 10 * size[1] + u):
            v1, t1, _, _ = _solve(lambda: Solver(*size, compiled=False), drawn, budget)
            v0, t0, _, _ = _solve(lambda: _Engine(size, **PREVIOUS), drawn, budget)
            v2, t2, c2, n2 = _solve(lambda: Solver(*size, compiled=True), drawn, budget)
            t["old"].append(t1)
            t["prev"].append(t0)
            t["new"].append(t2)
            cpu.append(c2)
            nodes.append(n2)
            if t2 < float("inf"):
                n_nodes, n_secs = n_nodes + n2, n_secs + c2
            # a ratio per position (over budget counts as the budget: a lower bound on the ratio)
            r_old.append(min(t1, budget) / t2 if t2 < float("inf") else float("nan"))
            r_prev.append(min(t0, budget) / t2 if t2 < float("inf") else float("nan"))
            vals = {v for v in (v0, v1, v2) if v is not None}
            agree += len(vals) <= 1
        over = "/".join(str(sum(x == float("inf") for x in t[k])) for k in ("old", "prev", "new"))
        ratio = lambda r: "—" if all(x != x for x in r) else "×%.1f" % median([x for x in r if x == x])
        print(
            f"{size[0]}×{size[1]:<4}{u:>8}{fmt(median(t['old'])):>9}{fmt(median(t['prev'])):>9}"
            f"{fmt(median(t['new'])):>9}{fmt(median(cpu)):>11}{ratio(r_old):>10}{ratio(r_prev):>10}"
            f"{median(nodes) / 1e6:>12.2f}{(n_nodes / n_secs / 1e6 if n_secs else float('nan')):>10.2f}"
            f"{over:>14}{agree:>5}/{per_row}",
            flush=True,
        )
        if median(cpu) <= 1.0:
            within[size] = max(within.get(size, 0), u)
    for size, u in within.items():
        print(
            f"{size[0]}×{size[1]}: the compiled search's median CPU time is within 1 s up to {u} undrawn lines "
            f"(of those tried)"
        )


def aims(per_row: int = 8, budget: float = 60.0, rows=((5, 4, 34), (5, 4, 36), (4, 4, 30), (4, 4, 32))) -> None:
    """The compiled search alone on the issue's rows (5×4 with 34 and 36 undrawn lines, 4×4 with 30 and 32), the
    same positions as :func:`old_v_new` (the first ``per_row`` of one stream from random play, so a larger
    ``per_row`` adds positions after the same first 8), with a generous wall budget so that a loaded machine does
    not cut the searches short: median CPU seconds (the one-core figure) with a 95 % interval for the median of
    such positions (:func:`median_interval`, where there are enough positions for one), median nodes, positions over
    budget."""
    load_kernel()
    print(
        f"\n## The aims: compiled search (Solver) alone, {per_row} positions from random play per row, {budget:g} s "
        f"wall budget; CPU seconds of this process"
    )
    print(
        f"{'board':>6}{'undrawn':>8}{'median CPU s':>14}{'95 % interval':>15}{'max CPU s':>11}{'median nodes':>14}"
        f"{'≤ 1 s CPU':>11}{'over':>6}{'median wall s':>15}"
    )
    fmt = lambda x: "—" if x == float("inf") else f"{x:.2f}"
    for w, h, u in rows:
        size = (w, h)
        cpu, nodes, walls = [], [], []
        for drawn in random_positions(size, u, per_row, seed=1000 * size[0] + 10 * size[1] + u):
            _, w, c, n = _solve(lambda: Solver(*size, compiled=True), drawn, budget)
            cpu.append(c)
            nodes.append(n)
            walls.append(w)
        try:
            lo, hi = median_interval(cpu)
            interval = f"{fmt(lo)}–{fmt(hi)}"
        except ValueError:  # too few positions for a 95 % interval
            interval = "—"
        print(
            f"{size[0]}×{size[1]:<4}{u:>8}{fmt(median(cpu)):>14}{interval:>15}{fmt(max(cpu)):>11}{median(nodes):>14,.0f}"
            f"{sum(c <= 1 for c in cpu):>8}/{per_row}{sum(c == float('inf') for c in cpu):>6}{fmt(median(walls)):>15}",
            flush=True,
        )


THIRD_PASS = [
    (
        "before the third pass (its faster node)",
        {
            "ground": False,
            "twins": False,
            "etc_sacrifice": False,
            "etc_bound": False,
            "sym_reach": 4,
            "four_way": False,
        },
    ),
    (
        "+ a corner box's border lines one move",
        {"twins": False, "etc_sacrifice": False, "etc_bound": False, "sym_reach": 4, "four_way": False},
    ),
    ("+ one of twin chains", {"etc_sacrifice": False, "etc_bound": False, "sym_reach": 4, "four_way": False}),
    ("+ the cutoff probes short sacrifices", {"etc_bound": False, "sym_reach": 4, "four_way": False}),
    ("+ children's table bounds stand for lines", {"sym_reach": 4, "four_way": False}),
    ("+ every symmetry on a rectangle", {"four_way": False, "rectangles": "every symmetry"}),
    ("+ four-way buckets (= the third pass)", {"rectangles": "every symmetry"}),
]
"""The third pass of docs/dots.md, one step at a time (cumulative): :class:`fast.CompiledSearch` options; every column
has the pass's faster node (masks of the boxes with one and two undrawn lines, packed table slots), which has no
switch."""


FIFTH_PASS = [
    (
        "the third pass (unmixed hash, probes in turn)",
        {"hash_mix": False, "prefetch": False, "chain_end": False, "etc_long": False, "rectangles": "every symmetry"},
    ),
    (
        "+ a mixed hash (every line moves the slot)",
        {"prefetch": False, "chain_end": False, "etc_long": False, "rectangles": "every symmetry"},
    ),
    (
        "+ the cutoff's probes prefetched (= the fifth)",
        {"chain_end": False, "etc_long": False, "rectangles": "every symmetry"},
    ),
]
"""docs/dots.md's fifth pass, one step at a time (cumulative): the same tree but for the hash, and the same nodes with
and without the prefetch."""

SIXTH_PASS = [
    ("the fifth pass (no NRT: faster node)", {"chain_end": False, "etc_long": False, "rectangles": "every symmetry"}),
    ("+ the cutoff probes long chains, loops", {"chain_end": False, "rectangles": "every symmetry"}),
    ("+ a chain's end searched once", {"rectangles": "every symmetry"}),
    ("+ the symmetry reach on rectangles (= now)", {}),
]
"""docs/dots.md's sixth pass, one step at a time (cumulative).  Every row runs the sixth pass's kernel, compiled without
numba's runtime (no reference counting): that step has no switch, so its gain is measured against the previous
commit side by side (docs/dots.md)."""

PASSES = {"third": THIRD_PASS, "fifth": FIFTH_PASS, "sixth": SIXTH_PASS}


def pass_config(cfg: dict, size: tuple[int, int]) -> dict:
    """A step's :class:`fast.CompiledSearch` options on a board: ``"rectangles": "every symmetry"`` stands for the
    third to fifth passes' default, every symmetry on a rectangle (``sym_reach=None``) and the reach on a square."""
    cfg = dict(cfg)
    if cfg.pop("rectangles", None) == "every symmetry" and size[0] != size[1]:
        cfg["sym_reach"] = None
    return cfg


def steps(rows: list[tuple[tuple[int, int], int, int]], budget: float = 60.0, which: str = "third") -> None:
    """Each step of :data:`THIRD_PASS` (or :data:`FIFTH_PASS`, :data:`SIXTH_PASS`) on the same positions (the aims'
    seeds), a fresh
    2^22 table each: median and total nodes and CPU seconds, positions over ``budget`` seconds of wall time."""
    from gamekit.dots.rules import geometry

    load_kernel()
    print(
        f"\n## The {which} pass of docs/dots.md, step by step (cumulative): the aims' positions, "
        f"a fresh 2^22-slot table each, CPU seconds of this process, {budget:g} s wall budget"
    )
    for size, u, n in rows:
        positions = random_positions(size, u, n, seed=1000 * size[0] + 10 * size[1] + u)
        print(f"{size[0]}×{size[1]}, {u} undrawn, {n} positions:")
        values = None
        for name, cfg in PASSES[which]:
            ns, cs, vs = [], [], []
            for drawn in positions:
                e = fast.CompiledSearch(geometry(*size), **{"table_bits": 22, **pass_config(cfg, size)})
                try:
                    v, _, c = timed(lambda: e.exact(drawn, deadline=time.perf_counter() + budget))
                except SolverTimeout:
                    v, c = None, float("inf")
                ns.append(e.nodes)
                cs.append(c)
                vs.append(v)
            same = "" if values is None or vs == values else "  VALUES DIFFER"
            values = values or vs
            fin = [c for c in cs if c < float("inf")]
            print(
                f"  {name:<46}{median(ns) / 1e6:>8.2f} M nodes (median){sum(ns) / 1e6:>9.2f} M (sum)"
                f"{median(cs):>8.2f} s CPU (median){sum(fin):>8.2f} s (sum){max(cs):>8.2f} s (max)"
                f"{sum(c <= 1 for c in cs):>4}/{n} ≤ 1 s{sum(c == float('inf') for c in cs):>3} over{same}",
                flush=True,
            )


def reductions(size: tuple[int, int], u: int, per_row: int, budget: float) -> None:
    """Each optional reduction of the compiled search turned off on its own: nodes and time on the same positions."""
    from gamekit.dots.rules import geometry

    print(
        f"\n## Compiled search, one reduction at a time: {size[0]}×{size[1]}, {u} undrawn, {per_row} positions "
        f"from random play, {budget:g} s budget (median nodes, median wall s, median CPU s, positions over budget)"
    )
    configs = {
        "all on (2^22 two-tier, loony bound, symmetry reach 4, ETC from 16)": {},
        "no loony bound": {"loony_bound": False},
        "one slot, always replaced (not two-tier)": {"two_tier": False},
        "every symmetry, whatever the position": {"sym_reach": None},
        "no symmetry in the table key": {"use_symmetry": False},
        "ETC from 22 lines": {"etc_lines": 22},
        "no enhanced transposition cutoff": {"etc_lines": 0},
        "killer lines per depth added to the order": {"killers": True},
        "history heuristic added to the order": {"use_history": True},
        "table 2^21 slots": {"table_bits": 21},
        "table 2^24 slots": {"table_bits": 24},
        "as before (PREVIOUS: 2^21, one slot, every symmetry, ETC 22, no bound)": PREVIOUS,
    }
    positions = random_positions(size, u, per_row, seed=7)
    for name, cfg in configs.items():
        ns, ts, cs = [], [], []
        for drawn in positions:
            e = fast.CompiledSearch(geometry(*size), **{"table_bits": 22, **cfg})
            try:
                _, w, c = timed(lambda: e.exact(drawn, deadline=time.perf_counter() + budget))
            except SolverTimeout:
                w = c = float("inf")
            ns.append(e.nodes)
            ts.append(w)
            cs.append(c)
        print(
            f"  {name:<72}{median(ns):>14,.0f} nodes{median(ts):>9.3f} s{median(cs):>9.3f} s CPU"
            f"{sum(x == float('inf') for x in ts):>4} over",
            flush=True,
        )


def start_4x4(budget: float) -> None:
    """4×4 from the empty board with the compiled search: the value, or how far MTD(f) got within the budget."""
    from gamekit.dots.rules import geometry

    e = fast.CompiledSearch(geometry(4, 4), table_bits=24)
    print(
        f"\n## 4×4 from the empty board: MTD(f) null windows from 0, table 2^24 slots in four-way buckets, {budget:g} "
        f"s budget",
        flush=True,
    )
    lo, hi, g = -16, 16, 0
    start = time.perf_counter()
    cpu0 = time.process_time()
    windows = 0
    try:
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = e.value(0, beta - 1, beta, deadline=start + budget)
            windows += 1
            if g < beta:
                hi = g
            else:
                lo = g
            print(
                f"  null window {windows} (beta {beta:+d}): value {'<' if g < beta else '≥'} {beta:+d} "
                f"after {time.perf_counter() - start:.0f} s wall, {time.process_time() - cpu0:.0f} s CPU, "
                f"{e.nodes:,} nodes",
                flush=True,
            )
        print(
            f"\n## 4×4 from the start: value {g:+d} ({time.perf_counter() - start:.0f} s wall, "
            f"{time.process_time() - cpu0:.0f} s CPU, {e.nodes:,} nodes)"
        )
    except SolverTimeout:
        used = int((e.tt[:, 0] != 0).sum())
        print(
            f"\n## 4×4 from the start: not solved within {budget:g} s: {windows} null windows finished, value "
            f"in [{lo:+d}, {hi:+d}], {e.nodes:,} nodes ({e.nodes / budget / 1e6:.1f} M nodes/s), table "
            f"{used / len(e.tt):.0%} full"
        )


class CSearch:
    """The C build of the compiled search's core (``benchmarks/dots_c/search.c``), built with ``gcc -O2``
    into a temporary directory and loaded with ctypes; the same tables as :class:`fast.CompiledSearch`."""

    def __init__(self, size: tuple[int, int], table_bits: int = 22, etc_lines: int = 16, safe_only: bool = False):
        import ctypes
        import pathlib
        import shutil
        import subprocess
        import tempfile
        import numpy as np
        from gamekit.dots.rules import geometry

        if shutil.which("gcc") is None:
            raise RuntimeError("--c needs gcc on the PATH")
        src = pathlib.Path(__file__).with_name("dots_c") / "search.c"
        self._dir = tempfile.TemporaryDirectory(prefix="dots_c_")
        lib = pathlib.Path(self._dir.name) / "search.so"
        subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", str(lib), str(src)], check=True)
        self._lib = ctypes.CDLL(str(lib))
        self.np = np
        self.engine = fast.CompiledSearch(
            geometry(*size), table_bits=table_bits, etc_lines=etc_lines, safe_only=safe_only
        )  # for its tables only
        self.etc_lines, self.safe_only = etc_lines, safe_only
        f = self._lib.dots_exact
        f.restype = ctypes.c_int64
        self.nodes = 0

    def exact(self, drawn: int, guess: int = 0, fresh: bool = True) -> int:
        """Exact value of ``drawn`` (MTD(f) from ``guess``), from an empty table unless ``fresh=False``."""
        import ctypes
        from gamekit.dots import kernels

        np, e = self.np, self.engine
        if fresh:
            e.clear()
        ptr = lambda a: a.ctypes.data_as(ctypes.c_void_p)
        nodes = np.zeros(1, dtype=np.int64)
        drawn = e.normal(drawn)  # the search's positions are normal (fast.CompiledSearch)
        e.choose_symmetries(drawn)  # the same symmetries as the numba search's
        tabs = [np.ascontiguousarray(a) for a in (e.nbl, e.nbo, e.lb, e.order, e.symtab, e.perm, e.inv, e.syms)]
        gmask, gfirst, glines, gid, gskip, ng = e.ground
        v = self._lib.dots_exact(
            ctypes.c_int(e.nb),
            ctypes.c_int(e.nl),
            ptr(tabs[0]),
            ptr(tabs[1]),
            ptr(tabs[2]),
            ptr(tabs[3]),
            ptr(tabs[4]),
            ptr(tabs[7]),
            ctypes.c_int(e.nsym_used),
            ptr(tabs[5]),
            ptr(tabs[6]),
            ptr(e.tt),
            ctypes.c_int64(e.tmask),
            ctypes.c_int(self.etc_lines),
            ctypes.c_int(int(self.safe_only)),
            ptr(gmask),
            ptr(gfirst),
            ptr(glines),
            ptr(gid),
            ptr(gskip),
            ctypes.c_int(ng),
            ptr(e.gsym),
            ctypes.c_int(int(bool(e.flags & kernels.TWINS))),
            ctypes.c_int(int(bool(e.flags & kernels.ETC_SACRIFICE))),
            ctypes.c_int(int(bool(e.flags & kernels.ETC_BOUND))),
            ctypes.c_int(int(bool(e.flags & kernels.FOUR_WAY))),
            ctypes.c_int(int(bool(e.flags & kernels.HASH_MIX))),
            ctypes.c_int(int(bool(e.flags & kernels.PREFETCH))),
            ctypes.c_int(int(bool(e.flags & kernels.CHAIN_END))),
            ctypes.c_int(int(bool(e.flags & kernels.ETC_LONG))),
            ctypes.c_uint64(drawn),
            ctypes.c_int64(guess),
            ptr(nodes),
        )
        self.nodes = int(nodes[0])
        return int(v)


def numba_v_c(rows: list[tuple[tuple[int, int], int]], per_row: int, budget: float) -> None:
    """The numba kernel and the C build of the same search on the same positions: values, nodes, nodes/s."""
    from gamekit.dots.rules import geometry

    print(
        f"\n## numba v C (gcc -O2), the same search on the same positions: {per_row} from random play per row, "
        f"an empty 2^22 table each, touched before timing (CPU seconds of this process; positions over {budget:g} s "
        f"in numba skipped)"
    )
    print(
        f"{'board':>6}{'undrawn':>8}{'nodes (numba)':>15}{'same nodes':>12}{'same value':>12}"
        f"{'numba Mn/s':>12}{'C Mn/s':>9}{'C/numba':>9}"
    )
    totals = [0, 0.0, 0, 0.0]
    load_kernel()
    for size, u in rows:
        c = CSearch(size)
        nodes_n = secs_n = nodes_c = secs_c = 0.0
        same_nodes = same_value = done = 0
        for drawn in random_positions(size, u, per_row, seed=1000 * size[0] + 10 * size[1] + u):
            e = fast.CompiledSearch(geometry(*size), table_bits=22)
            e.clear()  # both tables touched before the clock starts
            try:
                v1, _, t1 = timed(lambda: e.exact(drawn, deadline=time.perf_counter() + budget))
            except SolverTimeout:
                continue
            c.engine.clear()
            v2, _, t2 = timed(lambda: c.exact(drawn, fresh=False))
            done += 1
            same_value += v1 == v2
            same_nodes += e.nodes == c.nodes
            nodes_n, secs_n, nodes_c, secs_c = nodes_n + e.nodes, secs_n + t1, nodes_c + c.nodes, secs_c + t2
        if not done:
            continue
        totals = [totals[0] + nodes_n, totals[1] + secs_n, totals[2] + nodes_c, totals[3] + secs_c]
        rn, rc = nodes_n / secs_n / 1e6, nodes_c / secs_c / 1e6
        print(
            f"{size[0]}×{size[1]:<4}{u:>8}{nodes_n / done:>15,.0f}{same_nodes:>8}/{done}{same_value:>8}/{done}"
            f"{rn:>12.2f}{rc:>9.2f}{rc / rn:>8.2f}×",
            flush=True,
        )
    if totals[1] and totals[3]:
        rn, rc = totals[0] / totals[1] / 1e6, totals[2] / totals[3] / 1e6
        print(f"all rows: numba {rn:.2f} M nodes/s, C {rc:.2f} M nodes/s: C is {rc / rn:.2f}× the numba kernel's speed")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer games and positions (a couple of minutes)")
    ap.add_argument("--hard-medium", type=int, metavar="GAMES", help="only Hard v Medium on 5×4, GAMES games")
    ap.add_argument(
        "--reach",
        type=int,
        metavar="GAMES",
        help="only how far Hard's node budget reaches: nodes of its two searches on 5×4 positions from GAMES "
        "Hard v Medium games, by safe lines / undrawn lines left",
    )
    ap.add_argument(
        "--solver",
        action="store_true",
        help="only the exact solver: old v new side by side, each reduction, 3×3 and 4×4 from the start",
    )
    ap.add_argument(
        "--aims",
        action="store_true",
        help="only the compiled search on the issue's rows (5×4: 34, 36 undrawn; 4×4: 30, 32), CPU medians, "
        "60 s budget (a few minutes)",
    )
    ap.add_argument(
        "--per-row",
        type=int,
        metavar="N",
        help="with --aims: N positions per row instead of 8, or 4 with --quick (the same first 8, then more from the "
        "same stream); the median's 95 %% interval narrows as N grows",
    )
    ap.add_argument(
        "--steps",
        nargs="?",
        const="third",
        choices=sorted(PASSES),
        help="the third pass of docs/dots.md (or, with 'fifth' or 'sixth', that one) one step at a time on the aims' "
        "positions (4×4 with 32 undrawn, 5×4 with 34 and 36; about 10 minutes, the others about 3)",
    )
    ap.add_argument(
        "--c",
        action="store_true",
        help="the solver tables (as --solver) and the C build of the same search (benchmarks/dots_c/search.c, "
        "gcc -O2), nodes per second side by side",
    )
    args = ap.parse_args()
    if args.per_row is not None:
        if not args.aims:
            ap.error("--per-row: only with --aims")
        if args.per_row < 1:
            ap.error(f"--per-row {args.per_row}: at least 1 position per row")
    random.seed(0)
    if args.hard_medium:
        hard_v_medium(args.hard_medium)
        return
    if args.reach:
        hard_reach(args.reach)
        return
    if args.aims:
        if args.quick:
            aims(per_row=args.per_row or 4, rows=((4, 4, 32), (5, 4, 34)))
        else:
            aims(per_row=args.per_row or 8)
        return
    if args.steps:
        if args.steps == "third":
            steps([((4, 4), 32, 8), ((5, 4), 34, 8), ((5, 4), 36, 4)])
        else:
            steps([((4, 4), 32, 8), ((5, 4), 34, 8), ((5, 4), 36, 8)], which=args.steps)
        return
    if args.solver or args.c:
        solver_tables(quick=args.quick, with_c=args.c)
        return
    if args.quick:
        sizes = [(3, 3), (5, 4)]
        games = {(3, 3): 10, (5, 4): 10}
        levels(sizes, games)
        solver_speed(3, [26, 28, 30], budget=10)
    else:
        sizes = [(3, 3), (4, 4), (5, 4), (5, 5)]
        games = {(3, 3): 40, (4, 4): 40, (5, 4): 100, (5, 5): 20}
        levels(sizes, games)
        solver_speed(12, [26, 28, 30, 32, 34], budget=20)
        solver_tables(quick=False)


C_ROWS = [((4, 4), 28), ((4, 4), 30), ((5, 4), 30), ((5, 4), 32), ((4, 4), 32), ((5, 4), 36)]


def solver_tables(quick: bool, with_c: bool = False) -> None:
    start_3x3()
    if not fast.available():
        print("numba is not installed: only the pure-Python solver was measured")
        return
    if quick:
        old_v_new([((5, 4), 28), ((5, 4), 30), ((4, 4), 28)], per_row=4, budget=10)
        if with_c:
            numba_v_c(C_ROWS[::2], per_row=4, budget=10)
        return
    if with_c:
        numba_v_c(C_ROWS, per_row=8, budget=10)
    rows = [((5, 4), u) for u in (28, 30, 32, 34, 36)] + [((4, 4), u) for u in (28, 30, 32)]
    old_v_new(rows, per_row=8, budget=10)
    reductions((5, 4), 34, per_row=8, budget=20)
    reductions((4, 4), 30, per_row=8, budget=20)
    start_4x4(budget=540)


if __name__ == "__main__":
    main()
