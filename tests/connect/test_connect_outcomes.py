"""The outcome book: built as Dask tasks on a real LocalCluster (loopback), its verdicts equal the exact
solver's, a stopped run resumes without redoing settled positions, open positions keep true bounds and
are retried with a larger budget, bad inputs are refused before anything runs, and the shipped book is
what the Hint reads."""

import gzip

import pytest

pytest.importorskip("distributed")

from gamekit.connect import ConnectGame, FiveInARow, Variant
from gamekit.connect import book as bk
from gamekit.connect import outcome_builder as ob
from gamekit.connect import outcomes as oc
from gamekit.connect.rules import CONNECT_FOUR, FIVE_IN_A_ROW
from gamekit.connect.solver import Solver, outcome_bounds

TINY = Variant("4x4 three", 4, 4, 3)  # mirror-symmetric; red wins
SIDES = Variant("5x4 sides four", 5, 4, 4, sides=True)  # side columns as 5 en raya: no mirror symmetry


def truth(v: Variant, moves: str, solver: Solver) -> dict[str, int]:
    """Each legal drop's outcome for the player making it, by the exact solver."""
    g = ConnectGame.from_moves(moves, variant=v)
    out = {}
    for m in g.legal_moves():
        a = g.copy()
        a.play(m)
        if a.is_over():
            w = a.winner()
            out[m] = 0 if w is None else (1 if w == g.to_move else -1)
        else:
            s = solver.solve(a)
            out[m] = -((s > 0) - (s < 0))
    return out


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    c = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", host="127.0.0.1")
    yield c
    c.close()


def test_symmetry_is_used_only_where_the_grid_is_its_own_mirror_image():
    assert oc.mirror_symmetric(CONNECT_FOUR) and oc.mirror_symmetric(TINY)
    assert not oc.mirror_symmetric(FIVE_IN_A_ROW)  # red on the left, yellow on the right of each row
    assert not oc.mirror_symmetric(SIDES)
    # Connect Four after two discs: 49 positions, 25 up to mirror images (only 44 is its own image)
    assert sum(1 for _, _, d in ob.positions(CONNECT_FOUR, 2) if d == 2) == 25
    assert sum(1 for _, _, d in ob.positions(FIVE_IN_A_ROW, 2) if d == 2) == 49
    key = ConnectGame.from_moves("12", variant=TINY)
    from gamekit.connect.bitboard import board_for

    cur, mask, _ = board_for(TINY).from_game(key)
    mcur, mmask, _ = board_for(TINY).from_game(ConnectGame.from_moves("43", variant=TINY))
    assert oc.mirror_key(TINY, cur + mask) == mcur + mmask


def test_book_verdicts_equal_the_exact_solver_on_a_default_local_cluster(tmp_path):
    store = tmp_path / "tiny.sqlite"
    report = ob.build(TINY, 3, store, budget=30.0, progress=False)  # LocalCluster(2 workers, 1 thread)
    assert report["submitted"] == report["positions"] and not report["stopped"]
    st = oc.Store(store, TINY)
    rows = st.rows()
    assert len(rows) == report["positions"]
    solver = Solver(TINY)
    for r in rows:
        assert r["status"] == "settled"
        assert {m: lo for m, (lo, hi) in r["columns"].items()} == truth(TINY, r["moves"], solver), r["moves"]
    # exported and read back: the lookup answers every position, its mirror image with the columns mirrored
    out = tmp_path / "tiny.outcomes.gz"
    st.export(out, 3, "test")
    st.close()
    book = oc.OutcomeBook.load(out, TINY)
    for moves in ("", "2", "3", "21", "34", "114"):
        got = book.lookup(ConnectGame.from_moves(moves, variant=TINY))
        assert {m: lo for m, (lo, hi) in got.items()} == truth(TINY, moves, solver)
    assert book.lookup(ConnectGame.from_moves("1111", variant=TINY)) is None  # deeper than the book


