"""What Shut the Box Practice says after an answer, computed from the puzzle's exact values: why a right choice is
right (:func:`why_words`: the chance or expected score the choice leaves, against the next best choice's) and what
a wrong choice's mistake is (:func:`mistake_words`: for a set, the exact chance or expected score it leaves, then
how often the next roll can cover its tiles, labelled a clue).  The puzzle module (:mod:`gamekit.puzzles.shutbox`)
hands both to Practice (:mod:`gamekit.puzzles.practice_words`)."""

from __future__ import annotations

from typing import Any

from gamekit.i18n import N_, ntr, number, percent, tr
from gamekit.puzzles.core import Puzzle, action_key
from gamekit.shutbox.tiles import tiles_summing_to


def _value(objective: str, value: float) -> str:
    """A value as the feedback writes it: a chance with one decimal, an expected score with two."""
    return percent(value, 1) if objective == "shut" else number(value, 2)


def _set_words(tiles) -> str:
    return " + ".join(map(str, tiles))


def next_best(puzzle: Puzzle) -> tuple[Any, dict] | None:
    """The wrong choice that comes closest to the best (its action and refutation: ``value``, ``left``), or None
    when every choice is right."""
    better = min if puzzle.facts["objective"] == "score" else max
    wrong = [(a, puzzle.refutations[action_key(a)]) for a in puzzle.legal_answers() if a not in puzzle.answers]
    if not wrong:
        return None
    return better(wrong, key=lambda item: (item[1]["value"], action_key(item[0])))


#: the reason after a right set, by (the goal is to shut the box, the next best set is the only other one): whole
#: sentences, so that each reads naturally once translated
_SET_WHY = {
    (True, True): N_(
        "Why: {set} leaves {left} open. From there you shut the box {best} of the time, against {value} "
        "after {other}, the other set."
    ),
    (True, False): N_(
        "Why: {set} leaves {left} open. From there you shut the box {best} of the time, against {value} "
        "after {other}, the next best set."
    ),
    (False, True): N_(
        "Why: {set} leaves {left} open. From there your expected score is {best}, against {value} "
        "after {other}, the other set."
    ),
    (False, False): N_(
        "Why: {set} leaves {left} open. From there your expected score is {best}, against {value} "
        "after {other}, the next best set."
    ),
}


def why_words(puzzle: Puzzle, theme: str, action: Any) -> str | None:
    """Why the right choice ``action`` is right, from the position's exact values: for "which set?", the tiles it
    leaves open and the chance to shut the box (or expected score) from there, against the next best set's; for
    "one die or two?", each roll's chance.  None for a choice that is not right or a puzzle where every choice is
    (Practice then says so itself)."""
    f = puzzle.facts
    action = puzzle.canonical(action)
    if action not in puzzle.answers:
        return None
    other = next_best(puzzle)
    if other is None:
        return None
    (_, arg), ref = other
    objective = f["objective"]
    best, value = _value(objective, f["best"]), _value(objective, ref["value"])
    if f["kind"] == "dice":
        words = {1: tr("one die"), 2: tr("two dice")}
        args = dict(tiles=tile_words(f["open"]), best=best, mine=words[action[1]], value=value, other=words[arg])
        if objective == "shut":
            return ntr(
                "Why: with tile {tiles} open, you shut the box {best} of the time with {mine}, {value} with {other}.",
                "Why: with tiles {tiles} open, you shut the box {best} of the time with {mine}, {value} with {other}.",
                len(f["open"]),
                **args,
            )
        return ntr(
            "Why: with tile {tiles} open, your expected score is {best} with {mine}, {value} with {other}.",
            "Why: with tiles {tiles} open, your expected score is {best} with {mine}, {value} with {other}.",
            len(f["open"]),
            **args,
        )
    left = [t for t in f["open"] if t not in action[1]]
    if not left:
        return tr("Why: {set} covers every tile still open: the box is shut.", set=_set_words(action[1]))
    alone = len(puzzle.legal_answers()) - len(puzzle.answers) == 1
    fields = dict(set=_set_words(action[1]), left=tile_words(left), best=best, value=value, other=_set_words(arg))
    return tr(_SET_WHY[objective == "shut", alone], **fields) + _hand_check(f["open"], action[1], arg)


