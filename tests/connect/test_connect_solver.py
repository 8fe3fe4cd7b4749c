"""The exact solver against brute-force minimax on small boards and against Pons' test sets."""

import random
from pathlib import Path

import pytest

from gamekit.connect import ConnectFour, ConnectGame, FiveInARow, Variant, analyse, solve, verdict
from gamekit.connect.solver import Solver

DATA = Path("/work/shared/data/connect4")
if not DATA.exists():
    DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "connect4"


def brute_force(game: ConnectGame) -> int:
    """Plain minimax over the engine with the same score convention, memoised on the grid."""
    MAX = game.variant.cells // 2 + 1
    memo: dict = {}

    def value() -> int:
        key = game.position_key()
        if key in memo:
            return memo[key]
        best = None
        for m in game.legal_moves():
            mover = game.to_move
            game.play(m)
            if game.winner() == mover:
                s = MAX - game.discs_played(mover)
            elif game.is_over():
                s = 0
            else:
                s = -value()
            game.undo()
            best = s if best is None else max(best, s)
        memo[key] = best
        return best

    return value()


def random_position(variant: Variant, plies: int, rng: random.Random) -> ConnectGame:
    while True:
        g = ConnectGame(variant)
        for _ in range(plies):
            if g.is_over():
                break
            g.play(rng.choice(g.legal_moves()))
        if not g.is_over():
            return g


@pytest.mark.parametrize(
    "variant, plies",
    [
        (Variant("4x4 three", 4, 4, 3), 3),
        (Variant("mini sides", 3, 4, 3, sides=True), 1),
        (Variant("5x4 four", 5, 4, 4), 8),
    ],
)
def test_solver_matches_brute_force(variant, plies):
    rng = random.Random(7)
    for _ in range(12):
        g = random_position(variant, plies, rng)
        expected = brute_force(g.copy())
        assert solve(g) == expected, (variant.name, g.history)
        assert solve(g, weak=True) == (expected > 0) - (expected < 0)
        # a fresh solver (empty table) gives the same
        assert Solver(variant).solve(g) == expected


def _sample(name: str, n: int = 50):
    lines = (DATA / name).read_text().split("\n")
    lines = [ln for ln in lines if ln.strip()]
    return random.Random(1).sample(lines, n)


@pytest.mark.parametrize("name", ["Test_L3_R1", "Test_L2_R1"])
def test_pons_test_sets_sample(name):
    if not (DATA / name).exists():
        pytest.skip(f"{DATA / name} not found")
    for line in _sample(name):
        moves, score = line.split()
        assert solve(ConnectFour.from_moves(moves)) == int(score), moves


def test_score_convention_on_a_win_in_one():
    g = ConnectFour.from_moves("121212")  # red wins with its 4th disc: 22 - 4
    assert solve(g) == 18
    g = ConnectFour.from_moves("1212123")  # yellow to move cannot stop red? it can: plays 1
    assert solve(g) <= 18


def test_five_in_a_row_late_positions():
    # red has 1-2-3 on the bottom row next to its side disc: dropping 4 makes five
    g = FiveInARow.from_moves("172737")
    assert solve(g) == 22 - 4
    scores = analyse(g, time_budget=0.5)  # the centre column is solved first
    assert scores["4"] == 18
    assert verdict(scores["4"], g) == "wins in 1"


def test_analyse_gives_every_legal_move_and_respects_budget():
    g = ConnectFour.from_moves("44444")
    scores = analyse(g, time_budget=0.0)
    assert set(scores) == set(g.legal_moves())
    assert all(s is None for s in scores.values()) or len([s for s in scores.values() if s is not None]) <= 1


def test_analyse_agrees_with_solve_near_the_end():
    line = _sample("Test_L3_R1", 3)[0] if (DATA / "Test_L3_R1").exists() else "2252576253462244111563365343671351441 -1"
    moves, score = line.split()
    g = ConnectFour.from_moves(moves)
    scores = analyse(g, time_budget=None)
    assert max(scores.values()) == int(score)


def test_popout_games_are_refused_by_solve():
    with pytest.raises(ValueError):
        solve(ConnectFour(popout=True))
    assert analyse(ConnectFour(popout=True)) == {str(n): None for n in range(1, 8)}


def test_verdict_words():
    g = ConnectFour()
    assert verdict(None) == "unknown" and verdict(0) == "draw"
    assert verdict(3) == "wins" and verdict(-3) == "loses"
    assert verdict(18, g) == "wins in 4"
    assert verdict(-18, g) == "loses in 4"


def test_analyse_outcomes_is_the_sign_of_analyse():
    from gamekit.connect import analyse_outcomes

    for moves in ["2252576253462244111563365343671351441", "4455443", "52753311433677442422121"]:
        g = ConnectFour.from_moves(moves)
        exact = analyse(g, time_budget=None)
        assert analyse_outcomes(g, time_budget=None) == {m: (s > 0) - (s < 0) for m, s in exact.items()}
    g = FiveInARow.from_moves("3444355343356454635666651")
    exact = analyse(g, time_budget=None)
    assert analyse_outcomes(g, time_budget=None) == {m: (s > 0) - (s < 0) for m, s in exact.items()}


