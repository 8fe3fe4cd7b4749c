"""The exhaustive census of Shut the Box's "which set?" questions, and the build step that adds its selection to
the bank: every open-tile set and roll under every one-die rule and both goals (:func:`census_puzzles`, reached by
:func:`position_at`); :func:`which_set_pool` picks Practice's questions from it, where a
named rule of thumb is wrong, no rule of thumb answering more than half of a level;
``python -m gamekit.puzzles.shut_census`` adds them to the bank (:func:`add_census`).  :func:`which_set_census`
counts how few positions defeat the rules of thumb, :func:`dice_census` how few "one die or two?" questions defeat
lesson 3's rule.
"""

from __future__ import annotations

import collections
from dataclasses import replace

from gamekit.i18n import tr
from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.shutbox import (
    ALL_THUMBS,
    DICE_RULES,
    GAME_ID,
    LESSON_RULE,
    MARGIN,
    MAX_RULE_SHARE,
    OBJECTIVES,
    OTHER_RULES,
    PER_LEVEL,
    SCORE_FROM,
    SELECTION_SEED,
    answer_shape,
    beyond_pairs,
    candidate,
    question_position,
    thumb_answers_all,
    thumb_misses,
    tiles_of_mask,
)
from gamekit.puzzles.shut_thumbs import (
    FIXED_ORDER_RULE,
    FIXED_RULES,
    NEXT_ROLL_RULES,
    THUMB_RULES,
    TIE_BREAK_RULES,
    rule_answers,
    set_answers,
    thumb_sets,
)
from gamekit.shutbox import Rules, ShutTheBox
from gamekit.shutbox.rules import ONE_DIE_RULES
from gamekit.shutbox.strategy import table


def position_at(one_die: str, open_tiles, roll: int) -> ShutTheBox | None:
    """A one-player turn under the one-die rule ``one_die`` with ``open_tiles`` open and the dice just showing
    ``roll`` (two dice, or one die for a roll of 1), reached by covering the other tiles one roll each (tile 1
    together with the next covered tile); None when the rules do not reach it that way (tile 1 the only covered
    tile, or the dice the roll needs not allowed there).  The exact search over every position
    (:func:`which_set_census`) starts from it."""
    open_tiles = tuple(sorted(set(open_tiles)))
    if not open_tiles or any(t not in range(1, 10) for t in open_tiles) or not 1 <= roll <= 12:
        raise ValueError(
            tr("open tiles {items}, roll {roll}: tiles 1 to 9, a roll 1 to 12", items=open_tiles, roll=roll)
        )
    closed = [t for t in range(1, 10) if t not in open_tiles]
    steps = [(t,) for t in closed if t != 1]
    if 1 in closed:
        if not steps:
            return None
        steps[0] = (steps[0][0], 1)

    def pips(total: int) -> tuple[int, ...]:
        return (1,) if total == 1 else (1, total - 1) if total <= 7 else (total - 6, 6)

    game = ShutTheBox(1, Rules(one_die=one_die), "round", seed=0, dice=[pips(sum(s)) for s in steps] + [pips(roll)])
    for s in steps + [None]:
        n = 1 if s is None and roll == 1 else 2
        if game.phase != "roll" or n not in game.dice_options():
            return None
        game.play(("roll", n))
        if s is not None:
            game.play(("cover", s))
    return game if game.phase == "cover" else None


def census_puzzles() -> list[Puzzle]:
    """Every "which set?" puzzle of the game (exact, no sampling): each open-tile set and roll under each one-die
    rule (:func:`position_at`) and each goal where one set (or sets tied exactly) beats every other by
    :data:`MARGIN` — the habits' positions included (:func:`candidate` with ``habits=False``) — in id order.
    Computed once (about ten seconds)."""
    if not _CENSUS:
        found = {}
        for one_die in ONE_DIE_RULES:
            for mask in range(1, 512):
                for roll in range(1, 13):
                    game = position_at(one_die, tuple(tiles_of_mask(mask)), roll)
                    if game is None or len(game.legal_sets()) < 2:
                        continue
                    for objective in OBJECTIVES:
                        p = candidate(game, objective, habits=False)
                        if p is not None:
                            found[p.id] = p
        _CENSUS.extend(sorted(found.values(), key=lambda p: p.id))
    return list(_CENSUS)


