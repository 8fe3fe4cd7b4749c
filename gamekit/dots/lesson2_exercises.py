"""Dots and Boxes lesson 2's exercises."""

from __future__ import annotations

from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values
from gamekit.i18n import ntr
from gamekit.i18n import tr
from gamekit.widgets.exercise import parse_int
from typing import Any
from gamekit.dots.lesson_exercise import DotsExercise, after_line, completes_box, line_checker
from gamekit.dots.lesson_pictures import boxes_text, join_words
from gamekit.dots.lesson_positions import SEATS, position, safe_lines, takeable, third_side_boxes


def safe_line_exercise(name: str = "three_safe") -> DotsExercise:
    game = position(name)
    safe = safe_lines(game)
    seat = tr(SEATS[game.to_move])

    values = move_values(game)
    best = max(values.values())
    best_lines_ = [l for l, v in values.items() if v == best]

    def final_boxes(value: int) -> int:
        """The mover's boxes at the end, with best play from a line worth ``value`` (boxes won minus boxes lost)."""
        rest = game.geometry.n_boxes - sum(game.scores)
        return game.scores[game.to_move] + (rest + value) // 2

    def judge(name: str) -> tuple[bool, str]:
        if name in safe and name in best_lines_:
            return True, (
                tr(
                    "{name} is safe: after it, no box beside it has more than two sides, so nothing is given away.",
                    name=name,
                )
            )
        if name in safe:  # right, as the question asks a safe line, but the solver's best lines win more boxes
            return True, ntr(
                "{name} is safe, so it is right: after it, no box beside it has more than two sides, so nothing is "
                "given away. But it is not the best safe line: {join} win more boxes by the end. With best play you "
                "finish with {mine} box after {name}, and with {best} after {first}, for example. Lesson 4 shows why.",
                "{name} is safe, so it is right: after it, no box beside it has more than two sides, so nothing is "
                "given away. But it is not the best safe line: {join} win more boxes by the end. With best play you "
                "finish with {mine} boxes after {name}, and with {best} after {first}, for example. Lesson 4 shows "
                "why.",
                final_boxes(values[name]),
                name=name,
                join=join_words([l for l in best_lines_ if l in safe]),
                first=next(l for l in best_lines_ if l in safe),
                mine=final_boxes(values[name]),
                best=final_boxes(best),
            )
        after = game.copy()
        after.play(name)
        boxes = [b for b in third_side_boxes(after)]
        other = tr(SEATS[1 - game.to_move])
        return False, (
            ntr(
                "{name} gives box {boxes} its third side:",
                "{name} gives boxes {boxes} their third side:",
                len(boxes),
                name=name,
                boxes=boxes_text(game, boxes),
            )
            + " "
            + ntr(
                "{other} could take {n} box at once.",
                "{other} could take {n} boxes at once.",
                takeable(after),
                other=other,
            )
        )

    wrong = [l for l in game.legal_moves() if l not in safe]
    prompt = (
        tr("{seat} to move. <b>Find a safe line</b>: one that gives no box a third side.", seat=seat)
        if len(safe) > 1
        else tr("{seat} to move. Every line but one gives a box its third side. <b>Find the safe line.</b>", seat=seat)
    )
    return DotsExercise(
        prompt,
        line_checker(game, judge),
        hint=tr("A line is safe when each box beside it has at most one side drawn already."),
        answer=tr(
            "{line}, for example: any safe line counts.", line=best_lines_[0] if best_lines_[0] in safe else safe[0]
        )
        if len(safe) > 1
        else tr("the safe line is {line}.", line=safe[0]),
        solutions=safe,
        game=game,
        click=True,
        wrong=wrong,
        key="safe_line" if name == "three_safe" else f"safe_line_{name}",
        parts=False,
    )


def count_safe_exercise(name: str = "five_safe") -> DotsExercise:
    """Count the safe lines on a board of its own: on exercise 3's board, probing lines there would count them."""
    game = position(name)
    n = len(safe_lines(game))

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, tr("Yes: {n} safe lines, and every other line gives a box its third side.", n=n)
        if k < n:
            return False, (
                tr(
                    "There are more than {k}. Check every undrawn line: is each box beside it still at one side or "
                    "fewer?",
                    k=k,
                )
            )
        return False, (
            tr(
                "Fewer than {k}: a line next to a box that already has two sides gives that box its third side, so "
                "it is not safe.",
                k=k,
            )
        )

    return DotsExercise(
        tr("How many safe lines are left on this board?"),
        check,
        hint=tr("Count the undrawn lines whose boxes all have at most one side drawn."),
        answer=f"{n}.",
        solutions=[n, str(n)],
        game=game,
        wrong=[n - 1, n + 1, 0],
        key="count_safe" if name == "five_safe" else f"count_safe_{name}",
        parts=False,
        leaks=(tr("{n} safe lines", n=n), join_words(safe_lines(game)), _safe_lines_left_caption(n)),
    )


def wins_safe_race(game: DotsAndBoxes) -> bool:
    """Whether the player to move, drawing only safe lines, can make the other player the first with no safe line
    left, however the other plays (every safe line is tried: a 3×3 board has few)."""
    for line in safe_lines(game):
        after = game.copy()
        after.play(line)
        if not wins_safe_race(after):
            return True
    return False


