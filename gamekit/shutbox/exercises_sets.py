"""Lesson 2's exercises: every set of tiles for a roll (and the search the step-through shows) and counting the sets."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from gamekit.i18n import ntr, ptr, tr
from gamekit.shutbox.tiles import TILES, tiles_summing_to
from gamekit.widgets.exercise import Exercise, choice_checker
from gamekit.shutbox.lesson_words import tile_list


@dataclass(frozen=True)
class SearchStep:
    """One step of the systematic search: the tiles chosen so far, what is still needed, what happened."""

    chosen: tuple[int, ...]
    need: int
    outcome: str  # "found", "try", "dead end"
    caption: str


def set_search_steps(total: int = 8, uncovered: Iterable[int] = TILES) -> list[SearchStep]:
    """Build every set for ``total`` systematically: largest tile first, then only smaller tiles.

    Each step either finds a set, tries a tile and looks for the rest among smaller tiles, or
    stops because the smaller tiles cannot add up to what is still needed.  The sets found
    come out in the rules sheet's order.
    """
    tiles = sorted(set(uncovered), reverse=True)
    steps: list[SearchStep] = []

    def search(chosen: tuple[int, ...], need: int, below: int) -> None:
        for t in [t for t in tiles if t < below]:
            if t > need:
                continue
            smaller = sum(u for u in tiles if u < t)
            now = chosen + (t,)
            if t == need:
                steps.append(
                    SearchStep(
                        now, 0, "found", tr("{tiles} = {total}: a set.", tiles=" + ".join(map(str, now)), total=total)
                    )
                )
                continue
            if smaller < need - t:
                steps.append(
                    SearchStep(
                        now,
                        need - t,
                        "dead end",
                        ntr(
                            "{items} still needs {number} more, but the smaller tiles add up to only {smaller}: "
                            "stop here.",
                            "{items} still needs {number} more, but the smaller tiles add up to only {smaller}: "
                            "stop here.",
                            need - t,
                            items=" + ".join(map(str, now)),
                            number=need - t,
                            smaller=smaller,
                        )
                        if smaller
                        else ntr(
                            "{items} still needs {number} more, but there are no smaller tiles left: stop here.",
                            "{items} still needs {number} more, but there are no smaller tiles left: stop here.",
                            need - t,
                            items=" + ".join(map(str, now)),
                            number=need - t,
                        ),
                    )
                )
                if not chosen:
                    return  # smaller first tiles can only do worse
                continue
            steps.append(
                SearchStep(
                    now,
                    need - t,
                    "try",
                    ntr(
                        "Take {t}; {number} more is needed, from the tiles below {t}.",
                        "Take {t}; {number} more are needed, from the tiles below {t}.",
                        need - t,
                        t=t,
                        number=need - t,
                    )
                    if not chosen
                    else ntr(
                        "Add {t}: {items} = {sum}, so {number} more is needed, from the tiles below {t}.",
                        "Add {t}: {items} = {sum}, so {number} more are needed, from the tiles below {t}.",
                        need - t,
                        t=t,
                        items=" + ".join(map(str, now)),
                        sum=sum(now),
                        number=need - t,
                    ),
                )
            )
            search(now, need - t, t)

    search((), total, 10)
    return steps


def sets_found(steps: Sequence[SearchStep]) -> list[tuple[int, ...]]:
    return [s.chosen for s in steps if s.outcome == "found"]


def parse_sets(answer: Any, *, as_typed: bool = False) -> list[tuple[int, ...]]:
    """Sets typed as ``"9; 8+1; 7+2"`` (``;`` or new lines between sets, ``+``, ``&``, space or ``,`` inside), or as
    ``"9 8+1 7+2"`` / ``"9, 8+1, 7+2"``: once a ``+`` joins tiles, a space or a comma separates sets, so ``"8 1"``
    alone is the one set 8+1.

    Also accepts a list of tuples.  Each set comes back largest tile first, unless ``as_typed`` keeps the order
    its tiles were written in.  Raises ValueError with a reason for anything else.
    """
    if isinstance(answer, (list, tuple)) and all(isinstance(s, (list, tuple, set, frozenset, int)) for s in answer):
        raw = [tuple(s) if not isinstance(s, int) else (s,) for s in answer]
    else:
        text_ = str(answer).strip()
        if not text_:
            raise ValueError(tr("Type the sets: + between the tiles of a set, ; between sets."))
        if re.search(r"[;\n|/]", text_):
            parts = re.split(r"[;\n|/]", text_)
        elif re.search(r"[+&]", text_):  # "9, 8+1, 7+2" or "9 8+1 7+2": a comma or a space between sets
            parts = re.split(r"[,\s]+", re.sub(r"\s*([+&])\s*", r"\1", text_))
        else:
            parts = [text_]
        parts = [p for p in parts if p.strip()]
        raw = []
        for p in parts:
            bits = [b for b in re.split(r"[+&,\s]+|\by\b|\band\b", p.strip()) if b]
            try:
                raw.append(tuple(int(b) for b in bits))
            except ValueError:
                raise ValueError(
                    tr("“{strip}” is not a set of tile numbers: write its tiles with + between them", strip=p.strip())
                ) from None
    out = []
    for s in raw:
        if not s:
            continue
        for t in s:
            if t not in TILES:
                raise ValueError(tr("Tile {t} is not on the box: the tiles are 1 to 9.", t=t))
        if len(set(s)) != len(s):
            raise ValueError(tr("{items} uses a tile twice: each tile is covered once.", items="+".join(map(str, s))))
        out.append(tuple(s) if as_typed else tuple(sorted(s, reverse=True)))
    return out


PAPER_SET_LINES = 10
"""How many answer lines a worksheet gives for "write every set": one set a line, the same number whatever the
roll (more than any lesson exercise needs), so the lines never tell how many sets there are."""


@dataclass
class SetsExercise(Exercise):
    """A "write every set" exercise, with how a worksheet asks it: in words for paper (each set on its own line,
    nothing to type) and on enough answer lines for one set a line."""

    paper_prompt: str = ""
    answer_lines: int = 1


def covered_note(open_tiles) -> str:
    """The words a prompt adds after its roll when some tiles are covered already ("" when none is)."""
    covered = [t for t in TILES if t not in open_tiles]
    if not covered:
        return ""
    return ntr(
        " (tile {items} is already covered)",
        " (tiles {items} are already covered)",
        len(covered),
        items=tile_list(covered),
    )


def sets_exercise(total: int, uncovered: Iterable[int] = TILES) -> SetsExercise:
    """ "Write every set for ``total``" with the given tiles open, checked against the enumeration.  The prompt's
    format example uses another total, so it never lists the answer."""
    open_tiles = tuple(sorted(set(uncovered)))
    right = method_order(total, open_tiles)
    where = covered_note(open_tiles)

    def check(answer: Any) -> tuple[bool, str]:
        given = parse_sets(answer)
        problems = []
        for s in given:
            if sum(s) != total:
                problems.append(
                    tr("{items} makes {sum}, not {total}", items="+".join(map(str, s)), sum=sum(s), total=total)
                )
            elif any(t not in open_tiles for t in s):
                problems.append(
                    ntr(
                        "{items} uses covered tile {next}",
                        "{items} uses covered tiles {next}",
                        sum(t not in open_tiles for t in s),
                        items="+".join(map(str, s)),
                        next=tile_list(t for t in s if t not in open_tiles),
                    )
                )
        dupes = [s for s, n in Counter(given).items() if n > 1]
        if dupes:
            problems.append(tr("{items} is listed twice", items="+".join(map(str, dupes[0]))))
        if problems:
            return False, "; ".join(problems) + "."
        missing = [s for s in right if s not in given]
        if missing:
            size = ntr("one tile", "{n} tiles", len(missing[0]))
            return False, ntr(
                "All correct so far, but {n} set is missing: it has {size}. Go largest tile first, and "
                "after each tile try every smaller open tile.",
                "All correct so far, but {n} sets are missing: one of them has {size}. Go largest tile "
                "first, and after each tile try every smaller open tile.",
                len(missing),
                size=size,
            )
        listed = "; ".join("+".join(map(str, s)) for s in right)
        if parse_sets(answer, as_typed=True) != right:
            return True, tr(
                "All {n} sets are there. The method would list them largest tile first: {items}.",
                n=len(right),
                items=listed,
            )
        return True, tr("All {n} sets, largest tile first: {items}.", n=len(right), items=listed)

    # the format example is never the asked total: its sets would be the answer
    prompt = (
        tr(
            "Write every set of open tiles that makes {total}{where}. Put + between the tiles of a set and ; "
            "between two sets (for 5 you would write 5; 4+1; 3+2).",
            total=total,
            where=where,
        )
        if total != 5
        else tr(
            "Write every set of open tiles that makes {total}{where}. Put + between the tiles of a set and ; "
            "between two sets (for 4 you would write 4; 3+1).",
            total=total,
            where=where,
        )
    )
    paper = tr(
        "Write every set of open tiles that makes {total}{where}, each set on its own line, with + between its tiles.",
        total=total,
        where=where,
    )
    return SetsExercise(
        prompt,
        check,
        paper_prompt=paper,
        answer_lines=max(PAPER_SET_LINES, len(right) + 2),
        hint=tr("Largest tile first: take a tile, then look for the rest among smaller tiles."),
        answer="; ".join("+".join(map(str, s)) for s in right),
        solutions=["; ".join("+".join(map(str, s)) for s in right)],
        wrong=[
            "; ".join("+".join(map(str, s)) for s in right[:-1]),
            "; ".join("+".join(map(str, s)) for s in right + [(total - 1, 1) if total - 1 > 1 else (1,)])
            if (total - 1, 1) not in right
            else "; ".join("+".join(map(str, s)) for s in right) + "; 3+2",
        ],
        key=f"sets {total} {open_tiles}",
    )


def count_sets_hint(total: int, open_tiles: Sequence[int]) -> str:
    """Where to start counting the sets for ``total``: the largest open tile below the total, then the next one."""
    below = sorted((t for t in open_tiles if t < total), reverse=True)
    if len(below) < 2:
        return tr("Go largest tile first, and count each set once.")
    return ntr(
        "Start with {top}, the largest open tile below {total}: what makes the remaining {number}? "
        "Then start with {next}, and so on.",
        "Start with {top}, the largest open tile below {total}: what makes the remaining {number}? "
        "Then start with {next}, and so on.",
        total - below[0],
        top=below[0],
        total=total,
        number=total - below[0],
        next=below[1],
    )


def ordered_count(sets: Iterable[Sequence[int]]) -> int:
    """How many sets there are when each order of the same tiles is counted apart (8+1 and 1+8 as two)."""
    from math import factorial

    return sum(factorial(len(s)) for s in sets)


def count_sets_exercise(total: int = 12, uncovered: Iterable[int] = TILES) -> Exercise:
    """ "How many different sets make ``total``?".  A wrong count cannot show how it was reached, so each reason is
    true for every way to reach it: the count for the full box (with a tile covered), as many as the pairs, fewer
    than the pairs, the count of every order of the same tiles — each said as what the number is; another count too
    low, "some sets are missing", how many tiles the sets have (the longest are the easiest to miss) and the method;
    another count too high, the checks that apply to this box (more tiles than any set has, a covered tile, a tile
    used twice, a pair in both orders), never one guessed slip."""
    open_tiles = tuple(sorted(set(uncovered)))
    sets = tiles_summing_to(total, open_tiles)
    n = len(sets)
    every = tiles_summing_to(total)
    full = len(every)
    orders = ordered_count(sets)
    covered = [t for t in TILES if t not in open_tiles]
    several = [s for s in sets if len(s) > 1]
    twice = several[-1] if several else None
    doubles = [t for t in open_tiles if 2 * t == total]  # 6+6 for 12: one tile used twice
    pairs = [s for s in sets if len(s) == 2]
    sizes = sorted({len(s) for s in sets})  # how many tiles the sets have: what a count too low or too high checks

    def check(answer: Any) -> tuple[bool, str]:
        from gamekit.widgets.exercise import parse_int

        k = parse_int(answer)
        if k == n:
            return True, tr("Right: {n} sets make {total}.", n=n, total=total)
        if covered and k == full:
            return False, ntr(
                "That is the count with all nine tiles open. Tile {items} is covered: leave out every "
                "set that uses it.",
                "That is the count with all nine tiles open. Tiles {items} are covered: leave out every "
                "set that uses one of them.",
                len(covered),
                items=tile_list(covered),
            )
        if k < n:
            small = sum(1 for s in sets if len(s) <= 2)
            single = any(len(s) == 1 for s in sets)  # the roll's own tile is open: it is a set by itself
            if k == small and small < n:  # what this number is, true however it was reached
                return False, (
                    tr(
                        "Too few: that is only as many as the tile {total} and the pairs. Sets of three tiles or "
                        "more make {total} too: after each pair, try adding smaller open tiles, largest first.",
                        total=total,
                    )
                    if single
                    else tr(
                        "Too few: that is only as many as the pairs. Sets of three tiles or more make {total} too: "
                        "after each pair, try adding smaller open tiles, largest first.",
                        total=total,
                    )
                )
            if k < small:
                return False, (
                    tr(
                        "Too few, even counting only the tile {total} and the pairs. Go largest tile first: for "
                        "each tile, which smaller open tile makes the rest?",
                        total=total,
                    )
                    if single
                    else tr(
                        "Too few, even counting only the pairs. No single tile makes {total}, so find the pairs "
                        "first. Go largest tile first: for each tile, which smaller open tile makes the rest?",
                        total=total,
                    )
                )
            # how many are missing would give the answer away (the count plus the gap): say that some are, and
            # where to look — the sizes the sets have, each counted on its own
            return False, (
                tr(
                    "Too few: some sets are missing. The sets for {total} have {sizes} tiles: count the sets of "
                    "each size on their own, each time largest tile first, then add the counts.",
                    total=total,
                    sizes=tile_list(sizes),
                )
                if len(sizes) > 1
                else tr("Too few: some sets are missing. Go largest tile first: for each tile, find the set it starts.")
            )
        if twice is not None and k == orders and k != full:  # what this number is, true however it was reached
            return False, tr(
                "Too many: {k} is the count when the same tiles in another order are counted again. {items} is "
                "the same set as {reverse}: count it once.",
                k=k,
                items="+".join(map(str, twice)),
                reverse="+".join(map(str, reversed(twice))),
            )
        # any other count that is too high: every way to reach it counts something that is not a new set of open
        # tiles, so the reason lists the checks that apply to this box, not one guessed slip
        checks = [
            tr("Does it have more than {longest} tiles? No set for {total} does.", longest=sizes[-1], total=total)
        ]
        if covered:
            checks.append(
                ntr(
                    "Does it use tile {items}? That tile is covered.",
                    "Does it use one of the tiles {items}? They are covered.",
                    len(covered),
                    items=tile_list(covered),
                )
            )
        if doubles:
            checks.append(tr("Does it use a tile twice, like {items}?", items="+".join([str(doubles[0])] * 2)))
        if pairs:
            checks.append(
                tr(
                    "Is it a set you already have in another order, like {items} and {reverse}?",
                    items="+".join(map(str, pairs[0])),
                    reverse="+".join(map(str, reversed(pairs[0]))),
                )
            )
        start = (
            tr("Too many: even with all nine tiles open, only {full} sets make {total}.", full=full, total=total)
            if covered and k > full
            else tr("Too many.")
        )
        return False, " ".join(
            [start, tr("Check each of your sets."), *checks, tr("Going largest tile first avoids these slips.")]
        )

    prompt = (
        tr("All nine tiles are open. How many different sets of tiles make {total}?", total=total)
        if open_tiles == TILES
        else tr(
            "Only tiles {items} are open. How many different sets of open tiles make {total}?",
            items=tile_list(open_tiles),
            total=total,
        )
    )
    wrong = (
        [n - 2 if n > 2 else n + 2, n + 1]
        + ([full] if covered and full not in (n, n + 1) else [])
        + ([orders] if orders not in (n, n + 1, full) else [])
    )
    return Exercise(
        prompt,
        check,
        hint=count_sets_hint(total, open_tiles),
        answer=str(n),
        solutions=[n],
        wrong=wrong,
        key=f"count sets {total}" if open_tiles == TILES else f"count sets {total} {open_tiles}",
        leaks=(f"{total}: {n}",),
    )


WORKED_COUNT_ROLL = 8
"""Lesson 2's worked count (the page's, before exercise 5, and its worksheet's): the sets for 8 on a full box,
counted by their largest tile.  Exercises 5 and 6 count the sets for 11 and 12."""


def worked_count(roll: int = WORKED_COUNT_ROLL, open_tiles: Iterable[int] = TILES) -> str:
    """Lesson 2's way to count the sets for ``roll`` without writing them all, in the current language: for each
    largest tile, how many sets start with it, then the sum ("largest 8: 1 set; largest 7: 1 set; … so 1 + 1 + 1 +
    2 + 1 = 6 sets").  Computed from the sets themselves; ValueError when no set makes the roll."""
    open_tiles = tuple(sorted(set(open_tiles)))
    sets = tiles_summing_to(roll, open_tiles)
    if not sets:
        raise ValueError(tr("tiles {items}: no set makes {roll}", items=tile_list(open_tiles), roll=roll))
    by_largest: dict[int, int] = {}
    for st in sets:
        by_largest[max(st)] = by_largest.get(max(st), 0) + 1
    parts = [
        ntr("largest tile {tile}: {n} set", "largest tile {tile}: {n} sets", n, tile=tile)
        for tile, n in sorted(by_largest.items(), reverse=True)
    ]
    return tr(
        "A worked count: the sets for {roll} with {box}, counted by their largest tile. {parts}. So {sum} = {total} "
        "sets.",
        roll=roll,
        box=tr("every tile open") if open_tiles == TILES else tr("tiles {items} open", items=tile_list(open_tiles)),
        parts=ptr("between items in a list", "; ").join(parts).capitalize(),
        sum=" + ".join(str(n) for _, n in sorted(by_largest.items(), reverse=True)),
        total=len(sets),
    )


def method_order(total: int, uncovered: Iterable[int] = TILES) -> list[tuple[int, ...]]:
    """The sets for ``total`` in the order lesson 2's method finds them: each written largest tile first, and the
    sets compared tile by tile from the largest (9 before 8+1, 6+3 before 6+2+1)."""
    open_tiles = tuple(sorted(set(uncovered)))
    if not open_tiles or any(t not in TILES for t in open_tiles):
        raise ValueError(tr("open tiles {items}: give tiles from 1 to 9", items=open_tiles))
    return sorted((tuple(sorted(s, reverse=True)) for s in tiles_summing_to(total, open_tiles)), reverse=True)


NEXT_SET = (11, (9, 2), (1, 2, 3, 4, 5, 6, 7, 9))
"""Lesson 2, exercise 3: with tile 8 covered, the method's sets for 11 run 9+2, 7+4, 7+3+1, 6+5, …; after 9+2 it
skips the covered 8 (8+3 would come next on a full box) and finds 7+4.  A total no earlier exercise or table lists,
so the answer cannot be read off an earlier list by crossing out sets."""


def next_set_exercise(
    total: int = NEXT_SET[0], after: Sequence[int] = NEXT_SET[1], uncovered: Iterable[int] = NEXT_SET[2]
) -> Exercise:
    """ "By the method, which set comes right after ``after``?" — a choice among the right one, the one the method
    finds just after it (a skipped step), the method's last set (the list read from its end),
    and the first set that starts with a smaller largest tile (a skipped largest tile), each told why it is not
    next.  No choice is the right set with its tiles in another order: the same tiles are the same set.  ValueError when
    ``after`` is not one of the sets or is the last one."""
    order = method_order(total, uncovered)
    open_tiles = set(uncovered)
    after = tuple(sorted(after, reverse=True))
    if after not in order or after == order[-1]:
        raise ValueError(
            tr(
                "after={items}: give one of the sets for {total} except the last",
                items="+".join(map(str, after)),
                total=total,
            )
        )
    i = order.index(after)
    right = order[i + 1]
    where = covered_note(open_tiles)

    def name(s: Sequence[int]) -> str:
        return "+".join(map(str, s))

    if right[0] == after[0]:
        why = tr(
            "Right: {right} still starts with {top}, and its next tile is the largest one left that works.",
            right=name(right),
            top=right[0],
        )
    else:
        why = tr(
            "Right: no other set starts with {old}, so the method moves down to the next open tile, {top}, and "
            "completes it with the largest tiles that work: {right}.",
            old=after[0],
            top=right[0],
            right=name(right),
        )
    explanations = {name(right): why}  # no choice is the right set in another order: that would be right too
    if i + 2 < len(order):
        later = order[i + 2]
        explanations[name(later)] = tr(
            "{set} comes later: another set is found before it, one that has a larger tile at the first place "
            "where they differ.",
            set=name(later),
        )
    smaller = next((s for s in order[i + 2 :] if s[0] < right[0]), None)
    if smaller is not None and name(smaller) not in explanations and len(explanations) < 4:
        explanations[name(smaller)] = tr(
            "{set} starts with {tile}: the method first finishes every set that starts with a larger tile.",
            set=name(smaller),
            tile=smaller[0],
            right=name(right),
        )
    last = order[-1]  # the list read from its end, smallest tiles first: the method's last set, not its next
    if name(last) not in explanations and len(explanations) < 4:
        explanations[name(last)] = tr(
            "{set} is the last set the method finds: it starts from the largest tile, so the sets of small tiles "
            "come at the end.",
            set=name(last),
        )
    choices = sorted(explanations, reverse=True)
    return Exercise(
        tr(
            "The method writes the sets for {total}{where}, largest tile first: {first}, … After {after}, which "
            "set does it find next?",
            total=total,
            where=where,
            first=", ".join(name(s) for s in order[: i + 1]),
            after=name(after),
        ),
        choice_checker(name(right), explanations),
        hint=tr(
            "Which tile does the next set start with? List the sets that start with it the way the method does, and "
            "take the first one."
        ),
        answer=name(right),
        solutions=[name(right)],
        choices=choices,
        wrong=[c for c in choices if c != name(right)],
        key=f"next set {total} {name(after)}",
    )
