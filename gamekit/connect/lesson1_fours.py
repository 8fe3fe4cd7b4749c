"""5 en raya lesson 1's exercise on the rule that tells it from Connect Four: four in a line wins nothing, five
does, so a four is worth something only while a cell at one of its ends is empty."""

from __future__ import annotations

from typing import NamedTuple

from gamekit.connect.lesson_exercise import ConnectExercise
from gamekit.connect.lesson_positions import EXERCISE_POSITIONS, best_moves
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.connect.threats import threat_cells
from gamekit.i18n import tr
from gamekit.widgets.exercise import choice_checker


class Four(NamedTuple):
    """A run of exactly four discs of one colour across a row: its row (from 0), its first and last grid columns,
    and the empty cells at its two ends (where a fifth disc would go)."""

    row: int
    first: int
    last: int
    open_ends: tuple[int, ...]


def fours_across(game: ConnectGame, seat: int) -> list[Four]:
    """Every run of exactly four ``seat`` discs across a row (side discs count), bottom row first."""
    found = []
    for row in range(game.height):
        col = 0
        while col < game.width:
            end = col
            while end < game.width and game.cell(end, row) == seat:
                end += 1
            if end - col == 4:
                ends = tuple(c for c in (col - 1, end) if 0 <= c < game.width and game.cell(c, row) is None)
                found.append(Four(row, col, end - 1, ends))
            col = max(end, col + 1)
    return found


def four_not_five_exercise() -> ConnectExercise:
    """Four wins nothing in 5 en raya, five does: red has two fours across, the lower one closed at one end by a
    yellow disc and at the other by yellow's side disc (a side disc of the other colour stops a line like any disc:
    it can never be five), the higher one closed at one end only (an empty cell at the other end completes five).
    Which can still become five?  The question does not say where the fours are: finding them is part of the task.
    Checked on the board: the two fours, their ends (one end of the lower four is yellow's side disc; beyond the open
    end no red disc, not even a side disc: the fifth disc makes exactly five), red's threat cells (exactly the open
    end) and the exact solver's best reply for yellow (exactly that cell's column).  Four choices worded alike; each
    wrong one is told its own slip without naming which four is alive; the two that call the lower four alive are
    told the line the side disc stops."""
    game = FiveInARow.from_moves(EXERCISE_POSITIONS["four_not_five"])
    red = 1 - game.to_move
    fours = fours_across(game, red)
    dead = [f for f in fours if not f.open_ends]
    alive = [f for f in fours if len(f.open_ends) == 1]
    if len(fours) != 2 or len(dead) != 1 or len(alive) != 1 or dead[0].row != 0:
        raise ValueError(f"four_not_five needs a closed four in the bottom row and one open at one end, not {fours}")
    (cell,) = alive[0].open_ends
    beyond = cell + (cell - alive[0].first if cell < alive[0].first else cell - alive[0].last)
    if game.cell(beyond, alive[0].row) == red:
        raise ValueError("four_not_five: a red disc beyond the open end would make the picture more than a four")
    if threat_cells(game, red) != [(cell, alive[0].row)] or best_moves(game) != [str(game.column_number(cell))]:
        raise ValueError("four_not_five: the open end must be red's only threat and yellow's only good drop")
    stops = [c for c in (dead[0].first - 1, dead[0].last + 1) if game.is_side(c) and game.cell(c, 0) == 1 - red]
    if len(stops) != 1:
        raise ValueError(
            "four_not_five: one end of the bottom four must be yellow's side disc, the other a yellow disc"
        )
    inner = dead[0].first - 1 if stops[0] > dead[0].last else dead[0].last + 1
    values = dict(
        row=alive[0].row + 1,
        column=game.column_number(cell),
        first=game.column_number(dead[0].first),
        last=game.column_number(dead[0].last),
        closed=game.column_number(inner),
        red=tr(COLOUR_NAMES[red]),
        yellow=tr(COLOUR_NAMES[game.to_move]),
    )
    side = (
        tr("{yellow}'s side disc on the right", **values)
        if stops[0] > dead[0].last
        else tr("{yellow}'s side disc on the left", **values)
    )
    right = tr("Only the higher one")
    worded = {
        right: tr(
            "Right: {yellow}'s disc in column {closed} and {side} close the bottom four at both ends, so it can "
            "never be five. The four in row {row} is closed only on one side: {red} makes five in column {column} "
            "unless {yellow} drops there now.",
            side=side,
            **values,
        ),
        tr("Both of them"): tr(
            "A four becomes five only if a cell at one of its ends is still empty. The bottom four, columns {first} "
            "to {last}, ends at {side}: a side disc of the other colour stops a line like any {yellow} disc. What "
            "is at its other end?",
            side=side,
            **values,
        ),
        tr("Only the lower one"): tr(
            "Look at the higher four first: one closed end is not enough to stop a four. Is the cell at its other "
            "end empty? The bottom four, columns {first} to {last}, ends at {side}, and a side disc of the other "
            "colour stops a line like any {yellow} disc.",
            side=side,
            **values,
        ),
        tr("Neither of them"): tr(
            "Four in a line wins nothing in 5 en raya, and a four closed at both ends is stuck. But a four with an "
            "empty cell at one end can still get its fifth disc. Look at the cell at each end of each four."
        ),
    }
    choices = sorted(worded)
    return ConnectExercise(
        tr(
            "Yellow to move. Red has two fours across: two rows where four red discs sit side by side (side "
            "discs count). Which of them can still become five?"
        ),
        choice_checker(right, worded),
        hint=tr("A fifth disc must go at one end of the four. Look at the cell at each end: is it empty?"),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[c for c in choices if c != right],
        key="four_not_five",
        game=game,
        click=False,
    )
