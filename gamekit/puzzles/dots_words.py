"""The words of Dots and Boxes Practice (:mod:`gamekit.puzzles.dots`): why a right line is right where the idea's
own reason does not fit (:func:`why_words`, :func:`idea_words`), and what a wrong line's mistake is
(:func:`mistake_words`), read off the position, the solver's move kinds and the puzzle's refutations."""

from __future__ import annotations

from gamekit.dots import (
    Component,
    DotsAndBoxes,
    boxes_given,
    capture_lines,
    components,
    long_chain_rule,
    move_values,
    safe_lines,
)
from gamekit.dots.search import TAKE_OR_DECLINE
from gamekit.dots.solver import solver_for
from gamekit.i18n import N_, ntr, tr
from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.dots_safe import box_list, safe_mistake
from gamekit.puzzles.dots_themes import DECISION_THEMES
from gamekit.puzzles.dots_why import (
    box_shares,
    count_why,
    decline_why,
    no_third_side_why,
    sacrifice_paid_why,
    shares_words,
    take_box_why,
    with_chains,
)


def decline_lines(game: DotsAndBoxes) -> tuple[int, list[str], list[str]]:
    """The solver's reading of the position: its kind, and for boxes on offer the takes and the declines."""
    s = solver_for(game)
    s.set_position(game.drawn)
    kind, lines, _ = s.moves()
    takes = [game.line_name(l) for l in lines if l in {game.line_index(c) for c in capture_lines(game)}]
    declines = [game.line_name(l) for l in lines if game.line_name(l) not in takes] if kind == TAKE_OR_DECLINE else []
    return kind, takes, declines


def control_values(game: DotsAndBoxes) -> tuple[int, int | None]:
    """What the solver says the two answers of "take every box or keep control?" are worth to the player to move,
    as margins on the boxes left (the unit of :func:`gamekit.dots.move_values`): ``(take_all, keep)``.  *take_all*:
    take every box on offer (and the boxes a take exposes), then play on as well as possible; *keep*: the best line
    that leaves boxes on offer untaken (a decline, or any other line), now or after taking some of them in any
    order (None: never a box on offer).  With two chains on offer, taking one and declining the last boxes of the
    other keeps control, so *keep* can be more than the declines of the position itself."""
    me = game.to_move
    seen: dict[int, int | None] = {}

    def keep(g: DotsAndBoxes, gained: int) -> int | None:
        if g.drawn in seen:
            return seen[g.drawn]
        caps = capture_lines(g)
        values = move_values(g)
        best = max((gained + v for line, v in values.items() if line not in caps), default=None)
        for t in caps:
            after = g.copy()
            after.play(t)
            if after.is_over() or after.to_move != me or not capture_lines(after):
                continue
            sub = keep(after, gained + after.scores[me] - g.scores[me])
            if sub is not None and (best is None or sub > best):
                best = sub
        seen[g.drawn] = best
        return best

    after = game.copy()
    while (caps := capture_lines(after)) and not after.is_over():
        after.play(caps[0])
    gained = after.scores[me] - game.scores[me]
    take_all = gained if after.is_over() else gained + max(move_values(after).values())
    return take_all, keep(game, 0) if capture_lines(game) else None


def shared_line(game: DotsAndBoxes, a: int, b: int) -> str | None:
    """The line two neighbouring boxes share (its name), or None."""
    common = set(game.geometry.box_lines[a]) & set(game.geometry.box_lines[b])
    return game.line_name(common.pop()) if common else None


HANDOUT_ONE_BOX_WHY = N_(
    "Why: this line gives away a single box: one box cannot be declined, so your opponent cannot keep control with it."
)
"""The reason for a right line of a *hard-hearted handout* puzzle that gives one box away, not two split apart."""
SAFE_LINE_IDEA = N_(
    "The idea: safe lines are not all alike: choose the one that leaves you the most boxes once the chains are"
    " shared out."
)
"""The idea of a *safe line* puzzle where the count of long chains is not what makes its right lines right."""


def safe_line_shares(puzzle: Puzzle) -> str:
    """The reason for a right safe line whose count of long chains is not what makes it right: the boxes it leaves
    the pupil with best play, against the most any wrong line leaves (:func:`box_shares`)."""
    k, n, j, _ = box_shares(puzzle)
    return with_chains(
        puzzle.position,
        ntr(
            "Why: this safe line gives no box away, and with best play from here you get {k} of the {n} box left;"
            " after any wrong line you get {j} at most.",
            "Why: this safe line gives no box away, and with best play from here you get {k} of the {n} boxes left;"
            " after any wrong line you get {j} at most.",
            n,
            k=k,
            j=j,
        ),
    )


