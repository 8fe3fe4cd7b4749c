"""Expected-score trees: from a position, one branch per way the next roll can go, each with its chance (k/36)
and what it leaves, added up to the position's expected score — and the tree drawn as a picture for the page.

Lesson 4 teaches the expected score with these before the table of every position
(:mod:`gamekit.shutbox.strategy`); the values are the table's, so the trees and the table always agree."""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from gamekit.i18n import ntr, number, tr
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.tiles import mask_of, tiles_summing_to, two_dice_probability
from gamekit.shutbox.simulation import sum_distribution
from gamekit.shutbox.strategy import table


@dataclass(frozen=True)
class Branch:
    """One branch of an expected-score tree: the rolls it stands for, their chance, the tiles left open and
    what that is worth (the score if the turn ends there, else the expected score from the state left)."""

    rolls: tuple[int, ...]
    chance: Fraction
    left: tuple[int, ...]
    value: Fraction
    ends: bool


def expected_score_branches(open_tiles: Iterable[int], rules: Rules | None = None) -> list[Branch]:
    """The tree of a state for the expected score: one branch per roll that covers a set (the best set, from
    the exact table), and one branch for all the rolls that end the turn.  The chances add up to 1 and
    chance × value, added up, is the state's expected score (tested against the table)."""
    rules = rules or Rules()
    open_tiles = tuple(sorted(set(open_tiles)))
    if not open_tiles:
        raise ValueError(tr("the box is shut: there is nothing to roll for"))
    t = table(rules, "score")
    m = mask_of(open_tiles)
    branches, stuck = [], []
    for roll, p in sum_distribution(t.dice(m)).items():
        best = t.best_set(m, roll)
        if best is None:
            stuck.append((roll, p))
            continue
        left = tuple(x for x in open_tiles if x not in best)
        branches.append(Branch((roll,), p, left, t.value(mask_of(left)) if left else Fraction(0), not left))
    if stuck:
        branches.append(
            Branch(tuple(r for r, _ in stuck), sum(p for _, p in stuck), open_tiles, Fraction(sum(open_tiles)), True)
        )
    return branches


def expected_score(open_tiles: Iterable[int], rules: Rules | None = None) -> Fraction:
    """The expected score of a state, added up from its tree (:func:`expected_score_branches`)."""
    return sum((b.chance * b.value for b in expected_score_branches(open_tiles, rules)), Fraction(0))


def table_rounded_chance(left: Iterable[int]) -> float:
    """The chance that the next rolls (two dice always) shut ``left``, worked out as a pupil does from the page's
    table: each roll's chance rounded to turns in 100 first, then multiplied along each branch and added.  Only
    to recognise that answer and say why it misses the exact one."""
    rolls = {r: round(100 * float(two_dice_probability(r))) / 100 for r in range(2, 13)}

    def best(tiles: tuple[int, ...]) -> float:
        if not tiles:
            return 1.0
        total = 0.0
        for r, chance in rolls.items():
            sets = tiles_summing_to(r, tiles)
            if sets:
                total += chance * max(best(tuple(t for t in tiles if t not in st)) for st in sets)
        return total

    return best(tuple(sorted(set(left))))


class Picture:
    """An SVG picture for the page with its text description (for screen readers and for text output)."""

    def __init__(self, svg: str, description: str) -> None:
        self.svg, self.description = svg, description

    def _repr_html_(self) -> str:
        return f"<figure>{self.svg}<figcaption>{html.escape(self.description)}</figcaption></figure>"

    def __str__(self) -> str:
        return self.description

    __repr__ = __str__


def plain_value(v: Fraction) -> str:
    """A value in a tree: whole numbers as they are, others to two decimals ("8", "6.89")."""
    return str(int(v)) if v.denominator == 1 else number(float(v), 2)


def k_over_36(p: Fraction) -> str:
    """A chance of two dice as k/36 (the way lesson 3 writes it), or as the fraction when it is not."""
    return f"{p * 36}/36" if (p * 36).denominator == 1 else str(p)


