"""Why a right Dots line is right, in words of that puzzle's own: the boxes a take completes, the boxes a decline
hands over and the chains left, the count of long chains after the line, the lines that draw a third side, and the
share of the boxes left the solver's best play gives the pupil (:func:`gamekit.puzzles.dots_words.why_words` picks
the one that fits a line)."""

from __future__ import annotations

from gamekit.dots import DotsAndBoxes, components, long_chain_rule
from gamekit.i18n import N_, ntr, tr
from gamekit.puzzles.core import Puzzle


def box_shares(puzzle: Puzzle) -> tuple[int, int, int, int]:
    """The boxes of ``puzzle`` still to be taken shared out with best play: ``(k, n, j, final)``: the pupil's
    ``k`` of the ``n`` boxes left after a right line, ``j`` the most any wrong line leaves them, and the pupil's
    final margin over the whole game (their boxes minus the opponent's, boxes already taken included).  The
    solver's values are margins on the boxes left (:func:`gamekit.dots.puzzle_text.own_box_loss`)."""
    game = puzzle.position
    me = game.to_move
    left = game.geometry.n_boxes - sum(game.scores)
    best = int(puzzle.facts["best"])
    next_best = max(int(r["value"]) for r in puzzle.refutations.values())
    k, j = (left + best) // 2, (left + next_best) // 2
    return k, left, j, game.scores[me] - game.scores[1 - me] + best


def shares_words(puzzle: Puzzle) -> str:
    """ "With best play you get k of the n boxes left." for ``puzzle`` (:func:`box_shares`)."""
    k, n, _, _ = box_shares(puzzle)
    return ntr(
        "With best play you get {k} of the {n} box left.", "With best play you get {k} of the {n} boxes left.", n, k=k
    )


def with_chains(game: DotsAndBoxes, words: str) -> str:
    """``words`` and, where chains or loops are left unopened, which (:func:`chain_lengths`)."""
    chains = chain_lengths(game)
    return words + " " + tr("On the board: {chains}.", chains=chains) if chains else words


def closed_boxes(game: DotsAndBoxes, action: str) -> list[str]:
    """The names of the boxes the line ``action`` completes (its fourth side), in board order."""
    line = game.line_index(action)
    return [
        game.geometry.box_name(b)
        for b in game.geometry.line_boxes[line]
        if all(l == line or game.is_drawn(l) for l in game.geometry.box_lines[b])
    ]


def chain_lengths(game: DotsAndBoxes) -> str:
    """The lengths of the unopened chains and loops of ``game`` as a pupil reads them ("chains of 2, 3 and 6
    boxes"; "a chain of 4 boxes and a loop of 4 boxes"; chains of one box as "a single box", "3 single boxes"), in
    the current language; "" where none is left."""
    chains = sorted(c.length for c in components(game) if c.kind == "chain" and not c.opened)
    loops = sorted(c.length for c in components(game) if c.kind == "loop" and not c.opened)
    singles = chains.count(1)
    chains = [n for n in chains if n > 1]
    parts = []
    if singles:
        parts.append(ntr("a single box", "{n} single boxes", singles))
    if len(chains) == 1:
        parts.append(ntr("a chain of {n} box", "a chain of {n} boxes", chains[0]))
    elif chains:
        parts.append(tr("chains of {items} boxes", items=_and_list(chains)))
    if loops:
        parts.append(ntr("a loop of {items} boxes", "loops of {items} boxes", len(loops), items=_and_list(loops)))
    return _and_list(parts)


def _and_list(items: list) -> str:
    """``items`` as "1, 2 and 3" in the current language ; "" for none."""
    words = [str(i) for i in items]
    return (words[0] if len(words) < 2 else ", ".join(words[:-1]) + tr(" and ") + words[-1]) if words else ""


def take_box_why(puzzle: Puzzle, action: str) -> str:
    """The reason for a right line that takes a box: the box (or boxes) it completes by name, and the boxes best
    play leaves the pupil (:func:`box_shares`)."""
    boxes = closed_boxes(puzzle.position, action)
    return (
        ntr(
            "Why: box {boxes} has three sides, a box given away to you, and taking it keeps your turn.",
            "Why: boxes {boxes} have three sides, boxes given away to you, and taking them keeps your turn.",
            len(boxes),
            boxes=_and_list(boxes),
        )
        + " "
        + shares_words(puzzle)
    )


