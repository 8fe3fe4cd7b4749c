"""The Dots and Boxes words the lessons use, with the Spanish terms of the rules sheet."""
from __future__ import annotations

from gamekit.display import Table
from gamekit.dots.rules import PRESETS, geometry

GLOSSARY = [
    ("dot", "punto", "An end of a line. The default board has 30 dots: 6 across and 5 down."),
    ("line", "línea", "A side between two neighbouring dots. Two boxes can share a line; it is drawn only once."),
    ("box", "casilla", "A square whose four sides are drawn. It belongs to whoever drew the fourth side."),
    ("third side", "tercer lado", "A box with three sides drawn: the next player can take it. Drawing a third side gives a box away."),
    ("safe line", "línea segura", "A line that gives no box its third side."),
    ("chain", "cadena", "A row of boxes linked through their undrawn sides, so that taking one opens the next; usually handed over whole. Each end stops at the edge of the board or at a junction (a box with three or four sides undrawn). Long chain: 3 boxes or more."),
    ("loop", "bucle", "A ring of linked boxes with no end at all — neither at the edge nor at a junction: opening it anywhere offers two boxes at once, and whoever opens it gives all its boxes away."),
    ("double-cross", "doble cruce", "One line that completes two boxes at once."),
    ("double-deal", "doble entrega", "Taking all but the last two boxes of a chain (four of a loop) and handing those over, to keep control."),
    ("control", "control", "Being the player who will get the last long chains: the opponent has to open every one."),
]


# The Spanish words the rules sheet itself defines (its "Términos"); the other Spanish names are ours.
SHEET_TERMS = ("punto", "línea", "casilla", "tercer lado", "cadena")


def glossary_table() -> Table:
    rows = [(term, spanish, "rules sheet" if spanish in SHEET_TERMS else "our translation", meaning)
            for term, spanish, meaning in GLOSSARY]
    return Table(["term", "Spanish", "Spanish from", "meaning"], rows, caption="Glossary")


def board_sizes_table() -> Table:
    """Dots, lines and boxes of the preset boards (lines = 2mn + m + n)."""
    rows = []
    for name, (w, h) in PRESETS.items():
        g = geometry(w, h)
        rows.append((name + (" (default)" if (w, h) == (5, 4) else ""), f"{w + 1}×{h + 1}", g.n_dots, g.n_lines, g.n_boxes))
    return Table(["board (boxes)", "dots", "dot count", "lines", "boxes"], rows)
