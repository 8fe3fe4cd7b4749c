"""The games a room can hold: read from the catalog (:mod:`gamekit.catalog`), no game is named here.

Each game that a room can host has a :class:`~gamekit.catalog.RoomSpec` in its
:class:`~gamekit.catalog.GameInfo` (``gamekit/<game>/info.py``): how to check the creator's options, how to
build a fresh game from them, the seat names and colours, and the picture.  The server uses only the shared
game interface (``to_move``, ``legal_moves()``, ``play(move)``, ``undo()``, ``is_over()``, ``winner()``,
``resign(seat)``, ``history``) plus the spec, so a new game plugs in by registering its ``GameInfo`` with a
``room``: the server, the room page and class groups pick it up with no edit here.

Room game ids (the wire format and the room store) are the specs' ids: ``"dots"`` (Dots and Boxes: the
catalog alias of ``dots_and_boxes``), ``"connect"`` (5 en raya or Connect Four, by the ``board`` option:
``five_in_a_row``/``connect_four``) and, for a game registered later, its catalog id (docs/developers.md,
"One catalog, one id set").

A game is stored as its options and the list of moves; loading replays them (:func:`rebuild`), so the room
store never depends on the shape of an engine's ``to_dict``.

The picture is the same :class:`~gamekit.core.scene.Scene` the notebook widgets paint (the games' view modules,
:mod:`gamekit.dots.view`, :mod:`gamekit.connect.view`), sent to the page as JSON, and a click is hit-tested
with the views' ``move_at`` — there is one drawing of each board, and the server imports no widget library.
``targets`` lists the points a keyboard cursor can visit (one per legal move), so the page needs no
game-specific code.
"""

from __future__ import annotations

from typing import Any

from gamekit import catalog
from gamekit.catalog import BadOptions, RoomSpec
from gamekit.core.errors import IllegalMoveError
from gamekit.game import TIMERS


def spec_for(game_id: Any) -> RoomSpec:
    """The room spec of the room game id ``game_id`` (read from the catalog on every call, so a game registered
    later is found); anything else: ``BadOptions`` listing the room game ids."""
    specs = catalog.room_specs()
    if not isinstance(game_id, str) or game_id not in specs:
        raise BadOptions(f"game={game_id!r}: choose one of {', '.join(sorted(specs))}")
    return specs[game_id]


def check_room_options(game_id: Any, options: Any, timer: Any) -> tuple[str, dict, int]:
    """Validate what a creator sent (types are checked, never coerced)."""
    spec = spec_for(game_id)
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadOptions(f"options={options!r}: must be an object")
    if isinstance(timer, bool) or timer not in TIMERS:
        raise BadOptions(f"timer={timer!r}: time per turn is 0 (no limit), 30 or 60 seconds")
    return spec.id, spec.check_options(options), timer


def rebuild(game_id: str, options: dict, moves: list[tuple[str, str | None, int]]) -> Any:
    """A room's game rebuilt from its room game id, its options and its stored actions ``(kind, move, seat)``;
    kind "move" or "resign".  (Not :func:`gamekit.core.saved.replay`, which plays a saved move list into a game
    for ``from_moves``/``from_dict``.)  A room game id the catalog does not know: ``KeyError`` (stored data, not
    a creator's request)."""
    game = catalog.room_specs()[game_id].new_game(options)
    for kind, move, seat in moves:
        if kind == "resign":
            game.resign(seat)
        else:
            game.play(move)
    return game


def check_move(move: Any) -> str:
    """A move as sent by a client: a short string (the engine decides whether it is legal)."""
    if not isinstance(move, str) or not 0 < len(move) <= 16:
        raise IllegalMoveError(f"{str(move)[:40]!r}: a move is a short text such as 'a1-b1' or '4'")
    return move
