"""The exercises of the lesson "How the computer knows" (5 en raya lesson 3) after its minimax ones: when a search
may stop looking (alpha–beta), the transposition table, and reading a score on the full board; and the lesson's
two full-board positions.

Its minimax exercises (section 1, "Minimax on a tiny board") live in :mod:`gamekit.connect.teach_minimax`; its
bitboard exercises in :mod:`gamekit.connect.teach_bits`; its small games, score tables, node counts, bitboard and
pruning-tree pictures in :mod:`gamekit.connect.teach_pictures`; the counted searches (minimax, alpha-beta) in
:mod:`gamekit.connect.counted_search`.  Each exercise here is checked against those exact scores.

Scores follow the solver's convention: 0 draw; a win with the player's n-th disc of the whole
game scores ``cells/2 + 1 − n`` (22 − n on the published boards), a loss the negative.
"""

from __future__ import annotations

import re

from typing import Any
from gamekit.connect.counted_search import max_score
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.i18n import number, tr
from gamekit.connect.lesson_exercise import ordinal_words
from gamekit.connect.teach_pictures import colour_subject


# ---------------------------------------------------------------------- lesson positions and exercises
LESSON = {
    # from a seeded Medium-v-Medium game (the benchmark's 24-empty position 8, played on to 11 empty)
    "walkthrough": "3444355343356454635666651177772",
    # the benchmark's 24-empty position 4, played on to 11 empty: the player to move loses
    "exercise": "4336466125454431654556561373312",
}


def lesson_game(name: str) -> ConnectGame:
    return FiveInARow.from_moves(LESSON[name])


def read_score_exercise():
    """From a score to the disc that wins, and from there to the board: how many more discs are dropped, both
    players together, up to the winning one.  Knowing 22 − n is not enough: the pupil must count the winner's
    discs on the board (the answer is checked against the solver's score of the position and the discs on it).
    Each slip gets its own reason: the winner's discs alone, forgetting that the player to move drops first, the
    winning disc's own number, the sign the wrong way round, every empty cell; a negative count (the score's minus
    sign copied onto the answer) is refused, without using up a try, and told the sign belongs to the score."""
    from gamekit.connect.solver import solve
    from gamekit.widgets.exercise import Exercise

    game = lesson_game("exercise")
    s = solve(game)
    MAX = max_score(game)
    winner = 1 - game.to_move if s < 0 else game.to_move
    other = tr(COLOUR_NAMES[winner])
    mover = tr(COLOUR_NAMES[game.to_move]).lower()
    n = MAX - abs(s)  # the winner's disc number of the whole game
    on_board = game.discs_played(winner)  # in columns 1 to 7: the side columns' discs were never dropped
    more = n - on_board  # the winner's discs still to drop, the winning one included
    total = 2 * more if winner != game.to_move else 2 * more - 1  # the other player drops one before each
    empty = game.variant.columns * game.height - game.discs_on_board
    shown = number(s, sign=True).replace("-", "−")  # a true minus sign, as the page's "22 − n"
    flipped = 2 * (MAX + abs(s) - on_board) if winner != game.to_move else 2 * (MAX + abs(s) - on_board) - 1
    # the other player's discs that 'flipped' drops hold, said after its count of the winner's discs
    if winner != game.to_move:
        turns = tr("with a {mover} disc before each", mover=mover)
    else:
        turns = tr("with a {mover} disc between each two", mover=mover)
    reasons = {
        more: tr(
            "{k} counts only {other}'s discs. {mover_s} is to move, so {mover} drops one disc before each of "
            "{other}'s: count those too.",
            k=more,
            other=other,
            mover=mover,
            mover_s=colour_subject(game.to_move),
        ),
        total - 1: tr(
            "Close: {k} leaves out one of {mover}'s discs. {mover_s} is to move, so the very next disc is {mover}'s.",
            k=total - 1,
            mover=mover,
            mover_s=colour_subject(game.to_move),
        ),
        n: tr(
            "{n} only says which of {other}'s discs wins: the {nth}, counted from the start of the game. Some of "
            "those discs are in columns 1 to 7 already: count them.",
            n=n,
            nth=ordinal_words(n),
            other=other,
        ),
        flipped: tr(
            "Not {k}: {k} drops would end on {other}'s {nth} disc ({left} more of {other}'s discs, {turns}), "
            "and {max} + {size} = {big} turns the sign round. But each player drops at most {most} discs, so there "
            "is no {nth} disc. The minus in {score} means {other} wins. Which of {other}'s discs scores {size}?",
            k=flipped,
            other=other,
            score=shown,
            max=MAX,
            size=abs(s),
            big=MAX + abs(s),
            nth=ordinal_words(MAX + abs(s)),
            most=MAX - 1,
            left=MAX + abs(s) - on_board,
            turns=turns,
        ),
        MAX + abs(s): tr(
            "That is {max} + {size}: the sign is the other way round. The score is for the player to move, and a "
            "negative score means the other player wins.",
            max=MAX,
            size=abs(s),
        ),
        empty: tr(
            "{k} is every empty cell, but the game stops when {other}'s winning disc lands.",
            k=empty,
            other=other,
        ),
    }
    side = sum(game.is_side(c) and game.cell(c, r) == winner for c in range(game.width) for r in range(game.height))
    if side and total - 2 * side > 0:  # the side columns' discs counted as dropped
        reasons.setdefault(
            total - 2 * side,
            tr(
                "You counted the side columns too: their discs were never dropped. Count {other}'s discs in "
                "columns 1 to 7 only.",
                other=other,
            ),
        )
    reasons.pop(total, None)

    def check(answer):
        k = parse_disc_number(answer)
        if k < 0:  # the minus sign copied from the score: a refusal of the form, no try used up
            raise ValueError(
                tr(
                    "“{answer}”: a number of discs is never negative. The minus sign belongs to the score, not to "
                    "your count: type the count without it.",
                    answer=str(answer).strip(),
                )
            )
        if mover in str(answer).lower() and other.lower() not in str(answer).lower():
            return False, tr(
                "Not {mover}: the score {score} is for {mover}, the player to move, and a negative score means the "
                "other player wins.",
                mover=mover,
                score=shown,
            )
        if k == total:
            return True, tr(
                "Right: the score is {score}, so {other} wins with {other}'s {nth} disc ({max} − {size} = {n}). "
                "{other_s} has {on_board} discs in columns 1 to 7, so {other} drops {more} more, and {mover} drops one "
                "before each: {total} in all.",
                max=MAX,
                score=shown,
                size=abs(s),
                n=n,
                nth=ordinal_words(n),
                other=other,
                other_s=colour_subject(winner),
                on_board=on_board,
                more=more,
                mover=mover,
                total=total,
            )
        if k in reasons:
            return False, reasons[k]
        if k < 1 or k > empty:
            return False, tr(
                "Only {empty} cells are empty, so the answer is a number from 1 to {empty}.",
                empty=empty,
            )
        return False, tr(
            "Not {k}. First find from the score which of {other}'s discs wins, then count {other}'s discs in "
            "columns 1 to 7.",
            k=k,
            other=other,
        )

    return Exercise(
        tr(
            "The solver scores this position {score} for {colour}, the player to move, so with best play {other} "
            "wins. {other_s} has {on_board} discs in columns 1 to 7 already (the side columns' discs were never "
            "dropped). First work out which of {other}'s discs wins. Then: how many more discs will be dropped, by "
            "both players together, up to and including {other}'s winning disc? Type a number, like 7.",
            score=shown,
            colour=tr(COLOUR_NAMES[game.to_move]),
            other=other,
            other_s=colour_subject(winner),
            on_board=on_board,
        ),
        check,
        hint=tr(
            "On this board a win with your n-th disc scores {max} − n. Which of {other}'s discs wins? Take away the "
            "{on_board} already dropped, then add the discs {mover} drops in between.",
            max=MAX,
            other=other,
            on_board=on_board,
            mover=mover,
        ),
        answer=str(total),
        solutions=[total],
        key="read_score",
        wrong=list(dict.fromkeys(reasons)),
        position=game,
    )  # the position the question is about (drawn on the worksheet)


