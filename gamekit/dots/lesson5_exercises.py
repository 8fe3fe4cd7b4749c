"""Dots and Boxes lesson 5's exercises."""

from __future__ import annotations

from gamekit.dots import analysis
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values
from gamekit.dots.solver import solve
from gamekit.i18n import ntr
from gamekit.i18n import tr
from gamekit.widgets.exercise import parse_int
from typing import Any
from gamekit.dots.lesson_exercise import (
    DotsExercise,
    after_line,
    best_move_exercise,
    completes_box,
    final_score_text,
    line_checker,
    pupil_line,
    shared_line_name,
)
from gamekit.dots.lesson_pictures import boxes_won, join_words
from gamekit.dots.lesson_positions import (
    POSITIONS,
    SEATS,
    SEQUENCES,
    components,
    line_parts,
    position,
    safe_lines,
    takeable,
    third_side_boxes,
)


# lesson 5
def keep_control_exercise(name: str = "l5_ex4") -> DotsExercise:
    """The opponent opened a long chain, two boxes are left and a long chain comes next: keep control."""
    game = position(name)
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])

    def judge(name: str) -> tuple[bool, str]:
        v = values[name]
        if v == best:
            return True, tr(
                "Yes: {name} leaves the last two boxes to {other}, who takes them and must then open the next "
                "chain. With best play the game ends {final}.",
                name=name,
                other=other,
                final=final_score_text(game, v),
            )
        if completes_box(game, name):
            return False, tr(
                "{name} grabs a box, but after the last one {seat} has to open the next chain and {other} takes it: "
                "the game ends {final} instead of {final2}.",
                name=name,
                seat=seat,
                other=other,
                final=final_score_text(game, v),
                final2=final_score_text(game, best),
            )
        return False, tr(
            "{name} leaves the two boxes on offer and opens more besides: {other} takes them and takes control, and "
            "the game ends {final} instead of {final2}.",
            name=name,
            other=other,
            final=final_score_text(game, v),
            final2=final_score_text(game, best),
        )

    return DotsExercise(
        _mid_chain_prompt(game),
        line_checker(game, judge),
        hint=tr("Before you take the next box, ask: after this chain, who has to open the next one?"),
        answer=tr("{join} (the double-deal).", join=join_words(right)),
        solutions=right,
        game=game,
        click=True,
        wrong=[l for l in values if l not in right],
        key=name,
    )


def steer_exercise(name: str) -> DotsExercise:
    """Safe lines are left: click the safe line that steers towards the long-chain count the mover wants."""
    game = position(name)
    seat = tr(SEATS[game.to_move])
    n = len(safe_lines(game))
    return best_move_exercise(
        name,
        tr("{seat} to move; {n} safe lines are left. <b>Which line wins {seat} the most boxes?</b>", seat=seat, n=n),
        tr("For each safe line, picture the chains once it is drawn: how many will be 3 boxes or longer?"),
        key=f"steer_{name}",
    )


def sacrifice_exercise(name: str = "sacrifice") -> DotsExercise:
    """Safe lines are left, but every one of them leaves the wrong count: give boxes away instead.  The hint sends the
    pupil past the safe lines without naming the way out (seeing that a gift is needed is the exercise)."""
    game = position(name)
    seat = tr(SEATS[game.to_move])
    # the prompt does not say how many safe lines are left: finding them, and that none will do, is the exercise
    ex = best_move_exercise(
        name,
        tr("{seat} to move. <b>Which line keeps {seat} winning?</b>", seat=seat),
        tr(
            "Work out first which count {seat} wants. Then, for each line {seat} could draw, count the long chains it "
            "leaves. Do not stop at the safe lines.",
            seat=seat,
        ),
        key=name if name.startswith("sacrifice_") else f"sacrifice_{name}",
    )
    judge_line = ex.checker

    safe = safe_lines(game)
    other = tr(SEATS[1 - game.to_move])
    values = move_values(game)

    def check(answer: Any) -> tuple[bool, str]:
        ok, feedback = judge_line(answer)
        line = game.line_name(game.line_index(answer))
        if line in safe or boxes_won(game, line):
            return ok, feedback
        if ok:
            return ok, feedback + " " + gift_count(game, line)
        parts = line_parts(game, line)
        two = [p for p in parts if p.kind == "chain" and p.length == 2]
        if len(parts) == 1 and two and line != shared_line_name(game, two[0]):
            return ok, tr(
                "{line}: it opens a 2-chain at an end, and a 2-chain opened at an end can be refused: {other} "
                "can take both boxes, or draw the other end and leave both to {seat}. With best play the game "
                "would then end {final}; a better line ends it {final2}.",
                line=line,
                other=other,
                seat=seat,
                final=final_score_text(game, values[line]),
                final2=final_score_text(game, max(values.values())),
            )
        after = _taken(game, line)
        rule_after = analysis.long_chain_rule(after)
        if rule_after.long_chains and rule_after.favoured == game.to_move:
            for reply in safe_lines(after):
                rule = analysis.long_chain_rule(after_line(after, reply))
                if rule.favoured != game.to_move:
                    return ok, feedback + " " + ntr(
                        "Once {other} has taken the gift, {other} still has a safe line, {reply}, and after it {n} "
                        "long "
                        "chain is forming: the count {other} wants.",
                        "Once {other} has taken the gift, {other} still has a safe line, {reply}, and after it {n} "
                        "long "
                        "chains are forming: the count {other} wants.",
                        rule.long_chains,
                        other=other,
                        reply=reply,
                    )
            return ok, feedback
        return ok, feedback + " " + gift_count(game, line)

    ex.checker = check
    return ex


