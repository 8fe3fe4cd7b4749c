"""What Practice says after an answer: the whole explanation, and the one or two short sentences the board shows
at a glance (:func:`answer_words`); the rest, with any line of best play, stays under **Read more**
(:func:`feedback_html`), and a board game's **Show what happens** plays the line out move by move."""

from __future__ import annotations

import html
import re
from typing import Any

from gamekit.i18n import N_, tr
from gamekit.puzzles.core import Puzzle, action_key, move_words, puzzle_words
from gamekit.puzzles.practice_words import idea_words, mistake_words, why_right

READ_MORE = N_("Read more")
"""The summary of the collapsed text under a Practice answer's short feedback (:func:`feedback_html`)."""

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` (up to the first full stop, question or exclamation mark followed by a
    space), or all of it."""
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0]


def answer_words(puzzle: Puzzle, action: Any, theme: str | None) -> tuple[bool, str, str]:
    """``(ok, whole, short)`` for the answer ``action`` to ``puzzle`` practised for the idea ``theme``: ``whole``
    is the whole explanation (the puzzle's verdict, then why it is right and the idea, or the mistake); ``short``
    is what the board shows at a glance, one or two short sentences and never a line of moves: after a right answer
    "Right." and the first sentence of why it is right; after a wrong one the first sentence of the mistake where
    the game computes one, else the verdict without the line of best play and what the mistake costs.  An illegal
    answer raises like :meth:`gamekit.puzzles.core.Puzzle.check`."""
    ok, whole = puzzle.check(action)  # raises before anything changes
    if ok:
        why = why_right(puzzle, theme, action)
        whole += " " + why
        idea = idea_words(puzzle, theme, action) if theme is not None else None
        if idea:
            whole += " " + idea
        return True, whole, tr("Right. {why}", why=first_sentence(why))
    mistake = mistake_words(puzzle, action, theme)
    if mistake:
        return False, f"{whole} {mistake}", first_sentence(mistake)
    action = puzzle.canonical(action)
    ref = puzzle.refutations[action_key(action)]
    verdict = puzzle_words(puzzle.game_id).wrong(
        puzzle.facts, puzzle.position.to_move, action, ref, move_words(puzzle.game_id, action), ""
    )
    parts = _SENTENCE_END.split(verdict.strip(), maxsplit=2)
    return False, whole, " ".join(parts[:2])


def feedback_html(short: str, whole: str, colour: str) -> str:
    """The feedback line's HTML: ``short`` in ``colour``, and ``whole`` under a collapsed **Read more** where it
    says more than ``short``."""
    text = f"<span style='color:{colour}'>{html.escape(short)}</span>" if short else ""
    if short and whole and whole.strip() != short.strip():
        text += (
            f"<details class='gamekit-more'><summary>{html.escape(tr(READ_MORE))}</summary>"
            f"{html.escape(whole)}</details>"
        )
    return text


__all__ = ["READ_MORE", "first_sentence", "answer_words", "feedback_html"]
