"""Deltas (gamekit.rooms.delta): after the first state a client that asked for them gets only what changed.

A client applying the deltas must hold exactly the state a client given whole states holds, after every move,
undo, new game, resignation and request of random games; a delta that does not follow the state held (a
missed version) makes the client ask for the whole state (``sync``) and go on from it.
"""

from __future__ import annotations

import json
import threading

import pytest
import websocket
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gamekit.rooms.client import RoomClient, RoomRefusal
from gamekit.rooms.delta import ALWAYS, READER, apply_delta, apply_patch, list_patch, state_delta


# ----- the pure functions --------------------------------------------------------------------------------------
items = st.one_of(st.integers(0, 5), st.tuples(st.sampled_from(["line", "rect"]), st.integers(0, 3)))


@st.composite
def edited(draw):
    """A list and the same list after a few random insertions, deletions and replacements (a move's change)."""
    before = draw(st.lists(items, max_size=40))
    after = list(before)
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        at = draw(st.integers(0, len(after)))
        if kind == "insert":
            after.insert(at, draw(items))
        elif after and at < len(after):
            if kind == "delete":
                del after[at]
            else:
                after[at] = draw(items)
    return before, after


@given(edited(), st.integers(1, 8))
def test_list_patch_turns_the_old_list_into_the_new_one(lists, window):
    before, after = lists
    copy = list(before)
    ops = list_patch(before, after, window=window)
    assert apply_patch(before, ops) == after
    assert before == copy  # nothing changed in place
    assert (ops == []) == (before == after)
    # a few edits give splices of a few items, not the rest of the list
    if window == 8 and len(after) > 30 and sum(1 for a, b in zip(before, after) if a != b) == 0:
        assert sum(len(inserted) for _, _, inserted in ops) <= len(after) - len(before) + 8


@given(st.lists(items, max_size=30), st.lists(items, max_size=30))
def test_list_patch_of_unrelated_lists(before, after):
    assert apply_patch(before, list_patch(before, after)) == after


fields = st.dictionaries(
    st.sampled_from(["ply", "to_move", "over", "note", "seats", "new_field"]),
    st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=3)),
)


@given(fields, fields, edited(), edited(), st.one_of(st.none(), st.floats(0, 60)), st.integers(0, 10**6))
def test_a_delta_applied_gives_the_new_state(common_before, common_after, scene, history, clock, version):
    before = {**common_before, "scene": scene[0], "history": history[0], "turn_seconds_left": 12.0}
    after = {**common_after, "scene": scene[1], "history": history[1], "turn_seconds_left": clock}
    for key in before.keys() - after.keys() - {"scene", "history"}:
        after[key] = before[key]  # a room's state never loses a field
    delta = {
        "type": "delta",
        "v": version + 1,
        **state_delta(before, after),
        "you": None,
        "status": "s",
        "waiting": None,
    }
    json.loads(json.dumps(delta))  # plain JSON
    held = {**before, "v": version, "you": None, "status": "old", "waiting": None}
    frozen = json.dumps(held, sort_keys=True)
    assert apply_delta(held, delta) == {**after, "v": version + 1, "you": None, "status": "s", "waiting": None}
    assert json.dumps(held, sort_keys=True) == frozen  # the state held is not changed
    assert set(delta["set"]) <= set(after) and set(delta["patch"]) <= {"scene", "history"}
    assert all(key in delta for key in ALWAYS)


@pytest.mark.parametrize(
    "held, delta",
    [
        (None, {"type": "delta", "v": 1}),  # nothing held yet
        ({"v": 3}, {"type": "delta", "v": 5}),  # version 4 was missed
        ({"v": 3}, {"type": "delta", "v": 3}),  # an old one
        ({"v": 3}, {"type": "delta", "v": "4"}),  # not a number
        ({"ply": 3}, {"type": "delta", "v": 4}),  # a state without a version
    ],
)
def test_a_delta_that_does_not_follow_the_state_held_is_not_applied(held, delta):
    assert apply_delta(held, delta) is None


# ----- against the real server -------------------------------------------------------------------------------
def comparable(state: dict) -> dict:
    """A state without its reader's own fields (two players see the same room with their own status)."""
    return {k: v for k, v in state.items() if k not in READER}