def tree_diagram(open_tiles: Iterable[int], rules: Rules | None = None) -> Picture:
    """The expected-score tree of a state, drawn: the state on the left, one branch per group of rolls with
    its chance (k/36) to what is left and its value, and the sum underneath."""
    import html

    open_tiles = tuple(sorted(set(open_tiles)))
    branches = expected_score_branches(open_tiles, rules)
    total = expected_score(open_tiles, rules)
    row_h, width = 62, 620
    height = 40 + row_h * len(branches) + 40
    root_y = 20 + row_h * len(branches) / 2
    root = tr("open: {tiles}", tiles=", ".join(map(str, open_tiles)))
    parts = [
        f"<rect x='6' y='{root_y - 18:.0f}' width='118' height='36' rx='6' fill='#eef4fb' stroke='#1f5f99'/>",
        f"<text x='65' y='{root_y + 5:.0f}' font-size='13' text-anchor='middle'>{html.escape(root)}</text>",
    ]
    lines = []
    for i, b in enumerate(branches):
        y = 20 + row_h * i + row_h / 2
        rolls = (
            tr("roll {roll}", roll=b.rolls[0])
            if len(b.rolls) == 1 and not (b.ends and b.left)
            else tr("any other roll")
        )
        if b.ends and not b.left:
            what = tr("box shut: score 0")
        elif b.ends:
            what = tr("turn over: score {score}", score=sum(b.left))
        else:
            what = tr(
                "open: {tiles} · expected score {value}", tiles=", ".join(map(str, b.left)), value=plain_value(b.value)
            )
        parts.append(f"<line x1='124' y1='{root_y:.0f}' x2='330' y2='{y:.0f}' stroke='#555'/>")
        parts.append(
            f"<text x='227' y='{(root_y + y) / 2 - 6:.0f}' font-size='12' text-anchor='middle' "
            f"fill='#1f5f99'>{html.escape(rolls)} · {k_over_36(b.chance)}</text>"
        )
        parts.append(
            f"<rect x='330' y='{y - 16:.0f}' width='280' height='32' rx='6' fill='#fff' stroke='#555'/>"
            f"<text x='340' y='{y + 5:.0f}' font-size='12'>{html.escape(what)}</text>"
        )
        lines.append(f"{rolls} ({k_over_36(b.chance)}) → {what}")
    products = " + ".join(f"{k_over_36(b.chance)} × {plain_value(b.value)}" for b in branches)
    sum_text = (
        tr("expected score = {sum} = {value}", sum=products, value=plain_value(total))
        if total.denominator == 1
        else tr("expected score = {sum} ≈ {value}", sum=products, value=plain_value(total))
    )
    parts.append(f"<text x='6' y='{height - 14}' font-size='13'>{html.escape(sum_text)}</text>")
    description = ntr(
        "Tree for open tile {tiles}: {branches}. {sum}.",
        "Tree for open tiles {tiles}: {branches}. {sum}.",
        len(open_tiles),
        tiles=", ".join(map(str, open_tiles)),
        branches="; ".join(lines),
        sum=sum_text,
    )
    return _tree_picture(width, height, parts, description)


def shut_tree_branches(open_tiles: Iterable[int]) -> list[tuple[int, Fraction, int | None, Fraction]]:
    """The branches that shut one or two open tiles with two dice on every roll (lesson 4's game): for each first
    roll that covers something and can still lead to a shut box, (roll, its chance, the tile it leaves or None,
    the chance of the second roll that covers that tile, 1 when none is needed).  With two tiles a and b no roll
    has a choice (a, b and a + b are three different totals), so these are the table's branches (tested against
    it).  More tiles make a tree too big to draw, and the page uses the table then: refused (ValueError naming
    the tiles)."""
    tiles = tuple(sorted(set(open_tiles)))
    if not 1 <= len(tiles) <= 2 or any(not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= 9 for x in tiles):
        raise ValueError(
            tr(
                "tiles {tiles}: a drawn tree needs one or two open tiles from 1 to 9",
                tiles=", ".join(map(str, tiles)) or "—",
            )
        )
    branches: list[tuple[int, Fraction, int | None, Fraction]] = []
    for roll in range(2, 13):
        p = two_dice_probability(roll)
        if roll == sum(tiles):
            branches.append((roll, p, None, Fraction(1)))
        elif len(tiles) == 2 and roll in tiles and two_dice_probability(sum(tiles) - roll):
            branches.append((roll, p, sum(tiles) - roll, two_dice_probability(sum(tiles) - roll)))
    return branches


def shut_chance(open_tiles: Iterable[int]) -> Fraction:
    """The chance to shut one or two open tiles with two dice on every roll: along each branch of
    :func:`shut_tree_branches` multiply the chances, then add the branches."""
    return sum((p * q for _, p, _, q in shut_tree_branches(open_tiles)), Fraction(0))


