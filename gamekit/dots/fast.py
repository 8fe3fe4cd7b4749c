"""Compiled search of the exact Dots and Boxes solver (numba), with the pure-Python solver as the fallback.

The pure-Python :class:`gamekit.dots.search.Solver` spends its time in the move generator and the
negamax loop.  Here the same search — the same reduced move list, the same values — is written for
numba over a 64-bit drawn-lines word, so every board with at most 64 lines fits (3×3: 24 lines,
4×4: 40, 5×4: 49, 5×5: 60).  What the compiled search does (Barker and Korf, "Solving
Dots-And-Boxes", AAAI 2012), each step exact and measured on its own in ``python -m benchmarks.dots``:

* **Transposition table keyed by the drawn lines only.**  The value of the boxes still to take does
  not depend on the score so far, so the key is the drawn-lines word.  A fixed table of
  ``2**bits`` slots of 16 bytes (key + 1; lower bound, upper bound, best line and work packed in one
  word) in buckets of four, one cache line: a new entry replaces the one whose search took least work
  (``four_way=False``: buckets of two, the entry whose search took more nodes keeps the first slot and
  the second is always replaced; with ``two_tier=False`` too: one slot, always replaced).  The table
  is probed before the move list is generated: most nodes without a box on offer end there.  The slot
  is read from the key's product with a large odd number with its high half folded in (``hash_mix``;
  without it lines 42 and up of a 5×4 key never moved the slot).
* **Captures.**  A box whose last line hands nothing on is taken at once; at the mouth of a chain
  only the takes and the all-but-two double-dealing lines are searched (every group's, when several
  are on offer).
* **Loony bound.**  Opening a chain of n ≥ 3 boxes is worth at most -(n - 2) to the mover, a loop of
  n at most -(n - 4) (the opponent can take all or all but two / four, and the better of the two
  gives it at least n - 2 / n - 4 whatever the rest is worth); rounded to the parity of the boxes
  left, the bound stands in for searching the line whenever it cannot beat alpha
  (``loony_bound=False``: searched).
* **Move ordering.**  Safe lines (no third side) first, centre first; then one line per chain or
  loop, shortest first; the table's best line first of all.
* **Symmetry.**  Rotations and reflections of the board (4 on a rectangle, 8 on a square) map
  positions of equal value onto each other; the table key is the smallest image (byte-wise lookup
  tables make an image eight loads and ORs).  Only the symmetries that move at most ``sym_reach`` (default
  :data:`SYM_REACH`) of the search's drawn lines onto undrawn ones are folded in: two positions of one search
  can only be images under s if both hold ``drawn | s(drawn)``, so far images meet only deep in the tree, where
  they cost more than they find (from the empty board, every symmetry is folded in).  On a rectangle,
  folding in every symmetry does not pay: with the mixed hash and the smaller tree the 4 images find little
  (5×4, 36 undrawn: 0.2 % of the nodes, for 10 % of the time).
* **A corner box's border lines are one move** (``ground=False``: not).  Both are strings from that
  coin to the ground, so swapping them maps every position onto one of equal value: of a box's
  undrawn border lines only the first is a candidate, and the table key only counts how many of them
  are drawn (the search keeps its positions in that normal form, :meth:`CompiledSearch.normal`).
* **One of twin chains** (``twins=False``: every chain).  Chains with the same two ends (a junction
  box or the ground) and the same length are interchangeable: one of them is tried.
* **Enhanced transposition cutoff.**  Where at least ``etc_lines`` lines are undrawn (default 16:
  below that the probes cost more than they save), a child the table already knows to be good
  enough ends the search before any child is searched; a short sacrifice is probed as the position
  after the opponent's forced takes (``etc_sacrifice``), and a child's known upper bound on its line
  stands for the line where it cannot beat alpha, as the loony bound does (``etc_bound``).  A long
  chain or loop is probed as the rest, all of it drawn (``etc_long``): the opponent takes all and moves
  there or leaves the last two (four) and makes us move there, so the rest's bounds bound the line both
  ways.  Every child's bucket is prefetched before the first probe (``prefetch``), so the loads overlap.
* **A chain's end is searched once** (``chain_end``).  At a chain's last two boxes, taking them and
  leaving them reach the same position: one search of it, with a window that answers both replies.
* **Chains and loops at the leaves.**  With no safe line left and only isolated chains and loops,
  the value follows from their lengths (the canonical recursion), with no search (and no table entry).

``safe_only=True`` searches the safe-phase game instead (Hard's middle game,
:class:`gamekit.dots.players.SafePhaseSolver`): in an ordinary position with at least one safe line,
only the safe lines are candidates.

``available()`` says whether the compiled search can be used (numba importable and
``GAMEKIT_PURE_PYTHON`` not set); ``fits(width, height)`` whether a board fits the 64-bit word.
The first call in a new environment compiles the search (a few seconds; numba caches the machine
code next to this file or in its user cache, so later processes only load it).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from gamekit import compiled
from gamekit.dots.rules import geometry as _geometry

__all__ = ["available", "fits", "CompiledSearch", "symmetries", "SYM_REACH"]

SYM_REACH = 4
"""Symmetries that move more drawn lines than this onto undrawn ones are left out of a search's key
(``sym_reach="auto"``, the default)."""


available = compiled.available
"""True when numba can be imported and the fallback is not forced (:mod:`gamekit.compiled`)."""


def fits(width: int, height: int) -> bool:
    """Whether the board's lines fit the compiled search's 64-bit word."""
    return 2 * width * height + width + height <= 64


def symmetries(geometry) -> list[list[int]]:
    """Line permutations of the board's symmetries (identity first): 4 on a rectangle, 8 on a square."""
    w, h = geometry.width, geometry.height
    maps = [lambda x, y: (x, y), lambda x, y: (w - x, y), lambda x, y: (x, h - y), lambda x, y: (w - x, h - y)]
    if w == h:
        maps += [lambda x, y: (y, x), lambda x, y: (h - y, x), lambda x, y: (y, w - x), lambda x, y: (h - y, w - x)]
    index = {}
    for l in range(geometry.n_lines):
        index[frozenset(geometry.line_dots(l))] = l
    perms = []
    for f in maps:
        perms.append([index[frozenset(f(*d) for d in geometry.line_dots(l))] for l in range(geometry.n_lines)])
    return perms


