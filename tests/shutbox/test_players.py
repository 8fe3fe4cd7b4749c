"""CPU players: legal, reproducible, objectives per situation; simulations agree with the exact values."""

import pytest

from gamekit.shutbox import Rules, ShutTheBox, cpu_player, objective_for, shut_probability
from gamekit.shutbox.simulation import simulate
from gamekit.tournament import play_game


def run(game, players):
    while not game.is_over():
        action = players[game.to_move].choose(game)
        assert action in game.legal_moves()
        game.play(action)
    return game


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("variant,n", [("round", 1), ("round", 3), ("long", 2), ("to_45", 2)])
def test_cpu_plays_legal_moves_in_every_variant(level, variant, n):
    for seed in range(3):
        for rules in (Rules(), Rules("under_six", "digits"), Rules(one_die="never")):
            g = ShutTheBox(n, rules, variant, seed=seed)
            run(g, [cpu_player(level, seed=seed + i) for i in range(n)])
            assert g.is_over()


def test_seeded_cpu_is_reproducible():
    def game(seed):
        g = ShutTheBox(3, seed=11)
        return run(g, [cpu_player("easy", seed=seed) for _ in range(3)]).to_dict()

    assert game(5) == game(5)
    assert any(game(5) != game(s) for s in range(6, 12))


def test_level_validation_and_choose_after_end():
    with pytest.raises(ValueError):
        cpu_player("expert")
    g = run(ShutTheBox(1, seed=0), [cpu_player("hard")])
    with pytest.raises(ValueError):
        cpu_player("hard").choose(g)


def test_medium_covers_the_largest_tile():
    g = ShutTheBox(1, dice=[(4, 4)])
    g.roll()
    assert cpu_player("medium").choose(g) == ("cover", (8,))


def test_hard_objectives_by_situation():
    assert objective_for(ShutTheBox(1)) == ("shut", None)
    assert objective_for(ShutTheBox(1, Rules(scoring="digits"))) == ("score", None)
    assert objective_for(ShutTheBox(2, variant="to_45")) == ("score", None)
    assert objective_for(ShutTheBox(2, variant="long")) == ("shut", None)
    g = ShutTheBox(2, dice=[(6, 6), (1, 1), (1, 1)])
    assert objective_for(g) == ("score", None)
    g.roll()
    g.cover(9, 3)
    g.roll()
    g.cover(2)
    g.roll()
    assert objective_for(g) == ("beat", 31)


def test_hard_opens_with_the_nine():
    g = ShutTheBox(1, dice=[(6, 3)])
    g.roll()
    assert cpu_player("hard").choose(g) == ("cover", (9,))


def test_hard_dice_choice_uses_one_die_for_a_lone_1():
    # open: only tile 1 left cannot be made by two dice; hard rolls one die
    g = ShutTheBox(1, dice=[(6, 3), (6, 2), (6, 1), (5, 1), (4, 1), (2, 2), (1, 2), (1, 1)])
    for tiles in [(9,), (8,), (7,), (6,), (5,), (4,), (3,), (2,)]:
        g.roll()
        g.cover(*tiles)
    assert g.open_tiles == (1,) and g.dice_options() == (1, 2)
    assert cpu_player("hard").choose(g) == ("roll", 1)
    assert cpu_player("medium").choose(g) == ("roll", 1)


def test_simulated_optimal_policy_agrees_with_the_exact_shut_probability():
    # 20 000 solo turns: the standard error of the rate is about 0.21 %; tolerance 4 standard errors
    for rules in (Rules(), Rules(one_die="never")):
        exact = float(shut_probability(rules))
        res = simulate("optimal (shut)", 20_000, rules, seed=2024)
        assert abs(res["shut"] - exact) < 4 * res["stderr"], (res, exact)


def test_hard_cpu_in_the_game_engine_agrees_with_the_exact_value():
    # the game engine + hard player, 4 000 solo games: tolerance 4 standard errors (≈ 1.9 %)
    exact = float(shut_probability())
    shut = 0
    n = 4000
    for seed in range(n):
        g = run(ShutTheBox(1, seed=seed), [cpu_player("hard")])
        shut += g.shut_by == 0
    se = (exact * (1 - exact) / n) ** 0.5
    assert abs(shut / n - exact) < 4 * se


def test_tournament_interface():
    o = play_game(lambda: ShutTheBox(2, seed=1), [cpu_player("hard"), cpu_player("easy", seed=1)])
    assert o.winner in (0, 1, None) and sum(o.results) == 1
    assert o.termination.value in ("box shut", "lowest score")
    o = play_game(lambda: ShutTheBox(2, variant="long", seed=1), [cpu_player("hard"), cpu_player("medium")])
    assert o.winner in (0, 1) and o.termination.value in ("box shut", "box opened")