_CENSUS: list[Puzzle] = []


SEARCH_TRIES = 300
"""How many random picks :func:`which_set_pool` tries for a level before it widens the choice of difficulty."""


def fixed_order_fails(puzzle: Puzzle) -> bool:
    """Whether the fixed rule :data:`FIXED_ORDER_RULE` (the fewest tiles, the 9 first, else the lower pair) is wrong
    in a "which set?" puzzle (:func:`rule_answers`)."""
    f = puzzle.facts
    return not rule_answers(thumb_sets(FIXED_ORDER_RULE, f["open"], f["roll"]), puzzle.answers)


def fixed_answering(puzzle: Puzzle) -> frozenset[str]:
    """The fixed rules of :data:`FIXED_RULES` that answer a "which set?" puzzle (:func:`rule_answers`)."""
    f = puzzle.facts
    return frozenset(r for r in FIXED_RULES if rule_answers(thumb_sets(r, f["open"], f["roll"]), puzzle.answers))


TOP_LEVELS = range(6, 11)
"""Practice's top levels (under :data:`OTHER_RULES`), where the fixed rule :data:`FIXED_ORDER_RULE` is wrong in
half of each level (:func:`_level_plan`)."""
TOP_LOOK_AHEAD_SHARE = 0.75
"""The share of a top level the look-ahead rules (:data:`gamekit.puzzles.shut_thumbs.NEXT_ROLL_RULES`) may answer.
A "shut the box" question the fixed rule gets wrong has the look-ahead rule and the largest tile both right (in the
whole game), so with one in a level of four, one of those two answers three of the four: the look-ahead rule,
lesson 4's own count, not the habit of the largest tile."""


def _kind(puzzle: Puzzle, lv: int) -> tuple:
    """The kind of a question for level ``lv``'s plan (:func:`_level_plan`): its goal and the named rule it defeats
    (:func:`thumb_misses`), and at the top levels (:data:`TOP_LEVELS`) whether the fixed rule fails too."""
    kind = (puzzle.facts["objective"], thumb_misses(puzzle))
    return kind + (fixed_order_fails(puzzle),) if lv in TOP_LEVELS else kind


def _level_plan(lv: int) -> dict[tuple, int]:
    """How many questions of each kind (:func:`_kind`) level ``lv`` holds.  Levels 1 to 5: half defeat the
    look-ahead rule, half the largest tile; from :data:`SCORE_FROM` one of the latter asks for the low score (where
    the look-ahead rule is wrong for the low score, the largest tile, the widest pair and the fewest tiles with the
    largest top tile are all right: :func:`gamekit.puzzles.shut_census.census_puzzles`).  Top levels
    (:data:`TOP_LEVELS`): one "shut the box" question that defeats the look-ahead rule, one the largest tile, one the
    fixed rule :data:`FIXED_ORDER_RULE`, and one low-score question that defeats the largest tile and the fixed
    rule: the fixed rule is wrong in half of each top level, once for the chance to shut the box."""
    if lv in TOP_LEVELS:
        return {
            ("shut", "look_ahead", False): 1,
            ("shut", "largest_tile", False): 1,
            ("shut", None, True): 1,
            ("score", "largest_tile", True): 1,
        }
    half = PER_LEVEL // 2
    plan = {("shut", "look_ahead"): half, ("shut", "largest_tile"): PER_LEVEL - half}
    if lv >= SCORE_FROM:
        plan[("shut", "largest_tile")] -= 1
        plan[("score", "largest_tile")] = 1
    return plan


