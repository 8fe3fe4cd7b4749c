"""Each Shut the Box lesson's practice: the bank puzzles it draws (by theme, level and rules), the questions it asks
after the lesson and their hints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from gamekit.i18n import tr
from gamekit.shutbox.tiles import TILES, tiles_summing_to
from gamekit.shutbox.rules import Rules
from gamekit.puzzles.sets import ProblemSet
from gamekit.widgets.exercise import Exercise
from gamekit.shutbox.exercises_counts import expected_count_exercise
from gamekit.shutbox.exercises_dice import (
    go_on_dice_exercise,
    one_roll_shut_exercise,
    roll_outcomes_exercise,
)
from gamekit.shutbox.exercises_sets import count_sets_exercise, method_order, next_set_exercise, sets_exercise
from gamekit.shutbox.exercises_turn import (
    ending_roll_choices,
    ending_roll_exercise,
    legal_set_exercise,
    one_die_tiles_exercise,
    turn_score_exercise,
)
from gamekit.shutbox.lesson_words import tile_list
from gamekit.shutbox.exercises_both_sets import both_sets_exercise, decoy_counted, given_values_prompt


LESSON_4_SHUT_PRACTICE = "shut-20f759605e"
"""A hard "which set?" bank puzzle (to shut the box, tiles 1, 2, 3, 4, 7 and 8 open, a roll of 10, best 7+3; only
"two tiles close in value" finds it).  Lesson 1's practice leaves its box out."""


LESSON_1_SKIPPED = ("shut-6807a45ccb", "shut-616cc5d408")
"""Bank boxes lesson 1's practice leaves out as well, since other lessons' practice asks them: lesson 4's position
(tiles 1, 2, 3, 4, 7 and 8, a roll of 10) asked for a low score, and lesson 2's (tiles 1, 2, 4, 5, 6 and 7, a roll
of 11)."""


COUNT_12_OPEN = (1, 2, 3, 4, 6, 7, 8, 9)
"""Lesson 2, exercise 7: the sets for 12 with tile 5 covered (8 of them: neither 12 itself nor the full box's 12)."""


LESSON_RULES = (("one_die", Rules().one_die),)
"""The rules a lesson's practice puzzles are played under: the lessons' own (one die once 7, 8 and 9 are shut)."""


CHANCE_ONLY = LESSON_RULES + (("objective", "shut"),)
"""Lessons 1–3 ask for the best chance to shut the box only (the expected score is taught in lesson 5)."""


PRACTICE_IDEAS: dict[str, Callable[[str], str]] = {
    "count": lambda theme: tr("Count the {theme}: the sets of open tiles that make it, each once.", theme=theme),
    "list": lambda theme: tr("Work in order, so that none of the {theme} is missed or written twice.", theme=theme),
    "outcomes": lambda theme: tr("Count the outcomes of two dice that let you go on, as in exercises 1, 2 and 7."),
    "stuck": lambda theme: tr(
        "Count the outcomes of two dice that end the turn, as in exercise 5: every other outcome lets you go on."
    ),
    "dice": lambda theme: tr("To choose {theme}, compare how often each lets you go on.", theme=theme),
    "score": lambda theme: tr("The turn is over: the tiles still open stay open and make your score. Lower is better."),
    "legal": lambda theme: tr("Find one of the {theme}: open tiles that add up to it.", theme=theme),
    "next": lambda theme: tr("Follow the method, largest tile first, through the {theme}.", theme=theme),
    "one_die": lambda theme: tr("You may roll one die once 7, 8 and 9 are all covered."),
    "expect": lambda theme: tr("Predict first: is this total common or rare?"),
    "shut_one": lambda theme: tr("Use your grid of the 36 outcomes from the lesson."),
    "ending": lambda theme: tr("A roll ends the turn when no set of open tiles adds up to it."),
}
"""The plain sentence that opens a practice item's hint, given the bank theme's name (which it uses inside the
sentence, never as a label before it), then the exercise's own hint, which it never repeats: what the item's own
question asks the pupil to do first (lesson 3's counting items
point to the lesson's exercises that counted the same way, not to the choice of one die or two, which they do
not ask)."""


