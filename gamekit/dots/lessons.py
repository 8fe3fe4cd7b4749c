"""Dots and Boxes lessons 1–5: the lesson registry (each lesson's exercises, levels, practice set and reflection).

Positions are written in the line notation (``"a1-b1 b2-b3 …"``, played in order from an empty board). Highlights
(third sides, each chain and loop in its own tint, the line just drawn) and every exercise's checker come from
:mod:`gamekit.dots.analysis` and the exact solver: the feedback is what the analysis says about that position.

In a notebook::

    from gamekit.dots import lessons as L
    score = L.LessonScore("Third sides")
    L.step_through("third_sides")          # Prev / Next / Play / Reset
    L.exercise("safe_line", score)         # click a line on the board, checked
    score                                  # the lesson's score, updated live

``exercises(lesson)`` gives the plain :class:`DotsExercise` objects (the tests check them); ``EXERCISES`` lists
each notebook's exercise factories.  Every exercise that asks for a move is judged by the exact solver
(:func:`best_move_exercise`, :func:`why_line` for the feedback); captions and feedback are plain text.
"""

from __future__ import annotations

from functools import lru_cache
from gamekit.dots.puzzle_text import line_hit
from gamekit.i18n import N_
from gamekit.i18n import get_language
from gamekit.i18n import tr
from gamekit.puzzles.sets import ProblemSet
from gamekit.widgets.lesson import ExerciseWidget
from gamekit.widgets.lesson_registry import Lesson
from gamekit.widgets.lesson import LessonScore
from gamekit.widgets.lesson import PuzzleBoard
from gamekit.widgets.lesson_registry import exercises_by_notebook
from typing import Any
from typing import Callable
from gamekit.dots.lesson1_exercises import (
    first_box_exercise,
    lines_count_exercise,
    name_line_exercise,
    third_sides_count_exercise,
    two_boxes_exercise,
    whose_turn_exercise,
)
from gamekit.dots.lesson2_exercises import (
    count_safe_exercise,
    safe_line_exercise,
    safe_race_exercise,
    take_box_exercise,
)
from gamekit.dots.lesson3_exercises import (
    chain_lengths_exercise,
    count_chains_exercise,
    count_loops_exercise,
    hand_over_exercise,
    how_many_exercise,
    chain_or_loop_exercise,
    handout_exercise,
)
from gamekit.dots.lesson4_exercises import (
    count_long_exercise,
    dots_count_exercise,
    parity_exercise,
    total_exercise,
    turns_exercise,
    who_wins_exercise,
)
from gamekit.dots.lesson5_control import control_price_exercise, take_or_refuse_sheet
from gamekit.dots.lesson5_take_all import challenge_take_all_exercise, loop_split_exercise
from gamekit.dots.lesson5_challenges import challenge_exercise, challenge_steer_exercise, plan_exercise
from gamekit.dots.lesson5_exercises import (
    double_deal_score_exercise,
    keep_control_exercise,
    loop_six_exercise,
    not_worth_it_exercise,
    sacrifice_exercise,
    steer_exercise,
    take_all_exercise,
)
from gamekit.dots.lesson_exercise import DotsExercise
from gamekit.dots.lesson_pictures import held_until_solved, lesson_scene
from gamekit.dots.lesson_worksheets import WORKSHEET_RULES, WORKSHEET_WORDS, tally_sheet, words_after_card
from gamekit.dots.lesson_positions import lesson_board_layout
from gamekit.dots.lesson_practice import MadeProblemSet, practice_problems
from gamekit.dots.lesson_worksheets import (
    extra_after,
    extra_inside,
    period_end_slot,
    period_recap_slot,
    second_sheet,
    words_before,
)
from gamekit.dots.lesson_explanations import explanation

__all__ = [
    "after_exercise",
    "exercise",
    "exercises",
    "LessonScore",
    "reflection",
    "REFLECTIONS",
    "LEVELS",
    "LEVEL_NAMES",
    "LESSONS",
    "practice",
    "practice_exercises",
    "WORKSHEET_RULES",
    "WORKSHEET_WORDS",
    "worksheet_aids",
    "worksheet_words_after",
    "worksheet_words_before",
]


