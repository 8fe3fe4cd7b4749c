"""The 5 en raya lesson pictures: the rules and lines tables, boards with threat cells tinted, paper marks, and
the step-throughs with their solver-computed captions.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence
from gamekit.connect.rules import COLOUR_NAMES, CONNECT_FOUR, ConnectGame, FIVE_IN_A_ROW, FiveInARow, count_lines
from gamekit.connect.solver import solve
from gamekit.connect.threats import playable_threats, threat_cells
from gamekit.connect.view import connect_scene, layout_for
from gamekit.core.scene import Scene
from gamekit.display import Table
from gamekit.i18n import ntr, ptr, tr
from gamekit.widgets.lesson import Mark
from gamekit.widgets.stepthrough import Step, StepThrough
from gamekit.connect.lesson_positions import (
    POPOUT_DEMO,
    POPOUT_DEMO_POP,
    SOLVE_FROM,
    WON_GAME,
    WON_GAME_FROM,
    immediate_wins,
    position,
)


THREAT_TINT = ("#f5a3a3", "#f7e08a")  # red's and yellow's threat cells


DANGER_TINT = "#9ecbff"  # a cell under the opponent's threat: do not fill it


MARK_COLOURS = {"right": "#1e8449", "wrong": "#c0392b", "answer": "#2e86de"}


CELL = 40


# ----- tables --------------------------------------------------------------------------------
def rules_table() -> Table:
    """The two games side by side (the facts of the published rules)."""
    return Table(
        ["", tr("standard Connect Four"), tr("5 en raya")],
        [
            [tr("board"), tr("7 columns × 6 rows"), tr("9 columns × 6 rows: one extra column on each side")],
            [
                tr("start"),
                tr("empty grid"),
                tr(
                    "both outer columns full, red and yellow alternating, so every row has one red and one yellow "
                    "side disc at its two ends; they count for lines. (The published rules leave open which colour "
                    "sits at the bottom of each side: in these lessons red is bottom-left and yellow bottom-right.)"
                ),
            ],
            [
                tr("to win"),
                tr("four of your discs in a line (across, up or diagonal)"),
                tr("five of your discs in a line; four wins nothing"),
            ],
            [
                tr("legal moves"),
                tr("drop into any column that is not full"),
                tr("drop into one of the seven middle columns that is not full; the outer columns take no discs"),
            ],
            [
                tr("end"),
                tr("without PopOut: at most 42 drops; a full grid without a four is a draw"),
                tr("without PopOut: still at most 42 drops; a full grid without a five is a draw"),
            ],
        ],
        caption=tr("5 en raya beside standard Connect Four"),
    )


def lines_table(games: Sequence[str] = ("four", "five")) -> Table:
    """Possible winning lines on the boards named in ``games`` ("four", "five"), counted by gamekit.  The column
    "through a side disc" is shown only when a board in the table has side discs (Connect Four has none: a column
    of zeros there would only puzzle a pupil)."""
    rows, sides = [], False
    boards = {
        "four": (tr("Connect Four (four in a line)"), CONNECT_FOUR),
        "five": (tr("5 en raya (five in a line)"), FIVE_IN_A_ROW),
    }
    for label, v in (boards[g] for g in games):
        n = count_lines(v)
        rows.append([label, n["horizontal"], n["vertical"], n["diagonal"], n["lines"], n["through_sides"]])
        sides = sides or n["through_sides"] > 0
    header = [tr("board"), tr("across"), tr("up"), tr("diagonal"), tr("lines in all"), tr("through a side disc")]
    if not sides:
        header, rows = header[:-1], [r[:-1] for r in rows]
    return Table(header, rows, caption=tr("Lines red or yellow could fill on the empty grid"))


# ----- pictures ----------------------------------------------------------------------------------
def scene(
    game: ConnectGame,
    *,
    threats: bool = True,
    danger: bool = False,
    mark: Mark | None = None,
    highlight=(),
    show_last: bool = True,
) -> Scene:
    """A lesson picture: threat cells tinted in their player's colour, optionally the ✗ cells under
    the threats (``danger``, :func:`danger_cells`), and an exercise ``mark`` (a column)."""
    tints: dict[tuple[int, int], str] = {}
    labels: dict[tuple[int, int], str] = {}
    if threats:
        for seat in (0, 1):
            for cell in threat_cells(game, seat):
                tints[cell] = (THREAT_TINT[seat], seat)  # with the seat's mark: not colour alone
                labels[cell] = threat_letter(seat)  # and its letter, for the text beside the picture
    if danger:
        for cell in danger_cells(game):
            tints[cell] = DANGER_TINT
            labels[cell] = "✗"
    ring = list(highlight)
    layout = layout_for(game, CELL)
    sc = connect_scene(game, layout, tints=tints, labels=labels, highlight=ring, show_last=show_last)
    if mark is not None:
        try:
            n = int(str(mark.answer).lstrip("p"))
            land = game.landing_cell(n)
        except (ValueError, IndexError):
            land = None
        if land is not None:
            x, y = layout.centre(*land)
            sc.add("ring", x, y, CELL * 0.42, MARK_COLOURS[mark.state], 4)
    return sc


def threat_letter(seat: int) -> str:
    """The letter written in a threat cell of ``seat`` ("R" red, "Y" yellow; in Spanish "R", "A"), so a threat's
    owner is told by more than the tint's colour."""
    return ptr("threat cell of red", "R") if seat == 0 else ptr("threat cell of yellow", "Y")