PRACTICE_QUESTIONS = (
    "count",
    "list",
    "outcomes",
    "stuck",
    "dice",
    "score",
    "bank",
    "legal",
    "one_die",
    "expect",
    "shut_one",
    "next",
    "ending",
)
"""How a lesson asks about a bank position: the score if the turn ended with its tiles open (lesson 1), count the sets
for the roll, list them, or say which set the method finds next ("next", lesson 2), count the outcomes of two dice
that let you go on or that end the turn, or compare one die and two by the outcomes that go on (lesson 3), or the
bank's own question (which set, one die or two, by the exact table); "legal" — one set you may cover, "one_die" — the
tiles still to cover before one die is allowed (lesson 1); "expect" — how many totals of the box's sum in 3,600
rolls, "shut_one" — how many outcomes shut the box with one roll (lesson 3); "ending" — which of four rolls ends the
turn (lesson 1, :func:`~gamekit.shutbox.exercises_turn.ending_roll_choices`)."""


PRACTISES: dict[str, tuple[str, ...]] = {
    "legal": ("legal_set",),
    "score": ("score_237",),
    "one_die": ("one_die",),
    "list": ("sets_7", "sets_9", "sets_10", "sets_11"),
    "count": ("count_11", "count_12"),
    "outcomes": ("go_on_12", "go_on_14", "go_on_256"),
    "stuck": ("stuck_123",),
    "dice": ("dice_123", "dice_256"),
    "expect": ("count_6",),
    "shut_one": ("shut_one_roll_25",),
    "bank": ("challenge_1",),
    "ending": ("ending_roll",),
}
"""The lesson exercises (their keys in :attr:`Lesson.exercises`) each practice question asks again on a new box:
the same question, so an objective whose exercises one of these names has practice."""


def box_level(open_tiles: Iterable[int]) -> str:
    """How hard it is to count the outcomes of two dice for a box: "easy" with one or two open tiles (a few totals
    to check), "medium" with three, "hard" with four or more (sets of several tiles for most totals)."""
    n = len(set(open_tiles))
    if n < 1 or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=tuple(open_tiles)))
    return "easy" if n <= 2 else "medium" if n == 3 else "hard"


def sets_level(open_tiles: Iterable[int], roll: int) -> str:
    """How hard it is to list or count the sets for a roll: "easy" up to 5 sets with at most one of three tiles or
    more, "medium" 6 to 8 sets or two sets of three tiles, "hard" 9 or more (lesson 2's own exercises: 5 sets for
    7, one of them 4+2+1, is easy; 8 sets for 9 medium).  A set of three tiles is the one pupils miss."""
    sets = tiles_summing_to(roll, tuple(sorted(set(open_tiles))))
    n, long_sets = len(sets), sum(len(st) >= 3 for st in sets)
    return "easy" if n <= 5 and long_sets <= 1 else "medium" if n <= 8 else "hard"


def legal_level(open_tiles: Iterable[int], roll: int) -> str:
    """How hard it is to find one set you may cover: "easy" when the roll's own tile is open, or when the method's
    first try works (the largest open tile below the roll, plus the open tile that makes up the rest) for a roll a
    tile could make alone; "medium" when that first try works for a roll of 10 to 12, which no tile makes alone,
    or when the first try fails for a smaller roll and the pupil must search further; "hard" when only one set
    makes the roll, or when the first try fails for a roll of 10 to 12."""
    open_tiles = tuple(sorted(set(open_tiles)))
    if roll in open_tiles:
        return "easy"
    if len(tiles_summing_to(roll, open_tiles)) == 1:
        return "hard"
    below = [t for t in open_tiles if t < roll]
    first_try = bool(below) and roll - max(below) in open_tiles
    return ("easy" if first_try else "medium") if roll <= 9 else ("medium" if first_try else "hard")


