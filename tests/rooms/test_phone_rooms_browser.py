"""The room page on a phone, in real Chromium with a phone's screen and touch (is_mobile, has_touch): the board
shrinks to the screen from 320 px up, the page never scrolls sideways, and a tap plays where the finger lands on
the shrunk board.  Also: answering an undo request gives the keyboard back to the board."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rooms.conftest import page_store

pytestmark = pytest.mark.browser
store_kind = page_store("sqlite")  # one store for the page tests: tests/rooms/conftest.py

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"  # ignored by git, as the other browser tests' shots


@pytest.fixture
def phone(chromium):
    """``phone(width)`` → a page in a phone-sized context of its own with touch (a separate person)."""
    contexts = []

    def make(width: int = 390, height: int = 844):
        # bypass_csp: the page forbids eval, which Playwright's wait_for_function needs
        context = chromium.new_context(
            viewport={"width": width, "height": height},
            is_mobile=True,
            has_touch=True,
            device_scale_factor=2,
            bypass_csp=True,
        )
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()


def wait_js(page, condition: str, timeout_ms: int = 15_000) -> None:
    page.wait_for_function(
        f"(() => {{ const r = window.gamekitRoom; const s = r && r.state; return {condition}; }})()", timeout=timeout_ms
    )


def state(page) -> dict:
    return page.evaluate("window.gamekitRoom.state")


def fits(page) -> dict:
    """The page's and the board's widths as the phone shows them."""
    return page.evaluate("""() => { const box = document.getElementById('board').getBoundingClientRect();
        return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
                left: box.left, right: box.right, width: box.width, height: box.height}; }""")


def tap_target(page, move: str) -> None:
    """Tap where the page shows ``move``'s keyboard target (scene pixels scaled to the board as drawn)."""
    s = state(page)
    target = next(t for t in s["targets"] if t[0] == move)
    box = page.locator("#board").bounding_box()
    w, h = s["size"]
    page.touchscreen.tap(box["x"] + target[1] * box["width"] / w, box["y"] + target[2] * box["height"] / h)


@pytest.mark.parametrize("width", [320, 390])
def test_a_5_en_raya_board_fits_a_phone_and_a_tap_drops_in_the_column_under_the_finger(rooms, connect, phone, width):
    info = rooms.create("connect", board="five")
    red = connect(info["link"], token=info["token"])
    page = phone(width)
    page.goto(info["link"])
    wait_js(page, "!!s && r.connected && s.seats[1].connected")
    size = fits(page)
    assert size["scroll"] <= width and size["inner"] == width, size  # no sideways scrolling, no zooming out
    assert size["left"] >= 0 and size["right"] <= width, size  # the whole board is on the screen
    w, h = state(page)["size"]
    assert w > width - 24 and size["width"] < w  # the 420 px board was shrunk…
    assert size["height"] == pytest.approx(size["width"] * h / w, abs=1)  # …keeping its shape
    red.play("4")
    wait_js(page, "s.ply === 1")
    for column in ("7", "1", "3"):  # the edges of the grid and the middle
        ply = state(page)["ply"]
        tap_target(page, column)
        wait_js(page, f"s.ply === {ply + 1}")
        assert state(page)["history"][-1] == column
        red.wait(lambda s, n=ply + 1: s["ply"] == n)
        red.play("4")
        wait_js(page, f"s.ply === {ply + 2}")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"room-five-phone-{width}.png"), full_page=True)
    assert not page.errors


def test_a_dots_board_fits_a_phone_and_a_tap_draws_the_line_under_the_finger(rooms, connect, phone):
    info = rooms.create("dots", width=5, height=5)
    gold = connect(info["link"], token=info["token"])
    page = phone(360)
    page.goto(info["link"])
    wait_js(page, "!!s && r.connected && s.seats[1].connected")
    size = fits(page)
    assert size["scroll"] <= 360 and size["inner"] == 360 and size["right"] <= 360, size
    gold.play("a1-b1")
    wait_js(page, "s.ply === 1")
    for line in ("e6-f6", "a5-a6", "c3-d3"):  # the corner far from the origin, the left edge, the middle
        ply = state(page)["ply"]
        tap_target(page, line)
        wait_js(page, f"s.ply === {ply + 1}")
        assert state(page)["history"][-1] == line
        gold.wait(lambda s, n=ply + 1: s["ply"] == n)
        gold.play(next(m for m in ("b6-c6", "f1-f2", "d5-d6", "a2-b2") if m not in gold.state["history"]))
        wait_js(page, f"s.ply === {ply + 2}")
    names = {item[3] for item in state(page)["scene"] if item[0] == "text"}
    assert {"a", "f", "1", "6"} <= names  # the dot names are on the board
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "room-dots-phone-360.png"), full_page=True)
    assert not page.errors


def test_accepting_an_undo_gives_the_keyboard_back_to_the_board(rooms, connect, phone):
    info = rooms.create("connect", board="five")
    red = connect(info["link"], token=info["token"])
    page = phone(390)
    page.goto(info["link"])
    wait_js(page, "!!s && r.connected && s.seats[1].connected")
    red.play("4")
    wait_js(page, "s.ply === 1")
    red.request_undo()
    page.wait_for_selector("#request", state="visible")
    page.focus("#accept")
    page.keyboard.press("Enter")
    wait_js(page, "s.ply === 0")
    page.wait_for_selector("#request", state="hidden")
    assert page.evaluate("document.activeElement && document.activeElement.id") == "board"
    assert not page.errors
