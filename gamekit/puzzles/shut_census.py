"""The exhaustive census of Shut the Box's "which set?" questions, and the build step that adds its selection to
the bank: every open-tile set and roll under every one-die rule and both goals (:func:`census_puzzles`, reached by
:func:`position_at`); :func:`which_set_pool` picks Practice's questions from it, where a
named rule of thumb is wrong, no habit the lessons name answering more than half of a level and no other rule of
thumb more than two thirds (:func:`rule_caps`);
``python -m gamekit.puzzles.shut_census`` adds them to the bank (:func:`add_census`).  :func:`which_set_census`
counts how few positions defeat the rules of thumb, :func:`dice_census` how few "one die or two?" questions defeat
the rule "one die when the open tiles add up to 6 or less".
"""

from __future__ import annotations

import collections
from dataclasses import replace

from gamekit.i18n import tr
from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.shutbox import (
    DICE_RULES,
    GAME_ID,
    LESSON_RULE,
    MARGIN,
    OBJECTIVES,
    PER_LEVEL,
    SHUT_AT_LEAST,
    TAUGHT_RULES,
    answer_shape,
    beyond_pairs,
    candidate,
    question_position,
    set_count,
    thumb_answers_all,
    thumb_misses,
    tiles_of_mask,
)
from gamekit.puzzles.shut_thumbs import ALL_THUMBS
from gamekit.puzzles.shut_thumbs import (
    FEW_HABITS,
    FEW_SHARE,
    FIXED_ORDER_RULE,
    LESSON_FOUR_RULES,
    MAX_RULE_SHARE,
    FIXED_RULES,
    LOOK_AHEAD_TIE_RULES,
    rule_answers,
    set_answers,
    thumb_sets,
)
from gamekit.shutbox import Rules, ShutTheBox
from gamekit.shutbox.rules import ONE_DIE_RULES
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import tiles_summing_to


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
                    if len(tiles_summing_to(roll, tiles_of_mask(mask))) < 2:
                        continue  # one set or none: no choice (checked before building the position, which is slow)
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
"""Practice's top levels (under the rules the lessons teach, :data:`gamekit.puzzles.shutbox.TAUGHT_RULES`: lesson 1's
one-die rule and two dice on every roll); levels 1 to 5 ask under the lessons' one-die rule only."""
LEVEL_SHARE = 2 / 3
"""The share of a Practice level any other rule of thumb or fixed rule may answer (:func:`rule_share`): 4 of its 6
questions, so each is wrong in 2 or more at every level (the look-ahead habit: :data:`LOOK_AHEAD_TIE_LOOSE`)."""
HABIT_SHARE = MAX_RULE_SHARE
"""The share of a Practice level a habit the lessons name (:data:`gamekit.puzzles.shut_thumbs.LESSON_FOUR_RULES`:
the roll's own tile, the largest tile, the fewest tiles, the most tiles, two close tiles) may answer: 3 of its 6
questions.  A pupil who always covers the largest tile and stops thinking gets half of each level right, no more."""
LOOK_AHEAD_TIE_LOOSE = (1, 4, 5, 6)
"""Levels where :data:`gamekit.puzzles.shut_thumbs.LOOK_AHEAD_TIE_RULES` may answer 5 of 6: it is wrong in only 19
positions with three sets or more, and wherever it is wrong the largest tile is right, so with the largest tile held
to half of every level (:data:`HABIT_SHARE`) it cannot be wrong in two at every level (it answers 44 of the 60).
It is lesson 4's idea (the next roll's chance, worked out), not a habit."""
LESSONS_SHUT_AT_LEAST = 3
"""How many questions of each level 1 to 5 at least ask for the chance to shut the box (:func:`shut_at_least`)."""


def shut_at_least(lv: int) -> int:
    """How many of level ``lv``'s questions at least ask for the chance to shut the box (more: :func:`_more_shut`)."""
    return SHUT_AT_LEAST if lv in TOP_LEVELS else max(SHUT_AT_LEAST, LESSONS_SHUT_AT_LEAST)


def rule_share(rule: str, lv: int) -> float:
    """The largest share of level ``lv`` one rule may answer: :data:`HABIT_SHARE` for a habit the lessons name
    (:data:`gamekit.puzzles.shut_thumbs.LESSON_FOUR_RULES`; :data:`FEW_SHARE` for :data:`FEW_HABITS`),
    :data:`LEVEL_SHARE` for any other (the look-ahead
    habit may answer one question more at the levels of :data:`LOOK_AHEAD_TIE_LOOSE`, :func:`rule_caps`)."""
    if rule in FEW_HABITS:
        return FEW_SHARE
    return HABIT_SHARE if rule in LESSON_FOUR_RULES else LEVEL_SHARE


