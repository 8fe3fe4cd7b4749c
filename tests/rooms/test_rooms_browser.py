"""The room page in real Chromium: separate browser contexts are separate people (their own localStorage)."""

from __future__ import annotations

import pytest

from tests.rooms.conftest import page_store

from gamekit.rooms.client import RoomClient

pytestmark = pytest.mark.browser
store_kind = page_store("sqlite")  # one store for the page tests: tests/rooms/conftest.py


def js_state(page) -> dict:
    return page.evaluate("window.gamekitRoom.state")


def wait_js(page, condition: str, timeout_ms: int = 15_000) -> None:
    page.wait_for_function(
        f"(() => {{ const r = window.gamekitRoom; const s = r && r.state; return {condition}; }})()", timeout=timeout_ms
    )


def wait_ply(page, n: int) -> None:
    wait_js(page, f"!!s && s.ply === {n} && r.connected")


def click_move(page, move: str) -> None:
    target = next(t for t in js_state(page)["targets"] if t[0] == move)
    box = page.locator("#board").bounding_box()
    page.mouse.click(box["x"] + target[1], box["y"] + target[2])


def create_room(page, url: str, game: str = "dots", size: str = "4x4") -> str:
    page.goto(url + "/")
    page.select_option("#game", game)
    if game == "dots":
        page.select_option("#size", size)
    page.click("#create-button")
    page.wait_for_url("**/r/**")
    wait_js(page, "!!s && r.connected")
    return page.url


def join(page, link: str) -> None:
    page.goto(link)
    wait_js(page, "!!s && r.connected")


def two_people(person, url: str, size: str = "3x3") -> tuple:
    """Gold creates a Dots room on the page, coral opens the link; both are connected."""
    gold, coral = person(), person()
    link = create_room(gold, url, size=size)
    join(coral, link)
    wait_js(gold, "s.seats[1].connected")
    return gold, coral, link


def play_pair(pages: list, n_moves: int | None = None, keyboard_at: tuple[int, ...] = ()) -> None:
    """Both people play their turns (first listed legal move) for n_moves moves or to the end."""
    played = 0
    boxes = [page.locator("#board").bounding_box() for page in pages]
    while n_moves is None or played < n_moves:
        s = js_state(pages[0])
        if s["over"]:
            return
        ply, mover = s["ply"], s["to_move"]
        wait_ply(pages[mover], ply)
        if played in keyboard_at:
            pages[mover].locator("#board").focus()
            for key in ("ArrowRight", "ArrowDown", "Enter"):
                pages[mover].keyboard.press(key)
        else:  # every reader gets the same targets: click the first
            _, x, y = s["targets"][0]
            pages[mover].mouse.click(boxes[mover]["x"] + x, boxes[mover]["y"] + y)
        for page in pages:
            wait_ply(page, ply + 1)
        played += 1


