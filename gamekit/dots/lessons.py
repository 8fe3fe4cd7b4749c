"""Dots and Boxes lessons 1–5: every position, step sequence and exercise, defined once.

Positions are written in the line notation (``"a1-b1 b2-b3 …"``, played in order from an empty
board).  Highlights (third sides, each chain and loop in its own tint, the line just drawn) and
every exercise's checker are computed from :mod:`gamekit.dots.analysis` and the exact solver, so
the feedback a reader gets is what the analysis says about that very position.

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

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

from gamekit.i18n import N_, get_language, ntr, number, tr
from gamekit.display import Paragraph, Table
from gamekit.dots import analysis
from gamekit.dots.rules import PRESETS, DotsAndBoxes, geometry
from gamekit.dots.info import INFO
from gamekit.dots.solver import move_values, solve
from gamekit.dots.view import COORDINATE_INK, BoardLayout, dots_scene
from gamekit.core.errors import IllegalMoveError, SolverTimeout
from gamekit.core.scene import Scene
from gamekit.dots.puzzle_text import line_hit, own_box_loss
from gamekit.puzzles.sets import ProblemSet, level_word
from gamekit.widgets.lesson import (
    Exercise,
    ExerciseWidget,
    Lesson,
    LessonScore,
    Mark,
    PuzzleBoard,
    Step,
    StepThrough,
    choice_checker,
    exercises_by_notebook,
    parse_int,
)

__all__ = [
    "start_result",
    "POSITIONS",
    "SEQUENCES",
    "position",
    "lesson_scene",
    "highlights",
    "step_through",
    "steps",
    "exercise",
    "exercises",
    "DotsExercise",
    "parity_table",
    "LessonScore",
    "describe_components",
    "sequence_positions",
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
    "tally_rows",
    "tally_table",
    "tally_check",
    "tally_prediction",
    "tally_worked_row",
    "tally_sheet",
]

SEATS = INFO.seat_names  # the catalog's N_() ids, translated with tr() where shown

# ----- tints -----------------------------------------------------------------------------
THIRD_SIDE_TINT = "#e8584a"
CHAIN_TINTS = ("#a9d4ff", "#b9ebb0", "#ffd89a", "#a8e6e0", "#f3ec8c", "#f5c2a8", "#cfd8dc")
LOOP_TINTS = ("#f7b8d6", "#c9b3f5", "#f0c6f2")
LAST_LINE = "#2e86de"
MARK_COLOURS = {"right": "#1e8449", "wrong": "#c0392b", "answer": "#2e86de"}

# ----- positions (line notation, played in order from an empty board) --------------------
POSITIONS: dict[str, tuple[int, int, str]] = {
    # lesson 2: ten safe lines drawn, three safe lines left, Gold to move
    "three_safe": (3, 3, "a1-a2 c1-c2 b1-c1 b4-c4 c3-c4 c4-d4 d1-d2 a2-a3 a3-a4 a3-b3"),
    # lesson 2: no safe line left; Gold opened the 4-chain at its end: Coral can take it all
    "open_four": (3, 3, "b4-c4 b2-c2 c1-c2 c1-d1 a3-b3 c3-c4 c2-c3 a2-b2 d2-d3 a3-a4 a1-b1 c4-d4 a4-b4"),
    # lesson 2: a board of its own (not the three_safe board): box a2 has three sides, Gold to move
    "take_first": (3, 3, "d3-d4 c1-c2 b3-c3 a2-b2 b3-b4 c1-d1 c3-d3 b2-b3 a1-b1 a2-a3"),
    # lesson 2: one box with three sides (a3) among many with two, Gold to move
    "take_decoys": (3, 3, "b1-c1 a1-a2 c1-d1 b2-b3 a3-b3 d1-d2 a3-a4 b3-c3 a1-b1 d3-d4 d2-d3 b3-b4"),
    # lesson 3: chains of 2, 3 and 4 boxes, Gold to move
    "chains_234": (3, 3, "b4-c4 b2-c2 c1-c2 c1-d1 a3-b3 c3-c4 c2-c3 a2-b2 d2-d3 a3-a4 a1-b1 c4-d4"),
    # lesson 3: a chain of 3 and a loop of 6, Gold to move
    "chain_and_loop": (3, 3, "b3-c3 b4-c4 a2-b2 d1-d2 d2-d3 c2-d2 b1-c1 b2-c2 a1-b1 a2-a3 a3-a4 a4-b4 c4-d4 d3-d4"),
    # lessons 3, 4: 4×4 with chains of 2, 3, 5 and a loop of 6, Coral to move
    "four_by_four": (
        4,
        4,
        "c5-d5 b2-c2 b1-c1 e1-e2 d3-d4 a3-a4 d2-d3 c2-d2 a4-a5 b3-c3 b4-c4 d1-d2 a1-b1 "
        "b5-c5 a2-a3 d5-e5 a2-b2 a4-b4 d3-e3 e4-e5 c4-d4",
    ),
    # lesson 3: 5×4 with chains of 1, 3, 6 and loops of 4 and 6, Gold to move
    "two_loops": (
        5,
        4,
        "e1-e2 b3-b4 d2-d3 c1-d1 b4-c4 b5-c5 a4-b4 e2-f2 b2-b3 a1-a2 d4-d5 f2-f3 d5-e5 a1-b1 "
        "d3-d4 d2-e2 b2-c2 e3-e4 c4-d4 f4-f5 f3-f4 a4-a5 b1-c1 c2-d2 a2-a3 e5-f5",
    ),
    # lesson 4: 5×4 with chains of 8, 3, 2 and 1 and a loop of 6 (not a board of lesson 3), Coral to move
    "long_count": (
        5,
        4,
        "b1-c1 c3-c4 c2-c3 b4-c4 a2-a3 d2-e2 e2-e3 c1-d1 e4-e5 d3-d4 e1-e2 e2-f2 b1-b2 d5-e5 "
        "e5-f5 a3-a4 a4-b4 c2-d2 c4-c5 a4-a5 f3-f4 b2-b3 e3-e4 c5-d5 a1-b1",
    ),
    # lesson 4: 5×4 with chains of 6 and 8 and a loop of 6, Coral to move
    "long_chains": (
        5,
        4,
        "b5-c5 d1-e1 b1-c1 a5-b5 c2-d2 a1-b1 b3-b4 e4-e5 a4-b4 d5-e5 c1-c2 d3-d4 e2-e3 a1-a2 "
        "e5-f5 c3-c4 a2-a3 b2-b3 d2-e2 c4-c5 f2-f3 c2-c3 e3-e4 f1-f2 c5-d5 e1-f1 f3-f4",
    ),
    # lesson 5: chains of 4, 4 and 1 on 3×3, Gold to move — one double-deal wins it
    "double_deal": (3, 3, "b2-c2 c3-d3 a1-b1 c3-c4 c2-c3 a2-b2 c1-d1 d1-d2 b3-b4 b1-c1 a4-b4 a2-a3"),
    # lesson 1: a few lines on 3×3, Coral to move (box a1 has a third side)
    "first_box": (3, 3, "a1-b1 b1-b2 a1-a2"),
    # lesson 1: boxes c1 and c2 each have three sides and miss the same line; box a3 misses one side too
    "two_boxes": (3, 3, "c1-d1 a3-b3 c1-c2 a3-a4 d1-d2 a4-b4 c3-d3 c2-c3 d2-d3"),
    # lesson 4: five safe lines left, Gold to move: only one steers to the long-chain count Gold wants (and the
    # forming count agrees with the solver after each of them)
    "steer_two": (3, 3, "a2-a3 b3-b4 a2-b2 c3-d3 b4-c4 c2-c3 a1-b1 b2-c2 b1-c1 c1-d1"),
    # lesson 4: five safe lines left, Coral to move: only one keeps Coral winning
    "steer_coral": (3, 3, "c3-d3 a3-b3 c1-d1 d3-d4 b3-c3 d2-d3 d1-d2 b3-b4 a2-b2"),
    # lesson 5: Gold opened a loop of 4; a chain of 5 is left. Coral to move
    "loop_four": (3, 3, "a1-a2 a2-a3 b3-c3 d3-d4 d2-d3 b4-c4 c2-c3 a3-b3 a3-a4 c1-d1 c1-c2 c4-d4 a1-b1 b1-c1 b1-b2"),
    # lesson 5: Gold opened a chain of 3 and Coral took one box; only short chains (2, 2, 1, 1) are left after it
    # and no junction: keeping control costs more than it wins, so Coral takes both boxes. Coral to move
    "not_worth_it": (3, 3, "b2-b3 c3-c4 a2-b2 c1-d1 a3-a4 b3-b4 c3-d3 b1-b2 c2-d2 b2-c2 d2-d3 c2-c3"),
    # lesson 5: Coral opened a chain and Gold has taken all but two of its boxes; a chain of 6 is left:
    # double-deal. Gold to move
    "keep_control": (3, 3, "a4-b4 c1-d1 a1-b1 b3-b4 b1-b2 c4-d4 c1-c2 d3-d4 a2-a3 b4-c4 d2-d3 b2-b3 c2-c3 a1-a2 a2-b2"),
    # lesson 5: Gold opened a chain of 4 and Coral took two boxes; left after it a chain of 3 and a chain of 2, no
    # junction: the 2-chain hands control back, so taking both boxes wins (a double-deal loses). Coral to move
    "take_all": (3, 3, "a4-b4 b2-b3 c3-c4 a1-a2 b1-b2 c4-d4 c2-c3 c1-c2 d2-d3 b4-c4 a3-b3 d1-d2 a3-a4 b3-b4 b3-c3"),
    # lesson 5, final challenge 1: Coral opened a 2-chain at its end; a chain of 7 is left. Taking a box loses 2–7;
    # refusing both boxes (the far end, d1-d2) makes Coral open the chain of 7 and wins 7–2. Found by a search with
    # the exact solver. Gold to move
    "challenge_refuse": (3, 3, "b2-c2 c2-d2 b1-b2 b4-c4 d3-d4 a2-a3 c1-d1 c3-c4 b2-b3 a4-b4 d2-d3 a3-a4 a1-b1 b1-c1"),
    # lesson 5, final challenge 2: Gold opened a chain of 2 at its end; left after it a chain of 2, a single box and
    # a loop of 4. Taking a box loses 4–5; refusing both boxes (the far end, a4-b4) wins 5–4: with a loop to come,
    # control is worth its price here, unlike exercise 3 (only short chains). Found by a search with the exact
    # solver. Coral to move
    "challenge_loop": (3, 3, "c3-d3 b3-b4 b1-b2 b2-b3 a2-b2 b3-c3 d2-d3 a3-a4 d1-d2 b1-c1 d3-d4 c1-d1 a2-a3"),
    # lesson 1: lines written down, box a1 without its third side yet; boxes with a third side: count them
    "three_sides_count": (3, 3, "a1-b1 a1-a2 a2-b2 c3-d3 d3-d4 c4-d4 b2-c2 b2-b3 c1-d1 d1-d2 d2-d3 c2-d2"),
    # lesson 2: six safe lines left, Gold to move: only one leaves Coral the first with no safe line
    "race": (3, 3, "d1-d2 c4-d4 c3-c4 b1-b2 b1-c1 a2-b2 b3-b4 a2-a3"),
    # lesson 2: one safe line left (also the solver's best move), Coral to move
    "one_safe": (3, 3, "b3-b4 d2-d3 b3-c3 a3-a4 c1-d1 c4-d4 a1-a2 b1-b2 c2-d2 b2-c2 d3-d4"),
    # lesson 2: Gold opened a chain of 5 that turns two corners; Coral to move
    "long_run": (3, 3, "d1-d2 a1-a2 d2-d3 c1-c2 c4-d4 b2-b3 b3-c3 b1-b2 c3-d3 a3-a4 b4-c4 a4-b4 a2-a3 a1-b1"),
    # lesson 3: two chains (6 and 3), no loop, Coral to move
    "two_chains": (3, 3, "c1-c2 b2-b3 c2-c3 c3-c4 b1-c1 c1-d1 b4-c4 d2-d3 c4-d4 a3-a4 a4-b4 a2-b2 a1-b1"),
    # lesson 3: chains of 4 and 5, no junction, Coral to move (the chains step-through starts here)
    "chains_45": (3, 3, "b3-b4 c3-d3 c4-d4 c1-d1 a1-a2 c1-c2 a1-b1 a2-a3 b2-c2 a4-b4 b4-c4 d2-d3 b2-b3"),
    # lesson 3: chains of 4, 3 and 2 and no other box, Gold to move
    "chains_432": (3, 3, "c2-d2 a1-b1 b2-b3 a2-b2 d3-d4 c3-c4 b2-c2 b3-b4 a3-a4 c1-d1 b1-c1 d2-d3"),
    # lesson 3: chains of 5, 3 and 1 and no junction, Gold to move: hand over the single box
    "give_single": (3, 3, "c1-c2 b2-c2 a1-b1 c2-c3 c1-d1 a1-a2 d3-d4 a3-b3 a2-a3 b3-b4 c3-c4 d2-d3"),
    # lesson 4: four safe lines left, each leaves 1 long chain forming (Coral's count) and loses for Gold; giving
    # the single box c3 away leaves chains of 3 and 3 (Gold's count) and wins 5–4; every other gift loses. Found by
    # a search with the exact solver. Gold to move
    "sacrifice": (3, 3, "d3-d4 a3-a4 c1-c2 c4-d4 b2-b3 b1-b2 b3-c3 a4-b4 a2-a3 c2-d2"),
    # lesson 4: Coral's one safe line leaves two long chains (Gold's count); handing over a 2-chain wins. Coral to move
    "sacrifice_coral": (3, 3, "c4-d4 a1-b1 c3-c4 a3-a4 b3-b4 b2-c2 b1-c1 a2-b2 c2-c3 d1-d2 c2-d2"),
    # lesson 5, final challenge 3: Coral handed over the 2-chain b3, c3 by its middle line; box a3 beside it is a
    # single box, and a chain of 6 is left. Taking c3 (c4-d4) and then handing b3 and a3 to Coral as a pair wins 7–2;
    # refusing at once (a3-a4) wins only 6–3, and taking b3 first (b3-b4) loses 3–6: neither "take the box" nor
    # "refuse" finds it. Found by a search with the exact solver. Gold to move
    "challenge_take_one": (3, 3, "b1-b2 a3-b3 a4-b4 b2-c2 d3-d4 c3-d3 b3-c3 a1-b1 d2-d3 c1-d1 b4-c4 a2-a3 d1-d2 c3-c4"),
}

# A whole game on 3×3 (the teacher guide's worked game, lesson 4's extension): 13 safe lines, then perfect play.
# Chosen so that, at every position of the safe-line phase where a long chain is forming, the side the forming
# count suits is the side the exact solver says wins (tests/dots/test_lesson_captions.py checks it): the count
# the lesson teaches never points the wrong way here, nor when the safe lines run out.  Coral's sixth line,
# c1-c2, changes both.
REAL_GAME = (
    "a1-b1 a2-a3 a4-b4 a1-a2 b2-b3 d3-d4 c3-c4 b3-b4 d2-d3 c2-c3 c1-d1 c1-c2 "
    "b1-c1 a2-b2 a3-b3 a3-a4 b1-b2 b2-c2 b4-c4 b3-c3 c2-d2 c3-d3 c4-d4 d1-d2"
)

# Step sequences: a start position, then steps of one or more lines; a caption of None is written
# by :func:`describe_line` from the analysis of the position.  ``judge``: the exact solver's verdict on
# every move is added to its caption (a mistake is named as one, with the better line).
SEQUENCES: dict[str, dict[str, Any]] = {
    "third_sides": {
        "start": (3, 3, "a2-b2 d3-d4 c2-c3 c3-d3 b1-b2 b3-c3"),
        "parts": False,
        "intro": N_("Six lines are drawn; no box has three sides yet. A box with a third side is tinted red."),
        "steps": ["d1-d2", "c1-d1", "a3-a4", "a3-b3", "b4-c4", "b1-c1", "a1-b1", "a1-a2"],
        "outro": N_("Now Coral has no safe line either: whatever Coral draws gives boxes back."),
    },
    "chains": {
        "start": POSITIONS["chains_45"],
        "intro": N_("No safe line is left: a chain of 4 and a chain of 5, each in its own tint. Coral must open one."),
        "judge": True,
        "steps": "b1-c1 b1-b2 a2-b2 a3-b3 a3-a4 c2-d2 d1-d2 c2-c3 b3-c3 c3-c4 d3-d4".split(),
        "outro": N_(
            "Gold took the whole chain of 4 and so had to open the chain of 5. The exact calculation marks that as "
            "a mistake: taking a whole chain is not always best, and lesson 5 shows when to leave the last two "
            "boxes."
        ),
    },
    "loop": {
        "start": POSITIONS["chain_and_loop"],
        "intro": N_("A chain of 3 (blue) and a loop of 6 (pink). Gold must open one of them."),
        "judge": True,
        "steps": "c1-d1 c1-c2 b1-b2 a1-a2 a3-b3 b2-b3 c2-c3 c3-d3 b3-b4 c3-c4".split(),
        "outro": N_(
            "The loop came last, so Gold took all six of its boxes. Coral took all of the chain of 3 first and so "
            "had to open the loop: lesson 5 shows a better way."
        ),
    },
    "real_game": {
        "start": (3, 3, ""),
        "intro": N_("A whole game on 3×3 (16 dots). Gold moved first, so Gold wants an even number of long chains."),
        "steps": REAL_GAME.split(),
        "forming": True,
    },
    "tally_game": {  # lesson 4's predict-then-check: the safe-line phase of REAL_GAME, no count shown
        "start": (3, 3, ""),
        "parts": False,
        "intro": N_(
            "A game on 3×3 (16 dots). Gold moved first, so Gold wants dots + long chains to be even. After "
            "each line, write down how many long chains (3 boxes or more) are forming and, once there is one, "
            "whom the count suits."
        ),
        "steps": REAL_GAME.split()[:13],
        "outro": N_("No safe line is left. Now type the long chains of your last row below the board."),
    },
    "double_deal": {
        "start": POSITIONS["double_deal"],
        "intro": N_("No safe line is left: a chain of 1 (c3) and two chains of 4. Gold gives away the single box."),
        "steps": [
            "c4-d4",
            "d3-d4",
            "c2-d2",
            "d2-d3",
            "c1-c2",
            "a1-a2",
            "b1-b2",
            "a3-b3",
            "a3-a4",
            "b2-b3",
            "b3-c3",
            "b4-c4",
        ],
    },
    "greedy": {
        "start": POSITIONS["double_deal"],
        "intro": N_(
            "No safe line is left: a chain of 1 (c3) and two chains of 4. Gold gives away the single box, and then "
            "grabs every box on offer."
        ),
        "judge": True,
        "steps": [
            "c4-d4",
            "d3-d4",
            "c2-d2",
            "d2-d3",
            "c1-c2",
            "b1-b2",
            "a1-a2",
            "a3-b3",
            "b2-b3",
            "b3-c3",
            "b4-c4",
            "a3-a4",
        ],
        "outro": N_("Coral won 5–4."),
    },
}


def sequence_positions(name: str) -> list[DotsAndBoxes]:
    """The position each step of a named sequence shows (its start, then after each line)."""
    spec = SEQUENCES[name]
    width, height, moves = spec["start"]
    game = DotsAndBoxes.from_moves(width, height, moves)
    out = [game.copy()]
    for line in spec["steps"]:
        game.play(line)
        out.append(game.copy())
    return out


def position(name: str) -> DotsAndBoxes:
    """A fresh copy of a named lesson position."""
    width, height, moves = POSITIONS[name]
    return DotsAndBoxes.from_moves(width, height, moves)


def lesson_board_layout(game: DotsAndBoxes) -> BoardLayout:
    """The pixel geometry of a lesson board: the Dots view's layout fitted into 300 CSS pixels."""
    return BoardLayout.fit(game.width, game.height, max_px=300)


