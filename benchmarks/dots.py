"""Dots and Boxes benchmark: CPU levels against each other, Hard's move times, exact-solver speed.

Run from the repository root::

    python -m benchmarks.dots            # full (about 15–25 minutes on 2 cores)
    python -m benchmarks.dots --quick    # a couple of minutes
    python -m benchmarks.dots --hard-medium 200   # only Hard v Medium on 5×4, 200 games (a few minutes)
    python -m benchmarks.dots --solver   # only the exact solver: old v new, each reduction, 3×3 and 4×4 (about 30 min)

Times are wall-clock (``perf_counter``) with the CPU time of this process beside them: on a shared
machine the wall time also counts the time other programs held the cores.  Medians are the figures
to quote.
"""
from __future__ import annotations

import argparse
import random
import time
from statistics import median

from gamekit.dots import DotsAndBoxes, cpu_player
from gamekit.dots import fast
from gamekit.dots.solver import Solver, SolverTimeout
from gamekit.tournament import tournament


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def levels(sizes: list[tuple[int, int]], games: dict[tuple[int, int], int]) -> None:
    for size in sizes:
        n = games[size]
        print(f"\n## {size[0]}×{size[1]} boxes: levels against each other, {n} games per pair (starts alternate)")
        seeds = iter(range(1, 10 ** 9))
        players = {lvl: (lambda lvl=lvl: cpu_player(lvl, seed=next(seeds))) for lvl in ("easy", "medium", "hard")}
        start = time.perf_counter()
        result = tournament(lambda: DotsAndBoxes(*size), players, games_per_pair=n, progress=False)
        print(result.table())
        hard = result.move_times.get("hard", [])
        if hard:
            print(f"hard per move: median {median(hard) * 1000:.1f} ms, max {max(hard):.2f} s "
                  f"({len(hard)} moves; captures are instant, so also: median of moves over 1 ms "
                  f"{median([t for t in hard if t > 0.001] or [0]) * 1000:.0f} ms)")
        print(f"({time.perf_counter() - start:.0f} s)")


def hard_v_medium(n: int, size=(5, 4)) -> None:
    """Hard v Medium only, ``n`` games with a fresh seeded pair each (starts alternate)."""
    from gamekit.tournament import play_game
    print(f"\n## Hard v Medium on {size[0]}×{size[1]}: {n} games (Hard seed i, Medium seed 1000 + i; starts alternate)")
    wins = draws = losses = 0
    times: list[float] = []
    start = time.perf_counter()
    for i in range(n):
        hard, med = cpu_player("hard", seed=i), cpu_player("medium", seed=1000 + i)
        seats = [hard, med] if i % 2 == 0 else [med, hard]
        t: list[list[float]] = [[], []]
        winner = play_game(lambda: DotsAndBoxes(*size), seats, t).winner
        times.extend(t[i % 2])
        if winner is None:
            draws += 1
        elif winner == i % 2:
            wins += 1
        else:
            losses += 1
    print(f"Hard {wins}–{draws}–{losses} (W–D–L), score {(wins + draws / 2) / n:.1%}")
    print(f"hard per move: median {median(times) * 1000:.1f} ms, max {max(times):.2f} s ({len(times)} moves; "
          f"median of moves over 1 ms {median([t for t in times if t > 0.001] or [0]) * 1000:.0f} ms)")
    print(f"({time.perf_counter() - start:.0f} s)")


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
        print(f"{u:>8}{len(walls):>10}{fmt(median(walls)):>10}{fmt(max(walls)):>8}{fmt(median(cpus)):>14}"
              f"{ok:>8}/{len(walls)}")
        if median(walls) <= 1.0:
            best = u
    print(f"largest number of undrawn lines solved within 1 s (median wall time): {best}")


def start_3x3() -> None:
    for compiled in (False, True) if fast.available() else (False,):
        s = Solver(3, 3, compiled=compiled)
        value, w, c = timed(lambda: s.value(0))
        print(f"\n## 3×3 from the start ({'compiled' if compiled else 'pure Python'}): value {value:+d} for the "
              f"first player ({w:.2f} s wall, {c:.2f} s CPU, {s.nodes:,} nodes)")


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


def _solve(make, drawn: int, budget: float):
    s = make()
    try:
        v, w, _ = timed(lambda: s.value(drawn, timeout=budget))
    except SolverTimeout:
        return None, float("inf"), s.nodes
    return v, w, s.nodes


