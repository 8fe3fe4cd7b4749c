"""5 en raya (Connect Four on a 9 × 6 grid with pre-filled side columns, five to win) and standard
Connect Four, with optional PopOut: rules, an exact solver and CPU players."""

from gamekit.connect.rules import (
    CONNECT_FOUR,
    FIVE_IN_A_ROW,
    ConnectFour,
    ConnectGame,
    FiveInARow,
    Variant,
    count_lines,
)
from gamekit.core.later import imported_when_asked
from gamekit.connect import view  # noqa: F401  (registers the board's notebook SVG with gamekit.core.pictures)


# imported when first asked for: the widget needs ipywidgets/ipycanvas, and the solver and the CPU players load numba
# (about 0.4 s of CPU), which what needs only the rules (the catalog, a room server) does not pay for
_LATER = {
    "ConnectWidget": "gamekit.connect.widget",
    "connect_scene": "gamekit.connect.widget",
    "cpu_player": "gamekit.connect.players",
    "solve": "gamekit.connect.solver",
    "analyse": "gamekit.connect.solver",
    "analyse_outcomes": "gamekit.connect.solver",
    "outcome_bounds": "gamekit.connect.solver",
    "verdict": "gamekit.connect.solver",
}


__getattr__ = imported_when_asked(__name__, _LATER)


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
