"""Glicko-2 ratings for pupils and puzzles (the glicko2 package) and a puzzle's first rating."""

import pytest
from hypothesis import given, strategies as st

from gamekit.puzzles import Rating, expected, first_rating, update
from gamekit.puzzles import bank


def test_a_solved_hard_puzzle_raises_the_pupil_more_than_an_easy_one():
    pupil = Rating()
    after_easy, _ = update(pupil, Rating(1100, 150), True)
    after_hard, _ = update(pupil, Rating(1900, 150), True)
    assert pupil.rating < after_easy.rating < after_hard.rating


def test_failing_an_easy_puzzle_costs_more_than_failing_a_hard_one():
    pupil = Rating(1500, 200)
    after_easy, _ = update(pupil, Rating(1100, 150), False)
    after_hard, _ = update(pupil, Rating(1900, 150), False)
    assert after_easy.rating < after_hard.rating < pupil.rating


def test_the_puzzle_moves_the_other_way_and_deviations_shrink():
    pupil, puzzle = Rating(), Rating(1500, 250)
    p1, q1 = update(pupil, puzzle, True)
    assert q1.rating < puzzle.rating and p1.rating > pupil.rating
    assert p1.rd < pupil.rd and q1.rd < puzzle.rd
    p2, q2 = update(pupil, puzzle, False)
    assert q2.rating > puzzle.rating and p2.rating < pupil.rating


def test_a_real_hard_puzzle_counts_more_than_a_real_easy_one():
    dots = bank("dots_and_boxes")
    easy = min(dots, key=lambda p: p.rating)
    hard = max(dots, key=lambda p: p.rating)
    pupil = Rating()
    gain_easy = update(pupil, Rating(easy.rating, easy.rd), True)[0].rating - pupil.rating
    gain_hard = update(pupil, Rating(hard.rating, hard.rd), True)[0].rating - pupil.rating
    assert 0 < gain_easy < gain_hard


def test_expected_score():
    assert expected(Rating(), Rating()) == pytest.approx(0.5)
    assert expected(Rating(1800), Rating(1200)) > 0.8


def test_saved_and_restored():
    r = update(Rating(), Rating(1700, 200), True)[0]
    assert Rating.from_dict(r.to_dict()) == r


@pytest.mark.parametrize(
    "bad", [dict(rating="1500"), dict(rating=True), dict(rd=0), dict(vol=-1.0), dict(rating=float("nan"))]
)
def test_bad_ratings_are_refused(bad):
    with pytest.raises(ValueError):
        Rating(**bad)


def test_bad_updates_are_refused():
    with pytest.raises(TypeError):
        update(Rating(), 1500, True)
    with pytest.raises(TypeError):
        update(Rating(), Rating(), 1)
    with pytest.raises(ValueError):
        Rating.from_dict({"rating": 1500})


@given(st.integers(0, 20), st.integers(0, 20), st.integers(1, 5), st.integers(5, 60))
def test_first_rating_grows_with_temptation_and_depth(tempting, depth, answers, legal):
    r = first_rating(tempting, depth, answers, legal)
    assert first_rating(tempting + 1, depth, answers, legal) >= r
    assert first_rating(tempting, depth + 1, answers, legal) >= r
    assert first_rating(tempting, depth, answers, legal + 1) >= r


def test_first_rating_refuses_bad_counts():
    with pytest.raises(ValueError):
        first_rating(-1, 0, 1, 3)
    with pytest.raises(ValueError):
        first_rating(1.5, 0, 1, 3)


def test_pick_chooses_near_the_pupils_rating_and_skips_seen_ones():
    from gamekit.puzzles import pick

    puzzles = bank("shut_the_box")
    for target in (1000, 1300, 1600):
        chosen = pick(puzzles, target, seed=1)
        tenth = sorted(abs(p.rating - target) for p in puzzles)[9]
        assert abs(chosen.rating - target) <= tenth
    seen = {pick(puzzles, 1200, seed=s).id for s in range(3)}
    assert pick(puzzles, 1200, seed=5, exclude=seen).id not in seen
    assert pick(puzzles, 1200, seed=7) == pick(puzzles, 1200, seed=7)
    for bad in ([], "x", [1, 2]):
        with pytest.raises(ValueError):
            pick(bad, 1200)
    with pytest.raises(ValueError):
        pick(puzzles, "1200")


def test_a_new_pupil_starts_among_the_easy_puzzles_and_climbs_quickly():
    from gamekit.progress import level
    from gamekit.puzzles import band_of

    pupil = Rating()
    assert level(pupil.rating) <= 3 and band_of(pupil.rating) == "easy"
    # two first-try solves of puzzles a little above the pupil: a level up; four: two levels up
    for step in range(4):
        pupil, _ = update(pupil, Rating(pupil.rating + 100, 150), True)
        if step == 1:
            assert level(pupil.rating) >= level(Rating().rating) + 1
    assert level(pupil.rating) >= level(Rating().rating) + 2
    # one miss costs a new pupil one level, never two; three misses bring it down to the easiest level
    low = Rating()
    for step in range(3):
        low, _ = update(low, Rating(low.rating - 100, 150), False)
        if step == 0:
            assert level(low.rating) == level(Rating().rating) - 1
    assert level(low.rating) == 1
