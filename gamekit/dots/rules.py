"""Dots and Boxes (Puntos y cajas): the rules engine.

Pure Python, no widget imports.

Notation
--------
Dots are named by column letter (``a``, ``b``, … left to right) and row number
(``1``, ``2``, … top to bottom).  A line joins two neighbouring dots: ``"a1-b1"``
is horizontal, ``"a1-a2"`` vertical.  Input is accepted in either order, any case,
with spaces (``" B1 - a1 "``); the canonical form is lower case with the left/top
dot first.  A box is named by its top-left dot (``"a1"``).

Lines are also numbered (the index the solver and the widget use): first the
horizontal lines row by row, then the vertical ones row by row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable

from gamekit.i18n import N_, tr
from gamekit.core.errors import BadPositionError, IllegalMoveError
from gamekit.core.saved import SCHEMA_VERSION, check_header, is_int, replay
from gamekit.core.outcome import Outcome, Termination
from gamekit.game import register

MIN_SIZE, MAX_SIZE = 1, 8
PRESETS = {"3×3": (3, 3), "4×4": (4, 4), "5×4": (5, 4), "5×5": (5, 5)}
SEAT_NAMES = ("gold", "coral")

# ASCII only: "a١-b1" (an Arabic-Indic digit) or "ſ1" is refused, not read as "a1-b1" / "s1"
_LINE_RE = re.compile(r"^\s*([a-z])\s*([0-9]{1,2})\s*-\s*([a-z])\s*([0-9]{1,2})\s*$", re.IGNORECASE | re.ASCII)
_BOX_RE = re.compile(r"^\s*([a-z])\s*([0-9]{1,2})\s*$", re.IGNORECASE | re.ASCII)


def dot_name(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


@dataclass(frozen=True)
class Geometry:
    """Everything about a board size that never changes: line numbering and which lines bound which box."""

    width: int
    height: int

    @property
    def n_horizontal(self) -> int:
        return (self.height + 1) * self.width

    @property
    def n_lines(self) -> int:
        return 2 * self.width * self.height + self.width + self.height

    @property
    def n_boxes(self) -> int:
        return self.width * self.height

    @property
    def n_dots(self) -> int:
        return (self.width + 1) * (self.height + 1)

    def h_line(self, col: int, row: int) -> int:
        """Index of the horizontal line from dot (col, row) to (col+1, row)."""
        return row * self.width + col

    def v_line(self, col: int, row: int) -> int:
        """Index of the vertical line from dot (col, row) to (col, row+1)."""
        return self.n_horizontal + row * (self.width + 1) + col

    def line_dots(self, line: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two dots (col, row) of a line, left/top first."""
        if line < self.n_horizontal:
            row, col = divmod(line, self.width)
            return (col, row), (col + 1, row)
        row, col = divmod(line - self.n_horizontal, self.width + 1)
        return (col, row), (col, row + 1)

    def line_name(self, line: int) -> str:
        (c1, r1), (c2, r2) = self.line_dots(line)
        return f"{dot_name(c1, r1)}-{dot_name(c2, r2)}"

    def box_name(self, box: int) -> str:
        row, col = divmod(box, self.width)
        return dot_name(col, row)

    def box_index(self, name: str) -> int:
        """Parse a box name (its top-left dot, e.g. ``"b2"``)."""
        m = _BOX_RE.match(name) if isinstance(name, str) else None
        if not m:
            raise ValueError(tr("{name!r}: a box is named by its top-left dot, like 'a1'", name=name))
        col, row = ord(m.group(1).lower()) - ord("a"), int(m.group(2)) - 1
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(
                tr(
                    "{name!r}: no box there on a {width}×{height} board",
                    name=name,
                    width=self.width,
                    height=self.height,
                )
            )
        return row * self.width + col

    @property
    def box_lines(self) -> tuple[tuple[int, int, int, int], ...]:
        """For each box (row by row): its top, bottom, left and right line."""
        return _box_lines(self.width, self.height)

    @property
    def line_boxes(self) -> tuple[tuple[int, ...], ...]:
        """For each line: the one or two boxes it bounds."""
        return _line_boxes(self.width, self.height)

    def parse_line(self, text: Any) -> int:
        """Parse ``"a1-b1"`` (either order, any case, spaces) into a line index, or say why not."""
        if not isinstance(text, str):
            raise IllegalMoveError(tr("{text!r}: malformed line, write two dots like 'a1-b1'", text=text))
        m = _LINE_RE.match(text)
        if not m:
            raise IllegalMoveError(tr("{text!r}: malformed line, write two dots like 'a1-b1'", text=text))
        dots = []
        for letter, number in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
            col, row = ord(letter.lower()) - ord("a"), int(number) - 1
            if not (0 <= col <= self.width and 0 <= row <= self.height):
                raise IllegalMoveError(
                    tr(
                        "{text!r}: dot {dot} is off the board (columns a–{last_column}, rows 1–{last_row})",
                        text=text,
                        dot=letter.lower() + str(number),
                        last_column=chr(ord("a") + self.width),
                        last_row=self.height + 1,
                    )
                )
            dots.append((col, row))
        (c1, r1), (c2, r2) = dots
        dc, dr = abs(c1 - c2), abs(r1 - r2)
        if dc == 0 and dr == 0:
            raise IllegalMoveError(tr("{text!r}: not neighbouring dots (both ends are the same dot)", text=text))
        if dc and dr:
            raise IllegalMoveError(tr("{text!r}: diagonal lines are not allowed", text=text))
        if dc + dr > 1:
            raise IllegalMoveError(
                tr("{text!r}: not neighbouring dots (a line joins two dots next to each other)", text=text)
            )
        c1, r1 = min(c1, c2), min(r1, r2)
        return self.h_line(c1, r1) if dc else self.v_line(c1, r1)


