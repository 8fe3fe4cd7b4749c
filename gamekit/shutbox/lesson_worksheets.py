"""Shut the Box worksheets' paper aids: the tables and blanks each lesson's worksheet prints under "To help you"
(read by :mod:`gamekit.teacher_sheets` through :func:`worksheet_aids`, which :mod:`gamekit.shutbox.lessons` offers
as its lessons' hook)."""

from __future__ import annotations

from typing import Iterable

from gamekit.i18n import number, tr
from gamekit.shutbox.exercises_best_set import SHUT_CHOICE
from gamekit.shutbox.exercises_both_sets import ONE_TILE_CHANCE
from gamekit.shutbox.exercises_dice import commonest_total_prediction, worst_rule_prediction
from gamekit.shutbox.exercises_expected import EXPECTED_EXERCISE_TILE, expected_score_words
from gamekit.shutbox.exercises_sets import worked_count
from gamekit.shutbox.lesson_tables import (
    DISAGREEMENT,
    WORKED_COMPARISON,
    comparison_table,
    fill_steps,
    objectives_table,
)
from gamekit.shutbox.lesson_words import chance_words, exact_score, markdown_table, tile_list
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.simulation import sum_distribution
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of
from gamekit.shutbox.trees import k_over_36


WORKSHEET_AIDS: dict[str, tuple[str, ...]] = {
    "shut_the_box/01_rules_and_play": ("rules", "score_sheet"),
    "shut_the_box/02_sets_for_a_roll": ("rules", "method", "count"),
    "shut_the_box/03_dice": ("rules", "predict", "grid", "chance", "one_die", "tally"),
    "shut_the_box/04_best_strategy": ("rules", "all_chances", "one_tile_chance", "two_rolls", "worked"),
    "shut_the_box/05_playing_for_points": ("rules", "words", "tree", "nine", "chances", "one_tile", "goals"),
}
"""Each lesson's paper aids besides its exercises, under "To help you" (described at :func:`worksheet_aids`)."""


def two_rolls_rule(blank: Iterable[int] = ()) -> str:
    """Lesson 4's rule for a branch of two rolls, one after the other, in the current language: multiply the
    chances along the branch, shown on the worked example's branch 3 then 6 (no exercise asks it), its product
    computed from the chances of the two totals. The page states it before exercise 3, the worksheet's help box
    and the guide repeat it.  A total in ``blank`` (a chance the worksheet leaves for the pupil to fill in) is
    written as a blank, and the product is left out, since it would give that chance away."""
    dist = sum_distribution()
    blank = set(blank)
    if blank & {3, 6}:
        return tr(
            "For two rolls one after the other, multiply the chances along the branch: 3 then 6 is "
            "{first} × {second}. Then add the chances of every branch that shuts the box.",
            first="____" if 3 in blank else k_over_36(dist[3]),
            second="____" if 6 in blank else k_over_36(dist[6]),
        )
    return tr(
        "For two rolls one after the other, multiply the chances along the branch: 3 then 6 is "
        "{first} × {second}, {product}. Then add the chances of every branch that shuts the box.",
        first=k_over_36(dist[3]),
        second=k_over_36(dist[6]),
        # one turn's two rolls: said as turns in 100, not games
        product=tr("about {n} turns in 100", n=number(100 * float(dist[3] * dist[6]), 1)),
    )


TWO_DICE_SHEETS = ("shut_the_box/04_best_strategy",)
"""The worksheets whose every exercise rolls two dice on every roll (lesson 4's simpler game): their rules box says
so instead of the one-die rule, as the page does."""

MIXED_DICE_SHEETS = ("shut_the_box/05_playing_for_points",)
"""The worksheets whose exercises 1 to 6 roll two dice every time and whose exercise 7 and More practice use the
lessons' one-die rule (lesson 5): their rules box says which, as the page's "The dice" paragraph does."""


def mirrored_blanks(total: int) -> tuple[int, ...]:
    """The totals of two dice a worksheet leaves blank so that ``total``'s chance is not given away: ``total`` and
    the total two dice make in as many ways (14 − total), smaller first.  ValueError for a number that is not a
    total of two dice, and for 7, the one total with no twin."""
    if not 2 <= total <= 12 or total == 7:
        raise ValueError(tr("{total}: a total of two dice other than 7 is needed (2 to 12)", total=total))
    return tuple(sorted({total, 14 - total}))