def score_level(open_tiles: Iterable[int]) -> str:
    """How hard it is to score a finished turn: the pupil adds the open tiles, so the level is how many numbers
    there are to add: "easy" up to three, "medium" four or five, "hard" six or more."""
    n = len(set(open_tiles))
    if n < 1 or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=tuple(open_tiles)))
    return "easy" if n <= 3 else "medium" if n <= 5 else "hard"


def practice_level(question: str, open_tiles: Iterable[int], roll: int | None = None) -> str:
    """The level of a practice item asked the lesson's own question: by how many sets make the roll when the
    pupil lists or counts them (:func:`sets_level`) or looks for one (:func:`legal_level`), by how many tiles
    there are to add for a turn's score (:func:`score_level`), by how many tiles are open otherwise
    (:func:`box_level`: more totals to check).  The tiles still to cover before one die are always "easy": the
    pupil looks at 7, 8 and 9 alone, so no box makes that rule harder."""
    if question in ("list", "count"):
        return sets_level(open_tiles, roll)
    if question == "next":  # one step of the method, as lesson 2's exercise 3 (medium)
        return "medium"
    if question == "one_die":  # one look at 7, 8 and 9, however many tiles are open: the same rule every time
        return "easy"
    if question == "score":
        return score_level(open_tiles)
    if question == "ending":  # every open tile is looked at for each roll offered, as for the outcomes of two dice
        return box_level(open_tiles)
    return legal_level(open_tiles, roll) if question == "legal" else box_level(open_tiles)