def sacrifice_shares(puzzle: Puzzle) -> str:
    """The reason for a right line of a *sacrifice* puzzle whose best play does not end with the pupil ahead: the
    boxes given away are not paid back, they only lose less than any wrong line (:func:`box_shares`)."""
    k, n, j, _ = box_shares(puzzle)
    return with_chains(
        puzzle.position,
        ntr(
            "Why: the boxes given away are not paid back, but with best play you get {k} of the {n} box left; after"
            " any wrong line you get {j} at most.",
            "Why: the boxes given away are not paid back, but with best play you get {k} of the {n} boxes left; after"
            " any wrong line you get {j} at most.",
            n,
            k=k,
            j=j,
        ),
    )


def handout_middle_why(puzzle: Puzzle, action: str) -> str | None:
    """The reason for ``action`` where it is the middle line of an unopened chain of two (else None): the two boxes
    it hands over by name, and the boxes best play then leaves the pupil (:func:`box_shares`), so each position's
    reason is its own."""
    game = puzzle.position
    name = game.line_name(game.line_index(action))
    for c in components(game):
        if c.kind == "chain" and c.length == 2 and not c.opened and shared_line(game, *c.boxes[:2]) == name:
            k, n, _, _ = box_shares(puzzle)
            return ntr(
                "Why: the line between boxes {a} and {b} hands them over as two single boxes, and a single box"
                " cannot be refused to keep control; with best play you get {k} of the {n} box left.",
                "Why: the line between boxes {a} and {b} hands them over as two single boxes, and a single box"
                " cannot be refused to keep control; with best play you get {k} of the {n} boxes left.",
                n,
                a=game.geometry.box_name(min(c.boxes[:2])),
                b=game.geometry.box_name(max(c.boxes[:2])),
                k=k,
            )
    return None


def _count_decides(puzzle: Puzzle, action: str) -> bool:
    """Whether the count of long chains is what makes the right safe line ``action`` right: the puzzle is one about
    the count (``long_chain_count``) and, after the line, the count favours the player who drew it."""
    game = puzzle.position
    after = game.copy()
    after.play(action)
    rule = long_chain_rule(after)
    return "long_chain_count" in puzzle.themes and rule.long_chains >= 1 and rule.favoured == game.to_move


def why_words(puzzle: Puzzle, theme: str, action: str) -> str | None:
    """The reason that fits the right line ``action`` where the idea's own reason (``WHY`` of
    :mod:`gamekit.puzzles.practice_words`) may not, else None.  *Hard-hearted handout*: the middle line of an unopened
    chain of two names the two boxes it hands over and what best play leaves the pupil (:func:`handout_middle_why`);
    another right line that gives one box away says why one box is safe
    to give (:data:`HANDOUT_ONE_BOX_WHY`), any other says the other lines do worse.  *Safe line*: the count of
    long chains is the reason only where it decides (:func:`_count_decides`); otherwise the boxes the line leaves
    the pupil with best play against any wrong line's (:func:`safe_line_shares`).
    *Sacrifice*: "the long chains pay them back" only where best play ends with the pupil ahead and a long chain is
    forming with the count on their side (:func:`sacrifice_paid_why`); otherwise
    :func:`sacrifice_shares`."""
    game = puzzle.position
    if theme == "hard_hearted_handout":
        middle = handout_middle_why(puzzle, action)
        if middle is not None:
            return middle
        if boxes_given(game, game.line_name(game.line_index(action))) == 1:
            return tr(HANDOUT_ONE_BOX_WHY) + " " + shares_words(puzzle)
        return tr("Why: every other choice does worse.")
    if theme == "safe_line":
        return count_why(puzzle, action) if _count_decides(puzzle, action) else safe_line_shares(puzzle)
    if theme == "which_to_open":
        return open_why(puzzle, action)
    if theme == "long_chain_count":
        return count_why(puzzle, action) if _count_decides(puzzle, action) else safe_line_shares(puzzle)
    if theme == "sacrifice":
        return sacrifice_paid_why(puzzle, action) if box_shares(puzzle)[3] > 0 else sacrifice_shares(puzzle)
    if theme == "control_not_worth_it" and action in decline_lines(game)[1]:
        return take_all_why(puzzle)
    if theme == "take_box" and action in capture_lines(game):
        return take_box_why(puzzle, action)
    if theme == "avoid_third_side":
        return no_third_side_why(puzzle)
    if theme in ("double_deal", "all_but_four") and action in decline_lines(game)[2]:
        return decline_why(puzzle, action, decline_lines(game)[1])
    return None