def test_analyse_outcomes_refusals_and_popout():
    from gamekit.connect import analyse_outcomes

    g = FiveInARow()
    for bad in (0, -1.0, True, "2", float("nan")):
        with pytest.raises(ValueError, match="time_budget"):
            analyse_outcomes(g, time_budget=bad)
    with pytest.raises(TypeError):
        analyse_outcomes("4455", time_budget=1.0)
    pop = FiveInARow(popout=True)
    assert set(analyse_outcomes(pop, time_budget=0.1).values()) == {None}
    g = ConnectFour.from_moves("2252576253462244111563365343671351441")
    for bad in (["9"], "4", [4], ["p4"]):
        with pytest.raises(ValueError, match="moves="):
            analyse_outcomes(g, time_budget=1.0, moves=bad)
    exact = analyse(g, time_budget=None)
    some = list(exact)[:2]
    assert analyse_outcomes(g, time_budget=None, moves=some) == {m: (exact[m] > 0) - (exact[m] < 0) for m in some}
    # a tiny budget on the empty board settles only what the shipped proof of the start says (centre: draw)
    from gamekit.connect.solver import outcome_bounds

    proved = outcome_bounds(FiveInARow())
    assert analyse_outcomes(FiveInARow(), time_budget=0.01) == {
        m: (0 if proved[m] == (0, 0) else None) for m in "1234567"
    }
    assert proved["4"] == (0, 0)


def test_verdict_words_follow_the_language_and_match_the_hint():
    from gamekit.connect.widget import verdict_words
    from gamekit.i18n import using

    g = ConnectFour()
    with using("es"):
        assert [verdict(None), verdict(0), verdict(3), verdict(-3)] == ["desconocido", "empate", "gana", "pierde"]
        assert verdict(18, g) == "gana en 4" and verdict(-18, g) == "pierde en 4"
        for score in (0, 18, -18, 5, -5):  # the same words as the Hint under the board
            assert verdict(score, g) == verdict_words(score, g)[0]
    assert verdict(18, g) == "wins in 4"  # English again outside the block


def test_out_of_time_columns_stay_unknown_but_instant_answers_still_count():
    from gamekit.connect import analyse_outcomes

    g = ConnectFour.from_moves("112233")  # red to move: column 4 completes four at once
    exact = analyse(g, time_budget=1e-6)
    assert exact["4"] == solve(g) and exact["4"] > 0
    assert analyse_outcomes(g, time_budget=1e-6)["4"] == 1
    assert all(v is None for m, v in exact.items() if m != "4")


def test_outcome_bounds_read_the_proof_of_the_start():
    from gamekit.connect.solver import outcome_bounds

    start = outcome_bounds(FiveInARow())
    assert start["4"] == (0, 0) and all(hi <= 0 for lo, hi in start.values())
    assert analyse(FiveInARow(), time_budget=0.01)["4"] == 0  # a proved draw is the exact score 0
    assert outcome_bounds(ConnectFour()) == {m: (-1, 1) for m in ConnectFour().legal_moves()}  # no records
    assert set(outcome_bounds(FiveInARow(popout=True)).values()) == {(-1, 1)}
    with pytest.raises(TypeError):
        outcome_bounds("4")


def test_analyse_outcomes_leaves_no_deadline_behind():
    from gamekit.connect import analyse_outcomes
    from gamekit.connect.solver import solver_for

    g = FiveInARow.from_moves("4")  # every drop bounded by the shipped proof
    analyse_outcomes(g, time_budget=0.05)
    analyse_outcomes(FiveInARow(), time_budget=0.05)
    assert solver_for(g.variant).deadline is None


