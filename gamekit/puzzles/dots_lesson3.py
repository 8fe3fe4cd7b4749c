"""Lesson 3's ideas, the one list of them that the mixed Practice list (:mod:`gamekit.puzzles.dots_mixed`) and the
lesson 3 endgames (:mod:`gamekit.puzzles.dots_endgames`) read."""

from __future__ import annotations

LESSON_THREE_THEMES = frozenset({"hard_hearted_handout", "which_to_open"})
"""Lesson 3's ideas: a puzzle of its list carries these themes only."""
