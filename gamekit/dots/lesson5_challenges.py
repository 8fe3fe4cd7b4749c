"""Dots and Boxes lesson 5's final challenge: the best line with safe lines left (steer the chain count) or boxes
on offer, and the challenge answered with a plan (the first line and the one drawn next)."""

from __future__ import annotations

from gamekit.dots.rules import DotsAndBoxes
from gamekit.core.errors import IllegalMoveError
from gamekit.dots.solver import move_values
from gamekit.i18n import ntr
from gamekit.i18n import tr
from typing import Any
from gamekit.dots.lesson_exercise import (
    DotsExercise,
    after_line,
    best_move_exercise,
    completes_box,
    final_score_text,
    pupil_line,
    why_line,
)
from gamekit.dots.lesson_pictures import boxes_text
from gamekit.dots.lesson_positions import (
    SEATS,
    components,
    position,
    safe_lines,
    third_side_boxes,
)


def challenge_steer_exercise(name: str = "challenge_steer") -> DotsExercise:
    """The final challenge's position with safe lines left: the long chain rule picks the one safe line that wins
    (every safe line's feedback gives the count it leaves; :func:`gamekit.dots.lesson_exercise.why_line`). Like the
    other three challenges, its board has no third-side tint: the page says the challenge gives no hints."""
    game = position(name)
    seat = tr(SEATS[game.to_move])
    n = len(safe_lines(game))
    ex = best_move_exercise(
        name,
        ntr(
            "Final challenge: {seat} to move; {n} safe line is left. <b>Which line wins {seat} the most boxes?</b>",
            "Final challenge: {seat} to move; {n} safe lines are left. <b>Which line wins {seat} the most boxes?</b>",
            n,
            seat=seat,
        ),
        tr(
            "For each safe line, count the long chains it leaves, and add the dots. Which count does {seat} want?",
            seat=seat,
        ),
        key=name,
        lesson=5,
    )
    ex.third_sides = False
    return ex


def challenge_exercise(name: str) -> DotsExercise:
    """A final challenge with boxes on offer: "which line is best?", judged by the exact solver. The board has no
    third-side tint (the challenge gives no new hints: the pupil finds what is on offer and the chains alone)."""
    game = position(name)
    ex = best_move_exercise(
        name,
        tr("Final challenge: {seat_name} to move. <b>Which line is best?</b>", seat_name=tr(SEATS[game.to_move])),
        tr(
            "Safe lines left? Count long chains. Boxes on offer? Take them, or refuse to keep control — whichever "
            "wins more in the end."
        ),
        key=name,
        lesson=5,
    )
    ex.third_sides = False
    return ex


def _plan_lines(game: DotsAndBoxes, answer: Any) -> list[str]:
    """The lines of a typed plan ("c4-d4, a3-a4", "c4-d4 then a3-a4"), each checked by :func:`pupil_line`."""
    import re

    words = [w for w in re.split(r"[\s,;]+", str(answer).strip()) if w and w.lower() not in PLAN_JOINERS]
    if not words:
        raise ValueError(tr("Type two lines, the first and the second, like a1-a2, c1-c2."))
    return [game.line_name(pupil_line(game, w)) for w in words]


PLAN_JOINERS = frozenset({"then", "and", "luego", "y", "después", "despues"})
"""Words a pupil may put between the two lines of a plan."""