def worksheet_aids(notebook: str) -> list[str]:
    """The words card of ``notebook``'s worksheet (one Markdown block): the words of that lesson and the earlier ones
    (:data:`WORKSHEET_WORDS`); none for lesson 1.  KeyError for a notebook that is not a Dots and Boxes lesson."""
    number_ = next((n for n, lesson in LESSONS.items() if lesson.notebook == notebook), None)
    if number_ is None:
        raise KeyError(f"no Dots and Boxes lesson {notebook!r}; known: {', '.join(EXERCISES)}")
    words = [word for n in range(1, number_ + 1) for word in WORKSHEET_WORDS[n]]
    if not words:
        return []
    return ["> **" + tr("Words for this sheet") + "**\n>\n" + "\n".join(f"> * {tr(word)}" for word in words)]


def worksheet_words_after(notebook: str, key: str) -> list[str]:
    """What is printed right after exercise ``key`` of ``notebook``'s worksheet, as on the page: a word that would give
    that exercise away on the top card (:func:`words_after_card`), lesson 4's tally after exercise 6, lesson 5's end of
    period 1, second sheet and period 2 recap after exercise 3, and its loops-first habit after exercise 4."""
    number_ = next((n for n, lesson in LESSONS.items() if lesson.notebook == notebook), None)
    if number_ is None:
        raise KeyError(f"no Dots and Boxes lesson {notebook!r}; known: {', '.join(EXERCISES)}")
    blocks = words_after_card(number_, key)
    if number_ == 4 and key == _built("who_wins").key:
        blocks.append(tally_sheet())  # where the lesson page has it: after exercise 6, before steering the count
    if number_ == 5 and key == _built("loop_split").key:
        # the lesson's two periods: the first ends with its short reflection, written down; the second sheet, with
        # the take-or-refuse card under exercise 4 that states exercise 2's answer (refusing a loop costs 4), is
        # given out in period 2, once exercise 3 is checked, and opens with the page's two-minute recap
        blocks += [period_end_slot(), second_sheet(3), period_recap_slot()]
    if number_ == 5 and key == _built("control_price").key:
        # loops first (which part is opened last) is half of exercise 4: after it, as on the page
        blocks.append("\n".join("> " + paragraph for paragraph in explanation("loops_first").paragraphs))
    return blocks + extra_after(number_, key)  # lessons 4's and 5's extra exercises, marked as on the page


def worksheet_words_before(notebook: str, key: str) -> list[str]:
    """What is printed under the heading of exercise ``key`` of ``notebook``'s worksheet, before its question.
    Lesson 5's take-or-refuse card, which exercise 4 needs, states what refusing a loop costs (4 boxes), the answer
    of exercise 2 (the loop of 6): it is printed under exercise 4's heading, as on the page, on the second sheet,
    which the teacher gives out in the lesson's second period, once exercise 3 is checked
    (:func:`worksheet_words_after`).  An exercise left out of the lesson's minutes where it stands is marked extra
    there, as on the page (:func:`gamekit.dots.lesson_worksheets.extra_inside`), and a fact the page gives right above
    an exercise is printed there too (:func:`gamekit.dots.lesson_worksheets.words_before`)."""
    number_ = next((n for n, lesson in LESSONS.items() if lesson.notebook == notebook), None)
    if number_ is None:
        raise KeyError(f"no Dots and Boxes lesson {notebook!r}; known: {', '.join(EXERCISES)}")
    if number_ == 5 and key == _built("control_price").key:
        return [take_or_refuse_sheet()]
    # an extra in the middle of the lesson, marked as on the page; then what the page says right above the exercise
    return extra_inside(number_, key) + words_before(number_, key)


LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}
"""The three levels an exercise is marked with (its heading on the page ends with the level, translated)."""

