"""Results kept across processes (the Practice pools): computed once, read by every other process of the run."""

import os
import subprocess
import sys
from pathlib import Path

from gamekit.puzzles.store import SHARED_CACHE, kept, source_digest

ROOT = Path(__file__).resolve().parents[2]


def counting(value):
    calls = []

    def compute():
        calls.append(1)
        return value

    return compute, calls


def test_a_kept_result_is_computed_once_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv(SHARED_CACHE, str(tmp_path))
    compute, calls = counting(("pool", [1, 2, 3]))
    assert kept("a name", compute) == ("pool", [1, 2, 3])
    assert kept("a name", compute) == ("pool", [1, 2, 3])
    assert len(calls) == 1
    other, other_calls = counting("other")
    assert kept("another name", other) == "other" and len(other_calls) == 1  # a name of its own
    assert {p.parent.name for p in tmp_path.rglob("*.pickle")} == {source_digest()}


def test_without_the_folder_each_call_computes(monkeypatch):
    monkeypatch.delenv(SHARED_CACHE, raising=False)
    compute, calls = counting(7)
    assert kept("a name", compute) == 7 and kept("a name", compute) == 7
    assert len(calls) == 2


def test_a_damaged_file_is_computed_again_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setenv(SHARED_CACHE, str(tmp_path))
    kept("a name", lambda: "first")
    (stored,) = tmp_path.rglob("*.pickle")
    stored.write_bytes(b"not a pickle")
    compute, calls = counting("again")
    assert kept("a name", compute) == "again" and len(calls) == 1
    assert kept("a name", compute) == "again" and len(calls) == 1  # the file was written again


def test_another_process_reads_the_result_instead_of_computing_it(tmp_path, monkeypatch):
    monkeypatch.setenv(SHARED_CACHE, str(tmp_path))
    kept("a name", lambda: "from the first process")
    script = (
        "from gamekit.puzzles.store import kept\n"
        "def compute():\n    raise SystemExit('computed again')\n"
        "print(kept('a name', compute))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", script], env=env, check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "from the first process"


def test_a_practice_pool_read_from_the_folder_is_the_one_chosen_here(tmp_path, monkeypatch):
    from gamekit.puzzles import pools

    def not_again(game_id, theme):
        raise AssertionError("chosen again instead of read")

    monkeypatch.delenv(SHARED_CACHE, raising=False)
    pools.chosen_pool.cache_clear()
    try:
        here = pools.practice_pool("connect_four", "zugzwang")
        monkeypatch.setenv(SHARED_CACHE, str(tmp_path))
        pools.chosen_pool.cache_clear()
        stored = pools.practice_pool("connect_four", "zugzwang")  # chosen again, and written
        pools.chosen_pool.cache_clear()
        monkeypatch.setattr(pools, "_choose_pool", not_again)
        read = pools.practice_pool("connect_four", "zugzwang")  # read back
    finally:
        pools.chosen_pool.cache_clear()
    assert len(list(tmp_path.rglob("*.pickle"))) == 1
    assert here == stored == read and [str(p.position) for p in read] == [str(p.position) for p in here]
