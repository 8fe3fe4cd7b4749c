"""Shut the Box puzzles, from the exact strategy tables (:mod:`gamekit.shutbox.strategy`).

Two kinds, both for one player's turn with a stated goal — the chance to shut the box (``"shut"``) or the
lowest expected score (``"score"``):

* **a set for the roll**: the dice are rolled; which tiles to cover?  A puzzle when at least 2 sets make
  the roll and the best set (or sets, tied exactly) beats every other set by at least
  :data:`MARGIN` in the goal (2 percentage points of shut chance, or half a point of expected score);
* **one die or two**: the rules leave the choice; a puzzle when the better roll beats the other by the
  same margin.

A "which set?" puzzle where the rule of thumb (Medium's: cover the largest tile; see
:class:`gamekit.shutbox.players`) picks a wrong set also has the theme *think of the next roll*
(``habit_trap``): the obvious choice loses there, so the pupil has to compare what each set leaves.
"""
from __future__ import annotations

import hashlib
from fractions import Fraction

from gamekit.shutbox import Rules, ShutTheBox
from gamekit.shutbox.rules import ONE_DIE_RULES, mask_of
from gamekit.shutbox.strategy import table
from gamekit.puzzles.core import Puzzle, judge_again, sample
from gamekit.puzzles.ratings import first_rating

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
            out.append((("cover", s), t.value(left), tuple(sorted(_tiles(left)))))
        return out
    values = t.dice_values(game.uncovered)
    return [(("roll", n), values[n], ()) for n in sorted(values)]


def _tiles(mask: int) -> list[int]:
    return [t for t in range(1, 10) if mask >> (t - 1) & 1]


def candidate(game: ShutTheBox, objective: str) -> Puzzle | None:
    """The puzzle at ``game``'s position for ``objective``, or None (module docstring)."""
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
    # tempting: a wrong choice within 4 margins of the best; depth: tiles still to cover (a longer look ahead);
    # a wrong choice that the rule of thumb (Medium's: the largest tile; one die once 6 or less is left)
    # would make counts six times: the pupil has to see past a habit
    tempting = sum(1 for _, v, _ in wrong if _gap(objective, best, v) < 4 * MARGIN[objective])
    from gamekit.shutbox import cpu_player
    if cpu_player("medium", 0).choose(game) not in answers:
        tempting += 6
        if kind == "set":
            found.append("habit_trap")         # the test of has_theme(puzzle, "habit_trap")
    depth = len(game.open_tiles)
    rating = first_rating(tempting, depth, len(answers), len(choices))
    refutations = {}
    from gamekit.puzzles.core import action_key
    for a, v, left in wrong:
        refutations[action_key(a)] = {"value": float(v), "exact": str(v), "left": list(left)}
    # the id is the question: the rules, the open tiles, the kind and the roll to cover (a roll-phase puzzle has
    # none — the dice still showing from the last roll are not part of it, or one question would get many ids)
    roll = sum(game.dice) if kind == "set" else 0
    key = f"{game.rules.one_die}:{game.rules.scoring}:{game.uncovered}:{game.phase}:{roll}:{objective}"
    pid = "shut-" + hashlib.sha1(key.encode()).hexdigest()[:10]
    facts = {"objective": objective, "kind": kind, "best": float(best), "exact": str(best),
             "open": list(game.open_tiles), "roll": sum(game.dice) if kind == "set" else None,
             "one_die": game.rules.one_die, "tempting": tempting}
    return Puzzle(pid, GAME_ID, game.to_dict(), tuple(answers), tuple(found), rating, refutations=refutations, facts=facts)


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
    return judge_again(puzzle, values, best, judge="the table", best_fact="exact", ref_value="exact", read=Fraction,
                       close=lambda v: _gap(objective, best, v) < MARGIN[objective])


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


def tries(game_id: str, seed: int, rng, n: int, theme: str | None = None,
          one_die: tuple[str, ...] | None = None) -> list[tuple[ShutTheBox, dict]]:
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




THEME_LESSONS = {"sets_for_roll": (2,), "one_die_or_two": (3,), "best_set": (4,), "habit_trap": (4,)}
"""The Shut the Box lessons (their numbers) each theme's idea comes from."""


