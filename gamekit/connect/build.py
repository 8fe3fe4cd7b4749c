"""Building the opening book: every position up to a depth, solved leaf by leaf (resumable), the scores
backed up to the start, the book file written.  A tool: run from ``python -m gamekit.connect.book``
(:mod:`gamekit.connect.book`, see its docstring for how the build works); what it writes is read by
:mod:`gamekit.connect.tables`.  :mod:`gamekit.connect.wdl` (the value runs) shares its position helpers.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import random
import time
from dataclasses import asdict
from pathlib import Path

from gamekit.connect.bitboard import board_for
from gamekit.connect.rules import ConnectGame, Variant
from gamekit.connect.solver import OutOfTime, Solver
from gamekit.connect.tables import Book, BookError

__all__ = [
    "tree",
    "children",
    "back_up",
    "save_json",
    "load_progress",
    "progress_lock",
    "next_window",
    "Build",
    "status",
    "write_book",
    "verify",
]


# ---------------------------------------------------------------------- positions
def tree(v: Variant, depth: int) -> list[dict[int, tuple[int, int, str]]]:
    """``levels[d]``: every distinct position after exactly ``d`` discs that is still being played
    (no line completed, board not full): ``key -> (cur, mask, moves)``; ``moves`` is one way there."""
    b = board_for(v)
    empty_all = b.board
    start = ConnectGame(v)
    cur, mask, _ = b.from_game(start)
    levels = [{cur + mask: (cur, mask, "")}]
    for d in range(depth):
        nxt: dict[int, tuple[int, int, str]] = {}
        for cur, mask, moves in levels[-1].values():
            if d + 1 > v.cells:
                break
            possible = (mask + b.bottom) & b.playable
            wins = b.win(cur, empty_all & ~mask)
            for i in range(v.columns):
                m = possible & b.col_masks[i]
                if not m or m & wins:
                    continue  # full column, or the game ends with this disc
                if d + 1 >= v.cells:
                    continue  # the board is full: a draw, not a position
                ncur, nmask = cur ^ mask, mask | m
                nxt.setdefault(ncur + nmask, (ncur, nmask, moves + str(i + 1)))
        levels.append(nxt)
    return levels


def children(v: Variant, cur: int, mask: int, nb: int):
    """``(score if decided at once else None, child key)`` for every legal drop."""
    b = board_for(v)
    possible = (mask + b.bottom) & b.playable
    wins = b.win(cur, b.board & ~mask)
    for i in range(v.columns):
        m = possible & b.col_masks[i]
        if not m:
            continue
        if m & wins:
            yield str(i + 1), b.max_score - nb // 2 - 1, None
        elif nb + 1 >= v.cells:
            yield str(i + 1), 0, None
        else:
            yield str(i + 1), None, (cur ^ mask) + (mask | m)


def back_up(v: Variant, levels, leaf_scores: dict[int, int]) -> dict[int, int]:
    """Scores of every position of ``levels`` from the scores of the deepest level."""
    scores = dict(leaf_scores)
    for d in range(len(levels) - 2, -1, -1):
        for key, (cur, mask, _) in levels[d].items():
            best = None
            for _, s, child in children(v, cur, mask, d):
                s = s if child is None else -scores[child]
                best = s if best is None else max(best, s)
            scores[key] = best
    return scores


# ---------------------------------------------------------------------- progress file
def save_json(path: Path, data: dict) -> None:
    """Write ``data`` as JSON atomically (a temporary file, then a rename)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    os.replace(tmp, path)


def load_progress(path: Path) -> dict:
    try:
        data = json.loads(Path(path).read_text())
        Variant(**data["variant"])
        int(data["depth"])
        data["done"]
    except FileNotFoundError:
        raise
    except (ValueError, KeyError, TypeError) as e:
        raise BookError(f"{path}: not a book progress file ({e})") from None
    return data


@contextlib.contextmanager
def progress_lock(path: Path):
    """Hold ``<path>.lock`` (with this process id) while a long run writes ``path``; a lock left by a
    process that died is taken over, one held by a live process raises :class:`BookError`."""
    path = Path(path)
    lock = path.with_name(path.name + ".lock")
    try:
        fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        try:
            pid = int(lock.read_text() or 0)
            os.kill(pid, 0)
        except (ValueError, ProcessLookupError, PermissionError, OSError):
            lock.unlink(missing_ok=True)  # left by a run that died: take it over
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        else:
            raise BookError(f"{path} is being built by process {pid} (lock {lock})") from None
    os.write(fd, str(os.getpid()).encode())
    os.close(fd)
    try:
        yield
    finally:
        lock.unlink(missing_ok=True)


