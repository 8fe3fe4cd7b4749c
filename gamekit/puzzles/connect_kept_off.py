"""What a 5 en raya / Connect Four *zugzwang* puzzle's reason says about its wrong drops, after a right drop: how
the mover runs out of safe drops first after one of them (a draw kept), and the other drops that keep off the cell
under the opponent's threat too but lose (:func:`kept_off_too`), in the very words the feedback to that drop
shows."""

from __future__ import annotations

from typing import Any

from gamekit.connect.rules import ConnectGame
from gamekit.i18n import N_, ntr, tr
from gamekit.puzzles.connect_best_line import run_out, waiting_threat
from gamekit.puzzles.connect_cells import COLOURS
from gamekit.puzzles.core import SHOWN_MOVES, short_line_words


DRAW_RUN_OUT = (
    N_("After column {w}, for example, {other} still has a safe drop and you have none, so you run out first."),
    N_("After column {w}, for example, {other} makes {a} more safe drops and you only {b}, so you run out first."),
)
"""How a draw-keeping *zugzwang* puzzle's wrong drop loses (:func:`draw_run_out_words`): with none left for the
mover, or with some."""


def draw_run_out_words(game: ConnectGame, wrong: str) -> str | None:
    """For the wrong drop ``wrong`` of a draw-keeping *zugzwang* puzzle: how many harmless drops each side then makes
    with best play, the opponent more, so the mover runs out first (:func:`run_out`); None where the line of best
    play does not end that way."""
    found = run_out(type(game), (*game.history, str(wrong)))
    me = game.to_move
    if found is None or found[1] != me:
        return None
    counts = found[0]
    message = DRAW_RUN_OUT[0] if counts[me] == 0 else DRAW_RUN_OUT[1]
    return tr(message, w=wrong, other=tr(COLOURS[1 - me]), a=counts[1 - me], b=counts[me])


def kept_off_too(puzzle: Any, wrong: list[str]) -> str:
    """What sets a *zugzwang* puzzle's right drop apart from the wrong drops that keep off the same cell under
    the opponent's threat (:func:`waiting_threat`): how many there are and, for the one whose feedback shows the
    most of its stored line of best play (then the longest line: the hardest to see), that line in the very words
    the feedback to that drop shows (cut where it would name a right drop, :func:`shown_line`), so the two never
    disagree.  Empty when every wrong drop fills that cell."""
    game = puzzle.position
    cell = waiting_threat(game, wrong)
    if cell is None:
        return ""
    under = (cell[0], cell[1] - 1)
    others = [w for w in wrong if game.landing_cell(int(w)) != under and w in puzzle.refutations]
    if not others:
        return ""
    shown = kept_off_example(puzzle, others)
    # a line cut short ("red 1, yellow 1, red 1, …") shows nothing of how the drop loses: only a whole one is shown
    line = shown_line(puzzle, shown) if _shown_whole(puzzle, shown) else ""
    words = dict(w=shown, line=line)
    lose = all(puzzle.refutations[w]["value"] < 0 for w in others)
    if not line:
        return " " + (
            ntr(
                "One other drop keeps off it too, but loses: column {w}.",
                "{n} other drops keep off it too, but lose: column {w} is one.",
                len(others),
                w=shown,
            )
            if lose
            else ntr(
                "One other drop keeps off it too, but does worse: column {w}.",
                "{n} other drops keep off it too, but do worse: column {w} is one.",
                len(others),
                w=shown,
            )
        )
    if lose:
        text = ntr(
            "One other drop keeps off it too, but loses: after column {w}, best play goes {line}.",
            "{n} other drops keep off it too, but lose: after column {w}, best play goes {line}.",
            len(others),
            **words,
        )
    else:
        text = ntr(
            "One other drop keeps off it too, but does worse: after column {w}, best play goes {line}.",
            "{n} other drops keep off it too, but do worse: after column {w}, best play goes {line}.",
            len(others),
            **words,
        )
    return " " + text.replace("….", "…")


def kept_off_example(puzzle: Any, others: list[str]) -> str:
    """Of the wrong drops ``others`` (with stored lines), the one whose feedback shows its whole line, then the
    most of its line, then the longest line (the hardest to see), then the lowest column: the example
    :func:`kept_off_too` gives."""
    return max(
        others,
        key=lambda w: (
            _shown_whole(puzzle, w),
            _shown_moves(puzzle, w),
            len(puzzle.refutations[w]["line"] or []),
            -int(w),
        ),
    )


def _shown_whole(puzzle: Any, action: str) -> bool:
    """Whether the feedback to the wrong drop ``action`` shows its stored line of best play to the end (the
    winning disc), not cut with "…"."""
    moves = puzzle.refutations[str(action)].get("line") or []
    return bool(moves) and _shown_moves(puzzle, action) == len(moves)


def draw_example_words(puzzle: Any, wrong: list[str]) -> str:
    """A space and :func:`draw_run_out_words` for the wrong drop a draw-keeping *zugzwang* puzzle's reason shows
    (:func:`kept_off_example` of the drops that keep off the cell under the threat), else for the first wrong
    drop, by column, whose line of best play ends in a run-out; empty where none does."""
    game = puzzle.position
    cell = waiting_threat(game, wrong)
    order = sorted(wrong, key=int)
    if cell is not None:
        others = [w for w in wrong if game.landing_cell(int(w)) != (cell[0], cell[1] - 1) and w in puzzle.refutations]
        if others:
            first = kept_off_example(puzzle, others)
            order = [first] + [w for w in order if w != first]
    for w in order:
        words = draw_run_out_words(game, w)
        if words is not None:
            return " " + words
    return ""


def _shown_moves(puzzle: Any, action: str) -> int:
    """How many moves of the stored line after the wrong drop ``action`` its feedback shows (:func:`shown_line`)."""
    moves = puzzle.refutations[str(action)].get("line") or []
    accepted = {str(a) for a in puzzle.answers}
    cut = next((i for i, (_, move) in enumerate(moves) if str(move) in accepted), SHOWN_MOVES)
    return min(cut, SHOWN_MOVES, len(moves))


def shown_line(puzzle: Any, action: str) -> str:
    """The moves of the stored line of best play after the wrong drop ``action`` that the feedback to it shows:
    the first :data:`gamekit.puzzles.core.SHOWN_MOVES`, stopping before any move that is a right drop (it would
    give the answer away); "" when the line starts with one."""
    moves = puzzle.refutations[str(action)].get("line") or []
    shown = _shown_moves(puzzle, action)
    return short_line_words(puzzle.game_id, moves, shown) if shown else ""
