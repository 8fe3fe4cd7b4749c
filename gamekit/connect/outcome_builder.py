"""Building the outcome book (:mod:`gamekit.connect.outcomes`) on Dask distributed.

Every distinct position reachable after 0 … ``depth`` discs (transpositions merged; mirror images merged
where the variant is mirror-symmetric; finished games left out) is one Dask task,
:func:`settle_position`.  A task settles the win/draw/loss of each legal column of its position with
the exact machinery, cheapest first:

1. a drop that completes a line wins, one that fills the grid draws; a drop after which the opponent
   completes a line at once loses;
2. what is already proved and shipped: the exact-score book and the value runs' records
   (:mod:`gamekit.connect.tables`);
3. Allis-style rules (:func:`gamekit.connect.prove.prove_columns`): "no loss" or "no win" bounds, a win or
   a loss where a proof wins, a draw where both sides' proofs meet;
4. the compiled search's null windows (:class:`gamekit.connect.solver.Solver`, one per worker, its
   transposition table kept from task to task): "does the opponent win after the drop?" and "does the
   opponent lose?" — at most two searches a column, the task's time budget shared fairly between the
   columns still open (centre first).

A task that does not settle every column within its budget returns its bounds; the position is stored
as *open* (a later run with a larger ``budget`` tries it again; one with the same budget skips it).
Results go to the SQLite store as each task finishes, so a stopped run (Ctrl-C, ``max_seconds``, a
crash) keeps them and a restarted run skips every settled position.  At the end the bounds are
propagated between neighbours in the book without search (a column's outcome is minus the value of the
position after it; a position's value is the best of its columns).

It runs on ``distributed.LocalCluster(n_workers=2, threads_per_worker=1)`` by default, or on any
running scheduler (``scheduler="tcp://host:8786"``): the same tasks, the workers need gamekit installed.
"""

from __future__ import annotations

import re
import sys
import time
from dataclasses import asdict
from pathlib import Path

from gamekit.connect.bitboard import board_for
from gamekit.connect.build import tree
from gamekit.connect.outcomes import OutcomeError, Store, canonical, settled
from gamekit.connect.rules import ConnectGame, Variant

__all__ = ["positions", "settle_position", "build", "propagate", "check_inputs", "MAX_DEPTH"]

MAX_DEPTH = 12
"""The deepest book the builder accepts (5 en raya has about 10⁶ positions after 10 discs; beyond that a
book is not an opening book)."""

_SCHEDULER = re.compile(r"^(tcp|tls|inproc|ucx)://[A-Za-z0-9_.\-\[\]:]+:\d{1,5}$")


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def positions(v: Variant, depth: int) -> list[tuple[int, str, int]]:
    """``(stored key, moves, discs)`` of every distinct position still being played after 0 … ``depth``
    discs, shallowest first (a mirror image counts once where the variant is mirror-symmetric)."""
    out, seen = [], set()
    for d, level in enumerate(tree(v, depth)):
        for key, (_, _, moves) in sorted(level.items(), key=lambda e: e[1][2]):
            k, _ = canonical(v, key)
            if k not in seen:
                seen.add(k)
                out.append((k, moves, d))
    return out


# ---------------------------------------------------------------------- the task (runs on a worker)
_solvers: dict = {}


def _solver(v: Variant):
    from gamekit.connect.solver import Solver

    if v not in _solvers:
        _solvers[v] = Solver(v)
    return _solvers[v]


def warm(variant: dict, fresh: bool = False) -> str:
    """Build the worker's solver and load its compiled search once (numba loads or compiles it at the first
    call: seconds), so that a task's budget goes to the search.  ``fresh``: a new solver, its table empty
    (a benchmark's depths do not share work)."""
    from gamekit.connect.solver import OutOfTime

    v = Variant(**variant)
    if fresh:
        _solvers.pop(v, None)
    s = _solver(v)
    cur, mask, nb = board_for(v).from_game(ConnectGame(v))
    s.deadline = time.perf_counter()  # the first node reads the clock: stops at once
    try:
        s.negamax(cur, mask, nb, 0, 1)
    except OutOfTime:
        pass
    finally:
        s.deadline = None
    return s.engine


