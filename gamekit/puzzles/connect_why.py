"""Why a right drop of a 5 en raya / Connect Four puzzle is right, read off the position: the column, and the
line, threat or cell it makes or blocks (a threat's row and whether that row is odd or even), in the pupil's
words.  Each sentence is computed from the board after the drop (:mod:`gamekit.connect.threats`), so it names
what is really there; where no such cell or line is found the caller keeps the idea's general reason."""

from __future__ import annotations

from typing import Any

from gamekit.connect.rules import ConnectGame
from gamekit.connect.threats import threat_cells
from gamekit.i18n import N_, ntr, tr
from gamekit.puzzles.connect_cells import COLOURS, cell_words, double_threat_cells
from gamekit.puzzles.connect_defence import later_double_why, stop_why
from gamekit.puzzles.connect_best_line import (
    after_drop,
    harmless_count,
    row_threat,
    waiting_threat,
    winning_cell,
    wins_at_once,
)

Cell = tuple[int, int]

LINE = {4: N_("four"), 5: N_("five")}
PARITY = (N_("an odd row, red's kind"), N_("an even row, yellow's kind"))
"""A threat's row as the lessons name it: odd rows (1, 3, 5) are red's, even rows yellow's."""


def line_cells_through(game: ConnectGame, cell: Cell, seat: int) -> list[Cell]:
    """The cells of the lines a ``seat`` disc at the empty ``cell`` would complete (pretending it floats there)."""
    c, r = cell
    column = game.grid[c]
    saved = list(column)
    try:
        column[:] = saved + [None] * (r - len(saved)) + [seat]
        return game.lines_through(c, r, seat)
    finally:
        column[:] = saved


def side_disc(after: ConnectGame, cell: Cell, seat: int) -> Cell | None:
    """The lowest disc of an outer column (5 en raya) on a line ``seat`` would complete at the empty ``cell`` of
    the board ``after`` a drop, else None (a board without outer columns: always None)."""
    sides = [(c, r) for c, r in line_cells_through(after, cell, seat) if after.is_side(c)]
    return min(sides, key=lambda side: (side[1], side[0])) if sides else None


SIDE_LINE = N_("Its line runs through the disc in {side}.")
"""The sentence added to a reason that names a threat whose line uses a disc of an outer column."""


def _side_words(game: ConnectGame, after: ConnectGame, cells: list[Cell], seat: int) -> str:
    """A space and :data:`SIDE_LINE` for the first of ``cells`` whose line uses an outer column's disc, else an
    empty string."""
    for cell in cells:
        side = side_disc(after, cell, seat)
        if side is not None:
            return " " + tr(SIDE_LINE, side=cell_words(game, side))
    return ""


DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
"""The four ways a line runs: across, up, and the two diagonals."""


def completed_lines(after: ConnectGame, cell: Cell) -> list[list[Cell]]:
    """Each straight line of the same colour as the disc in ``cell`` that runs through it and is at least the
    winning length long, as its cells from one end to the other (one list per direction)."""
    seat = after.cell(*cell)
    lines = []
    for dc, dr in DIRECTIONS:
        run = [cell]
        for sign in (1, -1):
            c, r = cell[0] + sign * dc, cell[1] + sign * dr
            while 0 <= c < after.width and 0 <= r < after.height and after.cell(c, r) == seat:
                run.append((c, r))
                c, r = c + sign * dc, r + sign * dr
        if len(run) >= after.win_length:
            lines.append(sorted(run))
    return lines


def line_words(game: ConnectGame, line: list[Cell]) -> str:
    """A completed line as a sentence names it: how many discs (the winning length, or a longer line) and its
    two true end cells."""
    k = tr(LINE.get(game.win_length, LINE[5]))
    ends = dict(first=cell_words(game, line[0]), last=cell_words(game, line[-1]))
    if len(line) == game.win_length:
        return tr("{k} in a line, from {first} to {last}", k=k, **ends)
    return tr(
        "a line of {m} discs, from {first} to {last} (more than {k} in a line wins too)", m=len(line), k=k, **ends
    )


