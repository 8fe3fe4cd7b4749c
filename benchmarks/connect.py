"""5 en raya / Connect Four benchmark: exact-solver speed on Pons' test sets, CPU levels against each
other (W/D/L and Elo) on both boards, Hard's time per move.

Run from the repository root::

    python -m benchmarks.connect            # full (about 15–20 minutes on 2 cores)
    python -m benchmarks.connect --quick    # about 2 minutes

The solver is timed with an empty transposition table for every position (as Pons' own benchmark
does).  Times are wall-clock with the CPU time of this process beside them: on a shared machine the
wall time also counts the time other programs held the cores.
"""
from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from statistics import mean, median

from gamekit.connect import CONNECT_FOUR, ConnectFour, FiveInARow, cpu_player
from gamekit.connect.solver import Solver
from gamekit.tournament import tournament

DATA = Path("/work/shared/data/connect4")
if not DATA.exists():
    DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4"


def solver_speed(name: str, limit: int | None) -> None:
    lines = [ln for ln in (DATA / name).read_text().split("\n") if ln.strip()]
    if limit:
        lines = random.Random(1).sample(lines, min(limit, len(lines)))
    solver = Solver(CONNECT_FOUR)
    times, nodes, wrong = [], [], 0
    cpu0 = time.process_time()
    for line in lines:
        moves, score = line.split()
        game = ConnectFour.from_moves(moves)
        solver.reset()
        solver.nodes = 0
        t = time.perf_counter()
        got = solver.solve(game)
        times.append(time.perf_counter() - t)
        nodes.append(solver.nodes)
        wrong += got != int(score)
    cpu = time.process_time() - cpu0
    print(f"{name:<11} {len(lines):>5} positions  mean {mean(times) * 1000:7.2f} ms  median {median(times) * 1000:6.2f} ms  "
          f"max {max(times) * 1000:7.1f} ms  mean nodes {mean(nodes):8.0f}  {sum(nodes) / sum(times) / 1000:5.0f}k nodes/s  "
          f"wrong {wrong}  (CPU {cpu:.1f} s)")


def levels(label: str, new_game, games: int, hard_budget: float) -> None:
    print(f"\n## {label}: levels against each other, {games} games per pair (starts alternate)")
    seeds = iter(range(1, 10 ** 9))
    players = {
        "easy": lambda: cpu_player("easy", seed=next(seeds)),
        "medium": lambda: cpu_player("medium", seed=next(seeds)),
        "hard": lambda: cpu_player("hard", seed=next(seeds), time_budget=hard_budget),
    }
    start = time.perf_counter()
    result = tournament(new_game, players, games_per_pair=games, progress=False)
    print(result.table())
    hard = result.move_times.get("hard", [])
    if hard:
        print(f"hard per move: median {median(hard) * 1000:.0f} ms, max {max(hard) * 1000:.0f} ms over {len(hard)} moves "
              f"(budget {hard_budget:.1f} s)")
    print(f"({time.perf_counter() - start:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a sample of the test sets and a few games")
    ap.add_argument("--games", type=int, help="games per pair (default 20, quick 4)")
    ap.add_argument("--budget", type=float, default=1.0, help="Hard's seconds per move (default 1.0)")
    ap.add_argument("--skip-levels", action="store_true")
    ap.add_argument("--skip-solver", action="store_true")
    args = ap.parse_args()
    games = args.games or (4 if args.quick else 20)
    if not args.skip_solver:
        print("## Exact solver on Pascal Pons' test sets (standard Connect Four)")
        for name in ("Test_L3_R1", "Test_L2_R1"):
            solver_speed(name, 100 if args.quick else None)
    if not args.skip_levels:
        levels("5 en raya (9×6, side columns, five in a line)", FiveInARow, games, args.budget)
        levels("Connect Four (7×6, four in a line)", ConnectFour, games, args.budget)
        levels("5 en raya with PopOut", lambda: FiveInARow(popout=True), max(2, games // 2), args.budget)


if __name__ == "__main__":
    main()
