"""CPU players for Shut the Box: ``cpu_player(level, seed=None)`` → ``choose(game) -> action``.

* ``"easy"``   — any legal action, at random (a random set; a random number of dice when there is a choice).
* ``"medium"`` — a rule of thumb: cover the largest tile (the first set in the rules sheet's order:
  largest tile, then the next largest, so the fewest tiles among those); one die when allowed and
  the tiles left sum to 6 or less.
* ``"hard"``   — optimal for the situation, from the exact tables of :mod:`gamekit.shutbox.strategy`:
  in a round against others, the first player minimises the expected score and every later player
  maximises the chance to beat the best score so far (a tie counting half); alone it maximises the
  chance to shut the box, or with digital scoring minimises the expected digital score; in the
  45-point game it minimises the expected score; in the long game it plays for the chance to flip
  every tile it still has to flip (a heuristic: the long game itself is not solved).
"""

from __future__ import annotations

import random
from typing import Any

from gamekit.i18n import tr
from gamekit.shutbox.game import ShutTheBox
from gamekit.shutbox.tiles import mask_sum
from gamekit.shutbox.strategy import table
from gamekit.game import LEVELS, check_running


def objective_for(game: ShutTheBox) -> tuple[str, int | None]:
    """The objective (and target) the hard player pursues in ``game``'s situation (its variant's goal)."""
    return game.variant_rules.goal(game)


class CPUPlayer:
    def __init__(self, level: str = "hard", seed: Any = None):
        if level not in LEVELS:
            raise ValueError(tr("level={level!r}: choose one of {items}", level=level, items=", ".join(LEVELS)))
        self.level = level
        self.name = level
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"cpu_player({self.level!r})"

    def choose(self, game: ShutTheBox) -> tuple:
        check_running(game)
        if self.level == "easy":
            return self.rng.choice(game.legal_moves())
        if game.phase == "roll":
            options = game.dice_options()
            if self.level == "medium":
                n = 1 if 1 in options and mask_sum(game.remaining) <= 6 else (2 if 2 in options else 1)
                return ("roll", n)
            objective, target = objective_for(game)
            n = table(game.rules, objective, target).dice(game.remaining)
            return ("roll", n if n in options else options[0])
        sets = game.legal_sets()
        if self.level == "medium":
            return (game.flip_kind, sets[0])
        objective, target = objective_for(game)
        return (game.flip_kind, table(game.rules, objective, target).best_set(game.remaining, sum(game.dice)))


def cpu_player(level: str = "hard", seed: Any = None) -> CPUPlayer:
    """A CPU player of ``level`` ("easy", "medium", "hard"); ``seed`` makes its random choices reproducible."""
    return CPUPlayer(level, seed)
