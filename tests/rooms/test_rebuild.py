"""``gamekit.rooms.games.rebuild``: a room's game from its room game id, options and stored actions (one name,
one meaning: ``gamekit.core.saved.replay`` is the saved-game helper, and ``rebuild`` has no second name)."""

from __future__ import annotations

import pytest

from gamekit.core import saved
from gamekit.core.errors import IllegalMoveError
from gamekit.rooms import games


def test_rebuild_plays_the_stored_actions_resignations_included():
    game = games.rebuild(
        "dots", {"width": 2, "height": 2}, [("move", "a1-b1", 0), ("move", "a3-b3", 1), ("resign", None, 0)]
    )
    assert game.history[:2] == ["a1-b1", "a3-b3"] and game.is_over() and game.winner() == 1
    four = games.rebuild("connect", {"board": "four", "popout": False}, [("move", "4", 0), ("move", "4", 1)])
    assert type(four).__name__ == "ConnectFour" and four.history == ["4", "4"]


def test_rebuild_refuses_an_illegal_stored_move_and_an_unknown_room_game():
    with pytest.raises(IllegalMoveError):
        games.rebuild("dots", {"width": 2, "height": 2}, [("move", "a1-b1", 0), ("move", "a1-b1", 1)])
    with pytest.raises(KeyError):
        games.rebuild("chess", {}, [])


def test_rebuild_has_one_name_and_is_not_the_saved_game_helper():
    assert not hasattr(games, "replay")
    assert saved.replay is not games.rebuild
