"""Dots and Boxes in words, for screen readers (WCAG 1.1.1, 4.1.2): the board's accessible description.

Pure functions of a game (no widgets): the score, whose turn, the lines drawn, the boxes each player owns, and
the line under the keyboard cursor (with how many sides its boxes would then have).
"""

from __future__ import annotations

from typing import Sequence

from gamekit.dots.rules import DotsAndBoxes, line_names
from gamekit.i18n import N_, ntr, tr

SEAT_NAMES = (N_("Gold"), N_("Coral"))


def _check(game: DotsAndBoxes) -> None:
    if not isinstance(game, DotsAndBoxes):
        raise TypeError(tr("game={value}: must be a DotsAndBoxes", value=type(game).__name__))


def board_label(game: DotsAndBoxes) -> str:
    _check(game)
    return tr(
        "Dots and Boxes board, {width}×{height} boxes: columns a to {last_column}, rows 1 to {last_row}",
        width=game.width,
        height=game.height,
        last_column=chr(ord("a") + game.width),
        last_row=game.height + 1,
    )


def describe(game: DotsAndBoxes, cursor: int | None = None, names: Sequence[str] | None = None) -> str:
    """The position: score and whose turn (or the result), the lines drawn, the boxes owned, the cursor's line."""
    _check(game)
    seat = list(names) if names is not None else [tr(n) for n in SEAT_NAMES]
    g = game.geometry
    parts = [
        tr(
            "Score: {gold} {gold_score}, {coral} {coral_score}.",
            gold=seat[0],
            gold_score=game.scores[0],
            coral=seat[1],
            coral_score=game.scores[1],
        )
    ]
    if game.is_over():
        winner = game.winner()
        parts.append(
            tr("The game is over: a draw.")
            if winner is None
            else tr("The game is over: {seat} wins.", seat=seat[winner])
        )
    else:
        parts.append(tr("{seat} to move.", seat=seat[game.to_move]))
    names_of_lines, lines = line_names(g), game.drawn
    drawn = [names_of_lines[line] for line in range(g.n_lines) if lines >> line & 1]
    parts.append(
        ntr(
            "{n} line drawn (of {total}): {lines}.",
            "{n} lines drawn (of {total}): {lines}.",
            len(drawn),
            total=g.n_lines,
            lines=", ".join(drawn),
        )
        if drawn
        else tr("No line drawn yet ({total} lines in all).", total=g.n_lines)
    )
    for owner in (0, 1):
        boxes = [g.box_name(b) for b in range(g.n_boxes) if game.owners[b] == owner]
        if boxes:
            parts.append(
                ntr(
                    "{seat} owns {n} box: {boxes}.",
                    "{seat} owns {n} boxes: {boxes}.",
                    len(boxes),
                    seat=seat[owner],
                    boxes=", ".join(boxes),
                )
            )
    if cursor is not None:
        parts.append(cursor_text(game, cursor))
    return " ".join(parts)


def cursor_text(game: DotsAndBoxes, cursor: int) -> str:
    """The line under the keyboard cursor: ``"Cursor on b2-c2: free; the box b1 would get its third side."``"""
    _check(game)
    g = game.geometry
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor < g.n_lines:
        raise ValueError(
            tr("cursor={value}: must be a line index from 0 to {last}", value=repr(cursor), last=g.n_lines - 1)
        )
    name = game.line_name(cursor)
    if game.is_drawn(cursor):
        return tr("Cursor on {line}: already drawn.", line=name)
    notes = []
    for box in g.line_boxes[cursor]:
        sides = game.sides_drawn(box) + 1
        if sides == 4:
            notes.append(tr("it completes box {box}", box=g.box_name(box)))
        elif sides == 3:
            notes.append(tr("it gives box {box} its third side", box=g.box_name(box)))
    if notes:
        return tr("Cursor on {line}: free; {notes}.", line=name, notes="; ".join(notes))
    return tr("Cursor on {line}: free.", line=name)
