"""A class in real Chromium: a teacher and three pupils, each in a browser context of their own.

The teacher creates a group and sets a 4 × 4 board; three pupils join (bad nicknames refused); two rated games
are played through the pages (a 4 × 4 Dots draw 8–8, and a game found with "find me an opponent" ended by a
resignation); the group pages (pupil's and teacher's) mark both rooms finished with their result and offer
only to look at them, while a new room is offered as waiting and then shown as playing; the ladder shows the
draw counted half; a pupil's lesson progress (sent as the notebook client
sends it) reaches the teacher's class table and its CSV; a pupil cannot open the owner page or change
settings; forged links are refused.
"""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.rooms.conftest import page_store

from gamekit.rooms.groups_client import send_progress

pytestmark = pytest.mark.browser
store_kind = page_store("postgres")  # one store for the page tests: tests/rooms/conftest.py


def wait_room(page, condition: str, timeout_ms: int = 15_000) -> None:
    page.wait_for_function(
        f"(() => {{ const r = window.gamekitRoom; const s = r && r.state; return {condition}; }})()", timeout=timeout_ms
    )


def state(page) -> dict:
    return page.evaluate("window.gamekitRoom.state")


def click_move(page, move: str) -> None:
    target = next(t for t in state(page)["targets"] if t[0] == move)
    box = page.locator("#board").bounding_box()
    page.mouse.click(box["x"] + target[1], box["y"] + target[2])


def ladder_row(page, nickname: str) -> list[str]:
    page.wait_for_selector(f"#ladder tr[data-nickname='{nickname}']")
    return page.locator(f"#ladder tr[data-nickname='{nickname}'] td").all_inner_texts()


def join(page, link: str, nickname: str) -> None:
    page.goto(link)
    page.wait_for_selector("#join-form", state="visible")
    page.fill("#nickname", nickname)
    page.click("#join-button")
    page.wait_for_selector("#member", state="visible")
    assert page.inner_text("#me") == nickname


