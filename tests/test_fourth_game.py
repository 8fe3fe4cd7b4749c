"""A fourth game is one package plus one ``register(GameInfo(...))``: the test-only tic-tac-toe
(tests/tictactoe, imported by the root conftest.py) is in the catalog, loads through ``gamekit.load()``, is played
by the conformance suite (tests/test_game_contract.py), gets a widget through the generic BoardWidget, and gets
rooms and group rooms over the real server (tests/rooms/test_fourth_game_rooms.py), a finished game's review, a
Hint from its exact analysis, a puzzle bank built by the ordinary ``python -m gamekit.puzzles build`` command and
Practice on it — with no edit anywhere else in gamekit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import gamekit
from gamekit import BadPositionError, catalog
from gamekit.widgets.settings import BadSettingError
from gamekit.widgets.board import BoardWidget

ROOT = Path(__file__).resolve().parent.parent


def test_the_fourth_game_is_in_the_catalog_with_one_id_and_loads():
    info = catalog.get("tictactoe")
    assert info.id == "tictactoe" and catalog.ids()[-1] == "tictactoe" and info.room.id == "tictactoe"
    assert catalog.ids()[:4] == ("dots_and_boxes", "five_in_a_row", "connect_four", "shut_the_box")
    game = info.new()
    game.play("b2")
    again = gamekit.load(game.to_dict())
    assert type(again) is type(game) and again.history == ["b2"]
    with pytest.raises(catalog.BadOptions, match="unknown option"):
        info.new(size=4)
    with pytest.raises(BadPositionError, match="unknown game"):
        gamekit.load({"game": "tic-tac-toe", "version": 2})


def test_the_catalog_has_one_id_set_and_finds_the_old_short_ids():
    ids = catalog.ids()
    assert len(set(ids)) == len(ids)
    for alias, game_id in (("dots", "dots_and_boxes"), ("five", "five_in_a_row"), ("four", "connect_four")):
        assert catalog.get(alias).id == game_id and catalog.get(game_id).short_id == alias
    for junk in ("chess", None, 3, "", ["dots"]):
        assert catalog.find(junk) is None
        with pytest.raises(ValueError, match="unknown game"):
            catalog.get(junk)


def test_register_refuses_what_is_not_a_game_or_takes_another_games_id():
    from tictactoe import INFO
    from dataclasses import replace

    with pytest.raises(TypeError):
        catalog.register({"id": "x"})
    with pytest.raises(ValueError, match="already"):
        catalog.register(replace(INFO, id="ttt2", aliases=("dots",)))
    with pytest.raises(ValueError, match="seats"):
        catalog.register(replace(INFO, id="ttt3", seats=(0, 2)))
    assert "ttt2" not in catalog.ids() and "ttt3" not in catalog.ids() and catalog.get("dots").id == "dots_and_boxes"


def test_the_conformance_suite_plays_the_fourth_game():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:xdist",
            "-p",
            "no:randomly",
            "--co",
            str(ROOT / "tests" / "test_game_contract.py"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    collected = [line for line in done.stdout.splitlines() if "tic-tac-toe" in line]
    assert len(collected) >= 10, done.stdout[-2000:]


def test_a_widget_for_the_fourth_game_through_the_generic_board_widget():
    w = BoardWidget("tictactoe", mode="people")
    assert w.settings()["game"] == "tictactoe" and w.levels == ("easy", "medium", "hard")
    assert w.click(60, 60) and w.click(140, 60)  # a1 (X), b1 (O): a click's cell from the view
    assert w.game.history == ["a1", "b1"] and "X to move" in w.last_status
    assert not w.click(60, 60) and "taken" in w.last_status and w.game.history == ["a1", "b1"]
    assert not w.click(5, 5) and "outside" in w.last_status
    w.on_key("ArrowRight"), w.on_key("Enter")  # the keyboard: the first free cell
    assert w.game.history == ["a1", "b1", "c1"]
    w.request_undo()  # people: the next person is asked first
    assert w.undo_requested_by == 0 and w.game.history == ["a1", "b1", "c1"]
    w.answer_undo(True)
    assert w.game.history == ["a1", "b1"]
    cpu = BoardWidget("tictactoe", mode="cpu", level="hard", seed=1)
    cpu.click(140, 140)  # b2; the hard CPU answers at once
    assert len(cpu.game.history) == 2 and cpu.game.history[1] in ("a1", "c1", "a3", "c3")


@pytest.mark.parametrize(
    "args, kwargs, words",
    [
        (("chess",), {}, "game='chess'"),
        ((3,), {}, "game=3"),
        (("shut_the_box",), {}, "choose one of"),
        (("tictactoe",), {"size": 4}, "unknown option"),
        (("tictactoe",), {"level": "expert"}, "level='expert'"),
        (("dots",), {"width": 0}, "width=0"),
    ],
)
def test_the_generic_widget_refuses_bad_settings_naming_them(args, kwargs, words):
    with pytest.raises(BadSettingError, match=words):
        BoardWidget(*args, **kwargs)


# ----- the algorithms through the catalog: a finished game's review, lines of best play ----------------------------
def test_the_fourth_game_gets_a_review_and_a_best_line_from_its_analysis():
    from gamekit.puzzles.core import line_of_best_play
    from gamekit.puzzles.review import review, verdict_words
    from tictactoe.rules import TicTacToe

    # X the centre, O an edge (it loses by force), then best play: X wins
    game = TicTacToe.from_moves(["b2", "a2", "a1", "b1", "c1", "c2", "a3"])
    assert game.is_over() and game.winner() == 0
    judged = review(game)
    assert [j.move for j in judged] == game.history
    assert [j.verdict for j in judged[:2]] == ["best", "mistake"] and judged[1].loss == 1
    assert judged[1].best == ("a1", "c1", "a3", "c3") and {j.verdict for j in judged[2:]} == {"best"}
    assert (
        verdict_words(judged[1], "O", "a2", "tictactoe") == f"O a2: mistake — it gives away 1 (better: "
        f"{', '.join(judged[1].best)})."
    )
    line = line_of_best_play(TicTacToe(), 9)
    after = TicTacToe.from_moves([move for _, move in line])
    assert len(line) == 9 and after.is_over() and after.winner() is None  # perfect play draws


# ----- a Hint, a puzzle bank built by the ordinary command, Practice --------------------------------------------------
def test_the_generic_widget_gives_the_fourth_game_a_hint_from_its_exact_analysis():
    w = BoardWidget("tictactoe", mode="people")
    assert w.hint_available and w.hint_button.layout.display == ""
    for x, y in ((60, 60), (60, 140), (140, 60), (140, 140)):  # X a1, O a2, X b1, O b2: X wins at c1
        w.click(x, y)
    move, reason = w.hint()
    assert move == "c1" and "exact analysis" in reason and "Hint: c1" in w.last_status
    w.click(220, 60)
    assert w.game.is_over() and w.game.winner() == 0 and w.hint() is None and "over" in w.last_status


@pytest.fixture(scope="module")
def tictactoe_bank(tmp_path_factory):
    """A bank of tic-tac-toe puzzles, built by the ordinary command in a fresh process that is told about the
    game the way a room server is (GAMEKIT_GAMES)."""
    out = tmp_path_factory.mktemp("bank") / "tictactoe.json.gz"
    env = dict(
        os.environ,
        GAMEKIT_GAMES="tictactoe",
        PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]),
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamekit.puzzles",
            "build",
            "tictactoe",
            "--count",
            "6",
            "--seed",
            "3",
            "--out",
            str(out),
            "--quiet",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return out


def test_the_ordinary_build_command_makes_a_checked_bank_of_the_fourth_game(tictactoe_bank):
    from gamekit.puzzles import bank, read_bank, verify

    data = read_bank(tictactoe_bank, "tictactoe")
    assert data["game"] == "tictactoe" and data["count"] == 6
    assert "gamekit.puzzles build tictactoe --count 6 --seed 3" in data["command"]
    puzzles = bank("tictactoe", path=tictactoe_bank)
    assert len({p.id for p in puzzles}) == 6 and all(verify(p) == [] for p in puzzles)
    assert {t for p in puzzles for t in p.themes} <= {"win_now", "block"}
    assert [p.id for p in bank("tictactoe", theme="win_now", path=tictactoe_bank)] == [
        p.id for p in puzzles if "win_now" in p.themes
    ]
    for p in puzzles:  # every answer judged: the best ones right, the others refuted
        for move in p.legal_answers():
            ok, words = p.check(move)
            assert ok == (move in p.answers), (p.id, move, words)
            assert words.startswith("Right:" if ok else "Not the best:")
    with pytest.raises(ValueError, match="theme"):
        bank("tictactoe", theme="double_deal", path=tictactoe_bank)


def test_practice_serves_the_fourth_games_puzzles_on_its_board(tictactoe_bank):
    from gamekit.puzzles import bank
    from gamekit.puzzles.practice import Practice
    from tictactoe import view

    puzzles = bank("tictactoe", path=tictactoe_bank)
    p = Practice("tictactoe", puzzles=puzzles)
    puzzle = p.puzzle
    assert puzzle.id == puzzles[0].id and p.board is not None and (p.board.css_width, p.board.css_height) == view.SIZE
    assert p.hint().startswith("Hint: ")
    wrong = next(m for m in puzzle.legal_answers() if m not in puzzle.answers)
    ok, words = p.click(*view.centre(view.CELLS.index(wrong)))  # a click on the board, through the view
    assert not ok and words.startswith("Not the best:")
    assert p.show_refutation() == 1  # the wrong move drawn, then best play
    assert p.click(5, 5) is None and "outside" in p.feedback.value  # a click off the board: refused, named
    ok, words = p.answer(puzzle.answers[0])
    assert ok and words.startswith("Right:")
    with pytest.raises(ValueError, match="tictactoe puzzles|Tic-tac-toe puzzles"):
        Practice("tictactoe", puzzles=[bank("dots_and_boxes")[0]])


# ----- the per-game words of Practice and homework come from its GameInfo too -------------------------------------
def test_the_fourth_game_gets_a_practice_title_in_the_progress_table(tictactoe_bank):
    from gamekit.progress_report import practice_name, rows
    from gamekit.puzzles import bank
    from gamekit.puzzles.practice import Practice

    p = Practice("tictactoe", puzzles=bank("tictactoe", path=tictactoe_bank))
    p.answer(p.puzzle.answers[0])  # a pupil's answer is saved: the game gets its row in the progress table
    practised = [row for row in rows() if row[0].startswith("Practice — Tic-tac-toe")]
    assert len(practised) == 1 and practised[0][1:4] == [1, 1, 1], rows()
    assert practice_name("tictactoe") == "Practice — Tic-tac-toe"
    assert practice_name("dots_and_boxes") == "Practice — Dots and Boxes"
    assert practice_name("no_such_game") == "no_such_game"  # saved elsewhere by a game this gamekit lacks


def test_the_fourth_game_gets_homework_codes_and_the_shipped_codes_stay_as_printed():
    from dataclasses import replace

    from gamekit.puzzles.homework import HomeworkSet, games_by_code, parse_code, set_code
    from tictactoe import INFO

    assert set_code("tictactoe", "block", 3, 1) == "ttt-block-3-1"
    assert HomeworkSet("tictactoe", None, 5, 2, ()).code == "ttt-all-5-2"
    assert parse_code("ttt-block-3-1") == ("tictactoe", "block", 3, 1)
    assert parse_code(" TTT - win-now - 4 - 9 ") == ("tictactoe", "win_now", 4, 9)  # typed by hand
    with pytest.raises(ValueError, match="no puzzle idea"):
        parse_code("ttt-double_deal-3-1")
    # codes already handed out on paper still name the same games
    assert {code: games_by_code()[code] for code in ("dots", "five", "four", "shut")} == {
        "dots": "dots_and_boxes",
        "five": "five_in_a_row",
        "four": "connect_four",
        "shut": "shut_the_box",
    }
    assert parse_code("dots-double_deal-10-7") == ("dots_and_boxes", "double_deal", 10, 7)
    assert parse_code("four-all-10-1")[0] == "connect_four" and parse_code("shut-all-3-1")[0] == "shut_the_box"
    with pytest.raises(ValueError, match="starts with the game: dots, five, four, shut, ttt"):
        parse_code("chess-all-3-1")
    # a game's code word is one game's only, lower-case letters, and a game with puzzles has one
    for code, words in (("dots", "already"), ("t-t", "letters"), ("TTT", "letters"), ("", "homework_code")):
        with pytest.raises(ValueError, match=words):
            catalog.register(replace(INFO, id="ttt4", homework_code=code))
    assert "ttt4" not in catalog.ids() and catalog.get("tictactoe").homework_code == "ttt"


def test_only_the_shipped_games_ship_a_bank_and_the_fourth_games_top_level_is_the_whole_scale(monkeypatch):
    from gamekit.progress import LEVELS
    from gamekit.puzzles import pools
    from gamekit.puzzles.store import bank_path

    assert not catalog.get("tictactoe").ships_bank  # it has puzzles, built with --out, but none shipped
    for info in catalog.shipped_games():
        assert info.ships_bank and bank_path(info.id).is_file()

    def no_pools(*args, **kwargs):
        raise AssertionError("a game with no shipped bank builds no pools from it")

    monkeypatch.setattr(pools, "practice_pool", no_pools)
    monkeypatch.setattr(pools, "lesson_pool", no_pools)
    pools.top_level.cache_clear()
    try:
        assert pools.top_level("tictactoe") == LEVELS
    finally:
        pools.top_level.cache_clear()
