"""Ratings of a group's rated games: Elo, recomputed from the stored results.

Why Elo (and not Glicko-2): a class plays a few dozen games, every pupil starts together, and pupils and
teachers should be able to check a change by hand — "beat someone of your rating: +16".  Elo needs nothing
but the results in order; Glicko-2 adds a rating deviation and a volatility per pupil, rating periods and an
iterative solver, and the Python packages for it are small, unmaintained one-person projects.  The same
logistic Elo is what :func:`gamekit.tournament.fit_elo` fits for the CPU levels.

* Everyone starts at :data:`START` (1200); after each rated game both ratings move by
  ``K × (score − expected)`` with ``K =`` :data:`K` (32) and ``expected = 1 / (1 + 10^((Rb − Ra) / 400))``.
* A win scores 1, a loss 0, a **draw ½** (halfway between a win and a loss, as the site rules say).
* The stored results are the truth: :func:`recompute` replays them in order and gives every rating and its
  history, so the table can always be rebuilt (the server keeps running totals as a cache and checks them).

How a result comes about (docs/class.md):

* ``"played"``   — the game was played to its end (also when the CPU played a turn whose time ran out: the
  result stands as played).
* ``"resigned"`` — the player who resigned loses (1–0 for the other).
* ``"abandoned"``— the game ended while the CPU was standing in for a player who had left and not come back:
  that player loses, whatever the CPU achieved for them.
* A game that never ends (a new game agreed mid-game, the room expired) is not rated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from typing import Iterable

from gamekit.i18n import tr

from gamekit.tournament import Tally

START = 1200.0
K = 32.0


def shown(rating: float) -> int:
    """A rating as shown in tables and on the chart: rounded half up (1232.5 → 1233, as the web page does)."""
    return math.floor(rating + 0.5)


def expected(ra: float, rb: float) -> float:
    """The score ``a`` is expected to make against ``b`` (0 to 1)."""
    return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))


def update(ra: float, rb: float, score_a: float, k: float = K) -> tuple[float, float]:
    """Both ratings after one game in which ``a`` scored ``score_a`` (1, 0.5 or 0)."""
    if score_a not in (0, 0.5, 1):
        raise ValueError(f"score_a={score_a!r}: 1 (win), 0.5 (draw) or 0 (loss)")
    change = k * (score_a - expected(ra, rb))
    return ra + change, rb - change


@dataclass
class Standing(Tally):
    """A member's rating and results; ``add(score)``, ``games`` and ``points`` come from :class:`Tally`."""

    member: int
    rating: float = START
    wins: int = 0
    draws: int = 0
    losses: int = 0
    history: list = field(default_factory=list)  # (result index, time, rating after)


def recompute(results: Iterable[tuple[int, int, float, float]]) -> dict[int, Standing]:
    """Replay results ``(member a, member b, score of a, time)`` in order: every member's standing."""
    table: dict[int, Standing] = {}
    for i, (a, b, score, at) in enumerate(results):
        sa = table.setdefault(a, Standing(a))
        sb = table.setdefault(b, Standing(b))
        sa.rating, sb.rating = update(sa.rating, sb.rating, score)
        sa.add(score)
        sb.add(1 - score)
        sa.history.append((i, at, sa.rating))
        sb.history.append((i, at, sb.rating))
    return table


PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22")


def chart_svg(series: dict[str, list[tuple[int, float]]], width: int = 520, height: int = 260) -> str:
    """Each pupil's rating over the group's rated games, as one SVG (the web page and the notebook show it).

    ``series``: nickname → [(game number in the group, rating after it)]; everyone starts at 1200 before game 0.
    Nicknames are escaped.
    """
    left, right, top, bottom = 44, 110, 12, 28
    n_games = max([g + 1 for points in series.values() for g, _ in points] + [0])  # games played so far
    values = [r for points in series.values() for _, r in points] + [START]
    low, high = min(values), max(values)
    low, high = min(low, START - 50), max(high, START + 50)
    pw, ph = width - left - right, height - top - bottom

    def x(g: float) -> float:
        return left + pw * g / max(n_games, 1)

    def y(r: float) -> float:
        return top + ph * (high - r) / (high - low)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" role="img" '
        f'aria-label="rating over time">',
        f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="#fff" stroke="#bbb"/>',
    ]
    step = 50 if high - low <= 300 else 100
    tick = math.ceil(low / step) * step
    while tick <= high:
        out.append(
            f'<line x1="{left}" x2="{left + pw}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#eee"/>'
            f'<text x="{left - 4}" y="{y(tick) + 4:.1f}" text-anchor="end" fill="#555">{tick}</text>'
        )
        tick += step
    axis = escape(tr("rated games played in the group ({n})", n=n_games))
    out.append(f'<text x="{left + pw / 2:.0f}" y="{height - 6}" text-anchor="middle" fill="#555">{axis}</text>')
    labels = []
    for i, (name, points) in enumerate(sorted(series.items(), key=lambda kv: -(kv[1][-1][1] if kv[1] else START))):
        colour = PALETTE[i % len(PALETTE)]
        coords = [(x(0), y(START))] + [(x(g + 1), y(r)) for g, r in points]
        path = " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in coords)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for cx, cy in coords[1:]:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="2.5" fill="{colour}"/>')
        labels.append((coords[-1][1], colour, name, points[-1][1] if points else START))
    labels.sort()
    last_y = -100.0
    for ly, colour, name, rating in labels:  # names at the right, never on top of each other
        ly = max(ly, last_y + 13)
        last_y = ly
        out.append(
            f'<text x="{left + pw + 6}" y="{ly + 4:.1f}" fill="{colour}">{escape(name[:14])} {shown(rating)}</text>'
        )
    out.append("</svg>")
    return "".join(out)
