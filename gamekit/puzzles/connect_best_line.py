"""Facts of a 5 en raya / Connect Four position read off the board and the exact solver's line of best play, with
no words: the drops that win at once (:func:`wins_at_once`), the threat a drop makes on the mover's kind of row
(:func:`row_threat`) and where the winning disc lands (:func:`winning_cell`), the opponent's threat a waiting drop
keeps clear of (:func:`waiting_threat`), and how the safe drops run out (:func:`run_out`, :func:`harmless_count`).
The puzzles' reasons (:mod:`gamekit.puzzles.connect_why`) and words (:mod:`gamekit.puzzles.connect_words`) say
them to the pupil."""

from __future__ import annotations

from functools import lru_cache

from gamekit.connect.rules import ConnectGame
from gamekit.connect.threats import threat_cells
from gamekit.puzzles.core import line_of_best_play

Cell = tuple[int, int]


def after_drop(game: ConnectGame, action: str) -> ConnectGame:
    """A copy of ``game`` after the drop ``action``."""
    g = game.copy()
    g.play(str(action))
    return g


def wins_at_once(game: ConnectGame) -> list[str]:
    """The columns where a drop completes a line for the player to move, there and then."""
    me, out = game.to_move, []
    for m in game.legal_moves():
        g = game.copy()
        g.play(m)
        if g.winner() == me:
            out.append(m)
    return out


def wins_at_once_for(game: ConnectGame, seat: int) -> list[str]:
    """Columns where ``seat`` could complete a line right now if it were its turn."""
    return [str(game.column_number(c)) for c, r in threat_cells(game, seat) if len(game.grid[c]) == r]


def row_threat(game: ConnectGame, action: str) -> Cell | None:
    """A new threat of the mover after ``action`` on a row of the mover's kind (red odd rows 1, 3, 5, yellow even
    ones), not yet playable: the lowest such cell, else None."""
    me = game.to_move
    after = after_drop(game, action)
    new = set(threat_cells(after, me)) - set(threat_cells(game, me))
    kind = [(c, r) for c, r in new if r % 2 == me and len(after.grid[c]) < r]
    return min(kind, key=lambda cell: (cell[1], cell[0])) if kind else None


def winning_cell(game: ConnectGame, action: str) -> Cell | None:
    """Where the mover's winning disc lands along the exact solver's line of best play after the drop ``action``
    (the loser holding out longest); None where the line is not settled or does not end in the mover's win."""
    return _winning_cell(type(game), (*game.history, str(action)), game.to_move)


@lru_cache(maxsize=1024)
def _winning_cell(cls: type, history: tuple, mover: int) -> Cell | None:
    g = cls.from_moves(list(history))
    if g.is_over():
        return None
    land = None
    for _, move in line_of_best_play(g, RUN_OUT_PLIES, time_limit=LINE_SECONDS, ply_budget=PLY_SECONDS):
        land = g.landing_cell(int(move))
        g.play(move)
    return land if g.is_over() and g.winner() == mover else None


def waiting_threat(game: ConnectGame, wrong: list[str]) -> Cell | None:
    """The opponent's threat cell that a wrong drop would fill the cell under (its disc lands right below it and
    the opponent then wins there at once): the lowest such cell, else None."""
    them = 1 - game.to_move
    theirs = set(threat_cells(game, them))
    found = []
    for w in wrong:
        land = game.landing_cell(int(w))
        if land is None or (land[0], land[1] + 1) not in theirs:
            continue
        after = after_drop(game, w)
        if not after.is_over() and after.landing_cell(int(w)) == (land[0], land[1] + 1):
            found.append((land[0], land[1] + 1))
    return min(found, key=lambda cell: (cell[1], cell[0])) if found else None


RUN_OUT_PLIES = 60
"""The longest line of best play :func:`harmless_count` follows (longer than any 5 en raya game left)."""

LINE_SECONDS = 300.0
"""The wall-clock limits of the lines of best play that words and pools are made from: far above what they need
(each drop takes under a second of CPU, a whole line a few seconds), so that what a pupil reads and which puzzles
a list holds never depend on how busy the machine is (with 5 s a drop, a machine at load 10 cut lines short)."""
PLY_SECONDS = 60.0


def harmless_count(game: ConnectGame, action: str) -> tuple[int, Cell | None] | None:
    """How the harmless drops run out after the winning drop ``action``: along the exact solver's line of best play
    (the loser holding out longest), the drops each side makes that do not let the other side win at once — the
    same number ``k`` for both, as the opponent drops first and is the first with none left — and the cell where
    the mover then wins: right above the opponent's last disc (it had to drop under the mover's threat), else None
    (the win comes another way).  None where the line is not settled, does not end with every opponent drop
    letting the mover win at once, or the mover does not win."""
    return _harmless_count(type(game), tuple(game.history), str(action))


@lru_cache(maxsize=512)
def _harmless_count(cls: type, history: tuple, action: str) -> tuple[int, Cell | None] | None:
    game = cls.from_moves(list(history))
    found = run_out(cls, (*history, action))
    if found is None:
        return None
    counts, giver, cell = found
    if giver == game.to_move or counts[0] != counts[1]:
        return None
    return counts[giver], cell


@lru_cache(maxsize=1024)
def run_out(cls: type, history: tuple) -> tuple[tuple[int, int], int, Cell | None] | None:
    """Along the exact solver's line of best play from the position after the drops ``history`` (a board of
    ``cls``): the harmless drops each seat makes (drops that let nobody win at once), the seat that then runs out
    (every drop it has lets the other side win at once) and the cell where the other side then wins right above
    its last disc (None: it wins elsewhere).  None where the game is over, the line is not settled or does not end
    that way."""
    g = cls.from_moves(list(history))
    if g.is_over():
        return None
    line = line_of_best_play(g, RUN_OUT_PLIES, time_limit=LINE_SECONDS, ply_budget=PLY_SECONDS)
    counts = [0, 0]
    for seat, move in line:
        land = g.landing_cell(int(move))
        before = g.copy()
        g.play(move)
        if g.is_over():
            return None
        wins = wins_at_once(g)
        if not wins:
            counts[seat] += 1
            continue
        if any(not lets_win(before, m) for m in before.legal_moves()):
            return None  # a harmless drop was still there: not a run-out
        above = (land[0], land[1] + 1)
        return (counts[0], counts[1]), seat, (above if any(g.landing_cell(int(w)) == above for w in wins) else None)
    return None


def lets_win(game: ConnectGame, move: str) -> bool:
    """Whether the drop ``move`` lets the other side complete a line with its next disc."""
    g = after_drop(game, move)
    return g.is_over() or bool(wins_at_once(g))
