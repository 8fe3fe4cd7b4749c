"""Who wins from the start: a resumable win/draw/loss proof.

An exact score (Pons' convention) costs a position several null-window searches; *who wins* costs at
most two — "does the player to move win?" (window 0..1) and "does it avoid losing?" (window −1..0).  A
draw, the score 0, is settled by the two together, so for a drawn start they give its exact value.

The first ``split`` discs are searched here, in Python, by the same null-window negamax on the values
−1 (loss), 0 (draw), 1 (win) for the player to move.  Every position it settles is saved in the progress
file with its bounds, so a stopped run (Ctrl-C, SIGTERM, a crash, the end of a session) keeps all of
them and loses at most the position below the split that was being searched.  Below the split runs
the compiled search of :mod:`gamekit.connect.fast` (one :class:`Solver`, its table kept from position
to position).  Alpha–beta is what makes this cheaper than an opening book: to show that red does not
lose, one good reply to each yellow move is enough, so most positions after ``split`` discs are never
searched at all.

    python -m gamekit.connect.book value --variant five --split 6 --progress five.value.json
    python -m gamekit.connect.book value-status --progress five.value.json
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict
from pathlib import Path

from gamekit.connect.bitboard import board_for
from gamekit.connect.build import back_up, children, progress_lock, save_json, tree, write_book
from gamekit.connect.rules import ConnectGame, Variant
from gamekit.connect.solver import OutOfTime, Solver
from gamekit.connect.tables import default_path, merge_settled
from gamekit.connect.tables import load_value_file as load


class Stopped(Exception):
    """The run was stopped (time up or a signal); everything settled is saved."""


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def mover(discs: int) -> str:
    """Who is to move after ``discs`` discs: red moves first."""
    return ("red", "yellow")[discs % 2]


def bounds_words(lo: int, hi: int, mover: str = "red") -> str:
    """Plain words for bounds ``lo..hi`` on the value for ``mover`` (the player to move)."""
    other = "yellow" if mover == "red" else "red"
    if lo == hi:
        return {1: f"{mover} wins", 0: "a draw (score 0)", -1: f"{other} wins"}[lo]
    if lo == 0:
        return f"{mover} does not lose; whether {mover} wins is open"
    if hi == 0:
        return f"{mover} does not win; whether {other} wins is open"
    return "open"


class ValueRun:
    """A resumable proof of the win/draw/loss value of the start (see the module docstring)."""

    def __init__(
        self,
        variant: Variant,
        split: int,
        progress: Path,
        chunk: float = 60.0,
        table_size: int | None = None,
        log=print,
        shared=(),
    ) -> None:
        if not isinstance(split, int) or isinstance(split, bool) or not 0 <= split < variant.cells:
            raise ValueError(f"split {split!r}: a whole number 0..{variant.cells - 1}")
        self.v, self.split, self.path, self.chunk, self.log = variant, split, Path(progress), chunk, log
        if self.path.exists():
            self.state = load(self.path)
            if Variant(**self.state["variant"]) != variant or self.state["split"] != split:
                raise ValueError(
                    f"{self.path} belongs to {self.state['variant']['name']} split "
                    f"{self.state['split']}, not {variant.name} split {split}"
                )
        else:
            self.state = {
                "variant": asdict(variant),
                "split": split,
                "settled": {},
                "nodes": 0,
                "seconds": 0.0,
                "searches": 0,
                "started": time.strftime("%Y-%m-%d %H:%M:%S"),
            }
        self.shared = [Path(p) for p in shared]
        if self.path in self.shared:
            raise ValueError(f"{self.path}: a run's own progress file cannot also be one it shares")
        self.b = board_for(variant)
        self.solver = Solver(variant, table_size=table_size)
        self.stop = False
        self._end: float | None = None
        self._last_save = time.perf_counter()

    # -------------------------------------------------------------- bounds kept in the progress file
    def bounds(self, key: int) -> tuple[int, int]:
        got = self.state["settled"].get(f"{key:x}")
        return (got[0], got[1]) if got else (-1, 1)

    def _settle(self, key: int, lo: int, hi: int, moves: str) -> None:
        self.state["settled"][f"{key:x}"] = [lo, hi, moves]

    def merge_shared(self) -> int:
        """Take in the bounds other runs (``shared`` progress files of the same variant and split) have
        proved, so that work settled by a run on the other core is not repeated.  Unreadable or
        foreign files are skipped (they may be half-written or belong to another run)."""
        others = []
        for p in self.shared:
            try:
                other = load(p)
            except (OSError, ValueError):
                continue
            if Variant(**other["variant"]) == self.v and other["split"] == self.split:
                others.append(other)
        mine = self.state["settled"]
        merged = merge_settled([self.state, *others])
        taken = sum(1 for k, (lo, hi, _) in merged.items() if k not in mine or mine[k][:2] != [lo, hi])
        self.state["settled"] = merged
        return taken

    def save(self) -> None:
        if self.shared:
            self.merge_shared()
        save_json(self.path, self.state)
        self._last_save = time.perf_counter()

    # -------------------------------------------------------------- the search
    def _check(self) -> None:
        if self.stop or (self._end is not None and time.perf_counter() >= self._end):
            raise Stopped

    def _leaf(self, cur: int, mask: int, nb: int, alpha: int, moves: str) -> int:
        """The compiled search below the split, in chunks (a stop is noticed within one chunk)."""
        s = self.solver
        st = self.state
        t_leaf, n_leaf = time.perf_counter(), 0
        while True:
            self._check()
            limit = self.chunk if self._end is None else min(self.chunk, max(0.01, self._end - time.perf_counter()))
            s.deadline = time.perf_counter() + limit
            s.nodes = 0
            t0 = time.perf_counter()
            try:
                r = s.negamax(cur, mask, nb, alpha, alpha + 1)
                done = True
            except OutOfTime:
                done = False
            finally:
                s.deadline = None
            st["nodes"] += s.nodes
            st["seconds"] += time.perf_counter() - t0
            n_leaf += s.nodes
            if done:
                st["searches"] += 1
                dt = time.perf_counter() - t_leaf
                if dt > 10:
                    self.log(f"  {moves}: {'≥' if r > alpha else '≤'} {sign(r):+d} after {n_leaf:,} nodes, {dt:.0f} s")
                return sign(r)
            self.save()  # a long position: the counters are saved every chunk

    def search(self, cur: int, mask: int, nb: int, alpha: int, moves: str = "") -> int:
        """Null window ``alpha..alpha+1`` on the value (−1, 0, 1) of the player to move: a result above
        ``alpha`` is a lower bound of the value, one at or below it an upper bound (fail-soft)."""
        b = self.b
        key = cur + mask
        lo, hi = self.bounds(key)
        if lo > alpha:
            return lo
        if hi <= alpha:
            return hi
        possible = (mask + b.bottom) & b.playable
        if b.win(cur, b.board & ~mask) & possible:
            r = 1  # the player to move completes a line at once
            lo = hi = 1
        elif nb >= self.split:
            r = self._leaf(cur, mask, nb, alpha, moves)
        else:
            r = -1
            for i in b.order:  # centre first, as the compiled search
                m = possible & b.col_masks[i]
                if not m:
                    continue
                if nb + 1 >= self.v.cells:
                    val = 0  # the last cell: a draw
                else:
                    val = -self.search(cur ^ mask, mask | m, nb + 1, -alpha - 1, moves + str(i + 1))
                r = max(r, val)
                if r > alpha:
                    break
        if r > alpha:
            lo = max(lo, r)
        else:
            hi = min(hi, r)
        self._settle(key, lo, hi, moves)
        if time.perf_counter() - self._last_save > 30:
            self.save()
        return r

    def root(self) -> tuple[int, int, int]:
        cur, mask, nb = self.b.from_game(ConnectGame(self.v))
        return cur, mask, nb

    def run(
        self,
        max_seconds: float | None = None,
        questions: tuple[int, ...] = (-1, 0),
        start_from: tuple[str, ...] = ("",),
    ) -> bool:
        """Work until the start's value is known (True) or time is up / stopped (False, saved).

        ``questions``: the null windows to settle at the start, −1 "does red avoid losing?" and 0 "does
        red win?" (both by default; two runs with one each and their own progress files can share the
        work between two cores, and :func:`status` merges their files).

        ``start_from``: positions (move strings, within the split) whose part of those questions this
        run settles instead of the start's — e.g. ``("47", "41")`` works from the other end of red's
        proof while a run with ``shared`` set to this run's file works from the start."""
        if not questions or any(q not in (-1, 0) or isinstance(q, bool) for q in questions):
            raise ValueError(f"questions {questions!r}: -1 (does red avoid losing?) and/or 0 (does red win?)")
        roots = []
        if isinstance(start_from, str) or not start_from:
            raise ValueError(f"start_from {start_from!r}: a list of move strings")
        for moves in start_from:
            if not isinstance(moves, str) or len(moves) > self.split:
                raise ValueError(f"start_from {moves!r}: a move string of at most {self.split} discs (the split)")
            try:
                game = ConnectGame.from_moves(moves, variant=self.v)
            except Exception as e:  # BadPositionError: says which move and why
                raise ValueError(f"start_from {moves!r}: {e}") from None
            if game.is_over():
                raise ValueError(f"start_from {moves!r}: the game is over there")
            roots.append((moves, self.b.from_game(game)))
        self._end = None if max_seconds is None else time.perf_counter() + max_seconds
        with progress_lock(self.path):
            if self.shared:
                self.merge_shared()
            try:
                for moves, (cur, mask, nb) in roots:
                    for q in questions:
                        alpha = q if len(moves) % 2 == 0 else -q - 1  # the window seen from that position
                        lo, hi = self.bounds(cur + mask)
                        if lo <= alpha < hi:
                            self.search(cur, mask, nb, alpha, moves)
                            self.log(
                                f"{moves or 'start'}: {bounds_words(*self.bounds(cur + mask), mover=mover(nb))}  "
                                f"({self.state['nodes']:,} nodes, {self.state['seconds']:.0f} s)"
                            )
                        self.save()
            except Stopped:
                self.save()
                return False
            finally:
                self.solver.deadline = None
            self.save()
            done = True
            for moves, (cur, mask, nb) in roots:
                lo, hi = self.bounds(cur + mask)
                alphas = [q if len(moves) % 2 == 0 else -q - 1 for q in questions]
                done &= lo == hi or all(not lo <= a < hi for a in alphas)
            return done


