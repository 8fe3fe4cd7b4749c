"""The room server's pages with a keyboard and a screen reader in mind (issue 23, docs/accessibility.md), in real
Chromium: axe-core finds no critical or serious violation (with the pages' CSP on), each move is announced in a
polite live region and the board's text follows it, watchers are not told to click, Tab leaves the board."""

from __future__ import annotations

import pytest

from tests.rooms.conftest import page_store

pytestmark = pytest.mark.browser
store_kind = page_store("postgres")  # one store for the page tests: tests/rooms/conftest.py


@pytest.fixture
def reader(chromium):
    """A page that keeps the room page's Content-Security-Policy (no bypass): what a pupil's browser runs."""
    contexts = []

    def make():
        context = chromium.new_context(viewport={"width": 700, "height": 900})
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def serious_violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("critical", "serious")
    ]


def wait_connected(page, timeout_ms: int = 15_000) -> None:
    page.locator("body[data-connected='yes']").wait_for(state="attached", timeout=timeout_ms)


def room_state(page) -> dict:
    return page.evaluate("window.gamekitRoom.state")


def play(page, move: str, ply: int) -> None:
    """Click ``move`` on ``page`` once the page has the position of ``ply`` and its turn, then wait for the next ply."""
    for _ in range(100):
        s, me = room_state(page), page.evaluate("window.gamekitRoom.seat")
        if s["ply"] == ply and s["to_move"] == me and page.evaluate("window.gamekitRoom.connected"):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"ply {ply} never came to this page's turn")
    target = next(t for t in room_state(page)["targets"] if t[0] == move)
    box = page.locator("#board").bounding_box()
    page.mouse.click(box["x"] + target[1], box["y"] + target[2])
    for _ in range(100):
        if room_state(page)["ply"] > ply:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{move} was not played")


def test_axe_finds_nothing_serious_on_the_room_pages_with_their_csp(rooms, reader):
    home = reader()
    home.goto(rooms.url + "/")
    assert serious_violations(home) == []
    home.goto(rooms.url + "/groups")
    assert serious_violations(home) == []
    for game in ("dots", "connect"):
        link = rooms.create(game)["link"]  # the API's caller holds the first seat
        player, watcher = reader(), reader()
        for page in (player, watcher):
            page.goto(link if link.startswith("http") else rooms.url + link)
            wait_connected(page)
        assert player.evaluate("document.body.dataset.seat") == "1"
        assert watcher.evaluate("document.body.dataset.seat") == "watcher"
        for page in (player, watcher):
            assert serious_violations(page) == [], game
        assert "Click" not in watcher.inner_text("#keys")
        assert watcher.locator("label[for=link]").count() == 1


def test_each_move_is_announced_and_the_board_text_follows(rooms, reader):
    gold, coral = reader(), reader()
    gold.goto(rooms.url + "/")
    gold.select_option("#game", "dots")
    gold.select_option("#size", "3x3")
    gold.click("#create-button")
    gold.wait_for_url("**/r/**")
    wait_connected(gold)
    coral.goto(gold.url)
    wait_connected(coral)
    assert serious_violations(gold) == []  # the creator's page
    assert gold.get_attribute("#board", "aria-describedby") == "board-text"
    assert gold.get_attribute("#announce", "aria-live") == "polite"
    assert gold.get_attribute("#note", "aria-live") == "polite"
    assert "Dots and Boxes board" in gold.get_attribute("#board", "aria-label")
    moves = [("a1-b1", gold), ("a1-a2", coral), ("b1-b2", gold), ("a2-b2", coral)]  # coral's 4th side takes a1
    for ply, (move, page) in enumerate(moves):
        play(page, move, ply)
    for page in (gold, coral):
        page.wait_for_function("document.getElementById('announce').textContent.includes('a2-b2')")
    said = gold.locator("#announce").text_content()
    assert said.startswith("Coral drew a2-b2 and took a box."), said
    assert coral.locator("#announce").text_content().startswith("Coral (you) drew a2-b2 and took a box.")
    text = gold.locator("#board-text").text_content()
    assert "Coral owns 1 box: a1." in text and "4 lines drawn (of 24)" in text

    # keyboard: Tab into the board, arrows announce the line under the cursor, Tab leaves again
    gold.locator("#board").focus()
    gold.keyboard.press("ArrowRight")
    assert gold.locator("#announce").text_content().startswith("Cursor on line ")
    gold.keyboard.press("Tab")
    assert gold.evaluate("document.activeElement.id") != "board"
    gold.keyboard.press("Shift+Tab")
    assert gold.evaluate("document.activeElement.id") == "board"


def test_axe_finds_nothing_serious_on_the_group_pages(rooms, reader):
    teacher, pupil = reader(), reader()
    teacher.goto(rooms.url + "/groups")
    teacher.fill("#group-name", "Class 5B")
    teacher.click("#create-group-button")
    teacher.wait_for_selector("#created", state="visible")
    assert serious_violations(teacher) == []  # the links just made
    owner_link, join_link = teacher.input_value("#owner-link"), teacher.input_value("#join-link")
    teacher.goto(owner_link)
    teacher.wait_for_selector("#owner", state="visible")
    assert serious_violations(teacher) == []  # the teacher's page
    pupil.goto(join_link)
    pupil.wait_for_selector("#join-form", state="visible")
    assert serious_violations(pupil) == []  # the join page
    pupil.fill("#nickname", "Ana")
    pupil.click("#join-button")
    pupil.wait_for_selector("#member", state="visible")
    assert serious_violations(pupil) == []  # the pupil's group page
    # the teacher's page with a class dice tally (drawn under the page's own Content-Security-Policy)
    import json
    from gamekit.rooms.groups_client import send_progress

    group_id = join_link.rsplit("/", 1)[-1]
    key = pupil.evaluate(f"localStorage.getItem('gamekit-member:' + {json.dumps(group_id)})")
    send_progress(join_link, key, {"version": 1, "lessons": {}, "tally": {**{str(t): 1 for t in range(2, 13)}, "7": 4}})
    teacher.reload()
    teacher.wait_for_selector("#tally tr[data-total='7']")
    assert teacher.locator("#tally tr[data-total='7'] span.bar").evaluate("e => e.getBoundingClientRect().width") > 0
    assert serious_violations(teacher) == []
