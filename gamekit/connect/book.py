"""Opening book: the exact score of every position up to a chosen depth, and the resumable build that
computes it (and with it the value of the start).

Build (resumable: progress goes to a JSON file after every step and a stopped build continues where it
stopped, transposition table included)::

    python -m gamekit.connect.book build --variant five --depth 2 --progress five.progress.json
    python -m gamekit.connect.book status --progress five.progress.json
    python -m gamekit.connect.book write --progress five.progress.json      # the shipped book file
    python -m gamekit.connect.book verify --variant five --sample 20

How the build works: every distinct position after exactly ``depth`` discs (games already won left
out) is a *leaf*; each leaf is solved exactly by the solver's null-window search, one window at a time
(``[lo, hi]`` narrows until it closes, draw tested first: :func:`next_window`), in chunks of ``--chunk`` seconds.  After every chunk the
bounds and the compiled solver's transposition table are saved, so an interruption costs at most one
chunk.  When every leaf is known, the positions above them are scored by negamax over their children
(an immediate win scores at once) down to the start.

Book file (``gamekit/connect/data/<variant>.book.gz``): gzip text; the first line is a JSON header
(variant, depth, positions, the command that built it, nodes, seconds, ``sha256`` of the rest), then
one line per position: ``<key in hex> <score>`` where the key is the solver's ``cur + mask``.  The
checksum is verified on load; a damaged file raises :class:`BookError` and :func:`book_for` then
returns None with a warning, so :func:`gamekit.connect.solver.analyse` falls back to search.
"""
from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import json
import os
import random
import signal
import sys
import time
import warnings
from dataclasses import asdict
from pathlib import Path

from gamekit.connect.rules import CONNECT_FOUR, FIVE_IN_A_ROW, ConnectGame, Variant
from gamekit.connect.solver import OutOfTime, Solver, board_for

DATA = Path(__file__).resolve().parent / "data"
VARIANTS = {"five": FIVE_IN_A_ROW, "four": CONNECT_FOUR}


class BookError(Exception):
    """A book file that is missing, damaged or for another variant."""


def slug(v: Variant) -> str:
    return {FIVE_IN_A_ROW: "five_in_a_row", CONNECT_FOUR: "connect_four"}.get(
        v, f"{v.columns}x{v.rows}_{v.win}{'_sides' if v.sides else ''}")


