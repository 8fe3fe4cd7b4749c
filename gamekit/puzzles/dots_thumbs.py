"""What Dots Practice's lists check a puzzle against, whatever idea it asks: the lines each rule of thumb would
draw (:data:`THUMB_RULES`) and how many of a level one may answer, whether the game is already decided, which
puzzles look alike, and the kind of board a decision is asked on (:mod:`gamekit.puzzles.dots` builds its lists
with these)."""

from __future__ import annotations

from collections import Counter

from gamekit.dots import boxes_given, capture_lines, components, safe_lines
from gamekit.progress import LEVEL_BASE, LEVEL_STEP, level
from gamekit.puzzles.balance import trivial_share
from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.dots_words import decline_lines, shared_line

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


def simple_rule_picks(puzzle: Puzzle) -> set[str]:
    """The lines the beginner's simple rule would draw in ``puzzle``: take a box if one is on offer, else any line
    that gives no third side, else a line that gives the fewest boxes away now."""
    game = puzzle.position
    return set(capture_lines(game)) or set(safe_lines(game)) or thumb_picks(puzzle)["fewest_boxes"]


def simple_rule_answers(puzzle: Puzzle) -> bool:
    """Whether the simple rule (:func:`simple_rule_picks`) answers ``puzzle``: every line it would draw is right."""
    picks = simple_rule_picks(puzzle)
    return bool(picks) and picks <= set(puzzle.answers)


def simple_rule_share(puzzles: list[Puzzle]) -> list[Puzzle]:
    """``puzzles`` (a Practice list) with those the simple rule answers (:func:`simple_rule_answers`) held to a
    third of each level from 2 up (:func:`gamekit.puzzles.balance.trivial_share`), the latest in id order going
    first.  Not for the take-or-decline lists (:data:`gamekit.puzzles.dots_themes.DECISION_THEMES`): there the
    rule is "take every box", one of the two answers, each held to half so that "always decline" passes no more."""
    return trivial_share(puzzles, simple_rule_answers)


HANDOUT_HABITS = ("middle_line", "shortest_part", "chain_before_loop")
"""The habits a pupil fresh from lesson 3 may answer its puzzles by without weighing the position
(:func:`habits_answering`): draw the middle line of a chain of two, open the shortest chain or loop, open a chain
rather than a loop."""


def habits_answering(puzzle: Puzzle) -> tuple[str, ...]:
    """The rules of thumb (:data:`THUMB_RULES`) and lesson 3's habits (:data:`HANDOUT_HABITS`) that answer
    ``puzzle`` by themselves: each line the habit would draw is a right one (a habit that draws nothing, as
    "a chain rather than a loop" with no loop on the board, answers nothing)."""
    game = puzzle.position
    parts = [c for c in components(game) if not c.opened]
    shortest = min((c.length for c in parts), default=0)
    picks = {
        "middle_line": {
            shared_line(game, c.boxes[0], c.boxes[1]) for c in parts if c.kind == "chain" and c.length == 2
        },
        "shortest_part": {line for c in parts if c.length == shortest for line in c.lines},
        "chain_before_loop": (
            {line for c in parts if c.kind == "chain" for line in c.lines}
            if any(c.kind == "loop" for c in parts)
            else set()
        ),
    }
    right = set(puzzle.answers)
    own = tuple(habit for habit in HANDOUT_HABITS if picks[habit] and picks[habit] <= right)
    return thumbs_answering(puzzle) + own


LOWER_LEVELS_HABIT = "one_rule_then_middle"
"""The habit the lower levels' lessons add up to (:func:`lower_levels_picks`): take a box; else draw a line that gives
no third side; else draw the middle line of a chain of two; else give away the fewest boxes.  Before it was
checked it answered 62 % of lesson 3's list and 73 % of the mixed list's levels 2 to 4 (13.7 of 15 at level 2)."""

_LOWER: dict[str, frozenset[str]] = {}
""":func:`lower_levels_picks` by puzzle id."""