# ----- analysis, as the lessons use it (thin names over gamekit.dots.analysis) ----------------------
Component = analysis.Component


def third_side_boxes(game: DotsAndBoxes) -> list[int]:
    """Boxes with a third side: the player to move can take them."""
    return analysis.capturable_boxes(game)


def safe_lines(game: DotsAndBoxes) -> list[str]:
    return analysis.safe_lines(game)


def takeable(game: DotsAndBoxes) -> int:
    """How many boxes the player to move can take in a row now."""
    return analysis.capture_run(game)


def components(game: DotsAndBoxes) -> list[Component]:
    """Chains and loops of the position (longest first, ties by first box)."""
    return analysis.components(game)


def long_chain_count(game: DotsAndBoxes) -> int:
    return analysis.long_chain_rule(game).long_chains


def wanted_parity(width: int, height: int, seat: int, first: int = 0) -> str:
    """ "even" or "odd": the number of long chains ``seat`` wants when ``first`` moved first."""
    return analysis.long_chain_rule(DotsAndBoxes(width, height, first=first)).wants(seat)


# ----- pictures ----------------------------------------------------------------------------
def highlights(
    game: DotsAndBoxes, *, third_sides: bool = True, parts: bool = True, last: bool = True
) -> tuple[dict[int, str], dict[int, str]]:
    """``(box_tints, line_colours)``: chains and loops each in their own tint, third-side boxes
    in red on top, the line just drawn in blue."""
    tints: dict[int, str] = {}
    if parts:
        chains = loops = 0
        for part in components(game):
            if part.kind == "loop":
                colour, loops = LOOP_TINTS[loops % len(LOOP_TINTS)], loops + 1
            else:
                colour, chains = CHAIN_TINTS[chains % len(CHAIN_TINTS)], chains + 1
            for box in part.boxes:
                tints[box] = colour
    if third_sides:
        for box in third_side_boxes(game):
            tints[box] = THIRD_SIDE_TINT
    lines: dict[int, str] = {}
    if last and game.history:
        lines[game.line_index(game.history[-1])] = LAST_LINE
    return tints, lines


def lesson_scene(
    game: DotsAndBoxes,
    mark: Mark | None = None,
    *,
    third_sides: bool = True,
    parts: bool = True,
    last: bool = True,
    layout: BoardLayout | None = None,
) -> Scene:
    """A lesson board: highlights, dot names around the edge, and an optional answer mark."""
    layout = layout or lesson_board_layout(game)
    tints, lines = highlights(game, third_sides=third_sides, parts=parts, last=last)
    if mark is not None:
        lines[game.line_index(mark.answer)] = MARK_COLOURS[mark.state]
    scene = dots_scene(game, layout, box_tints=tints, line_colours=lines, show_last=last)
    font = "11px sans-serif"
    for col in range(game.width + 1):
        x, _ = layout.dot(col, 0)
        scene.add("text", x, layout.margin * 0.35, chr(ord("a") + col), font, COORDINATE_INK, "center")
    for row in range(game.height + 1):
        _, y = layout.dot(0, row)
        scene.add("text", layout.margin * 0.35, y, str(row + 1), font, COORDINATE_INK, "center")
    return scene


def describe_components(game: DotsAndBoxes) -> str:
    """One sentence: the chains and loops of the position."""
    parts = components(game)
    chains = sorted((p.length for p in parts if p.kind == "chain"), reverse=True)
    loops = sorted((p.length for p in parts if p.kind == "loop"), reverse=True)
    bits = []
    if chains:
        bits.append(ntr("chain of {lengths}", "chains of {lengths}", len(chains), lengths=_join(chains)))
    if loops:
        bits.append(ntr("loop of {lengths}", "loops of {lengths}", len(loops), lengths=_join(loops)))
    return tr(" and ").join(bits) if bits else tr("no chain or loop")


def _join(items: Sequence[Any]) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + tr(" and ") + items[-1]


def _boxes(game: DotsAndBoxes, boxes: Sequence[int]) -> str:
    return _join([game.geometry.box_name(b) for b in boxes])


def boxes_won(game: DotsAndBoxes, line: str | int) -> int:
    """How many boxes drawing ``line`` would complete (0, 1 or 2); ``game`` is not changed."""
    after = game.copy()
    after.play(line)
    return after.last_completed


def describe_line(before: DotsAndBoxes, line: str, judge: bool = False) -> str:
    """What drawing ``line`` does in the position ``before``, in one or two plain sentences.

    With ``judge=True`` a move the exact solver rates below the best is called a mistake, with the
    better line (no score: a judged step-through may come just before an exercise that asks for one).
    """
    text_ = _describe_line(before, line)
    if judge and not before.is_over():
        values = move_values(before)
        name = before.line_name(before.line_index(line))
        best = max(values.values())
        if values[name] < best:
            better = [l for l, v in values.items() if v == best]
            seat = tr(SEATS[before.to_move])
            shown = _join(better[:3]) + (" …" if len(better) > 3 else "")
            played = _line_parts(before, name)
            instead = {(p.kind, p.boxes) for b in better for p in _line_parts(before, b)}
            part = next((p for p in components(before) if (p.kind, p.boxes) in instead), None)
            # no safe line left and every better line opens one other part: say which part, in lesson 3's words
            opens_other = len(played) == 1 and (played[0].kind, played[0].boxes) not in instead
            if (
                not safe_lines(before)
                and opens_other
                and len(instead) == 1
                and part is not None
                and all(not boxes_won(before, b) for b in better)
            ):
                whole = (
                    tr("the loop of {n}", n=len(part.boxes))
                    if part.kind == "loop"
                    else tr("the chain of {n}", n=len(part.boxes))
                )
                text_ += tr(
                    " A mistake, says the exact calculation: opening {part} first ({better}) would have won "
                    "{seat} more boxes.",
                    part=whole,
                    better=shown,
                    seat=seat,
                )
            else:
                text_ += tr(
                    " A mistake, says the exact calculation: {better} would have won {seat} more boxes.",
                    better=shown,
                    seat=seat,
                )
    return text_


def _describe_line(before: DotsAndBoxes, line: str) -> str:
    seat, other = tr(SEATS[before.to_move]), tr(SEATS[1 - before.to_move])
    after = before.copy()
    index = after.line_index(line)
    name = after.line_name(index)
    was_on_offer = third_side_boxes(before)
    completed = boxes_won(before, index)
    after.play(index)
    if completed:
        won = [b for b in before.geometry.line_boxes[index] if after.owners[b] is not None]
        if after.is_over():
            g, c = after.scores
            return tr(
                "{seat} draws {name} and takes {boxes}. Every box is closed: Gold {g}, Coral {c}.",
                seat=seat,
                name=name,
                boxes=_boxes(after, won),
                g=g,
                c=c,
            )
        cross = tr(" — a double-cross: one line, two boxes") if completed == 2 else ""
        return tr(
            "{seat} draws {name} and takes {boxes}{cross}, so {seat} draws again.",
            seat=seat,
            name=name,
            boxes=_boxes(after, won),
            cross=cross,
        )
    safe_before = set(safe_lines(before))
    if name in safe_before:
        left = len(safe_lines(after))
        text_ = tr(
            "{seat} draws {name}, a safe line: no box gets a third side. Safe lines left: {left}.",
            seat=seat,
            name=name,
            left=left,
        )
        spoilt = len(safe_before) - 1 - left
        if spoilt:
            text_ += " " + ntr(
                "It also made {n} other line unsafe: that line touches a box that now has two sides.",
                "It also made {n} other lines unsafe: they touch boxes that now have two sides.",
                spoilt,
            )
        return text_
    offered = takeable(after)
    if was_on_offer:
        return ntr(
            "{seat} draws {name} instead of taking: a double-deal. {other} takes the last box but must then move "
            "again.",
            "{seat} draws {name} instead of taking: a double-deal. {other} takes the last {n} boxes but must then "
            "move again.",
            offered,
            seat=seat,
            name=name,
            other=other,
        )
    newly = [b for b in third_side_boxes(after)]
    return (
        ntr(
            "{seat} draws {name}: box {boxes} gets a third side,",
            "{seat} draws {name}: boxes {boxes} get a third side,",
            len(newly),
            seat=seat,
            name=name,
            boxes=_boxes(after, newly),
        )
        + " "
        + ntr("and {other} can take it.", "and {other} can take {n} boxes in a row.", offered, other=other)
    )


def steps(name: str) -> list[Step]:
    """The steps of a named sequence: its start, then one step per line, captions from the analysis."""
    spec = SEQUENCES[name]
    width, height, moves = spec["start"]
    game = DotsAndBoxes.from_moves(width, height, moves)
    parts = spec.get("parts", True)
    result = [Step(_frozen_scene(game, parts), tr(spec["intro"]) if spec.get("intro") else _status(game))]
    ran_out = None
    for line in spec["steps"]:
        caption = describe_line(game, line, judge=spec.get("judge", False))
        game.play(line)
        if ran_out is None and not safe_lines(game):
            ran_out = analysis.long_chain_rule(game)
        extra = _status(game, parts, forming=spec.get("forming", False))
        result.append(Step(_frozen_scene(game, parts), caption + (" " + extra if extra else "")))
    outro = tr(spec["outro"]) if spec.get("outro") else ""
    if spec.get("forming") and ran_out is not None:
        total = ran_out.dots + ran_out.long_chains
        outro = ntr(
            "When the safe lines ran out there was {n} long chain: {dots} + {n} = {total} is {parity}, "
            "the count {seat} wanted.",
            "When the safe lines ran out there were {n} long chains: {dots} + {n} = {total} is {parity}, "
            "the count {seat} wanted.",
            ran_out.long_chains,
            dots=ran_out.dots,
            total=total,
            parity=tr("even") if total % 2 == 0 else tr("odd"),
            seat=tr(SEATS[ran_out.even_seat if ran_out.long_chains % 2 == 0 else ran_out.odd_seat]),
        )
    if outro:
        result[-1] = Step(result[-1].scene, result[-1].caption + " " + outro)
    return result


