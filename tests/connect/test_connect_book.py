"""Opening book: resumable build, back-up, file checksum, fallback, and agreement with the solver."""

import gzip
import json

import pytest

from gamekit.connect import ConnectGame, FiveInARow, Variant, analyse, solve
from gamekit.connect import book as bk
from gamekit.connect import build
from gamekit.connect import tables  # the read-only tables the solver reads (the cache patched below)
from gamekit.connect.solver import Solver

SMALL = Variant("5x4 four", 5, 4, 4)
SIDES = Variant("5x4 sides four", 5, 4, 4, sides=True)


def quiet(*_):
    pass


def test_tree_levels_hold_distinct_running_positions():
    levels = build.tree(SMALL, 3)
    assert [len(x) for x in levels[:3]] == [1, 5, 25]
    for d, level in enumerate(levels):
        for key, (cur, mask, moves) in level.items():
            g = ConnectGame.from_moves(moves, variant=SMALL)
            assert len(moves) == d and not g.is_over()
            assert cur + mask == key


@pytest.mark.parametrize("variant", [SMALL, SIDES])
def test_build_stopped_and_resumed_gives_the_solver_scores(tmp_path, variant):
    progress = tmp_path / "p.json"
    first = build.Build(variant, 3, progress, chunk=0.002, log=quiet)
    assert first.run(max_seconds=0.01) is False  # stopped early: progress saved
    saved = json.loads(progress.read_text())
    assert saved["depth"] == 3 and len(saved["done"]) < len(first.levels[-1])
    again = build.Build(variant, 3, progress, chunk=0.002, log=quiet)
    assert len(again.state["done"]) == len(saved["done"])  # nothing solved twice
    assert again.run() is True
    scores = again.scores()
    fresh = Solver(variant)
    for d, level in enumerate(again.levels):
        for key, (_, _, moves) in level.items():
            assert scores[key] == fresh.solve(ConnectGame.from_moves(moves, variant=variant)), moves
    st = build.status(progress)
    assert st["solved"] == st["leaves"] and st["start"] == solve(ConnectGame(variant))
    assert set(st["first_moves"]) == set(ConnectGame(variant).legal_moves())


def test_progress_of_another_build_is_refused(tmp_path):
    progress = tmp_path / "p.json"
    build.Build(SMALL, 2, progress, log=quiet).run(max_seconds=0.0)
    with pytest.raises(tables.BookError, match="depth 2"):
        build.Build(SMALL, 3, progress, log=quiet)
    progress.write_text("{not json")
    with pytest.raises(tables.BookError, match="not a book progress file"):
        build.Build(SMALL, 2, progress, log=quiet)


def test_two_builds_never_share_a_progress_file(tmp_path):
    import os

    progress = tmp_path / "p.json"
    lock = tmp_path / "p.json.lock"
    lock.write_text(str(os.getppid()))  # a live process holds it
    with pytest.raises(tables.BookError, match="being built by process"):
        build.Build(SMALL, 2, progress, log=quiet).run()
    lock.write_text("999999999")  # a dead one: taken over
    assert build.Build(SMALL, 2, progress, log=quiet).run() is True
    assert not lock.exists()


def test_status_of_an_unfinished_build_settles_nothing_it_has_not_computed(tmp_path):
    progress = tmp_path / "p.json"
    build.Build(SMALL, 2, progress, log=quiet).run(max_seconds=0.0)
    st = build.status(progress)
    assert st["solved"] == 0 and "start" not in st
    assert all(v is None for v in st["first_moves"].values())


def _small_book(tmp_path):
    progress = tmp_path / "p.json"
    build.Build(SMALL, 2, progress, log=quiet).run()
    out = tmp_path / "small.book.gz"
    bk._write_from(progress, out)
    return out


def test_book_file_round_trip_and_checksum(tmp_path):
    path = _small_book(tmp_path)
    book = tables.Book.load(path, SMALL)
    assert book.depth == 2 and len(book.scores) == 1 + 5 + 25
    assert "python -m gamekit.connect.book build" in book.header["command"]
    g = ConnectGame.from_moves("3", variant=SMALL)
    assert book.lookup(g) == Solver(SMALL).solve(g)
    assert build.verify(book, sample=10) == []
    with pytest.raises(tables.BookError, match="not 5 en raya"):
        tables.Book.load(path, FiveInARow.variant)


