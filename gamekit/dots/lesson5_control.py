"""Dots and Boxes lesson 5's exercise on the price of control: count both plans, then choose."""

from __future__ import annotations

import re
from typing import Any

from dataclasses import dataclass

from gamekit.display import Paragraph
from gamekit.dots.lesson5_exercises import deal_lines, opened_chain
from gamekit.dots.lesson_exercise import DotsExercise, completes_box
from gamekit.dots.lesson_pictures import describe_components
from gamekit.dots.lesson_positions import SEATS, components, position, sequence_positions, takeable
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values
from gamekit.i18n import tr


TAKE_WORDS = ("tak", "llev", "cog")
REFUSE_WORDS = ("refus", "declin", "rechaz")


@dataclass(frozen=True)
class ControlCount:
    """Both plans of a position where the mover is taking an opened chain, counted as lesson 5 teaches.

    ``to_come``: the boxes not yet taken; ``on_offer``: the boxes the mover can take now; ``chains`` and ``loops``:
    the long chains and loops still closed after it; ``given_back``: what the player in control gives away after
    this chain (4 per loop, 2 per chain, the last part never refused); ``take``: the boxes still to come the mover
    keeps by taking everything (``on_offer + given_back``); ``refuse``: by double-dealing and keeping control to
    the end (``to_come - 2 - given_back``); ``best``: "take" or "refuse" (whichever keeps more)."""

    to_come: int
    on_offer: int
    chains: int
    loops: int
    given_back: int
    take: int
    refuse: int
    best: str


def control_count(game: DotsAndBoxes) -> ControlCount:
    """Count both plans of ``game`` (an opened chain being taken, only long chains and loops after it) and check
    the count against the exact solver: ValueError when the position is not of that kind or the solver disagrees,
    so a count shown on a page is always the true one."""
    if not isinstance(game, DotsAndBoxes):
        raise TypeError(tr("game must be a Dots and Boxes position, not {kind}", kind=type(game).__name__))
    rest = [p for p in components(game) if not p.opened]
    deals = deal_lines(game)
    on_offer = takeable(game)
    if not rest or not deals or on_offer < 2 or any(len(p.boxes) < 3 for p in rest):
        raise ValueError(tr("the position must have a chain on offer and only long chains and loops after it"))
    to_come = game.geometry.n_boxes - sum(game.scores)
    loops = sum(p.kind == "loop" for p in rest)
    chains = len(rest) - loops
    # the player in control opens the loops first and refuses every part but the last one
    given_back = 4 * loops + 2 * (chains - 1) if chains else 4 * (loops - 1)
    values = move_values(game)
    grabs = [l for l in values if completes_box(game, l)]
    take_keep = (to_come + max(values[l] for l in grabs)) // 2
    refuse_keep = (to_come + max(values[l] for l in deals)) // 2
    if take_keep != on_offer + given_back or refuse_keep != to_come - 2 - given_back:
        raise ValueError(tr("the exact solver does not agree with the count of refused parts"))
    best = "take" if take_keep > refuse_keep else "refuse"
    return ControlCount(to_come, on_offer, chains, loops, given_back, take_keep, refuse_keep, best)


def worked_control_count(sequence: str = "greedy", step: int = 5) -> Paragraph:
    """Lesson 5's worked count before exercise 3, on a board the page has shown (the position before ``step`` of
    step-through ``sequence``): both plans counted as the exercise asks, ending in an answer written the way the
    exercise wants it ("2, 4, refuse").  The numbers come from :func:`control_count`, so the solver vouches for
    them."""
    game = sequence_positions(sequence)[step]
    count = control_count(game)
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    length, taken = opened_chain(game)
    word = tr("take") if count.best == "take" else tr("refuse")
    return Paragraph(
        tr(
            "A worked count, on the step-through above. {other} opened a chain of {length}, and {seat} has taken "
            "{taken} of its boxes. {n} boxes are still to come; {offer} are on offer. After them: {after}. "
            "Refusing keeps {n} − 2 for this chain − {back} for the later parts (the last part is never refused) "
            "= {refuse}. Taking keeps {offer} on offer + {back} that {other} gives back = {take}. Written as the "
            "exercise below wants it: {take}, {refuse}, {word}.",
            other=other,
            seat=seat,
            length=length,
            taken=taken,
            n=count.to_come,
            offer=count.on_offer,
            after=describe_components(_closed_parts(game)),
            back=count.given_back,
            refuse=count.refuse,
            take=count.take,
            word=word,
        )
    )


def _closed_parts(game: DotsAndBoxes) -> DotsAndBoxes:
    """``game`` with the opened chain's boxes taken, so only the parts still closed are described."""
    after = game.copy()
    while takeable(after):
        line = next(l for l in after.legal_moves() if completes_box(after, l))
        after.play(line)
    return after