LESSONS: dict[int, Lesson] = {
    1: Lesson(
        1,
        "dots_and_boxes/01_rules_and_terms",
        "Dots 1 — rules and words",
        40,
        {
            "lines_2x2": lines_count_exercise,
            "lines_3x2": lambda: lines_count_exercise(3, 2),
            "name_line": name_line_exercise,
            "first_box": first_box_exercise,
            "whose_turn": whose_turn_exercise,
            "two_boxes": two_boxes_exercise,
            "third_sides_count": third_sides_count_exercise,
        },
        {
            "lines_2x2": "easy",
            "lines_3x2": "easy",
            "name_line": "easy",
            "first_box": "easy",
            "whose_turn": "medium",
            "two_boxes": "medium",
            "third_sides_count": "hard",
        },
        (
            N_("Explain in one sentence why drawing the third side of a box is usually a bad idea."),
            N_("The other player draws the fourth side, takes the box and, because they won a box, draws again."),
        ),
        # the bank's lesson-1 puzzles are all "take the box", as exercise 4: boards of its own, asking the lesson's
        # other questions (which line wins two boxes; how many boxes have three sides)
        MadeProblemSet(
            "dots_and_boxes",
            (("take_box", "easy"), ("take_box", "easy"), ("take_box", "easy")),
            made=(
                ("practice_two_small", "two_boxes", "easy"),
                ("practice_two_decoys", "two_boxes", "medium"),
                ("practice_three_sides", "three_sides_count", "hard"),
            ),
        ),
        objectives=(
            (
                N_("count the lines of a board, and name a line by its two dots"),
                ("lines_2x2", "lines_3x2", "name_line"),
            ),
            (
                N_('play by the rules, including "win a box, draw again", and follow a game written down'),
                ("first_box", "whose_turn", "two_boxes"),
            ),
            (N_("spot the boxes with exactly three sides drawn on a board"), ("first_box", "third_sides_count")),
        ),
        themes=("take_box",),
    ),
    2: Lesson(
        2,
        "dots_and_boxes/02_third_sides",
        "Dots 2 — third sides",
        40,
        {
            "take_box": take_box_exercise,
            "take_decoys": lambda: take_box_exercise("take_decoys"),
            "safe_line": safe_line_exercise,
            "count_safe": count_safe_exercise,
            "how_many": how_many_exercise,
            "l2_ex6": lambda: safe_line_exercise("one_safe"),
            "l2_ex7": lambda: how_many_exercise("long_run"),
            "safe_race": safe_race_exercise,
        },
        {
            "take_box": "easy",
            "take_decoys": "easy",
            "safe_line": "easy",
            "count_safe": "medium",
            "how_many": "medium",
            "l2_ex6": "hard",
            "l2_ex7": "hard",
            "safe_race": "hard",
        },
        (
            N_(
                "Explain in one sentence whether, on an empty 3×3 board (24 lines), the players could draw only safe "
                "lines until every line is drawn."
            ),
            N_(
                "No: a box with two sides drawn makes every line around it unsafe, and every line drawn gives some "
                "box another side, so the safe lines run out long before the 24th line."
            ),
        ),
        # the bank's lesson-2 puzzles all fall to "take a box if you can, else any safe line": boards of its own,
        # asking its own questions (count the safe lines; win the safe-line race)
        MadeProblemSet(
            "dots_and_boxes",
            (("avoid_third_side", "easy"),),  # the race boards' idea, safe_line, is credited to lesson 4 by the bank
            made=(
                ("practice_count", "count_safe", "easy"),
                ("practice_race_four", "safe_race", "medium"),
                ("practice_race_seven", "safe_race", "hard"),
            ),
        ),
        objectives=(
            (N_("spot a box with three sides drawn and take it"), ("take_box", "take_decoys")),
            (
                N_("tell a safe line from one that gives a box away, and count the safe lines left"),
                ("safe_line", "count_safe", "l2_ex6"),
            ),
            (N_("count how many boxes a run of captures brings"), ("how_many", "l2_ex7")),
            (N_("choose a safe line that makes the other player the first with no safe line left"), ("safe_race",)),
        ),
        themes=("take_box", "avoid_third_side"),
    ),
    3: Lesson(
        3,
        "dots_and_boxes/03_chains_and_loops",
        "Dots 3 — chains and loops",
        45,
        {
            "count_small_chains": lambda: count_chains_exercise("chains_3321"),
            "count_chains": count_chains_exercise,
            "chain_lengths": chain_lengths_exercise,
            "count_loops": count_loops_exercise,
            "hand_over": hand_over_exercise,
            "l3_ex6": chain_or_loop_exercise,
            "l3_ex7": handout_exercise,
        },
        {
            "count_small_chains": "easy",
            "count_chains": "medium",
            "chain_lengths": "medium",
            "count_loops": "medium",
            "hand_over": "medium",
            "l3_ex6": "hard",
            "l3_ex7": "hard",
        },
        (
            N_(
                "Explain in one sentence which you open, and why, when you must open either a single box or a chain "
                "of 3."
            ),
            N_(
                "The single box: it gives away one box instead of three, and one box cannot be refused, so the "
                "other player takes it and must then open the chain of 3."
            ),
        ),
        ProblemSet(
            "dots_and_boxes",
            (("hard_hearted_handout", "easy"), ("hard_hearted_handout", "medium"), ("hard_hearted_handout", "hard")),
            seed=19,
            exclude=("dots-9d5fd27eef",),  # the loop step-through's first board: its caption names the answer
        ),
        objectives=(
            (
                N_("see the chains a board has split into, and count them and their boxes"),
                ("count_small_chains", "count_chains", "chain_lengths"),
            ),
            (N_("tell a loop from a chain"), ("count_chains", "chain_lengths", "count_loops")),
            (
                N_("choose which short chain to hand over, and choose how to hand over a 2-chain"),
                ("hand_over", "l3_ex6", "l3_ex7"),
            ),
            (N_("decide which to open, a chain or a loop"), ("l3_ex6",)),
        ),
        themes=("take_box", "avoid_third_side", "hard_hearted_handout", "which_to_open"),
    ),
    4: Lesson(
        4,
        "dots_and_boxes/04_long_chain_rule",
        "Dots 4 — the long chain rule",
        50,
        {
            "dots_7x5": lambda: dots_count_exercise(7, 5),
            "parity_5x4": lambda: parity_exercise(((5, 4), (6, 4), (3, 3)), 0),
            "parity_coral_5x5": lambda: parity_exercise(((5, 5), (2, 2), (4, 3), (6, 6)), 1),
            "count_long": count_long_exercise,
            "total": total_exercise,
            "who_wins": lambda: who_wins_exercise("who_wins"),
            "l4_ex7": lambda: steer_exercise("steer_two"),
            "l4_ex8": sacrifice_exercise,
            "turns": turns_exercise,
            "l4_ex10": lambda: steer_exercise("steer_coral"),
            "l4_ex11": lambda: sacrifice_exercise("sacrifice_coral"),
        },
        {
            "dots_7x5": "easy",
            "parity_5x4": "easy",
            "parity_coral_5x5": "medium",
            "count_long": "medium",
            "total": "medium",
            "who_wins": "medium",
            "l4_ex7": "hard",
            "l4_ex8": "hard",
            "turns": "hard",
            "l4_ex10": "hard",
            "l4_ex11": "hard",
        },
        (
            N_(
                "Explain in one sentence whether Gold, who moves first on the 4×4 board, is happy to see two long "
                "chains forming, and what Gold can try."
            ),
            N_(
                "No: 25 dots + 2 long chains = 27 is odd, the count Coral wants, so Gold tries to make it 1 or 3 "
                "long chains, with a safe line that joins or cuts a chain, or else by giving a box away."
            ),
        ),
        ProblemSet(
            "dots_and_boxes",
            (
                ("long_chain_count", "medium"),
                ("long_chain_count", "medium"),
                ("sacrifice", "medium"),
                ("sacrifice", "hard"),
            ),
            seed=37,
        ),
        objectives=(
            (
                N_("say which numbers of long chains suit each player, on any board"),
                ("dots_7x5", "parity_5x4", "parity_coral_5x5"),
            ),
            (
                N_("count the long chains of a position and tell who wins when no safe line is left"),
                ("count_long", "total", "who_wins"),
            ),
            (
                N_("choose a safe line that steers the chain count your way while safe lines remain"),
                ("l4_ex7", "l4_ex10"),
            ),
            (
                N_("if you have time: give a box away on purpose when no safe line gives the count you want"),
                ("l4_ex8", "l4_ex11"),
            ),
            (N_("if you have time: count the turns of a game from its dots and long chains"), ("turns",)),
        ),
        themes=("take_box", "avoid_third_side", "hard_hearted_handout", "which_to_open")
        + ("safe_line", "long_chain_count", "sacrifice"),
    ),
    5: Lesson(
        5,
        "dots_and_boxes/05_double_dealing_and_control",
        "Dots 5 — double-dealing and control",
        100,  # two periods of 50 minutes: exercises 1–3, then the rest (the page's heading *Period 2*)
        {
            "double_deal_score": double_deal_score_exercise,
            "loop_six": loop_six_exercise,
            "loop_split": loop_split_exercise,
            "control_price": control_price_exercise,
            "l5_ex4": keep_control_exercise,
            "l5_ex5": not_worth_it_exercise,
            "l5_ex6": take_all_exercise,
            "challenge_steer": challenge_steer_exercise,
            "l5_ex8": challenge_take_all_exercise,
            "challenge_loop": lambda: challenge_exercise("challenge_loop"),
            "l5_ex10": plan_exercise,
        },
        {
            "double_deal_score": "easy",
            "loop_six": "medium",
            "loop_split": "medium",
            "control_price": "medium",
            "l5_ex4": "medium",
            "l5_ex5": "medium",
            "l5_ex6": "hard",
            "challenge_steer": "hard",
            "l5_ex8": "hard",
            "challenge_loop": "hard",
            "l5_ex10": "hard",
        },
        (
            N_(
                "Explain in one sentence whether you would take all three boxes or double-deal when Coral opens a "
                "chain of 3 and only a loop of 4 is left after it."
            ),
            N_(
                "Double-deal: taking all three means I must open the loop and Coral takes its 4 boxes, while after "
                "the double-deal I keep 1 box, give 2, and Coral must open the loop, so I take all 4 (5 boxes "
                "instead of 3)."
            ),
        ),
        ProblemSet(
            "dots_and_boxes",
            (
                ("control_not_worth_it", "easy"),
                ("double_deal", "easy"),
                ("double_deal", "medium"),
                ("all_but_four", "medium"),
            ),
            seed=1,
        ),
        objectives=(
            (
                N_(
                    "keep control with a double-deal: leave the last two boxes of a chain, and find what to leave in "
                    "a loop"
                ),
                ("double_deal_score", "l5_ex4", "loop_six", "loop_split"),
            ),
            (
                N_("tell when keeping control is not worth what it costs, and take everything instead"),
                ("control_price", "l5_ex5", "l5_ex6"),
            ),
            (
                N_("combine the long chain rule and double-dealing in a final challenge"),
                ("challenge_steer", "l5_ex8", "challenge_loop", "l5_ex10"),
            ),
        ),
        themes=(
            "take_box",
            "avoid_third_side",
            "hard_hearted_handout",
            "which_to_open",
            "safe_line",
            "long_chain_count",
            "sacrifice",
            "double_deal",
            "control_not_worth_it",
            "all_but_four",
        ),
    ),
}
"""Every Dots and Boxes lesson (the convention all games share: :class:`gamekit.widgets.lesson.Lesson`)."""

