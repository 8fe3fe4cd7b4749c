"""How a Dots and Boxes puzzle speaks to a pupil (the catalog's ``PuzzleWords`` and ``PuzzleBoard`` of the game):
its question, the feedback to each answer, what is at stake, and the board Practice draws and a click answers
on.  Plain functions of the numbers the exact solver gave when the puzzle was built (its ``facts``)."""

from __future__ import annotations

from typing import Any, Callable

from gamekit.core.scene import Scene
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.view import COORDINATE_INK, BoardLayout, dots_scene
from gamekit.i18n import N_, ntr, tr

__all__ = [
    "SEATS",
    "own_box_loss",
    "prompt",
    "lesson_question",
    "right",
    "wrong",
    "stakes",
    "board_layout",
    "puzzle_scene",
    "line_hit",
]

SEATS = (N_("Gold"), N_("Coral"))
"""The seats as a puzzle's sentences name them: names, capitalised everywhere ("Gold d1-d2" in a line of play too)."""


THEMES = {
    "take_box": N_("take a box"),
    "avoid_third_side": N_("avoid a third side"),
    "safe_line": N_("last safe lines: add up the boxes"),
    "hard_hearted_handout": N_("hard-hearted handout"),
    "which_to_open": N_("which chain or loop to open"),
    "double_deal": N_("double-deal"),
    "all_but_four": N_("all-but-four in a loop"),
    "long_chain_count": N_("steer the long-chain count"),
    "control_not_worth_it": N_("when control is not worth it"),
    "sacrifice": N_("sacrifice to change the count"),
}
"""The themes of Dots and Boxes puzzles, with their names."""
DECISION_HINT = N_(
    "Boxes are on offer. Before you draw, count: how many long chains and loops are still to come after these"
    " boxes, and who will have to open them?"
)
"""The first Hint of the three ideas that ask "take every box or decline the last ones?" (double-deal,
all-but-four, when control is not worth it): a count that decides it, the same words whichever answer is right, so
the hint never tells (it named the two plans, which made the question a coin toss)."""
HINTS = {
    "take_box": N_("Look for a box with three sides. What happens when you draw its fourth side?"),
    "avoid_third_side": N_("Look at each line: does it draw the third side of a box?"),
    "safe_line": N_("Several lines look safe: compare what each one leaves for later."),
    "hard_hearted_handout": N_("You have to give boxes away: which way of giving them leaves your opponent no choice?"),
    "which_to_open": N_(
        "Every line gives boxes away. Look at each chain and loop: what does opening it give, and what comes after?"
    ),
    "double_deal": DECISION_HINT,
    "all_but_four": DECISION_HINT,
    "long_chain_count": N_("Count the long chains each line leaves: who will have to open the first one?"),
    "control_not_worth_it": DECISION_HINT,
    "sacrifice": N_("Giving boxes now can change who opens the long chains later: count what each line leads to."),
}
"""An idea for each theme, in a pupil's words: what to look at, never the answer (the first Hint)."""


def own_box_loss(best: int, value: int) -> int:
    """How many of their own boxes a Dots and Boxes mover loses by playing a line worth ``value`` instead of
    one worth ``best``.  Both are margins on the boxes still to be taken (mine minus theirs), and those boxes
    are shared out whatever happens: each box I do not get, my opponent gets, so the margin moves by two per
    box and my own loss is half the change (always a whole number: a margin has the parity of the boxes left)."""
    gap = best - value
    if gap % 2:
        raise ValueError(
            tr(
                "margins {best} and {value}: their difference must be even (the same boxes are left)",
                best=best,
                value=value,
            )
        )
    return gap // 2


def prompt(facts: dict, mover: int) -> str:
    """Whose move and the board: the puzzle's one question follows in its stakes
    (:func:`gamekit.puzzles.dots_words.asked_stakes`: which line gets the mover the most boxes), so the prompt asks
    none of its own (a sheet asked "Which line would you draw? … Which line gets Coral the most of them …?")."""
    return tr(
        "{seat} to move on {width}×{height}.",
        seat=tr(SEATS[mover]),
        width=facts["width"],
        height=facts["height"],
    )


def _result(value: int) -> str:
    if value > 0:
        return ntr(
            "from here you take {n} box more than your opponent",
            "from here you take {n} boxes more than your opponent",
            value,
        )
    if value < 0:
        # a sacrifice that wins the game can still give the opponent more of the boxes left: say it as the
        # good news it is (no line does better), not as a loss
        return ntr(
            "no line does better: of the boxes still to take, your opponent gets only {n} more than you",
            "no line does better: of the boxes still to take, your opponent gets only {n} more than you",
            -value,
        )
    return tr("from here you and your opponent take as many boxes")


