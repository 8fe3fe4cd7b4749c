"""The Shut the Box lessons' registry (:data:`LESSONS`, :data:`EXERCISES`), the worksheets' aids, the closing
reflection questions and each lesson's practice widget.

Notebook cells only call tested functions.  The exercises are in :mod:`gamekit.shutbox.exercises_turn` (lesson 1),
:mod:`~gamekit.shutbox.exercises_sets` (lesson 2), :mod:`~gamekit.shutbox.exercises_dice` (lesson 3),
:mod:`~gamekit.shutbox.exercises_expected` and :mod:`~gamekit.shutbox.exercises_best_set` (lesson 4); the tables
in :mod:`~gamekit.shutbox.lesson_tables`, the pictures and exercise widgets in :mod:`~gamekit.shutbox.lesson_scenes`,
the practice in :mod:`~gamekit.shutbox.lesson_practice`, the class dice tally in :mod:`~gamekit.shutbox.dice_tally`,
the worked solutions in :mod:`~gamekit.shutbox.worked_solutions`, the words for numbers and answers in
:mod:`~gamekit.shutbox.lesson_words`.  The dice and the simulations are in :mod:`gamekit.shutbox.simulation`, the
matplotlib charts in :mod:`gamekit.shutbox.charts`; widgets come from :mod:`gamekit.shutbox.widget` and
:mod:`gamekit.widgets.lesson`.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from gamekit.i18n import N_, number, tr
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.tiles import TILES, mask_of
from gamekit.shutbox.simulation import sum_distribution
from gamekit.shutbox.strategy import table
from gamekit.shutbox.trees import k_over_36
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
from gamekit.shutbox.exercises_both_sets import both_sets_exercise
from gamekit.shutbox.exercises_goals import goals_why_exercise
from gamekit.shutbox.exercises_dice import (
    chance_exercise,
    grid_count_exercise,
    one_roll_shut_exercise,
    expected_count_exercise,
    go_on_dice_exercise,
    roll_outcomes_exercise,
)
from gamekit.shutbox.exercises_expected import (
    EXPECTED_EXERCISE_TILE,
    expected_score_exercise,
    expected_score_words,
    two_rolls_exercise,
    two_tile_expected_exercise,
)
from gamekit.shutbox.exercises_sets import count_sets_exercise, next_set_exercise, sets_exercise, worked_count
from gamekit.shutbox.exercises_turn import (
    ending_roll_exercise,
    legal_set_exercise,
    one_die_boxes_exercise,
    round_winner_exercise,
    turn_score_exercise,
)
from gamekit.shutbox.lesson_practice import (
    BEST,
    CHANCE_ONLY,
    COUNT_12_OPEN,
    DICE,
    HARD_THUMB_ANSWERED,
    LESSON_4_EXCLUDED,
    LESSON_4_SHUT_PRACTICE,
    LESSON_RULES,
    LessonPractice,
    outcomes_rule_miss,
    sets_level,
    SETS,
    what_each_set_leaves,
)
from gamekit.shutbox.lesson_tables import (
    DISAGREEMENT,
    FILL_RULES,
    WORKED_COMPARISON,
    comparison_table,
    fill_steps,
    objectives_table,
    policy_table,
)
from gamekit.shutbox.lesson_words import chance_words, exact_score, markdown_table, tile_list


LESSONS: dict[int, Lesson] = {
    1: Lesson(
        1,
        "shut_the_box/01_rules_and_play",
        "Shut the Box 1 — the rules",
        40,
        {
            "score_237": partial(turn_score_exercise, (2, 3, 7)),
            "round_winner": round_winner_exercise,
            "ending_roll": ending_roll_exercise,
            "one_die": one_die_boxes_exercise,
            "legal_set": legal_set_exercise,
        },
        {
            "score_237": "easy",
            "round_winner": "easy",
            "ending_roll": "medium",
            "one_die": "medium",
            "legal_set": "hard",
        },
        (
            N_("Explain in one sentence why a turn can end while tiles are still open."),
            N_(
                "The turn ends as soon as no set of the open tiles adds up to the roll, so the tiles still open "
                "then stay open and are the score."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            ((SETS, "medium"), (SETS, "medium"), (SETS, "hard")),
            seed=48,
            where=LESSON_RULES,
            questions=("legal",) * 3,
            graded_by_box=True,
            exclude=(LESSON_4_SHUT_PRACTICE,),  # lesson 4's practice asks for the best set of that box
        ),
        objectives=(
            (
                N_(
                    "play a turn of Shut the Box: roll, cover a set of open tiles that makes the roll, stop when no "
                    "set fits"
                ),
                ("ending_roll", "legal_set"),
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
            ((SETS, "medium"), (SETS, "medium"), (SETS, "hard")),
            seed=140,
            where=LESSON_RULES,
            questions=("list",) * 3,
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
        55,
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
            "grid_8": grid_count_exercise,
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
            "grid_8": "hard",
        },
        (
            N_("Explain in one sentence why a total of 7 comes up more often than 12 with two dice."),
            N_(
                "Six of the 36 equally likely outcomes make 7 (1+6, 2+5, 3+4, 4+3, 5+2, 6+1) but only one makes 12 "
                "(6+6)."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            ((DICE, "easy"), (DICE, "medium"), (DICE, "hard")),
            seed=2,
            where=CHANCE_ONLY,
            questions=("outcomes",) * 3,
            graded_by_box=True,
        ),
        objectives=(
            (
                N_("list the 36 equally likely outcomes of two dice, and give the chance of a total as k/36"),
                ("go_on_12", "chance_9", "grid_8"),
            ),
            (
                N_(
                    "predict which totals are common and which are rare, then check the prediction by counting and "
                    "by simulation"
                ),
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
                N_("count the outcomes of two dice that shut the box with one roll"),
                ("shut_one_roll_25",),
            ),
        ),
        themes=(SETS, DICE),
        exercise_themes={"go_on_12": DICE, "go_on_14": DICE, "stuck_123": DICE, "go_on_256": DICE},
    ),
    4: Lesson(
        4,
        "shut_the_box/04_best_strategy",
        "Shut the Box 4 — the best strategy",
        50,
        {
            "expected_7": expected_score_exercise,
            "expected_79": two_tile_expected_exercise,
            "two_rolls_78": two_rolls_exercise,
            "leave_shut_91": leave_value_exercises(SHUT_EXERCISE, FILL_RULES)[0],
            "leave_shut_64": leave_value_exercises(SHUT_EXERCISE, FILL_RULES)[1],
            "best_shut": partial(both_sets_exercise, SHUT_CHOICE, FILL_RULES),
            "leave_score_71": leave_value_exercises(SCORE_EXERCISE, FILL_RULES)[0],
            "leave_score_53": leave_value_exercises(SCORE_EXERCISE, FILL_RULES)[1],
            "best_score": partial(both_sets_exercise, SCORE_CHOICE, FILL_RULES),
            "goals_why": goals_why_exercise,
            "challenge_1": challenge_exercise,
        },
        {
            "expected_7": "easy",
            "expected_79": "medium",
            "two_rolls_78": "easy",
            "leave_shut_91": "medium",
            "leave_shut_64": "medium",
            "best_shut": "medium",
            "leave_score_71": "medium",
            "leave_score_53": "medium",
            "best_score": "medium",
            "goals_why": "medium",
            "challenge_1": "hard",
        },
        (
            N_("Explain in one sentence why covering the most tiles is a poor way to choose a set."),
            N_(
                "It covers the small tiles first and leaves the big ones open, and late in the turn a big tile "
                "needs one exact roll (a 9 comes only 4 times in 36), so the box is rarely shut."
            ),
        ),
        LessonPractice(
            "shut_the_box",
            ((BEST, "hard"),) * 4,
            seed=7,
            where=LESSON_RULES,
            exclude=LESSON_4_EXCLUDED + tuple(p for p in HARD_THUMB_ANSWERED if p != LESSON_4_SHUT_PRACTICE),
            made=(outcomes_rule_miss,),  # the last: a position where the outcome-count rule of thumb misses
        ),
        objectives=(
            (N_("say what an expected score is, and work one out with a tree diagram"), ("expected_7", "expected_79")),
            (
                N_("choose the best set to shut the box, using what each set leaves"),
                ("two_rolls_78", "leave_shut_91", "leave_shut_64", "best_shut"),
            ),
            (
                N_("choose the best set for a low score, and say why it can differ"),
                ("leave_score_71", "leave_score_53", "best_score", "goals_why", "challenge_1"),
            ),
        ),
        themes=(SETS, DICE, BEST),
        # exercises 6 and 9 are played with two dice always on four tiles, worked by hand; the bank's "which set?"
        # puzzles have five tiles or more, so no similar puzzle fits them and none is offered
        exercise_themes={"challenge_1": BEST},
    ),
}
"""Every Shut the Box lesson (the convention all games share: :class:`gamekit.widgets.lesson.Lesson`)."""


EXERCISES: dict[str, list[Callable[[], Exercise]]] = exercises_by_notebook(LESSONS)
"""The exercise factories of each notebook (its path under ``notebooks/``, no suffix), from :data:`LESSONS`."""


WORKSHEET_AIDS: dict[str, tuple[str, ...]] = {
    "shut_the_box/01_rules_and_play": ("rules", "score_sheet"),
    "shut_the_box/02_sets_for_a_roll": ("rules", "method", "count"),
    "shut_the_box/03_dice": ("rules", "grid", "chance", "one_die", "tally"),
    "shut_the_box/04_best_strategy": (
        "rules",
        "words",
        "tree",
        "nine",
        "chances",
        "one_tile",
        "two_rolls",
        "worked",
        "goals",
        "policies",
        "challenge",
    ),
}
"""Each lesson's paper aids besides its exercises, under "To help you" (described at :func:`worksheet_aids`)."""

