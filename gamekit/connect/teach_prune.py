"""Lesson 3's hands-on pruning task: a tiny made-up tree printed as text, and "which replies can alpha–beta
skip?".  The answer comes from a real alpha–beta walk of that tree (:func:`alphabeta`), which also checks that
skipping changes nothing (:func:`minimax` gives the same score)."""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.i18n import tr
from gamekit.widgets.exercise import Exercise, choice_checker


@dataclass
class TreeExercise(Exercise):
    """An exercise asked about a tree: ``paper_drawing`` is the tree drawn as text, printed under the question on
    the worksheet as a board is (the lesson page prints it above the question, :func:`tree_drawing`)."""

    paper_drawing: str = ""


Tree = tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
"""Red's moves, each with yellow's replies as (label, score for red) leaves, searched left to right."""

PRUNE_TREE: Tree = (
    ("A", (("A1", 2), ("A2", 3))),
    ("B", (("B1", -1), ("B2", 5), ("B3", 4))),
)
"""Move A is worth +2 to red (yellow picks A1); B's first reply already gives −1, below +2, so B2 and B3 are never
looked at — though B2 and B3 are the biggest numbers on the tree, the tempting ones to look at."""


def minimax(tree: Tree) -> int:
    """Red's score of ``tree``: red takes the highest of its moves, yellow the lowest of its replies."""
    return max(min(score for _, score in replies) for _, replies in tree)


def alphabeta(tree: Tree) -> tuple[int, list[str]]:
    """Red's score of ``tree`` and the leaves alpha–beta looks at, in order: a move's replies stop as soon as one
    of them is no better for red than the best move found so far (red would not play that move anyway)."""
    best, seen = None, []
    for _, replies in tree:
        value = None
        for label, score in replies:
            seen.append(label)
            value = score if value is None else min(value, score)
            if best is not None and value <= best:
                break
        best = value if best is None else max(best, value)
    return best, seen


def skipped(tree: Tree) -> list[str]:
    """The leaves alpha–beta never looks at, in tree order."""
    _, seen = alphabeta(tree)
    return [label for _, replies in tree for label, _ in replies if label not in seen]


def _join(labels: list[str]) -> str:
    """ "B2 and B3", "B1, B2 and B3" (in the current language)."""
    return labels[0] if len(labels) == 1 else tr("{some} and {last}", some=", ".join(labels[:-1]), last=labels[-1])


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def tree_words(tree: Tree = PRUNE_TREE) -> str:
    """The tree in words: one sentence a move, its replies with their scores for red."""
    return " ".join(
        tr(
            "Move {move}: yellow can reply {replies}.",
            move=move,
            replies=tr(" or ").join(f"{label} ({_signed(score)})" for label, score in replies),
        )
        for move, replies in tree
    )


def tree_drawing(tree: Tree = PRUNE_TREE) -> str:
    """The tree drawn as text, one line a node (monospaced, for the page and for paper): red's moves under the top,
    yellow's replies under each move, each reply with its score for red.  Nothing on it says what alpha–beta skips."""
    lines = [tr("Red moves")]
    for i, (move, replies) in enumerate(tree):
        last_move = i == len(tree) - 1
        lines.append(("└── " if last_move else "├── ") + tr("Move {move}: yellow replies", move=move))
        stem = "    " if last_move else "│   "
        for j, (label, score) in enumerate(replies):
            lines.append(stem + ("└── " if j == len(replies) - 1 else "├── ") + f"{label}  {_signed(score)}")
    return "\n".join(lines)


def prune_exercise(tree: Tree = PRUNE_TREE) -> Exercise:
    """Which of yellow's replies can alpha–beta skip?  Exactly the leaves :func:`alphabeta` never looks at are the
    right choice; each common wrong choice gets its own reason (nothing skipped, the first move's replies, only
    the last reply, every reply of the second move)."""
    (first, first_replies), (second, second_replies) = tree[0], tree[1]
    cut = skipped(tree)
    value_first = min(score for _, score in first_replies)
    opener, opener_score = second_replies[0]
    if cut != [label for label, _ in second_replies[1:]] or opener_score > value_first:
        raise ValueError("the pruning task needs a tree whose second move is cut after its first reply")
    names = _join(cut)
    right = tr("Replies {names}", names=names)
    explanations = {
        right: tr(
            "Right: move {first} is worth {v} to red. Reply {opener} gives {o}, so move {second} is worth {o} or "
            "less: red will not play it, whatever the other replies are. Red's score stays {v}.",
            first=first,
            second=second,
            opener=opener,
            v=_signed(value_first),
            o=_signed(opener_score),
        ),
        tr("None: every reply must be looked at"): tr(
            "Minimax looks at all of them, but alpha–beta need not. After reply {opener} ({o}), move {second} is "
            "already worse for red than move {first} ({v}).",
            opener=opener,
            o=_signed(opener_score),
            second=second,
            first=first,
            v=_signed(value_first),
        ),
        tr("Reply {label}", label=first_replies[-1][0]): tr(
            "Not that one: red does not know what move {first} is worth until all its replies are seen. {label} "
            "could have been lower than {other}.",
            first=first,
            label=first_replies[-1][0],
            other=first_replies[0][0],
        ),
        tr("Reply {label} only", label=cut[-1]): tr(
            "Not only that one: once reply {opener} gives {o}, move {second} is worth {o} or less, whatever "
            "{rest} are.",
            opener=opener,
            o=_signed(opener_score),
            second=second,
            rest=names,
        ),
        tr("Replies {names}", names=_join([label for label, _ in second_replies])): tr(
            "Not all of them: someone has to look at reply {opener}. It is the one that shows move {second} is "
            "worse than move {first}.",
            opener=opener,
            second=second,
            first=first,
        ),
    }
    return TreeExercise(
        tr(
            "A made-up search tree. Red moves first, then yellow replies; each number is the score for red. "
            "{tree} Red picks the highest score, yellow the lowest. Alpha–beta searches from left to right. "
            "Which replies does it never need to look at?",
            tree=tree_words(tree),
        ),
        choice_checker(right, explanations),
        hint=tr(
            "First find what move {first} is worth to red. Then look at the replies of {second} one by one.",
            first=first,
            second=second,
        ),
        answer=right,
        solutions=[right],
        choices=sorted(explanations),
        key="prune_tree",
        wrong=[c for c in explanations if c != right],
        paper_drawing=tree_drawing(tree),
    )