def line_names(geometry: Geometry) -> tuple[str, ...]:
    """Every line's name, by index (computed once per board size: ``history`` reads it after every move)."""
    names = _LINE_NAMES.get(geometry)
    if names is None:
        names = _LINE_NAMES[geometry] = tuple(geometry.line_name(i) for i in range(geometry.n_lines))
    return names


_LINE_NAMES: dict[Geometry, tuple[str, ...]] = {}


@lru_cache(maxsize=None)
def geometry(width: int, height: int) -> Geometry:
    return Geometry(width, height)


@lru_cache(maxsize=None)
def _box_lines(width: int, height: int) -> tuple[tuple[int, int, int, int], ...]:
    g = Geometry(width, height)
    return tuple(
        (g.h_line(c, r), g.h_line(c, r + 1), g.v_line(c, r), g.v_line(c + 1, r))
        for r in range(height)
        for c in range(width)
    )


@lru_cache(maxsize=None)
def _line_boxes(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    result: list[list[int]] = [[] for _ in range(Geometry(width, height).n_lines)]
    for box, sides in enumerate(_box_lines(width, height)):
        for line in sides:
            result[line].append(box)
    return tuple(tuple(b) for b in result)


class DotsAndBoxes:
    """A game of Dots and Boxes on a board ``width`` × ``height`` boxes (default 5 × 4, i.e. 6 × 5 dots).

    Seats: 0 is gold (moves first by default), 1 is coral.

    >>> g = DotsAndBoxes(3, 3)
    >>> g.play("a1-b1")
    'a1-b1'
    >>> g.to_move
    1
    """

    def __init__(self, width: int = 5, height: int = 4, *, first: int = 0, alternate_start: bool = True):
        for name, value in (("width", width), ("height", height)):
            if not isinstance(value, int) or isinstance(value, bool) or not MIN_SIZE <= value <= MAX_SIZE:
                raise ValueError(
                    tr("{name}={value!r}: the board must be 1 to 8 boxes in each direction", name=name, value=value)
                )
        if not is_int(first) or first not in (0, 1):
            raise ValueError(tr("first={first!r}: the first seat is 0 (gold) or 1 (coral)", first=first))
        if not isinstance(alternate_start, bool):
            raise ValueError(tr("alternate_start={alternate_start!r}: True or False", alternate_start=alternate_start))
        self.geometry = geometry(width, height)
        self.first = first
        self.alternate_start = alternate_start
        self.drawn = 0  # bitmask over line indices
        self.owners: list[int | None] = [None] * self.geometry.n_boxes
        self.to_move = first
        self.resigned: int | None = None
        self._log: list[tuple[int, int, tuple[int, ...]]] = []  # (line, player, boxes completed)

    # ----- size and naming -------------------------------------------------
    @property
    def width(self) -> int:
        return self.geometry.width

    @property
    def height(self) -> int:
        return self.geometry.height

    def line_index(self, line: str | int) -> int:
        return line if isinstance(line, int) and not isinstance(line, bool) else self.geometry.parse_line(line)

    def line_name(self, index: int) -> str:
        return self.geometry.line_name(index)

    # ----- state -----------------------------------------------------------
    @property
    def history(self) -> list[str]:
        """The lines drawn so far, in order, canonical."""
        names = line_names(self.geometry)
        return [names[line] for line, _, _ in self._log]

    @property
    def scores(self) -> tuple[int, int]:
        return (self.owners.count(0), self.owners.count(1))

    @property
    def log(self) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every line drawn so far as ``(line index, seat that drew it, boxes it completed)``."""
        return list(self._log)

    @property
    def last_completed(self) -> int:
        """How many boxes the last line completed (0, 1 or 2; 0 before the first line)."""
        return len(self._log[-1][2]) if self._log else 0

    @property
    def last_line_index(self) -> int | None:
        return self._log[-1][0] if self._log else None

    def is_drawn(self, line: str | int) -> bool:
        return bool(self.drawn >> self.line_index(line) & 1)

    def sides_drawn(self, box: int) -> int:
        return sum(self.drawn >> line & 1 for line in self.geometry.box_lines[box])

    def legal_moves(self) -> list[str]:
        if self.is_over():
            return []
        names, drawn = line_names(self.geometry), self.drawn
        return [names[i] for i in range(self.geometry.n_lines) if not drawn >> i & 1]

    def undrawn_lines(self) -> list[int]:
        return [i for i in range(self.geometry.n_lines) if not self.drawn >> i & 1]

    def is_over(self) -> bool:
        return self.outcome() is not None

    def winner(self) -> int | None:
        outcome = self.outcome()
        return None if outcome is None else outcome.winner

    # ----- actions ---------------------------------------------------------
    def play(self, line: str | int) -> str:
        """Draw ``line``; returns its canonical name (``"a1-b1"``), as stored in ``history``.

        Completing a box gives it to the player who drew the line, who then draws again;
        otherwise the turn passes.  ``last_completed`` says how many boxes the line completed.
        """
        if self.is_over():
            raise IllegalMoveError(tr("{line!r}: the game is over", line=line))
        if isinstance(line, int) and not isinstance(line, bool):
            if not 0 <= line < self.geometry.n_lines:
                raise IllegalMoveError(
                    tr(
                        "{line!r}: off the board (lines are numbered 0–{number})",
                        line=line,
                        number=self.geometry.n_lines - 1,
                    )
                )
            index = line
        else:
            index = self.geometry.parse_line(line)
        if self.drawn >> index & 1:
            raise IllegalMoveError(
                tr("{line!r}: line {line_name} is already drawn", line=line, line_name=self.geometry.line_name(index))
            )
        self.drawn |= 1 << index
        completed = tuple(b for b in self.geometry.line_boxes[index] if self.sides_drawn(b) == 4)
        player = self.to_move
        for b in completed:
            self.owners[b] = player
        self._log.append((index, player, completed))
        if not completed:
            self.to_move = 1 - player
        return self.geometry.line_name(index)

    def undo(self) -> str:
        """Take back the last action (a resignation, else the last line); returns what was undone."""
        if self.resigned is not None:
            self.resigned = None
            return "resign"
        if not self._log:
            raise IllegalMoveError(tr("undo: there is nothing to undo"))
        index, player, completed = self._log.pop()
        self.drawn &= ~(1 << index)
        for b in completed:
            self.owners[b] = None
        self.to_move = player
        return self.geometry.line_name(index)

    def resign(self, player: int) -> None:
        """``player`` gives up; the other seat wins."""
        if not is_int(player) or player not in (0, 1):
            raise IllegalMoveError(tr("resign({player!r}): the seats are 0 (gold) and 1 (coral)", player=player))
        if self.is_over():
            raise IllegalMoveError(tr("resign({player!r}): the game is over", player=player))
        self.resigned = player

    def next_game(self) -> "DotsAndBoxes":
        """A fresh game on the same board; the other seat starts if the alternate-start rule is on."""
        first = 1 - self.first if self.alternate_start else self.first
        return DotsAndBoxes(self.width, self.height, first=first, alternate_start=self.alternate_start)

    def copy(self) -> "DotsAndBoxes":
        other = DotsAndBoxes.__new__(DotsAndBoxes)
        other.geometry, other.first, other.alternate_start = self.geometry, self.first, self.alternate_start
        other.drawn, other.owners, other.to_move = self.drawn, list(self.owners), self.to_move
        other.resigned, other._log = self.resigned, list(self._log)
        return other

    # ----- building and saving ----------------------------------------------
    @classmethod
    def from_moves(cls, width: int, height: int, moves: Iterable[str] | str, **kwargs: Any) -> "DotsAndBoxes":
        """A game after playing ``moves`` (a list of lines, or one string separated by commas/spaces).

        Anything that does not give a position (a bad size, a malformed or illegal line): BadPositionError.
        """
        try:
            game = cls(width, height, **kwargs)
        except (TypeError, ValueError) as e:
            raise BadPositionError(tr("from_moves: {e}", e=e)) from None
        if isinstance(moves, str):
            moves = re.split(r"[,;\s]+", re.sub(r"\s*-\s*", "-", moves.strip())) if moves.strip() else []
        return replay(game, moves, kind=str, example="'a1-b1'", what="line")

    def to_dict(self) -> dict[str, Any]:
        """``{"game": "dots_and_boxes", "version": 2, "width", "height", "first", "alternate_start",
        "moves": [lines], "resigned": seat or None}``."""
        return {
            "game": "dots_and_boxes",
            "version": SCHEMA_VERSION,
            "width": self.width,
            "height": self.height,
            "first": self.first,
            "alternate_start": self.alternate_start,
            "moves": self.history,
            "resigned": self.resigned,
        }

    @classmethod
    def from_dict(cls, data: Any) -> "DotsAndBoxes":
        check_header(data, ("dots_and_boxes",), N_("Dots and Boxes"))
        missing = [k for k in ("width", "height", "moves") if k not in data]
        if missing:
            raise BadPositionError(tr("from_dict: missing {items}", items=", ".join(missing)))
        if not isinstance(data["moves"], list):
            raise BadPositionError(tr("from_dict: 'moves' must be a list of lines like 'a1-b1'"))
        resigned = data.get("resigned")
        if resigned is not None and (not is_int(resigned) or resigned not in (0, 1)):
            raise BadPositionError(tr("from_dict: resigned={resigned!r} is not a seat (0 or 1)", resigned=resigned))
        try:
            game = cls(
                data["width"],
                data["height"],
                first=data.get("first", 0),
                alternate_start=data.get("alternate_start", True),
            )
        except (ValueError, TypeError) as e:
            raise BadPositionError(tr("from_dict: {e}", e=e)) from None
        return replay(game, data["moves"], kind=str, example="'a1-b1'", what="move", resigned=resigned)

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs): resigned, or all boxes taken (scores = boxes).
        ``is_over()`` and ``winner()`` are read from it."""
        if self.resigned is None and None in self.owners:
            return None
        scores = self.scores
        if self.resigned is not None:
            return Outcome.win(Termination.RESIGNED, 1 - self.resigned, 2, scores)
        gold, coral = scores
        if gold == coral:
            return Outcome.shared(Termination.ALL_BOXES_TAKEN, (0, 1), 2, scores)
        return Outcome.win(Termination.ALL_BOXES_TAKEN, 0 if gold > coral else 1, 2, scores)

    # ----- display ------------------------------------------------------------
    def __str__(self) -> str:
        """A text picture: ``o`` dots, ``---`` and ``|`` lines, ``G``/``C`` for gold/coral boxes."""
        g, rows = self.geometry, []
        for r in range(self.height + 1):
            rows.append(
                "o" + "".join(("---" if self.is_drawn(g.h_line(c, r)) else "   ") + "o" for c in range(self.width))
            )
            if r < self.height:
                cells = []
                for c in range(self.width + 1):
                    cells.append("|" if self.is_drawn(g.v_line(c, r)) else " ")
                    if c < self.width:
                        owner = self.owners[r * self.width + c]
                        cells.append(" " + ("G" if owner == 0 else "C" if owner == 1 else " ") + " ")
                rows.append("".join(cells))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return (
            f"DotsAndBoxes({self.width}, {self.height}) after {len(self._log)} lines, "
            f"score {self.scores[0]}–{self.scores[1]}, "
            + ("over" if self.is_over() else f"{SEAT_NAMES[self.to_move]} to move")
        )

    def _repr_html_(self) -> str:
        return f"<pre style='line-height:1.1'>{self}</pre><div>{self!r}</div>"


register("dots_and_boxes", lambda: DotsAndBoxes)  # gamekit.game.load reads saved games of this id