CHALLENGE_KEY = "best {} {} {}".format(*CHALLENGE_POSITIONS[0])
"""The key of lesson 4's challenge exercise (:func:`challenge_exercise`), which its worksheet prints as a judgement."""


def two_rolls_rule() -> str:
    """Lesson 4's rule for a branch of two rolls, one after the other, in the current language: multiply the
    chances along the branch, shown on the worked example's branch 3 then 6 (no exercise asks it), its product
    computed from the chances of the two totals. The page states it before exercise 3, the worksheet's help box
    and the guide repeat it."""
    dist = sum_distribution()
    return tr(
        "For two rolls one after the other, multiply the chances along the branch: 3 then 6 is "
        "{first} × {second}, {product}. Then add the chances of every branch that shuts the box.",
        first=k_over_36(dist[3]),
        second=k_over_36(dist[6]),
        product=tr("about {games} games in 1000", games=round(1000 * dist[3] * dist[6])),
    )


SCORE_SHEET_ROUNDS = 4
"""Rows of lesson 1's paper score sheet: one per round played at the end of the lesson."""


def worksheet_aids(notebook: str) -> list[str]:
    """The paper aids of ``notebook``'s worksheet as Markdown, in the current language, in the order of
    :data:`WORKSHEET_AIDS`: "rules" — the rules of a turn as a box; "grid" — an empty 6 × 6 table of totals;
    "chance" — what the chance of a total is, with two examples no exercise asks; "one_die" — what one die gives;
    "tree" — lesson 4's exercise 1 tree with blanks; "chances" — each total's chance k/36 (exercise 1's total
    blank); "one_tile" — the table's one-tile rows (exercise 1's tile blank); "worked" — the page's worked
    comparison; "two_rolls" — the rule for two rolls in a row, on the worked example's branch; "challenge" — what
    each set of exercise 11 leaves; "method" — lesson 2's search, largest tile first; "goals" — the "Two goals"
    table; "policies" — the rules of thumb's exact chances (the closing question's table);
    "count" — lesson 2's worked count for 8; "words" — lesson 4's position, expected score and tree;
    "score_sheet" — a blank score sheet for lesson 1's game; "tally" — a blank tally table for lesson 3. None holds an
    exercise's answer.  KeyError for a
    notebook that is not a Shut the Box lesson."""
    if notebook not in WORKSHEET_AIDS:
        raise KeyError(f"no Shut the Box lesson {notebook!r}; known: {', '.join(WORKSHEET_AIDS)}")
    out = []
    for aid in WORKSHEET_AIDS[notebook]:
        if aid == "rules":
            lines = [
                tr("The rules of a turn"),
                tr("Roll two dice and add them. Cover a set of open tiles that adds up to the roll."),
                tr("You may roll one die instead of two once 7, 8 and 9 are covered."),
                tr("When no set of open tiles makes the roll, the turn ends: the score is the sum of the open tiles."),
                tr("Covering every tile shuts the box and wins at once; otherwise the lowest score wins."),
            ]
            out.append("> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:]))
        elif aid == "grid":
            head = "| " + tr("second die ↓ · first die →") + " | " + " | ".join(map(str, range(1, 7))) + " |"
            rows = [f"| {b} |" + "   |" * 6 for b in range(1, 7)]
            out.append(tr("The 36 outcomes of two dice, all equally likely: write the total in each cell."))
            out.append("\n".join([head, "|---" * 7 + "|", *rows]))
        elif aid == "score_sheet":
            players = [tr("player {n}", n=n) for n in (1, 2, 3, 4)]
            out.append(
                tr(
                    "Score sheet for the game: write each player's name, then after each round the sum of the "
                    "tiles left open (0 if the box is shut) and who wins."
                )
            )
            out.append(
                markdown_table(
                    [tr("round")] + players + [tr("who wins")],
                    [[str(r)] + ["" for _ in players] + [""] for r in range(1, SCORE_SHEET_ROUNDS + 1)],
                )
            )
        elif aid == "tally":
            out.append(
                tr(
                    "The class tally: put a mark for each roll of two dice, then count the marks. In the last "
                    "column write the chance from your grid, k/36."
                )
            )
            out.append(
                markdown_table(
                    [tr("total"), tr("tally marks"), tr("count"), tr("chance k/36")],
                    [[str(t), "", "", "____ / 36"] for t in range(2, 13)],
                )
            )
        elif aid == "chance":
            out.append(
                tr(
                    "The chance of a total is the number of outcomes that make it, out of 36. For example, a total "
                    "of 12 comes only from (6, 6): its chance is 1/36. A total of 10 comes from (4, 6), (5, 5) and "
                    "(6, 4): its chance is 3/36."
                )
            )
        elif aid == "one_die":
            out.append(tr("One die gives the totals 1 to 6, each 1 time in 6 — that is 6 times in 36."))
        elif aid == "chances":
            dist = sum_distribution()
            out.append(
                tr(
                    "The chance of each total of two dice (lesson 3). The chance of {total} is for you to fill in: "
                    "exercise 1 needs it.",
                    total=EXPECTED_EXERCISE_TILE,
                )
            )
            chances = ["____" if t == EXPECTED_EXERCISE_TILE else k_over_36(p) for t, p in dist.items()]
            out.append(markdown_table([tr("total")] + [str(t) for t in dist], [[tr("chance")] + chances]))
        elif aid == "goals":
            open_tiles, roll = DISAGREEMENT
            out.append(
                tr(
                    "Tiles {items} are open, the roll is {roll}, two dice on every roll. The two sets "
                    "leave these positions:",
                    items=tile_list(open_tiles),
                    roll=roll,
                )
            )
            view = objectives_table(open_tiles, roll)
            out.append(markdown_table(view.table.headers, view.table.rows))
        elif aid == "policies":
            out.append(
                tr(
                    "The rules of thumb against best play over whole turns, two dice on every roll (the closing "
                    "question needs it):"
                )
            )
            view = policy_table(Rules(one_die="never"))
            out.append(markdown_table(view.headers, view.rows))
        elif aid == "nine":
            nine = table(Rules(), "score").value(mask_of((9,)))
            out.append(
                tr(
                    "With only 9 open, the expected score is {value}: 4/36 × 0 + 32/36 × 9.",
                    value=str(nine) if nine.denominator == 1 else exact_score(nine),
                )
            )
        elif aid == "one_tile":
            rows = fill_steps()[1:]
            out.append(
                tr(
                    "One tile open, two dice on every roll (the lesson's table): the chance to shut, as a fraction "
                    "of 36 and in games in 100, and the expected score. Work with the fractions of 36."
                )
            )
            out.append(
                markdown_table(
                    [tr("open tiles"), tr("chance to shut"), tr("expected score")],
                    [
                        [
                            tile_list(r["open"]),
                            "____"
                            if r["open"] == (EXPECTED_EXERCISE_TILE,)
                            else tr("never")
                            if r["value"] == 0
                            else f"{r['value'] * 36}/36 ({chance_words(r['value'])})",
                            tr("your answer to exercise 1")
                            if r["open"] == (EXPECTED_EXERCISE_TILE,)
                            else str(r["score"])
                            if r["score"].denominator == 1
                            else number(float(r["score"]), 2),
                        ]
                        for r in rows
                    ],
                )
            )
        elif aid == "worked":
            open_tiles, roll = WORKED_COMPARISON
            view = comparison_table(open_tiles, roll)
            out.append(
                tr(
                    "The worked example: tiles {items} open, a roll of {roll}. Compare what each set leaves:",
                    items=tile_list(open_tiles),
                    roll=roll,
                )
            )
            out.append(markdown_table(view.headers, view.rows))
        elif aid == "two_rolls":
            out.append(two_rolls_rule())
        elif aid == "challenge":  # every set alike, none named the best: the pupil chooses and says why
            open_tiles, roll, _ = CHALLENGE_POSITIONS[0]
            leaves = "; ".join(what_each_set_leaves(open_tiles, roll))
            out.append(tr("For exercise 11: {leaves}. Which would you rather have, and why?", leaves=leaves))
        elif aid == "count":
            out.append(worked_count())
        elif aid == "words":
            out.append(expected_score_words())
        elif aid == "method":
            lines = [
                tr("The method: largest tile first"),
                tr("Take the largest open tile that is not bigger than the roll."),
                tr(
                    "If it is the roll, that is a set. Otherwise look for the rest among the smaller open tiles, "
                    "again largest first."
                ),
                tr(
                    "Stop when the smaller tiles cannot add up to what is missing; then go back and try the next "
                    "tile down."
                ),
                tr("For 8 on a full box: 8; 7 + 1; 6 + 2; 5 + 3; 5 + 2 + 1; 4 + 3 + 1."),
            ]
            out.append("> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:]))
        else:
            tile = EXPECTED_EXERCISE_TILE
            out.append(
                "\n".join(
                    [
                        "```",
                        tr("Only {tile} open", tile=tile),
                        tr("├─ rolls that make {tile}: ____ / 36 → score ____", tile=tile),
                        tr("└─ every other roll: ____ / 36 → score ____"),
                        tr("expected score = ____ × ____ + ____ × ____ = ____"),
                        "```",
                    ]
                )
            )
    return out


REFLECTIONS: dict[str, tuple[str, str]] = {lesson.notebook: lesson.reflection for lesson in LESSONS.values()}
"""The closing reflection question of each lesson and its model answer (for the teacher guide, never the page)."""


def reflection(lesson: str, score: Any):
    """The closing reflection question of ``lesson`` (a notebook path as in :data:`EXERCISES`), saved with progress."""
    from gamekit.widgets.reflection import Reflection

    if lesson not in REFLECTIONS:
        raise KeyError(f"no reflection question for {lesson!r}; known: {', '.join(REFLECTIONS)}")
    return Reflection(tr(REFLECTIONS[lesson][0]), score)


def practice_exercises(lesson: int) -> list[Exercise]:
    """Lesson ``lesson``'s closing problem set (:attr:`Lesson.practice`, fixed seed), easy to hard: type the
    tiles to cover ("5+3") or choose one die or two; judged by the bank's exact values."""
    if lesson not in LESSONS:
        raise ValueError(tr("no lesson {lesson}: the Shut the Box lessons are 1 to 4", lesson=lesson))
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