def _merged(paths) -> tuple[Variant, dict[str, list], list[dict]]:
    if not paths:
        raise ValueError("status: no progress file given")
    runs = [load(p) for p in paths]
    v = Variant(**runs[0]["variant"])
    for other, p in zip(runs[1:], paths[1:]):
        if Variant(**other["variant"]) != v:
            raise ValueError(
                f"{p}: a run of {other['variant']['name']}, not {v.name} "
                "(progress files of different variants cannot be merged)"
            )
    return v, merge_settled(runs), runs


def _after(v: Variant, settled: dict[str, list], moves: str) -> tuple[tuple[int, int], dict[str, tuple[int, int]]]:
    """The bounds of the position after ``moves`` (for the player to move there) and of every legal drop
    from it (for the player making the drop)."""
    try:
        game = ConnectGame.from_moves(moves, variant=v)
    except Exception as e:  # BadPositionError: says which move and why
        raise ValueError(f"under {moves!r}: {e}") from None
    if game.is_over():
        raise ValueError(f"under {moves!r}: the game is over there")
    cur, mask, nb = board_for(v).from_game(game)
    return _bounds_of(settled, cur + mask), _drop_bounds(v, settled, cur, mask, nb)


def _bounds_of(settled: dict[str, list], key: int) -> tuple[int, int]:
    """What the runs proved about one position, for the player to move there ((-1, 1): nothing)."""
    got = settled.get(f"{key:x}")
    return (got[0], got[1]) if got else (-1, 1)