_kernels = None


def _compile():
    """The compiled kernels (imported, hence compiled or loaded from numba's cache, on first use)."""
    global _kernels
    if _kernels is None:
        from gamekit.dots import kernels

        _kernels = (kernels.search, kernels.mtdf, kernels.gen_moves)
    return _kernels


@lru_cache(maxsize=None)
def _board_tables(width: int, height: int, use_symmetry: bool):
    """The arrays of a board size that never change (built once per size and process)."""
    geometry = _geometry(width, height)
    nb, nl = geometry.n_boxes, geometry.n_lines
    nbl = np.full((nb, 4), -1, dtype=np.int64)
    nbo = np.full((nb, 4), -1, dtype=np.int64)
    for b, ls in enumerate(geometry.box_lines):
        for i, l in enumerate(ls):
            others = [o for o in geometry.line_boxes[l] if o != b]
            nbl[b, i] = l
            nbo[b, i] = others[0] if others else -1
    lb = np.full((nl, 2), -1, dtype=np.int64)
    for l, bs in enumerate(geometry.line_boxes):
        for i, b in enumerate(bs):
            lb[l, i] = b
    # safe lines centre first: by the distance of the line's midpoint from the board's centre
    cx, cy = geometry.width / 2, geometry.height / 2

    def dist(l):
        (x1, y1), (x2, y2) = geometry.line_dots(l)
        return ((x1 + x2) / 2 - cx) ** 2 + ((y1 + y2) / 2 - cy) ** 2, l

    order = np.array(sorted(range(nl), key=dist), dtype=np.int64)
    perms = symmetries(geometry) if use_symmetry else [list(range(nl))]
    perm = np.array(perms, dtype=np.int64)
    inv = np.zeros_like(perm)
    for s, p in enumerate(perms):
        inv[s, p] = np.arange(nl)
    # symtab[s, byte, v]: the image under symmetry s of the lines 8*byte.. set in v
    symtab = np.zeros((len(perms), 8, 256), dtype=np.uint64)
    values = np.arange(256)
    for s, p in enumerate(perms):
        for l in range(nl):
            byte, bit = divmod(l, 8)
            symtab[s, byte, (values >> bit) & 1 == 1] |= np.uint64(1 << p[l])
    for a in (nbl, nbo, lb, order, perm, inv, symtab):
        a.flags.writeable = False
    return nbl, nbo, lb, order, perm, inv, symtab


