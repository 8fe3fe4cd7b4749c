"""What every Dots and Boxes lesson exercise shares: :class:`DotsExercise`, the line checker, a best-move exercise
judged by the exact solver and the feedback that explains a line (:func:`why_line`)."""

from __future__ import annotations

import re

from dataclasses import dataclass
from gamekit.core.errors import IllegalMoveError
from gamekit.dots import analysis
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values
from gamekit.i18n import ntr
from gamekit.i18n import tr
from gamekit.widgets.exercise import Exercise
from gamekit.widgets.exercise import parse_int
from typing import Any
from typing import Callable
from typing import Sequence
from gamekit.dots.lesson_pictures import boxes_text, boxes_won, join_words
from gamekit.dots.lesson_positions import (
    Component,
    SEATS,
    components,
    line_parts,
    position,
    safe_lines,
    takeable,
    third_side_boxes,
)


# ----- exercises -------------------------------------------------------------------------------
@dataclass
class DotsExercise(Exercise):
    """An exercise on a position: ``click=True`` answers by clicking a line on the board."""

    game: DotsAndBoxes | None = None
    parts: bool = False  # tint chains and loops on the board (never on an exercise: seeing and
    # counting them is what the lessons teach)
    asks_best: bool = True  # a click asks for a move: the solver's best moves must be accepted
    level: str = ""  # "easy", "medium" or "hard" (set from LEVELS; shown in the lesson's heading)
    third_sides: bool = True  # tint boxes with a third side red (off where counting them is the question)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.click and self.position is None:
            self.position = self.game  # a move exercise: tests compare its answers with the solver


def line_checker(game: DotsAndBoxes, judge: Callable[[str], tuple[bool, str]]) -> Callable[[Any], tuple[bool, str]]:
    """Parse a line (refusing bad input with the engine's reason), refuse drawn lines, then judge it."""

    def check(answer: Any) -> tuple[bool, str]:
        index = pupil_line(game, answer)
        name = game.line_name(index)
        if game.is_drawn(index):
            raise IllegalMoveError(tr("{name} is already drawn: pick a line that is not drawn yet.", name=name))
        return judge(name)

    return check


def pupil_line(game: DotsAndBoxes, answer: Any) -> int:
    """The line a pupil typed or clicked, or ``IllegalMoveError`` in plain words: the typed text in quotes (no
    program notation), then what is wrong with it. The dash may be typed as an en dash, an em dash or a minus sign
    (word processors and phones turn ``-`` into those), and two dots separated only by a space count too."""
    text_ = str(answer).strip() if isinstance(answer, str) else ""
    joined = re.sub(r"\s*[\u2010-\u2015\u2212]\s*", "-", text_)  # a typed en dash, em dash or minus sign
    two_dots = re.fullmatch(r"([a-z]\s*[0-9]{1,2})\s+([a-z]\s*[0-9]{1,2})", joined, re.IGNORECASE | re.ASCII)
    joined = f"{two_dots.group(1)}-{two_dots.group(2)}" if two_dots else joined
    if not joined or "-" not in joined:
        raise IllegalMoveError(
            tr("“{text}” is not a line: write its two dots joined by a dash, like a1-b1.", text=text_ or str(answer))
        )
    try:
        return game.line_index(joined)
    except IllegalMoveError as refused:  # the engine's reason, with the text quoted for a reader
        reason = str(refused).split(": ", 1)[-1].replace("'a1-b1'", "a1-b1")
        raise IllegalMoveError(tr("“{text}”: {reason}.", text=text_, reason=reason.rstrip("."))) from None


def after_line(game: DotsAndBoxes, line: str) -> DotsAndBoxes:
    after = game.copy()
    after.play(line)
    return after


def completes_box(game: DotsAndBoxes, line: str) -> bool:
    return boxes_won(game, line) > 0


def parts_of(game: DotsAndBoxes, kind: str) -> list[int]:
    return sorted((p.length for p in components(game) if p.kind == kind), reverse=True)


