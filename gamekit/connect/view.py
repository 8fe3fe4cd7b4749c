"""How a 5 en raya / Connect Four board looks and where a click lands, as plain data: the pixel layout
(:class:`GridLayout`, :func:`layout_for`), the picture of a position (:func:`connect_scene`, a
:class:`gamekit.core.scene.Scene`), the pointer's ghost disc and :func:`move_at`, the hit-testing of a click, and
:func:`board_svg`, the static SVG a game shows in a notebook (in the same colours).  No widget library: the
notebook widget (:mod:`gamekit.connect.widget`), the lessons and the room server
(:mod:`gamekit.rooms.games`) all use this.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Iterable, Mapping

from gamekit.connect.rules import ConnectGame
from gamekit.core.errors import IllegalMoveError
from gamekit.i18n import tr
from gamekit.core.scene import BACKGROUND, INK, REVIEW_COLOURS, REVIEW_SYMBOLS, REVIEW_TEXT, Scene

__all__ = [
    "GridLayout",
    "layout_for",
    "connect_scene",
    "ghost_disc",
    "move_at",
    "DISC",
    "DISC_DARK",
    "GRID_BLUE",
    "CARDBOARD",
    "CARDBOARD_DARK",
    "HOLE",
    "WIN_RING",
    "CURSOR",
    "VERDICT_COLOURS",
    "GHOST_ALPHA",
    "last_disc",
    "review_scene",
    "SIDE_RIM",
    "LAST_MARK",
    "LAST_RIM",
    "HINT_INK",
    "ROW_INK",
    "TINT_MARK",
    "hint_mark",
    "last_mark",
    "RULE_LETTERS",
    "rule_labels",
]


DISC = ("#d62828", "#f4c20d")  # red, yellow
DISC_DARK = ("#8d1919", "#a57f00")
GRID_BLUE = "#1f5fbf"
CARDBOARD = "#c49a6c"
CARDBOARD_DARK = "#8b6a43"
HOLE = BACKGROUND
WIN_RING = "#1b1b1b"
CURSOR = "#2e86de"
VERDICT_COLOURS = {
    "win": "#17693a",
    "draw": "#4d4d4d",
    "loss": "#a93226",
    "bound": "#5e5e5e",
    "unknown": INK,
}  # the Hint's words under the columns: 5.6:1 or more on the background

DISC_EDGE = "#ffffff"  # every disc's rim: 6:1 against the blue grid (the red alone is 1.2:1)
SIDE_RIM = "#1b1b1b"  # a side disc's outer rim: 6.7:1 on the cardboard (red alone 1.95:1, the white rim 2.57:1)
LAST_MARK = "#ffffff"  # the last disc's bead: white (5:1 on red)…
LAST_RIM = INK  # …ringed in ink (7:1 on yellow): a shape seen at a glance, not a colour
HINT_INK = (
    "#17693a"  # the Hint's arrow (6.3:1 on the background) and ring (6.7:1 on its white ring, white 6:1 on the grid)
)
ROW_INK = "#5d6770"  # the row numbers left of the grid: 5.4:1 on the background
TINT_MARK = INK  # the seat's mark in a tinted (threat) cell: a ring for red, a diamond for yellow
MARK_INK = "#2f3640"  # yellow discs carry a dark diamond: a cue that does not depend on colour (7:1 on yellow)
DISC_COLOURS = DISC  # the SVG's discs: the widget's and the room page's colours (one red, one yellow)
SVG_GRID = "#1d4ed8"  # the SVG's grid (a darker blue than the canvas's: the rims stand out on white pages)


def diamond(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    """The corners of the mark on a yellow disc centred at (x, y) (shared by the canvas scenes and the SVG)."""
    return [(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)]


def board_svg(
    game: ConnectGame,
    size: int = 36,
    highlight: Iterable[tuple[int, int]] = (),
    marks: dict[tuple[int, int], str] | None = None,
) -> str:
    """A static SVG picture of the grid (for notebooks): side columns on a cardboard strip,
    the last disc dotted, winning cells ringed, optional text ``marks`` on cells."""
    w, h = game.width, game.height
    pad = 6
    W, H = w * size + 2 * pad, h * size + 2 * pad + 18
    label = html.escape(tr("{variant} board: {result}", variant=tr(game.variant.name), result=game.result_text()))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
        f'role="img" aria-label="{label}">',
        f'<rect x="{pad}" y="{pad}" width="{w * size}" height="{h * size}" rx="8" fill="{SVG_GRID}"/>',
    ]
    if game.variant.sides:
        for c in (0, w - 1):
            parts.append(
                f'<rect x="{pad + c * size + 2}" y="{pad}" width="{size - 4}" height="{h * size}" '
                f'rx="6" fill="#b08850" stroke="#7a5a2e"/>'
            )
    last = last_disc(game)
    ring = set(highlight) | set(game.winning_cells())
    for c in range(w):
        for r in range(h):
            x = pad + c * size + size / 2
            y = pad + (h - 1 - r) * size + size / 2
            v = game.cell(c, r)
            fill = "#ffffff" if v is None else DISC_COLOURS[v]
            stroke = (
                ' stroke="#111" stroke-width="3"'
                if (c, r) in ring
                else f' stroke="{DISC_EDGE}" stroke-width="1.5"'
                if v is not None
                else ""
            )
            if v is not None and game.variant.sides and c in (0, w - 1) and (c, r) not in ring:
                parts.append(f'<circle cx="{x}" cy="{y}" r="{size * 0.4 + 1.5:.1f}" fill="{SIDE_RIM}"/>')
            parts.append(f'<circle cx="{x}" cy="{y}" r="{size * 0.4:.1f}" fill="{fill}"{stroke}/>')
            if v == 1:
                points = " ".join(f"{px:.1f},{py:.1f}" for px, py in diamond(x, y, size * 0.17))
                parts.append(f'<polygon class="mark" points="{points}" fill="{MARK_INK}"/>')
            if (c, r) == last:
                parts.append(
                    f'<circle class="last" cx="{x}" cy="{y}" r="{size * 0.13:.1f}" fill="{LAST_MARK}" '
                    f'stroke="{LAST_RIM}" stroke-width="2"/>'
                )
            if marks and (c, r) in marks:
                parts.append(
                    f'<text x="{x}" y="{y + 5}" font-size="{size * 0.4:.0f}" text-anchor="middle" '
                    f'font-family="sans-serif">{marks[(c, r)]}</text>'
                )
    for n in range(1, game.columns + 1):
        x = pad + game.grid_column(n) * size + size / 2
        parts.append(
            f'<text x="{x}" y="{H - 4}" font-size="13" text-anchor="middle" font-family="sans-serif">{n}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


__all__ += ["board_svg", "diamond", "DISC_EDGE", "MARK_INK", "DISC_COLOURS"]

from gamekit.core.pictures import register_html  # noqa: E402  (kept apart from the imports above)

register_html(ConnectGame, board_svg)  # a ConnectGame shows itself in a notebook as this SVG


@dataclass(frozen=True)
class GridLayout:
    """Pixel geometry (CSS pixels): one row of space above the grid for the hover disc,
    a strip below for column numbers and verdicts."""

    width: int
    height: int
    cell: float = 44
    margin: float = 12
    top: float = 44
    bottom: float = 40

    @property
    def css_size(self) -> tuple[int, int]:
        return (
            math.ceil(2 * self.margin + self.width * self.cell),
            math.ceil(self.margin + self.top + self.height * self.cell + self.bottom),
        )

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """Centre of grid cell (col, row); row 0 is the bottom."""
        x = self.margin + (col + 0.5) * self.cell
        y = self.margin + self.top + (self.height - 1 - row + 0.5) * self.cell
        return x, y

    def grid_box(self) -> tuple[float, float, float, float]:
        return self.margin, self.margin + self.top, self.width * self.cell, self.height * self.cell

    def column_at(self, x: float, y: float) -> int | None:
        """Grid column under (x, y) — anywhere from the hover strip to the numbers — or None."""
        w, h = self.css_size
        if not (0 <= y <= h):
            return None
        col = math.floor((x - self.margin) / self.cell)
        return col if 0 <= col < self.width else None

    def row_at(self, y: float) -> int | None:
        r = self.height - 1 - math.floor((y - self.margin - self.top) / self.cell)
        return r if 0 <= r < self.height else None


def layout_for(game: ConnectGame, cell: float = 44) -> GridLayout:
    return GridLayout(game.width, game.height, cell=cell, top=cell)


def connect_scene(
    game: ConnectGame,
    layout: GridLayout,
    *,
    hover: int | None = None,
    cursor: int | None = None,
    highlight: Iterable[tuple[int, int]] = (),
    tints: Mapping[tuple[int, int], str | tuple[str, int]] | None = None,
    labels: Mapping[tuple[int, int], str] | None = None,
    verdicts: Mapping[int, tuple[str, str]] | None = None,
    show_last: bool = True,
    hint: str | None = None,
) -> Scene:
    """The picture of a position: column numbers under the grid, row numbers left of it, the last disc
    marked (:func:`last_mark`).

    ``hover``/``cursor``: a grid column where a ghost disc shows where the next disc would land;
    ``highlight``: cells ringed (winning cells are always ringed); ``tints``: cells filled with a
    colour behind the disc (threat cells in the lessons) — a ``(colour, seat)`` pair adds the seat's mark
    in an empty cell (a ring for red, a diamond for yellow: the cue that does not depend on colour);
    ``labels``: short texts on cells; ``verdicts``: grid column → (text, kind) written under the column
    (kind: win/draw/loss/unknown); ``hint``: the Hint's move (``"4"``), drawn by :func:`hint_mark`.
    """
    scene = Scene()
    w, h = layout.css_size
    s = layout.cell
    scene.add("rect", 0, 0, w, h, BACKGROUND)
    gx, gy, gw, gh = layout.grid_box()
    first, last = (1, game.width - 2) if game.variant.sides else (0, game.width - 1)
    # the blue grid over the playable columns, the cardboard side pieces beside it
    scene.add("rect", gx + first * s - 4, gy - 4, (last - first + 1) * s + 8, gh + 8, GRID_BLUE)
    if game.variant.sides:
        for c in (0, game.width - 1):
            scene.add("rect", gx + c * s + 3, gy - 6, s - 6, gh + 12, CARDBOARD)
            scene.add("stroke_rect", gx + c * s + 3, gy - 6, s - 6, gh + 12, CARDBOARD_DARK, 2)
    r = s * 0.38
    ringed = set(highlight) | set(game.winning_cells())
    last_cell = last_disc(game) if show_last else None
    for c in range(game.width):
        for row in range(game.height):
            x, y = layout.centre(c, row)
            tint = tints.get((c, row)) if tints else None
            tint_colour, tint_seat = tint if isinstance(tint, tuple) else (tint, None)
            if tint_colour:
                scene.add("circle", x, y, s * 0.47, tint_colour)
            v = game.cell(c, row)
            if v is None:
                scene.add("circle", x, y, r, HOLE)
                if tint_seat == 0:
                    scene.add("ring", x, y, r * 0.3, TINT_MARK, 2)
                elif tint_seat == 1:
                    scene.add("polygon", diamond(x, y, r * 0.36), TINT_MARK)
            else:
                if game.variant.sides and c in (first - 1, last + 1):
                    scene.add("circle", x, y, r + 2, SIDE_RIM)  # a side disc stands out from the cardboard
                scene.add("circle", x, y, r, DISC[v])
                scene.add("ring", x, y, r * 0.72, DISC_DARK[v], 1.5)
                scene.add("ring", x, y, r, DISC_EDGE, 1.5)  # the rim: the disc stands out from the grid
                if v == 1:  # yellow's mark (not only its colour)
                    scene.add("polygon", diamond(x, y, r * 0.42), MARK_INK)
            if (c, row) in ringed:
                scene.add("ring", x, y, r + 1, WIN_RING, 4)
                scene.add("ring", x, y, r - 3, "#ffffff", 2)
            if (c, row) == last_cell:
                scene.extend(last_mark(layout, c, row))
            if labels and (c, row) in labels:
                scene.add("text", x, y, labels[(c, row)], f"bold {s * 0.32:.0f}px sans-serif", INK, "center")
    if hint is not None and not game.is_over():
        scene.extend(hint_mark(game, layout, hint))
    for col, colour in ((hover, DISC[game.to_move]), (cursor, CURSOR)):
        if col is None or game.is_over() or game.column_number(col) is None:
            continue
        if col != cursor:
            for item in ghost_disc(game, layout, col, colour):
                scene.add(*item)
            continue
        x, y = layout.centre(col, game.height)  # the strip above the grid
        scene.add("ring", x, y, r, CURSOR, 3)
        land = game.landing_cell(game.column_number(col))
        if land is not None:
            scene.add("ring", *layout.centre(*land), r, CURSOR, 3)
    # row numbers on the left (1 at the bottom), column numbers and verdicts underneath
    row_font = f"{max(9, min(12, round(layout.margin * 0.85)))}px sans-serif"
    for row in range(game.height):
        _, y = layout.centre(0, row)
        scene.add("text", layout.margin / 2, y, str(row + 1), row_font, ROW_INK, "center")
    ny = gy + gh + 14
    for n in range(1, game.columns + 1):
        c = game.grid_column(n)
        x, _ = layout.centre(c, 0)
        scene.add("text", x, ny, str(n), "bold 13px sans-serif", INK, "center")
        if verdicts and c in verdicts:
            words, kind = verdicts[c]
            scene.add("text", x, ny + 15, words, "11px sans-serif", VERDICT_COLOURS.get(kind, INK), "center")
    return scene


def last_mark(layout: GridLayout, col: int, row: int) -> list[tuple]:
    """The mark on the last disc dropped: a white bead ringed in ink in its middle, big enough to see at a
    glance on either colour (its shape is the cue, not its colour)."""
    x, y = layout.centre(col, row)
    r = layout.cell * 0.14
    return [("circle", x, y, r, LAST_MARK), ("ring", x, y, r, LAST_RIM, 2)]


def hint_mark(game: ConnectGame, layout: GridLayout, move: str) -> list[tuple]:
    """The Hint's move on the board: an arrow pointing down into its column above the grid and, for a drop, a
    thick ring round the cell where the disc would land (a pop: round the bottom disc), in :data:`HINT_INK`
    — shapes, so colour is not the only cue."""
    n = int(str(move).lstrip("p"))
    col = game.grid_column(n)
    x, y = layout.centre(col, game.height)
    a = layout.cell * 0.3
    items: list[tuple] = [("polygon", [(x - a, y - a * 0.6), (x + a, y - a * 0.6), (x, y + a * 0.8)], HINT_INK)]
    cell = (col, 0) if str(move).startswith("p") else game.landing_cell(n)
    if cell is not None:
        cx, cy = layout.centre(*cell)
        items += [
            ("ring", cx, cy, layout.cell * 0.38 + 1, "#ffffff", 6),
            ("ring", cx, cy, layout.cell * 0.38 + 1, HINT_INK, 3),
        ]
    return items


RULE_LETTERS = {
    "claimeven": "c",
    "vertical": "v",
    "baseinverse": "b",
    "lowinverse": "l",
    "mirror": "m",
    "baseclaim": "b",
    "highinverse": "h",
    "aftereven": "a",
    "threat": "t",
}
"""The letter a rule's cells carry on the board (:func:`rule_labels`): the first letter of the rule's name."""


def rule_labels(proof) -> dict[tuple[int, int], str]:
    """Cell → letter for the rule instances of a :class:`gamekit.connect.prove.Proof` (for ``connect_scene``'s
    ``labels``): a claimeven's upper cell, the one the defender surely gets, carries "c" (a vertical's "v");
    both cells of a baseinverse "b" (a baseclaim's four too), the four of a lowinverse "l", a mirror's "m", the
    six of a highinverse "h"; the cells of an aftereven group "a" and a threat kept for the end "t".  Letters,
    so colour is not the cue."""
    labels = {}
    for rule in proof.rules:
        letter = RULE_LETTERS[rule.kind]
        for cell in rule.cells[1:] if rule.kind in ("claimeven", "vertical", "threat") else rule.cells:
            labels[cell] = letter
    return labels


GHOST_ALPHA = "66"  # the landing ghost's fill: the disc colour at 40 % opacity (#rrggbbaa)


def ghost_disc(game: ConnectGame, layout: GridLayout, col: int, colour: str) -> list[tuple]:
    """What pointing at grid column ``col`` shows (the scene primitives): a disc of ``colour`` (``#rrggbb``, the
    mover's) in the strip above the grid and, at the cell where it would land, a translucent disc of that colour
    ringed in it; the landing part is left out when the column is full.  Used by :func:`connect_scene` and by
    the room page (``gamekit.rooms.games``)."""
    r = layout.cell * 0.38
    items = [("circle", *layout.centre(col, game.height), r, colour)]
    land = game.landing_cell(game.column_number(col))
    if land is not None:
        lx, ly = layout.centre(*land)
        items += [("circle", lx, ly, r, colour + GHOST_ALPHA), ("ring", lx, ly, r, colour, 3)]
    return items


def last_disc(game: ConnectGame) -> tuple[int, int] | None:
    """The grid cell of the last disc dropped, or None (no move yet, or the last move was a pop)."""
    if not game.history or game.history[-1].startswith("p"):
        return None
    col = game.grid_column(int(game.history[-1]))
    return (col, len(game.grid[col]) - 1)


def move_at(game: ConnectGame, layout: GridLayout, x: float, y: float) -> str:
    """The move a click at (x, y) makes: the drop into the column under it (``"4"``), or with PopOut on, a click
    on the mover's own bottom disc pops it (``"p4"``); IllegalMoveError naming what is wrong otherwise (outside
    the grid, a side column).  Whether the drop is legal (a full column) is the game's to say."""
    col = layout.column_at(x, y)
    if col is None:
        raise IllegalMoveError(tr("Click on a column of the grid to drop a disc there."))
    n = game.column_number(col)
    if n is None:
        raise IllegalMoveError(
            tr("The side columns are fixed cardboard pieces: drop into one of the seven middle columns.")
        )
    if game.popout and layout.row_at(y) == 0:
        column = game.grid[col]
        if column and column[0] == game.to_move:
            return f"p{n}"  # a click on your own bottom disc pops it
    return str(n)


def review_scene(
    game: ConnectGame,
    layout: GridLayout,
    move: str | None = None,
    verdict: str = "unjudged",
    best: tuple[str, ...] = (),
) -> Scene:
    """One step of a game's review: the position after ``move`` (its disc marked as the last one), above the
    move's column a mark in its verdict's colour carrying the verdict's symbol (best ✓, inaccuracy ?!,
    mistake ?, unjudged ·), and above each better column (``best``, when the move was not one of them) a ✓
    ring in the colour of a best move."""
    scene = connect_scene(game, layout)
    if move is None:
        return scene
    r = layout.cell * 0.3
    font = f"bold {r * 1.1:.0f}px sans-serif"
    if verdict in ("inaccuracy", "mistake"):
        for other in best:
            if other.startswith("p") or other == move:
                continue
            x, y = layout.centre(game.grid_column(int(other)), game.height)
            scene.add("ring", x, y, r, REVIEW_COLOURS["best"], 3)
            scene.add("text", x, y, REVIEW_SYMBOLS["best"], font, REVIEW_COLOURS["best"], "center")
    x, y = layout.centre(game.grid_column(int(move.lstrip("p"))), game.height)
    scene.add("circle", x, y, r, REVIEW_COLOURS[verdict])
    scene.add("text", x, y, REVIEW_SYMBOLS[verdict], font, REVIEW_TEXT, "center")
    return scene