def right(facts: dict, mover: int, move: str) -> str:
    return tr("Right: {move} keeps the best result — {result}.", move=move, result=_result(facts["best"]))


def wrong(facts: dict, mover: int, action: Any, refutation: dict, move: str, line: str) -> str:
    loss = own_box_loss(facts["best"], refutation["value"])
    text = (
        tr("Not the best: after {move}, best play goes {line}.", move=move, line=line)
        if line
        else tr("The line {move} is not the best.", move=move)
    )
    return (
        text.replace("….", "…")
        + " "
        + ntr(
            "With best play after it, you end the game with {n} box fewer than after the best line.",
            "With best play after it, you end the game with {n} boxes fewer than after the best line.",
            loss,
        )
    )


def score_and_left(game: DotsAndBoxes) -> str:
    """The score, mover first, and how many boxes are left: the opening of a Dots puzzle's question."""
    me, other = game.to_move, 1 - game.to_move
    return ntr(
        "Score now: {a} {sa}, {b} {sb}, and {n} box is left.",
        "Score now: {a} {sa}, {b} {sb}, and {n} boxes are left.",
        game.width * game.height - sum(game.scores),
        a=tr(SEATS[me]),
        sa=game.scores[me],
        b=tr(SEATS[other]),
        sb=game.scores[other],
    )


def stakes(game: DotsAndBoxes, facts: dict, refutations: dict, n: int) -> str:
    """The boxes each side ends with under best play, and the least a wrong line costs."""
    me, other = game.to_move, 1 - game.to_move
    left = game.width * game.height - sum(game.scores)
    mine = game.scores[me] + (left + facts["best"]) // 2
    theirs = game.scores[other] + (left - facts["best"]) // 2
    a, b = tr(SEATS[me]), tr(SEATS[other])
    least = min(own_box_loss(facts["best"], ref["value"]) for ref in refutations.values())
    text = (
        score_and_left(game)
        + " "
        + tr("With best play the game ends {a} {mine}, {b} {theirs}.", a=a, mine=mine, b=b, theirs=theirs)
        + " "
        + ntr("A wrong line costs {a} at least {n} box.", "A wrong line costs {a} at least {n} boxes.", least, a=a)
    )
    count = ntr("Only one line does it.", "{n} lines do it: find one.", n)
    return text + " " + count


def lesson_question(game: DotsAndBoxes, n: int) -> str:
    """A lesson's practice question: whose move, the score now, and how many lines are best — never the result
    with best play or what a mistake costs, which would tell a pupil how to judge the lines (the feedback says
    them, after the answer)."""
    me, other = game.to_move, 1 - game.to_move
    score = tr(
        "Score now: {a} {sa}, {b} {sb}.",
        a=tr(SEATS[me]),
        sa=game.scores[me],
        b=tr(SEATS[other]),
        sb=game.scores[other],
    )
    count = ntr("Only one line is best.", "{n} lines are equally good: any of them counts.", n)
    return (
        tr("{seat} to move on {width}×{height}.", seat=tr(SEATS[me]), width=game.width, height=game.height)
        + " "
        + score
        + " <b>"
        + tr("Which line would you draw?")
        + "</b> "
        + count
    )


# ----- the board a puzzle is answered on ------------------------------------------------------------------
def board_layout(game: DotsAndBoxes) -> BoardLayout:
    """The layout of a lesson's or a puzzle's board (300 css pixels at most)."""
    return BoardLayout.fit(game.width, game.height, max_px=300)


def puzzle_scene(game: DotsAndBoxes, layout: BoardLayout, answer: Any = None, colour: str = "") -> Scene:
    """A puzzle's board: the position without hints, the dot names round the edge, ``answer`` (a line) drawn in
    ``colour`` when given."""
    lines = {} if answer is None else {game.line_index(answer): colour}
    scene = dots_scene(game, layout, box_tints={}, line_colours=lines, show_last=False)
    font = "11px sans-serif"
    for col in range(game.width + 1):
        x, _ = layout.dot(col, 0)
        scene.add("text", x, layout.margin * 0.35, chr(ord("a") + col), font, COORDINATE_INK, "center")
    for row in range(game.height + 1):
        _, y = layout.dot(0, row)
        scene.add("text", layout.margin * 0.35, y, str(row + 1), font, COORDINATE_INK, "center")
    return scene


def line_hit(game: DotsAndBoxes, layout: BoardLayout) -> Callable[[float, float], str | None]:
    """A board's click → the line it answers (None off the gaps; a line already drawn is refused with why)."""

    def hit(x: float, y: float) -> str | None:
        line = layout.line_at(game, x, y)
        if line is None:
            return None
        if game.is_drawn(line):
            raise ValueError(
                tr("{line_name} is already drawn: click an empty gap between two dots.", line_name=game.line_name(line))
            )
        return game.line_name(line)

    return hit
