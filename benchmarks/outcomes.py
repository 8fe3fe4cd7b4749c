"""What the outcome book costs per position, and what depth a cluster would reach in what time.

    python -m benchmarks.outcomes --quick --cluster 10          # < 1 min: 4 positions at 14 and 16 discs, 4 s each
    python -m benchmarks.outcomes --depths 12 14 16 --sample 4 --budget 4 --cluster 10
    python -m benchmarks.outcomes --store book-progress/five_outcomes.sqlite   # the figures of a real build
    python -m benchmarks.outcomes --counts 8                    # distinct positions after 0 … 8 discs

A *position's cost* is the time the book's task (:func:`gamekit.connect.outcome_builder.settle_position`)
needs to settle the win/draw/loss of every legal column — the search, the rules' proofs and the records
included — on one core, in the process (no cluster: the cost of the work itself).  Positions after ``d``
discs come from seeded random play (uniform legal drops, no finished game), one fresh solver per depth.
A position the task does not settle within ``--budget`` counts as the budget (a lower bound: the table
says how many did).

``--cluster N --cores C`` adds the estimate: a book of depth ``D`` needs every position after ``D`` discs
settled (the shallower ones follow from them without search, :func:`gamekit.connect.outcome_builder.propagate`),
so its time on N machines of C cores is ``positions(D) × mean cost(D) / (N × C)``; the mean cost at depths not
measured comes from a line fitted through log(mean cost) over the measured depths (:func:`fit`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import asdict

from gamekit.connect.build import tree
from gamekit.connect.rules import CONNECT_FOUR, FIVE_IN_A_ROW, ConnectGame

VARIANTS = {"five": FIVE_IN_A_ROW, "four": CONNECT_FOUR}


def sample_positions(v, discs: int, count: int, seed: int = 1) -> list[str]:
    """``count`` distinct move strings of positions still being played after ``discs`` discs (seeded random play)."""
    rng = random.Random(seed)
    out: list[str] = []
    tries = 0
    while len(out) < count and tries < count * 200:
        tries += 1
        g = ConnectGame(v)
        moves = ""
        while len(moves) < discs and not g.is_over():
            m = rng.choice(g.legal_moves())
            g.play(m)
            moves += m
        if len(moves) == discs and not g.is_over() and moves not in out:
            out.append(moves)
    return out


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(0.95 * (len(xs) - 1))))]


def measure(v, depths, sample: int, budget: float, seed: int = 1, log=print) -> list[dict]:
    """Settle ``sample`` positions at each depth with ``budget`` seconds each; per depth the figures."""
    from gamekit.connect import outcome_builder as ob

    ob.warm(asdict(v))
    rows = []
    for d in depths:
        ob.warm(asdict(v), fresh=True)  # a fresh table per depth
        secs, nodes, settled = [], [], 0
        for moves in sample_positions(v, d, sample, seed):
            r = ob.settle_position(asdict(v), moves, budget)
            done = all(lo == hi for lo, hi in r["columns"].values())
            settled += done
            secs.append(r["seconds"])
            nodes.append(r["nodes"])
            log(
                f"  {d} discs  {moves}: {r['seconds']:.2f} s, {r['nodes']:,} nodes, {'settled' if done else 'open'}",
                file=sys.stderr,
            )
        rows.append(
            {
                "discs": d,
                "positions": len(secs),
                "settled": settled,
                "median_s": statistics.median(secs),
                "p95_s": p95(secs),
                "mean_s": statistics.fmean(secs),
                "median_nodes": statistics.median(nodes),
            }
        )
    return rows


def from_store(path, v) -> list[dict]:
    """The per-position figures of a real build's store, per number of discs."""
    from gamekit.connect.outcomes import Store

    st = Store(path, v)
    try:
        by: dict[int, list] = {}
        for r in st.rows():
            by.setdefault(r["discs"], []).append(r)
    finally:
        st.close()
    out = []
    for d, rs in sorted(by.items()):
        secs = [r["seconds"] for r in rs]
        cols = sum(len(r["columns"]) for r in rs)
        out.append(
            {
                "discs": d,
                "positions": len(rs),
                "settled": sum(r["status"] == "settled" for r in rs),
                "columns": cols,
                "columns_settled": sum(lo == hi for r in rs for lo, hi in r["columns"].values()),
                "median_s": statistics.median(secs),
                "p95_s": p95(secs),
                "mean_s": statistics.fmean(secs),
                "median_nodes": statistics.median(r["nodes"] for r in rs),
                "budget": max(r["budget"] for r in rs),
            }
        )
    return out


def counts(v, depth: int) -> list[int]:
    return [len(level) for level in tree(v, depth)]


COUNTED = 8
"""Up to this many discs the positions are counted (seconds); beyond, the count grows by the last ratio."""


def position_counts(v, depth: int) -> list[tuple[float, bool]]:
    """``(positions, exact?)`` after 0 … ``depth`` discs: counted up to :data:`COUNTED` discs, then estimated
    by the growth of the last counted disc."""
    n = counts(v, min(depth, COUNTED))
    out = [(float(x), True) for x in n]
    ratio = n[-1] / n[-2] if len(n) > 1 else 1.0
    while len(out) <= depth:
        out.append((out[-1][0] * ratio, False))
    return out


