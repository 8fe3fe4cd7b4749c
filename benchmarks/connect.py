"""5 en raya / Connect Four benchmark: exact-solver speed on Pons' test sets, CPU levels against each
other (W/D/L and Elo) on both boards, Hard's time per move.

Run from the repository root::

    python -m benchmarks.connect                              # full (about 35 minutes on 2 cores)
    python -m benchmarks.connect --skip-levels --limit 30     # solver only: old and new engines side by side
    python -m benchmarks.connect --quick                      # a few minutes

The solver is timed with an empty transposition table for every position (as Pons' own benchmark
does), every engine (pure Python = today's fallback, compiled without and with dead-line pruning) on
the same positions one after the other: Pons' sets and the fixed 5 en raya positions of
``benchmarks/data/five_in_a_row_positions.txt`` (8 each at 24, 26, 28, 30 empty cells, from seeded
Medium-v-Medium games; ``--limit`` caps each 5 en raya solve, in seconds).  Times are wall-clock with the CPU time of
this process beside them: on a shared machine the
wall time also counts the time other programs held the cores.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from statistics import mean, median

from gamekit.connect import CONNECT_FOUR, FIVE_IN_A_ROW, ConnectFour, FiveInARow, cpu_player
from gamekit.connect.solver import OutOfTime, Solver
from gamekit.tournament import tournament

DATA = Path("/work/shared/data/connect4")
if not DATA.exists():
    DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4"


ENGINES = {  # what changed, step by step: each row is measured on the same positions in one run
    "old: pure Python, dict table": dict(engine="python"),
    "compiled (numba), fixed table": dict(engine="compiled", dead_lines=False, table_layout="split"),
    "compiled + dead-line pruning": dict(engine="compiled", table_layout="split"),
    "compiled + dead lines + one-word slots": dict(engine="compiled"),
}
FIVE = Path(__file__).resolve().parent / "data" / "five_in_a_row_positions.txt"


def pons_positions(name: str, limit: int | None):
    lines = [ln for ln in (DATA / name).read_text().split("\n") if ln.strip()]
    if limit:
        lines = random.Random(1).sample(lines, min(limit, len(lines)))
    return [(ConnectFour.from_moves(m), int(s)) for m, s in (ln.split() for ln in lines)]


def five_positions(empties: int, limit: int | None):
    rows = [ln.split() for ln in FIVE.read_text().splitlines() if not ln.startswith("#")]
    games = [(FiveInARow.from_moves(m), None) for m, e in rows if int(e) == empties]
    return games[:limit] if limit else games


def solver_speed(label: str, variant, positions, time_limit: float | None) -> None:
    """Every engine on the same positions (interleaved, empty table for each), one table row each."""
    solvers = {name: Solver(variant, **kw) for name, kw in ENGINES.items()}
    stats = {name: {"t": [], "n": 0, "out": 0, "wrong": 0} for name in solvers}
    for game, expected in positions:
        answers = set()
        for name, solver in solvers.items():
            solver.reset()
            solver.nodes = 0
            t = time.perf_counter()
            try:
                got = solver.solve(game, time_budget=time_limit)
                answers.add(got)
                stats[name]["wrong"] += expected is not None and got != expected
            except OutOfTime:
                stats[name]["out"] += 1
            stats[name]["t"].append(time.perf_counter() - t)
            stats[name]["n"] += solver.nodes
        if len(answers) > 1:
            print(f"  DISAGREEMENT on {game!r}: {answers}")
    base = stats[next(iter(stats))]
    base_rate = base["n"] / sum(base["t"])
    for name, st in stats.items():
        rate = st["n"] / sum(st["t"])
        out = f", {st['out']} over {time_limit:.0f} s" if st["out"] else ""
        print(
            f"| {label} | {name} | {len(positions)} | {mean(st['t']) * 1000:.1f} ms | "
            f"{median(st['t']) * 1000:.1f} ms | {max(st['t']) * 1000:.0f} ms{out} | {st['n'] / len(positions):,.0f} | "
            f"{rate / 1000:,.0f} k | ×{rate / base_rate:.0f} | ×{mean(base['t']) / mean(st['t']):.0f} | "
            f"{st['wrong']} |",
            flush=True,
        )


def hint_reach(budget: float) -> None:
    """How many columns the 5 en raya Hint settles in its budget: the exact scores alone (the Hint as it
    was) against exact, then who wins (the Hint now), on the same positions, tables emptied between.
    Both times include the Hard CPU's choice (0.5 s at most) that the Hint falls back on when a column
    is still unknown."""
    from gamekit.connect.solver import analyse, solver_for
    from gamekit.connect.widget import ConnectWidget

    w = ConnectWidget("five", mode="people", hints=True, hint_budget=budget)
    games = [line.split()[0] for line in FIVE.read_text().splitlines() if not line.startswith("#")]
    base = [m for m in games if len(m) == 12]  # the 30-empty positions
    print(f"\n## The Hint's reach, {budget:g} s budget (columns settled of all columns; median time)")
    print(
        "| empty cells | positions | exact alone: settled | time | exact, then who wins: settled | of them exact | "
        "time |"
    )
    print("|---|---|---|---|---|---|---|")
    for empties in (28, 30, 32, 34, 36):
        drop = (empties - 30) // 2 * 2
        if drop >= 0:
            picks = sorted({m[: len(m) - drop] for m in base})
        else:
            picks = [m for m in games if 42 - len(m) == empties]
        a_set = b_set = b_exact = total = 0
        ta, tb = [], []
        for moves in picks:
            g = FiveInARow.from_moves(moves)
            solver_for(g.variant).reset()
            t = time.perf_counter()
            a = analyse(g, time_budget=budget)
            if None in a.values():  # the Hint as it was: the Hard CPU's choice when a column is unknown
                cpu_player("hard", seed=0, time_budget=min(0.5, budget)).choose(g)
            ta.append(time.perf_counter() - t)
            solver_for(g.variant).reset()
            t = time.perf_counter()
            w.verdicts = {}
            w.hint_for(g)
            tb.append(time.perf_counter() - t)
            total += len(a)
            a_set += sum(v is not None for v in a.values())
            b_set += sum(t != "?" for t, _ in w.verdicts.values())
            b_exact += sum(t.startswith(("wins in", "loses in")) or (t == "draw") for t, _ in w.verdicts.values())
        print(
            f"| {empties} | {len(picks)} | {a_set}/{total} | {median(ta):.2f} s | {b_set}/{total} | {b_exact} | "
            f"{median(tb):.2f} s |",
            flush=True,
        )


def levels(label: str, new_game, games: int, hard_budget: float) -> None:
    print(f"\n## {label}: levels against each other, {games} games per pair (starts alternate)")
    seeds = iter(range(1, 10**9))
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
        print(
            f"hard per move: median {median(hard) * 1000:.0f} ms, max {max(hard) * 1000:.0f} ms over {len(hard)} moves "
            f"(budget {hard_budget:.1f} s)"
        )
    print(f"({time.perf_counter() - start:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a sample of the test sets and a few games")
    ap.add_argument("--games", type=int, help="games per pair (default 20, quick 4)")
    ap.add_argument("--budget", type=float, default=1.0, help="Hard's seconds per move (default 1.0)")
    ap.add_argument("--skip-levels", action="store_true")
    ap.add_argument("--limit", type=float, default=120.0, help="seconds per 5 en raya position (default 120)")
    ap.add_argument("--skip-solver", action="store_true")
    ap.add_argument("--hint", type=float, metavar="S", help="only the Hint's reach with an S-second budget")
    args = ap.parse_args()
    games = args.games or (4 if args.quick else 20)
    if args.hint:
        hint_reach(args.hint)
        return
    if not args.skip_solver:
        print("## Exact solver, old and new side by side (empty table for every position)")
        print(
            "| positions | engine | n | mean | median | max | nodes per position | nodes/s | nodes/s vs old "
            "| time vs old | wrong |\n|---|---|---|---|---|---|---|---|---|---|---|"
        )
        t0 = time.perf_counter()
        for kw in ENGINES.values():  # compile / load the compiled code before timing
            Solver(FIVE_IN_A_ROW, **kw).solve(five_positions(24, 1)[0][0])  # positions that need a search
            Solver(CONNECT_FOUR, **kw).solve(ConnectFour.from_moves("4455443"))
        print(f"(compiled code ready in {time.perf_counter() - t0:.1f} s)")
        for name in ("Test_L3_R1", "Test_L2_R1"):
            solver_speed(f"Pons {name}", CONNECT_FOUR, pons_positions(name, 100 if args.quick else None), None)
        for empties in (24, 26, 28, 30):
            if args.quick and empties > 26:
                continue
            solver_speed(f"5 en raya, {empties} empty", FIVE_IN_A_ROW, five_positions(empties, None), args.limit)
    if not args.skip_levels:
        levels("5 en raya (9×6, side columns, five in a line)", FiveInARow, games, args.budget)
        levels("Connect Four (7×6, four in a line)", ConnectFour, games, args.budget)
        levels("5 en raya with PopOut", lambda: FiveInARow(popout=True), max(2, games // 2), args.budget)


if __name__ == "__main__":
    main()