def _drop_bounds(v: Variant, settled: dict[str, list], cur: int, mask: int, nb: int) -> dict[str, tuple[int, int]]:
    """The proved bounds of every legal drop from a position, for the player making it."""
    drops = {}
    for m, score, child in children(v, cur, mask, nb):
        if child is None:  # a line completed, or the last cell: decided
            drops[m] = (sign(score), sign(score))
        else:
            clo, chi = _bounds_of(settled, child)
            drops[m] = (-chi, -clo)  # the child's bounds are the opponent's
    return drops


def _effort(runs) -> dict:
    """The nodes and seconds of search that several runs spent together."""
    return {"nodes": sum(r["nodes"] for r in runs), "seconds": round(sum(r["seconds"] for r in runs), 1)}


def status(*paths: Path) -> dict:
    """What (possibly unfinished) value runs have settled: the start's bounds, each first move's.
    Several progress files of the same variant (runs that shared the work) are merged: a position's
    bounds are the tightest any of them proved."""
    v, settled, runs = _merged(paths)
    (lo, hi), drops = _after(v, settled, "")
    first = {c: bounds_words(*b) for c, b in drops.items()}
    first_bounds = {c: list(b) for c, b in drops.items()}
    by_depth: dict[int, int] = {}
    for _, (l, h, moves) in settled.items():
        if l == h:
            by_depth[len(moves)] = by_depth.get(len(moves), 0) + 1
    return {
        "variant": v.name,
        "split": runs[0]["split"],
        "start": bounds_words(lo, hi),
        "start_bounds": [lo, hi],
        "first_moves": first,
        "first_move_bounds": first_bounds,
        "settled_exactly_by_discs": dict(sorted(by_depth.items())),
        "bounds_kept": len(settled),
        "searches_below_split": sum(r.get("searches", 0) for r in runs),
        **_effort(runs),
        "started": min(r.get("started", "") for r in runs),
    }


