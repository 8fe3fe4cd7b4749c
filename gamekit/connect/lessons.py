"""The 5 en raya lessons: every position, step-through and exercise, defined once (and tested).

Positions are move strings in the players' notation, played from the start.  Threat cells are
computed by :func:`threat_cells`; every move exercise accepts exactly :func:`best_moves` (the exact
solver's best moves) and answers each click with :func:`outcome_words` (the opponent's five, or a
line of best play), so what a reader is told is what the solver says about that very position.
``EXERCISES`` lists the exercise factories of each notebook.

In a notebook::

    from gamekit.connect import lessons as L
    score = L.LessonScore("5 en raya 2 — threats and zugzwang")
    L.rules_table()                 # 5 en raya beside standard Connect Four
    L.show("edge_line")             # a position with its threat cells tinted
    L.step_through("won_game")      # Prev / Next / Play / Reset
    L.exercise("win_in_one", score) # click a column, checked against the solver
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Sequence

from gamekit.i18n import N_, get_language, ntr, ptr, tr
from gamekit.connect.rules import (
    CONNECT_FOUR,
    FIVE_IN_A_ROW,
    COLOUR_NAMES,
    ConnectFour,
    ConnectGame,
    FiveInARow,
    Variant,
    count_lines,
)
from gamekit.connect import teach
from gamekit.connect.solver import analyse, solve
from gamekit.connect.threats import playable_threats, threat_cells
from gamekit.connect.view import GridLayout, connect_scene, layout_for
from gamekit.display import Table
from gamekit.core.scene import Scene
from gamekit.connect.puzzle_text import column_hit
from gamekit.puzzles.sets import ProblemSet, level_word
from gamekit.widgets.lesson import (
    Exercise,
    ExerciseWidget,
    Lesson,
    LessonScore,
    Mark,
    PuzzleBoard,
    Step,
    StepThrough,
    choice_checker,
    exercises_by_notebook,
)

__all__ = [
    "POSITIONS",
    "position",
    "threat_cells",
    "rules_table",
    "lines_table",
    "show",
    "scene",
    "steps",
    "step_through",
    "exercise",
    "exercises",
    "ConnectExercise",
    "LessonScore",
    "LESSONS",
    "EXERCISES",
    "REFLECTIONS",
    "practice",
    "practice_exercises",
]

THREAT_TINT = ("#f5a3a3", "#f7e08a")  # red's and yellow's threat cells
DANGER_TINT = "#9ecbff"  # a cell under the opponent's threat: do not fill it
MARK_COLOURS = {"right": "#1e8449", "wrong": "#c0392b", "answer": "#2e86de"}
CELL = 40

# ----- positions (move strings from the start of a 5 en raya game) ----------------------------
POSITIONS: dict[str, tuple[str, str]] = {
    # red's discs in columns 1-3 of the bottom row sit next to the red bottom-left side disc
    "edge_line": ("five", "172737"),
    # red has four in a row (columns 2-5) with both ends open: two threats, one move to block
    "open_four": ("five", "2233445"),
    # yellow's four on row 2 is open at both ends, but the cells under its threats are empty
    "under_threat": ("five", "2342537475"),
    # from the won game below: red's diagonal needs only column 7 — it ends on the red side disc
    "edge_diagonal": ("five", "4646424446655553557373"),
    # from the same game, 17 drops in: red's two threat cells stacked in the empty column 7 (rows 3 and 4)
    "stacked": ("five", "46464244466555535"),
}

# PopOut (5 en raya): red pops its disc in column 6, the yellow disc above falls into the bottom row
# and completes yellow's five with the yellow side disc on the right — a pop can make the opponent win.
POPOUT_DEMO = "531417627562p6p33256p51"
POPOUT_DEMO_POP = "p6"

# A game Hard (depth 4) won against Medium, replayed move by move in the step-through.
WON_GAME = "46464244466555535573737"
WON_GAME_FROM = 14
"""The step-through starts from the position after this many drops (the opening is shown at once)."""


def position(name: str) -> ConnectGame:
    kind, moves = POSITIONS[name]
    return (FiveInARow if kind == "five" else ConnectFour).from_moves(moves)


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
                tr("at most 42 discs; a full grid without a four is a draw"),
                tr("still at most 42 discs; a full grid without a five is a draw"),
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
    return Table(header, rows, caption=tr("Lines that can still be completed on the empty grid"))


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
    """A lesson picture: threat cells tinted in their player's colour, optionally the cells under
    the opponent's threats (``danger``), and an exercise ``mark`` (a column)."""
    tints: dict[tuple[int, int], str] = {}
    labels: dict[tuple[int, int], str] = {}
    if threats:
        for seat in (0, 1):
            for cell in threat_cells(game, seat):
                tints[cell] = (THREAT_TINT[seat], seat)  # with the seat's mark: not colour alone
                labels[cell] = threat_letter(seat)  # and its letter, for the text beside the picture
    if danger:
        opponent = 1 - game.to_move
        for c, r in threat_cells(game, opponent):
            if r >= 1 and len(game.grid[c]) == r - 1:
                tints[(c, r - 1)] = DANGER_TINT
                labels[(c, r - 1)] = "✗"
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


def marked_cells_text(
    game: ConnectGame,
    threats: bool = True,
    danger: bool = False,
    rows: bool = True,
    letter: Callable[[int], str] = threat_letter,
    term: bool = True,
) -> str:
    """The cells a lesson picture marks, in words: each threat cell (its colour's ``letter``, column and row) and,
    with ``danger``, each ✗ cell under the opponent's threat; "" when none is marked.  ``rows=False``: a threat
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
            tr("column {column}, row {row}", column=game.column_number(c), row=r)
            for c, r in threat_cells(game, 1 - game.to_move)
            if r >= 1 and len(game.grid[c]) == r - 1
        ]
        if under:
            parts.append(
                tr("Cells marked ✗ (a disc there lets the other player win on top): {cells}.", cells="; ".join(under))
            )
    return " ".join(parts)


def paper_marks(game: ConnectGame, threats: bool = True, danger: bool = False) -> dict[tuple[int, int], str]:
    """The cells a lesson picture marks, for its board printed as text (:func:`gamekit.connect.info.paper_board`):
    each threat cell (grid column, row from 0 at the bottom) with its colour's threat letter, the picture's (R red,
    Y yellow; R and A in Spanish), which no disc letter (X, O) looks like, and, with ``danger``, each ✗ cell under
    the opponent's threat, as :func:`marked_cells_text` names them in words."""
    marks: dict[tuple[int, int], str] = {}
    if threats:
        marks.update({cell: threat_letter(seat) for seat in (0, 1) for cell in threat_cells(game, seat)})
    if danger:
        marks.update(
            {(c, r - 1): "✗" for c, r in threat_cells(game, 1 - game.to_move) if r >= 1 and len(game.grid[c]) == r - 1}
        )
    return marks


def paper_key(marks: dict[tuple[int, int], str]) -> str:
    """The key line under a printed board for the ``marks`` it carries (:func:`paper_marks`): what each threat
    letter and the ✗ mean; "" when nothing is marked."""
    used = set(marks.values())
    key = [
        tr("{letter}: an empty cell where a red disc would make five", letter=threat_letter(0))
        if threat_letter(0) in used
        else "",
        tr("{letter}: an empty cell where a yellow disc would make five", letter=threat_letter(1))
        if threat_letter(1) in used
        else "",
        tr("✗: the empty cell under a threat") if "✗" in used else "",
    ]
    return "; ".join(filter(None, key))