def _frozen_scene(game: DotsAndBoxes, parts: bool = True) -> Callable[[], Scene]:
    snapshot = game.copy()
    return lambda: lesson_scene(snapshot, parts=parts)


def _status(game: DotsAndBoxes, parts: bool = True, forming: bool = False) -> str:
    """The score, plus the chain picture once no safe line is left (``forming``: also while safe lines remain)."""
    if game.is_over():
        return ""
    g, c = game.scores
    score = tr("(Gold {g}, Coral {c}.)", g=g, c=c)
    if forming and safe_lines(game):
        rule = analysis.long_chain_rule(game)
        if not rule.long_chains:
            return tr("No long chain is forming yet. {score}", score=score)
        return tr(
            "Long chains forming: {long_chains}; {dots} + {long_chains} is {parity}, which suits {favoured}. {score}",
            long_chains=rule.long_chains,
            dots=rule.dots,
            parity=tr("even") if (rule.dots + rule.long_chains) % 2 == 0 else tr("odd"),
            favoured=tr(SEATS[rule.favoured]),
            score=score,
        )
    if parts and not safe_lines(game) and not third_side_boxes(game):
        long_n = long_chain_count(game)
        if len(components(game)) == 1:
            return ntr(
                "No safe line left: {parts} — {n} long chain. {seat} must open it. {score}",
                "No safe line left: {parts} — {n} long chains. {seat} must open it. {score}",
                long_n,
                parts=describe_components(game),
                seat=tr(SEATS[game.to_move]),
                score=score,
            )
        return ntr(
            "No safe line left: {parts} — {n} long chain. {seat} must open one of them. {score}",
            "No safe line left: {parts} — {n} long chains. {seat} must open one of them. {score}",
            long_n,
            parts=describe_components(game),
            seat=tr(SEATS[game.to_move]),
            score=score,
        )
    return score


def step_through(name: str, title: str = "") -> StepThrough:
    """A step-through widget of a named sequence."""
    spec = SEQUENCES[name]
    width, height, _ = spec["start"]
    layout = BoardLayout.fit(width, height, max_px=300)
    return StepThrough(steps(name), size=layout.css_size, title=title)


# ----- exercises -------------------------------------------------------------------------------
@dataclass
class DotsExercise(Exercise):
    """An exercise on a position: ``click=True`` answers by clicking a line on the board."""

    game: DotsAndBoxes | None = None
    parts: bool = False  # tint chains and loops on the board (never on an exercise: seeing and
    # counting them is what the lessons teach)
    asks_best: bool = True  # a click asks for a move: the solver's best moves must be accepted
    level: str = ""  # "easy", "medium" or "hard" (set from LEVELS; shown in the lesson's heading)
    third_sides: bool = True  # tint boxes with a third side red (off where counting them is the question)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.click and self.position is None:
            self.position = self.game  # a move exercise: tests compare its answers with the solver


def _line_checker(game: DotsAndBoxes, judge: Callable[[str], tuple[bool, str]]) -> Callable[[Any], tuple[bool, str]]:
    """Parse a line (refusing bad input with the engine's reason), refuse drawn lines, then judge it."""

    def check(answer: Any) -> tuple[bool, str]:
        index = pupil_line(game, answer)
        name = game.line_name(index)
        if game.is_drawn(index):
            raise IllegalMoveError(tr("{name} is already drawn: pick a line that is not drawn yet.", name=name))
        return judge(name)

    return check


def pupil_line(game: DotsAndBoxes, answer: Any) -> int:
    """The line a pupil typed or clicked, or ``IllegalMoveError`` in plain words: the typed text in quotes (no
    program notation), then what is wrong with it."""
    text_ = str(answer).strip() if isinstance(answer, str) else ""
    if not text_ or "-" not in text_:
        raise IllegalMoveError(
            tr("“{text}” is not a line: write its two dots joined by a dash, like a1-b1.", text=text_ or str(answer))
        )
    try:
        return game.line_index(text_)
    except IllegalMoveError as refused:  # the engine's reason, with the text quoted for a reader
        reason = str(refused).split(": ", 1)[-1].replace("'a1-b1'", "a1-b1")
        raise IllegalMoveError(tr("“{text}”: {reason}.", text=text_, reason=reason.rstrip("."))) from None


def safe_line_exercise(name: str = "three_safe") -> DotsExercise:
    game = position(name)
    safe = safe_lines(game)
    seat = tr(SEATS[game.to_move])

    values = move_values(game)
    best = max(values.values())
    best_lines_ = [l for l, v in values.items() if v == best]

    def judge(name: str) -> tuple[bool, str]:
        if name in safe and name in best_lines_:
            return True, (
                tr(
                    "{name} is safe: after it, no box beside it has more than two sides, so nothing is given away.",
                    name=name,
                )
            )
        if name in safe:
            return True, (
                tr(
                    "{name} is safe: after it, no box beside it has more than two sides, so nothing is given away. "
                    "(Not the best safe line, though: later in the game {join} would leave you better off; lesson 4 "
                    "shows why.)",
                    name=name,
                    join=_join(best_lines_),
                )
            )
        after = game.copy()
        after.play(name)
        boxes = [b for b in third_side_boxes(after)]
        other = tr(SEATS[1 - game.to_move])
        return False, (
            ntr(
                "{name} gives box {boxes} its third side:",
                "{name} gives boxes {boxes} their third side:",
                len(boxes),
                name=name,
                boxes=_boxes(game, boxes),
            )
            + " "
            + ntr(
                "{other} could take {n} box at once.",
                "{other} could take {n} boxes at once.",
                takeable(after),
                other=other,
            )
        )

    wrong = [l for l in game.legal_moves() if l not in safe]
    prompt = (
        tr("{seat} to move. <b>Find a safe line</b>: one that gives no box a third side.", seat=seat)
        if len(safe) > 1
        else tr("{seat} to move. Every line but one gives a box its third side. <b>Find the safe line.</b>", seat=seat)
    )
    return DotsExercise(
        prompt,
        _line_checker(game, judge),
        hint=tr("A line is safe when each box beside it has at most one side drawn already."),
        answer=tr("the safe lines are {join}.", join=_join(safe))
        if len(safe) > 1
        else tr("the safe line is {line}.", line=safe[0]),
        solutions=safe,
        game=game,
        click=True,
        wrong=wrong,
        key="safe_line" if name == "three_safe" else f"safe_line_{name}",
        parts=False,
    )


def count_safe_exercise() -> DotsExercise:
    game = position("three_safe")
    n = len(safe_lines(game))

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, tr("Yes: {n} safe lines. The next exercise asks you to find them.", n=n)
        if k < n:
            return False, (
                tr(
                    "There are more than {k}. Check every undrawn line: is each box beside it still at one side or "
                    "fewer?",
                    k=k,
                )
            )
        return False, (
            tr(
                "Fewer than {k}: a line next to a box that already has two sides gives that box its third side, so "
                "it is not safe.",
                k=k,
            )
        )

    return DotsExercise(
        tr("How many safe lines are left on this board?"),
        check,
        hint=tr("Count the undrawn lines whose boxes all have at most one side drawn."),
        answer=f"{n}.",
        solutions=[n, str(n)],
        game=game,
        wrong=[n - 1, n + 1, 0],
        key="count_safe",
        parts=False,
        leaks=(tr("{n} safe lines", n=n), _join(safe_lines(game)), _safe_lines_left_caption(n)),
    )


def wins_safe_race(game: DotsAndBoxes) -> bool:
    """Whether the player to move, drawing only safe lines, can make the other player the first with no safe line
    left, however the other plays (every safe line is tried: a 3×3 board has few)."""
    for line in safe_lines(game):
        after = game.copy()
        after.play(line)
        if not wins_safe_race(after):
            return True
    return False


def safe_race_exercise(name: str = "race") -> DotsExercise:
    """Lesson 2's aim, "make it happen to the other player": the safe line after which the other player is the
    first to run out of safe lines, however both play (computed by trying every safe line, :func:`wins_safe_race`).
    Not a question about the best move of the whole game (``asks_best=False``)."""
    game = position(name)
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    safe = safe_lines(game)
    right = [l for l in safe if not wins_safe_race(_after(game, l))]
    if not right:
        raise ValueError(tr("{name}: no safe line here leaves the other player short first", name=name))

    def judge(line: str) -> tuple[bool, str]:
        if line not in safe:
            after = _after(game, line)
            return False, tr(
                "{line} is not safe: it gives box {boxes} a third side.",
                line=line,
                boxes=_boxes(game, third_side_boxes(after)),
            )
        after = _after(game, line)
        if line in right:
            return True, tr(
                "Yes: after {line}, {n} safe lines are left, and whatever {other} draws, {seat} can "
                "answer so that {other} is the first with no safe line left.",
                line=line,
                n=len(safe_lines(after)),
                other=other,
                seat=seat,
            )
        reply = next(l for l in safe_lines(after) if not wins_safe_race(_after(after, l)))
        return False, tr(
            "After {line}, {other} can answer {reply}, and then {seat} is the first with no safe line "
            "left. Count which safe lines spoil each other.",
            line=line,
            other=other,
            reply=reply,
            seat=seat,
        )

    return DotsExercise(
        tr(
            "{seat} to move; {n} safe lines are left. From now on both players draw only safe lines "
            "while they can. <b>Which safe line makes {other} the first with no safe line left?</b>",
            seat=seat,
            n=len(safe),
            other=other,
        ),
        _line_checker(game, judge),
        hint=tr(
            "Some safe lines touch the same box: once one is drawn, the other is no longer safe. "
            "Count how many safe lines can still be drawn after yours."
        ),
        answer=f"{_join(right)}.",
        solutions=right,
        game=game,
        click=True,
        asks_best=False,
        parts=False,
        key="safe_race",
        wrong=[l for l in safe if l not in right] + [l for l in game.legal_moves() if l not in safe][:2],
    )


def _after(game: DotsAndBoxes, line: str) -> DotsAndBoxes:
    after = game.copy()
    after.play(line)
    return after


def _safe_lines_left_caption(n: int) -> str:
    """How a step-through caption says "n safe lines left" (a leak for an exercise whose answer is n)."""
    full = tr(
        "{seat} draws {name}, a safe line: no box gets a third side. Safe lines left: {left}.",
        seat="\0",
        name="\0",
        left=n,
    )
    return full.split("\0")[-1]


def take_box_exercise(name: str = "take_first") -> DotsExercise:
    game = position(name)
    seat = tr(SEATS[game.to_move])
    taking = [l for l in game.legal_moves() if _completes(game, l)]

    def judge(name: str) -> tuple[bool, str]:
        if name in taking:
            return True, tr("{name} is the fourth side of a box: it is yours, and you draw again.", name=name)
        on_offer = _boxes(game, third_side_boxes(game))
        gifts = [box for box in game.geometry.line_boxes[game.line_index(name)] if game.sides_drawn(box) == 2]
        if gifts:
            return False, ntr(
                "{name} does not complete a box: box {boxes} had only two sides, and now it has three, a gift for "
                "the other player. Box {on_offer} is the one with three sides: draw its missing side.",
                "{name} does not complete a box: boxes {boxes} had only two sides, and now they have three, a gift "
                "for the other player. Box {on_offer} is the one with three sides: draw its missing side.",
                len(gifts),
                name=name,
                boxes=_boxes(game, gifts),
                on_offer=on_offer,
            )
        return False, (
            tr(
                "{name} does not complete a box. Box {on_offer} already has three sides: draw its missing side.",
                name=name,
                on_offer=on_offer,
            )
        )

    return DotsExercise(
        tr("{seat} to move. <b>Find a line that takes a box.</b>", seat=seat),
        _line_checker(game, judge),
        hint=tr("Find the box with three sides drawn."),
        answer=f"{_join(taking)}.",
        solutions=taking,
        game=game,
        click=True,
        wrong=[l for l in game.legal_moves() if l not in taking],
        key="take_box" if name == "take_first" else f"take_box_{name}",
        parts=False,
        third_sides=False,
    )


def _completes(game: DotsAndBoxes, line: str) -> bool:
    return boxes_won(game, line) > 0


def how_many_exercise(name: str = "open_four") -> DotsExercise:
    game = position(name)
    n = takeable(game)
    seat = tr(SEATS[game.to_move])

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, (
                tr(
                    "Yes, {n}: each box you take gives the next one its third side, so you can take them all, one "
                    "box after another.",
                    n=n,
                )
            )
        if k == 1:
            return False, (
                tr(
                    "Only one box has three sides now — but after you take it, the box next to it has three sides "
                    "too. Keep counting."
                )
            )
        if k < n:
            return False, tr(
                "More than {k}: keep following the boxes, one after another, until taking a box gives no other box "
                "its third side.",
                k=k,
            )
        return False, (tr("Fewer than {k}: the run stops when taking a box gives no other box its third side.", k=k))

    return DotsExercise(
        tr("{seat} to move. <b>How many boxes can {seat} take now, one after another?</b>", seat=seat),
        check,
        hint=tr("Take the box with three sides in your head, then look at its neighbour."),
        answer=f"{n}.",
        solutions=[n, f" {n} "],
        game=game,
        wrong=[1, n - 1, n + 1],
        key="how_many" if name == "open_four" else f"how_many_{name}",
        parts=False,
    )


def _parts_of(game: DotsAndBoxes, kind: str) -> list[int]:
    return sorted((p.length for p in components(game) if p.kind == kind), reverse=True)


def count_chains_exercise(name: str = "four_by_four") -> DotsExercise:
    game = position(name)
    chains, loops = _parts_of(game, "chain"), _parts_of(game, "loop")
    n = len(chains)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            if name == "four_by_four":
                return True, tr("Yes: {n} chains. The next exercise asks how long they are.", n=n)
            return True, ntr("Yes: {n} chain.", "Yes: {n} chains.", n)
        if k == n + len(loops) and loops:
            return False, (
                ntr(
                    "One too many. Did you count the loop? A loop closes on itself: it has no end at all, so it is "
                    "not a chain. Or did you split a chain where it turns a corner? It is still one chain.",
                    "Too many. Did you count the loops? A loop closes on itself: it has no end at all, so it is "
                    "not a chain. Or did you split a chain where it turns a corner? It is still one chain.",
                    len(loops),
                )
            )
        if k < n and any(length < 3 for length in chains):
            return False, tr("More than that: short chains count too, even a chain of one or two boxes.")
        if k < n:
            return False, tr(
                "More than that: where one run of linked boxes stops, look for the next one. Every box "
                "left belongs to a chain or a loop."
            )
        return False, (
            tr(
                "Fewer than that: boxes that are linked through undrawn lines belong to the same chain, even when "
                "it turns a corner."
            )
        )

    wrong = [w for w in dict.fromkeys([n - 1, n + 1, n + len(loops)]) if w != n and w >= 0]
    return DotsExercise(
        tr("No safe line is left. <b>How many chains</b> are on this board (loops not counted)?"),
        check,
        hint=tr(
            "Start at a box with two sides drawn and follow its undrawn sides box by box: where the run stops is an "
            "end. A loop has no ends."
        ),
        answer=f"{n}.",
        solutions=[n],
        game=game,
        wrong=wrong,
        key=f"count_chains_{name}",
        parts=False,
        leaks=(describe_components(game), f"{n} chains"),
    )