def win_why(game: ConnectGame, action: str) -> str | None:
    """A drop that completes a line: each line it completes, with its true length and its two end cells."""
    after = after_drop(game, action)
    if after.winner() != game.to_move or not after.winning_cells():
        return None
    lines = completed_lines(after, game.landing_cell(int(action)))
    if not lines:
        return None
    text = tr("Why: column {n} completes {line}.", n=action, line=line_words(game, lines[0]))
    for line in lines[1:]:
        text += " " + tr("It also completes {line}.", line=line_words(game, line))
    return text


def block_why(game: ConnectGame, action: str) -> str | None:
    """A drop into the opponent's threat cell: the cell it fills."""
    them = 1 - game.to_move
    cell = game.landing_cell(int(action))
    if cell is None or cell not in threat_cells(game, them):
        return None
    return tr(
        "Why: the disc lands in {cell}, the cell where {other} would finish {k} with the next disc.",
        n=action,
        cell=cell_words(game, cell),
        other=tr(COLOURS[them]),
        k=tr(LINE.get(game.win_length, LINE[5])),
    )


def double_threat_why(game: ConnectGame, action: str) -> str | None:
    """A drop that makes two threats at once: both cells, and that the opponent can block one only."""
    pair = double_threat_cells(game, action)
    if pair is None:
        return None
    return tr(
        "Why: column {n} makes two threats, one in {a} and one in {b}; {other} can block only one of them.",
        n=action,
        a=cell_words(game, pair[0]),
        b=cell_words(game, pair[1]),
        other=tr(COLOURS[1 - game.to_move]),
    ) + _side_words(game, after_drop(game, action), list(pair), game.to_move)


WIN_ELSEWHERE = (
    N_("Why: with best play this drop wins, whatever {other} does."),
    N_("Why: with best play this drop wins, whatever {other} does: your winning disc lands in {cell}."),
)
"""The reason for a winning right drop of an *odd/even threat* puzzle whose win does not come through a threat on
the mover's kind of row (:func:`win_elsewhere_why`): the outcome, and where the winning disc lands if known."""


def win_elsewhere_why(game: ConnectGame, action: str) -> str:
    """:data:`WIN_ELSEWHERE`: a winning drop's reason that claims no row threat, only what the solver's line of
    best play shows (:func:`winning_cell`), and the outer column's disc of a line through that cell."""
    cell = winning_cell(game, action)
    other = tr(COLOURS[1 - game.to_move])
    if cell is None:
        return tr(WIN_ELSEWHERE[0], other=other)
    side = _side_words(game, after_drop(game, action), [cell], game.to_move)
    return tr(WIN_ELSEWHERE[1], other=other, cell=cell_words(game, cell)) + side


def other_right(game: ConnectGame, action: str, wrong: list[str]) -> str | None:
    """The other right drop of a puzzle with two (the legal drops that are not ``wrong``, the exact solver's best
    ones), else None: a reason that says "every other drop" must name it, or it would call it wrong."""
    others = [m for m in game.legal_moves() if m not in set(map(str, wrong)) and m != str(action)]
    return others[0] if others else None


def odd_even_why(game: ConnectGame, action: str, draw: bool, wrong: list[str] = ()) -> str | None:
    """A drop that makes a threat on the mover's kind of row: the cell, its row's kind, what follows.  For a win,
    only where the solver's line of best play ends with the mover's disc on that very cell (:func:`winning_cell`):
    a threat the win does not come through is not the reason (None: the idea's general reason), and of several new
    threats on the mover's rows the one it comes through is named, not the lowest.  For a draw kept,
    the other right drop is named where there is one (``wrong``: the puzzle's wrong drops)."""
    cell = row_threat(game, action)
    if cell is None:
        return None
    if not draw:  # the threat the solver's winning disc lands on, of all the new ones on the mover's rows
        won = winning_cell(game, action)
        if won not in lasting_threats(game, action):
            return None
        cell = won
    words = dict(n=action, cell=cell_words(game, cell), kind=tr(PARITY[game.to_move]))
    side = _side_words(game, after_drop(game, action), [cell], game.to_move)
    if draw:
        also = other_right(game, action, wrong)
        if also is not None:
            return (
                tr(
                    "Why: column {n} makes a threat in {cell} ({kind}). It does not win, but it keeps the draw, and so"
                    " does column {m}: every other drop loses.",
                    m=also,
                    **words,
                )
                + side
            )
        return (
            tr(
                "Why: column {n} makes a threat in {cell} ({kind}). It does not win, but it keeps the draw: every"
                " other drop loses.",
                **words,
            )
            + side
        )
    return (
        tr(
            "Why: column {n} makes a threat in {cell} ({kind}), so in the end {other} has to drop just under it.",
            other=tr(COLOURS[1 - game.to_move]),
            **words,
        )
        + side
    )


