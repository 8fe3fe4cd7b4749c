"""The resumable win/draw/loss proof of a start (gamekit.connect.wdl, `book value`)."""

import json
import os

import pytest

from gamekit.connect import ConnectGame, Variant
from gamekit.connect import book as bk
from gamekit.connect import build
from gamekit.connect import tables
from gamekit.connect import wdl
from gamekit.connect.bitboard import board_for
from gamekit.connect.solver import Solver

DRAW = Variant("5x4 four", 5, 4, 4)  # exact score 0
SIDES = Variant("5x4 sides four", 5, 4, 4, sides=True)
RED_WINS = Variant("4x4 three", 4, 4, 3)  # exact score +4
YELLOW_WINS = Variant("6x4 four", 6, 4, 4)  # exact score -1


def quiet(*_):
    pass


def sign(x):
    return (x > 0) - (x < 0)


@pytest.mark.parametrize("variant", [DRAW, SIDES, RED_WINS, YELLOW_WINS], ids=lambda v: v.name)
@pytest.mark.parametrize("split", [0, 3])
def test_the_value_of_the_start_is_the_sign_of_the_exact_score(tmp_path, variant, split):
    run = wdl.ValueRun(variant, split, tmp_path / "v.json", log=quiet)
    assert run.run() is True
    exact = Solver(variant).solve(ConnectGame(variant))
    st = wdl.status(tmp_path / "v.json")
    assert st["start_bounds"] == [sign(exact), sign(exact)]
    assert st["start"] == {1: "red wins", 0: "a draw (score 0)", -1: "yellow wins"}[sign(exact)]


@pytest.mark.parametrize("variant", [DRAW, YELLOW_WINS], ids=lambda v: v.name)
def test_every_bound_in_the_progress_file_holds(tmp_path, variant):
    run = wdl.ValueRun(variant, 4, tmp_path / "v.json", log=quiet)
    run.run()
    data = json.loads((tmp_path / "v.json").read_text())
    solver = Solver(variant)
    assert len(data["settled"]) > 10
    for lo, hi, moves in data["settled"].values():
        value = sign(solver.solve(ConnectGame.from_moves(moves, variant=variant)))
        assert lo <= value <= hi, moves
        assert -1 <= lo <= hi <= 1


def test_first_moves_are_described_from_reds_side(tmp_path):
    wdl.ValueRun(RED_WINS, 2, tmp_path / "v.json", log=quiet).run()
    st = wdl.status(tmp_path / "v.json")
    assert set(st["first_moves"]) == {"1", "2", "3", "4"}
    solver = Solver(RED_WINS)
    for move, words in st["first_moves"].items():
        if words == "open":  # alpha-beta never needed this move settled
            continue
        yellow = sign(solver.solve(ConnectGame.from_moves(move, variant=RED_WINS)))
        assert words in {
            wdl.bounds_words(-yellow, -yellow),
            wdl.bounds_words(-yellow, 1),
            wdl.bounds_words(-1, -yellow),
        }
    assert any(w == "red wins" for w in st["first_moves"].values())


def test_a_stopped_run_keeps_what_it_settled_and_resumes_to_the_same_value(tmp_path):
    path = tmp_path / "v.json"
    run = wdl.ValueRun(SIDES, 5, path, log=quiet)
    leaf = run._leaf
    calls = []

    def stop_after_three(*a):
        calls.append(a)
        if len(calls) == 3:
            run.stop = True
        return leaf(*a)

    run._leaf = stop_after_three
    assert run.run() is False
    saved = json.loads(path.read_text())["settled"]
    assert saved and not os.path.exists(str(path) + ".lock")
    assert wdl.status(path)["start"] == "open"

    again = wdl.ValueRun(SIDES, 5, path, log=quiet)
    assert again.run() is True
    final = json.loads(path.read_text())
    for key, (lo, hi, _) in saved.items():  # nothing settled was lost or contradicted
        flo, fhi, _ = final["settled"][key]
        assert lo <= flo <= fhi <= hi
    fresh = wdl.ValueRun(SIDES, 5, tmp_path / "fresh.json", log=quiet)
    fresh.run()
    assert final["settled"][f"{sum(fresh.root()[:2]):x}"][:2] == [0, 0]
    assert final["searches"] <= json.loads((tmp_path / "fresh.json").read_text())["searches"] + 3


