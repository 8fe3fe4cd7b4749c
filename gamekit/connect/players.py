"""CPU players for 5 en raya and Connect Four (PopOut included).

* ``easy``   — random moves, but takes a win in one.
* ``medium`` — wins in one, blocks the opponent's win in one, avoids moves after which the opponent
  wins at once, otherwise picks a move at random weighted towards the centre.
* ``hard``   — iterative deepening alpha–beta on bitboards within a time budget (1 s a move by
  default); exact when the search reaches the end of the game (and, without PopOut, the exact
  solver is tried first once few cells are left, and the opening book answers where it reaches);
  prefers the fastest win and the slowest loss.  Where something is proved without search — the shipped
  win/draw/loss proof of :mod:`gamekit.connect.wdl` (the first discs of 5 en raya) or the rule-based prover
  of :mod:`gamekit.connect.prove` (claimeven and its kin) — it only plays moves proved to keep the best
  outcome proved (see :func:`proved_choices`): it never gives away a proved draw or win.
  With a time budget its strength depends on the machine; pass ``time_budget=None, max_depth=n``
  for a reproducible fixed-depth player.
"""

from __future__ import annotations

import random
import time
from typing import Any

from gamekit.i18n import tr
from gamekit.connect.rules import ConnectGame
from gamekit.game import check_running
from gamekit.connect.bitboard import Board, board_for
from gamekit.connect.prove import prove, prove_columns
from gamekit.connect.solver import OutOfTime, analyse, book_depth, outcome_bounds


def proved_bounds_of_moves(game: ConnectGame) -> dict[str, tuple[int, int]]:
    """For every legal move, ``(lo, hi)`` bounds on its win/draw/loss (−1, 0, 1) for the player making it, from
    everything proved without search: the shipped win/draw/loss proof (:func:`outcome_bounds`) and the
    rule-based prover (:func:`gamekit.connect.prove.prove_columns`, drops only, no PopOut).  (-1, 1) where
    nothing is proved; {} when the game is over."""
    bounds = outcome_bounds(game)
    if not bounds or game.popout:
        return bounds
    for move, column in prove_columns(game).items():
        lo, hi = bounds[move]
        bounds[move] = (max(lo, column.low), min(hi, column.high))
    return bounds


def proved_choices(game: ConnectGame, bounds: dict[str, tuple[int, int]] | None = None) -> list[str]:
    """The legal moves that keep the best outcome proved without search (:func:`proved_bounds_of_moves`), in
    the order of ``game.legal_moves()``.

    When some move is proved to reach at least a draw (or a win), only the moves proved to reach that much:
    a proved result is never given away for a hope.  Otherwise every move not proved worse than another;
    where nothing is proved, every legal move (PopOut moves included).  ``bounds``: those of
    :func:`proved_bounds_of_moves` when already computed."""
    bounds = proved_bounds_of_moves(game) if bounds is None else bounds
    if not bounds:
        return []  # the game is over: no moves
    best_lo = max(lo for lo, _ in bounds.values())
    if best_lo >= 0 or best_lo == max(hi for _, hi in bounds.values()):
        return [m for m in game.legal_moves() if bounds[m][0] == best_lo]
    return [m for m in game.legal_moves() if bounds[m][1] >= best_lo]


def _winning_moves(game: ConnectGame) -> list[str]:
    """Moves that win at once for the player to move."""
    me, out = game.to_move, []
    for m in game.legal_moves():
        game.play(m)
        if game.winner() == me and game.resigned is None:
            out.append(m)
        game.undo()
    return out


def _centre_weight(game: ConnectGame, move: str) -> float:
    n = int(move.lstrip("p"))
    mid = (game.columns + 1) / 2
    w = (game.columns / 2 + 1 - abs(n - mid)) ** 2
    return w * (0.25 if move.startswith("p") else 1.0)


