"""Lesson 4's exercise 9 (both sets' values first, then the choice) and exercises 5 and 6 (the values of what each
set leaves given, then the choice).

Typing one of two sets would pass half the time by guessing, so the pupil types the value of what each set leaves
(each checked, with its own reason, by :func:`leave_value_exercise`) and then the set (:func:`best_set_exercise`):
the three parts separated by semicolons, as the prompt says, since a Spanish decimal uses a comma; spaces and
commas are read as separators too when they split the answer into three parts one way only (see
:func:`answer_parts`)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Callable, Iterable

from gamekit.i18n import N_, number, tr
from gamekit.shutbox.exercises_best_set import (
    best_set_exercise,
    leave_value_exercise,
    leave_value_exercises,
    one_legal_set,
)
from gamekit.shutbox.exercises_dice import go_on_outcomes, outcomes_rule_set
from gamekit.shutbox.exercises_sets import parse_sets
from gamekit.shutbox.lesson_words import chance_words, covered_reason, tile_list
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.rules_of_thumb import RULES_OF_THUMB, rule_of_thumb_picks
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of, tiles_summing_to
from gamekit.widgets.exercise import Exercise


def typed_set(text: str) -> str:
    """The third part of the answer read as one set and written back as its tiles joined by + ("9 + 2" → "9+2").
    ValueError, naming the shape to type, for anything that is not one set of tile numbers."""
    try:
        sets = parse_sets(text)
    except ValueError:
        sets = []
    if len(sets) != 1:
        raise ValueError(
            tr(
                "“{set}”: type the best set as its tiles with + between them",
                set=text.strip(),
            )
        )
    return "+".join(map(str, sets[0]))


def answer_parts(answer: str) -> list[str]:
    """The parts of a typed answer: split at ``;`` when there is one (what the prompt asks for); else, once the
    spaces around ``+`` and ``/`` are dropped ("9 + 2" is one set), at each space or comma followed by a space
    ("7,03 6,74 5+4", "7,03, 6,74, 5+4"), else at every comma ("9,6,9+2"), whichever first gives three parts.  So a
    Spanish decimal comma ("7,03") stays inside its part.  Commas are not split when no way gives three
    ("7,03,6,74,5+4": each comma could belong to either side)."""
    if ";" in answer:
        return [p.strip() for p in answer.split(";")]
    tight = re.sub(r"\s*([+/])\s*", r"\1", answer.strip())
    for pattern in (r"\s*,\s+|\s+", r","):
        pieces = [p.strip() for p in re.split(pattern, tight)]
        if len(pieces) == 3:
            return pieces
    return [answer.strip()]


def both_sets_exercise(position: tuple, rules: Rules | None = None) -> Exercise:
    """``position`` (open tiles, roll, goal) with exactly two sets for the roll: "type what each set leaves is worth,
    then the best set" ("9; 6; 9+2").  Right: both values right and a best set.  Each wrong part is named with
    its own reason (the leave-value exercise's and the best-set exercise's); an answer without three parts is
    refused (not an attempt), naming what to type."""
    open_tiles, roll, objective = position
    parts = [factory() for factory in leave_value_exercises(position, rules)]
    if len(parts) != 2:
        raise ValueError(
            tr(
                "tiles {items} and a roll of {roll}: this exercise needs exactly two sets",
                items=tile_list(open_tiles),
                roll=roll,
            )
        )
    choice = best_set_exercise(open_tiles, roll, objective, rules)
    names = [" + ".join(map(str, s)) for s in tiles_summing_to(roll, open_tiles)]  # the parts' order

    def check(answer: Any) -> tuple[bool, str]:
        if not isinstance(answer, str):
            raise TypeError(tr("type the answer as text, not {kind}", kind=type(answer).__name__))
        pieces = answer_parts(answer)
        if len(pieces) != 3 or not all(pieces):
            raise ValueError(
                tr(
                    "“{answer}”: give all three parts, with ; between them: what {a} leaves, what {b} leaves, then "
                    "the best set",
                    answer=answer.strip(),
                    a=names[0],
                    b=names[1],
                )
            )
        chosen = typed_set(pieces[2])  # a malformed set is refused before any part is judged
        if not all(part.assess(piece)[0] for part, piece in zip(parts, pieces)) and all(
            part.assess(piece)[0] for part, piece in zip(parts, reversed(pieces[:2]))
        ):  # both values right, typed in the other order: a slip of order, not of working out
            return False, tr(
                "Your two values are right, but in the wrong order: first the value for {a}, then the value for {b}.",
                a=names[0],
                b=names[1],
            )
        reasons = []
        for name, part, piece in zip(names, parts, pieces):
            ok, why, counts = part.assess(piece)
            if not counts:  # a part the checker cannot read (tiles typed for a value): refused, not a try
                raise ValueError(tr("{set}: {why}", set=name, why=why))
            if not ok:
                return False, tr("{set}: {why}", set=name, why=why)
            reasons.append(why)
        ok, why = choice.check(chosen)
        if not ok:  # the values' own "Right: …" would read as praise before "Not the best"
            return False, tr("Both values are right, but not the set.") + " " + why
        return ok, " ".join([*reasons, why])

    def more(answer: Any) -> str:
        """The best-set exercise's table of every set, for the set this answer names ("" when it names none)."""
        pieces = answer_parts(str(answer))
        if len(pieces) != 3:
            return ""
        try:
            return choice.more(typed_set(pieces[2]))
        except ValueError:
            return ""

    values = [str(p.solutions[-1]) for p in parts]  # as a pupil types it: whole games, or two decimals
    slips = [[w for w in p.wrong if not p.checker(w)[0]][:1] for p in parts]  # a refused slip of each, if any
    solutions = [f"{values[0]}; {values[1]}; {best}" for best in choice.solutions]
    goal = (
        tr("the chance to shut the box, as a whole number of turns in 100")
        if objective == "shut"
        else tr("the expected score, with two decimals or as a fraction")
    )
    ex = Exercise(
        tr(
            "Tiles {items} are open and you rolled {roll}. You could cover {a} or {b}. First work out what each "
            "set leaves: {goal}. Give the value for {a}, then the value for {b}, then the best set.",
            items=tile_list(open_tiles),
            roll=roll,
            a=names[0],
            b=names[1],
            goal=goal,
        )
        + (" " + tr("You roll two dice every time.") if (rules or Rules()).one_die == "never" else ""),
        check,
        hint=choice.hint,
        answer=solutions[0],
        solutions=solutions,
        wrong=[f"{values[0]}; {values[1]}; {w}" for w in choice.wrong]
        + [f"{w}; {values[1]}; {choice.solutions[0]}" for w in slips[0]]
        + [f"{values[0]}; {w}; {choice.solutions[0]}" for w in slips[1]],
        position=(open_tiles, roll),  # typed values and a set, not a "which set?" position
        key=choice.key,
        more=more,
        more_label=choice.more_label,
    )
    ex.answer_lines = tuple(part_labels(names, objective))  # on paper: one named line per part
    ex.paper_prompt = ex.prompt  # on paper each part has its own line
    ex.prompt += " " + tr("Put ; between the three parts.")
    return ex


