"""Shut the Box in words, for screen readers (WCAG 1.1.1, 4.1.2): the board widget's accessible description.

Pure functions of a game (no widgets): the widget shows :func:`describe` as its board's description and
:func:`cursor_text` in its live line whenever the keyboard cursor moves.
"""

from __future__ import annotations

from typing import Iterable

from gamekit.i18n import ptr, tr
from gamekit.shutbox.tiles import TILES
from gamekit.shutbox.game import ShutTheBox


def tile_list(tiles: Iterable[int]) -> str:
    """``"1, 2, 9"`` — or "none"."""
    tiles = sorted(tiles)
    return ", ".join(map(str, tiles)) if tiles else tr("none")


def board_label() -> str:
    return tr("Shut the Box: tiles 1 to 9 and the dice")


def describe(
    game: ShutTheBox, selected: Iterable[int] = (), cursor: int | None = None, names: Iterable[str] | None = None
) -> str:
    """The position: whose turn, the open and covered tiles, the roll, the selection, the tile under the cursor.

    ``names``: what the reader calls each seat (default: the game's names).
    """
    if not isinstance(game, ShutTheBox):
        raise TypeError(tr("game={value}: must be a ShutTheBox", value=type(game).__name__))
    selected = set(selected)
    bad = [t for t in selected if t not in TILES]
    if bad or (cursor is not None and cursor not in TILES):
        raise ValueError(tr("tiles must be 1 to 9: got {tiles}", tiles=", ".join(map(str, bad or [cursor]))))
    seat_names = list(names) if names is not None else list(game.names)
    parts = [
        tr("Open tiles: {tiles}.", tiles=tile_list(game.open_tiles)),
        tr("Covered tiles: {tiles}.", tiles=tile_list(game.covered_tiles)),
    ]
    if game.is_over():
        parts.insert(0, tr("The game is over."))
    else:
        who = seat_names[game.to_move]
        if game.phase == "roll":
            parts.insert(0, tr("{seat} to roll.", seat=who))
        else:
            dice = " + ".join(map(str, game.dice))
            parts.insert(0, tr("{seat} rolled {dice} = {total}.", seat=who, dice=dice, total=sum(game.dice)))
            if selected:
                parts.append(tr("Selected: {tiles}, sum {sum}.", tiles=tile_list(selected), sum=sum(selected)))
            else:
                parts.append(tr("No tile selected."))
    if cursor is not None:
        parts.append(cursor_text(game, cursor, selected))
    return " ".join(parts)


def cursor_text(game: ShutTheBox, cursor: int, selected: Iterable[int] = ()) -> str:
    """What the keyboard cursor is on: ``"Tile 5: open, selected."``"""
    if cursor not in TILES:
        raise ValueError(tr("tiles must be 1 to 9: got {tiles}", tiles=cursor))
    state = ptr("tile", "open") if cursor in game.open_tiles else ptr("tile", "covered")
    if cursor in set(selected):
        return tr("Tile {tile}: {state}, selected.", tile=cursor, state=state)
    return tr("Tile {tile}: {state}.", tile=cursor, state=state)