def _parse_lengths(answer: Any) -> list[int]:
    import re

    if isinstance(answer, (list, tuple)):
        return sorted((parse_int(a) for a in answer), reverse=True)
    bits = [b for b in re.split(r"[,;\s]+|\band\b", str(answer)) if b.strip()]
    if not bits:
        raise ValueError(tr("Type the lengths separated by commas, like 3, 2, 5."))
    return sorted((parse_int(b) for b in bits), reverse=True)


def chain_lengths_exercise(name: str = "four_by_four") -> DotsExercise:
    game = position(name)
    chains, loops = _parts_of(game, "chain"), _parts_of(game, "loop")

    def check(answer: Any) -> tuple[bool, str]:
        got = _parse_lengths(answer)
        if got == chains:
            return True, tr(
                "Yes: chains of {join} ({sum} boxes); the loop is not a chain.", join=_join(chains), sum=sum(chains)
            )
        if sorted(chains + loops, reverse=True) == got:
            return False, tr("Those are right, but one of them is a loop: leave the loop out.")
        if sum(got) != sum(chains) and len(got) == len(chains):
            return False, tr(
                "The right number of chains, but the lengths add up to {sum}, not {sum2}.",
                sum=sum(got),
                sum2=sum(chains),
            )
        if len(got) != len(chains):
            return False, (
                ntr(
                    "You listed {n} length; there are {chains} chains.",
                    "You listed {n} lengths; there are {chains} chains.",
                    len(got),
                    chains=len(chains),
                )
            )
        return False, tr(
            "The total is right but the lengths are not: follow each chain from one end to the other, box by box."
        )

    return DotsExercise(
        tr("<b>Give the length of every chain</b>, separated by commas (any order)."),
        check,
        hint=tr(
            "Follow each run of boxes from one end to the other and count its boxes; a run that closes on itself is "
            "a loop."
        ),
        answer=f"{_join(chains)}.",
        solutions=[", ".join(map(str, chains)), " ".join(map(str, reversed(chains))), tuple(chains)],
        game=game,
        wrong=[", ".join(map(str, chains + loops)), "1, 2", "3, 3, 4"],
        key=f"chain_lengths_{name}",
        parts=False,
        leaks=(describe_components(game), _join(chains), ", ".join(map(str, chains))),
    )


def count_loops_exercise(name: str = "two_loops") -> DotsExercise:
    game = position(name)
    loops = _parts_of(game, "loop")
    total = sum(loops)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == total:
            return True, tr("Yes: loops of {join}, {total} boxes in all.", join=_join(loops), total=total)
        if k == len(loops):
            return False, tr("That is how many loops there are; now count the boxes inside them.")
        if len(loops) > 1 and k in loops:
            return False, tr(
                "{k} is one loop. There is more than one loop on this board: find every one and add up their boxes.",
                k=k,
            )
        return False, (
            ntr(
                "Not {k}. A loop is a ring of boxes with no end at all, neither at the edge nor at a junction: find "
                "it and add up the boxes.",
                "Not {k}. A loop is a ring of boxes with no end at all, neither at the edge nor at a junction: find "
                "each one and add up the boxes.",
                len(loops),
                k=k,
            )
        )

    return DotsExercise(
        tr("<b>How many boxes are in loops</b> on this board?"),
        check,
        hint=tr("A loop is a ring: follow its boxes and you come back to where you started."),
        answer=f"{total} ({_join(loops)}).",
        parts=False,
        solutions=[total],
        game=game,
        wrong=list(dict.fromkeys([len(loops), *loops, total - 1, total + 2])),
        key=f"count_loops_{name}",
        leaks=(describe_components(game), tr("loops of {join}", join=_join(loops))),
    )


def _line_parts(game: DotsAndBoxes, line: str) -> list[Component]:
    """The chains and loops whose boxes ``line`` touches."""
    boxes = set(game.geometry.line_boxes[game.line_index(line)])
    return [p for p in components(game) if boxes & set(p.boxes)]


def why_line(game: DotsAndBoxes, line: str) -> str:
    """What ``line`` does in ``game``, in the words of lessons 2–5 (plain text, one or two sentences)."""
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    after = game.copy()
    won = boxes_won(game, line)
    after.play(line)
    if won:
        return ntr(
            "it takes {n} box and {seat} draws again.", "it takes {n} boxes and {seat} draws again.", won, seat=seat
        )
    on_offer = third_side_boxes(game)
    if on_offer and line in safe_lines(game):
        return ntr(
            "it takes nothing and leaves box {boxes} (three sides drawn) for {other} to take.",
            "it takes nothing and leaves boxes {boxes} (three sides drawn) for {other} to take.",
            len(on_offer),
            boxes=_boxes(game, on_offer),
            other=other,
        )
    if line in safe_lines(game):
        rule = analysis.long_chain_rule(after)
        total = rule.dots + rule.long_chains
        return ntr(
            "it is safe; after it {n} long chain is forming: {dots} + {n} = {total} is {parity}, the count "
            "{favoured} wants.",
            "it is safe; after it {n} long chains are forming: {dots} + {n} = {total} is {parity}, the count "
            "{favoured} wants.",
            rule.long_chains,
            dots=rule.dots,
            total=total,
            parity=tr("even") if total % 2 == 0 else tr("odd"),
            favoured=tr(SEATS[rule.favoured]),
        )
    given = takeable(after)
    offered = {b for p in components(game) if p.opened for b in p.boxes}
    touched = set(game.geometry.line_boxes[game.line_index(line)])
    offered_left = {b for b in offered if game.owners[b] is None}
    if offered and (touched <= offered or given <= len(offered_left)):
        return ntr(
            "it takes nothing and leaves {n} box to {other}, who must then open the next chain.",
            "it takes nothing and leaves {n} boxes to {other}, who must then open the next chain.",
            given,
            other=other,
        )
    if offered:
        return tr(
            "it leaves the boxes on offer and gives more away: {other} can take {given} in a row.",
            other=other,
            given=given,
        )
    parts = _line_parts(game, line)
    two = [p for p in parts if p.kind == "chain" and p.length == 2]
    if len(parts) == 1 and two:
        shared = _shared_line_name(game, two[0])
        if line == shared:
            return tr(
                "it opens the 2-chain by its middle line: each box gets its own third side, so {other} can take "
                "both boxes but cannot leave both to {seat} with one line.",
                other=other,
                seat=seat,
            )
        if safe_lines(game):
            return tr("it opens the 2-chain at an end: {other} can take both boxes and draw again.", other=other)
        return tr(
            "it opens the 2-chain at an end: {other} can take both boxes, or draw the other end and leave both to "
            "{seat}, who then must open the next chain.",
            other=other,
            seat=seat,
        )
    what = describe_parts(parts)
    return ntr(
        "it opens {what}: {other} can take that box.",
        "it opens {what}: {other} can take {n} boxes in a row.",
        given,
        what=what,
        other=other,
    )


def describe_parts(parts: Sequence[Component]) -> str:
    return tr(" and ").join(
        tr("the loop of {length}", length=p.length)
        if p.kind == "loop"
        else tr("the chain of {length}", length=p.length)
        for p in parts
    ) or tr("a new box")


def _shared_line_name(game: DotsAndBoxes, chain: Component) -> str | None:
    a, b = chain.boxes[0], chain.boxes[-1]
    common = set(game.geometry.box_lines[a]) & set(game.geometry.box_lines[b])
    return game.line_name(next(iter(common))) if common else None


def best_move_exercise(name: str, prompt: str, hint: str, *, key: str = "", parts: bool = False) -> DotsExercise:
    """ "Click the best line" on a named position, checked by the exact solver.

    Accepted: exactly the lines the solver rates best.  Every other line is refused with what it
    does (:func:`why_line`) and both results, so a pupil learns why it is worse.
    """
    game = position(name)
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    seat = tr(SEATS[game.to_move])
    safe = set(safe_lines(game))

    def judge(line: str) -> tuple[bool, str]:
        v = values[line]
        why = why_line(game, line)
        if v == best:
            return True, tr(
                "Yes: {line} — {why} With best play the game then ends {final}.",
                line=line,
                why=why,
                final=_ends(game, v),
            )
        if _wins(game, v):  # still a win, by less: the prompt asks for the most boxes, so say exactly that
            return False, tr(
                "{line}: {why} {seat} still wins, but by less: {final} instead of {final2}.",
                line=line,
                why=why,
                seat=seat,
                final=_ends(game, v),
                final2=_ends(game, best),
            )
        return False, tr(
            "{line}: {why} With best play the game would then end {final}; a better line ends it {final2}.",
            line=line,
            why=why,
            final=_ends(game, v),
            final2=_ends(game, best),
        )

    return DotsExercise(
        prompt,
        _line_checker(game, judge),
        hint=hint,
        answer=f"{_join(right)}.",
        solutions=right,
        game=game,
        click=True,
        key=key or name,
        parts=parts,
        wrong=sorted(
            (l for l in values if l not in right),  # most tempting first
            key=lambda l: (-values[l], l not in safe, l),
        ),
    )


HAND_OVER_HINTS = {
    "chains_234": N_(
        "Give away as little as possible. A chain can be opened at an end or in the middle: picture both."
    ),
    "give_single": N_(
        "For each thing you could open, count the boxes it gives away, then ask who must open the next one."
    ),
}
"""The hint of each hand-over exercise (a single box has no middle line: its hint does not speak of one)."""


def hand_over_exercise(name: str = "chains_234") -> DotsExercise:
    """No safe line left: hand over the short chain that keeps the win (chains of 2, 3 and 4: only the middle line
    of the 2-chain; chains of 5, 3 and 1: the single box)."""
    game = position(name)
    return best_move_exercise(
        name,
        tr(
            "{seat_name} must open a chain. <b>Which line keeps {seat_name} winning?</b>",
            seat_name=tr(SEATS[game.to_move]),
        ),
        tr(HAND_OVER_HINTS[name]),
        key=f"hand_over_{name}",
    )


# lesson 4
def parity_exercise(width: int = 5, height: int = 4, seat: int = 0, most: int = 4) -> DotsExercise:
    """Which numbers of long chains, from 1 to ``most``, suit ``seat`` on a ``width``×``height`` board?"""
    dots = geometry(width, height).n_dots
    parity = wanted_parity(width, height, seat)
    counts = [k for k in range(1, most + 1) if (k % 2 == 0) == (parity == "even")]
    others = [k for k in range(1, most + 1) if k not in counts]
    who = tr(SEATS[seat])
    role = tr("moves first") if seat == 0 else tr("moves second")
    why = tr("{dots} dots; the first player wants dots + long chains even, the second player wants it odd.", dots=dots)

    def check(answer: Any) -> tuple[bool, str]:
        if _parity_word(answer) is not None:  # "even" / «pares»: the question asks for the numbers themselves
            raise ValueError(
                tr(
                    "{answer!r} is a word: type the numbers themselves, from 1 to {most}, separated by commas.",
                    answer=str(answer).strip(),
                    most=most,
                )
            )
        got = sorted(set(_parse_lengths(answer)))
        if any(k < 1 or k > most for k in got):
            raise ValueError(tr("Type numbers from 1 to {most}, separated by commas.", most=most))
        if got == counts:
            return True, tr(
                "Right: {why} So {who}, who {role}, wants an {parity} number of long chains: {join}.",
                why=why,
                who=who,
                role=role,
                parity=tr(parity),
                join=_join(counts),
            )
        if got == others:
            return False, tr("Those suit the other player. {why}", why=why)
        if set(got) < set(counts):
            return False, tr(
                "Those suit {who}, but not only those: check every number from 1 to {most}.", who=who, most=most
            )
        return False, tr("Not all of those suit {who}. {why}", who=who, why=why)

    return DotsExercise(
        tr(
            "On the {width}×{height} board, {who} {role}. <b>Which numbers of long chains, from 1 to {most}, suit "
            "{who}?</b> Give all of them, separated by commas.",
            width=width,
            height=height,
            who=who,
            role=role,
            most=most,
        ),
        check,
        hint=tr(
            "Count the dots: ({width}+1) × ({height}+1). Then try each number: is dots + that number even or odd?",
            width=width,
            height=height,
        ),
        answer=f"{_join(counts)}.",
        solutions=[", ".join(map(str, counts)), tuple(counts)],
        wrong=[", ".join(map(str, others)), str(counts[0]), ", ".join(map(str, range(1, most + 1)))],
        key=f"parity_{width}x{height}_{seat}",
        leaks=(f"<td>{width}×{height}", f"{width}×{height}: {who} wants"),
    )


def _parity_word(answer: Any) -> str | None:
    """ "even" or "odd" when a pupil typed the parity as a word ("even", "odds", «par», «impares»), else None."""
    if not isinstance(answer, str):
        return None
    word = answer.strip().lower().rstrip(".")
    forms = {word, word[:-1] if word.endswith("s") else word, word[:-2] if word.endswith("es") else word}
    for parity in ("even", "odd"):
        if forms & {parity, tr(parity).lower()}:
            return parity
    return None


def count_long_exercise(name: str = "long_count") -> DotsExercise:
    game = position(name)
    n = long_chain_count(game)
    loops = _parts_of(game, "loop")
    short = [c for c in _parts_of(game, "chain") if c < 3]
    everything = n + len(loops) + len(short)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, tr(
                "Yes, {n}: {describe_components}; loops and chains of 1 or 2 do not count.",
                n=n,
                describe_components=describe_components(game),
            )
        if loops and short and k == everything:
            return False, tr("You counted every group of boxes. Leave out the loops and the chains of 1 or 2 boxes.")
        if loops and k == n + len(loops) and 2 in short and len(loops) == 1:  # the loop, or the 2-chain, counted
            return False, tr(
                "One too many: either you counted the loop (loops never count, however long they are) "
                "or the chain of 2 (a long chain has 3 boxes or more)."
            )
        if loops and k == n + len(loops):
            return False, tr("Loops do not count as long chains, however long they are.")
        if short and k == n + len(short):
            return False, tr("A long chain has 3 boxes or more: leave out the short ones.")
        if k < n:
            return False, tr(
                "More than {k}: follow every run of boxes to its two ends, even where it turns a corner.", k=k
            )
        return False, (tr("Not {k}. Count the chains with 3 boxes or more — not the loops, not chains of 1 or 2.", k=k))

    wrong = list(dict.fromkeys(w for w in (n + len(loops), n + len(short), everything, n - 1) if w != n and w >= 0))
    return DotsExercise(
        tr("<b>How many long chains</b> are on this board?"),
        check,
        hint=tr("Long = 3 boxes or more. Loops never count."),
        answer=f"{n}.",
        solutions=[n],
        game=game,
        wrong=wrong,
        key=f"count_long_{name}",
        parts=False,
        leaks=(describe_components(game), tr("{n} long chain", n=n)),
    )


