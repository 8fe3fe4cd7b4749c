"""Shut the Box puzzles, from the exact strategy tables (:mod:`gamekit.shutbox.strategy`), for one player's turn
with a stated goal: the chance to shut the box (``"shut"``) or the lowest expected score (``"score"``).

* **a set for the roll**: which tiles to cover?  At least 2 sets make the roll and the best (or sets tied exactly)
  beats every other by :data:`MARGIN` (2 points of shut chance, half a point of expected score); the bank's played
  positions are ones no habit (:data:`HABITS`) answers, so each has the theme *think of the next roll*;
* **one die or two**: the better roll beats the other by the same margin for the chance to shut (lesson 3's
  exercise 10: the outcomes that shut the box with one roll, not the ones that go on, which differ in half the drill).

Each puzzle stores the first rule of thumb of lesson 4 (:data:`LESSON_FOUR_RULES`) that answers it by itself
(``facts["thumb"]``).  Practice's "which set?" questions come from the exhaustive census
(:mod:`gamekit.puzzles.shut_census`): :func:`shut_census.which_set_pool` picks positions where looking one roll ahead or
covering the largest tile is wrong, :data:`PER_LEVEL` at every level, no rule of thumb (:data:`ALL_THUMBS`)
answering more than :data:`MAX_RULE_SHARE` of a level; the build stores each one's Practice rating in
``facts["practice_rating"]`` and :func:`practice_selection` asks those.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from fractions import Fraction
from typing import Any

from gamekit.i18n import N_, tr
from gamekit.shutbox import Rules, ShutTheBox
from gamekit.shutbox.rules import ONE_DIE_RULES
from gamekit.shutbox.tiles import mask_of, tiles_summing_to
from gamekit.shutbox.strategy import table
from gamekit.puzzles.core import Puzzle, judge_again, sample
from gamekit.puzzles.ratings import first_rating
from gamekit.puzzles.shut_draw import loosest_fit
from gamekit.puzzles.shut_lessons import asked_in_lessons

# a position's key, which the homework sets ask of a game's puzzle module (gamekit.puzzles.homework looks it up here)
from gamekit.puzzles.shut_draw import shown_position as shown_position
from gamekit.puzzles.shut_thumbs import (
    ALL_THUMBS,
    LESSON_FOUR_RULES,
    THUMB_RULES,
    rule_answers,
    set_answers,
    thumb_sets,
)

# the words Practice asks of a game's puzzle module (gamekit.puzzles.practice_words looks them up here)
from gamekit.puzzles.shut_words import (
    asked_stakes as asked_stakes,
    first_hint as first_hint,
    idea_words as idea_words,
    mistake_words as mistake_words,
    second_hint as second_hint,
    why_words as why_words,
)
from gamekit.puzzles.shut_tables import key_working as key_working, paper_table as paper_table, pick_parts as pick_parts
from gamekit.puzzles.shut_tables import lesson_prompt as lesson_prompt, question_table as question_table
from gamekit.puzzles.shut_tables import paper_answer as paper_answer, picked_answer as picked_answer
from gamekit.puzzles.shut_tables import pick_empty as pick_empty, pick_label as pick_label

GAME_ID = "shut_the_box"
MARGIN = {"shut": Fraction(2, 100), "score": Fraction(1, 2)}
OBJECTIVES = ("shut", "score")


def _better(objective: str, a: Fraction, b: Fraction) -> bool:
    return a < b if objective == "score" else a > b


def _gap(objective: str, best: Fraction, other: Fraction) -> Fraction:
    return other - best if objective == "score" else best - other


def _choices(game: ShutTheBox, objective: str) -> list[tuple[tuple, Fraction, tuple[int, ...]]]:
    """``[(canonical action, exact value after it, tiles left open), ...]`` for the position."""
    t = table(game.rules, objective)
    if game.phase == "cover":
        out = []
        for s in game.legal_sets():
            left = game.uncovered & ~mask_of(s)
            out.append((("cover", s), t.value(left), tuple(sorted(tiles_of_mask(left)))))
        return out
    values = t.dice_values(game.uncovered)
    return [(("roll", n), values[n], ()) for n in sorted(values)]


def tiles_of_mask(mask: int) -> list[int]:
    return [t for t in range(1, 10) if mask >> (t - 1) & 1]


HABITS = ("own_tile", "largest_tile", "fewest_tiles")
"""The rules of thumb a pupil brings without being taught (the roll's own tile, the largest tile, the fewest
tiles).  A played turn's "which set?" position one of them answers is no puzzle (:func:`candidate`): the largest
tile is the best set in about nine positions of ten, so a bank of such questions would only train the habit.  Practice
asks some (the census, :func:`shut_census.which_set_pool`), each rule of thumb held to :data:`MAX_RULE_SHARE` of a
level."""
TRAP_BASE, TRAP_FLOOR, TRAP_STRETCH = 1125.0, 900.0, 3.0
"""Where a "which set?" puzzle is rated: its first rating (tempting wrong sets, including each rule of thumb that
picks a wrong set; tiles open; share of right sets) from :data:`TRAP_BASE` up, stretched :data:`TRAP_STRETCH`
times from :data:`TRAP_FLOOR`.  These puzzles differ from one another less than the first rating's scale
expects (their first ratings lie between about 1125 and 1300); the stretch spreads them over the three levels:
two sets with few tiles open easy, more sets medium, many sets with a close second hard."""


DICE_STEP = 250.0
"""What each open tile beyond two adds to a "one die or two?" puzzle's rating: comparing the dice means finding,
for every total, whether the open tiles make it, and lesson 3 grades that work by the tiles open (two easy,
three medium, four or more hard: :func:`gamekit.shutbox.lessons.box_level`)."""


def thumb_answers(puzzle: Puzzle) -> tuple[str, ...]:
    """The rules of thumb (:data:`THUMB_RULES`) that answer a "which set?" puzzle (:func:`rule_answers`; none for
    a "one die or two?" puzzle)."""
    f = puzzle.facts
    if f.get("kind") != "set":
        return ()
    return tuple(
        r for r in THUMB_RULES if rule_answers(thumb_sets(r, f["open"], f["roll"], f["one_die"]), puzzle.answers)
    )


def lesson_four_thumb(puzzle: Puzzle) -> str | None:
    """The first rule of thumb lesson 4 names (:data:`LESSON_FOUR_RULES`) that answers a "which set?" puzzle by
    itself (:func:`set_answers`: one set, a right one), or None — the puzzle's ``facts["thumb"]``."""
    f = puzzle.facts
    if f.get("kind") != "set":
        return None
    picks = (thumb_sets(r, f["open"], f["roll"]) for r in LESSON_FOUR_RULES)
    return next((r for r, p in zip(LESSON_FOUR_RULES, picks) if set_answers(p, puzzle.answers)), None)