def take_all_why(puzzle: Puzzle) -> str:
    """The reason taking every box is right, read off the board and the solver's values
    (:func:`control_values`): where no unopened chain of three or more boxes and no loop is left, control wins
    nothing; else the boxes taking every box leaves the pupil with best play, against the most any way of keeping
    control leaves (declining now or after taking some), as :func:`box_shares` reads margins."""
    game = puzzle.position
    left = game.geometry.n_boxes - sum(game.scores)
    take_all, keep = control_values(game)
    k = (left + take_all) // 2
    if not any(not c.opened and (c.kind == "loop" or c.length >= 3) for c in components(game)):
        return tr(
            "Why: no chain of 3 boxes or more and no loop is left, so keeping control wins nothing: taking every"
            " box gets you {k} of the {left} boxes left with best play.",
            k=k,
            left=left,
        )
    j = (left + (take_all if keep is None else keep)) // 2
    return with_chains(
        game,
        tr(
            "Why: taking every box gets you {k} of the {left} boxes left with best play; refusing the last ones to"
            " keep control gets you {j} at most.",
            k=k,
            left=left,
            j=j,
        ),
    )


def idea_words(puzzle: Puzzle, theme: str) -> str | None:
    """The idea that fits ``puzzle`` where the idea of ``theme`` (``IDEAS`` of
    :mod:`gamekit.puzzles.practice_words`) does not, else None: a *safe line* puzzle none of whose right lines is
    right for the count of long chains (:func:`_count_decides`) is about the boxes each line leaves
    (:data:`SAFE_LINE_IDEA`), not the count."""
    if theme == "safe_line" and not any(_count_decides(puzzle, a) for a in puzzle.answers):
        return tr(SAFE_LINE_IDEA)
    return None


def part_of(game: DotsAndBoxes, line: str, parts: "list[Component] | None" = None) -> "Component | None":
    """The unopened chain or loop whose boxes ``line`` touches (the first, where it touches two), or None (``parts``:
    the position's ``components``, when the caller has them)."""
    return next((c for c in (components(game) if parts is None else parts) if not c.opened and line in c.lines), None)


def part_words(game: DotsAndBoxes, part: "Component") -> str:
    """A chain or loop as a pupil finds it on the board: "the single box b1", "the chain of 3 boxes b1, c1 and d1",
    "the loop of 4 boxes a1, b1, a2 and b2"."""
    names = box_list(list(part.names))
    if part.kind == "loop":
        return tr("the loop of {n} boxes {boxes}", n=part.length, boxes=names)
    return ntr("the single box {boxes}", "the chain of {n} boxes {boxes}", part.length, boxes=names)


def open_why(puzzle: Puzzle, action: str) -> str | None:
    """Why a right line of a *which chain or loop to open* puzzle is right: the chain or loop it opens, and the
    boxes best play then leaves the pupil against the most any line opening another one leaves (where a right line
    opens another chain or loop too, only that no line gets more)."""
    game = puzzle.position
    name, parts = game.line_name(game.line_index(action)), components(game)
    part = part_of(game, name, parts)
    left = game.geometry.n_boxes - sum(game.scores)
    k = (left + int(puzzle.facts["best"])) // 2
    others = [
        int(r["value"])
        for w, r in puzzle.refutations.items()
        if part is None or part_of(game, w, parts) is None or part_of(game, w, parts).boxes != part.boxes
    ]
    j = (left + max(others, default=int(puzzle.facts["best"]))) // 2
    elsewhere = [q for q in (part_of(game, a, parts) for a in puzzle.answers) if q is not None and part is not None]
    if part is None or not others:
        return None
    if any(q.boxes != part.boxes for q in elsewhere):  # another chain or loop is as good to open
        return tr(
            "Why: opening {part} gets you {k} of the {left} boxes left with best play, as many as the other right"
            " lines.",
            part=part_words(game, part),
            k=k,
            left=left,
        )
    return tr(
        "Why: opening {part} gets you {k} of the {left} boxes left with best play; opening another chain or loop"
        " gets you {j} at most.",
        part=part_words(game, part),
        k=k,
        left=left,
        j=j,
    )


