"""Dots and Boxes (Puntos y cajas): rules, analysis, exact solver, CPU players and widget."""
from gamekit.dots.rules import PRESETS, DotsAndBoxes, Geometry, geometry
from gamekit.dots.analysis import (Analysis, Component, LongChainRule, analyse, boxes_given, capturable_boxes,
                                   capture_lines, capture_run, chains, components, double_crosses, is_safe_line,
                                   joints, long_chain_rule, loops, no_safe_lines, safe_lines, turns_taken)
from gamekit.dots.solver import best_line, best_lines, move_values, solve
from gamekit.dots.players import CpuPlayer, cpu_player, hint

__all__ = ["DotsAndBoxes", "Geometry", "geometry", "PRESETS",
           "Analysis", "Component", "LongChainRule", "analyse", "boxes_given", "capturable_boxes",
           "capture_lines", "capture_run", "chains", "components", "double_crosses", "is_safe_line",
           "joints", "long_chain_rule", "loops", "no_safe_lines", "safe_lines", "turns_taken",
           "solve", "best_line", "best_lines", "move_values",
           "CpuPlayer", "cpu_player", "hint"]
