"""The 5 en raya lesson: every position, step-through and exercise, defined once (and tested).

Positions are move strings in the players' notation, played from the start.  Threat cells are
computed by :func:`threat_cells`, exercise checkers by the exact solver, so what a reader is told
is what the analysis says about that very position.

In a notebook::

    from gamekit.connect import lessons as L
    score = L.LessonScore("5 en raya")
    L.rules_table()                 # 5 en raya beside standard Connect Four
    L.show("edge_line")             # a position with its threat cells tinted
    L.step_through("won_game")      # Prev / Next / Play / Reset
    L.exercise("win_in_one", score) # click a column, checked
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from gamekit.connect.rules import (CONNECT_FOUR, FIVE_IN_A_ROW, COLOUR_NAMES, ConnectFour, ConnectGame,
                                   FiveInARow, count_lines)
from gamekit.connect.solver import analyse
from gamekit.connect.widget import GridLayout, connect_scene, layout_for
from gamekit.display import Table
from gamekit.widgets.base import Scene
from gamekit.widgets.lesson import (Exercise, ExerciseWidget, LessonScore, Mark, PuzzleBoard, Step, StepThrough,
                                    count_checker)

__all__ = ["POSITIONS", "position", "threat_cells", "rules_table", "lines_table", "show", "scene",
           "steps", "step_through", "exercise", "exercises", "ConnectExercise", "LessonScore"]

THREAT_TINT = ("#f5a3a3", "#f7e08a")       # red's and yellow's threat cells
DANGER_TINT = "#9ecbff"                     # a cell under the opponent's threat: do not fill it
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
}

# A game Hard (depth 4) won against Medium, replayed move by move in the step-through.
WON_GAME = "46464244466555535573737"


def position(name: str) -> ConnectGame:
    kind, moves = POSITIONS[name]
    return (FiveInARow if kind == "five" else ConnectFour).from_moves(moves)


def threat_cells(game: ConnectGame, seat: int) -> list[tuple[int, int]]:
    """Empty cells where a ``seat`` disc would complete a line (whether or not it can be dropped there yet)."""
    out = []
    for c in range(game.width):
        if game.column_number(c) is None:
            continue
        column = game.grid[c]
        saved = list(column)
        try:
            for r in range(len(saved), game.height):
                column[:] = saved + [None] * (r - len(saved)) + [seat]   # pretend a disc floats at (c, r)
                if game.lines_through(c, r, seat):
                    out.append((c, r))
        finally:
            column[:] = saved
    return out


def playable_threats(game: ConnectGame, seat: int) -> list[tuple[int, int]]:
    """Threat cells of ``seat`` that a disc can be dropped into right now."""
    return [(c, r) for c, r in threat_cells(game, seat) if len(game.grid[c]) == r]


# ----- tables --------------------------------------------------------------------------------
def rules_table() -> Table:
    """The two games side by side (the facts of the rules sheet)."""
    return Table(["", "standard Connect Four", "5 en raya"], [
        ["board", "7 columns × 6 rows", "9 columns × 6 rows: one extra column on each side"],
        ["start", "empty grid", "both outer columns full, red and yellow alternating (bottom-left red, "
                                "bottom-right yellow): one disc of each colour at the ends of every row; "
                                "they count for lines"],
        ["to win", "four of your discs in a line (across, up or diagonal)",
         "five of your discs in a line; four wins nothing"],
        ["legal moves", "drop into any column that is not full",
         "drop into one of the seven middle columns that is not full; the outer columns take no discs"],
        ["end", "at most 42 discs; a full grid without a four is a draw",
         "still at most 42 discs; a full grid without a five is a draw"],
    ], caption="5 en raya beside standard Connect Four")


def lines_table() -> Table:
    """Possible winning lines on both boards, counted by gamekit."""
    rows = []
    for label, v in (("Connect Four (four in a line)", CONNECT_FOUR), ("5 en raya (five in a line)", FIVE_IN_A_ROW)):
        n = count_lines(v)
        rows.append([label, n["horizontal"], n["vertical"], n["diagonal"], n["lines"], n["through_sides"]])
    return Table(["board", "across", "up", "diagonal", "lines in all", "through a side disc"], rows,
                 caption="Lines that can still be completed on the empty grid")


# ----- pictures ----------------------------------------------------------------------------------
def scene(game: ConnectGame, *, threats: bool = True, danger: bool = False, mark: Mark | None = None,
          highlight=(), show_last: bool = True) -> Scene:
    """A lesson picture: threat cells tinted in their player's colour, optionally the cells under
    the opponent's threats (``danger``), and an exercise ``mark`` (a column)."""
    tints: dict[tuple[int, int], str] = {}
    labels: dict[tuple[int, int], str] = {}
    if threats:
        for seat in (0, 1):
            for cell in threat_cells(game, seat):
                tints[cell] = THREAT_TINT[seat]
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


