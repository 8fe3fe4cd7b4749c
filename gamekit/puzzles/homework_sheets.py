"""The teachers' homework page (docs/teachers/homework.md and its Spanish twin) and the paper sheets it holds: the
codes per game, the pupils' sheets to print and the answer key (the sets: :mod:`gamekit.puzzles.homework`)."""

from __future__ import annotations

from typing import Any

from gamekit import catalog
from gamekit.core.saved import is_int
from gamekit.i18n import tr
from gamekit.progress import level
from gamekit.puzzles.core import (
    Puzzle,
    action_key,
    move_words,
)
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.practice_words import why_right
from gamekit.puzzles.sets import stakes
from gamekit.widgets.exercise import shown_order

from gamekit.puzzles.homework import (
    HomeworkSet,
    homework_codes,
    homework_set,
    set_minutes_words,
    set_idea,
    theme_lessons,
    when_to_set,
    parse_code,
)


def homework_page(n: int = 10, seed: int = 1) -> str:
    """The teachers' page of homework codes (docs/teachers/homework.md, and docs/teachers/es/ in Spanish), in
    the current language: how a pupil opens a code, a table per game of :func:`homework_codes` (with when to set
    each and about how long it takes), then :func:`pupil_sheets` to print and :func:`answer_key` apart."""
    lines = [
        "# " + tr("Homework codes"),
        "",
        tr(
            "A homework code opens the same puzzles, in the same order, for every pupil. The pupil types it into "
            "the homework box at the bottom of the game's Practice page and presses Open."
        ),
        "",
        tr(
            "A code reads game-idea-puzzles-number. Change the last number for another set on the same idea. An "
            "idea with few puzzles gives some of them again: below each table are the codes that give the same "
            "puzzles whatever the number."
        ),
        "",
        tr(
            "Each puzzle is about one idea. Its first Hint asks the question that idea needs, never the answer. "
            "Each set runs from the easiest puzzle to the hardest."
        ),
        "",
    ]
    lines += [
        tr(
            "Levels: the levels of the set's easiest and hardest puzzle, as the puzzles' titles on the Practice "
            "page show them. Lessons: the lessons the puzzles' idea comes from (Connect Four: the 5 en raya "
            "lessons)."
        ),
        "",
        tr(
            "When: the lesson after which to set the code, and about how long the set takes. A rough guide: "
            "1 minute a puzzle at levels 1–3, 2 minutes at levels 4–6, 3 minutes above."
        ),
        "",
        tr(
            "On paper: print a code's pupil sheet. It has the questions and the positions, no answers. Then the "
            "answer key comes after all the sheets, apart. The sheets and the key are for the codes ending in -1. "
            "Another number gives other puzzles: their answers are on the Practice page."
        ),
        "",
    ]
    codes = homework_codes(n, seed)
    sets = {code: homework_set(*parse_code(code)[:2], size, seed) for _, code, _, size in codes}  # drawn once
    current = None
    other: dict[str, list[str]] = {}  # per game: the codes with puzzles under rules other than the lessons'
    whole: dict[str, list[str]] = {}  # per game: the codes that hold every puzzle of their idea
    replies: dict[str, bool] = {}  # per game: whether a wrong answer has a line of best replies to show
    for game, code, idea, size in codes:
        if game != current:
            current = game
            lines += [
                "## " + game,
                "",
                "| "
                + " | ".join((tr("Code"), tr("Idea"), tr("Puzzles"), tr("Levels"), tr("Lessons"), tr("When")))
                + " |",
                "|---|---|---|---|---|---|",
            ]
        game_id, theme, _, _ = parse_code(code)
        puzzles = sets[code]
        replies[game] = replies.get(game, False) or any(r.get("line") for p in puzzles for r in p.refutations.values())
        levels = sorted(level(p.rating) for p in puzzles)
        span = str(levels[0]) if levels[0] == levels[-1] else f"{levels[0]}–{levels[-1]}"
        if theme is not None and size == len(practice_pool(game_id, theme)):
            whole.setdefault(game, []).append(f"`{code}`")
        lines.append(
            f"| `{code}` | {set_idea(game_id, theme, idea, puzzles)} | {size} | {span} | "
            f"{theme_lessons(game_id, theme)} | "
            f"{when_to_set(game_id, theme)}; {set_minutes_words(puzzles)} |"
        )
        lessons_rules = getattr(catalog.get(game_id).puzzle_module(), "lessons_rules", None)
        if lessons_rules is not None and not all(lessons_rules(p) for p in puzzles):
            other.setdefault(game, []).append(f"`{code}`")
    out = []
    for i, line in enumerate(lines):  # a blank line after each table, then its note on other rules
        out.append(line)
        if line.startswith("| `") and (i + 1 == len(lines) or lines[i + 1].startswith("## ")):
            game = next(g for g in reversed(lines[:i]) if g.startswith("## "))[3:]
            out.append("")
            out += [
                tr(
                    "On the Practice page a right answer also says why, and a wrong one shows the best replies (Show"
                    " what happens plays them)."
                )
                if replies.get(game)
                else tr(
                    "On the Practice page a right answer also says why, and a wrong one gives its chance to shut the"
                    " box (or its expected score) next to the best choice's, and what it left open."
                ),
                "",
            ]
            if game in whole:
                out += [
                    tr(
                        "Every number gives the same puzzles for {codes}: each holds every puzzle of its idea.",
                        codes=", ".join(whole[game]),
                    ),
                    "",
                ]
            if game in other:
                out += [
                    tr(
                        "Other rules: {codes} also ask under another rule for rolling one die (two dice on every "
                        "roll, as in lesson 4's table); each of those puzzles states its rule.",
                        codes=", ".join(other[game]),
                    ),
                    "",
                ]
    out += pupil_sheets(n, seed, sets) + [""] + answer_key(n, seed, sets)
    return "\n".join(out)