def level_rules(lv: int) -> tuple[str, ...]:
    """The rules held to their share (:func:`rule_share`) at level ``lv``: every rule of thumb (:data:`ALL_THUMBS`)
    and every fixed rule (:data:`FIXED_RULES`), at every level."""
    return ALL_THUMBS + FIXED_RULES


def rule_caps(lv: int, n: int = PER_LEVEL) -> dict[str, int]:
    """How many of level ``lv``'s ``n`` questions each rule of :func:`level_rules` may answer: its share
    (:func:`rule_share`) of ``n``, rounded down; one more for the look-ahead habit of
    :data:`gamekit.puzzles.shut_thumbs.LOOK_AHEAD_TIE_RULES` at the levels of :data:`LOOK_AHEAD_TIE_LOOSE`."""
    caps = {r: int(rule_share(r, lv) * n + 1e-9) for r in level_rules(lv)}
    if lv in LOOK_AHEAD_TIE_LOOSE:
        caps.update({r: caps[r] + 1 for r in LOOK_AHEAD_TIE_RULES})
    return caps


def fewest_largest_wrong(puzzles: list[Puzzle]) -> int:
    """How many positions (open tiles and roll) of ``puzzles`` with three sets or more "the fewest tiles, then the
    largest" gets wrong in some one-die rule and goal: the scarcest kind of question Practice needs (it must be
    wrong in half of every level), so the pool holds at most twice as many questions."""
    return len(
        {
            question_position(p)
            for p in puzzles
            if set_count(p) >= 3
            and not rule_answers(thumb_sets("fewest_then_largest", p.facts["open"], p.facts["roll"]), p.answers)
        }
    )


def usable_groups(puzzles: list[Puzzle]) -> tuple[dict[bool, list[Puzzle]], dict[str, set]]:
    """The "which set?" puzzles :func:`which_set_pool` may choose from — three choices or more, and some habit or
    fixed rule wrong on them — grouped by level (``True``: levels 1 to 5, the lessons' rule; ``False``: the top
    levels, the rules the lessons teach), each group in the bank's rating order; and, by puzzle id, the habits and
    fixed rules that answer each one."""
    usable = [
        p
        for p in sorted(puzzles, key=lambda p: p.id)
        if set_count(p) >= 3 and (thumb_misses(p) is not None or fixed_order_fails(p))
    ]
    answered = {p.id: thumb_answers_all(p) | fixed_answering(p) for p in usable}
    groups = {
        lessons: sorted(
            (p for p in usable if p.facts["one_die"] in ((LESSON_RULE,) if lessons else TAUGHT_RULES)),
            key=lambda p: (p.rating, p.id),
        )
        for lessons in (False, True)
    }
    return groups, answered