def old_v_new(rows: list[tuple[tuple[int, int], int]], per_row: int, budget: float) -> None:
    """The pure-Python and the compiled search side by side on the same positions from random play."""
    print(f"\n## Exact solver, pure Python (old) v compiled (new): {per_row} positions from random play per row, "
          f"fresh table each, {budget:g} s budget (— : over budget)")
    print(f"{'board':>6}{'undrawn':>8}{'old median s':>14}{'new median s':>14}{'old/new (median)':>19}"
          f"{'new Mnodes/s':>14}{'agree':>7}")
    fmt = lambda x: "—" if x == float("inf") else f"{x:.3f}"
    within: dict[tuple[int, int], int] = {}
    for size, u in rows:
        old_t, new_t, ratios, agree, nodes, secs, old_out = [], [], [], 0, 0, 0.0, 0
        for drawn in random_positions(size, u, per_row, seed=1000 * size[0] + 10 * size[1] + u):
            v1, t1, _ = _solve(lambda: Solver(*size, compiled=False), drawn, budget)
            v2, t2, n2 = _solve(lambda: Solver(*size, compiled=True), drawn, budget)
            old_t.append(t1)
            new_t.append(t2)
            if t2 < float("inf"):
                nodes, secs = nodes + n2, secs + t2
                if t1 < float("inf"):
                    ratios.append(t1 / t2)
                else:
                    old_out += 1
            agree += v1 is None or v2 is None or v1 == v2
        rate = nodes / secs / 1e6 if secs else float("nan")
        ratio = ("×%.1f" % median(ratios)) if ratios else "—"
        if old_out:
            ratio += f" (+{old_out} old over)"
        print(f"{size[0]}×{size[1]:<4}{u:>8}{fmt(median(old_t)):>14}{fmt(median(new_t)):>14}"
              f"{ratio:>19}{rate:>14.2f}{agree:>5}/{per_row}")
        if median(new_t) <= 1.0:
            within[size] = max(within.get(size, 0), u)
    for size, u in within.items():
        print(f"{size[0]}×{size[1]}: the compiled search's median is within 1 s up to {u} undrawn lines (of those tried)")


def reductions(size: tuple[int, int], u: int, per_row: int, budget: float) -> None:
    """Each optional reduction of the compiled search turned off on its own: nodes and time on the same positions."""
    from gamekit.dots.rules import geometry
    print(f"\n## Compiled search, one reduction at a time: {size[0]}×{size[1]}, {u} undrawn, {per_row} positions "
          f"(median nodes, median s)")
    configs = {"all on (table 2^22, symmetry, ETC from 22 lines, centre-first)": {},
               "no symmetry in the table key": {"use_symmetry": False},
               "no enhanced transposition cutoff": {"etc_lines": 0},
               "history heuristic added to the order": {"use_history": True},
               "table 2^18 slots": {"table_bits": 18},
               "table 2^24 slots": {"table_bits": 24}}
    positions = random_positions(size, u, per_row, seed=7)
    for name, cfg in configs.items():
        ns, ts = [], []
        for drawn in positions:
            e = fast.CompiledSearch(geometry(*size), **{"table_bits": 22, **cfg})
            try:
                _, w, _ = timed(lambda: e.exact(drawn, deadline=time.perf_counter() + budget))
            except SolverTimeout:
                w = float("inf")
            ns.append(e.nodes)
            ts.append(w)
        print(f"  {name:<52}{median(ns):>14,.0f} nodes{median(ts):>9.3f} s")


def start_4x4(budget: float) -> None:
    """4×4 from the empty board with the compiled search: the value, or how far MTD(f) got within the budget."""
    from gamekit.dots.rules import geometry
    e = fast.CompiledSearch(geometry(4, 4), table_bits=24)
    lo, hi, g = -16, 16, 0
    start = time.perf_counter()
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
            print(f"  null window {windows} (beta {beta:+d}): value {'<' if g < beta else '≥'} {beta:+d} "
                  f"after {time.perf_counter() - start:.0f} s, {e.nodes:,} nodes", flush=True)
        print(f"\n## 4×4 from the start: value {g:+d} ({time.perf_counter() - start:.0f} s, {e.nodes:,} nodes)")
    except SolverTimeout:
        print(f"\n## 4×4 from the start: not solved within {budget:g} s: {windows} null windows finished, value "
              f"in [{lo:+d}, {hi:+d}], {e.nodes:,} nodes ({e.nodes / budget / 1e6:.1f} M nodes/s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer games and positions (a couple of minutes)")
    ap.add_argument("--hard-medium", type=int, metavar="GAMES", help="only Hard v Medium on 5×4, GAMES games")
    ap.add_argument("--solver", action="store_true",
                    help="only the exact solver: old v new side by side, each reduction, 3×3 and 4×4 from the start")
    args = ap.parse_args()
    random.seed(0)
    if args.hard_medium:
        hard_v_medium(args.hard_medium)
        return
    if args.solver:
        solver_tables(quick=args.quick)
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


def solver_tables(quick: bool) -> None:
    start_3x3()
    if not fast.available():
        print("numba is not installed: only the pure-Python solver was measured")
        return
    if quick:
        old_v_new([((5, 4), 28), ((5, 4), 30), ((4, 4), 28)], per_row=4, budget=10)
        return
    rows = [((5, 4), u) for u in (28, 30, 32, 34, 36)] + [((4, 4), u) for u in (28, 30, 32)]
    old_v_new(rows, per_row=8, budget=10)
    reductions((4, 4), 30, per_row=8, budget=20)
    start_4x4(budget=450)


if __name__ == "__main__":
    main()
