"""The rule-based prover (:mod:`gamekit.connect.prove`): how often it proves, how long a call takes, and
what it does as a leaf test inside the pure-Python search.

Run from the repository root::

    python -m benchmarks.prove                     # 200 games a board (about a minute on a loaded machine)
    python -m benchmarks.prove --games 40 --leaf 6 # quicker

Positions come from seeded Medium-v-Medium games (seeds 0, 1, 2, …; the same positions every run),
every position of each game once.  Three tables:

1. positions at 30–38 empty cells: proved (and for which side, and how many wins), median and 95th-percentile
   time a call — the pairing alone, with the zugzwang rules (aftereven, a threat kept for the end), with
   the baseclaim too, and with the highinverse too (``--rates-only``: this table alone, about a minute);
2. every depth from 12 to 28 empty cells: proved, and each proof checked against the exact solver
   (win/draw/loss, compiled engine; a position it does not settle in ``--check-limit`` seconds is not
   counted as checked) — "wrong" must be 0;
3. the leaf test: the pure-Python solver without and with ``leaf=leaf_for(variant)`` (and with
   ``leaf_for(variant, zugzwang=True)``) on the same
   positions (``--leaf`` of them at 20, 22 and 24 empty cells), empty table each time, weak solve:
   nodes, time, and whether the values agree.
"""

from __future__ import annotations

import argparse
import time
from statistics import median

from gamekit.connect import ConnectFour, FiveInARow, cpu_player
from gamekit.connect.pairing import RULE_KINDS
from gamekit.connect.prove import leaf_for, prove
from gamekit.connect.solver import OutOfTime, Solver

BOARDS = {"5 en raya": FiveInARow, "Connect Four": ConnectFour}


def positions(cls, games: int) -> dict[int, list]:
    """Empty cells -> positions reached in seeded Medium-v-Medium games (every position of every game)."""
    out: dict[int, list] = {}
    for seed in range(games):
        game = cls()
        players = (cpu_player("medium", seed=2 * seed), cpu_player("medium", seed=2 * seed + 1))
        while not game.is_over():
            out.setdefault(game.variant.cells - game.discs_on_board, []).append(game.copy())
            game.play(players[game.to_move].choose(game))
    return out


def pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f} %" if n else "–"


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


RULE_SETS = (
    (False, False, False, "pairing only"),
    (True, False, False, "pairing + zugzwang rules"),
    (True, True, False, "pairing + zugzwang rules + baseclaim"),
    (True, True, True, "pairing + zugzwang rules + baseclaim + highinverse"),
)
"""The rule sets the first table compares, one after the other on the same positions: ``(zugzwang, baseclaim,
highinverse, label)`` as :func:`gamekit.connect.prove.prove` takes them."""


def rates(name: str, by_empty: dict[int, list]) -> None:
    for lo, hi in ((30, 38),):
        games = [g for e in range(lo, hi + 1) for g in by_empty.get(e, [])]
        for zugzwang, baseclaim, highinverse, label in RULE_SETS:
            times, proved, mover, sides, wins = [], 0, 0, [0, 0], 0
            for g in games:
                t = time.perf_counter()
                p = prove(g, zugzwang=zugzwang, baseclaim=baseclaim, highinverse=highinverse)
                times.append(time.perf_counter() - t)
                if p is not None:
                    proved += 1
                    mover += p.to_move
                    sides[p.defender] += 1
                    wins += p.wins
            print(
                f"| {name} | {lo}–{hi} | {label} | {len(games)} | "
                f"{proved} ({pct(proved, len(games))}) | {sides[0]} / {sides[1]} | {wins} | {mover} | "
                f"{1000 * median(times):.2f} ms | {1000 * quantile(times, 0.95):.2f} ms |"
            )


def depths(name: str, by_empty: dict[int, list], solver: Solver, limit: float) -> None:
    for e in range(12, 29, 2):
        games = by_empty.get(e, [])
        proved = checked = wrong = wins = 0
        sides = [0, 0]
        kinds = dict.fromkeys(RULE_KINDS, 0)
        for g in games:
            p = prove(g)
            if p is None:
                continue
            proved += 1
            sides[p.defender] += 1
            wins += p.wins
            for k, n in p.used().items():
                kinds[k] += bool(n)
            solver.reset()
            try:
                s = solver.solve(g, weak=True, time_budget=limit)
            except OutOfTime:
                continue
            checked += 1
            value = s if p.defender == g.to_move else -s
            wrong += value < 0 or (p.wins and value < 1)
        print(
            f"| {name} | {e} | {len(games)} | {proved} ({pct(proved, len(games))}) | "
            f"{sides[0]} / {sides[1]} | {wins} | "
            f"{' / '.join(str(kinds[k]) for k in RULE_KINDS)} | {checked} | {wrong} |"
        )


def leaf(name: str, cls, by_empty: dict[int, list], count: int, limit: float) -> None:
    variant = cls.variant
    solvers = {
        "without": Solver(variant, engine="python"),
        "with": Solver(variant, engine="python", leaf=leaf_for(variant)),
        "with, zugzwang rules": Solver(variant, engine="python", leaf=leaf_for(variant, zugzwang=True)),
    }
    for e in (20, 22, 24):
        games = by_empty.get(e, [])[:count]
        rows = {label: [0, 0.0, 0] for label in solvers}
        agree = True
        for g in games:
            values = {}
            for label, s in solvers.items():
                s.reset()
                s.nodes = 0
                t = time.perf_counter()
                try:
                    values[label] = s.solve(g, weak=True, time_budget=limit)
                except OutOfTime:
                    values[label] = None
                rows[label][0] += s.nodes
                rows[label][1] += time.perf_counter() - t
                rows[label][2] += values[label] is None
            if None not in values.values() and len(set(values.values())) > 1:
                agree = False
        for label in solvers:
            n, t, out = rows[label]
            print(f"| {name} | {e} | {len(games)} | {label} | {n:,} | {t:.2f} s | {out} | {'yes' if agree else 'NO'} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="seeded Medium-v-Medium games a board")
    ap.add_argument("--leaf", type=int, default=8, help="positions a depth for the leaf comparison")
    ap.add_argument("--check-limit", type=float, default=2.0, help="seconds the solver gets to check one proof")
    ap.add_argument("--leaf-limit", type=float, default=20.0, help="seconds the Python solver gets a position")
    ap.add_argument("--rates-only", action="store_true", help="only the first table (30–38 empty cells)")
    args = ap.parse_args()
    data = {name: positions(cls, args.games) for name, cls in BOARDS.items()}
    print(
        "\n| board | empty cells | rules | positions | proved | red / yellow | wins | for the side to move | "
        "median a call | 95th pct |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in BOARDS:
        rates(name, data[name])
    if args.rates_only:
        return
    print(
        f"\n| board | empty cells | positions | proved | red / yellow | wins | using {' / '.join(RULE_KINDS)} | "
        "checked by the solver | wrong |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, cls in BOARDS.items():
        depths(name, data[name], Solver(cls.variant), args.check_limit)
    print("\n| board | empty cells | positions | leaf test | nodes | time | out of time | same values |")
    print("|---|---|---|---|---|---|---|---|")
    for name, cls in BOARDS.items():
        leaf(name, cls, data[name], args.leaf, args.leaf_limit)


if __name__ == "__main__":
    main()