LEVELS: dict[str, str] = {name: level for lesson in LESSONS.values() for name, level in lesson.levels.items()}
"""Each exercise's level, easy to hard down each lesson's page (from :data:`LESSONS`)."""

REFLECTIONS: dict[int, str] = {n: lesson.reflection[0] for n, lesson in LESSONS.items()}
"""The closing reflection question of each lesson (model answers: the teacher guides, not the page)."""

EXERCISES: dict[str, list[Callable[[], DotsExercise]]] = exercises_by_notebook(LESSONS)
"""The exercise factories each notebook uses, keyed by notebook path under ``notebooks/`` without suffix."""


def reflection(lesson: int, score: LessonScore):
    """The closing question of ``lesson``: a text box whose answer is saved with the pupil's progress."""
    from gamekit.widgets.reflection import Reflection

    if lesson not in REFLECTIONS:
        raise ValueError(tr("no lesson {lesson}: the Dots and Boxes lessons are 1 to 5", lesson=lesson))
    return Reflection(tr(REFLECTIONS[lesson]), score)


def _built(name: str) -> DotsExercise:
    return _built_in(name, get_language())


@lru_cache(maxsize=None)
def _built_in(name: str, language: str) -> DotsExercise:
    """One exercise per language (its questions and feedback are written in that language)."""
    for lesson in LESSONS.values():
        if name in lesson.exercises:
            built = lesson.exercises[name]()
            built.level = lesson.levels[name]
            return built
    raise KeyError(f"no exercise {name!r}; known: {', '.join(n for l in LESSONS.values() for n in l.exercises)}")