def parse_lengths(answer: Any) -> list[int]:

    if isinstance(answer, (list, tuple)):
        return sorted((parse_int(a) for a in answer), reverse=True)
    bits = [b for b in re.split(r"[,;\s]+|\band\b", str(answer)) if b.strip()]
    if not bits:
        raise ValueError(tr("Type the lengths separated by commas, like 3, 2, 5."))
    return sorted((parse_int(b) for b in bits), reverse=True)


def why_line(game: DotsAndBoxes, line: str) -> str:
    """What ``line`` does in ``game``, in the words of lessons 2–5 (plain text, one or two sentences)."""
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    after = game.copy()
    won = boxes_won(game, line)
    after.play(line)
    if won:
        return ntr(
            "it takes {n} box and {seat} draws again.", "it takes {n} boxes and {seat} draws again.", won, seat=seat
        )
    on_offer = third_side_boxes(game)
    if on_offer and line in safe_lines(game):
        return ntr(
            "it takes nothing and leaves box {boxes} (three sides drawn) for {other} to take.",
            "it takes nothing and leaves boxes {boxes} (three sides drawn) for {other} to take.",
            len(on_offer),
            boxes=boxes_text(game, on_offer),
            other=other,
        )
    if line in safe_lines(game):
        rule = analysis.long_chain_rule(after)
        total = rule.dots + rule.long_chains
        if not rule.long_chains:  # before the chains form, the count predicts nothing (lesson 4's tally)
            return tr("it is safe; after it no long chain is forming yet, so the count predicts nothing.")
        return ntr(
            "it is safe; after it {n} long chain is forming: {dots} + {n} = {total} is {parity}, the count "
            "{favoured} wants.",
            "it is safe; after it {n} long chains are forming: {dots} + {n} = {total} is {parity}, the count "
            "{favoured} wants.",
            rule.long_chains,
            dots=rule.dots,
            total=total,
            parity=tr("even") if total % 2 == 0 else tr("odd"),
            favoured=tr(SEATS[rule.favoured]),
        )
    given = takeable(after)
    offered = {b for p in components(game) if p.opened for b in p.boxes}
    touched = set(game.geometry.line_boxes[game.line_index(line)])
    offered_left = {b for b in offered if game.owners[b] is None}
    if offered and (touched <= offered or given <= len(offered_left)):
        return ntr(
            "it takes nothing and leaves {n} box to {other}, who must then open the next chain.",
            "it takes nothing and leaves {n} boxes to {other}, who must then open the next chain.",
            given,
            other=other,
        )
    if offered:
        return tr(
            "it leaves the boxes on offer and gives more away: {other} can take {given}, one after another.",
            other=other,
            given=given,
        )
    parts = line_parts(game, line)
    two = [p for p in parts if p.kind == "chain" and p.length == 2]
    if len(parts) == 1 and two:
        shared = shared_line_name(game, two[0])
        if line == shared:
            return tr(
                "it opens the 2-chain by its middle line: each box gets its own third side, so {other} can take "
                "both boxes but cannot leave both to {seat} with one line.",
                other=other,
                seat=seat,
            )
        if safe_lines(game):
            return tr("it opens the 2-chain at an end: {other} can take both boxes and draw again.", other=other)
        return tr(
            "it opens the 2-chain at an end: {other} can take both boxes, or draw the other end and leave both to "
            "{seat}, who then must open the next chain.",
            other=other,
            seat=seat,
        )
    what = describe_parts(parts)
    return ntr(
        "it opens {what}: {other} can take that box.",
        "it opens {what}: {other} can take {n} boxes, one after another.",
        given,
        what=what,
        other=other,
    )


def describe_parts(parts: Sequence[Component]) -> str:
    return tr(" and ").join(
        tr("the loop of {length}", length=p.length)
        if p.kind == "loop"
        else tr("the chain of {length}", length=p.length)
        for p in parts
    ) or tr("a new box")