def _seeded_positions(cls, empties, count, seed):
    """Positions after random drops that neither complete a line nor hand the opponent one at once."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = cls()
        while not g.is_over() and g.variant.cells - g.discs_on_board > empties:
            quiet = []
            for m in g.legal_moves():
                g.play(m)
                if not g.is_over() and not any(_wins_at_once(g, r) for r in g.legal_moves()):
                    quiet.append(m)
                g.undo()
            if not quiet:
                break
            g.play(rng.choice(quiet))
        if not g.is_over() and g.variant.cells - g.discs_on_board == empties:
            out.append(g)
    return out


def _wins_at_once(g, m):
    g.play(m)
    won = g.winner() is not None
    g.undo()
    return won


def test_who_wins_with_the_proved_bounds_first_never_contradicts_the_exact_solver():
    """The bounds (rules' proofs, records) only skip questions: every column's outcome equals the sign of its
    exact score, with and without them, on seeded positions of both boards — among them columns the rules
    settle alone and columns where a bound leaves one question."""
    from gamekit.connect import analyse_outcomes
    from gamekit.connect.prove import prove_columns

    settled_by_rules = one_question = 0
    for cls, empties, seed in ((FiveInARow, 20, 1), (FiveInARow, 22, 2), (ConnectFour, 16, 3), (ConnectFour, 20, 4)):
        for g in _seeded_positions(cls, empties, 6, seed):
            exact = analyse(g, time_budget=None)
            signs = {m: (s > 0) - (s < 0) for m, s in exact.items()}
            assert analyse_outcomes(g, time_budget=None) == signs
            assert analyse_outcomes(g, time_budget=None, rules=False) == signs
            for m, p in prove_columns(g).items():
                assert p.low <= signs[m] <= p.high
                settled_by_rules += p.low == p.high
                one_question += p.low != p.high and (p.low, p.high) != (-1, 1)
    assert settled_by_rules > 0 and one_question > 0


def test_a_column_the_rules_settle_costs_no_search():
    from gamekit.connect import analyse_outcomes
    from gamekit.connect.prove import prove_columns
    from gamekit.connect.solver import solver_for

    for g in _seeded_positions(FiveInARow, 22, 12, 5):
        rp = prove_columns(g)
        free = [m for m, p in rp.items() if p.low == p.high and not p.after.is_over()]
        if not free:
            continue
        s = solver_for(g.variant)
        s.reset()
        before = s.nodes
        found = analyse_outcomes(g, time_budget=None, moves=free)
        assert s.nodes == before  # no node searched
        exact = analyse(g, time_budget=None)
        assert found == {m: (exact[m] > 0) - (exact[m] < 0) for m in free} == {m: rp[m].low for m in free}
        return
    pytest.fail("no seeded position had a column the rules settle")


def test_a_proved_bound_leaves_one_question():
    s = Solver(FiveInARow().variant)
    g = FiveInARow.from_moves("3444355343356454635666651")
    args = s.b.from_game(g)
    value = s.solve_bits(*args, weak=True)
    sign = (value > 0) - (value < 0)
    for lo, hi in ((-1, 0), (0, 1), (-1, 1)):
        if lo <= sign <= hi:
            r = s.solve_bits(*args, weak=True, known=(lo, hi))
            assert (r > 0) - (r < 0) == sign
    before = s.nodes
    assert s.solve_bits(*args, weak=True, known=(sign, sign)) == sign and s.nodes == before
    for bad in ((1, 0), (-2, 1), (0, 2), [0, 1], (0.0, 1), (True, 1), (0,), "01"):
        with pytest.raises(ValueError, match="known="):
            s.solve_bits(*args, weak=True, known=bad)
    with pytest.raises(ValueError, match="known="):
        s.solve_bits(*args, weak=False, known=(0, 1))
    with pytest.raises(TypeError, match="rules="):
        from gamekit.connect import analyse_outcomes

        analyse_outcomes(g, time_budget=None, rules=1)


def test_who_wins_reads_the_proofs_it_is_given_instead_of_proving_again(monkeypatch):
    """``proved=``: the caller's prove_columns of the same position (the Hint's, the review's) is read, not
    proved again; the outcomes are those of the exact solver either way; proofs of another position, of a
    drop not asked, or with rules=False are refused before anything is searched."""
    from gamekit.connect import analyse_outcomes, prove
    from gamekit.connect.prove import prove_columns

    g = _seeded_positions(FiveInARow, 22, 1, 7)[0]
    exact = analyse(g, time_budget=None)
    signs = {m: (s > 0) - (s < 0) for m, s in exact.items()}
    proofs = prove_columns(g)
    calls = []
    real = prove.prove_columns
    monkeypatch.setattr(
        prove, "prove_columns", lambda game, moves=None, **kw: calls.append(moves) or real(game, moves, **kw)
    )
    assert analyse_outcomes(g, time_budget=None, proved=proofs) == signs
    assert calls == []  # every column's proof was given
    some = dict(list(proofs.items())[:2])
    assert analyse_outcomes(g, time_budget=None, proved=some) == signs
    assert len(calls) == 1 and not set(calls[0]) & set(some)  # only the columns not given are proved
    other = g.copy()
    other.play(g.legal_moves()[0])
    if not other.is_over():
        with pytest.raises(ValueError, match="another position"):
            analyse_outcomes(g, time_budget=None, proved={m: p for m, p in prove_columns(other).items() if m in proofs})
    with pytest.raises(ValueError, match="not a drop asked"):
        analyse_outcomes(
            g, time_budget=None, moves=[g.legal_moves()[0]], proved={g.legal_moves()[-1]: proofs[g.legal_moves()[-1]]}
        )
    with pytest.raises(ValueError, match="not a drop asked"):
        analyse_outcomes(g, time_budget=None, proved={m: "proof" for m in proofs})
    with pytest.raises(TypeError, match="proved="):
        analyse_outcomes(g, time_budget=None, proved=list(proofs.values()))
    with pytest.raises(ValueError, match="rules=False"):
        analyse_outcomes(g, time_budget=None, rules=False, proved=proofs)