def set_rating(first: float) -> float:
    """The rating of a "which set?" puzzle from its first rating, stretched (:data:`TRAP_STRETCH`)."""
    return round(TRAP_FLOOR + TRAP_STRETCH * max(0.0, first - TRAP_BASE), 1)


def candidate(game: ShutTheBox, objective: str, habits: bool = True) -> Puzzle | None:
    """The puzzle at ``game``'s position for ``objective``, or None (module docstring).  ``habits=False``: a
    "which set?" position a habit answers is a puzzle too (:mod:`gamekit.puzzles.shut_census`)."""
    if game.is_over() or not game.variant_rules.exact_tables or game.n_players != 1 or not game.covering:
        return None
    choices = _choices(game, objective)
    if len(choices) < 2:
        return None
    best = choices[0][1]
    for _, v, _ in choices:
        if _better(objective, v, best):
            best = v
    answers = [a for a, v, _ in choices if v == best]
    wrong = [(a, v, left) for a, v, left in choices if v != best]
    if not wrong or any(_gap(objective, best, v) < MARGIN[objective] for _, v, _ in wrong):
        return None
    kind = "dice" if game.phase == "roll" else "set"
    found = ["one_die_or_two"] if kind == "dice" else ["best_set"] + (["sets_for_roll"] if len(choices) >= 3 else [])
    # tempting: a wrong choice within 4 margins of the best; depth: tiles still to cover (a longer look ahead)
    tempting = sum(1 for _, v, _ in wrong if _gap(objective, best, v) < 4 * MARGIN[objective])
    from gamekit.shutbox import cpu_player

    depth = len(game.open_tiles)
    if kind == "dice":
        if objective != "shut":
            return None  # one die or two is asked with the chance to shut only
        # Medium's habit (one die when allowed) is wrong here: counts six times, the pupil has to see past it
        if cpu_player("medium", 0).choose(game) not in answers:
            tempting += 6
        rating = first_rating(tempting, depth, len(answers), len(choices)) + DICE_STEP * max(0, depth - 2)
    else:
        if cpu_player("medium", 0).choose(game) not in answers:
            found.append("next_roll")  # the test of has_theme(puzzle, "next_roll")
        roll = sum(game.dice)
        picks = {rule: thumb_sets(rule, game.open_tiles, roll) for rule in LESSON_FOUR_RULES}
        if habits and any(set_answers(picks[rule], answers) for rule in HABITS):
            return None  # a habit answers it: no question for the bank (HABITS)
        fooled = sum(
            1 for rule in LESSON_FOUR_RULES if len(picks[rule]) == 1 and ("cover", picks[rule][0]) not in answers
        )
        rating = set_rating(first_rating(tempting + fooled, depth, len(answers), len(choices)))
    refutations = {}
    from gamekit.puzzles.core import action_key

    for a, v, left in wrong:
        refutations[action_key(a)] = {"value": float(v), "exact": str(v), "left": list(left)}
    # the id is the question: the rules, the open tiles, the kind and the roll to cover (a roll-phase puzzle has
    # none — the dice still showing from the last roll are not part of it, or one question would get many ids)
    roll = sum(game.dice) if kind == "set" else 0
    key = f"{game.rules.one_die}:{game.rules.scoring}:{game.uncovered}:{game.phase}:{roll}:{objective}"
    pid = "shut-" + hashlib.sha1(key.encode()).hexdigest()[:10]
    facts = {
        "objective": objective,
        "kind": kind,
        "best": float(best),
        "exact": str(best),
        "open": list(game.open_tiles),
        "roll": sum(game.dice) if kind == "set" else None,
        "one_die": game.rules.one_die,
        "tempting": tempting,
    }
    if kind == "set":  # the first rule of thumb the lessons name that answers it by itself, or None
        facts["thumb"] = next((r for r in LESSON_FOUR_RULES if set_answers(picks[r], answers)), None)
    return Puzzle(
        pid, GAME_ID, game.to_dict(), tuple(answers), tuple(found), rating, refutations=refutations, facts=facts
    )


