"""The minimax exercises of the lesson "How the computer knows" (5 en raya lesson 3, its section "Minimax on a
tiny board"): one step of minimax (yellow chooses among three scores), a made-up two-move search tree with its
picture, and minimax on the tiny board's hand-played position (which column, and its score).

The tiny board, its positions, score tables and slips are :mod:`gamekit.connect.teach_pictures`; the lesson's other
exercises are :mod:`gamekit.connect.teach` and :mod:`gamekit.connect.teach_bits`.

Scores follow the solver's convention: 0 draw; a win with the player's n-th disc of the whole
game scores ``cells/2 + 1 − n`` (7 − n on the tiny board), a loss the negative.
"""

from __future__ import annotations

import re

from typing import Any
from gamekit.connect.counted_search import max_score
from gamekit.connect.lesson_exercise import ordinal_words
from gamekit.connect.rules import COLOUR_NAMES
from gamekit.i18n import ptr, tr
from gamekit.connect.teach_prune import TreeExercise
from gamekit.connect.teach_pictures import (
    TINY,
    colour_subject,
    explain_score,
    hand_game,
    parse_column_and_score,
    score_slip,
    signed_score,
)


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


TINY_TREE_DROPPED = 2
"""How many discs each player has dropped in the position of Lesson 3's second exercise (red to move)."""

TINY_TREE = (((1, 6), (0, 5)), ((0, 4), (1, 4)))
"""Lesson 3's second exercise, a search tree two moves deep on the tiny board, from a position where each player
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
    return tr("a win for {colour} with {colour}'s {nth} disc", colour=colour, nth=ordinal_words(disc))


def _leaf_short(leaf: tuple[int, int]) -> str:
    """A result at the bottom of the tree in a few words, for the exercise's short question: "yellow wins with its
    6th disc"."""
    seat, disc = leaf
    return tr("{colour} wins with its {nth} disc", colour=tr(COLOUR_NAMES[seat]), nth=ordinal_words(disc))


def _leaf_lines(leaf: tuple[int, int]) -> tuple[str, str]:
    seat, disc = leaf
    who = colour_subject(seat)
    return tr("{who} wins", who=who), tr("with its {nth} disc", nth=ordinal_words(disc))


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


def tiny_tree_drawing(tree=TINY_TREE) -> str:
    """Exercise 2's tree drawn as text for paper, as the page draws it: red's two moves under the top, yellow's
    two replies under each, each result at the bottom in words.  No score is written: finding them is the
    exercise."""
    lines = [tr("Red moves")]
    for i, (move, replies) in enumerate(zip("AB", tree)):
        last = i == len(tree) - 1
        lines.append(("└── " if last else "├── ") + tr("Move {move}: yellow replies", move=move))
        stem = "    " if last else "│   "
        for j, leaf in enumerate(replies):
            lines.append(stem + ("└── " if j == len(replies) - 1 else "├── ") + _leaf_short(leaf))
    return "\n".join(lines)


def tiny_tree_picture(tree=TINY_TREE, leaf: int = 132) -> str:
    """SVG of the exercise's own two-move tree: a box with "?" for the top (red chooses) and for each of red's two
    moves (yellow chooses), and each result at the bottom in words ("Yellow wins / with its 6th disc").  No score
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
    """The exercise's tree on the page: the picture alone.  Its description (:func:`tiny_tree_text`) is the
    picture's accessible name, not printed under it: the question below names the results in a few words, so the
    tree is not told a third time in sentences."""

    def __init__(self, tree=TINY_TREE) -> None:
        self.svg = tiny_tree_picture(tree)
        self.text = tiny_tree_text(tree)

    def _repr_html_(self) -> str:

        return f"<figure>{self.svg}</figure>"


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


def parsed_score(answer: Any) -> int | str:
    """The score a pupil typed (:func:`parse_score`), or, if it cannot be read, the refusal that says what to type:
    the shared head of the minimax checkers."""
    try:
        return parse_score(answer)
    except ValueError as refusal:
        return str(refusal)


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
        k = parsed_score(answer)
        if isinstance(k, str):
            return False, k
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
            "In a small game it is yellow's turn, and yellow has three replies. The search has already found "
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
                "{d} says which disc wins (the {nth}), not the score. A win with your n-th disc scores {top} − n.",
                d=d,
                nth=ordinal_words(d),
                top=top,
            ),
        )

    def check(answer):
        k = parsed_score(answer)
        if isinstance(k, str):
            return False, k
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
            "Not {k}. Score each result at the bottom ({top} − n for a win with red's n-th disc, a minus sign for "
            "yellow's), take the lowest under each move, then the highest of those.",
            k=signed_score(k),
            top=top,
        )

    leaves_words = dict(
        dropped=TINY_TREE_DROPPED,
        a1=_leaf_short(TINY_TREE[0][0]),
        a2=_leaf_short(TINY_TREE[0][1]),
        b1=_leaf_short(TINY_TREE[1][0]),
        b2=_leaf_short(TINY_TREE[1][1]),
    )
    exercise = TreeExercise(
        tr(
            "This tree is made up, not the tiny position shown earlier. On the tiny board (12 cells: a win with "
            "your n-th disc scores 7 − n) each player has dropped {dropped} discs. Red is to move. After move A: "
            "{a1}. Or: {a2}. After move B: {b1}. Or: {b2}. What score does minimax give the top, for red? Type it "
            "like +5 or −5.",
            **leaves_words,
        ),
        check,
        hint=tr("Who chooses the reply after each of red's moves, and what does that player want?"),
        answer=signed_score(best),
        solutions=[signed_score(best)],
        key="tiny_tree",
        wrong=[signed_score(k) for k in sorted(set(reasons) | set(every) | {0}) if k != best],
        paper_drawing=tiny_tree_drawing(),
    )
    # on paper there is no drawn position to tell the tree apart from: the tree, drawn under the question
    exercise.paper_prompt = tr(
        "A made-up search tree, drawn below. It is on a board of 12 cells, so a win with your own n-th disc scores "
        "7 − n. Each player has dropped {dropped} discs, and red is to move. What score does minimax give the top "
        "of the tree, for red? Write it like +5 or −5.",
        **leaves_words,
    )
    return exercise