def test_stopped_run_resumes_without_redoing_settled_positions(tmp_path, cluster):
    store = tmp_path / "sides.sqlite"
    first = ob.build(SIDES, 2, store, budget=30.0, scheduler=cluster.scheduler_address, max_positions=4, progress=False)
    assert first["submitted"] == 4 and first["finished"] == 4
    st = oc.Store(store, SIDES)
    before = {r["key"]: r for r in st.rows()}
    st.close()
    assert len(before) == 4 and {r["run"] for r in before.values()} == {first["run"]}
    second = ob.build(SIDES, 2, store, budget=30.0, scheduler=cluster.scheduler_address, progress=False)
    assert second["skipped"] == 4 and second["submitted"] == second["positions"] - 4
    st = oc.Store(store, SIDES)
    after = {r["key"]: r for r in st.rows()}
    assert len(after) == second["positions"]
    for k, r in before.items():  # written by the first run, not redone
        assert after[k]["run"] == first["run"] and after[k]["seconds"] == r["seconds"]
    solver = Solver(SIDES)
    for r in after.values():
        assert {m: lo for m, (lo, hi) in r["columns"].items()} == truth(SIDES, r["moves"], solver)
    st.close()
    third = ob.build(SIDES, 2, store, budget=30.0, scheduler=cluster.scheduler_address, progress=False)
    assert third["submitted"] == 0 and third["skipped"] == third["positions"]


def test_open_positions_keep_true_bounds_and_are_retried_with_a_larger_budget(tmp_path, cluster):
    store = tmp_path / "open.sqlite"
    v = Variant("5x4 four", 5, 4, 4)
    first = ob.build(v, 1, store, budget=1e-9, scheduler=cluster.scheduler_address, progress=False)
    assert first["open"] >= 1  # no search fits in a nanosecond
    st = oc.Store(store, v)
    solver = Solver(v)
    opened = [r for r in st.rows() if r["status"] == "open"]
    for r in st.rows():
        for m, val in truth(v, r["moves"], solver).items():
            lo, hi = r["columns"][m]
            assert lo <= val <= hi
    st.close()
    same = ob.build(v, 1, store, budget=1e-9, scheduler=cluster.scheduler_address, progress=False)
    assert same["submitted"] == 0  # open with this budget already: not again
    larger = ob.build(v, 1, store, budget=60.0, scheduler=cluster.scheduler_address, progress=False)
    assert larger["submitted"] == len(opened) and larger["open"] == 0
    st = oc.Store(store, v)
    assert all(r["status"] == "settled" for r in st.rows())
    st.close()


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"depth": -1}, "depth -1"),
        ({"depth": 13}, "depth 13"),
        ({"depth": "3"}, "depth '3'"),
        ({"depth": True}, "depth True"),
        ({"budget": 0}, "budget 0"),
        ({"budget": -5.0}, "budget -5.0"),
        ({"budget": "10"}, "budget '10'"),
        ({"budget": float("nan")}, "budget nan"),
        ({"scheduler": "localhost:8786"}, "scheduler 'localhost:8786'"),
        ({"scheduler": "http://host:8786"}, "scheduler 'http://host:8786'"),
        ({"scheduler": 8786}, "scheduler 8786"),
        ({"variant": "five"}, "variant 'five'"),
        ({"n_workers": 0}, "n_workers 0"),
        ({"max_positions": 0}, "max_positions 0"),
        ({"max_seconds": -1}, "max_seconds -1"),
        ({"from_discs": 3}, "from_discs 3"),
        ({"from_discs": -1}, "from_discs -1"),
    ],
)
def test_bad_inputs_are_refused_before_anything_runs(tmp_path, kwargs, words):
    store = tmp_path / "never.sqlite"
    args = {"variant": TINY, "depth": 2, "store": store, "budget": 5.0, **kwargs}
    with pytest.raises((ValueError, TypeError), match=words.replace("(", r"\(").replace("+", r"\+")):
        ob.build(**args)
    assert not store.exists()


