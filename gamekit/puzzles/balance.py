"""How much of a bank a one-line rule answers, and the fair share of such puzzles a level may hold.

A puzzle is *answered by one step* when a beginner's one-line rule — Dots and Boxes: take a box with three
sides, else draw a line giving no third side; 5 en raya / Connect Four: win at once, else block the opponent's
win; Shut the Box: cover the tile equal to the roll, or roll one die whenever allowed — gives only accepted
answers (each game's ``one_step_rule``).  Such puzzles are fine now and then, but a level made of them teaches
nothing, so the build keeps them to :data:`MAX_ONE_STEP_SHARE` of each difficulty band, and Practice and
homework sets draw from :func:`fair_share` of the bank.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Collection, Iterable

from gamekit import catalog
from gamekit.i18n import tr
from gamekit.puzzles.core import BANDS, Puzzle

MAX_ONE_STEP_SHARE = 0.5
"""The largest share of a difficulty band that puzzles answered by a one-line rule may fill."""

_FOUND: dict[tuple, str | None] = {}
"""The rule found for each puzzle already looked at, by everything the answer depends on (game, position,
answers), so the pools of every Practice board and homework code are not worked out again."""


def one_step_rule(puzzle: Puzzle) -> str | None:
    """The key of the game's one-line rule that answers ``puzzle`` by itself, or None (a puzzle that needs
    more than a habit).  Not a Puzzle: TypeError."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(tr("one_step_rule: give a Puzzle, not {kind}", kind=type(puzzle).__name__))
    key = (
        puzzle.game_id,
        json.dumps(puzzle.position_data, sort_keys=True),
        repr(puzzle.answers),
        json.dumps(puzzle.facts, sort_keys=True, default=str),
    )
    if key not in _FOUND:
        rule = getattr(catalog.get(puzzle.game_id).puzzle_module(), "one_step_rule", None)
        _FOUND[key] = rule(puzzle) if rule is not None else None  # a game may have no beginner's one-line rule
    return _FOUND[key]


def one_step_shares(puzzles: Iterable[Puzzle]) -> dict[str, tuple[int, int]]:
    """``{band: (answered by one step, puzzles)}`` for each difficulty band ("easy", "medium", "hard")."""
    out = {name: [0, 0] for name, _ in BANDS}
    for p in _puzzles(puzzles):
        out[p.band][1] += 1
        out[p.band][0] += one_step_rule(p) is not None
    return {band: (n, total) for band, (n, total) in out.items()}


def fair_share(puzzles: Iterable[Puzzle], share: float = MAX_ONE_STEP_SHARE) -> list[Puzzle]:
    """``puzzles`` without the one-step puzzles that would fill more than ``share`` of their band: in each
    band every puzzle that needs more than a habit is kept, and one-step puzzles (in id order, so the choice is
    the same every time) only up to ``share`` of the band.  The order of the rest is kept.

    ``share`` must be a number from 0 to below 1 (ValueError)."""
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 <= share < 1:
        raise ValueError(tr("share={share!r}: a number from 0 to below 1", share=share))
    items = _puzzles(puzzles)
    one_step = {p.id for p in items if one_step_rule(p) is not None}
    keep: set[str] = set()
    for name, _ in BANDS:
        band = [p for p in items if p.band == name]
        others = sum(1 for p in band if p.id not in one_step)
        room = int(share * others / (1 - share) + 1e-9)  # one-step ≤ share of (one-step + others)
        keep |= {p.id for p in sorted((p for p in band if p.id in one_step), key=lambda p: p.id)[:room]}
    return [p for p in items if p.id not in one_step or p.id in keep]


def _puzzles(puzzles: Any) -> list[Puzzle]:
    items = list(puzzles)
    if not all(isinstance(p, Puzzle) for p in items):
        raise TypeError(tr("give a list of puzzles (from bank())"))
    return items


def level_counts(puzzles: Iterable[Puzzle]) -> dict[int, dict[str, int]]:
    """``{level: {"puzzles": n, "one_step": k, theme: m, ...}}`` for the Practice levels
    (:func:`gamekit.progress.level`) the puzzles fall on: how many puzzles each level holds, how many of them a
    one-line rule answers, and how many carry each theme (a puzzle counts under each of its themes)."""
    from gamekit.progress import level

    out: dict[int, dict[str, int]] = {}
    for p in _puzzles(puzzles):
        row = out.setdefault(level(p.rating), {"puzzles": 0, "one_step": 0})
        row["puzzles"] += 1
        row["one_step"] += one_step_rule(p) is not None
        for t in p.themes:
            row[t] = row.get(t, 0) + 1
    return dict(sorted(out.items()))


def level_table(game_id: str) -> str:
    """The shipped bank of ``game_id`` per Practice level as a Markdown table (docs/puzzles.md, "Levels"): the
    puzzles of each level, those a one-line rule answers, and the puzzles of each theme (theme keys)."""
    from gamekit.puzzles import bank
    from gamekit.puzzles.core import game_themes

    counts = level_counts(bank(game_id))
    themes = [t for t in game_themes(game_id) if any(t in row for row in counts.values())]
    lines = ["| level | puzzles | one-step | " + " | ".join(themes) + " |", "|---" * (3 + len(themes)) + "|"]
    for lv, row in counts.items():
        lines.append(
            f"| {lv} | {row['puzzles']} | {row['one_step']} | " + " | ".join(str(row.get(t, 0)) for t in themes) + " |"
        )
    return "\n".join(lines)


TRIVIAL_SHARE = 1 / 3
"""The largest share of a Practice level above :data:`TRIVIAL_FROM_LEVEL` − 1 that a game's trivial rule (the
beginner's rule that needs no reading of the board: 5 en raya's centre rule or "win at once, else block", Dots'
"take a box, else a safe line, else the fewest boxes") may answer: a pupil who only follows it passes a third of a
level at most, as in Shut the Box's Practice."""
TRIVIAL_FROM_LEVEL = 2
"""The first Practice level the trivial rule is capped at (level 1 is the one-line rule's own level)."""


def trivial_share(
    puzzles: list[Puzzle],
    trivial: Callable[[Puzzle], bool],
    share: float = TRIVIAL_SHARE,
    keep: Collection[str] = (),
    spare_last: Callable[[Puzzle], bool] = lambda p: False,
) -> list[Puzzle]:
    """``puzzles`` (a Practice list, in its order) without the fewest ``trivial`` ones needed so that at each level
    from :data:`TRIVIAL_FROM_LEVEL` up they are no more than ``share`` of the level: the latest in id order go
    first, those ``spare_last`` picks (a right drop in the centre column) and those whose ids are in ``keep`` (a
    scarce idea's) only when no other can.  Nothing is taken from the bank: the puzzles left out stay in the lists
    of the ideas whose own rule the trivial rule is.  ``share`` must be a number from 0 to below 1 (ValueError)."""
    from gamekit.progress import level

    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 <= share < 1:
        raise ValueError(tr("share={share!r}: a number from 0 to below 1", share=share))
    items = _puzzles(puzzles)
    dropped: set[str] = set()
    for lv in sorted({level(p.rating) for p in items if level(p.rating) >= TRIVIAL_FROM_LEVEL}):
        at = [p for p in items if level(p.rating) == lv]
        easy = sorted((p for p in at if trivial(p)), key=lambda p: (p.id not in keep, not spare_last(p), p.id))
        size = len(at)
        while easy and len(easy) > share * size + 1e-9:
            dropped.add(easy.pop().id)
            size -= 1
    return [p for p in items if p.id not in dropped]