def settle(*clients: RoomClient) -> None:
    """Every client holds the room's latest version: the one held by whoever has it (the client that acted
    holds the new state when its ``ok`` arrives, so the latest is among them).  (Not pings: they count
    against each connection's 20 messages a second.)"""
    latest = max(client.state["v"] for client in clients)
    for client in clients:
        client.wait(lambda s: s["v"] >= latest)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_clients_applying_deltas_hold_exactly_the_servers_state(rooms, data):
    """Random games (Dots of random sizes, 5 en raya and Connect Four with or without PopOut) with undos, new
    games, declined requests and resignations: after each step both players (deltas) and a delta watcher hold
    exactly the state a watcher sent whole states holds — the delta watcher the very same, reader fields
    included — and nobody ever had to ask for the whole state again."""
    game = data.draw(st.sampled_from(["dots", "connect"]), label="game")
    if game == "dots":
        options = {
            "width": data.draw(st.integers(2, 4), label="width"),
            "height": data.draw(st.integers(2, 3), label="height"),
        }
    else:
        options = {
            "board": data.draw(st.sampled_from(["five", "four"]), label="board"),
            "popout": data.draw(st.booleans(), label="popout"),
        }
    info = rooms.create(game, **options)
    clients = []
    try:
        gold = RoomClient(info["link"], token=info["token"])
        clients.append(gold)
        coral = RoomClient(info["link"])
        clients.append(coral)
        whole = RoomClient(info["link"], deltas=False)  # whole states only: the reference
        clients.append(whole)
        watcher = RoomClient(info["link"])  # a watcher applying deltas
        clients.append(watcher)
        players = (gold, coral)

        def check() -> None:
            settle(*clients)
            reference = whole.state
            assert watcher.state == reference
            for player in players:
                assert comparable(player.state) == comparable(reference)
                assert player.state["you"] == player.seat

        check()
        whole_again = 0  # undos and new games: whole states to everyone
        for _ in range(data.draw(st.integers(1, 60), label="steps")):
            state = whole.state
            if state["over"]:
                if not data.draw(st.booleans(), label="new game after the end"):
                    break
                gold.request_new_game()
                coral.answer(True)
                whole_again += 1
                check()
                continue
            step = data.draw(st.sampled_from(["move"] * 8 + ["undo", "restart", "decline", "resign"]), label="step")
            event(step)
            mover = players[state["to_move"]]
            other = players[1 - state["to_move"]]
            if step == "move":
                mover.play(data.draw(st.sampled_from(mover.game.legal_moves()), label="move"))
            elif step == "undo" and state["history"]:
                for asker, answerer in ((other, mover), (mover, other)):  # whoever made the last move asks
                    try:
                        asker.request_undo()
                    except RoomRefusal:
                        continue
                    answerer.answer(True)
                    whole_again += 1
                    break
            elif step == "restart":
                mover.request_new_game()
                other.answer(True)
                whole_again += 1
            elif step == "decline":
                mover.request_new_game()
                check()
                other.answer(False)
            elif step == "resign":
                mover.resign()
            check()
        assert not any(client.resyncs for client in clients)
        # the delta watcher was sent a whole state on its hello and after each undo and new game, and only then
        assert sum(m["type"] == "state" for m in watcher.messages) == 1 + whole_again
        moved = [m for m in watcher.messages if m["type"] == "delta" and "history" in m["patch"]]
        if not whole_again:  # each move (or resignation) was one delta
            assert len(moved) == len(whole.state["history"])
    finally:
        for client in clients:
            client.close()


class LosingClient(RoomClient):
    """A client whose connection loses the ``lose``-th delta it is sent (as if it never arrived)."""

    lose = 2
    lost = threading.Event()

    def receive(self, message: dict) -> None:
        if message.get("type") == "delta":
            self.deltas_seen = getattr(self, "deltas_seen", 0) + 1
            if self.deltas_seen == self.lose:
                self.lost.set()
                return
        super().receive(message)


