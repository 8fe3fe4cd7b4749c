"""Dots and Boxes puzzles: endgame positions the exact solver settles, with themes from the analysis.

A position becomes a puzzle (issue 22 §1) when

* it has at least 3 undrawn lines and no more than :data:`REACH` for its board (the exact solver's reach),
* every accepted line keeps the best value and every other line loses at least :data:`MIN_LOSS` boxes,
* at most half of the lines are accepted (the answer is worth finding),
* at least 2 lines are *tempting*: they hand over no more boxes at once than the best line does
  (:func:`gamekit.dots.boxes_given`), so they are not obviously losing a box there and then,
* at least one theme applies (see :func:`themes`).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

from gamekit import catalog
from gamekit.dots import (
    DotsAndBoxes,
    boxes_given,
    capture_lines,
    components,
    is_safe_line,
    long_chain_rule,
    move_values,
    safe_lines,
)
from gamekit.dots.search import TAKE_OR_DECLINE
from gamekit.core.errors import SolverTimeout
from gamekit.i18n import N_, tr
from gamekit.puzzles.balance import MAX_ONE_STEP_SHARE
from gamekit.puzzles.core import Puzzle, game_themes, judge_again, line_of_best_play, sample
from gamekit.puzzles.dots_words import decline_lines, shared_line
from gamekit.puzzles.dots_words import asked_stakes as asked_stakes, idea_words as idea_words
from gamekit.puzzles.dots_words import mistake_words as mistake_words, why_words as why_words
from gamekit.puzzles.dots_decisions import TAKE_ALL_RATING, take_all_choice, take_or_decline_set
from gamekit.puzzles.ratings import first_rating
from gamekit.progress import LEVEL_BASE, LEVEL_STEP, level

GAME_ID = "dots_and_boxes"
REACH = {(3, 3): 24, (4, 4): 24, (5, 4): 24}
"""Most undrawn lines a candidate may have, per board (well inside the solver's ~28–30)."""
MIN_LOSS = 2
LINE_PLIES = 10
"""Longest line of best play shown as a refutation."""


def _values(game: DotsAndBoxes, time_limit: float) -> dict[str, int] | None:
    try:
        return move_values(game, time_limit=time_limit)
    except SolverTimeout:
        return None


def best_play(game: DotsAndBoxes, plies: int = LINE_PLIES, time_limit: float | None = None) -> list[list]:
    """A line of best play from ``game``: ``[[seat, line], ...]`` (the solver's first best line each ply),
    cut short where ``time_limit`` seconds for the whole line run out (never a guess)."""
    return line_of_best_play(game, plies, time_limit)


THEME_LESSONS = {
    "take_box": (1, 2),
    "avoid_third_side": (2,),
    "safe_line": (4,),
    "hard_hearted_handout": (3,),
    "long_chain_count": (4,),
    "sacrifice": (4,),
    "double_deal": (5,),
    "control_not_worth_it": (5,),
    "all_but_four": (5,),
}
"""The Dots and Boxes lessons (their numbers) each theme's idea comes from: a *safe line* puzzle asks which of
the safe lines keeps the best result, the choice lesson 4 teaches (steer the chain count); *all-but-four* is the
double-deal of a loop, lesson 5's "leave the last four".  ``()`` would mean beyond the lessons."""


OPENING_LINES = 18
"""Legal lines from which a position is still opening-like: too many lines for a pupil to weigh each one (a 3×3
board has 24 lines in all; below 18 left, most lines are plainly unsafe and a pupil weighs the few safe ones)."""
OPENING_LEVEL = 7
"""The Practice level from which an opening-like puzzle is left out: there its rating comes from the many lines
to choose from, not from an idea a lesson taught, so it would stand for the hardest ideas without teaching one."""


def opening_like(puzzle: Puzzle) -> bool:
    """Whether a puzzle is an opening-like position rated at :data:`OPENING_LEVEL` or above (at least
    :data:`OPENING_LINES` legal lines): Practice leaves it out."""
    return len(puzzle.legal_answers()) >= OPENING_LINES and level(puzzle.rating) >= OPENING_LEVEL


def takes_the_wrong_box(puzzle: Puzzle) -> bool:
    """Whether a *take a box* puzzle has a box on offer that is wrong to take: its question is then which box to
    take, which "take a box" would mislabel (no lesson teaches choosing between boxes as such), so Practice
    leaves it out."""
    return "take_box" in puzzle.themes and bool(set(capture_lines(puzzle.position)) - set(puzzle.answers))


POOL_THEMES = {"control_not_worth_it": ("control_not_worth_it", "double_deal")}
"""The bank themes the Practice pool of an idea reads (:func:`gamekit.puzzles.pools.practice_pool`): *when control
is not worth it* is the decision "take every box or decline the last two?", so its pool holds double-deal puzzles
too (:func:`practice_selection` keeps those where declining is right)."""


LESSON_BANDS = {3: (2, 4), 4: (4, 7), 5: (6, 8)}
"""The Practice levels (lowest, highest) an idea's own pool spans, by the lesson that teaches it
(:data:`THEME_LESSONS`), so Practice follows lesson order: a pupil fresh from lesson 3 meets easier puzzles than
one fresh from lesson 5.  The bank rates by how tempting the wrong lines are, which puts lesson 3's handout at
levels 4 to 6 and lesson 5's double-deal at 3 to 5; lessons 1 and 2 keep the bank's level 1."""


def lesson_band(theme: str) -> tuple[int, int] | None:
    """The Practice levels the pool of ``theme`` spans (:data:`LESSON_BANDS`, by the first lesson teaching it),
    or None where Practice keeps the bank's ratings."""
    return LESSON_BANDS.get(min(THEME_LESSONS.get(theme, ()), default=0))


def in_lesson_band(puzzles: list[Puzzle], theme: str) -> list[Puzzle]:
    """``puzzles`` (an idea's pool) re-rated for Practice evenly across the levels of :func:`lesson_band`, in the
    order of their own ratings (the bank's harder stay harder; the bank unchanged); as they are where the idea's
    lesson has no band."""
    band = lesson_band(theme)
    if band is None or not puzzles:
        return puzzles
    low, high = _level_span(band[0])[0], _level_span(band[1])[1]
    step = (high - low) / (len(puzzles) + 1)
    ranked = sorted(puzzles, key=lambda p: (p.rating, p.id))
    rated = {p.id: replace(p, rating=low + step * (i + 1)) for i, p in enumerate(ranked)}
    return [rated[p.id] for p in puzzles]


def practice_selection(puzzles: list[Puzzle], theme: str | None) -> list[Puzzle]:
    """What Practice asks for an idea.  *When control is not worth it* is a decision: its own pool (which reads
    the double-deal puzzles too, :data:`POOL_THEMES`) holds its take-or-decline puzzles where taking every box is
    right and as many double-deal ones where declining the last two is right (:data:`DECISION_EACH` of each),
    interleaved around
    :data:`TAKE_ALL_RATING` (:func:`take_or_decline_set`).  In every other pool its take-all puzzles that a guess
    does not pass (:func:`take_all_choice`) are rated :data:`TAKE_ALL_RATING`: taking every box is the beginner's
    reflex, so the bank rates them level 1, but for a pupil who has learned the double-deal the question is
    whether control is worth keeping, and beside the double-deal puzzles of levels 3 to 5 they make sure
    declining is not always right (the other puzzles of the idea stay level-1 *take a box* questions), and the
    idea they are praised with where no set's idea is asked is that one (:func:`_as_decision`).  Never an
    opening-like puzzle at the top levels (:func:`opening_like`) nor a *take a box* puzzle whose question is
    which box (:func:`takes_the_wrong_box`); the *hard-hearted handout*'s own pool (and so lesson 3's and its
    homework code) only the puzzles whose right lines are all middle lines (:func:`middle_lines_only`); the *take a
    box* pool (and so lessons 1 and 2 and its homework code) none where the solver reads the position as "take every
    box or decline the last ones?" (:func:`decline_lines`): that question, and the words that explain its wrong
    lines, are lesson 5's; the *safe line* pool none of the *long-chain count* puzzles, which that idea's own pool
    asks, so the two ideas' Practice and homework sets share no puzzle.  Never a
    puzzle from a game already decided (:func:`decided`: every line ends in the same win, draw or loss).  Every
    other puzzle.  An idea's own pool is then re-rated across its lesson's levels (:func:`in_lesson_band`, the
    ratings' order kept), so Practice follows lesson order; the mixed pool keeps the ratings above."""
    puzzles = [p for p in puzzles if not opening_like(p) and not takes_the_wrong_box(p) and not decided(p)]
    if theme == "control_not_worth_it":
        return in_lesson_band(take_or_decline_set(puzzles), theme)
    if theme == "hard_hearted_handout":
        puzzles = [p for p in puzzles if middle_lines_only(p)]
    if theme == "take_box":
        puzzles = [p for p in puzzles if not decline_lines(p.position)[2]]
    if theme == "safe_line":
        puzzles = [p for p in puzzles if "long_chain_count" not in p.themes]
    if theme is None:
        return _decisions_kept(thumbs_within_share(_levels_shared(puzzles)))
    return in_lesson_band([_as_decision(p) if take_all_choice(p) else p for p in puzzles], theme)


THUMB_RULES = ("fewest_boxes", "take_every_box", "always_decline")
"""The rules of thumb a pupil may answer Dots Practice by without the idea (:func:`thumb_picks`): draw a line that
gives the fewest boxes away (a box taken gives none), take a box whenever one is on offer, and, where the boxes on
offer can be declined, always decline the last ones."""
MAX_THUMB_SHARE = 0.5
"""The most of a Practice level (above level 1, which is the one-line rule's by design) that one rule of thumb
may answer, rounded up (:func:`thumbs_within_share`)."""


_PICKS: dict[str, dict[str, frozenset[str]]] = {}
""":func:`thumb_picks` by puzzle id (an id names one position): Practice's pools ask each puzzle many times while
they balance the levels, and each answer weighs every legal line."""


def thumb_picks(puzzle: Puzzle) -> dict[str, set[str]]:
    """The lines each rule of thumb of :data:`THUMB_RULES` would draw in ``puzzle`` (empty where it says
    nothing: no box on offer, no decline)."""
    if puzzle.id not in _PICKS:
        game = puzzle.position
        given = {line: boxes_given(game, line) for line in puzzle.legal_answers()}
        least = min(given.values())
        _, _, declines = decline_lines(game)
        _PICKS[puzzle.id] = {
            "fewest_boxes": frozenset(line for line, n in given.items() if n == least),
            "take_every_box": frozenset(capture_lines(game)),
            "always_decline": frozenset(declines),
        }
    return {rule: set(lines) for rule, lines in _PICKS[puzzle.id].items()}


def thumbs_answering(puzzle: Puzzle) -> tuple[str, ...]:
    """The rules of thumb that answer ``puzzle`` by themselves: each line the rule would draw is a right one."""
    right = set(puzzle.answers)
    return tuple(rule for rule, lines in thumb_picks(puzzle).items() if lines and lines <= right)


def _level_span(lv: int) -> tuple[float, float]:
    """The lowest rating of Practice level ``lv`` and the first of the level above."""
    return LEVEL_BASE + (lv - 1) * LEVEL_STEP, LEVEL_BASE + lv * LEVEL_STEP


def _spread(puzzles: list[Puzzle], lv: int) -> list[Puzzle]:
    """``puzzles`` re-rated evenly across Practice level ``lv`` (in id order), so Practice near any rating of the
    level can pick them."""
    low, high = _level_span(lv)
    step = (high - low) / (len(puzzles) + 1)
    return [replace(p, rating=low + step * (i + 1)) for i, p in enumerate(sorted(puzzles, key=lambda p: p.id))]


DECISION_LEVELS = (3, 4, 5)
"""The Practice levels where the bank's "take every box or decline the last ones?" puzzles sit."""
HANDOUT_LEVELS = (2, 3, 4, 5)
"""The Practice levels the mixed pool may put a handout only the middle line answers at (lesson 3's idea)."""


def _excess(puzzles: list[Puzzle], lv: int) -> tuple[int, int]:
    """How many more puzzles of level ``lv`` the rule of thumb answering the most of them answers than it does
    not (above 0: that rule answers more than half the level, and as many of its puzzles must go), and how many
    puzzles the level keeps once they have gone."""
    here = [thumbs_answering(p) for p in puzzles if level(p.rating) == lv]
    most = max(2 * sum(rule in rules for rules in here) - len(here) for rule in THUMB_RULES) if here else 0
    return most, len(here) - max(0, most)


def _levels_shared(puzzles: list[Puzzle]) -> list[Puzzle]:
    """The mixed pool's puzzles no rule of thumb answers that can sit at several levels, placed where a rule of
    thumb answers too many.  The take-all puzzles (:func:`take_all_choice`; the bank rates them level 1, taking
    being the beginner's reflex, but beside the double-deal the question is whether control is worth keeping) go
    in turn to each of :data:`DECISION_LEVELS`, so at every level where "always decline" is often right, taking
    every box is right too; then each handout only the middle line answers (:func:`middle_lines_only`, the lowest
    rated first) goes to a level of :data:`HANDOUT_LEVELS` where a rule answers more than half (where "give away
    the fewest boxes" answers the handouts that accept a one-box line, or "always decline" the double-deals): the
    one that would keep the fewest puzzles once :func:`thumbs_within_share` has cut it; where no rule answers too
    much, it stays at its own level.  Each level's moved puzzles are rated evenly across
    it (:func:`_spread`)."""
    takes = sorted((p for p in puzzles if take_all_choice(p)), key=lambda p: p.id)
    needing = sorted(
        (p for p in puzzles if "hard_hearted_handout" in p.themes and middle_lines_only(p)),
        key=lambda p: (p.rating, p.id),
    )
    movable = {p.id for p in takes + needing}
    placed = [p for p in puzzles if p.id not in movable]
    at: dict[int, list[Puzzle]] = {}
    for i, p in enumerate(takes):
        lv = DECISION_LEVELS[i % len(DECISION_LEVELS)]
        at.setdefault(lv, []).append(p)
        placed.append(replace(p, rating=_level_span(lv)[0]))
    for p in needing:  # to the level a rule answers too much of that would keep the fewest puzzles
        over = [lv for lv in HANDOUT_LEVELS if _excess(placed, lv)[0] > 0]
        lv = min(over, key=lambda lv: (_excess(placed, lv)[1], lv)) if over else level(p.rating)
        at.setdefault(lv, []).append(p)
        placed.append(replace(p, rating=_level_span(lv)[0]))
    moved = {q.id: q for lv, ps in at.items() for q in _spread(ps, lv)}
    ids = {p.id for p in takes}
    return [_as_decision(moved[p.id], moved[p.id].rating) if p.id in ids else moved.get(p.id, p) for p in puzzles]


def _decisions_kept(puzzles: list[Puzzle]) -> list[Puzzle]:
    """``puzzles`` with the one-step puzzles of each band cut to the mixed pool's fair share
    (:func:`gamekit.puzzles.balance.fair_share`, which :func:`gamekit.puzzles.pools.practice_pool` applies next
    and which then keeps them all): the take-all decisions first (the one-line rule answers them too, but they sit
    beside the double-deals to ask whether control is worth keeping), then the others in id order."""
    one_step = {p.id for p in puzzles if one_step_rule(p) is not None}
    keep: set[str] = set()
    for band in {p.band for p in puzzles}:
        here = [p for p in puzzles if p.band == band]
        others = sum(1 for p in here if p.id not in one_step)
        room = int(MAX_ONE_STEP_SHARE * others / (1 - MAX_ONE_STEP_SHARE) + 1e-9)
        ranked = sorted((p for p in here if p.id in one_step), key=lambda p: (not take_all_choice(p), p.id))
        keep |= {p.id for p in ranked[:room]}
    return [p for p in puzzles if p.id not in one_step or p.id in keep]


def thumbs_within_share(puzzles: list[Puzzle], share: float = MAX_THUMB_SHARE) -> list[Puzzle]:
    """``puzzles`` without the ones a rule of thumb (:data:`THUMB_RULES`) answers beyond ``share`` of their
    Practice level (rounded up), from level 2 up: while a rule answers too many of a level, the last in id order
    of its puzzles goes (they stay in their own idea's pool).  Level 1 is the one-line rule's level by design."""
    kept = list(puzzles)
    rules_of = {id(p): thumbs_answering(p) for p in kept if level(p.rating) > 1}  # read each board once
    for lv in sorted({level(p.rating) for p in kept} - {1}):
        while True:
            here = [p for p in kept if level(p.rating) == lv]
            answered = {rule: [p for p in here if rule in rules_of[id(p)]] for rule in THUMB_RULES}
            most = int(share * len(here) + 0.999999)
            over = [rule for rule in THUMB_RULES if len(answered[rule]) > most]
            if not over:
                break
            drop = max(answered[over[0]], key=lambda p: p.id)
            kept = [p for p in kept if p is not drop]
    return kept


def final_results(puzzle: Puzzle) -> dict[str, int]:
    """How the game ends after each legal line of ``puzzle`` with best play, for the side to move: 1 a win, 0 a
    draw, -1 a loss (the boxes already taken plus the solver's margin on the boxes left)."""
    game = puzzle.position
    me = game.to_move
    now = game.scores[me] - game.scores[1 - me]
    values = {a: int(puzzle.facts["best"]) for a in puzzle.answers}
    values.update({w: int(r["value"]) for w, r in puzzle.refutations.items()})
    return {line: (now + v > 0) - (now + v < 0) for line, v in values.items()}


def decided(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` comes from a game already decided: every legal line ends in the same result (the side to
    move wins whatever it does, or loses whatever it does, or it is a draw either way), so its answer changes
    only the score, never who wins.  Practice leaves these out: a pupil who sees "you win anyway" learns that the
    line did not matter."""
    return len(set(final_results(puzzle).values())) == 1


LESSON_TWO_TAKE_SHARE = 0.5
"""The most of lesson 2's Practice that "take the box on offer" may answer (:func:`lesson_selection`)."""


def lesson_selection(puzzles: list[Puzzle], lesson: "int | str") -> list[Puzzle]:
    """What Practice asks for a lesson (:func:`gamekit.puzzles.pools.lesson_pool`, after its ideas' pools are
    merged).  Lesson 2 teaches two rules, "take a box" and "draw a line that gives no third side": the bank holds
    far more puzzles the first answers, so its Practice keeps every puzzle the first rule does not answer and at
    most as many "take the box" puzzles (:data:`LESSON_TWO_TAKE_SHARE`), the highest rated (the most tempting
    wrong lines) first, so neither "always take" nor "never take" passes more than half.  Lesson 5: its take-all
    puzzles at each level where declining is asked (:func:`_takes_at_every_decision_level`).  Other lessons: as
    merged."""
    if lesson == 5:
        return _lesson_five(puzzles)
    if lesson != 2:
        return puzzles
    take = [p for p in puzzles if one_step_rule(p) == "take"]
    rest = [p for p in puzzles if one_step_rule(p) != "take"]
    most = int(len(rest) * LESSON_TWO_TAKE_SHARE / (1 - LESSON_TWO_TAKE_SHARE))
    kept = sorted(take, key=lambda p: (-p.rating, p.id))[:most]
    return sorted(rest + kept, key=lambda p: p.id)


LESSON_FIVE_LEVELS = tuple(range(LESSON_BANDS[5][0], LESSON_BANDS[5][1] + 1))
"""The Practice levels of lesson 5's list."""


def _lesson_five(puzzles: list[Puzzle]) -> list[Puzzle]:
    """Lesson 5's Practice: only puzzles of lesson 5's ideas; its take-all puzzles (:func:`take_all_choice`) asked
    as *when control is not worth it* (:func:`_as_decision`), not as lesson 1's *take a box*, and rated in turn at
    each of :data:`LESSON_FIVE_LEVELS` (evenly across the level); then at each level "always decline" answers at
    most :data:`MAX_THUMB_SHARE` of the puzzles (:func:`thumbs_within_share` cuts the decline puzzles over it), so
    "don't take them all" is no habit that passes the lesson."""
    fives = [p for p in puzzles if any(5 in THEME_LESSONS.get(t, ()) for t in p.themes)]
    takes = sorted((p for p in fives if take_all_choice(p)), key=lambda p: p.id)
    moved = {}
    for i, lv in enumerate(LESSON_FIVE_LEVELS):
        moved.update({q.id: _as_decision(q, q.rating) for q in _spread(takes[i :: len(LESSON_FIVE_LEVELS)], lv)})
    return thumbs_within_share([moved.get(p.id, p) for p in fives])


def _as_decision(puzzle: Puzzle, rating: float = TAKE_ALL_RATING) -> Puzzle:
    """A take-all puzzle (:func:`take_all_choice`) as the other pools ask it: rated :data:`TAKE_ALL_RATING`, with
    *when control is not worth it* first among its themes, so where no set's idea is asked (the mixed pool, a mixed
    homework set) Practice praises it with that idea, not with "take a box"."""
    first = ("control_not_worth_it",)
    return replace(puzzle, rating=rating, themes=first + tuple(t for t in puzzle.themes if t not in first))


def middle_lines_only(puzzle: Puzzle) -> bool:
    """Whether every right line of ``puzzle`` is the middle line of an unopened chain of two: only then does its
    question need the *hard-hearted handout* (where a line giving one box away is right too, "give away the
    fewest boxes" passes it and the idea is never needed), so only then does that idea's Practice ask it."""
    game = puzzle.position
    middles = {
        shared_line(game, c.boxes[0], c.boxes[1])
        for c in components(game)
        if c.kind == "chain" and c.length == 2 and not c.opened
    }
    return set(puzzle.answers) <= middles


def mixed_set_pool(pool: list[Puzzle], n: int, seed: int, idea_set: Any, idea_pool: Any) -> list[Puzzle]:
    """What a homework set of all the ideas of ``n`` puzzles with ``seed`` draws from (``pool``: the mixed Practice
    pool; ``idea_set`` and ``idea_pool``: :func:`gamekit.puzzles.homework.homework_set` and
    :func:`gamekit.puzzles.pools.practice_pool`, which this module may not import): the puzzles none of the one-idea
    sets of the same size and seed holds (each idea's set of ``n``, or of all its puzzles where it has fewer, as the
    teachers' page hands them out), so a pupil who did an idea's set meets new puzzles in the mixed one; the whole
    pool only where fewer than ``n`` are left."""
    seen: set[str] = set()
    for theme in game_themes(GAME_ID):
        size = min(n, len(idea_pool(GAME_ID, theme)))
        seen |= {p.id for p in idea_set(GAME_ID, theme, size, seed)} if size else set()
    fresh = [p for p in pool if p.id not in seen]
    return fresh if len(fresh) >= n else pool


ONE_STEP_THEMES = ("take_box", "avoid_third_side", "control_not_worth_it")
"""The themes whose idea is the one-line rule itself (take a box, else draw a line giving no third side): only
their Practice sets hold puzzles that rule answers by itself."""


def themes(game: DotsAndBoxes, answers: list[str], wrong: list[str]) -> list[str]:
    """The themes of a puzzle, from the analysis of the position (:mod:`gamekit.dots.analysis`) and the
    solver's move kinds (:meth:`gamekit.dots.solver.Solver.moves`)."""
    out: list[str] = []
    caps = set(capture_lines(game))
    safe = set(safe_lines(game))
    kind, takes, declines = decline_lines(game)
    ans = set(answers)
    if ans & caps:
        out.append("take_box")
        if kind == TAKE_OR_DECLINE and set(declines) & set(wrong):
            out.append("control_not_worth_it")  # declining (keeping control) loses here: take them all
    if caps and not ans & caps:
        # the best line declines the boxes on offer: how many does it hand over?
        given = max(boxes_given(game, a) for a in answers)
        out.append("all_but_four" if given >= 4 else "double_deal")
    if not caps:
        if ans <= safe and safe:
            if safe - ans:
                out.append("safe_line")
                counts = set()
                for line in [*answers, *[w for w in wrong if w in safe]]:
                    after = game.copy()
                    after.play(line)
                    counts.add(long_chain_rule(after).long_chains % 2)
                if len(counts) > 1:
                    out.append("long_chain_count")
            if all(not is_safe_line(game, w) for w in wrong):
                out.append("avoid_third_side")
        elif safe and not ans & safe:
            out.append("sacrifice")  # give boxes away while safe lines remain
        elif not safe:
            twos = [c for c in components(game) if c.kind == "chain" and c.length == 2 and not c.opened]
            for c in twos:
                middle = shared_line(game, c.boxes[0], c.boxes[1])
                if middle in ans and any(l in wrong for l in c.lines if l != middle):
                    out.append("hard_hearted_handout")
                    break
    return out


def may_have(game: DotsAndBoxes, theme: str) -> bool:
    """Whether the position can be a puzzle of ``theme`` at all, from the analysis alone (no solver): a build
    of one theme tries only these.  Themes of boxes on offer need a capture line (a loop or a chain of two or
    more for the declines); a hard-hearted handout needs no safe line and an unopened chain of two; the others need
    no capture line."""
    caps = bool(capture_lines(game))
    if theme == "all_but_four":
        return caps and any(c.kind == "loop" and c.opened and c.length >= 4 for c in components(game))
    if theme == "double_deal":
        return caps and any(c.opened and c.length >= 2 for c in components(game))
    if theme in ("take_box", "control_not_worth_it"):
        return caps
    if theme == "hard_hearted_handout":  # no safe line left, and a chain of two to hand over whole
        return (
            not caps
            and not safe_lines(game)
            and any(c.kind == "chain" and c.length == 2 and not c.opened for c in components(game))
        )
    return not caps


def candidate(game: DotsAndBoxes, time_limit: float | None = None) -> Puzzle | None:
    """The puzzle at ``game``'s position, or None when it does not pass the selection (module docstring)."""
    if game.is_over():
        return None
    undrawn = len(game.undrawn_lines())
    if undrawn < 3 or undrawn > REACH.get((game.width, game.height), 24):
        return None
    values = _values(game, time_limit)
    if values is None:
        return None
    best = max(values.values())
    answers = [l for l, v in values.items() if v == best]
    wrong = [l for l, v in values.items() if v != best]
    if not wrong or any(best - values[w] < MIN_LOSS for w in wrong) or len(answers) * 2 > len(values):
        return None
    given = {l: boxes_given(game, l) for l in values}
    least = min(given[a] for a in answers)
    tempting = [l for l in values if given[l] <= least]
    if len(tempting) < 2:
        return None
    found = themes(game, answers, wrong)
    if not found:
        return None
    refutations = {}
    depth = 0
    for w in wrong:
        after = game.copy()
        after.play(w)
        line = best_play(after)
        refutations[w] = {"value": values[w], "line": line}
        if w in tempting:
            depth = max(depth, len(line))
    tempting_wrong = sum(1 for w in wrong if w in tempting)
    rating = first_rating(tempting_wrong, depth, len(answers), len(values))
    data = game.to_dict()
    pid = (
        "dots-"
        + hashlib.sha1(f"{game.width}x{game.height}:{game.drawn}:{game.to_move}:{game.scores}".encode()).hexdigest()[
            :10
        ]
    )
    facts = {"width": game.width, "height": game.height, "best": best, "tempting": tempting_wrong, "depth": depth}
    return Puzzle(pid, GAME_ID, data, tuple(answers), tuple(found), rating, refutations=refutations, facts=facts)


def verify(puzzle: Puzzle, time_limit: float | None = None) -> list[str]:
    """Problems found when the exact solver judges the puzzle again (empty: it is right)."""
    game = puzzle.position
    values = move_values(game, time_limit=time_limit)
    best = max(values.values())
    return judge_again(puzzle, values, best, judge="the solver", close=lambda v: best - v < MIN_LOSS)


def positions(game: DotsAndBoxes) -> list[DotsAndBoxes]:
    """Every position of a played game within the solver's reach, latest first (the candidates)."""
    reach = REACH.get((game.width, game.height), 24)
    out = []
    g = game.copy()
    while g.history:
        g.undo()
        if g.resigned is None and len(g.undrawn_lines()) <= reach:
            out.append(g.copy())
    return out


def play_game(seed: int, rng) -> DotsAndBoxes:
    """A game between CPU players of mixed levels on 3×3, 4×4 or 5×4 (chosen by ``rng``)."""
    from gamekit.dots import cpu_player

    size = rng.choice([(3, 3), (4, 4), (5, 4)])
    levels = [rng.choice(["easy", "medium", "medium", "hard"]) for _ in range(2)]
    # Hard without its time cap: its node budget alone decides, so the game is the same on any machine
    players = [cpu_player(lv, seed + i, **({"time_cap": None} if lv == "hard" else {})) for i, lv in enumerate(levels)]
    g = DotsAndBoxes(*size)
    while not g.is_over():
        g.play(players[g.to_move].choose(g))
    return g


def tries(game_id: str, seed: int, rng, n: int, theme: str | None = None) -> list[tuple[DotsAndBoxes, dict]]:
    """The positions a build tries from its game seeded ``seed`` (:func:`play_game`), each with its
    :func:`candidate` options: ``n`` of them picked by ``rng``, or with ``theme`` every one that may have it."""
    game = play_game(seed, rng)
    if theme is not None:
        return [(p, {}) for p in positions(game) if may_have(p, theme)]
    return [(p, {}) for p in sample(rng, positions(game), n)]


def one_step_rule(puzzle: Puzzle) -> str | None:
    """The key of the one-line rule that answers ``puzzle`` by itself, or None.

    The rule is the beginner's: take a box when one has three sides, else draw a line that gives no third side.
    It answers the puzzle when every line it allows is an accepted answer (so a pupil who follows it cannot go
    wrong and learns nothing new)."""
    game = puzzle.position
    caps = set(capture_lines(game))
    key, allowed = ("take", caps) if caps else ("safe", set(safe_lines(game)))
    return key if allowed and allowed <= set(puzzle.answers) else None


LINE_SHEET_KEY = N_(
    "Name a line by its two dots, like a1-b1: the letters along the top name the columns, the numbers down the"
    " side the rows. Here the line a1-b1 is drawn:"
)
"""The sentence at the top of a Dots pupil sheet (:func:`sheet_key`)."""


def sheet_key(game_id: str) -> tuple[str, Any]:
    """How to read a printed sheet's boards, for :func:`gamekit.puzzles.homework.sheet_key`: how a line is named
    (its two dots, as the lessons name them) and a 2 × 1 board with the line a1-b1 drawn."""
    info = catalog.get(game_id)
    board = info.new_game(info.check_options({"width": 2, "height": 1}))
    board.play("a1-b1")
    return tr(LINE_SHEET_KEY), board
