"""Hints on a game widget (:class:`Hints`, a part of :class:`~gamekit.widgets.base.GameWidget`): the suggested
move of a position worked out once, shown by the Hint button and, with hints on, in the status line."""

from __future__ import annotations

from typing import Any

from gamekit.i18n import Localized, tr


class Hints(Localized):
    """The Hint button and automatic hints of a game widget: the game's ``hint_for(game)`` gives (move, reason);
    the answer is kept for the position (``self._hint``) and its move drawn on the board (``self.hint_move``)."""

    def offer_hint(self) -> None:
        """With hints on, add the suggested move to the status line on a person's turn."""
        if self.hints and self.hint_available and not self.game.is_over() and not self.is_cpu_turn():
            move, reason = self.position_hint()
            self.say(f"{self.last_status} {self.hint_sentence(move, reason)}")

    def hint(self) -> tuple[Any, str] | None:
        """The Hint button: the suggested move for the position (drawn on the board) and why, in the status line;
        the same answer as the automatic hint of the same position (:meth:`position_hint`)."""
        if self.game.is_over():
            self.say(tr("No hint: the game is over."))
            return None
        move, reason = self.position_hint()
        self.say(self.hint_sentence(move, reason))
        return move, reason

    def position_hint(self) -> tuple[Any, str]:
        """(move, reason) for the current position, worked out once: the automatic hint and the Hint button
        ask this, so they never disagree; the move is kept in :attr:`hint_move` (drawn on the board) until the
        position changes."""
        stamp = self._position_stamp()
        if self._hint is None or self._hint[0] != stamp:
            move, reason = self.hint_for(self.game)
            self._hint = (stamp, move, reason)
            self.hint_move = move
            self.board.paint(self.build_scene())  # the hinted move (and a game's verdicts) on the board
            self.board.set_access(self.board_label(), self.describe_position())
        _, move, reason = self._hint
        return move, reason

    def hint_sentence(self, move: Any, reason: str) -> str:
        """ "Hint: c4-d4 — reason." with one full stop at the end, whether or not ``reason`` has its own."""
        reason = reason.strip()
        if reason.endswith((".", "!", "?", "…")):
            return tr("Hint: {move} — {reason}", move=self.describe_move(move), reason=reason)
        return tr("Hint: {move} — {reason}.", move=self.describe_move(move), reason=reason)
