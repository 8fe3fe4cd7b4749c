"""The words of 5 en raya and Connect Four Practice (:mod:`gamekit.puzzles.connect`): a puzzle's question, the
feedback to a right drop that wins at once (:func:`right_words`) and the reason a right drop is right
(:func:`why_words`), what a wrong drop's mistake is (:func:`mistake_words`, :func:`later_words`), the wrong drops
the second Hint names (:func:`hint_left_out`) and how to read a printed sheet (:func:`sheet_key`), read off the
position, the solver's outcomes and the puzzle's refutations."""

from __future__ import annotations

from typing import Any

from gamekit import catalog
from gamekit.connect.rules import ConnectGame
from gamekit.i18n import N_, ntr, tr
from gamekit.puzzles.connect_best_line import wins_at_once, wins_at_once_for
from gamekit.puzzles.connect_lessons import one_step_kind, under_threat_only
from gamekit.puzzles.connect_why import (
    also_right_why,
    idea_in_every_answer,
    other_right,
    position_why,
    win_elsewhere_why,
    wrong_row,
)
from gamekit.puzzles.connect_defence import double_mistake
from gamekit.puzzles.connect_kept_off import draw_example_words, kept_off_too
from gamekit.puzzles.core import Puzzle


TO_MOVE = (N_("Red to move."), N_("Yellow to move."))
"""Whose turn it is, the first sentence of a question (one message per colour, as the lessons say it)."""
OTHER = (N_("yellow"), N_("red"))
"""The opponent of the seat to move, as a question names it."""
CAN_WIN = (
    N_("Red can force a win: find a drop that keeps the win, whatever yellow does."),
    N_("Yellow can force a win: find a drop that keeps the win, whatever red does."),
)
"""The question of a puzzle the mover wins with best play, by the mover's colour (at once or later: not said).
It asks for a drop that *keeps* the win, as the draw's question asks for the one that keeps the draw: true of a
drop that wins at once, of one that wins later, and of a block after which the mover still wins (asked "find a
drop that wins", a pupil would look past the block)."""


def question(puzzle: Puzzle) -> str:
    """A bank puzzle's question: whose turn it is and the stake the exact solver found, the same words for every
    puzzle with that outcome — a win ("can force a win", whether a drop wins at once or only later), the draw to
    keep, or holding out longest.  It never says whether a drop wins at once or a threat needs blocking, so it does
    not tell a lesson-1 puzzle ("win at once, else block") from a puzzle that needs reading ahead: the pupil has to
    spot that.  How many drops are right is said once, after it, by the game's ``stakes`` (for a draw, by
    :func:`asked_stakes`, which also says that every other drop loses: said before the count, "every other drop"
    read as "every drop but the one" beside "2 drops do it")."""
    game = puzzle.position
    me = game.to_move
    best = puzzle.facts["best"]
    text = tr(TO_MOVE[me]) + " "
    if best > 0:
        text += tr(CAN_WIN[me])
    elif best == 0:
        text += tr("Find a drop that keeps the draw.")
    else:
        text += tr("Every drop loses against best play: find the one that holds out longest.")
    return text


def asked_stakes(puzzle: Puzzle) -> str | None:
    """What is at stake after a draw-keeping puzzle's question (:func:`gamekit.puzzles.sets.stakes`): how many
    drops keep the draw, then that every other drop loses ("2 drops do it: find one. Every other drop loses
    against best play."), so the count comes before "every other"; None for a win (the game's ``stakes``)."""
    if puzzle.facts["best"] != 0:
        return None
    n = len(puzzle.answers)
    return ntr(
        "Only one drop does it: every other drop loses against best play.",
        "{n} drops do it: find one. Every other drop loses against best play.",
        n,
    )


MAKES_A_LINE = {
    4: N_("Right: column {column} makes four in a line, so {colour} wins at once."),
    5: N_("Right: column {column} makes five in a line, so {colour} wins at once."),
}
"""The feedback to a right drop that completes a line there and then, by the game's line length."""


def right_words(puzzle: Puzzle, action: Any) -> str | None:
    """The feedback to the right drop ``action`` when it wins at once: it says the drop makes the line
    ("makes five in a line") rather than "wins with best play", which is true but hides what happened.  None for
    a drop that does not finish a line at once (the game's words say the outcome with best play)."""
    game = puzzle.position
    message = MAKES_A_LINE.get(game.win_length)
    if message is None or str(action) not in wins_at_once(game):
        return None
    return tr(message, column=str(action), colour=tr(OTHER[1 - game.to_move]))


