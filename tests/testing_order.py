"""The order in which `make test` hands its files to the workers (conftest.py; docs/test-timing.md, "The order of
the files").  Only when each file starts changes, never what it tests."""

# The longest test files first, longest first (seconds of one worker in clean-clone `.ci/run`s, docs/test-timing.md:
# the room workers about 136, Binder's fresh environment 90–118, axe on every lesson about 100, the keyboard walks
# about 60, then the browser files whose first test pays JupyterLab's first load; they mostly wait on servers,
# browsers and timeouts).  `make test` hands whole files to its workers in the order below (`--dist loadfile
# --no-loadscope-reorder`: each worker is sent two files to start with, then the next file whenever it finishes
# one), so the long files start at once and the many short files fill in behind them; xdist's default reorder
# puts the files with the most tests first, which left the Binder file, with few but long tests, to start last and
# end the run minutes after the rest.  A file's place here changes only when it starts, never what it tests.
LONG_FIRST = (
    "tests/rooms/test_workers.py",
    "tests/test_binder.py",
    "tests/browser/test_axe_browser.py",
    "tests/browser/test_accessibility_browser.py",
    "tests/browser/test_join_class_browser.py",
    "tests/browser/test_shutbox_browser.py",
    "tests/rooms/test_groups_class_browser.py",
    "tests/browser/test_pupil_session_browser.py",
)

# The longest of the files that keep a core busy (solvers, Practice sets, lessons run in kernels: docs/test-timing.md),
# longest first, so that none of them is left to start near the end of the run.
BUSY_FIRST = (
    "tests/puzzles/test_practice.py",
    "tests/dots/test_solver.py",
    "tests/test_lessons_shared.py",
    "tests/test_spanish_lessons.py",
    "tests/puzzles/test_build.py",
    "tests/puzzles/test_shut_bank_balance.py",
    "tests/test_architecture.py",
    "tests/connect/test_connect_prove_soundness.py",
)


def run_order(files: list[str], waiting: set[str]) -> list[str]:
    """The order in which the workers get the files.  More workers than cores share the two cores, and the files
    that mostly wait (browser pages, servers, the Binder build) use a fifth to a third of a core each: with them all
    at the start (the collection order puts tests/browser first), the workers waited together and the cores were
    idle for much of that time, then the busy files ran three to two cores.  So the long waiting files alternate with
    the long busy ones, and the other waiting files are spread evenly over the first four fifths of the busy ones:
    some workers wait while the others use the cores, and the run ends on short busy files."""

    def first(names: tuple[str, ...], among: list[str]) -> list[str]:
        return [f for f in names if f in among] + [f for f in among if f not in names]

    waits = first(LONG_FIRST, [f for f in files if f in waiting or f in LONG_FIRST])
    busy = first(BUSY_FIRST, [f for f in files if f not in waits])
    head = min(len(LONG_FIRST), len(waits), len(busy))
    order = [f for pair in zip(waits[:head], busy[:head]) for f in pair]
    waits, busy = waits[head:], busy[head:]
    span = 4 * len(busy) // 5
    for j, f in enumerate(busy):
        order += [w for i, w in enumerate(waits) if i * span // max(len(waits), 1) == j] + [f]
    return order + [w for i, w in enumerate(waits) if i * span // max(len(waits), 1) >= len(busy)]