def _varied(puzzle: Puzzle) -> bool:
    """Whether a "which set?" puzzle's best set is not one of the two biggest pairs: one tile, or
    :func:`beyond_pairs` (each Practice level holds one)."""
    return answer_shape(puzzle) == "other" or beyond_pairs(puzzle)


def rule_share(rule: str, lv: int) -> float:
    """The largest share of level ``lv`` one rule of thumb may answer: :data:`MAX_RULE_SHARE`, but
    :data:`TOP_LOOK_AHEAD_SHARE` for the look-ahead rules at the top levels (:data:`TOP_LEVELS`)."""
    return TOP_LOOK_AHEAD_SHARE if lv in TOP_LEVELS and rule in NEXT_ROLL_RULES else MAX_RULE_SHARE


def _fits(chosen: list[frozenset[str]], lv: int) -> bool:
    """Whether no rule of thumb answers more than its share (:func:`rule_share`) of level ``lv``'s questions whose
    answering rules are ``chosen`` (at the top levels, the fixed rules :data:`FIXED_RULES` too).  Not at levels 1
    to 5: under the lessons' one-die rule no "shut the box" question with three sets or more where a named rule of
    thumb is wrong defeats :data:`FIXED_ORDER_RULE`, so with three such questions a level it answers at least
    three of four, and no search with the 8-then-9 rule held to half there finds every level (the Practice page
    says how often the fixed rule is right there)."""
    rules = ALL_THUMBS + (FIXED_RULES if lv in TOP_LEVELS else ())
    return all(sum(r in c for c in chosen) <= rule_share(r, lv) * len(chosen) + 1e-9 for r in rules)


def which_set_pool(puzzles: list[Puzzle], seed: int = SELECTION_SEED) -> list[Puzzle]:
    """The "which set?" questions Practice asks, chosen from ``puzzles`` (the census,
    :func:`gamekit.puzzles.shut_census.census_puzzles`), each with its Practice rating in
    ``facts["practice_rating"]``: :data:`PER_LEVEL` questions at each level 1 to 10, levels 1 to 5 under the
    lessons' one-die rule and 6 to 10 under the two others lesson 4 names (:data:`OTHER_RULES`), each position
    (open tiles and roll) once in a group.

    Only positions with three or more sets where a named rule of thumb is wrong (:func:`thumb_misses`): at each
    level half defeat the look-ahead rule and half the largest tile, most ask for the chance to shut the box (one
    a level for the low score from :data:`SCORE_FROM`), and no rule of thumb (:data:`ALL_THUMBS`, the roll's own
    tile and the biggest pair among them) answers more than :data:`MAX_RULE_SHARE` of a level.  Each level holds
    a best set of one tile or one beyond the two biggest pairs (:func:`_varied`, the latter taken where a level
    has room: :func:`beyond_pairs`); each group asks every roll of :data:`ASKED_ROLLS`, none more than a third of
    its questions.  Within each kind the questions go up the levels by their bank rating (easier first).  Not a
    "which
    set?" puzzle: ValueError; too few positions for a level: ValueError naming it."""
    import random

    if any(p.facts.get("kind") != "set" for p in puzzles):
        raise ValueError(tr('which_set_pool: "which set?" puzzles only'))
    rng = random.Random(seed)
    usable = [
        p
        for p in sorted(puzzles, key=lambda p: p.id)
        if len(p.legal_answers()) >= 3 and (thumb_misses(p) is not None or fixed_order_fails(p))
    ]
    answered = {p.id: thumb_answers_all(p) | fixed_answering(p) for p in usable}
    for _ in range(RESTARTS):
        out = _pick_levels(usable, answered, rng)
        if out is not None:
            return sorted(out, key=lambda p: p.id)
    raise ValueError(tr("which_set_pool: too few positions for every level"))


ASKED_ROLLS = frozenset({7, 9, 10, 11, 12})
"""Rolls each group of Practice levels asks at least once (:func:`which_set_pool`; no roll more than a third)."""
RESTARTS = 50
"""How many times :func:`which_set_pool` starts its search again when a level finds no questions that fit."""


