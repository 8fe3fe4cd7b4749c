"""Dots and Boxes lesson 3's exercises."""

from __future__ import annotations

from gamekit.i18n import N_
from gamekit.i18n import ntr
from gamekit.i18n import tr
from gamekit.widgets.exercise import parse_int
from typing import Any
from gamekit.dots.lesson_exercise import DotsExercise, parse_lengths, parts_of
from gamekit.dots.lesson_exercise import final_score, final_score_text, line_checker, mover_wins, shared_line_name
from gamekit.dots.lesson_exercise import worse_line_feedback
from gamekit.dots.solver import move_values
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.lesson_pictures import boxes_text, describe_components, join_words, opening_first
from gamekit.dots.lesson_positions import SEATS, Component, capture_groups, components, position, run_stops
from gamekit.dots.lesson_positions import takeable
from gamekit.dots.lesson_positions import third_side_boxes


def how_many_exercise(name: str = "open_five") -> DotsExercise:
    game = position(name)
    n = takeable(game)
    seat = tr(SEATS[game.to_move])
    stops = run_stops(game)  # boxes with one side drawn that end the run before other boxes
    left = game.geometry.n_boxes - sum(game.scores)
    third = third_side_boxes(game)  # the boxes that can be taken at once
    groups = capture_groups(game)  # separate runs: following one and forgetting another counts one group short
    forgotten = {n - len(group): group for group in groups} if len(groups) > 1 else {}

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, (
                tr(
                    "Yes, {n}: each box you take gives the next one its third side, so you can take them all, one "
                    "box after another.",
                    n=n,
                )
            )
        if k == 1 and len(third) == 1:
            return False, (
                tr(
                    "Only one box has three sides now — but after you take it, the box next to it has three sides "
                    "too. Keep counting."
                )
            )
        if k == 1:
            return False, tr(
                "{m} boxes have three sides now, and each box you take can give the next one its third side too. "
                "Keep counting.",
                m=len(third),
            )
        if k in forgotten:
            return False, ntr(
                "More than {k}: you followed one run and left out box {boxes}. It has three sides too, so it counts, "
                "even on its own.",
                "More than {k}: you followed one run and left out boxes {boxes}. They can be taken too, one after "
                "another.",
                len(forgotten[k]),
                k=k,
                boxes=boxes_text(game, forgotten[k]),
            )
        if k < n:
            return False, tr(
                "More than {k}: keep following the boxes, one after another, until taking a box gives no other box "
                "its third side.",
                k=k,
            )
        if stops:
            return False, ntr(
                "Fewer than {k}: the run stops at box {boxes}. It has only one side drawn, so taking the box before "
                "it gives it its second side, not its third: it cannot be taken yet, nor any box past it.",
                "Fewer than {k}: the run stops at boxes {boxes}. They have only one side drawn, so taking the box "
                "before gives them their second side, not their third: they cannot be taken yet, nor any box "
                "past them.",
                len(stops),
                k=k,
                boxes=boxes_text(game, stops),
            )
        return False, (tr("Fewer than {k}: the run stops when taking a box gives no other box its third side.", k=k))

    return DotsExercise(
        tr("{seat} to move. <b>How many boxes can {seat} take now, one after another?</b>", seat=seat),
        check,
        hint=tr("Take a box with three sides in your head, then look at its neighbours."),
        answer=f"{n}.",
        solutions=[n, f" {n} "],
        game=game,
        wrong=list(dict.fromkeys(w for w in (1, n - 1, n + 1, *forgotten, *([left] if stops else [])) if w != n)),
        key="how_many" if name == "open_five" else f"how_many_{name}",
        parts=False,
        third_sides=False,  # the red tint would point at the first box of the run the pupil is asked to follow
    )


