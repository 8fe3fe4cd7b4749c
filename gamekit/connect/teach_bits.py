"""Lesson 3's bitboard exercises ("How the computer knows", section on bits): which bit holds a cell, and which
cell a bit is, on boards other than the lesson's picture.  Checked by :func:`gamekit.connect.teach_pictures.bit_index`.
"""

from __future__ import annotations

import re

from typing import Any
from gamekit.connect.rules import ConnectGame, Variant
from gamekit.i18n import ntr, tr
from gamekit.connect.teach_pictures import bit_index


SMALL_BOARD = Variant("5 × 4, four in a line", columns=5, rows=4, win=4)


OTHER_BOARD = Variant("7 × 5, four in a line", columns=7, rows=5, win=4)
"""Exercise 8's board: 7 columns but 6 bits a column, so reading the bits across the rows (7 a row), swapping
column and row, and counting 5 bits a column each give a different wrong cell."""


def parse_cell(answer: Any) -> tuple[int, int]:
    """A cell typed as its column then its row ("5, 2", "column 5 row 2", "5 2"), or ValueError saying what to
    type."""
    found = re.findall(r"\d+", str(answer))
    if len(found) != 2 or isinstance(answer, bool):
        raise ValueError(
            tr("“{answer}” is not a cell: type its column, then its row, like 3, 4.", answer=str(answer).strip())
        )
    return int(found[0]), int(found[1])


def bit_cell_exercise(variant: Variant = OTHER_BOARD, col: int = 3, row: int = 1, key: str = "bit_cell"):
    """The bit rule the other way round: which cell is bit n?  (Exercise 7 goes from a cell to its bit.)  ``col``
    and ``row`` are grid indices from 0; the question and the answer count columns and rows from 1.  Each common
    slip (column and row swapped, bits read across the rows, the spare bit forgotten, counting from 1 instead of 0,
    1 added to the column but not to the row) gives another cell and gets its own reason; checked by
    :func:`bit_index`."""
    from gamekit.widgets.exercise import Exercise

    game = ConnectGame(variant)
    n = bit_index(game, col, row)
    per = game.height + 1
    right = (col + 1, row + 1)
    values = dict(bit=n, per=per, height=game.height, width=game.width, column=col + 1, row=row + 1)
    slips = {
        (row + 1, col + 1): tr("Column first, then row: you typed the row first.", **values),
        (n // game.height + 1, n % game.height + 1): tr(
            "That counts {height} bits a column. Each column has {per}: {height} cells and the spare bit on top.",
            **values,
        ),
        (col, row): tr(
            "Bits are numbered from 0, but columns and rows from 1: add 1 to the column and to the row you found.",
            **values,
        ),
        (n % game.width + 1, n // game.width + 1): tr(
            "That reads the bits across the rows. The computer numbers them up each column instead, from the "
            "bottom, one column after another.",
            **values,
        ),
        ((n - 1) // per + 1, (n - 1) % per + 1): tr(
            "Bits start at 0, so bit {bit} has {bit} bits before it, not {bit} − 1: take whole columns from "
            "{bit} itself.",
            **values,
        ),
        # last, so it wins where taking one bit too few gives the same cell (any row above the bottom one)
        (col + 1, row): tr(
            "Right column, but the row is 1 too low: rows are counted from 1 as well, so add 1 to the row you found, "
            "as you did for the column.",
            **values,
        ),
    }
    slips.pop(right, None)

    def check(answer):
        c, r = parse_cell(answer)
        if (c, r) == right:
            return True, ntr(
                "Right: {bit} = {before} × {per} + {below}. So {before} whole columns of {per} bits come first, "
                "and the cell is in column {column}, with {below} cell below it: row {row}.",
                "Right: {bit} = {before} × {per} + {below}. So {before} whole columns of {per} bits come first, "
                "and the cell is in column {column}, with {below} cells below it: row {row}.",
                row,
                before=col,
                below=row,
                **values,
            )
        if (c, r) in slips:  # first: a slip may land off the board, and its reason says more than that
            return False, slips[(c, r)]
        if r > game.height or c > game.width or c < 1 or r < 1:
            return False, tr(
                "There is no column {c}, row {r} on this board: it has {width} columns and {height} rows.",
                c=c,
                r=r,
                **values,
            )
        return False, tr(
            "Not column {c}, row {r}. Take whole columns of {per} bits from {bit} first: how many fit, and what is "
            "left over?",
            c=c,
            r=r,
            **values,
        )

    return Exercise(
        tr(
            "The rule the other way round, on a board of {width} columns and {height} rows, no side columns, bits "
            "numbered the same way. Which cell is bit number {bit}? Type its column, then its row, like 3, 4 "
            "(columns counted from 1 on the left, rows from 1 at the bottom).",
            **values,
        ),
        check,
        hint=tr(
            "Each column owns {per} bits ({height} cells and the spare bit). How many whole columns fit into {bit}? "
            "What is left over counts the cells below yours.",
            **values,
        ),
        answer=f"{right[0]}, {right[1]}",
        solutions=[f"{right[0]}, {right[1]}"],
        key=key,
        wrong=[f"{c}, {r}" for c, r in slips],
    )