BEFORE_THREATS = ("edge_line", "edge_diagonal")
"""Lesson 1's pictures: the word "threat" is taught in lesson 2, so the words beside them call a marked cell a
cell where that colour could make five next turn."""


def show(name: str, *, threats: bool = True, danger: bool = False):
    """A still picture of a named position, with its text for screen readers."""
    game = position(name)
    board = picture(
        game,
        scene(game, threats=threats, danger=danger),
        threats=threats,
        danger=danger,
        term=name not in BEFORE_THREATS,
    )
    board.children[0].lesson_position = game  # a still picture of the page (for the giveaway tests)
    return board


def picture(
    game: ConnectGame,
    sc: Scene,
    *,
    threats: bool = False,
    danger: bool = False,
    rows: bool = True,
    term: bool = True,
):
    """A painted board and, beside it, its accessible name and text: the columns, and the threat (and ✗) cells
    the picture marks, in words (colour is never the only cue, and a screen reader hears what is drawn).
    (An exercise's own board is drawn with this too; it is the exercise's, not a picture above it.)"""
    import ipywidgets as W

    from gamekit.connect.describe import board_label, describe
    from gamekit.widgets.canvas import BoardCanvas

    board = BoardCanvas(*layout_for(game, CELL).css_size, label=board_label(game))
    board.paint(sc)
    board.set_access(
        description=" ".join(filter(None, [describe(game), marked_cells_text(game, threats, danger, rows, term=term)]))
    )
    # visible overflow: a still picture is no scrollable region a keyboard would have to reach (WCAG 2.1.1, axe)
    return W.VBox([board.canvas, board.access], layout=W.Layout(overflow="visible"))


def danger_cells(game: ConnectGame) -> list[tuple[int, int]]:
    """The ✗ cells (grid column, row from 0 at the bottom): each the next cell of its column, right under a threat
    cell of either player, so a disc of the other colour there lets the threat's owner make five on top."""
    return sorted(
        {(c, r - 1) for seat in (0, 1) for c, r in threat_cells(game, seat) if r >= 1 and len(game.grid[c]) == r - 1}
    )


def marked_cells_text(
    game: ConnectGame,
    threats: bool = True,
    danger: bool = False,
    rows: bool = True,
    letter: Callable[[int], str] = threat_letter,
    term: bool = True,
) -> str:
    """The cells a lesson picture marks, in words: each threat cell (its colour's ``letter``, column and row) and,
    with ``danger``, each ✗ cell (:func:`danger_cells`); "" when none is marked.  ``rows=False``: a threat
    cell is placed by how far it floats above the top disc of its column, not by its row number (the odd/even
    questions ask for the row's kind: the words beside the board must not answer them).  ``letter``: each colour's
    threat letter (the picture's, also written in the cell of a board printed as text).  ``term=False``: the
    threat cells are named by what they are ("cells where a disc could make five next turn"), for a page before
    the word "threat" is taught."""
    parts = []
    if threats:
        cells = [
            tr(
                "{letter} ({colour}) in column {column}, row {row}",
                letter=letter(seat),
                colour=tr(COLOUR_NAMES[seat]),
                column=game.column_number(c),
                row=r + 1,
            )
            if rows
            else _floating_cell_words(game, seat, c, r, letter)
            for seat in (0, 1)
            for c, r in threat_cells(game, seat)
        ]
        if cells and term:
            parts.append(tr("Threat cells: {cells}.", cells="; ".join(cells)))
        elif cells:
            parts.append(
                tr("Cells where a disc of that colour could make five next turn: {cells}.", cells="; ".join(cells))
            )
    if danger:
        under = [
            tr("column {column}, row {row}", column=game.column_number(c), row=r + 1) for c, r in danger_cells(game)
        ]
        if under:
            parts.append(
                tr("Cells marked ✗ (a disc there lets the other player win on top): {cells}.", cells="; ".join(under))
            )
    return " ".join(parts)