def part_labels(names: list[str], objective: str) -> list[str]:
    """What each part of a both-sets answer wants, named for the pupil: the chance to shut (turns in 100) or the
    expected score after each set of ``names``, then the best set — the page's boxes and the worksheet's lines."""
    if objective == "shut":
        values = [tr("chance to shut after {set} (turns in 100)", set=name) for name in names]
    else:
        values = [tr("expected score after {set}", set=name) for name in names]
    return values + [tr("the best set")]


def given_values_prompt(open_tiles: Iterable[int], roll: int, objective: str, one_die: str) -> tuple[str, str]:
    """A "which set?" question whose values are given (lesson 4's exercises 5 and 6, the More practice problems of
    lessons 4 and 5 too big for a tree), as ``(page, paper)``: one short question, then the value of every position
    a set for ``roll`` can leave and of the :func:`decoy_positions`, from the exact table under the one-die rule
    ``one_die`` (the chance to shut in whole turns in 100, or the expected score to one decimal), listed by the tiles
    left, never by set, one position a line, under a line saying that a set for ``roll`` leaves only some of them.
    The method (cross each set's tiles off, look the rest up, compare) is the hint's and the page's, not the
    question's.  On paper the same list is one line (a sheet prints the prompt as plain text).  ValueError for a
    one-die rule the lessons do not use."""
    open_tiles = tuple(sorted(set(open_tiles)))
    question = tr(
        "Tiles {items} are open and you rolled {roll}. Which set is best to {value}?",
        items=tile_list(open_tiles),
        roll=roll,
        value=tr("shut the box") if objective == "shut" else tr("keep the score low"),
    )
    values = table(Rules(one_die=one_die), objective)
    lefts = {tuple(x for x in open_tiles if x not in st) for st in tiles_summing_to(roll, open_tiles)}
    lefts |= set(decoy_positions(open_tiles, roll, objective, one_die))
    items = [
        tr(
            "{tiles} open: {value}",
            tiles=tile_list(left) or tr("nothing"),
            value=chance_words(values.value(mask_of(left)))
            if objective == "shut"
            else tr("expected score about {n}", n=number(float(values.value(mask_of(left))), 1)),
        )
        for left in sorted(lefts)
    ]
    if objective == "shut":
        head = tr(
            "The computer's table gives the chance to shut each position below. A set for {roll} leaves only some "
            "of them:",
            roll=roll,
        )
    else:
        head = tr(
            "The computer's table gives the expected score of each position below. A set for {roll} leaves only "
            "some of them:",
            roll=roll,
        )
    rule = {
        "never": tr("You roll two dice every time."),
        "after_789": tr("You may roll one die once 7, 8 and 9 are covered."),
    }
    if one_die not in rule:
        raise ValueError(tr("one-die rule {rule!r}: the lessons' questions use never or after_789", rule=one_die))
    head = rule[one_die] + " " + head
    # each item ends as in a sentence (";", the last "."), so the text read without its tags, as the guide's
    # solutions print it, is still a sentence
    marks = [";"] * (len(items) - 1) + ["."]
    page = (
        question + "<br>\n" + head + "\n<ul>\n" + "".join(f"<li>{i}{m}</li>\n" for i, m in zip(items, marks)) + "</ul>"
    )
    return page, question + " " + head + " " + " ".join(i + m for i, m in zip(items, marks))


