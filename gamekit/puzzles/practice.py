"""Practice: one puzzle at a time near the pupil's rating, with Hint, feedback, a streak and a rating plot.

::

    from gamekit.puzzles.practice import Practice
    Practice("dots_and_boxes")                      # any puzzle near the pupil's saved rating
    Practice("five_in_a_row", theme="block")        # one theme only
    homework = Practice.set("dots_and_boxes", theme="double_deal", n=10, seed=7)
    homework.code                                   # "dots-double_deal-10-7": give it to the class
    Practice.from_code("dots-double_deal-10-7")     # the same ten puzzles, in the same order
    Practice("dots_and_boxes", personal=True)       # the pupil's own mistakes from reviewed games

The logic is in plain methods (:meth:`Practice.answer`, :meth:`Practice.next`, :meth:`Practice.hint`) that a
click, a typed answer or a choice button only calls.  The first answer to each puzzle is rated (Glicko-2); the
rating and every attempt are saved in the progress file, so they survive a kernel restart.
"""

from __future__ import annotations

import html
import random
import weakref
from typing import Any, Sequence

import ipywidgets as W

from gamekit import catalog, progress
from gamekit.core.saved import is_int
from gamekit.progress import level
from gamekit.i18n import N_, Localized, ntr, tr
from gamekit.puzzles import pick
from gamekit.puzzles.core import (
    Puzzle,
    action_key,
    check_game_id,
    check_theme,
    game_name,
    line_words,
    move_words,
    puzzle_words,
    theme_hint,
    theme_name,
)
from gamekit.puzzles.homework import HomeworkSet, homework_set, parse_code
from gamekit.puzzles.pools import (
    MIXED,
    lesson_choices,
    lesson_numbers,
    lesson_pool,
    lesson_themes,
    lessons_done,
    lessons_solved,
    level_words,
    practice_pool,
    practice_update,
    saved_rating,
    served_this_round,
    with_themes,
)
from gamekit.puzzles.practice_view import practice_board, puzzle_title, sparkline
from gamekit.puzzles.practice_feedback import answer_words, feedback_html
from gamekit.puzzles.practice_picker import PartPicker
from gamekit.puzzles.practice_words import after_colon, second_hint_and_help
from gamekit.puzzles.ratings import Rating
from gamekit.puzzles.sets import stakes, typed_answer
from gamekit.widgets.access import LIVE_CLASS
from gamekit.widgets.canvas import BoardCanvas
from gamekit.widgets.controls import reported
from gamekit.widgets.exercise import NOTE_COLOUR, RIGHT_COLOUR, WRONG_COLOUR, shown_order, submit_on_enter
from gamekit.widgets.lesson import ClassNote, Mark

# ---------------------------------------------------------------------------------------
# The widget
# ---------------------------------------------------------------------------------------
MAX_SAME_IDEA = 2
"""Mixed practice shows at most this many puzzles of one idea in a row while another is left (no habit answers)."""
HINTS_BEFORE_HELPED = 2
"""From this many hints on (the second names wrong answers to leave out), a right first answer is a helped solve:
the puzzle is solved, but not at the first try, and the level and the streak count it as a miss."""
#: the one sentence the Practice pages say about :data:`HINTS_BEFORE_HELPED`
HELPED_SOLVE_WORDS = N_("A right answer after the second hint does not count as solved at the first try.")

_LIVE: "weakref.WeakSet[Practice]" = weakref.WeakSet()
"""Every Practice board of this kernel: when one rates an answer, the open others of the game show the new level."""


