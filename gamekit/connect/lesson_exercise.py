"""The 5 en raya exercise kit: the exercise class, column parsing, and the feedback words (outcomes, lines of
best play) every move exercise gives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence
from gamekit.core.errors import IllegalMoveError
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.connect.solver import solve
from gamekit.connect.threats import playable_threats, threat_cells
from gamekit.i18n import N_, ntr, ptr, tr
from gamekit.widgets.exercise import Exercise
from gamekit.connect.lesson_pictures import SUBJECT, marked_cells_text, open_lines, paper_key, paper_marks
from gamekit.connect.lesson_positions import (
    EXERCISE_POSITIONS,
    ODD_EVEN_POSITIONS,
    ROW_QUESTIONS,
    SOLVE_FROM,
    best_moves,
    immediate_wins,
)


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
            self.game.paper_rows = self.key not in ROW_QUESTIONS  # printed row numbers would answer a row question

    @property
    def marks(self) -> tuple[bool, bool]:
        """What this exercise's board marks: (threat cells tinted and lettered, ✗ cells under the opponent's
        threats).  Only the odd/even and zugzwang questions are about marked cells; a move exercise shows none."""
        zugzwang = self.key in ("zugzwang", "zugzwang_who")
        return zugzwang or self.key in ODD_EVEN_POSITIONS or self.key in ("two_threats", "odd_against_even"), zugzwang

    @property
    def marked_cells(self) -> str:
        """The cells this exercise's board marks, in words, for its board printed as text without tints ("Threat
        cells: R (red) in column 2, row 3." …; "" when none), each colour named by its threat letter, the one
        written in the cell on screen and on paper.  For the questions that turn on the kind of row a threat is on,
        the words place the cell as the words beside the screen's picture do, without its row number: the pupil
        finds the letter on the board and counts the rows, on paper as on screen."""
        if self.game is None:
            return ""
        threats, danger = self.marks
        return marked_cells_text(self.game, threats, danger, rows=self.key not in ROW_QUESTIONS)


_COLUMN_WORDS = re.compile(r"\b(?:the|la|el|columns?|columnas?)\b", re.IGNORECASE)
"""Words a pupil may write around a column number in either language: "column 3", "the 3", «la columna 3»."""


def parse_column(game: ConnectGame, answer: Any) -> str:
    """A column answer ("4", 4, "column 4", «la columna 4», «la 4») as a legal drop, or IllegalMoveError (a
    ValueError) saying why not, quoting the pupil's own words."""
    typed = str(answer).strip()
    raw = _COLUMN_WORDS.sub(" ", typed).strip().rstrip(".").strip()
    if isinstance(answer, bool) or not re.fullmatch(r"\d{1,3}", raw):
        if game.popout and re.fullmatch(r"[pP]\s*\d{1,3}", raw):
            return game.check(raw)
        raise IllegalMoveError(
            tr(
                "“{answer}” is not a column. Write a column number from 1 to {columns}.",
                answer=typed,
                columns=game.columns,
            )
        )
    number = int(raw)
    if not 1 <= number <= game.columns:
        raise IllegalMoveError(
            tr(
                "There is no column {number}. The columns are numbered 1 to {columns}.",
                number=number,
                columns=game.columns,
            )
        )
    return game.check(str(number))  # a full column: the rules' own refusal, the same words everywhere


def column_checker(game: ConnectGame, judge: Callable[[str], tuple[bool, str]]):
    def check(answer: Any) -> tuple[bool, str]:
        return judge(parse_column(game, answer))

    return check


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


def missed_five_words(game: ConnectGame, way: bool = True) -> str:
    """The five the player to move has at once, as a pupil who missed it needs to hear it: which way it runs (up a
    column, across a row, along a diagonal), read off the board after that drop; never its column.  ``way`` False:
    only that the drop made no five (an exercise whose question already says a five is there, where the way it runs
    would leave little to find on the second try)."""
    if not way:
        return tr("no five in a line there.")
    after = game.copy()
    after.play(immediate_wins(game)[0])
    cells = after.winning_cells()
    me = tr(COLOUR_NAMES[game.to_move])
    if any(sum(c == col for c, _ in cells) >= after.variant.win for col, _ in cells):
        return tr(
            "no five in a line there, but {me} could have won at once going up: four {me} discs were stacked in one "
            "column.",
            me=me,
        )
    if any(sum(r == row for _, r in cells) >= after.variant.win for _, row in cells):
        return tr("no five in a line there, but {me} could have won at once with five across a row.", me=me)
    return tr("no five in a line there, but {me} could have won at once with five along a diagonal.", me=me)