def _pick_levels(usable: list[Puzzle], answered: dict[str, frozenset[str]], rng) -> list[Puzzle] | None:
    """One try of :func:`which_set_pool`'s search: the other one-die rules' levels first (their positions are the
    fewest), each level's questions picked at random from its share of each kind, ranked by bank rating; None when
    a level finds none that fit."""
    from gamekit.progress import LEVEL_BASE, LEVEL_STEP

    out: list[Puzzle] = []
    used: set[tuple] = set()  # each position once in the whole pool: a question lives at one level only
    for lessons, levels in ((False, TOP_LEVELS), (True, range(1, 6))):
        group_out: list[Puzzle] = []
        group = [p for p in usable if p.facts["one_die"] in ((LESSON_RULE,) if lessons else OTHER_RULES)]
        kinds: dict[tuple, list[Puzzle]] = {}
        for p in group:
            kinds.setdefault(_kind(p, levels[0]), []).append(p)
        for ranked in kinds.values():
            ranked.sort(key=lambda p: (p.rating, p.id))
        for step, lv in enumerate(levels):
            plan = _level_plan(lv)
            chosen = None
            for widen in range(0, 11):  # a wider choice of difficulty each time (the whole kind at the end)
                windows = {}
                for kind in plan:
                    ranked = [p for p in kinds.get(kind, []) if question_position(p) not in used]
                    n = len(ranked)
                    lo, hi = step * n // 5, (step + 1) * n // 5
                    grow = widen * max(1, n // 10)
                    window = ranked[max(0, lo - grow) : min(n, hi + grow)]
                    windows[kind] = window + [p for p in ranked if beyond_pairs(p) and p not in window]
                if any(len(windows[kind]) < need for kind, need in plan.items()):
                    continue
                for _ in range(SEARCH_TRIES):  # the first fit, or the first with a rare answer (beyond_pairs)
                    pick = [p for kind, need in plan.items() for p in rng.sample(windows[kind], need)]
                    fit = _fits([answered[p.id] for p in pick], lv) and any(_varied(p) for p in pick)
                    rolls = collections.Counter(p.facts["roll"] for p in group_out + pick)
                    fit = fit and max(rolls.values()) <= len(levels) * PER_LEVEL // 3  # several rolls asked
                    if fit and len({question_position(p) for p in pick}) == len(pick):
                        chosen = chosen or pick
                        if any(beyond_pairs(p) for p in pick):
                            chosen = pick
                            break
                if chosen:
                    break
            if chosen is None:
                return None
            chosen.sort(key=lambda p: (p.rating, p.id))
            for k, p in enumerate(chosen):
                rating = LEVEL_BASE + (lv - 1) * LEVEL_STEP + (k + 1) * LEVEL_STEP / (PER_LEVEL + 1)
                out.append(replace(p, facts={**p.facts, "practice_rating": round(rating, 1)}))
                group_out.append(p)
                used.add(question_position(p))
        if not ASKED_ROLLS <= {p.facts["roll"] for p in group_out}:
            return None  # too few rolls asked: try again
    return out


def census_selection(seed: int = SELECTION_SEED) -> list[Puzzle]:
    """The "which set?" questions Practice asks: :func:`which_set_pool` over every "which set?" puzzle of the
    census (:func:`census_puzzles`), each with its Practice rating in ``facts["practice_rating"]``."""
    return which_set_pool(census_puzzles(), seed)


def add_census(path=None) -> int:
    """Store :func:`census_selection`'s questions in the bank file (the shipped one, or ``path``): a chosen puzzle
    the bank holds gets its ``facts["practice_rating"]`` (nothing else of it changes), one it lacks is added; a
    puzzle an earlier run of this step added and no longer chosen is taken out, and no other puzzle keeps a
    Practice rating.  The header's command names this step and ``stats["census"]["added"]`` lists the ids added
    (the puzzles no played turn gave); they are practice-only too (``stats["practice_only"]``: the lessons'
    problem sets never draw them).  Returns how many were added."""
    from gamekit.puzzles.store import bank_path, read_bank, write_bank

    path = bank_path(GAME_ID) if path is None else path
    data = read_bank(path, GAME_ID)
    chosen = {p.id: p for p in census_selection()}
    before = set(data.get("stats", {}).get("census", {}).get("added", []))
    kept = []
    for d in data["puzzles"]:
        if d["id"] in before and d["id"] not in chosen:
            continue  # added by an earlier census step, no longer asked
        facts = {k: v for k, v in d["facts"].items() if k != "practice_rating"}
        if d["id"] in chosen:
            facts["practice_rating"] = chosen[d["id"]].facts["practice_rating"]
        kept.append({**d, "facts": facts})
    have = {d["id"] for d in kept}
    new = [p.to_dict() for p in chosen.values() if p.id not in have]
    step = f"python -m gamekit.puzzles.shut_census (seed {SELECTION_SEED})"
    command = data["command"].split(", then python -m gamekit.puzzles.shut_census")[0] + f", then {step}"
    added = sorted((before & set(chosen)) | {d["id"] for d in new})
    old_only = set(data.get("stats", {}).get("practice_only", [])) - before
    only = sorted(old_only | set(added))  # the lessons' sets never draw them
    stats = {**data.get("stats", {}), "census": {"added": added}, "practice_only": only}
    write_bank(path, GAME_ID, kept + new, command, data["seed"], data["built"], stats)
    return len(new)


def thumb_most(
    puzzles: list[Puzzle], rules: tuple[str, ...] = THUMB_RULES + TIE_BREAK_RULES + NEXT_ROLL_RULES
) -> tuple[int, str | None]:
    """The most "which set?" questions of ``puzzles`` one rule of thumb answers (:func:`rule_answers`), over
    every rule of ``rules`` (all of :data:`THUMB_RULES`, :data:`TIE_BREAK_RULES` and :data:`NEXT_ROLL_RULES`
    unless given; each under the question's one-die rule), and the first rule that gets that many (None when no
    rule answers any) — what the Practice page says a rule of thumb gets right at most.  An unknown rule:
    ValueError."""
    if not isinstance(puzzles, list) or not all(isinstance(p, Puzzle) for p in puzzles):
        raise TypeError(tr("thumb_most: give a list of puzzles"))
    known = THUMB_RULES + TIE_BREAK_RULES + NEXT_ROLL_RULES
    if not isinstance(rules, tuple) or not rules or any(r not in known for r in rules):
        raise ValueError(tr("rules {rules!r}: a tuple of rules of {items}", rules=rules, items=", ".join(known)))
    asked = [p for p in puzzles if p.facts.get("kind") == "set"]
    counts = {
        r: sum(
            rule_answers(thumb_sets(r, p.facts["open"], p.facts["roll"], p.facts["one_die"]), p.answers) for p in asked
        )
        for r in rules
    }
    most = max(counts.values())
    return most, next((r for r, n in counts.items() if n == most), None) if most else None


def look_ahead_census(rule: str = "next_two_dice") -> tuple[int, int]:
    """How often the look-ahead rule of thumb ``rule`` (of :data:`NEXT_ROLL_RULES`) is wrong over every "which
    set?" question of the game (:func:`census_puzzles`): ``(wrong, questions)`` — wrong where it picks no set or
    a set that is not a best one (:func:`rule_answers`).  What the Practice page says of it.  Another rule:
    ValueError."""
    if rule not in NEXT_ROLL_RULES:
        raise ValueError(tr("rule {rule!r}: choose one of {items}", rule=rule, items=", ".join(NEXT_ROLL_RULES)))
    asked = census_puzzles()
    right = sum(
        rule_answers(thumb_sets(rule, p.facts["open"], p.facts["roll"], p.facts["one_die"]), p.answers) for p in asked
    )
    return len(asked) - right, len(asked)


def which_set_census(share: float = 0.4) -> dict[str, int]:
    """The exact search over every "which set?" position of the game (every open-tile set and roll, under every
    one-die rule and both goals, :func:`position_at`) with a clear best set (:data:`MARGIN`, as in the bank):
    ``positions`` (open tiles and roll, counted once), ``largest_wrong`` (where, in some rule and goal, covering
    the largest tile is not the one right set), ``neither`` (where in some rule and goal neither the largest tile
    nor the closest pair is), ``second_top_wrong`` (of those, where the two-tile set with the second-largest top
    tile is wrong too), and ``most`` — the most distinct positions a question set can hold with no rule of thumb
    answering more than ``share`` of them: each question the largest tile and the closest pair both miss is one
    of the ``neither`` ones, so ``neither`` ≥ (1 − 2·share)·N."""
    found: dict[tuple, set[str]] = {}
    for p in census_puzzles():
        misses = found.setdefault(question_position(p), set())
        open_tiles, roll = question_position(p)
        picks = {r: thumb_sets(r, open_tiles, roll) for r in ("largest_tile", "close_pair", "second_top_pair")}
        missed = {r for r, chosen in picks.items() if not set_answers(chosen, p.answers)}
        if "largest_tile" in missed:
            misses.add("largest")
            if "close_pair" in missed:
                misses.add("neither")
                if "second_top_pair" in missed:
                    misses.add("all three")
    neither = sum("neither" in m for m in found.values())
    return {
        "positions": len(found),
        "largest_wrong": sum("largest" in m for m in found.values()),
        "neither": neither,
        "second_top_wrong": sum("all three" in m for m in found.values()),
        "most": int(neither / (1 - 2 * share) + 1e-9) if share < 0.5 else len(found),
    }


def dice_census(share: float = 0.5) -> dict:
    """The exact search over every "one die or two?" question of the game: each open-tile set where the rules
    (every one-die rule) let the player choose, for each goal, with a clear better roll (:data:`MARGIN`, as in the
    bank).  ``questions`` counts them, ``answered`` how many each rule of :data:`DICE_RULES` answers, ``beaten``
    lists the questions "one die if the open tiles add up to 6 or less" gets wrong (one-die rule, goal, open
    tiles), and ``most`` is the most questions a drill can hold with that rule answering no more than ``share`` of
    them: it answers all but the beaten ones, so at most ``beaten / (1 − share)``.  A share outside 0 to 1:
    ValueError."""
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 < share < 1:
        raise ValueError(tr("share={share!r}: a number above 0 and below 1", share=share))
    answered = {rule: 0 for rule in DICE_RULES}
    beaten = []
    questions = 0
    for one_die in ONE_DIE_RULES:
        for objective in OBJECTIVES:
            t = table(Rules(one_die=one_die), objective)
            for mask in range(1, 512):
                values = t.dice_values(mask)
                if set(values) != {1, 2} or abs(values[1] - values[2]) < MARGIN[objective]:
                    continue
                questions += 1
                better = 1 if (values[1] < values[2]) == (objective == "score") else 2
                tiles = tuple(tiles_of_mask(mask))
                picks = {"one_die": 1, "six_or_less": 1 if sum(tiles) <= 6 else 2, "two_dice": 2}
                for rule, dice in picks.items():
                    answered[rule] += dice == better
                if picks["six_or_less"] != better:
                    beaten.append((one_die, objective, tiles))
    return {
        "questions": questions,
        "answered": answered,
        "beaten": beaten,
        "most": int(len(beaten) / (1 - share) + 1e-9),
    }


if __name__ == "__main__":  # python -m gamekit.puzzles.shut_census: add the census selection to the bank
    import sys

    if sys.argv[1:]:
        sys.exit("usage: python -m gamekit.puzzles.shut_census")
    print(add_census(), "puzzles added")
