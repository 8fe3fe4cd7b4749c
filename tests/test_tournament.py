"""The shared tournament and Elo fit."""

import random

import pytest

from gamekit.dots import DotsAndBoxes
from gamekit.tournament import PairResult, fit_elo, play_game, play_pair, tournament


class FirstLine:
    def choose(self, game):
        return game.legal_moves()[0]


class RandomLine:
    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(game.legal_moves())


def test_play_game_returns_the_winning_seat_and_records_move_times():
    times = [[], []]
    outcome = play_game(lambda: DotsAndBoxes(2, 2), [FirstLine(), FirstLine()], times)
    game = DotsAndBoxes(2, 2)
    while not game.is_over():
        game.play(game.legal_moves()[0])
    assert outcome == game.outcome() and outcome.winner == game.winner()
    assert outcome.termination.value == "all boxes taken" and outcome.scores == game.scores
    assert len(times[0]) + len(times[1]) == 12


def test_starts_alternate_between_the_two_players():
    seen_first = []

    class Spy(FirstLine):
        def __init__(self, name):
            self.name = name

        def choose(self, game):
            if not game.history:
                seen_first.append(self.name)
            return super().choose(game)

    play_pair(lambda: DotsAndBoxes(1, 1), ("a", Spy("a")), ("b", Spy("b")), games=4)
    assert seen_first == ["a", "b", "a", "b"]


def test_draws_count_half_a_win():
    assert PairResult("a", "b", wins=3, draws=2, losses=5).score == pytest.approx(0.4)


def test_elo_is_zero_sum_and_orders_by_strength():
    pairs = [PairResult("strong", "weak", wins=90, draws=0, losses=10)]
    ratings = fit_elo(pairs, anchor="weak")
    assert ratings["weak"] == 0
    # 90 % expected score ↔ about +380 Elo (the half-draw prior pulls it in slightly)
    assert 330 < ratings["strong"] < 400


def test_equal_results_give_equal_ratings():
    ratings = fit_elo([PairResult("a", "b", wins=10, draws=0, losses=10)])
    assert abs(ratings["a"] - ratings["b"]) < 1


def test_a_perfect_score_stays_finite():
    ratings = fit_elo([PairResult("a", "b", wins=100)], anchor="b")
    assert 500 < ratings["a"] < 1500


def test_tournament_plays_every_pair():
    result = tournament(
        lambda: DotsAndBoxes(2, 2),
        {"first": FirstLine, "random": lambda: RandomLine(1), "random2": lambda: RandomLine(2)},
        games_per_pair=4,
        progress=False,
    )
    assert [(p.first, p.second, p.games) for p in result.pairs] == [
        ("first", "random", 4),
        ("first", "random2", 4),
        ("random", "random2", 4),
    ]
    assert set(result.ratings) == {"first", "random", "random2"}
    assert "Elo" in result.table()


def test_one_tally_counts_pair_results_and_group_standings():
    from gamekit.rooms.ratings import Standing
    from gamekit.tournament import Tally

    for tally in (Tally(), PairResult("a", "b"), Standing(7)):
        for score in (1, 0.5, 0, 1):
            tally.add(score)
        assert (tally.wins, tally.draws, tally.losses, tally.games, tally.points) == (2, 1, 1, 4, 2.5)
    assert PairResult("a", "b", wins=2, draws=1, losses=1).score == pytest.approx(2.5 / 4)
    assert Tally(1, 2, 3).games == 6 and "wins=1" in repr(Tally(1, 2, 3))