def five_direction(game: ConnectGame, col: int, row: int) -> tuple[int, int, tuple[int, int] | None]:
    """The winning five of a finished ``game`` through grid cell (``col``, ``row``): its step (dc, dr) — (0, 1) up a
    column, (1, 0) across a row, (1, ±1) a diagonal — and the side-disc cell it runs to (None when it uses none)."""
    won = set(game.winning_cells())
    for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)):
        line = [(col, row)]
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while (c, r) in won:
                line.append((c, r))
                c, r = c + sign * dc, r + sign * dr
        if len(line) >= game.variant.win:
            side = next((cell for cell in line if game.is_side(cell[0])), None)
            return dc, dr, side
    raise ValueError(f"no five through cell {(col, row)}")


def next_five_words(after: ConnectGame, reply: str, move: str) -> str:
    """What the opponent's five with the very next disc (``reply``, after the pupil's ``move``) is, never its column
    (it is the answer the pupil missed): up a column; across a row, named, and out to a side disc when it uses one;
    along a diagonal, to a side disc (left or right, its row) when it uses one."""
    them = after.to_move
    g = after.copy()
    g.play(reply)
    col = g.grid_column(int(reply))
    dc, dr, side = five_direction(g, col, len(g.grid[col]) - 1)
    values = dict(move=move, them=tr(COLOUR_NAMES[them]))
    if dc == 0:
        return tr(
            "after column {move}, {them} makes five in a line with the very next disc, going up: four {them} discs "
            "are stacked in one column.",
            **values,
        )
    row = len(g.grid[col])
    left = side is not None and side[0] == 0
    if dr == 0:
        if side is None:
            return tr(
                "after column {move}, {them} makes five in a line with the very next disc, across row {row}.",
                row=row,
                **values,
            )
        if left:
            return tr(
                "after column {move}, {them} makes five in a line with the very next disc: across row {row}, out to "
                "{them}'s side disc on the left.",
                row=row,
                **values,
            )
        return tr(
            "after column {move}, {them} makes five in a line with the very next disc: across row {row}, out to "
            "{them}'s side disc on the right.",
            row=row,
            **values,
        )
    if side is None and dr > 0:
        return tr(
            "after column {move}, {them} makes five in a line with the very next disc, along a diagonal that rises "
            "to the right.",
            **values,
        )
    if side is None:
        return tr(
            "after column {move}, {them} makes five in a line with the very next disc, along a diagonal that rises "
            "to the left.",
            **values,
        )
    if left:
        return tr(
            "after column {move}, {them} makes five in a line with the very next disc: along a diagonal to {them}'s "
            "side disc on the left, in row {row}.",
            row=side[1] + 1,
            **values,
        )
    return tr(
        "after column {move}, {them} makes five in a line with the very next disc: along a diagonal to {them}'s side "
        "disc on the right, in row {row}.",
        row=side[1] + 1,
        **values,
    )


def outcome_words(
    game: ConnectGame, move: str, hide: Sequence[str] = (), value: int | None = None, missed_way: bool = True
) -> str:
    """What happens after ``move``, in one or two short sentences a 12-year-old reads at a glance: five at once, the
    opponent's five at once, or (from :data:`SOLVE_FROM` drops on, or earlier when ``value`` is given) the
    opponent's best answer and what best play then gives, as the exact solver sees it.  When the mover had a five
    at once and ``move`` is not one, the words say so (the pupil's actual mistake), and an early quiet drop is
    described by what it does make (a new threat, or how many in a line).  :func:`whole_line` gives the full line
    of best play.  ``hide``: columns the sentence must not name (an exercise's accepted answers, when it judges a
    wrong one): a reply into one of them is described without its column, so the feedback tells the consequence of
    the pupil's move without giving the solution away.  ``value``: the exact value after ``move`` for its player
    (1 a win, 0 a draw, -1 a loss) when it is already known (a bank puzzle's verdict), so an early position is
    judged too.  ``missed_way`` False: a missed five is not told which way it runs (:func:`missed_five_words`)."""
    after = game.copy()
    after.play(move)
    me, them = tr(COLOUR_NAMES[game.to_move]), tr(COLOUR_NAMES[1 - game.to_move])
    if after.winner() == game.to_move:
        return tr("column {move} makes five in a line: {me} wins.", move=move, me=me)
    missed = bool(immediate_wins(game))  # the mover could have won at once and did not
    lead = missed_five_words(game, missed_way) if missed else ""

    def say(text: str) -> str:  # a missed five comes first: it is the pupil's actual mistake
        return f"{lead} {text[:1].upper()}{text[1:]}" if lead else text

    replies = immediate_wins(after)
    if replies:
        shown = [r for r in replies if r not in hide]
        if not shown:
            return say(next_five_words(after, replies[0], move))
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
            return say(tr("Your disc {what}.", what=drop_words(after, game.to_move, landing_cells(game, hide))))
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