@dataclass(frozen=True)
class LessonPractice(ProblemSet):
    """A practice set of bank positions, each asked the way its lesson asks (``questions``, one per item of
    :data:`PRACTICE_QUESTIONS`; default the bank's own question): "count" — how many sets make the roll
    (:func:`count_sets_exercise`), "list" — write every set (:func:`sets_exercise`), both for a
    ``sets_for_roll`` position; "outcomes" — how many of the 36 outcomes of two dice let you go on
    (:func:`roll_outcomes_exercise`); "bank" — the puzzle as the bank asks it.  The bank's "which set is
    best" question is lesson 4's idea: lessons 1–3 use its positions with their own question."""

    questions: tuple = ()
    graded_by_box: bool = False
    made: tuple = ()
    """Positions the bank may lack, made in lesson code: each a callable given the bank's picks (the first
    ``len(items) - len(made)`` items) and returning a :class:`~gamekit.puzzles.core.Puzzle`, asked as the last
    items, in order."""
    """Give each item asked the lesson's own question its own level (:func:`practice_level`: more sets to list,
    or more open tiles) instead of the puzzle's band in the bank, which grades the bank's "which set?"
    question."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if (
            not isinstance(self.questions, tuple)
            or len(self.questions) not in (0, len(self.items))
            or any(q not in PRACTICE_QUESTIONS for q in self.questions)
        ):
            raise ValueError(
                tr(
                    "questions={questions!r}: one of {items} for each item",
                    questions=self.questions,
                    items=", ".join(PRACTICE_QUESTIONS),
                )
            )
        if not isinstance(self.made, tuple) or not all(callable(m) for m in self.made):
            raise ValueError(tr("made={value!r}: a tuple of functions that make a puzzle", value=self.made))
        if len(self.made) > len(self.items):
            raise ValueError(tr("made={value!r}: at most one maker for each item", value=self.made))
        if not isinstance(self.graded_by_box, bool):
            raise ValueError(tr("graded_by_box={value!r}: True or False", value=self.graded_by_box))
        for (theme, _), question in zip(self.items, self.questions):
            if question in ("count", "list", "legal", "next") and theme != SETS:
                raise ValueError(
                    tr(
                        "items: counting or listing the sets needs the theme {theme}, not {other}",
                        theme=SETS,
                        other=theme,
                    )
                )

    def puzzles(self) -> tuple:
        """The bank's picks for the first items (the same ones every time), then the positions :attr:`made`
        makes from them."""
        if not self.made:
            return super().puzzles()
        picks = self.items[: len(self.items) - len(self.made)]
        bank = ProblemSet(self.game_id, picks, self.seed, self.exclude, self.where).puzzles() if picks else ()
        for make_one in self.made:
            bank += (make_one(bank),)
        return bank

    def exercises(self, make: Callable[..., Exercise] = Exercise, **extra: Any) -> list[Exercise]:
        """One exercise per puzzle position, easy to hard, its hint naming the idea."""
        from gamekit.puzzles.core import theme_name
        from gamekit.puzzles.sets import puzzle_exercise

        out = []
        questions = self.questions or ("bank",) * len(self.items)
        levels = [
            practice_level(q, p.facts["open"], p.facts.get("roll")) if self.graded_by_box and q != "bank" else p.band
            for q, p in zip(questions, self.puzzles())
        ]
        if self.made:  # a made position is asked at its item's level: the bank's band grades only the bank's picks
            levels[-len(self.made) :] = [band for _, band in self.items[-len(self.made) :]]
        made_from = len(self.items) - len(self.made)
        for i, (puzzle, (theme, _), question, level) in enumerate(zip(self.puzzles(), self.items, questions, levels)):
            if question == "bank" and i >= made_from and asks_values(puzzle):
                ex = values_exercise(puzzle)  # lesson 4's small positions: each set's chance, then the set
                ex.key, ex.level, ex.puzzle = f"practice {puzzle.id}", VALUES_LEVEL, puzzle
                out.append(ex)
                continue
            if question == "bank":
                ex = puzzle_exercise(puzzle, make, theme=theme, **extra)
                ex.level = level
                if theme == BEST:
                    f = puzzle.facts
                    leaves = "; ".join(what_each_set_leaves(f["open"], f["roll"]))
                    given = i >= made_from and len(f["open"]) > SMALL_BOX
                    ex.hint = best_set_hint(f["open"], f["roll"], f["objective"], method_only=given)
                    if given:  # too big for a tree: the table's values, by the tiles left, with a decoy or two
                        ex.prompt = given_values_prompt(
                            f["open"], f["roll"], f["objective"], f.get("one_die", Rules().one_die)
                        )[0]
                    # on paper there is no table to look things up in: what each set leaves is printed to judge,
                    # unless the values are given by the tiles left (then printing both would do the mapping)
                    ex.paper_prompt = ex.prompt + (
                        "" if given else " " + tr("What each set leaves: {leaves}.", leaves=leaves)
                    )
                    if i >= made_from:  # a made item: judged as the lesson's own exercises, then the rules of thumb
                        ex.checker = _with_note(_lesson_checker(puzzle), puzzle)
                        if given:
                            ex.checker = decoy_counted(
                                ex.checker, f["open"], f["roll"], f["objective"], f.get("one_die", Rules().one_die)
                            )
                        ex.leaks = tuple(dict.fromkeys(ex.checker(s)[1] for s in ex.solutions))
                        if f["objective"] == "shut" and len(f["open"]) <= SMALL_BOX:  # worked out on paper
                            ex.paper_prompt += " " + tr("Draw a short tree for what each set leaves, then choose.")
                out.append(ex)
                continue
            open_tiles, roll = tuple(puzzle.facts["open"]), puzzle.facts.get("roll")
            ex = {
                "count": lambda: count_sets_exercise(roll, open_tiles),
                "list": lambda: sets_exercise(roll, open_tiles),
                "next": lambda: next_set_question(open_tiles, roll),
                "outcomes": lambda: roll_outcomes_exercise(open_tiles),
                "stuck": lambda: roll_outcomes_exercise(open_tiles, stuck=True),
                "dice": lambda: go_on_dice_exercise(open_tiles),
                "score": lambda: turn_score_exercise(open_tiles),
                "legal": lambda: legal_set_exercise(open_tiles, roll),
                "one_die": lambda: one_die_tiles_exercise(open_tiles),
                "expect": lambda: expected_count_exercise(sum(open_tiles)),
                "shut_one": lambda: one_roll_shut_exercise(open_tiles),
                "ending": lambda: ending_roll_exercise(open_tiles, ending_roll_choices(open_tiles)),
            }[question]()
            ex.hint = PRACTICE_IDEAS[question](theme_name(self.game_id, theme)) + " " + ex.hint
            ex.key, ex.level, ex.puzzle = f"practice {puzzle.id} {question}", level, puzzle
            out.append(ex)
        return out


def next_set_question(open_tiles: Iterable[int], roll: int) -> Exercise:
    """Lesson 2's "which set does the method find next?" (:func:`next_set_exercise`) on a practice box: after the
    last set that starts with the largest tile of any set (then the next largest, and so on), so the answer moves
    down to a smaller first tile, as in the lesson's exercise 3, with a later set and the method's last set among
    the choices.  ValueError for a box whose sets give no such step (fewer than four sets)."""
    open_tiles = tuple(sorted(set(open_tiles)))
    order = method_order(roll, open_tiles)
    steps = [i for i in range(len(order) - 2) if order[i + 1][0] < order[i][0]]
    if len(order) < 4 or not steps:
        raise ValueError(
            tr(
                "tiles {items}: too few sets make {roll} for a step of the method",
                items=tile_list(open_tiles),
                roll=roll,
            )
        )
    return next_set_exercise(roll, order[steps[-1] if steps[-1] > 0 else steps[0]], open_tiles)


VALUES_LEVEL = "medium"
"""The level of a :func:`values_exercise`: two short trees, each as hard as lesson 4's exercises 3 and 4 (medium),
whatever the bank's band for choosing the set alone."""