def test_a_run_out_of_time_saves_and_says_so(tmp_path):
    path = tmp_path / "v.json"
    assert wdl.ValueRun(DRAW, 2, path, log=quiet).run(max_seconds=0) is False
    assert wdl.status(path)["start_bounds"] == [-1, 1]


@pytest.mark.parametrize("split", [-1, 20, True, 2.0, "3", None])
def test_a_bad_split_is_refused(tmp_path, split):
    with pytest.raises(ValueError, match="split"):
        wdl.ValueRun(DRAW, split, tmp_path / "v.json", log=quiet)
    assert not (tmp_path / "v.json").exists()


def test_progress_of_another_run_or_a_damaged_file_is_refused(tmp_path):
    path = tmp_path / "v.json"
    wdl.ValueRun(DRAW, 2, path, log=quiet).run()
    before = path.read_text()
    with pytest.raises(ValueError, match="belongs to 5x4 four split 2"):
        wdl.ValueRun(DRAW, 3, path, log=quiet)
    with pytest.raises(ValueError, match="belongs to"):
        wdl.ValueRun(SIDES, 2, path, log=quiet)
    assert path.read_text() == before
    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": {"name": "x"}}')
    with pytest.raises(ValueError, match="not a value progress file"):
        wdl.ValueRun(DRAW, 2, bad, log=quiet)
    with pytest.raises(ValueError, match="not a value progress file"):
        wdl.status(bad)


def test_a_second_run_on_the_same_progress_file_is_refused(tmp_path):
    path = tmp_path / "v.json"
    (tmp_path / "v.json.lock").write_text(str(os.getppid()))  # a live process holds it
    with pytest.raises(tables.BookError, match="is being built by process"):
        wdl.ValueRun(DRAW, 2, path, log=quiet).run()
    assert (tmp_path / "v.json.lock").exists() and not path.exists()
    (tmp_path / "v.json.lock").write_text("999999999")  # left by a process that died
    assert wdl.ValueRun(DRAW, 2, path, log=quiet).run() is True