def total_exercise(name: str = "long_chains") -> DotsExercise:
    """The count before the verdict: dots + long chains of a position with no safe line left (a number, so it
    cannot be guessed; the next exercise asks who wins on the same board).  The right answer's feedback states the
    sum only, not whom it suits."""
    game = position(name)
    rule = analysis.long_chain_rule(game)
    dots, n = rule.dots, rule.long_chains
    total = dots + n
    boxes = game.geometry.n_boxes
    loops = _parts_of(game, "loop")
    short = [c for c in _parts_of(game, "chain") if c < 3]
    reasons = {n: tr("That is the long chains alone: add the dots too.")}
    reasons[boxes + n] = tr(
        "You added the boxes ({boxes}); the rule counts the dots ({width}+1) × ({height}+1).",
        boxes=boxes,
        width=game.width,
        height=game.height,
    )
    if loops:
        reasons[total + len(loops)] = tr("Loops do not count as long chains, however long they are.")
    if short:
        reasons[total + len(short)] = tr("A long chain has 3 boxes or more: leave out the short ones.")
    for found in range(n):
        reasons.setdefault(
            dots + found,
            tr("That is the dots alone: add the long chains (chains of 3 boxes or more).")
            if found == 0
            else ntr(
                "{dots} + {n}: you found {n} long chain, and there are more. Follow every run of linked "
                "boxes to its end, round its corners: each run of 3 boxes or more counts once.",
                "{dots} + {n}: you found {n} long chains, and there are more. Follow every run of linked "
                "boxes to its end, round its corners: each run of 3 boxes or more counts once.",
                found,
                dots=dots,
            ),
        )
    reasons.pop(total, None)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == total:
            return True, ntr(
                "Yes: {dots} dots + {n} long chain = {total}.",
                "Yes: {dots} dots + {n} long chains = {total}.",
                n,
                dots=dots,
                total=total,
            )
        if k in reasons:
            return False, reasons[k]
        return False, tr(
            "Not {k}. Count the dots, ({width}+1) × ({height}+1), then the chains of 3 boxes or more, and add them.",
            k=k,
            width=game.width,
            height=game.height,
        )

    return DotsExercise(
        tr("No safe line is left. <b>What is dots + long chains</b> on this board?"),
        check,
        hint=tr(
            "Dots first: ({width}+1) × ({height}+1). Then the long chains: 3 boxes or more, no loops.",
            width=game.width,
            height=game.height,
        ),
        answer=f"{total}.",
        solutions=[total, str(total)],
        game=game,
        parts=False,
        wrong=list(reasons) + [total + 2],
        key=f"total_{name}",
        leaks=(describe_components(game),),
    )


def who_wins_exercise(name: str = "long_chains") -> DotsExercise:
    game = position(name)
    mover = game.to_move
    value = solve(game)
    g, c = game.scores
    final = [g, c]
    rest = game.geometry.n_boxes - g - c
    mine = (rest + value) // 2
    final[mover] += mine
    final[1 - mover] += rest - mine
    winner = "Gold" if final[0] > final[1] else "Coral" if final[1] > final[0] else "Draw"
    rule = analysis.long_chain_rule(game)
    long_n, dots = rule.long_chains, rule.dots
    wants = (
        tr("even, what Gold (the first player) wants")
        if (dots + long_n) % 2 == 0
        else tr("odd, what Coral (the second player) wants")
    )
    reason = ntr(
        "with best play the game ends Gold {gold}, Coral {coral}. There is {n} long chain and {dots} dots: "
        "{dots} + {n} = {sum} is {wants}: {loser} has to open the long chains.",
        "with best play the game ends Gold {gold}, Coral {coral}. There are {n} long chains and {dots} dots: "
        "{dots} + {n} = {sum} is {wants}: {loser} has to open the long chains.",
        long_n,
        gold=final[0],
        coral=final[1],
        dots=dots,
        sum=dots + long_n,
        wants=wants,
        loser=tr(SEATS[1 - rule.favoured]),
    )
    # the other side: most often the rule turned round (whom an even total suits), or a miscounted long chain
    backwards = tr(
        "No: {dots} + {n} = {sum} is {parity}. The first player (Gold) wants even and the second (Coral) "
        "wants odd, so this count suits {winner}: check that you did not turn the rule round, and that you "
        "counted only chains of 3 boxes or more. With best play the game ends Gold {gold}, Coral {coral}.",
        dots=dots,
        n=long_n,
        sum=dots + long_n,
        parity=tr("even") if (dots + long_n) % 2 == 0 else tr("odd"),
        winner=tr(SEATS[rule.favoured]),
        gold=final[0],
        coral=final[1],
    )
    explain = {
        w: tr("Right: {reason}", reason=reason)
        if w == winner
        else tr("No: a draw needs the boxes shared equally, and here they are not: {reason}", reason=reason)
        if w == "Draw"
        else backwards
        for w in (N_("Gold"), N_("Coral"), N_("Draw"))
    }
    return DotsExercise(
        tr("{seat_name} to move; no safe line is left. <b>Who wins with best play?</b>", seat_name=tr(SEATS[mover])),
        choice_checker(winner, explain),
        hint=tr("Count the long chains and add the dots."),
        answer=f"{tr(winner)}: {reason}",
        solutions=[winner],
        choices=["Gold", "Coral", "Draw"],
        game=game,
        wrong=[w for w in ("Gold", "Coral", "Draw") if w != winner],
        key=f"who_wins_{name}",
        leaks=(tr("Gold {final}, Coral {final2}", final=final[0], final2=final[1]),),
    )


# lesson 5
def keep_control_exercise(name: str = "keep_control") -> DotsExercise:
    """The opponent opened a long chain, two boxes are left and a long chain comes next: keep control."""
    game = position(name)
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])

    def judge(name: str) -> tuple[bool, str]:
        v = values[name]
        if v == best:
            return True, tr(
                "Yes: {name} leaves the last two boxes to {other}, who takes them and must then open the next "
                "chain. With best play the game ends {final}.",
                name=name,
                other=other,
                final=_ends(game, v),
            )
        if _completes(game, name):
            return False, tr(
                "{name} grabs a box, but after the last one {seat} has to open the next chain and {other} takes it: "
                "the game ends {final} instead of {final2}.",
                name=name,
                seat=seat,
                other=other,
                final=_ends(game, v),
                final2=_ends(game, best),
            )
        return False, tr(
            "{name} leaves the two boxes on offer and opens more besides: {other} takes them and takes control, and "
            "the game ends {final} instead of {final2}.",
            name=name,
            other=other,
            final=_ends(game, v),
            final2=_ends(game, best),
        )

    return DotsExercise(
        _mid_chain_prompt(game),
        _line_checker(game, judge),
        hint=tr("Before you take the next box, ask: after this chain, who has to open the next one?"),
        answer=tr("{join} (the double-deal).", join=_join(right)),
        solutions=right,
        game=game,
        click=True,
        wrong=[l for l in values if l not in right],
        key=name,
    )


def steer_exercise(name: str) -> DotsExercise:
    """Safe lines are left: click the safe line that steers towards the long-chain count the mover wants."""
    game = position(name)
    seat = tr(SEATS[game.to_move])
    n = len(safe_lines(game))
    return best_move_exercise(
        name,
        tr("{seat} to move; {n} safe lines are left. <b>Which line wins {seat} the most boxes?</b>", seat=seat, n=n),
        tr("For each safe line, picture the chains once it is drawn: how many will be 3 boxes or longer?"),
        key=f"steer_{name}",
    )


def sacrifice_exercise(name: str = "sacrifice") -> DotsExercise:
    """Safe lines are left, but every one of them leaves the wrong count: give boxes away instead."""
    game = position(name)
    seat = tr(SEATS[game.to_move])
    n = len(safe_lines(game))
    ex = best_move_exercise(
        name,
        ntr(
            "{seat} to move; {n} safe line is left. <b>Which line keeps {seat} winning?</b>",
            "{seat} to move; {n} safe lines are left. <b>Which line keeps {seat} winning?</b>",
            n,
            seat=seat,
        ),
        tr(
            "Try each safe line and count the long chains it leaves. If none gives the count you want, what could a "
            "box or two given away now change?"
        ),
        key=name if name.startswith("sacrifice_") else f"sacrifice_{name}",
    )
    judge_line = ex.checker

    safe = safe_lines(game)
    other = tr(SEATS[1 - game.to_move])
    values = move_values(game)

    def check(answer: Any) -> tuple[bool, str]:
        ok, feedback = judge_line(answer)
        line = game.line_name(game.line_index(answer))
        if line in safe or boxes_won(game, line):
            return ok, feedback
        if ok:
            return ok, feedback + " " + gift_count(game, line)
        parts = _line_parts(game, line)
        two = [p for p in parts if p.kind == "chain" and p.length == 2]
        if len(parts) == 1 and two and line != _shared_line_name(game, two[0]):
            return ok, tr(
                "{line}: it opens a 2-chain at an end, and a 2-chain opened at an end can be refused: {other} "
                "can take both boxes, or draw the other end and leave both to {seat}. With best play the game "
                "would then end {final}; a better line ends it {final2}.",
                line=line,
                other=other,
                seat=seat,
                final=_ends(game, values[line]),
                final2=_ends(game, max(values.values())),
            )
        after = _taken(game, line)
        if analysis.long_chain_rule(after).favoured == game.to_move:
            for reply in safe_lines(after):
                rule = analysis.long_chain_rule(_after(after, reply))
                if rule.favoured != game.to_move:
                    return ok, feedback + " " + ntr(
                        "Once {other} has taken the gift, {other} still has a safe line, {reply}, and after it {n} "
                        "long "
                        "chain is forming: the count {other} wants.",
                        "Once {other} has taken the gift, {other} still has a safe line, {reply}, and after it {n} "
                        "long "
                        "chains are forming: the count {other} wants.",
                        rule.long_chains,
                        other=other,
                        reply=reply,
                    )
            return ok, feedback
        return ok, feedback + " " + gift_count(game, line)

    ex.checker = check
    return ex


def _taken(game: DotsAndBoxes, line: str) -> DotsAndBoxes:
    """The position once ``line`` is drawn and the other player has taken every box it offers (a gift taken)."""
    after = game.copy()
    after.play(line)
    taker = after.to_move
    while after.to_move == taker and analysis.capture_lines(after) and not after.is_over():
        after.play(analysis.capture_lines(after)[0])
    return after


def gift_count(game: DotsAndBoxes, line: str) -> str:
    """How giving boxes away with ``line`` changes the long-chain count: the count once the other player has taken
    the gift, in the words of lesson 4 (computed by the analysis of that position)."""
    rule = analysis.long_chain_rule(_taken(game, line))
    total = rule.dots + rule.long_chains
    return ntr(
        "Once {other} has taken the gift, {n} long chain is forming: {dots} + {n} = {total} is {parity}, the "
        "count {favoured} wants.",
        "Once {other} has taken the gift, {n} long chains are forming: {dots} + {n} = {total} is {parity}, the "
        "count {favoured} wants.",
        rule.long_chains,
        other=tr(SEATS[1 - game.to_move]),
        dots=rule.dots,
        total=total,
        parity=tr("even") if total % 2 == 0 else tr("odd"),
        favoured=tr(SEATS[rule.favoured]),
    )


def decisive_move(moves: str = REAL_GAME, width: int = 3, height: int = 3) -> dict[str, Any]:
    """The move of a recorded game after which the result with best play changed for the last time.

    Returns ``{"index", "seat", "line", "before", "after", "better"}``: the move's number (0-based), who drew
    it, the line, the mover's value with best play before and after it (boxes left, exact solver) and the
    lines that would have kept the better result.
    """
    lines = moves.split()
    games = [DotsAndBoxes(width, height)]
    for line in lines:  # the position before each move
        games.append(games[-1].copy())
        games[-1].play(line)
    for i in range(len(lines) - 1, -1, -1):  # from the end: the first change found is the last one
        game = games[i]
        values = move_values(game)
        best = max(values.values())
        name = game.line_name(game.line_index(lines[i]))
        if (best > 0) - (best < 0) != (values[name] > 0) - (values[name] < 0):
            return {
                "index": i,
                "seat": game.to_move,
                "line": name,
                "before": best,
                "after": values[name],
                "better": [l for l, v in values.items() if v == best],
            }
    raise ValueError(tr("no move of this game changed its result"))


# lesson 1
def name_line_exercise(line: str = "b1-c1") -> DotsExercise:
    """Read the notation: one line is drawn on an empty 3×3 board; write its name (on screen or on paper)."""
    game = DotsAndBoxes.from_moves(3, 3, line)
    a, b = line.split("-")
    across = a[1] == b[1]
    col = lambda d, k: chr(ord(d[0]) + k) + d[1:]
    row = lambda d, k: d[0] + str(int(d[1:]) + k)
    rows_up = lambda d: d[0] + str(game.height + 2 - int(d[1:]))  # rows counted from the bottom
    turned = f"{a}-{row(a, 1)}" if across else f"{a}-{col(a, 1)}"  # across and down mixed up
    reasons = {
        f"{col(a, -1)}-{col(b, -1)}" if across else f"{row(a, -1)}-{row(b, -1)}": N_(
            "That line is one column or one "
            "row too early: the letters start at a, the first column, and the numbers at 1, the top row."
        ),
        f"{rows_up(a)}-{rows_up(b)}" if across else f"{rows_up(b)}-{rows_up(a)}": N_(
            "Rows are numbered from the top: row 1 is the top row of dots."
        ),
        turned: N_(
            "That line runs the other way. A line across joins two dots with the same number; a line down "
            "joins two dots with the same letter."
        ),
    }

    def check(answer: Any) -> tuple[bool, str]:
        index = pupil_line(game, answer)
        name = game.line_name(index)
        if name == line:
            return True, tr(
                "Yes: {line} joins dot {first} (column {column}, row {row}) and dot {second}.",
                line=line,
                first=a,
                column=a[0],
                row=a[1:],
                second=b,
            )
        if name in reasons:
            return False, tr("Not {name}. {why}", name=name, why=tr(reasons[name]))
        x, y = name.split("-")
        return False, tr(
            "Not {name}: that line goes from {a} (column {a2}, row {a3}) to {b}. Find the drawn line's "
            "two dots: the letter above each, the number beside each.",
            name=name,
            a=x,
            a2=x[0],
            a3=x[1:],
            b=y,
        )

    return DotsExercise(
        tr("One line is drawn on this board. <b>What is its name?</b> Write its two dots joined by a dash."),
        check,
        hint=tr("For each end of the line, read the column letter along the top and the row number down the side."),
        answer=line,
        solutions=[line, f"{b}-{a}"],
        game=game,
        parts=False,
        third_sides=False,
        wrong=list(reasons) + ["a1-b1"],
        key="name_line",
        leaks=(f"{line} joins",),
    )