def sheet_question(puzzle: Puzzle) -> str:
    """A puzzle's question on a pupil sheet, as the Practice page asks it: its prompt, then what is at stake and
    how many answers are right (:func:`gamekit.puzzles.sets.stakes`: a Dots puzzle's score and "n lines do it"); a
    game's ``lesson_prompt(puzzle, None)`` where it has one (Shut the Box: how to use the question's table)."""
    own = getattr(catalog.get(puzzle.game_id).puzzle_module(), "lesson_prompt", lambda puzzle, lesson: None)
    return (own(puzzle, None) or puzzle.prompt()) + " " + stakes(puzzle)


def sheet_choices(puzzle: Puzzle) -> list[str]:
    """The choices a pupil sheet lists for a game of choices (Shut the Box: the sets, or one die or two), in the
    order the Practice page shows its buttons (:func:`gamekit.widgets.exercise.shown_order`); [] for a board
    game, where the pupil names a line or a column on the board, and for an answer built from parts (the game's
    ``pick_parts``: Shut the Box's tiles to cover), which the pupil writes."""
    module = catalog.get(puzzle.game_id).puzzle_module()
    if catalog.get(puzzle.game_id).puzzle_board is not None or getattr(module, "pick_parts", lambda p: None)(puzzle):
        return []
    return [move_words(puzzle.game_id, a) for a in shown_order(puzzle.legal_answers(), puzzle.id)]


ANSWER_SPACE = "_" * 30
"""The line a pupil writes an answer on."""


def sheet_key(game_id: str) -> list[str]:
    """The lines at the top of each pupil sheet of ``game_id`` that say how to read its boards: the game's puzzle
    module's ``sheet_key(game_id)`` — a sentence and a small board — with the board drawn as the sheet draws its
    positions (the game's ``paper_board``; Dots: how a line is named, 5 en raya: its full outer columns).  [] for
    a game whose sheet needs no key."""
    own = getattr(catalog.get(game_id).puzzle_module(), "sheet_key", None)
    found = own(game_id) if own is not None else None
    if found is None:
        return []
    sentence, board = found
    picture = catalog.of(board).paper_board(board)
    return [sentence, "", "```text", *picture.splitlines(), "```", ""]


def pupil_sheets(n: int = 10, seed: int = 1, sets: "dict[str, HomeworkSet] | None" = None) -> list[str]:
    """The printable pupil sheets of :func:`homework_codes` as Markdown lines: for each code a name line, then
    each puzzle numbered as the pupils meet them: its question as Practice asks it (:func:`sheet_question`), the
    choices for a game of choices (:func:`sheet_choices`), its position drawn as text (the lessons' paper board)
    and a line for the answer; no answers, so a class can work a set on paper.  ``sets`` (code -> its
    :class:`HomeworkSet`, as :func:`homework_page` draws them once for the sheets and the key) saves drawing each
    set again; without it each is drawn here."""
    lines = [
        "## " + tr("Pupil sheets"),
        "",
        tr(
            "One sheet per code: the questions and positions in the order Practice gives them, without the "
            "answers. Print the sheet you need."
        ),
        "",
    ]
    for _, code, idea, size in homework_codes(n, seed):
        game_id, theme, _, _ = parse_code(code)
        lines += ["### `" + code + "` — " + idea, "", tr("Name:") + " " + ANSWER_SPACE, ""]
        lines += sheet_key(game_id)
        for i, puzzle in enumerate(_drawn(sets, code, game_id, theme, size, seed), 1):
            board = paper_position(puzzle)
            lines += [f"{i}. {sheet_question(puzzle)}", ""]
            choices = sheet_choices(puzzle)
            if choices:
                lines += ["   " + tr("Choose from: {choices}.", choices=" · ".join(choices)), ""]
            table = getattr(catalog.get(game_id).puzzle_module(), "paper_table", lambda p: [])(puzzle)
            written = getattr(catalog.get(game_id).puzzle_module(), "paper_answer", lambda p: None)(puzzle)
            lines += [
                "   ```text",
                *("   " + row for row in board.splitlines()),
                "   ```",
                "",
                *(("   " + row).rstrip() for row in table),  # Shut the Box: the question's value table
                *([""] if table else []),
                "   " + (written or tr("Your answer:")) + " " + ANSWER_SPACE,
                "",
            ]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def _drawn(
    sets: "dict[str, HomeworkSet] | None", code: str, game_id: str, theme: str | None, size: int, seed: int
) -> "HomeworkSet":
    """The set of ``code``: from ``sets`` when it was drawn already (checked to be that code's), else drawn now."""
    if sets is not None and not isinstance(sets, dict):
        raise TypeError(tr("sets={sets!r}: a dict of homework sets by code, or None", sets=sets))
    if sets is None or code not in sets:
        return homework_set(game_id, theme, size, seed)
    found = sets[code]
    if not isinstance(found, HomeworkSet) or found.code != code:
        raise ValueError(tr("sets[{code!r}]: not the homework set of that code", code=code))
    return found