RUN_OUT = {
    "under": N_("Your opponent drops first, so {other} runs out first and has to drop under your threat in {cell}."),
    "other": N_("Your opponent drops first, so {other} runs out first: then every {other} drop lets you win."),
    "none_under": N_("Then {other} has no safe drop left and has to drop under your threat in {cell}."),
    "none_other": N_("Then {other} has no safe drop left: every {other} drop lets you win."),
}
"""How the harmless drops run out after a *zugzwang* puzzle's winning drop (:func:`harmless_count`): who drops
first, and where the one who runs out first has to drop (after :func:`run_out_words`' count of them)."""


def run_out_words(game: ConnectGame, action: str) -> str | None:
    """How many harmless drops each side makes after the winning drop ``action`` with best play, who drops first
    and so runs out first, and where that side then has to drop (:func:`harmless_count`, :data:`RUN_OUT`); None
    where the line of best play does not end that way."""
    found = harmless_count(game, action)
    if found is None:
        return None
    k, cell = found
    other = tr(COLOURS[1 - game.to_move])
    key = ("none_" if k == 0 else "") + ("under" if cell is not None else "other")
    words = dict(other=other)
    if cell is not None:
        words["cell"] = cell_words(game, cell)
    text = tr(RUN_OUT[key], **words)
    if k == 0:
        return text
    count = ntr(
        "With best play, each side then makes {k} more safe drop (one that lets nobody win at once).",
        "With best play, each side then makes {k} more safe drops (drops that let nobody win at once).",
        k,
        k=k,
    )
    return count + " " + text


def zugzwang_why(game: ConnectGame, action: str, wrong: list[str], draw: bool) -> str | None:
    """A waiting drop: the opponent's threat it keeps clear of (said to be a threat for both colours when the
    opponent, out of safe drops, has to drop under the mover's threat in that same cell) and, for a win, how many
    harmless drops each side then has and who runs out first (:func:`run_out_words`, counted along the line of best
    play).  For a draw kept, only that every other drop loses: one of them fills the cell under the threat and
    loses at once, so "after any other drop you run out of safe drops first" would be false (the caller adds a
    wrong drop after which you do, where the solver's line shows one: :func:`draw_example_words`)."""
    cell = waiting_threat(game, wrong)
    if cell is None:
        return None
    words = dict(n=action, cell=cell_words(game, cell), other=tr(COLOURS[1 - game.to_move]))
    if draw:
        also = other_right(game, action, wrong)
        if also is not None:
            return tr(
                "Why: column {n} keeps off the cell under {other}'s threat in {cell}. It does not win, but it keeps"
                " the draw, and so does column {m}: every other drop loses.",
                m=also,
                **words,
            )
        return tr(
            "Why: column {n} keeps off the cell under {other}'s threat in {cell}. It does not win, but it keeps the"
            " draw: every other drop loses.",
            **words,
        )
    count = run_out_words(game, action)
    if count is not None:
        if harmless_count(game, action)[1] == cell:  # the opponent runs out under "your threat": the same cell
            lead = tr(
                "Why: column {n} keeps off the cell under the threat in {cell}. By the end, that cell is a threat for "
                "both colours: {other}'s and yours.",
                **words,
            )
        else:
            lead = tr("Why: column {n} keeps off the cell under {other}'s threat in {cell}.", **words)
        return lead + " " + count
    return tr(
        "Why: column {n} keeps off the cell under {other}'s threat in {cell}, and {other} runs out of safe"
        " drops first.",
        **words,
    )


def side_why(game: ConnectGame, action: str) -> str | None:
    """A drop whose line (the one it completes, or a new threat's) uses a disc of an outer column: that disc's
    column and the cell of the line or threat."""
    me = game.to_move
    after = after_drop(game, action)
    if after.winner() == me:
        sides = [(c, r) for c, r in after.winning_cells() if after.is_side(c)]
        if sides:
            return tr(
                "Why: column {n} completes a line that uses the disc in {side}.",
                n=action,
                side=cell_words(game, sides[0]),
            )
        return None
    new = sorted(set(threat_cells(after, me)) - set(threat_cells(game, me)), key=lambda cell: (cell[1], cell[0]))
    for cell in new:
        sides = [(c, r) for c, r in line_cells_through(after, cell, me) if after.is_side(c)]
        if sides:
            return tr(
                "Why: column {n} makes a threat in {cell}, on a line through the disc in {side}.",
                n=action,
                cell=cell_words(game, cell),
                side=cell_words(game, sides[0]),
            )
    return None