def _hand_check(open_tiles, mine, other) -> str:
    """The reasoning a pupil can do by hand, after the exact values: how often the next roll of two dice can go on
    after the right set and after the next best (:func:`covering_throws`).  Where that count favours the right
    set, it is the check; where it ties or favours the other, why it misleads: the other set leaves the right set's
    largest tile open, and only a roll that large or larger can cover it later.  Empty when the other set covers
    that tile too."""
    m = covering_throws([t for t in open_tiles if t not in mine])
    n = covering_throws([t for t in open_tiles if t not in other])
    if m > n:
        return " " + tr(
            "A check you can do by hand: after {set}, the next roll can go on in {mine} of 36 throws; after {other}, "
            "in {theirs}.",
            set=_set_words(mine),
            other=_set_words(other),
            mine=m,
            theirs=n,
        )
    top = max(mine)
    if top in other:
        return ""
    if m == n:
        return " " + tr(
            "Counting only the next roll ties: it can go on in {mine} of 36 throws after either set. But {other} "
            "leaves tile {top} open, and only a roll of {top} or more can cover it later.",
            other=_set_words(other),
            mine=m,
            top=top,
        )
    return " " + tr(
        "Counting only the next roll points the other way: after {other} it can go on in {theirs} of 36 throws, "
        "after {set} in {mine}. But {other} leaves tile {top} open, and only a roll of {top} or more can cover it "
        "later.",
        set=_set_words(mine),
        other=_set_words(other),
        mine=m,
        theirs=n,
        top=top,
    )


def covering_throws(tiles, dice: int = 2) -> int:
    """How many of the equally likely throws (36 of two dice, 6 of one die) make a total some set of ``tiles``
    adds up to: the throws after which the turn goes on."""
    tiles = tuple(sorted(set(tiles)))
    if dice == 1:
        return sum(1 for total in range(1, 7) if tiles_summing_to(total, tiles))
    return sum(1 for a in range(1, 7) for b in range(1, 7) if tiles_summing_to(a + b, tiles))