def bit_exercise(variant: Variant = SMALL_BOARD, col: int = 4, row: int = 1, key: str = "bit_index"):
    """Which bit holds a cell on a board of another height?  Checked by :func:`bit_index`.  ``col`` and ``row`` are
    grid indices from 0; the question counts columns and rows from 1, as every lesson does (bits start at 0).

    (Not the 5 en raya board of the lesson's picture, which shows every bit number.)"""
    from gamekit.widgets.exercise import parse_int, Exercise

    game = ConnectGame(variant)
    n = bit_index(game, col, row)
    per = game.height + 1

    def check(answer):
        k = parse_int(answer)
        values = dict(k=k, column=col + 1, row=row + 1, before=col, below=row, per=per, bit=n, height=game.height)
        if k == n:
            return True, ntr(
                "Right: the {before} columns to the left own {per} bits each, then {below} cell lies below "
                "it in its own column: {before} × {per} + {below} = {bit}.",
                "Right: the {before} columns to the left own {per} bits each, then {below} cells lie below "
                "it in its own column: {before} × {per} + {below} = {bit}.",
                row,
                **values,
            )
        if k == col * game.height + row:
            return False, tr(
                "Close, but each column has {per} bits, not {height}: one for each of its {height} cells, and the "
                "spare "
                "bit on top. Count the spare bit too.",
                **values,
            )
        if k == col * 7 + row and per != 7:
            return False, tr(
                "That counts 7 bits a column, as on the 5 en raya board. This board has {height} rows, so each "
                "column has "
                "{per} bits: {height} cells and the spare bit on top.",
                **values,
            )
        if k == row * game.width + col:
            return False, tr(
                "That numbers the cells row by row, across. The computer numbers them up each column instead, from the "
                "bottom, one column after another."
            )
        if k == (col + 1) * per + row + 1:  # both slips at once: the own column full, the row counted from 1
            return False, tr(
                "Two slips here. You counted the cell's own column as full: only the {before} columns to the left "
                "are full, with {per} bits each. And you counted the cell itself: in column {column}, count just "
                "the cells below this one, because bits start at 0.",
                **values,
            )
        if k == (col + 1) * per + row:
            return False, tr(
                "That counts the cell's own column as full. Only the {before} columns to the left are "
                "full, with {per} bits each; in column {column} itself, count just the cells below "
                "this one.",
                **values,
            )
        if k == n + 1:
            return False, tr(
                "Bits are numbered from 0: the bottom cell of column 1 is bit 0. Count the bits before this cell.",
                **values,
            )
        if row >= 1 and k == n - 1:  # one row too low: the cell just below
            return False, tr(
                "{k} is the bit of the cell one row lower, in row {lower} of column {column}. Rows count from 1 "
                "but bits from 0: count again how many cells lie below row {row} in its own column.",
                lower=row,
                **values,
            )
        return False, tr(
            "Not {k}. Count the bits column by column from the left, bottom first, the spare bit on top "
            "included; the first bit is number 0.",
            **values,
        )

    return Exercise(
        tr(
            "A smaller board: {width} columns, {height} rows, no side columns. The computer numbers its bits the "
            "same way as on the 5 en raya board. Which bit number belongs to the cell in column {column} and "
            "row {row} (columns counted from 1 on the "
            "left, rows from 1 at the bottom)?",
            width=game.width,
            height=game.height,
            column=col + 1,
            row=row + 1,
        ),
        check,
        hint=tr(
            "Each column has {height} cells and one spare bit on top. The bits are numbered from 0.", height=game.height
        ),
        answer=str(n),
        solutions=[n],
        key=key,
        wrong=[col * game.height + row, (col + 1) * per + row + 1, row * game.width + col],
    )


def two_numbers_exercise(key: str = "two_numbers"):
    """The two numbers the real solver keeps: one has a 1 for each disc of the player to move, the other a 1 for
    any disc.  A cell's two bits (the page's "first/second" digits) say what is in it.  The cell asked about shows
    0/1 with red to move: the page's sentence names only the player to move's discs, so the pupil must reason that
    a disc that is not red's is yellow's (the page's picture has yellow to move, so it does not give the answer
    away); no board is drawn or printed, and the question says none is needed; each wrong choice with its own
    reason."""
    from gamekit.widgets.exercise import Exercise, choice_checker

    right = tr("A yellow disc")
    explanations = {
        right: tr(
            "Right: the second number has a 1 for any disc, so the cell holds a disc. The first number has a 0 there, "
            "so it is not a disc of red, the player to move. So it is a yellow disc."
        ),
        tr("A red disc"): tr(
            "The first number has a 1 only for the discs of the player to move, red here. This cell shows 0 in the "
            "first number, so the disc is not red's. A red disc would show 1/1."
        ),
        tr("Nothing: the cell is empty"): tr(
            "The second number has a 1 for every cell that holds a disc. An empty cell would show 0/0."
        ),
        tr("The spare bit on top of a column"): tr(
            "The spare bit always stays 0 in both numbers, so it would show 0/0."
        ),
    }
    return Exercise(
        tr(
            "Think of any position with red to move (no board needed: the two digits are enough). One cell shows "
            "0/1: a 0 in the first number and a 1 in the second. What is in that cell?"
        ),
        choice_checker(right, explanations),
        hint=tr(
            "Read the second digit first: is there a disc at all? Then the first: is it a disc of the player to move?"
        ),
        answer=right,
        solutions=[right],
        choices=list(explanations),
        key=key,
        wrong=[c for c in explanations if c != right],
    )