DISC_NUMBER = re.compile(r"[+\-−]?\d+")


def parse_disc_number(answer: Any) -> int:
    """A disc number as a pupil types it: "19", "red 19", "19th", "disc 19" (the one whole number in the answer,
    its sign kept, so a negative number can be told why it is wrong); ValueError saying what to type when the
    answer holds no number or several."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    found = DISC_NUMBER.findall(str(answer))
    if len(found) != 1 or isinstance(answer, bool):
        raise ValueError(tr("“{answer}” is not a number: type one number, like 7.", answer=str(answer).strip()))
    return int(found[0].replace("−", "-"))


def pruning_exercise():
    """When may a search stop looking at a move's replies?  The case alpha–beta is built on, with one reason for
    each of three plausible wrong choices (the opponent might err, a reply might be worse, only the first reply
    counts); two choices say yes and two say no, so the answer is not the odd one out.  (That skipping never
    changes the score is checked on the tiny board: minimax and alpha–beta give the same score there, as the tests
    check on every lesson position.)"""
    from gamekit.widgets.exercise import Exercise, choice_checker

    right = tr("No: that move is already worse than your draw")
    explanations = {
        right: tr(
            "Right: whatever the other replies are, your opponent will pick one at least as good for them, so "
            "the second move is worth a loss or worse to you. You will play the first move anyway. Skipping "
            "those replies saves work and cannot change the answer: that is alpha–beta."
        ),
        tr("Yes: another reply might be even worse for you"): tr(
            "It might, but that changes nothing: the second move is already worse than your draw, so you will not "
            "play it. Worse still is still worse."
        ),
        tr("Yes: your opponent might not see the winning reply"): tr(
            "Minimax expects your opponent to play their best reply, and they already have one that wins. So the "
            "second move is worth a loss or worse to you, whatever else they could play."
        ),
        tr("No: only the first reply to a move ever counts"): tr(
            "Every reply counts: had the first reply been a draw or a loss for your opponent, you would have to "
            "look at the others. You may stop here only because this reply already makes the move worse than "
            "your draw."
        ),
    }
    return Exercise(
        tr(
            "You are searching like minimax. Your first move scores 0: a draw. Now you try your second "
            "move, and your opponent's very first reply to it wins for them. Do you need to look at your "
            "opponent's other replies to that second move?"
        ),
        choice_checker(right, explanations),
        hint=tr("Who chooses the reply? And which of your two moves will you play in the end?"),
        answer=right,
        solutions=[right],
        choices=sorted(explanations),
        key="pruning",
        wrong=[c for c in explanations if c != right],
    )


TRANSPOSITION_ORDER = "34544"
"""Lesson 3's transposition question: which other move order gives the same grid as red 3, yellow 4, red 5,
yellow 4, red 4?"""


TRANSPOSITION_CHOICES = ("44543", "54344", "43544", "34445")
"""Every choice is a legal game; three of them only swap two of red's drops, and only one of those swaps leaves
every column's stack as it was (the other two change which disc sits where in column 4)."""


