"""What Shut the Box Practice says after an answer, computed from the puzzle's exact values: why a right choice is
right (:func:`why_words`: the chance or expected score the choice leaves, against the next best choice's) and what
a wrong choice's mistake is (:func:`mistake_words`: how often the next roll can cover the tiles it leaves).  The
puzzle module (:mod:`gamekit.puzzles.shutbox`) hands both to Practice (:mod:`gamekit.puzzles.practice_words`)."""

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
    return tr(_SET_WHY[objective == "shut", alone], **fields)


def covering_throws(tiles, dice: int = 2) -> int:
    """How many of the equally likely throws (36 of two dice, 6 of one die) make a total some set of ``tiles``
    adds up to: the throws after which the turn goes on."""
    tiles = tuple(sorted(set(tiles)))
    if dice == 1:
        return sum(1 for total in range(1, 7) if tiles_summing_to(total, tiles))
    return sum(1 for a in range(1, 7) for b in range(1, 7) if tiles_summing_to(a + b, tiles))


def mistake_words(puzzle: Puzzle, action) -> str | None:
    """The mistake of a wrong choice in one sentence, where it can be counted, else None.  "Which set?": the
    tiles it leaves open and how many of the 36 throws the next roll can cover from them, beside the best set's
    count, said only when the wrong set's is lower (a higher one explains nothing).  "One die or two?" (asked for
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

    left = puzzle.refutations.get(action_key(action), {}).get("left")
    if left is None:
        return None
    best_left = [t for t in f["open"] if t not in puzzle.answers[0][1]]
    mine, best = covering_throws(left), covering_throws(best_left)
    if not left or mine >= best:
        return None
    return tr(
        "The mistake: it leaves {tiles} open, and the next roll of two dice can cover some of them in only "
        "{mine} of 36 throws; the best set leaves tiles it can cover in {best}.",
        tiles=tile_words(left),
        mine=mine,
        best=best,
    )


def tile_words(tiles) -> str:
    """Tiles as a pupil reads them: ``"1, 3 and 8"``."""
    items = [str(t) for t in sorted(tiles)]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + tr(" and ") + items[-1]


NAMES_NONE_BELOW = 3
"""With fewer wrong sets than this, Practice's second Hint can name none: it always leaves two unnamed
(:data:`gamekit.puzzles.practice_words.KEPT_WRONG`), so with two wrong sets it could only name none."""


def second_hint(puzzle: Puzzle) -> str | None:
    """The second Hint of a Shut the Box question where Practice's own (:func:`gamekit.puzzles.practice_words.
    second_hint`) could name no wrong choice without leaving a coin flip: what it does, said truly — for "which
    set?" how many sets are best and that none is ruled out, and what to compare; for "one die or two?" what to
    count.  None where Practice's own hint names sets that do worse (four sets or more)."""
    legal = puzzle.legal_answers()
    wrong = [a for a in legal if a not in puzzle.answers]
    if puzzle.facts.get("kind") == "dice":
        return tr(
            "Hint: count the outcomes that let you go on, as in lesson 3: with one die, out of 6; with two dice, "
            "out of 36. Then think past this roll: one die covers 6 at most, so how many rolls does each need to "
            "cover every open tile?"
        )
    if len(wrong) >= NAMES_NONE_BELOW:
        return None
    return ntr(
        "Hint: {n} of these {legal} sets is best. There are too few sets to rule one out without giving the "
        "answer away, so compare them yourself: what does each set leave open, roll after roll?",
        "Hint: {n} of these {legal} sets are best. There are too few sets to rule one out without giving the "
        "answer away, so compare them yourself: what does each set leave open, roll after roll?",
        len(puzzle.answers),
        legal=len(legal),
    )


DICE_IDEA = N_(
    "The idea: count, as in lesson 3, the outcomes that let you go on with one die and with two dice. Then look "
    "past this roll: one die covers 6 at most, so with more than 6 to cover, two dice can shut the box in fewer rolls."
)
"""The idea after a right "one die or two?" answer: lesson 3's count of the outcomes that let you go on, and the
rolls still needed (true of every question Practice asks, :func:`gamekit.puzzles.shutbox.dice_selection`: one
die is right exactly where the open tiles add up to 6 or less)."""


def idea_words(puzzle: Puzzle, theme: str) -> str | None:
    """The idea after a right answer where the theme's own words do not say enough: for "one die or two?", lesson 3's
    count and the rolls still needed (:data:`DICE_IDEA`); None otherwise."""
    return tr(DICE_IDEA) if puzzle.facts.get("kind") == "dice" else None