def exercises(lesson: int) -> dict[str, DotsExercise]:
    """The exercises of lesson 1, 2, 3, 4 or 5 (plain checker objects), by name."""
    return {name: _built(name) for name in LESSONS[lesson].exercises}


def exercise(name: str, score: LessonScore | None = None):
    """The widget of a named exercise: a clickable board, or a board picture plus an answer box."""
    return exercise_widget(_built(name), score)


def exercise_widget(ex: DotsExercise, score: LessonScore | None = None):
    """An exercise's widget: a clickable board, or a board picture plus an answer box."""
    if ex.click:
        game = ex.game
        layout = lesson_board_layout(game)
        return PuzzleBoard(
            ex,
            draw=lambda mark: lesson_scene(game, mark, last=False, parts=ex.parts, third_sides=ex.third_sides),
            hit=line_hit(game, layout),
            size=layout.css_size,
            score=score,
        )
    widget = ExerciseWidget(ex, score=score)
    if ex.game is not None:
        from gamekit.widgets.canvas import BoardCanvas

        layout = lesson_board_layout(ex.game)
        picture = BoardCanvas(*layout.css_size)
        picture.paint(lesson_scene(ex.game, last=False, parts=ex.parts, third_sides=ex.third_sides))
        widget.picture = picture
        widget.children = [widget.children[0], picture.canvas, *widget.children[1:]]
    return widget