def which_set_pool(puzzles: list[Puzzle], per_level: int = PER_LEVEL) -> list[Puzzle]:
    """The "which set?" questions Practice asks, chosen from ``puzzles`` (the census, :func:`census_puzzles`), each
    with its Practice rating in ``facts["practice_rating"]``: ``per_level`` (:data:`PER_LEVEL`) at each level 1 to
    10, levels 1 to 5 under the lessons' one-die rule and 6 to 10 under :data:`TAUGHT_RULES`, each position (open
    tiles and roll) once, three sets or more, where a named rule of thumb (:func:`thumb_misses`) or
    :data:`FIXED_ORDER_RULE` is wrong.  At each level no rule of :func:`level_rules` answers more than its cap
    (:func:`rule_caps`), at least :func:`shut_at_least` ask for the chance to shut the box (more where a level
    still fits, :func:`_more_shut`), and one best set is one tile or beyond the two biggest pairs
    (:func:`varied_seeds`); each group of five levels asks every roll of :data:`ASKED_ROLLS`, none more than a third.

    Greedy, failing fast: each level starts from its seed, then takes the question that most helps the rules still
    short of wrong answers (rarest first), then one nearest the level's place in the rating order; stuck, it mends
    the level (:func:`_repair`).  Too few wrong positions left for a rule, or a level that cannot be filled:
    ValueError naming the level.  Not a "which set?" puzzle, or an odd ``per_level``: ValueError."""
    if any(p.facts.get("kind") != "set" for p in puzzles):
        raise ValueError(tr('which_set_pool: "which set?" puzzles only'))
    if isinstance(per_level, bool) or not isinstance(per_level, int) or per_level < 2 or per_level % 2:
        raise ValueError(tr("per_level={n!r}: an even number of questions, 2 or more", n=per_level))
    from gamekit.progress import LEVEL_BASE, LEVEL_STEP

    groups, answered = usable_groups(puzzles)
    seeds = varied_seeds(groups, answered)
    used = {question_position(p) for seed in seeds.values() for p in seed}  # a question lives at one level only
    out: list[Puzzle] = []
    for lessons, levels in ((False, TOP_LEVELS), (True, range(1, 6))):
        group = groups[lessons]
        place = {p.id: k / max(1, len(group)) for k, p in enumerate(group)}
        rolls: collections.Counter = collections.Counter(p.facts["roll"] for lv in levels for p in seeds[lv])
        picked: dict[int, list[Puzzle]] = {}
        for step, lv in enumerate(levels):
            centre = (step + 0.5) / len(levels)
            picked[lv] = _fill_level(group, used, answered, place, rolls, lv, centre, per_level, seeds[lv])
            used |= {question_position(p) for p in picked[lv]}
            rolls.update(p.facts["roll"] for p in picked[lv] if p not in seeds[lv])
        for roll in sorted(ASKED_ROLLS - set(rolls)):  # a roll no level asks yet: swap one in where it fits
            asked = [p for p in group if p.facts["roll"] == roll and question_position(p) not in used]
            if not _swap_roll(picked, seeds, asked, answered, rolls, per_level):
                raise ValueError(tr("which_set_pool: no question with a roll of {items}", items=[roll]))
            used = {question_position(p) for ps in picked.values() for p in ps} | used
        _more_shut(picked, seeds, group, answered, rolls, per_level, used)
        for lv, chosen in picked.items():
            for k, p in enumerate(sorted(chosen, key=lambda p: (p.rating, p.id))):
                rating = LEVEL_BASE + (lv - 1) * LEVEL_STEP + (k + 1) * LEVEL_STEP / (per_level + 1)
                out.append(replace(p, facts={**p.facts, "practice_rating": round(rating, 1)}))
    return sorted(out, key=lambda p: p.id)


def _swap_roll(picked, seeds, asked, answered, rolls, n) -> bool:
    """Put one question of ``asked`` (a roll no level of the group asks) in place of a question of ``picked`` (not a
    seed) where the level still fits (:func:`_conflicts`); whether one was found.  ``picked`` and ``rolls``
    change."""
    roll_cap = len(TOP_LEVELS) * n // 3
    for lv, chosen in picked.items():
        caps = rule_caps(lv, n)
        for new in asked:
            for k, old in enumerate(chosen):
                if old in seeds[lv]:
                    continue
                trial = chosen[:k] + [new] + chosen[k + 1 :]
                others = rolls - collections.Counter(p.facts["roll"] for p in chosen if p not in seeds[lv])
                if _conflicts(trial, answered, caps, others, roll_cap, lv) == 0:
                    picked[lv] = trial
                    rolls[old.facts["roll"]] -= 1
                    rolls[new.facts["roll"]] += 1
                    return True
    return False


def _more_shut(picked, seeds, group, answered, rolls, n, used) -> None:
    """Swap low-score questions of ``picked`` (not seeds) for "shut the box" questions of ``group`` at no position
    of ``used`` or ``picked``, wherever the level still fits (:func:`_conflicts`), so that most questions ask for the
    lessons' main goal.  ``picked``, ``rolls`` and ``used`` change."""
    roll_cap = len(TOP_LEVELS) * n // 3
    used |= {question_position(p) for ps in picked.values() for p in ps}
    shut = [p for p in group if p.facts["objective"] == "shut"]
    for lv, chosen in picked.items():
        caps = rule_caps(lv, n)
        for k in range(len(chosen)):
            old = chosen[k]
            if old in seeds[lv] or old.facts["objective"] == "shut":
                continue
            if old.facts["roll"] in ASKED_ROLLS and rolls[old.facts["roll"]] <= 1:
                continue  # the group's only question with that roll
            others = rolls.copy()
            others[old.facts["roll"]] -= 1
            rest = chosen[:k] + chosen[k + 1 :]
            for new in shut:
                if question_position(new) in used:
                    continue
                trial = rest + [new]
                level_rolls = collections.Counter(p.facts["roll"] for p in rest if p not in seeds[lv])
                if _conflicts(trial, answered, caps, others - level_rolls, roll_cap, lv) == 0:
                    chosen[k] = new
                    used.discard(question_position(old))
                    used.add(question_position(new))
                    rolls[old.facts["roll"]] -= 1
                    rolls[new.facts["roll"]] += 1
                    break