def fit(rows: list[dict], factor: float | None = None) -> tuple[float, float]:
    """``(a, f)`` with mean cost ≈ ``a × f**(-discs)``: a least-squares line through log(mean cost) over the
    measured depths where every position settled (a depth with open positions only counts their budget,
    a lower bound, and would flatten the line; it is used only when no depth settled everything)."""
    import math

    rows = (
        [r for r in rows if r["settled"] == r["positions"]]
        if sum(r["settled"] == r["positions"] for r in rows) >= 2
        else rows
    )
    xs = [r["discs"] for r in rows]
    ys = [math.log(max(r["mean_s"], 1e-6)) for r in rows]
    if len(rows) < 2:
        raise ValueError("the estimate needs costs measured at two depths at least (--depths A B)")
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    if factor is not None:  # the fall per disc given: only the level is fitted
        return math.exp(my + mx * math.log(factor)), factor
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return math.exp(my - slope * mx), math.exp(-slope)


def estimate(v, rows: list[dict], machines: int, cores: int, depths=range(3, 17), factor=None) -> list[dict]:
    """For each book depth ``D``: positions after ``D`` discs, the fitted mean cost of one, core-hours and
    hours on ``machines`` × ``cores`` (every position after ``D`` discs searched; the shallower ones follow)."""
    a, f = fit(rows, factor)
    n = position_counts(v, max(depths))
    out = []
    for d in depths:
        count, exact = n[d]
        cost = a * f ** (-d)
        out.append(
            {
                "depth": d,
                "positions": f"{count:,.0f}" if exact else f"≈ {count:.2g}",
                "cost_s": cost,
                "core_hours": count * cost / 3600,
                f"hours_on_{machines}x{cores}": count * cost / 3600 / (machines * cores),
            }
        )
    return out


def estimate_text(v, rows, machines: int, cores: int, factor=None) -> str:
    _, f = fit(rows, factor)
    used = [r["discs"] for r in rows if r["settled"] == r["positions"]]
    used = used if len(used) >= 2 else [r["discs"] for r in rows]
    return (
        f"mean cost per position falls ×{f:.2f} per disc (fitted over {used} discs)"
        + ("" if factor is None else " (the fall per disc given with --factor)")
        + "\n"
        + table(estimate(v, rows, machines, cores, factor=factor), None)
    )


def table(rows: list[dict], keys: list[str] | None) -> str:
    keys = keys or list(rows[0])
    lines = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
    for r in rows:
        lines.append(
            "| "
            + " | ".join(
                f"{r[k]:.3g}" if isinstance(r[k], float) else f"{r[k]:,}" if isinstance(r[k], int) else str(r[k])
                for k in keys
            )
            + " |"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks.outcomes", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--variant", choices=sorted(VARIANTS), default="five")
    ap.add_argument("--quick", action="store_true", help="4 positions at 14 and 16 discs, 4 s each (under a minute)")
    ap.add_argument("--depths", type=int, nargs="*", default=[12, 14, 16])
    ap.add_argument("--sample", type=int, default=4)
    ap.add_argument("--budget", type=float, default=4.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--store", help="report a build's store instead of measuring")
    ap.add_argument("--counts", type=int, metavar="D", help="distinct positions after 0 … D discs")
    ap.add_argument("--cluster", type=int, default=0, metavar="N", help="estimate for N machines")
    ap.add_argument("--cores", type=int, default=2, help="cores per machine for the estimate (default 2)")
    ap.add_argument(
        "--factor",
        type=float,
        help="the estimate's fall of the cost per disc instead of the fitted one "
        "(e.g. 2.24: the exact solver's ×5 per two empty cells)",
    )
    args = ap.parse_args(argv)
    v = VARIANTS[args.variant]
    for name in ("sample", "cores"):
        if getattr(args, name) < 1:
            ap.error(f"--{name} {getattr(args, name)}: at least 1")
    if not args.budget > 0:
        ap.error(f"--budget {args.budget}: seconds above 0")
    if any(not 0 <= d < v.cells for d in args.depths):
        ap.error(f"--depths {args.depths}: discs from 0 to {v.cells - 1}")
    if args.counts is not None:
        if not 0 <= args.counts <= 9:
            ap.error(f"--counts {args.counts}: 0 to 9 (beyond, the count alone takes minutes)")
        print(
            table([{"discs": d, "positions": n} for d, n in enumerate(counts(v, args.counts))], ["discs", "positions"])
        )
        return 0
    if args.store:
        rows = from_store(args.store, v)
        print(
            table(
                rows,
                [
                    "discs",
                    "positions",
                    "settled",
                    "columns",
                    "columns_settled",
                    "median_s",
                    "p95_s",
                    "mean_s",
                    "median_nodes",
                    "budget",
                ],
            )
        )
        return 0
    depths, sample, budget = ([14, 16], 4, 4.0) if args.quick else (args.depths, args.sample, args.budget)
    t = time.perf_counter()
    rows = measure(v, depths, sample, budget, args.seed)
    print(f"{v.name}: {sample} positions a depth, budget {budget:g} s, {time.perf_counter() - t:.0f} s in all")
    print(table(rows, ["discs", "positions", "settled", "median_s", "p95_s", "mean_s", "median_nodes"]))
    if args.cluster:
        print(estimate_text(v, rows, args.cluster, args.cores))
        if args.factor:
            print(estimate_text(v, rows, args.cluster, args.cores, args.factor))
    return 0


if __name__ == "__main__":
    sys.exit(main())
