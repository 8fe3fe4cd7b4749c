"""The Dots and Boxes words the lessons use, with their Spanish names (docs/glossary.md)."""

from __future__ import annotations

from gamekit.i18n import N_, get_language, tr
from gamekit.display import Table
from gamekit.dots.rules import PRESETS, geometry

GLOSSARY = [  # (English, Spanish, meaning, the lesson that teaches the word)
    (
        "dot",
        "punto",
        N_(
            "A corner of a box, where lines start and end. A dot is named by its column letter and its row number, "
            "like b3."
        ),
        1,
    ),
    (
        "line",
        "línea",
        N_("A side between two neighbouring dots. Two boxes can share a line; it is drawn only once."),
        1,
    ),
    ("box", "casilla", N_("The square between four dots. It is taken by whoever draws its fourth side."), 1),
    (
        "third side",
        "tercer lado",
        N_("The third line drawn round a box: the box then has three sides drawn and only one missing."),
        1,
    ),
    ("safe line", "línea segura", N_("A line that gives no box its third side."), 2),
    ("junction", "empalme", N_("A box with no side drawn, or only one: several chains can meet there."), 3),
    (
        "chain",
        "cadena",
        N_(
            "A run of boxes, one after another, linked through their undrawn sides, so that taking one opens "
            "the next; usually handed over whole. Each end stops at the edge of the board, at a box already "
            "taken, or at a junction (a box with three or four sides undrawn)."
        ),
        3,
    ),
    ("long chain", "cadena larga", N_("A chain of 3 boxes or more."), 3),
    (
        "loop",
        "bucle",
        N_(
            "A ring of linked boxes with no end at all — neither at the edge nor at a junction: opening it "
            "anywhere offers two boxes at once, and the other player may take every box of it."
        ),
        3,
    ),
    ("double-cross", "doble cruce", N_("One line that completes two boxes at once."), 5),
    (
        "double-deal",
        "doble entrega",
        N_("Taking all but the last two boxes of a chain (four of a loop) and handing those over, to keep control."),
        5,
    ),
    (
        "control",
        "control",
        N_("Being the player who will get the last long chains: the opponent has to open every one."),
        4,
    ),
]


def glossary_table(up_to_lesson: int = 5) -> Table:
    """The words lessons 1 to ``up_to_lesson`` teach (a page shows none it has not reached); in Spanish the Spanish
    term comes first and the English one is the translation."""
    if isinstance(up_to_lesson, bool) or not isinstance(up_to_lesson, int) or not 1 <= up_to_lesson <= 5:
        raise ValueError(tr("up_to_lesson={lesson!r}: a lesson number from 1 to 5", lesson=up_to_lesson))
    spanish_first = get_language() == "es"
    rows = [
        ((spanish, term) if spanish_first else (term, spanish)) + (tr(meaning),)
        for term, spanish, meaning, lesson in GLOSSARY
        if lesson <= up_to_lesson
    ]
    return Table(
        [tr("term"), tr("English") if spanish_first else tr("Spanish"), tr("meaning")], rows, caption=tr("Glossary")
    )


def board_sizes_table() -> Table:
    """Lines and boxes of the preset boards (lines = 2mn + m + n).  No dots: counting a board's dots is lesson 4's
    first exercise, on these very boards."""
    rows = []
    for name, (w, h) in PRESETS.items():
        g = geometry(w, h)
        rows.append(
            (
                tr("{board} (default)", board=name) if (w, h) == (5, 4) else name,
                g.n_lines,
                g.n_boxes,
            )
        )
    return Table([tr("board (boxes)"), tr("lines"), tr("boxes")], rows)