def verify(puzzle: Puzzle) -> list[str]:
    """Problems found when the strategy table judges the puzzle again (empty: it is right)."""
    game = puzzle.position
    objective = puzzle.facts["objective"]
    choices = _choices(game, objective)
    best = choices[0][1]
    for _, v, _ in choices:
        if _better(objective, v, best):
            best = v
    values = {a: v for a, v, _ in choices}
    return judge_again(
        puzzle,
        values,
        best,
        judge="the table",
        best_fact="exact",
        ref_value="exact",
        read=Fraction,
        close=lambda v: _gap(objective, best, v) < MARGIN[objective],
    )


def positions(game: ShutTheBox) -> list[ShutTheBox]:
    """Every position of a played one-player turn where a choice is made (rolls with a choice, flips)."""
    out = []
    replay = ShutTheBox(1, game.rules, "round", game.seed)
    for action in game.history:
        if replay.is_over():
            break
        if len(replay.legal_moves()) >= 2:
            out.append(replay.copy())
        replay.play(action)
    return out


def tries(
    game_id: str, seed: int, rng, n: int, theme: str | None = None, one_die: tuple[str, ...] | None = None
) -> list[tuple[ShutTheBox, dict]]:
    """The positions a build tries from its turn seeded ``seed`` (:func:`play_game`): ``n`` of the (position,
    objective) pairs, picked by ``rng``, each with its :func:`candidate` options; with ``theme``, every pair.
    ``one_die``: a turn played under another one-die rule gives nothing (the turns are the same as without it)."""
    game = play_game(seed, rng)
    if one_die is not None and game.rules.one_die not in one_die:
        return []
    pairs = [(p, {"objective": o}) for p in positions(game) for o in OBJECTIVES]
    return pairs if theme is not None else sample(rng, pairs, n)