def _taken(game: DotsAndBoxes, line: str) -> DotsAndBoxes:
    """The position once ``line`` is drawn and the other player has taken every box it offers (a gift taken)."""
    after = game.copy()
    after.play(line)
    taker = after.to_move
    while after.to_move == taker and analysis.capture_lines(after) and not after.is_over():
        after.play(analysis.capture_lines(after)[0])
    return after


def gift_count(game: DotsAndBoxes, line: str) -> str:
    """How giving boxes away with ``line`` changes the long-chain count: the count once the other player has taken
    the gift, in the words of lesson 4 (computed by the analysis of that position)."""
    rule = analysis.long_chain_rule(_taken(game, line))
    total = rule.dots + rule.long_chains
    if not rule.long_chains:  # with no long chain forming the count predicts nothing (lesson 4's tally)
        return tr(
            "Once {other} has taken the gift, no long chain is forming, and with none the count predicts nothing "
            "({dots} + 0 = {dots}).",
            other=tr(SEATS[1 - game.to_move]),
            dots=rule.dots,
        )
    return ntr(
        "Once {other} has taken the gift, {n} long chain is forming: {dots} + {n} = {total} is {parity}, the "
        "count {favoured} wants.",
        "Once {other} has taken the gift, {n} long chains are forming: {dots} + {n} = {total} is {parity}, the "
        "count {favoured} wants.",
        rule.long_chains,
        other=tr(SEATS[1 - game.to_move]),
        dots=rule.dots,
        total=total,
        parity=tr("even") if total % 2 == 0 else tr("odd"),
        favoured=tr(SEATS[rule.favoured]),
    )


# lesson 5
def loop_plans(game: DotsAndBoxes) -> dict[int, int]:
    """For a position where the other player has just opened a loop: the mover's final box difference (exact
    solver, boxes taken before counted in) for each plan "take ``k`` boxes of the loop, then draw the best line
    that takes nothing", for every ``k`` the mover can stop at (the last two boxes of a loop fall to one line, so
    one short of the whole loop is not a plan); taking all of it then plays on as best it can."""
    loop = next((p for p in components(game) if p.opened and p.kind == "loop"), None)
    if loop is None:
        raise ValueError(tr("this position has no opened loop"))
    plans = {}
    after = game.copy()
    mover = game.to_move
    while True:
        k = after.scores[mover] - game.scores[mover]
        values = move_values(after)
        quiet = [v for line, v in values.items() if not completes_box(after, line)]
        plans[k] = k + max(quiet if quiet and k < loop.length else values.values())
        if k >= loop.length or not analysis.capture_lines(after):
            break
        after.play(analysis.capture_lines(after)[0])
    return plans


