"""Exact Dots and Boxes solver: perfect play over the lines not yet drawn.

``solve(game)`` returns the final box difference *from here* — the boxes the player to move
will still take minus the boxes the other player will still take, counting only boxes not
yet taken — when both sides play perfectly.  ``best_lines(game)`` lists every line that
achieves it, ``best_line(game)`` returns one (cheaper: no need to try every line).

The search itself (negamax alpha–beta with its exact reductions) is :class:`gamekit.dots.search.Solver`; this
module holds one shared solver per board size and asks it, with a time limit and a refusal that says how far a
position is beyond reach.
"""

from __future__ import annotations

import time
from typing import Any

from gamekit.i18n import number, tr
from gamekit.dots import fast
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.search import Solver
from gamekit.core.errors import SolverTimeout

__all__ = [
    "SolverTimeout",
    "solve",
    "best_line",
    "best_lines",
    "solver_for",
    "move_values",
]


DEFAULT_TIME_LIMIT = 60.0
"""Seconds ``solve``/``best_line``/``best_lines`` search before raising :class:`SolverTimeout`."""
REACH = 35 if fast.available() else 30
"""Undrawn lines the solver finishes within about a second (5 × 4, figures in docs/benchmarks.md): about 35 with
the compiled search (median 0.28 s of one core on positions from random play; 36: 2.4 s), 30 with the
pure-Python one.  Boards measured apart are in :data:`REACH_BY_BOARD`."""
REACH_BY_BOARD = {(4, 4): 32 if fast.available() else 28}
"""The same, for boards whose reach differs from :data:`REACH` (4 × 4, compiled: 32 undrawn 0.69 s median,
33 2.8 s; pure Python: 28 in 0.8 s)."""


def reach(width: int, height: int) -> int:
    """Undrawn lines the solver usually finishes within a second on a ``width`` × ``height`` board (either
    orientation)."""
    return REACH_BY_BOARD.get((width, height), REACH_BY_BOARD.get((height, width), REACH))


_SOLVERS: dict[tuple[int, int], Solver] = {}


def solver_for(game_or_size: Any) -> Solver:
    """The shared solver (and its transposition table) for a game's board size, or for ``(width, height)``."""
    size = (game_or_size.width, game_or_size.height) if hasattr(game_or_size, "width") else tuple(game_or_size)
    s = _SOLVERS.get(size)
    if s is None:
        s = _SOLVERS[size] = Solver(*size)
    return s


def _check(game: DotsAndBoxes) -> None:
    if not isinstance(game, DotsAndBoxes):
        raise TypeError(tr("expected a DotsAndBoxes game, got {kind}", kind=type(game).__name__))


def _limit(time_limit: float | None) -> float | None:
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise ValueError(
            tr("time_limit={time_limit!r}: a number of seconds above 0 (or None: no limit)", time_limit=time_limit)
        )
    return float(time_limit)


def beyond_reach(game: DotsAndBoxes, time_limit: float | None, what: str = "solve") -> SolverTimeout:
    """The :class:`SolverTimeout` for ``game``: how many lines are undrawn, and what does finish."""
    undrawn = len(game.undrawn_lines())
    limit = reach(game.width, game.height)
    return SolverTimeout(
        tr(
            "{what}: no exact answer within {time_limit} s for this {width}×{height} position with {undrawn} undrawn "
            "lines (about {beyond} more than the ~{reach} the solver usually finishes within a second). Try a later "
            "position, a larger time_limit, or time_limit=None to wait however long it takes.",
            what=what,
            time_limit=number(time_limit, short=True),
            width=game.width,
            height=game.height,
            undrawn=undrawn,
            beyond=max(0, undrawn - limit),
            reach=limit,
        )
    )


def solve(game: DotsAndBoxes, time_limit: float | None = DEFAULT_TIME_LIMIT) -> int:
    """Box difference from here under perfect play, for the player to move.

    Counts only boxes not yet taken: ``+2`` means the player to move will take two more boxes
    than the opponent from now on.  0 when the game is over.  Raises :class:`gamekit.SolverTimeout`
    (saying how far the position is beyond reach) if ``time_limit`` seconds pass first
    (default 60 s; ``None``: no limit).

    >>> solve(DotsAndBoxes(2, 2))     # the first player wins 3–1
    2
    """
    _check(game)
    limit = _limit(time_limit)
    if game.is_over():
        return 0
    try:
        return solver_for(game).value(game.drawn, limit)
    except SolverTimeout:
        raise beyond_reach(game, limit) from None


def best_line(game: DotsAndBoxes, time_limit: float | None = DEFAULT_TIME_LIMIT) -> tuple[str, int]:
    """One optimal line (canonical name) and the value ``solve(game)``; faster than :func:`best_lines`.

    Raises :class:`gamekit.SolverTimeout` after ``time_limit`` seconds (default 60; ``None``: no limit),
    ValueError once the game is over.
    """
    _check(game)
    limit = _limit(time_limit)
    if game.is_over():
        raise ValueError(tr("best_line: the game is over"))
    try:
        value, results = solver_for(game).best(game.drawn, limit)
    except SolverTimeout:
        raise beyond_reach(game, limit, "best_line") from None
    return game.line_name(results[0][0]), value


def move_values(game: DotsAndBoxes, time_limit: float | None = DEFAULT_TIME_LIMIT) -> dict[str, int]:
    """The exact value of every legal line, for the player to move (boxes it completes included).

    ``time_limit`` (seconds, shared by all lines; default 60, ``None``: no limit): :class:`gamekit.SolverTimeout`.
    """
    _check(game)
    limit = _limit(time_limit)
    s = solver_for(game)
    out = {}
    deadline = None if limit is None else time.perf_counter() + limit
    try:
        for l in game.undrawn_lines():
            s.set_position(game.drawn)
            k = s.play_line(l)
            child = s.drawn_mask
            left = None if deadline is None else max(1e-6, deadline - time.perf_counter())
            v = s.value(child, left)
            out[game.line_name(l)] = k + v if k else -v
    except SolverTimeout:
        raise beyond_reach(game, limit, "move_values") from None
    return out


def best_lines(game: DotsAndBoxes, time_limit: float | None = DEFAULT_TIME_LIMIT) -> tuple[list[str], int]:
    """Every optimal line (canonical names, in line-index order) and the value ``solve(game)``."""
    values = move_values(game, time_limit)
    if not values:
        raise ValueError(tr("best_lines: the game is over"))
    best = max(values.values())
    return [l for l, v in values.items() if v == best], best
