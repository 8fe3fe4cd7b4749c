"""The part picker of a Practice board: an answer the pupil builds from parts instead of choosing it whole.

A game's puzzle module may offer, for a puzzle, the parts an answer is made of (``pick_parts(puzzle)``: Shut the
Box's "which set?" question offers its open tiles), how the picked parts are written as a typed answer
(``picked_answer(puzzle, parts)``: ``"8+2"``), what they are (``pick_label(puzzle)``: "The tiles you cover:") and
what Check says with none picked (``pick_empty(puzzle)``).  The board then shows one toggle button per part, in
place of a button per whole answer, which would list every answer for the pupil (listing the sets for a roll is
what lesson 2 teaches).  Each press writes the picked parts into the board's answer box, where the pupil may also
type; the board's **Check** reads the box, so a picked answer and a typed one are judged alike (a refused one is
told why).  Toggle buttons are buttons: Tab reaches each, Space or Enter presses it.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from gamekit import catalog
from gamekit.i18n import Localized, tr
from gamekit.puzzles.core import Puzzle


class PartPicker(Localized, W.HBox):
    """One toggle button per part of the current puzzle's answer, writing the picked parts into ``answer_box``
    (a text box) as the game's typed answer.  Hidden for a puzzle whose game offers no parts."""

    def __init__(self, answer_box: W.Text):
        if not isinstance(answer_box, W.Text):
            raise TypeError(tr("answer_box={box!r}: a text box", box=answer_box))
        super().__init__()
        self.answer_box = answer_box
        self.puzzle: Puzzle | None = None
        self.toggles: list[W.ToggleButton] = []
        self.label = W.HTML(layout=W.Layout(margin="0 0.5em 0 0"))  # what the parts are (the game's ``pick_label``)
        self.layout = W.Layout(display="none", flex_flow="row wrap")
        self.add_class("gamekit-part-picker")

    @property
    def shown(self) -> bool:
        """Whether the current puzzle is answered with the parts."""
        return bool(self.toggles)

    def show(self, puzzle: Puzzle) -> bool:
        """Offer ``puzzle``'s parts (none picked), or hide when its game offers none; whether they are shown."""
        if not isinstance(puzzle, Puzzle):
            raise TypeError(tr("puzzle={puzzle!r}: a puzzle", puzzle=puzzle))
        module = catalog.get(puzzle.game_id).puzzle_module()
        parts = getattr(module, "pick_parts", lambda p: None)(puzzle)
        self.puzzle = puzzle if parts else None
        self.toggles = [self._toggle(label) for label in parts or []]
        words = getattr(module, "pick_label", lambda p: "")(puzzle) if parts else ""
        self.label.value = html.escape(words)
        self.children = ([self.label] if words else []) + self.toggles
        self.layout.display = None if self.toggles else "none"
        return self.shown

    def _toggle(self, label: str) -> W.ToggleButton:
        button = W.ToggleButton(
            description=label,
            value=False,
            tooltip=tr("Press to pick it, again to leave it"),
            layout=W.Layout(width="3em"),
        )
        button.observe(self._on_toggle, names="value")
        return button

    def empty_words(self) -> str:
        """What Check says with nothing picked or typed: the game's words (``pick_empty(puzzle)``), else ""."""
        if self.puzzle is None:
            return ""
        return getattr(catalog.get(self.puzzle.game_id).puzzle_module(), "pick_empty", lambda p: "")(self.puzzle)

    def picked(self) -> list[str]:
        """The parts pressed, in the order they are shown."""
        return [b.description for b in self.toggles if b.value]

    def press(self, label: str) -> str:
        """Press the part named ``label`` (as a click or Space does; again to leave it) and return the answer box's
        text.  A part not offered: ValueError naming it, nothing changes."""
        button = next((b for b in self.toggles if b.description == label), None)
        if button is None:
            raise ValueError(
                tr("{part!r}: choose one of {items}", part=label, items=", ".join(b.description for b in self.toggles))
            )
        button.value = not button.value
        return self.answer_box.value

    def _on_toggle(self, _: Any) -> None:
        if self.puzzle is None:
            return
        module = catalog.get(self.puzzle.game_id).puzzle_module()
        parts = self.picked()
        self.answer_box.value = module.picked_answer(self.puzzle, parts) if parts else ""


__all__ = ["PartPicker"]
