"""Soundness of the rule-based prover against the exact solver, on thousands of seeded random positions small
enough for the solver: Connect Four (7×6) with 8–20 empty cells, 5 en raya with 16–28, three small variants
at every depth.  Whenever :func:`prove` names a side, the solver's win/draw/loss for that side is at least a
draw, and a win when the proof says it wins; the same for each side asked separately (``prove(game, side)``),
as the Hint asks; and every position of Pons' Connect Four test sets against its given score.  The summary
(how often each side is proved, per band of empty cells) is printed with ``pytest -s``;
``GAMEKIT_PROVE_SOUNDNESS`` sets the positions per board (default 500)."""

import os
import random
from pathlib import Path

import pytest

from gamekit.connect import ConnectFour, ConnectGame, FiveInARow, Variant
from gamekit.connect.bitboard import board_for
from gamekit.connect.prove import prove
from gamekit.connect.solver import Solver
from .test_connect_prove import calm_and_quiet

COUNT = int(os.environ.get("GAMEKIT_PROVE_SOUNDNESS", "500"))
BOARDS = {
    "Connect Four": (ConnectFour, 8, 20),
    "5 en raya": (FiveInARow, 16, 28),
    "mini 4×4, three in a line": (Variant("mini prove", 4, 4, 3), 2, 14),
    "4×4 with side columns, four in a line": (Variant("mini prove sides", 4, 4, 4, sides=True), 2, 14),
    "4×5 (odd rows), four in a line": (Variant("mini prove odd rows", 4, 5, 4), 3, 18),
}


def random_game(target, rng: random.Random, empty: int) -> ConnectGame | None:
    """Random drops, never one that completes a line and, where it can be helped, none that lets the opponent
    complete one at once, until ``empty`` cells are left (None if the game ended first).  Which drops end the
    game or give the opponent a win at once is read from the variant's bitboards (its ``win`` function), not by
    playing every reply: the same drops as playing them, in a fraction of the time."""
    game = target() if isinstance(target, type) else ConnectGame(target)
    board = board_for(game.variant)
    while game.variant.cells - game.discs_on_board > empty:
        calm, quiet = calm_and_quiet(game, board)
        if not calm:
            return None
        game.play(rng.choice(quiet or calm))
    return game