def may_have(position: ShutTheBox, theme: str) -> bool:
    """Whether a build for ``theme`` tries ``position``: always (the themes are known once a candidate is judged)."""
    return True


def play_game(seed: int, rng) -> ShutTheBox:
    """One player's turn under a one-die rule chosen by ``rng`` (sum scoring), played by a CPU of a random level."""
    from gamekit.shutbox import cpu_player

    rule = rng.choice([r for r in ONE_DIE_RULES])
    level = rng.choice(["easy", "medium", "hard"])
    g = ShutTheBox(1, Rules(one_die=rule), "round", seed=seed)
    p = cpu_player(level, seed)
    while not g.is_over():
        g.play(p.choose(g))
    return g


THEME_LESSONS = {"sets_for_roll": (2,), "one_die_or_two": (3,), "best_set": (4,), "next_roll": (4,)}
"""The Shut the Box lessons (their numbers) each theme's idea comes from (the tag ``next_roll`` too, so a lesson's
Practice knows its puzzles are taught by lesson 4).  *One die or two* asks for the best chance to shut the box:
lesson 3's exercise 10 chooses the dice by the outcomes that shut the box with one roll (its exercises 6 and 8
chose the dice that go on more often, which differs in half the drill)."""


LAST_LESSON = 5
"""The Shut the Box lesson that teaches the lowest expected score (lesson 5, *playing for points*)."""


def lesson_needed(puzzle: Puzzle) -> int:
    """The latest Shut the Box lesson a question needs, whatever its theme says: one asking for the lowest expected
    score needs lesson 5 (:data:`LAST_LESSON`), a "which set?" question for the chance to shut lesson 4, a "one die
    or two?" question lesson 3.  Lesson 5 has no Practice list of its own, so lesson 4's list keeps its low-score
    questions and is labelled "Lessons 4–5" (:func:`gamekit.puzzles.pools.lesson_choices`); the teachers' homework
    page says "after lesson 5" for a code that holds some (:func:`gamekit.puzzles.homework.when_to_set`)."""
    f = puzzle.facts
    if f.get("objective") == "score":
        return LAST_LESSON
    return 3 if f.get("kind") == "dice" else 4


NOT_ASKED_ALONE = ("sets_for_roll", "next_roll")
"""Themes with no Practice and no homework code of their own: *sets for the roll* (every "which set?" question has
the pupil find the sets: they press the tiles) and *think of the next roll* (a tag on *best set*'s questions)."""


LESSON_RULE = "after_789"
"""The one-die rule the lessons teach ("once 7, 8 and 9 are covered, you may roll one die")."""

OTHER_RULES = ("never",)
"""The other one-die rule Practice's levels 6 to 10 ask under: two dice on every roll (lesson 4's table and
exercises).  The rules no lesson teaches (one die once the open tiles add up to less than 6, or to 6 or less) are
in the bank but never in Practice or homework: :data:`TAUGHT_RULES`."""
TAUGHT_RULES = (LESSON_RULE, *OTHER_RULES)
"""The one-die rules the lessons teach (lesson 1's, and two dice on every roll in lesson 4): the only ones Practice
and homework ask under."""

