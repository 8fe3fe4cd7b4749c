"""Rules of thumb a 5 en raya / Connect Four pupil may follow without reading the board, and the choice of
Practice puzzles none of them answers too often.

A pupil who notices that "column 6" is often right in a set of puzzles scores without understanding them; so
Practice's pools of an idea are chosen so that no rule of thumb below answers more than about a third of them
(:data:`MAX_THUMB_SHARE`), as the Dots and Shut the Box pools are.  The rules (:func:`thumb_rules`):

* *the centre*: the drop nearest the centre column after which the opponent cannot win at once
  (:func:`centre_picks`);
* *the column of the last disc*: drop on top of the opponent's last disc;
* *column a, else b*: column ``a`` while it has room, else column ``b`` (every ordered pair of columns).

A rule answers a puzzle when it picks a drop and every drop it picks is right (:func:`rules_answering`).
"""

from __future__ import annotations

import math
from itertools import permutations
from typing import Collection, Iterable

from gamekit.connect.rules import ConnectGame
from gamekit.connect.threats import threat_cells
from gamekit.progress import level
from gamekit.puzzles.balance import one_step_rule, trivial_share
from gamekit.puzzles.core import Puzzle

MAX_THUMB_SHARE = 1 / 3
"""The largest share of an idea's Practice pool that one rule of thumb may answer."""


def safe_drops(game: ConnectGame) -> list[str]:
    """The legal drops after which the opponent cannot complete a line with the next disc (or the game is over)."""
    safe = []
    for m in game.legal_moves():
        g = game.copy()
        g.play(m)
        if g.is_over() or not any(_completes(g, r) for r in g.legal_moves()):
            safe.append(m)
    return safe


def _completes(game: ConnectGame, move: str) -> bool:
    g = game.copy()
    mover = g.to_move
    g.play(move)
    return g.winner() == mover


def centre_picks(game: ConnectGame) -> list[str]:
    """The drops a beginner's rule of thumb picks: of the drops after which the opponent cannot win at once, the
    ones nearest the centre column (two when two columns tie); [] when every drop lets the opponent win."""
    safe = safe_drops(game)
    if not safe:
        return []
    centre = (game.columns + 1) / 2
    near = min(abs(int(m) - centre) for m in safe)
    return [m for m in safe if abs(int(m) - centre) == near]


def habit_drop(game: ConnectGame) -> str:
    """The drop of a player who reads no line ahead: a drop that wins at once, else one into the opponent's
    winning cell, else the safe drop nearest the centre (:func:`centre_picks`; the left one of two), else the
    legal drop nearest the centre.  What Practice's levels are measured against: this player passes the first
    levels only."""
    legal = game.legal_moves()
    wins = [m for m in legal if _completes(game, m)]
    if wins:
        return wins[0]
    theirs = threat_cells(game, 1 - game.to_move)
    blocks = sorted({str(game.column_number(c)) for c, r in theirs if len(game.grid[c]) == r}, key=int)
    if blocks:
        return blocks[0]
    centre = (game.columns + 1) / 2
    return (centre_picks(game) or sorted(legal, key=lambda m: (abs(int(m) - centre), int(m))))[0]


def trivially_answered(puzzle: Puzzle) -> bool:
    """Whether a rule that reads no line ahead answers ``puzzle``: "win at once, else block" (the one-line rule,
    :func:`gamekit.puzzles.balance.one_step_rule`) or the centre rule (every drop :func:`centre_picks` picks is
    right)."""
    if one_step_rule(puzzle) is not None:
        return True
    picks = centre_picks(puzzle.position)
    return bool(picks) and set(picks) <= set(puzzle.answers)


