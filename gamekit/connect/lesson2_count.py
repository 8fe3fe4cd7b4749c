"""Lesson 2's worked count of a forced reply, first with made-up numbers and no board, then on a real board:
both players have a threat with a ✗ cell under it; safe cells first, then the player to move drops into the ✗ cell
under their own threat and the other must block on top; the same player is to move again and must drop under the
other's threat, who makes five.  The table on the page and the sentence under it come from :func:`forced_pair`;
the step-through after it plays the same count on a board (:func:`board_count`), checked move by move on the rules
engine and against the exact solver.  Its two threats are both on even rows, unlike exercise 13's odd against
even, so it shows how to count without answering that exercise."""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.connect.lesson_pictures import CELL, SUBJECT, scene, threat_letter
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.connect.solver import solve
from gamekit.connect.threats import playable_threats, safe_cells, threat_cells
from gamekit.connect.view import layout_for
from gamekit.display import Table
from gamekit.i18n import tr
from gamekit.widgets.stepthrough import Step as BoardStep
from gamekit.widgets.stepthrough import StepThrough

YOU, OPPONENT = "you", "opponent"

BOARD_COUNT = "2343663771111155362455145224357766"
"""The real board of the worked count: red to move, 8 empty cells; red's threat in column 4 and yellow's in
column 7, both on row 6, each right above the next cell of its column (the ✗ cells, row 5); the 4 other empty
cells are safe for both.  Counted: red, yellow, red, yellow fill them; red drops under its own threat, yellow
blocks; red must drop under yellow's threat, and yellow makes five.  The exact solver agrees: yellow wins."""


def count_verdict(game: ConnectGame) -> int:
    """The winner (seat) lesson 2's count predicts: the players fill the safe cells (:func:`safe_cells`) in turn; the
    one to move when they run out may use a forced pair under their own threat (two cells, so the turn comes back)
    and must then drop under the other's threat, who makes five.  ValueError where the page's count says nothing: a
    threat a disc can use now, no ✗ cell of the other player for the one stuck, or a forced pair that frees an odd
    number of cells above the blocked threat (they would change whose turn it is)."""
    if playable_threats(game, 0) or playable_threats(game, 1):
        raise ValueError("the count needs threats no disc can use yet")
    stuck = game.to_move if len(safe_cells(game)) % 2 == 0 else 1 - game.to_move
    mine = [(c, r) for c, r in threat_cells(game, stuck) if r > len(game.grid[c])]
    theirs = [(c, r) for c, r in threat_cells(game, 1 - stuck) if r > len(game.grid[c])]
    if not theirs:
        raise ValueError("the count needs a ✗ cell under the other player's threat for the one who runs out")
    if any((game.height - r - 1) % 2 for _, r in mine):
        raise ValueError("the count needs each forced pair to free an even number of cells above it")
    return 1 - stuck


@dataclass(frozen=True)
class Step:
    """One disc of the worked count: its number, who drops it, and into which cell (``"safe"``, ``"cross"`` for the
    ✗ cell under the dropper's own threat, ``"block"`` for the forced reply on top of it, ``"under"`` for the ✗ cell
    under the other player's threat, ``"five"`` for the disc on top of that, which makes five)."""

    turn: int
    player: str
    cell: str


def _other(player: str) -> str:
    return OPPONENT if player == YOU else YOU


def forced_pair(safe: int = 3) -> list[Step]:
    """``safe`` safe cells are left and it is your turn; each player has a threat with a ✗ cell under it, in
    different columns.  The players fill the safe cells in turn.  The one to move when they are gone drops into
    their own ✗ cell (safe for its owner) and the other must block on top: the forced reply.  The same player is to
    move again, with no cell left but the ✗ cell under the other's threat: they drop there and the other makes
    five on top of it."""
    if safe < 1:
        raise ValueError(tr("the worked count needs at least one safe cell"))
    steps, mover = [], YOU
    for n in range(1, safe + 1):
        steps.append(Step(n, mover, "safe"))
        mover = _other(mover)
    for cell, player in (("cross", mover), ("block", _other(mover)), ("under", mover), ("five", _other(mover))):
        steps.append(Step(len(steps) + 1, player, cell))
    return steps


def _who(player: str) -> str:
    return tr("you") if player == YOU else tr("your opponent")


def _where(step: Step, safe_index: int) -> str:
    if step.cell == "safe":
        return tr("safe cell {n}", n=safe_index)
    if step.cell == "cross":
        return tr("the ✗ cell under your own threat") if step.player == YOU else tr("the ✗ cell under their own threat")
    if step.cell == "under":
        return (
            tr("the ✗ cell under your opponent's threat: no other cell is left")
            if step.player == YOU
            else tr("the ✗ cell under your threat: no other cell is left")
        )
    return {
        "block": tr("on top of it, to block the threat: the forced reply"),
        "five": tr("on top of it: five in a line, and the game is won"),
    }[step.cell]


def worked_count(safe: int = 3) -> Table:
    """The worked count under lesson 2's "How to count": one row a disc, made-up numbers, no board."""
    rows, k = [], 0
    for step in forced_pair(safe):
        k += step.cell == "safe"
        rows.append([str(step.turn), _who(step.player), _where(step, k)])
    return Table(
        [tr("disc"), tr("who"), tr("where")],
        rows,
        caption=tr(
            "A worked count: {n} safe cells left, your turn; your opponent has a ✗ cell under a threat, and so do you",
            n=safe,
        ),
    )