DRAW_ROW_WHY = (
    N_(
        "Why: this drop makes a threat on the right row for you. It does not win, but it keeps the draw: every other"
        " drop loses."
    ),
    N_(
        "Why: this drop makes a threat on the right row for you. It does not win, but it keeps the draw, and so does"
        " column {m}: every other drop loses."
    ),
)
"""The reason for a right drop of a draw-keeping *odd/even threat* puzzle where no new threat cell is found: the
only right drop, or one of two (the other named, so "every other drop" does not call it wrong)."""
DRAW_ZUGZWANG_WHY = (
    N_("Why: this drop does not win, but it keeps the draw: every other drop loses."),
    N_("Why: this drop does not win, but it keeps the draw, and so does column {m}: every other drop loses."),
)
"""The reason for a right drop of a draw-keeping *zugzwang* puzzle where no waiting threat is found (as
:data:`DRAW_ROW_WHY`; that you run out of safe drops first is said only after a wrong drop the solver's line shows
it for, :func:`gamekit.puzzles.connect_kept_off.draw_example_words`)."""


def why_words(puzzle: Puzzle, theme: str, action: str) -> str | None:
    """The reason for the right drop ``action`` of a puzzle practised for ``theme``, read off the position
    (:func:`gamekit.puzzles.connect_why.position_why`: the column and the line, threat or cell it makes or
    blocks, a threat's row and its kind, and for a draw-keeping puzzle that the drop keeps the draw); a drop that
    does not show it while the other right drop does says what it does and that it reaches the same goal
    (:func:`also_right_why`); where
    the position shows no such cell, a draw-keeping *odd/even threat* or *zugzwang* puzzle still says it keeps the
    draw (:data:`DRAW_ROW_WHY`, :data:`DRAW_ZUGZWANG_WHY`) and a winning *odd/even threat* one says only that it
    wins and where (:func:`gamekit.puzzles.connect_why.win_elsewhere_why`: the win comes through no row threat the
    drop makes); else None (the idea's general reason, ``WHY`` of
    :mod:`gamekit.puzzles.practice_words`)."""
    wrong = [a for a in puzzle.legal_answers() if a not in puzzle.answers]
    draw = puzzle_goal(puzzle.facts) == ("outcome", 0)
    words = position_why(puzzle.position, theme, str(action), wrong, draw)
    if words is not None:
        if theme != "zugzwang":
            return words
        return words + (draw_example_words(puzzle, wrong) if draw else "") + kept_off_too(puzzle, wrong)
    for other in puzzle.answers:  # the idea is in the other right drop: say this one does as well
        if other != str(action) and position_why(puzzle.position, theme, other, wrong, draw) is not None:
            goal = puzzle_goal(puzzle.facts)[1]
            own = next(  # this drop's own idea, where another of the puzzle's themes shows it
                (
                    words
                    for t in puzzle.themes
                    if t != theme and (words := position_why(puzzle.position, t, str(action), wrong, draw))
                ),
                None,
            )
            return also_right_why(puzzle.position, str(action), other, goal, own)
    if theme == "odd_even_threat" and puzzle_goal(puzzle.facts)[1] == 1:  # a win that no row threat explains
        return win_elsewhere_why(puzzle.position, str(action))
    if not draw:
        return None
    message = {"odd_even_threat": DRAW_ROW_WHY, "zugzwang": DRAW_ZUGZWANG_WHY}.get(theme)
    if message is None:
        return None
    also = other_right(puzzle.position, str(action), wrong)
    return tr(message[0]) if also is None else tr(message[1], m=also)


def puzzle_goal(facts: dict) -> tuple:
    """What a puzzle asks the pupil to reach, to match a similar one: ``("outcome", 1)`` a win, ``0`` keep the
    draw, ``-1`` hold out longest (the sign of the best drop's outcome)."""
    best = facts["best"]
    return ("outcome", (best > 0) - (best < 0))


MISTAKES = {
    "under": N_("The mistake: column {n} fills the cell under {other}'s threat, so {other} makes {k} in column {m}."),
    "unblocked": N_("The mistake: column {n} leaves {other}'s threat open, so {other} makes {k} with the next disc."),
    "missed": N_("The mistake: one drop would have made {k} at once, and column {n} does not."),
}
"""A wrong drop after which the opponent completes a line at once: it filled the cell under the opponent's
threat (the threat's cell is right above the disc), or it left a threat that was already there unblocked; a
wrong drop where the mover could complete a line at once names that drop first (``missed``); in an
*odd/even threat* puzzle, a wrong drop that hands over no win at once and whose new threats all wait on the
opponent's kind of row (:func:`gamekit.puzzles.connect_why.wrong_row`).  A sentence names only the column the
pupil chose (the cell over its disc is in that column): naming the column of the win or of the threat would give
the retry away while the puzzle is unsolved."""
LINE_WORDS = {4: N_("four"), 5: N_("five")}


