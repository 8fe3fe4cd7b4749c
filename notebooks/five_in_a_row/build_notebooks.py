"""Build the 5 en raya lessons (stored without outputs).

Run from the repository root:  ``python notebooks/five_in_a_row/build_notebooks.py``
Every board, table, step-through and exercise comes from ``gamekit.connect``; the cells only call it.
"""
from __future__ import annotations

from pathlib import Path

from gamekit.notebook_builder import write_notebook

HERE = Path(__file__).resolve().parent

LESSONS: dict[str, list[tuple[str, str]]] = {
    "01_rules_and_play.ipynb": [
        ("md", """# 5 en raya 1 — the rules, and a first game

**5 en raya** is a published variant of Connect Four (Cuatro en raya). The usual 7 × 6 grid gets one
extra column on each side, so it is 9 columns wide, and those two outer columns start **full**:
they are cardboard side pieces holding discs that count as already played. You need **five** in a
line to win; four wins nothing.

Run the cells from the top (Shift+Enter)."""),
        ("code", "from gamekit.connect import ConnectWidget, FiveInARow, ConnectFour\nfrom gamekit.connect import lessons as L"),
        ("md", """## Play first

You are **red** and move first; the CPU plays yellow. Click a column to drop a disc (hovering shows
where it lands), or use the keyboard: Tab to the board, ←/→ and Enter. **Hint** writes each column's
verdict under the board when the exact solver can tell in time. Switch the game to standard
Connect Four, or switch **PopOut** on, with the controls under the buttons."""),
        ("code", 'ConnectWidget("five", mode="cpu", level="medium", seed=1)'),
        ("md", """## The rules beside standard Connect Four

Both games are played exactly the same way in the seven middle columns. What changes:"""),
        ("code", "L.rules_table()"),
        ("md", """The side columns are laid out like this: the **bottom-left** side disc is **red**, the
**bottom-right** one **yellow**, and each side column alternates colours going up. So every row has
one red disc at one end and one yellow disc at the other. Those twelve side discs are never
dropped and (with PopOut) never popped, so the free part of the grid still has 42 cells: a game
lasts at most 42 discs, as in the classic game.

Here is the empty 5 en raya grid as gamekit prints it (X red, O yellow):"""),
        ("code", "print(FiveInARow())"),
        ("md", """## Why the side columns matter

A side disc counts for lines of its colour. Below, red has discs in columns 1, 2 and 3 of the bottom
row. In standard Connect Four that is three in a row; here the red side disc at the left end makes
it **four**, so red's disc in column 4 would make **five**. The tinted cell is red's threat."""),
        ("code", 'L.show("edge_line")'),
        ("md", """Diagonals can end on a side disc too. In this position (from a real game) red needs only
column 7: the diagonal runs down to the red side disc on the right, in the second row. Red even
has a second threat right above it."""),
        ("code", 'L.show("edge_diagonal")'),
        ("md", """## Counting the possible lines

How many lines can be completed at all? gamekit counts every run of four cells (Connect Four) or
five cells (5 en raya) on the grid. On the 5 en raya grid a line going *up* a side column mixes
red and yellow, so it can never be completed and is left out; 20 lines pass through a side disc
and can only ever be completed by that disc's colour."""),
        ("code", "L.lines_table()"),
        ("md", """Fewer lines, each one cell longer: threats take longer to build in 5 en raya, and a
vertical five needs five of your discs stacked in one column.

## PopOut

With PopOut switched on you may, instead of dropping, **pop** one of your own discs out of the
bottom of a middle column (write `p4` for column 4); the discs above fall one row. Side discs can
never be popped. gamekit's choices where the published rules leave room:

* a pop that completes a line only for your opponent makes your opponent win;
* a pop that completes lines for both players makes the popper win;
* the same position (grid and player to move) arising a third time is a draw;
* a full grid does not end a PopOut game: the player to move must pop one of their own bottom
  discs, and if they have none the game is a draw."""),
        ("code", 'g = ConnectFour.from_moves("447563p46p71", popout=True)\ng.play("p6")   # red pops its own disc...\nprint(g)'),
        ("md", "Red popped, the yellow disc fell into the bottom row and completed yellow's four: yellow wins.\n\n"
               "Next: [threats, a won game and exercises](02_threats_and_exercises.ipynb)."),
    ],
    "02_threats_and_exercises.ipynb": [
        ("md", """# 5 en raya 2 — threats, a won game, and exercises

A **threat** is an empty cell that would complete one of your lines. In the pictures below each
player's threat cells are tinted in that player's colour (pale red, pale yellow)."""),
        ("code", 'from gamekit.connect import lessons as L\n\nscore = L.LessonScore("5 en raya")'),
        ("md", """## An open four

Red has four in a row in columns 2–5 of the bottom row with **both ends open**: two threats that
can both be played now. Yellow can block only one of them, so red wins next move. (In standard
Connect Four the same idea appears one disc earlier, as an *open three*.)"""),
        ("code", 'L.show("open_four")'),
        ("md", """## The cell under your opponent's threat

Yellow has four in the second row, open at both ends, but both of yellow's threat cells (pale
yellow) float above empty cells. Whoever drops a disc into one of the cells marked ✗ lets the
other player play on top: if red fills a ✗ cell, yellow completes five. So red must **not** play
columns 1 or 6 here — and the game turns into a fight over who runs out of other moves first."""),
        ("code", 'L.show("under_threat", danger=True)'),
        ("md", """## A double threat, in a whole game

Step through a game the Hard CPU won against Medium (**Next** or **Play**). Watch move 21: red
makes two threats **one above the other** in column 7. Yellow cannot block the lower one without
giving red the upper one. The final five runs diagonally down to a red side disc."""),
        ("code", "L.step_through()"),
        ("md", """## What is known about solving

Standard Connect Four has been solved: with perfect play the **first player wins**, and must start
in the centre column. 5 en raya has been **claimed a draw**, but no proof or program has been
published. gamekit's exact solver (``gamekit.connect.solve``) checks every exercise below."""),
        ("code", "L.known_results()"),
        ("md", """## Exercise 1 — win in one

Click the column (or type its number) that makes five in a line."""),
        ("code", 'L.exercise("win_in_one", score)'),
        ("md", """## Exercise 2 — the only move that does not lose

Every column but one loses against perfect play. The solver checks your answer and tells you how
quickly a wrong move loses."""),
        ("code", 'L.exercise("only_move", score)'),
        ("md", """## Exercise 3 — win in three

Red can force a win with its third disc from now. Click the first move of that win."""),
        ("code", 'L.exercise("win_in_three", score)'),
        ("md", "## Exercise 4 — counting lines"),
        ("code", 'L.exercise("count_lines", score)'),
        ("md", "## Your score"),
        ("code", "score"),
        ("md", """Now play again — try the Hard CPU, switch PopOut on, or compare with standard Connect Four."""),
        ("code", 'from gamekit.connect import ConnectWidget\nConnectWidget("four", mode="cpu", level="hard", seed=2)'),
    ],
}


def build() -> None:
    for name, cells in LESSONS.items():
        print("wrote", write_notebook(HERE / name, cells))


if __name__ == "__main__":
    build()
