"""Dots Practice's "take every box or decline the last two?" decision: which puzzles ask it, with which answer
right, and the interleaved set of both that *when control is not worth it* asks (:mod:`gamekit.puzzles.dots`
reads it for its pools)."""

from __future__ import annotations

from dataclasses import replace

from gamekit.dots.search import TAKE_OR_DECLINE
from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.dots_words import decline_lines


TAKE_ALL_RATING = 1325.0
"""The rating around which Practice asks the *when control is not worth it* decision (level 4 of
:func:`gamekit.progress.level`, where most double-deal and all-but-four puzzles are): see
:func:`practice_selection`."""


def take_all_choice(puzzle: Puzzle) -> bool:
    """Whether a *when control is not worth it* puzzle asks "take or decline?" (the solver reads the position as
    a choice between taking every box and declining the last ones) with fewer than half of the legal lines
    right, so a guess does not pass it."""
    if "control_not_worth_it" not in puzzle.themes:
        return False
    kind, _, _ = decline_lines(puzzle.position)
    return kind == TAKE_OR_DECLINE and 2 * len(puzzle.answers) < len(puzzle.legal_answers())


def decline_choice(puzzle: Puzzle) -> bool:
    """Whether a *double-deal* puzzle asks the same "take or decline?" as :func:`take_all_choice` with declining
    right: the solver reads the position as that choice, every accepted line declines the last boxes, and fewer
    than half of the legal lines are right."""
    if "double_deal" not in puzzle.themes:
        return False
    kind, _, declines = decline_lines(puzzle.position)
    return (
        kind == TAKE_OR_DECLINE
        and set(puzzle.answers) <= set(declines)
        and 2 * len(puzzle.answers) < len(puzzle.legal_answers())
    )


DECISION_EACH = 6
"""How many puzzles of each answer the *when control is not worth it* decision set holds (take every box; decline
the last two): 12 in all, so any 10 of them (a homework set of the codes, the first 10 Practice asks) hold at least
4 of each and neither "always take" nor "always decline" passes more than 6 of the 10."""


def take_or_decline_set(puzzles: list[Puzzle]) -> list[Puzzle]:
    """The decision set of *when control is not worth it*: :data:`DECISION_EACH` take-all puzzles
    (:func:`take_all_choice`, those a guess passes least often) and as many decline puzzles (:func:`decline_choice`,
    those rated nearest :data:`TAKE_ALL_RATING`), interleaved one of each kind in turn and rated in that order in
    small steps around :data:`TAKE_ALL_RATING` (all level 4), so the puzzles Practice picks near any rating, and a
    homework set ordered by rating, alternate the two answers."""

    def guess(p: Puzzle) -> tuple[float, str]:  # the share of the legal lines that are right
        return len(p.answers) / len(p.legal_answers()), p.id

    takes = sorted((p for p in puzzles if take_all_choice(p)), key=guess)[:DECISION_EACH]
    declines = sorted((p for p in puzzles if decline_choice(p)), key=lambda p: (abs(p.rating - TAKE_ALL_RATING), p.id))[
        : len(takes)
    ]
    takes = sorted(takes[: len(declines)], key=lambda p: p.id)
    declines.sort(key=lambda p: p.id)
    mixed = [p for pair in zip(takes, declines) for p in pair]
    start = TAKE_ALL_RATING - len(mixed) + 1
    return sorted((replace(p, rating=start + 2 * i) for i, p in enumerate(mixed)), key=lambda p: p.id)
