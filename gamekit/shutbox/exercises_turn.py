"""Lesson 1's exercises (the rules and a turn): a turn's score, a round's winner, the rolls that end a turn, a legal set
and when one die may be rolled.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, Iterable, Sequence

from gamekit.i18n import N_, ntr, tr
from gamekit.shutbox.tiles import TILES, mask_of, tiles_summing_to
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.simulation import DICE_RULE_WORDS
from gamekit.widgets.exercise import Exercise, choice_checker
from gamekit.shutbox.exercises_sets import parse_sets
from gamekit.shutbox.lesson_words import tile_list


def ending_rolls(open_tiles: Iterable[int], rules: Rules | None = None) -> list[int]:
    """The totals that would end a turn with these tiles open: the totals the dice allowed here can roll (one
    die 1–6 when the rules allow it, two dice 2–12) that no set of the open tiles makes.  Empty means a turn
    cannot end with exactly these tiles open."""
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(open_tiles)))
    if not open_tiles or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=open_tiles))
    totals = set()
    for dice in rules.dice_options(mask_of(open_tiles)):
        totals |= set(range(dice, 6 * dice + 1))
    return [t for t in sorted(totals) if not tiles_summing_to(t, open_tiles)]


def turn_score_exercise(open_tiles: Iterable[int] = (2, 3, 7)) -> Exercise:
    """ "The turn ends with these tiles open: what is the score?" (sum scoring).  A wrong answer is told its
    slip: the covered tiles' sum, the tiles read as digits in any order (a variant's scoring: 237, 723), all the
    tiles (as if covered tiles counted), 0 (a shut box's score), one tile left out, a single tile taken for the
    score, or the adding."""
    open_tiles = tuple(sorted(set(open_tiles)))
    if not ending_rolls(open_tiles):
        raise ValueError(
            tr("tiles {items}: every roll can be covered, so no turn ends with them open", items=tile_list(open_tiles))
        )
    n = Rules().score(mask_of(open_tiles))
    covered = sum(TILES) - n
    worded = " + ".join(map(str, open_tiles))
    parts = [sum(open_tiles) - t for t in open_tiles] if len(open_tiles) > 1 else []
    reordered = {int("".join(map(str, p))) for p in permutations(open_tiles)} if len(open_tiles) > 1 else set()

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.exercise import parse_int

        k = parse_int(answer)
        if k == n:
            return True, tr("Right: {said} = {n}. The open tiles are the score (lower is better).", said=worded, n=n)
        if k == covered:
            return False, tr(
                "{k} is what the covered tiles add up to, but only the open tiles count: {said}.", k=k, said=worded
            )
        if k in reordered:  # the tiles read as one number, in any order: a variant's scoring
            return False, tr(
                "{k} reads the tiles as digits: that is a variant. In our rules you add the tiles: {said}.",
                k=k,
                said=worded,
            )
        if k == 0:  # the score of a shut box, not of a turn that ends with tiles open
            return False, tr(
                "0 is the score only when the box is shut. Here tiles stay open, and they are your score: {said}.",
                said=worded,
            )
        if k >= sum(TILES):  # as if the covered tiles counted as well
            return False, tr("Too high: only the open tiles count ({said}); covered tiles score nothing.", said=worded)
        if k in parts:
            return False, tr("Too low: you left out a tile. Add up every open tile ({said}).", said=worded)
        if len(open_tiles) > 1 and k in open_tiles:  # one tile read as the score
            return False, tr("{k} is only one of the open tiles. The score adds all of them: {said}.", k=k, said=worded)
        if k > n:
            return False, tr("Too high: check your adding of {said}, one tile at a time.", said=worded)
        return False, tr("Too low: check your adding of {said}, one tile at a time.", said=worded)

    return Exercise(
        tr("Your turn ends with tiles {items} still open. What is your score?", items=tile_list(open_tiles)),
        check,
        hint=tr("Add the numbers on the tiles that are still open."),
        answer=str(n),
        solutions=[n],
        wrong=[covered, 0, n - 1, n + 1],
        key=f"score {open_tiles}",
    )


ROUND = ((N_("Ana"), (9,)), (N_("Bo"), (1, 2, 4)), (N_("Cai"), (3, 5)))
"""Lesson 1: three players' open tiles at the end of a round.  The fewest tiles open is not the lowest score."""


def round_winner_exercise(players: Sequence[tuple[str, Iterable[int]]] = ROUND) -> Exercise:
    """ "Who wins the round?": the lowest sum of open tiles wins (nobody shut the box).  Each wrong name is told
    its own reason: fewest tiles is not the rule, or that player's sum is higher than the winner's."""
    if len(players) < 2:
        raise ValueError(tr("give at least two players, not {n}", n=len(players)))
    scored = [(tr(name), tuple(sorted(set(tiles)))) for name, tiles in players]
    if any(not tiles or any(t not in TILES for t in tiles) for _, tiles in scored):
        raise ValueError(tr("each player needs open tiles from 1 to 9 (nobody shut the box)"))
    sums = {name: sum(tiles) for name, tiles in scored}
    low = min(sums.values())
    winners = [name for name, v in sums.items() if v == low]
    if len(winners) != 1:
        raise ValueError(tr("exactly one player must have the lowest score, not {n}", n=len(winners)))
    winner = winners[0]
    fewest = min(len(tiles) for _, tiles in scored)

    def worded(tiles: tuple[int, ...]) -> str:
        return " + ".join(map(str, tiles)) + (f" = {sum(tiles)}" if len(tiles) > 1 else "")

    explanations = {}
    for name, tiles in scored:
        if name == winner:
            explanations[name] = tr(
                "Right: {name} scores {said}, the lowest score, and the lowest score wins.",
                name=name,
                said=worded(tiles),
            )
        elif len(tiles) == fewest:
            explanations[name] = tr(
                "Not {name}: fewest tiles open is not the rule. {name} scores {said}, and {winner} scores only {low}.",
                name=name,
                said=worded(tiles),
                winner=winner,
                low=low,
            )
        else:
            explanations[name] = tr(
                "Not {name}: {name} scores {said}, more than {winner}'s {low}. The lowest score wins.",
                name=name,
                said=worded(tiles),
                winner=winner,
                low=low,
            )
    table_ = "; ".join(
        ntr("{name}: tile {tiles} open", "{name}: tiles {tiles} open", len(tiles), name=name, tiles=tile_list(tiles))
        for name, tiles in scored
    )
    return Exercise(
        tr("Nobody shut the box. At the end of the round: {table}. Who wins?", table=table_),
        choice_checker(winner, explanations),
        hint=tr("Work out each player's score first."),
        answer=winner,
        solutions=[winner],
        choices=[name for name, _ in scored],
        wrong=[name for name, _ in scored if name != winner],
        key="round winner",
    )


SHUT_ROUND = (N_("Dani"), (1, 3), N_("Eva"), N_("Fer"))
"""Lesson 1, exercise 3: the first player's open tiles (a low score), the player who then shuts the box, and the
player who has not played yet."""


def shut_winner_exercise(round_: tuple = SHUT_ROUND) -> Exercise:
    """ "Who wins the round?" when the second player shuts the box: shutting wins at once, with score 0, and the
    round stops.  Choices: the first player (a low score, but not 0), the player who shut the box, and "nobody yet"
    (the belief that everyone still plays); each wrong choice is told its own reason, with the first player's
    score worked out.  ValueError when the first player has no open tile (then two players shut the box)."""
    first, tiles, shutter, waiting = round_
    tiles = tuple(sorted(set(tiles)))
    if not tiles or any(t not in TILES for t in tiles):
        raise ValueError(tr("each player needs open tiles from 1 to 9 (nobody shut the box)"))
    first, shutter, waiting = tr(first), tr(shutter), tr(waiting)
    summed = " + ".join(map(str, tiles)) + (f" = {sum(tiles)}" if len(tiles) > 1 else "")
    nobody = tr("Nobody yet: {name} must play first", name=waiting)
    explanations = {
        shutter: tr(
            "Right: {name} shut the box, so {name} wins at once, with the best score, 0. {waiting} does not play.",
            name=shutter,
            waiting=waiting,
        ),
        first: tr(
            "Not {name}: {name} scores {said}, a low score, but {shutter} shut the box. Shutting the box wins at once.",
            name=first,
            said=summed,
            shutter=shutter,
        ),
        nobody: tr(
            "No: shutting the box wins at once, so the round stops there. {waiting} does not need to play.",
            waiting=waiting,
        ),
    }
    return Exercise(
        tr(
            "{first} plays first and ends with {tiles} open. Then {shutter} covers every tile: {shutter} shuts "
            "the box. {waiting} has not played yet. Who wins the round?",
            first=first,
            tiles=tile_list(tiles),
            shutter=shutter,
            waiting=waiting,
        ),
        choice_checker(shutter, explanations),
        hint=tr("Read the rules again: what happens when a player shuts the box?"),
        answer=shutter,
        solutions=[shutter],
        choices=[first, shutter, nobody],
        wrong=[first, nobody],
        key="round winner shut",
    )


def ending_roll_exercise(open_tiles: Iterable[int] = (2, 6, 9), rolls: Sequence[int] = (8, 7, 11, 6)) -> Exercise:
    """ "Which of these rolls ends your turn?": exactly one of ``rolls`` fits no set of the open tiles; each
    other roll is told the set that makes it."""
    open_tiles = tuple(sorted(set(open_tiles)))
    ending = [r for r in rolls if not tiles_summing_to(r, open_tiles)]
    if len(ending) != 1:
        raise ValueError(tr("exactly one roll must end the turn, not {n}", n=len(ending)))
    explanations = {}
    for r in rolls:
        sets = tiles_summing_to(r, open_tiles)
        if sets and len(sets[0]) == 1:
            explanations[str(r)] = tr("Not {roll}: tile {roll} is open, so you cover it.", roll=r)
        elif sets:
            explanations[str(r)] = tr(
                "Not {roll}: {items} makes {roll}, and those tiles are open.",
                roll=r,
                items=" + ".join(map(str, sets[0])),
            )
        else:
            # one set, not the whole list (listing every set for a roll is lesson 2's exercise): the one that
            # comes closest, with the fewest covered tiles and then the most open ones
            example = min(
                tiles_summing_to(r),
                key=lambda s: (sum(t not in open_tiles for t in s), -sum(t in open_tiles for t in s)),
            )
            covered = [t for t in example if t not in open_tiles]
            explanations[str(r)] = ntr(
                "Right: no set of open tiles makes {roll}. For example, {set} needs tile {covered}, which is "
                "covered. The turn ends.",
                "Right: no set of open tiles makes {roll}. For example, {set} needs tiles {covered}, which are "
                "covered. The turn ends.",
                len(covered),
                roll=r,
                set=" + ".join(map(str, example)),
                covered=tile_list(covered),
            )
    return Exercise(
        tr("Tiles {items} are open. Which of these rolls ends your turn?", items=tile_list(open_tiles)),
        choice_checker(str(ending[0]), explanations),
        hint=tr("For each roll, look for open tiles that add up to it."),
        answer=str(ending[0]),
        solutions=[str(ending[0])],
        choices=[str(r) for r in rolls],
        wrong=[str(r) for r in rolls if r != ending[0]],
        key=f"ending roll {open_tiles}",
    )


LEGAL_SET = ((2, 5, 6, 7, 8, 9), 12)
"""Lesson 1, exercise 5: tiles 2, 5, 6, 7, 8 and 9 open, a roll of 12.  Only 7 + 5 may be covered, and it takes a
search: the largest tile first, 9, leaves 3 to find (3 is covered, 2 + 1 needs the covered 1); 8 leaves 4 (covered,
and 2 alone is too little); 7 leaves 5, which is open.  The tempting 9 + 3, 9 + 2 + 1 and 8 + 4 each need a covered
tile."""


def legal_set_exercise(open_tiles: Iterable[int] = LEGAL_SET[0], roll: int = LEGAL_SET[1]) -> Exercise:
    """ "Write one set you may cover for this roll": every legal set is right (covering any of them is a legal
    move); a wrong one is told its own slip — the roll itself typed (when no open tile is the roll), a covered
    tile (named), or tiles that make another total.
    Refused when no set of the open tiles makes the roll (that turn is over)."""
    open_tiles = tuple(sorted(set(open_tiles)))
    if not open_tiles or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=open_tiles))
    right = tiles_summing_to(roll, open_tiles)
    if not right:
        raise ValueError(tr("tiles {items}: no set makes {roll}", items=tile_list(open_tiles), roll=roll))

    def name(tiles: Sequence[int]) -> str:
        return " + ".join(map(str, tiles))

    def check(answer: Any) -> tuple[bool, str]:
        if str(answer).strip() == str(roll) and roll not in open_tiles:
            return False, tr("{roll} is the roll: write the tiles that add up to it.", roll=roll)
        sets = parse_sets(answer)
        if len(sets) != 1:
            raise ValueError(
                tr(
                    "“{answer}” is not one set: type one set, its tiles with + between them.",
                    answer=str(answer).strip(),
                )
            )
        given = sets[0]
        shut = [t for t in given if t not in open_tiles]
        if shut:
            return False, ntr(
                "Tile {items} is already covered: you may cover only open tiles ({open}).",
                "Tiles {items} are already covered: you may cover only open tiles ({open}).",
                len(shut),
                items=tile_list(sorted(shut)),
                open=tile_list(open_tiles),
            )
        if sum(given) != roll:
            return False, tr(
                "{items} makes {sum}, not {roll}: the tiles you cover must add up to the roll.",
                items=name(given),
                sum=sum(given),
                roll=roll,
            )
        others = [name(st) for st in right if st != given]
        return True, (
            tr(
                "Right: {items} = {roll}, and each of those tiles is open. You could also cover {others}.",
                items=name(given),
                roll=roll,
                others=tr(" or ").join(others),
            )
            if others
            else tr("Right: {items} = {roll}, and each of those tiles is open.", items=name(given), roll=roll)
        )

    wrong = [st for st in tiles_summing_to(roll) if st not in right][:3]  # each needs a covered tile
    if len(right[0]) > 1:
        wrong.append(right[0][:-1])  # a tile short: another total
    return Exercise(
        tr(
            "Tiles {items} are open and you rolled {roll}. Write one set of tiles you may cover, "
            "with + between the tiles.",
            items=tile_list(open_tiles),
            roll=roll,
        ),
        check,
        hint=tr(
            "Only open tiles count, and they must add up to {roll} exactly. Try the largest "
            "open tile first: what is missing? If that is not open, try the next tile down.",
            roll=roll,
        ),
        answer="+".join(map(str, right[0])),
        solutions=["+".join(map(str, st)) for st in right],
        wrong=["+".join(map(str, st)) for st in wrong],
        key=f"legal set {open_tiles} {roll}",
    )