LOOK_AHEAD = "next_two_dice"
"""The look-ahead rule of thumb (:data:`gamekit.puzzles.shut_thumbs.NEXT_ROLL_RULES`): cover the set after which the
next roll of two dice can most often be played.  It is right in most "which set?" positions of the game
(:func:`gamekit.puzzles.shut_checks.look_ahead_census`), so Practice asks mainly the positions where it is wrong."""
PER_LEVEL = 6
"""How many "which set?" questions Practice asks at each level 1 to 10 (:func:`shut_census.which_set_pool`): 60
in all, each position (open tiles and roll) once.  The game sets the limit: the habit "the set the next roll goes on
after most often, then the bigger tile" (:data:`gamekit.puzzles.shut_thumbs.LOOK_AHEAD_TIE_RULES`) is wrong in
only 19 positions with three sets or more, so a list in which it answers about two thirds holds about 60 (with 8 a
level it answered 61 of 80 at best)."""
SHUT_AT_LEAST = 3
"""How many "which set?" questions of each Practice level at least ask for the chance to shut the box (the
lessons' main goal); the build then swaps in more where a level still fits, so most of the list asks it
(:func:`gamekit.puzzles.shut_census.which_set_pool`).  The rest ask for the lowest expected score (lesson 4's
optional goal), where the look-ahead habit is wrong far more often."""


def question_position(puzzle: Puzzle) -> tuple[tuple[int, ...], int]:
    """What a "which set?" question shows the pupil: its open tiles and its roll."""
    return tuple(sorted(puzzle.facts["open"])), puzzle.facts["roll"]


def thumb_misses(puzzle: Puzzle) -> str | None:
    """Which named rule of thumb a "which set?" puzzle defeats, for :func:`shut_census.which_set_pool`:
    ``"look_ahead"`` where
    the look-ahead rule (:data:`LOOK_AHEAD`) does not answer it, else ``"largest_tile"`` where covering the largest
    tile does not, else None.  (In the whole game, wherever the look-ahead rule is wrong the largest tile is
    right, so a pool balanced between the two holds each to half.)"""
    f = puzzle.facts
    for rule, name in ((LOOK_AHEAD, "look_ahead"), ("largest_tile", "largest_tile")):
        if not rule_answers(thumb_sets(rule, f["open"], f["roll"], f["one_die"]), puzzle.answers):
            return name
    return None


def answer_shape(puzzle: Puzzle) -> str:
    """``"pair"`` when a "which set?" puzzle's best set is two tiles, else ``"other"`` (one tile, or three or
    more)."""
    return "pair" if len(puzzle.answers[0][1]) == 2 else "other"


def beyond_pairs(puzzle: Puzzle) -> bool:
    """Whether a "which set?" puzzle's best set is neither the tile equal to the roll nor one of the two pairs with
    the largest top tiles: three tiles (8 + 3 + 1, 9 + 2 + 1 for a roll of 12) or a smaller pair (6 + 4 for a roll
    of 10).  The rest of the game's "which set?" positions with a clear best set are the own tile or one of those
    two pairs, so :func:`shut_census.which_set_pool` takes these few wherever a level has room for one."""
    f = puzzle.facts
    best = puzzle.answers[0][1]
    pairs = sorted((a[1] for a in puzzle.legal_answers() if len(a[1]) == 2), reverse=True)
    return best != (f["roll"],) and best not in pairs[:2]


def thumb_answers_all(puzzle: Puzzle) -> frozenset[str]:
    """Every rule of thumb of :data:`ALL_THUMBS` that answers a "which set?" puzzle (:func:`rule_answers`)."""
    f = puzzle.facts
    return frozenset(
        r for r in ALL_THUMBS if rule_answers(thumb_sets(r, f["open"], f["roll"], f["one_die"]), puzzle.answers)
    )


