"""The review of a finished room game (gamekit/rooms/review.py) on a real server: every move's verdict, the
picture of each step, refusals, and the server answering moves and pages while a review is computed."""

import json
import threading
import urllib.error
import urllib.request

from gamekit.dots.rules import DotsAndBoxes
from gamekit.puzzles import VERDICTS, review
from gamekit.core.scene import REVIEW_COLOURS


def get_json(rooms, path):
    try:
        with urllib.request.urlopen(rooms.url + path, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def room_path(info):
    return "/r/" + info["room"]


def play_dots_to_the_end(creator, guest, moves):
    clients = {0: creator, 1: guest}
    for ply, move in enumerate(moves):  # the creator's copy must have the last move before it says who moves
        state = creator.wait(lambda s, ply=ply: s["ply"] == ply)
        clients[state["to_move"]].play(move)
    return creator.wait(lambda s: s["over"])


def a_dots_game(seed=3):
    import random

    rng, g = random.Random(seed), DotsAndBoxes(2, 2, first=0, alternate_start=False)
    while not g.is_over():
        g.play(rng.choice(g.legal_moves()))
    return g


def test_the_review_of_a_finished_game_gives_every_move_its_verdict(pair, rooms):
    info, creator, guest = pair("dots", width=2, height=2)
    game = a_dots_game()
    play_dots_to_the_end(creator, guest, game.history)
    status, data = get_json(rooms, room_path(info) + "/review")
    assert status == 200, data
    assert [m["move"] for m in data["moves"]] == game.history and data["steps"] == len(game.history) + 1
    local = review(game, time_limit=2.0)
    for m, j in zip(data["moves"], local):
        assert m["verdict"] in VERDICTS and m["seat"] == j.seat
        if m["verdict"] != "unjudged" and j.verdict != "unjudged":
            assert (m["verdict"], m["loss"], sorted(m["best"])) == (j.verdict, j.loss, sorted(j.best))
        assert m["sentence"].startswith(("Gold ", "Coral "))
    assert data["seats"] == ["Gold", "Coral"]
    assert sum(sum(s.values()) for s in data["summary"]) == len(game.history)
    # both players get the same review (computed once)
    assert get_json(rooms, room_path(info) + "/review") == (200, data)
    # each step: the position after the move, the move in its verdict's colour
    k = len(game.history)
    status, shown = get_json(rooms, room_path(info) + f"/review/{k}")
    assert status == 200 and shown["step"] == k and shown["verdict"] == data["moves"][-1]["verdict"]
    colour = REVIEW_COLOURS[shown["verdict"]]
    assert any(item[0] == "line" and item[5] == colour for item in shown["scene"])
    assert shown["caption"].startswith(f"Move {k} of {k}: ")
    status, start = get_json(rooms, room_path(info) + "/review/0")
    assert status == 200 and start["verdict"] is None and start["caption"] == "The start of the game."
    assert not any(item[0] == "line" for item in start["scene"])  # nothing drawn yet
    status, error = get_json(rooms, room_path(info) + f"/review/{k + 1}")
    assert status == 404 and f"steps 0 to {k}" in error["message"]


def test_a_review_of_an_unfinished_game_or_no_room_is_refused(pair, rooms):
    info, creator, guest = pair("dots", width=2, height=2)
    creator.play("a1-b1")
    status, error = get_json(rooms, room_path(info) + "/review")
    assert status == 409 and error["type"] == "error" and "not finished (1 move played)" in error["message"]
    status, error = get_json(rooms, room_path(info) + "/review/0")
    assert status == 409 and "not finished" in error["message"]
    status, error = get_json(rooms, "/r/NoSuchRoom12345/review")
    assert status == 404 and "does not exist" in error["message"]
    status, _ = rooms.get("/r/NoSuchRoom12345/review/x")
    assert status == 404
    assert creator.wait(lambda s: s["ply"] == 1)["ply"] == 1  # nothing changed in the room


def test_a_step_before_the_review_was_asked_for_is_refused(pair, rooms):
    info, red, yellow = pair("connect", board="four")
    for _ in range(3):
        red.play("1")
        yellow.play("2")
    red.play("1")
    red.wait(lambda s: s["over"])
    status, error = get_json(rooms, room_path(info) + "/review/1")
    assert status == 409 and "Ask for the review first" in error["message"]
    status, data = get_json(rooms, room_path(info) + "/review")
    assert status == 200 and data["moves"][-1]["verdict"] in ("best", "unjudged")  # the winning drop (if in reach)
    assert "column 1" in data["moves"][-1]["sentence"]


def test_a_resigned_game_is_reviewed_too(pair, rooms):
    info, creator, guest = pair("dots", width=2, height=2)
    creator.play("a1-b1")
    guest.play("a2-b2")
    creator.resign()
    creator.wait(lambda s: s["over"])
    status, data = get_json(rooms, room_path(info) + "/review")
    assert status == 200 and [m["move"] for m in data["moves"]] == ["a1-b1", "a2-b2"]


def test_the_server_answers_while_a_review_is_computed(pair, rooms, connect):
    # a 5 en raya game of 21 drops: its early positions are beyond the solver, each costs the review its
    # time per position, so the review takes a while; meanwhile another room plays and pages load
    info, red, yellow = pair("connect", board="five")
    moves = "7 4 7 4 1 3 5 4 4 7 7 3 4 3 5 2 5 2 3 2 7 1".split()  # random drops that end the game
    for i, col in enumerate(moves):
        (red if i % 2 == 0 else yellow).play(col)
    red.wait(lambda s: s["over"])
    answer = {}
    worker = threading.Thread(target=lambda: answer.update(result=get_json(rooms, room_path(info) + "/review")))
    worker.start()
    other, a, b = pair("dots", width=2, height=2)
    a.play("a1-b1")
    b.play("a2-b2")
    served = [rooms.get("/")[0] for _ in range(3)]
    still_reviewing = worker.is_alive()
    worker.join(120)
    assert served == [200, 200, 200]
    assert still_reviewing, "the other room's moves and the pages came while the review was being computed"
    status, data = answer["result"]
    assert status == 200 and len(data["moves"]) == len(red.state["history"])


def test_a_reviewed_room_game_in_a_notebook_keeps_this_seat_s_mistakes(rooms):
    from gamekit import progress
    from gamekit.puzzles.personal import personal_puzzles
    from gamekit.rooms.client import create_room, join
    from gamekit.rooms.widget import RoomWidget

    board = RoomWidget(create_room(rooms.url, "dots", width=3, height=3))
    friend = RoomWidget(join(board.client.link))
    board.client.wait(lambda s: s["seats"][1]["connected"])
    import pytest

    with pytest.raises(ValueError, match="finished game"):
        board.review()
    assert board.review_button.disabled and board.review_view is None
    game = DotsAndBoxes(3, 3, first=0, alternate_start=False)
    from gamekit.dots import cpu_player

    players = [cpu_player("easy", 6), cpu_player("hard", 5)]  # gold (this notebook) loses 2 boxes in a move
    while not game.is_over():
        move = players[game.to_move].choose(game)
        (board if game.to_move == 0 else friend).client.play(move)
        game.play(move)
    board.client.wait(lambda s: s["over"])
    js = board.review()
    assert [j.move for j in js] == game.history and board.review_view.steps == len(js) + 1
    assert not board.review_button.disabled and board.review_box.children == (board.review_view,)
    board.review_view.goto(len(js))
    assert board.review_view.last_caption.startswith(f"Move {len(js)} of {len(js)}")
    saved = personal_puzzles("dots_and_boxes")
    assert [p.id for p in saved] == [p.id for p in board.personal_saved]
    assert all(p.position.to_move == 0 for p in saved)  # gold's own mistakes only
    mistakes = [j for j in js if j.seat == 0 and j.verdict == "mistake"]
    assert mistakes and saved, "the easy player's mistakes give personal puzzles"
    board.review()  # a second look keeps no second copy
    assert len(progress.personal("dots_and_boxes")) == len(saved)
    board.client.close(), friend.client.close()
