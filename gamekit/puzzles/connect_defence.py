"""Stop the double threat: 5 en raya / Connect Four puzzles where every wrong drop lets the opponent win at once,
or make two threats at once and win with their second disc, and the sentences that say so.

A pupil rules such a wrong drop out by reading three plies after it (the opponent's drop, any reply, the
opponent's line), so Practice asks these puzzles at level 3 (:func:`gamekit.puzzles.connect.forcing_plies`),
however long the whole game still lasts."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gamekit.connect.rules import ConnectGame
from gamekit.i18n import N_, tr
from gamekit.puzzles.connect_best_line import after_drop, wins_at_once
from gamekit.puzzles.connect_cells import COLOURS, cell_words, double_threat_cells

Cell = tuple[int, int]

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


def stop_why(game: ConnectGame, action: str, wrong: Any = ()) -> str | None:
    """The reason for the right drop ``action`` of a *stop the double threat* puzzle: after it the opponent has no
    drop that makes two threats at once and wins (:func:`double_threat_reply`) nor a win at once; the other right
    drop (a legal drop not in ``wrong``) is named, so "any other drop" does not call it wrong (:data:`STOP_WHY_TOO`);
    None where the opponent does (the drop is right for another reason)."""
    after = after_drop(game, str(action))
    if after.is_over() or wins_at_once(after) or double_threat_reply(after) is not None:
        return None
    other = tr(COLOURS[1 - game.to_move])
    also = [m for m in game.legal_moves() if m != str(action) and m not in set(map(str, wrong))]
    if also:
        return tr(STOP_WHY_TOO, n=action, m=also[0], other=other)
    return tr(STOP_WHY, n=action, other=other)


STOP_WHY_TOO = N_(
    "Why: after column {n}, {other} cannot make two threats at once, nor after column {m}. After any other drop,"
    " {other} can, or wins at once."
)
""":data:`STOP_WHY` where another drop, column ``m``, is right too."""


LATER_DOUBLE = N_(
    "Why: column {n} wins a little later. With best play the game goes on {line}, and then {colour}'s drop in"
    " column {m} makes two threats at once, in {a} and in {b}."
)
"""The reason for a right drop that wins by force but makes no threat that counts yet (:func:`later_double_why`):
the solver's line of best play after it, up to the mover's drop that makes two threats at once."""
LATER_DOUBLE_NOW = N_(
    "Why: column {n} wins a little later. If {other} drops in column {reply}, your drop in column {m} makes two"
    " threats at once, in {a} and in {b}."
)
""":data:`LATER_DOUBLE` where the opponent has one drop only before the double threat."""


def later_double_why(game: ConnectGame, action: str) -> str | None:
    """Why a right drop ``action`` that wins by force is right though it makes no threat that counts yet: along the
    exact solver's line of best play after it (the loser holding out longest), the first drop of the mover that
    makes two threats at once the opponent cannot both stop (:data:`LATER_DOUBLE`, the line and both cells); None
    where the line is not settled, or the win comes no such way."""
    found = later_double(type(game), tuple(game.history), str(action))
    if found is None:
        return None
    line, move, a, b = found
    me = game.to_move
    cells = {"a": cell_words(game, a), "b": cell_words(game, b)}
    if len(line) == 1:
        return tr(LATER_DOUBLE_NOW, n=action, other=tr(COLOURS[1 - me]), reply=line[0][1], m=move, **cells)
    words = ", ".join(f"{tr(COLOURS[seat])} {m}" for seat, m in line)
    return tr(LATER_DOUBLE, n=action, line=words, colour=tr(COLOURS[me]), m=move, **cells)


@lru_cache(maxsize=1024)
def later_double(cls: type, history: tuple, action: str) -> tuple[tuple, str, Cell, Cell] | None:
    from gamekit.puzzles.connect_best_line import LINE_SECONDS, PLY_SECONDS, RUN_OUT_PLIES
    from gamekit.puzzles.core import line_of_best_play

    g = cls.from_moves([*history, action])
    me = 1 - g.to_move
    if g.is_over():
        return None
    line = line_of_best_play(g, RUN_OUT_PLIES, time_limit=LINE_SECONDS, ply_budget=PLY_SECONDS)
    before: list[tuple[int, str]] = []
    for seat, move in line:
        if seat == me:
            pair = double_threat_cells(g, move)
            if pair is not None and not after_drop(g, move).is_over() and forces_win(g, move):
                return tuple(before), move, pair[0], pair[1]
        before.append((seat, move))
        g.play(move)
        if g.is_over():
            return None
    return None