SHORT = {(1, 1): "W", (0, 0): "D", (-1, -1): "L", (0, 1): "≥D", (-1, 0): "≤D", (-1, 1): "?"}
"""One mark per bound pair, for the player making the move: win, draw, loss, not a loss, not a win, open."""


def under_text(tree: dict) -> str:
    """:func:`under` as a few lines: every drop's mark (:data:`SHORT`), then its replies' marks."""
    lines = [f"after {tree['position']} ({tree['to move']} to move): {tree['value']}"]
    for c, e in tree["drops"].items():
        line = f"  {c}: {SHORT[tuple(e['bounds'])]:<3}"
        if "replies" in e:
            line += "  replies " + " ".join(f"{r}:{SHORT[tuple(x['bounds'])]}" for r, x in e["replies"].items())
        lines.append(line)
    lines.append("  (W win, D draw, L loss, ≥D not a loss, ≤D not a win, ? open — for the player making the move)")
    return "\n".join(lines)


def under(paths, moves: str, levels: int = 2) -> dict:
    """What the runs settled below the position after ``moves``: its bounds, and for every drop from it
    (and, with ``levels=2``, every reply to that drop) what the runs proved for the player making it —
    the map of a run in progress, to see which replies are still open and share them out with
    ``--start-from``."""
    if not isinstance(moves, str):
        raise ValueError(f"under {moves!r}: a move string such as '52'")
    if levels not in (1, 2) or isinstance(levels, bool):
        raise ValueError(f"levels {levels!r}: 1 or 2")
    v, settled, _ = _merged(paths)

    def level(moves: str, deeper: bool) -> dict:
        who = mover(len(moves))
        (lo, hi), drops = _after(v, settled, moves)
        out = {
            "position": moves or "start",
            "to move": who,
            "bounds": [lo, hi],
            "value": bounds_words(lo, hi, who),
            "drops": {},
        }
        for c, (clo, chi) in drops.items():
            entry = {"bounds": [clo, chi], "value": bounds_words(clo, chi, who)}
            if deeper and (clo, chi) != (1, 1) and len(moves) + 1 < v.cells:
                entry["replies"] = level(moves + c, False)["drops"]
            out["drops"][c] = entry
        return out

    return level(moves, levels == 2)


