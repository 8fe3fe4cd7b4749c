"""Shut the Box puzzles, from the exact strategy tables (:mod:`gamekit.shutbox.strategy`), for one player's turn
with a stated goal: the chance to shut the box (``"shut"``) or the lowest expected score (``"score"``).

* **a set for the roll**: which tiles to cover?  At least 2 sets make the roll and the best (or sets tied exactly)
  beats every other by :data:`MARGIN` (2 points of shut chance, half a point of expected score); the bank's played
  positions are ones no habit (:data:`HABITS`) answers, so each has the theme *think of the next roll*;
* **one die or two**: the better roll beats the other by the same margin for the chance to shut (lesson 3).

Each puzzle stores the first rule of thumb of lesson 4 (:data:`LESSON_FOUR_RULES`) that answers it by itself
(``facts["thumb"]``).  Practice's "which set?" questions come from the exhaustive census
(:mod:`gamekit.puzzles.shut_census`): :func:`which_set_selection` picks each position once, no rule of thumb
(:data:`THUMB_RULES`) answering more than :data:`MAX_RULE_SHARE` of them.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from fractions import Fraction

from gamekit.i18n import tr
from gamekit.progress import level
from gamekit.shutbox import Rules, ShutTheBox
from gamekit.shutbox.rules import ONE_DIE_RULES
from gamekit.shutbox.tiles import mask_of
from gamekit.shutbox.strategy import table
from gamekit.puzzles.core import Puzzle, judge_again, sample
from gamekit.puzzles.ratings import first_rating
from gamekit.puzzles.shut_thumbs import LESSON_FOUR_RULES, THUMB_RULES, rule_answers, set_answers, thumb_sets

# the words Practice asks of a game's puzzle module (gamekit.puzzles.practice_words looks them up here)
from gamekit.puzzles.shut_words import mistake_words as mistake_words, why_words as why_words

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
asks some (the census, :func:`which_set_selection`), each rule of thumb held to :data:`MAX_RULE_SHARE` of its
questions."""
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
            return None  # one die or two is lesson 3's question, asked with the chance to shut only
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
    """Whether a build for ``theme`` tries ``position``: every position of a turn may have any theme (the themes
    depend on the objective and the roll, known only once the candidate is judged)."""
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
Practice knows its puzzles are taught by lesson 4)."""
NOT_ASKED_ALONE = ("sets_for_roll", "next_roll")
"""Themes with no Practice and no homework code of their own: *sets for the roll* (Practice's buttons list every
set already) and *think of the next roll* (a tag on the "which set?" puzzles where the largest tile loses: a part
of *best set*'s questions, kept for class results — one idea, one name, one code)."""


LESSON_RULE = "after_789"
"""The one-die rule the lessons teach ("once 7, 8 and 9 are covered, you may roll one die")."""
LESSON_RULE_BELOW = 1550.0
"""Free Practice below this rating (levels 1 to 5, :func:`gamekit.progress.level`) asks only about the lessons'
rule; puzzles under the other one-die rules come from level 6 up — in the mixed pool, in the Practice of one idea
and in every homework set alike (the lessons' own practice sets choose their puzzles themselves)."""


def practice_selection(puzzles: list[Puzzle], theme: str | None) -> list[Puzzle]:
    """The puzzles Practice and homework sets draw from (``puzzles`` in id order, one theme or all): below
    level 6 only the lessons' rule (:data:`LESSON_RULE_BELOW`), for every idea; a "one die or two?" question one
    of :data:`DICE_RULES` answers at level 1 (:data:`ONE_STEP_RATING`) and only under the lessons' rule; the
    themes of :data:`NOT_ASKED_ALONE` not on their own (their puzzles still come as *best set* questions).

    A "which set?" question with only two sets is asked at level 2 at most (:data:`TWO_SETS_RATING`).

    The "which set?" questions of every pool — one idea's Practice, its homework codes, the lesson menu's choice
    and the mixed pool a pupil who has done every lesson gets — are :func:`which_set_selection`'s: each position
    once, and no rule of thumb (:data:`THUMB_RULES`) answering more than :data:`MAX_RULE_SHARE` of them.  With
    every idea mixed, "one die or two?" questions (two buttons, and one line of lesson 3 answers each) are only
    :data:`MIXED_DICE` of them, at level 1, where the mixed pool has nothing else to start a pupil on."""
    if theme in NOT_ASKED_ALONE:
        return []  # listed by the buttons, or the same puzzles as best set: never asked on its own
    puzzles = practice_ratings(puzzles)
    sets = [  # from level 6 up another one-die rule than the lessons' (below it, theirs only: practice_ratings)
        p
        for p in puzzles
        if p.facts.get("kind") == "set" and (p.facts["one_die"] == LESSON_RULE) == (level(p.rating) < 6)
    ]
    chosen = {p.id for p in which_set_selection(sets)}
    puzzles = [p for p in puzzles if p.facts.get("kind") != "set" or p.id in chosen]
    dice = dice_selection([p for p in puzzles if p.facts.get("kind") == "dice"])
    if theme is None:  # the mixed pool: one question of each right roll, to recall lesson 3's rule
        dice = [next(p for p in dice if p.answers == (("roll", n),)) for n in (1, 2)][:MIXED_DICE]
    keep = {p.id for p in puzzles if p.facts.get("kind") != "dice"} | {p.id for p in dice}
    return [p for p in puzzles if p.id in keep]


def practice_ratings(puzzles: list[Puzzle]) -> list[Puzzle]:
    """``puzzles`` as Practice may ask them, before any choice among the "which set?" ones: below level 6 only
    the lessons' rule (:data:`LESSON_RULE_BELOW`); a "one die or two?" question a line of :data:`DICE_RULES`
    answers at level 1 (:data:`ONE_STEP_RATING`) and only under the lessons' rule; a "which set?" question with
    two sets at level 2 at most (:data:`TWO_SETS_RATING`); the bank unchanged."""
    puzzles = [p for p in puzzles if p.facts.get("one_die") == LESSON_RULE or p.rating >= LESSON_RULE_BELOW]
    puzzles = [
        replace(p, rating=min(p.rating, ONE_STEP_RATING)) if dice_rules(p) else p
        for p in puzzles
        if not dice_rules(p) or p.facts.get("one_die") == LESSON_RULE
    ]
    return [
        replace(p, rating=min(p.rating, TWO_SETS_RATING)) if p.facts.get("kind") == "set" and two_sets(p) else p
        for p in puzzles
    ]


TWO_SETS_RATING = 875.0
"""The rating Practice gives a "which set?" question with only two sets (the middle of level 2,
:func:`gamekit.progress.level`): a guess gets it right half the time, so it is no question for the levels that
count as a test of judgement."""


def two_sets(puzzle: Puzzle) -> bool:
    """Whether a "which set?" puzzle offers only two sets (a guess is right half the time)."""
    return puzzle.facts.get("kind") == "set" and len(puzzle.legal_answers()) == 2


MIXED_DICE = 2
"""How many "one die or two?" questions the mixed pool keeps (one where one die is right, one where two dice are,
the first of each in :func:`dice_selection`'s order, both at level 1): a few, to recall lesson 3's rule, not the
drill the idea's own Practice gives."""


def dice_selection(puzzles: list[Puzzle]) -> list[Puzzle]:
    """The "one die or two?" questions Practice asks from ``puzzles`` (as :func:`practice_ratings` keeps them):
    every question where one die is right, and as many where two dice are right, those whose open tiles add up
    closest to 6 first (the sums where "one die whenever allowed" tempts most), then by id — so neither "one die
    whenever allowed" nor "always two dice" (:data:`DICE_RULES`) answers more than half of them.  The third
    rule, "one die if the open tiles add up to 6 or less", answers every one: in the whole game it fails in one
    question only (:func:`gamekit.puzzles.shut_census.dice_census`), so no drill can hold it to a share.  In the
    order asked: by rating, then alternating one die and two dice.  Not a "one die or two?" puzzle: ValueError."""
    if any(p.facts.get("kind") != "dice" or len(p.answers) != 1 for p in puzzles):
        raise ValueError(tr('dice_selection: "one die or two?" puzzles with one right roll only'))
    by_roll = {n: sorted((p for p in puzzles if p.answers[0][1] == n), key=lambda p: p.id) for n in (1, 2)}
    n = min(len(by_roll[1]), len(by_roll[2]))
    chosen = []
    for dice in (1, 2):
        near = sorted(by_roll[dice], key=lambda p: abs(sum(p.facts["open"]) - 6.5))
        chosen += near[:n]
    chosen.sort(key=lambda p: (p.rating, p.id))
    ones, twos = [p for p in chosen if p.answers[0][1] == 1], [p for p in chosen if p.answers[0][1] == 2]
    return [p for pair in zip(ones, twos) for p in pair]


MAX_RULE_SHARE = 0.35
"""The largest share of the "which set?" questions Practice asks that any one rule of thumb (:data:`THUMB_RULES`)
answers (:func:`rule_answers`): a pupil who learns one rule and stops thinking gets at most this share right."""
SELECTION_SEED = 35
"""The seed that breaks ties in :func:`which_set_selection` (the same questions every time)."""


def question_position(puzzle: Puzzle) -> tuple[tuple[int, ...], int]:
    """What a "which set?" question shows the pupil: its open tiles and its roll."""
    return tuple(sorted(puzzle.facts["open"])), puzzle.facts["roll"]


def which_set_selection(
    puzzles: list[Puzzle], share: float = MAX_RULE_SHARE, seed: int = SELECTION_SEED
) -> list[Puzzle]:
    """The "which set?" questions Practice asks from ``puzzles`` (in their order), chosen so that

    * each position (open tiles and roll, :func:`question_position`) comes once — under one one-die rule
      only, and a second time only for the other goal when that goal's best sets differ;
    * no rule of thumb (:data:`THUMB_RULES`) answers more than ``share`` of them (:func:`rule_answers`).

    A greedy search: it adds, one at a time, the question that keeps the most-used rule's count lowest (then
    the one fewest rules answer, then one of the roll asked least so far — so the rolls spread from 5 to 12, where
    the game has such questions — then one of the level with the fewest questions so far, then from level 6 up
    a one-die rule other than the lessons' — below it Practice asks only theirs — then an order shuffled by
    ``seed``), and keeps the longest run of its picks in which every
    rule stays within its share (it stops once :data:`SELECTION_SLACK` picks pass without that).  Then each
    level 1 to 4 (:func:`gamekit.progress.level`) left without a question gets one, in place of a question of a
    level that has several, where a swap keeps the positions distinct and the shares within bounds; so does each
    roll 2 to 12 (the game has such questions for 5 to 12 only, :func:`gamekit.puzzles.shut_census.census_puzzles`).

    Not a "which set?" question, or a share outside 0 to 1: ValueError."""
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 < share < 1:
        raise ValueError(tr("share={share!r}: a number above 0 and below 1", share=share))
    if any(p.facts.get("kind") != "set" for p in puzzles):
        raise ValueError(tr('which_set_selection: "which set?" puzzles only'))
    key = (share, seed, tuple((p.id, p.rating) for p in puzzles))
    if key not in _SELECTED:
        _SELECTED[key] = _select(puzzles, share, seed)
    chosen = _SELECTED[key]
    return [p for p in puzzles if p.id in chosen]


_SELECTED: dict[tuple, frozenset[str]] = {}
SELECTION_SLACK = 20
"""How many picks :func:`which_set_selection` tries past the last run within the shares before it stops."""


def _select(puzzles: list[Puzzle], share: float, seed: int) -> frozenset[str]:
    import random

    order = sorted({p.id: p for p in puzzles}.values(), key=lambda p: p.id)
    random.Random(seed).shuffle(order)
    rules = {p.id: set(thumb_answers(p)) for p in order}
    counts = {r: 0 for r in THUMB_RULES}
    levels: dict[int, int] = {}
    rolls: dict[int, int] = {}
    used: dict[tuple, tuple[str, list]] = {}  # position -> (one-die rule, [(goal, best sets), ...])
    picks: list[Puzzle] = []
    valid = 0
    while True:
        best, best_score = None, None
        for p in order:
            pos = question_position(p)
            if pos in used:
                rule, asked = used[pos]
                if p.facts["one_die"] != rule or any(
                    goal == p.facts["objective"] or answers == set(p.answers) for goal, answers in asked
                ):
                    continue
            mine = rules[p.id]
            score = (
                max(counts[r] + (r in mine) for r in THUMB_RULES),
                len(mine),
                rolls.get(p.facts["roll"], 0),
                levels.get(level(p.rating), 0),
                (p.facts["one_die"] == LESSON_RULE) == (level(p.rating) >= 6),
            )
            if best_score is None or score < best_score:
                best, best_score = p, score
        if best is None:
            break
        picks.append(best)
        order.remove(best)
        for r in rules[best.id]:
            counts[r] += 1
        levels[level(best.rating)] = levels.get(level(best.rating), 0) + 1
        rolls[best.facts["roll"]] = rolls.get(best.facts["roll"], 0) + 1
        pos = question_position(best)
        used.setdefault(pos, (best.facts["one_die"], []))[1].append((best.facts["objective"], set(best.answers)))
        if max(counts.values()) <= share * len(picks) + 1e-9:
            valid = len(picks)
        elif len(picks) - valid > SELECTION_SLACK:
            break  # the shares have not come back within bounds for a while: the search ends
    picks = picks[:valid]
    for lv in (1, 2, 3, 4):
        if any(level(p.rating) == lv for p in picks):
            continue
        spare = [q for q in picks if sum(level(o.rating) == level(q.rating) for o in picks) > 1]
        alone = {q.facts["roll"] for q in picks if sum(o.facts["roll"] == q.facts["roll"] for o in picks) == 1}
        swap = next(
            (
                [o for o in picks if o is not out] + [p]
                for keep_rolls in (True, False)  # first without losing a roll's only question
                for p in order
                if level(p.rating) == lv
                for out in spare
                if not (keep_rolls and out.facts["roll"] in alone - {p.facts["roll"]})
                and _within([o for o in picks if o is not out] + [p], rules, share)
            ),
            None,
        )
        picks = swap or picks
    for roll in range(2, 13):  # then each roll left without a question, where a swap keeps levels 1-4 asked
        if any(p.facts["roll"] == roll for p in picks):
            continue
        spare = [q for q in picks if sum(o.facts["roll"] == q.facts["roll"] for o in picks) > 1]
        swap = next(
            (
                kept + [p]
                for p in order
                if p.facts["roll"] == roll
                for out in spare
                for kept in [[o for o in picks if o is not out]]
                if {1, 2, 3, 4} & {level(o.rating) for o in picks} <= {level(o.rating) for o in kept + [p]}
                and _within(kept + [p], rules, share)
            ),
            None,
        )
        picks = swap or picks
    return frozenset(p.id for p in picks)


def _within(picks: list[Puzzle], rules: dict[str, set], share: float) -> bool:
    """Whether ``picks`` ask each position once (:func:`which_set_selection`) and no rule answers more than
    ``share`` of them."""
    asked: dict[tuple, list[Puzzle]] = {}
    for p in picks:
        asked.setdefault(question_position(p), []).append(p)
    for same in asked.values():
        goals = {p.facts["objective"] for p in same}
        answers = {frozenset(p.answers) for p in same}
        if len({p.facts["one_die"] for p in same}) > 1 or len(goals) < len(same) or len(answers) < len(same):
            return False
    return all(sum(r in rules[p.id] for p in picks) <= share * len(picks) + 1e-9 for r in THUMB_RULES)


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
    "cover the tile equal to the roll" (``"own_tile"``) when that tile is open and a best set (the other rules of
    thumb are held to a share of Practice's questions instead, :func:`which_set_selection`); for a "one die or
    two?" puzzle the first of :data:`DICE_RULES` that picks its right roll (one die whenever
    allowed; one die at 6 or less open; always two dice)."""
    f = puzzle.facts
    if f.get("kind") == "set":
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