def test_a_class_with_rated_games_a_ladder_and_lesson_progress(rooms, person, drawn_dots_moves):
    teacher, ana, ben, cleo = person(), person(), person(), person()
    for page in (teacher, ana, ben, cleo):
        page.on("dialog", lambda dialog: dialog.accept())
    # the teacher creates the group and sets a 4 × 4 board
    teacher.goto(rooms.url + "/groups")
    teacher.fill("#group-name", "Class 5B <i>")
    teacher.click("#create-group-button")
    teacher.wait_for_selector("#created", state="visible")
    owner_link, join_link = teacher.input_value("#owner-link"), teacher.input_value("#join-link")
    code = teacher.inner_text("#code")
    teacher.goto(owner_link)
    teacher.wait_for_selector("#owner", state="visible")
    assert "#key=" not in teacher.url  # the key leaves the address bar
    assert teacher.inner_text("#group-name") == "Class 5B <i> — teacher's page"  # shown as text
    teacher.select_option("#s-width", "4")
    teacher.select_option("#s-height", "4")
    teacher.click("#save-settings")
    teacher.wait_for_function("document.getElementById('settings-note').textContent.includes('Saved')")
    assert "4 × 4 boxes" in teacher.inner_text("#settings-text")

    # pupils join; bad nicknames are refused with a clear message
    ana.goto(join_link)
    ana.wait_for_selector("#join-form", state="visible")
    for bad, words in (("<img src=x>", "only letters"), ("A", "2 to 20")):
        ana.fill("#nickname", bad)
        ana.click("#join-button")
        ana.wait_for_function(f"document.getElementById('error').textContent.includes({json.dumps(words)})")
        assert ana.locator("#member").is_hidden()
    join(ana, join_link, "Ana")
    ben.goto(rooms.url + "/join")  # Ben types the short code
    ben.fill("#code-input", code.lower())
    ben.click("#code-button")
    ben.wait_for_url("**/g/**")
    join(ben, ben.url, "Ben")
    cleo.goto(join_link)
    cleo.wait_for_selector("#join-form", state="visible")
    cleo.fill("#nickname", "ana")
    cleo.click("#join-button")
    cleo.wait_for_function("document.getElementById('error').textContent.includes('taken')")
    join(cleo, join_link, "Cleo")
    assert "4 × 4 boxes" in cleo.inner_text("#settings") and "120 days" in cleo.inner_text("#expiry")

    # rated game 1: Ana creates a rated room, Ben takes its seat from the group page; it ends 8–8
    ana.check("#rated")
    ana.click("#new-room")
    ana.wait_for_url("**/r/**")
    wait_room(ana, "!!s && r.connected")
    room_id = ana.url.rsplit("/", 1)[-1]
    ben.wait_for_selector(f"#rooms tr[data-room='{room_id}'] button", timeout=10_000)
    assert "Take the seat" in ben.inner_text(f"#rooms tr[data-room='{room_id}']")
    ben.click(f"#rooms tr[data-room='{room_id}'] button")
    ben.wait_for_url("**/r/**")
    wait_room(ben, "!!s && r.connected && r.seat === 1")
    wait_room(ana, "s.seats[1].connected")
    assert "Gold · Ana" in ben.inner_text("#card-0") and "Coral · Ben (you)" in ben.inner_text("#card-1")
    assert "rated game" in ana.inner_text("#board-name") and ben.locator("#group-link").is_visible()
    pages = [ana, ben]
    for i, move in enumerate(drawn_dots_moves):
        wait_room(ana, f"s.ply === {i}")
        mover = pages[state(ana)["to_move"]]
        wait_room(mover, f"s.ply === {i}")
        click_move(mover, move)
    wait_room(ben, "s.over")
    assert [s["score"] for s in state(ben)["seats"]] == ["8", "8"] and "draw" in ben.inner_text("#status")
    wait_room(ana, "s.over && s.note.includes('Rated game recorded')")

    # rated game 2: Ben and Cleo ask for an opponent and are paired; Cleo resigns
    for page in (ben, cleo):
        page.goto(join_link)
        page.wait_for_selector("#member", state="visible")
    ben.click("#find")
    ben.wait_for_function("document.getElementById('find-status').textContent.includes('Waiting')")
    cleo.click("#find")
    for page in (ben, cleo):
        page.wait_for_url("**/r/**")
        wait_room(page, "!!s && r.connected && s.seats[0].connected && s.seats[1].connected")
    assert ben.url == cleo.url
    cleo.click("#resign")
    wait_room(ben, "s.over")

    # the group page marks both rooms finished with their result, and offers to look, not to join or play
    room2 = ben.url.rsplit("/", 1)[-1]
    ana.goto(join_link)
    for room, result in ((room_id, "Finished: A draw 8–8."), (room2, "Finished: Cleo resigned: Ben won.")):
        row = ana.locator(f"#rooms tr[data-room='{room}']")
        row.wait_for()
        assert row.get_attribute("data-state") == "finished" and result in row.inner_text()
        assert row.locator("button").inner_text() == "See the board"
    # a room still waiting for its second player is offered to the others; once taken it is "playing"
    cleo.goto(join_link)
    cleo.wait_for_selector("#member", state="visible")
    cleo.click("#new-room")
    cleo.wait_for_url("**/r/**")
    room3 = cleo.url.rsplit("/", 1)[-1]
    ana.reload()
    row = ana.locator(f"#rooms tr[data-room='{room3}']")
    row.wait_for()
    assert "Waiting for a second player" in row.inner_text() and row.locator("button").inner_text() == "Take the seat"
    row.locator("button").click()
    ana.wait_for_url("**/r/**")
    wait_room(ana, "!!s && r.connected && r.seat === 1")
    ben.goto(join_link)
    row = ben.locator(f"#rooms tr[data-room='{room3}']")
    row.wait_for()
    assert "Playing (move 0)" in row.inner_text() and row.locator("button").inner_text() == "Watch"
    # the teacher sees the same list
    teacher.reload()
    teacher.wait_for_selector(f"#rooms tr[data-room='{room_id}'][data-state='finished']")
    assert "A draw 8–8." in teacher.inner_text(f"#rooms tr[data-room='{room_id}']")
    assert teacher.get_attribute(f"#rooms tr[data-room='{room3}']", "data-state") == "playing"

    # the ladder: the draw counted half a win (rating unchanged between equals), the resignation a loss
    ana.goto(join_link)
    row = ladder_row(ana, "Ana")
    assert row[1:] == ["Ana", "1200", "1", "0", "1", "0", "0.5"]
    row = ladder_row(ana, "Ben")
    assert row[3:] == ["2", "1", "1", "0", "1.5"] and int(row[2]) > 1200
    assert ladder_row(ana, "Cleo")[3:] == ["1", "0", "0", "1", "0"]
    assert "2 rated games so far." in ana.inner_text("#rated-games")
    chart = ana.get_attribute("#chart", "src")
    assert (
        chart.startswith("data:image/svg+xml") and ana.evaluate("document.getElementById('chart').naturalWidth") > 100
    )

    # a pupil's lesson progress (sent as the notebook client sends it) reaches the teacher's class table
    ana_key = ana.evaluate(f"localStorage.getItem('gamekit-member:' + {json.dumps(join_link.rsplit('/', 1)[-1])})")
    send_progress(
        join_link,
        ana_key,
        {
            "version": 1,
            "lessons": {
                "Lesson 1 — rules and terms": {
                    "e1": {"attempts": 1, "solved": True, "first_try": True, "shown": False},
                    "e2": {"attempts": 2, "solved": False, "first_try": False, "shown": True},
                }
            },
            "puzzles": {"dots_and_boxes": {"double_deal": {"tried": 4, "right": 3}}},
        },
    )
    teacher.reload()
    teacher.wait_for_selector("#class-table tr[data-nickname='Ana'] td[data-lesson]")
    assert teacher.inner_text("#class-table tr[data-nickname='Ana'] td[data-lesson]") == "2 / 1"
    # … and the puzzle accuracy per theme (right at the first answer / tried), a column per game and theme
    assert "Puzzles: Dots and Boxes — double-deal" in teacher.inner_text("#class-table tr:first-child")
    assert teacher.inner_text("#class-table tr[data-nickname='Ana'] td[data-puzzles]") == "3 / 4 (75 %)"
    assert teacher.inner_text("#class-table tr[data-nickname='Cleo'] td[data-puzzles]") == "–"
    assert "–" in teacher.inner_text("#class-table tr[data-nickname='Cleo']")
    with teacher.expect_download() as download:
        teacher.click("#export")
    rows = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
    assert ["Ana", "Lesson 1 — rules and terms", "2", "1"] == rows[1][:4]
    assert ana_key not in open(download.value.path(), encoding="utf-8").read()

    # a pupil cannot open the owner page, nor change settings with their own key; forged links are refused
    group_id = join_link.rsplit("/", 1)[-1]
    for url in (join_link + "/owner", join_link + "/owner#key=" + "F" * 43):
        cleo.goto(url)
        cleo.wait_for_function("document.getElementById('error').textContent.includes('owner link')")
        assert cleo.locator("#owner").is_hidden()
    status = cleo.evaluate(
        """async ([gid, key]) => (await fetch('/api/groups/' + gid + '/settings', {method: 'POST',
        body: JSON.stringify({key, settings: {width: 3}})})).status""",
        [group_id, cleo.evaluate(f"localStorage.getItem('gamekit-member:{group_id}')")],
    )
    assert status == 403
    teacher.reload()
    teacher.wait_for_selector("#owner", state="visible")
    assert teacher.input_value("#s-width") == "4"
    cleo.goto(rooms.url + "/g/ForgedGroup12345")
    assert "does not exist" in cleo.inner_text("h1")
    cleo.goto(rooms.url + "/join")
    cleo.fill("#code-input", "ZZZ-ZZZ")
    cleo.click("#code-button")
    cleo.wait_for_function("document.getElementById('error').textContent.includes('No group has the code')")

    # no page of another person shows a key; no page error anywhere
    for page in (teacher, ana, ben, cleo):
        assert ana_key not in page.content()
    assert not any(page.errors for page in (teacher, ana, ben, cleo))


