"""Tic-tac-toe CPU players: easy plays at random, medium wins or blocks when it can, hard plays perfectly."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from gamekit.game import LEVELS, check_running

from .rules import CELLS, LINES, TicTacToe


@lru_cache(maxsize=None)
def value(board: tuple, mover: int) -> int:
    """Best result for ``mover`` with perfect play: 1 win, 0 draw, -1 loss."""
    for a, b, c in LINES:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return 1 if board[a] == mover else -1
    empty = [i for i in range(9) if board[i] is None]
    if not empty:
        return 0
    return max(-value(board[:i] + (mover,) + board[i + 1 :], 1 - mover) for i in empty)


class Player:
    def __init__(self, level: str, seed: int | None = None) -> None:
        if not isinstance(level, str) or level not in LEVELS:
            raise ValueError(f"level={level!r}: choose one of {', '.join(LEVELS)}")
        self.level, self.rng = level, random.Random(seed)

    def choose(self, game: TicTacToe) -> str:
        check_running(game)
        moves = game.legal_moves()
        if self.level == "easy":
            return self.rng.choice(moves)
        board, me = tuple(game.board), game.to_move
        scored = {m: -value(board[: CELLS.index(m)] + (me,) + board[CELLS.index(m) + 1 :], 1 - me) for m in moves}
        if self.level == "hard":
            best = max(scored.values())
            return self.rng.choice([m for m, v in scored.items() if v == best])
        for want in (me, 1 - me):  # medium: complete a line, else block one
            for m in moves:
                trial = list(board)
                trial[CELLS.index(m)] = want
                if any(trial[a] == trial[b] == trial[c] == want for a, b, c in LINES):
                    return m
        return self.rng.choice(moves)


def cpu_player(level: str = "easy", seed: Any = None) -> Player:
    return Player(level, seed)