def mistake_words(puzzle: Puzzle, action) -> str | None:
    """The mistake of a wrong choice, where it can be said, else None.  "Which set?": :func:`set_mistake` (the
    feedback before it has said the tiles it leaves and the exact values, so this names what is wrong: the large
    tile left open, or the tiles kept instead of the best set's).  "One die or two?" (asked for
    the chance to shut): two dice where the open tiles add up to 6 or less give up the one die's 1 throw in 6 that
    shuts the box at once, against fewer of 36 for two dice; one die where they add up to more covers 6 at most a
    throw, so it needs more throws to shut the box, and every throw can end the turn."""
    f = puzzle.facts
    if f.get("kind") == "dice":
        if len(puzzle.answers) != 1 or f.get("objective") != "shut" or action[1] == puzzle.answers[0][1]:
            return None
        tiles = f["open"]
        total = sum(tiles)
        if action[1] == 2 and total <= 6:
            return ntr(
                "The mistake: with the {tiles} open, one die shuts the box at once in 1 of 6 throws, as often as 6 "
                "of 36; two dice make {total} in only {two} of 36.",
                "The mistake: with tiles {tiles} open, one die shuts the box at once in 1 of 6 throws, as often as "
                "6 of 36; two dice make {total} in only {two} of 36.",
                len(tiles),
                tiles=tile_words(tiles),
                total=total,
                two=sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total),
            )
        if action[1] == 1 and total > 6:
            return ntr(
                "The mistake: with the {tiles} open, you must cover {total} in all, and one die covers 6 at most "
                "in a throw: it needs {one} throws or more to shut the box, where two dice can do it in {two}; and "
                "every throw can end your turn.",
                "The mistake: with tiles {tiles} open, you must cover {total} in all, and one die covers 6 at most "
                "in a throw: it needs {one} throws or more to shut the box, where two dice can do it in {two}; and "
                "every throw can end your turn.",
                len(tiles),
                tiles=tile_words(tiles),
                total=total,
                one=-(-total // 6),
                two=-(-total // 12),
            )
        return None

    ref = puzzle.refutations.get(action_key(action), {})
    left = ref.get("left")
    if not left:
        return None
    best_left = [t for t in f["open"] if t not in puzzle.answers[0][1]]
    return set_mistake(left, best_left)


def _tiles(tiles) -> str:
    return ntr("tile {tiles}", "tiles {tiles}", len(tiles), tiles=tile_words(tiles))


def set_mistake(left, best_left) -> str:
    """What a wrong set gets wrong, beside the best set (the tiles each leaves open), without the exact values the
    feedback has just given: where it leaves open a tile of 7 or more that the best set covers, that tile and how
    rarely two dice can cover it later (only a roll that large or larger can); else the tiles it keeps open that
    the best set covers (never the tiles the best set keeps: they would name the answer), then, labelled a clue,
    how many of the 36 throws the next roll can go on from each, said only when the wrong set's is lower (a higher
    one explains nothing)."""
    top, best_top = max(left), max(best_left, default=0)
    if top > best_top and top >= 7:
        return tr(
            "The mistake: you left the {top} open, and the best set covers it. Only a roll of {top} or more can "
            "cover it later, and two dice roll that in only {n} of 36 throws.",
            top=top,
            n=sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= top),
        )
    mine_only = sorted(set(left) - set(best_left))
    kept = ntr(
        "The mistake: you kept {tiles} open, and the best set covers it.",
        "The mistake: you kept {tiles} open, and the best set covers them.",
        len(mine_only),
        tiles=_tiles(mine_only),
    )
    mine, best = covering_throws(left), covering_throws(best_left)
    if mine >= best:
        return kept
    return (
        kept
        + " "
        + tr(
            "A clue, not a rule: after your set the next roll of two dice can go on in only {mine} of 36 throws; "
            "after the best set, in {best}.",
            mine=mine,
            best=best,
        )
    )


def tile_words(tiles) -> str:
    """Tiles as a pupil reads them: ``"1, 3 and 8"``."""
    items = [str(t) for t in sorted(tiles)]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + tr(" and ") + items[-1]


def first_hint(puzzle: Puzzle, theme: str) -> str | None:
    """The first Hint of a "which set?" question: list the sets that make the roll and what each leaves open
    (lesson 2's skill, the first step of reading the question's value table), with how many sets there are so the
    pupil can check the list; it names no set.  None for a "one die or two?" question (the idea's own hint fits
    it).  Practice asks it where its page names no idea (every idea mixed; :meth:`gamekit.puzzles.practice.
    Practice.hint`)."""
    f = puzzle.facts
    if f.get("kind") != "set":
        return None
    return tr(
        "List every set of open tiles that adds up to {roll}: there are {n}. Write down the tiles each set leaves "
        "open.",
        roll=f["roll"],
        n=len(puzzle.legal_answers()),
    )


def second_hint(puzzle: Puzzle) -> str | None:
    """The second Hint of a Shut the Box question: for "which set?", look up what each set leaves open in the
    question's value table (:mod:`gamekit.puzzles.shut_tables`) and which value to look for, never the set; for
    "one die or two?", what to count (:func:`dice_hint`)."""
    if puzzle.facts.get("kind") == "dice":
        return dice_hint(puzzle)
    if puzzle.facts["objective"] == "shut":
        return tr(
            "Hint: find the tiles each set leaves open in the table. The best set leaves the group with the highest "
            "chance to shut the box."
        )
    return tr(
        "Hint: find the tiles each set leaves open in the table. The best set leaves the group with the lowest "
        "expected score."
    )


def two_dice_making(total: int) -> int:
    """How many of the 36 throws of two dice make ``total``."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total)


def dice_hint(puzzle: Puzzle) -> str:
    """The second Hint of a "one die or two?" question (asked for the chance to shut the box): what to count for
    this puzzle.  Where the open tiles add up to 12 or less, the steps of the count that points to the right roll
    in every such question of the bank (:func:`dice_points_to`): add up the open tiles, count each roll's throws
    that make exactly that total, and put both counts on one scale — without doing the sum or the count for the
    pupil (a reader found "your tiles add up to 7: which choice can make exactly 7?" all but the answer); above
    12, how many throws each roll needs.  Never the answer."""
    total = sum(puzzle.facts["open"])
    if total <= 12:
        return tr(
            "Hint: the question asks for your chance to shut the box, not to go on. Step 1: add up your open tiles. "
            "Step 2: for each of the 2 choices, count the throws that make exactly that total. Step 3: put both "
            "counts on one scale: 1 throw of 6 is as likely as 6 throws of 36."
        )
    return tr(
        "Hint: the question asks for your chance to shut the box, not to go on. Your open tiles add up to {total}: "
        "no throw covers them all. One die covers 6 at most a throw, two dice 12. How many throws does each of the "
        "2 choices need, when every throw can end your turn?",
        total=total,
    )


def dice_points_to(tiles) -> int:
    """The roll the Practice page's method, :func:`dice_hint` and :func:`idea_words` point to for ``tiles`` open
    (the chance to shut the box asked): where the tiles add up to 12 or less, the roll that makes their total more
    often in one throw (one die: 6 of 36 up to 6; two dice: 1 to 6 of 36 from 2 to 12); above, two dice (fewer
    throws).  It is one die exactly where they add up to 6 or less (tested on every such question of the bank); no
    feedback states that as a rule (:func:`idea_words`)."""
    total = sum(tiles)
    if total > 12:
        return 2
    one = 6 if total <= 6 else 0  # of 36: one die makes 1 to 6 in 1 throw of 6
    return 1 if one > two_dice_making(total) else 2


def idea_words(puzzle: Puzzle, theme: str) -> str | None:
    """The idea after a right answer where the theme's own words do not say enough: for "one die or two?", why
    in this position, with its own numbers — the chance to shut the box in one throw with each roll (or, above 12,
    the throws each needs), then how often this throw ends the turn with each roll (:func:`bust_words`).  It states
    no rule that answers every such question: a rule said after the first answer answered the rest of the drill.
    None otherwise."""
    if puzzle.facts.get("kind") != "dice":
        return None
    total = sum(puzzle.facts["open"])
    if total <= 6:
        first = tr(
            "The idea: your open tiles add up to {total}. One die makes {total} in 1 throw of 6, as often as 6 of "
            "36; two dice make it in only {two} of 36.",
            total=total,
            two=two_dice_making(total),
        )
    elif total <= 12:
        first = tr(
            "The idea: your open tiles add up to {total}. One die cannot make {total} in one throw; two dice make "
            "it in {two} of 36.",
            total=total,
            two=two_dice_making(total),
        )
    else:
        first = tr(
            "The idea: your open tiles add up to {total}. One die covers 6 at most a throw, so it needs {one} "
            "throws or more; two dice can do it in {two}.",
            total=total,
            one=-(-total // 6),
            two=-(-total // 12),
        )
    return first + " " + bust_words(puzzle.facts["open"], puzzle.answers[0][1])


def bust_throws(tiles, dice: int) -> int:
    """Of 36 equally likely throws, how many end the turn at once with ``tiles`` open (no set of them makes the
    total): one die's throws counted six times each, so both rolls are on one scale."""
    return 36 - covering_throws(tiles, dice) * (6 if dice == 1 else 1)


def bust_words(tiles, right: int) -> str:
    """How often this throw ends the turn with the right roll ``right`` and with the other, out of 36
    (:func:`bust_throws`): where the right roll ends it less often, a second reason; where it ends it as often or
    more, why that does not decide (going on is not shutting the box)."""
    other = 3 - right
    words = {1: tr("one die"), 2: tr("two dice")}
    mine, theirs = bust_throws(tiles, right), bust_throws(tiles, other)
    args = dict(mine=mine, theirs=theirs, right=words[right], other=words[other])
    if mine == 0:
        return tr(
            "This throw also never ends your turn with {right}; with {other} it does in {theirs} of 36 throws.", **args
        )
    if mine < theirs:
        return tr(
            "This throw also ends your turn less often with {right}: in {mine} of 36 throws, against {theirs} of 36 "
            "with {other}.",
            **args,
        )
    return tr(
        "This throw ends your turn in {mine} of 36 throws with {right}, in {theirs} of 36 with {other}: going on "
        "is not the goal, shutting the box is.",
        **args,
    )


def asked_stakes(puzzle: Puzzle) -> str | None:
    """What is at stake after a "best chance to shut the box" question (:func:`gamekit.puzzles.sets.stakes`): only
    how many choices are best, as the question already names the goal (a homework sheet read "... the best chance
    to shut the box. What matters: your chance to shut the box."); None for the low score (the game's ``stakes``,
    which says what an expected score is)."""
    if puzzle.facts.get("objective") != "shut":
        return None
    return ntr("Only one choice is best.", "{n} choices are equally best: find one.", len(puzzle.answers))