def board_count_line(game: ConnectGame) -> list[tuple[str, str]]:
    """The count played out on ``game``, as (kind, column) pairs with :class:`Step`'s kinds: the safe cells (the
    empty cells outside the two threats' columns, filled lowest first from the left), then the forced pair, then
    the drop under the other's threat and the five on top.  ValueError unless each player has exactly one threat
    cell, in different columns, each right above its column's next cell (the ✗ cell), no disc can use a threat
    yet, every safe drop leaves both threats as they were and ends nothing, and the five ends the game for the
    player the exact solver says wins: the count is the game's real outcome, not a story."""
    red, yellow = threat_cells(game, 0), threat_cells(game, 1)
    if len(red) != 1 or len(yellow) != 1 or red[0][0] == yellow[0][0]:
        raise ValueError("the board count needs one red and one yellow threat cell, in different columns")
    if playable_threats(game, 0) or playable_threats(game, 1):
        raise ValueError("the board count needs threats no disc can use yet")
    if any(len(game.grid[c]) != r - 1 for c, r in (red[0], yellow[0])):
        raise ValueError("the board count needs each threat right above its column's next cell")
    threat_column = {red[0][0]: 0, yellow[0][0]: 1}
    g, line = game.copy(), []
    while True:
        free = [
            c
            for c in range(g.width)
            if g.column_number(c) is not None and c not in threat_column and len(g.grid[c]) < g.height
        ]
        if not free:
            break
        move = str(g.column_number(free[0]))
        g.play(move)
        line.append(("safe", move))
        if g.is_over() or threat_cells(g, 0) != red or threat_cells(g, 1) != yellow:
            raise ValueError(f"the board count: the drop into column {move} is not safe for both")
    stuck = g.to_move
    own = next(c for c, seat in threat_column.items() if seat == stuck)
    other = next(c for c, seat in threat_column.items() if seat != stuck)
    for kind, c in (("cross", own), ("block", own), ("under", other), ("five", other)):
        move = str(g.column_number(c))
        g.play(move)
        line.append((kind, move))
    score = solve(game)
    best = game.to_move if score > 0 else 1 - game.to_move
    if g.winner() != 1 - stuck or score == 0 or best != 1 - stuck:
        raise ValueError("the board count must end in the five the exact solver finds")
    return line


def _board_caption(before: ConnectGame, kind: str, move: str, safe_left: int) -> str:
    seat = before.to_move
    who, colour, other = SUBJECT[seat](), tr(COLOUR_NAMES[seat]), tr(COLOUR_NAMES[1 - seat])
    if kind == "safe":
        return tr(
            "{who} drops into column {move}: a safe cell. Safe cells left: {left}.", who=who, move=move, left=safe_left
        )
    if kind == "cross":
        return tr(
            "No safe cell is left, and it is {colour}'s turn. {who} drops into column {move}, the ✗ cell under its "
            "own threat: that cell is safe for its owner.",
            colour=colour,
            who=who,
            move=move,
        )
    if kind == "block":
        return tr(
            "{who} must block on top at once: the forced reply. Two cells are used up, and it is {other}'s turn "
            "again: a forced pair never changes whose turn it is.",
            who=who,
            other=other,
        )
    if kind == "under":
        return tr(
            "{who} has only one cell left and must drop there: column {move}, right under {other}'s threat.",
            who=who,
            move=move,
            other=other,
        )
    return tr(
        "{who} drops on top and makes five. The exact solver agrees: with best play, {colour} wins from the first "
        "picture.",
        who=who,
        colour=colour,
    )


def board_count_steps(moves: str = BOARD_COUNT) -> list[BoardStep]:
    """The board count as steps: the position with its R, Y and ✗ cells marked (not how many safe cells it has: the
    page asks the pupil to count them first), then one step a disc, each captioned from the board (who drops where,
    safe cells left, the forced pair)."""
    game = FiveInARow.from_moves(moves)
    line = board_count_line(game)
    safe = sum(kind == "safe" for kind, _ in line)
    start = tr(
        "{who} to move. {r} is red's threat, {y} is yellow's; ✗ marks the cell under each. Every other empty cell "
        "is safe for both. Count them, and take turns.",
        who=SUBJECT[game.to_move](),
        r=threat_letter(0),
        y=threat_letter(1),
    )
    out = [BoardStep(lambda g=game: scene(g, danger=True, show_last=False), start, game)]
    g, left = game.copy(), safe
    for kind, move in line:
        before = g.copy()
        g.play(move)
        left -= kind == "safe"
        after = g.copy()
        marks = dict(danger=not after.is_over(), highlight=after.winning_cells() if after.is_over() else ())
        out.append(BoardStep(lambda g=after, m=marks: scene(g, **m), _board_caption(before, kind, move, left), after))
    return out


def board_count() -> StepThrough:
    """The worked count on a real board, under the made-up one on lesson 2's page (**Next** or **Play**)."""
    return StepThrough(
        board_count_steps(),
        size=layout_for(FiveInARow(), CELL).css_size,
        title=tr("The count on a real board"),
        interval=1.5,
    )