def shared_line_name(game: DotsAndBoxes, chain: Component) -> str | None:
    a, b = chain.boxes[0], chain.boxes[-1]
    common = set(game.geometry.box_lines[a]) & set(game.geometry.box_lines[b])
    return game.line_name(next(iter(common))) if common else None


def best_move_exercise(
    name: str, prompt: str, hint: str, *, key: str = "", parts: bool = False, lesson: int = 0
) -> DotsExercise:
    """ "Click the best line" on a named position, checked by the exact solver.

    Accepted: exactly the lines the solver rates best.  Every other line is refused with what it
    does (:func:`why_line`) and both results, so a pupil learns why it is worse.  From ``lesson`` 5 on, a line
    that takes a box where every best line refuses is named as giving control away (:func:`mistake_reason`, the
    practice problems' words), not just as "it takes a box and draws again".
    """
    if not isinstance(lesson, int) or isinstance(lesson, bool) or not 0 <= lesson <= 5:
        raise ValueError(tr("lesson={lesson!r}: 0 (no lesson's words) or a lesson 1 to 5", lesson=lesson))
    game = position(name)
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    seat = tr(SEATS[game.to_move])
    safe = set(safe_lines(game))

    refuses = not any(boxes_won(game, b) for b in right)

    def judge(line: str) -> tuple[bool, str]:
        v = values[line]
        why = why_line(game, line)
        if v != best and lesson >= 5 and refuses and boxes_won(game, line):  # grabbing gives control away
            return False, tr(
                "{reason} With best play the game would then end {final}; a better line ends it {final2}.",
                reason=mistake_reason(game, line, lesson, right),
                final=final_score_text(game, v),
                final2=final_score_text(game, best),
            )
        if v == best:
            return True, tr(
                "Yes: {line} — {why} With best play the game then ends {final}.",
                line=line,
                why=why,
                final=final_score_text(game, v),
            )
        if mover_wins(game, v):  # still a win, by less: the prompt asks for the most boxes, so say exactly that
            return False, tr(
                "{line}: {why} {seat} still wins, but by less: {final} instead of {final2}.",
                line=line,
                why=why,
                seat=seat,
                final=final_score_text(game, v),
                final2=final_score_text(game, best),
            )
        return False, tr(
            "{line}: {why} With best play the game would then end {final}; a better line ends it {final2}.",
            line=line,
            why=why,
            final=final_score_text(game, v),
            final2=final_score_text(game, best),
        )

    return DotsExercise(
        prompt,
        line_checker(game, judge),
        hint=hint,
        answer=f"{join_words(right)}.",
        solutions=right,
        game=game,
        click=True,
        key=key or name,
        parts=parts,
        wrong=sorted(
            (l for l in values if l not in right),  # most tempting first
            key=lambda l: (-values[l], l not in safe, l),
        ),
    )


def final_score(game: DotsAndBoxes, value: int) -> tuple[int, int]:
    """``(Gold, Coral)`` at the end of the game when the player to move wins ``value`` more of the boxes left
    than the other player (the exact solver's value of a move)."""
    rest = game.geometry.n_boxes - sum(game.scores)
    if (rest + value) % 2 or abs(value) > rest:
        raise ValueError(tr("value={value!r}: not a result with {rest} boxes left", value=value, rest=rest))
    final = list(game.scores)
    final[game.to_move] += (rest + value) // 2
    final[1 - game.to_move] += (rest - value) // 2
    return final[0], final[1]


def mover_wins(game: DotsAndBoxes, value: int) -> bool:
    """Whether the player to move ends with more boxes than the other when the rest is worth ``value`` to them."""
    final = final_score(game, value)
    return final[game.to_move] > final[1 - game.to_move]


def final_score_text(game: DotsAndBoxes, value: int) -> str:
    """The final score in words, "Gold 5, Coral 4" (what a pupil reads instead of a box difference)."""
    g, c = final_score(game, value)
    return tr("Gold {g}, Coral {c}", g=g, c=c)


