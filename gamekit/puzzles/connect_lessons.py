"""5 en raya / Connect Four Practice by lesson: which puzzles are lesson 1's questions (a win at once or a block,
:func:`one_step_kind`), the words each list asks them with (:func:`lesson_prompt`), how much of a level
of a lesson's list the beginner's habit may answer (:func:`habit_share`), and which puzzles test only the safe drop
(:func:`safe_drop_only`), so they teach no parity idea."""

from __future__ import annotations

import math
from collections import Counter
from typing import Callable, Collection

from gamekit.connect.rules import ConnectGame
from gamekit.i18n import N_, tr
from gamekit.progress import level
from gamekit.puzzles.connect_best_line import wins_at_once, wins_at_once_for
from gamekit.puzzles.connect_thumbs import habit_drop
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


PARITY_THEMES = ("zugzwang", "odd_even_threat")
"""The ideas that promise a count of who fills which cells: a puzzle that only asks "don't drop under a threat"
(:func:`safe_drop_only`) does not teach them, whatever the bank's analysis tagged it."""


def safe_drop_only(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` tests only "don't drop under a threat": no drop wins at once, and every drop that does not
    let the opponent win at once is right (so every wrong drop loses at once, :func:`under_threat_only`)."""
    game = puzzle.position
    if wins_at_once(game):
        return False
    return under_threat_only(game, [a for a in puzzle.legal_answers() if a not in puzzle.answers])


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


WIN_NOW_QUESTIONS = {
    (0, 4): N_("Red to move. Red can make four in a line at once."),
    (1, 4): N_("Yellow to move. Yellow can make four in a line at once."),
    (0, 5): N_("Red to move. Red can make five in a line at once."),
    (1, 5): N_("Yellow to move. Yellow can make five in a line at once."),
}
"""The question of a win at once on any list but lesson 1's (the mixed list, homework): said as a win now, not as
"can force a win… keeps the win", solver words that hide a one-move tactic."""
BLOCK_QUESTIONS = {
    (0, 4): N_("Red to move. Yellow has a threat of four in a line: block it."),
    (1, 4): N_("Yellow to move. Red has a threat of four in a line: block it."),
    (0, 5): N_("Red to move. Yellow has a threat of five in a line: block it."),
    (1, 5): N_("Yellow to move. Red has a threat of five in a line: block it."),
}
"""The question of a block on any list but lesson 1's: said as a block, not as "find a drop that keeps the draw"."""


def lesson_prompt(puzzle: Puzzle, lesson: "int | str | None") -> str | None:
    """The question a lesson's Practice list (or the mixed list, ``None``, and homework) asks ``puzzle`` with,
    where it differs from the puzzle's own (:func:`gamekit.puzzles.connect_words.question`): on lesson 1's list,
    a win at once or a block (:func:`one_step_kind`) is asked with lesson 1's rule (:data:`RULE_QUESTIONS`, the
    same words for both, as that list practises telling them apart); on any other list a win at once is asked as
    a win now (:data:`WIN_NOW_QUESTIONS`) and a block as a block (:data:`BLOCK_QUESTIONS`); else None."""
    kind = one_step_kind(puzzle)
    if kind is None:
        return None
    game = puzzle.position
    if lesson == 1:
        table = RULE_QUESTIONS
    else:
        table = WIN_NOW_QUESTIONS if kind == "win_now" else BLOCK_QUESTIONS
    message = table.get((game.to_move, game.win_length))
    return tr(message) if message is not None else None


MAX_HABIT_SHARE = 1 / 3
"""The largest share of a level of lesson 2's Practice list that the beginner's habit may answer (rounded up)."""


def habit_answers(puzzle: Puzzle) -> bool:
    """Whether a player who reads no line ahead gets ``puzzle`` right: win at once, else block, else the safe drop
    nearest the centre, the left one of two (:func:`gamekit.puzzles.connect_thumbs.habit_drop`)."""
    key = (puzzle.game_id, puzzle.id, repr(puzzle.position_data.get("moves")), tuple(puzzle.answers))
    if key not in _HABIT_ANSWERS:
        _HABIT_ANSWERS[key] = habit_drop(puzzle.position) in puzzle.answers
    return _HABIT_ANSWERS[key]


_HABIT_ANSWERS: dict[tuple, bool] = {}
""":func:`habit_answers` of each puzzle met (the Practice pools and homework sets ask it of the same puzzles many
times; a position and its right drops give the same answer every time)."""


def habit_share(
    puzzles: list[Puzzle],
    share: float = MAX_HABIT_SHARE,
    counted: Callable[[Puzzle], bool] = lambda p: True,
    keep: Collection[str] = (),
) -> list[Puzzle]:
    """``puzzles`` (a lesson's list) without the habit puzzles (:func:`habit_answers`) that make it answer more than
    ``share`` of a level (rounded up): first those whose right drops leave out the centre column, the latest in
    id order first; then, while the centre column stays a right drop at least half as often as the average
    column (centre-column answers come only from habit puzzles: without them "never the centre" would be a rule
    of thumb of its own), those with it.  Where the list has too few puzzles the habit gets wrong, the level keeps
    the centre column's puzzles the spread needs, and the habit answers more than ``share`` there.  Only the
    puzzles ``counted`` picks are counted and cut (the mixed list leaves lesson 1's questions out: their idea is
    the rule the habit starts with, as lesson 1's own list keeps them whole).  The habit puzzles whose ids are in
    ``keep`` (a scarce idea's, :func:`gamekit.puzzles.connect_sets.scarce_ids`) go only when no other can."""
    kept = list(puzzles)
    while kept:
        columns = kept[0].position.columns
        centre = str((columns + 1) // 2)
        over = []
        for lv in sorted({level(p.rating) for p in kept}):
            at = [p for p in kept if level(p.rating) == lv and counted(p)]
            habits = [p for p in at if habit_answers(p)]
            if len(habits) > math.ceil(share * len(at) - 1e-9):
                over += habits
        counts = Counter(a for p in kept for a in p.answers)
        total = sum(counts.values())
        spare: list[Puzzle] = []
        for group in ([p for p in over if p.id not in keep], over):  # a scarce idea's puzzles go last
            spare = [p for p in group if centre not in p.answers] or [
                p for p in group if counts[centre] - 1 >= (total - len(p.answers)) / columns / 2
            ]
            if spare:
                break
        if not spare:
            return kept
        kept.remove(max(spare, key=lambda p: p.id))
    return kept
