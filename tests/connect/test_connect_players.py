"""CPU players: legal moves, reproducible with a seed, the tactics each level promises."""

import pytest

from gamekit.connect import ConnectFour, FiveInARow, cpu_player, solve
from gamekit.tournament import play_game


def play_out(new_game, a, b):
    game = new_game()
    while not game.is_over():
        seat = (a, b)[game.to_move]
        move = seat.choose(game)
        assert move in game.legal_moves()
        game.play(move)
    return game


FAST_HARD = dict(time_budget=None, max_depth=3)


@pytest.mark.parametrize("cls", [ConnectFour, FiveInARow])
@pytest.mark.parametrize("popout", [False, True])
@pytest.mark.parametrize("pair", [("easy", "medium"), ("medium", "hard"), ("hard", "easy")])
def test_levels_play_legal_games(cls, popout, pair):
    def make(level, seed):
        return cpu_player(level, seed, **FAST_HARD) if level == "hard" else cpu_player(level, seed)

    game = play_out(lambda: cls(popout=popout), make(pair[0], 1), make(pair[1], 2))
    assert game.is_over()


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_seeded_players_are_reproducible(level):
    def run():
        opts = FAST_HARD if level == "hard" else {}
        a, b = cpu_player(level, 5, **opts), cpu_player(level, 6, **opts)
        return play_out(lambda: FiveInARow(popout=True), a, b).history

    assert run() == run()


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_takes_a_win_in_one(level):
    g = FiveInARow.from_moves("172737")  # red drops 4: five with the side disc
    opts = FAST_HARD if level == "hard" else {}
    for seed in range(5):
        assert cpu_player(level, seed, **opts).choose(g) == "4"


def test_win_in_one_by_popping():
    g = FiveInARow.from_moves("444524p2p54773656657", popout=True)
    assert cpu_player("medium", 0).choose(g) == "p4"
    assert cpu_player("hard", 0, **FAST_HARD).choose(g) == "p4"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_blocks_a_win_in_one(level):
    g = ConnectFour.from_moves("15253")  # red threatens 1-2-3-4 on the bottom row
    opts = FAST_HARD if level == "hard" else {}
    for seed in range(5):
        assert cpu_player(level, seed, **opts).choose(g) == "4"


def _opponent_wins_after(game, move):
    game.play(move)
    try:
        if game.is_over():
            return game.winner() == game.to_move  # a pop that handed the opponent a line
        for r in game.legal_moves():
            game.play(r)
            won = game.winner() == 1 - game.to_move
            game.undo()
            if won:
                return True
        return False
    finally:
        game.undo()


@pytest.mark.parametrize("cls", [ConnectFour, FiveInARow])
@pytest.mark.parametrize("popout", [False, True])
def test_medium_never_gives_a_win_in_one_when_it_can_avoid_it(cls, popout):
    easy = cpu_player("easy", 3)
    checked = 0
    for seed in range(6):
        medium = cpu_player("medium", seed)
        game = cls(popout=popout)
        while not game.is_over():
            if game.to_move == 1:
                move = medium.choose(game)
                me = game.to_move
                game.play(move)
                won = game.winner() == me
                game.undo()
                if not won:
                    safe = [m for m in game.legal_moves() if not _opponent_wins_after(game, m)]
                    if safe:
                        assert move in safe
                        checked += 1
            else:
                move = easy.choose(game)
            game.play(move)
    assert checked > 10


def test_hard_prefers_the_fastest_win_and_is_exact_near_the_end():
    g = ConnectFour.from_moves("2252576253462244111563365343671351441")  # a Pons L3 position, score -1
    assert solve(g) == -1  # (also builds the compiled engine, which the 1 s budget must not pay for)
    hard = cpu_player("hard", 0, time_budget=1.0)
    move = hard.choose(g)
    g.play(move)
    assert solve(g) == 1  # it keeps the best (slowest) loss
    assert hard.last_exact


def test_hard_finds_a_win_in_three():
    g = ConnectFour.from_moves("4455")  # red: 3 or 6 makes an open three → win
    hard = cpu_player("hard", 0, time_budget=None, max_depth=5)
    move = hard.choose(g)
    assert move in ("3", "6")
    g.play(move)
    assert solve(g) == -(22 - 4)  # yellow to move loses to red's 4th disc