def landing_cells(game: ConnectGame, columns: Sequence[str]) -> frozenset[tuple[int, int]]:
    """The grid cells a disc dropped now in each of ``columns`` lands on (the cells an exercise's answers take)."""
    cells = set()
    for move in columns:
        col = game.grid_column(int(move))
        if len(game.grid[col]) < game.variant.rows:
            cells.add((col, len(game.grid[col])))
    return frozenset(cells)


def drop_words(after: ConnectGame, seat: int, avoid: frozenset[tuple[int, int]] = frozenset()) -> str:
    """What ``seat``'s last drop in ``after`` makes, counted on the board (no verdict): a new threat (a four with
    its fifth cell empty), or the most discs of ``seat`` in a line through it that can still be completed, with
    the row it landed on; or that no such line passes there.  ``avoid``: empty cells an exercise's answers land
    on; a line through one of them is never described, since its gap would point at the answer."""
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
    mine = [line for line in mine if not avoid & set(line)]
    if not mine:
        return tr("lands on row {row}", row=row + 1)
    most = max(sum(after.cell(c, r) == seat for c, r in line) for line in mine)
    if most == 1:
        return tr("lands on row {row} and only starts new lines", row=row + 1)
    best = next(line for line in mine if sum(after.cell(c, r) == seat for c, r in line) == most)
    mine_cells = [(c, r) for c, r in sorted(best) if after.cell(c, r) == seat]
    if len({r for _, r in best}) == 1:  # across one row: the columns say where
        # beside a side disc each column is named in full, with its article where the language needs one
        names = [
            column_name(after, c)
            if after.column_number(c) is None
            else ptr("beside a side disc", "column {column}", column=after.column_number(c))
            for c, _ in mine_cells
        ]
        if all(after.column_number(c) is not None for c, _ in mine_cells):
            names = [str(after.column_number(c)) for c, _ in mine_cells]
            names[0] = ntr("column {columns}", "columns {columns}", len(names), columns=names[0])
    elif len({c for c, _ in best}) == 1:  # up one column: the rows say where
        names = [str(r + 1) for _, r in mine_cells]
        names[0] = ntr("row {rows}", "rows {rows}", len(names), rows=names[0])
    else:
        names = [cell_name(after, c, r) for c, r in mine_cells]
    return tr(
        "lands on row {row}; its best line has {n} {colour} discs, {way} ({cells})",
        row=row + 1,
        way=line_way(after, best),
        n=most,
        colour=tr(COLOUR_NAMES[seat]),
        cells=", ".join(names[:-1]) + tr(" and ") + names[-1],
    )


def line_way(game: ConnectGame, line: Sequence[tuple[int, int]]) -> str:
    """Which way a line of cells runs, as a pupil sees it on the board: across, up, or diagonally up to the
    right or to the left."""
    (c0, r0), (c1, r1) = sorted(line)[:2]
    if r0 == r1:
        return tr("across row {row}", row=r0 + 1)
    if c0 == c1:
        return tr("up column {column}", column=game.column_number(c0))
    return tr("diagonally up to the right") if r1 > r0 else tr("diagonally up to the left")


def column_name(game: ConnectGame, col: int) -> str:
    """A grid column named the way the lessons do: ``column 3``, or ``the left side disc``."""
    number = game.column_number(col)
    if number is None:
        return tr("the left side disc") if col < game.variant.first_column else tr("the right side disc")
    return tr("column {column}", column=number)


