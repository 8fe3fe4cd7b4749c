"""Shut the Box Practice for lessons 1 and 2, made from the rules rather than drawn from the puzzle bank: the bank's
questions ask for the best set, which these lessons do not teach.

* Lesson 1 (the rules): "write one set of open tiles that makes this roll" (any legal set is right; a covered tile,
  a wrong sum and a tile used twice each get their own reason) and "which of these rolls ends your turn?".
* Lesson 2 (the sets for a roll): "how many sets of open tiles make this total?" (a count as low as the pairs, or
  the count of every order of the same tiles, each gets its own reason).

Each list goes easy to hard (more open tiles, bigger totals) and leaves out every box and roll a lesson page asks
(:func:`gamekit.puzzles.shut_lessons.lesson_positions`).  The questions and their judges are the lessons' own
(:mod:`gamekit.shutbox.exercises_turn`, :mod:`gamekit.shutbox.exercises_sets`), so the page and the lessons
speak alike.  :class:`RulesPractice` is the page's widget: a list chooser, one question at a time, and Next.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple

import ipywidgets as W

from gamekit.i18n import N_, Localized, tr
from gamekit.puzzles.shutbox import GAME_ID
from gamekit.shutbox.exercises_sets import count_sets_exercise
from gamekit.shutbox.exercises_turn import ending_roll_choices, ending_roll_exercise, legal_set_exercise
from gamekit.shutbox.lesson_practice import legal_level, sets_level
from gamekit.shutbox.lesson_words import tile_list
from gamekit.shutbox.tiles import TILES, tiles_summing_to
from gamekit.widgets.controls import reported
from gamekit.widgets.exercise import Exercise
from gamekit.widgets.lesson import ExerciseWidget

LEVELS = ("easy", "medium", "hard")
TITLES = {
    "easy": N_("Question {i} of {n} · easy"),
    "medium": N_("Question {i} of {n} · medium"),
    "hard": N_("Question {i} of {n} · hard"),
}
"""The line above a question: where it is in the list, and its level."""

LISTS = {
    1: N_("Lesson 1 — the rules: a set for the roll, and the roll that ends the turn"),
    2: N_("Lesson 2 — the sets for a roll: how many are there?"),
}
"""The lists the page offers, by lesson, as the chooser names them."""

PER_LEVEL = {"legal": 4, "ending": 2, "count": 5}
"""How many questions of each kind a list asks at each level, at most: lesson 1 has 4 "a set for the roll" a level
and 2 "which roll ends the turn" at the medium and hard levels (no box of three tiles has one ending roll and three
rolls a single set makes), 16 in all; lesson 2 has 5 counts a level, and 4 hard ones (14)."""

PROGRESS_KEY = "Practice: Shut the Box, lessons 1 and 2"
"""The name the answers are saved under in the progress file (no lesson page has it, so no lesson's count moves)."""


class Item(NamedTuple):
    """One made question: its kind ("legal", "ending" or "count"), the open tiles, the roll (None for "ending"),
    and its level."""

    kind: str
    open_tiles: tuple[int, ...]
    roll: int | None
    level: str


def ending_level(open_tiles: tuple[int, ...]) -> str:
    """How hard "which roll ends the turn?" is for a box: every offered roll is checked against every open tile, so
    the level is the number of open tiles: "easy" with 3, "medium" with 4, "hard" with 5 or more."""
    n = len(set(open_tiles))
    if n < 3 or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give three or more tiles from 1 to 9", items=tuple(open_tiles)))
    return "easy" if n == 3 else "medium" if n == 4 else "hard"


def _asked(open_tiles: tuple[int, ...], roll: int | None) -> bool:
    """Whether a lesson page asks this box (with this roll, or with no roll at all)."""
    from gamekit.puzzles.shut_lessons import lesson_positions

    asked = lesson_positions(GAME_ID)
    return (open_tiles, roll) in asked or (open_tiles, None) in asked


def _spread(found: list[Item], n: int) -> list[Item]:
    """``n`` items spread evenly over ``found`` (already easy to hard within a level): fewer open tiles and smaller
    totals first, more and bigger last."""
    if len(found) <= n:
        return found
    return [found[round(i * (len(found) - 1) / (n - 1))] for i in range(n)] if n > 1 else found[:1]


@lru_cache(maxsize=None)
def rules_items(lesson: int) -> tuple[Item, ...]:
    """Lesson ``lesson``'s made list (1 or 2), easy to hard; within a level by the number of open tiles, then the
    roll.  Every box is checked by the rules: a "legal" roll has a set of open tiles, an "ending" box has exactly
    one ending roll among its choices, a "count" roll has two sets or more.  An unknown lesson is refused."""
    if lesson not in LISTS or isinstance(lesson, bool):
        raise ValueError(tr("lesson={lesson!r}: the made lists are for lessons 1 and 2", lesson=lesson))
    found: dict[tuple[str, str], list[Item]] = {}
    for size in range(3, 9):
        for box in combinations(TILES, size):
            if lesson == 1:
                for roll in range(4, 13):  # 2 and 3: one tile or one pair, too little to judge
                    if tiles_summing_to(roll, box) and not _asked(box, roll):
                        found.setdefault(("legal", legal_level(box, roll)), []).append(Item("legal", box, roll, ""))
                if size <= 6 and not _asked(box, None):
                    try:
                        ending_roll_choices(box)
                    except ValueError:
                        continue
                    found.setdefault(("ending", ending_level(box)), []).append(Item("ending", box, None, ""))
            elif size >= 4:
                for roll in range(5, 13):
                    if len(tiles_summing_to(roll, box)) >= 2 and not _asked(box, roll):
                        found.setdefault(("count", sets_level(box, roll)), []).append(Item("count", box, roll, ""))
    kinds = ("legal", "ending") if lesson == 1 else ("count",)
    out: list[Item] = []
    for level in LEVELS:
        for kind in kinds:
            ordered = sorted(found.get((kind, level), []), key=lambda it: (len(it.open_tiles), it.roll or 0))
            out += [Item(it.kind, it.open_tiles, it.roll, level) for it in _spread(ordered, PER_LEVEL[kind])]
    return tuple(out)


TWICE = re.compile(r"^\s*[1-9](?:\s*[+&,\s]\s*[1-9])*\s*$")


def tile_twice(checker: Any) -> Any:
    """``checker`` for "one set for the roll", where a set that uses a tile twice ("6+6") is a wrong answer with its
    reason (a rule of the game: each tile is covered once), not an unreadable one; anything else as ``checker``."""

    def check(answer: Any) -> tuple[bool, str]:
        text = str(answer)
        if TWICE.match(text):
            tiles = [int(t) for t in re.findall(r"[1-9]", text)]
            if len(set(tiles)) != len(tiles):
                return False, tr(
                    "{items} uses a tile twice. Each tile is covered once, so a set never has the same tile twice.",
                    items=" + ".join(map(str, tiles)),
                )
        return checker(answer)

    return check


def rules_exercise(item: Item) -> Exercise:
    """The lesson's own question for a made item, with the lesson's judge (the roll that ends the turn among
    :func:`ending_roll_choices`), keyed for the progress file by its kind and box."""
    if not isinstance(item, Item):
        raise TypeError(tr("item={item!r}: one of the made list's items", item=item))
    if item.kind == "legal":
        ex = legal_set_exercise(item.open_tiles, item.roll)
        ex.checker = tile_twice(ex.checker)
        twice = [f"{t}+{t}" for t in item.open_tiles if 2 * t == item.roll][:1]
        alone = [str(t) for t in item.open_tiles[:1] if t != item.roll]  # an open tile that makes another total
        ex.wrong = list(dict.fromkeys([*ex.wrong, *twice, *alone]))
    elif item.kind == "ending":
        ex = ending_roll_exercise(item.open_tiles, ending_roll_choices(item.open_tiles))
    elif item.kind == "count":
        sets = tiles_summing_to(item.roll, item.open_tiles)
        if len(sets) < 2:  # nothing to count: one set is lesson 1's question
            raise ValueError(
                tr("tiles {items}: fewer than two sets make {roll}", items=tile_list(item.open_tiles), roll=item.roll)
            )
        ex = count_sets_exercise(item.roll, item.open_tiles)
        small = sum(1 for st in sets if len(st) <= 2)  # the pairs (and the roll's own tile): sets of 3 missed
        ex.wrong = list(dict.fromkeys([*ex.wrong, *([small] if 0 < small < len(sets) else [])]))
    else:
        raise ValueError(tr("item kind {kind!r}: legal, ending or count", kind=item.kind))
    ex.key = f"practice {item.kind} {item.open_tiles} {item.roll}"
    return ex


class RulesPractice(Localized, W.VBox):
    """The Practice page's lists for lessons 1 and 2 (:func:`rules_items`): a chooser of the list, one question at a
    time with the lessons' Check, Hint and Show answer, and Next (after the last question, the first again).

    The plain methods :meth:`choose` and :meth:`next` are what the chooser and the button call."""

    def __init__(self, lesson: int = 1):
        super().__init__()
        rules_items(lesson)  # refuses an unknown lesson before anything is built
        self.lesson, self.index = lesson, 0
        self.menu = W.Dropdown(
            options=[(tr(label), n) for n, label in LISTS.items()],
            value=lesson,
            description=tr("Practise:"),
            style={"description_width": "initial"},
            layout=W.Layout(width="auto", max_width="46em"),
        )
        self.menu.observe(self._on_menu, names="value")
        self.title = W.HTML()
        self.next_button = W.Button(description=tr("Next"), icon="arrow-right", button_style="primary")
        self.next_button.layout.width, self.next_button.layout.min_width = "auto", "fit-content"
        self.next_button.on_click(self.on_next)
        self.exercise_widget: ExerciseWidget | None = None
        self.add_class("gamekit-rules-practice")
        self._load()

    @property
    def items(self) -> tuple[Item, ...]:
        """The questions of the chosen list, easy to hard."""
        return rules_items(self.lesson)

    @property
    def item(self) -> Item:
        """The question shown."""
        return self.items[self.index]

    def choose(self, lesson: int) -> Item:
        """Show lesson ``lesson``'s list from its first question (1 or 2; anything else is refused and nothing
        changes)."""
        rules_items(lesson)
        self.lesson, self.index = lesson, 0
        if self.menu.value != lesson:
            self.menu.unobserve(self._on_menu, names="value")
            self.menu.value = lesson
            self.menu.observe(self._on_menu, names="value")
        self._load()
        return self.item

    def next(self) -> Item:
        """The next question of the list (after the last, the first again)."""
        self.index = (self.index + 1) % len(self.items)
        self._load()
        return self.item

    def answer(self, text: Any) -> tuple[bool, str]:
        """Answer the question shown, as typed and Check pressed (:meth:`ExerciseWidget.submit`): an unreadable
        answer is not counted and changes nothing but the feedback line."""
        return self.exercise_widget.submit(text)

    def _load(self) -> None:
        item = self.item
        widget = ExerciseWidget(rules_exercise(item))
        widget.lesson = PROGRESS_KEY  # saved apart from every lesson page
        self.exercise_widget = widget
        title = tr(TITLES[item.level], i=self.index + 1, n=len(self.items))
        self.title.value = "<b>" + html.escape(title) + "</b>"
        self.children = [self.menu, self.title, widget, self.next_button]

    @reported
    def _on_menu(self, change: dict) -> None:
        self.choose(change["new"])

    @reported
    def on_next(self, _: Any) -> None:
        self.next()

    def report_error(self, error: BaseException) -> None:
        if self.exercise_widget is not None:
            self.exercise_widget.report_error(error)


__all__ = ["RulesPractice", "rules_items", "rules_exercise", "Item", "ending_level", "tile_twice", "LISTS"]
