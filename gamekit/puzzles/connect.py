"""5 en raya and Connect Four puzzles (no PopOut): positions where one or two drops keep the best outcome.

A position becomes a puzzle (issue 22 §1) when

* PopOut is off and at least 3 drops are legal,
* the exact solver scores every drop (:func:`gamekit.connect.analyse`, within its time budget),
* the accepted drops keep the best outcome and every other drop changes the outcome class (a win into a
  draw or a loss, a draw into a loss),
* at most 2 drops are accepted (the answer is worth finding),
* at least one theme applies (:func:`themes`).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import replace
from typing import Any

from gamekit import catalog
from gamekit.connect.puzzle_text import UNDER_THREAT_HINT
from gamekit.connect.rules import ConnectGame, FiveInARow
from gamekit.connect.solver import analyse, analyse_outcomes
from gamekit.connect.threats import threat_cells
from gamekit.i18n import N_, tr
from gamekit.puzzles.balance import fair_share
from gamekit.puzzles.connect_thumbs import centre_picks, column_selection, thumb_selection, trivial_selection
from gamekit.puzzles.connect_sets import idea_set as idea_set, spread_set as spread_set, without_runs as without_runs
from gamekit.puzzles.connect_sets import MAX_LEVEL_SHARE as MAX_LEVEL_SHARE, level_share
from gamekit.puzzles.connect_sets import fair_share_with, scarce_ids, side_share
from gamekit.puzzles.connect_why import idea_in_every_answer, line_cells_through
from gamekit.puzzles.connect_why import idea_fits as idea_fits
from gamekit.puzzles.connect_why import idea_words as idea_words
from gamekit.puzzles.connect_best_line import wins_at_once, wins_at_once_for
from gamekit.puzzles.connect_defence import DEFENCE_PLIES, stops_double_threat
from gamekit.puzzles.connect_positions import may_have
from gamekit.puzzles.connect_words import asked_stakes as asked_stakes
from gamekit.puzzles.connect_words import hint_left_out as hint_left_out, later_words as later_words
from gamekit.puzzles.connect_words import mistake_words as mistake_words, puzzle_goal as puzzle_goal
from gamekit.puzzles.connect_words import look_for_words as look_for_words
from gamekit.puzzles.connect_lessons import lesson_prompt as lesson_prompt
from gamekit.puzzles.connect_lessons import habit_share, one_step_kind
from gamekit.puzzles.connect_lessons import PARITY_THEMES, neutral_question, safe_drop_only, under_threat_only
from gamekit.puzzles.connect_words import question as question, right_words as right_words
from gamekit.puzzles.connect_words import sheet_key as sheet_key, why_words as why_words
from gamekit.puzzles.core import Puzzle, judge_again, line_of_best_play, sample, theme_hint
from gamekit.progress import LEVEL_BASE, LEVEL_STEP
from gamekit.puzzles.ratings import first_rating

MAX_ANSWERS = 2
LINE_PLIES = 6
MIN_DISCS = 10
"""Drops played before a position is tried (earlier ones take the solver too long)."""


def game_id(game: ConnectGame) -> str:
    return game.game_id


THEME_LESSONS = {
    "win_now": (1,),
    "block": (1,),
    "side_column": (1,),
    "double_threat": (2,),
    "odd_even_threat": (2,),
    "zugzwang": (2,),
    "stop_double_threat": (2,),
}
"""The 5 en raya lessons (their numbers) each theme's idea comes from (Connect Four's puzzles practise the
same ideas on the classic board)."""


ONE_STEP_THEMES = ("win_now", "block")
"""The themes whose idea is the one-line rule itself (win at once, else block): only their Practice sets hold
puzzles that rule answers by itself."""


def themes(game: ConnectGame, answers: list[str], wrong: list[str]) -> list[str]:
    """Themes from the threats on the board before and after the answer (cells where a disc makes a line)."""
    me, them = game.to_move, 1 - game.to_move
    out: list[str] = []
    wins = set(wins_at_once(game))
    five = catalog.of(game).puzzle_settings["side_column"]  # 5 en raya's side columns make a theme
    if wins & set(answers):
        out.append("win_now")
        if five:
            for a in wins & set(answers):
                g = game.copy()
                g.play(a)
                if any(g.is_side(c) for c, _ in g.winning_cells()):
                    out.append("side_column")
                    break
        return out
    their_playable = [(c, r) for c, r in threat_cells(game, them) if len(game.grid[c]) == r]
    blocks = {str(game.column_number(c)) for c, _ in their_playable}
    if blocks and set(answers) <= blocks:
        out.append("block")
    before = set(threat_cells(game, me))
    for a in answers:
        g = game.copy()
        g.play(a)
        cells = set(threat_cells(g, me))
        new = cells - before
        playable = [(c, r) for c, r in cells if len(g.grid[c]) == r]
        stacked = any((c, r + 1) in cells for c, r in cells)
        if len(playable) >= 2 or (playable and stacked):
            out.append("double_threat")
        parity = 0 if me == 0 else 1  # red wants threats on odd rows (row index 0, 2, 4), yellow on even
        if any(r % 2 == parity and len(g.grid[c]) < r for c, r in new):
            out.append("odd_even_threat")
        if five and any(any(g.is_side(cc) for cc, _ in line_cells_through(g, cell, me)) for cell in new):
            out.append("side_column")
    # zugzwang: with no threat to block, a wrong drop fills the cell just under the opponent's threat — and some
    # other drop is harmless for now (when every wrong drop loses at once, the idea is only "don't play under
    # the threat": :func:`under_threat_only`)
    if not blocks and stops_double_threat(game, wrong):  # a defence read 3 plies deep, not who runs out first
        out.append("stop_double_threat")
    elif not blocks and not under_threat_only(game, wrong):
        for w in wrong:
            g = game.copy()
            g.play(w)
            if w in wins_at_once(g):
                out.append("zugzwang")
                break
    return list(dict.fromkeys(out))


def centre_rule(puzzle: Puzzle) -> bool:
    """Whether "drop nearest the centre, but never where the opponent then wins at once" answers ``puzzle`` by
    itself: every drop it picks (:func:`centre_picks`) is right."""
    picks = centre_picks(puzzle.position)
    return bool(picks) and set(picks) <= set(puzzle.answers)


CENTRE_RATING = 1050.0
"""The rating Practice gives a puzzle the centre rule answers (:func:`centre_rule`): level 2
(:func:`gamekit.progress.level`), just above lesson 1's questions — the rule's "never where the opponent then
wins" is the care about the cell under a threat — and below every question that needs reading a forcing line
(:func:`forcing_level`: level 3 and up), so a habit scores on the first levels only."""
SIDE_STEP_RATING = 1025.0
"""The rating Practice gives a lesson-1 question whose five runs through an outer column's disc (:func:`side_step`):
the middle of level 2 (seeing a line through a column no disc can be dropped into is lesson 1's harder half)."""


MAX_CENTRE_SHARE = 0.1
"""The largest share of Practice's mixed pool that puzzles the centre rule of thumb answers may fill."""


def side_step(puzzle: Puzzle) -> bool:
    """Whether "win at once, else block" answers ``puzzle`` (:func:`one_step_rule`) and a right drop's five — the
    one it completes, or the opponent's one it blocks — runs through a disc of an outer column (5 en raya's
    side columns; never on a board without them)."""
    rule = one_step_rule(puzzle)
    if rule is None:
        return False
    game, me = puzzle.position, puzzle.position.to_move
    for a in puzzle.answers:
        after = game.copy()
        after.play(a)
        if rule == "win":
            cells = after.winning_cells() if after.winner() == me else []
        else:
            cells = line_cells_through(game, game.landing_cell(int(a)), 1 - me)
        if any(game.is_side(c) for c, _ in cells):
            return True
    return False


def practice_rated(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` as Practice rates it (the bank unchanged): a side-column win or block (:func:`side_step`) at
    :data:`SIDE_STEP_RATING` (level 2), a centre-habit puzzle (:func:`centre_habit`) at :data:`CENTRE_RATING`
    (level 2), as is one where a drop that habit picks is right (:func:`centre_guess`: a coin flip between two
    columns as near the centre), any other the one-line rule "win at once, else block" does not answer by the
    length of the line its right drop forces (:func:`forcing_level`, levels 3 to 7); a one-step puzzle as the
    bank rates it (level 1)."""
    if side_step(puzzle):
        return replace(puzzle, rating=SIDE_STEP_RATING)
    if centre_habit(puzzle) or centre_guess(puzzle):
        return replace(puzzle, rating=CENTRE_RATING)
    if one_step_rule(puzzle) is None:
        return replace(puzzle, rating=forcing_rating(puzzle))
    return puzzle


FORCING_LEVELS = ((5, 3), (13, 4), (18, 5), (22, 6))
"""Practice levels of the questions that need reading ahead, by the plies of the line they need read
(:func:`forcing_plies`): the most plies of each level from 3 up, longer ones one level above the last bound.  These
are 5 en raya's (a game's catalog entry gives its own in ``puzzle_settings["forcing_levels"]``: Connect Four's lines
are shorter); the bounds split a bank's questions into levels of similar size."""


def forcing_plies(puzzle: Puzzle) -> int:
    """How far a pupil must read to answer ``puzzle``, in plies: for a win, the right drop and best play until the
    mover's line is made (3: drop, reply, the winning disc — a double threat); for a draw kept or a loss held out,
    the right drop and the line in which the most tempting wrong drop loses (the puzzle's refutation depth); for a
    *stop the double threat* puzzle the opponent's line after a wrong drop (:data:`DEFENCE_PLIES`: ruling the wrong
    drops out is the question, however long the win after the right one)."""
    if "stop_double_threat" in puzzle.themes:
        return DEFENCE_PLIES
    game, best = puzzle.position, puzzle.facts["best"]
    scores = puzzle.facts.get("scores")
    if best > 0 and scores:
        after = game.copy()
        after.play(puzzle.answers[0])
        return 1 + _plies_to_end(after, -scores[puzzle.answers[0]])
    return 1 + int(puzzle.facts.get("depth") or 0)


def forcing_level(puzzle: Puzzle) -> int:
    """The Practice level of a question that needs reading ahead (its game's bounds, :data:`FORCING_LEVELS`)."""
    plies = forcing_plies(puzzle)
    bounds = catalog.get(puzzle.game_id).puzzle_settings.get("forcing_levels", FORCING_LEVELS)
    return next((lv for most, lv in bounds if plies <= most), bounds[-1][1] + 1)


def forcing_rating(puzzle: Puzzle) -> float:
    """The rating Practice gives a question that needs reading ahead: the middle of its :func:`forcing_level`."""
    return float(LEVEL_BASE + (forcing_level(puzzle) - 1) * LEVEL_STEP + LEVEL_STEP // 2)


def centre_guess(puzzle: Puzzle) -> bool:
    """Whether "win at once, else block" does not answer ``puzzle`` and some drop the centre rule of thumb picks
    (:func:`centre_picks`) is right: a pupil who drops near the centre without looking scores there, at worst by
    choosing between two columns as near the centre."""
    return one_step_rule(puzzle) is None and bool(set(centre_picks(puzzle.position)) & set(puzzle.answers))


def centre_habit(puzzle: Puzzle) -> bool:
    """Whether the centre rule of thumb answers ``puzzle`` (:func:`centre_rule`) and the one-line rule "win at
    once, else block" does not: a habit, not an idea, is all it asks."""
    return one_step_rule(puzzle) is None and centre_rule(puzzle)


def mixed_win(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` has a drop that wins at once and also accepts a drop that wins only later: Practice
    keeps it out (the win at once is the answer a pupil must give; a later win beside it is no lesson's answer)."""
    game = puzzle.position
    wins = set(wins_at_once(game))
    return bool(wins) and not set(puzzle.answers) <= wins


def practice_selection(puzzles: list[Puzzle], theme: str | None) -> list[Puzzle]:
    """What Practice asks for an idea (``theme``; None: every idea mixed).

    * Never a puzzle with a win at once beside a later win (:func:`mixed_win`): its question gives the win at
      once away.
    * Level 1 holds lesson 1's questions only ("win at once, else block"); those whose five runs through an
      outer column's disc are level 2 (:func:`practice_rated`, the bank unchanged), in every pool.
    * A puzzle the centre rule of thumb answers (:func:`centre_habit`: a pupil who drops near the centre without
      looking scores there) is asked at level 2 (:data:`CENTRE_RATING`), and sparingly: an idea's Practice (and a
      lesson's, made of its ideas') asks one column's fair share of them (:func:`centre_share`), so the centre
      column is an answer as often as another; the mixed pool asks a few, in id order while they stay within
      :data:`MAX_CENTRE_SHARE` of the pool.
    * In the mixed pool no level above 1 fills more than :data:`MAX_LEVEL_SHARE` of it (:func:`level_share`),
      and the beginner's habit (win at once, else block, else the safe drop nearest the centre) answers at most
      a third of each level's questions past lesson 1, as in lesson 2's list
      (:func:`gamekit.puzzles.connect_lessons.habit_share`); lesson 1's questions are that rule's own idea, the
      side-disc ones no more than the others (:func:`side_steps_share`).
    * In the mixed pool a trivial rule (the centre rule, or "win at once, else block") answers at most a third of
      each level from 2 up (:func:`gamekit.puzzles.connect_thumbs.trivial_selection`).
    * An idea's pool (not *win now* or *block*, whose idea is the one-line rule) is cut so that no rule of thumb
      of :mod:`gamekit.puzzles.connect_thumbs` ("column 6, else 2", the column of the last disc, the centre)
      answers more than about a third of it (:func:`gamekit.puzzles.connect_thumbs.thumb_selection`).
    * An idea's pool asks only puzzles where every right drop shows the idea on the board
      (:func:`gamekit.puzzles.connect_why.idea_in_every_answer`): a second right drop that only reaches the same
      result would be praised for an idea it does not use (the mixed pool keeps them: their reasons say what each
      drop does).
    * In the mixed pool side-disc puzzles fill at most :data:`gamekit.puzzles.connect_sets.MAX_SIDE_SHARE` of it
      (:func:`gamekit.puzzles.connect_sets.side_share`), and a scarce idea's puzzles (*stop the double threat*:
      :func:`gamekit.puzzles.connect_sets.scarce_ids`) are the last the cuts above take.
    * For *zugzwang*, not the shipped puzzles where every wrong drop loses at once (:func:`under_threat_only`);
      for *zugzwang* and *odd/even threat*, none that tests only the safe drop (:func:`safe_drop_only`).

    The mixed pool's one-step puzzles are kept to a fair share of each band (:func:`gamekit.puzzles.balance.fair_share`,
    as Practice keeps them) with the centre puzzles chosen so far, so shares and runs are counted in the pool
    Practice asks."""
    pool = [practice_rated(p) for p in puzzles if not mixed_win(p)]
    if theme in PARITY_THEMES:  # a puzzle that asks only the safe drop does not teach a parity idea
        pool = [p for p in pool if not safe_drop_only(p)]
    if theme == "zugzwang":
        pool = [
            p for p in pool if not under_threat_only(p.position, [a for a in p.legal_answers() if a not in p.answers])
        ]
    habit = {p.id for p in pool if centre_habit(p)}
    others = [p for p in pool if p.id not in habit]
    if theme is not None:  # an idea's pool: no rule of thumb answers more than about a third of it
        if theme in ONE_STEP_THEMES:
            return others
        ideas = [p for p in others if one_step_rule(p) is None and idea_in_every_answer(p, theme)]
        habits = [p for p in pool if p.id in habit and idea_in_every_answer(p, theme)]
        chosen = ideas + centre_share(ideas, habits)
        while len(cut := column_selection(thumb_selection(chosen))) != len(chosen):  # until both cuts hold at once
            chosen = cut
        return cut
    steps = {p.id for p in others if one_step_rule(p) is not None}
    chosen: list[Puzzle] = []
    kept = fair_share_with(others, steps, 0)
    for q in sorted((p for p in pool if p.id in habit), key=lambda p: p.id):
        trial = fair_share_with(others, steps, len(chosen) + 1) + chosen + [q]
        if len(chosen) + 1 <= MAX_CENTRE_SHARE * len(trial):
            chosen.append(q)
            kept = trial
    keep = scarce_ids(kept, lambda p: p.themes)  # a rare idea's puzzles are cut last
    while True:  # the shares counted in the pool Practice asks (one-step puzzles a fair share of what is left)
        shared = level_share(fair_share(side_steps_share(side_share(kept, keep))), keep)
        settled = habit_share(column_selection(shared, keep=keep), counted=lambda p: not neutral_question(p), keep=keep)
        settled = trivial_selection(settled, keep=keep)
        habits = [p for p in settled if p.id in habit]
        if len(habits) > MAX_CENTRE_SHARE * len(settled):  # the habit's share, in the pool as it is now
            last = max(habits, key=lambda p: p.id)
            kept = [p for p in kept if p.id != last.id]
            continue
        if len(settled) == len(kept):
            break
        kept = settled
    rated = {p.id: p for p in settled}
    return [rated[p.id] for p in pool if p.id in rated]


def side_steps_share(puzzles: list[Puzzle]) -> list[Puzzle]:
    """``puzzles`` (the mixed pool being chosen) without the latest side-disc wins and blocks (:func:`side_step`,
    level 2) in id order while, after :func:`gamekit.puzzles.balance.fair_share`, they outnumber lesson 1's other
    questions (level 1): both are lesson 1's rule, and the side discs must not crowd the plain ones out of it."""
    kept = list(puzzles)
    while True:
        fair = fair_share(kept)
        sides = sorted((p for p in fair if side_step(p)), key=lambda p: p.id)
        plain = sum(1 for p in fair if one_step_rule(p) is not None and not side_step(p))
        if len(sides) <= plain:
            return kept
        kept = [p for p in kept if p.id != sides[-1].id]


MAX_IDEA_SHARE = 0.5  # the largest share of a lesson's Practice list one of its ideas may fill


def lesson_idea(puzzle: Puzzle, lesson: "int | str | None") -> str:
    """The idea a lesson's Practice list practises ``puzzle`` for (the Practice board's hints and reasons name it):
    of its themes the lesson teaches, the first whose idea every right drop shows on the board
    (:func:`gamekit.puzzles.connect_why.idea_in_every_answer`: the idea pool the puzzle is in), else the first the
    lesson teaches, else its first theme.  A puzzle tagged *odd/even threat* first that only the *zugzwang* idea
    answers is practised for *zugzwang*; lesson 1's rule is one idea, so its first theme stays."""
    taught = [t for t in puzzle.themes if lesson in THEME_LESSONS.get(t, ())]
    if not taught:
        return puzzle.themes[0]
    if any(t in ONE_STEP_THEMES for t in taught):
        return taught[0]
    return next((t for t in taught if idea_in_every_answer(puzzle, t)), taught[0])


def lesson_selection(puzzles: list[Puzzle], lesson: int) -> list[Puzzle]:
    """A lesson's Practice list from ``puzzles`` (its ideas' pools merged): the beginner's habit answering about a
    third of a level at most (:func:`gamekit.puzzles.connect_lessons.habit_share`) and no idea
    (:func:`lesson_idea`) over :data:`MAX_IDEA_SHARE` (its latest puzzles in id order go; lesson 1, one rule, is
    kept whole), then no fixed
    column over a quarter of the read-ahead questions (:func:`column_selection`; the most-tagged go first).  The
    puzzles of an idea under half a fair share of the merged pools (:func:`gamekit.puzzles.connect_sets.scarce_ids`:
    *stop the double threat*, *double threat*) are cut last, so the list asks each of the lesson's ideas."""
    if any(t in ONE_STEP_THEMES for t, numbers in THEME_LESSONS.items() if lesson in numbers):
        return list(puzzles)  # lesson 1: "win at once, else block" is the one idea (its wins and blocks as many)
    kept = list(puzzles)
    keep = scarce_ids(kept, lambda p: [lesson_idea(p, lesson)])  # a rare idea of the lesson is cut last
    while True:  # until both cuts hold at once
        cut = habit_share(_idea_share(kept, lesson), keep=keep)
        if len(cut) == len(kept):
            break
        kept = cut
    tags: dict[str, int] = {}
    for p in kept:
        for t in p.themes:
            tags[t] = tags.get(t, 0) + 1
    return column_selection(kept, spare=lambda p: max(tags.get(t, 0) for t in p.themes), keep=keep)


def _idea_share(puzzles: list[Puzzle], lesson: int) -> list[Puzzle]:
    """``puzzles`` without the latest in id order of the idea (:func:`lesson_idea`) that fills more than
    :data:`MAX_IDEA_SHARE` of them, until none does (or one idea is left)."""
    kept = list(puzzles)
    while kept:
        ideas = {p.id: lesson_idea(p, lesson) for p in kept}
        counts = Counter(ideas.values())
        crowded = max(counts, key=lambda t: (counts[t], t))
        if counts[crowded] <= MAX_IDEA_SHARE * len(kept) or len(counts) == 1:
            break
        kept.remove(max((p for p in kept if ideas[p.id] == crowded), key=lambda p: p.id))
    return kept


def centre_share(ideas: list[Puzzle], habits: list[Puzzle]) -> list[Puzzle]:
    """The centre-habit puzzles (``habits``, :func:`centre_habit`) an idea's pool of ``ideas`` asks: those whose
    right drops include the centre column, as many as one column's fair share of the pool (its size over the
    number of columns but the centre's), in id order.  On
    these boards a right drop in the centre column is always one the habit picks, so without them the centre
    column would never be an idea's answer and "never the centre" would be a rule of thumb of its own; with more,
    the habit would answer too many (they are rated :data:`CENTRE_RATING`, level 2)."""
    if not ideas or not habits:
        return []
    columns = ideas[0].position.columns
    centre = str((columns + 1) // 2)
    room = round(len(ideas) / (columns - 1))
    return sorted((p for p in habits if centre in p.answers), key=lambda p: p.id)[:room]


def lesson_needed(puzzle: Puzzle) -> int:
    """The 5 en raya lesson a puzzle's question needs, whatever its themes say: one a drop that wins at once
    answers, or the block of the opponent's one threat, is lesson 1's; a drop that wins only later by force, or
    keeps the draw, needs lesson 2's threats (a *side column* puzzle of that kind is no lesson 1 question)."""
    game = puzzle.position
    answers = set(puzzle.answers)
    wins = set(wins_at_once(game))
    threats = set(wins_at_once_for(game, 1 - game.to_move))
    if wins or (len(threats) == 1 and answers <= threats):  # a win at once is always among the right drops
        return 1
    return 2


def practice_hint(puzzle: Puzzle, theme: str) -> str | None:
    """The first Hint Practice gives when the idea of ``theme`` does not fit the puzzle, else None: a puzzle
    tagged *zugzwang* where every wrong drop loses at once (:func:`under_threat_only`; the mixed pool and
    homework sets serve them, the zugzwang Practice does not) asks only "don't play under the threat"."""
    if theme == "zugzwang" and under_threat_only(
        puzzle.position, [a for a in puzzle.legal_answers() if a not in puzzle.answers]
    ):
        return tr(UNDER_THREAT_HINT)
    return None


SIDE_HINTS = {
    "win_now": N_(
        "Look at your own lines first, and count the discs in the outer columns too: is one of them nearly finished?"
    ),
    "block": N_("What does your opponent threaten to do with the next drop? Count the discs in the outer columns too."),
}
"""The first Hint of a win at once or a block (:func:`one_step_hint`) whose five — the one a right drop completes,
or the opponent's one it blocks — runs through a disc of an outer column (:func:`side_step`), or one practised for
the *side disc* idea: the idea's own hint, pointing at the lines through the outer columns too, never at a drop."""


def one_step_hint(puzzle: Puzzle, theme: str) -> str | None:
    """The first Hint of a lesson-1 question (:func:`one_step_kind`; None for any other): the *win now* or *block*
    idea's hint, true of every right drop; its :data:`SIDE_HINTS` form where the line runs through a side disc."""
    kind = one_step_kind(puzzle)
    if kind is None:
        return None
    if theme == "side_column" or side_step(puzzle):
        return tr(SIDE_HINTS[kind])
    return theme_hint(puzzle.game_id, kind)


GENERAL_HINT = N_("Try each drop in your head, and look at your opponent's best reply to it.")
"""The first Hint of a mixed-pool puzzle where some right drop does not show the idea of its theme
(:func:`first_hint`): naming that idea would send the pupil looking for a threat or a line the answer does not
make, so the Hint names no idea, only what always helps."""


def first_hint(puzzle: Puzzle, theme: str) -> str | None:
    """The first Hint Practice gives, where it is not the idea of ``theme`` (None: that idea's hint): a win at once
    or a block (:func:`one_step_hint`) gets its own idea's hint, true of every right drop; else
    :func:`practice_hint`; else, where some right drop does not show the idea on the board
    (:func:`gamekit.puzzles.connect_why.idea_in_every_answer`), :data:`GENERAL_HINT`: the Hint names an idea only
    when every right drop uses it."""
    own = one_step_hint(puzzle, theme)
    if own is not None:
        return own
    own = practice_hint(puzzle, theme)
    if own is None and not idea_in_every_answer(puzzle, theme):
        return tr(GENERAL_HINT)
    return own


def best_play(
    game: ConnectGame, plies: int = LINE_PLIES, time_budget: float = 3.0, time_limit: float | None = None
) -> list[list]:
    """A line of best play ``[[seat, column], ...]``: at each ply the best-scored drop, stopping where the
    solver does not settle every drop within ``time_budget`` or ``time_limit`` seconds for the whole line
    run out (never a guess)."""
    return line_of_best_play(game, plies, time_limit, ply_budget=time_budget)


def candidate(game: ConnectGame, time_budget: float = 2.0) -> Puzzle | None:
    """The puzzle at ``game``'s position, or None when it does not pass the selection (module docstring)."""
    if game.is_over() or game.popout:
        return None
    legal = game.legal_moves()
    if len(legal) < 3:
        return None
    outcome = analyse_outcomes(game, time_budget=time_budget)
    if any(v is None for v in outcome.values()):
        return None
    best = max(outcome.values())
    answers = [m for m in legal if outcome[m] == best]
    wrong = [m for m in legal if outcome[m] != best]
    if not wrong or len(answers) > MAX_ANSWERS:
        return None
    found = themes(game, answers, wrong)
    if not found:
        return None
    found_scores = analyse(game, time_budget=time_budget)  # exact scores, for the refutations' depth
    scores = found_scores if all(v is not None for v in found_scores.values()) else None
    wins_now = set(wins_at_once(game))
    refutations, depth, tempting = {}, 0, 0
    threatened = set(wins_at_once_for(game, 1 - game.to_move))
    for w in wrong:
        after = game.copy()
        after.play(w)
        line = best_play(after)
        refutations[w] = {"value": outcome[w], "line": line}
        # tempting: it neither hands the opponent a five at once nor misses a five we had at once
        if not wins_at_once(after) and not wins_now and not threatened - {w}:
            tempting += 1
            depth = max(depth, len(line) if scores is None else _plies_to_end(after, -scores[w]))
    rating = first_rating(tempting, depth, len(answers), len(legal))
    gid = game.game_id
    if centre_picks(game) and set(centre_picks(game)) <= set(answers):
        rating = CENTRE_RATING  # a habit answers it (:func:`centre_rule`): level 3, as Practice asks it
    pid = catalog.get(gid).puzzle_settings["id_prefix"] + hashlib.sha1("".join(game.history).encode()).hexdigest()[:10]
    facts = {"best": best, "tempting": tempting, "depth": depth, "scores": scores}
    return Puzzle(pid, gid, game.to_dict(), tuple(answers), tuple(found), rating, refutations=refutations, facts=facts)


def _plies_to_end(game: ConnectGame, score: int) -> int:
    """Plies until the game ends with best play, from a solver score for the player to move (0: a draw)."""
    if score == 0:
        return 12
    MAX = game.variant.cells // 2 + 1
    winner = game.to_move if score > 0 else 1 - game.to_move
    discs = MAX - abs(score) - game.discs_played(winner)
    return 2 * discs - (1 if winner == game.to_move else 0)


def verify(puzzle: Puzzle, time_budget: float | None = None) -> list[str]:
    """Problems found when the exact solver judges the puzzle again (empty: it is right)."""
    game = puzzle.position
    outcome = analyse_outcomes(game, time_budget=time_budget)
    if any(v is None for v in outcome.values()):
        return [f"{puzzle.id}: the solver did not settle every drop within {time_budget} s"]
    return judge_again(puzzle, outcome, max(outcome.values()), judge="the solver")


def positions(game: ConnectGame) -> list[ConnectGame]:
    """The positions of a played game from :data:`MIN_DISCS` drops on, latest first."""
    out = []
    moves = game.history
    cls = type(game)
    for n in range(len(moves) - 1, MIN_DISCS - 1, -1):
        out.append(cls.from_moves(moves[:n]))
    return out


def play_game(seed: int, rng, cls=FiveInARow) -> ConnectGame:
    """A game between CPU players of mixed levels (Hard at a fixed depth of 4, no time budget: reproducible)."""
    from gamekit.connect.players import cpu_player

    levels = [rng.choice(["easy", "medium", "medium", "hard"]) for _ in range(2)]
    players = [
        cpu_player(lv, seed + i, **({"time_budget": None, "max_depth": 4} if lv == "hard" else {}))
        for i, lv in enumerate(levels)
    ]
    g = cls(popout=False)
    while not g.is_over():
        g.play(players[g.to_move].choose(g))
    return g


def tries(game_id: str, seed: int, rng, n: int, theme: str | None = None) -> list[tuple[ConnectGame, dict]]:
    """The positions a build tries from its game of ``game_id`` seeded ``seed`` (:func:`play_game`): ``n`` of
    them, picked by ``rng``, each with its :func:`candidate` options; with ``theme``, every position that may have
    it (:func:`may_have`)."""
    game = play_game(seed, rng, type(catalog.get(game_id).new_game({"popout": False})))
    if theme is not None:
        return [(p, {}) for p in positions(game) if may_have(p, theme)]
    return [(p, {}) for p in sample(rng, positions(game), n)]


def exercise_goal(position: Any, time_budget: float = 2.0) -> tuple | None:
    """:func:`gamekit.puzzles.connect_words.puzzle_goal` of a lesson exercise's position (the exact solver's best
    outcome; None when a drop is not settled within ``time_budget`` seconds, or the position is not a Connect
    game)."""
    if (
        getattr(position, "grid", None) is None
        or not callable(getattr(position, "is_over", None))
        or position.is_over()
    ):  # not a board of drops (a question with no position): no goal
        return None
    outcome = analyse_outcomes(position, time_budget=time_budget)
    if not outcome or any(v is None for v in outcome.values()):
        return None
    return puzzle_goal({"best": max(outcome.values())})


def one_step_rule(puzzle: Puzzle) -> str | None:
    """The key of the one-line rule that answers ``puzzle`` by itself, or None.

    The rule: win at once when a drop makes a line, else block a cell where the opponent would make one with
    the next drop.  It answers the puzzle when every drop it allows is an accepted answer."""
    game = puzzle.position
    wins = set(wins_at_once(game))
    key, allowed = ("win", wins) if wins else ("block", set(wins_at_once_for(game, 1 - game.to_move)))
    return key if allowed and allowed <= set(puzzle.answers) else None