def reach(paths, depth: int = 3) -> list[dict]:
    """How far the runs' proof reaches into the game: for every number of discs up to ``depth``, the
    distinct positions still being played, how many of them have every drop's outcome proved (win, draw
    or loss), how many have no drop left wholly open (each at least bounded: "no win" / "no loss"), and
    the same counts over the drops — the frontier a Hint reading only the proof would show without "?"."""
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0 or depth > 5:
        raise ValueError(f"depth {depth!r}: a whole number of discs from 0 to 5")
    v, settled, _ = _merged(paths)
    rows = []
    for d, level in enumerate(tree(v, depth)):
        row = {
            "discs": d,
            "positions": len(level),
            "all_exact": 0,
            "none_open": 0,
            "drops": 0,
            "drops_exact": 0,
            "drops_bounded": 0,
            "drops_open": 0,
        }
        for cur, mask, _ in level.values():
            marks = [
                "exact" if lo == hi else "open" if (lo, hi) == (-1, 1) else "bounded"
                for lo, hi in _drop_bounds(v, settled, cur, mask, d).values()
            ]
            row["drops"] += len(marks)
            for m in ("exact", "bounded", "open"):
                row[f"drops_{m}"] += marks.count(m)
            row["all_exact"] += all(m == "exact" for m in marks)
            row["none_open"] += "open" not in marks
        rows.append(row)
    return rows


def reach_text(rows: list[dict]) -> str:
    """:func:`reach` as a markdown table."""
    lines = [
        "| discs | positions | every drop proved | no drop open | drops proved | bounded only | open |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['discs']} | {r['positions']} | {r['all_exact']} | {r['none_open']} | "
            f"{r['drops_exact']}/{r['drops']} | {r['drops_bounded']} | {r['drops_open']} |"
        )
    return "\n".join(lines)


def verify(
    paths, sample: int, seed: int = 1, engine: str = "compiled", log=print, depth: int | None = None
) -> list[str]:
    """Re-solve ``sample`` positions the runs settled after ``depth`` discs (default: the split, where
    the compiled search answered; picked at random, the same for a seed) with a fresh solver set up
    differently — no dead-line pruning, the first table layout, or the pure-Python engine
    (``engine="python"``, slow: pick small samples) — and return every disagreement with the bounds
    kept.  An empty list: the sample agrees."""
    if not isinstance(sample, int) or isinstance(sample, bool) or sample < 1:
        raise ValueError(f"sample {sample!r}: a whole number of positions, at least 1")
    if engine not in ("compiled", "python"):
        raise ValueError(f"engine {engine!r}: 'compiled' or 'python'")
    v, settled, runs = _merged(paths)
    at = runs[0]["split"] if depth is None else depth
    entries = {k: (lo, hi, moves) for k, (lo, hi, moves) in settled.items() if (lo, hi) != (-1, 1) and len(moves) == at}
    picked = random.Random(seed).sample(sorted(entries.values(), key=lambda e: e[2]), min(sample, len(entries)))
    kw = {"engine": "python"} if engine == "python" else {"dead_lines": False, "table_layout": "split"}
    solver = Solver(v, **kw)
    bad = []
    b = board_for(v)
    for lo, hi, moves in picked:
        t = time.perf_counter()
        cur, mask, nb = b.from_game(ConnectGame.from_moves(moves, variant=v))
        # only the null windows the bounds claim: "≥ lo" and/or "≤ hi" (the run proved no more)
        if b.win(cur, b.board & ~mask) & (mask + b.bottom) & b.playable:
            got_lo = got_hi = 1  # the player to move completes a line at once
        else:
            got_lo, got_hi = -1, 1
            if lo > -1:
                r = solver.negamax(cur, mask, nb, lo - 1, lo)
                got_lo = lo if r >= lo else -1
                got_hi = min(got_hi, sign(r)) if r < lo else got_hi
            if hi < 1:
                r = solver.negamax(cur, mask, nb, hi, hi + 1)
                got_hi = hi if r <= hi else 1
                got_lo = max(got_lo, sign(r)) if r > hi else got_lo
        ok = got_lo >= lo and got_hi <= hi
        words = f"{got_lo:+d}..{got_hi:+d}" if got_lo != got_hi else f"{got_lo:+d}"
        log(
            f"  {moves or '(start)'}: kept {lo:+d}..{hi:+d}, re-solved {words} "
            f"({time.perf_counter() - t:.1f} s) {'ok' if ok else 'DISAGREES'}"
        )
        if not ok:
            bad.append(f"{moves or '(start)'}: kept {lo}..{hi}, re-solved {words}")
    return bad