def show(name: str, *, threats: bool = True, danger: bool = False):
    """A still picture of a named position."""
    from gamekit.widgets.base import BoardCanvas
    game = position(name)
    picture = BoardCanvas(*layout_for(game, CELL).css_size)
    picture.paint(scene(game, threats=threats, danger=danger))
    return picture.canvas


# ----- the step-through -----------------------------------------------------------------------------
def _caption(before: ConnectGame, after: ConnectGame, move: str) -> str:
    seat = before.to_move
    who = COLOUR_NAMES[seat].capitalize()
    text = f"<b>Move {len(after.history)}.</b> {who} drops into column {move}."
    if after.winner() == seat:
        cells = after.winning_cells()
        side = any(after.is_side(c) for c, _ in cells)
        return text + f" <b>Five in a line — {who} wins</b>" + (", and the line ends on a side disc." if side else ".")
    new = set(playable_threats(after, seat)) - set(playable_threats(before, seat))
    all_new = set(threat_cells(after, seat)) - set(threat_cells(before, seat))
    stacked = [(c, r) for c, r in playable_threats(after, seat) if (c, r + 1) in threat_cells(after, seat)]
    if stacked:
        c, _ = stacked[0]
        text += (f" {who} threatens column {after.column_number(c)} twice, one cell above the other: blocking the "
                 f"lower threat puts a disc right under the upper one, so {COLOUR_NAMES[1 - seat]} cannot stop both.")
    elif len(playable_threats(after, seat)) >= 2:
        text += f" {who} now threatens to win in two places at once: a <b>double threat</b>, " \
                f"{COLOUR_NAMES[1 - seat]} can block only one."
    elif new:
        c, _ = sorted(new)[0]
        text += f" A threat: {who} wins next in column {after.column_number(c)} unless it is blocked."
    elif all_new:
        text += f" A new threat cell (tinted) higher up: nobody can use it until the column fills below it."
    blocked = set(playable_threats(before, 1 - seat)) - set(playable_threats(after, 1 - seat))
    if blocked:
        text += " It blocks a threat."
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
    if name != "won_game":
        raise KeyError(f"no step-through {name!r}; known: won_game")
    games = _won_game_games()
    out = [Step(lambda g=games[0]: scene(g), "The start: 42 empty cells between the two side columns. Red moves first.")]
    for i, m in enumerate(WON_GAME):
        before, after = games[i], games[i + 1]
        out.append(Step(lambda g=after: scene(g), _caption(before, after, m)))
    return out


def step_through(name: str = "won_game", title: str = "A won game of 5 en raya") -> StepThrough:
    return StepThrough(steps(name), size=layout_for(FiveInARow(), CELL).css_size, title=title, interval=1.0)


# ----- exercises ------------------------------------------------------------------------------------
@dataclass
class ConnectExercise(Exercise):
    game: ConnectGame | None = field(default=None)
    click: bool = True

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.click and self.position is None:
            self.position = self.game    # a move exercise: tests compare its answers with the solver


def parse_column(game: ConnectGame, answer: Any) -> str:
    """A column answer ("4", 4, "column 4") as a legal drop, or ValueError saying why not."""
    raw = str(answer).strip().lower().replace("column", "").strip()
    return game.check(raw)             # IllegalMoveError (a ValueError) explains a bad column


def _column_checker(game: ConnectGame, judge: Callable[[str], tuple[bool, str]]):
    def check(answer: Any) -> tuple[bool, str]:
        return judge(parse_column(game, answer))
    return check


EXERCISE_POSITIONS = {
    # red to move; exactly one column wins at once
    "win_in_one": "36643433334456424656525556172227277771",
    # red to move; every column but one loses against best play
    "only_move": "4265245533312651335436",
    # red to move; red can force a win with its third disc from now
    "win_in_three": "6664323344334545645155",
}


def _scores(game: ConnectGame) -> dict[str, int]:
    scores = analyse(game, time_budget=None)
    return {m: s for m, s in scores.items() if s is not None}


def win_in_one_exercise() -> ConnectExercise:
    game = FiveInARow.from_moves(EXERCISE_POSITIONS["win_in_one"])
    me = game.to_move
    wins = []
    for m in game.legal_moves():
        game.play(m)
        if game.winner() == me:
            wins.append(m)
        game.undo()

    def judge(move: str) -> tuple[bool, str]:
        if move in wins:
            return True, f"Yes: column {move} makes five in a line."
        return False, f"Column {move} makes no five. Look along every row, column and diagonal — side discs count."

    return ConnectExercise(f"{COLOUR_NAMES[me].capitalize()} to move: win with this disc. Click the column.",
                           _column_checker(game, judge), hint="Five in a line may end on a side disc.",
                           answer="Column " + " or ".join(wins), solutions=wins, key="win_in_one", game=game)


