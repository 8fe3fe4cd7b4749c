"""Property tests over random Dots and Boxes games (hypothesis)."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.dots import DotsAndBoxes

sizes = st.tuples(st.integers(1, 5), st.integers(1, 5))


@st.composite
def random_games(draw):
    width, height = draw(sizes)
    game = DotsAndBoxes(width, height, first=draw(st.integers(0, 1)))
    n = draw(st.integers(0, game.geometry.n_lines))
    order = draw(st.permutations(game.legal_moves()))
    for line in order[:n]:
        game.play(line)
    return game


@settings(max_examples=150, deadline=None)
@given(random_games())
def test_scores_add_up_to_the_boxes_closed(game):
    closed = sum(owner is not None for owner in game.owners)
    assert sum(game.scores) == closed
    assert all(game.sides_drawn(b) == 4 for b, owner in enumerate(game.owners) if owner is not None)
    assert all(game.sides_drawn(b) < 4 for b, owner in enumerate(game.owners) if owner is None)


@settings(max_examples=60, deadline=None)
@given(sizes, st.randoms(use_true_random=False))
def test_a_game_ends_after_exactly_the_number_of_lines(size, rng):
    game = DotsAndBoxes(*size)
    played = 0
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
        played += 1
    assert played == game.geometry.n_lines
    assert sum(game.scores) == game.geometry.n_boxes


@settings(max_examples=100, deadline=None)
@given(random_games())
def test_undo_restores_the_exact_state(game):
    if game.is_over():
        return
    before = (game.to_dict(), game.drawn, list(game.owners), game.to_move, game.scores)
    game.play(game.legal_moves()[0])
    game.undo()
    assert (game.to_dict(), game.drawn, list(game.owners), game.to_move, game.scores) == before


@settings(max_examples=100, deadline=None)
@given(random_games())
def test_dict_round_trip(game):
    copy = DotsAndBoxes.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.to_dict() == game.to_dict()
    assert (copy.drawn, copy.owners, copy.to_move) == (game.drawn, game.owners, game.to_move)


@settings(max_examples=100, deadline=None)
@given(random_games())
def test_the_turn_passes_exactly_when_no_box_is_completed(game):
    if game.is_over():
        return
    mover = game.to_move
    game.play(game.legal_moves()[-1])
    won = game.last_completed
    assert (game.to_move == mover) == (won > 0)
