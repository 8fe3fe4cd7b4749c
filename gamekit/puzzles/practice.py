"""Practice: one puzzle at a time near the pupil's rating, with Hint, feedback, a streak and a rating plot.

::

    from gamekit.puzzles.practice import Practice
    Practice("dots_and_boxes")                      # any puzzle near the pupil's saved rating
    Practice("five_in_a_row", theme="block")        # one theme only
    homework = Practice.set("dots_and_boxes", theme="double_deal", n=10, seed=7)
    homework.code                                   # "dots-double_deal-10-7": give it to the class
    Practice.from_code("dots-double_deal-10-7")     # the same ten puzzles, in the same order
    Practice("dots_and_boxes", personal=True)       # the pupil's own mistakes from reviewed games

The logic is in plain methods (:meth:`Practice.answer`, :meth:`Practice.next`, :meth:`Practice.hint`): a
click on the board, a typed answer or a choice button only calls them.  The first answer to each puzzle
is rated (Glicko-2, :func:`gamekit.puzzles.ratings.update`); the pupil's rating and every attempt are
saved in the progress file (:func:`gamekit.progress.save_rating`, :func:`gamekit.progress.record_attempt`),
so they survive a kernel restart.
"""

from __future__ import annotations

import html
import random
import re
import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import ipywidgets as W

from gamekit import catalog, progress
from gamekit.core.saved import is_int
from gamekit.i18n import N_, Localized, ntr, tr
from gamekit.progress import LEVEL_BASE, LEVEL_STEP, LEVELS, level
from gamekit.puzzles import bank, pick
from gamekit.puzzles.balance import fair_share, one_step_rule
from gamekit.puzzles.core import (
    GAME_IDS,
    GAME_NAMES,
    THEMES,
    Puzzle,
    action_key,
    check_game_id,
    check_theme,
    game_name,
    game_themes,
    line_words,
    move_words,
    puzzle_words,
    theme_hint,
    theme_name,
)
from gamekit.puzzles.ratings import Rating, update
from gamekit.puzzles.sets import stakes, typed_answer
from gamekit.widgets.access import LIVE_CLASS
from gamekit.widgets.canvas import BoardCanvas
from gamekit.widgets.controls import reported
from gamekit.widgets.lesson import (
    NOTE_COLOUR,
    RIGHT_COLOUR,
    WRONG_COLOUR,
    ClassNote,
    Mark,
    shown_order,
    submit_on_enter,
)

CODES = {"dots_and_boxes": "dots", "five_in_a_row": "five", "connect_four": "four", "shut_the_box": "shut"}
"""The short name of each game in a homework code."""
GAMES_BY_CODE = {v: k for k, v in CODES.items()}
MAX_SET = 50
"""The most puzzles in a homework set."""
MARK_COLOURS = {"right": RIGHT_COLOUR, "wrong": WRONG_COLOUR, "answer": "#2e86de"}
"""How a puzzle board marks an answer: judged right, judged wrong, shown by Show answer."""


# ---------------------------------------------------------------------------------------
# Homework sets
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HomeworkSet:
    """A fixed list of puzzles: the same game, theme, size and seed give the same puzzles in the same order."""

    game_id: str
    theme: str | None
    n: int
    seed: int
    puzzles: tuple[Puzzle, ...]

    @property
    def code(self) -> str:
        """The short code a teacher hands out, e.g. ``"dots-double_deal-10-7"``."""
        return set_code(self.game_id, self.theme, self.n, self.seed)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self):
        return iter(self.puzzles)

    def __getitem__(self, i):
        return self.puzzles[i]

    @property
    def ids(self) -> list[str]:
        return [p.id for p in self.puzzles]


def _check_set(game_id: Any, theme: Any, n: Any, seed: Any) -> None:
    check_game_id(game_id)
    if theme is not None:
        check_theme(game_id, theme)
    if not is_int(n) or not 1 <= n <= MAX_SET:
        raise ValueError(tr("n={n!r}: a whole number from 1 to {most}", n=n, most=MAX_SET))
    if not is_int(seed) or seed < 0:
        raise ValueError(tr("seed={seed!r}: a whole number ≥ 0", seed=seed))


def set_code(game_id: str, theme: str | None, n: int, seed: int) -> str:
    """The code of a homework set: ``game-theme-n-seed`` (``all`` for every theme)."""
    _check_set(game_id, theme, n, seed)
    return f"{CODES[game_id]}-{theme or 'all'}-{n}-{seed}"


def practice_pool(game_id: str, theme: str | None = None) -> list[Puzzle]:
    """The puzzles Practice and homework sets draw from: the bank's (one theme, or all) in id order, each
    question once (of twins, the same question under two ids, the first).  With every theme mixed, puzzles a
    one-line rule answers are kept to a fair share of each level (:func:`gamekit.puzzles.balance.fair_share`).
    One theme asked for holds only puzzles whose answer needs that idea: a puzzle a one-line rule answers by
    itself ("block the threat") comes only in the sets of the ideas that are that rule (the game's puzzle
    module's ``ONE_STEP_THEMES``: "win now", "block"; "take a box", "avoid a third side").  On a board, no
    puzzle above level 1 that a guess gets right half the time or more (:func:`guessable`).  A game's puzzle
    module may first choose what Practice asks with ``practice_selection(puzzles, theme)`` (Shut the Box:
    the lessons' rule first, no coin-flip questions in the mixed pool; an idea it leaves empty gets no homework
    code and no Practice of its own)."""
    once = {}
    for p in sorted(bank(game_id, theme=theme), key=lambda p: p.id):
        once.setdefault(p.question_key, p)
    pool = [p for p in once.values() if not guessable(p)]
    module = catalog.get(game_id).puzzle_module()
    select = getattr(module, "practice_selection", None)
    if select is not None:  # the game's own choice of what Practice asks (its module docstring)
        pool = select(pool, theme)
    if theme is None:
        return fair_share(pool)
    if theme not in getattr(module, "ONE_STEP_THEMES", (theme,)):
        pool = [p for p in pool if one_step_rule(p) is None]
    return pool


GUESS_LEVEL = 1
"""The highest level a board puzzle that a guess solves half the time or more may sit at in Practice."""


def guessable(puzzle: Puzzle) -> bool:
    """Whether a board puzzle above level :data:`GUESS_LEVEL` is right for a random guess half the time or more
    (say 2 right drops of 3): such a puzzle measures luck, so Practice leaves it out.  A question of choices
    (Shut the Box: "one die or two?" has two by nature) is not a board puzzle: never."""
    if catalog.get(puzzle.game_id).puzzle_board is None or level(puzzle.rating) <= GUESS_LEVEL:
        return False
    return 2 * len(puzzle.answers) >= len(puzzle.legal_answers())


def homework_set(game_id: str, theme: str | None = None, n: int = 10, seed: int = 0) -> HomeworkSet:
    """``n`` puzzles of a game (one theme, or all), chosen by ``seed`` from :func:`practice_pool` (so no
    question comes twice) and ordered from easy to hard; a set of all the ideas takes one puzzle of each idea in
    turn (the game's theme order), so it mixes them.

    Refused (ValueError) before anything is chosen: an unknown game or theme, ``n`` not a whole number
    from 1 to :data:`MAX_SET` or more than the puzzles there are, a seed that is not a whole number ≥ 0."""
    _check_set(game_id, theme, n, seed)
    pool = practice_pool(game_id, theme)
    if n > len(pool):
        raise ValueError(
            ntr(
                "{asked} puzzles asked for, but this idea has only {n} puzzle.",
                "{asked} puzzles asked for, but this idea has only {n} puzzles.",
                len(pool),
                asked=n,
            )
        )
    rng = random.Random(f"{game_id}-{theme}-{n}-{seed}")
    if theme is not None:
        chosen = rng.sample(pool, n)
    else:  # every idea in turn, so a mixed set mixes the ideas
        queues = [rng.sample(ps, len(ps)) for ps in ([p for p in pool if t in p.themes] for t in THEMES[game_id]) if ps]
        chosen, taken = [], set()
        while len(chosen) < n:
            for queue in queues:
                while queue and queue[0].id in taken:
                    queue.pop(0)
                if queue and len(chosen) < n:
                    taken.add(queue[0].id)
                    chosen.append(queue.pop(0))
    chosen.sort(key=lambda p: (p.rating, p.id))
    return HomeworkSet(game_id, theme, n, seed, tuple(chosen))


