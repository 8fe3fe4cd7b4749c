"""Dots and Boxes lesson 5's exercises on what to leave of an opened loop: all-but-four practised once it is taught,
and the final challenge won by taking everything, where the refusal a pupil who has just learnt double-dealing
reaches for (all-but-four) loses, and is told why."""

from __future__ import annotations

from typing import Any

from gamekit.dots.lesson5_challenges import challenge_exercise
from gamekit.dots.lesson5_exercises import opened_chain
from gamekit.dots.lesson_exercise import DotsExercise, after_line, completes_box, final_score_text, line_checker
from gamekit.dots.lesson_exercise import pupil_line, worse_line_feedback
from gamekit.dots.lesson_pictures import join_words
from gamekit.dots.lesson_positions import SEATS, components, position, takeable, third_side_boxes
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


def loop_split_exercise(name: str = "loop_split") -> DotsExercise:
    """All-but-four practised once it is taught: the other player opened a loop, the mover has taken all but its last
    four boxes, and chains are left.  Accepted: exactly the solver's best lines, which must be the all-but-four
    refusals (:func:`all_but_four_lines`).  Taking a box (after it, every line left in the loop takes one, so the
    mover can no longer leave boxes with one line) and opening a chain while the loop's boxes are on offer each get
    their own reason, with the final score the solver gives."""
    game = position(name)
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    loop = next((p for p in components(game) if p.opened and p.kind == "loop"), None)
    if loop is None or takeable(game) != 4 or right != sorted(all_but_four_lines(game)):
        raise ValueError(
            tr("{name}: the best lines of a loop exercise must leave the loop's last four boxes", name=name)
        )
    grabs = [l for l in values if completes_box(game, l)]
    if any(not all(completes_box(after_line(game, g), l) for l in loop.lines if l != g) for g in grabs):
        raise ValueError(tr("{name}: after a box of the loop is taken, every line left in it must take one", name=name))
    length, taken = opened_chain(game)
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    final2 = final_score_text(game, best)

    def judge(line: str) -> tuple[bool, str]:
        if line in right:
            return True, tr(
                "Yes: {line} takes nothing and splits the last four boxes into two pairs: all-but-four. {other} "
                "takes both pairs and must then open a chain. With best play the game ends {final}.",
                line=line,
                other=other,
                final=final2,
            )
        if completes_box(game, line):
            why = tr(
                "{line} takes a box. After it, every line left in the loop takes a box too, so {seat} can no longer "
                "leave boxes with one line: {seat} takes them all and must then open a chain.",
                line=line,
                seat=seat,
            )
        else:
            why = tr(
                "{line} opens a chain while the loop's boxes are still on offer: {other} takes them, and more.",
                line=line,
                other=other,
            )
        return worse_line_feedback(why, game, values[line], final2)

    return DotsExercise(
        tr(
            "{other} opened a loop of {length} and {seat} has taken {n} boxes of it. <b>What is {seat}'s best "
            "line?</b>",
            other=other,
            length=length,
            seat=seat,
            n=taken,
        ),
        line_checker(game, judge),
        hint=tr("How many boxes of the loop are still on offer? What do you leave of a loop?"),
        answer=f"{join_words(right)}.",
        solutions=right,
        game=game,
        click=True,
        key=name,
        wrong=sorted((l for l in values if l not in right), key=lambda l: (not completes_box(game, l), l)),
    )