def plan_exercise(name: str = "l5_ex10") -> DotsExercise:
    """A final challenge answered with a plan, not one click: the mover's first line and, when it wins a box, the
    line drawn next.  Accepted: exactly the plans whose two lines are each a best line by the exact solver (so
    grabbing the right box by luck is not enough); the tempting plans (the other box first, refusing at once,
    taking everything) each get their own reason, with the final score they lead to."""
    game = position(name)
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    values = move_values(game)
    best = max(values.values())
    firsts = sorted(l for l, v in values.items() if v == best)
    if not all(completes_box(game, l) for l in firsts):
        raise ValueError(tr("{name}: every best first line of a plan must win a box", name=name))
    plans = {}
    for first in firsts:
        after = after_line(game, first)
        then = move_values(after)
        plans[first] = sorted(l for l, v in then.items() if v == max(then.values()))
    solutions = [f"{first}, {second}" for first, seconds in plans.items() for second in seconds]

    def check(answer: Any) -> tuple[bool, str]:
        lines = _plan_lines(game, answer)
        first = lines[0]
        if game.is_drawn(game.line_index(first)):
            raise IllegalMoveError(tr("{name} is already drawn: pick a line that is not drawn yet.", name=first))
        after = after_line(game, first)
        if not completes_box(game, first):
            return False, tr(
                "{first} wins no box, so {seat}'s turn ends at once and {other} takes every box on offer: with "
                "best play the game ends {final} instead of {best}.",
                first=first,
                seat=seat,
                other=other,
                final=final_score_text(game, values[first]),
                best=final_score_text(game, best),
            )
        if len(lines) < 2:
            raise ValueError(
                tr(
                    "{first} wins a box, so {seat} draws again: type both lines, like {first}, a1-a2.",
                    first=first,
                    seat=seat,
                )
            )
        second = lines[1]
        if after.is_drawn(after.line_index(second)):
            raise IllegalMoveError(tr("{name} is already drawn: pick a line that is not drawn yet.", name=second))
        if len(lines) > 2 and not completes_box(after, second):
            raise ValueError(
                tr(
                    "You only need the first two lines: {second} wins no box, so {seat}'s turn ends there and "
                    "{third} would be {other}'s line. Type just {first}, {second}, or change the plan.",
                    first=first,
                    second=second,
                    third=lines[2],
                    seat=seat,
                    other=other,
                )
            )
        then = move_values(after)
        gifts = [b for b in third_side_boxes(after) if b not in third_side_boxes(game)]
        if first not in plans:
            return False, ntr(
                "{first} takes a box, but it also gives box {boxes} its third side: {seat} can take it too, and "
                "then has to open the chain of {length}. With best play the game ends {final} instead of {best}.",
                "{first} takes a box, but it also gives boxes {boxes} their third side: {seat} can take them too, "
                "and then has to open the chain of {length}. With best play the game ends {final} instead of {best}.",
                len(gifts),
                first=first,
                boxes=boxes_text(game, gifts),
                seat=seat,
                length=max(p.length for p in components(game) if not p.opened),
                final=final_score_text(after, max(then.values())),
                best=final_score_text(game, best),
            )
        if second in plans[first]:
            return True, tr(
                "Yes: {first} takes box {box}, then {second} leaves the last two boxes to {other} as a pair. {other} "
                "takes both and must open the chain of {length}: the game ends {best}.",
                first=first,
                box=boxes_text(
                    game, [b for b in game.geometry.line_boxes[game.line_index(first)] if game.sides_drawn(b) == 3]
                ),
                second=second,
                other=other,
                length=max(p.length for p in components(game) if not p.opened),
                best=final_score_text(game, best),
            )
        if completes_box(after, second):
            return False, tr(
                "{first} is a good start, but then {second} grabs the rest of the boxes on offer: after the last one "
                "{seat} has to open the chain of {length}. With best play the game ends {final} instead of {best}.",
                first=first,
                second=second,
                seat=seat,
                length=max(p.length for p in components(game) if not p.opened),
                final=final_score_text(after, then[second]),
                best=final_score_text(game, best),
            )
        return False, tr(
            "{first} is a good start, but then {second}: {why} With best play the game ends {final} instead of {best}.",
            first=first,
            second=second,
            why=why_line(after, second),
            final=final_score_text(after, then[second]),
            best=final_score_text(game, best),
        )

    first = firsts[0]
    after = after_line(game, first)
    wrong_first = [l for l in values if completes_box(game, l) and l not in plans]
    grab = [l for l in move_values(after) if completes_box(after, l)]
    refuse = [
        l
        for l, v in values.items()
        if not completes_box(game, l) and v == max(v2 for l2, v2 in values.items() if not completes_box(game, l2))
    ]
    wrong = [f"{l}, {plans[first][0]}" for l in wrong_first[:1]] + refuse[:1] + [f"{first}, {l}" for l in grab[:1]]
    return DotsExercise(
        tr(
            "Final challenge: {seat} to move. <b>Which lines does {seat} draw this turn, in order?</b> A line that "
            "wins a box lets {seat} draw again; the turn ends with a line that wins none. Type the lines like this: "
            "a1-a2, c1-c2 (or just one line, if the first one wins no box).",
            seat=seat,
        ),
        check,
        hint=tr(
            "For each box on offer: if {seat} takes it, what is left on offer, and who opens the chain of {length}?",
            seat=seat,
            length=max(p.length for p in components(game) if not p.opened),
        ),
        answer=tr(
            "{plans} (first the box, then the pair left to {other}).", plans=tr(" or ").join(solutions), other=other
        ),
        solutions=solutions,
        game=game,
        wrong=wrong,
        key=name,
        parts=False,
        third_sides=False,  # seeing which boxes have three sides (b3 as well as c3) is the crux of the exercise
    )
