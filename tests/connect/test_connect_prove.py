"""The rule-based prover: a proof never contradicts the exact solver, and its strategy really keeps the
attacker from completing a line, whatever the attacker plays.

Sample sizes: ``GAMEKIT_PROVE_SAMPLES`` positions per board (default 150; the benchmark
``python -m benchmarks.prove`` runs thousands)."""

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit.connect import ConnectFour, ConnectGame, FiveInARow, Variant
from gamekit.connect.bitboard import board_for
from gamekit.connect.pairing import Rule
from gamekit.connect.prove import Proof, proof_reason, prove, prove_columns
from gamekit.connect.solver import Solver, solve

SAMPLES = int(os.environ.get("GAMEKIT_PROVE_SAMPLES", "150"))
MINI = Variant("mini prove", 4, 4, 3)
SIDES = Variant("mini prove sides", 4, 4, 4, sides=True)
ODD = Variant("mini prove odd rows", 4, 5, 4)  # five rows: the claimed cells are the odd rows


def calm_and_quiet(game: ConnectGame, board) -> tuple[list, list]:
    """The drops of ``game`` that neither complete a line nor fill the grid (calm), and of those the ones that
    also leave the opponent no line to complete at once (quiet), read from the variant's bitboards (``board``)."""
    mine, filled, _ = board.from_game(game)
    theirs = filled ^ mine
    calm, quiet = [], []
    for move in game.legal_moves():
        col = game.grid_column(int(move))
        cell = 1 << (col * board.H1 + len(game.grid[col]))
        after = filled | cell
        if board.win(mine, cell) or after & board.playable == board.playable:
            continue  # the drop completes a line or fills the grid: the game would be over
        calm.append(move)
        if not board.win(theirs, (after + board.bottom) & board.playable):
            quiet.append(move)
    return calm, quiet


def random_position(cls_or_variant, rng: random.Random, discs: int) -> ConnectGame | None:
    """A position after ``discs`` random drops that neither complete a line nor, where it can be helped,
    let the opponent complete one next (so games last long enough), or None if the game ended first.  Which
    drops end the game or give the opponent a win at once is read from the variant's bitboards (its ``win``
    function), not by playing every reply on copies: the same drops, in a fraction of the time."""
    game = cls_or_variant() if isinstance(cls_or_variant, type) else ConnectGame(cls_or_variant)
    board = board_for(game.variant)
    while game.discs_on_board < discs and not game.is_over():
        calm, quiet = calm_and_quiet(game, board)
        choices = quiet or calm or game.legal_moves()
        game.play(rng.choice(choices))
    return None if game.is_over() else game


def defender_value(game: ConnectGame, proof: Proof, solver: Solver | None = None) -> int:
    """The exact win/draw/loss (1/0/-1) of the proof's defender."""
    s = solve(game, weak=True, time_limit=None) if solver is None else solver.solve(game, weak=True)
    return s if proof.defender == game.to_move else -s


def filled(game: ConnectGame) -> set:
    """The grid cells holding a disc (a baseclaim's answer depends on them)."""
    return {(c, r) for c, column in enumerate(game.grid) for r in range(len(column))}


def play_out(game: ConnectGame, proof: Proof, rng: random.Random) -> None:
    """Play the attacker at random against the proof's strategy to the end; the attacker never wins."""
    game = game.copy()
    if proof.to_move:
        game.play(proof.move)
    attacker = 1 - proof.defender
    while not game.is_over():
        assert game.to_move == attacker
        move = rng.choice(game.legal_moves())
        game.play(move)
        if game.is_over():
            break
        col = game.grid_column(int(move))
        answer = proof.reply((col, len(game.grid[col]) - 1), filled(game))
        assert answer is not None, "every cell the attacker can take is in a pair"
        number = game.column_number(answer[0])
        assert game.landing_cell(number) == answer, "the answer is always playable at once"
        game.play(str(number))
    assert game.winner() != attacker
    if proof.wins:
        assert game.winner() == proof.defender, "a winning proof's defender completes its line"