def test_a_whole_dots_game_reload_watcher(rooms, person):
    gold, coral, third = person(), person(), person()
    link = create_room(gold, rooms.url)
    assert "Waiting for a friend" in gold.inner_text("#status")
    assert gold.locator("#link").input_value() == link
    join(coral, link)
    assert coral.evaluate("window.gamekitRoom.seat") == 1
    assert "Coral (you)" in coral.inner_text("#card-1")
    wait_js(gold, "s.seats[1].connected")
    assert "Your move (Gold)" in gold.inner_text("#status")
    play_pair([gold, coral], 8, keyboard_at=(1, 4))
    # a reload mid-game gets the same seat back (the token is in this browser's localStorage)
    coral.reload()
    wait_ply(coral, 8)
    assert coral.evaluate("window.gamekitRoom.seat") == 1
    # a third person can only watch
    join(third, link)
    assert "Room full" in third.inner_text("#banner")
    assert third.evaluate("window.gamekitRoom.seat") is None
    assert not third.locator("#buttons").is_visible()
    click_move(third, js_state(third)["targets"][0][0])
    third.wait_for_timeout(300)
    assert js_state(gold)["ply"] == 8
    play_pair([gold, coral])
    final = js_state(gold)
    assert final["over"] and sum(int(s["score"]) for s in final["seats"]) == 16
    gold_boxes, coral_boxes = (int(s["score"]) for s in final["seats"])
    assert f"{gold_boxes}–{coral_boxes}" in gold.inner_text("#status")
    assert (
        "Gold wins" if gold_boxes > coral_boxes else "Coral wins" if coral_boxes > gold_boxes else "A draw"
    ) in gold.inner_text("#status")
    wait_js(third, "s.over")
    # the page painted the server's scene: an owned box shows its owner's colour
    op = next(op for op in final["scene"] if op[0] == "rect" and op[5] in ("#d4a017", "#ff7f6a"))
    rgb = third.evaluate(
        """([x, y]) => { const c = document.getElementById('board');
        const k = c.width / c.getBoundingClientRect().width;
        const d = c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data;
        return Array.from(d).slice(0, 3); }""",
        [op[1] + 2, op[2] + 2],
    )
    expected = tuple(int(op[5][i : i + 2], 16) for i in (1, 3, 5))
    assert tuple(rgb) == expected
    assert not gold.errors and not coral.errors and not third.errors


def test_a_whole_five_in_a_row_game(rooms, person):
    red, yellow = person(), person(touch=True)
    link = create_room(red, rooms.url, game="five")
    join(yellow, link)
    assert [c.split()[0] for c in (red.inner_text("#card-0"), red.inner_text("#card-1"))] == ["Red", "Red"][:1] + [
        "Yellow"
    ]
    for i in range(4):
        wait_ply(red, 2 * i)
        click_move(red, "1")
        wait_ply(yellow, 2 * i + 1)
        target = next(t for t in js_state(yellow)["targets"] if t[0] == "2")
        box = yellow.locator("#board").bounding_box()
        yellow.touchscreen.tap(box["x"] + target[1], box["y"] + target[2])  # a tap plays like a click
    wait_ply(red, 8)
    click_move(red, "1")
    wait_js(yellow, "s.over")
    assert "Red wins" in yellow.inner_text("#status")
    assert js_state(yellow)["history"] == ["1", "2"] * 4 + ["1"]


def pixel(page, x: float, y: float) -> list[int]:
    """The colour (r, g, b) the board canvas shows at (x, y) CSS pixels."""
    return page.evaluate(
        """([x, y]) => { const c = document.getElementById('board');
        const s = c.width / c.getBoundingClientRect().width;
        const d = c.getContext('2d').getImageData(Math.round(x * s), Math.round(y * s), 1, 1).data;
        return Array.from(d).slice(0, 3); }""",
        [x, y],
    )


def ghost(page) -> str:
    return page.evaluate("document.getElementById('board').dataset.ghost || ''")


def point_at(page, x: float, y: float) -> None:
    box = page.locator("#board").bounding_box()
    page.mouse.move(box["x"] + x, box["y"] + y)


