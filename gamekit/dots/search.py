"""The exact Dots and Boxes search behind :mod:`gamekit.dots.solver`: :class:`Solver`, one board size's
reusable search (its transposition table persists between calls), and the kinds of move list it works out.


How it works (pure Python)
--------------------------
Negamax alpha–beta over the drawn-lines bitmask (the position is fully determined by it),
with a transposition table of lower/upper bounds, and these reductions — each one exact:

* **Capturable boxes first.** A box with three sides whose last line does not lead to a
  box with exactly two sides missing is taken at once (taking it is always optimal).  When
  every capturable box leads into a chain (a neighbour with two sides missing), only two
  lines are searched: take the box, or the *double-dealing* line that leaves the last two
  boxes (four, in a loop) to the opponent (Berlekamp; Barker & Korf 2012).
* **One line per chain or loop.** Once no box is capturable, every line that gives boxes
  away belongs to one chain (a run of boxes with two sides missing) or one loop; all lines
  of a chain are equivalent, except in a chain of two, where the middle line (the
  "hard-hearted handout", which leaves no chance to double-deal) is at least as good.
  Chains not touching other structures (both ends on the border) and loops of equal length
  are interchangeable, so only one of each length is tried.
* **Canonical endgame values.** When no safe line is left and every component is an
  isolated chain or loop, the value is computed directly from the chain/loop lengths by
  the classic recursion: opening a chain of *n* ≥ 3 gives the opponent the choice between
  taking all (``-n - v``) and taking all but two (``4 - n + v``); for a loop ``-n - v`` or
  ``8 - n + v``; chains of 1 or 2 can only be taken whole (``-n - v``).

The reductions are checked against brute-force minimax in ``tests/dots/test_solver.py``.
"""

from __future__ import annotations

import time

from gamekit.i18n import tr
from gamekit.dots import fast
from gamekit.dots.rules import geometry
from gamekit.core.errors import SolverTimeout

__all__ = [
    "Solver",
    "TAKE",
    "TAKE_OR_DECLINE",
    "ORDINARY",
    "LOONY_ENDGAME",
]

INF = 10_000

# what :meth:`Solver.moves` says of a position (its first element)
TAKE = 0
"""A box to take at once: the one line given is at least as good as any other."""
TAKE_OR_DECLINE = 1
"""Boxes on offer at the mouth of a chain: the lines are the takes (one per group on offer, first)
and the double-dealing lines that decline a group."""
ORDINARY = 2
"""No box on offer: safe lines first, then one line per chain or loop."""
LOONY_ENDGAME = 3
"""No safe line and only isolated chains and loops: the value follows from their lengths."""


