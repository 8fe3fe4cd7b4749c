"""Dots and Boxes lesson 5's exercise on the price of control: count both plans, then choose."""

from __future__ import annotations

import re
from typing import Any

from gamekit.dots.lesson5_exercises import deal_lines, opened_chain
from gamekit.dots.lesson_exercise import DotsExercise, completes_box
from gamekit.dots.lesson_positions import SEATS, components, position, takeable
from gamekit.dots.solver import move_values
from gamekit.i18n import tr


TAKE_WORDS = ("tak", "llev", "cog")
REFUSE_WORDS = ("refus", "declin", "rechaz")


def control_price_exercise(name: str = "control_price") -> DotsExercise:
    """What control is worth, counted before choosing: the boxes still to come that the mover keeps by taking the
    boxes on offer, and by refusing them and keeping control to the end (boxes still to come, minus 2 per refused
    chain and 4 per refused loop; the last part is never refused). The pupil types both numbers, then take or
    refuse. The position has only long chains and loops left, so the count is the exact solver's (checked here)."""
    game = position(name)
    to_come = game.geometry.n_boxes - sum(game.scores)
    rest = [p for p in components(game) if not p.opened]
    loops = sum(p.kind == "loop" for p in rest)
    chains = len(rest) - loops
    if (loops, chains) != (1, 1) or any(len(p.boxes) < 3 for p in rest):
        raise ValueError(
            tr("{name}: this exercise needs one loop and one long chain after the opened chain", name=name)
        )
    on_offer = takeable(game)
    values = move_values(game)
    grabs = [l for l in values if completes_box(game, l)]
    deals = deal_lines(game)
    take_keep = (to_come + max(values[l] for l in grabs)) // 2
    refuse_keep = (to_come + max(values[l] for l in deals)) // 2
    given_back = 4 * loops + 2 * (chains - 1)  # what the player in control gives away after this chain
    if take_keep != on_offer + given_back or refuse_keep != to_come - 2 - given_back:
        raise ValueError(tr("{name}: the exact solver does not agree with the count of refused parts", name=name))
    best = "take" if take_keep > refuse_keep else "refuse"
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
            return False, tr("The two numbers are the other way round: first taking, then refusing.")
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
