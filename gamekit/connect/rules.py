"""Rules of 5 en raya and standard Connect Four: one engine, the variants as data.

Coordinates
-----------
The grid is ``width`` columns by ``height`` rows.  A cell is ``(col, row)`` with ``col`` counted
from 0 at the far left of the *whole* grid (side columns included) and ``row`` from 0 at the bottom.
Moves use the players' notation instead: the *playable* columns are numbered 1, 2, 3... from the
left (side columns are not numbered), ``"4"`` drops a disc into playable column 4 and ``"p4"``
pops your own bottom disc out of it (PopOut only).

Seats: 0 = red (moves first), 1 = yellow.

5 en raya (``FiveInARow``): 9 × 6 grid whose two outer columns start full.  The bottom-left side
disc is red, the bottom-right yellow, and each side column alternates colours upwards, so every
row has one red and one yellow disc at its two ends.  Side discs count for lines of their colour
and can never be dropped into or popped.  Five in a line wins; four wins nothing.

PopOut (``popout=True``) — the documented choices of this engine:

* instead of dropping, you may pop *your own* disc from the bottom of a playable column; the
  discs above it fall one row;
* a pop that completes a line only for the opponent makes the opponent win; one that completes
  lines for both players makes the popper win;
* the same position (grid and player to move) arising a third time is a draw;
* a full grid does not end a PopOut game: the player to move must pop one of their own bottom
  discs, and if they have none the game is a draw.

Without PopOut a full grid without a line is a draw.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Iterator

from gamekit.i18n import N_, tr
from gamekit.core.errors import BadPositionError, IllegalMoveError
from gamekit.core.saved import SCHEMA_VERSION, check_header, is_int, replay
from gamekit.core.outcome import Outcome, Termination
from gamekit.game import register
from gamekit.core.pictures import html_of
from gamekit.connect.lines import DIRECTIONS, DiscLines

RED, YELLOW = 0, 1
COLOUR_NAMES = (N_("red"), N_("yellow"))  # translated with tr() where they are shown


@dataclass(frozen=True)
class Variant:
    """What differs between the games: playable columns, rows, line length, pre-filled sides."""

    name: str
    columns: int  # playable columns (numbered 1..columns in the notation)
    rows: int
    win: int  # discs in a line needed to win
    sides: bool = False  # True: one pre-filled side column on each side (5 en raya)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ValueError(tr("name={name!r}: a variant's name is text", name=self.name))
        for field_name in ("columns", "rows", "win"):
            value = getattr(self, field_name)
            if not is_int(value):
                raise ValueError(
                    tr("{field_name}={value!r}: a whole number (int) is needed", field_name=field_name, value=value)
                )
        if not isinstance(self.sides, bool):
            raise ValueError(tr("sides={sides!r}: True or False", sides=self.sides))
        if not (1 <= self.columns <= 9):
            raise ValueError(
                tr("columns must be 1..9 (the notation uses one digit), not {columns}", columns=self.columns)
            )
        if not (1 <= self.rows <= 12):
            raise ValueError(tr("rows must be 1..12, not {rows}", rows=self.rows))
        if not (2 <= self.win <= 12):
            raise ValueError(tr("win must be 2..12, not {win}", win=self.win))

    @property
    def width(self) -> int:
        """Columns of the whole grid, side columns included."""
        return self.columns + (2 if self.sides else 0)

    @property
    def cells(self) -> int:
        """Cells playable from the start (42 on both published boards)."""
        return self.columns * self.rows

    @property
    def first_column(self) -> int:
        """Grid index of playable column 1."""
        return 1 if self.sides else 0

    def side_disc(self, col: int, row: int) -> int | None:
        """Colour of the fixed side disc at grid cell (col, row), or None if it is not a side cell."""
        if not self.sides:
            return None
        if col == 0:
            return row % 2  # bottom-left red, alternating upwards
        if col == self.width - 1:
            return 1 - row % 2  # bottom-right yellow, alternating upwards
        return None

    def lines(self) -> list[tuple[tuple[int, int], ...]]:
        """Every line of ``win`` cells on the whole grid (side cells included)."""
        out = []
        for c in range(self.width):
            for r in range(self.rows):
                for dc, dr in DIRECTIONS:
                    ec, er = c + dc * (self.win - 1), r + dr * (self.win - 1)
                    if 0 <= ec < self.width and 0 <= er < self.rows:
                        out.append(tuple((c + dc * i, r + dr * i) for i in range(self.win)))
        return out


CONNECT_FOUR = Variant(N_("Connect Four"), 7, 6, 4, False)
FIVE_IN_A_ROW = Variant(N_("5 en raya"), 7, 6, 5, True)

# ASCII digits only: "٣" (an Arabic-Indic three) is not column 3
_MOVE_RE = re.compile(r"^\s*(p?)\s*([0-9]{1,3})\s*$", re.IGNORECASE | re.ASCII)


class ConnectGame(DiscLines):
    """The engine behind :class:`ConnectFour` and :class:`FiveInARow`; also any small variant::

    ConnectGame(Variant("mini", columns=4, rows=4, win=3))
    """

    variant: Variant = CONNECT_FOUR

    def __init__(self, variant: Variant | None = None, popout: bool = False) -> None:
        if variant is not None:
            if not isinstance(variant, Variant):
                raise ValueError(
                    tr(
                        "variant={variant!r}: a Variant (e.g. Variant('mini', columns=4, rows=4, win=3))",
                        variant=variant,
                    )
                )
            self.variant = variant
        if not isinstance(popout, bool):
            raise ValueError(tr("popout={popout!r}: True or False", popout=popout))
        v = self.variant
        self.popout = popout
        self.width, self.height, self.win_length = v.width, v.rows, v.win
        # self.grid[col] lists the discs of that column from the bottom up (side columns full).
        self.grid: list[list[int]] = [
            [v.side_disc(c, r) for r in range(v.rows)] if v.side_disc(c, 0) is not None else [] for c in range(v.width)
        ]
        self.history: list[str] = []
        self._undo: list[tuple] = []
        self._winner: int | None = None
        self._over = False
        self._cells: list[tuple[int, int]] = []
        self._draw_reason: str | None = None
        self._resigned: int | None = None
        self._seen: dict[tuple, int] = {}
        if self.popout:
            self._seen[self.position_key()] = 1

    # ------------------------------------------------------------------ basic facts
    @property
    def to_move(self) -> int:
        return len(self.history) % 2

    @property
    def columns(self) -> int:
        return self.variant.columns

    @property
    def drops(self) -> int:
        """Discs dropped so far (pops not subtracted)."""
        return sum(1 for m in self.history if not m.startswith("p"))

    @property
    def discs_on_board(self) -> int:
        """Discs players put in the playable columns and still there (side discs not counted)."""
        v = self.variant
        return sum(len(self.grid[v.first_column + i]) for i in range(v.columns))

    def discs_played(self, seat: int) -> int:
        """How many discs ``seat`` has dropped so far."""
        return sum(1 for i, m in enumerate(self.history) if i % 2 == seat and not m.startswith("p"))

    def cell(self, col: int, row: int) -> int | None:
        """Colour at grid cell (col, row) — 0 red, 1 yellow — or None if empty."""
        column = self.grid[col]
        return column[row] if row < len(column) else None

    def is_side(self, col: int) -> bool:
        return self.variant.sides and col in (0, self.width - 1)

    def grid_column(self, number: int) -> int:
        """Grid index of playable column ``number`` (1-based)."""
        return self.variant.first_column + number - 1

    def column_number(self, col: int) -> int | None:
        """Playable column number (1-based) of grid column ``col``, or None for a side column."""
        n = col - self.variant.first_column + 1
        return n if 1 <= n <= self.variant.columns else None

    def height_of(self, number: int) -> int:
        """How many discs are in playable column ``number``."""
        return len(self.grid[self.grid_column(number)])

    def landing_cell(self, number: int) -> tuple[int, int] | None:
        """Where a disc dropped into playable column ``number`` would land (None if full)."""
        col = self.grid_column(number)
        h = len(self.grid[col])
        return (col, h) if h < self.height else None

    def is_full(self) -> bool:
        return all(len(self.grid[self.grid_column(n)]) == self.height for n in range(1, self.columns + 1))

    def position_key(self) -> tuple:
        return tuple(tuple(c) for c in self.grid) + (self.to_move,)

    # ------------------------------------------------------------------ results
    def is_over(self) -> bool:
        return self.outcome() is not None

    def winner(self) -> int | None:
        """0 = red, 1 = yellow, None = draw or game still running (read from :meth:`outcome`)."""
        outcome = self.outcome()
        return None if outcome is None else outcome.winner

    def winning_cells(self) -> list[tuple[int, int]]:
        """The cells of the winning line(s), as (col, row) grid cells; empty if nobody has won."""
        return list(self._cells)

    @property
    def draw_reason(self) -> str | None:
        """Why a drawn game ended: "full", "repetition" (PopOut) or "nothing to pop" (PopOut, full grid)."""
        return self._draw_reason if self._over and self._winner is None else None

    @property
    def resigned(self) -> int | None:
        return self._resigned

    def result_text(self) -> str:
        if not self._over:
            return tr("{colour} to move", colour=tr(COLOUR_NAMES[self.to_move]))
        if self._resigned is not None:
            return tr(
                "{colour} resigned — {winner} wins",
                colour=tr(COLOUR_NAMES[self._resigned]),
                winner=tr(COLOUR_NAMES[1 - self._resigned]),
            )
        if self._winner is None:
            why = {
                "repetition": N_("draw (the same position three times)"),
                "nothing to pop": N_("draw (the grid is full and there is no disc to pop)"),
            }
            full = N_("draw (the grid is full)")  # its own line, where the catalogue finds it
            return tr(why.get(self._draw_reason or "", full))
        return tr("{colour} wins", colour=tr(COLOUR_NAMES[self._winner]))

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[str]:
        """Drops first ("1".."7"), then pops ("p1"...) when PopOut is on."""
        if self._over:
            return []
        moves = [str(n) for n in range(1, self.columns + 1) if self.height_of(n) < self.height]
        if self.popout:
            me = self.to_move
            moves += [
                f"p{n}"
                for n in range(1, self.columns + 1)
                if self.grid[self.grid_column(n)] and self.grid[self.grid_column(n)][0] == me
            ]
        return moves

    def _not_a_move(self, move: Any) -> str:
        if self.popout:
            return tr(
                "{move!r}: not a move — write a column number 1–{columns}, or p1–p{columns} to pop",
                move=move,
                columns=self.columns,
            )
        return tr("“{move}”: not a move — write a column number 1–{columns}", move=move, columns=self.columns)

    def parse(self, move: Any) -> tuple[bool, int]:
        """``(is_pop, column number)`` for a move, or IllegalMoveError if it is malformed or off the grid."""
        if isinstance(move, bool) or not isinstance(move, (str, int)):
            raise IllegalMoveError(self._not_a_move(move))
        m = _MOVE_RE.match(str(move))
        if not m:
            raise IllegalMoveError(self._not_a_move(move))
        pop, number = bool(m.group(1)), int(m.group(2))
        if not 1 <= number <= self.columns:
            if self.variant.sides:
                raise IllegalMoveError(
                    tr(
                        "{move!r}: there is no playable column {number} — the columns are numbered "
                        "1–{columns} (the side columns are fixed and take no discs)",
                        move=move,
                        number=number,
                        columns=self.columns,
                    )
                )
            raise IllegalMoveError(
                tr(
                    "{move!r}: there is no playable column {number} — the columns are numbered 1–{columns}",
                    move=move,
                    number=number,
                    columns=self.columns,
                )
            )
        return pop, number

    def check(self, move: Any) -> str:
        """The canonical form of ``move`` if it is legal now; IllegalMoveError saying why if not."""
        pop, number = self.parse(move)
        if self._over:
            raise IllegalMoveError(
                tr("{move!r}: the game is over ({result_text})", move=move, result_text=self.result_text())
            )
        col = self.grid[self.grid_column(number)]
        if pop:
            if not self.popout:
                raise IllegalMoveError(tr("{move!r}: PopOut is not switched on in this game", move=move))
            if not col:
                raise IllegalMoveError(
                    tr("{move!r}: column {number} is empty — there is no disc to pop", move=move, number=number)
                )
            if col[0] != self.to_move:
                raise IllegalMoveError(
                    tr(
                        "{move!r}: the bottom disc of column {number} is {owner}'s — {colour} may only pop their own",
                        move=move,
                        number=number,
                        owner=tr(COLOUR_NAMES[col[0]]),
                        colour=tr(COLOUR_NAMES[self.to_move]),
                    )
                )
            return f"p{number}"
        if len(col) >= self.height:
            raise IllegalMoveError(
                tr("“{move}”: column {number} is full. Choose another column.", move=move, number=number)
            )
        return str(number)

    def play(self, move: Any) -> str:
        """Drop (``"4"``) or pop (``"p4"``); returns the canonical move.  Refused moves change nothing."""
        canonical = self.check(move)
        seat = self.to_move
        col = self.grid_column(int(canonical.lstrip("p")))
        record = (self._winner, self._over, self._cells, self._draw_reason)
        if canonical.startswith("p"):
            self.grid[col].pop(0)
            self.history.append(canonical)
            self._undo.append(("p", col, record))
            mine = self._lines_in_column(col, seat)
            theirs = self._lines_in_column(col, 1 - seat)
            if mine:
                self._finish(seat, mine)
            elif theirs:
                self._finish(1 - seat, theirs)
        else:
            self.grid[col].append(seat)
            self.history.append(canonical)
            self._undo.append(("d", col, record))
            cells = self._lines_through(col, len(self.grid[col]) - 1, seat)
            if cells:
                self._finish(seat, cells)
        if not self._over:
            if self.popout:
                key = self.position_key()
                self._seen[key] = self._seen.get(key, 0) + 1
                if self._seen[key] >= 3:
                    self._over, self._winner, self._draw_reason = True, None, "repetition"
                elif not self.legal_moves():
                    self._over, self._winner, self._draw_reason = True, None, "nothing to pop"
            elif self.is_full():
                self._over, self._winner, self._draw_reason = True, None, "full"
        return canonical

    def undo(self) -> str:
        """Take back the last move (or a resignation); returns the move taken back."""
        if self._resigned is not None:
            self._resigned = None
            self._winner, self._over, self._cells = self._resign_record
            return "resign"
        if not self.history:
            raise IllegalMoveError(tr("undo: no move to take back"))
        if self.popout:
            key = self.position_key()
            if key in self._seen:
                self._seen[key] -= 1
                if not self._seen[key]:
                    del self._seen[key]
        kind, col, record = self._undo.pop()
        seat = (len(self.history) - 1) % 2
        move = self.history.pop()
        if kind == "p":
            self.grid[col].insert(0, seat)
        else:
            self.grid[col].pop()
        self._winner, self._over, self._cells, self._draw_reason = record
        return move

    def resign(self, seat: int | None = None) -> None:
        """``seat`` (default: the player to move) gives up; the other player wins.  Undo takes it back."""
        seat = self.to_move if seat is None else seat
        if not is_int(seat) or seat not in (0, 1):
            raise IllegalMoveError(tr("resign {seat!r}: seats are 0 (red) and 1 (yellow)", seat=seat))
        if self._over:
            raise IllegalMoveError(tr("resign: the game is over ({result_text})", result_text=self.result_text()))
        self._resign_record = (self._winner, self._over, self._cells)
        self._resigned, self._winner, self._over, self._cells = seat, 1 - seat, True, []

    def _finish(self, winner: int, cells: list[tuple[int, int]]) -> None:
        self._over, self._winner, self._cells = True, winner, sorted(set(cells))

    def repetitions(self) -> dict[tuple, int]:
        """PopOut: how often each position (``position_key()``) has occurred so far (empty without PopOut)."""
        return dict(self._seen)

    # ------------------------------------------------------------------ construction / saving
    @property
    def game_id(self) -> str:
        """The ``"game"`` of a saved game: "five_in_a_row", "connect_four", or "connect" for other variants."""
        return {FIVE_IN_A_ROW: "five_in_a_row", CONNECT_FOUR: "connect_four"}.get(self.variant, "connect")

    @classmethod
    def from_moves(
        cls, moves: str | Iterable[str], popout: bool = False, variant: Variant | None = None
    ) -> "ConnectGame":
        """A game after ``moves``: a string such as ``"4455"`` or ``"44p4"``, or a list of moves.

        Anything that does not give a position (bad options, a malformed or illegal move): BadPositionError.
        """
        try:
            if cls is ConnectGame:
                game = cls(variant, popout)
            elif variant is not None and variant != cls.variant:
                raise ValueError(
                    tr(
                        "variant={variant!r}: {cls} is always {name}",
                        variant=variant,
                        cls=cls.__name__,
                        name=tr(cls.variant.name),
                    )
                )
            else:
                game = cls(popout=popout)
        except (TypeError, ValueError) as e:
            raise BadPositionError(tr("from_moves: {e}", e=e)) from None
        if isinstance(moves, str):
            tokens: list[Any] = re.findall(r"[pP]?[0-9]|\S", moves.replace(" ", ""), re.ASCII)
        else:
            tokens = moves
        return replay(game, tokens, kind=str, example=N_("'4' or 'p4' (or one string '4455')"))

    def to_dict(self) -> dict:
        """``{"game": "five_in_a_row" | "connect_four" | "connect", "version": 2, "variant": {name, columns,
        rows, win, sides}, "popout": bool, "moves": [...], "resigned": seat or None}``."""
        return {
            "game": self.game_id,
            "version": SCHEMA_VERSION,
            "variant": asdict(self.variant),
            "popout": self.popout,
            "moves": list(self.history),
            "resigned": self._resigned,
        }

    @classmethod
    def from_dict(cls, d: Any) -> "ConnectGame":
        ids = ("five_in_a_row", "connect_four", "connect")
        if isinstance(d, dict) and d.get("version", 1) == 1 and isinstance(d.get("game"), str):
            ids = ids + (d["game"],)  # version 1 saved the variant's name ("5 en raya", …)
        version = check_header(d, ids, N_("5 en raya / Connect Four"))
        v = d.get("variant")
        fields = {"name", "columns", "rows", "win", "sides"}
        if not isinstance(v, dict) or not {"name", "columns", "rows", "win"} <= set(v) or not set(v) <= fields:
            raise BadPositionError(tr("variant {v!r}: not a saved variant (name, columns, rows, win, sides)", v=v))
        try:
            variant = Variant(**v)
        except (TypeError, ValueError) as e:
            raise BadPositionError(tr("variant: {e}", e=e)) from None
        popout = d.get("popout", False)
        if not isinstance(popout, bool):
            raise BadPositionError(tr("popout={popout!r}: True or False", popout=popout))
        moves = d.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise BadPositionError(tr("moves {moves!r}: a list of moves like '4' or 'p4'", moves=moves))
        resigned = d.get("resigned")
        if resigned is not None and (not is_int(resigned) or resigned not in (0, 1)):
            raise BadPositionError(tr("resigned={resigned!r}: not a seat (0 or 1)", resigned=resigned))
        target = {CONNECT_FOUR: ConnectFour, FIVE_IN_A_ROW: FiveInARow}.get(variant)
        game = target(popout=popout) if target else ConnectGame(variant, popout)
        if version >= 2 and d["game"] != game.game_id:
            raise BadPositionError(
                tr("game {game!r} does not match the saved variant ({name})", game=d["game"], name=variant.name)
            )
        return replay(game, moves, resigned=resigned)

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs): resigned, a line completed, or a draw and its reason."""
        if not self._over:
            return None
        if self._resigned is not None:
            return Outcome.win(Termination.RESIGNED, 1 - self._resigned, 2)
        if self._winner is not None:
            return Outcome.win(Termination.IN_A_ROW, self._winner, 2)
        how = {
            "full": Termination.BOARD_FULL,
            "repetition": Termination.REPETITION,
            "nothing to pop": Termination.NOTHING_TO_POP,
        }[self._draw_reason or "full"]
        return Outcome.shared(how, (0, 1), 2)

    def copy(self) -> "ConnectGame":
        """An independent copy (same class, grid, history and undo information)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.grid = [list(c) for c in self.grid]
        new.history = list(self.history)
        new._undo = list(self._undo)
        new._cells = list(self._cells)
        new._seen = dict(self._seen)
        return new

    # ------------------------------------------------------------------ display
    def rows_top_down(self) -> Iterator[list[int | None]]:
        for r in range(self.height - 1, -1, -1):
            yield [self.cell(c, r) for c in range(self.width)]

    def __str__(self) -> str:
        marks = {None: ".", 0: "X", 1: "O"}
        lines = []
        for row in self.rows_top_down():
            if self.variant.sides:
                lines.append(marks[row[0]] + "|" + " ".join(marks[x] for x in row[1:-1]) + "|" + marks[row[-1]])
            else:
                lines.append(" ".join(marks[x] for x in row))
        numbers = " ".join(str(n) for n in range(1, self.columns + 1))
        lines.append(("  " + numbers) if self.variant.sides else numbers)
        lines.append(
            f"{tr(self.variant.name)}{' + PopOut' if self.popout else ''} — {self.result_text()}"
            " " + tr("(X red, O yellow)")
        )
        return "\n".join(lines)

    def __repr__(self) -> str:
        name = type(self).__name__
        return f"{name}.from_moves({''.join(self.history)!r}{', popout=True' if self.popout else ''})"

    def _repr_html_(self) -> str:
        return html_of(self)  # the SVG of gamekit.connect.view (board_svg), which registers it


class ConnectFour(ConnectGame):
    """Standard Connect Four: 7 × 6, four in a line, empty start."""

    variant = CONNECT_FOUR

    def __init__(self, popout: bool = False) -> None:
        super().__init__(None, popout)


class FiveInARow(ConnectGame):
    """5 en raya: 9 × 6 with pre-filled side columns, five in a line."""

    variant = FIVE_IN_A_ROW

    def __init__(self, popout: bool = False) -> None:
        super().__init__(None, popout)


# ---------------------------------------------------------------------- helpers for lessons and tests
def count_lines(variant: Variant) -> dict[str, int]:
    """How many lines of ``variant.win`` cells the grid has, and how many each colour could still win
    from the start (lines through a side disc of the other colour can never be completed)."""
    total = red = yellow = through_sides = 0
    by_dir = {"horizontal": 0, "vertical": 0, "diagonal": 0}
    for line in variant.lines():
        sides = {variant.side_disc(c, r) for c, r in line} - {None}
        if len(sides) > 1:
            continue
        total += 1
        through_sides += bool(sides)
        (dc, dr) = (line[1][0] - line[0][0], line[1][1] - line[0][1])
        by_dir["horizontal" if dr == 0 else "vertical" if dc == 0 else "diagonal"] += 1
        red += RED in sides or not sides
        yellow += YELLOW in sides or not sides
    return {"lines": total, "red": red, "yellow": yellow, "through_sides": through_sides, **by_dir}


for _id in ("five_in_a_row", "connect_four", "connect"):  # gamekit.game.load reads saved games of these ids
    register(_id, lambda: ConnectGame)
del _id