def practice_selection(puzzles: list[Puzzle], theme: str | None) -> list[Puzzle]:
    """The puzzles Practice and homework sets draw from (``puzzles`` in id order, one theme or all): the "which
    set?" questions :func:`shut_census.which_set_pool` chose when the bank was built (``facts["practice_rating"]``,
    at that rating: levels 1 to 5 under the lessons' rule, 6 to 10 under :data:`TAUGHT_RULES`), and a few "one die
    or two?" questions (:func:`dice_selection`, under the lessons' rule, at level 1: one rule answers every
    one, so they drill that rule and no more); the themes of :data:`NOT_ASKED_ALONE` not on their own (their
    puzzles still come as *best set* questions).  With every idea mixed, all the drill's :data:`MIXED_DICE` "one
    die or two?" questions, at level 1 too (a one-line rule answers them).  The drill asks no box a lesson page
    shows (:func:`gamekit.puzzles.shut_lessons.asked_in_lessons`); homework sets leave out the "which set?"
    positions the lessons ask too (:func:`idea_set`, :func:`mixed_set_pool`)."""
    if theme in NOT_ASKED_ALONE:
        return []  # listed by the buttons, or the same puzzles as best set: never asked on its own
    sets = [
        replace(p, rating=p.facts["practice_rating"])
        for p in puzzles
        if p.facts.get("kind") == "set" and "practice_rating" in p.facts
    ]
    dice = dice_selection(
        [
            replace(p, rating=ONE_STEP_RATING)
            for p in puzzles
            if p.facts.get("kind") == "dice"
            and p.facts["one_die"] == LESSON_RULE
            and dice_rules(p)
            and not asked_in_lessons(p)
        ]
    )
    return sorted(sets + dice, key=lambda p: p.id)


MIXED_DICE = 10
"""How many "one die or two?" questions the mixed Practice pool asks: every one of the idea's drill
(:data:`DICE_EACH` of each right roll), at level 1 (:data:`ONE_STEP_RATING`).  Two (before) made 2 of its 82
questions; with ten, its 90 ask as many for the chance to shut the box as for the low score."""
HOMEWORK_MIXED_DICE = 2
"""How many "one die or two?" questions a homework set of all the ideas asks (:func:`mixed_set_pool`): one of each
right roll."""
DICE_EACH = 5
"""How many "one die or two?" questions of each right roll the idea's own Practice asks (:func:`dice_selection`):
one rule (one die with 6 or less open, else two dice) answers every one exactly, so a short drill of it."""


def dice_selection(puzzles: list[Puzzle]) -> list[Puzzle]:
    """The "one die or two?" questions Practice asks from ``puzzles``: :data:`DICE_EACH` where one die is right
    and as many where two dice are right, those whose open tiles add up closest to 6 first (where "one die
    whenever allowed" and "always two dice" tempt most), then by id — so neither of those answers more than half
    of them.  The rule "one die if the open tiles add up to 6 or less" answers every one: in the whole game it
    fails in one question only (:func:`gamekit.puzzles.shut_census.dice_census`, a lowest-score question the bank
    does not ask).  The pupil's page does not print it (it prints no rule that answers a whole idea): it says to
    count how often each roll makes the open tiles' total in one throw, which points the same way.  No feedback
    states it either: said after the first answer, it answered the rest of the drill; the idea after a right
    answer gives the position's own numbers (:func:`gamekit.puzzles.shut_words.idea_words`).  In the order asked:
    by rating, then alternating one die and two dice.  Not a "one die or two?" puzzle: ValueError."""
    if any(p.facts.get("kind") != "dice" or len(p.answers) != 1 for p in puzzles):
        raise ValueError(tr('dice_selection: "one die or two?" puzzles with one right roll only'))
    by_roll = {n: sorted((p for p in puzzles if p.answers[0][1] == n), key=lambda p: p.id) for n in (1, 2)}
    n = min(len(by_roll[1]), len(by_roll[2]), DICE_EACH)
    chosen = []
    for dice in (1, 2):
        near = sorted(by_roll[dice], key=lambda p: abs(sum(p.facts["open"]) - 6.5))
        chosen += near[:n]
    chosen.sort(key=lambda p: (p.rating, p.id))
    ones, twos = [p for p in chosen if p.answers[0][1] == 1], [p for p in chosen if p.answers[0][1] == 2]
    return [p for pair in zip(ones, twos) for p in pair]


def set_count(puzzle: Puzzle) -> int:
    """How many sets make a "which set?" puzzle's roll with its open tiles: the number of its legal answers, read off
    its facts (rebuilding the position for :meth:`Puzzle.legal_answers` is slow over the whole census); 0 for a
    "one die or two?" puzzle."""
    f = puzzle.facts
    return len(tiles_summing_to(f["roll"], f["open"])) if f.get("kind") == "set" else 0