def asks_values(puzzle: Any) -> bool:
    """Whether a position lesson 4's practice makes is asked by :func:`values_exercise`: the goal is to shut the box,
    with at most :data:`SMALL_BOX` tiles open and exactly two sets for the roll — a position where covering the
    largest tile finds the best set, so choosing the set alone would not need the lesson's method."""
    f = puzzle.facts
    return (
        f.get("objective") == "shut"
        and len(f["open"]) <= SMALL_BOX
        and len(tiles_summing_to(f["roll"], tuple(sorted(f["open"])))) == 2
    )


def values_exercise(puzzle: Any) -> Exercise:
    """Lesson 4's More practice at a small "which set?" ``puzzle`` (:func:`asks_values`): the value of what each
    set leaves, then the best set (:func:`both_sets_exercise`, under the puzzle's one-die rule), typed in one box
    with ``;`` between the parts, as its prompt says (on paper, one line each).  Each value is worked out with a
    short tree, so the largest tile, which finds the best set in every small position, cannot answer it alone."""
    f = puzzle.facts
    ex = both_sets_exercise(
        (tuple(f["open"]), f["roll"], f["objective"]), Rules(one_die=f.get("one_die", Rules().one_die))
    )
    ex.hint = (
        tr("To find the best set, draw a short tree for what each set leaves, as in exercises 3 and 4.") + " " + ex.hint
    )
    return ex


def what_each_set_leaves(open_tiles: Iterable[int], roll: int) -> list[str]:
    """Every set for ``roll`` among ``open_tiles``, largest tile first, each as "9+1 leaves 2, 3 and 5" — the list
    lesson 4's hints (and its worksheet) give so that the pupil compares positions, without any value.
    ValueError when no set makes the roll."""
    open_tiles = tuple(sorted(set(open_tiles)))
    sets = sorted((tuple(sorted(st, reverse=True)) for st in tiles_summing_to(roll, open_tiles)), reverse=True)
    if not sets:
        raise ValueError(tr("tiles {items}: no set makes {roll}", items=tile_list(open_tiles), roll=roll))
    return [
        tr(
            "{set} leaves {left}",
            set="+".join(map(str, st)),
            left=tile_list(t for t in open_tiles if t not in st) or tr("nothing"),
        )
        for st in sets
    ]


