"""5 en raya (Connect Four on a 9 × 6 grid with pre-filled side columns, five to win) and standard
Connect Four, with optional PopOut: rules, an exact solver and CPU players."""

from gamekit.connect.players import cpu_player
from gamekit.connect.rules import (
    CONNECT_FOUR,
    FIVE_IN_A_ROW,
    ConnectFour,
    ConnectGame,
    FiveInARow,
    Variant,
    count_lines,
)
from gamekit.connect import view  # noqa: F401  (registers the board's notebook SVG with gamekit.core.pictures)
from gamekit.connect.solver import analyse, analyse_outcomes, outcome_bounds, solve, verdict


def __getattr__(name: str):
    # the widget needs ipywidgets/ipycanvas: import it only when asked for
    if name in ("ConnectWidget", "connect_scene"):
        from gamekit.connect import widget

        return getattr(widget, name)
    raise AttributeError(f"module 'gamekit.connect' has no attribute {name!r}")


__all__ = [
    "ConnectGame",
    "ConnectFour",
    "FiveInARow",
    "Variant",
    "CONNECT_FOUR",
    "FIVE_IN_A_ROW",
    "count_lines",
    "solve",
    "analyse",
    "analyse_outcomes",
    "outcome_bounds",
    "verdict",
    "cpu_player",
    "ConnectWidget",
    "connect_scene",
]