def shut_chance_tree(open_tiles: Iterable[int]) -> Picture:
    """The chance-to-shut tree of one or two open tiles (two dice on every roll), drawn: one branch per first roll
    that can lead to a shut box, a second roll where one tile is still open, one branch for every other roll,
    and underneath the products along the branches added up (:func:`shut_tree_branches`)."""
    open_tiles = tuple(sorted(set(open_tiles)))
    leaves = shut_tree_branches(open_tiles)
    shut = shut_chance(open_tiles)
    rest = 1 - sum((p for _, p, _, _ in leaves), Fraction(0))
    row_h, width = 58, 720
    height = 30 + row_h * (len(leaves) + 1) + 40
    root_y = 20 + row_h * (len(leaves) + 1) / 2
    root = tr("open: {tiles}", tiles=", ".join(map(str, open_tiles)))
    parts = [
        f"<rect x='6' y='{root_y - 18:.0f}' width='118' height='36' rx='6' fill='#eef4fb' stroke='#1f5f99'/>",
        f"<text x='65' y='{root_y + 5:.0f}' font-size='13' text-anchor='middle'>{html.escape(root)}</text>",
    ]

    def edge(x1: int, y1: float, x2: int, y2: float, label: str) -> None:
        parts.append(f"<line x1='{x1}' y1='{y1:.0f}' x2='{x2}' y2='{y2:.0f}' stroke='#555'/>")
        parts.append(
            f"<text x='{(x1 + x2) / 2:.0f}' y='{(y1 + y2) / 2 - 6:.0f}' font-size='12' text-anchor='middle' "
            f"fill='#1f5f99'>{html.escape(label)}</text>"
        )

    def node(x: int, y: float, w: int, text: str, fill: str = "#fff") -> None:
        parts.append(
            f"<rect x='{x}' y='{y - 16:.0f}' width='{w}' height='32' rx='6' fill='{fill}' stroke='#555'/>"
            f"<text x='{x + 8}' y='{y + 5:.0f}' font-size='12'>{html.escape(text)}</text>"
        )

    lines, products = [], []
    for i, (roll, p, other, q) in enumerate(leaves):
        y = 20 + row_h * i + row_h / 2
        edge(124, root_y, 300, y, tr("roll {roll}", roll=roll) + f" · {k_over_36(p)}")
        if other is None:
            node(300, y, 150, tr("box shut"), "#e3f4e8")
            lines.append(tr("roll {roll} ({chance}) → box shut", roll=roll, chance=k_over_36(p)))
            products.append(k_over_36(p))
        else:
            node(300, y, 90, tr("open: {tiles}", tiles=other))
            edge(390, y, 530, y, tr("then {roll}", roll=other) + f" · {k_over_36(q)}")
            node(530, y, 110, tr("box shut"), "#e3f4e8")
            lines.append(
                tr(
                    "roll {roll} ({chance}), then {other} ({second}) → box shut",
                    roll=roll,
                    chance=k_over_36(p),
                    other=other,
                    second=k_over_36(q),
                )
            )
            products.append(f"{k_over_36(p)} × {k_over_36(q)}")
    y = 20 + row_h * len(leaves) + row_h / 2
    edge(124, root_y, 300, y, tr("any other roll") + f" · {k_over_36(rest)}")
    node(300, y, 150, tr("box not shut"), "#fbeaea")
    lines.append(tr("any other roll ({chance}) → box not shut", chance=k_over_36(rest)))
    sum_text = tr(
        "chance to shut = {sum} ≈ {turns} turns in 100",
        sum=" + ".join(products),
        turns=number(float(100 * shut), 1),
    )
    parts.append(f"<text x='6' y='{height - 14}' font-size='13'>{html.escape(sum_text)}</text>")
    description = ntr(
        "Tree for open tile {tiles}, two dice on every roll: {branches}. {sum}.",
        "Tree for open tiles {tiles}, two dice on every roll: {branches}. {sum}.",
        len(open_tiles),
        tiles=", ".join(map(str, open_tiles)),
        branches="; ".join(lines),
        sum=sum_text,
    )
    return _tree_picture(width, height, parts, description)


def _tree_picture(width: float, height: float, parts: list[str], description: str) -> Picture:
    """A tree's SVG ``parts`` in one picture of ``width`` × ``height``, described (for screen readers and the
    page's text) by ``description``."""
    svg = (
        f"<svg width='{width}' height='{height}' role='img' aria-label='{html.escape(description)}' "
        f"style='font-family:sans-serif'><title>{html.escape(description)}</title>{''.join(parts)}</svg>"
    )
    return Picture(svg, description)