def no_third_side_why(puzzle: Puzzle) -> str:
    """The reason for a right line of an *avoid the third side* puzzle: it draws no box's third side, how many of
    the legal lines do, and the boxes best play leaves the pupil against any of those (:func:`box_shares`)."""
    wrong = sum(1 for line in puzzle.legal_answers() if line not in puzzle.answers)
    k, left, j, _ = box_shares(puzzle)
    return ntr(
        "Why: this line draws no box's third side; the other {n} line does and gives a box away. With best play"
        " you get {k} of the {left} boxes left, and {j} at most after a third side.",
        "Why: this line draws no box's third side; the other {n} lines do and give boxes away. With best play"
        " you get {k} of the {left} boxes left, and {j} at most after a third side.",
        wrong,
        k=k,
        left=left,
        j=j,
    )


COUNT_WHY = N_("Why: this line steers the count of long chains your way, and the count decides who opens them.")
"""The reason of a line right for the count where no long chain is left to name (:func:`count_why`)."""


def count_why(puzzle: Puzzle, action: str) -> str:
    """The reason for a right line where the count of long chains decides (:func:`_count_decides`): the long chains
    the board then holds, their lengths, and the boxes best play leaves the pupil (:func:`box_shares`)."""
    after = puzzle.position.copy()
    after.play(action)
    rule = long_chain_rule(after)
    chains = chain_lengths(after)
    if not rule.long_chains or not chains:  # no long chain left to name: the count's reason, and the share
        return tr(COUNT_WHY) + " " + shares_words(puzzle)
    return (
        ntr(
            "Why: after this line: {m} long chain, the count that suits you, so your opponent must open it. The"
            " chains left: {chains}.",
            "Why: after this line: {m} long chains, the count that suits you, so your opponent must open the first"
            " one. The chains left: {chains}.",
            rule.long_chains,
            m=rule.long_chains,
            chains=chains,
        )
        + " "
        + shares_words(puzzle)
    )


def sacrifice_paid_why(puzzle: Puzzle, action: str) -> str:
    """The reason for a right line ``action`` of a *sacrifice* puzzle whose best play ends with the pupil ahead,
    read off the board: where an unopened long chain is on the board before and after the line and the count then
    suits the pupil
    (:func:`gamekit.dots.long_chain_rule`), the boxes given now buy that count and the long chains pay them back;
    else no long-chain claim, only that giving the boxes away beats every safe line.  Then what best play leaves
    the pupil (:func:`box_shares`)."""
    k, n, j, _ = box_shares(puzzle)
    after = puzzle.position.copy()
    after.play(action)
    unopened_long = all(any(c.is_long and not c.opened for c in components(g)) for g in (puzzle.position, after))
    if unopened_long and long_chain_rule(after).favoured == puzzle.position.to_move:
        words = ntr(
            "Why: the boxes given away now buy the right chain count, and the long chains pay them back: with best play"
            " you get {k} of the {n} box left; after any wrong line you get {j} at most.",
            "Why: the boxes given away now buy the right chain count, and the long chains pay them back: with best play"
            " you get {k} of the {n} boxes left; after any wrong line you get {j} at most.",
            n,
            k=k,
            j=j,
        )
    else:
        words = ntr(
            "Why: giving boxes away now does better than any safe line: with best play you get {k} of the {n} box"
            " left; after any wrong line you get {j} at most.",
            "Why: giving boxes away now does better than any safe line: with best play you get {k} of the {n} boxes"
            " left; after any wrong line you get {j} at most.",
            n,
            k=k,
            j=j,
        )
    return with_chains(puzzle.position, words)


def decline_why(puzzle: Puzzle, action: str, takes: list[str]) -> str:
    """The reason for a right decline (*double-deal*, *all-but-four*): the boxes it leaves the opponent, the chains
    they must then open, and the boxes best play leaves the pupil against the most taking every box (``takes``: the
    lines that take the boxes on offer) leaves."""
    game = puzzle.position
    left = game.geometry.n_boxes - sum(game.scores)
    k = (left + int(puzzle.facts["best"])) // 2
    values = [int(puzzle.refutations[t]["value"]) for t in takes if t in puzzle.refutations]
    j = (left + max(values)) // 2 if values else None
    after = game.copy()
    after.play(action)
    handed = [game.geometry.box_name(b) for b in range(game.geometry.n_boxes) if after.sides_drawn(b) == 3]
    chains = chain_lengths(game) or tr("no chain")
    words = ntr(
        "Why: this line leaves box {boxes} to your opponent, who must then open one of the chains or loops left:"
        " {chains}.",
        "Why: this line leaves boxes {boxes} to your opponent, who must then open one of the chains or loops left:"
        " {chains}.",
        len(handed),
        boxes=_and_list(handed),
        chains=chains,
    )
    if j is None:
        return words + " " + shares_words(puzzle)
    return (
        words
        + " "
        + tr(
            "With best play you get {k} of the {left} boxes left; taking them all gets you {j} at most.",
            k=k,
            left=left,
            j=j,
        )
    )