class Practice(ClassNote, Localized, W.VBox):
    """Practice puzzles of one game (optionally one theme), one at a time near the pupil's rating.

    ``seed`` makes the choice of puzzles reproducible; ``puzzles`` (a :class:`HomeworkSet` or a list of puzzles of
    the game) fixes the list, in order, and Next after the last says the set is done.

    The rating has one home, the progress file (:func:`saved_rating`): every Practice board of the game reads it
    before it rates an answer, and all of them show the new level as soon as one rates an answer."""

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
        self.served: list[str] = []  # every puzzle shown, repeats included
        self.index = -1  # position in a fixed list
        self.finished = False
        self.puzzle: Puzzle | None = None
        self.game = None
        self.tries: list[tuple[Any, bool, str]] = []
        self.hints_used = self.free_hints = 0
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
            button.layout.width, button.layout.min_width = "auto", "fit-content"  # the whole label, in any language
        self.refute_button.on_click(self.on_refute)
        self.refute_button.layout.display = "none"  # shown only while there is a wrong answer to play out
        self.feedback = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.feedback.add_class("gamekit-feedback")
        self.feedback.add_class(LIVE_CLASS)
        self.status = W.HTML()
        self.plot = W.HTML()
        # the class group's status line: whether the saved progress reached the teacher, never blocking the puzzle
        self.class_note = W.HTML()
        self.class_note.add_class("gamekit-class-note")
        self.last_class_note = ""
        self.error_output = W.Output(layout=W.Layout(max_height="12em", overflow="auto"))
        self.picker = PartPicker(self.input)  # an answer built from parts (Shut the Box: the tiles to cover)
        # the lesson chooser narrows free practice to one lesson's ideas: a native, labelled drop-down list (Tab
        # reaches it, the arrow keys choose; the change is said in the feedback line, a live region)
        self.lesson: "int | str | None" = None
        self.lesson_box = W.HBox()
        if not self.fixed and not personal and theme is None:
            self.lesson_menu = W.Dropdown(
                options=[(label, MIXED if key is None else key) for label, key in lesson_choices(game_id)],
                value=MIXED,
                description=tr("Practise the ideas of:"),
                style={"description_width": "initial"},
                layout=W.Layout(width="auto", max_width="46em"),
            )
            self.lesson_box.children = [self.lesson_menu]
            # a new pupil starts on the ideas of the last lesson done (or the first lesson), not every idea
            # mixed, where the easy levels hold later lessons' ideas too; the menu says so, and offers the rest
            if game_id not in progress.ratings() and max(lesson_numbers(game_id)) not in lessons_solved(game_id):
                self.lesson = self.lesson_menu.value = lessons_done(game_id)
                self.pool = lesson_pool(game_id, self.lesson)
            self.lesson_menu.observe(self._on_lesson, names="value")
        else:
            self.lesson_menu = None
        typed = [self.input, self.check_button]  # shown where an answer is typed or built from parts (_load)
        self.answer_row = W.HBox([*typed, self.hint_button, self.refute_button, self.next_button])
        self.children = [
            self.lesson_box,
            self.title,
            self.prompt_label,
            self.board_box,
            self.choices,
            self.picker,
            self.feedback,
            self.answer_row,
            W.HBox([self.status, self.plot]),
            self.class_note,
            self.error_output,
        ]
        self.add_class("gamekit-practice")
        _LIVE.add(self)
        if not self.pool:  # personal=True before any reviewed game has a mistake to offer
            self.finished = True
            self.answer_row.layout.display = "none"  # nothing to answer: no answer box, Hint or Next
            self._show(
                tr(
                    "No mistakes to practise yet: finish a game on a board and press Review, and your "
                    "mistakes with a clear better move come back here."
                ),
                NOTE_COLOUR,
            )
            self._update_status()
            self.children = [self.feedback, self.class_note, self.error_output]  # one sentence, no buttons
            return
        self.next()

    def choose_lesson(self, lesson: "int | str | None") -> Puzzle | None:
        """Practise one lesson's ideas (its number; :data:`BEYOND` for the ideas past the lessons; None: every
        idea): the pool becomes :func:`lesson_pool`, a new puzzle of it is shown, and the feedback line says what
        is practised now.  Only free practice of every idea has the chooser (a homework set, one idea or the own
        mistakes: ValueError); an unknown lesson is refused (ValueError, TypeError) and nothing changes."""
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
        shown = MIXED if lesson is None else lesson  # the menu's value for this choice
        if self.lesson_menu.value != shown:  # the choice made by this method too
            self.lesson_menu.unobserve(self._on_lesson, names="value")
            self.lesson_menu.value = shown
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
        """A homework set (:func:`homework_set`); open with ``Practice(game_id, puzzles=it)``, or :meth:`from_code`."""
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
        """The current puzzle's question as the page shows it: its prompt (or its lesson's), then the stakes."""
        if self.puzzle is None:
            return ""
        own = getattr(catalog.get(self.game_id).puzzle_module(), "lesson_prompt", lambda puzzle, lesson: None)
        return (own(self.puzzle, self.lesson) or self.puzzle.prompt()) + " " + stakes(self.puzzle)

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
            # the first answer steers the next: a miss brings none harder, a first-try solve none easier
            last = self.puzzle.rating if self.puzzle is not None and self.tries else None
            missed = bool(self.tries) and not self.tries[0][1]
            bounds = {"at_most": last if missed else None, "at_least": None if missed else last}
            done = served_this_round(self.pool, self.served)
            keep = getattr(catalog.get(self.game_id).puzzle_module(), "answers_balanced", lambda p, *_: p)
            pool = keep(self.pool, self.served, self.theme)  # a decision idea: neither answer becomes a habit
            puzzle = pick(pool, self.rating.rating, seed=self.rng.random(), exclude=done, **bounds)
            # mixed at every level: after MAX_SAME_IDEA of one idea in a row, another idea's puzzle not served yet
            recent = [self._idea_of(p) for p in self._recent(MAX_SAME_IDEA)]
            if self.theme is None and len(recent) == MAX_SAME_IDEA and set(recent) == {self._idea_of(puzzle)}:
                others = [p for p in self.pool if self._idea_of(p) != recent[0] and p.id not in done]
                if others:
                    puzzle = pick(others, self.rating.rating, seed=self.rng.random(), exclude=done, **bounds)
        self._load(puzzle)
        return puzzle

    def answer(self, action: Any) -> tuple[bool, str]:
        """Answer the current puzzle with ``action`` (canonical, or as typed: ``"a1-b1"``, ``"4"``).

        Returns ``(ok, feedback)``: the whole explanation (a wrong answer's is its refutation); the board shows one
        or two short sentences of it and the rest under **Read more** (:func:`answer_words`).  The first answer to a
        puzzle moves the rating.  An illegal or malformed answer raises ``ValueError`` (``IllegalMoveError``)
        and changes nothing; so does answering when a set is done."""
        if self.puzzle is None or self.finished:
            raise ValueError(tr("The set is done: there is no puzzle to answer."))
        if isinstance(action, str):  # read as the lessons read it: "column 4", "5+3", "one die"
            action = typed_answer(self.puzzle, action)
        ok, feedback, short = answer_words(self.puzzle, action, self.idea_theme())  # raises before any change
        canonical = self.puzzle.canonical(action)
        first = not self.tries
        # right after a second hint that helped: solved, but no first-try solve (a miss for the level and streak)
        clean = ok and self.hints_used - self.free_hints < HINTS_BEFORE_HELPED
        self.tries.append((canonical, ok, feedback))
        progress.record_attempt(self.game_id, self.puzzle.id, ok, first_try=clean)
        if first:
            before = Rating(self.puzzle.rating, self.puzzle.rd)
            after = practice_update(self.rating, before, clean)
            progress.save_rating(self.game_id, after.rating, after.rd, after.vol)
            self.streak = self.streak + 1 if clean else 0
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
        # at a glance one or two short sentences; the whole explanation under Read more
        shown = tr("✔ {feedback}", feedback=short) if ok else tr("✘ {feedback}", feedback=short)
        self._show(shown, RIGHT_COLOUR if ok else WRONG_COLOUR)
        self.feedback.value = feedback_html(self.last_feedback, feedback, RIGHT_COLOUR if ok else WRONG_COLOUR)
        for board in list(_LIVE):
            if board.game_id == self.game_id and board.comm is not None:  # open boards (closed: comm None)
                board._update_status()
        return ok, feedback

    def idea_theme(self) -> str | None:
        """The theme the current puzzle is practised for: the set's own idea, else the chosen lesson's idea for it
        (the puzzle module's ``lesson_idea``, else its first the lesson taught), else its first theme (or None)."""
        return None if self.puzzle is None else self._idea_of(self.puzzle)

    def _idea_of(self, puzzle: Puzzle) -> str | None:
        """The theme ``puzzle`` is practised for on this board (:meth:`idea_theme`)."""
        if not puzzle.themes:
            return None
        chooser = getattr(catalog.get(self.game_id).puzzle_module(), "lesson_idea", None)
        if self.theme in puzzle.themes or self.lesson is not None and chooser is not None:  # a game's own choice
            return self.theme if self.theme in puzzle.themes else chooser(puzzle, self.lesson)
        taught = lesson_themes(self.game_id, self.lesson) if self.lesson is not None else ()
        return next((t for t in puzzle.themes if t in taught), puzzle.themes[0])

    def _recent(self, n: int) -> list[Puzzle]:
        """The last ``n`` puzzles shown on this board (fewer at the start), oldest first."""
        return [p for i in self.seen[-n:] for p in self.pool if p.id == i]

    def hint(self) -> str:
        """A hint that never gives the answer: first the idea of the puzzle's theme (what to look at,
        :func:`gamekit.puzzles.core.theme_hint`, or the game puzzle module's ``practice_hint(puzzle, theme)``
        where that idea does not fit the puzzle, or its ``first_hint(puzzle, theme)`` where the page does not name
        the idea), then a step toward the answer (:func:`second_hint_and_help`), never the answer itself."""
        if self.puzzle is None or self.finished:
            raise ValueError(tr("The set is done: there is no puzzle to answer."))
        self.hints_used += 1
        if self.hints_used == 1 and self.puzzle.themes:
            theme = self.idea_theme()
            module = catalog.get(self.game_id).puzzle_module()
            first = getattr(module, "first_hint", None) if theme != self.theme else None  # the page names no idea
            own = first or getattr(module, "practice_hint", None)  # the game's hint where the idea's misfits
            idea = own(self.puzzle, theme) if own else None
            names = [tr(n) for n in catalog.get(self.game_id).seat_names]  # a name keeps its capital
            message = tr("Hint: {idea}", idea=after_colon(idea or theme_hint(self.game_id, theme), names))
        else:
            message, helps = second_hint_and_help(self.puzzle, [a for a, ok, _ in self.tries if not ok])
            self.free_hints += not helps  # only how many are right: no help, so no cost to a first-try solve
            if helps and not self.tries and self.hints_used - self.free_hints == HINTS_BEFORE_HELPED:
                message += " " + tr(HELPED_SOLVE_WORDS)
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
        self.hints_used = self.free_hints = 0  # free: second hints that gave no help (:func:`second_hint_and_help`)
        self.mark = None
        self.refutation = []
        if puzzle.id in self.seen:
            self.seen.remove(puzzle.id)
        self.seen.append(puzzle.id)
        self.served.append(puzzle.id)
        spec = practice_board(self.game_id, self.game)
        parts = self.picker.show(puzzle)  # an answer built from parts: no button per whole answer lists them
        if spec is not None:
            size, self._draw, self._hit = spec
            if self.board is None or (self.board.css_width, self.board.css_height) != tuple(size):
                self.board = BoardCanvas(*size, label=tr("Puzzle board: click your answer, or type it in the box"))
                self.board.canvas.on_mouse_down(self.handle_mouse_down)
                self.board_box.children = [self.board.canvas, self.board.access]
        else:
            self._draw = self._hit = None
            shown = [] if parts else shown_order(puzzle.legal_answers(), puzzle.id)  # never "the right one first"
            options = [(move_words(self.game_id, a), action_key(a)) for a in shown]
            self.choices.unobserve(self._on_choice, names="value")
            self.choices.options = options
            self.choices.value = None
            self.choices.observe(self._on_choice, names="value")
        self.choices.layout.display = None if spec is None and not parts else "none"
        typed = parts or puzzle_words(self.game_id).typed
        self.input.layout.display = self.check_button.layout.display = None if typed else "none"
        self._redraw()
        if self.fixed:
            title = tr(
                "Puzzle {i} of {n} · level {level}", i=self.index + 1, n=len(self.pool), level=level(puzzle.rating)
            )
            self.title.value = "<b>" + html.escape(title) + "</b>"  # the level the teachers' table gives
        else:
            self.title.value = "<b>" + html.escape(puzzle_title(len(self.seen), puzzle.rating, self.game_id)) + "</b>"
        if self.puzzle_class:
            self.title.remove_class(self.puzzle_class)
        self.puzzle_class = f"gamekit-puzzle-{puzzle.id}"  # for a page's scripts and tests; never shown
        self.title.add_class(self.puzzle_class)
        table = getattr(catalog.get(self.game_id).puzzle_module(), "question_table", lambda p: None)(puzzle)
        self.prompt_label.value = html.escape(self.question()) + (table or "")  # a game's table (Shut the Box)
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
        """The status line: the streak and the pupil's level (the one saved rating; :func:`level_words`)."""
        streak = ntr("Streak: {n} puzzle", "Streak: {n} puzzles", self.streak)
        return streak + " · " + level_words(self.rating, self.pool, self.game_id)

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
            self._show(self.picker.empty_words() or tr("Type an answer first, then press Check."), NOTE_COLOUR)
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
        self.choose_lesson(None if change.get("new") == MIXED else change.get("new"))

    @reported
    def on_refute(self, _: Any) -> None:
        self.show_refutation()

    @reported
    def on_hint(self, _: Any) -> None:
        self.hint()

    @reported
    def on_next(self, _: Any) -> None:
        self.next()


__all__ = ["Practice"]