class EasyPlayer:
    name = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: ConnectGame) -> str:
        check_running(game)
        wins = _winning_moves(game)
        if wins:
            return self.rng.choice(wins)
        moves = game.legal_moves()
        drops = [m for m in moves if not m.startswith("p")]
        # mostly drops; a pop now and then when PopOut is on
        if drops and (len(drops) == len(moves) or self.rng.random() < 0.8):
            return self.rng.choice(drops)
        return self.rng.choice(moves)


class MediumPlayer:
    name = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: ConnectGame) -> str:
        check_running(game)
        g = game.copy()
        wins = _winning_moves(g)
        if wins:
            return self.rng.choice(wins)
        me = g.to_move
        moves = g.legal_moves()
        # which moves leave the opponent no win in one?
        safe = []
        for m in moves:
            g.play(m)
            if g.is_over():
                ok = g.winner() != 1 - me
            else:
                ok = not _winning_moves(g)
            g.undo()
            if ok:
                safe.append(m)
        # the opponent's wins in one if it were their turn: block them when a safe move does
        threats = set(self._threat_columns(g))
        blocking = [m for m in safe if m in threats]
        pool = blocking or safe or moves
        weights = [_centre_weight(g, m) for m in pool]
        return self.rng.choices(pool, weights)[0]

    @staticmethod
    def _threat_columns(game: ConnectGame) -> list[str]:
        """Drops that would win for the opponent if it were the opponent's move now."""
        out = []
        opp = 1 - game.to_move
        for n in range(1, game.columns + 1):
            cell = game.landing_cell(n)
            if cell is None:
                continue
            col = cell[0]
            game.grid[col].append(opp)
            if game.lines_through(col, cell[1], opp):
                out.append(str(n))
            game.grid[col].pop()
        return out


WIN = 100_000


