"""Dots and Boxes lesson 4's tables and facts computed on the page: the long chain rule table, the worked steering
example's table, the move that decided a recorded game, and who wins the empty board with perfect play (shown after
the pupil's guess)."""

from __future__ import annotations

from gamekit.core.errors import SolverTimeout
from gamekit.display import Paragraph
from gamekit.display import Table
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.rules import PRESETS
from gamekit.dots.rules import geometry
from gamekit.dots.solver import move_values
from gamekit.dots.solver import solve
from gamekit.i18n import N_
from gamekit.i18n import number
from gamekit.i18n import tr
from typing import Any
from gamekit.dots import analysis
from gamekit.dots.lesson_worksheets import NO_PREDICTION
from gamekit.dots.lesson_positions import REAL_GAME, SEATS, position, safe_lines, wanted_parity


def decisive_move(moves: str = REAL_GAME, width: int = 3, height: int = 3) -> dict[str, Any]:
    """The move of a recorded game after which the result with best play changed for the last time.

    Returns ``{"index", "seat", "line", "before", "after", "better"}``: the move's number (0-based), who drew
    it, the line, the mover's value with best play before and after it (boxes left, exact solver) and the
    lines that would have kept the better result.
    """
    lines = moves.split()
    games = [DotsAndBoxes(width, height)]
    for line in lines:  # the position before each move
        games.append(games[-1].copy())
        games[-1].play(line)
    for i in range(len(lines) - 1, -1, -1):  # from the end: the first change found is the last one
        game = games[i]
        values = move_values(game)
        best = max(values.values())
        name = game.line_name(game.line_index(lines[i]))
        if (best > 0) - (best < 0) != (values[name] > 0) - (values[name] < 0):
            return {
                "index": i,
                "seat": game.to_move,
                "line": name,
                "before": best,
                "after": values[name],
                "better": [l for l, v in values.items() if v == best],
            }
    raise ValueError(tr("no move of this game changed its result"))


# ----- the long chain rule table ----------------------------------------------------------------
def parity_table() -> Table:
    """For each preset board: dots, and how many long chains each player wants (Gold moves first)."""
    rows = []
    for name, (w, h) in PRESETS.items():
        dots = geometry(w, h).n_dots
        rows.append(
            (
                tr("{board} (default)", board=name) if (w, h) == (5, 4) else name,
                dots,
                tr(wanted_parity(w, h, 0)),
                tr(wanted_parity(w, h, 1)),
            )
        )
    return Table(
        [
            tr("board (boxes)"),
            tr("dots"),
            tr("number of long chains the first player (Gold) wants"),
            tr("number of long chains the second player (Coral) wants"),
        ],
        rows,
        caption=tr("The long chain rule: the first player wants dots + long chains to be even"),
    )


def steering_table(name: str = "steer_worked") -> Table:
    """Lesson 4's worked steering example: for each safe line of the named position, the long chains forming once
    it is drawn, dots + long chains, whom that count suits, and whether the exact solver rates the line best.  The
    rows show the rule of thumb and the exact calculation side by side, so the pupil sees them agree.  A line after
    which no long chain is forming suits nobody yet (:data:`NO_PREDICTION`, "–"), as in the tally the page asks for:
    with none forming, the count predicts nothing."""
    game = position(name)
    seat = tr(SEATS[game.to_move])
    values = move_values(game)
    best = max(values.values())
    rows = []
    for line in safe_lines(game):
        after = game.copy()
        after.play(line)
        rule = analysis.long_chain_rule(after)
        total = rule.dots + rule.long_chains
        if rule.long_chains:
            count = tr(
                "{dots} + {n} = {total}, {parity}",
                dots=rule.dots,
                n=rule.long_chains,
                total=total,
                parity=tr("even") if total % 2 == 0 else tr("odd"),
            )
            suits = tr(SEATS[rule.favoured])
        else:  # the tally's rule: with none forming, the count predicts nothing
            count, suits = f"{rule.dots} + 0 = {rule.dots}", NO_PREDICTION
        rows.append((line, rule.long_chains, count, suits, tr("yes") if values[line] == best else tr("no")))
    return Table(
        [
            tr("safe line"),
            tr("long chains forming after it"),
            tr("dots + long chains"),
            tr("that count suits"),
            tr("best line, says the exact calculation?"),
        ],
        rows,
        caption=tr(
            "{seat} to move, {n} safe lines left, {dots} dots: {seat} wants dots + long chains to be {parity}.",
            seat=seat,
            n=len(rows),
            dots=game.geometry.n_dots,
            parity=tr("even") if game.to_move == game.first else tr("odd"),
        ),
    )


