"""python -m gamekit.puzzles build GAME --rooms DB: positions from finished room games (read through the room
store's API) that pass the puzzle criteria; refusals for a missing or foreign database and for Shut the Box."""

import subprocess
import sys
from pathlib import Path

import pytest

from gamekit.connect import ConnectFour, cpu_player as connect_cpu
from gamekit.dots import DotsAndBoxes, cpu_player as dots_cpu
from gamekit.puzzles import bank, read_bank, verify
from gamekit.puzzles.build import BuildError, build, candidates, room_games
from gamekit.rooms.store import SQLiteStore
from gamekit.rooms.store_interface import BY_PLAYER

ROOT = Path(__file__).resolve().parents[2]


def store_game(store, room_id, game_id, options, game, finished=True):
    store.create_room(room_id, game_id, options, 0, "token-" + room_id, 1.0)
    moves = game.history if finished else game.history[:3]
    replay = type(game).from_dict(game.to_dict())
    seats = []
    g = DotsAndBoxes(game.width, game.height, first=0, alternate_start=False) if game_id == "dots" else ConnectFour()
    for move in moves:
        seats.append(g.to_move)
        g.play(move)
    for ply, (move, seat) in enumerate(zip(moves, seats)):
        store.add_move(room_id, ply, "move", move, seat, BY_PLAYER, 2.0 + ply)
    return replay


@pytest.fixture
def room_db(tmp_path):
    """A room database with two finished 3 × 3 Dots games, an unfinished one and a finished Connect Four game."""
    path = tmp_path / "rooms.sqlite3"
    store = SQLiteStore(path)
    dots = []
    for i, seed in enumerate((1, 2)):
        g = DotsAndBoxes(3, 3, first=0, alternate_start=False)
        players = [dots_cpu("medium", seed), dots_cpu("easy", seed + 10)]
        while not g.is_over():
            g.play(players[g.to_move].choose(g))
        store_game(store, f"room-dots-{i}", "dots", {"width": 3, "height": 3}, g)
        dots.append(g)
    store_game(store, "room-dots-open", "dots", {"width": 3, "height": 3}, dots[0], finished=False)
    c = ConnectFour()
    players = [connect_cpu("medium", 1), connect_cpu("easy", 2)]
    while not c.is_over():
        c.play(players[c.to_move].choose(c))
    store_game(store, "room-four-0", "connect", {"board": "four", "popout": False}, c)
    store.close()
    return path, dots, c


def test_room_games_are_the_finished_games_of_that_game(room_db):
    path, dots, c = room_db
    games = room_games(path, "dots_and_boxes")
    assert [g.history for g in games] == [g.history for g in dots]  # the unfinished room is left out
    assert [g.history for g in room_games(path, "connect_four")] == [c.history]
    assert room_games(path, "five_in_a_row") == []


def test_a_build_takes_puzzles_from_the_room_games_first(room_db, tmp_path):
    path, dots, _ = room_db
    out = tmp_path / "bank.json.gz"
    stats = build("dots_and_boxes", 3, 1, out, progress=False, rooms=path, max_games=6)
    assert stats["room_games"] == 2
    found = (
        candidates("dots_and_boxes", 0, 1, room_games(path, "dots_and_boxes"))[0]
        + candidates("dots_and_boxes", 1, 1, room_games(path, "dots_and_boxes"))[0]
    )
    assert stats["from_rooms"] >= 1 and found  # these games have puzzles in them
    if stats["finished"]:
        puzzles = bank("dots_and_boxes", path=out)
        assert "--rooms" in read_bank(out)["command"]
    else:  # resumed: the partial names the database
        stats = build("dots_and_boxes", 3, 1, out, progress=False, rooms=path)
        assert stats["finished"]
        puzzles = bank("dots_and_boxes", path=out)
    for p in puzzles:
        assert verify(p) == []
    room_positions = {(g.drawn) for game in dots for g in _positions(game)}
    assert any(p.position.drawn in room_positions for p in puzzles)


def _positions(game):
    g = game.copy()
    out = []
    while g.history:
        g.undo()
        out.append(g.copy())
    return out


def test_a_partial_build_with_rooms_is_not_resumed_without_them(room_db, tmp_path):
    path, _, _ = room_db
    out = tmp_path / "b.json.gz"
    build("dots_and_boxes", 50, 1, out, progress=False, rooms=path, max_games=1)
    with pytest.raises(BuildError, match="partial build of"):
        build("dots_and_boxes", 50, 1, out, progress=False)


def test_bad_room_databases_are_refused(tmp_path, room_db):
    with pytest.raises(BuildError, match="no such room database"):
        room_games(tmp_path / "missing.sqlite3", "dots_and_boxes")
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database")
    with pytest.raises(BuildError, match="not a room database"):
        room_games(junk, "dots_and_boxes")
    import sqlite3

    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    before = other.read_bytes()
    with pytest.raises(BuildError, match="no rooms in it"):
        room_games(other, "dots_and_boxes")
    assert other.read_bytes() == before  # a foreign database is left untouched
    with pytest.raises(BuildError, match="does not play"):
        room_games(room_db[0], "shut_the_box")
    assert not (tmp_path / "missing.sqlite3").exists()  # nothing was created


def test_the_command_line_reads_a_room_database(room_db, tmp_path):
    path, _, _ = room_db
    out = tmp_path / "cli.json.gz"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamekit.puzzles",
            "build",
            "dots_and_boxes",
            "--count",
            "2",
            "--seed",
            "1",
            "--out",
            str(out),
            "--rooms",
            str(path),
            "--quiet",
            "--max-games",
            "2",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert run.returncode in (0, 1), run.stderr
    assert "2 finished room games" in run.stdout
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamekit.puzzles",
            "build",
            "dots_and_boxes",
            "--out",
            str(out),
            "--rooms",
            str(tmp_path / "nope.db"),
            "--quiet",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert bad.returncode == 2 and "no such room database" in bad.stderr