def two_boxes_exercise(name: str = "two_boxes") -> DotsExercise:
    """Rule 2 on a board: one line that is the fourth side of two boxes wins both (a line that wins one box, and
    lines that win none, are the wrong answers, each told why)."""
    game = position(name)
    counts = {l: boxes_won(game, l) for l in game.legal_moves()}
    right = [l for l, n in counts.items() if n == 2]
    if len(right) != 1:
        raise ValueError(tr("{name}: this exercise needs exactly one line that wins two boxes", name=name))

    def judge(line: str) -> tuple[bool, str]:
        won = [b for b in game.geometry.line_boxes[game.line_index(line)] if game.sides_drawn(b) == 3]
        if counts[line] == 2:
            return True, tr(
                "Yes: {line} is the fourth side of boxes {boxes}, so it wins both, and the same player draws again.",
                line=line,
                boxes=_boxes(game, won),
            )
        if counts[line] == 1:
            return False, tr(
                "{line} wins box {boxes}, only one box: the box on its other side still has a side missing.",
                line=line,
                boxes=_boxes(game, won),
            )
        return False, tr("{line} wins no box: no box beside it has three sides drawn.", line=line)

    return DotsExercise(
        tr("<b>Which line wins two boxes at once?</b>"),
        _line_checker(game, judge),
        hint=tr("Look for two boxes side by side, each with three sides drawn, missing the same line."),
        answer=f"{right[0]}.",
        solutions=right,
        game=game,
        click=True,
        parts=False,
        asks_best=False,
        third_sides=False,
        key="two_boxes",
        wrong=sorted(counts, key=lambda l: (-counts[l], l))[1:5],
    )


def first_box_exercise() -> DotsExercise:
    """Win the box with three sides.  The feedback uses lesson 1's words only (no solver talk)."""
    game = position("first_box")
    seat = tr(SEATS[game.to_move])
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    box = third_side_boxes(game)

    def judge(name: str) -> tuple[bool, str]:
        if name in right:
            return True, tr(
                "Yes: {name} is the fourth side of box {box}. The box is {seat}'s, and {seat} draws again.",
                name=name,
                box=_boxes(game, box),
                seat=seat,
            )
        after = game.copy()
        after.play(name)
        if third_side_boxes(after):
            return False, tr(
                "{name} wins no box, so the turn passes — and box {box} still has three sides: the other player can "
                "take it now.",
                name=name,
                box=_boxes(game, box),
            )
        return False, tr(
            "{name} wins no box. Look for the box with three sides drawn and draw its missing side.", name=name
        )

    return DotsExercise(
        tr("{seat} to move. <b>Which line wins a box?</b>", seat=seat),
        _line_checker(game, judge),
        hint=tr("Which box has three sides drawn?"),
        answer=f"{_join(right)}.",
        solutions=right,
        game=game,
        click=True,
        key="first_box",
        parts=False,
        third_sides=False,
        wrong=sorted((l for l in values if l not in right), key=lambda l: (-values[l], l)),
    )


WHOSE_TURN_GAME = "b2-c2 c2-c3 b2-b3 b3-c3 a1-b1 a1-a2 c1-d1"
"""Lesson 1's written game: the fourth line wins box b2, so the same player draws the fifth line too."""


def whose_turn_exercise(moves: str = WHOSE_TURN_GAME) -> DotsExercise:
    """Follow the turns through a written game, including a line that wins a box: how many lines did Gold draw?

    A number from 0 to the number of lines (not a two-way choice): the answer of a pupil who simply alternates
    the turns is one of the wrong answers, told why."""
    lines = moves.split()
    replay = DotsAndBoxes(3, 3)
    drawers, winner_line = [], None
    for line in lines:
        drawers.append(replay.to_move)
        if boxes_won(replay, line) and winner_line is None:
            winner_line = (line, tr(SEATS[replay.to_move]))
        replay.play(line)
    if winner_line is None:
        raise ValueError(tr("moves={moves!r}: no line of this game wins a box", moves=moves))
    gold = drawers.count(0)
    alternating = (len(lines) + 1) // 2  # lines 1, 3, 5, …: turns taken in strict alternation

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k < 0 or k > len(lines):
            raise ValueError(
                tr("{k}: type a number from 0 to {n}, the number of lines written down.", k=k, n=len(lines))
            )
        if k == gold:
            return True, ntr(
                "Right: {line} won a box, so {seat} drew the next line too; Gold drew {n} line.",
                "Right: {line} won a box, so {seat} drew the next line too; Gold drew {n} lines.",
                gold,
                line=winner_line[0],
                seat=winner_line[1],
            )
        if k == alternating:
            return False, tr(
                "That is what strict turns give: line 1, line 3, line 5… But {line} won a box, so the "
                "same player drew again, and the turns shifted from there.",
                line=winner_line[0],
            )
        if k == len(lines) - gold:
            return False, tr("That is how many lines Coral drew. Count Gold's lines.")
        if k == len(lines):
            return False, tr("That is every line written down. Gold and Coral took turns: count only Gold's lines.")
        if k < gold:
            return False, tr(
                "Gold drew more than {k}: Gold drew line 1, and after every line that won nothing the "
                "turn passed back and forth.",
                k=k,
            )
        if k > alternating:
            return False, tr(
                "Too many: even in strict turns Gold would draw only {most} of the {n} lines, and a line "
                "that wins a box gives the same player another line, not the other player.",
                most=alternating,
                n=len(lines),
            )
        return False, tr(
            "Not {k}. Write the lines one under the other with the player's name beside each: the turn "
            "passes only after a line that wins nothing.",
            k=k,
        )

    wrong = list(
        dict.fromkeys(w for w in (alternating, len(lines) - gold, len(lines), gold - 1, gold + 2, 0) if w != gold)
    )
    return DotsExercise(
        tr(
            "On a 3 × 3 board, Gold drew the first line. These lines were drawn, in this order: "
            "{lines}. <b>How many of them did Gold draw?</b>",
            lines=", ".join(lines),
        ),
        check,
        hint=tr(
            "Write the lines down one under the other and put the player's name beside each. Did any line win a box?"
        ),
        answer=f"{gold}.",
        solutions=[gold, str(gold)],
        wrong=wrong,
        key="whose_turn",
        leaks=(tr("so {seat} drew the next line too", seat=winner_line[1]),),
    )


def third_sides_count_exercise(name: str = "three_sides_count") -> DotsExercise:
    """Use the words: how many boxes have a third side?"""
    game = position(name)
    boxes = third_side_boxes(game)
    n = len(boxes)
    two = [b for b in range(game.geometry.n_boxes) if game.sides_drawn(b) == 2]

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, tr(
                "Yes, {n}: boxes {boxes} each have three sides drawn. The player to move can take every one of them.",
                n=n,
                boxes=_boxes(game, boxes),
            )
        if k == n + len(two):
            return False, tr(
                "You counted boxes with only two sides drawn too. A third side means three sides drawn, one missing."
            )
        if k < n:
            return False, tr("More than {k}: check every box, corners and edges too.", k=k)
        return False, tr("Fewer than {k}: a box has a third side only when exactly one of its sides is missing.", k=k)

    return DotsExercise(
        tr("<b>How many boxes on this board have a third side?</b>"),
        check,
        hint=tr("Go box by box and count its drawn sides: you want boxes with exactly 3."),
        answer=f"{n}.",
        solutions=[n],
        game=game,
        wrong=[n + len(two), n - 1, n + 1],
        key="third_sides_count",
        parts=False,
        third_sides=False,
        leaks=(_boxes(game, boxes),),
    )


def lines_count_exercise(width: int = 2, height: int = 2) -> DotsExercise:
    n = geometry(width, height).n_lines
    across, down = width * (height + 1), (width + 1) * height

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, tr(
                "Yes: {across} across ({number} rows of {width}) and {down} down: {n}.",
                across=across,
                number=height + 1,
                width=width,
                down=down,
                n=n,
            )
        if k == width * height * 4:
            return False, tr(
                "{k} counts every box's four sides, but neighbouring boxes share a line: count each line once.", k=k
            )
        if k == (width + 1) * (height + 1):
            return False, tr(
                "{k} is the number of dots, not of lines: a line joins two neighbouring dots, so count the gaps "
                "between dots, across and then down.",
                k=k,
            )
        if k in (across, down):
            return False, (
                tr("That counts only the lines across; add the others.")
                if k == across
                else tr("That counts only the lines down; add the others.")
            )
        return False, tr("Not {k}. Count the lines across, row by row, then the lines down.", k=k)

    return DotsExercise(
        tr("<b>How many lines</b> can be drawn on a board of {width} × {height} boxes?", width=width, height=height),
        check,
        hint=tr(
            "{number} rows of dots, each with {width} lines across; then the lines down.",
            number=height + 1,
            width=width,
        ),
        answer=f"{n}.",
        solutions=[n],
        wrong=[width * height * 4, (width + 1) * (height + 1), across, n + 1],
        key=f"lines_{width}x{height}",
        leaks=(f"{n} lines", tr("{across} across ({number} rows", across=across, number=height + 1)),
    )


# lesson 5
def loop_four_exercise() -> DotsExercise:
    game = position("loop_four")
    other = tr(SEATS[1 - game.to_move])
    return best_move_exercise(
        "loop_four",
        tr(
            "{other} opened a loop of four; a chain of 5 is left. <b>What is {seat_name}'s best line?</b>",
            other=other,
            seat_name=tr(SEATS[game.to_move]),
        ),
        tr("Add up what each player ends with if you take the whole loop, and if you leave four."),
        key="loop_four",
    )


def _opened_chain(game: DotsAndBoxes) -> tuple[int, int]:
    """``(length, taken)``: the chain the other player opened, and how many of its boxes the mover has taken."""
    taken = 0
    for _, seat, boxes in reversed(game.log):
        if seat != game.to_move or not boxes:
            break
        taken += len(boxes)
    return taken + takeable(game), taken


def _rest_after(game: DotsAndBoxes) -> str:
    """The chains and loops left once the opened one is taken, in words."""
    rest = [p for p in components(game) if not p.opened]
    chains = sorted((p.length for p in rest if p.kind == "chain"), reverse=True)
    loops = sorted((p.length for p in rest if p.kind == "loop"), reverse=True)
    bits = []
    if chains:
        bits.append(ntr("a chain of {lengths}", "chains of {lengths}", len(chains), lengths=_join(chains)))
    if loops:
        bits.append(ntr("a loop of {lengths}", "loops of {lengths}", len(loops), lengths=_join(loops)))
    return tr(" and ").join(bits) if bits else tr("nothing")


def _mid_chain_prompt(game: DotsAndBoxes) -> str:
    length, taken = _opened_chain(game)
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    return ntr(
        "{other} opened a chain of {length} and {seat} has taken {n} box of it. Left after this chain: {rest}. "
        "<b>What is {seat}'s best line?</b>",
        "{other} opened a chain of {length} and {seat} has taken {n} boxes of it. Left after this chain: {rest}. "
        "<b>What is {seat}'s best line?</b>",
        taken,
        other=other,
        length=length,
        seat=seat,
        rest=_rest_after(game),
    )


def _deal_lines(game: DotsAndBoxes) -> list[str]:
    """The double-deals of a position where an opened chain is being taken: lines that take nothing and leave
    exactly the last two boxes of the opened chain (no box of another chain) to the other player."""
    opened = {b for p in components(game) if p.opened for b in p.boxes}

    def is_deal(line: str) -> bool:
        if _completes(game, line):
            return False
        after = _after(game, line)
        return takeable(after) == 2 and set(third_side_boxes(after)) <= set(third_side_boxes(game)) | opened

    return [l for l in game.legal_moves() if is_deal(l)]


def not_worth_it_exercise(name: str = "not_worth_it") -> DotsExercise:
    """Two boxes of an opened chain are left, and keeping control costs more than it wins: take them.  The
    double-deal gets its own reason: only chains of 1 or 2 come after, and each can be handed over so that it
    cannot be refused, so control wins nothing back (computed: the chains left, the two results)."""
    ex = best_move_exercise(
        name,
        _mid_chain_prompt(position(name)),
        tr(
            "Keeping control costs two boxes now. Count what you would win back later: can a chain of 1 or 2 be "
            "refused?"
        ),
        key=name,
    )
    game = ex.game
    rest = sorted((p.length for p in components(game) if not p.opened), reverse=True)
    if not rest or max(rest) > 2:
        raise ValueError(tr("{name}: this exercise needs only chains of 1 or 2 after the opened chain", name=name))
    values = move_values(game)
    best = max(values.values())
    deals = _deal_lines(game)
    other = tr(SEATS[1 - game.to_move])
    judge_line = ex.checker

    def check(answer: Any) -> tuple[bool, str]:
        index = pupil_line(game, answer)
        line = game.line_name(index)
        if line in deals and not game.is_drawn(index):
            return False, tr(
                "{line} is the double-deal: {other} takes the two boxes and must open the next chain. But "
                "only chains of {rest} are left, and each can be handed over so that it cannot be "
                "refused: control wins nothing back for the two boxes it costs. With best play the game "
                "would end {final} instead of {final2}.",
                line=line,
                other=other,
                rest=_join(rest),
                final=_ends(game, values[line]),
                final2=_ends(game, best),
            )
        return judge_line(answer)

    ex.checker = check
    ex.wrong = deals + [l for l in ex.wrong if l not in deals]
    return ex


def challenge_exercise(name: str) -> DotsExercise:
    game = position(name)
    return best_move_exercise(
        name,
        tr("Final challenge: {seat_name} to move. <b>Which line is best?</b>", seat_name=tr(SEATS[game.to_move])),
        tr(
            "Safe lines left? Count long chains. Boxes on offer? Take them, or refuse to keep control — whichever "
            "wins more in the end."
        ),
        key=name,
    )


def final_score(game: DotsAndBoxes, value: int) -> tuple[int, int]:
    """``(Gold, Coral)`` at the end of the game when the player to move wins ``value`` more of the boxes left
    than the other player (the exact solver's value of a move)."""
    rest = game.geometry.n_boxes - sum(game.scores)
    if (rest + value) % 2 or abs(value) > rest:
        raise ValueError(tr("value={value!r}: not a result with {rest} boxes left", value=value, rest=rest))
    final = list(game.scores)
    final[game.to_move] += (rest + value) // 2
    final[1 - game.to_move] += (rest - value) // 2
    return final[0], final[1]


def _wins(game: DotsAndBoxes, value: int) -> bool:
    """Whether the player to move ends with more boxes than the other when the rest is worth ``value`` to them."""
    final = final_score(game, value)
    return final[game.to_move] > final[1 - game.to_move]


def _ends(game: DotsAndBoxes, value: int) -> str:
    """The final score in words, "Gold 5, Coral 4" (what a pupil reads instead of a box difference)."""
    g, c = final_score(game, value)
    return tr("Gold {g}, Coral {c}", g=g, c=c)


