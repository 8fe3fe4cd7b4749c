"""Dots and Boxes lesson 5's exercise on the price of control: count both plans, then choose."""

from __future__ import annotations

import re
from typing import Any

from dataclasses import dataclass

from gamekit.dots.lesson5_exercises import deal_lines, opened_chain
from gamekit.dots.lesson_exercise import DotsExercise, after_line, completes_box
from gamekit.dots.lesson_explanations import Explanation
from gamekit.dots.lesson_pictures import describe_components
from gamekit.dots.lesson_positions import (
    SEATS,
    components,
    position,
    sequence_positions,
    takeable,
    third_side_boxes,
)
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values, solve
from gamekit.i18n import tr


TAKE_WORDS = ("tak", "llev", "cog", "tom")
REFUSE_WORDS = ("refus", "declin", "rechaz")
"""How a typed word starts when it means take or refuse, in English or Spanish (take, llevar, coger, tomar; refuse,
decline, rechazar), so exercise 4 accepts any form of the verb a pupil may write."""


@dataclass(frozen=True)
class ControlCount:
    """Lesson 5's "take or refuse?" method on a position where one opened chain or loop is on offer.

    The method looks first at the short chains still to come (``shorts``: chains of 1 or 2 boxes, smallest first):
    whoever opens one chooses how, and can open it so it cannot be refused, so each passes the job of opening to the
    other player. An odd number of them hands control back to whoever takes now, so the method says "take".
    Otherwise the pupil fills in the tally, which counts only the part on offer, the long chains (3 boxes or more)
    and the loops:

    ``to_come`` (line A): the boxes on offer plus the boxes of the long chains and loops still to come;
    ``on_offer`` (line B); ``chains`` and ``loops``: the long chains and loops still closed; ``given_back`` (line D):
    what the player in control gives away after this part (4 per loop, 2 per chain, the last part never refused);
    ``cost``: what refusing the part on offer costs (2 for a chain, 4 for a loop); ``take`` and ``refuse``: the
    boxes of line A the mover keeps with each plan (with no short chain or an even number of them: ``on_offer +
    given_back`` and ``to_come - cost - given_back``); ``best``: "take" or "refuse", the method's choice.

    ``exact_take`` and ``exact_refuse``: the boxes still to come (short chains included) the mover keeps with each
    plan under best play, from the exact solver. :func:`control_count` checks that they are ``take`` and ``refuse``
    plus the short chains each plan is handed, and that ``best`` is one of the solver's best plans."""

    to_come: int
    on_offer: int
    chains: int
    loops: int
    shorts: tuple[int, ...]
    given_back: int
    cost: int
    take: int
    refuse: int
    best: str
    exact_take: int
    exact_refuse: int

    @property
    def odd_shorts(self) -> bool:
        """True when an odd number of short chains is still to come: the method says "take" without a tally."""
        return len(self.shorts) % 2 == 1


def refusal_lines(game: DotsAndBoxes, cost: int = 2) -> list[str]:
    """The lines that refuse what is on offer now: lines that take nothing and leave exactly the last ``cost`` boxes
    of the opened part (2 for a chain: the double-deal; 4 for a loop: all-but-four) to the other player."""
    if cost == 2:
        return deal_lines(game)
    opened = {b for p in components(game) if p.opened for b in p.boxes}

    def refuses(line: str) -> bool:
        if completes_box(game, line):
            return False
        after = after_line(game, line)
        return takeable(after) == cost and set(third_side_boxes(after)) <= opened

    return [l for l in game.legal_moves() if refuses(l)]


