"""How a Shut the Box puzzle speaks to a pupil (the catalog's ``PuzzleWords`` of the game): its question under
the one-die rule it states, the feedback to each choice, what is at stake, and how a typed or chosen answer reads.
Plain functions of the numbers the exact table gave when the puzzle was built (its ``facts``)."""

from __future__ import annotations

import re
from typing import Any

from gamekit.i18n import N_, ntr, number, percent, tr

__all__ = [
    "ONE_DIE_WORDS",
    "DIE_CHOICES",
    "prompt",
    "right",
    "wrong",
    "stakes",
    "move_words",
    "question_key",
    "read_answer",
    "answer_text",
    "exercise_position",
    "choices",
]

ONE_DIE_WORDS = {
    "after_789": N_("Rule: once 7, 8 and 9 are covered, you may roll one die."),
    "under_six": N_("Rule: once the open tiles add up to less than 6, you may roll one die."),
    "six_or_less": N_("Rule: once the open tiles add up to 6 or less, you must roll one die."),
    "never": N_("Rule: you always roll two dice."),
}
"""The one-die rule of a Shut the Box puzzle, as its question states it (the bank mixes the rules)."""
THEMES = {
    "sets_for_roll": N_("sets for the roll"),
    "best_set": N_("best set"),
    "one_die_or_two": N_("one die or two"),
    "next_roll": N_("think of the next roll"),
}
"""The themes of Shut the Box puzzles, with their names."""
HINTS = {
    "sets_for_roll": N_("First list every set of open tiles that adds up to the roll."),
    "best_set": N_(
        "For each set, look at the tiles it leaves open and think of the rolls still to come: with which leftover "
        "tiles can you keep covering, roll after roll?"
    ),
    "one_die_or_two": N_(
        "The goal is to shut the box, not only to go on. Which choice can make the total of your open tiles in "
        "one throw, and how often?"
    ),
    "next_roll": N_("Before you choose, picture the next roll: which tiles left open can it cover most often?"),
}
"""An idea for each theme, in a pupil's words: what to look at, never the answer (the first Hint)."""
DIE_CHOICES = {1: N_("one die"), 2: N_("two dice")}
"""The answers to a "one die or two?" puzzle, as its buttons say them."""


def move_words(action: Any) -> str:
    """``"cover 5 + 3"``, ``"roll one die"``."""
    kind, arg = action
    if kind == "roll":
        return tr("roll one die") if arg == 1 else tr("roll two dice")
    return tr("cover {tiles}", tiles=" + ".join(map(str, arg)))


def question_key(facts: dict) -> tuple:
    """The rule, goal, kind, open tiles and roll: two puzzles with these alike ask the same question."""
    return (facts["one_die"], facts["objective"], facts["kind"], tuple(facts["open"]), facts["roll"])


def prompt(facts: dict, mover: int) -> str:
    return tr(ONE_DIE_WORDS[facts["one_die"]]) + " " + _question(facts)


def _question(f: dict) -> str:
    tiles = ", ".join(map(str, f["open"]))
    low = f["objective"] == "score"  # a score is best low, a chance high: each its own words
    if f["kind"] == "dice":
        return (
            tr(
                "Tiles open: {tiles}. One die or two? Choose the roll that gives the lowest expected score.",
                tiles=tiles,
            )
            if low
            else tr(
                "Tiles open: {tiles}. One die or two? Choose the roll that gives the best chance to shut the box.",
                tiles=tiles,
            )
        )
    return (
        tr(
            "Tiles open: {tiles}; you rolled {total}. Which tiles do you cover for the lowest expected score?",
            tiles=tiles,
            total=f["roll"],
        )
        if low
        else tr(
            "Tiles open: {tiles}; you rolled {total}. Which tiles do you cover for the best chance to shut the box?",
            tiles=tiles,
            total=f["roll"],
        )
    )


def _goal_words(objective: str) -> str:
    return tr("chance to shut the box") if objective == "shut" else tr("expected score")


def _value(objective: str, value: float) -> str:
    return percent(value, 1) if objective == "shut" else number(value, 2)


def right(facts: dict, mover: int, move: str) -> str:
    return tr(
        "Right: “{move}” gives the best {goal}: {value}.",
        move=move,
        goal=_goal_words(facts["objective"]),
        value=_value(facts["objective"], facts["best"]),
    )


def wrong(facts: dict, mover: int, action: Any, refutation: dict, move: str, line: str) -> str:
    objective = facts["objective"]
    if facts["kind"] == "dice":
        text = tr(
            "Not the best: after you {move}, your {goal} is {value}.",
            move=move,
            goal=_goal_words(objective),
            value=_value(objective, refutation["value"]),
        )
    else:
        text = (
            tr(
                "Not the best: covering {tiles} leaves {left} open.",
                tiles=" + ".join(map(str, action[1])),
                left=", ".join(map(str, refutation["left"])) or tr("no tile"),
            )
            + " "
            + tr(
                "Your {goal} from there: {value}.",
                goal=_goal_words(objective),
                value=_value(objective, refutation["value"]),
            )
        )
    return text + " " + tr("The best choice gives {value}.", value=_value(objective, facts["best"]))


def stakes(game: Any, facts: dict, refutations: dict, n: int) -> str:
    """What the choice decides and how many choices are best — no chance or score: the pupil compares the
    positions first, and the feedback gives the numbers after the answer (:func:`right`, :func:`wrong`)."""
    if facts["objective"] == "shut":
        text = tr("What matters: your chance to shut the box.")
    else:
        text = tr(
            "What matters: a low expected score (the points you would have left open, on average, if you played on)."
        )
    count = ntr("Only one choice is best.", "{n} choices are equally best: find one.", n)
    return text + " " + count


def read_answer(answer: str, facts: dict) -> Any:
    """``"one die"``/``"two dice"`` (or 1, 2) for a dice puzzle, tiles like ``"5+3"`` for a set: the action."""
    text = answer.strip()
    if facts.get("kind") == "dice":
        for n, words in DIE_CHOICES.items():
            if text.lower() in {tr(words).lower(), words, str(n)}:
                return ("roll", n)
        raise ValueError(
            tr("{answer!r}: answer {one} or {two}", answer=answer, one=tr(DIE_CHOICES[1]), two=tr(DIE_CHOICES[2]))
        )
    if not re.fullmatch(r"[0-9]+(\s*[+,y]\s*[0-9]+)*", text, re.ASCII):
        raise ValueError(tr("{answer!r}: write the tiles to cover with + between them", answer=answer))
    return ("cover", tuple(sorted((int(t) for t in re.findall(r"[0-9]+", text, re.ASCII)), reverse=True)))


def answer_text(action: Any) -> str:
    """An action as the pupil types it: ``"5+3"``, ``"one die"``."""
    kind, arg = action
    if kind == "roll":
        return tr(DIE_CHOICES[arg])
    return "+".join(map(str, arg))


def exercise_position(facts: dict, position: Any) -> tuple:
    """What an exercise shows: the open tiles and the roll."""
    return (tuple(facts["open"]), facts.get("roll"))


def choices(facts: dict) -> list[str] | None:
    """The two buttons of a "one die or two?" puzzle; None for a set of tiles (typed)."""
    return [tr(DIE_CHOICES[1]), tr(DIE_CHOICES[2])] if facts.get("kind") == "dice" else None