@pytest.mark.parametrize("cls", [ConnectFour, FiveInARow])
def test_proofs_never_contradict_the_solver(cls):
    rng = random.Random(38)
    proved = checked = 0
    for _ in range(SAMPLES):
        game = random_position(cls, rng, rng.randint(20, 30))  # 12-22 empty cells: the solver is quick
        if game is None:
            continue
        proof = prove(game)
        checked += 1
        if proof is not None:
            proved += 1
            assert defender_value(game, proof) >= 0, game.history
            play_out(game, proof, rng)
    assert checked > SAMPLES // 2
    assert proved > 0  # the prover does find proofs at these depths


@pytest.mark.parametrize("variant", [MINI, SIDES, ODD])
def test_small_boards_agree_with_the_solver(variant):
    rng = random.Random(5)
    solver = Solver(variant, engine="python")
    proved = 0
    for _ in range(SAMPLES):
        game = random_position(variant, rng, rng.randint(0, variant.cells - 2))
        if game is None:
            continue
        proof = prove(game)
        if proof is not None:
            proved += 1
            assert defender_value(game, proof, solver) >= 0, game.history
            play_out(game, proof, rng)
    assert proved > 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["four", "five", "mini", "sides", "odd"]),
    seed=st.integers(0, 10**6),
    fill=st.floats(0.3, 0.95),
)
def test_property_a_proof_is_a_winning_strategy_for_the_draw(kind, seed, fill):
    rng = random.Random(seed)
    target = {"four": ConnectFour, "five": FiveInARow, "mini": MINI, "sides": SIDES, "odd": ODD}[kind]
    game = random_position(target, rng, int(42 * fill) if kind in ("four", "five") else int(target.cells * fill))
    if game is None:
        return
    for side in (0, 1):  # each side asked for, as the Hint asks
        proof = prove(game, side)
        if proof is None:
            continue
        assert proof.defender == side
        for attacker_seed in range(3):
            play_out(game, proof, random.Random(attacker_seed))
        if game.variant.cells - game.discs_on_board <= 16:
            solver = Solver(game.variant, engine="python") if kind in ("mini", "sides", "odd") else None
            value = defender_value(game, proof, solver)
            assert value >= 0 and (not proof.wins or value == 1)


def test_claimeven_alone_proves_a_draw():
    # 5 en raya after 22 discs, red to move, every column with an even number of empty cells:
    # yellow answers every red disc on top of it in the same column
    game = FiveInARow.from_moves("4742337363525667733644")
    proof = prove(game)
    assert proof is not None
    assert proof.defender == 1 and not proof.to_move and proof.move is None
    assert {rule.kind for rule in proof.rules} == {"claimeven", "aftereven"}
    assert {k for k, n in proof.used().items() if n} == {"claimeven"}
    # yellow's line along row 4 (columns 1-2 empty, both claimed): yellow ends up completing it, a win
    won = next(rule for rule in proof.rules if rule.kind == "aftereven")
    assert won.cells == ((1, 3), (2, 3)) and proof.wins
    assert solve(game, weak=True) == -1
    # every empty cell is in exactly one pair, and yellow gets each column's even rows (1-based)
    cells = [cell for rule in proof.rules if rule.kind == "claimeven" for cell in rule.cells]
    empty = [(c, r) for c in range(game.width) for r in range(game.height) if game.cell(c, r) is None]
    assert sorted(cells) == sorted(empty)
    assert all(
        upper == (lower[0], lower[1] + 1) and (upper[1] + 1) % 2 == 0
        for lower, upper in (rule.cells for rule in proof.rules if rule.kind == "claimeven")
    )
    # each of red's lines that is still open holds a cell yellow claims
    for line, rule in proof.refutations:
        assert rule.cells[1] in line
        assert all(game.cell(c, r) != 1 for c, r in line)
    assert solve(game, weak=True) <= 0  # red (to move) cannot win