def key_reasons(puzzle: Puzzle, theme: str | None) -> list[tuple[list[Any], str]]:
    """A puzzle's right answers grouped by the reason Practice gives after each of them: ``[(answers, reason),
    ...]``, each reason :func:`why_right` for that answer and the idea a set of ``theme`` asks the puzzle for (the
    set's idea where the puzzle carries it, else the puzzle's first), in the order of the first answer of each
    group (answers sorted as the key lists them)."""
    idea = theme if theme in puzzle.themes else None
    groups: dict[str, list[Any]] = {}
    for answer in sorted(puzzle.answers, key=action_key):
        groups.setdefault(why_right(puzzle, idea, answer), []).append(answer)
    return [(answers, reason) for reason, answers in groups.items()]


def answer_key(n: int = 10, seed: int = 1, sets: "dict[str, HomeworkSet] | None" = None) -> list[str]:
    """The answer key to :func:`pupil_sheets` as Markdown lines, printed apart from them: for each code, each
    puzzle's number, every right answer and, after a dash, the reason Practice gives after that answer
    (:func:`key_reasons`); answers with different reasons each get a line of their own under the number.
    ``sets``: the sets already drawn, as for :func:`pupil_sheets`."""
    lines = [
        "## " + tr("Answer key"),
        "",
        tr(
            "The right answers to the pupil sheets above (the codes ending in -1), by puzzle number; where "
            "several answers are right, any one of them is."
        ),
        "",
    ]
    for _, code, idea, size in homework_codes(n, seed):
        game_id, theme, _, _ = parse_code(code)
        lines += ["### `" + code + "` — " + idea, ""]
        for i, puzzle in enumerate(_drawn(sets, code, game_id, theme, size, seed), 1):
            groups = [
                (", ".join(move_words(game_id, a) for a in answers), reason)
                for answers, reason in key_reasons(puzzle, theme)
            ]
            if len(groups) == 1:
                lines.append(f"{i}. {groups[0][0]} — {groups[0][1]}")
            else:
                lines.append(f"{i}.")
                lines += [f"   - {answers} — {reason}" for answers, reason in groups]
            working = getattr(catalog.get(game_id).puzzle_module(), "key_working", lambda p: None)(puzzle)
            if working:  # Shut the Box: which set leaves what, and its value in the question's table
                lines.append(f"   {working}")
        lines.append("")
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def paper_position(puzzle: Puzzle) -> str:
    """A puzzle's position drawn as text for paper, as the lessons' worksheets draw it: a board game's dots or
    grid (the game's ``paper_board``, else the position's text form), or for a game of choices (Shut the Box) the
    row of tiles 1–9 (covered ones blacked out) and the roll."""
    position = puzzle.position
    paper = catalog.of(position).paper_board
    if paper is not None:
        return paper(position)
    if catalog.get(puzzle.game_id).puzzle_board is not None:  # a grid of drops: its text form
        return str(position)
    open_tiles = set(position.open_tiles)
    lines = [
        "| " + " | ".join(str(t) if t in open_tiles else "■" for t in range(1, 10)) + " |",
        tr("■ = a covered tile"),
    ]
    roll = puzzle.facts.get("roll")  # a "which set?" puzzle's roll ("one die or two?": before the roll)
    if is_int(roll):
        lines.append(tr("The dice show {roll}.", roll=roll))
    return "\n".join(lines)


__all__ = [
    "homework_page",
    "pupil_sheets",
    "answer_key",
    "key_reasons",
    "sheet_question",
    "sheet_choices",
    "paper_position",
    "sheet_key",
]
