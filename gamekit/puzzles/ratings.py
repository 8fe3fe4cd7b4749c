"""Ratings for pupils and puzzles: Glicko-2, from the maintained ``glicko2`` package (not written again here).

Every attempt is a game between the pupil and the puzzle: solved is a win for the pupil, a wrong answer a
win for the puzzle.  Both ratings move (:func:`update`), each by Glicko-2's rule with the other's rating and
deviation, so a puzzle many pupils fail climbs and one everybody solves sinks.

A new puzzle's first rating comes from its position (:func:`first_rating`): the more tempting wrong answers
and the deeper the refutation, the higher; it starts with a deviation of 250 (the position says something,
but pupils' answers soon say more).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import glicko2

from gamekit.core.saved import is_int
from gamekit.i18n import tr

PUPIL_START = (1100.0, 200.0, 0.06)
"""The default rating, deviation and volatility of :class:`Rating`: level 3 of 10 (:func:`gamekit.progress.level`),
among the easy puzzles.  The deviation (200, narrower than Glicko-2's "nothing known yet" 350) still lets the first
answers move the rating quickly, but one slip on an easy first puzzle never drops a pupil more than one level.
Practice starts a new pupil at :func:`gamekit.puzzles.pools.start_rating` (the level of the lessons done, at
most this one for the first lessons), with this deviation and volatility."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` (:data:`PUPIL_START` to start), deviation ``rd`` (uncertainty), volatility
    ``vol``."""

    rating: float = PUPIL_START[0]
    rd: float = PUPIL_START[1]
    vol: float = PUPIL_START[2]

    def __post_init__(self) -> None:
        for name in ("rating", "rd", "vol"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:
                raise ValueError(tr("{name}={value!r}: a rating's numbers are plain numbers", name=name, value=v))
        if not self.rd > 0 or not self.vol > 0:
            raise ValueError(
                tr("rd={rd!r}, vol={vol!r}: the deviation and volatility must be above 0", rd=self.rd, vol=self.vol)
            )

    def to_dict(self) -> dict[str, float]:
        return {"rating": self.rating, "rd": self.rd, "vol": self.vol}

    @classmethod
    def from_dict(cls, d: Any) -> "Rating":
        if not isinstance(d, dict) or not {"rating", "rd", "vol"} <= set(d):
            raise ValueError(tr("{value!r}: a saved rating has rating, rd and vol", value=d))
        return cls(d["rating"], d["rd"], d["vol"])


def _player(r: Rating) -> glicko2.Player:
    return glicko2.Player(rating=r.rating, rd=r.rd, vol=r.vol)


def _rating(p: glicko2.Player) -> Rating:
    return Rating(float(p.rating), float(p.rd), float(p.vol))


def update(pupil: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The new ratings of the pupil and the puzzle after one attempt (``solved``: True or False)."""
    if not isinstance(pupil, Rating) or not isinstance(puzzle, Rating):
        raise TypeError(tr("update: give two Rating objects (the pupil's and the puzzle's)"))
    if not isinstance(solved, bool):
        raise TypeError(tr("solved={solved!r}: True or False", solved=solved))
    p, q = _player(pupil), _player(puzzle)
    p.update_player([puzzle.rating], [puzzle.rd], [1.0 if solved else 0.0])
    q.update_player([pupil.rating], [pupil.rd], [0.0 if solved else 1.0])
    return _rating(p), _rating(q)


def first_rating(tempting_wrong: int, depth: int, n_answers: int, n_legal: int) -> float:
    """A puzzle's first rating from its position.

    ``tempting_wrong``: wrong answers that look as good as the right one at first sight; ``depth``: plies of
    the longest refutation of a tempting wrong answer (how far one must look to see it lose);
    ``n_answers`` / ``n_legal``: accepted and legal answers (a single answer among many is harder to hit).
    """
    for name, v in (
        ("tempting_wrong", tempting_wrong),
        ("depth", depth),
        ("n_answers", n_answers),
        ("n_legal", n_legal),
    ):
        if not is_int(v) or v < 0:
            raise ValueError(tr("{name}={value!r}: a whole number ≥ 0", name=name, value=v))
    share = n_answers / n_legal if n_legal else 1.0
    r = 900.0 + 70.0 * min(tempting_wrong, 8) + 25.0 * min(depth, 12) + 150.0 * (1.0 - share)
    return round(r, 1)


def expected(pupil: Rating, puzzle: Rating) -> float:
    """Glicko-2's expected chance that the pupil solves the puzzle (E of Glickman's paper, step 3)."""
    scale = 173.7178
    mu, mu_j, phi_j = (pupil.rating - 1500) / scale, (puzzle.rating - 1500) / scale, puzzle.rd / scale
    g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
    return 1 / (1 + math.exp(-g * (mu - mu_j)))
