"""The exercises of 5 en raya lesson 1 (the rules): side discs, counting lines and PopOut."""

from __future__ import annotations

import re
from typing import Any, Sequence

from gamekit.connect.rules import COLOUR_NAMES, CONNECT_FOUR, FIVE_IN_A_ROW, RED, ConnectGame, FiveInARow, count_lines
from gamekit.i18n import ntr, tr
from gamekit.connect.lesson_exercise import (
    ConnectExercise,
    drop_words,
    five_direction,
    landing_cells,
    solver_exercise,
)
from gamekit.connect.lesson_pictures import SUBJECT
from gamekit.connect.lesson_positions import immediate_wins
from gamekit.connect.threats import threat_cells
from gamekit.connect.lesson1_counts import one_colour_counts, parse_line_count, parse_line_counts


def side_win_exercise() -> ConnectExercise:
    return solver_exercise(
        "side_win",
        tr("Red to move: one column makes five in a line right now. Which one?"),
        hint=tr("Look along each row, side discs included. The bottom row is not the only one."),
        why_right=tr("The red side disc on the left, in row 3, is the fifth disc."),
        wrong_words=missed_five_words,
    )


def missed_five_words(game: ConnectGame, move: str, answers: Sequence[str]) -> str:
    """A wrong click where the player to move had a five at once (the question says one is there), told what that
    very drop does (:func:`drop_words`) with no line across the row of an answer's cell, whose gaps would point at
    the answer, then where to look (:func:`where_to_look`: the kind of line, never its row or end)."""
    after = game.copy()
    after.play(move)
    rows = {r for _, r in landing_cells(game, answers)}
    gaps = frozenset((c, r) for c in range(game.width) for r in rows if game.cell(c, r) is None)
    lands = tr("Your disc {what}.", what=drop_words(after, game.to_move, gaps))
    return " ".join([tr("no five in a line there."), lands, where_to_look(game)])


def side_block_exercise() -> ConnectExercise:
    return solver_exercise(
        "side_block",
        tr("Yellow to move: red threatens to win at once. Which column stops it?"),
        hint=tr(
            "Follow each diagonal that ends on a red side disc. Which one has four red discs and "
            "one empty cell that a disc can reach now?"
        ),
        why_right=tr(
            "Yellow's disc now sits in the one cell red needed, so red's diagonal up to the "
            "red side disc on the right can never be five."
        ),
        why_first=True,
        wrong_words=unblocked_words,
    )


def where_to_look(after: ConnectGame) -> str:
    """The kind of line the player to move in ``after`` makes five with at once, as a pointer for a pupil who
    missed it: up a column, across a row or along a diagonal, and whether it ends on a side disc of theirs; never
    its row, its column or the cell that blocks it (that is the answer).  Read off the board after that player's
    winning drop.  ValueError when that player cannot make five at once."""
    wins = immediate_wins(after)
    if not wins:
        raise ValueError("where_to_look needs a player who can make five at once")
    them = tr(COLOUR_NAMES[after.to_move])
    g = after.copy()
    g.play(wins[0])
    col = g.grid_column(int(wins[0]))
    dc, dr, side = five_direction(g, col, len(g.grid[col]) - 1)
    if dc == 0:
        return tr("Where to look: {them}'s discs stacked up one column.", them=them)
    if dr == 0:
        if side is None:
            return tr("Where to look: {them}'s discs in a line across a row.", them=them)
        return tr("Where to look: along a row, out to a {them} side disc.", them=them)
    if side is None:
        return tr("Where to look: {them}'s discs on a diagonal.", them=them)
    return tr("Where to look: a diagonal that ends on a {them} side disc.", them=them)


def unblocked_words(game: ConnectGame, move: str, answers: Sequence[str]) -> str:
    """A wrong click in a block exercise, told what that very drop does (where the disc lands and what it makes, no
    line through an answer's cell: :func:`drop_words`; how many of the opponent's discs its cell touches), that
    the opponent still makes five at once, and where to look (:func:`where_to_look`: the kind of line, never its
    row or end, which would point at the answer).  ValueError when ``move`` blocks."""
    return " ".join([_unblocked_drop(game, move, answers), where_to_look(_after(game, move))])


def _after(game: ConnectGame, move: str) -> ConnectGame:
    after = game.copy()
    after.play(move)
    return after