def test_five_in_a_row_ghost_disc_on_your_turn_only(rooms, person):
    red, yellow = person(), person()
    link = create_room(red, rooms.url, game="five")
    join(yellow, link)
    wait_js(red, "s.seats[1].connected")
    column4 = next(b for b in js_state(red)["hover"] if b[0] == "4")
    middle = ((column4[1] + column4[3]) / 2, column4[4] / 2)
    _, lx, ly, _, _ = column4[5][1]  # where red's disc would land: the bottom cell
    hole = pixel(red, lx, ly)
    # red's turn: pointing at column 4 shows a translucent red disc where it would land
    point_at(red, *middle)
    red.wait_for_function("document.getElementById('board').dataset.ghost === '4'")
    shown, alpha = pixel(red, lx, ly), 0x66 / 255
    expected = [alpha * c + (1 - alpha) * h for c, h in zip((0xD6, 0x28, 0x28), hole)]
    assert all(abs(a - b) <= 4 for a, b in zip(shown, expected)), (shown, expected)
    # leaving the board takes it away
    point_at(red, -30, -30)
    red.wait_for_function("!document.getElementById('board').dataset.ghost")
    assert pixel(red, lx, ly) == hole
    # not yellow's turn: no ghost for yellow
    point_at(yellow, *middle)
    assert ghost(yellow) == "" and pixel(yellow, lx, ly) == hole
    # red drops in column 4; red's ghost goes (yellow's turn) while yellow's appears above red's disc
    point_at(red, *middle)
    red.wait_for_function("document.getElementById('board').dataset.ghost === '4'")
    red.mouse.down()
    red.mouse.up()
    wait_ply(red, 1)
    assert ghost(red) == ""
    wait_ply(yellow, 1)
    yellow.wait_for_function("document.getElementById('board').dataset.ghost === '4'")
    _, yx, yy, _, _ = next(b for b in js_state(yellow)["hover"] if b[0] == "4")[5][1]
    assert yy < ly and pixel(yellow, yx, yy)[2] < pixel(yellow, yx, yy)[1]  # yellowish: more green than blue
    assert pixel(red, yx, yy) == hole  # nothing there on red's page
    # a full column shows no ghost, nor does a side column of the cardboard
    for i in range(6):
        page = (yellow, red)[i % 2]
        wait_ply(page, 1 + i)
        click_move(page, "1")
    wait_ply(yellow, 7)
    column2 = next(t for t in js_state(yellow)["targets"] if t[0] == "2")  # a point of column 2 …
    assert "1" not in [b[0] for b in js_state(yellow)["hover"]]
    assert js_state(yellow)["to_move"] == 1 and ghost(yellow) == ""  # … while the pointer is on full 1
    cell = column4[3] - column4[1]
    point_at(yellow, column4[1] - 3.5 * cell, middle[1])  # the left side column
    assert ghost(yellow) == ""
    point_at(yellow, column2[1], middle[1])
    yellow.wait_for_function("document.getElementById('board').dataset.ghost === '2'")
    assert not red.errors and not yellow.errors


def test_a_second_tab_replaces_the_first(rooms, person, chromium):
    gold, coral, link = two_people(person, rooms.url)
    tab2 = gold.context.new_page()
    join(tab2, link)
    assert tab2.evaluate("window.gamekitRoom.seat") == 0
    gold.wait_for_function("document.body.dataset.stopped === 'yes'")
    assert "another tab" in gold.inner_text("#banner")
    assert gold.locator("#new").is_disabled()
    click_move(tab2, js_state(tab2)["targets"][0][0])
    wait_ply(coral, 1)


def test_new_game_agreement_cancelled_by_a_move_and_undo_acceptance(rooms, person):
    gold, coral, link = two_people(person, rooms.url)
    play_pair([gold, coral], 1)  # coral to move
    gold.click("#new")
    coral.wait_for_selector("#request", state="visible")
    assert "asks for a new game" in coral.inner_text("#request")
    play_pair([gold, coral], 1)  # coral plays: the request is cancelled
    coral.wait_for_selector("#request", state="hidden")
    wait_js(gold, "s.request === null && s.note.includes('cancelled')")
    # agreed new game: empty board, same board and colours
    coral.click("#new")
    gold.wait_for_selector("#request", state="visible")
    gold.click("#accept")
    wait_ply(coral, 0)
    assert js_state(coral)["options"] == {"width": 3, "height": 3}
    assert coral.evaluate("window.gamekitRoom.seat") == 1
    # undo needs the other's acceptance
    play_pair([gold, coral], 1)
    gold.click("#undo")
    coral.wait_for_selector("#request", state="visible")
    assert js_state(gold)["ply"] == 1
    coral.click("#accept")
    wait_ply(gold, 0)


