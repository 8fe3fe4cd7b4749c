"""Property tests over random games: a win is reported exactly when a brute-force scan of the grid
finds a line (side discs included), undo and saving restore the exact state."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit import IllegalMoveError
from gamekit.connect import ConnectFour, ConnectGame, FiveInARow, Variant

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KINDS = st.sampled_from(["four", "five", "mini"])


def new(kind: str, popout: bool) -> ConnectGame:
    if kind == "four":
        return ConnectFour(popout=popout)
    if kind == "five":
        return FiveInARow(popout=popout)
    return ConnectGame(Variant("mini sides", 3, 4, 3, sides=True), popout=popout)


def scan(game: ConnectGame, seat: int) -> bool:
    """Brute force: any run of ``win_length`` discs of ``seat`` in any direction, anywhere on the grid."""
    w, h, k = game.width, game.height, game.win_length
    for c in range(w):
        for r in range(h):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + dc * i, r + dr * i) for i in range(k)]
                if all(0 <= x < w and 0 <= y < h and game.cell(x, y) == seat for x, y in cells):
                    return True
    return False


def check_result(game: ConnectGame) -> None:
    red, yellow = scan(game, 0), scan(game, 1)
    if not game.popout:
        assert not (red and yellow)
    if red and yellow:
        assert game.winner() == (len(game.history) - 1) % 2  # the popper
    elif red or yellow:
        assert game.is_over() and game.winner() == (0 if red else 1)
    else:
        assert game.winner() is None
    for c, r in game.winning_cells():
        assert game.cell(c, r) == game.winner()
    if game.winner() is not None:
        assert len(game.winning_cells()) >= game.win_length


@SETTINGS
@given(kind=KINDS, data=st.data())
def test_random_games_report_wins_exactly(kind, data):
    game = new(kind, popout=False)
    while not game.is_over():
        check_result(game)
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    check_result(game)
    assert game.drops <= game.variant.cells
    if game.winner() is None:
        assert game.is_full()
    # the side columns never changed
    v = game.variant
    for c in range(game.width):
        for r in range(game.height):
            if v.side_disc(c, r) is not None:
                assert game.cell(c, r) == v.side_disc(c, r)


@SETTINGS
@given(kind=KINDS, data=st.data())
def test_random_popout_games(kind, data):
    game = new(kind, popout=True)
    for _ in range(80):
        if game.is_over():
            break
        check_result(game)
        move = data.draw(st.sampled_from(game.legal_moves()))
        game.play(move)
    check_result(game)


@SETTINGS
@given(kind=KINDS, popout=st.booleans(), data=st.data())
def test_undo_and_save_restore_exact_state(kind, popout, data):
    game = new(kind, popout)
    states = [json.dumps(game.to_dict())]
    texts = [str(game)]
    for _ in range(data.draw(st.integers(0, 30))):
        if game.is_over():
            break
        game.play(data.draw(st.sampled_from(game.legal_moves())))
        states.append(json.dumps(game.to_dict()))
        texts.append(str(game))
        again = ConnectGame.from_dict(json.loads(states[-1]))
        assert str(again) == texts[-1] and again.legal_moves() == game.legal_moves()
    while game.history:
        game.undo()
        states.pop()
        texts.pop()
        assert json.dumps(game.to_dict()) == states[-1] and str(game) == texts[-1]


@SETTINGS
@given(
    kind=KINDS,
    popout=st.booleans(),
    data=st.data(),
    move=st.one_of(st.text(max_size=3), st.integers(-3, 12), st.sampled_from(["p0", "p8", "p9", "P3", "10"])),
)
def test_refused_input_changes_nothing(kind, popout, data, move):
    game = new(kind, popout)
    for _ in range(data.draw(st.integers(0, 20))):
        if game.is_over():
            break
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    before = json.dumps(game.to_dict())
    legal = game.legal_moves()
    try:
        canonical = game.play(move)
    except IllegalMoveError as e:
        assert repr(move) in str(e) or f"“{move}”" in str(e)  # the input is named
        assert json.dumps(game.to_dict()) == before
    else:
        assert canonical in legal