@lru_cache(maxsize=None)
def _ground_tables(width: int, height: int, ground: bool):
    """The border-line groups of a board size: for each box with two or more border lines (the corners; every
    box of a board one box wide), ``gmask`` the lines, ``gfirst[g, c]`` the first c of them (by index),
    ``glines`` them (-1 padded); per line ``gid`` its group (-1: none) and ``gskip`` the lines of its group
    before it.  ``ground=False``: no groups (the reduction off)."""
    geometry = _geometry(width, height)
    nl = geometry.n_lines
    groups = []
    if ground:
        for ls in geometry.box_lines:
            border = sorted(l for l in ls if len(geometry.line_boxes[l]) == 1)
            if len(border) >= 2:
                groups.append(border)
    ng = len(groups)
    gmask = np.zeros(max(ng, 1), dtype=np.uint64)
    gfirst = np.zeros((max(ng, 1), 5), dtype=np.uint64)
    glines = np.full((max(ng, 1), 4), -1, dtype=np.int64)
    gid = np.full(nl, -1, dtype=np.int64)
    gskip = np.zeros(nl, dtype=np.uint64)
    for g, border in enumerate(groups):
        for j, l in enumerate(border):
            gmask[g] |= np.uint64(1 << l)
            gfirst[g, j + 1] = gfirst[g, j] | np.uint64(1 << l)
            glines[g, j] = l
            gid[l] = g
            gskip[l] = gfirst[g, j]
    for a in (gmask, gfirst, glines, gid, gskip):
        a.flags.writeable = False
    return gmask, gfirst, glines, gid, gskip, ng


CACHE_LINE = 64


