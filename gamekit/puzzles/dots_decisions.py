"""Dots Practice's "take every box or decline the last two?" decision: which puzzles ask it, with which answer
right (:mod:`gamekit.puzzles.dots` reads them for its pools)."""

from __future__ import annotations

from itertools import zip_longest

from gamekit.dots.search import TAKE_OR_DECLINE
from gamekit.puzzles.core import Puzzle
from gamekit.dots import DotsAndBoxes, capture_lines, long_chain_rule
from gamekit.puzzles.dots_words import control_values, decline_lines


def take_all_choice(puzzle: Puzzle) -> bool:
    """Whether a *when control is not worth it* puzzle asks "take or decline?" (the solver reads the position as
    a choice between taking every box and declining the last ones) with fewer than half of the legal lines
    right, so a guess does not pass it."""
    if "control_not_worth_it" not in puzzle.themes:
        return False
    if puzzle.id not in _TAKE_ALL:
        kind, _, _ = decline_lines(puzzle.position)
        _TAKE_ALL[puzzle.id] = kind == TAKE_OR_DECLINE and 2 * len(puzzle.answers) < len(puzzle.legal_answers())
    return _TAKE_ALL[puzzle.id]


def control_not_worth_it(game: DotsAndBoxes, best: int, min_loss: int) -> bool:
    """Whether the idea *when control is not worth it* holds at ``game`` (best value ``best``), by the solver's
    values (:func:`gamekit.puzzles.dots_words.control_values`): taking every box on offer and playing on reaches the
    best result, and every way of keeping control (declining boxes now, or after taking some) loses at least
    ``min_loss`` boxes.  Where one chain is taken and the last boxes of another are declined, control is worth it,
    and the puzzle is not this idea's even though its right first line is a take."""
    take_all, keep = control_values(game)
    return take_all == best and keep is not None and best - keep >= min_loss


_TAKE_ALL: dict[str, bool] = {}
""":func:`take_all_choice` by puzzle id (an id names one position and its answers): each answer asks the solver,
and Practice's pools ask it of every puzzle many times."""


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


def count_decides(game: DotsAndBoxes, answers: list[str], wrong_safe: list[str]) -> bool:
    """Whether the count of long chains is what decides a *safe line* position: after every right line (the
    solver's best, ``answers``) at least one long chain is forming on the board and the count is on the side of the
    player who drew it (:func:`gamekit.dots.long_chain_rule`), while after some of the safe lines the solver calls
    wrong (``wrong_safe``) the count is on the opponent's side."""
    me = game.to_move

    def after(line: str):
        g = game.copy()
        g.play(line)
        return long_chain_rule(g)

    rules = [after(a) for a in answers]
    if not rules or any(r.long_chains < 1 or r.favoured != me for r in rules):
        return False
    return any(after(w).favoured != me for w in wrong_safe)


MAX_SAME_OFFER = 2
"""The most puzzles of one decision list that offer the same boxes on the same board (:func:`offer_shape`): the
take-all follow-ups made many near-copies of one position (16 of lesson 5's list offered the boxes of the lines
b3-b4 and b4-b5 of a 4 × 4 board)."""


def offer_shape(puzzle: Puzzle) -> tuple[int, int, frozenset[str]]:
    """What a pupil sees first of a "take or decline?" puzzle: the board's size and the lines that take the boxes on
    offer."""
    game = puzzle.position
    return game.width, game.height, frozenset(capture_lines(game))


def few_of_a_shape(puzzles: list[Puzzle], most: int = MAX_SAME_OFFER) -> list[Puzzle]:
    """``puzzles`` (in id order) with at most ``most`` of each :func:`offer_shape`: of a shape, the first in id order
    where taking is right and the first where it is not take turns, so a shape kept twice asks both answers where it
    has both."""
    groups: dict[tuple, list[Puzzle]] = {}
    for p in sorted(puzzles, key=lambda p: p.id):
        groups.setdefault(offer_shape(p), []).append(p)
    kept: set[str] = set()
    for ps in groups.values():
        takes = [p for p in ps if take_all_choice(p)]
        rest = [p for p in ps if not take_all_choice(p)]
        order = [p for pair in zip_longest(takes, rest) for p in pair if p is not None]
        kept |= {p.id for p in order[:most]}
    return [p for p in sorted(puzzles, key=lambda p: p.id) if p.id in kept]
