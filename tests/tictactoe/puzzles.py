"""Tic-tac-toe puzzles, for gamekit's ordinary puzzle code (``GameInfo.puzzles``): a position becomes a puzzle
when some moves keep the best result with perfect play and others lose it, and the answer wins at once or blocks
the opponent's line.  ``python -m gamekit.puzzles build tictactoe`` (with ``GAMEKIT_GAMES=tictactoe``) builds a
bank of them."""

from __future__ import annotations

import hashlib

from gamekit.puzzles.core import Puzzle, judge_again, line_of_best_play, sample
from gamekit.puzzles.ratings import first_rating

from .players import cpu_player
from .rules import CELLS, LINES, TicTacToe

GAME_ID = "tictactoe"


def values(game: TicTacToe) -> dict[str, int]:
    """Each legal move's result with perfect play after it (1 win, 0 draw, -1 loss)."""
    from . import move_values

    return move_values(game, 0)


def _completes(game: TicTacToe, move: str, seat: int) -> bool:
    board = list(game.board)
    board[CELLS.index(move)] = seat
    return any(board[a] == board[b] == board[c] == seat for a, b, c in LINES)


def themes(game: TicTacToe, answers: list[str], wrong: list[str]) -> list[str]:
    """``win_now`` when an answer makes a line, ``block`` when every answer stops the opponent's line."""
    me = game.to_move
    if any(_completes(game, a, me) for a in answers):
        return ["win_now"]
    if all(_completes(game, a, 1 - me) for a in answers):
        return ["block"]
    return []


def candidate(game: TicTacToe) -> Puzzle | None:
    """The puzzle at ``game``'s position, or None when it does not pass the selection (module docstring)."""
    if game.is_over() or len(game.legal_moves()) < 3:
        return None
    found = values(game)
    best = max(found.values())
    answers = [m for m, v in found.items() if v == best]
    wrong = [m for m, v in found.items() if v != best]
    named = themes(game, answers, wrong)
    if not wrong or not named:
        return None
    refutations = {}
    for w in wrong:
        after = game.copy()
        after.play(w)
        refutations[w] = {"value": found[w], "line": line_of_best_play(after, 4)}
    pid = "ttt-" + hashlib.sha1("".join(game.history).encode()).hexdigest()[:10]
    return Puzzle(
        pid,
        GAME_ID,
        game.to_dict(),
        tuple(answers),
        tuple(named),
        first_rating(len(wrong), max(len(r["line"]) for r in refutations.values()), len(answers), len(found)),
        refutations=refutations,
        facts={"best": best},
    )


def verify(puzzle: Puzzle) -> list[str]:
    """Problems found when perfect play judges the puzzle again (empty: it is right)."""
    found = values(puzzle.position)
    return judge_again(puzzle, found, max(found.values()), judge="perfect play")


def positions(game: TicTacToe) -> list[TicTacToe]:
    """Every position of a played game before its last move, latest first."""
    return [TicTacToe.from_moves(game.history[:n]) for n in range(len(game.history) - 1, -1, -1)]


def play_game(seed: int, rng) -> TicTacToe:
    """A game between two random players (seeded)."""
    players = [cpu_player("easy", seed), cpu_player("easy", seed + 1)]
    game = TicTacToe()
    while not game.is_over():
        game.play(players[game.to_move].choose(game))
    return game


def tries(game_id: str, seed: int, rng, n: int, theme: str | None = None) -> list[tuple[TicTacToe, dict]]:
    """The positions a build tries from its game seeded ``seed``: ``n`` of them, picked by ``rng``."""
    return [(p, {}) for p in sample(rng, positions(play_game(seed, rng)), n)]