def _unblocked_drop(game: ConnectGame, move: str, answers: Sequence[str]) -> str:
    after = game.copy()
    after.play(move)
    seat, them = game.to_move, tr(COLOUR_NAMES[1 - game.to_move])
    what = drop_words(after, seat, landing_cells(game, answers))
    if not immediate_wins(after):
        raise ValueError(f"column {move} blocks the five: it is no wrong block")
    if set(threat_cells(after, seat)) - set(threat_cells(game, seat)):
        return tr("your disc {what}. But {them} moves next and makes five in a line first.", what=what, them=them)
    col = after.grid_column(int(move))
    row = len(after.grid[col]) - 1
    near = sum(
        after.cell(c, r) == 1 - seat
        for c in range(col - 1, col + 2)
        for r in range(row - 1, row + 2)
        if (c, r) != (col, row) and 0 <= c < after.width and 0 <= r < after.height
    )
    if not near:
        return tr(
            "your disc {what}. It touches no {them} disc, and {them} still makes five in a line with the very next "
            "disc.",
            what=what,
            them=them,
        )
    return ntr(
        "your disc {what}. It touches {n} {them} disc, but that cell is not the one {them} needs: {them} still "
        "makes five in a line with the very next disc.",
        "your disc {what}. It touches {n} {them} discs, but that cell is not the one {them} needs: {them} still "
        "makes five in a line with the very next disc.",
        near,
        what=what,
        them=them,
    )


def side_block_row_exercise() -> ConnectExercise:
    """A second block, unlike the first (a diagonal): red has two threats through side discs, across two rows, and
    only one of them can be reached now.  Exactly the solver's best drop (the block) is accepted; every other
    column, the one under the floating threat included, is told what red then does."""
    return solver_exercise(
        "side_block_row",
        tr("Yellow to move, another game. Red threatens to win at once. Which column stops red?"),
        hint=tr(
            "Follow each row that ends on a red side disc. Where would one more red disc make five? Of those "
            "cells, which one can a disc reach right now?"
        ),
        why_right=tr(
            "Yellow's disc fills the gap in red's line across row 3, the one that runs to the red side disc on the "
            "left. Red's other line, across row 2, needs a cell above an empty cell: no disc can go there yet."
        ),
        why_first=True,
        wrong_words=floating_block_words,
    )


def floating_block_words(game: ConnectGame, move: str, answers: Sequence[str]) -> str:
    """A wrong click in a block exercise where the opponent also has a threat that no disc can reach yet.  The drop
    that fills the cell under that threat is told so (its row, the threat's row, read off the board): the opponent
    drops on top and makes five.  Every other wrong click is told what its own disc does (:func:`drop_words`), that
    the opponent still makes five at once, and where to look (:func:`where_to_look`), never the row of the line to
    block: its one gap would give the answer away."""
    after = _after(game, move)
    col = after.grid_column(int(move))
    row = len(after.grid[col]) - 1
    them = 1 - game.to_move
    if (col, row + 1) in threat_cells(game, them) and move in immediate_wins(after):
        five = _after(after, move)
        _, dr, _ = five_direction(five, col, row + 1)
        if dr == 0:
            return tr(
                "your disc lands on row {row} and fills the cell right under the gap in {them}'s other line, "
                "across row {gap}. {who} drops on top of it and makes five in a line.",
                row=row + 1,
                gap=row + 2,
                them=tr(COLOUR_NAMES[them]),
                who=SUBJECT[them](),
            )
        return tr(
            "your disc lands on row {row}, right under a cell {them} needs for five in a line. {who} drops on top of "
            "it and makes five.",
            row=row + 1,
            them=tr(COLOUR_NAMES[them]),
            who=SUBJECT[them](),
        )
    seat = game.to_move
    what = drop_words(after, seat, landing_cells(game, answers))
    if set(threat_cells(after, seat)) - set(threat_cells(game, seat)):
        lands = tr(
            "your disc {what}. But {them} moves next and makes five in a line first.",
            what=what,
            them=tr(COLOUR_NAMES[them]),
        )
    else:
        lands = tr(
            "your disc {what}. {who} still makes five in a line with the very next disc.",
            what=what,
            who=SUBJECT[them](),
        )
    return f"{lands} {where_to_look(after)}"