class Solver:
    """A reusable solver for one board size; its transposition table persists between calls."""

    safe_only: bool = False
    """The safe-phase game (class flag, both engines): in an ordinary position with at least one safe line,
    only the safe lines are candidates — neither side gives a box away while a safe line is left.
    :class:`gamekit.dots.players.SafePhaseSolver` sets it; the full game (False) is the default."""

    def __init__(self, width: int, height: int, max_table: int = 1_000_000, compiled: bool | None = None):
        g = geometry(width, height)
        self.geometry = g
        self.nb, self.nl = g.n_boxes, g.n_lines
        self.full = (1 << self.nl) - 1
        self.line_boxes = g.line_boxes
        self.box_lines = g.box_lines
        self.box_mask = [sum(1 << l for l in ls) for ls in g.box_lines]
        # for each box: ((line, box on the other side or -1 for the border), ...)
        nbrs = []
        for b, ls in enumerate(g.box_lines):
            row = []
            for l in ls:
                others = [o for o in g.line_boxes[l] if o != b]
                row.append((l, others[0] if others else -1))
            nbrs.append(tuple(row))
        self.nbrs = tuple(nbrs)
        # for each line: ((box, other side), ...)
        self.line_ends = tuple(tuple((b, next((o for o in lb if o != b), -1)) for b in lb) for lb in g.line_boxes)
        self.tt: dict[int, tuple] = {}  # drawn -> (lower, upper, best line, candidate lines)
        self.dp: dict[tuple, int] = {}
        self.max_table = max_table
        self.nodes = 0
        self.deadline = None
        self.node_limit = 1 << 62
        self.drawn = 0
        self.deg: list[int] = []
        self.remaining = 0
        self.m1 = self.m2 = 0
        # the compiled search (gamekit.dots.fast) answers value/best when numba is there, the board fits
        # 64 lines and no subclass changed the move list (safe_only is a mode of both engines' move lists);
        # compiled=False forces the pure-Python search
        usable = fast.available() and fast.fits(width, height) and type(self).moves is Solver.moves
        if compiled and not usable:
            raise ValueError(
                tr(
                    "compiled=True: the compiled search needs numba, a board of at most 64 lines and the standard "
                    "move list"
                )
            )
        self.compiled = usable if compiled is None else bool(compiled)
        self._fast: fast.CompiledSearch | None = None

    # ----- state ---------------------------------------------------------
    def _set(self, drawn: int) -> None:
        self.drawn = drawn
        self.deg = [4 - bin(drawn & m).count("1") for m in self.box_mask]
        self.remaining = sum(1 for d in self.deg if d)
        self.m1 = sum(1 << b for b, d in enumerate(self.deg) if d == 1)
        self.m2 = sum(1 << b for b, d in enumerate(self.deg) if d == 2)

    def _play(self, line: int) -> int:
        self.drawn |= 1 << line
        deg, k = self.deg, 0
        for b in self.line_boxes[line]:
            d = deg[b] - 1
            deg[b] = d
            if d == 2:
                self.m2 |= 1 << b
            elif d == 1:
                self.m2 ^= 1 << b
                self.m1 |= 1 << b
            elif not d:
                self.m1 ^= 1 << b
                k += 1
        self.remaining -= k
        return k

    def _undo(self, line: int, k: int) -> None:
        self.drawn &= ~(1 << line)
        deg = self.deg
        for b in self.line_boxes[line]:
            d = deg[b] + 1
            deg[b] = d
            if d == 1:
                self.m1 |= 1 << b
            elif d == 2:
                self.m1 ^= 1 << b
                self.m2 |= 1 << b
            elif d == 3:
                self.m2 ^= 1 << b
        self.remaining += k

    # ----- the reduced move list -----------------------------------------
    def moves(self) -> tuple[int, list[int], tuple | None]:
        """Candidate lines for the player to move in the loaded position — the search's move list, and the
        hook a subclass may override to search fewer lines (a subclass that does runs the pure-Python search).

        With ``safe_only`` (the safe-phase game, see :class:`gamekit.dots.players.SafePhaseSolver`), an
        ordinary position with at least one safe line offers only its safe lines.

        Returns ``(kind, lines, dp_key)``: kind :data:`TAKE` = one forced capture,
        :data:`TAKE_OR_DECLINE` = capture or double-deal (every group on offer), :data:`ORDINARY` =
        safe lines first, then one line per chain/loop, :data:`LOONY_ENDGAME` = simple loony endgame
        whose value is ``self._dp(dp_key)`` (lines still given).
        """
        deg, drawn, nbrs = self.deg, self.drawn, self.nbrs
        m1 = self.m1
        if m1:
            # Every capturable box: a take that hands nothing on is played at once; otherwise each box
            # leading into a chain is a group that may be taken or declined (double-dealt).  With two or
            # more groups on offer, any of them may be the one best declined last, so every group's take
            # and every group's double-deal is a candidate (taking one group first never loses a choice).
            takes: list[int] = []
            declines: list[int] = []
            forced = -1
            while m1:
                low = m1 & -m1
                m1 ^= low
                b = low.bit_length() - 1
                for l, o in nbrs[b]:
                    if not drawn >> l & 1:
                        break
                if o < 0 or deg[o] != 2:
                    return TAKE, [l], None
                if l in takes:
                    continue
                for m, o2 in nbrs[o]:
                    if m != l and not drawn >> m & 1:
                        break
                if o2 >= 0 and deg[o2] == 2:
                    # declining here would hand over more than the last two boxes: only worth it
                    # when exactly two more follow and the far one is capturable (the last four of a loop)
                    for m3, o3 in nbrs[o2]:
                        if m3 != m and not drawn >> m3 & 1:
                            break
                    if o3 < 0 or deg[o3] != 1:
                        # this group is taken whatever happens later: take it now (takes commute)
                        if forced < 0:
                            forced = l
                        continue
                takes.append(l)
                if m not in declines:
                    declines.append(m)
            if forced >= 0:
                return TAKE, [forced], None
            return TAKE_OR_DECLINE, takes + [m for m in declines if m not in takes], None
        m2 = self.m2
        box_mask = self.box_mask
        unsafe = 0
        rem = m2
        while rem:
            low = rem & -rem
            rem ^= low
            unsafe |= box_mask[low.bit_length() - 1]
        safe_mask = self.full & ~drawn & ~unsafe
        lines: list[int] = []
        while safe_mask:
            low = safe_mask & -safe_mask
            safe_mask ^= low
            lines.append(low.bit_length() - 1)
        if not m2:
            return ORDINARY, lines, None
        n_safe = len(lines)
        if n_safe and self.safe_only:
            return ORDINARY, lines, None
        sacrifices: list[tuple[int, int]] = []
        seen_iso: set = set()
        iso_key: list[tuple[int, int]] = []
        simple = True
        rem = m2
        while rem:
            low = rem & -rem
            b = low.bit_length() - 1
            visited = low
            # walk the chain/loop through box b in both directions
            n = 1
            term = 0  # ends on the border
            loop = False
            mid = -1
            rep = -1
            for l0, o0 in nbrs[b]:
                if drawn >> l0 & 1:
                    continue
                rep = l0
                prev_line, cur = l0, o0
                while True:
                    if cur < 0:
                        term += 1
                        break
                    if cur == b:
                        loop = True
                        break
                    if deg[cur] != 2:
                        break
                    if n == 1:
                        mid = prev_line
                    visited |= 1 << cur
                    n += 1
                    for l2, o2 in nbrs[cur]:
                        if l2 != prev_line and not drawn >> l2 & 1:
                            break
                    prev_line, cur = l2, o2
                if loop:
                    break
            rem &= ~visited
            if n == 2 and not loop:
                rep = mid
            if loop:
                key = (1, n)
            elif term == 2:
                key = (0, n)
            else:
                sacrifices.append((n, rep))
                simple = False
                continue
            iso_key.append(key)
            if key not in seen_iso:
                seen_iso.add(key)
                sacrifices.append((n, rep))
        sacrifices.sort()
        lines.extend(l for _, l in sacrifices)
        if not n_safe and simple:
            return LOONY_ENDGAME, lines, tuple(sorted(iso_key))
        return ORDINARY, lines, None

    def _dp(self, comps: tuple) -> int:
        """Value for the player who must open one of these isolated chains ``(0, n)`` / loops ``(1, n)``."""
        if not comps:
            return 0
        v = self.dp.get(comps)
        if v is not None:
            return v
        best = -INF
        done = set()
        for i, c in enumerate(comps):
            if c in done:
                continue
            done.add(c)
            rest = self._dp(comps[:i] + comps[i + 1 :])
            kind, n = c
            if kind == 0:
                val = -n - rest if n <= 2 else min(-n - rest, 4 - n + rest)
            else:
                val = min(-n - rest, 8 - n + rest)
            if val > best:
                best = val
        self.dp[comps] = best
        return best

    # ----- search --------------------------------------------------------
    def _search(self, alpha: int, beta: int) -> int:
        R = self.remaining
        if not R:
            return 0
        self.nodes += 1
        if not self.nodes & 1023 and (
            self.nodes > self.node_limit or (self.deadline is not None and time.perf_counter() > self.deadline)
        ):
            raise SolverTimeout()
        if self.m1:
            kind, lines, _ = self.moves()
            if kind == TAKE:
                l = lines[0]
                k = self._play(l)
                v = k + self._search(alpha - k, beta - k)
                self._undo(l, k)
                return v
            best = -INF
            for l in lines:
                k = self._play(l)
                v = k + self._search(alpha - k, beta - k) if k else -self._search(-beta, -alpha)
                self._undo(l, k)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best
        # no box on offer: transposition table with bounds (and the move list, kept for revisits)
        if alpha >= R:
            return R
        if beta <= -R:
            return -R
        drawn = self.drawn
        tt = self.tt
        entry = tt.get(drawn)
        if entry is None:
            kind, lines, key = self.moves()
            if kind == LOONY_ENDGAME:
                v = self._dp(key)
                if len(tt) >= self.max_table:
                    tt.clear()
                tt[drawn] = (v, v, lines[0] if lines else -1, lines)
                return v
            lo, hi = -R, R
        else:
            lo, hi, bm, lines = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if bm >= 0 and lines[0] != bm:
                lines = list(lines)
                lines.remove(bm)
                lines.insert(0, bm)
        a0, b0 = max(alpha, lo), min(beta, hi)
        if a0 >= b0:
            return a0
        alpha, beta = a0, b0
        # enhanced transposition cutoff: a child already known to be good enough ends the search here
        for l in lines:
            child = tt.get(drawn | 1 << l)
            if child is not None and -child[1] >= beta:
                v = -child[1]
                if len(tt) >= self.max_table:
                    tt.clear()
                tt[drawn] = (max(lo, v), hi, l, lines)
                return v
        best, best_line = -INF, -1
        for l in lines:
            self._play(l)  # no box is capturable here, so no line completes one
            v = -self._search(-beta, -alpha)
            self._undo(l, 0)
            if v > best:
                best, best_line = v, l
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        # the value has the parity of the boxes left (mine + theirs = R), so bounds round inwards
        if best <= a0:
            if (best - R) & 1:
                best -= 1
            hi = min(hi, best)
        elif best >= b0:
            if (best - R) & 1:
                best += 1
            lo = max(lo, best)
        else:
            lo = hi = best
        if len(tt) >= self.max_table:
            tt.clear()
        tt[drawn] = (lo, hi, best_line, lines)
        return best

    def _mtdf(self, guess: int) -> int:
        """MTD(f): a series of null-window searches converging on the exact value."""
        lo, hi = -self.remaining, self.remaining
        g = max(lo, min(hi, guess))
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._search(beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    # public names for the incremental position (players and analysis use these, not the _private ones)
    def set_position(self, drawn: int) -> None:
        """Load the position given by its drawn-lines bitmask."""
        self._set(drawn)

    def play_line(self, line: int) -> int:
        """Draw ``line`` in the loaded position; returns the boxes it completed (the mover keeps the turn if > 0)."""
        return self._play(line)

    @property
    def drawn_mask(self) -> int:
        """Drawn-lines bitmask of the loaded position."""
        return self.drawn

    def _start(self, drawn: int, timeout: float | None, max_nodes: int | None) -> None:
        self._set(drawn)
        self.deadline = None if timeout is None else time.perf_counter() + timeout
        self.node_limit = 1 << 62 if max_nodes is None else self.nodes + max_nodes

    def _stop(self, drawn: int) -> None:
        self.deadline = None
        self.node_limit = 1 << 62
        self._set(drawn)

    def value(self, drawn: int, timeout: float | None = None, max_nodes: int | None = None) -> int:
        """Exact value (mover's boxes minus the other's, over boxes not yet taken) of a drawn-lines mask.

        Raises :class:`SolverTimeout` after ``timeout`` seconds or about ``max_nodes`` nodes.
        """
        self._start(drawn, timeout, max_nodes)
        try:
            if self.compiled:
                return self._child_exact(drawn, 0)
            return self._mtdf(0)
        finally:
            self._stop(drawn)

    def candidates(self, drawn: int) -> list[int]:
        """The reduced list of lines the search considers (every other line is no better than one of them)."""
        self._set(drawn)
        return list(self.moves()[1])

    def best(
        self, drawn: int, timeout: float | None = None, among: list[int] | None = None, max_nodes: int | None = None
    ) -> tuple[int, list[tuple[int, int]]]:
        """``(value, [(line, value), ...])`` over the candidate lines (or ``among``), best first.

        Values of lines that are not best are upper bounds (alpha–beta does not need them exactly).
        """
        self._start(drawn, timeout, max_nodes)
        try:
            lines = list(self.moves()[1]) if among is None else list(among)
            entry = self.tt.get(drawn)
            if entry is not None and entry[2] in lines:
                lines.remove(entry[2])
                lines.insert(0, entry[2])
            results = []
            alpha = -INF
            for l in lines:
                k = self._play(l)
                sign = 1 if k else -1
                if self.compiled:
                    child = self.drawn
                    self._undo(l, k)
                    if alpha > -INF:
                        t = (
                            k + self._child_window(child, alpha - k, alpha + 1 - k)
                            if k
                            else -self._child_window(child, -alpha - 1, -alpha)
                        )
                        v = t if t <= alpha else k + sign * self._child_exact(child, sign * (t - k))
                    else:
                        v = k + sign * self._child_exact(child, 0)
                    results.append((l, v))
                    if v > alpha:
                        alpha = v
                    continue
                if alpha > -INF:
                    # null-window test: can this line beat the best so far?
                    t = k + self._search(alpha - k, alpha + 1 - k) if k else -self._search(-alpha - 1, -alpha)
                    v = t if t <= alpha else k + sign * self._mtdf(sign * (t - k))
                else:
                    v = k + sign * self._mtdf(0)
                self._undo(l, k)
                results.append((l, v))
                if v > alpha:
                    alpha = v
            results.sort(key=lambda t: -t[1])
            return (results[0][1] if results else 0), results
        finally:
            self._stop(drawn)

    # ----- the compiled search --------------------------------------------
    def _engine(self) -> fast.CompiledSearch:
        if self._fast is None:
            bits = max(12, (4 * self.max_table - 1).bit_length())  # 2^22 slots for the default 1 000 000
            self._fast = fast.CompiledSearch(self.geometry, table_bits=bits, safe_only=self.safe_only)
        return self._fast

    def _budget(self) -> int:
        left = self.node_limit - self.nodes
        if left <= 0:
            raise SolverTimeout()
        return left

    def _child_exact(self, drawn: int, guess: int) -> int:
        engine = self._engine()
        before = engine.nodes
        try:
            return engine.exact(drawn, guess, self.deadline, self._budget())
        finally:
            self.nodes += engine.nodes - before

    def _child_window(self, drawn: int, alpha: int, beta: int) -> int:
        engine = self._engine()
        before = engine.nodes
        try:
            return engine.value(drawn, alpha, beta, self.deadline, self._budget())
        finally:
            self.nodes += engine.nodes - before

    # ----- quick estimates for the CPU player's middle game ---------------
    def safe_mask(self) -> int:
        """Bitmask of the safe lines in the current (``_set``) position."""
        unsafe, rem = 0, self.m1 | self.m2
        while rem:
            low = rem & -rem
            rem ^= low
            unsafe |= self.box_mask[low.bit_length() - 1]
        return self.full & ~self.drawn & ~unsafe

    def estimate(self) -> int:
        """Rough value for the player to move in the current position once no safe line is left:
        exact for isolated chains and loops, otherwise every chain is treated as if isolated."""
        deg, drawn, nbrs = self.deg, self.drawn, self.nbrs
        comps = []
        rem = self.m2
        while rem:
            low = rem & -rem
            b = low.bit_length() - 1
            visited, n, loop = low, 1, False
            for l0, o0 in nbrs[b]:
                if drawn >> l0 & 1:
                    continue
                prev_line, cur = l0, o0
                while cur >= 0 and cur != b and deg[cur] == 2:
                    visited |= 1 << cur
                    n += 1
                    for l2, o2 in nbrs[cur]:
                        if l2 != prev_line and not drawn >> l2 & 1:
                            break
                    prev_line, cur = l2, o2
                if cur == b:
                    loop = True
                    break
            rem &= ~visited
            comps.append((1 if loop else 0, n))
        # boxes not in any chain (joints) are counted as short chains of one
        rest = self.remaining - sum(n for _, n in comps)
        comps.extend([(0, 1)] * max(0, rest) if rest <= 6 else [(0, rest)])
        return self._dp(tuple(sorted(comps)))