def test_pages_reconnect_after_a_dropped_socket_and_a_killed_server(fresh_rooms, person):
    gold, coral, link = two_people(person, fresh_rooms.url)
    play_pair([gold, coral], 3)
    coral.evaluate("window.gamekitRoom.drop()")  # the network drops: the page reconnects itself
    wait_js(coral, "r.connected && s.ply === 3")
    fresh_rooms.kill()  # SIGKILL mid-game
    wait_js(gold, "!r.connected")
    fresh_rooms.start()
    for page in (gold, coral):
        wait_js(page, "r.connected && s.ply === 3 && s.seats[0].connected && s.seats[1].connected", 20_000)
    assert gold.evaluate("window.gamekitRoom.seat") == 0 and coral.evaluate("window.gamekitRoom.seat") == 1
    history = js_state(gold)["history"]
    play_pair([gold, coral], 2)
    assert js_state(coral)["history"][:3] == history


def test_a_notebook_plays_a_page_and_the_reverse(rooms, person, connect):
    from gamekit.rooms import client

    gold = person()
    link = create_room(gold, rooms.url, size="3x3")  # made on the page …
    notebook = connect(link)  # … joined from a notebook
    assert notebook.seat == 1
    wait_js(gold, "s.seats[1].connected")
    click_move(gold, "a1-b1")
    notebook.wait(lambda s: s["ply"] == 1)
    assert notebook.play("a2-b2") == "a2-b2"
    wait_ply(gold, 2)
    made = client.create_room(rooms.url, "connect", board="five")  # made in a notebook …
    try:
        yellow = person()
        join(yellow, made.link)  # … joined on the page
        assert yellow.evaluate("window.gamekitRoom.seat") == 1
        made.play("4")
        wait_ply(yellow, 1)
        click_move(yellow, "4")
        made.wait(lambda s: s["history"] == ["4", "4"])
    finally:
        made.close()


def test_pages_apply_deltas_and_ask_again_after_a_lost_one(rooms, person):
    """Two players and a watcher on pages; the watcher's connection loses the third delta (a routed WebSocket
    that drops it).  Each page holds exactly what a client sent whole states holds — the watcher page too,
    after asking for the whole state once — and drew its board from it."""
    gold, coral, link = two_people(person, rooms.url)
    watcher = person()
    passed = {"deltas": 0}

    def route(ws):
        server = ws.connect_to_server()  # the page's own messages go on to the server as they are

        def from_server(message):
            if isinstance(message, str) and message.startswith('{"type":"delta"'):
                passed["deltas"] += 1
                if passed["deltas"] == 3:
                    return  # lost on the way
            ws.send(message)

        server.on_message(from_server)

    watcher.route_web_socket("**/ws/**", route)
    join(watcher, link)
    reference = RoomClient(link, deltas=False)  # a watcher sent whole states
    try:
        play_pair([gold, coral], 6)
        v = reference.wait(lambda s: s["ply"] == 6)["v"]
        wait_js(watcher, f"!!s && s.v === {v}")
        assert watcher.evaluate("window.gamekitRoom.resyncs") == 1
        assert watcher.evaluate("window.gamekitRoom.deltas") >= 4
        assert js_state(watcher) == reference.state
        for page, seat in ((gold, 0), (coral, 1)):
            wait_js(page, f"!!s && s.v === {v}")
            state = js_state(page)
            assert page.evaluate("window.gamekitRoom.resyncs") == 0 and page.evaluate("window.gamekitRoom.deltas") >= 6
            assert {k: x for k, x in state.items() if k not in ("you", "status", "waiting")} == {
                k: x for k, x in reference.state.items() if k not in ("you", "status", "waiting")
            }
            assert state["you"] == seat and page.inner_text("#status") == state["status"]
        assert watcher.inner_text("#board-text") == reference.state["description"]
        assert not gold.errors and not coral.errors and not watcher.errors
    finally:
        reference.close()
