"""A test-only fourth game, tic-tac-toe: one package plus this one ``register(GameInfo(...))``.

Importing it adds the game to gamekit's catalog: the conformance suite plays it, ``gamekit.load()`` reads its
saved games, a room server started with ``GAMEKIT_GAMES=tictactoe`` hosts it (class groups included) and
``gamekit.widgets.board.BoardWidget("tictactoe")`` plays it in a notebook, and its exact analysis gives it a
review of a finished game, lines of best play, a Hint, puzzles built by ``python -m gamekit.puzzles build``,
Practice on them with its own title in the progress table, and homework codes (``ttt-block-3-1``)
(tests/test_fourth_game.py)."""

from typing import Any

from gamekit.catalog import (
    Example,
    Exact,
    GameInfo,
    PuzzleBoard,
    PuzzleWords,
    ReviewBoard,
    RoomSpec,
    only_options,
    register,
)

from . import view
from .players import value
from .rules import CELLS, TicTacToe


def move_values(game: TicTacToe, time_limit: float) -> dict:
    """Each empty cell's result for the player to move with perfect play after it: 1 win, 0 draw, -1 loss."""
    board, me = tuple(game.board), game.to_move
    return {
        m: -value(board[: CELLS.index(m)] + (me,) + board[CELLS.index(m) + 1 :], 1 - me) for m in game.legal_moves()
    }


def best_move(game: TicTacToe, time_limit: float | None, ply_budget: float) -> str:
    values = move_values(game, 0)
    return max(values, key=values.get)


EXACT = Exact(
    move_values=move_values,
    judge=lambda best, value: "best" if value == best else "mistake",
    start=lambda game: TicTacToe(),
    best_move=best_move,
    position_key=lambda game: "ttt-" + "".join(game.history),
    worse=lambda seat, move, verdict, loss, value, best_value, best: (
        f"{seat} {move}: {verdict} — it gives away {loss} (better: {best})."
    ),
)
REVIEW_BOARD = ReviewBoard(
    review_scene=lambda position, judgement: (view.scene(position), view.SIZE),
    text=lambda position, names: view.describe(position),
)

ROOM = RoomSpec(
    id="tictactoe",
    title="Tic-tac-toe",
    check_options=lambda raw: only_options(raw, ()),
    new_game=lambda options: TicTacToe(),
    seat_names=lambda o: ("X", "O"),
    seat_colours=lambda o: view.MARKS,
    scene=lambda game, o: (view.scene(game), view.SIZE),
    move_at=lambda game, o, x, y: view.move_at(game, x, y),
    targets=lambda game, o: view.targets(game),
    cpu=lambda level, seed: INFO.cpu_player(level, seed),
    text=lambda game, o: view.describe(game),
)

RESULTS = {1: "a win", 0: "a draw", -1: "a loss"}


def wrong(facts: dict, mover: int, action: Any, refutation: dict, move: str, line: str) -> str:
    after = f"Not the best: after {move}, best play goes {line}." if line else f"Not the best: {move}."
    return f"{after} That gives {RESULTS[refutation['value']]} instead of {RESULTS[facts['best']]}."


def puzzle_board(game: TicTacToe) -> PuzzleBoard:
    """The board Practice draws: a ring in the judged colour round the answered cell."""

    def draw(position: TicTacToe, answer: Any, colour: str):
        picture = view.scene(position)
        if answer is not None:
            picture.add("ring", *view.centre(CELLS.index(answer)), view.CELL * 0.45, colour, 4)
        return picture

    return PuzzleBoard(view.SIZE, draw, lambda x, y: view.move_at(game, x, y))


PUZZLE_WORDS = PuzzleWords(
    prompt=lambda facts, mover: f"{'XO'[mover]} to move. Find the move that keeps {RESULTS[facts['best']]}.",
    right=lambda facts, mover, move: f"Right: {move} keeps {RESULTS[facts['best']]}.",
    wrong=wrong,
    stakes=lambda game, facts, refutations, n: f"{n} moves do it." if n > 1 else "Only one move does it.",
    line_seats=("X", "O"),
    name="Tic-tac-toe",
    themes={"win_now": "win now", "block": "block"},
    hints={"win_now": "Look for two of your marks in a line.", "block": "Where could your opponent make a line?"},
    practice_title="Practice — Tic-tac-toe",
)

INFO = register(
    GameInfo(
        id="tictactoe",
        title="Tic-tac-toe",
        game_class=lambda: TicTacToe,
        new_game=lambda options: TicTacToe(),
        seat_names=("X", "O"),
        seat_colours=view.MARKS,
        cpu=f"{__name__}.players:cpu_player",
        view=f"{__name__}.view",
        room=ROOM,
        examples=(Example("tic-tac-toe", TicTacToe, TicTacToe.from_moves),),
        exact=EXACT,
        review_board=REVIEW_BOARD,
        puzzles=f"{__name__}.puzzles",
        homework_code="ttt",
        puzzle_words=PUZZLE_WORDS,
        puzzle_board=puzzle_board,
    )
)
