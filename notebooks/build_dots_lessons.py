"""Build the Dots and Boxes lessons 2–5 (stored without outputs).

Run from the repository root:  ``python notebooks/build_dots_lessons.py``
Every board, step-through and exercise comes from ``gamekit.dots.lessons``; the cells only call it.
"""
from __future__ import annotations

from pathlib import Path

from gamekit.notebook_builder import write_notebook

HERE = Path(__file__).resolve().parent / "dots_and_boxes"

IMPORT = 'from gamekit.dots import lessons as L\n\nscore = L.LessonScore("{title}")'

LESSONS: dict[str, list[tuple[str, str]]] = {
    "02_third_sides.ipynb": [
        ("md", """# Dots and Boxes 2 — third sides and safe lines

In [lesson 1](01_rules_and_terms.ipynb) you met the **box** (casilla) and the **third side** (tercer lado).
This lesson is about the first thing every good player watches: *never hand the other player a box
for free while you still have a choice*.

Run the cells from the top (Shift+Enter). The exercises check your answer and keep a small score for
the lesson, shown at the end."""),
        ("code", IMPORT.format(title="Lesson 2 — third sides")),
        ("md", """## A third side gives a box away

A box with **three sides drawn** has a *third side*: whoever moves next draws the fourth side, takes
the box and — because they won a box — draws again. So drawing a box's third side is a gift.

A **safe line** (línea segura) is a line that gives no box its third side: every box beside it has
at most one side drawn before you draw it.

Step through this game with **Next** (or **Play**). The blue line is the line just drawn; boxes with
a third side are tinted red. The caption counts the safe lines left."""),
        ("code", 'L.step_through("third_sides")'),
        ("md", """Early in a game almost every line is safe. Each safe line drawn makes other lines unsafe, and
sooner or later one player has **no safe line left** and must give something away. Good players
make sure that this happens to the *other* player, and, when it happens to them, give away as
little as possible.

## Exercise 1 — counting safe lines

Gold is to move on the board below. Count the safe lines and type the number."""),
        ("code", 'L.exercise("count_safe", score)'),
        ("md", """## Exercise 2 — click a safe line

The same board. Click in the gap between two dots to draw a line: the board tells you whether it is
safe, and if not, which box it gives away. (You can also type the line, like `a1-b1`.)"""),
        ("code", 'L.exercise("safe_line", score)'),
        ("md", """## Exercise 3 — take the box

Later in the same game a box has three sides. Take it: click its missing side."""),
        ("code", 'L.exercise("take_box", score)'),
        ("md", """## Exercise 4 — how many boxes in a row?

Taking a box lets you draw again — and that line may be the fourth side of the next box too.
Here Gold, with no safe line left, has just drawn a line. How many boxes can Coral take now,
one after another?"""),
        ("code", 'L.exercise("how_many", score)'),
        ("md", """## The same checks in Python

The checks above come from gamekit's analysis; you can ask it directly about any position:"""),
        ("code", 'game = L.position("three_safe")\nprint(game)\nprint("safe lines:", L.safe_lines(game))'),
        ("md", "## Your score for this lesson"),
        ("code", "score"),
        ("md", "Next: [lesson 3 — chains and loops](03_chains_and_loops.ipynb)."),
    ],
    "03_chains_and_loops.ipynb": [
        ("md", """# Dots and Boxes 3 — chains and loops

When the safe lines run out, the board falls apart into groups of boxes that are handed over
together. This lesson names them and teaches you to count them — the counting is what
[lesson 4](04_long_chain_rule.ipynb) builds on."""),
        ("code", IMPORT.format(title="Lesson 3 — chains and loops")),
        ("md", """## Chains

A **chain** (cadena) is a row of boxes linked so that taking one gives the next its third side.
Whoever opens a chain usually hands over the whole of it: the other player takes the first box, draws
again, takes the next, and so on to the end. A chain of 3 boxes or more is a **long chain**.

In the step-through each chain has its own tint. Watch each player take a whole chain and then be
forced to open the next one."""),
        ("code", 'L.step_through("chains")'),
        ("md", """## Loops

A **loop** (bucle) is a chain that closes on itself: no end reaches the edge of the board. Opening a loop
offers two boxes at once, and the other player can take all of them."""),
        ("code", 'L.step_through("loop")'),
        ("md", """## Exercise 1 — how many chains?

This 4×4 board has no safe line left. Each tinted region is one chain or one loop. How many
**chains** are there? (Do not count loops.)"""),
        ("code", 'L.exercise("count_chains", score)'),
        ("md", """## Exercise 2 — how long are they?

Same board: type the length of every chain, separated by commas, in any order (for example `4, 1`)."""),
        ("code", 'L.exercise("chain_lengths", score)'),
        ("md", """## Exercise 3 — boxes in loops

A bigger board, 5×4. How many boxes are in loops altogether?"""),
        ("code", 'L.exercise("count_loops", score)'),
        ("md", """## Exercise 4 — open the cheapest chain

When you must open something, open the chain that gives away the fewest boxes. Click a line that does that."""),
        ("code", 'L.exercise("open_smallest", score)'),
        ("md", "## The same count in Python"),
        ("code", 'L.describe_components(L.position("four_by_four"))'),
        ("md", "## Your score for this lesson"),
        ("code", "score"),
        ("md", "Next: [lesson 4 — the long chain rule](04_long_chain_rule.ipynb)."),
    ],
    "04_long_chain_rule.ipynb": [
        ("md", """# Dots and Boxes 4 — the long chain rule

At the end of a game someone has to open the long chains one by one, and the other player collects
them. The player who does **not** have to open them is said to have **control** (control). Which
player gets control is decided by a count you can do during the game: the **long chain rule**."""),
        ("code", IMPORT.format(title="Lesson 4 — the long chain rule")),
        ("md", """## The rule

Count the **dots** on the board and the **long chains** (3 boxes or more; loops do not count).

> **The first player wants dots + long chains to be even; the second player wants it odd.**

On a board with an even number of dots the first player wants an even number of long chains; with an
odd number of dots, an odd number. Here it is for the usual boards, computed by gamekit:"""),
        ("code", "L.parity_table()"),
        ("md", """Why does it work? A *turn* is one player's run of lines. Every turn but the last ends with a line
that wins nothing, and over a whole game the number of turns is **dots + double-crosses** (a
double-cross is one line winning two boxes). The player in control double-deals every long chain but
the last, which makes one double-cross per long chain but one: turns = dots + long chains − 1. Gold
plays the odd turns, so Gold makes the last turn — takes the last chain — when dots + long chains
is even. You do not need the proof to use the rule: *count, and steer the count while safe lines are left*.

## A real game

A full game on 3×3 (16 dots, so Gold wants an even number of long chains). Step through it and
watch the chain count when the safe lines run out."""),
        ("code", 'L.step_through("real_game")'),
        ("md", """## Exercise 1 — the default board

Gold moves first on the 5×4 board."""),
        ("code", 'L.exercise("parity_5x4", score)'),
        ("md", "## Exercise 2 — the 4×4 board"),
        ("code", 'L.exercise("parity_4x4", score)'),
        ("md", "## Exercise 3 — the second player"),
        ("code", 'L.exercise("parity_coral_5x5", score)'),
        ("md", """## Exercise 4 — counting long chains

Remember: long chains only — no loops, no chains of 1 or 2."""),
        ("code", 'L.exercise("count_long", score)'),
        ("md", """## Exercise 5 — who wins?

A 5×4 position (30 dots) with no safe line left. Count, apply the rule, and say who wins with best play
(gamekit's exact solver checks your answer)."""),
        ("code", 'L.exercise("who_wins", score)'),
        ("md", "## Your score for this lesson"),
        ("code", "score"),
        ("md", "Next: [lesson 5 — double-dealing and control](05_double_dealing_and_control.ipynb)."),
    ],
    "05_double_dealing_and_control.ipynb": [
        ("md", """# Dots and Boxes 5 — double-dealing and control

You have **control** when the other player must open every long chain. But taking a whole chain ends
with you having to move — and open the next one yourself. The trick that keeps control is the
**double-deal** (doble entrega)."""),
        ("code", IMPORT.format(title="Lesson 5 — double-dealing")),
        ("md", """## Grabbing everything can lose

Two chains of 4 and a single box. Gold gives away the single box; Coral takes it and must open a
chain of 4. Gold grabs all four boxes — and must then open the last chain."""),
        ("code", 'L.step_through("greedy")'),
        ("md", """## The double-deal

Same start. This time Gold takes all but the **last two** boxes, then draws the far end of the chain
instead of taking them. Coral takes both with one line (a **double-cross**, doble cruce) — and, having
taken boxes, must move again: Coral has to open the last chain. Gold paid two boxes to win four.
In a loop the same trick leaves the last **four** boxes (two pairs)."""),
        ("code", 'L.step_through("double_deal")'),
        ("md", """## Exercise 1 — keep control

Coral opened a chain of 4 and Gold has taken two of its boxes. Click the line that keeps control."""),
        ("code", 'L.exercise("keep_control", score)'),
        ("md", """## Exercise 2 — the last chain

A double-deal pays two boxes for the next chain. When no chain is left after this one…"""),
        ("code", 'L.exercise("last_chain", score)'),
        ("md", "## Exercise 3 — counting the reward"),
        ("code", 'L.exercise("double_deal_score", score)'),
        ("md", "## Your score for this lesson"),
        ("code", "score"),
        ("md", """## Play the Hard CPU with hints on

Time to use it all against the strongest level. You are Gold and move first; the CPU plays Coral and
plays the long chain rule and the double-deal itself. Hints are on: whenever it is your turn, the status line
shows the line the Hard level would draw, with a one-sentence reason (take the box, safe line, double-deal…).
Try to see the reason before you read it. Build the board with `hints=False` (or press **Hint** only when you
are stuck) for a fair game."""),
        ("code", 'from gamekit.dots.widget import DotsWidget\n\nDotsWidget(5, 4, mode="cpu", level="hard", hints=True)'),
        ("md", "That is the end of the Dots and Boxes lessons. Back to the [start page](../00_start_here.ipynb)."),
    ],
}


def build() -> list[Path]:
    written = []
    for name, cells in LESSONS.items():
        written.append(write_notebook(HERE / name, cells))
    return written


if __name__ == "__main__":
    for path in build():
        print("wrote", path)