def count_chains_exercise(name: str = "four_by_four") -> DotsExercise:
    game = position(name)
    chains, loops = parts_of(game, "chain"), parts_of(game, "loop")
    n = len(chains)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            if name == "four_by_four":
                return True, tr("Yes: {n} chains. The next exercise asks how long they are.", n=n)
            return True, ntr("Yes: {n} chain.", "Yes: {n} chains.", n)
        if k == n + len(loops) and loops:
            return False, (
                ntr(
                    "Too many. Did you count the loop? A loop closes on itself: it has no end at all, so it is "
                    "not a chain. Or did you split a chain where it turns a corner? It is still one chain.",
                    "Too many. Did you count the loops? A loop closes on itself: it has no end at all, so it is "
                    "not a chain. Or did you split a chain where it turns a corner? It is still one chain.",
                    len(loops),
                )
            )
        if k < n:
            return False, too_few(k)
        return False, (
            tr(
                "Fewer than that: boxes that are linked through undrawn lines belong to the same chain, even when "
                "it turns a corner."
            )
        )

    def too_few(k: int) -> str:
        """Why ``k`` chains is too few, from which chains a pupil could have left out to get ``k``: only the long
        ones counted, a short chain or a long one (both said when either gives ``k``), or surely a long one."""
        missed = n - k
        if shorts and k == longs:
            return tr(
                "More than that: short chains count too, even a chain of one or two boxes. Did you count only the "
                "long ones?"
            )
        if shorts and not longs:
            return tr("More than that: short chains count too, even a chain of one or two boxes.")
        if shorts >= missed:
            return ntr(
                "More than that. Did you leave out a short chain? A chain of one or two boxes counts too. Or did you "
                "miss a long chain? Follow each run of linked boxes to both its ends.",
                "More than that. Did you leave out short chains? A chain of one or two boxes counts too. Or did you "
                "miss long chains? Follow each run of linked boxes to both its ends.",
                missed,
            )
        if shorts:
            return tr(
                "More than that: your count leaves out at least one long chain. Follow each run of linked boxes to "
                "both its ends: every box left belongs to a chain or a loop."
            )
        return tr(
            "More than that: where one run of linked boxes stops, look for the next one. Every box "
            "left belongs to a chain or a loop."
        )

    shorts = sum(1 for length in chains if length < 3)
    longs = n - shorts
    wrong = [w for w in dict.fromkeys([n - 1, n + 1, n + len(loops), longs]) if w != n and w >= 0]
    return DotsExercise(
        tr("No safe line is left. <b>How many chains</b> are on this board (loops not counted)?"),
        check,
        hint=tr(
            "Start at a box with two sides drawn and follow its undrawn sides box by box: where the run stops is an "
            "end. A loop has no ends."
        ),
        answer=f"{n}.",
        solutions=[n],
        game=game,
        wrong=wrong,
        key=f"count_chains_{name}",
        parts=False,
        third_sides=False,  # the page says these boards have no tints: the pupil finds the chains
        leaks=(describe_components(game), f"{n} chains"),
    )


def chain_lengths_exercise(name: str = "four_by_four") -> DotsExercise:
    game = position(name)
    chains, loops = parts_of(game, "chain"), parts_of(game, "loop")

    def check(answer: Any) -> tuple[bool, str]:
        got = parse_lengths(answer)
        if got == chains:
            return True, tr(
                "Yes: chains of {join} ({sum} boxes); the loop is not a chain.",
                join=join_words(chains),
                sum=sum(chains),
            )
        if sorted(chains + loops, reverse=True) == got:
            return False, tr("Those are right, but one of them is a loop: leave the loop out.")
        if sum(got) != sum(chains) and len(got) == len(chains):
            return False, tr(
                "The right number of chains, but the lengths add up to {sum}, not {sum2}.",
                sum=sum(got),
                sum2=sum(chains),
            )
        if len(got) != len(chains):
            return False, (
                ntr(
                    "You listed {n} length, but not one for each chain. Count the chains again (a loop is not one), "
                    "then give each one's length.",
                    "You listed {n} lengths, but not one for each chain. Count the chains again (a loop is not one), "
                    "then give each one's length.",
                    len(got),
                )
            )
        return False, tr(
            "The total is right but the lengths are not: follow each chain from one end to the other, box by box."
        )

    return DotsExercise(
        tr("<b>Give the length of every chain</b>, separated by commas (any order)."),
        check,
        hint=tr(
            "Follow each run of boxes from one end to the other and count its boxes; a run that closes on itself is "
            "a loop."
        ),
        answer=f"{join_words(chains)}.",
        solutions=[", ".join(map(str, chains)), " ".join(map(str, reversed(chains))), tuple(chains)],
        game=game,
        wrong=[", ".join(map(str, chains + loops)), "1, 2", "3, 3, 4"],
        key=f"chain_lengths_{name}",
        parts=False,
        third_sides=False,  # the page says these boards have no tints: the pupil finds the chains
        leaks=(describe_components(game), join_words(chains), ", ".join(map(str, chains))),
    )


