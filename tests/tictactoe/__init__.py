"""A test-only fourth game, tic-tac-toe: one package plus this one ``register(GameInfo(...))``.

Importing it adds the game to gamekit's catalog: the conformance suite plays it, ``gamekit.load()`` reads its
saved games, a room server started with ``GAMEKIT_GAMES=tictactoe`` hosts it (class groups included) and
``gamekit.widgets.board.BoardWidget("tictactoe")`` plays it in a notebook (tests/test_fourth_game.py)."""
from gamekit.catalog import Example, GameInfo, RoomSpec, only_options, register

from . import view
from .rules import TicTacToe

ROOM = RoomSpec(
    id="tictactoe", title="Tic-tac-toe",
    check_options=lambda raw: only_options(raw, ()), new_game=lambda options: TicTacToe(),
    seat_names=lambda o: ("X", "O"), seat_colours=lambda o: view.MARKS,
    scene=lambda game, o: (view.scene(game), view.SIZE),
    move_at=lambda game, o, x, y: view.move_at(game, x, y),
    targets=lambda game, o: view.targets(game),
    cpu=lambda level, seed: INFO.cpu_player(level, seed),
    text=lambda game, o: view.describe(game),
)

INFO = register(GameInfo(
    id="tictactoe", title="Tic-tac-toe",
    game_class=lambda: TicTacToe, new_game=lambda options: TicTacToe(),
    seat_names=("X", "O"), seat_colours=view.MARKS,
    cpu=f"{__name__}.players:cpu_player", view=f"{__name__}.view", room=ROOM,
    examples=(Example("tic-tac-toe", TicTacToe, TicTacToe.from_moves),),
))