def only_move_exercise() -> ConnectExercise:
    game = FiveInARow.from_moves(EXERCISE_POSITIONS["only_move"])
    scores = _scores(game)
    good = [m for m, s in scores.items() if s >= 0]

    def judge(move: str) -> tuple[bool, str]:
        s = scores[move]
        if s >= 0:
            return True, f"Right: after column {move} the solver says {'a draw' if s == 0 else 'you win'} with best play."
        n = 22 + s - game.discs_played(1 - game.to_move)
        return False, f"Column {move} loses: the opponent wins by force with its {_nth(n)} disc from now."

    me = COLOUR_NAMES[game.to_move].capitalize()
    return ConnectExercise(f"{me} to move. Every column but one loses against best play. Find the one that does not.",
                           _column_checker(game, judge),
                           hint="Look at the cells your opponent would like to fill, and the cells just under them.",
                           answer="Column " + " or ".join(good), solutions=good, key="only_move", game=game)


def win_in_three_exercise() -> ConnectExercise:
    game = FiveInARow.from_moves(EXERCISE_POSITIONS["win_in_three"])
    scores = _scores(game)
    me = game.to_move
    need = 22 - game.discs_played(me) - 3            # score of a win with the 3rd disc from now
    good = [m for m, s in scores.items() if s >= need]

    def judge(move: str) -> tuple[bool, str]:
        s = scores[move]
        if s >= need:
            return True, f"Right: column {move} wins by force within three of your discs (checked by the solver)."
        if s > 0:
            return False, f"Column {move} still wins, but more slowly. There is a quicker way."
        return False, f"Column {move} does not win by force: the solver says {'a draw' if s == 0 else 'you lose'}."

    return ConnectExercise(f"{COLOUR_NAMES[me].capitalize()} to move can force a win with the third disc from now. "
                           "Click the first move.", _column_checker(game, judge),
                           hint="Make a threat that forces a block, then make two at once.",
                           answer="Column " + " or ".join(good), solutions=good, key="win_in_three", game=game)


def count_lines_exercise() -> ConnectExercise:
    n = count_lines(FIVE_IN_A_ROW)["lines"]
    check = count_checker(n, right="Right: {correct} lines of five can still be completed.",
                          too_few="Too few: count the lines through the side discs too.",
                          too_many="Too many: a line up a side column mixes red and yellow, so it can never be five of one colour.")
    return ConnectExercise("How many lines of five cells can still be completed on the empty 5 en raya grid "
                           "(either colour)?", check, hint="Across: 5 places in each of 6 rows. Up: 2 in each middle column.",
                           answer=str(n), solutions=[n], key="count_lines", click=False)


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


BUILDERS = {"win_in_one": win_in_one_exercise, "only_move": only_move_exercise,
            "win_in_three": win_in_three_exercise, "count_lines": count_lines_exercise}


EXERCISES: dict[str, list[Callable[[], ConnectExercise]]] = {
    "five_in_a_row/01_rules_and_play": [],
    "five_in_a_row/02_threats_and_exercises": list(BUILDERS.values()),
}
"""The exercise factories each notebook uses, keyed by notebook path under ``notebooks/`` without suffix."""


@lru_cache(maxsize=None)
def _built(name: str) -> ConnectExercise:
    if name not in BUILDERS:
        raise KeyError(f"no exercise {name!r}; known: {', '.join(BUILDERS)}")
    return BUILDERS[name]()


def exercises() -> dict[str, ConnectExercise]:
    return {name: _built(name) for name in BUILDERS}


def exercise(name: str, score: LessonScore | None = None):
    """The widget of a named exercise: a clickable board, or an answer box."""
    ex = _built(name)
    if not ex.click:
        return ExerciseWidget(ex, score=score)
    game = ex.game
    layout: GridLayout = layout_for(game, CELL)

    def hit(x: float, y: float) -> str | None:
        col = layout.column_at(x, y)
        if col is None:
            return None
        n = game.column_number(col)
        if n is None:
            raise ValueError("The side columns take no discs: click one of the seven middle columns.")
        return str(n)

    return PuzzleBoard(ex, draw=lambda mark: scene(game, threats=False, mark=mark, show_last=False), hit=hit,
                       size=layout.css_size, score=score)


def known_results() -> Table:
    """What is known about solving both games."""
    return Table(["game", "result with perfect play", "status"], [
        ["standard Connect Four (7×6)", "first player wins, starting in the centre column",
         "proved (James D. Allen and Victor Allis, 1988; John Tromp's database)"],
        ["5 en raya (9×6, side columns)", "claimed a draw", "unproven: no published proof or program"],
    ])