def cell_name(game: ConnectGame, col: int, row: int) -> str:
    """A cell named the way the lessons do: ``column 3, row 2`` (1-based), or ``the left side disc on row 2``."""
    number = game.column_number(col)
    if number is None:
        side = tr("left") if col < game.variant.first_column else tr("right")
        return tr("the {side} side disc on row {row}", side=side, row=row + 1)
    return tr("column {column} row {row}", column=number, row=row + 1)


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
            nth=ordinal_words(discs),
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
    the ``good`` columns (the exercise's answers, never named, nor hinted at), the words give what best play then
    gives, or the threats that answer stacks one above another in one column (read off the board).  A five
    at once, or a best answer outside ``good``, is told by :func:`outcome_words`."""
    after = game.copy()
    after.play(move)
    if after.is_over() or immediate_wins(game) or immediate_wins(after) or shown_reply(after) not in good:
        return outcome_words(game, move, hide=good)
    me = tr(COLOUR_NAMES[game.to_move])
    lands = tr("Your disc {what}.", what=drop_words(after, game.to_move, landing_cells(game, good)))
    lands = lands[:1].lower() + lands[1:]  # it follows "Not column 3:"
    value = _value_after(after)
    answered = after.copy()
    answered.play(shown_reply(after))
    try:
        column, rows = stacked_run(answered, 1 - game.to_move)
    except ValueError:
        column, rows = None, []
    them = tr(COLOUR_NAMES[1 - game.to_move])
    if value < 0 and column is not None and str(column) not in good:
        listed = ", ".join(map(str, rows[:-1])) + tr(" and ") + str(rows[-1])
        then = tr(
            "{them} answers with threats one above the other in column {column} (rows {rows}). "
            "{me} can block only the lowest.",
            them=SUBJECT[1 - game.to_move](),
            me=SUBJECT[game.to_move](),
            column=column,
            rows=listed,
        )
    elif value < 0:
        then = tr("After {them}'s best answer, {them} can force a win.", them=them)
    elif value == 0:
        then = tr("After {them}'s best answer, best play ends in a draw.", them=them)
    else:
        then = tr("{me} still wins with best play after it, but not as quickly.", me=me)
    return f"{lands} {then}"


def solver_exercise(
    name: str,
    prompt: str,
    hint: str,
    why_right: str = "",
    key: str | None = None,
    why_first: bool = False,
    fitted: bool = False,
    missed_way: bool = True,
    wrong_words: Callable[[ConnectGame, str, Sequence[str]], str] | None = None,
) -> ConnectExercise:
    """A click exercise that accepts exactly the solver's best moves; every answer is told what follows.
    ``why_first``: a right answer is told ``why_right`` first (a block: the cell it takes matters more than the
    fact that it makes no five).  A right answer that does not make five at once opens with ``why_right`` anyway
    (what the drop does), then the opponent's answer and the verdict; one that makes five opens with the five.
    ``fitted``: a wrong click is told :func:`wrong_drop_words` (what that drop
    makes and what it lets the opponent do), not only the value best play gives.  ``missed_way`` False: a wrong
    click where a five was there is told what its own drop does, not which way the missed five runs.
    ``wrong_words(game, move, answers)``: the words for a wrong click, where the exercise has its own."""
    game = FiveInARow.from_moves(EXERCISE_POSITIONS[name])
    good = best_moves(game)
    wrong = [m for m in game.legal_moves() if m not in good]
    told: dict[str, str] = {}

    def judge(move: str) -> tuple[bool, str]:
        if move not in told:
            if wrong_words is not None and move not in good:
                told[move] = wrong_words(game, move, good)
            elif fitted and move not in good:
                told[move] = wrong_drop_words(game, move, good)
            else:
                told[move] = outcome_words(game, move, hide=() if move in good else good, missed_way=missed_way)
        words = told[move]
        if move in good and why_first:
            return True, tr(
                "Right: {words}", words=why_right[0].lower() + why_right[1:]
            ) + " " + outcome_words_after_block(game, move)
        if move in good and why_right and not five_at_once(game, move):
            # what the drop does comes first; the opponent's answer and the verdict follow as their own sentence
            return True, tr(
                "Right: {words}", words=why_right[0].lower() + why_right[1:]
            ) + f" {words[:1].upper()}{words[1:]}"
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
        column_checker(game, judge),
        hint=hint,
        answer=tr("Column {columns}", columns=tr(" or ").join(good)),
        solutions=good,
        wrong=wrong,
        key=key or name,
        game=game,
        more=more,
    )


def five_at_once(game: ConnectGame, move: str) -> bool:
    """Whether ``move`` makes five in a line for the player to move in ``game``."""
    after = game.copy()
    after.play(move)
    return after.winner() == game.to_move


def outcome_words_after_block(game: ConnectGame, move: str) -> str:
    """After a block: whether the opponent can still make five at once (one short sentence)."""
    after = game.copy()
    after.play(move)
    who = SUBJECT[after.to_move]()
    if immediate_wins(after):
        return tr("But {who} can still make five at once elsewhere.", who=who)
    return tr("{who} cannot make five at once after it.", who=who)


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


def ordinal_words(n: int) -> str:
    """An ordinal in words: 1st, 2nd, 3rd, 4th … 21st, 22nd (Spanish: 1.ª, 21.ª)."""
    if n in (1, 2, 3):
        return tr({1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}[n])
    if n % 100 not in (11, 12, 13) and n % 10 in (1, 2, 3):
        return tr({1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}[n % 10], n=n)
    return tr("{n}th", n=n)