def control_count(game: DotsAndBoxes) -> ControlCount:
    """Lesson 5's method on ``game`` (one opened chain or loop on offer, that can be refused: at least 2 boxes of a
    chain, 4 of a loop), checked against the exact solver: ValueError when the method does not apply (nothing on
    offer, several parts on offer, too few boxes to refuse) or when the solver disagrees, so a count shown on a page
    is always the true one."""
    if not isinstance(game, DotsAndBoxes):
        raise TypeError(tr("game must be a Dots and Boxes position, not {kind}", kind=type(game).__name__))
    parts = components(game)
    opened = [p for p in parts if p.opened]
    on_offer = takeable(game)
    cost = 4 if len(opened) == 1 and opened[0].kind == "loop" else 2
    if len(opened) != 1 or on_offer < cost:
        raise ValueError(tr("the method needs one chain or one loop on offer, which the mover can refuse"))
    rest = [p for p in parts if not p.opened]
    long_parts = [p for p in rest if p.kind == "loop" or len(p.boxes) >= 3]
    shorts = tuple(sorted(len(p.boxes) for p in rest if p.kind == "chain" and len(p.boxes) < 3))
    loops = sum(p.kind == "loop" for p in long_parts)
    chains = len(long_parts) - loops
    long_boxes = sum(len(p.boxes) for p in long_parts)
    # the player in control opens the loops first and refuses every long part but the last one
    if chains:
        given_back = 4 * loops + 2 * (chains - 1)
    else:
        given_back = 4 * (loops - 1) if loops else 0
    # taking: the mover opens next; refusing: the other player does. Short chains go first, smallest first, each
    # to the player it is handed to, and each passes the job of opening on: whoever does not open the first long
    # part keeps control of the long parts.
    odd = len(shorts) % 2 == 1
    take = on_offer + (long_boxes - given_back if odd else given_back)
    refuse = on_offer - cost + (given_back if odd else long_boxes - given_back)
    take_shorts, refuse_shorts = sum(shorts[1::2]), sum(shorts[0::2])
    best = "take" if odd or take > refuse else "refuse"
    exact_take, exact_refuse = _exact_plans(game, cost)
    if (exact_take, exact_refuse) != (take + take_shorts, refuse + refuse_shorts):
        raise ValueError(tr("the exact solver does not agree with the count of refused parts"))
    if (exact_take if best == "take" else exact_refuse) < max(exact_take, exact_refuse):
        raise ValueError(tr("the exact solver does not agree with the count of refused parts"))
    return ControlCount(
        on_offer + long_boxes,
        on_offer,
        chains,
        loops,
        shorts,
        given_back,
        cost,
        take,
        refuse,
        best,
        exact_take,
        exact_refuse,
    )


def _exact_plans(game: DotsAndBoxes, cost: int) -> tuple[int, int]:
    """The boxes still to come the mover keeps under best play by taking everything on offer and then drawing the
    best line, and by taking all but the last ``cost`` boxes on offer and then the best refusal (exact solver)."""
    to_come = game.geometry.n_boxes - sum(game.scores)
    mover = game.to_move

    def take_while(left: int) -> DotsAndBoxes:
        after = game.copy()
        while takeable(after) > left:
            after.play(next(l for l in after.legal_moves() if completes_box(after, l)))
        return after

    def kept(after: DotsAndBoxes, value: int) -> int:
        taken = after.scores[mover] - game.scores[mover]
        return taken + (to_come - taken + value) // 2

    took = take_while(0)
    take = kept(took, solve(took)) if not took.is_over() else to_come
    dealt = take_while(cost)
    refusals = refusal_lines(dealt, cost)
    if not refusals:
        raise ValueError(tr("the method needs one chain or one loop on offer, which the mover can refuse"))
    values = move_values(dealt)
    return take, kept(dealt, max(values[l] for l in refusals))