def test_claimeven_on_connect_four_and_the_side_to_move():
    game = ConnectFour.from_moves("1452327714244164413652")  # red to move, yellow holds by claimeven
    proof = prove(game)
    assert (proof.defender, proof.to_move) == (1, False)
    assert {rule.kind for rule in proof.rules} == {"claimeven"} and not proof.wins
    assert proof.used() == {
        "claimeven": len(proof.refutations),
        "vertical": 0,
        "baseinverse": 0,
        "lowinverse": 0,
        "mirror": 0,
        "baseclaim": 0,
        "highinverse": 0,
        "aftereven": 0,
        "threat": 0,
    }
    assert len(proof.refutations) == 17 and solve(game, weak=True) <= 0
    odd = ConnectFour.from_moves("67144134445746")  # two columns odd: a baseinverse completes the pairing
    proof = prove(odd)
    assert (proof.defender, proof.to_move) == (1, False)
    assert proof.used()["claimeven"] == len(proof.refutations)  # claimeven alone refutes every line
    assert [rule.kind for rule in proof.rules].count("baseinverse") == 1
    mover = ConnectFour.from_moves("55116654413354741")  # yellow to move: one drop, then claimeven
    proof = prove(mover)
    assert proof.defender == 1 and proof.to_move and proof.move in mover.legal_moves()
    assert solve(mover, weak=True) >= 0


def test_baseinverse_and_lowinverse_are_named():
    game = FiveInARow.from_moves("1633473462112516714414")  # red to move; two columns hold an odd count
    proof = prove(game)
    assert proof is not None and not proof.to_move
    kinds = [rule.kind for rule in proof.rules]
    assert "baseinverse" in kinds and proof.used()["baseinverse"] >= 1
    for rule in proof.rules:
        if rule.kind == "baseinverse":
            a, b = rule.cells
            assert game.cell(a[0], a[1]) is None and a[1] == len(game.grid[a[0]])  # both playable now
            assert b[1] == len(game.grid[b[0]])
            assert rule.partner(a) == b and rule.partner(b) == a
    low = prove(FiveInARow.from_moves("7343477644132173"))
    assert low is not None and low.used()["lowinverse"] >= 1
    rule = next(r for r in low.rules if r.kind == "lowinverse")
    a, b, above_a, above_b = rule.cells
    assert rule.partner(a) == b and rule.partner(above_b) == above_a
    assert Rule("claimeven", ((1, 0), (1, 1))).partner((1, 1)) is None  # the upper cell is never the attacker's


def test_refusals():
    with pytest.raises(TypeError, match="got str"):
        prove("4455")
    with pytest.raises(TypeError, match="got NoneType"):
        prove(None)
    with pytest.raises(ValueError, match="PopOut"):
        prove(ConnectFour(popout=True))
    with pytest.raises(ValueError, match="over"):
        prove(ConnectFour.from_moves("1212121"))
    game = FiveInARow.from_moves("23413721442244")
    with pytest.raises(TypeError, match="got dict"):
        proof_reason({}, game)
    proof = prove(game)
    with pytest.raises(TypeError, match="got list"):
        proof_reason(proof, [])
    with pytest.raises(ValueError, match="language"):
        proof_reason(proof, game, "xx")


def test_no_proof_is_an_honest_none():
    assert prove(FiveInARow()) is None  # the empty grid: these rules cannot show the draw
    assert prove(ConnectFour()) is None  # red wins Connect Four: nothing can prove yellow's draw


def test_reason_in_words_english_and_spanish():
    game = FiveInARow.from_moves("1633473462112516714414")
    proof = prove(game)
    en = proof_reason(proof, game)
    assert en.startswith("Yellow is sure of at least a draw")
    assert "claimeven" not in en and "same-column answer" in en and "baseinverse" in en and "same column" in en
    a = next(r for r in proof.rules if r.kind == "baseinverse").cells[0]
    assert f"column {game.column_number(a[0])}, row {a[1] + 1}" in en.lower()
    es = proof_reason(proof, game, "es")
    assert es.startswith("El amarillo tiene asegurado al menos el empate") and "misma columna" in es and "columna" in es
    mover = ConnectFour.from_moves("55116654413354741")
    moved = proof_reason(prove(mover), mover)
    assert moved.startswith(f"Yellow plays column {prove(mover).move} first.")