class HardPlayer:
    """Iterative deepening alpha–beta on bitboards (see the module docstring)."""

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float | None = 1.0,
        max_depth: int | None = None,
        exact_cells: int = 28,
    ) -> None:
        if time_budget is None and max_depth is None:
            max_depth = 6
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.max_depth = max_depth
        self.exact_cells = exact_cells
        self.last_exact = False
        self.nodes = 0
        self._strategy: tuple | None = None  # (proof that this side holds a draw, the moves it was made after)

    # ------------------------------------------------------------------ choose
    def choose(self, game: ConnectGame) -> str:
        """The move to play; a proved draw or win, once reached, is kept to the end (see the module docstring)."""
        move = self._choose(game)
        self._remember(game, move)
        return move

    def strategy_reply(self, game: ConnectGame) -> str | None:
        """The drop the remembered proof answers the opponent's last drop with, or None (no proof remembered,
        the game is not the one it was made for, or the last move was a pop)."""
        if self._strategy is None:
            return None
        proof, before = self._strategy
        history = list(game.history)
        if len(history) != len(before) + 1 or history[:-1] != before or history[-1].startswith("p"):
            return None
        number = int(history[-1])  # drops are named by playable column number, cells by grid column
        column = game.grid_column(number)
        filled = {(c, r) for c, discs in enumerate(game.grid) for r in range(len(discs))}
        cell = proof.reply((column, len(game.grid[column]) - 1), filled)
        if cell is None:
            return None
        move = str(game.column_number(cell[0]))
        return move if move in game.legal_moves() and game.landing_cell(int(move)) == cell else None

    def _remember(self, game: ConnectGame, move: str) -> None:
        """After choosing ``move``: keep the proof that this side holds at least a draw from the position after
        it (the prover's pairing strategy answers each of the opponent's drops inside its pair), or forget.  A
        move that is the remembered proof's own answer keeps that proof (it still holds, a win included)."""
        previous, answer = self._strategy, self.strategy_reply(game)
        self._strategy = None
        if game.popout or move.startswith("p"):
            return
        after = game.copy()
        after.play(move)
        if after.is_over():
            return
        if previous is not None and move == answer:
            self._strategy = (previous[0], list(after.history))
            return
        proof = prove(after, game.to_move)
        if proof is not None and not proof.to_move:
            self._strategy = (proof, list(after.history))

    def _choose(self, game: ConnectGame) -> str:
        check_running(game)
        start = time.perf_counter()
        self.nodes = 0
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        wins = _winning_moves(game)
        if wins:
            self.last_exact = True
            return sorted(wins)[0]
        budget = self.time_budget
        b = board_for(game.variant)
        cur, mask, nb = b.from_game(game)
        empties = game.variant.cells - nb
        in_book = not game.popout and nb < book_depth(game.variant)  # every answer read from the book
        if in_book or (not game.popout and empties <= self.exact_cells and budget is not None):
            scores = analyse(game, time_budget=None if in_book else budget * 0.4)
            if all(s is not None for s in scores.values()):
                best = max(scores.values())
                self.last_exact = True
                return self.rng.choice(sorted(m for m, s in scores.items() if s == best))
        bounds = proved_bounds_of_moves(game)
        moves = proved_choices(game, bounds)  # the moves that keep the best outcome proved without search
        reply, best = self.strategy_reply(game), max(lo for lo, _ in bounds.values())
        if reply is not None and best < 1 and self._strategy[0].wins:
            moves = [reply]  # the remembered proof wins: its answer keeps the win
        elif reply is not None and best < 1:
            # no proved win: the remembered proof's answer keeps this side's draw, and so does every move proved
            # to draw now; the search picks among them
            moves = [m for m in game.legal_moves() if m == reply or (best == 0 and m in moves)]
        if len(moves) == 1:
            self.last_exact = True
            return moves[0]
        deadline = None if budget is None else start + budget * 0.85
        return self._iterate(game, b, cur, mask, moves, deadline, start)

    def _iterate(self, game, b: Board, cur, mask, moves, deadline, start) -> str:
        search = _Search(b, game, deadline)
        root = list(moves)
        self.rng.shuffle(root)
        mid = (game.columns + 1) / 2
        root.sort(key=lambda m: (m.startswith("p"), abs(int(m.lstrip("p")) - mid)))
        best_move, best_score = root[0], None
        depth = 0
        max_depth = self.max_depth or game.variant.cells * 2
        while depth < max_depth:
            depth += 1
            t0 = time.perf_counter()
            search.cut = False
            partial: dict[str, int] = {}
            try:
                scores = search.root(cur, mask, root, depth, partial)
            except OutOfTime:
                # an unfinished iteration still helps: the previous best move was searched first,
                # so any move that beat it so far is better on deeper evidence
                if best_score is not None and root[0] in partial:
                    m = max(partial, key=lambda k: partial[k])
                    if partial[m] > partial[root[0]]:
                        best_move = m
                break
            root.sort(key=lambda m: -scores[m])  # stable: keeps the earlier order on ties
            best_move, best_score = root[0], scores[root[0]]
            self.last_exact = not search.cut
            if not search.cut or abs(best_score) > WIN // 2:
                break  # exact, or a forced win / all moves lose by force
            if deadline is not None and time.perf_counter() - t0 > 0.6 * (deadline - time.perf_counter()):
                break  # the next iteration would very likely not finish in time
        self.nodes = search.nodes
        return best_move


