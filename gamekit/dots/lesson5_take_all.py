"""Dots and Boxes lesson 5's final challenge won by taking everything: the refusal a pupil who has just learnt
double-dealing reaches for (all-but-four) loses there, and is told why."""

from __future__ import annotations

from typing import Any

from gamekit.dots.lesson5_challenges import challenge_exercise
from gamekit.dots.lesson_exercise import DotsExercise, after_line, completes_box, final_score_text, pupil_line
from gamekit.dots.lesson_positions import SEATS, components, takeable, third_side_boxes
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values
from gamekit.i18n import tr


def all_but_four_lines(game: DotsAndBoxes) -> list[str]:
    """The all-but-four refusals of a position where an opened loop's last four boxes are on offer: lines that take
    nothing and leave exactly those four boxes (no box of another part) to the other player."""
    opened = {b for p in components(game) if p.opened and p.kind == "loop" for b in p.boxes}

    def is_refusal(line: str) -> bool:
        if completes_box(game, line):
            return False
        after = after_line(game, line)
        return takeable(after) == 4 and set(third_side_boxes(after)) <= opened

    return [l for l in game.legal_moves() if is_refusal(l)]


def challenge_take_all_exercise(name: str = "l5_ex8") -> DotsExercise:
    """A final challenge where refusing loses: the other player opened a loop of 4, and after it come only a chain of
    3 and a chain of 2.  Every best line takes a box (so "always double-deal" fails); all-but-four gets its own
    reason, and comes first among the wrong examples: the 2-chain hands control back, so control wins nothing for
    the four boxes it costs (the parts and both results computed from the position)."""
    ex = challenge_exercise(name)
    game = ex.game
    opened = [p for p in components(game) if p.opened]
    rest = sorted((p.length for p in components(game) if not p.opened and p.kind == "chain"), reverse=True)
    if [(p.kind, p.length) for p in opened] != [("loop", 4)] or rest != [3, 2]:
        raise ValueError(
            tr("{name}: this challenge needs an opened loop of 4, then a chain of 3 and a chain of 2", name=name)
        )
    values = move_values(game)
    best = max(values.values())
    refusals = all_but_four_lines(game)
    if not refusals or any(values[l] == best for l in refusals):
        raise ValueError(tr("{name}: all-but-four must be a line here, and a worse one", name=name))
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    judge_line = ex.checker

    def check(answer: Any) -> tuple[bool, str]:
        line = game.line_name(pupil_line(game, answer))
        if values.get(line) == best and not game.is_drawn(game.line_index(line)):
            ok, verdict = judge_line(answer)
            return ok, verdict + " " + tr(
                "Taking beats refusing here: after the loop come only a chain of 3 and a chain of 2. Whoever opens "
                "next hands over the chain of 2 by its middle line, which cannot be refused, and then gets the chain "
                "of 3. So the four boxes that all-but-four ({refusal}) gives {other} win nothing back: the game would "
                "end {final}.",
                other=other,
                refusal=refusals[0],
                final=final_score_text(game, values[refusals[0]]),
            )
        if line in refusals:
            return False, tr(
                "{line} is all-but-four: {other} takes the four boxes and must open the next chain. But {other} "
                "hands {seat} the chain of 2 by its middle line, and then {seat} must open the chain of 3: the four "
                "boxes bought nothing back. With best play the game would end {final} instead of {final2}.",
                line=line,
                other=other,
                seat=seat,
                final=final_score_text(game, values[line]),
                final2=final_score_text(game, best),
            )
        return judge_line(answer)

    ex.checker = check
    ex.wrong = refusals + [l for l in ex.wrong if l not in refusals]
    return ex