def worked_control_count(sequence: str = "greedy", step: int = 5) -> Explanation:
    """Lesson 5's worked count before exercise 4, step by step, on a board the page has shown (the position before
    ``step`` of step-through ``sequence``): the page's two steps (the boxes each plan gets now, then who has control
    of the rest and what that brings), each saying what both players do, and the totals written the way exercise 4
    wants its answer ("2, 4, refuse").  The numbers come from :func:`control_count`, so the solver vouches for them.
    ValueError on a board where the rest is not one long chain with no short chain to come (the words fit only
    that)."""
    game = sequence_positions(sequence)[step]
    count = control_count(game)
    rest = [p for p in components(game) if not p.opened]
    if count.shorts or count.loops or len(rest) != 1 or count.cost != 2:
        raise ValueError(tr("the worked count needs a board where only one long chain is still to come"))
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    length, taken = opened_chain(game)
    chain = len(rest[0].boxes)
    now_take, now_refuse = count.on_offer, count.on_offer - count.cost
    rest_take, rest_refuse = count.take - now_take, count.refuse - now_refuse
    if (rest_take, rest_refuse) != (0, chain):
        raise ValueError(tr("the worked count needs a board where only one long chain is still to come"))
    word = tr("take") if count.best == "take" else tr("refuse")
    return Explanation(
        (
            tr(
                "A worked count, on the board of the first step-through: {other} opened a chain of {length}, and "
                "{seat} has taken {taken} of its boxes. Still to come after them: {after}. No short chain is to come.",
                other=other,
                seat=seat,
                length=length,
                taken=taken,
                after=describe_components(_closed_parts(game)),
            ),
            tr(
                "**Step 1 — now.** If {seat} takes, {seat} gets the {offer} boxes on offer. If {seat} refuses, "
                "{seat} gets {now_refuse}: {other} takes the last {cost} with one line.",
                seat=seat,
                other=other,
                offer=now_take,
                now_refuse=now_refuse,
                cost=count.cost,
            ),
            tr(
                "**Step 2 — the rest.** If {seat} takes, {seat} must then open the chain of {chain}. {other} has "
                "control and takes all {chain} boxes: it is the last part, so there is nothing to refuse. If {seat} "
                "refuses, {other} must open it, and {seat} takes all {chain}.",
                seat=seat,
                other=other,
                chain=chain,
            ),
            tr(
                "**Total.** Taking keeps {now_take} + {rest_take} = {take}. Refusing keeps {now_refuse} + "
                "{rest_refuse} = {refuse}. Exact calculation agrees. Written as exercise 4 wants it: {take}, "
                "{refuse}, {word}.",
                now_take=now_take,
                rest_take=rest_take,
                take=count.take,
                now_refuse=now_refuse,
                rest_refuse=rest_refuse,
                refuse=count.refuse,
                word=word,
            ),
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
    if (count.loops, count.chains, count.shorts) != (1, 1, ()):
        raise ValueError(
            tr(
                "{name}: this exercise needs one loop and one long chain after the opened chain, and no short chain",
                name=name,
            )
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
            "Yes: taking keeps {take} of the {n} boxes still to come, refusing only {refuse} (refusing gives up 2 "
            "boxes of this chain and 4 of the loop). Here control costs more than it wins: {word}.",
            take=take_keep,
            refuse=refuse_keep,
            n=to_come,
            word=right_word,
        )

    solution = f"{take_keep}, {refuse_keep}, {right_word}"
    return DotsExercise(
        tr(
            "{other} opened a chain of {length}, and {seat} has taken {taken} of its boxes. {n} boxes are still to "
            "come. <b>How many does {seat} keep by taking? By refusing? Then: take or refuse?</b> Type both "
            "numbers and your choice, {example}.",
            other=other,
            seat=seat,
            n=to_come,
            length=opened_chain(game)[0],
            taken=opened_chain(game)[1],
            example=example,
        ),
        check,
        hint=tr(
            "Do both steps for each plan, taking and refusing. Step 1: what does the plan get now? Step 2: who has "
            "control of the loop and the chain after it, and what does the other player get from them?"
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


def take_or_refuse_sheet() -> str:
    """Lesson 5's take-or-refuse rule of thumb on paper, under exercise 4's heading on the worksheet's second sheet,
    given out once exercise 2 is checked (the page teaches it after exercise 2, whose answer it states): the two
    steps (the boxes each plan gets now, then who has control of the long chains and loops still to come).  The habit
    of opening loops first (which part is opened last, half of exercise 4) is printed after exercise 4, as on the
    page (:func:`gamekit.dots.lessons.worksheet_words_after`).
    The short chains come before exercise 7, as on the page (:data:`gamekit.dots.lesson_worksheets.WORDS_AFTER`);
    the paper tally is in the teacher guide. Markdown, current language; no board's numbers. The sheet states what
    refusing a loop costs (4 boxes) itself: on paper no feedback checks exercise 2 first, so a rule that pointed
    back to it would pass a wrong answer on to exercise 4."""
    return "\n".join(
        [
            "**" + tr("Take or refuse?") + "**",
            "",
            tr("A rule of thumb in two steps."),
            "",
            tr(
                "Step 1 — now: taking gets you every box on offer. Refusing a chain gets you 2 boxes fewer, "
                "refusing a loop 4 fewer."
            ),
            "",
            tr(
                "Step 2 — the rest: look at the long chains and the loops still to come. Whoever has control gets "
                "them all, minus 2 boxes for each chain and 4 for each loop they refuse. The last part is never "
                "refused. If you refuse, you keep control; if you take, the other player gets it."
            ),
            "",
            tr("Add the two steps for each plan and choose the plan that keeps more."),
        ]
    )
