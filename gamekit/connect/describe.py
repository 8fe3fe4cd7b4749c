"""5 en raya and Connect Four in words, for screen readers (WCAG 1.1.1, 4.1.2): the board's accessible description.

Pure functions of a game (no widgets): each playable column's height and top disc, whose turn, the Hint's
verdicts when it has been asked, and the column under the keyboard cursor.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from gamekit.connect.rules import COLOUR_NAMES, ConnectGame
from gamekit.i18n import N_, ntr, tr

SEAT_NAMES = (N_("Red"), N_("Yellow"))
TO_MOVE = (N_("Red to move."), N_("Yellow to move."))
"""Whose turn, by colour: its own sentence per colour, so a language can give the colour its article («Le toca al
rojo.»), which a name filled into one sentence cannot."""


def board_label(game: ConnectGame) -> str:
    if not isinstance(game, ConnectGame):
        raise TypeError(tr("game={value}: must be a ConnectGame", value=type(game).__name__))
    return tr(
        "{variant} board: {columns} columns you can play, {rows} rows",
        variant=tr(game.variant.name),
        columns=game.columns,
        rows=game.height,
    )


def column_state(game: ConnectGame, number: int) -> str:
    """``"2 discs, red on top"`` (or ``"empty"``; ``"full, 6 discs, …"``) for playable column ``number``."""
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= game.columns:
        raise ValueError(tr("column={value}: must be from 1 to {n}", value=repr(number), n=game.columns))
    column = game.grid[game.grid_column(number)]
    if not column:
        return tr("empty")
    top = tr(COLOUR_NAMES[column[-1]])
    discs = ntr("{n} disc", "{n} discs", len(column))
    if len(column) >= game.height:
        return tr("full, {discs}, {colour} on top", discs=discs, colour=top)
    return tr("{discs}, {colour} on top", discs=discs, colour=top)


def column_text(game: ConnectGame, number: int) -> str:
    """``"Column 4: 2 discs, red on top."``"""
    return tr("Column {n}: {state}.", n=number, state=column_state(game, number))


def describe(
    game: ConnectGame,
    verdicts: Mapping[int, Sequence[str]] | None = None,
    cursor: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """The position: whose turn (or the result), every playable column, the Hint's verdicts, the cursor.

    ``verdicts``: grid column → (words, kind), as the widget's Hint stores them; ``cursor``: a grid column;
    ``names``: what the reader calls each seat (default: the colours).
    """
    if not isinstance(game, ConnectGame):
        raise TypeError(tr("game={value}: must be a ConnectGame", value=type(game).__name__))
    seat_names = list(names) if names is not None else [tr(n) for n in SEAT_NAMES]
    parts = []
    if game.is_over():
        parts.append(game.result_text() + ".")
    elif seat_names[game.to_move] == tr(SEAT_NAMES[game.to_move]):  # the colour itself (the widgets' seat names)
        parts.append(tr(TO_MOVE[game.to_move]))
    else:
        parts.append(tr("{seat} to move.", seat=seat_names[game.to_move]))
    parts.extend(column_text(game, n) for n in range(1, game.columns + 1))
    if verdicts:
        worded = [
            tr("column {n}: {verdict}", n=game.column_number(col), verdict=words[0])
            for col, words in sorted(verdicts.items())
            if game.column_number(col) is not None
        ]
        if worded:
            parts.append(tr("Hint for each column: {verdicts}.", verdicts="; ".join(worded)))
    if cursor is not None:
        parts.append(cursor_text(game, cursor))
    return " ".join(parts)


def cursor_text(game: ConnectGame, cursor: int) -> str:
    """What the keyboard cursor is on: the column, and where a disc dropped there would land."""
    number = game.column_number(cursor)
    if number is None:
        raise ValueError(tr("column={value}: must be from 1 to {n}", value=repr(cursor), n=game.columns))
    land = game.landing_cell(number)
    if land is None:
        return tr("Cursor on column {n} ({state}): no room for a disc.", n=number, state=column_state(game, number))
    return tr(
        "Cursor on column {n} ({state}): a disc dropped here lands in row {row}.",
        n=number,
        state=column_state(game, number),
        row=land[1] + 1,
    )