def _order_words(moves: str) -> str:
    seat, out = 0, []
    for m in moves:
        out.append(tr("{colour} {column}", colour=tr(COLOUR_NAMES[seat]), column=m))
        seat = 1 - seat
    return ", ".join(out)


def transposition_exercise():
    """Two move orders, one position: which order reaches the same grid as :data:`TRANSPOSITION_ORDER`?  Each
    choice is played on the rules engine and compared; a wrong one is told the first cell that differs."""
    from gamekit.widgets.exercise import Exercise, choice_checker

    target = FiveInARow.from_moves(TRANSPOSITION_ORDER)
    worded, right = {}, []
    for moves in TRANSPOSITION_CHOICES:
        g = FiveInARow.from_moves(moves)
        text = _order_words(moves)
        if g.position_key() == target.position_key():
            right.append(text)
            worded[text] = tr(
                "Right: each disc lands in the same cell either way, so the grid is the same. A "
                "transposition table stores its result once and finds it again."
            )
            continue
        moved = [(c, r) for c in range(g.width) for r in range(g.height) if g.cell(c, r) != target.cell(c, r)]
        c, r = moved[0]
        worded[text] = tr(
            "Not this one: after it, the cell in column {column}, row {row} holds {what}, not {other}.",
            column=g.column_number(c),
            row=r + 1,
            what=tr("nothing")
            if g.cell(c, r) is None
            else tr("a {colour} disc", colour=tr(COLOUR_NAMES[g.cell(c, r)])),
            other=tr("nothing")
            if target.cell(c, r) is None
            else tr("a {colour} disc", colour=tr(COLOUR_NAMES[target.cell(c, r)])),
        )
    if len(right) != 1:
        raise ValueError(f"the transposition question needs exactly one right order, not {right}")
    choices = list(worded)
    return Exercise(
        tr(
            "From the empty 5 en raya grid, which move order gives exactly the same grid as {order}?",
            order=_order_words(TRANSPOSITION_ORDER),
        ),
        choice_checker(right[0], worded),
        hint=tr("Picture where each disc lands. Does the order change any cell?"),
        answer=right[0],
        solutions=right,
        choices=choices,
        key="transposition",
        wrong=[c for c in choices if c not in right],
    )


def transposition_why_exercise():
    """Why a transposition table never changes the score (lesson 3's objective: skip work *without changing the
    answer*): a choice, each wrong one with its own reason.  That the score is unchanged is the lesson's table
    (:func:`compare`, the same score on every line), which the tests check on every lesson position."""
    from gamekit.widgets.exercise import Exercise, choice_checker

    right = tr("Because the same grid with the same player to move has the same best play")
    explanations = {
        right: tr(
            "Right: what happens next depends only on the grid and whose turn it is, not on the order of the "
            "moves that led there. So the score stored the first time is exactly the score a new search would "
            "find, and skipping that search cannot change the answer."
        ),
        tr("Because similar grids have similar scores, so a nearby score is close enough"): tr(
            "Not so: it reuses a score only for exactly the same grid with the same player to move. Move "
            "one disc and the score can change completely: a five can appear or disappear."
        ),
        tr("Because the table also stores the best move, and the search plays it again"): tr(
            "A table can keep a best move too, but that only helps the search try it first. The score stays the same "
            "because the grid and the player to move are exactly the same, so best play from there is too."
        ),
        tr("Because both move orders dropped the same number of discs, and the score counts discs"): tr(
            "The score does count discs, but many different grids hold as many discs, with very different "
            "best play. The table reuses a score only when the grid itself and the player to move are the same."
        ),
    }
    return Exercise(
        tr(
            "A transposition table lets the search skip a position it has already scored, when another "
            "move order reaches it again. Why does this never change the score the search finds?"
        ),
        choice_checker(right, explanations),
        hint=tr(
            "After two move orders reach the same grid, does anything about the rest of the game "
            "depend on which order it was?"
        ),
        answer=right,
        solutions=[right],
        choices=list(explanations),
        key="transposition_why",
        wrong=[c for c in explanations if c != right],
    )