def two_sets(puzzle: Puzzle) -> bool:
    """Whether a "which set?" puzzle offers only two sets (a guess is right half the time; Practice asks none)."""
    return puzzle.facts.get("kind") == "set" and len(puzzle.legal_answers()) == 2


def lessons_rules(puzzle: Puzzle) -> bool:
    """Whether a puzzle is played under the rules the lessons teach (their one-die rule), for the teachers'
    homework page, which warns of codes that go past them."""
    return puzzle.facts.get("one_die") == LESSON_RULE


DICE_RULES = ("one_die", "six_or_less", "two_dice")
"""The one-line rules a pupil may bring to "one die or two?": one die whenever allowed; one die if the open tiles
add up to 6 or less, else two dice; always two dice.  Between them they answer every such question of the shipped
bank (the second alone answers all of them), so Practice asks those questions at level 1 only
(:func:`practice_selection`)."""
ONE_STEP_RATING = 875.0
"""The rating Practice gives a "one die or two?" question a one-line rule answers: the middle of level 1
(:func:`gamekit.progress.level`), whatever the bank's rating, which counts the tiles still open."""


def dice_rules(puzzle: Puzzle) -> list[str]:
    """The keys of :data:`DICE_RULES` that answer a "one die or two?" puzzle (its one right roll), in that order;
    [] for a "which set?" puzzle or one where both rolls are right."""
    if puzzle.facts.get("kind") != "dice" or len(puzzle.answers) != 1:
        return []
    dice = puzzle.answers[0][1]
    small = sum(puzzle.position.open_tiles) <= 6
    picks = {"one_die": 1, "six_or_less": 1 if small else 2, "two_dice": 2}
    return [rule for rule in DICE_RULES if picks[rule] == dice]


def one_step_rule(puzzle: Puzzle) -> str | None:
    """The key of the one-line rule that answers ``puzzle`` by itself, or None: for a "which set?" puzzle
    "cover the tile equal to the roll" (``"own_tile"``) when that tile is open and a best set, except in the
    questions Practice chose (``facts["practice_rating"]``), where every rule of thumb, this one too, is held to
    half of a level instead (:func:`shut_census.which_set_pool`); for a "one die or
    two?" puzzle the first of :data:`DICE_RULES` that picks its right roll (one die whenever
    allowed; one die at 6 or less open; always two dice)."""
    f = puzzle.facts
    if f.get("kind") == "set":
        if "practice_rating" in f:
            return None  # one of Practice's questions: the rule is held to half of its level there (which_set_pool)
        own = thumb_sets("own_tile", f["open"], f["roll"])
        return "own_tile" if set_answers(own, puzzle.answers) else None
    return next(iter(dice_rules(puzzle)), None)


def has_theme(puzzle: Puzzle, theme: str) -> bool | None:
    """Whether a stored puzzle has ``theme``, for the themes read off the puzzle alone: *when the rule of thumb
    fails* (``next_roll``) — a "which set?" puzzle whose rule-of-thumb set (Medium's) is not an answer.  Other
    themes: None (they are decided when the puzzle is built)."""
    if theme != "next_roll":
        return None
    from gamekit.shutbox import cpu_player

    return puzzle.facts.get("kind") == "set" and cpu_player("medium", 0).choose(puzzle.position) not in puzzle.answers


