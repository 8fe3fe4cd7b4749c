"""Builds the Shut the Box lesson notebooks (stored without outputs).  Run: python build_notebooks.py"""
from pathlib import Path

from gamekit.notebook_builder import write_notebook

HERE = Path(__file__).parent


def md(text):
    return ("md", text)


def code(text):
    return ("code", text)


def write(name, cells):
    write_notebook(HERE / name, cells)


write("01_rules_and_play.ipynb", [
    md("""
# Shut the Box — 1. The rules, and a game

The box has nine hinged tiles numbered 1 to 9 and there are two dice.

* A **turn** is a run of rolls. Roll the dice and add the pips. Then cover a set of **open** tiles whose
  numbers add up to that total — for a roll of 8 you may cover 8, or 7 and 1, or 6 and 2, or 5 and 3, or 5, 2 and 1,
  or 4, 3 and 1. Covered tiles stay covered.
* Once 7, 8 and 9 are all covered you may **choose to roll one die** instead of two.
* When no set of open tiles makes the roll, the turn is over and **scores the sum of the open tiles**.
* Covering every tile — **shutting the box** — wins at once (the best score, 0), and the shutter collects a
  **double stake** from every other player. Otherwise, when everyone has had a turn, the **lowest score wins**
  the round (and the pot, if you agreed one).

Any number can play; alone it is a patience-like pastime.
"""),
    code("""
from gamekit.shutbox import Rules, ShutTheBox, tiles_summing_to
from gamekit.shutbox.lessons import demo_turn
tiles_summing_to(8)
"""),
    md("Here is one turn played by the computer. Press **Next** (or **Play**) to follow each roll."),
    code("demo_turn(seed=3)"),
    md("""
## Variants, and how gamekit reads them

| option | what happens |
|---|---|
| `variant="round"` | one turn each on a fresh box; shutting wins at once; otherwise the lowest score wins (a tie shares the pot) |
| `variant="long"` | two players: the first covers tiles; when the turn ends, the second takes the box **as it is** and *uncovers* covered tiles by the same rules; then the first covers again… The first to shut the box, or to open it completely, wins. |
| **doubles in the long game** | our reading of "a double gives an extra turn": every double rolled banks one extra turn; when a roll cannot be used, a banked turn is spent and the same player rolls again instead of passing the box. Unused extra turns lapse when the box is passed. |
| `variant="to_45"` | scores add up round after round; a player whose total reaches 45 is out at once; the last player left wins |
| `Rules(one_die="under_six")` | one die is **a choice** once the open tiles add up to **less than 6** (the sheet's rule); `Rules(one_die="six_or_less")` **forces** it at 6 or less (a published reading) |
| `Rules(one_die="never")` | always two dice |
| `Rules(scoring="digits")` | the open tiles read as a number: 1, 5 and 9 open score 159 |

The doubles rule in action: the first player rolls 6 + 6 and then 5 + 5 (two doubles banked), and later a roll
that fits no set does not pass the box:
"""),
    code("""
g = ShutTheBox(["Ana", "Bo"], variant="long", dice=[(6, 6), (5, 5), (6, 1), (1, 2)], seed=1)
g.roll(); g.cover(9, 3)
g.roll(); g.cover(8, 2)
g.roll(); g.cover(7)
g.roll()   # 3: no open set (1, 4, 5, 6) makes it… but a banked double lets Ana roll again
g.events
"""),
    md("""
## Play

Press **Roll**, click tiles to select a set (they turn blue), then **Confirm**. The widget refuses a set that
does not make the roll and says why. **Legal sets** lists every set for this roll; **Hint** shows the best set
from the exact tables with its chance to shut the box (or expected score). Change the game, the one-die rule,
the scoring and the seats (2–4 people or CPU) below the board. The dice are seeded, so this example is the same
for everyone.
"""),
    code("""
from gamekit.shutbox.widget import ShutBoxWidget
ShutBoxWidget(seats=["person", "cpu"], variant="round", level="hard", seed=7)
"""),
])