def safe_race_exercise(name: str = "race") -> DotsExercise:
    """Lesson 2's aim, "make it happen to the other player": the safe line after which the other player is the
    first to run out of safe lines, however both play (computed by trying every safe line, :func:`wins_safe_race`).
    The position is one where winning that race is also the solver's best play: the accepted lines are both, and
    building the exercise refuses a position where they differ (the lesson must not teach a race that loses).  The
    prompt does not say how many safe lines are left: counting them is the first half of the race."""
    game = position(name)
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    safe = safe_lines(game)
    right = [l for l in safe if not wins_safe_race(after_line(game, l))]
    if not right:
        raise ValueError(tr("{name}: no safe line here leaves the other player short first", name=name))
    values = move_values(game)
    best = max(values.values())
    if sorted(l for l, v in values.items() if v == best) != sorted(right):
        raise ValueError(tr("{name}: winning the safe-line race is not the best play here", name=name))
    left = sum(1 for owner in game.owners if owner is None)

    def takes(line: str) -> int:
        """Boxes the player to move ends with after ``line``, both playing their best from then on."""
        return game.scores[game.to_move] + (left + values[line]) // 2

    def judge(line: str) -> tuple[bool, str]:
        if line not in safe:
            after = after_line(game, line)
            gifts = third_side_boxes(after)
            return False, ntr(
                "{line} is not safe: it gives box {boxes} a third side.",
                "{line} is not safe: it gives boxes {boxes} their third side.",
                len(gifts),
                line=line,
                boxes=boxes_text(game, gifts),
            )
        after = after_line(game, line)
        if line in right:
            return True, tr(
                "Yes: after {line}, {n} safe lines are left, and whatever {other} draws, {seat} can "
                "answer so that {other} is the first with no safe line left. It pays: with best play from "
                "here, {seat} takes {mine} of the {total} boxes.",
                line=line,
                n=len(safe_lines(after)),
                other=other,
                seat=seat,
                mine=takes(line),
                total=game.geometry.n_boxes,
            )
        reply = next(l for l in safe_lines(after) if not wins_safe_race(after_line(after, l)))
        return False, tr(
            "After {line}, {other} can answer {reply}, and then {seat} is the first with no safe line "
            "left. With best play from there, {seat} takes {mine} of the {total} boxes, {fewer} fewer than with "
            "the best line. Count which safe lines spoil each other.",
            line=line,
            other=other,
            reply=reply,
            seat=seat,
            mine=takes(line),
            total=game.geometry.n_boxes,
            fewer=takes(right[0]) - takes(line),
        )

    return DotsExercise(
        tr(
            "{seat} to move. From now on both players draw only safe lines while they can. First count the safe "
            "lines left, and which of them spoil each other. <b>Which safe line makes {other} the first with no "
            "safe line left?</b>",
            seat=seat,
            other=other,
        ),
        line_checker(game, judge),
        hint=tr(
            "Some safe lines touch the same box: once one is drawn, the other is no longer safe. "
            "Count how many safe lines can still be drawn after yours."
        ),
        answer=f"{join_words(right)}.",
        solutions=right,
        game=game,
        click=True,
        parts=False,
        key="safe_race" if name == "race" else f"safe_race_{name}",
        wrong=[l for l in safe if l not in right] + [l for l in game.legal_moves() if l not in safe][:2],
    )


def _safe_lines_left_caption(n: int) -> str:
    """How a step-through caption says "n safe lines left" (a leak for an exercise whose answer is n)."""
    full = tr(
        "{seat} draws {name}, a safe line: no box gets a third side. Safe lines left: {left}.",
        seat="\0",
        name="\0",
        left=n,
    )
    return full.split("\0")[-1]


def take_box_exercise(name: str = "take_first") -> DotsExercise:
    game = position(name)
    seat = tr(SEATS[game.to_move])
    taking = [l for l in game.legal_moves() if completes_box(game, l)]

    def judge(name: str) -> tuple[bool, str]:
        if name in taking:
            return True, tr("{name} is the fourth side of a box: it is yours, and you draw again.", name=name)
        gifts = [box for box in game.geometry.line_boxes[game.line_index(name)] if game.sides_drawn(box) == 2]
        if gifts:
            return False, ntr(
                "{name} does not complete a box: box {boxes} had only two sides, and now it has three, a gift for "
                "the other player. A box is taken with its fourth side.",
                "{name} does not complete a box: boxes {boxes} had only two sides, and now they have three, a gift "
                "for the other player. A box is taken with its fourth side.",
                len(gifts),
                name=name,
                boxes=boxes_text(game, gifts),
            )
        return False, tr(
            "{name} does not complete a box: no box beside it had three sides drawn, so it wins nothing and the "
            "turn passes.",
            name=name,
        )

    return DotsExercise(
        tr("{seat} to move. <b>Find a line that takes a box.</b>", seat=seat),
        line_checker(game, judge),
        hint=tr("Find the box with three sides drawn."),
        answer=f"{join_words(taking)}.",
        solutions=taking,
        game=game,
        click=True,
        wrong=[l for l in game.legal_moves() if l not in taking],
        key="take_box" if name == "take_first" else f"take_box_{name}",
        parts=False,
        third_sides=False,
    )