ONE_DIE_BOXES = (
    ((2, 9), "big"),
    ((1, 2, 7), "small"),
    ((1, 8), "count"),
    ((4, 5, 6), ""),
)
"""Lesson 1, exercise 4: four boxes ``(open tiles, its slip)``; under the lessons' rule one die is allowed in
exactly one of them (4, 5 and 6 open: a total of 15, yet 7, 8 and 9 are covered).  The others are the usual slips:
"big" — two of the three big tiles covered; "small" — small tiles beside the big one;
"count" — few tiles left."""

SLIP_WORDS = {
    "big": N_("Not this box: {high} is still open. All three, 7, 8 and 9, must be covered — the rule is: {rule}."),
    "count": N_("Not this box: {high} is still open. How many tiles are left does not matter — the rule is: {rule}."),
    "small": N_("Not this box: {high} is still open. Small tiles beside it do not matter — the rule is: {rule}."),
}
"""The reason each slip of :data:`ONE_DIE_BOXES` is told (``{high}``: the big tile left open)."""


def box_words(open_tiles: Sequence[int]) -> str:
    """A box as a row of the nine tiles, each covered one a ■, followed by its open tiles in words (what a screen
    reader says): "■ 2 ■ ■ ■ ■ ■ ■ 9 (open: 2 and 9)"."""
    row = " ".join(str(t) if t in open_tiles else "■" for t in TILES)
    return tr("{row} (open: {items})", row=row, items=tile_list(open_tiles))