TIE_BREAKS = ("fewest_then_largest", "fewest_then_smallest")
"""The two tie-break rules that decide where a level's one-tile answer can go (:func:`varied_seeds`)."""


def varied_seeds(groups: dict[bool, list[Puzzle]], answered: dict[str, frozenset[str]]) -> dict[int, list[Puzzle]]:
    """The questions each level 1 to 10 starts from, so that it holds a best set of one tile or one beyond the two
    biggest pairs: a question whose best set is beyond the two biggest pairs (:func:`beyond_pairs`:
    three positions in the whole game), else a one-tile answer together with a question both tie-break rules
    (:data:`TIE_BREAKS`) get wrong (seven positions).  Both tie-break rules answer every one-tile question Practice
    can ask, and each may answer only half of a level, so a level with one needs one they both miss.  ``groups``:
    the top levels' questions (False) and the lessons' (True), by rating.  Too few: ValueError."""
    seeds: dict[int, list[Puzzle]] = {}
    taken: set[tuple] = set()
    for lessons, levels in ((False, TOP_LEVELS), (True, range(1, 6))):
        group = [p for p in groups[lessons]]
        for step, lv in enumerate(levels):
            free = [p for p in group if question_position(p) not in taken]
            beyond = [p for p in free if beyond_pairs(p)]
            neither = [p for p in free if not (answered[p.id] & set(TIE_BREAKS))]
            ones = [p for p in free if answer_shape(p) == "other" and not beyond_pairs(p)]
            ones.sort(key=lambda p: (p.facts["objective"] != "shut", abs(group.index(p) / len(group) - step / 5)))
            if beyond and (lv % 2 or not neither):  # spread the three over the levels
                seed = beyond[:1]
            elif neither and ones:
                seed = [ones[0], neither[0]]
            elif beyond:
                seed = beyond[:1]
            else:
                raise ValueError(tr("which_set_pool: level {level} can hold no one-tile answer", level=lv))
            seeds[lv] = seed
            taken |= {question_position(p) for p in seed}
    return seeds