def position_why(game: ConnectGame, theme: str, action: str, wrong: list[str], draw: bool) -> str | None:
    """The reason for the right drop ``action`` of a puzzle practised for ``theme``, read off the position (the
    functions above); ``wrong``: the puzzle's wrong drops; ``draw``: its best outcome is a draw.  None when the
    position shows no cell or line of that kind for this drop."""
    action = str(action)
    if theme == "win_now":
        return win_why(game, action)
    if theme == "block":
        return block_why(game, action)
    if theme == "double_threat":
        return double_threat_why(game, action)
    if theme == "odd_even_threat":
        return odd_even_why(game, action, draw, wrong)
    if theme == "zugzwang":
        return zugzwang_why(game, action, wrong, draw)
    if theme == "side_column":
        return side_why(game, action)
    if theme == "stop_double_threat":
        return stop_why(game, action, wrong)
    return None


def idea_fits(puzzle: Any, theme: str, action: str) -> bool:
    """Whether the idea sentence of ``theme`` fits the right drop ``action``: not where the position shows nothing
    of the idea for this drop while it does for another right drop (the drop's reason then says it only reaches
    the same goal, :func:`also_right_why`: "makes no threat yet")."""
    wrong = [a for a in puzzle.legal_answers() if a not in puzzle.answers]
    draw = puzzle.facts["best"] == 0
    if position_why(puzzle.position, theme, str(action), wrong, draw) is not None:
        return True
    return not any(
        other != str(action) and position_why(puzzle.position, theme, other, wrong, draw) is not None
        for other in puzzle.answers
    )


def idea_in_every_answer(puzzle: Any, theme: str) -> bool:
    """Whether every right drop of ``puzzle`` shows the idea of ``theme`` on the board (:func:`position_why` finds
    its cell or line for each): an idea's Practice asks only these, so the praise and the idea sentence after any
    right drop are about that drop (a second right drop that "makes no threat yet" would practise nothing)."""
    wrong = [a for a in puzzle.legal_answers() if a not in puzzle.answers]
    draw = puzzle.facts["best"] == 0
    return all(position_why(puzzle.position, theme, str(a), wrong, draw) is not None for a in puzzle.answers)


DRAW_ZUGZWANG_IDEA = N_(
    "The idea: when no drop wins, keep a safe drop in hand, so you are not the one forced to drop under a threat."
)
"""The idea of a *zugzwang* puzzle whose best outcome is a draw (:func:`idea_words`)."""


def idea_words(puzzle: Any, theme: str) -> str | None:
    """The idea that fits ``puzzle`` where the idea of ``theme`` (``IDEAS`` of :mod:`gamekit.puzzles.practice_words`)
    does not, else None: a *zugzwang* puzzle whose best drop only keeps the draw is about not running out of
    harmless drops first yourself (:data:`DRAW_ZUGZWANG_IDEA`), not about making the opponent run out."""
    if theme == "zugzwang" and puzzle.facts["best"] == 0:
        return tr(DRAW_ZUGZWANG_IDEA)
    return None


ROW_MISTAKE = N_("The mistake: column {n} makes a threat in {cell}, but on {kind}, not yours.")
"""A near miss in an *odd/even threat* puzzle (:func:`wrong_row`)."""
ROW_MISTAKE_NO_CELL = N_("The mistake: column {n} makes a new threat, but on {kind}, not yours.")
""":data:`ROW_MISTAKE` where the threat's cell is in a right drop's column: naming it would give the retry away."""