def next_window(lo: int, hi: int) -> int:
    """The null window ``[med, med + 1]`` to test next while the score lies in ``[lo, hi]``.

    Draw first: "is it a win?" (0), then "is it a loss?" (−1), so a drawn position — most of 5 en
    raya — is settled by two searches; after that Pons' narrowing towards 0.  (On the benchmark's
    28–30-empty positions this costs wins and losses about 20 % more nodes and saves drawn
    positions about 30 %.)
    """
    if lo < 0 < hi:
        return 0
    if hi == 0 and lo < -1:
        return -1
    med = lo + (hi - lo) // 2
    if med <= 0 and lo // 2 < med:
        med = lo // 2
    elif med >= 0 and hi // 2 > med:
        med = hi // 2
    return med


class Build:
    """A resumable book build (see the module docstring)."""

    def __init__(
        self,
        variant: Variant,
        depth: int,
        progress: Path,
        chunk: float = 300.0,
        table_size: int | None = None,
        log=print,
    ) -> None:
        if depth < 0 or depth >= variant.cells:
            raise ValueError(f"depth {depth}: must be 0..{variant.cells - 1}")
        self.v, self.depth, self.path, self.chunk, self.log = variant, depth, Path(progress), chunk, log
        self.table_path = self.path.with_name(self.path.name + ".table.npz")
        if self.path.exists():
            self.state = load_progress(self.path)
            if Variant(**self.state["variant"]) != variant or self.state["depth"] != depth:
                raise BookError(
                    f"{self.path} belongs to {self.state['variant']['name']} depth "
                    f"{self.state['depth']}, not {variant.name} depth {depth}"
                )
        else:
            self.state = {
                "variant": asdict(variant),
                "depth": depth,
                "done": {},
                "current": None,
                "nodes": 0,
                "seconds": 0.0,
                "started": time.strftime("%Y-%m-%d %H:%M:%S"),
            }
        self.levels = tree(variant, depth)
        self.solver = Solver(variant, table_size=table_size)
        self._load_table()
        self.stop = False

    # the compiled solver's table is saved with the progress, so a resumed leaf keeps its work
    def _load_table(self) -> None:
        t = self.solver.tables
        if t is None or not self.table_path.exists() or not self.state.get("current"):
            return
        import numpy as np

        try:
            with np.load(self.table_path) as z:
                saved = [z[f"a{i}"] for i in range(len(t.arrays))]
                if all(a.shape == b.shape and a.dtype == b.dtype for a, b in zip(saved, t.arrays)):
                    for a, b in zip(t.arrays, saved):
                        a[:] = b
        except (OSError, ValueError, KeyError):
            pass  # a damaged table only costs time, never correctness

    def _save(self, with_table: bool) -> None:
        save_json(self.path, self.state)
        t = self.solver.tables
        if with_table and t is not None:
            import numpy as np

            tmp = self.table_path.with_name(self.table_path.name + ".tmp.npz")
            np.savez(tmp, **{f"a{i}": a for i, a in enumerate(t.arrays)})
            os.replace(tmp, self.table_path)

    def leaves(self) -> list[tuple[str, int, int, str]]:
        return sorted(((f"{k:x}", c, m, mv) for k, (c, m, mv) in self.levels[-1].items()), key=lambda x: x[3])

    def run(self, max_seconds: float | None = None) -> bool:
        """Work until every leaf is solved (True) or ``max_seconds`` passed / stopped (False).

        A lock file beside the progress file keeps a second build off the same progress."""
        with progress_lock(self.path):
            return self._run(max_seconds)

    def _run(self, max_seconds: float | None) -> bool:
        end = None if max_seconds is None else time.perf_counter() + max_seconds
        done = self.state["done"]
        b = self.solver.b
        todo = [x for x in self.leaves() if x[0] not in done]
        self.log(
            f"{self.v.name} depth {self.depth}: {len(self.levels[-1])} leaves, {len(done)} solved, {len(todo)} to go"
        )
        for hexkey, cur, mask, moves in todo:
            cur_state = self.state.get("current")
            if not cur_state or cur_state["key"] != hexkey:
                MAX, nb = b.max_score, self.depth
                cur_state = self.state["current"] = {
                    "key": hexkey,
                    "moves": moves,
                    "lo": -(MAX - (nb - nb // 2) - 1),
                    "hi": MAX - nb // 2 - 1,
                    "nodes": 0,
                    "seconds": 0.0,
                }
                # the table is kept from leaf to leaf: its entries are exact for their position
                if b.win(cur, b.board & ~mask) & (mask + b.bottom) & b.playable:
                    cur_state["lo"] = cur_state["hi"]  # the player to move wins at once
            while cur_state["lo"] < cur_state["hi"]:
                if self.stop or (end is not None and time.perf_counter() >= end):
                    self._save(with_table=True)
                    return False
                med = next_window(cur_state["lo"], cur_state["hi"])
                limit = self.chunk if end is None else min(self.chunk, max(0.0, end - time.perf_counter()))
                self.solver.deadline = time.perf_counter() + limit
                self.solver.nodes = 0
                t0 = time.perf_counter()
                try:
                    r = self.solver.negamax(cur, mask, self.depth, med, med + 1)
                    finished = True
                except OutOfTime:
                    finished = False
                finally:
                    self.solver.deadline = None
                dt = time.perf_counter() - t0
                for d in (cur_state, self.state):
                    d["nodes"] += self.solver.nodes
                    d["seconds"] += dt
                if finished:
                    if r <= med:
                        cur_state["hi"] = r
                    else:
                        cur_state["lo"] = r
                self._save(with_table=not finished)
            done[hexkey] = [cur_state["lo"], cur_state["nodes"], round(cur_state["seconds"], 3), moves]
            self.log(
                f"  leaf {moves or '(start)'}: score {cur_state['lo']:+d}, {cur_state['nodes']:,} nodes, "
                f"{cur_state['seconds']:.1f} s  [{len(done)}/{len(self.levels[-1])}]"
            )
            self.state["current"] = None
            self._save(with_table=False)
        if self.table_path.exists():
            self.table_path.unlink()
        return True

    def scores(self) -> dict[int, int]:
        """Every position of the book with its score (all leaves must be solved)."""
        leaf = {int(k, 16): v[0] for k, v in self.state["done"].items()}
        return back_up(self.v, self.levels, leaf)


def status(progress: Path) -> dict:
    """What a (possibly unfinished) build has settled: leaves, nodes, time, the start's value or bounds."""
    st = load_progress(progress)
    v, depth = Variant(**st["variant"]), st["depth"]
    levels = tree(v, depth)
    done = {int(k, 16): d[0] for k, d in st["done"].items()}
    out = {
        "variant": v.name,
        "depth": depth,
        "leaves": len(levels[-1]),
        "solved": len(done),
        "nodes": st["nodes"],
        "seconds": round(st["seconds"], 1),
        "current": st.get("current"),
    }
    if len(done) == len(levels[-1]):
        out["start"] = back_up(v, levels, done)[next(iter(levels[0]))]
    # first moves already settled (all of their subtree's leaves known)
    if depth >= 1:
        settled = {}
        start_key = next(iter(levels[0]))
        cur, mask, _ = levels[0][start_key]
        sub = _partial_scores(v, levels, done)
        for move, s, child in children(v, cur, mask, 0):
            settled[move] = s if child is None else (None if sub.get(child) is None else -sub[child])
        out["first_moves"] = settled
    return out


def _partial_scores(v: Variant, levels, done: dict[int, int]) -> dict[int, int | None]:
    scores: dict[int, int | None] = {k: done.get(k) for k in levels[-1]}
    for d in range(len(levels) - 2, -1, -1):
        for key, (cur, mask, _) in levels[d].items():
            vals = []
            for _, s, child in children(v, cur, mask, d):
                vals.append(s if child is None else (None if scores[child] is None else -scores[child]))
            scores[key] = None if None in vals else max(vals)
    return scores


# ---------------------------------------------------------------------- book file
def write_book(v: Variant, depth: int, scores: dict[int, int], path: Path, meta: dict) -> str:
    body = "".join(f"{k:x} {s}\n" for k, s in sorted(scores.items())).encode()
    header = {
        "variant": asdict(v),
        "depth": depth,
        "positions": len(scores),
        "sha256": hashlib.sha256(body).hexdigest(),
        **meta,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write((json.dumps(header, sort_keys=True) + "\n").encode() + body)
    return header["sha256"]


def verify(book: Book, sample: int, seed: int = 1, time_budget: float | None = None) -> list[str]:
    """Solve ``sample`` random positions of ``book`` with a fresh solver; the disagreements found."""
    levels = tree(book.variant, book.depth)
    all_positions = [(k, c, m, mv, d) for d, lv in enumerate(levels) for k, (c, m, mv) in lv.items()]
    rng = random.Random(seed)
    picked = rng.sample(all_positions, min(sample, len(all_positions)))
    solver = Solver(book.variant)
    bad = []
    for k, c, m, mv, d in picked:
        game = ConnectGame.from_moves(mv, variant=book.variant)
        got = solver.solve(game, time_budget=time_budget)
        if got != book.scores.get(k):
            bad.append(f"{mv or '(start)'}: book {book.scores.get(k)}, solver {got}")
    return bad