def loop_six_exercise(name: str = "loop_six") -> DotsExercise:
    """The other player opened a loop of 6 and a long chain is left: how many of the loop's boxes does the mover take
    before leaving the rest (all-but-four: 6 - 4 = 2)?  A typed number, checked against every plan's result by the
    exact solver (:func:`loop_plans`); taking all, leaving two as for a chain, and leaving more than four each get
    their own reason."""
    game = position(name)
    loop = next(p for p in components(game) if p.opened and p.kind == "loop")
    n = loop.length
    plans = loop_plans(game)
    best = max(plans.values())
    right = [k for k, v in plans.items() if v == best]
    if right != [n - 4]:
        raise ValueError(tr("{name}: the best plan must be all-but-four", name=name))
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    chain = max(p.length for p in components(game) if not p.opened)
    done = tr("With best play the game ends {final}.", final=final_score_text(game, best))

    def ends(k: int) -> str:
        if k not in plans:
            return ""
        return tr(
            "With best play the game would end {final} instead of {final2}.",
            final=final_score_text(game, plans[k]),
            final2=final_score_text(game, best),
        )

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if not 0 <= k <= n:
            raise ValueError(tr("Type a number from 0 to {n}: the boxes of the loop {seat} takes.", n=n, seat=seat))
        if k == n - 4:
            return True, tr(
                "Yes: {seat} takes {k}, then draws the line that splits the last four into two pairs. {other} takes "
                "both pairs and must open the chain of {chain}. {done}",
                seat=seat,
                k=k,
                other=other,
                chain=chain,
                done=done,
            )
        if k == n:
            return False, tr(
                "Taking a box never ends a turn: after the last of the {n}, {seat} must draw again, and every line "
                "left opens the chain of {chain}. {other} takes it. {ends}",
                n=n,
                seat=seat,
                chain=chain,
                other=other,
                ends=ends(k),
            )
        if k == n - 2:
            return False, tr(
                "In a chain, leaving two is how you keep control. A loop has no ends: its last two boxes are joined "
                "by one line, and {seat} cannot leave them without opening the chain of {chain} too. How many must "
                "{seat} leave, so that {other} has to open the chain? {ends}",
                seat=seat,
                chain=chain,
                other=other,
                ends=ends(k),
            )
        if k not in plans:
            return False, tr(
                "{seat} cannot stop after {k}: the last two boxes of a loop are joined by one line, so taking one "
                "takes both. Where can {seat} stop, so that {other} must open the chain of {chain}?",
                seat=seat,
                k=k,
                other=other,
                chain=chain,
            )
        if k < n - 4:
            return False, tr(
                "That leaves {left} boxes to {other}. Could {seat} leave fewer and still make "
                "{other} open the chain of {chain}? {ends}",
                left=n - k,
                seat=seat,
                chain=chain,
                other=other,
                ends=ends(k),
            )
        return False, tr(
            "After {k} boxes, what is left cannot be handed over so that {other} must open the chain of "
            "{chain}. How many must be left for that? {ends}",
            k=k,
            other=other,
            chain=chain,
            ends=ends(k),
        )

    return DotsExercise(
        tr(
            "{other} opened a loop of {n}. <b>{seat} plays to win the most boxes: how many boxes of the loop does "
            "{seat} take before drawing a line that takes nothing?</b> Type a number from 0 to {n}.",
            other=other,
            n=n,
            seat=seat,
        ),
        check,
        hint=tr(
            "Add up what each player ends with if {seat} takes the whole loop, and if {seat} leaves some boxes.",
            seat=seat,
        ),
        answer=f"{n - 4}.",
        solutions=[n - 4],
        game=game,
        wrong=[n, n - 2, 0, n - 3],
        key=name,
        parts=False,
    )


def opened_chain(game: DotsAndBoxes) -> tuple[int, int]:
    """``(length, taken)``: the chain the other player opened, and how many of its boxes the mover has taken."""
    taken = 0
    for _, seat, boxes in reversed(game.log):
        if seat != game.to_move or not boxes:
            break
        taken += len(boxes)
    return taken + takeable(game), taken


def _mid_chain_prompt(game: DotsAndBoxes) -> str:
    length, taken = opened_chain(game)
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    return ntr(
        "{other} opened a chain of {length} and {seat} has taken {n} box of it. <b>What is {seat}'s best line?</b>",
        "{other} opened a chain of {length} and {seat} has taken {n} boxes of it. <b>What is {seat}'s best line?</b>",
        taken,
        other=other,
        length=length,
        seat=seat,
    )


def deal_lines(game: DotsAndBoxes) -> list[str]:
    """The double-deals of a position where an opened chain is being taken: lines that take nothing and leave
    exactly the last two boxes of the opened chain (no box of another chain) to the other player."""
    opened = {b for p in components(game) if p.opened for b in p.boxes}

    def is_deal(line: str) -> bool:
        if completes_box(game, line):
            return False
        after = after_line(game, line)
        return takeable(after) == 2 and set(third_side_boxes(after)) <= set(third_side_boxes(game)) | opened

    return [l for l in game.legal_moves() if is_deal(l)]