def count_loops_exercise(name: str = "two_loops") -> DotsExercise:
    game = position(name)
    loops = parts_of(game, "loop")
    total = sum(loops)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == total:
            return True, tr("Yes: loops of {join}, {total} boxes in all.", join=join_words(loops), total=total)
        if k == len(loops):
            return False, tr("That is how many loops there are; now count the boxes inside them.")
        if len(loops) > 1 and k in loops:
            return False, tr(
                "{k} is one loop. There is more than one loop on this board: find every one and add up their boxes.",
                k=k,
            )
        return False, (
            ntr(
                "Not {k}. A loop is a ring of boxes with no end at all, neither at the edge nor at a junction: find "
                "it and add up the boxes.",
                "Not {k}. A loop is a ring of boxes with no end at all, neither at the edge nor at a junction: find "
                "each one and add up the boxes.",
                len(loops),
                k=k,
            )
        )

    return DotsExercise(
        tr("<b>How many boxes are in loops</b> on this board?"),
        check,
        hint=tr("A loop is a ring: follow its boxes and you come back to where you started."),
        answer=f"{total} ({join_words(loops)}).",
        parts=False,
        third_sides=False,  # the page says these boards have no tints: the pupil finds the chains
        solutions=[total],
        game=game,
        wrong=list(dict.fromkeys([len(loops), *loops, total - 1, total + 2])),
        key=f"count_loops_{name}",
        leaks=(describe_components(game), tr("loops of {join}", join=join_words(loops))),
    )


HAND_OVER_HINTS = {
    "single_or_pair": N_(
        "For each chain, count the boxes it gives away. Then ask what Coral does next, and who then has to open "
        "the chain of 3."
    ),
}
"""The hint of each hand-over exercise: where to look, never which line (the page says before the exercise that
offered boxes can be refused, and which lines a 2-chain has; which of them can be refused is exercise 6's answer and
is explained after it)."""


def taking_is_best_reply(game: DotsAndBoxes, line: str) -> bool:
    """True when, after ``line`` is drawn, every best reply by the exact solver takes a box.  Exercise 5's feedback
    for opening the 2-chain at an end says the other player does best to take it: this is what makes that true (an
    end opening can also be refused, which lesson 3 teaches after exercise 6)."""
    after = game.copy()
    after.play(line)
    values = move_values(after)
    best = max(values.values())
    for reply, value in values.items():
        if value == best:
            taken = after.copy()
            taken.play(reply)
            if sum(taken.scores) == sum(after.scores):
                return False
    return True


def hand_over_exercise(name: str = "single_or_pair") -> DotsExercise:
    """No safe line left: a single box, a 2-chain and a chain of 3; which short chain to hand over.

    With two short chains left, the player who opens the first one also opens the chain of 3 at the end (the other
    player hands the other short chain back), so the order decides nothing but the boxes given: hand over the
    single box.  Accepted: exactly the solver's best lines, which must be the single box's; the 2-chain's middle
    (exercise 6's answer, so its reason here does not say that it cannot be refused), its ends and the chain of 3
    are each told their own reason, with the final score the solver gives."""
    game = position(name)
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    parts = components(game)
    single = next((p for p in parts if p.kind == "chain" and p.length == 1), None)
    pair = next((p for p in parts if p.kind == "chain" and p.length == 2), None)
    long_ = next((p for p in parts if p.kind == "chain" and p.length >= 3), None)
    if single is None or pair is None or long_ is None or len(parts) != 3:
        raise ValueError(tr("{name}: a hand-over exercise needs a single box, a 2-chain and a long chain", name=name))
    if set(right) != set(single.lines):
        raise ValueError(tr("{name}: the best lines of a hand-over exercise must open the single box", name=name))
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    middle = shared_line_name(game, pair)
    final2 = final_score_text(game, best)

    def judge(line: str) -> tuple[bool, str]:
        v = values[line]
        if v == best:
            return True, tr(
                "Yes: {line} hands over the single box, the fewest boxes. {other} takes 1 box and must open the "
                "2-chain or the chain of {n}. If {other} opens the 2-chain, {seat} takes its 2 boxes and must then "
                "open the chain of {n}. With best play the game ends {final}.",
                line=line,
                other=other,
                seat=seat,
                n=long_.length,
                final=final2,
            )
        if line == middle:
            why = tr(
                "{line} is the 2-chain's middle line: both its boxes get their third side at once, so it gives away "
                "2 boxes where the single box gives 1. {other} takes them, then opens the single box, and {seat} "
                "takes it. Then {seat} must open the chain of {n} all the same.",
                line=line,
                other=other,
                seat=seat,
                n=long_.length,
            )
        elif line in pair.lines:
            if not taking_is_best_reply(game, line):
                raise ValueError(
                    tr("{name}: taking the 2-chain opened at {line} must be the best reply", name=name, line=line)
                )
            why = tr(
                "{line} opens the 2-chain at an end: it gives away 2 boxes where the single box gives 1. Here "
                "{other} does best to take them, then open the single box for {seat} to take. Then {seat} must open "
                "the chain of {n} all the same.",
                line=line,
                other=other,
                seat=seat,
                n=long_.length,
            )
        else:
            why = tr(
                "{line} opens the chain of {n}: {other} takes all {n} boxes, more than either short chain gives.",
                line=line,
                other=other,
                n=long_.length,
            )
        return worse_line_feedback(why, game, v, final2)

    return DotsExercise(
        tr(
            "{seat} leads {score} and must open a chain. <b>Which line keeps {seat} winning?</b>",
            seat=seat,
            score=f"{game.scores[game.to_move]}–{game.scores[1 - game.to_move]}",
        ),
        line_checker(game, judge),
        hint=tr(HAND_OVER_HINTS[name]),
        answer=f"{join_words(right)}.",
        solutions=right,
        game=game,
        click=True,
        key=f"hand_over_{name}",
        parts=False,
        third_sides=False,  # the page says these boards have no tints: the pupil finds the chains
        wrong=sorted((l for l in values if l not in right), key=lambda l: (l != middle, l)),
    )


