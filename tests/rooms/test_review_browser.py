"""The review of a finished room game on the room page, in real Chromium: both players read every move's
verdict in the list and step the review board through the game by keyboard and by the list."""

from __future__ import annotations

import pytest

from tests.rooms.conftest import page_store

pytestmark = pytest.mark.browser
store_kind = page_store("sqlite")  # one store for the page tests: tests/rooms/conftest.py


def js_state(page) -> dict:
    return page.evaluate("window.gamekitRoom.state")


def wait_js(page, condition: str, timeout_ms: int = 15_000) -> None:
    page.wait_for_function(
        f"(() => {{ const r = window.gamekitRoom; const s = r && r.state; return {condition}; }})()", timeout=timeout_ms
    )


def open_pair(person, url: str, size: str) -> tuple:
    gold, coral = person(), person()
    gold.goto(url + "/")
    gold.select_option("#game", "dots")
    gold.select_option("#size", size)
    gold.click("#create-button")
    gold.wait_for_url("**/r/**")
    wait_js(gold, "!!s && r.connected")
    coral.goto(gold.url)
    wait_js(coral, "!!s && r.connected")
    wait_js(gold, "s.seats[1].connected")
    return gold, coral


def play_to_the_end(pages: list) -> None:
    """Each player clicks the first legal line on their turn until the game is over."""
    boxes = [page.locator("#board").bounding_box() for page in pages]
    while True:
        s = js_state(pages[0])
        if s["over"]:
            return
        ply, mover = s["ply"], s["to_move"]
        wait_js(pages[mover], f"!!s && s.ply === {ply} && r.connected")
        _, x, y = s["targets"][0]
        pages[mover].mouse.click(boxes[mover]["x"] + x, boxes[mover]["y"] + y)
        for page in pages:
            wait_js(page, f"!!s && s.ply === {ply + 1}")


def test_both_players_read_the_review_of_a_finished_game(rooms, person):
    gold, coral = open_pair(person, rooms.url, "3x3")
    assert gold.locator("#review").is_hidden()  # no review while the game runs
    play_to_the_end([gold, coral])
    n = len(js_state(gold)["history"])
    for page in (gold, coral):
        page.wait_for_function("window.gamekitReview && window.gamekitReview.data !== null", timeout=60_000)
        page.wait_for_selector("#review-board[data-step='0']", timeout=15_000)
        assert page.locator("#review").is_visible()
        items = page.locator("#review-moves li")
        assert items.count() == n
        first = items.nth(0).inner_text()
        assert first.lstrip("✓?!· ").startswith("Gold ") and any(
            v in first for v in ("best", "mistake", "inaccuracy", "unjudged")
        )
        assert "Gold:" in page.inner_text("#review-totals") and "Coral:" in page.inner_text("#review-totals")
        assert page.get_attribute("#review-caption", "aria-live") == "polite"
    # keyboard: → shows the first move and its verdict, End the last, Home the start
    board = gold.locator("#review-board")
    board.focus()
    gold.keyboard.press("ArrowRight")
    gold.wait_for_selector("#review-board[data-step='1']")
    caption = gold.inner_text("#review-caption")
    data = gold.evaluate("window.gamekitReview.data")
    assert caption.startswith(f"Move 1 of {n}: ") and data["moves"][0]["sentence"] in caption
    assert gold.get_attribute("#review-board", "data-verdict") == data["moves"][0]["verdict"]
    gold.keyboard.press("End")
    gold.wait_for_selector(f"#review-board[data-step='{n}']")
    assert gold.inner_text("#review-caption").startswith(f"Move {n} of {n}: ")
    assert gold.locator("#review-next").is_disabled()
    gold.keyboard.press("Home")
    gold.wait_for_selector("#review-board[data-step='0']")
    assert gold.inner_text("#review-caption") == "The start of the game."
    # the list: each move is a button that shows it
    coral.locator("#review-moves li button").nth(1).click()
    coral.wait_for_selector("#review-board[data-step='2']")
    assert coral.get_attribute("#review-moves li:nth-child(2)", "aria-current") == "step"
    # the board is painted (not blank): some pixels differ from the background
    painted = coral.evaluate("""(() => { const c = document.getElementById('review-board');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; const seen = new Set();
        for (let i = 0; i < d.length; i += 4 * 97) seen.add(d[i] + ',' + d[i + 1] + ',' + d[i + 2]);
        return seen.size; })()""")
    assert painted > 3
    assert not gold.errors and not coral.errors


def test_the_review_works_under_the_page_s_csp_and_axe_finds_nothing_serious(rooms, chromium, connect):
    """A watcher's page with the room page's Content-Security-Policy on (no bypass: what a pupil's browser runs)."""
    from axe_playwright_python.sync_playwright import Axe
    from gamekit.dots.rules import DotsAndBoxes
    import random

    info = rooms.create("dots", width=2, height=2)
    gold, coral = connect(info["link"], token=info["token"]), connect(info["link"])
    gold.wait(lambda s: s["seats"][1]["connected"])
    rng, game = random.Random(5), DotsAndBoxes(2, 2, first=0, alternate_start=False)
    while not game.is_over():
        move = rng.choice(game.legal_moves())
        (gold if game.to_move == 0 else coral).play(move)
        game.play(move)
    gold.wait(lambda s: s["over"])
    context = chromium.new_context(viewport={"width": 700, "height": 900})
    try:
        page = context.new_page()
        errors, blocked = [], []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
        page.goto(info["link"])
        page.wait_for_selector("#review-moves li", timeout=60_000)
        page.wait_for_selector("#review-board[data-step='0']", timeout=15_000)
        assert page.locator("#review-moves li").count() == len(game.history)
        page.locator("#review-board").focus()
        page.keyboard.press("End")
        page.wait_for_selector(f"#review-board[data-step='{len(game.history)}']")
        results = Axe().run(page)
        serious = [
            f"{v['id']} ({v['impact']}): {v['help']}"
            for v in results.response["violations"]
            if v["impact"] in ("critical", "serious")
        ]
        assert not serious, serious
        assert not errors and not blocked, (errors, blocked)
    finally:
        context.close()