def control_price_exercise(name: str = "control_price") -> DotsExercise:
    """What control is worth, counted before choosing: the boxes still to come that the mover keeps by taking the
    boxes on offer, and by refusing them and keeping control to the end (boxes still to come, minus 2 per refused
    chain and 4 per refused loop; the last part is never refused). The pupil types both numbers, then take or
    refuse. The position has only long chains and loops left, so the count is the exact solver's (checked here)."""
    game = position(name)
    count = control_count(game)
    if (count.loops, count.chains) != (1, 1):
        raise ValueError(
            tr("{name}: this exercise needs one loop and one long chain after the opened chain", name=name)
        )
    to_come, on_offer, loops, chains = count.to_come, count.on_offer, count.loops, count.chains
    take_keep, refuse_keep, best = count.take, count.refuse, count.best
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    take_reasons = {
        on_offer: tr(
            "{n} is only the boxes on offer. After them {seat} must open the loop or the chain, and {other} keeps "
            "control by refusing: what does {other} give back?",
            n=on_offer,
            seat=seat,
            other=other,
        ),
        on_offer + 2 * chains: tr(
            "That has {seat} open the chain first. {seat} opens the loop first: refusing a loop costs {other} 4 "
            "boxes, a chain only 2.",
            seat=seat,
            other=other,
        ),
        to_come: tr("Taking does not win everything: after the boxes on offer, {other} has control.", other=other),
    }
    refuse_reasons = {
        to_come - 2: tr(
            "That subtracts only the 2 boxes of this chain. {other} then opens the loop, and keeping control costs its "
            "last 4 boxes too.",
            other=other,
        ),
        to_come - 2 - 2 * loops - 2 * (chains - 1): tr(
            "Refusing costs 2 boxes for this chain and 4 (not 2) for the loop: subtract both."
        ),
        refuse_keep - 2: tr(
            "The last chain is not refused: nothing comes after it, so {seat} takes all of it.", seat=seat
        ),
        to_come: tr("Refusing is not free: each refused chain costs 2 boxes, each refused loop 4."),
    }
    take_reasons.pop(take_keep, None)
    refuse_reasons.pop(refuse_keep, None)
    right_word = tr("take") if best == "take" else tr("refuse")
    example = tr("like this: {a}, {b}, refuse", a=to_come // 2, b=to_come // 2 + 1)

    def check(answer: Any) -> tuple[bool, str]:
        text_ = str(answer).strip().lower()
        numbers = [int(n) for n in re.findall(r"\d+", text_)]
        words = re.findall(r"[^\W\d_]+", text_)
        chosen_words = {
            "take" if w.startswith(TAKE_WORDS) else "refuse"
            for w in words
            if w.startswith(TAKE_WORDS) or w.startswith(REFUSE_WORDS)
        }
        if len(numbers) != 2 or len(chosen_words) != 1:
            raise ValueError(
                tr(
                    "Type two numbers and your choice: the boxes {seat} keeps by taking, the boxes {seat} keeps by "
                    "refusing, then take or refuse, {example}.",
                    seat=seat,
                    example=example,
                )
            )
        take_n, refuse_n = numbers
        (choice,) = chosen_words
        if (take_n, refuse_n) == (refuse_keep, take_keep) and take_keep != refuse_keep:
            # the numbers swapped: with the right choice, only the order is wrong; with the other choice, the pupil
            # believes the other plan keeps the larger number
            if choice == best:
                return False, tr("The two numbers are the other way round: first taking, then refusing.")
            if choice == "refuse":
                return False, tr(
                    "Refusing does not keep {n}: each refused chain costs 2 boxes, each refused loop 4. Count what "
                    "refusing keeps again.",
                    n=max(take_keep, refuse_keep),
                )
            return False, tr(
                "Taking does not keep {n}: after the boxes on offer, {other} has control. Count what taking keeps "
                "again.",
                n=max(take_keep, refuse_keep),
                other=other,
            )
        if take_n != take_keep:
            return False, take_reasons.get(
                take_n,
                tr("Count the boxes on offer, then what {other} gives back while keeping control.", other=other),
            )
        if refuse_n != refuse_keep:
            return False, refuse_reasons.get(
                refuse_n,
                tr("Start from the {n} boxes still to come and subtract what each refusal costs.", n=to_come),
            )
        if choice != best:
            return False, tr(
                "Your numbers are right: taking keeps {take}, refusing keeps {refuse}. So which plan keeps more?",
                take=take_keep,
                refuse=refuse_keep,
            )
        return True, tr(
            "Yes: taking keeps {take} of the {n} boxes still to come, refusing only {refuse} (2 for this chain and 4 "
            "for the loop). Here control costs more than it wins: {word}.",
            take=take_keep,
            refuse=refuse_keep,
            n=to_come,
            word=right_word,
        )

    solution = f"{take_keep}, {refuse_keep}, {right_word}"
    return DotsExercise(
        tr(
            "{other} opened a chain of {length} and {seat} has taken {taken} of its boxes; {n} boxes are still to "
            "come. <b>How many of them does {seat} keep by taking the {offer} boxes on offer, and how many by "
            "refusing them and keeping control to the end? Then: take or refuse?</b> Type both numbers, then your "
            "choice, {example}.",
            other=other,
            seat=seat,
            n=to_come,
            length=opened_chain(game)[0],
            taken=opened_chain(game)[1],
            offer=on_offer,
            example=example,
        ),
        check,
        hint=tr(
            "Refusing: start from the boxes still to come and subtract what each refusal costs. Taking: the boxes on "
            "offer, plus what {other} must give back to keep control.",
            other=other,
        ),
        answer=solution + ".",
        solutions=[solution],
        game=game,
        wrong=[
            f"{refuse_keep}, {take_keep}, {right_word}",
            f"{on_offer}, {refuse_keep}, {right_word}",
            f"{take_keep}, {to_come - 2}, {right_word}",
            f"{take_keep}, {refuse_keep}, {tr('refuse') if best == 'take' else tr('take')}",
        ],
        key=name,
        parts=False,
    )
