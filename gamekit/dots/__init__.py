"""Dots and Boxes (Puntos y cajas): rules, analysis, exact solver, CPU players and widget."""

from gamekit.core.later import imported_when_asked
from gamekit.dots.rules import PRESETS, DotsAndBoxes, Geometry, geometry
from gamekit.dots.analysis import (
    Analysis,
    Component,
    LongChainRule,
    analyse,
    boxes_given,
    capturable_boxes,
    capture_lines,
    capture_run,
    chains,
    components,
    double_crosses,
    is_safe_line,
    joints,
    long_chain_rule,
    loops,
    no_safe_lines,
    safe_lines,
    turns_taken,
)

# the exact solver and the CPU players load numba (about 0.4 s of CPU): they are imported when first asked for, so
# that what needs only the rules (the catalog, a room server, a Shut the Box lesson) does not pay for them
_LATER = {
    "solve": "gamekit.dots.solver",
    "best_line": "gamekit.dots.solver",
    "best_lines": "gamekit.dots.solver",
    "move_values": "gamekit.dots.solver",
    "CpuPlayer": "gamekit.dots.players",
    "cpu_player": "gamekit.dots.players",
    "hint": "gamekit.dots.players",
}


__getattr__ = imported_when_asked(__name__, _LATER)


__all__ = [
    "DotsAndBoxes",
    "Geometry",
    "geometry",
    "PRESETS",
    "Analysis",
    "Component",
    "LongChainRule",
    "analyse",
    "boxes_given",
    "capturable_boxes",
    "capture_lines",
    "capture_run",
    "chains",
    "components",
    "double_crosses",
    "is_safe_line",
    "joints",
    "long_chain_rule",
    "loops",
    "no_safe_lines",
    "safe_lines",
    "turns_taken",
    "solve",
    "best_line",
    "best_lines",
    "move_values",
    "CpuPlayer",
    "cpu_player",
    "hint",
]
