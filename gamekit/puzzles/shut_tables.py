"""The value table of a Shut the Box "which set?" question: every group of tiles the pupil could leave open with
any roll from the question's position, each with its exact value under the question's rule and goal (the chance
to shut the box from there, or the expected score), from the exact solver (:mod:`gamekit.shutbox.strategy`).

The pupil lists the sets that make the roll (lesson 2), finds what each leaves open and looks it up (lesson 4's
method).  The rows for the other rolls are honest distractors: the table does not point at the roll's sets.  Rows
are sorted by their tiles (as in a dictionary), never by value.  :func:`table_rows` computes it,
:func:`table_html` draws it for the Practice page (a plain two-column table, readable at 320 px),
:func:`table_lines` writes it as a Markdown table for paper, and :func:`working_words` gives the answer key's
working (which set leaves what, and its value in the table).
"""

from __future__ import annotations

import html
from fractions import Fraction

from gamekit.i18n import percent, number, tr
from gamekit.puzzles.core import Puzzle
from gamekit.shutbox import Rules
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of, tiles_summing_to


def has_table(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is a "which set?" question (the ones that carry a value table)."""
    return puzzle.facts.get("kind") == "set"


def roll_totals(one_die: str, open_tiles) -> list[int]:
    """The roll totals the dice can show with ``open_tiles`` open under the one-die rule ``one_die``: 2 to 12 with
    two dice, 1 to 6 with one die when the rule allows it there."""
    options = Rules(one_die=one_die).dice_options(mask_of(tuple(open_tiles)))
    totals: set[int] = set()
    if 1 in options:
        totals |= set(range(1, 7))
    if 2 in options:
        totals |= set(range(2, 13))
    return sorted(totals)


def leftovers(one_die: str, open_tiles) -> list[tuple[int, ...]]:
    """Every group of tiles (sorted, possibly empty) that some set for some roll (:func:`roll_totals`) leaves open,
    each once, in dictionary order of the tiles."""
    open_tiles = tuple(sorted(open_tiles))
    found = set()
    for total in roll_totals(one_die, open_tiles):
        for s in tiles_summing_to(total, open_tiles):
            found.add(tuple(t for t in open_tiles if t not in s))
    return sorted(found)


def table_rows(puzzle: Puzzle) -> list[tuple[tuple[int, ...], Fraction]]:
    """The value table of a "which set?" question: ``[(tiles left open, exact value), ...]`` for every group of
    :func:`leftovers`, the value being the chance to shut the box from there (goal ``"shut"``) or the expected
    score (goal ``"score"``) under the question's one-die rule, with best play on every roll still to come (no
    tiles left: the box is shut).  Not a "which set?" question: ValueError."""
    if not has_table(puzzle):
        raise ValueError(tr('table_rows: a "which set?" question only'))
    f = puzzle.facts
    solved = table(Rules(one_die=f["one_die"]), f["objective"])
    return [(left, solved.value(mask_of(left) if left else 0)) for left in leftovers(f["one_die"], f["open"])]


def value_words(objective: str, value: Fraction) -> str:
    """A table value as printed: a chance with one decimal (``"23.1%"``), an expected score with two."""
    return percent(float(value), 1) if objective == "shut" else number(float(value), 2)


def left_words(left) -> str:
    """A group of tiles left open as the table prints it: ``"1 2 5"``, or "none (shut)"."""
    return " ".join(map(str, left)) if left else tr("none (box shut)")


def heading(objective: str) -> tuple[str, str]:
    """The two column headings of the table for the goal."""
    value = tr("Your chance to shut the box") if objective == "shut" else tr("Your expected score")
    return tr("Tiles left open"), value


def caption(puzzle: Puzzle) -> str:
    """The sentence above the table (its text description too): what it lists, under which rule."""
    if puzzle.facts["objective"] == "shut":
        return tr(
            "Every group of tiles you could leave open after any roll, with your chance to shut the box from there. "
            "This question's rule, best play to the end."
        )
    return tr(
        "Every group of tiles you could leave open after any roll, with your expected score from there. This "
        "question's rule, best play to the end."
    )


def how_to_use(puzzle: Puzzle) -> str:
    """What the question says about its table, in short sentences (never the answer)."""
    return tr(
        "Use the table. List the sets that make {roll}. Find what each set leaves open, and look it up.",
        roll=puzzle.facts["roll"],
    )


def table_lines(puzzle: Puzzle) -> list[str]:
    """The value table as Markdown lines for a paper sheet: the caption, then a two-column table."""
    objective = puzzle.facts["objective"]
    left_head, value_head = heading(objective)
    lines = [caption(puzzle), "", f"| {left_head} | {value_head} |", "|---|---:|"]
    lines += [f"| {left_words(left)} | {value_words(objective, v)} |" for left, v in table_rows(puzzle)]
    return lines


def table_html(puzzle: Puzzle) -> str:
    """The value table as HTML for the Practice page: the caption as the table's caption (its text description for
    a screen reader), headed columns, small type and no fixed width, so it fits a 320 px screen.  A long table
    scrolls inside its box, so the box is a labelled region that takes the keyboard's focus (Tab, then the arrow
    keys scroll it): a scroll box a keyboard cannot reach fails WCAG's scrollable-region-focusable."""
    objective = puzzle.facts["objective"]
    left_head, value_head = heading(objective)
    described = html.escape(caption(puzzle))
    cell = "padding:1px 8px;border-bottom:1px solid #ddd"
    rows = "".join(
        f"<tr><td style='{cell}'>{html.escape(left_words(left))}</td>"
        f"<td style='{cell};text-align:right'>{html.escape(value_words(objective, v))}</td></tr>"
        for left, v in table_rows(puzzle)
    )
    return (
        f"<div class='gamekit-shut-table' tabindex='0' role='region' aria-label='{described}'"
        " style='max-height:18em;overflow-y:auto;max-width:100%'>"
        "<table style='border-collapse:collapse;font-size:0.9em'>"
        f"<caption style='caption-side:top;text-align:left'>{described}</caption>"
        f"<thead><tr><th scope='col' style='{cell};text-align:left'>{html.escape(left_head)}</th>"
        f"<th scope='col' style='{cell};text-align:right'>{html.escape(value_head)}</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></div>"
    )


