"""The Shut the Box lessons' registry (:data:`LESSONS`, :data:`EXERCISES`), the worksheets' aids, the closing
reflection questions and each lesson's practice widget.

Notebook cells only call tested functions.  The exercises are in :mod:`gamekit.shutbox.exercises_turn` (lesson 1),
:mod:`~gamekit.shutbox.exercises_sets` (lesson 2), :mod:`~gamekit.shutbox.exercises_dice` (lesson 3),
:mod:`~gamekit.shutbox.exercises_expected`, :mod:`~gamekit.shutbox.exercises_best_set` (lessons 4 and 5) and
:mod:`~gamekit.shutbox.exercises_goals` (lesson 5); the tables
in :mod:`~gamekit.shutbox.lesson_tables`, the pictures and exercise widgets in :mod:`~gamekit.shutbox.lesson_scenes`,
the practice in :mod:`~gamekit.shutbox.lesson_practice`, the class dice tally in :mod:`~gamekit.shutbox.dice_tally`,
the worked solutions in :mod:`~gamekit.shutbox.worked_solutions`, the words for numbers and answers in
:mod:`~gamekit.shutbox.lesson_words`.  The dice and the simulations are in :mod:`gamekit.shutbox.simulation`, the
matplotlib charts in :mod:`gamekit.shutbox.charts`; widgets come from :mod:`gamekit.shutbox.widget` and
:mod:`gamekit.widgets.lesson`.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Iterable

from gamekit.i18n import N_, tr
from gamekit.shutbox.tiles import TILES
from gamekit.widgets.exercise import Exercise
from gamekit.widgets.lesson_registry import Lesson, exercises_by_notebook
from gamekit.shutbox.exercises_best_set import (
    CHALLENGE_POSITIONS,
    SCORE_CHOICE,
    SCORE_EXERCISE,
    SHUT_CHOICE,
    SHUT_EXERCISE,
    challenge_exercise,
    leave_value_exercises,
)
from gamekit.shutbox.exercises_both_sets import (
    SHUT_CHALLENGE,
    given_values_exercise,
    go_on_count_exercise,
    one_tile_chance_exercise,
)
from gamekit.shutbox.exercises_goals import goals_why_exercise
from gamekit.shutbox.exercises_dice import (
    chance_exercise,
    one_roll_shut_exercise,
    go_on_dice_exercise,
    roll_outcomes_exercise,
)
from gamekit.shutbox.exercises_counts import expected_count_exercise, shut_dice_exercise
from gamekit.shutbox.exercises_expected import (
    expected_score_exercise,
    two_rolls_exercise,
    two_tile_expected_exercise,
)
from gamekit.shutbox.exercises_sets import count_sets_exercise, next_set_exercise, sets_exercise
from gamekit.shutbox.exercises_turn import (
    ONE_DIE_BOX,
    ending_roll_box,
    ending_roll_exercise,
    legal_set_exercise,
    one_die_tiles_exercise,
    round_winner_exercise,
    turn_score_exercise,
    two_roll_turn_exercise,
)
from gamekit.shutbox.lesson_practice import (
    BEST,
    CHANCE_ONLY,
    COUNT_12_OPEN,
    DICE,
    LESSON_1_SKIPPED,
    LESSON_4_SHUT_PRACTICE,
    LESSON_RULES,
    LessonPractice,
    count_sets_box,
    LESSON_4_PRACTICE,
    LESSON_5_PRACTICE,
    made_position,
    sets_level,
    SETS,
)
from gamekit.shutbox.lesson_tables import (
    FILL_RULES,
    sets_count_table,
)
from gamekit.shutbox.lesson_worksheets import worksheet_aids as worksheet_aids
from gamekit.shutbox.lesson_worksheets import worksheet_words_after as worksheet_words_after


LESSONS: dict[int, Lesson] = {
    1: Lesson(
        1,
        "shut_the_box/01_rules_and_play",
        "Shut the Box 1 — the rules",
        40,
        {
            "score_237": partial(turn_score_exercise, (2, 3, 7)),
            "round_winner": round_winner_exercise,
            "one_die": partial(one_die_tiles_exercise, ONE_DIE_BOX),
            "ending_roll": ending_roll_exercise,
            "two_roll_turn": two_roll_turn_exercise,
            "legal_set": legal_set_exercise,
        },
        {
            "score_237": "easy",
            "round_winner": "easy",
            "one_die": "easy",
            "ending_roll": "medium",
            "two_roll_turn": "medium",
            "legal_set": "hard",
        },
        (
            N_("Explain in one sentence why a turn can end while tiles are still open."),
            N_(
                "The turn ends as soon as no set of the open tiles adds up to the roll, so the tiles still open "
                "then stay open and are the score."
            ),
        ),
        LessonPractice(  # one problem of each kind, easy to hard by what the pupil does (practice_level)
            "shut_the_box",
            ((SETS, "easy"), (SETS, "medium"), (SETS, "medium"), (SETS, "medium"), (SETS, "hard")),
            seed=268,
            where=LESSON_RULES,
            # the tiles before one die (7 and 8 open); a set for 9 (the first try works); a turn's score of five
            # tiles; a set for 10 (two tiles at least); last, made: which of four rolls ends the turn, each other
            # roll made by one set only
            questions=("one_die", "legal", "score", "legal", "ending"),
            graded_by_box=True,
            exclude=(LESSON_4_SHUT_PRACTICE,) + LESSON_1_SKIPPED,
            made=(ending_roll_box,),
        ),
        objectives=(
            (
                N_(
                    "play a turn of Shut the Box: roll, cover a set of open tiles that makes the roll, stop when no "
                    "set fits"
                ),
                ("two_roll_turn", "ending_roll", "legal_set"),
            ),
            (N_("score a finished turn, and say who wins a round"), ("score_237", "round_winner")),
            (N_("say when you may roll one die instead of two"), ("one_die",)),
        ),
        # the practice plays a move on "sets for the roll" boxes: a set you may cover, with the roll's own
        # tile open, then covered, then for a roll no single tile makes (one question per theme, so the
        # mastery loop's similar puzzle asks the same)
        themes=(SETS, DICE),
    ),
    2: Lesson(
        2,
        "shut_the_box/02_sets_for_a_roll",
        "Shut the Box 2 — sets for a roll",
        40,
        {
            "sets_7": partial(sets_exercise, 7),
            "sets_9": partial(sets_exercise, 9),
            "next_set_11": next_set_exercise,
            "sets_10": partial(sets_exercise, 10, (1, 2, 3, 4, 6, 7, 9)),
            "sets_11": partial(sets_exercise, 11, (1, 2, 3, 5, 6, 8)),
            "count_11": partial(count_sets_exercise, 11),
            "count_12": partial(count_sets_exercise, 12, COUNT_12_OPEN),
        },
        {  # writing every set: graded by the sets to find (as the practice is); counting them without a list: hard
            "sets_7": sets_level(TILES, 7),
            "sets_9": sets_level(TILES, 9),
            "next_set_11": "medium",
            "sets_10": sets_level((1, 2, 3, 4, 6, 7, 9), 10),
            "sets_11": sets_level((1, 2, 3, 5, 6, 8), 11),
            "count_11": "hard",
            "count_12": "hard",
        },
        (
            N_("Explain in one sentence why going largest tile first never lists the same set twice."),
            N_(
                "Each set is written in one order only, its largest tile first, and after a tile only smaller tiles "
                "are added, so the same set cannot turn up again in another order."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            ((SETS, "medium"), (SETS, "medium"), (SETS, "hard"), (SETS, "hard")),
            seed=140,
            where=LESSON_RULES,
            # objective 1's two parts (every set, then the method's next set), then objective 3, counting the sets
            questions=("list", "list", "next", "count"),
            made=(count_sets_box,),
            graded_by_box=True,
        ),
        objectives=(
            (
                N_(
                    "list every set of open tiles that makes a roll, and say which set the method (largest tile "
                    "first) finds next"
                ),
                ("sets_7", "sets_9", "next_set_11"),
            ),
            (N_("do it when some tiles are already covered"), ("sets_10", "sets_11")),
            (N_("count the sets for a roll without writing each one twice"), ("count_11", "count_12")),
        ),
        themes=(SETS,),
        exercise_themes={"sets_7": SETS, "sets_9": SETS, "sets_10": SETS, "sets_11": SETS},
    ),
    3: Lesson(
        3,
        "shut_the_box/03_dice",
        "Shut the Box 3 — the dice",
        50,
        {
            "go_on_12": roll_outcomes_exercise,
            "go_on_14": partial(roll_outcomes_exercise, (1, 4)),
            "chance_9": chance_exercise,
            "count_6": expected_count_exercise,
            "stuck_123": partial(roll_outcomes_exercise, (1, 2, 3), stuck=True),
            "dice_123": partial(go_on_dice_exercise, (1, 2, 3)),
            "go_on_256": partial(roll_outcomes_exercise, (2, 5, 6)),
            "dice_256": partial(go_on_dice_exercise, (2, 5, 6)),
            "shut_one_roll_25": one_roll_shut_exercise,
            "shut_dice_15": shut_dice_exercise,
        },
        {
            "go_on_12": "easy",
            "go_on_14": "medium",
            "chance_9": "medium",
            "count_6": "medium",
            "stuck_123": "medium",
            "dice_123": "medium",
            "go_on_256": "hard",
            "dice_256": "hard",
            "shut_one_roll_25": "hard",
            "shut_dice_15": "hard",
        },
        (
            N_("Explain in one sentence why a total of 7 comes up more often than 12 with two dice."),
            N_(
                "Six of the 36 equally likely outcomes make 7 (1+6, 2+5, 3+4, 4+3, 5+2, 6+1) but only one makes 12 "
                "(6+6)."
            ),
        ),
        LessonPractice(  # every objective: outcomes that go on or end the turn, a prediction, one die or two, one roll
            "shut_the_box",
            ((DICE, "easy"), (DICE, "easy"), (DICE, "medium"), (DICE, "medium"), (DICE, "hard"), (DICE, "hard")),
            seed=327,
            where=CHANCE_ONLY,
            questions=("outcomes", "expect", "stuck", "dice", "shut_one", "outcomes"),
            graded_by_box=True,
        ),
        objectives=(
            (
                N_(
                    "list the 36 equally likely outcomes of two dice, and give the chance of a total: how many of "
                    "the 36 make it"
                ),
                ("go_on_12", "chance_9"),
            ),
            (
                N_("predict which totals are common and which are rare, then check the prediction by counting"),
                ("chance_9", "count_6"),
            ),
            (
                N_("count, for a given box, how many outcomes let you go on and how many end your turn"),
                ("go_on_14", "stuck_123", "go_on_256"),
            ),
            (
                N_(
                    "say whether one die or two goes on more often on a roll, by counting the outcomes that let you "
                    "go on"
                ),
                ("dice_123", "dice_256"),
            ),
            (
                N_(
                    "count the outcomes that shut the box with one roll, and use them to choose one die or two for "
                    "the best chance to shut the box"
                ),
                ("shut_one_roll_25", "shut_dice_15"),
            ),
        ),
        themes=(SETS, DICE),
        exercise_themes={"go_on_12": DICE, "go_on_14": DICE, "stuck_123": DICE, "go_on_256": DICE},
    ),
    4: Lesson(
        4,
        "shut_the_box/04_best_strategy",
        "Shut the Box 4 — the best strategy",
        48,
        {
            "one_tile_8": one_tile_chance_exercise,
            "two_rolls_78": two_rolls_exercise,
            "leave_shut_91": leave_value_exercises(SHUT_EXERCISE, FILL_RULES)[0],
            "leave_shut_64": leave_value_exercises(SHUT_EXERCISE, FILL_RULES)[1],
            "best_shut": partial(go_on_count_exercise, SHUT_CHOICE, FILL_RULES),
            "challenge_shut": partial(go_on_count_exercise, SHUT_CHALLENGE, FILL_RULES),
        },
        {
            "one_tile_8": "easy",
            "two_rolls_78": "medium",
            "leave_shut_91": "medium",
            "leave_shut_64": "medium",
            "best_shut": "medium",
            "challenge_shut": "hard",
        },
        (
            # it names no way of choosing: the worksheet prints it on the sheet that asks the prediction
            N_("Explain in one sentence why you compare what each set leaves instead of trusting a rule of thumb."),
            N_(
                "What counts is how often the next rolls shut the tiles left open, and a rule of thumb looks only "
                "at the tiles you cover, so it can pick a set that leaves a worse position, as in exercises 5 and 6."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            # each made position's level: a short tree for each set (lesson_practice.VALUES_LEVEL, medium), then
            # two positions too big for a tree with their values given and a decoy: two sets (medium), then four
            # (hard)
            ((BEST, "easy"), (BEST, "medium"), (BEST, "hard")),
            seed=7,
            where=LESSON_RULES,
            # made from the exact tables, so no bank pick is drawn: two small enough for a tree on paper (asked
            # each set's chance, then the set: lesson_practice.asks_values), then a bigger one
            made=tuple(made_position(p) for p in LESSON_4_PRACTICE),
        ),
        objectives=(
            (
                N_(
                    "work out the chance to shut a few open tiles: multiply the chances along each branch of a "
                    "tree, then add the branches"
                ),
                ("one_tile_8", "two_rolls_78", "leave_shut_91", "leave_shut_64"),
            ),
            (N_("choose the best set to shut the box, using what each set leaves"), ("best_shut", "challenge_shut")),
        ),
        themes=(SETS, DICE, BEST),
        # exercises 5 and 6 are played with two dice always and worked by hand on what each set leaves; no similar
        # bank puzzle is offered for them
    ),
    5: Lesson(
        5,
        "shut_the_box/05_playing_for_points",
        "Shut the Box 5 — playing for points",
        43,  # the minutes without exercise 7, an extension for early finishers
        {
            "expected_7": expected_score_exercise,
            "expected_79": two_tile_expected_exercise,
            "leave_score_71": leave_value_exercises(SCORE_EXERCISE, FILL_RULES)[0],
            "leave_score_53": leave_value_exercises(SCORE_EXERCISE, FILL_RULES)[1],
            "best_score": partial(given_values_exercise, SCORE_CHOICE, FILL_RULES),
            "goals_why": goals_why_exercise,
            "challenge_1": challenge_exercise,
        },
        {
            "expected_7": "easy",
            "expected_79": "medium",
            "leave_score_71": "medium",
            "leave_score_53": "medium",
            "best_score": "medium",
            "goals_why": "medium",
            "challenge_1": "hard",
        },
        (
            N_(
                "Explain in one sentence why the best set to shut the box can differ from the best set for a low score."
            ),
            N_(
                "Shutting the box counts only the turns that end with every tile covered, while a low score also "
                "counts how many points stay open when the box is not shut, so a set that leaves small tiles can "
                "be better for points even if it shuts the box less often."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            # by the sets to compare, each with a decoy value: four sets (medium) twice, then five (hard)
            ((BEST, "medium"), (BEST, "medium"), (BEST, "hard")),
            seed=11,
            where=LESSON_RULES,
            # made from the exact tables: three low-score positions, each too big for a tree, where the largest
            # tile (problems 1 and 3) or the count of outcomes that go on (problem 2) picks a worse set
            made=tuple(made_position(p) for p in LESSON_5_PRACTICE),
        ),
        objectives=(
            (N_("say what an expected score is, and work one out with a tree diagram"), ("expected_7", "expected_79")),
            (
                N_("choose the best set for a low score, comparing the expected score each set leaves"),
                ("leave_score_71", "leave_score_53", "best_score", "challenge_1"),
            ),
            (N_("say why the best set to shut the box and the best set for a low score can differ"), ("goals_why",)),
        ),
        themes=(SETS, DICE, BEST),
        # exercise 5 is played with two dice always on four tiles, worked by hand; the bank's "which set?" puzzles
        # have five tiles or more, so no similar puzzle fits it and none is offered
        exercise_themes={"challenge_1": BEST},
    ),
}
"""Every Shut the Box lesson (the convention all games share: :class:`gamekit.widgets.lesson.Lesson`)."""


EXERCISES: dict[str, list[Callable[[], Exercise]]] = exercises_by_notebook(LESSONS)
"""The exercise factories of each notebook (its path under ``notebooks/``, no suffix), from :data:`LESSONS`."""


CHALLENGE_KEY = "best {} {} {}".format(*CHALLENGE_POSITIONS[0])
"""The key of lesson 5's challenge exercise (:func:`challenge_exercise`), which its worksheet prints as a judgement."""