def paper_marks(game: ConnectGame, threats: bool = True, danger: bool = False) -> dict[tuple[int, int], str]:
    """The cells a lesson picture marks, for its board printed as text (:func:`gamekit.connect.info.paper_board`):
    each threat cell (grid column, row from 0 at the bottom) with its colour's threat letter, the picture's (R red,
    Y yellow; R and A in Spanish), which no disc letter (X, O) looks like, and, with ``danger``, each ✗ cell
    (:func:`danger_cells`), as :func:`marked_cells_text` names them in words."""
    marks: dict[tuple[int, int], str] = {}
    if threats:
        marks.update({cell: threat_letter(seat) for seat in (0, 1) for cell in threat_cells(game, seat)})
    if danger:
        marks.update({cell: "✗" for cell in danger_cells(game)})
    return marks


def paper_key(marks: dict[tuple[int, int], str]) -> str:
    """The key line under a printed board for the ``marks`` it carries (:func:`paper_marks`): what each threat
    letter and the ✗ mean; "" when nothing is marked."""
    used = set(marks.values())
    key = [
        tr("{letter}: an empty cell where a red disc (X) would make five", letter=threat_letter(0))
        if threat_letter(0) in used
        else "",
        tr("{letter}: an empty cell where a yellow disc (O) would make five", letter=threat_letter(1))
        if threat_letter(1) in used
        else "",
        tr("✗: the empty cell under a threat") if "✗" in used else "",
    ]
    return "; ".join(filter(None, key))


def _floating_cell_words(
    game: ConnectGame, seat: int, c: int, r: int, letter: Callable[[int], str] = threat_letter
) -> str:
    """A threat cell in words without its row number: how far above the top disc of its column it floats, or, in
    an empty column, that its letter is drawn in it (on screen and on paper) and the pupil counts up to its row."""
    values = dict(letter=letter(seat), colour=tr(COLOUR_NAMES[seat]), column=game.column_number(c))
    if not game.grid[c]:
        return tr(
            "{letter} ({colour}) in column {column}, which is still empty: count up from the bottom to the {letter}",
            **values,
        )
    return ntr(
        "{letter} ({colour}) in column {column}, {n} cell higher than the top disc of that column",
        "{letter} ({colour}) in column {column}, {n} cells higher than the top disc of that column",
        r - len(game.grid[c]) + 1,
        **values,
    )


# ----- the step-through -----------------------------------------------------------------------------
SUBJECT = (lambda: ptr("a colour starting a sentence", "Red"), lambda: ptr("a colour starting a sentence", "Yellow"))
"""A colour as the subject that starts a sentence ("Red drops …"; in Spanish "El rojo deja caer …")."""


def _caption(before: ConnectGame, after: ConnectGame, move: str) -> str:
    seat = before.to_move
    who = SUBJECT[seat]()  # "Red" (Spanish "El rojo"): a sentence's subject
    colour = tr(COLOUR_NAMES[seat])  # "red": inside a sentence
    text = tr("Move {n}. {who} drops into column {move}.", n=len(after.history), who=who, move=move)
    if after.winner() == seat:
        cells = after.winning_cells()
        side = any(after.is_side(c) for c, _ in cells)
        return (
            text
            + tr(" Five in a line — {who} wins", who=colour)
            + (tr(", and the line ends on a side disc.") if side else ".")
        )
    new = set(playable_threats(after, seat)) - set(playable_threats(before, seat))
    all_new = set(threat_cells(after, seat)) - set(threat_cells(before, seat))
    stacked = [(c, r) for c, r in playable_threats(after, seat) if (c, r + 1) in threat_cells(after, seat)]
    if stacked:
        c, _ = stacked[0]
        text += tr(
            " {who} threatens column {column_number} twice, one cell above the other: blocking the lower threat "
            "puts a disc right under the upper one, so {colour} cannot stop both.",
            who=who,
            column_number=after.column_number(c),
            colour=tr(COLOUR_NAMES[1 - seat]),
        )
        upper = stacked[0][1] + 2  # the upper threat's row, counted from 1
        if (upper % 2 == 1) != (seat == 0):  # on the other player's kind of row
            text += tr(
                " On its own, the threat on row {row} would probably not have helped {colour}; with a threat right "
                "under it, it wins.",
                row=upper,
                colour=colour,
            )
    elif len(playable_threats(after, seat)) >= 2:
        text += tr(
            " {who} now threatens to win in two places at once: a double threat, {colour} can block only one.",
            who=who,
            colour=tr(COLOUR_NAMES[1 - seat]),
        )
    elif new:
        c, _ = sorted(new)[0]
        text += tr(
            " A threat: {who} wins next in column {column_number} unless it is blocked.",
            who=colour,
            column_number=after.column_number(c),
        )
    elif all_new:
        c, r = sorted(all_new, key=lambda cell: (cell[1], cell[0]))[0]
        row = r + 1  # rows are counted 1 to 6 from the bottom on the page
        text += tr(
            " New {who} threat cell (tinted) in column {column_number}, row {row}.",
            who=tr(COLOUR_NAMES[seat]),
            column_number=after.column_number(c),
            row=row,
        )
        text += row_kind_words(seat, row)
        text += tr(
            " Nobody can use it until column {column_number} fills up to it.", column_number=after.column_number(c)
        )
    blocked = set(playable_threats(before, 1 - seat)) - set(playable_threats(after, 1 - seat))
    if blocked:
        text += tr(" It blocks a threat.")
    if not (stacked or new or all_new or blocked or len(playable_threats(after, seat)) >= 2):
        text += tr(" It makes no threat and blocks none.")  # what it does, without line statistics
    if before.history and str(before.history[-1]) == str(move) and not (stacked or new or all_new):
        # the answer on top, in the same column: the idea behind the odd/even count (a description, no verdict)
        text += tr(
            " {who} answers in the same column, on top of {other}'s disc.", who=who, other=tr(COLOUR_NAMES[1 - seat])
        )
    if len(before.history) >= SOLVE_FROM and solve(before) < 0:  # the exact solver's verdict, not a guess
        text += tr(" The exact solver says {colour} was already lost here, whatever it played.", colour=colour)
        wins = immediate_wins(after)
        if wins:
            text += tr(" {who} can now make five at once in column {column}.", who=SUBJECT[1 - seat](), column=wins[0])
    return text