def chain_or_loop_exercise(name: str = "chain_or_loop") -> DotsExercise:
    """No safe line left, a 2-chain and a loop: which to open, and with which line, in lesson 3's ideas alone.

    The 2-chain gives away fewer boxes than the loop, and only its middle line stops the other player from
    leaving both boxes to the opener (the refusal lesson 3 teaches); the loop gives all its boxes away.  Accepted:
    exactly the solver's best lines, which are the 2-chain's middle line; an end of the 2-chain and a line of the
    loop are each told their own reason, with the final score the solver gives."""
    game = position(name)
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    kinds = {(p.kind, p.length) for p in components(game)}
    chain = next((p for p in components(game) if p.kind == "chain"), None)
    loop = next((p for p in components(game) if p.kind == "loop"), None)

    def touched(line: str, part: Component) -> int:
        return len(set(game.geometry.line_boxes[game.line_index(line)]) & set(part.boxes))

    if chain is None or loop is None or kinds != {("chain", 2), ("loop", loop.length)} or loop.length <= 2:
        raise ValueError(tr("{name}: a chain-or-loop exercise needs a 2-chain and a loop", name=name))
    if len(right) != 1 or touched(right[0], chain) != 2:
        raise ValueError(
            tr("{name}: the best line of a chain-or-loop exercise must be the 2-chain's middle", name=name)
        )
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    final2 = final_score_text(game, best)

    def judge(line: str) -> tuple[bool, str]:
        v = values[line]
        if v == best:
            return True, tr(
                "Yes: {line} opens the 2-chain in the middle. Each box gets its own third side, so {other} cannot "
                "leave both to {seat} with one line. {other} takes 2 boxes and must open the loop. Then {seat} "
                "takes all {n} of its boxes. With best play the game ends {final}.",
                line=line,
                other=other,
                seat=seat,
                n=loop.length,
                final=final2,
            )
        if touched(line, chain):
            why = tr(
                "{line} opens the 2-chain at an end. {other} draws the far end and leaves both boxes to {seat}. "
                "Then {seat} must open the loop, and {other} takes all {n} of its boxes.",
                line=line,
                other=other,
                seat=seat,
                n=loop.length,
            )
        else:
            why = tr(
                "{line} opens the loop of {n}. {other} takes all {n} boxes, more than the 2-chain gives. Then "
                "{other} opens the 2-chain in the middle, and {seat} gets only its 2 boxes.",
                line=line,
                n=loop.length,
                other=other,
                seat=seat,
            )
        return worse_line_feedback(why, game, v, final2)

    return DotsExercise(
        tr(
            "{seat} must open the 2-chain or the loop. <b>Which line keeps {seat} winning?</b>",
            seat=seat,
        ),
        line_checker(game, judge),
        hint=tr(
            "For each line, ask two things: how many boxes can {other} take, and can {other} leave boxes to {seat}, "
            "so that {seat} must open the other one?",
            other=other,
            seat=seat,
        ),
        answer=f"{join_words(right)}.",
        solutions=right,
        game=game,
        click=True,
        key=name,
        parts=False,
        third_sides=False,  # the page says these boards have no tints: the pupil finds the chains
        wrong=sorted(l for l in values if l not in right),
        # a judged caption that says "opening the chain of … first" would have been better argues this choice
        leaks=(opening_first(tr("the chain of {n}", n="\0")).split("\0")[0],),
    )