def homework_codes(n: int = 10, seed: int = 1) -> list[tuple[str, str, str, int]]:
    """Every ready homework code a teacher can hand out: ``[(game name, code, idea, puzzles), ...]`` in the
    current language — for each game a code of all its themes, then one per theme, each ``n`` puzzles (fewer
    when a theme has fewer) with this ``seed``.  Each code opens with :meth:`Practice.from_code`."""
    _check_set(GAME_IDS[0], None, n, seed)
    rows = []
    for game_id in GAME_IDS:
        game = tr(GAME_NAMES[game_id])
        rows.append((game, set_code(game_id, None, n, seed), tr("all ideas, mixed"), n))
        for theme in THEMES[game_id]:
            size = min(n, len(practice_pool(game_id, theme)))
            if size == 0:  # an idea Practice does not ask on its own
                continue
            rows.append((game, set_code(game_id, theme, size, seed), theme_name(game_id, theme), size))
    return rows


def theme_lessons(game_id: str, theme: str | None) -> str:
    """The lessons an idea comes from, as the teachers' page lists them (``"1, 2"``; every idea: all the lessons
    its ideas come from, and "beyond the lessons" too when one of them is past the lessons and Practice asks it;
    an idea past the lessons says so), from the game's puzzle module's ``THEME_LESSONS``."""
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}
    numbers = sorted({n for t in game_themes(game_id) for n in table.get(t, ())}) if theme is None else table.get(theme)
    if numbers is None:
        return "—"
    if not numbers:
        return tr("beyond the lessons")
    numbers = sorted({*numbers, *needed_lessons(game_id, theme)})
    beyond = theme is None and any(table.get(t) == () and practice_pool(game_id, t) for t in game_themes(game_id))
    listed = ", ".join(map(str, numbers))
    return tr("{lessons} and beyond the lessons", lessons=listed) if beyond else listed


BEYOND = "beyond"
"""The lesson choice of ideas past the lessons (a theme whose ``THEME_LESSONS`` entry is empty)."""
LESSON_WORDS = {"connect_four": N_("5 en raya lesson {n}")}
"""How the lesson chooser names a lesson of a game whose ideas come from another game's lessons (Connect Four
practises the 5 en raya lessons' ideas); any other game: "Lesson {n}"."""


def lesson_themes(game_id: str, lesson: "int | str | None") -> tuple[str, ...]:
    """The themes of a game a lesson taught (its puzzle module's ``THEME_LESSONS``), in the game's theme order;
    :data:`BEYOND`: the themes past the lessons; None: every theme.  A lesson the game does not have is
    refused (ValueError naming it)."""
    check_game_id(game_id)
    if lesson is None:
        return tuple(game_themes(game_id))
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}
    if lesson == BEYOND:
        found = tuple(t for t in game_themes(game_id) if table.get(t) == ())
    elif is_int(lesson):
        found = tuple(t for t in game_themes(game_id) if lesson in table.get(t, ()))
    else:
        raise TypeError(tr("lesson={lesson!r}: a lesson number, “beyond” or None", lesson=lesson))
    if not found:
        raise ValueError(
            tr("lesson={lesson!r}: {game} has no practice for that lesson", lesson=lesson, game=game_name(game_id))
        )
    return found


def lesson_pool(game_id: str, lesson: "int | str | None") -> list[Puzzle]:
    """The puzzles Practice asks for a lesson's ideas: the puzzles of :func:`practice_pool` of each of the
    lesson's themes (each question once, in id order) none of whose other themes is taught only later (a
    lesson-2 puzzle that is also about lesson 4's long-chain count waits for lesson 4; so does one whose question
    the game's ``lesson_needed`` puts in a later lesson); None:
    :func:`practice_pool` of every idea (a fair share of one-step puzzles).  Refused like :func:`lesson_themes`."""
    themes = lesson_themes(game_id, lesson)
    if lesson is None:
        return practice_pool(game_id)
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}

    def taught(theme: str) -> bool:  # by this lesson or an earlier one (past the lessons: "beyond" only)
        numbers = table.get(theme, ())
        return lesson == BEYOND or (bool(numbers) and min(numbers) <= lesson)

    # a game's puzzle module may say which lesson a question needs beyond its themes (``lesson_needed``: a
    # 5 en raya win by force many moves later is no lesson 1 question, whatever its tags)
    needed = getattr(catalog.get(game_id).puzzle_module(), "lesson_needed", None)
    once: dict[Any, Puzzle] = {}
    for theme in themes:
        for p in practice_pool(game_id, theme):
            if lesson != BEYOND and needed is not None and needed(p) > lesson:
                continue
            if all(taught(t) for t in p.themes):
                once.setdefault(p.question_key, p)
    return sorted(once.values(), key=lambda p: p.id)


def lesson_choices(game_id: str) -> list[tuple[str, "int | str | None"]]:
    """The lesson chooser's options ``[(label, lesson), ...]`` in the current language: "All the lessons"
    first, then each lesson with the names of its ideas ("Lesson 2 — pick a safe line"), then the ideas past
    the lessons; a lesson whose ideas have no puzzle for Practice is left out."""
    check_game_id(game_id)
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}
    words = LESSON_WORDS.get(game_id, N_("Lesson {n}"))
    out: list[tuple[str, "int | str | None"]] = [(tr("All the lessons' ideas, mixed"), None)]
    numbers = sorted({n for t in game_themes(game_id) for n in table.get(t, ())})
    for key in [*numbers, BEYOND]:
        try:
            themes = [t for t in lesson_themes(game_id, key) if practice_pool(game_id, t)]
        except ValueError:  # no theme past the lessons
            continue
        if not themes:
            continue
        ideas = ", ".join(theme_name(game_id, t) for t in themes)
        head = tr("Beyond the lessons") if key == BEYOND else tr(words, n=key)
        out.append((tr("{lesson} — {ideas}", lesson=head, ideas=ideas), key))
    return out


