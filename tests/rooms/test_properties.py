"""Property tests: whatever a client sends, the room either does exactly one thing it allows or answers with an
error and stays as it was; whatever options a creator sends, they are refused or give a playable game."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.rooms.client import RoomRefusal
from gamekit.rooms.games import check_room_options, rebuild, spec_for
from gamekit.catalog import BadOptions

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None)
@given(
    game=st.sampled_from(["dots", "connect", "chess", 3, None]),
    options=st.one_of(
        json_values,
        st.fixed_dictionaries(
            {},
            optional={
                "width": json_values | st.integers(0, 10),
                "height": st.integers(0, 10),
                "board": st.sampled_from(["five", "four", "six"]) | json_values,
                "popout": json_values,
            },
        ),
    ),
    timer=st.sampled_from([0, 30, 60, 45, True, "30", None]),
)
def test_room_options_are_refused_or_give_a_playable_game(game, options, timer):
    try:
        game_id, clean, timer_ok = check_room_options(game, options, timer)
    except BadOptions as refusal:
        assert str(refusal)
        return
    new = spec_for(game_id).new_game(clean)
    assert new.legal_moves() and not new.is_over() and timer_ok in (0, 30, 60)
    moves = new.legal_moves()[:3]
    assert rebuild(game_id, clean, [("move", m, None) for m in moves[:1]]).history == moves[:1]


@pytest.fixture(scope="module")
def pair_once(rooms):
    """One Dots room with both players, shared by all the examples (hypothesis runs them in one test)."""
    from gamekit.rooms.client import RoomClient

    info = rooms.create(width=3, height=3)
    creator = RoomClient(info["link"], token=info["token"])
    guest = RoomClient(info["link"])
    creator.wait(lambda s: s["seats"][1]["connected"])
    yield info, creator, guest
    creator.close()
    guest.close()


message_types = st.sampled_from(["move", "click", "request", "answer", "resign", "ping", "hello", "nonsense"])


@settings(max_examples=40, deadline=None)
@given(
    message=st.fixed_dictionaries(
        {"type": message_types},
        optional={
            "move": st.sampled_from(["a1-b1", "b2-c2", "z9-z9", "4", "p1", ""]) | json_values,
            "x": json_values | st.floats(0, 300),
            "y": json_values | st.floats(0, 300),
            "kind": st.sampled_from(["restart", "undo", "all"]) | json_values,
            "accept": json_values,
            "ply": json_values,
            "token": json_values,
        },
    )
)
def test_any_message_does_one_allowed_thing_or_nothing(pair_once, message):
    info, creator, guest = pair_once
    before = creator.state["history"]
    time.sleep(0.06)  # stay under the per-connection rate limit
    try:
        creator.ask(message)
    except RoomRefusal:
        state = creator.wait(lambda s: True)
        assert state["history"] == before  # refused: nothing changed
        return
    kind = message["type"]
    assert kind in ("move", "click", "request", "answer", "resign", "ping")
    if kind in ("move", "click"):
        state = creator.wait(lambda s: s["ply"] == len(before) + 1)
        assert state["history"][:-1] == before