def set_rows(puzzle: Puzzle) -> list[tuple[tuple[int, ...], tuple[int, ...], Fraction]]:
    """For each set that makes the question's roll: ``(set, tiles it leaves open, table value)``, in the order the
    sets are listed (largest tile first)."""
    f = puzzle.facts
    values = dict(table_rows(puzzle))
    out = []
    for s in sorted(tiles_summing_to(f["roll"], f["open"]), key=lambda s: sorted(s, reverse=True), reverse=True):
        left = tuple(t for t in sorted(f["open"]) if t not in s)
        out.append((tuple(sorted(s, reverse=True)), left, values[left]))
    return out


def working_words(puzzle: Puzzle) -> str:
    """The answer key's working for a "which set?" question: each set, what it leaves open and its value in the
    table, then which is best."""
    objective = puzzle.facts["objective"]
    parts = [
        tr(
            "{set} leaves {left}: {value}",
            set=" + ".join(map(str, s)),
            left=left_words(left),
            value=value_words(objective, v),
        )
        for s, left, v in set_rows(puzzle)
    ]
    best = tr("highest chance") if objective == "shut" else tr("lowest expected score")
    return tr("Working: {parts}. Best: the {best}.", parts="; ".join(parts), best=best)


def lesson_prompt(puzzle: Puzzle, lesson: "int | str | None") -> str | None:
    """A "which set?" question as Practice asks it, whatever lesson is chosen: its prompt, then how to use its table
    (:func:`how_to_use`); None for another question (Practice asks its own prompt).  The lessons' exercises keep
    their own words (:meth:`gamekit.puzzles.core.Puzzle.prompt`)."""
    return puzzle.prompt() + " " + how_to_use(puzzle) if has_table(puzzle) else None


def question_table(puzzle: Puzzle) -> str | None:
    """The HTML Practice shows under a question (:func:`table_html`), or None for a question with no table."""
    return table_html(puzzle) if has_table(puzzle) else None


def paper_table(puzzle: Puzzle) -> list[str]:
    """The lines a paper sheet prints under a question: its table (:func:`table_lines`; the question says how to
    use it, :func:`lesson_prompt`); [] for a question with no table."""
    return table_lines(puzzle) if has_table(puzzle) else []


def pick_parts(puzzle: Puzzle) -> list[str] | None:
    """The parts a "which set?" question's answer is built from on the Practice page (:mod:`gamekit.puzzles.
    practice_picker`): its open tiles, smallest first, as on the box.  The pupil presses the tiles to cover: a button
    for each set that makes the roll would list the sets for them, which is lesson 2's skill.  None for another
    question (one die or two: its two buttons)."""
    return [str(t) for t in sorted(puzzle.facts["open"])] if has_table(puzzle) else None


def pick_label(puzzle: Puzzle) -> str:
    """The words before the tiles to press on the Practice page (:func:`pick_parts`)."""
    return tr("The tiles you cover:")


def pick_empty(puzzle: Puzzle) -> str:
    """What Check says when no tile is pressed or typed (:func:`pick_parts`)."""
    return tr("Press the tiles you cover, or type them, then press Check.")


def picked_answer(puzzle: Puzzle, parts: list[str]) -> str:
    """The tiles pressed (:func:`pick_parts`), written as the pupil types them, largest first: ``"8+2"``.  A part
    the question does not offer: ValueError naming it."""
    offered = pick_parts(puzzle) or []
    strange = [part for part in parts if part not in offered]
    if strange or not parts:
        raise ValueError(tr("{part!r}: choose one of {items}", part=strange or parts, items=", ".join(offered)))
    return "+".join(sorted(parts, key=int, reverse=True))


def paper_answer(puzzle: Puzzle) -> str | None:
    """The words before a paper sheet's answer line: for a "which set?" question, the tiles to write (the sheet
    lists no sets, as the Practice page does not); None for another question (the sheet's own words)."""
    return tr("The tiles you cover (with + between them):") if has_table(puzzle) else None


def key_working(puzzle: Puzzle) -> str | None:
    """The answer key's working for a question (:func:`working_words`), None for a question with no table."""
    return working_words(puzzle) if has_table(puzzle) else None


__all__ = [
    "has_table",
    "roll_totals",
    "leftovers",
    "table_rows",
    "table_lines",
    "table_html",
    "set_rows",
    "working_words",
    "caption",
    "how_to_use",
    "lesson_prompt",
    "question_table",
    "paper_table",
    "key_working",
    "pick_parts",
    "picked_answer",
    "pick_label",
    "pick_empty",
    "paper_answer",
]