def open_mistake(puzzle: Puzzle, name: str) -> str | None:
    """The mistake of a wrong line of a *which chain or loop to open* puzzle that opens a chain or loop no right line
    opens: which one it opens, which one a right line opens, and the boxes best play leaves the pupil after each.
    None for a wrong line opening the right chain the wrong way (the other reasons tell it)."""
    game = puzzle.position
    part = part_of(game, name)
    if part is None or set(part.lines) & set(puzzle.answers):
        return None
    right = next((q for q in map(lambda a: part_of(game, a), puzzle.answers) if q is not None), None)
    value = puzzle.refutations.get(name, {}).get("value")
    if right is None or value is None:
        return None
    left = game.geometry.n_boxes - sum(game.scores)
    k, j = (left + int(puzzle.facts["best"])) // 2, (left + int(value)) // 2
    return tr(
        "The mistake: {line} opens {part}. With best play you then get {j} of the {left} boxes left; a right line"
        " opens {right} and gets you {k}.",
        line=name,
        part=part_words(game, part),
        right=part_words(game, right),
        j=j,
        left=left,
        k=k,
    )


def mistake_words(puzzle: Puzzle, action: str) -> str | None:
    """The mistake a wrong line makes, in one sentence, where the board shows it, else None.  Where the solver
    reads the position as "take every box or decline the last ones?": a decline where taking every box is right
    (the boxes it hands over do not pay for control), a take where declining is right (control is worth more
    than the boxes declined).  Else, where every right answer takes a box, the line leaves the boxes with three sides
    for the opponent (named first: it is the mistake, even when the line also draws another box's third side);
    else the line draws a box's third side while a right answer draws none ("b1-c1 draws the third side of box
    b1").  Other mistakes (opening the wrong chain) are told by the line of best play the feedback already
    gives."""
    from gamekit.dots.puzzle_text import SEATS

    game = puzzle.position
    geo = game.geometry
    other = tr(SEATS[1 - game.to_move])
    kind, takes, declines = decline_lines(game)
    name = game.line_name(game.line_index(action))
    if kind == TAKE_OR_DECLINE:  # the solver's reading: take every box, or decline the last ones?
        if name in declines and set(puzzle.answers) & set(takes):
            return _decline_mistake(puzzle, name, other)
        kept = [boxes_given(game, a) for a in puzzle.answers if a in declines]
        if name in takes and kept and min(kept) >= 4:  # a loop: declining leaves four boxes, two pairs
            return tr(
                "The mistake: {line} takes the boxes of the loop, and whoever takes the last one must move again and"
                " give up control. In a loop you keep control by leaving the last four boxes: here control is worth"
                " more than they are.",
                line=name,
            )
        if name in takes and kept:
            return ntr(
                "The mistake: {line} takes the boxes on offer, and whoever takes the last one must move again and"
                " give up control. Here control is worth more than the last box.",
                "The mistake: {line} takes the boxes on offer, and whoever takes the last one must move again and"
                " give up control. Here control is worth more than the last {n} boxes.",
                min(kept),
                line=name,
            )
        if kept and name not in takes and name not in declines and _first_reply_takes(puzzle, name):
            return ntr(
                "The mistake: {line} neither takes the boxes on offer nor leaves the last one for {other}: {other}"
                " takes them all and then chooses who opens the next chain.",
                "The mistake: {line} neither takes the boxes on offer nor leaves the last {n} boxes for {other}:"
                " {other} takes them all and then chooses who opens the next chain.",
                min(kept),
                line=name,
                other=other,
            )
    if "which_to_open" in puzzle.themes and not capture_lines(game):
        opened = open_mistake(puzzle, name)
        if opened is not None:
            return opened
    handout = _end_line_handout(puzzle, name)
    if handout is not None:
        boxes, reply = handout
        return tr(
            "The mistake: {line} gives boxes {boxes} away from one end, so {other} can refuse them: {reply} leaves"
            " you both boxes, and then you must move again and give boxes away.",
            line=name,
            boxes=box_list(boxes),
            other=other,
            reply=reply,
        )

    def third_sides(line: int) -> list[int]:
        boxes = geo.line_boxes[line]
        if any(game.sides_drawn(b) == 3 for b in boxes):
            return []  # it completes a box: the turn stays
        return [b for b in boxes if game.sides_drawn(b) == 2]

    caps = capture_lines(game)
    if caps and name not in caps and all(str(a) in caps for a in puzzle.answers):
        boxes = [geo.box_name(b) for b in range(geo.n_boxes) if game.sides_drawn(b) == 3]
        return ntr(
            "The mistake: {line} leaves the box with three sides for {other} to take.",
            "The mistake: {line} leaves the {n} boxes with three sides for {other} to take.",
            len(boxes),
            line=name,
            other=other,
        )
    line = game.line_index(action)
    name = game.line_name(line)
    third = third_sides(line)
    if third and not any(third_sides(game.line_index(a)) for a in puzzle.answers):
        return ntr(
            "The mistake: {line} draws the third side of box {boxes}, so {other} can take it.",
            "The mistake: {line} draws the third side of boxes {boxes}, so {other} can take them.",
            len(third),
            line=name,
            boxes=box_list([geo.box_name(b) for b in third]),
            other=other,
        )
    return _handed_or_counted(puzzle, name, other)


