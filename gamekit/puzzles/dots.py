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
    move_values,
    safe_lines,
)
from gamekit.dots.search import TAKE_OR_DECLINE
from gamekit.core.errors import SolverTimeout
from gamekit.i18n import N_, tr
from gamekit.puzzles.core import Puzzle, judge_again, line_of_best_play, sample, theme_name
from gamekit.puzzles.dots_words import decline_lines, shared_line
from gamekit.puzzles.dots_words import asked_stakes as asked_stakes, idea_words as idea_words
from gamekit.puzzles.dots_words import mistake_words as mistake_words, why_words as why_words
from gamekit.puzzles.dots_decisions import control_not_worth_it, count_decides, decline_choice, take_all_choice
from gamekit.puzzles.dots_mixed import lesson_five_selection, mixed_selection, reasons_unlike, set_whys
from gamekit.puzzles.dots_mixed import mixed_set_pool as mixed_set_pool
from gamekit.puzzles.dots_themes import DECISION_THEMES, LESSON_REVIEWS as LESSON_REVIEWS, POOL_THEMES as POOL_THEMES
from gamekit.puzzles.dots_thumbs import (
    lesson_three_selection,
    few_safe_lines,
    guess_passes,
    handout_not_now,
    lesson_three_habits,
    habits_within_share,
    opening_like,
    takes_the_wrong_box,
    decided,
    level_span,
    loop_on_offer,
    middle_lines_only,
    simple_rule_share,
    thumbs_within_share,
    unlike,
)
from gamekit.puzzles.ratings import first_rating
from gamekit.puzzles.store import load_puzzles
from gamekit.progress import level

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
    "which_to_open": (3,),
    "long_chain_count": (4, 5),
    "sacrifice": (4, 5),
    "double_deal": (5,),
    "control_not_worth_it": (5,),
    "all_but_four": (5,),
}
"""The lessons each theme's idea comes from: a *safe line* puzzle asks which safe line keeps the best result
(lesson 4); the long-chain count and the sacrifice come back in lesson 5's list, at lesson 4's levels."""


LESSON_BANDS = {3: (2, 4), 4: (4, 8), 5: (6, 8)}
"""The Practice levels (lowest, highest) of the puzzles of each lesson (:func:`puzzle_lesson`), the one scale of
every Practice list (the mixed one, each idea's, each lesson's, the homework sets): a pupil fresh from lesson 3
meets easier puzzles than one fresh from lesson 5, and a puzzle has the same level in every list.  The bank rates
by how tempting the wrong lines are, which puts lesson 3's handout at levels 4 to 6 and lesson 5's double-deal at
3 to 5; lessons 1 and 2 keep the bank's level 1.  Lesson 4 reaches level 8 (decisions alone made it easy)."""


def lesson_band(theme: str) -> tuple[int, int] | None:
    """The Practice levels of the puzzles of ``theme`` (:data:`LESSON_BANDS`, by the first lesson teaching it),
    or None where Practice keeps the bank's ratings."""
    return LESSON_BANDS.get(min(THEME_LESSONS.get(theme, ()), default=0))


def puzzle_lesson(puzzle: Puzzle) -> int:
    """The lesson a puzzle's question needs: 5 for a "take every box or decline the last ones?" puzzle where
    taking is right (:func:`take_all_choice`: whether control is worth keeping is lesson 5's question, though
    taking a box is lesson 1's), else the latest of the lessons that first teach its themes (0: none)."""
    if take_all_choice(puzzle):
        return 5
    return max((min(THEME_LESSONS[t]) for t in puzzle.themes if THEME_LESSONS.get(t)), default=0)


SCALE_GROUPS = (
    "all_but_four",
    "double_deal",
    "long_chain_count",
    "sacrifice",
    "safe_line",
    "which_to_open",
    "hard_hearted_handout",
)
"""The ideas whose puzzles :func:`practice_rating` spreads across their lesson's levels apart from the others (a
puzzle goes with the first of them it carries), so each idea's own list reaches every level of its lesson."""