def _with_note(checker: Callable[[Any], tuple[bool, str]], puzzle: Any) -> Callable[[Any], tuple[bool, str]]:
    """``checker`` whose feedback ends with :func:`rules_of_thumb_note` for the answer once it judges it a set for
    the roll (a refusal, or a set for another total or with a covered tile, keeps the checker's reason alone)."""
    from gamekit.puzzles.sets import typed_answer
    from gamekit.shutbox.exercises_best_set import one_legal_set

    f = puzzle.facts

    def check(answer: Any) -> tuple[bool, str]:
        ok, feedback = checker(answer)
        _, chosen = typed_answer(puzzle, answer)
        if one_legal_set([chosen], f["open"], f["roll"]) is None:  # no set for the roll: the checker's reason alone
            return ok, feedback
        note = rules_of_thumb_note(f["open"], f["roll"], f["objective"], chosen, f.get("one_die", Rules().one_die))
        return ok, (feedback + " " + note).strip()

    return check


def _lesson_checker(puzzle: Any) -> Callable[[Any], tuple[bool, str]]:
    """The checker of lesson 4's own "which set?" exercise at ``puzzle``'s position and rules: its chances in
    turns in 100, as on the page, and a wrong set's feedback gives that set's value but not the best set."""
    from gamekit.shutbox.exercises_best_set import best_set_exercise

    f = puzzle.facts
    rules = Rules(one_die=f.get("one_die", Rules().one_die))
    return best_set_exercise(f["open"], f["roll"], f["objective"], rules).checker


def rules_of_thumb_note(
    open_tiles: Iterable[int], roll: int, objective: str, chosen: Iterable[int], one_die: str = Rules().one_die
) -> str:
    """What the feedback of one of lessons 4 and 5's practice items adds about the rules of thumb lesson 4 lists
    once ``chosen`` (a set for the roll) is judged by the exact table under the one-die rule ``one_die``.  Only the
    habits the page teaches before the practice are named (not the outcome count of
    :func:`~gamekit.shutbox.exercises_dice.outcomes_rule_set`, which only lesson 5's extension challenge shows).
    A wrong set a habit picks (the largest tile, two tiles close in value, or the most tiles, when that habit picks
    one set): that habit picks it and it is worse here, with no word of the best set (a second try must still be
    thought out).  The best set: the largest tile, when it misses it.  ""
    when no habit is worth a word.  ValueError for a position with no set, a set that does not make the roll, or
    another objective."""
    from gamekit.puzzles.shut_thumbs import thumb_sets
    from gamekit.shutbox.strategy import table
    from gamekit.shutbox.tiles import mask_of

    open_tiles = tuple(sorted(set(open_tiles)))
    if objective not in ("shut", "score"):
        raise ValueError(tr("objective={value!r}: shut or score", value=objective))
    values = {
        tuple(sorted(s, reverse=True)): v
        for s, v in table(Rules(one_die=one_die), objective).set_values(mask_of(open_tiles), roll)
    }
    if not values:
        raise ValueError(tr("tiles {items}: no set makes {roll}", items=tile_list(open_tiles), roll=roll))
    chosen = tuple(sorted(set(chosen), reverse=True))
    if chosen not in values:
        raise ValueError(tr("{set} does not make {roll} with these tiles", set="+".join(map(str, chosen)), roll=roll))
    best = (min if objective == "score" else max)(values.values())
    largest = thumb_sets("largest_tile", open_tiles, roll)[0]
    if values[chosen] != best:
        parts = []
        if chosen == largest:
            parts.append(tr("The largest tile picks this set, but here it leaves a worse position."))
        if [chosen] == thumb_sets("close_pair", open_tiles, roll):
            parts.append(tr("Covering two tiles close in value picks this set, but here it leaves a worse position."))
        if [chosen] == thumb_sets("most_tiles", open_tiles, roll):
            parts.append(tr("Covering the most tiles picks this set, but here it leaves a worse position."))
        if not parts:
            return ""
        return " ".join(parts + [tr("Compare what each set leaves, not what you cover.")])
    parts = []
    if values[largest] != best:
        parts.append(tr("Here the largest tile picks {set}, a worse set.", set="+".join(map(str, largest))))
    if not parts:
        if objective == "shut" and len(open_tiles) <= SMALL_BOX:
            return tr(
                "Covering the largest tile finds it here too. With four tiles or fewer it always finds the best "
                "chance to shut the box, when one set is clearly best. With more tiles open it can miss."
            )
        return ""
    return " ".join(parts + [tr("Comparing what each set leaves finds the best set.")])


