"""The order in which `make test` hands out its files (tests/testing_order.py): every file once, the waiting files
(browsers, servers, Binder) mixed with the busy ones from the start, and none of them left for the end."""

from testing_order import BUSY_FIRST, LONG_FIRST, run_order  # tests/ is on the path: conftest.py

BUSY = [f"tests/game/test_busy_{i}.py" for i in range(40)]
WAITING = [f"tests/browser/test_page_{i}.py" for i in range(10)]


def suite() -> list[str]:
    """A collection order like the suite's: the browser files before the busy ones, the long files among them."""
    return (
        WAITING[:5]
        + [LONG_FIRST[3], *LONG_FIRST[:3]]
        + WAITING[5:]
        + BUSY[:20]
        + [*BUSY_FIRST, *LONG_FIRST[4:]]
        + BUSY[20:]
    )


def test_every_file_is_handed_out_once():
    files = suite()
    order = run_order(files, set(WAITING))
    assert sorted(order) == sorted(files)
    assert len(order) == len(set(order))


def test_the_long_waiting_files_alternate_with_the_long_busy_ones_first():
    order = run_order(suite(), set(WAITING))
    n = len(LONG_FIRST)
    assert order[0 : 2 * n : 2] == list(LONG_FIRST)
    assert order[1 : 2 * n : 2] == list(BUSY_FIRST[:n])


def test_the_other_waiting_files_are_spread_out_and_the_run_ends_on_busy_files():
    order = run_order(suite(), set(WAITING))
    rest = order[2 * len(LONG_FIRST) :]
    waits = [n for n, f in enumerate(rest) if f in WAITING]
    assert [rest[n] for n in waits] == WAITING  # in their collection order
    assert all(b - a >= 2 for a, b in zip(waits, waits[1:]))  # never two waiting files in a row
    assert not set(order[-len(BUSY) // 5 :]) & set(WAITING)  # the last fifth: busy files only
    assert [f for f in order if f in BUSY] == BUSY  # the busy files keep their order


def test_without_waiting_files_only_the_long_busy_ones_move_to_the_front():
    files = ["tests/test_a.py", BUSY_FIRST[1], "tests/test_b.py", BUSY_FIRST[0]]
    assert run_order(files, set()) == [BUSY_FIRST[0], BUSY_FIRST[1], "tests/test_a.py", "tests/test_b.py"]
    assert run_order([], set()) == []
