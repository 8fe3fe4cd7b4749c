"""Why a wrong *safe* Dots line is wrong, where no box is on offer and a right line is safe too: it gives no box away
now, so the reason is what best play does next.  The solver's line after it (the puzzle's refutation) shows who
first gives a box away, and which box: the opponent, on purpose, while safe lines are left (a sacrifice that pays);
or the pupil, because the safe lines run out on their turn.  :func:`gamekit.puzzles.dots_words.mistake_words` asks
:func:`safe_mistake` for such a line."""

from __future__ import annotations

from gamekit.dots import DotsAndBoxes, boxes_given, capture_lines, safe_lines
from gamekit.i18n import ntr, tr
from gamekit.puzzles.core import Puzzle


def first_gift(puzzle: Puzzle, name: str) -> "tuple[int, str, list[str], bool] | None":
    """The first line of best play after the wrong line ``name`` (the puzzle's refutation) that draws a box's third
    side while no box is on offer: ``(seat, line, boxes, safe_left)``, the seat that draws it, the line, the names of
    the boxes it gives a third side, and whether a safe line was left when it was drawn; None where the refutation
    line ends before one."""
    game: DotsAndBoxes = puzzle.position
    game.play(name)
    for seat, line in puzzle.refutations.get(name, {}).get("line", []):
        if not capture_lines(game) and boxes_given(game, line) > 0:
            geo = game.geometry
            index = game.line_index(line)
            boxes = [geo.box_name(b) for b in geo.line_boxes[index] if game.sides_drawn(b) == 2]
            return seat, line, boxes, bool(safe_lines(game))
        game.play(line)
    return None


def safe_mistake(puzzle: Puzzle, name: str, other: str, shares: tuple[int, int, int]) -> str:
    """The mistake of the wrong safe line ``name`` (``other``: the opponent's colour; ``shares``: ``(j, n, k)``, the
    pupil's boxes of the ``n`` left with best play after it and after a right line), from :func:`first_gift`: the
    box the opponent then gives away on purpose while safe lines are left, or the box the pupil must give once the
    safe lines run out on their turn; else the boxes alone."""
    j, n, k = shares
    me = puzzle.position.to_move
    gift = first_gift(puzzle, name)
    if gift is not None:
        seat, line, boxes, safe_left = gift
        if seat != me and safe_left:
            return ntr(
                "The mistake: {line} gives no box away, but then {other} gives you box {boxes} on purpose ({reply}),"
                " and that pays off for {other}. With best play you get {j} of the {left} boxes left; a right line gets"
                " you {k}.",
                "The mistake: {line} gives no box away, but then {other} gives you boxes {boxes} on purpose"
                " ({reply}), and that pays off for {other}. With best play you get {j} of the {left} boxes left; a"
                " right line gets you {k}.",
                len(boxes),
                line=name,
                other=other,
                boxes=box_list(boxes),
                reply=line,
                j=j,
                left=n,
                k=k,
            )
        if seat == me and not safe_left:
            return ntr(
                "The mistake: {line} gives no box away, but then the safe lines run out on your turn, so you must"
                " give box {boxes} away first ({reply}). With best play you get {j} of the {left} boxes left; a right"
                " line gets you {k}.",
                "The mistake: {line} gives no box away, but then the safe lines run out on your turn, so you must"
                " give boxes {boxes} away first ({reply}). With best play you get {j} of the {left} boxes left; a"
                " right line gets you {k}.",
                len(boxes),
                line=name,
                boxes=box_list(boxes),
                reply=line,
                j=j,
                left=n,
                k=k,
            )
    return ntr(
        "The mistake: {line} gives no box away now, but with best play you then get {j} of the {n} box left; a right"
        " line gets you {k}.",
        "The mistake: {line} gives no box away now, but with best play you then get {j} of the {n} boxes left; a"
        " right line gets you {k}.",
        n,
        line=name,
        j=j,
        k=k,
    )


def box_list(names: list[str]) -> str:
    """Box names as a sentence lists them: "c1", "c1 and e1", "c1, e1, a2 and c2"."""
    return names[0] if len(names) < 2 else ", ".join(names[:-1]) + tr(" and ") + names[-1]


__all__ = ["first_gift", "safe_mistake", "box_list"]
