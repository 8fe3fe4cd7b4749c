"""Dots and Boxes benchmark: CPU levels against each other, Hard's move times, exact-solver speed.

Run from the repository root::

    python -m benchmarks.dots            # full (about 15–25 minutes on 2 cores)
    python -m benchmarks.dots --quick    # a couple of minutes
    python -m benchmarks.dots --hard-medium 200   # only Hard v Medium on 5×4, 200 games (a few minutes)

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
    s = Solver(3, 3)
    value, w, c = timed(lambda: s.value(0))
    print(f"\n## 3×3 from the start: value {value:+d} for the first player "
          f"({w:.1f} s wall, {c:.1f} s CPU, {s.nodes:,} nodes, {len(s.tt):,} table entries)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer games and positions (a couple of minutes)")
    ap.add_argument("--hard-medium", type=int, metavar="GAMES", help="only Hard v Medium on 5×4, GAMES games")
    args = ap.parse_args()
    random.seed(0)
    if args.hard_medium:
        hard_v_medium(args.hard_medium)
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
        start_3x3()


if __name__ == "__main__":
    main()