def sheet_blanks(notebook: str) -> tuple[int, ...]:
    """The totals whose chance ``notebook``'s worksheet leaves blank in its table of every total ("all_chances"),
    so that no other aid on the sheet prints them: none on a sheet without that table."""
    return mirrored_blanks(ONE_TILE_CHANCE) if "all_chances" in WORKSHEET_AIDS.get(notebook, ()) else ()


SCORE_SHEET_ROUNDS = 4
"""Rows of lesson 1's paper score sheet: one per round played at the end of the lesson."""


def worksheet_aids(notebook: str) -> list[str]:
    """The paper aids of ``notebook``'s worksheet as Markdown, in the current language, in the order of
    :data:`WORKSHEET_AIDS`: "rules" — the rules of a turn as a box; "predict" — lesson 3's guess of the commonest
    total, to tick before any count (as the page asks it first); "grid" — an empty 6 × 6 table of totals;
    "chance" — what the chance of a total is, with two examples no exercise asks; "one_die" — what one die gives;
    "tree" — lesson 5's exercise 1 tree with blanks; "chances" — each total's chance k/36 (exercise 1's total
    blank); "all_chances" — every total's chance (lesson 4; exercise 1's total blank); "one_tile" — the table's
    one-tile rows (exercise 1's tile blank); "one_tile_chance" — their chances to shut alone (lesson 4; exercise
    1's tile blank, as the page shows the table only after exercise 1); "worked" — the page's worked comparison;
    "two_rolls" — the rule for two rolls in a row, on the worked example's branch; "method" — lesson 2's search,
    largest tile first; "goals" — the "Two goals" table (the rules of thumb's exact chances come after exercise 6:
    :func:`worksheet_words_after`);
    "count" — lesson 2's worked count for 8; "words" — lesson 5's position, expected score and tree;
    "score_sheet" — a blank score sheet for lesson 1's game; "tally" — a blank tally table for lesson 3. None holds an
    exercise's answer, nor a step the page asks the pupil to do (the tiles each set of exercise 11 leaves: the sheet
    asks for them under the exercise, :func:`~gamekit.shutbox.exercises_best_set.challenge_exercise`).  KeyError for a
    notebook that is not a Shut the Box lesson."""
    if notebook not in WORKSHEET_AIDS:
        raise KeyError(f"no Shut the Box lesson {notebook!r}; known: {', '.join(WORKSHEET_AIDS)}")
    out = []
    for aid in WORKSHEET_AIDS[notebook]:
        if aid == "rules":
            lines = [
                tr("The rules of a turn"),
                tr("Roll two dice and add them. Cover a set of open tiles that adds up to the roll."),
                tr("On this sheet you roll two dice every time, even once 7, 8 and 9 are covered.")
                if notebook in TWO_DICE_SHEETS
                else tr(
                    "Exercises 1 to 6 roll two dice every time, even once 7, 8 and 9 are covered. Exercise 7 and "
                    "More practice use our lessons' rule: you may roll one die instead of two once 7, 8 and 9 are "
                    "covered."
                )
                if notebook in MIXED_DICE_SHEETS
                else tr("You may roll one die instead of two once 7, 8 and 9 are covered."),
                tr("When no set of open tiles makes the roll, the turn ends: the score is the sum of the open tiles."),
                tr("Covering every tile shuts the box and wins at once; otherwise the lowest score wins."),
            ]
            out.append("> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:]))
        elif aid == "predict":  # the page's "Predict first", before any count: a guess, ticked, never marked
            guess = commonest_total_prediction()
            out.append(
                "**"
                + tr("Predict first")
                + "** — "
                + tr("a guess, not a test: any answer is fine. Tick one total before you fill in the grid.")
                + "\n\n"
                + guess.prompt
                + "\n\n"
                + "   ".join(f"☐ {choice}" for choice in guess.choices)
            )
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
                    "The class tally: 36 rolls for your pair, 18 each. Put a mark for each roll of two dice, then "
                    "count the marks. In the last column write the chance from your grid, k/36."
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
        elif aid == "all_chances":
            # exercise 1 asks the one tile's chance: its total is left blank, and so is the total with the same
            # number of outcomes (6 for 8), whose chance would give it away by the table's symmetry
            dist = sum_distribution()
            blanks = sheet_blanks(notebook)
            out.append(
                tr(
                    "The chance of each total of two dice (lesson 3). The chances of {first} and {second} are for "
                    "you to fill in: count the outcomes of two dice that make them, as in lesson 3. "
                    "Exercise 1 needs the chance of {total}.",
                    first=blanks[0],
                    second=blanks[-1],
                    total=ONE_TILE_CHANCE,
                )
            )
            chances = ["____" if t in blanks else k_over_36(p) for t, p in dist.items()]
            out.append(markdown_table([tr("total")] + [str(t) for t in dist], [[tr("chance")] + chances]))
        elif aid == "one_tile_chance":
            out.append(
                tr(
                    "One tile open, two dice on every roll (the lesson's table): the chance to shut, as a fraction "
                    "of 36 and in turns in 100. Work with the fractions of 36."
                )
            )
            out.append(
                markdown_table(
                    [tr("open tiles"), tr("chance to shut")],
                    [
                        [
                            tile_list(r["open"]),
                            tr("your answer to exercise 1")
                            if r["open"] == (ONE_TILE_CHANCE,)
                            else "____"
                            if r["open"] == (mirrored_blanks(ONE_TILE_CHANCE)[0],)
                            else tr("never")
                            if r["value"] == 0
                            else f"{r['value'] * 36}/36 ({chance_words(r['value'])})",
                        ]
                        for r in fill_steps()[1:]
                    ],
                )
            )
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
                    "of 36 and in turns in 100, and the expected score. Work with the fractions of 36."
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
            dist = sum_distribution()
            rows = view.rows
            for t in sheet_blanks(notebook):  # a chance the sheet asks the pupil for is blank here too
                rows = [[cell.replace(f"{t} ({k_over_36(dist[t])})", f"{t} (____)") for cell in row] for row in rows]
            out.append(
                tr(
                    "The worked example: tiles {items} open, a roll of {roll}. Compare what each set leaves:",
                    items=tile_list(open_tiles),
                    roll=roll,
                )
            )
            out.append(markdown_table(view.headers, rows))
        elif aid == "two_rolls":
            out.append(two_rolls_rule(sheet_blanks(notebook)))
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


def rules_of_thumb_words() -> str:
    """Lesson 4's four rules of thumb (:data:`~gamekit.shutbox.rules_of_thumb.RULES_OF_THUMB`) as the page names
    them, for its worksheet: the closing question asks why a rule of thumb is not enough, so the sheet lists them."""
    from gamekit.shutbox.rules_of_thumb import RULES_OF_THUMB

    largest, most, fewest, close = (tr("cover **{rule}**", rule=tr(rule)) for rule in RULES_OF_THUMB)
    items = [
        tr("{habit} (then the next largest)", habit=largest),
        most,
        fewest,
        tr("{habit}: of the sets of two tiles, the one whose numbers are closest", habit=close),
    ]
    lead = tr(
        "A **rule of thumb** is a quick habit for choosing a set. It is not a guarantee: it can pick a set that is "
        "not the best. Here are four habits people use:"
    )
    return lead + "\n\n" + "\n".join(f"- {item}" for item in items)


def worksheet_words_after(notebook: str, key: str) -> list[str]:
    """What a worksheet prints right after the exercise ``key`` of ``notebook``, because printed earlier it would
    answer a question the page asks first.  In lesson 4, after exercise 5: the four rules of thumb, where the page
    names them (:func:`rules_of_thumb_words`), then the page's prediction (which rule of thumb
    shuts the box least often?) with its choices to tick, a line for the reason, and a note that the teacher shows
    the table that checks it; after exercise 6 (its last), that the teacher shows it again for the closing question
    ("why is covering the most tiles a poor way?").  The sheet never prints that table (a printed sheet would hold
    the answer to its own prediction; the guide's key facts have it).  Nothing after any other exercise."""
    from gamekit.shutbox.exercises_best_set import best_set_exercise
    from gamekit.shutbox.exercises_both_sets import SHUT_CHALLENGE
    from gamekit.shutbox.lesson_tables import FILL_RULES

    if notebook != "shut_the_box/04_best_strategy":
        return []
    if key == best_set_exercise(*SHUT_CHOICE, rules=FILL_RULES).key:
        guess = worst_rule_prediction()
        return [
            rules_of_thumb_words(),
            "**" + guess.prompt + "**\n\n" + "\n".join(f"- [ ] {tr(choice)}" for choice in guess.choices),
            tr("Why do you think so?") + " ________________________________",
            tr("Once everyone has predicted, your teacher shows the table that checks it."),
        ]
    if key == best_set_exercise(*SHUT_CHALLENGE, rules=FILL_RULES).key:  # the last exercise: the closing question
        return [tr("For the last question, your teacher shows that table again.")]
    return []