def not_worth_it_exercise(name: str = "l5_ex5") -> DotsExercise:
    """Two boxes of an opened chain are left, and keeping control costs more than it wins: take them.  The
    double-deal gets its own reason: only chains of 1 or 2 come after, and each can be handed over so that it
    cannot be refused, so control wins nothing back (computed: the chains left, the two results)."""
    ex = best_move_exercise(
        name,
        _mid_chain_prompt(position(name)),
        tr(
            "Look at the chains left after this one. Add up what each player ends with if you take the two boxes, "
            "and if you leave them."
        ),
        key=name,
        lesson=5,
    )
    game = ex.game
    rest = sorted((p.length for p in components(game) if not p.opened), reverse=True)
    if not rest or max(rest) > 2:
        raise ValueError(tr("{name}: this exercise needs only chains of 1 or 2 after the opened chain", name=name))
    values = move_values(game)
    best = max(values.values())
    deals = deal_lines(game)
    other = tr(SEATS[1 - game.to_move])
    judge_line = ex.checker

    def check(answer: Any) -> tuple[bool, str]:
        index = pupil_line(game, answer)
        line = game.line_name(index)
        if values.get(line) == best and not game.is_drawn(index) and deals:
            ok, verdict = judge_line(answer)
            return ok, verdict + " " + tr(
                "Taking beats refusing here: only short chains of {rest} boxes come after this chain, and whoever "
                "opens a short chain can open it so that it cannot be refused. The double-deal ({deal}) would cost "
                "two boxes and win nothing back: the game would end {final}.",
                rest=join_words(rest),
                deal=deals[0],
                final=final_score_text(game, values[deals[0]]),
            )
        if line in deals and not game.is_drawn(index):
            return False, tr(
                "{line} is the double-deal: {other} takes the two boxes and must open the next chain. But no "
                "long chain or loop comes after this one, only short chains of {rest} boxes. Whoever opens a short "
                "chain can open it so that it cannot be refused: control wins nothing back for the two boxes it "
                "costs. With best play the game "
                "would end {final} instead of {final2}.",
                line=line,
                other=other,
                rest=join_words(rest),
                final=final_score_text(game, values[line]),
                final2=final_score_text(game, best),
            )
        return judge_line(answer)

    ex.checker = check
    ex.wrong = deals + [l for l in ex.wrong if l not in deals]
    return ex


def take_all_then_middle(game: DotsAndBoxes) -> str:
    """The line that hands over the 2-chain by its middle after the mover takes every box on offer in ``game``
    (an opened chain's last boxes, then a chain of 3 and a chain of 2 left), checked by the exact solver: taking
    is a best line, and after it handing the 2-chain over by its middle line is a best line.  ValueError when the
    solver says otherwise, so the right answer's reason cannot go wrong."""
    values = move_values(game)
    after = game.copy()
    first = None
    while third_side_boxes(after):
        box = third_side_boxes(after)[0]
        line = next(i for i in after.geometry.box_lines[box] if not after.is_drawn(i))
        first = after.line_name(line) if first is None else first
        after.play(line)
    if first is None or values[first] != max(values.values()) or after.to_move != game.to_move:
        raise ValueError(tr("taking every box on offer is not a best line here"))
    twos = [p for p in components(after) if p.length == 2 and not p.opened]
    middle = shared_line_name(after, twos[0]) if len(twos) == 1 else None
    after_values = move_values(after)
    if middle is None or after_values[middle] != max(after_values.values()):
        raise ValueError(tr("handing over the 2-chain by its middle line is not a best line here"))
    return middle


def take_all_exercise(name: str = "l5_ex6") -> DotsExercise:
    """Two boxes of an opened chain are left and a long chain comes later, but so does a 2-chain, which hands
    control back: taking both boxes wins, the double-deal loses (it gets its own reason, and comes first among the
    wrong examples: it is the mistake a pupil who has just learnt double-dealing makes)."""
    ex = best_move_exercise(
        name,
        _mid_chain_prompt(position(name)),
        tr("First count the short chains still to come. After a double-deal, who would open each chain that is left?"),
        key=name,
        lesson=5,
    )
    game = ex.game
    rest = sorted((p.length for p in components(game) if not p.opened), reverse=True)
    if rest != [3, 2]:
        raise ValueError(
            tr("{name}: this exercise needs a chain of 3 and a chain of 2 after the opened chain", name=name)
        )
    values = move_values(game)
    best = max(values.values())
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])

    deals = deal_lines(game)
    judge_line = ex.checker
    taken = take_all_then_middle(game)  # the reason the right answer gets, checked by the solver here

    def check(answer: Any) -> tuple[bool, str]:
        line = game.line_name(game.line_index(answer))
        if values.get(line) == best and not game.is_drawn(game.line_index(line)):
            ok, verdict = judge_line(answer)
            return ok, verdict + " " + tr(
                "One short chain is still to come, the chain of 2. Opened by its middle line, it cannot be "
                "refused, so it hands control back. So {seat} takes both boxes, then hands {other} the chain of 2 "
                "by its middle line ({middle}), and {other} must open the chain of 3.",
                seat=seat,
                other=other,
                middle=taken,
            )
        if line in deals and not game.is_drawn(game.line_index(line)):
            return False, tr(
                "{line} is the double-deal: {other} takes the two boxes, then hands {seat} the chain "
                "of 2 by its middle line, and {seat} must open the chain of 3. The chain of 2 still to come "
                "cannot be refused when it is opened by its middle line, so it hands control back: take. With best "
                "play the game would end {final} instead of {final2}.",
                line=line,
                other=other,
                seat=seat,
                final=final_score_text(game, values[line]),
                final2=final_score_text(game, best),
            )
        return judge_line(answer)

    ex.checker = check
    ex.wrong = deals + [l for l in ex.wrong if l not in deals]
    return ex