def homework_page(n: int = 10, seed: int = 1) -> str:
    """The teachers' page of homework codes (docs/teachers/homework.md, and docs/teachers/es/ in Spanish), in
    the current language: how a pupil opens a code, a table per game of :func:`homework_codes` (with when to set
    each and about how long it takes), then :func:`pupil_sheets` to print and :func:`answer_key` apart."""
    lines = [
        "# " + tr("Homework codes"),
        "",
        tr(
            "A homework code opens the same puzzles, in the same order, for every pupil: the pupil types it into "
            "the homework box at the bottom of the game's Practice page and presses Open. A code reads "
            "game-idea-puzzles-number; change the last number for another set on the same idea."
        ),
        "",
        tr(
            "The idea is the one a puzzle is about; its first Hint asks the question that idea needs, never "
            "the answer. Each set runs from the easiest puzzle to the hardest."
        ),
        "",
    ]
    lines += [
        tr(
            "Levels: the levels (1 to 10, as the Practice page shows them) of the set's easiest and hardest "
            "puzzle. Lessons: the lessons of the game whose idea the puzzles practise (Connect Four: the 5 en "
            "raya lessons)."
        ),
        "",
        tr(
            "When: the lesson after which to set the code, and roughly how long the set takes (a rough "
            "guide: 1 minute a puzzle at levels 1–3, 2 minutes at levels 4–6, 3 minutes above)."
        ),
        "",
        tr(
            "On paper: print a code's pupil sheet (the questions and positions, no answers); the answer key "
            "comes after all the sheets, apart. The sheets and the key are for the codes ending in -1 listed "
            "here; another number gives other puzzles, whose answers the Practice page gives. On the Practice "
            "page a right answer also says why, and a wrong one shows the best replies (Show what happens "
            "plays them)."
        ),
        "",
    ]
    current = None
    other: dict[str, list[str]] = {}  # per game: the codes with puzzles under rules other than the lessons'
    for game, code, idea, size in homework_codes(n, seed):
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
        puzzles = homework_set(game_id, theme, size, seed)
        levels = sorted(level(p.rating) for p in puzzles)
        span = str(levels[0]) if levels[0] == levels[-1] else f"{levels[0]}–{levels[-1]}"
        lines.append(
            f"| `{code}` | {idea} | {size} | {span} | {theme_lessons(game_id, theme)} | "
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
            if game in other:
                out += [
                    tr(
                        "Other rules: {codes} also ask about rules the lessons do not teach; "
                        "each of those puzzles states its rule.",
                        codes=", ".join(other[game]),
                    ),
                    "",
                ]
    out += pupil_sheets(n, seed) + [""] + answer_key(n, seed)
    return "\n".join(out)


def practice_update(pupil: Rating, puzzle: Rating, solved: bool) -> Rating:
    """The pupil's rating after a first try at a puzzle (Glicko-2, :func:`gamekit.puzzles.ratings.update`), except
    that one wrong answer never drops the level the Practice page shows by more than one (the pages promise it):
    a bigger fall stops at the lowest rating of the level just below. Refused like ``update``."""
    after, _ = update(pupil, puzzle, solved)
    floor_level = level(pupil.rating) - 1
    if not solved and floor_level >= 2 and level(after.rating) < floor_level:
        after = Rating(LEVEL_BASE + (floor_level - 1) * LEVEL_STEP, after.rd, after.vol)
    return after


def puzzle_minutes(puzzle: Puzzle) -> int:
    """A rough guide to how long a pupil takes over a puzzle on paper, by its level: 1 minute at levels 1–3,
    2 at levels 4–6, 3 above (a teacher's rule of thumb for planning, not a measurement)."""
    lv = level(puzzle.rating)
    return 1 if lv <= 3 else 2 if lv <= 6 else 3


def set_minutes_words(puzzles: Sequence[Puzzle]) -> str:
    """How long a set takes by :func:`puzzle_minutes`, as the teachers' page says it ("about 15 minutes")."""
    minutes = sum(puzzle_minutes(p) for p in puzzles)
    return ntr("about {n} minute", "about {n} minutes", minutes)


def needed_lessons(game_id: str, theme: str | None) -> list[int]:
    """The lessons the questions of an idea's Practice (``theme``; None: every idea mixed) need beyond what its
    theme says, from the game's puzzle module's ``lesson_needed`` (5 en raya: a *side column* puzzle won only
    by force needs lesson 2's threats): sorted, [] for a game without it."""
    needed = getattr(catalog.get(game_id).puzzle_module(), "lesson_needed", None)
    if needed is None:
        return []
    return sorted({needed(p) for p in practice_pool(game_id, theme)})


def when_to_set(game_id: str, theme: str | None) -> str:
    """When a teacher can set a code: after the last lesson its idea (every idea: every idea it mixes) needs,
    from the game's ``THEME_LESSONS`` and the lessons its questions need (:func:`needed_lessons`); after the
    last lesson when an idea is past the lessons."""
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}
    themes = [t for t in game_themes(game_id) if practice_pool(game_id, t)] if theme is None else [theme]
    numbers = [n for t in themes for n in table.get(t, ())]
    if not numbers or any(table.get(t) == () for t in themes):
        return tr("after the last lesson")
    numbers += needed_lessons(game_id, theme)
    words = AFTER_WORDS.get(game_id, N_("after lesson {n}"))
    return tr(words, n=max(numbers))


AFTER_WORDS = {"connect_four": N_("after 5 en raya lesson {n}")}
"""How the teachers' page says when to set a code of a game whose ideas come from another game's lessons."""


def pupil_sheets(n: int = 10, seed: int = 1) -> list[str]:
    """The printable pupil sheets of :func:`homework_codes` as Markdown lines: for each code, each puzzle's
    question and its position drawn as text (the lessons' paper board), numbered as the pupils meet them, and
    no answers, so a class can work a set on paper."""
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
        lines += ["### `" + code + "` — " + idea, ""]
        for i, puzzle in enumerate(homework_set(game_id, theme, size, seed), 1):
            board = paper_position(puzzle)
            lines += [
                f"{i}. {puzzle.prompt()}",
                "",
                "   ```text",
                *("   " + row for row in board.splitlines()),
                "   ```",
                "",
            ]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def answer_key(n: int = 10, seed: int = 1) -> list[str]:
    """The answer key to :func:`pupil_sheets` as Markdown lines, printed apart from them: for each code, each
    puzzle's number, every right answer and, after a dash, the short reason Practice gives for it
    (:func:`why_right`, for the code's idea or the puzzle's first)."""
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
        for i, puzzle in enumerate(homework_set(game_id, theme, size, seed), 1):
            answers = ", ".join(move_words(game_id, a) for a in sorted(puzzle.answers, key=action_key))
            why = why_right(puzzle, theme if theme in puzzle.themes else None)
            lines.append(f"{i}. {answers} — {why}")
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


CODE_RE = re.compile(r"^([a-z]+)-([a-z_]+)-([0-9]{1,3})-([0-9]{1,9})$", re.ASCII)


def parse_code(code: Any) -> tuple[str, str | None, int, int]:
    """``(game_id, theme, n, seed)`` of a homework code.  A code that is not one is refused with a ValueError a
    pupil can act on: what is wrong (the shape, the game, the theme, the number of puzzles) and what a code
    looks like; text is the only type taken (TypeError).  A code is read as a pupil may type it: in any case
    (FIVE-Block-10-1), with stray spaces at its ends or around its dashes, and with dashes for the underscores
    of an idea's name (dots-double-deal-10-7: the idea is everything between the game and the two numbers)."""
    if not isinstance(code, str):
        raise TypeError(tr("code={code!r}: a homework code is text like dots-double_deal-10-7", code=code))
    text = code.strip()
    parts = re.sub(r"\s*-\s*", "-", text).lower().split("-")
    if len(parts) > 4:  # dashes typed for the underscores of the idea's name
        parts = [parts[0], "_".join(parts[1:-2]), *parts[-2:]]
    m = CODE_RE.match("-".join(parts))
    if m is None:
        raise ValueError(
            tr(
                "“{code}” is not a homework code. A code looks like dots-double_deal-10-7: "
                "the game, the idea, how many puzzles and a number, joined by dashes.",
                code=text,
            )
        )
    short, theme, n, seed = m.groups()
    if short not in GAMES_BY_CODE:
        raise ValueError(
            tr("“{code}”: a homework code starts with the game: {items}.", code=text, items=", ".join(GAMES_BY_CODE))
        )
    game_id = GAMES_BY_CODE[short]
    theme_key = None if theme == "all" else theme
    if theme_key is not None:
        if theme_key not in THEMES[game_id]:
            raise ValueError(
                tr(
                    "“{code}”: {game} has no puzzle idea “{theme}”. Check the code with your teacher.",
                    code=text,
                    game=tr(GAME_NAMES[game_id]),
                    theme=theme,
                )
            )
    if not 1 <= int(n) <= MAX_SET:
        raise ValueError(
            tr("“{code}”: a homework set has from 1 to {most} puzzles, not {n}.", code=text, most=MAX_SET, n=int(n))
        )
    _check_set(game_id, theme_key, int(n), int(seed))
    return game_id, theme_key, int(n), int(seed)


def with_themes(puzzle: Puzzle) -> Puzzle:
    """A personal puzzle with its themes named by the bank's analysis (they are saved without)."""
    if puzzle.themes:
        return puzzle
    themes = getattr(catalog.get(puzzle.game_id).puzzle_module(), "themes", None)
    if themes is None:  # a game whose themes are not found from the position (Shut the Box): none
        return puzzle
    position = puzzle.position
    answers = list(puzzle.answers)
    wrong = [a for a in position.legal_moves() if a not in puzzle.answers]
    puzzle.themes = tuple(themes(position, answers, wrong))
    return puzzle