class _Search:
    """Depth-limited negamax on bitboards, drops and (with PopOut) pops."""

    def __init__(self, b: Board, game: ConnectGame, deadline: float | None) -> None:
        self.b, self.deadline = b, deadline
        self.popout = game.popout
        self.cut = False
        self.nodes = 0
        self.side = game.to_move
        self.best: dict[int, int] = {}
        # repetition counts of the game so far, as bitboard keys (PopOut only)
        self.seen: dict[int, int] = {}
        if game.popout:
            for key, n in game.repetitions().items():
                self.seen[self._key_of(key)] = n
        v = b.variant
        mid = (v.columns - 1) / 2
        self.centre = [0, 0, 0]
        for i, cm in enumerate(b.col_masks):
            d = abs(i - mid)
            if d < 0.6:
                self.centre[0] |= cm
            elif d < 1.6:
                self.centre[1] |= cm
        self.cols = [b.col_masks[i] for i in b.order]
        rows = [sum(1 << (c * b.H1 + r) for c in range(v.width)) for r in range(v.rows)]
        self.parity = (sum(rows[0::2]), sum(rows[1::2]))  # red's rows (1st, 3rd, ...), yellow's
        self.open_windows = _open_windows(b)
        self.bottoms = [cm & -cm for cm in self.cols]

    def _key_of(self, key: tuple) -> int:
        *cols, side = key
        H1 = self.b.H1
        p = [0, 0]
        for c, col in enumerate(cols):
            for r, seat in enumerate(col):
                p[seat] |= 1 << (c * H1 + r)
        return ((p[side] + (p[0] | p[1])) << 1) | side

    def evaluate(self, cur: int, opp: int, empty: int, side: int) -> int:
        """Heuristic value for the player holding ``cur`` (colour ``side``): threat cells (more on rows
        of that player's parity — odd rows for red, even rows for yellow, counting from 1), lines
        still open to each player, discs in the centre columns."""
        win, board = self.b.win, self.b.board
        c0, c1 = self.centre[0], self.centre[1]
        mine, theirs = win(cur, empty), win(opp, empty)
        good_mine, good_theirs = self.parity[side], self.parity[1 - side]
        s = 16 * (mine.bit_count() - theirs.bit_count())
        s += 8 * ((mine & good_mine).bit_count() - (theirs & good_theirs).bit_count())
        s += 2 * (self.open_windows(board & ~opp) - self.open_windows(board & ~cur))
        s += 3 * ((cur & c0).bit_count() - (opp & c0).bit_count())
        s += (cur & c1).bit_count() - (opp & c1).bit_count()
        return s

    def _pop(self, cur: int, opp: int, cm: int, bb: int) -> tuple[int, int]:
        """Both bitboards after the player with ``cur`` pops its bottom disc ``bb`` in column ``cm``."""
        ncur = (cur & ~cm) | (((cur & cm) ^ bb) >> 1)
        nopp = (opp & ~cm) | ((opp & cm) >> 1)
        return ncur, nopp

    def root(
        self, cur: int, mask: int, moves: list[str], depth: int, scores: dict[str, int] | None = None
    ) -> dict[str, int]:
        b = self.b
        opp = cur ^ mask
        side = self.side
        scores = {} if scores is None else scores
        alpha = -WIN - 1
        for m in moves:
            pop = m.startswith("p")
            cm = b.col_masks[int(m.lstrip("p")) - 1]
            if pop:
                ncur, nopp = self._pop(cur, opp, cm, cm & -cm)
                nmask = ncur | nopp
                if b.has_line(ncur):
                    s = WIN - 1
                elif b.has_line(nopp):
                    s = -(WIN - 1)
                else:
                    s = -self.child(nopp, nmask, side ^ 1, depth - 1, 1, -WIN - 1, -alpha)
            else:
                mv = (mask + b.bottom) & cm
                nmask = mask | mv
                s = -self.child(opp, nmask, side ^ 1, depth - 1, 1, -WIN - 1, -alpha)
            scores[m] = s
            if s > alpha:
                alpha = s
        return scores

    def child(self, cur: int, mask: int, side: int, depth: int, ply: int, alpha: int, beta: int) -> int:
        """Score of a position reached after ``ply`` moves, for its player to move."""
        if self.popout:
            key = ((cur + mask) << 1) | side
            n = self.seen.get(key, 0)
            if n >= 2:
                return 0  # a third repetition: draw
            self.seen[key] = n + 1
            try:
                return self.negamax(cur, mask, side, depth, ply, alpha, beta, key)
            finally:
                self.seen[key] = n
        return self.negamax(cur, mask, side, depth, ply, alpha, beta, cur + mask)

    def negamax(self, cur: int, mask: int, side: int, depth: int, ply: int, alpha: int, beta: int, key: int) -> int:
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise OutOfTime
        b = self.b
        opp = cur ^ mask
        empty = b.board & ~mask
        possible = (mask + b.bottom) & b.playable
        if b.win(cur, empty) & possible:
            return WIN - ply - 1
        pops = []
        if self.popout:
            for cm, bb in zip(self.cols, self.bottoms):
                if cur & bb:
                    ncur, nopp = self._pop(cur, opp, cm, bb)
                    if b.has_line(ncur):
                        return WIN - ply - 1
                    if not b.has_line(nopp):
                        pops.append((ncur, nopp))
            if not possible and not pops:
                if any(cur & bb for bb in self.bottoms):
                    return -(WIN - ply - 1)  # every pop hands the opponent a line
                return 0  # no move at all: draw
        elif not possible:
            return 0  # full grid
        if depth <= 0:
            self.cut = True
            return self.evaluate(cur, opp, empty, side)
        opp_win = b.win(opp, empty)
        drops = possible
        if not self.popout:
            forced = possible & opp_win
            if forced:
                if forced & (forced - 1):
                    return -(WIN - ply - 2)
                drops = forced
            drops &= ~(opp_win >> 1)
            if not drops:
                return -(WIN - ply - 2)
        # order: remembered best, then most threats, centre first
        children = []
        i = 0
        for cm in self.cols:
            m = drops & cm
            if m:
                children.append((b.win(cur | m, empty ^ m).bit_count() + (4 if m & opp_win else 0), i, m))
                i -= 1
        children.sort(reverse=True)
        best_first = self.best.get(key)
        order = [m for _, _, m in children]
        if best_first in order and order[0] != best_first:
            order.remove(best_first)
            order.insert(0, best_first)
        best_m = None
        nside = side ^ 1
        for m in order:
            s = -self.child(opp, mask | m, nside, depth - 1, ply + 1, -beta, -alpha)
            if s > alpha:
                alpha, best_m = s, m
                if alpha >= beta:
                    break
        else:
            for ncur, nopp in pops:
                s = -self.child(nopp, ncur | nopp, nside, depth - 1, ply + 1, -beta, -alpha)
                if s > alpha:
                    alpha = s
                    if alpha >= beta:
                        break
        if best_m is not None:
            self.best[key] = best_m
        return alpha