def write_value_book(
    paths, out: Path | None = None, depth: int = 0, exact_budget: float | None = 60.0, log=print
) -> str:
    """Write the opening book the value runs prove: the exact score of every position up to ``depth``
    discs (0: the start alone; 1: the start and every first move).

    Every position after ``depth`` discs must have a proved win/draw/loss.  A proved draw is the exact
    score 0.  A proved win or loss says nothing of how soon, so its exact score is searched (at most
    ``exact_budget`` seconds each, ``None``: no limit).  The shallower positions are backed up from
    them and must agree with what the runs proved.  Anything open is refused, naming the positions.
    Returns the book's sha256."""
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise ValueError(f"depth {depth!r}: a whole number of discs, 0 or more")
    if exact_budget is not None and (
        isinstance(exact_budget, bool) or not isinstance(exact_budget, (int, float)) or not exact_budget > 0
    ):
        raise ValueError(f"exact_budget {exact_budget!r}: a number of seconds above 0, or None (no limit)")
    v, merged, runs = _merged(paths)
    if depth >= v.cells:
        raise ValueError(f"depth {depth}: at most {v.cells - 1} for {v.name}")
    settled = {int(k, 16): (lo, hi) for k, (lo, hi, _) in merged.items()}
    levels = tree(v, depth)
    deepest = sorted(levels[-1].items(), key=lambda e: e[1][2])  # in move order, for the messages
    who = mover(depth)
    open_ = [
        f"{moves or 'the start'} ({bounds_words(*settled.get(k, (-1, 1)), mover=who)})"
        for k, (_, _, moves) in deepest
        if settled.get(k, (-1, 1))[0] != settled.get(k, (-1, 1))[1]
    ]
    if open_:
        raise ValueError(
            f"the runs have not proved who wins after {depth} disc(s) everywhere: open at "
            + ", ".join(open_)
            + "; a book needs the exact score of every position it holds"
        )
    solver = Solver(v)
    leaves, searched = {}, []
    for k, (cur, mask, moves) in deepest:
        outcome = settled[k][0]
        if outcome == 0:
            leaves[k] = 0
            continue
        t = time.perf_counter()
        solver.deadline = None if exact_budget is None else t + exact_budget
        try:
            s = solver.solve_bits(cur, mask, depth)
        except OutOfTime:
            raise ValueError(
                f"{moves or 'the start'}: the runs proved {bounds_words(outcome, outcome, mover=who)}, "
                f"but its exact score was not found within {exact_budget:g} s (give more with --exact-budget)"
            ) from None
        finally:
            solver.deadline = None
        if sign(s) != outcome:
            raise ValueError(
                f"{moves or 'the start'}: the runs proved {outcome:+d}, the exact search found the score {s} — "
                "check the runs with value-verify"
            )
        leaves[k] = s
        searched.append(f"{moves or 'the start'}: {s:+d} ({time.perf_counter() - t:.1f} s)")
    scores = back_up(v, levels, leaves)
    for k, s in scores.items():
        lo, hi = settled.get(k, (-1, 1))
        if not lo <= sign(s) <= hi:
            moves = next(m for lv in levels for kk, (_, _, m) in lv.items() if kk == k)
            raise ValueError(f"{moves or 'the start'}: backed up to {s}, but the runs proved {lo}..{hi}")
    path = Path(out) if out is not None else default_path(v)
    names = " ".join(Path(p).name for p in paths)
    meta = {
        "command": f"python -m gamekit.connect.book value … (see docs/connect.md) && "
        f"python -m gamekit.connect.book value-book --depth {depth} --progress {names}",
        **_effort(runs),
        "built": time.strftime("%Y-%m-%d"),
        "proof": "win/draw/loss (gamekit.connect.wdl); drawn positions score 0, won and lost ones searched exactly"
        + (f": {'; '.join(searched)}" if searched else ""),
    }
    sha = write_book(v, depth, scores, path, meta)
    log(
        f"wrote {path}: {len(scores)} positions up to {depth} disc(s), the start {scores[next(iter(levels[0]))]:+d}, "
        f"sha256 {sha}"
    )
    return sha