# ---------------------------------------------------------------------------------------
# The pupil's level: the one saved rating, in words a pupil reads
# ---------------------------------------------------------------------------------------
# the level of a rating is :func:`gamekit.progress.level` (the start page's progress table shows it too)
SETTLED_RD = 150
"""A rating deviation above this: the level is still settling (too few puzzles to be sure)."""


def lessons_done(game_id: str) -> int:
    """The last lesson whose ideas a pupil has met, for where Practice starts them: the highest lesson number
    (of those Practice has ideas for, :func:`lesson_choices`) with at least one exercise solved in the saved
    progress; the first such lesson when none is solved yet, and 0 for a game with no lessons."""
    numbers = _lesson_numbers(game_id)
    info = catalog.get(game_id)
    titles = {n: lesson.title for n, lesson in info.lesson_registry().items()} if info.lessons else {}
    saved = progress.results()
    done = [n for n in numbers if any(r.get("solved") for r in saved.get(titles.get(n, ""), {}).values())]
    return max(done, default=min(numbers, default=0))


def start_rating(game_id: str) -> Rating:
    """A new pupil's rating in a game: the level of the lessons they have done.  It is the rating of the easiest
    quarter of the puzzles on those lessons' ideas (:func:`lesson_pool` of :func:`lessons_done`), so the first
    puzzles Practice picks near it are about ideas the pupil has been taught — lesson 1 and 2's at levels 1 and 2
    for a pupil who has done no lesson yet — never above the default start (:data:`PUPIL_START`'s level 3) for
    the first lessons.  The deviation is the default one: the first answers still move it quickly."""
    check_game_id(game_id)
    if not _lesson_numbers(game_id):  # a game with no lessons: the default start
        return Rating()
    return Rating(_start_at(game_id, lessons_done(game_id)))


@lru_cache(maxsize=None)
def _lesson_numbers(game_id: str) -> tuple[int, ...]:
    return tuple(key for _, key in lesson_choices(game_id) if is_int(key))