def take_all_exercise(name: str = "take_all") -> DotsExercise:
    """Two boxes of an opened chain are left and a long chain comes later, but so does a 2-chain, which hands
    control back: taking both boxes wins, the double-deal loses (it gets its own reason, and comes first among the
    wrong examples: it is the mistake a pupil who has just learnt double-dealing makes)."""
    ex = best_move_exercise(
        name,
        _mid_chain_prompt(position(name)),
        tr(
            "Picture both plans to the end. After a double-deal, who would open the chain of 2, and who the chain of 3?"
        ),
        key=name,
    )
    game = ex.game
    rest = sorted((p.length for p in components(game) if not p.opened), reverse=True)
    if rest != [3, 2]:
        raise ValueError(
            tr("{name}: this exercise needs a chain of 3 and a chain of 2 after the opened chain", name=name)
        )
    values = move_values(game)
    best = max(values.values())
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])

    deals = _deal_lines(game)
    judge_line = ex.checker

    def check(answer: Any) -> tuple[bool, str]:
        line = game.line_name(game.line_index(answer))
        if line in deals and not game.is_drawn(game.line_index(line)):
            return False, tr(
                "{line} is the double-deal: {other} takes the two boxes, then hands {seat} the chain "
                "of 2 by its middle line, and {seat} must open the chain of 3. With best play the game "
                "would end {final} instead of {final2}.",
                line=line,
                other=other,
                seat=seat,
                final=_ends(game, values[line]),
                final2=_ends(game, best),
            )
        return judge_line(answer)

    ex.checker = check
    ex.wrong = deals + [l for l in ex.wrong if l not in deals]
    return ex