def mixed_set_pool(pool: list[Puzzle], n: int, seed: int, idea_set: Any, idea_pool: Any) -> list[Puzzle]:
    """What a homework set of all the ideas with ``seed`` draws from (``pool``: the mixed Practice pool, with its
    :data:`MIXED_DICE` "one die or two?" questions; ``idea_pool``: :func:`gamekit.puzzles.pools.practice_pool`,
    which this module may not import): the pool's "which set?" questions and :data:`HOMEWORK_MIXED_DICE` "one die
    or two?" questions drawn by ``seed`` from the idea's whole pool, one of each right roll; no "which set?"
    position a lesson page asks (:func:`gamekit.puzzles.shut_lessons.asked_in_lessons`).  A smaller set gets as
    many "which set?" questions as it asks, as few of the same number's *best set* code (``idea_set`` is
    :func:`gamekit.puzzles.homework.homework_set`) as a draw allows (none, else one more at a time), drawn by
    :func:`loosest_fit` (Practice's shares for each habit, as far as the pool allows)."""
    import random

    rng = random.Random(f"{GAME_ID}-mixed-dice-{seed}")
    dice = idea_pool(GAME_ID, "one_die_or_two")
    picked = [rng.choice([p for p in dice if p.answers == (("roll", k),)]) for k in (1, 2)][:HOMEWORK_MIXED_DICE]
    sets = [p for p in pool if p.facts.get("kind") != "dice" and not asked_in_lessons(p)]
    best = idea_set(GAME_ID, "best_set", min(n, len(idea_pool(GAME_ID, "best_set"))), seed).puzzles  # homework_set
    taken = {shown_position(q) for q in best}
    rest = [p for p in sets if shown_position(p) not in taken]
    shared = [p for p in sets if shown_position(p) in taken]
    if len(picked) < n < len(sets) + len(picked):  # as few of the same number's best set code as a draw allows
        k = n - len(picked)
        drawn = None
        for extra in range(len(shared) + 1):
            drawn = loosest_fit(rest + shared[:extra], k, rng)[0] if len(rest) + extra >= k else None
            if drawn:
                break
        sets = drawn or sets
    return sorted(sets + picked, key=lambda p: p.id)


def idea_set(pool: list[Puzzle], theme: str, n: int, rng: Any) -> list[Puzzle] | None:
    """A *best set* homework set of ``n`` questions drawn by ``rng`` from its ``pool`` in which no habit answers
    more than Practice's share, as far as the pool allows (:func:`loosest_fit`): a plain draw of 10 let the fixed
    rule "the fewest tiles, the 9 first, else the lower pair" answer 8.  No position a lesson page asks
    (:func:`gamekit.puzzles.shut_lessons.asked_in_lessons`): a pupil has seen its answer there.  None (a plain
    draw) for another idea, for a set larger than the questions left, or when no draw fits."""
    if theme != "best_set":
        return None
    fresh = [p for p in pool if not asked_in_lessons(p)]
    return loosest_fit(fresh, n, rng)[0] if len(fresh) >= n else None


SET_SHARES = N_(
    "{idea}: covering the largest tile answers {largest} of its {n} “which set?” questions, two tiles close in "
    "value {close}, one of the habits lesson 4 names {any}"
)
"""What the teachers' homework table says of a set with "which set?" questions (:func:`set_mix`)."""
DRILL_WORDS = N_(
    "{idea}: a drill of one rule (add up the open tiles: one die at 6 or less, else two dice), which answers all {n}"
)
"""What the teachers' homework table says of a "one die or two?" set (:func:`set_mix`): lesson 3's rule answers
every question of the drill (:func:`dice_rules`), so it drills adding the open tiles and applying that rule."""


def set_mix(theme: str | None, puzzles: list[Puzzle]) -> str | None:
    """What a homework set of ``theme`` holds, for the teachers' table: with "which set?" questions, how many of
    them covering the largest tile answers, how many two tiles close in value, and how many any habit lesson 4 names
    (:data:`LESSON_FOUR_RULES`, :func:`rule_answers`); a "one die or two?" set, that one rule answers every one
    (:func:`dice_rules`; None if it did not).  None for a set with neither."""
    from gamekit.puzzles.core import theme_name

    idea = theme_name(GAME_ID, theme) if theme is not None else tr("all ideas, mixed")
    sets = [p for p in puzzles if p.facts.get("kind") == "set"]
    if sets:
        habits = [
            {r for r in LESSON_FOUR_RULES if rule_answers(thumb_sets(r, p.facts["open"], p.facts["roll"]), p.answers)}
            for p in sets
        ]
        return tr(
            SET_SHARES,
            idea=idea,
            n=len(sets),
            largest=sum("largest_tile" in h for h in habits),
            close=sum("close_pair" in h for h in habits),
            any=sum(bool(h) for h in habits),
        )
    if puzzles and all("six_or_less" in dice_rules(p) for p in puzzles):
        return tr(DRILL_WORDS, idea=idea, n=len(puzzles))
    return None