def decoy_count(roll: int) -> int:
    """How many decoys a given-values list holds: one for an even roll, two for an odd one, so the answer is second
    in some lists and third in others, and no place in the list answers every question."""
    return 1 + roll % 2


def decoy_positions(open_tiles: Iterable[int], roll: int, objective: str, one_die: str = Rules().one_die) -> list:
    """The positions no set for ``roll`` leaves, to list among the ones it does (:func:`given_values_prompt`):
    :func:`decoy_count` positions that a set for a nearby total leaves (one away, then two, ...), each valued better
    than the best set's (a higher chance, a lower score) and the closest such values to it, each reading differently
    from every other value once rounded as the list shows it (whole turns in 100, or one decimal), so the list never
    ties.  So the best number in the list is always a decoy, never the answer: "cover the set that leaves the best
    number" answers no question, and the answer, the best of the sets for ``roll``, is never the list's last
    number either when two or more sets make the roll."""
    open_tiles = tuple(sorted(set(open_tiles)))
    t = table(Rules(one_die=one_die), objective)

    def shown(left: tuple) -> float:  # the value as the list reads it
        v = float(t.value(mask_of(left)))
        return round(100 * v) if objective == "shut" else round(v, 1)

    def good(left: tuple) -> Fraction:  # larger is better, for either goal
        return -t.value(mask_of(left)) if objective == "score" else t.value(mask_of(left))

    def lefts_for(totals: Iterable[int]) -> set:
        return {
            tuple(x for x in open_tiles if x not in st)
            for total in totals
            for st in tiles_summing_to(total, open_tiles)
        }

    real = lefts_for([roll])
    if not real:
        return []
    best = max(good(left) for left in real)
    taken = {shown(left) for left in real}
    decoys: list = []
    for away in range(1, 12):
        near = sorted(left for left in lefts_for((roll - away, roll + away)) - real if good(left) > best)
        for left in sorted(near, key=lambda left: good(left) - best):
            if len(decoys) < decoy_count(roll) and shown(left) not in taken:
                decoys.append(left)
                taken.add(shown(left))
    return decoys


