"""Builds notebooks/00_start_here.ipynb and notebooks/dots_and_boxes/01_rules_and_terms.ipynb.

Run ``python notebooks/build_intro.py`` after editing; notebooks are stored without outputs.
"""
from pathlib import Path

from gamekit.notebook_builder import write_notebook

HERE = Path(__file__).parent


def write(path: Path, cells: list[str]) -> None:
    """Cells starting with ``md:`` are markdown, the others code."""
    write_notebook(path, [("md", c[3:]) if c.startswith("md:") else ("code", c) for c in cells])


START = [
    """md:# gamekit — start here

Three games, each with lessons you can read, play and check yourself on:

| game | what you learn | lessons |
|---|---|---|
| **Dots and Boxes** (*Puntos y cajas*) | third sides, chains and loops, the long chain rule, double-dealing | [dots_and_boxes/](dots_and_boxes/01_rules_and_terms.ipynb) |
| **5 en raya** (Connect Four with five in a line on a 9×6 grid) | side columns, threats, what is known about solving it | [five_in_a_row/](five_in_a_row/01_rules_and_play.ipynb) |
| **Shut the Box** (*Cerrar la caja*) | the sets of tiles for a roll, the dice odds, the best strategy | [shut_the_box/](shut_the_box/01_rules_and_play.ipynb) |
""",
    """md:## How to use the lessons

* Run the cells from top to bottom: **Shift + Enter** runs one cell, or use the menu *Run → Run All Cells*.
* Boards are live: click (or tap) on them. Every board has **New game**, **Undo**, **Hint** and a status line
  that says whose turn it is and why a click was refused.
* Exercises check your answer and explain what is right or wrong. Nothing is lost by trying: run the cell again to reset it.
* The rules, the solvers and the CPU players live in the Python package `gamekit`; the cells only call it, so
  you can use the same functions in your own cells.
""",
    """md:Here is a quick taste: a small Dots and Boxes board for two people on one screen.
Gold starts; click in the gap between two neighbouring dots to draw a line.""",
    """from gamekit.dots.widget import DotsWidget

DotsWidget(3, 3, mode="people")""",
    """md:Next: [Dots and Boxes, lesson 1 — the rules and the words](dots_and_boxes/01_rules_and_terms.ipynb).""",
]

DOTS_01 = [
    """md:# Dots and Boxes 1 — the rules and the words

*Puntos y cajas* is a pencil-and-paper game for two that takes about ten minutes.
You join dots with lines; whoever closes more boxes wins. This lesson gives the rules, the words the
next lessons use (with their Spanish names) and a board to play on.""",
    """md:## The board

The usual board is **5 boxes wide and 4 high**, so it has 6 × 5 = 30 dots. Smaller boards (3 × 3, 4 × 4)
are quicker and good for learning; 5 × 5 is the biggest preset. Counting is part of the game later on,
so here is what each board holds:""",
    """from gamekit.dots.glossary import board_sizes_table, glossary_table

board_sizes_table()""",
    """md:## The rules

1. Gold moves first. On your turn you draw **one new line between two neighbouring dots**, across or down — never diagonally.
2. Drawing the **fourth side of a box** wins it: your colour and number appear in its centre.
   A line that is the fourth side of two boxes wins both.
3. **If you won a box, you draw again.** The turn only passes after a line that wins nothing.
4. The game ends when every box is closed. **More boxes wins**; the same number is a draw. You may also resign.
5. After a game, the next one is started by the other player (a local rule, on by default).

Against the CPU you play gold and the CPU coral; *Undo* takes your move back at once. Between two people, the other
person has to accept an undo.""",
    """md:## Writing moves down

Dots are named like a spreadsheet: a **column letter** (a, b, c… from the left) and a **row number**
(1, 2, 3… from the top). A line is its two dots: `a1-b1` runs across, `a1-a2` runs down.
A box is named by its top-left dot, so box `a1` has the sides `a1-b1`, `a2-b2`, `a1-a2` and `b1-b2`.

The Python engine reads the same notation:""",
    """from gamekit.dots import DotsAndBoxes

game = DotsAndBoxes(3, 3)
game.play("a1-b1")      # returns the line as stored: 'a1-b1'
game.play("b2-b1")      # either order, any case: stored as b1-b2
game.play("a1-a2")
print(game)
game""",
    """md:Box `a1` now has three sides drawn — a **third side**. It is coral's turn, and coral can take it:""",
    """game.play("a2-b2"), game.scores, game.to_move""",
    """md:`play` returned 1 (one box won), coral (seat 1) has the point, and it is **still coral's turn** (`to_move` is 1):
winning a box means drawing again. A wrong move is refused with a reason, and the game is left as it was:""",
    """from gamekit import IllegalMoveError

for bad in ["a1-c1", "a1-b2", "a1-b1", "k9-k10"]:
    try:
        game.play(bad)
    except IllegalMoveError as refusal:
        print(refusal)""",
    """md:## The words

The next lessons use these words. The Spanish terms are those of the original rules sheet.""",
    """glossary_table()""",
    """md:## Play

A board for **two people on one screen**. Click in the gap between two dots, or use the keyboard:
Tab to the board, arrow keys move a blue cursor over the lines, Enter or Space draws.
*Undo* asks the other person, who answers with Accept or Decline.""",
    """from gamekit.dots.widget import DotsWidget

DotsWidget(3, 3, mode="people")""",
    """md:And a board **against the CPU** on the default 5 × 4 board. Pick the level (Easy, Medium, Hard) at any time —
the board is kept. *Hint* shows the line the Hard level would draw, with its reason. You can also set a time per
turn: when it runs out, the CPU plays that turn for you.""",
    """DotsWidget(5, 4, mode="cpu", level="easy")""",
    """md:Next: [lesson 2 — third sides and safe lines](02_third_sides.ipynb).""",
]

if __name__ == "__main__":
    write(HERE / "00_start_here.ipynb", START)
    write(HERE / "dots_and_boxes" / "01_rules_and_terms.ipynb", DOTS_01)