def one_die_boxes_exercise(
    boxes: Sequence[tuple[Sequence[int], str]] = ONE_DIE_BOXES, rules: Rules | None = None
) -> Exercise:
    """ "In which box may you roll one die?": each choice shows a box (its open tiles); whether one die is allowed
    is computed from ``rules`` (default: the lessons' rule), and each box where it is not is told the reason for its
    slip (:data:`SLIP_WORDS`).  ValueError unless exactly one box allows one die, or for a box without a known
    slip."""
    rules = rules or Rules()
    # lesson 1 names no other rule, so its own rule is said without "(our lessons' rule)"
    words = {**DICE_RULE_WORDS, "after_789": N_("one die allowed once 7, 8 and 9 are covered")}
    rule = tr(words[rules.one_die]) if rules.one_die in words else rules.in_words().split(";")[0]
    allowed = {box_words(b): 1 in rules.dice_options(mask_of(tuple(b))) for b, _ in boxes}
    if sum(allowed.values()) != 1:
        raise ValueError(tr("exactly one box must allow one die, not {n}", n=sum(allowed.values())))
    explanations = {}
    for b, slip in boxes:
        text = box_words(b)
        if allowed[text]:
            explanations[text] = tr(
                "Right: 7, 8 and 9 are all covered, so one die is allowed — the rule is: {rule}.", rule=rule
            )
        elif slip in SLIP_WORDS:
            high = " + ".join(str(t) for t in sorted(b) if t >= 7)
            explanations[text] = tr(SLIP_WORDS[slip], high=high, rule=rule)
        else:
            raise ValueError(tr("box {text!r}: say its slip, one of {items}", text=text, items=", ".join(SLIP_WORDS)))
    right = next(text for text, ok in allowed.items() if ok)
    return Exercise(
        tr("In which box may you roll one die? Each box shows its nine tiles: ■ is a covered tile."),
        choice_checker(right, explanations),
        hint=tr("For each box, look only at the tiles 7, 8 and 9: are they all covered?"),
        answer=right,
        solutions=[right],
        choices=list(explanations),
        wrong=[text for text, ok in allowed.items() if not ok],
        key="one die boxes",
    )