def trivial_selection(puzzles: list[Puzzle], keep: Collection[str] = ()) -> list[Puzzle]:
    """``puzzles`` (a Practice list) with the puzzles a trivial rule answers (:func:`trivially_answered`) held to a
    third of each level from 2 up (:func:`gamekit.puzzles.balance.trivial_share`): the latest in id order go
    first, those with a right drop in the centre column last (without them the centre column would never be an
    answer, and "never the centre" would be a rule of thumb of its own), a scarce idea's (``keep``) only when no
    other can."""
    if not puzzles:
        return []
    centre = str((puzzles[0].position.columns + 1) // 2)
    return trivial_share(puzzles, trivially_answered, keep=keep, spare_last=lambda p: centre in p.answers)


def last_column_picks(game: ConnectGame) -> list[str]:
    """The drop on top of the last disc played ([] at the start or when that column is full)."""
    if not game.history:
        return []
    last = str(game.history[-1])
    return [last] if last in game.legal_moves() else []


def column_picks(game: ConnectGame, first: int, second: int) -> list[str]:
    """ "Column ``first``, else ``second``": the first of the two with room ([] when both are full)."""
    legal = game.legal_moves()
    for c in (first, second):
        if str(c) in legal:
            return [str(c)]
    return []


def thumb_rules(game: ConnectGame) -> dict[str, list[str]]:
    """Every rule of thumb's picks at ``game``'s position: ``"centre"``, ``"last_column"`` and ``"column a else
    b"`` for every ordered pair of columns (module docstring)."""
    rules = {"centre": centre_picks(game), "last_column": last_column_picks(game)}
    for a, b in permutations(range(1, game.columns + 1), 2):
        rules[f"column {a} else {b}"] = column_picks(game, a, b)
    return rules


def rules_answering(puzzle: Puzzle) -> list[str]:
    """The rules of thumb (:func:`thumb_rules`) that answer ``puzzle``: each picks a drop, and every drop it picks
    is right."""
    answers = set(puzzle.answers)
    return [name for name, picks in thumb_rules(puzzle.position).items() if picks and set(picks) <= answers]


def rule_counts(puzzles: Iterable[Puzzle]) -> dict[str, int]:
    """How many of ``puzzles`` each rule of thumb answers (rules that answer none left out)."""
    counts: dict[str, int] = {}
    for p in puzzles:
        for name in rules_answering(p):
            counts[name] = counts.get(name, 0) + 1
    return counts


def thumb_selection(puzzles: list[Puzzle], share: float = MAX_THUMB_SHARE) -> list[Puzzle]:
    """``puzzles`` (in their order) without the fewest needed so that no rule of thumb answers more than
    ``share`` of those kept: while a rule answers too many, one of its puzzles goes — the one the most rules
    over their share answer, then the most rules, then the latest in id order (so the puzzles only the idea
    answers stay)."""
    answering = {p.id: set(rules_answering(p)) for p in puzzles}
    kept = list(puzzles)
    while kept:
        counts: dict[str, int] = {}
        for p in kept:
            for name in answering[p.id]:
                counts[name] = counts.get(name, 0) + 1
        over = [name for name, k in counts.items() if k > math.ceil(share * len(kept) - 1e-9)]
        if not over:
            return kept
        worst = max(over, key=lambda name: (counts[name], name))
        drop = max(
            (p for p in kept if worst in answering[p.id]),
            key=lambda p: (len(answering[p.id] & set(over)), len(answering[p.id]), p.id),
        )
        kept.remove(drop)
    return kept


MAX_COLUMN_SHARE = 1 / 4
"""The largest share of a Practice pool's questions that need reading ahead (levels 3 and up) that one fixed-column
rule of thumb ("column a, else b") may answer: a pupil who always drops in one favourite column scores no more
than a quarter of them."""
READ_AHEAD_LEVEL = 3
"""The first Practice level whose questions need reading a line ahead (below: the one-line rule and the centre)."""


def column_rules(puzzle: Puzzle) -> set[str]:
    """The fixed-column rules of thumb ("column a, else b") that answer ``puzzle`` (:func:`rules_answering`)."""
    return {name for name in rules_answering(puzzle) if name.startswith("column ")}


def column_selection(
    puzzles: list[Puzzle], share: float = MAX_COLUMN_SHARE, spare=lambda p: 0, keep: Collection[str] = ()
) -> list[Puzzle]:
    """``puzzles`` (in their order) without the fewest of level :data:`READ_AHEAD_LEVEL` and up needed so that no
    fixed-column rule of thumb answers more than ``share`` of those kept at these levels (rounded up): while one
    does, one of its puzzles goes — the one the most rules over their share answer, then one of the fullest level
    (so no level is left a handful), then the one ``spare`` ranks highest (a pool's crowded idea), then the latest
    in id order.  The easier levels are kept as they are, and so are the puzzles whose ids are in ``keep`` (a
    scarce idea's, :func:`gamekit.puzzles.connect_sets.scarce_ids`) while another can go."""
    answering = {p.id: column_rules(p) for p in puzzles if level(p.rating) >= READ_AHEAD_LEVEL}
    kept = list(puzzles)
    while True:
        ahead = [p for p in kept if p.id in answering]
        counts: dict[str, int] = {}
        for p in ahead:
            for name in answering[p.id]:
                counts[name] = counts.get(name, 0) + 1
        over = {name for name, k in counts.items() if k > math.ceil(share * len(ahead) - 1e-9)}
        if not over:
            return kept
        worst = max(over, key=lambda name: (counts[name], name))
        levels: dict[int, int] = {}
        for p in ahead:
            levels[level(p.rating)] = levels.get(level(p.rating), 0) + 1
        candidates = [p for p in ahead if worst in answering[p.id]]
        drop = max(
            [p for p in candidates if p.id not in keep] or candidates,
            key=lambda p: (len(answering[p.id] & over), levels[level(p.rating)], spare(p), p.id),
        )
        kept.remove(drop)