def test_the_leaf_test_keeps_the_solver_exact():
    from gamekit.connect.prove import leaf_for

    rng = random.Random(11)
    for cls in (ConnectFour, FiveInARow):
        plain = Solver(cls.variant, engine="python")
        with_leaf = Solver(cls.variant, engine="auto", leaf=leaf_for(cls.variant))
        zugzwang = Solver(cls.variant, engine="python", leaf=leaf_for(cls.variant, zugzwang=True))
        assert with_leaf.engine == "python"
        done = 0
        while done < 6:
            game = random_position(cls, rng, 42 - 16)
            if game is None:
                continue
            done += 1
            for solver in (plain, with_leaf, zugzwang):
                solver.reset()
            exact = plain.solve(game)
            assert with_leaf.solve(game) == exact == zugzwang.solve(game), game.history  # exact scores, not only weak
            weak = plain.solve(game, weak=True)
            assert with_leaf.solve(game, weak=True) == weak == zugzwang.solve(game, weak=True)


def test_leaf_refusals():
    from gamekit.connect.prove import leaf_for

    with pytest.raises(TypeError, match="Variant"):
        leaf_for("five")
    with pytest.raises(TypeError, match="leaf="):
        Solver(MINI, leaf=3)
    with pytest.raises(ValueError, match="pure-Python"):
        Solver(MINI, engine="compiled", leaf=leaf_for(MINI))


def test_mirror_pairs_two_columns_several_rows_deep():
    game = FiveInARow.from_moves("745755323134742253")
    proof = prove(game)
    assert proof is not None and not proof.to_move and proof.used()["mirror"] >= 1
    rule = next(r for r in proof.rules if r.kind == "mirror")
    pairs = list(zip(rule.cells[::2], rule.cells[1::2]))
    assert len(pairs) >= 3
    for t, (a, b) in enumerate(pairs):
        assert a[1] == len(game.grid[a[0]]) + t and b[1] == len(game.grid[b[0]]) + t  # t-th empty cell of each
        assert rule.partner(a) == b and rule.partner(b) == a
    assert "(mirror)" in proof_reason(proof, game) and "(mirror)" in proof_reason(proof, game, "es")
    assert solve(game, weak=True) <= 0
    for seed in range(5):
        play_out(game, proof, random.Random(seed))


def every_attack(game: ConnectGame, proof: Proof) -> int:
    """Play *every* sequence of attacker drops against the proof's answers; returns the games played out.
    Fails if the attacker ever completes a line or an answer is not playable."""
    attacker = 1 - proof.defender

    def walk(g: ConnectGame) -> int:
        if g.is_over():
            assert g.winner() != attacker
            assert not proof.wins or g.winner() == proof.defender
            return 1
        total = 0
        for move in g.legal_moves():
            after = g.copy()
            after.play(move)
            if after.is_over():
                assert after.winner() != attacker, after.history
                total += 1
                continue
            col = after.grid_column(int(move))
            answer = proof.reply((col, len(after.grid[col]) - 1), filled(after))
            number = after.column_number(answer[0])
            assert after.landing_cell(number) == answer
            after.play(str(number))
            total += walk(after)
        return total

    start = game.copy()
    if proof.to_move:
        start.play(proof.move)
    return walk(start)


@pytest.mark.parametrize("variant", [MINI, SIDES, ODD, ConnectFour, FiveInARow])
def test_every_attack_fails_against_a_proof(variant):
    rng = random.Random(17)
    proofs = games = 0
    cells = 42 if isinstance(variant, type) else variant.cells
    for _ in range(200):
        game = random_position(variant, rng, cells - rng.choice([6, 8] if isinstance(variant, type) else [6, 8, 10]))
        if game is None:
            continue
        proof = prove(game)
        if proof is None:
            continue
        proofs += 1
        games += every_attack(game, proof)
        if proofs == 15:
            break
    assert proofs > 0 and games > proofs


def test_reason_when_no_line_is_left():
    game = FiveInARow.from_moves("2273673755144661436716677124335424")
    proof = prove(game)
    assert proof is not None and proof.refutations == () and proof.rules
    assert proof_reason(proof, game) == (
        "Yellow is sure of at least a draw: red has no line left that could still be completed."
    )
    assert proof_reason(proof, game, "es").startswith("El amarillo tiene asegurado al menos el empate")
    assert solve(game, weak=True) <= 0