def default_path(v: Variant) -> Path:
    return DATA / f"{slug(v)}.book.gz"


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
                    continue               # full column, or the game ends with this disc
                if d + 1 >= v.cells:
                    continue               # the board is full: a draw, not a position
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
            lock.unlink(missing_ok=True)          # left by a run that died: take it over
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

    def __init__(self, variant: Variant, depth: int, progress: Path, chunk: float = 300.0,
                 table_size: int | None = None, log=print) -> None:
        if depth < 0 or depth >= variant.cells:
            raise ValueError(f"depth {depth}: must be 0..{variant.cells - 1}")
        self.v, self.depth, self.path, self.chunk, self.log = variant, depth, Path(progress), chunk, log
        self.table_path = self.path.with_name(self.path.name + ".table.npz")
        if self.path.exists():
            self.state = load_progress(self.path)
            if Variant(**self.state["variant"]) != variant or self.state["depth"] != depth:
                raise BookError(f"{self.path} belongs to {self.state['variant']['name']} depth "
                                f"{self.state['depth']}, not {variant.name} depth {depth}")
        else:
            self.state = {"variant": asdict(variant), "depth": depth, "done": {}, "current": None,
                          "nodes": 0, "seconds": 0.0, "started": time.strftime("%Y-%m-%d %H:%M:%S")}
        self.levels = tree(variant, depth)
        self.solver = Solver(variant, table_size=table_size)
        self._load_table()
        self.stop = False

    # the compiled solver's table is saved with the progress, so a resumed leaf keeps its work
    def _load_table(self) -> None:
        t = self.solver._tables
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
            pass                               # a damaged table only costs time, never correctness

    def _save(self, with_table: bool) -> None:
        save_json(self.path, self.state)
        t = self.solver._tables
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
        self.log(f"{self.v.name} depth {self.depth}: {len(self.levels[-1])} leaves, {len(done)} solved, "
                 f"{len(todo)} to go")
        for hexkey, cur, mask, moves in todo:
            cur_state = self.state.get("current")
            if not cur_state or cur_state["key"] != hexkey:
                MAX, nb = b.max_score, self.depth
                cur_state = self.state["current"] = {"key": hexkey, "moves": moves,
                                                     "lo": -(MAX - (nb - nb // 2) - 1), "hi": MAX - nb // 2 - 1,
                                                     "nodes": 0, "seconds": 0.0}
                # the table is kept from leaf to leaf: its entries are exact for their position
                if b.win(cur, b.board & ~mask) & (mask + b.bottom) & b.playable:
                    cur_state["lo"] = cur_state["hi"]          # the player to move wins at once
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
            self.log(f"  leaf {moves or '(start)'}: score {cur_state['lo']:+d}, {cur_state['nodes']:,} nodes, "
                     f"{cur_state['seconds']:.1f} s  [{len(done)}/{len(self.levels[-1])}]")
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
    out = {"variant": v.name, "depth": depth, "leaves": len(levels[-1]), "solved": len(done),
           "nodes": st["nodes"], "seconds": round(st["seconds"], 1), "current": st.get("current")}
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
    header = {"variant": asdict(v), "depth": depth, "positions": len(scores),
              "sha256": hashlib.sha256(body).hexdigest(), **meta}
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write((json.dumps(header, sort_keys=True) + "\n").encode() + body)
    return header["sha256"]


class Book:
    """An opening book: exact scores of every position up to ``depth`` discs."""

    def __init__(self, variant: Variant, depth: int, scores: dict[int, int], header: dict) -> None:
        self.variant, self.depth, self.scores, self.header = variant, depth, scores, header

    @classmethod
    def load(cls, path: Path, variant: Variant | None = None) -> "Book":
        try:
            raw = gzip.decompress(Path(path).read_bytes())
            first, _, body = raw.partition(b"\n")
            header = json.loads(first)
            v = Variant(**header["variant"])
        except FileNotFoundError:
            raise BookError(f"{path}: no such book file") from None
        except (OSError, EOFError, ValueError, KeyError, TypeError) as e:
            raise BookError(f"{path}: not a readable book file ({e})") from None
        if hashlib.sha256(body).hexdigest() != header.get("sha256"):
            raise BookError(f"{path}: checksum mismatch — the book file is damaged; rebuild it with "
                            f"{header.get('command', 'python -m gamekit.connect.book')}")
        if variant is not None and v != variant:
            raise BookError(f"{path}: a book for {v.name}, not {variant.name}")
        scores = {}
        try:
            for line in body.decode().splitlines():
                k, s = line.split()
                scores[int(k, 16)] = int(s)
        except ValueError as e:
            raise BookError(f"{path}: bad line in book ({e})") from None
        return cls(v, int(header["depth"]), scores, header)

    def score(self, cur: int, mask: int) -> int | None:
        return self.scores.get(cur + mask)

    def lookup(self, game: ConnectGame) -> int | None:
        """Exact score of ``game`` for the player to move, or None when it is not in the book."""
        if game.popout or game.variant != self.variant or game.is_over():
            return None
        cur, mask, _ = board_for(game.variant).from_game(game)
        return self.score(cur, mask)


_books: dict[Variant, Book | None] = {}


def book_for(v: Variant) -> Book | None:
    """The shipped book of ``v`` (loaded and checked once), or None if there is none or it is damaged."""
    if v not in _books:
        path = default_path(v)
        book = None
        if path.exists():
            try:
                book = Book.load(path, v)
            except BookError as e:
                warnings.warn(f"{e} — falling back to search", RuntimeWarning, stacklevel=2)
        _books[v] = book
    return _books[v]


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


# ---------------------------------------------------------------------- command line
def _variant(name: str) -> Variant:
    if name in VARIANTS:
        return VARIANTS[name]
    try:                                        # e.g. 5x4x4 or 5x4x4s (s: side columns)
        sides = name.endswith("s")
        c, r, w = (int(x) for x in name.rstrip("s").split("x"))
        return Variant(f"{c}x{r} {w}{' sides' if sides else ''}", c, r, w, sides)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name!r}: use five, four or COLUMNSxROWSxWIN[s]") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gamekit.connect.book", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="solve every position at a depth (resumable) and back the scores up")
    b.add_argument("--variant", type=_variant, default="five")
    b.add_argument("--depth", type=int, required=True)
    b.add_argument("--progress", type=Path, required=True, help="progress file (created or resumed)")
    b.add_argument("--chunk", type=float, default=300.0, help="seconds between saves (default 300)")
    b.add_argument("--max-seconds", type=float, help="stop (saved) after this long")
    b.add_argument("--table-size", type=int, help="transposition table slots (default 4 194 301)")
    b.add_argument("--out", type=Path, help="write the book file here when done (default: none)")
    s = sub.add_parser("status", help="what a build has settled so far")
    s.add_argument("--progress", type=Path, required=True)
    w = sub.add_parser("write", help="write the book file of a finished build")
    w.add_argument("--progress", type=Path, required=True)
    w.add_argument("--out", type=Path, help="default: the package's data folder")
    vf = sub.add_parser("verify", help="check a book against the solver on a sample of its positions")
    vf.add_argument("--variant", type=_variant, default="five")
    vf.add_argument("--book", type=Path)
    vf.add_argument("--sample", type=int, default=20)
    va = sub.add_parser("value", help="who wins from the start: a resumable win/draw/loss proof")
    va.add_argument("--variant", type=_variant, default="five")
    va.add_argument("--split", type=int, default=6, help="discs searched in Python, settled positions saved (default 6)")
    va.add_argument("--progress", type=Path, required=True, help="progress file (created or resumed)")
    va.add_argument("--chunk", type=float, default=60.0, help="seconds between saves inside a long search (default 60)")
    va.add_argument("--max-seconds", type=float, help="stop (saved) after this long")
    va.add_argument("--table-size", type=int, help="transposition table slots (default 4 194 301)")
    va.add_argument("--question", choices=("both", "lose", "win"), default="both",
                    help="settle 'does red avoid losing?' (lose), 'does red win?' (win) or both (default); "
                         "two runs with their own progress files share the work between two cores")
    va.add_argument("--start-from", default="", metavar="MOVES[,MOVES…]",
                    help="settle the question(s) from these positions instead of the start (e.g. 47,41)")
    va.add_argument("--shared", type=Path, nargs="*", default=[], metavar="FILE",
                    help="other runs' progress files whose settled positions this run takes in (re-read at every save)")
    vv = sub.add_parser("value-verify", help="re-solve a sample of what value runs settled with a differently set-up solver")
    vv.add_argument("--progress", type=Path, required=True, nargs="+")
    vv.add_argument("--sample", type=int, default=5)
    vv.add_argument("--seed", type=int, default=1)
    vv.add_argument("--engine", choices=("compiled", "python"), default="compiled")
    vb = sub.add_parser("value-book", help="write the book the value runs prove (every position up to --depth)")
    vb.add_argument("--progress", type=Path, required=True, nargs="+")
    vb.add_argument("--depth", type=int, default=0, help="discs (default 0: the start alone)")
    vb.add_argument("--exact-budget", type=float, default=60.0,
                    help="seconds to find the exact score of each won or lost position (default 60)")
    vb.add_argument("--out", type=Path, help="default: the package's data folder")
    vs = sub.add_parser("value-status", help="what value runs have settled so far (several files are merged)")
    vs.add_argument("--progress", type=Path, required=True, nargs="+")
    vs.add_argument("--under", metavar="MOVES", help="instead: what is settled below this position (e.g. 52), "
                                                     "every drop and every reply to it")
    vs.add_argument("--reach", type=int, metavar="DISCS", help="instead: how far the proof reaches — for every "
                    "number of discs up to DISCS (at most 5), the positions whose drops are all proved / none open")
    args = ap.parse_args(argv)

    try:
        return _run(args)
    except (BookError, ValueError, FileNotFoundError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _run(args) -> int:
    if args.cmd == "build":
        build = Build(args.variant, args.depth, args.progress, args.chunk, args.table_size)

        def stop(*_):
            build.stop = True
            build.solver.deadline = time.perf_counter()   # the running window stops at its next clock check
        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        finished = build.run(args.max_seconds)
        info = status(args.progress)
        print(json.dumps({k: v for k, v in info.items() if k != "current"}))
        if finished and args.out:
            _write_from(args.progress, args.out)
        return 0 if finished else 3
    if args.cmd == "value":
        from gamekit.connect.wdl import ValueRun, status as value_status
        run = ValueRun(args.variant, args.split, args.progress, args.chunk, args.table_size, shared=args.shared)

        def stop_value(*_):
            run.stop = True
        signal.signal(signal.SIGTERM, stop_value)
        signal.signal(signal.SIGINT, stop_value)
        finished = run.run(args.max_seconds, {"both": (-1, 0), "lose": (-1,), "win": (0,)}[args.question],
                           tuple(args.start_from.split(",")))
        print(json.dumps(value_status(args.progress)))
        return 0 if finished else 3
    if args.cmd == "value-verify":
        from gamekit.connect.wdl import verify as value_verify
        bad = value_verify(args.progress, args.sample, args.seed, args.engine)
        print(f"{args.sample} positions re-solved, {len(bad)} disagreements" + "".join(f"\n  {x}" for x in bad))
        return 1 if bad else 0
    if args.cmd == "value-book":
        from gamekit.connect.wdl import write_value_book
        write_value_book(args.progress, args.out, args.depth, args.exact_budget)
        return 0
    if args.cmd == "value-status":
        from gamekit.connect.wdl import reach, reach_text, status as value_status, under, under_text
        if args.reach is not None:
            print(reach_text(reach(args.progress, args.reach)))
        elif args.under is not None:
            print(under_text(under(args.progress, args.under)))
        else:
            print(json.dumps(value_status(*args.progress), indent=1))
        return 0
    if args.cmd == "status":
        print(json.dumps(status(args.progress), indent=1))
        return 0
    if args.cmd == "write":
        _write_from(args.progress, args.out)
        return 0
    if args.cmd == "verify":
        book = Book.load(args.book or default_path(args.variant), args.variant)
        bad = verify(book, args.sample)
        print(f"{args.sample} positions checked, {len(bad)} disagreements" + "".join(f"\n  {x}" for x in bad))
        return 1 if bad else 0
    return 2


def _write_from(progress: Path, out: Path | None) -> None:
    st = load_progress(progress)
    v, depth = Variant(**st["variant"]), st["depth"]
    levels = tree(v, depth)
    done = {int(k, 16): d[0] for k, d in st["done"].items()}
    if len(done) < len(levels[-1]):
        raise BookError(f"{progress}: {len(done)} of {len(levels[-1])} leaves solved — the book is not finished")
    scores = back_up(v, levels, done)
    path = out or default_path(v)
    name = next(k for k, x in VARIANTS.items() if x == v) if v in VARIANTS.values() else \
        f"{v.columns}x{v.rows}x{v.win}{'s' if v.sides else ''}"
    meta = {"command": f"python -m gamekit.connect.book build --variant {name} --depth {depth} "
                       f"--progress PROGRESS && python -m gamekit.connect.book write --progress PROGRESS",
            "nodes": st["nodes"], "seconds": round(st["seconds"], 1), "built": time.strftime("%Y-%m-%d")}
    sha = write_book(v, depth, scores, path, meta)
    print(f"wrote {path}: {len(scores)} positions, depth {depth}, sha256 {sha}")


if __name__ == "__main__":
    sys.exit(main())