def scale_group(puzzle: Puzzle) -> tuple[int, str]:
    """The lesson of ``puzzle`` (:func:`puzzle_lesson`) and the group :func:`practice_rating` spreads it with: the
    take-all decisions, else the first idea of :data:`SCALE_GROUPS` it carries (the handouts only the middle line
    answers apart from the others, as the handout's own list asks only those), else its first theme.  Within an idea,
    the *safe line* boards with many safe lines (not :func:`few_safe_lines`, never asked as that idea) and, in
    lesson 3, the puzzles a habit answers (:func:`lesson_three_habits`) go apart, so each level holds the same mix."""
    lesson = puzzle_lesson(puzzle)
    if take_all_choice(puzzle):
        return lesson, "take_all"
    idea = next((t for t in SCALE_GROUPS if t in puzzle.themes), puzzle.themes[0] if puzzle.themes else "")
    if idea == "hard_hearted_handout" and middle_lines_only(puzzle):
        idea = "middle_line"
    apart = (idea == "safe_line" and not few_safe_lines(puzzle)) or (lesson == 3 and bool(lesson_three_habits(puzzle)))
    return lesson, idea + "/apart" * apart


_RATINGS: dict[str, float] = {}
""":func:`practice_rating` of every puzzle of the shipped bank, by id (read once)."""


_ASKED: dict[tuple[str, float], bool] = {}
""":func:`asked_at_all` by puzzle id and rating: each answer replays the position, and the pools ask it of every
puzzle of the bank."""


def asked_at_all(puzzle: Puzzle) -> bool:
    """Whether Practice may ask ``puzzle`` (a bank puzzle, as the bank rates it) in some list: not opening-like
    at the top levels (:func:`opening_like`), not a question of which box to take (:func:`takes_the_wrong_box`),
    not from a decided game (:func:`decided`)."""
    key = (puzzle.id, puzzle.rating)
    if key not in _ASKED:
        _ASKED[key] = not (opening_like(puzzle) or takes_the_wrong_box(puzzle) or decided(puzzle))
    return _ASKED[key]


def practice_rating(puzzle: Puzzle) -> float:
    """The rating Practice gives ``puzzle`` in every list, from the shipped bank as a whole: the puzzles Practice
    may ask (:func:`asked_at_all`) of each lesson with a band (:data:`LESSON_BANDS`) rated evenly across its
    levels, each group of :func:`scale_group` apart (so both answers of lesson 5's decision, and each idea's own
    list, reach every level of the lesson), in the order of their bank ratings (the bank's harder stay harder);
    any other puzzle (lessons 1 and 2, one a guess passes, :func:`guess_passes`, a puzzle not in the bank) keeps
    its own rating.  A puzzle's level is thus
    the same in the mixed list, its idea's list, its lesson's list and a homework set."""
    if not _RATINGS:
        groups: dict[tuple[int, str], list[Puzzle]] = {}
        for p in load_puzzles(GAME_ID):
            group = scale_group(p)
            if group[0] in LESSON_BANDS and asked_at_all(p) and not guess_passes(p):
                groups.setdefault(group, []).append(p)
        for (lesson, _), ps in groups.items():
            low, high = level_span(LESSON_BANDS[lesson][0])[0], level_span(LESSON_BANDS[lesson][1])[1]
            step = (high - low) / (len(ps) + 1)
            for i, p in enumerate(sorted(ps, key=lambda p: (p.rating, p.id))):
                _RATINGS[p.id] = low + step * (i + 1)
    return _RATINGS.get(puzzle.id, puzzle.rating)