def worse_line_feedback(why: str, game: DotsAndBoxes, value: int, right_final: str) -> tuple[bool, str]:
    """A wrong line's feedback in the handout and loop exercises: ``why`` it is wrong, then the final score it
    leads to with best play (``value``, the solver's for that line) beside the right line's (``right_final``)."""
    return False, tr(
        "{why} With best play the game would end {final}; the right line ends it {final2}.",
        why=why,
        final=final_score_text(game, value),
        final2=right_final,
    )


def mistake_reason(game: DotsAndBoxes, line: str, lesson: int = 5, best: Sequence[str] = ()) -> str:
    """Why ``line`` is a mistake in ``game``, in the words of lesson ``lesson`` (one sentence, no line of play):
    a box with three sides left behind, a third side given while a safe line was left, a 2-chain opened at an
    end; from lesson 4 on, what the line does to the long-chain count or to control (:func:`why_line`); in lesson 5,
    taking a box where every ``best`` line refuses is named as giving control away."""
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    on_offer = third_side_boxes(game)
    won = boxes_won(game, line)
    after = after_line(game, line)
    given = [b for b in third_side_boxes(after) if b not in on_offer]
    if on_offer and not won and lesson <= 3:
        return ntr(
            "box {boxes} had three sides: you left it for {other}.",
            "boxes {boxes} had three sides: you left them for {other}.",
            len(on_offer),
            boxes=boxes_text(game, on_offer),
            other=other,
        )
    if lesson >= 5 and won and best and not any(boxes_won(game, b) for b in best):
        if any(p.kind == "loop" for p in line_parts(game, line)):  # a loop is kept by leaving four, not two
            return tr(
                "{line} takes a box, but after the last box {seat} must open the next chain: taking all but the "
                "last four boxes of the loop and leaving those four keeps control.",
                line=line,
                seat=seat,
            )
        return tr(
            "{line} takes a box, but after the last box {seat} must open the next chain: leaving the last boxes "
            "with a double-deal keeps control.",
            line=line,
            seat=seat,
        )
    if lesson >= 4:
        reason = tr("{line} — {why}", line=line, why=why_line(game, line))
        safe = set(safe_lines(game))
        steering = [
            b for b in best if b in safe and analysis.long_chain_rule(after_line(game, b)).favoured == game.to_move
        ]
        if given and line not in safe and steering:  # a gift while a safe line could still steer the count
            reason += " " + tr(
                "A safe line was still left that makes the long-chain count the one {seat} wants.", seat=seat
            )
        return reason
    if given and safe_lines(game):
        return ntr(
            "{line} gives box {boxes} its third side, and a safe line was still left.",
            "{line} gives boxes {boxes} their third side, and a safe line was still left.",
            len(given),
            line=line,
            boxes=boxes_text(game, given),
        )
    parts = line_parts(game, line)
    two = [p for p in parts if p.kind == "chain" and p.length == 2]
    if given and len(parts) == 1 and two and line != shared_line_name(game, two[0]):
        return tr(
            "{line} opens a 2-chain at an end: a 2-chain opened at an end can be refused, so {other} can leave "
            "both boxes to {seat}, who must then open the next chain.",
            line=line,
            other=other,
            seat=seat,
        )
    if given:
        return (
            ntr(
                "{line} gives box {boxes} its third side:",
                "{line} gives boxes {boxes} their third side:",
                len(given),
                line=line,
                boxes=boxes_text(game, given),
            )
            + " "
            + ntr(
                "{other} can take {n} box.",
                "{other} can take {n} boxes, one after another.",
                takeable(after),
                other=other,
            )
        )
    if won:
        return tr("{line} takes a box, but another line does better in the end.", line=line)
    return tr("{line} is safe, but another safe line leaves {seat} better off later.", line=line, seat=seat)
