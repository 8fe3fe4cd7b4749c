"""Tic-tac-toe, a test-only fourth game: the rules, keeping the whole ``Game`` contract of gamekit.game.

Cells are a column letter and a row number, ``"a1"`` (top left) to ``"c3"``; X (seat 0) starts.  It exists to
prove that a new game is one package plus one ``register(GameInfo(...))`` (``tests/tictactoe/__init__.py``)."""

from __future__ import annotations

from typing import Any

from gamekit.core.errors import BadPositionError, IllegalMoveError
from gamekit.core.saved import SCHEMA_VERSION, check_header, is_int, replay, require
from gamekit.core.outcome import Outcome, Termination

CELLS = tuple(f"{col}{row}" for row in "123" for col in "abc")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
GAME_ID = "tictactoe"


class TicTacToe:
    """A 3 × 3 game of noughts and crosses."""

    def __init__(self) -> None:
        self.board: list[int | None] = [None] * 9
        self.history: list[str] = []
        self.resigned: int | None = None

    @property
    def to_move(self) -> int:
        return len(self.history) % 2

    def line(self) -> tuple[int, int, int] | None:
        """The completed line, or None."""
        for line in LINES:
            a, b, c = (self.board[i] for i in line)
            if a is not None and a == b == c:
                return line
        return None

    def outcome(self) -> Outcome | None:
        if self.resigned is not None:
            return Outcome.win(Termination.RESIGNED, 1 - self.resigned, 2)
        line = self.line()
        if line is not None:
            return Outcome.win(Termination.IN_A_ROW, self.board[line[0]], 2)
        if len(self.history) == 9:
            return Outcome.shared(Termination.BOARD_FULL, (0, 1), 2)
        return None

    # end of game: all from outcome()
    def is_over(self) -> bool:
        return self.outcome() is not None

    def winner(self) -> int | None:
        outcome = self.outcome()
        return None if outcome is None else outcome.winner

    def legal_moves(self) -> list[str]:
        return [] if self.is_over() else [CELLS[i] for i in range(9) if self.board[i] is None]

    def play(self, action: Any) -> str:
        if not isinstance(action, str) or action not in CELLS:
            raise IllegalMoveError(f"{str(action)[:40]!r}: not a cell (a1 to c3)")
        if self.is_over():
            raise IllegalMoveError(f"{action!r}: the game is over")
        index = CELLS.index(action)
        if self.board[index] is not None:
            raise IllegalMoveError(f"{action!r}: that cell is taken")
        self.board[index] = self.to_move
        self.history.append(action)
        return action

    def undo(self) -> str:
        if self.resigned is not None:
            self.resigned = None
            return "resign"
        if not self.history:
            raise IllegalMoveError("undo: there is nothing to undo")
        move = self.history.pop()
        self.board[CELLS.index(move)] = None
        return move

    def resign(self, seat: int) -> None:
        if not is_int(seat) or seat not in (0, 1):
            raise IllegalMoveError(f"seat={seat!r}: 0 (X) or 1 (O)")
        if self.is_over():
            raise IllegalMoveError(f"seat={seat}: the game is over")
        self.resigned = seat

    def copy(self) -> "TicTacToe":
        other = TicTacToe()
        other.board, other.history, other.resigned = list(self.board), list(self.history), self.resigned
        return other

    def to_dict(self) -> dict:
        return {"game": GAME_ID, "version": SCHEMA_VERSION, "moves": list(self.history), "resigned": self.resigned}

    @classmethod
    def from_dict(cls, data: Any) -> "TicTacToe":
        check_header(data, (GAME_ID,), "tic-tac-toe")
        require("moves" in data, "moves: missing")
        resigned = data.get("resigned")
        require(resigned is None or (is_int(resigned) and resigned in (0, 1)), f"resigned={resigned!r}: 0, 1 or null")
        return cls.from_moves(data["moves"], resigned=resigned)

    @classmethod
    def from_moves(cls, moves: Any, resigned: int | None = None) -> "TicTacToe":
        if isinstance(moves, str):
            raise BadPositionError(f"{moves[:40]!r}: not a list of moves like 'b2'")
        return replay(cls(), moves, kind=str, resigned=resigned)

    def __repr__(self) -> str:
        return f"TicTacToe.from_moves({self.history!r})"