def on_practice_scale(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` as every Practice list asks it: rated :func:`practice_rating`, a take-all decision with
    *when control is not worth it* first among its themes (:func:`_as_decision`), and a *long-chain count* puzzle
    with that idea first: the *safe line* list leaves those puzzles to the long-chain count's own, so where no
    idea is chosen (the mixed list) Practice asks and praises it as the long-chain count, not as a safe line."""
    rating = practice_rating(puzzle)
    if take_all_choice(puzzle):
        return _as_decision(puzzle, rating)
    if "long_chain_count" in puzzle.themes:
        first = ("long_chain_count",)
        return replace(puzzle, rating=rating, themes=first + tuple(t for t in puzzle.themes if t not in first))
    return replace(puzzle, rating=rating)


def lesson_levels_of(lesson: int) -> tuple[int, int]:
    """The Practice levels (lowest, highest) where a lesson's puzzles belong: :data:`LESSON_BANDS`, and level 1
    for the lessons without a band (1 and 2 keep the bank's level 1)."""
    return LESSON_BANDS.get(lesson, (1, 1))


def at_home(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` (on the Practice scale) sits at a level of its lesson (:func:`puzzle_lesson`,
    :func:`lesson_levels_of`): a take-or-decline question a guess passes half the time keeps the bank's level 1,
    where only lessons 1 and 2 belong, and so is not at home."""
    low, high = lesson_levels_of(puzzle_lesson(puzzle))
    return low <= level(puzzle.rating) <= high


def decision_selection(puzzles: list[Puzzle], theme: str) -> list[Puzzle]:
    """What the list of a decision idea (:data:`DECISION_THEMES`) asks: its puzzles where declining the last boxes
    is right and the take-all decisions (:func:`take_all_choice`) on the same kind of board: *double-deal* its own
    puzzles and the take-alls of a chain, *all-but-four in a loop* its own and the take-alls of a loop, *when
    control is not worth it* the double-deal decisions (:func:`decline_choice`) and every take-all.  Then at each
    level no rule of thumb answers more than half (:func:`thumbs_within_share`): "always decline" and "take every
    box" alike, so neither habit passes the list."""
    takes = [p for p in puzzles if take_all_choice(p)]
    if theme == "double_deal":
        takes = [p for p in takes if not loop_on_offer(p)]
        asks = [p for p in puzzles if "double_deal" in p.themes]
    elif theme == "all_but_four":
        takes = [p for p in takes if loop_on_offer(p)]
        asks = [p for p in puzzles if "all_but_four" in p.themes]
    else:
        asks = [p for p in puzzles if decline_choice(p)]
    return thumbs_within_share(sorted(takes + asks, key=lambda p: p.id))


OWN_SHARE_OF_TEN = 7
"""How many of ten puzzles of a decision idea's homework set (:data:`DECISION_THEMES`) ask its own answer
(:func:`own_kind`), the rest the other answer for contrast: each code has its own idea's majority, so two codes do
not hand out the same mix (:func:`idea_set`)."""


OWN_SHARE_THEMES = (*DECISION_THEMES, "hard_hearted_handout")
"""The ideas whose homework set holds :data:`OWN_SHARE_OF_TEN` of ten of its own kind (:func:`own_kind`) and the
rest of another for contrast: the decisions, and the *hard-hearted handout*, whose list also asks when a chain of
two is not to be handed over (its set was 6 of 10 "which chain or loop to open")."""


def own_kind(theme: str, puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` asks the own answer of the decision idea ``theme``: taking every box for *when control is
    not worth it* (:func:`take_all_choice`), declining the last boxes for *double-deal* and *all-but-four*, handing
    a chain of two over by its middle line for the *hard-hearted handout* (:func:`middle_lines_only`)."""
    if theme == "hard_hearted_handout":
        return middle_lines_only(puzzle)
    return take_all_choice(puzzle) == (theme == "control_not_worth_it")


def idea_set(pool: list[Puzzle], theme: str, n: int, rng: Any) -> list[Puzzle]:
    """A homework set of ``n`` puzzles of one idea drawn by ``rng`` from its ``pool``, without look-alikes
    (:func:`~gamekit.puzzles.dots_thumbs.unlike`: no two with the same right lines on the same board while the pool has
    others).  A decision idea or the handout (:data:`OWN_SHARE_THEMES`): :data:`OWN_SHARE_OF_TEN` of ten ask its
    own answer (:func:`own_kind`) and the rest the other, for contrast (as many of one kind as the pool holds, the
    rest of the other); the teachers' page says so (:func:`set_mix`)."""
    if theme not in OWN_SHARE_THEMES:
        return unlike(rng.sample(pool, len(pool)), n, [])
    owns = [p for p in pool if own_kind(theme, p)]
    others = [p for p in pool if not own_kind(theme, p)]
    k = n - n * (10 - OWN_SHARE_OF_TEN) // 10
    k = min(max(k, n - len(others)), len(owns))
    chosen = unlike(rng.sample(owns, len(owns)), k, [])
    order = rng.sample(others, len(others))
    if theme == "hard_hearted_handout":  # no two of its answer key's reasons alike (the key gives each puzzle's)
        order = reasons_unlike(order, chosen, lambda p: set_whys(theme, p))
    return chosen + unlike(order, n - k, chosen)


MAX_ANSWER_LEAD = 2
"""The most puzzles of one answer (take every box; decline the last ones) a decision idea's Practice may have
asked beyond the other's (:func:`answers_balanced`): 6 of 10 at most, so neither habit passes more."""


def answers_balanced(pool: list[Puzzle], seen: list[str], theme: str | None) -> list[Puzzle]:
    """What Practice of ``theme`` may ask next from ``pool`` after the ids ``seen`` (a repeat counts each time): for
    a decision idea (:data:`DECISION_THEMES`), once one answer (:func:`take_all_choice` or not) leads by
    :data:`MAX_ANSWER_LEAD`, only the other answer's puzzles, those not asked yet first, if any; else ``pool``."""
    if theme not in DECISION_THEMES:
        return pool
    by_id = {p.id: p for p in pool}
    asked = [by_id[i] for i in seen if i in by_id]
    takes = sum(1 for p in asked if take_all_choice(p))
    lead = 2 * takes - len(asked)  # takes minus declines
    if abs(lead) < MAX_ANSWER_LEAD:
        return pool
    other = [p for p in pool if take_all_choice(p) == (lead < 0)]
    return [p for p in other if p.id not in set(seen)] or other or pool


SET_MIX = N_("{idea}: {own} {own_kind}, and {others} {other_kind} for contrast")
"""What the teachers' homework table says a decision idea's set mixes (:func:`set_mix`)."""
TAKE_EVERY_BOX = N_("take every box")
"""The answer of a take-all decision, as the teachers' table counts it (:func:`set_mix`)."""


def set_mix(theme: str | None, puzzles: list[Puzzle]) -> str | None:
    """What a homework set of ``theme`` mixes, for the teachers' table: for a decision idea how many of its
    ``puzzles`` ask its own answer (:func:`own_kind`) and how many the other, for contrast (taking every box, or
    declining the last ones as its idea or as a double-deal); for the *hard-hearted handout* how many hand a chain of
    two over by its middle line (:func:`middle_lines_only`) and how many ask which chain or loop to open instead, for
    contrast (:func:`practice_selection`); None for another idea."""
    if theme == "hard_hearted_handout":
        own = sum(1 for p in puzzles if middle_lines_only(p))
        kinds = (theme_name(GAME_ID, theme), theme_name(GAME_ID, "which_to_open"))
    elif theme in DECISION_THEMES:
        own = sum(1 for p in puzzles if own_kind(theme, p))
        decline = theme_name(GAME_ID, "double_deal" if theme == "control_not_worth_it" else theme)
        kinds = (tr(TAKE_EVERY_BOX), decline) if theme == "control_not_worth_it" else (decline, tr(TAKE_EVERY_BOX))
    else:
        return None
    return tr(
        SET_MIX,
        idea=theme_name(GAME_ID, theme),
        own=own,
        own_kind=kinds[0],
        others=len(puzzles) - own,
        other_kind=kinds[1],
    )


def practice_selection(puzzles: list[Puzzle], theme: str | None) -> list[Puzzle]:
    """What Practice asks for an idea (``theme``) or for all of them mixed (None), every puzzle on one scale
    (:func:`on_practice_scale`), only what :func:`asked_at_all` lets through.  The decision ideas: see
    :func:`decision_selection`.  The *hard-hearted handout*'s own pool (and so lesson 3's and its homework code)
    only the puzzles whose right lines are all middle lines (:func:`middle_lines_only`); the *take a box* pool
    (and so lessons 1 and 2 and its homework code) none where the solver reads the position as "take every box or
    decline the last ones?" (:func:`decline_lines`): that question, and the words that explain its wrong lines,
    are lesson 5's; the *safe line* pool none of the *long-chain count* puzzles, which that idea's own pool asks,
    and, there and in the mixed pool, only boards where few lines are safe (:func:`few_safe_lines`).  *Which chain or
    loop to open*, and the mixed pool's lesson 3 puzzles, as lesson 3's list (:func:`lesson_three_selection`).  The
    mixed pool: :func:`gamekit.puzzles.dots_mixed.mixed_selection` of the puzzles :func:`at_home`.  All lists but the
    decisions' and one-step ideas' hold the simple rule to a third of a level (:func:`simple_rule_share`)."""
    puzzles = [on_practice_scale(p) for p in puzzles if asked_at_all(p)]
    if theme in DECISION_THEMES:
        return decision_selection(puzzles, theme)
    if theme == "hard_hearted_handout":
        picked = [p for p in puzzles if middle_lines_only(p) or handout_not_now(p)]
        return simple_rule_share(habits_within_share(sorted(picked, key=lambda p: p.id)))
    if theme == "which_to_open":
        return lesson_three_selection(puzzles)
    if theme == "take_box":
        puzzles = [p for p in puzzles if not decline_lines(p.position)[2]]
    if theme == "safe_line":
        puzzles = [p for p in puzzles if "long_chain_count" not in p.themes and few_safe_lines(p)]
    if theme is None:
        few = [p for p in puzzles if at_home(p) and (p.themes[:1] != ("safe_line",) or few_safe_lines(p))]
        return mixed_selection(few, _lesson_three)
    return puzzles if theme in ONE_STEP_THEMES else simple_rule_share(puzzles)


LESSON_TWO_TAKE_SHARE = 0.5
"""The most of lesson 2's Practice that "take the box on offer" may answer (:func:`lesson_selection`)."""


def lesson_selection(puzzles: list[Puzzle], lesson: "int | str") -> list[Puzzle]:
    """What Practice asks for a lesson (:func:`gamekit.puzzles.pools.lesson_pool`, after its ideas' pools are
    merged).  Lesson 2 teaches two rules, "take a box" and "draw a line that gives no third side": the bank holds
    far more puzzles the first answers, so its Practice keeps every puzzle the first rule does not answer and at
    most as many "take the box" puzzles (:data:`LESSON_TWO_TAKE_SHARE`), the highest rated (the most tempting
    wrong lines) first, so neither "always take" nor "never take" passes more than half.  Lesson 5: only its own
    ideas beside lesson 4's count and sacrifice at its levels, no rule of thumb over half a level
    (:func:`~gamekit.puzzles.dots_mixed.lesson_five_selection`).  Others: :func:`simple_rule_share`."""
    if lesson == 5:
        return lesson_five_selection(puzzles, LESSON_FIVE_LEVELS)
    if lesson == 3:
        return lesson_three_selection(puzzles)
    if lesson != 2:
        return simple_rule_share(puzzles)
    take = [p for p in puzzles if one_step_rule(p) == "take"]
    rest = [p for p in puzzles if one_step_rule(p) != "take"]
    most = int(len(rest) * LESSON_TWO_TAKE_SHARE / (1 - LESSON_TWO_TAKE_SHARE))
    kept = sorted(take, key=lambda p: (-p.rating, p.id))[:most]
    return sorted(rest + kept, key=lambda p: p.id)


def _lesson_three(puzzles: list[Puzzle]) -> list[Puzzle]:
    """Lesson 3's puzzles as its ideas' lists would ask them (a handout only where every right line is a middle line,
    :func:`middle_lines_only`), chosen as its list chooses them (:func:`lesson_three_selection`)."""
    return lesson_three_selection([p for p in puzzles if "which_to_open" in p.themes or middle_lines_only(p)])


LESSON_FIVE_LEVELS = tuple(range(LESSON_BANDS[5][0], LESSON_BANDS[5][1] + 1))
"""The Practice levels of lesson 5's list."""


def _as_decision(puzzle: Puzzle, rating: float) -> Puzzle:
    """A take-all puzzle (:func:`take_all_choice`) as Practice asks it: rated ``rating``, with
    *when control is not worth it* first among its themes, so where no set's idea is asked (the mixed pool, a mixed
    homework set) Practice praises it with that idea, not with "take a box"."""
    first = ("control_not_worth_it",)
    return replace(puzzle, rating=rating, themes=first + tuple(t for t in puzzle.themes if t not in first))


ONE_STEP_THEMES = ("take_box", "avoid_third_side", *DECISION_THEMES)
"""The themes whose Practice sets may hold puzzles the one-line rule (take a box, else draw a line giving no third
side) answers by itself: the ideas that are that rule, and the decision ideas, whose lists ask "take every box or
decline the last ones?" with taking right as often as declining (:func:`decision_selection`)."""


def themes(game: DotsAndBoxes, answers: list[str], wrong: list[str], values: dict[str, int] | None = None) -> list[str]:
    """The themes of a puzzle, from the analysis of the position (:mod:`gamekit.dots.analysis`), the
    solver's move kinds (:meth:`gamekit.dots.solver.Solver.moves`) and its values of the lines (``values``, as
    :func:`gamekit.dots.move_values` gives them; asked of the solver where needed when None)."""
    out: list[str] = []
    caps = set(capture_lines(game))
    safe = set(safe_lines(game))
    kind, takes, declines = decline_lines(game)
    ans = set(answers)
    if ans & caps:
        out.append("take_box")
        if kind == TAKE_OR_DECLINE and control_not_worth_it(
            game, max((values or move_values(game)).values()), MIN_LOSS
        ):
            out.append("control_not_worth_it")
    if caps and not ans & caps:
        # the best line declines the boxes on offer: how many does it hand over?
        given = max(boxes_given(game, a) for a in answers)
        out.append("all_but_four" if given >= 4 else "double_deal")
    if not caps:
        if ans <= safe and safe:
            if safe - ans:
                out.append("safe_line")
                if count_decides(game, answers, [w for w in wrong if w in safe]):
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
            if opens_the_right_one(game, answers, wrong):
                out.append("which_to_open")
    return out


def opens_the_right_one(game: DotsAndBoxes, answers: list[str], wrong: list[str]) -> bool:
    """Whether a position with no safe line and no box on offer asks lesson 3's other question, *which chain or
    loop to open*: every line of some chain or loop is wrong (opening it is the mistake) and not every right line is
    the middle line of a chain of two (that is the *hard-hearted handout*'s question, how to open it)."""
    parts = [c for c in components(game) if not c.opened]
    if len(parts) < 2:
        return False
    middles = {shared_line(game, c.boxes[0], c.boxes[1]) for c in parts if c.kind == "chain" and c.length == 2}
    if set(answers) <= middles:
        return False
    bad = set(wrong)
    return any(c.lines and set(c.lines) <= bad for c in parts)


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
    if theme == "which_to_open":  # no safe line left, and two chains or loops to choose from
        return not caps and not safe_lines(game) and sum(1 for c in components(game) if not c.opened) >= 2
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
    found = themes(game, answers, wrong, values)
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
