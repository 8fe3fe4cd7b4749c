"""Lesson 1's exercises (the rules and a turn): a turn's score, a round's winner, a turn of two rolls, the rolls that
end a turn, a legal set and the tiles to cover before one die may be rolled.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any, Iterable, Sequence

from gamekit.i18n import N_, ntr, tr
from gamekit.shutbox.tiles import TILES, mask_of, tiles_summing_to
from gamekit.shutbox.rules import Rules
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


TWO_ROLL_TURN = ((1, 3, 4, 6, 7, 9), 7, (6, 1), 10)
"""Lesson 1, exercise 3: ``(open tiles, first roll, the set covered for it, second roll)``.  After 6 + 1 is covered,
only 7 + 3 makes 10; 9 + 1, 6 + 4 and 6 + 3 + 1 also make 10 but each needs a tile the first roll covered."""


def two_roll_turn_exercise(
    open_tiles: Iterable[int] = TWO_ROLL_TURN[0],
    first_roll: int = TWO_ROLL_TURN[1],
    first_set: Iterable[int] = TWO_ROLL_TURN[2],
    second_roll: int = TWO_ROLL_TURN[3],
) -> Exercise:
    """ "A turn of two rolls: which set may you cover for the second roll?": the choices are every set of the tiles
    open at the start that makes the second roll, and "no set: the turn ends".  The one right choice is the set of
    tiles still open after the first set is covered (or "no set" when none is left); a set that needs a tile the
    first roll covered is told which tile (covered tiles stay covered), and "no set" is told the set that still
    fits.  ValueError when the first set is not a legal move, or when more than one set fits the second roll (then
    the question has more than one right answer)."""
    open_tiles = tuple(sorted(set(open_tiles)))
    first_set = tuple(sorted(set(first_set), reverse=True))
    if not open_tiles or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=open_tiles))
    if first_set not in tiles_summing_to(first_roll, open_tiles):
        raise ValueError(
            tr("first set {items}: it must be open tiles that make {roll}", items=first_set, roll=first_roll)
        )
    after = tuple(t for t in open_tiles if t not in first_set)
    sets = tiles_summing_to(second_roll, open_tiles)
    legal = [st for st in sets if set(st) <= set(after)]
    if len(legal) > 1:
        raise ValueError(tr("second roll {roll}: more than one set fits it", roll=second_roll))

    def name(tiles: Sequence[int]) -> str:
        return " + ".join(map(str, tiles))

    first_name, after_words = name(first_set), tile_list(after)
    none = tr("No set: the turn ends")
    explanations = {}
    for st in sets:
        if st in legal:
            explanations[name(st)] = tr(
                "Right: after {first} is covered, tiles {open} are open, and {set} = {roll} uses only those.",
                first=first_name,
                open=after_words,
                set=name(st),
                roll=second_roll,
            )
        else:
            used = sorted(t for t in st if t in first_set)
            explanations[name(st)] = ntr(
                "Not {set}: you covered tile {items} on the first roll, and covered tiles stay covered. "
                "Open now: {open}.",
                "Not {set}: you covered tiles {items} on the first roll, and covered tiles stay covered. "
                "Open now: {open}.",
                len(used),
                set=name(st),
                items=tile_list(used),
                open=after_words,
            )
    explanations[none] = (
        tr(
            "No: some tiles still open make {roll}, so the turn goes on. Cross out the tiles you covered and look "
            "again.",
            roll=second_roll,
        )
        if legal
        else tr(
            "Right: every set for {roll} needs a tile you covered on the first roll, so the turn ends.",
            roll=second_roll,
        )
    )
    right = name(legal[0]) if legal else none
    return Exercise(
        tr(
            "Tiles {items} are open. You roll {first_roll} and cover {first}. Then you roll {second_roll}. "
            "Which set may you cover now?",
            items=tile_list(open_tiles),
            first_roll=first_roll,
            first=first_name,
            second_roll=second_roll,
        ),
        choice_checker(right, explanations),
        hint=tr("Cross out the tiles you covered on the first roll. Which set for {roll} is left?", roll=second_roll),
        answer=right,
        solutions=[right],
        choices=list(explanations),
        wrong=[c for c in explanations if c != right],
        key=f"two rolls {open_tiles} {first_roll} {second_roll}",
    )


def ending_roll_exercise(open_tiles: Iterable[int] = (2, 6, 9), rolls: Sequence[int] = (8, 7, 11, 6)) -> Exercise:
    """ "Which of these rolls ends your turn?": exactly one of ``rolls`` fits no set of the open tiles; each
    other roll is told that open tiles make it (one tile, or how many), never which, so a second try is still the
    pupil's own search and not an elimination by the feedback."""
    open_tiles = tuple(sorted(set(open_tiles)))
    ending = [r for r in rolls if not tiles_summing_to(r, open_tiles)]
    if len(ending) != 1:
        raise ValueError(tr("exactly one roll must end the turn, not {n}", n=len(ending)))
    explanations = {}
    for r in rolls:
        sets = tiles_summing_to(r, open_tiles)
        if sets and len(sets[0]) == 1:
            explanations[str(r)] = tr(
                "Not {roll}: look at the open tiles again. One of them is a {roll} on its own, so you cover it.",
                roll=r,
            )
        elif sets:
            explanations[str(r)] = ntr(
                "Not {roll}: a set of {n} open tile adds up to {roll}, so the turn goes on. Which tile?",
                "Not {roll}: a set of {n} open tiles adds up to {roll}, so the turn goes on. Which tiles?",
                len(sets[0]),
                roll=r,
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


LEGAL_SET = ((1, 5, 6, 8, 9), 12)
"""Lesson 1, exercise 6 (hard): tiles 1, 5, 6, 8 and 9 open, a roll of 12.  Only 6 + 5 + 1 may be covered: no two
open tiles make 12, so the set has three tiles, and "largest tile first" finds it at its third tile only: 9 leaves
3 to find (3 is covered, 2 + 1 needs the covered 2); 8 leaves 4 (covered, and 3 + 1 needs the covered 3); 6 leaves 6,
which 5 + 1 makes.  The tempting 9 + 3, 9 + 2 + 1 and 8 + 4 each need a covered tile."""


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
            if roll in TILES:  # tile {roll} exists, but it is covered: the slip is covering it
                return False, tr(
                    "Tile {roll} is not open: you may cover only open tiles ({open}). Which open tiles add up to "
                    "{roll}?",
                    roll=roll,
                    open=tile_list(open_tiles),
                )
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
        if sum(given) != roll and len(given) == 1:
            return False, tr(
                "Tile {tile} alone makes {tile}, not {roll}: the tiles you cover must add up to the roll.",
                tile=given[0],
                roll=roll,
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
    if roll not in open_tiles and (roll,) not in wrong:
        wrong.append((roll,))  # the roll typed as if it were a set
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


ONE_DIE_BOX = (2, 5, 7, 9)
"""Lesson 1, exercise 3: the box asked "which tiles must still be covered before one die?".  Its answer is 7 and 9;
each usual slip has its reason: every open tile typed, "none", 9 alone (a big tile missed), 7, 8 and 9 (8 is
already covered)."""

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
        if len(big) < 3:  # all three big tiles named, one of them already covered
            wrong.append(shown((7, 8, 9)))
    else:
        wrong.append(shown(t for t in (7, 8, 9) if t not in open_tiles)[:1])  # a covered big tile
    return Exercise(
        tr(
            "Tiles {items} are open. Which of them must still be covered before you may roll one die? Write them "
            "with commas between them (like 1, 2, 3), or write {none} if you may roll one die now.",
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


def ending_roll_choices(open_tiles: Iterable[int]) -> tuple[int, ...]:
    """The rolls a practice "which of these rolls ends your turn?" (:func:`ending_roll_exercise`) offers for a box,
    smallest first: the one roll no set of the open tiles makes, and the three largest rolls that only one set of
    two tiles or more makes (no tile makes them alone), so each wrong choice looks as if it might end the turn too.
    ValueError when no roll, or more than one, ends the turn, or fewer than three rolls have a single such set."""
    open_tiles = tuple(sorted(set(open_tiles)))
    if not open_tiles or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=open_tiles))
    ending = [r for r in range(2, 13) if not tiles_summing_to(r, open_tiles)]
    single = [
        r
        for r in range(2, 13)
        if len(tiles_summing_to(r, open_tiles)) == 1 and len(tiles_summing_to(r, open_tiles)[0]) > 1
    ]
    if len(ending) != 1 or len(single) < 3:
        raise ValueError(
            tr(
                "tiles {items}: a box needs exactly one roll that ends the turn and three rolls that only one set "
                "makes",
                items=tile_list(open_tiles),
            )
        )
    return tuple(sorted(ending + single[-3:]))


def ending_roll_box(bank: Iterable[Any] = ()):
    """Lesson 1's hard practice item: a box of five open tiles where the pupil must find the one roll that ends the
    turn among rolls that only one set of two tiles or more makes (:func:`ending_roll_choices`), its ending roll one
    that several sets make on a full box (so each looks possible), none of ``bank``'s boxes nor exercise 4's.  The
    first such box, largest ending roll first, with a "sets for the roll" puzzle at least as hard as ``bank``'s, from
    the rules alone."""
    from gamekit.puzzles.sets import BAND_NAMES
    from gamekit.puzzles.shut_census import position_at
    from gamekit.puzzles.shutbox import candidate

    taken = {tuple(sorted(p.facts["open"])) for p in bank} | {(2, 6, 9)}
    floor = max((BAND_NAMES.index(p.band) for p in bank), default=0)
    boxes = []
    for box in combinations(TILES, 5):
        try:
            rolls = ending_roll_choices(box)
        except ValueError:
            continue
        end = next(r for r in rolls if not tiles_summing_to(r, box))
        if box not in taken and len(tiles_summing_to(end)) >= 2:
            boxes.append((-end, box))
    for _, box in sorted(boxes):
        for roll in range(2, 13):
            game = position_at(Rules().one_die, box, roll) if len(tiles_summing_to(roll, box)) >= 3 else None
            puzzle = candidate(game, "shut", habits=False) if game is not None else None
            if puzzle is not None and "sets_for_roll" in puzzle.themes and BAND_NAMES.index(puzzle.band) >= floor:
                return puzzle
    raise LookupError(tr("no box of five tiles where one roll ends the turn among rolls one set makes"))