def test_the_teacher_sees_the_class_dice_tally(rooms, person):
    """Shut the Box lesson 3: pupils' shared dice tallies reach the teacher's page as a table (a header cell
    per total, the rolls, each total's share with a decorative bar, the count the 36 outcomes predict)."""
    from gamekit.rooms.groups_client import create_group, join_group

    owner = create_group(rooms.url, "Class 3D")
    ana, ben = (join_group(owner.join_link, nick, remember=False) for nick in ("Ana", "Ben"))
    teacher = person()
    teacher.goto(owner.owner_link)
    teacher.wait_for_selector("#owner", state="visible")
    assert "No pupil has shared a dice tally yet" in teacher.inner_text("#tally-text")
    assert teacher.locator("#tally").is_hidden()
    counts = {str(t): 0 for t in range(2, 13)}
    ana.send_progress({"version": 1, "lessons": {}, "tally": {**counts, "7": 5, "2": 1}})
    ben.send_progress({"version": 1, "lessons": {}, "tally": {**counts, "7": 1, "12": 2, "8": 3}})
    teacher.reload()
    teacher.wait_for_selector("#tally tr[data-total='7']")
    assert teacher.inner_text("#tally-text").startswith("The class: 12 rolls from 2 pupils.")
    rows = {t: teacher.locator(f"#tally tr[data-total='{t}'] > *").all_inner_texts() for t in range(2, 13)}
    assert [r[0] for r in rows.values()] == [str(t) for t in range(2, 13)]  # one row per total, in order
    assert rows[7][1] == "6" and rows[7][2].strip() == "50 %" and rows[7][3] == "about 2.0 (6 of 36)"
    assert rows[12][1] == "2" and rows[3][1] == "0" and rows[3][2].strip() == "0 %"
    assert teacher.locator("#tally tr[data-total='7'] th").get_attribute("scope") == "row"
    assert teacher.locator("#tally .track").first.get_attribute("aria-hidden") == "true"  # the bar is decoration
    widths = {
        t: teacher.locator(f"#tally tr[data-total='{t}'] span.bar").evaluate("e => e.getBoundingClientRect().width")
        for t in (7, 8, 3)
    }
    assert widths[7] > widths[8] > widths[3] == 0
    assert teacher.errors == []