PLAY_IT_OUT = N_("Press Show what happens to see how, move by move.")
"""Said on the Practice board after a wrong drop whose loss comes many discs later (:func:`later_words`): the
pupil cannot check that by eye, but the board's Show what happens plays the line out."""


def mistake_words(puzzle: Puzzle, action: str) -> str | None:
    """What Practice says after a wrong drop besides its refutation: :func:`drop_mistake`, then, where the
    feedback says the loss comes many discs later (the short line cut before an answer, :func:`later_words`),
    :data:`PLAY_IT_OUT`; None when there is neither.  The idea to look for follows it (:func:`look_for_words`)."""
    from gamekit.puzzles.core import SHOWN_MOVES

    words = drop_mistake(puzzle, action)
    moves = (puzzle.refutations.get(str(action)) or {}).get("line") or []
    shown = next((i for i, (_, m) in enumerate(moves) if m in puzzle.answers), SHOWN_MOVES)
    parts = [words] if words else []
    if shown < min(len(moves), SHOWN_MOVES) and later_words(puzzle, action):
        parts.append(tr(PLAY_IT_OUT))
    return " ".join(parts) or None


LOOK_FOR = {
    "double_threat": N_("The idea to look for: a drop that makes two threats at once."),
    "odd_even_threat": N_(
        "The idea to look for: a threat on your kind of row (odd rows for red, even rows for yellow)."
    ),
    "zugzwang": N_("The idea to look for: count the safe drops; who runs out of them first?"),
    "stop_double_threat": N_("The idea to look for: a drop after which your opponent cannot make two threats at once."),
    "side_column": N_("The idea to look for: a line through a disc of an outer column."),
}
"""After a wrong drop that hands the opponent no win at once (so no mistake sentence names what went wrong): the
idea the puzzle is practised for, which every right drop uses (:func:`wrong_idea`).  It names no column."""


def look_for_words(puzzle: Puzzle, action: str, theme: str | None = None) -> str | None:
    """The sentence after a wrong drop's mistake words that names the idea to look for (:data:`LOOK_FOR`, the
    idea of :func:`wrong_idea` for the board's idea ``theme``), where :func:`drop_mistake` names no mistake; else
    None."""
    if drop_mistake(puzzle, action):
        return None
    idea = wrong_idea(puzzle, theme)
    return tr(LOOK_FOR[idea]) if idea is not None else None


def wrong_idea(puzzle: Puzzle, theme: str | None = None) -> str | None:
    """The idea a wrong drop's feedback names (:data:`LOOK_FOR`): the idea ``theme`` the board practises the
    puzzle for (None: the puzzle's first theme, as a board with no idea or lesson chosen practises it) — the
    idea the first Hint names and the right answer's "The idea:" sentence says — where that Hint does name it
    (not a win-at-once or block hint, not the general hint of :func:`gamekit.puzzles.connect.first_hint`, not
    the under-threat hint of :func:`gamekit.puzzles.connect.practice_hint`), it needs reading ahead and every
    right drop shows it on the board (:func:`gamekit.puzzles.connect_why.idea_in_every_answer`); else None, so
    the three never name different ideas."""
    if theme is None:
        theme = puzzle.themes[0] if puzzle.themes else None
    if theme not in LOOK_FOR or theme not in puzzle.themes or one_step_kind(puzzle) is not None:
        return None  # not a theme to look for here, or a win at once or a block: those hints name no such idea
    wrong = [a for a in puzzle.legal_answers() if a not in puzzle.answers]
    if theme == "zugzwang" and under_threat_only(puzzle.position, wrong):
        return None  # the Hint says "don't drop under the threat" (gamekit.puzzles.connect.practice_hint)
    return theme if idea_in_every_answer(puzzle, theme) else None  # else the general Hint


