"""Stop the double threat: 5 en raya / Connect Four puzzles where every wrong drop lets the opponent win at once,
or make two threats at once and win with their second disc, and the sentences that say so.

A pupil rules such a wrong drop out by reading three plies after it (the opponent's drop, any reply, the
opponent's line), so Practice asks these puzzles at level 3 (:func:`gamekit.puzzles.connect.forcing_plies`),
however long the whole game still lasts."""

from __future__ import annotations

from typing import Any

from gamekit.connect.rules import ConnectGame
from gamekit.i18n import N_, tr
from gamekit.puzzles.connect_best_line import after_drop, wins_at_once
from gamekit.puzzles.connect_why import COLOURS, cell_words, double_threat_cells

Cell = tuple[int, int]

THEME = "stop_double_threat"
DEFENCE_PLIES = 3
"""How far a pupil reads after a wrong drop of a *stop the double threat* puzzle to rule it out: the opponent's
drop, any reply, the opponent's winning disc."""


def forces_win(game: ConnectGame, drop: str) -> bool:
    """Whether the player to move in ``game`` wins with the next disc after ``drop``, whatever the reply: the reply
    never wins or ends the game, and after every reply a drop completes a line."""
    me = game.to_move
    after = after_drop(game, drop)
    if after.winner() == me:
        return True
    if after.is_over():
        return False
    for reply in after.legal_moves():
        g = after_drop(after, reply)
        if g.is_over() or not wins_at_once(g):
            return False
    return True


def double_threat_reply(after: ConnectGame, line: Any = ()) -> tuple[str, tuple[Cell, Cell]] | None:
    """The opponent's drop on the board ``after`` a wrong drop (the opponent to move) that makes two threats at
    once and wins with the next disc whatever the reply, with its two threat cells; the first drop of ``line`` (the
    solver's line of best play, ``[[seat, column], ...]``) where it is one, else the lowest column that is; None
    when the opponent has no such drop (or wins at once: that is no double threat)."""
    if after.is_over() or wins_at_once(after):
        return None
    first = [str(line[0][1])] if line and len(line[0]) == 2 else []
    for drop in [*first, *after.legal_moves()]:
        if drop not in after.legal_moves():
            continue
        pair = double_threat_cells(after, drop)
        if pair is not None and forces_win(after, drop):
            return drop, pair
    return None


def stops_double_threat(game: ConnectGame, wrong: list[str]) -> bool:
    """Whether ``game`` (no line to complete or block now) is a *stop the double threat* puzzle: every wrong drop
    lets the opponent win at once or make two threats at once and win with their second disc
    (:func:`double_threat_reply`), and at least one does the latter (else the puzzle only asks "don't drop under
    the threat")."""
    if not wrong or wins_at_once(game):
        return False
    doubles = 0
    for w in wrong:
        after = after_drop(game, w)
        if after.is_over():
            return False
        if wins_at_once(after):
            continue
        if double_threat_reply(after) is None:
            return False
        doubles += 1
    return doubles > 0


DOUBLE_MISTAKE = N_(
    "The mistake: after column {n}, {other} can drop in column {m} and make two threats at once, in {a} and in"
    " {b}; you can block only one of them."
)
"""A wrong drop after which the opponent makes two threats at once and wins with their second disc
(:func:`double_mistake`), with the opponent's drop and both cells from the solver's line."""


def double_mistake(puzzle: Any, action: str) -> str | None:
    """The mistake of a wrong drop after which the opponent makes two threats at once and wins with their second
    disc (:data:`DOUBLE_MISTAKE`), else None.  It names the opponent's drop, never a right drop's column: where the
    opponent's drop is in a right drop's column (the retry would be given away) it says so without the cells."""
    game = puzzle.position
    after = after_drop(game, str(action))
    if after.is_over():
        return None
    line = (puzzle.refutations.get(str(action)) or {}).get("line") or []
    found = double_threat_reply(after, line)
    if found is None:
        return None
    drop, (a, b) = found
    other = tr(COLOURS[1 - game.to_move])
    if drop in puzzle.answers or any(str(game.column_number(c)) in puzzle.answers for c, _ in (a, b)):
        return tr(DOUBLE_HIDDEN, n=action, other=other)
    return tr(DOUBLE_MISTAKE, n=action, m=drop, other=other, a=cell_words(game, a), b=cell_words(game, b))


DOUBLE_HIDDEN = N_(
    "The mistake: after column {n}, {other} can make two threats at once with the next disc; you can block only one"
    " of them."
)
""":data:`DOUBLE_MISTAKE` where a cell or the opponent's drop is in a right drop's column (naming it would give the
retry away)."""


STOP_WHY = N_(
    "Why: after column {n}, {other} cannot make two threats at once. After any other drop, {other} can, or wins at"
    " once."
)
"""The reason for a right drop of a *stop the double threat* puzzle (:func:`stop_why`)."""
STOP_IDEA = N_(
    "The idea: before you drop, look at your opponent's next drop. If it could make two threats at once, stop it first."
)
"""The idea of a *stop the double threat* puzzle, after a right drop."""


def stop_why(game: ConnectGame, action: str) -> str | None:
    """The reason for the right drop ``action`` of a *stop the double threat* puzzle: after it the opponent has no
    drop that makes two threats at once and wins (:func:`double_threat_reply`) nor a win at once; None where they do
    (the drop is right for another reason)."""
    after = after_drop(game, str(action))
    if after.is_over() or wins_at_once(after) or double_threat_reply(after) is not None:
        return None
    return tr(STOP_WHY, n=action, other=tr(COLOURS[1 - game.to_move]))