def decoy_counted(
    checker: Callable[[Any], tuple[bool, str]], open_tiles: Iterable[int], roll: int, objective: str, one_die: str
) -> Callable[[Any], tuple[bool, str]]:
    """``checker`` for a list of :func:`given_values_prompt`, where a set that does not answer the roll counts as a
    wrong try with its own reason, so picking numbers off the list and trying their sets one by one costs tries:
    a listed position's tiles typed as the answer (the tiles left open, not the set covered; never said which set
    leaves them), a set with a covered tile (named), a set for another total (its total named; when it leaves a
    decoy, said so).  What ``checker`` cannot read (not one set of tiles 1 to 9) is its own to refuse, no try
    used."""
    open_tiles = tuple(sorted(set(open_tiles)))
    decoys = set(decoy_positions(open_tiles, roll, objective, one_die))
    listed = decoys | {tuple(x for x in open_tiles if x not in st) for st in tiles_summing_to(roll, open_tiles)}

    def check(answer: Any) -> tuple[bool, str]:
        try:
            sets = parse_sets(str(answer))
        except ValueError:
            sets = []
        if len(sets) != 1 or sum(sets[0]) == roll and set(sets[0]) <= set(open_tiles):
            return checker(answer)
        typed = sets[0]
        name = "+".join(map(str, typed))
        if tuple(sorted(typed)) in listed:
            return False, tr(
                "{tiles}: those are tiles left open. Write the set you cover: open tiles that make {roll}.",
                tiles=tile_list(sorted(typed)),
                roll=roll,
            )
        if covered := covered_reason(typed, open_tiles):
            return False, covered
        if tuple(x for x in open_tiles if x not in typed) in decoys and len(typed) > 1:
            return False, tr(
                "{set} makes {total}, not {roll}: the position it leaves is in the list, but no set for {roll} "
                "leaves it. Find the sets that make {roll}.",
                set=name,
                total=sum(typed),
                roll=roll,
            )
        if len(typed) == 1:
            return False, tr("Tile {tile} alone makes {tile}, not {roll}.", tile=typed[0], roll=roll)
        return False, tr("{set} makes {total}, not {roll}.", set=name, total=sum(typed), roll=roll)

    return check