def after_exercise(name: str | tuple[str, ...], score: LessonScore, content: Any):
    """``content`` (a step-through or worked count that shows exercise ``name``'s answer) held back until that exercise
    is solved or its answer shown on this page's ``score`` (:func:`held_until_solved`); with several names, until
    each of them is (a worked count that shows one exercise's answer and uses a rule another one opens)."""
    names = (name,) if isinstance(name, str) else tuple(name)
    if not names or not all(isinstance(n, str) for n in names):
        raise TypeError(tr("name must be an exercise's name or a tuple of them, not {name!r}", name=name))
    return held_until_solved(tuple(_built(n).key for n in names), score, content)


def practice_exercises(lesson: int) -> list[DotsExercise]:
    """Lesson ``lesson``'s closing problem set (:attr:`Lesson.practice`, fixed seed) as clickable exercises,
    easy to hard, judged by the bank's solver verdicts (a wrong line is told its refutation)."""
    if lesson not in LESSONS:
        raise ValueError(tr("no lesson {lesson}: the Dots and Boxes lessons are 1 to 5", lesson=lesson))
    return list(_practice_in(lesson, get_language()))


@lru_cache(maxsize=None)
def _practice_in(lesson: int, language: str) -> tuple[DotsExercise, ...]:
    """One built set per lesson and language (the prompts and feedback are written in that language)."""
    return practice_problems(LESSONS[lesson].practice, lesson)


PRACTICE_TITLES: dict[str, str] = {
    "easy": N_("Problem {i} (easy)"),
    "medium": N_("Problem {i} (medium)"),
    "hard": N_("Problem {i} (hard)"),
}
"""A practice problem's heading on the page, by level: one message per level, so each language can agree the level
word with its own word for "problem" (Spanish: «Problema 2 (nivel medio)»)."""


def practice(lesson: int, score: LessonScore | None = None):
    """The "More practice" set on the page: one board per problem, each titled with its number and level."""
    import ipywidgets as W
    import html as _html

    rows = []
    for i, ex in enumerate(practice_exercises(lesson), 1):
        title = W.HTML("<b>" + _html.escape(tr(PRACTICE_TITLES[ex.level], i=i)) + "</b>")
        ex.parts = ex.third_sides = False  # a practice board shows the bare position
        rows += [title, exercise_widget(ex, score)]
    return W.VBox(rows)