_windows_cache: dict = {}


def _open_windows(b: Board):
    """``f -> number of lines all of whose cells are in f`` (f: the cells the opponent does not hold)."""
    v = b.variant
    if v not in _windows_cache:
        H, K = v.rows, v.win
        body = ["def open_windows(f):", "    n = 0"]
        for step in (1, H + 1, H, H + 2):
            body.append(
                "    n += (" + " & ".join(["f"] + [f"(f >> {step * i})" for i in range(1, K)]) + ").bit_count()"
            )
        body.append("    return n")
        ns: dict = {}
        exec("\n".join(body), ns)  # noqa: S102 - generated from the variant's numbers only
        _windows_cache[v] = ns["open_windows"]
    return _windows_cache[v]


def cpu_player(level: str, seed: int | None = None, **options: Any):
    """A CPU player with ``choose(game) -> move``; ``level`` is "easy", "medium" or "hard".

    Hard takes ``time_budget`` (seconds a move, default 1.0, at most what you give) and ``max_depth``.
    """
    if not isinstance(level, str):
        raise ValueError(tr("{level!r}: unknown level — choose easy, medium or hard", level=level))
    level = level.lower()
    if level == "easy":
        return EasyPlayer(seed)
    if level == "medium":
        return MediumPlayer(seed)
    if level == "hard":
        return HardPlayer(seed, **options)
    raise ValueError(tr("{level!r}: unknown level — choose easy, medium or hard", level=level))