def handout_exercise(name: str = "pair_and_four") -> DotsExercise:
    """No safe line left, a 2-chain and one long chain: the pupil hands the 2-chain over, after the page has taught
    the two ways (exercise 6's answer, explained under it).

    Only the middle line cannot be refused, so it keeps the long chain for the player who hands the 2-chain over.
    Accepted: exactly the solver's best lines, which must be the 2-chain's middle.  Each reason tells a line of play
    (an end is refused, the long chain is taken and the 2-chain handed back by its middle); the position is refused
    unless the solver's final score after every line is the one that line of play gives, so each reason is true."""
    game = position(name)
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    parts = components(game)
    pair = next((p for p in parts if p.kind == "chain" and p.length == 2), None)
    long_ = next((p for p in parts if p.kind == "chain" and p.length >= 3), None)
    if pair is None or long_ is None or len(parts) != 2:
        raise ValueError(tr("{name}: a handout exercise needs a 2-chain and a long chain", name=name))
    middle = shared_line_name(game, pair)
    if right != [middle] or not mover_wins(game, best):
        raise ValueError(tr("{name}: the only best line of a handout exercise must be the 2-chain's middle", name=name))
    me, you = game.to_move, 1 - game.to_move
    n = long_.length

    def gets(value: int, mine: int, theirs: int) -> bool:
        final = final_score(game, value)
        return final[me] - game.scores[me] == mine and final[you] - game.scores[you] == theirs

    if not gets(best, n, 2) or not all(gets(values[l], 2, n) for l in values if l != middle):
        raise ValueError(tr("{name}: the handout exercise's reasons do not match the exact solver", name=name))
    seat, other = tr(SEATS[me]), tr(SEATS[you])
    final2 = final_score_text(game, best)

    def judge(line: str) -> tuple[bool, str]:
        if line == middle:
            return True, tr(
                "Yes: {line} is the 2-chain's middle line, a hard-hearted handout. Each box gets its own third side, "
                "so {other} cannot refuse them. {other} takes 2 boxes and must open the chain of {n}. Then {seat} "
                "takes all {n}. With best play the game ends {final}.",
                line=line,
                other=other,
                seat=seat,
                n=n,
                final=final2,
            )
        if line in pair.lines:
            why = tr(
                "{line} opens the 2-chain at an end, a half-hearted handout. {other} draws the far end and leaves "
                "both boxes to {seat}. Then {seat} must open the chain of {n}, and {other} takes all {n} boxes.",
                line=line,
                other=other,
                seat=seat,
                n=n,
            )
        else:
            why = tr(
                "{line} opens the chain of {n}. {other} takes all {n} boxes, then hands the 2-chain over by its "
                "middle line, so {seat} gets only its 2 boxes.",
                line=line,
                other=other,
                seat=seat,
                n=n,
            )
        return worse_line_feedback(why, game, values[line], final2)

    return DotsExercise(
        tr(
            "The score is {score}. {seat} must open the 2-chain or the chain of {n}. "
            "<b>Which line wins the game for {seat}?</b>",
            score=tr("Gold {g}, Coral {c}", g=game.scores[0], c=game.scores[1]),
            seat=seat,
            n=n,
        ),
        line_checker(game, judge),
        hint=tr(
            "For each line, ask: can {other} refuse the boxes and leave them to {seat}? Then who must open the chain "
            "of {n}?",
            other=other,
            seat=seat,
            n=n,
        ),
        answer=f"{join_words(right)}.",
        solutions=right,
        game=game,
        click=True,
        key=name,
        parts=False,
        third_sides=False,  # the page says these boards have no tints: the pupil finds the chains
        wrong=sorted((l for l in values if l != middle), key=lambda l: (l not in pair.lines, l)),
    )