def wrong_row(puzzle: Any, action: str) -> str | None:
    """The mistake of a wrong drop in an *odd/even threat* puzzle that lets the opponent win at once nowhere, does
    not lose (a near miss: the win goes, the draw stays) and makes new threats, none of them playable yet and all on
    the opponent's kind of row (red's are the odd rows, yellow's the even ones): the lowest one's cell and its row's
    kind (:data:`ROW_MISTAKE`; without the cell where it is in a right drop's column), else None.  A drop that loses
    does not lose for its row (the line of best play shows how it loses): naming the row there gave that drop a
    second reason beside the line, and one from another idea than the one the board practises."""
    if "odd_even_threat" not in puzzle.themes or str(action) in puzzle.answers:
        return None
    if (puzzle.refutations.get(str(action)) or {}).get("value", 0) < 0:
        return None
    game = puzzle.position
    me = game.to_move
    after = game.copy()
    after.play(str(action))
    if after.is_over() or wins_at_once(after):  # a win at once handed over is the mistake to name
        return None
    new = sorted(set(threat_cells(after, me)) - set(threat_cells(game, me)), key=lambda cell: (cell[1], cell[0]))
    if not new or any(len(after.grid[c]) == r or r % 2 == me for c, r in new):
        return None
    if str(game.column_number(new[0][0])) in puzzle.answers:
        return tr(ROW_MISTAKE_NO_CELL, n=action, kind=tr(PARITY[1 - me]))
    return tr(ROW_MISTAKE, n=action, cell=cell_words(game, new[0]), kind=tr(PARITY[1 - me]))


SAME_RESULT = {
    1: N_("With best play it wins, like column {m}; every other drop lets the win go."),
    0: N_("With best play it keeps the draw, like column {m}; every other drop loses."),
    -1: N_("With best play it holds out longest, like column {m}; every other drop loses sooner."),
}
"""The second sentence of :func:`also_right_why`, by the puzzle's goal (1 win, 0 keep the draw, -1 hold out)."""


def also_right_why(game: ConnectGame, action: str, other: str, goal: int, own: str | None = None) -> str:
    """The reason for a right drop ``action`` that does not itself show the idea the other right drop ``other``
    shows: what it does on the board, then that it reaches the puzzle's ``goal`` as ``other`` does
    (:data:`SAME_RESULT`).  A threat is named only where it counts for the mover (:func:`lasting_threats`: on the
    mover's kind of row and not one the opponent can fill with the next disc) and, for a win, where the solver's
    line of best play wins on that very cell (:func:`winning_cell`); else the cell it fills
    (:func:`_fills_why`), never "no threat" where the drop made one; where that says only where the disc lands, the
    drop's ``own`` reason (another of the puzzle's ideas it shows), else the double threat the solver's line leads to
    (:func:`gamekit.puzzles.connect_defence.later_double_why`)."""
    me = game.to_move
    after = after_drop(game, action)
    new = lasting_threats(game, action)
    if goal == 1:  # a win: only the threat the solver's line of best play wins through is its reason
        new = [cell for cell in new if cell == winning_cell(game, action)]
    land = game.landing_cell(int(action))
    if new:
        first = tr(
            "Why: column {n} makes a threat in {cell} ({kind}).",
            n=action,
            cell=cell_words(game, new[0]),
            kind=tr(PARITY[me]),
        )
        first += _side_words(game, after, new[:1], me)
    else:
        made = bool(set(threat_cells(after, me)) - set(threat_cells(game, me)))
        first = _fills_why(game, after, land, made, other)
        bare = first in (
            tr("Why: the disc lands in {cell}.", cell=cell_words(game, land)),
            tr("Why: the disc lands in {cell} and makes no threat yet.", cell=cell_words(game, land)),
        )
        if bare:  # only where the disc lands: the drop's own idea, else the double threat it leads to
            first = own or (later_double_why(game, action) if goal == 1 else None) or first
    return first + " " + tr(SAME_RESULT[goal], m=other) + _other_side(game, other)


def lasting_threats(game: ConnectGame, action: str) -> list[Cell]:
    """The new threat cells of the mover after ``action`` that count for the mover: on the mover's kind of row
    (red odd rows, yellow even ones) and not playable at once (the opponent cannot simply fill it with the next
    disc), lowest first."""
    me = game.to_move
    after = after_drop(game, action)
    new = set(threat_cells(after, me)) - set(threat_cells(game, me))
    kept = [(c, r) for c, r in new if r % 2 == me and len(after.grid[c]) < r]
    return sorted(kept, key=lambda cell: (cell[1], cell[0]))