def test_command_line_value_and_status(tmp_path, capsys):
    path = tmp_path / "v.json"
    assert bk.main(["value", "--variant", "4x4x3", "--split", "2", "--progress", str(path)]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["start"] == "red wins" and out["start_bounds"] == [1, 1]
    assert bk.main(["value-status", "--progress", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "4x4 3"
    assert bk.main(["value", "--variant", "4x4x3", "--split", "3", "--progress", str(path)]) == 2
    assert "belongs to" in capsys.readouterr().err
    assert (
        bk.main(["value", "--variant", "4x4x3", "--split", "2", "--progress", str(path), "--max-seconds", "0"]) == 0
    )  # already settled: nothing to do


@pytest.mark.parametrize("variant", [DRAW, RED_WINS, YELLOW_WINS], ids=lambda v: v.name)
def test_two_runs_sharing_the_questions_merge_to_the_value(tmp_path, variant):
    a, b = tmp_path / "lose.json", tmp_path / "win.json"
    assert wdl.ValueRun(variant, 3, a, log=quiet).run(questions=(-1,)) is True
    assert wdl.ValueRun(variant, 3, b, log=quiet).run(questions=(0,)) is True
    exact = sign(Solver(variant).solve(ConnectGame(variant)))
    assert wdl.status(a, b)["start_bounds"] == [exact, exact]
    alone = wdl.status(a)["start_bounds"]
    assert alone[0] <= exact <= alone[1]


def test_bad_questions_and_mixed_files_are_refused(tmp_path):
    run = wdl.ValueRun(DRAW, 2, tmp_path / "v.json", log=quiet)
    for q in [(), (1,), (0, 2), ("0",)]:
        with pytest.raises(ValueError, match="questions"):
            run.run(questions=q)
    assert not (tmp_path / "v.json").exists()
    run.run()
    wdl.ValueRun(SIDES, 2, tmp_path / "w.json", log=quiet).run()
    with pytest.raises(ValueError, match="not 5x4 four"):
        wdl.status(tmp_path / "v.json", tmp_path / "w.json")
    with pytest.raises(ValueError, match="no progress file"):
        wdl.status()


def test_command_line_shares_the_questions(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert bk.main(["value", "--variant", "6x4x4", "--split", "2", "--question", "lose", "--progress", str(a)]) == 0
    assert bk.main(["value", "--variant", "6x4x4", "--split", "2", "--question", "win", "--progress", str(b)]) == 0
    capsys.readouterr()
    assert bk.main(["value-status", "--progress", str(a), str(b)]) == 0
    assert json.loads(capsys.readouterr().out)["start"] == "yellow wins"


def test_a_run_from_later_positions_helps_a_run_from_the_start(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    # B settles red's question from two positions two discs in; A, sharing B's file, from the start
    helper = wdl.ValueRun(SIDES, 4, b, log=quiet, shared=[a])
    assert helper.run(questions=(-1,), start_from=("31", "35")) is True
    solver = Solver(SIDES)
    data = json.loads(b.read_text())["settled"]
    bb = {moves: (lo, hi) for lo, hi, moves in data.values()}
    for moves in ("31", "35"):
        value = sign(solver.solve(ConnectGame.from_moves(moves, variant=SIDES)))
        lo, hi = bb[moves]
        assert lo <= value <= hi and (lo >= 0 or hi <= -1)  # the question is answered there
    main = wdl.ValueRun(SIDES, 4, a, log=quiet, shared=[b])
    assert main.run(questions=(-1,)) is True
    fresh = wdl.ValueRun(SIDES, 4, tmp_path / "fresh.json", log=quiet)
    fresh.run(questions=(-1,))
    assert json.loads(a.read_text())["searches"] < json.loads((tmp_path / "fresh.json").read_text())["searches"]
    assert wdl.status(a, b)["start_bounds"][0] == 0 == wdl.status(tmp_path / "fresh.json")["start_bounds"][0]


def test_start_from_and_shared_refusals(tmp_path):
    path = tmp_path / "v.json"
    run = wdl.ValueRun(DRAW, 3, path, log=quiet)
    for bad in ["31", (), ("3333",), ("9",), (3,), ("3x",)]:
        with pytest.raises(ValueError, match="start_from"):
            run.run(start_from=bad)
    assert not path.exists()
    with pytest.raises(ValueError, match="cannot also be one it shares"):
        wdl.ValueRun(DRAW, 3, path, log=quiet, shared=[path])
    # damaged or foreign shared files are skipped, not trusted
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    other = tmp_path / "other.json"
    wdl.ValueRun(SIDES, 3, other, log=quiet).run()
    run = wdl.ValueRun(DRAW, 3, path, log=quiet, shared=[bad, other, tmp_path / "missing.json"])
    assert run.merge_shared() == 0
    assert run.run() is True
    assert wdl.status(path)["start_bounds"] == [0, 0]


@pytest.mark.parametrize("engine", ["compiled", "python"])
def test_verify_re_solves_a_sample_and_finds_a_forged_bound(tmp_path, engine):
    path = tmp_path / "v.json"
    wdl.ValueRun(DRAW, 3, path, log=quiet).run()
    assert wdl.verify([path], 8, engine=engine, log=quiet) == []
    data = json.loads(path.read_text())
    key = next(k for k, (lo, hi, m) in data["settled"].items() if m == "")
    data["settled"][key] = [1, 1, ""]  # claim red wins the drawn start
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps({**data, "settled": {key: [1, 1, ""]}}))
    assert wdl.verify([forged], 1, engine=engine, log=quiet, depth=0) == ["(start): kept 1..1, re-solved -1..+0"]
    assert wdl.verify([forged], 1, engine=engine, log=quiet) == []  # nothing forged at the split


def test_verify_refusals(tmp_path, capsys):
    path = tmp_path / "v.json"
    wdl.ValueRun(DRAW, 2, path, log=quiet).run()
    for bad in (0, True, 2.0):
        with pytest.raises(ValueError, match="sample"):
            wdl.verify([path], bad, log=quiet)
    with pytest.raises(ValueError, match="engine"):
        wdl.verify([path], 2, engine="fast", log=quiet)
    other = tmp_path / "o.json"
    wdl.ValueRun(SIDES, 2, other, log=quiet).run()
    with pytest.raises(ValueError, match="different variants"):
        wdl.verify([path, other], 2, log=quiet)
    with pytest.raises(ValueError, match="no progress file"):
        wdl.verify([], 2, log=quiet)
    assert bk.main(["value-verify", "--progress", str(path), "--sample", "3"]) == 0
    assert "3 positions re-solved, 0 disagreements" in capsys.readouterr().out


def test_a_proved_draw_becomes_a_depth_0_book(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    wdl.ValueRun(SIDES, 3, a, log=quiet).run(questions=(-1,))
    with pytest.raises(ValueError, match="not proved who wins after 0 disc.*open at the start"):
        wdl.write_value_book([a], tmp_path / "x.book.gz", log=quiet)  # only half the proof
    assert not (tmp_path / "x.book.gz").exists()
    wdl.ValueRun(SIDES, 3, b, log=quiet).run(questions=(0,))
    out = tmp_path / "sides.book.gz"
    wdl.write_value_book([a, b], out, log=quiet)
    book = tables.Book.load(out, SIDES)
    assert book.depth == 0 and book.lookup(ConnectGame(SIDES)) == 0 == Solver(SIDES).solve(ConnectGame(SIDES))
    assert book.header["nodes"] > 0 and "value-book --depth 0" in book.header["command"]


def _proved_after_every_first_move(v, path):
    """A run that settles who wins after each first move (the depth-1 question of the 5 en raya run)."""
    run = wdl.ValueRun(v, 3, path, log=quiet)
    assert run.run() is True
    firsts = [str(i) for i in range(1, v.columns + 1)]
    assert run.run(start_from=tuple(firsts)) is True
    return firsts


@pytest.mark.parametrize("v", [DRAW, RED_WINS, YELLOW_WINS])
def test_a_depth_1_book_holds_the_exact_score_of_every_first_move(tmp_path, v):
    path = tmp_path / "v.json"
    firsts = _proved_after_every_first_move(v, path)
    out = tmp_path / "b.book.gz"
    wdl.write_value_book([path], out, depth=1, log=quiet)
    book = tables.Book.load(out, v)
    solver = Solver(v)
    assert book.depth == 1 and len(book.scores) == 1 + len(
        {ConnectGame.from_moves(m, variant=v).position_key() for m in firsts}
    )
    assert book.lookup(ConnectGame(v)) == solver.solve(ConnectGame(v))
    for m in firsts:
        g = ConnectGame.from_moves(m, variant=v)
        assert book.lookup(g) == solver.solve(g), m
    assert bk.main(["value-book", "--progress", str(path), "--depth", "1", "--out", str(tmp_path / "c.book.gz")]) == 0
    assert tables.Book.load(tmp_path / "c.book.gz", v).scores == book.scores


def test_value_book_refusals(tmp_path, capsys):
    path = tmp_path / "v.json"
    wdl.ValueRun(RED_WINS, 2, path, log=quiet).run()
    out = tmp_path / "r.book.gz"
    # the runs proved red wins the start, but not every first move's outcome
    with pytest.raises(ValueError, match=r"after 1 disc\(s\) everywhere: open at 1 \(open\), 3 \(open\), 4 \(open\);"):
        wdl.write_value_book([path], out, depth=1, log=quiet)
    # a proved win needs its exact score searched: refused when the budget is too small
    with pytest.raises(
        ValueError, match=r"the start: the runs proved red wins, but its exact score was not found within 1e-09 s"
    ):
        wdl.write_value_book([path], out, exact_budget=1e-9, log=quiet)
    for bad in (-1, True, 1.5, "1"):
        with pytest.raises(ValueError, match="depth"):
            wdl.write_value_book([path], out, depth=bad, log=quiet)
    for bad in (0, -2.0, True, "60"):
        with pytest.raises(ValueError, match="exact_budget"):
            wdl.write_value_book([path], out, exact_budget=bad, log=quiet)
    with pytest.raises(ValueError, match="depth 16: at most 15"):
        wdl.write_value_book([path], out, depth=16, log=quiet)
    assert not out.exists()
    assert bk.main(["value-book", "--progress", str(path), "--depth", "1", "--out", str(out)]) == 2
    assert "open at 1" in capsys.readouterr().err and not out.exists()
    wdl.write_value_book([path], out, log=quiet)  # depth 0: the win searched exactly
    assert (
        tables.Book.load(out, RED_WINS).lookup(ConnectGame(RED_WINS))
        == Solver(RED_WINS).solve(ConnectGame(RED_WINS))
        == 4
    )


def test_a_book_disagreeing_with_the_runs_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "v.json"
    firsts = _proved_after_every_first_move(DRAW, path)
    data = json.loads(path.read_text())
    b = board_for(DRAW)
    for m in firsts:  # forge: every first move loses for red, yet the start is a draw
        cur, mask, _ = b.from_game(ConnectGame.from_moves(m, variant=DRAW))
        data["settled"][f"{cur + mask:x}"] = [1, 1, m]
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data))
    monkeypatch.setattr(Solver, "solve_bits", lambda self, cur, mask, nb, weak=False: 3)
    with pytest.raises(ValueError, match=r"the start: backed up to -3, but the runs proved 0..0"):
        wdl.write_value_book([forged], tmp_path / "f.book.gz", depth=1, log=quiet)
    monkeypatch.setattr(Solver, "solve_bits", lambda self, cur, mask, nb, weak=False: -2)
    with pytest.raises(ValueError, match=r"1: the runs proved \+1, the exact search found the score -2"):
        wdl.write_value_book([forged], tmp_path / "f.book.gz", depth=1, log=quiet)
    assert not (tmp_path / "f.book.gz").exists()


def test_the_shipped_records_prove_5_en_raya_a_draw():
    from gamekit.connect import FIVE_IN_A_ROW
    from gamekit.connect import teach_pictures

    st = wdl.status(*teach_pictures.RECORDS)
    assert st["variant"] == FIVE_IN_A_ROW.name and st["start_bounds"] == [0, 0]
    assert st["first_move_bounds"]["4"] == [0, 0]
    assert all(hi <= 0 for lo, hi in st["first_move_bounds"].values())  # no first move of red wins


def test_under_maps_what_a_run_settled_below_a_position(tmp_path, capsys):
    path = tmp_path / "v.json"
    firsts = _proved_after_every_first_move(DRAW, path)
    tree = wdl.under([path], "")
    solver = Solver(DRAW)
    assert tree["position"] == "start" and tree["to move"] == "red" and tree["bounds"] == [0, 0]
    for c in firsts:  # every first move settled, from red's side, as solve says
        exact = -solver.solve(ConnectGame.from_moves(c, variant=DRAW))
        assert tree["drops"][c]["bounds"] == [sign(exact)] * 2
        assert set(tree["drops"][c]["replies"]) <= set("12345")
    one = wdl.under([path], "3", levels=1)
    assert one["to move"] == "yellow" and all("replies" not in e for e in one["drops"].values())
    for c, e in one["drops"].items():  # a reply's bounds, from yellow's side, never contradict solve
        lo, hi = e["bounds"]
        assert lo <= sign(-solver.solve(ConnectGame.from_moves("3" + c, variant=DRAW))) <= hi
    text = wdl.under_text(tree)
    assert text.splitlines()[0] == "after start (red to move): a draw (score 0)"
    assert all(line.split()[0].rstrip(":") in firsts for line in text.splitlines()[1:-1])
    assert bk.main(["value-status", "--progress", str(path), "--under", "3"]) == 0
    assert capsys.readouterr().out.startswith("after 3 (yellow to move): ")
    for bad, why in [("9", "under '9'"), (3, "under 3"), ("1111111", "under '1111111'")]:
        with pytest.raises(ValueError, match=why):
            wdl.under([path], bad)
    for bad in (0, 3, True, "2"):
        with pytest.raises(ValueError, match="levels"):
            wdl.under([path], "", levels=bad)
    with pytest.raises(ValueError, match="no progress file"):
        wdl.under([], "")


def test_under_knows_the_last_cell_and_a_completed_line_without_a_run(tmp_path):
    import random

    path = tmp_path / "v.json"
    wdl.ValueRun(DRAW, 0, path, log=quiet).run(questions=(-1,))
    assert wdl.under([path], "121212", levels=1)["drops"]["1"]["bounds"] == [1, 1]  # red's fourth in column 1
    for seed in range(200):  # a game of the 5×4 board one cell from full, nobody having won
        rng, g, moves = random.Random(seed), ConnectGame(DRAW), ""
        while not g.is_over() and g.discs_on_board < DRAW.cells - 1:
            moves += g.play(rng.choice(g.legal_moves()))
        if not g.is_over():
            break
    (c,) = g.legal_moves()
    g.play(c)
    expect = [1, 1] if g.winner() is not None else [0, 0]
    g.undo()
    assert wdl.under([path], moves, levels=1)["drops"][c]["bounds"] == expect


def test_reach_counts_what_the_proof_settles_at_each_depth(tmp_path, capsys):
    path = tmp_path / "v.json"
    firsts = _proved_after_every_first_move(DRAW, path)
    rows = wdl.reach([path], 2)
    assert [r["discs"] for r in rows] == [0, 1, 2]
    assert [r["positions"] for r in rows] == [len(lv) for lv in build.tree(DRAW, 2)]
    start = rows[0]  # every first move was settled: the start has every drop proved
    assert start["positions"] == 1 and start["all_exact"] == start["none_open"] == 1
    assert start["drops"] == start["drops_exact"] == len(firsts) and start["drops_open"] == 0
    for r in rows:  # the counts add up, and agree with the map `under` draws of the same runs
        assert r["drops_exact"] + r["drops_bounded"] + r["drops_open"] == r["drops"]
        assert r["all_exact"] <= r["none_open"] <= r["positions"]
    marks = {"exact": 0, "bounded": 0, "open": 0}
    for cur, mask, moves in build.tree(DRAW, 1)[1].values():
        for e in wdl.under([path], moves, levels=1)["drops"].values():
            lo, hi = e["bounds"]
            marks["exact" if lo == hi else "open" if (lo, hi) == (-1, 1) else "bounded"] += 1
    assert (rows[1]["drops_exact"], rows[1]["drops_bounded"], rows[1]["drops_open"]) == (
        marks["exact"],
        marks["bounded"],
        marks["open"],
    )
    assert bk.main(["value-status", "--progress", str(path), "--reach", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[0].startswith("| discs | positions |")
        and out[2] == f"| 0 | 1 | 1 | 1 | {len(firsts)}/{len(firsts)} | 0 | 0 |"
    )
    for bad in (-1, 6, True, "2", 1.0):
        with pytest.raises(ValueError, match="depth"):
            wdl.reach([path], bad)
    assert bk.main(["value-status", "--progress", str(path), "--reach", "9"]) == 2
    assert "depth 9" in capsys.readouterr().err