def lower_levels_picks(puzzle: Puzzle) -> set[str]:
    """The lines :data:`LOWER_LEVELS_HABIT` would draw in ``puzzle``: the boxes on offer, else the lines that give no
    third side, else the middle lines of the unopened chains of two, else the lines that give the fewest boxes."""
    if puzzle.id not in _LOWER:
        game = puzzle.position
        picks = set(capture_lines(game)) or set(safe_lines(game))
        if not picks:
            picks = {
                shared_line(game, c.boxes[0], c.boxes[1])
                for c in components(game)
                if c.kind == "chain" and c.length == 2 and not c.opened
            }
        _LOWER[puzzle.id] = frozenset(picks or thumb_picks(puzzle)["fewest_boxes"])
    return set(_LOWER[puzzle.id])


def lower_habits_answering(puzzle: Puzzle, answering=thumbs_answering) -> tuple[str, ...]:
    """What ``answering`` says answers ``puzzle`` (by default the rules of thumb), and :data:`LOWER_LEVELS_HABIT`
    when each line it would draw is a right one."""
    picks = lower_levels_picks(puzzle)
    own = (LOWER_LEVELS_HABIT,) if picks and picks <= set(puzzle.answers) else ()
    return answering(puzzle) + own


IDEA_FLOOR = 3
"""With ``most_first`` (:func:`thumbs_within_share`), an idea keeps at least this many puzzles at a level while the
cap can take others: the mixed list's levels 2 and 3 ask both of lesson 3's ideas."""


def _idea(p: Puzzle) -> str:
    return p.themes[0] if p.themes else ""


def thumbs_within_share(
    puzzles: list[Puzzle],
    share: float = MAX_THUMB_SHARE,
    answering=thumbs_answering,
    rules=THUMB_RULES,
    most_first: bool = False,
) -> list[Puzzle]:
    """``puzzles`` without the ones a rule of thumb (``rules``, as ``answering`` reads a puzzle: by default
    :data:`THUMB_RULES`) answers beyond ``share`` of their Practice level (rounded up), from level 2 up: while a
    rule answers too many of a level, the last in id order of its puzzles goes (they stay in their own idea's
    pool); with ``most_first``, of its puzzles the one the most rules answer, then the last in id order, but never
    one of an idea down to :data:`IDEA_FLOOR` puzzles at the level while another can go (by id
    alone, with the lower levels' habit checked too, a puzzle only one habit answers could go while another
    habit's were still over, and lesson 3's level 3 fell to one puzzle).  Level 1 is the one-line rule's level by
    design."""
    kept = list(puzzles)
    rules_of = {id(p): answering(p) for p in kept if level(p.rating) > 1}  # read each board once
    for lv in sorted({level(p.rating) for p in kept} - {1}):
        while True:
            here = [p for p in kept if level(p.rating) == lv]
            answered = {rule: [p for p in here if rule in rules_of[id(p)]] for rule in rules}
            most = int(share * len(here) + 0.999999)
            over = [rule for rule in rules if len(answered[rule]) > most]
            if not over:
                break
            ideas = Counter(_idea(p) for p in here)
            # with most_first, an idea down to IDEA_FLOOR puzzles at the level keeps them while others can go
            spare = [p for p in answered[over[0]] if not most_first or ideas[_idea(p)] > IDEA_FLOOR]
            drop = max(
                spare or answered[over[0]],
                key=lambda p: (most_first * len(set(rules_of[id(p)]) & set(rules)), p.id),
            )
            kept = [p for p in kept if p is not drop]
    return kept


IDEA_HABIT_SHARE = 0.6
"""The most of a lesson-3 idea's own list (*hard-hearted handout*, *which chain or loop to open*) one rule of thumb
or habit of lesson 3 may answer (:func:`habits_within_share`)."""


def habits_within_share(puzzles: list[Puzzle], share: float = IDEA_HABIT_SHARE) -> list[Puzzle]:
    """``puzzles`` without the ones a rule of thumb or a habit of lesson 3 (:func:`habits_answering`) answers beyond
    ``share`` of the list: while one does, the last in id order of its puzzles goes."""
    rules = THUMB_RULES + HANDOUT_HABITS
    kept = list(puzzles)
    habits = {p.id: habits_answering(p) for p in kept}
    while True:
        over = [r for r in rules if sum(1 for p in kept if r in habits[p.id]) > share * len(kept)]
        if not over:
            return kept
        drop = max((p for p in kept if over[0] in habits[p.id]), key=lambda p: p.id)
        kept = [p for p in kept if p is not drop]


