"""The box's tiles as bitmasks (bit ``t - 1`` is tile ``t``), the sets of tiles that make a total in the rules
sheet's order, and the chance of a two-dice total.  Pure Python: the rules, the game, the strategy and the lessons
share these."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Iterable

from gamekit.i18n import tr

TILES = tuple(range(1, 10))
FULL = (1 << 9) - 1
HIGH = (1 << 6) | (1 << 7) | (1 << 8)  # tiles 7, 8, 9


def mask_of(tiles: Iterable[int]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << (t - 1)
    return m


def tiles_of(mask: int) -> tuple[int, ...]:
    """The tiles of a bitmask, smallest first."""
    return tuple(t for t in TILES if mask >> (t - 1) & 1)


def mask_sum(mask: int) -> int:
    return _SUMS[mask]


_SUMS = [sum(t for t in TILES if m >> (t - 1) & 1) for m in range(FULL + 1)]


def sheet_key(mask: int) -> tuple[int, ...]:
    """The tiles of a bitmask as the rules sheet writes a set: largest tile first."""
    return _SHEET_KEYS[mask & FULL]


_SHEET_KEYS = [tuple(sorted(tiles_of(m), reverse=True)) for m in range(FULL + 1)]


# every non-empty subset of 1..9 by its sum, in the sheet's order: largest tile first,
# then the next largest (8; 7+1; 6+2; 5+3; 5+2+1; 4+3+1)
_SETS_BY_TOTAL: dict[int, tuple[int, ...]] = {}
for _m in sorted(range(1, FULL + 1), key=sheet_key, reverse=True):
    _SETS_BY_TOTAL.setdefault(_SUMS[_m], ())
    _SETS_BY_TOTAL[_SUMS[_m]] += (_m,)


@lru_cache(maxsize=None)
def set_masks(total: int, uncovered: int = FULL) -> tuple[int, ...]:
    """Bitmasks of the sets of tiles in ``uncovered`` (a bitmask) summing to ``total``, sheet order."""
    return tuple(m for m in _SETS_BY_TOTAL.get(total, ()) if m & uncovered == m)


def tiles_summing_to(total: int, uncovered: Iterable[int] = TILES) -> list[tuple[int, ...]]:
    """Every set of tiles from ``uncovered`` whose sum is ``total``, as the rules sheet lists them.

    Each set is a tuple, largest tile first, and the sets come largest tile first
    (then next largest): ``tiles_summing_to(8)`` is
    ``[(8,), (7, 1), (6, 2), (5, 3), (5, 2, 1), (4, 3, 1)]``.
    """
    tiles = set(uncovered)
    bad = [t for t in tiles if t not in TILES]
    if bad:
        raise ValueError(tr("tile {bad!r} is not on the box (tiles are 1 to 9)", bad=bad[0]))
    return [sheet_key(m) for m in set_masks(total, mask_of(tiles))]


def two_dice_probability(total: int) -> Fraction:
    """P(two dice sum to ``total``): (6 − |total − 7|)/36 for 2…12."""
    return Fraction(max(0, 6 - abs(total - 7)), 36) if 2 <= total <= 12 else Fraction(0)
