"""The Dots and Boxes words the lessons use, with the Spanish terms of the rules sheet."""
from __future__ import annotations

from gamekit.i18n import N_, get_language, tr
from gamekit.display import Table
from gamekit.dots.rules import PRESETS, geometry

GLOSSARY = [
    ("dot", "punto", N_("An end of a line. The default board has 30 dots: 6 across and 5 down.")),
    ("line", "línea", N_("A side between two neighbouring dots. Two boxes can share a line; it is drawn only once.")),
    ("box", "casilla", N_("A square whose four sides are drawn. It belongs to whoever drew the fourth side.")),
    ("third side", "tercer lado", N_("A box with three sides drawn: the next player can take it. Drawing a third side gives a box away.")),
    ("safe line", "línea segura", N_("A line that gives no box its third side.")),
    ("chain", "cadena", N_("A row of boxes linked through their undrawn sides, so that taking one opens the next; usually handed over whole. Each end stops at the edge of the board or at a junction (a box with three or four sides undrawn). Long chain: 3 boxes or more.")),
    ("loop", "bucle", N_("A ring of linked boxes with no end at all — neither at the edge nor at a junction: opening it anywhere offers two boxes at once, and whoever opens it gives all its boxes away.")),
    ("double-cross", "doble cruce", N_("One line that completes two boxes at once.")),
    ("double-deal", "doble entrega", N_("Taking all but the last two boxes of a chain (four of a loop) and handing those over, to keep control.")),
    ("control", "control", N_("Being the player who will get the last long chains: the opponent has to open every one.")),
]


# The Spanish words the rules sheet itself defines (its "Términos"); the other Spanish names are ours.
SHEET_TERMS = ("punto", "línea", "casilla", "tercer lado", "cadena")


def glossary_table() -> Table:
    """The glossary; in Spanish the Spanish term comes first and the English one is the translation."""
    spanish_first = get_language() == "es"
    rows = [((spanish, term) if spanish_first else (term, spanish),
             tr("rules sheet") if spanish in SHEET_TERMS else tr("our translation"), tr(meaning))
            for term, spanish, meaning in GLOSSARY]
    rows = [(*pair, source, meaning) for pair, source, meaning in rows]
    return Table([tr("term"), tr("English") if spanish_first else tr("Spanish"), tr("Spanish from"), tr("meaning")],
                 rows, caption=tr("Glossary"))


def board_sizes_table() -> Table:
    """Dots, lines and boxes of the preset boards (lines = 2mn + m + n)."""
    rows = []
    for name, (w, h) in PRESETS.items():
        g = geometry(w, h)
        rows.append((tr("{board} (default)", board=name) if (w, h) == (5, 4) else name, f"{w + 1}×{h + 1}",
                     g.n_dots, g.n_lines, g.n_boxes))
    return Table([tr("board (boxes)"), tr("dots"), tr("dot count"), tr("lines"), tr("boxes")], rows)
