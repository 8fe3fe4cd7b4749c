"""The game contract (gamekit.game), checked the same way for every game and variant in the catalog.

The games come from :mod:`gamekit.catalog`: every ``Example`` of every ``GameInfo`` (a factory for a fresh game,
how to rebuild it from its history with ``from_moves``, its seats) is played with the game's CPU player, so a
new game is checked here as soon as it registers (the test-only tic-tac-toe of ``tests/tictactoe`` does, from
the root conftest.py).  ``REFUSALS`` adds, by example name, the wrong inputs a game's constructor and
``from_moves`` must refuse besides the generic junk.  Everything else below is generic.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import BadPositionError, IllegalMoveError, catalog
from gamekit.connect import ConnectFour, FiveInARow
from gamekit.connect import cpu_player as connect_cpu
from gamekit.connect.rules import ConnectGame, Variant
from gamekit.dots import DotsAndBoxes
from gamekit.dots import cpu_player as dots_cpu
from gamekit.game import GAMES, Game, load
from gamekit.core.saved import SCHEMA_VERSION
from gamekit.core.outcome import Outcome, Termination
from gamekit.shutbox import Rules, ShutTheBox
from gamekit.shutbox import cpu_player as shutbox_cpu

LEVELS = ("easy", "medium", "hard")


@dataclass
class Entry:
    new: Callable[[], Any]  # a fresh game
    replay: Callable[[list], Any]  # from_moves(history) with the same settings
    cpu: Callable[..., Any]  # cpu_player(level, seed=…)
    seats: int = 2
    bad_builds: list[Callable[[], Any]] = field(default_factory=list)  # must raise ValueError
    bad_from_moves: list[Callable[[], Any]] = field(default_factory=list)  # must raise BadPositionError
    bad_actions: list[Any] = field(default_factory=list)  # game-specific refusals, besides the generic junk
    resign_none_is_mover: bool = False  # resign(None) means "the player to move" (Connect)


DOTS_BAD_BUILDS = [
    lambda: DotsAndBoxes(2.0, 3),
    lambda: DotsAndBoxes(True, 3),
    lambda: DotsAndBoxes("3", 3),
    lambda: DotsAndBoxes(0, 0),
    lambda: DotsAndBoxes(alternate_start="no"),
    lambda: DotsAndBoxes(alternate_start=1),
    lambda: DotsAndBoxes(first=True),
    lambda: DotsAndBoxes(first=1.0),
]
DOTS_BAD_FROM_MOVES = [
    lambda: DotsAndBoxes.from_moves(3, 3, 5),
    lambda: DotsAndBoxes.from_moves(3, 3, ["a1-b1", 5]),
    lambda: DotsAndBoxes.from_moves(3, 3, ["a1-b1", None]),
    lambda: DotsAndBoxes.from_moves(3, 3, "a1-b1, a١-b1"),
    lambda: DotsAndBoxes.from_moves(3, 3, "a1-b1, a1-b1"),
    lambda: DotsAndBoxes.from_moves(2.0, 3, []),
    lambda: DotsAndBoxes.from_moves(3, 3, b"a1-b1"),
    lambda: DotsAndBoxes.from_moves(3, 3, [], alternate_start="no"),
]
CONNECT_BAD_BUILDS = [
    lambda: FiveInARow(popout="no"),
    lambda: ConnectFour(popout=1),
    lambda: FiveInARow(popout=None),
    lambda: ConnectGame(Variant("x", 7.5, 6, 4)),
    lambda: ConnectGame(Variant("x", True, 6, 4)),
    lambda: ConnectGame(Variant("x", 7, 6, 4, sides="no")),
    lambda: ConnectGame("mini"),
]
CONNECT_BAD_FROM_MOVES = [
    lambda: ConnectFour.from_moves(5),
    lambda: ConnectFour.from_moves(["4", 4.0]),
    lambda: ConnectFour.from_moves("4٣"),
    lambda: ConnectFour.from_moves("44", popout="no"),
    lambda: FiveInARow.from_moves(["4", None]),
    lambda: FiveInARow.from_moves("0"),
    lambda: FiveInARow.from_moves(b"44"),
]
SHUT_BAD_BUILDS = [
    lambda: ShutTheBox("Ana"),
    lambda: ShutTheBox(1, rules="never"),
    lambda: ShutTheBox(1, stake="5"),
    lambda: ShutTheBox(1, dice=[5]),
    lambda: ShutTheBox(1, dice=[(2.7, 3.9)]),
    lambda: ShutTheBox(1, dice=[(True, 3)]),
    lambda: ShutTheBox(1, dice=[(7, 1)]),
    lambda: ShutTheBox(True),
    lambda: ShutTheBox(2.0),
    lambda: ShutTheBox(0),
    lambda: ShutTheBox(1, seed=1.5),
    lambda: ShutTheBox(1, limit=45.0),
    lambda: ShutTheBox([]),
    lambda: ShutTheBox(["Ana", 3]),
    lambda: ShutTheBox(1, variant=None),
    lambda: ShutTheBox(1, Rules(one_die=1)),
    lambda: ShutTheBox(1, {"one_die": "never", "x": 1}),
]
SHUT_BAD_FROM_MOVES = [
    lambda: ShutTheBox.from_moves(5),
    lambda: ShutTheBox.from_moves([("roll", 2.0)]),
    lambda: ShutTheBox.from_moves([("roll", True)]),
    lambda: ShutTheBox.from_moves(["roll", (12,)]),
    lambda: ShutTheBox.from_moves([], players="Ana"),
    lambda: ShutTheBox.from_moves("roll"),
]
SHUT_BAD_ACTIONS = [
    ("roll", 2.0),
    ("roll", True),
    ("roll", "2"),
    ("roll", 3),
    ("roll", 2, 1),
    ("cover", "53"),
    ("cover", (5.0, 3)),
    ("cover", (True,)),
    ("cover", ()),
    ("cover", [[1]]),
    ("flip", (1,)),
    ("uncover", (1,)),
    (),
    "stop",
    5.0,
]

REFUSALS: dict[str, dict[str, Any]] = {  # by example name: the game-specific wrong inputs
    "dots 2×2": dict(
        bad_builds=DOTS_BAD_BUILDS,
        bad_from_moves=DOTS_BAD_FROM_MOVES,
        bad_actions=["a1-c1", "a1-b2", "a1-a1", "z9-z8", "a١-b1", "ａ1-b1", 99, -1],
    ),
    "5 en raya": dict(
        bad_builds=CONNECT_BAD_BUILDS,
        bad_from_moves=CONNECT_BAD_FROM_MOVES,
        bad_actions=["0", "8", "p4", "٣", "4.0", "44", "", 10],
    ),
    "5 en raya, PopOut": dict(bad_actions=["p0", "p8", "pp4"]),
    "shut the box alone": dict(
        bad_builds=SHUT_BAD_BUILDS, bad_from_moves=SHUT_BAD_FROM_MOVES, bad_actions=SHUT_BAD_ACTIONS
    ),
}
RESIGN_NONE_IS_MOVER = {"five_in_a_row", "connect_four"}  # Connect: resign(None) means the player to move

ENTRIES: dict[str, Entry] = {
    example.name: Entry(
        example.new,
        example.replay,
        info.cpu_player,
        seats=example.seats,
        resign_none_is_mover=info.id in RESIGN_NONE_IS_MOVER,
        **REFUSALS.get(example.name, {}),
    )
    for info in catalog.games()
    for example in info.examples
}
SHIPPED_EXAMPLES = {
    "dots 2×2",
    "dots 3×2, coral first",
    "dots 1×1",
    "5 en raya",
    "5 en raya, PopOut",
    "Connect Four",
    "Connect Four, PopOut",
    "connect mini 4×4, 3 in a row",
    "shut the box alone",
    "shut the box, 3 players, under six, digits, stake",
    "shut the box, long game",
    "shut the box, to 20, six or less, never",
    "shut the box, 2 players, never",
}
NAMES = list(ENTRIES)
BAD_BUILDS = [(name, i) for name in NAMES for i in range(len(ENTRIES[name].bad_builds))]
BAD_FROM_MOVES = [(name, i) for name in NAMES for i in range(len(ENTRIES[name].bad_from_moves))]
CLASSES = {cls.__name__: cls for cls in (type(entry.new()) for entry in ENTRIES.values())}

# wrong types of every kind: never coerced into a move, a seat or a setting
JUNK = [
    None,
    True,
    False,
    2.0,
    4.5,
    float("nan"),
    b"a1-b1",
    b"4",
    "٣",
    "a١-b1",
    "p٤",
    "",
    "  ",
    [],
    {},
    (),
    [1, 2],
    {"roll": 2},
    object(),
    ("roll", 2.0),
    ("cover", (2.0,)),
    -1,
    10**30,
    "4" * 5000,
]

json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "game",
                    "version",
                    "width",
                    "height",
                    "moves",
                    "players",
                    "rules",
                    "variant",
                    "seed",
                    "history",
                    "popout",
                    "resigned",
                    "first",
                    "alternate_start",
                    "stake",
                    "limit",
                    "dice",
                    "state",
                    "columns",
                    "rows",
                    "win",
                    "name",
                    "sides",
                ]
            )
            | st.text(max_size=5),
            children,
            max_size=6,
        )
    ),
    max_leaves=20,
)


def snapshot(game: Any) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def random_game(name: str, rng: random.Random, max_actions: int = 400) -> Any:
    game = ENTRIES[name].new()
    for _ in range(max_actions):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def finished_game(name: str, seed: int = 0) -> Any:
    for s in range(seed, seed + 50):
        game = random_game(name, random.Random(s), 10_000)
        if game.is_over():
            return game
    raise AssertionError(f"{name}: no random game finished")


# ---------------------------------------------------------------------------------------------------- the contract
@pytest.mark.parametrize("name", NAMES)
def test_every_game_implements_the_protocol(name):
    game = ENTRIES[name].new()
    assert isinstance(game, Game)
    data = game.to_dict()
    assert data["game"] in GAMES and data["version"] == SCHEMA_VERSION
    assert json.loads(json.dumps(data)) == data
    assert load(data).to_dict() == data and type(load(data)) is type(game)
    assert game.outcome() is None and game.winner() is None and not game.is_over()
    assert game.history == [] and game.to_move == 0 or name.startswith("dots 3×2")


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_keep_the_contract(name, data):
    """play returns the canonical action; from_dict/from_moves/undo round trips; outcome at the end."""
    entry = ENTRIES[name]
    game = entry.new()
    before_each: list[str] = []
    for _ in range(120):
        if game.is_over():
            break
        legal = game.legal_moves()
        assert legal, "a running game has a legal action"
        move = data.draw(st.sampled_from(legal), label="action")
        before_each.append(snapshot(game))
        returned = game.play(move)
        assert returned == move == game.history[-1], "play returns the canonical action stored in history"
        assert game.outcome() is None or game.is_over()
    saved = json.loads(json.dumps(game.to_dict()))
    again = type(game).from_dict(saved)
    assert snapshot(again) == snapshot(game) and again.to_move == game.to_move
    assert snapshot(load(saved)) == snapshot(game)
    assert snapshot(entry.replay(list(game.history))) == snapshot(game)
    if game.is_over():
        outcome = game.outcome()
        assert isinstance(outcome, Outcome) and outcome.winner == game.winner()
        assert len(outcome.results) == entry.seats and abs(sum(outcome.results) - 1) < 1e-9 or entry.seats == 1
        assert game.legal_moves() == []
        with pytest.raises(IllegalMoveError):
            game.play(data.draw(st.sampled_from([m for m in (ENTRIES[name].new().legal_moves())]), label="late"))
    elif data.draw(st.booleans(), label="resign"):
        seat = data.draw(st.integers(0, entry.seats - 1), label="seat")
        running = snapshot(game)
        game.resign(seat)
        outcome = game.outcome()
        assert game.is_over() and outcome.termination is Termination.RESIGNED and outcome.result(seat) == 0
        assert snapshot(type(game).from_dict(json.loads(json.dumps(game.to_dict())))) == snapshot(game)
        assert game.undo() == "resign" and snapshot(game) == running
    # undo all the way back, each step giving the position before that action
    for expected in reversed(before_each):
        game.undo()
        assert snapshot(game) == expected
    with pytest.raises(IllegalMoveError):
        game.undo()
    assert snapshot(game) == snapshot(entry.new())


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), junk=st.sampled_from(JUNK) | json_like)
def test_a_refused_action_changes_nothing(name, seed, junk):
    rng = random.Random(seed)
    game = random_game(name, rng, rng.randrange(0, 30))
    entry = ENTRIES[name]
    candidates = [junk, *entry.bad_actions]
    candidates += [h for h in game.history[-1:]]  # already played (a line drawn, …) — refused or legal again
    for action in candidates:
        before = snapshot(game)
        try:
            game.play(action)
        except IllegalMoveError:
            assert snapshot(game) == before, action
        else:
            assert action in ENTRIES[name].new().legal_moves() or game.history[-1] is not None
            game.undo()
            assert snapshot(game) == before
    for seat in (True, False, 1.0, "0", None, -1, entry.seats, b"0", "٠"):
        before = snapshot(game)
        if seat is None and entry.resign_none_is_mover:
            continue
        with pytest.raises(IllegalMoveError):
            game.resign(seat)
        assert snapshot(game) == before


@pytest.mark.parametrize("name", NAMES)
def test_junk_actions_are_refused_with_illegal_move_error(name):
    game = ENTRIES[name].new()
    before = snapshot(game)
    for action in JUNK + ENTRIES[name].bad_actions:
        with pytest.raises(IllegalMoveError):
            game.play(action)
        assert snapshot(game) == before, action
    with pytest.raises(IllegalMoveError, match="undo"):
        game.undo()
    assert snapshot(game) == before


@pytest.mark.parametrize("name", sorted(CLASSES))
@settings(max_examples=60, deadline=None)
@given(junk=json_like)
def test_from_dict_of_junk_raises_bad_position_error_and_nothing_else(name, junk):
    cls = CLASSES[name]
    for loader in (cls.from_dict, load):
        try:
            game = loader(junk)
        except BadPositionError:
            continue
        # a junk dict that happens to be a valid save (e.g. {"width": 1, "height": 1, "moves": []}) loads cleanly
        assert isinstance(game, Game) and snapshot(type(game).from_dict(game.to_dict())) == snapshot(game)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_mutated_saved_games_load_cleanly_or_raise_bad_position_error(name, seed, data):
    rng = random.Random(seed)
    saved = random_game(name, rng, rng.randrange(0, 25)).to_dict()
    key = data.draw(st.sampled_from(sorted(saved)), label="key")
    mutated = dict(saved)
    if data.draw(st.booleans(), label="delete"):
        del mutated[key]
    else:
        mutated[key] = data.draw(st.sampled_from(JUNK[:-3]) | json_like, label="value")
    for loader in (type(ENTRIES[name].new()).from_dict, load):
        try:
            game = loader(mutated)
        except BadPositionError:
            continue
        assert snapshot(type(game).from_dict(game.to_dict())) == snapshot(game)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None)
@given(
    moves=st.lists(json_like | st.sampled_from(JUNK[:-3]) | st.text(alphabet="abcp1234٣١-, ", max_size=6), max_size=6)
)
def test_from_moves_of_junk_raises_bad_position_error_and_nothing_else(name, moves):
    try:
        game = ENTRIES[name].replay(moves)
    except BadPositionError:
        return
    assert snapshot(ENTRIES[name].replay(list(game.history))) == snapshot(game)


@pytest.mark.parametrize("name", NAMES)
def test_a_newer_version_is_refused_naming_it_and_version_1_still_loads(name):
    game = random_game(name, random.Random(1), 6)
    data = game.to_dict()
    with pytest.raises(BadPositionError, match="version 3"):
        type(game).from_dict({**data, "version": 3})
    for bad in ("2", 2.0, True, None):
        with pytest.raises(BadPositionError, match="version"):
            type(game).from_dict({**data, "version": bad})
    old = {k: v for k, v in data.items() if k != "version"}
    if isinstance(game, ConnectGame):
        old["game"] = game.variant.name  # version 1 stored the variant's name
    elif isinstance(game, ShutTheBox):
        del old["game"]  # version 1 had no "game" key
    assert snapshot(type(game).from_dict(old)) == snapshot(game)


@pytest.mark.parametrize("name,i", BAD_BUILDS)
def test_constructors_refuse_wrong_types_and_values(name, i):
    with pytest.raises(ValueError) as info:
        ENTRIES[name].bad_builds[i]()
    assert not isinstance(info.value, (BadPositionError,)), "a setting is not a saved game"


@pytest.mark.parametrize("name,i", BAD_FROM_MOVES)
def test_from_moves_refuses_with_bad_position_error(name, i):
    with pytest.raises(BadPositionError):
        ENTRIES[name].bad_from_moves[i]()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", NAMES)
def test_cpu_players_refuse_a_finished_game_with_a_clear_value_error(name, level):
    entry = ENTRIES[name]
    player = entry.cpu(level, seed=1)
    done = finished_game(name)
    with pytest.raises(ValueError, match="game is over"):
        player.choose(done)
    resigned = entry.new()
    resigned.resign(0)
    with pytest.raises(ValueError, match="game is over.*resigned"):
        player.choose(resigned)


@pytest.mark.parametrize("name", NAMES)
def test_cpu_players_play_legal_canonical_actions(name):
    entry = ENTRIES[name]
    game = entry.new()
    players = [entry.cpu("medium", seed=s) for s in range(entry.seats)]
    for _ in range(60):
        if game.is_over():
            break
        action = players[game.to_move].choose(game)
        assert action in game.legal_moves()
        assert game.play(action) == action


@pytest.mark.parametrize("bad", [5, None, "expert", True, 1.0, ["hard"]])
@pytest.mark.parametrize("cpu", [dots_cpu, connect_cpu, shutbox_cpu] + [info.cpu_player for info in catalog.games()])
def test_cpu_player_refuses_an_unknown_level(cpu, bad):
    with pytest.raises(ValueError):
        cpu(bad)


def test_the_suite_plays_every_shipped_setting_and_every_game_of_the_catalog():
    assert SHIPPED_EXAMPLES <= set(ENTRIES)
    assert set(REFUSALS) <= set(ENTRIES)
    for info in catalog.games():
        assert info.examples, f"{info.id}: no example for the conformance suite"
        for example in info.examples:
            game = example.new()
            assert type(game) is info.game_class() or isinstance(game, info.game_class())
            assert load(game.to_dict()).to_dict() == game.to_dict()
            assert info.seats[0] <= example.seats <= info.seats[1]


# ---------------------------------------------------------------------------------------------------- issue 9, §3
def test_shut_the_box_roll_with_a_float_does_not_poison_the_history():
    g = ShutTheBox(1, seed=1)
    with pytest.raises(IllegalMoveError, match="one die or two"):
        g.play(("roll", 2.0))
    assert g.history == []
    g.play(("roll", 2))
    g.undo()
    assert ShutTheBox.from_dict(g.to_dict()).to_dict() == g.to_dict()


@pytest.mark.parametrize("seat", ["x", 1.0, True, 0.0, 7, -1])
def test_shut_the_box_play_for_a_seat_refuses_what_is_not_the_seat_to_move(seat):
    g = ShutTheBox(2, seed=1)
    with pytest.raises(IllegalMoveError, match="seat|turn"):
        g.play("roll", seat=seat)
    assert g.history == []
    assert g.play("roll", seat=0) == ("roll", 2)


def test_shut_the_box_from_dict_with_a_number_for_history():
    with pytest.raises(BadPositionError, match="history"):
        ShutTheBox.from_dict({"players": 2, "seed": 1, "history": 5})
    with pytest.raises(BadPositionError, match="players"):
        ShutTheBox.from_dict({"players": "Ana", "seed": 1})


def test_shut_the_box_resign():
    g = ShutTheBox(["Ana", "Luis"], seed=1)
    g.play("roll")
    g.resign(0)
    assert g.is_over() and g.winner() == 1 and g.outcome().termination is Termination.RESIGNED
    assert ShutTheBox.from_dict(g.to_dict()).winner() == 1
    g.undo()
    assert not g.is_over() and g.phase == "cover"
    three = ShutTheBox(3, seed=1)
    three.resign(1)
    assert three.winner() is None and three.outcome().results == (0.5, 0.0, 0.5)


def test_dots_refusals_from_the_issue():
    with pytest.raises(ValueError, match="alternate_start"):
        DotsAndBoxes(alternate_start="no")
    g = DotsAndBoxes(2, 2)
    with pytest.raises(IllegalMoveError, match="seats"):
        g.resign(True)
    with pytest.raises(BadPositionError):
        DotsAndBoxes.from_moves(3, 3, 5)


def test_connect_refusals_from_the_issue():
    with pytest.raises(ValueError, match="popout"):
        FiveInARow(popout="no")
    data = FiveInARow().to_dict()
    data["variant"] = {**data["variant"], "columns": 7.5}
    with pytest.raises(BadPositionError, match="columns"):
        ConnectGame.from_dict(data)
    with pytest.raises(BadPositionError, match="does not match"):
        ConnectGame.from_dict({**ConnectFour().to_dict(), "game": "five_in_a_row"})


def test_timed_out_outcome_for_clocks_kept_outside_the_engine():
    o = Outcome.timed_out(0, 2)
    assert o.winner == 1 and o.termination is Termination.TIMED_OUT and o.results == (0.0, 1.0)
    assert Outcome.shared(Termination.BOARD_FULL, (0, 1), 2).is_draw


def test_load_refuses_unknown_games():
    for junk in ({"game": "chess"}, {"game": None}, {}, [], "dots_and_boxes", {"game": ["dots_and_boxes"]}):
        with pytest.raises(BadPositionError, match="game|dict"):
            load(junk)
    assert gamekit.SolverTimeout.__mro__[1] is TimeoutError