NONE_WORDS = (N_("none"), "none", "nothing", "no", "0", "-", "ninguna", "ninguno", "nada")
"""What a pupil may type for "no tile" in :func:`one_die_tiles_exercise` (the first in the page's language)."""


def one_die_tiles_exercise(open_tiles: Iterable[int], rules: Rules | None = None) -> Exercise:
    """ "Which of these open tiles must still be covered before you may roll one die?" — lesson 1's rule asked of
    any box: the open tiles among 7, 8 and 9, or "none" when one die is allowed now.  Order and spaces do not
    matter; the tiles are listed ("7, 8 and 9"), or joined by +.  Each slip is told its reason: a small tile named
    (only 7, 8 and 9 matter), a covered tile named, a big open tile missed, "none" while a big tile is open.  Only
    for the lessons' rule (one die once 7, 8 and 9 are covered); ValueError for another rule or bad tiles."""
    rules = rules or Rules()
    if rules.one_die != "after_789":
        raise ValueError(tr("one_die={value!r}: this question is about the lessons' rule", value=rules.one_die))
    open_tiles = tuple(sorted(set(open_tiles)))
    if not open_tiles or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=open_tiles))
    big = tuple(t for t in open_tiles if t >= 7)
    none = tr("none")

    def shown(tiles: Iterable[int]) -> str:
        return "+".join(map(str, sorted(tiles))) or none

    def check(answer: Any) -> tuple[bool, str]:
        text_ = str(answer).strip().lower()
        if text_ in {w.lower() for w in (none,) + NONE_WORDS[1:]}:
            given: tuple[int, ...] = ()
        else:
            sets = parse_sets(text_)
            given = tuple(sorted({t for st in sets for t in st}))
        covered = [t for t in given if t not in open_tiles]
        if covered:
            return False, ntr(
                "Tile {items} is already covered. Look at the open tiles: {open}.",
                "Tiles {items} are already covered. Look at the open tiles: {open}.",
                len(covered),
                items=tile_list(covered),
                open=tile_list(open_tiles),
            )
        small = [t for t in given if t < 7]
        if small:
            return False, tr(
                "Small tiles do not matter: {items} can stay open. Only 7, 8 and 9 must be covered.",
                items=tile_list(small),
            )
        missed = [t for t in big if t not in given]
        if missed and not given:
            return False, ntr(
                "Not yet: tile {items} is still open. 7, 8 and 9 must all be covered.",
                "Not yet: tiles {items} are still open. 7, 8 and 9 must all be covered.",
                len(big),
                items=tile_list(big),
            )
        if missed:
            return False, ntr(
                "Tile {items} is open too: 7, 8 and 9 must all be covered.",
                "Tiles {items} are open too: 7, 8 and 9 must all be covered.",
                len(missed),
                items=tile_list(missed),
            )
        if not big:
            return True, tr("Right: 7, 8 and 9 are all covered, so you may roll one die now.")
        return True, tr("Right: cover {items}, and then you may roll one die.", items=tile_list(big)) + (
            " " + tr("The small tiles do not matter.") if len(big) < len(open_tiles) else ""
        )

    wrong = [shown(open_tiles)] if any(t < 7 for t in open_tiles) else []
    if big:
        wrong += [none] + ([shown(big[1:])] if len(big) > 1 else [])
    else:
        wrong.append(shown(t for t in (7, 8, 9) if t not in open_tiles)[:1])  # a covered big tile
    return Exercise(
        tr(
            "Tiles {items} are open. Which of them must still be covered before you may roll one die? List them "
            "like 1, 2, 3 or 1 + 2 + 3, or type {none} if you may roll one die now.",
            items=tile_list(open_tiles),
            none=none,
        ),
        check,
        hint=tr("Look only at the tiles 7, 8 and 9. The small tiles do not matter."),
        answer=tile_list(big) or none,  # "7, 8 and 9": a list of tiles, not a sum to work out
        solutions=list(dict.fromkeys([tile_list(big) or none, shown(big)])),
        wrong=list(dict.fromkeys(w for w in wrong if w != shown(big))),
        key=f"one die tiles {open_tiles}",
        # the answer alone ("none", "9") is in every such prompt or board: what would give it away is the reason
        leaks=(
            (tr("Right: cover {items}, and then you may roll one die.", items=tile_list(big)),)
            if big
            else (tr("Right: 7, 8 and 9 are all covered, so you may roll one die now."),)
        ),
    )
