"""Colours of the boards from the widgets' own constants (WCAG 1.4.3 text, 1.4.11 non-text, 1.4.1 colour not the
only cue): a palette change that breaks a ratio, or a seat pair that colour-blind readers cannot tell apart
without its second cue, fails here.  Figures: docs/accessibility.md."""

from __future__ import annotations

import itertools

import pytest

from gamekit.connect import view as connect_view  # the drawing constants and the SVG live in the view
from gamekit.core import scene as shared
from gamekit.connect.rules import FiveInARow
from gamekit.dots import view as dots_view
from gamekit.dots.lesson_pictures import lesson_scene
from gamekit.dots.rules import DotsAndBoxes
from gamekit.shutbox import widget as shutbox_widget
from gamekit.widgets.colour import VISIONS, blend, contrast, delta_e, lab, luminance, rgb, simulate, worst_delta_e

TEXT, LARGE_TEXT, NON_TEXT = 4.5, 3.0, 3.0
SEAT_DELTA_E = 20  # the aim between two seats under every simulated vision, else a second cue


# ----- the maths ---------------------------------------------------------------------------------------------
def test_contrast_and_luminance_match_the_wcag_definition():
    assert contrast("#ffffff", "#000000") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert luminance("#ffffff") == pytest.approx(1) and luminance("#000000") == 0
    assert contrast("#123456", "#123456") == 1


def test_ciede2000_matches_sharma_wu_dalal_test_data(monkeypatch):
    import gamekit.widgets.colour as colour

    pairs = {
        ("a", "b"): ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ("c", "d"): ((50, 2.5, 0), (73, 25, -18), 27.1492),
        ("e", "f"): ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
        ("g", "h"): ((50, 2.5, 0), (50, 0, -2.5), 4.3065),
    }
    table = {k: v for (a, b), (la, lb, _) in pairs.items() for k, v in ((a, la), (b, lb))}
    monkeypatch.setattr(colour, "lab", table.__getitem__)
    for (a, b), (_, _, expected) in pairs.items():
        assert colour.delta_e(a, b) == pytest.approx(expected, abs=1e-4)
        assert colour.delta_e(b, a) == pytest.approx(expected, abs=1e-4)


def test_simulation_keeps_greys_and_merges_red_and_green_for_protanopes():
    for vision in VISIONS:
        assert simulate("#808080", vision) in ("#808080", "#7f7f7f", "#818181")
        assert simulate("#000000", vision) == "#000000"
    assert (
        delta_e(simulate("#ff0000", "protanopia"), simulate("#00ff00", "protanopia"))
        < delta_e("#ff0000", "#00ff00") / 2
    )
    assert lab("#ffffff")[0] == pytest.approx(100, abs=0.01)


def test_bad_colours_are_refused():
    for bad in ("d4a017", "#d4a01", "#d4a01733", "#gggggg", "#٣٣٣٣٣٣"):
        with pytest.raises(ValueError, match="colour"):
            rgb(bad)
    with pytest.raises(TypeError):
        rgb(0xD4A017)
    with pytest.raises(ValueError, match="vision"):
        simulate("#ffffff", "achromatopsia")


# ----- text on its background ---------------------------------------------------------------------------------
TEXTS = [  # (what, text colour, background, needed)
    ("Dots box number on a gold box (bold 27 px)", dots_view.BOX_NUMBER, shared.SEAT_COLOURS[0], LARGE_TEXT),
    ("Dots box number on a coral box (bold 27 px)", dots_view.BOX_NUMBER, shared.SEAT_COLOURS[1], LARGE_TEXT),
    ("Dots lesson dot names (11 px)", dots_view.COORDINATE_INK, shared.BACKGROUND, TEXT),
    ("ink on the background", shared.INK, shared.BACKGROUND, TEXT),
    ("Shut the Box caption on the wood (15 px)", shutbox_widget.CAPTION_INK, shutbox_widget.WOOD, TEXT),
    ("covered tile number (16 px)", shutbox_widget.DOWN_NUMBER, shutbox_widget.TILE_DOWN, TEXT),
    ("open tile number (bold 30 px)", shared.INK, shutbox_widget.TILE_FACE, LARGE_TEXT),
    ("5 en raya column numbers (bold 13 px)", shared.INK, shared.BACKGROUND, TEXT),
    ("5 en raya row numbers (10 px)", connect_view.ROW_INK, shared.BACKGROUND, TEXT),
    ("Dots dot names on the play boards (13 px)", dots_view.COORDINATE_INK, shared.BACKGROUND, TEXT),
    ("Dots Hint's '?' tag (bold)", "#ffffff", dots_view.HINT_INK, TEXT),
    *[
        (f"5 en raya hint verdict '{kind}' (11 px)", colour, shared.BACKGROUND, TEXT)
        for kind, colour in connect_view.VERDICT_COLOURS.items()
    ],
    *[
        (f"card name on seat {i + 1}'s tint", shared.INK, blend(c, 0x33 / 255, shared.BACKGROUND), TEXT)
        for i, c in enumerate(shared.SEAT_COLOURS4)
    ],
]


@pytest.mark.parametrize("what, text, background, needed", TEXTS, ids=[t[0] for t in TEXTS])
def test_text_contrast(what, text, background, needed):
    assert contrast(text, background) >= needed, f"{what}: {contrast(text, background):.2f}:1"