def handout_not_now(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is a *which chain or loop to open* puzzle with an unopened chain of two whose middle line
    is wrong: handing that chain over (hard-heartedly or not) is the mistake, something else is to be opened."""
    if "which_to_open" not in puzzle.themes:
        return False
    game = puzzle.position
    middles = {
        shared_line(game, c.boxes[0], c.boxes[1])
        for c in components(game)
        if c.kind == "chain" and c.length == 2 and not c.opened
    }
    return bool(middles) and not middles & set(puzzle.answers)


LESSON_THREE_HABIT = "middle_else_shortest"
"""The habit a pupil fresh from lesson 3 may answer its list by without weighing the position
(:func:`lesson_three_picks`): draw the middle line of a chain of two when there is one, else open the shortest chain
or loop.  Before it was checked, it and "give away the fewest boxes" answered 37 of the list's 42 puzzles."""


def lesson_three_picks(puzzle: Puzzle) -> set[str]:
    """The lines :data:`LESSON_THREE_HABIT` would draw in ``puzzle``: the middle lines of the unopened chains of
    two, else every line of the shortest unopened chains or loops."""
    game = puzzle.position
    parts = [c for c in components(game) if not c.opened]
    middles = {shared_line(game, c.boxes[0], c.boxes[1]) for c in parts if c.kind == "chain" and c.length == 2}
    if middles:
        return middles
    shortest = min((c.length for c in parts), default=0)
    return {line for c in parts if c.length == shortest for line in c.lines}


def fewest_boxes_luck(puzzle: Puzzle) -> float:
    """How often "give away the fewest boxes" is right in ``puzzle`` when the pupil draws any one of the lines that
    give the fewest: the share of those lines that are right."""
    fewest = thumb_picks(puzzle)["fewest_boxes"]
    return len(fewest & set(puzzle.answers)) / len(fewest)


LESSON_THREE_RULES = THUMB_RULES + HANDOUT_HABITS + (LOWER_LEVELS_HABIT, LESSON_THREE_HABIT)
"""The habits none of which may answer half of lesson 3's list (:func:`lesson_three_selection`)."""


def lesson_three_habits(puzzle: Puzzle) -> tuple[str, ...]:
    """The habits of :data:`LESSON_THREE_RULES` that answer ``puzzle``: each line the habit would draw is right."""
    picks = lesson_three_picks(puzzle)
    own = (LESSON_THREE_HABIT,) if picks and picks <= set(puzzle.answers) else ()
    return lower_habits_answering(puzzle, answering=habits_answering) + own


def lesson_three_selection(puzzles: list[Puzzle]) -> list[Puzzle]:
    """Lesson 3's Practice (:func:`gamekit.puzzles.dots.lesson_selection`), from its ideas' merged lists (each
    question once), and the mixed list's lesson 3 puzzles: no habit of
    :data:`LESSON_THREE_RULES` answers half of the list or more, and a pupil who draws any line giving the fewest
    boxes away is right less than half of the time (:func:`fewest_boxes_luck`, on average).  While one is over, the
    puzzle that helps the habits over most goes (of those alike, one of the idea and level with the most puzzles
    left, so each idea keeps a puzzle at each level where it can; then the last in id order); then the simple rule
    answers a third of a level at most (:func:`simple_rule_share`)."""
    once = {p.question_key: p for p in puzzles}
    kept = sorted(once.values(), key=lambda p: p.id)
    habits = {p.id: lesson_three_habits(p) for p in kept}
    luck = {p.id: fewest_boxes_luck(p) for p in kept}
    while kept:
        n = len(kept)
        over = [r for r in LESSON_THREE_RULES if 2 * sum(1 for p in kept if r in habits[p.id]) >= n]
        lucky = 2 * sum(luck[p.id] for p in kept) >= n
        if not over and not lucky:
            return simple_rule_share(kept)

        at = Counter((level(p.rating), _idea(p)) for p in kept)

        def weight(p: Puzzle) -> tuple[float, int, str]:
            helps = sum(1 for r in over if r in habits[p.id]) + (luck[p.id] if lucky else 0.0)
            return (helps, at[level(p.rating), _idea(p)], p.id)

        drop = max(kept, key=weight)
        kept = [p for p in kept if p is not drop]
    return kept


def level_span(lv: int) -> tuple[float, float]:
    """The lowest rating of Practice level ``lv`` and the first of the level above."""
    return LEVEL_BASE + (lv - 1) * LEVEL_STEP, LEVEL_BASE + lv * LEVEL_STEP


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


NEAR_LINES = 2
"""The most lines two boards of the same size may differ by and still look alike (:func:`look_alike`)."""


def look_alike(a: Puzzle, b: Puzzle) -> int:
    """How much two puzzles look alike to a pupil: 2 when they have the same right lines on boards of the same
    size differing by at most :data:`NEAR_LINES` lines (near-identical), 1 when they have the same right lines on
    boards of the same size, else 0."""
    ga, gb = a.position, b.position
    if (ga.width, ga.height) != (gb.width, gb.height) or set(a.answers) != set(b.answers):
        return 0
    return 2 if bin(ga.drawn ^ gb.drawn).count("1") <= NEAR_LINES else 1


def unlike(order: list[Puzzle], n: int, chosen: list[Puzzle]) -> list[Puzzle]:
    """``n`` puzzles of ``order`` (the pool shuffled), each taken in turn where it looks like none already taken
    (nor ``chosen``: :func:`look_alike`); where too few do, those that are at least not near-identical, then the
    rest, in ``order``."""
    out: list[Puzzle] = []
    for most in (0, 1, 2):
        for p in order:
            if len(out) < n and p not in out and all(look_alike(p, q) <= most for q in chosen + out):
                out.append(p)
    return out


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


def loop_on_offer(puzzle: Puzzle) -> bool:
    """Whether the boxes on offer in ``puzzle`` are those of an opened loop."""
    return any(c.kind == "loop" and c.opened for c in components(puzzle.position))


OPENING_LINES = 18
"""Legal lines from which a position is still opening-like: too many lines for a pupil to weigh each one (a 3×3
board has 24 lines in all; below 18 left, most lines are plainly unsafe and a pupil weighs the few safe ones)."""
OPENING_LEVEL = 7
"""The Practice level from which an opening-like puzzle is left out: there its rating comes from the many lines
to choose from, not from an idea a lesson taught, so it would stand for the hardest ideas without teaching one."""


def opening_like(puzzle: Puzzle) -> bool:
    """Whether a puzzle is an opening-like position the bank rates at :data:`OPENING_LEVEL` or above (at least
    :data:`OPENING_LINES` legal lines): Practice leaves it out (:func:`asked_at_all` asks it of the bank's
    puzzles: a lesson's puzzle Practice rates that high for its idea, :func:`practice_rating`, stays)."""
    return len(puzzle.legal_answers()) >= OPENING_LINES and level(puzzle.rating) >= OPENING_LEVEL


def takes_the_wrong_box(puzzle: Puzzle) -> bool:
    """Whether a *take a box* puzzle has a box on offer that is wrong to take: its question is then which box to
    take, which "take a box" would mislabel (no lesson teaches choosing between boxes as such), so Practice
    leaves it out."""
    return "take_box" in puzzle.themes and bool(set(capture_lines(puzzle.position)) - set(puzzle.answers))


def few_safe_lines(puzzle: Puzzle) -> bool:
    """Whether at most a third of the legal lines of ``puzzle`` are safe (give no box a third side): on such a board
    the pupil must find the safe lines before choosing among them, and a line picked at random is right at most a
    third of the time.  Where most lines are safe, "draw a safe line" is nearly always a right-looking answer."""
    return 3 * len(safe_lines(puzzle.position)) <= len(puzzle.legal_answers())


def guess_passes(puzzle: Puzzle) -> bool:
    """Whether a random line is right half the time or more in ``puzzle``: Practice asks such a puzzle at level 1 only
    (:func:`gamekit.puzzles.pools.guessable`), so :func:`gamekit.puzzles.dots.practice_rating` leaves it at the bank's
    level 1."""
    return 2 * len(puzzle.answers) >= len(puzzle.legal_answers())