def go_on_count_exercise(position: tuple, rules: Rules | None = None) -> Exercise:
    """Lesson 4's exercises 5 and 6: "which set is best to shut the box?" on ``position`` (open tiles, roll, goal
    "shut"), whose positions left are too big for a tree on paper.  The prompt gives the chance to shut every
    position a set can leave and its decoys (:func:`given_values_prompt`: a short question, then the values as a
    list, by the tiles left, never by set), so picking the top value is not enough: the pupil works out what each
    set leaves and compares those chances — the lesson's method, not a shortcut.  A set for another total (one that
    leaves a decoy too) is a wrong try, with that reason (:func:`decoy_counted`).  The answer is judged by the exact
    table.  A wrong set is told the tiles it leaves (never which rule of thumb picks it: the page teaches the rules
    of thumb after exercise 5), how many of the 36 outcomes let you go on with them (lesson 3's count), their
    chance, and that another set leaves a position shut more often (never which one).
    Exercise 5: the count picks the table's best set alone.  Exercise 6 (the final challenge), the other way round:
    the count picks a worse set alone and no rule of thumb of lesson 4 (:data:`RULES_OF_THUMB`) picks the best set
    alone, so only the values decide; the right answer is then told that the count picked another set.
    ValueError for another goal or a position that is neither (the count ties, or a rule of thumb finds the best
    set where the count misses it)."""
    open_tiles, roll, objective = position
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(open_tiles)))
    ex = best_set_exercise(open_tiles, roll, objective, rules)
    counted = outcomes_rule_set(open_tiles, roll)
    sets = tiles_summing_to(roll, open_tiles)
    best_set = parse_sets(ex.solutions[0])[0] if len(ex.solutions) == 1 else None
    count_finds = ["+".join(map(str, counted or ()))] == ex.solutions
    fits = count_finds or (
        counted is not None
        and best_set is not None
        and tuple(counted) != tuple(best_set)
        and all(rule_of_thumb_picks(r, sets) != [tuple(best_set)] for r in RULES_OF_THUMB)
    )
    if objective != "shut" or not fits:
        raise ValueError(
            tr(
                "tiles {items} and a roll of {roll}: the count of outcomes picks no set alone, or misses the best set "
                "where a rule of thumb finds it",
                items=tile_list(open_tiles),
                roll=roll,
            )
        )
    ex.prompt, ex.paper_prompt = given_values_prompt(open_tiles, roll, objective, rules.one_die)
    t = table(rules, objective)
    m = mask_of(open_tiles)
    best_count = go_on_outcomes(x for x in open_tiles if x not in parse_sets(ex.solutions[0])[0])

    judge = ex.checker

    def check(answer: Any) -> tuple[bool, str]:
        ok, why = judge(answer)
        if ok and count_finds:
            return ok, why + " " + tr("With the tiles it leaves, {n} of the 36 outcomes let you go on.", n=best_count)
        if ok:
            return ok, why + " " + tr(
                "With the tiles it leaves, {n} of the 36 outcomes let you go on. After {other}, more go on ({m}), but "
                "the next rolls shut what it leaves less often: here the values decide, not the count.",
                n=best_count,
                other="+".join(map(str, counted)),
                m=go_on_outcomes(x for x in open_tiles if x not in counted),
            )
        typed = one_legal_set(answer, open_tiles, roll)
        if typed is None:
            return ok, why
        s = tuple(sorted(typed, reverse=True))
        left = [x for x in open_tiles if x not in s]
        facts = tr(
            "{items} leaves {left}: {n} of the 36 outcomes let you go on, and the next rolls shut them in "
            "{value}. Another set leaves a position that the next rolls shut more often.",
            items="+".join(map(str, s)),
            left=tile_list(left),
            n=go_on_outcomes(left),
            value=chance_words(t.value(m ^ mask_of(s))),
        )
        return False, tr("Not the best.") + " " + facts

    ex.checker = decoy_counted(check, open_tiles, roll, objective, rules.one_die)
    ex.hint = tr(
        "First find every set of open tiles that makes {roll}. For each set, cross its tiles off {items}: the tiles "
        "left are the position it leaves. Find each of those positions in the list of chances. Which set leaves "
        "the position that is shut most often?",
        roll=roll,
        items=tile_list(open_tiles),
    )
    return ex


SHUT_CHALLENGE = ((1, 2, 4, 5, 7, 8, 9), 12, "shut")
"""Lesson 4's final challenge (two dice always): five sets make 12, and 8+4 leaves the best position (about 6 turns
in 100).  The outcome count picks 7+5 (36 outcomes go on after it, 33 after 8+4; about 5 turns in 100), the largest
tile 9+2+1, the most tiles 5+4+2+1, two tiles close in value 7+5, and the fewest tiles cannot choose between 8+4
and 7+5: only the values decide (:func:`go_on_count_exercise` checks it)."""


ONE_TILE_CHANCE = 8
"""The tile lesson 4's first exercise leaves alone (5 of the 36 outcomes make 8: about 14 turns in 100)."""


def one_tile_chance_exercise(tile: int = ONE_TILE_CHANCE, rules: Rules | None = None) -> Exercise:
    """Lesson 4's first tree, by the pupil: another tile and ``tile`` are open, the roll covers the other one, so
    ``tile`` alone is left; how often do the next rolls shut it?  One branch (the roll that makes ``tile``) shuts,
    so the answer is its k/36 in turns in 100 (:func:`leave_value_exercise`, whose wrong answers get their reasons:
    the count of 36 typed as turns in 100, the decimals cut off).  ValueError for a tile two dice never make."""
    rules = rules or Rules(one_die="never")
    other = next(t for t in (3, 2, 4, 5, 6) if t != tile)
    if tile not in range(2, 10):
        raise ValueError(tr("tile {tile}: two dice never make it alone", tile=tile))
    ex = leave_value_exercise((other, tile), other, (other,), "shut", rules)
    ex.hint = tr(
        "Only tile {tile} is left. Which total of two dice covers it? Count its outcomes of 36, then turn that "
        "chance into turns in 100.",
        tile=tile,
    )
    return ex


