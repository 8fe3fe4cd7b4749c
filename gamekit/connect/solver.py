"""Exact solver for Connect Four-like games without PopOut (after Pascal Pons' solver).

Score of a position, for the player to move: 0 for a draw; when the player to move wins,
``(cells playable from the start) / 2 + 1 − (discs the winner has dropped when the game ends)``
(22 − discs on both published boards: a win with your 4th disc scores 18); the negative of the
same count when the player to move loses.

Bitboard layout
---------------
A position is two Python ints.  Grid column ``c`` (side columns included) owns the bits
``c*(H+1) .. c*(H+1)+H-1``, bottom row first, plus one always-empty *sentinel* bit on top
(``H`` = rows).  ``mask`` has a bit for every occupied cell, ``cur`` for the cells of the
player to move (side discs included, so they count for lines).  The sentinel bit stops a
shift from carrying a line from the top of one column into the bottom of the next, so the four
directions are plain shifts by 1 (vertical), H+1 (horizontal), H and H+2 (diagonals).
``cur + mask`` is a unique key for a position (Pons' trick: per column it lies between
2^h − 1 and 2^(h+1) − 2 for a column of height h, so columns never carry into each other).

Search: negamax with alpha–beta on a null window, iterated on the score range (Pons' "solve");
transposition table (a dict holding an upper or lower bound per key); only moves that do not
hand the opponent an immediate win are searched; moves ordered by the number of winning cells
("threats") they create, ties broken centre first.

Two engines run this search with identical results: the compiled one of :mod:`gamekit.connect.fast`
(numba, generated per variant; used when numba imports and the board fits 64-bit bitboards) and the
pure-Python one below, the fallback.  :class:`Solver` picks (``engine="auto"``).  :func:`solve` and
:func:`analyse` first read the opening book and the value runs' records where they are shipped
(:mod:`gamekit.connect.tables`, read-only; building them is :mod:`gamekit.connect.build`).
"""

from __future__ import annotations

import time
from gamekit.connect import fast
from gamekit.i18n import number, tr
from gamekit.connect.bitboard import board_for
from gamekit.connect.rules import ConnectGame, Variant
from gamekit.connect.outcomes import outcome_book_for
from gamekit.connect.tables import book_for, proved_bounds, proved_outcomes
from gamekit.core.errors import SolverTimeout

DEFAULT_TIME_LIMIT = 60.0
"""Seconds :func:`solve` searches before raising :class:`gamekit.SolverTimeout`."""


class OutOfTime(SolverTimeout):
    """Raised inside the search when the deadline passes (a SolverTimeout without the explanation)."""


