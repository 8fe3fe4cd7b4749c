"""Shut the Box (Cerrar la caja): rules, exact strategy, CPU players (widget in ``gamekit.shutbox.widget``)."""

from gamekit.shutbox.rules import Rules
from gamekit.shutbox.game import ShutTheBox
from gamekit.shutbox.tiles import tiles_summing_to, two_dice_probability
from gamekit.shutbox.strategy import (
    Table,
    beat_chance,
    best_dice,
    best_set,
    min_expected_score,
    set_values,
    shut_probability,
    solve_all,
    table,
)

__all__ = [
    "Rules",
    "ShutTheBox",
    "tiles_summing_to",
    "two_dice_probability",
    "Table",
    "table",
    "shut_probability",
    "min_expected_score",
    "beat_chance",
    "best_set",
    "best_dice",
    "set_values",
    "solve_all",
]
from gamekit.shutbox.players import CPUPlayer, cpu_player, objective_for  # noqa: E402

__all__ += ["cpu_player", "CPUPlayer", "objective_for"]