REFLECTIONS: dict[str, tuple[str, str]] = {lesson.notebook: lesson.reflection for lesson in LESSONS.values()}
"""The closing reflection question of each lesson and its model answer (for the teacher guide, never the page)."""


def reflection(lesson: str, score: Any):
    """The closing reflection question of ``lesson`` (a notebook path as in :data:`EXERCISES`), saved with progress."""
    from gamekit.widgets.reflection import Reflection

    if lesson not in REFLECTIONS:
        raise KeyError(f"no reflection question for {lesson!r}; known: {', '.join(REFLECTIONS)}")
    return Reflection(tr(REFLECTIONS[lesson][0]), score)


def sets_count_held(score: Any, totals: Iterable[int] = range(2, 13)):
    """Lesson 2's table of how many sets make each total on a full box (:func:`sets_count_table`), held back until
    the lesson's seven exercises on ``score`` are each solved or their answers shown: it gives the counts of
    exercises 1, 2 and 6 (5 sets for 7, 8 for 9, 10 for 11) and the full box's count behind exercises 4, 5 and 7.
    Until then a note says what opens it.  TypeError for anything but the page's lesson score."""
    import ipywidgets as W

    from gamekit.shutbox.charts import held_until_answered

    totals = list(totals)
    return held_until_answered(
        score,
        lambda: W.HTML(sets_count_table(totals)._repr_html_()),
        tr(
            "This table gives the number of sets for every roll, so it answers exercises 1, 2 and 6: it appears "
            "here once you have answered exercises 1 to 7 (or pressed Show answer)."
        ),
        keys=[make().key for make in LESSONS[2].exercises.values()],
    )


