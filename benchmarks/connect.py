"""5 en raya / Connect Four benchmark: exact-solver speed on Pons' test sets, CPU levels against each
other (W/D/L and Elo) on both boards, Hard's time per move.

Run from the repository root::

    python -m benchmarks.connect                              # full (about 35 minutes on 2 cores)
    python -m benchmarks.connect --skip-levels --limit 30     # solver only: old and new engines side by side
    python -m benchmarks.connect --quick                      # a few minutes
    python -m benchmarks.connect --hint-rules 1 --per-size 4  # the Hint's verdicts, rules before/after (≈ 1 min)
    python -m benchmarks.connect --review-rules 0.5           # the review's judged moves, rules before/after
    python -m benchmarks.connect --prover-columns --games 40  # columns the rules settle, without search
    python -m benchmarks.connect --hint-outcomes 2 --per-size 8  # the whole Hint: exact first vs who wins first

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
import functools
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


def _columns_before(game, moves=None):
    """The Hint's rule-based bounds as they were before the zugzwang rules: the pairing alone (claimeven,
    baseinverse, lowinverse, mirror) and one proof per column, the first side found (the player who dropped,
    else the other) — :func:`gamekit.connect.prove.prove_columns` of that version, written with today's
    public ``prove(..., zugzwang=False)``."""
    from gamekit.connect.prove import ColumnProof, prove

    mover = game.to_move
    whole = prove(game, zugzwang=False)
    ceiling = 0 if whole is not None and whole.defender != mover else 1
    out = {}
    for m in game.legal_moves() if moves is None else list(moves):
        after = game.copy()
        after.play(m)
        if after.is_over():
            w = after.winner()
            value = 0 if w is None else (1 if w == mover else -1)
            out[m] = ColumnProof(m, value, value, after, None)
            continue
        proof = prove(after, zugzwang=False)
        if proof is None:
            out[m] = ColumnProof(m, -1, ceiling, after, None)
        elif proof.defender == mover:
            out[m] = ColumnProof(m, 0, ceiling, after, proof)
        else:
            out[m] = ColumnProof(m, -1, 0, after, proof)
    return out


def hint_rules(budget: float, per_size: int, games: int) -> None:
    """The 5 en raya Hint (``ConnectWidget.hint_for``, budget ``budget``) on positions from play at 30–38 empty
    cells, with the rule-based prover in three versions — pairing only, one side a column ("pairing"); aftereven
    and threats, both sides a column ("zugzwang"); and with the baseclaim too ("baseclaim", what ships) — one
    after the other on each position, tables emptied before each: columns
    with a verdict (at least a bound: "no win" / "no loss"), columns with an outcome (win / draw / loss), median
    and 95th-percentile time of the whole Hint.  Positions: the first ``per_size`` positions at each even
    number of empty cells from 30 to 38 in seeded Medium-v-Medium games (seeds 0…``games``−1, as
    ``benchmarks.prove``)."""
    import gamekit.connect.prove as prove_module
    from benchmarks.prove import positions
    from gamekit.connect.solver import solver_for
    from gamekit.connect.widget import ConnectWidget

    now = prove_module.prove_columns

    def without_baseclaim(game, moves=None):
        return now(game, moves, baseclaim=False)

    versions = (("pairing", _columns_before), ("zugzwang", without_baseclaim), ("baseclaim", now))
    w = ConnectWidget("five", mode="people", hints=True, hint_budget=budget)
    by_empty = positions(FiveInARow, games)
    print(
        f"\n## The Hint's verdicts with {budget:g} s: pairing only, + zugzwang rules, + baseclaim (same positions, "
        "one after the other)"
    )
    print("| empty cells | positions | columns | prover | with a verdict | with an outcome | median time | 95th pct |")
    print("|---|---|---|---|---|---|---|---|")
    for empties in (30, 32, 34, 36, 38):
        picks = by_empty.get(empties, [])[:per_size]
        rows = {label: [0, 0, []] for label, _ in versions}
        columns = 0
        for g in picks:
            columns += len(g.legal_moves())
            for label, columns_of in versions:
                prove_module.prove_columns = columns_of  # what hint_for imports when it runs
                try:
                    solver_for(g.variant).reset()
                    w.verdicts = {}
                    t = time.perf_counter()
                    w.hint_for(g)
                    rows[label][2].append(time.perf_counter() - t)
                finally:
                    prove_module.prove_columns = now
                kinds = [kind for _, kind in w.verdicts.values()]
                rows[label][0] += sum(k != "unknown" for k in kinds)
                rows[label][1] += sum(k in ("win", "draw", "loss") for k in kinds)
        for label, (verdicts, outcomes, times) in rows.items():
            times = sorted(times)
            print(
                f"| {empties} | {len(picks)} | {columns} | {label} | {verdicts} | {outcomes} | {median(times):.2f} s | "
                f"{times[min(len(times) - 1, int(0.95 * len(times)))]:.2f} s |",
                flush=True,
            )


def _hint_exact_first(widget, game) -> dict[str, str]:
    """The kind of each column's verdict ("win", "draw", "loss", "bound", "unknown") as the 5 en raya Hint
    worked it out before it asked who wins first: exact scores with 45 % of its budget, who wins after the
    columns left with 30 % (with the rules' proofs), the rules' and the shipped proof's bounds for the rest,
    and, when no column is shown best, the Hard CPU's guess with the last 25 % — that version of
    ``ConnectWidget.hint_for``, written with today's public functions.  Where the shipped proof alone answers
    (no search; the same in both versions) ``hint_for`` itself is asked."""
    from gamekit.connect.players import cpu_player
    from gamekit.connect.prove import prove_columns
    from gamekit.connect.solver import analyse, analyse_outcomes, outcome_bounds

    budget = widget.hint_budget
    ceiling = outcome_bounds(game)
    drops = game.legal_moves()
    best_lo = max(lo for lo, _ in ceiling.values())
    if best_lo <= 0 and best_lo >= max(hi for _, hi in ceiling.values()):
        widget.verdicts = {}
        widget.hint_for(game)
        return {str(game.column_number(c)): kind for c, (_, kind) in widget.verdicts.items()}
    scores = analyse(game, time_budget=budget * 0.45)
    unknown = [m for m in drops if scores[m] is None]
    found = analyse_outcomes(game, time_budget=budget * 0.3, moves=unknown) if unknown else {}
    outcomes = {m: o for m, o in found.items() if o is not None}
    outcomes.update({m: (v > 0) - (v < 0) for m, v in scores.items() if v is not None})
    open_cols = [m for m in drops if m not in outcomes]
    proved = prove_columns(game, open_cols) if open_cols else {}
    bounds = {}
    for m in drops:
        lo, hi = ceiling[m]
        if m in proved:
            lo, hi = max(lo, proved[m].low), min(hi, proved[m].high)
        bounds[m] = (lo, hi)
        if m not in outcomes and lo == hi:
            outcomes[m] = lo
    best = max(outcomes.values(), default=None)
    unknown_best = max((bounds[m][1] for m in drops if m not in outcomes), default=-1)
    safe = [m for m in drops if m not in outcomes and bounds[m][0] >= 0]
    if not (outcomes and best >= unknown_best) and not (safe and (best is None or best < 1)):
        cpu_player("hard", seed=0, time_budget=budget * 0.25).choose(game)  # the guess, as that Hint made it
    kind = {1: "win", 0: "draw", -1: "loss"}
    return {m: kind[outcomes[m]] if m in outcomes else "bound" if bounds[m] != (-1, 1) else "unknown" for m in drops}


def hint_outcomes(budget: float, per_size: int, games: int) -> None:
    """The whole 5 en raya Hint with a ``budget``-second budget on positions from play at 30–38 empty cells, in
    two versions one after the other on each position (which goes first alternates), tables emptied before
    each: "exact first" (the Hint before: exact scores, then who wins, :func:`_hint_exact_first`) and "who wins
    first" (``ConnectWidget.hint_for`` as it ships: who wins with the proved bounds first, then exact scores
    only where they can finish).  Columns with an outcome (win, draw, loss; an exact score counts), positions
    with one under every column, median and 95th-percentile time of the whole Hint (the Hard CPU's guess
    included where it is made).  Positions: the first ``per_size`` at each size in seeded Medium-v-Medium
    games (as ``benchmarks.prove``)."""
    from benchmarks.prove import positions, quantile
    from gamekit.connect.solver import analyse_outcomes, solver_for
    from gamekit.connect.widget import ConnectWidget

    by_empty = positions(FiveInARow, games)
    solver_for(FiveInARow().variant)  # compile / load the compiled code before timing
    analyse_outcomes(by_empty[30][0], time_budget=0.2)
    hint = ConnectWidget("five", mode="people", hints=True, hint_budget=budget)

    def who_wins_first(game):
        hint.verdicts = {}
        hint.hint_for(game)
        return {str(game.column_number(c)): kind for c, (_, kind) in hint.verdicts.items()}

    versions = (
        ("exact first (before)", functools.partial(_hint_exact_first, hint)),
        ("who wins first", who_wins_first),
    )
    print(f"\n## The 5 en raya Hint with {budget:g} s: exact scores first (before) against who wins first")
    print(
        "| empty cells | positions | columns | version | columns settled | positions all settled "
        "| median time | 95th pct |"
    )
    print("|---|---|---|---|---|---|---|---|")
    totals = {label: [0, 0, 0, []] for label, _ in versions}
    for empties in (30, 32, 34, 36, 38):
        picks = by_empty.get(empties, [])[:per_size]
        rows = {label: [0, 0, []] for label, _ in versions}
        columns = 0
        for i, g in enumerate(picks):
            columns += len(g.legal_moves())
            for label, run in versions if i % 2 == 0 else versions[::-1]:
                solver_for(g.variant).reset()
                t = time.perf_counter()
                kinds = run(g)
                rows[label][2].append(time.perf_counter() - t)
                settled = sum(k in ("win", "draw", "loss") for k in kinds.values())
                rows[label][0] += settled
                rows[label][1] += settled == len(kinds)
        for label, (settled, whole, times) in rows.items():
            totals[label][0] += settled
            totals[label][1] += whole
            totals[label][2] += columns
            totals[label][3] += times
            print(
                f"| {empties} | {len(picks)} | {columns} | {label} | {settled} | {whole} | {median(times):.2f} s | "
                f"{quantile(times, 0.95):.2f} s |",
                flush=True,
            )
    for label, (settled, whole, columns, times) in totals.items():
        print(
            f"| all | {len(times)} | {columns} | {label} | {settled} | {whole} | {median(times):.2f} s | "
            f"{quantile(times, 0.95):.2f} s |",
            flush=True,
        )


def prover_columns(games: int) -> None:
    """What the rules alone settle under each column, without any search: every position at 30–38 empty cells of
    ``games`` seeded Medium-v-Medium 5 en raya games (as ``benchmarks.prove``), each column's bounds from the
    shipped proof records and outcome book (``outcome_bounds``) met with ``prove_columns`` — without and with the
    baseclaim, one after the other on each position.  Columns with a bound ("no win" / "no loss" at least), with
    an outcome (the two bounds meet), positions with every column bounded, and the median / 95th-percentile time
    of ``prove_columns`` a position.  No clock decides anything here, so a rerun gives the same counts."""
    from benchmarks.prove import positions
    from gamekit.connect.prove import prove_columns
    from gamekit.connect.solver import outcome_bounds

    by_empty = positions(FiveInARow, games)
    print(f"\n## Columns the rules settle without search, {games} games (without / with the baseclaim)")
    print(
        "| empty cells | positions | columns | prover | bounded | settled | every column bounded | median | 95th pct |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for lo, hi in ((30, 33), (34, 38), (30, 38)):
        picks = [g for e in range(lo, hi + 1) for g in by_empty.get(e, [])]
        for label, baseclaim in (("without baseclaim", False), ("with baseclaim", True)):
            bounded = settled = whole = columns = 0
            times = []
            for g in picks:
                shipped = outcome_bounds(g)
                t = time.perf_counter()
                proved = prove_columns(g, baseclaim=baseclaim)
                times.append(time.perf_counter() - t)
                every = True
                for m, p in proved.items():
                    low, high = max(p.low, shipped[m][0]), min(p.high, shipped[m][1])
                    columns += 1
                    bounded += (low, high) != (-1, 1)
                    settled += low == high
                    every = every and (low, high) != (-1, 1)
                whole += every
            times.sort()
            print(
                f"| {lo}–{hi} | {len(picks)} | {columns} | {label} | {bounded} | {settled} | {whole} | "
                f"{1000 * median(times):.0f} ms | {1000 * times[min(len(times) - 1, int(0.95 * len(times)))]:.0f} ms |",
                flush=True,
            )


def review_rules(budget: float, games: int) -> None:
    """The review's judgement of every move (``info.move_values``, ``budget`` seconds a position) of seeded
    Medium-v-Medium 5 en raya games, with the rule-based prover before (pairing only, one side a column) and
    after (zugzwang rules, both sides), one after the other on each position: moves judged, moves left
    "unjudged" (and the last disc number among them)."""
    import gamekit.connect.prove as prove_module
    from gamekit.connect.info import move_values
    from gamekit.connect.solver import solver_for

    now = prove_module.prove_columns
    print(f"\n## The review's judged moves with {budget:g} s a position, before and after the zugzwang rules")
    print("| game (seeds) | moves | prover | judged | unjudged | unjudged discs |")
    print("|---|---|---|---|---|---|")
    for seed in range(games):
        game = FiveInARow()
        players = (cpu_player("medium", seed=2 * seed), cpu_player("medium", seed=2 * seed + 1))
        line = []
        while not game.is_over():
            move = players[game.to_move].choose(game)
            line.append((game.copy(), move))
            game.play(move)
        rows = {"before": [], "after": []}
        for position, move in line:
            for label, columns_of in (("before", _columns_before), ("after", now)):
                prove_module.prove_columns = columns_of
                try:
                    solver_for(position.variant).reset()
                    values = move_values(position, budget)
                finally:
                    prove_module.prove_columns = now
                if values is None or move not in values:
                    rows[label].append(position.discs_on_board + 1)
        for label, unjudged in rows.items():
            print(
                f"| {2 * seed}, {2 * seed + 1} | {len(line)} | {label} | "
                f"{len(line) - len(unjudged)} | {len(unjudged)} | "
                f"{', '.join(map(str, unjudged)) or '–'} |",
                flush=True,
            )


def review_carry(budget: float, games: int, first: int = 0, hard: bool = False) -> None:
    """Unjudged moves of seeded 5 en raya games (Medium v Medium; ``hard``: Hard, 0.3 s a move, v Medium), each
    position judged the old way (``info.move_values``: the position alone) and the new (``info.review_step``:
    with the bounds carried from the moves before), one after the other on each position, ``budget`` s each,
    the solver's table emptied before each; the seconds are each way's median a position."""
    from gamekit.connect.info import move_values, review_step
    from gamekit.connect.solver import solver_for

    kind = "Hard (0.3 s) v Medium" if hard else "Medium v Medium"
    print(f"\n## The review's unjudged moves with {budget:g} s a position, {kind}: alone / carried bounds")
    print("| game (seeds) | moves | way | judged | unjudged | unjudged discs | best / mistake | median s |")
    print("|---|---|---|---|---|---|---|---|")
    for seed in range(first, first + games):
        game = FiveInARow()
        players = (
            cpu_player("hard", seed=2 * seed, time_budget=0.3) if hard else cpu_player("medium", seed=2 * seed),
            cpu_player("medium", seed=2 * seed + 1),
        )
        line = []
        while not game.is_over():
            move = players[game.to_move].choose(game)
            line.append((game.copy(), move))
            game.play(move)
        rows = {"alone": [], "carried": []}
        verdicts = {"alone": [0, 0], "carried": [0, 0]}
        times = {"alone": [], "carried": []}
        known = None
        for position, move in line:
            solver_for(position.variant).reset()
            t = time.perf_counter()
            values = move_values(position, budget)
            times["alone"].append(time.perf_counter() - t)
            if values is None or move not in values:
                rows["alone"].append(position.discs_on_board + 1)
            else:
                verdicts["alone"][values[move] < max(values.values())] += 1
            solver_for(position.variant).reset()
            t = time.perf_counter()
            judged, known = review_step(position, move, budget, known)
            times["carried"].append(time.perf_counter() - t)
            if judged is None:
                rows["carried"].append(position.discs_on_board + 1)
            else:
                verdicts["carried"][judged[0] < judged[1]] += 1
        for label, unjudged in rows.items():
            print(
                f"| {2 * seed}, {2 * seed + 1} | {len(line)} | {label} | {len(line) - len(unjudged)} | "
                f"{len(unjudged)} | {', '.join(map(str, unjudged)) or '–'} | "
                f"{verdicts[label][0]} / {verdicts[label][1]} | {median(times[label]):.2f} |",
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
    ap.add_argument(
        "--hint-rules",
        type=float,
        metavar="S",
        help="only the Hint's verdicts at 30-38 empty cells with an S-second budget, the rule-based "
        "prover before and after the zugzwang rules side by side",
    )
    ap.add_argument(
        "--hint-outcomes",
        type=float,
        metavar="S",
        help="only the whole 5 en raya Hint at 30-38 empty cells with an S-second budget, exact scores first "
        "(before) against who wins first, side by side",
    )
    ap.add_argument(
        "--per-size", type=int, default=4, help="--hint-rules, --hint-outcomes: positions at each size (default 4)"
    )
    ap.add_argument(
        "--prover-columns",
        action="store_true",
        help="only the columns the rules settle at 30-38 empty cells without search, without and with the "
        "baseclaim (--games seeded games, default 40)",
    )
    ap.add_argument(
        "--review-carry",
        type=float,
        metavar="S",
        help="only the review's unjudged moves, the position alone against bounds carried along the game, "
        "S seconds a position, on --games seeded games from --first-game (Medium v Medium; --hard: Hard v Medium)",
    )
    ap.add_argument("--first-game", type=int, default=0, help="the first seeded game of --review-carry")
    ap.add_argument("--hard", action="store_true", help="--review-carry on Hard (0.3 s a move) v Medium games")
    ap.add_argument(
        "--review-rules",
        type=float,
        metavar="S",
        help="only the review's judged moves of --games seeded Medium-v-Medium games (default 1) with "
        "S seconds a position, the rule-based prover before and after side by side",
    )
    args = ap.parse_args()
    games = args.games or (4 if args.quick else 20)
    if args.review_carry is not None:
        if not args.review_carry > 0:
            ap.error(f"--review-carry {args.review_carry}: a budget above 0")
        review_carry(args.review_carry, args.games or 1, args.first_game, args.hard)
        return
    if args.review_rules is not None:
        if not args.review_rules > 0:
            ap.error(f"--review-rules {args.review_rules}: a budget above 0")
        review_rules(args.review_rules, args.games or 1)
        return
    if args.prover_columns:
        prover_columns(args.games or 40)
        return
    if args.hint_outcomes is not None:
        if not args.hint_outcomes > 0 or args.per_size < 1:
            ap.error(f"--hint-outcomes {args.hint_outcomes}: a budget above 0; --per-size {args.per_size}: at least 1")
        hint_outcomes(args.hint_outcomes, args.per_size, args.games or 30)
        return
    if args.hint_rules is not None:
        if not args.hint_rules > 0 or args.per_size < 1:
            ap.error(f"--hint-rules {args.hint_rules}: a budget above 0; --per-size {args.per_size}: at least 1")
        hint_rules(args.hint_rules, args.per_size, args.games or 30)
        return
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
