"""The bank's lesson 3 puzzles that lesson 3's Practice list may ask beside its ideas' own lists
(:func:`lesson_three_bank`): the ideas' lists leave out many positions where a habit of lesson 3 is wrong, the very
puzzles lesson 3's list needs so that no habit answers half of it
(:func:`gamekit.puzzles.dots_thumbs.lesson_three_selection`)."""

from __future__ import annotations

from typing import Callable

from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.dots_thumbs import guess_passes

LESSON_THREE_THEMES = frozenset({"hard_hearted_handout", "which_to_open"})
"""Lesson 3's ideas: a puzzle of its list carries these themes only."""


def lesson_three_bank(
    bank: list[Puzzle], asked_at_all: Callable, at_home: Callable, on_practice_scale: Callable
) -> list[Puzzle]:
    """Every puzzle of ``bank`` (the shipped bank) Practice may ask (``asked_at_all``)
    on the Practice scale (``on_practice_scale``) whose themes are lesson 3's alone, at a level of lesson 3
    (``at_home``) and not one a random line answers half the time (:func:`gamekit.puzzles.dots_thumbs.guess_passes`).
    The puzzle module passes its own functions: this module may not import it."""
    out = []
    for p in bank:
        if p.themes and set(p.themes) <= LESSON_THREE_THEMES and asked_at_all(p) and not guess_passes(p):
            q = on_practice_scale(p)
            if at_home(q):
                out.append(q)
    return sorted(out, key=lambda p: p.id)