LESSON_RULE = "after_789"
"""The one-die rule the lessons teach ("once 7, 8 and 9 are covered, you may roll one die")."""
LESSON_RULE_BELOW = 1550.0
"""Free Practice below this rating (levels 1 to 5, :func:`gamekit.progress.level`) asks only about the lessons'
rule; puzzles under the other one-die rules come from level 6 up — in the mixed pool, in the Practice of one idea
and in every homework set alike (the lessons' own practice sets choose their puzzles themselves)."""
DICE_SHARE = 1 / 3
"""The largest share of each difficulty band of the free pool that "one die or two?" questions (two buttons,
a coin flip for a guesser) may fill."""


def practice_selection(puzzles: list[Puzzle], theme: str | None) -> list[Puzzle]:
    """The puzzles Practice and homework sets draw from (``puzzles`` in id order, one theme or all): below
    level 6 only the lessons' rule (:data:`LESSON_RULE_BELOW`), for every idea; with every idea mixed, no
    "which set?" question with only two sets (a coin flip), and "one die or two?" questions kept to
    :data:`DICE_SHARE` of each band; for *think of the next roll*, no two-set question either (with two sets,
    "not the biggest tile" leaves only the answer); *sets for the roll* not on its own (Practice's buttons list
    every set, so listing them is never asked — its puzzles still come as *best set* questions)."""
    def two_sets(p: Puzzle) -> bool:
        return p.facts.get("kind") == "set" and len(p.legal_answers()) <= 2
    if theme == "sets_for_roll":
        return []              # the buttons list every set already: on its own the idea is never tested here
    puzzles = [p for p in puzzles if p.facts.get("one_die") == LESSON_RULE or p.rating >= LESSON_RULE_BELOW]
    if theme == "habit_trap":
        return [p for p in puzzles if not two_sets(p)]
    if theme is not None:
        return list(puzzles)
    kept = [p for p in puzzles if not two_sets(p)]
    out: list[Puzzle] = []
    for name in sorted({p.band for p in kept}):
        band = [p for p in kept if p.band == name]
        sets = [p for p in band if p.facts.get("kind") != "dice"]
        room = int(DICE_SHARE * len(sets) / (1 - DICE_SHARE) + 1e-9)     # dice ≤ DICE_SHARE of the band
        lesson_first = sorted((p for p in band if p.facts.get("kind") == "dice"),
                              key=lambda p: (p.facts.get("one_die") != LESSON_RULE, p.id))
        out += sets + lesson_first[:room]
    chosen = {p.id for p in out}
    return [p for p in kept if p.id in chosen]


def lessons_rules(puzzle: Puzzle) -> bool:
    """Whether a puzzle is played under the rules the lessons teach (their one-die rule), for the teachers'
    homework page, which warns of codes that go past them."""
    return puzzle.facts.get("one_die") == LESSON_RULE


def one_step_rule(puzzle: Puzzle) -> str | None:
    """The key of the one-line habit that answers ``puzzle`` by itself, or None: a
    "which set?" puzzle whose only answer is the tile equal to the roll, or a "one die or two?" puzzle whose
    answer is one die (a pupil who always takes one die when allowed gets it without looking)."""
    f = puzzle.facts
    if f.get("kind") == "set":
        return "own_tile" if set(puzzle.answers) == {("cover", (f["roll"],))} else None
    return "one_die" if set(puzzle.answers) == {("roll", 1)} else None


def has_theme(puzzle: Puzzle, theme: str) -> bool | None:
    """Whether a stored puzzle has ``theme``, for the themes read off the puzzle alone: *when the rule of thumb
    fails* (``habit_trap``) — a "which set?" puzzle whose rule-of-thumb set (Medium's) is not an answer.  Other
    themes: None (they are decided when the puzzle is built)."""
    if theme != "habit_trap":
        return None
    from gamekit.shutbox import cpu_player
    return puzzle.facts.get("kind") == "set" and cpu_player("medium", 0).choose(puzzle.position) not in puzzle.answers
