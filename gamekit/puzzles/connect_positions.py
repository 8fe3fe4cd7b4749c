"""Which 5 en raya / Connect Four positions a build of one theme tries (``python -m gamekit.puzzles build GAME
--theme T``): those whose threats on the board allow the theme at all, found without the solver, so a build for a
rare idea (*stop the double threat*) spends its solver time on positions that can give one."""

from __future__ import annotations

from gamekit.connect.rules import ConnectGame
from gamekit.connect.threats import threat_cells
from gamekit.puzzles.connect_best_line import after_drop, wins_at_once, wins_at_once_for
from gamekit.puzzles.connect_defence import double_threat_reply


def may_have(game: ConnectGame, theme: str) -> bool:
    """Whether ``game``'s position can be a puzzle of ``theme`` at all, read off the threats on the board without
    the solver (:func:`gamekit.puzzles.connect.themes` decides, after the solver): a build of one theme tries only
    these.  *Win now* needs a drop that completes a line, every other theme none; *block* a threat of the
    opponent's to fill; *stop the double threat* no such threat, and a drop after which the opponent can make two
    threats at once (:func:`gamekit.puzzles.connect_defence.double_threat_reply`); *double threat* and *odd/even
    threat* a drop that makes two threats (playable, or one on top of the other) or a new threat on the mover's
    kind of row higher up; *zugzwang* and *side disc* any position."""
    legal = game.legal_moves()
    if game.is_over() or len(legal) < 3:
        return False
    me = game.to_move
    if theme == "win_now":
        return bool(wins_at_once(game))
    if wins_at_once(game):
        return False
    theirs = wins_at_once_for(game, 1 - me)
    if theme == "block":
        return bool(theirs)
    if theme == "stop_double_threat":
        return not theirs and any(double_threat_reply(after_drop(game, w)) is not None for w in legal)
    if theme not in ("double_threat", "odd_even_threat"):
        return True
    before = set(threat_cells(game, me))
    for a in legal:
        g = after_drop(game, a)
        cells = set(threat_cells(g, me))
        playable = [(c, r) for c, r in cells if len(g.grid[c]) == r]
        if theme == "double_threat" and (
            len(playable) >= 2 or (playable and any((c, r + 1) in cells for c, r in cells))
        ):
            return True
        if theme == "odd_even_threat" and any(r % 2 == me and len(g.grid[c]) < r for c, r in cells - before):
            return True
    return False
