"""The create page's and the group settings page's game menus come from the catalog (``GET /api/games``): the
endpoint lists every game a room can host, each entry's room and options create a room, and a fourth game
registered in the catalog (tests/tictactoe, told to the server by ``GAMEKIT_GAMES``) appears on both pages in
real Chromium with no other edit — chosen there, it makes a tic-tac-toe room and a tic-tac-toe group."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
SHIPPED = [
    ("dots", "dots_and_boxes", "dots"),
    ("five", "five_in_a_row", "connect"),
    ("four", "connect_four", "connect"),
]


@pytest.fixture
def ttt_env(monkeypatch):
    monkeypatch.setenv("GAMEKIT_GAMES", "tictactoe")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")])))


@pytest.fixture
def ttt_rooms(ttt_env, fresh_rooms):
    """A real room server started in an environment that names tic-tac-toe in GAMEKIT_GAMES."""
    return fresh_rooms


def menu(server) -> list[dict]:
    with urllib.request.urlopen(server.url + "/api/games", timeout=10) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("application/json")
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        return json.loads(response.read())["games"]


def test_the_endpoint_lists_the_shipped_games_in_catalog_order_and_each_entry_creates_its_room(rooms):
    games = menu(rooms)
    assert [(g["value"], g["id"], g["room"]) for g in games] == SHIPPED
    dots, five, four = games
    assert dots["title"] == "Dots and Boxes" and dots["settings"] == ["width", "height", "alternate"]
    assert dots["options"] == {"width": 5, "height": 4}  # no "first": a page-made room starts as Dots does
    assert five["options"] == {"board": "five", "popout": False} and five["settings"] == ["popout"]
    assert "dots" in dots["names"] and "dots_and_boxes" in dots["names"] and "four" in four["names"]
    for game in games:  # what the page sends is what the create API accepts
        status, data = rooms.post({"game": game["room"], "options": game["options"], "timer": 0})
        assert status == 201, (game, data)
    assert all(g["value"] != "shut_the_box" for g in games)  # a game a room cannot host is not offered


def test_the_endpoint_answers_only_get(rooms):
    request = urllib.request.Request(rooms.url + "/api/games", data=b"{}", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 405
    status, _ = rooms.get("/api/games/dots")
    assert status == 404


def test_a_fourth_game_in_the_catalog_is_on_the_menu(ttt_rooms):
    games = menu(ttt_rooms)
    assert [g["value"] for g in games] == ["dots", "five", "four", "tictactoe"]
    ttt = games[-1]
    assert ttt == {
        "value": "tictactoe",
        "id": "tictactoe",
        "names": ["tictactoe"],
        "title": "Tic-tac-toe",
        "room": "tictactoe",
        "options": {},
        "settings": [],
    }


@pytest.mark.browser
def test_the_pages_list_a_fourth_game_and_make_its_room_and_group(ttt_rooms, person):
    page = person()
    page.goto(ttt_rooms.url + "/")
    game = page.get_by_label("Game")  # the menu keeps its label
    page.wait_for_selector("#game:enabled")
    assert game.locator("option").all_inner_texts() == [
        "Dots and Boxes",
        "5 en raya (9 × 6)",
        "Connect Four (7 × 6)",
        "Tic-tac-toe",
    ]
    assert page.is_visible("#size-row") and not page.is_visible("#popout-row")  # Dots first: its board size
    game.select_option(label="5 en raya (9 × 6)")
    assert page.is_visible("#popout-row") and not page.is_visible("#size-row")
    game.focus()  # by keyboard: the last entry, then Enter submits
    page.keyboard.press("End")
    assert game.input_value() == "tictactoe"
    assert not page.is_visible("#popout-row") and not page.is_visible("#size-row")  # it takes no options
    page.click("#create-button")
    page.wait_for_url("**/r/**")
    page.wait_for_function("(() => { const r = window.gamekitRoom; return !!(r && r.state && r.connected); })()")
    state = page.evaluate("window.gamekitRoom.state")
    assert state["game"] == "tictactoe" and len(state["targets"]) == 9
    assert page.errors == []

    teacher = person()
    teacher.goto(ttt_rooms.url + "/groups")
    teacher.fill("#group-name", "Class 2A")
    teacher.click("#create-group-button")
    teacher.wait_for_selector("#created", state="visible")
    teacher.goto(teacher.input_value("#owner-link"))
    teacher.wait_for_selector("#owner", state="visible")
    settings_game = teacher.locator("#s-game")
    assert settings_game.evaluate("e => e.labels[0].textContent.trim().startsWith('Game')")  # still labelled
    assert settings_game.locator("option").all_inner_texts()[-1] == "Tic-tac-toe"
    assert settings_game.input_value() == "dots" and teacher.is_visible("#dots-settings")  # the default
    settings_game.select_option("tictactoe")
    assert not teacher.is_visible("#dots-settings") and not teacher.is_visible("#popout-row")
    teacher.click("#save-settings")
    teacher.wait_for_function("document.getElementById('settings-note').textContent.includes('Saved')")
    assert "Tic-tac-toe" in teacher.inner_text("#settings-text")
    teacher.reload()  # the stored setting is selected again
    teacher.wait_for_selector("#owner", state="visible")
    assert teacher.locator("#s-game").input_value() == "tictactoe"
    assert teacher.errors == []


def test_a_group_alternates_the_starter_only_of_a_game_whose_room_names_one(ttt_rooms, connect):
    """The alternate setting (on by default) flips the room spec's ``starter`` option; tic-tac-toe names none, so
    its next game keeps its options and X starts again (no Dots ``first`` forced on it)."""
    from gamekit.rooms.groups_client import create_group, join_group

    owner = create_group(ttt_rooms.url, "Class 2B")
    ana, ben = (join_group(owner.join_link, nick) for nick in ("Ana", "Ben"))
    assert owner.settings(game="tictactoe", rated=False)["alternate"] is True
    room = ana.new_room(rated=False)
    seat_b = ben.take_seat(room.link)
    try:
        a, b = connect(room.link, token=room.seat_token()), connect(seat_b.link, token=seat_b.seat_token())
        a.wait(lambda s: s["seats"][1]["connected"])
        for i, move in enumerate(["a1", "b1", "a2", "b2", "a3"]):
            state = a.wait(lambda s, i=i: s["ply"] == i)
            (a, b)[state["to_move"]].play(move)
        assert a.wait(lambda s: s["over"])["options"] == {}
        a.request_new_game()
        b.request_new_game()
        fresh = a.wait(lambda s: s["ply"] == 0 and not s["over"])
        assert fresh["options"] == {} and fresh["to_move"] == 0
    finally:
        room.close(), seat_b.close()