def row_lines_exercise() -> ConnectExercise:
    """The first step of the count: how many lines of five fit in one row (9 cells with the side discs: 5).  The
    prompt does not say "side discs included": leaving them out (7 cells: 3) is the slip the exercise catches, and
    its feedback says why."""
    width, win = FIVE_IN_A_ROW.columns + 2, FIVE_IN_A_ROW.win  # the seven middle columns and two side ones
    n = width - win + 1
    middle = FIVE_IN_A_ROW.columns - win + 1  # the seven middle cells only

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_line_count(answer)
        if k == n:
            return True, tr(
                "Right: a line of five can start at cell 1, 2, 3, 4 or 5 of the {width} cells: {n} lines.",
                width=width,
                n=n,
            )
        if k == middle:
            return False, tr(
                "That is the seven middle cells only. The side discs count too: a row is {width} cells long.",
                width=width,
            )
        if k == width - win:
            return False, tr(
                "Nearly: {width} − {win} forgets one. A line can start at cell 1 and at cell {n}: count the starts.",
                width=width,
                win=win,
                n=n,
            )
        if k == n * FIVE_IN_A_ROW.rows:
            return False, tr("That is every row. The question is about one row only.")
        if k == n + 1:
            return False, tr(
                "One too many: a line that starts at cell {k} would need cells {k} to {end}, and a row has only "
                "{width} cells.",
                k=k,
                end=k + win - 1,
                width=width,
            )
        return False, tr(
            "Not {k}. Write down the {width} cells of a row and mark where a line of five can start.", k=k, width=width
        )

    return ConnectExercise(
        tr("How many lines of five cells fit in one row of the 5 en raya grid?"),
        check,
        hint=tr("A row has {width} cells. Where can the first cell of a line of five be?", width=width),
        answer=str(n),
        solutions=[n],
        wrong=[middle, width - win, n * FIVE_IN_A_ROW.rows, n + 1],
        key="row_lines",
        click=False,
    )