def test_red_holds_by_a_threat_kept_for_the_end():
    # yellow to move, 13 empty cells (odd): no complete pairing exists; red's threat at column 1, row 5 (odd)
    # leaves column 1 from row 4 up to the end, the other 10 cells are paired, and yellow must fill row 4 last
    game = FiveInARow.from_moves("74474355364566377156621624212")
    proof = prove(game)
    assert proof.defender == 0 and not proof.to_move and proof.wins
    threat = next(rule for rule in proof.rules if rule.kind == "threat")
    assert threat.cells == ((1, 3), (1, 4)) and proof.reply((1, 3)) == (1, 4)
    assert game.cell(1, 3) is None and game.cell(1, 2) is not None
    assert proof.used()["threat"] >= 1
    assert all((1, 4) in line or (1, 5) in line for line, rule in proof.refutations if rule == threat)
    assert solve(game, weak=True) == -1  # yellow (to move) loses
    assert prove(game, 1) is None and prove(game, zugzwang=False) is None
    en = proof_reason(proof, game)
    assert en.startswith("Red is sure to win") and "red has a threat at column 1, row 5" in en.lower()
    assert "(a threat kept for the end)" in en
    es = proof_reason(proof, game, "es")
    assert es.startswith("El rojo tiene la victoria asegurada") and "amenaza guardada para el final" in es
    for seed in range(5):
        play_out(game, proof, random.Random(seed))
    assert every_attack(game, proof) > 1


def test_aftereven_refutes_the_lines_above_a_claimed_group():
    game = FiveInARow.from_moves("276521553451453675221461677447")  # red to move
    proof = prove(game)
    assert proof.defender == 1 and proof.wins and proof.used()["aftereven"] == 1
    group = next(rule for rule in proof.rules if rule.kind == "aftereven")
    claims = {rule.cells[1] for rule in proof.rules if rule.kind == "claimeven"}
    assert set(group.cells) <= claims  # every empty cell of yellow's group is claimed
    for line, rule in proof.refutations:
        if rule == group:  # red's line lies above the group in its columns
            for col, row in group.cells:
                assert any(c == col and r > row for c, r in line)
    assert "(aftereven)" in proof_reason(proof, game) and solve(game, weak=True) == -1
    assert prove(game, zugzwang=False) is None or not prove(game, zugzwang=False).wins
    every_attack(game, proof)


def test_the_side_asked_for():
    game = FiveInARow.from_moves("74474355364566377156621624212")
    assert prove(game, 0).defender == 0 and prove(game, 1) is None
    with pytest.raises(ValueError, match="side 2"):
        prove(game, 2)
    with pytest.raises(ValueError, match="side True"):
        prove(game, True)
    with pytest.raises(ValueError, match="side '0'"):
        prove(game, "0")


def test_two_threats_kept_for_the_end():
    # red to move, 18 empty cells; yellow's threats at column 2, row 3 and column 6, row 3: with both columns
    # left out from the cell under the threat up, the rest pairs up, and red must at last drop under one of them
    game = ConnectFour.from_moves("715374243351355441135577")
    proof = prove(game)
    assert proof.defender == 1 and proof.wins and not proof.to_move
    threats = [rule.cells for rule in proof.rules if rule.kind == "threat"]
    assert threats == [((1, 1), (1, 2)), ((5, 1), (5, 2))]
    en = proof_reason(proof, game)
    assert (
        "yellow has threats at column 2, row 3 and column 6, row 3" in en.lower() and "(threats kept for the end)" in en
    )
    assert "amenazas guardadas para el final" in proof_reason(proof, game, "es")
    assert solve(game, weak=True) == -1
    for seed in range(10):
        play_out(game, proof, random.Random(seed))