def start_result(width: int = 3, height: int = 3, time_limit: float = 20.0) -> Paragraph:
    """Lesson 4's closing fact, computed on the page: who wins from the empty board with perfect play, and by
    how much (the exact solver, about 0.3 s for 3×3 with the compiled search).  If the search does not end
    within ``time_limit`` seconds, the sentence says the value was not computed here."""
    game = DotsAndBoxes(width, height)
    try:
        value = solve(game, time_limit=time_limit)
    except SolverTimeout:
        return Paragraph(
            tr(
                "The exact calculation did not finish the {width}×{height} board within {seconds} s on "
                "this computer, so the result is not computed here.",
                width=width,
                height=height,
                seconds=number(time_limit, short=True),
            )
        )
    boxes = width * height
    first, second = (boxes + value) // 2, (boxes - value) // 2
    if value == 0:
        return Paragraph(
            tr(
                "Computed just now by exact calculation: on the {width}×{height} board, with "
                "perfect play from the empty board, the game is a draw, {first}–{second}.",
                width=width,
                height=height,
                first=first,
                second=second,
            )
        )
    if value > 0:
        return Paragraph(
            tr(
                "Computed just now by exact calculation: on the {width}×{height} board, with "
                "perfect play from the empty board, the first player wins {most}–{least}.",
                width=width,
                height=height,
                most=first,
                least=second,
            )
        )
    return Paragraph(
        tr(
            "Computed just now by exact calculation: on the {width}×{height} board, with perfect "
            "play from the empty board, the second player wins {most}–{least}.",
            width=width,
            height=height,
            most=second,
            least=first,
        )
    )


START_GUESSES = (N_("the first player"), N_("the second player"), N_("a draw"))
"""The guesses lesson 4's closing question offers: who wins the empty 3×3 board with perfect play."""


def start_result_after_guess(width: int = 3, height: int = 3, time_limit: float = 20.0):
    """Lesson 4's closing fact as predict-then-check: one button per guess (:data:`START_GUESSES`); the computed
    result (:func:`start_result`) is not in the widget's output until the pupil has chosen one (not even hidden:
    a saved or exported notebook would show it).  A guess is never marked right or wrong: the reply repeats it and
    the exact result appears below it."""
    import ipywidgets as W

    answer = start_result(width, height, time_limit)._repr_html_()
    result = W.HTML()
    result.layout.display = "none"
    reply = W.HTML()
    buttons = []
    for guess in START_GUESSES:
        button = W.Button(description=tr(guess), layout=W.Layout(width="auto"))

        def on_click(_: Any, guess: str = guess) -> None:
            reply.value = "<p>" + tr("Your guess: {guess}. Now compare it with the exact calculation:", guess=tr(guess))
            reply.value += "</p>"
            result.value = answer
            result.layout.display = None

        button.on_click(on_click)
        buttons.append(button)
    prompt = W.HTML("<p>" + tr("Choose your guess first; the answer appears after it.") + "</p>")
    box = W.VBox([prompt, W.HBox(buttons, layout=W.Layout(flex_flow="row wrap")), reply, result])
    box.buttons, box.reply, box.result = buttons, reply, result
    return box
