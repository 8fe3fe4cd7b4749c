"""After a miss Practice serves no harder puzzle, before it avoids repeating one: a pupil who keeps missing
repeats an easier puzzle rather than climbs to puzzles far above their level (every list of every game)."""

from dataclasses import replace

import pytest

from gamekit.progress import level
from gamekit.puzzles import GAME_IDS, pick
from gamekit.puzzles.pools import lesson_choices, practice_pool, practice_update, served_this_round, start_rating
from gamekit.puzzles.ratings import Rating


def _lists(game_id):
    from gamekit.puzzles.pools import lesson_pool

    return [(f"lesson {key}", lesson_pool(game_id, key)) for _, key in lesson_choices(game_id)] + [
        (f"idea {theme}", practice_pool(game_id, theme)) for theme in _themes(game_id)
    ]


def _themes(game_id):
    from gamekit.puzzles.core import game_themes

    return [t for t in game_themes(game_id) if practice_pool(game_id, t)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_pupil_who_keeps_missing_never_gets_a_harder_puzzle(game_id):
    for name, pool in _lists(game_id):
        pupil = start_rating(game_id)
        served: list[str] = []
        last = None
        for turn in range(2 * len(pool) + 3):
            puzzle = pick(pool, pupil.rating, seed=turn, exclude=served_this_round(pool, served), at_most=last)
            if last is not None:
                assert puzzle.rating <= last, (game_id, name, turn, puzzle.id)
            served.append(puzzle.id)
            pupil = practice_update(pupil, Rating(puzzle.rating, puzzle.rd), solved=False)
            last = puzzle.rating
        # missing over and over ends on the list's easiest level, not high up
        assert level(last) == min(level(p.rating) for p in pool), (game_id, name)


def _puzzles(*ratings):
    from gamekit.puzzles import bank

    return [replace(p, rating=r) for p, r in zip(bank("five_in_a_row"), ratings)]


def test_after_a_miss_an_easier_puzzle_comes_again_before_a_harder_new_one():
    easy, hard = _puzzles(900.0, 1500.0)
    assert pick([easy, hard], 900.0, seed=1, exclude={easy.id}, at_most=1000.0).id == easy.id


def test_the_skip_still_holds_among_puzzles_no_harder():
    a, b, hard = _puzzles(900.0, 950.0, 1500.0)
    for seed in range(5):
        assert pick([a, b, hard], 900.0, seed=seed, exclude={a.id}, at_most=1000.0).id == b.id


def test_after_a_first_try_solve_the_skip_outranks_none_easier():
    easy, hard = _puzzles(900.0, 1500.0)
    assert pick([easy, hard], 1400.0, seed=1, exclude={hard.id}, at_least=1500.0).id == easy.id


def test_a_bound_nothing_meets_is_ignored_and_bad_bounds_are_refused():
    a, b = _puzzles(900.0, 950.0)
    assert pick([a, b], 900.0, seed=1, at_most=100.0).id in {a.id, b.id}
    with pytest.raises(ValueError):
        pick([a, b], 900.0, at_most="low")
    with pytest.raises(ValueError):
        pick([], 900.0)