def best_set_hint(open_tiles: Iterable[int], roll: int, objective: str, method_only: bool = False) -> str:
    """The hint of a "which set is best?" practice item: every set for the roll and the tiles each one leaves,
    then the question lesson 4 teaches to ask (which position do you want to be left with?) — no values, so the
    pupil still compares the positions.  With ``method_only`` (a problem whose prompt lists the values by the tiles
    left), the method alone: listing the tiles each set leaves there would leave only a smallest number to pick."""
    goal = (
        tr("Which of these positions is easier to shut?")
        if objective == "shut"
        else tr("Which of these positions ends with fewer points on average?")
    )
    if method_only:
        return tr(
            "A rule of thumb may pick the best set or may not: compare what each set leaves. First find every set "
            "of open tiles that makes {roll}. For each set, cross its tiles off the open tiles: the tiles left are "
            "the position it leaves. Find those positions in the list: some positions in the list no set for {roll} "
            "leaves. {goal}",
            roll=roll,
            goal=goal,
        )
    leaves = "; ".join(what_each_set_leaves(open_tiles, roll))
    return tr(
        "A rule of thumb may pick the best set or may not: compare what each set leaves. {leaves}. {goal}",
        leaves=leaves,
        goal=goal,
    )


SETS, DICE, BEST = "sets_for_roll", "one_die_or_two", "best_set"
"""The puzzle themes the lessons teach: covering a set for a roll (lessons 1–2), one die or two by the chances
(lesson 3), the best set by the exact table (lessons 4 and 5)."""
# ``exercise_themes`` (the mastery loop's "Try a similar one", a bank puzzle under the lesson's rules one level
# easier): writing every set for a roll practises "sets for the roll"; counting the outcomes that let you go on
# (or end the turn) is what "one die or two" compares (the bank grades those by the tiles open, as lesson 3 does);
# choosing a set by the table is "best set".  Scores, rules, single chances, set counts and the expected-score
# tree are no bank theme.


SMALL_BOX = 4
"""With this many open tiles or fewer, covering the largest tile finds the best chance to shut the box in every
position where one set is clearly best (by the bank's margin), with two dice always or the lessons' one-die rule:
a test searches the game.  Lesson 4's feedback says so once a small shut-the-box item is answered."""


LESSON_4_PRACTICE = (
    ((2, 4, 7, 9), 11, "shut", "never"),
    ((1, 2, 5, 6, 7, 8), 11, "shut", "never"),
    ((1, 2, 3, 4, 7, 8), 10, "shut", "never"),
)
"""Lesson 4's More practice, as (open tiles, roll, objective, one-die rule): the lesson's goal, the best chance to
shut the box, with two dice every time, as in its exercises.  In problem 1 four tiles are open and each set leaves
two, so a short tree on paper compares them (9+2 leaves 4 and 7: 108/1296, about 8.3 turns in 100; 7+4 leaves 2 and
9: 80/1296, about 6.2); there the largest tile finds the best set, as in every position of four tiles or fewer
(:data:`SMALL_BOX`).  Problems 2 and 3 have six tiles open, where covering the largest tile misses: in problem 2
8+2+1 leaves 5, 6 and 7 (about 4.2 turns in 100), 6+5 leaves 1, 2, 7 and 8 (about 6.6); in problem 3, four sets
for 10, 8+2 leaves 1, 3, 4 and 7 (about 9.1) and 7+3 leaves 1, 2, 4 and 8 (about 11.6).  Too big for a tree, so
each problem gives the positions' values from the table (:func:`given_values_prompt`)."""


