"""gamekit.catalog: one GameInfo per game, one id set, options checked before anything is built, and the room
specs the server reads (no widget library)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from gamekit import Game, catalog
from gamekit.game import GAMES, LEVELS, TIMERS

ROOT = Path(__file__).resolve().parent.parent
INFOS = list(catalog.games())
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 100) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


@pytest.mark.parametrize("info", INFOS, ids=lambda i: i.id)
def test_every_game_of_the_catalog_is_complete(info):
    game = info.new()
    assert isinstance(game, Game) and not game.is_over() and game.legal_moves()
    assert game.to_dict()["game"] == info.id and info.id in GAMES  # gamekit.load() reads its saves
    assert catalog.get(info.id) is info and all(catalog.get(name) is info for name in info.names)
    low, high = info.seats
    assert 1 <= low <= high and info.levels == LEVELS and info.timers == TIMERS
    assert [info.seat_colour(s) for s in range(high)] and all(info.seat_name(s) for s in range(high))
    player = info.cpu_player("easy", seed=1)
    assert player.choose(game) in game.legal_moves()
    if info.room is not None:
        options = info.room.check_options({})
        room_game = info.room.new_game(options)
        scene, (w, h) = info.room.scene(room_game, options)
        assert scene and w > 0 and h > 0
        move, x, y = info.room.targets(room_game, options)[0]
        assert info.room.move_at(room_game, options, x, y) == move  # the keyboard target is that move
        assert info.room.id in catalog.room_specs()


def test_the_shipped_ids_are_the_saved_games_and_the_puzzle_banks():
    assert catalog.ids()[:4] == ("dots_and_boxes", "five_in_a_row", "connect_four", "shut_the_box")
    assert {info.short_id for info in INFOS[:4]} == {"dots", "five", "four", "shut_the_box"}
    assert set(catalog.room_specs()) >= {"dots", "connect"}
    assert catalog.get("five").room is catalog.get("four").room  # one room kind, two games


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_options_are_refused_with_bad_options_or_give_a_playable_game(data):
    info = data.draw(st.sampled_from(INFOS), label="game")
    keys = st.sampled_from(list(info.options) + ["colour", ""])
    raw = data.draw(json_values | st.dictionaries(keys, json_values | st.integers(0, 12), max_size=3), label="options")
    try:
        clean = info.check_options(raw)
    except catalog.BadOptions as refusal:
        assert str(refusal)
        return
    assert isinstance(raw, dict) or raw is None
    game = info.new_game(clean)
    assert not game.is_over() and game.legal_moves()


@pytest.mark.parametrize(
    "name, raw, words",
    [
        ("dots", {"width": 0}, "width=0"),
        ("dots", {"width": True}, "width=True"),
        ("dots", {"height": 9}, "height=9"),
        ("dots", {"first": 2}, "first=2"),
        ("dots", {"alternate_start": "yes"}, "alternate_start"),
        ("dots", {"size": 3}, "unknown option"),
        ("dots", [], "must be an object"),
        ("five", {"popout": 1}, "popout=1"),
        ("four", {"board": "five"}, "unknown option"),
        ("shut_the_box", {"players": 0}, "players=0"),
        ("shut_the_box", {"variant": "long", "players": 3}, "two players"),
        ("shut_the_box", {"one_die": "sometimes"}, "sometimes"),
    ],
)
def test_bad_options_are_refused_naming_the_option(name, raw, words):
    with pytest.raises(catalog.BadOptions, match=words):
        catalog.get(name).check_options(raw)


def test_reading_the_catalog_imports_no_widget_library():
    code = textwrap.dedent("""
        import json, sys
        from gamekit import catalog
        ids = catalog.ids()
        print(json.dumps([ids, sorted(m for m in sys.modules if m.split(".")[0] in ("ipywidgets", "ipycanvas")
                                      or m.endswith(".widget"))]))
    """)
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    ids, loaded = json.loads(done.stdout)
    assert ids == ["dots_and_boxes", "five_in_a_row", "connect_four", "shut_the_box"]
    assert loaded == []  # widgets are named ("module:Class"), imported only by widget_class()
