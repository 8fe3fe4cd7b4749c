"""The 5 en raya lessons' registry: each lesson's notebook, objectives, exercises, practice and reflection.

Positions (lesson_positions) are move strings in the players' notation, played from the start.  Threat
cells are computed by :func:`threat_cells`; every move exercise accepts exactly :func:`best_moves` (the
exact solver's best moves) and answers each click with :func:`outcome_words` (the opponent's five, or a
line of best play), so what a reader is told is what the solver says about that very position.
``EXERCISES`` lists the exercise factories of each notebook.

In a notebook::

    from gamekit.connect import lessons as L
    from gamekit.connect import lesson_pictures
    score = L.LessonScore("5 en raya 2 — threats, odd and even rows, and puzzles")
    lesson_pictures.rules_table()             # 5 en raya beside standard Connect Four
    lesson_pictures.show("edge_line")         # a position with its threat cells tinted
    lesson_pictures.step_through("won_game")  # Prev / Next / Play / Reset
    L.exercise("win_in_one", score)           # click a column, checked against the solver
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable
from gamekit.connect import teach, teach_bits, teach_minimax, teach_prune
from gamekit.connect import teach_pictures, worksheet_cards
from gamekit.connect.puzzle_text import column_hit
from gamekit.connect.rules import FiveInARow
from gamekit.connect.view import GridLayout, layout_for
from gamekit.display import Table
from gamekit.i18n import N_, get_language, tr
from gamekit.widgets.exercise import Exercise
from gamekit.widgets.lesson import ExerciseWidget, LessonScore, PuzzleBoard
from gamekit.widgets.lesson_registry import Lesson, exercises_by_notebook
from gamekit.connect.lesson1_exercises import (
    count_lines_exercise,
    row_lines_exercise,
    side_block_exercise,
    side_block_row_exercise,
    side_win_exercise,
)
from gamekit.connect.lesson1_popout import popout_avoid_exercise, popout_exercise, popout_practice_exercise
from gamekit.connect.lesson1_fours import four_not_five_exercise
from gamekit.connect.lesson2_exercises import (
    block_threat_exercise,
    challenge_exercise,
    claimeven_exercise,
    on_top_fails_exercise,
    win_in_one_exercise,
    winning_move_exercise,
    zugzwang_exercise,
    zugzwang_who_exercise,
)
from gamekit.connect.lesson2_stop import stop_double_exercise
from gamekit.connect.lesson2_rows import (
    odd_even_2_exercise,
    odd_even_exercise,
    own_kind_threat_exercise,
    two_threats_exercise,
    odd_against_even_exercise,
)
from gamekit.connect.lesson_exercise import ConnectExercise
from gamekit.connect.lesson_pictures import CELL, picture, scene
from gamekit.connect.lesson_positions import ROW_QUESTIONS
from gamekit.connect.lesson_practice import ConnectProblemSet, practice_exclusions


__all__ = [
    "exercise",
    "exercises",
    "LessonScore",
    "LESSONS",
    "EXERCISES",
    "REFLECTIONS",
    "practice",
    "practice_exercises",
]


HAND_SEARCH_EMPTY = 6
"""Lesson 3's practice positions have at most this many empty cells (and no five now or block settles them):
small enough to try every column, and the best answer to it, by hand, in about the time of its exercise 3 (five
empty cells, 7 minutes)."""


LESSON_3_ENDGAMES = (
    "7343372667144461572152542523351264511",  # yellow to move, 5 empty cells: one column wins (side_column)
    "567563114117471152764534677663435422",  # red to move, 6 empty cells: one column wins (odd_even_threat)
)
"""Lesson 3's made practice endgames (move strings, from random games): no five now or block settles them, nor a
look one drop ahead, and no two of the set share a right column."""


WORKSHEET_RULES = (
    N_(
        "The grid is 9 columns wide and 6 rows high. The two outer columns start full of side discs and take no "
        "more: you drop into the seven middle columns, numbered 1 to 7 from the left."
    ),
    N_(
        "The side discs alternate colours going up: red at the bottom on the left, yellow at the bottom on the right. "
        "They count for lines across and diagonally."
    ),
    N_(
        "Red moves first. Five of your discs in a line (across, up or diagonally) win; four win nothing. A full grid "
        "without a five is a draw."
    ),
)
"""The rules card printed at the top of every 5 en raya worksheet (paper has no lesson page to look them up in)."""


WORKSHEET_POPOUT = N_(
    "PopOut (only where a question says so): instead of dropping, you may pop one of your own discs "
    "out of the bottom of a middle column, and the discs on top of it fall one row. A pop that "
    "completes a line only for your opponent makes your opponent win; if it completes lines for "
    "both, the player who popped wins. The side discs can never be popped."
)
"""The PopOut rule, printed only on the sheet whose questions use PopOut (lesson 1's: :func:`worksheet_aids`)."""


THEMES_1 = ("win_now", "block", "side_column")


THEMES_2 = THEMES_1 + ("double_threat", "odd_even_threat", "zugzwang", "stop_double_threat")
# ``exercise_themes`` (the mastery loop's "Try a similar one"): each drop exercise named there is a position the
# bank's own classifier (gamekit.puzzles.connect.themes) puts under that theme.  The counting and choice
# exercises (lines of five, odd or even threats, the zugzwang count, who runs out) ask what no bank puzzle
# asks, and the "only move" position has no bank theme, so they offer nothing; nor does "stop_double", whose wrong
# column 7 loses later, not to a double threat (the bank's "stop the double threat" asks that every wrong drop does).


LESSONS: dict[int, Lesson] = {
    1: Lesson(
        1,
        "five_in_a_row/01_rules_and_play",
        "5 en raya 1 — the rules",
        55,
        {
            "side_win": side_win_exercise,
            "side_block": side_block_exercise,
            "side_block_row": side_block_row_exercise,
            "four_not_five": four_not_five_exercise,
            "row_lines": row_lines_exercise,
            "count_lines": count_lines_exercise,
            "popout_avoid": popout_avoid_exercise,
            "popout_pop": popout_exercise,
        },
        {
            "side_win": "easy",
            "side_block": "easy",
            "side_block_row": "medium",
            "four_not_five": "easy",
            "row_lines": "easy",
            "count_lines": "medium",
            "popout_avoid": "medium",
            "popout_pop": "hard",
        },
        (
            N_(
                "Explain in one sentence: if the side columns started the other way round (yellow at the bottom "
                "left, red at the bottom right), what would change for the lines that use a side disc, and what "
                "would stay the same?"
            ),
            N_(
                "Each row's side discs would swap ends, so a line across a row or a diagonal could use a side disc "
                "on the other side than before; but every row would still have one red and one yellow side disc, "
                "so the number of lines of five, each player's chances and what a pop does would stay the same."
            ),
        ),
        ConnectProblemSet(
            "five_in_a_row",
            (("win_now", "easy"), ("block", "easy"), ("side_column", "easy")),
            seed=8,  # problem 1's five runs diagonally from a side disc (lesson 1's idea), not straight up
            exclude=practice_exclusions(fewest_legal=5, at_once=True),
            made=(("lesson1-popout", popout_practice_exercise),),  # the bank holds no PopOut position
        ),
        objectives=(
            (
                N_(
                    "make five in a line with a side disc, block such lines across and diagonally, and tell a four "
                    "that can still become five from one that cannot"
                ),
                ("side_win", "side_block", "four_not_five", "side_block_row"),
            ),
            (N_("count the lines of five red or yellow could fill on the empty grid"), ("row_lines", "count_lines")),
            (
                N_(
                    "say what a pop does (taking your own disc out of the bottom of a column, in a version of the "
                    "game called PopOut), and find a pop that wins"
                ),
                ("popout_avoid", "popout_pop"),
            ),
        ),
        themes=THEMES_1,
        exercise_themes={"side_win": "win_now", "side_block": "block", "side_block_row": "block"},
    ),
    2: Lesson(
        2,
        "five_in_a_row/02_threats_and_exercises",
        "5 en raya 2 — threats, odd and even rows, and puzzles",
        55,
        {
            "block_threat": block_threat_exercise,
            "win_in_one": win_in_one_exercise,
            "zugzwang_who": zugzwang_who_exercise,
            "odd_even": odd_even_exercise,
            "answer_on_top": claimeven_exercise,
            "stop_double": stop_double_exercise,
            "winning_move": winning_move_exercise,
            "challenge": challenge_exercise,
            # "If you have time" (spare time or home): not in the lesson's 55 minutes
            "zugzwang": zugzwang_exercise,
            "on_top_fails": on_top_fails_exercise,
            "two_threats": two_threats_exercise,
            "odd_even_2": odd_even_2_exercise,
            "odd_against_even": odd_against_even_exercise,
            "own_threat": own_kind_threat_exercise,
        },
        {
            "block_threat": "easy",
            "win_in_one": "easy",
            "zugzwang_who": "medium",
            "zugzwang": "medium",
            "odd_even": "medium",
            "odd_even_2": "medium",
            "two_threats": "medium",
            "odd_against_even": "hard",
            "answer_on_top": "medium",
            "on_top_fails": "medium",
            "stop_double": "medium",
            "own_threat": "hard",
            "winning_move": "hard",
            "challenge": "hard",
        },
        (
            N_(
                "Explain in one sentence how you would decide, in a game of your own, whether a new threat is worth "
                "making."
            ),
            N_(
                "It should be out of the other player's reach for now, or it is simply blocked, and on its owner's "
                "kind of row (odd for red, even for yellow), because the other player tends to fill the cells of "
                "the other kind."
            ),
        ),
        # at least five legal drops (no near coin toss); no zugzwang problem called easy (holding out until the
        # other player runs out of harmless drops is this lesson's hardest idea); stopping a double threat, an
        # objective, has its own problem; seed 481: no two problems with one right answer share it, and the clicked
        # answers of the lesson stay spread over the columns
        ConnectProblemSet(
            "five_in_a_row",
            (
                ("block", "easy"),
                ("double_threat", "medium"),
                ("zugzwang", "medium"),
                ("stop_double_threat", "medium"),
                ("odd_even_threat", "hard"),
            ),
            seed=481,
            exclude=practice_exclusions(fewest_legal=5),
        ),
        objectives=(
            (
                N_("find a threat (an empty cell that would complete your five): block it, or use it"),
                ("block_threat", "win_in_one", "own_threat"),
            ),
            (
                N_("tell an odd threat from an even one, and say which player each one helps"),
                ("odd_even", "two_threats", "odd_even_2", "odd_against_even", "own_threat"),
            ),
            (
                N_("find the drop that lets yellow answer every red disc on top of it"),
                ("answer_on_top", "on_top_fails"),
            ),
            (
                N_("explain zugzwang (losing because you must move) and work out who runs out of safe drops first"),
                ("zugzwang_who", "zugzwang"),
            ),
            (N_("make a double threat, or stop one before it is made"), ("stop_double", "winning_move", "challenge")),
            (N_("tell a move that wins from one that only draws"), ("winning_move", "challenge")),
        ),
        themes=THEMES_2,
        exercise_themes={
            "block_threat": "block",
            "win_in_one": "win_now",
            "winning_move": "odd_even_threat",
            "challenge": "double_threat",
        },
    ),
    3: Lesson(
        3,
        "five_in_a_row/03_how_the_computer_knows",
        "How the computer knows",
        55,
        {
            "yellow_reply": teach_minimax.yellow_reply_exercise,
            "tiny_tree": teach_minimax.tiny_tree_exercise,
            "be_the_computer": teach_minimax.best_move_exercise,
            "pruning": teach.pruning_exercise,
            "transposition": teach.transposition_exercise,
            "transposition_why": teach.transposition_why_exercise,
            "read_score": teach.read_score_exercise,
            "two_numbers": teach_bits.two_numbers_exercise,
            "bit_index": teach_bits.bit_exercise,
            "prune_tree": teach_prune.prune_exercise,
            "bit_cell": teach_bits.bit_cell_exercise,
        },
        {
            "yellow_reply": "easy",
            "tiny_tree": "medium",
            "be_the_computer": "medium",
            "pruning": "medium",
            "transposition": "easy",
            "transposition_why": "medium",
            "read_score": "medium",
            "two_numbers": "easy",
            "bit_index": "medium",
            "prune_tree": "medium",  # the case of exercise 4 on a drawn tree: one cut, not a deeper one
            "bit_cell": "hard",
        },
        (
            N_(
                "Explain in one sentence why alpha–beta finds the same score as minimax while visiting fewer positions."
            ),
            N_(
                "It only skips moves already shown to be no better for the player choosing than a move found "
                "earlier, so skipping them cannot change the best score."
            ),
        ),
        # typed: the best column and its score (minimax and reading a score, this lesson's ideas); none that a look
        # one drop ahead settles; no two problems share a right column, so one's feedback never answers another
        # the bank holds one endgame this small that no look one drop ahead settles (the first); the other two are
        # made from random games (5 and 6 empty cells), judged by the exact solver as the bank's puzzles are
        ConnectProblemSet(
            "five_in_a_row",
            (("double_threat", "medium"), ("side_column", "medium"), ("odd_even_threat", "medium")),
            seed=4,
            exclude=practice_exclusions(HAND_SEARCH_EMPTY, typed_score=True),
            by_hand=True,
            positions=LESSON_3_ENDGAMES,
        ),
        objectives=(
            (
                N_(
                    "score a position the way a computer does, with minimax, and read the solver's scores: "
                    "which disc wins"
                ),
                ("yellow_reply", "tiny_tree", "be_the_computer", "read_score"),
            ),
            (
                N_("say how alpha–beta and a transposition table skip work without changing the answer"),
                ("transposition", "pruning", "transposition_why", "prune_tree"),
            ),
            (
                N_("find a cell's bit in a bitboard, the two numbers the real solver keeps"),
                ("two_numbers", "bit_index", "bit_cell"),
            ),
        ),
        themes=THEMES_2,
    ),
}
"""Every 5 en raya lesson (the convention all games share: :class:`gamekit.widgets.lesson.Lesson`)."""


EXERCISES: dict[str, list[Callable[[], Exercise]]] = exercises_by_notebook(LESSONS)
"""The exercise factories each notebook uses, keyed by notebook path under ``notebooks/`` without suffix
(from :data:`LESSONS`)."""


def worksheet_aids(notebook: str) -> list[str]:
    """What a pupil working ``notebook``'s worksheet on paper needs from the lesson page, as Markdown blocks in the
    current language (the rules card is separate, :data:`WORKSHEET_RULES`; the cards' text is in
    :mod:`gamekit.connect.worksheet_cards`): for lesson 2 the words threat, ✗ cell,
    double threat and stacked threats, stopping a double threat, and the odd/even rule of thumb; for lesson 3
    the scoring rule (7 − n on the tiny board, 22 − n on the full boards, computed from the boards' free cells) and
    how the bits of a bitboard are numbered, with a small example board no exercise asks about; for lesson 1 the
    PopOut rule (:data:`WORKSHEET_POPOUT`: its exercises 7-8 use PopOut, the other sheets' questions never do).
    KeyError for a notebook that is not a 5 en raya lesson."""
    if notebook not in EXERCISES:
        raise KeyError(f"no 5 en raya lesson {notebook!r}; known: {', '.join(EXERCISES)}")
    if notebook == LESSONS[1].notebook:  # the only lesson whose questions use PopOut
        return ["> **PopOut**\n>\n> * " + tr(WORKSHEET_POPOUT)]
    if notebook == LESSONS[2].notebook:
        return worksheet_cards.threat_words_card()
    if notebook == LESSONS[3].notebook:
        return worksheet_cards.scores_and_bits_cards()
    return []


def worksheet_words_before(notebook: str, key: str) -> list[str]:
    """What ``notebook``'s worksheet prints under the heading of exercise ``key``, before its question, as the page
    teaches it there: lesson 2's forced-reply rule comes right before exercise 11 (two threats), the first exercise
    that counts forced replies (:func:`gamekit.connect.worksheet_cards.forced_reply_card`).  KeyError for a notebook
    that is not a 5 en raya lesson."""
    if notebook not in EXERCISES:
        raise KeyError(f"no 5 en raya lesson {notebook!r}; known: {', '.join(EXERCISES)}")
    if notebook == LESSONS[2].notebook and key == "two_threats":
        return worksheet_cards.forced_reply_card()
    return []


REFLECTIONS: dict[str, tuple[str, str]] = {lesson.notebook: lesson.reflection for lesson in LESSONS.values()}
"""The closing reflection question of each lesson and its model answer (for the teacher guide, never the page)."""


BOARD_EXERCISES = {name: factory for n in (1, 2) for name, factory in LESSONS[n].exercises.items()}
"""The exercises :func:`exercise` draws by name (lessons 1 and 2; lesson 3's are typed answers)."""


def _built(name: str) -> ConnectExercise:
    if name not in BOARD_EXERCISES:
        raise KeyError(f"no exercise {name!r}; known: {', '.join(BOARD_EXERCISES)}")
    return _built_in(name, get_language())


@lru_cache(maxsize=None)
def _built_in(name: str, language: str) -> ConnectExercise:
    """One exercise per language (its questions and feedback are written in that language)."""
    return BOARD_EXERCISES[name]()


def exercises() -> dict[str, ConnectExercise]:
    """The board exercises of lessons 1 and 2, by name."""
    return {name: _built(name) for name in BOARD_EXERCISES}


def exercise(name: str, score: LessonScore | None = None):
    """The widget of a named exercise: a clickable board, or an answer box (lesson 3's exercises are typed or
    chosen answers, drawn fresh in the current language)."""
    if name in LESSONS[3].exercises and name not in BOARD_EXERCISES:
        return ExerciseWidget(LESSONS[3].exercises[name](), score=score)
    ex = _built(name)
    if not ex.click:
        widget = ExerciseWidget(ex, score=score)
        if ex.game is None:
            return widget
        import ipywidgets as W

        tinted, zugzwang = ex.marks  # the threat cell the question is about, lettered; ✗ under yellow's threats
        board = picture(
            ex.game,
            scene(ex.game, threats=tinted, danger=zugzwang, show_last=zugzwang),
            threats=tinted,
            danger=zugzwang,
            rows=name not in ROW_QUESTIONS,
        )
        return W.VBox([board, widget])
    game = ex.game
    layout: GridLayout = layout_for(game, CELL)
    return PuzzleBoard(
        ex,
        draw=lambda mark: scene(game, threats=False, mark=mark, show_last=False),
        hit=column_hit(game, layout),
        size=layout.css_size,
        score=score,
    )


def known_results() -> Table:
    """What is known about solving both games."""
    return Table(
        [tr("game"), tr("result with perfect play"), tr("status")],
        [
            [
                tr("standard Connect Four (7×6)"),
                tr("first player wins, starting in the centre column"),
                tr("proved (James D. Allen and Victor Allis, 1988; John Tromp's database)"),
            ],
            five_in_a_row_result(),
        ],
        caption=tr("What is known about the value of the start"),
    )


def five_in_a_row_result() -> list[str]:
    """The 5 en raya row of :func:`known_results`: the value of the start as gamekit's shipped opening book
    holds it (computed, not published elsewhere), or "unknown" when no book is installed."""
    from gamekit.connect.tables import book_for

    start = FiveInARow()
    book = book_for(start.variant)
    score = None if book is None else book.lookup(start)
    if score is None:
        return [
            tr("5 en raya (9×6, side columns)"),
            tr("unknown"),
            tr(
                "no published solution; the solver these lessons use settles positions from the middle game on "
                "(every exercise here), but not yet the empty grid"
            ),
        ]
    return [
        tr("5 en raya (9×6, side columns)"),
        teach_pictures.start_result((score > 0) - (score < 0)),
        tr(
            "computed by the solver these lessons use (not published elsewhere): every first move of red is proved; "
            "lesson 3 shows how the computer knows"
        ),
    ]


# ----- closing reflection questions (model answers: the teacher guide, never the page) ----------------------
def reflection(lesson: str, score: LessonScore | str):
    """The closing reflection question of ``lesson`` (a notebook path as in :data:`EXERCISES`), saved with progress."""
    from gamekit.widgets.reflection import Reflection

    if lesson not in REFLECTIONS:
        raise KeyError(f"no reflection question for {lesson!r}; known: {', '.join(REFLECTIONS)}")
    return Reflection(tr(REFLECTIONS[lesson][0]), score)


# ----- "More practice": each lesson's graded set from the puzzle bank -------------------------------------
def practice_exercises(lesson: int) -> list[ConnectExercise]:
    """Lesson ``lesson``'s closing problem set (:attr:`Lesson.practice`, fixed seed): click a column, easy to
    hard, judged by the bank's solver verdicts (a wrong column is told its refutation)."""
    if lesson not in LESSONS:
        raise ValueError(tr("no lesson {lesson}: the 5 en raya lessons are 1 to 3", lesson=lesson))
    return list(_practice_in(lesson, get_language()))


@lru_cache(maxsize=None)
def _practice_in(lesson: int, language: str) -> tuple[ConnectExercise, ...]:
    return tuple(
        LESSONS[lesson].practice.exercises(
            lambda *a, position=None, click=True, **k: ConnectExercise(*a, game=position, click=click, **k)
        )
    )


PRACTICE_TITLES: dict[str, str] = {
    "easy": N_("Problem {i} (easy)"),
    "medium": N_("Problem {i} (medium)"),
    "hard": N_("Problem {i} (hard)"),
}
"""A practice problem's title by level, one sentence each: Spanish agrees the level with its noun («nivel medio»),
which a level word slotted into one shared title («media») cannot."""


def problem_title(i: int, level: str) -> str:
    """The title of practice problem ``i`` at ``level`` ("easy", "medium" or "hard"), in the current language."""
    return tr(PRACTICE_TITLES[level], i=i)


def practice(lesson: int, score: LessonScore | None = None):
    """The "More practice" set on the page: one board per problem, each titled with its number and level."""
    import html
    import ipywidgets as W

    rows = []
    for i, ex in enumerate(practice_exercises(lesson), 1):
        game = ex.game
        layout = layout_for(game, CELL)
        title = W.HTML("<b>" + html.escape(problem_title(i, ex.level)) + "</b>")
        if not ex.click:  # lesson 3: the column and its score typed; lesson 1: the PopOut choice, under the board
            rows += [title, picture(game, scene(game, threats=False, show_last=False)), ExerciseWidget(ex, score=score)]
            continue
        rows += [
            title,
            PuzzleBoard(
                ex,
                draw=lambda mark, g=game: scene(g, threats=False, mark=mark, show_last=False),
                hit=column_hit(game, layout),
                size=layout.css_size,
                score=score,
            ),
        ]
    return W.VBox(rows)
