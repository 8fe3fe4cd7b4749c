"""The searches of the lesson "How the computer knows", counting the positions they visit.

Each works on the rules engine itself (``play`` / ``undo``), so the code reads like the lesson's words.  They
give exactly the scores of :func:`gamekit.connect.solver.solve` (tests check that) — only much more slowly:
:func:`minimax` tries every move and every reply to the end of the game; :func:`alphabeta` stops looking at a
position's moves once one is good enough (``order=True``: promising moves first; ``table=True``: remembers
positions already scored).  The lesson's tables of them are :mod:`gamekit.connect.teach_pictures`.

Scores follow the solver's convention: 0 draw; a win with the player's n-th disc of the whole
game scores ``cells/2 + 1 − n`` (22 − n on the published boards), a loss the negative.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.connect.rules import ConnectGame
from gamekit.i18n import number, tr


@dataclass
class Count:
    """What a search found and how much work it took."""

    score: int
    nodes: int  # positions visited

    def __str__(self) -> str:
        return tr(
            "score {score} after visiting {nodes} positions",
            score=number(self.score, sign=True),
            nodes=number(self.nodes),
        )


def max_score(game: ConnectGame) -> int:
    """The score of a win with the first disc: a win with disc number n scores this − n."""
    return game.variant.cells // 2 + 1


def check_searchable(game: ConnectGame) -> None:
    """ValueError unless the counted searches can walk ``game``: no PopOut, not over."""
    if game.popout:
        raise ValueError(tr("the lesson's searches handle games without PopOut only"))
    if game.is_over():
        raise ValueError(tr("the game is over: there is nothing left to search"))


def score_after(game: ConnectGame, m: str, MAX: int) -> int | None:
    """Play ``m``; the score for the mover if the game ended with it, else None (the move stays played)."""
    mover = game.to_move
    game.play(m)
    if game.winner() == mover:
        return MAX - game.discs_played(mover)
    if game.is_over():
        return 0
    return None


def minimax(game: ConnectGame) -> Count:
    """Plain minimax (negamax form): every move is tried to the end of the game."""
    check_searchable(game)
    game = game.copy()
    MAX = max_score(game)
    nodes = 0

    def value() -> int:
        nonlocal nodes
        nodes += 1
        best = -MAX
        for m in game.legal_moves():
            s = score_after(game, m, MAX)
            if s is None:
                s = -value()
            game.undo()
            best = max(best, s)
        return best

    return Count(value(), nodes)


def ordered_moves(game: ConnectGame) -> list[str]:
    """Moves in the solver's order: those creating the most cells where one more disc wins first,
    centre first on ties."""
    mid = (game.columns + 1) / 2
    me = game.to_move
    scored = []
    for m in game.legal_moves():
        game.play(m)
        threats = 0 if game.is_over() else _threat_cells(game, me)
        win = game.winner() == me
        game.undo()
        scored.append((-win, -threats, abs(int(m) - mid), int(m), m))
    return [x[-1] for x in sorted(scored)]


def _threat_cells(game: ConnectGame, seat: int) -> int:
    """Empty cells where a disc of ``seat`` would complete a line (the solver's own count)."""
    from gamekit.connect.bitboard import board_for

    b = board_for(game.variant)
    cur, mask, _ = b.from_game(game)
    mine = cur if game.to_move == seat else cur ^ mask
    return b.win(mine, b.board & ~mask).bit_count()


def alphabeta(game: ConnectGame, order: bool = False, table: bool = False) -> Count:
    """Alpha–beta (negamax form): once a move is known to be good enough for the player to move,
    the other moves of that position need not be looked at.  ``order``: promising moves first;
    ``table``: remember the bounds found for each position (a transposition table)."""
    check_searchable(game)
    game = game.copy()
    MAX = max_score(game)
    nodes = 0
    memo: dict[tuple, tuple[int, int]] = {}  # position -> (lower bound, upper bound)

    def value(alpha: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        key = game.position_key() if table else None
        if table and key in memo:
            lo, hi = memo[key]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0 = alpha
        best = -MAX
        for m in ordered_moves(game) if order else game.legal_moves():
            s = score_after(game, m, MAX)
            if s is None:
                s = -value(-beta, -alpha)
            game.undo()
            if s > best:
                best = s
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        if table:
            lo, hi = memo.get(key, (-MAX, MAX))
            if best <= a0:
                hi = min(hi, best)  # every move failed low: an upper bound
            elif best >= beta:
                lo = max(lo, best)  # a cut: a lower bound
            else:
                lo = hi = best  # exact
            memo[key] = (lo, hi)
        return best

    return Count(value(-MAX, MAX), nodes)
