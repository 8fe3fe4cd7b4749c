"""How a finished game ended: :class:`Termination` and :class:`Outcome` (python-chess style)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

__all__ = ["Termination", "Outcome"]


class Termination(enum.Enum):
    """How a game ended."""

    RESIGNED = "resigned"
    TIMED_OUT = "timed out"
    ALL_BOXES_TAKEN = "all boxes taken"  # Dots and Boxes
    IN_A_ROW = "a line completed"  # five (or four) in a row
    BOARD_FULL = "board full"  # 5 en raya / Connect Four draw
    REPETITION = "third repetition"  # PopOut draw
    NOTHING_TO_POP = "full grid, nothing to pop"  # PopOut draw
    BOX_SHUT = "box shut"  # Shut the Box
    BOX_OPENED = "box opened"  # Shut the Box, long game: every tile uncovered
    LOWEST_SCORE = "lowest score"  # Shut the Box round: every seat played
    LIMIT_REACHED = "limit reached"  # Shut the Box to 45


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended (python-chess style).

    ``winner``: the winning seat or ``None`` (draw, tie, or alone without a win).
    ``results``: points per seat — 1 for the winner, 0 for the others; a draw or a tie shares
    one point among the tied seats (½ each for two); alone, 1 for a win and 0 otherwise.
    ``scores``: the game's own per-seat scores (boxes taken, turn scores …) or ``None``.
    """

    termination: Termination
    winner: int | None
    results: tuple[float, ...]
    scores: tuple | None = None

    @classmethod
    def win(cls, termination: Termination, winner: int, seats: int, scores: tuple | None = None) -> "Outcome":
        return cls(termination, winner, tuple(1.0 if s == winner else 0.0 for s in range(seats)), scores)

    @classmethod
    def shared(
        cls, termination: Termination, tied: list[int] | tuple[int, ...], seats: int, scores: tuple | None = None
    ) -> "Outcome":
        """A draw or tie: the ``tied`` seats share a point (nobody wins)."""
        share = 1.0 / len(tied) if tied else 0.0
        return cls(termination, None, tuple(share if s in tied else 0.0 for s in range(seats)), scores)

    @classmethod
    def timed_out(cls, seat: int, seats: int, scores: tuple | None = None) -> "Outcome":
        """``seat`` ran out of time; with two seats the other one wins (for clocks kept outside the engine)."""
        if seats == 2:
            return cls.win(Termination.TIMED_OUT, 1 - seat, 2, scores)
        return cls(
            Termination.TIMED_OUT, None, tuple(0.0 if s == seat else 1.0 / (seats - 1) for s in range(seats)), scores
        )

    def result(self, seat: int) -> float:
        return self.results[seat]

    @property
    def is_draw(self) -> bool:
        return self.winner is None and len(set(self.results)) == 1 and self.results[0] > 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "termination": self.termination.value,
            "winner": self.winner,
            "results": list(self.results),
            "scores": None if self.scores is None else list(self.scores),
        }
