"""Personal puzzles: a pupil's own mistakes from a reviewed game, offered back in Practice.

When a finished game is reviewed (:func:`gamekit.puzzles.review.review`: the widgets' Review button, a room
game), each **mistake** of the pupil's seats where the exact solver has a clear best answer becomes a puzzle:
the position before the mistake, the solver's best moves as the accepted answers, the refutation of every
other move.  "A clear best answer": the solver judges every legal move there, the best moves are at most
half of them, and (Dots) the mistake lost at least 2 boxes / (5 en raya, Connect Four) it threw away a win
or a draw.  The puzzle remembers the day of the game and the move played; its prompt says so ("Your game
on Tuesday 2026-12-01: you played b2-c2 here…").  They are kept in the progress file
(:func:`gamekit.progress.save_personal`, at most :data:`gamekit.progress.MAX_PERSONAL` a game) and served by
``Practice(game, personal=True)``, which also names their themes (from the same analysis as the bank's:
:func:`gamekit.puzzles.dots.themes`, :func:`gamekit.puzzles.connect.themes`).

This module uses the solvers only (no lessons, no widgets): the widgets call it.
"""

from __future__ import annotations

import time
from datetime import date as Date
from typing import Any, Iterable, Sequence

from gamekit import catalog, progress
from gamekit.i18n import tr
from gamekit.puzzles.core import Puzzle, check_game_id, line_of_best_play
from gamekit.puzzles.ratings import first_rating
from gamekit.puzzles.review import Judgement

PLIES = 6
"""Plies of best play shown as a refutation."""


def _deadline_left(deadline: float) -> float:
    return max(0.0, deadline - time.perf_counter())


def personal_puzzle(
    position: Any, judgement: Judgement, day: Date | None = None, time_limit: float = 2.0
) -> Puzzle | None:
    """The personal puzzle of one mistake: ``position`` is the game just before ``judgement``'s move.

    None when the solver has no clear best answer there (see the module docstring) or runs out of
    ``time_limit`` seconds.  ValueError when the judgement is not a mistake or not of this position."""
    if not isinstance(judgement, Judgement) or judgement.verdict != "mistake":
        raise ValueError(tr("personal_puzzle: give the judgement of a mistake (verdict 'mistake')"))
    if position.is_over() or judgement.move not in position.legal_moves():
        raise ValueError(tr("personal_puzzle: {move} is not a legal move of this position", move=judgement.move))
    info = catalog.of(position)
    if info is None or info.exact is None:
        return None
    day = day or Date.today()
    deadline = time.perf_counter() + time_limit
    analysis = info.exact
    values = (analysis.puzzle_values or analysis.move_values)(position, max(0.05, _deadline_left(deadline)))
    if values is None or judgement.move not in values:
        return None
    best = max(values.values())
    answers = sorted(m for m, v in values.items() if v == best)
    wrong = [m for m, v in values.items() if v != best]
    if judgement.move in answers or best - values[judgement.move] < analysis.min_loss or len(answers) * 2 > len(values):
        return None
    refutations, depth = {}, 0
    for w in sorted(wrong, key=lambda w: w != judgement.move):  # the pupil's own move first
        after = position.copy()
        after.play(w)
        left = _deadline_left(deadline)
        line = line_of_best_play(after, PLIES, left, ply_budget=min(1.0, left)) if left > 0.05 else []
        refutations[w] = {"value": values[w], "line": line}
        depth = max(depth, len(line))
    rating = first_rating(len(wrong), depth, len(answers), len(values))
    facts = {
        **analysis.puzzle_facts(position, best),
        "personal": {"date": day.isoformat(), "move": judgement.move, "loss": judgement.loss},
    }
    return Puzzle(
        "mine-" + analysis.position_key(position),
        info.id,
        position.to_dict(),
        tuple(answers),
        (),
        rating,
        refutations=refutations,
        facts=facts,
    )


def mistake_puzzles(
    game: Any,
    judgements: Sequence[Judgement],
    seats: Iterable[int],
    day: Date | None = None,
    time_limit: float = 2.0,
    most: int = 5,
) -> list[Puzzle]:
    """The personal puzzles of a reviewed game: the mistakes of ``seats`` (the pupils' seats, not the CPU's)
    that have a clear best answer, at most ``most`` of them (the costliest first)."""
    seats = set(seats)
    start = game.copy()
    for _ in range(len(game.history) + (1 if getattr(game, "resigned", None) is not None else 0)):
        start.undo()
    before = {}
    g = start
    for i, move in enumerate(game.history):
        before[i] = g.copy()
        g.play(move)
    chosen = sorted(
        (j for j in judgements if j.verdict == "mistake" and j.seat in seats), key=lambda j: (-(j.loss or 0), j.index)
    )
    out = []
    for j in chosen:
        if len(out) >= most:
            break
        p = personal_puzzle(before[j.index], j, day, time_limit)
        if p is not None:
            out.append(p)
    return out


def save_mistakes(
    game: Any,
    judgements: Sequence[Judgement],
    seats: Iterable[int],
    day: Date | None = None,
    time_limit: float = 2.0,
    most: int = 5,
) -> list[Puzzle]:
    """:func:`mistake_puzzles`, each kept in the progress file (:func:`gamekit.progress.save_personal`)."""
    found = mistake_puzzles(game, judgements, seats, day, time_limit, most)
    for p in found:
        progress.save_personal(p.game_id, p.to_dict())
    return found


def personal_puzzles(game_id: str) -> list[Puzzle]:
    """The pupil's saved personal puzzles of a game (newest last); entries that cannot be read are skipped."""
    check_game_id(game_id)
    out = []
    for d in progress.personal(game_id):
        try:
            out.append(Puzzle.from_dict(d))
        except (KeyError, TypeError, ValueError):
            continue
    return out


__all__ = ["personal_puzzle", "mistake_puzzles", "save_mistakes", "personal_puzzles"]
