"""How a 5 en raya or Connect Four puzzle speaks to a pupil (the catalog's ``PuzzleWords`` and ``PuzzleBoard`` of
both games): its question, the feedback to each drop, what is at stake, and the board Practice draws and a click
answers on.  Plain functions of the numbers the exact solver gave when the puzzle was built (its ``facts``)."""

from __future__ import annotations

import re
from typing import Any, Callable

from gamekit.connect.rules import ConnectGame
from gamekit.connect.view import GridLayout, connect_scene, layout_for
from gamekit.core.scene import Scene
from gamekit.i18n import N_, ntr, tr

__all__ = [
    "COLOURS",
    "CELL",
    "prompt",
    "right",
    "wrong",
    "stakes",
    "move_words",
    "read_answer",
    "puzzle_scene",
    "column_hit",
]

COLOURS = (N_("red"), N_("yellow"))
"""The seats as a puzzle's sentences name them."""
CELL = 40
"""A puzzle board's cell, in css pixels."""


THEMES = {
    "win_now": N_("win now"),
    "block": N_("block"),
    "double_threat": N_("double threat"),
    "odd_even_threat": N_("odd/even threat"),
    "zugzwang": N_("zugzwang"),
    "stop_double_threat": N_("stop the double threat"),
    "side_column": N_("side disc"),
}
"""The themes of 5 en raya puzzles, with their names (Connect Four's: all but ``side_column``)."""
FOUR_THEMES = {key: name for key, name in THEMES.items() if key != "side_column"}
HINTS = {
    "win_now": N_("Look at your own lines first: is one of them nearly finished?"),
    "block": N_("What does your opponent threaten to do with the next drop?"),
    "double_threat": N_("One threat can be blocked. Can one drop make two at once?"),
    "odd_even_threat": N_("Look at the rows of the threats: odd or even, and who will have to fill the cell below?"),
    "zugzwang": N_("Count the empty cells: who will run out of safe drops first?"),
    "stop_double_threat": N_("Try each drop in your head: after it, could your opponent make two threats at once?"),
    "side_column": N_("Look at the outer columns too: which of the lines through their discs can you still finish?"),
}
"""An idea for each theme, in a pupil's words: what to look at, never the answer (the first Hint)."""
UNDER_THREAT_HINT = N_("Which drops would fill the cell just under one of your opponent's threats?")
"""The first Hint of a puzzle where every wrong drop lets the opponent win at once: the idea is only "don't
play under the threat", not who runs out of harmless drops first."""


def move_words(action: Any) -> str:
    return tr("column {n}", n=action)


def prompt(facts: dict, mover: int) -> str:
    who = tr(COLOURS[mover])  # the sentence, not the colour, starts with a capital
    if facts["best"] > 0:
        # "at once or later": a block that wins in the end is an answer too (the puzzle asks for the outcome)
        text = tr("{colour} to move. Find the drop that wins, at once or later.", colour=who)
    elif facts["best"] == 0:
        text = tr("{colour} to move. Find the drop that keeps the draw.", colour=who)
    else:
        text = tr(
            "{colour} to move. Every drop loses against best play: find the one that holds out longest.", colour=who
        )
    return text[:1].upper() + text[1:]


def _result(score: int, mover: int) -> str:
    me, them = tr(COLOURS[mover]), tr(COLOURS[1 - mover])
    if score > 0:
        return tr("{colour} wins with best play", colour=me)
    if score < 0:
        return tr("{colour} wins with best play", colour=them)
    return tr("a draw with best play")


def _then(score: int, mover: int) -> str:
    if score == 0:
        return tr("Then it is a draw.")
    return tr("Then {colour} wins.", colour=tr(COLOURS[mover if score > 0 else 1 - mover]))


def _best(best: int, mover: int) -> str:
    """What the best drop does instead, naming who wins with it (after "Then yellow wins." a bare "The best drop
    wins." left the pupil asking who)."""
    if best > 0:
        return tr("With the best drop, {colour} wins.", colour=tr(COLOURS[mover]))
    if best == 0:
        return tr("With the best drop, it stays a draw.")
    return tr("The best drop holds out longer.")


def right(facts: dict, mover: int, move: str) -> str:
    return tr("Right: {move} — {result}.", move=move, result=_result(facts["best"], mover))


AT_ONCE = N_("It lets {colour} win at once, with the next disc.")
"""What a wrong drop costs when the opponent's very next disc wins (:func:`loses_at_once`)."""


def loses_at_once(refutation: dict) -> bool:
    """Whether a wrong drop's stored line of best play is the opponent's winning disc at once."""
    return refutation["value"] < 0 and len(refutation.get("line") or []) == 1


def wrong(facts: dict, mover: int, action: Any, refutation: dict, move: str, line: str) -> str:
    """The feedback to a wrong drop: the short line of best play after it (``line``, cut before a right drop: the
    winning column of a loss at once is often the cell to block) and who then wins, or, where the opponent wins
    with the very next disc, that it loses at once; then what the best drop does."""
    text = (
        tr("Not the best: after {move}, best play goes {line}", move=move, line=line)
        if line
        else tr("Not the best: {move}", move=move)
    )
    if loses_at_once(refutation):
        text = (text + ".").replace("….", "…") + " " + tr(AT_ONCE, colour=tr(COLOURS[1 - mover]))
        return text + " " + _best(facts["best"], mover)
    return (text + ".").replace("….", "…") + " " + _then(refutation["value"], mover) + " " + _best(facts["best"], mover)


def stakes(game: ConnectGame, facts: dict, refutations: dict, n: int) -> str:
    return ntr("Only one drop does it.", "{n} drops do it: find one.", n)


def read_answer(answer: str, facts: dict) -> str:
    """A typed column: ``"4"``, ``"column 4"``, ``"columna 4"`` (either language, whichever is on) → ``"4"``."""
    text = answer.strip().lower()
    named = re.fullmatch(r"(?:column|columna|col\.?|{own})\s*(p?\d+)".format(own=re.escape(tr("column").lower())), text)
    if named:
        return named.group(1)
    return re.sub(r"\s+", " ", answer.strip().lower().replace(tr("column").lower(), "").replace("column", "")).strip()


# ----- the board a puzzle is answered on ------------------------------------------------------------------
def puzzle_scene(game: ConnectGame, answer: Any = None, colour: str = "") -> Scene:
    """A puzzle's board: the position without threat tints or last-disc mark, a ring in ``colour`` where
    ``answer`` (a column) would land, when given."""
    layout = layout_for(game, CELL)
    sc = connect_scene(game, layout, tints={}, labels={}, highlight=[], show_last=False)
    if answer is not None:
        try:
            n = int(str(answer).lstrip("p"))
            land = game.landing_cell(n)
        except (ValueError, IndexError):
            land = None
        if land is not None:
            x, y = layout.centre(*land)
            sc.add("ring", x, y, CELL * 0.42, colour, 4)
    return sc


def column_hit(game: ConnectGame, layout: GridLayout) -> Callable[[float, float], str | None]:
    """A board's click → the column number it answers (None off the board; a side column is refused with why)."""

    def hit(x: float, y: float) -> str | None:
        col = layout.column_at(x, y)
        if col is None:
            return None
        n = game.column_number(col)
        if n is None:
            raise ValueError(tr("The side columns take no discs: click one of the seven middle columns."))
        return str(n)

    return hit