def double_deal_score_exercise() -> DotsExercise:
    """How many boxes does Gold end with in the double-deal game (best play)?  Each common wrong total has its own
    reason: every box (9), only the first two, the two dealt boxes counted, one too many or too few, Coral's total,
    the greedy plan's."""
    game = position("double_deal")
    value = solve(game)
    rest = game.geometry.n_boxes - sum(game.scores)
    gold = game.scores[0] + ((rest + value) // 2 if game.to_move == 0 else (rest - value) // 2)
    greedy = DotsAndBoxes.from_moves(3, 3, POSITIONS["double_deal"][2] + " " + " ".join(SEQUENCES["greedy"]["steps"]))
    greedy_gold = greedy.scores[0]
    dealt = 2  # the last two boxes of the first chain of 4, left to Coral
    reasons = {
        gold + dealt: tr(
            "That counts the last two boxes of the first chain as Gold's. In this plan Gold leaves them: "
            "Coral takes both with one line, and must then open the last chain."
        ),
        gold + 1: tr("That gives Gold the single box, but Gold gave it away at the start: Coral took it."),
        gold - 1: tr(
            "Too few. Count Gold's boxes chain by chain: the boxes Gold takes from the first chain before the "
            "double-deal, then the last chain. Nothing is left to open after it, so Gold takes all of it."
        ),
        rest - gold: tr(
            "That is Coral's total: the single box and the two boxes Gold leaves. The question asks for Gold's."
        ),
        greedy_gold: tr("That is what Gold gets by grabbing everything. With this plan Gold gets more."),
    }
    # 9: every box on the board; 2: only the two boxes Gold takes from the first chain
    reasons.setdefault(
        game.geometry.n_boxes,
        tr(
            "That is every box on the board. Gold does not get them all: Coral takes the single box, and the two "
            "boxes Gold leaves."
        ),
    )
    reasons.setdefault(
        dealt,
        tr(
            "Those are only the first two boxes Gold takes. Go on: after Coral takes the two boxes Gold left, who "
            "has to open the last chain of 4, and who takes it?"
        ),
    )
    reasons.pop(gold, None)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == gold:
            return True, tr(
                "Yes: {gold} of 9 (grabbing everything gives only {greedy_gold}). Leaving two boxes pays.",
                gold=gold,
                greedy_gold=greedy_gold,
            )
        if k in reasons:
            return False, reasons[k]
        return False, tr(
            "Count it turn by turn. Who takes the single box? Of the first chain of 4, Gold takes two and Coral two."
            " Then who has to open the last chain of 4, and who takes it?"
        )

    exercise = DotsExercise(
        tr(
            "The same start. Gold gives away the single box, and Coral opens a chain of 4. This time Gold takes two "
            "of its boxes and leaves the last two to Coral. <b>Then both play their best: how many of the 9 boxes "
            "does Gold end with?</b>"
        ),
        check,
        hint=tr("Follow it turn by turn: write down who takes which boxes, and who has to open the last chain."),
        answer=f"{gold}.",
        solutions=[gold],
        wrong=list(reasons),
        key="double_deal_score",
        game=game,  # the board it starts from, on screen and on the worksheet (nothing to click: a count)
        asks_best=False,
    )
    # on paper no step-through comes before it, so "the same start" would point at nothing: the sheet's own words
    exercise.paper_prompt = tr(
        "No safe line is left: a single box (c3) and two chains of 4, and Gold is to move. Gold gives away the single "
        "box, and Coral opens a chain of 4. Gold takes two of its boxes and leaves the last two to Coral. Then both "
        "play their best: how many of the 9 boxes does Gold end with?"
    )
    return exercise