@lru_cache(maxsize=None)
def _start_at(game_id: str, lesson: int) -> float:
    ratings = sorted(p.rating for p in lesson_pool(game_id, lesson))
    first = min(_lesson_numbers(game_id))
    start = ratings[len(ratings) // 4] if ratings else Rating().rating
    return min(start, Rating().rating) if lesson == first else start


def saved_rating(game_id: str) -> tuple[Rating, list[float]]:
    """The pupil's rating of a game and its history, as saved in the progress file (the one source every
    Practice board of the game reads: a new pupil starts at :func:`start_rating`)."""
    start = start_rating(game_id)
    saved = progress.ratings().get(game_id)
    if not saved:
        return start, [start.rating]
    history = list(saved["history"])
    if len(history) < progress.MAX_HISTORY:  # the whole history: it began at the starting rating
        history = [start.rating] + history
    return Rating(saved["rating"], saved["rd"], saved["vol"]), history


def level_words(rating: Rating) -> str:
    """``"Your level: 5 of 10 (still settling)"``: what the status line shows for a rating."""
    text = tr("Your level: {level} of {most}", level=level(rating.rating), most=LEVELS)
    if rating.rd > SETTLED_RD:
        text += " " + tr("(still settling: a few more puzzles will fix it)")
    return text


# ---------------------------------------------------------------------------------------
# The rating plot
# ---------------------------------------------------------------------------------------
def sparkline(values: Sequence[float], width: int = 180, height: int = 40) -> str:
    """A small SVG line of ratings over time (the last point marked), labelled with the first and last level."""
    values = [float(v) for v in values]
    title = html.escape(tr("Your level over time"))
    if not values:
        return f"<svg width='{width}' height='{height}' role='img' aria-label='{title}'></svg>"
    lo, hi = min(values), max(values)
    span = (hi - lo) or 1.0
    pad = 4
    step = (width - 2 * pad) / max(len(values) - 1, 1)
    pts = [(pad + i * step, pad + (height - 2 * pad) * (1 - (v - lo) / span)) for i, v in enumerate(values)]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    x, y = pts[-1]
    label = html.escape(
        tr("Your level over time: from {first} to {last}", first=level(values[0]), last=level(values[-1]))
    )
    return (
        f"<svg width='{width}' height='{height}' role='img' aria-label='{label}'>"
        f"<title>{label}</title>"
        f"<polyline points='{path}' fill='none' stroke='#2f6f9f' stroke-width='2'/>"
        f"<circle cx='{x:.1f}' cy='{y:.1f}' r='3' fill='#2f6f9f'/></svg>"
    )


# ---------------------------------------------------------------------------------------
# Boards: drawing and clicks per game
# ---------------------------------------------------------------------------------------
def _board(game_id: str, game: Any):
    """``(size, draw(position, mark), hit(x, y))`` for a board game's puzzle (``hit`` answers on ``game``),
    or None (a game whose answers are typed or chosen: Shut the Box's choice buttons)."""
    make = catalog.get(game_id).puzzle_board
    if make is None:
        return None
    board = make(game)

    def draw(position: Any, mark: Mark | None):
        if mark is None:
            return board.draw(position, None, "")
        return board.draw(position, mark.answer, MARK_COLOURS[mark.state])

    return board.size, draw, board.hit


# ---------------------------------------------------------------------------------------
# The widget
# ---------------------------------------------------------------------------------------
_LIVE: "weakref.WeakSet[Practice]" = weakref.WeakSet()
"""Every Practice board of this kernel: when one rates an answer, the others of the game show the new level."""


def _miss(puzzle: Puzzle, action: Any) -> float:
    """How far a wrong answer falls short of the best (its refutation's value against the puzzle's best, in
    the puzzle's own unit: boxes, a game's result, a chance or an expected score)."""
    value = puzzle.refutations.get(action_key(action), {}).get("value")
    best = puzzle.facts.get("best")
    if isinstance(value, (int, float)) and isinstance(best, (int, float)):
        return abs(float(best) - float(value))
    return 0.0


def second_hint(puzzle: Puzzle) -> str:
    """The second Hint: a step toward the answer that does not give it — about half of the wrong answers (the
    ones that do worst first), named so the pupil can leave them out. At least one wrong answer always stays
    among the ones not named (else the rest would all be right and the hint would be the answer); when none
    can be left out that way, the hint says only how many of the choices are right."""
    legal = puzzle.legal_answers()
    wrong = [a for a in legal if a not in puzzle.answers]
    left_out = min(len(wrong) - 1, len(wrong) // 2 + len(wrong) % 2)
    if left_out <= 0:
        return ntr(
            "Hint: {n} of the {legal} choices is right: compare where each one leads.",
            "Hint: {n} of the {legal} choices are right: compare where each one leads.",
            len(puzzle.answers),
            legal=len(legal),
        )
    worst = sorted(wrong, key=lambda a: (-_miss(puzzle, a), action_key(a)))
    names = ", ".join(move_words(puzzle.game_id, a) for a in sorted(worst[:left_out], key=action_key))
    return ntr(
        "Hint: leave this one out, it does worse: {moves}.",
        "Hint: leave these {n} out, they do worse: {moves}.",
        left_out,
        moves=names,
    )


WHY = {
    # Dots and Boxes: what the right line does, then what every other line costs
    "take_box": N_("Why: a box with three sides is a free point, and taking it keeps your turn."),
    "avoid_third_side": N_(
        "Why: a box with its third side is a free point for the player who moves next; this line hands over the fewest."
    ),
    "safe_line": N_(
        "Why: this safe line leaves the count of long chains on your side, so your opponent must open one."
    ),
    "hard_hearted_handout": N_(
        "Why: with the middle line drawn, the two boxes are two separate gifts: your opponent cannot decline them and"
        " keep control."
    ),
    "long_chain_count": N_(
        "Why: this line steers the count of long chains your way, and the count decides who opens them."
    ),
    "sacrifice": N_(
        "Why: the boxes given away now buy the right chain count, and the long chains later pay them back."
    ),
    "double_deal": N_(
        "Why: leaving the last two boxes makes your opponent open the next chain, which is worth more than the two."
    ),
    "control_not_worth_it": N_(
        "Why: the chains left are too short to pay for keeping control: every box now is worth more."
    ),
    "all_but_four": N_(
        "Why: leaving the last four boxes of the loop makes your opponent open the next chain, which is worth more than"
        " the four."
    ),
    # 5 en raya and Connect Four
    "win_now": N_("Why: after this drop you complete a line, whatever your opponent does."),
    "block": N_("Why: this is the cell where your opponent would finish a line with the next disc."),
    "side_column": N_("Why: the discs in the outer columns are part of the line this drop counts on."),
    "double_threat": N_("Why: this drop leads to two threats at once, and your opponent can block only one."),
    "odd_even_threat": N_(
        "Why: this keeps a threat on the right row for you, so in the end your opponent has to drop just under it."
    ),
    "zugzwang": N_("Why: after this drop your opponent runs out of harmless drops first."),
    # Shut the Box
    "sets_for_roll": N_(
        "Why: of all the sets that make the roll, this one leaves the tiles that are best to have open."
    ),
    "best_set": N_("Why: the tiles this set leaves open are the ones the next rolls can cover best."),
    "next_roll": N_("Why: the tiles this set leaves open are the ones the next rolls can cover best."),
    "one_die_or_two": N_("Why: these dice make the totals your open tiles need more often."),
}
"""After a right answer, why it is right, in the pupil's words and tied to the puzzle's idea (one per theme of
every game): what the right answer does that the others do not.  The exact cost of each other answer is in the
feedback to that answer."""
UNDER_THREAT_WHY = N_("Why: every other drop fills the cell under your opponent's threat, so they would win at once.")
"""The reason for a board puzzle where every other drop lets the opponent win at once (:data:`UNDER_THREAT_IDEA`)."""


def why_right(puzzle: Puzzle, theme: str | None = None, action: Any = None) -> str:
    """One line after a right answer: why it is right, tied to the idea ``theme`` the puzzle is practised for
    (default its first theme): :data:`WHY`, or :data:`UNDER_THREAT_WHY` where the game's ``practice_hint`` says
    the theme's idea does not fit the puzzle (every other drop loses at once); given the pupil's right answer
    ``action``, the game's ``why_words(puzzle, theme, action)`` may give the reason that fits that answer (a
    Dots line that gives one box away rather than splitting two, a draw kept rather than a win); a theme
    :data:`WHY` has no reason for (a game's puzzles added without one) only says the other choices do worse.  A
    puzzle where every choice is right says so.  A theme the puzzle does not carry: ValueError."""
    if not any(a not in puzzle.answers for a in puzzle.legal_answers()):
        return tr("Why: every choice here is as good.")
    theme = theme if theme is not None else (puzzle.themes[0] if puzzle.themes else None)
    if theme is None:
        return tr("Why: every other choice does worse.")
    if theme not in puzzle.themes:
        raise ValueError(tr("{theme!r}: not a theme of this puzzle", theme=theme))
    module = catalog.get(puzzle.game_id).puzzle_module()
    own = getattr(module, "practice_hint", None)
    if own is not None and own(puzzle, theme) is not None:
        return tr(UNDER_THREAT_WHY)
    fits = getattr(module, "why_words", None)
    if action is not None and fits is not None:
        words = fits(puzzle, theme, action)
        if words is not None:
            return words
    return tr(WHY[theme]) if theme in WHY else tr("Why: every other choice does worse.")  # a game added later


def mistake_words(puzzle: Puzzle, action: Any) -> str | None:
    """What a wrong answer's mistake is, in one sentence, where the game's puzzle module can compute it
    (``mistake_words(puzzle, action)``: a Dots line that draws a third side, a drop that fills the cell under the
    opponent's threat or leaves it open, a Shut the Box set that leaves tiles the next roll covers less often),
    else None."""
    own = getattr(catalog.get(puzzle.game_id).puzzle_module(), "mistake_words", None)
    return own(puzzle, puzzle.canonical(action)) if own is not None else None


IDEAS = {
    # Dots and Boxes
    "take_box": N_("The idea: a box with three sides is yours to take."),
    "avoid_third_side": N_("The idea: never draw a box's third side, or you give the box away."),
    "safe_line": N_("The idea: of the safe lines, choose the one that keeps the chain count on your side."),
    "hard_hearted_handout": N_("The idea: hand over two boxes with the line between them, so they cannot be refused."),
    "long_chain_count": N_("The idea: count the long chains and steer the count your way."),
    "sacrifice": N_("The idea: giving boxes away now can turn the chain count your way."),
    "double_deal": N_("The idea: leave the last two boxes of a chain and you keep control."),
    "control_not_worth_it": N_("The idea: when control costs more than it brings, take every box."),
    "all_but_four": N_("The idea: in a loop, leave the last four boxes and you keep control."),
    # 5 en raya and Connect Four
    "win_now": N_("The idea: look for a line you can finish with one disc."),
    "block": N_("The idea: drop into the cell where your opponent would finish a line."),
    "side_column": N_("The idea: the discs in the outer columns help make lines too."),
    "double_threat": N_("The idea: two threats at once cannot both be blocked."),
    "odd_even_threat": N_(
        "The idea: a threat on the right row (odd for red, even for yellow) often wins in the end (a rule of thumb)."
    ),
    "zugzwang": N_("The idea: make your opponent run out of harmless drops first."),
    # Shut the Box
    "sets_for_roll": N_("The idea: list every set of open tiles that adds up to the roll."),
    "best_set": N_("The idea: leave the tiles that the next rolls can cover most often."),
    "one_die_or_two": N_("The idea: choose the dice whose totals your open tiles need."),
    "next_roll": N_("The idea: think of the next roll, not only of this one."),
}
"""After a right answer, the puzzle's idea in one sentence a pupil reads (one per theme of every game)."""
UNDER_THREAT_IDEA = N_("The idea: never drop a disc just under your opponent's threat.")
"""The idea of a board puzzle where every other drop lets the opponent win at once (the game's
``practice_hint`` says so): not the zugzwang its tag names."""


def idea_words(puzzle: Puzzle, theme: str) -> str:
    """The one sentence naming the idea of ``puzzle`` as Practice asks it (its ``theme``), in the current
    language: :data:`IDEAS`, or :data:`UNDER_THREAT_IDEA` where the game's ``practice_hint`` says the theme's idea
    does not fit the puzzle.  A theme the puzzle does not carry: ValueError."""
    if theme not in puzzle.themes:
        raise ValueError(tr("{theme!r}: not a theme of this puzzle", theme=theme))
    own = getattr(catalog.get(puzzle.game_id).puzzle_module(), "practice_hint", None)
    if own is not None and own(puzzle, theme) is not None:
        return tr(UNDER_THREAT_IDEA)
    return tr(IDEAS[theme])


class Practice(ClassNote, Localized, W.VBox):
    """Practice puzzles of one game (optionally one theme), one at a time near the pupil's rating.

    ``seed`` makes the choice of puzzles reproducible; ``puzzles`` (a :class:`HomeworkSet` or a list of
    puzzles of the game) fixes the list instead: they come in order, and Next after the last says the
    set is done.  Plain methods: :meth:`answer`, :meth:`hint`, :meth:`next`, :meth:`click`.

    The pupil's rating has one home, the progress file (:func:`saved_rating`): every Practice board of the
    game (the free practice, the own mistakes, a homework set, on one page or several) reads it before it
    rates an answer and shows it as a level (:func:`level_words`), and all of them show the new level as soon
    as one of them rates an answer."""

    def __init__(
        self,
        game_id: str,
        theme: str | None = None,
        seed: int | None = None,
        puzzles: "HomeworkSet | Sequence[Puzzle] | None" = None,
        personal: bool = False,
    ):
        check_game_id(game_id)
        if theme is not None:
            check_theme(game_id, theme)
        if seed is not None and (not is_int(seed) or seed < 0):
            raise ValueError(tr("seed={seed!r}: a whole number ≥ 0", seed=seed))
        if not isinstance(personal, bool):
            raise TypeError(tr("personal={personal!r}: True or False", personal=personal))
        if personal and puzzles is not None:
            raise ValueError(tr("personal=True serves your own mistakes: give no puzzles= with it"))
        if puzzles is not None:
            fixed = list(puzzles)
            if not fixed or not all(isinstance(p, Puzzle) and p.game_id == game_id for p in fixed):
                raise ValueError(tr("puzzles: give a non-empty list of {game} puzzles", game=game_name(game_id)))
        super().__init__()
        self.game_id, self.theme = game_id, theme
        self.homework = puzzles if isinstance(puzzles, HomeworkSet) else None
        self.personal = personal
        if personal:
            from gamekit.puzzles.personal import personal_puzzles

            mine = [with_themes(p) for p in personal_puzzles(game_id)]
            self.pool: list[Puzzle] = [p for p in mine if theme is None or theme in p.themes]
        else:
            # free practice asks each question once, with a fair share of one-step puzzles per level
            self.pool = fixed if puzzles is not None else practice_pool(game_id, theme)
            if not self.pool:
                raise ValueError(
                    tr(
                        "“{idea}”: Practice does not ask this idea on its own; choose another idea, or all of them.",
                        idea=theme_name(game_id, theme),
                    )
                )
        self.fixed = puzzles is not None
        self.rng = random.Random(seed)
        self.streak = 0
        self.best_streak = 0
        self.seen: list[str] = []
        self.index = -1  # position in a fixed list
        self.finished = False
        self.puzzle: Puzzle | None = None
        self.game = None
        self.tries: list[tuple[Any, bool, str]] = []
        self.hints_used = 0
        self.last_feedback = ""
        self.errors: list[BaseException] = []
        self.mark: Mark | None = None
        self.refutation: list[tuple[int, Any]] = []  # the last wrong answer and its line of best play
        self.step = 0  # how far the board shows it (0: the puzzle)
        self._draw = self._hit = None
        # widgets
        self.title = W.HTML()
        self.puzzle_class = ""  # the title's class naming the puzzle shown
        self.prompt_label = W.HTML()
        self.board: BoardCanvas | None = None
        self.board_box = W.VBox()
        self.choices = W.ToggleButtons(options=[], value=None)
        self.choices.observe(self._on_choice, names="value")
        self.input = W.Text(placeholder=tr("your answer"), layout=W.Layout(width="12em"))
        submit_on_enter(self.input, self.on_check)
        self.check_button = W.Button(description=tr("Check"), icon="check")
        self.check_button.on_click(self.on_check)
        self.hint_button = W.Button(description=tr("Hint"), icon="lightbulb-o")
        self.hint_button.on_click(self.on_hint)
        self.next_button = W.Button(description=tr("Next"), icon="arrow-right", button_style="primary")
        self.next_button.on_click(self.on_next)
        self.refute_button = W.Button(
            description=tr("Show what happens"),
            icon="play",
            disabled=True,
            tooltip=tr("Play your answer and the best replies to it, one move each time you press"),
        )
        for button in (self.check_button, self.hint_button, self.next_button, self.refute_button):
            button.layout.width = "auto"  # the whole label, in every language
            button.layout.min_width = "fit-content"
        self.refute_button.on_click(self.on_refute)
        self.refute_button.layout.display = "none"  # shown only while there is a wrong answer to play out
        self.feedback = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.feedback.add_class("gamekit-feedback")
        self.feedback.add_class(LIVE_CLASS)
        self.status = W.HTML()
        self.plot = W.HTML()
        # the class group's status line: after each answer the saved progress goes to the teacher (when this
        # computer joined a class on the start page); it says whether it arrived, never blocking the puzzle
        self.class_note = W.HTML()
        self.class_note.add_class("gamekit-class-note")
        self.last_class_note = ""
        self.error_output = W.Output(layout=W.Layout(max_height="12em", overflow="auto"))
        typed = [self.input, self.check_button] if puzzle_words(game_id).typed else []
        # the lesson chooser: free practice of every idea can be narrowed to one lesson's ideas (a native
        # drop-down list with a visible label: Tab reaches it, the arrow keys choose; the change is said in
        # the feedback line, a live region)
        self.lesson: "int | str | None" = None
        self.lesson_box = W.HBox()
        if not self.fixed and not personal and theme is None:
            self.lesson_menu = W.Dropdown(
                options=lesson_choices(game_id),
                value=None,
                description=tr("Practise the ideas of:"),
                style={"description_width": "initial"},
                layout=W.Layout(width="auto", max_width="46em"),
            )
            self.lesson_box.children = [self.lesson_menu]
            # a new pupil starts on the ideas of the last lesson done (or the first lesson), not every idea
            # mixed, where the easy levels hold later lessons' ideas too; the menu says so, and offers the rest
            done = lessons_done(game_id)
            if game_id not in progress.ratings() and done != max(_lesson_numbers(game_id)):
                self.lesson, self.pool = done, lesson_pool(game_id, done)
                self.lesson_menu.value = done
            self.lesson_menu.observe(self._on_lesson, names="value")
        else:
            self.lesson_menu = None
        self.children = [
            self.lesson_box,
            self.title,
            self.prompt_label,
            self.board_box,
            self.choices,
            self.feedback,
            W.HBox([*typed, self.hint_button, self.refute_button, self.next_button]),
            W.HBox([self.status, self.plot]),
            self.class_note,
            self.error_output,
        ]
        self.add_class("gamekit-practice")
        _LIVE.add(self)
        if not self.pool:  # personal=True before any reviewed game has a mistake to offer
            self.finished = True
            self.title.value = "<b>" + html.escape(tr("Your own puzzles")) + "</b>"
            self._show(
                tr(
                    "No puzzles from your games yet: finish a game on a board, press Review, and your "
                    "mistakes with a clear better move come back here."
                ),
                NOTE_COLOUR,
            )
            self._update_status()
            return
        self.next()

    def choose_lesson(self, lesson: "int | str | None") -> Puzzle | None:
        """Practise one lesson's ideas (its number; :data:`BEYOND` for the ideas past the lessons; None: every
        idea): the pool becomes :func:`lesson_pool`, a new puzzle of it is shown, and the feedback line says
        what is practised now.  Only free practice of every idea has the chooser (a homework set, one idea or
        the own mistakes: ValueError); an unknown lesson is refused (ValueError, TypeError) and nothing
        changes."""
        if self.lesson_menu is None:
            raise ValueError(tr("This board practises a fixed set of puzzles: the lesson cannot be changed here."))
        labels = {key: label for label, key in lesson_choices(self.game_id)}
        if lesson not in labels or isinstance(lesson, bool):
            lesson_themes(self.game_id, lesson)  # names the wrong input (unknown lesson, wrong type)
            raise ValueError(
                tr(
                    "lesson={lesson!r}: {game} has no practice for that lesson",
                    lesson=lesson,
                    game=game_name(self.game_id),
                )
            )
        pool = lesson_pool(self.game_id, lesson)
        self.lesson, self.pool = lesson, pool
        if self.lesson_menu.value != lesson:  # the menu shows the choice made by the plain method too
            self.lesson_menu.unobserve(self._on_lesson, names="value")
            self.lesson_menu.value = lesson
            self.lesson_menu.observe(self._on_lesson, names="value")
        self.tries = []  # a new choice: the next puzzle is not steered by the last
        puzzle = self.next()
        self._show(
            ntr(
                "Now practising: {choice} ({n} puzzle).",
                "Now practising: {choice} ({n} puzzles).",
                len(pool),
                choice=labels[lesson],
            ),
            NOTE_COLOUR,
        )
        return puzzle

    # ----- construction helpers ----------------------------------------------------------
    @staticmethod
    def set(game_id: str, theme: str | None = None, n: int = 10, seed: int = 0) -> HomeworkSet:
        """A homework set (see :func:`homework_set`); open it with ``Practice(game_id, puzzles=the_set)``
        or by its code with :meth:`from_code`."""
        return homework_set(game_id, theme=theme, n=n, seed=seed)

    @classmethod
    def from_code(cls, code: str) -> "Practice":
        """The Practice of a homework code such as ``"dots-double_deal-10-7"`` (a bad code: ValueError)."""
        game_id, theme, n, seed = parse_code(code)
        return cls(game_id, theme=theme, puzzles=homework_set(game_id, theme, n, seed))

    # ----- the plain methods ---------------------------------------------------------------
    @property
    def rating(self) -> Rating:
        """The pupil's rating in this game, as saved (the same for every Practice board of the game)."""
        return saved_rating(self.game_id)[0]

    @property
    def history(self) -> list[float]:
        """The pupil's saved ratings over time (the last is :attr:`rating`)."""
        return saved_rating(self.game_id)[1]

    @property
    def solved(self) -> bool:
        """Whether the current puzzle has been answered right."""
        return any(ok for _, ok, _ in self.tries)

    def question(self) -> str:
        """The current puzzle's question as the page shows it: its prompt, then what is at stake and how many
        answers are right (:func:`stakes`)."""
        if self.puzzle is None:
            return ""
        return self.puzzle.prompt() + " " + stakes(self.puzzle)

    def next(self) -> Puzzle | None:
        """Go to the next puzzle (the one after in a set, else one near the pupil's rating) and draw it;
        returns it, or None when a set is done (or there are no personal puzzles yet)."""
        if not self.pool:
            return None
        if self.fixed:
            if self.index + 1 >= len(self.pool):
                self.finished = True
                self._show(
                    tr(
                        "Set done: {solved} of {n} solved at the first try.",
                        solved=self._first_tries(),
                        n=len(self.pool),
                    ),
                    NOTE_COLOUR,
                )
                self._update_status()
                return None
            self.index += 1
            puzzle = self.pool[self.index]
        else:
            # the first answer to the last puzzle steers the next: a miss never brings a harder one, a
            # first-try solve never an easier one (a skipped puzzle: no bound)
            last = self.puzzle.rating if self.puzzle is not None and self.tries else None
            missed = bool(self.tries) and not self.tries[0][1]
            puzzle = pick(
                self.pool,
                self.rating.rating,
                seed=self.rng.random(),
                exclude=self.seen,
                at_most=last if missed else None,
                at_least=None if missed else last,
            )
        self._load(puzzle)
        return puzzle

    def answer(self, action: Any) -> tuple[bool, str]:
        """Answer the current puzzle with ``action`` (canonical, or as typed: ``"a1-b1"``, ``"4"``).

        Returns ``(ok, feedback)``; a wrong answer's feedback is its refutation.  The first answer to a
        puzzle moves the rating.  An illegal or malformed answer raises ``ValueError`` (``IllegalMoveError``)
        and changes nothing; so does answering when a set is done."""
        if self.puzzle is None or self.finished:
            raise ValueError(tr("The set is done: there is no puzzle to answer."))
        if isinstance(action, str):  # read as the lessons read it: "column 4", "5+3", "one die"
            action = typed_answer(self.puzzle, action)
        ok, feedback = self.puzzle.check(action)  # raises before anything changes
        if ok:
            theme = self.idea_theme()
            feedback += " " + why_right(self.puzzle, theme, action)
            if theme is not None:
                feedback += " " + idea_words(self.puzzle, theme)
        else:
            mistake = mistake_words(self.puzzle, action)
            if mistake:
                feedback += " " + mistake
        canonical = self.puzzle.canonical(action)
        first = not self.tries
        self.tries.append((canonical, ok, feedback))
        progress.record_attempt(self.game_id, self.puzzle.id, ok)
        if first:
            before = Rating(self.puzzle.rating, self.puzzle.rd)
            after = practice_update(self.rating, before, ok)
            progress.save_rating(self.game_id, after.rating, after.rd, after.vol)
            self.streak = self.streak + 1 if ok else 0
            self.best_streak = max(self.best_streak, self.streak)
        elif not ok:
            self.streak = 0
        self.share()  # the attempt and the new rating, saved: off to the teacher
        self.mark = Mark(canonical, "right" if ok else "wrong")
        if not ok and self._draw is not None:
            line = self.puzzle.refutations[action_key(canonical)].get("line") or []
            self.refutation = [(self.game.to_move, canonical)] + [(seat, a) for seat, a in line]
        elif ok:
            self.refutation = []
        self._redraw()
        self._show(
            (tr("✔ {feedback}", feedback=feedback) if ok else tr("✘ {feedback}", feedback=feedback)),
            RIGHT_COLOUR if ok else WRONG_COLOUR,
        )
        for board in list(_LIVE):
            if board.game_id == self.game_id:
                board._update_status()
        return ok, feedback

    def idea_theme(self) -> str | None:
        """The theme the current puzzle is practised for: the set's own idea, else the first of the puzzle's ideas
        the chosen lesson taught, else its first theme (None: a puzzle with no theme)."""
        if self.puzzle is None or not self.puzzle.themes:
            return None
        taught = lesson_themes(self.game_id, self.lesson) if self.lesson is not None else ()
        return (
            self.theme
            if self.theme in self.puzzle.themes
            else next((t for t in self.puzzle.themes if t in taught), self.puzzle.themes[0])
        )

    def hint(self) -> str:
        """A hint that never gives the answer: first the idea of the puzzle's theme (what to look at,
        :func:`gamekit.puzzles.core.theme_hint`, or the game puzzle module's ``practice_hint(puzzle, theme)``
        where that idea does not fit the puzzle), then a step toward the answer (:func:`second_hint`: some
        wrong answers to leave out, never so many that only the answer is left)."""
        if self.puzzle is None or self.finished:
            raise ValueError(tr("The set is done: there is no puzzle to answer."))
        self.hints_used += 1
        if self.hints_used == 1 and self.puzzle.themes:
            theme = self.idea_theme()
            own = getattr(catalog.get(self.game_id).puzzle_module(), "practice_hint", None)
            idea = own(self.puzzle, theme) if own is not None else None  # the game's hint where the idea's misfits
            message = tr("Hint: {idea}", idea=idea or theme_hint(self.game_id, theme))
        else:
            message = second_hint(self.puzzle)
        self._show(message, NOTE_COLOUR)
        return message

    def show_refutation(self) -> int:
        """**Show what happens**: one more move of the last wrong answer's refutation on the board (the wrong
        answer first, then the line of best play); after the last move the board goes back to the puzzle.  Returns how
        many moves are shown (0: the puzzle again).  ValueError (nothing changes) when there is nothing
        to show: no wrong answer yet, a right answer since, or Shut the Box (its refutation is a value)."""
        if not self.refutation or self.board is None:
            raise ValueError(tr("No refutation to show: it follows a wrong answer on the board."))
        step = self.step + 1 if self.step < len(self.refutation) else 0
        position = self.puzzle.position
        for _, action in self.refutation[:step]:
            position.play(action)
        mark = None
        if step:
            seat, action = self.refutation[step - 1]
            mark = Mark(action, "wrong" if step == 1 else "answer")
        scene = self._draw(position, mark)  # computed first, then painted
        self.board.paint(scene)
        self.step = step
        if step:
            words = line_words(self.game_id, self.refutation[:step])
            self._show(
                tr("What happens, move {i} of {n}: {moves}", i=step, n=len(self.refutation), moves=words), WRONG_COLOUR
            )
        else:
            self._show(tr("Back to the puzzle: try again."), NOTE_COLOUR)
        return step

    def click(self, x: float, y: float) -> tuple[bool, str] | None:
        """A click at CSS pixel (x, y) on the board: answered like :meth:`answer`; None if it hit nothing
        or was refused (the reason is shown)."""
        if self._hit is None:
            return None
        try:
            action = self._hit(x, y)
        except ValueError as refusal:
            self._show(str(refusal), WRONG_COLOUR)
            return None
        if action is None:
            self._show(tr("Click on the board to answer."), NOTE_COLOUR)
            return None
        return self.answer(action)

    # ----- showing --------------------------------------------------------------------------
    def _first_tries(self) -> int:
        return sum(1 for pid in self.seen if progress.attempts(self.game_id).get(pid, {}).get("first_try"))

    def _load(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.game = puzzle.position
        self.tries = []
        self.hints_used = 0
        self.mark = None
        self.refutation = []
        if puzzle.id in self.seen:
            self.seen.remove(puzzle.id)
        self.seen.append(puzzle.id)
        spec = _board(self.game_id, self.game)
        if spec is not None:
            size, self._draw, self._hit = spec
            if self.board is None or (self.board.css_width, self.board.css_height) != tuple(size):
                self.board = BoardCanvas(*size, label=tr("Puzzle board: click your answer, or type it in the box"))
                self.board.canvas.on_mouse_down(self.handle_mouse_down)
                self.board_box.children = [self.board.canvas, self.board.access]
            self.choices.layout.display = "none"
        else:
            self._draw = self._hit = None
            shown = shown_order(puzzle.legal_answers(), puzzle.id)  # never "the right one comes first"
            options = [(move_words(self.game_id, a), action_key(a)) for a in shown]
            self.choices.unobserve(self._on_choice, names="value")
            self.choices.options = options
            self.choices.value = None
            self.choices.observe(self._on_choice, names="value")
            self.choices.layout.display = None
        self._redraw()
        if self.fixed:
            self.title.value = "<b>" + html.escape(tr("Puzzle {i} of {n}", i=self.index + 1, n=len(self.pool))) + "</b>"
        else:
            self.title.value = (
                "<b>" + html.escape(tr("Puzzle {i} · {band}", i=len(self.seen), band=tr(puzzle.band))) + "</b>"
            )
        if self.puzzle_class:
            self.title.remove_class(self.puzzle_class)
        self.puzzle_class = f"gamekit-puzzle-{puzzle.id}"  # for a page's scripts and tests; never shown
        self.title.add_class(self.puzzle_class)
        self.prompt_label.value = html.escape(self.question())
        self.input.value = ""
        self._show("", NOTE_COLOUR)
        self._update_status()

    def _redraw(self) -> None:
        self.step = 0
        self.refute_button.disabled = not self.refutation
        self.refute_button.layout.display = None if self.refutation else "none"  # no greyed button on screen
        if self._draw is not None and self.board is not None:
            self.board.paint(self._draw(self.game, self.mark))

    def _show(self, message: str, colour: str) -> None:
        self.last_feedback = message
        self.feedback.value = f"<span style='color:{colour}'>{html.escape(message)}</span>" if message else ""

    def status_text(self) -> str:
        """The status line: the streak and the pupil's level (from the one saved rating)."""
        return ntr("Streak: {n} puzzle", "Streak: {n} puzzles", self.streak) + " · " + level_words(self.rating)

    def _update_status(self) -> None:
        self.status.value = "<small>" + html.escape(self.status_text()) + "</small>"
        self.plot.value = sparkline(self.history[-40:])

    def report_error(self, error: BaseException) -> None:
        self.errors.append(error)
        self._show(tr("Something went wrong: {kind}: {error}", kind=type(error).__name__, error=error), WRONG_COLOUR)

    # ----- callbacks (the browser calls these; tests call the plain methods) --------------------
    @reported
    def handle_mouse_down(self, x: float, y: float) -> None:
        if self.board is not None:
            self.click(*self.board.to_css(x, y))

    @reported
    def on_check(self, _: Any) -> None:
        text = self.input.value.strip()
        if not text:
            self._show(tr("Type an answer first, then press Check."), NOTE_COLOUR)
            return
        try:
            self.answer(text)
        except ValueError as refusal:
            self._show(str(refusal), WRONG_COLOUR)

    @reported
    def _on_choice(self, change: dict) -> None:
        if change.get("new") is None or self.puzzle is None:
            return
        from gamekit.puzzles.core import key_action

        self.answer(key_action(change["new"]))

    @reported
    def _on_lesson(self, change: dict) -> None:
        self.choose_lesson(change.get("new"))

    @reported
    def on_refute(self, _: Any) -> None:
        self.show_refutation()

    @reported
    def on_hint(self, _: Any) -> None:
        self.hint()

    @reported
    def on_next(self, _: Any) -> None:
        self.next()


class HomeworkBox(Localized, W.VBox):
    """The Practice page's homework box: the pupil types the code the teacher gave (``dots-double_deal-10-7``)
    and presses **Open**; the set's puzzles appear below, from the easiest.  A code that is not one, or is for
    another game's page, gets a message saying what is wrong and nothing opens.  Plain method: :meth:`open_code`."""

    def __init__(self, game_id: str):
        check_game_id(game_id)
        super().__init__()
        self.game_id = game_id
        self.practice: Practice | None = None
        self.errors: list[BaseException] = []
        self.input = W.Text(
            placeholder=tr("the code from your teacher"),
            description=tr("Homework code:"),
            style={"description_width": "initial"},
            layout=W.Layout(width="28em"),
        )
        submit_on_enter(self.input, self.on_open)
        self.open_button = W.Button(
            description=tr("Open"), icon="folder-open", layout=W.Layout(width="auto", min_width="fit-content")
        )
        self.open_button.on_click(self.on_open)
        self.message = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.message.add_class("gamekit-feedback")
        self.message.add_class(LIVE_CLASS)
        self.slot = W.VBox()
        self.children = [W.HBox([self.input, self.open_button]), self.message, self.slot]
        self.add_class("gamekit-homework")

    def open_code(self, code: Any) -> "Practice | None":
        """Open the homework set of ``code``: returns its Practice (shown below the box), or None with the
        reason in the message (an empty box, a malformed or unknown code, a code of another game); a refused
        code leaves any set already open as it was."""
        if not isinstance(code, str):
            raise TypeError(tr("code={code!r}: a homework code is text like dots-double_deal-10-7", code=code))
        text = code.strip()
        if not text:
            return self._say(tr("Type the code your teacher gave you, then press Open."), NOTE_COLOUR)
        try:
            game_id, theme, n, seed = parse_code(text)
            if game_id != self.game_id:
                raise ValueError(
                    tr(
                        "“{code}” is a code for {game}: open it on the {game} practice page.",
                        code=text,
                        game=tr(GAME_NAMES[game_id]),
                    )
                )
            chosen = homework_set(game_id, theme, n, seed)
        except ValueError as refusal:
            return self._say(str(refusal), WRONG_COLOUR)
        self.practice = Practice(game_id, theme=theme, puzzles=chosen)
        self.slot.children = [self.practice]
        name = theme_name(game_id, theme) if theme else tr("all ideas")
        self._say(
            ntr(
                "Homework {code}: {n} puzzle ({theme}), from the easiest.",
                "Homework {code}: {n} puzzles ({theme}), from the easiest.",
                n,
                code=text,
                theme=name,
            ),
            NOTE_COLOUR,
        )
        return self.practice

    def _say(self, message: str, colour: str) -> None:
        self.message.value = f"<span style='color:{colour}'>{html.escape(message)}</span>"
        return None

    def report_error(self, error: BaseException) -> None:
        self.errors.append(error)
        self._say(tr("Something went wrong: {kind}: {error}", kind=type(error).__name__, error=error), WRONG_COLOUR)

    @reported
    def on_open(self, _: Any) -> None:
        self.open_code(self.input.value)


__all__ = [
    "Practice",
    "HomeworkBox",
    "lesson_choices",
    "lesson_pool",
    "lesson_themes",
    "BEYOND",
    "HomeworkSet",
    "homework_set",
    "set_code",
    "parse_code",
    "sparkline",
    "homework_codes",
    "homework_page",
    "second_hint",
    "why_right",
    "idea_words",
    "IDEAS",
    "WHY",
    "mistake_words",
    "guessable",
    "level",
    "level_words",
    "saved_rating",
    "practice_pool",
    "stakes",
    "lessons_done",
    "start_rating",
    "CODES",
    "MAX_SET",
    "LEVELS",
]