write("02_sets_for_a_roll.ipynb", [
    md("""
# Shut the Box — 2. The sets for a roll

After each roll you choose *which* tiles to cover. To choose well you first need **every** set that makes
the roll. A systematic way never misses one and never finds one twice: **largest tile first**, then only add
smaller tiles.
"""),
    code("""
from gamekit.shutbox import tiles_summing_to
from gamekit.shutbox.lessons import sets_step_through, sets_exercise_widget
from gamekit.widgets.lesson import LessonScore
sets_step_through(8)
"""),
    md("Green: a set found. Amber: a tile taken, more needed. Red: the smaller tiles cannot add up to what is missing, so we stop. The function that lists the sets gives the same list, in the same order:"),
    code("tiles_summing_to(8)"),
    md("## Your turn\n\nType the sets separated by `;`, each set with `+` (for example `9; 8+1`)."),
    code("""
score = LessonScore("Sets for a roll")
sets_exercise_widget(9, score=score)
"""),
    md("Now some tiles are already covered (5 and 8): only open tiles may be used."),
    code("sets_exercise_widget(10, uncovered=(1, 2, 3, 4, 6, 7, 9), score=score)"),
    code("score"),
    md("How many sets does each roll have on a full box? Large rolls have many choices; small ones few:"),
    code("{total: len(tiles_summing_to(total)) for total in range(2, 13)}"),
])

write("03_dice.ipynb", [
    md("""
# Shut the Box — 3. The dice

Two dice have 6 × 6 = **36** equally likely outcomes. The total 7 can be made six ways (1+6, 2+5, … 6+1), the
totals 2 and 12 only one way each — so a 7 comes six times as often as a 12.
"""),
    code("""
from gamekit.shutbox.lessons import dice_outcomes, sum_distribution, simulate_sums, plot_dice
len(dice_outcomes()), sum_distribution()
"""),
    md("Exact probabilities against 3600 simulated (seeded) rolls:"),
    code("plot_dice(n=3600, seed=1);"),
    md("With more rolls the simulated bars settle on the exact ones:"),
    code("""
n = 36_000
sim = simulate_sums(n, seed=2)
{t: (round(float(p), 4), round(sim[t] / n, 4)) for t, p in sum_distribution().items()}
"""),
    md("""
Once 7, 8 and 9 are covered you may roll **one die** (totals 1 to 6, each 1/6). That matters: with only
tile 1 left, two dice can never make 1, but one die does one time in six.
"""),
    code("sum_distribution(1)"),
])

write("04_best_strategy.ipynb", [
    md("""
# Shut the Box — 4. The best strategy

Which set should you cover? The answer can be computed **exactly**. A *state* is the set of tiles still open:
there are 2⁹ = 512 of them. The value of a state is the chance to shut the box from there, playing as well as
possible. We fill a table of all 512 values **from the shut box upwards**:

* nothing open: the box is shut — value 1;
* otherwise, for each roll, take the set leaving the state with the best value (0 if no set makes the roll),
  and weight it by the chance of that roll.

A state only needs states with fewer open tiles, which are already done. Here are the first steps (two dice
always):
"""),
    code("""
from gamekit.shutbox import Rules, shut_probability, min_expected_score
from gamekit.shutbox.lessons import (fill_steps, rows_table, plot_state_values, compare_policies, plot_policies,
                                     compare_objectives, best_set_widget, BEST_SET_POSITIONS)
from gamekit.widgets.lesson import LessonScore
rows_table(fill_steps(Rules(one_die="never")))
"""),
    code("plot_state_values(Rules());"),
    md("The whole table takes milliseconds. The chance to shut the box from the start, with the sheet's rules and with two dice always:"),
    code("""
{"one die after 7-8-9": shut_probability(Rules()), "≈": float(shut_probability(Rules())),
 "always two dice": shut_probability(Rules(one_die="never")), "≈ ": float(shut_probability(Rules(one_die="never")))}
"""),
    md("""
## Rules of thumb against the table

Simulated solo games: choose a random set; cover as many tiles as possible; cover the largest tile (then the next
largest); and the optimal play from the table. (A progress bar shows on long runs.)
"""),
    code("""
results = compare_policies(n=4000, rules=Rules(one_die="never"), seed=1, progress=True)
plot_policies(results, Rules(one_die="never"));
"""),
    md("""
## Two goals, two answers

Shutting the box and keeping the score low are different goals. With **1, 4, 5, 8** open and a roll of **9**:
covering 8 and 1 leaves 4 and 5 — the better chance to shut the box — while covering 5 and 4 leaves 1 and 8,
the lower expected score.
"""),
    code("rows_table(compare_objectives((1, 4, 5, 8), 9))"),
    md("""
In a round against others, a later player knows the best score so far and plays to **beat** it; the CPU's Hard
level does exactly that, using a third table (chance to finish below a target).

## Your turn: pick the best set

Each answer is checked against the exact table.
"""),
    code("""
score = LessonScore("Best sets")
best_set_widget((1, 2, 3, 4, 5, 7, 8), 8, "shut", score=score)
"""),
    code("best_set_widget((1, 4, 5, 8), 9, \"score\", score=score)"),
    code("score"),
])
print("written")