def settle_position(variant: dict, moves: str, budget: float) -> dict:
    """The Dask task: each legal column's outcome bounds for the player to move after ``moves``
    (see the module docstring), within ``budget`` seconds of search."""
    from gamekit.connect.prove import prove_columns
    from gamekit.connect.solver import OutOfTime
    from gamekit.connect.tables import book_for, proved_bounds

    t0 = time.perf_counter()
    v = Variant(**variant)
    game = ConnectGame.from_moves(moves, variant=v)
    b = board_for(v)
    cur, mask, nb = b.from_game(game)
    solver = _solver(v)
    records = proved_bounds(v)
    book = book_for(v)
    wins = b.win(cur, b.board & ~mask)
    cols: dict[str, list[int]] = {}
    children = {}
    for i in b.order:  # centre first
        m = (mask + b.bottom) & b.col_masks[i]
        if not m:
            continue
        col = str(i + 1)
        if m & wins:
            cols[col] = [1, 1]
            continue
        if nb + 1 >= v.cells:
            cols[col] = [0, 0]
            continue
        ccur, cmask = cur ^ mask, mask | m
        if b.win(ccur, b.board & ~cmask) & ((cmask + b.bottom) & b.playable):
            cols[col] = [-1, -1]  # the opponent completes a line at once
            continue
        lo, hi = -1, 1
        rlo, rhi = records.get(ccur + cmask, (-1, 1))
        lo, hi = max(lo, -rhi), min(hi, -rlo)
        s = None if book is None else book.score(ccur, cmask)
        if s is not None:
            lo = hi = -_sign(s)
        cols[col] = [lo, hi]
        children[col] = (ccur, cmask)
    open_cols = [c for c in children if cols[c][0] < cols[c][1]]
    if open_cols:
        for c, p in prove_columns(game, open_cols).items():
            cols[c] = [max(cols[c][0], p.low), min(cols[c][1], p.high)]
    end = t0 + budget
    nodes0 = solver.nodes
    pending = [c for c in children if cols[c][0] < cols[c][1]]
    while pending:  # a column out of its share waits for what others leave
        left = end - time.perf_counter()
        if left <= 0:
            break
        c = pending.pop(0)
        ccur, cmask = children[c]
        solver.deadline = time.perf_counter() + left / (len(pending) + 1)
        try:
            if cols[c][0] < 0:  # does the opponent win after this drop?
                r = solver.negamax(ccur, cmask, nb + 1, 0, 1)
                cols[c] = [-1, -1] if r > 0 else [0, cols[c][1]]
            if cols[c][0] < cols[c][1]:  # does the opponent lose after it?
                r = solver.negamax(ccur, cmask, nb + 1, -1, 0)
                cols[c] = [1, 1] if r < 0 else [cols[c][0], 0]
        except OutOfTime:
            pending.append(c)  # its table entries stay: a later share resumes cheaper
        finally:
            solver.deadline = None
    key, flipped = canonical(v, cur + mask)
    out = {c: (lo, hi) for c, (lo, hi) in cols.items()}
    if flipped:  # stored as the mirror image: columns and moves mirrored
        out = {str(v.columns + 1 - int(c)): x for c, x in out.items()}
        moves = "".join(str(v.columns + 1 - int(c)) for c in moves)
    return {
        "key": key,
        "moves": moves,
        "discs": nb,
        "columns": out,
        "seconds": round(time.perf_counter() - t0, 4),
        "nodes": solver.nodes - nodes0,
        "budget": budget,
    }


# ---------------------------------------------------------------------- the client
def check_inputs(
    variant, depth, budget, scheduler=None, n_workers=2, max_positions=None, max_seconds=None, from_discs=0
) -> None:
    """Refuse bad inputs before anything starts, naming the input and the reason (ValueError/TypeError)."""
    if not isinstance(variant, Variant):
        raise TypeError(f"variant {variant!r}: a Variant (e.g. gamekit.connect.rules.FIVE_IN_A_ROW)")
    if not isinstance(depth, int) or isinstance(depth, bool):
        raise TypeError(f"depth {depth!r}: a whole number of discs")
    if not 0 <= depth <= min(MAX_DEPTH, variant.cells - 1):
        raise ValueError(f"depth {depth}: from 0 to {min(MAX_DEPTH, variant.cells - 1)} discs for {variant.name}")
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise TypeError(f"budget {budget!r}: a number of seconds")
    if not 0 < budget <= 86_400:
        raise ValueError(f"budget {budget}: seconds per position, above 0 and at most 86400 (a day)")
    if scheduler is not None and (not isinstance(scheduler, str) or not _SCHEDULER.match(scheduler)):
        raise ValueError(f"scheduler {scheduler!r}: a Dask scheduler address such as tcp://host:8786")
    if not isinstance(n_workers, int) or isinstance(n_workers, bool) or not 1 <= n_workers <= 256:
        raise ValueError(f"n_workers {n_workers!r}: a whole number of local workers, 1 to 256")
    if max_positions is not None and (
        not isinstance(max_positions, int) or isinstance(max_positions, bool) or max_positions < 1
    ):
        raise ValueError(f"max_positions {max_positions!r}: a whole number of positions, at least 1")
    if max_seconds is not None and (
        isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)) or not max_seconds > 0
    ):
        raise ValueError(f"max_seconds {max_seconds!r}: a number of seconds above 0")
    if not isinstance(from_discs, int) or isinstance(from_discs, bool) or not 0 <= from_discs <= depth:
        raise ValueError(f"from_discs {from_discs!r}: a whole number of discs from 0 to the depth ({depth})")