def row_kind_words(seat: int, row: int) -> str:
    """What the odd/even rule of thumb (a heuristic, not a verdict) says of a ``seat`` threat on ``row`` (1 to 6):
    red tends to get the odd cells and yellow the even ones, so a threat on its owner's kind of row is the useful
    one."""
    if seat == 0:
        return (
            tr(" Row {row} is odd: by the odd/even rule of thumb, a good row for a red threat.", row=row)
            if row % 2
            else tr(
                " Row {row} is even: by the odd/even rule of thumb, yellow tends to fill even cells, so on its own "
                "this red threat will probably not help red.",
                row=row,
            )
        )
    return (
        tr(" Row {row} is even: by the odd/even rule of thumb, a good row for a yellow threat.", row=row)
        if row % 2 == 0
        else tr(
            " Row {row} is odd: by the odd/even rule of thumb, red tends to fill odd cells, so on its own this "
            "yellow threat will probably not help yellow.",
            row=row,
        )
    )


def open_lines(game: ConnectGame, col: int, row: int, seat: int) -> list[tuple[tuple[int, int], ...]]:
    """The lines of five (or four) through cell (col, row) that hold no disc of the other colour:
    the lines ``seat`` could still complete there (side discs count for their colour)."""
    return [
        line
        for line in game.variant.lines()
        if (col, row) in line and all(game.cell(c, r) in (None, seat) for c, r in line)
    ]


@lru_cache(maxsize=None)
def won_game_games() -> tuple[ConnectGame, ...]:
    g = FiveInARow()
    games = [g.copy()]
    for m in WON_GAME:
        g.play(m)
        games.append(g.copy())
    return tuple(games)


def steps(name: str = "won_game") -> list[Step]:
    if name == "popout":
        return popout_steps()
    if name != "won_game":
        raise KeyError(f"no step-through {name!r}; known: won_game, popout")
    games = won_game_games()
    start = WON_GAME_FROM
    out = [
        Step(lambda g=games[start]: scene(g), tr("The game after {n} drops. Red is to move.", n=start), games[start])
    ]
    for i in range(start, len(WON_GAME)):
        before, after = games[i], games[i + 1]
        out.append(Step(lambda g=after: scene(g), _caption(before, after, WON_GAME[i]), after))
    return out


def popout_steps() -> list[Step]:
    """PopOut on 5 en raya in two pictures: before red's pop, and after it (yellow's five)."""
    before = FiveInARow.from_moves(POPOUT_DEMO, popout=True)
    after = before.copy()
    after.play(POPOUT_DEMO_POP)
    n = POPOUT_DEMO_POP.lstrip("p")
    return [
        Step(
            lambda g=before: scene(g, threats=False, show_last=False),
            tr("PopOut, red to move. Red decides to pop its own disc out of the bottom of column {n}.", n=n),
            before,
        ),
        Step(
            lambda g=after: scene(g, threats=False, show_last=False, highlight=g.winning_cells()),
            tr(
                "The discs above fall one row. The yellow disc lands in the bottom row and completes five with the "
                "yellow side disc: red's pop made yellow win."
            ),
            after,
        ),
    ]


def step_through(name: str = "won_game", title: str | None = None) -> StepThrough:
    if title is None:
        title = tr("A pop in PopOut") if name == "popout" else tr("A won game of 5 en raya")
    return StepThrough(steps(name), size=layout_for(FiveInARow(), CELL).css_size, title=title, interval=1.0)