def aligned_zeros(shape: tuple[int, int], align: int = CACHE_LINE) -> np.ndarray:
    """A C-ordered uint64 array of zeros whose first byte sits on an ``align``-byte boundary.

    NumPy aligns a large array to 16 bytes only, so a table bucket of four slots (64 bytes) straddled two cache
    lines: every probe loaded two lines, and the prefetch of a bucket fetched only the first (measured:
    docs/dots.md)."""
    if not (isinstance(align, int) and align > 0 and align % 8 == 0):
        raise ValueError(f"align={align!r}: must be a positive multiple of 8 bytes")
    n = int(np.prod(shape))
    raw = np.zeros(n + align // 8, dtype=np.uint64)
    skip = (-raw.ctypes.data % align) // 8
    return raw[skip : skip + n].reshape(shape)


class CompiledSearch:
    """The compiled search for one board size, with its own transposition table (``2**table_bits`` slots).

    ``value(drawn, alpha, beta)`` is the exact negamax value within the window (fail-soft bounds outside
    it), ``exact(drawn)`` the exact value (MTD(f)); both raise :class:`gamekit.SolverTimeout` past the
    deadline (``time.perf_counter()`` seconds, or None) or the node limit.  ``nodes`` counts nodes searched.

    The options turn single reductions on or off, for measuring them (``python -m benchmarks.dots --solver``):
    ``use_symmetry``, ``sym_reach`` (a number of lines; None: every symmetry, always; "auto": :data:`SYM_REACH`),
    ``etc_lines`` (0: no ETC), ``loony_bound``,
    ``two_tier``, ``ground`` (the border lines of a corner box are one move, and the table key only counts
    how many of them are drawn), ``twins`` (of chains with the same ends and length, one is tried); ``use_history``
    and ``killers`` (off: both add nodes) reorder the safe lines;
    ``hash_mix`` (every line of a key moves its table slot) and ``prefetch`` (the cutoff's probes load their buckets
    side by side) only change how fast; ``etc_long`` (the cutoff probes the rest after a long chain or loop) and
    ``chain_end`` (a chain's end searched once for both replies) shrink the tree.  ``contract`` (off by default:
    a smaller tree, but slower so far; docs/dots.md, "seventh pass") files positions under their contracted
    strings-and-coins graph (:meth:`contracted_key`), a 64-bit hash, in searches where no symmetry is folded in.
    Every setting gives the same values.
    """

    def __init__(
        self,
        geometry,
        table_bits: int = 22,
        use_symmetry: bool = True,
        use_history: bool = False,
        etc_lines: int = 16,
        safe_only: bool = False,
        loony_bound: bool = True,
        killers: bool = False,
        two_tier: bool = True,
        sym_reach: int | None | str = "auto",
        ground: bool = True,
        twins: bool = True,
        etc_sacrifice: bool = True,
        etc_bound: bool = True,
        four_way: bool = True,
        hash_mix: bool = True,
        prefetch: bool = True,
        chain_end: bool = True,
        etc_long: bool = True,
        contract: bool = False,
    ):
        if not fits(geometry.width, geometry.height):
            raise ValueError(f"{geometry.width}×{geometry.height}: {geometry.n_lines} lines do not fit 64 bits")
        for name, flag in (
            ("use_symmetry", use_symmetry),
            ("use_history", use_history),
            ("safe_only", safe_only),
            ("loony_bound", loony_bound),
            ("killers", killers),
            ("two_tier", two_tier),
            ("ground", ground),
            ("twins", twins),
            ("etc_sacrifice", etc_sacrifice),
            ("etc_bound", etc_bound),
            ("four_way", four_way),
            ("hash_mix", hash_mix),
            ("prefetch", prefetch),
            ("chain_end", chain_end),
            ("etc_long", etc_long),
            ("contract", contract),
        ):
            if not isinstance(flag, bool):
                raise TypeError(f"{name}={flag!r}: True or False")
        if sym_reach == "auto" and isinstance(sym_reach, str):
            sym_reach = SYM_REACH
        if sym_reach is not None and (isinstance(sym_reach, bool) or not isinstance(sym_reach, int) or sym_reach < 0):
            raise ValueError(
                f"sym_reach={sym_reach!r}: a number of lines (0 or more), None for every symmetry, or 'auto'"
            )
        self.geometry = geometry
        nb, nl = geometry.n_boxes, geometry.n_lines
        self.nb, self.nl = nb, nl
        (self.nbl, self.nbo, self.lb, self.order, self.perm, self.inv, self.symtab) = _board_tables(
            geometry.width, geometry.height, use_symmetry
        )
        self.nsym = len(self.perm)
        self.ground = _ground_tables(geometry.width, geometry.height, ground)
        # per symmetry: 1 if it can map a normal position (ground_normal) to one that is not
        gmask, _, glines, _, _, ng = self.ground
        self.gsym = np.zeros(self.nsym, dtype=np.int64)
        for s, p in enumerate(self.perm):
            for g in range(ng):
                lines = [int(l) for l in glines[g] if l >= 0]
                image = [int(p[l]) for l in lines]
                if image != sorted(image):
                    self.gsym[s] = 1
        self.sym_reach = sym_reach
        self.syms = np.arange(self.nsym, dtype=np.int64)  # the symmetries the key folds in this call
        self.nsym_used = self.nsym
        size = 1 << table_bits
        self.tmask = size - 1
        # zeroed pages are only touched when used, so a big table costs nothing up front
        # per slot (key + 1, entry): the entry packs lower bound, upper bound (int8 each), best line + 1 (0: none)
        # and work (the bit length of the nodes the entry's search took) into bytes 0-3, so a four-slot bucket
        # is 64 bytes: one cache line, as long as the table starts on one (:func:`aligned_zeros`)
        self.tt = aligned_zeros((size, 2))
        self.moves = np.zeros((nl + 2, nl + 1), dtype=np.int64)
        # per depth: components (first nb + 1) and chain candidates (the rest) of the move generator
        self.ckind = np.zeros((nl + 2, max(2 * (nb + 1), nl + 1)), dtype=np.int64)
        self.clen = np.zeros((nl + 2, max(2 * (nb + 1), nl + 1)), dtype=np.int64)
        self.frames = np.zeros((nl + 2, 17), dtype=np.int64)
        self.fdrawn = np.zeros((2, nl + 2), dtype=np.uint64)  # drawn lines and table key per depth
        self.hist = np.zeros(nl, dtype=np.int64)
        self.use_history = use_history
        self.etc_lines = etc_lines
        self.safe_only = bool(safe_only)
        self.work = np.zeros(4 * (nb + 1) + (1 << 14), dtype=np.int64)  # the loony endgame's scratch space
        self.stats = np.zeros(2, dtype=np.int64)
        self.bms = np.zeros(2, dtype=np.uint64)  # masks of the boxes with one / two undrawn lines
        self.simg = np.zeros(8, dtype=np.uint64)  # scratch: a node's images under the symmetries
        self.etck = np.zeros((3, nl + 1), dtype=np.uint64)  # scratch: the cutoff's child keys, boxes taken, buckets
        # per depth: the boxes of the long chain or loop each line opens (the move generator's), then scratch
        self.cbox = np.zeros((nl + 2, 2 * (nl + 1)), dtype=np.uint64)
        # the contracted key's junction lines (far end, chain boxes), then scratch (:func:`kernels.key_delta`)
        self.cport = np.zeros((5, max(4 * nb, 16)), dtype=np.int64)
        self.chs = np.zeros((2, max(4 * nb, 16)), dtype=np.uint64)
        from gamekit.dots import kernels

        self.flags = (
            (kernels.LOONY_BOUND if loony_bound else 0)
            | (kernels.KILLERS if killers else 0)
            | (kernels.TWO_TIER if two_tier else 0)
            | (kernels.TWINS if twins else 0)
            | (kernels.ETC_SACRIFICE if etc_sacrifice else 0)
            | (kernels.ETC_BOUND if etc_bound else 0)
            | (kernels.FOUR_WAY if four_way else 0)
            | (kernels.HASH_MIX if hash_mix else 0)
            | (kernels.PREFETCH if prefetch else 0)
            | (kernels.CHAIN_END if chain_end else 0)
            | (kernels.ETC_LONG if etc_long else 0)
            | (kernels.CONTRACT if contract else 0)
        )
        self.flags_now = self.flags  # this search's: no contracted key where a symmetry is folded in
        self.killer = np.full((nl + 2, 2), -1, dtype=np.int64)  # per depth: the last two lines that cut off
        self.mub = np.zeros((nl + 2, nl + 1), dtype=np.int64)  # per depth: an upper bound per move
        self.nodes = 0
        self._search, self._mtdf, self._gen = _compile()

    def clear(self) -> None:
        """Empty the transposition table."""
        self.tt[:] = 0

    def box_degrees(self, drawn: int) -> np.ndarray:
        """Each box's number of undrawn lines in ``drawn``."""
        deg = np.empty(self.nb, dtype=np.int64)
        for b in range(self.nb):
            deg[b] = 4 - sum(1 for l in self.nbl[b] if drawn >> int(l) & 1)
        return deg

    def _tables(self):
        return (
            self.nb,
            self.nbl,
            self.nbo,
            self.lb,
            self.order,
            self.nl,
            self.symtab,
            self.syms,
            self.nsym_used,
            self.perm,
            self.inv,
            self.tt,
            self.tmask,
            self.moves,
            self.ckind,
            self.clen,
            self.frames,
            self.fdrawn,
            self.hist,
            self.use_history,
            self.etc_lines,
            self.safe_only,
            self.work,
            self.stats,
            self.mub,
            self.flags_now,
            self.killer,
            *self.ground,
            self.gsym,
            self.bms,
            self.simg,
            self.etck,
            self.cbox,
            self.cport,
            self.chs,
        )

    def _finish(self, v) -> int:
        from gamekit.core.errors import SolverTimeout

        self.nodes += int(self.stats[0])
        if self.stats[1]:
            raise SolverTimeout()
        return int(v)

    def choose_symmetries(self, drawn: int) -> None:
        """Pick the symmetries worth folding into the key for a search from ``drawn`` (``syms``, ``nsym_used``:
        every search calls it first, and a caller driving the kernels itself, as ``benchmarks/dots.py`` does, calls
        it for the same choice).  Two positions of its tree
        can only be images of each other under s if both contain ``drawn | s(drawn)``, so a symmetry that
        moves more than ``sym_reach`` of the drawn lines to undrawn ones matches only deep in the tree, where
        the images cost more than they find.  (Any subset is exact: a key is always an image of the position.)"""
        n = 1
        for s in range(1, self.nsym):
            if self.sym_reach is not None:
                p = self.perm[s]
                moved = sum(1 for l in range(self.nl) if drawn >> l & 1 and not drawn >> int(p[l]) & 1)
                if moved > self.sym_reach:
                    continue
            self.syms[n] = s
            n += 1
        self.nsym_used = n
        from gamekit.dots import kernels

        self.flags_now = self.flags & ~kernels.CONTRACT if n > 1 else self.flags

    def contracted_key(self, drawn: int) -> int:
        """The key ``contract=True`` files ``drawn`` under (no box on offer): a 64-bit hash of its strings-and-coins
        graph with the chains contracted (:func:`kernels.contracted_key`); positions with the same graph up to where
        their chains run share it, and their value."""
        from gamekit.dots import kernels

        deg = self.box_degrees(drawn)
        if (deg == 1).any():
            raise ValueError(f"{drawn:#x}: a box is on offer; the table never holds such a position")
        return int(kernels.contracted_key(np.uint64(drawn), deg, self.nb, self.nbl, self.nbo, self.cport, self.chs))

    def normal(self, drawn: int) -> int:
        """``drawn`` with each corner box's drawn border lines moved to its first ones (by index): a position of
        the same value (the border lines of a box are all strings from that coin to the ground), the form the
        search keeps its positions in (``ground=False``: ``drawn`` itself)."""
        gmask, gfirst, _, _, _, ng = self.ground
        for g in range(ng):
            m = int(gmask[g])
            drawn = drawn & ~m | int(gfirst[g, bin(drawn & m).count("1")])
        return drawn

    def _begin(self, drawn: int):
        self.choose_symmetries(drawn)
        deg = self.box_degrees(drawn)
        self.bms[0] = np.uint64(sum(1 << b for b in range(self.nb) if deg[b] == 1))
        self.bms[1] = np.uint64(sum(1 << b for b in range(self.nb) if deg[b] == 2))
        self.stats[:] = 0
        return deg, int(np.count_nonzero(deg))

    def candidates(self, drawn: int) -> tuple[int, list[tuple[int, int | None]]]:
        """The compiled move generator on ``drawn``: ``(kind, [(line, bound), ...])`` in search order before the
        table's reordering; ``bound`` is the upper bound on the mover's value after that line that the search
        may stand in for searching it (opening a long chain or a loop), None where there is none."""
        from gamekit.dots import kernels

        deg, _ = self._begin(drawn)
        kind, count, _, _ = self._gen(
            np.uint64(drawn),
            deg,
            self.nb,
            self.nbl,
            self.nbo,
            self.order,
            self.nl,
            self.moves,
            self.ckind,
            self.clen,
            0,
            self.safe_only,
            self.work,
            self.mub,
            self.ground[4],
            self.ground[3],
            self.ground[2],
            self.flags,
            self.bms[0],
            self.bms[1],
            self.cbox,
        )
        out = []
        for i in range(count):
            b = int(self.mub[0, i])
            out.append((int(self.moves[0, i]), None if kind != 2 or b >= kernels.NO_BOUND else b))
        return int(kind), out

    def value(
        self, drawn: int, alpha: int, beta: int, deadline: float | None = None, node_limit: int | None = None
    ) -> int:
        """Negamax value of ``drawn`` for the player to move, searched in the window (alpha, beta)."""
        drawn = self.normal(drawn)
        deg, remaining = self._begin(drawn)
        v = self._search(
            np.uint64(drawn),
            remaining,
            alpha,
            beta,
            deg,
            *self._tables(),
            -1.0 if deadline is None else deadline,
            (1 << 62) if node_limit is None else node_limit,
        )
        return self._finish(v)

    def exact(self, drawn: int, guess: int = 0, deadline: float | None = None, node_limit: int | None = None) -> int:
        """Exact value of ``drawn`` (MTD(f) from ``guess``)."""
        drawn = self.normal(drawn)
        deg, remaining = self._begin(drawn)
        v = self._mtdf(
            np.uint64(drawn),
            remaining,
            deg,
            *self._tables(),
            -1.0 if deadline is None else deadline,
            (1 << 62) if node_limit is None else node_limit,
            guess,
        )
        return self._finish(v)