LESSON_5_PRACTICE = (
    ((1, 2, 4, 6, 7, 8, 9), 10, "score", "after_789"),
    ((1, 2, 3, 5, 6, 7, 9), 8, "score", "after_789"),
    ((1, 2, 3, 4, 7, 8, 9), 11, "score", "after_789"),
)
"""Lesson 5's More practice: the lowest expected score under the lessons' one-die rule, each position too big for
a tree, so the problem gives the expected score of each position a set can leave (and a decoy).  None of lesson 4's
habits answers any of them (:func:`gamekit.shutbox.rules_of_thumb.habit_free_positions`: each picks a worse set or
cannot choose), so the practice needs the comparison of what each set leaves, and the three best sets differ.
Problem 1: 8+2 leaves about 14.6, 9+1 (the largest tile) 15.2, 6+4 (two tiles close in value) 17.9, 7+2+1 (the most
tiles) 20.5.  Problem 2: 6+2 about 12.2, 7+1 13.2, 5+3 13.9, 5+2+1 18.6.  Problem 3: 8+3 about 10.3, 9+2 11.9, 7+4
13.2, 8+2+1 16.7, 7+3+1 15.9 (a test checks each answer and each habit against the exact table)."""


def made_position(position: tuple) -> Callable[[Any], Any]:
    """A maker for :attr:`LessonPractice.made`: the "which set?" puzzle at ``position`` (open tiles, roll,
    objective, one-die rule: an item of :data:`LESSON_4_PRACTICE` or :data:`LESSON_5_PRACTICE`), made from the
    exact tables (whatever the puzzle bank holds)."""
    from gamekit.puzzles.shut_census import position_at
    from gamekit.puzzles.shutbox import candidate

    open_tiles, roll, objective, one_die = position

    def make(bank: Iterable[Any] = ()) -> Any:
        game = position_at(one_die, open_tiles, roll)
        puzzle = candidate(game, objective, habits=False) if game is not None else None
        if puzzle is None:
            raise LookupError(
                tr("no clear best set at tiles {items}, roll {roll}", items=tile_list(open_tiles), roll=roll)
            )
        return puzzle

    return make


def count_sets_box(bank: Iterable[Any] = ()):
    """Lesson 2's practice item for counting the sets (objective 3): a position under the lessons' rule whose roll
    has at least 9 sets (:func:`sets_level` "hard", more than any list before it), with one or two tiles covered,
    that is none of ``bank``'s positions (the practice set's lists) nor the lesson's own counts (11 on a full box,
    12 with tile 5 covered).  The first such position, fewest sets first, from the rules alone, so it does not
    depend on what the puzzle bank holds."""
    from itertools import combinations

    from gamekit.puzzles.shut_census import position_at
    from gamekit.puzzles.shutbox import candidate

    taken = {(tuple(sorted(p.facts["open"])), p.facts["roll"]) for p in bank}
    taken |= {(TILES, 11), (COUNT_12_OPEN, 12)}
    boxes = [
        (len(tiles_summing_to(roll, box)), roll, box)
        for covered in (1, 2)
        for gone in combinations(TILES, covered)
        for box in [tuple(t for t in TILES if t not in gone)]
        for roll in range(10, 13)
        if (box, roll) not in taken and sets_level(box, roll) == "hard"
    ]
    for _, roll, box in sorted(boxes):
        game = position_at(Rules().one_die, box, roll)
        puzzle = candidate(game, "shut", habits=False) if game is not None else None
        if puzzle is not None:
            return puzzle
    raise LookupError(tr("no box where at least 9 sets make the roll"))