class Solver:
    """A reusable solver for one variant (keeps its transposition table between calls).

    ``engine``: ``"auto"`` (the compiled search of :mod:`gamekit.connect.fast` when numba is
    installed and the variant fits 64-bit bitboards, else pure Python), ``"compiled"`` or
    ``"python"``.  Both give the same scores; ``self.engine`` says which one runs.  ``table_size``
    (slots of the compiled table), ``dead_lines=False`` (no dead-line pruning) and ``table_layout="split"``
    (the compiled table's first layout, see :mod:`gamekit.connect.fast`) are for measuring.
    ``leaf``: ``holds(cur, mask) -> bool``, True when the player not to move is proved to hold at least a
    draw (:func:`gamekit.connect.prove.leaf_for`); the search then bounds the node's score by 0.  Only the
    pure-Python engine takes it (``engine="auto"`` then means ``"python"``).
    """

    def __init__(
        self,
        variant: Variant,
        table_limit: int = 4_000_000,
        engine: str = "auto",
        table_size: int | None = None,
        dead_lines: bool = True,
        table_layout: str = "packed",
        leaf=None,
    ) -> None:
        if engine not in ("auto", "compiled", "python"):
            raise ValueError(f"engine {engine!r}: choose 'auto', 'compiled' or 'python'")
        if leaf is not None:
            if not callable(leaf):
                raise TypeError(f"leaf={leaf!r}: a function holds(cur, mask) -> bool")
            if engine == "compiled":
                raise ValueError("leaf: only the pure-Python engine takes a leaf test")
            engine = "python"
        self.leaf = leaf
        self.b = board_for(variant)
        self.table: dict[int, int] = {}
        self.table_limit = table_limit
        self.nodes = 0
        self.deadline: float | None = None
        usable = fast.available() and fast.fits(variant)
        if engine == "compiled" and not usable:
            raise ValueError(
                f"the compiled solver is not available for {variant.name} "
                "(numba missing, GAMEKIT_PURE_PYTHON set, or the board is too big for 64 bits)"
            )
        self.engine = "compiled" if usable and engine != "python" else "python"
        self._tables = None
        if self.engine == "compiled":
            try:
                self._build_compiled(table_size, dead_lines, table_layout)
            except ValueError:  # a bad setting is refused, never worked around
                raise
            except Exception:  # a broken numba install: the fallback still answers
                if engine == "compiled":
                    raise
                self.engine = "python"
        if self.engine == "python":
            self._build()

    @property
    def tables(self):
        """The compiled engine's transposition table (a :class:`gamekit.connect.fast.Tables`: its
        ``arrays`` can be saved and loaded back, e.g. with a resumable build), or None for the Python engine."""
        return self._tables

    def reset(self) -> None:
        self.table.clear()
        if self._tables is not None:
            self._tables.reset()

    def _build_compiled(self, size: int | None, dead_lines: bool, layout: str) -> None:
        import numpy as np

        t = fast.Tables(self.b.variant, size, layout)  # checks the layout and size first
        mod = fast.core(self.b.variant, dead_lines, layout)
        self._tables = t
        search = mod.negamax
        tt, mbuf, sbuf, stats = t.arrays, t.mbuf, t.sbuf, t.stats
        u64 = np.uint64
        state = self

        def negamax(cur: int, mask: int, nb: int, alpha: int, beta: int) -> int:
            stats[0] = 0
            stats[1] = 0
            try:
                return search(u64(cur), u64(mask), nb, alpha, beta, *tt, mbuf, sbuf, stats, state.deadline or 0.0)
            finally:
                state.nodes += int(stats[0])
                if stats[1]:
                    raise OutOfTime

        self.negamax = negamax
        whole = mod.solve

        def solve_range(cur: int, mask: int, nb: int, lo: int, hi: int) -> int:
            stats[0] = 0
            stats[1] = 0
            try:
                return whole(u64(cur), u64(mask), nb, lo, hi, *tt, mbuf, sbuf, stats, state.deadline or 0.0)
            finally:
                state.nodes += int(stats[0])
                if stats[1]:
                    raise OutOfTime

        self._solve_range = solve_range

    def _build(self) -> None:
        b = self.b
        win = b.win
        board, playable, bottom = b.board, b.playable, b.bottom
        ordered_cols = [b.col_masks[i] for i in b.order]
        N, MAX = b.variant.cells, b.max_score
        LOW = 1 << 20  # table values >= LOW are lower bounds (value - LOW)
        table = self.table
        clock = time.perf_counter
        state = self
        leaf = self.leaf

        def negamax(cur: int, mask: int, nb: int, alpha: int, beta: int) -> int:
            # precondition: the player to move cannot win with this move
            state.nodes += 1
            if state.deadline is not None and not state.nodes & 1023 and clock() > state.deadline:
                raise OutOfTime
            opp = cur ^ mask
            possible = (mask + bottom) & playable
            empty = board & ~mask
            opp_win = win(opp, empty)
            forced = possible & opp_win
            if forced:
                if forced & (forced - 1):
                    return -(MAX - (nb - nb // 2) - 1)  # two threats: the opponent wins with its next disc
                possible = forced
            nxt = possible & ~(opp_win >> 1)
            d_opp = nb - nb // 2
            if not nxt:
                return -(MAX - d_opp - 1)
            if nb >= N - 2:
                return 0
            lo = -(MAX - d_opp - 2)  # the opponent cannot win before its second disc from now
            if alpha < lo:
                alpha = lo
                if alpha >= beta:
                    return alpha
            hi = MAX - nb // 2 - 2  # nor can we before our second disc from now
            key = cur + mask
            val = table.get(key)
            if val is not None:
                if val >= LOW:
                    v = val - LOW
                    if alpha < v:
                        alpha = v
                        if alpha >= beta:
                            return alpha
                elif val < hi:
                    hi = val
            if leaf is not None and hi > 0 and beta > 0 and leaf(cur, mask):
                hi = 0  # the opponent is proved to hold at least a draw
            if beta > hi:
                beta = hi
                if alpha >= beta:
                    return beta
            # move ordering: most winning cells created first, centre first on ties
            if nxt & (nxt - 1):
                moves = []
                i = 0
                for cm in ordered_cols:
                    m = nxt & cm
                    if m:
                        moves.append((win(cur | m, empty ^ m).bit_count(), i, m))
                        i -= 1
                moves.sort(reverse=True)  # most threats first, then centre first (i = 0, -1, ...)
            else:
                moves = ((0, 0, nxt),)
            for _, _, m in moves:
                score = -negamax(cur ^ mask, mask | m, nb + 1, -beta, -alpha)
                if score >= beta:
                    if len(table) > state.table_limit:
                        table.clear()
                    table[key] = score + LOW
                    return score
                if score > alpha:
                    alpha = score
            if len(table) > state.table_limit:
                table.clear()
            table[key] = alpha
            return alpha

        self.negamax = negamax

    # ------------------------------------------------------------------ public
    def solve_bits(self, cur: int, mask: int, nb: int, weak: bool = False, known: tuple[int, int] | None = None) -> int:
        """The score of the position (``cur``, ``mask``, ``nb`` discs) for the player to move; ``weak``: only
        its sign's range −1…1 is searched.  ``known``: proved bounds ``(low, high)`` on that sign (from the
        rules' proofs, the value runs), so a weak search asks only the null-window questions they leave open —
        one instead of two when a bound is known, none when they meet."""
        if known is not None and not (
            weak
            and isinstance(known, tuple)
            and len(known) == 2
            and all(type(k) is int for k in known)
            and -1 <= known[0] <= known[1] <= 1
        ):
            raise ValueError(
                tr("known={known!r}: with weak=True only, bounds (low, high) with −1 ≤ low ≤ high ≤ 1", known=known)
            )
        b = self.b
        MAX, N = b.max_score, b.variant.cells
        possible = (mask + b.bottom) & b.playable
        if b.win(cur, b.board & ~mask) & possible:
            return MAX - nb // 2 - 1
        if nb >= N:
            return 0
        d_opp = nb - nb // 2
        lo, hi = -(MAX - d_opp - 1), MAX - nb // 2 - 1
        if weak:
            lo, hi = max(lo, -1), min(hi, 1)
            if known is not None:
                lo, hi = max(lo, known[0]), min(hi, known[1])
                if lo >= hi:
                    return lo
        if self._tables is not None:  # the compiled engine runs the whole loop in one call
            return self._solve_range(cur, mask, nb, lo, hi)
        while lo < hi:
            med = lo + (hi - lo) // 2
            if med <= 0 and lo // 2 < med:
                med = lo // 2
            elif med >= 0 and hi // 2 > med:
                med = hi // 2
            r = self.negamax(cur, mask, nb, med, med + 1)
            if r <= med:
                hi = r
            else:
                lo = r
        return lo

    def solve(self, game: ConnectGame, weak: bool = False, time_budget: float | None = None) -> int:
        _check(game)
        if game.is_over():
            raise ValueError(tr("solve: the game is over"))
        self.deadline = None if time_budget is None else time.perf_counter() + time_budget
        try:
            r = self.solve_bits(*self.b.from_game(game), weak=weak)
            return (r > 0) - (r < 0) if weak else r
        finally:
            self.deadline = None


def _check(game: ConnectGame, popout_ok: bool = False) -> None:
    """Refuse anything but a game the exact solver handles (``popout_ok``: PopOut games are let through,
    for the callers that answer them with "unknown")."""
    if not isinstance(game, ConnectGame):
        raise TypeError(tr("expected a 5 en raya / Connect Four game, got {kind}", kind=type(game).__name__))
    if game.popout and not popout_ok:
        raise ValueError(tr("the exact solver handles games without PopOut only"))


_solvers: dict[Variant, Solver] = {}


def solver_for(v: Variant) -> Solver:
    if v not in _solvers:
        _solvers[v] = Solver(v)
    return _solvers[v]


def solve(game: ConnectGame, weak: bool = False, time_limit: float | None = DEFAULT_TIME_LIMIT) -> int:
    """Exact score of ``game`` for the player to move (see the module docstring); no PopOut.

    ``weak=True`` only tells win (1), draw (0) or loss (−1), which is faster.  Positions of the
    opening book (:mod:`gamekit.connect.tables`) are answered from it.  After ``time_limit``
    seconds (default 60; ``None``: no limit) raises :class:`gamekit.SolverTimeout` saying how far the
    position is beyond reach.
    """
    _check(game)
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0
    ):
        raise ValueError(
            tr("time_limit={time_limit!r}: a number of seconds above 0 (or None: no limit)", time_limit=time_limit)
        )
    book = book_for(game.variant)
    if book is not None and not game.is_over():
        s = book.lookup(game)
        if s is not None:
            return (s > 0) - (s < 0) if weak else s
    try:
        return solver_for(game.variant).solve(game, weak=weak, time_budget=time_limit)
    except OutOfTime:
        discs = game.discs_on_board
        raise SolverTimeout(
            tr(
                "solve: no exact answer within {time_limit} s for this {name} position with {discs} discs played and "
                "{empty} cells still empty. Positions from Pons' test sets (about 14 or more discs played) finish in "
                "milliseconds; the first moves of an empty grid can take far longer. Try a later position, weak=True, "
                "a larger time_limit, or time_limit=None to wait however long it takes.",
                time_limit=number(time_limit, short=True),
                name=tr(game.variant.name),
                discs=discs,
                empty=game.variant.cells - discs,
            )
        ) from None


def book_depth(v: Variant) -> int:
    """Discs up to which the shipped opening book of ``v`` holds every position (−1: no book)."""
    book = book_for(v)
    return -1 if book is None else book.depth


def _drops(game: ConnectGame, moves):
    """For each drop of ``moves``, centre first: ``(move, cur, mask, nb)`` of the position after it and
    its exact score for the player making it where no search is needed (a line completed at once, the
    last cell, the opening book), else None."""
    b = board_for(game.variant)
    book = book_for(game.variant)
    proved = proved_outcomes(game.variant)
    cur, mask, nb = b.from_game(game)
    wins = b.win(cur, b.board & ~mask)
    for m in sorted(moves, key=lambda m: b.order.index(int(m) - 1)):
        move = (mask + b.bottom) & b.col_masks[int(m) - 1]
        child = (cur ^ mask) + (mask | move)
        if wins & move:
            known = b.max_score - nb // 2 - 1
        elif nb + 1 >= b.variant.cells:
            known = 0
        elif proved.get(child) == 0:
            known = 0  # proved a draw by the value runs: a draw is the exact score 0
        else:
            k = None if book is None else book.score(cur ^ mask, mask | move)
            known = None if k is None else -k
        yield m, cur ^ mask, mask | move, nb + 1, known


def analyse(game: ConnectGame, time_budget: float | None = 2.0) -> dict[str, int | None]:
    """Exact score of every legal drop, from the point of view of the player making it, or None
    where the solver did not finish within the (shared) ``time_budget`` in seconds.

    Columns are solved centre first; positions of the opening book are read from it at once.
    PopOut games get None for every move.
    """
    moves = game.legal_moves()
    if game.popout:
        return {m: None for m in moves}
    s = solver_for(game.variant)
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    out: dict[str, int | None] = {m: None for m in moves}
    for m, cur, mask, nb, known in _drops(game, moves):
        if known is not None:
            out[m] = known
            continue
        if deadline is not None and time.perf_counter() >= deadline:
            continue  # out of time: the columns left stay None (instant ones still count)
        s.deadline = deadline
        try:
            out[m] = -s.solve_bits(cur, mask, nb)
        except OutOfTime:
            pass
        finally:
            s.deadline = None
    return out


def analyse_outcomes(
    game: ConnectGame,
    time_budget: float | None = 1.0,
    moves: list[str] | None = None,
    *,
    rules: bool = True,
    proved: dict | None = None,
) -> dict[str, int | None]:
    """Who wins after every legal drop — 1 (the player making it wins), 0 (draw), −1 (loses) — or
    None where the solver did not settle it within ``time_budget`` seconds.

    Cheaper than :func:`analyse`: two null-window searches a column at most ("is it at least a draw?", "is it
    more than a draw?") instead of an exact score, so it settles positions with a few more empty cells (a draw
    found here is exact: score 0).  First what needs no search: a drop that ends the game, the opening book,
    the value runs' records and the outcome book (:func:`outcome_bounds`) and, with ``rules``, the rules'
    proofs (:func:`gamekit.connect.prove.prove_columns`, a few milliseconds a column).  A column whose bounds
    meet is settled without a search; one with a proved bound ("no loss": the player making it holds the
    draw; "no win") is searched for the one question the bound leaves open.  The rest of the budget is
    shared fairly: each column searched, centre first, may use the time left divided by the columns left, so
    one hard column does not starve the others; the columns share one transposition table.  ``moves``: only
    these legal drops (default: every legal drop).  ``rules=False`` asks both questions of every column
    the records do not settle (for measuring what the bounds save).  ``proved``: the rules' proofs the caller
    already has (:func:`~gamekit.connect.prove.prove_columns` of this position, some or all of ``moves``), read
    instead of proving those columns again — the Hint and the review keep them for the bounds and the reason
    they show.  The rules' proofs are not interrupted by the budget: it is overrun by at most their cost (median
    40–260 ms for a position at 30–38 empty cells of 5 en raya on a loaded machine, 370 ms at most measured).
    PopOut games get None everywhere.
    """
    _check(game, popout_ok=True)
    if time_budget is not None and (
        isinstance(time_budget, bool) or not isinstance(time_budget, (int, float)) or not time_budget > 0
    ):
        raise ValueError(
            tr("time_budget={value!r}: a number of seconds above 0 (or None: no limit)", value=time_budget)
        )
    if not isinstance(rules, bool):
        raise TypeError(tr("rules={value!r}: True or False", value=rules))
    legal = game.legal_moves()
    if moves is None:
        moves = legal
    elif not isinstance(moves, (list, tuple)) or any(m not in legal for m in moves):
        raise ValueError(
            tr("moves={moves!r}: a list of legal moves of this position ({legal})", moves=moves, legal=", ".join(legal))
        )
    if proved is not None:
        _check_proved(game, proved, moves, rules)
    if game.popout or game.is_over():
        return {m: None for m in moves}
    records = proved_outcomes(game.variant)
    s = solver_for(game.variant)
    end = None if time_budget is None else time.perf_counter() + time_budget
    out: dict[str, int | None] = {m: None for m in moves}
    jobs = []  # (move, cur, mask, nb, (low, high) for the player making the drop)
    for m, cur, mask, nb, known in _drops(game, moves):
        if known is not None:
            out[m] = (known > 0) - (known < 0)
        elif cur + mask in records:  # proved by the value runs (win or loss)
            out[m] = -records[cur + mask]
        else:
            jobs.append((m, cur, mask, nb, (-1, 1)))
    if rules and jobs:
        from gamekit.connect.prove import prove_columns

        ceiling = outcome_bounds(game)
        given = proved or {}
        missing = [j[0] for j in jobs if j[0] not in given]
        found = {**given, **(prove_columns(game, missing) if missing else {})}
        bounded = []
        for m, cur, mask, nb, _ in jobs:
            lo, hi = max(ceiling[m][0], found[m].low), min(ceiling[m][1], found[m].high)
            if lo == hi:
                out[m] = lo
            else:
                bounded.append((m, cur, mask, nb, (lo, hi)))
        jobs = bounded
    for i, (m, cur, mask, nb, (lo, hi)) in enumerate(jobs):
        if end is not None:
            left = end - time.perf_counter()
            if left <= 0:
                continue
            s.deadline = time.perf_counter() + left / (len(jobs) - i)
        try:
            r = s.solve_bits(cur, mask, nb, weak=True, known=(-hi, -lo))  # the opponent moves after the drop
            out[m] = -((r > 0) - (r < 0))
        except OutOfTime:
            pass
        finally:
            s.deadline = None
    return out


def _check_proved(game: ConnectGame, proved, moves, rules: bool) -> None:
    """Refuse ``proved`` (for :func:`analyse_outcomes`) unless it maps drops of ``moves`` to the rules' proofs
    of this very position after them (a proof of another position would give a wrong bound): each value has
    the fields of a :class:`gamekit.connect.prove.ColumnProof` — its ``move``, ``low`` ≤ ``high`` in −1…1 and
    the position ``after`` the drop (read by field: the solvers do not import the prover)."""
    if not rules:
        raise ValueError(tr("proved: rules=False reads no proofs of the rules"))
    if not isinstance(proved, dict):
        raise TypeError(tr("proved={value!r}: a dict from prove_columns of this position", value=proved))
    for m, p in proved.items():
        low, high, after = (getattr(p, name, None) for name in ("low", "high", "after"))
        if (
            m not in moves
            or getattr(p, "move", None) != m
            or type(low) is not int
            or type(high) is not int
            or not -1 <= low <= high <= 1
            or not isinstance(after, ConnectGame)
        ):
            raise ValueError(tr("proved: {move!r} is not a drop asked here with its proof", move=m))
        expected = game.copy()
        expected.play(m)
        if after.variant != game.variant or after.position_key() != expected.position_key():
            raise ValueError(tr("proved: the proof of {move!r} belongs to another position", move=m))


def outcome_bounds(game: ConnectGame) -> dict[str, tuple[int, int]]:
    """For every legal drop, what the shipped value runs and outcome book proved about it without any search:
    ``(lo, hi)`` bounds on its win/draw/loss for the player making it ((-1, 1) where nothing is known;
    PopOut games: nothing)."""
    _check(game, popout_ok=True)
    moves = game.legal_moves()
    if game.popout or game.is_over():
        return {m: (-1, 1) for m in moves}
    proved = proved_bounds(game.variant)
    book = outcome_book_for(game.variant)
    listed = None if book is None else book.lookup(game)  # the outcome book: every column of its positions
    out = {}
    for m, cur, mask, nb, known in _drops(game, moves):
        if known is not None:
            o = (known > 0) - (known < 0)
            out[m] = (o, o)
        else:
            lo, hi = proved.get(cur + mask, (-1, 1))
            blo, bhi = listed.get(m, (-1, 1)) if listed else (-1, 1)
            out[m] = (max(-hi, blo), min(-lo, bhi))
    return out


def verdict(score: int | None, game: ConnectGame | None = None) -> str:
    """Words for a score from :func:`analyse` — "wins in 3": the player to move wins with their 3rd disc
    from now — in the current language (the Hint's words: "draw", "wins in {n}", "loses in {n}")."""
    if score is None:
        return tr("unknown")
    if score == 0:
        return tr("draw")
    if game is None:
        return tr("wins") if score > 0 else tr("loses")
    MAX = game.variant.cells // 2 + 1
    mover = game.to_move
    if score > 0:
        return tr("wins in {n}", n=MAX - score - game.discs_played(mover))
    return tr("loses in {n}", n=MAX + score - game.discs_played(1 - mover))
