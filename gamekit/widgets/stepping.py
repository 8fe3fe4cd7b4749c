"""Moving one step at a time through something numbered 0 … n − 1: lesson step-throughs and game review."""

from __future__ import annotations


class Stepping:
    """``next()`` and ``prev()`` for a widget with ``index``, ``step_count`` and ``goto(index)``.

    Both return False (and change nothing) at the end they would pass, so a button handler or a key can
    call them without checking first.
    """

    index: int

    @property
    def step_count(self) -> int:
        raise NotImplementedError

    def goto(self, index: int):
        raise NotImplementedError

    def next(self) -> bool:
        """One step forward; False at the last step."""
        if self.index >= self.step_count - 1:
            return False
        self.goto(self.index + 1)
        return True

    def prev(self) -> bool:
        """One step back; False at the first step."""
        if self.index == 0:
            return False
        self.goto(self.index - 1)
        return True