def test_prove_columns_asks_both_sides_and_agrees_with_the_solver():
    from gamekit.connect.prove import prove_columns
    from gamekit.connect.solver import analyse

    rng = random.Random(21)
    wins = losses = checked = 0
    for _ in range(40):
        game = random_position(FiveInARow, rng, 42 - rng.randint(18, 24))
        if game is None:
            continue
        exact = analyse(game, time_budget=None)  # exact for every column, however busy the machine
        for move, column in prove_columns(game).items():
            outcome = (exact[move] > 0) - (exact[move] < 0)
            assert column.low <= outcome <= column.high, (game.history, move)
            checked += 1
            if column.proof is None:
                continue
            assert column.proof is column.proofs[0]
            mine = [p for p in column.proofs if p.defender == game.to_move]
            theirs = [p for p in column.proofs if p.defender != game.to_move]
            assert column.proofs == tuple(mine + theirs)  # the mover's proof first
            assert column.low == (1 if mine and mine[0].wins else 0 if mine else -1)
            wins += column.low == 1  # the mover's proof wins after the drop
            losses += column.high == -1 and bool(theirs)  # the other side's proof wins after it
    assert checked > 100 and wins > 0 and losses > 0


@pytest.mark.parametrize("seed", range(4))
def test_hard_keeps_a_proved_win(seed):
    """Red to move; the rules prove column 2 a win (a threat kept for the end): Hard plays it, keeps the
    proof's answers and wins, against Medium, which never drops under a threat unless it must."""
    from gamekit.connect import cpu_player
    from gamekit.connect.players import proved_bounds_of_moves

    game = FiveInARow.from_moves("7447435536456637715662162421")
    assert proved_bounds_of_moves(game)["2"] == (1, 1)
    hard, medium = cpu_player("hard", seed, time_budget=None, max_depth=1), cpu_player("medium", seed)
    while not game.is_over():
        game.play((hard if game.to_move == 0 else medium).choose(game))
    assert game.winner() == 0, game.history


def test_baseclaim_answers_keep_one_of_each_pair():
    """Every order in which the attacker takes the four cells of a baseclaim: each answer is one of its cells, free
    when the attacker's drop makes it playable, and the defender ends with one of p1, q and one of p2, p3."""
    p1, p2, q, p3 = (0, 0), (1, 0), (1, 1), (2, 0)
    rule = Rule("baseclaim", (p1, p2, q, p3))

    def attacks(taken: dict) -> int:
        free = [c for c in (p1, p2, p3) if c not in taken] + ([q] if p2 in taken and q not in taken else [])
        if not free:
            mine = {c for c, who in taken.items() if who == "defender"}
            assert mine & {p1, q} and mine & {p2, p3}, taken
            return 1
        total = 0
        for cell in free:
            after = dict(taken)
            after[cell] = "attacker"
            answer = rule.partner(cell, after)
            assert answer in (p1, p2, q, p3) and answer not in after, (taken, cell, answer)
            assert answer != q or p2 in after, "q is answered only once p2 is filled"
            after[answer] = "defender"
            total += attacks(after)
        return total

    assert attacks({}) == 5  # p1 first: one order; p2 or p3 first: then p1 or q, two orders each
    assert rule.partner((3, 0)) is None


BASECLAIM_ONLY = [  # positions whose only proof found uses a baseclaim (the pairing alone proves nothing)
    (FiveInARow, "47123516157611625432552747256273"),
    (FiveInARow, "32615374435145676171133766456234"),
    (ConnectFour, "2766474135323373771365255446761112"),
    (SIDES, "424422"),
    (ODD, "3122114444"),
]


@pytest.mark.parametrize("target, moves", BASECLAIM_ONLY)
def test_baseclaim_proves_what_the_pairing_alone_cannot(target, moves):
    game = target.from_moves(moves) if isinstance(target, type) else ConnectGame.from_moves(moves, variant=target)
    proof = prove(game)
    assert proof is not None and proof.used()["baseclaim"] >= 1
    assert prove(game, proof.defender, baseclaim=False) is None
    assert defender_value(game, proof) >= 0  # the exact solver agrees
    assert every_attack(game, proof) > 1  # every attacker sequence against the proof's answers
    assert "(baseclaim)" in proof_reason(proof, game) and "(baseclaim)" in proof_reason(proof, game, "es")


