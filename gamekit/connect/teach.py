"""The exercises of the lesson "How the computer knows" (5 en raya lesson 3).

Its bitboard exercises live in :mod:`gamekit.connect.teach_bits`; its small games, score tables, node counts,
bitboard and pruning-tree pictures in :mod:`gamekit.connect.teach_pictures`; the counted searches (minimax,
alpha-beta) in :mod:`gamekit.connect.counted_search`.  Each exercise here is checked against those exact scores.

Scores follow the solver's convention: 0 draw; a win with the player's n-th disc of the whole
game scores ``cells/2 + 1 − n`` (22 − n on the published boards), a loss the negative.
"""

from __future__ import annotations

import re

from typing import Any
from gamekit.connect.counted_search import max_score
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.i18n import number, ptr, tr
from gamekit.connect.teach_bits import bit_cell_exercise, bit_exercise
from gamekit.connect.teach_pictures import (
    TINY,
    signed_score,
    explain_score,
    hand_game,
    parse_column_and_score,
    score_slip,
)


# ---------------------------------------------------------------------- lesson positions and exercises
LESSON = {
    # from a seeded Medium-v-Medium game (the benchmark's 24-empty position 8, played on to 11 empty)
    "walkthrough": "3444355343356454635666651177772",
    # the benchmark's 24-empty position 4, played on to 11 empty: the player to move loses
    "exercise": "4336466125454431654556561373312",
}


def lesson_game(name: str) -> ConnectGame:
    return FiveInARow.from_moves(LESSON[name])


def best_move_exercise():
    """Which column would minimax choose, and with what score?  Both halves are asked (only three columns are
    legal, so a column alone is a one-in-three guess); checked by the exact solver: a wrong column is told its
    own score, a right column with a wrong score the slip it makes (:func:`score_slip`)."""
    from gamekit.connect.solver import analyse
    from gamekit.widgets.exercise import Exercise

    game = hand_game()
    scores = {m: s for m, s in analyse(game, time_budget=None).items()}
    best = max(scores.values())
    good = sorted(m for m, s in scores.items() if s == best)
    me = tr(COLOUR_NAMES[game.to_move])
    top = max_score(game)

    def check(answer):
        m, k = parse_column_and_score(game, answer)  # a ValueError names a bad answer and says why
        s = scores[m]
        if s != best:
            return False, tr(
                "Column {column} scores {score} for {colour} ({result}); minimax takes the highest "
                "score among the columns, and another column scores more.",
                column=m,
                score=signed_score(s),
                colour=me,
                result=explain_score(s, game),
            )
        if k == best:
            return True, tr(
                "Right: column {column} keeps the best score, {score} ({result}).",
                column=m,
                score=signed_score(s),
                result=explain_score(s, game),
            )
        return False, score_slip(game, k, best)

    solutions = [f"{m}, {signed_score(best)}" for m in good]
    slips = [-best, top - abs(best), 0] if best else [1]
    wrong = [f"{m}, {signed_score(best)}" for m in sorted(scores) if scores[m] != best] + [
        f"{good[0]}, {signed_score(v)}" for v in slips
    ]
    return Exercise(
        tr(
            "On this tiny board (no side columns; three in a line wins) {colour} is to move, and only 5 cells are "
            "empty. Which column would minimax choose, and what is its score for {colour}? Try each "
            "column and the best answer to it, on paper, and type both, like 4, +9 (0 for a draw, a "
            "minus sign for a loss).",
            colour=me,
        ),
        check,
        hint=tr(
            "For each column, look for the opponent's best answer: can it win at once, or block? "
            "Minimax gives every column the score of that answer, then picks the highest."
        ),
        answer=tr(" or ").join(solutions),
        solutions=solutions,
        key="minimax_move",
        wrong=list(dict.fromkeys(wrong)),
        position=game,
    )


def _colour_subject(seat: int) -> str:
    """A colour starting a sentence ("Red"; Spanish "El rojo")."""
    return ptr("a colour starting a sentence", "Red") if seat == 0 else ptr("a colour starting a sentence", "Yellow")