# ----- the parts of the boards (non-text, 3:1) ------------------------------------------------------------------
PARTS = [
    ("Dots owned box edge (gold) on the background", shared.SEAT_DARK[0], shared.BACKGROUND),
    ("Dots owned box edge (coral) on the background", shared.SEAT_DARK[1], shared.BACKGROUND),
    ("Dots drawn line", shared.INK, shared.BACKGROUND),
    ("5 en raya disc rim on the blue grid", connect_view.DISC_EDGE, connect_view.GRID_BLUE),
    ("5 en raya yellow disc's mark on the disc", connect_view.MARK_INK, connect_view.DISC[1]),
    ("5 en raya yellow disc's mark (SVG)", connect_view.MARK_INK, connect_view.DISC_COLOURS[1]),
    ("5 en raya disc rim on the SVG grid", connect_view.DISC_EDGE, "#1d4ed8"),
    ("5 en raya side disc's outer rim on the cardboard", connect_view.SIDE_RIM, connect_view.CARDBOARD),
    ("5 en raya side disc's outer rim against the red disc", connect_view.SIDE_RIM, connect_view.DISC[0]),
    ("5 en raya side disc's outer rim against the yellow disc", connect_view.SIDE_RIM, connect_view.DISC[1]),
    ("5 en raya last disc's bead (white) on red", connect_view.LAST_MARK, connect_view.DISC[0]),
    ("5 en raya last disc's bead rim on yellow", connect_view.LAST_RIM, connect_view.DISC[1]),
    ("5 en raya Hint's arrow on the background", connect_view.HINT_INK, shared.BACKGROUND),
    ("5 en raya Hint's ring on its white ring", connect_view.HINT_INK, "#ffffff"),
    ("5 en raya Hint's white ring on the grid", "#ffffff", connect_view.GRID_BLUE),
    ("5 en raya threat cell's seat mark in the hole", connect_view.TINT_MARK, connect_view.HOLE),
    ("Dots last line's bead rim on the background", dots_view.LAST_RIM, shared.BACKGROUND),
    ("Dots Hint's dashed line on the background", dots_view.HINT_INK, shared.BACKGROUND),
    ("covered tile edge on the felt", shutbox_widget.DOWN_EDGE, shutbox_widget.FELT),
    ("Shut the Box keyboard cursor on the felt", shutbox_widget.CURSOR, shutbox_widget.FELT),
]


@pytest.mark.parametrize("what, part, background", PARTS, ids=[p[0] for p in PARTS])
def test_non_text_contrast(what, part, background):
    assert contrast(part, background) >= NON_TEXT, f"{what}: {contrast(part, background):.2f}:1"


# ----- seats: colour plus a second cue ---------------------------------------------------------------------------
def seat_pairs():
    for game, colours in (
        ("dots", shared.SEAT_COLOURS),
        ("connect", connect_view.DISC),
        ("shutbox", shared.SEAT_COLOURS4),
    ):
        for a, b in itertools.combinations(range(len(colours)), 2):
            yield game, a, b, colours[a], colours[b]


def second_cue(game: str, a: int, b: int) -> bool:
    """Does the board tell seats ``a`` and ``b`` apart without colour?  (Checked on real scenes.)"""
    if game == "dots":  # every owned box carries its owner's number
        g = DotsAndBoxes.from_moves(1, 2, ["a1-b1", "a1-a2", "b1-b2", "a2-b2", "a3-b3", "a2-a3", "b2-b3"])
        texts = dots_view.dots_scene(g, dots_view.BoardLayout.fit(1, 2)).texts()
        return sorted(texts) == sorted(str(o + 1) for o in g.owners)
    if game == "connect":  # yellow discs carry a dark diamond, red ones none
        g = FiveInARow.from_moves("4 5")
        scene = connect_view.connect_scene(g, connect_view.layout_for(g))
        marks = [item for item in scene.ops("polygon") if item[2] == connect_view.MARK_INK]
        yellow = sum(1 for c in range(g.width) for r in range(g.height) if g.cell(c, r) == 1)
        svg = connect_view.board_svg(g)
        return len(marks) == yellow and svg.count('class="mark"') == yellow
    if game == "shutbox":  # seats are only shown on the cards, each with the player's name
        return True
    return False


PAIRS = list(seat_pairs())


@pytest.mark.parametrize("game, a, b, ca, cb", PAIRS, ids=[f"{p[0]}-{p[1]}-{p[2]}" for p in PAIRS])
def test_two_seats_differ_by_more_than_colour_or_by_a_wide_margin(game, a, b, ca, cb):
    worst, vision = worst_delta_e(ca, cb)
    assert worst >= SEAT_DELTA_E or second_cue(game, a, b), (
        f"{game} seats {a + 1} and {b + 1}: ΔE {worst:.1f} under {vision} and no second cue"
    )


def test_the_lesson_board_uses_the_legible_dot_names():
    g = DotsAndBoxes(2, 2)
    names = [item for item in lesson_scene(g).ops("text") if item[3] in "abc123"]
    assert names and all(item[5] == dots_view.COORDINATE_INK for item in names)


def test_the_connect_svg_paints_the_discs_in_the_widgets_and_room_pages_colours():
    g = FiveInARow.from_moves("45")
    svg = connect_view.board_svg(g)
    assert connect_view.DISC_COLOURS == connect_view.DISC
    for colour in connect_view.DISC:
        assert f'fill="{colour}"' in svg
    assert g._repr_html_() == svg  # a game shows itself as that SVG in a notebook