def _decline_mistake(puzzle: Puzzle, name: str, other: str) -> str:
    """The mistake of the decline ``name`` where taking every box is right, read off the board: where the line also
    leaves boxes of another chain on offer, how many (not which: taking them is the answer); else, where no
    unopened chain of three or more boxes and no loop is left, that control wins nothing back; else the boxes best
    play then leaves the pupil against taking every box (the solver's margins read as :func:`box_shares` reads them)."""
    game = puzzle.position
    geo = game.geometry
    given = boxes_given(game, name)
    comps = components(game)
    own = next((c for c in comps if name in c.lines), None)
    mine = set(own.boxes) if own is not None else set()
    offered = [geo.box_name(b) for b in range(geo.n_boxes) if game.sides_drawn(b) == 3 and b not in mine]
    left = geo.n_boxes - sum(game.scores)
    k = (left + int(puzzle.facts["best"])) // 2
    j = (left + int(puzzle.refutations.get(name, {}).get("value", puzzle.facts["best"]))) // 2
    if offered and own is not None:
        return ntr(
            "The mistake: {line} refuses the last boxes of one chain but leaves a box of another chain on offer"
            " too, so {other} chooses who opens the next chain. With best play you then get {j} of the {left} boxes"
            " left; taking every box gets you {k}.",
            "The mistake: {line} refuses the last boxes of one chain but leaves {n} boxes of another chain on offer"
            " too, so {other} chooses who opens the next chain. With best play you then get {j} of the {left} boxes"
            " left; taking every box gets you {k}.",
            len(offered),
            line=name,
            other=other,
            j=j,
            left=left,
            k=k,
        )
    long = [c for c in comps if not c.opened and (c.kind == "loop" or c.length >= 3)]
    if not long:
        return ntr(
            "The mistake: {line} hands {other} {n} box to keep control, but no chain of 3 boxes or more and no loop"
            " is left, so control wins nothing back: here you take every box.",
            "The mistake: {line} hands {other} {n} boxes to keep control, but no chain of 3 boxes or more and no"
            " loop is left, so control wins nothing back: here you take every box.",
            given,
            line=name,
            other=other,
        )
    return ntr(
        "The mistake: {line} hands {other} {n} box to keep control, and control does not win it back: with best"
        " play you then get {j} of the {left} boxes left; taking every box gets you {k}.",
        "The mistake: {line} hands {other} {n} boxes to keep control, and control does not win them back: with best"
        " play you then get {j} of the {left} boxes left; taking every box gets you {k}.",
        given,
        line=name,
        other=other,
        j=j,
        left=left,
        k=k,
    )