def test_tournament_interface():
    winner = play_game(lambda: ConnectFour(), [cpu_player("medium", 1), cpu_player("easy", 1)]).winner
    assert winner in (0, 1, None)


def test_unknown_level():
    with pytest.raises(ValueError):
        cpu_player("grandmaster")


def test_hard_keeps_to_the_moves_the_shipped_proof_shows_best():
    from gamekit.connect.players import proved_choices
    from gamekit.connect.solver import outcome_bounds

    start = FiveInARow()
    bounds = outcome_bounds(start)
    keep = proved_choices(start)
    # no first move of red wins, so the proved draws are exactly the moves kept
    assert keep == [m for m in start.legal_moves() if bounds[m][0] == 0] and "4" in keep
    for seed in range(3):
        assert cpu_player("hard", seed, **FAST_HARD).choose(start) in keep
    # after red's 4 the proof shows one reply of yellow's that holds the draw (and none that wins)
    after = FiveInARow.from_moves("4")
    b = outcome_bounds(after)
    assert all(hi <= 0 for _, hi in b.values())
    assert proved_choices(after) == [m for m, (lo, _) in b.items() if lo == 0] != []
    assert cpu_player("hard", 0, **FAST_HARD).choose(after) in proved_choices(after)
    # where the proof says nothing (Connect Four, PopOut), every legal move stays open
    assert proved_choices(ConnectFour()) == ConnectFour().legal_moves()
    pop = FiveInARow(popout=True)
    assert proved_choices(pop) == pop.legal_moves()
    over = ConnectFour.from_moves("1212121")  # red's four in column 1: no moves left
    assert over.is_over() and proved_choices(over) == []


def test_after_4_4_7_hard_must_search_among_proved_wins():
    """The browser test of a click made while the CPU thinks plays red 4, Hard's 4, red 7: Hard's first answer is
    the only one the shipped proof keeps, its second has no kept proof to read and three proved wins to choose
    from, so Hard searches there (a click needs that thinking time to land in)."""
    from gamekit.connect.players import proved_choices

    hard = cpu_player("hard", 2)
    game = FiveInARow.from_moves("4")
    assert proved_choices(game) == ["4"]
    assert hard.choose(game) == "4"
    game.play("4")
    game.play("7")
    assert hard.strategy_reply(game) is None
    assert sorted(proved_choices(game)) == ["1", "2", "5"]
    assert hard.choose(game) in ("1", "2", "5") and hard.nodes > 0  # searched: nodes counted


@pytest.mark.parametrize("seed", range(6))
def test_hard_never_gives_away_a_proved_draw_or_win(seed):
    """Seeded 5 en raya games, fixed-depth Hard against Medium: at every move of Hard's the move is one of those
    proved to keep the best outcome proved before it (shipped proof, prover), and once Hard has been proved to
    hold at least a draw it does not lose."""
    from gamekit.connect.players import proved_bounds_of_moves
    from gamekit.connect.prove import prove

    for hard_seat in (0, 1):
        game = FiveInARow()
        players = {hard_seat: cpu_player("hard", seed, **FAST_HARD), 1 - hard_seat: cpu_player("medium", seed)}
        held = False  # Hard was proved to hold at least a draw
        while not game.is_over():
            seat = game.to_move
            if seat == hard_seat:
                bounds, reply = proved_bounds_of_moves(game), players[seat].strategy_reply(game)
                move = players[seat].choose(game)
                best = max(lo for lo, _ in bounds.values())
                # a proved win is played; else a proved draw is kept: by a move proved now or the proof's answer
                assert (
                    bounds[move][0] == best
                    if best == 1
                    else (bounds[move][0] >= 0 or move == reply or (best < 0 and reply is None))
                ), (game.history, move)
                held = held or best >= 0 or reply is not None
            else:
                move = players[seat].choose(game)
                proof = prove(game) if not game.is_over() else None
                held = held or (proof is not None and proof.defender == hard_seat and not proof.to_move)
            game.play(move)
        if held:
            assert game.winner() in (None, hard_seat), (seed, hard_seat, game.history)