def read_score_exercise():
    """From a score to the disc that wins, and from there to the board: how many more discs are dropped, both
    players together, up to the winning one.  Knowing 22 − n is not enough: the pupil must count the winner's
    discs on the board (the answer is checked against the solver's score of the position and the discs on it).
    Each slip gets its own reason: the winner's discs alone, forgetting that the player to move drops first, the
    winning disc's own number, the sign the wrong way round, every empty cell."""
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
    reasons = {
        more: tr(
            "{k} counts only {other}'s discs. {mover_s} is to move, so {mover} drops one disc before each of "
            "{other}'s: count those too.",
            k=more,
            other=other,
            mover=mover,
            mover_s=_colour_subject(game.to_move),
        ),
        total - 1: tr(
            "Close: {k} leaves out one of {mover}'s discs. {mover_s} is to move, so the very next disc is {mover}'s.",
            k=total - 1,
            mover=mover,
            mover_s=_colour_subject(game.to_move),
        ),
        n: tr(
            "{n} is the number of {other}'s winning disc, counted from the start of the game. Some of those "
            "discs are in columns 1 to 7 already: count them.",
            n=n,
            other=other,
        ),
        flipped: tr(
            "That counts up to disc number {max} + {size}: the sign is the other way round. The score is for the "
            "player to move, and a negative score means the other player wins.",
            max=MAX,
            size=abs(s),
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
    if side:  # the side columns' discs counted as dropped
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
        if mover in str(answer).lower() and other.lower() not in str(answer).lower():
            return False, tr(
                "Not {mover}: the score {score} is for {mover}, the player to move, and a negative score means the "
                "other player wins.",
                mover=mover,
                score=shown,
            )
        if k == total:
            return True, tr(
                "Right: the score is {score}, so {other} wins with {other}'s disc number {max} − {size} = {n}. "
                "{other_s} has {on_board} discs in columns 1 to 7, so {other} drops {more} more, and {mover} drops one "
                "before each: {total} in all.",
                max=MAX,
                score=shown,
                size=abs(s),
                n=n,
                other=other,
                other_s=_colour_subject(winner),
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
            "Not {k}. First find {other}'s winning disc number from the score, then count {other}'s discs in "
            "columns 1 to 7.",
            k=k,
            other=other,
        )

    return Exercise(
        tr(
            "The solver scores this position {score} for {colour}, the player to move, so with best play {other} "
            "wins. Count the discs in columns 1 to 7 first (the side columns' discs were never dropped). How many "
            "more discs will be dropped, by both players together, up to and including {other}'s winning disc? "
            "Type a number, like 7.",
            score=shown,
            colour=tr(COLOUR_NAMES[game.to_move]),
            other=other,
        ),
        check,
        hint=tr(
            "On this board a win with disc number n scores {max} − n for the winner. Which of {other}'s discs wins, "
            "and how many of {other}'s discs are in columns 1 to 7 already?",
            max=MAX,
            other=other,
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
        raise ValueError(tr("“{answer}” is not a disc number: type one number, like 7.", answer=str(answer).strip()))
    return int(found[0].replace("−", "-"))


def disc_slip(k: int, score: int, top: int) -> str:
    """Why disc number ``k`` is not the answer when the winner's score is ``score`` and a win with disc n scores
    ``top − n``: a disc number out of range, or the score that disc would really give."""
    half = top - 1
    if k < 1 or k > half:
        return tr(
            "Disc numbers go from 1 to {half}: each player drops at most {half} discs. Type the number of the "
            "disc that wins, with no sign.",
            half=half,
        )
    return tr(
        "A win with disc number {k} would score {top} − {k} = {got}, not {score}.",
        k=k,
        top=top,
        got=top - k,
        score=score,
    )


TINY_TREE_DROPPED = 2
"""How many discs each player has dropped in the position of Lesson 3's first exercise (red to move)."""

TINY_TREE = (((1, 6), (0, 5)), ((0, 4), (1, 4)))
"""Lesson 3's first exercise, a search tree two moves deep on the tiny board, from a position where each player
has dropped :data:`TINY_TREE_DROPPED` discs: red's two moves, A and B, and under each yellow's two replies, each
ending in a result found further down — (winner's seat, the winner's disc number).  Every result can happen: red's
move is its 3rd disc and yellow's reply its 3rd, so red wins at the soonest with its 4th disc and yellow with its
4th.  Under A yellow wins with its 6th disc or red with its 5th; under B red wins with its 4th or yellow with its
4th.  Minimax gives −1, not the +1 the lesson prints for its tiny position just below the exercise."""


def tree_leaf_score(leaf: tuple[int, int], cells: int = TINY.cells) -> int:
    """A result at the bottom of a search tree, (winner's seat, winner's disc number), as a score for red (seat 0):
    a win with disc n scores ``cells/2 + 1 − n``, a loss the same with a minus sign."""
    seat, disc = leaf
    if seat not in (0, 1) or not 1 <= disc <= cells // 2:
        raise ValueError(
            tr("{leaf!r}: a result is a seat (0 or 1) and a disc number from 1 to {half}", leaf=leaf, half=cells // 2)
        )
    value = cells // 2 + 1 - disc
    return value if seat == 0 else -value


def tree_score(tree=TINY_TREE, cells: int = TINY.cells) -> int:
    """Minimax on a two-level tree for red, to move: yellow picks the lowest score under each of red's moves, red
    the highest of those."""
    return max(min(tree_leaf_score(leaf, cells) for leaf in replies) for replies in tree)


def _leaf_words(leaf: tuple[int, int]) -> str:
    seat, disc = leaf
    colour = tr(COLOUR_NAMES[seat])
    return tr("a win for {colour} with {colour}'s disc number {disc}", colour=colour, disc=disc)


def _leaf_lines(leaf: tuple[int, int]) -> tuple[str, str]:
    seat, disc = leaf
    who = _colour_subject(seat)
    return tr("{who} wins", who=who), tr("with disc number {disc}", disc=disc)


def tiny_tree_text(tree=TINY_TREE) -> str:
    """Lesson 3's made-up two-move tree in words (the picture's description); it names the results at the bottom,
    never a score."""
    parts = [
        tr(
            "A made-up search tree on the tiny board, not the position drawn above. Red is to move and has two "
            "moves, A and B; under each, yellow has two replies."
        )
    ]
    for name, replies in zip((tr("Move A"), tr("Move B")), tree):
        parts.append(
            tr(
                "{move}: one reply ends in {first}, the other in {second}.",
                move=name,
                first=_leaf_words(replies[0]),
                second=_leaf_words(replies[1]),
            )
        )
    return " ".join(parts)


def tiny_tree_picture(tree=TINY_TREE, leaf: int = 132) -> str:
    """SVG of the exercise's own two-move tree: a box with "?" for the top (red chooses) and for each of red's two
    moves (yellow chooses), and each result at the bottom in words ("Yellow wins / with disc number 6").  No score
    is drawn: finding them is the exercise.  The description (:func:`tiny_tree_text`) is its accessible name."""
    import html

    description = tiny_tree_text(tree)
    left, gap = 190, 16  # room for the row labels, Spanish ones included
    leaves = sum(len(r) for r in tree)
    width = left + leaves * leaf + gap * (len(tree) - 1) + 10
    ys = (30, 120, 215)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="262" '
        f'aria-label="{html.escape(description)}"><title>{html.escape(description)}</title>',
        "<style>text{font-family:sans-serif}</style>",
    ]
    for y, words in zip(
        ys,
        (
            tr("{who} picks the highest", who=ptr("a colour starting a sentence", "Red")),
            tr("{who} picks the lowest", who=ptr("a colour starting a sentence", "Yellow")),
            tr("Results found further down"),
        ),
    ):
        out.append(f'<text x="4" y="{y + 5}" font-size="12">{html.escape(words)}</text>')

    def box(x: float, y: float, lines: tuple[str, ...], w: int = 38) -> None:
        h = 26 if len(lines) == 1 else 40
        out.append(f'<rect x="{x - w / 2}" y="{y - h / 2}" width="{w}" height="{h}" rx="5" stroke="#333" fill="#fff"/>')
        for i, line in enumerate(lines):
            dy = 5 if len(lines) == 1 else -3 + 15 * i
            out.append(f'<text x="{x}" y="{y + dy}" font-size="12" text-anchor="middle">{html.escape(line)}</text>')

    def edge(x1: float, y1: float, x2: float, y2: float, bottom: int, label: str = "") -> None:
        out.append(f'<line x1="{x1}" y1="{y1 + 13}" x2="{x2}" y2="{y2 - bottom}" stroke="#555"/>')
        if label:
            lx, ly = (x1 + x2) / 2 + (8 if x2 > x1 else -8), (y1 + y2) / 2
            anchor = "start" if x2 > x1 else "end"
            out.append(f'<text x="{lx}" y="{ly}" font-size="12" text-anchor="{anchor}">{html.escape(label)}</text>')

    top_x = left + (width - left - 10) / 2
    x = left
    for name, replies in zip((tr("move A"), tr("move B")), tree):
        span = len(replies) * leaf
        mx = x + span / 2
        edge(top_x, ys[0], mx, ys[1], 13, name)
        for i, result in enumerate(replies):
            cx = x + leaf / 2 + i * leaf
            edge(mx, ys[1], cx, ys[2], 20)
            box(cx, ys[2], _leaf_lines(result), w=leaf - 10)
        box(mx, ys[1], ("?",))
        x += span + gap
    box(top_x, ys[0], ("?",))
    out.append("</svg>")
    return "".join(out)


class TinyTreePicture:
    """The exercise's tree on the page: the picture, and its description under it."""

    def __init__(self, tree=TINY_TREE) -> None:
        self.svg = tiny_tree_picture(tree)
        self.text = tiny_tree_text(tree)

    def _repr_html_(self) -> str:
        import html

        return f"<figure>{self.svg}<figcaption>{html.escape(self.text)}</figcaption></figure>"


def parse_score(answer: Any) -> int:
    """A score as a pupil types it: "+2", "2", "-3" or "−3"; ValueError saying what to type otherwise."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    raw = str(answer).strip().replace("−", "-").replace(" ", "")
    if isinstance(answer, bool) or not re.fullmatch(r"[+-]?\d+", raw):
        raise ValueError(
            tr("“{answer}” is not a score: type one whole number, like +2 or −1.", answer=str(answer).strip())
        )
    return int(raw)


YELLOW_REPLIES = (4, -2, 1)
"""Lesson 3's first exercise, one step of minimax: yellow is to move with three replies, and the search has already
found the score, for red, after each of them.  The position is worth the lowest of them to red (yellow chooses):
−2, which is not the answer of the two-level tree just below it (−1), and red's best (+4), the sign slip (+2) and the
sum (+3) are all different numbers, so each slip is told its own reason."""


def yellow_reply_exercise(replies: tuple[int, ...] = YELLOW_REPLIES):
    """One step of minimax: the worth to red of a position where yellow chooses among ``replies`` (each the score for
    red after that reply) is the lowest of them.  Each way of misreading it is told its own reason: red's best score
    (red does not choose here), another score that is not the lowest, the sign, the sum; a non-number is refused."""
    from gamekit.widgets.exercise import Exercise

    if len(replies) < 2 or len(set(replies)) != len(replies):
        raise ValueError(tr("{replies!r}: give at least two different scores", replies=replies))
    best = min(replies)
    reasons: dict[int, str] = {
        max(replies): tr(
            "{score} is red's best score, but it is yellow's turn: yellow chooses the reply, and picks the one "
            "that is worst for red.",
            score=signed_score(max(replies)),
        )
    }
    for v in replies:
        if v not in (best, max(replies)):
            reasons.setdefault(
                v,
                tr(
                    "{score} is not the lowest of the three scores, and yellow picks the reply that is worst for red.",
                    score=signed_score(v),
                ),
            )
    reasons.setdefault(
        -best,
        tr("Right size, wrong sign: the scores are all for red, and yellow's choice leaves red losing.")
        if best < 0
        else tr("Right size, wrong sign: the scores are all for red, and even yellow's choice leaves red winning."),
    )
    reasons.setdefault(
        sum(replies),
        tr(
            "{total} adds the scores up, but only one reply is played: the one yellow chooses.",
            total=signed_score(sum(replies)),
        ),
    )

    def check(answer):
        try:
            k = parse_score(answer)
        except ValueError as refusal:
            return False, str(refusal)
        if k == best:
            return True, tr(
                "Right: yellow chooses, and picks the reply that is worst for red, {best}. Red cannot count on "
                "{top} when yellow decides.",
                best=signed_score(best),
                top=signed_score(max(replies)),
            )
        if k in reasons:
            return False, reasons[k]
        return False, tr(
            "Not {k}: the answer is one of the three scores. Who chooses the reply, and which score does that "
            "player want for red?",
            k=signed_score(k),
        )

    return Exercise(
        tr(
            "On the tiny board it is yellow's turn, and yellow has three replies. The search has already found "
            "the score, for red, after each one: {scores}. What is this position worth for red? Type a score, "
            "like +5 or −5.",
            scores=(", ".join(signed_score(v) for v in replies[:-1]) + tr(" and ") + signed_score(replies[-1])).replace(
                "-", "−"
            ),  # a true minus sign, as in "like +5 or −5"
        ),
        check,
        hint=tr("Who chooses the reply here, and what does that player want?"),
        answer=signed_score(best),
        solutions=[signed_score(best)],
        key="yellow_reply",
        wrong=[signed_score(k) for k in [*reasons, 0] if k != best],  # red's best first: the commonest slip
    )


def tiny_tree_exercise():
    """Read a score off a small search tree (:data:`TINY_TREE`): each result at the bottom scored by the tiny
    board's rule (7 − n, minus for a loss), the lowest under each of red's moves (yellow chooses), then the highest
    of those (red chooses).  Each way of misreading the tree is told its own reason."""
    from gamekit.widgets.exercise import Exercise

    top = TINY.cells // 2 + 1
    leaves = [[tree_leaf_score(leaf) for leaf in replies] for replies in TINY_TREE]
    worth = [min(scores) for scores in leaves]
    best = tree_score()
    names = (tr("move A"), tr("move B"))
    every = [v for scores in leaves for v in scores]
    discs = {leaf[1] for replies in TINY_TREE for leaf in replies}
    reasons: dict[int, str] = {}
    for i, scores in enumerate(leaves):
        if max(scores) != worth[i]:
            reasons.setdefault(
                max(scores),
                tr(
                    "{score} is red's best result under {move}, but after {move} yellow chooses the reply, and "
                    "yellow picks the one that is worst for red: {move} is worth {worth}.",
                    score=signed_score(max(scores)),
                    move=names[i],
                    worth=signed_score(worth[i]),
                ),
            )
    for i, w in enumerate(worth):
        if w != best:
            reasons.setdefault(
                w,
                tr(
                    "{worth} is what {move} is worth, since yellow chooses there. But red chooses the move, and "
                    "the other move is worth more.",
                    worth=signed_score(w),
                    move=names[i],
                ),
            )
    reasons.setdefault(
        -best,
        tr("Right size, wrong sign: the score is for red, and red's best move wins, so it is positive.")
        if best > 0
        else tr("Right size, wrong sign: red's best move still loses, so the score is negative."),
    )
    for d in sorted(discs):
        reasons.setdefault(
            d,
            tr(
                "{d} is a disc number from the tree, not a score. A win with disc number n scores {top} − n.",
                d=d,
                top=top,
            ),
        )

    def check(answer):
        try:
            k = parse_score(answer)
        except ValueError as refusal:
            return False, str(refusal)
        if k == best:
            return True, tr(
                "Right: yellow picks the worst reply for red under each move, so move A is worth {a} and move B "
                "{b}; red picks the higher, {best}.",
                a=signed_score(worth[0]),
                b=signed_score(worth[1]),
                best=signed_score(best),
            )
        if k in reasons:
            return False, reasons[k]
        return False, tr(
            "Not {k}. Score each result at the bottom ({top} − n for red's win with disc n, a minus sign for "
            "yellow's), take the lowest under each move, then the highest of those.",
            k=signed_score(k),
            top=top,
        )

    return Exercise(
        tr(
            "This search tree is made up: it is not the tiny position shown earlier in the lesson. It is on the "
            "tiny board (12 cells: a win with disc number n scores 7 − n), where each player has dropped {dropped} "
            "discs. Red is "
            "to move, and has two moves, A and B. The search found what happens after each of yellow's replies. "
            "After move A, one reply ends in {a1}, the other in {a2}. After move B, one reply ends in {b1}, the "
            "other in {b2}. What score does minimax give the top of this tree, for red? Type it like +5 or −5 (0 "
            "for a draw).",
            dropped=TINY_TREE_DROPPED,
            a1=_leaf_words(TINY_TREE[0][0]),
            a2=_leaf_words(TINY_TREE[0][1]),
            b1=_leaf_words(TINY_TREE[1][0]),
            b2=_leaf_words(TINY_TREE[1][1]),
        ),
        check,
        hint=tr("Who chooses the reply after each of red's moves, and what does that player want?"),
        answer=signed_score(best),
        solutions=[signed_score(best)],
        key="tiny_tree",
        wrong=[signed_score(k) for k in sorted(set(reasons) | set(every) | {0}) if k != best],
    )


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


def exercises():
    return [
        yellow_reply_exercise(),
        tiny_tree_exercise(),
        best_move_exercise(),
        pruning_exercise(),
        transposition_exercise(),
        transposition_why_exercise(),
        read_score_exercise(),
        bit_exercise(),
        bit_cell_exercise(),
    ]