@pytest.mark.parametrize("name", list(BOARDS))
def test_every_proof_agrees_with_the_exact_solver(name):
    target, low, high = BOARDS[name]
    variant = target.variant if isinstance(target, type) else target
    solver = Solver(variant) if isinstance(target, type) else Solver(variant, engine="python")
    rng = random.Random(2026)
    proved = {0: 0, 1: 0}
    wins = positions = 0
    bands: dict[int, list[int]] = {}
    for _ in range(COUNT):
        empty = rng.randint(low, high)
        game = random_game(target, rng, empty)
        if game is None:
            continue
        positions += 1
        band = bands.setdefault(empty // 4 * 4, [0, 0, 0])
        band[0] += 1
        value = None  # the solver's value for red, asked once when needed
        for side in (0, 1):
            proof = prove(game, side)
            if proof is None:
                continue
            assert proof.defender == side
            if value is None:
                solver.reset()
                v = solver.solve(game, weak=True)
                value = v if game.to_move == 0 else -v
            mine = value if side == 0 else -value
            assert mine >= 0, (name, game.history, side)
            assert not proof.wins or mine == 1, (name, game.history, side)
            proved[side] += 1
            band[1 + side] += 1
            wins += proof.wins
        either = prove(game)  # the side-free call names a side these two calls agree on
        assert either is None or prove(game, either.defender) is not None
    print(f"\n{name}: {positions} positions, red proved in {proved[0]}, yellow in {proved[1]}, {wins} of them wins")
    for e, (n, red, yellow) in sorted(bands.items()):
        print(f"  {e}-{e + 3} empty: {n} positions, red {red}, yellow {yellow}")
    assert positions > COUNT // 2
    assert proved[0] > 0 and proved[1] > 0  # both sides are proved, the first player included


PONS = Path("/work/shared/data/connect4")


@pytest.mark.parametrize("name", ["Test_L3_R1", "Test_L2_R1"])
def test_pons_sets_never_contradict_a_proof(name):
    """Every position of Pascal Pons' Connect Four test sets (exact scores given, 2 × 1000): a proof for either
    side never contradicts the score — at least a draw for the side it names, a win when it says so."""
    if not (PONS / name).exists():
        pytest.skip(f"{PONS / name} not found")
    proved = wins = 0
    for line in (PONS / name).read_text().split("\n"):
        if not line.strip():
            continue
        moves, score = line.split()
        game = ConnectFour.from_moves(moves)
        value = (int(score) > 0) - (int(score) < 0)  # for the player to move
        for side in (0, 1):
            proof = prove(game, side)
            if proof is None:
                continue
            mine = value if side == game.to_move else -value
            assert mine >= 0 and (not proof.wins or mine == 1), (moves, side)
            proved += 1
            wins += proof.wins
    print(f"\n{name}: {proved} proofs, {wins} of them wins")
    assert proved > 100


def _filled(game: ConnectGame) -> set:
    return {(c, r) for c, column in enumerate(game.grid) for r in range(len(column))}


def _every_attack(game: ConnectGame, proof) -> int:
    """Every attacker sequence against the proof's answers (each answer playable at once); the attacker never
    completes a line, and a winning proof's defender does.  Returns the games played out."""
    attacker = 1 - proof.defender
    if game.is_over():
        assert game.winner() != attacker and (not proof.wins or game.winner() == proof.defender)
        return 1
    total = 0
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        if not after.is_over():
            col = after.grid_column(int(move))
            answer = proof.reply((col, len(after.grid[col]) - 1), _filled(after))
            number = after.column_number(answer[0])
            assert after.landing_cell(number) == answer, (after.history, answer)
            after.play(str(number))
        total += _every_attack(after, proof)
    return total


@pytest.mark.parametrize("name", list(BOARDS))
def test_every_baseclaim_proof_holds_against_every_attack(name):
    """Seeded random positions with 6–10 empty cells, until 8 proofs that use a baseclaim are found: each agrees
    with the exact solver, and every sequence of the attacker's drops against the proof's answers fails."""
    found = _proofs_using_hold_against_every_attack(name, "baseclaim", 1938, (6, 8, 10))
    assert found >= 1, "no baseclaim proof among the positions tried"
    print(f"\n{name}: {found} baseclaim proofs checked against every attack")


@pytest.mark.parametrize("name", list(BOARDS))
def test_every_highinverse_proof_holds_against_every_attack(name):
    """Seeded random positions with 6–12 empty cells, until 8 proofs that use a highinverse are found: each
    agrees with the exact solver, and every sequence of the attacker's drops against the proof's answers fails
    (on the 4×4 board with three in a line these seeded positions give none, so none is required there)."""
    found = _proofs_using_hold_against_every_attack(name, "highinverse", 1988, (6, 8, 10, 12))
    assert found >= 1 or name.startswith("mini 4×4, three"), "no highinverse proof among the positions tried"
    print(f"\n{name}: {found} highinverse proofs checked against every attack")


def _proofs_using_hold_against_every_attack(name: str, kind: str, seed: int, empties: tuple[int, ...]) -> int:
    """Up to 8 proofs whose rule ``kind`` refutes a line, on seeded random positions of board ``name`` with
    ``empties`` empty cells: each checked by the exact solver and against every attack.  Returns how many."""
    target, _, _ = BOARDS[name]
    variant = target.variant if isinstance(target, type) else target
    solver = Solver(variant) if isinstance(target, type) else Solver(variant, engine="python")
    rng = random.Random(seed)
    found = 0
    for _ in range(3000):
        game = random_game(target, rng, rng.choice(empties))
        if game is None:
            continue
        for side in (0, 1):
            proof = prove(game, side)
            if proof is None or not proof.used()[kind]:
                continue
            solver.reset()
            v = solver.solve(game, weak=True)
            mine = v if side == game.to_move else -v
            assert mine >= 0 and (not proof.wins or mine == 1), (name, game.history, side)
            start = game.copy()
            if proof.to_move:
                start.play(proof.move)
            assert _every_attack(start, proof) > 0
            found += 1
        if found >= 8:
            break
    return found