def test_a_damaged_book_is_refused_and_analyse_falls_back_to_search(tmp_path, monkeypatch):
    path = _small_book(tmp_path)
    raw = gzip.decompress(path.read_bytes())
    bad = raw[:-3] + b"-1\n"  # change the last score
    path.write_bytes(gzip.compress(bad))
    with pytest.raises(tables.BookError, match="checksum"):
        tables.Book.load(path)
    path.write_bytes(b"garbage")
    with pytest.raises(tables.BookError, match="not a readable book"):
        tables.Book.load(path)
    monkeypatch.setattr(tables, "default_path", lambda v: path)
    monkeypatch.setattr(tables, "_books", {})
    with pytest.warns(RuntimeWarning, match="falling back to search"):
        assert tables.book_for(SMALL) is None
    g = ConnectGame(SMALL)
    assert analyse(g, time_budget=None) == {m: Solver(SMALL).solve(_after(g, m)) * -1 for m in g.legal_moves()}


def _after(g, m):
    g = g.copy()
    g.play(m)
    return g


def test_analyse_and_solve_read_the_book(tmp_path, monkeypatch):
    path = _small_book(tmp_path)
    book = tables.Book.load(path)
    # a doctored book proves the answers come from it (no search could give 7 here)
    key = next(iter(build.tree(SMALL, 1)[1]))
    book.scores[key] = 7
    monkeypatch.setattr(tables, "_books", {SMALL: book})
    g = ConnectGame(SMALL)
    moves = build.tree(SMALL, 1)[1][key][2]
    assert analyse(g, time_budget=0.0)[moves] == -7
    assert solve(_after(g, moves)) == 7 and solve(_after(g, moves), weak=True) == 1


def test_shipped_book_agrees_with_the_solver():
    book = tables.book_for(FiveInARow.variant)
    if book is None:
        pytest.skip("no 5 en raya book shipped")
    assert book.depth >= 0
    # positions at the book's depth have 42 - depth empty cells: check the cheap back-up instead of
    # re-solving them, and re-solve a sample where the solver is quick (a win in a few moves)
    levels = build.tree(book.variant, book.depth)
    leaves = {k: book.scores[k] for k in levels[-1]}
    assert build.back_up(book.variant, levels, leaves) == book.scores
    # every position of the book lies within what the shipped win/draw/loss proof settled for it
    from gamekit.connect.tables import proved_bounds

    proved = proved_bounds(book.variant)
    for key, score in book.scores.items():
        lo, hi = proved.get(key, (-1, 1))
        assert lo <= (score > 0) - (score < 0) <= hi
    assert all(key in proved for key in book.scores)  # the book holds only proved positions


def test_command_line_status_and_write(tmp_path, capsys):
    progress = tmp_path / "p.json"
    assert bk.main(["build", "--variant", "5x4x4", "--depth", "1", "--progress", str(progress)]) == 0
    assert bk.main(["status", "--progress", str(progress)]) == 0
    assert '"start": ' in capsys.readouterr().out
    out = tmp_path / "b.gz"
    assert bk.main(["write", "--progress", str(progress), "--out", str(out)]) == 0
    assert tables.Book.load(out).depth == 1
    with pytest.raises(SystemExit):
        bk.main(["build", "--variant", "nonsense", "--depth", "1", "--progress", str(progress)])
    # clear errors, exit status 2, nothing written
    assert bk.main(["build", "--variant", "5x4x4", "--depth", "-1", "--progress", str(tmp_path / "q.json")]) == 2
    assert "depth -1" in capsys.readouterr().err and not (tmp_path / "q.json").exists()
    assert bk.main(["status", "--progress", str(tmp_path / "missing.json")]) == 2
    unfinished = tmp_path / "u.json"
    build.Build(SMALL, 2, unfinished, log=quiet).run(max_seconds=0.0)
    assert bk.main(["write", "--progress", str(unfinished), "--out", str(tmp_path / "u.gz")]) == 2
    assert "not finished" in capsys.readouterr().err and not (tmp_path / "u.gz").exists()


def test_hard_plays_from_the_book_where_it_reaches(tmp_path, monkeypatch):
    from gamekit.connect import cpu_player

    path = _small_book(tmp_path)
    book = tables.Book.load(path)
    # doctor the book so that column 5 (a losing-looking edge move) is the only best answer at the start
    key5 = next(k for k, (_, _, mv) in build.tree(SMALL, 1)[1].items() if mv == "5")
    for k in build.tree(SMALL, 1)[1]:
        book.scores[k] = 5
    book.scores[key5] = -9
    monkeypatch.setattr(tables, "_books", {SMALL: book})
    hard = cpu_player("hard", seed=3, time_budget=None, max_depth=1)
    assert hard.choose(ConnectGame(SMALL)) == "5" and hard.last_exact
    # past the book's depth it searches as before
    g = ConnectGame.from_moves("33", variant=SMALL)
    assert hard.choose(g) in g.legal_moves()
