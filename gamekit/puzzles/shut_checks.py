"""Checks of Shut the Box Practice's "which set?" list against the page: where covering the most tiles is right in
the whole game
(:func:`most_tiles_best`, :func:`most_tiles_census`), and the most questions one rule of thumb answers
(:func:`thumb_most`)."""

from __future__ import annotations


from gamekit.i18n import tr
from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.shut_census import census_puzzles
from gamekit.puzzles.shut_thumbs import (
    LOOK_AHEAD_TIE_RULES,
    NEXT_ROLL_RULES,
    THUMB_RULES,
    TIE_BREAK_RULES,
    rule_answers,
    thumb_sets,
)
from gamekit.puzzles.shutbox import question_position, set_count


def most_tiles_best(puzzle: Puzzle) -> bool:
    """Whether covering the most tiles is right in a "which set?" puzzle: a best set has the most tiles of the sets
    the roll makes, and some other set has fewer (so the habit "never cover the set with the most tiles" would
    throw away the answer).  Not a "which set?" puzzle: ValueError."""
    if not isinstance(puzzle, Puzzle) or puzzle.facts.get("kind") != "set":
        raise ValueError(tr('most_tiles_best: a "which set?" puzzle'))
    sizes = [len(tiles) for _, tiles in puzzle.legal_answers()]
    return max(sizes) > min(sizes) and any(len(tiles) == max(sizes) for _, tiles in puzzle.answers)


def most_tiles_census() -> list[tuple]:
    """Every "which set?" question of the game (:func:`census_puzzles`) where covering the most tiles is right
    (:func:`most_tiles_best`): ``(one-die rule, goal, open tiles, roll, number of sets)``, in id order.  The game
    holds one, with two sets only, so Practice (three sets or more) can ask none: "never cover the most tiles"
    costs nothing in Practice, and the docs say so."""
    return [
        (p.facts["one_die"], p.facts["objective"], *question_position(p), set_count(p))
        for p in census_puzzles()
        if most_tiles_best(p)
    ]


def look_ahead_census(rule: str = "next_two_dice") -> tuple[int, int]:
    """How often the look-ahead rule of thumb ``rule`` (of :data:`NEXT_ROLL_RULES`) is wrong over every "which
    set?" question of the game (:func:`census_puzzles`): ``(wrong, questions)`` — wrong where it picks no set or
    a set that is not a best one (:func:`rule_answers`).  What the Practice page says of it.  Another rule:
    ValueError."""
    if rule not in NEXT_ROLL_RULES:
        raise ValueError(tr("rule {rule!r}: choose one of {items}", rule=rule, items=", ".join(NEXT_ROLL_RULES)))
    asked = census_puzzles()
    right = sum(
        rule_answers(thumb_sets(rule, p.facts["open"], p.facts["roll"], p.facts["one_die"]), p.answers) for p in asked
    )
    return len(asked) - right, len(asked)


def thumb_most(
    puzzles: list[Puzzle],
    rules: tuple[str, ...] = THUMB_RULES + TIE_BREAK_RULES + NEXT_ROLL_RULES + LOOK_AHEAD_TIE_RULES,
) -> tuple[int, str | None]:
    """The most "which set?" questions of ``puzzles`` one rule of thumb answers (:func:`rule_answers`), over
    every rule of ``rules`` (all of :data:`THUMB_RULES`, :data:`TIE_BREAK_RULES` and :data:`NEXT_ROLL_RULES`
    unless given; each under the question's one-die rule), and the first rule that gets that many (None when no
    rule answers any) — what the Practice page says a rule of thumb gets right at most.  An unknown rule:
    ValueError."""
    if not isinstance(puzzles, list) or not all(isinstance(p, Puzzle) for p in puzzles):
        raise TypeError(tr("thumb_most: give a list of puzzles"))
    known = THUMB_RULES + TIE_BREAK_RULES + NEXT_ROLL_RULES + LOOK_AHEAD_TIE_RULES
    if not isinstance(rules, tuple) or not rules or any(r not in known for r in rules):
        raise ValueError(tr("rules {rules!r}: a tuple of rules of {items}", rules=rules, items=", ".join(known)))
    asked = [p for p in puzzles if p.facts.get("kind") == "set"]
    counts = {
        r: sum(
            rule_answers(thumb_sets(r, p.facts["open"], p.facts["roll"], p.facts["one_die"]), p.answers) for p in asked
        )
        for r in rules
    }
    most = max(counts.values())
    return most, next((r for r, n in counts.items() if n == most), None) if most else None
