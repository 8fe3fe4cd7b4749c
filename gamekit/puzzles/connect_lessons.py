"""5 en raya / Connect Four Practice by lesson: which puzzles are lesson 1's questions (a win at once or a block,
:func:`one_step_kind`), the words lesson 1's list asks them with (:func:`lesson_prompt`)."""

from __future__ import annotations

from gamekit.connect.rules import ConnectGame
from gamekit.i18n import N_, tr
from gamekit.puzzles.connect_best_line import wins_at_once, wins_at_once_for
from gamekit.puzzles.core import Puzzle


def under_threat_only(game: ConnectGame, wrong: list[str]) -> bool:
    """Whether every wrong drop lets the opponent win at once (so a puzzle asks only "don't play under the
    threat", not who runs out of harmless drops first — not a zugzwang)."""
    for w in wrong:
        g = game.copy()
        g.play(w)
        if not g.is_over() and not wins_at_once(g):
            return False
    return bool(wrong)


def neutral_question(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is a lesson-1 question: a win at once or the one threat blocked (:func:`one_step_kind`)."""
    return one_step_kind(puzzle) is not None


def one_step_kind(puzzle: Puzzle) -> str | None:
    """``"win_now"`` when every right drop of ``puzzle`` wins at once, ``"block"`` when no drop does and every right
    drop blocks the opponent's one threat, else None."""
    game = puzzle.position
    answers = set(puzzle.answers)
    wins = set(wins_at_once(game))
    threats = set(wins_at_once_for(game, 1 - game.to_move))
    if wins and answers <= wins:
        return "win_now"
    if not wins and len(threats) == 1 and answers <= threats:
        return "block"
    return None


RULE_QUESTIONS = {
    (0, 4): N_("Red to move. Make four in a line at once if you can; if you cannot, stop yellow's four."),
    (1, 4): N_("Yellow to move. Make four in a line at once if you can; if you cannot, stop red's four."),
    (0, 5): N_("Red to move. Make five in a line at once if you can; if you cannot, stop yellow's five."),
    (1, 5): N_("Yellow to move. Make five in a line at once if you can; if you cannot, stop red's five."),
}
"""The question of a lesson-1 puzzle (:func:`neutral_question`) on the lesson-1 Practice list, by the mover and
the line's length: lesson 1's rule, "win at once, else block", true of a win at once and of a block alike, so it
asks what the puzzle asks (it says the block, and no "whatever the opponent does" after a win there and then)
without telling the pupil which of the two it is."""


def lesson_prompt(puzzle: Puzzle, lesson: "int | str | None") -> str | None:
    """The question a lesson's Practice list asks ``puzzle`` with, where it differs from the puzzle's own
    (:func:`gamekit.puzzles.connect_words.question`): on lesson 1's list, a win at once or a block
    (:func:`neutral_question`) is asked with :data:`RULE_QUESTIONS`; else None."""
    if lesson != 1 or not neutral_question(puzzle):
        return None
    game = puzzle.position
    message = RULE_QUESTIONS.get((game.to_move, game.win_length))
    return tr(message) if message is not None else None