def count_lines_exercise() -> ConnectExercise:
    """Count the lines of five on the empty grid, typed as across + up + diagonal, in that order (the right total
    alone, 64, is told it is right and asked how it was counted, without using up a try: a right number never reads
    as a failure; so are the right counts typed without + (30 14 20), asked for the sum, and the right counts with
    a 0 after them (30 + 14 + 20 + 0), told to leave the 0 out, whatever it stood for; the right counts in
    another order are told the order asked; so are the right counts with a 0 among them, 0 + 30 + 14 + 20).  The
    diagonals may come as two counts, one each way: 10 + 10 is right, a split with the right sum but different
    counts each way (15 + 5) is told the two ways are mirror images, the lines up split in two (30 + 7 + 7 + 20)
    are told to write up as one count, without using up a try, and a fourth count that is the side columns' lines
    up (30 + 14 + 20 + 4) is told to leave those out.  Each
    direction's slip gets its own reason, and every count that is off is named (18 + 14 + 12 hears about the rows
    and the diagonals): the diagonals forgotten (the most common slip), the side discs left out
    of the rows or the diagonals, one diagonal direction only, the side columns counted up, the Connect Four
    counts.  A bare total of 44 is either the diagonals forgotten or every line through a side
    disc left out (both are 20 lines): the feedback says so and asks for the three counts, which tell the two apart."""
    counts = count_lines(FIVE_IN_A_ROW)
    n, across, up, diagonal = counts["lines"], counts["horizontal"], counts["vertical"], counts["diagonal"]
    rows, columns, win = FIVE_IN_A_ROW.rows, FIVE_IN_A_ROW.columns, FIVE_IN_A_ROW.win
    middle_across = (columns - win + 1) * rows  # the seven middle cells of each row only
    middle_diagonal = 2 * (columns - win + 1) * (rows - win + 1)  # diagonals that touch no side disc
    sides_up = 2 * (rows - win + 1)  # lines up the two side columns
    four = count_lines(CONNECT_FOUR)
    one_colour = one_colour_counts(FIVE_IN_A_ROW, RED)  # red's alone; yellow's are the same
    values = dict(across=across, up=up, diagonal=diagonal, n=n)
    halves = [diagonal // 2, diagonal - diagonal // 2]

    def wrong_across(k: int) -> str:
        if k == middle_across:
            return tr(
                "Your count across leaves out the side discs: a row is 9 cells long, so each row holds "
                "{per} lines of five, not {middle}.",
                per=across // rows,
                middle=middle_across // rows,
            )
        if k == across // rows:
            return tr("Across: {k} is one row. There are {rows} rows.", k=k, rows=rows)
        if k == four["horizontal"]:
            return tr(
                "Across: {k} is the Connect Four count (lines of four). Count lines of five in rows of 9 cells.", k=k
            )
        return tr("Across: not {k}. Each row holds as many lines of five as in exercise 5; then count the rows.", k=k)

    def wrong_up(k: int) -> str:
        if k == up + sides_up:
            return tr(
                "Up: leave out the side columns. A line up a side column mixes red and yellow, so it can never "
                "be five of one colour."
            )
        if k == up // columns:
            return tr("Up: {k} is one column. There are {columns} middle columns.", k=k, columns=columns)
        if k == four["vertical"]:
            return tr(
                "Up: {k} is the Connect Four count (lines of four). A column of 6 cells holds {per} lines of five.",
                k=k,
                per=up // columns,
            )
        return tr(
            "Up: not {k}. A middle column has 6 cells: where can a line of five start in it? Then count the columns.",
            k=k,
        )

    def wrong_diagonal(k: int) -> str:
        if k == 0:
            return tr(
                "You forgot the diagonals: count the lines going diagonally up to the right, and up to the left, "
                "then add them."
            )
        if k == diagonal // 2:
            return tr("Diagonal: you counted one way only. They go up to the right and up to the left: count both.")
        if k == middle_diagonal:
            return tr(
                "Diagonal: you left out the diagonals that end on a side disc. They count too: only that disc's "
                "colour can complete them."
            )
        if k == middle_diagonal // 2:
            return tr("Diagonal: you counted one way only, and left out the diagonals that end on a side disc.")
        return tr(
            "Diagonal: not {k}. Count the lines going up to the right first, side discs included, then the "
            "lines going up to the left.",
            k=k,
        )

    fewer = tr(
        "That is fewer lines than Connect Four's {four}, each one cell longer: a five takes longer to build, and a "
        "vertical five needs five of your discs stacked in one column.",
        four=four["lines"],
    )

    def check(answer: Any) -> tuple[bool, str]:
        spaced = re.fullmatch(r"\s*([0-9]+)(?:\s+([0-9]+)){2,3}\s*", str(answer), re.ASCII)
        if spaced and [int(k) for k in str(answer).split()] in ([across, up, diagonal], [across, up, *halves]):
            raise ValueError(  # 30 14 20: the right counts, not yet a sum (no try used)
                tr(
                    "{counts}: those are the right counts. Now add them up: write them with + between them.",
                    counts=str(answer).strip(),
                )
            )
        typed, total = parse_line_counts(answer)
        if total is not None and sum(typed) != total:
            return False, tr(
                "Check your adding: {parts} makes {made}, not {total}.",
                parts=" + ".join(str(k) for k in typed),
                made=sum(typed),
                total=total,
            )
        if len(typed) == 4:  # the diagonals counted each way on their own, as the page's method allows
            half = diagonal // 2
            if (typed[0], typed[1], typed[2] + typed[3]) == (across, up, diagonal):
                if 0 in (typed[2], typed[3]):  # 30 + 14 + 20 + 0: the right counts and a 0 for something
                    raise ValueError(
                        tr(
                            "Your counts {across}, {up} and {diagonal} are right, and a 0 adds no lines. Leave the 0 "
                            "out: write only across + up + diagonal.",
                            across=across,
                            up=up,
                            diagonal=diagonal,
                        )
                    )
                if typed[2] != typed[3]:  # 30 + 14 + 15 + 5: a right sum, but not the same count each way
                    return False, tr(
                        "Diagonal: {a} one way and {b} the other cannot be right. The lines going up to the left "
                        "are the mirror image of those going up to the right, so each way has the same number. "
                        "Count one way again.",
                        a=typed[2],
                        b=typed[3],
                    )
                typed = (across, up, diagonal)  # 30 + 14 + 10 + 10: the right counts, diagonals each way
            elif (typed[0], typed[1] + typed[2], typed[3]) == (across, up, diagonal) and 0 not in typed:
                raise ValueError(  # 30 + 7 + 7 + 20: the right counts, the lines up split in two (no try used)
                    tr(
                        "Up: {a} + {b} makes {up}, the right count, but write the lines going up as one count. Only "
                        "the diagonals may be two counts, one for each way. Write across + up + diagonal.",
                        a=typed[1],
                        b=typed[2],
                        up=up,
                    )
                )
            elif (typed[0], typed[1], typed[3]) == (across, up, sides_up):  # 30 + 14 + 20 + 4: the side columns up
                return False, " ".join(
                    [
                        tr(
                            "Your last count, {k}, is the lines up the two side columns. Leave them out: a side "
                            "column mixes red and yellow going up, so it can never be five of one colour.",
                            k=typed[3],
                        ),
                        *([wrong_diagonal(typed[2])] if typed[2] != diagonal else []),
                    ]
                )
            elif sorted(typed) == sorted((across, up, half, half)) or (
                0 in typed and sorted(typed) == sorted((0, across, up, diagonal))
            ):  # the right counts, or the right three and a 0, in another order: 0 + 30 + 14 + 20
                return False, tr(
                    "Write the counts in the order asked: across, up, diagonal. Then each count says which direction "
                    "it is."
                )
            elif typed[2] != typed[3]:  # 30 + 14 + 10 + 9: the two ways differ, so one of them is off
                a, b = typed[2], typed[3]
                if half in (a, b):
                    return False, tr(
                        "Diagonal: {a} one way and {b} the other cannot both be right. The lines going up to the "
                        "left are the mirror image of those going up to the right, so each way has the same number. "
                        "Count the way that gave you {off} again.",
                        a=a,
                        b=b,
                        off=b if a == half else a,
                    )
                return False, tr(
                    "Diagonal: {a} one way and {b} the other cannot be right. The lines going up to the left "
                    "are the mirror image of those going up to the right, so each way has the same number. "
                    "Count one way again.",
                    a=a,
                    b=b,
                )
            else:  # the same count each way: judged as three counts, the diagonals added up
                typed = (typed[0], typed[1], typed[2] + typed[3])
        if tuple(typed) == one_colour or (  # 24 + 14 + 16: the lines of one colour only
            tuple(typed) == (sum(one_colour),) and sum(one_colour) != across + up + diagonal // 2
        ):
            return False, tr(
                "{counts} counts the lines red alone could fill (yellow's are as many). Count the lines red or "
                "yellow could fill: a line through a yellow side disc counts too, since yellow could fill it.",
                counts=" + ".join(str(k) for k in typed),
            )
        if len(typed) == 1:
            k = typed[0]
            if k == n:  # the right total alone: right, and the working is asked for (no try used up)
                raise ValueError(
                    tr(
                        "{n} is right. Now write how you counted: across + up + diagonal, like 1 + 2 + 3.",
                        n=n,
                    )
                )
            if k == across + up:
                return False, tr(
                    "Not {k}. Did you forget the diagonals? Or did you leave out every line that ends on a side "
                    "disc? Either slip gives {k}. Write your three counts, like 1 + 2 + 3, to see which.",
                    k=k,
                )
            if k == across + diagonal:
                return False, tr(
                    "You forgot the lines going up: each middle column has room for some lines of five too."
                )
            if k == up + diagonal:
                return False, tr(
                    "You forgot the lines across: each row has room for several lines of five, side discs included."
                )
            if k == across + up + diagonal // 2 == sum(one_colour):  # 54 either way on the 5 en raya grid
                return False, tr(
                    "Not {k}. Did you count the diagonals one way only? Or only the lines red alone could fill? "
                    "Either slip gives {k}. Write your three counts, like 1 + 2 + 3, to see which.",
                    k=k,
                )
            if k == across + up + diagonal // 2:
                return False, tr(
                    "You counted the diagonals one way only. They go up to the right and up to the left: count both."
                )
            if k == four["lines"]:
                return False, tr(
                    "That is the Connect Four count from the table: lines of four on a 7 × 6 grid. Count "
                    "lines of five on the 9 × 6 grid of 5 en raya."
                )
            if k == n + sides_up:
                return False, tr(
                    "Too many: a line up a side column mixes red and yellow, so it can never be five of one colour."
                )
            if k == middle_across + up + diagonal:
                return False, tr(
                    "Not {k}. Did you leave the side discs out of the rows? A row is 9 cells long. Write your "
                    "three counts, like 1 + 2 + 3, to check.",
                    k=k,
                )
            if k == across + up + middle_diagonal:
                return False, tr(
                    "Not {k}. Did you leave out the diagonals that end on a side disc? They count too. Write your "
                    "three counts, like 1 + 2 + 3, to check.",
                    k=k,
                )
            if k == across // rows + up + diagonal:
                return False, tr(
                    "Not {k}: did you count the lines across in one row only? There are {rows} rows. Write your "
                    "three counts, like 1 + 2 + 3, to check.",
                    k=k,
                    rows=rows,
                )
            return False, tr(
                "Not {k}. Write your three counts joined by +, across + up + diagonal, like 1 + 2 + 3: "
                "then you can see which direction is off.",
                k=k,
            )
        if tuple(typed) == (across, up, diagonal):
            return True, tr(
                "Right: {across} across, {up} up and {diagonal} diagonal make {n} lines of five.", **values
            ) + f" {fewer}"
        if tuple(typed) == (up, across, diagonal):  # across and up swapped
            return False, tr(
                "Across and up are the other way round: a row of 9 cells holds more lines of five than a column of "
                "6 cells. Write across first, then up, then diagonal."
            )
        if len(typed) == 3 and sorted(typed) == sorted((across, up, diagonal)):  # another order
            return False, tr(
                "Write the counts in the order asked: across, up, diagonal. Then each count says which direction it is."
            )
        if len(typed) == 2:  # one direction left out altogether
            if typed == (across, up):
                return False, wrong_diagonal(0)
            if typed == (across, diagonal):
                return False, tr(
                    "You forgot the lines going up: each middle column has room for some lines of five too."
                )
            if typed == (up, diagonal):
                return False, tr(
                    "You forgot the lines across: each row has room for several lines of five, side discs included."
                )
            return False, tr("Write three counts, one for each direction: across + up + diagonal.")
        got = typed  # every count that is off gets its own reason: 18 + 14 + 12 left the side discs out twice
        reasons = [
            *([wrong_across(got[0])] if got[0] != across else []),
            *([wrong_up(got[1])] if got[1] != up else []),
            *([wrong_diagonal(got[2])] if got[2] != diagonal else []),
        ]
        return False, " ".join(reasons)

    exercise = ConnectExercise(
        tr(
            "How many lines of five cells could red or yellow fill on the empty 5 en raya grid? A line counts "
            "if either colour could fill it. Write your three counts added up: across + up + diagonal, like "
            "1 + 2 + 3. You may write "
            "the diagonals as two counts, one for each way."
        ),
        check,
        hint=tr(
            "Count each direction on its own: across (how many places in one row, times the rows), up (in one "
            "middle column, times the columns), and diagonal, both ways."
        ),
        answer=f"{across} + {up} + {diagonal}",
        solutions=[
            f"{across} + {up} + {diagonal}",
            f"{across}, {up}, {diagonal}",
            f"{across} + {up} + {diagonal} = {n}",
            f"{n} = {across} + {up} + {diagonal}",
            tr("{across}, {up} and {diagonal}", across=across, up=up, diagonal=diagonal),
            tr("{across} lines + {up} lines + {diagonal} lines", across=across, up=up, diagonal=diagonal),
            f"{across} + {up} + {diagonal // 2} + {diagonal - diagonal // 2}",  # the diagonals each way apart
        ],
        wrong=[
            f"{up} + {across} + {diagonal}",
            f"{across} + {diagonal} + {up}",
            f"{across} + {up} + {diagonal // 2} + {diagonal // 2 - 1}",
            f"{across} + {up}",
            f"{middle_across} + {up} + {middle_diagonal}",
            f"{across} + {up} + {diagonal // 2}",
            f"{across} + {up + sides_up} + {diagonal}",
            f"{across} + {up} + {diagonal} + {sides_up}",
            f"{across // rows} + {up} + {diagonal}",
            across + up,
            four["lines"],
            n + sides_up,
            n - 1,
            f"{across} + {up} + {diagonal} = {n - 1}",
            f"{middle_across} + {up} + {diagonal}",
            f"{across} + {up} + {middle_diagonal}",
            middle_across + up + diagonal,
            across + up + middle_diagonal,
            across // rows + up + diagonal,
        ],
        key="count_lines",
        game=FiveInARow(),  # the empty grid to count on, on the page and on the worksheet
        click=False,
        leaks=(f">{n}</td>", tr("{n} lines", n=n)),
    )
    # on paper one printed grid is too crowded for 64 lines: say how to make room
    exercise.paper_prompt = (
        exercise.prompt
        + " "
        + tr(
            "Make room to draw: copy the empty grid three times, one for each direction, or draw each direction's "
            "lines on the grid in its own colour."
        )
    )
    return exercise