def test_a_missed_delta_makes_the_client_ask_for_the_whole_state(rooms, pair, connect):
    info, gold, coral = pair()
    whole = RoomClient(info["link"], deltas=False)
    losing = LosingClient(info["link"])
    try:
        moves = ["a1-b1", "a2-b2", "a3-b3", "a4-b4", "b1-c1", "b2-c2"]
        for i, move in enumerate(moves):
            (gold, coral)[whole.state["to_move"]].play(move)
            settle(gold, coral, whole)
            if i >= 2:
                losing.wait(lambda s: s["v"] == whole.state["v"])  # the answer to its sync may still be coming
            elif i == 0:
                losing.wait(lambda s: s["v"] == whole.state["v"])
            else:
                assert losing.lost.wait(10)
            if i == 0:
                assert losing.state == whole.state and losing.resyncs == 0
            if i == 1:  # the second delta was lost: the state held stays as it was
                assert losing.state["ply"] == 1 and losing.resyncs == 0
            if i >= 2:  # the third one did not follow it: sync, then the whole state
                assert losing.resyncs == 1
                assert losing.state == whole.state
        sent = [m for m in losing.messages if m["type"] in ("state", "delta")]
        kinds = [m["type"] for m in sent]
        assert kinds[0] == "state" and kinds.count("state") == 2  # the first one and the answer to sync
        after_gap = kinds.index("state", 1)
        assert sent[after_gap]["v"] == sent[after_gap - 1]["v"]  # the whole state of the version it missed
        assert all(m["v"] == n["v"] + 1 for m, n in zip(sent[after_gap + 1 :], sent[after_gap:]))
        assert losing.state["history"] == moves
    finally:
        whole.close()
        losing.close()


def test_sync_answers_the_whole_state_to_that_client_only(rooms, pair):
    info, gold, coral = pair()
    gold.play("a1-b1")
    settle(gold, coral)
    coral.ask({"type": "ping"})  # nothing more is on its way to coral
    before, start = len(coral.messages), len(gold.messages)
    gold.send({"type": "sync"})
    state = gold.wait_for(lambda m: m["type"] == "state", start=start)
    assert state == gold.state and state["v"] == coral.state["v"] and state["history"] == ["a1-b1"]
    assert comparable(state) == comparable(coral.state)
    coral.ask({"type": "ping"})
    assert not [m for m in coral.messages[before:] if m["type"] in ("state", "delta")]


def test_old_clients_still_get_whole_states(rooms):
    """A client that does not ask for deltas (an older page, a script) gets a whole state every time."""
    info = rooms.create("dots", width=2, height=2)
    url = rooms.url.replace("http", "ws") + "/ws/" + info["room"]
    ws = websocket.create_connection(url, timeout=10)
    guest = None
    try:
        ws.send(json.dumps({"type": "hello", "token": info["token"]}))
        seen = [json.loads(ws.recv()), json.loads(ws.recv())]
        assert [m["type"] for m in seen] == ["welcome", "state"]
        guest = RoomClient(info["link"])  # a change that is not a move: a whole state too
        while len([m for m in seen if m["type"] == "state"]) < 2:
            seen.append(json.loads(ws.recv()))
        assert seen[-1]["seats"][1]["connected"]
        ws.send(json.dumps({"type": "move", "move": "a1-b1", "ply": 0, "id": 7}))
        while seen[-1]["type"] != "ok":
            seen.append(json.loads(ws.recv()))
        assert seen[-1] == {"type": "ok", "id": 7, "move": "a1-b1", "ply": 1}
        assert seen[-2]["type"] == "state" and seen[-2]["history"] == ["a1-b1"]
        assert "delta" not in [m["type"] for m in seen]
    finally:
        ws.close()
        if guest is not None:
            guest.close()


@pytest.mark.parametrize("deltas", ["yes", 1, None, [True]])
def test_hello_with_a_bad_deltas_field_is_refused(rooms, deltas):
    info = rooms.create("dots", width=2, height=2)
    client = RoomClient(info["link"], hello=False)
    try:
        client.send({"type": "hello", "token": None, "deltas": deltas})
        error = client.wait_for(lambda m: m["type"] == "error")
        assert error["code"] == "bad_field" and "deltas" in error["message"]
        assert client.seat is None and client.state is None  # not greeted: the seat is still free
        client.send({"type": "sync"})
        assert client.wait_for(lambda m: m["type"] == "error" and m["code"] == "no_hello")
    finally:
        client.close()
    later = RoomClient(info["link"])
    try:
        assert later.seat == 1  # the refused hello took nothing
    finally:
        later.close()
