"""The exhaustive census of Shut the Box's "which set?" questions, and the build step that adds its selection to
the bank: every open-tile set and roll under every one-die rule and both goals (:func:`census_puzzles`, reached by
:func:`position_at`); :func:`gamekit.puzzles.shutbox.which_set_pool` picks Practice's questions from it, where a
named rule of thumb is wrong, no rule of thumb answering more than half of a level;
``python -m gamekit.puzzles.shut_census`` adds them to the bank (:func:`add_census`).  :func:`which_set_census`
counts how few positions defeat the rules of thumb, :func:`dice_census` how few "one die or two?" questions defeat
lesson 3's rule.
"""

from __future__ import annotations

from gamekit.i18n import tr
from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.shutbox import (
    DICE_RULES,
    GAME_ID,
    MARGIN,
    OBJECTIVES,
    SELECTION_SEED,
    candidate,
    question_position,
    tiles_of_mask,
    which_set_pool,
)
from gamekit.puzzles.shut_thumbs import (
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