def drop_mistake(puzzle: Puzzle, action: str) -> str | None:
    """The mistake a wrong drop makes, in one sentence, when the opponent can then complete a line at once (the
    kinds of :data:`MISTAKES`), else None (the line of best play in the feedback shows the rest).  A drop that
    itself completes a line is no mistake of this kind."""
    from gamekit.connect.puzzle_text import COLOURS

    game = puzzle.position
    me = game.to_move
    k = tr(LINE_WORDS.get(game.win_length, N_("five")))
    mine = wins_at_once(game)
    if mine and str(action) not in mine:
        return tr(MISTAKES["missed"], n=action, k=k)
    after = game.copy()
    after.play(action)
    if after.winner() is not None or after.is_over():
        return None
    wins = wins_at_once(after)
    if not wins:  # two threats at once the opponent then makes come first: they lose the game by force
        return double_mistake(puzzle, action) or wrong_row(puzzle, action)
    before = set(wins_at_once_for(game, 1 - me))
    col = game.grid_column(int(str(action)))
    row = len(game.grid[col])
    above = [m for m in wins if after.landing_cell(int(m)) == (col, row + 1)]
    kind, m = ("under", above[0]) if above else ("unblocked", wins[0])
    if kind == "unblocked" and m not in before:
        return None  # a new threat of another kind: the line of best play says it
    return tr(MISTAKES[kind], n=action, m=m, other=tr(COLOURS[1 - me]), k=k)


def later_words(puzzle: Puzzle, action: str) -> str | None:
    """After a wrong drop whose short line stops before it would name an answer's column (so no move of it shows):
    how many more discs the opponent needs to win (from the exact score, as :func:`gamekit.connect.solver.verdict`
    counts them), so "Then yellow wins." is not read as a win at once; None when the opponent wins with the next
    disc, when the drop does not lose, or where the score is not known."""
    from gamekit.connect.puzzle_text import COLOURS

    score = (puzzle.facts.get("scores") or {}).get(str(action))
    if not isinstance(score, int) or score >= 0:
        return None
    after = puzzle.position.copy()
    after.play(str(action))
    n = after.variant.cells // 2 + 1 + score - after.discs_played(after.to_move)  # the opponent's discs to win
    if n <= 1:
        return None
    text = ntr(
        "{colour} does not win at once: it takes {n} more {colour} disc, but you cannot stop it.",
        "{colour} does not win at once: it takes {n} more {colour} discs, but you cannot stop it.",
        n,
        colour=tr(COLOURS[after.to_move]),
    )
    return text[:1].upper() + text[1:]


KEPT_WRONG = 2
"""How many untried wrong drops the second Hint leaves unnamed where there are enough (:func:`hint_left_out`)."""


def hint_left_out(puzzle: Puzzle, tried: list) -> list[str]:
    """The wrong drops the second Hint names (:func:`gamekit.puzzles.practice_words.second_hint`): about half of
    the wrong drops the pupil has not tried yet, the ones that do worst first, leaving :data:`KEPT_WRONG` of them
    unnamed where it can, but at least one named while two or more are left (a hint that rules nothing out is no
    step); never a drop the pupil has tried, and never the last untried wrong drop: the drops left to choose from
    are never the answer alone (with one untried wrong drop left, it names none).  Drops that do equally badly
    are chosen in an order fixed by the puzzle (shuffled with its id as the seed), not lowest column first, so the
    names say nothing about where the answer is.  Empty when every wrong drop has been tried."""
    import random

    fresh = [a for a in puzzle.legal_answers() if a not in puzzle.answers and a not in set(map(str, tried))]
    if not fresh:
        return []
    random.Random(puzzle.id).shuffle(fresh)
    value = {a: puzzle.refutations.get(a, {}).get("value", 0) for a in fresh}
    worst = sorted(fresh, key=lambda a: value[a])  # stable: the seeded order among equals
    return worst[: min(len(fresh) - 1, max(1, min(len(fresh) - KEPT_WRONG, (len(fresh) + 1) // 2)))]


SIDE_SHEET_KEY = N_(
    "The columns outside the | marks are the outer columns: they start full, so no disc can be dropped there,"
    " but their discs count in lines. Drop in the numbered columns, 1 to {last}:"
)
"""The sentence at the top of a 5 en raya pupil sheet (:func:`sheet_key`)."""


def sheet_key(game_id: str) -> tuple[str, ConnectGame] | None:
    """How to read a printed sheet's boards, for :func:`gamekit.puzzles.homework.sheet_key`: on a board with full
    outer columns (5 en raya), a sentence saying they start full and count in lines, and the start position to
    show them; None for a board without them (Connect Four: its sheet needs no key)."""
    info = catalog.get(game_id)
    if not info.puzzle_settings["side_column"]:
        return None
    board = info.new_game(info.check_options({"popout": False}))
    return tr(SIDE_SHEET_KEY, last=board.columns), board