def _handed_or_counted(puzzle: Puzzle, name: str, other: str) -> str | None:
    """The mistake of a wrong line no reason above fits, where the board shows it: the line hands over more boxes
    at once than any right line does (named with both counts), or, a safe line where no box is on offer, it leaves
    a count of long chains that suits the opponent by the long chain rule while a right line's suits the pupil,
    else (with no box on offer) the boxes best play then leaves the pupil against a right line's (the solver's
    margins read as :func:`box_shares` reads them).  Else None: with boxes on offer the reasons above cover it."""
    game = puzzle.position
    given = boxes_given(game, name)
    most = max(boxes_given(game, a) for a in puzzle.answers)
    if given > most:
        if most == 0:
            return ntr(
                "The mistake: {line} hands {other} {n} box at once, and a right line gives none away.",
                "The mistake: {line} hands {other} {n} boxes at once, and a right line gives none away.",
                given,
                line=name,
                other=other,
            )
        return ntr(
            "The mistake: {line} hands {other} {n} box at once, and a right line gives only {k}.",
            "The mistake: {line} hands {other} {n} boxes at once, and a right line gives only {k}.",
            given,
            line=name,
            other=other,
            k=most,
        )
    if capture_lines(game):
        return None
    me = game.to_move

    def suits(line: str) -> tuple[int, int]:
        after = game.copy()
        after.play(line)
        rule = long_chain_rule(after)
        return rule.long_chains, rule.favoured

    count, favoured = suits(name)
    safe = not given and name in safe_lines(game)
    if safe and favoured != me and any(suits(a)[1] == me for a in puzzle.answers):
        return ntr(
            "The mistake: {line} leaves {n} long chain, a count that suits {other} by the long chain rule; a right"
            " line leaves a count that suits you.",
            "The mistake: {line} leaves {n} long chains, a count that suits {other} by the long chain rule; a right"
            " line leaves a count that suits you.",
            count,
            line=name,
            other=other,
        )
    left = game.geometry.n_boxes - sum(game.scores)
    value = puzzle.refutations.get(name, {}).get("value")
    if value is None:
        return None
    k, j = (left + int(puzzle.facts["best"])) // 2, (left + int(value)) // 2
    if given:
        return ntr(
            "The mistake: {line} gives boxes away too, but with best play you then get {j} of the {n} box left; a"
            " right line gets you {k}.",
            "The mistake: {line} gives boxes away too, but with best play you then get {j} of the {n} boxes left; a"
            " right line gets you {k}.",
            left,
            line=name,
            j=j,
            k=k,
        )
    return safe_mistake(puzzle, name, other, (j, left, k))


def _first_reply_takes(puzzle: Puzzle, line: str) -> bool:
    """Whether the opponent's first move of the line of best play after the wrong ``line`` takes a box."""
    refuted = puzzle.refutations.get(line, {}).get("line") or []
    if not refuted:
        return False
    after = puzzle.position
    after.play(line)
    return refuted[0][1] in capture_lines(after)


def _end_line_handout(puzzle: Puzzle, line: str) -> tuple[list[str], str] | None:
    """Where ``line`` is an end line of an unopened chain of two in a position with no box on offer and no safe
    line, and best play answers it by refusing the two boxes (the opponent's first move draws the chain's other
    end, taking nothing): the two boxes' names and that reply.  Else None."""
    game = puzzle.position
    if capture_lines(game) or safe_lines(game):
        return None
    refuted = puzzle.refutations.get(line, {}).get("line") or []
    for c in components(game):
        if c.kind != "chain" or c.length != 2 or c.opened:
            continue
        middle = shared_line(game, c.boxes[0], c.boxes[1])
        ends = [l for l in c.lines if l != middle]
        if line not in ends or not refuted or refuted[0][1] not in ends or refuted[0][1] == line:
            continue
        return [game.geometry.box_name(b) for b in c.boxes], refuted[0][1]
    return None


TAKE_QUESTION = N_("Which line gets {a} the most of them by the end of the game?")
"""The question after the score of a Dots puzzle with boxes on offer (:func:`asked_stakes`)."""


def asked_stakes(puzzle: Puzzle) -> str:
    """What a Dots puzzle asks after its prompt: the score, the boxes left and which line gets the mover the most
    of them, then how many lines are right, never the result with best play or what a wrong line costs (a question
    asks, it does not tell: "the game ends 9 to 0, a wrong line costs 7 boxes" says "take them all" where boxes
    are on offer, and elsewhere tells the pupil how well they should do; the feedback says both after the
    answer)."""
    from gamekit.dots.puzzle_text import SEATS, score_and_left

    game = puzzle.position
    n = len(puzzle.answers)
    count = (  # take every box: 2 lines do it; decline the last ones: only one; so a decision is not told its count
        tr(MAYBE_SEVERAL)
        if set(puzzle.themes) & set(DECISION_THEMES)
        else ntr("Only one line does it.", "{n} lines do it: find one.", n)
    )
    return " ".join((score_and_left(game), tr(TAKE_QUESTION, a=tr(SEATS[game.to_move])), count))


MAYBE_SEVERAL = N_("One line or more may do it: find one.")
"""How many lines a take-or-decline question (:data:`gamekit.puzzles.dots_themes.DECISION_THEMES`) accepts, said
alike for both answers: the number would tell which is right (taking every box has two lines, declining one)."""