def _fill_level(group, used, answered, place, rolls, lv, centre, n, seed) -> list[Puzzle]:
    """Level ``lv``'s ``n`` questions for :func:`which_set_pool`, from ``seed`` on (its greedy step; ValueError
    when none fit)."""
    caps = rule_caps(lv, n)
    free = [p for p in group if question_position(p) not in used]
    short = {r: sum(r not in answered[p.id] for p in free + seed) for r in caps}
    for r, wrong in short.items():
        if wrong < n - caps[r]:
            raise ValueError(
                tr(
                    "which_set_pool: level {level} needs {need} questions where {rule} is wrong, {n} left",
                    level=lv,
                    need=n - caps[r],
                    rule=r,
                    n=wrong,
                )
            )
    roll_cap = len(TOP_LEVELS) * n // 3  # a group of five levels: no roll more than a third of it
    chosen = list(seed)
    counts = collections.Counter(r for p in chosen for r in answered[p.id] if r in caps)
    shown = {question_position(p) for p in chosen}
    shut = sum(p.facts["objective"] == "shut" for p in chosen)
    level_rolls = collections.Counter()
    tie_rules = frozenset(LOOK_AHEAD_TIE_RULES)
    while len(chosen) < n:
        left = n - len(chosen)

        def fits(p: Puzzle) -> bool:
            if question_position(p) in shown or rolls[p.facts["roll"]] + level_rolls[p.facts["roll"]] >= roll_cap:
                return False
            if p.facts["objective"] != "shut" and left - 1 < shut_at_least(lv) - shut:
                return False
            score_left = n - shut_at_least(lv) - (len(chosen) - shut)  # low-score places still free
            tie_short = max((n - caps[r] - (len(chosen) - counts[r]) for r in LOOK_AHEAD_TIE_RULES), default=0)
            if p.facts["objective"] != "shut" and score_left <= tie_short and answered[p.id] >= tie_rules:
                return False  # keep the low-score places for questions the look-ahead habit gets wrong
            return all(counts[r] < caps[r] for r in answered[p.id] if r in caps)

        def worth(p: Puzzle) -> tuple:
            needed = [r for r in caps if r not in answered[p.id] and left > caps[r] - counts[r]]
            asked = set(rolls) | set(level_rolls) | {q.facts["roll"] for q in chosen}
            new_roll = p.facts["roll"] in ASKED_ROLLS - asked
            used_roll = rolls[p.facts["roll"]] + level_rolls[p.facts["roll"]]
            return (-sum(1 / short[r] for r in needed), not new_roll, used_roll // 3, abs(place[p.id] - centre), p.id)

        best = min((p for p in free if fits(p)), key=worth, default=None)
        if best is None:  # stuck: swap the questions taken so far until the rest fits
            return _repair(chosen, seed, free, answered, caps, rolls, roll_cap, lv, n)
        chosen.append(best)
        shown.add(question_position(best))
        counts.update(r for r in answered[best.id] if r in caps)
        shut += best.facts["objective"] == "shut"
        level_rolls[best.facts["roll"]] += 1
    return chosen


def _conflicts(chosen, answered, caps, rolls, roll_cap, lv) -> int:
    """How far ``chosen`` is from fitting its level: questions over each rule's cap, "shut the box" questions
    short of level ``lv``'s :func:`shut_at_least`, questions over the roll cap, positions twice."""
    counts = collections.Counter(r for p in chosen for r in answered[p.id] if r in caps)
    shut = sum(p.facts["objective"] == "shut" for p in chosen)
    here = collections.Counter(p.facts["roll"] for p in chosen)
    return (
        sum(max(0, counts[r] - caps[r]) for r in caps)
        + max(0, shut_at_least(lv) - shut)
        + sum(max(0, rolls[k] + here[k] - roll_cap) for k in here)
        + len(chosen)
        - len({question_position(p) for p in chosen})
    )


REPAIR_STEPS = 120
"""How many swaps :func:`_repair` tries before it gives up on a level."""


def _repair(chosen, seed, free, answered, caps, rolls, roll_cap, lv, n) -> list[Puzzle]:
    """A level the greedy step got stuck on, filled with the questions that conflict least, then mended one swap
    at a time (not of ``seed``): the swap that removes most conflicts (:func:`_conflicts`), else one that adds none,
    drawn by a generator seeded with the level; ValueError naming the level after :data:`REPAIR_STEPS` swaps."""
    import random

    rng = random.Random(f"shut-repair-{lv}")
    pick = list(chosen)
    while len(pick) < n:
        pick.append(
            min(
                (p for p in free if p not in pick),
                key=lambda p: _conflicts(pick + [p], answered, caps, rolls, roll_cap, lv),
            )
        )
    now = _conflicts(pick, answered, caps, rolls, roll_cap, lv)
    for _ in range(REPAIR_STEPS):
        if now == 0:
            return pick
        best, level_swaps = None, []
        for k, old in enumerate(pick):
            if old in seed:
                continue
            for new in free:
                if new in pick:
                    continue
                trial = pick[:k] + [new] + pick[k + 1 :]
                c = _conflicts(trial, answered, caps, rolls, roll_cap, lv)
                if c < now:
                    best, now = trial, c
                elif c == now and best is None:
                    level_swaps.append(trial)
        if best is None and not level_swaps:
            break
        pick = best if best is not None else rng.choice(level_swaps)
    if now == 0:
        return pick
    raise ValueError(tr("which_set_pool: level {level} found {n} questions that fit", level=lv, n=n - now))


ASKED_ROLLS = frozenset({7, 9, 10, 11, 12})
"""Rolls each group of Practice levels asks at least once (:func:`which_set_pool`; no roll more than a third)."""


def census_selection() -> list[Puzzle]:
    """The "which set?" questions Practice asks: :func:`which_set_pool` over every "which set?" puzzle of the
    census (:func:`census_puzzles`), each with its Practice rating in ``facts["practice_rating"]``."""
    return which_set_pool(census_puzzles())


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
    step = "python -m gamekit.puzzles.shut_census"
    command = data["command"].split(", then python -m gamekit.puzzles.shut_census")[0] + f", then {step}"
    added = sorted((before & set(chosen)) | {d["id"] for d in new})
    old_only = set(data.get("stats", {}).get("practice_only", [])) - before
    only = sorted(old_only | set(added))  # the lessons' sets never draw them
    stats = {**data.get("stats", {}), "census": {"added": added}, "practice_only": only}
    write_bank(path, GAME_ID, kept + new, command, data["seed"], data["built"], stats)
    return len(new)


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