def rival_discs(game: ConnectGame, cell: Cell) -> int:
    """The most discs of the opponent of the player to move on one line through the empty ``cell`` that holds
    none of the mover's (a line the opponent can still complete there); 0 when there is none."""
    me = game.to_move
    best = 0
    for line in game.variant.lines():
        if cell not in line:
            continue
        seats = [game.cell(c, r) for c, r in line]
        if me not in seats:
            best = max(best, sum(1 for seat in seats if seat == 1 - me))
    return best


AFTER_BLOCK = N_("It costs you nothing: after that block, column {m} is still the right drop.")
"""What follows a right drop that forces the opponent to block right above it, when the exact solver finds the other
right drop is still the best one after the block (:func:`_fills_why`)."""


def _still_best_after_block(after: ConnectGame, column: str, other: str) -> bool:
    """Whether, after the opponent blocks in ``column``, the exact solver finds ``other`` among the mover's best
    drops.  Solved to the end, with no time budget, so the sentence a puzzle gets never depends on the machine's
    speed: this is asked of the banks' puzzle positions only, where every such solve takes under a second (1,711
    calls over both banks, the slowest 0.8 s on a loaded 2-core machine)."""
    from gamekit.connect.solver import analyse

    blocked = after.copy()
    blocked.play(column)
    if blocked.is_over() or other not in blocked.legal_moves():
        return False
    scores = analyse(blocked, time_budget=None)
    if not scores or any(v is None for v in scores.values()):  # PopOut: the solver gives no scores
        return False
    return scores[other] == max(scores.values())


def _fills_why(
    game: ConnectGame, after: ConnectGame, land: Cell, made: bool = False, other_right: str | None = None
) -> str:
    """What a right drop that makes no threat does with the cell it fills: it lands right under the mover's own
    threat, so the opponent must block there at once — and, where the exact solver finds the other right drop
    ``other_right`` still best after that block, that the forcing drop costs nothing (:data:`AFTER_BLOCK`: the
    reason it is right too, not only what it forces); else it takes a cell from a line where the opponent
    already has all but two discs; else only that it makes no threat yet (``made``: it made a threat that does not
    count for the mover, so "no threat" is not said)."""
    me = game.to_move
    above = (land[0], land[1] + 1)
    if above in threat_cells(after, me) and not after.is_over() and not wins_at_once(after):
        text = tr(
            "Why: the disc lands in {cell}, right under your threat in {above}, so {other} has to drop there at"
            " once to block it.",
            cell=cell_words(game, land),
            above=cell_words(game, above),
            other=tr(COLOURS[1 - me]),
        )
        column = str(game.column_number(land[0]))
        if other_right is not None and _still_best_after_block(after, column, other_right):
            text += " " + tr(AFTER_BLOCK, m=other_right)
        return text
    k = rival_discs(game, land)
    if k >= game.win_length - 2 and made:
        return tr(
            "Why: the disc lands in {cell} and takes a cell from a line where {other} already has {k} discs.",
            cell=cell_words(game, land),
            other=tr(COLOURS[1 - me]),
            k=k,
        )
    if k >= game.win_length - 2:
        return tr(
            "Why: the disc lands in {cell} and makes no threat yet, but it takes a cell from a line where {other}"
            " already has {k} discs.",
            cell=cell_words(game, land),
            other=tr(COLOURS[1 - me]),
            k=k,
        )
    if made:  # a threat of the opponent's kind of row, or one they can fill at once: not a reason
        return tr("Why: the disc lands in {cell}.", cell=cell_words(game, land))
    return tr("Why: the disc lands in {cell} and makes no threat yet.", cell=cell_words(game, land))


OTHER_SIDE = N_("Column {m} makes a threat in {cell}, on a line through the disc in {side}.")
"""What the other right drop does with an outer column's disc, added to :func:`also_right_why`."""


def _other_side(game: ConnectGame, other: str) -> str:
    """A space and :data:`OTHER_SIDE` when the other right drop ``other`` makes a threat on a line through an
    outer column's disc (the side-column idea the puzzle shows), else an empty string."""
    me = game.to_move
    after = after_drop(game, other)
    new = sorted(set(threat_cells(after, me)) - set(threat_cells(game, me)), key=lambda cell: (cell[1], cell[0]))
    for cell in new:
        side = side_disc(after, cell, me)
        if side is not None:
            return " " + tr(OTHER_SIDE, m=other, cell=cell_words(game, cell), side=cell_words(game, side))
    return ""