def test_highinverse_answers_keep_one_of_each_pair():
    """Every order in which the attacker drops into the lowest three empty cells of two columns (a highinverse):
    each answer is one of its cells and playable at once, and the defender ends with one cell of each of the six
    pairs — the two upper cells, the two middle cells, each column's middle and upper cell, each column's lower
    cell and the other column's upper cell."""
    a = [(1, 2), (1, 3), (1, 4)]  # a column with two discs in it, and one with none: heights do not matter
    b = [(4, 0), (4, 1), (4, 2)]
    rule = Rule("highinverse", (*a, *b))
    pairs = [(a[2], b[2]), (a[1], b[1]), (a[1], a[2]), (b[1], b[2]), (a[0], b[2]), (b[0], a[2])]

    def playable(taken: dict) -> list:
        return [next(c for c in column if c not in taken) for column in (a, b) if any(c not in taken for c in column)]

    def attacks(taken: dict) -> int:
        free = playable(taken)
        if not free:
            mine = {c for c, who in taken.items() if who == "defender"}
            assert all(mine & set(pair) for pair in pairs), taken
            return 1
        total = 0
        for cell in free:
            after = dict(taken)
            after[cell] = "attacker"
            answer = rule.partner(cell, after)
            assert answer in playable(after), (taken, cell, answer)
            after[answer] = "defender"
            total += attacks(after)
        return total

    assert attacks({}) == 4  # either column first, then its upper cell or the other's lower cell; the rest is forced
    assert rule.partner((0, 0)) is None and rule.partner((1, 1)) is None  # not its cells


HIGHINVERSE_ONLY = [  # positions whose only proof found uses a highinverse (none without it)
    (FiveInARow, "4752647321435757551773651"),
    (FiveInARow, "5512646444635633234136237641"),
    (ConnectFour, "46411613447326664451"),  # red, to move, wins
    (ConnectFour, "41642357575526723546166761"),
    (SIDES, "3321"),
    (ODD, "312414"),
]


@pytest.mark.parametrize("target, moves", HIGHINVERSE_ONLY)
def test_highinverse_proves_what_the_other_rules_cannot(target, moves):
    game = target.from_moves(moves) if isinstance(target, type) else ConnectGame.from_moves(moves, variant=target)
    proof = prove(game)
    assert proof is not None and proof.used()["highinverse"] >= 1
    assert prove(game, proof.defender, highinverse=False) is None
    assert prove(game, highinverse=False) is None or prove(game, highinverse=False).defender != proof.defender
    value = defender_value(game, proof)
    assert value >= 0 and (not proof.wins or value == 1)  # the exact solver agrees
    assert every_attack(game, proof) > 1  # every attacker sequence against the proof's answers
    rule = next(r for r in proof.rules if r.kind == "highinverse")
    start = game.copy()
    if proof.to_move:
        start.play(proof.move)
    for col, row in (rule.cells[0], rule.cells[3]):  # at the base of two columns with an odd number of empty cells
        assert row == len(start.grid[col]) and (start.variant.rows - row) % 2 == 1
    assert [c[1] - rule.cells[0][1] for c in rule.cells[:3]] == [0, 1, 2]
    en, es = proof_reason(proof, game), proof_reason(proof, game, "es")
    assert "(highinverse)" in en and "(highinverse)" in es
    assert f"Columns {game.column_number(rule.cells[0][0])} and {game.column_number(rule.cells[3][0])}" in en


def test_highinverse_refusals_and_switch():
    """Where no two columns have an odd number of empty cells, at least three, the highinverse adds nothing: the
    same answer with and without it; ``highinverse=False`` reaches prove_columns too."""
    game = FiveInARow.from_moves("1633473462112516714414")
    assert prove(game) == prove(game, highinverse=False)
    assert prove(FiveInARow()) is None and prove(FiveInARow(), highinverse=False) is None
    only = FiveInARow.from_moves(HIGHINVERSE_ONLY[0][1])
    with_it, without = prove_columns(only), prove_columns(only, highinverse=False)
    assert with_it.keys() == without.keys()
    for move, found in without.items():
        assert all(r.kind != "highinverse" for p in found.proofs for r in p.rules)
        assert with_it[move].low >= found.low and with_it[move].high <= found.high  # never looser