def practice_exercises(lesson: int) -> list[Exercise]:
    """Lesson ``lesson``'s closing problem set (:attr:`Lesson.practice`, fixed seed), easy to hard: type the
    tiles to cover ("5+3") or choose one die or two; judged by the bank's exact values."""
    if lesson not in LESSONS:
        raise ValueError(tr("no lesson {lesson}: the Shut the Box lessons are 1 to 5", lesson=lesson))
    return LESSONS[lesson].practice_exercises()


PRACTICE_TITLES: dict[str, str] = {
    "easy": N_("Problem {i} (easy)"),
    "medium": N_("Problem {i} (medium)"),
    "hard": N_("Problem {i} (hard)"),
}
"""A practice problem's title by its level, one message each, so a language can make the level agree with its
word for "problem" (Spanish: «Problema 2 (nivel medio)», not «(media)»)."""


def practice(lesson: int, score: Any = None):
    """The "More practice" set on the page: each problem titled with its number and level, then its answer box."""
    import html
    import ipywidgets as W
    from gamekit.widgets.lesson import ExerciseWidget

    rows = []
    for i, ex in enumerate(practice_exercises(lesson), 1):
        rows += [
            W.HTML("<b>" + html.escape(tr(PRACTICE_TITLES[ex.level], i=i)) + "</b>"),
            ExerciseWidget(ex, score=score),
        ]
    return W.VBox(rows)