class _Bar:
    """A one-line text progress bar on stderr (redrawn in place on a terminal, a line every tenth else)."""

    def __init__(self, total: int, stream=None) -> None:
        self.total, self.done, self.settled, self.open = total, 0, 0, 0
        self.t0 = time.perf_counter()
        self.stream = stream or sys.stderr
        self.tty = getattr(self.stream, "isatty", lambda: False)()
        self._last = -1

    def update(self, is_settled: bool) -> None:
        self.done += 1
        self.settled += is_settled
        self.open += not is_settled
        step = max(1, self.total // 10)
        if self.tty or self.done == self.total or self.done // step != self._last:
            self._last = self.done // step
            self.draw()

    def draw(self, end: str = "") -> None:
        width = 30
        fill = width * self.done // max(1, self.total)
        line = (
            f"outcomes [{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} positions, "
            f"{self.settled} settled, {self.open} open, {time.perf_counter() - self.t0:.0f} s"
        )
        self.stream.write(("\r" + line + end) if self.tty else line + "\n")
        self.stream.flush()


def build(
    variant: Variant,
    depth: int,
    store: Path,
    budget: float = 10.0,
    scheduler: str | None = None,
    n_workers: int = 2,
    max_positions: int | None = None,
    max_seconds: float | None = None,
    progress: bool = True,
    from_discs: int = 0,
) -> dict:
    """Settle every position up to ``depth`` discs into ``store`` (resumable; see the module docstring).

    ``budget``: seconds of search per position.  ``scheduler``: a running Dask scheduler's address;
    None starts a ``LocalCluster`` of ``n_workers`` single-threaded worker processes.  ``max_positions``:
    submit at most that many of the positions still to do; ``max_seconds``: stop (results kept) after
    that long.  ``from_discs``: search only the positions with at least that many discs (the shallower ones
    are stored and settled from them by :func:`propagate`: with every position after ``depth`` discs settled,
    every shallower one is).  Returns what this run did: ``{"positions", "skipped", "submitted", "finished", "settled",
    "open", "stopped", "run"}``."""
    check_inputs(variant, depth, budget, scheduler, n_workers, max_positions, max_seconds, from_discs)
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise OutcomeError("the outcome book builder needs Dask distributed: pip install 'gamekit[book]'") from None
    st = Store(store, variant)
    run = time.strftime("%Y-%m-%dT%H:%M:%S")
    try:
        allpos = positions(variant, depth)
        todo = []
        for key, moves, d in allpos:
            got = st.get(key)
            if d < from_discs:
                if got is None:  # stored without search (moves decided at once, records,
                    st.put(settle_position(asdict(variant), moves, 0.0), run)  # rules): propagate settles it
                continue
            if got is not None and (got["status"] == "settled" or got["budget"] >= budget):
                continue  # settled, or open with at least this budget: not again
            todo.append((key, moves, d))
        skipped = sum(d >= from_discs for _, _, d in allpos) - len(todo)
        if max_positions is not None:
            todo = todo[:max_positions]
        report = {
            "positions": len(allpos),
            "skipped": skipped,
            "submitted": len(todo),
            "finished": 0,
            "settled": 0,
            "open": 0,
            "stopped": False,
            "run": run,
        }
        if todo:
            _run_tasks(
                st,
                variant,
                todo,
                budget,
                scheduler,
                n_workers,
                max_seconds,
                progress,
                report,
                Client,
                LocalCluster,
                as_completed,
            )
        propagate(st, variant, depth)
        return report
    finally:
        st.close()


def _run_tasks(
    st, variant, todo, budget, scheduler, n_workers, max_seconds, progress, report, Client, LocalCluster, as_completed
) -> None:
    import logging

    logging.getLogger("distributed").setLevel(logging.ERROR)
    cluster = None
    try:
        if scheduler is None:
            cluster = LocalCluster(
                n_workers=n_workers, threads_per_worker=1, processes=True, dashboard_address=":0", host="127.0.0.1"
            )
            client = Client(cluster)
        else:
            try:
                client = Client(scheduler, timeout=15)
            except (OSError, TimeoutError) as e:
                raise OutcomeError(f"scheduler {scheduler}: cannot connect ({e})") from None
    except Exception:
        if cluster is not None:
            cluster.close()
        raise
    vd = asdict(variant)
    bar = _Bar(len(todo)) if progress else None
    end = None if max_seconds is None else time.perf_counter() + max_seconds
    futures = []
    try:
        client.run(warm, vd)
        futures = client.map(
            settle_position,
            [vd] * len(todo),
            [m for _, m, _ in todo],
            [budget] * len(todo),
            pure=False,
            key=[f"outcome-{report['run']}-{m or 'start'}" for _, m, _ in todo],
        )
        done = as_completed(futures, timeout=None if end is None else max(1.0, end - time.perf_counter()))
        for fut in done:
            res = fut.result()
            st.put(res, report["run"])
            report["finished"] += 1
            ok = settled(res["columns"])
            report["settled" if ok else "open"] += 1
            if bar:
                bar.update(ok)
            if end is not None and time.perf_counter() >= end and report["finished"] < len(todo):
                report["stopped"] = True
                break
    except TimeoutError:
        report["stopped"] = True
    except KeyboardInterrupt:
        report["stopped"] = True
    finally:
        for f in futures:
            f.cancel()
        if bar:
            bar.stream.write("\n" if bar.tty else "")
        client.close()
        if cluster is not None:
            cluster.close()


def propagate(st: Store, v: Variant, depth: int) -> int:
    """Tighten the stored bounds from neighbours in the book, without search, until nothing changes: a
    column's outcome is minus the value of the position after it, that value at least the best ``lo`` and
    at most the best ``hi`` of its columns.  Returns the number of positions tightened."""
    b = board_for(v)
    rows = {r["key"]: r for r in st.rows()}
    levels = tree(v, depth)
    links = []  # (parent key, its column, child key)
    for level in levels[:-1]:
        for key, (cur, mask, _) in level.items():
            pk, pflip = canonical(v, key)
            if pk not in rows:
                continue
            for i in range(v.columns):
                m = (mask + b.bottom) & b.col_masks[i]
                if not m:
                    continue
                ck, _ = canonical(v, (cur ^ mask) + (mask | m))
                if ck in rows:
                    col = str(v.columns - i) if pflip else str(i + 1)
                    links.append((pk, col, ck))
    changed: set[int] = set()
    moved = True
    while moved:
        moved = False
        for pk, col, ck in links:
            child = rows[ck]["columns"]
            vlo = max(lo for lo, _ in child.values())
            vhi = max(hi for _, hi in child.values())
            plo, phi = rows[pk]["columns"][col]
            nlo, nhi = max(plo, -vhi), min(phi, -vlo)
            if (nlo, nhi) != (plo, phi):
                if nlo > nhi:
                    raise OutcomeError(
                        f"{rows[pk]['moves'] or 'the start'} column {col}: the store's bounds "
                        f"{plo}..{phi} contradict the position after it ({vlo}..{vhi})"
                    )
                rows[pk]["columns"][col] = (nlo, nhi)
                changed.add(pk)
                moved = True
            # the value of the child is at most minus the parent's column lo: no child column above it
            cap = -plo
            for c, (lo, hi) in list(child.items()):
                if hi > cap:
                    if lo > cap:
                        raise OutcomeError(
                            f"{rows[ck]['moves']} column {c}: {lo}..{hi} contradicts the position before it"
                        )
                    child[c] = (lo, cap)
                    changed.add(ck)
                    moved = True
    for k in changed:
        st.tighten(k, rows[k]["columns"])
    return len(changed)
