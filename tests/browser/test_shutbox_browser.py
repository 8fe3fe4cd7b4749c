"""Shut the Box in a real browser: roll by clicking the dice, select tiles by clicking, Confirm."""

import pytest

from gamekit.shutbox import ShutTheBox
from gamekit.shutbox.widget import FELT, TILE_FACE, BoxLayout

pytestmark = pytest.mark.browser

LESSON = "notebooks/shut_the_box/01_rules_and_play.ipynb"
SEED = 7  # the seed the lesson's widget uses: the first roll is known in advance

WIDGET = ".gamekit-shutbox"
CANVAS = f"{WIDGET} canvas.gamekit-board"


def rgb(hex_colour):
    return [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]


def close(a, b, tol=12):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def first_roll() -> ShutTheBox:
    """The lesson's game after its first (seeded) roll: what the reader will see."""
    game = ShutTheBox(2, seed=SEED)
    game.roll()
    return game


def test_roll_and_cover_a_tile_by_clicking(notebook_page, ui):
    page = notebook_page(LESSON, boards=2)
    canvas = page.locator(".gamekit-shutbox canvas.gamekit-board")
    lay = BoxLayout()
    expected = first_roll()
    total = sum(expected.dice)
    chosen = expected.legal_sets()[0]  # the sheet's first set: largest tile first
    x, y = lay.tile_x(chosen[0]) + lay.tile_w / 2, lay.top + 8
    assert close(ui.pixel(page, CANVAS, x, y), rgb(TILE_FACE)), "the tile should stand open"

    die_x, die_y = lay.die_box(0, 2)
    ui.click_css(page, canvas, die_x + 10, die_y + 10)  # click the dice: roll
    ui.wait_for_status(page, WIDGET, f"= {total}", timeout_ms=40_000)  # a loaded CI machine

    for k, t in enumerate(chosen, 1):
        ui.click_css(page, canvas, *lay.tile_centre(t))  # select the set, one tile at a time
        # the kernel has taken this click before the next one (and Confirm) is sent
        ui.wait_for_description(page, canvas, f"sum {sum(chosen[:k])}.")
    page.locator(".gamekit-shutbox .gamekit-shutbox-confirm").click()
    ui.wait_for_status(page, WIDGET, "roll the dice", timeout_ms=40_000)  # a loaded CI machine
    flipped = ui.wait_for_pixel_change(page, CANVAS, x, y, before=tuple(rgb(TILE_FACE)))
    assert close(flipped, rgb(FELT)), "the covered tile should be flipped down"
    ui.screenshot(page, "shutbox_after_cover")


def test_a_wrong_set_is_refused_with_the_reason(notebook_page, ui):
    page = notebook_page(LESSON, boards=2)
    canvas = page.locator(".gamekit-shutbox canvas.gamekit-board")
    lay = BoxLayout()
    expected = first_roll()
    total = sum(expected.dice)
    page.locator(".gamekit-shutbox .gamekit-shutbox-roll").click()  # the Roll button works too
    ui.wait_for_status(page, WIDGET, f"= {total}")
    wrong = 1 if total != 1 else 2
    ui.click_css(page, canvas, *lay.tile_centre(wrong))
    page.locator(".gamekit-shutbox .gamekit-shutbox-confirm").click()
    ui.wait_for_status(page, WIDGET, f"not the roll {total}")


def test_a_refused_seat_change_snaps_the_selector_back(notebook_page, ui):
    """Taking away the only seat is refused: the status says why and the selector shows the seat again."""
    from playwright.sync_api import expect

    page = notebook_page(LESSON, boards=2)

    def seat(n):
        return page.locator(f"{WIDGET} .widget-dropdown:has(label:text-is('Player {n}')) select")

    expect(seat(1)).to_have_value("person")
    seat(2).select_option(label="—")  # the CPU leaves: one player
    ui.wait_for_status(page, WIDGET, "New game")
    expect(page.locator(f"{WIDGET} .gamekit-card")).to_have_count(1)
    seat(1).select_option(label="—")  # the last seat cannot go
    ui.wait_for_status(page, WIDGET, "at least one player")
    expect(seat(1)).to_have_value("person")
    expect(page.locator(f"{WIDGET} .gamekit-card")).to_have_count(1)
