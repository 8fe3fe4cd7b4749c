"""The 5 en raya lesson positions (move strings played from the start) and the solver's best moves that every
move exercise accepts.
"""

from __future__ import annotations

from gamekit.connect.rules import ConnectFour, ConnectGame, FiveInARow
from gamekit.connect.solver import analyse
from gamekit.connect.threats import playable_threats
from gamekit.i18n import N_


# ----- positions (move strings from the start of a 5 en raya game) ----------------------------
POSITIONS: dict[str, tuple[str, str]] = {
    # red's discs in columns 1-3 of the bottom row sit next to the red bottom-left side disc
    "edge_line": ("five", "172737"),
    # red has four in a row (columns 2-5) with both ends open: two threats, one move to block
    "open_four": ("five", "2233445"),
    # yellow's four on row 2 is open at both ends, but the cells under its threats are empty
    "under_threat": ("five", "2342537475"),
    # lesson 1: red's one cell to make five, column 3 row 4, reachable now: the diagonal from column 4 row 5 down to
    # the red side disc on the left, row 1.  Not the won game of lesson 2's step-through (its stacked pair is lesson
    # 2's reveal), and no exercise's answer cell
    "edge_diagonal": ("five", "31432514127326244741"),
    # another game: red's two threat cells stacked in the empty column 4 (rows 4 and 5), yellow has none; not the
    # won game of the step-through, whose stacked pair (column 7, rows 3 and 4) is the final challenge's answer
    "stacked": ("five", "23652355215616151322356611"),
    # lesson 2's "Stop the double threat": red to move, yellow's threat cell in column 7, row 4 floats above an empty
    # cell; a yellow disc in column 4 (row 3) would add a threat right under it, in column 7 row 3.  Red takes column 4
    # first: the exact solver says red wins; every other drop loses (column 7 at once: it fills the cell under the
    # threat).  Not exercise 10's position, nor its answer column
    "stop_double_picture": ("five", "2457656127455622"),
    # lesson 2, before "Stop the double threat": red to move, yellow already has two threat cells a disc reaches now,
    # column 3 row 4 (across row 4) and column 4 row 5; red has none.  Red can block only one, and yellow makes five in
    # the other: every red drop loses at once.  From a game between two Easy CPUs, not an exercise's position
    "one_cell_not_enough": ("five", "255314376624675516255664713274"),
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


EXERCISE_POSITIONS = {
    # lesson 1 — red to move: the gap in row 3 (column 2); the red side disc on the left, row 3, makes it five
    # (not the bottom row of the picture above it)
    "side_win": "21431234163647",
    # lesson 1 — yellow to move: red's diagonal from column 4, row 2 up to the red side disc on the right (row 6)
    # has one gap, column 6 row 4, in the middle of the line: only the side disc makes it a threat; the block
    # holds the draw (so "Try a similar one" finds bank block puzzles with the same goal)
    "side_block": "6576474756577",
    # lesson 1 — yellow to move: red has two threats through a side disc. Across row 3 from the red side disc on
    # the left (columns 1, 2 and 4 red) the gap is column 3, which a disc can reach now; across row 2 up to the red
    # side disc on the right (columns 4-6 red) the gap is column 7, row 2, floating above an empty cell. Only the
    # block in column 3 stops red at once (every other drop lets red make five)
    "side_block_row": "52465551634223411",
    # lesson 1 — yellow to move: red has four across twice; the bottom four (columns 4-7) is closed by a yellow disc
    # in column 3 and by yellow's side disc on the right (a side disc of the other colour stops a line), the one in
    # row 2 (columns 3-6) only on the right: column 2 is the one cell that makes five, and beyond it is a yellow
    # disc, so that five is exactly the four and one more disc
    "four_not_five": "615243664177345",
    # lesson 2 — yellow to move: red's diagonal from column 1, row 1 up to column 4, row 4 needs column 5, row 5, which
    # a disc reaches now; no side disc in it, and not lesson 1's blocks (a row, a diagonal to a side disc)
    "block_threat": "3254373457544325371",
    # lesson 2 — red to move: red and yellow both need column 4 in row 2; every other column lets yellow in
    "win_in_one": "5257316372476621",
    # lesson 2 — red to move: one column wins by force, every other column only draws
    "winning_move": "55554234444457323533",
    # lesson 2 — red to move, no threat on the board: column 6 makes red threat cells on rows 3 and 5 of column 7
    # (odd: red's kind, out of reach), column 3 one on row 6 (even: yellow's kind); the exact solver: column 6
    # wins, column 2 loses, every other column draws
    "own_threat": "4544444567263155556322",
    # lesson 2 — final challenge: yellow to move; one column wins, one draws, the rest lose
    "challenge": "721356347515645454433",
    # lesson 2 — yellow to move, red's last disc in column 4, the only column with an odd number of empty cells:
    # yellow's disc on top of it leaves every column even, and the same-column answer (claimeven) then spoils
    # every red line; the exact solver: column 4 even wins, every other column only draws
    "answer_on_top": "43577323376711632345554",
    # lesson 2 — red to move, every column with an even number of empty cells, so yellow could answer every red disc
    # on top of it; but red's one threat cell, column 4 row 3 (red's side disc and three red discs across row 3), is
    # on an odd row: red drops into column 4, yellow's answer fills row 2, red makes five on row 3.  The exact
    # solver: red wins whatever yellow does
    "on_top_fails": "111152232273353556766776",
    # lesson 2 — yellow to move, no threat on the board: a red disc in column 6 (row 4) would make two red threats a
    # disc reaches at once (column 6 row 5, column 7 row 3).  Yellow takes column 6 first; after columns 1-3 red makes
    # that double threat, and column 7 loses too (the exact solver).  The exact solver: column 6 draws, every other
    # column loses
    "stop_double": "444545744563655562237",
}


def move_scores(game: ConnectGame) -> dict[str, int]:
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
    scores = move_scores(game)
    top = max(scores.values())
    return [m for m, v in scores.items() if v == top]


SOLVE_FROM = 18
"""Drops after which the lessons ask the exact solver for a line of best play (earlier it may take minutes)."""


ODD_EVEN_POSITIONS = {
    # yellow to move: one red threat cell, column 2 row 3 (odd: red's kind), that no disc can reach yet
    "odd_even": "11443233711",
    # red to move: one yellow threat cell, column 3 row 5 (odd: red's kind, so "it will probably not help its
    # owner"; "odd_even" is red's own, on an odd row), that no disc can reach yet; the exact solver: a draw
    "odd_even_2": "1145152543161656476614",
}


ROW_KINDS = {
    (1, 1): N_("odd row: it will probably help its owner"),
    (1, 0): N_("odd row: it will probably not help its owner"),
    (0, 1): N_("even row: it will probably help its owner"),
    (0, 0): N_("even row: it will probably not help its owner"),
}
"""The four answers of the odd/even exercises, by (row is odd, helps its owner): odd rows are red's kind, even
rows yellow's, and by the rule of thumb a threat helps its owner on its owner's kind of row."""


ROW_QUESTIONS = (*ODD_EVEN_POSITIONS, "two_threats", "odd_against_even")
"""The exercises that turn on the kind of row a threat is on: the words beside their boards (screen reader,
worksheet) place a threat cell without its row number, so the pupil counts the rows."""