def test_command_line_refusals_name_the_input(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    assert bk.main(["outcomes", "--variant", "4x4x3", "--depth", "-2", "--store", str(store)]) == 2
    assert "depth -2" in capsys.readouterr().err
    assert bk.main(["outcomes", "--variant", "4x4x3", "--depth", "2", "--budget", "0", "--store", str(store)]) == 2
    assert "budget 0" in capsys.readouterr().err
    assert (
        bk.main(["outcomes", "--variant", "4x4x3", "--depth", "2", "--scheduler", "nowhere", "--store", str(store)])
        == 2
    )
    assert "scheduler 'nowhere'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bk.main(["outcomes", "--variant", "9x9x9x9", "--depth", "2", "--store", str(store)])
    assert "use five, four or COLUMNSxROWSxWIN" in capsys.readouterr().err
    assert not store.exists()
    oc.Store(store, TINY).close()  # a store of another variant is refused
    assert bk.main(["outcomes", "--variant", "5x4x4", "--depth", "1", "--store", str(store)]) == 2
    assert "a store of 4x4 three" in capsys.readouterr().err
    assert bk.main(["outcomes-status", "--store", str(tmp_path / "none.sqlite")]) == 2
    assert "no such store file" in capsys.readouterr().err


def test_a_damaged_book_is_refused(tmp_path):
    path = tmp_path / "b.gz"
    st = oc.Store(tmp_path / "s.sqlite", TINY)
    st.put(
        {"key": 1, "moves": "", "discs": 0, "columns": {"1": (0, 0)}, "seconds": 0.0, "nodes": 0, "budget": 1.0}, "r"
    )
    st.export(path, 0, "test")
    st.close()
    raw = gzip.decompress(path.read_bytes()).replace(b"1:0:0", b"1:1:1")
    path.write_bytes(gzip.compress(raw))
    with pytest.raises(oc.OutcomeError, match="checksum mismatch"):
        oc.OutcomeBook.load(path)
    with pytest.raises(oc.OutcomeError, match="no such outcome book"):
        oc.OutcomeBook.load(tmp_path / "missing.gz")


def test_shipped_book_holds_every_opening_position_and_outcome_bounds_read_it():
    book = oc.outcome_book_for(FIVE_IN_A_ROW)
    assert book is not None and book.depth == 3
    assert book.header["positions"] == len(book.entries) == len(ob.positions(FIVE_IN_A_ROW, 3))
    assert "outcomes" in book.header["command"] and book.header["variant"]["name"] == FiveInARow.variant.name
    # outcome_bounds (what the Hint, Hard and the review read without search) is never looser than the book
    for _, moves, d in ob.positions(FIVE_IN_A_ROW, 3):
        g = ConnectGame.from_moves(moves, variant=FIVE_IN_A_ROW)
        got = outcome_bounds(g)
        for m, (lo, hi) in book.lookup(g).items():
            assert lo <= got[m][0] and got[m][1] <= hi, (moves, m)
    assert book.lookup(ConnectGame.from_moves("4444", variant=FIVE_IN_A_ROW)) is None  # deeper than the book


def test_the_hint_shows_what_the_book_settled_beyond_the_value_runs_records():
    # after 4-4 red's column 5 loses: the value runs' records hold 4-4-5-2 as lost for red but never carried it
    # up (alone they only say "no win" there); the build's propagation did
    from gamekit.connect.bitboard import board_for
    from gamekit.connect.tables import proved_bounds
    from gamekit.connect.widget import ConnectWidget

    g = ConnectGame.from_moves("44", variant=FIVE_IN_A_ROW)
    assert oc.outcome_book_for(FIVE_IN_A_ROW).lookup(g)["5"] == (-1, -1)
    cur, mask, _ = board_for(FIVE_IN_A_ROW).from_game(ConnectGame.from_moves("445", variant=FIVE_IN_A_ROW))
    lo, hi = proved_bounds(FIVE_IN_A_ROW).get(cur + mask, (-1, 1))
    assert (-hi, -lo) == (-1, 0)
    assert outcome_bounds(g)["5"] == (-1, -1)
    w = ConnectWidget("five", mode="people", hints=True, hint_budget=0.05)
    for m in "44":
        w.game.play(m)
    w.refresh()
    w.hint()
    text, kind = w.verdicts[w.game.grid_column(5)]
    assert kind == "loss" and text.startswith("loses"), (text, kind)


def test_only_the_deepest_level_searched_settles_the_shallower_ones(tmp_path, cluster):
    store = tmp_path / "deep.sqlite"
    report = ob.build(TINY, 3, store, budget=30.0, scheduler=cluster.scheduler_address, from_discs=3, progress=False)
    assert report["submitted"] == sum(1 for _, _, d in ob.positions(TINY, 3) if d == 3)
    st = oc.Store(store, TINY)
    solver = Solver(TINY)
    shallow = [r for r in st.rows() if r["discs"] < 3]
    assert shallow and all(r["budget"] == 0 for r in shallow)  # never searched
    for r in st.rows():
        assert r["status"] == "settled"
        assert {m: lo for m, (lo, hi) in r["columns"].items()} == truth(TINY, r["moves"], solver), r["moves"]
    st.close()