def double_deal_score_exercise() -> DotsExercise:
    """How many boxes does Gold end with in the double-deal game (best play)?"""
    game = position("double_deal")
    value = solve(game)
    rest = game.geometry.n_boxes - sum(game.scores)
    gold = game.scores[0] + ((rest + value) // 2 if game.to_move == 0 else (rest - value) // 2)
    greedy = DotsAndBoxes.from_moves(3, 3, POSITIONS["double_deal"][2] + " " + " ".join(SEQUENCES["greedy"]["steps"]))
    greedy_gold = greedy.scores[0]
    dealt = 2  # the last two boxes of the first chain of 4, left to Coral
    reasons = {
        gold + dealt: tr(
            "That counts the last two boxes of the first chain as Gold's. With the double-deal Gold leaves them: "
            "Coral takes both with one line, and must then open the last chain."
        ),
        gold + 1: tr("That gives Gold the single box, but Gold gave it away at the start: Coral took it."),
        gold - 1: tr(
            "One short. Did you count the single box as Gold's? Coral took it. Count again, chain by chain, the "
            "boxes Gold takes."
        ),
        rest - gold: tr(
            "That is Coral's total: the single box and the two boxes Gold leaves. The question asks for Gold's."
        ),
        greedy_gold: tr("That is what Gold gets by grabbing everything. With the double-deal Gold gets more."),
    }
    reasons.pop(gold, None)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == gold:
            return True, tr(
                "Yes: {gold} of 9, thanks to one double-deal (grabbing everything gives only {greedy_gold}).",
                gold=gold,
                greedy_gold=greedy_gold,
            )
        if k in reasons:
            return False, reasons[k]
        return False, tr(
            "Count it turn by turn: the single box, the first chain of 4 (two boxes each), then the last chain of 4."
        )

    return DotsExercise(
        tr(
            "Two chains of 4 and a single box, Gold to move. Gold gives away the single box; Coral takes it and "
            "opens a chain of 4. This time Gold takes only the first two boxes of it and leaves the last two to "
            "Coral with a double-deal. Then both play their best. <b>How many of the 9 boxes does Gold end with?</b>"
        ),
        check,
        hint=tr("Follow it turn by turn: write down who takes which boxes, and who has to open the last chain."),
        answer=f"{gold}.",
        solutions=[gold],
        wrong=list(reasons) + [9],
        key="double_deal_score",
    )


WORKSHEET_RULES = (
    N_(
        "**How to play:** the players take turns to draw one line between two dots next to each other. Whoever "
        "draws the fourth side of a box wins it and draws again. When every line is drawn, the player with more "
        "boxes wins."
    ),
    N_("**Third side:** a box with three sides drawn can be taken by the next player."),
)
"""The rules card at the top of every Dots and Boxes worksheet: the rules and the one word of lesson 1, so a sheet
stands alone on paper.  The words of later lessons are on each sheet's own card (:data:`WORKSHEET_WORDS`)."""

WORKSHEET_WORDS: dict[int, tuple[str, ...]] = {
    1: (),
    2: (N_("**Safe line:** a line that gives no box its third side."),),
    3: (
        N_("**Chain:** boxes linked so that taking one gives the next its third side; a chain has two ends."),
        N_("**Long chain:** a chain of 3 boxes or more (loops do not count)."),
        N_("**Loop:** a ring of linked boxes that closes on itself, with no end at all. A loop is not a chain."),
        N_(
            "**Handing over a 2-chain:** opened at an end, the other player can take both boxes or refuse them; "
            "opened by its middle line, the boxes cannot be refused."
        ),
    ),
    4: (
        N_("**Control:** the player who has control makes the other player open every long chain."),
        N_(
            "**Long chain rule:** add the dots and the long chains. The first player wants the total to be even, the "
            "second player wants it odd. Whoever gets the total they want has control."
        ),
        N_("**Sacrifice:** boxes given away on purpose, to change the long-chain count."),
    ),
    5: (
        N_("**Double-cross:** one line that wins two boxes at once."),
        N_(
            "**Double-deal:** leaving the last two boxes of a chain to the other player with one line, instead of "
            "taking them: the other player takes both with a double-cross and must then open the next chain."
        ),
        N_(
            "**All-but-four:** in a loop, leave the last four boxes to the other player (two double-deals at once) "
            "to keep control."
        ),
    ),
}
"""The words each lesson teaches, for its worksheet's own card (:func:`worksheet_aids`): a sheet's card holds the
words of its lesson and the lessons before it, never a word taught later."""


def worksheet_aids(notebook: str) -> list[str]:
    """The words card of ``notebook``'s worksheet, as one Markdown block in the current language: the words of that
    lesson and the earlier ones (:data:`WORKSHEET_WORDS`); lesson 1 needs nothing beyond the rules card.  KeyError
    for a notebook that is not a Dots and Boxes lesson."""
    number_ = next((n for n, lesson in LESSONS.items() if lesson.notebook == notebook), None)
    if number_ is None:
        raise KeyError(f"no Dots and Boxes lesson {notebook!r}; known: {', '.join(EXERCISES)}")
    words = [word for n in range(1, number_ + 1) for word in WORKSHEET_WORDS[n]]
    if not words:
        return []
    blocks = ["> **" + tr("Words for this sheet") + "**\n>\n" + "\n".join(f"> * {tr(word)}" for word in words)]
    if number_ == 4:
        blocks.append(tally_sheet())
    return blocks


def numbered_lines_picture(width: int, height: int, moves: Sequence[str]) -> str:
    """A text picture of a board with each drawn line labelled by its place in ``moves`` (1 for the first), for a
    sheet on paper: dots are ``·``, a line across is ``──n──`` and a line down ``│ n │`` on three rows, with the
    columns lettered and the rows numbered as on the screen.  No line is written by its name, so nothing on the
    sheet reads as an exercise's answer."""
    geo = geometry(width, height)
    order = {geo.line_dots(DotsAndBoxes(width, height).line_index(m)): n for n, m in enumerate(moves, 1)}
    cell = 6
    rows = ["    " + "".join(chr(ord("a") + c).ljust(cell) for c in range(width + 1)).rstrip()]
    for r in range(height + 1):
        text = f"{r + 1:<4}"
        for c in range(width + 1):
            text += "·"
            if c < width:
                n = order.get(((c, r), (c + 1, r)))
                text += f"{n:─^{cell - 1}}" if n else " " * (cell - 1)
        rows.append(text.rstrip())
        if r < height:
            for part in ("bar", "number", "bar"):
                text = "    "
                for c in range(width + 1):
                    n = order.get(((c, r), (c, r + 1)))
                    mark = ("│" if part == "bar" else str(n)) if n else " "
                    text += mark.ljust(cell)
                rows.append(text.rstrip())
    return "```\n" + "\n".join(rows) + "\n```"  # a plain block: the sheet's ```text blocks are its positions


def tally_sheet(name: str = "tally_game") -> str:
    """Lesson 4's tally on paper: what "forming" means, the game's lines drawn on a board, each labelled with its
    number (:func:`numbered_lines_picture`: no line name, which could read as an exercise's answer), the worked row
    and a blank table to fill in, one row per line (Markdown, current language)."""
    spec = SEQUENCES[name]
    width, height, moves = spec["start"]
    steps = spec["steps"]
    game = DotsAndBoxes.from_moves(width, height, moves)
    for line in steps:
        game.play(line)
        if game.last_completed:
            raise ValueError(f"{name}: line {line} takes a box; the tally sheet says Gold draws the odd lines")
    head = [tr("line number"), tr("long chains forming"), tr("dots + long chains"), tr("suits")]
    rows = "\n".join(f"| {i} | | | |" for i in range(1, len(steps) + 1))
    return "\n".join(
        [
            "**" + tr("Keep a tally") + "**",
            "",
            tr(
                "A long chain is forming when three or more boxes in a row each already have two sides drawn, linked "
                "through their undrawn sides. The board below shows the first {n} lines of a game on a "
                "{width}×{height} board, each with its number: Gold drew the odd numbers, Coral the even ones. Draw "
                "them on a board of your own in that order; after each line, fill in its row.",
                n=len(steps),
                width=width,
                height=height,
            ),
            "",
            numbered_lines_picture(width, height, steps),
            "",
            str(tally_worked_row(name)),
            "",
            "| " + " | ".join(head) + " |",
            "|" + "---|" * len(head),
            rows,
        ]
    )


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
            "whose_turn": whose_turn_exercise,
            "first_box": first_box_exercise,
            "two_boxes": two_boxes_exercise,
            "third_sides_count": third_sides_count_exercise,
        },
        {
            "lines_2x2": "easy",
            "lines_3x2": "easy",
            "name_line": "easy",
            "whose_turn": "medium",
            "first_box": "medium",
            "two_boxes": "medium",
            "third_sides_count": "hard",
        },
        (
            N_("Explain in one sentence why drawing the third side of a box is usually a bad idea."),
            N_("The other player draws the fourth side, takes the box and, because they won a box, draws again."),
        ),
        ProblemSet("dots_and_boxes", (("take_box", "easy"), ("take_box", "easy"), ("take_box", "easy")), seed=2),
        objectives=(
            (
                N_("count the lines of a board, and name a line by its two dots"),
                ("lines_2x2", "lines_3x2", "name_line"),
            ),
            (
                N_('play by the rules, including "win a box, draw again", and follow a game written down'),
                ("whose_turn", "first_box", "two_boxes"),
            ),
            (N_("spot the boxes with a third side on a board"), ("first_box", "third_sides_count")),
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
            "count_safe": count_safe_exercise,
            "safe_line": safe_line_exercise,
            "how_many": how_many_exercise,
            "one_safe": lambda: safe_line_exercise("one_safe"),
            "long_run": lambda: how_many_exercise("long_run"),
            "safe_race": safe_race_exercise,
        },
        {
            "take_box": "easy",
            "take_decoys": "easy",
            "count_safe": "easy",
            "safe_line": "medium",
            "how_many": "medium",
            "one_safe": "hard",
            "long_run": "hard",
            "safe_race": "hard",
        },
        (
            N_(
                "On an empty 3×3 board (24 lines), could the players draw only safe lines until every line is "
                "drawn? Explain in one sentence."
            ),
            N_(
                "No: a box with two sides drawn makes every line around it unsafe, and every line drawn gives some "
                "box another side, so the safe lines run out long before the 24th line."
            ),
        ),
        ProblemSet(
            "dots_and_boxes", (("take_box", "easy"), ("avoid_third_side", "easy"), ("avoid_third_side", "easy")), seed=4
        ),
        objectives=(
            (N_("spot a box with a third side and take it"), ("take_box", "take_decoys")),
            (
                N_("tell a safe line from one that gives a box away, and count the safe lines left"),
                ("count_safe", "safe_line", "one_safe"),
            ),
            (N_("count how many boxes a run of captures brings"), ("how_many", "long_run")),
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
            "count_two_chains": lambda: count_chains_exercise("two_chains"),
            "count_chains": count_chains_exercise,
            "chain_lengths": chain_lengths_exercise,
            "hand_over": hand_over_exercise,
            "give_single": lambda: hand_over_exercise("give_single"),
            "count_loops": count_loops_exercise,
        },
        {
            "count_two_chains": "easy",
            "count_chains": "medium",
            "chain_lengths": "medium",
            "hand_over": "medium",
            "give_single": "medium",
            "count_loops": "hard",
        },
        (
            N_(
                "You must open either a single box or a chain of 3. Which do you open, and why? Answer in one sentence."
            ),
            N_(
                "The single box: it gives away one box instead of three, and one box cannot be refused, so the "
                "other player takes it and must then open the chain of 3."
            ),
        ),
        ProblemSet(
            "dots_and_boxes",
            (("hard_hearted_handout", "easy"), ("hard_hearted_handout", "medium"), ("hard_hearted_handout", "hard")),
            seed=4,
        ),
        objectives=(
            (
                N_("see the chains a board has split into, and count them and their boxes"),
                ("count_two_chains", "count_chains", "chain_lengths"),
            ),
            (N_("tell a loop from a chain"), ("count_chains", "chain_lengths", "count_loops")),
            (
                N_("hand over a short chain the safe way, so that the other player cannot refuse it"),
                ("hand_over", "give_single"),
            ),
        ),
        themes=("take_box", "avoid_third_side", "hard_hearted_handout"),
    ),
    4: Lesson(
        4,
        "dots_and_boxes/04_long_chain_rule",
        "Dots 4 — the long chain rule",
        50,
        {
            "parity_5x4": lambda: parity_exercise(5, 4, 0),
            "parity_4x4": lambda: parity_exercise(4, 4, 0),
            "parity_coral_5x5": lambda: parity_exercise(5, 5, 1),
            "count_long": count_long_exercise,
            "total": total_exercise,
            "who_wins": who_wins_exercise,
            "steer_two": lambda: steer_exercise("steer_two"),
            "steer_coral": lambda: steer_exercise("steer_coral"),
            "sacrifice": sacrifice_exercise,
            "sacrifice_coral": lambda: sacrifice_exercise("sacrifice_coral"),
        },
        {
            "parity_5x4": "easy",
            "parity_4x4": "easy",
            "parity_coral_5x5": "medium",
            "count_long": "medium",
            "total": "medium",
            "who_wins": "medium",
            "steer_two": "hard",
            "steer_coral": "hard",
            "sacrifice": "hard",
            "sacrifice_coral": "hard",
        },
        (
            N_(
                "On the 4×4 board Gold moves first and sees two long chains forming. Is Gold happy? Explain in one "
                "sentence, and say what Gold can try."
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
            seed=147,
        ),
        objectives=(
            (
                N_("say which numbers of long chains suit each player, on any board"),
                ("parity_5x4", "parity_4x4", "parity_coral_5x5"),
            ),
            (
                N_("count the long chains of a position and tell who wins when no safe line is left"),
                ("count_long", "total", "who_wins"),
            ),
            (
                N_("choose a safe line that steers the chain count your way while safe lines remain"),
                ("steer_two", "steer_coral"),
            ),
            (
                N_("give a box away on purpose when no safe line gives the count you want"),
                ("sacrifice", "sacrifice_coral"),
            ),
        ),
        themes=("take_box", "avoid_third_side", "hard_hearted_handout", "safe_line", "long_chain_count", "sacrifice"),
    ),
    5: Lesson(
        5,
        "dots_and_boxes/05_double_dealing_and_control",
        "Dots 5 — double-dealing and control",
        50,
        {
            "double_deal_score": double_deal_score_exercise,
            "keep_control": keep_control_exercise,
            "not_worth_it": not_worth_it_exercise,
            "loop_four": loop_four_exercise,
            "take_all": take_all_exercise,
            "challenge_refuse": lambda: challenge_exercise("challenge_refuse"),
            "challenge_loop": lambda: challenge_exercise("challenge_loop"),
            "challenge_take_one": lambda: challenge_exercise("challenge_take_one"),
        },
        {
            "double_deal_score": "easy",
            "keep_control": "easy",
            "not_worth_it": "medium",
            "loop_four": "medium",
            "take_all": "hard",
            "challenge_refuse": "hard",
            "challenge_loop": "hard",
            "challenge_take_one": "hard",
        },
        (
            N_(
                "Coral opens a chain of 3, and after it only a loop of 4 is left. Would you take all three boxes or "
                "double-deal? Explain in one sentence."
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
                N_("keep control with a double-deal: leave the last two boxes of a chain (the last four of a loop)"),
                ("double_deal_score", "keep_control", "loop_four"),
            ),
            (
                N_("tell when keeping control is not worth what it costs, and take everything instead"),
                ("not_worth_it", "take_all"),
            ),
            (
                N_("combine the long chain rule and double-dealing in a final challenge"),
                ("challenge_refuse", "challenge_loop", "challenge_take_one"),
            ),
        ),
        themes=(
            "take_box",
            "avoid_third_side",
            "hard_hearted_handout",
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
"""The exercise factories each notebook uses, keyed by notebook path under ``notebooks/`` without suffix
(from :data:`LESSONS`)."""


def reflection(lesson: int, score: LessonScore):
    """The closing question of ``lesson``: a text box whose answer is saved with the pupil's progress."""
    from gamekit.widgets.lesson import Reflection

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
    ex = _built(name)
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


# ----- "More practice": each lesson's graded set from the puzzle bank -------------------------------------
def practice_exercises(lesson: int) -> list[DotsExercise]:
    """Lesson ``lesson``'s closing problem set (:attr:`Lesson.practice`, fixed seed) as clickable exercises,
    easy to hard, judged by the bank's solver verdicts (a wrong line is told its refutation)."""
    if lesson not in LESSONS:
        raise ValueError(tr("no lesson {lesson}: the Dots and Boxes lessons are 1 to 5", lesson=lesson))
    return list(_practice_in(lesson, get_language()))


@lru_cache(maxsize=None)
def _practice_in(lesson: int, language: str) -> tuple[DotsExercise, ...]:
    problems = LESSONS[lesson].practice
    built = tuple(
        problems.exercises(
            lambda *a, position=None, **k: DotsExercise(
                *a, game=position, click=True, parts=False, third_sides=False, **k
            )
        )
    )
    for ex in built:
        ex.checker = _reasoned(ex, lesson)
    return built


def _reasoned(ex: DotsExercise, lesson: int) -> Callable[[Any], tuple[bool, str]]:
    """A practice problem's checker whose refusal leads with the lesson's reason (:func:`mistake_reason`) and what
    the mistake costs; the line of best play stays one click away (the exercise's "whole line")."""
    judge, game, puzzle = ex.checker, ex.game, ex.puzzle

    def check(answer: Any) -> tuple[bool, str]:
        ok, feedback = judge(answer)
        if ok:
            return ok, feedback
        line = game.line_name(game.line_index(str(answer).strip()))
        loss = own_box_loss(puzzle.facts["best"], puzzle.refutations[line]["value"])
        return False, (
            tr("Not the best: {reason}", reason=mistake_reason(game, line, lesson, ex.solutions))
            + " "
            + ntr("That costs you {n} box.", "That costs you {n} boxes.", loss)
        )

    return check


def mistake_reason(game: DotsAndBoxes, line: str, lesson: int = 5, best: Sequence[str] = ()) -> str:
    """Why ``line`` is a mistake in ``game``, in the words of lesson ``lesson`` (one sentence, no line of play):
    a box with three sides left behind, a third side given while a safe line was left, a 2-chain opened at an
    end; from lesson 4 on, what the line does to the long-chain count or to control (:func:`why_line`); in lesson 5,
    taking a box where every ``best`` line refuses is named as giving control away."""
    seat, other = tr(SEATS[game.to_move]), tr(SEATS[1 - game.to_move])
    on_offer = third_side_boxes(game)
    won = boxes_won(game, line)
    after = _after(game, line)
    given = [b for b in third_side_boxes(after) if b not in on_offer]
    if on_offer and not won and lesson <= 3:
        return ntr(
            "box {boxes} had three sides: you left it for {other}.",
            "boxes {boxes} had three sides: you left them for {other}.",
            len(on_offer),
            boxes=_boxes(game, on_offer),
            other=other,
        )
    if lesson >= 5 and won and best and not any(boxes_won(game, b) for b in best):
        return tr(
            "{line} takes a box, but after the last box {seat} must open the next chain: leaving the last boxes "
            "with a double-deal keeps control.",
            line=line,
            seat=seat,
        )
    if lesson >= 4:
        reason = tr("{line} — {why}", line=line, why=why_line(game, line))
        safe = set(safe_lines(game))
        steering = [b for b in best if b in safe and analysis.long_chain_rule(_after(game, b)).favoured == game.to_move]
        if given and line not in safe and steering:  # a gift while a safe line could still steer the count
            reason += " " + tr(
                "A safe line was still left that makes the long-chain count the one {seat} wants.", seat=seat
            )
        return reason
    if given and safe_lines(game):
        return ntr(
            "{line} gives box {boxes} its third side, and a safe line was still left.",
            "{line} gives boxes {boxes} their third side, and a safe line was still left.",
            len(given),
            line=line,
            boxes=_boxes(game, given),
        )
    parts = _line_parts(game, line)
    two = [p for p in parts if p.kind == "chain" and p.length == 2]
    if given and len(parts) == 1 and two and line != _shared_line_name(game, two[0]):
        return tr(
            "{line} opens a 2-chain at an end: a 2-chain opened at an end can be refused, so {other} can leave "
            "both boxes to {seat}, who must then open the next chain.",
            line=line,
            other=other,
            seat=seat,
        )
    if given:
        return (
            ntr(
                "{line} gives box {boxes} its third side:",
                "{line} gives boxes {boxes} their third side:",
                len(given),
                line=line,
                boxes=_boxes(game, given),
            )
            + " "
            + ntr(
                "{other} can take {n} box in a row.",
                "{other} can take {n} boxes in a row.",
                takeable(after),
                other=other,
            )
        )
    if won:
        return tr("{line} takes a box, but another line does better in the end.", line=line)
    return tr("{line} is safe, but another safe line leaves {seat} better off later.", line=line, seat=seat)


def practice(lesson: int, score: LessonScore | None = None):
    """The "More practice" set on the page: one board per problem, each titled with its number and level."""
    import ipywidgets as W
    import html as _html

    rows = []
    for i, ex in enumerate(practice_exercises(lesson), 1):
        game = ex.game
        layout = lesson_board_layout(game)
        title = W.HTML("<b>" + _html.escape(tr("Problem {i} ({level})", i=i, level=level_word(ex.level))) + "</b>")
        board = PuzzleBoard(
            ex,
            draw=lambda mark, g=game, e=ex: lesson_scene(g, mark, last=False, parts=False, third_sides=False),
            hit=line_hit(game, layout),
            size=layout.css_size,
            score=score,
        )
        rows += [title, board]
    return W.VBox(rows)


def show_position(name: str, *, third_sides: bool = True, parts: bool = True):
    """A still picture of a named position with its highlights."""
    from gamekit.widgets.canvas import BoardCanvas

    game = position(name)
    layout = lesson_board_layout(game)
    picture = BoardCanvas(*layout.css_size)
    picture.paint(lesson_scene(game, third_sides=third_sides, parts=parts))
    return picture.canvas


# ----- the long chain rule table ----------------------------------------------------------------
def parity_table() -> Table:
    """For each preset board: dots, and how many long chains each player wants (Gold moves first)."""
    rows = []
    for name, (w, h) in PRESETS.items():
        dots = geometry(w, h).n_dots
        rows.append(
            (
                tr("{board} (default)", board=name) if (w, h) == (5, 4) else name,
                dots,
                tr(wanted_parity(w, h, 0)),
                tr(wanted_parity(w, h, 1)),
            )
        )
    return Table(
        [tr("board (boxes)"), tr("dots"), tr("first player (Gold) wants"), tr("second player (Coral) wants")],
        rows,
        caption=tr("The long chain rule: the first player wants dots + long chains to be even"),
    )


def tally_rows(name: str = "tally_game") -> list[tuple[int, int, str, str]]:
    """The forming long-chain count after each line of a named sequence: ``(line number, long chains,
    "dots + long chains = total", seat it suits)`` (the analysis of each position; lesson 4's tally check).  The
    lines themselves are not named: the step-through above names them, and a line name in a table could read as
    the answer to an exercise on another board."""
    spec = SEQUENCES[name]
    width, height, moves = spec["start"]
    game = DotsAndBoxes.from_moves(width, height, moves)
    rows = []
    for i, line in enumerate(spec["steps"], 1):
        game.play(line)
        rule = analysis.long_chain_rule(game)
        total = rule.dots + rule.long_chains
        rows.append(
            (
                i,
                rule.long_chains,
                f"{rule.dots} + {rule.long_chains} = {total}",
                tr(SEATS[rule.favoured]) if rule.long_chains else "—",
            )
        )  # no long chain: nothing to steer yet
    return rows


def tally_worked_row(name: str = "tally_game") -> Paragraph:
    """One row of the tally worked for the pupil: a line after which a long chain is forming, with the boxes of that
    chain named (each has two sides drawn, linked through its undrawn sides), the sum and whom it suits.  The row is
    the one farthest from every line that changes the count, so it shows how to fill in a row without telling where
    the count changes.  Computed from the analysis, like :func:`tally_rows`."""
    rows = tally_rows(name)
    changes = [i for i, (before, row) in enumerate(zip([(0, 0)] + rows, rows), 1) if row[1] != before[1]]
    candidates = [row[0] for row in rows if row[1] and row[0] not in changes]
    if not candidates:
        raise ValueError(f"{name}: no line with a long chain forming leaves the count as it was")
    i = max(candidates, key=lambda n: (min(abs(n - c) for c in changes), -n))
    spec = SEQUENCES[name]
    width, height, moves = spec["start"]
    game = DotsAndBoxes.from_moves(width, height, " ".join([moves] + spec["steps"][:i]).strip())
    long_ = [c for c in analysis.components(game) if c.is_long]
    rule = analysis.long_chain_rule(game)
    total = rule.dots + rule.long_chains
    return Paragraph(
        tr(
            "Worked row, line {i}: boxes {names} each have two sides drawn and are linked through their undrawn "
            "sides: a long chain is forming ({n} in all after this line). Write: {i} | {n} | {dots} + {n} = "
            "{total} | {seat}.",
            i=i,
            names=_join(list(long_[0].names)),
            n=rule.long_chains,
            dots=rule.dots,
            total=total,
            seat=tr(SEATS[rule.favoured]),
        )
    )


def tally_table(name: str = "tally_game") -> Table:
    """The tally a pupil writes while stepping through ``name``, computed (one row per line)."""
    return Table(
        [tr("line number"), tr("long chains forming"), tr("dots + long chains"), tr("suits")],
        tally_rows(name),
        caption=tr("The long-chain count after each line"),
    )


def tally_prediction(answer: Any, name: str = "tally_game") -> tuple[bool, str]:
    """Whether ``answer`` is a prediction the tally check accepts before it opens: the long chains of the pupil's
    last row, a whole number from 0 to the boxes of the board.  A prediction is never judged right or wrong; only
    something that is not such a number is refused, with why."""
    width, height, _ = SEQUENCES[name]["start"]
    most = width * height // 3
    try:
        k = parse_int(answer)
    except ValueError:
        k = -1
    if not 0 <= k <= most:
        return False, tr("Type the number of long chains in your last row, a whole number from 0 to {most}.", most=most)
    return True, tr("Now open “Check your tally” and compare it with your table, row by row.")


def tally_check(name: str = "tally_game"):
    """The computed tally, hidden until the pupil has typed the count of their own last row (predict, then check),
    then folded away under "Check your tally"."""
    import ipywidgets as W

    table = W.Accordion(children=[W.HTML(tally_table(name)._repr_html_())], selected_index=None)
    table.set_title(0, tr("Check your tally"))
    table.layout.display = "none"
    entry = W.Text(
        placeholder=tr("your count"),
        description=tr("Long chains after the last line:"),
        continuous_update=False,
        style={"description_width": "initial"},
    )
    note = W.HTML()

    def predicted(change: dict) -> None:
        ok, message = tally_prediction(change["new"], name)
        note.value = f"<p>{message}</p>"
        if ok:
            table.layout.display = None

    entry.observe(predicted, names="value")
    return W.VBox([entry, note, table])


def start_result(width: int = 3, height: int = 3, time_limit: float = 20.0) -> Paragraph:
    """Lesson 4's closing fact, computed on the page: who wins from the empty board with perfect play, and by
    how much (the exact solver, about 0.3 s for 3×3 with the compiled search).  If the search does not end
    within ``time_limit`` seconds, the sentence says the value was not computed here."""
    game = DotsAndBoxes(width, height)
    try:
        value = solve(game, time_limit=time_limit)
    except SolverTimeout:
        return Paragraph(
            tr(
                "The exact calculation did not finish the {width}×{height} board within {seconds} s on "
                "this computer, so the result is not computed here.",
                width=width,
                height=height,
                seconds=number(time_limit, short=True),
            )
        )
    boxes = width * height
    first, second = (boxes + value) // 2, (boxes - value) // 2
    if value == 0:
        return Paragraph(
            tr(
                "Computed just now by exact calculation: on the {width}×{height} board, with "
                "perfect play from the empty board, the game is a tie, {first}–{second}.",
                width=width,
                height=height,
                first=first,
                second=second,
            )
        )
    if value > 0:
        return Paragraph(
            tr(
                "Computed just now by exact calculation: on the {width}×{height} board, with "
                "perfect play from the empty board, the first player wins {most}–{least}.",
                width=width,
                height=height,
                most=first,
                least=second,
            )
        )
    return Paragraph(
        tr(
            "Computed just now by exact calculation: on the {width}×{height} board, with perfect "
            "play from the empty board, the second player wins {most}–{least}.",
            width=width,
            height=height,
            most=second,
            least=first,
        )
    )