HABIT_NAMES = {
    RULES_OF_THUMB[0]: N_("The largest tile picks this set, but here it leaves a worse position."),
    RULES_OF_THUMB[1]: N_("Covering the most tiles picks this set, but here it leaves a worse position."),
    RULES_OF_THUMB[2]: N_("Covering the fewest tiles picks this set, but here it leaves a worse position."),
    RULES_OF_THUMB[3]: N_("Covering two tiles close in value picks this set, but here it leaves a worse position."),
}
"""What a wrong set's feedback adds when one of lesson 4's habits picks that set alone (translated when said)."""


def given_values_exercise(position: tuple, rules: Rules | None = None) -> Exercise:
    """Lesson 5's exercise 5: "which set is best for a low score?" on ``position`` (open tiles, roll, goal), too big
    for a tree, with the value of every position a set can leave and a decoy given (:func:`given_values_prompt`),
    judged by the exact table under ``rules``.  A wrong set is told the tiles it leaves, their value, that another
    set does better (never which), and which of lesson 4's habits picks it, when one does
    (:data:`HABIT_NAMES`); a set for another total (one that leaves a decoy too) is a wrong try (:func:`decoy_counted`).
    ValueError for a position a habit answers, or with fewer than three sets: the values must decide."""
    open_tiles, roll, objective = position
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(open_tiles)))
    sets = [tuple(sorted(s, reverse=True)) for s in tiles_summing_to(roll, open_tiles)]
    ex = best_set_exercise(open_tiles, roll, objective, rules)
    best = [tuple(parse_sets(s)[0]) for s in ex.solutions]
    if len(sets) < 3 or any(len(best) == 1 and rule_of_thumb_picks(r, sets) == best for r in RULES_OF_THUMB):
        raise ValueError(
            tr(
                "tiles {items} and a roll of {roll}: a rule of thumb finds the best set, or fewer than three sets "
                "make the roll",
                items=tile_list(open_tiles),
                roll=roll,
            )
        )
    ex.prompt, ex.paper_prompt = given_values_prompt(open_tiles, roll, objective, rules.one_die)
    t = table(rules, objective)

    def check(answer: Any) -> tuple[bool, str]:
        ok, why = ex_checker(answer)
        typed = None if ok else one_legal_set(answer, open_tiles, roll)
        if typed is None:
            return ok, why
        s = tuple(sorted(typed, reverse=True))
        left = [x for x in open_tiles if x not in s]
        value = t.value(mask_of(left))
        if objective == "shut":
            facts = tr(
                "{items} leaves {left}, and the next rolls shut them in {value}. Another set leaves a position that "
                "the next rolls shut more often.",
                items="+".join(map(str, s)),
                left=tile_list(left),
                value=chance_words(value),
            )
        else:
            facts = tr(
                "{items} leaves {left}, with an expected score of about {value}. Another set leaves a lower "
                "expected score.",
                items="+".join(map(str, s)),
                left=tile_list(left),
                value=number(float(value), 1),
            )
        habits = [tr(HABIT_NAMES[r]) for r in RULES_OF_THUMB if rule_of_thumb_picks(r, sets) == [s]]
        return False, " ".join([tr("Not the best."), facts, *habits])

    ex_checker = ex.checker
    ex.checker = decoy_counted(check, open_tiles, roll, objective, rules.one_die)
    if objective == "score":
        ex.hint = tr(
            "First find every set of open tiles that makes {roll}. For each set, cross its tiles off {items}: the "
            "tiles left are the position it leaves. Find each of those positions in the list. Which set leaves the "
            "lowest expected score?",
            roll=roll,
            items=tile_list(open_tiles),
        )
    else:
        ex.hint = tr(
            "First find every set of open tiles that makes {roll}. For each set, cross its tiles off {items}: the "
            "tiles left are the position it leaves. Find each of those positions in the list of chances. Which set "
            "leaves the position that is shut most often?",
            roll=roll,
            items=tile_list(open_tiles),
        )
    return ex