def _floating_cell_words(
    game: ConnectGame, seat: int, c: int, r: int, letter: Callable[[int], str] = threat_letter
) -> str:
    """A threat cell in words without its row number: how far above the top disc of its column it floats, or, in
    an empty column, that the pupil finds it (the cell of that column where a disc of ``seat`` makes five)."""
    values = dict(letter=letter(seat), colour=tr(COLOUR_NAMES[seat]), column=game.column_number(c))
    if not game.grid[c]:
        return tr(
            "{letter} ({colour}) in column {column}, which is still empty: find the cell of that column where a "
            "{colour} disc would make five",
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
    if before.history and str(before.history[-1]) == str(move) and not (stacked or new or all_new):
        # the answer on top, in the same column: the idea behind the odd/even count (a description, no verdict)
        text += tr(
            " {who} answers in the same column, on top of {other}'s disc.", who=who, other=tr(COLOUR_NAMES[1 - seat])
        )
    if not (stacked or new or all_new or blocked or len(playable_threats(after, seat)) >= 2):
        text += _quiet_words(after, seat)
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


def _quiet_words(after: ConnectGame, seat: int) -> str:
    """For a drop that makes no threat: how far it takes the mover's best open line through it, and how
    many of the opponent's open lines it closes.  Counted on the board, not a verdict."""
    col = after.grid_column(int(after.history[-1]))
    row = len(after.grid[col]) - 1
    who, other = SUBJECT[seat](), tr(COLOUR_NAMES[1 - seat])
    mine = open_lines(after, col, row, seat)
    grid = list(after.grid[col])
    after.grid[col][row] = 1 - seat  # pretend the cell were the opponent's
    try:
        closed = len(open_lines(after, col, row, 1 - seat))
    finally:
        after.grid[col][:] = grid
    text = ""
    if mine:
        most = max(sum(after.cell(c, r) == seat for c, r in line) for line in mine)
    if mine and most == 1:
        text += tr(
            " {who} starts on a line of {length} that {other} has not blocked.",
            who=who,
            length=after.win_length,
            other=other,
        )
    elif mine:
        text += ntr(
            " {who} now has {n} disc in a line of {length} that {other} has not blocked.",
            " {who} now has {n} discs in a line of {length} that {other} has not blocked.",
            most,
            who=who,
            length=after.win_length,
            other=other,
        )
    else:
        text += tr(" No line of {who} through this cell can still be completed.", who=tr(COLOUR_NAMES[seat]))
    if closed:
        text += ntr(
            " It also blocks {n} line that {other} could still complete.",
            " It also blocks {n} lines that {other} could still complete.",
            closed,
            other=other,
        )
    return text


@lru_cache(maxsize=None)
def _won_game_games() -> tuple[ConnectGame, ...]:
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
    games = _won_game_games()
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


# ----- exercises ------------------------------------------------------------------------------------
@dataclass
class ConnectExercise(Exercise):
    game: ConnectGame | None = field(default=None)
    click: bool = True

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.click and self.position is None:
            self.position = self.game  # a move exercise: tests compare its answers with the solver
        if self.game is not None and any(self.marks):
            self.game = self.game.copy()  # its own copy: the board printed on paper carries the marks
            self.game.paper_marks = paper_marks(self.game, *self.marks)
            self.game.paper_key = paper_key(self.game.paper_marks)

    @property
    def marks(self) -> tuple[bool, bool]:
        """What this exercise's board marks: (threat cells tinted and lettered, ✗ cells under the opponent's
        threats).  Only the odd/even and zugzwang questions are about marked cells; a move exercise shows none."""
        zugzwang = self.key in ("zugzwang", "zugzwang_who")
        return zugzwang or self.key in ODD_EVEN_POSITIONS or self.key == "two_threats", zugzwang

    @property
    def marked_cells(self) -> str:
        """The cells this exercise's board marks, in words, for its board printed as text without tints ("Threat
        cells: R (red) in column 2, row 3." …; "" when none): the words a screen reader hears beside the picture,
        each colour named by its threat letter, the one written in the cell on screen and on paper."""
        if self.game is None:
            return ""
        threats, danger = self.marks
        return marked_cells_text(self.game, threats, danger, rows=self.key not in ROW_QUESTIONS)


def parse_column(game: ConnectGame, answer: Any) -> str:
    """A column answer ("4", 4, "column 4") as a legal drop, or ValueError saying why not."""
    raw = str(answer).strip().lower()
    for word in sorted({"column", tr("column").lower()}, key=len, reverse=True):  # «columna» before "column"
        raw = raw.replace(word, "")
    raw = raw.strip()
    return game.check(raw)  # IllegalMoveError (a ValueError) explains a bad column


def _column_checker(game: ConnectGame, judge: Callable[[str], tuple[bool, str]]):
    def check(answer: Any) -> tuple[bool, str]:
        return judge(parse_column(game, answer))

    return check


EXERCISE_POSITIONS = {
    # lesson 1 — red to move: the gap in row 3 (column 2); the red side disc on the left, row 3, makes it five
    # (not the bottom row of the picture above it)
    "side_win": "21431234163647",
    # lesson 1 — yellow to move: red's diagonal from column 4, row 2 up to the red side disc on the right (row 6)
    # has one gap, column 6 row 4, in the middle of the line: only the side disc makes it a threat; the block
    # holds the draw (so "Try a similar one" finds bank block puzzles with the same goal)
    "side_block": "6576474756577",
    # lesson 1 — red to move: a diagonal from the red side disc (row 5, left) down to column 4 needs column 1
    "side_diagonal": "425632312711",
    # lesson 2 — yellow to move: red's three on row 3 and the red side disc threaten column 3, reachable now
    "block_threat": "23164421114537712",
    # lesson 2 — red to move: red and yellow both need column 4 in row 2; every other column lets yellow in
    "win_in_one": "5257316372476621",
    # lesson 2 — yellow to move: only one column does not lose; it wins with yellow's very last disc
    "only_move": "444554354436367621333665725",
    # lesson 2 — red to move: one column wins by force, every other column only draws
    "winning_move": "55554234444457323533",
    # lesson 2 — final challenge: yellow to move; one column wins, one draws, the rest lose
    "challenge": "721356347515645454433",
    # lesson 2 — yellow to move, red's last disc in column 4, the only column with an odd number of empty cells:
    # yellow's disc on top of it leaves every column even, and the same-column answer (claimeven) then spoils
    # every red line; the exact solver: column 4 even wins, every other column only draws
    "answer_on_top": "43577323376711632345554",
}


def _scores(game: ConnectGame) -> dict[str, int]:
    scores = analyse(game, time_budget=None)
    return {m: s for m, s in scores.items() if s is not None}


def immediate_wins(game: ConnectGame) -> list[str]:
    """The drops that complete a line for the player to move."""
    me, wins = game.to_move, []
    for m in game.legal_moves():
        game.play(m)
        if game.winner() == me:
            wins.append(m)
        game.undo()
    return wins


def best_moves(game: ConnectGame) -> list[str]:
    """The moves the exact solver rates best.

    Two cases are settled without a search (a proof, not a guess): a drop that wins at once is best
    (no score is higher), and when the opponent threatens to win at once in one column only and
    blocking it leaves no other immediate win, the block is the only best move (every other drop
    loses at once, the lowest score there is).  Everything else goes to :func:`analyse`.
    """
    wins = immediate_wins(game)
    if wins:
        return wins
    opponent_cells = playable_threats(game, 1 - game.to_move)
    if len(opponent_cells) == 1:
        block = str(game.column_number(opponent_cells[0][0]))
        game.play(block)
        try:
            safe = not immediate_wins(game)
        finally:
            game.undo()
        if safe:
            return [block]
    scores = _scores(game)
    top = max(scores.values())
    return [m for m, v in scores.items() if v == top]


def shown_reply(game: ConnectGame) -> str:
    """The best move a line of best play shows: among the solver's equally good moves, one that blocks the
    opponent's five if any does (when every move loses, the natural defence, not an arbitrary column)."""
    best = best_moves(game)
    blocks = {str(game.column_number(c)) for c, _ in playable_threats(game, 1 - game.to_move)}
    return next((m for m in best if m in blocks), best[0])


def principal_line(game: ConnectGame, limit: int = 8) -> tuple[list[str], ConnectGame]:
    """Best play from ``game`` (:func:`shown_reply` each turn), at most ``limit`` drops."""
    g, line = game.copy(), []
    while not g.is_over() and len(line) < limit:
        m = shown_reply(g)
        line.append(m)
        g.play(m)
    return line, g


def _line_words(game: ConnectGame, line: Sequence[str]) -> str:
    """ "red 2, yellow 1, red 1" for a sequence of drops from ``game``."""
    seat, out = game.to_move, []
    for m in line:
        out.append(f"{tr(COLOUR_NAMES[seat])} {m}")
        seat = 1 - seat
    return ", ".join(out)


SOLVE_FROM = 18
"""Drops after which the lessons ask the exact solver for a line of best play (earlier it may take minutes)."""


def missed_five_words(game: ConnectGame) -> str:
    """The five the player to move has at once, as a pupil who missed it needs to hear it: which way it runs (up a
    column, across a row, along a diagonal), read off the board after that drop; never its column."""
    after = game.copy()
    after.play(immediate_wins(game)[0])
    cells = after.winning_cells()
    me = tr(COLOUR_NAMES[game.to_move])
    if any(sum(c == col for c, _ in cells) >= after.variant.win for col, _ in cells):
        return tr(
            "no five in a line there, but {me} had a five at once going up: four {me} discs stacked in one column.",
            me=me,
        )
    if any(sum(r == row for _, r in cells) >= after.variant.win for _, row in cells):
        return tr("no five in a line there, but {me} had a five at once across a row.", me=me)
    return tr("no five in a line there, but {me} had a five at once along a diagonal.", me=me)


def outcome_words(game: ConnectGame, move: str, hide: Sequence[str] = (), value: int | None = None) -> str:
    """What happens after ``move``, in one or two short sentences a 12-year-old reads at a glance: five at once, the
    opponent's five at once, or (from :data:`SOLVE_FROM` drops on, or earlier when ``value`` is given) the
    opponent's best answer and what best play then gives, as the exact solver sees it.  When the mover had a five
    at once and ``move`` is not one, the words say so (the pupil's actual mistake), and an early quiet drop is
    described by what it does make (a new threat, or how many in a line).  :func:`whole_line` gives the full line
    of best play.  ``hide``: columns the sentence must not name (an exercise's accepted answers, when it judges a
    wrong one): a reply into one of them is described without its column, so the feedback tells the consequence of
    the pupil's move without giving the solution away.  ``value``: the exact value after ``move`` for its player
    (1 a win, 0 a draw, -1 a loss) when it is already known (a bank puzzle's verdict), so an early position is
    judged too."""
    after = game.copy()
    after.play(move)
    me, them = tr(COLOUR_NAMES[game.to_move]), tr(COLOUR_NAMES[1 - game.to_move])
    if after.winner() == game.to_move:
        return tr("column {move} makes five in a line: {me} wins.", move=move, me=me)
    missed = bool(immediate_wins(game))  # the mover had a five at once and did not take it
    lead = missed_five_words(game) if missed else ""

    def say(text: str) -> str:  # a missed five comes first: it is the pupil's actual mistake
        return f"{lead} {text[:1].upper()}{text[1:]}" if lead else text

    replies = immediate_wins(after)
    if replies:
        shown = [r for r in replies if r not in hide]
        if not shown:
            return say(
                tr("after column {move}, {them} makes five in a line with the very next disc.", move=move, them=them)
            )
        return say(
            tr(
                "after column {move}, {them} drops in column {reply} and makes five in a line.",
                move=move,
                them=them,
                reply=shown[0],
            )
        )
    if len(after.history) < SOLVE_FROM and value is None:
        if missed:
            return say(tr("Your disc {what}.", what=drop_words(after, game.to_move)))
        return tr(
            "column {move} makes no five in a line, and {them} cannot make five at once after it.", move=move, them=them
        )
    if value is None:
        value = _value_after(after)  # for the player who played ``move``
    if len(after.history) < SOLVE_FROM:  # no line of best play this early: the value only
        quiet = tr("it makes no five in a line, and {them} cannot make five at once after it", them=them)
        if value > 0:
            return say(tr("{quiet}; {me} still wins with best play, but not as quickly.", quiet=quiet, me=me))
        if value == 0:
            return say(tr("{quiet}, but after {them}'s best reply, best play ends in a draw.", quiet=quiet, them=them))
        return say(tr("{quiet}, but after {them}'s best reply, {them} can force a win.", quiet=quiet, them=them))
    reply = shown_reply(after)
    if reply in hide:
        if value > 0:
            return say(tr("{me} still wins with best play after it, but not as quickly.", me=me))
        if value == 0:
            return say(tr("{them} has a good answer, and best play then ends in a draw.", them=them))
        return say(tr("{them} has a good answer, and then {them} can force a win.", them=them))
    if value > 0:
        return say(
            tr("{them} answers in column {reply}, but {me} still wins with best play.", them=them, reply=reply, me=me)
        )
    if value == 0:
        return say(tr("{them} answers in column {reply}, and best play ends in a draw.", them=them, reply=reply))
    return say(tr("{them} answers in column {reply}, and then {them} can force a win.", them=them, reply=reply))


def drop_words(after: ConnectGame, seat: int) -> str:
    """What ``seat``'s last drop in ``after`` makes, counted on the board (no verdict): a new threat (a four with
    its fifth cell empty), or the most discs of ``seat`` in a line through it that can still be completed, with
    the row it landed on; or that no such line passes there."""
    col = after.grid_column(int(after.history[-1]))
    row = len(after.grid[col]) - 1
    before = after.copy()
    before.undo()
    if set(threat_cells(after, seat)) - set(threat_cells(before, seat)):
        return tr("lands on row {row} and makes a new threat (four with the fifth cell empty)", row=row + 1)
    mine = open_lines(after, col, row, seat)
    if not mine:
        return tr(
            "lands on row {row}, where no {colour} line can still be completed",
            row=row + 1,
            colour=tr(COLOUR_NAMES[seat]),
        )
    most = max(sum(after.cell(c, r) == seat for c, r in line) for line in mine)
    if most == 1:
        return tr("lands on row {row} and only starts new lines", row=row + 1)
    return tr(
        "lands on row {row}, and its best line there has {n} {colour} discs",
        row=row + 1,
        n=most,
        colour=tr(COLOUR_NAMES[seat]),
    )


def _value_after(after: ConnectGame) -> int:
    """The exact value of ``after`` for the player who just moved: 1 a win, 0 a draw, -1 a loss."""
    if after.is_over():
        w = after.winner()
        return 0 if w is None else (1 if w != after.to_move else -1)
    score = solve(after)
    return (score < 0) - (score > 0)


def whole_line(game: ConnectGame, move: str) -> str:
    """The full line of best play after ``move`` (at most eight drops), for the "Show the whole line" button."""
    after = game.copy()
    after.play(move)
    if after.is_over():
        return ""
    line, end = principal_line(after)
    shown = _line_words(after, line)
    if end.is_over():
        w = end.winner()
        result = (
            tr("a draw: the grid is full")
            if w is None
            else tr("five in a line — {colour} wins", colour=tr(COLOUR_NAMES[w]))
            + (tr(" with the last disc of the game") if end.is_full() else "")
        )
        return tr("After column {move}, best play goes {shown}: {result}.", move=move, shown=shown, result=result)
    score = solve(end)  # for the player to move at the end of the line
    if score == 0:
        result = tr("a draw with best play")
    else:
        winner = end.to_move if score > 0 else 1 - end.to_move
        discs = end.variant.cells // 2 + 1 - abs(score) - end.discs_played(winner)
        result = tr(
            "{colour} wins with best play, with its {nth} disc from there",
            colour=tr(COLOUR_NAMES[winner]),
            nth=_nth(discs),
        )
    return tr(
        "After column {move}, best play begins {shown} … and the solver says {result}.",
        move=move,
        shown=shown,
        result=result,
    )


def wrong_drop_words(game: ConnectGame, move: str, good: Sequence[str]) -> str:
    """What a wrong ``move`` in ``game`` allows, fitted to that very click: where the disc lands and what it makes
    (:func:`drop_words`), then the opponent's best answer and what best play gives.  When that answer is one of
    the ``good`` columns (the exercise's answers, never named), the words say the opponent drops where the mover
    needed to, and name the threats that answer stacks in one column, if it does (read off the board).  A five
    at once, or a best answer outside ``good``, is told by :func:`outcome_words`."""
    after = game.copy()
    after.play(move)
    if after.is_over() or immediate_wins(game) or immediate_wins(after) or shown_reply(after) not in good:
        return outcome_words(game, move, hide=good)
    me = tr(COLOUR_NAMES[game.to_move])
    lands = tr("Your disc {what}.", what=drop_words(after, game.to_move))
    lands = lands[:1].lower() + lands[1:]  # it follows "Not column 3:"
    value = _value_after(after)
    answered = after.copy()
    answered.play(shown_reply(after))
    try:
        column, rows = stacked_run(answered, 1 - game.to_move)
    except ValueError:
        column, rows = None, []
    if value < 0 and column is not None and str(column) not in good:
        listed = ", ".join(map(str, rows[:-1])) + tr(" and ") + str(rows[-1])
        then = tr(
            "{them} then drops where {me} needed to, and gets threats stacked in column {column}, on rows {rows}: "
            "{me} can block only the lower one.",
            them=SUBJECT[1 - game.to_move](),
            me=me,
            column=column,
            rows=listed,
        )
    elif value < 0:
        then = tr(
            "{them} then drops where {me} needed to, and can force a win.", them=SUBJECT[1 - game.to_move](), me=me
        )
    elif value == 0:
        then = tr(
            "{them} then drops where {me} needed to, and best play ends in a draw.",
            them=SUBJECT[1 - game.to_move](),
            me=me,
        )
    else:
        then = tr("{me} still wins with best play after it, but not as quickly.", me=me)
    return f"{lands} {then}"


def _solver_exercise(
    name: str,
    prompt: str,
    hint: str,
    why_right: str = "",
    key: str | None = None,
    why_first: bool = False,
    fitted: bool = False,
) -> ConnectExercise:
    """A click exercise that accepts exactly the solver's best moves; every answer is told what follows.
    ``why_first``: a right answer is told ``why_right`` first (a block: the cell it takes matters more than the
    fact that it makes no five).  ``fitted``: a wrong click is told :func:`wrong_drop_words` (what that drop
    makes and what it lets the opponent do), not only the value best play gives."""
    game = FiveInARow.from_moves(EXERCISE_POSITIONS[name])
    good = best_moves(game)
    wrong = [m for m in game.legal_moves() if m not in good]
    said: dict[str, str] = {}

    def judge(move: str) -> tuple[bool, str]:
        if move not in said:
            if fitted and move not in good:
                said[move] = wrong_drop_words(game, move, good)
            else:
                said[move] = outcome_words(game, move, hide=() if move in good else good)
        words = said[move]
        if move in good and why_first:
            return True, tr(
                "Right: {words}", words=why_right[0].lower() + why_right[1:]
            ) + " " + outcome_words_after_block(game, move)
        if move in good:
            return True, tr("Right: {words}", words=words) + (f" {why_right}" if why_right else "")
        quiet = tr(
            "column {move} makes no five in a line, and {them} cannot make five at once after it.",
            move=move,
            them=tr(COLOUR_NAMES[1 - game.to_move]),
        )
        if len(game.history) + 1 < SOLVE_FROM and words == quiet:  # nothing to tell but where to look
            words += (
                tr(" But {colour} had a better move: ", colour=tr(COLOUR_NAMES[game.to_move]))
                + hint[0].lower()
                + hint[1:]
            )
        return False, tr("Not column {move}: {words}", move=move, words=words)

    def more(answer: Any) -> str:
        move = parse_column(game, answer)
        return "" if len(game.history) + 1 < SOLVE_FROM else whole_line(game, move)

    return ConnectExercise(
        prompt,
        _column_checker(game, judge),
        hint=hint,
        answer=tr("Column {columns}", columns=tr(" or ").join(good)),
        solutions=good,
        wrong=wrong,
        key=key or name,
        game=game,
        more=more,
    )


def outcome_words_after_block(game: ConnectGame, move: str) -> str:
    """After a block: whether the opponent can still make five at once (one short sentence)."""
    after = game.copy()
    after.play(move)
    who = SUBJECT[after.to_move]()
    if immediate_wins(after):
        return tr("But {who} can still make five at once elsewhere.", who=who)
    return tr("{who} cannot make five at once after it.", who=who)


def side_win_exercise() -> ConnectExercise:
    return _solver_exercise(
        "side_win",
        tr("Red to move: one column makes five in a line right now. Which one?"),
        hint=tr("Look along each row, side discs included. The bottom row is not the only one."),
        why_right=tr("The red side disc on the left, in row 3, is the fifth disc."),
    )


def side_block_exercise() -> ConnectExercise:
    return _solver_exercise(
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
    )


def side_diagonal_exercise() -> ConnectExercise:
    return _solver_exercise(
        "side_diagonal",
        tr("Red to move: one column makes five in a line right now. Which one?"),
        hint=tr(
            "For each cell a disc can reach now, look every way through it: across, up and along both diagonals. "
            "Side discs count."
        ),
        why_right=tr("The diagonal starts at the red side disc on the left, in row 5."),
    )


def block_threat_exercise() -> ConnectExercise:
    return _solver_exercise(
        "block_threat",
        tr("Yellow to move: red threatens to make five. Which column blocks it?"),
        hint=tr(
            "Find the empty cell where a red disc would make five (side discs count), and check that a disc can "
            "reach it now."
        ),
        why_right=tr("Yellow takes the cell red needed."),
        why_first=True,
    )


def win_in_one_exercise() -> ConnectExercise:
    return _solver_exercise(
        "win_in_one",
        tr("Red to move: win with this disc. Which column?"),
        hint=tr("Find red's four in a line and the empty cell at its end that a disc can reach now."),
    )


def only_move_exercise() -> ConnectExercise:
    return _solver_exercise(
        "only_move",
        tr("Yellow to move. Every column but one loses. Find the one that does not."),
        hint=tr("Where would red like to drop next? Get there first — and keep yellow's threat on row 6 alive."),
        why_right=only_move_words(FiveInARow.from_moves(EXERCISE_POSITIONS["only_move"])),
        fitted=True,
    )


def only_move_words(game: ConnectGame) -> str:
    """Why the solver's only move in ``game`` is the only one: after each other drop the opponent drops there and
    gets threats stacked in one column (read off the board for each drop, never written by hand: drops that give
    the same stack are named together, so no sentence claims for one drop what only others give); the move also
    keeps the mover's threat on an even row for the end of the game (that row read off the board too)."""
    move = best_moves(game)[0]
    runs: dict[tuple[int, tuple[int, ...]], list[str]] = {}
    for wrong in game.legal_moves():
        if str(wrong) == str(move):
            continue
        after = game.copy()
        after.play(wrong)
        if str(move) not in map(str, after.legal_moves()):
            continue
        after.play(move)
        try:
            column, rows = stacked_run(after, 1 - game.to_move)
        except ValueError:
            continue
        runs.setdefault((column, tuple(rows)), []).append(str(wrong))
    if not runs:
        raise ValueError("no other drop lets the opponent stack threats by dropping into the only move's column")
    me, them = tr(COLOUR_NAMES[game.to_move]), tr(COLOUR_NAMES[1 - game.to_move])
    drops = sorted({d for run in runs.values() for d in run}, key=int)
    listed = ", ".join(drops[:-1]) + tr(" or ") + drops[-1] if len(drops) > 1 else drops[0]
    after = game.copy()
    after.play(move)
    even = sorted(r + 1 for c, r in threat_cells(after, game.to_move) if (r + 1) % 2 == 0)
    text = (
        tr("Column {move} is the drop {them} wants.", move=move, them=them)
        + " "
        + tr(
            "After column {columns}, {them} drops there and stacks two threats in one column: {me} can block only the "
            "lower one.",
            columns=listed,
            them=them,
            me=me,
        )
    )
    if even:
        text += " " + tr(
            "Your drop also keeps {me}'s threat on row {row} (even) for the end of the game.", me=me, row=even[-1]
        )
    return text


def winning_move_exercise() -> ConnectExercise:
    game = FiveInARow.from_moves(EXERCISE_POSITIONS["winning_move"])
    return _solver_exercise(
        "winning_move",
        tr("Red to move. One column wins by force; every other column only draws. Find the win."),
        hint=tr(
            "Look at the columns nobody has played in yet. Is there a drop after which red has threat cells "
            "one right above another in such a column?"
        ),
        why_right=stacked_run_words(game),
        fitted=True,
    )


def stacked_run(game: ConnectGame, seat: int) -> tuple[int, list[int]]:
    """The longest run of ``seat``'s threat cells stacked one right above another in one column of ``game``:
    (the pupil's column number, the rows 1 to 6 from the bottom); ValueError when no column has two."""
    cells = set(threat_cells(game, seat))
    best: tuple[int, list[int]] | None = None
    for c, r in sorted(cells):
        if (c, r - 1) in cells:
            continue  # not the bottom of a run
        run = [r]
        while (c, run[-1] + 1) in cells:
            run.append(run[-1] + 1)
        if len(run) >= 2 and (best is None or len(run) > len(best[1])):
            best = (game.column_number(c), [x + 1 for x in run])
    if best is None:
        raise ValueError("no two threat cells of that player are stacked in one column")
    return best


def stacked_run_words(game: ConnectGame) -> str:
    """Why the solver's best move in ``game`` wins: the threats it leaves stacked in one column, read off the board
    after it (columns and rows computed, never written by hand)."""
    move = best_moves(game)[0]
    after = game.copy()
    after.play(move)
    column, rows = stacked_run(after, game.to_move)
    winner = tr(COLOUR_NAMES[game.to_move])
    listed = ", ".join(map(str, rows[:-1])) + tr(" and ") + str(rows[-1])
    return tr(
        "Column {move} leaves {winner} with threats stacked one above the other in column {column}, on rows "
        "{rows}. {loser} can block only one at a time: a disc on the lower one lets {winner} drop on top of "
        "it into the next.",
        move=move,
        winner=winner,
        column=column,
        rows=listed,
        loser=SUBJECT[1 - game.to_move](),
    )


def challenge_exercise() -> ConnectExercise:
    return _solver_exercise(
        "challenge",
        tr("Final challenge — yellow to move. One column wins, one draws, the rest lose. Find the win."),
        hint=tr(
            "Look for a drop that makes two yellow threats in the same column, one right above the other, and mind "
            "the cell under red's threat in column 2."
        ),
        why_right=stacked_words(FiveInARow.from_moves(EXERCISE_POSITIONS["challenge"])),
    )


def stacked_words(game: ConnectGame) -> str:
    """Why the player to move wins with the solver's best move in ``game``: it makes two threats in one column,
    one right above the other (the challenge's idea), read off the board after that move."""
    after = game.copy()
    after.play(best_moves(game)[0])
    mine = set(threat_cells(after, game.to_move))
    stacked = sorted((c, r) for c, r in playable_threats(after, game.to_move) if (c, r + 1) in mine)
    if not stacked:
        raise ValueError("the best move makes no stacked pair of threats")
    c, r = stacked[0]
    return tr(
        "{loser} is lost whatever it does: {winner} now threatens column {column} twice, on rows {lower} and "
        "{upper}. If {loser_in} blocks the lower threat, its disc lets {winner} drop on top into the upper one "
        "and make five.",
        loser=SUBJECT[1 - game.to_move](),
        winner=tr(COLOUR_NAMES[game.to_move]),
        loser_in=tr(COLOUR_NAMES[1 - game.to_move]),
        column=after.column_number(c),
        lower=r + 1,
        upper=r + 2,
    )


def claimeven_exercise() -> ConnectExercise:
    """Find the claimeven answer: the one drop after which every column has an even number of empty cells, so
    yellow can answer every red disc on top of it until the grid is full.  Exactly the solver's best drops are
    accepted; a wrong column is told its own count and what the solver says follows; after the right answer a
    button shows the machine's proof in words (:func:`gamekit.connect.prove.proof_reason`), never before."""
    from gamekit.connect.prove import proof_reason, prove_columns

    game = FiveInARow.from_moves(EXERCISE_POSITIONS["answer_on_top"])
    good = best_moves(game)
    wrong = [m for m in game.legal_moves() if m not in good]
    empty = {m: game.height - game.height_of(int(m)) for m in game.legal_moves()}
    proofs = prove_columns(game, good, zugzwang=False)  # the proof the exercise teaches: claimeven
    said: dict[str, str] = {}

    def judge(move: str) -> tuple[bool, str]:
        if move not in said:
            words = outcome_words(game, move, hide=() if move in good else good)
            said[move] = words[:1].upper() + words[1:]  # a sentence of its own after the count
        if move in good:
            return True, tr(
                "Right: every column now has an even number of empty cells, so yellow can answer every "
                "red disc on top of it. {words}",
                words=said[move],
            )
        if empty[move] % 2:
            return False, tr("Not column {move}: {words}", move=move, words=said[move])
        return False, ntr(
            "Not column {move}: it has {n} empty cell, an even number. After your disc it would have an "
            "odd number, and the column that has an odd number now would still have one. {words}",
            "Not column {move}: it has {n} empty cells, an even number. After your disc it would have "
            "an odd number, and the column that has an odd number now would still have one. {words}",
            empty[move],
            move=move,
            words=said[move],
        )

    def more(answer: Any) -> str:
        move = parse_column(game, answer)
        found = proofs.get(move)
        if found is None or found.proof is None:
            return ""
        return tr(
            "The computer's proof that yellow cannot lose after column {move}: {why}",
            move=move,
            why=proof_reason(found.proof, found.after, lang=get_language()),
        )

    return ConnectExercise(
        tr(
            "Yellow to move. Yellow wants to answer every red disc on top of it, in the same column, "
            "until the grid is full. For that, every column must have an even number of empty cells "
            "after yellow's disc. Which column?"
        ),
        _column_checker(game, judge),
        hint=tr(
            "Count the empty cells of each column, from just above its top disc up to row 6. Your disc takes "
            "one cell from one column: which count must it change?"
        ),
        answer=tr("Column {columns}", columns=tr(" or ").join(good)),
        solutions=good,
        wrong=wrong,
        key="answer_on_top",
        game=game,
        more=more,
        more_label=tr("Show the computer's proof"),
    )


def _zugzwang_facts(game: ConnectGame) -> dict[str, Any]:
    """The "under_threat" count, exactly: the columns with a ✗ cell (under the opponent's threats), the empty
    cells outside them, who is to move, who fills the last of those cells and who must then fill a ✗ cell."""
    danger = sorted({c for c, r in threat_cells(game, 1 - game.to_move)})
    others = [c for c in range(game.width) if game.column_number(c) is not None and c not in danger]
    empty = sum(game.height - len(game.grid[c]) for c in others)
    mover = game.to_move
    forced = mover if empty % 2 == 0 else 1 - mover  # the player to move when those cells run out
    return dict(
        danger=danger,
        columns=[game.column_number(c) for c in danger],
        others=others,
        empty=empty,
        mover=mover,
        last=1 - forced,
        forced=forced,
    )


def zugzwang_exercise() -> ConnectExercise:
    """In the "under_threat" position nobody wants to fill a cell under yellow's threats: how many other cells
    are empty?  Counted exactly; the feedback only checks the count (the next exercise asks who runs out)."""
    game = position("under_threat")
    f = _zugzwang_facts(game)
    empty, columns = f["empty"], f["columns"]
    names = tr(" and ").join(map(str, columns))
    in_danger = [game.height - len(game.grid[c]) for c in f["danger"]]
    all_empty = empty + sum(in_danger)
    discs = sum(len(game.grid[c]) for c in f["others"])
    spaces = {c: game.height - len(game.grid[c]) for c in f["others"]}
    # the near misses, each from a real slip in one column: left out, counted by its discs, counted as all empty
    left_out = {empty - n: game.column_number(c) for c, n in spaces.items() if n}
    as_discs = {empty - n + (game.height - n) for c, n in spaces.items()} - {empty}
    as_full = {empty - n + game.height for c, n in spaces.items()} - {empty}

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.lesson import parse_int

        k = parse_int(answer)
        if k == empty:
            return True, tr("Right: {n} empty cells outside columns {names}.", n=empty, names=names)
        if k == all_empty:
            return False, tr(
                "That counts columns {names} too. Leave them out: nobody wants to drop there.", names=names
            )
        if k in [empty + n for n in in_danger]:
            return False, tr(
                "That counts one of columns {names}. Leave out both: nobody wants to drop there.", names=names
            )
        if k == discs:
            return False, tr("That counts the discs. Count the empty cells instead: each column has 6 cells.")
        if k in left_out:
            return False, tr(
                "That leaves out column {column} as well. Leave out only columns {names}: every other column counts.",
                column=left_out[k],
                names=names,
            )
        if k in as_discs:
            return False, tr(
                "One column was counted by its discs, not its empty cells. Count each column's empty cells: 6 minus "
                "its discs."
            )
        if k in as_full:
            return False, tr(
                "One column was counted as if it were empty. Its discs fill some of its 6 cells: count only the "
                "empty ones."
            )
        if abs(k - empty) == 1:
            return False, tr(
                "Not {k}: one cell off. Count each column again, from the top disc up to row 6, then add.", k=k
            )
        return False, tr(
            "Not {k}. Count the empty cells column by column, leaving out columns {names}, then add.", k=k, names=names
        )

    return ConnectExercise(
        tr(
            "Nobody wants to drop into column {column} or {column2} (the ✗ cells). How many empty cells are there "
            "outside columns {column} and {column2}?",
            column=columns[0],
            column2=columns[-1],
        ),
        check,
        hint=tr("Count the empty cells of each column except {names}, then add them up.", names=names),
        answer=str(empty),
        solutions=[empty],
        wrong=sorted({all_empty, empty + in_danger[0], discs, empty - 1, empty + 1, *left_out, *as_discs, *as_full}),
        key="zugzwang",
        game=game,
        click=False,
        leaks=(tr("{n} empty cells", n=empty), f"<td>{empty}</td>"),
    )


def zugzwang_who_exercise() -> ConnectExercise:
    """The zugzwang itself: with those cells filled in turn, who has to drop into a ✗ cell?  A choice of red,
    yellow or nobody, each wrong one told why (the count and who is to move decide it)."""
    game = position("under_threat")
    f = _zugzwang_facts(game)
    names = tr(" or ").join(map(str, f["columns"]))
    colour = {seat: tr(COLOUR_NAMES[seat]) for seat in (0, 1)}
    nobody = tr("nobody: when the safe cells run out, the game is a draw")
    values = dict(
        n=f["empty"],
        mover=colour[f["mover"]],
        last=colour[f["last"]],
        forced=colour[f["forced"]],
        winner=colour[1 - f["forced"]],
        names=names,
    )
    if f["empty"] % 2 == 0:
        turns = tr(
            "{n} cells, {mover} first: {mover} fills cells 1, 3, 5 …, {last} fills the even ones, so {last} "
            "fills the last one.",
            **values,
        )
    else:
        turns = tr(
            "{n} cells, {mover} first: {mover} fills cells 1, 3, 5 …, so {mover} also fills the last one, cell {n}.",
            **values,
        )
    said = {
        colour[f["forced"]]: tr(
            "Right: {turns} Then {forced} must drop into column {names}, and {winner} makes five "
            "on top. That is zugzwang: {forced} loses because it has to move.",
            turns=turns,
            **values,
        ),
        colour[1 - f["forced"]]: tr(
            "Not {winner}. {turns} Then it is {forced}'s turn, and only the ✗ cells are left.", turns=turns, **values
        ),
        nobody: tr(
            "The game is not over while cells are empty: the ✗ cells still are, and nobody may pass. Whoever "
            "is to move then has to drop into column {names}.",
            **values,
        ),
    }
    miscount = f["empty"] - 1  # one cell forgotten: the parity flips, and so does the answer
    miscounted = tr(
        "{wrong}: with {k} safe cells, {fills} fills the last one",
        wrong=colour[1 - f["forced"]],
        k=miscount,
        fills=colour[f["mover"] if miscount % 2 else 1 - f["mover"]],
    )
    said[miscounted] = tr(
        "There are {n} safe cells, not {k}: exercise 3 counted them. {turns} Then it is {forced}'s turn.",
        k=miscount,
        turns=turns,
        **values,
    )
    choices = [colour[0], colour[1], nobody, miscounted]
    right = colour[f["forced"]]
    return ConnectExercise(
        tr(
            "Both players drop only outside columns {names}, and nobody wins there, until every cell "
            "outside those columns is full. Who then has to drop into a ✗ cell?",
            names=tr(" and ").join(map(str, f["columns"])),
        ),
        choice_checker(right, said),
        hint=tr("Take turns, starting with the player to move, and see who fills the last safe cell."),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[c for c in choices if c != right],
        key="zugzwang_who",
        game=game,
        click=False,
    )


ODD_EVEN_POSITIONS = {
    # yellow to move: one red threat cell, column 2 row 3 (odd: red's kind), that no disc can reach yet
    "odd_even": "11443233711",
    # red to move: one yellow threat cell, column 4 row 3 (odd: red's kind, as in "odd_even", but yellow's), across
    # row 3 from column 2 to 6, column 4 still empty; the exact solver: a draw, yellow never makes five there
    "odd_even_2": "331223526366346355",
}
ROW_KINDS = {
    (1, 1): N_("odd row: it will probably help its owner"),
    (1, 0): N_("odd row: it will probably not help its owner"),
    (0, 1): N_("even row: it will probably help its owner"),
    (0, 0): N_("even row: it will probably not help its owner"),
}
"""The four answers of the odd/even exercises, by (row is odd, helps its owner): odd rows are red's kind, even
rows yellow's, and by the rule of thumb a threat helps its owner on its owner's kind of row."""


ROW_QUESTIONS = (*ODD_EVEN_POSITIONS, "two_threats")
"""The exercises that turn on the kind of row a threat is on: the words beside their boards (screen reader,
worksheet) place a threat cell without its row number, so the pupil counts the rows."""


def odd_even_exercise(name: str = "odd_even") -> ConnectExercise:
    """Tell an odd threat from an even one and say whether, by the odd/even rule of thumb of lesson 2, it helps
    the player it belongs to (the answer turns on both the row and the owner).  The position has exactly one
    threat cell, tinted and lettered; each of the four choices gets its own reason."""
    game = FiveInARow.from_moves(ODD_EVEN_POSITIONS[name])
    cells = [(seat, cell) for seat in (0, 1) for cell in threat_cells(game, seat)]
    if len(cells) != 1:
        raise ValueError(f"{name}: the position must hold exactly one threat cell, not {cells}")
    owner, (c, r) = cells[0]
    row, odd = r + 1, (r + 1) % 2
    kind = 0 if odd else 1  # odd rows are red's kind, even rows yellow's
    helps = int(owner == kind)
    right = tr(ROW_KINDS[(odd, helps)])
    values = dict(row=row, owner=tr(COLOUR_NAMES[owner]), kind=tr(COLOUR_NAMES[kind]))
    kind_words = (
        tr("Row {row} is odd, and odd rows are red's kind: red tends to fill the odd cells.", **values)
        if odd
        else tr("Row {row} is even, and even rows are yellow's kind: yellow tends to fill the even cells.", **values)
    )
    verdict = (
        tr(
            "This is a {owner} threat on {owner}'s own kind of row, so by the rule of thumb it will probably "
            "help {owner}.",
            **values,
        )
        if helps
        else tr(
            "This is a {owner} threat on {kind}'s kind of row, so by the rule of thumb it will probably not help "
            "{owner}.",
            **values,
        )
    )
    score = solve(game)  # for the player to move
    winner = None if score == 0 else (game.to_move if score > 0 else 1 - game.to_move)
    if helps == (winner == owner):
        exact = (
            tr("The exact solver agrees: {owner} wins this game with best play.", **values)
            if helps
            else tr("The exact solver agrees: {owner} does not win this game; best play ends in a draw.", **values)
            if winner is None
            else tr(
                "The exact solver agrees: {owner} does not win this game; {winner} wins with best play.",
                winner=tr(COLOUR_NAMES[winner]),
                **values,
            )
        )
    else:
        exact = tr("This time the exact solver disagrees with the rule of thumb: it is only a rule of thumb.")
    why = tr("Right.") + " " + kind_words + " " + verdict + " " + exact
    wrong_row = (
        tr("Count the rows from the bottom: the threat cell is on row {row}, and {row} is odd.", row=row)
        if odd
        else tr("Count the rows from the bottom: the threat cell is on row {row}, and {row} is even.", row=row)
    )
    wrong_help = (
        tr(
            "The row is right. Now check whose threat it is (the letter says {owner}) and whose kind that row is.",
            **values,
        )
        + " "
        + kind_words
        + " "
        + verdict
    )
    both = tr(
        "Two slips: count the rows from the bottom (this is row {row}), and check whose threat it is (the "
        "letter in the cell).",
        row=row,
    )
    said = {}
    for (o, h), label in ROW_KINDS.items():
        if (o, h) == (odd, helps):
            said[tr(label)] = why
        elif o == odd:
            said[tr(label)] = wrong_help
        elif h != helps:  # the wrong row, and the verdict that row gives for this owner: one slip
            said[tr(label)] = wrong_row
        else:  # the wrong row, and a verdict that does not follow from it either: two slips
            said[tr(label)] = both
    choices = list(said)
    return ConnectExercise(
        tr(
            "This board has one threat cell, and its letter says whose it is: a disc of that colour "
            "there would make five. No disc can reach it yet. What kind of row is it on, and by the odd/even "
            "rule of thumb, will it help the player it belongs to at the end of the game?"
        ),
        choice_checker(right, said),
        hint=tr("Count the rows from the bottom, starting at 1. Then look at the letter: whose threat is it?"),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[x for x in choices if x != right],
        key=name,
        game=game,
        click=False,
    )


def odd_even_2_exercise() -> ConnectExercise:
    return odd_even_exercise("odd_even_2")


TWO_THREATS = "23123154235212433661"
"""Lesson 2's "two threats" position: red to move; one red threat cell (column 7, row 2) and one yellow threat cell
(column 4, row 4), both on even rows, in different columns, both floating above empty cells.  The page's odd/even
rule of thumb decides it (a yellow threat on an even row is the deadly kind; a red one there will probably not help
red), and the exact solver agrees: yellow wins, with its last disc, on its own threat cell."""


def two_threats_facts(game: ConnectGame) -> dict[str, Any]:
    """The facts the "two threats" exercise states, read off the board and the exact solver: each player's one
    threat cell (column and row, both counted from 1), the solver's verdict for red, the disc number yellow wins
    with, whether best play (:func:`principal_line`) has red fill the cell under its own threat and yellow block on
    top of it, and whether it ends with red filling the cell under yellow's threat and yellow completing five on
    top.  ValueError when the position is not one red and one yellow threat, both on even rows, in different
    columns, neither reachable yet, red to move."""
    ((rc, rr),) = threat_cells(game, 0) or [(None, None)]
    ((yc, yr),) = threat_cells(game, 1) or [(None, None)]
    if (
        rc is None
        or yc is None
        or rc == yc
        or rr % 2 != 1
        or yr % 2 != 1
        or game.to_move != 0
        or playable_threats(game, 0)
        or playable_threats(game, 1)
    ):
        raise ValueError(
            "the position needs one floating red threat and one floating yellow threat, both on even rows, "
            "in different columns, red to move"
        )
    score = solve(game)
    line, end = principal_line(game, limit=game.variant.cells)
    g, history = game.copy(), []
    for m in line:
        history.append((g.to_move, g.grid_column(int(m)), len(g.grid[g.grid_column(int(m))])))
        g.play(m)
    blocked = (0, rc, rr - 1) in history and (1, rc, rr) in history
    forced = end.winner() == 1 and len(history) >= 2 and history[-1] == (1, yc, yr) and history[-2] == (0, yc, yr - 1)
    return dict(
        red=(game.column_number(rc), rr + 1),
        yellow=(game.column_number(yc), yr + 1),
        score=score,
        disc=game.variant.cells // 2 + 1 + score if score < 0 else None,
        blocked=blocked,
        forced=forced,
    )


def two_threats_exercise() -> ConnectExercise:
    """A red threat and a yellow threat, both on even rows, in different columns: who wins, and why?  The page's
    odd/even rule of thumb decides it (no rule beyond the page is needed); four choices, each wrong one with its own
    reason, two of them "red" for different wrong reasons; the right one is the exact solver's verdict on this
    position and says how the end goes, as best play shows it."""
    game = FiveInARow.from_moves(TWO_THREATS)
    f = two_threats_facts(game)
    if f["score"] >= 0 or not (f["blocked"] and f["forced"]):
        raise ValueError("the two-threats position must be a yellow win that ends on yellow's threat cell")
    values = dict(
        a=f["red"][0],
        r=f["red"][1],
        below_r=f["red"][1] - 1,
        b=f["yellow"][0],
        y=f["yellow"][1],
        below_y=f["yellow"][1] - 1,
        nth=_nth(f["disc"]),
    )
    right = tr("Yellow: both threats are on even rows, and yellow tends to get the even cells")
    won = (
        tr("Right. The exact solver says yellow wins, with its {nth} disc, the last yellow disc of the game.", **values)
        if f["disc"] == game.variant.cells // 2
        else tr("Right. The exact solver says yellow wins, with its {nth} disc.", **values)
    )
    end = tr(
        "With best play, red fills row {below_r} of column {a} and yellow blocks on top, in row {r}. At the very "
        "end red has to drop into column {b}, row {below_y}, right under yellow's threat, and yellow makes five on "
        "top: zugzwang.",
        **values,
    )
    said = {
        tr("Red: both threats are on odd rows, and red tends to get the odd cells"): tr(
            "Count the rows from the bottom, starting at 1: red's threat is on row {r} and yellow's on row {y}. Both "
            "are even, yellow's kind. The exact solver says yellow wins.",
            **values,
        ),
        tr("Nobody: one threat is on an odd row and one on an even row, so they cancel out"): tr(
            "Count both rows from the bottom: row {r} and row {y} are both even. So yellow's threat is on its own "
            "kind of row, and red's is not. The exact solver says yellow wins.",
            **values,
        ),
        right: won + " " + end,
        tr("Red: red's threat is on an odd row, red's kind, and yellow's is not"): tr(
            "Count again from the bottom: red's threat is on row {r}, even. As column {a} fills up, red tends to "
            "fill the odd cell under it, row {below_r}, and yellow drops on top and blocks it. The exact solver says "
            "yellow wins.",
            **values,
        ),
    }
    choices = list(said)
    return ConnectExercise(
        tr(
            "Red to move. Red has one threat cell and yellow has one, in different columns, and "
            "neither can be used yet. With best play on both sides, who wins, and why?"
        ),
        choice_checker(right, said),
        hint=tr(
            "Which kind of row is each threat on, odd or even? Whose kind is that row? Use the rules of thumb "
            'from "Odd and even threats" for each threat.'
        ),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[c for c in choices if c != right],
        key="two_threats",
        game=game,
        click=False,
    )


def row_lines_exercise() -> ConnectExercise:
    """The first step of the count: how many lines of five fit in one row, side discs included (9 cells: 5)."""
    width, win = FIVE_IN_A_ROW.columns + 2, FIVE_IN_A_ROW.win  # the seven middle columns and two side ones
    n = width - win + 1
    middle = FIVE_IN_A_ROW.columns - win + 1  # the seven middle cells only

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.lesson import parse_int

        k = parse_int(answer)
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
        return False, tr(
            "Not {k}. Write down the {width} cells of a row and mark where a line of five can start.", k=k, width=width
        )

    return ConnectExercise(
        tr("How many lines of five cells fit in one row of the 5 en raya grid, side discs included?"),
        check,
        hint=tr("A row has {width} cells. Where can the first cell of a line of five be?", width=width),
        answer=str(n),
        solutions=[n],
        wrong=[middle, width - win, n * FIVE_IN_A_ROW.rows, n + 1],
        key="row_lines",
        click=False,
    )


def parse_line_counts(answer: Any) -> tuple[int, ...]:
    """A typed count of lines: one whole number (the total), or up to three joined by + (across + up + diagonal,
    as the question asks), each a whole number ≥ 0; ValueError naming the input otherwise."""
    from gamekit.widgets.lesson import parse_int

    if isinstance(answer, int) and not isinstance(answer, bool):
        return (answer,)
    parts = str(answer).split("+")
    if len(parts) > 3 or not str(answer).strip():
        raise ValueError(
            tr("“{answer}”: write your three counts joined by +, like 1 + 2 + 3, or the total.", answer=answer)
        )
    numbers = tuple(parse_int(p) for p in parts)
    if any(n < 0 for n in numbers):
        raise ValueError(tr("“{answer}”: a count of lines is never negative.", answer=answer))
    return numbers


def count_lines_exercise() -> ConnectExercise:
    """Count the lines of five on the empty grid, typed as across + up + diagonal (or as the total).  Each
    direction's slip gets its own reason: the diagonals forgotten (the most common slip), the side discs left out
    of the rows or the diagonals, one diagonal direction only, the side columns counted up, the Connect Four
    counts.  A bare total of 44 is either the diagonals forgotten or every line through a side disc left out
    (both are 20 lines): the feedback says so and asks for the three counts, which tell the two apart."""
    counts = count_lines(FIVE_IN_A_ROW)
    n, across, up, diagonal = counts["lines"], counts["horizontal"], counts["vertical"], counts["diagonal"]
    rows, columns, win = FIVE_IN_A_ROW.rows, FIVE_IN_A_ROW.columns, FIVE_IN_A_ROW.win
    middle_across = (columns - win + 1) * rows  # the seven middle cells of each row only
    middle_diagonal = 2 * (columns - win + 1) * (rows - win + 1)  # diagonals that touch no side disc
    sides_up = 2 * (rows - win + 1)  # lines up the two side columns
    four = count_lines(CONNECT_FOUR)
    values = dict(across=across, up=up, diagonal=diagonal, n=n)

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
        return tr("Across: not {k}. Each row holds as many lines of five as in exercise 4; then count the rows.", k=k)

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

    def check(answer: Any) -> tuple[bool, str]:
        typed = parse_line_counts(answer)
        if len(typed) == 1:
            k = typed[0]
            if k == n:
                return True, tr(
                    "Right: {across} across, {up} up and {diagonal} diagonal make {n} lines of five.", **values
                )
            if k == across + up:
                return False, tr(
                    "Not {k}: that is {m} lines short, which is exactly the number of diagonals. Did you "
                    "forget the diagonals? (Leaving out every line that ends on a side disc also gives "
                    "{k}.) Write your three counts, like 1 + 2 + 3, to see which.",
                    k=k,
                    m=n - k,
                )
            if k == across + diagonal:
                return False, tr(
                    "You forgot the lines going up: each middle column has room for some lines of five too."
                )
            if k == up + diagonal:
                return False, tr(
                    "You forgot the lines across: each row has room for several lines of five, side discs included."
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
            return False, tr(
                "Not {k}. Write your three counts joined by +, across + up + diagonal, like 1 + 2 + 3: "
                "then you can see which direction is off.",
                k=k,
            )
        if tuple(typed) == (across, up, diagonal):
            return True, tr("Right: {across} across, {up} up and {diagonal} diagonal make {n} lines of five.", **values)
        if len(typed) == 3 and sorted(typed) == sorted((across, up, diagonal)):  # right numbers, swapped
            return False, tr(
                "Those three numbers add up to the right total, but they are not in the order asked for. "
                "Write them as across + up + diagonal: which of your counts is the lines across?"
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
        got = typed
        if got[2] == 0:
            return False, wrong_diagonal(0)
        if got[0] != across:
            return False, wrong_across(got[0])
        if got[1] != up:
            return False, wrong_up(got[1])
        return False, wrong_diagonal(got[2])

    return ConnectExercise(
        tr(
            "How many lines of five cells can still be completed on the empty 5 en raya grid (either "
            "colour)? Write your three counts added up: across + up + diagonal, like 1 + 2 + 3."
        ),
        check,
        hint=tr(
            "Count each direction on its own: across (how many places in one row, times the rows), up (in one "
            "middle column, times the columns), and diagonal, both ways."
        ),
        answer=f"{across} + {up} + {diagonal}",
        solutions=[f"{across} + {up} + {diagonal}", n],
        wrong=[
            f"{across} + {up}",
            f"{middle_across} + {up} + {middle_diagonal}",
            f"{across} + {up} + {diagonal // 2}",
            f"{across} + {up + sides_up} + {diagonal}",
            f"{across // rows} + {up} + {diagonal}",
            across + up,
            four["lines"],
            n + sides_up,
            n - 1,
            f"{diagonal} + {up} + {across}",
        ],
        key="count_lines",
        click=False,
        leaks=(f"<td>{n}</td>", tr("{n} lines", n=n)),
    )


POPOUT_AVOID = "365326454172741227672717"
"""Lesson 1's easier PopOut exercise (5 en raya + PopOut): red to move; exactly one of red's pops hands yellow a
five."""


def popout_avoid_exercise() -> ConnectExercise:
    """Which of red's pops must red avoid: each legal pop is a choice, played out on the rules engine; exactly one
    completes a line for yellow only (so yellow wins), and each other pop is told what it does."""
    game = FiveInARow.from_moves(POPOUT_AVOID, popout=True)
    me = game.to_move
    said: dict[str, str] = {}
    losing, unsafe = [], set()
    for m in (m for m in game.legal_moves() if m.startswith("p")):
        g = game.copy()
        g.play(m)
        n, label = m.lstrip("p"), popout_move_label(m)
        if g.winner() == 1 - me:
            losing.append(label)
            said[label] = tr(
                "Right: popping column {n} lets the discs above fall one row, and {other}'s five appears "
                "across row {row}. A pop that completes a line only for your opponent makes your opponent "
                "win.",
                n=n,
                other=tr(COLOUR_NAMES[1 - me]),
                row=g.winning_cells()[0][1] + 1,
            )
        elif g.winner() == me:
            said[label] = tr("Not column {n}: that pop makes five for {me}, so it wins.", n=n, me=tr(COLOUR_NAMES[me]))
        elif immediate_wins(g):
            reply = immediate_wins(g)[0]
            unsafe.add(label)  # the common slip: a pop that loses one move later (first in ``wrong``)
            said[label] = tr(
                "Not column {n}: after that pop no line of five appears yet, so {other} does not win at "
                "once. But it is a bad pop too: {other} then {reply} and makes five. The pop to avoid "
                "gives {other} five with no move in between.",
                n=n,
                other=tr(COLOUR_NAMES[1 - me]),
                reply=(
                    tr("pops column {n}", n=reply[1:])
                    if reply.startswith("p")
                    else tr("drops into column {n}", n=reply)
                ),
            )
        else:
            said[label] = tr(
                "Not column {n}: after that pop the discs above fall one row, but no line of five "
                "appears for either colour, and {other} cannot make five with the next move. That pop "
                "is safe.",
                n=n,
                other=tr(COLOUR_NAMES[1 - me]),
            )
    if len(losing) != 1 or len(said) < 3:
        raise ValueError(f"the PopOut pop to avoid needs exactly one losing pop among at least three, not {losing}")
    choices = list(said)
    return ConnectExercise(
        tr(
            "PopOut, {colour} to move. One of {colour}'s pops would make {other} win at once. Which "
            "pop must {colour} avoid?",
            colour=tr(COLOUR_NAMES[me]),
            other=tr(COLOUR_NAMES[1 - me]),
        ),
        choice_checker(losing[0], said),
        hint=tr(
            "Picture each column falling by one row when its bottom disc is popped. Look for "
            "five cells in a row, four of them {other}: is there a {other} disc just above the "
            "fifth one?",
            other=tr(COLOUR_NAMES[1 - me]),
        ),
        answer=losing[0],
        solutions=losing,
        choices=choices,
        wrong=sorted((c for c in choices if c not in losing), key=lambda c: c not in unsafe),
        key="popout_avoid",
        game=game,
        click=False,
    )


POPOUT_EXERCISE = "333347p3p36123371417337646p612641545624"
"""Lesson 1's PopOut exercise (5 en raya + PopOut): red to move; no drop wins, exactly one pop makes five."""


def popout_game() -> ConnectGame:
    return FiveInARow.from_moves(POPOUT_EXERCISE, popout=True)


def popout_move_label(move: str) -> str:
    """A PopOut exercise choice in words: "drop into column 4" or "pop column 3"."""
    n = move.lstrip("p")
    return tr("pop column {n}", n=n) if move.startswith("p") else tr("drop into column {n}", n=n)


def popout_exercise() -> ConnectExercise:
    """Which move makes red's five: every legal drop and pop is a choice (a guess rarely hits), and each is
    played out on the rules engine to say what it does."""
    game = popout_game()
    said: dict[str, str] = {}
    winning, won = [], []
    for m in game.legal_moves():
        g = game.copy()
        g.play(m)
        n, label = m.lstrip("p"), popout_move_label(m)
        if g.winner() == game.to_move:
            winning.append(label)
            won.append(m)
            said[label] = tr(
                "Right: popping column {n} lets the discs above fall one row, and red's five appears across row {row}.",
                n=n,
                row=g.winning_cells()[0][1] + 1,
            )
        elif g.winner() is not None:
            said[label] = tr(
                "Not column {n}: after that pop the discs above fall and make five for yellow — yellow wins.", n=n
            )
        elif m.startswith("p"):
            said[label] = tr("Not column {n}: after that pop the discs fall, but no line of five appears.", n=n)
        else:
            said[label] = tr(
                "Not a drop into column {n}: it makes no five in a line. In PopOut a pop can do what no drop can.", n=n
            )
    choices = list(said)
    if len(won) != 1 or not won[0].startswith("p"):
        raise ValueError(f"the PopOut exercise needs exactly one winning move, a pop, not {won}")
    return ConnectExercise(
        tr("PopOut, red to move. One move makes five for red right now: a drop or a pop. Which one?"),
        choice_checker(winning[0], said),
        hint=tr(
            "Picture each column falling by one row when its bottom disc is popped. Look for a row "
            "with four red discs and one yellow disc: is there a red disc just above the yellow one?"
        ),
        answer=winning[0],
        solutions=winning,
        choices=choices,
        wrong=[c for c in choices if c not in winning],
        key="popout_pop",
        game=game,
        click=False,
    )


def _nth(n: int) -> str:
    """An ordinal in words: 1st, 2nd, 3rd, 4th … 21st, 22nd (Spanish: 1.ª, 21.ª)."""
    if n in (1, 2, 3):
        return tr({1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}[n])
    if n % 100 not in (11, 12, 13) and n % 10 in (1, 2, 3):
        return tr({1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}[n % 10], n=n)
    return tr("{n}th", n=n)


@dataclass(frozen=True)
class ConnectProblemSet(ProblemSet):
    """A 5 en raya lesson's "More practice" set: the bank's puzzles, each asked with :func:`practice_prompt` (what
    is at stake in that very position) instead of the bank's generic question, so the page, the guide and the
    worksheets ask the same.  ``by_hand``: lesson 3's set, searched by hand like the computer does."""

    by_hand: bool = False

    def exercises(self, make: Callable[..., Exercise] = Exercise, **extra: Any) -> list[Exercise]:
        from gamekit.puzzles.sets import puzzle_exercise

        out = []
        for puzzle, (theme, _) in zip(self.puzzles(), self.items):

            def build(prompt, check, *, position=None, solutions=(), value=puzzle.facts["best"], **k):
                return make(
                    practice_prompt(position, solutions, value, by_hand=self.by_hand),
                    _hiding_answers(check, position, solutions, puzzle.refutations),
                    position=position,
                    solutions=solutions,
                    **k,
                )

            ex = puzzle_exercise(puzzle, build, theme=theme, **extra)
            out.append(column_and_score_exercise(ex, make) if self.by_hand else ex)
        return out


def _hiding_answers(
    check: Callable[[Any], tuple[bool, str]], game: ConnectGame, solutions: Sequence[str], refutations: dict
) -> Callable[[Any], tuple[bool, str]]:
    """A practice puzzle's ``check`` whose wrong-answer feedback tells what follows from the pupil's own drop
    (:func:`outcome_words`) without naming an accepted column: the bank's line of best play often starts with the
    answer itself.  The bank's exact value after the drop (``refutations``, for the player to move) judges it even
    in an early position, where no line of best play is shown.  A right answer and a refused input are judged by
    ``check`` unchanged."""
    accepted = [str(s) for s in solutions]

    def checked(answer: Any) -> tuple[bool, str]:
        ok, feedback = check(answer)  # a refused input raises here, with its reason
        if ok:
            return ok, feedback
        column = parse_column(game, answer)
        value = refutations[column]["value"] if column in refutations else None
        return False, tr(
            "Not column {move}: {words}", move=column, words=outcome_words(game, column, hide=accepted, value=value)
        )

    return checked


def column_and_score_exercise(ex: Exercise, make: Callable[..., Exercise] = Exercise) -> Exercise:
    """Lesson 3's practice: a bank position searched by hand, answered with the best column *and* its score (the
    lesson's two ideas, minimax and reading a score), so a guess among three columns rarely hits.  The column is
    judged by the exact solver's scores, as minimax picks: the best column is the one with the highest score, so a
    drop that also wins, but later, is not best (a wrong one is told what best play does after it, never the best
    score); each common slip with the score (the sign, the disc number for the score, a win called a draw or the
    other way round) gets its own reason."""
    from gamekit.connect.teach import explain_score, parse_column_and_score, score_slip

    game = ex.position
    best = solve(game)  # the score of the position = the score of each best column
    top = game.variant.cells // 2 + 1  # a win with disc number n scores top − n
    colour = tr(COLOUR_NAMES[game.to_move])
    signed = lambda v: f"{v:+d}" if v else "0"
    scores = _scores(game)  # each column's exact score for the player to move
    columns = [m for m, v in scores.items() if v == best]
    others = [m for m in game.legal_moves() if m not in columns]

    def check(answer: Any) -> tuple[bool, str]:
        column, k = parse_column_and_score(game, answer)
        if column not in columns:  # what best play does after it; not the best column's score
            words = outcome_words(game, column, hide=columns)
            if best > 0 and scores.get(column, 0) > 0:  # a win too, but a slower one: minimax takes the highest
                words += " " + tr("It wins too, but later: minimax picks the column with the highest score.")
            return False, tr("Not column {move}: {words}", move=column, words=words)
        if k == best:
            return True, tr(
                "Right: column {column}, score {score} for {colour}: {result}.",
                column=column,
                score=signed(best),
                colour=colour,
                result=explain_score(best, game),
            )
        return False, score_slip(game, k, best)

    solutions = [f"{c}, {signed(best)}" for c in columns]
    slips = [-best, top - abs(best)] if best else [1]  # a draw: any other score is one slip
    wrong = (
        [f"{w}, {signed(best)}" for w in others]
        + [f"{columns[0]}, {signed(v)}" for v in slips]
        + ([f"{columns[0]}, 0"] if best else [])
    )
    # what is at stake (a win, a draw, a loss) is the score's half of the answer: the question does not say it
    prompt = " ".join(
        [
            tr(
                "Be the computer: only {n} cells are empty. Try each column and the best answer to it.",
                n=game.variant.cells - game.discs_on_board,
            ),
            TO_MOVE[game.to_move](),
            tr(
                "Which column is best, and what is its score for {colour}? Type both, like 4, +9 (0 for a "
                "draw, a minus sign for a loss).",
                colour=colour,
            ),
        ]
        + (
            [
                ntr(
                    "{n} column is best.",
                    "{n} columns are equally good: any of them, with its score, is right.",
                    len(columns),
                )
            ]
            if len(columns) > 1
            else []
        )
    )

    def more(answer: Any) -> str:  # the bank's whole line after the column typed
        return ex.more(parse_column_and_score(game, answer)[0]) if ex.more else ""

    typed = make(
        prompt,
        check,
        hint=ex.hint,
        answer=", ".join(solutions),
        solutions=solutions,
        wrong=list(dict.fromkeys(wrong)),
        key=ex.key,
        position=game,
        leaks=tuple(dict.fromkeys(check(x)[1] for x in solutions)),
        more=more,
        **({} if make is Exercise else {"click": False}),
    )
    # the bank's level rates the position for play; searched by hand each is a bigger tree than the lesson's
    # "medium" exercise 2 (five empty cells): "hard", never "easy"
    typed.level = "hard"
    typed.puzzle = ex.puzzle
    return typed


def practice_exclusions(
    most_empty: int | None = None, *, fewest_legal: int = 0, at_once: bool = False, typed_score: bool = False
) -> tuple[str, ...]:
    """Ids of the 5 en raya bank puzzles a lesson's practice set leaves out: those accepting more than a third of
    their legal drops (too easy to hit by chance); with ``most_empty`` those with more empty cells than that, and
    those a five now or a block settles (lesson 3's set is searched by hand, like the computer does); those with
    fewer than ``fewest_legal`` legal drops (a guess too likely to hit); and with ``at_once`` every puzzle whose
    right answers are not exactly the fives right now or the block of the opponent's five (lesson 1 has not
    taught forcing a win).  ``typed_score``: the answer is a column *and* its score (lesson 3), so a puzzle with
    several right columns is no easy guess and stays, but one a look a single drop ahead settles
    (:func:`settled_by_one_look`) goes: it needs no search."""
    from gamekit.puzzles.store import load_puzzles

    out = []
    for p in load_puzzles("five_in_a_row"):
        legal = len(p.legal_answers())
        crowded = (3 * len(p.answers) > legal and not typed_score) or legal < fewest_legal
        big = most_empty is not None and (
            p.position.variant.cells - p.position.discs_on_board > most_empty or is_at_once(p.position)
        )
        later = at_once and not is_at_once(p.position, p.answers)
        one_look = typed_score and not big and settled_by_one_look(p.position)
        if crowded or big or later or one_look:
            out.append(p.id)
    return tuple(sorted(out))


def settled_by_one_look(game: ConnectGame) -> bool:
    """Whether looking one drop ahead settles ``game``: the drops that hand the opponent no five at once are exactly
    the exact solver's best drops, so "try each column and the best answer to it" (minimax) is never needed."""
    safe = []
    for m in game.legal_moves():
        game.play(m)
        try:
            if not immediate_wins(game):
                safe.append(m)
        finally:
            game.undo()
    return set(safe) == set(best_moves(game))


def is_at_once(game: ConnectGame, answers: Sequence[str] | None = None) -> bool:
    """Whether ``game`` is a lesson 1 problem: the player to move can make five right now, or must block the
    opponent's five (a threat a disc can reach now).  With ``answers`` (the right drops), also whether every
    right drop is such a five or block: a drop that only wins by force, later, is no lesson 1 answer."""
    wins = immediate_wins(game)
    if wins:
        return answers is None or set(map(str, answers)) <= set(wins)
    return bool(playable_threats(game, 1 - game.to_move))


HAND_SEARCH_EMPTY = 8
"""Lesson 3's practice positions have at most this many empty cells (and no five now or block settles them):
small enough to try every column, and the best answer to it, by hand."""

WORKSHEET_RULES = (
    N_(
        "The grid is 9 columns wide and 6 rows high. The two outer columns start full of side discs and take no "
        "more: you drop into the seven middle columns, numbered 1 to 7 from the left."
    ),
    N_(
        "The side discs alternate colours going up: red at the bottom on the left, yellow at the bottom on the right. "
        "They count for lines across and diagonally."
    ),
    N_(
        "Red moves first. Five of your discs in a line (across, up or diagonally) win; four win nothing. A full grid "
        "without a five is a draw."
    ),
)
"""The rules card printed at the top of every 5 en raya worksheet (paper has no lesson page to look them up in)."""

WORKSHEET_POPOUT = N_(
    "PopOut (only where a question says so): instead of dropping, you may pop one of your own discs "
    "out of the bottom of a middle column, and the discs on top of it fall one row. A pop that "
    "completes a line only for your opponent makes your opponent win; one that completes lines for "
    "both makes the popper win."
)
"""The PopOut rule, printed only on the sheet whose questions use PopOut (lesson 1's: :func:`worksheet_aids`)."""

THEMES_1 = ("win_now", "block", "side_column")
THEMES_2 = THEMES_1 + ("double_threat", "odd_even_threat", "zugzwang")
# ``exercise_themes`` (the mastery loop's "Try a similar one"): each drop exercise named there is a position the
# bank's own classifier (gamekit.puzzles.connect.themes) puts under that theme.  The counting and choice
# exercises (lines of five, odd or even threats, the zugzwang count, who runs out) ask what no bank puzzle
# asks, and the "only move" position has no bank theme, so they offer nothing.

LESSONS: dict[int, Lesson] = {
    1: Lesson(
        1,
        "five_in_a_row/01_rules_and_play",
        "5 en raya 1 — the rules",
        45,
        {
            "side_win": side_win_exercise,
            "side_block": side_block_exercise,
            "side_diagonal": side_diagonal_exercise,
            "row_lines": row_lines_exercise,
            "count_lines": count_lines_exercise,
            "popout_avoid": popout_avoid_exercise,
            "popout_pop": popout_exercise,
        },
        {
            "side_win": "easy",
            "side_block": "easy",
            "side_diagonal": "medium",
            "row_lines": "easy",
            "count_lines": "medium",
            "popout_avoid": "medium",
            "popout_pop": "hard",
        },
        (
            N_(
                "Explain in one sentence why fewer lines of five than lines of four go up a column (both grids are "
                "6 rows high)."
            ),
            N_(
                "A line of five fits in a column of 6 cells in only 2 places (rows 1–5 and 2–6), while a line of "
                "four fits in 3, and the side columns give none because they mix both colours."
            ),
        ),
        ConnectProblemSet(
            "five_in_a_row",
            (("win_now", "easy"), ("block", "easy"), ("side_column", "easy")),
            seed=1,
            exclude=practice_exclusions(fewest_legal=5, at_once=True),
        ),
        objectives=(
            (
                N_("make five in a line with a side disc, across or diagonally, and block such a line"),
                ("side_win", "side_block", "side_diagonal"),
            ),
            (N_("count the lines of five that can still be completed on the empty grid"), ("row_lines", "count_lines")),
            (N_("say what a pop does in the PopOut version, and find a pop that wins"), ("popout_avoid", "popout_pop")),
        ),
        themes=THEMES_1,
        exercise_themes={"side_win": "win_now", "side_block": "block", "side_diagonal": "win_now"},
    ),
    2: Lesson(
        2,
        "five_in_a_row/02_threats_and_exercises",
        "5 en raya 2 — threats and zugzwang",
        55,
        {
            "block_threat": block_threat_exercise,
            "win_in_one": win_in_one_exercise,
            "zugzwang": zugzwang_exercise,
            "zugzwang_who": zugzwang_who_exercise,
            "odd_even": odd_even_exercise,
            "odd_even_2": odd_even_2_exercise,
            "two_threats": two_threats_exercise,
            "answer_on_top": claimeven_exercise,
            "only_move": only_move_exercise,
            "winning_move": winning_move_exercise,
            "challenge": challenge_exercise,
        },
        {
            "block_threat": "easy",
            "win_in_one": "easy",
            "zugzwang": "medium",
            "zugzwang_who": "medium",
            "odd_even": "medium",
            "odd_even_2": "medium",
            "two_threats": "medium",
            "answer_on_top": "medium",
            "only_move": "hard",
            "winning_move": "hard",
            "challenge": "hard",
        },
        (
            N_("Explain in one sentence why a red threat on an even row will probably not help red."),
            N_(
                "Yellow can answer every red disc on top of it, in the same column, and so gets the even cells: "
                "when that column fills up, a yellow disc lands in red's threat cell."
            ),
        ),
        # at least five legal drops (no near coin toss); seed 15: no two problems share a right answer, so
        # one's feedback never answers another
        ConnectProblemSet(
            "five_in_a_row",
            (
                ("block", "easy"),
                ("zugzwang", "easy"),
                ("double_threat", "medium"),
                ("zugzwang", "medium"),
                ("odd_even_threat", "hard"),
            ),
            seed=15,
            exclude=practice_exclusions(fewest_legal=5),
        ),
        objectives=(
            (
                N_("find a threat (an empty cell that would complete your five): block it, or use it"),
                ("block_threat", "win_in_one"),
            ),
            (
                N_(
                    "tell an odd threat from an even one, say which player each one helps, and find the drop "
                    "that lets yellow answer every red disc in the same column until the grid is full"
                ),
                ("odd_even", "odd_even_2", "two_threats", "answer_on_top"),
            ),
            (
                N_("explain zugzwang (losing because you must move) and work out who runs out of safe moves first"),
                ("zugzwang", "zugzwang_who", "only_move"),
            ),
            (N_("tell a move that wins from one that only draws"), ("winning_move", "challenge")),
        ),
        themes=THEMES_2,
        exercise_themes={
            "block_threat": "block",
            "win_in_one": "win_now",
            "winning_move": "odd_even_threat",
            "challenge": "double_threat",
        },
    ),
    3: Lesson(
        3,
        "five_in_a_row/03_how_the_computer_knows",
        "How the computer knows",
        60,
        {
            "tiny_score": teach.tiny_score_exercise,
            "be_the_computer": teach.best_move_exercise,
            "pruning": teach.pruning_exercise,
            "transposition": teach.transposition_exercise,
            "transposition_why": teach.transposition_why_exercise,
            "read_score": teach.read_score_exercise,
            "bit_index": teach.bit_exercise,
            "bit_cell": teach.bit_cell_exercise,
        },
        {
            "tiny_score": "easy",
            "be_the_computer": "medium",
            "pruning": "medium",
            "transposition": "easy",
            "transposition_why": "medium",
            "read_score": "medium",
            "bit_index": "medium",
            "bit_cell": "hard",
        },
        (
            N_(
                "Explain in one sentence why alpha–beta finds the same score as minimax while visiting fewer positions."
            ),
            N_(
                "It only skips moves already shown to be no better for the player choosing than a move found "
                "earlier, so skipping them cannot change the best score."
            ),
        ),
        # typed: the best column and its score (minimax and reading a score, this lesson's ideas); none that a look
        # one drop ahead settles; no two problems share a right column, so one's feedback never answers another
        ConnectProblemSet(
            "five_in_a_row",
            (("zugzwang", "easy"), ("double_threat", "medium"), ("side_column", "medium")),
            seed=4,
            exclude=practice_exclusions(HAND_SEARCH_EMPTY, typed_score=True),
            by_hand=True,
        ),
        objectives=(
            (
                N_(
                    "score a position the way a computer does, with minimax, and read the solver's scores: "
                    "which disc wins"
                ),
                ("tiny_score", "be_the_computer", "read_score"),
            ),
            (
                N_("say how alpha–beta and a transposition table skip work without changing the answer"),
                ("transposition", "pruning", "transposition_why"),
            ),
            (N_("find a cell's bit in a bitboard, the two numbers the real solver keeps"), ("bit_index", "bit_cell")),
        ),
        themes=THEMES_2,
    ),
}
"""Every 5 en raya lesson (the convention all games share: :class:`gamekit.widgets.lesson.Lesson`)."""

EXERCISES: dict[str, list[Callable[[], Exercise]]] = exercises_by_notebook(LESSONS)
"""The exercise factories each notebook uses, keyed by notebook path under ``notebooks/`` without suffix
(from :data:`LESSONS`)."""


def marking_line(ex: ConnectExercise) -> str:
    """One short line a teacher marks a paper answer with: for a move exercise, the line of best play after its
    first accepted move (:func:`whole_line`; a move that makes five at once says so); for any other exercise, what
    its right answer is told (the worked answer)."""
    game = getattr(ex, "game", None)
    worked = ex.check(ex.solutions[0])[1]
    move = str(ex.solutions[0]).split(",")[0].strip()  # "be the computer": the column before its score
    if game is None or move not in map(str, game.legal_moves()):
        return worked
    line = whole_line(game, move)
    after = game.copy()
    after.play(move)
    if not line and after.winner() == game.to_move:
        line = tr("Column {move} makes five in a line at once.", move=move)
    return line if ex.click else f"{worked} {line}".strip()


def marking_notes() -> str:
    """The guide's "best play, for marking on paper" list (current language): for every hard exercise and every
    "More practice" problem of each lesson, its answer and :func:`marking_line`, computed here and checked by a
    test against the guide, so the guide and the exercises cannot drift apart."""
    out = []
    for number_, lesson in LESSONS.items():
        for k, name in enumerate(lesson.exercises, 1):
            if lesson.levels[name] != "hard":
                continue
            ex = lesson.exercises[name]()
            out.append(
                "* "
                + tr("**Lesson {lesson}, exercise {k}** ({answer}):", lesson=number_, k=k, answer=ex.answer)
                + " "
                + marking_line(ex)
            )
        for k, ex in enumerate(practice_exercises(number_), 1):
            out.append(
                "* "
                + tr(
                    "**Lesson {lesson}, More practice {k}** (answer {answer}):",
                    lesson=number_,
                    k=k,
                    answer=tr(" or ").join(map(str, ex.solutions)),
                )
                + " "
                + marking_line(ex)
            )
    return "\n".join(out) + "\n"


def worksheet_aids(notebook: str) -> list[str]:
    """What a pupil working ``notebook``'s worksheet on paper needs from the lesson page, as Markdown blocks in the
    current language (the rules card is separate, :data:`WORKSHEET_RULES`): for lesson 2 the words threat, ✗ cell,
    double threat and stacked threats, and the odd/even rule of thumb (exercises 5–6 ask about it); for lesson 3
    the scoring rule (7 − n on the tiny board, 22 − n on the full boards, computed from the boards' free cells) and
    how the bits of a bitboard are numbered, with a small example board no exercise asks about; for lesson 1 the
    PopOut rule (:data:`WORKSHEET_POPOUT`: its exercises 6-7 use PopOut, the other sheets' questions never do).
    KeyError for a notebook that is not a 5 en raya lesson."""
    if notebook not in EXERCISES:
        raise KeyError(f"no 5 en raya lesson {notebook!r}; known: {', '.join(EXERCISES)}")
    if notebook == LESSONS[1].notebook:  # the only lesson whose questions use PopOut
        return ["> **PopOut**\n>\n> * " + tr(WORKSHEET_POPOUT)]
    if notebook == LESSONS[2].notebook:
        lines = [
            tr("Words and a rule of thumb"),
            tr(
                "A threat is an empty cell that would complete five of your discs in a line. Rows are counted 1 "
                "to 6 from the bottom."
            ),
            tr(
                "A ✗ cell is the empty cell just under the other player's threat: a disc there lets the other "
                "player drop on top of it and make five."
            ),
            tr(
                "A double threat is two threats at once: the other player can block only one. Two threats stacked "
                "in one column, one on top of the other, are a double threat once the column fills up to them."
            ),
            tr(
                "Rule of thumb (not a proof): when the grid fills up, red tends to get the cells on odd rows (1, 3, "
                "5) and yellow those on even rows (2, 4, 6). So a red threat on an odd row and a yellow threat on "
                "an even row are the ones that usually help their owner."
            ),
        ]
        return ["> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:])]
    if notebook == LESSONS[3].notebook:
        tiny, full = teach.TINY.cells, FIVE_IN_A_ROW.cells
        scores = [
            tr("Scores"),
            tr(
                "A draw scores 0. On a board with c free cells each player drops at most c/2 discs, and a win "
                "with your disc number n of the whole game scores c/2 + 1 − n."
            ),
            tr(
                "The tiny board has {tiny} free cells: a win with disc number n scores {t} − n. The 5 en raya "
                "board has {full}: a win with disc number n scores {f} − n.",
                tiny=tiny,
                t=tiny // 2 + 1,
                full=full,
                f=full // 2 + 1,
            ),
            tr("A loss is the same number with a minus sign, counted with the other player's discs."),
        ]
        bits = [
            tr("Bits"),
            tr(
                "The computer numbers the cells up each column, from the bottom, starting with bit 0 at the bottom "
                "of the leftmost column of the whole grid. Each column owns one bit for each row, plus one spare "
                "bit on top that always stays 0: on a board with h rows, h + 1 bits a column."
            ),
            tr(
                "On the 5 en raya board the left side column comes first and owns bits 0 to 6, so the column you "
                "call k is the column number k + 1 of the whole grid. A board without side columns starts with "
                "your column 1."
            ),
        ]
        example = Variant("example", columns=3, rows=2, win=2)
        g = ConnectGame(example)
        head = "| " + tr("row") + " | " + " | ".join(tr("column {n}", n=c + 1) for c in range(example.columns)) + " |"
        rows = [
            "| "
            + (tr("spare") if r == example.rows else str(r + 1))
            + " | "
            + " | ".join(
                str(teach.bit_index(g, c, min(r, example.rows - 1)) + (r == example.rows))
                for c in range(example.columns)
            )
            + " |"
            for r in range(example.rows, -1, -1)
        ]
        table = "\n".join(
            [
                tr(
                    "An example: a board of {c} columns and {r} rows, no side columns, each cell's bit number.",
                    c=example.columns,
                    r=example.rows,
                ),
                "",
                head,
                "|---" * (example.columns + 1) + "|",
                *rows,
            ]
        )
        box = lambda lines: "> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:])
        return [box(scores), box(bits), table]
    return []


REFLECTIONS: dict[str, tuple[str, str]] = {lesson.notebook: lesson.reflection for lesson in LESSONS.values()}
"""The closing reflection question of each lesson and its model answer (for the teacher guide, never the page)."""

BOARD_EXERCISES = {name: factory for n in (1, 2) for name, factory in LESSONS[n].exercises.items()}
"""The exercises :func:`exercise` draws by name (lessons 1 and 2; lesson 3's are typed answers)."""


def _built(name: str) -> ConnectExercise:
    if name not in BOARD_EXERCISES:
        raise KeyError(f"no exercise {name!r}; known: {', '.join(BOARD_EXERCISES)}")
    return _built_in(name, get_language())


@lru_cache(maxsize=None)
def _built_in(name: str, language: str) -> ConnectExercise:
    """One exercise per language (its questions and feedback are written in that language)."""
    return BOARD_EXERCISES[name]()


def exercises() -> dict[str, ConnectExercise]:
    """The board exercises of lessons 1 and 2, by name."""
    return {name: _built(name) for name in BOARD_EXERCISES}


def exercise(name: str, score: LessonScore | None = None):
    """The widget of a named exercise: a clickable board, or an answer box."""
    ex = _built(name)
    if not ex.click:
        widget = ExerciseWidget(ex, score=score)
        if ex.game is None:
            return widget
        import ipywidgets as W

        tinted, zugzwang = ex.marks  # the threat cell the question is about, lettered; ✗ under yellow's threats
        board = picture(
            ex.game,
            scene(ex.game, threats=tinted, danger=zugzwang, show_last=zugzwang),
            threats=tinted,
            danger=zugzwang,
            rows=name not in ROW_QUESTIONS,
        )
        return W.VBox([board, widget])
    game = ex.game
    layout: GridLayout = layout_for(game, CELL)
    return PuzzleBoard(
        ex,
        draw=lambda mark: scene(game, threats=False, mark=mark, show_last=False),
        hit=column_hit(game, layout),
        size=layout.css_size,
        score=score,
    )


def known_results() -> Table:
    """What is known about solving both games."""
    return Table(
        [tr("game"), tr("result with perfect play"), tr("status")],
        [
            [
                tr("standard Connect Four (7×6)"),
                tr("first player wins, starting in the centre column"),
                tr("proved (James D. Allen and Victor Allis, 1988; John Tromp's database)"),
            ],
            five_in_a_row_result(),
        ],
        caption=tr("What is known about the value of the start"),
    )


def five_in_a_row_result() -> list[str]:
    """The 5 en raya row of :func:`known_results`: the value of the start as gamekit's shipped opening book
    holds it (computed, not published elsewhere), or "unknown" when no book is installed."""
    from gamekit.connect.tables import book_for

    start = FiveInARow()
    book = book_for(start.variant)
    score = None if book is None else book.lookup(start)
    if score is None:
        return [
            tr("5 en raya (9×6, side columns)"),
            tr("unknown"),
            tr(
                "no published solution; the solver these lessons use settles positions from the middle game on "
                "(every exercise here), but not yet the empty grid"
            ),
        ]
    return [
        tr("5 en raya (9×6, side columns)"),
        teach.start_result((score > 0) - (score < 0)),
        tr(
            "computed by the solver these lessons use (not published elsewhere): every first move of red is proved; "
            "lesson 3 shows how the computer knows"
        ),
    ]


# ----- closing reflection questions (model answers: the teacher guide, never the page) ----------------------
def reflection(lesson: str, score: LessonScore | str):
    """The closing reflection question of ``lesson`` (a notebook path as in :data:`EXERCISES`), saved with progress."""
    from gamekit.widgets.lesson import Reflection

    if lesson not in REFLECTIONS:
        raise KeyError(f"no reflection question for {lesson!r}; known: {', '.join(REFLECTIONS)}")
    return Reflection(tr(REFLECTIONS[lesson][0]), score)


# ----- "More practice": each lesson's graded set from the puzzle bank -------------------------------------
def practice_exercises(lesson: int) -> list[ConnectExercise]:
    """Lesson ``lesson``'s closing problem set (:attr:`Lesson.practice`, fixed seed): click a column, easy to
    hard, judged by the bank's solver verdicts (a wrong column is told its refutation)."""
    if lesson not in LESSONS:
        raise ValueError(tr("no lesson {lesson}: the 5 en raya lessons are 1 to 3", lesson=lesson))
    return list(_practice_in(lesson, get_language()))


@lru_cache(maxsize=None)
def _practice_in(lesson: int, language: str) -> tuple[ConnectExercise, ...]:
    return tuple(
        LESSONS[lesson].practice.exercises(
            lambda *a, position=None, click=True, **k: ConnectExercise(*a, game=position, click=click, **k)
        )
    )


TO_MOVE = (lambda: tr("Red to move."), lambda: tr("Yellow to move."))
"""Whose turn it is, as the first sentence of a question (one message per colour)."""


def practice_prompt(game: ConnectGame, solutions: Sequence[str], value: int, by_hand: bool = False) -> str:
    """A practice problem's question, saying what is really at stake in that position: a five right now, a block
    of the opponent's five, a win by force (not at once), or the draw to keep.  Read off the position itself
    (immediate wins, playable threats), the accepted answers and ``value``, the exact value of the position for the
    player to move (1 a win, 0 a draw, -1 a loss: the bank's verdict); ``by_hand``: lesson 3's "be the computer" set."""
    colour, other = tr(COLOUR_NAMES[game.to_move]), tr(COLOUR_NAMES[1 - game.to_move])
    wins = immediate_wins(game)
    text = TO_MOVE[game.to_move]() + " "
    if wins and set(solutions) <= set(wins):
        text += tr("One drop makes five in a line right now: find it.")
    elif wins:
        text += tr(
            "Find a winning drop. One makes five in a line right now; the others win by force, a few moves later."
        )
    elif playable_threats(game, 1 - game.to_move):
        text += tr(
            "Watch out: {other} threatens to make five with the next disc. Find the drop that stops it.", other=other
        )
    elif value > 0:
        text += tr(
            "No drop wins at once, but {colour} can force a win: {other} can defend for a while, not for ever. "
            "Find the drop that wins by force.",
            colour=colour,
            other=other,
        )
    elif value == 0:
        text += tr("Find the drop that keeps the draw: every other drop loses against best play.")
    else:
        text += tr("Every drop loses against best play: find the one that holds out longest.")
    if len(solutions) > 1:
        text += " " + ntr("{n} drop is right.", "{n} drops are equally good: any of them is right.", len(solutions))
    if by_hand:
        empty = game.variant.cells - game.discs_on_board
        text = (
            tr("Be the computer: only {n} cells are empty. Try each column and the best answer to it.", n=empty)
            + " "
            + text
        )
    return text


def practice(lesson: int, score: LessonScore | None = None):
    """The "More practice" set on the page: one board per problem, each titled with its number and level."""
    import html
    import ipywidgets as W

    rows = []
    for i, ex in enumerate(practice_exercises(lesson), 1):
        game = ex.game
        layout = layout_for(game, CELL)
        title = W.HTML("<b>" + html.escape(tr("Problem {i} ({level})", i=i, level=level_word(ex.level))) + "</b>")
        if not ex.click:  # lesson 3: the column and its score, typed under the board
            rows += [title, picture(game, scene(game, threats=False, show_last=False)), ExerciseWidget(ex, score=score)]
            continue
        rows += [
            title,
            PuzzleBoard(
                ex,
                draw=lambda mark, g=game: scene(g, threats=False, mark=mark, show_last=False),
                hit=column_hit(game, layout),
                size=layout.css_size,
                score=score,
            ),
        ]
    return W.VBox(rows)
